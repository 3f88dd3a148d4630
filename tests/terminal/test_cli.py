"""The ``briscola`` command: whole games through piped input, bad input, options and errors."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from briscola.apps.cli.commands import app
from briscola.apps.terminal.screen import Screen
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import preset

runner = CliRunner()


ONES = "1\n" * 400


def play(*args: str, stdin: str = ONES) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=stdin)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.mark.parametrize("name", ["classic", "three", "pairs", "six", "scoperta", "chiamata"])
def test_a_whole_game_of_each_preset_through_a_pipe(name: str) -> None:
    code, out = play(name, "--seed", "11")
    assert code == 0, out
    assert "Fine della smazzata" in out
    assert "Punti:" in out
    assert "Giochi " in out  # the human's own moves are told
    assert re.search(r"Vince|Hai vinto|Pareggio|vince|perde", out)


def test_the_result_of_a_chiamata_deal_shows_units() -> None:
    code, out = play("chiamata", "--seed", "2")
    assert code == 0
    assert "Unità:" in out
    assert "Asta" in out


def test_english() -> None:
    code, out = play("pairs", "--lang", "en", "--seed", "4")
    assert code == 0
    assert "End of the deal" in out and "You play" in out
    assert "Teams: us (You, North)" in out
    assert "Fine della smazzata" not in out


def test_help_lists_the_legal_moves() -> None:
    code, out = play("classic", "--seed", "1", stdin="aiuto\n" + ONES)
    assert code == 0
    assert "Mosse possibili:" in out


def test_bad_input_gets_a_clear_message_and_the_game_goes_on() -> None:
    lines = ["zz", "9", "2c", "declare d", "bid 3", "call d", "", "accuso x y", *["1"] * 30]
    code, out = play("three", "--seed", "3", stdin="\n".join(lines) + "\n")
    assert code == 0
    assert "Non capisco «zz»" in out
    assert "Non c'è la mossa numero 9: scegli da 1 a 3." in out
    assert "Non hai 2c (Due di coppe) in mano." in out  # the 2 of coppe is out of this deck
    assert "Gli accusi non sono in gioco" in out
    assert "Offerte e passo valgono solo nell'asta" in out
    assert "Si chiama la briscola solo dopo aver vinto l'asta." in out
    assert "Non capisco «accuso x y»" in out
    assert "Scrivi una mossa, oppure «aiuto»." in out
    assert "Fine della smazzata" in out


def test_declaring_without_the_cards_is_refused_in_english() -> None:
    code, out = play(
        "classic", "--lang", "en", "--seed", "3", "-o", "accusi=true", stdin="declare b\n" + ONES
    )
    assert code == 0
    assert "You cannot declare clubs: you need the King and Knight of clubs in hand." in out


def test_chiamata_auction_input() -> None:
    stdin = "bid 75\nbid 3\n" + "passo\n" * 3 + ONES
    code, out = play("chiamata", "--seed", "5", "--dealer", "4", stdin=stdin)
    assert code == 0
    assert "Si offrono punti (da 61 a 120) solo dopo" in out
    assert "Offri Tre." in out


def test_best_of_three_plays_until_a_winner() -> None:
    code, out = play("classic", "--seed", "8", "--match", "best-of:3", "--opponent", "random")
    assert code == 0
    assert out.count("Fine della smazzata") >= 2
    assert "Partita: al meglio di 3 smazzate" in out
    assert re.search(r"Hai vinto la partita!|Nord vince la partita\.", out)


def test_points_match_in_pairs_with_options() -> None:
    code, out = play(
        "pairs", "--seed", "6", "--match", "points:150", "-o", "inversion=true",
        "--option", "direction=clockwise", "--lang", "en",
    )  # fmt: skip
    assert code == 0
    # the options in words, each with what it does
    assert "Options: Tre/Sette inversion: yes. The 7 takes the 3's place" in out
    assert "Options: Direction of play: clockwise (as the clock)." in out
    assert "(clockwise)" in out
    assert "team wins the match" in out


def test_auto_lets_a_bot_play_the_human_seat() -> None:
    code, out = play("six", "--auto", "--seed", "1", "--seat", "3", stdin="")
    assert code == 0
    assert "Fine della smazzata" in out


def test_quit_and_end_of_input() -> None:
    code, out = play("classic", "--seed", "1", stdin="esci\n")
    assert code == 0 and "Arrivederci!" in out
    code, out = play("classic", "--lang", "en", "--seed", "1", stdin="quit\n")
    assert code == 0 and "Goodbye!" in out
    code, out = play("classic", "--seed", "1", stdin="1\n")
    assert code == 1 and "Fine dell'input: partita interrotta." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--option", "foo=1"], "unknown ruleset option 'foo'"),
        (["--option", "inversion=maybe"], "inversion must be true or false"),
        (["--option", "inversion"], "is not KEY=VALUE"),
        (["--option", "open_hands=true", "pairs"], "open_hands"),
        (["--match", "best-of:2"], "choose an odd number"),
        (["--match", "forever"], "unknown match format"),
        (["seven"], "unknown preset 'seven'"),
        (["--opponent", "deep-blue"], "unknown bot 'deep-blue'"),
        (["--seat", "2"], "2 is not a seat"),
        (["--lang", "de"], "'de': use it or en"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    """In English (the Italian words of each: tests/terminal/test_cli_help.py)."""
    result = runner.invoke(app, ["play", *args], input=ONES, env={"BRISCOLA_LANG": "en"})
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())


def test_version_and_commands() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("briscola ")
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "play" in result.output and "bench" in result.output


def test_bench_command_is_wired(monkeypatch: pytest.MonkeyPatch) -> None:
    import briscola.tools.bench.reference

    seen: dict[str, object] = {}

    def fake_main(games: int, presets: list[str], json_path: str | None) -> None:
        seen.update(games=games, presets=presets, json_path=json_path)

    monkeypatch.setattr(briscola.tools.bench.reference, "main", fake_main)
    result = runner.invoke(
        app, ["bench", "--games", "3", "--preset", "pairs", "--preset", "tre", "--json", "x.json"]
    )
    assert result.exit_code == 0, result.output
    assert seen == {"games": 3, "presets": ["pairs", "tre"], "json_path": "x.json"}
    assert runner.invoke(app, ["bench", "--preset", "nine"]).exit_code == 2


def test_the_installed_command_through_a_real_pipe() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from briscola.apps.cli.commands import main; main()",
            "play",
            "--seed",
            "2",
        ],
        input="zz\n1\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "Non capisco «zz»" in proc.stdout
    assert "Fine dell'input" in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colour codes through a pipe


# -- what the human is shown ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "three", "pairs", "six", "scoperta", "chiamata"])
def test_the_screen_shows_no_card_the_human_may_not_see(name: str) -> None:
    rules = preset(name)
    for game in range(3):
        state = new_game(rules, seed=game)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            obs = observe(state, seat)
            out = io.StringIO()
            Screen(Console(file=out, width=200), "it", rules, seat).view(obs)
            allowed = set(obs.hand) | set(obs.played_cards())
            allowed |= {c for _, h in obs.other_hands for c in h}
            allowed |= {c for _, h in obs.known_cards for c in h}
            if obs.briscola is not None:
                allowed.add(obs.briscola)
            if obs.phase.value == "call":  # the four cards it may call are named
                allowed |= {c for c in rules.deck() if c.rank == obs.auction.contract_rank}  # type: ignore[union-attr]
            text = out.getvalue()
            for other in range(rules.players):
                for card in state.hands[other]:
                    if card not in allowed:
                        assert not re.search(rf"\b{card}\b", text), (card, text)
                        assert card.name("it") not in text, (card, text)
            state = state.apply(state.legal_actions()[0])
