"""The batched simulator: many deals in the compiled core, results as numpy arrays.

>>> from briscola.core.rules import preset
>>> res = simulate(preset("classic"), 1000, seed=7, policies=("simple", "random"))
>>> res.seat_points.shape, res.winners.shape, int(res.seat_points.sum(axis=1).max())
((1000, 2), (1000, 2), 120)
>>> bool(res.win_rates()[0] > res.win_rates()[1])   # the simple heuristic beats random play
True
>>> simulate(preset("classic"), 1000, seed=7).seat_points.tolist() == \\
...     simulate(preset("classic"), 1000, seed=7).seat_points.tolist()
True

Policies are named per seat and repeat over the seats: ``("simple", "random")`` in a 4-player
game puts the heuristic on seats 0 and 2 (one side) and random play on seats 1 and 3.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from briscola.core.cards import Card
from briscola.core.rules import Ruleset, preset
from briscola.fast.core import batch as B
from briscola.fast.core import layout as L
from briscola.fast.core.layout import (
    MAX_ACTIONS,
    MAX_PLAYERS,
    P_DECK,
    P_DECK_SIZE,
    POL_RANDOM,
    POL_SIMPLE,
    S_LEN,
)
from briscola.fast.core.params import ruleset_params

__all__ = ["POLICIES", "SimResult", "play_batch", "policy_codes", "simulate"]

POLICIES = {"random": POL_RANDOM, "simple": POL_SIMPLE}
"""The policies compiled into the core: uniform random legal actions, and a simple heuristic
(takes points cheaply, does not waste trumps, loads a partner's trick, bids by hand strength)."""

_AUTO_PROGRESS = 2_000_000  # show a progress bar from this many games (when progress=None)


def policy_codes(policies: str | Sequence[str], players: int) -> npt.NDArray[np.int64]:
    """The per-seat policy array, the names repeating over the seats.

    >>> policy_codes(("simple", "random"), 4)[:4].tolist()
    [1, 0, 1, 0]
    >>> policy_codes("greedy", 2)
    Traceback (most recent call last):
    ...
    ValueError: unknown policy 'greedy': the fast core plays random, simple
    """
    names = (policies,) if isinstance(policies, str) else tuple(policies)
    if not names:
        raise ValueError("give at least one policy")
    if len(names) > players:
        raise ValueError(f"{len(names)} policies for {players} seats")
    codes = np.zeros(MAX_PLAYERS, dtype=np.int64)
    for seat in range(players):
        name = str(names[seat % len(names)]).strip().lower()
        if name not in POLICIES:
            raise ValueError(f"unknown policy {name!r}: the fast core plays {', '.join(POLICIES)}")
        codes[seat] = POLICIES[name]
    return codes


@dataclass(frozen=True)
class SimResult:
    """The results of a batch of deals, one row per deal.

    ``winners[g, side]`` is True for every side with the top score (two or more: a draw; in
    Briscola chiamata side 0 is the caller's, and a void deal has no winner). ``units`` is the
    chiamata settlement (zero in other games); ``caller`` and ``partner`` are -1 outside it.
    """

    ruleset: Ruleset
    policies: tuple[str, ...]
    seat_points: npt.NDArray[np.int16]
    team_points: npt.NDArray[np.int16]
    winners: npt.NDArray[np.bool_]
    replay: npt.NDArray[np.bool_]
    units: npt.NDArray[np.int16]
    caller: npt.NDArray[np.int16]
    partner: npt.NDArray[np.int16]
    decisions: npt.NDArray[np.int16]
    dealer: npt.NDArray[np.int16]
    seconds: float

    @property
    def n_games(self) -> int:
        """How many deals were played."""
        return len(self.seat_points)

    @property
    def winner(self) -> npt.NDArray[np.int64]:
        """The winning side of each deal, or -1 for a draw (or a void chiamata deal)."""
        single = self.winners.sum(axis=1) == 1
        return np.where(single, self.winners.argmax(axis=1), -1)

    def win_rates(self) -> npt.NDArray[np.float64]:
        """For each side, the share of deals it won outright."""
        sides = self.winners.shape[1]
        counts = np.bincount(self.winner[self.winner >= 0], minlength=sides)
        return counts / max(1, self.n_games)

    def draw_rate(self) -> float:
        """The share of deals with no single winner."""
        return float((self.winner < 0).mean()) if self.n_games else 0.0

    @property
    def games_per_second(self) -> float:
        """Deals per second of wall time."""
        return self.n_games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def total_decisions(self) -> int:
        """Actions taken in all the deals."""
        return int(self.decisions.sum(dtype=np.int64))


def _run_chunk(
    P: npt.NDArray[np.int64],
    policies: npt.NDArray[np.int64],
    seed: int,
    game0: int,
    n_games: int,
    decks: npt.NDArray[np.int8],
    dealer_mode: int,
) -> npt.NDArray[np.int16]:
    """Play one chunk of games in this process (also the task of a worker process)."""
    out = np.zeros((n_games, L.R_LEN), dtype=np.int16)
    play_batch(P, policies, seed, game0, decks, dealer_mode, out)
    return out


def play_batch(
    P: npt.NDArray[np.int64],
    policies: npt.NDArray[np.int64],
    seed: int,
    game0: int,
    decks: npt.NDArray[np.int8],
    dealer_mode: int,
    out: npt.NDArray[np.int16],
    trace: tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int8]] | None = None,
) -> None:
    """Play ``len(out)`` deals (numbered from ``game0``) in the compiled core, a result row each
    into ``out``; :func:`briscola.fast.core.batch.run_batch` with its work space made here.

    ``seed`` is taken modulo 2**64; ``decks`` has one deck order per deal, or no rows to shuffle;
    ``dealer_mode`` is a seat, or -1 to rotate the dealer. With ``trace`` (the deck, action and
    trick-winner arrays of :class:`~briscola.fast.core.replay.Trace`) those are kept too. A
    policy's illegal action (a bug of the core) raises RuntimeError.
    """
    traced = trace is not None
    if trace is None:
        trace = (
            np.zeros((1, 40), dtype=np.int8),
            np.zeros((1, MAX_ACTIONS), dtype=np.int8),
            np.zeros((1, 20), dtype=np.int8),
        )
    done = B.run_batch(
        np.zeros(S_LEN, np.int64),
        np.zeros(MAX_ACTIONS, np.int64),
        P,
        policies,
        np.uint64(seed % 2**64),
        game0,
        len(out),
        decks,
        dealer_mode,
        out,
        traced,
        *trace,
    )
    _check_done(done, game0)


