"""The analysis (briscola.analysis): known best moves found, blunders rated, endgames solved
exactly, no peeking at hidden cards, every preset, deterministic by seed."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from briscola.analysis import (
    ActionValue,
    Hint,
    Rating,
    analyze,
    evaluate,
    hindsight,
    hint,
    judge,
    move_accuracy,
)
from briscola.analysis.deal import decisions
from briscola.core.actions import parse_action
from briscola.core.game import State, new_game
from briscola.core.observation import observe
from briscola.core.record import GameRecord
from briscola.core.rules import preset
from briscola.core.state import Phase
from helpers import random_game, reasons_are

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "analysis.schema.json").read_text()
)


def minimax(state: State) -> int:
    """Two players, every card known: seat 0's final point margin under best play by both
    (written on the core's states, apart from the fast solver)."""
    if state.is_over:
        points = state.result().seat_points
        return points[0] - points[1]
    values = [minimax(state.apply(a)) for a in state.legal_actions()]
    return max(values) if state.turn == 0 else min(values)


def play_until(seed: int, stop: object) -> State:
    """A classic deal (dealer 1) played at random from ``seed`` until ``stop(state)``."""
    rng = random.Random(seed)
    state = new_game(preset("classic"), seed=seed, dealer=1)
    while not state.is_over and not stop(state):  # type: ignore[operator]
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def finish(state: State, seed: int = 0) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _last_three(state: State) -> bool:
    return (
        not state.stock and state.turn == 0 and len(state.trick) == 1 and len(state.hands[0]) == 3
    )


def test_a_blunder_that_gives_away_a_carico_is_rated_an_error() -> None:
    # North leads the 5 of bastoni; coppe are trumps; we hold 3s 3d Ac. Only the Ace of coppe
    # takes the trick and wins the deal; a Three on the 5 gives North a carico and the deal.
    state = play_until(101, _last_three)
    assert [str(c) for c in state.hands[0]] == ["3s", "3d", "Ac"]
    assert str(state.trick[0][1]) == "5b" and state.trump is not None
    assert state.trump.letter == "c"
    exact = {str(a): minimax(state.apply(a)) for a in state.legal_actions()}
    assert exact["Ac"] > 0 and exact["3d"] < 0 and exact["3s"] < 0
    final = finish(state.apply(parse_action("3d")))
    result = analyze(GameRecord.from_state(final), seat=0, budget=32, seed=3)
    move = next(m for m in result.moves if m.index == len(state.actions))
    assert str(move.played) == "3d" and str(move.view.best) == "Ac"
    assert move.view.rating is Rating.BLUNDER and move.view.rating.is_error
    assert move.view.loss == pytest.approx(1.0)
    assert all(v.exact for v in move.view.values)  # the stock is empty: one world, solved
    assert move.hindsight is not None and move.hindsight.rating is Rating.BLUNDER
    assert result.summary.turning_point == result.moves.index(move)
    assert result.summary.errors >= 1


@pytest.mark.parametrize("seed", range(6))
def test_a_short_endgame_is_solved_exactly(seed: int) -> None:
    """With four or fewer stock cards every card is known in hindsight, and the values are the
    exact solution; with the stock empty the seat's own view is exact too."""
    state = play_until(seed, lambda s: len(s.stock) <= 2 * (seed % 3) and s.turn == seed % 2)
    seat = state.turn
    assert seat is not None and not state.is_over
    sign = 1 if seat == 0 else -1
    exact = {a: sign * minimax(state.apply(a)) for a in state.legal_actions()}
    for value in hindsight(state):
        assert value.exact
        assert value.win == (
            1.0 if exact[value.action] > 0 else 0.5 if exact[value.action] == 0 else 0.0
        )
        assert value.margin == pytest.approx(exact[value.action])
    if not state.stock:
        view = evaluate(observe(state, seat), budget=8, seed=1)
        assert [(v.win, round(v.margin)) for v in view] == [
            (1.0 if exact[v.action] > 0 else 0.5 if exact[v.action] == 0 else 0.0, exact[v.action])
            for v in view
        ]


def _swap(state: State, a: tuple[int, int], b: tuple[int, int] | None) -> State:
    """``state`` with two hidden cards swapped: hand ``a[0]``'s card ``a[1]`` with hand
    ``b[0]``'s card ``b[1]``, or with the top of the stock when ``b`` is None."""
    hands = [list(h) for h in state.hands]
    stock = list(state.stock)
    first = hands[a[0]][a[1]]
    if b is None:
        hands[a[0]][a[1]], stock[0] = stock[0], first
    else:
        hands[a[0]][a[1]], hands[b[0]][b[1]] = hands[b[0]][b[1]], first
    return replace(state, hands=tuple(tuple(h) for h in hands), stock=tuple(stock))


def _play_state(name: str, seed: int, at_least: int) -> State:
    """A play-phase state of ``name`` after ``at_least`` actions or more, at a play decision."""
    rng = random.Random(seed)
    state = new_game(preset(name), seed=seed)
    while len(state.actions) < at_least or state.phase is not Phase.PLAY:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("name", "swap"),
    [
        ("classic", ((1, 0), None)),  # the opponent's card and the stock's next card
        ("pairs", ((1, 0), (3, 1))),  # the two opponents' cards
        ("chiamata", ((1, 0), (3, 1))),  # two other seats' cards: nobody's partner is shown yet
    ],
)
def test_no_peeking_hidden_cards_swapped_give_the_same_evaluation(
    name: str, swap: tuple[tuple[int, int], tuple[int, int] | None]
) -> None:
    state = _play_state(name, 9, 3 if name != "chiamata" else 0)
    seat = state.turn
    assert seat is not None
    while seat in {s[0] for s in swap if s is not None}:  # a seat that sees neither card
        state = state.apply(state.legal_actions()[0])
        seat = state.turn
        assert seat is not None and state.phase is Phase.PLAY
    other = _swap(state, *swap)
    assert other.hands != state.hands
    assert observe(other, seat) == observe(state, seat)
    mine = evaluate(observe(state, seat), budget=24, seed=4)
    theirs = evaluate(observe(other, seat), budget=24, seed=4)
    assert mine == theirs
    assert hint(observe(state, seat), budget=24, seed=4) == hint(
        observe(other, seat), budget=24, seed=4
    )


