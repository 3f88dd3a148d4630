"""Cards' names in the three languages (``Card.name``): Romanian's come from one table in
``briscola.core.cards``, and every word matches the web client's own (the rank and suit words of
``apps/web/js/common/ro/table.js`` and ``strings-table.js``, read here, so the two cannot drift)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import briscola
from briscola.core.cards import FULL_DECK, Card, Rank, Suit

JS = Path(briscola.__file__).resolve().parent / "apps" / "web" / "js" / "common"


def js_object(path: Path, name: str, lang: str | None = None) -> dict[str, str]:
    """The ``key: "word"`` pairs of ``export const NAME = {…}`` in a JS file (of its ``lang:``
    part, if given)."""
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"export const {name} = \{{(.*?)\n?\}};", text, re.S)
    assert found, f"{name} not found in {path}"
    body = found.group(1)
    if lang is not None:
        part = re.search(rf"\b{lang}: \{{(.*?)\}}", body, re.S)
        assert part, f"{name}.{lang} not found in {path}"
        body = part.group(1)
    pairs = dict(re.findall(r"""["']?(\w)["']?: "([^"]+)",?""", body))
    assert pairs, f"no words in {name}"
    return pairs


def js_of(lang: str) -> str:
    """The word between rank and suit in the web client's card names (i18n.js's ``OF``)."""
    text = (JS / "i18n.js").read_text(encoding="utf-8")
    found = re.search(r"const OF = \{(.*?)\};", text)
    assert found
    return dict(re.findall(r'(\w+): "([^"]+)"', found.group(1)))[lang]


def test_romanian_ranks_and_suits_are_the_web_client_s_words() -> None:
    ranks = js_object(JS / "ro" / "table.js", "RANK_NAMES_RO")
    suits = js_object(JS / "ro" / "table.js", "SUIT_NAMES_RO")
    assert {r.letter: r.name_in("ro") for r in Rank} == ranks
    assert {s.letter: s.name_in("ro") for s in Suit} == suits
    for card in FULL_DECK:
        rank, suit = str(card)
        assert card.name("ro") == f"{ranks[rank]} {js_of('ro')} {suits[suit]}"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_italian_and_english_names_are_the_web_client_s_words(lang: str) -> None:
    ranks = js_object(JS / "strings-table.js", "RANK_NAMES", lang)
    suits = js_object(JS / "strings-table.js", "SUIT_NAMES", lang)
    for card in FULL_DECK:
        rank, suit = str(card)
        assert card.name(lang) == f"{ranks[rank]} {js_of(lang)} {suits[suit]}"


def test_romanian_names_of_some_cards() -> None:
    assert Card.parse("Ad").name("ro") == "As de denari"
    assert Card.parse("Fc").name("ro") == "Valet de coppe"
    assert Card.parse("7s").name("ro") == "Șapte de spade"
    assert Card.parse("Rb").name("ro") == "Rege de bastoni"
    assert len({card.name("ro") for card in FULL_DECK}) == 40


def test_an_unknown_language_still_names_the_three() -> None:
    with pytest.raises(ValueError, match="use 'it', 'en' or 'ro'"):
        Card.parse("Ad").name("fr")
