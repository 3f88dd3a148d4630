"""The exact endgame with more than two players (briscola.fast.search.endgame) against a brute
force over the compiled core's own rules, and its place in the search kernels."""

from __future__ import annotations

import random

import numpy as np
import pytest

from briscola.core.rules import preset
from briscola.fast.core import kernel as K
from briscola.fast.core import layout as L
from briscola.fast.core.params import ruleset_params
from briscola.fast.search import endgame as E


def endgame_position(
    name: str, seed: int, plays: int, **options: object
) -> tuple[np.ndarray, np.ndarray] | None:
    """A deal of the preset played at random until the stock is empty (the auction too), then
    ``plays`` more random cards; None when the deal ends void (an auction everybody passed)."""
    rules = preset(name, **options)
    P = ruleset_params(rules)
    rng = random.Random(seed)
    S = np.zeros(L.S_LEN, np.int64)
    order = [c.index for c in rules.deck()]
    rng.shuffle(order)
    K.load_deck(P, S, np.array(order, np.int8))
    K.deal(P, S, seed % rules.players)
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    while S[L.S_PHASE] != L.PH_PLAY or K.stock_left(P, S) > 0 or plays > 0:
        if S[L.S_PHASE] == L.PH_OVER:
            return None
        k = K.legal(P, S, buf)
        codes = [int(buf[i]) for i in range(k)]
        if S[L.S_PHASE] == L.PH_PLAY and K.stock_left(P, S) == 0:
            codes = [c for c in codes if c < 40]
            plays -= 1
        assert K.apply_code(P, S, buf, rng.choice(codes))
    return P, S


def side_points(P: np.ndarray, S: np.ndarray, mine: int) -> int:
    """The points of the seats of the mask ``mine`` less the other seats'."""
    pts = [int(S[L.O_PTS + s]) for s in range(int(P[L.P_PLAYERS]))]
    return sum(p if (mine >> s) & 1 else -p for s, p in enumerate(pts))


def brute_force(P: np.ndarray, S: np.ndarray, mine: int) -> int:
    """Best play by both sides, every card tried by the core's ``apply_code``: the final
    point difference of ``mine``'s side."""
    if S[L.S_PHASE] == L.PH_OVER:
        return side_points(P, S, mine)
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    values = []
    for code in [int(buf[i]) for i in range(K.legal(P, S, buf)) if buf[i] < 40]:
        after = S.copy()
        assert K.apply_code(P, after, buf, code)
        values.append(brute_force(P, after, mine))
    return max(values) if (mine >> int(S[L.S_TURN])) & 1 else min(values)


CASES = [
    ("pairs", 0, 4),  # 4 hands of 3 cards
    ("pairs", 2, 4),  # in the middle of a trick
    ("three", 0, 4),  # each for itself: the seat against the other two
    ("three", 4, 3),
    ("six", 6, 3),  # 6 hands of 2 cards
    ("six", 9, 3),
    ("chiamata", 26, 2),  # 5 hands of 3 cards and a trick begun: the caller's side against three
    ("chiamata", 30, 3),
]


@pytest.mark.parametrize(("name", "plays", "seeds"), CASES)
def test_endgame_solver_matches_brute_force(name: str, plays: int, seeds: int) -> None:
    ws = E.endgame_stack()
    buf = np.zeros(L.MAX_ACTIONS, np.int64)
    checked = 0
    for seed in range(seeds + 3):
        pos = endgame_position(name, seed, plays)
        if pos is None:
            continue
        P, S = pos
        for me in range(2):
            mine = E.side_mask(P, S, me)
            assert E.can_solve_n(P, S, 3)
            value = E.solve_line(P, S, ws, mine)
            assert value == brute_force(P, S, mine) - side_points(P, S, mine), (name, seed, me)
            played = S.copy()
            assert E.play_exact(P, played, buf, ws, mine) == value
            assert played[L.S_PHASE] == L.PH_OVER  # the line goes to the end of the deal
            assert side_points(P, played, mine) - side_points(P, S, mine) == value
        checked += 1
        if checked == seeds:
            break
    assert checked == seeds


def test_sides_of_each_partnership() -> None:
    pairs = endgame_position("pairs", 1, 0)
    three = endgame_position("three", 1, 0)
    chiamata = endgame_position("chiamata", 1, 25)
    assert pairs is not None and three is not None and chiamata is not None
    assert E.side_mask(*pairs, 0) == 0b0101 and E.side_mask(*pairs, 3) == 0b1010
    assert E.side_mask(*three, 2) == 0b100
    P, S = chiamata
    team = (1 << int(S[L.S_CALLER])) | (1 << int(S[L.S_PARTNER]))
    assert E.side_mask(P, S, int(S[L.S_CALLER])) == team
    others = next(s for s in range(5) if not (team >> s) & 1)
    assert E.side_mask(P, S, others) == 0b11111 & ~team


def test_when_the_endgame_can_be_solved() -> None:
    pos = endgame_position("six", 3, 0)
    assert pos is not None
    P, S = pos
    assert E.can_solve_n(P, S, 3) and not E.can_solve_n(P, S, 2)
    early = S.copy()
    early[L.S_SP] = int(P[L.P_DECK_SIZE])  # a card still in the stock
    assert not E.can_solve_n(P, early, 3)
    two = ruleset_params(preset("classic"))
    assert not E.can_solve_n(two, S, 3)  # two players: the two-player solver's job
    accusi = ruleset_params(preset("six", accusi=True))
    held = S.copy()
    held[L.S_DECLARED] = 0
    held[L.O_HMASK] |= (1 << 8) | (1 << 9)  # the Cavallo and Re di coppe in one hand
    assert E.can_solve_n(P, held, 3)
    assert not E.can_solve_n(accusi, held, 3)  # an accuso still to declare


def test_pimc_without_the_endgame_is_unchanged() -> None:
    """pimc (the kernel of champion-v1 and the analysis) and pimc_n with the endgame off give the
    same values on the same worlds; with it on, the values differ in the last tricks."""
    from briscola.core.game import new_game
    from briscola.core.observation import observe
    from briscola.fast.search import pimc as FS

    state = new_game(preset("pairs"), seed=4)
    rng = random.Random(4)
    while len(state.stock) > 8 or len(state.trick) != 1:  # two tricks before the last draw
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.turn is not None
    enc = FS.encode_observation(observe(state, state.turn))
    n = len(enc.actions)
    work = FS.work_arrays()

    def values(hand: int | None) -> np.ndarray:
        out = np.zeros((40, n))
        pool, seat, active = enc.pool.copy(), int(state.turn or 0), np.ones(n, np.int64)
        if hand is None:
            FS.pimc(
                enc.P, enc.T, enc.S, work, enc.slots, pool, len(pool), enc.hidden_called, seat,
                enc.cands, active, np.uint64(9), 2, -1, 0.25, out,
            )  # fmt: skip
        else:
            FS.pimc_n(
                enc.P, enc.T, enc.S, work, FS.endgame_stack(), enc.slots, pool, len(pool),
                enc.hidden_called, seat, enc.cands, active, np.uint64(9), 2, -1, hand, 0.25, False,
                out,
            )  # fmt: skip
        return out

    assert np.array_equal(values(None), values(-1))
    assert not np.array_equal(values(-1), values(3))
