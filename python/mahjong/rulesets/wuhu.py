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

The tables are rule books, ``mahjong/rulebook/games/wuhu-2468.toml`` and ``wuhu-1234.toml``, and all of the
scoring is theirs: the 番 of each way of winning, the kongs, the 嘴子 with their self-drawn doubling, the 支番 line
by the formula (the row's value: (支 + 押) scaled and rounded), 押 from the wait (``[win] placements`` and
``press``: each place the winning tile can take, a closed wait pressing by its rank), the 8支 minimum
(``minimum_of``), the dealer-side payments (``dealer_bonus``: the 番 again, ``payer``: the dealer alone) and the
details (支, 押, the amount and the dealer-side amount) — so they compile like any rule file
(:mod:`mahjong.rulebook.compiler`) and score in C.  This module keeps the config's Python types, the win facts
(:class:`WuhuContext`), the hand checks' wording and the formulas as functions (:func:`zhi_fan`, :func:`amounts`:
the same numbers as the rows, ``tests/rulebook/test_wuhu_book.py`` checks it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from importlib import resources
from typing import Any, ClassVar, Literal

from mahjong.errors import ContextError, HandError
from mahjong.framework import WinContext
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import round_half_up
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config

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
    "BOOK_2468",
    "BOOK_1234",
    "ZUIZI",
    "FULL_FLUSH",
]

VALID_YA = (0, 2, 3, 4, 5, 6, 7, 8)  #: 押 values 《芜湖麻将2468算法》s print (0 = no 押, 萝卜)


def _book(name: str) -> RuleBook:
    return load_book(str(resources.files("mahjong.rulebook") / "games" / f"{name}.toml"))


#: the two tables as rule books (the one source of their rows, their 番 and their options' documentation)
BOOK_2468: RuleBook = _book("wuhu-2468")
BOOK_1234: RuleBook = _book("wuhu-1234")


_ROWS_2468 = {r.key: r for r in BOOK_2468.rows}
#: the 嘴子 rows (one 嘴子 each time a row counts; its points are the ``zuizi`` option, doubled on a self-draw) —
#: 对对胡 does not combine with 通天 or 四核.  清一色 is a 嘴子 only with ``full_flush_zuizi`` (worth that).
ZUIZI: tuple[RuleRow, ...] = tuple(_ROWS_2468[k] for k in ("tile_hog", "pure_straight", "all_pungs", "half_flush"))
FULL_FLUSH: RuleRow = _ROWS_2468["full_flush"]


# --- the formulas -------------------------------------------------------------------------------------


class WinType:
    """The four ways a hand is won (成牌的方式); they key the 番 table (the names of ``details["win_type"]``)."""

    PINGCHENG = "pingcheng"  #: 平成 — on a discard, no 押
    YADANG = "yadang"  #: 押当 — on a discard, with 押
    ZIMO = "zimo"  #: 自摸 — self-drawn, no 押
    ZIMO_YADANG = "zimo_yadang"  #: 自摸押当 — self-drawn, with 押

    #: the rule-book row of each way of winning
    ROW_KEYS: ClassVar[dict[str, str]] = {
        PINGCHENG: "win_on_discard",
        YADANG: "pressed_win_on_discard",
        ZIMO: "self_drawn",
        ZIMO_YADANG: "pressed_self_draw",
    }

    @staticmethod
    def of(self_drawn: bool, ya: int) -> str:
        if self_drawn:
            return WinType.ZIMO_YADANG if ya else WinType.ZIMO
        return WinType.YADANG if ya else WinType.PINGCHENG


@dataclass(frozen=True)
class Formula:
    """One Wuhu rule's formula.

    ``fan``: 番 per win type (read from the table's rows).  ``discard`` / ``self_draw``: 支番 =
    round_half_up((支 + 押) × num ÷ den).  Rounding the quotient half up is the same as the 1234 rule's "round the
    product to the nearest 10, then ÷ 10" (the product (支 + 押) × 2 or × 4 is even, so it never ends in 5 and
    "nearest" is never a tie).
    """

    name: str
    fan: dict[str, int]
    discard: tuple[int, int]
    self_draw: tuple[int, int]


def _fan_of(book: RuleBook) -> dict[str, int]:
    rows = {r.key: r for r in book.rows}
    return {win_type: rows[key].value for win_type, key in WinType.ROW_KEYS.items()}


#: 2468算法 一 (番, the table's rows), 二 (平成 / 押当 支番 ÷ 2, 四舍五入), 三 (自摸 支番 = 支 (+ 押)).
FORMULA_2468 = Formula("2468", _fan_of(BOOK_2468), discard=(1, 2), self_draw=(1, 1))
#: 1234算法 一 (番, the table's rows), 二 (平成 / 押当 × 2 ÷ 10, 四舍五入), 三 (自摸 / 自摸押当 × 4 ÷ 10).
FORMULA_1234 = Formula("1234", _fan_of(BOOK_1234), discard=(2, 10), self_draw=(4, 10))


