"""The fixed-length encoding of an observation, and the discrete action space with its mask.

The vector is built from an :class:`~briscola.core.observation.Observation` only, never from a full
state, so it holds nothing the seat may not see. Seats are numbered *relative* to the observing
seat in the direction of play: relative seat 0 is the observer, 1 the seat that plays after it,
and so on; blocks sized for six seats leave the slots of absent seats at zero. Every value lies
in ``[0, 1]``. The layout, field by field, is :data:`LAYOUT` (and the table in ``docs/rl.md``).

The layout is declared in :mod:`briscola.env.layout`, the action space in
:mod:`briscola.env.action_space`; their names are importable from here too.

>>> from briscola.core.cards import Card
>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> obs = observe(state, state.turn)
>>> vec = encode(obs)
>>> vec.shape == (OBS_SIZE,), vec.dtype.name
(True, 'float32')
>>> sorted(Card.from_index(i) for i in vec[field("hand").slice].nonzero()[0]) == sorted(obs.hand)
True
>>> [index_to_action(i) for i in action_mask(obs.legal).nonzero()[0]] == sorted(
...     obs.legal, key=action_to_index)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np
import numpy.typing as npt

import briscola.env.action_space as action_space
from briscola.core.cards import Suit
from briscola.core.game import Phase
from briscola.core.observation import Observation, Sides
from briscola.core.rules import (
    ACCUSO_POINTS,
    ACCUSO_TRUMP_POINTS,
    MAX_BID_POINTS,
    MIN_BID_POINTS,
    Exchange,
    Partnership,
    Ruleset,
    TricksVisible,
)
from briscola.env.action_space import *  # noqa: F403  (re-exported: the names of its __all__)
from briscola.env.action_space import SUITS
from briscola.env.layout import LAYOUT, MAX_SEATS, OBS_SIZE, Field, field, layout_table

__all__ = [
    "LAYOUT",
    "MAX_SEATS",
    "OBS_SIZE",
    "Field",
    "encode",
    "field",
    "layout_table",
    "points_scale",
]
__all__ += action_space.__all__

_RelFn = Callable[[int], int]
_O: Final = {f.name: f.offset for f in LAYOUT}
"""Each block's offset, by name."""


def points_scale(rules: Ruleset) -> int:
    """The most points a deal can hold: the deck's card points, and with accusi every accuso
    (one in the trump suit, three in the others); the observation's points are shares of it.

    >>> from briscola.core.rules import preset
    >>> points_scale(preset("classic")), points_scale(preset("classic", accusi=True))
    (120, 220)
    """
    accusi = ACCUSO_TRUMP_POINTS + (len(Suit) - 1) * ACCUSO_POINTS if rules.accusi else 0
    return rules.total_points + accusi


_PHASES: Final = (Phase.AUCTION, Phase.CALL, Phase.PLAY, Phase.OVER)


