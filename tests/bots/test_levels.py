"""The computer players' levels: legal moves everywhere, reproducible, blind to hidden cards, an
exact endgame solver checked by brute force, and robust strength smoke tests.

The full strength table (duplicate deals, confidence intervals) is measured with the arena and
``briscola bench --strength``; think times by ``briscola bench --think``, not by timed tests here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np
import pytest

from briscola.bots import Bot, make_bot
from briscola.bots.medium import MediumBot
from briscola.bots.search import SearchBot
from briscola.core.actions import Action, Play
from briscola.core.cards import Card, parse_cards
from briscola.core.game import Phase, State, new_game, shuffled_deck
from briscola.core.observation import Observation, observe
from briscola.core.rules import Ruleset, preset
from helpers import act, deal, medium_positions

LEVELS = ("beginner", "easy", "medium", "hard", "champion")

MIXES: dict[str, list[dict[str, object]]] = {
    "classic": [{}, {"accusi": True, "exchange": "two"}, {"exchange": "seven", "inversion": True}],
    "scoperta": [{}, {"accusi": True, "exchange": "seven"}],
    "three": [{}, {"direction": "clockwise", "removed": "Ab", "accusi": True}],
    "pairs": [{}, {"partners_see_hands": False, "tricks_visible": "always", "exchange": "two"}],
    "six": [{}, {"accusi": True, "inversion": True}],
    "chiamata": [
        {},
        {"points_only_auction": True, "caller_leads": True, "bid_multipliers": True},
    ],
}
CASES = [(name, opts) for name, mixes in MIXES.items() for opts in mixes]


def play_game(
    rules: Ruleset, bots: Sequence[Bot], seed: int, check: Callable[[State, Action], None]
) -> State:
    state = new_game(rules, seed=seed, dealer=seed % rules.players)
    while not state.is_over:
        assert state.turn is not None
        action = bots[state.turn].act(observe(state, state.turn))
        check(state, action)
        state = state.apply(action)
    return state


def legal_check(state: State, action: Action) -> None:
    assert action in state.legal_actions(), f"{action} is not legal in\n{state}"


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{i}" for n, i in CASES])
def test_every_level_plays_legal_moves(name: str, options: dict[str, object]) -> None:
    rules = preset(name, **options)
    for game in range(2):
        # every level sits at the table, in turn at every seat over the games
        bots = [
            make_bot(LEVELS[(s + game * 2) % len(LEVELS)], seed=game * 10 + s)
            for s in range(rules.players)
        ]
        final = play_game(rules, bots, 100 + game, legal_check)
        assert final.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_levels_are_deterministic_by_seed(level: str) -> None:
    for name in ("classic", "pairs", "chiamata"):
        runs = []
        for _ in range(2):
            rules = preset(name)
            # the level on two seats, the medium level (deterministic) on the others
            bots = [
                make_bot(level if s < 2 else "medium", seed=7 + s) for s in range(rules.players)
            ]
            runs.append(play_game(rules, bots, 3, lambda s, a: None).actions)
        assert runs[0] == runs[1]


# -- hidden information -----------------------------------------------------------------------


def _contains_state(value: object, seen: set[int]) -> bool:
    if isinstance(value, State):
        return True
    if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
        return False
    seen.add(id(value))
    if isinstance(value, tuple | list | set | frozenset):
        return any(_contains_state(v, seen) for v in value)
    if isinstance(value, dict):
        return any(_contains_state(v, seen) for v in value.values())
    if dataclasses.is_dataclass(value):
        return any(_contains_state(getattr(value, f.name), seen) for f in dataclasses.fields(value))
    return False


def test_an_observation_has_no_path_to_the_state() -> None:
    rules = preset("pairs")
    rng = random.Random(1)
    state = new_game(rules, seed=1)
    while not state.is_over:
        assert state.turn is not None
        obs = observe(state, state.turn)
        assert not _contains_state(obs, set())
        assert not hasattr(obs, "__dict__")  # slots only: nothing can be hung on it
        state = state.apply(rng.choice(state.legal_actions()))


def _swap_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same deal with the cards ``seat`` cannot see (other hands, the hidden stock)
    dealt again at random: the observation of ``seat`` does not change."""
    obs = observe(state, seat)
    shown = {s for s, _ in obs.other_hands}
    known = {c for _, cs in obs.known_cards for c in cs}
    hidden_seats = [s for s in range(state.players) if s != seat and s not in shown]
    face_up = state.stock[-1:] if state.ruleset.briscola_face_up and state.stock else ()
    stock_hidden = list(state.stock[: len(state.stock) - len(face_up)])
    pool = [c for s in hidden_seats for c in state.hands[s] if c not in known] + stock_hidden
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in hidden_seats:
        keep = [c for c in hands[s] if c in known]
        need = len(hands[s]) - len(keep)
        hands[s], pool = (*keep, *pool[:need]), pool[need:]
    return replace(state, hands=tuple(hands), stock=(*pool, *face_up))


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_depend_on_hidden_cards(level: str) -> None:
    rng = random.Random(5)
    for name in ("classic", "pairs", "three"):
        rules = preset(name)
        state = new_game(rules, seed=11)
        for _ in range(3 * rules.players + 1):  # a few tricks in
            state = state.apply(rng.choice(state.legal_actions()))
        assert state.turn is not None
        seat = state.turn
        other = _swap_hidden(state, seat, rng)
        assert other.hands != state.hands or other.stock != state.stock
        assert observe(other, seat) == observe(state, seat)
        first = make_bot(level, seed=3).act(observe(state, seat))
        second = make_bot(level, seed=3).act(observe(other, seat))
        assert first == second


