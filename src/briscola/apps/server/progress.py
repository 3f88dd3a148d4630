"""What storage holds of a room's table, and what it lacks: the deals with a row and the actions
stored of each deal (:class:`Saved`). A room asks it, after every change, for the
:class:`~briscola.apps.server.storage.Progress` to write, and notes it once it is committed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from briscola.apps.server.storage import Progress, StoredSeat
from briscola.core.cards import format_cards
from briscola.session.table import Table

__all__ = ["Saved"]


class Saved:
    """What storage holds of a table: which deals have their row, how many actions of each.

    ``saved``: for each deal of ``table``, whether storage has its row and how many of its actions
    (default: everything the table holds is stored).
    """

    def __init__(self, table: Table, saved: Sequence[tuple[bool, int]] | None = None) -> None:
        stored = list(saved) if saved is not None else [(True, len(d.actions)) for d in table.deals]
        self.rows = {i for i, (row, _) in enumerate(stored) if row}
        self.counts: list[int] = [n for _, n in stored]

    def unsaved(
        self, table_id: str, table: Table, started: bool, seats: Sequence[StoredSeat]
    ) -> tuple[Progress, Callable[[], None]]:
        """What storage lacks of ``table`` (with ``started`` and the changed ``seats``), and what
        to call once it is stored."""
        deals: list[tuple[int, int, str]] = []
        actions: list[tuple[int, int, int, str]] = []
        for i, deal in enumerate(table.deals):
            if i not in self.rows:
                deals.append((i, deal.dealer, format_cards(deal.deck)))
            saved = self.counts[i] if i < len(self.counts) else 0
            actions.extend(
                (i, k, deal.seats[k], str(deal.actions[k])) for k in range(saved, len(deal.actions))
            )
        counts = [len(deal.actions) for deal in table.deals]
        rows = {d[0] for d in deals}

        def stored() -> None:
            self.rows.update(rows)
            self.counts = counts

        return Progress(table_id, started, tuple(seats), tuple(deals), tuple(actions)), stored
