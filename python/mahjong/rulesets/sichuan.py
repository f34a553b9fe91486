"""Sichuan 血战到底 (四川麻将): 108 tiles, no chow, 缺一门, 刮风下雨, 一炮多响, play on until three have won.

Sources: QQ游戏《四川麻将番数算法》 (rules 1–9, binding).  Its published copy breaks off in the 基本番 list; the
fan table used here is the one the QQ-lineage Sichuan clients publish, which matches its "一番（x1）" notation.

The rule set is its rule file, ``mahjong/rulebook/games/sichuan.toml`` (the ``sichuan-file`` name is this same
rule set): the rows (base patterns and extra 番), the options with their sources, the scoring (the largest pattern
plus the extras, ``底注 × 2^(番 − 1)``, the cap, the self-draw bonus), who pays, and the whole hand's settlement
(刮风下雨 as the kongs happen, each win as it happens, 查花猪 / 查大叫 / 退税 at the wall's end) are all read from it
by :class:`~mahjong.rulebook.book.BookRuleSet`.  This module keeps the config's Python types, the win facts, the
hand checks' wording; who deals next is the file's ``flow.dealer`` too (option ``next_dealer``), and so is the
play (定缺, the forced win in the last tiles, 换三张, 血战 or 普通场: ``[flow]``, read by the engine's flow).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import WinContext
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook, fact_value, is_flower_pig, parse_seat_fact
from mahjong.rulebook.expr import BUILTINS, evaluate, names_in
from mahjong.rulebook.options import ValidatedConfig
from mahjong.rulebook.presets import shipped_book
from mahjong.rulebook.rows import RuleRow
from mahjong.rules import SICHUAN, HandRules
from mahjong.rulesets._rulebook import book_option, describe_config, document_config
from mahjong.tiles import is_honor, suit_of, tile_name
from mahjong.types import Decomposition

__all__ = ["Config", "SichuanContext", "Sichuan", "BOOK", "PATTERNS", "EXTRAS", "suits_of", "is_flower_pig"]

_SUIT_NAMES = ("万", "筒", "条")

#: the rule set as a rule book (the one source of its rows, options, scoring and settlement)
BOOK: RuleBook = shipped_book("sichuan.toml")


def _opt(name: str) -> Any:
    return book_option(BOOK, name)


@dataclass(frozen=True)
class Config(ValidatedConfig):
    """Sichuan 血战到底 options (amounts in 底注, the base stake): each field's default, documentation and source
    are the rule file's (``help(Config)`` lists them)."""

    owner = "sichuan"

    base: int = _opt("base")
    fan_base: Literal[0, 1] = _opt("fan_base")
    max_fan: int | None = _opt("max_fan")
    zimo_bonus: Literal["none", "add_base", "double", "add_fan"] = _opt("zimo_bonus")
    jingoudiao: Literal["extra", "pattern"] = _opt("jingoudiao")
    kong_counts_as_gen: bool = _opt("kong_counts_as_gen")
    direct_kong_discarder: int = _opt("direct_kong_discarder")
    direct_kong_others: int = _opt("direct_kong_others")
    added_kong: int = _opt("added_kong")
    concealed_kong: int = _opt("concealed_kong")
    huazhu: bool = _opt("huazhu")
    huazhu_penalty: int = _opt("huazhu_penalty")
    huazhu_pays_won: bool = _opt("huazhu_pays_won")
    dajiao: bool = _opt("dajiao")
    refund_kongs: bool = _opt("refund_kongs")
    dianganghua: Literal["self_draw", "discard"] = _opt("dianganghua")
    call_transfer: bool = _opt("call_transfer")
    mode: Literal["xuezhan", "normal"] = _opt("mode")
    next_dealer: Literal["auto", "discarder", "winner", "dice"] = _opt("next_dealer")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.max_fan is not None and self.max_fan < self.fan_base:
            raise RulesError(f"sichuan option max_fan must be None or an int >= {self.fan_base}, got {self.max_fan!r}")


SichuanConfig = Config

document_config(Config, "Sichuan 血战到底 options (amounts in 底注, the base stake); from the rule file:")

