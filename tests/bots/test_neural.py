"""The neural level: the shipped network, legal and reproducible play, only its own observation."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from briscola.bots import bot_info, make_bot
from briscola.bots.medium import MediumBot
from briscola.bots.neural import (
    LAYERS,
    TRAINED_PRESETS,
    WEIGHTS_ENV,
    NeuralBot,
    PolicyValueNet,
    default_net,
    weights_path,
)
from briscola.core.game import new_game
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.env.encoding import N_ACTIONS, OBS_SIZE, action_to_index, encode


def _play(rules_name: str, seeds: tuple[int, int], deal_seed: int) -> list[str]:
    """A whole deal of two neural bots; every move checked against the legal ones."""
    bots = [NeuralBot(seeds[0]), NeuralBot(seeds[1])]
    state = new_game(preset(rules_name), seed=deal_seed)
    moves = []
    while not state.is_over:
        assert state.turn is not None
        action = bots[state.turn].act(observe(state, state.turn))
        assert action in state.legal_actions()
        moves.append(str(action))
        state = state.apply(action)
    return moves


@pytest.mark.parametrize("name", TRAINED_PRESETS)
def test_each_shipped_network_is_small_and_trained_for_its_preset(name: str) -> None:
    path = weights_path(name)
    assert path.exists() and path.stat().st_size < 4_000_000
    net = default_net(name)
    assert set(LAYERS) <= set(net.arrays) and net.meta["preset"] == name
    scores, value = net.forward(np.zeros((3, OBS_SIZE), np.float32))
    assert scores.shape == (3, N_ACTIONS) and value.shape == (3,)
    one, v1 = net.forward(np.zeros(OBS_SIZE, np.float32))
    assert one.shape == (N_ACTIONS,) and v1.shape == ()


def test_the_level_is_offered_in_the_presets_it_has_a_network_for() -> None:
    shipped = sorted(p.stem for p in weights_path("classic").parent.glob("*.npz"))
    assert sorted(TRAINED_PRESETS) == shipped == sorted(bot_info("neural").presets or ())


def test_it_is_registered_with_its_names() -> None:
    info = bot_info("neurale")
    assert info.name == "neural"
    assert (info.title("it"), info.title("en")) == ("Neurale", "Neural")
    assert isinstance(make_bot("neural", seed=1), NeuralBot)


def test_it_plays_whole_deals_legally_and_the_same_from_the_same_seed() -> None:
    for deal_seed in range(4):
        first = _play("classic", (1, 2), deal_seed)
        assert len(first) == 40
        assert first == _play("classic", (1, 2), deal_seed)


def test_the_sampling_variant_is_reproducible_by_seed_and_varies_with_it() -> None:
    state = new_game(preset("classic"), seed=11)
    assert state.turn is not None
    obs = observe(state, state.turn)
    picks = [NeuralBot(seed, temperature=5.0).act(obs) for seed in range(40)]
    assert picks == [NeuralBot(seed, temperature=5.0).act(obs) for seed in range(40)]
    assert len(set(picks)) > 1 and set(picks) <= set(obs.legal)


@pytest.mark.parametrize("name", TRAINED_PRESETS)
def test_it_plays_the_highest_scored_legal_action_of_its_preset_s_network(name: str) -> None:
    """In each preset with a network, every move of a whole deal of neural seats is that
    network's best legal action (not the other preset's, not medium's)."""
    state = new_game(preset(name), seed=5)
    bot, other = NeuralBot(0), default_net("pairs" if name == "classic" else "classic")
    differs = 0
    while not state.is_over:
        assert state.turn is not None
        obs = observe(state, state.turn)
        scores, _ = default_net(name).forward(encode(obs))
        move = bot.act(obs)
        assert move == max(obs.legal, key=lambda a: scores[action_to_index(a)])
        theirs, _ = other.forward(encode(obs))
        differs += move != max(obs.legal, key=lambda a: theirs[action_to_index(a)])
        state = state.apply(move)
    assert differs > 0  # the two networks are not the same player


def test_it_reads_only_its_own_observation() -> None:
    """Deals that differ only in cards the seat cannot see (the opponent's hand and the stock
    under the briscola) get the same observation and the same move."""
    rules = preset("classic")
    deck = list(rules.deck())
    random.Random(21).shuffle(deck)
    state = new_game(rules, deck=deck, dealer=0)
    assert state.turn is not None
    me = state.turn
    briscola = deck[2 * 3]  # after three cards each, the next card is turned up
    seen = set(observe(state, me).hand) | {briscola}
    hidden = [i for i, c in enumerate(deck) if c not in seen]
    swapped = list(deck)
    swapped[hidden[0]], swapped[hidden[-2]] = swapped[hidden[-2]], swapped[hidden[0]]
    other = new_game(rules, deck=swapped, dealer=0)
    a, b = observe(state, me), observe(other, me)
    assert other.turn == me and state.hands != other.hands
    assert np.array_equal(encode(a), encode(b))
    assert NeuralBot(3).act(a) == NeuralBot(3).act(b)


