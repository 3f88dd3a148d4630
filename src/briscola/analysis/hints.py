"""A hint during play: the champion's choice for the seat to act and why, in a few words.

The hint reads only the seat's observation (:func:`briscola.analysis.evaluation.evaluate`), so
it can never reveal a hidden card; its reason names the actions and their win probabilities,
in words in the language asked: a card by its full name (Italian with its article: "il Fante di
coppe"), an accuso by its suit ("Dichiara l'accuso di Re e Cavallo di coppe"), the exchange of the
briscola by the card given and the card taken ("Scambia il Sette di denari con la briscola, il Re
di denari"). Partner signs are not searched (a deal with the ``signals`` option gets no hint),
so a sign, like any action without words, keeps its notation.

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
>>> from briscola.core.cards import Suit
>>> _action_words(Declare(Suit.COPPE), "it")
'accuso di Re e Cavallo di coppe'
>>> _action_words(ExchangeBriscola(), "en", exchange=(Card.parse("7d"), Card.parse("Rd")))
'exchanging the briscola (Seven of coins for King of coins)'
"""

from __future__ import annotations

from dataclasses import dataclass

from briscola.analysis.deal import judge
from briscola.analysis.evaluation import DEFAULT_BUDGET, ActionValue, evaluate
from briscola.core.actions import Action, Declare, ExchangeBriscola, Play
from briscola.core.cards import Card, Rank
from briscola.core.observation import Observation
from briscola.core.rules import Exchange
from briscola.i18n import t

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """The best action and the values it was chosen from (best first); ``exchange``, when the
    exchange of the briscola is among them, the card it gives and the face-up card it takes."""

    best: Action
    values: tuple[ActionValue, ...]
    exchange: tuple[Card, Card] | None = None

    def reason(self, lang: str = "it") -> str:
        """The hint in a few words: the best action's win probability against the others'."""
        head = self.values[0]
        text = _head(self.best, lang, _percent(head.win), self.exchange)
        if len(self.values) == 1:
            return text + " " + t("analysis.hint.only", lang)
        others = ", ".join(
            f"{_action_words(v.action, lang, article=False, exchange=self.exchange)} "
            f"{_percent(v.win)}"
            for v in self.values[1:]
        )
        return text + " " + t("analysis.hint.others", lang, others=others)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready data: the best action and every action's value, best first."""
        return {"best": str(self.best), "actions": [v.to_dict() for v in self.values]}


def _head(action: Action, lang: str, win: str, exchange: tuple[Card, Card] | None) -> str:
    """The hint's first sentence: what to do, with its own verb, and how often it wins."""
    if isinstance(action, Play):
        return t("analysis.hint.play", lang, action=_card_words(action.card, lang), win=win)
    if isinstance(action, Declare):
        return t("analysis.hint.declare", lang, suit=action.suit.name_in(lang), win=win)
    if isinstance(action, ExchangeBriscola):
        if exchange is None:
            return t("analysis.hint.exchange.plain", lang, win=win)
        gave, took = (_card_words(c, lang) for c in exchange)
        return t("analysis.hint.exchange", lang, gave=gave, took=took, win=win)
    return t("analysis.hint.do", lang, action=_action_words(action, lang), win=win)


def _action_words(
    action: Action,
    lang: str,
    article: bool = True,
    exchange: tuple[Card, Card] | None = None,
) -> str:
    """An action in words, as one of the moves a hint lists: a card played by its full name
    (with the article, if asked), an accuso by its suit, the exchange of the briscola by the
    card given and the card taken (``exchange``, when known); any other action as written."""
    if isinstance(action, Play):
        return _card_words(action.card, lang, article)
    if isinstance(action, Declare):
        return t("analysis.hint.move.declare", lang, suit=action.suit.name_in(lang))
    if isinstance(action, ExchangeBriscola):
        if exchange is None:
            return t("analysis.hint.move.exchange.plain", lang)
        gave, took = (c.name(lang) for c in exchange)
        return t("analysis.hint.move.exchange", lang, gave=gave, took=took)
    return str(action)


def _card_words(card: Card, lang: str, article: bool = True) -> str:
    """A card's full name, with its article if asked ("l'Asso di denari", "il Fante di coppe")."""
    name = card.name(lang)
    if not article:
        return name
    key = "analysis.hint.card.vowel" if name[0].lower() in "aeiou" else "analysis.hint.card"
    return t(key, lang, card=name)


def _exchange_cards(obs: Observation) -> tuple[Card, Card] | None:
    """The card the exchange of the briscola gives (the 2, or the 7, of trumps in hand) and the
    face-up briscola it takes, when the exchange is legal for ``obs``'s seat."""
    if obs.briscola is None or not any(isinstance(a, ExchangeBriscola) for a in obs.legal):
        return None
    rank = Rank.DUE if obs.ruleset.exchange is Exchange.TWO else Rank.SETTE
    return Card(obs.briscola.suit, rank), obs.briscola


def _percent(p: float) -> str:
    return f"{round(100 * p)}%"


def hint(obs: Observation, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Hint:
    """The hint for ``obs``'s seat, whose turn it is in the play phase (ValueError otherwise)."""
    values = evaluate(obs, budget, seed)
    best = judge(values, values[0].action).best
    rest = sorted((v for v in values if v.action != best), key=lambda v: (-v.win, -v.margin))
    head = next(v for v in values if v.action == best)
    return Hint(best, (head, *rest), _exchange_cards(obs))
