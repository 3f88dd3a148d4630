"""The computer players and partner signals (issue 14, item 2): the medium level reads a
partner's "carica" and "ho l'asso" and sends true signs; the search levels sign too and search
worlds that keep a partner's signalled trump."""

from __future__ import annotations

from typing import Any

import pytest

import signal_helpers
from briscola.bots.knowledge import Knowledge
from briscola.bots.medium import MediumBot, medium_card
from briscola.bots.search import SearchBot
from briscola.bots.signs import HandLimit, hand_limits
from briscola.core.actions import Play, Signal
from briscola.core.cards import Card
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.core.signals import SignalKind

pytestmark = pytest.mark.bots

ASSO = Signal(SignalKind.ASSO)
CARICA = Signal(SignalKind.CARICA)


def pairs_deal(hands: str, briscola: str = "7b", **options: Any) -> State:
    """``signal_helpers.pairs_deal`` with this file's usual briscola."""
    return signal_helpers.pairs_deal(hands, briscola, **options)


def test_carica_from_the_partner_makes_the_medium_level_load_its_trick() -> None:
    # North (seat 0) leads the Re di coppe; East throws a 2; South (seat 2) holds the Asso di
    # spade. West, still to play, may hold the Asso or the Tre di coppe or a trump, so the
    # counting alone does not call North's Re safe: South keeps its Asso. After North's
    # "carica", South loads it.
    hands = "Rc 4d 5d|2s 4s 5s|As 6d 7d|6c 6s 7s"
    plain = pairs_deal(hands).apply(Play(Card.parse("Rc"))).apply(Play(Card.parse("2s")))
    assert medium_card(observe(plain, 2)) != Card.parse("As")
    signed = pairs_deal(hands).apply(CARICA).apply(Play(Card.parse("Rc")))
    signed = signed.apply(Play(Card.parse("2s")))
    assert medium_card(observe(signed, 2)) == Card.parse("As")


def test_the_medium_level_says_it_holds_the_asso_and_its_partner_counts_it_a_friend() -> None:
    state = pairs_deal("Ab 4d 5d|2s 4s 5s|6c 6d 7d|Cc 6s Rs")
    assert MediumBot(seed=1).act(observe(state, 0)) == ASSO
    after = state.apply(ASSO)
    partner = Knowledge(observe(after, 2))
    opponent = Knowledge(observe(after, 1))
    assert Card.parse("Ab") not in partner.unknown and Card.parse("Ab") in opponent.unknown
    assert Card.parse("Ab") not in partner.possible(3)  # not a threat from West any more
    assert MediumBot(seed=1).act(observe(after, 0)) != ASSO  # once a deal


def test_signs_are_true_and_once_a_trick_over_whole_games() -> None:
    for name in ("pairs", "six"):
        state = new_game(preset(name, signals=True), seed=2)
        bots = [MediumBot(seed=s) for s in range(state.players)]
        while not state.is_over:
            assert state.turn is not None
            action = bots[state.turn].act(observe(state, state.turn))
            assert action in state.legal_actions()  # the rules offer only true signs
            state = state.apply(action)
        kinds = {s.kind for s in state.signals}
        assert SignalKind.CARICA in kinds or len(kinds) >= 2


def test_the_search_levels_sign_and_play_with_signals_on() -> None:
    state = pairs_deal("Ab 4d 5d|2s 4s 5s|6c 6d 7d|Cc 6s Rs")
    bot = SearchBot.hard(seed=1)
    assert bot.act(observe(state, 0)) == ASSO  # the medium level's sign
    state = state.apply(ASSO).apply(Play(Card.parse("4d")))
    for _ in range(6):  # a few moves searched with the signs taken out
        assert state.turn is not None
        action = bot.act(observe(state, state.turn))
        assert action in state.legal_actions()
        state = state.apply(action)


LISCIO = Signal(SignalKind.LISCIO)


def test_the_medium_level_says_liscio_when_its_winning_card_may_still_be_taken() -> None:
    # North (seat 0) holds no sign about its hand (4b: a low trump, no Asso, no Tre); it leads
    # its Cavallo di denari, which West (seat 3, after South) may beat with a higher denari or a
    # trump: "liscio", so that South does not load points on it.
    state = pairs_deal("Rc Cd 4b|2s 4s 5s|As 6d 7d|6c 6s 7s")
    assert medium_card(observe(state, 0)) == Card.parse("Cd")
    assert MediumBot(seed=1).act(observe(state, 0)) == LISCIO
    after = state.apply(LISCIO).apply(Play(Card.parse("Cd"))).apply(Play(Card.parse("2s")))
    seen = observe(after, 2)
    assert [s.kind for s in seen.signals] == [SignalKind.LISCIO]
    assert medium_card(seen) != Card.parse("As")  # South keeps its Asso
    assert [s.kind for s in observe(after, 1).signals] == [None]  # East sees a sign, no meaning


def test_no_liscio_without_a_partner_to_warn_or_a_card_to_load() -> None:
    state = pairs_deal("Rc Cd 4b|2s 4s 5s|As 6d 7d|6c 6s 7s")
    state = state.apply(Play(Card.parse("Cd"))).apply(Play(Card.parse("2s")))
    state = state.apply(Play(Card.parse("6d")))
    last = MediumBot(seed=1).act(observe(state, 3))  # West plays last: nobody after it
    assert last != LISCIO
    lead = pairs_deal("4c Cd 4b|2s 4s 5s|As 6d 7d|6c 6s 7s")
    assert medium_card(observe(lead, 0)) == Card.parse("4c")  # a liscio lead: nothing to load
    assert MediumBot(seed=1).act(observe(lead, 0)) != LISCIO


def test_nessuna_is_said_again_after_a_draw_while_still_true() -> None:
    nessuna = Signal(SignalKind.NESSUNA)
    state = pairs_deal("Rc Cd 4d|2s 4s 5s|As 6d 7d|6c 6s 7s")  # nobody holds a trump (bastoni)
    bots = [MediumBot(seed=s) for s in range(4)]
    for _ in range(8):  # the first trick, each seat signing first
        assert state.turn is not None
        state = state.apply(bots[state.turn].act(observe(state, state.turn)))
    assert len(state.tricks) == 1 and state.turn == 2  # South took it and drew the Ac
    assert hand_limits(observe(state, 0)) == (HandLimit(2, 1, False),)  # it may have drawn one
    assert bots[2].act(observe(state, 2)) == nessuna  # still none: it says so again
    assert hand_limits(observe(state.apply(nessuna), 0)) == (HandLimit(2, 0, False),)
