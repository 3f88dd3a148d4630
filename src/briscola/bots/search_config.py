"""The settings of the search levels: :class:`SearchConfig`, and hard's and the champion's.

>>> CHAMPION.solve_hand, CHAMPION_V1.solve_hand, HARD.anchor
(2, -1, True)
>>> from briscola.core.rules import preset
>>> CHAMPION.for_table(preset("six")).root_cards, CHAMPION.for_table(preset("pairs")).root_cards
(18, 12)
>>> HARD.for_table(preset("chiamata")).rollouts_multi, HARD.for_table(preset("six")).rollouts_multi
(0, 1400)
>>> alone = CHAMPION.for_table(preset("three"))
>>> alone.solve_hand, alone.anchor_multi, alone.infer_multi, alone.eps
(3, True, True, 0.25)
>>> alone == CHAMPION.for_table(preset("quattro"))
True
>>> v1 = replace(CHAMPION, rollouts=8000, solved_worlds=200, solve_hand=-1, root_hand=-1,
...              solved_worlds_multi=0, pairwise=False, auction_worlds=0, by_table=())
>>> v1 == CHAMPION_V1
True
>>> from dataclasses import fields
>>> sorted(_V1_SETTINGS) == sorted(f.name for f in fields(SearchConfig))  # every one pinned
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from briscola.core.option_types import Partnership
from briscola.core.rules import Ruleset

__all__ = ["CHAMPION", "CHAMPION_V1", "HARD", "SearchConfig", "table_kind"]


@dataclass(frozen=True)
class SearchConfig:
    """How a search level plays.

    ``rollouts``: worlds times candidates per move in two players (the budget),
    ``rollouts_multi`` with more players. ``policy``: the rollout policy (0 random, 1 the core's
    heuristic, 2 the medium level's rules). ``solve_stock``: in two players, rollouts hand over to
    the exact solver once the stock holds this many cards or fewer (-1: never). ``exact_stock``:
    in two players, with this many stock cards or fewer every world is enumerated and solved
    exactly (-1: never). ``max_worlds``: the most worlds enumerated. ``lam``: the weight of the
    point margin next to the win. Worlds are sampled ``batch`` at a time; from ``min_worlds`` on,
    a candidate ``z`` standard errors worse than the best is dropped. With ``infer`` (two
    players), the opponent's possible hands are weighed by its past plays
    (:func:`briscola.fast.search.pimc.hand_weights`, noise ``eps``; ``reps`` draws of its history
    for enumerated worlds, ``reps_sampled`` for sampled ones) and worlds drawn accordingly. With
    ``anchor`` the bot plays the medium level's move unless the search drops it (with a budget
    of 0, always: it does not search). With
    ``solved_stock`` cards or fewer in the stock (two players, above ``exact_stock``),
    ``solved_worlds`` sampled worlds per candidate are each solved exactly from the root.

    With more than two players: ``solve_hand``, once the stock is empty and no hand holds more
    than this many cards, rollouts play the exact endgame of the two sides
    (:mod:`briscola.fast.search.endgame`; -1: never); at a table of each for itself the
    searching seat's best order of its cards against the others' medium rules instead
    (:mod:`briscola.fast.search.respond`). With the stock empty at the root, no hand
    above ``root_hand`` cards and ``root_cards`` cards or fewer in all hands (or no hand above
    ``solve_hand``), ``solved_worlds_multi`` sampled worlds per candidate are each solved exactly
    from the root (0: the budget of ``rollouts_multi``). ``anchor_multi`` is ``anchor`` with
    more players. With ``infer_multi`` (more than two players, each for itself) every other
    seat's possible hands are weighed by its past plays, as ``infer`` does in two players, and
    the worlds drawn from the opponents' posteriors together
    (:func:`briscola.fast.search.pimc.joint_worlds`). With ``infer_bids`` (Briscola chiamata) the
    worlds give the caller the hand its winning bid says it holds
    (:func:`briscola.bots.search_bids.caller_worlds`).

    ``pairwise``: with every seat for itself (three players, four alone) a world is worth the
    share of the other seats beaten, each pairwise win with its margin, rather than the win over
    the best of them (:func:`briscola.fast.search.pimc.world_value`). ``auction_worlds``: in
    Briscola chiamata each bid, pass and call is tried on at most this many sampled deals
    (:mod:`briscola.bots.search_auction`; 0: the medium level's bids and call).

    ``net_plies``: in two players with more than ``solved_stock`` cards in the stock, and a
    network trained for the ruleset (the neural level's), the rollouts let the network play the
    first ``net_plies`` actions after the candidate, for whichever seat is to act, before the
    rollout policy (:mod:`briscola.bots.search_net`); with ``net_lead_only`` only on the moves
    that lead a trick (the opponent's reply is then the network's).

    ``fusion``: in two players with more than ``solved_stock`` cards in the stock, extended PIMC
    (:mod:`briscola.bots.search_fusion`): the ply after the candidate is chosen over its
    information set rather than by the rollout policy, as bits: 1 the opponent's reply to a
    lead, 2 the searching seat's own next lead after a reply that wins the trick (0: plain
    PIMC). Each sampled hand of the opponent is played with ``fusion_orders`` orders of the
    stock, the worlds it cannot tell apart.

    ``by_table``: settings that differ at one kind of table (:func:`table_kind`: ``alone``,
    more than two players each for itself; ``pairs``; ``six``; ``chiamata``), as pairs of the
    kind and its ``(name, value)`` changes; :meth:`for_table` gives the settings a table plays
    with.
    """

    rollouts: int = 16000
    rollouts_multi: int = 16000
    policy: int = 2
    solve_stock: int = 0
    exact_stock: int = 4
    max_worlds: int = 200
    lam: float = 0.25
    min_worlds: int = 64
    batch: int = 64
    z: float = 3.0
    infer: bool = True
    eps: float = 0.05
    reps: int = 16
    reps_sampled: int = 16
    anchor: bool = False
    solved_stock: int = 6
    solved_worlds: int = 400
    solve_hand: int = 2
    root_hand: int = 3
    root_cards: int = 12
    solved_worlds_multi: int = 200
    anchor_multi: bool = False
    infer_multi: bool = False
    infer_bids: bool = False
    pairwise: bool = True
    auction_worlds: int = 1000
    net_plies: int = 0
    net_lead_only: bool = False
    fusion: int = 0
    fusion_orders: int = 8
    by_table: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def for_table(self, rules: Ruleset) -> SearchConfig:
        """The settings at a table of ``rules``: ``by_table``'s changes for its kind applied."""
        kind = table_kind(rules)
        for name, changes in self.by_table:
            if name == kind:
                return replace(self, by_table=(), **dict(changes))
        return self


def table_kind(rules: Ruleset) -> str:
    """The kind of table whose settings may differ (:attr:`SearchConfig.by_table`): ``two``,
    ``alone`` (more than two players, each for itself: three, quattro), ``pairs``, ``six``
    (two teams of two or three) or ``chiamata`` (the called partner)."""
    if rules.players == 2:
        return "two"
    if rules.partnership is Partnership.NONE:
        return "alone"
    if rules.partnership is Partnership.CALLED:
        return "chiamata"
    return "pairs" if rules.players == 4 else "six"


ALONE = (
    ("anchor_multi", True),
    ("solve_hand", 3),
    ("solved_worlds_multi", 0),
    ("infer_multi", True),
    ("eps", 0.25),
)
"""The champion's settings at a table of each for itself (three, quattro)."""

CHAMPION = SearchConfig(
    by_table=(
        ("alone", ALONE),
        ("six", (("root_cards", 18),)),
    )
)
"""The champion: the full search (in two players 16,000 rollouts a move and 400 exactly solved
worlds a candidate with a short stock, twice champion-v1's since 5 December: docs/levels.md),
with the exact endgame of the two sides of a team game and its auction searched in Briscola
chiamata; with more than two players each for itself (three, quattro) it values a deal by the
share of the others beaten, keeps the medium level's move unless the search drops it, draws its
worlds from every opponent's past plays (the medium rules trusted at 0.75) and plays the last
three tricks as its best order of its cards against the others' medium rules; in six players
the last three tricks are solved exactly from the root (docs/levels.md)."""

_V1_SETTINGS: dict[str, Any] = {
    "rollouts": 8000, "rollouts_multi": 16000, "policy": 2, "solve_stock": 0, "exact_stock": 4,
    "max_worlds": 200, "lam": 0.25, "min_worlds": 64, "batch": 64, "z": 3.0, "infer": True,
    "eps": 0.05, "reps": 16, "reps_sampled": 16, "anchor": False, "solved_stock": 6,
    "solved_worlds": 200, "solve_hand": -1, "root_hand": -1, "root_cards": 12,
    "solved_worlds_multi": 0, "anchor_multi": False, "infer_multi": False, "infer_bids": False,
    "pairwise": False, "auction_worlds": 0, "net_plies": 0, "net_lead_only": False,
    "fusion": 0, "fusion_orders": 8,
    "by_table": (),
}  # fmt: skip
CHAMPION_V1 = SearchConfig(**_V1_SETTINGS)
"""The champion of 2026-12-01, every setting pinned: the frozen baseline ``champion-v1`` that
later changes to :data:`CHAMPION` are measured against (with more than two players it searches
without the exact endgame)."""

HARD = replace(
    CHAMPION_V1,
    rollouts=200,
    rollouts_multi=1400,
    exact_stock=0,
    infer=False,
    anchor=True,
    anchor_multi=True,
    solved_stock=-1,
    auction_worlds=300,
    by_table=(("chiamata", (("rollouts_multi", 0),)),),
)
"""The hard level: a short search, anchored on the medium level's move; in Briscola chiamata it
searches its bids and call over 300 deals a candidate and plays the medium level's cards (no card
search: with it, hard was within 3 points of the champion, docs/lab/chiamata.md)."""
