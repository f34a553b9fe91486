"""玉环 hands for the tests: 16-tile wins of 5 sets and a pair with declared melds and 0-3 财神 held."""

from __future__ import annotations

import random
from typing import Any

from mahjong.hand import Hand, Meld, MeldKind, format_hand
from mahjong.tiles import N_KINDS

RED, WHITE = 31, 33

#: every option of the rule set and the values drawn for it
OPTIONS: dict[str, tuple[Any, ...]] = {
    "max_tai": (4, 2, 6),
    "max_hu": (400, 200, 1000),
    "lazi_is_cap": (False, True),
    "haidi_tai": (0, 1),
    "pinghu_pair_no_honor": (False, True),
    "discarded_caishen_is_wildcard": (False, True),
    "loser_tai": (True, False),
    "loser_caishen_tai": (False, True),
    "loser_round_up": (True, False),
    "caishen_may_be_flower_tile": (False, True),
}


def winning_hand(rng: random.Random, caishen: int | None = -1) -> tuple[list[int], list[Meld], int, int]:
    """Concealed tiles (the winning tile last), declared melds, the 财神 kind (-1: none) and a loose 杠花 count, for
    a 财神 of the kind given (-1: drawn here, most often some kind).  The 杠花 tile (白板, 红中 when 白板 is the
    财神) is in no group."""
    if caishen == -1:
        caishen = rng.choice([None, *range(N_KINDS), WHITE, WHITE]) if rng.random() < 0.85 else None
    flower = RED if caishen == WHITE else WHITE
    counts = [0] * N_KINDS
    ok = [t for t in range(N_KINDS) if t != flower]

    def take(ts: list[int]) -> bool:
        if any(counts[t] + ts.count(t) > 4 - (t == caishen) for t in set(ts)):
            return False
        for t in ts:
            counts[t] += 1
        return True

    groups: list[list[int]] = []
    while len(groups) < 5:
        if rng.random() < 0.5:
            s = rng.randrange(3) * 9 + rng.randrange(7)
            g = [s, s + 1, s + 2]
            if flower in g:
                continue
        else:
            t = rng.choice(ok)
            g = [t] * 3
        if take(g):
            groups.append(g)
    while True:
        p = rng.choice(ok)
        if take([p, p]):
            break
    melds: list[Meld] = []
    concealed: list[int] = [p, p]
    for g in groups:
        declared = rng.random() < 0.3 and caishen not in g
        if declared and g[0] == g[1]:
            kind = rng.choice([MeldKind.PUNG, MeldKind.KONG, MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG])
            if kind.is_kong and counts[g[0]] < 4:
                counts[g[0]] += 1
                melds.append(Meld(kind, (g[0],) * 4, None if kind is MeldKind.CONCEALED_KONG else 2))
            else:
                melds.append(Meld(MeldKind.PUNG, tuple(g), 2))
        elif declared:
            melds.append(Meld(MeldKind.CHOW, tuple(g), 1))
        else:
            concealed += g
    rng.shuffle(concealed)
    if caishen is not None:  # 0-3 of the concealed tiles become 财神 (the caishen kind holds 3 copies at most)
        held = counts[caishen]
        for i in range(len(concealed)):
            if held >= 3:
                break
            if concealed[i] != caishen and rng.random() < 0.18:
                concealed[i] = caishen
                held += 1
    loose = rng.choice([0, 0, 0, 1, 2])
    return concealed, melds, caishen if caishen is not None else -1, loose


def case(seed: int) -> tuple[dict[str, Any], Hand | str, dict[str, Any]]:
    """A win drawn from the seed: the options (some of OPTIONS), the hand (a Hand, or text with 杠花 written loose),
    the win context's fields (财神, 杠花, 承包 / 拉杠 / 杠上开花 / 海底 / 天胡 / 地胡, the losers' totals or hands)."""
    rng = random.Random(seed)
    concealed, melds, cs, loose = winning_hand(rng)
    caishen = None if cs < 0 else cs
    flower = RED if caishen == WHITE else WHITE
    opts = {k: rng.choice(v) for k, v in OPTIONS.items() if rng.random() < 0.5}
    winner, dealer = rng.randrange(4), rng.randrange(4)
    self_drawn = rng.random() < 0.45
    discarder = None if self_drawn else rng.choice([s for s in range(4) if s != winner])
    gang_hua = rng.choice([0, 0, 1, 2]) if loose < 3 else 0
    kongs = any(m.is_kong for m in melds)
    ctx: dict[str, Any] = {"winner": winner, "dealer": dealer, "discarder": discarder, "caishen": caishen,
                           "gang_hua": gang_hua, "prevalent_wind": rng.randrange(4)}
    if self_drawn:
        ctx["kong_replacement"] = (kongs or gang_hua > 0 or loose > 0) and rng.random() < 0.2
        ctx["last_wall_tile"] = rng.random() < 0.1
        ctx["heavenly"] = winner == dealer and not melds and rng.random() < 0.05
    else:
        ctx["chengbao"] = rng.random() < 0.15
        ctx["lagang_discard"] = rng.random() < 0.1
        ctx["robbing_kong"] = not ctx["lagang_discard"] and rng.random() < 0.05
        ctx["earthly"] = rng.random() < 0.03
    ctx["laoguining"] = rng.random() < 0.02
    if rng.random() < 0.5:
        ctx["loser_totals"] = tuple(None if s == winner or rng.random() < 0.2 else rng.randrange(0, 300, 10)
                                    for s in range(4))
    if rng.random() < 0.3:  # the losers' final hands (a loser's total from its tiles where no total is given)
        hands = []
        for s in range(4):
            held, melds_of, _cs, _loose = winning_hand(rng)
            hands.append(None if s == winner or rng.random() < 0.2 else
                         format_hand(Hand(tuple(held[:-1]), tuple(melds_of), (), None)))
        ctx["loser_hands"] = tuple(hands)
    win = concealed[-1]
    if loose or rng.random() < 0.3:  # written as text, 杠花 loose among the tiles (the winning tile last)
        text = format_hand(Hand(tuple(concealed[:-1] + [flower] * loose + [win]), tuple(melds), (), win))
        return opts, text.replace(" ", "") if rng.random() < 0.5 else text, ctx
    return opts, Hand(tuple(concealed), tuple(melds), (), win), ctx
