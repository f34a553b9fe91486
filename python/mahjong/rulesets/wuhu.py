"""Wuhu 芜湖麻将: the 2468 and 1234 ("315") scoring formulas.

Source: 《芜湖麻将2468算法》 ("芜湖麻将2468算法", "1234算法", "芜湖麻将315算法表格图", "芜湖麻将2468计算表", "芜湖麻将支数计算表",
"2020年芜湖麻将2468计算表") and the Wuhu scoring pages and apps named on each option.

Terms:

* 支 / 支数: the number of tiles of the winner's largest suit (筒 / 条 / 万; honors are no suit).  A win needs
  at least 8 ("8支起胡").
* 押 / 押当: a "pressed" win worth 押 = 2..8 extra 支.  《芜湖麻将2468算法》s never say which waits press or by how much, so the
  caller may pass 押 directly (``WuhuContext.ya``); otherwise it is derived from the wait (see ``derive_ya``).
* 平成: a win on a discard; 自摸: a self-draw.  萝卜: a win with no 押.
* 头家: the dealer; every amount has a second, dealer-side value ("6个8个", printed ``6(+2)`` or ``3（4）``).
* 嘴子: bonus patterns (四活 / 四核, 通天, 对对胡, 混一色); 杠后开花 counts as one too.

Each rule is a formula with one rounding (《芜湖麻将2468算法》):

==============  ==========  =========================================  ===============================
rule            番 (平成 / 押当 / 自摸 / 自摸押当)   支番                                       rounding
==============  ==========  =========================================  ===============================
2468            2 / 4 / 6 / 8     discard: (支 + 押) ÷ 2; self-draw: 支 + 押      ÷ 2 half up (9 ÷ 2 → 5)
1234 ("315")    1 / 2 / 3 / 4     discard: (支 + 押) × 2 ÷ 10; self-draw × 4 ÷ 10  product to the nearest 10
==============  ==========  =========================================  ===============================

amount = 支番 + 番 + kongs + 嘴子; dealer-side amount = amount + 番 ("头家加上成牌的番数").
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from mahjong._kernels import backend_module as _K
from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import N_SEATS, RuleSet, ScoreItem, ScoreResult, WinContext
from mahjong.hand import Hand, MeldKind
from mahjong.rulebook.expr import parse
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.predicates import row_times
from mahjong.rulebook.reading import Reading, build_reading
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import apply_exclusions
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config, item
from mahjong.tiles import is_honor, rank_of
from mahjong.types import Decomposition, Form

__all__ = [
    "WuhuContext",
    "Wuhu2468Config",
    "Wuhu1234Config",
    "Wuhu2468",
    "Wuhu1234",
    "WinType",
    "Formula",
    "FORMULA_2468",
    "FORMULA_1234",
    "zhi_fan",
    "amounts",
]

VALID_YA = (0, 2, 3, 4, 5, 6, 7, 8)  #: 押 values 《芜湖麻将2468算法》s print (0 = no 押, 萝卜)


# --- the formulas -------------------------------------------------------------------------------------


class WinType:
    """The four ways a hand is won (成牌的方式); they key the 番 table."""

    PINGCHENG = "pingcheng"  #: 平成 — on a discard, no 押
    YADANG = "yadang"  #: 押当 — on a discard, with 押
    ZIMO = "zimo"  #: 自摸 — self-drawn, no 押
    ZIMO_YADANG = "zimo_yadang"  #: 自摸押当 — self-drawn, with 押

    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        PINGCHENG: ("平成", "win on a discard"),
        YADANG: ("押当", "pressed win on a discard"),
        ZIMO: ("自摸", "self-draw"),
        ZIMO_YADANG: ("自摸押当", "pressed self-draw"),
    }

    @staticmethod
    def of(self_drawn: bool, ya: int) -> str:
        if self_drawn:
            return WinType.ZIMO_YADANG if ya else WinType.ZIMO
        return WinType.YADANG if ya else WinType.PINGCHENG


@dataclass(frozen=True)
class Formula:
    """One Wuhu rule as data.

    ``fan``: 番 per win type.  ``discard`` / ``self_draw``: 支番 = round_half_up((支 + 押) × num ÷ den).
    Rounding the quotient half up is the same as the 1234 rule's "round the product to the nearest 10, then
    ÷ 10" (the product (支 + 押) × 2 or × 4 is even, so it never ends in 5 and "nearest" is never a tie).
    """

    name: str
    fan: dict[str, int]
    discard: tuple[int, int]
    self_draw: tuple[int, int]


#: 2468算法 一 (番), 二 (平成 / 押当 支番 ÷ 2, 四舍五入), 三 (自摸 支番 = 支 (+ 押)).
FORMULA_2468 = Formula(
    "2468",
    {WinType.PINGCHENG: 2, WinType.YADANG: 4, WinType.ZIMO: 6, WinType.ZIMO_YADANG: 8},
    discard=(1, 2),
    self_draw=(1, 1),
)
#: 1234算法 一 (番), 二 (平成 / 押当 × 2 ÷ 10, 四舍五入), 三 (自摸 / 自摸押当 × 4 ÷ 10).
FORMULA_1234 = Formula(
    "1234",
    {WinType.PINGCHENG: 1, WinType.YADANG: 2, WinType.ZIMO: 3, WinType.ZIMO_YADANG: 4},
    discard=(2, 10),
    self_draw=(4, 10),
)


def _round_half_up(num: int, den: int) -> int:
    return (2 * num + den) // (2 * den)


def zhi_fan(formula: Formula, zhi: int, ya: int, self_drawn: bool) -> int:
    """支番 of a win: (支 + 押) scaled by the formula and rounded as the rule says."""
    num, den = formula.self_draw if self_drawn else formula.discard
    return _round_half_up((zhi + ya) * num, den)


def amounts(formula: Formula, zhi: int, ya: int, self_drawn: bool, extras: int = 0) -> tuple[int, int]:
    """(amount, dealer-side amount) = (支番 + 番 + extras, that + 番) — the two numbers every table prints."""
    fan = formula.fan[WinType.of(self_drawn, ya)]
    amount = zhi_fan(formula, zhi, ya, self_drawn) + fan + extras
    return amount, amount + fan


# --- configuration ----------------------------------------------------------------------------------


_SRC = "《芜湖麻将2468算法》"


@dataclass(frozen=True)
class _WuhuConfig(ValidatedConfig):
    owner = "wuhu"

    min_zhi: int = option(8, minimum=0, zh="起胡支数", en="the fewest tiles of one suit a win needs (8支起胡); a hand "
                          "below it scores valid=False and moves no money", source=_SRC)
    kong_counts_four: bool = option(True, zh="杠算四支", en="a kong adds all four of its tiles to 支数; False counts a "
                                    "kong as three", source="none (支数 = tiles of the largest suit; a kong is four tiles)")
    ming_gang: int = option(2, minimum=0, zh="明杠加", en="added for each 明杠 (melded or added kong)",
                            source=f"{_SRC} (明杠加2个)")
    an_gang: int = option(4, minimum=0, zh="暗杠加", en="added for each 暗杠 (concealed kong)",
                          source=f"{_SRC} (暗杠加4个)")
    zuizi: int = option(5, minimum=0, zh="嘴子", en="added for each 嘴子 (四活 / 四核 per tile, 通天, 对对胡, 混一色), "
                        "doubled on a self-draw (自摸仅四活等嘴子翻倍)", source=f"{_SRC} 2468算法 (四活等嘴子加5个)")
    kong_bloom: int = option(5, minimum=0, zh="杠后开花", en="added for 杠后开花 (a 嘴子 that is not doubled; the kong "
                             "itself is counted as a kong)", source="the 525 ≡ 2468 app: 杠后开花 5, not doubled")
    full_flush_zuizi: int = option(0, minimum=0, zh="清一色嘴子", en="added for 清一色 (doubled on a self-draw like a "
                                   "嘴子); 0 = not a 嘴子", source="only yaepu.cn lists 清一色, as a larger 嘴子; the "
                                   "published tables do not")
    derive_ya: bool = option(True, zh="由听牌推押", en="when the win facts do not give 押, derive it from the wait of "
                             "the best reading: a closed wait gives 押 = the rank of the winning tile (2..8); otherwise "
                             "no 押. False = no 押 unless the win facts give it",
                             source="none (which waits press, and by how much, is unstated); ours")
    ya_from_edge: bool = option(False, zh="边张也押", en="with derive_ya, an edge wait (12 → 3, 89 → 7) presses too, "
                                "押 = the winning rank", source="none; ours")
    ya_from_single: bool = option(False, zh="单吊也押", en="with derive_ya, a single wait (单吊) on a 2..8 presses too, "
                                  "押 = its rank", source="none (丫单 = 一单 as a possible reading)")
    seven_pairs: bool = option(False, zh="七对可胡", en="七对 is a winning hand",
                               source="none (not in the published rules)")
    non_dealer_win_payers: Literal["all", "dealer"] = option(
        "all", zh="闲家胡牌谁付", en="when a non-dealer wins: all = the dealer pays the dealer-side amount and the "
        "other two the amount; dealer = only the dealer pays (the dealer-side amount). A dealer win is paid by all "
        "three, the dealer-side amount each", source="vicwinlarry app (all); oryoy.com: 由头家支付 (dealer)")


_1234 = f"{_SRC} 315 table note"


@dataclass(frozen=True)
class Wuhu2468Config(_WuhuConfig):
    pass


@dataclass(frozen=True)
class Wuhu1234Config(_WuhuConfig):
    ming_gang: int = option(1, minimum=0, zh="明杠加", en="added for each 明杠 (melded or added kong)",
                            source=f"{_SRC} 1234算法 (明杠加1个)")
    an_gang: int = option(2, minimum=0, zh="暗杠加", en="added for each 暗杠 (concealed kong)",
                          source=f"{_SRC} 1234算法 (暗杠加2个)")
    zuizi: int = option(2, minimum=0, zh="嘴子", en="added for each 嘴子 (四活 / 四核 per tile, 通天, 对对胡, 混一色), "
                        "doubled on a self-draw; the 1234 text says 四活等嘴子加4个 (set 4 for that reading)",
                        source=f"{_1234} (通天、四核、对对胡为嘴子，平成+2，自摸+4)")
    kong_bloom: int = option(3, minimum=0, zh="杠后开花", en="added for 杠后开花 (a 嘴子 that is not doubled; the kong "
                             "itself is counted as a kong)",
                             source=f"{_1234} (杠后开花也算嘴子，明杠+4，暗杆+5（已包括杠）: 4 − 1 = 5 − 2 = 3)")


document_config(Wuhu2468Config, "Wuhu 芜湖 2468 house rules.")
document_config(Wuhu1234Config, "Wuhu 芜湖 1234 house rules.")


@dataclass(frozen=True)
class WuhuContext(WinContext):
    """Win facts for Wuhu beyond :class:`WinContext`.

    Attributes:
        ya: 押 of this win, 2..8, or 0 for none (萝卜); ``None`` = derive it from the hand (``derive_ya``).
    """

    ya: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.ya is not None and (isinstance(self.ya, bool) or self.ya not in VALID_YA):
            raise ContextError(f"ya (押) must be 0 or 2..8, got {self.ya!r}")



# --- 嘴子 as data ---------------------------------------------------------------------------------------

_ZUIZI_SOURCE = "《芜湖麻将2468算法》"

#: The 嘴子 rows (one 嘴子 each time a row counts; its points are the ``zuizi`` option, doubled on a self-draw) —
#: 对对胡 does not combine with 通天 or 四核.  清一色 is a 嘴子 only with ``full_flush_zuizi`` (worth that).
ZUIZI: tuple[RuleRow, ...] = (
    RuleRow.of("four_alive", "四活", "all four copies of a tile (not a kong)", 1, "four_alive > 0",
               count=parse("four_alive"), unit="pt", text="四活 / 四核: 111m + 123m is 一万四活", source=_ZUIZI_SOURCE),
    RuleRow.of("straight", "通天", "pure straight 1-9", 1, "pure_straight", unit="pt", text="123 456 789 of one suit",
               source=_ZUIZI_SOURCE),
    RuleRow.of("all_pungs", "对对胡", "all pungs", 1, "all_pungs", unit="pt", excludes=("straight", "four_alive"),
               text="no chow", source=_ZUIZI_SOURCE),
    RuleRow.of("half_flush", "混一色", "one suit and honors", 1, "one_suit_with_honors", unit="pt",
               text="one suit plus honors", source=_ZUIZI_SOURCE),
)
FULL_FLUSH = RuleRow.of("full_flush", "清一色", "full flush", 1, "one_suit", unit="pt", text="嘴子",
                        option="full_flush_zuizi", source="yaepu.cn (the published tables do not list it)")


# --- the rule set -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Candidate:
    amount: int
    dealer_amount: int
    items: tuple[ScoreItem, ...]
    reading: Decomposition
    wait: str | None
    ya: int


class _Wuhu(RuleSet[Any]):
    formula: ClassVar[Formula]
    Context: ClassVar[type[WinContext]] = WuhuContext

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        return HandRules(seven_pairs=self.config.seven_pairs, thirteen_orphans=False, max_wildcards=0)

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        cfg = self.config
        ctx = _wuhu_context(context)
        h = self._hand(hand)
        h.check_size(13, complete=True)
        if h.flowers:
            raise HandError("Wuhu is played without flowers (108 tiles + winds); remove f1..f8")
        if ctx.kong_replacement and not any(m.is_kong for m in h.melds):
            raise ContextError("杠后开花 (kong_replacement) needs a kong in the hand")
        derive = ctx.ya is None and cfg.derive_ya
        if derive and h.win_tile is None:
            raise HandError("deriving 押 needs the winning tile (write it last, or pass ya=…)")
        readings = _K.decompositions(bytes(h.counts), 0, self.hand_rules)
        if not readings:
            raise NotWinningError("not a win: the concealed tiles do not form sets and a pair")

        all_counts = h.all_counts
        per_suit = [0, 0, 0]
        for t in range(27):
            per_suit[t // 9] += all_counts[t]
        if not cfg.kong_counts_four:
            for m in h.melds:
                if m.is_kong and m.tile < 27:
                    per_suit[m.tile // 9] -= 1
        zhi = max(per_suit)

        best: _Candidate | None = None
        for reading in readings:
            for cand in self._candidates(h, reading, zhi, ctx, derive):
                if best is None or (cand.amount, cand.dealer_amount) > (best.amount, best.dealer_amount):
                    best = cand
        assert best is not None
        valid = zhi >= cfg.min_zhi
        payments = self._payments(best, ctx) if valid else (0,) * N_SEATS
        return ScoreResult(
            ruleset=self.name,
            items=best.items,
            total=best.amount,
            unit="pt",
            reading=best.reading,
            wait=best.wait,
            valid=valid,
            payments=payments,
            invalid_reason=None if valid else f"{zhi} 支: a win needs at least {cfg.min_zhi} tiles of one suit",
            details={
                "zhi": zhi,
                "ya": best.ya,
                "win_type": WinType.of(ctx.self_drawn, best.ya),
                "amount": best.amount,
                "dealer_amount": best.dealer_amount,
            },
        )

    def _candidates(
        self, h: Hand, reading: Decomposition, zhi: int, ctx: WuhuContext, derive: bool
    ) -> list[_Candidate]:
        v = build_reading(h, reading, ctx, self.hand_rules)
        options: list[tuple[int, str | None]] = []  # (押, wait)
        if derive:
            assert h.win_tile is not None
            for wait in _waits_in(reading, h.win_tile):
                options.append((self._ya_of(wait, h.win_tile), wait))
            if not options:  # (cannot happen: the winning tile is concealed, so some unit of the reading holds it)
                options.append((0, None))
        else:
            options.append((ctx.ya or 0, None))
        return [self._evaluate(v, reading, zhi, ya, wait, h, ctx) for ya, wait in options]

    def _ya_of(self, wait: str, win: int) -> int:
        cfg = self.config
        rank = rank_of(win) if not is_honor(win) else 0
        if wait == "closed" or (wait == "edge" and cfg.ya_from_edge) or (wait == "single" and cfg.ya_from_single):
            return rank if 2 <= rank <= 8 else 0
        return 0

    def _evaluate(
        self, v: Reading, reading: Decomposition, zhi: int, ya: int, wait: str | None, h: Hand, ctx: WuhuContext
    ) -> _Candidate:
        cfg = self.config
        f = self.formula
        win_type = WinType.of(ctx.self_drawn, ya)
        zf = zhi_fan(f, zhi, ya, ctx.self_drawn)
        fan = f.fan[win_type]
        zh, en = WinType.NAMES[win_type]
        items = [
            ScoreItem("zhi", "支番", "suit-tile points", zf, 1, "pt", f"{zhi}支" + (f" 押{ya}" if ya else "")),
            ScoreItem(win_type, zh, en, fan, 1, "pt", "头家 adds it again"),
        ]
        ming = sum(1 for m in h.melds if m.kind in (MeldKind.KONG, MeldKind.ADDED_KONG))
        an = sum(1 for m in h.melds if m.kind is MeldKind.CONCEALED_KONG)
        if ming:
            items.append(ScoreItem("ming_gang", "明杠", "melded kong", cfg.ming_gang, ming, "pt"))
        if an:
            items.append(ScoreItem("an_gang", "暗杠", "concealed kong", cfg.an_gang, an, "pt"))
        double = 2 if ctx.self_drawn else 1
        if cfg.zuizi:
            times = {r.key: n for r in ZUIZI if (n := row_times(r, v))}
            for r in apply_exclusions("simultaneous", [r for r in ZUIZI if r.key in times]):
                items.append(ScoreItem(r.key, r.name_zh, r.name_en, cfg.zuizi * double, times[r.key], "pt",
                                       "嘴子" + (" ×2 自摸" if double == 2 else "")))
        if cfg.full_flush_zuizi and row_times(FULL_FLUSH, v):
            items.append(item(FULL_FLUSH, cfg.full_flush_zuizi * double))
        if ctx.kong_replacement and cfg.kong_bloom:
            items.append(ScoreItem("kong_bloom", "杠后开花", "win on a kong replacement", cfg.kong_bloom, 1, "pt",
                                   "嘴子, not doubled"))
        amount = sum(i.points for i in items)
        return _Candidate(amount, amount + fan, tuple(items), reading, wait, ya)

    def _payments(self, best: _Candidate, ctx: WinContext) -> tuple[int, ...]:
        net = [0] * N_SEATS
        for p in range(N_SEATS):
            if p == ctx.winner:
                continue
            if ctx.winner == ctx.dealer or p == ctx.dealer:
                owed = best.dealer_amount
            elif self.config.non_dealer_win_payers == "all":
                owed = best.amount
            else:
                continue
            net[p] -= owed
            net[ctx.winner] += owed
        return tuple(net)


def _waits_in(reading: Decomposition, win: int) -> list[str]:
    """Every wait the winning tile can have in this reading (the unit it completes)."""
    out: list[str] = []
    if reading.form is not Form.REGULAR:
        return ["single"]
    for m in reading.melds:
        if win not in m:
            continue
        if m[0] == m[2]:
            out.append("dual-pung")
        elif win == m[1]:
            out.append("closed")
        elif (win == m[2] and rank_of(m[0]) == 1) or (win == m[0] and rank_of(m[2]) == 9):
            out.append("edge")
        else:
            out.append("two-sided")
    if reading.pairs and reading.pairs[0] == win:
        out.append("single")
    return out


def _wuhu_context(context: WinContext | None) -> WuhuContext:
    if context is None:
        return WuhuContext()
    if isinstance(context, WuhuContext):
        return context
    if type(context) is WinContext:
        return WuhuContext(**{f.name: getattr(context, f.name) for f in fields(WinContext)})
    raise ContextError(f"Wuhu needs a WuhuContext (or a plain WinContext), got {type(context).__name__}")


class Wuhu2468(_Wuhu):
    """芜湖 2468: 番 2 / 4 / 6 / 8, 支番 = (支 + 押) ÷ 2 on a discard, 支 + 押 on a self-draw (《芜湖麻将2468算法》)."""

    name: ClassVar[str] = "wuhu-2468"
    title: ClassVar[str] = "Wuhu 芜湖麻将 2468算法"
    summary: ClassVar[str] = "Wuhu 芜湖 2468: 支数 (≥ 8 of one suit) + 押 + 番 2/4/6/8, dealer-side amount"
    Config: ClassVar[type] = Wuhu2468Config
    formula: ClassVar[Formula] = FORMULA_2468


class Wuhu1234(_Wuhu):
    """芜湖 1234 ("315"): 番 1 / 2 / 3 / 4, 支番 = (支 + 押) × 2 or × 4, to the nearest 10, ÷ 10 (《芜湖麻将2468算法》)."""

    name: ClassVar[str] = "wuhu-1234"
    title: ClassVar[str] = "Wuhu 芜湖麻将 1234算法 (315)"
    summary: ClassVar[str] = "Wuhu 芜湖 1234 (315): 支数 (≥ 8 of one suit) + 押 ×2/×4 ÷10 + 番 1/2/3/4"
    Config: ClassVar[type] = Wuhu1234Config
    formula: ClassVar[Formula] = FORMULA_1234
