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

The rule table is a rule book, ``mahjong/rulebook/games/jinshan.toml`` (its rows: the 直接辣子 hands, Part One,
Part Two with a discard and a self-drawn value, the 翻; its options).  This module adds only what is Jinshan's own,
as named hooks: :meth:`Jinshan.winning_hand` (the 百搭 held among the flowers, the winning tile by the notation's
rule), :meth:`Jinshan.best_placement` (the 百搭 search: every reading the kernels give — decomposition and 百搭
substitution — and every place the winning tile can sit in it, hence every wait, best total kept), the 辣子
aggregation (:func:`~mahjong.rulebook.strategies.doubled_with_cap_hands`) and the payments
(:func:`~mahjong.rulebook.strategies.dealer_factor_payments`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any, ClassVar, Literal

from mahjong._kernels import backend_module as _K
from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import ScoreResult, WinContext, zero_sum_payments
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.expr import BUILTINS, evaluate
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.predicates import wildcard_as_fifth_copy
from mahjong.rulebook.reading import Reading, build_reading, win_placements
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import CappedValue, dealer_factor_payments, doubled_with_cap_hands
from mahjong.rules import HandRules
from mahjong.rulesets._rulebook import describe_config, document_config
from mahjong.tiles import is_flower, parse_tiles
from mahjong.types import Form

__all__ = ["JinshanConfig", "JinshanContext", "Jinshan", "BOOK", "ROWS", "row"]

SEASONS = (34, 35, 36, 37)  #: 春夏秋冬 — 花
WILDCARD_FLOWERS = (38, 39, 40, 41)  #: 梅兰竹菊 — 百搭

#: the rule table as a rule book (the one source of its rows and of its options' documentation)
BOOK: RuleBook = load_book(str(resources.files("mahjong.rulebook") / "games" / "jinshan.toml"))
#: the table's rows, in the book's order (直接辣子, Part One, Part Two, 翻)
ROWS: tuple[RuleRow, ...] = BOOK.rows
_ROW = {r.key: r for r in ROWS}


def row(key: str) -> RuleRow:
    """A row of the table by key."""
    try:
        return _ROW[key]
    except KeyError:
        raise RulesError(f"no row {key!r} in the Jinshan table") from None


def _meta(name: str) -> dict[str, Any]:
    """The documentation of one of the book's options, as field metadata."""
    m = BOOK.options[name][2]
    return {"zh": m.get("zh", ""), "en": m.get("en", ""), "source": m.get("source", "")}


# --- configuration ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class JinshanConfig(ValidatedConfig):
    owner = "jinshan"

    max_points: int = option(200, minimum=1, **_meta("max_points"))  # old name: laizi_cap
    min_hu: int = option(20, minimum=0, **_meta("min_hu"))
    fan_mode: Literal["double", "linear"] = option("double", **_meta("fan_mode"))
    thirteen_orphans_win: bool = option(True, **_meta("thirteen_orphans_win"))  # old name: thirteen_orphans
    thirteen_orphans_needs_flower: bool = option(True, **_meta("thirteen_orphans_needs_flower"))
    thirteen_orphans_pair_2hu: bool = option(False, **_meta("thirteen_orphans_pair_2hu"))
    single_wait_pair_bonus: bool = option(False, **_meta("single_wait_pair_bonus"))
    discard_payment: Literal["discarder", "all"] = option("discarder", **_meta("discard_payment"))
    dealer_factor: int = option(1, minimum=1, **_meta("dealer_factor"))


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


# --- scoring ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Best:
    value: CappedValue
    reading: Reading


_MELD_RE = re.compile(r"\[[^\[\]]*\]")


def _last_concealed_written(text: str) -> int | None:
    """The winning tile by the notation's rule: the last concealed (non-flower) tile written."""
    tiles = [t for t in parse_tiles(_MELD_RE.sub(" ", text)) if not is_flower(t)]
    return tiles[-1] if tiles else None


class Jinshan(BookRuleSet):
    """金山 有麻子: 花 and 百搭, Part One / Part Two hu, 翻, the 辣子 cap (《金山麻将胡数算法》)."""

    name: ClassVar[str] = "jinshan"
    title: ClassVar[str] = "Jinshan 金山麻将 有麻子 (花 + 百搭)"
    summary: ClassVar[str] = "Jinshan 金山 有麻子: 4 百搭 wildcards, hu table × 2^翻, 辣子 cap"
    book: ClassVar[RuleBook] = BOOK
    Config: ClassVar[type] = JinshanConfig
    Context: ClassVar[type[WinContext]] = JinshanContext
    config: JinshanConfig

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    def _options(self) -> dict[str, Any]:
        got: dict[str, Any] | None = self.__dict__.get("_opts")  # the config is frozen: read it once
        if got is None:
            got = self.__dict__["_opts"] = super()._options()
        return got

    @property
    def hand_rules(self) -> HandRules:
        # 七对 is not a Jinshan hand; 十三幺 is (a 辣子 hand) unless the table leaves it out.
        got: HandRules | None = self.__dict__.get("_hand_rules")  # the config is frozen: made once
        if got is None:
            got = self.__dict__["_hand_rules"] = HandRules(
                seven_pairs=False, thirteen_orphans=self.config.thirteen_orphans_win, max_wildcards=4)
        return got

    def tiles_held(self, hand: Hand) -> int:
        """百搭 (梅兰竹菊, written among the flowers) count as tiles of the hand."""
        return hand.tile_count + sum(1 for f in hand.flowers if f in WILDCARD_FLOWERS)

    # --- hooks ------------------------------------------------------------------------------------------

    def winning_hand(self, hand: Hand | str, ctx: JinshanContext) -> tuple[Hand, int]:
        """The hand and the number of 百搭 it holds (梅兰竹菊 written among the flowers), checked: 14 tiles with the
        百搭, a winning tile (written last, or a 百搭 under ``wildcard_win``), the book's win checks."""
        h = self._hand(hand)
        if h.win_tile is None and isinstance(hand, str) and not ctx.wildcard_win:
            win = _last_concealed_written(hand)
            if win is not None:
                h = Hand(h.concealed, h.melds, h.flowers, win)
        wildcards = sum(1 for f in h.flowers if f in WILDCARD_FLOWERS)
        n = len(h.concealed) + wildcards + 3 * len(h.melds)
        if n != 14:
            raise HandError(
                f"{n} tiles (百搭 included, kongs counted as 3): a winning Jinshan hand has 14"
            )
        if ctx.wildcard_win and wildcards == 0:
            raise ContextError("wildcard_win: the hand holds no 百搭 (梅兰竹菊 f5..f8)")
        if not ctx.wildcard_win and h.win_tile is None:
            raise HandError("the hand has no winning tile (write it last, or set wildcard_win for a 百搭)")
        names: dict[str, Any] = {f.name: getattr(ctx, f.name) for f in fields(ctx)}
        names.update(self_drawn=ctx.self_drawn, kongs=sum(1 for m in h.melds if m.is_kong))
        for check, message in self.book.checks:
            if evaluate(check, names, BUILTINS):
                raise ContextError(message)
        return h, wildcards

    def best_placement(self, h: Hand, wildcards: int, ctx: JinshanContext) -> _Best:
        """The 百搭 search: every reading the kernels give (decomposition and 百搭 substitution) and every place the
        winning tile can sit in it (:func:`~mahjong.rulebook.reading.win_placements`), scored by the rows; the best
        total is kept (on a tie, the larger value before the cap, then the first found).  A 百搭 never stands for
        a fifth copy of a tile (counting the declared melds); a special form the table does not pay (十三幺 without
        what the options ask of it) is no candidate."""
        readings = _K.decompositions(bytes(h.counts), wildcards, self.hand_rules)
        if not readings:
            raise NotWinningError(code="jinshan-not-win" if self.config.thirteen_orphans_win
                                  else "jinshan-not-win-no-orphans", n=wildcards)
        opts = self._options()
        rules = self.hand_rules
        cap = self.max_points()
        linear = self.config.fan_mode == "linear"
        best: _Best | None = None
        # the reading is built without the winning tile (the 百搭 are flowers, not concealed tiles, so the view's
        # own single-wait test cannot see them); win_placements puts the winning tile in each place it can take
        unplaced = Hand(h.concealed, h.melds, h.flowers, None)
        win = None if ctx.wildcard_win or h.win_tile is None else {h.win_tile}
        for d in readings:
            v = build_reading(unplaced, d, ctx, rules)
            if wildcard_as_fifth_copy(v):
                continue
            for placed in win_placements(v, set(d.wildcards) if win is None else win):
                value = doubled_with_cap_hands(self.count_rows(placed, opts), cap, linear=linear)
                if not value.cap_hand and not placed.regular:
                    continue  # 十三幺 without its 花 (or its 2-hu pair): not a hand in this table
                if best is None or (value.total, value.raw) > (best.value.total, best.value.raw):
                    best = _Best(value, placed)
        if best is None:
            if all(r.form is Form.THIRTEEN_ORPHANS for r in readings):
                raise NotWinningError(
                    "not a Jinshan win: these thirteen orphans miss what the table asks of them (a flower under "
                    "thirteen_orphans_needs_flower, a 2-hu pair under thirteen_orphans_pair_2hu)"
                )
            raise NotWinningError("not a Jinshan win: every reading needs a wildcard (baida) as a fifth copy of a tile")
        return best

    def max_points(self) -> int:
        """辣子: the book's cap (``max_points``)."""
        return int(evaluate(self.book.cap, self._options(), BUILTINS)) if self.book.cap is not None else 10**18

    def min_points(self) -> int:
        """拦 N 胡: the book's minimum (``min_hu``), compared with the value before the cap."""
        return int(evaluate(self.book.minimum, self._options(), BUILTINS))

    def payments_of(self, total: int, ctx: WinContext) -> tuple[int, ...]:
        """A self-draw is paid by all three; a discard by the discarder (``discard_payment="all"``: by all three);
        a payment to or from the dealer × ``dealer_factor``."""
        owed = dealer_factor_payments(total, ctx.winner, ctx.discarder, ctx.dealer, self.seats,
                                      self.config.discard_payment == "all", self.config.dealer_factor)
        return zero_sum_payments(ctx.winner, owed)

    # --- the score ----------------------------------------------------------------------------------------

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        ctx = _jinshan_context(context)
        h, wildcards = self.winning_hand(hand, ctx)
        best = self.best_placement(h, wildcards, ctx)
        value, v = best.value, best.reading
        minimum = self.min_points()
        valid = value.cap_hand or value.raw >= minimum
        reason = None if valid else f"{value.raw} hu is below the minimum of {minimum} to win"
        cap = self.max_points()
        return ScoreResult(
            ruleset=self.name,
            items=tuple(self._items(list(value.lines), v, self._options())),
            total=value.total,
            unit=self.book.unit,
            reading=v.decomposition,
            wait=v.wait,
            valid=valid,
            payments=self.payments_of(value.total, ctx) if valid else (0,) * len(self.seats),
            invalid_reason=reason,
            details={
                "base_hu": value.hu,
                "fan": value.fan,
                "before_cap": value.raw,
                "capped": value.raw > cap or value.cap_hand,
                "laizi_cap": cap,
            },
        )


def _jinshan_context(context: WinContext | None) -> JinshanContext:
    if context is None:
        return JinshanContext()
    if isinstance(context, JinshanContext):
        return context
    if type(context) is WinContext:
        values = {f.name: getattr(context, f.name) for f in fields(WinContext)}
        return JinshanContext(**values)
    raise ContextError(f"Jinshan needs a JinshanContext (or a plain WinContext), got {type(context).__name__}")
