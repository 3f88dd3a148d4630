"""The score sheet on a terminal, with Rich: the table of competitors and the lines under it
(the win, a draw, the match standing), the list of sheets and the history of games.

>>> from rich.console import Console
>>> from briscola.scorekeeper import Sheet
>>> sheet = Sheet("Sera", ["Anna", "Bruno"])
>>> sheet.set_total("Anna", 61)
>>> console = Console(width=60, color_system=None)
>>> with console.capture() as capture:
...     console.print(sheet_view(sheet, "en"))
>>> "Anna WINS game 1!" in capture.get()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from briscola.scorekeeper.messages import DEFAULT_LANG, t
from briscola.scorekeeper.model import Sheet
from briscola.scorekeeper.store import SheetInfo
from briscola.scorekeeper.terms import Competitor, FormatKind, GameEntry, Outcome

__all__ = [
    "TROPHY",
    "history_table",
    "sheet_lines",
    "sheet_table",
    "sheet_view",
    "sheets_table",
    "shown_name",
    "win_key",
]

TROPHY = "🏆"
"""The mark of won games, shown with their count next to a competitor's name."""


def _dash(values: Sequence[int]) -> str:
    """``70-50``, or ``4, -2, -2`` when a value is negative."""
    return ("-" if min(values) >= 0 else ", ").join(str(v) for v in values)


def shown_name(person: Competitor, lang: str = DEFAULT_LANG) -> str:
    """A competitor's name in ``lang``: a pair named after its members joins them in words.

    >>> shown_name(Competitor.parse("Anna+Bruno"), "it"), shown_name(Competitor("Anna"), "en")
    ('Anna e Bruno', 'Anna')
    """
    if person.is_pair and person.name == " & ".join(person.members):
        return t("ui.pair_join", lang).join(person.members)
    return person.name


def win_key(key: str, person: Competitor | None) -> str:
    """``key`` or its plural form, as the winner is one player or a pair ("Noi", "Anna e Bruno").

    >>> win_key("win", Competitor.parse("Noi=Anna+Bruno")), win_key("win", Competitor("Anna"))
    ('win.plural', 'win')
    """
    return f"{key}.plural" if person is not None and person.is_pair else key


def _by_name(sheet: Sheet, name: str | None) -> Competitor | None:
    return next((c for c in sheet.competitors if c.name == name), None)


def _shown(sheet: Sheet, name: str | None, lang: str) -> str:
    """A name from the history, in words when it is still a competitor's."""
    person = _by_name(sheet, name)
    return shown_name(person, lang) if person is not None else name or ""


def sheet_table(sheet: Sheet, lang: str = DEFAULT_LANG) -> Table:
    """The competitors with their points, trophies, match wins and a WIN or DRAW marker."""
    multi = not sheet.target.single_deal
    best_of = sheet.format.kind is not FormatKind.SINGLE
    caption = t(
        "ui.caption", lang, target=sheet.target.describe(lang), format=sheet.format.describe(lang)
    )
    if sheet.declarations:
        caption += f" · {t('ui.with_declarations', lang)}"
    table = Table(
        title=t("ui.title", lang, name=sheet.name, game=sheet.game_number),
        caption=caption,
    )
    table.add_column("#", justify="right")
    table.add_column(t("ui.competitor", lang))
    unit = t("ui.points" if sheet.target.counts_points else "ui.units", lang)
    if multi:
        table.add_column(t("ui.deal", lang, n=len(sheet.deals)), justify="right")
        table.add_column(f"{t('ui.total', lang)} ({unit.lower()})", justify="right")
    else:
        table.add_column(unit, justify="right")
    if best_of:
        table.add_column(t("ui.match", lang), justify="right")
    table.add_column(t("ui.status", lang))
    outcome, winner = sheet.outcome, sheet.winner
    top = max(sheet.totals)
    for i, (person, total) in enumerate(zip(sheet.competitors, sheet.totals, strict=True)):
        name = shown_name(person, lang)
        if person.is_pair and person.name != " & ".join(person.members):
            name += f" ({t('ui.pair_join', lang).join(person.members)})"
        if person.trophies:
            name += f"  {TROPHY} {person.trophies}"
        row: list[RenderableType] = [str(i + 1), Text(name)]
        if multi:
            row.append(str(sheet.deal_points[i]))
        row.append(Text(str(total), style="bold"))
        if best_of:
            row.append(str(sheet.standing[i]))
        if i == winner:
            mark = t(win_key("ui.win_mark", person), lang)
            row.append(Text(f"★ {mark}", style="bold green"))
        elif outcome is Outcome.DRAW and total == top:
            row.append(Text(t("draw", lang), style="bold yellow"))
        else:
            row.append("")
        table.add_row(*row, style="green" if i == winner else None)
    return table


