"""``python -m briscola.arena``: the arena's command line."""

from briscola.arena.cli import main

if __name__ == "__main__":
    main()
