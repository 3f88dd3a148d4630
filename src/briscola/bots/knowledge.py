"""What a seat can work out from its observation: card counting and the sides.

:class:`Knowledge` gathers, for the heuristic levels, the facts a careful player keeps in mind:
which cards have gone, which are still out (and, when the rules show them, exactly where), which
seats play on this seat's side, which opponents are still to play in the trick, and what they may
hold. In two players, once the stock is empty, every card still out is in the opponent's hand, so
the opponent's hand is known exactly.

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=2)
>>> know = Knowledge(observe(state, state.turn))
>>> len(know.unknown), know.friends == frozenset({state.turn})
(36, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from briscola.core.cards import FULL_DECK, Card, Rank, Suit
from briscola.core.game import trick_winner
from briscola.core.observation import Observation
from briscola.core.rules import Exchange, Ruleset

__all__ = ["Knowledge", "exchange_improves", "play_cards"]


def play_cards(obs: Observation) -> list[Card]:
    """The cards this seat may play now."""
    from briscola.core.actions import Play

    return [a.card for a in obs.legal if isinstance(a, Play)]


class Knowledge:
    """Card counting from one observation (see the module's documentation)."""

    def __init__(self, obs: Observation) -> None:
        assert obs.trump is not None
        self.obs = obs
        self.rules: Ruleset = obs.ruleset
        self.trump: Suit = obs.trump
        self.seat = obs.seat
        self.friends = obs.sides().with_me
        rules = self.rules
        n, step = rules.players, rules.step
        self.played: frozenset[Card] = frozenset(obs.played_cards())
        self.visible: dict[int, tuple[Card, ...]] = dict(obs.other_hands)
        self.known: dict[int, tuple[Card, ...]] = dict(obs.known_cards)
        placed = {c for h in self.visible.values() for c in h}
        placed |= {c for h in self.known.values() for c in h}
        gone = set(self.played) | set(obs.hand) | placed
        if obs.briscola_on_table and obs.briscola is not None:
            gone.add(obs.briscola)
        taken = 0  # the cards gone and the ones not in the deck, by index (no hashing: quicker)
        for card in (*gone, *rules.removed):
            taken |= 1 << card.index
        self.unknown: frozenset[Card] = frozenset(c for c in FULL_DECK if not taken >> c.index & 1)
        """Cards whose place this seat does not know (other hands or the stock), in the deck's
        order (``rules.deck()`` less the cards gone)."""
        self.out: frozenset[Card] = frozenset(self.unknown | placed)
        """Cards still to be played by the other seats (or still in the stock)."""
        if obs.briscola_on_table and obs.briscola is not None:
            self.out = self.out | {obs.briscola}
        later = n - len(obs.trick) - 1
        self.later: list[int] = [(self.seat + k * step) % n for k in range(1, later + 1)]
        self.enemies_later = [s for s in self.later if s not in self.friends]
        self.friends_later = [s for s in self.later if s in self.friends and s != self.seat]

    # -- card values ------------------------------------------------------------------------
    def points(self, card: Card) -> int:
        return self.rules.points_of(card)

    def strength(self, card: Card) -> int:
        return self.rules.strength_of(card)

    def is_trump(self, card: Card) -> bool:
        return card.suit is self.trump

    def beats(self, card: Card, best: Card) -> bool:
        """True when ``card`` played now would take the trick from ``best``."""
        if card.suit is best.suit:
            return self.strength(card) > self.strength(best)
        return card.suit is self.trump

    # -- where the cards may be -------------------------------------------------------------
    def possible(self, seat: int) -> frozenset[Card]:
        """Cards that ``seat`` may hold: its hand when this seat sees it, else the unknown cards
        and the cards known to be in its hand. In two players with the stock empty this is the
        opponent's exact hand."""
        if seat in self.visible:
            return frozenset(self.visible[seat])
        return self.unknown | frozenset(self.known.get(seat, ()))

    def exact(self, seat: int) -> bool:
        """True when this seat knows ``seat``'s whole hand (shown by the rules, or in two players
        once the stock is empty)."""
        return seat in self.visible or (self.rules.players == 2 and self.obs.stock_count == 0)

    def threats(self) -> set[Card]:
        """Cards that an opponent still to play in this trick might hold."""
        out: set[Card] = set()
        for seat in self.enemies_later:
            out |= self.possible(seat)
        return out

    def safe(self, card: Card, threats: Iterable[Card] | None = None) -> bool:
        """True when no opponent still to play in this trick can beat ``card``."""
        pool = self.threats() if threats is None else threats
        return not any(self.beats(t, card) for t in pool)

    def trumps_out(self) -> list[Card]:
        """Trumps still to be played by others (or in the stock)."""
        return [c for c in self.out if c.suit is self.trump]

    def higher_out(self, card: Card) -> list[Card]:
        """Cards of ``card``'s suit still out that are stronger than it."""
        return [
            c for c in self.out if c.suit is card.suit and self.strength(c) > self.strength(card)
        ]

    # -- the trick --------------------------------------------------------------------------
    def winning(self) -> tuple[int, Card] | None:
        """The seat winning the trick on the table and its card (None when leading)."""
        trick = self.obs.trick
        if not trick:
            return None
        seat = trick_winner(trick, self.trump, self.rules)
        return seat, next(c for s, c in trick if s == seat)

    def trick_points(self) -> int:
        return sum(self.points(c) for _, c in self.obs.trick)

    # -- choosing among cards ---------------------------------------------------------------
    def cost(self, card: Card) -> float:
        """What giving a card away costs: its points, its strength, a premium for trumps."""
        strength = self.strength(card)
        if card.suit is self.trump:
            return self.points(card) + 5 + strength * 0.8
        return self.points(card) + strength / 10

    def cheapest(self, cards: Sequence[Card]) -> Card:
        return min(cards, key=lambda c: (self.cost(c), c.index))


def exchange_improves(obs: Observation) -> bool:
    """True when the face-up briscola is a better card than the 2 (or 7) it would replace."""
    face_up = obs.briscola
    if face_up is None:
        return False
    rank = Rank.SETTE if obs.ruleset.exchange is Exchange.SEVEN else Rank.DUE
    gave = Card(face_up.suit, rank)
    rules = obs.ruleset
    return (rules.points_of(face_up), rules.strength_of(face_up)) > (
        rules.points_of(gave),
        rules.strength_of(gave),
    )
