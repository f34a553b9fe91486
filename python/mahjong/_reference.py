"""Pure-Python reference kernels: the oracle the compiled ``mahjong._core`` is tested against, and its fallback.

Same functions, signatures and answers as ``mahjong._core`` (see DESIGN.md, "Kernel API").  Inputs go through
:mod:`mahjong._input`, the validator both backends share.

Method (see shared/specs/engine-algorithms.md): a regular hand splits into independent *groups* - the three
suits (sequences allowed), and the honors (7 independent kinds; or, with Nanchang honor sequences, the winds
and the dragons as two groups).  For each group a small dynamic programme over its kinds gives

- *exact* mode: the fewest wildcards that turn ALL of the group's tiles into melds (+ one pair) - the win check;
- *contain* mode: ``D[p][m]`` = the fewest tiles to add so that the group *contains* ``m`` melds and ``p``
  pairs - shanten, by a min-plus combination over the groups.

Both respect the 4-copy limit: a target never holds a fifth copy of a tile (wildcards cannot stand for one).
The special forms (seven pairs, thirteen orphans, knitted forms, 十三烂) are separate count formulas.
Results are memoised per group, so repeated calls are cheap; nothing is precomputed at import.

Wildcards (精 / 财神 / 百搭) are not part of the counts: ``wildcards=k`` says how many the hand holds.  A
wildcard may stand for any tile of the game's tile set (no honors when ``rules.no_honors``; not the lacked suit
under ``rules.lack_a_suit``), but never for a fifth copy.
"""

from __future__ import annotations

import array
import itertools
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from mahjong._input import (
    MAX_READINGS,
    batch_rows,
    check_row,
    coerce_batch_wildcards,
    coerce_hand,
    coerce_max_readings,
    coerce_rules,
    coerce_visible,
    too_many_readings,
    wants_numpy,
)
from mahjong.rules import DEFAULT, HandRules
from mahjong.types import Decomposition, DiscardOption, Form, Waits

__all__ = [
    "is_win",
    "decompositions",
    "waits",
    "shanten",
    "shanten_by_form",
    "useful_tiles",
    "discard_options",
    "is_win_batch",
    "shanten_batch",
    "waits_batch",
]

#: a group table: (row without the pair, row with the pair), indexed by melds
Table = tuple[tuple[int, ...], tuple[int, ...]]

INF = 1000  # "impossible"; large enough that sums of a few stay far above any real distance
_CAPS4 = (4,) * 34
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_HONORS = tuple(range(27, 34))
# Knitted straights: each suit gets a different one of the offset sets {1,4,7} / {2,5,8} / {3,6,9}.
_KNIT_PERMS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(9 * s + off + d for s, off in enumerate(offs) for d in (0, 3, 6)))
    for offs in itertools.permutations(range(3))
)
# Subsets of ranks 0..8 whose members are pairwise at least 3 apart (十三烂 within one suit).
_LAN_SETS: tuple[tuple[int, ...], ...] = tuple(
    c
    for z in range(4)
    for c in itertools.combinations(range(9), z)
    if all(b - a >= 3 for a, b in zip(c, c[1:]))
)


# ============================================================================================================
# Group tables
# ============================================================================================================


@lru_cache(maxsize=1 << 18)
def _suit_table(h: tuple[int, ...], caps: tuple[int, ...], exact: bool) -> Table:
    """DP over the 9 kinds of one suit.

    Returns ``(row_p0, row_p1)``.  Contain mode (``exact=False``): ``row_p[m]`` = fewest tiles to add so that
    the suit contains ``m`` melds and ``p`` pairs (m = 0..5; surplus tiles are ignored).  Exact mode: rows of
    length 1, ``row_p[0]`` = fewest wildcards that make every tile of the suit part of melds (+ ``p`` pairs).
    A target holds at most ``caps[i]`` copies of kind ``i``.

    State before kind ``i``: (sequences started at i-2, sequences started at i-1, pair used, melds).
    """
    maxm = 0 if exact else 5
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(9):
        hi = h[i]
        cap = caps[i]
        new: dict[tuple[int, int, int, int], int] = {}
        for (s2, s1, p, m), cost in states.items():
            base = s2 + s1
            if base > cap:
                continue
            xmax = cap - base if i <= 6 else 0  # a sequence started at 8 or 9 would run off the suit
            for x in range(xmax + 1):
                for t in (0, 1):  # two triplets of one kind would be 6 copies
                    for q in (0, 1) if p == 0 else (0,):
                        tot = base + x + 3 * t + 2 * q
                        if tot > cap:
                            continue
                        if exact:
                            if tot < hi:
                                continue
                            c = cost + tot - hi
                            nm = 0
                        else:
                            c = cost + (tot - hi if tot > hi else 0)
                            nm = m + x + t
                            if nm > maxm:
                                # containing more melds than needed is never required: dropping one is cheaper
                                continue
                        key = (s1, x, p + q, nm)
                        if c < new.get(key, INF):
                            new[key] = c
        states = new
    rows = [[INF] * (maxm + 1), [INF] * (maxm + 1)]
    for (s2, s1, p, m), c in states.items():
        if s2 == 0 and s1 == 0 and c < rows[p][m]:
            rows[p][m] = c
    return tuple(rows[0]), tuple(rows[1])


