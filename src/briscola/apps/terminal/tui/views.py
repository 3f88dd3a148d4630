"""What each part of the full-screen table shows, as rich text, from the human's view only.

Every function here reads a :class:`~briscola.apps.terminal.tui.flow.TuiGame` (its observation of
the human's seat, the table's public standing) and returns text for one widget; nothing here
draws or waits. The words are the catalogs' (``terminal.tui.`` keys, and the line mode's
``terminal.`` ones where they say the same thing).

>>> from briscola.apps.terminal.game import GameOptions
>>> from briscola.core.rules import preset
>>> from briscola.apps.terminal.tui.flow import TuiGame
>>> game = TuiGame(GameOptions(preset("pairs"), lang="it", seed=2, dealer=3))
>>> game.start()
>>> seat_panel(game, 2).plain.splitlines()[0]
'Nord (noi)'
>>> status_line(game).plain
'Briscola a coppie (4 giocatori) · Smazzata 1 · mazziere: Ovest'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from briscola.apps.terminal.i18n import t
from briscola.apps.terminal.tui import cards
from briscola.apps.terminal.tui.flow import MOVE, NEXT_DEAL, THE_END, TuiGame
from briscola.apps.terminal.tui.signs import seat_sign
from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play, Signal
from briscola.core.cards import Card, Rank
from briscola.core.chiamata import on_points
from briscola.core.game import Phase, trick_winner
from briscola.core.match import MatchFormat, MatchKind
from briscola.core.rules import Exchange, Partnership
from briscola.core.state import Trick

__all__ = [
    "LIST_ROWS",
    "auction_help",
    "briscola_panel",
    "choices_panel",
    "hand_panel",
    "move_text",
    "prompt_line",
    "seat_panel",
    "status_line",
    "trick_panel",
    "trick_text",
]

LIST_ROWS = 6  # lines of a list of moves (the auction's bids) shown at once


def _t(game: TuiGame, key: str, **kwargs: object) -> str:
    return t(key, game.lang, **kwargs)


def status_line(game: TuiGame) -> Text:
    """The top line: the game, the deal and its dealer, the match's standing, the points aid."""
    rules = game.table.ruleset
    try:
        title = _t(game, f"preset.{rules.name}")
    except KeyError:
        title = _t(game, "preset.other", name=rules.name, players=rules.players)
    number = (game.table.deal_number or 0) + 1
    parts = [title, _t(game, "tui.deal", n=number)]
    parts.append(_t(game, "tui.dealer", who=game.name(game.obs.dealer)))
    standing = game.table.standing()
    fmt = MatchFormat.parse(standing["format"])
    if fmt.kind is not MatchKind.SINGLE:
        counts = standing["points"] if fmt.kind is MatchKind.POINTS else standing["wins"]
        scores = " · ".join(f"{_competitor(game, i)} {n}" for i, n in enumerate(counts))
        fmt_text = _t(game, f"match.format.{fmt.kind.value}", n=fmt.target)
        parts.append(_t(game, "tui.match", format=fmt_text, scores=scores))
    return Text(" · ".join(parts), style="bold")


def _competitor(game: TuiGame, index: int) -> str:
    """A side of the match's standing: ``noi``/``loro`` for teams, else a seat's name."""
    rules = game.table.ruleset
    if rules.partnership is Partnership.ALTERNATE:
        return _t(game, "team.us" if index == rules.team_of(game.human) else "team.them")
    return game.name(index)


def points_line(game: TuiGame) -> Text:
    """The points taken so far by each side (the aid a player switches on with T)."""
    pts = game.obs.seat_points()
    rules = game.table.ruleset
    if rules.partnership is Partnership.ALTERNATE:
        mine = rules.team_of(game.human)
        us = sum(p for s, p in enumerate(pts) if rules.team_of(s) == mine)
        pairs = [(_t(game, "team.us"), us), (_t(game, "team.them"), sum(pts) - us)]
    else:
        pairs = [(game.name(s), p) for s, p in enumerate(pts)]
    scores = " · ".join(f"{who} {p}" for who, p in pairs)
    return Text(_t(game, "tui.aid.points", scores=scores), style="italic")


