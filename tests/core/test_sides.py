"""Who is surely with a seat, who surely against it, and who is unknown: ``Observation.sides``.

One example per case of the rules: every seat for itself (classic, three), fixed teams of
alternate seats (pairs, six), and Briscola chiamata before the call, after it as the caller, the
partner and the other seats, after the called card is played, and the deductions a seat can make
before that (a declared Re or Cavallo, nobody else left to hold the card).
"""

from __future__ import annotations

import random

import pytest

from briscola.core.actions import Play
from briscola.core.game import Phase, State, new_game
from briscola.core.observation import Sides, observe
from briscola.core.rules import preset
from helpers import act, deal


def sides(state: State, seat: int) -> tuple[set[int], set[int], set[int]]:
    """The three sets of ``seat``'s sides, as plain sets."""
    got = observe(state, seat).sides()
    return set(got.with_me), set(got.against), set(got.unknown)


# -- fixed sides ----------------------------------------------------------------------------------


def test_in_two_players_the_other_seat_is_against() -> None:
    state = new_game(preset("classic"), seed=1)
    assert sides(state, 0) == ({0}, {1}, set())
    assert sides(state, 1) == ({1}, {0}, set())


def test_in_three_players_every_seat_plays_for_itself() -> None:
    state = new_game(preset("three"), seed=1)
    assert sides(state, 1) == ({1}, {0, 2}, set())


def test_in_pairs_partners_sit_opposite() -> None:
    state = new_game(preset("pairs"), seed=1)
    assert sides(state, 0) == ({0, 2}, {1, 3}, set())
    assert sides(state, 3) == ({1, 3}, {0, 2}, set())


def test_in_six_players_alternate_seats_make_the_teams() -> None:
    state = new_game(preset("six"), seed=1)
    assert sides(state, 1) == ({1, 3, 5}, {0, 2, 4}, set())
    assert sides(state, 4) == ({0, 2, 4}, {1, 3, 5}, set())


def test_sides_of_answers_per_seat() -> None:
    got = Sides(frozenset({0}), frozenset({1}), frozenset({2}))
    assert (got.of(0), got.of(1), got.of(2)) == (True, False, None)


# -- Briscola chiamata ----------------------------------------------------------------------------

# Dealer 0, so seat 1 opens the auction and leads the first trick.
HANDS = {
    0: "5c 5d 5s 5b 6c 6d 6s 6b",
    1: "Ac Ad As Ab 3d 3s 3b 2c",
    2: "Rc Cc 7c 7d 7s 7b 2d 2s",
    3: "3c Fc Fd Fs Fb 4c 4d 2b",
    4: "Rd Rs Rb Cd Cs Cb 4s 4b",
}


def called(rank: str, **options: object) -> State:
    """Seat 1 wins the auction with a bid of ``rank`` and calls coppe."""
    state = deal(preset("chiamata", **options), HANDS)
    return act(state, f"bid {rank}", "pass", "pass", "pass", "pass", "call c")


def test_chiamata_nobody_knows_anything_before_the_call() -> None:
    state = act(deal("chiamata", HANDS), "bid 3", "pass")
    assert sides(state, 1) == ({1}, set(), {0, 2, 3, 4})
    state = act(state, "pass", "pass", "pass")
    assert state.phase is Phase.CALL  # the caller is known, the called card not yet
    assert sides(state, 0) == ({0}, set(), {1, 2, 3, 4})


def test_chiamata_the_caller_does_not_know_the_partner() -> None:
    state = called("3")  # the 3 of coppe, held by seat 3
    assert sides(state, 1) == ({1}, set(), {0, 2, 3, 4})


def test_chiamata_the_partner_knows_both_sides() -> None:
    state = called("3")
    assert sides(state, 3) == ({1, 3}, {0, 2, 4}, set())


