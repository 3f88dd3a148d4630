"""What one seat may know, and full states consistent with it for search bots.

An :class:`Observation` holds a seat's own hand, everything public (the briscola, every card
played and by whom, declarations, exchanges, the auction, counts), the hands the rules let that
seat see (a partner's in the end phase, every hand in briscola scoperta), the cards publicly known
to sit in other hands (a drawn briscola, an exchanged card, declared Re and Cavallo), the trumps a
partner's sign places in its hand, the cards a partner showed before the first trick and still
holds (``partners_show_first``: in ``shown``, and in ``known_cards`` with the others), and nothing
more. Partner signs (the ``signals`` option) are
seen with their meaning by the signaller's side only: to the others, in ``signals`` and in
``actions``, a sign is only a sign (``Signal(None)``, written ``signal``).

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> import random
>>> state = new_game(preset("classic"), seed=1)
>>> obs = observe(state, 0)
>>> obs.hand == state.hands[0], len(obs.other_hands)
(True, 0)
>>> guess = determinize(obs, random.Random(5))
>>> observe(guess, 0) == obs
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from briscola.core.actions import Action, Play
from briscola.core.cards import Card, Rank, Suit
from briscola.core.chiamata import Auction
from briscola.core.codec import observation_fields
from briscola.core.game import State
from briscola.core.rules import Partnership, Ruleset, TricksVisible
from briscola.core.shown import shown_back, shown_cards
from briscola.core.signal_view import seen_actions, told_cards
from briscola.core.signals import SignalMade, mask_signals
from briscola.core.state import Declaration, ExchangeMade, Phase, Trick

__all__ = [
    "Observation",
    "Sides",
    "determinize",
    "observe",
    "public_cards",
    "visible_seats",
]


@dataclass(frozen=True, slots=True)
class Sides:
    """Who plays with one seat, as far as that seat can know: three sets of seats that share
    the table out between them (see :meth:`Observation.sides`)."""

    with_me: frozenset[int]  # surely on this seat's side, the seat itself included
    against: frozenset[int]  # surely on another side
    unknown: frozenset[int]  # either (Briscola chiamata, while the partner is secret)

    def of(self, seat: int) -> bool | None:
        """True if ``seat`` is surely on this side, False if surely not, None while unknown."""
        if seat in self.with_me:
            return True
        if seat in self.against:
            return False
        return None


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a deal. See the module's documentation for what it holds."""

    ruleset: Ruleset
    seat: int
    dealer: int
    phase: Phase
    turn: int | None
    leader: int
    hand: tuple[Card, ...]
    briscola: Card | None  # the briscola card (face-up, or drawn; chiamata: the called card)
    stock_count: int
    hand_counts: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    declarations: tuple[Declaration, ...]
    exchanges: tuple[ExchangeMade, ...]
    actions: tuple[Action, ...]
    other_hands: tuple[tuple[int, tuple[Card, ...]], ...]  # whole hands this seat may see
    known_cards: tuple[tuple[int, tuple[Card, ...]], ...]  # publicly known cards in other hands
    legal: tuple[Action, ...]
    tricks_visible: bool  # may this seat look through its own side's tricks now
    auction: Auction | None = None
    called: Card | None = None
    partner: int | None = None  # chiamata: the caller's partner, once this seat may know it
    signals: tuple[SignalMade, ...] = ()  # partner signs; an opponent's without its meaning
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # partners' shown cards still held

    @property
    def trump(self) -> Suit | None:
        """The trump suit (None before the call in Briscola chiamata)."""
        return self.briscola.suit if self.briscola is not None else None

    @property
    def briscola_on_table(self) -> bool:
        """True while the face-up briscola still lies under the stock."""
        return self.stock_count > 0 and self.briscola is not None and self.ruleset.briscola_face_up

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is to act."""
        return self.turn == self.seat

    def played_cards(self) -> tuple[Card, ...]:
        """Every card played so far, completed tricks first, then the current trick."""
        out = [card for trick in self.tricks for _, card in trick.plays]
        out.extend(card for _, card in self.trick)
        return tuple(out)

    def seat_points(self) -> tuple[int, ...]:
        """Points taken so far by each seat: public, since every trick is played face up."""
        pts = [0] * self.ruleset.players
        for trick in self.tricks:
            pts[trick.winner] += trick.points(self.ruleset)
        for decl in self.declarations:
            pts[decl.seat] += decl.points
        return tuple(pts)

    def side_tricks(self) -> tuple[Trick, ...]:
        """The tricks this seat may look through now: those its side has taken (its own in
        games without teams; in Briscola chiamata its own, and its partner's once known), when
        the rules allow it (``tricks_visible``); otherwise none, as at a real table where taken
        tricks lie face down.

        >>> from briscola.core.game import new_game
        >>> from briscola.core.rules import preset
        >>> state = new_game(preset("classic"), seed=3)
        >>> while state.stock:
        ...     state = state.apply(state.legal_actions()[0])
        >>> obs = observe(state, 0)
        >>> obs.tricks_visible, all(t.winner == 0 for t in obs.side_tricks())
        (True, True)
        """
        if not self.tricks_visible:
            return ()
        mine = self.sides().with_me
        return tuple(trick for trick in self.tricks if trick.winner in mine)

    def sides(self) -> Sides:
        """Who is surely with this seat, who surely against it, and who is unknown.

        Fixed sides (every seat for itself, or teams of alternate seats) are always known. In
        Briscola chiamata nothing is known before the call; then the caller's side is the caller
        and the holder of the called card, who stays secret until the card is played. This seat
        knows the holder when it holds the card itself, once the card has been played (or the
        deal is over), when the card is publicly known to lie in a hand (a declared Re or
        Cavallo), or when only one other seat still holds cards. Otherwise the holder may be any
        other seat that still holds cards, the caller too (who may have called their own card):
        to the caller those seats are unknown and the others against it; to anybody else the
        caller is against it, those seats are unknown, and a seat with no cards left is with it.

        >>> from briscola.core.game import new_game
        >>> from briscola.core.rules import preset
        >>> obs = observe(new_game(preset("pairs"), seed=1), 0)
        >>> sorted(obs.sides().with_me), sorted(obs.sides().against)
        ([0, 2], [1, 3])
        """
        rules = self.ruleset
        me = self.seat
        seats = frozenset(range(rules.players))
        if rules.partnership is not Partnership.CALLED:
            mine = frozenset(s for s in seats if rules.team_of(s) == rules.team_of(me))
            return Sides(mine, seats - mine, frozenset())
        caller = self.auction.winner if self.auction is not None else None
        if caller is None or self.called is None:
            return Sides(frozenset({me}), frozenset(), seats - {me})
        may_hold = self._may_hold_called()
        if len(may_hold) == 1:
            side = {caller} | may_hold
            mine = frozenset(side) if me in side else seats - side
            return Sides(mine, seats - mine, frozenset())
        if me == caller:
            return Sides(frozenset({me}), seats - may_hold - {me}, may_hold)
        unknown = may_hold - {caller}
        return Sides(seats - unknown - {caller}, frozenset({caller}), unknown)

    def _may_hold_called(self) -> frozenset[int]:
        """The seats that may hold (or have played) the called card, as far as this seat knows."""
        assert self.called is not None
        if self.partner is not None:
            return frozenset({self.partner})
        if self.called in self.hand:
            return frozenset({self.seat})
        shown = dict(self.other_hands)
        for seat, cards in (*self.other_hands, *self.known_cards):
            if self.called in cards:
                return frozenset({seat})
        return frozenset(
            s
            for s, count in enumerate(self.hand_counts)
            if s != self.seat and count > 0 and s not in shown
        )

    @classmethod
    def from_dict(cls, data: Any, *, default_ruleset: Ruleset | None = None) -> Observation:
        """The observation that :meth:`to_dict` wrote as ``data``.

        ``default_ruleset`` is used when ``data`` has no ``ruleset`` (a ruleset in ``data`` always
        wins; it may also be ``{"preset": NAME, ...overrides}``). Optional lists (``tricks``,
        ``declarations``, ``exchanges``, ``actions``, ``other_hands``, ``known_cards``) may be
        left out and count as empty. Raises
        :class:`~briscola.core.codec.ObservationParseError` with a message a person understands.

        >>> from briscola.core.game import new_game
        >>> from briscola.core.rules import preset
        >>> state = new_game(preset("pairs"), seed=4)
        >>> obs = observe(state.apply(state.legal_actions()[0]), 1)
        >>> Observation.from_dict(obs.to_dict()) == obs
        True
        """
        return cls(**observation_fields(data, default_ruleset))

    def to_dict(self, *, ruleset: Any = None) -> dict[str, Any]:
        """The observation as JSON-ready data, cards and actions in their text forms (read back
        by :meth:`from_dict`). ``ruleset``: the ruleset's data when the caller made it once for
        the many views of one table (the server); by default it is made here."""
        trump = self.trump
        return {
            "ruleset": self.ruleset.to_dict() if ruleset is None else ruleset,
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "leader": self.leader,
            "hand": [c.text for c in self.hand],
            "briscola": self.briscola.text if self.briscola is not None else None,
            "trump": trump.value if trump is not None else None,
            "stock": self.stock_count,
            "hand_counts": list(self.hand_counts),
            "trick": [[s, c.text] for s, c in self.trick],
            "tricks": [
                {"leader": t.leader, "plays": [[s, c.text] for s, c in t.plays], "winner": t.winner}
                for t in self.tricks
            ],
            "declarations": [
                {"seat": d.seat, "suit": d.suit.value, "points": d.points}
                for d in self.declarations
            ],
            "exchanges": [
                {"seat": e.seat, "gave": e.gave.text, "took": e.took.text} for e in self.exchanges
            ],
            "actions": [_action_text(a) for a in self.actions],
            "other_hands": {str(s): [c.text for c in h] for s, h in self.other_hands},
            "known_cards": {str(s): [c.text for c in h] for s, h in self.known_cards},
            "shown": {str(s): [c.text for c in h] for s, h in self.shown},
            "legal": [_action_text(a) for a in self.legal],
            "tricks_visible": self.tricks_visible,
            "points": list(self.seat_points()),
            "auction": (
                None
                if self.auction is None
                else {
                    "calls": [[s, str(b)] for s, b in self.auction.calls],
                    "winner": self.auction.winner,
                }
            ),
            "called": self.called.text if self.called is not None else None,
            "partner": self.partner,
            "signals": [
                {"seat": s.seat, "trick": s.trick, "signal": s.kind.value if s.kind else None}
                for s in self.signals
            ],
        }


def _action_text(action: Action) -> str:
    """An action's notation, ``str(action)``; a card played (most of them) without the call."""
    return action.card.text if type(action) is Play else str(action)


def visible_seats(state: State, seat: int) -> tuple[int, ...]:
    """The other seats whose whole hand ``seat`` may see now.

    In briscola scoperta every hand is open; in team games with ``partners_see_hands``, partners
    see each other's hands once the last card is drawn (the end phase).
    """
    rules = state.ruleset
    if rules.open_hands:
        return tuple(s for s in range(rules.players) if s != seat)
    if rules.partners_see_hands and not state.stock and state.phase is Phase.PLAY:
        return tuple(
            s for s in range(rules.players) if s != seat and rules.team_of(s) == rules.team_of(seat)
        )
    return ()


def public_cards(state: State) -> frozenset[Card]:
    """Cards whose place in a hand everybody knows: the briscola once drawn, a card taken in an
    exchange, declared Re and Cavallo (each stays known until played)."""
    known: set[Card] = {e.took for e in state.exchanges}
    for decl in state.declarations:
        known.add(Card(decl.suit, Rank.RE))
        known.add(Card(decl.suit, Rank.CAVALLO))
    if state.ruleset.briscola_face_up and not state.stock and state.briscola is not None:
        known.add(state.briscola)
    return frozenset(known)


def _partner_known_to(state: State, seat: int) -> int | None:
    if state.ruleset.partnership is not Partnership.CALLED or state.called is None:
        return None
    partner = state.partner
    if state.revealed or seat == partner or state.phase is Phase.OVER:
        return partner
    return None


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``."""
    rules = state.ruleset
    if not 0 <= seat < rules.players:
        raise ValueError(f"seat must be from 0 to {rules.players - 1}, not {seat}")
    known = public_cards(state)
    told = told_cards(state, seat)  # trumps a partner's sign names
    shown = visible_seats(state, seat)
    showed = {s: cards for s, cards in shown_cards(state, seat).items() if s not in shown}
    known_cards = tuple(
        (s, cards)
        for s in range(rules.players)
        if s != seat and s not in shown
        for cards in [tuple(c for c in state.hands[s] if _known_to(c, s, known, told, showed))]
        if cards
    )
    tv = rules.tricks_visible
    tricks_visible = tv is TricksVisible.ALWAYS or (
        tv is TricksVisible.END_PHASE and not state.stock and state.phase is not Phase.AUCTION
    )
    return Observation(
        ruleset=rules,
        seat=seat,
        dealer=state.dealer,
        phase=state.phase,
        turn=state.turn,
        leader=state.leader,
        hand=state.hands[seat],
        briscola=state.briscola if state.briscola is not None else state.called,
        stock_count=len(state.stock),
        hand_counts=tuple(len(h) for h in state.hands),
        trick=state.trick,
        tricks=state.tricks,
        declarations=state.declarations,
        exchanges=state.exchanges,
        actions=seen_actions(state, seat),
        other_hands=tuple((s, state.hands[s]) for s in shown),
        known_cards=known_cards,
        legal=state.legal_actions() if state.turn == seat else (),
        tricks_visible=tricks_visible,
        auction=state.auction,
        called=state.called,
        partner=_partner_known_to(state, seat),
        signals=mask_signals(state.signals, rules, seat),
        shown=tuple(showed.items()),
    )


def _known_to(
    card: Card,
    seat: int,
    public: frozenset[Card],
    told: dict[int, tuple[Card, ...]],
    showed: dict[int, tuple[Card, ...]],
) -> bool:
    """True if the observer knows ``card`` is in ``seat``'s hand (public, told or shown)."""
    return card in public or card in told.get(seat, ()) or card in showed.get(seat, ())


def determinize(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with everything ``obs`` shows, the unknown cards dealt at random.

    The result observes back to ``obs`` for its seat; its ``deck`` is empty (it was never dealt).
    In Briscola chiamata, before the reveal, the called card is dealt with the other unknown
    cards, to any seat this one cannot see into: the caller too (who may have called a card of
    their own and play alone).
    """
    rules = obs.ruleset
    n = rules.players
    fixed: dict[int, list[Card]] = {s: [] for s in range(n)}
    fixed[obs.seat] = list(obs.hand)
    for s, hand in obs.other_hands:
        fixed[s] = list(hand)
    for s, cards in obs.known_cards:
        fixed[s].extend(cards)
    seen = {c for cards in fixed.values() for c in cards} | set(obs.played_cards())
    briscola = obs.briscola if rules.briscola_face_up else None
    on_table = briscola is not None and obs.stock_count > 0
    if on_table:
        assert briscola is not None
        seen.add(briscola)
    unknown = [c for c in rules.deck() if c not in seen]
    rng.shuffle(unknown)
    need = {s: obs.hand_counts[s] - len(fixed[s]) for s in range(n)}
    hidden_called = obs.called is not None and obs.called in unknown and obs.partner is None
    if hidden_called:
        assert obs.called is not None
        # Only its holder knows where the called card is: any other seat may hold it, the
        # caller included (a caller may call a card of their own and play alone).
        candidates = [s for s in range(n) if s != obs.seat and need[s] > 0]
        who = rng.choice(candidates)
        unknown.remove(obs.called)
        fixed[who].append(obs.called)
        need[who] -= 1
    pos = 0
    hands: list[tuple[Card, ...]] = []
    for s in range(n):
        hands.append(tuple(fixed[s]) + tuple(unknown[pos : pos + need[s]]))
        pos += need[s]
    stock = tuple(unknown[pos:])
    if on_table:
        assert briscola is not None
        stock = (*stock, briscola)
    if len(stock) != obs.stock_count:
        raise ValueError("the observation's counts do not add up to its ruleset's deck")
    return State(
        ruleset=rules,
        dealer=obs.dealer,
        deck=(),
        phase=obs.phase,
        hands=tuple(hands),
        stock=stock,
        briscola=briscola,
        trump=obs.trump,
        turn=obs.turn,
        leader=obs.leader,
        trick=obs.trick,
        tricks=obs.tricks,
        declarations=obs.declarations,
        exchanges=obs.exchanges,
        actions=obs.actions,
        auction=obs.auction,
        called=obs.called,
        revealed=obs.called is not None and obs.called in obs.played_cards(),
        signals=obs.signals,
        shown=shown_back(rules, obs.shown),
    )
