"""The command line's own texts in the chosen language (issue 14, item 3): every command's help
and every option's come from the catalogs, so ``--help`` reads Italian by default and English
with ``--lang en`` (or ``BRISCOLA_LANG=en``), and every refusal of a bad parameter, ours or
another layer's, is worded in that language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer._click.core import Command
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.bots import bot_names
from briscola.core.options import OPTIONS
from briscola.core.record import GameRecord
from briscola.core.rules import preset, preset_names
from briscola.i18n import CATALOGS
from briscola.i18n.cli import HELP, localize
from briscola.scorekeeper.cli import score_app
from helpers import random_game

# English words no Italian help or error should hold (the options' names, their values and the
# metavars are left out before looking: ``--seat``, ``best-of:N``, ``points_tie``, ``NAME``).
ENGLISH = re.compile(
    r"(?i)\b(the|and|with|for|from|of|to|is|are|this|your|when|each|every|also|here|instead|"
    r"show|write|default|games|players|seat|seats|deal|deals|number|needs|use|must|not|"
    r"unknown|goes|choose|plays|times|level|levels|bot|bots|preset|presets|option|only)\b"
)
ITALIAN = re.compile(
    r"\b(il|la|le|gli|del|della|delle|con|una|uno|che|sono|gioco|partita|smazzata|posto|"
    r"manca|vuole|usa|giochi|livello|livelli|sconosciuto|anche)\b"
)
TOKENS = re.compile(r"--\S+|\S*[:=/$_.\[\]'|<>]\S*|\b[A-Z][A-Z0-9=:.]+\b")


def words(out: str) -> str:
    """The prose of an output: the box drawing, the options' names, values and metavars, the
    names of commands, rule options, presets and bots out."""
    plain = TOKENS.sub(" ", re.sub(r"[│╭╮╰╯─]", " ", out))
    return " ".join(w for w in plain.split() if w.strip(",;()") not in NAMES)


def run(*args: str, lang: str = "it", code: int = 0) -> str:
    env = {"COLUMNS": "120", "BRISCOLA_LANG": lang}
    result = CliRunner(env=env).invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, result.output
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())


@pytest.fixture(autouse=True)
def back_to_italian() -> Iterator[None]:
    yield
    localize("it")  # the words are the process's: leave them as the default for other tests


def commands(command: Command, path: str) -> Iterator[tuple[str, Command]]:
    """Every command of a tree, with its path (``briscola.play``)."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, f"{path}.{name}")


TREES = [
    ("briscola", typer.main.get_command(app)),
    ("score", typer.main.get_command(score_app)),
]
EVERY = [(path, cmd) for root, tree in TREES for path, cmd in commands(tree, root)]
NAMES = (
    {path.rsplit(".", 1)[-1] for path, _ in EVERY}
    | {opt.name for opt in OPTIONS}
    | set(preset_names())
    | set(bot_names())
)
"""Identifiers, in any language: the commands, the rule options, the presets, the bots."""
COMMAND_LINES = [
    path.split(".")[1:] if path.startswith("briscola") else ["score", *path.split(".")[1:]]
    for path, _ in EVERY
]


def test_every_command_and_option_has_its_help_in_both_catalogs() -> None:
    """A command or an option someone adds without its words in the catalogs fails here."""
    missing = []
    for path, command in EVERY:
        wanted = [path]
        common = path.split(".")[0] + ".common."
        for param in command.params:
            if param.name in (None, "help") or not hasattr(param, "help"):
                continue
            own = f"{path}.{param.name}"
            wanted.append(own if HELP + own in CATALOGS["en"] else common + param.name)
        for lang, catalog in CATALOGS.items():
            missing += [f"{lang}: {HELP}{key}" for key in wanted if HELP + key not in catalog]
    assert missing == []
    paths = {path for path, _ in EVERY}
    params = {f"{path}.{p.name}" for path, cmd in EVERY for p in cmd.params}
    shared = {f"{path.split('.')[0]}.common.{p.name}" for path, cmd in EVERY for p in cmd.params}
    keys = {k.removeprefix(HELP) for k in CATALOGS["it"] if k.startswith(HELP)}
    assert sorted(keys - paths - params - shared) == []  # no words left for what is gone


@pytest.mark.parametrize("line", COMMAND_LINES, ids=".".join)
def test_every_help_reads_italian_by_default(line: list[str]) -> None:
    out = run(*line, "--help")
    assert "Uso:" in out and "Opzioni" in out
    assert ENGLISH.findall(words(out)) == [], words(out)


