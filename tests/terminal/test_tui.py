"""The full-screen table (``briscola play --tui``) under Textual's pilot: whole games by keys.

Each test runs the app headless (``App.run_test``) against computer players with no delays, and
plays the human's seat by pressing keys only (arrows, Enter, digits, the view keys); the moves the
keys pick are checked against the table's record, so a key that played another card would fail.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from briscola.apps.cli import app as cli
from briscola.apps.terminal.game import GameOptions
from briscola.apps.terminal.tui import TableApp, views
from briscola.apps.terminal.tui.flow import BOT, MOVE, NEXT_DEAL, THE_END, TuiGame
from briscola.apps.terminal.tui.screens import AskScreen, ChoiceScreen, InfoScreen
from briscola.core.actions import Action, Bid, Call, ExchangeBriscola, Pass, Play, Signal
from briscola.core.game import Phase
from briscola.core.match import MatchFormat
from briscola.core.observation import Observation
from briscola.core.rules import preset
from briscola.core.signals import SignalKind
from briscola.i18n import CATALOGS
from briscola.session.table import Table

SIZE = (110, 34)
TUI = Path(__file__).resolve().parents[2] / "src" / "briscola" / "apps" / "terminal" / "tui"

Drive = Callable[[Pilot[int], TableApp], Awaitable[None]]


def make_app(
    name: str, *, lang: str = "it", seed: int = 11, match: str = "single", **rules: str
) -> TableApp:
    ruleset = preset(name).with_options(**rules) if rules else preset(name)
    options = GameOptions(ruleset, lang=lang, seed=seed, match=MatchFormat.parse(match))
    return TableApp(options, bot_delay=0, trick_hold=0)


def run(app: TableApp, drive: Drive) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await drive(pilot, app)

    asyncio.run(main())


async def settle(pilot: Pilot[int], app: TableApp) -> None:
    """Let the computer players move until the human (or the end of a deal) is waited for."""
    for _ in range(500):
        await pilot.pause()
        if app.game.waiting != BOT:
            return
    raise AssertionError("the computer players never stopped")


def text(app: TableApp, widget: str) -> str:
    return str(app.query_one(widget, Static).content)


def modal(app: TableApp) -> InfoScreen:
    screen = app.screen
    assert isinstance(screen, InfoScreen), f"no panel is open ({screen!r})"
    return screen


def human_actions(app: TableApp) -> list[Action]:
    deal = app.game.table.deals[-1]
    return [a for a, s in zip(deal.actions, deal.seats, strict=True) if s == app.game.human]


async def press_move(pilot: Pilot[int], app: TableApp, index: int, *, by_digit: bool) -> Action:
    """Take the human's move number ``index`` (from 0) by its digit, or by arrows and Enter."""
    moves = app.game.moves()
    assert app.game.waiting == MOVE and 0 <= index < len(moves)
    if by_digit:
        await pilot.press(str(index + 1))
    else:
        steps = index - app.selected
        await pilot.press(*(["right"] * steps if steps >= 0 else ["left"] * -steps), "enter")
    await settle(pilot, app)
    return moves[index]


async def play_deal(pilot: Pilot[int], app: TableApp, pick: Callable[[int], int]) -> int:
    """Play the human's moves of one deal by keys (``pick(n)``: the index of the n-th move),
    checking that each key took the move it meant; returns how many moves were taken."""
    taken = 0
    while app.game.waiting == MOVE:
        count = len(app.game.moves())
        chosen = await press_move(pilot, app, pick(taken) % count, by_digit=taken % 2 == 0)
        taken += 1
        assert human_actions(app)[-1] == chosen
    return taken


