"""The JSON API of the web calculator: request bodies in, the report layer's dicts out.

Each handler takes the decoded JSON body (or path / query values), checks its shape at the boundary and calls
the same functions the ``mahjong`` command's ``--json`` output is made of (:mod:`mahjong.report`).  Bad input
raises :class:`~mahjong.errors.MahjongError` (or :class:`RequestError`, one of them), which the app turns
into a 400 with the message.

Two small adapters live here because the report layer has no counterpart: :func:`tiles` (the tile table the
page draws its picker from, generated from :mod:`mahjong.tiles`) and :func:`parse` (a hand's notation read by
:func:`mahjong.parse_hand` into the structure the page edits).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong import report
from mahjong.errors import MahjongError
from mahjong.hand import MeldKind, parse_hand
from mahjong.tiles import FLOWER_BASE, N_TILES, tile_name

__all__ = ["RequestError", "tiles", "parse", "score", "analyze", "waits", "rules", "ruleset", "fans"]

#: the largest hand text the API reads (a 16-tile hand with four kongs and eight flowers in Chinese names is
#: well under this); longer texts are refused before they reach the parser
MAX_TEXT = 400


class RequestError(MahjongError):
    """A request body of the wrong shape: not an object, a missing or unknown field, a value of the wrong type."""


def _body(body: Any, required: tuple[str, ...], optional: Mapping[str, tuple[type, ...]]) -> dict[str, Any]:
    """Check a request body: an object with the required text fields and only known optional ones."""
    if not isinstance(body, dict):
        raise RequestError(f"the request body must be a JSON object, got {_json_type(body)}")
    known = set(required) | set(optional)
    unknown = sorted(set(body) - known)
    if unknown:
        raise RequestError(f"unknown field(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    for name in required:
        if name not in body:
            raise RequestError(f"missing field: {name}")
        _text(name, body[name])
    for name, types in optional.items():
        v = body.get(name)
        if v is None:
            continue
        if not isinstance(v, types) or (isinstance(v, bool) and bool not in types):
            want = " or ".join(_TYPE_WORDS[t] for t in types)
            raise RequestError(f"{name} must be {want}, got {_json_type(v)}")
        if isinstance(v, str):
            _text(name, v)
    return dict(body)


def _text(name: str, v: Any) -> str:
    if not isinstance(v, str):
        raise RequestError(f"{name} must be a string, got {_json_type(v)}")
    if len(v) > MAX_TEXT:
        raise RequestError(f"{name} is too long ({len(v)} characters; at most {MAX_TEXT})")
    return v


_TYPE_WORDS = {str: "a string", int: "a whole number", bool: "true or false", dict: "an object", list: "a list"}


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


# --- adapters the report layer has no counterpart for ---------------------------------------


def tiles() -> list[dict[str, Any]]:
    """Every tile id with its three names (ascii code, Chinese, Unicode glyph): the picker's table."""
    return [
        {
            "id": t,
            "code": tile_name(t, "ascii"),
            "zh": tile_name(t, "chinese"),
            "glyph": tile_name(t, "unicode"),
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
    b = _body(body, ("hand",), {})
    hand = parse_hand(b["hand"])
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


# --- the report layer ------------------------------------------------------------------------

_SCORE_FIELDS: dict[str, tuple[type, ...]] = {
    "rules": (str,),
    "options": (dict,),
    "context": (dict,),
    "win_tile": (str,),
    "style": (str,),
}
_ANALYZE_FIELDS: dict[str, tuple[type, ...]] = {
    "rules": (str,),
    "visible": (str,),
    "wildcards": (int,),
    "wildcard_tiles": (str,),
    "top": (int,),
    "style": (str,),
}


def score(body: Any) -> dict[str, Any]:
    """``{"hand", "rules"?, "options"?, "context"?, "win_tile"?, "style"?}`` -> :func:`mahjong.report.score`."""
    b = _body(body, ("hand",), _SCORE_FIELDS)
    kwargs = {k: v for k, v in b.items() if k != "hand" and v is not None}
    return report.score(b["hand"], **kwargs)


def analyze(body: Any) -> dict[str, Any]:
    """``{"hand", "rules"?, "visible"?, "wildcards"?, "wildcard_tiles"?, "top"?, "style"?}`` ->
    :func:`mahjong.report.analyze`."""
    b = _body(body, ("hand",), _ANALYZE_FIELDS)
    kwargs = {k: v for k, v in b.items() if k != "hand" and v is not None}
    return report.analyze(b["hand"], **kwargs)


def waits(body: Any) -> dict[str, Any]:
    """A waiting hand (13 or 16 tiles, kongs counted as 3): its waits with copies left, shanten per form, and
    what each winning tile would score self-drawn and on a discard (``score`` of a waiting hand)."""
    b = _body(body, ("hand",), {**_SCORE_FIELDS, "visible": (str,), "wildcards": (int,), "wildcard_tiles": (str,)})
    rules = b.get("rules") or "guobiao"
    style = b.get("style") or "ascii"
    analysis = report.analyze(
        b["hand"], rules=rules, visible=b.get("visible"), wildcards=b.get("wildcards") or 0,
        wildcard_tiles=b.get("wildcard_tiles"), style=style,
    )
    values = report.score(b["hand"], rules=rules, options=b.get("options"), context=b.get("context"), style=style)
    return {"analysis": analysis, "values": values}


def rules() -> list[dict[str, Any]]:
    """Every rule-set preset (:func:`mahjong.report.rulesets`)."""
    return report.rulesets()


def ruleset(name: str) -> dict[str, Any]:
    """One preset: :func:`mahjong.report.ruleset_options` (its names and config options) with the win facts its
    context takes (:func:`mahjong.report.context_fields`) under ``"context"``."""
    _text("rule set name", name)
    return {**report.ruleset_options(name), "context": report.context_fields(name)}


def fans(name: str) -> dict[str, Any]:
    """One preset's whole fan / hu table (:func:`mahjong.report.fans`)."""
    _text("rule set name", name)
    return report.fans(name)