#: the file's checks that read only win facts (run as soon as a context is made, not only when a hand is scored)
_CONTEXT_NAMES = {"winner", "discarder", "dealer", "self_drawn", "kong_replacement", *BOOK.facts}
_CONTEXT_CHECKS = tuple((node, text) for node, text in BOOK.checks if names_in(node)[0] <= _CONTEXT_NAMES)


@dataclass(frozen=True)
class SichuanContext(WinContext):
    """Sichuan win facts beyond :class:`WinContext` (the rule file's ``[facts]``).

    Attributes:
        already_won: seats that have won earlier in this hand and left play (血战到底): they pay nothing.
        kong_from: for 杠上花 on the replacement tile of a melded kong (点杠花), the seat whose discard was
            konged (matters when ``Config.dianganghua == "discard"``).
    """

    already_won: frozenset[int] = field(default_factory=frozenset)
    kong_from: int | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        for f in fields(SichuanContext):
            if f.name in BOOK.facts:
                kind = BOOK.facts[f.name][0]
                object.__setattr__(self, f.name, parse_seat_fact("sichuan", f.name, kind, getattr(self, f.name)))
        names: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(WinContext)}
        names.update({k: fact_value(BOOK.facts[k][0], getattr(self, k)) for k in BOOK.facts},
                     self_drawn=self.self_drawn)
        for check, message in _CONTEXT_CHECKS:
            if evaluate(check, names, BUILTINS):
                raise ContextError(message)


def suits_of(hand: Hand) -> frozenset[int]:
    """The suits (0 万, 1 筒, 2 条) a hand holds, declared melds included."""
    counts = hand.all_counts
    return frozenset(suit_of(t) for t in range(27) if counts[t])


class Sichuan(BookRuleSet):
    """Sichuan 血战到底 (四川麻将): see the module docstring."""

    name = "sichuan"
    title = "Sichuan 四川 血战到底 (Bloody battle)"
    summary = "Sichuan 血战到底: 108 tiles, no chow, 缺一门, 2^(番−1) with 根, 刮风下雨, 查花猪/查大叫/退税"
    book = BOOK
    Config = Config
    Context = SichuanContext
    config: SichuanConfig
    #: its readings() names the suits in its own words; it reads the same decompositions as the book's
    compiled_overrides = frozenset({"readings"})

    @property
    def hand_rules(self) -> HandRules:
        return SICHUAN

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    def check_tiles(self, hand: Hand) -> None:
        """The tile set and the claims Sichuan allows (108 tiles, no chow), in the game's own words."""
        for t in hand.concealed + tuple(t for m in hand.melds for t in m.tiles):
            if is_honor(t):
                raise HandError(f"{tile_name(t)} is not a Sichuan tile: 108 tiles, 万/筒/条 only (没有风牌和箭牌)")
        if hand.flowers:
            raise HandError("Sichuan has no flowers (108 tiles: 万/筒/条 only)")
        self.check_hand_tiles(hand)

    def check_hand(self, hand: Hand) -> None:
        self.check_tiles(hand)
        super().check_hand(hand)

    def readings(self, hand: Hand, wild_kinds: frozenset[int] = frozenset(), plain_win: bool = False  # (no wildcards)
                 ) -> list[Decomposition]:
        """Every reading of a winning hand; :class:`NotWinningError` says why there is none (缺一门, or not four
        sets and a pair / 七对)."""
        suits = suits_of(hand)
        if len(suits) == 3:
            raise NotWinningError(code="sichuan-one-suit-missing")
        found = list(K.decompositions(hand.concealed, 0, SICHUAN))
        if not found:
            raise NotWinningError(code="not-win-sichuan")
        return found

    def best_possible(self, hand: Hand, winner: int, dealer: int = 0) -> tuple[int, int | None]:
        """查大叫: the most a ready hand (13 tiles) can win on a discard: (points, winning tile); (0, None) if
        the hand is not ready."""
        self.check_tiles(hand)
        return super().best_possible(hand, winner, dealer)


def _split_rows() -> tuple[tuple[RuleRow, ...], tuple[RuleRow, ...]]:
    rows = Sichuan().rows
    return tuple(r for r in rows if r.pattern), tuple(r for r in rows if not r.pattern)


#: the base patterns and the extra 番, under the default options (rows of the rule file; a pattern of the 金钩钓
#: table has ``mode == "pattern"``)
PATTERNS, EXTRAS = _split_rows()