def _check_done(done: int, game0: int) -> None:
    """Raise if the kernel reports that a policy chose an illegal action (a bug of the core)."""
    if done < 0:
        raise RuntimeError(
            f"fast core bug: a policy chose an illegal action in game {game0 - 1 - done}; "
            "please report it with the ruleset and seed"
        )


def _check_decks(
    ruleset: Ruleset, P: npt.NDArray[np.int64], decks: object, n_games: int | None
) -> npt.NDArray[np.int8]:
    rows = []
    arr: npt.NDArray[np.int8]
    if isinstance(decks, np.ndarray):
        arr = decks.astype(np.int8)
    else:
        for deck in decks:  # type: ignore[attr-defined]
            rows.append([c.index if isinstance(c, Card) else int(c) for c in deck])
        arr = np.array(rows, dtype=np.int8)
    size = int(P[P_DECK_SIZE])
    if arr.ndim != 2 or arr.shape[1] != size:
        raise ValueError(
            f"decks must be {size} cards each (the {ruleset.name} deck), one deck per game"
        )
    if n_games is not None and n_games != len(arr):
        raise ValueError(f"{len(arr)} decks for {n_games} games")
    want = np.sort(P[P_DECK : P_DECK + size]).astype(np.int8)
    bad = np.nonzero((np.sort(arr, axis=1) != want).any(axis=1))[0]
    if len(bad):
        raise ValueError(
            f"deck {int(bad[0])} is not an order of the {ruleset.name} ruleset's {size} cards"
        )
    return np.ascontiguousarray(arr)


