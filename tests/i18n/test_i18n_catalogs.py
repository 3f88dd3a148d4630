"""The message catalogs (``briscola.i18n``): both languages complete and consistent, every message
rendered in both, and a raw key never given to a user."""

from __future__ import annotations

import string

import pytest

from briscola.apps.server.catalog import levels, presets
from briscola.apps.terminal import i18n as terminal
from briscola.core.rules import PRESETS
from briscola.i18n import (
    CATALOGS,
    DEFAULT_LANG,
    LANGS,
    WEB_LANGS,
    MissingMessageError,
    MissingTranslationWarning,
    UnknownLanguageError,
    en,
    it,
    section,
    t,
    translations,
)
from briscola.scorekeeper import messages as score

AREAS = {"terminal", "score", "bots", "presets", "matches", "analysis", "web"}
# The same words in both languages: a number with its sign, a rename arrow, "no", a bid's rank.
SAME_IN_BOTH = {
    "score.change.add",
    "score.change.rename",
    "score.change.set",
    "score.no",
    "terminal.bid.rank",
    "terminal.option.line",
    "terminal.option.no",
    "terminal.option.value",
    "terminal.opponents",
}


def placeholders(text: str) -> list[tuple[str, str, str | None]]:
    """Each ``{placeholder}``: its name, format spec and conversion, in order of appearance."""
    return sorted(
        (name, spec or "", conv) for _, name, spec, conv in string.Formatter().parse(text) if name
    )


def sample_params(text: str) -> dict[str, object]:
    """A value for each placeholder: a number where the format wants one, else ``<name>``."""
    return {name: 7 if spec.endswith("d") else f"<{name}>" for name, spec, _ in placeholders(text)}


def test_the_languages() -> None:
    assert LANGS == ("it", "en") and DEFAULT_LANG == "it"
    assert tuple(CATALOGS) == LANGS
    assert CATALOGS["it"] == it.MESSAGES and CATALOGS["en"] == en.MESSAGES


def test_both_languages_have_the_same_keys() -> None:
    assert sorted(set(it.MESSAGES) - set(en.MESSAGES)) == []
    assert sorted(set(en.MESSAGES) - set(it.MESSAGES)) == []
    assert len(it.MESSAGES) > 250


def test_every_key_is_in_an_area() -> None:
    assert {key.split(".")[0] for key in it.MESSAGES} == AREAS


def test_both_languages_fill_the_same_placeholders() -> None:
    for key, text in it.MESSAGES.items():
        assert placeholders(text) == placeholders(en.MESSAGES[key]), key


def test_messages_are_translated() -> None:
    same = {key for key, text in it.MESSAGES.items() if text == en.MESSAGES[key]}
    assert same == SAME_IN_BOTH


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders(lang: str) -> None:
    for key, template in CATALOGS[lang].items():
        params = sample_params(template)
        text = t(key, lang, **params)
        assert text.strip() and text != key and key not in text, key
        assert "{" not in text and "}" not in text, key
        for value in params.values():
            assert str(value) in text, (key, value)


def test_t_refuses_what_it_cannot_say() -> None:
    with pytest.raises(UnknownLanguageError, match="unknown language 'fr': use it or en"):
        t("terminal.bye", "fr")
    assert issubclass(UnknownLanguageError, ValueError)
    with pytest.raises(MissingMessageError, match=r"no message 'terminal\.nope'") as err:
        t("terminal.nope", "it")
    assert isinstance(err.value, KeyError) and err.value.key == "terminal.nope"
    with pytest.raises(KeyError, match="who"):  # a placeholder without its value
        t("terminal.say.play", "en", card="Ad")


def test_a_missing_translation_falls_back_with_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(it.MESSAGES, "terminal.bye")
    with pytest.warns(MissingTranslationWarning, match=r"'terminal\.bye' has no 'it' text"):
        assert t("terminal.bye", "it") == "Goodbye!"
    # the test run turns the warning into an error (pyproject.toml, filterwarnings)
    with pytest.raises(MissingTranslationWarning):
        t("terminal.bye", "it")


def test_translations_and_sections() -> None:
    assert translations("terminal.say.draw", card="Ad") == {
        "it": "Peschi Ad.",
        "en": "You draw Ad.",
    }
    terminal_words = section("terminal")
    assert set(terminal_words) == set(LANGS)
    assert terminal_words["en"]["bye"] == t("terminal.bye", "en")
    assert sum(len(section(area)["it"]) for area in AREAS) == len(it.MESSAGES)


def test_the_terminal_t_fills_and_refuses() -> None:
    assert terminal.LANGS == LANGS and terminal.DEFAULT_LANG == DEFAULT_LANG
    assert set(terminal.MESSAGES["it"]) == set(terminal.MESSAGES["en"])
    assert terminal.t("say.play.you", "en", card="Ad") == "You play Ad."
    assert terminal.t("bye") == "Arrivederci!"
    with pytest.raises(KeyError, match="no message"):
        terminal.t("no.such.key", "it")
    with pytest.raises(ValueError, match="unknown language"):
        terminal.t("bye", "fr")


def test_the_score_keeper_t_never_gives_a_raw_key() -> None:
    assert score.t("format.best-of", "en", n=3) == "best of 3"
    assert score.t("format.best-of", "fr", n=3) == "al meglio di 3"  # unknown: Italian
    with pytest.raises(MissingMessageError):
        score.t("no such key", "en")
    for code, template in score.MESSAGES["en"].items():
        err = score.ScoreError(code, **sample_params(template))
        assert str(err) == err.message("en") == t("score." + code, "en", **err.params)
        assert err.message("it") == t("score." + code, "it", **err.params)


def test_the_server_catalog_and_the_bots_are_worded_in_both_languages() -> None:
    words: list[dict[str, str]] = []
    for item in presets().model_dump()["presets"]:
        words += [item["title"], item["description"]]
    words += [item.title.model_dump() for item in presets().match_formats]
    for item in levels().model_dump()["levels"]:
        words += [item["title"], item["description"]]
    # 8 bots offered: neural too, not the frozen baseline champion-v1
    assert len(words) == len(PRESETS) * 2 + len(presets().match_formats) + 8 * 2
    assert len(presets().match_formats) == 8  # points:120 among them (issue 36)
    for word in words:
        assert set(word) == set(WEB_LANGS)  # Romanian too: tests/i18n/test_romanian.py
        for text in word.values():
            assert text.strip() and text not in it.MESSAGES and "{" not in text
    champion = next(item for item in levels().levels if item.name == "champion")
    assert champion.title.model_dump() == {"it": "Campione", "en": "Champion", "ro": "Campion"}
