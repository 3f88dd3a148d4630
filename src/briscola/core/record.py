"""Game records: a deal as data (ruleset, dealer, deck order, actions), to and from JSON; replay.

>>> from briscola.core.game import new_game
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=3)
>>> for _ in range(5):
...     state = state.apply(state.legal_actions()[-1])
>>> rec = GameRecord.from_state(state)
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> rec.replay() == state, rec.replay(2).actions == state.actions[:2]
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from briscola.core.actions import Action, ActionParseError, parse_action
from briscola.core.cards import Card, CardParseError, format_cards, parse_cards
from briscola.core.game import IllegalActionError, State, new_game
from briscola.core.rules import Ruleset, RulesetError

__all__ = ["FORMAT", "GameRecord", "RecordError"]

FORMAT = "briscola-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed, with what is wrong and where."""


@dataclass(frozen=True)
class GameRecord:
    """One deal as data: enough to replay it exactly."""

    ruleset: Ruleset
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        """The record of the deal that led to ``state`` (dealt, not determinized)."""
        if not state.deck:
            raise RecordError("this state was not dealt from a deck (a determinization?)")
        return cls(state.ruleset, state.dealer, state.deck, state.actions)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default)."""
        actions = self.actions if upto is None else self.actions[:upto]
        if upto is not None and not 0 <= upto <= len(self.actions):
            raise RecordError(f"the record has {len(self.actions)} actions, not {upto}")
        state = new_game(self.ruleset, deck=self.deck, dealer=self.dealer)
        for i, action in enumerate(actions):
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"action {i + 1} ({action}) is illegal: {exc}") from None
        return state

    def states(self) -> list[State]:
        """Every state of the deal, from the deal (index 0) to after the last action."""
        state = new_game(self.ruleset, deck=self.deck, dealer=self.dealer)
        out = [state]
        for action in self.actions:
            state = state.apply(action)
            out.append(state)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data; the final result is included when the deal is over."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset.to_dict(),
            "dealer": self.dealer,
            "deck": format_cards(self.deck),
            "actions": [str(a) for a in self.actions],
        }
        final = self.replay()
        if final.is_over:
            res = final.result()
            data["result"] = {
                "seat_points": list(res.seat_points),
                "team_points": list(res.team_points),
                "winners": list(res.winners),
                "replay": res.replay,
                "units": list(res.units),
            }
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as a JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from :meth:`to_dict`'s data. A stored result is checked against the replay."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a game record: expected an object with format {FORMAT!r}")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported")
        try:
            ruleset = Ruleset.from_dict(data["ruleset"])
            dealer = data["dealer"]
            if not isinstance(dealer, int) or isinstance(dealer, bool):
                raise RecordError(f"dealer must be a seat number, not {dealer!r}")
            deck = parse_cards(str(data["deck"]))
            actions = tuple(parse_action(str(a)) for a in data["actions"])
        except KeyError as exc:
            raise RecordError(f"the record has no {exc.args[0]!r}") from None
        except (RulesetError, CardParseError, ActionParseError) as exc:
            raise RecordError(str(exc)) from None
        record = cls(ruleset, dealer, deck, actions)
        try:
            final = record.replay()
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        if "result" in data:
            if not final.is_over:
                raise RecordError("the record claims a result, but its deal is not over")
            stored = data["result"]
            if not isinstance(stored, dict):
                raise RecordError(f"the stored result must be an object, not {stored!r}")
            replayed = record.to_dict()["result"]
            for key, value in replayed.items():
                if key in stored and stored[key] != value:
                    raise RecordError(
                        f"the stored result's {key} {stored[key]} does not match the replay {value}"
                    )
        return record

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """A record from a JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_dict(data)