# -- the fast core's view of an observation -----------------------------------------------------


def core_state(state: State) -> np.ndarray:
    """The fast core's state array after replaying ``state``'s deal and actions."""
    from briscola.fast.core import kernel as K
    from briscola.fast.core.layout import MAX_ACTIONS, S_LEN
    from briscola.fast.core.params import ruleset_params
    from briscola.fast.core.replay import encode_action

    P = ruleset_params(state.ruleset)
    S = np.zeros(S_LEN, np.int64)
    buf = np.zeros(MAX_ACTIONS, np.int64)
    K.load_deck(P, S, np.array([c.index for c in state.deck], np.int8))
    K.deal(P, S, state.dealer)
    for action in state.actions:
        assert K.apply_code(P, S, buf, encode_action(action))
    return S


def with_truth(state: State, S: np.ndarray, hidden_called: bool = False) -> np.ndarray:
    """An encoded observation's array with the unknown slots holding the true cards."""
    from briscola.fast.core.layout import MAX_HAND, O_DECK, O_HANDS, O_HMASK, S_PARTNER

    S = S.copy()
    size = len(state.ruleset.deck())
    sp = size + 1 - len(state.stock)
    hidden = state.stock[:-1] if state.ruleset.briscola_face_up else state.stock
    for i, c in enumerate(hidden):
        S[O_DECK + sp + i] = c.index
    for seat, hand in enumerate(state.hands):
        for i, c in enumerate(hand):
            S[O_HANDS + seat * MAX_HAND + i] = c.index
        S[O_HMASK + seat] = sum(1 << c.index for c in hand)
    if hidden_called:  # the holder of the called card goes with the hidden cards
        assert state.called is not None
        S[S_PARTNER] = next(s for s, h in enumerate(state.hands) if state.called in h)
    return S


@pytest.mark.parametrize("name", list(MIXES))
def test_encoded_observations_match_the_core(name: str) -> None:
    from briscola.fast.core import layout as L
    from briscola.fast.search import pimc as FS

    fields = [
        L.S_PHASE, L.S_TURN, L.S_LEADER, L.S_DEALER, L.S_TRUMP, L.S_SP, L.S_TRICKS, L.S_TN,
        L.S_TRICK_PTS, L.S_DECLARED, L.S_WON, L.S_CALLER, L.S_CALLED, L.S_PARTNER,
        L.S_REVEALED, L.S_STAND_KIND, L.S_STAND_VAL,
    ]  # fmt: skip
    for options in MIXES[name]:
        rules = preset(name, **options)
        rng = random.Random(2)
        for seed in range(3):
            state = new_game(rules, seed=seed, dealer=seed % rules.players)
            while not state.is_over:
                if state.phase is Phase.PLAY:
                    assert state.turn is not None
                    enc = FS.encode_observation(observe(state, state.turn))
                    mine = with_truth(state, enc.S, enc.hidden_called)
                    core = core_state(state)
                    for f in fields:
                        assert mine[f] == core[f], (f, str(state))
                    n = rules.players
                    for base in (L.O_HCOUNT, L.O_PTS, L.O_DECL):
                        assert list(mine[base : base + n]) == list(core[base : base + n])
                    assert list(mine[L.O_HMASK : L.O_HMASK + n]) == [
                        sum(1 << c.index for c in hand) for hand in state.hands
                    ]
                    assert list(core[L.O_HMASK : L.O_HMASK + n]) == list(
                        mine[L.O_HMASK : L.O_HMASK + n]
                    )
                    tn = int(core[L.S_TN])
                    for base in (L.O_TSEAT, L.O_TCARD):
                        assert list(mine[base : base + tn]) == list(core[base : base + tn])
                    if tn:
                        assert mine[L.S_BEST_SEAT] == core[L.S_BEST_SEAT]
                    size = len(rules.deck())
                    sp = int(core[L.S_SP])
                    stock = slice(L.O_DECK + sp, L.O_DECK + size + 1)
                    if sp <= size:
                        assert list(mine[stock]) == list(core[stock])
                        assert mine[L.S_BRIS] == core[L.S_BRIS]
                state = state.apply(rng.choice(state.legal_actions()))


