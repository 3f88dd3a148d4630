"""The score keeper's words (issue 14, item 6): no raw key ever shown, the verb agrees with a
pair, a pair's members joined in words, the trophies next to the name, a number that replaces a
total said so, New game asking before it closes an unfinished game, a hint to register pairs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from briscola.i18n import LANGS, fields
from briscola.scorekeeper import Sheet
from briscola.scorekeeper.cli import score_app
from briscola.scorekeeper.messages import MESSAGES, t
from briscola.scorekeeper.render import TROPHY, history_table, sheet_view

KEYS = sorted(MESSAGES["it"])
# A key's look: dotted lower-case words ("ui.draw_line", "score.win"), or a bare catalog key.
KEY_LIKE = re.compile(r"\b(?:score|ui|change|target|format|outcome|csv|web)\.[a-z_.-]+\b")
TAILS = {key.rsplit(".", 1)[-1] for key in KEYS if "_" in key.rsplit(".", 1)[-1]}


def raw_keys(text: str) -> list[str]:
    """What in ``text`` looks like a message key: a dotted key ("ui.draw_line"), or the last
    part of one that has an underscore ("draw_line", as ``t("draw_line")`` would have left)."""
    found = set(KEY_LIKE.findall(text))
    words = set(re.findall(r"[a-z_]+", text))
    found |= {tail for tail in TAILS if tail in words}
    return sorted(found)


def shown(renderable: object) -> str:
    console = Console(width=120, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def sample(template: str) -> dict[str, object]:
    return {name: 7 for name in fields(template)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_without_a_raw_key(lang: str) -> None:
    for key in KEYS:
        text = t(key, lang, **sample(MESSAGES[lang][key]))
        assert text.strip() and raw_keys(text) == [], key


def sheets() -> list[Sheet]:
    """Sheets in every state the terminal shows: playing, won, drawn, a drawn deal, a match."""
    draw = Sheet("Pari", ["Anna", "Bruno"])
    draw.set_total("Anna", 60)
    draw.set_total("Bruno", 60)
    won = Sheet("Vinta", ["Noi=Anna+Bruno", "Carla+Dario"], format="best-of:3")
    won.set_total(0, 80)
    won.set_total(1, 40)
    closed = Sheet("Chiusa", ["Anna", "Bruno"], format="first-to:1")
    closed.set_total(0, 70)
    closed.new_game()
    deal_draw = Sheet("Due", ["Anna", "Bruno"], target="120", declarations=True)
    deal_draw.set_total(0, 60)
    deal_draw.set_total(1, 60)
    return [Sheet("Nuovo", ["Anna", "Bruno"]), draw, won, closed, deal_draw]


@pytest.mark.parametrize("lang", LANGS)
def test_every_sheet_view_renders_without_a_raw_key(lang: str) -> None:
    for sheet in sheets():
        text = shown(sheet_view(sheet, lang)) + shown(history_table(sheet, lang))
        assert raw_keys(text) == [], (sheet.name, text)


def test_the_scan_finds_a_raw_key() -> None:
    assert raw_keys("PAREGGIO: ui.draw_line") == ["draw_line", "ui.draw_line"]
    assert raw_keys("draw_line") == ["draw_line"]
    assert raw_keys("PAREGGIO 60-60: nessun trofeo") == []


def test_a_60_60_is_a_draw_in_words() -> None:
    draw = sheets()[1]
    assert "PAREGGIO 60-60: nessun trofeo" in shown(sheet_view(draw, "it"))
    assert "DRAW 60-60: no trophy" in shown(sheet_view(draw, "en"))


def test_a_pair_agrees_with_its_verb_and_is_named_in_words() -> None:
    pairs = Sheet("Coppie", ["Anna+Bruno", "Carla+Dario"])
    pairs.set_total(0, 80)
    assert "★ Anna e Bruno VINCONO la partita 1! (80-0)" in shown(sheet_view(pairs, "it"))
    assert "★ Anna & Bruno WIN game 1! (80-0)" in shown(sheet_view(pairs, "en"))
    named = Sheet("Noi", ["Noi=Anna+Bruno", "Loro=Carla+Dario"])
    named.set_total(1, 61)
    it = shown(sheet_view(named, "it"))
    assert "★ Loro VINCONO la partita 1!" in it and "Loro (Carla e Dario)" in it
    single = Sheet("Soli", ["Anna", "Bruno"])
    single.set_total(0, 61)
    assert "★ Anna VINCE la partita 1!" in shown(sheet_view(single, "it"))


def test_the_match_winner_is_named_without_a_preposition() -> None:
    closed = sheets()[3]
    it = shown(sheet_view(closed, "it"))
    assert "Incontro 1 vinto da Anna (1-0)" in it and "incontro a Anna" not in it


def test_the_trophies_are_next_to_the_name() -> None:
    closed = sheets()[3]
    assert f"Anna  {TROPHY} 1" in shown(sheet_view(closed, "it"))
    assert f"Bruno  {TROPHY}" not in shown(sheet_view(closed, "it"))


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "scores.db")


def run(db: str, *args: str, input: str | None = None) -> str:
    result = CliRunner(env={"COLUMNS": "120"}).invoke(score_app, [*args, "--db", db], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_number_that_replaces_a_total_says_so(db: str) -> None:
    run(db, "new", "-n", "Sera", "-p", "Anna", "-p", "Bruno")
    out = run(db, "play", "Sera", input="1 +10\n1 50\nq\n")
    assert "Anna: 10 → 50 in questa smazzata" in out and "scrivi 1 +50" in out
    out = run(db, "play", "Sera", "--lang", "en", input="anna 0\nanna 30\nq\n")
    assert "Anna: 50 → 0 in this deal" in out
    assert "0 → 30" not in out  # writing over nothing is not a replacement


def test_new_game_asks_before_closing_an_unfinished_game(db: str) -> None:
    run(db, "new", "-n", "Sera", "-p", "Anna", "-p", "Bruno")
    out = run(db, "play", "Sera", input="1 +30\nn\nn\nq\n")
    assert "La partita 1 non è finita (Anna 30 · Bruno 0): chiuderla lo stesso? (s/n)" in out
    assert "La partita continua." in out and "Sera · partita 2" not in out
    out = run(db, "play", "Sera", input="n\ns\nq\n")
    assert "Sera · partita 2" in out and "Partita 1: non finita (Anna 30 · Bruno 0)" in out
    # a finished game closes at once
    out = run(db, "play", "Sera", input="1 70\nn\nq\n")
    assert "chiuderla lo stesso" not in out and "Sera · partita 3" in out


def test_four_players_get_a_hint_to_register_pairs(db: str) -> None:
    players = ["-p", "Anna", "-p", "Bruno", "-p", "Carla", "-p", "Dario"]
    out = run(db, "new", "-n", "Quattro", *players)
    assert "registrate le coppie (--pair Anna+Bruno --pair Carla+Dario)" in out
    out = run(db, "new", "-n", "Coppie", "--pair", "Anna+Carla", "--pair", "Bruno+Dario")
    assert "registrate le coppie" not in out