def test_a_whole_classic_game_by_keys() -> None:
    app = make_app("classic")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        assert "Briscola classica" in text(app, "#status")
        assert "Tocca a te" in text(app, "#prompt")
        assert "Le tue carte" in text(app, "#hand")
        taken = await play_deal(pilot, app, lambda n: n)
        assert taken == 20  # 40 cards, two players
        assert app.game.waiting == THE_END
        result = modal(app)
        assert "Fine della smazzata" in result.body.plain and "Punti:" in result.body.plain
        await pilot.press("q")
        await pilot.pause()

    run(app, drive)
    assert app.return_code == 0
    assert all(isinstance(a, Play) for a in human_actions(app))
    assert app.game.table.status == "over"
    assert any(line.plain.startswith("Giochi ") for line in app.game.log)


def test_pairs_a_match_of_several_deals_with_the_score_between_deals() -> None:
    app = make_app("pairs", seed=4, match="deals:2")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        status = text(app, "#status")
        assert "Briscola a coppie" in status and "noi 0 · loro 0" in status
        assert "Nord (noi)" in text(app, "#seat-2") and "Est (loro)" in text(app, "#seat-1")
        intro = [line.plain for line in app.game.log[:5]]
        assert "Squadre: noi (Tu, Nord) contro loro (Est, Ovest)" in intro
        assert not any("«aiuto»" in line for line in intro)  # the line mode's typed commands
        assert await play_deal(pilot, app, lambda n: 2 * n) == 10
        assert app.game.waiting == NEXT_DEAL
        between = modal(app).body.plain
        assert "Fine della smazzata" in between and "Punti totali: noi" in between
        await pilot.press("escape")  # look at the table, then deal on with Enter
        await pilot.pause()
        assert "Invio per la prossima" in text(app, "#prompt")
        await pilot.press("r")
        await pilot.pause()
        assert modal(app).body.plain == between
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.game.table.deal_number == 1 and "Smazzata 2" in text(app, "#status")
        assert await play_deal(pilot, app, lambda n: n) == 10
        assert app.game.waiting == THE_END
        await pilot.press("enter")
        await pilot.pause()

    run(app, drive)
    assert app.return_code == 0
    standing = app.game.table.standing()
    assert standing["over"] and len(standing["deals"]) == 2


def test_chiamata_the_auction_and_the_call_by_keys() -> None:
    app = make_app("chiamata", seed=3)

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        game = app.game
        assert game.obs.phase is Phase.AUCTION and len(game.obs.hand) == 8
        listed = text(app, "#trick")
        assert "La tua offerta" in listed and "1. Passo" in listed
        while game.waiting == MOVE and game.obs.phase is Phase.AUCTION:
            moves = game.moves()
            assert isinstance(moves[0], Pass)
            await pilot.press("up", "enter")  # up from the first wraps to the last: the top bid
            await settle(pilot, app)
            bid = human_actions(app)[-1]
            assert isinstance(bid, Bid) and bid == moves[-1]
        assert game.obs.phase is Phase.CALL and game.waiting == MOVE
        calls = game.moves()
        assert all(isinstance(c, Call) for c in calls)
        assert "Hai vinto l'asta" in text(app, "#trick") and "Chiamo il" in text(app, "#trick")
        await pilot.press("2")
        await settle(pilot, app)
        assert human_actions(app)[-1] == calls[1]
        assert game.obs.auction is not None and game.obs.auction.winner == game.human
        assert game.obs.trump is calls[1].suit
        assert "chiamante" in text(app, "#hand")
        assert await play_deal(pilot, app, lambda n: n) == 8
        assert game.waiting == THE_END
        assert "Unità:" in modal(app).body.plain

    run(app, drive)


