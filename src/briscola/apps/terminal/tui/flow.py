"""The full-screen game's turn flow, without a screen: one human seat at a session table.

:class:`TuiGame` is to the Textual app what :class:`~briscola.apps.terminal.game.TerminalGame` is
to the line mode: it holds the :class:`~briscola.session.table.Table` (the one turn flow: whose
turn, the computer players, legal actions, results, the next deal), the human's observation, and
the table's events told in words by the line mode's own narration, collected as lines for the log
instead of printed. It never looks at another seat's cards.

>>> from briscola.apps.terminal.game import GameOptions
>>> from briscola.core.rules import preset
>>> game = TuiGame(GameOptions(preset("classic"), lang="en", seed=3, dealer=1))
>>> game.start()
>>> game.waiting
'move'
>>> [str(m) for m in game.moves()][:2]
['Ac', 'Rc']
>>> events = game.choose(game.moves()[0])
>>> events[0].type, game.log[-1].plain
('played', 'You play Ac (Ace of cups).')
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.text import Text

from briscola.apps.terminal import aids
from briscola.apps.terminal.game import GameOptions, make_table
from briscola.apps.terminal.narration import Moment, narrate
from briscola.apps.terminal.screen import Screen, moves_for
from briscola.apps.terminal.tui.decks import DECKS
from briscola.bots import bot_info
from briscola.core.actions import Action, Bid, Pass
from briscola.core.cards import Card
from briscola.core.game import Phase
from briscola.core.observation import Observation
from briscola.core.state import Trick
from briscola.session.table import DEAL_OVER, OVER, Event, Table

__all__ = ["BOT", "MOVE", "NEXT_DEAL", "THE_END", "Sink", "Summary", "TuiGame", "own_tricks"]

BOT = "bot"  # a computer player is to move
MOVE = "move"  # the human is to move
NEXT_DEAL = "next_deal"  # the deal is over: the human asks for the next one
THE_END = "over"  # the match is over

_SUMMARY_EVENTS = {"deal_over", "match_over"}


class Sink(Screen):
    """The line mode's :class:`~briscola.apps.terminal.screen.Screen`, writing its lines to a list
    instead of a console: the narration of the table's events, word for word, for the log."""

    def __init__(self, lang: str, options: GameOptions) -> None:
        console = Console(file=io.StringIO(), width=200)
        super().__init__(console, lang, options.ruleset, options.seat)
        self.lines: list[Text] = []

    def print(self, *parts: RenderableType) -> None:
        """Keep the parts as lines of text (a part that is not text is left out)."""
        for part in parts:
            if isinstance(part, Text):
                self.lines.extend(part.split("\n"))
            elif isinstance(part, str):
                self.lines.append(Text(part))

    def block(self, title: str, lines: Sequence[RenderableType]) -> None:
        """A titled block (a deal's result, the match's standing): the title in bold, then the
        lines, then a blank line (the line mode frames the title with ``---``)."""
        self.lines.append(Text(title, style="bold"))
        self.print(*lines)
        self.lines.append(Text(""))

    def say(self, key: str, **kwargs: object) -> None:
        """The message ``key``, except the line mode's welcome (it tells what to type: the
        full-screen table shows its keys instead)."""
        if key != "welcome":
            super().say(key, **kwargs)

    def deal_header(self, number: int, dealer: int) -> None:
        """A new deal's line, in bold (the line mode frames it with ``===``)."""
        title = self.t("deal.header", n=number, dealer=self.name(dealer))
        self.lines.append(Text(title, style="bold underline"))

    def take(self) -> list[Text]:
        """The lines written since the last call, without blank ones at either end."""
        out = self.lines
        while out and not out[-1].plain.strip():
            out.pop()
        while out and not out[0].plain.strip():
            out.pop(0)
        self.lines = []
        return out


@dataclass(frozen=True)
class Summary:
    """What the end of a deal showed: the result's and the match's lines, and whether the match
    is over."""

    lines: tuple[Text, ...]
    match_over: bool


def own_tricks(obs: Observation) -> tuple[Trick, ...] | None:
    """The tricks the human's side has taken (:meth:`Observation.side_tricks
    <briscola.core.observation.Observation.side_tricks>`), when the rules let them be looked
    through now (``obs.tricks_visible``: once the last card is drawn, see RULES.md), else None
    (they lie face down: none taken is an empty tuple, not None).

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> own_tricks(observe(new_game(preset("classic"), seed=1), 0)) is None
    True
    """
    return obs.side_tricks() if obs.tricks_visible else None


