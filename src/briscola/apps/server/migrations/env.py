"""Alembic's environment: the migrations run on the connection that
:func:`briscola.apps.server.store.migrate` gives, inside its transaction (its lock taken)."""

from alembic import context

if hasattr(context, "config"):  # run by Alembic (importing the module, for its doctests, runs none)
    context.configure(connection=context.config.attributes["connection"], target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()