@contextmanager
def _progress(total: int, show: bool, label: str) -> Iterator[object]:
    if not show:
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def simulate(
    ruleset: Ruleset | str,
    n_games: int | None = None,
    *,
    seed: int = 0,
    decks: object = None,
    policies: str | Sequence[str] = ("random",),
    dealer: int | None = None,
    workers: int | None = 1,
    progress: bool | None = None,
    chunk: int | None = None,
) -> SimResult:
    """Play ``n_games`` deals in the fast core and return the results as arrays.

    ``seed`` fixes every deal and every random choice: deal ``g`` of a run depends only on
    ``(seed, g)``, so the results do not depend on ``workers`` or ``chunk``. ``decks`` (one deck
    order per game: card indices or :class:`~briscola.core.cards.Card`, top card first) replaces the
    shuffle. ``dealer`` fixes the dealer seat; by default it rotates (deal ``g``: seat
    ``g % players``). ``workers`` > 1 spreads the chunks over that many processes (``None`` or 0:
    one per CPU). ``progress`` shows a Rich progress bar (default: for runs of 2,000,000 deals
    or more). A ruleset the core cannot play raises
    :class:`~briscola.fast.core.params.FastUnsupportedError`.
    """
    rules = preset(ruleset) if isinstance(ruleset, str) else ruleset
    P = ruleset_params(rules)
    pol = policy_codes(policies, rules.players)
    names = tuple(("random", "simple")[int(pol[s])] for s in range(rules.players))
    size = int(P[P_DECK_SIZE])
    if decks is not None:
        deck_arr = _check_decks(rules, P, decks, n_games)
        n_games = len(deck_arr)
    elif n_games is None:
        raise ValueError("give n_games, or decks to play")
    else:
        deck_arr = np.zeros((0, size), dtype=np.int8)
    if n_games < 0:
        raise ValueError(f"n_games must be 0 or more, not {n_games}")
    if dealer is not None and not 0 <= dealer < rules.players:
        raise ValueError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer}")
    dealer_mode = -1 if dealer is None else dealer
    n_workers = workers if workers else (os.cpu_count() or 1)
    if n_workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if chunk is None:
        chunk = max(10_000, min(500_000, n_games // (n_workers * 8) + 1))
    seed64 = seed % 2**64
    show = progress if progress is not None else n_games >= _AUTO_PROGRESS
    out = np.zeros((n_games, L.R_LEN), dtype=np.int16)
    starts = list(range(0, n_games, chunk))
    start_time = time.perf_counter()
    with _progress(n_games, show, f"{rules.name}: {n_games:,} deals") as advance:
        if n_workers == 1:
            for s in starts:
                e = min(n_games, s + chunk)
                part = deck_arr[s:e] if len(deck_arr) else deck_arr
                out[s:e] = _run_chunk(P, pol, seed64, s, e - s, part, dealer_mode)
                if advance is not None:
                    advance(e - s)  # type: ignore[operator]
        else:
            import multiprocessing

            ctx = multiprocessing.get_context("forkserver")
            with ProcessPoolExecutor(max_workers=n_workers, mp_context=ctx) as pool:
                futures = {}
                for s in starts:
                    e = min(n_games, s + chunk)
                    part = deck_arr[s:e] if len(deck_arr) else deck_arr
                    fut = pool.submit(_run_chunk, P, pol, seed64, s, e - s, part, dealer_mode)
                    futures[fut] = (s, e)
                for fut in as_completed(futures):
                    s, e = futures[fut]
                    out[s:e] = fut.result()
                    if advance is not None:
                        advance(e - s)  # type: ignore[operator]
    seconds = time.perf_counter() - start_time
    n, teams = rules.players, rules.team_count
    return SimResult(
        ruleset=rules,
        policies=names,
        seat_points=out[:, L.R_SEAT : L.R_SEAT + n],
        team_points=out[:, L.R_TEAM : L.R_TEAM + teams],
        winners=(out[:, L.R_WIN : L.R_WIN + 1] >> np.arange(teams)) & 1 == 1,
        replay=out[:, L.R_REPLAY] == 1,
        units=out[:, L.R_UNITS : L.R_UNITS + n],
        caller=out[:, L.R_CALLER],
        partner=out[:, L.R_PARTNER],
        decisions=out[:, L.R_DECISIONS],
        dealer=out[:, L.R_DEALER],
        seconds=seconds,
    )
