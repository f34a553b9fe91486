"""The report layer: plain, JSON-ready answers to what a player asks, shared by the CLI (``--json`` prints exactly
these dicts) and the web calculator.  Every function validates its input and raises only
:class:`~mahjong.errors.MahjongError` subclasses.  Dict keys and tile codes never depend on ``style``; ``style``
only fills the ``name`` entries shown next to the codes.

Tile codes are the ASCII notation (``"5m"``, ``"E"``, ``"C"``, ``"f1"``).  Seats are 0..3 in turn order.

``analyze(hand, *, rules=None, visible=None, wildcards=0, wildcard_tiles=None, top=5, style="ascii")``::

    {"hand": str, "rules": str, "backend": str, "tiles": int, "melds": int, "wildcards": int,
     "shanten": int, "shanten_by_form": {form: int},
     # a hand waiting for a tile (3n+1):
     "waits": [{"tile": code, "name": str, "remaining": int}], "remaining": int, "any_tile": bool,
     "useful_tiles": [{"tile": code, "name": str}],
     # a hand to discard from (3n+2):
     "is_win": bool,
     "discards": [{"discard": code, "name": str, "shanten": int, "useful_count": int,
                   "useful_tiles": [{"tile": code, "name": str}]}]}

``score(hand, *, rules="guobiao", options=None, context=None, win_tile=None, style="ascii")``: ``context`` holds
the win facts as plain values (``winner``, ``dealer``, ``discarder`` — a seat, a wind, or 上家/对家/下家 —,
``self_drawn``, ``seat_wind``, ``prevalent_wind`` — E S W N, 东南西北 or 0-3 —, the win flags, and the rule
set's own facts, see :func:`context_fields`).  A complete hand::

    {"kind": "win", "ruleset": str, "ruleset_zh": str, "ruleset_en": str, "hand": str,
     "win_tile": {"tile": code, "name": str}, "self_drawn": bool,
     "items": [{"key", "name_zh", "name_en", "value", "count", "unit", "points", "note"}],
     "total": int, "unit": str, "valid": bool, "invalid_reason": str | None, "invalid_reason_zh": str | None,
     "reading": {"text": str, "form": str, "melds": [[code]], "pairs": [code], "singles": [code],
                 "wildcards": [code]} | None,
     "wait": str | None,
     "arithmetic": [{"zh": str, "en": str}],
     "payments": [{"seat": int, "wind": "E"|"S"|"W"|"N", "dealer": bool, "winner": bool, "discarder": bool,
                   "amount": int}],
     "assumptions": [{"fact": str, "value": JSON, "zh": str, "en": str}],
     "details": {...}}

A waiting hand (one tile short)::

    {"kind": "waiting", "ruleset": ..., "hand": str, "unit": str, "minimum": int | None,
     "winning_tiles": [{"tile": code, "name": str,
                        "self_drawn": {"total": int, "valid": bool} | None,
                        "discard": {"total": int, "valid": bool} | None}],
     "assumptions": [...]}

(``None`` where that way of winning is not allowed, e.g. a Sichuan hand that must be self-drawn.)

``rulesets()``: ``[{"name", "aliases": [str], "name_zh", "name_en", "summary_zh", "summary_en", "seats": [int]}]``.

``ruleset_options(name)``: ``{"name", "name_zh", "name_en", "options": [{"name", "type", "default", "doc",
"doc_en", "doc_zh", "source"}], "hand_size", "tiles": [code], "flowers": bool}`` (``source`` is where the option's
rule comes from; ``tiles`` the kinds in play).

``context_fields(name)``: ``[{"name", "type", "default", "doc", "label": {"en", "zh"}, "help": {"en", "zh"},
"option": str | None}]`` — every win fact the rule set's context takes (``option``: read only when that option is
on).

``fans(name)``: ``{"name", "name_zh", "name_en", "sections": [{"key", "zh", "en", "unit", "rows": [{"key",
"zh", "en", "value", "unit", "excludes": [key], "note"}]}]}``.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mahjong import _kernels
from mahjong.errors import ContextError, HandError, MahjongError, NotWinningError, RulesError, TileError
from mahjong.framework import (
    RuleSet,
    ScoreResult,
    WinContext,
    _field_doc,
    _plain_value,
)
from mahjong.hand import Hand, parse_hand
from mahjong.registry import PRESET_INFO, PRESETS, load_presets, resolve_preset, shared_ruleset
from mahjong.rules import PRESETS as SHAPE_PRESETS
from mahjong.rules import HandRules
from mahjong.tiles import N_KINDS, Style, parse_tiles, tile_name
from mahjong.types import Form

__all__ = [
    "analyze",
    "score",
    "rulesets",
    "ruleset_options",
    "context_fields",
    "fans",
    "seat_of",
    "wind_of",
    "WIND_CODES",
    "error",
    "error_kind",
]

WIND_CODES = ("E", "S", "W", "N")
_WIND_TEXT = {"E": 0, "S": 1, "W": 2, "N": 3, "EAST": 0, "SOUTH": 1, "WEST": 2, "NORTH": 3,
              "东": 0, "南": 1, "西": 2, "北": 3, "东风": 0, "南风": 1, "西风": 2, "北风": 3}
#: seats named from the winner's side of the table (offset in turn order)
_RELATIVE_SEATS = {"上家": -1, "left": -1, "对家": 2, "across": 2, "opposite": 2, "下家": 1, "right": 1}
_STYLES = ("ascii", "chinese", "unicode")
_MAX_TOP = 34


# --- errors, as the CLI and the web show them -------------------------------------------------------------------


def error(err: MahjongError, lang: str = "en") -> dict[str, Any]:
    """An error as JSON: its exception ``type``, catalogue ``code``, ``message`` in ``lang``, and the message in
    both languages (``message_en`` / ``message_zh``).  The keys never depend on ``lang``."""
    return {"type": type(err).__name__, "code": err.code, "message": err.message(lang),
            "message_en": str(err), "message_zh": err.message_zh}


def error_kind(err: MahjongError, lang: str = "en") -> str:
    """The name of an error's kind in ``lang`` ("bad hand" / "手牌有误")."""
    from mahjong.errors import CATALOGUE, KIND_CODES

    for cls in type(err).__mro__:
        code = KIND_CODES.get(cls.__name__)
        if code is not None:
            row = CATALOGUE[code]
            return row.zh if lang == "zh" else row.en
    return CATALOGUE["error"].zh if lang == "zh" else CATALOGUE["error"].en


