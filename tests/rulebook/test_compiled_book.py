"""The compiled rule-book evaluator against the rule book: the compiler (rulebook/compiler.py), the Python twin that
runs its image (rulebook/evaluator.py) and the C evaluator (src/mjcore/evaluator.pxi) give the rule book's own
answers — counted rows, values, total, validity, payments, the reading and its wait — on every shipped rule file
and built-in rule set on its book, under their option sets, on hypothesis-generated hands, and on rule files
hypothesis writes from the predicate library.  The numbers both halves share are written once
(rulebook/opcodes.py): the generated ``.pxd``, the checksum and the library's C cases are checked here.

On the pure-Python backend the twin is compared with the rule book (the compiled half is skipped)."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from legacy_support import sichuan_context, twoplayer_context, twoplayer_hand
from rb_support import random_context, random_hand, sichuan_hand

from mahjong._kernels import BACKEND
from mahjong.errors import MahjongError, NotWinningError
from mahjong.framework import get_ruleset
from mahjong.hand import Hand
from mahjong.rulebook import opcodes as O
from mahjong.rulebook.book import compiled_scorer, row_names, wait_words
from mahjong.rulebook.compiler import (
    LIBRARY,
    MAGIC,
    NotCompiled,
    check_library,
    compile_ruleset,
    compiled,
    not_compiled_reason,
)
from mahjong.rulebook.evaluator import Outcome, compiled_outcome, readings_of, twin
from mahjong.rulebook.load import GAMES, check_text
from mahjong.rulebook.predicates import COUNTS, FUNCTIONS, PREDICATES
from mahjong.tiles import tile_name

ROOT = Path(__file__).resolve().parents[2]
compiled_only = pytest.mark.skipif(BACKEND != "cython", reason="compares the compiled evaluator with its twin")

#: the presets whose book compiles, and each one's option sets
COMPILED: dict[str, list[dict[str, Any]]] = {
    "common": [{}, {"unlisted_rows": False}, {"max_fan": 13, "base": 2}, {"discard_all_pay": True}],
    "common-file": [{}, {"unlisted_rows": False}, {"max_fan": 13, "base": 2}, {"discard_all_pay": True}],
    "hongzhong": [{}],
    "changsha": [{}],
    "wuhu-2468": [{}, {"seven_pairs_win": True, "ya_from_edge": True}, {"derive_ya": False, "kong_counts_four": False},
                  {"non_dealer_win_payers": "dealer", "ya_from_single": True}],
    "wuhu-1234": [{}, {"seven_pairs_win": True, "full_flush_zuizi": 3}],
    "guangdong": [{}],
    "guangdong-fangui": [{}],
    "sichuan": [{}, {"zimo_bonus": "double"}, {"zimo_bonus": "add_fan", "jingoudiao": "pattern"},
                {"fan_base": 0, "max_fan": 3}, {"dianganghua": "discard", "kong_counts_as_gen": False}],
    "twoplayer": [{}, {"max_fan": 6, "flower_fan": 2}],
    "jinshan": [{}, {"fan_mode": "linear", "min_hu": 0, "discard_payment": "all", "dealer_factor": 2},
                {"thirteen_orphans_win": False, "max_points": 60}, {"thirteen_orphans_needs_flower": False,
                                                                     "thirteen_orphans_pair_2hu": True,
                                                                     "single_wait_pair_bonus": True}],
}


# --- one source for the numbers ------------------------------------------------------------------------------------

def test_the_pxd_is_generated_from_the_opcode_table() -> None:
    path = ROOT / "src" / "mjcore" / "evaldefs.pxd"
    if not path.exists():
        pytest.skip("not a source checkout")
    assert path.read_text(encoding="utf-8") == O.render_pxd(), "evaldefs.pxd is stale: rebuild (setup.py)"


def test_the_library_is_one_list() -> None:
    """The ids are the library's rows in source order; the registry holds exactly them; the checksum covers
    them (a predicate added, removed or moved changes it)."""
    check_library()
    assert LIBRARY == O.library_from_source()
    assert LIBRARY == (tuple(PREDICATES), tuple(COUNTS), tuple(FUNCTIONS), LIBRARY[3])
    assert MAGIC == O.magic(O.library_from_source())
    moved = (LIBRARY[0][1:] + LIBRARY[0][:1], *LIBRARY[1:])
    assert O.magic(moved) != MAGIC


def test_the_image_words_of_the_book_keys_are_the_rule_books() -> None:
    """The codes the image gives ``[scoring] best`` and the payment by shares' dealer doubling are the rule book's
    own lists (written once in opcodes.py, which imports nothing: compared here)."""
    from mahjong.rulebook.spec import SPEC
    from mahjong.rulebook.strategies import DEALER_DOUBLING

    assert O.DOUBLINGS == DEALER_DOUBLING
    assert O.BESTS == SPEC["scoring"].sub["best"].choices


@compiled_only
def test_the_compiled_module_agrees_and_has_a_case_for_every_entry() -> None:
    from mahjong import _core

    assert _core.EVAL_MAGIC == MAGIC
    cb = compiled(get_ruleset("sichuan"))
    assert cb is not None
    libs, funcs = _core.CompiledBook(cb.image).library_cases()
    assert libs == tuple(range(len(LIBRARY[0]) + len(LIBRARY[1])))
    assert funcs == tuple(range(len(LIBRARY[2])))


# --- which books compile ----------------------------------------------------------------------------------------------

def test_every_book_compiles_or_says_why() -> None:
    from mahjong.registry import PRESETS, load_presets

    load_presets()
    reasons = {}
    for name in sorted(PRESETS):
        rs = get_ruleset(name)
        if compiled(rs) is None:
            reasons[name] = not_compiled_reason(rs)
    assert set(COMPILED) <= set(PRESETS) - set(reasons), reasons
    for name, reason in reasons.items():
        assert reason and name.split("-")[0] in reason or "not scored by a rule book" in reason, (name, reason)


def test_a_book_the_compiler_cannot_express_stays_on_the_rule_book() -> None:
    rs = _rules(['[[rows]]\nkey = "big"\nzh = "大"\nen = "Big"\nvalue = 3000000000\nwhen = "regular"'])
    with pytest.raises(NotCompiled, match="32 bits"):
        compile_ruleset(rs)
    assert compiled(rs) is None and "32 bits" in str(not_compiled_reason(rs))
    assert rs.score("123m456m789m234p55s").total == 3000000000  # (the rule book scores it, exactly)


def test_programs_are_bounded() -> None:
    """More values than the stack holds is refused when compiled; a value past the limit hands the hand back
    (the rule book computes it exactly)."""
    many = "max(" + ", ".join(["pungs"] * (O.MAX_STACK + 1)) + ")"
    rs = _rules([f'[[rows]]\nkey = "m"\nzh = "m"\nen = "m"\nvalue = 1\ncount = "{many}"'])
    with pytest.raises(NotCompiled, match="more than"):
        compile_ruleset(rs)
    rs = _rules(['[[rows]]\nkey = "p"\nzh = "p"\nen = "p"\nvalue = "2 ^ (25 + pungs) * 2 ^ (25 + pungs)"\n'
                 'when = "regular"'])
    cb = compiled(rs)
    assert cb is not None
    hand = rs._hand("123m456m789m234p55s")
    ctx = rs.context(hand, None)
    assert twin(cb, rs, hand, ctx).status == "fallback"
    if BACKEND == "cython":
        got = compiled_outcome(cb, rs, hand, ctx)
        assert got is not None and got[0].status == "fallback"
    assert rs.score(hand).total == 2**50


# --- the comparison -----------------------------------------------------------------------------------------------

@contextmanager
def _rule_book_only() -> Iterator[None]:
    """BookRuleSet.score reads every hand itself (the compiled evaluator's hook taken out)."""
    saved = compiled_scorer[0]
    compiled_scorer[0] = None
    try:
        yield
    finally:
        compiled_scorer[0] = saved


def _compare(rs: Any, hand: Any, kw: dict[str, Any]) -> str:
    """Score by the rule book, the twin and (compiled backend) the C evaluator: the same answer.  Returns how
    the hand went (ok, no_win, fallback or an error raised before scoring)."""
    cb = compiled(rs)
    assert cb is not None
    try:
        ctx = rs.Context(**kw)
    except MahjongError:
        return "context"
    with _rule_book_only():
        try:
            expected: Any = rs.score(hand, ctx)
        except MahjongError as e:
            expected = e
    try:
        h, given = rs.set_aside(rs._hand(hand), hand, ctx)  # (玉环's 杠花 written loose: taken out, counted)
        rs.check_hand(h)
        c = rs.context(h, given)
    except MahjongError:
        assert isinstance(expected, MahjongError)
        return "checks"
    got = twin(cb, rs, h, c)
    if BACKEND == "cython":
        fast = compiled_outcome(cb, rs, h, c)
        assert fast is not None
        outcome, deco = fast
        assert outcome.status == got.status, (str(h), kw, outcome, got)
        if got.status == "ok":
            assert outcome == Outcome(**{**got.__dict__, "reading": -1}), (str(h), kw)
            d = readings_of(cb, rs, h, c)[got.reading]
            assert deco == (int(d.form), d.melds, d.pairs, d.singles, d.wildcards), (str(h), kw)
    if got.status == "fallback":
        return "fallback"
    if got.status == "no_win":
        assert isinstance(expected, NotWinningError), (str(h), kw, expected)
        return "no_win"
    assert not isinstance(expected, Exception), (str(h), kw, expected)
    rows = cb.rows
    words = wait_words(rs.book, O.WAITS[got.wait] if got.wait else None)
    lines = [(rows[i].key, n, v, *row_names(rows[i], renamed, words), rows[i].text if tile < 0 else tile_name(tile))
             for i, n, v, renamed, tile in got.lines]
    items = list(expected.items)
    if rs.book.aggregation == "hu_tai" and not (got.flat or rs.book.shares):  # (score() shows the doubling the 台
        # give after the rows, but for a win paid by shares or flat)
        assert (items[-1].key, items[-1].unit) == ("multiplier", "x")
        items.pop()
    assert lines == [(i.key, i.count, i.value, i.name_zh, i.name_en, i.note) for i in items], (str(h), kw)
    assert (got.total, got.invalid == 0, got.payments) == (expected.total, expected.valid, expected.payments), (
        str(h), kw, got, expected)
    assert readings_of(cb, rs, h, c)[got.reading] == expected.reading
    if rs.book.report_wait or got.placed:
        assert (O.WAITS[got.wait] if got.wait else None) == expected.wait
    if not (got.flat or rs.book.shares):  # (a win paid by shares or flat shows no [[details]])
        assert dict(zip(cb.details, got.details)) == {k: expected.details[k] for k in cb.details}
    return "ok"


def _jinshan_hand(rng: random.Random) -> Hand:
    """A complete hand with up to three concealed tiles held as 百搭 (梅兰竹菊, among the flowers), now and then a
    百搭 drawn as the winning tile (no winning tile: ``wildcard_win``), and some 花 (春夏秋冬)."""
    h = random_hand(rng)
    concealed = list(h.concealed)
    win = h.win_tile
    if win is not None and rng.random() < 0.15:
        concealed.remove(win)  # (the winning tile is a drawn 百搭)
        win = None
    k = rng.choice([0, 1, 1, 2, 3]) if win is not None else rng.choice([0, 1, 2])
    held = 1 if win is None else 0  # (百搭 held: the drawn one among them)
    for _ in range(k):
        loose = [t for t in concealed if t != win]
        if len(concealed) < 2 or not loose:
            break
        concealed.remove(rng.choice(loose))
        held += 1
    flowers = [38 + i for i in range(held)] + [t for t in range(34, 38) if rng.random() < 0.25]
    return Hand(tuple(concealed), h.melds, tuple(flowers), win)


def _hand_for(name: str, rng: random.Random) -> Any:
    if name == "twoplayer":
        return twoplayer_hand(rng)
    if name == "sichuan":
        return sichuan_hand(rng)
    if name == "jinshan":
        return _jinshan_hand(rng)
    book = get_ruleset(name).book  # (the book's tile set, its claims)
    while True:
        try:
            return random_hand(rng, book.tiles, chows=book.flow.chows, special=len(book.tiles) == 34)
        except IndexError:  # (a narrow tile set can leave a branch of the generator nothing to choose from)
            continue


def _facts_for(name: str, rng: random.Random, hand: Any) -> dict[str, Any]:
    if name == "sichuan":
        return sichuan_context(rng, hand)
    if name == "twoplayer":
        return twoplayer_context(rng, hand)
    kw = random_context(rng, hand)
    if name == "guangdong-fangui":
        kw["indicator"] = rng.randrange(34)
    if name == "changsha" and rng.random() < 0.6:  # 扎鸟: the birds on each seat
        kw["bird_seats"] = tuple(rng.choice([0, 0, 1, 2]) for _ in range(4))
    if name.startswith("wuhu") and rng.random() < 0.3:  # 押 given (else derived from the wait)
        kw["ya"] = rng.choice([0, 2, 3, 5, 8])
    if name == "jinshan" and hand.win_tile is None:  # (a drawn 百搭 won on)
        kw.update(wildcard_win=True, discarder=None, robbing_kong=False, after_kong_discard=False)
    return kw


#: hands per option set in each example: 12, scaled with the examples where CI repeats the test at a fraction of
#: its hypothesis budget (MAHJONG_HYPOTHESIS_SCALE, .ci/hypothesis_budget.py: the traced coverage leg, where this
#: test was 29 % of the time, and the pure-Python pass), which keeps at least 10 examples: at least 3 hands, every
#: rule set and option set still scored
HANDS_PER_OPTIONS = max(3, math.ceil(12 * float(os.environ.get("MAHJONG_HYPOTHESIS_SCALE", "1"))))


@pytest.mark.parametrize("name", sorted(COMPILED))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_shipped_books_score_alike(name: str, seed: int) -> None:
    rng = random.Random(seed)
    seen = set()
    for options in COMPILED[name]:
        rs = get_ruleset(name, **options)
        for _ in range(HANDS_PER_OPTIONS):
            hand = _hand_for(name, rng)
            seen.add(_compare(rs, hand, _facts_for(name, rng, hand)))
    assert "ok" in seen


def _result(rs: Any, hand: Any, kw: dict[str, Any]) -> Any:
    try:
        return rs.score(hand, rs.Context(**kw))
    except MahjongError as e:
        return (type(e).__name__, str(e))


@compiled_only
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_score_on_the_compiled_book_is_the_rule_books(name: str) -> None:
    """BookRuleSet.score on the compiled evaluator (the readings and rows in C, the rest as the rule book goes on)
    gives the rule book's whole ScoreResult — items, total, reading, wait, validity and reason, payments, details
    and the arithmetic — or its error."""
    rng = random.Random(7)
    scored = 0
    for options in COMPILED[name]:
        rs = get_ruleset(name, **options)
        assert compiled(rs) is not None
        for _ in range(60):
            hand = _hand_for(name, rng)
            kw = _facts_for(name, rng, hand)
            fast = _result(rs, hand, kw)
            with _rule_book_only():
                slow = _result(rs, hand, kw)
            assert fast == slow, (str(hand), kw)
            scored += not isinstance(fast, tuple)
    assert scored


# --- rule files hypothesis writes from the library -------------------------------------------------------------------

_PRED = sorted(PREDICATES)
_COUNT = sorted(COUNTS)
_CALLS = ["pair_rank_in(2, 5, 8)", "all_ranks_in(1, 9)", "all_ranks_in(2, 5, 8)", 'pung_of("C")', 'holds("5m")',
          'pair_of("E")', 'wait_is("single")', "largest_suit(4)", "largest_suit(3)", "held_wildcard_tiles()",
          'wildcard_stand_ins("any")', 'triplets_outside_wait("pung", true, false)']
_FACTS = ["self_drawn", "winner_is_dealer", "last_tile", "last_wall_tile", "kong_replacement", "robbing_kong",
          "heavenly", "winner", "dealer", "seat_wind", "flag"]


@st.composite
def _bool_expr(draw: Any, depth: int = 0) -> str:
    kind = draw(st.integers(0, 6 if depth < 2 else 3))
    if kind == 0:
        return str(draw(st.sampled_from(_PRED)))
    if kind == 1:
        op = draw(st.sampled_from([">=", "==", "<", "!="]))
        return f"{draw(_num_expr(depth + 1))} {op} {draw(st.integers(0, 4))}"
    if kind == 2:
        return str(draw(st.sampled_from(_CALLS[:8])))
    if kind == 3:
        return str(draw(st.sampled_from(_FACTS + ["opt_on"])))
    if kind == 4:
        return f"not ({draw(_bool_expr(depth + 1))})"
    op = "and" if kind == 5 else "or"
    return f"({draw(_bool_expr(depth + 1))}) {op} ({draw(_bool_expr(depth + 1))})"


@st.composite
def _num_expr(draw: Any, depth: int = 0) -> str:
    kind = draw(st.integers(0, 6 if depth < 2 else 2))
    if kind == 0:
        return str(draw(st.sampled_from(_COUNT)))
    if kind == 1:
        return str(draw(st.integers(0, 5)))
    if kind == 2:
        return str(draw(st.sampled_from(["opt_n", "holds(\"5m\")", "largest_suit(4)", "winner"])))
    if kind == 3:
        op = draw(st.sampled_from(["+", "-", "*", "//"]))
        if op == "//":  # a divisor that is a count (zero on some hands: the evaluators' refusal is compared) or a
            # positive number; never a constant part that is zero, which the checker rightly refuses in the file
            right = draw(st.one_of(st.sampled_from(_COUNT), st.integers(1, 5)))
            return f"({draw(_num_expr(depth + 1))} // {right})"
        return f"({draw(_num_expr(depth + 1))} {op} {draw(_num_expr(depth + 1))})"
    if kind == 4:
        fn = draw(st.sampled_from(["min", "max"]))
        return f"{fn}({draw(_num_expr(depth + 1))}, {draw(_num_expr(depth + 1))})"
    if kind == 5:
        return f"pick({draw(_bool_expr(depth + 1))}, {draw(_num_expr(depth + 1))}, {draw(_num_expr(depth + 1))})"
    return f"round_up({draw(_num_expr(depth + 1))}, {draw(st.integers(1, 4))})"


def _file(rows: list[str], scoring: str = "", win: str = "", payment: str = "", wild: str = "") -> str:
    return "\n".join([
        'format = 1', 'name = "written-book"',
        '[win]', win or 'forms = ["regular", "seven_pairs", "thirteen_orphans"]',
        *(['[wildcards]', wild] if wild else []),
        '[scoring]', scoring or 'exclusion = "simultaneous"',
        '[payment]', payment,
        '[options.opt_on]', 'type = "bool"', 'default = true',
        '[options.opt_n]', 'type = "int"', 'default = 2',
        '[facts.flag]', 'type = "bool"', 'default = false',
        *rows,
    ]) + "\n"


def _rules(rows: list[str], **parts: str) -> Any:
    """The rule set of a file written here (not registered as a preset)."""
    from mahjong.rulebook.book import ruleset_class

    book, problems = check_text(_file(rows, **parts), "written-book.toml")
    assert not problems and book is not None, problems
    return ruleset_class(book)()


#: numbers of the best reading minimum_of and details may read (its totals, its value, its counted rows)
_SCORED = ["value", "fan + hu", "tai * 2 + pt", "x", 'group_value("big")', "value - fan", "max(value, pt)"]


@st.composite
def _book(draw: Any) -> str:
    n = draw(st.integers(1, 7))
    keys = [f"r{i}" for i in range(n)]
    rows = []
    for i, key in enumerate(keys):
        stage2 = i > 0 and draw(st.integers(0, 5)) == 0
        unit = draw(st.sampled_from(["fan", "fan", "hu", "tai", "pt", "x"]))
        shown = "({wait})" if draw(st.integers(0, 3)) == 0 else ""  # (the wait's words in the name)
        lines = [f'key = "{key}"', f'zh = "行{i}{shown}"', f'en = "Row {i}{shown}"', f'unit = "{unit}"']
        value = draw(st.integers(1, 3) if unit == "x" else st.integers(0, 12))
        lines.append(f"value = {value}" if draw(st.booleans()) else f'value = "{value} + opt_n"')
        if stage2:
            lines += ["stage = 2", f"when = 'counted >= 1 and not row_{keys[0]}'"]
        else:
            lines.append(f"when = '{draw(_bool_expr())}'")
        if draw(st.integers(0, 3)) == 0:
            lines.append(f"count = '{draw(_num_expr())}'")
        others = [k for k in keys if k != key]
        if others and draw(st.booleans()):
            lines.append(f"excludes = {draw(st.lists(st.sampled_from(others), max_size=2, unique=True))!r}"
                         .replace("'", '"'))
        if draw(st.integers(0, 3)) == 0:
            lines.append("pattern = false")
        grouping = draw(st.integers(0, 7))
        if grouping < 2:
            lines.append('group = "big"')
        elif grouping == 2 and not stage2:  # (counted on each set alone, a line a set)
            lines.append('group = "set"')
        if draw(st.integers(0, 4)) == 0:
            lines += ["[rows.rename]", f"when = '{draw(_bool_expr())}'", 'zh = "别名"']
        rows.append("[[rows]]\n" + "\n".join(lines))
    grouped = any('group = "big"' in r for r in rows)
    agg = draw(st.sampled_from(["sum", "powers", "product", "hu_tai", "formula"]))
    scoring = [f'exclusion = "{draw(st.sampled_from(["simultaneous", "ordered", "largest"]))}"',
               f'aggregation = "{agg}"']
    if agg == "formula":
        scoring.append('formula = "fan * opt_n + hu + tai * 2 + pt + x"')
    if agg == "powers":
        scoring.append(f"fan_cap = {draw(st.integers(1, 8))}")
    if draw(st.booleans()):
        scoring.append(f"cap = {draw(st.integers(1, 40))}")
        if grouped and draw(st.booleans()):  # (the group's rows worth the cap outright)
            scoring.append('limit_group = "big"')
        if draw(st.integers(0, 2)) == 0:  # (a reading worth the cap outright by an expression: 腊子)
            scoring.append(f"cap_when = '{draw(_bool_expr())}'")
    if draw(st.integers(0, 3)) == 0:
        scoring.append(f"minimum_of = '{draw(st.sampled_from(_SCORED))}'")
    by_shares = draw(st.integers(0, 2)) == 0  # (paid by shares; the reading the payers pay most for)
    best = draw(st.sampled_from(["value", "value", "total", "total"] + (["payments"] * 3 if by_shares else [])))
    by_total = best == "total"
    if best != "value":  # (the reading of the largest total kept; its tie-break may read the reading's totals)
        scoring.append(f'best = "{best}"')
    if grouped and draw(st.integers(0, 3)) == 0:  # (a counted row of the group is the whole win, paid flat)
        scoring.append('flat_group = "big"')
        if draw(st.booleans()):
            scoring.append("flat_when = 'opt_on'")
    if draw(st.integers(0, 3)) == 0:
        tie = draw(st.sampled_from(["hu", "fan + tai", "pt - x"])) if by_total and draw(st.booleans()) else None
        scoring.append(f"tie_break = '{tie or draw(_num_expr())}'")
    if draw(st.booleans()):
        scoring.append(f"round_up = {draw(st.integers(1, 5))}")
    scoring.append(f"minimum = {draw(st.integers(0, 3))}")
    scoring.append(f'points = "{draw(st.sampled_from(["total", "total * opt_n", "total + 1"]))}"')
    payment = [f"all_pay_on_discard = {str(draw(st.booleans())).lower()}",
               f"dealer_doubles = {str(draw(st.booleans())).lower()}",
               f'bonus = "{draw(st.sampled_from(["0", "1", "total // 2"]))}"']
    if draw(st.booleans()):
        payment.append(f"cap = {draw(st.integers(1, 30))}")
    if draw(st.integers(0, 2)) == 0:
        payment.append(f'dealer_factor = "{draw(st.sampled_from(["2", "opt_n", "1 + opt_n"]))}"')
    if by_shares:
        payment += ["[payment.shares]", f"self_draw = {draw(st.integers(0, 3))}",
                    f"discarder = {draw(st.integers(0, 3))}",
                    f"others = '{draw(st.sampled_from(['0', '1', 'pick(opt_on, 1, 0)']))}'",
                    f"unit = '{draw(st.sampled_from(['1', '2', 'opt_n']))}'",
                    f"pays_for_all = '{draw(st.sampled_from(['false', 'robbing_kong', 'flag and not self_drawn']))}'"]
        doubling = draw(st.sampled_from(["payer_or_winner", "winner_or_discarder", "none", None]))
        if doubling:
            payment.append(f"dealer_doubling = '\"{doubling}\"'")
        if draw(st.booleans()):
            payment.append(f"cap = {draw(st.integers(1, 40))}")
        for _ in range(draw(st.integers(0, 2))):
            amount = draw(st.sampled_from(["pt", "pick(row_r0, 3, 0)", "x + 1", "opt_n", "0"]))
            who = draw(st.sampled_from(["discarder", "all"]))
            payment += ["[[payment.bonuses]]", f"amount = '{amount}'", f"payers = '\"{who}\"'"]
    forms = ['"regular"'] + [f'"{f}"' for f in ("seven_pairs", "thirteen_orphans", "honors_and_knitted")
                              if draw(st.booleans())]
    win = f"forms = [{', '.join(forms)}]"
    if draw(st.integers(0, 3)) == 0:
        win += f"\nrequires = '{draw(_bool_expr())}'"
    if draw(st.integers(0, 5)) == 0:
        win += "\nself_draw_only = true"
    placing = draw(st.integers(0, 3)) == 0
    if placing:  # (each place of the winning tile)
        win += "\nplacements = true"
    for i in range(draw(st.integers(0, 2))):  # (readings refused once their rows are counted)
        when = draw(st.sampled_from([_bool_expr(), st.just("row_r0 and counted >= 2"),
                                     st.just('group_value("big") > 3'), st.just(f"not row_{keys[-1]}")]))
        win += f"\n[[win.refusals]]\nwhen = '{draw(when)}'\nerror = \"refused {i}\""
    if placing:  # (the words of some waits, shown where a row's name writes {wait})
        for w in draw(st.lists(st.sampled_from(O.WAITS[1:]), max_size=5, unique=True)):
            win += f'\n[win.wait_names.{w}]\nzh = "听{w}"\nen = "by {w}"'
    details = [f"[[details]]\nkey = \"d{i}\"\nvalue = '{draw(st.sampled_from(_SCORED + ['total']))}'"
               for i in range(draw(st.integers(0, 2)))]
    wild = 'tiles = ["C"]' if draw(st.integers(0, 2)) == 0 else ""
    if wild and draw(st.booleans()):  # (a wildcard won on a discard: a plain tile where this holds)
        plain = draw(st.sampled_from(["true", "false", '"opt_on"']))
        wild += f"\ndiscarded_plain = {plain}"
    return _file(rows + details, "\n".join(scoring), win, "\n".join(payment), wild)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_book(), seed=st.integers(0, 2**32))
