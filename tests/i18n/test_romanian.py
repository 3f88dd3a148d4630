"""Romanian (``briscola.i18n.ro``), the web client's third language: every key of the areas the
server words for the web (``ro.AREAS``) and every option of the registry has Romanian words, with
the Italian's placeholders, really translated; the server's catalog (presets, match formats,
levels, options) sends them; the terminal and the score keeper's command line stay Italian and
English. This is the test that lists the keys other work added in Italian and English today."""

from __future__ import annotations

import string

import pytest

from briscola.analysis.ratings import Rating
from briscola.apps.server.catalog import levels, preset_options, presets
from briscola.core.options import OPTIONS
from briscola.core.rules import PRESETS
from briscola.i18n import (
    LANGS,
    WEB_LANGS,
    check_lang,
    it,
    ro,
    t,
    translations,
    web_translations,
)

# Words that are the same in Romanian and Italian: names, numbers and the game's own terms.
SAME_AS_ITALIAN = {
    "presets.chiamata.title",
    "bots.medium.title",
    "score.change.add",  # "{name} {delta:+d}": a name and a number
    "score.change.rename",
    "score.change.set",
}
# Italian words that have no place in a Romanian text (a deal is a "mână", a trick a "levată").
ITALIAN_WORDS = ("smazzat", "partita", "mano", "presa", "giocatore", " il ", " della ", " che ")


def placeholders(text: str) -> list[str]:
    """The names of a template's ``{placeholders}``, sorted."""
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def web_keys() -> list[str]:
    """The Italian catalog's keys that Romanian covers (the web's: ``ro.covers``)."""
    return sorted(k for k in it.MESSAGES if ro.covers(k))


def test_the_languages() -> None:
    assert LANGS == ("it", "en") and WEB_LANGS == ("it", "en", "ro")
    assert check_lang("ro") == "ro"
    assert translations("matches.single") == {"it": "Una smazzata", "en": "One deal"}
    assert web_translations("matches.single") == {
        "it": "Una smazzata",
        "en": "One deal",
        "ro": "O mână",
    }


def test_every_key_of_the_web_s_areas_is_in_romanian() -> None:
    missing = [k for k in web_keys() if k not in ro.MESSAGES]
    assert missing == [], "keys with no Romanian text (add them to briscola/i18n/ro.py)"


def test_romanian_has_no_key_that_italian_lacks() -> None:
    assert sorted(set(ro.MESSAGES) - set(it.MESSAGES)) == []
    assert {k.split(".")[0] for k in ro.MESSAGES} == set(ro.AREAS)
    assert [k for k in ro.MESSAGES if not ro.covers(k)] == []


@pytest.mark.parametrize("key", sorted(ro.MESSAGES))
def test_a_romanian_message_fills_the_italian_s_placeholders(key: str) -> None:
    assert placeholders(ro.MESSAGES[key]) == placeholders(it.MESSAGES[key]), key
    fields = string.Formatter().parse(ro.MESSAGES[key])
    params = {n: 7 if (spec or "").endswith("d") else f"<{n}>" for _, n, spec, _ in fields if n}
    text = t(key, "ro", **params)
    assert text.strip() and "{" not in text and key not in text


@pytest.mark.parametrize("key", sorted(ro.MESSAGES))
def test_a_romanian_message_is_translated(key: str) -> None:
    text = ro.MESSAGES[key]
    if key not in SAME_AS_ITALIAN:
        assert text != it.MESSAGES[key], key
    found = [w for w in ITALIAN_WORDS if w in f" {text.lower()} "]
    assert found == [], (key, text)


def test_every_option_has_a_romanian_title_and_help() -> None:
    names = [o.name for o in OPTIONS]
    assert sorted(set(names) - set(ro.OPTIONS)) == [], "options with no Romanian words"
    assert sorted(set(ro.OPTIONS) - set(names)) == [], "Romanian words of no option"
    for opt in OPTIONS:
        title, help_ = ro.OPTIONS[opt.name]
        assert title.strip() and help_.strip() and help_ != opt.help.it, opt.name
        # the values a person types stay as the registry names them ("end_phase", "draw")
        for value in ("none", "two", "seven", "draw", "replay", "one_more", "end_phase"):
            assert (value in opt.help.it) == (value in help_), (opt.name, value)


def test_a_romanian_gap_takes_the_italian_without_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(ro.MESSAGES, "matches.single")
    assert t("matches.single", "ro") == "Una smazzata"  # no MissingTranslationWarning
    assert t("terminal.bye", "ro") == t("terminal.bye", "it")  # the terminal is not Romanian


def test_the_server_s_catalog_speaks_romanian() -> None:
    words: list[dict[str, str]] = []
    for item in presets().model_dump()["presets"]:
        words += [item["title"], item["description"]]
        for opt in item["options"]:
            words += [opt["title"], opt["help"]]
    words += [item.title.model_dump() for item in presets().match_formats]
    for item in levels().model_dump()["levels"]:
        words += [item["title"], item["description"]]
    assert len(words) > len(PRESETS) * 2 + 7
    for word in words:
        assert set(word) == set(WEB_LANGS)
        assert word["ro"].strip() and "{" not in word["ro"]
    pairs = next(p for p in presets().presets if p.name == "pairs")
    assert pairs.title.ro == "Briscola în perechi"
    champion = next(item for item in levels().levels if item.name == "champion")
    assert champion.title.ro == "Campion"
    inversion = next(o for o in preset_options(PRESETS["classic"]) if o.name == "inversion")
    assert inversion.title.ro == "Trei și Șapte inversați"


def test_the_analysis_names_its_ratings_in_romanian() -> None:
    assert Rating.BLUNDER.name_in("ro") == "greșeală gravă"
    assert t("analysis.hint.play", "ro", action="Ad", win="60%") == (
        "Joacă Ad: câștigi în 60% din cazuri."
    )