# --- small shared readers ---------------------------------------------------------------------------------------


def _style(style: object) -> Style:
    if style not in _STYLES:
        raise MahjongError(f"style must be one of {', '.join(_STYLES)}, got {style!r}")
    return style  # type: ignore[return-value]


def wind_of(value: object, what: str = "wind") -> int:
    """A wind given as 0-3, E S W N (any case), East…, or 东南西北 / 东风… → 0..3."""
    if isinstance(value, bool):
        raise ContextError(f"{what} must be a wind (E S W N, 东 南 西 北 or 0-3), got {value!r}")
    if isinstance(value, int):
        if 0 <= value < 4:
            return value
    elif isinstance(value, str):
        text = value.strip()
        key = text.upper() if text.isascii() else text
        if key in _WIND_TEXT:
            return _WIND_TEXT[key]
        if text in ("0", "1", "2", "3"):
            return int(text)
    raise ContextError(f"{what} must be a wind (E S W N, 东 南 西 北 or 0-3), got {str(value)[:20]!r}")


def seat_of(value: object, what: str, *, winner: int = 0, dealer: int = 0) -> int:
    """A seat given as 0-3, as the wind it sits at (E = the dealer's seat, 东家/南家…), or as 上家 / 对家 / 下家
    from the winner's side → 0..3."""
    if isinstance(value, bool):
        raise ContextError(f"{what} must be a seat 0-3, a wind or 上家/对家/下家, got {value!r}")
    if isinstance(value, int):
        if 0 <= value < 4:
            return value
    elif isinstance(value, str):
        text = value.strip()
        if text in ("0", "1", "2", "3"):
            return int(text)
        rel = _RELATIVE_SEATS.get(text.lower() if text.isascii() else text)
        if rel is not None:
            return (winner + rel) % 4
        w = text.removesuffix("家")
        key = w.upper() if w.isascii() else w
        if key in _WIND_TEXT:
            return (dealer + _WIND_TEXT[key]) % 4
    raise ContextError(
        f"{what} must be a seat 0-3, a wind (E S W N / 东 南 西 北, counted from the dealer) or "
        f"上家/对家/下家, got {str(value)[:20]!r}"
    )


def _tile(t: int, style: Style) -> dict[str, str]:
    return {"tile": tile_name(t), "name": tile_name(t, style)}


