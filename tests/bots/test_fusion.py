"""Extended PIMC (bots.search_fusion, fast.search.epimc): the ply after the candidate chosen over
its information set, not world by world; the kernels agree with the plain search where they
should, and the setting is off in every level."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from briscola.bots import search as search_module
from briscola.bots import search_fusion as SF
from briscola.bots.search import SearchBot
from briscola.bots.search_config import CHAMPION, CHAMPION_V1, HARD, SearchConfig
from briscola.bots.search_worlds import _opponent_slots
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.fast.core import kernel as K
from briscola.fast.core import layout as L
from briscola.fast.search import epimc as FE
from briscola.fast.search import pimc as FS


def _middle_positions(deals: int, leading: bool) -> list[State]:
    """Positions of random play in two players with more than six cards in the stock, the seat
    to act leading a trick (``leading``) or replying to a lead."""
    out = []
    for deal in range(deals):
        rng = random.Random(deal)
        state = new_game(preset("classic"), seed=300 + deal)
        while not state.is_over:
            if len(state.stock) > 6 and bool(state.trick) != leading and rng.random() < 0.4:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return out


def _worlds(enc: FS.Encoded, hands: int, orders: int, seed: int) -> np.ndarray:
    base = np.stack([np.random.default_rng(seed + i).permutation(enc.pool) for i in range(hands)])
    _, rest_pos, _ = _opponent_slots(enc, int(1 - enc.S[L.S_TURN]))
    out = np.zeros((hands * orders, len(enc.pool)), np.int64)
    FE.expand_worlds(
        base, rest_pos, orders, np.uint64(seed), np.zeros(len(enc.pool), np.int64), out
    )
    return out


def _replies(enc: FS.Encoded, seat: int, worlds: np.ndarray, mode: int) -> tuple[np.ndarray, ...]:
    m, nc = len(worlds), len(enc.actions)
    keys = np.zeros((m, nc), np.int64)
    kinds = np.zeros((m, nc), np.int64)
    codes = np.zeros((m, nc, 3), np.int64)
    vals = np.zeros((m, nc, 3))
    spent = FE.reply_values(
        enc.P, enc.T, enc.S, FS.work_arrays(), enc.slots, worlds, 0, len(enc.pool), seat,
        enc.cands, np.ones(nc, np.int64), mode, 2, 0, 0.25, keys, kinds, codes, vals,
    )  # fmt: skip
    return keys, kinds, codes, vals, np.array(spent)


def _plain(enc: FS.Encoded, seat: int, worlds: np.ndarray) -> np.ndarray:
    nc = len(enc.actions)
    out = np.zeros((len(worlds), nc))
    FS.pimc_worlds(
        enc.P, enc.T, enc.S, FS.work_arrays(), enc.slots, worlds, 0, len(enc.pool), False, seat,
        enc.cands, np.ones(nc, np.int64), 2, 0, 0.25, out,
    )  # fmt: skip
    return out


def test_a_reply_chosen_over_the_information_set_avoids_the_fusion_trap() -> None:
    """Candidate A: in two worlds the opponent cannot tell apart (the same hand), its card x
    wins in one and its card y in the other; candidate B: 0.4 whatever it plays. A reply
    chosen world by world (as a solver that sees the world would) makes A worth 0 and B the
    choice; the opponent choosing once for both worlds can hold A to 0.5 only, and A is the
    better candidate."""
    keys = np.array([[9, 9], [9, 9]])
    kinds = np.full((2, 2), FE.KIND_THEIRS)
    x, y = 4, 17
    codes = np.array([[[x, y, -1], [x, y, -1]], [[y, x, -1], [y, x, -1]]])
    vals = np.array([[[0.0, 1.0, 0.0], [0.4, 0.4, 0.0]], [[0.0, 1.0, 0.0], [0.4, 0.4, 0.0]]])
    fused = np.where(codes >= 0, vals, np.inf).min(axis=2).mean(axis=0)
    assert fused.argmax() == 1
    values = SF.info_set_values(keys, kinds, codes, vals, np.ones(2))
    assert values.mean(axis=0).tolist() == [0.5, 0.4]
    # the searching seat's own choice: the best card over the worlds where it holds that hand
    mine = SF.info_set_values(keys, np.full((2, 2), FE.KIND_MINE), codes, vals, np.ones(2))
    assert mine.mean(axis=0).tolist() == [0.5, 0.4]
    # worlds of different hands are different information sets: each chooses on its own
    apart = SF.info_set_values(np.array([[1, 1], [2, 2]]), kinds, codes, vals, np.ones(2))
    assert apart.mean(axis=0).tolist() == [0.0, 0.4]


def test_the_weights_of_the_worlds_count_in_the_choice() -> None:
    keys = np.zeros((2, 1), np.int64)
    kinds = np.full((2, 1), FE.KIND_THEIRS)
    codes = np.array([[[1, 2, -1]], [[1, 2, -1]]])
    vals = np.array([[[0.0, 0.6, 0.0]], [[1.0, 0.6, 0.0]]])
    # weighed equally card 1 averages 0.5 and is the reply; weighed 1:3 it averages 0.75
    assert SF.info_set_values(keys, kinds, codes, vals, np.ones(2))[:, 0].tolist() == [0.0, 1.0]
    heavy = SF.info_set_values(keys, kinds, codes, vals, np.array([1.0, 3.0]))
    assert heavy[:, 0].tolist() == [0.6, 0.6]


def test_expanded_worlds_keep_the_opponents_hand_and_reorder_the_stock() -> None:
    state = _middle_positions(1, leading=True)[0]
    enc = FS.encode_observation(observe(state, state.turn))
    hand_pos, rest_pos, _ = _opponent_slots(enc, 1 - int(state.turn or 0))
    worlds = _worlds(enc, hands=3, orders=5, seed=4)
    for h in range(3):
        group = worlds[5 * h : 5 * h + 5]
        assert (group[:, hand_pos] == group[0, hand_pos]).all()
        assert all(sorted(row[rest_pos]) == sorted(group[0, rest_pos]) for row in group)
        assert len({tuple(row[rest_pos]) for row in group}) == 5
    assert len({tuple(worlds[5 * h, hand_pos]) for h in range(3)}) == 3


def test_the_medium_reply_is_valued_as_the_plain_search_values_the_world() -> None:
    """After a lead, the value of the card the medium rules would reply is the plain search's
    value of that world (the same rollout); every active candidate is a choice of the opponent,
    its key the opponent's hand."""
    checked = 0
    for state in _middle_positions(4, leading=True)[:6]:
        seat = state.turn
        assert seat is not None
        enc = FS.encode_observation(observe(state, seat))
        worlds = _worlds(enc, hands=4, orders=3, seed=checked)
        keys, kinds, codes, vals, spent = _replies(enc, seat, worlds, FE.MODE_THEIRS)
        plain = _plain(enc, seat, worlds)
        assert (kinds == FE.KIND_THEIRS).all()
        assert int(spent) == int((codes >= 0).sum())
        buf = np.zeros(L.MAX_ACTIONS, np.int64)
        for w, world in enumerate(worlds):
            S = enc.S.copy()
            FS.load_world(enc.P, enc.S, S, enc.slots, world, len(enc.pool), False)
            for j, code in enumerate(enc.cands):
                after = S.copy()
                K.apply_code(enc.P, after, buf, int(code))
                assert keys[w, j] == after[L.O_HMASK + 1 - seat]
                reply = FS.medium_play(enc.P, after, enc.T, FS.played_mask(enc.P, after, enc.T))
                if reply >= 40:  # not a card (an exchange of the briscola)
                    continue
                (k,) = np.flatnonzero(codes[w, j] == reply)
                assert vals[w, j, k] == plain[w, j]
                checked += 1
    assert checked > 100


