"""A table on this device, with no server: one person against computer players, speaking the web
protocol's messages (docs/web-protocol.md). The offline web app runs it in the browser, in
Pyodide (js/offline/), and its table page reads it as it reads a server's socket: the same
``state`` messages, key for key, made from the same :class:`~briscola.session.table.Table`.
Standard library only, like the rules core: the offline bundle (scripts/offline_bundle.py) holds
this module and what it imports, never Numba or NumPy, so its levels are those that need neither.

>>> import json
>>> local = LocalTable("classic", "easy", seed=7, names=["Anna", "Bruno"])
>>> first = json.loads(local.receive('{"type": "hello", "token": ""}')[0])
>>> first["type"], first["seat"], [e["type"] for e in first["events"]]
('state', 0, ['deal_started'])
>>> while local.bot_step() is not None:  # the computer leads when it is its turn
...     pass
>>> card = first["observation"]["hand"][0] if local.table.to_act() == 0 else None
>>> reply = json.loads(local.receive(json.dumps({"type": "action", "action": card}))[0])
>>> reply["type"], reply["events"][0]["type"], reply["events"][0]["card"] == card
('state', 'played', True)
>>> json.loads(local.receive('{"type": "action", "action": "Xx"}')[0])["code"]
'bad_action'
>>> json.loads(local.receive('{"type": "ping"}')[0])
{'type': 'pong'}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from briscola.bots import bot_info
from briscola.core.cards import format_cards
from briscola.core.match import MatchFormat
from briscola.core.rules import preset
from briscola.session.envelope import card_points, state_message
from briscola.session.events import Event
from briscola.session.seats import DEAL_OVER, OVER, Seat, TableError
from briscola.session.table import Table

__all__ = ["LEVELS", "LocalTable", "levels"]

# the levels the offline app offers: those that play without Numba (the search levels need it)
LEVELS = ("beginner", "easy", "medium")
# how long a finished trick stays on the felt, as the server's default setting has it
TRICK_HOLD_MS = 1500
# the computer players' speeds the table's bar offers (apps/server/room.py's SPEEDS: a test
# checks); the page scales its pause between their moves by the one chosen (offline-socket.js)
SPEEDS = ("lenta", "normale", "veloce")


class LocalTable:
    """A started table: seat 0 is the person, every other seat a computer player of ``level``.
    :meth:`receive` answers a client's message with the messages a server would send back;
    :meth:`bot_step` lets one computer player move (the page calls it again after a pause)."""

    def __init__(
        self,
        preset_name: str,
        level: str,
        seed: int,
        names: Sequence[str] = (),
        match: str = "single",
        table_id: str = "offline",
    ) -> None:
        ruleset = preset(preset_name)
        named = list(names) + [""] * ruleset.players
        seats = [Seat.human(named[0])]
        seats += [Seat.computer(level, named[i]) for i in range(1, ruleset.players)]
        self.table = Table(ruleset, seats, MatchFormat.parse(match), seed)
        self.table_id = table_id
        self.level = level
        self.speed = "normale"
        self._pending = self.table.start()

    def receive(self, text: str) -> list[str]:
        """The JSON texts to send back for the client's message ``text``: a ``state`` message,
        a ``pong``, or an ``error`` with the server's code for it (``bad_json``,
        ``unknown_type``, a table's refusal such as ``not_your_turn``)."""
        try:
            message = json.loads(text)
            kind = message.get("type") if isinstance(message, dict) else None
        except ValueError:
            kind = None
        if kind is None:
            return [_error("bad_json", "not a JSON object with a type")]
        try:
            if kind == "ping":
                return [json.dumps({"type": "pong"})]
            if kind in ("hello", "sync"):
                events, self._pending = self._pending, []
                return [self.state(events)]
            if kind == "action":
                return [self.state(self.table.submit(0, str(message.get("action", ""))))]
            if kind == "next_deal":
                return [self.state(self.table.ready(0))]
            if kind == "resign":
                return [self.state(self.table.resign(0))]
            if kind == "speed":
                if message.get("speed") not in SPEEDS:
                    choices = ", ".join(SPEEDS)
                    speed = message.get("speed")
                    return [_error("bad_speed", f"the speed is one of {choices}, not {speed!r}")]
                self.speed = message["speed"]
                return [self.state([])]
        except TableError as exc:
            return [_error(exc.code, exc.message)]
        return [_error("unknown_type", f"{kind!r} is not played on this device")]

    def bot_step(self) -> str | None:
        """One computer player's move as a ``state`` message; None when none is to move (a
        person's turn, or the deal is over). A match played by computers alone after the person
        resigned deals its next deal here too."""
        table = self.table
        if table.status == DEAL_OVER and table.unattended:
            return self.state(table.next_deal())
        if table.bot_to_act() is None:
            return None
        return self.state(table.bot_move())

    def state(self, events: Sequence[Event]) -> str:
        """The person's ``state`` message after ``events``: the server's envelope
        (:func:`~briscola.session.envelope.state_message`) around plain values."""
        table = self.table
        obs = table.observation(0)
        message = state_message(
            seat=0,
            host=True,
            table={"table_id": self.table_id, **table.public_info(), "hints": False},
            observation=obs.to_dict() if obs is not None else None,
            events=[e.to_dict() for e in events],
            invite_url=None,
            card_points=card_points(table.ruleset),
            flow={
                "spectators": 0,
                "speed": self.speed,
                "clock": None,
                "rematch": None,
                "watch_url": None,
                "trick_hold_ms": TRICK_HOLD_MS,
            },
        )
        return json.dumps(message)

    @property
    def over(self) -> bool:
        """True once the match is over."""
        return self.table.status == OVER

    def record(self) -> dict[str, Any]:
        """The match as data to keep and send to the server later: the ruleset, the match's
        format and seed, the seats, and each deal's dealer, deck order and actions (what
        :meth:`Table.rebuild <briscola.session.table.Table.rebuild>` replays), and the
        standing."""
        table = self.table
        return {
            "ruleset": table.ruleset.to_dict(),
            "match": str(table.match.format),
            "seed": table.seed,
            "level": self.level,
            "seats": [s.to_dict(i) for i, s in enumerate(table.seats)],
            "deals": [
                [d.dealer, format_cards(d.deck), [str(a) for a in d.actions]] for d in table.deals
            ],
            "standing": table.standing(),
        }


def _error(code: str, message: str) -> str:
    return json.dumps({"type": "error", "code": code, "message": message})


def levels() -> str:
    """The offline levels as JSON text: each one's name, and its title and description in every
    language of the web client (as ``GET /api/levels`` words them).

    >>> [(lv["name"], lv["title"]["it"]) for lv in json.loads(levels())]
    [('beginner', 'Principiante'), ('easy', 'Facile'), ('medium', 'Medio')]
    """
    infos = [bot_info(name) for name in LEVELS]
    return json.dumps(
        [
            {"name": i.name, "title": dict(i.titles), "description": dict(i.descriptions)}
            for i in infos
        ]
    )
