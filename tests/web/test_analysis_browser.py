"""The analysis and the hint in a real browser (issue 15): a deal against the computer, a hint at
the first turn, then "Analisi della partita" from the summary (and the deal's review): the
progress bar while the server answers 202, then the SVG curve, a dot per move coloured by its
rating, the moves' table with the best move on its card; a chiamata analysis's bids and call
drawn as squares, named asta and chiamata; hints at a table with friends whose host allows
them."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from browsing import MISSING, MY_TURN, TIMEOUT_MS, page_errors

from briscola.core.cards import FULL_DECK

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route

needs_browser = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
if MISSING is None:
    from playwright.sync_api import expect

RATINGS = {"obbligata", "ottima", "buona", "imprecisione", "errore", "errore grave"}
# the hint names its card in words, with the article: "Gioca il Fante di coppe: vinci il 63% …"
HINT = re.compile(r"Gioca (?:il |l')([A-Z][a-z]+ di [a-z]+): vinci il \d+%")
CODES = {card.name("it"): str(card) for card in FULL_DECK}  # "Fante di coppe": "Fc"


@pytest.fixture
def context(contexts: Callable[..., BrowserContext]) -> BrowserContext:
    return contexts(1280, 900, reduced_motion="reduce")


def play_to_the_summary(page: Page, limit_s: float = 90) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if page.locator("#summary").count():
            return
        live = page.locator("#hand.live button.card")
        try:
            live.first.click(timeout=500)
        except Exception:  # no playable card now, or the hand was redrawn under the click
            page.wait_for_timeout(40)
    raise AssertionError("the deal did not reach its summary in time")


@needs_browser
def test_a_hint_then_the_analysis_after_the_deal(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    page.locator("#name").fill("Anna")
    page.locator("label[for=game-classic]").click()
    page.locator("#play-now").click()
    page.wait_for_url(re.compile(r"/table/[^/?#]+\?seat=0#token="))
    expect(page.locator("#hand.live button.card").first).to_be_visible()
    page.locator("#hint").click()
    expect(page.locator("#hint-text")).to_contain_text(HINT, timeout=60_000)  # loads the search
    named = HINT.search(page.locator("#hint-text").inner_text())
    assert named is not None
    hand = [b.get_attribute("data-card") for b in page.locator("#hand button.card").all()]
    assert CODES[named.group(1)] in hand  # the hint names a card of the hand, nothing hidden
    play_to_the_summary(page)
    running = {"left": 6}

    def still_running(route: Route) -> None:  # the first replies: the server is at 42%
        if running["left"] > 0:
            running["left"] -= 1
            route.fulfill(status=202, json={"status": "running", "progress": 0.42})
        else:
            route.continue_()

    page.route(re.compile(r"/api/tables/[^/]+/deals/0/analysis\?"), still_running)
    page.locator("#open-analysis").click()
    expect(page.locator("#analysis h2")).to_have_text("Analisi della partita")
    expect(page.locator("#analysis-status")).to_contain_text("Analisi in corso… 42%")
    expect(page.locator("#analysis-progress")).to_have_attribute("value", "42")
    expect(page.locator("#analysis-chart")).to_be_visible(timeout=60_000)
    assert running["left"] == 0
    dots = page.locator("#analysis-chart circle.move")
    expect(dots).to_have_count(20)
    ratings = {d.get_attribute("data-rating") for d in dots.all()}
    assert ratings <= {"forced", "best", "good", "inaccuracy", "mistake", "blunder"}
    assert "forced" in ratings  # the last card
    rows = page.locator("#analysis-moves tbody tr")
    expect(rows).to_have_count(20)
    shown = set(page.locator("#analysis-moves td.rating.view").all_inner_texts())
    assert shown <= RATINGS and "obbligata" in shown
    assert page.locator("#analysis-moves td.best img.card-img").count() == 20
    expect(page.locator("#analysis")).to_contain_text("Precisione")
    expect(page.locator("#analysis")).to_contain_text("Col senno di poi")
    page.screenshot(path=str(_shots() / "analysis-desktop.png"), full_page=False)
    page.locator("#analysis-close").click()
    expect(page.locator("#analysis")).to_have_count(0)
    # the deal's review offers the same analysis, from this person's seat (cached by now)
    table_id = page.url.split("/table/")[1].split("?")[0]
    page.goto(f"{server}/review/{table_id}/0")
    page.locator("#open-analysis").click()
    expect(page.locator("#analysis-chart circle.move")).to_have_count(20, timeout=60_000)
    expect(page.locator("#analysis-moves tbody tr")).to_have_count(20)
    assert not errors, errors


@needs_browser
def test_hints_at_a_table_with_friends_when_the_host_allows_them(
    server: str, browser: Browser
) -> None:
    """The create form's "Suggerimenti consentiti" (off by default) reaches the server; at that
    table the seat to play has the hint button, and its hint names a card of its hand."""
    contexts = [
        browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
        for _ in range(2)
    ]
    try:
        host, guest = (c.new_page() for c in contexts)
        for c in contexts:
            c.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        for p in (host, guest):
            p.on("pageerror", lambda exc: errors.append(str(exc)))
        sent: list[object] = []
        host.on(
            "request",
            lambda r: (
                sent.append(r.post_data_json)
                if r.method == "POST" and urlsplit(r.url).path == "/api/tables"
                else None
            ),
        )
        host.goto(server + "/")
        host.locator("#name").fill("Anna")
        host.locator("label[for=game-classic]").click()
        expect(host.locator("label[for=allow-hints]")).to_have_text("Suggerimenti consentiti")
        expect(host.locator("#allow-hints")).not_to_be_checked()
        host.locator("#allow-hints").check()
        host.locator("#create-table").click()
        host.wait_for_url(re.compile(r"/table/"))
        assert len(sent) == 1 and sent[0]["hints"] is True  # type: ignore[index]
        guest.goto(host.locator("#invite-link").input_value())
        guest.locator("#join-name").fill("Bruno")
        guest.locator("#join-btn").click()
        guest.wait_for_url(re.compile(r"/table/[^/?#]+\?seat=1#token="))
        host.locator("#start-game").click()
        expect(host.locator("#hand button.card")).to_have_count(3)
        expect(guest.locator("#hand button.card")).to_have_count(3)
        on_turn = host if host.locator("#hand.live").count() else guest
        waiting = guest if on_turn is host else host
        expect(on_turn.locator("#hand.live button.card").first).to_be_visible()
        expect(waiting.locator("#hint")).to_have_count(0)  # not its turn
        on_turn.locator("#hint").click()
        expect(on_turn.locator("#hint-text")).to_contain_text(HINT, timeout=60_000)
        named = HINT.search(on_turn.locator("#hint-text").inner_text())
        hand = [b.get_attribute("data-card") for b in on_turn.locator("#hand button.card").all()]
        assert named is not None and CODES[named.group(1)] in hand
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()


def _move(n: int, phase: str, played: str, rating: str, win: float) -> dict[str, object]:
    judgement = {"best": played, "win": win, "best_win": win, "loss": 0.0, "rating": rating,
                 "actions": [{"action": played, "win": win, "margin": 0.0, "worlds": 8,
                              "exact": False}]}  # fmt: skip
    trick = n - 3 if phase == "play" else 0  # the play starts at action 4
    return {"index": n, "phase": phase, "trick": trick, "stock": 0, "played": played,
            "view": judgement, "hindsight": None}  # fmt: skip


@needs_browser
def test_a_chiamata_analysis_shows_its_bids_and_call(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    moves = [_move(1, "auction", "bid 3", "mistake", 0.3), _move(3, "call", "call d", "best", 0.4)]
    moves += [_move(4 + i, "play", card, "best", 0.5) for i, card in enumerate(["Ad", "3d"])]
    counts = {r: 0 for r in ("forced", "best", "good", "inaccuracy", "mistake", "blunder")}
    analysis = {"moves": moves, "summary": {"accuracy": 90, "counts": counts, "turning_point": 0},
                "hindsight_summary": None}  # fmt: skip
    phases = {"auction": {"it": "asta", "en": "auction"}, "call": {"it": "chiamata", "en": "call"}}
    shown = page.evaluate(
        """async ([analysis, phases]) => {
            const m = await import("/static/js/table/analysis.js");
            const url = "/api/analysis-test";
            const replies = [{status: 202, body: {status: "running", progress: 0.5}},
                             {status: 200, body: {analysis, phases, ratings: {}}}];
            const seen = [];
            window.fetch = async () => {
                const r = replies.shift();
                return {ok: true, status: r.status, json: async () => r.body};
            };
            const data = await m.fetchAnalysis(url, (p) => seen.push(p), document.body);
            m.useNames(data);
            document.body.replaceChildren(...m.analysisBody(data.analysis));
            return seen;
        }""",
        [analysis, phases],
    )
    assert shown == [0.5]  # one 202, its progress passed on, then the analysis
    expect(page.locator("#analysis-chart rect.move.bid")).to_have_count(2)
    expect(page.locator("#analysis-chart circle.move")).to_have_count(2)
    where = page.locator("#analysis-moves td.where").all_inner_texts()
    assert where == ["asta", "chiamata", "1", "2"]
    expect(page.locator("#analysis-turning")).to_have_text(
        "Momento decisivo: asta, «bid 3» invece di «bid 3»."
    )
    assert not errors, errors


def _shots() -> object:
    """Where the screenshot goes: $BRISCOLA_SHOTS when set (docs), else a temporary folder."""
    import os
    import tempfile
    from pathlib import Path

    return Path(os.environ.get("BRISCOLA_SHOTS") or tempfile.mkdtemp())


def _readable_analysis() -> dict[str, object]:
    """A deal's analysis of 20 moves with hindsight: move i plays the i-th card of the deck (Ac,
    Ad, As, Ab, 2c, …), its best the card from the deck's end; the turning point is move 4."""
    ratings = ["best", "good", "inaccuracy", "mistake", "blunder", "forced"]
    deck = [r + s for r in "A234567FCR" for s in "cdsb"]

    def judged(rating: str, win: float, best: str) -> dict[str, object]:
        best_win = min(1.0, win + 0.1)
        return {"rating": rating, "win": win, "best": best, "best_win": best_win, "loss": 0.1}

    moves = []
    for i in range(20):
        view = judged(ratings[i % 6], 0.2 + 0.03 * i, deck[39 - i])
        hindsight = judged(ratings[(i + 2) % 6], 0.5, deck[39 - i])
        move = {"index": 2 * i, "phase": "play", "trick": i + 1, "stock": 0, "played": deck[i]}
        moves.append({**move, "view": view, "hindsight": hindsight})
    counts = dict.fromkeys(ratings, 3)
    return {
        "moves": moves,
        "summary": {"accuracy": 80, "counts": counts, "turning_point": 3},
        "hindsight_summary": {"accuracy": 70, "counts": counts, "turning_point": 2},
    }


