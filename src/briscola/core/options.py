"""The options registry: every option of a ruleset, declared once (the table, :data:`OPTIONS`, in
:mod:`briscola.core.option_table`), and its look-ups.

Each :class:`Option` names a field of :class:`~briscola.core.rules.Ruleset` and says what it is:
its kind and default, where it applies, its title and help in Italian and English, and whether the
fast core runs it (``fast``: ``"runs"``, ``"no_effect"`` or ``"unsupported"``). The rest is
derived from :data:`OPTIONS`: the ruleset's field defaults, its coercion of text and JSON values
and its "unknown option" and "must be one of" messages (:mod:`briscola.core.rules`), the server's
catalog, the command line's ``--option`` help, the fast core's supported-options check, and the
README's options table and the protocol schema's ruleset (:mod:`briscola.core.option_docs`).

>>> option("exchange").choices
('none', 'two', 'seven')
>>> option("accusi").title.get("it"), option("accusi").offered
('Accusi (Re e Cavallo)', (False, True))
>>> option("caller_leads").applies.where.get("en")
'Briscola chiamata (5 players)'
>>> [o.name for o in OPTIONS if o.fast == "no_effect"]
['name', 'points_tie', 'open_hands', 'partners_see_hands', 'partners_show_first', 'tricks_visible']
>>> option("colour")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
briscola.core.options.RulesetError: unknown ruleset option 'colour'; known options: accusi, ...
"""

from __future__ import annotations

from typing import Any, Final

from briscola.core.option_table import OPTIONS
from briscola.core.option_types import Option, RulesLike

# The types (Option, Applies, Text, the enums) live in briscola.core.option_types.
__all__ = [
    "OPTIONS",
    "Option",
    "RulesetError",
    "default_of",
    "offered_on",
    "option",
    "option_names",
]


class RulesetError(ValueError):
    """A ruleset that cannot be played: an unknown option, a bad value, or options that clash."""


_BY_NAME: Final[dict[str, Option]] = {o.name: o for o in OPTIONS}


def option_names() -> tuple[str, ...]:
    """The options' names, in the registry's order."""
    return tuple(_BY_NAME)


def option(name: str) -> Option:
    """The option called ``name``, or :class:`RulesetError` listing the known ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        known = ", ".join(sorted(_BY_NAME))
        raise RulesetError(f"unknown ruleset option {name!r}; known options: {known}") from None


def default_of(name: str) -> Any:
    """An option's default (the :class:`~briscola.core.rules.Ruleset` field's default).

    >>> default_of("hand_size"), default_of("tricks_visible")
    (3, <TricksVisible.END_PHASE: 'end_phase'>)
    """
    return option(name).default


def offered_on(rules: RulesLike) -> tuple[Option, ...]:
    """The options a player may pick on top of ``rules`` (a preset), in the registry's order.

    >>> from briscola.core.rules import preset
    >>> [o.name for o in offered_on(preset("chiamata"))][-2:]
    ['bid_multipliers', 'cappotto_doubles']
    >>> "exchange" in [o.name for o in offered_on(preset("chiamata"))]
    False
    """
    return tuple(o for o in OPTIONS if o.offered and o.applies(rules))
