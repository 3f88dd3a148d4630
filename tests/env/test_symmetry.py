"""The suits' symmetry: renaming the suits of a whole deal renames its observation vectors and
legal actions exactly as :mod:`briscola.env.symmetry` says, and a symmetric network answers the
same whatever the suits are called."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from briscola.bots.medium import MediumBot
from briscola.bots.neural import PolicyValueNet
from briscola.core.cards import Card
from briscola.core.game import new_game, shuffled_deck
from briscola.core.observation import observe
from briscola.core.rules import preset
from briscola.env.encoding import OBS_SIZE, action_mask, action_to_index, encode, index_to_action
from briscola.env.symmetry import (
    OTHER_PERMUTATIONS,
    action_gather,
    action_scatter,
    canonical,
    canonical_batch,
    obs_gather,
    trump_first,
)
from briscola.train.loop import medium_batch

ALL = list(itertools.permutations(range(4)))


def _rename(card: Card, perm: tuple[int, ...]) -> Card:
    return Card.from_index(10 * perm[card.index // 10] + card.index % 10)


@pytest.mark.parametrize(
    ("name", "options"),
    [("classic", {}), ("classic", {"accusi": True}), ("pairs", {}), ("six", {})],
)
def test_a_deal_with_its_suits_renamed_has_its_vectors_and_actions_renamed(
    name: str, options: dict[str, bool]
) -> None:
    rules = preset(name, **options)
    for seed, perm in zip(range(4), (ALL[5], ALL[11], ALL[17], ALL[23]), strict=True):
        deck = shuffled_deck(rules, seed)
        a = new_game(rules, deck=deck)
        b = new_game(rules, deck=tuple(_rename(c, perm) for c in deck))
        bot = MediumBot(seed)
        while not a.is_over:
            for seat in range(rules.players):
                xa, xb = encode(observe(a, seat)), encode(observe(b, seat))
                np.testing.assert_array_equal(xb, xa[obs_gather(perm)])
            ma, mb = action_mask(a.legal_actions()), action_mask(b.legal_actions())
            np.testing.assert_array_equal(mb, ma[action_scatter(perm)])
            assert a.turn is not None
            action = bot.act(observe(a, a.turn))
            renamed = index_to_action(int(action_gather(perm)[action_to_index(action)]))
            a, b = a.apply(action), b.apply(renamed)
        assert a.result().seat_points == b.result().seat_points


def test_the_canonical_form_makes_the_trump_the_first_suit() -> None:
    assert [trump_first(s) for s in range(4)] == [
        (0, 1, 2, 3),
        (1, 0, 2, 3),
        (1, 2, 0, 3),
        (1, 2, 3, 0),
    ]
    data = medium_batch(preset("classic"), seed=1, deals=8, eps=0.2)
    canon = canonical_batch(data)
    from briscola.env.encoding import field

    trump = canon["obs"][:, field("trump").slice]
    assert (trump[:, 0] == 1).all() and (trump[:, 1:] == 0).all()
    # every legal card play is a card of the renamed hand; targets move with the masks
    hand = canon["obs"][:, field("hand").slice] > 0
    assert not (canon["masks"][:, :40] & ~hand).any()
    assert canon["masks"].sum() == data["masks"].sum()
    assert not (canon["target"] * ~canon["masks"]).any()
    np.testing.assert_array_equal(canon["value"], data["value"])
    for x, y in zip(data["obs"][:20], canon["obs"][:20], strict=True):
        np.testing.assert_array_equal(canonical(x)[0], y)


def test_a_symmetric_network_answers_the_same_whatever_the_suits_are_called() -> None:
    rng = np.random.default_rng(3)
    arrays = {
        "w1": rng.normal(0, 0.1, (OBS_SIZE, 32)),
        "b1": rng.normal(0, 0.1, 32),
        "w2": rng.normal(0, 0.1, (32, 32)),
        "b2": rng.normal(0, 0.1, 32),
        "wp": rng.normal(0, 0.1, (32, 120)),
        "bp": rng.normal(0, 0.1, 120),
        "wv": rng.normal(0, 0.1, (32, 1)),
        "bv": rng.normal(0, 0.1, 1),
    }
    f32 = {k: v.astype(np.float32) for k, v in arrays.items()}
    plain = PolicyValueNet(f32, {"preset": "classic"})
    net = PolicyValueNet(f32, {"preset": "classic", "symmetry": "suits"})
    assert net.symmetric and not plain.symmetric
    x = medium_batch(preset("classic"), seed=2, deals=3, eps=0.2)["obs"]
    scores, values = net.forward(x)
    one_s, one_v = net.forward(x[7])
    np.testing.assert_allclose(one_s, scores[7], atol=1e-6)
    np.testing.assert_allclose(one_v, values[7], atol=1e-6)
    for perm in ALL:
        s, v = net.forward(x[:, obs_gather(perm)])
        np.testing.assert_allclose(s, scores[:, action_scatter(perm)], atol=1e-5)
        np.testing.assert_allclose(v, values, atol=1e-6)
    # the plain network does not: the symmetry is the canonical form and the six views
    s, _ = plain.forward(x[:, obs_gather(ALL[9])])
    assert not np.allclose(s, plain.forward(x)[0][:, action_scatter(ALL[9])], atol=1e-3)
    # and the symmetric one is the plain one averaged over the six views of the canonical form
    canon = canonical_batch({"obs": x})["obs"]
    mean = np.mean([plain.mlp(canon[:, obs_gather(p)])[1] for p in OTHER_PERMUTATIONS], axis=0)
    np.testing.assert_allclose(values, mean, atol=1e-6)