def _int_arg(value: object, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise MahjongError(f"{what} must be a whole number {lo}..{hi}, got {str(value)[:20]!r}")
    return value


def _text_arg(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise MahjongError(f"{what} must be text, got {type(value).__name__}")
    return value


def _counts(tiles: Iterable[int], what: str) -> list[int]:
    c = [0] * N_KINDS
    for t in tiles:
        if t >= N_KINDS:
            raise HandError(f"{what}: flowers (f1-f8) take no part in the shape of a hand; leave them out")
        c[t] += 1
    return c


def _info(name: str) -> dict[str, str]:
    i = PRESET_INFO[name]
    return {"ruleset": name, "ruleset_zh": i.name_zh, "ruleset_en": i.name_en}


def _check_size(held: int, melds: int, hand_size: int) -> None:
    """The one size check of :func:`analyze` and :func:`score`: ``held`` tiles (melds counted as 3) must be a
    waiting hand (``hand_size``) or a complete one (``hand_size + 1``), the same error for both."""
    if held not in (hand_size, hand_size + 1):
        raise HandError(code="count-any", n=held, size=hand_size, size1=hand_size + 1)


# --- analyze ----------------------------------------------------------------------------------------------------


def _shape_rules(rules: str | None) -> tuple[str, HandRules]:
    """Shape rules by name: a rule set's own shapes (any of its names), or a plain shape preset of
    :mod:`mahjong.rules` (``default``, ``riichi-shapes``)."""
    if rules is None:
        return "default", SHAPE_PRESETS["default"]
    text = _text_arg(rules, "rules").strip().lower()
    if text in SHAPE_PRESETS and text not in PRESETS:
        return text, SHAPE_PRESETS[text]
    return resolve_preset(rules), shared_ruleset(rules).hand_rules


def analyze(
    hand: str,
    *,
    rules: str | None = None,
    visible: str | None = None,
    wildcards: int = 0,
    wildcard_tiles: str | None = None,
    top: int = 5,
    style: str = "ascii",
) -> dict[str, Any]:
    """Shanten per form, waits with copies left, and the best discards of a hand (see the module doc)."""
    st = _style(style)
    _text_arg(hand, "hand")
    _int_arg(wildcards, "wildcards", 0, 14)
    _int_arg(top, "top", 0, _MAX_TOP)
    name, shape_rules = _shape_rules(rules)
    parsed = parse_hand(hand, infer_win_tile=False)
    concealed = list(parsed.concealed)
    wc = wildcards
    if name in PRESETS:  # wildcards written among the flowers (Jinshan's 百搭) count as the rule set says
        wc += shared_ruleset(name).tiles_held(parsed) - parsed.tile_count
    if wildcard_tiles:
        kinds = set(parse_tiles(_text_arg(wildcard_tiles, "wildcard_tiles")))
        if any(t >= N_KINDS for t in kinds):
            raise TileError("wildcard_tiles: a wildcard is a tile kind of the hand (e.g. 5m or C), not a flower")
        wc += sum(1 for t in concealed if t in kinds)
        concealed = [t for t in concealed if t not in kinds]
    held = len(concealed) + wc + 3 * len(parsed.melds)  # melds counted as 3, as score() counts them
    if parsed.melds or held > shape_rules.hand_size + 1:  # (without melds, a short hand implies exposed melds)
        _check_size(held, len(parsed.melds), shape_rules.hand_size)
    counts = bytes(_counts(concealed, "hand"))
    seen = _counts(parse_tiles(_text_arg(visible, "visible")) if visible else (), "visible")
    for m in parsed.melds:  # the hand's own melded tiles are not left to draw
        for t in m.tiles:
            seen[t] += 1
    seen_bytes = bytes(min(c, 4) for c in seen) if any(seen) else None
    k = _kernels.backend_module
    n = len(concealed) + wc
    out: dict[str, Any] = {
        "hand": hand,
        "rules": name,
        "backend": _kernels.BACKEND,
        "tiles": held,
        "melds": len(parsed.melds),
        "wildcards": wc,
    }
    by_form = k.shanten_by_form(counts, wc, shape_rules)
    out["shanten"] = min(by_form.values())
    out["shanten_by_form"] = {Form(f).name.lower(): v for f, v in by_form.items()}
    if n % 3 == 1:
        w = k.waits(counts, wc, shape_rules, visible=seen_bytes)
        out["waits"] = [_tile(t, st) | {"remaining": r} for t, r in zip(w.tiles, w.remaining)]
        out["remaining"] = sum(w.remaining)
        out["any_tile"] = w.any_tile
        out["useful_tiles"] = [_tile(t, st) for t in k.useful_tiles(counts, wc, shape_rules)]
    elif n % 3 == 2:
        options = k.discard_options(counts, wc, shape_rules, visible=seen_bytes)
        out["is_win"] = k.is_win(counts, wc, shape_rules)
        out["discards"] = [
            {
                "discard": tile_name(o.tile),
                "name": tile_name(o.tile, st),
                "shanten": o.shanten,
                "useful_count": o.useful_count,
                "useful_tiles": [_tile(t, st) for t in o.useful_tiles],
            }
            for o in options[:top]
        ]
    else:
        raise HandError(
            f"{n} tiles (melds counted as 3): a hand to analyze has 3n+1 tiles (waiting, e.g. 13) or 3n+2 "
            "(to discard from, e.g. 14)"
        )
    return out


# --- score ------------------------------------------------------------------------------------------------------

_WIN_FLAGS = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard",
              "heavenly", "earthly")


def _context(ruleset: RuleSet[Any], given: Mapping[str, Any], *, self_drawn: bool | None) -> tuple[WinContext, list[
        dict[str, Any]]]:
    """The rule set's context built from plain values, and the facts that were assumed (not given)."""
    facts = {str(k).strip().replace("-", "_"): v for k, v in given.items()}
    assumed: list[dict[str, Any]] = []

    def assume(fact: str, value: Any, zh: str, en: str) -> None:
        assumed.append({"fact": fact, "value": value, "zh": zh, "en": en})

    seats = ruleset.seats
    winner = seat_of(facts.pop("winner", 0), "winner")
    dealer = seat_of(facts.pop("dealer", 0), "dealer")
    for seat, what in ((winner, "winner"), (dealer, "dealer")):
        if seat not in seats:
            raise ContextError(f"{what} {seat}: the {ruleset.name} rule set seats players "
                               f"{', '.join(map(str, seats))}")
    if "winner" not in given and "dealer" not in given:
        assume("winner", 0, "和牌者为 0 号座位，且是庄家", "the winner is seat 0, the dealer")
    elif "dealer" not in given:
        assume("dealer", 0, "庄家为 0 号座位", "the dealer is seat 0")
    fields: dict[str, Any] = {"winner": winner, "dealer": dealer}
    if "prevalent_wind" in facts:
        fields["prevalent_wind"] = wind_of(facts.pop("prevalent_wind"), "prevalent_wind")
    else:
        fields["prevalent_wind"] = 0
        assume("prevalent_wind", "E", "圈风为东", "the prevalent wind is East")
    if "seat_wind" in facts:
        fields["seat_wind"] = wind_of(facts.pop("seat_wind"), "seat_wind")
    else:
        wind = (winner - dealer) % 4
        assume("seat_wind", WIND_CODES[wind], f"门风由座位推出：{'东南西北'[wind]}",
               f"the seat wind follows from the seats: {('East', 'South', 'West', 'North')[wind]}")
    sd = facts.pop("self_drawn", None)
    if self_drawn is not None:
        sd = self_drawn
    if isinstance(sd, str):
        low = sd.strip().lower()
        if low not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
            raise ContextError(f"self_drawn must be true or false, got {sd[:20]!r}")
        sd = low in ("true", "yes", "1", "on")
    if sd is not None and not isinstance(sd, bool):
        raise ContextError(f"self_drawn must be true or false, got {sd!r}")
    discarder = facts.pop("discarder", None)
    if isinstance(discarder, str) and discarder.strip().lower() in ("", "none", "null"):
        discarder = None
    if discarder is not None:
        if sd is True:
            raise ContextError("self_drawn contradicts a discarder: give one or the other")
        d = seat_of(discarder, "discarder", winner=winner, dealer=dealer)
        if d == winner:
            raise ContextError("the discarder cannot be the winner (leave it out for a self-draw)")
        if d not in seats:
            raise ContextError(f"discarder {d}: the {ruleset.name} rule set seats players "
                               f"{', '.join(map(str, seats))}")
        fields["discarder"] = d
    elif sd is False:
        d = seats[seats.index(winner) - 1]
        fields["discarder"] = d
        assume("discarder", d, f"放炮者为上家（{d} 号座位）", f"the discard came from the player before the winner "
               f"(seat {d})")
    elif sd is None:
        assume("self_drawn", True, "自摸（未给出放炮者）", "self-drawn (no discarder given)")
    if "jing_held" in facts:
        facts["jing_held"] = _jing_held(facts["jing_held"], winner)
    fields.update(facts)
    try:
        ctx = ruleset.Context.from_options(**fields)
    except TypeError as e:  # a context whose from_options has fixed parameters
        known = ", ".join(f["name"] for f in context_fields(ruleset.name))
        bad = re.search(r"argument '(\w+)'", str(e))
        what = repr(bad.group(1)) if bad else "given"
        raise ContextError(f"unknown win fact {what} for {ruleset.name}; known: {known}") from None
    for f in _own_fields(ruleset):
        if f.name in given or f.name in fields:
            continue
        note = _UNGIVEN.get((ruleset.name, f.name))
        if note:
            assume(f.name, _jsonable(getattr(ctx, f.name, None)), *note)
    return ctx, assumed


def _jing_held(value: Any, winner: int) -> Any:
    """Nanchang's other seats' 精 from text (``"1=1,0 2=0,2"``: seat=正精,副精) or a mapping {seat: (正精, 副精)}:
    four entries, the winner's left to the hand, seats not named holding none."""
    if isinstance(value, str):
        entries: dict[Any, Any] = {}
        for part in value.replace(";", " ").split():
            seat_text, sep, counts_text = part.partition("=")
            if not sep:
                raise ContextError(
                    f"jing_held: write SEAT=正精,副精 for each seat, e.g. 1=1,0 2=0,2; got {part[:20]!r}"
                )
            entries[seat_text] = counts_text.split(",")
        value = entries
    if not isinstance(value, Mapping):
        return value
    held: list[tuple[int, int] | None] = [(0, 0)] * 4
    held[winner] = None
    for seat_key, counts in value.items():
        seat = seat_of(seat_key, "jing_held seat")
        try:
            z, f = (int(str(c).strip()) for c in counts)
        except (TypeError, ValueError):
            raise ContextError(f"jing_held for seat {seat}: give two counts 正精,副精, e.g. 1,0") from None
        held[seat] = (z, f)
    return tuple(held)


#: the rule-set facts whose absence changes the money, and what the scorer then assumes
_UNGIVEN: dict[tuple[str, str], tuple[str, str]] = {
    ("nanchang", "indicator"): ("未给出翻精：无精，按原牌计",
                                "no indicator given: no jing in play, every tile at face value"),
    ("nanchang", "jing_held"): ("未给出他家所持精：他家无精", "other seats' jing not given: they hold none"),
    ("yuhuan", "caishen"): ("未给出财神：无财神", "no wildcard (caishen) given: none in play"),
    ("yuhuan", "loser_totals"): ("未给出输家胡数：输家间不互算", "losers' totals not given: losers settle nothing "
                                 "between themselves"),
    ("wuhu-2468", "ya"): ("押由牌推出", "the press (ya) is derived from the hand"),
    ("wuhu-1234", "ya"): ("押由牌推出", "the press (ya) is derived from the hand"),
}


#: of those, the facts without which a hand holding wildcards does not win at all
_DECIDES_A_WIN = {("nanchang", "indicator"), ("yuhuan", "caishen")}


def _own_fields(ruleset: RuleSet[Any]) -> list[dataclasses.Field[Any]]:
    base = {f.name for f in dataclasses.fields(WinContext)}
    return [f for f in dataclasses.fields(ruleset.Context) if f.init and f.name not in base]


def _payments(result: ScoreResult, ruleset: RuleSet[Any], ctx: WinContext) -> list[dict[str, Any]]:
    out = []
    for seat, amount in enumerate(result.payments):
        if seat not in ruleset.seats:
            continue
        out.append({
            "seat": seat,
            "wind": WIND_CODES[(seat - ctx.dealer) % 4],
            "dealer": seat == ctx.dealer,
            "winner": seat == ctx.winner,
            "discarder": seat == ctx.discarder,
            "amount": amount,
        })
    return out


def _reading(result: ScoreResult, style: Style) -> dict[str, Any] | None:
    r = result.reading
    if r is None:
        return None
    groups = [*r.melds, *((p, p) for p in r.pairs), *((s,) for s in r.singles)]
    return {
        "text": " ".join("".join(tile_name(t, style) for t in g) for g in groups),
        "form": r.form.name.lower(),
        "melds": [[tile_name(t) for t in m] for m in r.melds],
        "pairs": [tile_name(t) for t in r.pairs],
        "singles": [tile_name(t) for t in r.singles],
        "wildcards": [tile_name(t) for t in r.wildcards],
    }


def _jsonable(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (tuple, list, frozenset, set)):
        items = sorted(v) if isinstance(v, (frozenset, set)) else v
        return [_jsonable(x) for x in items]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _jsonable(getattr(v, f.name)) for f in dataclasses.fields(v)}
    return str(v)


