"""The game server under load (issue 12): N tables of one person against computer players.

    .venv/bin/python scripts/load_bench.py --tables 1000 --level simple
    .venv/bin/python scripts/load_bench.py --tables 100 --level champion --bot-workers 2
    .venv/bin/python scripts/load_bench.py --tables 20 --level champion --bot-workers 0
    .venv/bin/python scripts/load_bench.py --tables 1000 --ramp 0        # all at once: the burst
    .venv/bin/python scripts/load_bench.py --tables 200 --saturate --workers 2

Starts ``briscola serve`` on a free port with a fresh database, has the tables arrive over
``--ramp`` seconds (30 by default), plays ``--seconds`` more, and reports acknowledgement and
computer-move latencies, errors, moves a second and the server's memory and CPU, for the whole
run, the arrival and the steady state
(:mod:`briscola.tools.bench.load`; figures in docs/operations.md).
"""

from __future__ import annotations

import sys

from briscola.tools.bench.load import main

if __name__ == "__main__":
    sys.exit(main())