def test_chiamata_another_seat_knows_only_that_the_caller_is_against() -> None:
    state = called("3")
    assert sides(state, 0) == ({0}, {1}, {2, 3, 4})
    assert sides(state, 4) == ({4}, {1}, {0, 2, 3})


def test_chiamata_a_caller_who_called_their_own_card_knows_they_play_alone() -> None:
    state = called("A")  # the Asso of coppe: seat 1's own card
    assert state.partner == 1
    assert sides(state, 1) == ({1}, {0, 2, 3, 4}, set())
    assert sides(state, 2) == ({2}, {1}, {0, 3, 4})  # the others cannot tell


def test_chiamata_everybody_knows_once_the_called_card_is_played() -> None:
    state = called("3")
    state = act(state, "Ad", "2d", "3c")  # seat 3 plays the called card
    assert state.revealed
    for seat in (0, 2, 4):
        assert sides(state, seat) == ({0, 2, 4}, {1, 3}, set())
    assert sides(state, 1) == ({1, 3}, {0, 2, 4}, set())


def test_chiamata_a_declared_re_of_trumps_shows_who_holds_it() -> None:
    state = called("R", accusi=True)  # the Re of coppe, held by seat 2 with the Cavallo
    state = act(state, "Ad", "declare c")  # seat 2 declares Re and Cavallo of coppe
    assert state.partner == 2 and not state.revealed
    assert sides(state, 1) == ({1, 2}, {0, 3, 4}, set())
    assert sides(state, 0) == ({0, 3, 4}, {1, 2}, set())


def last_trick_with_the_holder_last(seed: int) -> list[State] | None:
    """A deal where the holder of the called card (seat 3) keeps it to the end and plays last
    in the last trick: the states of that trick before each play, or None for this seed."""
    rng = random.Random(seed)
    state = called("3")
    assert state.called is not None
    keep = Play(state.called)
    while len(state.tricks) < 7:
        state = state.apply(rng.choice([a for a in state.legal_actions() if a != keep]))
    if state.leader != 4:  # play goes 4, 0, 1, 2, 3
        return None
    out = []
    for _ in range(4):
        out.append(state)
        state = state.apply(state.legal_actions()[0])
    return out


def test_chiamata_when_nobody_else_can_hold_the_called_card_its_holder_is_known() -> None:
    found = next(t for seed in range(100) if (t := last_trick_with_the_holder_last(seed)))
    before_0, before_1, before_2 = found[1], found[2], found[3]
    # seat 0 to play: seats 1, 2 and 3 still hold a card, any of them the called one
    assert sides(before_0, 0) == ({0, 4}, {1}, {2, 3})
    # the caller: seats 2 and 3 may hold it; seats 4 and 0 have no card left, so are against
    assert sides(before_1, 1) == ({1}, {0, 4}, {2, 3})
    # seat 2: only seat 3 still holds a card, so it holds the called card
    assert sides(before_2, 2) == ({0, 2, 4}, {1, 3}, set())


def test_chiamata_a_void_deal_has_no_sides() -> None:
    state = act(deal("chiamata", HANDS), "pass", "pass", "pass", "pass", "pass")
    assert state.is_over
    assert sides(state, 2) == ({2}, set(), {0, 1, 3, 4})


@pytest.mark.parametrize("name", ["classic", "three", "pairs", "six", "chiamata"])
def test_the_three_sets_share_the_table_out(name: str) -> None:
    rules = preset(name)
    rng = random.Random(4)
    for seed in range(5):
        state = new_game(rules, seed=seed)
        while True:
            for seat in range(rules.players):
                got = observe(state, seat).sides()
                assert seat in got.with_me
                assert got.with_me | got.against | got.unknown == set(range(rules.players))
                assert len(got.with_me) + len(got.against) + len(got.unknown) == rules.players
                if state.called is not None and state.partner is not None:  # never wrong
                    truth = {state.caller, state.partner}
                    mine = seat in truth
                    assert all((s in truth) == mine for s in got.with_me)
                    assert all((s in truth) != mine for s in got.against)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
