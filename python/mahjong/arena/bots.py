"""The players of an arena: outside programs run as Botzone runs bots, and the built-in agents.

A program (:class:`ProgramBot`) is started the way the Botzone platform starts a bot (Botzone Wiki, page "Bot"):

* **a fresh process per turn**: each turn the program reads the whole history and answers once, then exits.
  In the JSON interaction the input is one line, ``{"requests": [...], "responses": [...], "data": ...,
  "globaldata": ..., "time_limit": ...}`` (the requests of every turn so far, this turn's last, and the
  program's own answers to the earlier ones) and the output one line of JSON, ``{"response": ..., "debug": ...,
  "data": ..., "globaldata": ...}``; ``data`` is handed back next turn, ``globaldata`` in the next games too.
  In the simple interaction the input is the turn number ``n``, then the ``2n - 1`` messages (request 1,
  response 1, ..., request n), then the saved data line and the global data; the output is the response line,
  then optionally a debug line, a data line and the global data.
* **the keep-running mode**: a program that prints the line ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its
  answer is kept running, and each later turn it is sent only that turn's request (one line: the request as a
  JSON string in the JSON interaction, the request itself in the simple one).  A kept program that has exited
  by the next turn is started afresh with the whole history.

Every turn runs under a wall-clock limit, its output under a size limit.  The platform's verdict on a turn is
``OK``, or what went wrong, under the names the judge's log shows: ``TLE`` (no answer in time), ``RE`` (the
program could not start, stopped with an error or died without answering), ``OLE`` (more output than the
limit), ``NJ`` (not the one line of JSON the JSON interaction asks for).  A program is run in a process group
of its own: a turn that goes wrong, and every program at the end of a game, is killed with its whole group, so
nothing it started outlives it.  Memory is not limited (``MLE`` is never given).

The four players of a Botzone table answer every request at once: :func:`ask_all` runs one turn of several
programs side by side, each with its own deadline, reading and writing all of them through one selector, so a
program that floods, hangs or never reads cannot hold up the others.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

__all__ = ["KEEP_RUNNING", "VERDICTS", "Reply", "ProgramBot", "ask_all"]

#: the line a program prints after its answer to be kept running
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: the platform's verdicts on a turn (the names the Botzone judge writes for a player's error)
VERDICTS = ("OK", "TLE", "RE", "OLE", "NJ")
_MARKER = KEEP_RUNNING.encode()
_CHUNK = 1 << 16
_SLICE = 0.02  # (seconds: how often a running program is looked at for its exit)
_EXIT_SLICE = 0.0005  # (seconds: the same once its output has ended: its exit follows at once)


@dataclass(frozen=True)
class Reply:
    """One player's answer to one request: the ``response`` text (None unless the verdict is ``OK``), the
    platform's ``verdict``, the wall-clock ``seconds`` the turn took and the program's ``debug`` text."""

    response: str | None
    verdict: str
    seconds: float = 0.0
    debug: str | None = None


class ProgramBot:
    """An outside program played as a Botzone bot.  ``argv`` is the command line (no shell); ``simple_io``
    chooses the simple interaction over JSON; ``time_limit`` is each turn's wall-clock limit in seconds,
    ``output_limit`` the most bytes a turn may print."""

    def __init__(self, argv: Sequence[str], *, simple_io: bool = False, time_limit: float = 1.0,
                 output_limit: int = 1 << 20, name: str | None = None) -> None:
        self.argv = list(argv)
        self.simple_io = simple_io
        self.time_limit = float(time_limit)
        self.output_limit = int(output_limit)
        self.name = name or " ".join(self.argv)
        self.globaldata: Any = ""
        self._proc: subprocess.Popen[bytes] | None = None
        self._kept = False
        self._line_open = False  # the keep-running line's end has not been read yet (it may come next turn)
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.data: Any = ""

    # --- a game ---------------------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Forget the last game's history (and stop a program kept running from it)."""
        self.stop()
        self.requests, self.responses, self.data = [], [], ""

    def stop(self) -> None:
        """Kill the program (with its process group) if one is running."""
        proc, self._proc, self._kept = self._proc, None, False
        if proc is not None:
            _kill(proc)

    # --- one turn -------------------------------------------------------------------------------------------

    def _full_input(self) -> bytes:
        if self.simple_io:
            lines = [str(len(self.requests))]
            for i, request in enumerate(self.requests):
                lines.append(request)
                if i < len(self.responses):
                    lines.append(self.responses[i])
            lines += [_line(self.data), _line(self.globaldata)]
            return ("\n".join(lines) + "\n").encode()
        obj = {"requests": self.requests, "responses": self.responses, "data": self.data,
               "globaldata": self.globaldata, "time_limit": self.time_limit}
        return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode()

    def _start(self, request: str) -> _Turn:
        self.requests.append(request)
        turn = _Turn(self)
        if self._proc is not None and self._kept and self._proc.poll() is None:
            turn.skip_newline = self._line_open
            text = request if self.simple_io else json.dumps(request, ensure_ascii=False)
            turn.begin(self._proc, (text + "\n").encode())
            return turn
        self.stop()
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, start_new_session=True)
        except (OSError, ValueError) as e:
            turn.end(Reply(None, "RE", 0.0, f"cannot start: {e}"))
            return turn
        self._proc = proc
        turn.begin(proc, self._full_input())
        return turn

    def _finish(self, turn: _Turn) -> Reply:
        """The reply of a finished turn: the program's answer read from its output, or the verdict."""
        reply = turn.reply
        assert reply is not None
        if reply.verdict != "OK":
            self.stop()
            return reply
        self._kept = turn.kept
        self._line_open = turn.line_open
        if not turn.kept:
            self.stop()  # (the program has exited; anything it left behind goes with its group)
        parsed = self._read_output(bytes(turn.out), reply.seconds)
        if parsed.verdict != "OK":
            self.stop()
        elif parsed.response is not None:
            self.responses.append(parsed.response)
        return parsed

    def _read_output(self, raw: bytes, seconds: float) -> Reply:
        text = raw.decode("utf-8", errors="replace")
        if self.simple_io:
            lines = text.split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            lines = [x.rstrip("\r") for x in lines]
            response = lines[0] if lines else ""
            debug = lines[1] if len(lines) > 1 else None
            if len(lines) > 2:
                self.data = lines[2]
            if len(lines) > 3:
                self.globaldata = "\n".join(lines[3:])
            return Reply(response, "OK", seconds, debug)
        line = next((x for x in text.split("\n") if x.strip()), "")
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            return Reply(None, "NJ", seconds, line[:200] or None)
        if not isinstance(obj, dict) or "response" not in obj:
            return Reply(None, "NJ", seconds, line[:200])
        response = obj["response"]
        if not isinstance(response, str):  # (the judge reads a response as text: anything else cannot be a move)
            response = json.dumps(response, ensure_ascii=False)
        if "data" in obj:
            self.data = obj["data"]
        if "globaldata" in obj:
            self.globaldata = obj["globaldata"]
        debug = obj.get("debug")
        return Reply(response, "OK", seconds, debug if isinstance(debug, str) else None)


