"""The server's schema migrations (Alembic): ``env.py`` and ``versions/``, run by
:func:`briscola.apps.server.store.migrate` when a :class:`~briscola.apps.server.store.Storage`
opens (no ``alembic.ini``: the configuration is made in code)."""
