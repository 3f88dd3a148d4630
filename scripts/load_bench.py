"""The game server under load (issue 12): N tables of one person against computer players.

    .venv/bin/python scripts/load_bench.py --tables 1000 --level simple
    .venv/bin/python scripts/load_bench.py --tables 100 --level champion --bot-workers 2
    .venv/bin/python scripts/load_bench.py --tables 20 --level champion --bot-workers 0

Starts ``briscola serve`` on a free port with a fresh database and reports acknowledgement and
computer-move latencies, errors, moves a second and the server's memory
(:mod:`briscola.tools.bench.load`; figures in docs/operations.md).
"""

from __future__ import annotations

import sys

from briscola.tools.bench.load import main

if __name__ == "__main__":
    sys.exit(main())
