"""What the terminal game says besides the table (issue 14): one's own tricks when the rules let
a player look through them, the points count a player may switch on (off by default: counting
from memory is the game's skill), the commands of the game being played, the options in words
at the start, and the computer's description fitting the game.

>>> from rich.console import Console
>>> from briscola.core.rules import preset
>>> screen = Screen(Console(), "it", preset("classic", inversion=True), 0)
>>> print(commands(screen))
una carta (es. Ad = Asso di denari) o il suo numero · prese (le tue prese, pescata l'ultima \
carta) · punti (conteggio dei punti: acceso o spento) · aiuto · esci
>>> option_lines(screen)[0]  # doctest: +ELLIPSIS
'Tre e sette invertiti: sì. Il 7 prende il posto del 3: seconda carta per forza e 10 punti; ...'
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from briscola.apps.terminal.screen import Screen
from briscola.core.cards import format_cards
from briscola.core.observation import Observation
from briscola.core.options import OPTIONS, Option
from briscola.core.rules import Exchange, Partnership, TricksVisible, preset

__all__ = [
    "HELP_COMMANDS",
    "bot_description",
    "commands",
    "option_lines",
    "option_values",
    "removed_line",
    "show_tricks",
    "toggle_points",
]

HELP_COMMANDS = (
    "play",
    "declare",
    "exchange",
    "auction",
    "auction_card",
    "signal",
    "tricks",
    "tricks_always",
    "points",
    "end",
)
"""The parts of the help's commands line (``terminal.help.cmd.<part>``)."""


def commands(screen: Screen) -> str:
    """The commands of the game being played, in a line: only its moves, then the aids."""
    rules = screen.rules
    keys = ["play"]
    if rules.accusi:
        keys.append("declare")
    if rules.exchange is not Exchange.NONE:
        keys.append("exchange")
    if rules.partnership is Partnership.CALLED:
        keys.append("auction_card" if rules.call_card else "auction")
    if rules.signals:
        keys.append("signal")
    if rules.tricks_visible is TricksVisible.END_PHASE:
        keys.append("tricks")
    elif rules.tricks_visible is TricksVisible.ALWAYS:
        keys.append("tricks_always")
    keys += ["points", "end"]
    return " · ".join(screen.t(f"help.cmd.{key}") for key in keys)


def show_tricks(screen: Screen, obs: Observation) -> None:
    """The tricks the human's side has taken, if the rules let them look now; else why not."""
    if obs.ruleset.tricks_visible is TricksVisible.NEVER:
        screen.say("tricks.never")
        return
    if not obs.tricks_visible:
        screen.say("tricks.hidden")
        return
    tricks = obs.side_tricks()
    lines: list[Any] = []
    for trick in tricks:
        cards = format_cards(trick.cards())
        points = trick.points(obs.ruleset)
        lines.append(Text("  " + screen.t("tricks.line", cards=cards, points=points)))
    if not tricks:
        lines.append(Text("  " + screen.t("tricks.none")))
    total = sum(trick.points(obs.ruleset) for trick in tricks)
    lines.append(Text(screen.t("tricks.total", points=total), style="bold"))
    teams = obs.ruleset.partnership is Partnership.ALTERNATE
    screen.block(screen.t("tricks.title.side" if teams else "tricks.title"), lines)


def toggle_points(screen: Screen) -> None:
    """Switch the points count on or off, and say which."""
    screen.points_aid = not screen.points_aid
    screen.say("points.on" if screen.points_aid else "points.off")


def _value(screen: Screen, opt: Option, value: Any) -> str:
    if isinstance(value, bool):
        return screen.t("option.yes" if value else "option.no")
    if opt.kind == "cards":
        return ", ".join(f"{card} ({card.name(screen.lang)})" for card in value) or "-"
    return screen.t(f"option.value.{opt.to_json(value)}")


def option_values() -> set[str]:
    """Every value of the enum options a player may pick (their words are in the catalogs)."""
    return {str(v) for opt in OPTIONS if opt.enum is not None and opt.offered for v in opt.offered}


def option_lines(screen: Screen) -> list[str]:
    """The options that differ from the preset's, each with its title and value in words, and
    what it does (a yes/no option; an enum's value says it, its help names the command line's
    values)."""
    rules = screen.rules
    try:
        base = preset(rules.name)
    except ValueError:
        base = None
    lines = []
    for opt in OPTIONS:
        if not opt.offered:
            continue
        value = getattr(rules, opt.name)
        if base is not None and getattr(base, opt.name) == value:
            continue
        if base is None and value == opt.default:
            continue
        title, shown = opt.title.get(screen.lang), _value(screen, opt, value)
        if opt.kind == "bool":
            lines.append(
                screen.t("option.line", title=title, value=shown, help=opt.help.get(screen.lang))
            )
        else:
            lines.append(screen.t("option.value", title=title, value=shown))
    return lines


def removed_line(screen: Screen) -> str | None:
    """Which cards are out of the deck (three players: which 2), or None."""
    removed = screen.rules.removed
    if not removed:
        return None
    names = ", ".join(f"{card} ({card.name(screen.lang)})" for card in removed)
    return screen.t("removed", cards=names)


def bot_description(screen: Screen, name: str, description: str) -> str:
    """The computer's description, in words that fit the game: no partner where there is none."""
    if screen.rules.partnership is not Partnership.NONE:
        return description
    try:
        return screen.t(f"bot.{name}.solo")
    except KeyError:
        return description
