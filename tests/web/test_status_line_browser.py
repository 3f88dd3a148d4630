"""The felt's status line on the narrowest phone (issue 36's leftover): a line naming a player
with a long name ("Tocca a Massimiliano Bartolomeo") wraps inside the felt's cloth instead of
running past it, for a player and for a spectator, at 320 px."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from browsing import MISSING, TIMEOUT_MS, served

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
if MISSING is None:
    from playwright.sync_api import expect

LONG = "Massimiliano Bartolomeo"
GUEST = "Gianfranco Bonaventura"

# how far the status line lies outside the felt's cloth, in px (0 when inside)
PAST_THE_CLOTH = """() => {
  const felt = document.querySelector('.felt');
  const f = felt.getBoundingClientRect();
  const left = f.left + felt.clientLeft, right = left + felt.clientWidth;
  const r = document.querySelector('#turn-status').getBoundingClientRect();
  return Math.max(0, left - r.left, r.right - right);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from briscola.apps.server.app import create_app

    db = tmp_path_factory.mktemp("status") / "briscola.db"
    with served(create_app(f"sqlite:///{db}", bot_delay=0)) as url:
        yield url


def _page(browser: Browser) -> Page:
    ctx = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True)
    ctx.set_default_timeout(TIMEOUT_MS)
    ctx.set_default_navigation_timeout(3 * TIMEOUT_MS)
    return ctx.new_page()


def test_a_long_name_in_the_status_line_stays_on_the_felt(browser: Browser, server: str) -> None:
    host, watcher = _page(browser), _page(browser)
    try:
        made = host.request.post(
            server + "/api/tables",
            data={"preset": "classic", "seats": ["human", "human"], "host_name": LONG},
        ).json()
        host.request.post(
            f"{server}/api/tables/{made['table_id']}/join",
            data={"invite_code": made["invite_code"], "name": GUEST},
        )
        host.request.post(
            f"{server}/api/tables/{made['table_id']}/start", data={"token": made["token"]}
        )
        watcher.goto(f"{server}/watch/{made['table_id']}")
        host.goto(server + made["url"])
        for page in (watcher, host):
            status = page.locator("#turn-status")
            expect(status).to_contain_text("Tocca")
            assert page.evaluate(PAST_THE_CLOTH) <= 0.5, status.text_content()
        # the spectator's line names the player to move whole, on more than one line if need be
        expect(watcher.locator("#turn-status")).to_contain_text(re.compile(f"{LONG}|{GUEST}"))
    finally:
        host.context.close()
        watcher.context.close()