def test_the_last_trick_and_the_own_tricks_when_the_rules_allow() -> None:
    app = make_app("classic", seed=5)  # RULES.md: every preset, once the last card is drawn

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        game = app.game
        await pilot.press("u")
        await pilot.pause()
        assert "nessuno ha ancora fatto una presa" in modal(app).body.plain
        await pilot.press("escape")
        await pilot.press("1")
        await settle(pilot, app)
        while not game.obs.tricks:
            await press_move(pilot, app, 0, by_digit=True)
        trick = game.obs.tricks[-1]
        await pilot.press("u")
        await pilot.pause()
        shown = modal(app).body.plain
        assert all(card.rank.name_in("it") in shown for card in trick.cards())
        assert f"{trick.points(game.table.ruleset)} punti" in shown
        await pilot.press("enter")
        await pilot.press("p")
        await pilot.pause()
        assert "solo quando il mazzo è finito" in modal(app).body.plain
        await pilot.press("escape")
        while game.obs.stock_count:
            await press_move(pilot, app, 0, by_digit=True)
        assert game.obs.tricks_visible
        await pilot.press("p")
        await pilot.pause()
        mine = [t for t in game.obs.tricks if t.winner == game.human]
        points = sum(t.points(game.table.ruleset) for t in mine)
        body = modal(app).body.plain
        expected = f"Totale: {points} punti in {len(mine)} prese" if mine else "Nessuna presa"
        assert expected in body
        await pilot.press("escape")

    run(app, drive)


def test_the_points_aid_is_off_until_switched_on_and_the_help_opens() -> None:
    app = make_app("classic", lang="en")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        while not app.game.obs.tricks:
            await press_move(pilot, app, 0, by_digit=True)
        assert "Points taken" not in text(app, "#status")
        await pilot.press("t")
        await pilot.pause()
        pts = app.game.obs.seat_points()
        assert f"Points taken: You {pts[0]} · North {pts[1]}" in text(app, "#status")
        await pilot.press("t")
        await pilot.pause()
        assert "Points taken" not in text(app, "#status")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "U: the last trick" in modal(app).body.plain
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, InfoScreen)

    run(app, drive)


def test_leaving_asks_first() -> None:
    app = make_app("classic")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, AskScreen) and app.is_running
        await pilot.press("q", "s")
        await pilot.pause()

    run(app, drive)
    assert app.return_code == 0 and app.game.table.status == "playing"


def test_play_tui_needs_a_terminal() -> None:
    result = CliRunner().invoke(cli, ["play", "--tui", "--lang", "en"])
    assert result.exit_code == 2
    assert "needs a terminal" in result.output


