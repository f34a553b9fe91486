"""Yuhuan 玉环麻将: 16-tile hands, 3 财神 wildcards, 白板 set aside as 杠花, 胡数 × 2^台.

Sources: 《玉环麻将算法》 (16-tile hands, 5 sets + a pair, 财神, 白板 auto-kong, 坎档 / 靠壁, the special hands,
黄庄, the settlement, rounding up to 10 and the 400 cap) and a fuller copy of the same rules with the 胡 and 台
tables; points the sources leave open are options.

The rule book is the file ``mahjong/rulebook/games/yuhuan.toml``, and the rule book scores a win: every 胡 row (底胡,
杠花, pungs and kongs by kind and by tiles, the pair, the winning tile) and every 台 row (杠花, 中/发 and seat-wind
pungs, the 财神 count, 平胡, 杠上开花, 拉杠, 混一色, 清一色, 碰碰胡, 海底捞月) is a
:class:`~mahjong.rulebook.rows.RuleRow` of it; every group the winning tile may have completed is a place of it
(``[win] placements``, the wait's words in ``[win.wait_names]``); a 财神 won on a discard is a plain tile
(``[wildcards] discarded_plain``); no 财神 stands for the 杠花 tile (a ``[[win.refusals]]``); the total is
``hu_tai`` (胡 × 2^台, at most ``max_tai`` 台), rounded up to 10 and capped at ``max_hu``, 腊子 worth the cap
(``[scoring] cap_when``), the best total kept (``[scoring] best = "total"``); the losers settle the differences of their own
totals (``[payment] between_losers``).  This module keeps the config, the win context and the hooks that are
Yuhuan's own, each a method of :class:`Yuhuan`:

* :meth:`Yuhuan.wildcard_kinds` — the 财神 is the turned-up tile's own kind;
* :meth:`Yuhuan.set_aside` — 杠花 (白板, or 红中 when 白板 is the 财神) written in the hand are taken out and counted;
* :meth:`Yuhuan.context` — 老鬼宁 (a 财神 melded, or the win fact) may not win; each loser's own total;
* :meth:`Yuhuan.loser_total` — a loser's own total from its tiles (the book's rows of its tiles, no 底胡).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any, Literal

from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import N_SEATS, WinContext
from mahjong.hand import Hand, parse_hand
from mahjong.rulebook.book import BookRuleSet, RuleBook, TablePlan
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.reading import build_reading
from mahjong.rulebook.rows import SET_ROWS, RuleRow
from mahjong.rulebook.strategies import aggregate, totals_of
from mahjong.rules import YUHUAN, HandRules
from mahjong.rulesets._rulebook import describe_config, document_config
from mahjong.tiles import N_KINDS, parse_tiles, tile_name
from mahjong.types import Decomposition, Form

__all__ = [
    "WHITE",
    "RED",
    "GREEN",
    "BOOK",
    "flower_tile",
    "ceil10",
    "TAI",
    "HU",
    "YuhuanConfig",
    "YuhuanContext",
    "Yuhuan",
]

RED, GREEN, WHITE = 31, 32, 33  # 中 发 白

#: the rule book (the one source of the rows, the options' documentation and defaults, the payment rule)
BOOK: RuleBook = load_book(str(resources.files("mahjong.rulebook") / "games" / "yuhuan.toml"))

#: row groups the hooks read (see the file's header): counted once per set / on a loser's tiles too / the 财神 rows
SET_GROUP, HELD_GROUP, WILDCARD_GROUP = SET_ROWS, "held", "wildcard"

#: the 胡 rows and the 台 rows of the book, by key
HU: dict[str, RuleRow] = {r.key: r for r in BOOK.rows if r.unit == "hu"}
TAI: dict[str, RuleRow] = {r.key: r for r in BOOK.rows if r.unit == "tai"}

def flower_tile(caishen: int | None) -> int:
    """The 杠花 tile: 白板, or 红中 when 白板 is the 财神 (《玉环麻将算法》: "摸到白板自动杠出")."""
    return RED if caishen == WHITE else WHITE


def ceil10(hu: int) -> int:
    """总胡数 are counted in units of 10, rounded up (《玉环麻将算法》: "以10胡为一个单位。如62、69胡均算70胡")."""
    step = BOOK.round_up or 1
    return -(-hu // step) * step


def _opt(name: str) -> Any:
    """A config field from the book's option of that name: its default, limits and documentation."""
    _type, default, meta = BOOK.options[name]
    return option(default, zh=meta["zh"], en=meta["en"], source=meta["source"], minimum=meta.get("minimum"),
                  maximum=meta.get("maximum"), choices=meta.get("choices"))


