"""Nanchang 南昌麻将: 正精 / 副精 wildcards, honor sequences, 十三烂, 德国, and the separate 精 settlement.

Sources: 《南昌麻将速成》 "南昌麻将速成(含规则、算精、算胡)" is binding for what it states (tiles, honor sequences,
十三烂 / 七星十三烂, how 精 are chosen, 霸王精, 精钓, 冲关, 德国 / 德国德); its published copy breaks off before any
payment rule, so the hand multipliers and payments follow public Nanchang game servers (a Java game server, the
吉安 冲关麻将 rules and a family scoring web app).  Every point where those sources disagree is an option.

The table is a rule book, and the generic rule book scores it: its rows (hand types and multipliers,
:class:`~mahjong.rulebook.rows.RuleRow` with predicates from the shared library), its options, the payment by shares
with the 德国 / 精钓 bonuses (``[payment.shares]``, ``[[payment.bonuses]]``), the reading the payers pay most for
(``[scoring] best``), 天胡 / 地胡 paid flat (``[scoring] flat_group``), the readings that may not win
(``[[win.refusals]]``) and a discarded 精 won on as a plain tile (``[wildcards] discarded_plain``) are read from
``mahjong/rulebook/games/nanchang.toml``.  This module keeps what the file cannot say, each as a named hook of
:class:`Nanchang` that :meth:`~mahjong.rulebook.book.BookRuleSet.score` calls:

* :meth:`Nanchang.wildcard_holdings` (:meth:`Nanchang.jing_holdings`) — the 精 each seat holds, checked against the
  hand, settled with the win between every pair of seats by the file's ``[wildcards.points]`` (正精 2, 副精 1, 精杠,
  冲关, 霸王精; :meth:`Nanchang.jing_points`, :meth:`Nanchang.jing_settlement`); the rule book works out from them
  and the hand the facts the rows read that the file declares (``others_hold_wildcards`` for 德中德,
  ``waited_on_any_tile`` for 精钓);
* :meth:`Nanchang.reading_class` — (speed) readings alike in what the rows read are scored once.

How a win is scored:

1. The 精 are the indicator's tile type (正精; 3 copies in play, the flipped copy is not a 精) and the next type
   in the 首尾循环 order (副精; 4 copies).  Concealed 精 are taken out of the hand and given to the kernels as
   ``wildcards``; every reading the kernels return is seen through the reading view and its rows counted, and the
   best one for the winner is kept.  A 精 standing for its own tile type is "at face value" (还原) and is not used
   as a wildcard.
2. The hand multiplier ``M`` is the product of the counted rows: the hand type (平胡 / 七对 / 大七对 / 十三烂 /
   七星十三烂) and the multipliers (德国 or 德中德, 精钓, 杠开, 抢杠).
3. Per payer: 2·M (self-draw, or the discarder) or 1·M (the others on a discard win), ×2 where the dealer is
   involved, then +5 for 德国 / 德中德.  天胡 / 地胡 pay a flat 20 from each, nothing else.
4. Separately, every seat's 精 points (正精 2, 副精 1, 精杠 bonus; 冲关 n·(n−3); 霸王精 ×2) are settled between
   every pair of seats.  That is why "胡牌者不一定赢、放炮者不一定输".
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from mahjong.errors import ContextError
from mahjong.framework import N_SEATS, WinContext
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook, indicated_kinds
from mahjong.rulebook.expr import BUILTINS, Node, evaluate
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow, current_value
from mahjong.rulebook.strategies import all_pairs_settlement
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config
from mahjong.tiles import N_KINDS, parse_tiles, tile_name
from mahjong.types import Decomposition

if TYPE_CHECKING:
    from mahjong.settlement import Draw, HandRecord, Payment, Settlement

__all__ = [
    "next_tile",
    "jing_tiles",
    "chongguan",
    "NanchangConfig",
    "NanchangContext",
    "Nanchang",
    "BOOK",
    "ROWS",
    "HAND_TYPES",
    "MULTIPLIERS",
]


# --- 精: which tiles, and how many points they are worth --------------------------------------------------------


def next_tile(t: int) -> int:
    """The tile after ``t`` in the 首尾循环 order: 1→2…→9→1 in a suit, 东→南→西→北→东, 中→发→白→中.

    《南昌麻将速成》: "顺序：1、2…8、9；东南西北、中发白，首尾循环".
    """
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < N_KINDS:
        raise ContextError(f"not a playing tile id: {t!r}")
    if t < 27:
        base = t - t % 9
        return base + (t % 9 + 1) % 9
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


def jing_tiles(indicator: int, book: RuleBook | None = None) -> tuple[int, int]:
    """(正精, 副精) for a flipped indicator tile: 正精 is the flipped tile's type, 副精 the next one — the rule
    file's ``[wildcards]`` (``indicator_is_wild``, ``indicator_kinds = 2``), read by the generic code.

    《南昌麻将速成》: "翻开的牌为正精，在顺序上紧接着翻开的牌之后的为副精，一副牌里有7张精，翻开的那张不算".
    """
    b = BOOK if book is None else book
    got = _JING.get((id(b), indicator))
    if got is None or got[0] is not b:
        next_tile(indicator)  # (checks the tile)
        zheng, fu = indicated_kinds(b, indicator)
        got = _JING[(id(b), indicator)] = (b, (zheng, fu))
    return got[1]


#: (book id, indicator) -> (the book, its (正精, 副精)): worked out once (a score asks several times)
_JING: dict[tuple[int, Any], tuple[RuleBook, tuple[int, int]]] = {}


def chongguan(points: int, threshold: int = 5) -> int:
    """冲关: a 精 reward of n ≥ 5 子 becomes n × (n − 3) (《南昌麻将速成》: 5→10, 6→18, 7→28, 8→40, 9→54, 10→70);
    the rule file's ``[wildcards.points] breakthrough`` / ``breakthrough_offset`` say it for the game."""
    if points >= threshold:
        return points * (points - _breakthrough_offset())
    return points