def test_written_books_score_alike(text: str, seed: int) -> None:
    book, problems = check_text(text, "written-book.toml")
    assert not problems, (problems, text)
    assert book is not None
    from mahjong.rulebook.book import ruleset_class

    for options in ({}, {"opt_on": False, "opt_n": 0}):
        rs = ruleset_class(book)(**options)
        rng = random.Random(seed)
        for _ in range(6):
            hand = random_hand(rng)
            if book.wildcard_tiles and rng.random() < 0.6:
                hand = _red_dragon_won(rng, hand)
            kw = random_context(rng, hand)
            if rng.random() < 0.2:
                kw["flag"] = True
            _compare(rs, hand, kw)


# --- 玉环's keys on a file of its rows -----------------------------------------------------------------------------

GREEN = 32


def _yuhuan_like() -> Any:
    """玉环's rule file as a file of its own: 发 a fixed wildcard (the rule set's hook for the 财神's kind left out),
    its rows, 杠花 refusal, 腊子 worth the cap (``cap_when``), the waits' words in a row's name (``wait_names``), a
    discarded wildcard won on a plain tile (``discarded_plain``), 胡 × 2^台 rounded and capped, the best total kept
    (``best``), 输家互算."""
    from mahjong.rulebook.book import ruleset_class

    text = (GAMES / "yuhuan.toml").read_text(encoding="utf-8")  # the installed package's file
    kept = [line for line in text.splitlines() if not line.startswith("variant_of")]
    text = "\n".join(kept).replace('name = "yuhuan"', 'name = "yuhuan-like"').replace(
        "[wildcards]", '[wildcards]\ntiles = ["F"]')
    book, problems = check_text(text, "yuhuan-like.toml")
    assert not problems and book is not None, problems
    return ruleset_class(book)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_yuhuan_like_hands_score_alike(seed: int) -> None:
    """16-tile hands with 0-3 发 standing in, kongs, 杠花, 天胡 / 地胡 under 腊子 and the options: the rule book,
    the twin and the C evaluator agree (items with their names, the wait, totals, payments)."""
    from yuhuan_support import winning_hand

    rng = random.Random(seed)
    cls = _yuhuan_like()
    seen = set()
    for _ in range(6):
        opts = {"lazi_is_cap": rng.random() < 0.6, "max_tai": rng.choice([4, 2, 6]),
                "max_hu": rng.choice([400, 200, 100]), "haidi_tai": rng.choice([0, 1]),
                "pinghu_pair_no_honor": rng.random() < 0.3, "caishen_may_be_flower_tile": rng.random() < 0.3,
                "discarded_caishen_is_wildcard": rng.random() < 0.3}
        rs = cls(**opts)
        assert compiled(rs) is not None, not_compiled_reason(rs)
        concealed, melds, _cs, _loose = winning_hand(rng, GREEN if rng.random() < 0.9 else None)
        hand = Hand(tuple(concealed), tuple(melds), (), concealed[-1])
        winner, dealer = rng.randrange(4), rng.randrange(4)
        self_drawn = rng.random() < 0.5
        kw: dict[str, Any] = {"winner": winner, "dealer": dealer, "caishen": GREEN, "caishen_in_play": True,
                              "gang_hua": rng.choice([0, 0, 1, 2]), "prevalent_wind": rng.randrange(4),
                              "discarder": None if self_drawn else (winner + rng.randrange(1, 4)) % 4}
        if self_drawn:
            kw["heavenly"] = winner == dealer and not melds and rng.random() < 0.2
            kw["last_wall_tile"] = rng.random() < 0.1
        else:
            kw["earthly"] = rng.random() < 0.1
            kw["chengbao"] = rng.random() < 0.2
        if rng.random() < 0.5:
            kw["loser_totals"] = tuple(rng.randrange(0, 300, 10) for _ in range(4))
        seen.add(_compare(rs, hand, kw))
    assert seen & {"ok", "no_win", "fallback"}


