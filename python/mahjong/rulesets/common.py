"""The common fan table (常用麻将算番规则表): an additive fan list with 不算 (not-counted-with) exclusions.

Source: the published 《常用麻将算番规则表》 (columns 通称 / 番数 / 基本规则及说明).  Its published copy ends after
五门齐 (5番); the rows it names in its 不算 notes but does not show (断幺, 五将, 缺字, 缺门, 单调, 门清, 自摸)
and 平胡 are **filled from standard practice**:
the Guobiao (国标) value of the same fan, 五将 (no Guobiao row) at the smallest unit, 1番.  Every filled row and
every exclusion we added says so in its ``source``; ``Config.unlisted_rows=False`` (old name ``filled_rows``) scores
with 《常用麻将算番规则表》's rows only.

The table itself is a rule book: its rows (:class:`~mahjong.rulebook.rows.RuleRow`, with predicates from the shared
library) are read from ``mahjong/rulebook/games/common.toml``, the same file the ``common-file`` preset scores with;
this module keeps only the hooks the two-player game builds on (extra items, the cap, who pays).

How a win is scored — by the rule book (:meth:`~mahjong.rulebook.book.BookRuleSet.score`, compiled by
:mod:`mahjong.rulebook.compiler` like any rule file): every reading of the hand (decomposition) is tried, every
row that applies is counted once, rows excluded by a counted row (不算) are dropped, the values are added up, and
the best reading is kept ("the table reads like an additive list (values sum, 不算 exclusions as in GB)"),
capped at ``max_fan``.  Payment (not in the table): on a discard the discarder pays the total × ``base``
(``discard_all_pay``: everyone does); on a self-draw each other player does.  This module keeps the config's
Python types and old option names, the win facts and the wording of the hand checks.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import WinContext
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.expr import BUILTINS
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config
from mahjong.types import Decomposition, Form

__all__ = ["CommonConfig", "CommonContext", "CommonTable", "ROWS", "COMMON_SHAPES", "BOOK", "row"]

#: The shapes the common table scores: regular hands, 七对 (a quad counts as two pairs), 十三幺 and 十三不靠.
COMMON_SHAPES = HandRules(knitted=True)

SEED = "《常用麻将算番规则表》"
FILLED = "not in the published table: the Guobiao value, common practice"

#: the table as a rule book (the one source of its rows, options' documentation and win checks)
BOOK: RuleBook = load_book(str(resources.files("mahjong.rulebook") / "games" / "common.toml"))


def _meta(name: str) -> dict[str, Any]:
    """The documentation of one of the book's options, as field metadata."""
    m = BOOK.options[name][2]
    return {"zh": m.get("zh", ""), "en": m.get("en", ""), "source": m.get("source", "")}


@dataclass(frozen=True)
class CommonConfig(ValidatedConfig):
    owner = "common"

    base: int = option(1, minimum=1, **_meta("base"))
    unlisted_rows: bool = option(True, **_meta("unlisted_rows"))
    qiong_hu_table_rows_only: bool = option(True, **_meta("qiong_hu_table_rows_only"))
    max_fan: int | None = option(None, minimum=1, **_meta("max_fan"))
    discard_all_pay: bool = option(False, **_meta("discard_all_pay"))


document_config(CommonConfig, "Options of the common fan table.")


@dataclass(frozen=True)
class CommonContext(WinContext):
    """Common-table win facts beyond :class:`WinContext`.

    Attributes:
        kou_ting: 扣听 — declared ready right at the start (on the dealer's first discard) and never changed.
    """

    kou_ting: bool = False


#: The table in 《常用麻将算番规则表》's order (largest first), then the rows it names but does not list.
ROWS: tuple[RuleRow, ...] = BOOK.rows
_ROW = {r.key: r for r in ROWS}


class CommonTable(BookRuleSet):
    """The common fan table (常用麻将算番规则表): see the module docstring."""

    name = "common"
    title = "常用麻将算番规则表 (Common fan table)"
    summary = "Common fan table: additive fans with 不算 exclusions (天胡 30 … 五门齐 5; missing rows filled)"
    book = BOOK
    Config = CommonConfig
    Context = CommonContext
    config: CommonConfig
    #: its readings() says which shapes the table takes in its own words; they are the book's forms
    compiled_overrides = frozenset({"readings"})

    @property
    def hand_rules(self) -> HandRules:
        return COMMON_SHAPES

    def _options(self) -> dict[str, Any]:
        """The book's options from this rule set's config (a config built on this one may still use the old
        names of the two row switches)."""
        got: dict[str, Any] | None = self.__dict__.get("_opts")
        if got is not None:  # (the config is frozen: worked out once)
            return got
        c = self.config
        got = self.__dict__["_opts"] = {
            "base": c.base,
            "unlisted_rows": getattr(c, "unlisted_rows", getattr(c, "filled_rows", True)),
            "qiong_hu_table_rows_only": getattr(c, "qiong_hu_table_rows_only",
                                                getattr(c, "qiong_hu_ignores_filled", True)),
            "max_fan": c.max_fan,
            "discard_all_pay": getattr(c, "discard_all_pay", False),
        }
        return got

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    def check_hand(self, hand: Hand) -> None:
        """Raise unless the hand fits the table's tile set (136 tiles, no flowers) and size."""
        if hand.flowers:
            raise HandError("the common fan table has no flower fans: flowers are not part of its 136-tile set")
        hand.check_size(13, complete=True)

    def readings(self, hand: Hand, wild_kinds: frozenset[int] = frozenset(), plain_win: bool = False  # (no wildcards)
                 ) -> list[Decomposition]:
        """The readings the table scores (组合龙, a Guobiao-only shape, is not a win here)."""
        out = [d for d in K.decompositions(hand.concealed, 0, COMMON_SHAPES) if d.form is not Form.KNITTED_STRAIGHT]
        if not out:
            raise NotWinningError(code="not-win-common")
        return out

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx_cls = self.Context
        if context is None:
            ctx: WinContext = ctx_cls()
        elif isinstance(context, ctx_cls):
            ctx = context
        else:
            ctx = ctx_cls(**{f.name: getattr(context, f.name) for f in fields(WinContext)})
        self.check_context(hand, ctx)
        return ctx

    def check_context(self, hand: Hand, ctx: WinContext) -> None:
        """Raise :class:`ContextError` when a win fact contradicts the hand (the book's win checks: 天胡 is the
        dealer's, 杠上开花 needs a kong, 扣听 holds no claimed meld …)."""
        names: dict[str, Any] = {**self._options(), **{f.name: getattr(ctx, f.name) for f in fields(ctx)}}
        names.update(self_drawn=ctx.self_drawn, winner_is_dealer=ctx.winner_is_dealer, melds=len(hand.melds),
                     kongs=sum(1 for m in hand.melds if m.is_kong),
                     claimed_melds=sum(1 for m in hand.melds if not m.is_concealed))
        failed = self._first_check(names, BUILTINS)
        if failed >= 0:
            raise ContextError(self.book.checks[failed][1])


def row(key: str) -> RuleRow:
    """A row of the table by key."""
    try:
        return _ROW[key]
    except KeyError:
        raise RulesError(f"no row {key!r} in the common fan table") from None