def _breakthrough_offset() -> int:
    """The ``n × (n − k)`` of 冲关's ``k``, as the rule file writes it (``[wildcards.points] breakthrough_offset``)."""
    wp = BOOK.wildcard_points
    assert wp is not None
    return int(evaluate(wp.breakthrough_offset, {}, BUILTINS))


# --- the rule book: hand types, multipliers, options ---------------------------------------------------------

#: the table as a rule book (the one source of its rows and of its options' defaults, limits and documentation)
BOOK: RuleBook = load_book(str(resources.files("mahjong.rulebook") / "games" / "nanchang.toml"))

#: the rows in the book's order (a row whose value is an option shows 0 here: see :attr:`Nanchang.rows`)
ROWS: tuple[RuleRow, ...] = BOOK.rows
#: hand types (exactly one applies)
HAND_TYPES: dict[str, RuleRow] = {r.key: r for r in ROWS if r.group == "hand_type"}
#: multipliers that stack on the hand type
MULTIPLIERS: dict[str, RuleRow] = {r.key: r for r in ROWS if r.group != "hand_type" and r.unit == "x"}

#: readings that may not win, each with its reason: the file's ``[[win.refusals]]`` (expressions over the predicate
#: library and the options)
REFUSALS: tuple[tuple[Node, str], ...] = BOOK.refusals

def _option(name: str) -> Any:
    """A config field whose default, limits and documentation are the book's option ``name``."""
    _type, default, meta = BOOK.options[name]
    return option(default, **meta)


