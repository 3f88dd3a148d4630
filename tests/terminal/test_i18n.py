"""The terminal game's message catalogue: both languages complete and consistent."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from briscola.apps.terminal.i18n import DEFAULT_LANG, LANGS, MESSAGES, t

SRC = Path(__file__).resolve().parents[2] / "src" / "briscola" / "apps" / "terminal"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys() -> None:
    assert LANGS == ("it", "en") and DEFAULT_LANG == "it"
    assert set(MESSAGES) == set(LANGS)
    assert set(MESSAGES["it"]) == set(MESSAGES["en"])


def test_both_languages_fill_the_same_fields() -> None:
    for key, text in MESSAGES["it"].items():
        assert fields(text) == fields(MESSAGES["en"][key]), key


def test_messages_are_translated() -> None:
    same = [k for k, v in MESSAGES["it"].items() if v == MESSAGES["en"][k] and fields(v) != {v}]
    # a few are the same in both languages (card words, "bid N")
    assert len(same) <= 6, same


def test_t_fills_and_refuses() -> None:
    assert t("say.play.you", "en", card="Ad") == "You play Ad."
    assert t("bye") == "Arrivederci!"
    with pytest.raises(KeyError, match="no message"):
        t("no.such.key", "it")
    with pytest.raises(ValueError, match="unknown language"):
        t("bye", "fr")


CALLS = re.compile(r"""(?:\.say|\.t|\.text|InputProblem)\(\s*["']([a-z_.-]+)["']""")
DOTTED = re.compile(r"""["']((?:say|err|result|match|help|prompt|briscola|table|hand|partner|"""
                    r"""auction|moves|cmd|desc|bid|team|role|seat|deal|turn|you)"""
                    r"""(?:\.[a-z_-]+)+)["']""")  # fmt: skip


def test_every_key_the_terminal_uses_exists() -> None:
    used: set[str] = set()
    for module in ("screen.py", "narration.py", "game.py", "prompt.py"):
        code = (SRC / module).read_text(encoding="utf-8")
        used |= set(CALLS.findall(code)) | set(DOTTED.findall(code))
    assert {"welcome", "bye", "eof", "say.trick", "err.position"} <= used
    with_you = {"say.play", "say.declare", "say.exchange", "say.bid", "say.pass", "say.call"}
    for key in used:
        assert key in MESSAGES["it"], key
        if key in with_you:  # the human's own actions: key + ".you"
            assert key + ".you" in MESSAGES["it"], key
