"""A rule book as data (:class:`RuleBook`) and the rule set that scores with it (:class:`BookRuleSet`).

A :class:`RuleBook` is what a rule file says, checked and parsed: tile set, wildcards, winning forms, flow
parameters, rule rows, exclusion policy, aggregation, rounding, cap, minimum and payments.  :func:`ruleset_class`
turns one into a :class:`~mahjong.framework.RuleSet` subclass with its own validated ``Config`` (the file's options)
and ``Context`` (the usual win facts plus the file's own), usable by :func:`mahjong.score`, the report layer, the
CLI and the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, MeldError, NotWinningError, listed
from mahjong.framework import (
    RuleSet,
    ScoreItem,
    ScoreResult,
    WinContext,
    arithmetic_details,
    zero_sum_payments,
)
from mahjong.hand import Hand, MeldKind
from mahjong.rulebook.expr import BUILTINS, Node, Value, evaluate, names_in
from mahjong.rulebook.options import describe
from mahjong.rulebook.predicates import COUNTS, FUNCTIONS, PREDICATES
from mahjong.rulebook.reading import Reading, build_reading, split_wildcards
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import (
    Payment,
    aggregate,
    apply_exclusions,
    pairwise_differences,
    payments,
    totals_of,
)
from mahjong.rules import HandRules
from mahjong.tiles import tile_name
from mahjong.types import Decomposition, Form

__all__ = ["RuleBook", "Flow", "BookRuleSet", "ruleset_class", "next_kinds"]

_FORM_OF = {"regular": Form.REGULAR, "seven_pairs": Form.SEVEN_PAIRS, "thirteen_orphans": Form.THIRTEEN_ORPHANS,
            "honors_and_knitted": Form.HONORS_AND_KNITTED}


@dataclass(frozen=True)
class Flow:
    """How the game is played: the parameters of the engine's flow hooks."""

    chows: bool = True
    multiple_winners: bool = False
    winners_to_end: int = 1
    reserve: int = 0
    dealer: str = "next"
    birds: int = 0
    bird_hits: str = "159"
    declare_ready: bool = False


@dataclass(frozen=True)
class RuleBook:
    """A checked rule file.  Expressions are parsed trees (:mod:`mahjong.rulebook.expr`); nothing here runs code."""

    name: str
    zh: str
    en: str
    summary_zh: str
    summary_en: str
    aliases: tuple[str, ...]
    sources: tuple[str, ...]
    path: str
    tiles: tuple[int, ...]  #: the tile kinds in play (ids 0..33), four copies each
    flowers: bool
    hand_size: int
    wildcard_tiles: tuple[int, ...]
    wildcard_indicator: bool
    indicator_kinds: int
    wildcard_option: str | None
    forms: tuple[str, ...]
    self_draw_only: Node
    requires: Node | None
    requires_text: str
    lack_a_suit: bool
    flow: Flow
    exclusion: str
    aggregation: str
    formula: Node | None
    base: Node
    offset: Node
    hu_base: int
    tai_cap: int | None
    round_up: int | None
    cap: Node | None
    minimum: Node
    unit: str
    points: Node
    payment: dict[str, Node | None]
    options: dict[str, tuple[str, Any, dict[str, Any]]]
    facts: dict[str, tuple[str, Any, dict[str, Any]]]
    rows: tuple[RuleRow, ...]
    checks: tuple[tuple[Node, str], ...]
    #: rows whose value / pattern flag is an expression of the options: key -> expression
    row_values: dict[str, Node] = field(default_factory=dict)
    row_patterns: dict[str, Node] = field(default_factory=dict)
    fan_cap: Node | None = None
    order: str = "fallbacks_first"
    report_wait: bool = True
    not_paying: str | None = None
    between_losers: str | None = None
    players: int = 4
    tiles_in_play: int | None = None
    robbing_kong_as_self_draw: bool = False
    #: rows whose value on a self-drawn win is an expression of the options: key -> expression
    row_self_drawn_values: dict[str, Node] = field(default_factory=dict)
    #: the file is the table of the built-in rule set of the same name (scored with that rule set's hooks)
    builtin: bool = False

    @property
    def hand_rules(self) -> HandRules:
        """The shapes the kernels read for this game."""
        honors = any(t >= 27 for t in self.tiles)
        return HandRules(
            hand_size=self.hand_size,
            seven_pairs="seven_pairs" in self.forms,
            thirteen_orphans="thirteen_orphans" in self.forms,
            knitted="honors_and_knitted" in self.forms,
            no_honors=not honors,
            lack_a_suit=self.lack_a_suit,
            max_wildcards=min(8, self.max_wildcards),
        )

    @property
    def max_wildcards(self) -> int:
        """Wildcard copies a hand may hold at most."""
        if self.wildcard_indicator:
            return 4 * self.indicator_kinds
        return 4 * len(self.wildcard_tiles)


