"""Rulesets: presets and aliases, each preset's facts, refused combinations, data round trips."""

from __future__ import annotations

import dataclasses
import json

import pytest

from briscola.core.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from briscola.core.game import new_game
from briscola.core.rules import (
    PRESETS,
    Direction,
    Exchange,
    Partnership,
    Ruleset,
    RulesetError,
    TieRule,
    TricksVisible,
    preset,
    preset_names,
)

# players, deck size, hand size, sides (None: every seat for itself), face-up briscola
FACTS = {
    "classic": (2, 40, 3, None, True),
    "three": (3, 39, 3, None, True),
    "quattro": (4, 40, 3, None, True),  # "in 4 senza coppie": each for themselves
    "pairs": (4, 40, 3, ((0, 2), (1, 3)), True),
    "six": (6, 36, 3, ((0, 2, 4), (1, 3, 5)), True),
    "scoperta": (2, 40, 3, None, True),
    "chiamata": (5, 40, 8, "called", False),
}


def test_the_seven_presets_exist() -> None:
    assert set(preset_names()) == set(FACTS)
    assert set(PRESETS) == set(FACTS)
    for name, rules in PRESETS.items():
        assert rules.name == name
        assert preset(name) is rules


@pytest.mark.parametrize("name", sorted(FACTS))
def test_preset_facts(name: str) -> None:
    players, deck_size, hand_size, sides, face_up = FACTS[name]
    rules = preset(name)
    assert rules.players == players
    assert len(rules.deck()) == deck_size
    assert len(set(rules.deck())) == deck_size
    assert rules.hand_size == hand_size
    assert rules.briscola_face_up is face_up
    assert deck_size % players == 0
    if sides is None:
        assert rules.partnership is Partnership.NONE
        assert rules.team_count == players
        assert [rules.team_of(s) for s in range(players)] == list(range(players))
    elif sides == "called":
        assert rules.partnership is Partnership.CALLED
    else:
        assert rules.partnership is Partnership.ALTERNATE
        assert rules.team_count == 2
        for side in sides:
            assert len({rules.team_of(s) for s in side}) == 1
        assert rules.team_of(sides[0][0]) != rules.team_of(sides[1][0])
    # defaults of the rules reference
    assert rules.direction is Direction.COUNTERCLOCKWISE and rules.step == 1
    assert rules.tie is TieRule.DRAW
    assert rules.exchange is Exchange.NONE
    assert not rules.inversion and not rules.accusi


def test_preset_specific_options() -> None:
    assert preset("scoperta").open_hands and not preset("classic").open_hands
    assert preset("three").removed == (Card.parse("2c"),)
    assert set(preset("six").removed) == set(parse_cards("2c 2d 2s 2b"))
    for team_game in ("pairs", "six"):
        assert preset(team_game).partners_see_hands
    # RULES.md: "every player may look through the tricks they have taken ... in two players
    # too", once the last card is drawn: every preset
    for name in PRESETS:
        assert preset(name).tricks_visible is TricksVisible.END_PHASE, name
    chiamata = preset("chiamata")
    assert not chiamata.caller_leads and not chiamata.points_only_auction
    assert not chiamata.bid_multipliers and not chiamata.cappotto_doubles


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("2", "classic"),
        ("two", "classic"),
        ("due", "classic"),
        ("classica", "classic"),
        ("CLASSIC", "classic"),
        (" Classic ", "classic"),
        ("3", "three"),
        ("tre", "three"),
        ("4", "pairs"),
        ("four", "pairs"),
        ("quattro", "quattro"),
        ("senza-coppie", "quattro"),
        ("coppie", "pairs"),
        ("6", "six"),
        ("sei", "six"),
        ("open", "scoperta"),
        ("5", "chiamata"),
        ("five", "chiamata"),
        ("cinque", "chiamata"),
        ("briscolone", "chiamata"),
    ],
)
def test_aliases(alias: str, name: str) -> None:
    assert preset(alias) is PRESETS[name]


def test_unknown_preset_names_the_presets() -> None:
    with pytest.raises(RulesetError, match=r"unknown preset 'seven'.*classic.*chiamata"):
        preset("seven")


