"""Quick match in one process (issue 37, part 2; apps/server/lobby): people of similar rating
are seated together, the window widening as they wait; games of four or six gather as many and
balance the partners; rated games only for accounts (and not in a cool-down); the offer after
``lobby_offer_seconds`` and ``fill``; cancel; a matched seat's URL opens the table's socket and
the seats are linked to the players; no lobby message carries a card or another seat's token;
bad messages get worded ``{code, message}`` errors."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter
from starlette.testclient import WebSocketTestSession

from briscola.apps.server.lobby import service
from briscola.apps.server.lobby.messages import ServerLobbyMessage
from briscola.apps.server.players.accounts import Accounts
from briscola.apps.server.store import Storage
from briscola.core.rules import preset
from server_helpers import TestClient, client_for, hello, recv

pytestmark = pytest.mark.server

SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerLobbyMessage)
CARD = re.compile(r"\b(?:[1-7JQK]|10)[bcds]\b")  # a card as the notation writes it (2d, Kb...)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with client_for(tmp_path / "lobby.db", lobby_offer_seconds=0.6) as c:
        yield c


@pytest.fixture
def ratings(monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    """Each player's rating as the lobby reads it (by player id; 1500 when not given)."""
    given: dict[str, float] = {}
    monkeypatch.setattr(service, "rating_of", lambda engine, pid, game: given.get(pid, 1500.0))
    return given


