"""A hint names every move in words: the exchange of the briscola by the card given and the
face-up card taken, an accuso by its suit, in Italian, English and Romanian, never by its
notation ("exchange", "declare c", "7d")."""

from __future__ import annotations

import random
import re

import pytest

from briscola.analysis import ActionValue, Hint, hint
from briscola.analysis.hints import _action_words
from briscola.core.actions import (
    Action,
    Bid,
    Call,
    Declare,
    ExchangeBriscola,
    Pass,
    Play,
    Signal,
    parse_action,
)
from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.rules import preset
from briscola.core.signals import SignalKind
from helpers import reasons_are

LANGS = ("it", "en", "ro")
# a card's notation standing alone ("7d", "Rb"; not the Romanian "As de coppe"), a command
# word, a quoted code
CODE = re.compile(r"\b[A2-7FCR][cdsb]\b(?! de )|\bexchange\b|\bdeclare\b|[«»“”„]")


def no_code(text: str) -> None:
    assert CODE.search(text) is None, text


def reach(ruleset_options: dict[str, object], seed: int, kind: type) -> State:
    """A classic deal of ``seed`` played at random (cards only) until an action of ``kind`` is
    legal for the seat to act."""
    rng = random.Random(seed)
    state = new_game(preset("classic", **ruleset_options), seed=seed)
    while not any(isinstance(a, kind) for a in state.legal_actions()):
        assert not state.is_over, "the seed never offers the action"
        state = state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Play)]))
    return state


def to_act(state: State) -> Observation:
    """The observation of the seat to act."""
    assert state.turn is not None
    return observe(state, state.turn)


def exchange_words(gave: Card, took: Card) -> dict[str, tuple[str, str]]:
    """The exchange as the hint's first sentence and as one of the other moves, per language."""
    return {
        "it": (
            f"Scambia il {gave.name('it')} con la briscola, "
            + ("l'" if took.name("it")[0] in "AEIOU" else "il ")
            + took.name("it"),
            f"scambio della briscola ({gave.name('it')} per {took.name('it')})",
        ),
        "en": (
            f"Exchange the {gave.name('en')} for the briscola, the {took.name('en')}",
            f"exchanging the briscola ({gave.name('en')} for {took.name('en')})",
        ),
        "ro": (
            f"Schimbă {gave.name('ro')} cu cartea de atu întoarsă, {took.name('ro')}",
            f"schimbul atuului ({gave.name('ro')} pentru {took.name('ro')})",
        ),
    }


def declare_words(suit: Suit) -> dict[str, tuple[str, str]]:
    return {
        "it": (
            f"Dichiara l'accuso di Re e Cavallo di {suit.name_in('it')}",
            f"accuso di Re e Cavallo di {suit.name_in('it')}",
        ),
        "en": (
            f"Declare King and Knight of {suit.name_in('en')}",
            f"declaring King and Knight of {suit.name_in('en')}",
        ),
        "ro": (
            f"Anunță Rege și Cal de {suit.name_in('ro')}",
            f"anunțul Rege și Cal de {suit.name_in('ro')}",
        ),
    }


@pytest.mark.parametrize(
    ("options", "seed", "rank"),
    [
        ({"exchange": "two"}, 16, Rank.DUE),  # the exchange is the champion's choice
        ({"exchange": "two"}, 19, Rank.DUE),  # the exchange among the other moves
        ({"exchange": "seven"}, 53, Rank.SETTE),  # the 7 of trumps, after a trick won
    ],
)
def test_a_real_hint_names_the_exchange_by_its_cards(
    options: dict[str, object], seed: int, rank: Rank
) -> None:
    state = reach(options, seed, ExchangeBriscola)
    obs = to_act(state)
    assert obs.briscola is not None
    gave, took = Card(obs.briscola.suit, rank), obs.briscola
    assert gave in obs.hand
    tip = hint(obs, budget=16, seed=1)
    assert tip.exchange == (gave, took)
    assert ExchangeBriscola() in [v.action for v in tip.values]
    best = isinstance(tip.best, ExchangeBriscola)
    for lang, (head, other) in exchange_words(gave, took).items():
        text = tip.reason(lang)
        if best:
            assert text.startswith(head + ": "), text
        else:
            assert f"{other} " in text and not text.startswith(head), text
        no_code(text)
    # the JSON keeps its shape and its notation
    assert tip.to_dict() == {"best": str(tip.best), "actions": [v.to_dict() for v in tip.values]}
    assert "exchange" in [v.to_dict()["action"] for v in tip.values]


def test_the_exchange_chosen_reads_as_a_sentence() -> None:
    state = new_game(preset("classic", exchange="two"), seed=16)
    tip = hint(to_act(state), budget=16, seed=1)
    assert tip.best == ExchangeBriscola() and tip.exchange == (Card.parse("2d"), Card.parse("Rd"))
    assert tip.reason("it").startswith(
        "Scambia il Due di denari con la briscola, il Re di denari: vinci il "
    )
    assert tip.reason("en").startswith(
        "Exchange the Two of coins for the briscola, the King of coins: you win "
    )
    assert tip.reason("ro").startswith(
        "Schimbă Doi de denari cu cartea de atu întoarsă, Rege de denari: câștigi în "
    )