class TuiGame:
    """A match for one human seat: the table, the human's moves, the log and the last trick."""

    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.lang = options.lang
        self.deck = DECKS[options.deck]  # signs and colours of the cards (--deck)
        self.human = options.seat
        self.table: Table = make_table(options)
        self.words = Sink(options.lang, options)
        self.log: list[Text] = []
        self.events: list[Event] = []
        self.summary: Summary | None = None  # the last deal's end, until the next deal
        self.shown_trick: Trick | None = None  # the trick just taken, on the table until a play

    # -- what now --------------------------------------------------------------------------
    @property
    def obs(self) -> Observation:
        """The human's observation of the current deal."""
        obs = self.table.observation(self.human)
        assert obs is not None, "the game has not started"
        return obs

    @property
    def waiting(self) -> str:
        """What the game waits for: :data:`BOT`, :data:`MOVE`, :data:`NEXT_DEAL` or
        :data:`THE_END`."""
        status = self.table.status
        if status == OVER:
            return THE_END
        if status == DEAL_OVER:
            return NEXT_DEAL
        return BOT if self.table.bot_to_act() is not None else MOVE

    def moves(self) -> list[Action]:
        """The human's moves in the order shown: the hand as the line mode numbers it (then the
        declarations and the exchange), in the auction the pass then every bid, in the call every
        card that may be called. Empty when it is not the human's turn."""
        if self.waiting != MOVE:
            return []
        obs = self.obs
        if obs.phase is Phase.AUCTION:
            out: list[Action] = [a for a in obs.legal if isinstance(a, Pass)]
            out += [a for a in obs.legal if isinstance(a, Bid) and a.rank is not None]
            out += [a for a in obs.legal if isinstance(a, Bid) and a.points is not None]
            return out
        return moves_for(obs)

    def last_trick(self) -> Trick | None:
        """The last trick taken in this deal (every player may see it again), or None."""
        tricks = self.obs.tricks
        return tricks[-1] if tricks else None

    # -- steps ----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the match: the line mode's introduction (the game, its options in words, the
        computer players, the seats in order of play, the teams) goes to the log, then the first
        deal is dealt."""
        info = bot_info(self.options.opponent)
        words = self.words
        description = aids.bot_description(words, info.name, info.description(self.lang))
        removed = aids.removed_line(words)
        options = [*([removed] if removed else []), *aids.option_lines(words)]
        words.intro(info.title(self.lang), description, options)
        self.log.extend(words.take())
        self._tell(self.table.start(), None)

    def bot_step(self) -> list[Event]:
        """The computer player to act moves (call only while :attr:`waiting` is :data:`BOT`)."""
        before = self.obs
        events = self.table.bot_move()
        self._tell(events, before)
        return events

    def choose(self, action: Action) -> list[Event]:
        """The human takes ``action`` (one of :meth:`moves`); a refused one raises
        :class:`~briscola.session.table.TableError`."""
        before = self.obs
        events = self.table.submit(self.human, action)
        self._tell(events, before)
        return events

    def next_deal(self) -> list[Event]:
        """Between deals, the human asks for the next deal."""
        events = self.table.ready(self.human)
        self._tell(events, None)
        return events

    # -- words ----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """A seat's name as the human sees the table (``Tu``, ``Est``...)."""
        return self.words.name(seat)

    def card_name(self, card: Card) -> str:
        """A card's full name in the human's language."""
        return card.name(self.lang)

    def _tell(self, events: Sequence[Event], before: Observation | None) -> None:
        self.events.extend(events)
        after = self.table.observation(self.human)
        moment = Moment(before, after, self.table.standing())
        for event in events:
            narrate(self.words, [event], moment)
            lines = self.words.take()
            self.log.extend(lines)
            if event.type == "deal_started":
                self.summary = None
                self.shown_trick = None
            elif event.type == "played":
                self.shown_trick = None
            elif event.type == "trick" and after is not None and after.tricks:
                self.shown_trick = after.tricks[-1]
            elif event.type in _SUMMARY_EVENTS:
                auction = after.auction if after is not None else None
                if event.type == "deal_over" and auction is not None and auction.winner is None:
                    lines = [self.words.text("say.void"), *lines]  # all passed: no result
                old = (*self.summary.lines, Text("")) if self.summary is not None else ()
                self.summary = Summary((*old, *lines), self.table.status == OVER)
