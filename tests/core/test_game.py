"""One example test per rule and option of the rules reference (docs: /shared/RULES.md).

Deals are set up with explicit deck orders (see ``helpers.build_deck``) so that each test shows
one rule at work in an exact situation.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from briscola.core.actions import Bid, Declare, ExchangeBriscola, Pass, Play
from briscola.core.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from briscola.core.game import DeckError, IllegalActionError, Phase, State, new_game, trick_winner
from briscola.core.rules import preset
from helpers import act, build_deck, deal, random_game, random_states

POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}  # the rules reference, by rank letter


def pts(card: Card, inversion: bool = False) -> int:
    """A card's points, from the rules reference (independent of the engine's tables)."""
    letter = card.rank.letter
    if inversion and letter in "37":
        return 10 if letter == "7" else 0
    return POINTS.get(letter, 0)


def c(text: str) -> Card:
    return Card.parse(text)


def plays(*texts: str) -> list[Play]:
    return [Play(card) for card in parse_cards(" ".join(texts))]


def drawn(before: State, after: State, seat: int) -> list[Card]:
    """Cards that entered ``seat``'s hand between two states."""
    return [card for card in after.hands[seat] if card not in before.hands[seat]]


def find_game(rules_name: str, predicate: Callable[[State], bool], **options: object) -> State:
    """The first random game (by seed) whose final state satisfies ``predicate``."""
    rules = preset(rules_name, **options)
    for seed in range(20_000):
        final = random_game(rules, seed)
        if predicate(final):
            return final
    pytest.fail("no game found")


def card_points(state: State, inversion: bool = False) -> list[int]:
    """Each seat's card points in tricks won, recomputed from the tricks' cards."""
    out = [0] * state.players
    for trick in state.tricks:
        out[trick.winner] += sum(pts(card, inversion) for _, card in trick.plays)
    return out


# -- the deal ----------------------------------------------------------------------------------


def test_deal_order_and_briscola_position_classic() -> None:
    deck = FULL_DECK  # Ac 2c 3c ... Rc Ad ...: index order
    state = new_game(preset("classic"), deck=deck, dealer=0)
    # one card at a time, starting at the seat after the dealer (seat 1)
    assert state.hands[1] == parse_cards("Ac 3c 5c")
    assert state.hands[0] == parse_cards("2c 4c 6c")
    assert state.briscola == c("7c") and state.trump is Suit.COPPE
    # the briscola lies under the stock: the last card to be drawn
    assert state.stock == (*deck[7:], c("7c"))
    assert len(state.stock) == 34
    assert state.deck == deck
    other = new_game(preset("classic"), deck=deck, dealer=1)
    assert other.hands[0] == parse_cards("Ac 3c 5c")
    assert other.hands[1] == parse_cards("2c 4c 6c")


def test_deal_order_four_players_both_directions() -> None:
    deck = FULL_DECK
    ccw = new_game(preset("pairs"), deck=deck, dealer=0)
    # counter-clockwise from seat 1: seats 1, 2, 3, 0 in each round
    assert ccw.hands[1] == (deck[0], deck[4], deck[8])
    assert ccw.hands[2] == (deck[1], deck[5], deck[9])
    assert ccw.hands[3] == (deck[2], deck[6], deck[10])
    assert ccw.hands[0] == (deck[3], deck[7], deck[11])
    assert ccw.briscola == deck[12] and ccw.stock[-1] == deck[12]
    cw = new_game(preset("pairs", direction="clockwise"), deck=deck, dealer=0)
    # clockwise from seat 3: seats 3, 2, 1, 0 in each round
    assert cw.hands[3] == (deck[0], deck[4], deck[8])
    assert cw.hands[2] == (deck[1], deck[5], deck[9])
    assert cw.hands[1] == (deck[2], deck[6], deck[10])
    assert cw.hands[0] == (deck[3], deck[7], deck[11])
    assert cw.briscola == deck[12]


