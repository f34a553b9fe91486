"""Seeded Nanchang scoring cases (random winning shapes with 精 正/副 in hand and held by the other seats, discarded
and self-drawn wins, 天胡 / 地胡, kongs, every option) and the part of a score the book-rows test compares."""

from __future__ import annotations

import random
from typing import Any

from mahjong.errors import MahjongError
from mahjong.hand import Hand, Meld, MeldKind, format_hand, parse_hand
from mahjong.rulesets.nanchang import Nanchang, NanchangContext, jing_tiles

#: every option with the values a case may take (the defaults among them)
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "all_pungs_multiplier": (2, 4),
    "jing_diao_bonus": (0, 5),
    "kong_flower_multiplier": (2, 4),
    "robbing_kong_konger_pays_all": (False, True),
    "dealer_doubling": ("payer_or_winner", "winner_or_discarder"),
    "discard_payment": ("all_three", "discarder_only"),
    "deguo_bonus_payers": ("discarder", "all"),
    "max_points": (None, 12, 40),
    "pinghu_with_jing_ron_allowed": (False, True),
    "bawang_multiplier": (2, 1),
    "chongguan_threshold": (5, 4, 7),
    "jing_kong_bonus": (10, 0),
    "seven_pairs_deguo_double": (False, True),
    "seven_pairs_quad_as_two": (True, False),
    "jing_in_thirteen_lan": (True, False),
    "seven_star_honors_natural": (True, False),
    "jing_at_face_value": (True, False),
    "discarded_jing_is_wildcard": (False, True),
    "heavenly_earthly_points": (20, 10),
    "heavenly_earthly_multiplies": (False, True),
    "payment_unit": (1, 2),
}

_LAN = [(0, 3, 6), (0, 3, 7), (0, 3, 8), (0, 4, 7), (0, 4, 8), (0, 5, 8), (1, 4, 7), (1, 4, 8), (1, 5, 8), (2, 5, 8)]


def _groups(rng: random.Random) -> list[tuple[int, ...]]:
    """A winning shape as groups (sets, then the pair; seven pairs; or 十三烂 as one group of 14 singles)."""
    r = rng.random()
    if r < 0.15:
        return [(t, t) for t in rng.sample(range(34), 7)]
    if r < 0.27:  # 十三烂: three suits spaced three apart, and honors (all seven: 七星)
        honors = 7 if rng.random() < 0.4 else 5
        suited = [s * 9 + i for s in range(3) for i in rng.choice(_LAN)]
        rng.shuffle(suited)
        return [tuple(sorted(suited[:14 - honors] + rng.sample(range(27, 34), honors)))]
    groups: list[tuple[int, ...]] = []
    for _ in range(4):
        k = rng.random()
        if k < 0.4:
            s = rng.randrange(3) * 9 + rng.randrange(7)
            groups.append((s, s + 1, s + 2))
        elif k < 0.8:
            t = rng.randrange(34)
            groups.append((t, t, t))
        elif k < 0.92:
            groups.append(tuple(sorted(rng.sample(range(27, 31), 3))))
        else:
            groups.append((31, 32, 33))
    p = rng.randrange(34)
    groups.append((p, p))
    return groups


