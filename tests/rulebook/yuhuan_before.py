"""The scoring of 玉环 as main had it before the rule book scored it (d8d2fcf: ``Yuhuan.score`` and its own per-set
loop), frozen here as the oracle of tests/rulebook/test_yuhuan_book_rows.py.  Only the scoring methods are kept
(the config, the context, the book, the choice of a loser's rows and the losers' totals from the context are the
package's, inherited); do not change it to make a test pass."""

# ruff: noqa
# mypy: ignore-errors
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import N_SEATS, ScoreItem, ScoreResult, WinContext, arithmetic_details
from mahjong.hand import Hand, parse_hand
from mahjong.rulebook.expr import BUILTINS, Compiled, as_int, compiled, evaluate, names_in
from mahjong.rulebook.predicates import COUNTS, FUNCTIONS, PREDICATES, ReadingFunctions, ReadingNames
from mahjong.rulebook.reading import Reading, TileSet, build_reading, placement_wait, set_reading, win_facts
from mahjong.rulebook.rows import SET_ROWS, RuleRow
from mahjong.rulebook.strategies import Payment, aggregate, apply_exclusions, pairwise_differences, payments, totals_of
from mahjong.rulesets.yuhuan import BOOK, Yuhuan, YuhuanContext
from mahjong.tiles import N_KINDS, parse_tiles, tile_name
from mahjong.types import Decomposition, Form

RED, GREEN, WHITE = 31, 32, 33
SET_GROUP, HELD_GROUP, WILDCARD_GROUP = SET_ROWS, "held", "wildcard"

#: names whose value depends on where the winning tile sits (the wait it completed, the pung it may have exposed)
PLACED_NAMES = frozenset({"single_wait", "closed_wait", "edge_wait", "two_sided_wait", "dual_pung_wait",
                          "concealed_pungs"})

#: names whose value is the same on every reading of a hand (the declared melds, the wildcards held or standing in:
#: every wildcard stands in for a tile in a complete reading); a row reading only these, options and win facts is
#: worked out once per hand
HAND_NAMES = frozenset({"melds", "kongs", "concealed_kongs", "flowers", "wildcards", "wildcards_standing_in",
                        "concealed_hand", "held_wildcard_tiles"})

#: names whose value on one set alone depends only on that set and the seat wind (a set row reading only these and
#: options is worked out once per set for a rule set; see :meth:`Yuhuan.count_lines`)
SET_NAMES = frozenset({"pungs", "chows", "kongs", "concealed_kongs", "concealed_pungs", "wind_pungs", "dragon_pungs",
                       "all_terminals_and_honors", "all_simples", "has_honors", "no_honors", "all_honors",
                       "one_suit", "suits", "seat_wind_pung", "pung_of", "holds", "all_ranks_in"})

#: the wait's names, for the winning tile's line (``{wait}`` in a row's name)
WAIT_NAMES = {"single": ("将", "single"), "closed": ("坎档", "closed"), "edge": ("靠壁", "edge"),
              "dual-pung": ("对碰", "dual-pung"), "two-sided": ("两面", "two-sided")}


def flower_tile(caishen: int | None) -> int:
    """The 杠花 tile: 白板, or 红中 when 白板 is the 财神 (《玉环麻将算法》: "摸到白板自动杠出")."""
    return RED if caishen == WHITE else WHITE