def test_the_deck_builder_agrees_with_the_deal() -> None:
    for name, dealer in (("classic", 1), ("three", 2), ("pairs", 3), ("six", 4)):
        for direction in ("counterclockwise", "clockwise"):
            rules = preset(name, direction=direction)
            state = deal(
                rules, hands={0: "Ab 3b", 1: "Rb"}, briscola="Cb", stock="Fb 7b", dealer=dealer
            )
            assert state.hands[0][:2] == parse_cards("Ab 3b")
            assert state.hands[1][0] == c("Rb")
            assert state.briscola == c("Cb") and state.stock[-1] == c("Cb")
            assert state.stock[:2] == parse_cards("Fb 7b")


@pytest.mark.parametrize(
    ("name", "dealer", "direction", "first"),
    [
        ("classic", 0, "counterclockwise", 1),
        ("classic", 1, "counterclockwise", 0),
        ("classic", 0, "clockwise", 1),
        ("three", 2, "counterclockwise", 0),
        ("three", 2, "clockwise", 1),
        ("pairs", 2, "counterclockwise", 3),
        ("pairs", 2, "clockwise", 1),
        ("pairs", 0, "clockwise", 3),
        ("six", 5, "counterclockwise", 0),
        ("six", 5, "clockwise", 4),
    ],
)
def test_first_lead_is_the_seat_after_the_dealer(
    name: str, dealer: int, direction: str, first: int
) -> None:
    state = new_game(preset(name, direction=direction), seed=3, dealer=dealer)
    assert state.phase is Phase.PLAY
    assert state.turn == first and state.leader == first


def test_bad_dealer_and_seed_with_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 1"):
        new_game(preset("classic"), seed=1, dealer=2)
    with pytest.raises(ValueError, match="a seed or a deck, not both"):
        new_game(preset("classic"), seed=1, deck=FULL_DECK)


# -- play --------------------------------------------------------------------------------------


def test_no_obligation_to_follow_suit_or_to_trump() -> None:
    state = deal("classic", hands={1: "Ac 2b 3b", 0: "Rc 4s 5b"}, briscola="Ad")
    state = act(state, "Ac")
    # seat 0 holds a coppe and may still throw anything
    assert set(state.legal_actions()) == set(plays("Rc 4s 5b"))
    after = act(state, "4s")
    assert after.tricks[0].winner == 1


def test_trick_goes_to_the_highest_trump() -> None:
    classic = preset("classic")
    # briscola spade: a lowly 2 of trumps beats the Asso of the suit led
    assert trick_winner([(1, c("Ac")), (0, c("2s"))], Suit.SPADE, classic) == 0
    # two trumps: the stronger one
    assert trick_winner([(1, c("3s")), (0, c("As"))], Suit.SPADE, classic) == 0
    assert trick_winner([(1, c("3s")), (0, c("Rs"))], Suit.SPADE, classic) == 1
    pairs = preset("pairs")
    trick = [(1, c("Ac")), (2, c("4s")), (3, c("3c")), (0, c("2s"))]
    assert trick_winner(trick, Suit.SPADE, pairs) == 2
    trick = [(1, c("Fs")), (2, c("Ab")), (3, c("Cs")), (0, c("Ac"))]
    assert trick_winner(trick, Suit.SPADE, pairs) == 3


def test_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    classic = preset("classic")
    assert trick_winner([(1, c("3c")), (0, c("Ac"))], Suit.SPADE, classic) == 0
    assert trick_winner([(1, c("Ac")), (0, c("3c"))], Suit.SPADE, classic) == 1
    assert trick_winner([(1, c("Rc")), (0, c("Cc"))], Suit.SPADE, classic) == 1
    assert trick_winner([(1, c("7c")), (0, c("Fc"))], Suit.SPADE, classic) == 0
    assert trick_winner([(1, c("2c")), (0, c("4c"))], Suit.SPADE, classic) == 0
    pairs = preset("pairs")
    trick = [(1, c("4c")), (2, c("Ab")), (3, c("5c")), (0, c("3d"))]
    assert trick_winner(trick, Suit.SPADE, pairs) == 3


def test_an_off_suit_card_never_wins() -> None:
    classic = preset("classic")
    assert trick_winner([(1, c("2c")), (0, c("Ad"))], Suit.SPADE, classic) == 1
    three = preset("three")
    trick = [(0, c("4b")), (1, c("Ac")), (2, c("3d"))]
    assert trick_winner(trick, Suit.SPADE, three) == 0


