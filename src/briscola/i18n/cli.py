"""The command line's own words (usage, help, errors) in the user's language (the i18n layer:
the score keeper's command line and the ``briscola`` command both use it).

Typer's help and errors are English: "Usage:", "Show this message and exit.", "No such option",
"Missing argument", the panels "Options" and "Error". This module says them in Italian or English,
through the hooks Typer offers: the strings of ``typer.rich_utils`` (its fixed strings, there to
be set), a group class (``typer.Typer(cls=LocalizedGroup)``) whose ``main`` renders the errors
(from the exception's type and fields, never by parsing printed output), a context whose help
formatter writes the usage line, and the help option's text.

Our own words are the catalogs' too: a command's help and each option's come from the key
``terminal.cli.help.<root>.<command>[.<param>]`` (``help.briscola.play.seat``; an option that
every command of a group shares, ``help.<root>.common.<param>``), set on the command tree when the
group runs, before Click formats anything (the text in the source, if any, stays only where the
catalog has no key; ``tests/terminal/test_cli_help.py`` proves none is missing). A group may fill
the templates (:meth:`LocalizedGroup.help_values`: the presets, the bots...) and reword the
messages of errors it raises from other layers (:attr:`LocalizedGroup.reword`).

The language is the command line's ``--lang`` (anywhere on the line), else ``$BRISCOLA_LANG``,
else Italian, the default of every ``--lang`` option:

>>> cli_lang(["play", "--lang", "en"], {}), cli_lang(["score", "--lang=en"], {})
('en', 'en')
>>> cli_lang(["play"], {"BRISCOLA_LANG": "en"}), cli_lang(["play"], {}), cli_lang(["--lang"], {})
('en', 'it', 'it')
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, NoReturn

import typer
from rich.console import Console
from rich.panel import Panel
from typer import rich_utils
from typer._click import exceptions as click_errors
from typer._click.core import Command, Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup

from briscola.i18n import CATALOGS, LANGS
from briscola.i18n import t as _t

__all__ = [
    "ENV_VAR",
    "HELP",
    "LocalizedGroup",
    "cli_lang",
    "current_lang",
    "error_text",
    "help_text",
    "localize",
    "t",
    "typer_app",
]

ENV_VAR: Final = "BRISCOLA_LANG"
"""The environment variable that chooses the language when the command line does not."""
DEFAULT: Final = "it"

HELP: Final = "terminal.cli.help."
"""The prefix of the help texts' keys: ``HELP + "briscola.play.seat"``."""

_state = {"lang": DEFAULT}
_reword: list[Callable[[str], str]] = []  # the running group's rewording of other layers' errors


def t(key: str, lang: str | None = None, /, **params: object) -> str:
    """A message of the command line (``terminal.cli.KEY``) in ``lang`` (default: the current)."""
    return _t("terminal.cli." + key, lang or _state["lang"], **params)


def current_lang() -> str:
    """The language the command line speaks now (set by :func:`localize`)."""
    return _state["lang"]


