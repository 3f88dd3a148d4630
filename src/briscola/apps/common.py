"""Pieces shared by the command-line front ends (play, engine, arena): rulesets from options,
and the ``--option`` help, written from the options registry."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import typer

from briscola.core.options import OPTIONS
from briscola.core.rules import Ruleset, RulesetError, preset

__all__ = ["build_ruleset", "option_argument", "option_help", "option_keys"]


def option_help(intro: str = "A rule option KEY=VALUE, repeatable.") -> str:
    """The help of an ``--option`` argument: ``intro``, then every key of the options registry
    (those a player picks on top of a preset first, then those that define a preset).

    >>> text = option_help()
    >>> "exchange=none|two|seven" in text and "removed=CARDS" in text
    True
    >>> text.split("values shown): ")[1][:40]
    'inversion, accusi, exchange=none|two|sev'
    """
    return f"{intro} Keys (true/false unless values shown): {option_keys()}."


def option_keys() -> str:
    """Every key of the options registry as ``--option`` takes it (``exchange=none|two|seven``),
    for the help in any language."""
    keys = []
    picked = [o for o in OPTIONS if o.offered]
    for opt in picked + [o for o in OPTIONS if not o.offered and o.name != "name"]:
        if opt.kind == "bool":
            keys.append(opt.name)
        elif opt.kind == "cards":
            keys.append(f"{opt.name}=CARDS (2d...)")
        elif opt.choices:
            keys.append(f"{opt.name}={'|'.join(str(c) for c in opt.choices)}")
        else:
            keys.append(f"{opt.name}=N")
    return ", ".join(keys)


def option_argument(intro: str = "A rule option KEY=VALUE, repeatable.") -> Any:
    """The ``--option`` / ``-o`` declaration the front ends share, its help from the registry:
    ``option: Annotated[list[str] | None, option_argument()] = None``."""
    return typer.Option("--option", "-o", metavar="KEY=VALUE", help=option_help(intro))


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
