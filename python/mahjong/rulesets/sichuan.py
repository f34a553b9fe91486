"""Sichuan 血战到底 (四川麻将): 108 tiles, no chow, 缺一门, 刮风下雨, 一炮多响, play on until three have won.

Sources: QQ游戏《四川麻将番数算法》 (rules 1–9, binding).  Its published copy breaks off in the 基本番 list; the
fan table used here is the one the QQ-lineage Sichuan clients publish, which matches its "一番（x1）" notation.

Scoring (QQ游戏《四川麻将番数算法》: 番型均不重复计算，只按最大番算 — base patterns do not stack, the largest counts):

* the base pattern is the largest matching row of :data:`PATTERNS`;
* extra 番 (:data:`EXTRAS`: 根, 杠, 杠上花, 杠上炮, 抢杠胡, 海底, 金钩钓) add on top, one 番 each;
* one payer owes ``base × 2^(番 − fan_base)`` (1番 = ×1), the 番 capped at ``max_fan``, plus the self-draw bonus;
* on a discard only the discarder pays; on a self-draw every other player who has not yet won pays.

Settlement of a whole hand (:meth:`Sichuan.settle`): kong payments as they happen (刮风 直杠 / 面下杠, 下雨 暗杠;
a robbed added kong pays nothing), each win as it happens (payers are only players still in play), and at the
wall's end 查花猪, 查大叫 and 退税.

Not modelled, because a hand record cannot show them: seed rule 4 (with four wall tiles left a ready player must
win on a winning tile — a play rule the record's wins already reflect), the last part of rule 8 (a winner who
leaves the table early forfeits the winnings — a platform rule), and 换三张 / 定缺 (not in QQ游戏《四川麻将番数算法》).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, MeldError, NotWinningError, RulesError, listed
from mahjong.framework import (
    N_SEATS,
    RuleSet,
    ScoreItem,
    ScoreResult,
    WinContext,
    arithmetic_details,
    zero_sum_payments,
)
from mahjong.hand import Hand, MeldKind
from mahjong.rules import SICHUAN, HandRules
from mahjong.settlement import (
    Draw,
    HandRecord,
    Kong,
    Payment,
    Settlement,
    Win,
    check_record_for,
    check_robbed_kongs,
    context_for,
    lines_from_net,
)
from mahjong.tiles import is_honor, rank_of, suit_of, tile_name
from mahjong.types import Decomposition, Form

__all__ = ["Config", "SichuanContext", "Sichuan", "PATTERNS", "EXTRAS", "suits_of", "is_flower_pig"]

_SUIT_NAMES = ("万", "筒", "条")


@dataclass(frozen=True)
class Config:
    """Sichuan 血战到底 options.  Amounts are in 底注 (基本分); ×N = N 底注.

    base: 底注, the points a ×1 hand is worth from one payer. Default 1 — source: QQ游戏《四川麻将番数算法》 rule 6 ("基本分").
    fan_base: fan numbering: 1 = 平胡 is 1番 (×1), multiplier 2^(番−1); 0 = 平胡 is 0番, multiplier 2^番
        (the same money, different numbers). Default 1 — source: QQ游戏《四川麻将番数算法》 "一番（x1）"; 0 = the sichuan-mahjong project (donachen01).
    max_fan: cap on a hand's 番 (in this config's numbering); None = no cap. Default None — source: QQ游戏 states no cap (other games cap at 5番, 4番, ×32, ×64 or ×256).
    zimo_bonus: what a self-draw adds: "none"; "add_base" (+1 底注 from each payer); "double" (×2); "add_fan"
        (+1番). Default "add_base" — source: a 四川麻将 app's help tables (自摸加底); the others are other games' choices.
    jingoudiao: 金钩钓 (single wait after four melds) as "extra" (+1番 on top of the base pattern) or
        "pattern" (a room-card game's table: 金钩钓 ×4 不计对对胡, 将金钩钓 ×16, 清金钩钓 ×16,
        十八罗汉 ×64 不计4根, 清十八罗汉 ×256). Default "extra" — source: a 四川麻将 app's help tables.
    kong_counts_as_gen: each declared kong adds 1番 like a 根 (the app's help tables list 杠 and 根 as separate +1番 items);
        False = only undeclared sets of four identical tiles (根) add. Default True — source: a 四川麻将 app's help tables.
    direct_kong_discarder: 直杠 (melded kong on a discard): what the discarder (引杠者) pays at once. Default 1 —
        source: QQ游戏《四川麻将番数算法》 rule 6 "立刻收取引杠者1倍"; other games say 2.
    direct_kong_others: 直杠: what each other not-yet-won player pays too. Default 0 — source: QQ游戏《四川麻将番数算法》 rule 6;
        a 四川麻将 app's help tables say 1 ("擦挂").
    added_kong: 面下杠 / 补杠: what each other not-yet-won player pays. Default 1 — source: QQ游戏《四川麻将番数算法》 rule 6.
    concealed_kong: 下雨 / 暗杠: what each other not-yet-won player pays. Default 2 — source: QQ游戏《四川麻将番数算法》 rule 6.
    huazhu: 查花猪 at the wall's end (a player holding all three suits pays a penalty). Default True — source:
        QQ游戏《四川麻将番数算法》 rule 7.
    huazhu_penalty: what a 花猪 pays each non-pig player. Default 16 — source: QQ游戏《四川麻将番数算法》 rule 7 "16倍";
        64 or the cap in other games.
    huazhu_pays_won: a 花猪 also pays players who have already won. Default True — source: QQ游戏《四川麻将番数算法》 rule 7
        ("赔给非花猪玩家", all non-pigs); False = only players still in play (a 四川麻将 app's help tables).
    dajiao: 查大叫 at the wall's end: each non-ready, non-pig player pays each ready player that player's best
        possible hand (scored as a win on a discard: base pattern + extras, no self-draw bonus). Default True —
        source: QQ游戏《四川麻将番数算法》 rule 7; "最大的可能番" read as the best hand on a discard.
    refund_kongs: 退税: at the wall's end a player who is not ready (花猪 included) refunds all kong income.
        Default True — source: QQ游戏《四川麻将番数算法》 rules 6 and 7.
    dianganghua: 点杠花 — 杠上花 on the replacement tile of a melded kong: "self_draw" (every other player in
        play pays, like any self-draw) or "discard" (only the kong's discarder pays, as on a discard). Default
        "self_draw" — source: not in QQ游戏's text; room-card games offer both.
    call_transfer: 呼叫转移 — on a 杠上炮 the discarder's income from that kong passes to the winner (the first
        winner, on 一炮多响). Default False — source: not in QQ游戏's text; a 四川麻将 app's help tables.
    mode: "xuezhan" (血战场: play goes on after a win until three have won or the wall ends; 流局 = two or more
        players have not won) or "normal" (普通场: the hand ends with the first win — several winners only on
        one discard, 一炮多响; 流局 = nobody won). Default "xuezhan" — source: QQ游戏《四川麻将番数算法》 rules 7 and 8.
    next_dealer: who deals the next hand: "auto" (QQ游戏 rule 9: 血战 → decided by dice, reported as None;
        普通场 → the discarder of the win, 点炮者坐庄, and the winner on a self-draw; after a 流局 the dealer
        stays, 连庄); "discarder" / "winner" (the first win's) / "dice" force one rule. Default "auto" — source:
        QQ游戏《四川麻将番数算法》 rule 9 (which names only 点炮者; on a self-draw the winner deals).
    """

    base: int = 1
    fan_base: Literal[0, 1] = 1
    max_fan: int | None = None
    zimo_bonus: Literal["none", "add_base", "double", "add_fan"] = "add_base"
    jingoudiao: Literal["extra", "pattern"] = "extra"
    kong_counts_as_gen: bool = True
    direct_kong_discarder: int = 1
    direct_kong_others: int = 0
    added_kong: int = 1
    concealed_kong: int = 2
    huazhu: bool = True
    huazhu_penalty: int = 16
    huazhu_pays_won: bool = True
    dajiao: bool = True
    refund_kongs: bool = True
    dianganghua: Literal["self_draw", "discard"] = "self_draw"
    call_transfer: bool = False
    mode: Literal["xuezhan", "normal"] = "xuezhan"
    next_dealer: Literal["auto", "discarder", "winner", "dice"] = "auto"

    def __post_init__(self) -> None:
        for name in ("base", "direct_kong_discarder", "direct_kong_others", "added_kong", "concealed_kong",
                     "huazhu_penalty"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RulesError(f"sichuan option {name} must be a non-negative int, got {v!r}")
        if self.base < 1:
            raise RulesError(f"sichuan option base (底注) must be at least 1, got {self.base!r}")
        if self.fan_base not in (0, 1):
            raise RulesError(f"sichuan option fan_base must be 0 or 1, got {self.fan_base!r}")
        if self.max_fan is not None and (
            not isinstance(self.max_fan, int) or isinstance(self.max_fan, bool) or self.max_fan < self.fan_base
        ):
            raise RulesError(f"sichuan option max_fan must be None or an int >= {self.fan_base}, got {self.max_fan!r}")
        if self.zimo_bonus not in ("none", "add_base", "double", "add_fan"):
            raise RulesError(f"sichuan option zimo_bonus must be none/add_base/double/add_fan, got {self.zimo_bonus!r}")
        if self.jingoudiao not in ("extra", "pattern"):
            raise RulesError(f"sichuan option jingoudiao must be 'extra' or 'pattern', got {self.jingoudiao!r}")
        if self.dianganghua not in ("self_draw", "discard"):
            raise RulesError(f"sichuan option dianganghua must be 'self_draw' or 'discard', got {self.dianganghua!r}")
        if self.mode not in ("xuezhan", "normal"):
            raise RulesError(f"sichuan option mode must be 'xuezhan' or 'normal', got {self.mode!r}")
        if self.next_dealer not in ("auto", "discarder", "winner", "dice"):
            raise RulesError(f"sichuan option next_dealer must be auto/discarder/winner/dice, got {self.next_dealer!r}")
        for name in ("kong_counts_as_gen", "huazhu", "huazhu_pays_won", "dajiao", "refund_kongs", "call_transfer"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"sichuan option {name} must be true or false, got {getattr(self, name)!r}")


@dataclass(frozen=True)
class SichuanContext(WinContext):
    """Sichuan win facts beyond :class:`WinContext`.

    Attributes:
        already_won: seats that have won earlier in this hand and left play (血战到底): they pay nothing.
        kong_from: for 杠上花 on the replacement tile of a melded kong (点杠花), the seat whose discard was
            konged (matters when ``Config.dianganghua == "discard"``).
    """

    already_won: frozenset[int] = field(default_factory=frozenset)
    kong_from: int | None = None


    def __post_init__(self) -> None:
        super().__post_init__()
        won = _seats(self.already_won, "already_won")
        object.__setattr__(self, "already_won", won)
        if self.winner in won:
            raise ContextError(f"seat {self.winner} has already won and left play (血战到底: one win per player)")
        if self.discarder is not None and self.discarder in won:
            raise ContextError(f"seat {self.discarder} has already won and left play; it cannot discard")
        if len(won) > 2:
            raise ContextError("three players have already won: the hand is over (血战到底 ends at three winners)")
        if self.kong_from is not None:
            if not self.kong_replacement:
                raise ContextError("kong_from (点杠花) only applies to a 杠上花 win (kong_replacement)")
            if not isinstance(self.kong_from, int) or not 0 <= self.kong_from < N_SEATS or self.kong_from == self.winner:
                raise ContextError(f"kong_from must be another player's seat, got {self.kong_from!r}")


def _seats(value: Any, what: str) -> frozenset[int]:
    """A set of seats from an int, ``"1,2"`` (as the CLI's --context gives it) or an iterable of ints."""
    if isinstance(value, bool):
        raise ContextError(f"{what} must be seats 0..3, got {value!r}")
    if isinstance(value, int):
        value = (value,)
    elif isinstance(value, str):
        try:
            value = tuple(int(x) for x in value.replace(" ", "").split(",") if x)
        except ValueError:
            raise ContextError(f"{what} must be seats 0..3 such as '1,2', got {value!r}") from None
    try:
        seats = frozenset(value)
    except TypeError:
        raise ContextError(f"{what} must be seats 0..3, got {value!r}") from None
    for s in seats:
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < N_SEATS:
            raise ContextError(f"{what} must hold seats 0..3, got {s!r}")
    return seats


# --- the reading a pattern looks at ----------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """A winning hand under one reading: the concealed decomposition plus the declared melds."""

    hand: Hand
    reading: Decomposition
    triplets: tuple[int, ...]  #: tiles of triplets / kongs (declared and concealed)
    sequences: tuple[int, ...]  #: first tiles of sequences
    pair: int | None  #: the pair of a regular hand
    counts: tuple[int, ...]  #: 34 counts of every tile held, declared melds included (a kong counts 4)

    @property
    def seven_pairs(self) -> bool:
        return self.reading.form is Form.SEVEN_PAIRS

    @property
    def suits(self) -> frozenset[int]:
        return frozenset(suit_of(t) for t in range(27) if self.counts[t])

    @property
    def kongs(self) -> int:
        return sum(1 for m in self.hand.melds if m.is_kong)

    @property
    def single_wait_after_four_melds(self) -> bool:
        """金钩钓: four declared melds, the win completes the lone pair."""
        return len(self.hand.melds) == 4

    def sets_and_pair(self) -> list[tuple[int, ...]]:
        """Every set and the pair as tile tuples (regular form)."""
        out: list[tuple[int, ...]] = [(t, t, t) for t in self.triplets]
        out += [(t, t + 1, t + 2) for t in self.sequences]
        if self.pair is not None:
            out.append((self.pair, self.pair))
        return out


def _view(hand: Hand, d: Decomposition) -> View:
    triplets = [m.tile for m in hand.melds if m.kind is not MeldKind.CHOW]
    sequences = []
    for a, b, c in d.melds:
        if a == b == c:
            triplets.append(a)
        else:
            sequences.append(a)
    pair = d.pairs[0] if d.form is Form.REGULAR else None
    return View(hand, d, tuple(sorted(triplets)), tuple(sorted(sequences)), pair, tuple(hand.all_counts))


# --- base patterns: 番型均不重复计算，只按最大番算 (the largest one counts) -------------------------


def _ping_hu(v: View) -> bool:
    return not v.seven_pairs


def _dui_dui_hu(v: View) -> bool:
    return not v.seven_pairs and not v.sequences


def _qing_yi_se(v: View) -> bool:
    return len(v.suits) == 1


def _dai_yao_jiu(v: View) -> bool:
    return not v.seven_pairs and all(any(rank_of(t) in (1, 9) for t in s) for s in v.sets_and_pair())


def _qi_dui(v: View) -> bool:
    return v.seven_pairs


def _jiang(v: View) -> bool:
    """Only 2, 5 and 8 (将)."""
    return all(rank_of(t) in (2, 5, 8) for t in range(27) if v.counts[t])


def _long_qi_dui(v: View) -> bool:
    return v.seven_pairs and max(v.counts) == 4


def _jin_gou_diao(v: View) -> bool:
    return v.single_wait_after_four_melds


def _shi_ba_luo_han(v: View) -> bool:
    return v.single_wait_after_four_melds and v.kongs == 4


@dataclass(frozen=True)
class Pattern:
    """One row of the base-pattern table.

    ``fan`` in QQ游戏《四川麻将番数算法》's numbering (1番 = ×1); ``excludes`` = the rows it is not counted with (不计; with
    "largest only" they matter for the record, not the sum); ``gen_less`` = how many 根 the pattern already
    includes (龙七对: "that 根 is not counted again"); ``mode`` = the ``jingoudiao`` setting it belongs to.
    """

    key: str
    name_zh: str
    name_en: str
    fan: int
    test: Callable[[View], bool]
    text: str
    excludes: tuple[str, ...] = ()
    gen_less: int = 0
    kongs_included: bool = False
    mode: str | None = None
    source: str = "a 四川麻将 app's help tables"


def _all(*tests: Callable[[View], bool]) -> Callable[[View], bool]:
    return lambda v: all(t(v) for t in tests)


#: The base patterns, smallest first (a 四川麻将 app's help tables; the 金钩钓 family of §2b only with ``jingoudiao="pattern"``).
PATTERNS: tuple[Pattern, ...] = (
    Pattern("ping_hu", "平胡", "Plain win", 1, _ping_hu, "4 sets + a pair"),
    Pattern("dui_dui_hu", "对对胡", "All pungs", 2, _dui_dui_hu, "大对子: 4 pungs/kongs + a pair", ("ping_hu",)),
    Pattern("qing_yi_se", "清一色", "Full flush", 3, _qing_yi_se, "one suit only", ("ping_hu",)),
    Pattern("dai_yao_jiu", "带幺九", "Terminals in all sets", 3, _dai_yao_jiu,
            "every set and the pair contain a 1 or a 9", ("ping_hu",)),
    Pattern("qi_dui", "七对", "Seven pairs", 3, _qi_dui, "concealed seven pairs, no melds"),
    Pattern("jin_gou_diao", "金钩钓", "Golden hook", 3, _jin_gou_diao,
            "four melds declared, single wait on the pair", ("dui_dui_hu",), mode="pattern", source="a room-card game's table"),
    Pattern("qing_dui", "清对", "Full-flush all pungs", 4, _all(_qing_yi_se, _dui_dui_hu), "清一色 + 对对胡",
            ("qing_yi_se", "dui_dui_hu")),
    Pattern("jiang_dui", "将对", "All-258 pungs", 4, _all(_dui_dui_hu, _jiang), "对对胡 of only 2, 5 and 8",
            ("dui_dui_hu",)),
    Pattern("long_qi_dui", "龙七对", "Dragon seven pairs", 5, _long_qi_dui,
            "七对 holding four identical tiles; that 根 is not counted again", ("qi_dui",), gen_less=1),
    Pattern("qing_qi_dui", "清七对", "Full-flush seven pairs", 5, _all(_qing_yi_se, _qi_dui), "清一色 + 七对",
            ("qing_yi_se", "qi_dui")),
    Pattern("qing_yao_jiu", "清幺九", "Full-flush terminals", 5, _all(_qing_yi_se, _dai_yao_jiu), "清一色 + 带幺九",
            ("qing_yi_se", "dai_yao_jiu")),
    Pattern("jiang_jin_gou_diao", "将金钩钓", "All-258 golden hook", 5, _all(_jin_gou_diao, _jiang),
            "金钩钓 of only 2, 5 and 8", ("jin_gou_diao", "jiang_dui"), mode="pattern", source="a room-card game's table"),
    Pattern("qing_jin_gou_diao", "清金钩钓", "Full-flush golden hook", 5, _all(_jin_gou_diao, _qing_yi_se),
            "清一色 + 金钩钓", ("jin_gou_diao", "qing_dui"), mode="pattern", source="a room-card game's table"),
    Pattern("tian_hu", "天胡", "Heavenly hand", 6, lambda v: False, "the dealer wins on the dealt tiles"),
    Pattern("di_hu", "地胡", "Earthly hand", 6, lambda v: False, "a non-dealer wins on the first go-round"),
    Pattern("qing_long_qi_dui", "清龙七对", "Full-flush dragon seven pairs", 6, _all(_qing_yi_se, _long_qi_dui),
            "清一色 + 龙七对; counts one 根 less", ("qing_qi_dui", "long_qi_dui"), gen_less=1),
    Pattern("shi_ba_luo_han", "十八罗汉", "Eighteen arhats", 7, _shi_ba_luo_han,
            "four kongs, single wait on the pair; the four kongs are not counted as 根", ("jin_gou_diao",),
            kongs_included=True, mode="pattern", source="a room-card game's table"),
    Pattern("qing_shi_ba_luo_han", "清十八罗汉", "Full-flush eighteen arhats", 9, _all(_shi_ba_luo_han, _qing_yi_se),
            "清一色 + 十八罗汉", ("shi_ba_luo_han", "qing_jin_gou_diao"), kongs_included=True, mode="pattern",
            source="a room-card game's table"),
)
_PATTERN = {p.key: p for p in PATTERNS}


@dataclass(frozen=True)
class Extra:
    """One row of the extra-番 table: +1番 per occurrence on top of the base pattern (a 四川麻将 app's help tables)."""

    key: str
    name_zh: str
    name_en: str
    text: str
    source: str = "a 四川麻将 app's help tables"


#: Extra 番 (each +1番 = ×2, stacking on the base pattern).
EXTRAS: tuple[Extra, ...] = (
    Extra("gen", "根", "Root", "four identical tiles held and not declared as a kong (each)"),
    Extra("gang", "杠", "Kong", "each declared kong (option kong_counts_as_gen)"),
    Extra("gang_shang_hua", "杠上花", "Win on a kong replacement", "self-drawn on the tile drawn after a kong"),
    Extra("gang_shang_pao", "杠上炮", "Win on a discard after a kong", "the discard made right after a kong"),
    Extra("qiang_gang_hu", "抢杠胡", "Robbing a kong", "won on the fourth tile of another's added kong"),
    Extra("hai_di", "海底", "Last tile", "won on the last tile of the wall (海底捞月 / 海底炮)"),
    Extra("jin_gou_diao", "金钩钓", "Golden hook", "four melds declared, single wait on the pair "
          "(option jingoudiao='extra')"),
    Extra("zi_mo", "自摸", "Self-draw", "self-drawn win (option zimo_bonus='add_fan')", source="(blood-grp)"),
)
_EXTRA = {e.key: e for e in EXTRAS}


def suits_of(hand: Hand) -> frozenset[int]:
    """The suits (0 万, 1 筒, 2 条) a hand holds, declared melds included."""
    counts = hand.all_counts
    return frozenset(suit_of(t) for t in range(27) if counts[t])


def is_flower_pig(hand: Hand) -> bool:
    """花猪: a hand still holding all three suits (it can never win: 缺一门)."""
    return len(suits_of(hand)) == 3


class Sichuan(RuleSet[Config]):
    """Sichuan 血战到底 (四川麻将): see the module docstring."""

    name = "sichuan"
    title = "Sichuan 四川 血战到底 (Bloody battle)"
    summary = "Sichuan 血战到底: 108 tiles, no chow, 缺一门, 2^(番−1) with 根, 刮风下雨, 查花猪/查大叫/退税"
    Config = Config
    Context = SichuanContext

    @property
    def hand_rules(self) -> HandRules:
        return SICHUAN

    # --- validation ---------------------------------------------------------------------------

    def check_tiles(self, hand: Hand) -> None:
        """The tile set and the claims Sichuan allows (108 tiles, no chow)."""
        for t in hand.concealed + tuple(t for m in hand.melds for t in m.tiles):
            if is_honor(t):
                raise HandError(f"{tile_name(t)} is not a Sichuan tile: 108 tiles, 万/筒/条 only (没有风牌和箭牌)")
        if hand.flowers:
            raise HandError("Sichuan has no flowers (108 tiles: 万/筒/条 only)")
        for m in hand.melds:
            if m.kind is MeldKind.CHOW:
                raise MeldError(f"chow {m} is not allowed in Sichuan (不可以吃: no chow, only pung and kong)")

    def _check_winning(self, hand: Hand) -> list[Decomposition]:
        self.check_tiles(hand)
        hand.check_size(13, complete=True)
        suits = suits_of(hand)
        if len(suits) == 3:
            raise NotWinningError(
                "缺一门 (must lack a suit): a Sichuan winning hand holds at most two suits; this one holds "
                + "、".join(_SUIT_NAMES[s] for s in sorted(suits))
            )
        readings = K.decompositions(hand.concealed, 0, SICHUAN)
        if not readings:
            raise NotWinningError(
                f"{hand} is not a complete hand: Sichuan needs four sets (pungs/kongs or runs) and a pair, or 七对"
            )
        return list(readings)

    def _context(self, hand: Hand, context: WinContext | None) -> SichuanContext:
        if context is None:
            ctx = SichuanContext()
        elif isinstance(context, SichuanContext):
            ctx = context
        else:  # a plain WinContext: same facts, nobody has won yet
            from dataclasses import fields as _fields

            ctx = SichuanContext(**{f.name: getattr(context, f.name) for f in _fields(WinContext)})
        if ctx.kong_replacement and not any(m.is_kong for m in hand.melds):
            raise ContextError("杠上花 (kong_replacement) needs a declared kong in the hand")
        if ctx.heavenly and (not ctx.winner_is_dealer or not ctx.self_drawn or hand.melds):
            raise ContextError("天胡 is the dealer's self-drawn win on the dealt tiles (no melds)")
        if ctx.earthly and (ctx.winner_is_dealer or hand.melds):
            raise ContextError("地胡 is a non-dealer's win in the first go-round (no melds)")
        return ctx

    # --- scoring ------------------------------------------------------------------------------

    def fan_number(self, seed_fan: int) -> int:
        """A 番 count of QQ游戏《四川麻将番数算法》's numbering (1番 = ×1) in this config's numbering."""
        return seed_fan - (1 - self.config.fan_base)

    def _score_view(self, v: View, ctx: SichuanContext) -> tuple[int, int, list[ScoreItem], dict[str, Any]]:
        """(points per payer, 番, items, details) of one reading."""
        cfg = self.config
        rows = [p for p in PATTERNS if p.mode in (None, cfg.jingoudiao) and p.test(v)]
        if ctx.heavenly:
            rows.append(_PATTERN["tian_hu"])
        if ctx.earthly:
            rows.append(_PATTERN["di_hu"])
        best = max(rows, key=lambda p: p.fan)  # the first of the largest (table order) on a tie
        items = [ScoreItem(best.key, best.name_zh, best.name_en, self.fan_number(best.fan), note=best.text)]
        fan = self.fan_number(best.fan)

        def extra(key: str, count: int = 1) -> None:
            nonlocal fan
            if count > 0:
                e = _EXTRA[key]
                items.append(ScoreItem(e.key, e.name_zh, e.name_en, 1, count, note=e.text))
                fan += count

        declared = {m.tile for m in v.hand.melds if m.is_kong}
        gen = sum(1 for t in range(27) if v.counts[t] == 4 and t not in declared) - best.gen_less
        extra("gen", gen)
        if cfg.kong_counts_as_gen and not best.kongs_included:
            extra("gang", len(declared))
        extra("gang_shang_hua", int(ctx.kong_replacement))
        extra("gang_shang_pao", int(ctx.after_kong_discard))
        extra("qiang_gang_hu", int(ctx.robbing_kong))
        extra("hai_di", int(ctx.last_wall_tile))
        if cfg.jingoudiao == "extra":
            extra("jin_gou_diao", int(v.single_wait_after_four_melds))
        paid_as_self_draw = ctx.self_drawn and not (cfg.dianganghua == "discard" and ctx.kong_from is not None)
        if cfg.zimo_bonus == "add_fan" and paid_as_self_draw:
            extra("zi_mo")
        capped = fan if cfg.max_fan is None else min(fan, cfg.max_fan)
        points = cfg.base * 2 ** (capped - cfg.fan_base)
        if paid_as_self_draw and cfg.zimo_bonus == "add_base":
            items.append(ScoreItem("zi_mo_jia_di", "自摸加底", "Self-draw bonus", cfg.base, unit="pt",
                                   note="each payer adds one 底注"))
            points += cfg.base
        elif paid_as_self_draw and cfg.zimo_bonus == "double":
            items.append(ScoreItem("zi_mo_jia_bei", "自摸加倍", "Self-draw doubles", 2, unit="x"))
            points *= 2
        details = {"fan": fan, "capped_fan": capped, "multiplier": 2 ** (capped - cfg.fan_base), "base": cfg.base,
                   "pattern": best.key}
        return points, fan, items, details

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a winning Sichuan hand.  ``total`` = points each payer owes (unit ``"pt"``).

        Raises :class:`NotWinningError` for a hand with three suits (缺一门) or an incomplete hand,
        :class:`HandError` / :class:`MeldError` for honors, flowers or a chow.
        """
        h = self._hand(hand)
        readings = self._check_winning(h)
        ctx = self._context(h, context)
        best: tuple[int, int, list[ScoreItem], dict[str, Any], Decomposition] | None = None
        for d in readings:
            points, fan, items, details = self._score_view(_view(h, d), ctx)
            if best is None or (points, fan) > (best[0], best[1]):
                best = (points, fan, items, details, d)
        assert best is not None
        points, fan, items, details, reading = best
        payers = self.payers(ctx)
        payments = zero_sum_payments(ctx.winner, {p: points for p in payers})
        details = dict(details, payers=sorted(payers))
        details.update(arithmetic_details(*self._arithmetic(points, details, payers)))
        return ScoreResult(self.name, tuple(items), points, "pt", reading, None, True, payments, None, details)

    def _arithmetic(self, points: int, details: dict[str, Any], payers: list[int]) -> list[tuple[str, str]]:
        """The lines of 2^(番−1) and the bonuses, for people to follow."""
        cfg = self.config
        fan, capped, mult = details["fan"], details["capped_fan"], details["multiplier"]
        lines = [(f"番数 {fan}" + (f"，封顶 {capped}" if capped != fan else ""),
                  f"fan {fan}" + (f", capped at {capped}" if capped != fan else ""))]
        lines.append((f"底分 {cfg.base} × 2^({capped}−{cfg.fan_base}) = {cfg.base * mult}",
                      f"base {cfg.base} × 2^({capped}-{cfg.fan_base}) = {cfg.base * mult}"))
        if points != cfg.base * mult:
            bonus = "自摸加底" if points == cfg.base * mult + cfg.base else "自摸加倍"
            en = "self-draw bonus" if bonus == "自摸加底" else "self-draw doubles"
            lines.append((f"{bonus}：{points}", f"{en}: {points}"))
        n = len(payers)
        lines.append((f"{n} 家各付 {points}，和牌者得 {points * n}", f"{n} payer(s) pay {points} each: the winner "
                      f"gets {points * n}"))
        return lines

    def payers(self, ctx: SichuanContext) -> list[int]:
        """Who pays a win: the discarder (点炮); on a self-draw every other player still in play; on 点杠花 with
        ``dianganghua="discard"`` the kong's discarder."""
        if ctx.discarder is not None:
            return [ctx.discarder]
        if self.config.dianganghua == "discard" and ctx.kong_from is not None:
            return [ctx.kong_from]
        return [s for s in range(N_SEATS) if s != ctx.winner and s not in ctx.already_won]

    def best_possible(self, hand: Hand, winner: int, dealer: int = 0) -> tuple[int, int | None]:
        """查大叫: the most a ready hand (13 tiles) can win on a discard: (points, winning tile); (0, None) if
        the hand is not ready.  Every winning tile is scored; a tile that would give a third suit is no win."""
        self.check_tiles(hand)
        hand.check_size(13, complete=False)
        if is_flower_pig(hand):
            return 0, None
        w = K.waits(hand.concealed, 0, SICHUAN)
        best: tuple[int, int | None] = (0, None)
        discarder = (winner + 1) % N_SEATS
        held = hand.all_counts
        for t in w.tiles:
            if held[t] >= 4:  # all four copies already in the hand (e.g. a declared pung + one): no fifth
                continue
            complete = Hand(hand.concealed + (t,), hand.melds, (), t)
            if len(suits_of(complete)) == 3:
                continue
            ctx = SichuanContext(winner=winner, discarder=discarder, dealer=dealer)
            r = self.score(complete, ctx)
            if r.total > best[0]:
                best = (r.total, t)
        return best

    # --- whole-hand settlement ------------------------------------------------------------------

    def settle(self, record: HandRecord) -> Settlement:
        """血战到底 settlement: kongs pay as they happen, wins pay as they happen (only players still in play
        pay), and at the wall's end 查花猪, 查大叫 and 退税 (see :class:`Config`)."""
        check_record_for(self, record)
        cfg = self.config
        lines: list[Payment] = []
        results: list[ScoreResult] = []
        won: list[int] = []
        kong_lines: dict[int, list[Payment]] = {s: [] for s in range(N_SEATS)}
        last_kong: dict[int, list[Payment]] = {}
        transferred: set[int] = set()
        details: dict[str, Any] = {}
        events = record.events
        check_robbed_kongs(events)

        def in_play(seat: int) -> bool:
            return seat not in won

        for i, ev in enumerate(events):
            if isinstance(ev, Kong):
                if cfg.mode == "normal" and won:
                    raise ContextError(f"event {i}: in 普通场 (mode='normal') the hand ended with the first win")
                for s in (ev.seat, ev.from_seat):
                    if s is not None and not in_play(s):
                        raise ContextError(f"event {i}: seat {s} has already won and left play (血战到底)")
                paid = [] if ev.robbed else self._kong_payments(ev, i, [s for s in range(N_SEATS) if in_play(s)])
                lines += paid
                kong_lines[ev.seat] += paid
                last_kong[ev.seat] = paid
            elif isinstance(ev, Win):
                if any(isinstance(e, Draw) for e in events[:i]):
                    raise ContextError(f"event {i}: no win after the wall's end (流局) in Sichuan")
                if cfg.mode == "normal" and won and not self._same_discard(events, i):
                    raise ContextError(
                        f"event {i}: in 普通场 (mode='normal') the hand ends with the first win; only other wins on "
                        "the same discard (一炮多响) may follow"
                    )
                if len(won) >= 3:
                    raise ContextError(f"event {i}: three players have already won; the hand is over")
                extra: dict[str, Any] = {"already_won": frozenset(won)}
                if ev.kong_replacement:
                    own = self._last_kong(events, i, ev.seat)
                    if own is None:
                        raise ContextError(f"event {i}: 杠上花 needs a kong by seat {ev.seat} earlier in the record")
                    if own.kind == "melded" and "kong_from" not in ev.flags:
                        extra["kong_from"] = own.from_seat  # 点杠花: the kong was on this seat's discard
                if ev.after_kong_discard and (ev.discarder is None or self._last_kong(events, i, ev.discarder) is None):
                    raise ContextError(f"event {i}: 杠上炮 needs a kong by the discarder earlier in the record")
                ctx = context_for(self, record, ev, **extra)
                result = self.score(ev.hand, ctx)
                results.append(result)
                note = "点炮" if ev.discarder is not None else "自摸"
                lines += lines_from_net(result.payments, "win", i, f"seat {ev.seat} 胡 ({note})", winner=ev.seat)
                if cfg.call_transfer and ev.after_kong_discard and ev.discarder is not None \
                        and ev.discarder not in transferred:
                    # 呼叫转移: the kong just made by the discarder pays its income on to the (first) winner
                    transferred.add(ev.discarder)
                    income = sum(p.amount for p in last_kong.get(ev.discarder, []))
                    if income:
                        lines.append(Payment(ev.discarder, ev.seat, income, "kong.transfer", i, "呼叫转移"))
                        # that income is gone from the discarder: it cannot be refunded by them at a draw (退税)
                        moved = last_kong.get(ev.discarder, [])
                        kong_lines[ev.discarder] = [p for p in kong_lines[ev.discarder] if p not in moved]
                won.append(ev.seat)
            else:
                lines += self._wall_end(record, ev, i, won, kong_lines, details)
        details["won"] = list(won)
        details["next_dealer"] = self.next_dealer(record)
        return Settlement.from_lines(record.ruleset, lines, results, details)

    @staticmethod
    def _last_kong(events: Sequence[Any], i: int, seat: int) -> Kong | None:
        """The last kong declared by ``seat`` before event ``i``."""
        for ev in reversed(events[:i]):
            if isinstance(ev, Kong) and ev.seat == seat:
                return ev
        return None

    @staticmethod
    def _same_discard(events: Sequence[Any], i: int) -> bool:
        """Event ``i`` is a win on the same discard as the win events right before it (一炮多响)."""
        ev = events[i]
        prev = events[i - 1] if i > 0 else None
        return (
            isinstance(ev, Win) and isinstance(prev, Win) and ev.discarder is not None
            and ev.discarder == prev.discarder and ev.robbing_kong == prev.robbing_kong
        )

    def next_dealer(self, record: HandRecord) -> int | None:
        """The next hand's dealer under ``Config.next_dealer``; ``None`` = decided by dice (血战: 每局投骰)."""
        rule = self.config.next_dealer
        if rule == "auto":
            rule = "dice" if self.config.mode == "xuezhan" else "discarder"
        if rule == "dice":
            return None
        wins = record.wins
        if not wins:
            return record.dealer  # 流局则连庄
        first = wins[0]
        if rule == "discarder" and first.discarder is not None:
            return first.discarder  # 点炮者坐庄
        return first.seat

    def _kong_payments(self, ev: Kong, i: int, in_play: list[int]) -> list[Payment]:
        cfg, b = self.config, self.config.base
        others = [s for s in in_play if s != ev.seat]
        out: list[Payment] = []
        if ev.kind == "melded":
            assert ev.from_seat is not None
            if cfg.direct_kong_discarder:
                out.append(Payment(ev.from_seat, ev.seat, cfg.direct_kong_discarder * b, "kong.melded", i,
                                   "刮风 直杠: 引杠者付"))
            if cfg.direct_kong_others:
                out += [Payment(s, ev.seat, cfg.direct_kong_others * b, "kong.melded", i, "刮风 直杠: 其他未胡者付")
                        for s in others if s != ev.from_seat]
        elif ev.kind == "added":
            out += [Payment(s, ev.seat, cfg.added_kong * b, "kong.added", i, "刮风 面下杠") for s in others
                    if cfg.added_kong]
        else:
            out += [Payment(s, ev.seat, cfg.concealed_kong * b, "kong.concealed", i, "下雨 暗杠") for s in others
                    if cfg.concealed_kong]
        return out

    def _wall_end(
        self,
        record: HandRecord,
        ev: Draw,
        i: int,
        won: list[int],
        kong_lines: dict[int, list[Payment]],
        details: dict[str, Any],
    ) -> list[Payment]:
        cfg = self.config
        playing = [s for s in range(N_SEATS) if s not in won]
        if len(playing) < 2:
            raise ContextError(f"event {i}: three players have won; the hand ended without a draw")
        if cfg.mode == "normal" and won:
            raise ContextError(f"event {i}: in 普通场 (mode='normal') the hand ended with the first win: no 流局")
        if sorted(ev.hands) != playing:
            raise ContextError(
                f"event {i}: the draw must give the final hand of every seat still in play ({listed(playing)}), "
                f"got seats {listed(sorted(ev.hands))}"
            )
        hands = {s: ev.hand(s) for s in playing}
        pigs = [s for s in playing if is_flower_pig(hands[s])]
        best = {s: (0, None) if s in pigs else self.best_possible(hands[s], s, record.dealer) for s in playing}
        ready = [s for s in playing if best[s][1] is not None]
        not_ready = [s for s in playing if s not in ready]
        details.update(
            flower_pigs=pigs,
            ready=ready,
            best_possible={str(s): best[s][0] for s in ready},
        )
        out: list[Payment] = []
        if cfg.huazhu:  # 第一步: 查花猪
            receivers = [s for s in range(N_SEATS) if s not in pigs and (cfg.huazhu_pays_won or s not in won)]
            for pig in pigs:
                out += [Payment(pig, r, cfg.huazhu_penalty * cfg.base, "huazhu", None, "查花猪") for r in receivers]
        if cfg.dajiao:  # 第二步: 查大叫 — non-ready non-pigs pay each ready player its best hand
            for payer in not_ready:
                if payer in pigs:
                    continue
                out += [Payment(payer, r, best[r][0], "dajiao", None, "查大叫") for r in ready]
        if cfg.refund_kongs:  # 退税: a player not ready gives back all kong income
            for s in not_ready:
                out += [Payment(p.payee, p.payer, p.amount, "tuishui", p.event, "退税") for p in kong_lines[s]]
        return out
