"""Pieces shared by the command-line front ends (play, engine, arena): rulesets from options."""

from __future__ import annotations

from collections.abc import Iterable

import typer

from briscola.core.rules import Ruleset, RulesetError, preset

__all__ = ["build_ruleset"]


def build_ruleset(name: str, options: Iterable[str], preset_hint: str = "PRESET") -> Ruleset:
    """The preset ``name`` with ``KEY=VALUE`` options, or :class:`typer.BadParameter` naming
    the faulty argument.

    >>> build_ruleset("classic", ["inversion=true", "direction=clockwise"]).inversion
    True
    >>> try:
    ...     build_ruleset("classic", ["inversion"])
    ... except typer.BadParameter as exc:
    ...     print(exc.message)
    'inversion' is not KEY=VALUE (e.g. inversion=true)
    """
    try:
        rules = preset(name)
    except RulesetError as exc:
        raise typer.BadParameter(str(exc), param_hint=preset_hint) from None
    overrides: dict[str, str] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(
                f"{item!r} is not KEY=VALUE (e.g. inversion=true)", param_hint="--option"
            )
        overrides[key.strip()] = value.strip()
    try:
        return rules.with_options(**overrides) if overrides else rules
    except RulesetError as exc:
        raise typer.BadParameter(str(exc), param_hint="--option") from None
