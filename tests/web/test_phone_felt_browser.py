"""The felt on a phone (issue 36) in Debian's Chromium: the trump suit's label lies whole inside
the felt, at the start of a deal of pairs and once the stock is empty, at 390 and 320 px wide
and in Italian and Romanian."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, MY_TURN, page_errors, served

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
Contexts = Callable[..., "BrowserContext"]

# the trump labels shown that lie (in part) outside the felt's cloth, or whose words are cut
LABELS_CUT = """() => {
  const felt = document.querySelector('.felt');
  const f = felt.getBoundingClientRect();
  const cloth = {left: f.left + felt.clientLeft, top: f.top + felt.clientTop,
                 right: f.left + felt.clientLeft + felt.clientWidth,
                 bottom: f.top + felt.clientTop + felt.clientHeight};
  return [...felt.querySelectorAll('.trump-label')].filter((e) => e.getClientRects().length)
    .filter((e) => { const r = e.getBoundingClientRect();
      return r.left < cloth.left - 0.5 || r.right > cloth.right + 0.5 || r.top < cloth.top - 0.5
        || r.bottom > cloth.bottom + 0.5 || e.scrollWidth > e.clientWidth + 0.5; })
    .map((e) => e.textContent);
}"""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that holds no finished trick (nor do its clients), computers without delay."""
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("phone") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0, trick_hold=0)) as url:
        yield url


def _open(page: Page, server: str, preset: str) -> None:
    made = page.request.post(server + "/api/play", data={"preset": preset}).json()
    page.goto(server + made["url"])
    page.wait_for_function("window.briscolaTable && window.briscolaTable.msg")


def _empty_the_stock(page: Page) -> None:
    deadline = time.monotonic() + 60
    while page.evaluate("window.briscolaTable.obs.stock") > 0:
        assert time.monotonic() < deadline, "the stock was not emptied in time"
        page.evaluate(
            """() => { const c = document.querySelector("#hand.live button.card");
                       if (c) c.click(); }"""
        )
        page.wait_for_timeout(60)
    page.wait_for_timeout(200)


@pytest.mark.parametrize("lang", ["it", "ro"])
def test_the_trump_label_is_whole_on_a_phone(
    quick_server: str, contexts: Contexts, lang: str
) -> None:
    for width, height in ((390, 844), (320, 568)):
        context = contexts(width, height, reduced_motion="reduce")
        context.add_init_script(f"localStorage.setItem('briscola.lang', '{lang}')")
        page = context.new_page()
        errors = page_errors(page)
        for preset in ("pairs", "classic"):
            _open(page, quick_server, preset)
            assert not page.evaluate(LABELS_CUT), (lang, width, preset, "start")
            _empty_the_stock(page)
            assert not page.evaluate(LABELS_CUT), (lang, width, preset, "stock empty")
        assert not errors, errors


# Seat i named names[i] (seat 1 a person, so that its avatar shows its initial), every other seat's
# card in the trick; the trick's name labels and seat 1's avatar
NAMED_TRICK = """(names) => {
  const v = window.briscolaTable; const m = structuredClone(v.msg);
  m.table.seats.forEach((s, i) => { s.name = names[i]; });
  m.table.seats[1].kind = 'human';
  const cards = ['Ad', '3c', 'Rs', 'Fb', '7d', '2s'];
  m.observation.trick = m.table.seats.map((_, i) => [i, cards[i]]).filter(([i]) => i !== m.seat);
  m.events = []; v.onState(m);
  return {labels: [...document.querySelectorAll('.trick .played .by')].map(
            (e) => ({text: e.textContent, title: e.title, cut: e.scrollWidth > e.clientWidth})),
          avatar: document.querySelector('.seat[data-seat="1"] .avatar').textContent};
}"""


@pytest.mark.parametrize("width, height", [(390, 844), (320, 568)])
def test_names_on_the_trick_tell_the_players_apart(
    quick_server: str, contexts: Contexts, width: int, height: int
) -> None:
    """Six players, four of them Mar…: each card's label is whole and names one player only (it
    was "Ma…" for Marco, Matteo and Marta); an emoji opening a name is the avatar's letter."""
    page = contexts(width, height, reduced_motion="reduce").new_page()
    errors = page_errors(page)
    _open(page, quick_server, "six")
    page.wait_for_function(MY_TURN)
    names = ["Anna", "😀Bea", "Marco", "Matteo", "Marta", "Mariangela"]
    got = page.evaluate(NAMED_TRICK, names)
    labels = got["labels"]
    assert len(labels) == 5, labels
    assert not [x for x in labels if x["cut"]], labels
    shown = [x["text"] for x in labels]
    assert len(set(shown)) == 5, shown
    for label in labels:  # each label begins its own player's name, and no other's
        assert [n for n in names if n.startswith(label["text"])] == [label["title"]], label
    assert got["avatar"] == "😀", got
    assert not errors, errors