# -- the exact endgame solver -----------------------------------------------------------------


def brute_force(state: State, seat: int) -> int:
    """Best play by both (every card known) with the reference engine: the final point
    difference, ``seat`` minus the other seat."""
    if state.is_over:
        pts = state.seat_points()
        return pts[seat] - pts[1 - seat]
    values = [brute_force(state.apply(a), seat) for a in state.legal_actions()]
    return max(values) if state.turn == seat else min(values)


def solver_final_diffs(state: State) -> dict[Action, int]:
    """For each legal action: the final point difference (seat 0 minus seat 1) under best play
    afterwards, from the fast exact solver on the true cards."""
    from briscola.fast.core import kernel as K
    from briscola.fast.core.layout import O_PTS, S_PHASE
    from briscola.fast.search import pimc as FS

    assert state.turn is not None
    enc = FS.encode_observation(observe(state, state.turn))
    truth = with_truth(state, enc.S)
    _, _, buf, _row, ws, _ = FS.work_arrays()
    out = {}
    for action, code in zip(enc.actions, enc.cands, strict=True):
        S = truth.copy()
        assert K.apply_code(enc.P, S, buf, int(code))
        future = FS.solve_from(enc.P, S, ws) if S[S_PHASE] != 3 else 0
        out[action] = int(S[O_PTS] - S[O_PTS + 1] + future)
    return out