@compiled_only
def test_yuhuan_like_scores_on_the_compiled_book() -> None:
    """BookRuleSet.score on the compiled evaluator gives the rule book's whole result on those hands (the wait's
    words in 胡牌(坎档), 腊子's line), seeded."""
    from yuhuan_support import winning_hand

    rng = random.Random(26)
    cls = _yuhuan_like()
    shown = capped = 0
    for i in range(120):
        rs = cls(lazi_is_cap=i % 2 == 0)
        concealed, melds, _cs, _loose = winning_hand(rng, GREEN)
        hand = Hand(tuple(concealed), tuple(melds), (), concealed[-1])
        kw = {"winner": 0, "dealer": 0, "caishen": GREEN, "caishen_in_play": True,
              "heavenly": not melds and rng.random() < 0.3, "discarder": None}
        fast = _result(rs, hand, kw)
        with _rule_book_only():
            slow = _result(rs, hand, kw)
        assert fast == slow, (str(hand), kw)
        if not isinstance(fast, tuple):
            shown += any("(" in item.name_zh and item.key == "win_tile" for item in fast.items)
            capped += fast.total == 400
    assert shown and capped


def _red_dragon_won(rng: random.Random, hand: Hand) -> Hand:
    """The hand with 红中 (C) as its winning tile and now and then one more held: where C is the wildcard, a
    wildcard won on (the hand still wins with it standing for the tile it replaced; read as a plain 红中 it often
    does not)."""
    if hand.win_tile is None or hand.win_tile not in hand.concealed:
        return hand
    concealed = list(hand.concealed)
    concealed.remove(hand.win_tile)
    if rng.random() < 0.4:
        others = [t for t in concealed if t != 31]
        if others:
            concealed.remove(rng.choice(others))
            concealed.append(31)
    if concealed.count(31) >= 4 or sum(1 for m in hand.melds for t in m.tiles if t == 31) + concealed.count(31) >= 4:
        return hand
    return Hand(tuple(concealed) + (31,), hand.melds, hand.flowers, 31)


