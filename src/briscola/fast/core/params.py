"""A :class:`~briscola.core.rules.Ruleset` as the fast core's parameter array, or a clear refusal.

>>> from briscola.core.rules import preset
>>> P = ruleset_params(preset("pairs", direction="clockwise"))
>>> int(P[L.P_PLAYERS]), int(P[L.P_STEP]), int(P[L.P_TEAMS]), int(P[L.P_TOTAL])
(4, -1, 2, 120)
>>> int(ruleset_params(preset("classic", inversion=True))[L.P_POINTS + 6])  # the 7 of coppe
10

What the core does with each field of the ruleset is the options registry's ``fast``
(:data:`briscola.core.options.OPTIONS`): it runs it, or knows it does not change the play (open
hands, what partners and players may look at, the ruleset's name). An option it does not support,
or a field the registry does not know, set to anything but its default, is refused rather than
ignored:

>>> import dataclasses
>>> @dataclasses.dataclass(frozen=True)
... class Future(Ruleset):
...     misere: bool = False
>>> ruleset_params(Future(misere=True))
Traceback (most recent call last):
...
briscola.fast.core.params.FastUnsupportedError: the fast core cannot play the option misere=True; \
play it with the reference engine (briscola.core.game)
"""

from __future__ import annotations

import dataclasses
from typing import Final

import numpy as np
import numpy.typing as npt

from briscola.core import rules
from briscola.core.cards import FULL_DECK
from briscola.core.chiamata import bid_order
from briscola.core.options import OPTIONS
from briscola.core.rules import Exchange, Partnership, Ruleset, RulesetError, TieRule
from briscola.fast.core import layout as L

__all__ = ["FastUnsupportedError", "ruleset_params"]


class FastUnsupportedError(RulesetError):
    """A ruleset the fast core cannot play exactly as the reference engine does."""


# What the fast core does with each option of the registry: "runs", "no_effect" (it changes
# only what a seat may see, or nothing in play) or "unsupported". A field the registry does not
# know is unsupported.
_FAST: Final = {o.name: o.fast for o in OPTIONS}
# Unsupported options that change only the auction and the call (Briscola chiamata): once the
# called card is known, play is the same, so a play-phase state (the search's) runs them.
AUCTION_ONLY: Final = frozenset({"call_card"})

_PARTNERSHIP: Final = {
    Partnership.NONE: L.PART_NONE,
    Partnership.ALTERNATE: L.PART_ALTERNATE,
    Partnership.CALLED: L.PART_CALLED,
}
_EXCHANGE: Final = {
    Exchange.NONE: L.EXCH_NONE,
    Exchange.TWO: L.EXCH_TWO,
    Exchange.SEVEN: L.EXCH_SEVEN,
}


def _check_supported(ruleset: Ruleset, play_phase: bool) -> None:
    """Refuse a field the fast core does not run set to anything but its default (with
    ``play_phase``, an option of :data:`AUCTION_ONLY` is let through)."""
    for f in dataclasses.fields(ruleset):
        if not f.init or _FAST.get(f.name, "unsupported") != "unsupported":
            continue
        if play_phase and f.name in AUCTION_ONLY:
            continue
        value = getattr(ruleset, f.name)
        if f.default is dataclasses.MISSING or value != f.default:
            raise FastUnsupportedError(
                f"the fast core cannot play the option {f.name}={value!r}; "
                "play it with the reference engine (briscola.core.game)"
            )


def ruleset_params(ruleset: Ruleset, play_phase: bool = False) -> npt.NDArray[np.int64]:
    """The parameter array of a ruleset.

    Raises :class:`FastUnsupportedError` for a ruleset the core cannot play. ``play_phase``: the
    array is for states in the play phase only (the search's), where the options that change
    only the auction and the call (:data:`AUCTION_ONLY`, like ``call_card``) play as usual.
    """
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"ruleset_params needs a Ruleset, not {ruleset!r}")
    _check_supported(ruleset, play_phase)
    n = ruleset.players
    deck = ruleset.deck()
    if n > L.MAX_PLAYERS or ruleset.hand_size > L.MAX_HAND:
        raise FastUnsupportedError(
            f"the fast core plays at most {L.MAX_PLAYERS} players and {L.MAX_HAND} cards a hand"
        )
    if ruleset.partnership is Partnership.CALLED and len(deck) != len(FULL_DECK):
        # The called card could be a removed one: nobody would hold it (the reference engine has
        # no rule for that either), so the core refuses rather than guess.
        raise FastUnsupportedError(
            "the fast core plays Briscola chiamata with the whole deck only, not with removed cards"
        )
    P = np.zeros(L.P_LEN, np.int64)
    P[L.P_PLAYERS] = n
    P[L.P_HAND] = ruleset.hand_size
    P[L.P_STEP] = ruleset.step
    P[L.P_PARTNERSHIP] = _PARTNERSHIP[ruleset.partnership]
    P[L.P_ACCUSI] = int(ruleset.accusi)
    P[L.P_EXCHANGE] = _EXCHANGE[ruleset.exchange]
    P[L.P_TIE_REPLAY] = int(ruleset.tie is TieRule.REPLAY)
    P[L.P_DECK_SIZE] = len(deck)
    P[L.P_TOTAL] = ruleset.total_points
    P[L.P_POINTS_ONLY] = int(ruleset.points_only_auction)
    P[L.P_CALLER_LEADS] = int(ruleset.caller_leads)
    P[L.P_BID_MULT] = int(ruleset.bid_multipliers)
    P[L.P_CAPPOTTO] = int(ruleset.cappotto_doubles)
    P[L.P_TEAMS] = ruleset.team_count
    P[L.P_INVERSION] = int(ruleset.inversion)
    P[L.P_OPEN_HANDS] = int(ruleset.open_hands)
    P[L.P_ACCUSO] = rules.ACCUSO_POINTS
    P[L.P_ACCUSO_TRUMP] = rules.ACCUSO_TRUMP_POINTS
    P[L.P_BID_MIN] = rules.MIN_BID_POINTS
    P[L.P_BID_MAX] = rules.MAX_BID_POINTS
    for card in FULL_DECK:
        P[L.P_POINTS + card.index] = ruleset.points_of(card)
        P[L.P_STRENGTH + card.index] = ruleset.strength_of(card)
    for i, card in enumerate(deck):
        P[L.P_DECK + i] = card.index
    for i, rank in enumerate(bid_order(ruleset)):
        P[L.P_BID_ORDER + i] = int(rank)
    for seat in range(L.MAX_PLAYERS):
        fixed = seat < n and ruleset.partnership is not Partnership.CALLED
        P[L.P_TEAM + seat] = ruleset.team_of(seat) if fixed else -1
    assert len(rules.BID_MULTIPLIERS) == L.P_MULT_PAIRS
    for i, (threshold, factor) in enumerate(rules.BID_MULTIPLIERS):
        P[L.P_MULT + 2 * i] = threshold
        P[L.P_MULT + 2 * i + 1] = factor
    return P
