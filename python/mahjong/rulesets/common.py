"""The common fan table (常用麻将算番规则表): an additive fan list with 不算 (not-counted-with) exclusions.

Source: seed ``000`` section 常用麻将算番规则表 (columns 通称 / 番数 / 基本规则及说明) and
``shared/specs/common_table.md``.  《常用麻将算番规则表》's table is cut off after 五门齐 (5番); the rows it names in its 不算
notes but does not show (断幺, 五将, 缺字, 缺门, 单调, 门清, 自摸) and 平胡 are **filled from standard practice**:
the Guobiao (国标) value of the same fan, 五将 (no Guobiao row) at the smallest unit, 1番.  Every filled row and
every exclusion we added says so in its ``source`` (and in the score line's note); ``Config.filled_rows=False``
scores with 《常用麻将算番规则表》's rows only.

How a win is scored: every reading of the hand (decomposition) is tried, every row that applies is counted once,
rows excluded by a counted row (不算) are dropped, the values are added up, and the best reading is kept
(the spec: "the table reads like an additive list (values sum, 不算 exclusions as in GB)").  Payment (not in the
seed): on a discard the discarder pays the total × ``base``; on a self-draw each other player does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import N_SEATS, RuleSet, ScoreItem, ScoreResult, WinContext, zero_sum_payments
from mahjong.hand import Hand, MeldKind
from mahjong.rules import HandRules
from mahjong.tiles import is_dragon, is_honor, is_terminal_or_honor, is_wind, rank_of, suit_of
from mahjong.types import Decomposition, Form

__all__ = ["CommonConfig", "CommonContext", "CommonTable", "Row", "ROWS", "COMMON_SHAPES", "HandView", "view_of"]

#: The shapes the common table scores: regular hands, 七对 (a quad counts as two pairs), 十三幺 and 十三不靠.
COMMON_SHAPES = HandRules(knitted=True)

SEED = "《常用麻将算番规则表》"
FILLED = "not in the published table: the Guobiao value, common practice"
IMPLIED = "an exclusion the row implies (it contains the other)"


@dataclass(frozen=True)
class CommonConfig:
    """Options of the common fan table.

    base: points per fan paid by each payer. Default 1 — source: not in 《常用麻将算番规则表》 (no payment rule); our choice.
    filled_rows: count the rows 《常用麻将算番规则表》 names in its 不算 column but its published copy, which ends at 五门齐, does not list (断幺 2, 五将 1, 缺字 1,
        缺门 1, 单调 1, 门清 2, 自摸 1, 平胡 2; values from Guobiao). Default True — source: the
        table's own 不算 column names them; values: common practice (Guobiao).
    qiong_hu_ignores_filled: 穷胡 (7) counts when no row of 《常用麻将算番规则表》's own table applies, even if the added rows
        (门清, 自摸 …) do; False = only when no row at all applies (the literal "算不出一番牌来"). Default True —
        source: our choice (otherwise a plain concealed hand would score 门清 2 instead of 穷胡 7).
    max_fan: cap on the fan total; None = no cap. Default None — source: 《常用麻将算番规则表》 states none.
    discard_all_pay: on a discard every other player pays the total, not only the discarder. Default False —
        source: our choice (usual practice: 点炮 pays).
    """

    base: int = 1
    filled_rows: bool = True
    qiong_hu_ignores_filled: bool = True
    max_fan: int | None = None
    discard_all_pay: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.base, int) or isinstance(self.base, bool) or self.base < 1:
            raise RulesError(f"common option base must be a positive int, got {self.base!r}")
        if self.max_fan is not None and (not isinstance(self.max_fan, int) or self.max_fan < 1):
            raise RulesError(f"common option max_fan must be None or a positive int, got {self.max_fan!r}")
        for name in ("filled_rows", "qiong_hu_ignores_filled", "discard_all_pay"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"common option {name} must be true or false, got {getattr(self, name)!r}")


@dataclass(frozen=True)
class CommonContext(WinContext):
    """Common-table win facts beyond :class:`WinContext`.

    Attributes:
        kou_ting: 扣听 — declared ready right at the start (on the dealer's first discard) and never changed.
    """

    kou_ting: bool = False



# --- what a row looks at ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandView:
    """A winning hand under one reading (concealed decomposition + declared melds) and its win facts."""

    hand: Hand
    reading: Decomposition
    ctx: WinContext
    #: every set as (kind, first tile, concealed); kind "seq" / "trip" ("trip" includes kongs)
    sets: tuple[tuple[str, int, bool], ...]
    pair: int | None
    counts: tuple[int, ...]
    single_wait: bool

    @property
    def form(self) -> Form:
        return self.reading.form

    @property
    def regular(self) -> bool:
        return self.reading.form is Form.REGULAR

    def tiles(self) -> list[int]:
        return [t for t in range(34) if self.counts[t]]

    @property
    def suits(self) -> frozenset[int]:
        return frozenset(suit_of(t) for t in self.tiles() if t < 27)

    @property
    def has_honors(self) -> bool:
        return any(is_honor(t) for t in self.tiles())

    def trips(self) -> list[int]:
        return [t for k, t, _ in self.sets if k == "trip"]

    def seqs(self) -> list[int]:
        return [t for k, t, _ in self.sets if k == "seq"]

    def groups(self) -> list[tuple[int, ...]]:
        """Every set and the pair as tiles."""
        out: list[tuple[int, ...]] = [(t, t, t) if k == "trip" else (t, t + 1, t + 2) for k, t, _ in self.sets]
        if self.pair is not None:
            out.append((self.pair, self.pair))
        return out


def view_of(hand: Hand, d: Decomposition, ctx: WinContext) -> HandView:
    """Build the view of one reading.  A triplet completed by a discard is not concealed, unless the winning
    tile can be read into another group of the same reading (GB practice)."""
    win = hand.win_tile
    sets: list[tuple[str, int, bool]] = []
    for m in hand.melds:
        kind = "seq" if m.kind is MeldKind.CHOW else "trip"
        sets.append((kind, m.tile, m.kind is MeldKind.CONCEALED_KONG))
    in_other = win is not None and (
        any(win in (a, b, c) and not a == b == c for a, b, c in d.melds)
        or (d.form is Form.REGULAR and bool(d.pairs) and d.pairs[0] == win)
    )
    for a, b, c in d.melds:
        if a == b == c:
            concealed = ctx.self_drawn or a != win or in_other
            sets.append(("trip", a, concealed))
        else:
            sets.append(("seq", a, True))
    pair = d.pairs[0] if d.form is Form.REGULAR else None
    single = False
    if win is not None and d.form is Form.REGULAR and pair == win:
        rest = list(hand.concealed)
        rest.remove(win)
        single = K.waits(rest, 0, COMMON_SHAPES).tiles == (win,)
    return HandView(hand, d, ctx, tuple(sets), pair, tuple(hand.all_counts), single)


# --- the rows --------------------------------------------------------------------------------------------------


def _tian_hu(v: HandView) -> bool:
    return v.ctx.heavenly


def _di_hu(v: HandView) -> bool:
    return v.ctx.earthly


def _shi_san_yao(v: HandView) -> bool:
    return v.form is Form.THIRTEEN_ORPHANS


def _quan_feng_qi_dui(v: HandView) -> bool:
    return v.form is Form.SEVEN_PAIRS and all(is_honor(t) for t in v.tiles())


def _quan_feng_dui_dui_hu(v: HandView) -> bool:
    return v.regular and not v.seqs() and all(is_honor(t) for t in v.tiles())


def _kou_ting(v: HandView) -> bool:
    return bool(getattr(v.ctx, "kou_ting", False))


def _da_si_xi(v: HandView) -> bool:
    return sum(1 for t in v.trips() if is_wind(t)) == 4


def _da_san_yuan(v: HandView) -> bool:
    return sum(1 for t in v.trips() if is_dragon(t)) == 3


def _xiao_si_xi(v: HandView) -> bool:
    return sum(1 for t in v.trips() if is_wind(t)) == 3 and v.pair is not None and is_wind(v.pair)


def _shi_san_bu_kao(v: HandView) -> bool:
    return v.form is Form.HONORS_AND_KNITTED


def _xiao_san_yuan(v: HandView) -> bool:
    return sum(1 for t in v.trips() if is_dragon(t)) == 2 and v.pair is not None and is_dragon(v.pair)


def _qing_yi_se(v: HandView) -> bool:
    return len(v.suits) == 1 and not v.has_honors


def _quan_dai_wu(v: HandView) -> bool:
    return v.regular and all(any(t < 27 and rank_of(t) == 5 for t in g) for g in v.groups())


def _qi_dui(v: HandView) -> bool:
    return v.form is Form.SEVEN_PAIRS


def _san_jie_mei(v: HandView) -> bool:
    seqs = v.seqs()
    return any(seqs.count(t) >= 3 for t in set(seqs))


def _san_xiang_ci(v: HandView) -> bool:
    return sum(1 for k, _, concealed in v.sets if k == "trip" and concealed) >= 3


def _yi_tiao_long(v: HandView) -> bool:
    seqs = set(v.seqs())
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= seqs for s in range(3))


def _hun_yi_se(v: HandView) -> bool:
    return len(v.suits) == 1 and v.has_honors


def _concealed(v: HandView) -> bool:
    """门清: nothing claimed from others (a concealed kong keeps the hand concealed)."""
    return v.hand.is_concealed


def _bu_qiu_ren(v: HandView) -> bool:
    return _concealed(v) and v.ctx.self_drawn


def _dui_dui_hu(v: HandView) -> bool:
    return v.regular and not v.seqs()


def _xiao_yu_wu(v: HandView) -> bool:
    return not v.has_honors and all(rank_of(t) < 5 for t in v.tiles())


def _da_yu_wu(v: HandView) -> bool:
    return not v.has_honors and all(rank_of(t) > 5 for t in v.tiles())


def _xi_xiang_feng(v: HandView) -> bool:
    for kind in ("seq", "trip"):
        firsts = {(suit_of(t), rank_of(t)) for k, t, _ in v.sets if k == kind and t < 27}
        if any(all((s, r) in firsts for s in range(3)) for r in range(1, 10)):
            return True
    return False


def _quan_dai_yao(v: HandView) -> bool:
    return v.regular and all(any(is_terminal_or_honor(t) for t in g) for g in v.groups())


def _wu_men_qi(v: HandView) -> bool:
    tiles = v.tiles()
    return len(v.suits) == 3 and any(is_wind(t) for t in tiles) and any(is_dragon(t) for t in tiles)


def _duan_yao(v: HandView) -> bool:
    return not any(is_terminal_or_honor(t) for t in v.tiles())


def _wu_jiang(v: HandView) -> bool:
    return v.pair is not None and v.pair < 27 and rank_of(v.pair) == 5


def _que_zi(v: HandView) -> bool:
    return not v.has_honors


def _que_men(v: HandView) -> bool:
    return len(v.suits) == 2


def _dan_diao(v: HandView) -> bool:
    return v.single_wait


def _zi_mo(v: HandView) -> bool:
    return v.ctx.self_drawn


def _ping_hu(v: HandView) -> bool:
    return v.regular and not v.trips() and v.pair is not None and v.pair < 27


@dataclass(frozen=True)
class Row:
    """One row of the table: its value, the rows it is not counted with (不算), the rule text, the source.

    ``excludes`` are 《常用麻将算番规则表》's own 不算; ``implied`` are exclusions we add because the row contains the other
    (e.g. 全风七对 is a 七对) — marked as ours.
    """

    key: str
    name_zh: str
    name_en: str
    fan: int
    test: Callable[[HandView], bool]
    text: str
    excludes: tuple[str, ...] = ()
    implied: tuple[str, ...] = ()
    source: str = SEED

    @property
    def filled(self) -> bool:
        return self.source == FILLED


#: The table in 《常用麻将算番规则表》's order (largest first), then the filled rows.
ROWS: tuple[Row, ...] = (
    Row("tian_hu", "天胡", "Heavenly hand", 30, _tian_hu, "庄家起牌即胡 (晴天雪雳)", ("bu_qiu_ren",),
        ("men_qing", "zi_mo")),
    Row("di_hu", "地胡", "Earthly hand", 30, _di_hu, "庄打一张非庄即胡 (落地开花)", ("men_qing",)),
    Row("shi_san_yao", "十三幺", "Thirteen orphans", 30, _shi_san_yao, "一九(万条饼)、东南西北中发白各一张，将从中任选",
        (), ("wu_men_qi", "quan_dai_yao", "men_qing", "dan_diao")),
    Row("quan_feng_qi_dui", "全风七对", "All-honor seven pairs", 30, _quan_feng_qi_dui, "全是箭、风的七对",
        ("bu_qiu_ren", "men_qing", "que_men", "dan_diao", "quan_dai_yao"), ("qi_dui",)),
    Row("quan_feng_dui_dui_hu", "全风对对胡", "All-honor all pungs", 25, _quan_feng_dui_dui_hu,
        "全是箭、风的对子碰 (全风碰碰胡); 四喜、三元另加番", (), ("dui_dui_hu", "quan_dai_yao", "que_men")),
    Row("kou_ting", "扣听", "Locked ready from the start", 25, _kou_ting,
        "庄打一张报听，或庄打一张时非庄未胡报听，以后不能再换牌", ("men_qing",)),
    Row("da_si_xi", "大四喜", "Big four winds", 25, _da_si_xi, "东、南、西、北风各三张; 全风、混一色另加番",
        ("dui_dui_hu",)),
    Row("da_san_yuan", "大三元", "Big three dragons", 20, _da_san_yuan, "中、发、白各三张"),
    Row("xiao_si_xi", "小四喜", "Little four winds", 20, _xiao_si_xi, "东、南、西、北风三、三、三、二; 其它番另算"),
    Row("shi_san_bu_kao", "十三不靠", "Knitted and honors", 15, _shi_san_bu_kao,
        "万、条、饼147、258、369凑齐，以字作将", ("bu_qiu_ren", "men_qing")),
    Row("xiao_san_yuan", "小三元", "Little three dragons", 15, _xiao_san_yuan, "中、发、白三、三、二"),
    Row("qing_yi_se", "清一色", "Full flush", 15, _qing_yi_se, "万、条、饼其中一门牌的句或碰(坎)", (),
        ("que_men", "que_zi")),
    Row("quan_dai_wu", "全带五", "Fives in every set", 15, _quan_dai_wu, "万、条、饼的句或碰(坎)中带有五",
        ("duan_yao", "wu_jiang", "que_zi")),
    Row("qi_dui", "七对", "Seven pairs", 10, _qi_dui, "五(万)、条、饼、箭、风均可，够七对即胡", (),
        ("men_qing", "dan_diao")),
    Row("san_jie_mei", "三姐妹", "Three sisters", 10, _san_jie_mei, "万、条、饼其中一门牌三副同点的句"),
    Row("san_xiang_ci", "三箱次", "Three concealed pungs", 10, _san_xiang_ci, "自摸三副坎。暗扛算暗坎"),
    Row("yi_tiao_long", "一条龙", "Pure straight", 8, _yi_tiao_long, "万、条、饼其中一门牌的句从一到九 (一条清龙)"),
    Row("hun_yi_se", "混一色", "Half flush", 8, _hun_yi_se, "万、条、饼其中一门牌的句或碰(坎)，加箭、风", (),
        ("que_men",)),
    Row("bu_qiu_ren", "不求人", "Concealed self-draw", 7, _bu_qiu_ren, "门清自摸胡牌", (), ("men_qing", "zi_mo")),
    Row("dui_dui_hu", "对对胡", "All pungs", 7, _dui_dui_hu, "碰碰胡"),
    Row("xiao_yu_wu", "小于五", "All below five", 7, _xiao_yu_wu, "全小于五(不含五)的句或碰(坎)", ("que_zi",)),
    Row("da_yu_wu", "大于五", "All above five", 7, _da_yu_wu, "全大于五(不含五)的句或碰(坎)", ("que_zi",)),
    Row("qiong_hu", "穷胡", "Chicken hand", 7, lambda v: False, "胡牌后算不出一番牌来"),
    Row("xi_xiang_feng", "喜相逢", "Mixed triple", 5, _xi_xiang_feng, "万、条、饼三门牌同点的句或碰(坎)各一副"),
    Row("quan_dai_yao", "全带幺", "Terminals or honors in every set", 5, _quan_dai_yao,
        "万条饼带一、九的句或碰(坎)，加箭、风。全是碰(坎)即全幺九"),
    Row("wu_men_qi", "五门齐", "All five families", 5, _wu_men_qi, "万、条、饼、箭、风五门都有的句或碰(坎) (五门全)"),
    # --- rows 《常用麻将算番规则表》 names in its 不算 notes but its truncated table does not show (filled, marked) ---
    Row("duan_yao", "断幺", "All simples", 2, _duan_yao, "no 1, 9 or honor (国标 断幺 2)", (), ("que_zi",), FILLED),
    Row("men_qing", "门清", "Concealed hand", 2, _concealed, "nothing claimed; 暗杠 keeps it (国标 门前清 2)",
        source=FILLED),
    Row("ping_hu", "平胡", "All runs", 2, _ping_hu, "four runs and a pair of suited tiles (国标 平和 2)", (),
        ("que_zi",), FILLED),
    Row("wu_jiang", "五将", "Pair of fives", 1, _wu_jiang, "the pair is a 5 (no 国标 row: the smallest unit)",
        source=FILLED),
    Row("que_zi", "缺字", "No honors", 1, _que_zi, "no wind or dragon (国标 无字 1)", source=FILLED),
    Row("que_men", "缺门", "One suit missing", 1, _que_men, "one of 万条饼 missing (国标 缺一门 1)", source=FILLED),
    Row("dan_diao", "单调", "Single wait", 1, _dan_diao, "won on the only tile that completes the pair "
        "(国标 单钓将 1)", source=FILLED),
    Row("zi_mo", "自摸", "Self-draw", 1, _zi_mo, "self-drawn win (国标 自摸 1)", source=FILLED),
)
_ROW = {r.key: r for r in ROWS}


class CommonTable(RuleSet[CommonConfig]):
    """The common fan table (常用麻将算番规则表): see the module docstring."""

    name = "common"
    title = "常用麻将算番规则表 (Common fan table)"
    summary = "Common fan table: additive fans with 不算 exclusions (天胡 30 … 五门齐 5; missing rows filled)"
    Config = CommonConfig
    Context = CommonContext
    rows: tuple[Row, ...] = ROWS

    @property
    def hand_rules(self) -> HandRules:
        return COMMON_SHAPES

    @property
    def cfg(self) -> CommonConfig:
        return self.config

    def check_hand(self, hand: Hand) -> None:
        """Raise unless the hand fits the table's tile set (136 tiles, no flowers) and size."""
        if hand.flowers:
            raise HandError("the common fan table has no flower fans: flowers are not part of its 136-tile set")
        hand.check_size(13, complete=True)

    def readings(self, hand: Hand) -> list[Decomposition]:
        """The readings the table scores (组合龙, a Guobiao-only shape, is not a win here)."""
        out = [d for d in K.decompositions(hand.concealed, 0, COMMON_SHAPES) if d.form is not Form.KNITTED_STRAIGHT]
        if not out:
            raise NotWinningError(
                f"{hand} is not a winning hand under the common fan table: it needs four sets and a pair, "
                "七对, 十三幺 or 十三不靠"
            )
        return out

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx_cls = self.Context
        if context is None:
            ctx: WinContext = ctx_cls()
        elif isinstance(context, ctx_cls):
            ctx = context
        else:
            ctx = ctx_cls(**{f.name: getattr(context, f.name) for f in fields(WinContext)})
        if ctx.heavenly and (not ctx.winner_is_dealer or not ctx.self_drawn or hand.melds):
            raise ContextError("天胡 is the dealer's self-drawn win on the dealt tiles (no melds)")
        if ctx.earthly and (ctx.winner_is_dealer or hand.melds):
            raise ContextError("地胡 is a non-dealer's win on the dealer's first discard (no melds)")
        if ctx.kong_replacement and not any(m.is_kong for m in hand.melds):
            raise ContextError("杠上开花 (kong_replacement) needs a declared kong in the hand")
        if getattr(ctx, "kou_ting", False) and not hand.is_concealed:
            raise ContextError("扣听 locks the hand from the start: it cannot hold claimed melds")
        return ctx

    def count_rows(self, v: HandView) -> list[Row]:
        """The rows counted for one reading: applicable rows minus the ones a counted row excludes."""
        active = [r for r in self.rows if (self.cfg.filled_rows or not r.filled) and r.test(v)]
        excluded: set[str] = set()
        for r in active:
            excluded.update(r.excludes)
            excluded.update(r.implied)
        counted = [r for r in active if r.key not in excluded]
        seed_rows = [r for r in counted if not r.filled]
        if not seed_rows if self.cfg.qiong_hu_ignores_filled else not counted:
            counted.insert(0, _ROW["qiong_hu"])
        return counted

    def items_for(self, rows: list[Row], v: HandView) -> list[ScoreItem]:
        items = []
        for r in rows:
            name = r.name_zh
            if r.key == "quan_dai_yao" and not v.seqs():
                name = "全幺九"  # 《常用麻将算番规则表》: 全是碰(坎)即全幺九 — the same row under its other name
            note = r.text if r.source == SEED else f"{r.text} — {r.source}"
            items.append(ScoreItem(r.key, name, r.name_en, r.fan, note=note))
        return items

    def extra_items(self, hand: Hand, ctx: WinContext) -> list[ScoreItem]:
        """Items outside the table (rule sets built on it add theirs here)."""
        return []

    def cap(self) -> int | None:
        return self.cfg.max_fan

    def payers(self, ctx: WinContext) -> list[int]:
        others = [s for s in range(N_SEATS) if s != ctx.winner]
        if ctx.discarder is None:
            return others  # a self-draw: everyone else pays
        return others if self.cfg.discard_all_pay else [ctx.discarder]

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a winning hand: the best reading's fan total (``total``, unit ``"fan"``, capped at ``max_fan``).

        Raises :class:`NotWinningError` naming the shapes the table accepts.
        """
        h = self._hand(hand)
        self.check_hand(h)
        ctx = self.context(h, context)
        extra = self.extra_items(h, ctx)
        best: tuple[int, list[ScoreItem], Decomposition, HandView] | None = None
        for d in self.readings(h):
            v = view_of(h, d, ctx)
            items = self.items_for(self.count_rows(v), v) + extra
            total = sum(i.points for i in items)
            if best is None or total > best[0]:
                best = (total, items, d, v)
        assert best is not None
        total, items, reading, v = best
        cap = self.cap()
        capped = total if cap is None else min(total, cap)
        points = capped * self.cfg.base
        payments = zero_sum_payments(ctx.winner, {p: points for p in self.payers(ctx)})
        details: dict[str, Any] = {"fan": total, "capped_fan": capped, "points_per_payer": points}
        wait = "single" if v.single_wait else None
        return ScoreResult(self.name, tuple(items), capped, "fan", reading, wait, True, payments, None, details)


def row(key: str) -> Row:
    """A row of the table by key."""
    try:
        return _ROW[key]
    except KeyError:
        raise RulesError(f"no row {key!r} in the common fan table") from None

