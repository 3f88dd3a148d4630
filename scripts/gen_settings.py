"""Write docs/operations.md's table of the server's settings from its Settings model
(src/briscola/apps/server/settings.py).

    python scripts/gen_settings.py           # rewrite the table
    python scripts/gen_settings.py --check   # exit 1 if it is out of date

tests/server/test_settings.py makes the same check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from briscola.apps.server.settings import replace_table

DOC = Path(__file__).resolve().parent.parent / "docs" / "operations.md"


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check`` only compare) the table; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale table")
    args = parser.parse_args(argv)
    old = DOC.read_text(encoding="utf-8")
    new = replace_table(old)
    if new == old:
        return 0
    if args.check:
        print("docs/operations.md: out of date (python scripts/gen_settings.py)")
        return 1
    DOC.write_text(new, encoding="utf-8")
    print("docs/operations.md: rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
