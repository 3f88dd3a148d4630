"""Rendering of the terminal game: what one human seat sees, in Italian or English.

Everything shown comes from that seat's :class:`~briscola.core.observation.Observation` (its hand,
the public cards and actions, the hands the rules let it see) and from finished deals' results; a
:class:`Screen` never looks at another seat's hand. On a terminal the table is drawn in a panel
with coloured suits; through a pipe the same lines come out as plain text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from briscola.apps.terminal.i18n import t
from briscola.apps.terminal.prompt import auction_words
from briscola.apps.terminal.signs import command_text, signs_line
from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play, Signal
from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import Phase, trick_winner
from briscola.core.observation import Observation
from briscola.core.rules import Exchange, Partnership, Ruleset

__all__ = ["Screen", "moves_for", "seat_names"]

_SUIT_STYLE = {Suit.COPPE: "red", Suit.DENARI: "yellow", Suit.SPADE: "blue", Suit.BASTONI: "green"}

_NAMES_BY_PLAYERS = {
    2: ("you", "seat.north"),
    3: ("you", "seat.east", "seat.west"),
    4: ("you", "seat.east", "seat.north", "seat.west"),
    5: ("you", "seat.east", "seat.northeast", "seat.northwest", "seat.west"),
    6: (
        "you",
        "seat.southeast",
        "seat.northeast",
        "seat.north",
        "seat.northwest",
        "seat.southwest",
    ),
}

_MAX_POINT_BIDS = 5  # points bids listed by number in the auction; others are typed


def seat_names(players: int, human: int, lang: str) -> tuple[str, ...]:
    """Names of the seats as the human sees the table: "Tu" and the compass points around.

    >>> seat_names(4, 0, "it")
    ('Tu', 'Est', 'Nord', 'Ovest')
    >>> seat_names(2, 1, "en")
    ('North', 'You')
    """
    keys = _NAMES_BY_PLAYERS[players]
    return tuple(t(keys[(seat - human) % players], lang) for seat in range(players))


def _sort_key(card: Card, trump: Suit | None, rules: Ruleset) -> tuple[bool, int, int]:
    return (card.suit is trump, list(Suit).index(card.suit), -rules.strength_of(card))


def moves_for(obs: Observation) -> list[Action]:
    """The human's moves in the numbered order the screen lists them (the hand sorted by suit,
    trumps last, then declarations and the exchange; in the auction, pass then the bids)."""
    if obs.phase is Phase.PLAY:
        hand = sorted(obs.hand, key=lambda c: _sort_key(c, obs.trump, obs.ruleset))
        plays: list[Action] = [Play(c) for c in hand if Play(c) in obs.legal]
        return plays + [a for a in obs.legal if not isinstance(a, Play | Signal)]
    if obs.phase is Phase.AUCTION:
        out: list[Action] = [a for a in obs.legal if isinstance(a, Pass)]
        out += [a for a in obs.legal if isinstance(a, Bid) and a.rank is not None]
        out += [a for a in obs.legal if isinstance(a, Bid) and a.points is not None][
            :_MAX_POINT_BIDS
        ]
        return out
    return list(obs.legal)


class Screen:
    """Prints the game for one human seat."""

    def __init__(self, console: Console, lang: str, ruleset: Ruleset, human: int) -> None:
        self.console = console
        self.lang = lang
        self.rules = ruleset
        self.human = human
        self.names = seat_names(ruleset.players, human, lang)
        self.points_aid = False  # the points count, an aid a player switches on ("punti")

    # -- small pieces -------------------------------------------------------------------------
    def t(self, key: str, **kwargs: object) -> str:
        return t(key, self.lang, **kwargs)

    def print(self, *parts: RenderableType) -> None:
        """Print without markup; through a pipe, long lines are not wrapped."""
        soft = not self.console.is_terminal
        self.console.print(*parts, markup=False, highlight=False, soft_wrap=soft)

    def text(self, key: str, **kwargs: object) -> Text:
        """The message ``key`` as rich text, each :class:`Card` argument in its suit's colour."""
        cards: list[Card] = []
        args: dict[str, object] = {}
        for name, value in kwargs.items():
            if isinstance(value, Card):
                args[name] = f"\0{len(cards)}\0"
                cards.append(value)
            else:
                args[name] = value
        out = Text()
        for i, piece in enumerate(self.t(key, **args).split("\0")):
            if i % 2:
                out.append_text(self.card(cards[int(piece)]))
            else:
                out.append(piece)
        return out

    def say(self, key: str, **kwargs: object) -> None:
        """Print the message ``key`` (cards given as :class:`Card` are coloured)."""
        self.print(self.text(key, **kwargs))

    def name(self, seat: int) -> str:
        return self.names[seat]

    def card(self, card: Card, full: bool = True) -> Text:
        """``Ad (Asso di denari)`` with the suit's colour; ``Ad`` alone when not ``full``."""
        style = _SUIT_STYLE[card.suit]
        text = Text(str(card), style=f"bold {style}")
        if full:
            text.append(f" ({card.name(self.lang)})", style=style)
        return text

    def marked(self, card: Card, obs: Observation) -> Text:
        """The card as :meth:`card` writes it, with «★ briscola» after a card of the trump suit
        (in the hand and on the table)."""
        line = self.card(card)
        if card.suit is obs.trump:
            line.append(f"  ★ {self.t('hand.trump')}", style="bold")
        return line

    def suit(self, suit: Suit) -> str:
        return suit.name_in(self.lang)

    def bid(self, bid: Bid) -> str:
        if bid.rank is not None:
            return self.t("bid.rank", rank=bid.rank.name_in(self.lang))
        return self.t("bid.points", points=bid.points)

    def tag(self, seat: int, obs: Observation) -> str:
        """A seat's name with its side or role, e.g. ``Nord (noi)`` or ``Est (chiamante)``."""
        name = self.name(seat)
        if self.rules.partnership is Partnership.ALTERNATE:
            side = self.rules.team_of(seat) == self.rules.team_of(self.human)
            return f"{name} ({self.t('team.us' if side else 'team.them')})"
        if obs.auction is not None and obs.auction.winner is not None:
            if seat == obs.auction.winner:
                return f"{name} ({self.t('role.caller')})"
            if seat == obs.partner:
                return f"{name} ({self.t('role.partner')})"
        return name

    def action_text(self, action: Action) -> str:
        """An action as the human would type it in this language."""
        if isinstance(action, Play):
            return str(action.card)
        if isinstance(action, Declare):
            return self.t("cmd.declare", suit=action.suit.letter)
        if isinstance(action, ExchangeBriscola):
            return self.t("cmd.exchange")
        if isinstance(action, Pass):
            return self.t("cmd.pass")
        if isinstance(action, Call):
            card = action.card
            return self.t("cmd.call", suit=action.suit.letter if card is None else str(card))
        if isinstance(action, Signal) and action.kind is not None:
            return command_text(self, action.kind)
        assert isinstance(action, Bid)
        bid = action.rank.letter if action.rank is not None else str(action.points)
        return self.t("cmd.bid", bid=bid)

    def _describe(self, action: Action, obs: Observation) -> Text:
        """One numbered line's text for a move."""
        if isinstance(action, Play):
            return self.marked(action.card, obs)
        text = Text(self.action_text(action), style="bold")
        if isinstance(action, Declare):
            pts = 40 if action.suit is obs.trump else 20
            text.append("  " + self.t("desc.declare", suit=self.suit(action.suit), points=pts))
        elif isinstance(action, ExchangeBriscola) and obs.briscola is not None:
            rank = Rank.SETTE if self.rules.exchange is Exchange.SEVEN else Rank.DUE
            gave = Card(obs.briscola.suit, rank)
            text.append("  ").append_text(self.text("desc.exchange", gave=gave, took=obs.briscola))
        elif isinstance(action, Pass):
            text.append("  " + self.t("desc.pass"))
        elif isinstance(action, Bid):
            text.append("  " + self.bid(action))
        elif isinstance(action, Call) and obs.auction is not None:
            rank = action.rank or obs.auction.contract_rank or Rank.DUE
            card = Card(action.suit, rank)
            text.append(f"  {self.suit(action.suit)} · ")
            text.append_text(self.text("desc.call", card=card))
        return text

    def block(self, title: str, lines: Sequence[RenderableType]) -> None:
        if self.console.is_terminal:
            self.console.print(Panel(Group(*lines), title=title, expand=False))
        else:
            self.print(Text(f"--- {title} ---", style="bold"))
            for line in lines:
                self.print(line)

    def scores(self, pairs: Iterable[tuple[str, int]]) -> str:
        return " · ".join(f"{who} {pts}" for who, pts in pairs)

    # -- the game -----------------------------------------------------------------------------
    def intro(self, bot_title: str, bot_description: str, options: Sequence[str]) -> None:
        """The game's title, its options in words (one line each, with what they do), the
        computer players and the table."""
        name = self.rules.name
        key = f"preset.{name}"
        try:
            title = self.t(key)
        except KeyError:
            title = self.t("preset.other", name=name, players=self.rules.players)
        self.print(Text(title, style="bold"))
        for line in options:
            self.say("options", options=line)
        self.say("opponents", bot=bot_title, description=bot_description)
        direction = self.t(f"direction.{self.rules.direction.value}")
        n, step = self.rules.players, self.rules.step
        order = [self.name((self.human + i * step) % n) for i in range(n)]
        self.say("you.are", seats=", ".join(order), direction=direction)
        if self.rules.partnership is Partnership.ALTERNATE:
            mine = self.rules.team_of(self.human)
            us = [self.name(s) for s in range(self.rules.players) if self.rules.team_of(s) == mine]
            them = [
                self.name(s) for s in range(self.rules.players) if self.rules.team_of(s) != mine
            ]
            self.say("deal.teams", us=", ".join(us), them=", ".join(them))
        self.say("welcome")

    def deal_header(self, number: int, dealer: int) -> None:
        self.print(Text(""))
        title = self.t("deal.header", n=number, dealer=self.name(dealer))
        if self.console.is_terminal:
            self.console.rule(Text(title, style="bold"))
        else:
            self.print(Text(f"=== {title} ===", style="bold"))

    def view(self, obs: Observation) -> list[Action]:
        """Show the human's view at their turn; return the numbered moves."""
        lines: list[RenderableType] = []
        moves = moves_for(obs)
        if obs.phase is Phase.PLAY:
            lines.append(self._briscola_line(obs))
        else:
            if obs.phase is Phase.AUCTION:
                lines.append(Text(self.t("briscola.auction")))
            lines.append(self._auction_line(obs))
        for seat, cards in obs.other_hands:
            if not cards:
                continue
            lines.append(
                self._cards_line(self.t("hand.other", who=self.tag(seat, obs)), cards, obs)
            )
        lines.extend(self._known_lines(obs))
        if obs.phase is Phase.PLAY:
            lines.extend(self._table_lines(obs))
        if obs.phase is Phase.PLAY:
            lines.append(Text(self.t("hand.title") + ":", style="bold"))
        else:
            lines.append(Text(self.t("hand.title") + ":", style="bold"))
            lines.extend(self._hand_by_suit(obs.hand))
            lines.append(Text(self.t("moves.title") + ":", style="bold"))
        for i, action in enumerate(moves, 1):
            lines.append(Text(f"  {i}. ").append_text(self._describe(action, obs)))
        signs = signs_line(self, obs)  # partner signs: typed, not numbered
        if signs is not None:
            lines.append(signs)
        if obs.phase is Phase.AUCTION:
            extra = [a for a in obs.legal if isinstance(a, Bid) and a.points is not None]
            if len(extra) > _MAX_POINT_BIDS:
                lines.append(Text("  " + self.t("moves.more_bids", low=extra[0].points)))
        if self.points_aid and (obs.tricks or obs.declarations):
            lines.append(Text(self.t("points", scores=self._points_so_far(obs)), style="dim"))
        self.block(self.t("turn.you"), lines)
        if obs.phase is Phase.PLAY:
            example = str(moves[0]) if moves and isinstance(moves[0], Play) else "Ad"
            self.say("prompt.play", example=example)
        else:
            call = "prompt.call_card" if self.rules.call_card else "prompt.call"
            if obs.phase is Phase.AUCTION:  # only the bids open now (no rank under call_card)
                self.say("prompt.auction", moves=auction_words(obs, self.lang))
            else:
                self.say(call)
        return moves

    def _hand_by_suit(self, hand: Iterable[Card]) -> list[RenderableType]:
        """A long hand (the chiamata auction) grouped by suit, strongest first."""
        lines: list[RenderableType] = []
        for suit in Suit:
            cards = sorted((c for c in hand if c.suit is suit), key=self.rules.strength_of)
            if not cards:
                continue
            line = Text(f"  {self.suit(suit)}: ")
            for i, card in enumerate(reversed(cards)):
                if i:
                    line.append(" · ")
                line.append_text(self.card(card, full=False))
                line.append(f" {card.rank.name_in(self.lang)}")
            lines.append(line)
        return lines

    def _known_lines(self, obs: Observation) -> list[Text]:
        """The cards known in other hands: a partner's shown before the first trick
        (``partners_show_first``), then the others (public, or named by a partner's sign)."""
        lines: list[Text] = []
        for seat, cards in obs.known_cards:
            told = dict(obs.shown).get(seat, ())
            rest = [c for c in cards if c not in told]
            for key, some in (("shown", told), ("known", rest)):
                if some:
                    label = self.t(key, who=self.name(seat), cards="")
                    lines.append(self._cards_line(label, some, obs))
        return lines

    def _cards_line(self, label: str, cards: Iterable[Card], obs: Observation) -> Text:
        text = Text(label.rstrip(": ") + ": ", style="bold")
        for i, card in enumerate(cards):
            if i:
                text.append(", ")
            text.append_text(self.card(card))
        return text

    def _briscola_line(self, obs: Observation) -> Text:
        card = obs.briscola
        assert card is not None
        if self.rules.partnership is Partnership.CALLED:
            assert obs.auction is not None and obs.auction.winner is not None
            caller = obs.auction.winner
            if obs.partner is None:
                partner = self.t("partner.unknown")
            elif obs.partner == caller:
                partner = self.t("partner.alone")
            else:
                partner = self.t("partner.known", who=self.name(obs.partner))
            return self.text(
                "briscola.called",
                suit=self.suit(card.suit),
                card=card,
                caller=self.name(caller),
                partner=partner,
            )
        if obs.stock_count:
            return self.text("briscola.face_up", card=card, stock=obs.stock_count)
        return self.text("briscola.drawn", card=card)

    def _table_lines(self, obs: Observation) -> list[RenderableType]:
        if not obs.trick:
            return [Text(self.t("table.empty"), style="bold")]
        assert obs.trump is not None
        winner = trick_winner(obs.trick, obs.trump, self.rules)
        lines: list[RenderableType] = [Text(self.t("table.title") + ":", style="bold")]
        for seat, card in obs.trick:
            line = Text(f"  {self.tag(seat, obs)}: ").append_text(self.marked(card, obs))
            if seat == winner:
                line.append(f"  ← {self.t('table.winning')}", style="italic")
            lines.append(line)
        return lines

    def _auction_line(self, obs: Observation) -> Text:
        assert obs.auction is not None
        calls = [
            f"{self.name(s)}: {self.t('cmd.pass') if isinstance(b, Pass) else self.bid(b)}"
            for s, b in obs.auction.calls
        ]
        standing = obs.auction.standing
        if standing is None:
            status = self.t("auction.none")
        else:
            status = self.t(
                "auction.standing", bid=self.bid(standing[1]), who=self.name(standing[0])
            )
        return Text(f"{self.t('auction.title')}: " + " · ".join([*calls, status]))

    def _points_so_far(self, obs: Observation) -> str:
        pts = obs.seat_points()
        if self.rules.partnership is Partnership.ALTERNATE:
            mine = self.rules.team_of(self.human)
            us = sum(p for s, p in enumerate(pts) if self.rules.team_of(s) == mine)
            them = sum(pts) - us
            return self.scores([(self.t("team.us"), us), (self.t("team.them"), them)])
        return self.scores((self.name(s), p) for s, p in enumerate(pts))
