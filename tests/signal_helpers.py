"""For the tests of the signals option: a pairs deal of chosen hands, and finding partner signs'
meanings in JSON data (the leak tests)."""

from __future__ import annotations

from typing import Any

from briscola.core.cards import Card, parse_cards
from briscola.core.game import State, new_game
from briscola.core.rules import preset
from briscola.core.signals import SignalKind

KINDS = frozenset(k.value for k in SignalKind)


def pairs_deal(hands: str, briscola: str, **options: Any) -> State:
    """A pairs deal with signals (dealer 3, so seat 0 is dealt first and leads): seat s holds the
    s-th group of three cards of ``hands``, under the face-up ``briscola``."""
    rules = preset("pairs", signals=True, **options)
    groups = [parse_cards(h) for h in hands.split("|")]
    dealt = [groups[s][r] for r in range(3) for s in range(4)]
    face_up = Card.parse(briscola)
    rest = [c for c in rules.deck() if c not in dealt and c != face_up]
    return new_game(rules, deck=[*dealt, face_up, *rest], dealer=3)


def meanings(data: Any) -> list[str]:
    """Every sign's meaning written in JSON data (a ``signal KEY`` action, a sign's ``signal``
    value), leaving out a seat's own ``legal`` moves (the signs it may make itself).

    >>> meanings({"actions": ["Ad", "signal asso", "signal"], "legal": ["signal tre"]})
    ['asso']
    """
    found: list[str] = []
    if isinstance(data, dict):
        if data.get("signal") in KINDS:
            found.append(data["signal"])
        for key, value in data.items():
            if key not in ("legal", "signal"):
                found += meanings(value)
    elif isinstance(data, list):
        for item in data:
            found += meanings(item)
    elif isinstance(data, str) and data.startswith("signal "):
        found.append(data.split()[1])
    return found
