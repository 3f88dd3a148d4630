"""The full-screen table: a Textual app over :class:`~briscola.apps.terminal.tui.flow.TuiGame`.

The screen, top to bottom: the game, the deal and the match's standing; the other players, left
to right as they sit seen from the human's place (their side or role, how many cards they hold,
the dealer, whose turn); the briscola and the stock (in Briscola chiamata the auction, then the
called card), the trick on the table (or the auction's choices) and the log of what happened;
what the human is to do; the human's cards; the keys.

Keys: ← → (↑ ↓) move the selection among the human's moves, Enter takes it, 1-9 take a move by
its number; U shows the last trick, P the human's side's tricks (once the rules allow it: the
end phase), T switches the points aid on or off (off by default: points are counted from
memory), R shows the finished deal's result, S makes a sign to the partner (with the ``signals``
option: a chooser of the signs offered now, :mod:`.signs`), ? the help, Q leaves (after a
question). Computer
players move on a timer (``bot_delay``), and a taken trick stays on the table for ``trick_hold``
seconds before the next lead; both are 0 in tests.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import RichLog, Static

from briscola.apps.terminal.game import GameOptions
from briscola.apps.terminal.i18n import t
from briscola.apps.terminal.tui import cards, signs, views
from briscola.apps.terminal.tui.flow import BOT, NEXT_DEAL, THE_END, TuiGame, own_tricks
from briscola.apps.terminal.tui.screens import AskScreen, ChoiceScreen, InfoScreen
from briscola.core.actions import Action
from briscola.core.rules import Partnership
from briscola.session.table import TableError

__all__ = ["NoTerminalError", "TableApp", "run_tui"]


_BRISCOLA_WIDTH = 23  # the briscola's panel (styles.tcss: #briscola)
_FRAME = 4  # a panel's border and padding
_LOG_MIN, _LOG_MAX = 22, 40  # the log's width, when there is room for it
_TALL = 30  # rows from which the seats have frames


class TableApp(App[int]):
    """A match at the full-screen table for one human seat against computer players."""

    CSS_PATH = "styles.tcss"
    TITLE = "Briscola"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,up", "move(-1)", show=False),
        Binding("right,down", "move(1)", show=False),
        Binding("enter", "choose", show=False),
        *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
        Binding("u,l", "last_trick", show=False),
        Binding("p", "tricks", show=False),
        Binding("t", "aid", show=False),
        Binding("r", "result", show=False),
        Binding("s", "sign", show=False),
        Binding("question_mark,h,f1", "help", show=False),
        Binding("q", "leave", show=False),
    ]

    def __init__(
        self, options: GameOptions, *, bot_delay: float = 0.7, trick_hold: float = 1.6
    ) -> None:
        super().__init__()
        self.game = TuiGame(options)
        self.bot_delay = bot_delay
        self.trick_hold = trick_hold
        self.selected = 0  # the index of the selected move in game.moves()
        self.aid = False  # the points aid, off by default
        self._logged = 0  # lines of game.log already written to the log widget
        self._bot_due = False  # a computer player's move is on the timer
        self._trick_width = 60  # the trick's panel's inner width (set by _fit)
        rules = options.ruleset
        n = rules.players
        self.others = [(options.seat + k) % n for k in range(n - 1, 0, -1)]

    def _t(self, key: str, **kwargs: object) -> str:
        return t(key, self.game.lang, **kwargs)

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="others"):
            for seat in self.others:
                yield Static(id=f"seat-{seat}", classes="seat")
        with Horizontal(id="middle"):
            yield Static(id="briscola")
            yield Static(id="trick")
            log = RichLog(id="log", wrap=True, markup=False, min_width=20)
            log.can_focus = False
            log.border_title = self._t("tui.log")
            yield log
        yield Static(id="prompt")
        yield Static(id="hand")
        yield Static(signs.keys_line(self.game), id="keys")

    def on_mount(self) -> None:
        """Deal the first deal and let the computer players move until the human is to."""
        self._fit(self.size.width, self.size.height)
        self.game.start()
        self._advance()

    def on_resize(self, event: events.Resize) -> None:
        """Share the width out again, and draw the table for it."""
        self._fit(event.size.width, event.size.height)
        if self.game.table.started:
            self._draw()

    def _fit(self, width: int, height: int) -> None:
        """Give the trick room for every player's card (full faces, else small ones): the log
        takes what is left (at most :data:`_LOG_MAX` columns) and is hidden when that is under
        :data:`_LOG_MIN` even with small faces. Under :data:`_TALL` rows the screen is compact
        (seats without frames, a lower middle)."""
        self.screen.set_class(height < _TALL, "compact")
        players = self.game.table.ruleset.players
        free = width - _BRISCOLA_WIDTH - players * (cards.WIDTH + 2) - _FRAME
        if free < _LOG_MIN:  # small faces for a whole trick, if that keeps the log
            free = width - _BRISCOLA_WIDTH - players * (cards.SMALL_WIDTH + 3) - _FRAME
        log = self.query_one("#log", RichLog)
        log.display = free >= _LOG_MIN
        log_width = min(_LOG_MAX, free) if log.display else 0
        if log.display:
            log.styles.width = log_width
        self._trick_width = width - _BRISCOLA_WIDTH - log_width - _FRAME

    # -- the flow -------------------------------------------------------------------------
    def _advance(self) -> None:
        """Draw the table, then wait: a computer player moves on a timer, the end of a deal
        shows its result, the human's turn waits for keys."""
        self._draw()
        waiting = self.game.waiting
        if waiting == BOT and not self._bot_due:
            held = self.game.shown_trick is not None and not self.game.obs.trick
            delay = self.trick_hold if held else self.bot_delay
            self._bot_due = True
            if delay > 0:
                self.set_timer(delay, self._bot_tick)
            else:
                self.call_later(self._bot_tick)
        elif waiting in (NEXT_DEAL, THE_END):
            self.action_result()

    def _bot_tick(self) -> None:
        self._bot_due = False
        if self.game.waiting == BOT:
            self.game.bot_step()
            self._advance()

    def _take(self, action: Action) -> None:
        try:
            self.game.choose(action)
        except TableError as exc:  # a safety net: the moves are the legal actions
            self.notify(exc.message, severity="error")
            return
        self.selected = 0
        self._advance()

    def _next_deal(self) -> None:
        if self.game.waiting == NEXT_DEAL:
            self.game.next_deal()
            self._advance()

    # -- drawing --------------------------------------------------------------------------
    def _draw(self) -> None:
        game = self.game
        moves = game.moves()
        self.selected = min(self.selected, max(len(moves) - 1, 0))
        status = views.status_line(game)
        if self.aid:
            status.append("   ").append_text(views.points_line(game))
        self._show("#status", status, layout=True)  # it may wrap to a second line
        obs = game.obs
        for seat in self.others:
            self._show(f"#seat-{seat}", views.seat_panel(game, seat))
            turn = obs.turn == seat and game.waiting == BOT
            self.query_one(f"#seat-{seat}", Static).set_class(turn, "turn")
        self._show("#briscola", views.briscola_panel(game))
        self._show("#trick", views.trick_panel(game, moves, self.selected, self._trick_width))
        self._show("#prompt", views.prompt_line(game, moves))
        hand = views.hand_panel(game, moves, self.selected, self.size.width - 2)
        self._show("#hand", hand, layout=True)  # its height follows the moves under the cards
        log = self.query_one("#log", RichLog)
        for line in game.log[self._logged :]:
            log.write(line)
        self._logged = len(game.log)

    def _show(self, selector: str, content: Text, *, layout: bool = False) -> None:
        """Put ``content`` in a widget if it changed (a fixed-size one is not laid out again)."""
        widget = self.query_one(selector, Static)
        if widget.content != content:
            widget.update(content, layout=layout)

    # -- keys -----------------------------------------------------------------------------
    def action_move(self, step: int) -> None:
        """Move the selection among the human's moves (it wraps around)."""
        moves = self.game.moves()
        if moves:
            self.selected = (self.selected + step) % len(moves)
            self._draw()

    def action_choose(self) -> None:
        """Enter: take the selected move, or deal the next deal after one is over."""
        moves = self.game.moves()
        if moves:
            self._take(moves[self.selected])
        elif self.game.waiting == NEXT_DEAL:
            self._next_deal()

    def action_pick(self, number: int) -> None:
        """A digit: take the move of that number."""
        moves = self.game.moves()
        if 1 <= number <= len(moves):
            self._take(moves[number - 1])
        else:
            self.bell()

    def action_last_trick(self) -> None:
        """Show the last trick taken in this deal."""
        game = self.game
        trick = game.last_trick()
        if trick is None:
            body = Text(self._t("tui.last.none"))
        else:
            body = views.trick_text(game, trick.plays) + Text("\n") + views.taken_line(game, trick)
        self.push_screen(InfoScreen(self._t("tui.last.title"), body, self._t("tui.close")))

    def action_tricks(self) -> None:
        """Show the tricks the human's side has taken, once the rules allow looking at them."""
        game = self.game
        obs = game.obs
        team = len(obs.sides().with_me) > 1
        title = self._t("tui.tricks.title.team" if team else "tui.tricks.title")
        tricks = own_tricks(obs)
        if tricks is None:
            body = Text(self._t("tui.tricks.closed"))  # RULES.md: counted from memory till then
        elif not tricks:
            body = Text(self._t("tui.tricks.none"))
        else:
            rules = game.table.ruleset
            trump = game.obs.trump
            faces = [
                cards.face(card, game.lang, trump=trump, deck=game.deck)
                for trick in tricks
                for card in trick.cards()
            ]
            per_row = max(1, (self.size.width - 8) // (cards.WIDTH + 1))
            rows = [cards.row(faces[i : i + per_row]) for i in range(0, len(faces), per_row)]
            body = Text("\n").join(rows)
            points = sum(trick.points(rules) for trick in tricks)
            body.append("\n" + self._t("tui.tricks.total", points=points, n=len(tricks)))
        self.push_screen(InfoScreen(title, body, self._t("tui.close")))

    def action_sign(self) -> None:
        """S: choose a sign to the partner among those offered now (else say why none)."""
        reason = signs.no_sign_reason(self.game)
        if reason is not None:
            self.notify(reason, severity="warning")
            return
        choices = signs.sign_choices(self.game)

        def chosen(index: int | None) -> None:
            if index is not None and signs.sign_choices(self.game) == choices:
                self._take(choices[index][0])

        title, footer = self._t("tui.sign.title"), self._t("tui.sign.keys")
        self.push_screen(ChoiceScreen(title, [label for _, label in choices], footer), chosen)

    def action_aid(self) -> None:
        """Switch the points aid on or off."""
        self.aid = not self.aid
        self.notify(self._t("tui.aid.on" if self.aid else "tui.aid.off"))
        self._draw()

    def action_result(self) -> None:
        """Show the finished deal's result (and the match's standing)."""
        game = self.game
        summary = game.summary
        if summary is None or game.waiting not in (NEXT_DEAL, THE_END):
            return
        footer = self._t("tui.result.end" if summary.match_over else "tui.result.next")
        body = Text("\n").join(list(summary.lines))
        number = (game.table.deal_number or 0) + 1
        keys = ("enter", "escape", "q")
        self.push_screen(
            InfoScreen(self._t("tui.deal", n=number), body, footer, keys), self._after_result
        )

    def _after_result(self, key: str | None) -> None:
        waiting = self.game.waiting
        if waiting == THE_END and key in ("enter", "q"):
            self.exit(0)
        elif waiting == NEXT_DEAL and key == "enter":
            self._next_deal()
        elif key == "q":
            self.action_leave()

    def action_help(self) -> None:
        """Show the keys and a few words on the auction."""
        body = Text(self._t("tui.help.body"))
        rules = self.game.table.ruleset
        if rules.partnership is Partnership.CALLED:
            body.append("\n" + views.auction_help(self.game))
        if rules.signals:
            body.append("\n" + self._t("tui.help.signs"))
        title, close = self._t("tui.help.title"), self._t("tui.close")
        self.push_screen(InfoScreen(title, body, close, prose=True))

    def action_leave(self) -> None:
        """Q: leave the table (after a question, unless the match is over)."""
        if self.game.waiting == THE_END:
            self.exit(0)
            return
        ask = AskScreen(self._t("tui.quit.title"), self._t("tui.quit.body"))
        self.push_screen(ask, self._after_ask)

    def _after_ask(self, leave: bool | None) -> None:
        if leave:
            self.exit(0)


class NoTerminalError(RuntimeError):
    """The full-screen table was asked for without a terminal (input or output is a pipe)."""


def run_tui(options: GameOptions) -> int:
    """Play a match at the full-screen table; the exit code (0 when left or over).

    Raises :class:`NoTerminalError` (its message in the game's language) when standard input or
    output is not a terminal: pipes and scripts use the line mode.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise NoTerminalError(t("tui.no_terminal", options.lang))
    result = TableApp(options).run()
    return result if result is not None else 0
