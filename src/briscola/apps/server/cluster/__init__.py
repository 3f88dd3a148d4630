"""Several server processes sharing the tables, a part the rooms know nothing about
(docs/operations.md, "Several processes and machines", says it in full).

``briscola serve --workers N`` (:mod:`.workers`) puts nginx in front of N processes; it sends
every request and socket naming a table (:data:`.handoffs.TABLE_PATH`) to one process by a
consistent hash of the table's id. A table is played by the process holding its lease
(:mod:`.leases`; the app gives the rooms its ``take`` and ``release`` as their ``hold`` and
``let_go``, nothing else), and moves, over Redis, to the process nginx now sends its people to
(:mod:`.handoffs`). Enabled when the ``redis`` setting names a Redis.
"""