_WILD_ROWS = ['[[rows]]\nkey = "win"\nzh = "和"\nen = "Win"\nvalue = 1\nwhen = "regular or seven_pairs"',
              '[[rows]]\nkey = "held"\nzh = "持精"\nen = "Held"\nvalue = 10\ncount = "held_wildcard_tiles()"',
              '[[rows]]\nkey = "stand"\nzh = "代"\nen = "Stands in"\nvalue = 3\ncount = \'wildcard_stand_ins("any")\'',
              '[[rows]]\nkey = "red"\nzh = "中刻"\nen = "Red pung"\nvalue = 7\nunit = "hu"\nwhen = \'pung_of("C")\'',
              '[[rows]]\nkey = "pungs"\nzh = "刻"\nen = "Pungs"\nvalue = 4\nunit = "hu"\ncount = "pungs"',
              '[[rows]]\nkey = "single"\nzh = "单钓"\nen = "Single"\nvalue = 2\nwhen = \'wait_is("single")\'']


def _wild_rules(placements: bool, best: str = "value", **options: Any) -> Any:
    from mahjong.rulebook.book import ruleset_class

    win = 'forms = ["regular", "seven_pairs"]' + ("\nplacements = true" if placements else "")
    text = _file(_WILD_ROWS, f'aggregation = "sum"\nbest = "{best}"\ncap = 12\nround_up = 4', win, "",
                 'tiles = ["C"]\ndiscarded_plain = "opt_on"')
    book, problems = check_text(text, "written-book.toml")
    assert not problems and book is not None, problems
    return ruleset_class(book)(**options)


