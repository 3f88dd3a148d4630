"""Cards: the notation both ways, names, parse errors, points and strength tables."""

from __future__ import annotations

import copy
import pickle

import pytest

from briscola.core.cards import (
    DEFAULT_POINTS,
    DEFAULT_STRENGTH,
    FULL_DECK,
    INVERTED_POINTS,
    INVERTED_STRENGTH,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)

RANK_LETTERS = "A234567FCR"  # ranks 1..10 in the notation
SUIT_LETTERS = "cdsb"
ALL_TEXTS = [r + s for s in SUIT_LETTERS for r in RANK_LETTERS]


def test_the_deck_has_forty_distinct_cards() -> None:
    assert len(FULL_DECK) == 40
    assert len(set(FULL_DECK)) == 40
    assert {c.suit for c in FULL_DECK} == set(Suit)
    for suit in Suit:
        assert sorted(c.rank for c in FULL_DECK if c.suit is suit) == list(Rank)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_notation_round_trips_from_text(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert card.rank == RANK_LETTERS.index(text[0]) + 1
    assert card.suit.letter == text[1]
    assert repr(card) == f"Card({text!r})"


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_notation_round_trips_from_card(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(str(card).lower()) is card
    assert Card.parse(str(card).upper()) is card
    assert Card.parse(f"  {card} ") is card
    assert Card.from_index(card.index) is card


def test_cards_are_interned_immutable_and_hashable() -> None:
    card = Card(Suit.DENARI, Rank.ASSO)
    assert card is Card.parse("Ad")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len({Card.parse("Ad"), Card.parse("ad"), Card.parse("AD")}) == 1
    with pytest.raises(AttributeError):
        card.rank = Rank.DUE  # type: ignore[misc]
    with pytest.raises(TypeError):
        Card("d", 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "italian", "english"),
    [
        ("Ad", "Asso di denari", "Ace of coins"),
        ("Rs", "Re di spade", "King of swords"),
        ("7c", "Sette di coppe", "Seven of cups"),
        ("Cb", "Cavallo di bastoni", "Knight of clubs"),
        ("Fd", "Fante di denari", "Jack of coins"),
        ("3s", "Tre di spade", "Three of swords"),
        ("2b", "Due di bastoni", "Two of clubs"),
    ],
)
def test_italian_and_english_names(text: str, italian: str, english: str) -> None:
    card = Card.parse(text)
    assert card.name() == italian
    assert card.name("it") == italian
    assert card.name("en") == english


def test_every_card_has_two_distinct_names() -> None:
    italian = {c.name("it") for c in FULL_DECK}
    english = {c.name("en") for c in FULL_DECK}
    assert len(italian) == len(english) == 40


def test_suits_parse_from_letters_and_names() -> None:
    assert Suit.parse("c") is Suit.COPPE
    assert Suit.parse("Coppe") is Suit.COPPE
    assert Suit.parse("cups") is Suit.COPPE
    assert Suit.parse("BASTONI") is Suit.BASTONI
    assert Suit.parse("clubs") is Suit.BASTONI
    assert Suit.parse("coins") is Suit.DENARI
    assert Suit.parse("spade") is Suit.SPADE
    with pytest.raises(CardParseError, match="not a suit"):
        Suit.parse("hearts")


def test_ranks_parse_from_letters_and_numbers() -> None:
    for number, letter in enumerate(RANK_LETTERS, start=1):
        assert Rank.parse(letter) == number
        assert Rank.parse(str(number)) == number
    assert Rank.parse("c") is Rank.CAVALLO
    for bad in ("0", "11", "K", "J", ""):
        with pytest.raises(CardParseError, match="not a rank"):
            Rank.parse(bad)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Card.parse("Ad").name("fr")


@pytest.mark.parametrize("bad", ["", "x", "A", "Adx", "Kd", "Ah", "0d", "10d", "dA", "  ", "A d"])
def test_parse_errors_are_card_parse_errors_with_clear_text(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    message = str(info.value)
    assert repr(bad) in message
    assert "is not a card" in message
    assert "rank then suit" in message
    assert isinstance(info.value, ValueError)


def test_card_numbers_are_accepted_on_input_and_written_as_letters() -> None:
    # Napoletane/Piacentine numbering: Asso 1, Fante 8, Cavallo 9 (Re 10 has no 2-letter form).
    assert Card.parse("1d") is Card.parse("Ad")
    assert Card.parse("8c") is Card.parse("Fc")
    assert Card.parse("9s") is Card.parse("Cs")
    assert str(Card.parse("8c")) == "Fc"


def test_parse_and_format_several_cards() -> None:
    assert parse_cards("Ad, 3c  Rs") == (Card.parse("Ad"), Card.parse("3c"), Card.parse("Rs"))
    assert parse_cards("") == ()
    assert format_cards(parse_cards("ad 3C rs")) == "Ad 3c Rs"
    assert parse_cards(format_cards(FULL_DECK)) == FULL_DECK
    with pytest.raises(CardParseError, match="'Zz'"):
        parse_cards("Ad Zz")


def test_points_total_120() -> None:
    expected = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
    for card in FULL_DECK:
        assert DEFAULT_POINTS[card.rank] == expected.get(card.rank.letter, 0)
    assert sum(DEFAULT_POINTS[c.rank] for c in FULL_DECK) == 120


def test_strength_order_is_a_3_r_c_f_7_6_5_4_2() -> None:
    order = [Rank.parse(letter) for letter in "A3RCF76542"]
    strengths = [DEFAULT_STRENGTH[r] for r in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 10


def test_inversion_tables() -> None:
    order = [Rank.parse(letter) for letter in "A7RCF36542"]
    strengths = [INVERTED_STRENGTH[r] for r in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 10
    assert INVERTED_POINTS[Rank.SETTE] == 10
    assert INVERTED_POINTS[Rank.TRE] == 0
    for rank in Rank:
        if rank not in (Rank.SETTE, Rank.TRE):
            assert INVERTED_POINTS[rank] == DEFAULT_POINTS[rank]
    assert sum(INVERTED_POINTS[c.rank] for c in FULL_DECK) == 120


def test_display_order_is_by_suit_then_rank() -> None:
    assert sorted(parse_cards("Rb 2c Ad 7c")) == list(parse_cards("2c 7c Ad Rb"))
    with pytest.raises(ValueError, match="outside 0-39"):
        Card.from_index(40)
