"""The ``briscola`` command (Typer): play, serve, engine, arena, bench, score."""

from briscola.apps.cli.commands import app, main

__all__ = ["app", "main"]
