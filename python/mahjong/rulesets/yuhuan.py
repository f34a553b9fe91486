"""Yuhuan 玉环麻将: 16-tile hands, 3 财神 wildcards, 白板 set aside as 杠花, 胡数 × 2^台.

Sources: 《玉环麻将算法》 "玉环麻将算法" is binding up to the scoring overview (16-tile hands,
5 sets + a pair, 财神, 白板 auto-kong, 坎档 / 靠壁, the special hands, 黄庄, the settlement, rounding up to 10 and the
400 cap); it is truncated at "（1）基础胡数的计算", so the 胡数 and 台 tables are the spec's §2 (source A, a fuller copy of
the same document, agreeing with client B).  Points the sources leave open are fields of :class:`YuhuanConfig`.

How a win is scored:

1. 杠花 (白板, or 红中 when 白板 is the 财神) are set aside; each is worth 4 胡 and 1 台.  Concealed 财神 are given to the
   kernels as wildcards; every reading, and every group the winning tile can complete, is scored, and the best
   kept (sources never define tie-breaking; the spec says maximise).
2. 基础胡数 = 20 (底胡) + the hu table (:data:`PUNG_HU`, pairs, 杠花, the winning-tile bonus).
3. 台 = the rows of :data:`TAI` that apply, at most 4.  总胡数 = base × 2^台 rounded up to a multiple of 10, at
   most 400.
4. Every other player pays the winner's total (承包: a discarder in the last 9 tiles pays all three shares), and
   each pair of losers settles the difference of their own totals.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import N_SEATS, RuleSet, ScoreItem, ScoreResult, WinContext, arithmetic_details
from mahjong.hand import Hand, MeldKind, parse_hand
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow
from mahjong.rules import YUHUAN, HandRules
from mahjong.rulesets._rulebook import WILDCARD_GROUP, describe_config, document_config, drop_excluded, item, rule_table
from mahjong.tiles import (
    N_KINDS,
    is_honor,
    is_terminal_or_honor,
    parse_tiles,
    tile_name,
)
from mahjong.types import Decomposition, Form

__all__ = [
    "WHITE",
    "RED",
    "GREEN",
    "flower_tile",
    "ceil10",
    "PUNG_HU",
    "TAI",
    "YuhuanConfig",
    "YuhuanContext",
    "ScoredReading",
    "Yuhuan",
]

RED, GREEN, WHITE = 31, 32, 33  # 中 发 白

#: The 底胡 every winner starts with (source A).
BASE_HU = 20


def flower_tile(caishen: int | None) -> int:
    """The 杠花 tile: 白板, or 红中 when 白板 is the 财神 (《玉环麻将算法》: "摸到白板自动杠出"; source A §6)."""
    return RED if caishen == WHITE else WHITE


def ceil10(hu: int) -> int:
    """总胡数 are counted in units of 10, rounded up (《玉环麻将算法》: "以10胡为一个单位。如62、69胡均算70胡")."""
    return -(-hu // 10) * 10


# --- the rule book -----------------------------------------------------------------------------------------------

#: 胡 of a pung / kong: (老头 = honors and 1/9, 2–8) × (碰, 暗刻, 明杠/补杠, 暗杠)  (source A).
PUNG_HU: dict[str, tuple[int, int]] = {
    "pung": (4, 2),  # 碰 (exposed, or completed by a discard)
    "concealed_pung": (8, 4),  # 暗刻 / 暗坎 (an undeclared concealed kong counts as 暗坎)
    "kong": (16, 8),  # 明杠 / 补杠
    "concealed_kong": (32, 16),  # 暗杠
}
PUNG_NAMES = {"pung": ("碰", "pung"), "concealed_pung": ("暗刻", "concealed pung"),
              "kong": ("明杠", "exposed kong"), "concealed_kong": ("暗杠", "concealed kong")}

#: 胡 of other items ().
FLOWER_HU = 4  #: each 杠花
VALUE_PAIR_HU = 2  #: a pair of 中, 发 or the player's own seat wind
#: winning-tile bonus: (self-drawn, on a discard) for a 坎档 / 靠壁 / 将 wait, and for any other wait
WAIT_HU_SPECIAL = (4, 2)
WAIT_HU_OTHER = (2, 0)


#: 台 items (《玉环麻将算法》 for the special hands).
TAI: dict[str, RuleRow] = rule_table(
    (
        RuleRow("flower", "杠花", "flower kong", 1, unit="tai", text="each 杠花 (白板, or 红中 when 白板 is the 财神)"),
        RuleRow("dragon_pung", "中/发刻", "pung of red or green dragons", 1, unit="tai", text="each pung/kong of 中 or of 发 (3个中或3个发)"),
        RuleRow("seat_wind_pung", "本风刻", "pung of own seat wind", 1, unit="tai", text="pung/kong of the player's seat wind"),
        RuleRow("pinghu", "平胡", "all chows", 1, unit="tai",
               text="胡后全是顺子，只一个对子，而且最后胡的牌不是坎档或靠壁，也不是对子中的一个"),
        RuleRow("gangkai", "杠上开花", "win on a kong replacement", 1, unit="tai", text="杠牌后，摸上的牌正好是自己要胡的牌"),
        RuleRow("lagang", "拉杠", "robbing a kong", 1, unit="tai", text="win on the tile a pung-holder adds as a kong or discards"),
        RuleRow("hunyise", "混一色", "one suit and honors", 2, unit="tai", text="手上的牌由一种花色+字牌组成"),
        RuleRow("pengpenghu", "碰碰胡", "all pungs", 2, unit="tai", text="没有顺子，由5副刻子（杠）加1副对牌组成"),
        RuleRow("qingyise", "清一色", "one suit", 4, unit="tai", excludes=("hunyise",), text="手上的牌都是同一种花色"),
        RuleRow("caishen_0", "无财神", "no wildcard (caishen)", 1, unit="tai", group=WILDCARD_GROUP, text="no 财神 in the hand"),
        RuleRow("caishen_2", "两个财神", "two wildcards (caishen)", 1, unit="tai", group=WILDCARD_GROUP, text="exactly two 财神"),
        RuleRow("caishen_3", "三个财神", "three wildcards (caishen)", 4, unit="tai", group=WILDCARD_GROUP,
               text="all three 财神 (4 台 = 腊子, or the 400 cap, option lazi_is_cap)"),
        RuleRow("haidi", "海底捞月", "win on the last tile", 1, unit="tai", text="client B only (option haidi_tai)"),
    )
)


_SRC = "《玉环麻将算法》"
_FULLER = "a fuller copy of the rules in a 玉环 game's config"
_CLIENT = "a 玉环 game client"


@dataclass(frozen=True)
class YuhuanConfig(ValidatedConfig):
    owner = "yuhuan"

    max_tai: int = option(4, minimum=0, zh="台数上限", en="the most 台 that count (4 台 = 腊子)",
                          source=f"{_FULLER}; {_CLIENT}")
    cap: int = option(400, minimum=10, zh="封顶胡数", en="the most 胡 a total can be", source=f"{_SRC} (最高400胡封顶)")
    lazi_is_cap: bool = option(False, zh="腊子即封顶", en="three 财神, 天胡 and 地胡 score the cap directly (腊子 400); "
                               "False = three 财神 are 4 台, i.e. ×16, and 天胡 / 地胡 have no special value",
                               source=f"{_CLIENT}; {_FULLER} calls 4 台 腊子")
    haidi_tai: int = option(0, minimum=0, zh="海底捞月台数", en="台 for 海底捞月 (self-drawn on the last tile)",
                            source=f"only {_CLIENT} shows it, as 1 台")
    pinghu_pair_no_honor: bool = option(False, zh="平胡将不能是字", en="平胡 also needs a pair that is not 中, 发 or a "
                                        "wind", source=f"{_FULLER}'s first 平胡 line; its 台 section and {_SRC} do not")
    discarded_caishen_is_wildcard: bool = option(False, zh="打出的财神仍是财神", en="a discarded 财神 won on still acts "
                                                 "as a wildcard; False = a plain tile (discarding a 财神 is 老鬼宁)",
                                                 source=f"{_FULLER}; no source settles it")
    loser_tai: bool = option(True, zh="输家也算台", en="losers' totals also get the 台 their melds earn (杠花, 中/发 "
                             "pungs, seat-wind pung)", source=f"{_SRC}: 玩家的总胡数= 其基础胡数和台数的乘积 for every "
                             "player (uncertain)")
    loser_caishen_tai: bool = option(False, zh="输家也算财神台", en="losers also get the 财神 台 (0 / 2 / 3 财神 held)",
                                     source=f"uncertain: a 财神 only counts when winning ({_SRC}: 胡牌时可以替代任何牌)")
    loser_round_up: bool = option(True, zh="输家也进到十", en="losers' totals are rounded up to 10 too",
                                  source=f"{_CLIENT} rounds every total it shows")
    caishen_may_be_flower_tile: bool = option(False, zh="财神可当杠花牌", en="a 财神 may stand for the 杠花 tile (白板, "
                                              "or 红中 when 白板 is the 财神)", source="no source settles it: the 杠花 "
                                              "tile never stays in a hand (it is set aside the moment it is drawn)")
    dealer_repeats_after: Literal["draw", "win"] = option(
        "draw", zh="连庄", en="the dealer deals again when the hand ends this way (draw or win) and nobody konged; "
        "otherwise the deal passes counter-clockwise (to the next seat in turn order)",
        source=f"{_SRC} (黄牌后，如果本局中又没有人杠过，则连庄); {_FULLER} says 胡牌后")


document_config(YuhuanConfig, "House-rule choices for Yuhuan: every field is a point the sources leave open or "
                "disagree on.")


def _one_tile(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1 or tiles[0] >= N_KINDS:
        raise ContextError(f"the 财神 must be one playing tile, got {text!r}")
    return tiles[0]


# --- the win context ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class YuhuanContext(WinContext):
    """The facts of a Yuhuan win that the winner's tiles do not show.

    Attributes:
        caishen: the 财神 tile type (the flipped tile's type; its 3 other copies are the 财神).  ``None`` = no 财神
            in play.
        gang_hua: 杠花 the winner set aside (white dragons drawn; 红中 when 白板 is the 财神).  杠花 tiles written
            loose in the hand notation are counted too.
        chengbao: 承包 — the winning discard was made in the last 9 tiles before 黄庄; the discarder pays alone
            what all three would have paid.
        lagang_discard: 拉杠 on a discard — the winning tile was discarded by a player holding an exposed pung of it
            (《玉环麻将算法》: "如果他再补杠这副牌或打出这张牌"); robbing the added kong itself is ``robbing_kong``.
        laoguining: 老鬼宁 — the winner failed to declare a 杠花 or discarded / melded a 财神 this hand, so may not
            win (scoring raises :class:`~mahjong.errors.NotWinningError`).
        loser_totals: each seat's own 总胡数 where the game knows it (the winner's entry is ignored); takes
            precedence over ``loser_hands``.
        loser_hands: each loser's final hand in the project notation (16 tiles, kongs counted as 3, 杠花 tiles
            written loose), from which its total is computed (:meth:`Yuhuan.loser_total`).
    """

    caishen: int | None = None
    gang_hua: int = 0
    chengbao: bool = False
    lagang_discard: bool = False
    laoguining: bool = False
    loser_totals: tuple[int | None, ...] | None = None
    loser_hands: tuple[str | None, ...] | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.caishen, str):  # notation such as "C" (hand records are JSON)
            object.__setattr__(self, "caishen", _one_tile(self.caishen))
        if self.caishen is not None and (
            not isinstance(self.caishen, int) or isinstance(self.caishen, bool) or not 0 <= self.caishen < N_KINDS
        ):
            raise ContextError(f"caishen must be a playing tile id 0..33, got {self.caishen!r}")
        if not isinstance(self.gang_hua, int) or isinstance(self.gang_hua, bool) or not 0 <= self.gang_hua <= 4:
            raise ContextError(f"gang_hua must be 0..4 (four copies of the 杠花 tile), got {self.gang_hua!r}")
        for name in ("chengbao", "lagang_discard", "laoguining"):
            if not isinstance(getattr(self, name), bool):
                raise ContextError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if self.lagang_discard and self.self_drawn:
            raise ContextError("拉杠 on a discard (lagang_discard) is a win on a discard, not a self-draw")
        if self.chengbao and self.self_drawn:
            raise ContextError("承包 (chengbao) applies to a win on a discard, not a self-draw")
        for name in ("loser_totals", "loser_hands"):
            v = getattr(self, name)
            if v is None:
                continue
            if isinstance(v, dict):
                v = tuple(v.get(s, v.get(str(s))) for s in range(N_SEATS))
            v = tuple(v)
            if len(v) != N_SEATS:
                raise ContextError(f"{name} must have one entry per seat (4), got {len(v)}")
            for s, x in enumerate(v):
                if x is None:
                    continue
                if name == "loser_totals" and (not isinstance(x, int) or isinstance(x, bool) or x < 0):
                    raise ContextError(f"loser_totals[{s}] must be a non-negative int, got {x!r}")
                if name == "loser_hands" and not isinstance(x, str):
                    raise ContextError(f"loser_hands[{s}] must be hand notation, got {x!r}")
            object.__setattr__(self, name, v)

    @classmethod
    def from_options(cls, caishen: int | str | None = None, **winctx_fields: Any) -> YuhuanContext:
        """Build from the 财神 tile (id or notation such as ``"C"`` / ``"红中"``; ``indicator=`` (the flipped tile, which
        is the same type) and ``wildcard_tile=`` are accepted too) plus plain WinContext fields and
        ``self_drawn=True/False``, e.g. for ``mahjong score --rules yuhuan --wildcard-tile C``."""
        for alias in ("indicator", "wildcard_tile"):
            if alias in winctx_fields:
                if caishen is not None:
                    raise ContextError("give the 财神 tile once (caishen, indicator or wildcard_tile), not twice")
                caishen = winctx_fields.pop(alias)
        if isinstance(caishen, str):
            caishen = _one_tile(caishen)
        return cls.from_flags(caishen=caishen, **winctx_fields)  # type: ignore[return-value]


# --- scoring -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredReading:
    """One reading with the group the winning tile completed: its hu and 台 lines, base, 台 and total."""

    reading: Decomposition
    wait: str
    hu_items: tuple[ScoreItem, ...]
    tai_items: tuple[ScoreItem, ...]
    base: int
    tai: int
    total: int


def _pung_kind_of_meld(kind: MeldKind) -> str | None:
    return {
        MeldKind.PUNG: "pung",
        MeldKind.KONG: "kong",
        MeldKind.ADDED_KONG: "kong",
        MeldKind.CONCEALED_KONG: "concealed_kong",
    }.get(kind)


def _pung_item(tile: int, kind: str) -> ScoreItem:
    old = is_terminal_or_honor(tile)
    zh, en = PUNG_NAMES[kind]
    value = PUNG_HU[kind][0 if old else 1]
    label = "老头" if old else "2–8"
    return ScoreItem(f"{kind}", f"{zh}({label})", f"{en} ({'terminal/honor' if old else 'simple'})", value, 1,
                     "hu", tile_name(tile))


def _wait_kind(group: tuple[int, ...], tile: int) -> str:
    """How the winning tile completed its group: ``single`` (将, the pair), ``closed`` (坎档, a chow's middle),
    ``edge`` (靠壁: 3 of 123 / 7 of 789), ``dual-pung`` (对碰, a pung) or ``two-sided`` (the other end of a chow)."""
    if len(group) == 2:
        return "single"
    if group[0] == group[1]:
        return "dual-pung"
    if tile == group[1]:
        return "closed"  # 坎档
    rank = group[0] % 9  # 0 for 123, 6 for 789
    if (rank == 0 and tile == group[2]) or (rank == 6 and tile == group[0]):
        return "edge"  # 靠壁
    return "two-sided"


WAIT_ZH = {"single": "将", "closed": "坎档", "edge": "靠壁", "dual-pung": "对碰", "two-sided": "两面"}


class Yuhuan(RuleSet[YuhuanConfig]):
    """Yuhuan 玉环麻将: 16-tile hands, 财神, 杠花, 胡数 × 2^台 rounded up to 10, 400 cap."""

    name = "yuhuan"
    title = "Yuhuan 玉环麻将 (财神, 16 tiles)"
    summary = "玉环: 16-tile hands, 3 财神, 白板 杠花, (20 + 胡) × 2^台 (≤4) up to 10, cap 400; losers settle differences"
    Config = YuhuanConfig
    Context = YuhuanContext

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        return YUHUAN

    def _context(self, context: WinContext | None) -> YuhuanContext:
        if context is None:
            return YuhuanContext()
        if isinstance(context, YuhuanContext):
            return context
        return YuhuanContext(**{f.name: getattr(context, f.name) for f in fields(WinContext)})

    # -- tiles ------------------------------------------------------------------------------------------------

    def _parse(self, hand: Hand | str, caishen: int | None) -> Hand:
        """Parse a hand; with 杠花 written loose the count is off by their number, so the winning tile (the last
        concealed tile written that is not a 杠花) is found here rather than by :func:`parse_hand`."""
        if not isinstance(hand, str):
            return hand
        h = parse_hand(hand)
        if h.win_tile is not None:
            return h
        flower = flower_tile(caishen)
        loose = [t for t in parse_tiles(re.sub(r"\[[^\[\]]*\]", " ", hand)) if t < N_KINDS and t != flower]
        return Hand(h.concealed, h.melds, h.flowers, loose[-1] if loose else None)

    def _set_aside(self, hand: Hand, ctx_flowers: int, caishen: int | None) -> tuple[Hand, int]:
        """Take 杠花 written loose in the hand out of it; return the hand and the total 杠花 count."""
        flower = flower_tile(caishen)
        if any(flower in m.tiles for m in hand.melds):
            raise HandError(f"{tile_name(flower)} is a 杠花 in Yuhuan and is set aside, never melded")
        n = hand.counts[flower]
        total = ctx_flowers + n
        if total > 4:
            raise HandError(f"{total} 杠花 ({tile_name(flower)}): there are only 4")
        if n:
            concealed = list(hand.concealed)
            for _ in range(n):
                concealed.remove(flower)
            win = hand.win_tile
            if win == flower:
                raise HandError(f"the winning tile cannot be a 杠花 ({tile_name(flower)}): it is set aside")
            hand = Hand(tuple(concealed), hand.melds, hand.flowers, win)
        return hand, total

    # -- the parts of a score ------------------------------------------------------------------------------------

    def _tai_common(self, hand: Hand, melds: Sequence[tuple[int, ...]], wind_tile: int, flowers: int,
                    caishen_held: int | None) -> list[ScoreItem]:
        """台 from 杠花, pungs of 中 / 发 / seat wind and (when ``caishen_held`` is given) the 财神 count."""
        out: list[ScoreItem] = []
        if flowers:
            r = TAI["flower"]
            out.append(item(r, count=flowers))
        for t in [m[0] for m in melds if len(m) >= 3 and m[0] == m[1]]:
            key = "dragon_pung" if t in (RED, GREEN) else "seat_wind_pung" if t == wind_tile else None
            if key:
                r = TAI[key]
                out.append(item(r, note=tile_name(t)))
        if caishen_held is not None:
            key = {0: "caishen_0", 2: "caishen_2", 3: "caishen_3"}.get(caishen_held)
            if key:
                r = TAI[key]
                out.append(item(r))
        return out

    def _total(self, base: int, tai: int, at_cap: bool = False) -> int:
        cfg = self.config
        if at_cap:
            return cfg.cap
        return min(ceil10(base * 2 ** min(tai, cfg.max_tai)), cfg.cap)

    def readings(self, hand: Hand | str, context: WinContext | None = None) -> list[ScoredReading]:
        """Every reading of the winning hand × every group the winning tile may have completed, scored."""
        ctx = self._context(context)
        h, flowers = self._set_aside(self._parse(hand, ctx.caishen), ctx.gang_hua, ctx.caishen)
        h.check_size(16, complete=True)
        if h.win_tile is None:
            raise HandError("the winning tile is not known (write it last or give Hand.win_tile)")
        if ctx.kong_replacement and not any(m.is_kong for m in h.melds) and flowers == 0:
            raise ContextError("杠上开花 (kong_replacement) needs a kong or a 杠花 before the winning draw")
        counts = list(h.counts)
        wild = 0
        win = h.win_tile
        win_is_wild = False
        if ctx.caishen is not None:
            cs = ctx.caishen
            if h.all_counts[cs] > 3:
                raise ContextError(f"4 copies of the 财神 {tile_name(cs)}: the flipped copy is not in anyone's hand")
            if any(cs in m.tiles for m in h.melds):
                raise NotWinningError(f"老鬼宁: a 财神 ({tile_name(cs)}) used in a meld forbids winning")
            wild = counts[cs]
            if win == cs and not ctx.self_drawn and not self.config.discarded_caishen_is_wildcard:
                wild -= 1  # the discarded 财神 is a plain tile
            else:
                win_is_wild = win == cs
            counts[cs] -= wild
        if ctx.laoguining:
            raise NotWinningError("老鬼宁: a player who did not declare a 杠花 or discarded a 财神 cannot win this hand")
        decomps = K.decompositions(bytes(counts), wild, self.hand_rules)
        if not decomps:
            raise NotWinningError(
                f"not a winning Yuhuan hand: {h} (with {wild} 财神) is not 5 sets + a pair (胡牌要求)"
            )
        out: list[ScoredReading] = []
        flower = flower_tile(ctx.caishen)
        for d in decomps:
            if d.form is not Form.REGULAR:
                continue
            if flower in d.wildcards and not self.config.caishen_may_be_flower_tile:
                continue
            # where the winning tile can sit: any group holding its tile (wildcards are interchangeable); a
            # self-drawn 财神 may have completed any group through the tile it stands for
            candidates = sorted(set(d.wildcards)) if win_is_wild else [win]
            seen: set[tuple[int, tuple[int, ...]]] = set()
            for t in candidates:
                groups: list[tuple[int, ...]] = [m for m in d.melds if t in m]
                if d.pairs and d.pairs[0] == t:
                    groups.append((t, t))
                for g in groups:
                    if (t, g) in seen:
                        continue
                    seen.add((t, g))
                    out.append(self._score_reading(h, ctx, d, g, t, flowers,
                                                    wild if ctx.caishen is not None else None))
        if not out:
            raise NotWinningError(f"not a winning Yuhuan hand: {h} has no 5 sets + a pair reading")
        return out

    def _score_reading(self, h: Hand, ctx: YuhuanContext, d: Decomposition, group: tuple[int, ...], win: int,
                       flowers: int, caishen_held: int | None) -> ScoredReading:
        cfg = self.config
        wait = _wait_kind(group, win)
        wind_tile = 27 + ctx.wind
        hu: list[ScoreItem] = [ScoreItem("base", "底胡", "base", BASE_HU, 1, "hu", "winner only")]
        if flowers:
            hu.append(ScoreItem("flower_hu", "杠花", "flower kong", FLOWER_HU, flowers, "hu", "each 杠花"))
        pung_tiles: list[tuple[int, ...]] = []
        for m in h.melds:
            kind = _pung_kind_of_meld(m.kind)
            if kind:
                hu.append(_pung_item(m.tile, kind))
                pung_tiles.append(m.tiles)
        completed_by_discard = not ctx.self_drawn and len(group) == 3 and group[0] == group[1]
        discard_pung_done = False
        for g in d.melds:
            if g[0] == g[1]:
                kind = "concealed_pung"
                if completed_by_discard and g == group and not discard_pung_done:
                    kind = "pung"  # a pung completed by a discard counts as exposed ()
                    discard_pung_done = True
                hu.append(_pung_item(g[0], kind))
                pung_tiles.append(g)
        pair = d.pairs[0]
        if pair in (RED, GREEN, wind_tile):
            hu.append(ScoreItem("value_pair", "对子", "pair of red or green dragons or the seat wind", VALUE_PAIR_HU, 1, "hu",
                                tile_name(pair)))
        special = wait in ("single", "closed", "edge")
        bonus = (WAIT_HU_SPECIAL if special else WAIT_HU_OTHER)[0 if ctx.self_drawn else 1]
        if bonus:
            hu.append(ScoreItem("win_tile", f"胡牌({WAIT_ZH[wait]})", f"winning tile ({wait})", bonus, 1, "hu",
                                "自摸 4 / 放冲 2 for 坎档, 靠壁, 将; otherwise 自摸 2 / 放冲 0"))
        base = sum(i.points for i in hu)

        tai = self._tai_common(h, pung_tiles, wind_tile, flowers, caishen_held)
        n_chow_exposed = sum(1 for m in h.melds if m.kind is MeldKind.CHOW)
        all_chows = n_chow_exposed == len(h.melds) and all(m[0] != m[1] for m in d.melds)
        all_pungs = n_chow_exposed == 0 and all(m[0] == m[1] for m in d.melds)

        def add(key: str) -> None:
            r = TAI[key]
            tai.append(item(r))

        if all_chows and wait == "two-sided" and not (cfg.pinghu_pair_no_honor and is_honor(pair)):
            add("pinghu")
        if ctx.kong_replacement:
            add("gangkai")
        if ctx.robbing_kong or ctx.lagang_discard:
            add("lagang")
        tiles = [t for m in h.melds for t in m.tiles] + [t for m in d.melds for t in m] + [pair, pair]
        suits = {t // 9 for t in tiles if t < 27}
        honors = any(t >= 27 for t in tiles)
        if len(suits) == 1:
            add("hunyise")  # one suit, honors allowed
            if not honors:
                add("qingyise")  # its 不计 list drops 混一色
        if all_pungs:
            add("pengpenghu")
        if ctx.last_wall_tile and ctx.self_drawn and cfg.haidi_tai:
            r = TAI["haidi"]
            tai.append(item(r, cfg.haidi_tai))
        tai = drop_excluded(tai, TAI)
        n_tai = sum(i.points for i in tai)
        at_cap = cfg.lazi_is_cap and (caishen_held == 3 or ctx.heavenly or ctx.earthly)
        total = self._total(base, n_tai, at_cap)
        return ScoredReading(d, wait, tuple(hu), tuple(tai), base, n_tai, total)

    # -- the next hand ---------------------------------------------------------------------------------------------

    def next_dealer(self, dealer: int, winner: int | None, anyone_konged: bool) -> int:
        """连庄 or 轮庄: who deals the next hand (``winner=None`` for a 黄庄 draw)."""
        for name, v in (("dealer", dealer), ("winner", winner)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < N_SEATS):
                raise ContextError(f"{name} must be a seat 0..3, got {v!r}")
        ended = "draw" if winner is None else "win"
        if ended == self.config.dealer_repeats_after and not anyone_konged:
            return dealer
        return (dealer + 1) % N_SEATS

    # -- losers -------------------------------------------------------------------------------------------------

    def loser_total(self, hand: Hand | str, seat_wind: int, caishen: int | None = None, gang_hua: int = 0) -> int:
        """A loser's own 总胡数 from its final hand: no 底胡; melds, concealed triplets (暗坎, 财神 excluded) and 杠花
        in 胡; 台 as ``loser_tai`` / ``loser_caishen_tai`` say; rounded up to 10 if ``loser_round_up``; capped."""
        cfg = self.config
        h = parse_hand(hand, infer_win_tile=False) if isinstance(hand, str) else hand
        h, flowers = self._set_aside(h, gang_hua, caishen)
        h.check_size(16)
        hu = flowers * FLOWER_HU
        pungs: list[tuple[int, ...]] = []
        for m in h.melds:
            kind = _pung_kind_of_meld(m.kind)
            if kind:
                hu += _pung_item(m.tile, kind).value
                pungs.append(m.tiles)
        held_caishen = 0
        for t in range(N_KINDS):
            if t == caishen:
                held_caishen = h.counts[t]
                continue
            if h.counts[t] >= 3:  # 暗坎 (an undeclared concealed kong counts as 暗坎)
                hu += _pung_item(t, "concealed_pung").value
                pungs.append((t, t, t))
        tai = 0
        if cfg.loser_tai:
            held = held_caishen if (cfg.loser_caishen_tai and caishen is not None) else None
            tai = sum(i.points for i in self._tai_common(h, pungs, 27 + seat_wind, flowers, held))
        total: int = hu * 2 ** min(tai, cfg.max_tai)
        if cfg.loser_round_up:
            total = ceil10(total)
        return min(total, cfg.cap)

    def _loser_totals(self, ctx: YuhuanContext) -> list[int]:
        totals = [0] * N_SEATS
        for s in range(N_SEATS):
            if s == ctx.winner:
                continue
            if ctx.loser_totals is not None and ctx.loser_totals[s] is not None:
                totals[s] = ctx.loser_totals[s]  # type: ignore[assignment]
            elif ctx.loser_hands is not None and ctx.loser_hands[s] is not None:
                try:
                    totals[s] = self.loser_total(ctx.loser_hands[s], (s - ctx.dealer) % 4, ctx.caishen)  # type: ignore[arg-type]
                except HandError as e:
                    raise type(e)(f"seat {s}'s final hand: {e}") from None
        return totals

    # -- the score ----------------------------------------------------------------------------------------------

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a Yuhuan win: the best reading's total from every other seat, plus the losers' differences."""
        ctx = self._context(context)
        scored = self.readings(hand, ctx)
        best = max(scored, key=lambda r: (r.total, r.base))
        owed = {p: best.total for p in range(N_SEATS) if p != ctx.winner}
        if ctx.chengbao:
            assert ctx.discarder is not None
            owed = {ctx.discarder: best.total * 3}  # 承包: the discarder pays alone what all three would have paid
        win_pay = [0] * N_SEATS
        for p, amt in owed.items():
            win_pay[p] -= amt
            win_pay[ctx.winner] += amt
        losers = self._loser_totals(ctx)
        loser_pay = [0] * N_SEATS
        ls = [s for s in range(N_SEATS) if s != ctx.winner]
        for i in ls:
            for j in ls:
                if i != j:
                    loser_pay[i] += losers[i] - losers[j]  # the lower total pays the higher the difference
        payments = tuple(a + b for a, b in zip(win_pay, loser_pay))
        items = best.hu_items + best.tai_items
        tai_used = min(best.tai, self.config.max_tai)
        items += (ScoreItem("multiplier", "台数翻倍", "doubling per tai (2^tai)", 2 ** tai_used, 1, "x",
                            f"{best.tai} 台, at most {self.config.max_tai}"),)
        return ScoreResult(
            ruleset=self.name,
            items=items,
            total=best.total,
            unit="hu",
            reading=best.reading,
            wait=best.wait,
            valid=True,
            payments=payments,
            details={
                "base_hu": best.base,
                "tai": best.tai,
                "raw": best.base * 2 ** tai_used,
                "flower_tile": tile_name(flower_tile(ctx.caishen)),
                "caishen": tile_name(ctx.caishen) if ctx.caishen is not None else None,
                "loser_totals": losers,
                "win_payments": win_pay,
                "loser_settlement": loser_pay,
            } | arithmetic_details(*self._arithmetic(best, tai_used, owed, losers, loser_pay, ctx)),
        )

    def _arithmetic(self, best: ScoredReading, tai_used: int, owed: dict[int, int], losers: list[int],
                    loser_pay: list[int], ctx: YuhuanContext) -> list[tuple[str, str]]:
        """(20 + 胡) × 2^台, rounded up to 10, the cap, who pays what: the lines people follow."""
        cfg = self.config
        raw = best.base * 2 ** tai_used
        lines = [(f"胡数 {best.base} × 2^{tai_used}台 = {raw}" + (f"（{best.tai} 台，最多计 {cfg.max_tai}）"
                                                             if best.tai > tai_used else ""),
                  f"hu {best.base} × 2^{tai_used} tai = {raw}" + (f" ({best.tai} tai, at most {cfg.max_tai} count)"
                                                                 if best.tai > tai_used else ""))]
        rounded = ceil10(raw)
        if best.total == cfg.cap and (rounded > cfg.cap or raw > cfg.cap or best.total != rounded):
            lines.append((f"封顶 {cfg.cap}", f"capped at {cfg.cap}"))
        elif rounded != raw:
            lines.append((f"进到 10：{raw} → {rounded}", f"rounded up to 10: {raw} → {rounded}"))
        payers = sorted(owed)
        if ctx.chengbao and len(payers) == 1:
            lines.append((f"承包：{payers[0]} 号座位独付 {owed[payers[0]]}",
                          f"sole payer: seat {payers[0]} pays {owed[payers[0]]} alone"))
        else:
            lines.append((f"{len(payers)} 家各付 {best.total}", f"{len(payers)} losers pay {best.total} each"))
        if any(loser_pay):
            shown = "，".join(f"{s} 号 {losers[s]}" for s in range(N_SEATS) if s != ctx.winner)
            shown_en = ", ".join(f"seat {s} {losers[s]}" for s in range(N_SEATS) if s != ctx.winner)
            net = " ".join(f"{s}:{loser_pay[s]:+d}" for s in range(N_SEATS) if s != ctx.winner)
            lines.append((f"输家胡数 {shown}，互付差额：{net}", f"losers' totals {shown_en}; they pay each other the "
                          f"differences: {net}"))
        return lines