def position(hands: dict[int, str], briscola: str, stock: str = "", turn: int = 1) -> State:
    """A classic position: the given hands and stock (the face-up briscola drawn last, if the
    stock is not empty), every other card already played in earlier tricks, ``turn`` to lead."""
    rules = preset("classic")
    want = {s: parse_cards(h) for s, h in hands.items()}
    bris = Card.parse(briscola)
    stock_cards = parse_cards(stock)
    used = {c for h in want.values() for c in h} | set(stock_cards)
    if stock_cards:
        used.add(bris)  # still face up under the stock; else already played (or held)
    rest = [c for c in rules.deck() if c not in used]
    from briscola.core.state import Trick

    tricks = tuple(
        Trick(
            leader=i % 2, plays=((i % 2, rest[2 * i]), (1 - i % 2, rest[2 * i + 1])), winner=i % 2
        )
        for i in range(len(rest) // 2)
    )
    base = new_game(rules, seed=0)
    return replace(
        base,
        hands=(want[0], want[1]),
        stock=(*stock_cards, bris) if stock_cards else (),
        briscola=bris,
        trump=bris.suit,
        turn=turn,
        leader=turn,
        tricks=tricks,
        trick=(),
    )


HAND_MADE = [
    # seat 1 leads with the stock empty (briscola: spade). Leading the Asso di coppe loses it to
    # nothing (seat 0 has no coppe above and no trump)... the solver and brute force must agree.
    ({1: "Ac 3b 5d", 0: "3c 2b Rs"}, "4s", ""),
    ({1: "7s Fb Cd", 0: "As 3d 4b"}, "2s", ""),
    # one trick before the stock runs out: two cards left, the hidden one and the briscola
    ({1: "3s Ab 6c", 0: "Rb 5s Cc"}, "7s", "Ad"),
]


@pytest.mark.parametrize(("hands", "briscola", "stock"), HAND_MADE)
def test_exact_solver_matches_brute_force(hands: dict[int, str], briscola: str, stock: str) -> None:
    state = position(hands, briscola, stock)
    for action, diff in solver_final_diffs(state).items():
        assert diff == brute_force(state.apply(action), 0), action


def test_champion_plays_the_best_line_of_a_known_endgame() -> None:
    state = position({1: "Ac 3b 5d", 0: "3c 2b Rs"}, "4s")
    line = []
    while not state.is_over:
        assert state.turn is not None
        seat = state.turn
        diffs = solver_final_diffs(state)
        best = max(diffs.values()) if seat == 0 else min(diffs.values())
        move = SearchBot.champion(seed=1).act(observe(state, seat))
        assert diffs[move] == best, (move, diffs)
        line.append(str(move))
        state = state.apply(move)
    pts = state.seat_points()
    assert pts[0] - pts[1] == brute_force(position({1: "Ac 3b 5d", 0: "3c 2b Rs"}, "4s"), 0)


def test_exact_solver_on_random_endgames() -> None:
    rules = preset("classic", accusi=True)
    rng = random.Random(8)
    checked = 0
    for seed in range(30):
        state = new_game(rules, seed=seed)
        while len(state.stock) > 2 or state.trick:
            state = state.apply(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(3)):  # also positions after the last draw, mid-trick
            if not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        for action, diff in solver_final_diffs(state).items():
            assert diff == brute_force(state.apply(action), 0), (action, str(state))
        checked += 1
    assert checked >= 20


# -- strength smoke tests (the full table is measured by the arena) ------------------------------


def duel(a: str, b: str, deals: int, seed: int = 0) -> float:
    """Share of games ``a`` wins against ``b`` in two players (draws count half), each deal
    played twice with the seats swapped."""
    rules = preset("classic")
    score = 0.0
    for i in range(deals):
        deck = shuffled_deck(rules, seed * 100_003 + i)
        for swap in (0, 1):
            bots = [make_bot(a, seed=i), make_bot(b, seed=i + 1)]
            if swap:
                bots.reverse()
            state = new_game(rules, deck=deck, dealer=i % 2)
            while not state.is_over:
                assert state.turn is not None
                state = state.apply(bots[state.turn].act(observe(state, state.turn)))
            result = state.result()
            score += 0.5 if result.draw else float(result.winner == swap)
    return score / (2 * deals)


def test_medium_beats_random() -> None:
    assert duel("medium", "random", 200) > 0.6


def test_easy_beats_beginner() -> None:
    assert duel("easy", "beginner", 150) > 0.55


def test_hard_beats_random() -> None:
    assert duel("hard", "random", 30) > 0.7


def test_medium_plays_as_a_team_in_pairs() -> None:
    # seat 1 leads, seat 2 (partner of seat 0) takes with the Asso, seat 0 plays last: carica
    state = deal("pairs", {1: "4c", 2: "Ac", 3: "5c", 0: "As 3b 6d"}, briscola="7s", dealer=0)
    state = act(state, "4c", "Ac", "5c")
    assert MediumBot().act(observe(state, 0)) == Play(Card.parse("3b"))


def test_easy_leaves_a_trick_its_partner_is_winning() -> None:
    # seat 2 (partner of seat 0) wins with the Asso; easy used to trump it with its Tre of spade:
    # playing last it now loads its Asso of denari on it instead
    state = deal("pairs", {1: "4c", 2: "Ac", 3: "5c", 0: "3s Ad 6d"}, briscola="7s", dealer=0)
    state = act(state, "4c", "Ac", "5c")
    assert make_bot("easy").act(observe(state, 0)) == Play(Card.parse("Ad"))
    # with an opponent still to play (seat 0) it throws its cheapest card on its partner's Asso
    state = deal("pairs", {1: "Ac", 2: "4c", 3: "3s Ad 6d"}, briscola="7s", dealer=0)
    state = act(state, "Ac", "4c")
    assert make_bot("easy").act(observe(state, 3)) == Play(Card.parse("6d"))
    # against an opponent's winning Asso it still takes the points with the trump
    state = deal("pairs", {1: "Ac", 2: "4c", 3: "5c", 0: "3s 2d 6d"}, briscola="7s", dealer=0)
    state = act(state, "Ac", "4c", "5c")
    assert make_bot("easy").act(observe(state, 0)) == Play(Card.parse("3s"))


def test_search_levels_use_a_visible_partner_hand() -> None:
    # pairs, end phase: partners see each other's hands; the bots still act legally
    rules = preset("pairs")
    rng = random.Random(3)
    state = new_game(rules, seed=3)
    while state.stock or state.trick:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.turn is not None
    obs: Observation = observe(state, state.turn)
    assert obs.other_hands
    assert SearchBot.champion(seed=2).act(obs) in obs.legal


def test_inference_finds_the_opponents_cards() -> None:
    """Against the medium rules, worlds drawn from the champion's posterior put more of the
    opponent's true cards in its hand than worlds dealt uniformly."""
    from briscola.bots.search import CHAMPION, _events, _opponent_slots, _posterior_worlds
    from briscola.fast.search import pimc as FS

    rules = preset("classic")
    posterior = prior = 0.0
    count = 0
    for game, state, seat, obs in medium_positions(rules, 6):
        enc = FS.encode_observation(obs)
        events = _events(FS, enc, obs)
        if events is not None:
            worlds = _posterior_worlds(FS, enc, obs, CHAMPION, events, game, 400)
            hand_pos, _, _ = _opponent_slots(enc, 1 - seat)
            truth = [c.index for c in state.hands[1 - seat]]
            posterior += np.isin(worlds[:, hand_pos], truth).sum(axis=1).mean()
            prior += len(hand_pos) * len(hand_pos) / len(enc.pool)
            count += 1
    assert count > 30
    assert posterior / count > prior / count + 0.1, (posterior / count, prior / count)
