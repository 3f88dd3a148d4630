"""The terminal game: one human seat at a :class:`~briscola.session.table.Table`.

The table is the game's one turn flow, the same as the server's: it decides whose turn it is,
runs the computer players, checks actions, records results and deals the next deal. The terminal
tells the table's events (:mod:`~briscola.apps.terminal.narration`), shows the human only their
own observation (:class:`~briscola.apps.terminal.screen.Screen`) and reads their moves line by
line from a ``read`` function, so the game works the same at a terminal and through a pipe.

>>> import io
>>> from rich.console import Console
>>> from briscola.core.rules import preset
>>> out = io.StringIO()
>>> game = TerminalGame(GameOptions(preset("classic"), lang="en", seed=3), Console(file=out),
...                     read=lambda: "quit")
>>> game.run()
>>> game.table.status, game.events[0].type, out.getvalue().splitlines()[-1]
('playing', 'deal_started', 'Goodbye!')
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field

from rich.console import Console

from briscola.apps.terminal import aids
from briscola.apps.terminal.analysis import offer, show_analysis, show_hint
from briscola.apps.terminal.narration import Moment, narrate
from briscola.apps.terminal.prompt import InputProblem, Reader, parse_input, stdin_reader
from briscola.apps.terminal.screen import Screen
from briscola.bots import bot_info
from briscola.core.actions import Action, Bid
from briscola.core.match import MatchFormat
from briscola.core.observation import Observation
from briscola.core.record import GameRecord
from briscola.core.rules import Ruleset
from briscola.session.table import DEAL_OVER, OVER, Event, Seat, Table, TableError

__all__ = [
    "DECKS",
    "GameOptions",
    "InputProblem",
    "TerminalGame",
    "make_table",
    "parse_input",
    "play",
]


DECKS = ("progetto", "napoletane", "piacentine", "francesi")
"""The decks ``--deck`` may name (the full-screen table draws them: tui/decks.py)."""


@dataclass(frozen=True)
class GameOptions:
    """Everything ``briscola play`` needs to know."""

    ruleset: Ruleset
    lang: str = "it"
    opponent: str = "simple"
    seat: int = 0
    seed: int | None = None
    match: MatchFormat = field(default_factory=MatchFormat)
    dealer: int | None = None
    human_bot: str | None = None  # a bot plays the human's seat (scripted runs)
    deck: str = "progetto"  # the full-screen table's card signs and colours (tui/decks.py)


def make_table(options: GameOptions) -> Table:
    """The table of a terminal game: the human's seat (on autoplay for ``human_bot``) and the
    opponents; the first dealer is ``options.dealer`` or drawn from the seed.

    A seed gives the same deals as before the game ran on the table: the match deals from it and
    the first dealer is ``random.Random(seed).randrange(players)``. Without a seed one is drawn.
    """
    rules = options.ruleset
    seed = options.seed if options.seed is not None else secrets.randbits(62)
    dealer = options.dealer
    if dealer is None:
        dealer = random.Random(seed).randrange(rules.players)
    seats = [Seat.computer(options.opponent) for _ in range(rules.players)]
    seats[options.seat] = Seat.human("you")
    seats[options.seat].autoplay = options.human_bot is not None
    stand_in = options.human_bot or options.opponent
    return Table(rules, seats, options.match, seed, dealer=dealer, stand_in=stand_in)


class _Quit(Exception):
    pass


class TerminalGame:
    """A game at the terminal: the table, the screen, the human's input, and every event told."""

    def __init__(self, options: GameOptions, console: Console, read: Reader) -> None:
        self.options = options
        self.human = options.seat
        self.screen = Screen(console, options.lang, options.ruleset, options.seat)
        self.read = read
        self.table = make_table(options)
        self.events: list[Event] = []  # every event the table gave, in order
        self.last_deal: GameRecord | None = None  # the last finished deal, for its analysis

    def run(self) -> None:
        """Play the match to its end; raises ``EOFError`` at the end of input, returns on quit."""
        info = bot_info(self.options.opponent)
        lang = self.options.lang
        description = aids.bot_description(self.screen, info.name, info.description(lang))
        lines = [line for line in (aids.removed_line(self.screen),) if line]
        self.screen.intro(info.title(lang), description, [*lines, *aids.option_lines(self.screen)])
        try:
            self._tell(self.table.start(), None)
            while self.table.status != OVER:
                self._step()
        except _Quit:
            self.screen.say("bye")

    def _step(self) -> None:
        table = self.table
        if table.status == DEAL_OVER:
            self._tell(table.ready(self.human), None)
            return
        before = table.observation(self.human)
        assert before is not None
        seat = table.bot_to_act()
        if seat is None:
            events = self._ask(before)
        else:
            if seat == self.human:
                self.screen.view(before)
            events = table.bot_move()
        self._tell(events, before)

    def _tell(self, events: list[Event], before: Observation | None) -> None:
        self.events.extend(events)
        after = self.table.observation(self.human)
        narrate(self.screen, events, Moment(before, after, self.table.standing()))
        if self.options.human_bot is None and any(e.type == "deal_over" for e in events):
            assert self.table.state is not None
            self.last_deal = GameRecord.from_state(self.table.state)  # its analysis (issue 15)
            if self.table.status == OVER:
                offer(self.screen.console, self.read, self.last_deal, self.human, self.options.lang)
            else:
                self.screen.say("analysis.later")

    def _ask(self, obs: Observation) -> list[Event]:
        moves = self.screen.view(obs)
        while True:
            line = self.read()
            try:
                choice = parse_input(line, obs, moves, self.options.lang)
            except InputProblem as problem:
                self.screen.say(problem.key, **problem.args_)
                continue
            if choice == "help":
                self._show_help(obs, moves)
                continue
            if choice == "quit":
                raise _Quit
            if choice == "hint":
                show_hint(self.screen.console, obs, self.options.lang)
                continue
            if choice == "analysis":
                show_analysis(self.screen.console, self.last_deal, self.human, self.options.lang)
                continue
            if choice == "tricks":
                aids.show_tricks(self.screen, obs)
                continue
            if choice == "points":
                aids.toggle_points(self.screen)
                continue
            assert not isinstance(choice, str)
            try:
                return self.table.submit(self.human, choice)
            except TableError as exc:  # a safety net: parse_input checked obs.legal
                self.screen.say("err.illegal", reason=exc.message)

    def _show_help(self, obs: Observation, moves: list[Action]) -> None:
        listed = [f"{i} = {self.screen.action_text(a)}" for i, a in enumerate(moves, 1)]
        more = [a for a in obs.legal if a not in moves and isinstance(a, Bid)]
        if more and more[0].points is not None:
            listed.append(self.screen.t("cmd.bid", bid=f"{more[0].points}…120"))
        self.screen.say("help.moves", moves=", ".join(listed))
        self.screen.say("help.commands", commands=aids.commands(self.screen))
        self.screen.say("help.cards")
        self.screen.say("help.hint")


def play(options: GameOptions, console: Console | None = None, read: Reader | None = None) -> int:
    """Play a game (or match) in the terminal; the exit code: 0 done or quit, 1 end of input."""
    console = console or Console(highlight=False)
    game = TerminalGame(options, console, read or stdin_reader(console))
    try:
        game.run()
    except (EOFError, KeyboardInterrupt):
        game.screen.say("eof")
        return 1
    return 0
