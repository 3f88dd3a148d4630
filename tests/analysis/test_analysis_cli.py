"""``briscola analyze`` (table, JSON, PNG, errors) and the terminal's offer, analysis command and
hints."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console
from typer.testing import CliRunner

from briscola.analysis import analyze
from briscola.apps.cli.commands import app
from briscola.apps.terminal.analysis import AnalysisFailed, plot
from briscola.apps.terminal.game import GameOptions, TerminalGame
from briscola.core.cards import FULL_DECK
from briscola.core.game import new_game
from briscola.core.match import MatchFormat
from briscola.core.record import GameRecord
from briscola.core.rules import preset
from helpers import random_game

runner = CliRunner()
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "analysis.schema.json").read_text()
)
# a card by its Italian name, as a hint names it ("il Fante di coppe"), to its code ("Fc")
CARD_NAMES = {card.name("it"): str(card) for card in FULL_DECK}
CARD = re.compile("|".join(rf"\b{re.escape(name)}\b" for name in CARD_NAMES))


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "deal.json"
    path.write_text(GameRecord.from_state(random_game(preset("classic"), seed=6)).to_json())
    return path


def test_analyze_prints_the_table_and_writes_json_and_png(
    record_file: Path, tmp_path: Path
) -> None:
    out_json, out_png = tmp_path / "a.json", tmp_path / "a.png"
    args = ["analyze", str(record_file), "--seat", "1", "--budget", "8", "--lang", "en"]
    result = runner.invoke(app, [*args, "--json", str(out_json), "--plot", str(out_png)])
    assert result.exit_code == 0, result.output
    for words in ("Deal analysis: seat 1, classic", "Played", "Best", "Rating", "Hindsight",
                  "Accuracy", "Hindsight: accuracy", "Analysis written to"):  # fmt: skip
        assert words in result.output, words
    data = json.loads(out_json.read_text())
    jsonschema.validate(data, SCHEMA)
    assert data["seat"] == 1 and len(data["moves"]) == 20 and data["budget"] == 8
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_analyze_speaks_italian_by_default(record_file: Path) -> None:
    result = runner.invoke(app, ["analyze", str(record_file), "--budget", "4"])
    assert result.exit_code == 0, result.output
    for words in ("Analisi della partita: posto 0", "Giocata", "Migliore", "Giudizio",
                  "Col senno di poi", "Precisione"):  # fmt: skip
        assert words in result.output, words
    assert re.search(r"ottima|buona|imprecisione|errore", result.output)


def test_analyze_refuses_a_bad_record_and_a_bad_seat(record_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    result = runner.invoke(app, ["analyze", str(bad), "--lang", "en"])
    assert result.exit_code == 2 and "not a readable game record" in result.output
    result = runner.invoke(app, ["analyze", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "non è un record di partita leggibile" in result.output
    result = runner.invoke(app, ["analyze", str(record_file), "--seat", "3", "--lang", "en"])
    assert result.exit_code == 2 and "classic has seats 0 to 1" in result.output
    assert "Traceback" not in result.output


def test_the_curve_needs_matplotlib(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    result = analyze(GameRecord.from_state(random_game(preset("classic"), seed=1)), 0, budget=2)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(AnalysisFailed, match=r"pip install 'briscola\[plots\]'"):
        plot(result, tmp_path / "x.png", "it")


def scripted(lines: list[str]) -> object:
    it: Iterator[str] = iter(lines)

    def read() -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def play(options: GameOptions, lines: list[str]) -> tuple[TerminalGame, str]:
    out = io.StringIO()
    read = scripted(lines)
    game = TerminalGame(options, Console(file=out, width=140), read)  # type: ignore[arg-type]
    game.run()
    return game, out.getvalue()


def run(options: GameOptions, lines: list[str]) -> str:
    return play(options, lines)[1]


def test_play_gives_hints_and_offers_the_analysis_at_the_end() -> None:
    options = GameOptions(preset("classic"), lang="en", opponent="simple", seed=5)
    out = run(options, ["hint", *["1"] * 20, "y"])
    hint_line = next(line for line in out.splitlines() if line.startswith("Hint: "))
    assert re.match(
        r"Hint: Play the [A-Z][a-z]+ of [a-z]+: you win \d+% of the time\. The other moves: ",
        hint_line,
    )
    assert "Deal analysis: type “y” to see it" in out
    assert "Deal analysis: seat 0, classic" in out and "Hindsight: accuracy" in out


def test_a_hint_names_only_the_human_s_own_cards() -> None:
    options = GameOptions(preset("pairs"), lang="it", opponent="simple", seed=8)
    game, out = play(options, ["suggerimento", "1", "suggerimento", "1", "esci"])
    hints = [line for line in out.splitlines() if line.startswith("Suggerimento: ")]
    assert len(hints) == 2
    log = game.table.deals[0]
    state = new_game(options.ruleset, deck=log.deck, dealer=log.dealer)
    held = set(state.hands[0])
    for action in log.actions:
        state = state.apply(action)
        held |= set(state.hands[0])
    for line in hints:
        named = {CARD_NAMES[name] for name in CARD.findall(line)}
        assert not re.search(r"\b[A2-7FCR][cdsb]\b", line), line  # names, not codes
        assert named and named <= {str(c) for c in held}, line


def test_between_deals_the_analysis_is_a_command_and_no_is_the_default() -> None:
    options = GameOptions(
        preset("classic"), lang="it", seed=2, match=MatchFormat.parse("best-of:3")
    )
    out = run(options, ["analisi", *["1"] * 20, *["1"] * 400])
    assert "Nessuna smazzata finita da analizzare, per ora." in out
    assert "scrivi «analisi» quando tocca a te" in out
    assert "Analisi della partita: posto 0" not in out  # "1" at the offer is a no


def test_no_hint_in_the_auction() -> None:
    options = GameOptions(preset("chiamata"), lang="en", seed=5, dealer=4)
    out = run(options, ["hint", "esci"])
    assert "Hints are given only when you play a card." in out


def test_the_analysis_bench_reports_its_bars(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    args = ["bench", "--analysis", "--preset", "classic", "--deals", "1", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Analysis speed: CPU seconds on one core" in result.output
    (row,) = json.loads(out.read_text())
    assert row["preset"] == "classic" and row["decisions"] == 20 and row["deal_bar"] == 5.0
    assert len(row["hint_seconds"]) == 20 and isinstance(row["met"], bool)
    result = runner.invoke(app, ["bench", "--analysis", "--fast"], env={"BRISCOLA_LANG": "en"})
    assert result.exit_code == 2 and "--analysis goes alone" in result.output