def _line(value: Any) -> str:
    """Saved data as one line of the simple interaction's input."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text.replace("\r", " ").replace("\n", " ")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill a program and its process group, and reap it."""
    if os.name == "posix":
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        proc.kill()
    except OSError:
        pass
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:  # (a process the kernel cannot reap yet: left to the system)
        pass


class _Turn:
    """One program's turn in progress: the input still to write, the output read so far, its deadline."""

    def __init__(self, bot: ProgramBot) -> None:
        self.bot = bot
        self.proc: subprocess.Popen[bytes] | None = None
        self.todo = b""
        self.out = bytearray()
        self.start = time.monotonic()
        self.deadline = self.start + bot.time_limit
        self.reply: Reply | None = None
        self.kept = False
        self.line_open = False  # it printed the keep-running line, not yet the line's end
        self.skip_newline = False  # the output starts with the end of the last turn's keep-running line
        self.closed = False  # the program's output has ended

    def begin(self, proc: subprocess.Popen[bytes], data: bytes) -> None:
        self.proc, self.todo = proc, data
        for stream in (proc.stdin, proc.stdout):
            assert stream is not None
            os.set_blocking(stream.fileno(), False)
        self.start = time.monotonic()
        self.deadline = self.start + self.bot.time_limit

    def end(self, reply: Reply) -> None:
        if self.reply is None:
            self.reply = reply

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    @property
    def stdin(self) -> IO[bytes] | None:
        return self.proc.stdin if self.proc is not None else None

    @property
    def stdout(self) -> IO[bytes] | None:
        return self.proc.stdout if self.proc is not None else None

    def write(self) -> None:
        stream = self.stdin
        assert stream is not None
        try:
            n = os.write(stream.fileno(), self.todo[:_CHUNK])
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError):  # the program stopped reading: its output decides the turn
            self.todo = b""
            return
        self.todo = self.todo[n:]

    def read(self) -> None:
        stream = self.stdout
        assert stream is not None
        try:
            chunk = os.read(stream.fileno(), _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self.closed = True
            return
        if self.skip_newline:
            self.skip_newline = False
            chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk[1:] if chunk.startswith(b"\n") else chunk
        self.out += chunk
        if len(self.out) > self.bot.output_limit:
            self.end(Reply(None, "OLE", self.elapsed(), f"more than {self.bot.output_limit} bytes of output"))
            return
        at = self.out.find(_MARKER)
        if at >= 0 and (at == 0 or self.out[at - 1:at] == b"\n"):
            self.line_open = b"\n" not in self.out[at:]
            del self.out[at:]
            self.kept = True
            self.end(Reply("", "OK", self.elapsed()))

    def check_exit(self) -> None:
        """Once the program has exited, its exit decides the verdict (output still in the pipe read first; a
        program whose output is held open by a process it started counts as done when it exits itself)."""
        assert self.proc is not None
        code = self.proc.poll()
        if code is None:
            return
        while not self.closed and self.reply is None:
            before = len(self.out)
            self.read()
            if len(self.out) == before:
                break
        if self.reply is not None:
            return
        if code != 0:
            self.end(Reply(None, "RE", self.elapsed(), f"exit status {code}"))
        elif not self.out.strip():
            self.end(Reply(None, "RE", self.elapsed(), "exited without an answer"))
        else:
            self.end(Reply("", "OK", self.elapsed()))


def ask_all(pairs: Sequence[tuple[ProgramBot, str]]) -> list[Reply]:
    """One turn of several programs at once: each is sent its request and answers within its own time limit.
    The replies in the order given."""
    turns = [bot._start(request) for bot, request in pairs]
    sel = selectors.DefaultSelector()
    try:
        for t in turns:
            if t.reply is not None or t.proc is None:
                continue
            assert t.stdout is not None
            sel.register(t.stdout, selectors.EVENT_READ, t)
        _drive(turns, sel)
    finally:
        sel.close()
    return [t.bot._finish(t) for t in turns]


def _drive(turns: list[_Turn], sel: selectors.BaseSelector) -> None:
    writing: set[_Turn] = set()
    while True:
        live = [t for t in turns if t.reply is None]
        if not live:
            return
        now = time.monotonic()
        for t in live:
            if now >= t.deadline:
                t.end(Reply(None, "TLE", t.elapsed(), f"no answer within {t.bot.time_limit:g} s"))
            else:
                t.check_exit()
        for t in live:
            if t.reply is not None:
                _unregister(sel, t, writing)
            elif t.todo and t not in writing and t.stdin is not None:
                sel.register(t.stdin, selectors.EVENT_WRITE, t)
                writing.add(t)
            elif not t.todo and t in writing:
                assert t.stdin is not None
                sel.unregister(t.stdin)
                writing.discard(t)
        live = [t for t in live if t.reply is None]
        if not live:
            return
        wait = min(min(t.deadline for t in live) - time.monotonic(),
                   _EXIT_SLICE if any(t.closed for t in live) else _SLICE)
        for key, events in sel.select(max(0.0, wait)):
            t = key.data
            if t.reply is not None:
                continue
            if events & selectors.EVENT_WRITE and key.fileobj is t.stdin:
                t.write()
            if events & selectors.EVENT_READ and key.fileobj is t.stdout:
                t.read()
                if t.closed and t.stdout is not None:
                    sel.unregister(t.stdout)


def _unregister(sel: selectors.BaseSelector, t: _Turn, writing: set[_Turn]) -> None:
    for stream in (t.stdout, t.stdin):
        if stream is None:
            continue
        try:
            sel.unregister(stream)
        except (KeyError, ValueError):
            pass
    writing.discard(t)
