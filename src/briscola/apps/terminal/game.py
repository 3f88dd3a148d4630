"""The terminal game's loop: deals, bots' turns, the human's input, results and the match.

The loop owns the full :class:`~briscola.core.game.State` (it is the table), asks bots with their
own observations, and shows the human only what :func:`~briscola.core.observation.observe` gives
that seat, through :class:`~briscola.apps.terminal.screen.Screen`. Input comes line by line from a
``read`` function, so the game works the same at a terminal and through a pipe.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console

from briscola.apps.terminal.narration import narrate, show_result, show_standing
from briscola.apps.terminal.screen import Screen
from briscola.bots import Bot, bot_info, make_bot
from briscola.core.actions import (
    Action,
    ActionParseError,
    Bid,
    Call,
    Declare,
    ExchangeBriscola,
    Pass,
    Play,
    parse_action,
)
from briscola.core.game import IllegalActionError, Phase, State
from briscola.core.match import Match, MatchFormat
from briscola.core.observation import Observation, observe
from briscola.core.rules import Exchange, Ruleset

__all__ = ["GameOptions", "InputProblem", "parse_input", "play"]

Reader = Callable[[], str]  # one line of input; raises EOFError at the end

_HELP = {"help", "aiuto", "?", "h"}
_QUIT = {"quit", "esci", "exit", "q", "basta"}
_ALIASES = {
    "dichiaro": "declare",
    "accusa": "declare",
    "cambio": "exchange",
    "scambia": "exchange",
    "chiama": "call",
    "offro": "bid",
    "offerta": "bid",
    "passa": "pass",
}


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


class InputProblem(Exception):
    """A line the human typed that is not a move now; ``key`` and ``args`` are the message."""

    def __init__(self, key: str, **args: object) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


class _Quit(Exception):
    pass


def parse_input(text: str, obs: Observation, moves: list[Action], lang: str = "it") -> Action | str:
    """The human's line as an action, or ``"help"`` / ``"quit"``; raises :class:`InputProblem`.

    A number picks from the numbered moves on screen; otherwise the action's text is read
    (``Ad``, ``declare d``/``accuso d``, ``exchange``/``scambio``, ``bid 3``, ``pass``/``passo``,
    ``call d``/``chiamo d``). The action is checked against ``obs.legal`` with a reason.
    """
    words = text.strip().split()
    if not words:
        raise InputProblem("err.empty")
    head = words[0].lower()
    if head in _HELP and len(words) == 1:
        return "help"
    if head in _QUIT and len(words) == 1:
        return "quit"
    if len(words) == 1 and head.isdigit():
        n = int(head)
        if not 1 <= n <= len(moves):
            raise InputProblem("err.position", n=n, max=len(moves))
        return moves[n - 1]
    words[0] = _ALIASES.get(head, words[0])
    try:
        action = parse_action(" ".join(words))
    except ActionParseError:
        key = "err.unknown" if len(words) == 1 else "err.parse"
        raise InputProblem(key, text=text.strip(), example=_example(moves)) from None
    if action not in obs.legal:
        raise _why_not(action, obs, lang)
    return action


def _example(moves: list[Action]) -> str:
    for move in moves:
        if isinstance(move, Play):
            return str(move.card)
    return "Ad"


def _why_not(action: Action, obs: Observation, lang: str) -> InputProblem:
    """A person's reason (as a message key) why ``action`` is not legal now."""
    phase = obs.phase
    if phase is Phase.AUCTION and not isinstance(action, Bid | Pass):
        return InputProblem("err.in_auction")
    if phase is Phase.CALL and not isinstance(action, Call):
        return InputProblem("err.in_call")
    if isinstance(action, Play):
        return InputProblem("err.not_in_hand", card=f"{action.card} ({action.card.name(lang)})")
    if isinstance(action, Declare):
        if not obs.ruleset.accusi:
            return InputProblem("err.declare_off")
        suit = action.suit.name_in(lang)
        if any(d.suit is action.suit for d in obs.declarations):
            return InputProblem("err.declare_done", suit=suit)
        return InputProblem("err.declare", suit=suit)
    if isinstance(action, ExchangeBriscola):
        off = obs.ruleset.exchange is Exchange.NONE
        return InputProblem("err.exchange_off" if off else "err.exchange")
    if isinstance(action, Bid | Pass):
        if phase is Phase.PLAY:
            return InputProblem("err.auction_only")
        points_open = any(isinstance(a, Bid) and a.points is not None for a in obs.legal)
        if isinstance(action, Bid) and action.points is not None and not points_open:
            return InputProblem("err.bid_points")
        return InputProblem("err.bid", bid=str(action))
    return InputProblem("err.call_only")