def encode(obs: Observation) -> npt.NDArray[np.float32]:
    """The observation as a float32 vector of length :data:`OBS_SIZE` (see :data:`LAYOUT`)."""
    v = np.zeros(OBS_SIZE, dtype=np.float32)
    rules = obs.ruleset
    n = rules.players
    step = rules.step
    me = obs.seat

    def rel(seat: int) -> int:
        return ((seat - me) * step) % n

    for card in obs.hand:
        v[_O["hand"] + card.index] = 1
    open_seats = {s for s, _ in obs.other_hands}
    for seat, cards in (*obs.other_hands, *obs.known_cards):
        base = _O["known_hands"] + 40 * (rel(seat) - 1)
        for card in cards:
            v[base + card.index] = 1
    for seat in open_seats:
        v[_O["open_hands"] + rel(seat) - 1] = 1
    for seat, card in obs.trick:
        v[_O["trick"] + 40 * rel(seat) + card.index] = 1

    sides = obs.sides()
    for trick in obs.tricks:
        mine = trick.winner in sides.with_me
        for _, card in trick.plays:
            v[_O["played"] + card.index] = 1
            if mine:
                v[_O["won_by_side"] + card.index] = 1

    if obs.briscola is not None:
        v[_O["briscola"] + obs.briscola.index] = 1
    if obs.trump is not None:
        v[_O["trump"] + SUITS.index(obs.trump)] = 1
    v[_O["briscola_on_table"]] = obs.briscola_on_table
    v[_O["stock"]] = obs.stock_count / len(rules.deck())
    scale = points_scale(rules)
    points = obs.seat_points()
    side = 0
    for seat in range(n):
        r = rel(seat)
        v[_O["hand_counts"] + r] = obs.hand_counts[seat] / rules.hand_size
        v[_O["points"] + r] = points[seat] / scale
        if seat in sides.with_me:
            side += points[seat]
            v[_O["partners"] + r] = 1
        elif seat in sides.against:
            v[_O["opponents"] + r] = 1
    v[_O["side_points"]] = side / scale
    v[_O["side_points"] + 1] = (sum(points) - side) / scale

    v[_O["phase"] + _PHASES.index(obs.phase)] = 1
    if obs.turn is not None:
        v[_O["turn"] + rel(obs.turn)] = 1
    v[_O["leader"] + rel(obs.leader)] = 1
    v[_O["dealer"] + rel(obs.dealer)] = 1
    v[_O["tricks_visible"]] = obs.tricks_visible
    for decl in obs.declarations:
        v[_O["declared"] + SUITS.index(decl.suit)] = 1
    v[_O["exchanged"]] = bool(obs.exchanges)

    _encode_ruleset(v, obs)
    _encode_auction(v, obs, rel, sides)
    return v


def _encode_ruleset(v: npt.NDArray[np.float32], obs: Observation) -> None:
    rules = obs.ruleset
    v[_O["players"] + rules.players - 2] = 1
    parts = (Partnership.NONE, Partnership.ALTERNATE, Partnership.CALLED)
    v[_O["partnership"] + parts.index(rules.partnership)] = 1
    v[_O["hand_size"]] = min(rules.hand_size / 10, 1.0)
    for card in rules.removed:
        v[_O["removed"] + card.index] = 1
    flags = (
        rules.inversion,
        rules.accusi,
        rules.exchange is Exchange.TWO,
        rules.exchange is Exchange.SEVEN,
        rules.open_hands,
        rules.tie.value == "replay",
        rules.step == -1,
        rules.partners_see_hands,
        rules.tricks_visible is TricksVisible.ALWAYS,
        rules.tricks_visible is TricksVisible.END_PHASE,
        rules.points_only_auction,
        rules.caller_leads,
    )
    base = _O["options"]
    for i, flag in enumerate(flags):
        v[base + i] = flag
    v[_O["settlement"]] = rules.bid_multipliers
    v[_O["settlement"] + 1] = rules.cappotto_doubles


def _encode_auction(
    v: npt.NDArray[np.float32], obs: Observation, rel: _RelFn, sides: Sides
) -> None:
    auction = obs.auction
    if auction is None:
        return
    if auction.winner is not None:
        v[_O["caller"] + rel(auction.winner)] = 1
    standing = auction.standing
    if standing is not None:
        seat, bid = standing
        v[_O["bidder"] + rel(seat)] = 1
        rank = auction.contract_rank
        assert rank is not None
        v[_O["bid_rank"] + int(rank) - 1] = 1
        if bid.points is not None:
            v[_O["bid_points"]] = (bid.points - MIN_BID_POINTS) / (MAX_BID_POINTS - MIN_BID_POINTS)
    for seat in auction.passed:
        v[_O["passed"] + rel(seat)] = 1
    if obs.called is not None:
        v[_O["called"] + obs.called.index] = 1
    v[_O["partner_known"]] = obs.called is not None and not sides.unknown