# the analysis sheet as the summary opens it, its reply given (no deal to analyse)
OPEN_ANALYSIS = """async (analysis) => {
  const m = await import("/static/js/table/analysis.js");
  window.fetch = async () => ({ok: true, status: 200,
                               json: async () => ({analysis, phases: {}, ratings: {}})});
  await m.openAnalysis({tableId: "x", seat: 0, table: {deal: 0}}, 0);
}"""
# the room between the move's number and its trick, the most a row's cells reach past the sheet
MEASURES = """() => {
  const words = (el) => { const r = document.createRange(); r.selectNodeContents(el);
                          return r.getBoundingClientRect(); };
  const row = document.querySelector('#analysis-moves tbody tr');
  const idx = row.querySelector('.idx'), where = row.querySelector('.where');
  const sheet = document.querySelector('#analysis .sheet');
  const pad = parseFloat(getComputedStyle(sheet).paddingRight);
  const edge = sheet.getBoundingClientRect().right - pad;
  const cells = [...document.querySelectorAll('#analysis-moves td, #analysis-moves th')]
    .filter((c) => c.getClientRects().length);
  return {gap: idx.getClientRects().length ? words(where).left - words(idx).right : null,
          past: Math.max(...cells.map((c) => c.getBoundingClientRect().right - edge)),
          scrolls: sheet.scrollWidth > sheet.clientWidth};
}"""