def random_case(rng: random.Random) -> dict[str, Any] | None:
    """One case: the hand's text, the win context's fields and the options (None: the draw made no legal hand)."""
    groups = _groups(rng)
    melds: list[Meld] = []
    concealed: list[int] = []
    for g in groups:
        if len(g) == 3 and rng.random() < 0.25 and len(melds) < 3:
            if g[0] == g[1] and rng.random() < 0.5:
                kind = rng.choice((MeldKind.KONG, MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG))
                melds.append(Meld(kind, (g[0],) * 4, None if kind is MeldKind.CONCEALED_KONG else rng.randrange(1, 4)))
            elif g[0] == g[1]:
                melds.append(Meld(MeldKind.PUNG, g, rng.randrange(1, 4)))
            else:
                melds.append(Meld(MeldKind.CHOW, g, 1))
        else:
            concealed += g
    indicator = rng.randrange(34) if rng.random() < 0.9 else None
    if indicator is not None:
        zheng, fu = jing_tiles(indicator)
        for _ in range(rng.choice((0, 0, 1, 1, 2, 2, 3, 4, 5))):  # 精 standing in for tiles of the shape
            i = rng.randrange(len(concealed))
            concealed[i] = rng.choice((zheng, fu))
    rng.shuffle(concealed)
    win = concealed[-1]
    try:
        hand = Hand(tuple(concealed), tuple(melds), (), win)
        counts = hand.all_counts
    except MahjongError:
        return None
    if max(counts) > 4 or (indicator is not None and counts[jing_tiles(indicator)[0]] > 3):
        return None
    winner = rng.randrange(4)
    dealer = rng.randrange(4) if rng.random() < 0.6 else winner
    self_drawn = rng.random() < 0.45
    discarder = None if self_drawn else rng.choice([s for s in range(4) if s != winner])
    ctx: dict[str, Any] = {"winner": winner, "dealer": dealer, "discarder": discarder, "indicator": indicator}
    if indicator is not None and rng.random() < 0.7:  # the other seats' 精 (what is left of the 3 + 4 in play)
        zheng, fu = jing_tiles(indicator)
        left = [3 - counts[zheng], 4 - counts[fu]]
        held: list[list[int] | None] = []
        for seat in range(4):
            if seat == winner:
                held.append(None)
                continue
            z = rng.randint(0, left[0]) if rng.random() < 0.4 else 0
            f = rng.randint(0, left[1]) if rng.random() < 0.4 else 0
            left[0] -= z
            left[1] -= f
            held.append([z, f])
        ctx["jing_held"] = held
        kongs = [s for s in range(4) if s != winner and held[s] is not None and held[s][1] == 4]  # type: ignore[index]
        ctx["jing_kongs"] = kongs[:1] if rng.random() < 0.7 else []
    r = rng.random()
    if r < 0.06:
        ctx["heavenly"] = True
        ctx["discarder"] = None
        ctx["dealer"] = winner
    elif r < 0.1:
        ctx["earthly"] = True
    elif r < 0.16:
        ctx["kong_replacement"] = True
        ctx["discarder"] = None
    elif r < 0.22 and discarder is not None:
        ctx["robbing_kong"] = True
    elif r < 0.26:
        ctx["last_tile"] = True
    opts = {name: rng.choice(values) for name, values in OPTION_VALUES.items() if rng.random() < 0.3}
    return {"hand": format_hand(hand), "context": ctx, "options": opts}


def cases(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        got = random_case(rng)
        if got is not None:
            out.append(got)
    return out


def context_of(case: dict[str, Any]) -> NanchangContext:
    kw = dict(case["context"])
    if kw.get("jing_held") is not None:
        kw["jing_held"] = tuple(None if h is None else tuple(h) for h in kw["jing_held"])
        kw["jing_kongs"] = tuple(kw.get("jing_kongs", ()))
    return NanchangContext(**kw)


def outcome(score: Any, case: dict[str, Any]) -> dict[str, Any]:
    """What a scorer gives a case: the items, total, unit and payments (and the 精 details), or the error."""
    try:
        rs = Nanchang(**case["options"])
        r = score(rs, parse_hand(case["hand"]), context_of(case))
    except MahjongError as e:
        return {"error": type(e).__name__, "message": str(e)}
    d = r.details
    return {"items": [[i.key, i.value, i.count, i.unit] for i in r.items], "total": r.total, "unit": r.unit,
            "payments": list(r.payments), "reading": repr(r.reading),
            "win_payments": d.get("win_payments"), "jing_points": d.get("jing_points"),
            "jing_settlement": d.get("jing_settlement"), "substitutes": d.get("substitutes")}
