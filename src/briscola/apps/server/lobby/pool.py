"""The quick match's pool: who seeks what, and which seekers sit down together.

A seek waits in a *bucket*: people seek by (game kind, options, rated or casual); a bot account,
and a person who asked for bot accounts, in the bots' bucket of (game kind, options). In a
people's bucket, seekers of similar rating sit together: each accepts ratings within its
*window*, :func:`window` of the seconds it has waited (±100 at first, 50 wider every 5 s, at most
±500). A group (as many as the game has seats) is compatible when its highest and lowest
ratings differ by no more than the narrowest window among them; the oldest seeker is seated
first, with the compatible group of the smallest spread around it. In the bots' bucket a person
takes the bot accounts that wait there (the oldest first); seats left over go to computer
players. :func:`seat_order` balances partners by rating (a snake draft over the teams).

>>> e = [Entry(f"p{i}", "a", "people|classic|{}|casual", "classic", r, 0.0)
...      for i, r in enumerate([1500, 1900, 1560, 2300])]
>>> [[x.player for x in g.entries] for g in find_groups(e, now=1.0)]
[['p0', 'p2']]
>>> [[x.player for x in g.entries] for g in find_groups(e, now=25.0)]  # windows of ±300 by then
[['p0', 'p2']]
>>> sorted(x.player for g in find_groups(e[1:], now=25.0) for x in g.entries)
['p1', 'p2']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from briscola.core.rules import Ruleset, preset

__all__ = ["WINDOW_EVERY", "WINDOW_MAX", "WINDOW_START", "WINDOW_STEP", "Entry", "Group",
           "MemoryPool", "bucket_of", "find_groups", "seat_order", "window"]  # fmt: skip

WINDOW_START: Final = 100
"""Half the width of a new seek's rating window."""
WINDOW_STEP: Final = 50
"""How much wider (each side) the window grows every :data:`WINDOW_EVERY` seconds."""
WINDOW_EVERY: Final = 5.0
WINDOW_MAX: Final = 500
"""The widest half-window."""


