"""Partner signals in the terminal game: the command, the line of signs, the narration.

With the ``signals`` option the human may type ``segnale asso`` (``signal ace`` in English) at
their turn, before the card; the signs they may make are listed on one line under the moves (not
numbered: a sign is not a move that ends the turn). A partner's sign is told with its meaning, an
opponent's only as a sign, from the human's own observation.

>>> import io
>>> from rich.console import Console
>>> from briscola.apps.terminal.screen import Screen
>>> from briscola.core.rules import preset
>>> out = io.StringIO()
>>> screen = Screen(Console(file=out), "it", preset("pairs", signals=True), 0)
>>> sign_text(screen, SignalKind.ASSO), command_text(screen, SignalKind.ASSO)
("ho l'asso", 'segnale asso')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from briscola.apps.terminal.i18n import t
from briscola.core.actions import Signal
from briscola.core.observation import Observation
from briscola.core.signals import SignalKind

if TYPE_CHECKING:
    from briscola.apps.terminal.narration import Moment
    from briscola.apps.terminal.screen import Screen
    from briscola.session.events import SignalledEvent

__all__ = ["command_text", "sign_text", "signal_problem", "signs_line", "tell_signal"]


def sign_text(screen: Screen, kind: SignalKind) -> str:
    """A sign as a player says it (``ho l'asso``)."""
    return screen.t(f"sign.{kind.value}")


def command_text(screen: Screen, kind: SignalKind) -> str:
    """The command that makes a sign, in the human's language (``segnale asso``)."""
    return screen.t("cmd.signal", sign=screen.t(f"sign.word.{kind.value}"))


def signs_line(screen: Screen, obs: Observation) -> Text | None:
    """The line listing the signs the human may make now, or None when there are none."""
    kinds = [a.kind for a in obs.legal if isinstance(a, Signal) and a.kind is not None]
    if not kinds:
        return None
    signs = " · ".join(f"{command_text(screen, k)} ({sign_text(screen, k)})" for k in kinds)
    return Text("  " + screen.t("signs.line", signs=signs), style="dim")


def tell_signal(screen: Screen, event: SignalledEvent, moment: Moment) -> None:
    """A ``signalled`` event: the meaning when the human may see it, else only that a sign was
    made."""
    seat, trick = event.seat, event.trick
    after = moment.after
    kinds = (
        []
        if after is None
        else [s.kind for s in after.signals if s.seat == seat and s.trick == trick]
    )
    kind = kinds[-1] if kinds else None
    who = screen.name(seat)
    if kind is None:
        screen.say("say.signal", who=who)
    elif seat == screen.human:
        screen.say("say.signal.you", sign=sign_text(screen, kind))
    else:
        screen.say("say.signal.partner", who=who, sign=sign_text(screen, kind))


def signal_problem(action: Signal, obs: Observation, lang: str) -> tuple[str, dict[str, str]]:
    """Why the human may not make this sign now: a message key and its arguments.

    >>> from briscola.core.game import new_game
    >>> from briscola.core.observation import observe
    >>> from briscola.core.rules import preset
    >>> obs = observe(new_game(preset("pairs"), seed=1), 0)
    >>> signal_problem(Signal(SignalKind.CARICA), obs, "it")
    ('err.signal_off', {})
    """
    if not obs.ruleset.signals:
        return "err.signal_off", {}
    trick = len(obs.tricks)
    if any(s.seat == obs.seat and s.trick == trick for s in obs.signals):
        return "err.signal_once", {}
    kind = action.kind or SignalKind.ASSO
    return "err.signal_untrue", {"sign": t(f"sign.{kind.value}", lang)}
