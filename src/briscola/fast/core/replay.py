"""Between the reference engine and the fast core: action codes, traced games and replays.

Every action has a small integer code (see :mod:`briscola.fast.core.layout`), and converts exactly:

>>> from briscola.core.actions import parse_action
>>> [encode_action(parse_action(t)) for t in ("Ad", "declare b", "exchange", "pass", "bid 3",
...                                           "call s", "bid 75")]
[10, 43, 44, 45, 48, 58, 75]
>>> str(decode_action(48)), str(decode_action(75)), str(decode_action(33))
('bid 3', 'bid 75', '4b')

:func:`trace_games` lets the fast core play and keeps each game's deck, dealer, action codes and
trick winners; :func:`replay_games` has the fast core replay given decks and actions, checking
each action against the legal ones. The parity checks (:mod:`briscola.fast.core.parity`) use both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import FULL_DECK, Card, Rank, Suit
from briscola.core.game import State
from briscola.core.rules import Ruleset
from briscola.fast.core import batch as B
from briscola.fast.core import layout as L
from briscola.fast.core.layout import (
    A_BID_RANK,
    A_CALL,
    A_DECLARE,
    A_EXCHANGE,
    A_PASS,
    A_POINTS_MAX,
    A_POINTS_MIN,
    MAX_ACTIONS,
    MAX_TRICKS,
    P_DECK_SIZE,
    S_LEN,
)
from briscola.fast.core.params import ruleset_params
from briscola.fast.core.sim import play_batch, policy_codes

__all__ = [
    "ReplayOutcome",
    "Trace",
    "decode_action",
    "encode_action",
    "encode_deck",
    "legal_masks",
    "reference_row",
    "replay_games",
    "trace_games",
]

_SUITS = (Suit.COPPE, Suit.DENARI, Suit.SPADE, Suit.BASTONI)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}


def encode_action(action: Action) -> int:
    """The fast core's code of an action."""
    if isinstance(action, Play):
        return action.card.index
    if isinstance(action, Declare):
        return A_DECLARE + _SUIT_INDEX[action.suit]
    if isinstance(action, ExchangeBriscola):
        return A_EXCHANGE
    if isinstance(action, Pass):
        return A_PASS
    if isinstance(action, Bid):
        if action.rank is not None:
            return A_BID_RANK + int(action.rank)
        assert action.points is not None
        return action.points
    if isinstance(action, Call):
        return A_CALL + _SUIT_INDEX[action.suit]
    raise TypeError(f"not an action: {action!r}")


def decode_action(code: int) -> Action:
    """The action of a fast-core code; ValueError for a number that is no action's code."""
    code = int(code)
    if 0 <= code < 40:
        return Play(FULL_DECK[code])
    if A_DECLARE <= code < A_DECLARE + 4:
        return Declare(_SUITS[code - A_DECLARE])
    if code == A_EXCHANGE:
        return ExchangeBriscola()
    if code == A_PASS:
        return Pass()
    if A_BID_RANK < code <= A_BID_RANK + 10:
        return Bid(rank=Rank(code - A_BID_RANK))
    if A_CALL <= code < A_CALL + 4:
        return Call(_SUITS[code - A_CALL])
    if A_POINTS_MIN <= code <= A_POINTS_MAX:
        return Bid(points=code)
    raise ValueError(f"{code} is not the code of an action")


def encode_deck(cards: Sequence[Card]) -> npt.NDArray[np.int8]:
    """A deck order as card indices (top card first)."""
    return np.array([c.index for c in cards], dtype=np.int8)


def legal_masks(actions: Sequence[Action]) -> tuple[int, int]:
    """A set of actions as the two bit masks the replay kernel writes (codes 0-59, 60-120)."""
    low = high = 0
    for action in actions:
        code = encode_action(action)
        if code < 60:
            low |= 1 << code
        else:
            high |= 1 << (code - 60)
    return low, high


def reference_row(state: State) -> npt.NDArray[np.int16]:
    """A finished reference deal's result in the fast core's result row layout (``L.R_*``)."""
    res = state.result()
    row = np.zeros(L.R_LEN, dtype=np.int16)
    row[L.R_SEAT : L.R_SEAT + len(res.seat_points)] = res.seat_points
    row[L.R_TEAM : L.R_TEAM + len(res.team_points)] = res.team_points
    row[L.R_WIN] = sum(1 << w for w in res.winners)
    row[L.R_REPLAY] = int(res.replay)
    if res.units:
        row[L.R_UNITS : L.R_UNITS + len(res.units)] = res.units
    caller = state.caller
    partner = state.partner if caller is not None else None
    row[L.R_CALLER] = -1 if caller is None else caller
    row[L.R_PARTNER] = -1 if partner is None else partner
    row[L.R_DECISIONS] = len(state.actions)
    row[L.R_DEALER] = state.dealer
    return row


