"""``briscola play`` in Italian (issue 14, items 1 and 3): no English word in its prompts and
messages, help that lists only the game's moves, the options in words, one's own tricks only
once the last card is drawn, and the points count only when the player switches it on."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from briscola.core.rules import PRESETS

# Words an Italian player should never read: the English commands and the common English words
# of the messages. (Card notation, "Ad", and Italian words are not English.)
ENGLISH = re.compile(
    r"\b(bid|bids|pass|call|called|declare|exchange|help|quit|hint|analysis|trick|tricks|"
    r"points|deal|deals|you|your|the|and|wins|draw|options|true|false|none|seven|two|"
    r"clockwise|counterclockwise|turn|stock|partner|caller|auction|player|players)\b",
    re.IGNORECASE,
)


def english_in(out: str) -> list[str]:
    """The output's lines with an English word (the echoed input lines are left out)."""
    return [line for line in out.splitlines() if not line.startswith(">") and ENGLISH.search(line)]


# A script that asks for help, the tricks and the points, tries an English command and a wrong
# bid, then plays the first move each time.
SCRIPT = "aiuto\nprese\npunti\nbid R\noffro 9\nchiamo Z\n" + "1\n" * 400


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_whole_game_in_italian_has_no_english_word(name: str, play: Callable[..., str]) -> None:
    out = play(name, "--seed", "5", stdin=SCRIPT)
    assert "Fine della smazzata" in out
    assert english_in(out) == []


def test_the_options_are_said_in_italian_with_what_they_do(play: Callable[..., str]) -> None:
    out = play(
        "three", "--seed", "1", "-o", "inversion=true", "-o", "exchange=seven",
        "-o", "direction=clockwise", stdin="esci\n",
    )  # fmt: skip
    assert "Carte tolte dal mazzo: 2c (Due di coppe)." in out  # three players: which 2 is out
    assert "Tre e sette invertiti: sì. Il 7 prende il posto del 3" in out
    assert "Scambio della briscola: con il 7 di briscola." in out
    assert "Senso di gioco: orario." in out
    assert english_in(out) == []


def test_the_help_lists_only_the_moves_of_the_game(play: Callable[..., str]) -> None:
    classic = play("classic", "--seed", "1", stdin="aiuto\nesci\n")
    assert "accuso" not in classic and "offro" not in classic and "scambio" not in classic
    assert "prese (le tue prese" in classic and "punti (conteggio" in classic
    rich = play("classic", "--seed", "1", "-o", "accusi=true", "-o", "exchange=two",
                stdin="aiuto\nesci\n")  # fmt: skip
    assert "accuso d" in rich and "scambio (la briscola)" in rich and "offro" not in rich
    chiamata = play("chiamata", "--seed", "1", stdin="aiuto\nesci\n")
    assert "offro R · offro 75 · passo · chiamo d" in chiamata


def test_a_refused_bid_is_said_in_italian(play: Callable[..., str]) -> None:
    out = play("chiamata", "--seed", "2", stdin="offro 2\n" + "1\n" * 10 + "esci\n")
    out2 = play("chiamata", "--seed", "2", stdin="offro A\nesci\n")
    assert "Asso non supera l'offerta più alta." in out2
    assert "bid" not in out.lower().replace("> bid", "")


def test_no_partner_in_a_bot_description_without_partners(play: Callable[..., str]) -> None:
    alone = play("classic", "--seed", "1", stdin="esci\n")
    assert "compagno" not in alone.split("Benvenuto")[0]
    pairs = play("pairs", "--seed", "1", stdin="esci\n")
    assert "aiuta il compagno" in pairs


def test_the_points_count_is_off_until_switched_on(play: Callable[..., str]) -> None:
    off = play("classic", "--seed", "3", stdin="1\n" * 4 + "esci\n")
    assert "Punti finora" not in off  # counting from memory is the game's skill
    on = play("classic", "--seed", "3", stdin="punti\n" + "1\n" * 4 + "punti\nesci\n")
    assert "Conteggio dei punti acceso" in on and "Punti finora: Tu" in on
    assert "Conteggio dei punti spento" in on


def test_own_tricks_only_once_the_last_card_is_drawn(play: Callable[..., str]) -> None:
    """RULES.md: "once the last card is drawn, every player may look through the tricks they
    have taken ... in two players too"."""
    out = play("classic", "--seed", "3", stdin="prese\n" + "1\n" * 17 + "prese\nesci\n")
    first, last = out.split("> prese")[1], out.split("> prese")[2]
    assert "Le prese stanno coperte" in first
    assert "Le tue prese" in last and "Totale:" in last
    never = play("classic", "--seed", "3", "-o", "tricks_visible=never",
                 stdin="1\n" * 17 + "prese\nesci\n")  # fmt: skip
    assert "Con queste regole le prese non si guardano mai." in never


def test_a_trump_on_the_table_is_marked_as_in_the_hand(play: Callable[..., str]) -> None:
    """The cards played to the trick say «★ briscola» when they are of the trump suit, as the
    cards of the hand do, and only then."""
    out = play("classic", "--seed", "3", stdin="1\n" * 400)
    trump = re.search(r"Briscola: \w\w \(\w+ di (\w+)\)", out)
    assert trump is not None
    suit = trump.group(1)
    table = re.findall(r"^\s+Nord: (\w\w) \(\w+ di (\w+)\)(.*)$", out, re.MULTILINE)
    assert table, out
    marked = [(card, s) for card, s, rest in table if "★ briscola" in rest]
    plain = [(card, s) for card, s, rest in table if "★ briscola" not in rest]
    assert marked and plain  # the deal shows both kinds
    assert all(s == suit for _, s in marked) and all(s != suit for _, s in plain)