def test_a_trick_through_the_state_machine() -> None:
    state = deal("classic", hands={1: "3c 2b 4b", 0: "Ac 5b 6b"}, briscola="Ad")
    assert state.turn == 1
    state = act(state, "3c")
    assert state.turn == 0 and state.trick == ((1, c("3c")),)
    state = act(state, "Ac")
    trick = state.tricks[0]
    assert trick.leader == 1 and trick.winner == 0
    assert trick.cards() == parse_cards("3c Ac")
    assert trick.points(state.ruleset) == 21
    assert state.seat_points() == (21, 0)
    assert state.trick == ()


def test_winner_draws_first_then_the_others_and_leads() -> None:
    state = deal(
        "classic", hands={1: "2b Ac 3d", 0: "4b Rc 5d"}, briscola="As", stock="Rs Cs Fs 7s"
    )
    before = state
    state = act(state, "2b", "4b")  # seat 0 takes with the 4
    assert state.tricks[0].winner == 0
    assert drawn(before, state, 0) == [c("Rs")]
    assert drawn(before, state, 1) == [c("Cs")]
    assert state.turn == 0 and state.leader == 0
    assert state.stock[:2] == parse_cards("Fs 7s")


@pytest.mark.parametrize("direction", ["counterclockwise", "clockwise"])
def test_four_players_draw_in_playing_order_from_the_winner(direction: str) -> None:
    rules = preset("pairs", direction=direction)
    leader = 1 if direction == "counterclockwise" else 3
    order = [leader, 2, 3 if leader == 1 else 1, 0]  # playing order from the leader
    hands = {order[0]: "2c", order[1]: "3c", order[2]: "4c", order[3]: "5c"}
    state = deal(rules, hands=hands, briscola="As", stock="Ab Rb Cb Fb")
    assert state.turn == leader
    before = state
    state = act(state, "2c", "3c", "4c", "5c")
    assert state.tricks[0].winner == 2  # the 3 takes
    draw_order = [2, 1, 0, 3] if direction == "clockwise" else [2, 3, 0, 1]
    for seat, card in zip(draw_order, parse_cards("Ab Rb Cb Fb"), strict=True):
        assert drawn(before, state, seat) == [card]
    assert state.turn == 2


@pytest.mark.parametrize("name", ["classic", "three", "pairs", "six"])
def test_the_briscola_is_the_last_card_drawn(name: str) -> None:
    rng = random.Random(11)
    rules = preset(name)
    start = new_game(rules, seed=5)
    briscola = start.briscola
    assert briscola is not None
    rounds: list[tuple[State, State]] = []  # (before, after) of each trick that drew cards
    prev = start
    for state in random_states(start, rng):
        if len(state.tricks) != len(prev.tricks) and prev.stock:
            rounds.append((prev, state))
        prev = state
    every_draw = [
        [x for s in range(rules.players) for x in drawn(before, after, s)]
        for before, after in rounds
    ]
    assert all(briscola not in cards for cards in every_draw[:-1])
    before, after = rounds[-1]
    assert after.stock == ()
    order = after.play_order(after.tricks[-1].winner)
    assert drawn(before, after, order[-1]) == [briscola]


@pytest.mark.parametrize(
    ("name", "tricks", "draw_rounds"),
    [("classic", 20, 17), ("three", 13, 10), ("pairs", 10, 7), ("six", 6, 3), ("chiamata", 8, 0)],
)
def test_trick_counts_and_the_end_phase(name: str, tricks: int, draw_rounds: int) -> None:
    rules = preset(name)
    rng = random.Random(2)
    state = new_game(rules, seed=9)
    stock_after = []
    hand_sizes_in_end_phase = []
    final = state
    for final in random_states(state, rng):
        if final.phase is Phase.PLAY and not final.trick:
            stock_after.append(len(final.stock))
            if not final.stock:
                hand_sizes_in_end_phase.append(len(final.hands[final.turn or 0]))
    assert len(final.tricks) == tricks
    assert all(not h for h in final.hands) and final.stock == ()
    # the stock shrinks by one card per player for draw_rounds tricks, then the end phase:
    # the last hand_size cards each are played without drawing
    n = rules.players
    full_stock = len(rules.deck()) - n * rules.hand_size
    assert stock_after[0] == full_stock
    assert stock_after[: draw_rounds + 1] == [full_stock - i * n for i in range(draw_rounds + 1)]
    assert hand_sizes_in_end_phase == list(range(rules.hand_size, 0, -1))