def test_a_discarded_wildcard_won_on_is_a_plain_tile_where_the_book_says() -> None:
    """``[wildcards] discarded_plain``: 123m 456m 789m 234p C, 红中 (the wildcard) won on a discard, is read with
    the winning 红中 a plain tile (one wildcard held, paired with it) where the key holds, and with two wildcards
    where it does not or on a self-draw; 123m 456m 789m 55p 7s C won on a discarded C is no win read plain.  The
    rule book, its twin and the compiled evaluator agree (and BookRuleSet.score on the compiled book gives the
    same)."""
    for placements in (False, True):
        plain, wild = _wild_rules(placements), _wild_rules(placements, opt_on=False)
        for rs, kw, held in ((plain, {"discarder": 1}, 1), (wild, {"discarder": 1}, 2), (plain, {}, 2)):
            ctx = rs.Context(winner=0, **kw)
            got = rs.score("123m456m789m234pC C", ctx)
            assert sum(i.count for i in got.items if i.key == "held") == held, (placements, kw, got.items)
            with _rule_book_only():
                assert rs.score("123m456m789m234pC C", ctx) == got
            assert _compare(rs, "123m456m789m234pC C", {"winner": 0, **kw}) == "ok"
        with pytest.raises(NotWinningError):
            plain.score("123m456m789m55p7sC C", plain.Context(winner=0, discarder=1))
        assert _compare(plain, "123m456m789m55p7sC C", {"winner": 0, "discarder": 1}) == "no_win"
        assert wild.score("123m456m789m55p7sC C", wild.Context(winner=0, discarder=1)).valid


