"""Training the neural level's network: ``briscola train`` (docs/training.md).

A warm start by behaviour cloning of the compiled medium policy (:mod:`.kernels`), then rounds of
expert iteration: the network plays every seat, the champion's search labels each move
(:mod:`.selfplay`), the network learns the search's policy and value (:mod:`.loop`, :mod:`.net`).
The trained weights run without the training library in :mod:`briscola.bots.neural`. PyTorch is
the ``train`` extra; only :mod:`.net` and :mod:`.loop` need it, on use.
"""
