"""The web calculator's server: one page (``static/``) and the JSON API (:mod:`mahjong.web.api`).

Built on Starlette (served by uvicorn, ``mahjong serve``); everything the page loads ships in the package, so the
calculator works offline.  Bad input answers 4xx with our error message (``{"error": ..., "kind": ...}``); an
unexpected failure answers 500 with a generic message and the server keeps serving.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from mahjong.errors import KIND_CODES, MahjongError, RulesError, identify, translate
from mahjong.web import api
from mahjong.web.api import RequestError

__all__ = ["create_app", "openapi", "STATIC", "EXTRA_ROUTES"]

STATIC = Path(__file__).with_name("static")
#: request bodies larger than this are refused (413) before they are read whole
MAX_BODY = 16_384
#: JSON nesting deeper than this is refused before the body is parsed (no request model is more than three deep;
#: deep nesting would otherwise exhaust the parser's recursion)
MAX_DEPTH = 32
#: a number literal longer than this is refused while parsing (no field takes more than a few digits; huge
#: integers cost quadratic time to convert)
MAX_NUMBER = 40
#: the tokens that change the nesting depth, strings skipped whole (an unterminated one runs to the end: linear)
_NESTING = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]')

log = logging.getLogger("mahjong.web")


class _Problem(Exception):
    def __init__(self, status: int, message: str, kind: str = "RequestError", err: MahjongError | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.err = status, message, kind, err


def _error(status: int, message: str, kind: str, err: MahjongError | None = None) -> JSONResponse:
    """``{"error", "kind", "code", "error_zh"}``: the English message, its exception type, its catalogue code
    and its Chinese text (the page shows the one of its language)."""
    if err is None:
        found = identify(message)
        code = found[0] if found else KIND_CODES.get(kind, "error")
        zh = translate(message, "zh", kind)
    else:
        code, zh = err.code, err.message_zh
    return JSONResponse({"error": message, "kind": kind, "code": code, "error_zh": zh}, status_code=status)


def _json(data: Any) -> JSONResponse:
    return JSONResponse(data)


async def _read_json(request: Request) -> Any:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise _Problem(413, f"request body too large ({declared} bytes; at most {MAX_BODY})")
    raw = b""
    try:
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise _Problem(413, f"request body too large (more than {MAX_BODY} bytes)")
    except ClientDisconnect:  # (a client too slow for the server's deadline, or gone: nobody reads the answer)
        raise _Problem(400, "the connection closed before the request body arrived") from None
    _check_depth(raw)
    try:
        return json.loads(raw.decode("utf-8"), parse_int=_whole, parse_float=_number, parse_constant=_constant)
    except UnicodeDecodeError:
        raise _Problem(400, "the request body is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise _Problem(400, f"the request body is not valid JSON: {e.msg} at position {e.pos}") from None


def _check_depth(raw: bytes) -> None:
    depth = 0
    for m in _NESTING.finditer(raw):
        c = m.group()[:1]
        if c in b"[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RequestError(code="web-body-too-deep", max=MAX_DEPTH)
        elif c in b"]}":
            depth -= 1


def _literal(text: str) -> str:
    if len(text) > MAX_NUMBER:
        raise RequestError(code="web-number-too-long", n=len(text), max=MAX_NUMBER)
    return text


def _whole(text: str) -> int:
    return int(_literal(text))


def _number(text: str) -> float:
    value = float(_literal(text))
    if not math.isfinite(value):
        raise RequestError(code="web-number-not-finite", value=text)
    return value


def _constant(text: str) -> float:
    raise RequestError(code="web-number-not-finite", value=text)


Handler = Callable[[Any], Any]


def _post(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        body = await _read_json(request)
        return _json(await run_in_threadpool(handler, body))

    return endpoint


def _by_name(handler: Callable[[str], Any]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            return _json(await run_in_threadpool(handler, name))
        except RulesError as e:  # an unknown rule set named in the path: no such resource
            raise _Problem(404, str(e), type(e).__name__, e) from None

    return endpoint


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


def _get(handler: Callable[[], Any]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        return _json(await run_in_threadpool(handler))

    return endpoint


def _endpoint(route: api.Route) -> Callable[[Request], Awaitable[Response]]:
    """The Starlette endpoint of a route of :data:`mahjong.web.api.ROUTES`."""
    if route.method == "POST":
        return _post(route.handler)
    if "{name}" in route.path:
        return _by_name(route.handler)
    return _get(route.handler)


async def _on_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, _Problem)
    return _error(exc.status, exc.message, exc.kind, exc.err)


async def _on_mahjong_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, MahjongError)
    return _error(400, str(exc), type(exc).__name__, exc)


async def _on_http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: f"no such page or API route: {request.url.path}",
                405: f"{request.method} is not allowed on {request.url.path}"}
    return _error(exc.status_code, messages.get(exc.status_code, str(exc.detail)), "HTTPError")


async def _on_crash(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s", request.url.path)
    return _error(500, "internal error: the input was not understood (the server goes on serving)", "InternalError")


def openapi() -> dict[str, Any]:
    """The server's API document: the calculator's routes (:data:`mahjong.web.api.ROUTES`) and the tables'
    (:data:`mahjong.web.tables.OPERATIONS`)."""
    from mahjong.web.tables import OPERATIONS

    return api.openapi(OPERATIONS)


async def _openapi(request: Request) -> Response:
    return _json(openapi())


#: routes other parts of the server add (a page and its API): each a Starlette route or mount, mounted with the
#: calculator's; the one place to add them (e.g. ``EXTRA_ROUTES.append(Mount("/tables", ...))``)
EXTRA_ROUTES: list[BaseRoute] = []


def create_app() -> Starlette:
    """The calculator's ASGI app, with the tables' routes (give it to uvicorn, or to Starlette's TestClient): its
    page, the JSON API of :data:`mahjong.web.api.ROUTES`, their OpenAPI document (``/openapi.json``), the static
    files (the tile pictures under ``/static/tiles/``), :data:`EXTRA_ROUTES` and the tables."""
    routes: list[BaseRoute] = [
        Route("/", _index, methods=["GET"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        *(Route(r.path, _endpoint(r), methods=[r.method]) for r in api.ROUTES),
        *EXTRA_ROUTES,
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    # the tables people and agents play at (POST /api/tables, /ws/tables/{id}, the page /table)
    from mahjong.web.tables import TableServer

    tables = TableServer(_read_json, _error, page=STATIC / "table.html")
    routes += tables.routes()
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        _Problem: _on_problem,
        MahjongError: _on_mahjong_error,
        HTTPException: _on_http,
        Exception: _on_crash,
    }
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=tables.lifespan)
    app.state.tables = tables
    return app
