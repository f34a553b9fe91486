"""The uvicorn server ``mahjong serve`` runs, with its connection limits (imported only when serving: it needs the
web extra).

uvicorn closes a connection left idle after a response (``timeout_keep_alive``), but not one that never sends a
request, nor one that sends it a byte at a time: each would hold a connection for as long as the client liked (300
idle half-open connections were kept for a whole minute).  :class:`DeadlineProtocol` gives every request a deadline
from the moment its connection may send it (when the connection is made, or the previous response is complete):
the head and the body must both have arrived :data:`REQUEST_TIMEOUT` seconds later, or the connection is closed
(with a 408 answer when no request had begun).  A connection upgraded to a WebSocket is the tables' business (their
own idle and flood limits, :class:`mahjong.web.tables.Limits`).  At most :data:`MAX_CONNECTIONS` connections and
requests are served at once (uvicorn answers 503 beyond), and a request head may be at most
:data:`MAX_HEAD_BYTES` long (h11 answers 400 beyond).
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REQUEST_TIMEOUT", "KEEP_ALIVE", "MAX_CONNECTIONS", "MAX_HEAD_BYTES", "DeadlineProtocol", "config"]

#: seconds a client has to send a whole request (head and body), from when its connection may send it
REQUEST_TIMEOUT = 10.0
#: seconds a connection may stay idle after a response before the server closes it
KEEP_ALIVE = 5
#: connections and requests served at once (the load test holds 200 open; a browser a handful)
MAX_CONNECTIONS = 400
#: the longest request head (request line and headers) read, in bytes
MAX_HEAD_BYTES = 16_384
#: a WebSocket frame the tables read at most (their frames are small)
MAX_FRAME_BYTES = 65_536


def _timeout_answer(seconds: float) -> bytes:
    """The 408 answer (our JSON error) written to a connection that sent no whole request in time."""
    from mahjong.web.app import _error

    body = _error(408, f"the request did not arrive within {seconds:g} seconds", "RequestError").body
    head = (f"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n")
    return head.encode("ascii") + bytes(body)


class DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's arrival (see the module docstring)."""

    request_timeout = REQUEST_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_after: object = None  # the request cycle that was in progress when the deadline was set

    def _arm(self) -> None:
        self._disarm()
        self._waiting_after = self.cycle
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        self._arm()  # the next request on this connection has its own deadline (armed first: a request already
        super().on_response_complete()  # sent behind this one is read by this call, and disarms it)
        if self.transport.is_closing():
            self._disarm()

    def handle_events(self) -> None:
        super().handle_events()
        cycle = self.cycle
        if self._deadline is not None and cycle is not None and cycle is not self._waiting_after \
                and not cycle.more_body:
            self._disarm()  # a new request has arrived whole: the app has it

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()  # (the connection is the WebSocket protocol's now)
        super().handle_websocket_upgrade(event)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is self._waiting_after:  # no request begun: say why before closing
            self.transport.write(_timeout_answer(self.request_timeout))
        # (a request begun and not finished: its app reads a disconnect, refused quietly by the app)
        self.transport.close()


def config(app: Any, host: str, port: int, *, request_timeout: float = REQUEST_TIMEOUT) -> uvicorn.Config:
    """The server's configuration: ``app`` on ``host:port`` with the limits of this module, each request given
    ``request_timeout`` seconds to arrive."""
    protocol = type("DeadlineProtocol", (DeadlineProtocol,), {"request_timeout": float(request_timeout)})
    return uvicorn.Config(app, host=host, port=port, log_level="warning", http=protocol,
                          timeout_keep_alive=KEEP_ALIVE, limit_concurrency=MAX_CONNECTIONS,
                          h11_max_incomplete_event_size=MAX_HEAD_BYTES, ws_max_size=MAX_FRAME_BYTES)
