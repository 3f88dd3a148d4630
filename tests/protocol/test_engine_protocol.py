"""The stdio engine protocol: the engine's session and command, ExternalEngine, the JSON Schema,
and that a request carries only the observation of the seat to act."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from briscola.apps.protocol.engine import EngineSession, engine_command, serve
from briscola.apps.protocol.external import EngineError, ExternalEngine
from briscola.bots import make_bot
from briscola.core.codec import ObservationParseError
from briscola.core.game import State, new_game
from briscola.core.observation import Observation, observe, visible_seats
from briscola.core.rules import preset
from protocol_helpers import ENGINE, VALIDATOR, play_with_engine

VARIANTS = [
    ("classic", {}),
    ("classic", {"accusi": True, "exchange": "two"}),
    ("classic", {"exchange": "seven", "inversion": True, "direction": "clockwise"}),
    ("three", {}),
    ("pairs", {}),
    ("six", {}),
    ("scoperta", {}),
    ("chiamata", {}),
    ("chiamata", {"points_only_auction": True, "caller_leads": True}),
    ("chiamata", {"call_card": True}),  # a card called by rank and suit: "call Ad"
]


def random_states(name: str, options: dict[str, Any], games: int, seed: int = 0) -> list[State]:
    """Every state of a few games with random play."""
    rules = preset(name, **options)
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = new_game(rules, seed=seed + g, dealer=g % rules.players)
        out.append(state)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
            out.append(state)
    return out


# -- Observation.from_dict -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_observation_round_trips_through_json(name: str, options: dict[str, Any]) -> None:
    for state in random_states(name, options, games=2):
        for seat in range(state.players):
            obs = observe(state, seat)
            data = json.loads(json.dumps(obs.to_dict()))
            assert Observation.from_dict(data) == obs


def test_observation_from_dict_uses_a_default_ruleset() -> None:
    state = new_game(preset("pairs"), seed=1)
    obs = observe(state, state.turn or 0)
    data = obs.to_dict()
    del data["ruleset"]
    assert Observation.from_dict(data, default_ruleset=preset("pairs")) == obs
    partial = {**obs.to_dict(), "ruleset": {"preset": "pairs"}}
    assert Observation.from_dict(partial) == obs


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"hand": ["Zz"]}, "hand"),
        ({"hand": "Ad"}, "hand must be a list"),
        ({"seat": 7}, "seat must be a seat from 0 to 1"),
        ({"phase": "lunch"}, "phase must be one of"),
        ({"legal": ["bid 130"]}, "points bids run from 61 to 120"),
        ({"ruleset": {"players": 2, "colour": "red"}}, "unknown ruleset option 'colour'"),
        ({"trick": [[0]]}, "a play is [seat, card]"),
        ({"tricks": [{"leader": 0}]}, "tricks[0] has no 'plays'"),
        ({"hand_counts": [3]}, "hand_counts must list 2 seats"),
        ({"stock": -1}, "stock must be a whole number"),
    ],
)
def test_bad_observations_say_what_is_wrong(change: dict[str, Any], message: str) -> None:
    state = new_game(preset("classic"), seed=2)
    data = {**observe(state, state.turn or 0).to_dict(), **change}
    with pytest.raises(ObservationParseError, match=None) as info:
        Observation.from_dict(data)
    assert message in str(info.value)


def test_observation_from_dict_refuses_what_is_not_an_object() -> None:
    with pytest.raises(ObservationParseError, match="must be a JSON object"):
        Observation.from_dict([1, 2])
    with pytest.raises(ObservationParseError, match="no 'seat'"):
        Observation.from_dict({"ruleset": {"preset": "classic"}})


# -- the engine's session ------------------------------------------------------------------------


def act_line(state: State, **extra: Any) -> str:
    assert state.turn is not None
    return json.dumps({"type": "act", "observation": observe(state, state.turn).to_dict(), **extra})


def test_session_answers_every_kind_of_request() -> None:
    session = EngineSession("simple", seed=3)
    state = new_game(preset("classic"), seed=4)
    hello, go_on = session.handle('{"type": "hello", "id": "h"}')
    assert hello == {
        "type": "hello",
        "name": "briscola-simple",
        "version": hello["version"],
        "protocol": 1,
        "id": "h",
    }
    assert go_on
    reply, _ = session.handle(act_line(state, id=7))
    assert reply is not None and reply["type"] == "action" and reply["id"] == 7
    assert reply["action"] in [str(a) for a in state.legal_actions()]
    assert session.handle('{"type": "new_game", "seed": 5}') == ({"type": "ready"}, True)
    assert session.handle("   ") == (None, True)
    assert session.handle('{"type": "quit"}') == ({"type": "bye"}, False)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "a request must be a JSON object"),
        ('{"id": 1}', "the request has no 'type'"),
        ('{"type": "dance"}', "unknown request type 'dance'"),
        ('{"type": "act"}', "needs an 'observation'"),
        ('{"type": "act", "observation": 5}', "bad observation"),
        ('{"type": "act", "observation": {"seat": 0}}', "no 'ruleset'"),
        ('{"type": "new_game", "seed": "x"}', "seed must be a whole number"),
    ],
)
def test_bad_lines_get_errors(line: str, message: str) -> None:
    reply, go_on = EngineSession("random").handle(line)
    assert reply is not None and reply["type"] == "error" and message in reply["message"]
    assert go_on
    VALIDATOR.validate(reply)


def test_an_observation_of_a_seat_not_to_act_gets_an_error() -> None:
    state = new_game(preset("classic"), seed=1)
    other = 1 - (state.turn or 0)
    line = json.dumps({"type": "act", "observation": observe(state, other).to_dict()})
    reply, _ = EngineSession("simple").handle(line)
    assert reply is not None and "no legal action" in reply["message"]


def test_a_failing_bot_is_answered_with_an_error() -> None:
    class Broken:
        name = "broken"

        def act(self, obs: object) -> Any:
            raise RuntimeError("out of ideas")

    session = EngineSession("simple", bot_factory=lambda level, seed: Broken())
    reply, go_on = session.handle(act_line(new_game(preset("classic"), seed=1)))
    assert reply == {"type": "error", "message": "the bot failed: RuntimeError: out of ideas"}
    assert go_on


def test_serve_keeps_going_after_errors() -> None:
    state = new_game(preset("three"), seed=9)
    lines = ["garbage", '{"type": "hello"}', '{"type": "act"}', act_line(state), '{"type": "quit"}']
    lines.append('{"type": "hello"}')  # after quit: never read
    out = io.StringIO()
    assert serve(EngineSession("simple"), io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["error", "hello", "error", "action", "bye"]
    for reply in replies:
        VALIDATOR.validate(reply)


def test_the_engine_command_over_real_pipes() -> None:
    state = new_game(preset("pairs"), seed=3)
    data = observe(state, state.turn or 0).to_dict()
    del data["ruleset"]  # the engine's --preset supplies it
    lines = [
        '{"type": "hello", "id": 1}',
        "}{",
        json.dumps({"type": "act", "id": 2, "observation": data}),
        '{"type": "quit", "id": 3}',
    ]
    proc = subprocess.run(
        [*ENGINE, "--level", "simple", "--preset", "pairs", "--seed", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "error", "action", "bye"]
    assert replies[2]["action"] in data["legal"] and replies[2]["id"] == 2


def test_the_engine_command_refuses_an_unknown_level() -> None:
    app = typer.Typer()
    app.command()(engine_command)
    result = CliRunner().invoke(app, ["--level", "grandmaster"])
    assert result.exit_code == 2
    assert "unknown bot 'grandmaster'" in result.output


# -- ExternalEngine ------------------------------------------------------------------------------


def hidden_cards(state: State, seat: int) -> set[str]:
    """Cards in other hands that ``seat`` may not see (not shown, not publicly known)."""
    obs = observe(state, seat)
    shown = set(visible_seats(state, seat))
    known = {str(c) for _, cards in obs.known_cards for c in cards}
    return {
        str(c)
        for s, hand in enumerate(state.hands)
        if s != seat and s not in shown
        for c in hand
        if str(c) not in known
    } | {str(c) for c in state.stock if not (c == state.briscola and obs.briscola_on_table)}


@pytest.mark.parametrize("name", ["classic", "pairs"])
def test_external_engine_plays_a_whole_game_through_the_protocol(name: str) -> None:
    rules = preset(name)
    transcript: list[str] = []
    engine = ExternalEngine([*ENGINE, "--level", "simple"], transcript=transcript)
    opponent = make_bot("random", seed=1)
    state = new_game(rules, seed=11)
    engine_seats = {0, 2}  # in pairs: one engine plays both seats of team 0
    checked = 0

    def check(state: State, seat: int, obs: Observation) -> None:
        nonlocal checked
        request = json.loads(transcript[-2][2:])
        # the request is exactly the seat's observation, so no hidden card
        assert request["observation"] == json.loads(json.dumps(obs.to_dict()))
        text = transcript[-2]
        for card in hidden_cards(state, seat):
            assert f'"{card}"' not in text, (card, text)
        checked += 1

    bots = dict.fromkeys(range(rules.players), opponent)
    state, _ = play_with_engine(state, engine, engine_seats, bots, game=5, check=check)
    assert state.result().seat_points and checked >= 20 // rules.players * 2
    assert not engine.running
    assert engine.engine_name == "briscola-simple"
    for line in transcript:
        VALIDATOR.validate(json.loads(line[2:]))


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_every_request_and_reply_fits_the_schema(name: str, options: dict[str, Any]) -> None:
    session = EngineSession("simple", seed=1)
    for state in random_states(name, options, games=1, seed=5)[::3]:
        if state.turn is None:
            continue
        request = json.loads(act_line(state, id=1))
        VALIDATOR.validate(request)
        reply, _ = session.handle(json.dumps(request))
        VALIDATOR.validate(reply)


def test_the_schema_refuses_bad_messages() -> None:
    for bad in [
        {"type": "action", "action": "bid 130"},
        {"type": "action", "action": "Zz"},
        {"type": "hello", "name": "x", "version": "1", "protocol": 2},
        {"type": "act"},
        {"type": "act", "observation": {"seat": 0}},
        {"kind": "hello"},
    ]:
        assert not VALIDATOR.is_valid(bad), bad


def script(code: str) -> list[str]:
    return [sys.executable, "-c", code]


HELLO = (
    "import json, sys, time\n"
    "def say(d, req):\n"
    "    d['id'] = req['id']; print(json.dumps(d), flush=True)\n"
    "for line in sys.stdin:\n"
    "    req = json.loads(line)\n"
    "    if req['type'] == 'hello':\n"
    "        say({'type': 'hello', 'name': 't', 'version': '0', 'protocol': 1}, req)\n"
    "    else:\n"
)


def obs_to_act() -> Any:
    state = new_game(preset("classic"), seed=1)
    return observe(state, state.turn or 0)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("        time.sleep(30)\n", "did not answer within 0.5 s"),
        ("        sys.stderr.write('boom\\n'); sys.exit(3)\n", "exit code 3"),
        ("        say({'type': 'action', 'action': 'Zz'}, req)\n", "played 'Zz'"),
        ("        say({'type': 'action', 'action': 'declare d'}, req)\n", "not legal here"),
        (
            "        say({'type': 'error', 'message': 'no idea'}, req)\n",
            "answered an error: no idea",
        ),
        ("        print('hello there', flush=True)\n", "not JSON"),
        ("        say({'type': 'ready'}, req)\n", "answered an act request with"),
    ],
)
def test_external_engine_failures_are_clear(body: str, message: str) -> None:
    engine = ExternalEngine(script(HELLO + body), name="t", timeout=0.5)
    with pytest.raises(EngineError) as info:
        engine.act(obs_to_act())
    assert message in str(info.value)
    if "exit code" in message:
        assert "boom" in str(info.value)
    engine.close()
    assert not engine.running


def test_external_engine_start_failures() -> None:
    with pytest.raises(EngineError, match="cannot start engine"):
        ExternalEngine(["/no/such/engine"]).start()
    with pytest.raises(EngineError, match="speaks protocol 2"):
        code = (
            "import json, sys\n"
            "sys.stdin.readline()\n"
            "print(json.dumps({'type': 'hello', 'name': 'x', 'version': '0', 'protocol': 2}))\n"
        )
        ExternalEngine(script(code)).start()
    with pytest.raises(EngineError, match="exit code 0"):
        ExternalEngine(script("pass")).start()
    with pytest.raises(EngineError, match="cannot be empty"):
        ExternalEngine([])


def test_external_engine_after_it_is_closed() -> None:
    engine = ExternalEngine([*ENGINE, "--level", "random"])
    engine.start()
    engine.close()
    with pytest.raises(EngineError, match="not running"):
        engine.act(obs_to_act())


def test_an_engine_without_new_game_is_still_usable() -> None:
    body = (
        "        if req['type'] == 'new_game':\n"
        "            say({'type': 'error', 'message': 'what?'}, req)\n"
        "        else:\n"
        "            say({'type': 'action', 'action': req['observation']['legal'][0]}, req)\n"
    )
    with ExternalEngine(script(HELLO + body)) as engine:
        engine.new_game(1)
        engine.new_game(2)  # not asked again
        obs = obs_to_act()
        assert engine.act(obs) == obs.legal[0]
