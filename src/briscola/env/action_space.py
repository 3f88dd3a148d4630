"""The discrete action space of the RL environments (:data:`N_ACTIONS` = 120 actions): an
index for every action a seat can take (:func:`action_to_index`, :func:`index_to_action`), the
0/1 mask of the legal ones (:func:`action_mask`), and the rulesets it cannot play
(:func:`check_ruleset`). :mod:`briscola.env.encoding` re-exports these names.

>>> N_ACTIONS, PASS_INDEX, str(index_to_action(CALL_BASE))
(120, 45, 'call c')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from briscola.core.actions import Action, Bid, Call, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import MAX_BID_POINTS, MIN_BID_POINTS, Ruleset, RulesetError

__all__ = [
    "BID_POINTS_BASE",
    "BID_RANK_BASE",
    "CALL_BASE",
    "DECLARE_BASE",
    "EXCHANGE_INDEX",
    "N_ACTIONS",
    "PASS_INDEX",
    "PLAY_BASE",
    "SUITS",
    "action_mask",
    "action_to_index",
    "check_ruleset",
    "index_to_action",
]

SUITS: Final = tuple(Suit)  # c d s b, the order of card indices

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
