"""Tables served by ``mahjong serve``: people and agents playing any rule set in the browser.

Routes (mounted by :func:`mahjong.web.app.create_app`):

* ``POST /api/tables`` ``{"rules", "options"?, "seats": ["human" | agent name, ...], "hands"?, "timing"?}`` makes a
  table (:class:`mahjong.table.Table`) and answers 201 with its id, a join link with a token per person's seat,
  the spectators' link and the log's address;
* ``GET /api/tables/{id}`` the table's public description; ``GET /api/tables/{id}/log`` the match log of its
  finished hands (JSON lines: ``mahjong verify`` checks it);
* ``WS /ws/tables/{id}?seat=N&token=T`` one person's seat: frames of :class:`~mahjong.table.Table` out (a
  ``snapshot``, then ``update`` / ``answered`` / ``error``), ``{"type": "act", "action": {...}}``,
  ``{"type": "next"}`` and ``{"type": "ping"}`` in; ``WS /ws/tables/{id}`` without a seat watches as a spectator;
* ``GET /table`` the page (``static/table.html``).

Each table runs in the server's event loop: a task ticks it at its next deadline, or when an answer or a
connection arrives.  Everything is bounded (:class:`Limits`): tables per server, watchers per table, the size and
rate of incoming frames (a flood is closed), idle connections, frames waiting for a slow client, and how long a
finished table is kept.  A bad frame, a forged seat or token, or an answer out of turn is refused with an
``error`` frame (the English message, its code and its Chinese text); the table goes on and its log loses nothing.
"""

from __future__ import annotations

import asyncio
import hmac
import inspect
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from mahjong import report
from mahjong.errors import MahjongError
from mahjong.game.agents import AGENTS
from mahjong.table import HUMAN, MAX_HANDS, Table, TableError, Timing, encode
from mahjong.table.table import TIMING_LIMITS
from mahjong.web.api import Operation, Text, _Body, _validated

# --- what the routes take and answer (their models make the API document, /openapi.json) ---------------------------

#: what each clock of a table is (the keys of ``timing``: :class:`mahjong.table.Timing`'s fields)
CLOCKS = {
    "claim": "the claim window after every discard (and the robbing window after an added kong), the same length "
             "whether or not anybody can claim",
    "turn": "a seat's time for one decision; when it runs out the seat's bank runs",
    "bank": "a seat's spare time for the whole hand, spent after its turn's time",
    "away": "a person's time for a decision while nobody is connected for the seat",
    "agent": "how long an agent waits before it answers, so that people can follow the play",
    "between": "the pause after a hand before the next begins",
}


def _fill(kind: str, extra: dict[str, Any] | Callable[[], dict[str, Any]]) -> Any:
    """A ``json_schema_extra`` that adds ``extra`` to the ``kind`` branch of a field's schema (the branch that is
    not ``null`` in an optional field): the facts the table checks itself, stated in the document."""

    def fill(schema: dict[str, Any]) -> None:
        for branch in schema.get("anyOf", [schema]):
            if branch.get("type") == kind:
                branch.update(extra() if callable(extra) else extra)

    return fill


def _seat_counts() -> dict[str, Any]:
    counts = [len(r["seats"]) for r in report.rulesets()]
    return {"minItems": min(counts), "maxItems": max(counts),
            "items": {"type": "string", "enum": [HUMAN, *AGENTS]}}


def _timing() -> dict[str, Any]:
    default = Timing()
    return {"additionalProperties": False, "properties": {
        name: {"type": "number", "minimum": low, "maximum": high, "default": getattr(default, name),
               "description": CLOCKS[name]} for name, (low, high) in TIMING_LIMITS.items()}}


_HANDS = inspect.signature(Table).parameters["hands"].default


class TableRequest(_Body):
    """A table to make: the rule set, its options, who sits at each seat, how many hands, the clocks."""

    rules: Text = Field(description="a rule set (any name `GET /api/rules` lists)")
    options: dict[str, Any] | None = Field(
        None, description="the rule set's options and how its hands are played (`GET /api/rules/{name}` lists "
                          "both)")
    seats: list[str] = Field(
        description=f"who plays each seat, as many as the rule set has: \"{HUMAN}\" (a person, who joins with the "
                    f"seat's link) or an agent ({', '.join(AGENTS)})",
        json_schema_extra=_fill("array", _seat_counts))
    hands: int | None = Field(None, description=f"how many hands the match has (default {_HANDS})",
                              json_schema_extra=_fill("integer", {"minimum": 1, "maximum": MAX_HANDS}))
    timing: dict[str, float] | None = Field(None, description="the clocks, in seconds (each left out keeps its "
                                                              "default)",
                                            json_schema_extra=_fill("object", _timing))


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TableInfo(_Answer):
    """A table's public description: what it plays and how far it is."""

    id: str
    rules: str
    options: dict[str, Any]
    seats: list[str] = Field(description="who plays each seat: \"human\" or an agent's name")
    hands: int = Field(description="the hands of the match")
    timing: dict[str, float] = Field(description="the clocks, in seconds")
    played: int = Field(description="the hands finished so far")
    over: bool = Field(description="the match has ended")
    connected: list[bool] = Field(description="whether each seat has a connection now")


