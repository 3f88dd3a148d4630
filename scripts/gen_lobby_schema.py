"""Write docs/lobby-protocol.schema.json, the JSON Schema of the lobby socket's messages
(``/ws/lobby``), from their declarations (src/briscola/apps/server/lobby/messages.py).

    python scripts/gen_lobby_schema.py           # rewrite it
    python scripts/gen_lobby_schema.py --check   # exit 1 if it is stale

tests/server/test_lobby_pool.py makes the same check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from briscola.apps.server.lobby.messages import SCHEMA_DOC, schema_text

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / SCHEMA_DOC


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check`` only compare) the schema; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale file")
    args = parser.parse_args(argv)
    old = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    new = schema_text()
    if new == old:
        return 0
    print(f"{SCHEMA_DOC}: {'out of date' if args.check else 'rewritten'}")
    if args.check:
        return 1
    TARGET.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
