"""Helpers shared by the tests: deals from a deck spec, random games, the option space of every
preset, and an independent scorer written from the rules reference.

Import them with ``from helpers import ...`` (pytest puts ``tests/`` on the path).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from briscola.core.actions import Action, parse_action
from briscola.core.cards import Card, parse_cards
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe
from briscola.core.options import offered_on
from briscola.core.rules import PRESETS, Ruleset, preset

CardsLike = str | Iterable[Card]


def cards(spec: CardsLike) -> tuple[Card, ...]:
    """Cards from a notation text ("Ad 3c") or an iterable of cards."""
    if isinstance(spec, str):
        return parse_cards(spec)
    return tuple(spec)


def deal_positions(ruleset: Ruleset, dealer: int) -> list[int]:
    """The seat that receives each of the first ``hand_size * players`` cards, in deck order.

    Written from the rules, not from the engine: one card at a time, ``hand_size`` rounds,
    starting with the seat after the dealer in the direction of play.
    """
    n = ruleset.players
    step = 1 if ruleset.direction.value == "counterclockwise" else -1
    first = (dealer + step) % n
    return [(first + i * step) % n for _ in range(ruleset.hand_size) for i in range(n)]


def build_deck(
    ruleset: Ruleset,
    hands: Mapping[int, CardsLike] | None = None,
    briscola: str | Card | None = None,
    stock: CardsLike = (),
    dealer: int = 0,
    filler: CardsLike | None = None,
) -> tuple[Card, ...]:
    """A deck order (top card first) that deals the wanted hands, face-up briscola and stock.

    ``hands`` maps seats to (some of) their cards, in the order they are dealt; ``stock`` is the
    start of the stock in drawing order (the face-up briscola is always drawn last). Whatever is
    not given is filled from ``filler`` (default: the ruleset's deck in index order).
    """
    hands = dict(hands or {})
    want = {seat: list(cards(spec)) for seat, spec in hands.items()}
    stock_cards = list(cards(stock))
    face_up = Card.parse(briscola) if isinstance(briscola, str) else briscola
    if face_up is not None and not ruleset.briscola_face_up:
        raise ValueError("this ruleset turns no briscola face up")
    used = [c for h in want.values() for c in h] + stock_cards
    if face_up is not None:
        used.append(face_up)
    if len(set(used)) != len(used):
        raise ValueError(f"a card is given twice: {used}")
    deck_cards = ruleset.deck()
    strays = [c for c in used if c not in deck_cards]
    if strays:
        raise ValueError(f"not in the {ruleset.name} deck: {strays}")
    order = deck_cards if filler is None else cards(filler) + deck_cards
    pool = [c for c in dict.fromkeys(order) if c not in used]
    n, size = ruleset.players, ruleset.hand_size
    full: list[list[Card]] = []
    for seat in range(n):
        hand = want.get(seat, [])
        if len(hand) > size:
            raise ValueError(f"seat {seat} is given more than {size} cards")
        full.append(hand + [pool.pop(0) for _ in range(size - len(hand))])
    dealt_count = [0] * n
    deck: list[Card] = []
    for seat in deal_positions(ruleset, dealer):
        deck.append(full[seat][dealt_count[seat]])
        dealt_count[seat] += 1
    if ruleset.briscola_face_up:
        deck.append(face_up if face_up is not None else pool.pop(0))
    deck.extend(stock_cards)
    deck.extend(pool)
    assert sorted(deck) == sorted(deck_cards)
    return tuple(deck)


def deal(
    ruleset: Ruleset | str,
    hands: Mapping[int, CardsLike] | None = None,
    briscola: str | Card | None = None,
    stock: CardsLike = (),
    dealer: int = 0,
    filler: CardsLike | None = None,
) -> State:
    """A new game dealt from :func:`build_deck` (a preset name or a ruleset)."""
    rules = preset(ruleset) if isinstance(ruleset, str) else ruleset
    deck = build_deck(rules, hands, briscola, stock, dealer, filler)
    return new_game(rules, deck=deck, dealer=dealer)


def act(state: State, *actions: str | Action) -> State:
    """Apply actions given as text (``"Ad"``, ``"declare d"``, ``"bid 3"``) or objects."""
    for action in actions:
        state = state.apply(parse_action(action) if isinstance(action, str) else action)
    return state


def play_bots(state: State, seats: Sequence[Any]) -> State:
    """The final state of ``state`` played on by each seat's bot (``seats[i].act(obs)``), every
    action checked to be legal."""
    while not state.is_over:
        assert state.turn is not None
        action = seats[state.turn].act(observe(state, state.turn))
        assert action in state.legal_actions()
        state = state.apply(action)
    return state


def medium_positions(
    ruleset: Ruleset, games: int, from_trick: int = 3
) -> Iterator[tuple[int, State, int, Observation]]:
    """Every position of ``games`` deals (seeds 0, 1, ...) played by medium bots, from trick
    ``from_trick`` while the stock holds cards: the deal's seed, the state, the seat to play and
    its view."""
    from briscola.bots.medium import MediumBot

    for game in range(games):
        state = new_game(ruleset, seed=game)
        bots = [MediumBot() for _ in range(ruleset.players)]
        while state.stock:
            assert state.turn is not None
            seat = state.turn
            obs = observe(state, seat)
            if len(state.tricks) >= from_trick:
                yield game, state, seat, obs
            state = state.apply(bots[seat].act(obs))


def random_states(state: State, rng: random.Random) -> Iterator[State]:
    """Every state of a game played by random legal actions, the start included."""
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def random_game(ruleset: Ruleset, seed: int, dealer: int = 0) -> State:
    """The final state of a game dealt from ``seed`` and played by random legal actions."""
    rng = random.Random(seed)
    state = new_game(ruleset, seed=seed, dealer=dealer)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- rulesets -----------------------------------------------------------------------------------

PRESET_NAMES = tuple(PRESETS)
THREE_REMOVED = ("2c", "2d", "2s", "2b", "Ab", "Fd")


MATCH_ONLY = frozenset({"points_tie"})
"""Options a deal never reads (only a match does: tests/core/test_match.py plays them)."""


def option_space(name: str) -> dict[str, tuple[Any, ...]]:
    """Every value each option may take on top of a preset (only valid combinations): the values
    the options registry offers there, and for three players more cards to leave out (point
    cards too), so that a new option is in the conformance run as soon as it is declared."""
    space = {o.name: tuple(o.offered) for o in offered_on(preset(name)) if o.name not in MATCH_ONLY}
    if "removed" in space:
        space["removed"] = THREE_REMOVED
    return space


def all_rulesets(name: str) -> list[Ruleset]:
    """Every valid combination of the options of :func:`option_space` on a preset."""
    space = option_space(name)
    keys = list(space)
    return [
        preset(name, **dict(zip(keys, values, strict=True)))
        for values in itertools.product(*(space[k] for k in keys))
    ]


@st.composite
def rulesets(draw: st.DrawFn, names: tuple[str, ...] = PRESET_NAMES) -> Ruleset:
    """A preset with a random choice of every option it allows."""
    name = draw(st.sampled_from(names))
    space = option_space(name)
    options = {key: draw(st.sampled_from(values)) for key, values in space.items()}
    return preset(name, **options)


# -- an independent scorer, written from the rules reference ------------------------------------

RULE_POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
STRENGTH_ORDER = "A3RCF76542"  # strongest first
INVERTED_ORDER = "A7RCF36542"


def card_value(card: Card, inversion: bool = False) -> int:
    """A card's points per the rules reference (7 and 3 swap values with the inversion)."""
    letter = card.rank.letter
    if inversion and letter in "37":
        return 10 if letter == "7" else 0
    return RULE_POINTS.get(letter, 0)


def beats(card: Card, best: Card, trump: Any, inversion: bool = False) -> bool:
    """Does ``card`` take a trick that ``best`` is winning so far?"""
    order = INVERTED_ORDER if inversion else STRENGTH_ORDER
    if card.suit is best.suit:
        return order.index(card.rank.letter) < order.index(best.rank.letter)
    return card.suit is trump


def winner_of(plays: Iterable[tuple[int, Card]], trump: Any, inversion: bool = False) -> int:
    """The seat that takes a trick, recomputed from the rules reference."""
    plays = list(plays)
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if beats(card, best, trump, inversion):
            best_seat, best = seat, card
    return best_seat


def trick_card_points(state: State) -> list[int]:
    """Each seat's card points from the tricks it took (not counting declarations)."""
    out = [0] * state.ruleset.players
    for trick in state.tricks:
        out[trick.winner] += sum(card_value(c, state.ruleset.inversion) for _, c in trick.plays)
    return out


def chiamata_expectation(final: State) -> dict[str, Any]:
    """The settlement of a finished chiamata deal, recomputed from the rules reference."""
    from briscola.core.actions import Bid, Call

    rules = final.ruleset
    assert final.auction is not None
    bids = [(seat, b) for seat, b in final.auction.calls if isinstance(b, Bid)]
    if not bids:
        return {"void": True, "units": (0,) * rules.players}
    caller, last = bids[-1]
    calls = [a for a in final.actions if isinstance(a, Call)]
    assert len(calls) == 1
    rank = last.rank if last.rank is not None else Card.parse("2c").rank
    called = Card(calls[0].suit, rank)
    contract = 61 if last.points is None else max(61, last.points)
    partner = next(s for t in final.tricks for s, card in t.plays if card == called)
    side = {caller, partner}
    cards = trick_card_points(final)
    decl = [0] * rules.players
    for d in final.declarations:
        decl[d.seat] += d.points
    side_points = sum(cards[s] + decl[s] for s in side)
    won = side_points >= contract
    factor = 1
    if rules.bid_multipliers:
        for threshold, times in ((101, 5), (91, 4), (81, 3), (71, 2)):
            if contract >= threshold:
                factor = times
                break
    side_cards = sum(cards[s] for s in side)
    if rules.cappotto_doubles and side_cards in (0, rules.total_points):
        factor *= 2
    sign = 1 if won else -1
    units = [-sign * factor] * rules.players
    if partner == caller:
        units[caller] = 4 * sign * factor
    else:
        units[caller] = 2 * sign * factor
        units[partner] = sign * factor
    return {
        "void": False,
        "caller": caller,
        "partner": partner,
        "called": called,
        "contract": contract,
        "side_points": side_points,
        "won": won,
        "factor": factor,
        "units": tuple(units),
    }


def reasons_are(hint: Any, **texts: str) -> None:
    """A hint of the analysis (:class:`briscola.analysis.Hint`) reads ``texts[lang]`` in each
    language named (``it=``, ``en=``, ``ro=``)."""
    assert {lang: hint.reason(lang) for lang in texts} == texts
