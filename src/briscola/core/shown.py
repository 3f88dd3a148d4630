"""What partners showed each other before the first trick (the ``partners_show_first`` option).

After the deal each player sees its partners' hands as dealt (``State.shown``); from then on it
knows the cards of those that the partner still holds: a shown card once played is simply played,
a card drawn later was never shown. Opponents and spectators see none of it.

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> state = new_game(preset("pairs", partners_show_first=True), seed=2)
>>> shown_cards(state, 0) == {2: state.hands[2]}, shown_cards(state, 1) == {3: state.hands[3]}
(True, True)
>>> shown_cards(new_game(preset("pairs"), seed=2), 0)
{}
"""

from __future__ import annotations

from collections.abc import Sequence

from briscola.core.cards import Card
from briscola.core.rules import Partnership, Ruleset
from briscola.core.state import DealState

__all__ = ["shown_back", "shown_cards"]


def shown_cards(state: DealState, seat: int) -> dict[int, tuple[Card, ...]]:
    """The cards ``seat``'s partners showed it before the first trick and still hold, by partner:
    the hands as dealt, less what has been played or given away since."""
    rules = state.ruleset
    if not state.shown or rules.partnership is not Partnership.ALTERNATE:
        return {}
    out: dict[int, tuple[Card, ...]] = {}
    for s in range(rules.players):
        if s != seat and rules.team_of(s) == rules.team_of(seat):
            cards = tuple(c for c in state.hands[s] if c in state.shown[s])
            if cards:
                out[s] = cards
    return out


def shown_back(
    rules: Ruleset, shown: Sequence[tuple[int, tuple[Card, ...]]]
) -> tuple[tuple[Card, ...], ...]:
    """A determinized state's ``State.shown`` from an observation's ``shown``: what the observer
    was shown is all it can know (the cards a partner showed and has played since no longer
    count), and it observes back to the same ``shown``."""
    if not rules.partners_show_first:
        return ()
    by_seat = dict(shown)
    return tuple(by_seat.get(s, ()) for s in range(rules.players))
