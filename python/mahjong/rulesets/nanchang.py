"""Nanchang 南昌麻将: 正精 / 副精 wildcards, honor sequences, 十三烂, 德国, and the separate 精 settlement.

Sources: 《南昌麻将速成》 "南昌麻将速成(含规则、算精、算胡)" is binding for what it states (tiles, honor sequences,
十三烂 / 七星十三烂, how 精 are chosen, 霸王精, 精钓, 冲关, 德国 / 德国德); its published copy breaks off before any
payment rule, so the hand multipliers and payments follow public Nanchang game servers (a Java game server, the
吉安 冲关麻将 rules and a family scoring web app).  Every point where those sources disagree is a field of
:class:`NanchangConfig`.

How a win is scored:

1. The 精 are the indicator's tile type (正精; 3 copies in play, the flipped copy is not a 精) and the next type
   in the 首尾循环 order (副精; 4 copies).  Concealed 精 are taken out of the hand and given to the kernels as
   ``wildcards``; every reading the kernels return is scored, and the best one for the winner is kept.
   A 精 standing for its own tile type is "at face value" (还原) and is not used as a wildcard.
2. The hand multiplier ``M`` is the product of the hand-type row (平胡 / 七对 / 大七对 / 十三烂 / 七星十三烂) and
   the applicable rows of :data:`MULTIPLIERS` (德国 or 德中德, 精钓, 杠开, 抢杠).
3. Per payer: 2·M (self-draw, or the discarder) or 1·M (the others on a discard win), ×2 where the dealer is
   involved, then +5 for 德国 / 德中德.  天胡 / 地胡 pay a flat 20 from each, nothing else.
4. Separately, every seat's 精 points (正精 2, 副精 1, 精杠 bonus; 冲关 n·(n−3); 霸王精 ×2) are settled between
   every pair of seats.  That is why "胡牌者不一定赢、放炮者不一定输".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, NotWinningError
from mahjong.framework import N_SEATS, RuleSet, ScoreItem, ScoreResult, WinContext, arithmetic_details
from mahjong.hand import Hand, MeldKind
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow, current_value
from mahjong.rules import NANCHANG, HandRules
from mahjong.rulesets._rulebook import WILDCARD_GROUP, describe_config, document_config, drop_excluded, item, rule_table
from mahjong.tiles import N_KINDS, is_honor, is_suited, parse_tiles, tile_name
from mahjong.types import Decomposition, Form

if TYPE_CHECKING:
    from mahjong.settlement import HandRecord, Settlement

__all__ = [
    "next_tile",
    "jing_tiles",
    "chongguan",
    "NanchangConfig",
    "NanchangContext",
    "ScoredReading",
    "Nanchang",
]


# --- 精: which tiles, and how many points they are worth --------------------------------------------------------


def next_tile(t: int) -> int:
    """The tile after ``t`` in the 首尾循环 order: 1→2…→9→1 in a suit, 东→南→西→北→东, 中→发→白→中.

    Seed 000: "顺序：1、2…8、9；东南西北、中发白，首尾循环".
    """
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < N_KINDS:
        raise ContextError(f"not a playing tile id: {t!r}")
    if t < 27:
        base = t - t % 9
        return base + (t % 9 + 1) % 9
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


def jing_tiles(indicator: int) -> tuple[int, int]:
    """(正精, 副精) for a flipped indicator tile: 正精 is the flipped tile's type, 副精 the next one.

    Seed 000: "翻开的牌为正精，在顺序上紧接着翻开的牌之后的为副精，一副牌里有7张精，翻开的那张不算".
    """
    return indicator, next_tile(indicator)


def chongguan(points: int, threshold: int = 5) -> int:
    """冲关: a 精 reward of n ≥ 5 子 becomes n × (n − 3) (《南昌麻将速成》: 5→10, 6→18, 7→28, 8→40, 9→54, 10→70)."""
    if points >= threshold:
        return points * (points - 3)
    return points


#: 精 points per copy held (正精 2, 副精 1 — the published Nanchang rule sets agree).
ZHENG_JING_POINTS = 2
FU_JING_POINTS = 1


# --- the rule book: hand types and multipliers ---------------------------------------------------------------


#: Hand types (exactly one applies; "adopted" column).  大七对's value is a config option.
HAND_TYPES: dict[str, RuleRow] = rule_table(
    (
        RuleRow("pinghu", "平胡", "basic hand", 1, unit="x", text="4 sets + a pair, not all pungs"),
        RuleRow("qidui", "小七对", "seven pairs", 2, unit="x", text="seven pairs (七对)"),
        RuleRow("da_qidui", "大七对", "all pungs", 2, unit="x", text="4 pungs/kongs + a pair (碰碰胡); the 冲关麻将 rules say ×4"),
        RuleRow("shisanlan", "十三烂", "thirteen misfits", 2, unit="x",
            text="suited tiles of a suit spaced ≥3 apart, honors all different (间隔大于等于3，字牌不重复)"),
        RuleRow("qixing_shisanlan", "七星十三烂", "seven-star thirteen misfits", 4, unit="x", excludes=("shisanlan",),
            text="十三烂 holding 东南西北中发白 once each, which may not be 精 substitutes"),
    )
)

#: Multipliers that stack on the hand type ().
MULTIPLIERS: dict[str, RuleRow] = rule_table(
    (
        RuleRow("deguo", "德国", "clean hand (no jing used as a wildcard)", 2, unit="x", group=WILDCARD_GROUP,
            text="德国：X 2，放炮者额外再支付5个子，如果自摸则每家都额外再支付5个子"),
        RuleRow("dezhongde", "德中德", "doubly clean (and nobody else holds jing)", 4, unit="x", excludes=("deguo",), group=WILDCARD_GROUP,
            text="德国德：X 4，放炮者额外再支付5个子，如果自摸则每家都额外再支付5个子"),
        RuleRow("jingdiao", "精钓", "jing single wait (wins on any tile), self-drawn", 2, unit="x", group=WILDCARD_GROUP,
            text="AB XXX XXX XXX XXX, A a 精: discarding B waits on any tile; 吃别人的炮不算精钓"),
        RuleRow("gangkai", "杠开", "win on a kong replacement", 2, unit="x", text="杠上开花 (×2; the 冲关麻将 rules say ×4)"),
        RuleRow("qianggang", "抢杠", "robbing a kong", 2, unit="x", text="抢杠 ×2"),
    )
)
_ROWS: dict[str, RuleRow] = {**HAND_TYPES, **MULTIPLIERS}

#: 德国 / 德中德 flat bonus per payer (seed: 放炮者额外再支付5个子，如果自摸则每家都额外再支付5个子).
DEGUO_BONUS = 5


@dataclass(frozen=True)
class NanchangConfig(ValidatedConfig):
    owner = "nanchang"

    big_seven_pairs_multiplier: int = option(
        2, minimum=1, zh='大七对倍数',
        en='大七对 (all pungs) hand multiplier',
        source='a Nanchang game server, the nanchang-mahjong docs; the 冲关麻将 rules say 4')
    jing_diao_bonus: int = option(
        0, minimum=0, zh='精钓加子',
        en='flat 子 each payer adds for 精钓',
        source='the 冲关麻将 rules, the nanchang-mahjong docs; a Nanchang game server adds 5')
    kong_flower_multiplier: int = option(
        2, minimum=1, zh='杠开倍数',
        en='杠开 multiplier',
        source='a Nanchang game server; the 冲关麻将 rules say 4')
    robbing_kong_konger_pays_all: bool = option(
        False, zh='抢杠杠者包三家',
        en='on 抢杠 the konger pays what all three payers of a discard win would pay and the others pay '
           'nothing; by default the konger pays as a discarder',
        source='a Nanchang game server, the 冲关麻将 rules; the nanchang-mahjong docs says the konger pays all three'
               ' shares')
    dealer_doubling: Literal['payer_or_winner', 'winner_or_discarder'] = option(
        'payer_or_winner', zh='庄家翻倍',
        en='when payments are doubled for the dealer.  "payer_or_winner": ×2 whenever the payer or the '
           'winner is the dealer.  "winner_or_discarder": ×2 when the dealer wins, and on the dealer\'s own '
           "share when the dealer discarded the winning tile (a dealer paying a non-dealer's self-draw is "
           'not doubled)',
        source='a Nanchang game server, the 冲关麻将 rules "庄家输赢翻倍"; the nanchang-mahjong docs use the other')
    discard_payment: Literal['all_three', 'discarder_only'] = option(
        'all_three', zh='点炮谁付',
        en='who pays a discard win.  "all_three": the discarder 2·M, each other player 1·M (点炮三家付).  '
           '"discarder_only": only the discarder, 2·M (点炮一家付)',
        source='a Nanchang game server, the 冲关麻将 rules, the nanchang-mahjong docs')
    deguo_bonus_payers: Literal['discarder', 'all'] = option(
        'discarder', zh='德国加5谁付',
        en='who adds the +5 of 德国 / 德中德 on a discard win.  "discarder" or "all" (every payer)',
        source='《南昌麻将速成》 ("放炮者额外再支付5个子") and a Nanchang game server; the nanchang-mahjong docs charge all. On a '
               'self-draw every payer adds 5 either way (《南昌麻将速成》)')
    cap_per_payer: int | None = option(
        None, minimum=1, zh='每家封顶',
        en='the most one payer pays for the win (精 settlement excluded); by default no cap',
        source='a Nanchang game server offers "300封顶" as an option')
    pinghu_with_jing_ron_allowed: bool = option(
        False, zh='带精平胡可接炮',
        en='a 平胡 reading that uses a 精 as a wildcard may win on a discard',
        source='a Nanchang game server, the 冲关麻将 rules "精牌作为替代牌时，平胡只能自摸"; the nanchang-mahjong docs allow it')
    bawang_multiplier: int = option(
        2, minimum=1, zh='霸王精倍数',
        en='霸王精 factor (the only player holding 精)',
        source='《南昌麻将速成》 ("霸王精的奖励分还需 翻番"), the 冲关麻将 rules; the nanchang-mahjong docs\' example omits it (use 1)')
    chongguan_threshold: int = option(
        5, minimum=0, zh='冲关起点',
        en='精 points from which 冲关 applies',
        source='《南昌麻将速成》 table starts at 5子 (its wording "超过5子" would give 6)')
    jing_kong_bonus: int = option(
        10, minimum=0, zh='精杠奖分',
        en='extra 精 points for a kong of four 精 (精杠), on top of the four copies',
        source='the 冲关麻将 rules, the nanchang-mahjong docs; 《南昌麻将速成》 is silent (use 0)')
    seven_pairs_deguo_double: bool = option(
        False, zh='七对德国再翻倍',
        en='七对 / 大七对 with 德国 doubled once more',
        source='a Nanchang game server code "needDouble", unclear, not adopted')
    seven_pairs_quad_as_two: bool = option(
        True, zh='七对四张算两对',
        en='four identical tiles count as two pairs in 七对',
        source='unspecified; the usual Chinese-rules reading')
    jing_in_thirteen_lan: bool = option(
        True, zh='十三烂可用精',
        en='精 may stand for the suited tiles of 十三烂 (the seven honors of 七星十三烂 are governed by '
           'seven_star_honors_natural)',
        source='a Nanchang game server code allows it')
    seven_star_honors_natural: bool = option(
        True, zh='七星字牌不能用精',
        en='the seven honors of 七星十三烂 may not be 精 substitutes (a 十三烂 that needs a 精 for one of them scores '
           'as plain 十三烂)',
        source='《南昌麻将速成》 "这几张牌不能用精牌来代替"')
    jing_at_face_value: bool = option(
        True, zh='精还原不算用精',
        en='a 精 standing for its own tile type (还原) does not count as used, so the hand can still be 德国',
        source='the 冲关麻将 rules: "holds 精 that did not act as wildcards"')
    discarded_jing_is_wildcard: bool = option(
        False, zh='打出的精仍是精',
        en='when the winning tile is a discarded 精 it still acts as a wildcard; by default a discarded 精 is '
           'a plain tile',
        source='"discarded 精 loses power"; the nanchang-mahjong docs forbid winning on a discarded 精 altogether')
    heavenly_earthly_points: int = option(
        20, minimum=0, zh='天胡地胡分',
        en='天胡 / 地胡: flat points from each other player, nothing else applies',
        source='a Nanchang game server, the nanchang-mahjong docs "flat 20 each"')
    heavenly_earthly_multiplies: bool = option(
        False, zh='天胡地胡作倍数',
        en='天胡 / 地胡 are instead a ×heavenly_earthly_points row of the hand multiplier, paid with the usual '
           'shares',
        source='the 冲关麻将 rules list "×20"')
    payment_unit: int = option(
        1, minimum=1, zh='每份分数',
        en='the points of one share (M = 1)',
        source="a Nanchang game server, the nanchang-mahjong docs; the 冲关麻将 rules' scale is 2 "
               '("点炮玩家给2×2分，其他玩家各给2分").  The +5 of 德国 and the 精 settlement are not scaled')
    kong_payments: Literal['none', 'two_per_kong', 'concealed_two_others_one'] = option(
        'none', zh='杠钱',
        en='money for a kong at once, from each other player.  "none"; "two_per_kong": 2 for any kong (the '
           '冲关麻将 rules); "concealed_two_others_one": 1 for a melded or added kong, 2 for a concealed one '
           '(the nanchang-mahjong docs).  A robbed kong pays nothing.  The old values "s2" and "s3" are '
           'still accepted (read as these two)',
        source='《南昌麻将速成》 is silent; the 冲关麻将 rules and the nanchang-mahjong docs differ')

    def __post_init__(self) -> None:
        # the old values "s2" / "s3" of kong_payments are read as the names that say what they are
        object.__setattr__(self, "kong_payments", current_value("kong_payments", self.kong_payments))
        super().__post_init__()


document_config(NanchangConfig, "House-rule choices for Nanchang: every field is a point the sources leave open or "
                "disagree on (kong_payments also takes its old values s2 / s3).")


def _one_tile(text: str, what: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1 or tiles[0] >= N_KINDS:
        raise ContextError(f"{what} must be one playing tile, got {text!r}")
    return tiles[0]


# --- the win context ---------------------------------------------------------------------------------------------


JingHolding = tuple[int, int]  #: (正精 copies, 副精 copies) a seat holds, hand and melds together


@dataclass(frozen=True)
class NanchangContext(WinContext):
    """The facts of a Nanchang win that the winner's tiles do not show.

    Attributes:
        indicator: the flipped tile (翻精) as a tile id; its type is 正精, the next type 副精.  ``None`` = no 精 in
            play (every tile at face value).
        jing_held: (正精 copies, 副精 copies) held by each of the four seats at the end of the hand, hand and melds
            together.  The winner's entry is counted from the hand (``None`` there, or the same counts).  ``None`` = the other
            seats hold no 精.
        jing_kongs: seats other than the winner that declared a kong of four 精 (精杠); the winner's is read from
            the hand.
    """

    indicator: int | None = None
    jing_held: tuple[JingHolding | None, ...] | None = None
    jing_kongs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.indicator, str):  # notation such as "5m" (hand records are JSON)
            object.__setattr__(self, "indicator", _one_tile(self.indicator, "indicator"))
        if self.indicator is not None:
            if not isinstance(self.indicator, int) or isinstance(self.indicator, bool) or not 0 <= self.indicator < 34:
                raise ContextError(f"indicator must be a playing tile id 0..33, got {self.indicator!r}")
        if isinstance(self.jing_kongs, list):
            object.__setattr__(self, "jing_kongs", tuple(self.jing_kongs))
        if self.jing_held is not None:
            if self.indicator is None:
                raise ContextError("jing_held needs an indicator (which tiles are 精)")
            # the winner's entry may be None: it is counted from the hand
            entries = tuple(self.jing_held) if isinstance(self.jing_held, (tuple, list)) else ()
            if len(entries) != N_SEATS or any(
                not (h is None and seat == self.winner) and (not isinstance(h, (tuple, list)) or len(h) != 2)
                for seat, h in enumerate(entries)
            ):
                raise ContextError(f"jing_held must give (正精, 副精) copies for each of the 4 seats, got {self.jing_held!r}")
            held = tuple(None if h is None else (h[0], h[1]) for h in entries)
            for seat, h in enumerate(held):
                if h is None:
                    continue
                z, f = h
                for v in (z, f):
                    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                        raise ContextError(f"jing_held for seat {seat} must be non-negative counts, got {(z, f)!r}")
            if sum(h[0] for h in held if h is not None) > 3:
                raise ContextError("only 3 正精 are in play (the flipped copy is not a 精)")
            if sum(h[1] for h in held if h is not None) > 4:
                raise ContextError("only 4 副精 are in play")
            object.__setattr__(self, "jing_held", held)
        for s in self.jing_kongs:
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < N_SEATS:
                raise ContextError(f"jing_kongs must list seats 0..3, got {self.jing_kongs!r}")
        if len(self.jing_kongs) > 1:
            raise ContextError("only one 精杠 (the four 副精) can exist")
        if self.jing_kongs:
            if self.jing_held is None:
                raise ContextError("jing_kongs needs jing_held (a 精杠 is four 副精 held by that seat)")
            s = self.jing_kongs[0]
            if s == self.winner:
                raise ContextError("the winner's 精杠 is read from the hand; list only other seats in jing_kongs")
            entry = self.jing_held[s]
            if entry is None or entry[1] != 4:
                raise ContextError(f"seat {s} declared a 精杠 but jing_held says it holds {entry} 副精")

    @classmethod
    def from_options(cls, indicator: int | str | None = None, **winctx_fields: Any) -> NanchangContext:
        """Build from the indicator tile (id or notation such as ``"5m"`` / ``"北"``) plus plain WinContext fields
        (and ``self_drawn=True/False`` as in :meth:`WinContext.from_flags`), e.g. for ``--indicator 5m``.
        ``wildcard_tile=`` is accepted as a synonym (the 正精 is the indicator's own type)."""
        if "wildcard_tile" in winctx_fields:  # the 正精 is the indicator's own type
            if indicator is not None:
                raise ContextError("give the indicator (正精) once: indicator or wildcard_tile, not both")
            indicator = winctx_fields.pop("wildcard_tile")
        if isinstance(indicator, str):
            indicator = _one_tile(indicator, "indicator")
        return cls.from_flags(indicator=indicator, **winctx_fields)  # type: ignore[return-value]


# --- scoring ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoredReading:
    """One valid reading of the winning hand with its hand items, multiplier and win payments.

    ``owed`` maps each paying seat to what it pays for the win (精 settlement not included).
    """

    reading: Decomposition
    items: tuple[ScoreItem, ...]
    multiplier: int
    substitutes: tuple[int, ...]  #: tiles 精 stand for other than their own type (the wildcard uses)
    owed: dict[int, int]

    @property
    def gain(self) -> int:
        return sum(self.owed.values())


def _item(row: RuleRow, value: int | None = None, note: str = "") -> ScoreItem:
    return item(row, value, note=note)


def _is_triplet(m: tuple[int, ...]) -> bool:
    return m[0] == m[1] == m[2]


class Nanchang(RuleSet[NanchangConfig]):
    """Nanchang 南昌麻将 with 正精 / 副精, honor sequences, 十三烂 and the 精 settlement."""

    name = "nanchang"
    title = "Nanchang 南昌麻将 (正精/副精)"
    summary = "南昌: 7 精 wildcards, honor sequences, 十三烂, 德国 ×2 +5, separate all-pairs 精 settlement"
    Config = NanchangConfig
    Context = NanchangContext

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        return NANCHANG.replace(seven_pairs_quad_as_two=self.config.seven_pairs_quad_as_two)

    # -- inputs -----------------------------------------------------------------------------------------------

    def _context(self, context: WinContext | None) -> NanchangContext:
        if context is None:
            return NanchangContext()
        if isinstance(context, NanchangContext):
            return context
        # a plain WinContext: same facts, no 精 in play
        return NanchangContext(**{f.name: getattr(context, f.name) for f in fields(WinContext)})

    def jing_holdings(self, hand: Hand, ctx: NanchangContext) -> tuple[list[JingHolding], list[bool]]:
        """(正精, 副精) held by every seat and which seats hold a 精杠, the winner's read from ``hand``."""
        held: list[JingHolding] = [(0, 0)] * N_SEATS
        kongs = [False] * N_SEATS
        if ctx.indicator is None:
            return held, kongs
        zheng, fu = jing_tiles(ctx.indicator)
        counts = hand.all_counts
        own = (counts[zheng], counts[fu])
        if own[0] > 3:
            raise ContextError(f"the hand holds 4 {tile_name(zheng)} but the flipped indicator is one of them")
        if ctx.jing_held is not None:
            held = [h if h is not None else own for h in ctx.jing_held]
            if held[ctx.winner] != own:
                raise ContextError(
                    f"jing_held says the winner holds {held[ctx.winner]} (正精, 副精) but the hand holds {own}"
                )
        held[ctx.winner] = own
        if sum(z for z, _ in held) > 3 or sum(f for _, f in held) > 4:
            raise ContextError(f"more 精 held than exist (3 正精 + 4 副精): {held}")
        for s in ctx.jing_kongs:
            kongs[s] = True
        kongs[ctx.winner] = any(m.is_kong and m.tile == fu for m in hand.melds)
        return held, kongs

    # -- 精 settlement (算精) ----------------------------------------------------------------------------------

    def jing_points(self, held: list[JingHolding], kongs: list[bool]) -> list[int]:
        """Each seat's 精 reward: 正精 2 + 副精 1 per copy (+ 精杠 bonus), then 冲关, then 霸王精."""
        cfg = self.config
        raw = [ZHENG_JING_POINTS * z + FU_JING_POINTS * f + (cfg.jing_kong_bonus if k else 0)
               for (z, f), k in zip(held, kongs)]
        pts = [chongguan(r, cfg.chongguan_threshold) for r in raw]
        holders = [s for s, (z, f) in enumerate(held) if z + f > 0]
        if len(holders) == 1:  # 霸王精: only one of the four players holds any 精
            pts[holders[0]] *= cfg.bawang_multiplier
        return pts

    @staticmethod
    def jing_settlement(points: list[int]) -> tuple[int, ...]:
        """Every seat is paid its 精 points by each other seat (all pairs): Δᵢ = Σⱼ≠ᵢ (pᵢ − pⱼ)."""
        return tuple(sum(p - q for j, q in enumerate(points) if j != i) for i, p in enumerate(points))

    # -- readings ---------------------------------------------------------------------------------------------

    def _concealed_split(self, hand: Hand, ctx: NanchangContext) -> tuple[list[int], int, list[int]]:
        """Concealed counts with the 精 taken out, the number of 精 (wildcards), and the 精 tiles taken out."""
        counts = list(hand.counts)
        taken: list[int] = []
        if ctx.indicator is None:
            return counts, 0, taken
        zheng, fu = jing_tiles(ctx.indicator)
        keep_win = (not ctx.self_drawn) and not self.config.discarded_jing_is_wildcard
        win = hand.win_tile
        for t in (zheng, fu):
            n = counts[t]
            if keep_win and win == t:
                n -= 1  # the discarded 精 won on is a plain tile
            counts[t] -= n
            taken.extend([t] * n)
        return counts, len(taken), taken

    def _jing_diao(self, hand: Hand, ctx: NanchangContext, counts: list[int], wild: int) -> bool:
        """精钓: self-drawn, and the hand before the draw won on any tile (a 精 waiting alone)."""
        if not ctx.self_drawn or wild == 0 or hand.win_tile is None or ctx.heavenly:
            return False
        before = list(counts)
        w = wild
        if before[hand.win_tile] > 0:
            before[hand.win_tile] -= 1
        else:  # the drawn tile is itself a 精
            w -= 1
        if w == 0:
            return False
        return bool(K.waits(bytes(before), w, self.hand_rules).any_tile)

    def _substitutes(self, reading: Decomposition, taken: list[int]) -> tuple[int, ...]:
        """The tiles 精 stand for as wildcards: the assignment minus the 精 used at face value (还原)."""
        if not self.config.jing_at_face_value:
            return tuple(sorted(reading.wildcards))
        face = Counter(taken)  # copies of each 精 type held, each may stand for itself once
        subs = []
        for t in reading.wildcards:
            if face[t] > 0:
                face[t] -= 1
            else:
                subs.append(t)
        return tuple(sorted(subs))

    def _hand_type(self, hand: Hand, reading: Decomposition, subs: tuple[int, ...]) -> tuple[RuleRow, str | None]:
        """The hand-type row of a reading, or (row, reason) when the reading may not be used."""
        cfg = self.config
        if reading.form is Form.THIRTEEN_LAN:
            if not cfg.jing_in_thirteen_lan and any(is_suited(t) for t in subs):
                return HAND_TYPES["shisanlan"], "jing_in_thirteen_lan is off: 精 may not stand for 十三烂 tiles"
            honors = {t for t in reading.singles if is_honor(t)}
            if len(honors) == 7 and not (cfg.seven_star_honors_natural and any(is_honor(t) for t in subs)):
                return HAND_TYPES["qixing_shisanlan"], None
            return HAND_TYPES["shisanlan"], None
        if reading.form is Form.SEVEN_PAIRS:
            return HAND_TYPES["qidui"], None
        if reading.form is Form.REGULAR:
            exposed_all_pungs = all(m.kind is not MeldKind.CHOW for m in hand.melds)
            if exposed_all_pungs and all(_is_triplet(m) for m in reading.melds):
                return HAND_TYPES["da_qidui"], None
            return HAND_TYPES["pinghu"], None
        return HAND_TYPES["pinghu"], f"form {reading.form.name} is not a Nanchang hand"

    def _owed(self, ctx: NanchangContext, mult: int, bonus: int, jing_diao: bool) -> dict[int, int]:
        """What each payer owes for a win with hand multiplier ``mult`` (+5 bonus rules applied per payer)."""
        owed: dict[int, int] = {}
        for p in range(N_SEATS):
            share = self._payer_share(ctx, p, mult, bonus, jing_diao)
            if share is not None:
                owed[p] = share[0]
        if ctx.robbing_kong and self.config.robbing_kong_konger_pays_all and ctx.discarder is not None:
            owed = {ctx.discarder: sum(owed.values())}
        return owed

    def _payer_share(self, ctx: NanchangContext, p: int, mult: int, bonus: int,
                     jing_diao: bool) -> tuple[int, str, str] | None:
        """One payer's amount for a win and how it is reached (zh, en), or None if the seat does not pay."""
        cfg = self.config
        if p == ctx.winner:
            return None
        if ctx.self_drawn or p == ctx.discarder:
            share = 2
        elif cfg.discard_payment == "all_three":
            share = 1
        else:
            return None
        amount = share * cfg.payment_unit * mult
        zh, en = f"{share} × {cfg.payment_unit} × {mult}", f"{share} × {cfg.payment_unit} × {mult}"
        doubled = 1
        if cfg.dealer_doubling == "payer_or_winner":
            if p == ctx.dealer or ctx.winner == ctx.dealer:
                doubled *= 2
        else:
            if ctx.winner == ctx.dealer:
                doubled *= 2
            if p == ctx.dealer and p == ctx.discarder:
                doubled *= 2
        if doubled > 1:
            amount *= doubled
            zh, en = f"{zh} × {doubled}（庄家翻倍）", f"{en} × {doubled} (dealer doubling)"
        if bonus and (ctx.self_drawn or p == ctx.discarder or cfg.deguo_bonus_payers == "all"):
            amount += bonus
            zh, en = f"{zh} + {bonus}（德国）", f"{en} + {bonus} (clean hand)"
        if jing_diao and cfg.jing_diao_bonus:
            amount += cfg.jing_diao_bonus
            zh, en = f"{zh} + {cfg.jing_diao_bonus}（精吊）", f"{en} + {cfg.jing_diao_bonus} (jing single wait)"
        if cfg.cap_per_payer is not None and amount > cfg.cap_per_payer:
            amount = cfg.cap_per_payer
            zh, en = f"{zh}，封顶 {amount}", f"{en}, capped at {amount}"
        return amount, f"{zh} = {amount}", f"{en} = {amount}"

    def readings(self, hand: Hand | str, context: WinContext | None = None) -> tuple[list[ScoredReading], list[str]]:
        """Every reading of the winning hand scored (valid ones), and the reasons the others were refused."""
        h = self._hand(hand)
        h.check_size(13, complete=True)
        ctx = self._context(context)
        if ctx.kong_replacement and not any(m.is_kong for m in h.melds):
            raise ContextError("杠开 (kong_replacement) needs a kong among the melds")
        held, _ = self.jing_holdings(h, ctx)
        counts, wild, taken = self._concealed_split(h, ctx)
        rules = self.hand_rules
        decomps = K.decompositions(bytes(counts), wild, rules)
        if not decomps:
            raise NotWinningError(
                f"not a winning Nanchang hand: {h} (with {wild} 精 as wildcards) is not 4 sets + a pair, 七对 or 十三烂"
            )
        others_hold = any(z + f for s, (z, f) in enumerate(held) if s != ctx.winner)
        jing_diao = self._jing_diao(h, ctx, counts, wild)
        cfg = self.config
        out: list[ScoredReading] = []
        refused: list[str] = []
        memo: dict[tuple[str, bool], tuple[tuple[ScoreItem, ...], int, dict[int, int]]] = {}
        for d in decomps:
            subs = self._substitutes(d, taken)
            row, reason = self._hand_type(h, d, subs)
            if reason is None and row.key == "pinghu" and subs and not ctx.self_drawn \
                    and not cfg.pinghu_with_jing_ron_allowed:
                reason = "平胡 using 精 as wildcards can only be won by self-draw (精牌作为替代牌时，平胡只能自摸)"
            if reason is not None:
                refused.append(reason)
                continue
            # the items depend only on the hand type and on whether any 精 acted as a wildcard: with many 精 there
            # are thousands of readings, so score each kind once
            memo_key = (row.key, bool(subs))
            if memo_key in memo:
                items_t, mult, owed = memo[memo_key]
                out.append(ScoredReading(d, items_t, mult, subs, owed))
                continue
            value = cfg.big_seven_pairs_multiplier if row.key == "da_qidui" else row.value
            items = [_item(row, value)]
            bonus = 0
            if not subs:  # 德国: no 精 acted as a wildcard
                items.append(_item(MULTIPLIERS["deguo"]))
                if not others_hold:  # 德中德: and no other player holds a 精 (its 不计 list drops 德国)
                    items.append(_item(MULTIPLIERS["dezhongde"]))
                bonus = DEGUO_BONUS
                if cfg.seven_pairs_deguo_double and row.key in ("qidui", "da_qidui"):
                    items.append(ScoreItem("deguo_pairs_double", "七对德国加倍", "clean seven pairs doubled", 2, 1,
                                           "x", "option seven_pairs_deguo_double"))
            if jing_diao:
                items.append(_item(MULTIPLIERS["jingdiao"]))
            if ctx.kong_replacement:
                items.append(_item(MULTIPLIERS["gangkai"], cfg.kong_flower_multiplier))
            if ctx.robbing_kong:
                items.append(_item(MULTIPLIERS["qianggang"]))
            if (ctx.heavenly or ctx.earthly) and cfg.heavenly_earthly_multiplies:
                zh, en = ("天胡", "heavenly win") if ctx.heavenly else ("地胡", "earthly win")
                items.append(ScoreItem("tianhu" if ctx.heavenly else "dihu", zh, en, cfg.heavenly_earthly_points,
                                       1, "x", "×20 (option heavenly_earthly_multiplies)"))
            items = drop_excluded(items, _ROWS)
            mult = 1
            for it in items:
                mult *= it.value
            if bonus:
                items.append(ScoreItem("deguo_bonus", "德国加5子", "clean hand extra per payer", bonus, 1, "pt",
                                       "the discarder (on a self-draw every payer) adds 5"))
            memo[memo_key] = (tuple(items), mult, self._owed(ctx, mult, bonus, jing_diao))
            out.append(ScoredReading(d, *memo[memo_key][:2], subs, memo[memo_key][2]))
        return out, refused

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a Nanchang win: the best reading's win payments plus the all-pairs 精 settlement."""
        h = self._hand(hand)
        ctx = self._context(context)
        scored, refused = self.readings(h, ctx)
        if not scored:
            raise NotWinningError(f"no reading of {h} may win here: {refused[0]}")
        held, kongs = self.jing_holdings(h, ctx)
        cfg = self.config
        flat = (ctx.heavenly or ctx.earthly) and not cfg.heavenly_earthly_multiplies
        if flat:
            best = scored[0]
            key, zh, en = ("tianhu", "天胡", "heavenly win") if ctx.heavenly else ("dihu", "地胡", "earthly win")
            items: tuple[ScoreItem, ...] = (ScoreItem(key, zh, en, cfg.heavenly_earthly_points, 1, "pt",
                                                      "flat from each other player; nothing else applies"),)
            owed = {p: cfg.heavenly_earthly_points for p in range(N_SEATS) if p != ctx.winner}
            total = cfg.heavenly_earthly_points
        else:
            best = max(scored, key=lambda r: r.gain)  # max() keeps the first of equal readings
            items = best.items
            owed = best.owed
            total = best.multiplier
        win_pay = [0] * N_SEATS
        for p, amt in owed.items():
            win_pay[p] -= amt
            win_pay[ctx.winner] += amt
        points = self.jing_points(held, kongs)
        jing = self.jing_settlement(points)
        payments = tuple(a + b for a, b in zip(win_pay, jing))
        zheng_fu = jing_tiles(ctx.indicator) if ctx.indicator is not None else None
        details: dict[str, Any] = {
            "jing": [tile_name(t) for t in zheng_fu] if zheng_fu else None,
            "jing_held": [list(x) for x in held],
            "jing_points": points,
            "jing_settlement": list(jing),
            "win_payments": win_pay,
            "owed": {str(k): v for k, v in owed.items()},
            "substitutes": [tile_name(t) for t in best.substitutes],
        }
        details.update(arithmetic_details(*self._arithmetic(ctx, best, flat, owed, points, jing, payments)))
        return ScoreResult(
            ruleset=self.name,
            items=items,
            total=total,
            unit="pt" if flat else "x",
            reading=best.reading,
            wait=None,
            valid=True,
            payments=payments,
            details=details,
        )

    def _arithmetic(self, ctx: NanchangContext, best: ScoredReading, flat: bool, owed: dict[int, int],
                    points: list[int], jing: tuple[int, ...], payments: tuple[int, ...]) -> list[tuple[str, str]]:
        """Win payments, then the 精 settlement, then the sum: the lines people follow."""
        lines: list[tuple[str, str]] = []
        bonus = sum(i.value for i in best.items if i.unit == "pt")
        jing_diao = any(i.key == MULTIPLIERS["jingdiao"].key for i in best.items)
        for p in sorted(owed):
            share = None if flat else self._payer_share(ctx, p, best.multiplier, bonus, jing_diao)
            if share is not None and share[0] == owed[p]:
                lines.append((f"{p} 号座位付：{share[1]}", f"seat {p} pays {share[2]}"))
            else:
                lines.append((f"{p} 号座位付 {owed[p]}", f"seat {p} pays {owed[p]}"))
        if any(jing):
            pts = "，".join(f"{s} 号 {v}" for s, v in enumerate(points))
            pts_en = ", ".join(f"seat {s} {v}" for s, v in enumerate(points))
            net = " ".join(f"{s}:{v:+d}" for s, v in enumerate(jing))
            lines.append((f"精分 {pts}；每两家互付差额：{net}", f"jing points {pts_en}; every pair of seats "
                          f"settles the difference: {net}"))
        total = " ".join(f"{s}:{v:+d}" for s, v in enumerate(payments))
        lines.append((f"合计 {total}", f"in all {total}"))
        return lines

    # -- whole-hand settlement ----------------------------------------------------------------------------------

    def settle(self, record: HandRecord) -> Settlement:
        """Each win's payments (win shares + 精 settlement, :meth:`score`), plus the kong money of
        ``kong_payments`` for every kong event that was not robbed."""
        from mahjong.settlement import Kong, Payment, Settlement, settle_by_wins

        base = settle_by_wins(self, record)
        lines = list(base.lines)
        mode = self.config.kong_payments
        if mode != "none":
            for i, ev in enumerate(record.events):
                if not isinstance(ev, Kong) or ev.robbed:
                    continue
                amount = 2 if mode == "two_per_kong" or ev.kind == "concealed" else 1
                for payer in range(N_SEATS):
                    if payer != ev.seat:
                        lines.append(Payment(payer, ev.seat, amount, f"kong.{ev.kind}", i,
                                             f"kong money ({amount} from each)"))
        return Settlement.from_lines(record.ruleset, lines, base.results, dict(base.details))
