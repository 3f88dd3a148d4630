"""Playing the arena's games: duplicate deals, seat rotations, one task per (matchup, deal).

Every deal ``d`` has one deck order, drawn from the arena's seed, and one dealer (``d`` modulo the
number of seats). A *matchup* is the list of arena players filling the sides of the ruleset (one
side per seat, or two teams); the deal is played once per *rotation*, side ``s`` going to the
matchup's player ``(s + r) mod sides``, so every player gets every hand and every position. With
two sides that is the classic duplicate pair: the same cards twice, seats swapped.

>>> from briscola.core.rules import preset
>>> from briscola.tools.arena.players import parse_players
>>> setup = Setup(preset("classic"), tuple(parse_players(["simple", "random"])), seed=1)
>>> a, b = run_task(setup, Task(matchup=0, players=(0, 1), deal=0))
>>> a.deck == b.deck, a.seats, b.seats
(True, (0, 1), (1, 0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from briscola.apps.protocol.external import ExternalEngine
from briscola.bots import Bot
from briscola.core.cards import Card, format_cards
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import Ruleset
from briscola.tools.arena.players import PlayerSpec, make_player

__all__ = [
    "GameOutcome",
    "Setup",
    "Task",
    "close_engines",
    "deal_deck",
    "derive_seed",
    "run_task",
    "seat_side",
    "side_count",
]


@dataclass(frozen=True)
class Setup:
    """What every task shares: the ruleset, the players, the seed and the engines' limits."""

    ruleset: Ruleset
    players: tuple[PlayerSpec, ...]
    seed: int = 0
    timeout: float = 30.0
    records: bool = False


@dataclass(frozen=True)
class Task:
    """One deal of one matchup, to be played in every rotation."""

    matchup: int
    players: tuple[int, ...]  # arena players, one per side, in side order
    deal: int


@dataclass(frozen=True)
class GameOutcome:
    """One game: who sat where, the deal, and each side's score.

    ``scores`` are per side: the side's points (card points and declarations), or in Briscola
    chiamata each seat's settlement units. ``slots[s]`` is the arena player of side ``s``,
    ``seats[i]`` the arena player at seat ``i``.
    """

    matchup: int
    deal: int
    rotation: int
    slots: tuple[int, ...]
    seats: tuple[int, ...]
    dealer: int
    deck: str
    scores: tuple[float, ...]
    seat_points: tuple[int, ...]
    actions: tuple[str, ...] = field(default=())

    def score_of(self, player: int) -> float:
        """The score of an arena player in this game."""
        return self.scores[self.slots.index(player)]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        data: dict[str, Any] = {
            "matchup": self.matchup,
            "deal": self.deal,
            "rotation": self.rotation,
            "slots": list(self.slots),
            "seats": list(self.seats),
            "dealer": self.dealer,
            "deck": self.deck,
            "scores": list(self.scores),
            "seat_points": list(self.seat_points),
        }
        if self.actions:
            data["actions"] = list(self.actions)
        return data


def side_count(ruleset: Ruleset) -> int:
    """How many arena players one game seats: one per seat, or one per team.

    >>> from briscola.core.rules import preset
    >>> [side_count(preset(p)) for p in ("classic", "three", "pairs", "six", "chiamata")]
    [2, 3, 2, 2, 5]
    """
    return len({seat_side(ruleset, seat) for seat in range(ruleset.players)})


def seat_side(ruleset: Ruleset, seat: int) -> int:
    """The side a seat belongs to: its fixed team (both seats of a team share a side and so a
    bot), or the seat itself where there is none (every seat for itself; Briscola chiamata,
    whose sides change with every deal)."""
    return ruleset.team_of(seat)


def derive_seed(*parts: object) -> int:
    """A 62-bit seed from any parts, the same on every machine and in every process.

    >>> derive_seed(1, "deal", 3) == derive_seed(1, "deal", 3) != derive_seed(1, "deal", 4)
    True
    """
    return random.Random(":".join(str(p) for p in parts)).getrandbits(62)


def deal_deck(ruleset: Ruleset, seed: int, deal: int) -> tuple[Card, ...]:
    """The deck order of deal ``deal`` of an arena seeded with ``seed`` (top card first)."""
    cards = list(ruleset.deck())
    random.Random(derive_seed(seed, "deal", deal)).shuffle(cards)
    return tuple(cards)


_ENGINES: dict[tuple[PlayerSpec, int, float], ExternalEngine] = {}


def close_engines() -> None:
    """Stop the external engines this process started for the arena."""
    while _ENGINES:
        _, engine = _ENGINES.popitem()
        engine.close()


def _bot(setup: Setup, player: int, seat: int, seed: int) -> Bot:
    spec = setup.players[player]
    if not spec.is_engine:
        return make_player(spec, seed)
    key = (spec, seat, setup.timeout)
    engine = _ENGINES.get(key)
    if engine is None:
        made = make_player(spec, seed, timeout=setup.timeout)
        assert isinstance(made, ExternalEngine)
        engine = _ENGINES[key] = made
    engine.new_game(seed)
    return engine


def run_task(setup: Setup, task: Task) -> list[GameOutcome]:
    """Play one deal of one matchup in every rotation; the outcomes in rotation order.

    The result depends only on ``setup`` and ``task``, so tasks may run in any order and in any
    process. Bots are seeded from the arena's seed, the deal and the seat, whoever sits there:
    in every rotation the bot at a seat draws the same chances, so a bot against itself plays
    the same game in every rotation, even when it uses chance.
    """
    rules = setup.ruleset
    sides = side_count(rules)
    deck = deal_deck(rules, setup.seed, task.deal)
    dealer = task.deal % rules.players
    out = []
    for rotation in range(sides):
        slots = tuple(task.players[(s + rotation) % sides] for s in range(sides))
        seats = tuple(slots[seat_side(rules, seat)] for seat in range(rules.players))
        bots = [
            _bot(
                setup,
                seats[seat],
                seat,
                derive_seed(setup.seed, "bot", task.deal, seat),
            )
            for seat in range(rules.players)
        ]
        state = new_game(rules, deck=deck, dealer=dealer)
        while not state.is_over:
            assert state.turn is not None
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        result = state.result()
        scores = []
        for side in range(sides):
            seat = next(s for s in range(rules.players) if seat_side(rules, s) == side)
            if result.units:
                scores.append(float(result.units[seat]))
            else:
                scores.append(float(result.team_points[result.teams[seat]]))
        out.append(
            GameOutcome(
                matchup=task.matchup,
                deal=task.deal,
                rotation=rotation,
                slots=slots,
                seats=seats,
                dealer=dealer,
                deck=format_cards(deck),
                scores=tuple(scores),
                seat_points=result.seat_points,
                actions=tuple(str(a) for a in state.actions) if setup.records else (),
            )
        )
    return out