def cli_lang(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of a command line: its ``--lang``, else ``$BRISCOLA_LANG``, else Italian (an
    unknown value counts as none: the command itself then says it is wrong)."""
    for i, word in enumerate(argv):
        value = None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
        if value in LANGS:
            return value
    env = environ.get(ENV_VAR, "")
    return env if env in LANGS else DEFAULT


def localize(lang: str) -> None:
    """Say Typer's fixed strings (panel titles, the help hint, defaults) in ``lang``."""
    _state["lang"] = lang
    rich_utils.ARGUMENTS_PANEL_TITLE = t("arguments")
    rich_utils.OPTIONS_PANEL_TITLE = t("options")
    rich_utils.COMMANDS_PANEL_TITLE = t("commands")
    rich_utils.ERRORS_PANEL_TITLE = t("error")
    rich_utils.ABORTED_TEXT = t("aborted")
    rich_utils.RICH_HELP = t("try_help", command="[blue]'{command_path} {help_option}'[/]")
    rich_utils.DEFAULT_STRING = t("default", value="{}")
    rich_utils.ENVVAR_STRING = t("envvar", name="{}")
    rich_utils.REQUIRED_LONG_STRING = t("required")
    rich_utils.DEPRECATED_STRING = t("deprecated") + " "


class _Formatter(HelpFormatter):
    """Click's help formatter with the usage line's ``Usage:`` in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, t("usage") + " " if prefix is None else prefix)


class _Context(Context):
    formatter_class = _Formatter


def help_text(key: str, values: Mapping[str, object] | None = None) -> str | None:
    """The help text ``HELP + key`` in the current language, filled from ``values``; None when
    the catalogs have no such key.

    >>> localize("en"); help_text("briscola.play.seat"), help_text("briscola.no.such")
    ('Your seat, from 0.', None)
    >>> localize("it"); help_text("briscola.play.seat")
    'Il tuo posto, da 0.'
    """
    if HELP + key not in CATALOGS[_state["lang"]]:
        return None
    return t("help." + key, **(values or {}))


def _localize_help(command: Command, path: str, values: Mapping[str, object]) -> None:
    """The help of ``command`` (at ``path``, ``briscola.play``) and of its parameters, from the
    catalogs where they have a key."""
    text = help_text(path, values)
    if text is not None:
        command.help, command.short_help = text, None
    common = path.split(".")[0] + ".common."
    for param in command.params:
        if param.name is None or not hasattr(param, "help"):
            continue
        text = help_text(f"{path}.{param.name}", values) or help_text(common + param.name, values)
        if text is not None:
            param.help = text


def _localize_commands(
    command: Command, path: str = "", values: Mapping[str, object] | None = None
) -> None:
    """Every command of the tree: the usage line, the help option and the help texts in the
    current language."""
    path = path or command.name or ""
    _localize_help(command, path, values or {})
    command.context_class = _Context
    command.options_metavar = t("options_metavar")
    if hasattr(command, "subcommand_metavar"):
        command.subcommand_metavar = t("subcommand_metavar")
    ctx = _Context(command, **command.context_settings)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        help_option.help = t("help_option")
    for name, sub in getattr(command, "commands", {}).items():
        _localize_commands(sub, f"{path}.{name}", values)


# Messages Typer writes as plain text (ctx.fail and the parser): their pattern and message key.
_PLAIN: Final = (
    (re.compile(r"No such command '(?P<name>.*)'\.$"), "no_such_command"),
    (re.compile(r"Missing command\.$"), "missing_command"),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)$"), "extra_args"),
    (re.compile(r"Option '(?P<name>.*)' requires an argument\.$"), "needs_value"),
    (re.compile(r"Option '(?P<name>.*)' requires (?P<n>\d+) arguments\.$"), "needs_values"),
    (re.compile(r"Option '(?P<name>.*)' does not take a value\.$"), "takes_no_value"),
    (re.compile(r"Input should be a valid integer.*"), "not_integer"),
    (re.compile(r"Input should be a valid number.*"), "not_number"),
    (re.compile(r"Input should be a valid boolean.*"), "not_boolean"),
)


def _plain(message: str) -> str:
    """A plain Typer message in the current language (as it is when no pattern knows it)."""
    for pattern, key in _PLAIN:
        found = pattern.match(message)
        if found:
            return t(key, **found.groupdict())
    return message


def _hint(error: click_errors.BadParameter) -> str:
    """The parameter an error is about, as Typer names it (``'--seat'``, ``'SHEET'``)."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint()
    if hint is None or isinstance(hint, str):
        return hint or ""
    return " / ".join(repr(x) for x in hint)


# Options a player reaches for under another name: the name typed, the command's own option
# (``briscola play --level x`` means ``--opponent x``; Click's suggestions, spelled near the word
# typed, were ``--help, --seed``).
_MEANT = {"--level": "--opponent", "--bot": "--opponent", "--livello": "--opponent"}


def _possible(error: click_errors.NoSuchOption) -> list[str]:
    """The options to suggest: the one meant where the word typed is a known other name of an
    option the command has, else Click's, spelled near it."""
    meant = _MEANT.get(error.option_name)
    command = error.ctx.command if error.ctx is not None else None
    if meant and command is not None and any(meant in p.opts for p in command.params):
        return [meant]
    return sorted(error.possibilities or ())


def error_text(error: click_errors.ClickException) -> str:
    """A command-line error's message in the current language, from its type and fields."""
    if isinstance(error, click_errors.NoSuchOption):
        text = t("no_such_option", name=error.option_name)
        possible = _possible(error)
        if possible:
            text += " " + t("possible", options=", ".join(possible))
        return text
    if isinstance(error, click_errors.MissingParameter):
        param = error.param
        kind = error.param_type or (param.param_type_name if param is not None else "parameter")
        key = {"argument": "missing_argument", "option": "missing_option"}.get(kind, "missing")
        return t(key, name=_hint(error))
    if isinstance(error, click_errors.BadParameter):
        hint, message = _hint(error), _plain(error.message)
        for reword in _reword:
            message = reword(message)
        return t("bad_value", name=hint, message=message) if hint else message
    return _plain(error.format_message())


def _show(error: click_errors.ClickException) -> None:
    """Print an error as Typer does (usage, the help hint, a red panel), in the language."""
    console = Console(stderr=True, highlight=False)
    ctx: Context | None = getattr(error, "ctx", None)
    if ctx is not None:
        console.print(ctx.get_usage(), style=rich_utils.STYLE_USAGE_COMMAND, markup=False)
        if ctx.command.get_help_option(ctx) is not None:
            hint = f"'{ctx.command_path} {ctx.help_option_names[0]}'"
            console.print(t("try_help", command=hint), style=rich_utils.STYLE_ERRORS_SUGGESTION)
    console.print(
        Panel(
            error_text(error),
            border_style=rich_utils.STYLE_ERRORS_PANEL_BORDER,
            title=rich_utils.ERRORS_PANEL_TITLE,
            title_align=rich_utils.ALIGN_ERRORS_PANEL,
        )
    )


class LocalizedGroup(TyperGroup):
    """A Typer group whose usage, help and errors are in the command line's language.

    ``main`` picks the language (:func:`cli_lang`) and sets the words (the help texts from the
    catalogs, filled from :meth:`help_values`); an error while reading the command line (this
    group's or a subcommand's) is shown in words, then ends the run with its exit status, as
    Typer would. A subclass may set :attr:`reword`: a function that puts the English message of
    an error from another layer (a ``BadParameter(str(exc))``) in the current language.
    """

    reword: ClassVar[Callable[[str], str] | None] = None

    def help_values(self) -> Mapping[str, object]:
        """The values the help templates of this group's tree may name (none here)."""
        return {}

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        """Run the command line (see :class:`typer.core.TyperGroup`), in its language."""
        argv = list(sys.argv[1:] if args is None else args)
        localize(cli_lang(argv, os.environ))
        _localize_commands(self, values=self.help_values())
        reword = type(self).reword
        _reword[:] = [] if reword is None else [reword]
        return super().main(argv, *rest, **extra)

    def make_context(self, *args: Any, **extra: Any) -> Context:
        """The group's context; a command-line error is shown in words."""
        try:
            return super().make_context(*args, **extra)
        except click_errors.ClickException as error:
            _fail(error)

    def invoke(self, ctx: Context) -> Any:
        """Run the subcommand; a command-line error is shown in words."""
        try:
            return super().invoke(ctx)
        except click_errors.ClickException as error:
            _fail(error)


def _fail(error: click_errors.ClickException) -> NoReturn:
    """Show ``error`` in words and end with its status (the help asked by no arguments is
    Typer's to show: it goes on)."""
    if isinstance(error, click_errors.NoArgsIsHelpError):
        raise error
    _show(error)
    raise typer.Exit(error.exit_code) from None


def typer_app(**kwargs: Any) -> typer.Typer:
    """A :class:`typer.Typer` app whose command line speaks the user's language."""
    return typer.Typer(cls=LocalizedGroup, **kwargs)
