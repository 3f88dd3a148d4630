"""A hint during play: the champion's choice for the seat to act and why, in a few words.

The hint reads only the seat's observation (:func:`briscola.analysis.evaluation.evaluate`), so
it can never reveal a hidden card; its reason names the actions and their win probabilities,
a card by its full name in the language asked (Italian with its article: "il Fante di coppe").

>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=5)
>>> tip = hint(observe(state, state.turn), budget=16, seed=1)
>>> tip.best in state.legal_actions()
True
>>> tip.reason("en").startswith(f"Play the {tip.best.card.name('en')}: you win")
True
>>> from briscola.core.cards import Card
>>> _action_words(Play(Card.parse("Ad")), "it"), _action_words(Play(Card.parse("Fc")), "it")
("l'Asso di denari", 'il Fante di coppe')
>>> _action_words(Play(Card.parse("Fc")), "ro", article=False)
'Valet de coppe'
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.analysis.deal import judge
from briscola.analysis.evaluation import DEFAULT_BUDGET, ActionValue, evaluate
from briscola.core.actions import Action, Play
from briscola.core.observation import Observation
from briscola.i18n import t

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """The best action and the values it was chosen from (best first)."""

    best: Action
    values: tuple[ActionValue, ...]

    def reason(self, lang: str = "it") -> str:
        """The hint in a few words: the best action's win probability against the others'."""
        head = self.values[0]
        verb = "analysis.hint.play" if isinstance(self.best, Play) else "analysis.hint.do"
        text = t(verb, lang, action=_action_words(self.best, lang), win=_percent(head.win))
        if len(self.values) == 1:
            return text + " " + t("analysis.hint.only", lang)
        others = ", ".join(
            f"{_action_words(v.action, lang, article=False)} {_percent(v.win)}"
            for v in self.values[1:]
        )
        return text + " " + t("analysis.hint.others", lang, others=others)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data: the best action and every action's value, best first."""
        return {"best": str(self.best), "actions": [v.to_dict() for v in self.values]}


def _action_words(action: Action, lang: str, article: bool = True) -> str:
    """A card played by its full name (with the article, if asked), any other action as written."""
    if not isinstance(action, Play):
        return str(action)
    name = action.card.name(lang)
    if not article:
        return name
    key = "analysis.hint.card.vowel" if name[0].lower() in "aeiou" else "analysis.hint.card"
    return t(key, lang, card=name)


def _percent(p: float) -> str:
    return f"{round(100 * p)}%"


def hint(obs: Observation, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Hint:
    """The hint for ``obs``'s seat, whose turn it is in the play phase (ValueError otherwise)."""
    values = evaluate(obs, budget, seed)
    best = judge(values, values[0].action).best
    rest = sorted((v for v in values if v.action != best), key=lambda v: (-v.win, -v.margin))
    return Hint(best, (next(v for v in values if v.action == best), *rest))
