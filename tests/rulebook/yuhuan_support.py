"""玉环 hands for the tests: 16-tile wins of 5 sets and a pair with declared melds and 0-3 财神 held."""

from __future__ import annotations

import random

from mahjong.hand import Meld, MeldKind
from mahjong.tiles import N_KINDS

RED, WHITE = 31, 33


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
