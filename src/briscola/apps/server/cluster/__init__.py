"""Several server processes sharing the tables, a part the rooms know nothing about.

``briscola serve --workers N`` (:mod:`.workers`) puts nginx in front of N processes, which sends
every request and socket naming a table (:data:`TABLE_PATH`) to one process by a consistent hash
of the table's id; nothing of a connection ever crosses to another process. Here, in each
process, what remains to share:

- **Who plays a table** (:mod:`.leases`): the process holding its lease, a row of
  ``briscola_leases``. The rooms are given this process's :class:`Leases` (None with one
  process) and call their ``take`` and ``release``, nothing else: no module of the server's core
  imports this package; the app puts it together (``tests/core/test_layers.py``).
- **Moving a table** (:mod:`.handoffs`) to the process nginx sends its people to (the request
  that made it reached another one; nginx's choice changed as a process died or came back):
  before the app serves a table's request or socket (:class:`ClusterMiddleware`),
  :meth:`Cluster.hold` asks the live holder, over Redis pub/sub, to hand it over (its room lets
  go, everything being stored before it is shown, and closes its sockets with 1012 so that they
  come back through nginx), or waits for a dead holder's lease to expire; the table then loads
  here from storage. A connection not served within :data:`HOLD_SECONDS` is told to try again:
  a socket is accepted and closed with 1013, a request gets 503 ``table_moved``.

Redis rather than PostgreSQL's LISTEN/NOTIFY: SQLite, the default database, has none, and
``--workers N`` with SQLite on one machine is the common case. Only a table's id, a process's
name and a request id cross it. Enabled when the ``redis`` setting names a Redis; what this
part reads of the settings (``redis``, ``process``, ``supervisor``) it reads from the one
:class:`~briscola.apps.server.settings.Settings`.
"""

from __future__ import annotations

from briscola.apps.server.cluster.handoffs import (
    HOLD_SECONDS,
    TABLE_PATH,
    Cluster,
    ClusterMiddleware,
)
from briscola.apps.server.cluster.leases import (
    LEASE_SECONDS,
    RENEW_SECONDS,
    Leases,
    lease_table,
    process_leases,
)

__all__ = ["HOLD_SECONDS", "LEASE_SECONDS", "RENEW_SECONDS", "TABLE_PATH", "Cluster"]
__all__ += ["ClusterMiddleware", "Leases", "lease_table", "process_leases"]
