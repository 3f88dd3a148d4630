"""«Impara a giocare» in the browser (js/table/lesson.js over the table page): from the home
page's button, each lesson walked to its end with the keyboard, in Italian, English and
Romanian; every explanation shown is the engine's (the hint at the player's turn, and why each
computer move was made, as GET /api/tables/{id}/hint and /why say them)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from browsing import MISSING, page_errors, served

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

RULE_STEPS = {"first": 5, "pairs": 4, "chiamata": 4}
NEXT = {"first": "pairs", "pairs": "chiamata"}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The game server, its engine thinking briefly (the same answers for the same question)."""
    from briscola.apps.server.app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/lessons.db", bot_delay=0)
        app.state.analysis_budget = 8
        with served(app) as url:
            yield url


# what the page is waiting for the player to do: "end" (the lesson is over), "play" (a card,
# the lesson's hint shown), "auction" (a bid or a pass), or false (the computers, the engine)
NEXT_MOVE = """() => {
  const v = window.briscolaTable, lesson = window.briscolaLesson, o = v.obs;
  if (document.querySelector("#lesson-end")) return "end";
  if (!o || o.turn !== v.seat || v.table.status !== "playing" || v.pending) return false;
  if (o.phase === "play") {
    const hinted = lesson.hint?.reason && lesson.hint.at === o.actions.length;
    return hinted && document.querySelector("#hand.live #lesson-hint, #hand.live") &&
      document.querySelector("#lesson-hint") ? "play" : false;
  }
  if (o.phase === "auction") return document.querySelector(".auction .btn-red") ? "auction" : false;
  return false;
}"""


def engine_says(page: Page, server: str, path: str, **headers: str) -> Any:
    r = page.request.get(server + path, headers=headers)
    assert r.ok, r.text()
    return r.json()["reason"]


def check_whys(page: Page, server: str, view: dict[str, Any], lang: str) -> int:
    """Each computer move the panel explains, against the engine's words for it; how many."""
    # read at once: the panel may redraw its list between two reads of a locator
    shown = page.eval_on_selector_all(
        "#lesson-why li.why", "els => els.map((e) => [e.dataset.move, e.innerText])"
    )
    for move, text in shown:
        path = f"/api/tables/{view['id']}/why?move={move}"
        said = engine_says(page, server, path, **{"X-Seat-Token": view["token"]})
        assert text == said[lang], move
    return len(shown)


def walk(page: Page, server: str, name: str, lang: str) -> None:
    """Lesson ``name``, open in ``page``: its rules step by step, then its play to its end."""
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    assert f"lesson={name}" in page.url
    page.focus("#lesson-next")
    rules = []
    for _ in range(RULE_STEPS[name]):
        rules.append(page.inner_text("#lesson-rule"))
        page.keyboard.press("Enter")  # the focus stays on "Avanti"
    assert len(set(rules)) == RULE_STEPS[name] and all(len(r) > 40 for r in rules)
    view = page.evaluate(
        "(() => { const v = window.briscolaTable; return {id: v.tableId, token: v.token,"
        " briscola: v.obs.briscola, trump: v.obs.trump}; })()"
    )
    if name == "first":  # the deal's own briscola in the rule that names it
        card = page.evaluate(
            "async (c) => (await import('/static/js/common/i18n.js')).cardName(c)",
            view["briscola"],
        )
        assert card in rules[1]
    explained = 0
    while True:
        todo = page.wait_for_function(NEXT_MOVE, timeout=60_000).json_value()
        explained += check_whys(page, server, view, lang)
        if todo == "end":
            break
        if todo == "play":
            hint = engine_says(
                page, server, f"/api/tables/{view['id']}/hint", **{"X-Seat-Token": view["token"]}
            )
            assert page.inner_text("#lesson-hint") == hint[lang]
            page.keyboard.press("1")  # the first card of the hand
        else:
            page.click(".auction .btn-red")  # pass
        page.wait_for_function("!window.briscolaTable.pending")
    assert explained > 0, "no computer move was explained"
    assert page.inner_text("#lesson-end")


@pytest.mark.parametrize("lang", ["it", "en", "ro"])
def test_every_lesson_walked_to_its_end(contexts: Any, server: str, lang: str) -> None:
    page = contexts(1366, 768, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    page.goto(f"{server}/")
    page.click(f'.lang-switch button[data-lang="{lang}"]')  # kept for the pages that follow
    page.click("#learn")
    page.wait_for_url("**/table/**lesson=first**")
    for name in ("first", "pairs", "chiamata"):
        walk(page, server, name, lang)
        if name == "first":
            table = page.evaluate("window.briscolaTable.table")
            points = table["result"]["seat_points"]
            assert str(points[0]) in page.inner_text("#lesson-end")
        if name in NEXT:
            page.click("#lesson-more")
            page.wait_for_url(f"**lesson={NEXT[name]}**")
        else:
            assert page.locator("#lesson-more").count() == 0
            assert page.locator("#lesson-home").is_visible()
    assert errors == []


def test_the_panel_hides_and_shows_and_the_table_keeps_its_room(contexts: Any, server: str) -> None:
    page = contexts(390, 844, reduced_motion="reduce").new_page()
    made = page.request.post(server + "/api/lessons/first", data={"lang": "it"}).json()
    page.goto(server + made["url"])
    page.wait_for_selector("#lesson-rule")
    felt = page.locator(".felt").bounding_box()
    panel = page.locator("#lesson").bounding_box()
    assert felt and panel and panel["y"] >= felt["y"] + felt["height"]  # under the table
    page.focus("#lesson-hide")
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson-show:focus")
    bigger = page.locator(".felt").bounding_box()
    assert bigger and bigger["height"] > felt["height"]
    page.keyboard.press("Enter")
    page.wait_for_selector("#lesson-hide:focus")
    assert page.locator("#lesson-rule").is_visible()
    # the home page's "resume" link opens the table without lesson=: the lesson comes back
    page.goto(f"{server}/table/{made['table_id']}?seat=0")
    page.wait_for_selector("#lesson-rule")


def test_another_table_shows_no_lesson(contexts: Any, server: str) -> None:
    page = contexts(1366, 768).new_page()
    made = page.request.post(server + "/api/play", data={"preset": "classic"}).json()
    page.goto(server + made["url"].replace("#", "&lesson=nope#"))
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")
    assert page.locator("#lesson").count() == 0
