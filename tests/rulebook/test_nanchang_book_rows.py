"""Nanchang scored by the generic rule book: its rows, its book keys (the payment by shares and its payer bonuses,
the flat 天胡 / 地胡 win, the reading best for the winner, a discarded 精 won on as a plain tile) and the 精 held,
against Nanchang's own scorer as it was before (``_score_before``: that method frozen here, over the same helpers)
and against results pinned from it (``data/nanchang_scores_before.json.gz``, written by the code before the move)
— items, totals, payments and the 精 settlement identical on seeded and hypothesis-drawn hands and options."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nanchang_cases import cases, outcome, random_case

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, NotWinningError
from mahjong.framework import N_SEATS, ScoreItem, ScoreResult
from mahjong.hand import Hand
from mahjong.rulebook.expr import BUILTINS, evaluate
from mahjong.rulebook.reading import build_reading, stand_ins
from mahjong.rulebook.strategies import Bonus, Shares, all_pairs_settlement, share_payments
from mahjong.rulesets._rulebook import item
from mahjong.rulesets.nanchang import Nanchang, NanchangContext, jing_tiles

PINNED = Path(__file__).parent / "data" / "nanchang_scores_before.json.gz"


# --- Nanchang.score as it was (the oracle) -----------------------------------------------------------------------


def _taken(rs: Nanchang, hand: Hand, ctx: NanchangContext) -> tuple[int, ...]:
    if ctx.indicator is None:
        return ()
    keep_win = (not ctx.self_drawn) and not rs.config.discarded_jing_is_wildcard
    taken: list[int] = []
    for t in jing_tiles(ctx.indicator):
        n = hand.counts[t] - (1 if keep_win and hand.win_tile == t else 0)
        taken.extend([t] * n)
    return tuple(taken)


def _waited_on_any_tile(rs: Nanchang, hand: Hand, counts: list[int], wild: int) -> bool:
    if wild == 0 or hand.win_tile is None:
        return False
    before = list(counts)
    if before[hand.win_tile] > 0:
        before[hand.win_tile] -= 1
    else:
        wild -= 1
    return wild > 0 and bool(K.waits(bytes(before), wild, rs.hand_rules).any_tile)


def _share_rule(rs: Nanchang, ctx: NanchangContext) -> Shares:
    cfg = rs.config
    return Shares(self_draw_share=2, discarder_share=2, other_share=1 if cfg.discard_payment == "all_three" else 0,
                  unit=cfg.payment_unit, dealer_doubling=cfg.dealer_doubling,
                  discarder_pays_for_all=ctx.robbing_kong and cfg.robbing_kong_konger_pays_all, cap=cfg.max_points)


def _payer_bonuses(rs: Nanchang, ctx: NanchangContext, items: tuple[ScoreItem, ...]) -> list[Bonus]:
    cfg = rs.config
    payers = [p for p in range(N_SEATS) if p != ctx.winner]
    out: list[Bonus] = []
    clean = sum(i.value * i.count for i in items if i.unit == "pt")
    if clean:
        out.append(Bonus({p: clean for p in payers
                          if ctx.self_drawn or p == ctx.discarder or cfg.deguo_bonus_payers == "all"},
                         "德国", "clean hand"))
    if cfg.jing_diao_bonus and any(i.key == "wildcard_single_wait" for i in items):
        out.append(Bonus({p: cfg.jing_diao_bonus for p in payers}, "精吊", "jing single wait"))
    return out


def _score_before(rs: Nanchang, h: Hand, ctx: NanchangContext) -> ScoreResult:
    """Nanchang.score before its scoring became the book's (readings, refusals, the reading classes, the share
    payments with their bonuses, the flat 天胡 / 地胡 win and the 精 settlement), frozen."""
    h.check_size(13, complete=True)
    names = {**rs._options(), **vars(ctx), "self_drawn": ctx.self_drawn, "winner_is_dealer": ctx.winner_is_dealer,
             "melds": len(h.melds), "kongs": sum(m.is_kong for m in h.melds),
             "claimed_melds": sum(not m.is_concealed for m in h.melds)}
    for check, message in rs.book.checks:
        if evaluate(check, names, BUILTINS):
            raise ContextError(message)
    held, kongs = rs.jing_holdings(h, ctx)
    taken = _taken(rs, h, ctx)
    counts = list(h.counts)
    for t in taken:
        counts[t] -= 1
    wild = len(taken)
    decomps = K.decompositions(bytes(counts), wild, rs.hand_rules)
    if not decomps:
        raise NotWinningError(code="nanchang-not-win", n=wild)
    facts = {"others_hold_wildcards": any(z + f for s, (z, f) in enumerate(held) if s != ctx.winner),
             "waited_on_any_tile": _waited_on_any_tile(rs, h, counts, wild)}
    kinds = rs.wildcard_kinds(ctx)
    opts = rs._options()
    cfg = rs.config
    scored: list[tuple[Any, tuple[ScoreItem, ...], int, dict[int, int]]] = []
    refused: list[str] = []
    seen: dict[tuple[Any, ...], Any] = {}
    for d in decomps:
        key = rs.reading_class(d, taken)  # (its classes checked against every reading: test_nanchang_book.py)
        got = seen.get(key)
        if got is None:
            v = build_reading(h, d, ctx, rs.hand_rules, kinds, facts, wildcard_tiles=taken)
            names, funcs = rs._reading_env(v, opts)
            got = next((reason for when, reason in rs.book.refusals if evaluate(when, names, funcs)), None)
            if got is None:
                lines = rs.count_rows(v, opts)
                if not any(r.group == "hand_type" for r, _n in lines):
                    got = f"form {v.form.name} is not a Nanchang hand"
                else:
                    items = tuple(rs._items(lines, v, opts))
                    mult = rs._hand_value(lines, opts)
                    owed = share_payments(mult, ctx.winner, ctx.discarder, ctx.dealer, rs.seats, _share_rule(rs, ctx),
                                          _payer_bonuses(rs, ctx, items))
                    got = (items, mult, owed)
            seen[key] = got
        if isinstance(got, str):
            refused.append(got)
        else:
            scored.append((d, *got))
    if not scored:
        raise NotWinningError(f"no reading of the hand may win here: {refused[0]}")
    flat = None
    if (ctx.heavenly or ctx.earthly) and not cfg.heavenly_earthly_multiplies:
        row = next(r for r in rs.rows if r.key == ("heavenly_hand" if ctx.heavenly else "earthly_hand"))
        it = item(row, cfg.heavenly_earthly_points, unit="pt", note="flat from each other player; nothing else applies")
        flat = (it, {p: cfg.heavenly_earthly_points for p in range(N_SEATS) if p != ctx.winner})
    best = scored[0] if flat is not None else max(scored, key=lambda r: sum(r[3].values()))
    d, items, mult, owed = best
    if flat is not None:
        items, owed, mult = (flat[0],), flat[1], flat[0].value
    win_pay = [0] * N_SEATS
    for p, amt in owed.items():
        win_pay[p] -= amt
        win_pay[ctx.winner] += amt
    points = rs.holding_points(held, kongs)
    jing = all_pairs_settlement(points)
    payments = tuple(a + b for a, b in zip(win_pay, jing))
    details = {"win_payments": win_pay, "jing_points": points, "jing_settlement": list(jing),
               "substitutes": [t for t in stand_ins(d.wildcards, taken, cfg.jing_at_face_value)]}
    return ScoreResult(rs.name, items, mult, "pt" if flat is not None else "x", d, None, True, payments, None, details)


# --- the comparison ----------------------------------------------------------------------------------------------


def _now(rs: Nanchang, h: Hand, ctx: NanchangContext) -> ScoreResult:
    return rs.score(h, ctx)


def _before(rs: Nanchang, h: Hand, ctx: NanchangContext) -> ScoreResult:
    return _score_before(rs, h, ctx)


def _compared(o: dict[str, Any]) -> dict[str, Any]:
    """What must be identical: everything but the wording of a hand no reading of which is a win (the book's own
    message names the forms) and the detail ``substitutes`` (a display detail the book's result leaves out)."""
    if "error" in o:  # (the book's checks name the rule set: "nanchang: ...")
        message = o["message"].removeprefix("nanchang: ")
        return {"error": o["error"], "message": message if message.startswith("no reading") or
                o["error"] == "ContextError" else ""}
    out = dict(o)
    out["substitutes"] = None
    return out


def _agree(case: dict[str, Any]) -> None:
    assert _compared(outcome(_now, case)) == _compared(outcome(_before, case)), case


def test_seeded_hands_score_as_before() -> None:
    for case in cases(25, 200):
        _agree(case)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_hypothesis_hands_score_as_before(seed: int) -> None:
    case = random_case(random.Random(seed))
    if case is not None:
        _agree(case)


def test_pinned_results_of_the_scorer_before() -> None:
    """Results the scorer gave before the move (pinned on main at d8d2fcf): the oracle above is a copy of it
    that reads today's helpers, so this is the check that needs none of them."""
    with gzip.open(PINNED, "rt", encoding="utf-8") as f:
        pinned = json.load(f)
    assert len(pinned) == 400
    for entry in pinned:
        got = outcome(_now, entry["case"])
        want = entry["outcome"]
        assert _compared(got) == _compared(want), entry["case"]


def test_the_cases_cover_what_the_scorer_reads() -> None:
    """The seeded cases reach every part of the scoring they are meant to check."""
    outs = [(c, outcome(_before, c)) for c in cases(25, 200)]
    won = [(c, o) for c, o in outs if "error" not in o]
    keys = {i[0] for _c, o in won for i in o["items"]}
    assert {"basic_win", "all_pungs", "seven_pairs", "thirteen_misfits", "clean_hand", "doubly_clean_hand",
            "wildcard_single_wait", "heavenly_hand", "out_with_replacement_tile", "robbing_the_kong",
            "clean_hand_bonus"} <= keys
    assert any(o["unit"] == "pt" for _c, o in won)  # a flat 天胡 / 地胡
    assert any(any(o["jing_settlement"]) for _c, o in won)
    assert any(c["context"]["discarder"] is None for c, _o in won) and any(
        c["context"]["discarder"] is not None for c, _o in won)
    assert any(o.get("message", "").startswith("no reading") for _c, o in outs)


def write_pinned(path: Path = PINNED) -> None:  # pragma: no cover - run once, on the code before the move
    """Write the pinned results (``python -c "import test_nanchang_book_rows as t; t.write_pinned()"`` from this
    folder)."""
    rows = [{"case": c, "outcome": outcome(_now, c)} for c in cases(2026, 400)]
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False)
