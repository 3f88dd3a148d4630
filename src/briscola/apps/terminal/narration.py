"""Narration of the terminal game: the table's events as the human is told them.

The terminal is given the same events (:data:`~briscola.session.events.Event`) for each change as
the server sends over its WebSocket, and tells each event in the human's words. What an event does
not say (the cards the human drew, whether the human holds the called card) comes from the human's
own observations before and after the change, so nothing the human may not see is ever printed.

>>> import io
>>> from rich.console import Console
>>> from briscola.core.rules import preset
>>> from briscola.session.events import PlayedEvent
>>> out = io.StringIO()
>>> screen = Screen(Console(file=out), "en", preset("classic"), 0)
>>> narrate(screen, [PlayedEvent(seat=1, card="Ad", action="Ad")], Moment())
>>> out.getvalue()
'North plays Ad (Ace of coins).\\n'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from briscola.apps.terminal.screen import Screen
from briscola.apps.terminal.signs import tell_signal
from briscola.core.actions import Bid, parse_action
from briscola.core.cards import Card, Suit
from briscola.core.game import Phase, Result
from briscola.core.match import MatchFormat, MatchKind
from briscola.core.observation import Observation
from briscola.core.rules import Partnership
from briscola.session.events import (
    BidEvent,
    CalledEvent,
    DealOverEvent,
    DealStartedEvent,
    DeclaredEvent,
    Event,
    ExchangedEvent,
    MatchOverEvent,
    PassedEvent,
    PlayedEvent,
    RevealedEvent,
    TrickEvent,
)

__all__ = ["Moment", "narrate", "show_result", "show_standing"]


@dataclass(frozen=True)
class Moment:
    """What the human may know around one change: their observations before and after it (None
    where there is no deal), and the match's standing after it (``Table.standing()``)."""

    before: Observation | None = None
    after: Observation | None = None
    standing: Mapping[str, Any] = field(default_factory=dict)


def narrate(screen: Screen, events: Sequence[Event], moment: Moment) -> None:
    """Tell ``events`` in order; events the human need not be told (``ready``...) say nothing."""
    for event in events:
        tell = _TELLERS.get(event.type)
        if tell is not None:
            tell(screen, event, moment)


def _sfx(screen: Screen, seat: int) -> str:
    return ".you" if seat == screen.human else ""


def _deal_started(screen: Screen, e: DealStartedEvent, moment: Moment) -> None:
    screen.deal_header(e.deal + 1, e.dealer)


def _played(screen: Screen, e: PlayedEvent, moment: Moment) -> None:
    who, card = screen.name(e.seat), Card.parse(e.card)
    screen.say("say.play" + _sfx(screen, e.seat), who=who, card=card)


def _declared(screen: Screen, e: DeclaredEvent, moment: Moment) -> None:
    suit = screen.suit(Suit.parse(e.suit))
    key = "say.declare" + _sfx(screen, e.seat)
    screen.say(key, who=screen.name(e.seat), suit=suit, points=e.points)


def _exchanged(screen: Screen, e: ExchangedEvent, moment: Moment) -> None:
    gave, took = Card.parse(e.gave), Card.parse(e.took)
    key = "say.exchange" + _sfx(screen, e.seat)
    screen.say(key, who=screen.name(e.seat), gave=gave, took=took)


def _bid(screen: Screen, e: BidEvent, moment: Moment) -> None:
    bid = parse_action(e.action)
    assert isinstance(bid, Bid)
    screen.say("say.bid" + _sfx(screen, e.seat), who=screen.name(e.seat), bid=screen.bid(bid))
    _auction_end(screen, moment.after)


def _passed(screen: Screen, e: PassedEvent, moment: Moment) -> None:
    seat = e.seat
    screen.say("say.pass" + _sfx(screen, seat), who=screen.name(seat))
    _auction_end(screen, moment.after)


def _auction_end(screen: Screen, after: Observation | None) -> None:
    if after is None or after.auction is None:
        return
    if after.phase is Phase.CALL and after.auction.winner is not None:
        standing = after.auction.standing
        assert standing is not None
        winner = after.auction.winner
        key = "say.won_auction" + _sfx(screen, winner)
        screen.say(key, who=screen.name(winner), bid=screen.bid(standing[1]))
    elif after.phase is Phase.OVER:
        screen.say("say.void")


def _called(screen: Screen, e: CalledEvent, moment: Moment) -> None:
    seat, card = e.seat, Card.parse(e.card)
    who = screen.name(seat)
    suit = screen.suit(Suit.parse(e.suit))
    screen.say("say.call" + _sfx(screen, seat), who=who, card=card, suit=suit)
    after = moment.after
    if after is not None and card in after.hand:
        if seat != screen.human:
            screen.say("say.you_partner", card=card, caller=who)
        else:
            screen.say("say.you_alone")


def _revealed(screen: Screen, e: RevealedEvent, moment: Moment) -> None:
    after = moment.after
    assert after is not None and after.auction is not None and after.auction.winner is not None
    seat = e.seat
    caller = screen.name(after.auction.winner)
    card = after.called
    assert card is not None
    if seat == after.auction.winner:
        screen.say("say.reveal.alone", card=card, caller=caller)
    elif seat == screen.human:
        screen.say("say.reveal.you", caller=caller)
    elif after.auction.winner == screen.human:
        screen.say("say.reveal.yours", card=card, who=screen.name(seat))
    else:
        screen.say("say.reveal", card=card, who=screen.name(seat), caller=caller)