class SeatLink(_Answer):
    """One seat of a table just made: a person's seat comes with its token and its join link."""

    seat: int
    kind: str = Field(description="\"human\" or the agent playing the seat")
    token: str | None = Field(None, description="(a person's seat) the token that opens the seat: give it to "
                                                "its player alone")
    join: str | None = Field(None, description="(a person's seat) the page's address for its player, token "
                                               "included")


class TableMade(_Answer):
    """A table just made: its id, its description, its seats with their links, and its other addresses."""

    id: str
    table: TableInfo
    seats: list[SeatLink]
    watch: str = Field(description="the page's address for spectators")
    socket: str = Field(description="the WebSocket: add ?seat=N&token=T to play a seat, nothing to watch")
    log: str = Field(description="the address of the match log")


#: the tables' HTTP routes as ``/openapi.json`` describes them (the app adds them to the calculator's)
OPERATIONS: tuple[Operation, ...] = (
    Operation("POST", "/api/tables", "create_table", "make a table: a match of a rule set for people and agents",
              TableRequest, TableMade, answer="the table made, with a join link per person's seat", status=201,
              refusals=(503,)),
    Operation("GET", "/api/tables/{id}", "table_info", "a table's public description", response=TableInfo,
              answer="what the table plays and how far it is"),
    Operation("GET", "/api/tables/{id}/log", "table_log", "the match log of a table's finished hands",
              answer="JSON lines: the table, then each hand's commitment, events and revealed seed "
                     "(`mahjong verify` checks it)", media_type="application/x-ndjson"),
)

__all__ = ["Limits", "TableServer", "encode", "TableRequest", "TableInfo", "TableMade", "SeatLink", "OPERATIONS",
           "CLOCKS"]

log = logging.getLogger("mahjong.web.tables")


@dataclass(frozen=True)
class Limits:
    """The server's bounds."""

    tables: int = 256  #: tables at once (a finished one is dropped first to make room)
    watchers: int = 64  #: connections per table (seats and spectators)
    frame_bytes: int = 4096  #: the largest frame a client may send
    frames_per_second: float = 20.0  #: a client's sustained rate of frames ...
    burst: int = 40  #: ... and the frames it may send at once
    flood: int = 100  #: frames refused for their rate before the connection is closed
    idle_seconds: float = 120.0  #: a connection that sends nothing for this long is closed (the page pings)
    send_queue: int = 256  #: frames waiting for a slow client before it is closed (it reconnects)
    keep_seconds: float = 900.0  #: how long a finished table (and its log) is kept


@dataclass
class _Room:
    table: Table
    tokens: dict[int, str]
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    watchers: int = 0
    ended_at: float | None = None
    closers: set[Callable[[], Awaitable[None]]] = field(default_factory=set)


