"""The fixed-length encoding of an observation, and the discrete action space with its mask.

The vector is built from an :class:`~briscola.core.observation.Observation` only, never from a full
state, so it holds nothing the seat may not see. Seats are numbered *relative* to the observing
seat in the direction of play: relative seat 0 is the observer, 1 the seat that plays after it,
and so on; blocks sized for six seats leave the slots of absent seats at zero. Every value lies
in ``[0, 1]``. The layout, field by field, is :data:`LAYOUT` (and the table in ``docs/rl.md``).

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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Rank, Suit
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
    RulesetError,
    TricksVisible,
)

__all__ = [
    "LAYOUT",
    "MAX_SEATS",
    "N_ACTIONS",
    "OBS_SIZE",
    "Field",
    "action_mask",
    "action_to_index",
    "check_ruleset",
    "encode",
    "field",
    "index_to_action",
    "layout_table",
    "points_scale",
]

MAX_SEATS: Final = 6
"""The most seats any ruleset has; per-seat blocks have this many slots."""

SUITS: Final = tuple(Suit)  # c d s b, the order of card indices
_RelFn = Callable[[int], int]

# -- the action space ---------------------------------------------------------------------------
PLAY_BASE: Final = 0  # 40 card plays, by card index
DECLARE_BASE: Final = 40  # 4 declarations, by suit (c d s b)
EXCHANGE_INDEX: Final = 44
PASS_INDEX: Final = 45
BID_RANK_BASE: Final = 46  # 10 rank bids, by rank number - 1 (A 2 3 4 5 6 7 F C R)
BID_POINTS_BASE: Final = 56  # 60 points bids, 61..120 (the rules' bid range)
CALL_BASE: Final = BID_POINTS_BASE + MAX_BID_POINTS - MIN_BID_POINTS + 1  # 4 calls, by suit
N_ACTIONS: Final = CALL_BASE + 4
"""The size of the discrete action space (120)."""


def action_to_index(action: Action) -> int:
    """The action's index in the discrete action space.

    >>> action_to_index(Play(Card.parse("Ad"))), action_to_index(Pass()), action_to_index(
    ...     Bid(points=120))
    (10, 45, 115)
    """
    if isinstance(action, Play):
        return PLAY_BASE + action.card.index
    if isinstance(action, Declare):
        return DECLARE_BASE + SUITS.index(action.suit)
    if isinstance(action, ExchangeBriscola):
        return EXCHANGE_INDEX
    if isinstance(action, Pass):
        return PASS_INDEX
    if isinstance(action, Bid):
        if action.rank is not None:
            return BID_RANK_BASE + int(action.rank) - 1
        assert action.points is not None
        if not MIN_BID_POINTS <= action.points <= MAX_BID_POINTS:
            raise ValueError(
                f"{action} is outside the action space: "
                f"points bids run {MIN_BID_POINTS}-{MAX_BID_POINTS}"
            )
        return BID_POINTS_BASE + action.points - MIN_BID_POINTS
    if isinstance(action, Call):
        if action.rank is not None:
            raise ValueError(f"{action} is outside the action space: {_NO_CARD_CALLS}")
        return CALL_BASE + SUITS.index(action.suit)
    raise TypeError(f"not an action: {action!r}")


_NO_CARD_CALLS: Final = (
    "the action space calls a suit (4 calls), not a card: the RL environments do not play "
    "Briscola chiamata with call_card (the auction with a called card); play it with the "
    "reference engine (briscola.core.game)"
)
_NO_SIGNALS: Final = (
    "the observation vector and the action space have no place for partner signals: the RL "
    "environments do not play signals=true; play it with the reference engine "
    "(briscola.core.game) and the bots"
)
_NO_SHOWN: Final = (
    "the RL environments do not play partners_show_first (hands shown before the first trick): "
    "the vector kernel keeps no record of the hands as dealt; play it with the reference engine"
)


def check_ruleset(rules: Ruleset) -> Ruleset:
    """``rules`` if the action space can play it, else a :class:`RulesetError` saying why (the
    ``call_card`` option: calls of a card, not a suit; ``signals``: partner signs, which neither
    the observation vector nor the action space encodes; ``partners_show_first``: hands shown
    before the first trick, which the vector environment does not track).

    >>> from briscola.core.rules import preset
    >>> check_ruleset(preset("chiamata", call_card=True))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    briscola.core.options.RulesetError: the action space calls a suit (4 calls), not a card: ...
    """
    if rules.call_card:
        raise RulesetError(_NO_CARD_CALLS)
    if rules.signals:
        raise RulesetError(_NO_SIGNALS)
    if rules.partners_show_first:
        raise RulesetError(_NO_SHOWN)
    return rules


def index_to_action(index: int) -> Action:
    """The action at ``index`` of the discrete action space (the inverse of action_to_index).

    >>> [str(index_to_action(i)) for i in (0, 43, 44, 46, 56, 119)]
    ['Ac', 'declare b', 'exchange', 'bid A', 'bid 61', 'call b']
    """
    i = int(index)
    if not 0 <= i < N_ACTIONS:
        raise ValueError(f"action index {index} is outside 0-{N_ACTIONS - 1}")
    if i < DECLARE_BASE:
        return Play(Card.from_index(i))
    if i < EXCHANGE_INDEX:
        return Declare(SUITS[i - DECLARE_BASE])
    if i == EXCHANGE_INDEX:
        return ExchangeBriscola()
    if i == PASS_INDEX:
        return Pass()
    if i < BID_POINTS_BASE:
        return Bid(rank=Rank(i - BID_RANK_BASE + 1))
    if i < CALL_BASE:
        return Bid(points=MIN_BID_POINTS + i - BID_POINTS_BASE)
    return Call(SUITS[i - CALL_BASE])


def action_mask(legal: Iterable[Action]) -> npt.NDArray[np.int8]:
    """A 0/1 vector over the action space: 1 where the action is legal (``obs.legal``)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for action in legal:
        mask[action_to_index(action)] = 1
    return mask