def test_seeded_hands_with_a_wildcard_won_on_score_alike() -> None:
    """Seeded hands with 红中, the wildcard, as the winning tile (discarded or drawn, now and then one more held),
    each read by the rule book, the twin and the compiled evaluator with the key on and off, with and without
    placements, keeping the reading of the highest value or of the largest total (``[scoring] best``): the same
    answers, and both the key and the measure change some of them."""
    rng = random.Random(2026)
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    by_key = by_best = 0
    for placements in (False, True):
        for _ in range(40):
            hand = _red_dragon_won(rng, random_hand(rng))
            kw = random_context(rng, hand)
            answers = {}
            for on in (True, False):
                for best in ("value", "total"):
                    rs = _wild_rules(placements, best, opt_on=on)
                    seen[on].add(_compare(rs, hand, kw))
                    answers[on, best] = _result(rs, hand, kw)
            by_key += answers[True, "value"] != answers[False, "value"]
            by_best += answers[True, "value"] != answers[True, "total"]
    assert "ok" in seen[True] and "ok" in seen[False] and "no_win" in seen[True], seen
    assert by_key >= 5 and by_best >= 3, (by_key, by_best)


# --- 玉环 on its book, compiled ------------------------------------------------------------------------------------


def _yuhuan(opts: dict[str, Any]) -> Any:
    from mahjong.rulesets.yuhuan import Yuhuan

    return Yuhuan(**opts)


