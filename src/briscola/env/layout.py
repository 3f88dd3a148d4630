"""The layout of the observation vector: its named blocks (:data:`LAYOUT`, one
:class:`Field` each: name, offset, size, meaning), declared once and read by the encoder
(:mod:`briscola.env.encoding`), the fast kernels' offsets and the table in ``docs/rl.md``.
Seats are relative to the observer; blocks sized for six seats (:data:`MAX_SEATS`) leave the
slots of absent seats at zero. No NumPy: it imports only the rules' constants.

>>> OBS_SIZE, field("hand").slice, field("trick").size
(798, slice(0, 40, None), 240)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from briscola.core.rules import MAX_BID_POINTS, MIN_BID_POINTS

__all__ = ["LAYOUT", "MAX_SEATS", "OBS_SIZE", "Field", "field", "layout_table"]

MAX_SEATS: Final = 6
"""The most seats any ruleset has; per-seat blocks have this many slots."""


@dataclass(frozen=True)
class Field:
    """One named block of the observation vector."""

    name: str
    offset: int
    size: int
    doc: str

    @property
    def slice(self) -> slice:
        """The block's positions in the vector."""
        return slice(self.offset, self.offset + self.size)


_SPEC: Final[tuple[tuple[str, int, str], ...]] = (
    ("hand", 40, "own hand, one-hot by card index"),
    (
        "known_hands",
        40 * (MAX_SEATS - 1),
        "for relative seats 1-5: 40 each, the cards known to "
        "be in that seat's hand (its whole hand when open, else publicly known cards: a drawn "
        "briscola, a card taken in an exchange, a declared Re and Cavallo)",
    ),
    (
        "open_hands",
        MAX_SEATS - 1,
        "for relative seats 1-5: 1 when that seat's whole hand is "
        "visible (briscola scoperta, partners in the end phase)",
    ),
    (
        "trick",
        40 * MAX_SEATS,
        "the current trick: for relative seats 0-5, 40 each, the card that seat has played to it",
    ),
    ("played", 40, "every card in a completed trick"),
    (
        "won_by_side",
        40,
        "cards in completed tricks taken by the observer's side (the seats known to be on it)",
    ),
    (
        "briscola",
        40,
        "the briscola card: the face-up card (even once drawn); in chiamata the "
        "called card once named",
    ),
    ("briscola_on_table", 1, "1 while the face-up briscola still lies under the stock"),
    ("trump", 4, "the trump suit, one-hot (c d s b)"),
    ("stock", 1, "cards left in the stock / deck size"),
    ("hand_counts", MAX_SEATS, "cards in hand per relative seat / hand size"),
    (
        "points",
        MAX_SEATS,
        "points taken per relative seat (tricks and declarations) / the most "
        "points a deal can hold (deck total, +100 with accusi)",
    ),
    ("side_points", 2, "points of the observer's known side, and of everybody else, same scale"),
    ("phase", 4, "auction, call, play, over, one-hot"),
    ("turn", MAX_SEATS, "the relative seat to act, one-hot (zero when the deal is over)"),
    (
        "leader",
        MAX_SEATS,
        "the relative seat that leads the current trick (or opened the auction), one-hot",
    ),
    ("dealer", MAX_SEATS, "the dealer's relative seat, one-hot"),
    ("partners", MAX_SEATS, "relative seats known to be on the observer's side (seat 0 included)"),
    ("opponents", MAX_SEATS, "relative seats known to be on another side"),
    ("tricks_visible", 1, "1 when the rules let the observer look through its side's tricks"),
    ("declared", 4, "suits whose Re and Cavallo have been declared (accuso), by suit"),
    ("exchanged", 1, "1 once the briscola has been exchanged"),
    ("players", 5, "number of players, one-hot over 2, 3, 4, 5, 6"),
    ("partnership", 3, "none, alternate seats, called partner, one-hot"),
    ("hand_size", 1, "cards dealt per hand / 10"),
    ("removed", 40, "cards taken out of the deck by the ruleset"),
    (
        "options",
        12,
        "ruleset flags: inversion, accusi, exchange two, exchange seven, open "
        "hands, tie replays, clockwise, partners see hands, tricks always visible, tricks visible "
        "in the end phase, points-only auction, caller leads",
    ),
    ("settlement", 2, "chiamata flags: bid multipliers, cappotto doubles"),
    ("caller", MAX_SEATS, "chiamata: the auction's winner, relative seat, one-hot"),
    ("bidder", MAX_SEATS, "chiamata: the seat of the standing bid, relative, one-hot"),
    ("bid_rank", 10, "chiamata: the standing bid's rank (the contract rank), by rank number"),
    (
        "bid_points",
        1,
        f"chiamata: (points of the standing bid - {MIN_BID_POINTS}) / "
        f"{MAX_BID_POINTS - MIN_BID_POINTS} once bids are on points",
    ),
    ("passed", MAX_SEATS, "chiamata: relative seats that have passed"),
    ("called", 40, "chiamata: the called card, one-hot"),
    ("partner_known", 1, "chiamata: 1 once the observer knows who the caller's partner is"),
)


def _build_layout() -> tuple[Field, ...]:
    out = []
    offset = 0
    for name, size, doc in _SPEC:
        out.append(Field(name, offset, size, doc))
        offset += size
    return tuple(out)


LAYOUT: Final[tuple[Field, ...]] = _build_layout()
"""The blocks of the observation vector, in order."""

OBS_SIZE: Final = LAYOUT[-1].offset + LAYOUT[-1].size
"""The length of the observation vector."""

_FIELDS: Final = {f.name: f for f in LAYOUT}


def field(name: str) -> Field:
    """The block of the vector with this name.

    >>> field("hand").slice
    slice(0, 40, None)
    """
    try:
        return _FIELDS[name]
    except KeyError:
        raise KeyError(f"no field {name!r}; fields: {', '.join(_FIELDS)}") from None


def layout_table() -> str:
    """The layout as a Markdown table (the one in ``docs/rl.md``)."""
    lines = ["| offset | size | field | meaning |", "|---:|---:|---|---|"]
    lines.extend(f"| {f.offset} | {f.size} | `{f.name}` | {f.doc} |" for f in LAYOUT)
    lines.append(f"| | **{OBS_SIZE}** | | total |")
    return "\n".join(lines)