def test_total_points_and_card_values() -> None:
    for rules in PRESETS.values():
        # the removed 2s are worth nothing: every preset keeps 120 points
        assert rules.total_points == 120
    inv = preset("classic", inversion=True)
    assert inv.total_points == 120
    assert inv.points_of(Card.parse("7b")) == 10 and inv.points_of(Card.parse("3b")) == 0
    assert inv.strength_of(Card.parse("7b")) > inv.strength_of(Card.parse("Rb"))
    assert inv.strength_of(Card.parse("7b")) < inv.strength_of(Card.parse("Ab"))
    assert inv.strength_of(Card.parse("3b")) < inv.strength_of(Card.parse("Fb"))
    assert inv.strength_of(Card.parse("3b")) > inv.strength_of(Card.parse("6b"))


@pytest.mark.parametrize("removed", ["2d", "2s", "2b", ["2d"], ("2s",)])
def test_three_players_choose_the_removed_card(removed: object) -> None:
    rules = preset("three", removed=removed)
    gone = Card.parse(removed if isinstance(removed, str) else removed[0])  # type: ignore[index]
    assert rules.removed == (gone,)
    assert gone not in rules.deck()
    assert Card.parse("2c") in rules.deck()
    assert len(rules.deck()) == 39
    assert rules.total_points == 120


def test_removing_a_card_with_points_lowers_the_total() -> None:
    rules = preset("three", removed="Ab")
    assert rules.total_points == 109
    assert Card.parse("Ab") not in rules.deck()


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda: preset("pairs", open_hands=True), "open_hands .*2-player.*4 players"),
        (lambda: preset("six", open_hands=True), "open_hands .*6 players"),
        (lambda: preset("three", open_hands=True), "open_hands .*3 players"),
        (lambda: preset("chiamata", exchange="two"), "exchang.*face-up briscola"),
        (lambda: preset("chiamata", exchange="seven"), "exchang.*face-up briscola"),
        (lambda: Ruleset(players=5), "5 players play Briscola chiamata"),
        (lambda: preset("classic", players=5), "5 players play Briscola chiamata"),
        (lambda: preset("three", removed=[]), "40 cards cannot be shared by 3 players"),
        (lambda: preset("pairs", players=6), "40 cards cannot be shared by 6 players"),
        (lambda: Ruleset(players=7), "players must be 2, 3, 4, 5 or 6"),
        (lambda: Ruleset(players=1), "players must be"),
        (lambda: Ruleset(players=True), "players must be a whole number"),  # type: ignore[arg-type]
        (lambda: Ruleset(hand_size=0), "hand_size 0"),
        (lambda: Ruleset(hand_size=21), "hand_size 21 does not fit 2 players"),
        (lambda: Ruleset(removed=parse_cards("2c 2c")), "removed lists a card twice"),
        (lambda: preset("classic", colour="red"), "unknown ruleset option 'colour'"),
        (lambda: preset("classic", direction="sideways"), "direction must be one of"),
        (lambda: preset("classic", tie="coin"), "tie must be one of draw, replay"),
        (lambda: preset("classic", exchange="three"), "exchange must be one of none, two, seven"),
        (lambda: preset("classic", inversion="maybe"), "inversion must be true or false"),
        (lambda: preset("classic", players="two"), "players must be a whole number"),
        (lambda: preset("three", removed="Zz"), "removed: 'Zz' is not a card"),
        (lambda: preset("three", removed=3), "removed must be a list of cards"),
        (lambda: Ruleset(direction="clockwise"), "direction must be a Direction"),  # type: ignore[arg-type]
        (lambda: preset("classic", partnership="alternate"), "alternate-seat teams need 4 or 6"),
        (lambda: preset("classic", partnership="called"), "called partner .*needs 5 players"),
        (lambda: preset("chiamata", briscola_face_up=True), "no face-up briscola"),
        (lambda: preset("classic", briscola_face_up=False), "must be turned face up"),
        (lambda: preset("chiamata", hand_size=3), "hand_size must be 8"),
        (
            lambda: preset("classic", caller_leads=True),
            "caller_leads is an option of Briscola chiamata",
        ),
        (
            lambda: preset("pairs", points_only_auction=True),
            "option of Briscola chiamata.*4 players",
        ),
        (lambda: preset("three", bid_multipliers=True), "option of Briscola chiamata.*3 players"),
        (
            lambda: preset("classic", cappotto_doubles=True),
            "cappotto_doubles is an option of Briscola chiamata",
        ),
        (
            lambda: preset("classic", partners_see_hands=True),
            "partners_see_hands is an option of games with fixed teams",
        ),
        (lambda: Ruleset.from_dict(["players", 2]), "must be an object of options"),  # type: ignore[arg-type]
        (lambda: Ruleset.from_dict({"preset": "nine"}), "unknown preset 'nine'"),
    ],
)
def test_invalid_combinations_are_refused_naming_the_problem(make: object, needle: str) -> None:
    with pytest.raises(RulesetError, match=needle) as info:
        make()  # type: ignore[operator]
    assert isinstance(info.value, ValueError)