def ceil10(hu: int) -> int:
    """总胡数 are counted in units of 10, rounded up (《玉环麻将算法》: "以10胡为一个单位。如62、69胡均算70胡")."""
    step = BOOK.round_up or 1
    return -(-hu // step) * step


@dataclass(frozen=True)
class ScoredReading:
    """One reading with the group the winning tile completed: its hu and 台 lines, base, 台 and total."""

    reading: Decomposition
    wait: str
    hu_items: tuple[ScoreItem, ...]
    tai_items: tuple[ScoreItem, ...]
    base: int
    tai: int
    total: int
    view: Reading | None = None


#: a counted row on one reading: (row with its value for that line, times, the set it was counted on or None)
Line = tuple[RuleRow, int, TileSet | None]



class YuhuanBefore(Yuhuan):
    """Yuhuan scored by its own hooks, as on main at d8d2fcf."""

    # -- hooks: tiles ------------------------------------------------------------------------------------------

    def _parse(self, hand: Hand | str, caishen: int | None) -> Hand:
        """Parse a hand; with 杠花 written loose the count is off by their number, so the winning tile (the last
        concealed tile written that is not a 杠花) is found here rather than by :func:`parse_hand`."""
        if not isinstance(hand, str):
            return hand
        h = parse_hand(hand)
        if h.win_tile is not None:
            return h
        flower = flower_tile(caishen)
        loose = [t for t in parse_tiles(re.sub(r"\[[^\[\]]*\]", " ", hand)) if t < N_KINDS and t != flower]
        return Hand(h.concealed, h.melds, h.flowers, loose[-1] if loose else None)

    def set_aside(self, hand: Hand, ctx_flowers: int, caishen: int | None) -> tuple[Hand, int]:
        """Take 杠花 written loose in the hand out of it; return the hand and the total 杠花 count."""
        flower = flower_tile(caishen)
        if any(flower in m.tiles for m in hand.melds):
            raise HandError(f"{tile_name(flower)} is a 杠花 in Yuhuan and is set aside, never melded")
        n = hand.counts[flower]
        total = ctx_flowers + n
        if total > 4:
            raise HandError(f"{total} 杠花 ({tile_name(flower)}): there are only 4")
        if n:
            concealed = list(hand.concealed)
            for _ in range(n):
                concealed.remove(flower)
            win = hand.win_tile
            if win == flower:
                raise HandError(f"the winning tile cannot be a 杠花 ({tile_name(flower)}): it is set aside")
            hand = Hand(tuple(concealed), hand.melds, hand.flowers, win)
        return hand, total

    def check_win(self, h: Hand, ctx: YuhuanContext, flowers: int) -> None:
        """Raise :class:`ContextError` when a win fact contradicts the hand (the book's checks)."""
        names: dict[str, Any] = {f.name: getattr(ctx, f.name) for f in fields(ctx)}
        names.update(self._options(), self_drawn=ctx.self_drawn, winner_is_dealer=ctx.winner_is_dealer,
                     melds=len(h.melds), kongs=sum(1 for m in h.melds if m.is_kong),
                     claimed_melds=sum(1 for m in h.melds if not m.is_concealed), gang_hua=flowers,
                     caishen_in_play=ctx.caishen is not None, seat_wind=ctx.wind)
        for check, message in self.book.checks:
            if evaluate(check, names, BUILTINS):
                raise ContextError(message)

    def placements(self, h: Hand, ctx: YuhuanContext) -> Iterator[tuple[Decomposition, int, tuple[int, ...]]]:
        """Every reading of the winning hand × every group the winning tile may have completed: (reading, the tile
        the winning tile is read as, the group).  A concealed 财神 is a wildcard, except one won on a discard
        (a plain tile unless ``discarded_caishen_is_wildcard``); a self-drawn 财神 may have completed any group
        through the tile it stands for."""
        counts = list(h.counts)
        wild = 0
        win = h.win_tile
        assert win is not None
        win_is_wild = False
        if ctx.caishen is not None:
            cs = ctx.caishen
            if h.all_counts[cs] > 3:
                raise ContextError(f"4 copies of the 财神 {tile_name(cs)}: the flipped copy is not in anyone's hand")
            if any(cs in m.tiles for m in h.melds):
                raise NotWinningError(f"laoguining: a wildcard (caishen) {tile_name(cs)} used in a meld forbids winning")
            wild = counts[cs]
            if win == cs and not ctx.self_drawn and not self.config.discarded_caishen_is_wildcard:
                wild -= 1  # the discarded 财神 is a plain tile
            else:
                win_is_wild = win == cs
            counts[cs] -= wild
        if ctx.laoguining:
            raise NotWinningError(code="yuhuan-laoguining")
        decomps = K.decompositions(bytes(counts), wild, self.hand_rules)
        if not decomps:
            raise NotWinningError(code="yuhuan-not-win-caishen", n=wild)
        flower = flower_tile(ctx.caishen)
        for d in decomps:
            if d.form is not Form.REGULAR:
                continue
            if flower in d.wildcards and not self.config.caishen_may_be_flower_tile:
                continue
            seen: set[tuple[int, tuple[int, ...]]] = set()
            for t in (sorted(set(d.wildcards)) if win_is_wild else [win]):
                groups: list[tuple[int, ...]] = [m for m in d.melds if t in m]
                if d.pairs and d.pairs[0] == t:
                    groups.append((t, t))
                for g in groups:
                    if (t, g) not in seen:
                        seen.add((t, g))
                        yield d, t, g

    # -- hooks: the rows on a reading ----------------------------------------------------------------------------

    def count_lines(self, v: Reading, rows: Sequence[RuleRow], memo: dict[Any, Any] | None = None) -> list[Line]:
        """The rows counted on a reading, in the book's order, under its exclusion policy.  A row of group
        ``"set"`` is read on each set alone (declared melds first), one line per set it holds for; a value
        written as an expression of the hand is worked out for each line.

        ``memo`` (one per hand): what does not change between the placements of the winning tile is worked out
        once — the rows that read nothing of the placement (:data:`PLACED_NAMES`) once per reading, those that
        read only win facts once per hand; a set's lines once per set (:data:`SET_NAMES`)."""
        memo = {} if memo is None else memo
        opts = self._options()
        names, funcs = ReadingNames(v, opts), ReadingFunctions(v)
        d_id = id(v.decomposition)
        set_lines: dict[Any, list[Line]] = self.__dict__.setdefault("_set_lines", {})
        wind = v.context.wind
        out: list[Line] = []
        for step in self._plan(rows if isinstance(rows, tuple) else tuple(rows)):
            if step[0] == "sets":
                _kind, block, start, local = step
                cache = set_lines if local else memo  # (and the valued rows of a set's lines with them: shared)
                for s in v.sets:
                    key2 = (s.kind, s.tile, s.concealed, s.claimed, start, wind)  # (the set's fields: hashed in C)
                    got = cache.get(key2)
                    if got is None:
                        one = set_reading(v, s)
                        sn, sf = ReadingNames(one, opts), ReadingFunctions(one)
                        got = [(self._valued(r2, sn, sf, cache), n2, s) for r2 in block
                               if (n2 := self._times(r2, sn, sf)) > 0]
                        cache[key2] = got
                    out += got
                continue
            _kind, r, level = step
            key = ("hand", r.key) if level == "hand" else (d_id, r.key)
            line: Any = memo.get(key, memo) if level != "placed" else memo
            if line is memo:
                n = self._times(r, names, funcs)
                line = (self._valued(r, names, funcs, memo), n, None) if n > 0 else None
                if level != "placed":
                    memo[key] = line
            if line is not None:
                out.append(line)
        if not any(r.excludes or r.implied for r, _n, _s in out):
            return out
        kept = {id(r) for r in apply_exclusions(self.book.exclusion, [r for r, _n, _s in out])}
        return [line for line in out if id(line[0]) in kept]

    def _plan(self, rows: tuple[RuleRow, ...]) -> list[tuple[Any, ...]]:
        """How :meth:`count_lines` reads these rows: each row with what it reads (:meth:`_reads`), the rows of
        group ``"set"`` in blocks (read set by set)."""
        plans: dict[int, tuple[tuple[RuleRow, ...], list[tuple[Any, ...]]]] = self.__dict__.setdefault("_plans", {})
        known = plans.get(id(rows))
        if known is not None and known[0] is rows:
            return known[1]
        reads = self._reads()
        plan: list[tuple[Any, ...]] = []
        i = 0
        while i < len(rows):
            if rows[i].group != SET_GROUP:
                plan.append(("row", rows[i], reads[rows[i].key]))
                i += 1
                continue
            j = i
            while j < len(rows) and rows[j].group == SET_GROUP:
                j += 1
            plan.append(("sets", rows[i:j], rows[i].key, all(reads[x.key] == "set" for x in rows[i:j])))
            i = j
        plans[id(rows)] = (rows, plan)
        return plan

    def _reads(self) -> dict[str, str]:
        """What each row of the book reads, so that it is worked out no more often than needed: ``"placed"``
        (where the winning tile sits: :data:`PLACED_NAMES`), ``"set"`` (a set alone and the seat wind:
        :data:`SET_NAMES`), ``"reading"`` (the reading) or ``"hand"`` (only win facts and options)."""
        got: dict[str, str] | None = self.__dict__.get("_reads_of")
        if got is None:
            b = self.book
            library = set(PREDICATES) | set(COUNTS) | set(FUNCTIONS)
            got = {}
            for r in b.rows:
                used: set[str] = set()
                for node in (r.when, r.count, r.rename_when, b.row_hand_values.get(r.key)):
                    if node is not None:
                        names, calls = names_in(node)
                        used |= names | calls
                if r.group == SET_GROUP:  # read on one set: its concealment is the set's own
                    got[r.key] = "set" if used & library <= SET_NAMES and not used & set(b.facts) else "reading"
                else:
                    got[r.key] = ("placed" if used & PLACED_NAMES else
                                  "reading" if used & library - HAND_NAMES else "hand")
            self.__dict__["_reads_of"] = got
        return got

    @staticmethod
    def _times(r: RuleRow, names: Mapping[str, Any], funcs: Mapping[str, Any]) -> int:
        when, count = _compiled_row(r)
        if when is not None and not when(names, funcs):
            return 0
        if count is None:
            return 0 if when is None else 1
        return as_int(count(names, funcs))

    def _valued(self, r: RuleRow, names: Mapping[str, Any], funcs: Mapping[str, Any],
                memo: dict[Any, Any]) -> RuleRow:
        """The row with its value (and name) for this line."""
        node = self.book.row_hand_values.get(r.key)
        named = r.rename_when is not None and bool(compiled(r.rename_when)(names, funcs))
        if node is None and not named:
            return r
        value = r.value if node is None else as_int(compiled(node)(names, funcs))
        key = ("row", r.key, value, named)
        got: RuleRow | None = memo.get(key)
        if got is None:
            if named:
                got = dataclasses.replace(r, value=value, name_zh=r.rename_zh, name_en=r.rename_en or r.name_en)
            else:
                got = dataclasses.replace(r, value=value)
            memo[key] = got
        return got

    def _row_items(self, lines: list[Line], v: Reading) -> list[ScoreItem]:
        wait = WAIT_NAMES.get(v.wait or "", ("", ""))
        out = []
        for r, n, s in lines:
            zh, en = r.name_zh, r.name_en
            if "{wait}" in zh or "{wait}" in en:
                zh, en = zh.format(wait=wait[0]), en.format(wait=wait[1])
            out.append(ScoreItem(r.key, zh, en, r.value, n, r.unit, r.text if s is None else tile_name(s.tile)))
        return out

    def lazi(self, v: Reading) -> bool:
        """腊子 scored as the cap (``lazi_is_cap``): three 财神 standing in, 天胡 or 地胡."""
        ctx = v.context
        return self.config.lazi_is_cap and (
            (v.facts["caishen_in_play"] and len(v.decomposition.wildcards) == 3) or ctx.heavenly or ctx.earthly)

    def hand_total(self, lines: list[Line], *, at_cap: bool = False, round_up: bool = True) -> tuple[int, int, int]:
        """(胡, 台, total) of counted lines: the book's ``hu_tai`` aggregation with at most ``max_tai`` 台, rounded
        up to 10 (``round_up``) and capped at ``max_hu``; ``at_cap`` (腊子 under ``lazi_is_cap``) scores the cap."""
        cfg = self.config
        t = totals_of([(r, n) for r, n, _s in lines])
        raw = aggregate(self.book.aggregation, t, hu_base=self.book.hu_base, tai_cap=cfg.max_tai)
        if at_cap:
            return t.hu, t.tai, cfg.max_hu
        return t.hu, t.tai, min(ceil10(raw) if round_up else raw, cfg.max_hu)

    def _view(self, h: Hand, d: Decomposition, ctx: WinContext, flowers: int, caishen_in_play: bool,
              placement: tuple[int, tuple[int, ...]] | None, facts: Mapping[str, Any] | None = None) -> Reading:
        """``facts``: the win facts of this hand, when already worked out (the same for each placement)."""
        extra = {"gang_hua": flowers, "caishen_in_play": caishen_in_play}
        return build_reading(h, d, ctx, self.hand_rules, self.wildcard_kinds(ctx), extra, placement=placement,
                             facts=win_facts(ctx, extra) if facts is None else facts)

    def _placed_totals(self, hand: Hand | str, ctx: YuhuanContext
                       ) -> list[tuple[Decomposition, Reading, list[Line], int, int, int]]:
        """Every placement of the winning tile: (reading, view, counted lines, 胡, 台, total)."""
        h, flowers = self.set_aside(self._parse(hand, ctx.caishen), ctx.gang_hua, ctx.caishen)
        h.check_size(16, complete=True)
        if h.win_tile is None:
            raise HandError("the winning tile is not known (write it last or give Hand.win_tile)")
        self.check_win(h, ctx, flowers)
        rows = self.rows
        memo: dict[Any, Any] = {}
        out = []
        seen: set[tuple[int, str, tuple[int, ...] | None]] = set()
        facts = win_facts(ctx, {"gang_hua": flowers, "caishen_in_play": ctx.caishen is not None})
        for d, t, g in self.placements(h, ctx):
            # two placements with the same wait that expose the same pung (or none) read the same: scored once
            same = (id(d), placement_wait(t, g), g if not ctx.self_drawn and len(g) == 3 and g[0] == g[1] else None)
            if same in seen:
                continue
            seen.add(same)
            v = self._view(h, d, ctx, flowers, ctx.caishen is not None, (t, g), facts)
            lines = self.count_lines(v, rows, memo)
            out.append((d, v, lines, *self.hand_total(lines, at_cap=self.lazi(v))))
        if not out:
            raise NotWinningError(code="yuhuan-not-win")
        return out

    def _scored_reading(self, d: Decomposition, v: Reading, lines: list[Line], base: int, tai: int,
                        total: int) -> ScoredReading:
        items = self._row_items(lines, v)
        return ScoredReading(d, v.wait or "", tuple(i for i in items if i.unit == "hu"),
                             tuple(i for i in items if i.unit == "tai"), base, tai, total, v)

    def loser_total(self, hand: Hand | str, seat_wind: int, caishen: int | None = None, gang_hua: int = 0) -> int:
        """A loser's own 总胡数 from its final hand: no 底胡; melds, concealed triplets (暗坎, 财神 excluded) and 杠花
        in 胡; 台 as ``loser_tai`` / ``loser_caishen_tai`` say; rounded up to 10 if ``loser_round_up``; capped."""
        h = parse_hand(hand, infer_win_tile=False) if isinstance(hand, str) else hand
        h, flowers = self.set_aside(h, gang_hua, caishen)
        h.check_size(16)
        held = [t for t in range(N_KINDS) if t != caishen and h.counts[t] >= 3]  # 暗坎 (a concealed kong too)
        rest = [t for t in h.concealed if t == caishen or t not in held]
        d = Decomposition(Form.REGULAR, tuple((t, t, t) for t in held), (), tuple(t for t in rest if t != caishen),
                          tuple(t for t in rest if t == caishen))
        ctx = WinContext(winner=seat_wind, dealer=0)  # the loser's seat wind
        v = build_reading(h, d, ctx, self.hand_rules, frozenset() if caishen is None else frozenset((caishen,)),
                          {"gang_hua": flowers, "caishen_in_play": caishen is not None})
        _hu, _tai, total = self.hand_total(self.count_lines(v, self.loser_rows(caishen)),
                                           round_up=self.config.loser_round_up)
        return total

    def settle_losers(self, losers: Sequence[int], winner: int) -> list[int]:
        """输家互算: what each seat gains (+) or pays (−) when every pair of losers settles the difference of their
        totals, the smaller paying the larger."""
        net = [0] * N_SEATS
        for (payer, payee), amount in pairwise_differences({s: losers[s] for s in self.seats
                                                            if s != winner}).items():
            net[payer] -= amount
            net[payee] += amount
        return net

    def win_payments(self, total: int, ctx: YuhuanContext) -> dict[int, int]:
        """Who pays the winner how much, by the book's payment rule (every other player pays the total; 承包:
        the discarder pays alone what all three would have paid)."""
        names = {"chengbao": ctx.chengbao}
        rule = Payment(all_pay_on_discard=bool(self._value(self.book.payment["all_pay_on_discard"], names, False)),
                       discarder_pays_for_all=bool(self._value(self.book.payment["discarder_pays_for_all"], names,
                                                               False)))
        return payments(total, ctx.winner, ctx.discarder, ctx.dealer, self.seats, rule)

    # -- the score ----------------------------------------------------------------------------------------------

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a Yuhuan win: the best reading's total from every other seat, plus the losers' differences."""
        ctx = self._context(context)
        best = self._scored_reading(*max(self._placed_totals(hand, ctx), key=lambda x: (x[5], x[3])))
        owed = self.win_payments(best.total, ctx)
        win_pay = [0] * N_SEATS
        for p, amt in owed.items():
            win_pay[p] -= amt
            win_pay[ctx.winner] += amt
        losers = self.loser_totals(ctx)
        loser_pay = self.settle_losers(losers, ctx.winner)
        payments_ = tuple(a + b for a, b in zip(win_pay, loser_pay))
        items = best.hu_items + best.tai_items
        tai_used = min(best.tai, self.config.max_tai)
        items += (ScoreItem("multiplier", "台数翻倍", "doubling per tai (2^tai)", 2 ** tai_used, 1, "x",
                            f"{best.tai} 台, at most {self.config.max_tai}"),)
        return ScoreResult(
            ruleset=self.name,
            items=items,
            total=best.total,
            unit="hu",
            reading=best.reading,
            wait=best.wait,
            valid=True,
            payments=payments_,
            details={
                "base_hu": best.base,
                "tai": best.tai,
                "raw": best.base * 2 ** tai_used,
                "flower_tile": tile_name(flower_tile(ctx.caishen)),
                "caishen": tile_name(ctx.caishen) if ctx.caishen is not None else None,
                "loser_totals": losers,
                "win_payments": win_pay,
                "loser_settlement": loser_pay,
            } | arithmetic_details(*self._arithmetic(best, tai_used, owed, losers, loser_pay, ctx)),
        )

    def _arithmetic(self, best: ScoredReading, tai_used: int, owed: dict[int, int], losers: list[int],
                    loser_pay: list[int], ctx: YuhuanContext) -> list[tuple[str, str]]:
        """(20 + 胡) × 2^台, rounded up to 10, the cap, who pays what: the lines people follow."""
        cfg = self.config
        raw = best.base * 2 ** tai_used
        lines = [(f"胡数 {best.base} × 2^{tai_used}台 = {raw}" + (f"（{best.tai} 台，最多计 {cfg.max_tai}）"
                                                             if best.tai > tai_used else ""),
                  f"hu {best.base} × 2^{tai_used} tai = {raw}" + (f" ({best.tai} tai, at most {cfg.max_tai} count)"
                                                                 if best.tai > tai_used else ""))]
        rounded = ceil10(raw)
        if best.total == cfg.cap and (rounded > cfg.cap or raw > cfg.cap or best.total != rounded):
            lines.append((f"封顶 {cfg.cap}", f"capped at {cfg.cap}"))
        elif rounded != raw:
            lines.append((f"进到 10：{raw} → {rounded}", f"rounded up to 10: {raw} → {rounded}"))
        payers = sorted(owed)
        if ctx.chengbao and len(payers) == 1:
            lines.append((f"承包：{payers[0]} 号座位独付 {owed[payers[0]]}",
                          f"sole payer: seat {payers[0]} pays {owed[payers[0]]} alone"))
        else:
            lines.append((f"{len(payers)} 家各付 {best.total}", f"{len(payers)} losers pay {best.total} each"))
        if any(loser_pay):
            shown = "，".join(f"{s} 号 {losers[s]}" for s in range(N_SEATS) if s != ctx.winner)
            shown_en = ", ".join(f"seat {s} {losers[s]}" for s in range(N_SEATS) if s != ctx.winner)
            net = " ".join(f"{s}:{loser_pay[s]:+d}" for s in range(N_SEATS) if s != ctx.winner)
            lines.append((f"输家胡数 {shown}，互付差额：{net}", f"losers' totals {shown_en}; they pay each other the "
                          f"differences: {net}"))
        return lines


_ROW_FUNCTIONS: dict[int, tuple[RuleRow, Compiled | None, Compiled | None]] = {}


def _compiled_row(r: RuleRow) -> tuple[Compiled | None, Compiled | None]:
    """A row's ``when`` and ``count`` compiled (:func:`~mahjong.rulebook.expr.compiled`), looked up by the row."""
    got = _ROW_FUNCTIONS.get(id(r))
    if got is None or got[0] is not r:
        got = (r, None if r.when is None else compiled(r.when), None if r.count is None else compiled(r.count))
        _ROW_FUNCTIONS[id(r)] = got
    return got[1], got[2]