class Person:
    """A browser of its own (its cookie), its lobby socket and every lobby message it got."""

    def __init__(self, client: TestClient, name: str, account: bool = False) -> None:
        self.client = TestClient(client.app)
        r = self.client.post("/api/players/guest", json={"name": name, "avatar": "🦊"})
        assert r.status_code == 200, r.text
        self.id = str(r.json()["id"])
        if account:
            body = {"username": f"u_{name.lower()}", "password": "correct horse battery"}
            r = self.client.post("/api/players/signup", json=body)
            assert r.status_code == 200, r.text
        self.messages: list[dict[str, Any]] = []
        self._cm: Any = None
        self.ws: WebSocketTestSession | None = None

    def open(self, lang: str = "en") -> dict[str, Any]:
        self._cm = self.client.websocket_connect(f"/ws/lobby?lang={lang}")
        self.ws = self._cm.__enter__()
        return self.recv()

    def close(self) -> None:
        if self._cm is not None:
            cm, self._cm = self._cm, None
            cm.__exit__(None, None, None)

    def send(self, message: dict[str, Any] | str) -> None:
        assert self.ws is not None
        self.ws.send_text(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        assert self.ws is not None
        message = recv(self.ws, timeout)
        SERVER_MESSAGE.validate_python(message)  # every message one of the declared ones
        self.messages.append(message)
        return message

    def until(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next message of type ``kind`` (others on the way are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.05, deadline - time.monotonic()))
            if message["type"] == kind:
                return message

    def during(self, seconds: float) -> list[str]:
        """The types of the messages that come in the next ``seconds``."""
        deadline, kinds = time.monotonic() + seconds, []
        while (left := deadline - time.monotonic()) > 0:
            try:
                kinds.append(self.recv(left)["type"])
            except TimeoutError:
                break
        return kinds

    def seek(self, game: str = "classic", **more: Any) -> dict[str, Any]:
        self.send({"type": "seek", "game": game, **more})
        return self.until("seeking")


@pytest.fixture
def people(client: TestClient) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for p in made:
        p.close()


def person(client: TestClient, people: list[Person], name: str, **kw: Any) -> Person:
    p = Person(client, name, **kw)
    people.append(p)
    p.open()
    return p


def storage_of(client: TestClient) -> Storage:
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return storage


def token_of(url: str) -> str:
    return url.split("#token=", 1)[1]


# -- matching -------------------------------------------------------------------------------------
def test_two_people_seeking_the_same_game_are_seated_together_and_their_seats_work(
    client: TestClient, people: list[Person], ratings: dict[str, float]
) -> None:
    anna, bruno = person(client, people, "Anna"), person(client, people, "Bruno")
    first = anna.seek()
    assert first["window"] == [1400, 1600] and first["rated"] is False
    bruno.seek()
    a, b = anna.until("matched"), bruno.until("matched")
    assert a["table_id"] == b["table_id"] and {a["seat"], b["seat"]} == {0, 1}
    table_id = a["table_id"]
    assert a["url"].startswith(f"/table/{table_id}?seat={a['seat']}#token=")
    accounts = Accounts(storage_of(client).engine)  # the seats are linked to their players
    assert accounts.seats(anna.id) == [(table_id, a["seat"])]
    assert accounts.seats(bruno.id) == [(table_id, b["seat"])]
    stored = storage_of(client).load(table_id)
    assert stored is not None and stored.started and stored.rated is False
    assert stored.ruleset["name"] == "classic"
    assert [s.name for s in stored.seats] == (
        ["Anna", "Bruno"] if a["seat"] == 0 else ["Bruno", "Anna"]
    )
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # the URL's token opens the seat
        ws.send_json(hello(token_of(a["url"])))
        state = recv(ws)
        assert state["type"] == "state" and state["seat"] == a["seat"]
    # hidden information: no card and no other seat's token in any lobby message
    for me, other in ((anna, b), (bruno, a)):
        text = json.dumps(me.messages)
        assert token_of(other["url"]) not in text and not CARD.search(text)


def test_ratings_far_apart_wait_until_their_windows_widen(
    client: TestClient, people: list[Person], ratings: dict[str, float]
) -> None:
    anna, bruno = person(client, people, "Anna"), person(client, people, "Bruno")
    ratings[anna.id], ratings[bruno.id] = 1500.0, 1640.0  # 140 apart: ±100 is not enough
    anna.seek()
    assert "matched" not in anna.during(1.0)
    assert bruno.seek()["window"] == [1540, 1740]
    assert "matched" not in anna.during(0.5) + bruno.during(0.1)
    widened = anna.until("seeking", timeout=6.0)  # after 5 s: ±150, Bruno's still ±100
    assert widened["window"] == [1350, 1650] and widened["waited"] >= 5
    assert anna.until("matched", timeout=3.0)["table_id"] == bruno.until("matched")["table_id"]


def test_different_games_or_rated_and_casual_are_not_seated_together(
    client: TestClient, people: list[Person], ratings: dict[str, float]
) -> None:
    anna = person(client, people, "Anna", account=True)
    bruno = person(client, people, "Bruno", account=True)
    carla = person(client, people, "Carla")
    anna.seek("classic", rated=True)
    bruno.seek("classic", rated=False)
    carla.seek("three")
    assert "matched" not in anna.during(0.4) + bruno.during(0.1) + carla.during(0.1)
    dario = person(client, people, "Dario", account=True)
    dario.seek("classic", rated=True)
    a, d = anna.until("matched"), dario.until("matched")
    assert a["table_id"] == d["table_id"]
    stored = storage_of(client).load(a["table_id"])
    assert stored is not None and stored.rated is True


def test_four_seekers_of_pairs_sit_at_one_table_with_partners_balanced(
    client: TestClient, people: list[Person], ratings: dict[str, float]
) -> None:
    four = [person(client, people, n) for n in ("Anna", "Bruno", "Carla", "Dario")]
    for p, r in zip(four, (1500, 1580, 1540, 1460), strict=True):
        ratings[p.id] = r
    for p in four[:3]:
        p.seek("pairs")
    assert "matched" not in four[0].during(0.4)  # three are not enough
    four[3].seek("pairs")
    matched = {p.id: p.until("matched") for p in four}
    assert len({m["table_id"] for m in matched.values()}) == 1
    seat = {pid: m["seat"] for pid, m in matched.items()}
    assert sorted(seat.values()) == [0, 1, 2, 3]
    rules = preset("pairs")
    side = [0.0, 0.0]
    for pid, s in seat.items():
        side[rules.team_of(s)] += ratings[pid]
    assert side[0] == side[1]  # 1580+1460 against 1540+1500: the best with the weakest


def test_six_seekers_of_six_are_gathered(
    client: TestClient, people: list[Person], ratings: dict[str, float]
) -> None:
    six = [person(client, people, f"P{i}") for i in range(6)]
    for p in six:
        p.seek("six")
    ids = {p.until("matched")["table_id"] for p in six}
    assert len(ids) == 1
    stored = storage_of(client).load(ids.pop())
    assert stored is not None and [s.kind for s in stored.seats] == ["human"] * 6


# -- rated ----------------------------------------------------------------------------------------
def test_a_guest_cannot_seek_a_rated_game_and_a_cool_down_refuses_one(
    client: TestClient, people: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    guest = person(client, people, "Ospite")
    guest.send({"type": "seek", "game": "classic", "rated": True})
    error = guest.until("error")
    assert error["code"] == "rated_needs_account" and "account" in error["message"]
    assert guest.seek("classic", rated=False)["rated"] is False  # casual is fine
    member = person(client, people, "Socia", account=True)
    until = datetime.now(UTC) + timedelta(minutes=10)
    monkeypatch.setattr(service, "cooldown_until", lambda engine, pid: until)
    member.send({"type": "seek", "game": "classic", "rated": True})
    error = member.until("error")
    assert error["code"] == "cooldown" and error["until"] == until.isoformat()
    monkeypatch.setattr(service, "cooldown_until", lambda engine, pid: until - timedelta(hours=1))
    assert member.seek("classic", rated=True)["rated"] is True  # the cool-down is over


# -- offer, fill, cancel --------------------------------------------------------------------------
def test_a_lone_seeker_is_offered_computer_players_and_fill_seats_them(
    client: TestClient, people: list[Person]
) -> None:
    anna = person(client, people, "Anna", account=True)
    anna.seek("pairs", rated=True)
    anna.send({"type": "fill"})  # before the offer: refused
    assert anna.until("error")["code"] == "no_offer"
    assert anna.until("offer", timeout=3.0) == {"type": "offer"}
    anna.send({"type": "fill"})
    matched = anna.until("matched")
    stored = storage_of(client).load(matched["table_id"])
    assert stored is not None and stored.rated is False  # with computer players: casual
    kinds = [s.kind for s in stored.seats]
    assert kinds.count("human") == 1 and kinds[matched["seat"]] == "human"
    assert all(s.bot == "simple" for s in stored.seats if s.kind == "bot")


def test_a_cancelled_seek_is_out_of_the_pool(client: TestClient, people: list[Person]) -> None:
    anna, bruno = person(client, people, "Anna"), person(client, people, "Bruno")
    anna.seek()
    anna.send({"type": "cancel"})
    bruno.seek()
    assert "matched" not in anna.during(0.5) + bruno.during(0.1)
    carla = person(client, people, "Carla")
    carla.seek()
    assert carla.until("matched")["table_id"] == bruno.until("matched")["table_id"]


def test_the_lobby_counts_online_searching_and_playing(
    client: TestClient, people: list[Person]
) -> None:
    anna, bruno = person(client, people, "Anna"), person(client, people, "Bruno")
    anna.seek()
    numbers = bruno.until("lobby", timeout=3.0)
    assert (numbers["online"], numbers["searching"]) == (2, 1)
    bruno.seek()
    a = anna.until("matched")
    with client.websocket_connect(f"/ws/{a['table_id']}") as ws:
        ws.send_json(hello(token_of(a["url"])))
        recv(ws)
        numbers = anna.until("lobby", timeout=3.0)
        while numbers["playing"] != 1:
            numbers = anna.until("lobby", timeout=3.0)
        assert numbers["searching"] == 0


# -- refusals -------------------------------------------------------------------------------------
def test_a_socket_without_a_player_is_refused(client: TestClient) -> None:
    nobody = TestClient(client.app)
    with nobody.websocket_connect("/ws/lobby?lang=it") as ws:
        error = recv(ws)
    assert error["code"] == "no_player" and error["message"].startswith("Nessun giocatore")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "bad_json"),
        ('{"type": "dance"}', "unknown_type"),
        ('{"type": "seek", "game": "classic", "colour": "red"}', "bad_message"),
        ('{"type": "seek", "game": "classic", "opponents": "aliens"}', "bad_message"),
        ('{"type": "seek", "game": "scoperta"}', "unknown_game"),
        ('{"type": "seek", "game": "classic", "options": {"nope": 1}}', "bad_options"),
        ("x" * 70_000, "too_large"),
    ],
)
def test_bad_messages_get_a_worded_error(
    client: TestClient, people: list[Person], text: str, code: str
) -> None:
    anna = Person(client, "Anna")
    people.append(anna)
    anna.open(lang="ro")
    anna.send(text)
    error = anna.until("error")
    assert error["code"] == code and error["message"]
    assert set(error) == {"type", "code", "message"}
    anna.send({"type": "seek", "game": "classic"})  # the socket goes on
    assert anna.until("seeking")["game"] == "classic"