def test_yuhuan_compiles_under_every_option() -> None:
    """玉环's book compiles under each of its options' values (its hooks are outside scoring: the 财神's kind, the
    杠花 set aside, 老鬼宁 and each loser's own total are the context's; the rest is the file's)."""
    from yuhuan_support import OPTIONS

    for name, values in OPTIONS.items():
        for value in values:
            rs = _yuhuan({name: value})
            assert compiled(rs) is not None, (name, value, not_compiled_reason(rs))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_yuhuan_hands_score_alike(seed: int) -> None:
    """Seeded 玉环 wins (16 tiles, 0-3 财神 held, self-drawn or discarded, kongs, 杠花 set aside or written loose,
    承包 / 拉杠 / 杠上开花 / 海底 / 天胡 / 地胡 under 腊子, the losers' totals, every option): the rule book, the twin
    and the C evaluator agree (items with their names, the wait, totals, payments)."""
    from yuhuan_support import case

    for k in range(4):
        opts, hand, ctx = case(seed * 4 + k)
        _compare(_yuhuan(opts), hand, ctx)


@compiled_only
def test_yuhuan_scores_on_the_compiled_book() -> None:
    """玉环's score on the compiled evaluator is the rule book's whole result (items, total, reading, wait,
    validity, payments with the losers' settlement, details, the arithmetic) or its error, on 250 seeded wins,
    腊子 worth the cap and the losers settling their differences among them."""
    from yuhuan_support import case

    scored = lazi = settled = 0
    for seed in range(250):
        opts, hand, ctx = case(seed)
        rs = _yuhuan(opts)
        fast = _result(rs, hand, ctx)
        with _rule_book_only():
            slow = _result(rs, hand, ctx)
        assert fast == slow, (seed, opts, str(hand), ctx)
        if not isinstance(fast, tuple):
            scored += 1
            lazi += "worth the cap outright" in str(fast.details["arithmetic"])
            settled += any(fast.details.get("loser_settlement", ()))
    assert scored > 200 and lazi and settled


