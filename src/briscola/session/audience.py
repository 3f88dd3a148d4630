"""What a spectator may see: the public view of a deal, for nobody's seat.

A spectator watches a table live but is nobody: no hand, no stock order, no hidden partner in
Briscola chiamata. :func:`public_view` is an observation's JSON (the same fields a seat is sent)
holding only what every seat may know: the cards played, the face-up briscola, the called card,
declared and exchanged cards, the counts, that a partner sign was made (never its meaning), and
every hand only when the rules open them all (briscola scoperta) or once the deal is over.

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=1)
>>> view = public_view(state)
>>> view["seat"], view["hand"], view["legal"], view["hand_counts"]
(None, [], [], [3, 3])
>>> view["briscola"] == str(state.briscola)
True
"""

from __future__ import annotations

from typing import Any

from briscola.core.game import State
from briscola.core.observation import observe, public_cards
from briscola.core.signal_view import seen_actions
from briscola.core.state import Phase

__all__ = ["public_view"]


def public_view(state: State) -> dict[str, Any]:
    """The deal as a spectator may see it (see the module's documentation)."""
    view = observe(state, 0).to_dict()
    players = state.ruleset.players
    over = state.phase is Phase.OVER
    known = public_cards(state)
    view["seat"] = None
    view["hand"] = []
    view["legal"] = []
    view["actions"] = [str(a) for a in seen_actions(state, None)]
    view["signals"] = [{"seat": s.seat, "trick": s.trick, "signal": None} for s in state.signals]
    view["shown"] = {}  # what partners showed each other is theirs (partners_show_first)
    if state.ruleset.open_hands or over:
        view["other_hands"] = {str(s): [str(c) for c in state.hands[s]] for s in range(players)}
        view["known_cards"] = {}
    else:
        view["other_hands"] = {}
        view["known_cards"] = {
            str(s): cards
            for s in range(players)
            for cards in [[str(c) for c in state.hands[s] if c in known]]
            if cards
        }
    revealed = state.revealed or over
    view["partner"] = state.partner if revealed and state.called is not None else None
    return view
