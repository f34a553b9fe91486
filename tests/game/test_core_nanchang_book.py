"""Nanchang's wins decided, and its hands settled, in C by the compiled rule book: the facts its book reads that
the rule book works out of the hand and the 精 each seat holds (another seat holds a 精: 德中德; the hand waited
on any tile before the winning one: 精钓; each seat's 精 points, settled between every pair of seats with the win)
are filled by the hand core from its own state, and a hand that ends at the wall settles the 精 held there
([wildcards.points] at_draw).  Checked against the rule book deciding every win and settling every hand from the
facts the Python flow gives, hand by hand, under every option value."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game.core import RandomTable, book_in_c, core_available
from mahjong.game.engine import make_flow
from mahjong.rulebook import opcodes as O
from mahjong.rulebook.compiler import compiled
from mahjong.rulebook.opcodes import HOLDING_LIMIT
from mahjong.rulesets.nanchang import BOOK

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled core with its Python twin")


def _other_values(kind: str, default: Any, meta: dict[str, Any]) -> list[Any]:
    """Values of an option other than its default: the other truth value, every other choice, its minimum and a
    larger number."""
    if kind == "bool":
        return [not default]
    if meta.get("choices"):
        return [c for c in meta["choices"] if c != default]
    low = meta.get("minimum")
    start = default if default is not None else (low or 0)
    return [v for v in dict.fromkeys((low, start + 3)) if v is not None and v != default]


#: every option of the rule set (the file's) and of its flow, each value alone (the defaults once)
CONFIGS: list[dict[str, Any]] = [{}] + [
    {name: value} for name, (kind, default, meta) in BOOK.options.items()
    for value in _other_values(kind, default, meta)] + [{"wall_end_reserve": 14}, {"dealer_keeps": False}]
IDS = [",".join(f"{k}={v}" for k, v in c.items()) or "default" for c in CONFIGS]


def test_the_default_flow_is_decided_and_settled_in_c() -> None:
    flow = make_flow("nanchang")
    got = book_in_c(flow)
    assert got is not None
    assert got[3]  # (settled in C: its wins and the 精 held, at a win or at the wall's end)
    cb = compiled(flow.ruleset)
    assert cb is not None and not any(s.source == "derived" for s in cb.facts)


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_every_option_is_decided_in_c_and_settled_there_without_kong_money(options: dict[str, Any]) -> None:
    got = book_in_c(RandomTable("nanchang", options).flow)
    assert got is not None
    assert got[3] == (options.get("kong_payments", "none") == "none")  # (kong money: the rule set's settle)


def _pairs(options: dict[str, Any], agent: str, salts: Any) -> list[tuple[Any, Any]]:
    fast, ref = RandomTable("nanchang", options, agent), RandomTable("nanchang", options, agent)
    assert fast.book is not None
    ref.book = None  # (the rule book decides every win and settles, from the Python flow's facts)
    out = []
    for k in salts:
        kw = {"seed": 47, "salt": k, "agent_seeds": [3 + s + 16 * k for s in range(4)]}
        out.append((fast.hand(**kw), ref.hand(**kw)))
    return out


@pytest.mark.parametrize("options", CONFIGS, ids=IDS)
def test_hands_decided_in_c_are_the_rule_books(options: dict[str, Any]) -> None:
    """The same seeded hands with the evaluator deciding every win (and C settling) and with the rule book: the
    same wins and nets; the same events and settlement for some."""
    rows: set[str] = set()
    drawn = 0
    for agent, salts in (("random", range(12)), ("greedy", range(12))):
        for i, (a, b) in enumerate(_pairs(options, agent, salts)):
            assert a._settled_in_c == (options.get("kong_payments", "none") == "none")
            assert a.wins_made() == b.wins_made(), (agent, i)
            assert a.net == b.net, (agent, i)
            if i % 4 == 0:
                assert a.events == b.events, (agent, i)
                assert a.settlement == b.settlement, (agent, i)
            assert b.settlement is not None
            drawn += not b.wins_made() and any(b.settlement.net)
            rows |= {it.key for r in b.settlement.results for it in r.items}
    assert rows & {"basic_win", "seven_pairs", "all_pungs", "thirteen_misfits"}, rows
    assert drawn > 0 or options.get("jing_at_draw") is False  # (精 held at the wall's end, settled)


@settings(max_examples=12, deadline=None)
@given(options=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), salt=st.integers(0, 10**6),
       greedy=st.booleans())
def test_any_seed_decides_alike(options: dict[str, Any], seed: int, salt: int, greedy: bool) -> None:
    agent = "greedy" if greedy else "random"
    fast, ref = RandomTable("nanchang", options, agent), RandomTable("nanchang", options, agent)
    ref.book = None
    for k in range(6):
        kw = {"seed": seed, "salt": salt + k, "agent_seeds": [seed % 1000 + s + 16 * k for s in range(4)]}
        a, b = fast.hand(**kw), ref.hand(**kw)
        assert a.wins_made() == b.wins_made() and a.net == b.net
        assert a.events == b.events and a.settlement == b.settlement
        assert fast.outcome(**kw).net == b.net  # (self-play's bare core: read from its state)


def test_the_facts_of_the_seats_jing_are_seen_in_the_hands_compared() -> None:
    """Over the hands the differential test plays (every option), the rows that read the worked-out facts were
    counted: 德中德 (no other seat holds a 精), 德国 with another seat holding one, 精钓 (waited on any tile)."""
    rows: dict[str, int] = {}
    for options in ({}, {"jing_diao_bonus": 5}):
        for i, (a, b) in enumerate(_pairs(options, "random", range(1500))):
            assert a.wins_made() == b.wins_made() and a.net == b.net, (options, i)
            assert b.settlement is not None
            for r in b.settlement.results:
                for it in r.items:
                    rows[it.key] = rows.get(it.key, 0) + 1
    assert rows.get("doubly_clean_hand", 0) > 0 and rows.get("clean_hand", 0) > 0, rows
    assert rows.get("wildcard_single_wait", 0) > 0, rows


def test_amounts_beyond_the_cores_limit_leave_the_wins_to_the_rule_book() -> None:
    """A [wildcards.points] amount beyond what the core works holding points out with: the slot is left to the
    rule book (source ``derived``) and the wins are decided in Python."""
    flow = RandomTable("nanchang", {"jing_kong_bonus": HOLDING_LIMIT + 1}).flow
    cb = compiled(flow.ruleset)
    assert cb is not None
    assert {s.name: s.source for s in cb.facts}["holding_points"] == "derived"
    assert cb.header["hold_at_draw"] == 0 and book_in_c(flow) is None


@pytest.mark.parametrize(("word", "value"), [
    *((f"hold_{w}", v) for w in ("first", "second", "kong", "threshold", "offset", "sole")
      for v in (HOLDING_LIMIT + 1, -HOLDING_LIMIT - 1, 2**31 - 1, -2**31)),
    ("hold_breaks", 2), ("hold_breaks", -1), ("hold_at_draw", 2), ("hold_at_draw", -1),
    ("holding_points_kind", O.FACT_KINDS.index("int")),
])
def test_an_image_with_holding_amounts_the_core_does_not_take_is_refused(word: str, value: int) -> None:
    """The amounts the core works holding points out with are checked when the image is loaded (each within the
    limit, the switches 0 or 1), and the holding points are four seats' numbers in one per-seat slot."""
    from mahjong import _core

    cb = compiled(RandomTable("nanchang").flow.ruleset)
    assert cb is not None
    image = list(cb.image)
    _core.CompiledBook(image)  # (as compiled: taken)
    head = dict(zip(O.HEADER, image))
    if word == "holding_points_kind":
        at = head["facts_at"] + head["holding_points"] * len(O.FACT) + O.FACT.index("kind")
    else:
        at = O.HEADER.index(word)
    image[at] = value
    with pytest.raises(ValueError):
        _core.CompiledBook(image)