def test_the_opponent_choosing_never_values_a_lead_above_the_plain_search() -> None:
    """The medium rules' reply is one card the opponent may choose for the whole information set
    (it sees nothing the worlds of a set do not share), so the value with the worst reply for
    the seat is at most the plain search's, and with the seat's own best next lead at least."""
    for state in _middle_positions(3, leading=True)[:4]:
        seat = state.turn
        assert seat is not None
        enc = FS.encode_observation(observe(state, seat))
        worlds = _worlds(enc, hands=6, orders=4, seed=1)
        keys, kinds, codes, vals, _ = _replies(enc, seat, worlds, FE.MODE_THEIRS)
        plain = _plain(enc, seat, worlds)
        values = SF.info_set_values(keys, kinds, codes, vals, np.ones(len(worlds)))
        for key in np.unique(keys[:, 0]):
            rows = keys[:, 0] == key
            assert (values[rows].mean(axis=0) <= plain[rows].mean(axis=0) + 1e-12).all()
        assert (values.mean(axis=0) < plain.mean(axis=0) - 1e-9).any()


def test_after_a_reply_the_seat_chooses_its_next_lead_only_where_it_wins_the_trick() -> None:
    checked = 0
    for state in _middle_positions(4, leading=False)[:8]:
        seat = state.turn
        assert seat is not None
        enc = FS.encode_observation(observe(state, seat))
        worlds = _worlds(enc, hands=4, orders=4, seed=2)
        keys, kinds, codes, vals, _ = _replies(enc, seat, worlds, FE.MODE_THEIRS | FE.MODE_MINE)
        plain = _plain(enc, seat, worlds)
        values = SF.info_set_values(keys, kinds, codes, vals, np.ones(len(worlds)))
        for j, action in enumerate(enc.actions):
            wins = state.apply(action).turn == seat
            assert (kinds[:, j] == (FE.KIND_MINE if wins else FE.KIND_PLAIN)).all()
            if wins:  # the seat's hand after the draw: its two cards and the one it drew
                assert all(bin(int(k)).count("1") == 3 for k in keys[:, j])
                assert values[:, j].mean() >= plain[:, j].mean() - 1e-12
            else:
                np.testing.assert_array_equal(values[:, j], plain[:, j])
            checked += 1
    assert checked > 10


