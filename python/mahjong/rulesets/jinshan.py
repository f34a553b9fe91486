"""Jinshan 金山麻将 "有麻子" (Shanghai): 花 + 百搭, hu points, 翻 and the 辣子 cap.

Source: 《金山麻将胡数算法》 "金山麻将胡数算法 / 有麻子胡数算法"; where it is silent, each choice is a named option.

Tiles: 136 + 8 flowers.  春夏秋冬 (``f1``..``f4``) are 花, bonus tiles worth 4 hu each; 梅兰竹菊 (``f5``..``f8``)
are the four 百搭 (wildcards).  Write the 百搭 a player holds among the flowers (``"…f5f7"``): the scorer takes
them out of the flowers and hands them to the kernels as wildcards.  "老头张" = winds, dragons and every 1 / 9;
all other tiles are "嫩张".  Seat ↔ wind ↔ flower: 头家 (dealer) = 东 = 春, then 南 = 夏, 西 = 秋, 北 = 冬.

Score of a win (the adopted model)::

    总胡 = (Σ Part One hu + Part Two hu) × 2^翻        (capped at 辣子)
    直接辣子 hands (全老头, 门门槛, 大四喜, 大三元, 十三幺, 四百搭, 天胡, 地胡) = 辣子

* Part One (起拍打牌阶段): pungs, concealed triplets, kongs (老头 vs 嫩), each 花, a pair of the seat wind or
  of a dragon.
* Part Two (胡牌阶段): the value of the wait, discard vs self-draw.  Spec §2 shows the table already contains
  the value of the set the winning tile completes (双碰 self-draw 嫩 16 = 10 + 2 + 4 一刻), so the triplet
  completed by a 双碰 win is not counted again in Part One.
* Part Three (胡后阶段): 翻 items (one each; 清一色 three).

Limits (no source says otherwise): a 百搭 never stands for a fifth copy of a tile (the kernels' rule, applied to
the whole hand with its exposed melds); 百搭 are held concealed (a meld written in brackets holds real tiles only);
四百搭 needs a complete hand like every other 辣子 hand; 七对 is not a Jinshan hand.

The scorer tries every reading the kernels give (decomposition and 百搭 assignment) and every way the winning
tile can sit in it (which set or pair it completes, hence which wait), and keeps the best total.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from mahjong._kernels import backend_module as _K
from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import N_SEATS, RuleSet, ScoreItem, ScoreResult, WinContext
from mahjong.hand import Hand, MeldKind
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config
from mahjong.tiles import is_dragon, is_flower, is_honor, is_terminal_or_honor, parse_tiles, rank_of, tile_name
from mahjong.types import Decomposition, Form

__all__ = ["JinshanConfig", "JinshanContext", "Jinshan"]

SEASONS = (34, 35, 36, 37)  #: 春夏秋冬 — 花
WILDCARD_FLOWERS = (38, 39, 40, 41)  #: 梅兰竹菊 — 百搭


# --- configuration ----------------------------------------------------------------------------------


_SRC = "《金山麻将胡数算法》"


@dataclass(frozen=True)
class JinshanConfig(ValidatedConfig):
    owner = "jinshan"

    laizi_cap: int = option(200, minimum=1, zh="辣子（封顶）", en="辣子, the most one payer pays; the 直接辣子 hands "
                            "score exactly this", source=f"{_SRC}: 辣子为你们自己定的最高数额 (a house-set maximum)")
    min_hu: int = option(20, minimum=0, zh="起胡胡数", en="the least 总胡 (after 翻, before the cap) a win must reach; "
                         "0 turns the minimum off; a win below it scores valid=False and moves no money",
                         source=f"{_SRC}'s header 拦20胡, read as a 20-胡 minimum (its 小2胡 names the 2-胡 items)")
    fan_mode: Literal["double", "linear"] = option(
        "double", zh="翻的算法", en="how 翻 act on the hu: double = × 2 per 翻 (× 2^翻); linear = × (1 + 翻)",
        source=f"翻 = doubling is standard Shanghai-area usage, though {_SRC} never says ×2")
    thirteen_orphans: bool = option(True, zh="十三幺可胡", en="十三幺 is a winning hand (a 辣子 hand)",
                                    source=f"{_SRC} 直接辣子 5 (但此玩法可有可无，玩家自行商量)")
    thirteen_orphans_needs_flower: bool = option(True, zh="十三幺要有花", en="十三幺 counts only with at least one 花 "
                                                 "(春夏秋冬): 关键一定要有花", source=f"{_SRC} 直接辣子 5")
    thirteen_orphans_pair_2hu: bool = option(False, zh="十三幺要2胡吊头", en="十三幺's pair must be one worth 2 hu in "
                                             "Part One (the seat wind or a dragon); False = any pair",
                                             source=f"{_SRC} 直接辣子 5 (要有一个2胡的吊头), read literally")
    single_wait_pair_bonus: bool = option(False, zh="单吊对子另加2胡", en="also count the Part One 2 hu of a "
                                          "seat-wind / dragon pair when that pair is the one the winning tile "
                                          "completes (单吊)",
                                          source="ours (Part Two already prices what the winning tile completes: "
                                          "单吊 老头张 = 10 + 2 + 2 for the honor pair)")
    discard_payment: Literal["discarder", "all"] = option(
        "discarder", zh="点冲谁付", en="who pays a win on a discard (捉冲 / 放冲): discarder = the discarder pays the "
        "total alone; all = each of the other three pays it (self-draws are always paid by all three)",
        source="none (payment unspecified)")
    dealer_factor: int = option(1, minimum=1, zh="头家倍数", en="a payment to or from the dealer (头家) is multiplied "
                                "by this (1 = no dealer premium)", source="none (dealer multiplier unspecified)")


document_config(JinshanConfig, "Jinshan 金山 有麻子 house rules.")


@dataclass(frozen=True)
class JinshanContext(WinContext):
    """Win facts for Jinshan beyond :class:`WinContext`.

    Attributes:
        wildcard_win: the winning tile is a 百搭 the winner drew (self-draw only); it then stands for whatever
            tile scores best.  The 百搭 is written among the flowers like the others.
    """

    wildcard_win: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.wildcard_win, bool):
            raise ContextError(f"wildcard_win must be true or false, got {self.wildcard_win!r}")
        if self.wildcard_win and not self.self_drawn:
            raise ContextError("wildcard_win: a 百搭 winning tile is self-drawn (nobody discards one to win on)")
        if self.heavenly and (self.winner != self.dealer or not self.self_drawn):
            raise ContextError("天胡 (heavenly) is the dealer winning on the dealt tiles: winner = dealer, self-drawn")
        if self.earthly and (self.winner == self.dealer or self.discarder != self.dealer):
            raise ContextError("地胡 (earthly) is a non-dealer winning on the dealer's first discard")



# --- the rule book as data --------------------------------------------------------------------------

TERMINAL = "老头"
SIMPLE = "嫩"


@dataclass(frozen=True)
class HuItem:
    """One line of Part One: (key, 中文, English, hu for a 老头张 set, hu for a 嫩张 set)."""

    key: str
    name_zh: str
    name_en: str
    terminal: int
    simple: int

    def hu(self, tile: int) -> int:
        return self.terminal if is_terminal_or_honor(tile) else self.simple


#: Part One 起拍打牌阶段 (《金山麻将胡数算法》 Part One 1-9).
PUNG = HuItem("pung", "碰出", "exposed pung", 4, 2)  # 1 老头张碰出 4胡 / 3 嫩张碰出 2胡
CONCEALED_PUNG = HuItem("concealed_pung", "一刻", "concealed triplet", 8, 4)  # 2 / 4
MELDED_KONG = HuItem("melded_kong", "明杠", "melded kong", 16, 8)  # 6 / 8
CONCEALED_KONG = HuItem("concealed_kong", "暗杠", "concealed kong", 32, 16)  # 7 / 9
FLOWER_HU = 4  # 5 花：4胡
SEAT_WIND_PAIR_HU = 2  # 10 坐到的风向有两张牌：2胡
DRAGON_PAIR_HU = 2  # 11 中发白其中一个花色有两张牌：2胡


@dataclass(frozen=True)
class WaitRow:
    """One row of Part Two 胡牌阶段: hu on a discard (捉冲 / 放冲) and on a self-draw (自摸)."""

    key: str
    wait: str  #: the ScoreResult.wait vocabulary
    name_zh: str
    name_en: str
    discard: int
    self_draw: int


#: Part Two (《金山麻将胡数算法》 Part Two 1-6).
WAIT_TABLE: dict[str, WaitRow] = {
    r.key: r
    for r in (
        WaitRow("two_sided", "two-sided", "两头", "two-sided wait", 10, 12),  # 1 两头张捉冲10胡，自摸12胡
        WaitRow("closed", "closed", "卡张", "closed wait", 12, 14),  # 2 卡，边张捉冲12胡，自摸14胡
        WaitRow("edge", "edge", "边张", "edge wait", 12, 14),  # 2
        WaitRow("single_terminal", "single", "单吊老头张", "single wait on a terminal/honor", 14, 16),  # 3
        WaitRow("single_simple", "single", "单吊嫩张", "single wait on a simple", 12, 14),  # 4
        WaitRow("dual_pung_terminal", "dual-pung", "双碰老头张", "dual-pung wait on a terminal/honor", 14, 20),  # 5
        WaitRow("dual_pung_simple", "dual-pung", "双碰嫩张", "dual-pung wait on a simple", 12, 16),  # 6
    )
}


@dataclass(frozen=True)
class Shape:
    """A finished hand seen the way the rule book looks at it (one reading, one place for the winning tile)."""

    sets: tuple[tuple[str, int, bool], ...]  #: (kind "chow"/"pung"/"kong", first tile, concealed) — all sets
    pair: int | None
    form: Form
    tiles: tuple[int, ...]  #: every tile of the finished hand (百搭 as the tile they stand for), kongs as 4
    wildcards: int
    seasons: tuple[int, ...]
    seat_wind: int  #: tile id 27..30
    seat_flower: int  #: tile id 34..37
    win_unit: str  #: "chow" / "pung" / "pair" / "orphans"
    wait_row: WaitRow | None
    ctx: JinshanContext


@dataclass(frozen=True)
class FanRule:
    """One 翻 of Part Three: its value, what it excludes (不计) and its test."""

    key: str
    name_zh: str
    name_en: str
    fan: int
    test: Callable[[Shape], bool]
    excludes: tuple[str, ...] = ()


def _is_pung(kind: str) -> bool:
    return kind in ("pung", "kong")


def _suits(shape: Shape) -> set[int]:
    return {t // 9 for t in shape.tiles if t < 27}


def _has_honor(shape: Shape) -> bool:
    return any(is_honor(t) for t in shape.tiles)


def _dragon_pungs(shape: Shape) -> int:
    return sum(1 for k, t, _ in shape.sets if _is_pung(k) and is_dragon(t))


def _regular(shape: Shape) -> bool:
    return shape.form is Form.REGULAR


#: Part Three 一翻系列 and 三翻系列 (《金山麻将胡数算法》 Part Three).
FAN_RULES: tuple[FanRule, ...] = (
    # 1 花坐到: holding your own seat's 花 (头家 春, 南 夏, 西 秋, 北 冬)
    FanRule("seat_flower", "花坐到", "own seat's flower", 1, lambda s: s.seat_flower in s.seasons),
    # 2 风向坐到: three of your seat wind, exposed or concealed
    FanRule("seat_wind", "风向坐到", "pung of the seat wind", 1,
            lambda s: any(_is_pung(k) and t == s.seat_wind for k, t, _ in s.sets)),
    # 3 杠开: won on the tile drawn after a kong
    FanRule("kong_bloom", "杠开", "win on a kong replacement", 1, lambda s: s.ctx.kong_replacement),
    # 4 拉杠: won on the tile another player added to his exposed pung
    FanRule("robbing_kong", "拉杠", "robbing a kong", 1, lambda s: s.ctx.robbing_kong),
    # 5 对对胡: no chows
    FanRule("all_pungs", "对对胡", "all pungs", 1,
            lambda s: _regular(s) and all(_is_pung(k) for k, _, _ in s.sets)),
    # 6 混一色: one suit and honors
    FanRule("half_flush", "混一色", "half flush", 1, lambda s: len(_suits(s)) == 1 and _has_honor(s)),
    # 7 没百搭: no 百搭 in the hand
    FanRule("no_wildcard", "没百搭", "no wildcard", 1, lambda s: s.wildcards == 0),
    # 8 小三元: two of 中发白 as pungs, a pair of the third
    FanRule("little_dragons", "小三元", "little three dragons", 1,
            lambda s: _regular(s) and _dragon_pungs(s) == 2 and s.pair is not None and is_dragon(s.pair)),
    # 三翻 1 清一色: one suit, no honors (so never 混一色 as well)
    FanRule("full_flush", "清一色", "full flush", 3, lambda s: len(_suits(s)) == 1 and not _has_honor(s),
            excludes=("half_flush",)),
)


@dataclass(frozen=True)
class CapRule:
    """One 直接辣子 hand: it scores the cap (辣子) whatever else the hand holds."""

    key: str
    name_zh: str
    name_en: str
    test: Callable[[Shape, JinshanConfig], bool]


def _all_terminal(s: Shape, c: JinshanConfig) -> bool:
    return _regular(s) and all(_is_pung(k) for k, _, _ in s.sets) and all(is_terminal_or_honor(t) for t in s.tiles)


def _all_concealed_pungs(s: Shape, c: JinshanConfig) -> bool:
    # every set a concealed triplet (暗杠 included).  A 双碰 win on a discard completes its triplet with the
    # discard, so it is not concealed ("听双碰必须自摸"); a 单吊 may win on a discard ("听单吊可捉冲").
    return _regular(s) and all(_is_pung(k) and concealed for k, _, concealed in s.sets)


def _thirteen_orphans(s: Shape, c: JinshanConfig) -> bool:
    if s.form is not Form.THIRTEEN_ORPHANS:
        return False
    if c.thirteen_orphans_needs_flower and not s.seasons:  # "关键一定要有花"
        return False
    # "要有一个2胡的吊头": read literally, a pair Part One pays 2 hu for (seat wind or dragon)
    return not c.thirteen_orphans_pair_2hu or (s.pair is not None and (s.pair == s.seat_wind or is_dragon(s.pair)))


#: 直接辣子系列 (《金山麻将胡数算法》).
CAP_RULES: tuple[CapRule, ...] = (
    CapRule("all_terminals", "全老头", "all terminal/honor pungs", _all_terminal),  # 1
    CapRule("all_concealed_pungs", "门门槛", "all concealed triplets", _all_concealed_pungs),  # 2
    CapRule("big_four_winds", "大四喜", "big four winds",  # 3
            lambda s, c: sum(1 for k, t, _ in s.sets if _is_pung(k) and 27 <= t <= 30) == 4),
    CapRule("big_three_dragons", "大三元", "big three dragons", lambda s, c: _dragon_pungs(s) == 3),  # 4
    CapRule("thirteen_orphans", "十三幺", "thirteen orphans", _thirteen_orphans),  # 5
    CapRule("four_wildcards", "四百搭", "all four wildcards", lambda s, c: s.wildcards == 4),  # 6
    CapRule("heavenly", "天胡", "heavenly win", lambda s, c: s.ctx.heavenly),  # 7
    CapRule("earthly", "地胡", "earthly win", lambda s, c: s.ctx.earthly),  # 8
)


# --- scoring ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    total: int
    raw: int
    items: tuple[ScoreItem, ...]
    reading: Decomposition
    wait: str | None
    base_hu: int
    fan: int
    cap_hand: bool


_MELD_RE = re.compile(r"\[[^\[\]]*\]")


def _last_concealed_written(text: str) -> int | None:
    """The winning tile by the notation's rule: the last concealed (non-flower) tile written."""
    tiles = [t for t in parse_tiles(_MELD_RE.sub(" ", text)) if not is_flower(t)]
    return tiles[-1] if tiles else None


