"""The analysis of one seat's moves in a deal's record: each move rated, a summary, hindsight.

For every decision of the seat (its cards, and in Briscola chiamata its bids, passes and call
too, :mod:`briscola.analysis.auction`), every legal action is valued from that seat's
observation at that moment (:func:`briscola.analysis.evaluation.evaluate`); the best action is
the one with the highest win probability (the expected margin breaks ties), the loss is its win
probability minus the played action's, and the move is rated by the loss
(:mod:`briscola.analysis.ratings`). Once the deal is over the same moves are also valued in
hindsight, every card known (:func:`briscola.analysis.evaluation.hindsight`), and rated apart.

>>> from briscola.core.game import new_game
>>> from briscola.core.record import GameRecord
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=2)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> result = analyze(GameRecord.from_state(state), seat=0, budget=8, seed=1)
>>> len(result.moves), result.moves[-1].view.rating.value
(20, 'forced')
>>> 0 <= result.summary.accuracy <= 100, result.hindsight_summary is not None
(True, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from briscola.analysis.auction import auction_rated
from briscola.analysis.evaluation import DEFAULT_BUDGET, ActionValue, evaluate, hindsight
from briscola.analysis.ratings import Rating, move_accuracy
from briscola.core.actions import Action
from briscola.core.game import State
from briscola.core.observation import observe
from briscola.core.record import GameRecord
from briscola.core.state import Phase

__all__ = ["FORMAT", "Analysis", "Judgement", "MoveAnalysis", "Summary", "analyze", "judge"]

FORMAT = "briscola-analysis"
VERSION = 2
Progress = Callable[[int, int], None]
"""Called with (moves done, moves in all) as an analysis goes."""


@dataclass(frozen=True)
class Judgement:
    """One view of one move: every legal action's value, the best, the loss and the rating."""

    values: tuple[ActionValue, ...]
    played: Action
    best: Action
    loss: float
    rating: Rating

    def value_of(self, action: Action) -> ActionValue:
        """The value of ``action`` (one of the legal actions)."""
        return next(v for v in self.values if v.action == action)

    @property
    def win(self) -> float:
        """The win probability after the move played."""
        return self.value_of(self.played).win

    @property
    def best_win(self) -> float:
        """The win probability after the best move."""
        return self.value_of(self.best).win

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (see docs/analysis.schema.json)."""
        return {
            "best": str(self.best),
            "win": round(self.win, 4),
            "best_win": round(self.best_win, 4),
            "loss": round(self.loss, 4),
            "rating": self.rating.value,
            "actions": [v.to_dict() for v in self.values],
        }


def judge(values: tuple[ActionValue, ...], played: Action) -> Judgement:
    """The best of ``values``, the loss of ``played`` against it and the rating."""
    best = max(values, key=lambda v: (round(v.win, 9), v.margin))
    mine = next(v for v in values if v.action == played)
    loss = max(0.0, best.win - mine.win)
    return Judgement(values, played, best.action, loss, Rating.of(loss, len(values) == 1))


@dataclass(frozen=True)
class MoveAnalysis:
    """One decision of the seat: where it was (action ``index`` of the record, the trick's
    number from 1, or 0 in the auction and the call, the stock's size) and its judgements:
    ``view`` from the seat's observation, ``hindsight`` with every card known (None while the
    deal is not over); ``phase`` says whether it was a card, a bid (or pass) or the call."""

    index: int
    trick: int
    stock: int
    view: Judgement
    hindsight: Judgement | None
    phase: Phase = Phase.PLAY

    @property
    def played(self) -> Action:
        """The action played."""
        return self.view.played

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (see docs/analysis.schema.json)."""
        return {
            "index": self.index,
            "phase": self.phase.value,
            "trick": self.trick,
            "stock": self.stock,
            "played": str(self.played),
            "view": self.view.to_dict(),
            "hindsight": None if self.hindsight is None else self.hindsight.to_dict(),
        }