def test_no_level_searches_with_fusion() -> None:
    assert SearchConfig().fusion == 0
    for cfg in (CHAMPION, CHAMPION_V1, HARD):
        for name in ("classic", "pairs", "three", "six", "chiamata"):
            assert cfg.for_table(preset(name)).fusion == 0


def test_the_champion_never_calls_the_extended_search_unless_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = SF.fusion_search

    def counting(*args: object) -> list[float]:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search_module, "fusion_search", counting)
    state = _middle_positions(1, leading=True)[0]
    obs = observe(state, state.turn)
    small = replace(CHAMPION, rollouts=600)
    SearchBot(1, small).evaluate(obs, 5)
    assert calls == []
    values = SearchBot(1, replace(small, fusion=1)).evaluate(obs, 5)
    assert calls == [1]
    assert max(values) > -np.inf and len(values) == len(obs.legal)
    late = new_game(preset("classic"), seed=2)
    while len(late.stock) > 6:
        late = late.apply(late.legal_actions()[0])
    SearchBot(1, replace(small, fusion=3)).evaluate(observe(late, late.turn), 5)
    assert calls == [1]  # the short stock's exact search is left as it is


def test_a_champion_with_fusion_plays_legally_and_reproducibly() -> None:
    cfg = replace(CHAMPION, rollouts=900, solved_worlds=40, fusion=3)

    def deal() -> tuple[object, ...]:  # an illegal action would raise in apply
        bots = [SearchBot(7, cfg, "champion"), SearchBot(8, CHAMPION_V1, "champion-v1")]
        state = new_game(preset("classic"), seed=12)
        while state.turn is not None:
            state = state.apply(bots[state.turn].act(observe(state, state.turn)))
        return state.tricks

    first = deal()
    assert len(first) == 20 and deal() == first