def test_result_before_the_end_is_refused() -> None:
    with pytest.raises(ValueError, match="not over"):
        new_game(preset("classic"), seed=1).result()


# -- the result --------------------------------------------------------------------------------


def test_61_wins() -> None:
    final = find_game("classic", lambda s: max(card_points(s)) >= 61)
    points = card_points(final)
    result = final.result()
    assert list(result.seat_points) == points and sum(points) == 120
    assert result.winner == points.index(max(points))
    assert not result.draw and not result.replay


def test_60_60_is_a_draw() -> None:
    final = find_game("classic", lambda s: card_points(s) == [60, 60])
    result = final.result()
    assert result.seat_points == (60, 60)
    assert result.draw and result.winner is None and result.winners == (0, 1)
    assert not result.replay


def test_60_60_with_tie_replay_is_replayed() -> None:
    final = find_game("classic", lambda s: card_points(s) == [60, 60], tie="replay")
    result = final.result()
    assert result.draw and result.replay
    won = find_game("classic", lambda s: card_points(s) != [60, 60], tie="replay").result()
    assert not won.replay


def test_three_players_highest_total_wins() -> None:
    final = find_game("three", lambda s: len(set(card_points(s))) == 3)
    points = card_points(final)
    result = final.result()
    assert sum(points) == 120 and list(result.seat_points) == points
    assert list(result.team_points) == points and result.teams == (0, 1, 2)
    assert result.winner == points.index(max(points))


def test_three_players_may_tie() -> None:
    def top_tie(s: State) -> bool:
        points = sorted(card_points(s))
        return points[1] == points[2]

    final = find_game("three", top_tie)
    points = card_points(final)
    result = final.result()
    top = max(points)
    assert result.draw and result.winner is None
    assert result.winners == tuple(s for s in range(3) if points[s] == top)
    assert len(result.winners) == 2


@pytest.mark.parametrize("name", ["pairs", "six"])
def test_team_points_add_up(name: str) -> None:
    final = random_game(preset(name), seed=4)
    points = card_points(final)
    result = final.result()
    n = final.players
    team0 = sum(points[s] for s in range(0, n, 2))
    team1 = sum(points[s] for s in range(1, n, 2))
    assert result.team_points == (team0, team1)
    assert result.teams == tuple(s % 2 for s in range(n))
    assert team0 + team1 == 120
    if team0 != team1:
        assert result.winner == (0 if team0 > team1 else 1)


# -- Tre/Sette inversion -----------------------------------------------------------------------


def test_inversion_the_seven_beats_the_three_and_the_re() -> None:
    inv = preset("classic", inversion=True)
    assert trick_winner([(1, c("3c")), (0, c("7c"))], Suit.SPADE, inv) == 0
    assert trick_winner([(1, c("Rc")), (0, c("7c"))], Suit.SPADE, inv) == 0
    assert trick_winner([(1, c("7c")), (0, c("Ac"))], Suit.SPADE, inv) == 0
    # the 3 is a plain card in the 7's old place: above the 6, below the Fante
    assert trick_winner([(1, c("3c")), (0, c("6c"))], Suit.SPADE, inv) == 1
    assert trick_winner([(1, c("3c")), (0, c("Fc"))], Suit.SPADE, inv) == 0
    # and without inversion it is the other way round
    classic = preset("classic")
    assert trick_winner([(1, c("3c")), (0, c("7c"))], Suit.SPADE, classic) == 1


def test_inversion_points_seven_ten_three_nothing() -> None:
    rules = preset("classic", inversion=True)
    state = deal(rules, hands={1: "3c 2b 4b", 0: "7c 5b 6b"}, briscola="Ad")
    state = act(state, "3c", "7c")
    assert state.tricks[0].winner == 0
    assert state.seat_points() == (10, 0)
    final = random_game(rules, seed=8)
    assert sum(final.result().seat_points) == 120
    assert list(final.result().seat_points) == card_points(final, inversion=True)


