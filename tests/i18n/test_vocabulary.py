"""The Italian words of RULES.md's glossary: "mano" is a trick (or the cards held, "in mano"),
never a deal ("smazzata") nor a match ("partita", "incontro").

Every Italian text a person reads is scanned: the Python catalog, the web client's string tables
and the options registry's titles and help. Each "mano" or "mani" must sit in one of the phrases
below, where it means a trick or the cards held; anything else fails, naming the text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from briscola.core.options import OPTIONS
from briscola.i18n import it

ROOT = Path(__file__).resolve().parents[2]
JS_STRINGS = sorted((ROOT / "src/briscola/apps/web/js/common").glob("strings-*.js"))

WORD = re.compile(r"\b(mano|mani)\b", re.IGNORECASE)
# Where "mano" is a trick or the cards held: these phrases, and only these.
TRICK_OR_HELD = (
    re.compile(r"\bin mano\b"),  # "ha in mano", "non hai Ad in mano": the cards held
    re.compile(r"\bla prima mano\b"),  # the first trick (the exchange of the 2)
    re.compile(r"\bvinto una mano\b"),  # won a trick (the exchange of the 7)
    re.compile(r"\bper primo la mano dopo\b"),  # leads the next trick
    re.compile(r"\bprend[ei](?: tu)? la mano\b", re.IGNORECASE),  # takes the trick
    re.compile(r"\bMano (?:precedente|successiva|\{n\} di \{total\})"),  # a review, trick by trick
    re.compile(r"\bnon le mani\b"),  # the hands held (a spectator sees no hand)
)


def deal_uses(text: str) -> list[str]:
    """The excerpts of ``text`` where "mano"/"mani" is not in a trick's or a holding's phrase."""
    allowed = [m.span() for pattern in TRICK_OR_HELD for m in pattern.finditer(text)]
    found = []
    for m in WORD.finditer(text):
        if not any(start <= m.start() < end for start, end in allowed):
            found.append(text[max(0, m.start() - 25) : m.end() + 25])
    return found


def js_italian(path: Path) -> str:
    """The Italian tables of a web string file (each from ``it: {`` to the next ``en: {``)."""
    text = path.read_text(encoding="utf-8")
    parts = []
    start = text.find("it: {")
    while start >= 0:
        end = text.find("en: {", start)
        assert end > start, f"{path.name}: an Italian table without its English one"
        parts.append(text[start:end])
        start = text.find("it: {", end)
    assert parts, f"{path.name}: no Italian table"
    return "\n".join(parts)


def test_the_scan_finds_a_deal_called_mano() -> None:
    assert deal_uses("Mano 1 · mazziere: Est") == ["Mano 1 · mazziere: Est"]
    assert deal_uses("al meglio di 3 mani") == ["al meglio di 3 mani"]
    assert deal_uses("Fine della mano") == ["Fine della mano"]
    assert deal_uses("Non hai Ad in mano. Prende chi ha vinto la prima mano.") == []


@pytest.mark.parametrize("key", sorted(it.MESSAGES))
def test_the_python_catalog_never_calls_a_deal_mano(key: str) -> None:
    assert deal_uses(it.MESSAGES[key]) == [], key


@pytest.mark.parametrize("path", JS_STRINGS, ids=lambda p: p.name)
def test_the_web_strings_never_call_a_deal_mano(path: Path) -> None:
    assert deal_uses(js_italian(path)) == []


def test_the_options_never_call_a_deal_mano() -> None:
    for opt in OPTIONS:
        assert deal_uses(opt.title.it + " " + opt.help.it) == [], opt.name


def test_the_web_strings_are_found() -> None:
    assert {p.name for p in JS_STRINGS} >= {"strings-table.js", "strings-score.js"}
