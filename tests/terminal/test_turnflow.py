"""One turn flow: the terminal game runs on the session's Table, so it tells the same events in
the same order as the server sends over its WebSocket for the same seeded game."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from briscola.apps.common import build_ruleset
from briscola.apps.terminal.game import GameOptions, TerminalGame
from briscola.core.match import Match, MatchFormat
from briscola.core.rules import preset
from briscola.session.events import DealStartedEvent
from briscola.session.table import Event, Seat, Table


def scripted(lines: Iterator[str]) -> Any:
    """A reader that gives ``lines`` in turn, then the end of input."""

    def read() -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    return read


def run_terminal(options: GameOptions, lines: Iterator[str]) -> tuple[TerminalGame, str]:
    out = io.StringIO()
    game = TerminalGame(options, Console(file=out, width=120), scripted(lines))
    game.run()
    return game, out.getvalue()


def human_actions(table: Table, seat: int) -> list[str]:
    """The actions ``seat`` took at ``table``, every deal in order, as text."""
    return [
        str(a) for d in table.deals for a, s in zip(d.actions, d.seats, strict=True) if s == seat
    ]


def replay_on_a_table(table: Table, seat: int, actions: list[str]) -> list[Event]:
    """Drive ``table`` as a front end would: ready between deals, bots by themselves, ``seat``'s
    ``actions`` in turn; every event in order."""
    events = table.start()
    moves = iter(actions)
    while table.status != "over":
        if table.status == "deal_over":
            events += table.ready(seat)
        elif table.bot_to_act() is not None:
            events += table.bot_move()
        else:
            events += table.submit(seat, next(moves))
    return events


CASES = [
    ("classic", "best-of:3", [], 0, None),
    ("three", "single", ["accusi=true"], 2, None),
    ("pairs", "points:150", ["exchange=two", "accusi=true"], 1, None),
    ("six", "single", [], 4, "random"),
    ("scoperta", "first-to:2", [], 1, None),
    ("chiamata", "deals:3", [], 3, None),
]


@pytest.mark.parametrize(("name", "fmt", "opts", "seat", "human_bot"), CASES)
def test_the_terminal_tells_the_events_a_table_gives_for_the_same_game(
    name: str, fmt: str, opts: list[str], seat: int, human_bot: str | None
) -> None:
    rules = build_ruleset(name, opts)
    seed = 40 + seat
    options = GameOptions(
        rules, "en", "random", seat, seed, MatchFormat.parse(fmt), human_bot=human_bot
    )
    game, out = run_terminal(options, iter(["1"] * 2000))
    assert game.table.status == "over"
    # the same game on a Table built here: same seats, seed and first dealer, same human moves
    dealer = random.Random(seed).randrange(rules.players)
    seats = [Seat.computer("random") for _ in range(rules.players)]
    seats[seat] = Seat.human("me")
    seats[seat].autoplay = human_bot is not None
    table = Table(rules, seats, fmt, seed, dealer=dealer, stand_in=human_bot or "random")
    events = replay_on_a_table(table, seat, human_actions(game.table, seat))
    assert game.events == events
    # and each event the human is told about is told once, in the human's words
    played = [e for e in events if e.type == "played"]
    assert len(re.findall(r"^(?:You play|\S+ plays) ", out, re.M)) == len(played)
    deals = [e for e in events if e.type == "deal_started"]
    assert len(re.findall(r"^=== Deal \d+ · dealer: ", out, re.M)) == len(deals)
    assert isinstance(deals[0], DealStartedEvent) and deals[0].dealer == dealer


def test_a_seed_gives_the_same_deals_as_before_the_table() -> None:
    """The terminal game's deals from a seed: the match deals from it, and the first dealer is
    drawn from it, as in the terminal's own loop before it ran on the table."""
    rules = preset("pairs")
    options = GameOptions(rules, seed=123, match=MatchFormat.parse("deals:2"), human_bot="simple")
    game, _ = run_terminal(options, iter(()))
    before = Match(rules, options.match, seed=123, dealer=random.Random(123).randrange(4))
    for deal in game.table.deals:
        state = before.deal()
        assert (deal.dealer, deal.deck) == (state.dealer, state.deck)
        while not state.is_over:
            state = state.apply(state.legal_actions()[0])
        before.record(state.result())


def test_without_a_seed_each_game_is_dealt_afresh() -> None:
    rules = preset("classic")
    decks = {
        run_terminal(GameOptions(rules, human_bot="simple"), iter(()))[0].table.deals[0].deck
        for _ in range(3)
    }
    assert len(decks) == 3


@pytest.mark.parametrize(
    ("name", "match", "options"),
    [
        ("classic", "best-of:3", {"exchange": "seven"}),
        ("pairs", "single", {"accusi": True}),
        ("chiamata", "deals:2", {}),
    ],
)
def test_the_terminal_and_the_server_tell_the_same_events_in_the_same_order(
    tmp_path: Path, name: str, match: str, options: dict[str, Any]
) -> None:
    # the web server only for this test: the other tests here do not need it to import
    from server_helpers import Player, client_for  # type: ignore[import-not-found]

    rng = random.Random(7)
    with client_for(tmp_path / "b.db") as client:
        body = {"preset": name, "level": "simple", "match": match, "options": options}
        r = client.post("/api/play", json=body)
        assert r.status_code == 200, r.text
        table_id = r.json()["table_id"]
        me = Player(client, table_id, 0, r.json()["token"])
        me.connect()
        sent: list[str] = []
        while me.last_state["table"]["status"] != "over":
            state = me.last_state
            obs = state["observation"]
            if state["table"]["status"] == "deal_over":
                me.send({"type": "next_deal"})
            elif state["table"]["status"] == "playing" and obs["turn"] == 0:
                sent.append(rng.choice(obs["legal"]))
                me.send({"type": "action", "action": sent[-1]})
            message = me.recv()
            assert message["type"] == "state", message
        server_events = [e for m in me.messages if m["type"] == "state" for e in m["events"]]
        stored = client.app.state.storage.load(table_id)
        assert stored is not None and stored.seed is not None
        me.close()
    rules = build_ruleset(name, [f"{k}={str(v).lower()}" for k, v in options.items()])
    terminal = GameOptions(
        rules, "it", "simple", 0, stored.seed, MatchFormat.parse(match), dealer=0
    )
    game, _ = run_terminal(terminal, iter(sent))
    told = [e.to_dict() for e in game.events]
    # the server started the table before the seat connected: its first deal_started came
    # with the first state, not as an event
    assert told[0]["type"] == "deal_started"
    assert told[1:] == server_events
    assert [e["type"] for e in server_events].count("played") >= 40