class Jinshan(RuleSet[JinshanConfig]):
    """金山 有麻子: 花 and 百搭, Part One / Part Two hu, 翻, the 辣子 cap (《金山麻将胡数算法》)."""

    name: ClassVar[str] = "jinshan"
    title: ClassVar[str] = "Jinshan 金山麻将 有麻子 (花 + 百搭)"
    summary: ClassVar[str] = "Jinshan 金山 有麻子: 4 百搭 wildcards, hu table × 2^翻, 辣子 cap"
    Config: ClassVar[type] = JinshanConfig
    Context: ClassVar[type[WinContext]] = JinshanContext

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        # 七对 is not a Jinshan hand; 十三幺 is (a 辣子 hand) unless the table leaves it out.
        return HandRules(seven_pairs=False, thirteen_orphans=self.config.thirteen_orphans, max_wildcards=4)

    def tiles_held(self, hand: Hand) -> int:
        """百搭 (梅兰竹菊, written among the flowers) count as tiles of the hand."""
        return hand.tile_count + sum(1 for f in hand.flowers if f in WILDCARD_FLOWERS)

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        ctx = _jinshan_context(context)
        h = self._hand(hand)
        if h.win_tile is None and isinstance(hand, str) and not ctx.wildcard_win:
            win = _last_concealed_written(hand)
            if win is not None:
                h = Hand(h.concealed, h.melds, h.flowers, win)
        wildcards = sum(1 for f in h.flowers if f in WILDCARD_FLOWERS)
        seasons = tuple(f for f in h.flowers if f in SEASONS)
        n = len(h.concealed) + wildcards + 3 * len(h.melds)
        if n != 14:
            raise HandError(
                f"{n} tiles (百搭 included, kongs counted as 3): a winning Jinshan hand has 14"
            )
        if ctx.wildcard_win and wildcards == 0:
            raise ContextError("wildcard_win: the hand holds no 百搭 (梅兰竹菊 f5..f8)")
        if not ctx.wildcard_win and h.win_tile is None:
            raise HandError("the hand has no winning tile (write it last, or set wildcard_win for a 百搭)")
        if ctx.kong_replacement and not any(m.is_kong for m in h.melds):
            raise ContextError("杠开 (kong_replacement) needs a kong in the hand")

        readings = _K.decompositions(bytes(h.counts), wildcards, self.hand_rules)
        if not readings:
            raise NotWinningError(
                f"not a Jinshan win: the concealed tiles and {wildcards} 百搭 do not form sets and a pair"
                + (" (十三幺 is switched off)" if not self.config.thirteen_orphans else "")
            )
        best: _Candidate | None = None
        for reading in readings:
            for cand in self._candidates(h, reading, wildcards, seasons, ctx):
                if cand.total < 0:  # a shape this table does not pay (十三幺 without its 花)
                    continue
                if best is None or cand.total > best.total or (cand.total == best.total and cand.raw > best.raw):
                    best = cand
        if best is None:
            if all(r.form is Form.THIRTEEN_ORPHANS for r in readings):
                raise NotWinningError(
                    "not a Jinshan win: this 十三幺 misses what the table asks of it (a 花 under "
                    "thirteen_orphans_needs_flower, a 2-hu pair under thirteen_orphans_pair_2hu)"
                )
            raise NotWinningError("not a Jinshan win: every reading needs a 百搭 as a fifth copy of a tile")
        return self._result(best, ctx)

    # one reading -> one candidate per place the winning tile can sit
    def _candidates(
        self, h: Hand, reading: Decomposition, wildcards: int, seasons: tuple[int, ...], ctx: JinshanContext
    ) -> list[_Candidate]:
        seat_wind = 27 + ctx.wind
        seat_flower = 34 + ctx.wind
        exposed: list[tuple[str, int, bool]] = []
        tiles: list[int] = []
        for m in h.melds:
            kind = "chow" if m.kind is MeldKind.CHOW else "kong" if m.is_kong else "pung"
            exposed.append((kind, m.tile, m.is_concealed))
            tiles.extend(m.tiles)
        tiles.extend(t for meld in reading.melds for t in meld)
        tiles.extend(reading.pairs * 2)  # the pair of a regular hand, the doubled tile of 十三幺
        tiles.extend(reading.singles)
        all_tiles = tuple(sorted(tiles))
        # The kernels never let a 百搭 stand for a fifth copy of a tile, but they see only the concealed part: a
        # 百搭 read as the fourth 9s next to an exposed 999s would be a fifth.  Same rule, whole hand.
        if any(all_tiles.count(t) > 4 for t in set(reading.wildcards)):
            return []

        # where can the winning tile be?  A copy of the winning tile kind is interchangeable with any other copy,
        # so any unit holding that kind can hold the real winning tile; a 百搭 winning tile can be any copy a
        # 百搭 stands for.
        if ctx.wildcard_win:
            win_kinds = set(reading.wildcards)
        else:
            assert h.win_tile is not None
            win_kinds = {h.win_tile}
        places: list[tuple[int, int]] = []  # (unit index: 0..k-1 = meld, k = pair; win tile kind)
        if reading.form is Form.REGULAR:
            for i, meld in enumerate(reading.melds):
                for w in sorted(win_kinds & set(meld)):
                    places.append((i, w))
            if reading.pairs and reading.pairs[0] in win_kinds:
                places.append((len(reading.melds), reading.pairs[0]))
        else:
            places.append((-1, min(win_kinds)))

        out: list[_Candidate] = []
        for unit, win in places:
            sets = list(exposed)
            win_unit = "orphans"
            row: WaitRow | None = None
            if reading.form is Form.REGULAR:
                for i, meld in enumerate(reading.melds):
                    is_trip = meld[0] == meld[2]
                    completed_by_discard = i == unit and not ctx.self_drawn
                    sets.append(("pung" if is_trip else "chow", meld[0], is_trip and not completed_by_discard))
                if unit == len(reading.melds):
                    win_unit = "pair"
                    row = WAIT_TABLE["single_terminal" if is_terminal_or_honor(win) else "single_simple"]
                else:
                    meld = reading.melds[unit]
                    if meld[0] == meld[2]:
                        win_unit = "pung"
                        row = WAIT_TABLE["dual_pung_terminal" if is_terminal_or_honor(win) else "dual_pung_simple"]
                    else:
                        win_unit = "chow"
                        row = WAIT_TABLE[_sequence_wait(meld, win)]
            pair = reading.pairs[0] if reading.pairs else None  # 十三幺 lists its doubled tile as the pair
            shape = Shape(tuple(sets), pair, reading.form, all_tiles, wildcards, seasons, seat_wind, seat_flower,
                          win_unit, row, ctx)
            out.append(self._evaluate(shape, reading, unit, h))
        return out

    def _evaluate(self, s: Shape, reading: Decomposition, unit: int, h: Hand) -> _Candidate:
        cfg = self.config
        caps = [r for r in CAP_RULES if r.test(s, cfg)]
        if caps:
            items = tuple(ScoreItem(r.key, r.name_zh, r.name_en, cfg.laizi_cap, 1, "hu", "直接辣子") for r in caps[:1])
            items += tuple(
                ScoreItem(r.key, r.name_zh, r.name_en, 0, 1, "hu", "直接辣子 (the cap is paid once)") for r in caps[1:]
            )
            return _Candidate(cfg.laizi_cap, cfg.laizi_cap, items, reading, s.wait_row.wait if s.wait_row else None,
                              0, 0, True)
        if s.form is not Form.REGULAR:  # 十三幺 without its 花: not a hand in this table
            return _Candidate(-1, -1, (), reading, None, 0, 0, False)

        lines: list[ScoreItem] = []
        # Part One: the sets.  Exposed melds keep their own kind; a concealed triplet the winning tile completed
        # by 双碰 is priced in Part Two (), so it is left out here.
        hu_counts: dict[tuple[HuItem, bool], int] = {}
        n_exposed = len(h.melds)
        for idx, (kind, tile, concealed) in enumerate(s.sets):
            if kind == "chow":
                continue
            if idx >= n_exposed and idx - n_exposed == unit and s.win_unit == "pung":
                continue
            if kind == "kong":
                item = CONCEALED_KONG if concealed else MELDED_KONG
            else:
                item = CONCEALED_PUNG if concealed else PUNG
            key = (item, is_terminal_or_honor(tile))
            hu_counts[key] = hu_counts.get(key, 0) + 1
        for (item, terminal), count in sorted(hu_counts.items(), key=lambda kv: (_PART_ONE_ORDER[kv[0][0].key],
                                                                                   not kv[0][1])):
            grade = TERMINAL if terminal else SIMPLE
            lines.append(ScoreItem(f"{item.key}_{'terminal' if terminal else 'simple'}", f"{grade}张{item.name_zh}",
                                   f"{item.name_en} ({'terminal/honor' if terminal else 'simple'})",
                                   item.terminal if terminal else item.simple, count, "hu"))
        if s.seasons:
            lines.append(ScoreItem("flower", "花", "flower (seasons)", FLOWER_HU, len(s.seasons), "hu",
                                   " ".join(tile_name(f, "chinese") for f in s.seasons)))
        pair_counts = s.pair is not None and (s.win_unit != "pair" or cfg.single_wait_pair_bonus)
        if pair_counts and s.pair == s.seat_wind:
            lines.append(ScoreItem("seat_wind_pair", "坐到的风向两张", "pair of the seat wind", SEAT_WIND_PAIR_HU, 1,
                                   "hu", tile_name(s.seat_wind, "chinese")))
        if pair_counts and s.pair is not None and is_dragon(s.pair):
            lines.append(ScoreItem("dragon_pair", "中发白两张", "pair of a dragon", DRAGON_PAIR_HU, 1, "hu",
                                   tile_name(s.pair, "chinese")))
        # Part Two: the wait
        assert s.wait_row is not None
        row = s.wait_row
        wait_hu = row.self_draw if s.ctx.self_drawn else row.discard
        lines.append(ScoreItem(f"wait_{row.key}", row.name_zh, row.name_en, wait_hu, 1, "hu",
                               "自摸" if s.ctx.self_drawn else "捉冲"))
        base = sum(i.points for i in lines)
        # Part Three: 翻
        hits = [r for r in FAN_RULES if r.test(s)]
        excluded = {x for r in hits for x in r.excludes}
        fans = [r for r in hits if r.key not in excluded]
        for r in fans:
            lines.append(ScoreItem(r.key, r.name_zh, r.name_en, r.fan, 1, "fan"))
        fan = sum(r.fan for r in fans)
        raw = base * (2**fan if cfg.fan_mode == "double" else 1 + fan)
        total = min(raw, cfg.laizi_cap)
        return _Candidate(total, raw, tuple(lines), reading, row.wait, base, fan, False)

    def _result(self, best: _Candidate, ctx: JinshanContext) -> ScoreResult:
        cfg = self.config
        valid = best.cap_hand or best.raw >= cfg.min_hu
        reason = None
        if not valid:
            reason = f"拦{cfg.min_hu}胡: {best.raw} hu is below the minimum of {cfg.min_hu} to win"
        payments = tuple([0] * N_SEATS)
        if valid:
            payments = _payments(best.total, ctx, cfg)
        return ScoreResult(
            ruleset=self.name,
            items=best.items,
            total=best.total,
            unit="hu",
            reading=best.reading,
            wait=best.wait,
            valid=valid,
            payments=payments,
            invalid_reason=reason,
            details={
                "base_hu": best.base_hu,
                "fan": best.fan,
                "before_cap": best.raw,
                "capped": best.raw > cfg.laizi_cap or best.cap_hand,
                "laizi_cap": cfg.laizi_cap,
            },
        )


