"""The JSON API of the web calculator: request bodies in, the report layer's dicts out.

Each POST body is validated by its model (pydantic, strict: no text read as a number, no field the model does not
name); the handlers call the same functions the ``mahjong`` command's ``--json`` output is made of
(:mod:`mahjong.report`).  A body the model refuses is a :class:`RequestError` in our words (the first problem:
an unknown field, a missing one, a value of the wrong type, a text too long), which the app turns into a 400.

:data:`ROUTES` is the one table of the API: the app mounts it and :func:`openapi` describes it (``GET
/openapi.json``, an OpenAPI 3.1 document whose request schemas are the models' own JSON Schemas).

Three small adapters live here because the report layer has no counterpart: :func:`tiles` (the tile table the
pages draw their picker from, with each tile's picture), :func:`parse` (a hand's notation read by
:func:`mahjong.parse_hand` into the structure the page edits) and :func:`strings` (the pages' words, from the
package's catalogue :mod:`mahjong.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mahjong import i18n, report
from mahjong.errors import MahjongError
from mahjong.hand import MeldKind, parse_hand
from mahjong.tiles import FLOWER_BASE, N_TILES, tile_name

__all__ = ["RequestError", "tiles", "parse", "score", "analyze", "waits", "rules", "ruleset", "fans", "strings",
           "openapi", "ROUTES", "Route", "Operation", "PATH_PARAMETERS", "ScoreRequest", "AnalyzeRequest",
           "WaitsRequest", "ParseRequest"]

#: the largest hand text the API reads (a 16-tile hand with four kongs and eight flowers in Chinese names is
#: well under this); longer texts are refused before they reach the parser
MAX_TEXT = 400


class RequestError(MahjongError):
    """A request body of the wrong shape: not an object, a missing or unknown field, a value of the wrong type."""


# --- the request models --------------------------------------------------------------------------------------------

Text = Annotated[str, Field(max_length=MAX_TEXT)]
_HAND = "the hand's notation, e.g. \"[123m,1]456m789m123p5s 5s\" (Chinese tile names and glyphs are read too)"
_RULES = "a rule set (any name `GET /api/rules` lists; default guobiao)"
_STYLE = "how the answer writes tile names next to their codes: ascii (default), chinese or unicode"


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ParseRequest(_Body):
    """A hand to read into the structure the page edits."""

    hand: Text = Field(description=_HAND)


class ScoreRequest(_Body):
    """A complete hand to score, or a hand one tile short: what each winning tile is worth."""

    hand: Text = Field(description=_HAND)
    rules: Text | None = Field(None, description=_RULES)
    options: dict[str, Any] | None = Field(None, description="the rule set's options changed from its defaults")
    context: dict[str, Any] | None = Field(None, description="the win facts (`GET /api/rules/NAME` lists them)")
    win_tile: Text | None = Field(None, description="the winning tile (default: the last concealed tile written)")
    style: Text | None = Field(None, description=_STYLE)


class AnalyzeRequest(_Body):
    """A hand to analyse: shanten per form, waits with copies left, the best discards."""

    hand: Text = Field(description=_HAND)
    rules: Text | None = Field(None, description=_RULES + "; its winning shapes are used")
    visible: Text | None = Field(None, description="tiles seen elsewhere, to count the copies left")
    wildcards: int | None = Field(None, description="wildcards held besides the tiles written")
    wildcard_tiles: Text | None = Field(None, description="tile kinds of the hand that are wildcards")
    top: int | None = Field(None, description="how many discards to list (0-34, default 5)")
    style: Text | None = Field(None, description=_STYLE)


class WaitsRequest(ScoreRequest):
    """A waiting hand: its analysis and what each winning tile scores."""

    visible: Text | None = Field(None, description="tiles seen elsewhere, to count the copies left")
    wildcards: int | None = Field(None, description="wildcards held besides the tiles written")
    wildcard_tiles: Text | None = Field(None, description="tile kinds of the hand that are wildcards")


class ErrorResponse(BaseModel):
    """A refused request: the message in English and in Chinese, its exception type and its catalogue code."""

    error: str
    kind: str
    code: str
    error_zh: str


_WORDS = {"string": "a string", "int": "a whole number", "float": "a number", "bool": "true or false",
          "dict": "an object", "list": "a list"}


def _json_type(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def _validated(model: type[_Body], body: Any) -> Any:
    """``body`` as ``model``, or the first problem as a :class:`RequestError` in our words."""
    if not isinstance(body, dict):
        raise RequestError(f"the request body must be a JSON object, got {_json_type(body)}")
    try:
        return model.model_validate(body)
    except ValidationError as e:
        problems = e.errors()
    extra = sorted(str(p["loc"][0]) for p in problems if p["type"] == "extra_forbidden")
    if extra:
        known = ", ".join(sorted(model.model_fields))
        raise RequestError(f"unknown field(s): {', '.join(extra)}; known: {known}") from None
    first = problems[0]
    name = _place(first["loc"])
    if first["type"] == "missing":
        raise RequestError(f"missing field: {name}") from None
    if first["type"] == "string_too_long":
        raise RequestError(f"{name} is too long ({len(first['input'])} characters; at most {MAX_TEXT})") from None
    want = next((w for k, w in _WORDS.items() if first["type"].startswith(k)), "of another type")
    raise RequestError(f"{name} must be {want}, got {_json_type(first.get('input'))}") from None


def _place(loc: tuple[int | str, ...]) -> str:
    """Where a problem is, as a client writes it: ``hand``, ``timing.claim``, ``seats[2]``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def _given(req: BaseModel) -> dict[str, Any]:
    return {k: v for k, v in req.model_dump().items() if k != "hand" and v is not None}