# -- the observation layout ---------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One named block of the observation vector."""

    name: str
    offset: int
    size: int
    doc: str

    @property
    def slice(self) -> slice:
        """The block's positions in the vector."""
        return slice(self.offset, self.offset + self.size)


_SPEC: Final[tuple[tuple[str, int, str], ...]] = (
    ("hand", 40, "own hand, one-hot by card index"),
    (
        "known_hands",
        40 * (MAX_SEATS - 1),
        "for relative seats 1-5: 40 each, the cards known to "
        "be in that seat's hand (its whole hand when open, else publicly known cards: a drawn "
        "briscola, a card taken in an exchange, a declared Re and Cavallo)",
    ),
    (
        "open_hands",
        MAX_SEATS - 1,
        "for relative seats 1-5: 1 when that seat's whole hand is "
        "visible (briscola scoperta, partners in the end phase)",
    ),
    (
        "trick",
        40 * MAX_SEATS,
        "the current trick: for relative seats 0-5, 40 each, the card that seat has played to it",
    ),
    ("played", 40, "every card in a completed trick"),
    (
        "won_by_side",
        40,
        "cards in completed tricks taken by the observer's side (the seats known to be on it)",
    ),
    (
        "briscola",
        40,
        "the briscola card: the face-up card (even once drawn); in chiamata the "
        "called card once named",
    ),
    ("briscola_on_table", 1, "1 while the face-up briscola still lies under the stock"),
    ("trump", 4, "the trump suit, one-hot (c d s b)"),
    ("stock", 1, "cards left in the stock / deck size"),
    ("hand_counts", MAX_SEATS, "cards in hand per relative seat / hand size"),
    (
        "points",
        MAX_SEATS,
        "points taken per relative seat (tricks and declarations) / the most "
        "points a deal can hold (deck total, +100 with accusi)",
    ),
    ("side_points", 2, "points of the observer's known side, and of everybody else, same scale"),
    ("phase", 4, "auction, call, play, over, one-hot"),
    ("turn", MAX_SEATS, "the relative seat to act, one-hot (zero when the deal is over)"),
    (
        "leader",
        MAX_SEATS,
        "the relative seat that leads the current trick (or opened the auction), one-hot",
    ),
    ("dealer", MAX_SEATS, "the dealer's relative seat, one-hot"),
    ("partners", MAX_SEATS, "relative seats known to be on the observer's side (seat 0 included)"),
    ("opponents", MAX_SEATS, "relative seats known to be on another side"),
    ("tricks_visible", 1, "1 when the rules let the observer look through its side's tricks"),
    ("declared", 4, "suits whose Re and Cavallo have been declared (accuso), by suit"),
    ("exchanged", 1, "1 once the briscola has been exchanged"),
    ("players", 5, "number of players, one-hot over 2, 3, 4, 5, 6"),
    ("partnership", 3, "none, alternate seats, called partner, one-hot"),
    ("hand_size", 1, "cards dealt per hand / 10"),
    ("removed", 40, "cards taken out of the deck by the ruleset"),
    (
        "options",
        12,
        "ruleset flags: inversion, accusi, exchange two, exchange seven, open "
        "hands, tie replays, clockwise, partners see hands, tricks always visible, tricks visible "
        "in the end phase, points-only auction, caller leads",
    ),
    ("settlement", 2, "chiamata flags: bid multipliers, cappotto doubles"),
    ("caller", MAX_SEATS, "chiamata: the auction's winner, relative seat, one-hot"),
    ("bidder", MAX_SEATS, "chiamata: the seat of the standing bid, relative, one-hot"),
    ("bid_rank", 10, "chiamata: the standing bid's rank (the contract rank), by rank number"),
    (
        "bid_points",
        1,
        f"chiamata: (points of the standing bid - {MIN_BID_POINTS}) / "
        f"{MAX_BID_POINTS - MIN_BID_POINTS} once bids are on points",
    ),
    ("passed", MAX_SEATS, "chiamata: relative seats that have passed"),
    ("called", 40, "chiamata: the called card, one-hot"),
    ("partner_known", 1, "chiamata: 1 once the observer knows who the caller's partner is"),
)


def _build_layout() -> tuple[Field, ...]:
    out = []
    offset = 0
    for name, size, doc in _SPEC:
        out.append(Field(name, offset, size, doc))
        offset += size
    return tuple(out)


LAYOUT: Final[tuple[Field, ...]] = _build_layout()
"""The blocks of the observation vector, in order."""

OBS_SIZE: Final = LAYOUT[-1].offset + LAYOUT[-1].size
"""The length of the observation vector."""

_FIELDS: Final = {f.name: f for f in LAYOUT}
_O: Final = {f.name: f.offset for f in LAYOUT}


def field(name: str) -> Field:
    """The block of the vector with this name.

    >>> field("hand").slice
    slice(0, 40, None)
    """
    try:
        return _FIELDS[name]
    except KeyError:
        raise KeyError(f"no field {name!r}; fields: {', '.join(_FIELDS)}") from None


def layout_table() -> str:
    """The layout as a Markdown table (the one in ``docs/rl.md``)."""
    lines = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
    lines.extend(f"| {f.offset} | {f.size} | `{f.name}` | {f.doc} |" for f in LAYOUT)
    lines.append(f"| | **{OBS_SIZE}** | | total |")
    return "\n".join(lines)


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
