"""The ``state`` messages of a room, made so that what every seat shares is made once.

A change (a card played, a seat that joined...) is sent to every connected seat as a ``state``
message of its own: the seat's observation is its own, but the table's public information, the
change's events, the card points and the flow's fields are the same for every seat. So
:meth:`Views.shared` makes them once per change, already as JSON text (``orjson.Fragment``), and
:meth:`Views.message` adds each seat's observation; the ruleset's data is made once per table,
the standing once per deal. Each message is, key for key, the table's public information and
the seat's observation made afresh (tests/server/test_views.py). A spectator's message (``seat``
None) has the public view of the deal (:func:`~briscola.session.audience.public_view`), no host,
no invitation. The keys are put together by :func:`~briscola.session.envelope.state_message`, as
the offline game's are (:mod:`briscola.session.local`).

>>> from briscola.core.rules import preset
>>> from briscola.session.table import Seat, Table
>>> table = Table(preset("classic"), [Seat.human("Anna"), Seat.computer("random")], seed=5)
>>> events = table.start()
>>> views = Views(table, "t1", hints=False)
>>> import orjson
>>> shared = views.shared(events, flow={"speed": "normal"})
>>> orjson.loads(orjson.dumps(shared.table)) == {"table_id": "t1", **table.public_info(),
...                                              "hints": False}
True
>>> message = views.message(0, shared, host=True)
>>> orjson.loads(orjson.dumps(message))["observation"] == table.observation(0).to_dict()
True
>>> watched = orjson.loads(orjson.dumps(views.message(None, shared)))
>>> watched["spectator"], watched["observation"]["hand"], watched["seat"]
(True, [], 0)

Every message the rooms send is JSON text made by orjson (:func:`dumps`: several times faster
than the standard library's encoder, which took about a twentieth of the server's time per move).
What orjson refuses (a lone surrogate in a text, which is no UTF-8) is encoded by the standard
library instead, which escapes it, so nothing that ``json.dumps`` could send fails.

>>> dumps({"type": "pong"})
'{"type":"pong"}'
>>> dumps({"name": "Nicolò", 1: [True, None]})
'{"name":"Nicolò","1":[true,null]}'
>>> orjson.dumps(fragment({2: "seat"}))
b'{"2":"seat"}'
>>> dumps({"name": "\\ud800"})
'{"name": "\\\\ud800"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from briscola.apps.server.players.seats import with_players
from briscola.session.audience import public_view
from briscola.session.envelope import card_points, state_message
from briscola.session.events import Event
from briscola.session.table import Table


def _encoded(value: Any, plain: Callable[[], Any] | None = None) -> bytes:
    """``value`` as JSON by orjson, keys that are no text (a seat's number) written as text (tried
    without that option first: it makes orjson 2.5 times slower on a state message, 4.5 µs against
    1.9, none of whose keys is a number); where orjson refuses (see the module), by the standard
    library from ``plain()`` (the same data without fragments inside), if given."""
    try:
        return orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError: a key that is no text, or what orjson refuses
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:
            return json.dumps(plain() if plain is not None else value).encode()


def dumps(message: Any) -> str:
    """``message`` as compact JSON text (orjson; the standard library where orjson refuses)."""
    return _encoded(message).decode()


def fragment(value: Any, plain: Callable[[], Any] | None = None) -> orjson.Fragment:
    """``value`` as JSON text that orjson puts into a message as it is (``plain``: what the
    standard library encodes where orjson refuses, see :func:`_encoded`).

    >>> orjson.dumps({"a": fragment([1, "x"])})
    b'{"a":[1,"x"]}'
    >>> orjson.dumps(fragment({"name": "\\ud800"}))
    b'{"name": "\\\\ud800"}'
    """
    return orjson.Fragment(_encoded(value, plain))


@dataclass(frozen=True)
class Shared:
    """The parts of one change's ``state`` message that every seat is sent alike (public: no
    card of anybody's hand), as JSON text, and the flow's fields."""

    table: orjson.Fragment
    events: orjson.Fragment
    flow: Mapping[str, Any]


class Views:
    """The ``state`` messages of one room's table (``hints``: the host allows them); see the
    module's documentation."""

    def __init__(self, table: Table, table_id: str, hints: bool) -> None:
        self.table, self.table_id, self.hints = table, table_id, hints
        self.ruleset = fragment(table.ruleset.to_dict())  # a table's ruleset never changes
        self.card_points = fragment(card_points(table.ruleset))
        self._standing: tuple[int, orjson.Fragment] | None = None
        self.players: dict[int, dict[str, Any]] = {}  # who took each seat (players/seats.py)

    def info(self, ruleset: Any = None, standing: Any = None) -> dict[str, Any]:
        """The table's public information, with who took each seat (``ruleset``, ``standing``:
        their fragments, as :meth:`shared` gives them; else made here)."""
        public = self.table.public_info(ruleset=ruleset, standing=standing)
        return {
            "table_id": self.table_id,
            **with_players(public, self.players),
            "hints": self.hints,
        }

    def shared(self, events: Sequence[Event], flow: Mapping[str, Any]) -> Shared:
        """What every seat's message about this change shares: the table's public information,
        the ``events`` and the ``flow``'s fields."""
        deals = len(self.table.match.deals)
        if self._standing is None or self._standing[0] != deals:  # a new standing: a deal recorded
            self._standing = (deals, fragment(self.table.standing_data()))
        info = self.info(ruleset=self.ruleset, standing=self._standing[1])
        events_text = fragment(list(events), lambda: [e.to_dict() for e in events])
        return Shared(fragment(info, self.info), events_text, flow)

    def message(
        self, seat: int | None, shared: Shared, *, host: bool = False, invite_url: str | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat``: the shared parts and only what that seat may
        know (its observation). For a spectator (``seat`` None): what everybody may know, from
        seat 0's side of the table."""
        state = self.table.state
        if seat is None:
            observation = public_view(state) if state is not None else None
        else:
            obs = self.table.observation(seat)
            observation = obs.to_dict(ruleset=self.ruleset) if obs is not None else None
        return state_message(
            seat=seat,
            host=host,
            table=shared.table,
            observation=observation,
            events=shared.events,
            invite_url=invite_url,
            card_points=self.card_points,
            flow=shared.flow,
        )
