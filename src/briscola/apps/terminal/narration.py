"""Narration of the terminal game: each action as the human sees it, tricks, results, the match.

Every function reads the human's observations before and after an action (and finished deals'
results), so nothing the human may not see is ever printed.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from briscola.apps.terminal.screen import Screen
from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.game import Phase, Result
from briscola.core.match import Match, MatchKind
from briscola.core.observation import Observation
from briscola.core.rules import Partnership

__all__ = ["narrate", "show_result", "show_standing"]


def narrate(
    screen: Screen, seat: int, action: Action, before: Observation, after: Observation
) -> None:
    """Tell what ``seat`` just did, and what followed, as the human's observations show it."""
    you = seat == screen.human
    sfx = ".you" if you else ""
    who = screen.name(seat)
    if isinstance(action, Play):
        screen.say("say.play" + sfx, who=who, card=action.card)
        if before.called is not None and action.card == before.called:
            _reveal(screen, seat, after)
        if len(after.tricks) > len(before.tricks):
            _trick_done(screen, before, after)
    elif isinstance(action, Declare):
        pts = after.declarations[-1].points
        screen.say("say.declare" + sfx, who=who, suit=screen.suit(action.suit), points=pts)
    elif isinstance(action, ExchangeBriscola):
        ex = after.exchanges[-1]
        screen.say(
            "say.exchange" + sfx,
            who=who,
            gave=ex.gave,
            took=ex.took,
        )
    elif isinstance(action, Bid):
        screen.say("say.bid" + sfx, who=who, bid=screen.bid(action))
    elif isinstance(action, Pass):
        screen.say("say.pass" + sfx, who=who)
    elif isinstance(action, Call):
        assert after.called is not None
        screen.say(
            "say.call" + sfx,
            who=who,
            card=after.called,
            suit=screen.suit(action.suit),
        )
        if after.called in after.hand and not you:
            screen.say("say.you_partner", card=after.called, caller=who)
        elif after.called in after.hand:
            screen.say("say.you_alone")
    if isinstance(action, Bid | Pass) and after.auction is not None:
        if after.phase is Phase.CALL and after.auction.winner is not None:
            standing = after.auction.standing
            assert standing is not None
            winner = after.auction.winner
            key = "say.won_auction" + (".you" if winner == screen.human else "")
            screen.say(key, who=screen.name(winner), bid=screen.bid(standing[1]))
        elif after.phase is Phase.OVER:
            screen.say("say.void")


def _reveal(screen: Screen, seat: int, after: Observation) -> None:
    assert after.auction is not None and after.auction.winner is not None
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


def _trick_done(screen: Screen, before: Observation, after: Observation) -> None:
    trick = after.tricks[-1]
    cards = " ".join(str(c) for c in trick.cards())
    points = trick.points(screen.rules)
    if trick.winner == screen.human:
        screen.say("say.trick.you", cards=cards, points=points)
    else:
        screen.say("say.trick", who=screen.name(trick.winner), cards=cards, points=points)
    if before.stock_count:
        drawn = [c for c in after.hand if c not in before.hand]
        for card in drawn:
            screen.say("say.draw", card=card)
    if before.stock_count and not after.stock_count and screen.rules.briscola_face_up:
        n, step = screen.rules.players, screen.rules.step
        last = (trick.winner + (n - 1) * step) % n
        who = screen.t("you.obj") if last == screen.human else screen.name(last)
        assert after.briscola is not None
        screen.say("say.stock_empty", card=after.briscola, who=who)


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


def show_standing(screen: Screen, match: Match) -> None:
    """The match's standing after a deal (nothing for a single deal)."""
    fmt = match.format
    if fmt.kind is MatchKind.SINGLE:
        return
    title = screen.t("match.title", format=screen.t(f"match.format.{fmt.kind.value}", n=fmt.target))
    wins = screen.scores((_competitor(screen, i), w) for i, w in enumerate(match.wins))
    lines: list[RenderableType] = [Text(screen.t("match.wins", scores=wins))]
    totals = screen.scores((_competitor(screen, i), p) for i, p in enumerate(match.points))
    key = "match.units" if screen.rules.partnership is Partnership.CALLED else "match.points"
    lines.append(Text(screen.t(key, scores=totals)))
    if match.is_over:
        lines.append(Text(_match_winner(screen, match), style="bold"))
    screen.block(title, lines)
    if not match.is_over:
        screen.say("match.next")


def _match_winner(screen: Screen, match: Match) -> str:
    winner = match.winner
    if winner is None:
        return screen.t("match.draw")
    if screen.rules.partnership is Partnership.ALTERNATE:
        mine = winner == screen.rules.team_of(screen.human)
        return screen.t("match.winner.us" if mine else "match.winner.them")
    if winner == screen.human:
        return screen.t("match.winner.you")
    return screen.t("match.winner", who=screen.name(winner))