@dataclass(frozen=True)
class Trace:
    """Games the fast core played, with what it takes to replay them.

    ``rows`` are the result rows (``L.R_*`` layout); ``actions[g, :n_actions[g]]`` the action
    codes of game ``g``; ``trick_winners[g, :n_tricks]`` the seat that took each trick.
    """

    ruleset: Ruleset
    decks: npt.NDArray[np.int8]
    dealers: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int8]
    n_actions: npt.NDArray[np.int64]
    trick_winners: npt.NDArray[np.int8]
    rows: npt.NDArray[np.int16]

    def game_actions(self, game: int) -> list[Action]:
        """The actions of one game."""
        return [decode_action(c) for c in self.actions[game, : self.n_actions[game]]]

    def game_deck(self, game: int) -> tuple[Card, ...]:
        """The deck order of one game (top card first)."""
        return tuple(FULL_DECK[int(i)] for i in self.decks[game])


def trace_games(
    ruleset: Ruleset,
    n_games: int,
    *,
    seed: int = 0,
    policies: Sequence[str] = ("random",),
    game0: int = 0,
) -> Trace:
    """Let the fast core play ``n_games`` deals and keep everything needed to replay them.

    >>> from briscola.core.rules import preset
    >>> t = trace_games(preset("classic"), 2, seed=1)
    >>> t.decks.shape, [int(n) for n in t.n_actions]
    ((2, 40), [40, 40])
    """
    P = ruleset_params(ruleset)
    size = int(P[P_DECK_SIZE])
    out = np.zeros((n_games, L.R_LEN), dtype=np.int16)
    decks = np.zeros((n_games, size), dtype=np.int8)
    actions = np.zeros((n_games, MAX_ACTIONS), dtype=np.int8)
    winners = np.full((n_games, MAX_TRICKS), -1, dtype=np.int8)
    codes = policy_codes(policies, ruleset.players)
    no_decks = np.zeros((0, size), np.int8)
    play_batch(P, codes, seed, game0, no_decks, -1, out, (decks, actions, winners))
    return Trace(
        ruleset,
        decks,
        out[:, L.R_DEALER].astype(np.int64),
        actions,
        out[:, L.R_DECISIONS].astype(np.int64),
        winners,
        out,
    )


@dataclass(frozen=True)
class ReplayOutcome:
    """What the fast core made of replayed games.

    ``status[g]`` is -1 when game ``g`` ended exactly after its actions, else the index of the
    first action it found illegal (or the number of actions, if the deal was not over).
    ``legal[g, i]`` holds the legal actions before action ``i`` as two bit masks.
    """

    status: npt.NDArray[np.int64]
    legal: npt.NDArray[np.int64]
    rows: npt.NDArray[np.int16]
    trick_winners: npt.NDArray[np.int8]


def replay_games(
    ruleset: Ruleset,
    decks: npt.NDArray[np.int8],
    dealers: Sequence[int] | npt.NDArray[np.int64],
    actions: npt.NDArray[np.int8],
    n_actions: Sequence[int] | npt.NDArray[np.int64],
) -> ReplayOutcome:
    """Replay decks and action codes in the fast core.

    >>> from briscola.core.rules import preset
    >>> t = trace_games(preset("pairs"), 3, seed=2)
    >>> r = replay_games(t.ruleset, t.decks, t.dealers, t.actions, t.n_actions)
    >>> r.status.tolist(), bool((r.rows == t.rows).all())
    ([-1, -1, -1], True)
    """
    P = ruleset_params(ruleset)
    n = len(decks)
    decks = np.ascontiguousarray(decks, dtype=np.int8)
    actions = np.ascontiguousarray(actions, dtype=np.int8)
    status = np.zeros(n, dtype=np.int64)
    legal = np.zeros((n, actions.shape[1], 2), dtype=np.int64)
    rows = np.zeros((n, L.R_LEN), dtype=np.int16)
    winners = np.full((n, MAX_TRICKS), -1, dtype=np.int8)
    B.replay_batch(
        np.zeros(S_LEN, np.int64),
        np.zeros(MAX_ACTIONS, np.int64),
        P,
        decks,
        np.asarray(dealers, dtype=np.int64),
        actions,
        np.asarray(n_actions, dtype=np.int64),
        legal,
        rows,
        winners,
        status,
    )
    return ReplayOutcome(status, legal, rows, winners)