def test_no_peeking_over_a_record_the_moves_before_a_hidden_card_shows_are_judged_alike() -> None:
    """Two deals that differ in two stock cards drawn late: every judgement of the seat's moves
    made before either card is drawn is the same (the hidden cards were never used)."""
    state = new_game(preset("classic"), seed=12, dealer=1)
    deck = list(state.deck)
    deck[-2], deck[-3] = deck[-3], deck[-2]  # the last two hidden stock cards
    other = new_game(preset("classic"), deck=tuple(deck), dealer=1)
    rng = random.Random(5)
    while len(state.stock) > 4:
        action = rng.choice(state.legal_actions())
        state, other = state.apply(action), other.apply(action)
    one = analyze(GameRecord.from_state(state), seat=0, budget=24, seed=8)
    two = analyze(GameRecord.from_state(other), seat=0, budget=24, seed=8)
    assert len(one.moves) >= 10 and not one.finished
    assert one.moves == two.moves
    assert one.hindsight_summary is None and all(m.hindsight is None for m in one.moves)


def test_the_same_seed_gives_the_same_analysis() -> None:
    record = GameRecord.from_state(random_game(preset("classic"), seed=4))
    first = analyze(record, seat=1, budget=16, seed=2).to_dict()
    assert analyze(record, seat=1, budget=16, seed=2).to_dict() == first


def test_every_preset_is_analysed_and_its_json_follows_the_schema(preset_name: str) -> None:
    record = GameRecord.from_state(random_game(preset(preset_name), seed=3))
    seat = 1
    seen: list[tuple[int, int]] = []
    result = analyze(record, seat, budget=4, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert [m.index for m in result.moves] == [i for i, _ in decisions(record, seat)]
    assert seen[-1] == (len(result.moves), len(result.moves))
    assert result.finished and result.hindsight_summary is not None
    data = result.to_dict()
    jsonschema.validate(data, SCHEMA)
    json.dumps(data)
    for move in result.moves:
        assert move.played in [v.action for v in move.view.values]
        assert move.view.best_win - move.view.win == pytest.approx(move.view.loss)


def test_an_unfinished_deal_has_no_hindsight_and_its_json_follows_the_schema() -> None:
    state = _play_state("pairs", 2, 12)
    data = analyze(GameRecord.from_state(state), seat=0, budget=4).to_dict()
    jsonschema.validate(data, SCHEMA)
    assert data["finished"] is False and data["hindsight_summary"] is None
    assert "result" not in data and all(m["hindsight"] is None for m in data["moves"])


def test_ratings_by_the_loss_and_the_accuracy() -> None:
    assert [Rating.of(x).value for x in (0, 0.02, 0.03, 0.06, 0.15, 0.21)] == [
        "best", "best", "good", "inaccuracy", "mistake", "blunder",
    ]  # fmt: skip
    assert Rating.of(0.5, forced=True) is Rating.FORCED
    assert [Rating.of(x).name_in("it") for x in (0, 0.04, 0.08, 0.15, 0.3)] == [
        "ottima", "buona", "imprecisione", "errore", "errore grave",
    ]  # fmt: skip
    assert move_accuracy(0) == pytest.approx(100) and move_accuracy(1) == 0
    assert move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.2)