def seat_panel(game: TuiGame, seat: int) -> Text:
    """Another seat: its name and side, how many cards it holds, dealer, its auction call."""
    obs = game.obs
    out = Text(game.words.tag(seat, obs), style="bold")
    if obs.turn == seat:
        out.append(" ◀", style="bold yellow")
    out.append("\n")
    count = obs.hand_counts[seat]
    shown = dict(obs.other_hands).get(seat)  # a hand the rules let the human see
    known = dict(obs.known_cards).get(seat, ())  # cards publicly known to be in that hand
    if shown is not None:
        out.append_text(_codes(game, shown))
    else:
        out.append("▮" * min(count, 10) + " ", style="cyan")
        key = "tui.cards.one" if count == 1 else "tui.cards"
        out.append(_t(game, key, n=count), style="dim")
        if known:
            out.append(" · " + _t(game, "tui.known") + " ").append_text(_codes(game, known))
    notes: list[str] = []
    if seat == obs.dealer:
        notes.append(_t(game, "tui.dealer.mark"))
    if obs.auction is not None and obs.phase is Phase.AUCTION:
        said = [bid for s, bid in obs.auction.calls if s == seat]
        if said:
            last = said[-1]
            if isinstance(last, Pass):
                notes.append(_t(game, "tui.seat.pass"))
            else:
                notes.append(_t(game, "tui.seat.bid", bid=game.words.bid(last)))
    sign = seat_sign(game, seat)
    if sign is not None:
        notes.append(sign)
    if notes:
        out.append("\n" + " · ".join(notes), style="italic")
    return out


def auction_help(game: TuiGame) -> str:
    """The help's words on Briscola chiamata's auction and call, for the rules being played:
    ranks then points, or points only; the bid's rank in a suit, the Due, or any card."""
    rules = game.table.ruleset
    if not on_points(rules):
        return _t(game, "tui.help.auction")
    call = "tui.help.call.card" if rules.call_card else "tui.help.call.two"
    return _t(game, "tui.help.auction.points") + " " + _t(game, call)


def _codes(game: TuiGame, hand: Sequence[Card]) -> Text:
    """Cards by their short names (``Ad 3c``), each in its suit's colour."""
    out = Text()
    for i, card in enumerate(hand):
        if i:
            out.append(" ")
        out.append(str(card), style=f"bold {game.deck.colour(card.suit)}")
    return out


def briscola_panel(game: TuiGame) -> Text:
    """The briscola and the stock (or, in Briscola chiamata, the auction and the called card)."""
    obs = game.obs
    if obs.phase in (Phase.AUCTION, Phase.CALL):
        return _auction_lines(game)
    card = obs.briscola
    if card is None:
        return Text("")
    if game.table.ruleset.partnership is Partnership.CALLED:
        return _called_lines(game, card)
    out = Text(_t(game, "tui.briscola") + "\n", style="bold")
    if obs.stock_count:
        out.append_text(
            cards.row([cards.face(card, game.lang, deck=game.deck), cards.back(obs.stock_count)])
        )
        out.append("\n" + _t(game, "tui.stock", n=obs.stock_count))
    else:
        out.append_text(cards.face(card, game.lang, dim=True, deck=game.deck))
        out.append("\n" + _t(game, "tui.stock.empty"))
    return out


def _called_lines(game: TuiGame, card: Card) -> Text:
    """Briscola chiamata: the called card (its suit is the briscola), who called it, the partner
    as far as the human may know."""
    obs = game.obs
    assert obs.auction is not None and obs.auction.winner is not None
    caller = obs.auction.winner
    out = Text(_t(game, "tui.called") + "\n", style="bold")
    out.append_text(cards.face(card, game.lang, deck=game.deck)).append("\n")
    if caller == game.human:
        out.append(_t(game, "tui.called_by.you"))
    else:
        out.append(_t(game, "tui.called_by", who=game.name(caller)))
    if obs.partner is None:
        partner = _t(game, "partner.unknown")
    elif obs.partner == caller:
        partner = _t(game, "partner.alone")
    else:
        partner = _t(game, "partner.known", who=game.name(obs.partner))
    return out.append("\n" + partner, style="italic")


_AUCTION_ROWS = 5  # the auction's last calls shown


