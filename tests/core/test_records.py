"""Game records: golden files checked by an independent scorer and replayed; replay(upto=k);
bad records refused with RecordError naming the problem."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest

from briscola.core.cards import Card, Rank, Suit
from briscola.core.game import new_game
from briscola.core.observation import determinize, observe
from briscola.core.record import GameRecord, RecordError
from briscola.core.rules import preset
from helpers import card_value, winner_of

GOLDEN = Path(__file__).resolve().parent / "golden"
GOLDEN_FILES = sorted(GOLDEN.glob("*.json"))


def load_make_golden() -> Any:
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- an independent scorer: replays a record's JSON with nothing but the rules reference ---------


def score(data: dict[str, Any]) -> dict[str, Any]:
    """Deal, auction, play and count a record from its JSON data, without the engine."""
    rules = data["ruleset"]
    n, size = rules["players"], rules["hand_size"]
    step = 1 if rules["direction"] == "counterclockwise" else -1
    inversion = rules["inversion"]
    deck = [Card.parse(t) for t in data["deck"].split()]
    first = (data["dealer"] + step) % n
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[: n * size]):
        hands[(first + (i % n) * step) % n].append(card)
    stock = [*deck[n * size + 1 :], deck[n * size]] if rules["briscola_face_up"] else []
    trump = deck[n * size].suit if rules["briscola_face_up"] else None
    phase = "play" if rules["briscola_face_up"] else "auction"
    turn = first
    passed: set[int] = set()
    bids: list[tuple[int, str]] = []
    called = None
    contract = 61
    declared = [0] * n
    declared_suits: set[Suit] = set()
    trick: list[tuple[int, Card]] = []
    tricks: list[tuple[list[tuple[int, Card]], int]] = []
    card_points = [0] * n
    for text in data["actions"]:
        words = text.split()
        if phase == "auction":
            if words[0] == "pass":
                passed.add(turn)
            else:
                bids.append((turn, words[1]))
            active = [s for s in range(n) if s not in passed]
            if not active:
                phase = "void"
                continue
            if bids and active == [bids[-1][0]]:
                phase, turn = "call", bids[-1][0]
                continue
            turn = (turn + step) % n
            while turn in passed:
                turn = (turn + step) % n
        elif phase == "call":
            assert words[0] == "call"
            trump = Suit.parse(words[1])
            bid = bids[-1][1]
            on_points = bid.isdigit() and int(bid) > 10
            called = Card.parse(("2" if on_points else bid) + words[1])
            contract = max(61, int(bid)) if on_points else 61
            turn = bids[-1][0] if rules["caller_leads"] else first
            phase = "play"
        elif words[0] == "declare":
            suit = Suit.parse(words[1])
            assert rules["accusi"] and suit not in declared_suits
            assert {Card(suit, Rank.RE), Card(suit, Rank.CAVALLO)} <= set(hands[turn])
            declared_suits.add(suit)
            declared[turn] += 40 if suit is trump else 20
        elif words[0] == "exchange":
            assert trump is not None and stock
            rank = Rank.DUE if rules["exchange"] == "two" else Rank.SETTE
            gave = Card(trump, rank)
            hands[turn][hands[turn].index(gave)] = stock[-1]
            stock[-1] = gave
        else:
            card = Card.parse(words[0])
            hands[turn].remove(card)  # raises if the seat does not hold it
            trick.append((turn, card))
            if len(trick) < n:
                turn = (turn + step) % n
                continue
            won = winner_of(trick, trump, inversion)
            card_points[won] += sum(card_value(c, inversion) for _, c in trick)
            tricks.append((trick, won))
            trick = []
            if stock:
                for i in range(n):
                    hands[(won + i * step) % n].append(stock.pop(0))
            turn = won
    seat_points = [card_points[s] + declared[s] for s in range(n)]
    out: dict[str, Any] = {"tricks": tricks, "seat_points": seat_points}
    if phase == "void":
        out["result"] = {
            "seat_points": seat_points,
            "team_points": [0, 0],
            "winners": [],
            "replay": True,
            "units": [0] * n,
        }
        return out
    assert all(not h for h in hands) and not stock and not trick, "the deal is not over"
    if rules["partnership"] == "called":
        caller = bids[-1][0]
        partner = next(s for t, _ in tricks for s, c in t if c == called)
        teams = [0 if s in (caller, partner) else 1 for s in range(n)]
    elif rules["partnership"] == "alternate":
        teams = [s % 2 for s in range(n)]
    else:
        teams = list(range(n))
    team_points = [0] * (max(teams) + 1)
    for s in range(n):
        team_points[teams[s]] += seat_points[s]
    units: list[int] = []
    if rules["partnership"] == "called":
        won_deal = team_points[0] >= contract
        winners = [0] if won_deal else [1]
        factor = 1
        if rules["bid_multipliers"]:
            factor = next((x for t, x in ((101, 5), (91, 4), (81, 3), (71, 2)) if contract >= t), 1)
        side_cards = sum(card_points[s] for s in range(n) if teams[s] == 0)
        if rules["cappotto_doubles"] and side_cards in (0, sum(card_points)):
            factor *= 2
        sign = 1 if won_deal else -1
        units = [-sign * factor] * n
        if partner == caller:
            units[caller] = 4 * sign * factor
        else:
            units[caller], units[partner] = 2 * sign * factor, sign * factor
        replay = False
    else:
        top = max(team_points)
        winners = [t for t, p in enumerate(team_points) if p == top]
        replay = len(winners) > 1 and rules["tie"] == "replay"
    out["result"] = {
        "seat_points": seat_points,
        "team_points": team_points,
        "winners": winners,
        "replay": replay,
        "units": units,
    }
    return out


# -- golden records ------------------------------------------------------------------------------


def test_the_golden_set_is_complete() -> None:
    names = {p.stem for p in GOLDEN_FILES}
    assert names == set(load_make_golden().GAMES)
    assert len(names) >= 8


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_result_agrees_with_an_independent_scorer(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    mine = score(data)
    assert data["result"] == mine["result"]
    rules = data["ruleset"]
    deck_size = len(data["deck"].split())
    assert len(mine["tricks"]) == deck_size // rules["players"]
    played = sorted(c for t, _ in mine["tricks"] for _, c in t)
    assert played == sorted(Card.parse(t) for t in data["deck"].split())
    declared = sum(mine["seat_points"]) - 120
    assert declared >= 0 and (declared == 0 or rules["accusi"])


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_stored_result(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    record = GameRecord.from_json(text)
    final = record.replay()
    assert final.is_over
    result = final.result()
    stored = data["result"]
    assert list(result.seat_points) == stored["seat_points"]
    assert list(result.team_points) == stored["team_points"]
    assert list(result.winners) == stored["winners"]
    assert result.replay == stored["replay"]
    assert list(result.units) == stored["units"]
    mine = score(data)
    assert len(final.tricks) == len(mine["tricks"])
    for trick, (plays, winner) in zip(final.tricks, mine["tricks"], strict=True):
        assert list(trick.plays) == plays and trick.winner == winner
    assert GameRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda p: p.stem)
def test_make_golden_still_plays_the_same_games(path: Path) -> None:
    """The stored files are records written by an earlier version: reading one gives the game
    make_golden.py plays today. A ruleset option added since then is missing from the file and
    read as its default (so old records stay readable, and a new option needs no new files)."""
    stored = json.loads(path.read_text(encoding="utf-8"))
    fresh = json.loads(load_make_golden().text(path.stem))
    assert GameRecord.from_dict(stored) == GameRecord.from_dict(fresh)
    assert {k: v for k, v in fresh.items() if k != "ruleset"} == {
        k: v for k, v in stored.items() if k != "ruleset"
    }
    for key, value in fresh["ruleset"].items():
        assert stored["ruleset"].get(key, value) == value, key
    assert set(stored["ruleset"]) <= set(fresh["ruleset"])


def test_a_record_from_before_an_option_existed_reads_it_as_its_default() -> None:
    data = json.loads((GOLDEN / "classic.json").read_text(encoding="utf-8"))
    del data["ruleset"]["cappotto_doubles"], data["ruleset"]["accusi"]
    record = GameRecord.from_dict(data)
    assert (record.ruleset.accusi, record.ruleset.cappotto_doubles) == (False, False)
    assert (
        record.replay().result()
        == GameRecord.from_dict(json.loads((GOLDEN / "classic.json").read_text(encoding="utf-8")))
        .replay()
        .result()
    )


def test_golden_records_show_the_options_at_work() -> None:
    special = json.loads((GOLDEN / "classic-inversion-accusi-exchange.json").read_text())
    assert "exchange" in special["actions"]
    assert any(a.startswith("declare") for a in special["actions"])
    assert sum(special["result"]["seat_points"]) > 120
    chiamata = json.loads((GOLDEN / "chiamata.json").read_text())
    assert any(a.startswith("call") for a in chiamata["actions"])
    assert sum(chiamata["result"]["units"]) == 0
    assert json.loads((GOLDEN / "pairs-clockwise.json").read_text())["ruleset"]["direction"] == (
        "clockwise"
    )


def test_the_scorer_catches_a_wrong_result() -> None:
    data = json.loads((GOLDEN / "classic.json").read_text())
    data["actions"][0], data["actions"][1] = data["actions"][1], data["actions"][0]
    with pytest.raises(ValueError):
        score(data)  # the first seat does not hold the second seat's card


# -- replay(upto=k) ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "pairs", "chiamata"])
def test_replay_upto_every_k(name: str) -> None:
    rules = preset(name)
    rng = random.Random(3)
    state = new_game(rules, seed=3, dealer=1)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    record = GameRecord.from_state(state)
    assert len(record.actions) == len(states) - 1
    for k, expected in enumerate(states):
        got = record.replay(k)
        assert got == expected and got.actions == record.actions[:k]
    assert record.replay() == state
    assert record.states() == states
    with pytest.raises(RecordError, match=f"has {len(record.actions)} actions"):
        record.replay(len(record.actions) + 1)
    with pytest.raises(RecordError, match="actions, not -1"):
        record.replay(-1)


def test_a_record_of_an_unfinished_deal_has_no_result() -> None:
    state = new_game(preset("classic"), seed=1)
    state = state.apply(state.legal_actions()[0])
    data = GameRecord.from_state(state).to_dict()
    assert "result" not in data
    assert GameRecord.from_dict(data).replay() == state


def test_a_determinized_state_has_no_record() -> None:
    state = new_game(preset("classic"), seed=1)
    guess = determinize(observe(state, 0), random.Random(1))
    with pytest.raises(RecordError, match="not dealt from a deck"):
        GameRecord.from_state(guess)


# -- bad records -------------------------------------------------------------------------------


@pytest.fixture
def good() -> dict[str, Any]:
    return json.loads((GOLDEN / "classic.json").read_text(encoding="utf-8"))


def tampered(data: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    change(out)
    return out


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        GameRecord.from_json("{format: briscola")


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d.update(format="chess-pgn"), "not a game record"),
        (lambda d: d.pop("format"), "not a game record"),
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d.pop("deck"), "the record has no 'deck'"),
        (lambda d: d.pop("actions"), "the record has no 'actions'"),
        (lambda d: d.pop("ruleset"), "the record has no 'ruleset'"),
        (lambda d: d.update(dealer="north"), "dealer must be a seat number"),
        (lambda d: d.update(dealer=7), "dealer must be a seat from 0 to 1"),
        (lambda d: d["ruleset"].update(players=9), "players must be"),
        (lambda d: d["ruleset"].update(colour="red"), "unknown ruleset option 'colour'"),
        (lambda d: d.update(deck=d["deck"].replace("Ad", "Zz")), "'Zz' is not a card"),
        (lambda d: d.update(deck=d["deck"].replace("Ad", "Ac")), "missing Ad"),
        (lambda d: d["actions"].insert(0, "shout"), "'shout'"),
        (lambda d: d["result"].update(seat_points=[120, 0]), "does not match the replay"),
        (lambda d: d["result"].update(winners=[1 - d["result"]["winners"][0]]), "winners"),
        (lambda d: d["result"].update(team_points=[60, 60]), "team_points"),
        (lambda d: d["result"].update(replay=True), "replay"),
        (lambda d: d["result"].update(units=[1, -1]), "units"),
        (lambda d: d.update(actions=d["actions"][:-1]), "claims a result"),
    ],
)
def test_bad_records_name_the_problem(good: dict[str, Any], change: Any, needle: str) -> None:
    bad = tampered(good, change)
    with pytest.raises(RecordError, match=needle):
        GameRecord.from_dict(bad)
    with pytest.raises(RecordError, match=needle):
        GameRecord.from_json(json.dumps(bad))


def test_not_an_object() -> None:
    for data in ([], "record", 3, None):
        with pytest.raises(RecordError, match="not a game record"):
            GameRecord.from_dict(data)


@pytest.mark.parametrize("k", [0, 5, 17])
def test_an_illegal_action_at_step_k_is_named(good: dict[str, Any], k: int) -> None:
    data = copy.deepcopy(good)
    record = GameRecord.from_dict(data)
    state = record.replay(k)
    seat = state.turn
    assert seat is not None
    other_card = next(
        c for s, hand in enumerate(state.hands) if s != seat for c in hand
    )  # a card the seat to act does not hold
    data["actions"][k] = str(other_card)
    del data["result"]
    with pytest.raises(
        RecordError, match=rf"action {k + 1} \({other_card}\) is illegal: seat {seat}"
    ):
        GameRecord.from_dict(data)