def test_outside_its_presets_it_plays_as_medium() -> None:
    outside = (
        ("three", {}),
        ("chiamata", {}),
        ("classic", {"inversion": True}),
        ("pairs", {"inversion": True}),
    )
    for name, options in outside:
        rules = preset(name).with_options(**options) if options else preset(name)
        bot, medium = NeuralBot(4), MediumBot(4)
        assert not bot.trained_for(rules)
        state = new_game(rules, seed=8)
        for _ in range(12):
            if state.is_over:
                break
            assert state.turn is not None
            obs = observe(state, state.turn)
            move = bot.act(obs)
            assert move == medium.act(obs)
            state = state.apply(move)
    assert all(NeuralBot(4).trained_for(preset(name)) for name in TRAINED_PRESETS)
    # a network given to the bot plays only its own preset
    given = NeuralBot(4, net=default_net("pairs"))
    assert given.trained_for(preset("pairs")) and not given.trained_for(preset("classic"))


def test_a_weights_file_round_trips(tmp_path: Path) -> None:
    net = default_net()
    path = tmp_path / "net.npz"
    PolicyValueNet(net.arrays, {"preset": "classic", "note": "copy"}).save(path)
    back = PolicyValueNet.load(path)
    assert back.meta == {"preset": "classic", "note": "copy"}
    for k in LAYERS:
        assert np.array_equal(back.arrays[k], net.arrays[k])


def test_the_weights_variable_replaces_the_shipped_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = default_net()
    zero = {k: np.zeros_like(v) for k, v in shipped.arrays.items()}
    zero["bp"][7] = 1.0  # every position's best score is action 7's
    PolicyValueNet(zero, {"preset": "classic", "note": "candidate"}).save(tmp_path / "c.npz")
    monkeypatch.setenv(WEIGHTS_ENV, str(tmp_path / "c.npz"))
    default_net.cache_clear()
    try:
        assert NeuralBot(1).net.meta["note"] == "candidate"
        assert make_bot("neural", seed=2).net.arrays["bp"][7] == 1.0  # type: ignore[attr-defined]
    finally:
        default_net.cache_clear()
    monkeypatch.delenv(WEIGHTS_ENV)
    assert np.array_equal(default_net().arrays["w1"], shipped.arrays["w1"])


def test_the_weights_variable_replaces_only_its_own_preset_s_network(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pairs = default_net("pairs")
    PolicyValueNet(pairs.arrays, {"preset": "pairs", "note": "candidate"}).save(tmp_path / "p.npz")
    monkeypatch.setenv(WEIGHTS_ENV, str(tmp_path / "p.npz"))
    default_net.cache_clear()
    try:
        assert default_net("pairs").meta["note"] == "candidate"
        assert default_net("classic").meta.get("note") != "candidate"
        assert default_net("classic").meta["preset"] == "classic"
    finally:
        default_net.cache_clear()


def test_the_frozen_champion_is_today_s_and_reachable_from_the_tools() -> None:
    from briscola.bots.search import CHAMPION, CHAMPION_V1, SearchBot
    from briscola.tools.arena import parse_player
    from briscola.tools.bench.levels.strength import parse_pair

    bot = make_bot("campione-v1", seed=1)
    assert isinstance(bot, SearchBot) and bot.name == "champion-v1"
    assert bot.config == CHAMPION_V1
    # today's champion differs in its budget in two players and in what it does with more
    assert (CHAMPION.rollouts, CHAMPION.solved_worlds) == (16000, 400)
    assert (CHAMPION_V1.rollouts, CHAMPION_V1.solved_worlds) == (8000, 200)
    two_player_play = replace(
        CHAMPION,
        rollouts=8000,
        solved_worlds=200,
        solve_hand=-1,
        root_hand=-1,
        solved_worlds_multi=0,
        pairwise=False,
        auction_worlds=0,
        by_table=(),
    )
    assert two_player_play == CHAMPION_V1 != CHAMPION
    assert bot_info("champion-v1").title("it") == "Campione v1"
    assert parse_player("champion-v1").level == "champion-v1"
    pair = parse_pair("champion:champion-v1")
    assert (pair.upper, pair.lower) == ("champion", "champion-v1")