def test_errors_are_worded_in_the_players_language(
    client: TestClient, people: list[Person]
) -> None:
    words = {}
    for lang in ("it", "en", "ro"):
        p = Person(client, "Anna")
        people.append(p)
        p.open(lang=lang)
        p.send({"type": "seek", "game": "classic", "rated": True})
        words[lang] = p.until("error")["message"]
    assert words["it"].startswith("Le partite valutate")
    assert words["en"].startswith("Rated games")
    assert words["ro"].startswith("Jocurile cu rating")


# -- open public tables -------------------------------------------------------------------------
def _tables(p: Person, count: int) -> list[dict[str, Any]]:
    """The open tables of the next ``lobby`` message that lists ``count``."""
    while True:
        tables: list[dict[str, Any]] = p.until("lobby", timeout=5.0)["tables"]
        if len(tables) == count:
            return tables


def test_a_public_table_is_listed_while_a_seat_is_free(
    client: TestClient, people: list[Person]
) -> None:
    host = TestClient(client.app)
    body = {"preset": "pairs", "host_name": "Zia Rosa 🌹", "seats": ["human", "bot:simple",
            "human", "bot:simple"]}  # fmt: skip
    private = host.post("/api/tables", json=body)
    public = host.post("/api/tables", json={**body, "public": True})
    assert private.status_code == public.status_code == 200, private.text
    anna = person(client, people, "Anna")
    (listed,) = _tables(anna, 1)
    table = public.json()
    assert listed == {"id": table["table_id"], "game": "pairs", "seats": 4, "free": 1,
                      "host": "Zia Rosa 🌹", "join_url": table["invite_url"]}  # fmt: skip
    assert table["token"] not in json.dumps(anna.messages)  # the host's token is never shown
    code = table["invite_url"].rsplit("/", 1)[1]
    joined = host.post(f"/api/tables/{table['table_id']}/join", json={"invite_code": code})
    assert joined.status_code == 200, joined.text
    assert _tables(anna, 0) == []  # full: no longer listed