def sheet_lines(sheet: Sheet, lang: str = DEFAULT_LANG) -> list[Text]:
    """The lines under the table: the win or the draw, a drawn deal, the match standing."""
    lines: list[Text] = []
    names = [shown_name(c, lang) for c in sheet.competitors]
    best_of = sheet.format.kind is not FormatKind.SINGLE
    winner = sheet.winner
    if winner is not None:
        key = "ui.win_match" if best_of and sheet.decides_match else "ui.win_line"
        key = win_key(key, sheet.competitors[winner])
        text = t(key, lang, name=names[winner], game=sheet.game_number, match=sheet.match_number)
        lines.append(Text(f"★ {text} ({_dash(sheet.totals)})", style="bold green"))
    elif sheet.outcome is Outcome.DRAW:
        lines.append(Text(t("ui.draw_line", lang, detail=_dash(sheet.totals)), style="bold yellow"))
    elif sheet.deal_is_draw:
        lines.append(Text(t("deal_draw", lang, detail=_dash(sheet.deal_points)), style="yellow"))
    if sheet.history and not any(sheet.totals):
        last = sheet.history[-1]
        result = _result(sheet, last, lang)
        lines.append(Text(t("ui.last_game", lang, game=last.number, result=result)))
        if best_of and last.match_winner is not None:
            lines.append(
                Text(
                    t(
                        "ui.match_won",
                        lang,
                        match=last.match,
                        name=_shown(sheet, last.match_winner, lang),
                        detail=_dash(last.standing),
                    ),
                    style="bold",
                )
            )
    if best_of:
        detail = ", ".join(f"{n} {w}" for n, w in zip(names, sheet.standing, strict=True))
        lines.append(
            Text(
                t(
                    "ui.standing",
                    lang,
                    match=sheet.match_number,
                    format=sheet.format.describe(lang),
                    detail=detail,
                    need=sheet.format.wins_needed,
                )
            )
        )
    return lines


def _result(sheet: Sheet, game: GameEntry, lang: str) -> str:
    scores = " · ".join(
        f"{_shown(sheet, n, lang)} {p}" for n, p in zip(game.names, game.totals, strict=True)
    )
    if game.outcome is Outcome.WIN:
        key = win_key("win", _by_name(sheet, game.winner))
        return f"{t(key, lang, name=_shown(sheet, game.winner, lang))} ({scores})"
    return f"{t(f'outcome.{game.outcome.value}', lang)} ({scores})"


def sheet_view(sheet: Sheet, lang: str = DEFAULT_LANG) -> Group:
    """The table and the lines under it."""
    return Group(sheet_table(sheet, lang), *sheet_lines(sheet, lang))


def history_table(sheet: Sheet, lang: str = DEFAULT_LANG) -> RenderableType:
    """The finished games, one row each, with a column per competitor."""
    if not sheet.history:
        return Text(t("ui.no_history", lang))
    names = [c.name for c in sheet.competitors]
    for game in sheet.history:
        names.extend(n for n in game.names if n not in names)
    best_of = sheet.format.kind is not FormatKind.SINGLE
    table = Table(title=t("ui.history", lang, name=sheet.name))
    table.add_column(t("ui.game", lang), justify="right")
    if best_of:
        table.add_column(t("ui.match", lang), justify="right")
    table.add_column(t("ui.outcome", lang))
    table.add_column(t("ui.winner", lang))
    for name in names:
        table.add_column(name, justify="right")
    for game in sheet.history:
        scores = dict(zip(game.names, game.totals, strict=True))
        row = [str(game.number)]
        if best_of:
            row.append(str(game.match))
        row += [t(f"outcome.{game.outcome.value}", lang), game.winner or ""]
        row += [str(scores.get(n, "")) for n in names]
        table.add_row(*row)
    return table


def sheets_table(infos: Sequence[SheetInfo], lang: str = DEFAULT_LANG) -> RenderableType:
    """The list of stored sheets."""
    if not infos:
        return Text(t("ui.no_sheets", lang))
    table = Table(title=t("ui.sheets", lang))
    table.add_column("id", justify="right")
    for key in ("name", "competitors", "target", "format"):
        table.add_column(t(f"ui.{key}", lang))
    table.add_column(t("ui.game", lang), justify="right")
    table.add_column(t("ui.updated", lang))
    for info in infos:
        table.add_row(
            str(info.id),
            info.name,
            ", ".join(info.competitors),
            info.target,
            info.format,
            str(info.game),
            info.updated_at.strftime("%Y-%m-%d %H:%M"),
        )
    return table
