"""Ratings (issue 37, part 3) through the server: a finished match played through the table's
socket is recorded for each player who took a seat (casual or rated); a rated one moves the
ratings (the winner's up, the loser's down, both provisional), a casual one moves none; a rated
game left (the computer played on for a person gone past the timeout) counts as a loss, and the
second one left brings a cool-down; a player at two seats of one table is rated by nobody."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from briscola.apps.server.ratings import cooldown_until, rating_of
from briscola.apps.server.ratings.outcome import SeatOutcome
from briscola.apps.server.ratings.record import COOLDOWNS, record_match
from briscola.apps.server.ratings.schema import RatingRow
from briscola.apps.server.ratings.system import MU
from server.ratings_play import browser, play_out, player_id, results, sit, start
from server_helpers import TestClient, client_for

pytestmark = pytest.mark.server


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "ratings.db", human_timeout=0.2) as c:
        yield c


def ratings(client: TestClient) -> dict[tuple[str, str], tuple[float, int]]:
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        rows = conn.execute(sa.select(RatingRow)).all()
    return {(r.player_id, r.game): (r.mu, r.games) for r in rows}


def test_a_casual_game_is_recorded_for_each_player_and_moves_no_rating(
    client: TestClient,
) -> None:
    anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
    table_id, tokens = sit([anna, bruno], "classic")
    table = play_out(start(anna, table_id, tokens, [0, 1]), seed=1)
    rows = results(client, table_id)
    assert [(r.seat, r.player_id) for r in rows] == [(0, player_id(anna)), (1, player_id(bruno))]
    assert sum(r.points for r in rows) == 120 and all(r.deals == 1 for r in rows)
    assert [r.points for r in rows] == table["match"]["points"]
    outcomes = sorted(r.outcome for r in rows)
    assert outcomes in (["draw", "draw"], ["loss", "win"])
    winner = table["match"]["winner"]
    if winner is not None:
        assert rows[winner].outcome == "win" and rows[1 - winner].outcome == "loss"
    assert not any(r.rated or r.left for r in rows)
    assert all(r.rating_before is None and r.rating_after is None for r in rows)
    assert ratings(client) == {}  # casual: nobody's rating moved
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    assert rating_of(engine, player_id(anna), "classic") == MU


def test_a_rated_game_moves_the_winners_rating_up_and_the_losers_down(
    client: TestClient,
) -> None:
    anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
    for seed in range(1, 20):  # a game that is not drawn
        table_id, tokens = sit([anna, bruno], "classic", rated=True)
        table = play_out(start(anna, table_id, tokens, [0, 1]), seed=seed)
        rows = results(client, table_id)
        assert len(rows) == 2 and all(r.rated for r in rows)
        if table["match"]["winner"] is not None:
            break
    winner = rows[table["match"]["winner"]]
    loser = rows[1 - table["match"]["winner"]]
    assert (winner.outcome, loser.outcome) == ("win", "loss")
    assert winner.rating_after > winner.rating_before and loser.rating_after < loser.rating_before
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    assert rating_of(engine, winner.player_id, "classic") == pytest.approx(winner.rating_after)
    assert rating_of(engine, loser.player_id, "classic") == pytest.approx(loser.rating_after)
    games = ratings(client)[(winner.player_id, "classic")][1]
    assert games == seed  # one rated game more for each table played
    board = client.get("/api/leaderboard/classic").json()
    first = board["players"][0]
    assert first["username"] == ("anna" if winner.player_id == player_id(anna) else "bruno")
    assert first["provisional"] is True  # a few games only
    assert ratings(client).keys() == {(player_id(anna), "classic"), (player_id(bruno), "classic")}


def test_leaving_a_rated_game_counts_as_a_loss_and_leaving_again_brings_a_cool_down(
    client: TestClient,
) -> None:
    anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    bruno_id = player_id(bruno)
    for n in (1, 2):
        table_id, tokens = sit([anna, bruno], "classic", rated=True)
        # Bruno never comes: past the timeout the computer plays his seat to the end
        table = play_out(start(anna, table_id, tokens, [0]), seed=n)
        assert table["seats"][1]["autoplay"] is True
        left = {r.seat: r for r in results(client, table_id)}[1]
        assert left.left and left.outcome == "loss"  # whatever the computer made of his seat
        assert left.rating_after < left.rating_before
        until = cooldown_until(engine, bruno_id)
        if n == 1:
            assert until is None  # the first one left: no cool-down
        else:
            assert until is not None
            now = datetime.now(UTC)
            assert now < until <= now + COOLDOWNS[1]
            later = cooldown_until(engine, bruno_id, now + COOLDOWNS[1] + timedelta(seconds=1))
            assert later is None  # it ends
    assert cooldown_until(engine, player_id(anna)) is None  # Anna stayed


def test_a_player_at_two_seats_of_a_table_is_recorded_but_rated_by_nobody(
    client: TestClient,
) -> None:
    anna = browser(client, "Anna", "anna")
    table_id, tokens = sit([anna, anna], "classic", rated=True)
    play_out(start(anna, table_id, tokens, [0, 1]), seed=3)
    rows = results(client, table_id)
    assert [r.seat for r in rows] == [0, 1] and not any(r.rated for r in rows)
    assert ratings(client) == {}


def test_a_pairs_game_rates_the_sides_and_counts_for_every_player(client: TestClient) -> None:
    people = [browser(client, n, n.lower()) for n in ("Anna", "Bruno", "Carla", "Dario")]
    table_id, tokens = sit(people, "pairs", rated=True)
    table = play_out(start(people[0], table_id, tokens, [0, 1, 2, 3]), seed=5)
    rows = results(client, table_id)
    assert len(rows) == 4
    team = [r.seat % 2 for r in rows]  # pairs: seats 0 and 2 against 1 and 3
    for r in rows:
        mate = rows[(r.seat + 2) % 4]
        assert (r.outcome, r.points) == (mate.outcome, mate.points)
        assert r.points == table["match"]["points"][team[r.seat]]
        change = r.rating_after - r.rating_before
        assert (change > 0) if r.outcome == "win" else (change < 0 or r.outcome == "draw")


def test_a_finished_table_is_recorded_once(client: TestClient) -> None:
    anna, bruno = browser(client, "Anna", "anna"), browser(client, "Bruno", "bruno")
    table_id, tokens = sit([anna, bruno], "classic", rated=True)
    play_out(start(client, table_id, tokens, [0, 1]), seed=11)
    rows = results(client, table_id)
    before = ratings(client)
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    room = rooms._rooms.get(table_id)
    if room is not None:  # the last socket's going lets a finished table go: else now
        rooms.forget_if_finished(room)
    assert table_id not in rooms.table_ids()  # out of memory: loaded again when asked
    assert client.get(f"/api/tables/{table_id}/deals/0").status_code == 200  # loaded, over
    again = [SeatOutcome(0, side=0, rank=1, outcome="win"), SeatOutcome(1, side=1, rank=2)]
    engine = client.app.state.storage.engine  # type: ignore[attr-defined]
    record_match(engine, table_id, "classic", again, datetime.now(UTC))  # told twice: once
    assert results(client, table_id) == rows and ratings(client) == before
