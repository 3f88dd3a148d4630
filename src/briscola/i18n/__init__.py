"""Every message of the Python side, one catalog per language: :mod:`.it` and :mod:`.en`, and
:mod:`.ro` for what the server words for the web client.

A catalog is a flat ``MESSAGES: dict[str, str]``; its keys are namespaced by area
(``terminal.`` the terminal game, ``score.`` the score keeper, ``bots.`` the computer players'
titles and descriptions, ``presets.`` and ``matches.`` the server's catalog of presets and match
formats), and each message is a :meth:`str.format` template. :func:`t` finds and fills one:

>>> t("terminal.say.play", "en", who="East", card="Ad")
'East plays Ad.'
>>> t("bots.champion.title", "it")
'Campione'
>>> translations("matches.best-of:3")
{'it': 'Al meglio di 3', 'en': 'Best of 3'}
>>> web_translations("matches.best-of:3")["ro"]
'Cel mai bun din 3'

Italian and English (:data:`LANGS`) cover every area. The web client speaks Romanian too
(:data:`WEB_LANGS`): :mod:`.ro` covers the areas the server words for it (its ``AREAS``: the
computer players, presets, match formats, the analysis, the error pages) and the options' words;
the terminal and the score keeper's command line stay Italian and English.

A raw key never reaches a user:

* a language that is not in :data:`LANGS` raises :class:`UnknownLanguageError` (a ``ValueError``);
* a key missing from the language asked for, but present in another, gives that other language's
  text and a :class:`MissingTranslationWarning` (the test run turns it into an error, see
  ``filterwarnings`` in ``pyproject.toml``; ``tests/i18n`` proves both catalogs have the same
  keys, so it is only a safety net);
* a key in no catalog raises :class:`MissingMessageError` (a ``KeyError``): a bug in the caller,
  which ``tests/i18n`` finds by reading every call in the sources.

Each area keeps a small ``t`` that adds its namespace (``briscola.apps.terminal.i18n``,
``briscola.scorekeeper.messages``). The names of cards and suits stay in
:mod:`briscola.core.cards`: they are the game's vocabulary (the notation reads them), and the core
imports nothing else of the package.

Modules over gettext: two languages, a few hundred messages, no translators' tools; a dict per
language is checked by plain tests, needs no build step for ``.mo`` files and reads like the code.
"""

from __future__ import annotations

import string
import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from briscola.i18n import en, it, ro

__all__ = [
    "CATALOGS",
    "DEFAULT_LANG",
    "LANGS",
    "WEB_LANGS",
    "MissingMessageError",
    "MissingTranslationWarning",
    "UnknownLanguageError",
    "check_lang",
    "fields",
    "section",
    "t",
    "translations",
    "web_translations",
]

LANGS: Final = ("it", "en")
"""The languages of every area (terminal, score keeper, server), the default first."""
WEB_LANGS: Final = ("it", "en", "ro")
"""The languages of the web client: :data:`LANGS` and Romanian (:mod:`.ro`)."""
DEFAULT_LANG: Final = "it"

CATALOGS: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {"it": MappingProxyType(it.MESSAGES), "en": MappingProxyType(en.MESSAGES)}
)
"""Each language's messages by key (read only)."""

# Every catalog t() reads: the complete ones and Romanian's (the web's areas only).
_ALL: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {**CATALOGS, "ro": MappingProxyType(ro.MESSAGES)}
)

# Where to look when a language lacks a key: every other complete language, in the order of LANGS.
# Romanian's gaps (a key another helper adds in Italian and English) take the Italian without a
# warning: tests/i18n/test_romanian.py lists them, the page shows Italian words, never a key.
_QUIET: Final = frozenset({"ro"})
_FALLBACKS: Final = {lang: tuple(other for other in LANGS if other != lang) for lang in WEB_LANGS}


class UnknownLanguageError(ValueError):
    """A language code that is not in :data:`LANGS`.

    >>> t("terminal.bye", "fr")
    Traceback (most recent call last):
    ...
    briscola.i18n.UnknownLanguageError: unknown language 'fr': use it or en (ro on the web)
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        super().__init__(f"unknown language {lang!r}: use {' or '.join(LANGS)} (ro on the web)")


class MissingMessageError(KeyError):
    """A key that no catalog has: a bug in the code asking for it, never shown as text.

    >>> t("terminal.no.such.key", "en")
    Traceback (most recent call last):
    ...
    briscola.i18n.MissingMessageError: no message 'terminal.no.such.key'
    """

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)

    def __str__(self) -> str:
        return f"no message {self.key!r}"


class MissingTranslationWarning(UserWarning):
    """A key one language lacks: the text came from another language."""


def check_lang(lang: str) -> str:
    """``lang`` itself when it is in :data:`WEB_LANGS`; else :class:`UnknownLanguageError`."""
    if lang not in _ALL:
        raise UnknownLanguageError(lang)
    return lang


def _text(key: str, lang: str) -> str:
    """The template of ``key`` in ``lang``, else in another language (with a warning)."""
    found = _ALL[check_lang(lang)].get(key)
    if found is not None:
        return found
    for other in _FALLBACKS[lang]:
        found = CATALOGS[other].get(key)
        if found is not None and lang in _QUIET:
            return found
        if found is not None:
            warnings.warn(
                f"missing translation: {key!r} has no {lang!r} text, using {other!r}",
                MissingTranslationWarning,
                stacklevel=3,
            )
            return found
    raise MissingMessageError(key)


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The message ``key`` in ``lang``, its ``{placeholders}`` filled from ``params``.

    A placeholder without its parameter is an error (``KeyError``), never left in the text.

    >>> t("score.format.best-of", "it", n=5)
    'al meglio di 5'
    >>> t("score.change.add", "en", name="Anna", delta=10)
    'Anna +10'
    """
    return _text(key, lang).format(**params)


def translations(key: str, /, **params: object) -> dict[str, str]:
    """The message ``key`` in every language, as ``{lang: text}`` (the shape of the JSON APIs)."""
    return {lang: t(key, lang, **params) for lang in LANGS}


def web_translations(key: str, /, **params: object) -> dict[str, str]:
    """The message ``key`` in every language of the web client (:data:`WEB_LANGS`), as
    ``{lang: text}``: for a key of :data:`.ro.AREAS` (what the server words for the web)."""
    return {lang: t(key, lang, **params) for lang in WEB_LANGS}


def section(prefix: str) -> dict[str, dict[str, str]]:
    """One area's templates, ``{lang: {key: template}}``, keys without the ``prefix.``.

    >>> section("matches")["en"]["single"]
    'One deal'
    """
    start = prefix + "."
    return {
        lang: {k.removeprefix(start): v for k, v in CATALOGS[lang].items() if k.startswith(start)}
        for lang in LANGS
    }


def fields(template: str) -> set[str]:
    """The names of a template's placeholders.

    >>> sorted(fields("{who} plays {card}; {delta:+d}"))
    ['card', 'delta', 'who']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