def next_kinds(indicator: int, n: int, in_play: tuple[int, ...]) -> tuple[int, ...]:
    """The ``n`` tile kinds after ``indicator`` (9 → 1 within a suit, 北 → 东, 白 → 中), skipping kinds not in
    play."""
    def nxt(t: int) -> int:
        if t < 27:
            return t - 8 if t % 9 == 8 else t + 1
        if t < 31:
            return 27 if t == 30 else t + 1
        return 31 if t == 33 else t + 1

    out: list[int] = []
    t = indicator
    for _ in range(40):
        t = nxt(t)
        if t in in_play and t not in out and t != indicator:
            out.append(t)
        if len(out) == n:
            break
    return tuple(out)


#: per book (by id, the book kept to guard against a reused id): the library entries its expressions name
_LIBRARY_USED: dict[int, tuple[RuleBook, tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]]] = {}


class BookRuleSet(RuleSet[Any]):
    """A rule set read from a rule book.  Subclasses are made per book by :func:`ruleset_class`."""

    book: ClassVar[RuleBook]

    @property
    def hand_rules(self) -> HandRules:
        return self.book.hand_rules

    @property
    def rows(self) -> tuple[RuleRow, ...]:
        """The book's rows under this configuration (values and pattern flags written as expressions of the
        options are resolved)."""
        got: tuple[RuleRow, ...] | None = self.__dict__.get("_rows")
        if got is None:
            b = self.book
            opts = self._options()
            got = tuple(
                dataclasses.replace(
                    r,
                    value=int(evaluate(b.row_values[r.key], opts, BUILTINS)) if r.key in b.row_values else r.value,
                    pattern=bool(evaluate(b.row_patterns[r.key], opts, BUILTINS)) if r.key in b.row_patterns
                    else r.pattern,
                    self_drawn_value=int(evaluate(b.row_self_drawn_values[r.key], opts, BUILTINS))
                    if r.key in b.row_self_drawn_values else r.self_drawn_value,
                ) if r.key in b.row_values or r.key in b.row_patterns or r.key in b.row_self_drawn_values else r
                for r in b.rows
            )
            self.__dict__["_rows"] = got
        return got

    def rows_for(self, self_drawn: bool) -> tuple[RuleRow, ...]:
        """The rows as they count on a win: on a self-draw a row with a ``self_drawn_value`` takes it."""
        if not self_drawn:
            return self.rows
        got: tuple[RuleRow, ...] | None = self.__dict__.get("_rows_self_drawn")
        if got is None:
            got = tuple(dataclasses.replace(r, value=r.self_drawn_value) if r.self_drawn_value is not None else r
                        for r in self.rows)
            self.__dict__["_rows_self_drawn"] = got
        return got

    # --- the environment expressions read ------------------------------------------------------------------

    def _options(self) -> dict[str, Any]:
        return {f.name: getattr(self.config, f.name) for f in dataclasses.fields(self.config)}

    def _value(self, node: Node | None, names: Mapping[str, Any], default: Value | None = None) -> Value | None:
        if node is None:
            return default
        if node.op == "name" and node.value in names and names[str(node.value)] is None:
            return default  # an int_or_none option set to none: no cap, no bonus
        return evaluate(node, names, BUILTINS)

    def _reading_env(self, v: Reading, opts: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        names: dict[str, Any] = dict(opts)
        names.update(v.facts)
        used_names, used_funcs = self._library_used()
        for n, fn in used_names:
            names[n] = partial(fn, v)
        funcs: dict[str, Any] = dict(BUILTINS)
        for n, fn in used_funcs:
            funcs[n] = partial(fn, v)
        return names, funcs

    @classmethod
    def _library_used(cls) -> tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]]:
        """The library's predicates / counts and functions the book's reading expressions name (rows' ``when``,
        ``count`` and ``rename``, the win requirement): only those are bound for each reading."""
        b = cls.book
        got = _LIBRARY_USED.get(id(b))
        if got is None or got[0] is not b:
            names: set[str] = set()
            calls: set[str] = set()
            for node in (*(x for r in b.rows for x in (r.when, r.count, r.rename_when)), b.requires):
                if node is not None:
                    n, c = names_in(node)
                    names |= n
                    calls |= c
            got = (b, tuple((n, e.fn) for table in (PREDICATES, COUNTS) for n, e in table.items() if n in names),
                   tuple((n, e.fn) for n, e in FUNCTIONS.items() if n in calls))
            _LIBRARY_USED[id(b)] = got
        return got[1], got[2]

    def wildcard_kinds(self, ctx: WinContext) -> frozenset[int]:
        """The tile kinds that are wild in this hand."""
        b = self.book
        if b.wildcard_option is not None and not getattr(self.config, b.wildcard_option):
            return frozenset()
        if b.wildcard_indicator:
            ind = getattr(ctx, "indicator", None)
            if ind is None:
                raise ContextError(f"{b.name}: the wildcards come from a turned-up tile: give the win fact "
                                   "indicator (e.g. indicator=5m)")
            return frozenset(next_kinds(ind, b.indicator_kinds, b.tiles))
        return frozenset(b.wildcard_tiles)

    # --- checks ---------------------------------------------------------------------------------------------

    def check_hand(self, hand: Hand) -> None:
        b = self.book
        if hand.flowers and not b.flowers:
            raise HandError(f"{b.name}: flowers are not part of this game's tile set")
        if not b.flow.chows:
            for m in hand.melds:
                if m.kind is MeldKind.CHOW:
                    raise MeldError(f"{b.name}: chow {m} cannot be claimed in this game (no chows: 不可以吃)")
        hand.check_size(b.hand_size, complete=True)
        in_play = set(b.tiles)
        for t in (*hand.concealed, *(x for m in hand.melds for x in m.tiles)):
            if t not in in_play:
                raise HandError(f"{b.name}: {tile_name(t)} is not in this game's tile set")

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx_cls = self.Context
        if context is None:
            return ctx_cls()
        if isinstance(context, ctx_cls):
            return context
        own = {f.name for f in dataclasses.fields(ctx_cls)}
        return ctx_cls(**{f.name: getattr(context, f.name) for f in dataclasses.fields(context) if f.name in own})

    def readings(self, hand: Hand, wild_kinds: frozenset[int]) -> list[Decomposition]:
        real, wild = split_wildcards(hand.concealed, wild_kinds)
        if self.book.lack_a_suit:
            counts = hand.all_counts
            held = {t // 9 for t in range(27) if counts[t] and t not in wild_kinds}
            if len(held) == 3:
                raise NotWinningError(f"{hand}: 缺一门 (must lack a suit): a winning hand under {self.book.name} "
                                      "holds at most two suits (declared melds included)")
        forms = {_FORM_OF[f] for f in self.book.forms}
        out = [d for d in K.decompositions(bytes(real), wild, self.hand_rules) if d.form in forms]
        if not out:
            raise NotWinningError(f"{hand} is not a winning hand under {self.book.name}: it needs "
                                  + ", ".join(self.book.forms).replace("_", " "))
        return out

    # --- scoring --------------------------------------------------------------------------------------------

    def count_rows(self, v: Reading, opts: Mapping[str, Any]) -> list[tuple[RuleRow, int]]:
        """The rows counted for one reading and how many times each counts (stage-2 fallbacks first)."""
        names, funcs = self._reading_env(v, opts)
        applying: list[RuleRow] = []
        times: dict[str, int] = {}
        stage2: list[RuleRow] = []
        for r in self.rows_for(v.context.self_drawn):
            if r.option is not None and not opts[r.option]:
                continue
            if r.stage == 2:
                stage2.append(r)
                continue
            if r.when is not None and not evaluate(r.when, names, funcs):
                continue
            n = 1 if r.count is None else int(evaluate(r.count, names, funcs))
            if r.when is None and r.count is None:
                continue
            if n > 0:
                applying.append(r)
                times[r.key] = n
        counted = apply_exclusions(self.book.exclusion, applying)
        first: list[RuleRow] = []
        if stage2:
            names.update(names_for(self.rows, [(r, 1) for r in counted]))
            funcs["counted_outside"] = lambda g: sum(1 for r in counted if r.group != g)
            for r in stage2:
                if r.when is not None and evaluate(r.when, names, funcs):
                    n = 1 if r.count is None else int(evaluate(r.count, names, funcs))
                    if n > 0:
                        first.append(r)
                        times[r.key] = n
        if self.book.order == "patterns_first":
            place = {r.key: i for i, r in enumerate(self.rows)}
            chosen = sorted((*first, *counted), key=lambda r: (not r.pattern, place[r.key]))
            return [(r, times[r.key]) for r in chosen]
        return [(r, times[r.key]) for r in (*first, *counted)]

    def _items(self, lines: list[tuple[RuleRow, int]], v: Reading, opts: Mapping[str, Any]) -> list[ScoreItem]:
        env = self._reading_env(v, opts) if any(r.rename_when is not None for r, _ in lines) else ({}, {})
        names, funcs = env
        items = []
        for r, n in lines:
            zh, en = r.name_zh, r.name_en
            if r.rename_when is not None and evaluate(r.rename_when, names, funcs):
                zh, en = r.rename_zh, r.rename_en or en
            items.append(ScoreItem(r.key, zh, en, r.value, n, r.unit, r.text))
        return items

    def _hand_value(self, lines: list[tuple[RuleRow, int]], names: Mapping[str, Any]) -> int:
        b = self.book
        t = totals_of(lines)
        if b.aggregation == "formula":
            env = dict(names)
            env.update(fan=t.fan, hu=t.hu, tai=t.tai, pt=t.pt, x=t.x)
            return int(self._value(b.formula, env, 0) or 0)
        base = int(self._value(b.base, names, 1) or 0)
        offset = int(self._value(b.offset, names, 1) or 0)
        if b.aggregation == "powers":
            fan_cap = self._value(b.fan_cap, names)
            fan = t.fan if fan_cap is None else min(t.fan, int(fan_cap))
            return base * t.x * (1 << max(0, fan - offset)) + t.pt
        return aggregate(b.aggregation, t, base=base, offset=offset, hu_base=b.hu_base, tai_cap=b.tai_cap)

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a winning hand by the rule book: the best reading's value, its rounding, cap and minimum, and
        the payments.  A win the book does not allow (a discard in a self-draw-only game, a requirement not met)
        is returned with ``valid=False`` and the reason."""
        b = self.book
        h = self._hand(hand)
        self.check_hand(h)
        ctx = self.context(h, context)
        paying_ctx = ctx
        if b.robbing_kong_as_self_draw and ctx.robbing_kong:
            # scored as a self-draw (抢杠 记分按自摸计); the konger is still the one who pays
            ctx = dataclasses.replace(ctx, discarder=None, robbing_kong=False)
        opts = self._options()
        plain: dict[str, Any] = dict(opts)
        plain.update({f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)})
        plain.update(self_drawn=ctx.self_drawn, winner_is_dealer=ctx.winner_is_dealer, melds=len(h.melds),
                     kongs=sum(1 for m in h.melds if m.is_kong),
                     claimed_melds=sum(1 for m in h.melds if not m.is_concealed))
        plain.update({k: fact_value(b.facts[k][0], getattr(ctx, k)) for k in b.facts})
        for check, message in b.checks:
            if evaluate(check, plain, BUILTINS):
                raise ContextError(f"{b.name}: {message}")
        wild_kinds = self.wildcard_kinds(ctx)
        extra = {k: plain[k] for k in b.facts}
        best: tuple[tuple[int, int], list[tuple[RuleRow, int]], Decomposition, Reading] | None = None
        for d in self.readings(h, wild_kinds):
            v = build_reading(h, d, ctx, self.hand_rules, wild_kinds, extra)
            lines = self.count_rows(v, opts)
            rank = (self._hand_value(lines, {**plain, **extra}), totals_of(lines).fan)
            if best is None or rank > best[0]:
                best = (rank, lines, d, v)
        assert best is not None
        (value, _fan), lines, reading, v = best
        items = self._items(lines, v, opts)
        names = {**plain, **extra}
        steps: list[tuple[str, str]] = [(f"合计 {value}", f"value {value}")]
        total = value
        if b.round_up:
            total = -(-total // b.round_up) * b.round_up
            if total != value:
                steps.append((f"进到 {b.round_up} 的倍数: {total}",
                              f"rounded up to a multiple of {b.round_up}: {total}"))
        cap = self._value(b.cap, names)
        if cap is not None and total > int(cap):
            total = int(cap)
            steps.append((f"封顶 {cap}", f"capped at {cap}"))
        valid, reason = True, None
        rnames, rfuncs = self._reading_env(v, opts)
        if evaluate(b.self_draw_only, names, BUILTINS) and not ctx.self_drawn:
            valid, reason = False, f"{b.zh or b.name}: 只能自摸 / only a self-drawn win counts"
        elif b.requires is not None and not evaluate(b.requires, {**rnames, **names_for(self.rows, lines)}, rfuncs):
            valid, reason = False, f"{b.zh or b.name}: {b.requires_text or 'the hand does not meet the win rule'}"
        elif total < int(self._value(b.minimum, names, 0) or 0):
            valid, reason = False, f"{b.zh or b.name}: below the minimum {self._value(b.minimum, names, 0)}"
        points = int(self._value(b.points, {**names, "total": total}, total) or 0)
        rule = Payment(
            all_pay_on_discard=bool(self._value(b.payment["all_pay_on_discard"], names, False)),
            discarder_pays_for_all=bool(self._value(b.payment["discarder_pays_for_all"], names, False)),
            dealer_doubles=bool(self._value(b.payment["dealer_doubles"], names, False)),
            bonus=int(self._value(b.payment["bonus"], {**names, "total": total}, 0) or 0),
            cap=None if b.payment["cap"] is None else int(self._value(b.payment["cap"], names) or 0),
            dealer_bonus=int(self._value(b.payment["dealer_bonus"], names, 0) or 0),
        )
        seats = self.seats
        if b.not_paying is not None:
            seats = tuple(s for s in seats if s not in getattr(ctx, b.not_paying))
        discarder = paying_ctx.discarder
        if discarder is None:
            alone = int(self._value(b.payment["self_draw_payer"], names, -1) or 0)
            discarder = alone if alone >= 0 else None
        by_payer: dict[int, int] = {}
        birds_on = getattr(ctx, "bird_seats", None) if b.flow.bird_hits == "seat" else None
        if birds_on is not None:  # 扎鸟: one more share for each bird on the winner and on the payer
            share = int(self._value(b.payment["bird_share"], {**names, "total": total}, 0) or 0)
            by_payer = {s: share * (birds_on[ctx.winner] + birds_on[s]) for s in seats if s != ctx.winner}
        owed = payments(points, ctx.winner, discarder, ctx.dealer, seats, rule, by_payer) if valid else {}
        steps.append((f"每家 {points}" + (f" + {rule.bonus}" if rule.bonus else ""),
                      f"each payer {points}" + (f" + {rule.bonus}" if rule.bonus else "")))
        if birds_on is not None:
            steps.append((f"扎鸟 {listed(birds_on)}: 胡牌者和付分者身上每只鸟多付 {share}",
                          f"birds by seat {listed(birds_on)}: {share} more for each bird on the winner or the payer"))
        pay = zero_sum_payments(ctx.winner, owed)
        if valid and b.between_losers is not None and getattr(ctx, b.between_losers) is not None:
            pay, lines_between = self._between_losers(pay, ctx, getattr(ctx, b.between_losers))
            steps += lines_between
        details: dict[str, Any] = {"value": value, "points_per_payer": points}
        details.update(arithmetic_details(*steps))
        wait = v.wait if b.report_wait else None
        return ScoreResult(self.name, tuple(items), total, b.unit, reading, wait, valid, pay, reason, details)

    def _between_losers(self, pay: tuple[int, ...], ctx: WinContext,
                        values: tuple[int, ...]) -> tuple[tuple[int, ...], list[tuple[str, str]]]:
        """输家互算: every pair of losers settles the difference of their values (the smaller pays the larger)."""
        losers = {s: values[s] for s in self.seats if s != ctx.winner}
        net = list(pay)
        steps: list[tuple[str, str]] = []
        for (payer, payee), amount in sorted(pairwise_differences(losers).items()):
            net[payer] -= amount
            net[payee] += amount
            steps.append((f"输家互算: {payer} 号付 {payee} 号 {amount}",
                          f"losers settle: seat {payer} pays seat {payee} {amount}"))
        return tuple(net), steps

    def describe_options(self) -> list[tuple[str, Any, str]]:
        """(option, current value, documentation) for every option, from the field metadata."""
        return [(d["name"], d["value"], " / ".join(x for x in (d["zh"], d["en"]) if x)
                 + (f" — source: {d['source']}" if d["source"] else "")) for d in describe(self.config)]


def names_for(rows: tuple[RuleRow, ...], lines: list[tuple[RuleRow, int]]) -> dict[str, Any]:
    """Names a win requirement may read about the counted rows: ``counted`` and ``row_KEY`` (counted or not)."""
    out: dict[str, Any] = {f"row_{r.key}": False for r in rows}
    out["counted"] = len(lines)
    for r, _ in lines:
        out[f"row_{r.key}"] = True
    return out


def _context_class(book: RuleBook) -> type[WinContext]:
    entries: list[tuple[str, Any, Any]] = [
        ("indicator", Any, field(default=None, metadata={"zh": "翻出的指示牌", "en": "the turned-up tile"})),
    ] if book.wildcard_indicator else []
    for name, (tname, default, meta) in book.facts.items():
        entries.append((name, _FACT_PY_TYPES[tname], field(default=default, metadata=meta)))

    def post_init(self: Any) -> None:
        WinContext.__post_init__(self)
        ind = getattr(self, "indicator", None)
        if isinstance(ind, str):
            from mahjong.tiles import parse_tiles

            tiles = parse_tiles(ind)
            if len(tiles) != 1:
                raise ContextError(f"indicator must be one tile, got {ind!r}")
            object.__setattr__(self, "indicator", tiles[0])
        elif ind is not None and (not isinstance(ind, int) or isinstance(ind, bool) or not 0 <= ind < 34):
            raise ContextError(f"indicator must be a tile (e.g. 5m) or a tile id 0..33, got {ind!r}")
        for name, (tname, _d, _m) in book.facts.items():
            val = getattr(self, name)
            if tname in ("seat", "seats", "per_seat"):
                object.__setattr__(self, name, parse_seat_fact(book.name, name, tname, val))
                continue
            ok = isinstance(val, bool) if tname == "bool" else isinstance(val, int) and not isinstance(val, bool)
            if not ok or (tname == "int" and val < 0):
                raise ContextError(f"{book.name}: win fact {name} must be "
                                   f"{'true or false' if tname == 'bool' else 'a whole number >= 0'}, got {val!r}")

    cls = dataclasses.make_dataclass(f"{_class_name(book.name)}Context", entries, bases=(WinContext,), frozen=True,
                                     namespace={"__post_init__": post_init})
    from mahjong.rulebook.options import docstring_of

    metas = {name: meta for name, (_t, _d, meta) in book.facts.items()}
    if book.wildcard_indicator:
        metas = {"indicator": {"zh": "翻出的指示牌（其后一种牌为鬼）",
                               "en": "the turned-up tile (the next kind is wild)"},
                 **metas}
    cls.__doc__ = docstring_of(f"Win facts of {book.name}: the usual ones, and these.", metas)
    return cls


def _class_name(name: str) -> str:
    return "".join(p.title() for p in name.replace("_", "-").split("-")) or "Book"


def ruleset_class(book: RuleBook) -> type[BookRuleSet]:
    """A :class:`BookRuleSet` subclass for one rule book, with its ``Config`` and ``Context``."""
    from mahjong.rulebook.options import make_config

    config = make_config(book.name, book.options)
    summary = book.summary_en or book.en or book.name
    title = f"{book.zh} ({book.en})" if book.zh and book.en else (book.zh or book.en or book.name)
    cls = type(f"{_class_name(book.name)}Rules", (BookRuleSet,), {
        "name": book.name, "title": title, "summary": summary, "Config": config,
        "Context": _context_class(book), "book": book, "__doc__": f"{title}: read from {book.path}",
        "seats": (0, 1) if book.players == 2 else (0, 1, 2, 3),
        "__module__": __name__,
    })
    return cls



# --- win facts about seats (rbfiles) ------------------------------------------------------------------------

_FACT_PY_TYPES: dict[str, Any] = {"bool": bool, "int": int, "seat": Any, "seats": Any, "per_seat": Any}


def fact_value(kind: str, value: Any) -> Any:
    """A win fact as expressions read it: a seat fact that is not given reads as -1."""
    if kind == "seat" and value is None:
        return -1
    return value


def _split(value: str) -> list[str]:
    return [x for x in value.replace(" ", "").split(",") if x]


def parse_seat_fact(owner: str, name: str, kind: str, value: Any) -> Any:
    """A seat, a set of seats or one number per seat, from what a caller (or the CLI's --context text) gives."""
    def bad(what: str) -> ContextError:
        return ContextError(f"{owner}: win fact {name} must be {what}, got {value!r}")

    def seat(x: Any) -> int:
        if isinstance(x, str) and x.strip().isdigit():
            x = int(x)
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 4:
            raise bad("a seat 0..3" if kind == "seat" else "seats 0..3 such as '1,2'")
        return x

    if kind == "seat":
        return None if value is None or value == "none" else seat(value)
    if kind == "seats":
        if value is None:
            return frozenset()
        if isinstance(value, bool):
            raise bad("seats 0..3 such as '1,2'")
        items = _split(value) if isinstance(value, str) else [value] if isinstance(value, int) else value
        try:
            return frozenset(seat(x) for x in items)
        except TypeError:
            raise bad("seats 0..3 such as '1,2'") from None
    if value is None or value == "none":
        return None
    items = _split(value) if isinstance(value, str) else value
    try:
        out = tuple(int(x) if isinstance(x, str) and x.isdigit() else x for x in items)
    except TypeError:
        raise bad("four whole numbers >= 0, one per seat, such as '0,30,50,20'") from None
    if len(out) != 4 or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in out):
        raise bad("four whole numbers >= 0, one per seat, such as '0,30,50,20'")
    return out
