"""The terminal game's messages: the ``terminal.`` part of the catalogs in :mod:`briscola.i18n`.

A message is found by key and filled with ``str.format`` arguments:

>>> t("say.play", "it", who="Est", card="Ad (Asso di denari)")
'Est gioca Ad (Asso di denari).'
>>> t("say.play", "en", who="East", card="Ad (Ace of coins)")
'East plays Ad (Ace of coins).'
>>> sorted(MESSAGES["it"]) == sorted(MESSAGES["en"])
True
"""

from __future__ import annotations

from typing import Final

from briscola.i18n import DEFAULT_LANG, LANGS, section
from briscola.i18n import t as _t

__all__ = ["DEFAULT_LANG", "LANGS", "MESSAGES", "t"]

MESSAGES: Final[dict[str, dict[str, str]]] = section("terminal")
"""The terminal's templates by language and key (without the ``terminal.`` prefix)."""


def t(key: str, lang: str = DEFAULT_LANG, **kwargs: object) -> str:
    """The message ``key`` in ``lang`` (``it`` or ``en``), filled with ``kwargs``.

    An unknown language is a ``ValueError``, an unknown key a ``KeyError``:

    >>> t("nothing.here", "it")
    Traceback (most recent call last):
    ...
    briscola.i18n.MissingMessageError: no message 'terminal.nothing.here'
    """
    return _t("terminal." + key, lang, **kwargs)
