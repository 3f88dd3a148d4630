"""The state machine: deal, legal actions, apply, trick resolution, drawing, the end and the result.

A :class:`State` is immutable data; :func:`apply` returns a new state. A game starts from a seed or
from an explicit deck order (top card first) and is fully reproducible:

>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=7)
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[0])
>>> result = state.result()
>>> sum(result.seat_points) == 120
True
>>> new_game(preset("classic"), seed=7).hands == new_game(preset("classic"), seed=7).hands
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

from briscola.core import chiamata, play
from briscola.core.actions import Action
from briscola.core.cards import Card, format_cards
from briscola.core.rules import Partnership, Ruleset
from briscola.core.state import (
    DealState,
    DeckError,
    IllegalActionError,
    Phase,
    Result,
)

trick_winner = play.trick_winner

# The errors, the phases and the result are re-exported: most callers need them with the state.
__all__ = [
    "DeckError",
    "IllegalActionError",
    "Phase",
    "Result",
    "State",
    "apply",
    "legal_actions",
    "new_game",
    "result",
    "shuffled_deck",
    "trick_winner",
]


@dataclass(frozen=True, slots=True)
class State(DealState):
    """A deal at one moment (the data of :class:`~briscola.core.state.DealState`) with its steps.

    States are immutable: :meth:`apply` returns a new one.
    """

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to act may do now (nothing once the deal is over)."""
        return legal_actions(self)

    def apply(self, action: Action) -> State:
        """The state after the seat to act takes ``action``; see :func:`apply`."""
        return apply(self, action)

    def result(self) -> Result:
        """The outcome of a finished deal; raises ValueError while it is still being played."""
        return result(self)


def shuffled_deck(ruleset: Ruleset, seed: int | str | None) -> tuple[Card, ...]:
    """The ruleset's deck shuffled by ``random.Random(seed)``: the same seed, the same deal."""
    cards = list(ruleset.deck())
    random.Random(seed).shuffle(cards)
    return tuple(cards)


def _check_deck(ruleset: Ruleset, deck: tuple[Card, ...]) -> None:
    want = Counter(ruleset.deck())
    have = Counter(deck)
    if have == want:
        return
    problems = []
    missing = sorted(want - have)
    extra = sorted(have - want)
    if missing:
        problems.append("missing " + format_cards(missing))
    if extra:
        problems.append("has extra or repeated " + format_cards(extra))
    raise DeckError(
        f"the deck must hold the {len(want)} cards of the {ruleset.name} ruleset once each: "
        + "; ".join(problems)
    )


def new_game(
    ruleset: Ruleset,
    *,
    seed: int | str | None = None,
    deck: tuple[Card, ...] | list[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a new game from a seed or from an explicit deck order (top card first).

    The dealer deals ``hand_size`` rounds of one card, starting at the seat after the dealer in
    the direction of play; then (when the ruleset turns one up) the next card is the briscola and
    goes under the stock, to be drawn last.
    """
    if not 0 <= dealer < ruleset.players:
        raise ValueError(f"dealer must be a seat from 0 to {ruleset.players - 1}, not {dealer}")
    if deck is None:
        if seed is None:
            seed = random.randrange(2**63)
        cards = shuffled_deck(ruleset, seed)
    else:
        if seed is not None:
            raise ValueError("give a seed or a deck, not both")
        cards = tuple(deck)
        _check_deck(ruleset, cards)
    n = ruleset.players
    step = ruleset.step
    first = (dealer + step) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for _ in range(ruleset.hand_size):
        for i in range(n):
            hands[(first + i * step) % n].append(cards[pos])
            pos += 1
    base = State(
        ruleset=ruleset,
        dealer=dealer,
        deck=cards,
        phase=Phase.PLAY,
        hands=tuple(tuple(h) for h in hands),
        stock=(),
        briscola=None,
        trump=None,
        turn=first,
        leader=first,
        shown=tuple(tuple(h) for h in hands) if ruleset.partners_show_first else (),
    )
    if ruleset.partnership is Partnership.CALLED:
        return chiamata.start(base)
    briscola = cards[pos]
    return replace(
        base, stock=(*cards[pos + 1 :], briscola), briscola=briscola, trump=briscola.suit
    )


def legal_actions(state: DealState) -> tuple[Action, ...]:
    """The actions the seat to act may take: play any card in hand (no need to follow suit);
    declare an accuso; exchange the briscola; or, in Briscola chiamata, bid, pass and call."""
    if state._legal is not None:
        return state._legal
    if state.phase is Phase.OVER or state.turn is None:
        legal: tuple[Action, ...] = ()
    elif state.phase is Phase.PLAY:
        legal = play.legal_actions(state, state.turn)
    else:
        legal = chiamata.legal_actions(state)
    object.__setattr__(state, "_legal", legal)
    return legal


def apply(state: State, action: Action) -> State:
    """The state after the seat to act takes ``action``.

    Raises :class:`IllegalActionError`, with the reason, for an action the rules do not allow.
    """
    if state.phase is Phase.OVER or state.turn is None:
        raise IllegalActionError("the deal is over: no more actions")
    if action not in legal_actions(state):
        if state.phase is Phase.PLAY:
            raise IllegalActionError(play.why_illegal(state, state.turn, action))
        raise IllegalActionError(chiamata.why_illegal(state, action))
    if state.phase is Phase.PLAY:
        return play.apply(state, state.turn, action)
    return chiamata.apply(state, action)


def result(state: DealState) -> Result:
    """The outcome of a finished deal; raises ValueError while it is still being played."""
    if not state.is_over:
        raise ValueError("the deal is not over yet")
    if state.ruleset.partnership is Partnership.CALLED:
        return chiamata.result(state)
    return play.result(state)
