"""The compiled rule-book evaluator: one image (:mod:`mahjong.rulebook.compiler`), run by the compiled evaluator
(``src/mjcore/evaluator.pxi``, ``mahjong._core.CompiledBook``) or by its Python twin here.

The twin runs the same image with the same stack machine, over the readings the rule book itself builds
(:func:`~mahjong.rulebook.reading.build_reading`) and the predicate library's own functions; the compiled
evaluator builds its readings in C (the kernels' decompositions, wildcards included) and has a C case for every
library entry.  So the rule book checks the compiler (book == twin) and the twin checks the C (twin == C): the
tests compare the three on every shipped rule file, on hypothesis hands and options, and on rule files hypothesis
writes from the library (``tests/rulebook/test_compiled_book.py``).

Both answer an :class:`Outcome`: ``ok`` with the best reading's counted rows, value, total, validity, points and
payments; ``no_win`` (no reading of the book's forms); or ``fallback`` — an expression raised, a value passed
:data:`~mahjong.rulebook.opcodes.LIMIT`, a check of the book held — where the caller asks the rule book, which
computes it exactly or raises its own error.  On the pure-Python backend the rule sets score with the rule book
(the readable reference); the twin is what the tests run there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from mahjong._kernels import BACKEND, backend_module
from mahjong.errors import MahjongError, NotWinningError
from mahjong.framework import ScoreItem
from mahjong.rulebook import opcodes as O
from mahjong.rulebook.book import NO_WIN, BestReading, WinDerivation, compiled_scorer, row_names, wait_words
from mahjong.rulebook.compiler import LIBRARY, MAGIC, CompiledBook, NotCompiled, compiled
from mahjong.rulebook.predicates import COUNTS, FUNCTIONS, PREDICATES
from mahjong.rulebook.reading import Reading, build_reading, set_reading, win_facts, win_placements
from mahjong.rulebook.strategies import Totals
from mahjong.tiles import tile_name
from mahjong.types import Decomposition, Form

__all__ = ["Outcome", "twin", "compiled_evaluator", "readings_of", "INVALID"]

_H = {name: i for i, name in enumerate(O.HEADER)}
_R = {name: i for i, name in enumerate(O.ROW)}
_OPS = O.OPS
_LIB_FNS = [PREDICATES[n].fn for n in LIBRARY[0]] + [COUNTS[n].fn for n in LIBRARY[1]]
_FN_NAMES = LIBRARY[2]
_WAIT_OF = {w: i for i, w in enumerate(O.WAITS)}
#: why a win is not valid (Outcome.invalid)
INVALID = ("", "self_draw_only", "requires", "minimum")


@dataclass(frozen=True)
class Outcome:
    """What an evaluator answers for one hand.

    Attributes:
        status: ``ok``, ``no_win`` or ``fallback`` (:data:`~mahjong.rulebook.opcodes.RESULTS`).
        reading: the best reading's place among the readings (the kernels' order), or -1.
        lines: each counted row as (row index in the image, times, value, shown under its other name, the first
            tile of the set it was counted on: a row counted per set, else -1), in the order the result lists
            them.
        value: the best reading's value (before rounding and the cap); fan: its fan (the tie-break).
        totals: (fan, hu, tai, pt, x) of the counted rows.
        total: after rounding and the cap.
        invalid: 0 (valid) or why not (:data:`INVALID`).
        points: each payer's points before the payment rule.
        owed: what each seat pays the winner (-1: it does not pay).
        payments: the net per seat (zero-sum).
        wait: the best reading's wait (:data:`~mahjong.rulebook.opcodes.WAITS` index).
        placed: the best reading is one at a place of the winning tile (``[win] placements``).
        compared: what the minimum was compared with (the total, or ``[scoring] minimum_of``); 0 where it was
            not.
        details: the book's ``[[details]]`` on the best reading, in their order.
        flat: the win is a flat win (``[scoring] flat_group``): its one line's value from every other player.
    """

    status: str
    reading: int = -1
    lines: tuple[tuple[int, int, int, bool, int], ...] = ()
    value: int = 0
    fan: int = 0
    totals: tuple[int, ...] = (0, 0, 0, 0, 1)
    total: int = 0
    invalid: int = 0
    points: int = 0
    owed: tuple[int, ...] = (-1, -1, -1, -1)
    payments: tuple[int, ...] = (0, 0, 0, 0)
    wait: int = 0
    placed: bool = False
    compared: int = 0
    details: tuple[int, ...] = ()
    flat: bool = False


class _Fallback(Exception):
    """The rule book must decide (an expression raised, a value is too big, a check held)."""


def _checked(v: int) -> int:
    if v > O.LIMIT or v < -O.LIMIT:
        raise _Fallback("too big")
    return v


def _decode(fn: int, a: int, b: int, c: int) -> tuple[str, tuple[Any, ...]]:
    """A library call's arguments as the rule book writes them, from the image's operands."""
    name = _FN_NAMES[fn]
    if name in ("pair_rank_in", "all_ranks_in"):
        return name, tuple(r for r in range(1, 10) if a >> r & 1)
    if name in ("pung_of", "holds", "pair_of"):
        return name, (tile_name(a),)
    if name == "wildcard_stand_ins":
        return name, (("any", "honors", "suited")[a], bool(b))
    if name == "wait_is":
        return name, (O.WAITS[a],)
    if name == "triplets_outside_wait":
        return name, ("kong" if a else "pung", bool(b), bool(c))
    if name == "largest_suit":
        return name, (a,)
    return name, ()


class _Env:
    """What one program reads: the reading (None for the scoring names), the fact vector, the scoring names and
    the counted rows."""

    __slots__ = ("reading", "facts", "scoring", "counted", "groups", "memo", "lines")

    def __init__(self, reading: Reading | None, facts: Sequence[int]) -> None:
        self.reading = reading
        self.facts = facts
        self.scoring: list[int] = [0, 0, 0, 0, 1, 0, 0]  # fan hu tai pt x total value
        self.counted: list[int] | None = None  # the row indices counted (stage 2: stage 1's; the win rule: all)
        self.groups: list[int] = []
        self.memo: dict[int, int] = {}
        self.lines: list[_Line] | None = None  # the counted lines group_value reads


def run(code: Sequence[int], pc: int, env: _Env) -> int:
    """Run the program at ``pc``: its value (a truth value is 0 / 1); :class:`_Fallback` where the rule book
    raises or a value passes the limit."""
    stack: list[int] = []
    while True:
        name = _OPS[code[pc]]
        if name == "end":
            return stack.pop()
        if name == "const":
            stack.append(code[pc + 1])
            pc += 2
        elif name == "err":
            raise _Fallback("the expression raises")
        elif name == "lib":
            lib = code[pc + 1]
            got = env.memo.get(lib)
            if got is None:
                if env.reading is None:
                    raise _Fallback("a library name outside a reading")
                got = env.memo[lib] = _checked(int(_LIB_FNS[lib](env.reading)))
            stack.append(got)
            pc += 2
        elif name == "func":
            if env.reading is None:
                raise _Fallback("a library function outside a reading")
            fname, args = _decode(*code[pc + 1:pc + 5])
            try:
                stack.append(_checked(int(FUNCTIONS[fname].fn(env.reading, *args))))
            except MahjongError:
                raise _Fallback("the library raised") from None
            pc += 5
        elif name == "fact":
            v = env.facts[code[pc + 1]]
            if v == O.ABSENT:
                raise _Fallback("a fact with no value")
            stack.append(v)
            pc += 2
        elif name == "scoring":
            stack.append(env.scoring[code[pc + 1]])
            pc += 2
        elif name == "row":
            if env.counted is None:
                raise _Fallback("row_KEY outside stage 2")
            stack.append(int(code[pc + 1] in env.counted))
            pc += 2
        elif name == "counted":
            if env.counted is None:
                raise _Fallback("counted outside stage 2")
            stack.append(len(env.counted))
            pc += 1
        elif name == "counted_outside":
            if env.counted is None:
                raise _Fallback("counted_outside outside stage 2")
            g = code[pc + 1]
            stack.append(sum(1 for i in env.counted if env.groups[i] != g))
            pc += 2
        elif name == "group_value":
            if env.lines is None:
                raise _Fallback("group_value without counted rows")
            g = code[pc + 1]
            stack.append(_checked(sum(_checked(v * n) for i, n, v, _s in env.lines if env.groups[i] == g)))
            pc += 2
        elif name in ("and", "or"):
            top = stack[-1]
            if bool(top) == (name == "or"):
                stack[-1] = int(name == "or")
                pc += 2 + code[pc + 1]
            else:
                stack.pop()
                pc += 2
        elif name in ("min", "max"):
            n = code[pc + 1]
            vals = stack[-n:]
            del stack[-n:]
            stack.append(min(vals) if name == "min" else max(vals))
            pc += 2
        elif name in ("neg", "not", "bool", "size"):
            x = stack.pop()
            stack.append(-x if name == "neg" else int(not x) if name == "not" else int(bool(x)) if name == "bool"
                         else bin(x & 15).count("1"))
            pc += 1
        elif name == "pick":
            b = stack.pop()
            a = stack.pop()
            cond = stack.pop()
            stack.append(a if cond else b)
            pc += 1
        else:
            y = stack.pop()
            x = stack.pop()
            stack.append(_checked(_binary(name, x, y)))
            pc += 1


def _binary(name: str, x: int, y: int) -> int:
    if name == "add":
        return x + y
    if name == "sub":
        return x - y
    if name == "mul":
        return x * y
    if name == "div":
        if y == 0:
            raise _Fallback("division by zero")
        return x // y
    if name == "pow":
        if y < 0 or y > 64:
            raise _Fallback("power out of range")
        if abs(x) > 1 and y > 62:
            raise _Fallback("too big")
        return int(x**y)
    if name == "eq":
        return int(x == y)
    if name == "ne":
        return int(x != y)
    if name == "lt":
        return int(x < y)
    if name == "le":
        return int(x <= y)
    if name == "gt":
        return int(x > y)
    if name == "ge":
        return int(x >= y)
    if name == "round_up":
        if y <= 0:
            raise _Fallback("round_up needs a positive step")
        return -(-x // y) * y
    if name == "round_half":
        if y <= 0:
            raise _Fallback("round_half needs a positive step")
        return ((x + y // 2) // y) * y
    if name == "contains":
        return int(0 <= y < 4 and bool(x >> y & 1))
    raise AssertionError(name)  # pragma: no cover


class _Image:
    """An image's sections, read once."""

    def __init__(self, image: Sequence[int]) -> None:
        self.image = image
        self.h = {name: image[i] for i, name in enumerate(O.HEADER)}
        self.code = image[self.h["code_at"]:self.h["code_at"] + self.h["code_len"]]
        at = self.h["rows_at"]
        self.rows = [image[at + i * len(O.ROW):at + (i + 1) * len(O.ROW)] for i in range(self.h["n_rows"])]
        ex = self.h["excl_at"]
        self.excl = [tuple(image[ex + r[_R["excl"]]:ex + r[_R["excl"]] + r[_R["n_excl"]]]) for r in self.rows]
        at = self.h["checks_at"]
        self.checks = image[at:at + self.h["n_checks"]]
        at = self.h["details_at"]
        self.details = image[at:at + self.h["n_details"]]
        at = self.h["refusals_at"]
        self.refusals = image[at:at + self.h["n_refusals"]]
        at = self.h["bonuses_at"]
        self.bonuses = [tuple(image[at + 2 * i:at + 2 * i + 2]) for i in range(self.h["n_bonuses"])]
        self.groups = [r[_R["group"]] for r in self.rows]
        self.flags = {name: bool(self.h["flags"] >> i & 1) for i, name in enumerate(O.FLAGS)}

    def run(self, pc: int, env: _Env, default: int = 0) -> int:
        return default if pc < 0 else run(self.code, pc, env)