def score(
    hand: str,
    *,
    rules: str = "guobiao",
    options: Mapping[str, Any] | None = None,
    context: Mapping[str, Any] | None = None,
    win_tile: str | None = None,
    style: str = "ascii",
    self_drawn: bool | None = None,
) -> dict[str, Any]:
    """Score a complete hand, or list what each winning tile of a waiting hand is worth (see the module doc)."""
    st = _style(style)
    _text_arg(hand, "hand")
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(f"options must be a mapping of option names to values, got {type(options).__name__}")
    if context is not None and not isinstance(context, Mapping):
        raise ContextError(f"context must be a mapping of win facts to values, got {type(context).__name__}")
    preset = resolve_preset(rules)
    ruleset = shared_ruleset(preset, _option_values(preset, options or {}))
    ctx, assumed = _context(ruleset, context or {}, self_drawn=self_drawn)
    if win_tile is not None:
        _text_arg(win_tile, "win_tile")
    parsed = parse_hand(hand, win_tile=win_tile, infer_win_tile=False)
    held = ruleset.tiles_held(parsed)
    _check_size(held, len(parsed.melds), ruleset.hand_rules.hand_size)
    if held % 3 == 1:
        return _waiting(ruleset, preset, parsed, ctx, assumed, hand, st)
    if parsed.win_tile is None and not getattr(ctx, "wildcard_win", False):
        last = _last_written(hand)
        if last is None:
            raise HandError("the hand has no concealed tile to win on: give the winning tile (win_tile)")
        parsed = Hand(parsed.concealed, parsed.melds, parsed.flowers, last)
        assumed.insert(0, {"fact": "win_tile", "value": tile_name(last),
                           "zh": f"和牌张为最后写的牌：{tile_name(last, 'chinese')}（可用 --win-tile 指定）",
                           "en": f"the winning tile is the last one written: {tile_name(last)} (give --win-tile "
                                 "to choose)"})
    try:
        result = ruleset.score(parsed, ctx)
    except NotWinningError as e:  # the hand as it was typed, and loudly a fact left out (the wildcard tile) that
        # may be why
        unsaid = next((a["fact"] for a in assumed if (ruleset.name, a["fact"]) in _DECIDES_A_WIN), None)
        why = str(e) if unsaid is None else str(NotWinningError(code="not-win-unsaid-wildcard", error=str(e),
                                                                fact=unsaid))
        raise NotWinningError(code="not-win-hand", hand=hand.strip(), error=why) from None
    wt = parsed.win_tile
    return {
        "kind": "win",
        **_info(preset),
        "hand": hand,
        "win_tile": _tile(wt, st) if wt is not None else None,
        "self_drawn": ctx.self_drawn,
        "items": [dataclasses.asdict(i) | {"points": i.points} for i in result.items],
        "total": result.total,
        "unit": result.unit,
        "valid": result.valid,
        "invalid_reason": result.invalid_reason,
        "invalid_reason_zh": _chinese(result.invalid_reason),
        "reading": _reading(result, st),
        "wait": result.wait,
        "arithmetic": [{"zh": a.zh, "en": a.en} for a in result.arithmetic],
        "payments": _payments(result, ruleset, ctx),
        "assumptions": assumed,
        "details": _jsonable({k: v for k, v in result.details.items() if k != "arithmetic"}),
    }


