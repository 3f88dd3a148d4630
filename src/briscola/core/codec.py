"""Reading an observation's JSON, with an error that names what is wrong and where.

An :class:`~briscola.core.observation.Observation` converts both ways on the class itself:
``obs.to_dict()`` writes a seat's view as JSON-ready data (cards and actions in their text forms)
and ``Observation.from_dict(data)`` reads it back exactly, with :func:`observation_fields` (this
module) checking every field, so that an engine on the other end of the stdio protocol
(:mod:`briscola.apps.protocol.engine`) holds the very observation the arena or table sent.
Derived fields (``trump``, ``points``) are recomputed, not read.

>>> observation_fields({"seat": 0})
Traceback (most recent call last):
...
briscola.core.codec.ObservationParseError: the observation has no 'ruleset'
>>> observation_fields({"ruleset": {"preset": "classic"}, "seat": 2})
Traceback (most recent call last):
...
briscola.core.codec.ObservationParseError: seat must be a seat from 0 to 1, not 2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from briscola.core.actions import Action, ActionParseError, Bid, Pass, parse_action
from briscola.core.cards import Card, CardParseError, Suit
from briscola.core.chiamata import Auction
from briscola.core.rules import Ruleset, RulesetError
from briscola.core.signals import SignalKind, SignalMade, SignalParseError
from briscola.core.state import Declaration, ExchangeMade, Phase, Trick

__all__ = ["ObservationParseError", "observation_fields"]


class ObservationParseError(ValueError):
    """JSON data that is not an observation, with what is wrong and where."""


def observation_fields(data: Any, default_ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The fields of the :class:`~briscola.core.observation.Observation` that ``to_dict`` wrote
    as ``data``, read and checked.

    ``default_ruleset`` is used when ``data`` has no ``ruleset`` (a ruleset in ``data`` always
    wins; it may also be ``{"preset": NAME, ...overrides}``). Optional lists (``tricks``,
    ``declarations``, ``exchanges``, ``actions``, ``other_hands``, ``known_cards``, ``signals``,
    ``shown``) may be left out and count as empty. Raises :class:`ObservationParseError` with a
    message a person understands.
    """
    if not isinstance(data, Mapping):
        raise ObservationParseError(f"an observation must be a JSON object, not {_short(data)}")
    try:
        return _parse(data, default_ruleset)
    except ObservationParseError:
        raise
    except (RulesetError, CardParseError, ActionParseError, SignalParseError) as exc:
        raise ObservationParseError(str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise ObservationParseError(f"the observation does not parse: {exc}") from None


def _parse(data: Mapping[str, Any], default_ruleset: Ruleset | None) -> dict[str, Any]:
    if "ruleset" in data:
        ruleset = Ruleset.from_dict(data["ruleset"])
    elif default_ruleset is not None:
        ruleset = default_ruleset
    else:
        raise ObservationParseError("the observation has no 'ruleset'")
    n = ruleset.players
    seat = _seat(_need(data, "seat"), n, "seat")
    phase_text = _need(data, "phase")
    try:
        phase = Phase(phase_text)
    except ValueError:
        choices = ", ".join(p.value for p in Phase)
        raise ObservationParseError(f"phase must be one of {choices}, not {phase_text!r}") from None
    turn_value = _need(data, "turn")
    turn = None if turn_value is None else _seat(turn_value, n, "turn")
    hand_counts = tuple(
        _int(v, "hand_counts") for v in _list(_need(data, "hand_counts"), "hand_counts")
    )
    if len(hand_counts) != n:
        raise ObservationParseError(f"hand_counts must list {n} seats, not {len(hand_counts)}")
    auction = _auction(data.get("auction"), n)
    return dict(
        ruleset=ruleset,
        seat=seat,
        dealer=_seat(_need(data, "dealer"), n, "dealer"),
        phase=phase,
        turn=turn,
        leader=_seat(_need(data, "leader"), n, "leader"),
        hand=_cards(_need(data, "hand"), "hand"),
        briscola=_card_or_none(data.get("briscola"), "briscola"),
        stock_count=_int(_need(data, "stock"), "stock"),
        hand_counts=hand_counts,
        trick=_plays(data.get("trick", []), n, "trick"),
        tricks=tuple(
            _trick(t, n, i) for i, t in enumerate(_list(data.get("tricks", []), "tricks"))
        ),
        declarations=tuple(
            _declaration(d, n) for d in _list(data.get("declarations", []), "declarations")
        ),
        exchanges=tuple(_exchange(e, n) for e in _list(data.get("exchanges", []), "exchanges")),
        actions=_actions(data.get("actions", []), "actions"),
        other_hands=_seat_cards(data.get("other_hands", {}), n, "other_hands"),
        known_cards=_seat_cards(data.get("known_cards", {}), n, "known_cards"),
        shown=_seat_cards(data.get("shown", {}), n, "shown"),
        legal=_actions(_need(data, "legal"), "legal"),
        tricks_visible=_bool(data.get("tricks_visible", False), "tricks_visible"),
        auction=auction,
        called=_card_or_none(data.get("called"), "called"),
        partner=None if data.get("partner") is None else _seat(data["partner"], n, "partner"),
        signals=tuple(_signal(x, n) for x in _list(data.get("signals", []), "signals")),
    )


# -- small readers, each naming the field it reads ----------------------------------------------


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _need(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise ObservationParseError(f"the observation has no {key!r}")
    return data[key]


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ObservationParseError(f"{where} must be a whole number, not {_short(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ObservationParseError(f"{where} must be true or false, not {_short(value)}")
    return value


def _seat(value: Any, players: int, where: str) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    seat = _int(value, where)
    if seat >= players:
        raise ObservationParseError(f"{where} must be a seat from 0 to {players - 1}, not {seat}")
    return seat


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ObservationParseError(f"{where} must be a list, not {_short(value)}")
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise ObservationParseError(f"{where}: a card is a text like 'Ad', not {_short(value)}")
    try:
        return Card.parse(value)
    except CardParseError as exc:
        raise ObservationParseError(f"{where}: {exc}") from None


def _card_or_none(value: Any, where: str) -> Card | None:
    return None if value is None else _card(value, where)


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card(v, where) for v in _list(value, where))


def _suit(value: Any, where: str) -> Suit:
    if not isinstance(value, str):
        raise ObservationParseError(
            f"{where}: a suit is a letter c, d, s or b, not {_short(value)}"
        )
    try:
        return Suit.parse(value)
    except CardParseError as exc:
        raise ObservationParseError(f"{where}: {exc}") from None


def _action(value: Any, where: str) -> Action:
    if not isinstance(value, str):
        raise ObservationParseError(f"{where}: an action is a text like 'Ad', not {_short(value)}")
    try:
        return parse_action(value)
    except ActionParseError as exc:
        raise ObservationParseError(f"{where}: {exc}") from None


def _actions(value: Any, where: str) -> tuple[Action, ...]:
    return tuple(_action(v, where) for v in _list(value, where))


def _plays(value: Any, players: int, where: str) -> tuple[tuple[int, Card], ...]:
    out = []
    for item in _list(value, where):
        if not isinstance(item, list) or len(item) != 2:
            raise ObservationParseError(f"{where}: a play is [seat, card], not {_short(item)}")
        out.append((_seat(item[0], players, where), _card(item[1], where)))
    return tuple(out)


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ObservationParseError(f"{where} must be an object, not {_short(value)}")
    return value


def _getter(value: Any, what: str) -> Callable[[str], Any]:
    """The fields of the object ``value`` by key (``what`` names it in the errors)."""
    obj = _object(value, what)

    def get(key: str) -> Any:
        if key not in obj:
            raise ObservationParseError(f"{what} has no {key!r}")
        return obj[key]

    return get


def _trick(value: Any, players: int, index: int) -> Trick:
    where = f"tricks[{index}]"
    get = _getter(value, where)
    return Trick(
        leader=_seat(get("leader"), players, where + ".leader"),
        plays=_plays(get("plays"), players, where + ".plays"),
        winner=_seat(get("winner"), players, where + ".winner"),
    )


def _declaration(value: Any, players: int) -> Declaration:
    get = _getter(value, "a declaration")
    return Declaration(
        seat=_seat(get("seat"), players, "declarations"),
        suit=_suit(get("suit"), "declarations"),
        points=_int(get("points"), "declarations"),
    )


def _exchange(value: Any, players: int) -> ExchangeMade:
    get = _getter(value, "an exchange")
    return ExchangeMade(
        seat=_seat(get("seat"), players, "exchanges"),
        gave=_card(get("gave"), "exchanges"),
        took=_card(get("took"), "exchanges"),
    )


def _signal(value: Any, players: int) -> SignalMade:
    get = _getter(value, "a signal")
    kind = get("signal")
    if kind is not None and not isinstance(kind, str):
        raise ObservationParseError(f"signals: a sign is a text like 'asso', not {_short(kind)}")
    return SignalMade(
        seat=_seat(get("seat"), players, "signals"),
        trick=_int(get("trick"), "signals"),
        kind=None if kind is None else SignalKind.parse(kind),
    )


def _seat_cards(value: Any, players: int, where: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    obj = _object(value, where)
    pairs = [(_seat(k, players, where), _cards(v, where)) for k, v in obj.items()]
    return tuple(sorted(pairs, key=lambda p: p[0]))


def _auction(value: Any, players: int) -> Auction | None:
    if value is None:
        return None
    obj = _object(value, "auction")
    calls: list[tuple[int, Bid | Pass]] = []
    for item in _list(obj.get("calls", []), "auction.calls"):
        if not isinstance(item, list) or len(item) != 2:
            raise ObservationParseError(f"auction.calls: a call is [seat, bid], not {_short(item)}")
        bid = _action(item[1], "auction.calls")
        if not isinstance(bid, Bid | Pass):
            raise ObservationParseError(f"auction.calls: {bid} is not a bid or a pass")
        calls.append((_seat(item[0], players, "auction.calls"), bid))
    winner = obj.get("winner")
    return Auction(
        calls=tuple(calls),
        winner=None if winner is None else _seat(winner, players, "auction.winner"),
    )