#: a counted line: (row, times, value, the set it was counted on: its place among the reading's sets, -1 for a
#: row counted on the whole reading)
_Line = tuple[int, int, int, int]


def _row_line(im: _Image, i: int, env: _Env, self_drawn: bool, at: int) -> _Line | None:
    """Row i on the reading of ``env`` (a row with no ``when`` always applies): its line, or None."""
    r = im.rows[i]
    if r[_R["when"]] >= 0 and not run(im.code, r[_R["when"]], env):
        return None
    n = 1 if r[_R["count"]] < 0 else run(im.code, r[_R["count"]], env)
    if n <= 0:
        return None
    value = r[_R["self_drawn_value"]] if self_drawn else r[_R["value"]]
    if r[_R["valued"]] >= 0:
        value = run(im.code, r[_R["valued"]], env)
    return i, n, value, at


def _stage_lines(im: _Image, env: _Env, stage: int, self_drawn: bool) -> list[_Line]:
    """The rows of one stage that apply to the reading, in the table's order; a run of rows counted per set
    read set by set (each row on that set alone: set_reading), a line for each set it holds for."""
    out: list[_Line] = []
    rows = im.rows
    i = 0
    while i < len(rows):
        if rows[i][_R["stage"]] != stage:
            i += 1
            continue
        if not rows[i][_R["per_set"]]:
            line = _row_line(im, i, env, self_drawn, -1)
            if line is not None:
                out.append(line)
            i += 1
            continue
        j = i
        while j < len(rows) and rows[j][_R["per_set"]]:
            j += 1
        v = env.reading
        assert v is not None
        for at, s in enumerate(v.sets):
            one = _Env(set_reading(v, s), env.facts)
            for k in range(i, j):
                line = _row_line(im, k, one, self_drawn, at)
                if line is not None:
                    out.append(line)
        i = j
    return out


