"""What the human types in the terminal game: reading lines, and reading a line as a move.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> obs = observe(new_game(preset("classic"), seed=1), 0)
>>> parse_input("aiuto", obs, [])
'help'
>>> try:
...     parse_input("7", obs, [])
... except InputProblem as problem:
...     print(problem.key, problem.args_)
err.position {'n': 7, 'max': 0}
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from rich.console import Console

from briscola.apps.terminal.i18n import t
from briscola.apps.terminal.signs import signal_problem
from briscola.core.actions import (
    Action,
    ActionParseError,
    Bid,
    Call,
    Declare,
    ExchangeBriscola,
    Pass,
    Play,
    Signal,
    parse_action,
)
from briscola.core.cards import CardParseError, Rank, Suit
from briscola.core.chiamata import on_points
from briscola.core.game import Phase
from briscola.core.observation import Observation
from briscola.core.rules import Exchange

__all__ = ["InputProblem", "Reader", "auction_words", "parse_input", "stdin_reader"]

Reader = Callable[[], str]  # one line of input; raises EOFError at the end

_HELP = {"help", "aiuto", "?", "h"}
_QUIT = {"quit", "esci", "exit", "q", "basta"}
_HINT = {"hint", "suggerimento", "suggerisci", "consiglio"}  # the champion's advice (issue 15)
_ANALYSIS = {"analisi", "analysis", "analyse", "analyze"}  # the last finished deal's analysis
_TRICKS = {"prese", "tricks", "presa"}  # one's own tricks, when the rules allow (issue 14)
_POINTS = {"punti", "points", "conteggio"}  # the points count on or off (issue 14)
_COMMANDS = (
    (_HELP, "help"),
    (_QUIT, "quit"),
    (_HINT, "hint"),
    (_ANALYSIS, "analysis"),
    (_TRICKS, "tricks"),
    (_POINTS, "points"),
)
"""The words of each command that is not a move (a line of one word)."""
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


class InputProblem(Exception):
    """A line the human typed that is not a move now; ``key`` and ``args`` are the message."""

    def __init__(self, key: str, **args: object) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


def parse_input(text: str, obs: Observation, moves: list[Action], lang: str = "it") -> Action | str:
    """The human's line as an action, or ``"help"`` / ``"quit"`` / ``"hint"`` / ``"analysis"`` /
    ``"tricks"`` (one's own tricks) / ``"points"`` (the points count on or off); raises
    :class:`InputProblem`.

    A number picks from the numbered moves on screen; otherwise the action's text is read
    (``Ad``, ``declare d``/``accuso d``, ``exchange``/``scambio``, ``bid 3``, ``pass``/``passo``,
    ``call d``/``chiamo d``). The action is checked against ``obs.legal`` with a reason.
    """
    words = text.strip().split()
    if not words:
        raise InputProblem("err.empty")
    head = words[0].lower()
    if len(words) == 1:
        for names, command in _COMMANDS:
            if head in names:
                return command
    if len(words) == 1 and head.isdigit():
        n = int(head)
        if not 1 <= n <= len(moves):
            raise InputProblem("err.position", n=n, max=len(moves))
        return moves[n - 1]
    words[0] = _ALIASES.get(head, words[0])
    if len(words) > 2:  # "chiamo asso di denari": a card by its name
        words = [words[0], *_card_by_name(words[1:])]
    try:
        action = parse_action(" ".join(words))
    except ActionParseError:
        if len(words) > 1:
            raise InputProblem("err.parse", text=text.strip()) from None
        if obs.phase is Phase.AUCTION:  # no card to play yet: the bids open now
            moves_now = auction_words(obs, lang)
            raise InputProblem("err.unknown.auction", text=text.strip(), moves=moves_now) from None
        if obs.phase is Phase.CALL:
            key = "err.unknown.call_card" if obs.ruleset.call_card else "err.unknown.call"
            raise InputProblem(key, text=text.strip()) from None
        raise InputProblem("err.unknown", text=text.strip(), example=_example(moves)) from None
    if action not in obs.legal:
        raise _why_not(action, obs, lang)
    return action


_LINKS = {"di", "de", "del", "of", "the"}


def _card_by_name(words: list[str]) -> list[str]:
    """``asso di denari`` (or ``ace of coins``, ``A di d``) as ``Ad``; other words unchanged.

    >>> _card_by_name(["asso", "di", "denari"]), _card_by_name(["King", "of", "cups"])
    (['Ad'], ['Rc'])
    >>> _card_by_name(["asso", "e", "re"])
    ['asso', 'e', 're']
    """
    kept = [w for w in words if w.lower() not in _LINKS]
    if len(kept) != 2:
        return words
    names = {r.name_in(lang).lower(): r for r in Rank for lang in ("it", "en")}
    rank = names.get(kept[0].lower())
    try:
        rank = rank if rank is not None else Rank.parse(kept[0])
        suit = Suit.parse(kept[1])
    except CardParseError:
        return words
    return [f"{rank.letter}{suit.letter}"]


def _example(moves: list[Action]) -> str:
    for move in moves:
        if isinstance(move, Play):
            return str(move.card)
    return "Ad"


def _why_not(action: Action, obs: Observation, lang: str) -> InputProblem:
    """A person's reason (as a message key) why ``action`` is not legal now."""
    phase = obs.phase
    if phase is Phase.AUCTION and not isinstance(action, Bid | Pass):
        return InputProblem("err.in_auction", moves=auction_words(obs, lang))
    if phase is Phase.CALL and (not isinstance(action, Call) or obs.ruleset.call_card):
        return InputProblem("err.in_call_card" if obs.ruleset.call_card else "err.in_call")
    if isinstance(action, Play):
        return InputProblem("err.not_in_hand", card=f"{action.card} ({action.card.name(lang)})")
    if isinstance(action, Declare):
        if not obs.ruleset.accusi:
            return InputProblem("err.declare_off")
        suit = action.suit.name_in(lang)
        if any(d.suit is action.suit for d in obs.declarations):
            return InputProblem("err.declare_done", suit=suit)
        return InputProblem("err.declare", suit=suit)
    if isinstance(action, Signal):
        key, args = signal_problem(action, obs, lang)
        return InputProblem(key, **args)
    if isinstance(action, ExchangeBriscola):
        off = obs.ruleset.exchange is Exchange.NONE
        return InputProblem("err.exchange_off" if off else "err.exchange")
    if isinstance(action, Bid | Pass):
        if phase is Phase.PLAY:
            return InputProblem("err.auction_only")
        points_open = any(isinstance(a, Bid) and a.points is not None for a in obs.legal)
        if isinstance(action, Bid) and action.points is not None and not points_open:
            return InputProblem("err.bid_points")
        if isinstance(action, Bid) and action.rank is not None and on_points(obs.ruleset):
            return InputProblem("err.bid_rank_off")
        return InputProblem("err.bid", bid=_bid_words(action, lang))
    return InputProblem("err.call_only")


def auction_words(obs: Observation, lang: str) -> str:
    """The auction's moves as the human types them, only those open now: a rank bid while ranks
    may be bid (the Re as the example, else the highest rank left), a points bid while points may
    be (75 as the example, else the lowest bid left), and the pass.

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> auction_words(observe(new_game(preset("chiamata"), seed=1), 1), "it")
    '«offro R» o «passo»'
    >>> auction_words(observe(new_game(preset("chiamata", call_card=True), seed=1), 1), "en")
    '"bid 75" or "pass"'
    """
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    ranks = [a.rank for a in bids if a.rank is not None]
    points = [a.points for a in bids if a.points is not None]
    words = []
    if ranks:
        rank = Rank.RE if Rank.RE in ranks else ranks[0]
        words.append(t("cmd.bid", lang, bid=rank.letter))
    if points:
        words.append(t("cmd.bid", lang, bid=75 if 75 in points else min(points)))
    words.append(t("cmd.pass", lang))
    quoted = [t("words.quote", lang, text=word) for word in words]
    if len(quoted) == 1:
        return quoted[0]
    return t("words.or", lang, first=", ".join(quoted[:-1]), last=quoted[-1])


def _bid_words(bid: Bid | Pass, lang: str) -> str:
    """A bid as a player says it: the rank's name (``Asso``), ``75 punti``, or ``passo``."""
    if isinstance(bid, Pass):
        return t("cmd.pass", lang)
    if bid.rank is not None:
        return bid.rank.name_in(lang)
    return t("bid.points", lang, points=bid.points)


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
