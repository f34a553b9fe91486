"""Test support for the Guobiao proof: the fan table of the spec, a generator of legal winning hands, and the
bridge to the reference calculator (PyPI ``pymahjonggb``, import name ``MahjongGB``; test-only).

Everything here is written from /work/shared/specs/guobiao.md (section 1 = the fan table, section 2 = the flag
corrections the reference applies) and from DESIGN.md (hand notation).  Nothing here calls the scorer under test
except :func:`score_ours`, so expected values never come from our own output.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

try:
    import MahjongGB  # noqa: F401
except ImportError:
    HAVE_REFERENCE = False
else:
    HAVE_REFERENCE = True

#: for the checks of the test data itself on the reference calculator (the scorer's own tests need no reference)
needs_reference = pytest.mark.skipif(not HAVE_REFERENCE, reason="pymahjonggb (the reference calculator) is not "
                                     "installed here (MAHJONG_TEST_REFERENCES_OPTIONAL=1)")

# --------------------------------------------------------------------------------------------------------------
# The fan table of /work/shared/specs/guobiao.md section 1: (index, 中文, English, value).  Index 82 = 明暗杠.
# --------------------------------------------------------------------------------------------------------------

FAN_TABLE: tuple[tuple[int, str, str, int], ...] = (
    (1, "大四喜", "Big Four Winds", 88),
    (2, "大三元", "Big Three Dragons", 88),
    (3, "绿一色", "All Green", 88),
    (4, "九莲宝灯", "Nine Gates", 88),
    (5, "四杠", "Four Kongs", 88),
    (6, "连七对", "Seven Shifted Pairs", 88),
    (7, "十三幺", "Thirteen Orphans", 88),
    (8, "清幺九", "All Terminals", 64),
    (9, "小四喜", "Little Four Winds", 64),
    (10, "小三元", "Little Three Dragons", 64),
    (11, "字一色", "All Honors", 64),
    (12, "四暗刻", "Four Concealed Pungs", 64),
    (13, "一色双龙会", "Pure Terminal Chows", 64),
    (14, "一色四同顺", "Quadruple Chow", 48),
    (15, "一色四节高", "Four Pure Shifted Pungs", 48),
    (16, "一色四步高", "Four Pure Shifted Chows", 32),
    (17, "三杠", "Three Kongs", 32),
    (18, "混幺九", "All Terminals and Honors", 32),
    (19, "七对", "Seven Pairs", 24),
    (20, "七星不靠", "Greater Honors and Knitted Tiles", 24),
    (21, "全双刻", "All Even Pungs", 24),
    (22, "清一色", "Full Flush", 24),
    (23, "一色三同顺", "Pure Triple Chow", 24),
    (24, "一色三节高", "Pure Shifted Pungs", 24),
    (25, "全大", "Upper Tiles", 24),
    (26, "全中", "Middle Tiles", 24),
    (27, "全小", "Lower Tiles", 24),
    (28, "清龙", "Pure Straight", 16),
    (29, "三色双龙会", "Three-Suited Terminal Chows", 16),
    (30, "一色三步高", "Pure Shifted Chows", 16),
    (31, "全带五", "All Five", 16),
    (32, "三同刻", "Triple Pung", 16),
    (33, "三暗刻", "Three Concealed Pungs", 16),
    (34, "全不靠", "Lesser Honors and Knitted Tiles", 12),
    (35, "组合龙", "Knitted Straight", 12),
    (36, "大于五", "Upper Four", 12),
    (37, "小于五", "Lower Four", 12),
    (38, "三风刻", "Big Three Winds", 12),
    (39, "花龙", "Mixed Straight", 8),
    (40, "推不倒", "Reversible Tiles", 8),
    (41, "三色三同顺", "Mixed Triple Chow", 8),
    (42, "三色三节高", "Mixed Shifted Pungs", 8),
    (43, "无番和", "Chicken Hand", 8),
    (44, "妙手回春", "Last Tile Draw", 8),
    (45, "海底捞月", "Last Tile Claim", 8),
    (46, "杠上开花", "Out with Replacement Tile", 8),
    (47, "抢杠和", "Robbing The Kong", 8),
    (48, "碰碰和", "All Pungs", 6),
    (49, "混一色", "Half Flush", 6),
    (50, "三色三步高", "Mixed Shifted Chows", 6),
    (51, "五门齐", "All Types", 6),
    (52, "全求人", "Melded Hand", 6),
    (53, "双暗杠", "Two Concealed Kongs", 6),
    (54, "双箭刻", "Two Dragons Pungs", 6),
    (55, "全带幺", "Outside Hand", 4),
    (56, "不求人", "Fully Concealed Hand", 4),
    (57, "双明杠", "Two Melded Kongs", 4),
    (58, "和绝张", "Last Tile", 4),
    (59, "箭刻", "Dragon Pung", 2),
    (60, "圈风刻", "Prevalent Wind", 2),
    (61, "门风刻", "Seat Wind", 2),
    (62, "门前清", "Concealed Hand", 2),
    (63, "平和", "All Chows", 2),
    (64, "四归一", "Tile Hog", 2),
    (65, "双同刻", "Double Pung", 2),
    (66, "双暗刻", "Two Concealed Pungs", 2),
    (67, "暗杠", "Concealed Kong", 2),
    (68, "断幺", "All Simples", 2),
    (69, "一般高", "Pure Double Chow", 1),
    (70, "喜相逢", "Mixed Double Chow", 1),
    (71, "连六", "Short Straight", 1),
    (72, "老少副", "Two Terminal Chows", 1),
    (73, "幺九刻", "Pung of Terminals or Honors", 1),
    (74, "明杠", "Melded Kong", 1),
    (75, "缺一门", "One Voided Suit", 1),
    (76, "无字", "No Honors", 1),
    (77, "独听・边张", "Edge Wait", 1),
    (78, "独听・嵌张", "Closed Wait", 1),
    (79, "独听・单钓", "Single Wait", 1),
    (80, "自摸", "Self-Drawn", 1),
    (81, "花牌", "Flower Tiles", 1),
    (82, "明暗杠", "Concealed Kong and Melded Kong", 5),
)


def snake(name_en: str) -> str:
    """The key convention of the brief: snake_case of the English name ("Pure Double Chow" -> pure_double_chow)."""
    return re.sub(r"[^a-z0-9]+", "_", name_en.lower()).strip("_")


#: English name -> (中文, value, key)
BY_EN: dict[str, tuple[str, int, str]] = {en: (zh, v, snake(en)) for _, zh, en, v in FAN_TABLE}
#: 中文 -> English name
ZH_TO_EN: dict[str, str] = {zh: en for _, zh, en, _ in FAN_TABLE}
#: key -> English name
KEY_TO_EN: dict[str, str] = {snake(en): en for _, _, en, _ in FAN_TABLE}
#: spec order (the reference lists fans in this order)
EN_ORDER: dict[str, int] = {en: i for i, _, en, _ in FAN_TABLE}
VALUE: dict[str, int] = {en: v for _, _, en, v in FAN_TABLE}

# --------------------------------------------------------------------------------------------------------------
# Tiles: ids 0..33 as in DESIGN.md; notation with 'z' for honors (1z..7z = E S W N C F P).
# --------------------------------------------------------------------------------------------------------------

SUITS = "mps"
HONORS = tuple(range(27, 34))
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONORS


def suit(t: int) -> int:
    return t // 9 if t < 27 else 3


def rank(t: int) -> int:
    """1..9 for suited tiles, 0 for honors."""
    return t % 9 + 1 if t < 27 else 0


def tile_str(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}" if t < 27 else f"{t - 26}z"


# pymahjonggb tile codes: W = 万 (m), B = 饼/筒 (p), T = 条 (s), F1..F4 = E S W N, J1..J3 = 中 发 白 (C F P).
def ref_code(t: int) -> str:
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return f"J{t - 30}"


# --------------------------------------------------------------------------------------------------------------
# A generated winning hand, rendered for both calculators.
# --------------------------------------------------------------------------------------------------------------


@dataclass
class GenMeld:
    """A declared meld: kind in {'chow', 'pung', 'kong', 'added_kong', 'concealed_kong'}; ``tile`` = lowest tile;
    ``seat`` = claim seat offset 1..3 (None for a concealed kong)."""

    kind: str
    tile: int
    seat: int | None = None

    @property
    def tiles(self) -> list[int]:
        if self.kind == "chow":
            return [self.tile, self.tile + 1, self.tile + 2]
        if self.kind == "pung":
            return [self.tile] * 3
        return [self.tile] * 4

    @property
    def is_kong(self) -> bool:
        return self.kind in ("kong", "added_kong", "concealed_kong")

    def notation(self) -> str:
        t = self.tiles
        body = "".join(str(x % 9 + 1) if x < 27 else str(x - 26) for x in t) + (SUITS[t[0] // 9] if t[0] < 27 else "z")
        if self.kind == "concealed_kong":
            return f"[{body}]"
        if self.kind == "added_kong":
            return f"[{body},{self.seat}+]"
        return f"[{body},{self.seat}]"

    def ref_pack(self) -> tuple[str, str, int]:
        if self.kind == "chow":
            # pymahjonggb: a chow is given by its middle tile; the offer says which of the three was claimed.
            return ("CHI", ref_code(self.tile + 1), 1)
        if self.kind == "pung":
            return ("PENG", ref_code(self.tile), self.seat or 1)
        if self.kind == "concealed_kong":
            return ("GANG", ref_code(self.tile), 0)
        return ("GANG", ref_code(self.tile), self.seat or 1)


@dataclass
class GenHand:
    shape: str  #: generator family, for the statistics
    melds: list[GenMeld]
    concealed: list[int]  #: concealed tiles INCLUDING the winning tile
    win: int
    flowers: int = 0
    self_drawn: bool = False
    last_tile: bool = False
    last_wall: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    winner: int = 0
    discarder: int | None = None
    notes: list[str] = field(default_factory=list)

    def notation(self) -> str:
        rest = sorted(self.concealed)
        rest.remove(self.win)
        body = "".join(tile_str(t) for t in rest) + tile_str(self.win)
        flowers = "".join(f"f{i + 1}" for i in range(self.flowers))
        return "".join(m.notation() for m in self.melds) + body + (" " + flowers if flowers else "")

    def all_counts(self) -> Counter[int]:
        c = Counter(self.concealed)
        for m in self.melds:
            c.update(m.tiles)
        return c

    def context_kwargs(self) -> dict[str, Any]:
        # The winner's seat wind is given explicitly and made consistent with the dealer seat as well.
        return dict(
            winner=self.winner,
            discarder=self.discarder,
            dealer=(self.winner - self.seat_wind) % 4,
            seat_wind=self.seat_wind,
            prevalent_wind=self.prevalent_wind,
            last_tile=self.last_tile,
            last_wall_tile=self.last_wall,
            kong_replacement=self.kong_replacement,
            robbing_kong=self.robbing_kong,
        )

    def ref_args(self) -> dict[str, Any]:
        standing = sorted(self.concealed)
        standing.remove(self.win)
        return dict(
            pack=tuple(m.ref_pack() for m in self.melds),
            hand=tuple(ref_code(t) for t in standing),
            winTile=ref_code(self.win),
            flowerCount=self.flowers,
            isSelfDrawn=self.self_drawn,
            is4thTile=self.last_tile,
            isAboutKong=self.kong_replacement or self.robbing_kong,
            isWallLast=self.last_wall,
            seatWind=self.seat_wind,
            prevalentWind=self.prevalent_wind,
        )

    def describe(self) -> str:
        flags = []
        flags.append("self-drawn" if self.self_drawn else f"discard from seat {self.discarder}")
        for name in ("last_tile", "last_wall", "kong_replacement", "robbing_kong"):
            if getattr(self, name):
                flags.append(name)
        flags.append(f"seat_wind={self.seat_wind} prevalent_wind={self.prevalent_wind}")
        return f"{self.notation()!r} ({', '.join(flags)}) [{self.shape}]"


# --------------------------------------------------------------------------------------------------------------
# The reference calculator
# --------------------------------------------------------------------------------------------------------------


def score_ref(h: GenHand) -> tuple[int, Counter[str]]:
    """(total incl. flowers, Counter of English fan name -> count) from pymahjonggb."""
    from MahjongGB import MahjongFanCalculator

    res = MahjongFanCalculator(**h.ref_args(), verbose=True)
    fans: Counter[str] = Counter()
    total = 0
    for value, count, _zh, en in res:
        if VALUE[en] != value:
            raise AssertionError(f"reference value of {en} is {value}, the spec table says {VALUE[en]}")
        fans[en] += count
        total += value * count
    return total, fans


def ref_fans(pack: tuple[tuple[str, str, int], ...], hand: str, win: str, **kw: Any) -> dict[str, int]:
    """Direct reference call with pymahjonggb tile codes (for hand-derived examples cross-checked on the reference)."""
    from MahjongGB import MahjongFanCalculator

    args = dict(flowerCount=0, isSelfDrawn=False, is4thTile=False, isAboutKong=False, isWallLast=False,
                seatWind=0, prevalentWind=0)
    args.update(kw)
    res = MahjongFanCalculator(pack=pack, hand=tuple(hand.split()), winTile=win, verbose=True, **args)
    return {en: cnt for _v, cnt, _zh, en in res}


def score_ours(h: GenHand, **options: Any) -> tuple[int, Counter[str], Any]:
    """(total, Counter of English fan name -> count, ScoreResult) from our scorer."""
    from mahjong.rulesets.guobiao import Guobiao

    res = Guobiao(**options).score(h.notation(), make_context(**h.context_kwargs()))
    return res.total, fans_of(res), res


def make_context(**kw: Any) -> Any:
    from mahjong.rulesets.guobiao import GuobiaoContext

    return GuobiaoContext(**kw)


def fans_of(res: Any) -> Counter[str]:
    """English fan name -> count of a ScoreResult (looked up by name_en, which the contract fixes to the table)."""
    out: Counter[str] = Counter()
    for it in res.items:
        out[it.name_en] += it.count
    return out


# --------------------------------------------------------------------------------------------------------------
# Generator of legal winning hands
# --------------------------------------------------------------------------------------------------------------

ALL_TILES = tuple(range(34))


def _chow_starts(allowed: set[int]) -> list[int]:
    return [t for t in range(27) if t % 9 <= 6 and t in allowed and t + 1 in allowed and t + 2 in allowed]


class HandGenerator:
    """Seeded generator of legal winning hands of every shape the brief lists.

    Every hand it returns has at most 4 copies of a tile, at most 4 melds, honor-free chows, a winning tile among the
    concealed tiles, and win flags that can happen at a table (see :meth:`_flags`).
    """

    SHAPES: tuple[tuple[str, float], ...] = (
        ("mixed", 22),
        ("near_chicken", 3),
        ("flush_chows", 12),
        ("half_flush", 8),
        ("honor_heavy", 7),
        ("pungs_kongs", 9),
        ("terminals", 5),
        ("simples", 4),
        ("pattern", 9),
        ("seven_pairs", 7),
        ("knitted_honors", 4),
        ("knitted_straight", 5),
        ("thirteen_orphans", 3),
        ("nine_gates", 3),
        ("dense", 8),
    )

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    # ---- public ----

    def hands(self, n: int) -> list[GenHand]:
        names = [s for s, _ in self.SHAPES]
        weights = [w for _, w in self.SHAPES]
        out: list[GenHand] = []
        while len(out) < n:
            shape = self.rng.choices(names, weights)[0]
            h = getattr(self, "_gen_" + shape)()
            if h is None:
                continue
            h.shape = shape
            self._flags(h)
            out.append(h)
        return out

    # ---- regular hands ----

    def _regular(self, allowed: set[int], w_chow: float, w_pung: float, w_kong: float,
                 preset: list[tuple[str, int]] | None = None, pair_allowed: set[int] | None = None,
                 open_p: float | None = None) -> GenHand | None:
        rng = self.rng
        counts: Counter[int] = Counter()
        shapes: list[tuple[str, int]] = []
        for kind, t in preset or []:
            tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
            counts.update(tiles)
            shapes.append((kind, t))
        if any(c > 4 for c in counts.values()):
            return None
        starts = _chow_starts(allowed)
        tries = 0
        while len(shapes) < 4:
            tries += 1
            if tries > 60:
                return None
            kind = rng.choices(("chow", "pung", "kong"), (w_chow if starts else 0, w_pung, w_kong))[0]
            if kind == "chow":
                t = rng.choice(starts)
                tiles = [t, t + 1, t + 2]
            else:
                t = rng.choice(sorted(allowed))
                tiles = [t] * (4 if kind == "kong" else 3)
            if any(counts[x] + tiles.count(x) > 4 for x in set(tiles)):
                continue
            counts.update(tiles)
            shapes.append((kind, t))
        pairs = [t for t in sorted(pair_allowed or allowed) if counts[t] <= 2]
        if not pairs:
            return None
        pair = rng.choice(pairs)
        counts[pair] += 2
        rng.shuffle(shapes)
        # Which melds are declared: a fully concealed hand sometimes, otherwise each meld exposed with chance p.
        if open_p is None:
            open_p = 0.0 if rng.random() < 0.3 else rng.choice((0.25, 0.5, 0.75, 1.0))
        melds: list[GenMeld] = []
        concealed: list[int] = [pair, pair]
        for kind, t in shapes:
            if kind == "kong":
                k = rng.choices(("concealed_kong", "kong", "added_kong"), (0.4, 0.35, 0.25))[0]
                if open_p == 0.0:
                    k = "concealed_kong"
                melds.append(GenMeld(k, t, None if k == "concealed_kong" else rng.randint(1, 3)))
            elif rng.random() < open_p:
                melds.append(GenMeld(kind, t, 1 if kind == "chow" else rng.randint(1, 3)))
            else:
                concealed.extend([t, t + 1, t + 2] if kind == "chow" else [t] * 3)
        win = rng.choice(concealed)
        return GenHand("", melds, concealed, win)

    def _gen_mixed(self) -> GenHand | None:
        return self._regular(set(ALL_TILES), 0.55, 0.35, 0.1)

    def _gen_near_chicken(self) -> GenHand | None:
        # Close to 无番和: simples in melds, an honor pair, some melds claimed.
        simples = {9 * s + r for s in range(3) for r in range(1, 8)}
        return self._regular(simples, 0.6, 0.4, 0.0, pair_allowed=set(HONORS), open_p=self.rng.choice((0.4, 0.6)))

    def _gen_flush_chows(self) -> GenHand | None:
        # A full flush of overlapping chows: chows crowded into a small rank window of one suit.
        s = self.rng.randrange(3)
        lo = self.rng.randint(0, 4)
        width = self.rng.randint(4, 9 - lo)
        allowed = {9 * s + r for r in range(lo, lo + width)}
        return self._regular(allowed, 0.85, 0.13, 0.02, pair_allowed={9 * s + r for r in range(9)})

    def _gen_half_flush(self) -> GenHand | None:
        s = self.rng.randrange(3)
        allowed = {9 * s + r for r in range(9)} | set(HONORS)
        return self._regular(allowed, 0.5, 0.4, 0.1)

    def _gen_honor_heavy(self) -> GenHand | None:
        rng = self.rng
        honors = list(HONORS)
        rng.shuffle(honors)
        k = rng.randint(2, 4)
        preset = [(rng.choices(("pung", "kong"), (0.75, 0.25))[0], t) for t in honors[:k]]
        allowed = set(HONORS) if rng.random() < 0.3 else set(ALL_TILES)
        return self._regular(allowed, 0.5, 0.4, 0.1, preset=preset)

    def _gen_pungs_kongs(self) -> GenHand | None:
        rng = self.rng
        if rng.random() < 0.5:
            allowed = set(ALL_TILES)
        else:
            s = rng.randrange(3)
            allowed = {9 * s + r for r in range(9)} | (set(HONORS) if rng.random() < 0.5 else set())
        return self._regular(allowed, 0.1 if rng.random() < 0.5 else 0.0, 0.55, 0.45)

    def _gen_terminals(self) -> GenHand | None:
        rng = self.rng
        allowed = set(ORPHANS) if rng.random() < 0.5 else set(TERMINALS) | {1, 2, 6, 7, 10, 11, 15, 16, 19, 20, 24, 25}
        if rng.random() < 0.3:
            allowed -= set(HONORS)
        # chows allowed only as 123 / 789 (a chow start must have all three tiles allowed)
        return self._regular(allowed, 0.4, 0.5, 0.1, pair_allowed=set(ORPHANS) & allowed)

    def _gen_simples(self) -> GenHand | None:
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0:
            ranks = range(1, 8)  # 2..8
        elif choice == 1:
            ranks = range(6, 9)  # 789 全大
        elif choice == 2:
            ranks = range(3, 6)  # 456 全中
        elif choice == 3:
            ranks = range(0, 3)  # 123 全小
        else:
            ranks = range(1, 9, 2)  # 2468 全双刻 (pungs only)
        allowed = {9 * s + r for s in range(3) for r in ranks}
        if rng.random() < 0.3:
            ranks2 = range(5, 9) if rng.random() < 0.5 else range(0, 4)  # 大于五 / 小于五
            allowed = {9 * s + r for s in range(3) for r in ranks2}
        return self._regular(allowed, 0.6 if choice != 4 else 0.0, 0.35, 0.05)

    def _gen_pattern(self) -> GenHand | None:
        """Hands built around a patterned fan so the rare combination fans are well exercised."""
        rng = self.rng
        s = rng.randrange(3)
        suits = [0, 1, 2]
        rng.shuffle(suits)
        p = rng.randrange(16)
        preset: list[tuple[str, int]] = []
        allowed: set[int] = set(ALL_TILES)
        pair_allowed = None
        if p == 0:  # 清龙
            preset = [("chow", 9 * s), ("chow", 9 * s + 3), ("chow", 9 * s + 6)]
        elif p == 1:  # 花龙
            preset = [("chow", 9 * suits[0]), ("chow", 9 * suits[1] + 3), ("chow", 9 * suits[2] + 6)]
        elif p == 2:  # 一色三步高 / 四步高
            step = rng.choice((1, 2))
            n = rng.choice((3, 3, 4))
            r0 = rng.randint(0, 6 - step * (n - 1))
            preset = [("chow", 9 * s + r0 + step * i) for i in range(n)]
        elif p == 3:  # 一色三同顺 / 四同顺
            r0 = rng.randint(0, 6)
            preset = [("chow", 9 * s + r0)] * rng.choice((2, 3, 3, 4))
        elif p == 4:  # 三色三同顺 / 三色三步高
            r0 = rng.randint(0, 4)
            shift = rng.choice((0, 1))
            preset = [("chow", 9 * suits[i] + r0 + shift * i) for i in range(3)]
        elif p == 5:  # 一色三节高 / 四节高
            n = rng.choice((3, 4))
            r0 = rng.randint(0, 9 - n)
            preset = [(rng.choice(("pung", "pung", "kong")), 9 * s + r0 + i) for i in range(n)]
        elif p == 6:  # 三色三节高 / 三同刻
            r0 = rng.randint(0, 6)
            shift = rng.choice((0, 1))
            preset = [(rng.choice(("pung", "pung", "kong")), 9 * suits[i] + r0 + shift * i) for i in range(3)]
        elif p == 7:  # 一色双龙会 / 三色双龙会
            if rng.random() < 0.5:
                preset = [("chow", 9 * s), ("chow", 9 * s), ("chow", 9 * s + 6), ("chow", 9 * s + 6)]
                pair_allowed = {9 * s + 4}
            else:
                a, b, c = suits
                preset = [("chow", 9 * a), ("chow", 9 * a + 6), ("chow", 9 * b), ("chow", 9 * b + 6)]
                pair_allowed = {9 * c + 4}
        elif p == 8:  # 推不倒
            allowed = {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33}
        elif p == 9:  # 绿一色
            allowed = {19, 20, 21, 23, 25, 32}
        elif p == 10:  # winds: 大四喜 / 小四喜 / 三风刻
            winds = list(WINDS)
            rng.shuffle(winds)
            n = rng.choice((3, 3, 4))
            preset = [(rng.choice(("pung", "pung", "kong")), w) for w in winds[:n]]
            if n == 3 and rng.random() < 0.6:
                pair_allowed = {winds[3]}
        elif p == 11:  # dragons: 大三元 / 小三元 / 双箭刻
            dr = list(DRAGONS)
            rng.shuffle(dr)
            n = rng.choice((2, 2, 3))
            preset = [(rng.choice(("pung", "pung", "kong")), d) for d in dr[:n]]
            if n == 2 and rng.random() < 0.6:
                pair_allowed = {dr[2]}
        elif p == 12:  # 全带五: every meld through a 5, pair of 5s (all four melds preset)
            opts = [("chow", 9 * x + r) for x in range(3) for r in (2, 3, 4)] + [("pung", 4), ("pung", 13), ("pung", 22)]
            preset = [rng.choice(opts) for _ in range(4)]
            pair_allowed = {4, 13, 22}
        elif p == 13:  # 老少副 / 连六 / 喜相逢 heavy: pairs of related chows
            preset = []
            for _ in range(2):
                a = rng.randrange(3)
                kind = rng.randrange(3)
                if kind == 0:
                    preset += [("chow", 9 * a), ("chow", 9 * a + 6)]
                elif kind == 1:
                    r0 = rng.randint(0, 3)
                    preset += [("chow", 9 * a + r0), ("chow", 9 * a + r0 + 3)]
                else:
                    r0 = rng.randint(0, 6)
                    preset += [("chow", 9 * a + r0), ("chow", 9 * ((a + 1) % 3) + r0)]
        elif p == 14:  # 五门齐
            preset = [("pung", rng.choice(WINDS)), ("pung", rng.choice(DRAGONS))]
            preset += [("chow", 9 * suits[0] + rng.randint(0, 6))]
            pair_allowed = {9 * suits[1] + rng.randint(0, 8), 9 * suits[2] + rng.randint(0, 8)}
        else:  # 四归一: the same tile four times over melds and pair
            t = 9 * s + rng.randint(2, 6)
            preset = [("chow", t - 2), ("chow", t - 1), ("pung", t)]
        return self._regular(allowed, 0.6, 0.35, 0.05, preset=preset, pair_allowed=pair_allowed)

    def _gen_dense(self) -> GenHand | None:
        """Random tiles crowded into one or two suits (plus honors now and then), kept when the reference calls them
        complete: many competing readings, seven pairs that are also regular hands, multi-sided waits.  Sometimes
        one or two claimed melds first."""
        from MahjongGB import MahjongFanCalculator

        rng = self.rng
        suits = rng.sample(range(3), 1 if rng.random() < 0.7 else 2)
        pool = [9 * s + r for s in suits for r in range(9)] + (list(HONORS) if rng.random() < 0.2 else [])
        melds: list[GenMeld] = []
        counts: Counter[int] = Counter()
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            if rng.random() < 0.6:
                starts = [t for t in pool if t < 27 and t % 9 <= 6]
                m = GenMeld("chow", rng.choice(starts), 1)
            else:
                m = GenMeld(rng.choice(("pung", "pung", "kong", "concealed_kong")), rng.choice(pool), rng.randint(1, 3))
                if m.kind == "concealed_kong":
                    m.seat = None
            if any(counts[x] + m.tiles.count(x) > 4 for x in m.tiles):
                continue
            counts.update(m.tiles)
            melds.append(m)
        need = 14 - 3 * len(melds)
        starts = [t for t in pool if t < 27 and t % 9 <= 6]
        for _ in range(300):
            # random blocks (chow, pung, pair, single) crowd the tiles together, so a good share is complete
            c = Counter(counts)
            tiles: list[int] = []
            while len(tiles) < need:
                kind = rng.random()
                t = rng.choice(pool)
                if kind < 0.35 and starts:
                    s0 = rng.choice(starts)
                    block = [s0, s0 + 1, s0 + 2]
                elif kind < 0.55:
                    block = [t] * 3
                elif kind < 0.85:
                    block = [t] * 2
                else:
                    block = [t]
                block = block[: need - len(tiles)]
                if all(c[x] + block.count(x) <= 4 for x in block):
                    c.update(block)
                    tiles.extend(block)
            win = rng.choice(tiles)
            h = GenHand("", list(melds), tiles, win)
            try:
                MahjongFanCalculator(**h.ref_args())
            except TypeError:
                continue
            return h
        return None

    # ---- special forms ----

    def _gen_seven_pairs(self) -> GenHand | None:
        rng = self.rng
        k = rng.randrange(10)
        if k == 0:  # 连七对
            s = rng.randrange(3)
            r0 = rng.randint(0, 2)
            pairs = [9 * s + r0 + i for i in range(7)]
        else:
            if k <= 3:
                pool = [9 * rng.randrange(3) + r for r in range(9)]
            elif k == 4:
                # terminals only half the time: 清幺九 as seven pairs, often with a quad (spec §8.4)
                pool = list(ORPHANS) if rng.random() < 0.5 else list(TERMINALS)
            elif k == 5:
                pool = list(HONORS) + [9 * rng.randrange(3) + r for r in range(9)]
            else:
                pool = list(ALL_TILES)
            pairs = []
            c: Counter[int] = Counter()
            while len(pairs) < 7:
                t = rng.choice(pool)
                # a quad (the same pair twice) now and then: 四归一
                if c[t] == 2 and rng.random() > 0.25:
                    continue
                if c[t] >= 4:
                    continue
                c[t] += 2
                pairs.append(t)
        concealed = [t for t in pairs for _ in range(2)]
        return GenHand("", [], concealed, rng.choice(concealed))

    def _knitted_perm(self) -> list[int]:
        """The 9 tiles of one knitted straight: 147 / 258 / 369 spread over the three suits."""
        suits = [0, 1, 2]
        self.rng.shuffle(suits)
        return [9 * suits[i] + r for i in range(3) for r in (i, i + 3, i + 6)]

    def _gen_knitted_honors(self) -> GenHand | None:
        rng = self.rng
        knit = self._knitted_perm()
        n_num = rng.choice((7, 8, 9, 7, 9))
        tiles = rng.sample(knit, n_num) + rng.sample(list(HONORS), 14 - n_num)
        return GenHand("", [], tiles, rng.choice(tiles))

    def _gen_knitted_straight(self) -> GenHand | None:
        rng = self.rng
        knit = self._knitted_perm()
        counts = Counter(knit)
        for _ in range(20):
            kind = rng.choices(("chow", "pung", "kong"), (0.5, 0.4, 0.1))[0]
            if kind == "chow":
                t = rng.choice(_chow_starts(set(ALL_TILES)))
                tiles = [t, t + 1, t + 2]
            else:
                t = rng.randrange(34)
                tiles = [t] * (4 if kind == "kong" else 3)
            pair = rng.randrange(34)
            c = counts + Counter(tiles) + Counter([pair, pair])
            if all(v <= 4 for v in c.values()):
                break
        else:
            return None
        melds: list[GenMeld] = []
        concealed = knit + [pair, pair]
        if kind == "kong" or rng.random() < 0.4:
            if kind == "kong":
                k = rng.choice(("concealed_kong", "kong", "added_kong"))
                melds.append(GenMeld(k, t, None if k == "concealed_kong" else rng.randint(1, 3)))
            else:
                melds.append(GenMeld(kind, t, 1 if kind == "chow" else rng.randint(1, 3)))
        else:
            concealed += tiles
        return GenHand("", melds, concealed, rng.choice(concealed))

    def _gen_thirteen_orphans(self) -> GenHand | None:
        tiles = list(ORPHANS) + [self.rng.choice(ORPHANS)]
        return GenHand("", [], tiles, self.rng.choice(tiles))

    def _gen_nine_gates(self) -> GenHand | None:
        rng = self.rng
        s = rng.randrange(3)
        base = [9 * s + r for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
        extra = 9 * s + rng.randrange(9)
        tiles = base + [extra]
        # usually won on the extra tile (九莲宝灯); sometimes on another tile (then it is a plain full flush)
        win = extra if rng.random() < 0.8 else rng.choice(tiles)
        return GenHand("", [], tiles, win)

    # ---- flags ----

    def _flags(self, h: GenHand) -> None:
        """Random win facts, only where they can happen at a table.

        - 和绝张 (last_tile) needs the winning tile to be the only copy among the concealed tiles; when the
          declared melds already show 3 copies it IS the last copy, so the flag is set (the reference forces it
          on there, spec section 2 step 3).
        - 抢杠和 is a discard win on a tile another player adds to a pung: the hand holds no other copy of it.
        - 杠上开花 is a self-draw and needs a kong in the hand.  抢杠和 is never on the last wall tile.
        """
        rng = self.rng
        h.flowers = rng.choice((0, 0, 0, 1, 2, 3, 4, 8)) if rng.random() < 0.5 else 0
        h.seat_wind = rng.randrange(4)
        h.prevalent_wind = rng.randrange(4)
        h.winner = rng.randrange(4)
        h.self_drawn = rng.random() < 0.4
        if not h.self_drawn:
            h.discarder = (h.winner + rng.randint(1, 3)) % 4
        in_concealed = h.concealed.count(h.win)
        in_melds = sum(m.tiles.count(h.win) for m in h.melds)
        has_kong = any(m.is_kong for m in h.melds)
        if in_concealed == 1 and in_melds == 3:
            h.last_tile = True
        elif in_concealed == 1:
            h.last_tile = rng.random() < 0.15
        if h.self_drawn:
            if has_kong and rng.random() < 0.3:
                h.kong_replacement = True
        elif in_concealed == 1 and in_melds == 0 and rng.random() < 0.12:
            h.robbing_kong = True
            # the robbed tile is the 4th copy, so 和绝张 is true as well now and then (the scorer must drop it)
            h.last_tile = rng.random() < 0.3
        if not h.robbing_kong and rng.random() < 0.1:
            h.last_wall = True


# --------------------------------------------------------------------------------------------------------------
# Hand-written examples: notation + a few flags, scored by either side.
# --------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Win:
    """The win facts of a hand-written example.  Seats: the winner is seat 0; a discard comes from seat 3 (上家).

    ``kong`` means 杠上开花 on a self-draw and 抢杠和 on a discard (the reference's single "about kong" flag).
    """

    self_drawn: bool = False
    last_tile: bool = False
    last_wall: bool = False
    kong: bool = False
    seat: int = 0
    prevalent: int = 0

    def context(self) -> Any:
        return make_context(
            winner=0,
            discarder=None if self.self_drawn else 3,
            dealer=(0 - self.seat) % 4,
            seat_wind=self.seat,
            prevalent_wind=self.prevalent,
            last_tile=self.last_tile,
            last_wall_tile=self.last_wall,
            kong_replacement=self.kong and self.self_drawn,
            robbing_kong=self.kong and not self.self_drawn,
        )


DISCARD = Win()
SELF_DRAWN = Win(self_drawn=True)


def ref_score_text(text: str, win: Win = DISCARD) -> tuple[int, Counter[str]]:
    """Score a notation string with the reference (melds/flowers read with the package's notation parser)."""
    from MahjongGB import MahjongFanCalculator

    from mahjong.hand import MeldKind, parse_hand

    h = parse_hand(text)
    packs = []
    for m in h.melds:
        t = m.tiles[0]
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", ref_code(t + 1), 1))
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", ref_code(t), m.claimed_from or 1))
        elif m.kind is MeldKind.CONCEALED_KONG:
            packs.append(("GANG", ref_code(t), 0))
        else:
            packs.append(("GANG", ref_code(t), m.claimed_from or 1))
    standing = list(h.concealed)
    assert h.win_tile is not None
    standing.remove(h.win_tile)
    res = MahjongFanCalculator(
        pack=tuple(packs), hand=tuple(ref_code(t) for t in standing), winTile=ref_code(h.win_tile),
        flowerCount=len(h.flowers), isSelfDrawn=win.self_drawn, is4thTile=win.last_tile, isAboutKong=win.kong,
        isWallLast=win.last_wall, seatWind=win.seat, prevalentWind=win.prevalent, verbose=True)
    fans: Counter[str] = Counter()
    for value, count, _zh, en in res:
        fans[en] += count
    return sum(VALUE[en] * c for en, c in fans.items()), fans


def our_score_text(text: str, win: Win = DISCARD, **options: Any) -> Any:
    from mahjong.rulesets.guobiao import Guobiao

    return Guobiao(**options).score(text, win.context())