def _lines(im: _Image, env: _Env, self_drawn: bool) -> list[_Line]:
    """count_rows on one reading: (row, times, value, set) in the result's order; more lines than the evaluator
    holds (MAX_LINES: rows counted per set give a line for each set) hand the hand back, as in C."""
    applying = _stage_lines(im, env, 1, self_drawn)
    if len(applying) > O.MAX_LINES:
        raise _Fallback("more lines than the evaluator holds")
    counted = _exclusions(im, applying)
    env.counted = [i for i, *_ in counted]
    env.groups = im.groups
    first = _stage_lines(im, env, 2, self_drawn)
    env.counted = None
    if len(first) + len(counted) > O.MAX_LINES:
        raise _Fallback("more lines than the evaluator holds")
    if im.flags["patterns_first"]:
        return sorted([*first, *counted], key=lambda line: (not im.rows[line[0]][_R["pattern"]], line[0]))
    return [*first, *counted]


def _exclusions(im: _Image, applying: list[_Line]) -> list[_Line]:
    policy = O.EXCLUSIONS[im.h["exclusion"]]
    if policy == "ordered":
        struck: set[int] = set()
        kept = []
        for line in applying:
            if line[0] in struck:
                continue
            kept.append(line)
            struck.update(im.excl[line[0]])
        return kept
    struck = {k for line in applying for k in im.excl[line[0]]}
    kept = [line for line in applying if line[0] not in struck]
    if policy == "largest":
        patterns = [line for line in kept if im.rows[line[0]][_R["pattern"]]]
        if patterns:
            top = max(patterns, key=lambda line: line[2])  # (the first of the largest)
            kept = [line for line in kept if not im.rows[line[0]][_R["pattern"]] or line is top]
    return kept


def _totals(im: _Image, lines: list[_Line]) -> tuple[int, ...]:
    sums = [0, 0, 0, 0]  # fan hu tai pt
    x = 1
    for i, n, value, _s in lines:
        unit = O.UNITS[im.rows[i][_R["unit"]]]
        if unit == "x":
            for _ in range(n):
                x = _checked(x * value)
        else:
            k = ("fan", "hu", "tai", "pt").index(unit)
            sums[k] = _checked(sums[k] + _checked(value * n))
    return sums[0], sums[1], sums[2], sums[3], x


