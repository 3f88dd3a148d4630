"""The score keeper's words, in Italian (the default) and English, and its error type.

Every message has a key; :func:`t` formats it in a language. The words themselves are the
``score.`` part of the catalogs in :mod:`briscola.i18n`. :class:`ScoreError` carries a key and its
parameters, so each front end can show the message in the user's language; ``str()`` of the error
is the English text.

>>> t("win", "it", name="Anna")
'Anna VINCE'
>>> err = ScoreError("target_low", value=0)
>>> str(err)
'the target must be at least 1, not 0'
>>> err.message("it")
'il traguardo deve essere almeno 1, non 0'
"""

from __future__ import annotations

from typing import Any, Final

from briscola.i18n import DEFAULT_LANG, LANGS, WEB_LANGS, section
from briscola.i18n import t as _t

__all__ = ["DEFAULT_LANG", "LANGS", "MESSAGES", "ScoreError", "t"]

MESSAGES: Final[dict[str, dict[str, str]]] = section("score")
"""The score keeper's templates by language and key (without the ``score.`` prefix)."""


def t(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (Italian when the language is unknown), with ``params``;
    Romanian for what the web pages show (``briscola.i18n.ro``).

    A key that no catalog has is a bug, never shown as text:

    >>> t("format.best-of", "en", n=3)
    'best of 3'
    >>> t("format.best-of", "fr", n=3)
    'al meglio di 3'
    >>> t("format.best-of", "ro", n=3)
    'cel mai bun din 3'
    >>> t("no such key", "en")
    Traceback (most recent call last):
    ...
    briscola.i18n.MissingMessageError: no message 'score.no such key'
    """
    return _t("score." + key, lang if lang in WEB_LANGS else DEFAULT_LANG, **params)


class ScoreError(ValueError):
    """A change the score sheet refuses, with a message a person understands.

    ``code`` is the message key and ``params`` its values: :meth:`message` gives the text in
    any language, ``str()`` in English.
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(t(code, "en", **params))

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The message in ``lang``."""
        return t(self.code, lang, **self.params)
