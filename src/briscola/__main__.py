"""``python -m briscola``: the ``briscola`` command."""

from briscola.cli import main

if __name__ == "__main__":
    main()