# -- accusi --------------------------------------------------------------------------------------


def test_accuso_adds_20_and_the_turn_stays() -> None:
    rules = preset("classic", accusi=True)
    state = deal(rules, hands={1: "Rd Cd 2c", 0: "4c 5c 6c"}, briscola="As")
    assert Declare(Suit.DENARI) in state.legal_actions()
    after = act(state, "declare d")
    assert after.declarations[0].seat == 1 and after.declarations[0].points == 20
    assert after.turn == 1 and after.trick == () and after.hands == state.hands
    assert after.seat_points() == (0, 20)
    # once per suit
    assert Declare(Suit.DENARI) not in after.legal_actions()
    with pytest.raises(IllegalActionError, match="already declared"):
        act(after, "declare d")


def test_accuso_in_trumps_adds_40() -> None:
    rules = preset("classic", accusi=True)
    state = deal(rules, hands={1: "Rs Cs 2c"}, briscola="As")
    after = act(state, "declare s")
    assert after.declarations[0].points == 40 and after.seat_points() == (0, 40)


def test_accuso_needs_the_re_and_the_cavallo_in_hand() -> None:
    rules = preset("classic", accusi=True)
    state = deal(rules, hands={1: "Rd Fd 2c", 0: "Cd 5c 6c"}, briscola="As")
    assert not any(isinstance(a, Declare) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="needs both the Re and the Cavallo"):
        act(state, "declare d")
    # once the Re is played the pair is broken
    state = deal(rules, hands={1: "Rd Cd 2c", 0: "4c 5c 6c"}, briscola="As", stock="7c 7b")
    state = act(state, "Rd", "4c")
    assert state.turn == 1
    assert Declare(Suit.DENARI) not in state.legal_actions()


def test_accuso_during_a_trick_by_the_second_player() -> None:
    rules = preset("classic", accusi=True)
    state = deal(rules, hands={1: "2c 3c 4c", 0: "Rb Cb 5c"}, briscola="As")
    state = act(state, "2c")
    assert Declare(Suit.BASTONI) in state.legal_actions()
    state = act(state, "declare b")
    assert state.turn == 0 and state.trick == ((1, c("2c")),)
    assert state.seat_points() == (20, 0)


def test_accusi_are_refused_when_not_played() -> None:
    state = deal("classic", hands={1: "Rd Cd 2c"}, briscola="As")
    assert not any(isinstance(a, Declare) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="not played under these rules"):
        act(state, "declare d")


def test_accusi_push_the_total_past_120_and_more_points_win() -> None:
    rules = preset("classic", accusi=True)

    def declare_first(seed: int) -> State:
        rng = random.Random(seed)
        filler = rng.sample(list(rules.deck()), 40)
        state = deal(rules, hands={1: "Rs Cs"}, briscola="As", filler=filler)
        state = act(state, "declare s")
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        return state

    for seed in range(500):
        final = declare_first(seed)
        points = card_points(final)
        extra = sum(d.points for d in final.declarations)
        # the declarer took fewer card points and still wins on the declarations
        if points[1] < points[0] and points[1] + 40 > points[0] and extra == 40:
            break
    else:
        pytest.fail("no game found")
    result = final.result()
    assert sum(result.seat_points) == 120 + 40
    assert result.seat_points == (points[0], points[1] + 40)
    assert result.winner == 1


# -- exchanging the briscola -----------------------------------------------------------------


def test_exchange_two_before_the_first_trick() -> None:
    rules = preset("classic", exchange="two")
    state = deal(rules, hands={1: "2d 3c 4c", 0: "5c 6c 7c"}, briscola="Ad")
    assert ExchangeBriscola() in state.legal_actions()
    after = act(state, "exchange")
    assert after.hands[1] == parse_cards("Ad 3c 4c")
    assert after.briscola == c("2d") and after.stock[-1] == c("2d")
    assert after.trump is Suit.DENARI
    assert len(after.stock) == len(state.stock)
    assert after.turn == 1 and after.trick == ()
    assert after.exchanges[0].seat == 1
    assert after.exchanges[0].gave == c("2d") and after.exchanges[0].took == c("Ad")
    assert ExchangeBriscola() not in after.legal_actions()


