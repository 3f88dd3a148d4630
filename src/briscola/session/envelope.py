"""The ``state`` message's envelope, built in one place for the game server and the offline game.

A ``state`` message (docs/web-protocol.md) is the same set of keys wherever it is made: the
server's rooms (apps/server/views.py) pass the parts every seat shares already as JSON text
(orjson fragments, made once per change), the offline game (:mod:`briscola.session.local`, run in
the browser by Pyodide) passes plain values; :func:`state_message` puts either in the same keys,
in the same order. Standard library only, like the rules core: the offline bundle holds this
module.

>>> from briscola.core.rules import preset
>>> message = state_message(
...     seat=None, host=False, table={"table_id": "t1"}, observation=None, events=[],
...     invite_url=None, card_points=card_points(preset("classic")), flow={"speed": "normale"},
... )
>>> list(message)  # doctest: +NORMALIZE_WHITESPACE
['type', 'protocol', 'seat', 'host', 'table', 'observation', 'events', 'invite_url',
 'card_points', 'speed', 'spectator']
>>> message["seat"], message["spectator"], message["protocol"] == PROTOCOL
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import Ruleset

__all__ = ["PROTOCOL", "card_points", "state_message"]

PROTOCOL = 1
"""The web protocol's version, in every ``state`` (the server's and the offline game's)."""


def card_points(ruleset: Ruleset) -> dict[str, int]:
    """The points of each rank (by its letter) under ``ruleset``: what a client counts a trick by
    (in every state message).

    >>> from briscola.core.rules import preset
    >>> card_points(preset("classic"))
    {'A': 11, '2': 0, '3': 10, '4': 0, '5': 0, '6': 0, '7': 0, 'F': 2, 'C': 3, 'R': 4}
    >>> inverted = card_points(preset("classic", inversion=True))
    >>> inverted["7"], inverted["3"]
    (10, 0)
    """
    suit = next(iter(Suit))
    return {rank.letter: ruleset.points_of(Card(suit, rank)) for rank in Rank}


def state_message(
    *,
    seat: int | None,
    host: bool,
    table: Any,
    observation: Any,
    events: Any,
    invite_url: str | None,
    card_points: Any,
    flow: Mapping[str, Any],
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator, sent seat 0's side of the table and
    ``spectator`` true). ``table`` (the table's public information), ``observation`` (what the
    seat may see), ``events`` and ``card_points`` go in as they are given: plain data, or JSON
    text the server's encoder inserts as it is; ``flow`` (speed, clock, rematch...) adds its
    keys after them."""
    message = {
        "type": "state",
        "protocol": PROTOCOL,
        "seat": seat or 0,
        "host": host,
        "table": table,
        "observation": observation,
        "events": events,
        "invite_url": invite_url,
        "card_points": card_points,
        **flow,
    }
    if seat is None:
        message["spectator"] = True
    return message
