"""Write the JSON Schemas of the server's two WebSocket protocols from their declarations:
docs/web-protocol.schema.json (a table's socket, src/briscola/apps/server/protocol.py) and
docs/lobby-protocol.schema.json (the lobby's ``/ws/lobby``, apps/server/lobby/messages.py).

    python scripts/gen_protocol_schema.py           # rewrite the stale ones
    python scripts/gen_protocol_schema.py --check   # exit 1 if one is stale

tests/server/test_protocol_doc.py and tests/server/test_lobby_pool.py make the same check.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from briscola.apps.server import protocol
from briscola.apps.server.lobby import messages

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS: dict[str, Callable[[], str]] = {
    "docs/web-protocol.schema.json": protocol.schema_text,
    messages.SCHEMA_DOC: messages.schema_text,
}


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check`` only compare) each schema; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale file")
    args = parser.parse_args(argv)
    stale = 0
    for name, schema_text in SCHEMAS.items():
        target = ROOT / name
        old = target.read_text(encoding="utf-8") if target.exists() else ""
        new = schema_text()
        if new == old:
            continue
        print(f"{name}: {'out of date' if args.check else 'rewritten'}")
        stale += 1
        if not args.check:
            target.write_text(new, encoding="utf-8")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
