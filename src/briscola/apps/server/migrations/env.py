"""Alembic's environment: runs the migrations on the connection that
:func:`briscola.apps.server.store.migrate` gives (``config.attributes["connection"]``), inside
the transaction it holds (with its lock taken)."""

from __future__ import annotations

from alembic import context


def run() -> None:
    """Run the migrations that the database lacks, on the connection given."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (importing the module, for its doctests, runs none)
    run()