# --- adapters the report layer has no counterpart for ---------------------------------------


def tiles() -> list[dict[str, Any]]:
    """Every tile id with its names (ascii code, Chinese, Unicode glyph) and its picture (``image``, a path under
    the server's ``/static/``): the pickers' table."""
    return [
        {
            "id": t,
            "code": tile_name(t, "ascii"),
            "zh": tile_name(t, "chinese"),
            "glyph": tile_name(t, "unicode"),
            "image": f"/static/tiles/{tile_name(t, 'ascii')}.svg",
            "flower": t >= FLOWER_BASE,
        }
        for t in range(N_TILES)
    ]


_MELD_KIND = {
    MeldKind.CHOW: "chow",
    MeldKind.PUNG: "pung",
    MeldKind.KONG: "kong",
    MeldKind.ADDED_KONG: "added_kong",
    MeldKind.CONCEALED_KONG: "concealed_kong",
}


def parse(body: Any) -> dict[str, Any]:
    """``{"hand": text}`` -> the hand as the page edits it: melds (kind, tile codes, seat claimed from),
    concealed tiles in the order written, flowers, the winning tile (the last concealed tile of a complete
    hand, as the notation says) and the tile count with kongs counted as 3."""
    req = _validated(ParseRequest, body)
    hand = parse_hand(req.hand)
    concealed = [tile_name(t) for t in hand.concealed]
    win = None if hand.win_tile is None else tile_name(hand.win_tile)
    if win is not None:  # the notation's order: the winning tile last
        concealed.remove(win)
        concealed.append(win)
    return {
        "melds": [
            {"kind": _MELD_KIND[m.kind], "tiles": [tile_name(t) for t in m.tiles], "claimed_from": m.claimed_from}
            for m in hand.melds
        ],
        "concealed": concealed,
        "flowers": [tile_name(t) for t in hand.flowers],
        "win_tile": win,
        "tile_count": hand.tile_count,
    }


#: the command line's rows the table page narrates play with (as ``msg.KEY``): the events and actions of
#: ``mahjong play``, a seat, "you" and how a win was made
NARRATION = ("ev.", "act.", "seat", "play.you", "play.self_drawn", "play.on_discard")