def _hand_value(im: _Image, totals: tuple[int, ...], plain: _Env) -> int:
    fan, hu, tai, pt, x = totals
    agg = O.AGGREGATIONS[im.h["aggregation"]]
    if agg == "formula":
        plain.scoring = [fan, hu, tai, pt, x, 0, 0]
        return im.run(im.h["formula"], plain)
    base = im.run(im.h["base"], plain, 1)
    if agg == "sum":
        return _checked(fan + hu + tai + pt)
    if agg == "product":
        return _checked(_checked(base * x) + pt)
    if agg == "powers":
        offset = im.run(im.h["offset"], plain, 1)
        if im.h["fan_cap"] >= 0:
            fan = min(fan, im.run(im.h["fan_cap"], plain))
        shift = max(0, fan - offset)
        if shift > 62:
            raise _Fallback("too big")
        return _checked(_checked(_checked(base * x) * (1 << shift)) + pt)
    tai = tai if im.h["tai_cap"] < 0 else min(tai, im.h["tai_cap"])
    shift = max(0, tai)
    if shift > 62:
        raise _Fallback("too big")
    return _checked(_checked((im.h["hu_base"] + hu) * (1 << shift)) + pt)


def twin(cb: CompiledBook, rs: Any, hand: Any, ctx: Any) -> Outcome:
    """The Python twin of the compiled evaluator: the image run on a checked hand and its win context (as
    :meth:`BookRuleSet.score` has them after its checks)."""
    try:
        return _twin(cb, rs, hand, ctx)
    except (_Fallback, NotCompiled):  # (NotCompiled: a fact's value the image cannot hold, as hand_input hands back)
        return Outcome("fallback")