@dataclass(frozen=True)
class YuhuanConfig(ValidatedConfig):
    owner = "yuhuan"

    max_tai: int = _opt("max_tai")
    max_hu: int = _opt("max_hu")
    lazi_is_cap: bool = _opt("lazi_is_cap")
    haidi_tai: int = _opt("haidi_tai")
    pinghu_pair_no_honor: bool = _opt("pinghu_pair_no_honor")
    discarded_caishen_is_wildcard: bool = _opt("discarded_caishen_is_wildcard")
    loser_tai: bool = _opt("loser_tai")
    loser_caishen_tai: bool = _opt("loser_caishen_tai")
    loser_round_up: bool = _opt("loser_round_up")
    caishen_may_be_flower_tile: bool = _opt("caishen_may_be_flower_tile")
    dealer_repeats_after: Literal["draw", "win"] = _opt("dealer_repeats_after")

    @property
    def cap(self) -> int:
        """The old name of :attr:`max_hu` (still accepted as an option name)."""
        return self.max_hu


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

    @property
    def caishen_in_play(self) -> bool:
        """A 财神 was turned up for this hand (the book's fact ``caishen_in_play``)."""
        return self.caishen is not None

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



# --- scoring: the rule book, with the hooks that are Yuhuan's own ------------------------------------------------