def _auction_lines(game: TuiGame) -> Text:
    obs = game.obs
    assert obs.auction is not None
    out = Text(_t(game, "auction.title"), style="bold")
    calls = obs.auction.calls
    out.append(" …\n" if len(calls) > _AUCTION_ROWS else "\n", style="dim")
    for seat, bid in calls[-_AUCTION_ROWS:]:
        said = _t(game, "cmd.pass") if isinstance(bid, Pass) else game.words.bid(bid)
        out.append(f"{game.name(seat)}: {said}\n")
    standing = obs.auction.standing
    if standing is None:
        out.append(_t(game, "auction.none"), style="italic")
    else:
        seat, bid = standing
        text = _t(game, "auction.standing", bid=game.words.bid(bid), who=game.name(seat))
        out.append(text, style="italic")
    return out


def trick_text(
    game: TuiGame, plays: Sequence[tuple[int, Card]], *, dim: bool = False, width: int = 200
) -> Text:
    """The cards of a trick in the order played, each with its player's name over it; small
    faces when full ones do not fit in ``width`` columns."""
    trump = game.obs.trump
    fits = len(plays) * (cards.WIDTH + 2) <= width
    gap = 2 if fits else 3  # a name may be wider than its card (Nord-Ovest: 10 columns)
    place = (cards.WIDTH if fits else cards.SMALL_WIDTH) + gap
    names = [cards.label(game.name(seat), "bold", place) for seat, _ in plays]
    if fits:
        faces = [
            cards.face(card, game.lang, dim=dim, trump=trump, deck=game.deck) for _, card in plays
        ]
    else:
        faces = [cards.small(card, dim=dim, trump=trump, deck=game.deck) for _, card in plays]
    return cards.row(names, gap=0) + Text("\n") + cards.row(faces, gap, indent=gap // 2)


def taken_line(game: TuiGame, trick: Trick) -> Text:
    """Who took ``trick`` and for how many points."""
    points = trick.points(game.table.ruleset)
    if trick.winner == game.human:
        return Text(_t(game, "tui.taken.you", points=points), style="bold green")
    return Text(_t(game, "tui.taken", who=game.name(trick.winner), points=points), style="bold")


def trick_panel(game: TuiGame, moves: Sequence[Action], selected: int, width: int = 200) -> Text:
    """The middle of the table (``width`` columns): the trick being played, the trick just
    taken, or, in the auction and the call, the human's choices."""
    obs = game.obs
    if obs.phase in (Phase.AUCTION, Phase.CALL):
        if game.waiting == MOVE:
            return choices_panel(game, moves, selected)
        return Text(_t(game, "tui.turn.other", who=game.name(obs.turn or 0)), style="italic")
    title = Text(_t(game, "table.title") + "\n", style="bold")
    if obs.trick:
        assert obs.trump is not None
        winner = trick_winner(obs.trick, obs.trump, game.table.ruleset)
        body = trick_text(game, obs.trick, width=width)
        note = _t(game, "tui.winning", who=game.name(winner))
        return title + body + Text("\n" + note, style="italic")
    shown = game.shown_trick
    if shown is not None:
        body = trick_text(game, shown.plays, dim=True, width=width)
        return title + body + Text("\n") + taken_line(game, shown)
    if obs.turn is None:
        return title
    key = "tui.lead.you" if obs.turn == game.human else "tui.lead"
    return title + Text(_t(game, key, who=game.name(obs.turn)), style="italic")


def move_text(game: TuiGame, action: Action) -> str:
    """A move as the list says it: ``Offro Re``, ``Chiamo il Due di coppe``, ``Passo``..."""
    obs = game.obs
    if isinstance(action, Play):
        return game.card_name(action.card)
    if isinstance(action, Pass):
        return _t(game, "tui.move.pass")
    if isinstance(action, Bid):
        return _t(game, "tui.move.bid", bid=game.words.bid(action))
    if isinstance(action, Call):
        rank = getattr(action, "rank", None) or (
            obs.auction.contract_rank if obs.auction is not None else None
        )
        card = Card(action.suit, rank or Rank.DUE)
        return _t(game, "tui.move.call", card=game.card_name(card))
    if isinstance(action, Declare):
        points = 40 if action.suit is obs.trump else 20
        return _t(game, "tui.move.declare", suit=action.suit.name_in(game.lang), points=points)
    assert isinstance(action, ExchangeBriscola) and obs.briscola is not None
    rank = Rank.SETTE if game.table.ruleset.exchange is Exchange.SEVEN else Rank.DUE
    gave = Card(obs.briscola.suit, rank)
    took = game.card_name(obs.briscola)
    return _t(game, "tui.move.exchange", gave=game.card_name(gave), took=took)


def _numbered(game: TuiGame, index: int, action: Action, selected: bool) -> Text:
    number = f"{index + 1}." if index < 9 else "  "
    style = "bold reverse" if selected else ""
    return Text(f" {'▶' if selected else ' '} {number} {move_text(game, action)} ", style=style)


def choices_panel(game: TuiGame, moves: Sequence[Action], selected: int) -> Text:
    """A list of moves (the auction's bids, the cards to call) with the selected one marked,
    :data:`LIST_ROWS` at a time around the selection (arrows in the title say there are more)."""
    title = _t(game, "tui.choose.call" if game.obs.phase is Phase.CALL else "tui.choose.bid")
    start = max(0, min(selected - LIST_ROWS // 2, len(moves) - LIST_ROWS))
    window = range(start, min(len(moves), start + LIST_ROWS))
    more = ("↑" if start > 0 else "") + ("↓" if window.stop < len(moves) else "")
    out = Text(title, style="bold")
    if more:
        out.append(f"  {more} …", style="dim")
    for i in window:
        out.append("\n").append_text(_numbered(game, i, moves[i], i == selected))
    return out


def hand_panel(game: TuiGame, moves: Sequence[Action], selected: int, width: int = 200) -> Text:
    """The human's cards face up; when a card is to be played, each with its number and the
    selected one raised in reverse; the other moves (declarations, the exchange) listed under.
    The cards touch when a column apart they would not fit in ``width`` columns."""
    obs = game.obs
    playing = game.waiting == MOVE and obs.phase is Phase.PLAY
    order = [m.card for m in moves if isinstance(m, Play)] if playing else _sorted_hand(game)
    faces = [
        cards.face(
            card,
            game.lang,
            selected=playing and moves.index(Play(card)) == selected,
            trump=obs.trump,
            deck=game.deck,
        )
        for card in order
    ]
    out = Text(_t(game, "hand.title"), style="bold")
    tag = game.words.tag(game.human, obs)
    if tag != game.name(game.human):
        out.append(" · " + tag, style="bold")
    gap = 1 if len(order) * (cards.WIDTH + 1) <= width + 1 else 0
    out.append("\n").append_text(cards.row(faces, gap))
    if playing:
        labels = [
            cards.label(f"{i + 1}" if i < 9 else "", "bold reverse" if i == selected else "bold")
            for i in range(len(order))
        ]
        out.append("\n").append_text(cards.row(labels, gap))
        for i, move in enumerate(moves):
            if not isinstance(move, Play):
                out.append("\n").append_text(_numbered(game, i, move, i == selected))
    return out


def _sorted_hand(game: TuiGame) -> list[Card]:
    rules = game.table.ruleset
    trump = game.obs.trump
    return sorted(
        game.obs.hand,
        key=lambda c: (c.suit is trump, c.suit.value, -rules.strength_of(c)),
    )


def prompt_line(game: TuiGame, moves: Sequence[Action]) -> Text:
    """What the human is to do now, or whom the table waits for."""
    waiting = game.waiting
    if waiting == NEXT_DEAL:
        return Text(_t(game, "tui.prompt.next"), style="bold yellow")
    if waiting == THE_END:
        return Text(_t(game, "tui.prompt.over"), style="bold yellow")
    obs = game.obs
    if waiting != MOVE:
        return Text(_t(game, "tui.turn.other", who=game.name(obs.turn or 0)), style="italic")
    key = "tui.prompt.play" if obs.phase is Phase.PLAY else "tui.prompt.list"
    out = Text(_t(game, "turn.you") + ": " + _t(game, key), style="bold yellow")
    if any(isinstance(a, Signal) for a in obs.legal):  # a sign may go before the card
        out.append(" · " + _t(game, "tui.prompt.sign"), style="yellow")
    return out