def _chinese(text: str | None) -> str | None:
    """A result's English text (its invalid reason) in Chinese, the English kept where no row says it."""
    if text is None:
        return None
    from mahjong.errors import chinese_of

    return chinese_of(text) or text


_MELD_TEXT = re.compile(r"[\[［][^\]］]*[\]］]")


def _last_written(text: str) -> int | None:
    """The last concealed (non-flower) tile written: the winning tile when none is given."""
    tiles = [t for t in parse_tiles(_MELD_TEXT.sub(" ", text)) if t < N_KINDS]
    return tiles[-1] if tiles else None


def _option_values(preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Option values as the config takes them: text (from the CLI or a form) read as the field's type."""
    config = shared_ruleset(preset).config
    defaults = {f.name: getattr(config, f.name) for f in dataclasses.fields(config)}
    from mahjong.rulebook.rows import current_option_name  # old option names still accepted

    out: dict[str, Any] = {}
    for k, v in options.items():
        name = current_option_name(set(defaults), str(k).strip().replace("-", "_"))
        if name not in defaults:
            known = ", ".join(sorted(defaults))
            raise RulesError(f"unknown option {name[:40]!r} for {preset}; known: {known}")
        try:
            out[name] = _plain_value(name, v, defaults[name])
        except ContextError as e:
            raise RulesError(str(e)) from None
    return out


def _plain_context(ctx: WinContext, **changes: Any) -> WinContext:
    """The context with its tile-dependent win flags dropped and the way of winning replaced."""
    flags = {f: False for f in _WIN_FLAGS if hasattr(ctx, f)}
    return dataclasses.replace(ctx, **flags, **changes)


def _waiting(ruleset: RuleSet[Any], preset: str, hand: Hand, ctx: WinContext, assumed: list[dict[str, Any]],
             text: str, st: Style) -> dict[str, Any]:
    drawn = _try_context(ctx, discarder=None)
    discarder = ctx.discarder if ctx.discarder is not None else ruleset.seats[ruleset.seats.index(ctx.winner) - 1]
    claimed = _try_context(ctx, discarder=discarder)
    held = hand.all_counts
    rows = []
    unit = None
    for tile in range(N_KINDS):
        if held[tile] >= 4:
            continue
        full = Hand(hand.concealed + (tile,), hand.melds, hand.flowers, tile)
        ways: dict[str, dict[str, Any] | None] = {}
        for way, c in (("self_drawn", drawn), ("discard", claimed)):
            r = None
            if c is not None:
                try:
                    r = ruleset.score(full, c)
                except MahjongError:
                    r = None
            if r is not None:
                unit = r.unit
            ways[way] = None if r is None else {"total": r.total, "valid": r.valid}
        if ways["self_drawn"] is not None or ways["discard"] is not None:
            rows.append(_tile(tile, st) | ways)
    assumed = [a for a in assumed if a["fact"] not in ("self_drawn", "discarder")]
    return {
        "kind": "waiting",
        **_info(preset),
        "hand": text,
        "unit": unit,
        "minimum": getattr(ruleset.config, "min_fan", None),
        "winning_tiles": rows,
        "assumptions": assumed,
    }


def _try_context(ctx: WinContext, **changes: Any) -> WinContext | None:
    try:
        return _plain_context(ctx, **changes)
    except MahjongError:
        return None


# --- the rule books ---------------------------------------------------------------------------------------------


def rulesets() -> list[dict[str, Any]]:
    """Every preset with its names, the other names it answers to, and its summaries."""
    load_presets()
    out = []
    for name in sorted(PRESETS):
        info = PRESET_INFO[name]
        module, cls, _ = PRESETS[name]
        klass = getattr(importlib.import_module(module), cls)
        out.append({
            "name": name,
            "aliases": list(info.aliases),
            "name_zh": info.name_zh,
            "name_en": info.name_en,
            "summary_zh": info.summary_zh,
            "summary_en": info.summary_en or klass.summary,
            "seats": list(klass.seats),
        })
    return out


def _type_name(tp: Any) -> str:
    if isinstance(tp, type):
        return tp.__name__
    return str(tp).replace("typing.", "")


def _split_source(doc: str) -> tuple[str, str]:
    head, sep, tail = doc.partition("source:")
    if not sep:
        head, sep, tail = doc.partition("Source:")
    return (head.strip().rstrip("—-").strip(), tail.strip()) if sep else (doc, "")


def ruleset_options(name: str) -> dict[str, Any]:
    """Every config field of a preset's rule set: name, type, the preset's value, its documentation (``doc``, and
    in one language each: ``doc_en`` / ``doc_zh``) and source; and the table it is played with: ``hand_size``,
    the tile kinds in play (``tiles``, codes) and whether flowers are (``flowers``)."""
    ruleset = shared_ruleset(name)
    preset = resolve_preset(name)
    config = ruleset.config
    hints = typing.get_type_hints(type(config))
    doc = type(config).__doc__ or ""
    options = []
    for f in dataclasses.fields(config):
        text, source = _split_source(_field_doc(doc, f.name))
        meta = f.metadata
        options.append({
            "name": f.name,
            "type": _type_name(hints.get(f.name, f.type)),
            "default": _jsonable(getattr(config, f.name)),
            "doc": text,
            "doc_en": meta.get("en") or text,
            "doc_zh": meta.get("zh") or text,
            "source": meta.get("source") or source,
        })
    return {**_info(preset), "name": preset, "options": options, **tile_set(preset)}


def tile_set(name: str) -> dict[str, Any]:
    """The table a preset is played with: ``{"hand_size": 13 | 16, "tiles": [code of each kind in play],
    "flowers": bool}`` (the wall of its game flow; Sichuan: the 27 suited kinds, no flowers)."""
    from mahjong.game.engine import make_flow  # (the game's flow knows its wall)

    ruleset = shared_ruleset(name)
    kinds = set(make_flow(resolve_preset(name)).tiles())
    return {"hand_size": ruleset.hand_rules.hand_size, "tiles": [tile_name(t) for t in sorted(k for k in kinds
                                                                                             if k < N_KINDS)],
            "flowers": any(k >= N_KINDS for k in kinds)}


def flow_options(name: str) -> list[dict[str, Any]]:
    """The options of a preset's game flow (how a hand is played: ``Game(name, options=...)``, ``--option`` of
    ``simulate`` / ``play``): name, type, default, documentation and the source each follows; none for a preset
    the engine does not play."""
    from mahjong.game.flows import flow_class

    try:
        options = flow_class(name).Options
    except RulesError:
        return []
    hints = typing.get_type_hints(options)
    doc = options.__doc__ or ""
    out = []
    for f in dataclasses.fields(options):
        text, source = _split_source(_field_doc(doc, f.name))
        out.append({"name": f.name, "type": _type_name(hints.get(f.name, f.type)), "default": _jsonable(f.default),
                    "doc": text, "source": source})
    return out


def context_fields(name: str) -> list[dict[str, Any]]:
    """The win facts a preset's rule set reads: every field of its context type, with its type, default, doc, its
    words for a player (``label`` and ``help``, each ``{"en", "zh"}``) and ``option``: the option that must be on
    for the rule set to read it (None: always read).  The winds are left out where the tiles have no honors."""
    fields = _context_fields(name)
    honors = any(t in tile_set(name)["tiles"] for t in WIND_CODES)
    return [f for f in fields if honors or f["name"] not in ("seat_wind", "prevalent_wind")]


def _context_fields(name: str) -> list[dict[str, Any]]:
    ruleset = shared_ruleset(name)
    ctx_type = ruleset.Context
    out = [_fact("self_drawn", "bool", None, "自摸 — won on one's own draw; false without a discarder means the player "
                 "before the winner discarded", {})]
    for klass in reversed(ctx_type.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        hints = typing.get_type_hints(klass)
        own = set(getattr(klass, "__annotations__", {}))
        for f in dataclasses.fields(klass):
            if f.name not in own or not f.init or any(o["name"] == f.name for o in out):
                continue
            default: Any = None
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            out.append(_fact(f.name, _type_name(hints.get(f.name, f.type)), _jsonable(default),
                             _attribute_doc(klass.__doc__ or "", f.name), f.metadata))
    return out


def _fact(name: str, type_name: str, default: Any, doc: str, meta: Mapping[str, Any]) -> dict[str, Any]:
    """A win fact with its player's words: the fact's own (a rule file's ``en`` / ``zh``), else the package's
    (:data:`mahjong.i18n.WIN_FACTS`)."""
    from mahjong.i18n import WIN_FACTS

    row = WIN_FACTS.get(name)
    label = {"en": row[0], "zh": row[1]} if row else {"en": name.replace("_", " "), "zh": name}
    help_ = {"en": meta.get("en") or (row[2] if row else doc), "zh": meta.get("zh") or (row[3] if row else doc)}
    return {"name": name, "type": type_name, "default": default, "doc": doc, "label": label, "help": help_,
            "option": meta.get("option")}


def _attribute_doc(doc: str, name: str) -> str:
    text = re.split(r"\s[a-z_]+: ", _field_doc(doc, name))[0]
    if text:
        return text
    # several names on one line ("heavenly: 天和 … earthly: 地和 …")
    marker = f"{name}:"
    at = doc.find(" " + marker)
    if at < 0:
        return ""
    rest = doc[at + len(marker) + 1:]
    return " ".join(rest.split(".")[0].split()) + "."


# --- fan tables -------------------------------------------------------------------------------------------------

#: where each rule set keeps its rule book: (module, attribute, section key, zh, en, unit)
_BOOKS: dict[str, tuple[tuple[str, str, str, str, str, str], ...]] = {
    "Guobiao": (("mahjong.rulesets.guobiao.fans", "FANS", "fans", "番种", "fans", "fan"),),
    "CommonTable": (("mahjong.rulesets.common", "ROWS", "fans", "番种", "fans", "fan"),),
    "TwoPlayer": (("mahjong.rulesets.common", "ROWS", "fans", "番种", "fans", "fan"),),
    "Sichuan": (("mahjong.rulesets.sichuan", "PATTERNS", "patterns", "牌型", "base patterns", "fan"),
                ("mahjong.rulesets.sichuan", "EXTRAS", "extras", "加番", "extra fans", "fan")),
    "Nanchang": (("mahjong.rulesets.nanchang", "HAND_TYPES", "hand_types", "牌型", "hand types", "pt"),
                 ("mahjong.rulesets.nanchang", "MULTIPLIERS", "multipliers", "加倍", "multipliers", "x")),
    "Yuhuan": (("mahjong.rulesets.yuhuan", "TAI", "tai", "台", "tai", "tai"),),
}


def _row(obj: Any, unit: str) -> dict[str, Any] | None:
    if isinstance(obj, tuple) and not hasattr(obj, "_fields") and len(obj) >= 3:  # (key, zh, en, ..., excludes)
        key, zh, en = obj[0], obj[1], obj[2]
        excludes = obj[4] if len(obj) > 4 and isinstance(obj[4], tuple) else ()
        return {"key": key, "zh": zh, "en": en, "value": None, "unit": unit, "excludes": list(excludes), "note": ""}
    key = getattr(obj, "key", None)
    if key is None or key == "none":
        return None
    value: Any = None
    for attr in ("value", "fan"):
        if isinstance(getattr(obj, attr, None), int):
            value = getattr(obj, attr)
            break
    if value is None and hasattr(obj, "discard") and hasattr(obj, "self_draw"):
        value = {"discard": obj.discard, "self_drawn": obj.self_draw}
    if value is None and unit == "fan" and not hasattr(obj, "test"):
        value = 1
    return {
        "key": key,
        "zh": getattr(obj, "name_zh", ""),
        "en": getattr(obj, "name_en", ""),
        "value": value,
        "unit": unit,
        "excludes": list(getattr(obj, "excludes", ())),
        "note": str(getattr(obj, "rule", "") or getattr(obj, "text", "")),
    }


def _book_row(book: Any, row: Any) -> dict[str, Any] | None:
    """A rule-book row as a table shows it without a hand: its name's placeholders described, a value that depends
    on the hand said in words (``value_text``, zh + en; ``value`` is then None), a row priced apart on a self-draw
    shown with both prices."""
    from mahjong.rulebook.book import describe_value
    from mahjong.rulebook.rows import shown_names

    out = _row(row, row.unit)
    if out is None:
        return None
    out["zh"], out["en"] = shown_names(row)
    text = describe_value(book, row.key)
    if text is not None:
        out["value"] = None
        out["value_text"] = {"zh": text[0], "en": text[1]}
    elif row.self_drawn_value is not None:
        out["value"] = {"discard": row.value, "self_drawn": row.self_drawn_value}
    return out


#: a rule file's table named after its unit (Chinese, English)
_SECTION_NAMES = {"fan": ("番种", "fans"), "hu": ("胡数", "hu"), "tai": ("台数", "tai"), "x": ("倍数", "multipliers"),
                  "pt": ("分数", "points")}


def fans(name: str) -> dict[str, Any]:
    """The whole fan / hu table of a preset's rule set: every row's key, names, value, unit and exclusions."""
    ruleset = shared_ruleset(name)
    preset = resolve_preset(name)
    book = getattr(type(ruleset), "book", None)  # a rule set read from a rule file
    if book is not None:
        # the rule set's rows: a value written as an option of the book is shown as this configuration has it
        book_rows = [r for r in (_book_row(book, x) for x in getattr(ruleset, "rows", book.rows)) if r is not None]
        unit = book_rows[0]["unit"] if book_rows else "fan"
        zh, en = _SECTION_NAMES.get(unit, ("番种", "rows"))
        return {**_info(preset), "name": preset,
                "sections": [{"key": "rows", "zh": zh, "en": en, "unit": unit, "rows": book_rows}]}
    books = _BOOKS.get(type(ruleset).__name__)
    if books is None:
        raise RulesError(f"the {preset} rule set publishes no fan table")
    sections = []
    for module, attr, key, zh, en, unit in books:
        table = getattr(importlib.import_module(module), attr)
        rows: Sequence[Any] = list(table.values()) if isinstance(table, Mapping) else list(table)
        section_rows = [r for r in (_row(x, unit) for x in rows) if r is not None]
        sections.append({"key": key, "zh": zh, "en": en, "unit": unit, "rows": section_rows})
    if type(ruleset).__name__ == "Guobiao" and getattr(ruleset.config, "extras", False):
        from mahjong.rulesets.guobiao.fans import EXTRA_FANS

        sections.append({"key": "extras", "zh": "加番", "en": "extra hands", "unit": "fan",
                         "rows": [r for r in (_row(x, "fan") for x in EXTRA_FANS) if r is not None]})
    return {**_info(preset), "name": preset, "sections": sections}