class Yuhuan(BookRuleSet):
    """Yuhuan 玉环麻将: 16-tile hands, 财神, 杠花, 胡数 × 2^台 rounded up to 10, 400 cap (rows: ``yuhuan.toml``)."""

    name = "yuhuan"
    title = "Yuhuan 玉环麻将 (财神, 16 tiles)"
    summary = "玉环: 16-tile hands, 3 财神, 白板 杠花, (20 + 胡) × 2^台 (≤4) up to 10, cap 400; losers settle differences"
    book = BOOK
    Config = YuhuanConfig
    Context = YuhuanContext
    config: YuhuanConfig

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

    # -- hooks: tiles ------------------------------------------------------------------------------------------

    def wildcard_kinds(self, ctx: WinContext) -> frozenset[int]:
        """The 财神: the turned-up tile's own kind (its three other copies are wild)."""
        caishen = getattr(ctx, "caishen", None)
        return frozenset() if caishen is None else frozenset((caishen,))

    def set_aside(self, hand: Hand, written: Hand | str, context: WinContext | None
                  ) -> tuple[Hand, WinContext | None]:
        """杠花 written loose in the hand are taken out of it and added to the context's ``gang_hua``.  With 杠花
        written loose the count is off by their number, so the winning tile (the last concealed tile written that
        is not a 杠花) is found here rather than by :func:`parse_hand`."""
        ctx = self._context(context)
        caishen = ctx.caishen
        flower = flower_tile(caishen)
        if isinstance(written, str) and hand.win_tile is None:
            loose = [t for t in parse_tiles(re.sub(r"\[[^\[\]]*\]", " ", written)) if t < N_KINDS and t != flower]
            hand = Hand(hand.concealed, hand.melds, hand.flowers, loose[-1] if loose else None)
        hand, total = _take_flowers(hand, flower, ctx.gang_hua)
        return hand, ctx if total == ctx.gang_hua else dataclasses.replace(ctx, gang_hua=total)

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        """The win context of a checked hand: 老鬼宁 (a 财神 melded, or the win fact ``laoguining``) may not win;
        each loser's own total worked out (``loser_totals``, 0 where the context says nothing of a seat), for
        the losers to settle between them."""
        ctx = self._context(context)
        if hand.win_tile is None:
            raise HandError("the winning tile is not known (write it last or give Hand.win_tile)")
        cs = ctx.caishen
        if cs is not None:
            if hand.all_counts[cs] > 3:
                raise ContextError(f"4 copies of the 财神 {tile_name(cs)}: the flipped copy is not in anyone's hand")
            if any(cs in m.tiles for m in hand.melds):
                raise NotWinningError(f"laoguining: a wildcard (caishen) {tile_name(cs)} used in a meld forbids "
                                      "winning")
        if ctx.laoguining:
            raise NotWinningError(code="yuhuan-laoguining")
        return dataclasses.replace(ctx, loser_totals=tuple(self.loser_totals(ctx)))

    # -- the next hand ---------------------------------------------------------------------------------------------
    # Yuhuan's 连庄 rule reads whether anyone konged, which its flow passes; the rule book's next_dealer(record)
    # reads only the record's winner and dealer
    def next_dealer(self, dealer: int, winner: int | None, anyone_konged: bool) -> int:  # type: ignore[override]
        """连庄 or 轮庄: who deals the next hand (``winner=None`` for a 黄庄 draw)."""
        for name, v in (("dealer", dealer), ("winner", winner)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < N_SEATS):
                raise ContextError(f"{name} must be a seat 0..3, got {v!r}")
        ended = "draw" if winner is None else "win"
        if ended == self.config.dealer_repeats_after and not anyone_konged:
            return dealer
        return (dealer + 1) % N_SEATS

    # -- hooks: the losers ---------------------------------------------------------------------------------------

    # -- hooks: the losers ---------------------------------------------------------------------------------------

    def loser_rows(self, caishen: int | None) -> tuple[RuleRow, ...]:
        """The rows a loser's own total counts: its 杠花 and sets (groups ``"held"`` and ``"set"``), their 台 only
        with ``loser_tai``, the 财神 rows only with ``loser_caishen_tai`` (and a 财神 in play)."""
        cfg = self.config
        cached: dict[bool, tuple[RuleRow, ...]] = self.__dict__.setdefault("_loser_rows", {})
        if (caishen is None) in cached:
            return cached[caishen is None]
        out = []
        for r in self.rows:
            if r.group == WILDCARD_GROUP:
                if cfg.loser_tai and cfg.loser_caishen_tai and caishen is not None:
                    out.append(r)
            elif r.group in (HELD_GROUP, SET_GROUP) and (r.unit != "tai" or cfg.loser_tai):
                out.append(r)
        cached[caishen is None] = tuple(out)
        return cached[caishen is None]

    def _loser_plan(self, caishen: int | None) -> TablePlan:
        """The book's table plan of :meth:`loser_rows` (made once per rule set and 财神 in play or not)."""
        cached: dict[bool, TablePlan] = self.__dict__.setdefault("_loser_plans", {})
        got = cached.get(caishen is None)
        if got is None:
            keys = {r.key for r in self.loser_rows(caishen)}
            plan = tuple(x for x in self._plan_for(self._options()) if x[0].key in keys)
            got = cached[caishen is None] = TablePlan(plan, False, self.book)
        return got

    def own_total_plan(self, caishen_in_play: bool) -> tuple[frozenset[str], int | None, int, int | None]:
        """How a loser's own total is counted, for the hand core to count it too (``core_own_totals``: the rows
        of :meth:`loser_rows` on the loser's held tiles, as :meth:`loser_total` reads them): (the rows' keys, the
        most 台 that count, the step rounded up to, the cap)."""
        cfg = self.config
        keys = frozenset(r.key for r in self.loser_rows(0 if caishen_in_play else None))
        return keys, cfg.max_tai, (self.book.round_up or 1) if cfg.loser_round_up else 0, cfg.max_hu

    def loser_total(self, hand: Hand | str, seat_wind: int, caishen: int | None = None, gang_hua: int = 0) -> int:
        """A loser's own 总胡数 from its final hand: no 底胡; melds, concealed triplets (暗坎, 财神 excluded) and 杠花
        in 胡; 台 as ``loser_tai`` / ``loser_caishen_tai`` say; rounded up to 10 if ``loser_round_up``; capped."""
        h = parse_hand(hand, infer_win_tile=False) if isinstance(hand, str) else hand
        h, flowers = _take_flowers(h, flower_tile(caishen), gang_hua)
        h.check_size(16)
        held = [t for t in range(N_KINDS) if t != caishen and h.counts[t] >= 3]  # 暗坎 (a concealed kong too)
        rest = [t for t in h.concealed if t == caishen or t not in held]
        d = Decomposition(Form.REGULAR, tuple((t, t, t) for t in held), (), tuple(t for t in rest if t != caishen),
                          tuple(t for t in rest if t == caishen))
        views: dict[int, WinContext] = self.__dict__.setdefault("_loser_views", {})
        view_ctx = views.get(seat_wind)
        if view_ctx is None:  # (the loser's seat wind: made once per wind, a context is immutable)
            view_ctx = views[seat_wind] = WinContext(winner=seat_wind, dealer=0)
        v = build_reading(h, d, view_ctx, self.hand_rules, frozenset() if caishen is None else frozenset((caishen,)),
                          {"gang_hua": flowers, "caishen_in_play": caishen is not None},
                          find_wait=False)  # (no row a loser's total counts reads the wait: no winning tile)
        cfg = self.config
        t = totals_of(self.count_rows(v, self._options(), plan=self._loser_plan(caishen)))
        raw = aggregate(self.book.aggregation, t, hu_base=self.book.hu_base, tai_cap=cfg.max_tai)
        return min(ceil10(raw) if cfg.loser_round_up else raw, cfg.max_hu)

    def loser_totals(self, ctx: YuhuanContext) -> list[int]:
        """Each seat's own total (0 for the winner and for a seat the context says nothing of)."""
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


def _take_flowers(hand: Hand, flower: int, given: int) -> tuple[Hand, int]:
    """The hand without the 杠花 (``flower``) written loose in it, and the 杠花 in all (``given`` set aside before)."""
    if any(flower in m.tiles for m in hand.melds):
        raise HandError(f"{tile_name(flower)} is a 杠花 in Yuhuan and is set aside, never melded")
    n = hand.counts[flower]
    total = given + n
    if total > 4:
        raise HandError(f"{total} 杠花 ({tile_name(flower)}): there are only 4")
    if n:
        if hand.win_tile == flower:
            raise HandError(f"the winning tile cannot be a 杠花 ({tile_name(flower)}): it is set aside")
        concealed = list(hand.concealed)
        for _ in range(n):
            concealed.remove(flower)
        hand = Hand(tuple(concealed), hand.melds, hand.flowers, hand.win_tile)
    return hand, total