@dataclass(frozen=True)
class Summary:
    """A view's summary: ``accuracy`` (0-100, see :func:`~briscola.analysis.ratings.move_accuracy`),
    the count of each rating, and the turning point (the index in ``moves`` of the largest loss,
    None when no move lost anything)."""

    accuracy: float
    counts: dict[Rating, int]
    turning_point: int | None

    @classmethod
    def of(cls, judgements: list[Judgement]) -> Summary:
        """The summary of one view's judgements, in the order of the moves."""
        rated = [j for j in judgements if j.rating is not Rating.FORCED]
        accuracy = sum(move_accuracy(j.loss) for j in rated) / len(rated) if rated else 100.0
        counts = Counter(j.rating for j in judgements)
        worst = max(range(len(judgements)), key=lambda i: judgements[i].loss, default=None)
        if worst is not None and judgements[worst].loss <= 0:
            worst = None
        return cls(accuracy, {r: counts.get(r, 0) for r in Rating}, worst)

    @property
    def errors(self) -> int:
        """Mistakes and blunders."""
        return self.counts[Rating.MISTAKE] + self.counts[Rating.BLUNDER]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (see docs/analysis.schema.json)."""
        return {
            "accuracy": round(self.accuracy, 1),
            "counts": {r.value: n for r, n in self.counts.items()},
            "turning_point": self.turning_point,
        }


@dataclass(frozen=True)
class Analysis:
    """A seat's moves in a deal, analysed (see the module's documentation)."""

    record: GameRecord
    seat: int
    budget: int
    seed: int
    moves: tuple[MoveAnalysis, ...]
    finished: bool

    @property
    def summary(self) -> Summary:
        """The summary of the moves as the seat could have judged them."""
        return Summary.of([m.view for m in self.moves])

    @property
    def hindsight_summary(self) -> Summary | None:
        """The summary in hindsight (None while the deal is not over)."""
        views = [m.hindsight for m in self.moves]
        if not self.finished or None in views:
            return None
        return Summary.of([v for v in views if v is not None])

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data, described by docs/analysis.schema.json."""
        hind = self.hindsight_summary
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.record.ruleset.to_dict(),
            "seat": self.seat,
            "budget": self.budget,
            "seed": self.seed,
            "finished": self.finished,
            "moves": [m.to_dict() for m in self.moves],
            "summary": self.summary.to_dict(),
            "hindsight_summary": None if hind is None else hind.to_dict(),
        }
        if self.finished:
            res = self.record.replay().result()
            data["result"] = {"seat_points": list(res.seat_points), "winners": list(res.winners)}
        return data


RATED = (Phase.AUCTION, Phase.CALL, Phase.PLAY)
"""The phases whose decisions are rated: Briscola chiamata's auction and call, and the play."""


def decisions(record: GameRecord, seat: int) -> list[tuple[int, State]]:
    """The seat's decisions: (index of the action in the record, state before it); the auction
    and the call only where they are rated (:func:`~briscola.analysis.auction.auction_rated`)."""
    states = record.states()
    rated = RATED if auction_rated(record.ruleset) else (Phase.PLAY,)
    return [
        (i, states[i])
        for i in range(len(record.actions))
        if states[i].phase in rated and states[i].turn == seat
    ]


def analyze(
    record: GameRecord,
    seat: int,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    *,
    with_hindsight: bool = True,
    progress: Progress | None = None,
) -> Analysis:
    """Analyse ``seat``'s moves in ``record`` (finished or not): ``budget`` worlds a decision,
    the same result for the same ``seed``; hindsight once the deal is over (unless
    ``with_hindsight`` is false)."""
    players = record.ruleset.players
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
    if budget < 1:
        raise ValueError(f"the budget is a number of worlds, at least 1, not {budget}")
    finished = record.replay().is_over
    todo = decisions(record, seat)
    moves = []
    for done, (index, state) in enumerate(todo):
        played = record.actions[index]
        values = evaluate(observe(state, seat), budget, (seed * 1_000_003 + index) % 2**63)
        hind = judge(hindsight(state, seat), played) if finished and with_hindsight else None
        view = judge(values, played)
        trick = len(state.tricks) + 1 if state.phase is Phase.PLAY else 0
        moves.append(MoveAnalysis(index, trick, len(state.stock), view, hind, state.phase))
        if progress is not None:
            progress(done + 1, len(todo))
    return Analysis(record, seat, budget, seed, tuple(moves), finished)
