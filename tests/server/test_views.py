"""The state messages made once per change (apps/server/views.py) are, key for key, the ones
made the plain way for each seat (the table's public information and the seat's observation,
made again for each), over whole matches; a spectator's, made by the same
builder for no seat, is the public view of the deal as before; a name no UTF-8 can hold is
still sent (escaped)."""

from __future__ import annotations

import json
import random
from typing import Any

import orjson
import pytest

from briscola.apps.server.views import Views, dumps
from briscola.core.rules import preset
from briscola.session.audience import public_view
from briscola.session.envelope import PROTOCOL, card_points
from briscola.session.events import Event
from briscola.session.table import Seat, Table

FLOW = {"spectators": 0, "speed": "normal"}


def from_view(table: Table, seat: int, events: list[Event]) -> dict[str, Any]:
    """The message made the plain way, every part made again for each seat from the table: its
    public information and the seat's own observation."""
    obs = table.observation(seat)
    return {
        "type": "state",
        "protocol": PROTOCOL,
        "seat": seat,
        "host": seat == 0,
        "table": {"table_id": "t", **table.public_info(), "hints": False},
        "observation": obs.to_dict() if obs is not None else None,
        "events": [e.to_dict() for e in events],
        "invite_url": None,
        "card_points": card_points(table.ruleset),
        **FLOW,
    }


def messages(views: Views, table: Table, events: list[Event]) -> list[dict[str, Any]]:
    shared = views.shared(events, FLOW)
    return [
        json.loads(dumps(views.message(s, shared, host=s == 0))) for s in range(len(table.seats))
    ]


@pytest.mark.parametrize("name", ["classic", "pairs", "chiamata"])
def test_every_seats_message_is_the_one_made_from_its_view(name: str) -> None:
    ruleset = preset(name)
    seats = [Seat.human(f"P{i}") for i in range(ruleset.players)]
    table = Table(ruleset, seats, "best-of:3", seed=11)
    views = Views(table, "t", hints=False)
    rng = random.Random(4)
    events = table.start()
    checked = 0
    while table.status != "over":
        assert messages(views, table, events) == [
            from_view(table, s, events) for s in range(len(seats))
        ]
        checked += 1
        turn = table.to_act()
        if turn is None:  # between deals: everybody asks for the next one
            events = [e for s in range(len(seats)) for e in table.ready(s)]
            continue
        obs = table.observation(turn)
        assert obs is not None
        events = table.submit(turn, str(rng.choice(obs.legal)))
    assert messages(views, table, events) == [
        from_view(table, s, events) for s in range(len(seats))
    ]
    assert checked > 2 * 40 // ruleset.players  # more than one deal's moves


def spectators(views: Views, table: Table, events: list[Event]) -> dict[str, Any]:
    shared = views.shared(events, FLOW)
    return dict(json.loads(dumps(views.message(None, shared))))


def from_public_view(table: Table, events: list[Event]) -> dict[str, Any]:
    """A spectator's message as the server made it before (the old flow.spectator_message)."""
    return {
        **from_view(table, 0, events),
        "host": False,
        "spectator": True,
        "observation": public_view(table.state) if table.state is not None else None,
    }


@pytest.mark.parametrize("name", ["classic", "chiamata"])
def test_a_spectators_message_is_the_public_view_by_the_same_builder(name: str) -> None:
    ruleset = preset(name)
    table = Table(ruleset, [Seat.human(f"P{i}") for i in range(ruleset.players)], seed=3)
    views = Views(table, "t", hints=False)
    rng = random.Random(5)
    assert spectators(views, table, []) == from_public_view(table, [])  # waiting: no deal yet
    events = table.start()
    while table.status == "playing":
        message = spectators(views, table, events)
        assert message == from_public_view(table, events)
        assert message["observation"]["hand"] == [] and message["observation"]["legal"] == []
        turn = table.to_act()
        assert turn is not None
        obs = table.observation(turn)
        assert obs is not None
        events = table.submit(turn, str(rng.choice(obs.legal)))
    assert spectators(views, table, events) == from_public_view(table, events)


def test_a_name_no_utf8_can_hold_is_sent_escaped() -> None:
    table = Table(preset("classic"), [Seat.human("\ud800"), Seat.computer("random")], seed=2)
    events = table.start()
    views = Views(table, "t", hints=True)
    shared = views.shared(events, FLOW)
    text = dumps(views.message(0, shared, host=True))
    with pytest.raises(orjson.JSONDecodeError):
        orjson.loads(text)  # no UTF-8: the escaped surrogate only the standard library reads
    message = json.loads(text)
    assert message["table"]["seats"][0]["name"] == "\ud800"
    assert message == from_view(table, 0, events) | {"table": message["table"]}
    assert message["table"]["hints"] is True