# --- the compiled evaluator's own checks ------------------------------------------------------------------------------

@compiled_only
@settings(max_examples=80, deadline=None)
@given(words=st.lists(st.integers(-2**31, 2**31 - 1), max_size=120), edits=st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(-2**31, 2**31 - 1)), max_size=4))
def test_any_image_is_refused_or_run_safely(words: list[int], edits: list[tuple[int, int]]) -> None:
    """Any ints are refused with ValueError or run on a hand (never a crash): the image is checked once when
    it is loaded, every program's operands, jumps and stack depth included."""
    from mahjong import _core

    cb = compiled(get_ruleset("common-file"))
    assert cb is not None
    image = list(cb.image)
    for at, value in edits:
        image[at % len(image)] = value
    for ints in (words, [*cb.image[:len(O.HEADER)], *words], image):
        try:
            book = _core.CompiledBook(ints)
        except ValueError:
            continue
        counts = bytearray(34)
        for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27):
            counts[t] += 1
        got = book.score(bytes(counts), 0, bytes(34), (), bytes(8), 27, 0, 1, 0, 0, 0, False, 0,
                         [0] * book.n_facts)
        assert got[0] in (0, 1, 2)


@compiled_only
@pytest.mark.parametrize("word", ["jump", "n_excl"])
def test_an_image_whose_sums_overflow_is_refused(word: str) -> None:
    """A jump operand or an exclusion count near 2**31 is refused when the image is loaded (their sums with a
    place in the image overflowed a C int and passed the range checks: a crash, found by the test above)."""
    from mahjong import _core

    cb = compiled(get_ruleset("common-file"))
    assert cb is not None
    image = list(cb.image)
    head = dict(zip(O.HEADER, image))
    if word == "n_excl":
        at = head["rows_at"] + list(O.ROW).index("n_excl")
    else:
        code, pc = image[head["code_at"]:head["code_at"] + head["code_len"]], 0
        while O.OPS[code[pc]] not in ("and", "or"):
            pc += 1 + O.OPERANDS.get(O.OPS[code[pc]], 0)
        at = head["code_at"] + pc + 1
    image[at] = 2**31 - 1
    with pytest.raises(ValueError):
        _core.CompiledBook(image)


# --- Nanchang on the compiled book -----------------------------------------------------------------------------------

def test_nanchang_compiles() -> None:
    """Nanchang's book compiles: its shares, bonuses, flat wins, best = "payments", discarded 精 and the facts the
    rule book works out of the hand and the 精 each seat holds (others hold 精, 精钓's wait, each seat's 精 points:
    fact slots the hand core fills itself, none left to the rule set's hooks)."""
    from mahjong.rulesets.nanchang import Nanchang

    rs = Nanchang()
    assert not_compiled_reason(rs) is None
    cb = compiled(rs)
    assert cb is not None
    worked_out = {s.name: s.source for s in cb.facts if s.source in ("others_hold_wildcards", "waited_on_any_tile",
                                                                     "holding_points", "derived")}
    assert worked_out == {name: name for name in ("others_hold_wildcards", "waited_on_any_tile", "holding_points")}
    assert cb.header["hold_at_draw"] == 1 and cb.header["hold_first"] == 2 and cb.header["hold_second"] == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_nanchang_cases_score_alike(seed: int) -> None:
    """Seeded Nanchang cases (精 in hand and held by the others, discarded and self-drawn wins, 天胡 / 地胡, kongs,
    every option): the rule book, the twin and the compiled evaluator give the same rows, total and payments (the
    精 settled with the win included), and BookRuleSet.score on the compiled book gives the rule book's whole
    result."""
    from nanchang_cases import cases

    from mahjong.rulesets.nanchang import Nanchang

    seen: dict[str, int] = {}
    for case in cases(seed, 60):
        rs = Nanchang(**case["options"])
        kw = dict(case["context"])
        if kw.get("jing_held") is not None:
            kw["jing_held"] = tuple(None if h is None else tuple(h) for h in kw["jing_held"])
            kw["jing_kongs"] = tuple(kw.get("jing_kongs", ()))
        got = _compare(rs, case["hand"], kw)
        seen[got] = seen.get(got, 0) + 1
        if BACKEND == "cython":
            fast = _result(rs, case["hand"], kw)
            with _rule_book_only():
                slow = _result(rs, case["hand"], kw)
            assert fast == slow, case
    assert seen.get("ok", 0) >= 20, seen