def stdin_reader(console: Console) -> Reader:
    """Read lines from the terminal (with line editing) or from a pipe (echoing them)."""
    interactive = console.is_terminal and sys.stdin.isatty()

    def read() -> str:
        if interactive:
            return console.input("> ")
        console.print("> ", end="", markup=False, highlight=False)
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise EOFError
        console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read


class _Game:
    def __init__(self, options: GameOptions, console: Console, read: Reader) -> None:
        self.options = options
        rules = options.ruleset
        self.screen = Screen(console, options.lang, rules, options.seat)
        self.read = read
        seed = options.seed
        self.bots: dict[int, Bot] = {}
        for seat in range(rules.players):
            name = options.human_bot if seat == options.seat else options.opponent
            if name is not None:
                self.bots[seat] = make_bot(name, None if seed is None else seed * 31 + seat)
        dealer = options.dealer
        if dealer is None:
            dealer = random.Random(seed).randrange(rules.players)
        self.match = Match(rules, options.match, seed=seed, dealer=dealer)

    def run(self) -> None:
        info = bot_info(self.options.opponent)
        lang = self.options.lang
        self.screen.intro(info.title(lang), info.description(lang), self.screen.options_summary())
        while not self.match.is_over:
            state = self.match.deal()
            self.screen.deal_header(len(self.match.deals) + 1, state.dealer)
            while not state.is_over:
                state = self.turn(state)
            result = state.result()
            if state.auction is None or state.caller is not None:  # a void chiamata: no result
                show_result(self.screen, result, observe(state, self.options.seat))
            self.match.record(result)
            show_standing(self.screen, self.match)

    def turn(self, state: State) -> State:
        seat = state.turn
        assert seat is not None
        human = self.options.seat
        before = observe(state, human)
        if seat in self.bots:
            if seat == human:
                self.screen.view(before)
            action = self.bots[seat].act(observe(state, seat))
            new = state.apply(action)
        else:
            new, action = self.ask(state, before)
        narrate(self.screen, seat, action, before, observe(new, human))
        return new

    def ask(self, state: State, obs: Observation) -> tuple[State, Action]:
        moves = self.screen.view(obs)
        while True:
            line = self.read()
            try:
                choice = parse_input(line, obs, moves, self.options.lang)
            except InputProblem as problem:
                self.screen.say(problem.key, **problem.args_)
                continue
            if choice == "help":
                self.show_help(obs, moves)
                continue
            if choice == "quit":
                raise _Quit
            assert not isinstance(choice, str)
            try:
                return state.apply(choice), choice
            except IllegalActionError as exc:  # a safety net: parse_input checked obs.legal
                self.screen.say("err.illegal", reason=str(exc))

    def show_help(self, obs: Observation, moves: list[Action]) -> None:
        listed = [f"{i} = {self.screen.action_text(a)}" for i, a in enumerate(moves, 1)]
        more = [a for a in obs.legal if a not in moves and isinstance(a, Bid)]
        if more and more[0].points is not None:
            listed.append(f"bid {more[0].points}…120")
        self.screen.say("help.moves", moves=", ".join(listed))
        self.screen.say("help.commands")
        self.screen.say("help.cards")


def play(options: GameOptions, console: Console | None = None, read: Reader | None = None) -> int:
    """Play a game (or match) in the terminal; the exit code: 0 done or quit, 1 end of input."""
    console = console or Console(highlight=False)
    game = _Game(options, console, read or stdin_reader(console))
    try:
        game.run()
    except _Quit:
        game.screen.say("bye")
        return 0
    except (EOFError, KeyboardInterrupt):
        game.screen.say("eof")
        return 1
    return 0