@dataclass(frozen=True)
class NanchangConfig(ValidatedConfig):
    owner = "nanchang"

    all_pungs_multiplier: int = _option("all_pungs_multiplier")
    jing_diao_bonus: int = _option("jing_diao_bonus")
    kong_flower_multiplier: int = _option("kong_flower_multiplier")
    robbing_kong_konger_pays_all: bool = _option("robbing_kong_konger_pays_all")
    dealer_doubling: Literal["payer_or_winner", "winner_or_discarder"] = _option("dealer_doubling")
    discard_payment: Literal["all_three", "discarder_only"] = _option("discard_payment")
    deguo_bonus_payers: Literal["discarder", "all"] = _option("deguo_bonus_payers")
    max_points: int | None = _option("max_points")
    pinghu_with_jing_ron_allowed: bool = _option("pinghu_with_jing_ron_allowed")
    bawang_multiplier: int = _option("bawang_multiplier")
    chongguan_threshold: int = _option("chongguan_threshold")
    jing_kong_bonus: int = _option("jing_kong_bonus")
    seven_pairs_deguo_double: bool = _option("seven_pairs_deguo_double")
    seven_pairs_quad_as_two: bool = _option("seven_pairs_quad_as_two")
    jing_in_thirteen_lan: bool = _option("jing_in_thirteen_lan")
    seven_star_honors_natural: bool = _option("seven_star_honors_natural")
    jing_at_face_value: bool = _option("jing_at_face_value")
    discarded_jing_is_wildcard: bool = _option("discarded_jing_is_wildcard")
    heavenly_earthly_points: int = _option("heavenly_earthly_points")
    heavenly_earthly_multiplies: bool = _option("heavenly_earthly_multiplies")
    payment_unit: int = _option("payment_unit")
    kong_payments: Literal["none", "two_per_kong", "concealed_two_others_one"] = _option("kong_payments")
    jing_at_draw: bool = _option("jing_at_draw")

    def __post_init__(self) -> None:
        # the old values "s2" / "s3" of kong_payments are read as the names that say what they are
        object.__setattr__(self, "kong_payments", current_value("kong_payments", self.kong_payments))
        super().__post_init__()


document_config(NanchangConfig, "House-rule choices for Nanchang: every field is a point the sources leave open or "
                "disagree on (kong_payments also takes its old values s2 / s3; all_pungs_multiplier and max_points "
                "their old names big_seven_pairs_multiplier and cap_per_payer).")


def _one_tile(text: str, what: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1 or tiles[0] >= N_KINDS:
        raise ContextError(f"{what} must be one playing tile, got {text!r}")
    return tiles[0]



# --- the win context ---------------------------------------------------------------------------------------------


JingHolding = tuple[int, int]  #: (正精 copies, 副精 copies) a seat holds, hand and melds together


def _checked_indicator(value: Any) -> int:
    """The 精 indicator as a playing tile id (notation such as ``"5m"`` taken: hand records are JSON)."""
    if isinstance(value, str):
        value = _one_tile(value, "indicator")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < N_KINDS:
        raise ContextError(f"indicator must be a playing tile id 0..33, got {value!r}")
    return value


def _checked_holdings(given: Any, kongs: Any, winner: int | None) -> tuple[tuple[JingHolding | None, ...],
                                                                           tuple[int, ...]]:
    """``jing_held`` and ``jing_kongs`` checked, as a win gives them or a drawn hand's record (``winner`` None):
    a (正精, 副精) pair of counts for each of the four seats (the winner's may be None: counted from its hand), at
    most 3 正精 and 4 副精 in play, and at most one 精杠, held by a seat with the four 副精 (not the winner: its
    kong is read from its hand)."""
    entries = tuple(given) if isinstance(given, (tuple, list)) else ()
    if len(entries) != N_SEATS or any(
        not (h is None and seat == winner) and (not isinstance(h, (tuple, list)) or len(h) != 2)
        for seat, h in enumerate(entries)
    ):
        raise ContextError(f"jing_held must give (正精, 副精) copies for each of the 4 seats, got {given!r}")
    held = tuple(None if h is None else (h[0], h[1]) for h in entries)
    for seat, h in enumerate(held):
        if h is not None and any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in h):
            raise ContextError(f"jing_held for seat {seat} must be non-negative counts, got {h!r}")
    if sum(h[0] for h in held if h is not None) > 3:
        raise ContextError("only 3 正精 are in play (the flipped copy is not a 精)")
    if sum(h[1] for h in held if h is not None) > 4:
        raise ContextError("only 4 副精 are in play")
    seats = tuple(kongs) if isinstance(kongs, (tuple, list)) else None
    if seats is None or any(not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < N_SEATS for k in seats):
        raise ContextError(f"jing_kongs must list seats 0..3, got {kongs!r}")
    if len(seats) > 1:
        raise ContextError("only one 精杠 (the four 副精) can exist")
    for k in seats:
        if k == winner:
            raise ContextError("the winner's 精杠 is read from the hand; list only other seats in jing_kongs")
        entry = held[k]
        if entry is None or entry[1] != 4:
            raise ContextError(f"seat {k} declared a 精杠 but jing_held says it holds {entry} 副精")
    return held, seats


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
        if self.indicator is not None:
            object.__setattr__(self, "indicator", _checked_indicator(self.indicator))
        if self.jing_held is not None:
            if self.indicator is None:
                raise ContextError("jing_held needs an indicator (which tiles are 精)")
            held, kongs = _checked_holdings(self.jing_held, self.jing_kongs, self.winner)
            object.__setattr__(self, "jing_held", held)
            object.__setattr__(self, "jing_kongs", kongs)
        elif self.jing_kongs:
            raise ContextError("jing_kongs needs jing_held (a 精杠 is four 副精 held by that seat)")
        else:
            object.__setattr__(self, "jing_kongs", ())  # (an empty list given: kept as the field's type)

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


