"""A bot that asks an external engine for its moves, through the stdio engine protocol.

:class:`ExternalEngine` spawns any command that speaks the protocol of
:mod:`briscola.apps.protocol.engine` (``docs/protocol.md``), greets it, and sends it one ``act``
request per decision: the observation of the seat to act, nothing more. It is a
:class:`~briscola.bots.Bot`, so it can sit at a table or play in the arena.

>>> import sys
>>> from briscola.core.game import new_game
>>> from briscola.core.observation import observe
>>> from briscola.core.rules import preset
>>> state = new_game(preset("classic"), seed=2)
>>> command = [sys.executable, "-m", "briscola.apps.protocol.engine", "--level", "random"]
>>> with ExternalEngine(command) as bot:
...     action = bot.act(observe(state, state.turn))
...     bot.engine_name
'briscola-random'
>>> action in state.legal_actions()
True

Every failure is an :class:`EngineError` that says what went wrong: a command that cannot start,
an engine that dies (with the end of what it wrote on stderr), one that does not answer in time
(it is stopped), an answer that is not JSON, an error reply, or an illegal move.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import queue
import shlex
import subprocess
import threading
import weakref
from collections import deque
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import IO, Any

from briscola.core.actions import Action, ActionParseError, parse_action
from briscola.core.observation import Observation

__all__ = ["EngineError", "ExternalEngine"]

PROTOCOL = 1
_EOF = object()


class EngineError(RuntimeError):
    """An external engine that cannot be started, died, timed out or answered wrongly."""


def _pump_stdout(stream: IO[str], lines: queue.Queue[object]) -> None:
    try:
        for line in iter(stream.readline, ""):
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def _pump_stderr(stream: IO[str], tail: deque[str]) -> None:
    try:
        for line in iter(stream.readline, ""):
            tail.append(line.rstrip("\n"))
    except (OSError, ValueError):
        pass


def _stop(proc: subprocess.Popen[str]) -> None:
    """Ask the process to quit (closing its stdin), then kill it if it lingers."""
    if proc.poll() is None:
        with contextlib.suppress(OSError, ValueError):
            assert proc.stdin is not None
            proc.stdin.write('{"type": "quit"}\n')
            proc.stdin.flush()
        with contextlib.suppress(OSError, ValueError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        with contextlib.suppress(OSError, ValueError):
            if stream is not None:
                stream.close()


class ExternalEngine:
    """A bot played by an external command speaking the engine protocol.

    ``command`` is the program and its arguments (a list, or one string split like a shell
    would). The process starts on the first request (or on :meth:`start`) and stays up until
    :meth:`close`, the end of a ``with`` block, or the bot being collected. ``timeout`` is the
    limit for one answer in seconds, ``start_timeout`` for the handshake. ``transcript``, when a
    list is given, receives every line sent (``"> …"``) and received (``"< …"``).
    """

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        name: str | None = None,
        timeout: float = 30.0,
        start_timeout: float = 60.0,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        transcript: list[str] | None = None,
    ) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise EngineError("an engine command cannot be empty")
        self.command: tuple[str, ...] = tuple(argv)
        self.name = name or " ".join(argv)
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.transcript = transcript
        self.engine_name: str | None = None
        self.engine_version: str | None = None
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._new_game_supported = True
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._stderr_thread: threading.Thread | None = None

    # -- the process ------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while the engine's process is alive."""
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start the process and greet it (done by the first request when not called)."""
        if self._proc is not None:
            if not self.running:
                raise self._died()
            return
        try:
            proc = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
                cwd=self.cwd,
                env=self.env,
            )
        except OSError as exc:
            raise EngineError(f"cannot start engine {self.name!r}: {exc}") from None
        self._proc = proc
        self._finalizer = weakref.finalize(self, _stop, proc)
        assert proc.stdout is not None and proc.stderr is not None
        threading.Thread(target=_pump_stdout, args=(proc.stdout, self._lines), daemon=True).start()
        self._stderr_thread = threading.Thread(
            target=_pump_stderr, args=(proc.stderr, self._stderr), daemon=True
        )
        self._stderr_thread.start()
        reply = self._request({"type": "hello"}, self.start_timeout)
        if reply.get("type") != "hello":
            self.close()
            raise EngineError(f"engine {self.name!r} answered the handshake with {reply!r}")
        if reply.get("protocol") != PROTOCOL:
            self.close()
            raise EngineError(
                f"engine {self.name!r} speaks protocol {reply.get('protocol')!r}, not {PROTOCOL}"
            )
        self.engine_name = str(reply.get("name", "")) or None
        self.engine_version = str(reply.get("version", "")) or None

    def close(self) -> None:
        """Ask the engine to quit and stop its process (it is killed if it lingers)."""
        if self._finalizer is not None:
            self._finalizer()

    def __enter__(self) -> ExternalEngine:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- the Bot protocol -------------------------------------------------------------------
    def act(self, obs: Observation) -> Action:
        """The engine's action for ``obs`` (the seat to act); :class:`EngineError` on failure."""
        if not obs.legal:
            raise ValueError(f"seat {obs.seat} has nothing to do: it is not its turn")
        reply = self.request({"type": "act", "observation": obs.to_dict()})
        if reply.get("type") != "action" or not isinstance(reply.get("action"), str):
            raise EngineError(f"engine {self.name!r} answered an act request with {reply!r}")
        text = reply["action"]
        try:
            action = parse_action(text)
        except ActionParseError as exc:
            raise EngineError(f"engine {self.name!r} played {text!r}: {exc}") from None
        if action not in obs.legal:
            legal = " ".join(str(a) for a in obs.legal)
            raise EngineError(
                f"engine {self.name!r} played {text!r}, which is not legal here (legal: {legal})"
            )
        return action

    def new_game(self, seed: int | None = None) -> None:
        """Tell the engine a new deal begins (a fresh bot, seeded when ``seed`` is given).

        An engine that answers this request with an error is not asked again.
        """
        if not self._new_game_supported:
            return
        try:
            self.request({"type": "new_game", "seed": seed})
        except _ErrorReply:
            self._new_game_supported = False

    # -- requests ---------------------------------------------------------------------------
    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Send one request and return its reply (an ``error`` reply raises EngineError)."""
        self.start()
        return self._request(message, self.timeout)

    def _request(self, message: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        with self._lock:
            proc = self._proc
            if proc is None or proc.poll() is not None:
                raise self._died()
            ident = next(self._ids)
            line = json.dumps({**message, "id": ident})
            if self.transcript is not None:
                self.transcript.append("> " + line)
            try:
                assert proc.stdin is not None
                proc.stdin.write(line + "\n")
                proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError):
                raise self._died() from None
            while True:
                try:
                    item = self._lines.get(timeout=timeout)
                except queue.Empty:
                    with contextlib.suppress(OSError):
                        proc.kill()  # it is stuck: no polite quit
                    self.close()
                    raise EngineError(
                        f"engine {self.name!r} did not answer within {timeout:g} s "
                        f"(to a {message.get('type')!r} request); it was stopped"
                    ) from None
                if item is _EOF:
                    raise self._died()
                assert isinstance(item, str)
                if not item.strip():
                    continue
                if self.transcript is not None:
                    self.transcript.append("< " + item.rstrip("\n"))
                try:
                    reply = json.loads(item)
                except json.JSONDecodeError:
                    raise EngineError(
                        f"engine {self.name!r} answered something that is not JSON: "
                        f"{item.strip()[:120]!r}"
                    ) from None
                if not isinstance(reply, dict):
                    raise EngineError(f"engine {self.name!r} answered {reply!r}, not an object")
                if "id" in reply and reply["id"] != ident:
                    continue  # a late answer to an earlier request
                if reply.get("type") == "error":
                    raise _ErrorReply(
                        f"engine {self.name!r} answered an error: {reply.get('message', '')}"
                    )
                return reply

    def _died(self) -> EngineError:
        proc = self._proc
        if proc is None:
            return EngineError(f"engine {self.name!r} is not running")
        try:
            code = proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        if self._stderr_thread is not None:
            self._stderr_thread.join(timeout=1)
        tail = "\n".join(self._stderr)
        where = f" (exit code {code})" if code is not None else ""
        detail = f"; its last words on stderr:\n{tail}" if tail else ""
        return EngineError(f"engine {self.name!r} is not running{where}{detail}")


class _ErrorReply(EngineError):
    """The engine answered ``{"type": "error"}``."""
