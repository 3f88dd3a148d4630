"""``python -m briscola``: the ``briscola`` command."""

from briscola.apps.cli.commands import main

if __name__ == "__main__":
    main()
