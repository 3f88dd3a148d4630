"""The bots and ``partners_show_first`` (partners show their hands before the first trick): the
partner's shown cards still held join the bot's known cards (card counting in
:class:`~briscola.bots.knowledge.Knowledge`), every sampled world of the search levels deals them
to the partner, and the knowledge changes a decision."""

from __future__ import annotations

import random

import pytest

from briscola.bots.knowledge import Knowledge
from briscola.bots.medium import MediumBot
from briscola.core.actions import Play
from briscola.core.cards import Card, parse_cards
from briscola.core.observation import Observation, determinize, observe
from briscola.core.rules import preset
from briscola.fast.search.encode import encode_observation
from helpers import act, deal

pytestmark = pytest.mark.bots

# dealer 0: seat 1 leads the 3 of spade; trumps are denari; seat 2 holds the 6 and the Tre of
# trumps, its partner (seat 0, last to play) the Asso of trumps
HANDS = {1: "4c 4d 3s", 2: "6d 3c 3d", 3: "Rb 5b 7d", 0: "Ad 6c Cb"}
ASSO = Card.parse("Ad")


def seat_two(shown: bool) -> Observation:
    rules = preset("pairs", partners_show_first=shown)
    return observe(act(deal(rules, HANDS, briscola="5d"), "3s"), 2)


def test_the_partners_shown_cards_are_counted_as_known() -> None:
    know = Knowledge(seat_two(True))
    assert know.known[0] == parse_cards("Ad 6c Cb")
    assert ASSO not in know.unknown and ASSO in know.out
    blind = Knowledge(seat_two(False))
    assert ASSO in blind.unknown and 0 not in blind.known


def test_every_world_deals_the_shown_cards_to_the_partner() -> None:
    obs = seat_two(True)
    for seed in range(20):
        world = determinize(obs, random.Random(seed))
        assert set(parse_cards("Ad 6c Cb")) <= set(world.hands[0])
    enc = encode_observation(obs)
    assert ASSO.index not in enc.pool  # the search levels' worlds never move it
    assert ASSO.index in encode_observation(seat_two(False)).pool


def test_knowing_the_partner_holds_the_asso_the_medium_level_takes_with_its_tre() -> None:
    """With the Asso of trumps in the partner's hand, nobody can take the Tre of trumps: the
    medium level takes the 3 of spade with it (10 points safe); not knowing where the Asso is,
    it takes with the 6 of trumps."""
    assert MediumBot(seed=1).act(seat_two(True)) == Play(Card.parse("3d"))
    assert MediumBot(seed=1).act(seat_two(False)) == Play(Card.parse("6d"))
