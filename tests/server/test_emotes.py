"""Quick messages and emotes at the table (issue 37, part 5): a closed set of ids, declared in
protocol.py, sent by a seat and shown to every seat and spectator; an unknown id is refused
(``bad_message``), a spectator cannot send one, and a seat may send one every EMOTE_GAP s."""

from __future__ import annotations

import re
import time

import pytest

from briscola.apps.server import room
from briscola.apps.server.protocol import EMOTES, EmoteMessage, EmoteShown
from server.test_spectators import Spectator
from server_helpers import TestClient, connect_all, make_table, nothing_pending, start_friends

pytestmark = pytest.mark.server


def test_the_emotes_are_a_closed_set_of_ids_without_cards_or_free_text() -> None:
    assert "bella_giocata" in EMOTES and "ciao" in EMOTES and len(EMOTES) == len(set(EMOTES))
    assert all(e.replace("_", "").isalpha() and e.islower() for e in EMOTES)
    assert set(EmoteMessage.model_fields) == {"type", "emote"}
    assert set(EmoteShown.model_fields) == {"type", "seat", "emote"}


def test_an_emote_reaches_every_seat_and_the_spectator(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "pairs", ["human"] * 4)
    players = connect_all(client, table_id, tokens)
    spectator = Spectator(client, table_id)
    spectator.recv()
    for p in players:
        assert p.recv()["type"] == "state"  # a spectator came
    players[1].send({"type": "emote", "emote": "bella_giocata"})
    shown = {"type": "emote", "seat": players[1].seat, "emote": "bella_giocata"}
    for q in [*players, spectator]:
        assert q.recv() == shown
    spectator.close()
    for p in players:
        p.close()


def test_an_unknown_emote_a_spectators_and_one_too_soon_are_refused(client: TestClient) -> None:
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    first, second = connect_all(client, table_id, tokens)
    spectator = Spectator(client, table_id)
    spectator.recv()
    for p in (first, second):
        p.recv()
    for wrong in ("Ad", "tengo l'asso", 7):  # a card, free text, no id: none is an emote
        first.send({"type": "emote", "emote": wrong})
        assert first.recv()["code"] == "bad_message"
    first.send({"type": "emote", "emote": "ciao", "text": "ho il tre"})
    assert first.recv()["code"] == "bad_message"
    spectator.send({"type": "emote", "emote": "ciao"})
    assert spectator.recv()["code"] == "spectator"
    first.send({"type": "emote", "emote": "ciao"})
    assert first.recv()["emote"] == "ciao" and second.recv()["emote"] == "ciao"
    first.send({"type": "emote", "emote": "grazie"})  # within EMOTE_GAP of the first
    refused = first.recv()
    assert refused["code"] == "rate_limited"
    assert re.search(r"\b[1-3] s\b", refused["message"]), refused  # the wait, within EMOTE_GAP
    second.send({"type": "emote", "emote": "grazie"})  # another seat has its own rate
    assert first.recv()["seat"] == second.seat
    spectator.close()
    first.close()
    second.close()


def test_a_seat_may_emote_again_after_the_gap(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(room, "EMOTE_GAP", 0.2)
    table_id, tokens, _ = make_table(client, "classic", ["human", "human"])
    first, second = connect_all(client, table_id, tokens)
    first.send({"type": "emote", "emote": "ciao"})
    assert first.recv()["emote"] == "ciao"
    time.sleep(0.25)
    first.send({"type": "emote", "emote": "smile"})
    assert first.recv()["emote"] == "smile"
    first.close()
    second.close()


def test_partners_may_not_emote_while_a_deal_is_played(client: TestClient) -> None:
    """At a table of partners an emote's timing could tell a partner about a hand (a sign the
    rules do not allow): refused while a deal is played (``emote_in_deal``), nobody told; at a
    table where each plays for itself it goes through."""
    _, _, players = start_friends(client, "pairs", ("human", "human", "human", "human"))
    players[0].send({"type": "emote", "emote": "bella_giocata"})
    refused = players[0].recv()
    assert refused["type"] == "error" and refused["code"] == "emote_in_deal", refused
    assert all(nothing_pending(p.ws) for p in players[1:])
    for p in players:
        p.close()
    _, _, alone = start_friends(client, "classic", ("human", "human"))
    alone[0].send({"type": "emote", "emote": "ciao"})
    assert alone[1].recv() == {"type": "emote", "seat": alone[0].seat, "emote": "ciao"}
    for p in alone:
        p.close()