def _honor_kind_rows(c: int, cap: int, exact: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """One honor kind without honor sequences: rows[p][m] for m = 0, 1 (melds are triplets only)."""
    if exact:
        r0 = (0 if c == 0 else INF, 3 - c if c <= 3 <= cap else INF)
        r1 = (2 - c if c <= 2 <= cap else INF, 5 - c if c <= 5 <= cap else INF)
    else:
        r0 = (0, max(0, 3 - c) if cap >= 3 else INF)
        r1 = (max(0, 2 - c) if cap >= 2 else INF, max(0, 5 - c) if cap >= 5 else INF)
    return r0, r1


@lru_cache(maxsize=1 << 14)
def _honor_table(hc: tuple[tuple[int, int], ...], exact: bool) -> Table:
    """The 7 honors as independent kinds; ``hc`` = sorted (count, cap) pairs (the order of kinds is irrelevant)."""
    maxm = 0 if exact else 5
    acc = ([0] + [INF] * maxm, [INF] * (maxm + 1))
    for c, cap in hc:
        r0, r1 = _honor_kind_rows(c, cap, exact)
        if exact:
            # exact mode does not track melds: collapse each row to its minimum over m
            acc = _minplus(acc, ((min(r0),), (min(r1),)), maxm)
        else:
            acc = _minplus(acc, (r0, r1), maxm)
    return tuple(acc[0]), tuple(acc[1])


@lru_cache(maxsize=4)
def _honor_seq_patterns(nk: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every (target counts, melds, pairs) for a Nanchang honor group of ``nk`` kinds (4 winds / 3 dragons).

    Melds: a triplet of one kind, or any 3 distinct kinds of the group.  Targets hold at most 5 of a kind
    (5 only matters for a ``wait_on_fourth_copy`` check; callers filter by their caps).
    """
    seqs = list(itertools.combinations(range(nk), 3))
    out: list[tuple[tuple[int, ...], int, int]] = []

    def rec(j: int, tot: list[int], m: int) -> None:
        if j == len(seqs):
            for trip in itertools.product((0, 1), repeat=nk):
                t2 = [a + 3 * b for a, b in zip(tot, trip)]
                if max(t2) > 5:
                    continue
                mm = m + sum(trip)
                out.append((tuple(t2), mm, 0))
                for pk in range(nk):
                    if t2[pk] + 2 <= 5:
                        t3 = list(t2)
                        t3[pk] += 2
                        out.append((tuple(t3), mm, 1))
            return
        n = 0
        cur = list(tot)
        while max(cur) <= 5:
            rec(j + 1, cur, m + n)
            n += 1
            cur = [a + (1 if i in seqs[j] else 0) for i, a in enumerate(cur)]

    rec(0, [0] * nk, 0)
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _honor_seq_table(h: tuple[int, ...], caps: tuple[int, ...], exact: bool) -> Table:
    """Winds or dragons as one group with Nanchang honor sequences, by scanning every target pattern."""
    maxm = 0 if exact else 5
    rows = [[INF] * (maxm + 1), [INF] * (maxm + 1)]
    for tgt, m, p in _honor_seq_patterns(len(h)):
        cost = 0
        for a, b, cap in zip(tgt, h, caps):
            if a > cap or (exact and a < b):
                cost = INF
                break
            if a > b:
                cost += a - b
        if cost >= INF:
            continue
        mi = 0 if exact else m
        if mi > maxm:
            continue
        if cost < rows[p][mi]:
            rows[p][mi] = cost
    return tuple(rows[0]), tuple(rows[1])


def _minplus(
    a: tuple[Sequence[int], Sequence[int]], b: tuple[Sequence[int], Sequence[int]], maxm: int
) -> tuple[list[int], list[int]]:
    """Min-plus product of two group tables over (melds, pairs), keeping at most one pair and ``maxm`` melds."""
    la, lb = len(a[0]), len(b[0])
    out0 = [INF] * (maxm + 1)
    out1 = [INF] * (maxm + 1)
    a0, a1 = a
    b0, b1 = b
    for i in range(la):
        x0, x1 = a0[i], a1[i]
        if x0 >= INF and x1 >= INF:
            continue
        for j in range(min(lb, maxm + 1 - i)):
            y0, y1 = b0[j], b1[j]
            s = x0 + y0
            if s < out0[i + j]:
                out0[i + j] = s
            s = min(x0 + y1, x1 + y0)
            if s < out1[i + j]:
                out1[i + j] = s
    return out0, out1


def _group_tables(
    h: Sequence[int], caps: Sequence[int], rules: HandRules, exact: bool, skip_suit: int = -1
) -> list[Table]:
    tables: list[Table] = []
    for s in range(3):
        if s != skip_suit:
            tables.append(_suit_table(tuple(h[9 * s : 9 * s + 9]), tuple(caps[9 * s : 9 * s + 9]), exact))
    if not rules.no_honors:
        if rules.honor_sequences:
            tables.append(_honor_seq_table(tuple(h[27:31]), tuple(caps[27:31]), exact))
            tables.append(_honor_seq_table(tuple(h[31:34]), tuple(caps[31:34]), exact))
        else:
            tables.append(_honor_table(tuple(sorted(zip(h[27:34], caps[27:34]))), exact))
    return tables


def _suits_to_skip(h: Sequence[int], rules: HandRules, real_must_be_empty: bool) -> list[int]:
    """Under 缺一门 the hand ends with some suit empty: try each (for a win, only a suit with no tiles)."""
    if not rules.lack_a_suit:
        return [-1]
    if not real_must_be_empty:
        return [0, 1, 2]
    return [s for s in range(3) if not any(h[9 * s : 9 * s + 9])]


# ============================================================================================================
# Exact win checks (fewest wildcards needed)
# ============================================================================================================


def _regular_need(h: Sequence[int], caps: Sequence[int], rules: HandRules) -> int:
    """Fewest wildcards that make the tiles n melds + a pair (the count fixes n); INF if none."""
    best = INF
    for skip in _suits_to_skip(h, rules, True):
        tables = _group_tables(h, caps, rules, True, skip)
        # the pair sits in exactly one group; leftover wildcards (a multiple of 3) form melds of their own.
        # (A group may be impossible without the pair - e.g. five copies of an honor in a fifth-copy probe - so
        # sum the others explicitly rather than subtracting from a total.)
        for g, tg in enumerate(tables):
            s = tg[1][0]
            for j, tj in enumerate(tables):
                if j != g:
                    s += tj[0][0]
            if s < best:
                best = s
    return best


def _kinds_allowed(rules: HandRules, skip_suit: int = -1) -> list[int]:
    n = 27 if rules.no_honors else 34
    return [t for t in range(n) if skip_suit < 0 or not 9 * skip_suit <= t < 9 * skip_suit + 9]


def _seven_pairs_win(h: Sequence[int], k: int, rules: HandRules) -> bool:
    odd = 0
    for c in h:
        if c > 4 or (c > 2 and not rules.seven_pairs_quad_as_two):
            return False
        odd += c & 1
    if odd > k:
        return False
    return bool(_suits_to_skip(h, rules, True))


def _orphans_win(h: Sequence[int], k: int) -> bool:
    present = 0
    pair = False
    for t in range(34):
        c = h[t]
        if not c:
            continue
        if t not in _ORPHANS or c > 2 or (c == 2 and pair):
            return False
        present += 1
        if c == 2:
            pair = True
    return (13 - present) + (0 if pair else 1) <= k


def _knitted_ok(h: Sequence[int], perm: Sequence[int]) -> bool:
    """Every tile single, suited tiles inside the knitted set ``perm`` (honors are free)."""
    pset = set(perm)
    for t in range(34):
        c = h[t]
        if c and (c > 1 or (t < 27 and t not in pset)):
            return False
    return True


def _honors_knitted_win(h: Sequence[int]) -> bool:
    # 14 distinct tiles out of a 16-tile set: any legal real part can be filled up by the wildcards
    return any(_knitted_ok(h, perm) for perm in _KNIT_PERMS)


def _knitted_straight_need(
    h: Sequence[int], caps: Sequence[int], rules: HandRules, perm: Sequence[int], limit: int = INF
) -> int:
    """Fewest wildcards that make the hand the knitted straight ``perm`` + a meld and a pair; more than ``limit``
    (not always the fewest) as soon as the straight's own missing tiles are more than ``limit``."""
    rest = list(h)
    caps2 = list(caps)
    missing = 0
    for t in perm:
        if rest[t]:
            rest[t] -= 1
        else:
            missing += 1
        caps2[t] -= 1  # the knitted copy counts towards the 4-copy limit
    if missing > limit:  # (the rest needs 0 or more: the answer is over the limit already)
        return missing
    return missing + _regular_need(rest, caps2, rules)


def _lan_suit_ranks(h: Sequence[int], s: int) -> tuple[int, ...] | None:
    ranks = []
    for r in range(9):
        c = h[9 * s + r]
        if c > 1:
            return None
        if c:
            ranks.append(r)
    return tuple(ranks)


def _lan_win(h: Sequence[int]) -> bool:
    room = 0
    for s in range(3):
        ranks = _lan_suit_ranks(h, s)
        if ranks is None:
            return False
        fits = [z for z in _LAN_SETS if set(ranks) <= set(z)]
        if not fits:
            return False
        room += max(len(z) for z in fits)
    if any(h[t] > 1 for t in _HONORS):
        return False
    return room + 7 >= 14


def _concealed_special(total: int, rules: HandRules) -> bool:
    return rules.hand_size == 13 and total == 14


def _win_forms(
    h: Sequence[int], k: int, rules: HandRules, caps: Sequence[int] = _CAPS4, skip_regular: bool = False
) -> list[Form]:
    """The forms in which ``h`` + ``k`` wildcards (a 3n+2 hand) is complete.

    ``skip_regular``: the caller knows the regular form is impossible (see :func:`_isolated`).
    """
    total = sum(h) + k
    forms = []
    if not skip_regular and _regular_need(h, caps, rules) <= k:
        forms.append(Form.REGULAR)
    special = _concealed_special(total, rules)
    five = any(c > 4 for c in h)  # a fifth copy (wait_on_fourth_copy probe) fits only a regular reading
    if special and not five:
        if rules.seven_pairs and _seven_pairs_win(h, k, rules):
            forms.append(Form.SEVEN_PAIRS)
        if not rules.lack_a_suit:
            if rules.thirteen_orphans and _orphans_win(h, k):
                forms.append(Form.THIRTEEN_ORPHANS)
            if rules.knitted and _honors_knitted_win(h):
                forms.append(Form.HONORS_AND_KNITTED)
            if rules.thirteen_lan and _lan_win(h):
                forms.append(Form.THIRTEEN_LAN)
    if rules.knitted and not rules.lack_a_suit and rules.hand_size == 13 and total in (11, 14):
        if any(_knitted_straight_need(h, caps, rules, perm, k) <= k for perm in _KNIT_PERMS):
            forms.append(Form.KNITTED_STRAIGHT)
    return forms


def _is_win_counts(h: Sequence[int], k: int, rules: HandRules, caps: Sequence[int] = _CAPS4) -> bool:
    return bool(_win_forms(h, k, rules, caps))


# ============================================================================================================
# Decompositions
# ============================================================================================================


@lru_cache(maxsize=4)
def _meld_shapes(honor_sequences: bool) -> tuple[tuple[int, int, int], ...]:
    shapes: list[tuple[int, int, int]] = [(t, t, t) for t in range(34)]
    for s in range(3):
        for r in range(7):
            t = 9 * s + r
            shapes.append((t, t + 1, t + 2))
    if honor_sequences:
        shapes.extend(itertools.combinations(range(27, 31), 3))
        shapes.append((31, 32, 33))
    shapes.sort()
    return tuple(shapes)


def _regular_readings(
    h: Sequence[int], k: int, caps: Sequence[int], rules: HandRules, allowed: Sequence[int], limit: int = -1
) -> set[tuple[tuple[tuple[int, int, int], ...], int, tuple[int, ...]]]:
    """Every distinct (melds, pair, target counts) that covers all of ``h`` using exactly ``k`` wildcards;
    more than ``limit`` (>= 0) of them raise the error of :func:`too_many_readings`.

    The lowest real tile left must lie in some meld; real copies are used before wildcards (which never loses
    a reading: the multiset of melds alone decides which tiles the wildcards stand for).  Wildcards left over
    once every real tile is covered form melds of their own.
    """
    allowed_set = set(allowed)
    shapes = tuple(m for m in _meld_shapes(rules.honor_sequences) if all(t in allowed_set for t in m))
    by_tile: dict[int, list[tuple[int, int, int]]] = {t: [] for t in range(34)}
    for m in shapes:
        for t in set(m):
            by_tile[t].append(m)
    out: set[tuple[tuple[tuple[int, int, int], ...], int, tuple[int, ...]]] = set()
    rem = list(h)
    tgt = [0] * 34

    def free(kleft: int, start: int, melds: list[tuple[int, int, int]], pair: int) -> None:
        if kleft == 0:
            out.add((tuple(sorted(melds)), pair, tuple(tgt)))
            if 0 <= limit < len(out):
                raise too_many_readings(limit)
            return
        for idx in range(start, len(shapes)):
            m = shapes[idx]
            for t in m:
                tgt[t] += 1
            if all(tgt[t] <= caps[t] for t in m):
                melds.append(m)
                free(kleft - 3, idx, melds, pair)
                melds.pop()
            for t in m:
                tgt[t] -= 1

    def cover(i: int, kleft: int, melds: list[tuple[int, int, int]], pair: int) -> None:
        while i < 34 and rem[i] == 0:
            i += 1
        if i == 34:
            if kleft % 3 == 0:
                free(kleft, 0, melds, pair)
            return
        for m in by_tile[i]:
            used: list[int] = []
            need = 0
            ok = True
            for t in m:
                tgt[t] += 1
                if tgt[t] > caps[t]:
                    ok = False
                if rem[t] > 0:
                    rem[t] -= 1
                    used.append(t)
                else:
                    need += 1
            if ok and need <= kleft:
                melds.append(m)
                cover(i, kleft - need, melds, pair)
                melds.pop()
            for t in used:
                rem[t] += 1
            for t in m:
                tgt[t] -= 1

    for p in allowed:
        if caps[p] < 2:
            continue
        real = min(h[p], 2)
        if 2 - real > k:
            continue
        rem[p] -= real
        tgt[p] += 2
        cover(0, k - (2 - real), [], p)
        tgt[p] -= 2
        rem[p] += real
    return out


def _wild_tiles(target: Sequence[int], h: Sequence[int]) -> tuple[int, ...]:
    return tuple(t for t in range(34) for _ in range(target[t] - h[t]))


def _decomps(h: Sequence[int], k: int, rules: HandRules, limit: int = -1) -> list[Decomposition]:
    total = sum(h) + k
    forms = set(_win_forms(h, k, rules))
    out: set[Decomposition] = set()
    if Form.REGULAR in forms:
        for skip in _suits_to_skip(h, rules, True):
            for melds, pair, reg_tgt in _regular_readings(h, k, _CAPS4, rules, _kinds_allowed(rules, skip), limit):
                out.add(Decomposition(Form.REGULAR, melds, (pair,), (), _wild_tiles(reg_tgt, h)))
            _check_bound(out, limit)
    if Form.SEVEN_PAIRS in forms:
        quad = rules.seven_pairs_quad_as_two
        for skip in _suits_to_skip(h, rules, True):
            base = [c + (c & 1) for c in h]
            left = (k - sum(c & 1 for c in h)) // 2
            allowed = _kinds_allowed(rules, skip)
            if quad:
                choices: Iterable[tuple[int, ...]] = itertools.combinations_with_replacement(allowed, left)
            else:
                choices = itertools.combinations([t for t in allowed if base[t] == 0], left)
            for extra in choices:
                tgt = list(base)
                for t in extra:
                    tgt[t] += 2
                if any(c > 4 for c in tgt):
                    continue
                pairs = tuple(t for t in range(34) for _ in range(tgt[t] // 2))
                out.add(Decomposition(Form.SEVEN_PAIRS, (), pairs, (), _wild_tiles(tgt, h)))
                _check_bound(out, limit)
    if Form.THIRTEEN_ORPHANS in forms:
        for p in _ORPHANS:
            tgt = [0] * 34
            for t in _ORPHANS:
                tgt[t] = 1
            tgt[p] = 2
            if all(tgt[t] >= h[t] for t in range(34)):
                singles = tuple(t for t in _ORPHANS if t != p)
                out.add(Decomposition(Form.THIRTEEN_ORPHANS, (), (p,), singles, _wild_tiles(tgt, h)))
    if Form.HONORS_AND_KNITTED in forms:
        for perm in _KNIT_PERMS:
            if not _knitted_ok(h, perm):
                continue
            pool = list(perm) + list(_HONORS)
            for drop in itertools.combinations([t for t in pool if not h[t]], 2):
                singles = tuple(sorted(t for t in pool if t not in drop))
                tgt = [0] * 34
                for t in singles:
                    tgt[t] = 1
                out.add(Decomposition(Form.HONORS_AND_KNITTED, (), (), singles, _wild_tiles(tgt, h)))
    if Form.KNITTED_STRAIGHT in forms:
        for perm in _KNIT_PERMS:
            rest, caps2, missing = _take_knitted(h, perm)
            if missing > k:
                continue
            for melds, pair, ks_tgt in _regular_readings(rest, k - missing, caps2, rules, _kinds_allowed(rules), limit):
                full = list(ks_tgt)
                for t in perm:
                    full[t] += 1
                out.add(Decomposition(Form.KNITTED_STRAIGHT, melds, (pair,), perm, _wild_tiles(full, h)))
            _check_bound(out, limit)
    if Form.THIRTEEN_LAN in forms:
        per_suit = []
        for s in range(3):
            ranks = set(_lan_suit_ranks(h, s) or ())
            per_suit.append([tuple(9 * s + r for r in z) for z in _LAN_SETS if ranks <= set(z)])
        real_h = [t for t in _HONORS if h[t]]
        free_h = [t for t in _HONORS if not h[t]]
        for a, b, c in itertools.product(*per_suit):
            nh = 14 - len(a) - len(b) - len(c)
            if not len(real_h) <= nh <= 7:
                continue
            for extra in itertools.combinations(free_h, nh - len(real_h)):
                singles = tuple(sorted(a + b + c + tuple(real_h) + extra))
                tgt = [0] * 34
                for t in singles:
                    tgt[t] = 1
                out.add(Decomposition(Form.THIRTEEN_LAN, (), (), singles, _wild_tiles(tgt, h)))
    del total
    _check_bound(out, limit)
    return sorted(out, key=lambda d: (int(d.form), d.melds, d.pairs, d.singles, d.wildcards))


def _check_bound(out: set[Decomposition], limit: int) -> None:
    if 0 <= limit < len(out):
        raise too_many_readings(limit)


# ============================================================================================================
# Distances (shanten)
# ============================================================================================================


def _regular_distance(h: Sequence[int], n: int, caps: Sequence[int], rules: HandRules) -> int:
    """Fewest tiles to add so the real tiles contain n melds + a pair (wildcards not counted)."""
    best = INF
    for skip in _suits_to_skip(h, rules, False):
        acc: tuple[Sequence[int], Sequence[int]] = ((0,) + (INF,) * n, (INF,) * (n + 1))
        for t in _group_tables(h, caps, rules, False, skip):
            acc = _minplus(acc, t, n)
        best = min(best, acc[1][n])
    return best


def _pairs_distance(h: Sequence[int], kinds: Iterable[int], quad: bool) -> int:
    pairs = singles = 0
    for t in kinds:
        c = h[t]
        if quad:
            pairs += c // 2
            singles += c & 1
        elif c >= 2:
            pairs += 1
        elif c == 1:
            singles += 1
    p = min(pairs, 7)
    return 14 - 2 * p - min(singles, 7 - p)


def _seven_pairs_distance(h: Sequence[int], rules: HandRules) -> int:
    quad = rules.seven_pairs_quad_as_two
    return min(_pairs_distance(h, _kinds_allowed(rules, s), quad) for s in _suits_to_skip(h, rules, False))


def _orphans_distance(h: Sequence[int]) -> int:
    present = sum(1 for t in _ORPHANS if h[t])
    pair = any(h[t] >= 2 for t in _ORPHANS)
    return 14 - present - (1 if pair else 0)


def _honors_knitted_distance(h: Sequence[int]) -> int:
    honors = sum(1 for t in _HONORS if h[t])
    best = max(sum(1 for t in perm if h[t]) for perm in _KNIT_PERMS) + honors
    return 14 - min(14, best)


def _take_knitted(h: Sequence[int], perm: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Set aside one knitted straight (组合龙) ``perm``: the tiles left, the copies still available per kind
    (the straight uses one of each of its nine), and how many of its tiles the hand lacks."""
    rest = list(h)
    caps = list(_CAPS4)
    missing = 0
    for t in perm:
        if rest[t]:
            rest[t] -= 1
        else:
            missing += 1
        caps[t] -= 1
    return rest, caps, missing


def _knitted_straight_distance(h: Sequence[int], n: int, rules: HandRules) -> int:
    best = INF
    for perm in _KNIT_PERMS:
        rest, caps2, missing = _take_knitted(h, perm)
        best = min(best, missing + _regular_distance(rest, n - 3, caps2, rules))
    return best


def _lan_distance(h: Sequence[int]) -> int:
    # best[s][z]: most real tiles of suit s inside a legal 十三烂 subset of size z
    best = []
    for s in range(3):
        row = [-1] * 4
        for z in _LAN_SETS:
            ov = sum(1 for r in z if h[9 * s + r])
            if ov > row[len(z)]:
                row[len(z)] = ov
        best.append(row)
    honors = sum(1 for t in _HONORS if h[t])
    top = 0
    for z1 in range(4):
        for z2 in range(4):
            for z3 in range(4):
                nh = 14 - z1 - z2 - z3
                if 0 <= nh <= 7:
                    top = max(top, best[0][z1] + best[1][z2] + best[2][z3] + min(nh, honors))
    return 14 - top


def _form_distances(h: Sequence[int], k: int, rules: HandRules) -> dict[Form, int]:
    """Per enabled form that the tile count allows: tiles to add to the real tiles to contain a complete hand."""
    total = sum(h) + k
    n = total // 3
    out = {Form.REGULAR: _regular_distance(h, n, _CAPS4, rules)}
    if rules.hand_size == 13 and total in (13, 14):
        if rules.seven_pairs:
            out[Form.SEVEN_PAIRS] = _seven_pairs_distance(h, rules)
        if not rules.lack_a_suit:
            if rules.thirteen_orphans:
                out[Form.THIRTEEN_ORPHANS] = _orphans_distance(h)
            if rules.knitted:
                out[Form.HONORS_AND_KNITTED] = _honors_knitted_distance(h)
            if rules.thirteen_lan:
                out[Form.THIRTEEN_LAN] = _lan_distance(h)
    if rules.knitted and not rules.lack_a_suit and rules.hand_size == 13 and total in (10, 11, 13, 14):
        out[Form.KNITTED_STRAIGHT] = _knitted_straight_distance(h, n, rules)
    return out


def _shanten_by_form(h: Sequence[int], k: int, rules: HandRules) -> dict[Form, int]:
    # A wildcard fills any one missing tile of the target, so it takes k off the distance.
    res = {f: max(d - k, 0) - 1 for f, d in _form_distances(h, k, rules).items()}
    total = sum(h) + k
    if rules.wait_on_fourth_copy and total % 3 == 1:
        # The distance tables never use a fifth copy.  Under this rule a hand waiting on a tile it holds four of
        # is ready anyway: such forms are at shanten 0.
        for t in range(34):
            if h[t] == 4:
                probe = list(h)
                probe[t] = 5
                caps = list(_CAPS4)
                caps[t] = 5
                for f in _win_forms(probe, k, rules, caps):
                    if f in res and res[f] > 0:
                        res[f] = 0
    return res


def _shanten_counts(h: Sequence[int], k: int, rules: HandRules) -> int:
    return min(_shanten_by_form(h, k, rules).values())


def _useful(h: list[int], k: int, rules: HandRules, base: int | None = None) -> tuple[int, ...]:
    if base is None:
        base = _shanten_counts(h, k, rules)
    out = []
    for t in range(27 if rules.no_honors else 34):
        if h[t] >= 4:
            continue
        h[t] += 1
        if _shanten_counts(h, k, rules) < base:
            out.append(t)
        h[t] -= 1
    return tuple(out)


def _isolated(h: Sequence[int], t: int, rules: HandRules) -> bool:
    """No tile that could share a meld or the pair with ``t`` is held (and ``t`` itself is not).

    Then, without wildcards, a drawn ``t`` cannot complete a regular hand: it would be a lone single.
    """
    if h[t]:
        return False
    if t < 27:
        lo = t - t % 9
        return not any(h[u] for u in range(max(lo, t - 2), min(lo + 8, t + 2) + 1))
    if rules.honor_sequences:
        group = range(27, 31) if t < 31 else range(31, 34)
        return not any(h[u] for u in group)
    return True


def _wait_tiles(h: list[int], k: int, rules: HandRules) -> list[int]:
    out = []
    for t in range(27 if rules.no_honors else 34):
        caps: Sequence[int] = _CAPS4
        if h[t] >= 4:
            if not rules.wait_on_fourth_copy:
                continue
            caps = list(_CAPS4)
            caps[t] = 5  # probe a fifth copy: the hand is ready on it under this rule, though it can't be drawn
        skip = k == 0 and _isolated(h, t, rules)  # a cheap pre-check: most tiles are far from every held tile
        h[t] += 1
        if _win_forms(h, k, rules, caps, skip):
            out.append(t)
        h[t] -= 1
    return out


# ============================================================================================================
# Public kernels
# ============================================================================================================


def is_win(hand: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> bool:
    """True if the concealed tiles + ``wildcards`` (``3n+2`` of them) form a complete hand under ``rules``.

    Exposed melds are implied by the count.  Forms: regular (n melds + pair; Nanchang honor sequences when
    ``rules.honor_sequences``), and for a fully concealed 14-tile hand the enabled special forms; 组合龙
    (knitted straight) also with one exposed meld.  Under ``rules.lack_a_suit`` the concealed tiles (and any
    wildcard substitutes) must leave one suit empty; exposed melds are not seen by the kernel.
    """
    h, _, k, _ = coerce_hand(hand, wildcards, rules, complete=True)
    return _is_win_counts(h, k, rules)


def decompositions(
    hand: object, wildcards: object = 0, rules: HandRules = DEFAULT, *, max_readings: int | None = MAX_READINGS
) -> list[Decomposition]:
    """Every distinct reading of a complete ``3n+2`` hand (empty list if it does not win).

    Readings with the same form and the same multisets of melds, pairs and singles are one reading.  Each
    wildcard appears as the tile it stands for, inside ``melds``/``pairs``/``singles``, and ``wildcards`` lists
    those tiles (ascending).  Melds are sorted 3-tuples, listed in ascending order; ``singles`` ascending.

    Order: by ``int(form)``, then ``melds``, ``pairs``, ``singles``, ``wildcards`` (tuple comparison).
    With many free wildcards (3 or more not needed to cover real tiles) the list can be long: every meld they
    could form is a separate reading (8 wildcards beside 6 real tiles reach 60,000 readings and half a second).
    So the list is bounded: a hand with more than ``max_readings`` distinct readings raises
    :class:`~mahjong.errors.MahjongError` (``code == "too-many-readings"``) instead of returning a partial list,
    after at most about ``max_readings`` readings' work.  The default, :data:`mahjong._input.MAX_READINGS`
    (25,000), is above every hand a rule set scores; ``max_readings=None`` lists every reading, however long.
    """
    h, _, k, _ = coerce_hand(hand, wildcards, rules, complete=True)
    return _decomps(h, k, rules, coerce_max_readings(max_readings))


def waits(hand: object, wildcards: object = 0, rules: HandRules = DEFAULT, visible: object = None) -> Waits:
    """The tiles that complete a ``3n+1`` hand.

    ``tiles`` ascending; ``remaining[i]`` = 4 − copies of ``tiles[i]`` in the hand − copies in ``visible``
    (34 counts of tiles seen elsewhere; ``None`` = nothing seen), never negative.  ``any_tile`` is True when
    every tile kind of the game (27 when ``rules.no_honors``, else 34) completes the hand.  A tile already held
    four times is a wait only under ``rules.wait_on_fourth_copy`` (then with ``remaining`` 0).
    """
    h, exposed, k, _ = coerce_hand(hand, wildcards, rules, complete=False)
    vis = coerce_visible(visible, h, exposed)
    counts = list(h)
    tiles = _wait_tiles(counts, k, rules)
    remaining = tuple(max(0, 4 - h[t] - exposed[t] - vis[t]) for t in tiles)
    kinds = 27 if rules.no_honors else 34
    return Waits(tuple(tiles), remaining, len(tiles) == kinds)


def shanten(hand: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> int:
    """Shanten (向听) of a ``3n+1`` or ``3n+2`` hand: −1 = complete, 0 = ready, …; minimum over the enabled forms.

    Exact: (fewest tiles to add so the hand contains a complete hand, never using a fifth copy) − 1.  Each
    wildcard fills one missing tile.  Under ``rules.wait_on_fourth_copy`` a ``3n+1`` hand ready only on a tile
    it holds four of counts as 0.
    """
    h, _, k, _ = coerce_hand(hand, wildcards, rules, complete=None)
    return _shanten_counts(h, k, rules)


def shanten_by_form(hand: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> dict[Form, int]:
    """Shanten per form, for every form enabled by ``rules`` that the tile count allows.

    REGULAR always; SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_AND_KNITTED, THIRTEEN_LAN only for a fully concealed
    13/14-tile hand; KNITTED_STRAIGHT with at most one exposed meld (10, 11, 13 or 14 tiles).  Under
    ``rules.lack_a_suit`` only REGULAR and SEVEN_PAIRS (the others need all three suits).  Keys in ``Form`` order.
    """
    h, _, k, _ = coerce_hand(hand, wildcards, rules, complete=None)
    res = _shanten_by_form(h, k, rules)
    return {f: res[f] for f in sorted(res)}


def useful_tiles(hand: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> tuple[int, ...]:
    """进张 of a ``3n+1`` hand: tile ids (ascending) whose draw lowers the shanten; never a tile held 4 times."""
    h, _, k, _ = coerce_hand(hand, wildcards, rules, complete=False)
    return _useful(list(h), k, rules)


def discard_options(
    hand: object, wildcards: object = 0, rules: HandRules = DEFAULT, visible: object = None
) -> list[DiscardOption]:
    """For a ``3n+2`` hand, one option per distinct tile kind held (wildcards are not offered as discards).

    ``shanten`` and ``useful_tiles`` are those of the hand left after the discard; ``useful_count`` = unseen
    copies of the useful tiles: 4 − copies in the hand before the discard (the discarded copy is then on the
    table) − ``visible``.  Sorted best first: lowest shanten, then highest ``useful_count``, then tile id.
    """
    h, exposed, k, _ = coerce_hand(hand, wildcards, rules, complete=True)
    vis = coerce_visible(visible, h, exposed)
    out = []
    counts = list(h)
    for t in range(34):
        if not counts[t]:
            continue
        counts[t] -= 1
        s = _shanten_counts(counts, k, rules)
        useful = _useful(counts, k, rules, s)
        counts[t] += 1
        n = sum(max(0, 4 - h[u] - exposed[u] - vis[u]) for u in useful)
        out.append(DiscardOption(t, s, useful, n))
    out.sort(key=lambda o: (o.shanten, -o.useful_count, o.tile))
    return out


def _batch_rows(
    hands: object, wildcards: object, rules: HandRules, complete: bool | None
) -> list[tuple[list[int], int]]:
    """(counts, wildcards) of every row, each checked (the first bad row raises, named by its index)."""
    r = coerce_rules(rules)
    rows = batch_rows(hands)
    w = coerce_batch_wildcards(wildcards, r, len(rows))
    out = []
    for i, row in enumerate(rows):
        k = w if isinstance(w, int) else w[i]
        check_row(row, k, r, complete, what=f"row {i}")
        out.append((row, k))
    return out


def is_win_batch(hands: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> Any:
    """``is_win`` for each row of an ``(N, 34)`` integer array (or ``N*34`` counts, or a list of rows).

    Returns a ``bytearray`` of length N holding 1 (wins) or 0 (a numpy ``bool`` array when ``hands`` is a numpy
    array).  ``wildcards``: one count for every row or one per row.  A bad row raises ``HandError`` naming
    its index.
    """
    out = bytearray(1 if _is_win_counts(row, k, rules) else 0 for row, k in _batch_rows(hands, wildcards, rules, True))
    np = wants_numpy(hands)
    return out if np is None else np.frombuffer(out, dtype=np.bool_)


def shanten_batch(hands: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> Any:
    """``shanten`` for each row (``3n+1`` or ``3n+2``): an ``array.array('b')`` of length N (−1 = complete); a
    numpy ``int8`` array when ``hands`` is a numpy array."""
    out = array.array("b", [_shanten_counts(row, k, rules) for row, k in _batch_rows(hands, wildcards, rules, None)])
    np = wants_numpy(hands)
    return out if np is None else np.frombuffer(out, dtype=np.int8)


def waits_batch(hands: object, wildcards: object = 0, rules: HandRules = DEFAULT) -> Any:
    """Waits of each ``3n+1`` row as a ``list`` of N Python ints: bit ``t`` set = tile id ``t`` completes it
    (a numpy ``uint64`` array when ``hands`` is a numpy array).

    Same tiles as ``waits(row, wildcards, rules).tiles`` (so a tile held four times is set only under
    ``rules.wait_on_fourth_copy``).
    """
    out = []
    for row, k in _batch_rows(hands, wildcards, rules, False):
        mask = 0
        for t in _wait_tiles(list(row), k, rules):
            mask |= 1 << t
        out.append(mask)
    np = wants_numpy(hands)
    return out if np is None else np.array(out, dtype=np.uint64)
