"""Reading numbers and quoting input strictly: digits only in ASCII, a bounded length, and error
messages that quote a short excerpt of what was sent, never all of it.

>>> ascii_number("42"), ascii_number("²"), ascii_number("1" * 10)
(42, None, None)
>>> excerpt("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

__all__ = ["EXCERPT", "MAX_DIGITS", "ascii_number", "excerpt", "has_surrogate", "shown"]

EXCERPT = 60
"""The most characters of an input an error message quotes."""

MAX_DIGITS = 6
"""The most digits a number of the game may have (a target, a count, a bid): up to 999,999."""


def ascii_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The number written in ``text`` with ASCII digits only (at most ``max_digits``), else None.

    ``str.isdigit`` also accepts ``²`` or Arabic-Indic digits, which ``int`` then refuses or
    reads; this accepts ``0``–``9`` only.

    >>> ascii_number("007"), ascii_number("-1"), ascii_number(""), ascii_number("١٢")
    (7, None, None, None)
    """
    if not text or len(text) > max_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` quoted as ``repr`` does, cut to ``limit`` characters with its length when longer.

    >>> excerpt("Ad")
    "'Ad'"
    """
    if len(text) <= limit:
        return repr(text)
    quoted = repr(text[:limit])
    return f"{quoted[:-1]}…{quoted[-1]} ({len(text)} characters)"


def has_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate (``"\\ud800"``), which no UTF-8 text can hold.

    >>> has_surrogate("Anna"), has_surrogate("\\ud800")
    (False, True)
    """
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def shown(value: object) -> str:
    """Any value as an error message quotes it: a text as :func:`excerpt`, a small number or a
    constant as ``repr``, anything else by its type (a list or a huge number is never spelled
    out; ``repr`` of an int of more than 4,300 digits even raises).

    >>> shown("yes"), shown(3), shown(True), shown(10**5000), shown([1] * 10**6)
    ("'yes'", '3', 'True', 'a number of 16610 bits', 'a list')
    """
    if isinstance(value, str):
        return excerpt(value)
    if isinstance(value, int) and value.bit_length() > 64:
        return f"a number of {value.bit_length()} bits"
    if value is None or isinstance(value, int | float):
        return repr(value)
    return f"a {type(value).__name__}"