@pytest.mark.parametrize(
    "line", [[], ["play"], ["serve"], ["bench"], ["score"], ["score", "new"]], ids=" ".join
)
def test_the_help_reads_english_with_lang_en(line: list[str]) -> None:
    out = run(*line, "--help", lang="en")
    assert "Usage:" in out and "Options" in out
    assert ITALIAN.findall(words(out)) == [], words(out)
    if line == ["play"]:
        flag = run("play", "--help", "--lang", "en")  # --lang on the line, not the environment
        assert "Your seat, from 0." in flag and "Il tuo posto" not in flag


def test_the_help_names_what_the_program_offers() -> None:
    out = run("play", "--help")
    assert "Il gioco: classic, three," in out and "Il tuo posto, da 0." in out
    assert "medium, hard, champion" in out and "exchange=none|two|seven" in out
    assert "da 0 a 30 secondi" in run("serve", "--help")


# (command line, the Italian words, the English words): ours, then other layers' reworded.
REFUSALS = [
    (["play", "--seat", "7"], "7 non è un posto: classic ha i posti da 0 a 1",
     "7 is not a seat: classic has seats 0 to 1"),
    (["play", "--lang", "fr"], "'fr': usa it o en", None),
    (["play", "sette"], "gioco sconosciuto: 'sette'; i giochi: classic", "unknown preset 'sette'"),
    (["play", "--opponent", "bob"], "livello sconosciuto: 'bob'; i livelli: random",
     "unknown bot 'bob'"),
    (["play", "--human-bot", "bob"], "livello sconosciuto: 'bob'", "unknown bot 'bob'"),
    (["play", "--match", "best-of:2"], "al meglio di 2: scegli un numero dispari di smazzate",
     "best of 2: choose an odd number of deals"),
    (["play", "--match", "sempre"], "formula d'incontro sconosciuta: 'sempre'",
     "unknown match format 'sempre'"),
    (["play", "--match", "points"], "'points' vuole un numero, come points:3",
     "'points' needs a number, like points:3"),
    (["play", "-o", "inversion"], "'inversion' non è KEY=VALUE", "'inversion' is not KEY=VALUE"),
    (["play", "-o", "nope=1"], "opzione delle regole sconosciuta: 'nope'",
     "unknown ruleset option 'nope'"),
    (["play", "-o", "inversion=forse"], "inversion vuole true o false, non 'forse'",
     "inversion must be true or false"),
    (["play", "-o", "exchange=three"], "exchange vuole uno fra none, two, seven, non 'three'",
     "exchange must be one of none, two, seven"),
    (["play", "-o", "hand_size=x"], "hand_size vuole un numero intero", "must be a whole number"),
    (["play", "-o", "signals=true"], "signals vale solo per partite a squadre fisse (4 o 6",
     "signals is an option of games with fixed teams"),
    (["play", "-o", "players=7"], "players vuole 2, 3, 4, 5 o 6, non 7",
     "players must be 2, 3, 4, 5 or 6, not 7"),
    (["bench", "--fast", "--think"], "scegli uno solo fra --fast, --think e --strength",
     "choose one of --fast, --think and --strength"),
    (["bench", "--analysis", "--fast"], "--analysis va da solo", "--analysis goes alone"),
    (["bench", "--plot", "x.png"], "--plot: va con --strength", "--plot: goes with --strength"),
    (["bench", "--deals", "3"], "va con --think o --strength", "goes with --think or --strength"),
    (["bench", "--strict"], "va con --think o --strength", "goes with --think or --strength"),
    (["bench", "--workers", "2"], "va con --fast o --strength", "goes with --fast or --strength"),
    (["bench", "--think", "--games", "3"], "--think conta smazzate: usa --deals",
     "--think counts deals: use --deals"),
    (["bench", "--think", "--preset", "classic", "--preset", "pairs"],
     "--think misura un gioco solo", "--think measures one preset"),
    (["bench", "--think", "--deals", "0"], "gioca almeno una smazzata", "play at least one deal"),
    (["bench", "--strength", "--level", "easy"], "--strength fa giocare coppie: usa --pair",
     "--strength plays pairs: use --pair"),
    (["bench", "--think", "--pair", "easy:beginner"], "--think cronometra livelli: usa --level",
     "--think times levels: use --level"),
    (["bench", "--think", "--workers", "2"], "--think cronometra ogni mossa su un core solo",
     "--think times every move on one core"),
    (["bench", "--strength", "--pair", "easy"], "una coppia è SOPRA:SOTTO",
     "a pair is UPPER:LOWER"),
    (["bench", "--think", "--level", "nessuno"], "livello sconosciuto: 'nessuno'; i livelli:",
     "unknown level 'nessuno'"),
    (["bench", "--preset", "sette"], "gioco sconosciuto: 'sette'", "unknown preset 'sette'"),
    (["analyze", "x.json", "--lang", "fr"], "'fr': usa it o en", None),
    (["serve", "--trick-hold", "31"], "--trick-hold vuole un valore da 0 a 30, non 31",
     "--trick-hold must be from 0 to 30, not 31"),
    (["serve", "--log-level", "forte"], "--log-level vuole uno fra critical, error, warning",
     "--log-level must be one of critical, error, warning"),
    (["engine", "--level", "bob"], "livello sconosciuto: 'bob'", "unknown bot 'bob'"),
    (["arena", "random", "simple", "--backend", "filo"], "usa process o ray",
     "use process or ray"),
    (["arena", "random", "simple", "--sprt", "elo1=-5"], "elo1 (-5) deve superare elo0 (0)",
     "elo1 (-5) must be greater than elo0 (0)"),
    (["arena", "random", "simple", "--sprt", "alpha=2"], "alpha e beta stanno fra 0 e 1",
     "alpha and beta must lie strictly between 0 and 1"),
    (["arena", "random", "nobody"], "livello sconosciuto: 'nobody'", "unknown bot 'nobody'"),
    (["arena", "random", "engine:"], "scrivi il comando del motore dopo 'engine:'",
     "give the engine's command after 'engine:'"),
    (["arena", "random", "simple", "random", "--sprt", "elo1=20"],
     "un SPRT confronta due giocatori", "an SPRT compares two players"),
    (["arena", "random", "simple", "--preset", "three"],
     "three mette al tavolo 3 parti: servono almeno 3 giocatori", "three seats 3 sides"),
    (["arena", "random", "--preset", "six"], "un torneo vuole almeno due giocatori",
     "an arena needs at least two players"),
    (["arena", "random", "simple", "--address", "auto"],
     "l'indirizzo di un cluster Ray vuole --backend ray",
     "a Ray cluster's address needs --backend ray"),
]  # fmt: skip


