"""What a crash test checks, on the database of a server just killed: every stored table replays
from its seed (the same decks, every action legal and made by the seat to act, no deal's actions
without the deal), and nothing a client saw acknowledged is missing.

The database is read with plain SQL (not through the server's storage code), and each table is
replayed with its decks dealt again from its seed, so a stored deck that differs from the seed's
is caught too.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Engine

from briscola.core.cards import format_cards
from briscola.core.rules import Ruleset
from briscola.session.table import Seat, Table

__all__ = ["Acknowledged", "Checker", "Snapshot", "StoredRows"]


@dataclass
class StoredRows:
    """One table's rows as the database holds them."""

    row: tuple[Any, ...]  # ruleset, match format, seed, started
    seats: list[tuple[Any, ...]] = field(default_factory=list)  # seat, kind, bot, joined, hash
    deals: dict[int, tuple[int, str]] = field(default_factory=dict)  # number: dealer, deck
    actions: dict[int, list[tuple[int, int, str]]] = field(default_factory=dict)  # deal: rows

    def key(self) -> str:
        """The rows' content, to see whether they changed since the last check."""
        return repr(
            (self.row, self.seats, sorted(self.deals.items()), sorted(self.actions.items()))
        )


@dataclass
class Acknowledged:
    """What the clients of one table saw acknowledged: the table (its id), the seats' tokens,
    the start, and the longest list of actions seen in each deal."""

    table_id: str
    tokens: dict[int, str]
    started: bool
    seen: dict[int, list[str]]


@dataclass
class Snapshot:
    """The database after a kill: each table's rows, and each table as rebuilt from its seed."""

    tables: dict[str, StoredRows]
    rebuilt: dict[str, Table]

    def last_deal(self, table_id: str) -> tuple[int, list[str]] | None:
        """The number and the stored actions of a table's last stored deal, or None."""
        rows = self.tables.get(table_id)
        if rows is None or not (rows.deals or rows.actions):
            return None
        number = max([*rows.deals, *rows.actions])
        return number, [a for _, _, a in rows.actions.get(number, [])]

    def describe(self, table_id: str) -> str:
        """The table as stored, in short: started, its seats, its deals' actions, who is to act
        (what a table that did not finish says about itself)."""
        rows = self.tables.get(table_id)
        if rows is None:
            return "not stored"
        seats = ", ".join(
            f"{seat}:{kind}{f'/{bot}' if bot else ''}{'' if joined else '/not joined'}"
            f"{'' if token_hash else '/no token'}"
            for seat, kind, bot, joined, token_hash in rows.seats
        )
        actions = {deal: len(a) for deal, a in sorted(rows.actions.items())}
        table = self.rebuilt.get(table_id)
        turn = None if table is None else table.to_act()
        status = None if table is None else table.status
        return (
            f"stored: started {rows.row[3]}, seats {seats}, deals {sorted(rows.deals)}, "
            f"actions by deal {actions}, rebuilt: status {status}, seat {turn} to act"
        )

    def hand(self, table_id: str, seat: int) -> list[str] | None:
        """The hand of ``seat`` in the table as stored, or None."""
        table = self.rebuilt.get(table_id)
        obs = table.observation(seat) if table is not None else None
        return None if obs is None else [str(c) for c in obs.hand]


def read(engine: Engine) -> dict[str, StoredRows]:
    """Every table's rows."""
    tables: dict[str, StoredRows] = {}
    with engine.connect() as conn:
        for r in conn.execute(_SQL["tables"]):
            tables[str(r[0])] = StoredRows((r[1], r[2], r[3], bool(r[4])))
        for r in conn.execute(_SQL["seats"]):
            tables[str(r[0])].seats.append(tuple(r[1:]))
        for r in conn.execute(_SQL["deals"]):
            tables[str(r[0])].deals[int(r[1])] = (int(r[2]), str(r[3]))
        for r in conn.execute(_SQL["actions"]):
            action = (int(r[2]), int(r[3]), str(r[4]))
            tables[str(r[0])].actions.setdefault(int(r[1]), []).append(action)
    return tables