def test_exchange_two_during_the_first_trick() -> None:
    rules = preset("classic", exchange="two")
    state = deal(rules, hands={1: "3c 4c 5c", 0: "2d 6c 7c"}, briscola="Ad")
    assert ExchangeBriscola() not in state.legal_actions()  # seat 1 lacks the 2
    with pytest.raises(IllegalActionError, match="does not hold the 2 of trumps"):
        act(state, "exchange")
    state = act(state, "3c")
    assert ExchangeBriscola() in state.legal_actions()
    state = act(state, "exchange")
    assert c("Ad") in state.hands[0] and state.briscola == c("2d")


def test_exchange_two_not_after_the_first_trick() -> None:
    rules = preset("classic", exchange="two")
    state = deal(rules, hands={1: "3c 4c 5c", 0: "2d 6c 7c"}, briscola="Ad")
    state = act(state, "3c", "6c")
    assert state.turn == 1
    state = act(state, "4c")
    assert c("2d") in state.hands[0]
    assert ExchangeBriscola() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="only before or during the first trick"):
        act(state, "exchange")


def test_exchanged_two_is_the_last_card_drawn() -> None:
    rules = preset("classic", exchange="two")
    state = deal(rules, hands={1: "2d 3c 4c"}, briscola="Ad")
    state = act(state, "exchange")
    while state.stock:
        before = state
        state = state.apply(Play(state.hands[state.turn or 0][0]))
        drew = [x for seat in (0, 1) for x in drawn(before, state, seat)]
        assert c("2d") not in drew or not state.stock
    winner = state.tricks[-1].winner
    assert drawn(before, state, 1 - winner) == [c("2d")]


def test_exchange_seven_only_after_winning_a_trick() -> None:
    rules = preset("classic", exchange="seven")
    state = deal(rules, hands={1: "7d Ac 4s", 0: "2c 5s 6b"}, briscola="Ad", stock="2b 3b")
    assert ExchangeBriscola() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="needs the 7 of trumps and a trick won"):
        act(state, "exchange")
    state = act(state, "Ac", "2c")
    assert state.tricks[0].winner == 1 and state.turn == 1
    assert ExchangeBriscola() in state.legal_actions()
    state = act(state, "exchange")
    assert c("Ad") in state.hands[1] and c("7d") not in state.hands[1]
    assert state.briscola == c("7d") and state.stock[-1] == c("7d")


def test_exchange_seven_not_after_the_briscola_is_drawn() -> None:
    rules = preset("classic", exchange="seven")
    state = deal(rules, hands={1: "7d As 3s", 0: "2c 4c 5c"}, briscola="Ad")
    state = act(state, "As", "2c")  # seat 1 wins a trick and keeps the 7 of trumps
    could_exchange = []
    while state.stock or state.turn != 1:
        seat = state.turn
        assert seat is not None
        if seat == 1:
            could_exchange.append(ExchangeBriscola() in state.legal_actions())
        hand = [x for x in state.hands[seat] if x != c("7d")]
        state = state.apply(Play(hand[0]))
    assert could_exchange and all(could_exchange)
    assert c("7d") in state.hands[1] and not state.stock
    assert ExchangeBriscola() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="already been drawn"):
        act(state, "exchange")


def test_exchange_refused_when_not_played() -> None:
    state = deal("classic", hands={1: "2d 3c 4c"}, briscola="Ad")
    assert ExchangeBriscola() not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="not played under these rules"):
        act(state, "exchange")


# -- direction -------------------------------------------------------------------------------


def test_clockwise_play_order() -> None:
    rules = preset("pairs", direction="clockwise")
    state = new_game(rules, seed=1, dealer=1)
    assert state.turn == 0
    order = [state.turn]
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
        order.append(state.turn)
    assert order == [0, 3, 2, 1]
    assert state.play_order(2) == (2, 1, 0, 3)
    ccw = new_game(preset("pairs"), seed=1, dealer=1)
    assert ccw.turn == 2 and ccw.play_order(2) == (2, 3, 0, 1)


# -- errors and data --------------------------------------------------------------------------