def test_every_tui_key_in_the_code_is_in_both_catalogs_and_none_is_left_over() -> None:
    used: set[str] = set()
    for path in TUI.glob("*.py"):
        used |= set(re.findall(r'"(tui\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert len(used) > 30
    for lang, catalog in CATALOGS.items():
        present = {k.removeprefix("terminal.") for k in catalog if k.startswith("terminal.tui.")}
        assert used <= present, (lang, sorted(used - present))
        assert present <= used, (lang, sorted(present - used))


def test_hands_the_rules_show_are_drawn_at_their_seats() -> None:
    open_app = make_app("scoperta", seed=2)

    async def open_hands(pilot: Pilot[int], app: TableApp) -> None:
        north = dict(app.game.obs.other_hands)[1]
        assert all(str(card) in text(app, "#seat-1") for card in north)
        assert "carte" not in text(app, "#seat-1")

    run(open_app, open_hands)
    pairs = make_app("pairs", seed=6)

    async def partner_at_the_end(pilot: Pilot[int], app: TableApp) -> None:
        while app.game.obs.stock_count:
            assert "cart" in text(app, "#seat-2")  # a count of cards, not the cards
            await press_move(pilot, app, 0, by_digit=True)
        partner = dict(app.game.obs.other_hands)[2]
        assert partner and all(str(card) in text(app, "#seat-2") for card in partner)
        assert 1 not in dict(app.game.obs.other_hands)  # an opponent's hand stays hidden

    run(pairs, partner_at_the_end)


def _seed_with(name: str, wanted: type, **rules: str) -> int:
    """A seed whose first human turn offers a move of type ``wanted`` (found without a screen)."""
    ruleset = preset(name).with_options(**rules)
    for seed in range(300):
        game = TuiGame(GameOptions(ruleset, lang="it", seed=seed))
        game.start()
        while game.waiting == BOT:
            game.bot_step()
        if any(isinstance(m, wanted) for m in game.moves()):
            return seed
    raise AssertionError(f"no seed offers {wanted.__name__}")


def test_the_exchange_of_the_two_is_a_numbered_move_under_the_hand() -> None:
    seed = _seed_with("classic", ExchangeBriscola, exchange="two")
    app = make_app("classic", seed=seed, exchange="two")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        moves = app.game.moves()
        index = next(i for i, m in enumerate(moves) if isinstance(m, ExchangeBriscola))
        assert f"{index + 1}. Scambio: do il Due di" in text(app, "#hand")
        briscola = app.game.obs.briscola
        assert await press_move(pilot, app, index, by_digit=False) == moves[index]
        assert human_actions(app)[-1] == moves[index] and briscola in app.game.obs.hand

    run(app, drive)


def test_a_small_terminal_gets_a_compact_table() -> None:
    app = make_app("chiamata", seed=3)

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        log = app.query_one("#log")
        assert log.display and not app.screen.has_class("compact")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.has_class("compact") and not log.display
        await pilot.press("1")  # pass: the computer players finish the auction and lead
        await settle(pilot, app)
        while not app.game.obs.tricks:
            await press_move(pilot, app, 0, by_digit=True)
        plays = app.game.obs.tricks[-1].plays  # five cards do not fit at 80 columns: small faces
        small = views.trick_text(app.game, plays, width=app._trick_width).plain
        assert small.count("╭─────╮") == 5 and "╭───────╮" not in small
        assert (
            views.trick_text(app.game, plays[:4], width=app._trick_width).plain.count("╭───────╮")
            == 4
        )
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert log.display and not app.screen.has_class("compact")

    run(app, drive)


def test_watching_with_auto_the_computer_plays_the_human_seat_on_timers() -> None:
    options = GameOptions(preset("classic"), lang="it", seed=9, human_bot="random")
    app = TableApp(options, bot_delay=0.001, trick_hold=0.001)

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        deadline = time.monotonic() + 60  # timers run late on a busy machine
        while len(app.game.obs.tricks) < 3 and time.monotonic() < deadline:
            await pilot.pause(0.005)
        assert len(human_actions(app)) >= 3 and app.game.moves() == []  # no keys asked for
        await pilot.press("q", "s")
        await pilot.pause()

    run(app, drive)
    assert app.return_code == 0


class _Passer:
    """A computer player that always passes in the auction (and plays its first legal card)."""

    name = "passer"

    def act(self, obs: Observation) -> Action:
        return Pass() if Pass() in obs.legal else obs.legal[0]


def test_a_void_chiamata_says_so_in_the_deal_s_panel() -> None:
    options = GameOptions(preset("chiamata"), lang="it", seed=1, match=MatchFormat.parse("deals:2"))
    game = TuiGame(options)
    seats = list(game.table.seats)
    game.table = Table(
        options.ruleset, seats, options.match, 1, bot_factory=lambda level, seed: _Passer()
    )
    game.start()
    while game.waiting == BOT:
        game.bot_step()
    game.choose(Pass())
    while game.waiting == BOT:
        game.bot_step()
    assert game.waiting == NEXT_DEAL and game.summary is not None
    assert "Tutti hanno passato" in game.summary.lines[0].plain


def signs_app(lang: str = "it") -> TableApp:
    """Pairs with partner signs, medium computer players (they sign), the human last to play."""
    rules = preset("pairs", signals=True)
    options = GameOptions(rules, lang=lang, seed=1, dealer=0, opponent="medium")
    return TableApp(options, bot_delay=0, trick_hold=0)


def test_signs_to_the_partner_by_keys_and_the_others_signs_at_their_seats() -> None:
    """S opens the signs offered now (the hand's only when true), a digit makes one: the record
    holds it with its meaning, the turn stays the human's; the partner's sign shows at its seat
    with its meaning, an opponent's only as a sign."""
    app = signs_app()

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        assert "segno: ho briscole alte" in text(app, "#seat-2")  # Nord, the partner
        for opponent in ("#seat-1", "#seat-3"):
            assert "ha fatto un segno" in text(app, opponent)
            assert "segno:" not in text(app, opponent)
        assert text(app, "#keys").endswith("· S segno")
        assert "S: un segno al compagno" in text(app, "#prompt")
        log = [line.plain for line in app.game.log]
        assert "Nord ti fa un segno: ho briscole alte." in log
        assert "Est ha fatto un segno." in log
        offered = [a for a in app.game.obs.legal if isinstance(a, Signal)]
        await pilot.press("s")
        await pilot.pause()
        chooser = app.screen
        assert isinstance(chooser, ChoiceScreen)
        assert len(chooser.choices) == len(offered)
        assert "carica" in chooser.choices and "liscio" in chooser.choices
        await pilot.press("down", "up", str(chooser.choices.index("carica") + 1))
        await settle(pilot, app)
        assert human_actions(app) == [Signal(SignalKind.CARICA)]
        assert app.game.waiting == MOVE  # a sign does not pass the turn
        assert "Fai il segno al compagno: carica." in [line.plain for line in app.game.log]
        await pilot.press("s")  # one a trick: no chooser, a word why
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        assert "S: un segno" not in text(app, "#prompt")
        await press_move(pilot, app, 0, by_digit=True)
        assert isinstance(human_actions(app)[-1], Play)

    run(app, drive)
    deal = app.game.table.deals[-1]
    assert (Signal(SignalKind.CARICA), 0) in zip(deal.actions, deal.seats, strict=True)


def test_a_sign_chooser_closes_with_escape_and_english_words() -> None:
    app = signs_app("en")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        assert "sign: I have high trumps" in text(app, "#seat-2")
        assert "made a sign" in text(app, "#seat-1")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "load it" in app.screen.choices
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and human_actions(app) == []
        await pilot.press("question_mark")
        await pilot.pause()
        assert "S: a sign to your partner" in modal(app).body.plain

    run(app, drive)


def test_no_sign_key_without_the_option() -> None:
    app = make_app("pairs", seed=1)

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        assert "S segno" not in text(app, "#keys") and "segno" not in text(app, "#prompt")
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen) and human_actions(app) == []

    run(app, drive)


def test_the_help_says_the_auction_as_it_is_played() -> None:
    """Under call_card the auction is on points and the call names any card: the help says so,
    not the ranks of the ordinary auction."""
    app = make_app("chiamata", call_card="true")

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        body = modal(app).body.plain
        assert "Nell'asta si offrono punti, da 61 a 120" in body
        assert "Chi vince chiama una carta, valore e seme" in body
        assert "A, 3, R, C, F" not in body

    run(app, drive)


def test_the_trumps_in_the_hand_and_on_the_table_carry_a_star() -> None:
    """A card of the trump suit shows «★» between its rank and its sign, in the hand and in the
    trick; no other card does."""
    app = make_app("classic", seed=3)

    async def drive(pilot: Pilot[int], app: TableApp) -> None:
        seen = {True: 0, False: 0}
        while app.game.waiting == MOVE and min(seen.values()) < 2:
            obs = app.game.obs
            trump = obs.trump
            hand = views.hand_panel(app.game, app.game.moves(), app.selected).plain
            plays = list(obs.trick)
            shown = views.trick_text(app.game, plays).plain if plays else ""
            for card in [*obs.hand, *(c for _, c in plays)]:
                top = (
                    f"│{card.rank.letter}  ★  "
                    if card.suit is trump
                    else f"│{card.rank.letter}     "
                )
                assert top in (hand + shown), (card, hand, shown)
                seen[card.suit is trump] += 1
            stars = (hand + shown).count("★")
            assert stars == sum(c.suit is trump for c in [*obs.hand, *(c for _, c in plays)])
            await press_move(pilot, app, 0, by_digit=True)
        assert min(seen.values()) >= 2, seen

    run(app, drive)