@needs_browser
def test_the_analysis_reads_well_on_a_desktop_and_a_phone(
    server: str, contexts: Callable[..., BrowserContext]
) -> None:
    """Each card played and each best move on its picture with its full name, the turning point
    in words, a legend for the chart's two lines, the move's number apart from its trick; on a
    390 px phone every column (the hindsight's too) within the sheet."""
    for width, height in ((1366, 768), (390, 844)):
        page = contexts(width, height, reduced_motion="reduce").new_page()
        errors = page_errors(page)
        page.goto(server + "/")
        page.evaluate(OPEN_ANALYSIS, _readable_analysis())
        first = page.locator("#analysis-moves tbody tr").first
        expect(first.locator("td.played")).to_have_text("Asso di coppe")
        expect(first.locator("td.played img.card-img")).to_have_count(1)
        expect(first.locator("td.best")).to_have_text("Re di bastoni 30%")
        expect(page.locator("#analysis-turning")).to_have_text(
            "Momento decisivo: presa 4, Asso di bastoni invece di Re di coppe."
        )
        expect(page.locator("#analysis-legend .legend-item")).to_have_text(
            ["Quel che si poteva sapere", "Col senno di poi"]
        )
        expect(page.locator("#analysis-legend .swatch.dashed")).to_have_count(1)
        got = page.evaluate(MEASURES)
        assert got["past"] <= 0.5 and not got["scrolls"], (width, got)
        if width > 640:
            assert got["gap"] >= 8, got  # "1" and "1", not "11"
        else:
            expect(first.locator("td.rating.hindsight")).to_be_in_viewport()
        assert not errors, errors


@needs_browser
def test_a_hint_asked_while_a_trick_is_shown_stays(
    server: str, context: BrowserContext, open_table: Callable[[Page, str], None]
) -> None:
    """Asked at the player's turn while the trick just won is still on the felt, the champion's
    answer stays under the button once the trick has gone (it used to vanish with the bar)."""
    page = context.new_page()
    errors = page_errors(page)
    open_table(page, "classic")
    deadline = time.monotonic() + 60
    while not page.evaluate(f"!!document.querySelector('.trick.done') && {MY_TURN}"):
        assert time.monotonic() < deadline, "the player never won a trick"
        page.evaluate(
            """() => { const card = document.querySelector("#hand.live button.card");
                       if (card && !document.querySelector(".trick.done")) card.click(); }"""
        )
        page.wait_for_timeout(30)
    page.locator("#hint").click()
    expect(page.locator(".trick.done")).to_have_count(0)  # the felt was drawn again
    expect(page.locator("#hint-text")).to_contain_text(HINT, timeout=60_000)
    page.wait_for_timeout(500)
    expect(page.locator("#hint-text")).to_contain_text(HINT)
    assert not errors, errors
