"""Partner signals at the full-screen table (the ``signals`` option, docs/signals.md).

At the human's turn, before the card, S opens a small chooser of the signs the rules offer now
(the four about the hand only when true, as in the line mode and the web); the chosen one is the
human's move ``Signal(kind)``, which does not pass the turn. What the others signed shows on their
seat for the trick being played, from the human's own observation only: a partner's sign with its
meaning, an opponent's as "ha fatto un segno" (the observation holds no meaning for it); the log
tells every sign as the line mode does.

>>> from briscola.apps.terminal.game import GameOptions
>>> from briscola.apps.terminal.tui.flow import TuiGame
>>> from briscola.core.rules import preset
>>> game = TuiGame(GameOptions(preset("pairs", signals=True), lang="it", seed=5, dealer=3))
>>> game.start()
>>> [label for _, label in sign_choices(game)]  # the human holds the Asso of trumps
["ho l'asso", 'ho briscole alte', 'carica', 'liscio']
>>> no_sign_reason(game) is None
True
"""

from __future__ import annotations

from rich.text import Text

from briscola.apps.terminal.i18n import t
from briscola.apps.terminal.signs import sign_text
from briscola.apps.terminal.tui.flow import MOVE, TuiGame
from briscola.core.actions import Signal
from briscola.core.game import Phase

__all__ = ["keys_line", "no_sign_reason", "seat_sign", "sign_choices"]


def sign_choices(game: TuiGame) -> list[tuple[Signal, str]]:
    """The signs the human may make now, each with its words (``ho l'asso``)."""
    if game.waiting != MOVE:
        return []
    return [
        (action, sign_text(game.words, action.kind))
        for action in game.obs.legal
        if isinstance(action, Signal) and action.kind is not None
    ]


def no_sign_reason(game: TuiGame) -> str | None:
    """Why the human may not make a sign now (in words), or None when it may."""
    obs = game.obs
    if not obs.ruleset.signals:
        return t("err.signal_off", game.lang)
    if sign_choices(game):
        return None
    if game.waiting != MOVE or obs.phase is not Phase.PLAY:
        return t("tui.sign.wait", game.lang)
    return t("err.signal_once", game.lang)  # a sign already made in this trick


def seat_sign(game: TuiGame, seat: int) -> str | None:
    """What ``seat`` signed in the trick being played, as the human may know it, or None."""
    obs = game.obs
    trick = len(obs.tricks)
    made = [s for s in obs.signals if s.seat == seat and s.trick == trick]
    if not made:
        return None
    kind = made[-1].kind
    if kind is None:  # an opponent's: only that a sign was made
        return t("tui.seat.signed", game.lang)
    return t("tui.seat.sign", game.lang, sign=sign_text(game.words, kind))


def keys_line(game: TuiGame) -> Text:
    """The keys at the foot of the table (S for a sign where the rules have signals)."""
    keys = t("tui.keys", game.lang)
    if game.table.ruleset.signals:
        keys += t("tui.keys.sign", game.lang)
    return Text(keys, style="dim")
