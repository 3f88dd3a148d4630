"""``python -m briscola.tools.arena``: the arena's command line."""

from briscola.tools.arena.cli import main

if __name__ == "__main__":
    main()