def strings() -> dict[str, dict[str, str]]:
    """The pages' words in each language (``{"en": {key: text}, "zh": {...}}``), from the package's catalogue:
    the calculator's rows (:data:`mahjong.i18n.PAGE`), the units, the winning forms, the waits, the winds and the
    win facts' labels — the words the command line uses for the same things — and the table page's rows
    (:data:`mahjong.i18n.TABLE_PAGE`, as ``table.KEY``) with the command line's narration of play (the rows of
    :data:`mahjong.i18n.MESSAGES` that :data:`NARRATION` names, as ``msg.KEY``)."""
    out: dict[str, dict[str, str]] = {"en": {}, "zh": {}}
    for lang, i in (("en", 0), ("zh", 1)):
        table = out[lang]
        table.update({k: v[i] for k, v in i18n.PAGE.items()})
        table.update({f"unit_{k}": v[i] for k, v in i18n.UNITS.items()})
        table.update({f"form_{k[5:]}": v[i] for k, v in i18n.MESSAGES.items() if k.startswith("form.")})
        table.update({f"wait_{k[5:]}": v[i] for k, v in i18n.MESSAGES.items() if k.startswith("wait.")})
        table.update({f"wind_{w}": i18n.wind(w, lang) for w in range(4)})
        table.update({f"fact_{k}": v[i] for k, v in i18n.WIN_FACTS.items()})
        table.update({f"table.{k}": v[i] for k, v in i18n.TABLE_PAGE.items()})
        table.update({f"msg.{k}": v[i] for k, v in i18n.MESSAGES.items() if _narrates(k)})
    return out


def _narrates(key: str) -> bool:
    return any(key == n or (n.endswith(".") and key.startswith(n)) for n in NARRATION)


# --- the report layer ------------------------------------------------------------------------


def score(body: Any) -> dict[str, Any]:
    """:class:`ScoreRequest` -> :func:`mahjong.report.score`."""
    req = _validated(ScoreRequest, body)
    return report.score(req.hand, **_given(req))


def analyze(body: Any) -> dict[str, Any]:
    """:class:`AnalyzeRequest` -> :func:`mahjong.report.analyze`."""
    req = _validated(AnalyzeRequest, body)
    return report.analyze(req.hand, **_given(req))


def waits(body: Any) -> dict[str, Any]:
    """A waiting hand (13 or 16 tiles, kongs counted as 3): its waits with copies left, shanten per form, and
    what each winning tile would score self-drawn and on a discard (``score`` of a waiting hand)."""
    req = _validated(WaitsRequest, body)
    rules = req.rules or "guobiao"
    style = req.style or "ascii"
    analysis = report.analyze(req.hand, rules=rules, visible=req.visible, wildcards=req.wildcards or 0,
                              wildcard_tiles=req.wildcard_tiles, style=style)
    values = report.score(req.hand, rules=rules, options=req.options, context=req.context, style=style)
    return {"analysis": analysis, "values": values}


def rules() -> list[dict[str, Any]]:
    """Every rule-set preset (:func:`mahjong.report.rulesets`)."""
    return report.rulesets()


def _name(name: str) -> str:
    if len(name) > MAX_TEXT:
        raise RequestError(f"rule set name is too long ({len(name)} characters; at most {MAX_TEXT})")
    return name


def ruleset(name: str) -> dict[str, Any]:
    """One preset: :func:`mahjong.report.ruleset_options` (its names, options and table) with the win facts its
    context takes (:func:`mahjong.report.context_fields`) under ``"context"``."""
    return {**report.ruleset_options(_name(name)), "context": report.context_fields(name)}


def fans(name: str) -> dict[str, Any]:
    """One preset's whole fan / hu table (:func:`mahjong.report.fans`)."""
    return report.fans(_name(name))


# --- the routes, and their description -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Operation:
    """What ``/openapi.json`` says of one route: its method and path, its name (the ``operationId``), what it does,
    the model of its body and of its answer (when they have one), what it answers, its status and media type.
    A ``{name}`` or ``{id}`` in the path is a path parameter (:data:`PATH_PARAMETERS`); such a route may answer 404,
    a POST route 400 and 413, and ``refusals`` names any other refusal (e.g. 503)."""

    method: str
    path: str
    name: str
    summary: str
    request: type[BaseModel] | None = None
    response: type[BaseModel] | None = None
    answer: str = "the report layer's dict (mahjong.report)"
    status: int = 200
    media_type: str = "application/json"
    refusals: tuple[int, ...] = ()


