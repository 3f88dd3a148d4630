"""Write the docs derived from the options registry (src/briscola/core/options.py).

    python scripts/gen_options.py           # rewrite README.md's options table and the ruleset
                                            # part of docs/protocol.schema.json
    python scripts/gen_options.py --check   # exit 1, naming the stale file, if either is stale

tests/core/test_options.py makes the same check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from briscola.core.option_docs import replace_table, schema_text

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {
    ROOT / "README.md": replace_table,
    ROOT / "docs" / "protocol.schema.json": schema_text,
}


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or with ``--check`` only compare) every generated file; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = []
    for path, render in TARGETS.items():
        old = path.read_text(encoding="utf-8")
        new = render(old)
        if new == old:
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{path}: {'out of date' if args.check else 'rewritten'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