def _twin(cb: CompiledBook, rs: Any, hand: Any, ctx: Any) -> Outcome:
    im = _image_of(cb)
    paying = ctx
    if im.flags["robbing_as_self_draw"] and ctx.robbing_kong:
        ctx = replace(ctx, discarder=None, robbing_kong=False)
    try:
        derivation = rs.win_derivation(hand, ctx)
        facts = cb.fact_values(ctx, hand, rs, derivation)
    except MahjongError:  # (a hook of the rule set raises on this hand: the rule book raises it)
        raise _Fallback("the rule set's hooks raise") from None
    plain = _Env(None, facts)
    for pc in im.checks:
        if run(im.code, pc, plain):
            raise _Fallback("a check of the book holds")
    try:
        wild_kinds = rs.wildcard_kinds(ctx)
        plain_win = _plain_win(im, hand, ctx, wild_kinds)
        decompositions = rs.readings(hand, wild_kinds, True) if plain_win else rs.readings(hand, wild_kinds)
    except NotWinningError:
        return Outcome("no_win")
    except MahjongError:
        raise _Fallback("the readings raise") from None
    taken = _taken(hand, wild_kinds) if plain_win else None
    book = rs.book
    derived = rs.facts_not_given
    extra = {k: _fact_of(kind, getattr(ctx, k)) for k, (kind, _d, _m) in book.facts.items() if k not in derived}
    if derived:
        extra.update({k: v for k, v in derivation.facts.items() if k in derived})
    wfacts = win_facts(ctx, extra)
    self_drawn = ctx.self_drawn
    placing = bool(im.run(im.h["placements"], plain))
    drawn = placing and im.h["drawn_win"] >= 0 and facts[im.h["drawn_win"]] not in (0, O.ABSENT)
    if im.h["discarded_plain"] >= 0 and hand.win_tile in wild_kinds:  # a wildcard is the winning tile: one not
        drawn = placing and not plain_win  # plain stands for any tile (placed at each kind it may be)
    by_total = im.h["best"] == O.BESTS.index("total")
    by_payments = im.h["best"] == O.BESTS.index("payments")
    flat = im.h["flat_group"] >= 0 and bool(im.run(im.h["flat_when"], plain, 1))
    flat_hit = False
    if placing and hand.win_tile is None and not drawn:
        raise _Fallback("placements need the winning tile")
    find_wait = im.flags["find_wait"] and not placing
    has_limit = im.h["limit_group"] >= 0 and im.h["cap"] >= 0  # (hands worth the cap outright)
    cap_when = im.h["cap_when"] if im.h["cap"] >= 0 else -1  # (腊子: readings worth the cap by an expression)
    limit = im.run(im.h["cap"], plain) if has_limit or cap_when >= 0 else 0
    best: tuple[tuple[int, int], int, list[_Line], Reading, tuple[int, ...], int] | None = None
    for k, d in enumerate(decompositions):
        v = build_reading(hand, d, ctx, rs.hand_rules, wild_kinds, extra, find_wait=find_wait, facts=wfacts,
                          wildcard_tiles=taken)
        for c in _placed(im, v, facts, set(d.wildcards) if drawn else None) if placing else (v,):
            env = _Env(c, facts)
            lines = _lines(im, env, self_drawn)
            limited = has_limit and any(im.groups[i] == im.h["limit_group"] for i, *_ in lines)
            if limited:
                first = next(line for line in lines if im.groups[line[0]] == im.h["limit_group"])
                lines = [(line[0], 1, limit if line is first else 0, line[3]) for line in lines
                         if im.groups[line[0]] == im.h["limit_group"]]
            elif cap_when >= 0 and run(im.code, cap_when, env):
                limited = True  # (worth the cap, its rows as counted)
            totals = _totals(im, lines)
            env.lines = lines
            env.groups = im.groups
            if im.refusals:
                env.counted = [i for i, *_ in lines]
                if any(run(im.code, pc, env) for pc in im.refusals):
                    continue
                env.counted = None
            if flat:  # the first reading with a counted row of the flat group is the win, that row alone
                line = next((ln for ln in lines if im.groups[ln[0]] == im.h["flat_group"]), None)
                if line is not None:
                    best = ((line[2], 0), k, [(line[0], 1, line[2], line[3])], c, (0, 0, 0, line[2], 1), line[2])
                    flat_hit = True
                    break
            if by_payments:  # (the reading the payers pay most for: its shares on its value, the first of equals)
                worth = _hand_value(im, totals, plain)
                owed = _share_owed(im, cb, plain, worth, lines, totals, ctx.winner, ctx.discarder, ctx)
                rank = (sum(owed.values()), 0)
                if best is None or rank > best[0]:
                    best = (rank, k, lines, c, totals, worth)
                continue
            env.scoring = [*totals, 0, 0]  # (a tie-break of best = "total" reads the totals)
            tie = totals[0] if im.h["tie_break"] < 0 else run(im.code, im.h["tie_break"], env)
            worth = limit if limited else _hand_value(im, totals, plain)
            rank = (_rounded(im, worth, plain) if by_total else worth, tie)
            if best is None or rank > best[0]:
                best = (rank, k, lines, c, totals, worth)
        if flat_hit:
            break
    if best is None:  # (every reading refused, or none places the winning tile: the rule book raises)
        return Outcome("no_win")
    _rank, k, lines, v, totals, value = best
    if flat_hit:
        return _flat_outcome(im, cb, k, lines, v, value, paying, placing, facts)
    fan = totals[0]
    env = _Env(v, facts)
    sets = [_Env(set_reading(v, s), facts) for s in v.sets] if any(at >= 0 for *_, at in lines) else []
    renamed = [im.rows[i][_R["rename"]] >= 0 and bool(run(im.code, im.rows[i][_R["rename"]],
                                                         env if at < 0 else sets[at])) for i, _, _, at in lines]
    total = value
    if im.h["round_up"]:
        total = -(-total // im.h["round_up"]) * im.h["round_up"]
    if im.h["cap"] >= 0:
        cap = im.run(im.h["cap"], plain)
        if total > cap:
            total = cap
    invalid = 0
    compared = 0
    env.counted = [i for i, *_ in lines]
    env.groups = im.groups
    if im.run(im.h["self_draw_only"], plain) and not self_drawn:
        invalid = 1
    elif im.h["requires"] >= 0 and not run(im.code, im.h["requires"], env):
        invalid = 2
    else:
        minimum = im.run(im.h["minimum"], plain)
        if im.h["minimum_of"] < 0:
            compared = total
        else:
            menv = _Env(v, facts)
            menv.scoring = [*totals, 0, value]
            menv.lines = lines
            menv.groups = im.groups
            compared = run(im.code, im.h["minimum_of"], menv)
        if compared < minimum:
            invalid = 3
    plain.scoring[5] = total
    points = total if im.h["points"] < 0 else im.run(im.h["points"], plain)
    plain.lines = lines
    plain.groups = im.groups
    if im.h["shares"]:  # paid by shares: the discarder of the paying context, the bonuses of the scoring one
        owed = _share_owed(im, cb, plain, total, lines, totals, paying.winner, paying.discarder, ctx) if (
            invalid == 0) else {}
    else:
        owed = _payments(im, plain, cb, paying, points, facts, invalid == 0)
    pay = [0, 0, 0, 0]
    for payer, amount in owed.items():
        if payer == paying.winner:
            raise _Fallback("the winner pays itself")
        pay[payer] -= amount
        pay[paying.winner] += amount
    if invalid == 0 and not im.h["shares"]:
        _between_losers(im, cb, paying.winner, facts, pay)
    if im.h["shares"]:
        _settle_holdings(im, facts, pay)
    owed_row = [-1, -1, -1, -1]
    for payer, amount in owed.items():
        owed_row[payer] = amount
    env.lines = lines
    env.scoring = [*totals, total, value]
    details = tuple(run(im.code, pc, env) for pc in im.details)
    wait = _WAIT_OF[v.wait] if v.wait is not None else 0
    tiles = [-1 if at < 0 else v.sets[at].tile for *_, at in lines]
    return Outcome("ok", k, tuple((i, n, val, r, t) for (i, n, val, _at), r, t in zip(lines, renamed, tiles)),
                   value, fan, totals,
                   total, invalid, points, tuple(owed_row), tuple(pay), wait, placing, compared, details)


def _flat_outcome(im: _Image, cb: CompiledBook, k: int, lines: list[_Line], v: Reading, value: int, paying: Any,
                  placing: bool, facts: Sequence[int]) -> Outcome:
    """A flat win: its one line, its value paid by every other seat, nothing else read."""
    i, _n, _value, at = lines[0]
    env = _Env(v if at < 0 else set_reading(v, v.sets[at]), facts)
    renamed = im.rows[i][_R["rename"]] >= 0 and bool(run(im.code, im.rows[i][_R["rename"]], env))
    owed_row = [-1, -1, -1, -1]
    pay = [0, 0, 0, 0]
    for p in cb.seats:
        if p != paying.winner:
            owed_row[p] = value
            pay[p] -= value
            pay[paying.winner] += value
    _settle_holdings(im, facts, pay)
    wait = _WAIT_OF[v.wait] if v.wait is not None else 0
    return Outcome("ok", k, ((i, 1, value, renamed, -1 if at < 0 else v.sets[at].tile),), value, 0,
                   (0, 0, 0, value, 1), value, 0, value, tuple(owed_row), tuple(pay), wait, placing, 0, (), True)


def _share_owed(im: _Image, cb: CompiledBook, plain: _Env, value: int, lines: list[_Line], totals: tuple[int, ...],
                winner: int, discarder: int | None, ctx: Any) -> dict[int, int]:
    """strategies.share_payments under the book's ``[payment.shares]``: each payer's shares × unit × ``value``,
    doubled for the dealer, plus the ``[[payment.bonuses]]`` of the counted ``lines`` (added by the discarder of
    ``ctx``, the scoring context, alone or by every payer), held to the cap; the discarder may pay for all."""
    h = im.h
    if h["share_doubling"] < 0:
        raise _Fallback("an unknown dealer doubling")
    own = {"self": im.run(h["share_self_draw"], plain, 1), "discarder": im.run(h["share_discarder"], plain, 1),
           "others": im.run(h["share_others"], plain, 0)}
    unit = im.run(h["share_unit"], plain, 1)
    for_all = bool(im.run(h["share_pays_for_all"], plain, 0))
    cap = None if h["share_cap"] < 0 else im.run(h["share_cap"], plain)
    doubling = O.DOUBLINGS[h["share_doubling"]]
    extra = [0, 0, 0, 0]
    if im.bonuses:
        env = _Env(None, plain.facts)
        env.scoring = [0, 0, 0, totals[3], totals[4], 0, 0]
        env.counted = [i for i, *_ in lines]
        for pc, who in im.bonuses:
            amount = run(im.code, pc, env)
            if not amount:
                continue
            if who < 0:
                raise _Fallback("a bonus added by an unknown party")
            for p in cb.seats:
                if p != ctx.winner and (ctx.discarder is None or who == 1 or p == ctx.discarder):
                    extra[p] = _checked(extra[p] + amount)
    dealer = ctx.dealer
    owed: dict[int, int] = {}
    for p in cb.seats:
        if p == winner:
            continue
        if discarder is None:
            share = own["self"]
        elif p == discarder:
            share = own["discarder"]
        elif own["others"]:
            share = own["others"]
        else:
            continue
        amount = _checked(_checked(share * unit) * value)
        if doubling == "payer_or_winner" and dealer in (p, winner):
            amount = _checked(amount * 2)
        elif doubling == "winner_or_discarder":
            amount = _checked(amount * (2 if winner == dealer else 1) * (2 if p == dealer == discarder else 1))
        amount = _checked(amount + extra[p])
        if cap is not None and amount > cap:
            amount = cap
        if amount < 0:
            raise _Fallback("a payer would be paid")  # (the rule book takes it: -1 is "no payer" in C)
        owed[p] = amount
    if for_all and discarder is not None:
        owed = {discarder: _checked(sum(owed.values()))}
    return owed


def _plain_win(im: _Image, hand: Any, ctx: Any, wild_kinds: frozenset[int]) -> bool:
    """``[wildcards] discarded_plain``: the winning tile, a wildcard won on a discard, is read as a plain tile of
    its kind (the scoring context's discard: a kong robbed as a self-draw is none)."""
    return im.h["discarded_plain"] == 1 and ctx.discarder is not None and hand.win_tile in wild_kinds


def _taken(hand: Any, wild_kinds: frozenset[int]) -> tuple[int, ...]:
    """The wildcard tiles a reading holds when the winning one is a plain tile: every concealed one but it."""
    tiles = [t for t in hand.concealed if t in wild_kinds]
    tiles.remove(hand.win_tile)
    return tuple(tiles)


def _rounded(im: _Image, value: int, plain: _Env) -> int:
    """A value rounded up by ``[scoring] round_up`` and held to the cap: the total a reading would give (the
    measure of ``[scoring] best = "total"``)."""
    total = value
    if im.h["round_up"]:
        total = -(-total // im.h["round_up"]) * im.h["round_up"]
    if im.h["cap"] >= 0:
        total = min(total, im.run(im.h["cap"], plain))
    return total


def readings_of(cb: CompiledBook, rs: Any, hand: Any, ctx: Any) -> list[Decomposition]:
    """The readings the twin scores a checked hand on, in its order (:attr:`Outcome.reading` is a place among
    them): the rule book's, the winning tile a plain tile where ``[wildcards] discarded_plain`` makes it one."""
    im = _image_of(cb)
    if im.flags["robbing_as_self_draw"] and ctx.robbing_kong:
        ctx = replace(ctx, discarder=None, robbing_kong=False)
    wild_kinds = rs.wildcard_kinds(ctx)
    if _plain_win(im, hand, ctx, wild_kinds):
        return rs.readings(hand, wild_kinds, True)  # type: ignore[no-any-return]
    return rs.readings(hand, wild_kinds)  # type: ignore[no-any-return]


def _placed(im: _Image, v: Reading, facts: Sequence[int], kinds: set[int] | None) -> list[Reading]:
    """The reading at each place of its winning tile (a drawn wildcard: at each of ``kinds``), each with its 押
    by the book's press (the fact ya)."""
    out = []
    for p in win_placements(v, kinds):
        if im.h["press"] >= 0:
            p = replace(p, facts={**p.facts, "ya": run(im.code, im.h["press"], _Env(p, facts))})
        out.append(p)
    return out


def _payments(im: _Image, plain: _Env, cb: CompiledBook, ctx: Any, points: int, facts: Sequence[int],
              valid: bool) -> dict[int, int]:
    """strategies.payments under the book's [payment] (the paying context: a robbed konger still pays); the rule
    is worked out for an invalid win too (as the rule book does), nobody pays it."""
    h = im.h
    all_pay = bool(im.run(h["all_pay_on_discard"], plain))
    for_all = bool(im.run(h["discarder_pays_for_all"], plain))
    doubles = bool(im.run(h["dealer_doubles"], plain))
    bonus = im.run(h["bonus"], plain)
    cap = None if h["pay_cap"] < 0 else im.run(h["pay_cap"], plain)
    dealer_bonus = im.run(h["dealer_bonus"], plain)
    factor = im.run(h["dealer_factor"], plain, 1)
    seats = list(cb.seats)
    if h["not_paying"] >= 0:
        out = facts[h["not_paying"]]
        seats = [s for s in seats if not out >> s & 1]
    discarder = ctx.discarder
    if discarder is None:
        alone = im.run(h["self_draw_payer"], plain, -1)
        discarder = alone if alone >= 0 else None
    if h["payer"] >= 0:  # a seat that alone pays the win, whoever discarded
        alone = im.run(h["payer"], plain)
        discarder = alone if alone >= 0 else discarder
    winner, dealer = ctx.winner, ctx.dealer
    by_payer: dict[int, int] = {}
    if h["bird_seats"] >= 0 and facts[h["bird_seats"]] != O.ABSENT:  # 扎鸟: a share per bird on winner and payer
        birds = [facts[h["bird_seats"]] >> (16 * s) & 0xFFFF for s in range(4)]
        share = im.run(h["bird_share"], plain)
        by_payer = {s: _checked(share * (birds[winner] + birds[s])) for s in seats if s != winner}
    if not valid:
        return {}
    others = [s for s in seats if s != winner]
    payers = others if discarder is None or all_pay or for_all else [discarder]
    owed: dict[int, int] = {}
    for p in payers:
        share = points
        if dealer in (p, winner):
            share = _checked(share * _checked(factor * (2 if doubles else 1)))
        share = _checked(share + bonus + by_payer.get(p, 0))
        if dealer in (p, winner):
            share = _checked(share + dealer_bonus)
        if cap is not None:
            share = min(share, cap)
        if not 0 <= p < 4:
            raise _Fallback("a payer outside the table")
        owed[p] = _checked(owed.get(p, 0) + share)
    if discarder is not None and for_all and not all_pay:
        owed = {discarder: _checked(sum(owed.values()))}
    return owed


def _between_losers(im: _Image, cb: CompiledBook, winner: int, facts: Sequence[int], pay: list[int]) -> None:
    """输家互算 (``[payment] between_losers``): every pair of the rule set's seats other than the winner settles the
    difference of their values of the per-seat fact, the smaller paying the larger (strategies.pairwise_differences,
    as the rule book pays it); nothing where the fact has no value."""
    slot = im.h["between_losers"]
    if slot < 0 or facts[slot] == O.ABSENT:
        return
    values = [facts[slot] >> (16 * s) & 0xFFFF for s in range(4)]
    losers = [s for s in cb.seats if s != winner]
    for s in losers:  # (each pair (s, o) moves values[s] - values[o] to s: its sum over the others)
        pay[s] = _checked(pay[s] + sum(values[s] - values[o] for o in losers))


def _settle_holdings(im: _Image, facts: Sequence[int], pay: list[int]) -> None:
    """南昌 算精 with a win paid by shares or flat: each seat's points for the wildcards it holds (the per-seat fact
    ``holding_points``) settled between every pair of seats (strategies.all_pairs_settlement); nothing where the
    book settles none."""
    slot = im.h["holding_points"]
    if slot < 0 or facts[slot] == O.ABSENT:
        return
    points = [facts[slot] >> (16 * s) & 0xFFFF for s in range(4)]
    for s in range(4):
        pay[s] += sum(points[s] - points[o] for o in range(4) if o != s)


def _fact_of(kind: str, value: Any) -> Any:
    from mahjong.rulebook.book import fact_value

    return fact_value(kind, value)


def _image_of(cb: CompiledBook) -> _Image:
    got = cb.__dict__.get("_twin_image")
    if got is None:
        got = cb.__dict__["_twin_image"] = _Image(cb.image)
    return got


# --- the compiled evaluator -------------------------------------------------------------------------------------------

_CORE_BOOK: Any = getattr(backend_module, "CompiledBook", None) if BACKEND == "cython" else None
if _CORE_BOOK is not None and getattr(backend_module, "EVAL_MAGIC", None) != MAGIC:
    raise ImportError("mahjong._core was built with another rule-book evaluator table (its EVAL_MAGIC differs from "
                      "mahjong.rulebook.opcodes'): rebuild the extension")


def compiled_evaluator(cb: CompiledBook) -> Any:
    """The compiled evaluator loaded with the image (``mahjong._core.CompiledBook``, made once per compiled book),
    or None on the pure-Python backend."""
    if _CORE_BOOK is None:
        return None
    got = cb.__dict__.get("_core")
    if got is None:
        got = cb.__dict__["_core"] = _CORE_BOOK(cb.image)
    return got


def hand_input(cb: CompiledBook, rs: Any, hand: Any, ctx: Any,
               derivation: WinDerivation | None = None) -> tuple[Any, ...]:
    """The compiled evaluator's arguments for a checked hand and its win context (``CompiledBook.score``'s):
    the concealed real counts, the wildcards held, the wildcard tiles by kind, the melds, the flowers, the winning
    tile, the seats and winds, robbing a kong, the fact ya, the fact vector and the mask of wild kinds
    (``derivation``: the hand's, as BookRuleSet.score worked it out; else worked out here); raises MahjongError
    where the rule book would (the wildcard kinds need an indicator)."""
    wild_kinds = rs.wildcard_kinds(ctx) if derivation is None else derivation.wild_kinds
    counts = bytearray(34)
    held = bytearray(34)
    k = 0
    for t in hand.concealed:
        if t in wild_kinds:
            held[t] += 1
            k += 1
        else:
            counts[t] += 1
    melds = tuple((_MELD_CODES[m.kind.value], *sorted(m.tiles)[:3]) for m in hand.melds)
    flowers = bytearray(8)
    for f in hand.flowers:
        if 34 <= f < 42:
            flowers[f - 34] += 1
        if f in wild_kinds:  # (a wildcard flower is held among the flowers: 金山 百搭)
            k += 1
    ya = getattr(ctx, "ya", None)
    ya = ya if isinstance(ya, int) and not isinstance(ya, bool) else 0
    win = hand.win_tile if hand.win_tile is not None else -1
    return (bytes(counts), k, bytes(held), melds, bytes(flowers), win, ctx.winner,
            -1 if ctx.discarder is None else ctx.discarder, ctx.dealer, ctx.wind, ctx.prevalent_wind,
            bool(ctx.robbing_kong), ya, cb.fact_values(ctx, hand, rs, derivation), sum(1 << t for t in wild_kinds))


_MELD_CODES = {name: i for i, name in enumerate(O.MELDS)}
_NO_WIN = O.RESULTS.index("no_win")


def compiled_outcome(cb: CompiledBook, rs: Any, hand: Any, ctx: Any) -> tuple[Outcome, Any] | None:
    """The compiled evaluator's answer for a checked hand (as :func:`twin`'s), with the best reading's
    decomposition as (form, melds, pairs, singles, wildcards); None on the pure-Python backend."""
    core = compiled_evaluator(cb)
    if core is None:
        return None
    try:
        args = hand_input(cb, rs, hand, ctx)
    except MahjongError:
        return Outcome("fallback"), None
    got = core.score(*args)
    status = O.RESULTS[got[0]]
    if status != "ok":
        return Outcome(status), None
    (_, lines, value, fan, totals, total, invalid, points, owed, pay, wait, deco, placed, compared, details,
     flat) = got
    return Outcome("ok", -1, lines, value, fan, totals, total, invalid, points, owed, pay, wait, placed, compared,
                   details, flat), deco


# --- BookRuleSet.score on the compiled evaluator ----------------------------------------------------------------------

_UNSET = object()


def compiled_best(rs: Any, hand: Any, ctx: Any, derivation: WinDerivation) -> Any:
    """:meth:`BookRuleSet.score`'s best reading of a checked hand (``derivation``: what score worked out of it),
    read and scored by the compiled evaluator (the rows counted, the reading, its wait, its value, the win rule's
    answer); :data:`~mahjong.rulebook.book.NO_WIN` where the hand does not win under the book; None where the
    rule book reads the hand itself (the book does not compile, the pure-Python backend, or the evaluator hands
    the hand back)."""
    cb = rs.__dict__.get("_compiled_book", _UNSET)
    if cb is _UNSET:
        cb = rs.__dict__["_compiled_book"] = compiled(rs)
    if cb is None:
        return None
    core = compiled_evaluator(cb)
    if core is None:
        return None
    try:
        args = hand_input(cb, rs, hand, ctx, derivation)
    except NotCompiled:  # (a fact's value the image cannot hold: a per-seat value of 2^15 or more)
        return None
    got = core.score(*args)
    if got[0] != 0:
        return NO_WIN if got[0] == _NO_WIN else None
    (_, lines, value, _fan, totals, _total, invalid, _points, _owed, _pay, wait, deco, placed, compared,
     details, flat) = got
    items = _items_of(cb)
    out = []
    for line in lines:
        key = (*line, wait, flat)  # (a row's name may show the wait: [win.wait_names]; a flat win's is in pt)
        item = items.get(key)
        if item is None:
            i, n, v, renamed, tile = line
            r = cb.rows[i]
            zh, en = row_names(r, renamed, wait_words(rs.book, O.WAITS[wait] if wait else None))
            item = items[key] = ScoreItem(r.key, zh, en, v, n, "pt" if flat else r.unit,
                                          r.text if tile < 0 else tile_name(tile))
        out.append(item)
    reading = Decomposition(Form(deco[0]), deco[1], deco[2], deco[3], deco[4])
    shown = {key: bool(x) if truth else x for key, x, truth in zip(cb.details, details, cb.details_truth)}
    return BestReading(out, reading, O.WAITS[wait] if wait else None, value, Totals(*totals),
                       lambda: invalid != 2, lambda: compared, lambda total: shown, placed, flat)


def _items_of(cb: CompiledBook) -> dict[Any, ScoreItem]:
    """The score items of a compiled book's counted lines, made once each (a line: row, times, value, renamed, the
    set's tile; and the reading's wait)."""
    got = cb.__dict__.get("_items")
    if got is None or len(got) > 4096:
        got = cb.__dict__["_items"] = {}
    return got


if _CORE_BOOK is not None:
    compiled_scorer[0] = compiled_best