#: a rule file of the tests' own whose rows read the two worked-out facts, with no hook of a rule set: wildcards
#: from a turned-up indicator, no holdings read (nobody else holds one, as far as the rule book knows)
OWN_FILE = '''format = 1
name = "wildcard-facts-own"
zh = "测试"
en = "Wildcard facts test"

[tiles]
flowers = false

[wildcards]
indicator = true
indicator_kinds = 2

[win]
forms = ["regular", "seven_pairs"]

[scoring]
exclusion = "simultaneous"
aggregation = "sum"
unit = "pt"

[facts.others_hold_wildcards]
type = "bool"
default = false
zh = "他家持有百搭"
en = "another seat holds a wildcard"

[facts.waited_on_any_tile]
type = "bool"
default = false
zh = "听任意牌"
en = "waited on any tile"

[[rows]]
key = "win"
zh = "和"
en = "Win"
value = 1
unit = "pt"
when = "regular or seven_pairs"

[[rows]]
key = "any_tile"
zh = "百搭钓"
en = "Waited on any tile"
value = 4
unit = "pt"
when = "waited_on_any_tile"

[[rows]]
key = "alone"
zh = "独百搭"
en = "Nobody else holds a wildcard"
value = 2
unit = "pt"
when = "not others_hold_wildcards"
'''


@pytest.mark.usefixtures("registry_restored")
def test_a_rule_file_of_ones_own_reads_the_worked_out_facts_in_c(tmp_path: Any) -> None:
    from mahjong.rulebook import load_rules

    path = tmp_path / "wildcard-facts-own.toml"
    path.write_text(OWN_FILE, encoding="utf-8")
    load_rules(path)
    flow = make_flow("wildcard-facts-own")
    rs = flow.ruleset
    assert rs.facts_not_given == {"others_hold_wildcards", "waited_on_any_tile"}
    cb = compiled(rs)
    assert cb is not None
    assert {s.name: s.source for s in cb.facts if s.name in rs.facts_not_given} == {
        "others_hold_wildcards": "zero", "waited_on_any_tile": "waited_on_any_tile"}  # (no holdings: none held)
    hook = book_in_c(flow)
    assert hook is not None and hook[3]
    rows: dict[str, int] = {}
    for agent, salts in (("random", range(2000)), ("greedy", range(40))):
        fast, ref = RandomTable("wildcard-facts-own", {}, agent), RandomTable("wildcard-facts-own", {}, agent)
        ref.book = None
        for k in salts:
            kw = {"seed": 5, "salt": k, "agent_seeds": [9 + s + 16 * k for s in range(4)]}
            a, b = fast.hand(**kw), ref.hand(**kw)
            assert a._settled_in_c
            assert a.wins_made() == b.wins_made() and a.net == b.net, (agent, k)
            if k % 10 == 0:
                assert a.events == b.events and a.settlement == b.settlement, (agent, k)
            assert b.settlement is not None
            for r in b.settlement.results:
                for it in r.items:
                    rows[it.key] = rows.get(it.key, 0) + 1
    assert rows.get("any_tile", 0) > 0 and rows.get("alone", 0) == rows.get("win", 0) > 0, rows
    # (given with a win, the facts are not read: the rule book works them out)
    ctx = rs.Context(winner=0, dealer=0, indicator=0, others_hold_wildcards=True, waited_on_any_tile=True)
    got = rs.score("123m456m789p123s5z 5z", ctx)
    assert {it.key for it in got.items} == {"win", "alone"}