@pytest.mark.parametrize("seed", [4, 34, 36])
def test_a_real_hint_names_the_accuso_by_its_suit(seed: int) -> None:
    state = reach({"accusi": True}, seed, Declare)
    obs = to_act(state)
    declares = [a for a in obs.legal if isinstance(a, Declare)]
    tip = hint(obs, budget=16, seed=1)
    assert tip.exchange is None
    for lang in LANGS:
        text = tip.reason(lang)
        for action in declares:
            head, other = declare_words(action.suit)[lang]
            if tip.best == action:
                assert text.startswith(head + ": "), text
            else:
                assert f"{other} " in text, text
        no_code(text)


def test_a_hand_made_hint_names_every_move_in_words() -> None:
    values = tuple(
        ActionValue(parse_action(a), win, 0.0, 8)
        for a, win in [("declare c", 0.63), ("exchange", 0.55), ("3s", 0.2)]
    )
    cards = (Card.parse("7d"), Card.parse("Ad"))
    tip = Hint(values[0].action, values, cards)
    reasons_are(
        tip,
        it=(
            "Dichiara l'accuso di Re e Cavallo di coppe: vinci il 63% delle volte. "
            "Le altre mosse: scambio della briscola (Sette di denari per Asso di denari) 55%, "
            "Tre di spade 20%."
        ),
        en=(
            "Declare King and Knight of cups: you win 63% of the time. "
            "The other moves: exchanging the briscola (Seven of coins for Ace of coins) 55%, "
            "Three of swords 20%."
        ),
        ro=(
            "Anunță Rege și Cal de coppe: câștigi în 63% din cazuri. "
            "Celelalte mutări: schimbul atuului (Șapte de denari pentru As de denari) 55%, "
            "Trei de spade 20%."
        ),
    )
    swap = Hint(values[1].action, (values[1], values[0]), cards)
    reasons_are(
        swap,
        it=(
            "Scambia il Sette di denari con la briscola, l'Asso di denari: vinci il 55% delle "
            "volte. Le altre mosse: accuso di Re e Cavallo di coppe 63%."
        ),
        en=(
            "Exchange the Seven of coins for the briscola, the Ace of coins: you win 55% of the "
            "time. The other moves: declaring King and Knight of cups 63%."
        ),
        ro=(
            "Schimbă Șapte de denari cu cartea de atu întoarsă, As de denari: câștigi în 55% din "
            "cazuri. Celelalte mutări: anunțul Rege și Cal de coppe 63%."
        ),
    )
    # without its cards (a hint made by hand) the exchange is still named in words
    bare = Hint(values[1].action, (values[1],))
    assert bare.reason("it") == (
        "Fai lo scambio della briscola: vinci il 55% delle volte. È l'unica mossa possibile."
    )
    assert bare.reason("en").startswith("Exchange the briscola: you win 55% of the time.")
    assert bare.reason("ro").startswith("Schimbă cartea de atu întoarsă: câștigi în 55% ")
    for t in (tip, swap, bare):
        for lang in LANGS:
            no_code(t.reason(lang))


@pytest.mark.parametrize(
    ("action", "exchange", "it", "en", "ro"),
    [
        (Play(Card.parse("Ad")), None, "Asso di denari", "Ace of coins", "As de denari"),
        (
            Declare(Suit.DENARI),
            None,
            "accuso di Re e Cavallo di denari",
            "declaring King and Knight of coins",
            "anunțul Rege și Cal de denari",
        ),
        (
            ExchangeBriscola(),
            (Card.parse("2b"), Card.parse("3b")),
            "scambio della briscola (Due di bastoni per Tre di bastoni)",
            "exchanging the briscola (Two of clubs for Three of clubs)",
            "schimbul atuului (Doi de bastoni pentru Trei de bastoni)",
        ),
        (
            ExchangeBriscola(),
            None,
            "scambio della briscola",
            "exchanging the briscola",
            "schimbul atuului",
        ),
    ],
)
def test_action_words_name_each_play_phase_action(
    action: Action, exchange: tuple[Card, Card] | None, it: str, en: str, ro: str
) -> None:
    words = {lang: _action_words(action, lang, article=False, exchange=exchange) for lang in LANGS}
    assert words == {"it": it, "en": en, "ro": ro}
    if not isinstance(action, Play):  # the article is a card's: the other moves read the same
        assert _action_words(action, "it", exchange=exchange) == it
    for text in words.values():
        no_code(text)


def test_action_words_give_a_card_its_article() -> None:
    assert _action_words(Play(Card.parse("Ad")), "it") == "l'Asso di denari"
    assert _action_words(Play(Card.parse("Fc")), "it") == "il Fante di coppe"
    assert _action_words(Play(Card.parse("Fc")), "en") == "the Jack of cups"
    assert _action_words(Play(Card.parse("Fc")), "ro") == "Valet de coppe"


@pytest.mark.parametrize(
    "action",
    [
        Signal(SignalKind.ASSO),
        Signal(None),
        Bid(rank=Rank.TRE),
        Bid(points=75),
        Pass(),
        Call(Suit.DENARI),
    ],
)
def test_actions_a_play_hint_never_offers_keep_their_notation(action: Action) -> None:
    # partner signs are not searched (no hint with the signals option); bids and calls are the
    # auction's, and a hint is given in the play phase
    assert _action_words(action, "it") == str(action)
    tip = Hint(action, (ActionValue(action, 0.5, 0.0, 8),))
    assert tip.reason("it").startswith(f"Scegli «{action}»: vinci il 50% delle volte.")