_SQL = {
    "tables": text("SELECT id, ruleset, match_format, seed, started FROM briscola_tables"),
    "seats": text(
        "SELECT table_id, seat, kind, bot, joined, token_hash FROM briscola_seats"
        " ORDER BY table_id, seat"
    ),
    "deals": text("SELECT table_id, number, dealer, deck FROM briscola_deals"),
    "actions": text(
        "SELECT table_id, deal, number, seat, action FROM briscola_actions"
        " ORDER BY table_id, deal, number"
    ),
}


def replay(rows: StoredRows) -> Table:
    """The table replayed from its seed (every deck dealt again); raises ``ValueError`` with
    what is wrong when the rows are not an exact record of a game."""
    ruleset_json, match_format, seed, started = rows.row
    numbers = sorted({*rows.deals, *rows.actions})
    if numbers != list(range(len(numbers))):
        raise ValueError(f"deals {numbers} are not numbered from 0")
    if numbers and not started:
        raise ValueError("a table not started has deals")
    for number in rows.actions:
        if number not in rows.deals:
            raise ValueError(f"the actions of deal {number} are stored without the deal")
    deals: list[tuple[int | None, None, list[str]]] = []
    for number in numbers:
        taken = rows.actions.get(number, [])
        if [n for n, _, _ in taken] != list(range(len(taken))):
            raise ValueError(f"deal {number}: an action is missing")
        deals.append((None, None, [a for _, _, a in taken]))
    seats = [Seat(kind, "", bot, bool(joined)) for _, kind, bot, joined, _ in rows.seats]
    table = Table.rebuild(
        Ruleset.from_dict(json.loads(ruleset_json)), seats, match_format, seed, deals,
        started=started,
    )  # fmt: skip
    for number in numbers:
        dealer, deck = rows.deals[number]
        dealt = table.deals[number]
        if (dealer, deck) != (dealt.dealer, format_cards(dealt.deck)):
            raise ValueError(f"deal {number}: the stored deck is not the one dealt from the seed")
        stored_seats = [s for _, s, _ in rows.actions.get(number, [])]
        if stored_seats != list(dealt.seats):
            raise ValueError(f"deal {number}: an action is stored for a seat not to act")
    return table


@dataclass
class Checker:
    """Checks each snapshot; counts what it checked and lists what is wrong."""

    tables_checked: int = 0
    actions_replayed: int = 0
    actions_acknowledged: int = 0
    problems: list[str] = field(default_factory=list)
    losses: int = 0
    _verified: dict[str, str] = field(default_factory=dict)
    _rebuilt: dict[str, Table] = field(default_factory=dict)

    def check(self, engine: Engine, acknowledged: list[Acknowledged]) -> Snapshot:
        """Check the database against itself (every table) and against what the clients saw."""
        tables = read(engine)
        for tid, rows in tables.items():
            key = rows.key()
            if self._verified.get(tid) == key:
                continue  # the same rows as already checked
            self.tables_checked += 1
            try:
                self._rebuilt[tid] = replay(rows)
            except ValueError as exc:
                self.problems.append(f"table {tid}: {exc}")
                continue
            self.actions_replayed += sum(len(a) for a in rows.actions.values())
            self._verified[tid] = key
        for ack in acknowledged:
            self._compare(ack, tables.get(ack.table_id))
        return Snapshot(tables, dict(self._rebuilt))

    def _compare(self, ack: Acknowledged, rows: StoredRows | None) -> None:
        tid = ack.table_id
        if rows is None:
            self.losses += 1
            self.problems.append(f"table {tid} was acknowledged but is not stored")
            return
        hashes = {seat: token_hash for seat, _, _, _, token_hash in rows.seats}
        for seat, token in ack.tokens.items():
            if hashes.get(seat) != hashlib.sha256(token.encode()).hexdigest():
                self.losses += 1
                self.problems.append(f"table {tid}: the token of seat {seat} is lost")
        if ack.started and not rows.row[3]:
            self.losses += 1
            self.problems.append(f"table {tid}: its acknowledged start is lost")
        for deal, seen in ack.seen.items():
            stored = [a for _, _, a in rows.actions.get(deal, [])]
            self.actions_acknowledged += len(seen)
            if stored[: len(seen)] != seen:
                lost = len(seen) - len(_common_prefix(stored, seen))
                self.losses += lost
                self.problems.append(f"table {tid}, deal {deal}: {lost} acknowledged actions lost")


def _common_prefix(a: list[str], b: list[str]) -> list[str]:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]