def window(waited: float) -> int:
    """The half-width of the rating window after ``waited`` seconds.

    >>> window(0), window(4.9), window(5), window(12), window(3600)
    (100, 100, 150, 200, 500)
    """
    return min(WINDOW_MAX, WINDOW_START + WINDOW_STEP * int(max(0.0, waited) // WINDOW_EVERY))


def bucket_of(game: str, options: dict[str, Any], rated: bool, bots: bool) -> str:
    """The bucket of a seek: ``bots`` for a bot account or a person seeking bot accounts (rated
    or not, they wait together), else people's by rated or casual.

    >>> bucket_of("pairs", {"direction": "clockwise"}, True, False)
    'people|pairs|{"direction":"clockwise"}|rated'
    """
    opts = json.dumps(options, sort_keys=True, separators=(",", ":"))
    if bots:
        return f"bots|{game}|{opts}"
    return f"people|{game}|{opts}|{'rated' if rated else 'casual'}"


@dataclass(frozen=True)
class Entry:
    """One seek as the pool keeps it: ids and public terms only (it may cross Redis)."""

    player: str
    process: str
    bucket: str
    game: str
    rating: float
    since: float
    """When the seek was made (wall-clock seconds)."""
    bot: bool = False
    """A bot account's seek."""
    rated: bool = False
    lang: str = "it"

    def to_json(self) -> str:
        """The entry as JSON text."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> Entry:
        """The entry of :meth:`to_json`'s text."""
        return cls(**json.loads(text))

    def options(self) -> dict[str, Any]:
        """The game's options, as sought (the bucket's JSON).

        >>> Entry("p", "a", bucket_of("pairs", {"direction": "clockwise"}, True, False),
        ...       "pairs", 1500.0, 0.0).options()
        {'direction': 'clockwise'}
        """
        kind, _, rest = self.bucket.partition("|")
        text = rest.partition("|")[2]
        if kind == "people":
            text = text.rpartition("|")[0]
        opts: dict[str, Any] = json.loads(text)
        return opts


@dataclass(frozen=True)
class Group:
    """Seekers who sit down together, in seat order, and the seats left to computer players."""

    entries: tuple[Entry, ...]
    computers: int = 0

    @property
    def rated(self) -> bool:
        """Rated when every seeker (but bot accounts) asked for it and no computer sits."""
        people = [e for e in self.entries if not e.bot]
        return bool(people) and all(e.rated for e in people) and not self.computers


def _people_groups(entries: list[Entry], seats: int, now: float) -> list[Group]:
    by_rating = sorted(entries, key=lambda e: (e.rating, e.since))
    groups: list[Group] = []
    for oldest in sorted(entries, key=lambda e: e.since):
        if oldest not in by_rating:
            continue
        i = by_rating.index(oldest)
        best: tuple[float, int] | None = None
        for start in range(max(0, i - seats + 1), min(i, len(by_rating) - seats) + 1):
            group = by_rating[start : start + seats]
            spread = group[-1].rating - group[0].rating
            fits = spread <= min(window(now - e.since) for e in group)
            if fits and (best is None or spread < best[0]):
                best = (spread, start)
        if best is not None:
            group = by_rating[best[1] : best[1] + seats]
            del by_rating[best[1] : best[1] + seats]
            groups.append(Group(tuple(group)))
    return groups


def _bot_groups(entries: list[Entry], seats: int) -> list[Group]:
    bots = sorted((e for e in entries if e.bot), key=lambda e: e.since)
    groups = []
    for person in sorted((e for e in entries if not e.bot), key=lambda e: e.since):
        if not bots:
            break
        taken, bots = bots[: seats - 1], bots[seats - 1 :]
        groups.append(Group((person, *taken), computers=seats - 1 - len(taken)))
    return groups


def find_groups(entries: Iterable[Entry], now: float) -> list[Group]:
    """The groups to seat now among ``entries`` (each entry in one group at most)."""
    buckets: dict[str, list[Entry]] = {}
    for e in entries:
        buckets.setdefault(e.bucket, []).append(e)
    groups: list[Group] = []
    for bucket, waiting in buckets.items():
        seats = preset(waiting[0].game).players
        if bucket.startswith("bots|"):
            groups += _bot_groups(waiting, seats)
        else:
            groups += _people_groups(waiting, seats, now)
    return groups


def seat_order(entries: Sequence[Entry], ruleset: Ruleset) -> list[Entry | None]:
    """Each seat's seeker (None: a computer player's seat), partners balanced by rating: the
    seekers, best first, are drafted in snake order over the sides (A B B A A B...).

    >>> es = [Entry(p, "a", "b", "pairs", r, 0.0) for p, r in
    ...       [("w", 1500), ("x", 1800), ("y", 1600), ("z", 1700)]]
    >>> [e.player for e in seat_order(es, preset("pairs"))]  # x+w against z+y
    ['x', 'z', 'w', 'y']
    """
    n = ruleset.players
    sides = ruleset.team_count
    if sides >= n:  # every seat for itself: in the order they came
        return [*entries, *([None] * (n - len(entries)))]
    seats_of = [[s for s in range(n) if ruleset.team_of(s) == side] for side in range(sides)]
    best_first = sorted(entries, key=lambda e: -e.rating)
    order: list[Entry | None] = [None] * n
    for k, entry in enumerate(best_first):
        turn, step = divmod(k, sides)
        side = step if turn % 2 == 0 else sides - 1 - step
        free = [s for s in seats_of[side] if order[s] is None]
        if not free:
            free = [s for s in range(n) if order[s] is None]
        order[free[0]] = entry
    return order


class MemoryPool:
    """The pool of one process, in its memory (no Redis configured)."""

    def __init__(self) -> None:
        self.entries: dict[str, Entry] = {}

    async def add(self, entry: Entry) -> None:
        """Put (or replace) a player's seek."""
        self.entries[entry.player] = entry

    async def remove(self, player: str) -> bool:
        """Take a player's seek out: False when it was not there (seated meanwhile)."""
        return self.entries.pop(player, None) is not None

    async def take_groups(self, now: float) -> list[Group]:
        """The groups to seat now, out of the pool."""
        groups = find_groups(list(self.entries.values()), now)
        for group in groups:
            for e in group.entries:
                del self.entries[e.player]
        return groups

    async def searching(self) -> int:
        """How many seek now."""
        return len(self.entries)

    async def close(self) -> None:
        """Nothing to let go."""