#: the path parameters of the routes, and what each is
PATH_PARAMETERS = {
    "name": "a rule set's name (any spelling `GET /api/rules` lists)",
    "id": "a table's id (as `POST /api/tables` answered it)",
}


@dataclass(frozen=True)
class Route:
    """One route of the API: its method and path, the handler (a body for POST, the path's ``name`` for a
    ``{name}`` route, nothing else otherwise), the model of its body and what it answers."""

    method: str
    path: str
    handler: Callable[..., Any]
    summary: str
    request: type[BaseModel] | None = None
    answer: str = "the report layer's dict (mahjong.report)"

    @property
    def operation(self) -> Operation:
        return Operation(self.method, self.path, self.handler.__name__, self.summary, self.request,
                         answer=self.answer)


ROUTES: tuple[Route, ...] = (
    Route("GET", "/api/tiles", tiles, "every tile: id, code, Chinese name, glyph, picture"),
    Route("GET", "/api/strings", strings, "the pages' words in English and Chinese (the package's catalogue)"),
    Route("GET", "/api/rules", rules, "every rule set (mahjong.report.rulesets)"),
    Route("GET", "/api/rules/{name}", ruleset, "a rule set's options, table and win facts"),
    Route("GET", "/api/fans/{name}", fans, "a rule set's whole fan / hu table (mahjong.report.fans)"),
    Route("POST", "/api/parse", parse, "a hand's notation as the page edits it", ParseRequest),
    Route("POST", "/api/score", score, "score a hand, or what each winning tile of a waiting hand is worth",
          ScoreRequest),
    Route("POST", "/api/analyze", analyze, "shanten per form, waits with copies left, discards", AnalyzeRequest),
    Route("POST", "/api/waits", waits, "a waiting hand's analysis and each winning tile's value", WaitsRequest),
)


def openapi(extra: Sequence[Operation] = ()) -> dict[str, Any]:
    """The OpenAPI 3.1 document of :data:`ROUTES` and the ``extra`` operations (the app adds its tables'): each
    body's schema and each answer's that has a model is the model's own JSON Schema; the refusals (400, 404, 413,
    ...) answer :class:`ErrorResponse`."""
    from mahjong import __version__

    schemas: dict[str, Any] = {"ErrorResponse": ErrorResponse.model_json_schema()}
    error = {"description": "refused, with our message", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}}

    def ref(model: type[BaseModel]) -> dict[str, str]:
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
        return {"$ref": f"#/components/schemas/{model.__name__}"}

    paths: dict[str, Any] = {}
    for r in (*(route.operation for route in ROUTES), *extra):
        answer = {} if r.response is None else ref(r.response)
        if r.media_type != "application/json":
            answer = {"type": "string"}
        op: dict[str, Any] = {"summary": r.summary, "operationId": r.name, "responses": {
            str(r.status): {"description": r.answer, "content": {r.media_type: {"schema": answer}}}}}
        if r.request is not None:
            op["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(r.request)}}}
        parameters = [name for name in PATH_PARAMETERS if f"{{{name}}}" in r.path]
        if parameters:
            op["parameters"] = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"},
                                 "description": PATH_PARAMETERS[name]} for name in parameters]
        refusals = (*((400, 413) if r.request is not None else ()), *((404,) if parameters else ()), *r.refusals)
        for status in sorted(refusals):
            op["responses"][str(status)] = error
        paths.setdefault(r.path, {})[r.method.lower()] = op
    return {"openapi": "3.1.0",
            "info": {"title": "mjcore web calculator", "version": __version__,
                     "description": "The JSON API of `mahjong serve`: the calculator's answers are the dicts of "
                                    "mahjong.report, the ones `mahjong … --json` prints; the tables' routes make "
                                    "and describe tables, whose play runs over the WebSocket "
                                    "`/ws/tables/{id}?seat=N&token=T` (`/ws/tables/{id}` alone: a spectator)."},
            "paths": paths, "components": {"schemas": schemas}}