def _trick(screen: Screen, e: TrickEvent, moment: Moment) -> None:
    winner, points = e.winner, e.points
    cards = " ".join(card for _, card in e.cards)
    if winner == screen.human:
        screen.say("say.trick.you", cards=cards, points=points)
    else:
        screen.say("say.trick", who=screen.name(winner), cards=cards, points=points)
    before, after = moment.before, moment.after
    if before is None or after is None or not before.stock_count:
        return
    for card in [c for c in after.hand if c not in before.hand]:
        screen.say("say.draw", card=card)
    if not after.stock_count and screen.rules.briscola_face_up:
        n, step = screen.rules.players, screen.rules.step
        last = (winner + (n - 1) * step) % n
        who = screen.t("you.obj") if last == screen.human else screen.name(last)
        assert after.briscola is not None
        screen.say("say.stock_empty", card=after.briscola, who=who)


def _deal_over(screen: Screen, e: DealOverEvent, moment: Moment) -> None:
    final = moment.after
    assert final is not None
    if final.auction is None or final.auction.winner is not None:  # a void chiamata: no result
        show_result(screen, e.result.result(), final)
    if moment.standing and not moment.standing["over"]:
        show_standing(screen, moment.standing)


def _match_over(screen: Screen, e: MatchOverEvent, moment: Moment) -> None:
    show_standing(screen, e.match.to_dict())


_TELLERS: dict[str, Callable[[Screen, Any, Moment], None]] = {
    "deal_started": _deal_started,
    "played": _played,
    "revealed": _revealed,
    "trick": _trick,
    "declared": _declared,
    "exchanged": _exchanged,
    "bid": _bid,
    "passed": _passed,
    "called": _called,
    "signalled": tell_signal,
    "deal_over": _deal_over,
    "match_over": _match_over,
}


def show_result(screen: Screen, result: Result, final: Observation) -> None:
    """The end of a deal: points per seat (and side), the winner, chiamata units."""
    screen.print(Text(""))
    lines: list[RenderableType] = []
    pts = screen.scores((screen.name(s), p) for s, p in enumerate(result.seat_points))
    lines.append(Text(screen.t("result.points", scores=pts)))
    if final.declarations:
        lines.append(Text(screen.t("result.declarations"), style="dim"))
    rules = screen.rules
    if rules.partnership is Partnership.CALLED:
        lines.extend(_chiamata_result(screen, result, final))
    else:
        if rules.partnership is Partnership.ALTERNATE:
            mine = rules.team_of(screen.human)
            us, them = result.team_points[mine], result.team_points[1 - mine]
            lines.append(
                Text(screen.scores([(screen.t("team.us"), us), (screen.t("team.them"), them)]))
            )
        if result.replay:
            lines.append(Text(screen.t("result.replay"), style="bold"))
        elif result.draw:
            lines.append(Text(screen.t("result.draw"), style="bold"))
        elif rules.partnership is Partnership.ALTERNATE:
            key = (
                "result.us_win"
                if result.winner == rules.team_of(screen.human)
                else "result.them_win"
            )
            lines.append(Text(screen.t(key), style="bold"))
        elif result.winner == screen.human:
            lines.append(Text(screen.t("result.you_win"), style="bold green"))
        else:
            assert result.winner is not None
            lines.append(Text(screen.t("result.win", who=screen.name(result.winner)), style="bold"))
    screen.block(screen.t("result.title"), lines)


def _chiamata_result(screen: Screen, result: Result, final: Observation) -> list[RenderableType]:
    assert final.auction is not None and final.auction.winner is not None
    caller = final.auction.winner
    partner = final.partner
    name = screen.name(caller)
    if partner is None or partner == caller:
        side = screen.t("result.alone", caller=name)
    else:
        side = screen.t("result.with", caller=name, partner=screen.name(partner))
    won = result.winner == 0
    units = screen.scores((screen.name(s), u) for s, u in enumerate(result.units))
    return [
        Text(
            screen.t(
                "result.chiamata",
                side=side,
                points=result.team_points[0],
                need=final.auction.contract_points,
            )
        ),
        Text(screen.t("result.caller_won" if won else "result.caller_lost"), style="bold"),
        Text(screen.t("result.units", units=units)),
    ]


def _competitor(screen: Screen, index: int) -> str:
    if screen.rules.partnership is Partnership.ALTERNATE:
        return screen.t("team.us" if index == screen.rules.team_of(screen.human) else "team.them")
    return screen.name(index)


def show_standing(screen: Screen, standing: Mapping[str, Any]) -> None:
    """The match's standing after a deal, from ``Table.standing()`` (nothing for a single deal)."""
    fmt = MatchFormat.parse(standing["format"])
    if fmt.kind is MatchKind.SINGLE:
        return
    title = screen.t("match.title", format=screen.t(f"match.format.{fmt.kind.value}", n=fmt.target))
    wins = screen.scores((_competitor(screen, i), w) for i, w in enumerate(standing["wins"]))
    lines: list[RenderableType] = [Text(screen.t("match.wins", scores=wins))]
    totals = screen.scores((_competitor(screen, i), p) for i, p in enumerate(standing["points"]))
    key = "match.units" if screen.rules.partnership is Partnership.CALLED else "match.points"
    lines.append(Text(screen.t(key, scores=totals)))
    if standing["over"]:
        lines.append(Text(_match_winner(screen, standing["winner"]), style="bold"))
    screen.block(title, lines)
    if not standing["over"]:
        screen.say("match.next")


def _match_winner(screen: Screen, winner: int | None) -> str:
    if winner is None:
        return screen.t("match.draw")
    if screen.rules.partnership is Partnership.ALTERNATE:
        mine = winner == screen.rules.team_of(screen.human)
        return screen.t("match.winner.us" if mine else "match.winner.them")
    if winner == screen.human:
        return screen.t("match.winner.you")
    return screen.t("match.winner", who=screen.name(winner))
