"""The ``briscola`` command's errors in the command line's language.

Our own refusals come from the catalogs (:func:`bad`: ``terminal.cli.bad.<key>``). The errors of
other layers reach the command line as English text (``BadParameter(str(exc))`` of a
:class:`~briscola.core.rules.RulesetError`, a match format, an unknown bot): :func:`reword` says
the ones a person meets at the command line in the current language, by their pattern, as
:mod:`briscola.i18n.cli` does for Click's own messages; one it does not know is kept as it is,
after a lead in the language (``regole non giocabili: ...``) when it is a ruleset's.

>>> from briscola.i18n.cli import localize
>>> localize("it")
>>> reword("unknown preset 'sette'; presets: classic, three")
"gioco sconosciuto: 'sette'; i giochi: classic, three"
>>> reword("signals is an option of games with fixed teams (4 or 6 players), not for 2 players")
'signals vale solo per partite a squadre fisse (4 o 6 giocatori), non per 2 giocatori'
>>> localize("en"); reword("unknown preset 'sette'; presets: classic, three")
"unknown preset 'sette'; presets: classic, three"
>>> localize("it")
"""

from __future__ import annotations

import re
from typing import Final

import typer

from briscola.core.options import OPTIONS
from briscola.i18n.cli import current_lang, t

__all__ = ["bad", "reword"]


def bad(key: str, hint: str | None = None, **params: object) -> typer.BadParameter:
    """A refusal of ours (``terminal.cli.bad.<key>``) about the parameter ``hint``."""
    return typer.BadParameter(t("bad." + key, **params), param_hint=hint)


def _where(name: str) -> dict[str, str]:
    """The games an option belongs to, in the current language (from the options registry)."""
    for opt in OPTIONS:
        if opt.name == name:
            return {"where": opt.applies.where.get(current_lang())}
    return {}


_OR: Final = re.compile(r" or ")
# The English messages of other layers a person meets here: their pattern and message key.
_PATTERNS: Final = (
    (r"unknown preset (?P<name>.*); presets: (?P<names>.*)", "preset"),
    (r"unknown ruleset option (?P<name>.*); known options: (?P<names>.*)", "option"),
    (r"(?P<name>[\w-]+) must be true or false, not (?P<value>.*)", "boolean"),
    (r"(?P<name>[\w-]+) must be one of (?P<names>.*), not (?P<value>.*)", "choice"),
    (r"(?P<name>[\w-]+) must be a whole number, not (?P<value>.*)", "whole"),
    (r"(?P<name>\w+) (?P<value>-?\d+) is too small: it must be at least (?P<low>.*)", "small"),
    (r"(?P<name>\w+) must be (?P<names>[\d, ]+ or \d+|\d+), not (?P<value>.*)", "allowed"),
    (r"(?P<name>\w+) is an option of (?P<en>.*), not for (?P<n>\d+) players", "out_of_place"),
    (r"a deck of (?P<size>\d+) cards cannot be shared by (?P<n>\d+) players: .*", "deck"),
    (r"hand_size (?P<size>\d+) does not fit (?P<n>\d+) players", "hand_size"),
    (r"unknown bot (?P<name>.*); bots: (?P<names>.*)", "bot"),
    (r"unknown level (?P<name>.*); levels: (?P<names>.*) \(also: (?P<more>.*)\)", "level"),
    (r"unknown match format (?P<text>.*): use .*", "match"),
    (r"a single deal takes no number", "match_single"),
    (r"(?P<text>.*) needs a number, like (?P<example>.*)", "match_number"),
    (r"a match target must be at least 1, not (?P<n>.*)", "match_target"),
    (r"best of (?P<n>\d+): choose an odd number of deals", "match_odd"),
    (r"a pair is UPPER:LOWER, e\.g\. champion:medium \(not (?P<text>.*)\)", "pair"),
    (r"a pair needs two different levels \(not (?P<text>.*)\)", "pair_same"),
    (r"play at least one deal", "deals"),
    (r"(?P<name>[\w-]+) must be a number, not (?P<value>.*)", "env_number"),
    (r"(?P<name>[\w-]+) must be from (?P<low>\S+) to (?P<high>\S+), not (?P<value>.*)", "range"),
    (r"(?P<name>[\w-]+) must be at least (?P<low>\S+), not (?P<value>.*)", "at_least"),
    (r"(?P<name>[\w-]+) must be BURST/PER_SECOND .* or off, not (?P<value>.*)", "rate"),
    (r"(?P<name>[\w-]+) must be IP addresses or networks .*, not (?P<value>.*)", "networks"),
    (r"(?P<name>[\w-]+) must be IP addresses separated .*, not (?P<value>.*)", "addresses"),
    (r"(?P<name>[\w-]+) must be a redis://, rediss:// or unix:// URL, not (?P<value>.*)", "redis"),
    (r"(?P<item>.*) is not KEY=VALUE \(e\.g\. inversion=true\)", "key_value"),
    (r"use (?P<names>\w+ or \w+)", "backend"),
    (r"a Ray cluster's address needs --backend ray", "address"),
    (r"an arena needs at least two players", "two_players"),
    (r"(?P<text>.*): give the engine's command after (?P<prefix>.*)", "engine_command"),
    (r"(?P<name>.*) seats (?P<n>\d+) sides: give at least \d+ players .*", "sides"),
    (r"an SPRT compares two players in a two-sided game .*", "sprt_two"),
    (r"alpha and beta must lie strictly between 0 and 1", "sprt_alpha"),
    (r"elo1 \((?P<high>.*)\) must be greater than elo0 \((?P<low>.*)\)", "sprt_elo"),
    (r"redis-server is not installed: .*", "redis_missing"),
    (r"redis-server did not start on port (?P<port>\d+): (?P<detail>(?s:.*))", "redis_failed"),
)
_COMPILED: Final = tuple((re.compile(p + "$"), key) for p, key in _PATTERNS)
# A ruleset's refusal that no pattern knows keeps its words after a lead in the language.
_RULESET: Final = re.compile(
    r"(hand_size|Briscola chiamata|a called partner|alternate-seat|5 players|"
    r"without a called trump|exchanging|removed|a ruleset)"
)


def reword(message: str) -> str:
    """An English message of another layer in the current language (as it is in English, or
    when no pattern knows it)."""
    if current_lang() == "en":
        return message
    for pattern, key in _COMPILED:
        found = pattern.match(message)
        if found:
            params = found.groupdict()
            if "names" in params:
                params["names"] = _OR.sub(" " + t("or") + " ", params["names"])
            if key == "out_of_place":
                params.update(_where(params["name"]) or {"where": params["en"]})
            return t("reword." + key, **params)
    if _RULESET.match(message):
        return t("reword.ruleset", detail=message)
    return message