@pytest.mark.parametrize(("line", "italian", "english"), REFUSALS, ids=lambda v: str(v)[:40])
def test_a_bad_parameter_is_refused_in_the_chosen_language(
    line: list[str], italian: str, english: str | None
) -> None:
    out = run(*line, code=2)
    assert "Errore" in out and italian in out, out
    assert ENGLISH.findall(words(out.split("Errore", 1)[1])) == [], out
    if english is not None:
        out = run(*line, lang="en", code=2)
        assert "Error" in out and english in out, out


def test_a_server_setting_from_the_environment_is_refused_in_italian(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BRISCOLA_MAX_TABLES", "tanti")
    out = run("serve", code=2)
    assert "BRISCOLA_MAX_TABLES vuole un numero intero, non 'tanti'" in out


def test_analyze_refuses_a_seat_in_the_chosen_language(tmp_path: Path) -> None:
    record = tmp_path / "deal.json"
    record.write_text(GameRecord.from_state(random_game(preset("classic"), seed=1)).to_json())
    out = run("analyze", str(record), "--seat", "3", code=2)
    assert "--seat: 3 non è un posto: classic ha i posti da 0 a 1" in out
    out = run("analyze", str(record), "--seat", "3", lang="en", code=2)
    assert "--seat: 3 is not a seat: classic has seats 0 to 1" in out


def test_serve_workers_without_redis_says_so_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from briscola.apps.server.cluster import workers

    monkeypatch.setattr(workers.shutil, "which", lambda name: None)
    monkeypatch.delenv("BRISCOLA_REDIS", raising=False)
    out = run("serve", "--workers", "2", "--db", "sqlite://", code=1)
    assert "redis-server non è installato: esegui scripts/install-system-deps.sh" in out
    out = run("serve", "--workers", "2", "--db", "sqlite://", lang="en", code=1)
    assert "redis-server is not installed: run scripts/install-system-deps.sh" in out