def test_judge_picks_the_best_by_win_then_margin() -> None:
    state = play_until(101, _last_three)
    values = evaluate(observe(state, 0), budget=4)
    assert judge(values, parse_action("Ac")).rating is Rating.BEST
    assert judge(values, parse_action("3s")).loss == pytest.approx(1.0)


def test_a_hint_names_the_best_move_and_only_legal_actions() -> None:
    state = play_until(101, _last_three)
    tip = hint(observe(state, 0), budget=8)
    assert str(tip.best) == "Ac"
    reasons_are(
        tip,
        it=(
            "Gioca l'Asso di coppe: vinci il 100% delle volte. "
            "Le altre mosse: Tre di spade 0%, Tre di denari 0%."
        ),
        en=(
            "Play the Ace of cups: you win 100% of the time. "
            "The other moves: Three of swords 0%, Three of coins 0%."
        ),
        ro=(
            "Joacă As de coppe: câștigi în 100% din cazuri. "
            "Celelalte mutări: Trei de spade 0%, Trei de denari 0%."
        ),
    )
    with pytest.raises(ValueError, match="no bid or call to make now"):
        evaluate(observe(new_game(preset("chiamata"), seed=1), 0))


def _tip(*moves: tuple[str, float]) -> Hint:
    """A hint made by hand: each move (in the notation) and its win probability, best first."""
    return Hint(
        parse_action(moves[0][0]),
        tuple(ActionValue(parse_action(a), win, 0.0, 8) for a, win in moves),
    )


@pytest.mark.parametrize(
    ("card", "it_words", "en_words", "ro_words"),
    [
        ("Ad", "l'Asso di denari", "the Ace of coins", "As de denari"),
        ("3s", "il Tre di spade", "the Three of swords", "Trei de spade"),
        ("Rb", "il Re di bastoni", "the King of clubs", "Rege de bastoni"),
        ("Cc", "il Cavallo di coppe", "the Knight of cups", "Cal de coppe"),
        ("Fc", "il Fante di coppe", "the Jack of cups", "Valet de coppe"),
        ("7d", "il Sette di denari", "the Seven of coins", "Șapte de denari"),
        ("6s", "il Sei di spade", "the Six of swords", "Șase de spade"),
        ("5b", "il Cinque di bastoni", "the Five of clubs", "Cinci de bastoni"),
        ("4c", "il Quattro di coppe", "the Four of cups", "Patru de coppe"),
        ("2d", "il Due di denari", "the Two of coins", "Doi de denari"),
    ],
)
def test_a_hint_names_the_card_to_play_in_words(
    card: str, it_words: str, en_words: str, ro_words: str
) -> None:
    tip = _tip((card, 0.63))
    reasons_are(
        tip,
        it=f"Gioca {it_words}: vinci il 63% delle volte. È l'unica mossa possibile.",
        en=f"Play {en_words}: you win 63% of the time. It is the only legal move.",
        ro=f"Joacă {ro_words}: câștigi în 63% din cazuri. Este singura mutare posibilă.",
    )


def test_a_hint_names_cards_and_the_exchange_in_words() -> None:
    tip = _tip(("Fc", 0.63), ("3s", 0.2), ("Ad", 0.1))
    reasons_are(
        tip,
        it=(
            "Gioca il Fante di coppe: vinci il 63% delle volte. "
            "Le altre mosse: Tre di spade 20%, Asso di denari 10%."
        ),
        en=(
            "Play the Jack of cups: you win 63% of the time. "
            "The other moves: Three of swords 20%, Ace of coins 10%."
        ),
        ro=(
            "Joacă Valet de coppe: câștigi în 63% din cazuri. "
            "Celelalte mutări: Trei de spade 20%, As de denari 10%."
        ),
    )
    exchange = _tip(("exchange", 0.55), ("Rb", 0.5))
    reasons_are(
        exchange,
        it=(
            "Fai lo scambio della briscola: vinci il 55% delle volte. "
            "Le altre mosse: Re di bastoni 50%."
        ),
        en=("Exchange the briscola: you win 55% of the time. The other moves: King of clubs 50%."),
        ro=(
            "Schimbă cartea de atu întoarsă: câștigi în 55% din cazuri. "
            "Celelalte mutări: Rege de bastoni 50%."
        ),
    )


def test_bad_arguments_are_refused() -> None:
    record = GameRecord.from_state(random_game(preset("classic"), seed=4))
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        analyze(record, seat=2)
    with pytest.raises(ValueError, match="at least 1"):
        analyze(record, seat=0, budget=0)