_PART_ONE_ORDER = {PUNG.key: 0, CONCEALED_PUNG.key: 1, MELDED_KONG.key: 2, CONCEALED_KONG.key: 3}


def _sequence_wait(meld: tuple[int, int, int], win: int) -> str:
    """卡 (the middle tile), 边 (3 of 123, 7 of 789) or 两头 (either end otherwise)."""
    if win == meld[1]:
        return "closed"
    if (win == meld[2] and rank_of(meld[0]) == 1) or (win == meld[0] and rank_of(meld[2]) == 9):
        return "edge"
    return "two_sided"


def _payments(total: int, ctx: WinContext, cfg: JinshanConfig) -> tuple[int, ...]:
    if ctx.self_drawn or cfg.discard_payment == "all":
        payers = [s for s in range(N_SEATS) if s != ctx.winner]
    else:
        assert ctx.discarder is not None
        payers = [ctx.discarder]
    net = [0] * N_SEATS
    for p in payers:
        amount = total * (cfg.dealer_factor if ctx.dealer in (p, ctx.winner) else 1)
        net[p] -= amount
        net[ctx.winner] += amount
    return tuple(net)


def _jinshan_context(context: WinContext | None) -> JinshanContext:
    if context is None:
        return JinshanContext()
    if isinstance(context, JinshanContext):
        return context
    if type(context) is WinContext:
        values = {f.name: getattr(context, f.name) for f in fields(WinContext)}
        return JinshanContext(**values)
    raise ContextError(f"Jinshan needs a JinshanContext (or a plain WinContext), got {type(context).__name__}")