class _Bucket:
    """A token bucket: ``rate`` frames per second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


_CLOSE_REFUSED = 4403  # a forged seat or token
_CLOSE_NOT_FOUND = 4404  # no such table
_CLOSE_FLOOD = 4429  # too many frames, too many watchers, or a client too slow to read
_CLOSE_IDLE = 4408  # nothing sent for too long
_CLOSE_GONE = 4410  # the table was dropped


class TableServer:
    """The tables of one app.  ``read_json`` reads a request body (the app's, bounded), ``error`` makes an error
    response (the app's shape)."""

    def __init__(self, read_json: Callable[[Request], Awaitable[Any]],
                 error: Callable[[int, str, str, MahjongError | None], Response], limits: Limits | None = None, *,
                 page: Path) -> None:
        self.read_json, self.error = read_json, error
        self.page = page  # (the table's page, table.html: the app's static files, which the app names)
        self.limits = limits if limits is not None else Limits()
        self.rooms: dict[str, _Room] = {}

    # --- routes ---------------------------------------------------------------------------------------------------

    def routes(self) -> list[Any]:
        return [
            Route("/table", self._page, methods=["GET"]),
            Route("/api/tables", self._create, methods=["POST"]),
            Route("/api/tables/{id}", self._info, methods=["GET"]),
            Route("/api/tables/{id}/log", self._log, methods=["GET"]),
            WebSocketRoute("/ws/tables/{id}", self._socket),
        ]

    @asynccontextmanager
    async def lifespan(self, app: Any) -> AsyncIterator[None]:
        try:
            yield
        finally:
            for room in list(self.rooms.values()):
                self._drop(room)

    async def _page(self, request: Request) -> Response:
        return FileResponse(self.page, media_type="text/html; charset=utf-8")

    def _room(self, request: Request) -> _Room | Response:
        room = self.rooms.get(request.path_params["id"])
        if room is None:
            err = TableError(f"no table {request.path_params['id'][:80]!r} (it may have ended and been dropped)")
            return self.error(404, str(err), "TableError", err)
        return room

    async def _info(self, request: Request) -> Response:
        room = self._room(request)
        if isinstance(room, Response):
            return room
        return JSONResponse(room.table.info())

    async def _log(self, request: Request) -> Response:
        room = self._room(request)
        if isinstance(room, Response):
            return room
        return PlainTextResponse(room.table.log(), media_type="application/x-ndjson; charset=utf-8")

    async def _create(self, request: Request) -> Response:
        req: TableRequest = _validated(TableRequest, await self.read_json(request))
        try:
            self._make_room_for_one()
        except TableError as e:
            return self.error(503, str(e), "TableError", e)
        timing = Timing.from_dict(req.timing) if req.timing is not None else Timing()
        loop = asyncio.get_running_loop()
        table = Table(req.rules, req.seats, options=req.options, hands=_HANDS if req.hands is None else req.hands,
                      timing=timing, clock=loop.time)
        room = _Room(table, {p: secrets.token_urlsafe(16) for p in table.humans})
        self.rooms[table.id] = room
        room.task = asyncio.create_task(self._drive(room))
        base = f"/table?id={table.id}"
        seats = []
        for p, kind in enumerate(table.kinds):
            entry: dict[str, Any] = {"seat": p, "kind": kind}
            if p in room.tokens:
                entry["token"] = room.tokens[p]
                entry["join"] = f"{base}&seat={p}&token={room.tokens[p]}"
            seats.append(entry)
        return JSONResponse({"id": table.id, "table": table.info(), "seats": seats, "watch": base,
                             "socket": f"/ws/tables/{table.id}", "log": f"/api/tables/{table.id}/log"},
                            status_code=201)

    def _make_room_for_one(self) -> None:
        if len(self.rooms) < self.limits.tables:
            return
        ended = sorted((r.ended_at, tid) for tid, r in self.rooms.items() if r.ended_at is not None)
        if ended:
            self._drop(self.rooms[ended[0][1]])
            return
        raise TableError(f"the server already runs {self.limits.tables} tables: try again when one has ended")

    # --- driving a table ------------------------------------------------------------------------------------------

    async def _drive(self, room: _Room) -> None:
        """Tick the table at its next deadline (or when woken by an answer or a connection); drop it a while after
        the match ends."""
        loop = asyncio.get_running_loop()
        table = room.table
        try:
            while True:
                table.tick()
                if table.over and room.ended_at is None:
                    room.ended_at = loop.time()
                due = table.next_deadline()
                if due is None:
                    assert room.ended_at is not None
                    due = room.ended_at + self.limits.keep_seconds
                    if loop.time() >= due:
                        break
                room.wake.clear()
                try:
                    await asyncio.wait_for(room.wake.wait(), max(0.0, due - loop.time()))
                except asyncio.TimeoutError:
                    pass
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - a bug: the table stops, the server goes on
            log.exception("table %s stopped", table.id)
        self._drop(room)

    def _drop(self, room: _Room) -> None:
        if self.rooms.get(room.table.id) is room:
            del self.rooms[room.table.id]
        for close in list(room.closers):
            asyncio.ensure_future(close())
        if room.task is not None and room.task is not asyncio.current_task():
            room.task.cancel()

    # --- one connection -------------------------------------------------------------------------------------------

    async def _socket(self, ws: WebSocket) -> None:
        await ws.accept()
        limits = self.limits
        room = self.rooms.get(ws.path_params["id"])
        if room is None:
            err = TableError(f"no table {ws.path_params['id'][:80]!r} (it may have ended and been dropped)")
            await self._refuse(ws, err, _CLOSE_NOT_FOUND)
            return
        table = room.table
        try:
            player = self._player(room, ws.query_params.get("seat"), ws.query_params.get("token"))
        except MahjongError as e:
            await self._refuse(ws, e, _CLOSE_REFUSED)
            return
        if room.watchers >= limits.watchers:
            await self._refuse(ws, TableError(f"the table already has {limits.watchers} connections"), _CLOSE_FLOOD)
            return
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        overflow = False

        def put(frame: dict[str, Any]) -> None:
            """Queue a frame for this client, encoded now (with the time it was queued); a client too slow to
            read ``limits.send_queue`` frames is closed (it reconnects from a snapshot)."""
            nonlocal overflow
            if overflow:
                return
            if queue.qsize() >= limits.send_queue:
                overflow = True
                queue.put_nowait(None)
                return
            queue.put_nowait(encode({**frame, "at": round(time.time(), 6)}))

        async def close() -> None:
            queue.put_nowait(None)

        room.watchers += 1
        room.closers.add(close)
        detach = table.attach(player, put)
        room.wake.set()
        sender = asyncio.create_task(self._send(ws, queue))
        receiver = asyncio.create_task(self._receive(ws, room, player, put))
        try:
            await asyncio.wait({sender, receiver}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            detach()
            room.watchers -= 1
            room.closers.discard(close)
            room.wake.set()
            receiver.cancel()
            queue.put_nowait(None)  # the frames already queued (an error saying why) go first
            try:
                await asyncio.wait_for(sender, 2)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - the client is gone either way
                sender.cancel()
            try:
                await ws.close(_CLOSE_FLOOD if overflow else 1000)
            except Exception:  # noqa: BLE001,S110 - already closed by the client
                pass

    def _player(self, room: _Room, seat: str | None, token: str | None) -> int | None:
        if seat is None:
            if token is not None:
                raise TableError("a token belongs to a seat: give seat=N with it")
            return None
        if not seat.isdigit() or len(seat) > 3 or int(seat) >= room.table.players:
            raise TableError(f"no seat {seat[:20]!r} at this table (seats 0 to {room.table.players - 1})")
        player = int(seat)
        want = room.tokens.get(player)
        if want is None:
            raise TableError(f"seat {player} is played by an agent")
        if token is None or not hmac.compare_digest(token.encode("utf-8", "replace"), want.encode("ascii")):
            raise TableError(f"the token does not open seat {player}")
        return player

    async def _refuse(self, ws: WebSocket, err: MahjongError, code: int) -> None:
        try:
            await ws.send_text(encode(_error_frame(err)))
            await ws.close(code)
        except Exception:  # noqa: BLE001,S110 - the client left first
            pass

    async def _send(self, ws: WebSocket, queue: asyncio.Queue[str | None]) -> None:
        while True:
            text = await queue.get()
            if text is None:
                return
            await ws.send_text(text)

    async def _receive(self, ws: WebSocket, room: _Room, player: int | None,
                       put: Callable[[dict[str, Any]], None]) -> None:
        limits = self.limits
        bucket = _Bucket(limits.frames_per_second, limits.burst)
        refused = 0
        while True:
            try:
                message = await asyncio.wait_for(ws.receive(), limits.idle_seconds)
            except asyncio.TimeoutError:
                put(_error_frame(TableError(f"closed: nothing received for {limits.idle_seconds:g} seconds")))
                return
            except (WebSocketDisconnect, RuntimeError):
                return
            if message["type"] == "websocket.disconnect":
                return
            if not bucket.take():
                refused += 1
                if refused > limits.flood:
                    put(_error_frame(TableError("closed: too many frames")))
                    return
                put(_error_frame(TableError(f"too many frames: at most {limits.frames_per_second:g} a second")))
                continue
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace") if len(data) <= limits.frame_bytes else None
            try:
                if text is None or len(text) > limits.frame_bytes:
                    raise TableError(f"a frame is at most {limits.frame_bytes} bytes")
                reply = self._handle(room, player, text)
            except MahjongError as e:
                reply = _error_frame(e)
            if reply is not None:
                put(reply)
            room.wake.set()

    def _handle(self, room: _Room, player: int | None, text: str) -> dict[str, Any] | None:
        try:
            msg = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            raise TableError("a frame is a JSON object with a type: act, next or ping") from None
        if not isinstance(msg, dict) or msg.get("type") not in ("act", "next", "ping"):
            raise TableError("a frame is a JSON object with a type: act, next or ping")
        kind = msg["type"]
        if kind == "ping":
            return {"type": "pong", "seq": room.table.seq}
        if player is None:
            raise TableError("a spectator cannot play: join a seat with its link")
        if kind == "next":
            room.table.next_hand(player)
            return None
        unknown = sorted(str(k)[:20] for k in msg if k not in ("type", "action"))
        if unknown:
            raise TableError(f"unknown field(s) in an act frame: {', '.join(unknown)}")
        room.table.act(player, msg.get("action"))
        return None


def _error_frame(err: MahjongError) -> dict[str, Any]:
    return {"type": "error", "code": err.code, "kind": type(err).__name__, "message": str(err),
            "message_zh": err.message_zh}
