"""The ``mahjong`` command.

    mahjong analyze "<hand>"                 shanten per form, waits with copies left, best discards
    mahjong score [--rules NAME] "<hand>"    itemised fans / hu points, total, minimum check, payments
    mahjong rules [NAME]                     list the rule-set presets, or one preset's options
    mahjong settle record.json               settle a whole hand's event record (see mahjong.settlement)

Every command takes ``--json`` for programs.  Errors in the input print one line naming the problem and exit
with status 2; they never print a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from mahjong import _kernels
from mahjong.errors import MahjongError
from mahjong.hand import parse_hand
from mahjong.rules import PRESETS as SHAPE_PRESETS
from mahjong.rules import HandRules
from mahjong.tiles import Style, parse_tiles, tile_name
from mahjong.types import Form

__all__ = ["main"]

_WIND_NAMES = {"E": 0, "S": 1, "W": 2, "N": 3, "东": 0, "南": 1, "西": 2, "北": 3, "0": 0, "1": 1, "2": 2, "3": 3}
_SEAT_LABEL = ("E", "S", "W", "N")


class _Fail(Exception):
    """A usage problem found after argparse (bad option value)."""


def _wind(text: str) -> int:
    try:
        return _WIND_NAMES[text.strip().upper() if text.isascii() else text.strip()]
    except KeyError:
        raise _Fail(f"not a wind or seat: {text!r} (use E S W N or 0-3)") from None


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _pairs(items: Sequence[str] | None, what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items or ():
        if "=" not in item:
            raise _Fail(f"{what} must be key=value, got {item!r}")
        k, v = item.split("=", 1)
        out[k.strip().replace("-", "_")] = _value(v.strip())
    return out


def _names(tiles: Sequence[int], style: Style) -> list[str]:
    return [tile_name(t, style) for t in tiles]


# --- analyze --------------------------------------------------------------------------------


def _analyze(args: argparse.Namespace) -> dict[str, Any]:
    rules: HandRules = SHAPE_PRESETS[args.shapes]
    hand = parse_hand(args.hand, infer_win_tile=False)
    concealed = list(hand.concealed)
    wildcards = args.wildcards
    if args.wildcard_tile:
        wt = set(parse_tiles(args.wildcard_tile))
        wildcards += sum(1 for t in concealed if t in wt)
        concealed = [t for t in concealed if t not in wt]
    counts = bytes(_counts(concealed))
    visible = None
    if args.visible:
        visible = bytes(_counts(parse_tiles(args.visible)))
    k = _kernels.backend_module
    n = len(concealed) + wildcards
    style: Style = args.style
    out: dict[str, Any] = {
        "hand": args.hand,
        "backend": _kernels.BACKEND,
        "tiles": n,
        "melds": len(hand.melds),
        "wildcards": wildcards,
        "rules": args.shapes,
    }
    by_form = k.shanten_by_form(counts, wildcards, rules)
    out["shanten"] = min(by_form.values())
    out["shanten_by_form"] = {Form(f).name.lower(): v for f, v in by_form.items()}
    if n % 3 == 1:
        w = k.waits(counts, wildcards, rules, visible=visible)
        out["waits"] = [
            {"tile": tile_name(t, style), "remaining": r} for t, r in zip(w.tiles, w.remaining)
        ]
        out["any_tile"] = w.any_tile
        out["useful_tiles"] = _names(k.useful_tiles(counts, wildcards, rules), style)
    else:
        options = k.discard_options(counts, wildcards, rules, visible=visible)
        out["is_win"] = k.is_win(counts, wildcards, rules)
        out["discards"] = [
            {
                "discard": tile_name(o.tile, style),
                "shanten": o.shanten,
                "useful_tiles": _names(o.useful_tiles, style),
                "useful_count": o.useful_count,
            }
            for o in options[: args.top]
        ]
    return out


def _counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        if t >= 34:
            raise _Fail("flowers are not part of a hand to analyze")
        c[t] += 1
    return c


def _print_analysis(a: dict[str, Any]) -> None:
    sh = a["shanten"]
    label = "complete (和)" if sh == -1 else "ready (听牌)" if sh == 0 else f"{sh}-shanten"
    print(f"hand: {a['hand']}   ({a['tiles']} tiles, {a['melds']} melds, {a['wildcards']} wildcards)")
    print(f"shanten: {sh}  — {label}")
    print("  by form: " + ", ".join(f"{f} {v}" for f, v in a["shanten_by_form"].items()))
    if "waits" in a:
        if a["waits"]:
            total = sum(w["remaining"] for w in a["waits"])
            extra = "  (any tile wins)" if a["any_tile"] else ""
            print(f"waits ({total} left){extra}: " + " ".join(f"{w['tile']}×{w['remaining']}" for w in a["waits"]))
        else:
            print("useful tiles (进张): " + (" ".join(a["useful_tiles"]) or "none"))
    else:
        if a.get("is_win"):
            print("the hand is complete (和)")
        print("best discards:")
        for d in a["discards"]:
            print(
                f"  discard {d['discard']:>3}  → shanten {d['shanten']}, "
                f"{d['useful_count']} tiles: {' '.join(d['useful_tiles'])}"
            )


# --- score ----------------------------------------------------------------------------------


def _score(args: argparse.Namespace) -> tuple[Any, Any]:
    from mahjong.framework import get_ruleset

    options = _pairs(args.option, "--option")
    ruleset = get_ruleset(args.rules, **options)
    fields: dict[str, Any] = {
        "winner": args.winner,
        "dealer": args.dealer,
        "prevalent_wind": _wind(args.prevalent_wind),
    }
    if args.seat_wind is not None:
        fields["seat_wind"] = _wind(args.seat_wind)
    if args.self_drawn and args.discarder is not None:
        raise _Fail("--self-drawn contradicts --discarder")
    if not args.self_drawn:
        if args.discarder is not None:
            fields["discarder"] = args.discarder
        else:  # the player before the winner in turn order (the only opponent in the two-player game)
            seats = ruleset.seats
            if args.winner not in seats:
                raise _Fail(f"--winner {args.winner}: the {ruleset.name} rule set seats players {list(seats)}")
            fields["discarder"] = seats[seats.index(args.winner) - 1]
    for flag in ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard",
                 "heavenly", "earthly"):
        if getattr(args, flag):
            fields[flag] = True
    fields.update(_pairs(args.context, "--context"))
    context = ruleset.Context.from_options(**fields)
    hand = parse_hand(args.hand)
    winning_tiles = getattr(ruleset, "winning_tiles", None)
    if winning_tiles is not None and hand.tile_count % 3 == 1:  # a waiting hand: what each winning tile scores
        return ruleset, WaitingHandValue(ruleset.name, winning_tiles(hand, context))
    # (rule sets without winning_tiles say themselves what is wrong with a hand that is not complete)
    return ruleset, ruleset.score(hand, context)


class WaitingHandValue:
    """``mahjong score`` on a waiting hand: every winning tile with the total it would score both ways."""

    def __init__(self, ruleset: str, rows: Sequence[Any]) -> None:
        self.ruleset = ruleset
        self.rows = list(rows)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "winning_tiles": [
            {"tile": tile_name(r.tile), "self_drawn": r.self_drawn, "discard": r.discard} for r in self.rows]}

    def print(self, style: Style) -> None:
        print(f"rule set: {self.ruleset}")
        if not self.rows:
            print("not ready: no tile completes this hand")
            return
        print("winning tile   self-drawn   on a discard")
        for r in self.rows:
            print(f"  {tile_name(r.tile, style):<12} {r.self_drawn:>10}   {r.discard:>12}")


def _print_score(result: Any, style: Style) -> None:
    print(f"rule set: {result.ruleset}")
    if result.items:
        wz = max(len(i.name_zh) for i in result.items)
        we = max(len(i.name_en) for i in result.items)
        for i in result.items:
            times = f" ×{i.count}" if i.count != 1 else ""
            print(f"  {i.name_zh:<{wz}}\u3000{i.name_en:<{we}}  {i.value:>4} {i.unit}{times}"
                  + (f"   ({i.note})" if i.note else ""))
    print(f"total: {result.total} {result.unit}")
    if result.wait:
        print(f"wait: {result.wait}")
    if result.valid:
        print("minimum: reached")
    else:
        print(f"minimum: NOT reached — {result.invalid_reason}")
    pays = "  ".join(f"{_SEAT_LABEL[s]}:{p:+d}" for s, p in enumerate(result.payments))
    print(f"payments (seat 0-3): {pays}")


# --- rules / settle ---------------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> Any:
    from mahjong.framework import get_ruleset, list_rulesets

    if args.name is None:
        rows = list_rulesets()
        if args.json:
            return [{"name": n, "summary": s} for n, s in rows]
        w = max(len(n) for n, _ in rows)
        for n, s in rows:
            print(f"{n:<{w}}  {s}")
        return None
    rs = get_ruleset(args.name)
    opts = rs.describe_options()
    if args.json:
        return {"name": args.name, "title": rs.title, "summary": rs.summary,
                "options": [{"name": n, "default": _jsonable(v), "doc": d} for n, v, d in opts]}
    print(f"{args.name}: {rs.title}\n{rs.summary}\n\noptions (--option name=value):")
    for n, v, d in opts:
        print(f"  {n} = {v!r}\n      {d}")
    return None


def _jsonable(v: Any) -> Any:
    try:
        json.dumps(v)
        return v
    except TypeError:
        return repr(v)


def _settle(args: argparse.Namespace) -> Any:
    from mahjong import settlement

    try:
        with open(args.record, encoding="utf-8") as fh:
            data = json.load(fh)
    except OSError as e:
        raise _Fail(f"cannot read {args.record}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise _Fail(f"{args.record} is not valid JSON: {e}") from None
    record = settlement.HandRecord.from_dict(data)
    result = settlement.settle(record)
    return result


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mahjong", description="Chinese mahjong rules engine (mjcore).")
    sub = p.add_subparsers(dest="command", required=True)

    a = sub.add_parser("analyze", help="shanten, waits and best discards of a hand")
    a.add_argument("hand", help='hand notation, e.g. "123m456p789s1122z" (melds in brackets are counted as exposed)')
    a.add_argument("--shapes", default="default", choices=sorted(SHAPE_PRESETS),
                   help="which winning shapes count (default: 七对 + 十三幺)")
    a.add_argument("--wildcards", type=int, default=0, help="wildcards held in addition to the tiles written")
    a.add_argument("--wildcard-tile", help="tile kind(s) in the hand that are wildcards, e.g. 5m")
    a.add_argument("--visible", help="tiles seen elsewhere (discards, melds), to count copies left")
    a.add_argument("--top", type=int, default=5, help="how many discards to show")
    a.add_argument("--style", default="ascii", choices=["ascii", "chinese", "unicode"])
    a.add_argument("--json", action="store_true")

    s = sub.add_parser("score", help="score a winning hand under a rule set")
    s.add_argument("hand", help='complete hand, winning tile last, e.g. "[123m,1]456m789m123p5s5s"')
    s.add_argument("--rules", default="guobiao", help="rule-set preset (see `mahjong rules`)")
    s.add_argument("--self-drawn", action="store_true", help="自摸 (default: won on a discard)")
    s.add_argument("--discarder", type=int, help="seat 0-3 that discarded the winning tile")
    s.add_argument("--winner", type=int, default=0, help="winning seat 0-3 (default 0)")
    s.add_argument("--dealer", type=int, default=0, help="dealer seat 0-3 (default 0)")
    s.add_argument("--seat-wind", help="winner's seat wind E/S/W/N (default: from winner and dealer)")
    s.add_argument("--prevalent-wind", default="E", help="prevalent (round) wind E/S/W/N")
    s.add_argument("--last-tile", action="store_true", help="和绝张: the last unseen copy")
    s.add_argument("--last-wall-tile", action="store_true", help="海底 / 妙手回春: the wall's last tile")
    s.add_argument("--kong-replacement", action="store_true", help="杠上开花")
    s.add_argument("--robbing-kong", action="store_true", help="抢杠和")
    s.add_argument("--after-kong-discard", action="store_true", help="杠上炮")
    s.add_argument("--heavenly", action="store_true", help="天和")
    s.add_argument("--earthly", action="store_true", help="地和")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="rule-set config option")
    s.add_argument("--context", action="append", metavar="KEY=VALUE",
                   help="rule-set specific win fact, e.g. indicator=5m (Nanchang), wildcard_tile=C (Yuhuan)")
    s.add_argument("--indicator", help="Nanchang: the flipped indicator tile (same as --context indicator=…)")
    s.add_argument("--wildcard-tile", help="Yuhuan: the 财神 tile (same as --context wildcard_tile=…)")
    s.add_argument("--style", default="ascii", choices=["ascii", "chinese", "unicode"])
    s.add_argument("--json", action="store_true")

    r = sub.add_parser("rules", help="list rule-set presets, or show one preset's options")
    r.add_argument("name", nargs="?")
    r.add_argument("--json", action="store_true")

    t = sub.add_parser("settle", help="settle a whole hand's event record (JSON)")
    t.add_argument("record", help="path to the JSON record")
    t.add_argument("--json", action="store_true")
    from mahjong.game.cli import add_commands  # simulate, play

    add_commands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if hasattr(args, "game_handler"):
        return int(args.game_handler(args))
    try:
        if args.command == "analyze":
            a = _analyze(args)
            if args.json:
                print(json.dumps(a, ensure_ascii=False, indent=2))
            else:
                _print_analysis(a)
        elif args.command == "score":
            if args.indicator:
                args.context = [*(args.context or []), f"indicator={args.indicator}"]
            if args.wildcard_tile:
                args.context = [*(args.context or []), f"wildcard_tile={args.wildcard_tile}"]
            _, result = _score(args)
            if args.json:
                print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
            elif isinstance(result, WaitingHandValue):
                result.print(args.style)
            else:
                _print_score(result, args.style)
        elif args.command == "rules":
            data = _rules(args)
            if data is not None:
                print(json.dumps(data, ensure_ascii=False, indent=2))
        elif args.command == "settle":
            result = _settle(args)
            if args.json:
                print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
            else:
                print(result.describe())
    except (MahjongError, _Fail) as e:
        print(f"mahjong {args.command}: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