def test_illegal_actions_raise_with_a_clear_message() -> None:
    state = deal("classic", hands={1: "3c 2b 4b", 0: "Ac 5b 6b"}, briscola="Ad")
    with pytest.raises(IllegalActionError, match=r"seat 1 does not hold Ac \(Ace of cups\)"):
        act(state, "Ac")
    with pytest.raises(IllegalActionError, match="not an action of the play phase"):
        state.apply(Bid(rank=Rank.ASSO))
    with pytest.raises(IllegalActionError, match="not an action of the play phase"):
        state.apply(Pass())
    assert issubclass(IllegalActionError, ValueError)


def test_acting_after_the_end_is_refused() -> None:
    final = random_game(preset("classic"), seed=2)
    assert final.is_over and final.turn is None and final.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="the deal is over"):
        final.apply(Play(c("Ad")))


def test_state_is_immutable_and_apply_returns_a_new_state() -> None:
    state = new_game(preset("classic"), seed=1)
    hands, stock = state.hands, state.stock
    action = state.legal_actions()[0]
    after = state.apply(action)
    assert after is not state
    assert state.hands == hands and state.stock == stock and state.trick == ()
    assert state.actions == () and after.actions == (action,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 0  # type: ignore[misc]
    assert state.apply(action) == after


def test_explicit_deck_validation() -> None:
    classic = preset("classic")
    deck = list(FULL_DECK)
    with pytest.raises(DeckError, match="missing Ad"):
        new_game(classic, deck=[x for x in deck if x != c("Ad")])
    with pytest.raises(DeckError, match="missing Ad; has extra or repeated 2c"):
        new_game(classic, deck=[c("2c") if x == c("Ad") else x for x in deck])
    with pytest.raises(DeckError, match="has extra or repeated Ac"):
        new_game(classic, deck=[*deck, c("Ac")])
    with pytest.raises(DeckError, match="39 cards of the three ruleset"):
        new_game(preset("three"), deck=deck)  # the 2 of coppe is not in the three-player deck
    assert issubclass(DeckError, ValueError)


def test_seed_reproducibility() -> None:
    for name in ("classic", "three", "pairs", "six", "chiamata"):
        rules = preset(name)
        a, b = new_game(rules, seed=123), new_game(rules, seed=123)
        assert a == b and a.deck == b.deck
        assert new_game(rules, seed="a text seed") == new_game(rules, seed="a text seed")
        assert new_game(rules, seed=1).deck != new_game(rules, seed=2).deck
        assert random_game(rules, 77) == random_game(rules, 77)


def test_build_deck_rejects_bad_requests() -> None:
    with pytest.raises(ValueError, match="twice"):
        build_deck(preset("classic"), hands={0: "Ad", 1: "Ad"})
    with pytest.raises(ValueError, match="not in the three deck"):
        build_deck(preset("three"), hands={0: "2c"})


# -- what each seat sees ---------------------------------------------------------------------


def test_partners_see_each_others_hands_in_the_end_phase() -> None:
    from briscola.core.observation import observe

    rules = preset("pairs")
    assert rules.partners_see_hands
    rng = random.Random(1)
    saw_start = saw_end = False
    for state in random_states(new_game(rules, seed=1), rng):
        if state.is_over:
            break
        obs = observe(state, 0)
        if state.stock:
            assert obs.other_hands == () and not obs.tricks_visible
            saw_start = True
        else:
            assert obs.other_hands == ((2, state.hands[2]),)  # the partner, not the opponents
            assert obs.tricks_visible
            saw_end = True
    assert saw_start and saw_end
    hidden = preset("pairs", partners_see_hands=False)
    final_phase = next(
        s for s in random_states(new_game(hidden, seed=1), random.Random(1)) if not s.stock
    )
    assert observe(final_phase, 0).other_hands == ()


def test_briscola_scoperta_hands_are_face_up() -> None:
    from briscola.core.observation import observe

    state = new_game(preset("scoperta"), seed=3)
    assert observe(state, 0).other_hands == ((1, state.hands[1]),)
    assert observe(state, 1).other_hands == ((0, state.hands[0]),)
    closed = new_game(preset("classic"), seed=3)
    assert observe(closed, 0).other_hands == ()
    assert str(closed.hands[1][0]) not in str(observe(closed, 0).to_dict())
