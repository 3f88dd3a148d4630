"""Finding partner signs' meanings in JSON data, for the leak tests of the signals option."""

from __future__ import annotations

from typing import Any

from briscola.core.signals import SignalKind

KINDS = frozenset(k.value for k in SignalKind)


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