def test_a_face_up_briscola_needs_a_card_left_over() -> None:
    # 2 players dealt 20 cards each leave no card to turn up (this once crashed new_game)
    for exchange in Exchange:
        with pytest.raises(RulesetError, match="no card is left to turn up as the briscola"):
            Ruleset(hand_size=20, exchange=exchange)
    rules = Ruleset(hand_size=19)
    state = new_game(rules, seed=1)
    assert len(state.stock) == 2 and state.stock[-1] == state.briscola


def test_option_values_accept_their_text_forms() -> None:
    rules = preset(
        "pairs",
        direction="Clockwise",
        tie="REPLAY",
        tricks_visible="end-phase",
        inversion="yes",
        accusi="on",
        exchange="seven",
    )
    assert rules.direction is Direction.CLOCKWISE and rules.step == -1
    assert rules.tie is TieRule.REPLAY
    assert rules.tricks_visible is TricksVisible.END_PHASE
    assert rules.inversion and rules.accusi
    assert rules.exchange is Exchange.SEVEN
    assert preset("classic", inversion="no").inversion is False
    assert preset("classic", players="2").players == 2


def test_overrides_make_a_new_ruleset_and_leave_the_preset_alone() -> None:
    base = preset("classic")
    changed = preset("classic", inversion=True)
    assert changed.inversion and not base.inversion and not PRESETS["classic"].inversion
    assert changed != base
    assert base.with_options(inversion=True) == changed
    with pytest.raises(dataclasses.FrozenInstanceError):
        base.players = 4  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(FACTS))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = preset(name)
    data = rules.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Ruleset.from_dict(data) == rules
    assert Ruleset.from_dict(json.loads(json.dumps(data))) == rules
    assert "_points" not in data and "_strength" not in data


def test_round_trip_with_every_option_changed() -> None:
    rules = preset(
        "three",
        removed="2s",
        inversion=True,
        accusi=True,
        exchange="two",
        direction="clockwise",
        tie="replay",
    )
    data = rules.to_dict()
    assert data["removed"] == ["2s"]
    assert data["direction"] == "clockwise"
    assert data["exchange"] == "two"
    assert Ruleset.from_dict(data) == rules


def test_from_dict_with_a_preset_key_overrides_it() -> None:
    rules = Ruleset.from_dict({"preset": "chiamata", "caller_leads": True})
    assert rules.players == 5 and rules.caller_leads
    assert rules == preset("chiamata", caller_leads=True)


def test_directions() -> None:
    assert preset("pairs").step == 1
    assert preset("pairs", direction="clockwise").step == -1


def test_team_of_for_fixed_teams() -> None:
    pairs = preset("pairs")
    assert [pairs.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    six = preset("six")
    assert [six.team_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]


def test_deck_is_in_index_order_and_without_removed_cards() -> None:
    assert preset("classic").deck() == FULL_DECK
    six = preset("six").deck()
    assert all(c.rank is not Rank.DUE for c in six)
    assert list(six) == sorted(six)
    assert {c.suit for c in six} == set(Suit)