def zhi_fan(formula: Formula, zhi: int, ya: int, self_drawn: bool) -> int:
    """支番 of a win: (支 + 押) scaled by the formula and rounded as the rule says."""
    num, den = formula.self_draw if self_drawn else formula.discard
    return round_half_up((zhi + ya) * num, den)


def amounts(formula: Formula, zhi: int, ya: int, self_drawn: bool, extras: int = 0) -> tuple[int, int]:
    """(amount, dealer-side amount) = (支番 + 番 + extras, that + 番) — the two numbers every table prints."""
    fan = formula.fan[WinType.of(self_drawn, ya)]
    amount = zhi_fan(formula, zhi, ya, self_drawn) + fan + extras
    return amount, amount + fan


# --- configuration ----------------------------------------------------------------------------------


def _meta(book: RuleBook, name: str) -> dict[str, Any]:
    """The documentation of one of the book's options, as field metadata."""
    m = book.options[name][2]
    return {"zh": m.get("zh", ""), "en": m.get("en", ""), "source": m.get("source", "")}


def _m(name: str) -> dict[str, Any]:
    return _meta(BOOK_2468, name)


@dataclass(frozen=True)
class _WuhuConfig(ValidatedConfig):
    owner = "wuhu"

    min_zhi: int = option(8, minimum=0, **_m("min_zhi"))
    kong_counts_four: bool = option(True, **_m("kong_counts_four"))
    ming_gang: int = option(2, minimum=0, **_m("ming_gang"))
    an_gang: int = option(4, minimum=0, **_m("an_gang"))
    zuizi: int = option(5, minimum=0, **_m("zuizi"))
    kong_bloom: int = option(5, minimum=0, **_m("kong_bloom"))
    full_flush_zuizi: int = option(0, minimum=0, **_m("full_flush_zuizi"))
    derive_ya: bool = option(True, **_m("derive_ya"))
    ya_from_edge: bool = option(False, **_m("ya_from_edge"))
    ya_from_single: bool = option(False, **_m("ya_from_single"))
    seven_pairs_win: bool = option(False, **_m("seven_pairs_win"))  # old name: seven_pairs
    non_dealer_win_payers: Literal["all", "dealer"] = option("all", **_m("non_dealer_win_payers"))


@dataclass(frozen=True)
class Wuhu2468Config(_WuhuConfig):
    pass


@dataclass(frozen=True)
class Wuhu1234Config(_WuhuConfig):
    ming_gang: int = option(1, minimum=0, **_meta(BOOK_1234, "ming_gang"))
    an_gang: int = option(2, minimum=0, **_meta(BOOK_1234, "an_gang"))
    zuizi: int = option(2, minimum=0, **_meta(BOOK_1234, "zuizi"))
    kong_bloom: int = option(3, minimum=0, **_meta(BOOK_1234, "kong_bloom"))


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


# --- the rule set -----------------------------------------------------------------------------------------


class _Wuhu(BookRuleSet):
    formula: ClassVar[Formula]
    Context: ClassVar[type[WinContext]] = WuhuContext

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        return HandRules(seven_pairs=self.config.seven_pairs_win, thirteen_orphans=False, max_wildcards=0)

    def check_hand(self, hand: Hand) -> None:
        hand.check_size(13, complete=True)
        if hand.flowers:
            raise HandError("Wuhu is played without flowers (108 tiles + winds); remove f1..f8")

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        """A :class:`WuhuContext` (a plain :class:`WinContext` is taken as one); deriving 押 from the wait needs
        the winning tile."""
        ctx = _wuhu_context(context)
        if ctx.ya is None and self.config.derive_ya and hand.win_tile is None:
            raise HandError("deriving 押 needs the winning tile (write it last, or pass ya=…)")
        return ctx


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
    book: ClassVar[RuleBook] = BOOK_2468
    Config: ClassVar[type] = Wuhu2468Config
    formula: ClassVar[Formula] = FORMULA_2468


class Wuhu1234(_Wuhu):
    """芜湖 1234 ("315"): 番 1 / 2 / 3 / 4, 支番 = (支 + 押) × 2 or × 4, to the nearest 10, ÷ 10 (《芜湖麻将2468算法》)."""

    name: ClassVar[str] = "wuhu-1234"
    title: ClassVar[str] = "Wuhu 芜湖麻将 1234算法 (315)"
    summary: ClassVar[str] = "Wuhu 芜湖 1234 (315): 支数 (≥ 8 of one suit) + 押 ×2/×4 ÷10 + 番 1/2/3/4"
    book: ClassVar[RuleBook] = BOOK_1234
    Config: ClassVar[type] = Wuhu1234Config
    formula: ClassVar[Formula] = FORMULA_1234