class Nanchang(BookRuleSet):
    """Nanchang 南昌麻将 with 正精 / 副精, honor sequences, 十三烂 and the 精 settlement."""

    name = "nanchang"
    title = "Nanchang 南昌麻将 (正精/副精)"
    summary = "南昌: 7 精 wildcards, honor sequences, 十三烂, 德国 ×2 +5, separate all-pairs 精 settlement"
    book = BOOK
    Config = NanchangConfig
    Context = NanchangContext
    config: NanchangConfig

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    @property
    def hand_rules(self) -> HandRules:
        got: HandRules | None = self.__dict__.get("_hand_rules")
        if got is None:
            # the shapes are the file's: honor sequences, 十三烂, 七对, at most 7 精 ([win], [wildcards])
            got = self.book.hand_rules.replace(seven_pairs_quad_as_two=self.config.seven_pairs_quad_as_two)
            self.__dict__["_hand_rules"] = got
        return got

    # -- inputs -----------------------------------------------------------------------------------------------

    def _context(self, context: WinContext | None) -> NanchangContext:
        if context is None:
            return NanchangContext()
        if isinstance(context, NanchangContext):
            return context
        # a plain WinContext: same facts, no 精 in play
        return NanchangContext(**{f.name: getattr(context, f.name) for f in fields(WinContext)})

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        return self._context(context)

    def wildcard_kinds(self, ctx: WinContext) -> frozenset[int]:
        """Hook: the tile kinds that are 精 in this hand (正精 and 副精; none without an indicator)."""
        ind = getattr(ctx, "indicator", None)
        return frozenset(jing_tiles(ind, self.book)) if ind is not None else frozenset()

    def jing_holdings(self, hand: Hand, ctx: NanchangContext) -> tuple[list[JingHolding], list[bool]]:
        """Hook: (正精, 副精) held by every seat and which seats hold a 精杠, the winner's read from ``hand``."""
        held: list[JingHolding] = [(0, 0)] * N_SEATS
        kongs = [False] * N_SEATS
        if ctx.indicator is None:
            return held, kongs
        zheng, fu = jing_tiles(ctx.indicator, self.book)
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
        """Hook: each seat's 精 reward, the file's ``[wildcards.points]``: 正精 2 + 副精 1 per copy (+ 精杠 bonus),
        then 冲关, then 霸王精 (:meth:`~mahjong.rulebook.book.BookRuleSet.holding_points`)."""
        return self.holding_points(held, kongs)

    @staticmethod
    def jing_settlement(points: list[int]) -> tuple[int, ...]:
        """Hook: every seat is paid its 精 points by each other seat (all pairs): Δᵢ = Σⱼ≠ᵢ (pᵢ − pⱼ)."""
        return all_pairs_settlement(points)

    def draw_jing_lines(self, draw: Draw, event: int) -> list[Payment]:
        """黄庄: the 精 each seat holds at the wall's end (hand and melds; the draw's ``indicator`` fact says which
        tiles are 精) settled as after a win: each seat pays every other its 精 points (:meth:`jing_points`).  The
        holdings are the draw's facts ``jing_held`` (正精, 副精 per seat) and ``jing_kongs`` (the seats holding a
        精杠) where the record gives them (a game records them), else they are counted from its final hands."""
        from mahjong.settlement import Payment

        indicator = draw.facts.get("indicator")
        if indicator is None:
            return []
        indicator = _checked_indicator(indicator)
        if "jing_held" in draw.facts:
            given, seats = _checked_holdings(draw.facts["jing_held"], draw.facts.get("jing_kongs", ()), None)
            held = [h for h in given if h is not None]
            kongs = [s in seats for s in range(N_SEATS)]
        else:
            zheng, fu = jing_tiles(indicator, self.book)
            held = [(0, 0)] * N_SEATS
            kongs = [False] * N_SEATS
            for seat in draw.hands:
                hand = draw.hand(seat)
                counts = hand.all_counts
                held[seat] = (counts[zheng], counts[fu])
                kongs[seat] = any(m.is_kong and m.tile == fu for m in hand.melds)
        points = self.jing_points(held, kongs)
        return [Payment(payer, payee, points[payee], "jing", event, "算精") for payer in range(N_SEATS)
                for payee in range(N_SEATS) if payer != payee and points[payee]]

    # -- what the book's rows read that the win context does not say ------------------------------------------

    #: the compiled book reads the 精 held off this hook (the points of the file's [wildcards.points], and 德中德's
    #: others_hold_wildcards), so it counts what the rule book does: the hand core counts the same itself
    compiled_overrides = frozenset({"wildcard_holdings"})
    #: the context's fields :meth:`wildcard_holdings` reads (the 精 each seat holds), which the hand core counts
    holdings_facts = frozenset({"indicator", "jing_held", "jing_kongs"})

    def wildcard_holdings(self, hand: Hand, ctx: WinContext) -> tuple[list[JingHolding], list[bool]]:
        """Hook: the 精 each seat holds and the 精杠, settled with the win (:meth:`jing_holdings`)."""
        return self.jing_holdings(hand, self._context(ctx))

    def reading_class(self, d: Decomposition, wildcard_tiles: tuple[int, ...]) -> tuple[Any, ...]:
        """Hook (speed): what the book's rows read of a reading — its form, how many of its sets are pungs, the
        honor kinds among its single tiles, and how many 精 stand for honors and for suited tiles, with and
        without those at face value.  Readings alike in these are scored once: a hand with five 精 has over two
        thousand readings, and they fall into a handful of classes (a test checks the classes against scoring
        every reading)."""
        honor_all = honor_stand_ins = suited_stand_ins = 0
        if d.wildcards:
            own = list(wildcard_tiles)
            for t in d.wildcards:
                honor = t >= 27  # a wind or a dragon
                honor_all += honor
                if t in own:
                    own.remove(t)
                elif honor:
                    honor_stand_ins += 1
                else:
                    suited_stand_ins += 1
        pungs = 0
        for m in d.melds:
            pungs += m[0] == m[1]
        honors = len({t for t in d.singles if t >= 27}) if d.singles else 0
        return (d.form, pungs, honors, honor_all, honor_stand_ins, suited_stand_ins)

    # -- whole-hand settlement ----------------------------------------------------------------------------------

    def draw_settles_holdings(self) -> bool:
        """A drawn hand settles the 精 held alone (:meth:`draw_jing_lines`, every hook of it this class's own)
        where no kong money is paid (``kong_payments`` none)."""
        cls = type(self)
        return (self.config.kong_payments == "none" and cls.settle is Nanchang.settle
                and cls.draw_jing_lines is Nanchang.draw_jing_lines and cls.jing_points is Nanchang.jing_points
                and cls.jing_settlement is Nanchang.jing_settlement and cls.holding_points is Nanchang.holding_points)

    def won_hands_settle_by_wins(self) -> bool:
        """A won hand is settled by its wins alone (win shares and the 精 settled at the win, :meth:`score`:
        :meth:`settle` adds nothing to it) where no kong money is paid (``kong_payments`` none) and
        :meth:`settle` is this class's."""
        return self.config.kong_payments == "none" and type(self).settle is Nanchang.settle

    def settle(self, record: HandRecord) -> Settlement:
        """Each win's payments (win shares + 精 settlement, :meth:`score`), plus the kong money of
        ``kong_payments`` for every kong event that was not robbed; at 黄庄, with ``jing_at_draw``, the 精 held in
        the final hands (:meth:`draw_jing_lines`)."""
        from mahjong.settlement import Draw, Kong, Payment, Settlement, settle_by_wins

        base = settle_by_wins(self, record)
        lines = list(base.lines)
        if self.holdings_at_draw() and not record.wins:
            for i, ev in enumerate(record.events):
                if isinstance(ev, Draw):
                    lines += self.draw_jing_lines(ev, i)
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
