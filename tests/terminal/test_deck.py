"""``briscola play --tui --deck NAME``: the full-screen table draws the cards with the deck's signs,
colours and letters (tui/decks.py), driven by keys as in test_tui.py."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from briscola.apps.cli import app as cli
from briscola.apps.terminal.game import DECKS, GameOptions
from briscola.apps.terminal.tui import TableApp, views
from briscola.apps.terminal.tui.decks import DECKS as DRAWN
from briscola.apps.terminal.tui.flow import MOVE
from briscola.core.cards import Card, Rank, Suit
from briscola.core.rules import preset

SIZE = (110, 34)

# What a card's top line shows in each deck: its letter and its suit's sign, and the colour of
# the sign (Rich's name for it).
EXPECTED = {
    "progetto": ({Suit.COPPE: "♥", Suit.DENARI: "◆", Suit.SPADE: "♠", Suit.BASTONI: "♣"}, "AFCR"),
    "napoletane": ({Suit.COPPE: "Ʊ", Suit.DENARI: "◉", Suit.SPADE: "†", Suit.BASTONI: "Ɨ"}, "AFCR"),
    "piacentine": ({Suit.COPPE: "Ʊ", Suit.DENARI: "◉", Suit.SPADE: "†", Suit.BASTONI: "Ɨ"}, "AFCR"),
    "francesi": ({Suit.COPPE: "♥", Suit.DENARI: "♦", Suit.SPADE: "♠", Suit.BASTONI: "♣"}, "AJQK"),
}
LETTERS = {Rank.ASSO: 0, Rank.FANTE: 1, Rank.CAVALLO: 2, Rank.RE: 3}


def expected_top(deck: str, card: Card) -> str:
    signs, letters = EXPECTED[deck]
    letter = letters[LETTERS[card.rank]] if card.rank in LETTERS else card.rank.letter
    return f"{letter}{signs[card.suit]}"


def squeeze(line: str) -> str:
    return line.replace("│", "").replace("★", "").replace(" ", "")


def test_the_decks_the_cli_offers_are_the_decks_drawn() -> None:
    assert set(DECKS) == set(DRAWN) == set(EXPECTED)


@pytest.mark.parametrize("deck", ["napoletane", "francesi", "progetto"])
def test_the_table_shows_the_deck_s_signs_in_the_hand_the_trick_and_the_briscola(
    deck: str,
) -> None:
    options = GameOptions(preset("classic"), lang="it", seed=5, deck=deck)
    app = TableApp(options, bot_delay=0, trick_hold=0)
    others = {s for d, (signs, _) in EXPECTED.items() if d != deck for s in signs.values()}
    others -= set(EXPECTED[deck][0].values())

    async def drive(pilot: Pilot[int]) -> None:
        for _ in range(500):
            await pilot.pause()
            if app.game.waiting == MOVE:
                break
        seen: set[str] = set()
        for _ in range(6):  # a few moves: the hand changes, cards reach the trick
            obs = app.game.obs
            hand = str(app.query_one("#hand", Static).content)
            briscola = str(app.query_one("#briscola", Static).content)
            trick = views.trick_text(app.game, list(obs.trick)).plain if obs.trick else ""
            shown = squeeze(hand + briscola + trick)
            for card in [*obs.hand, *(c for _, c in obs.trick), obs.briscola]:
                assert card is not None
                assert expected_top(deck, card) in shown, (deck, card, hand)
                seen.add(card.suit.value)
            assert not any(sign in hand + trick for sign in others), (deck, hand)
            await pilot.press("1")
            for _ in range(500):
                await pilot.pause()
                if app.game.waiting == MOVE:
                    break
        assert len(seen) >= 3, seen

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await drive(pilot)

    asyncio.run(main())


def test_french_cards_have_their_names_and_colours() -> None:
    from briscola.apps.terminal.tui import cards

    queen = cards.face(Card.parse("Cc"), "en", deck=DRAWN["francesi"])
    assert queen.plain.splitlines()[1:4] == ["│Q     ♥│", "│ Queen │", "│hearts │"]
    assert "red" in str(queen.spans[0].style)
    club = cards.face(Card.parse("Rb"), "it", deck=DRAWN["francesi"])
    assert club.plain.splitlines()[1:4] == ["│K     ♣│", "│   Re  │", "│fiori  │"]
    napoli = cards.face(Card.parse("Rb"), "it", deck=DRAWN["napoletane"])
    assert napoli.plain.splitlines()[1:4] == ["│R     Ɨ│", "│   Re  │", "│bastoni│"]
    assert str(napoli.spans[0].style) != str(club.spans[0].style)


def refusal(*line: str) -> str:
    result = CliRunner().invoke(cli, ["play", *line])
    assert result.exit_code == 2
    return " ".join(result.output.replace("│", " ").split())  # the error box's words, unwrapped


def test_an_unknown_deck_is_refused_in_the_chosen_language() -> None:
    said = refusal("--deck", "rosse")
    assert "--deck: 'rosse': le carte sono progetto, napoletane, piacentine, francesi" in said
    said = refusal("--deck", "rosse", "--lang", "en")
    assert "'rosse': the decks are progetto, napoletane, piacentine, francesi" in said
