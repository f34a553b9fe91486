"""The flows' own win facts read by the compiled rule-book evaluator from the hand core (CoreFacts: the indicator,
报听 and 扣听, 海底捞月, the birds and the birds on each seat, a 百搭 won on), against the rule book deciding every win
from the facts the Python flow gives (``record_facts`` / ``check_facts`` on the hand state).

For each rule set and option whose book reads one of them, the core decides the wins with the compiled book
(:func:`book_in_c`), and seeded hands played with the evaluator deciding equal, win by win and net by net, the same
hands with the rule book deciding; the facts the tests need are seen in those hands (a 报听 won, a 海底捞月 won, a
bird on a seat).  On the pure-Python backend there is no core: nothing is compiled and the checks are skipped.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game.core import RandomTable, _book_in_c, book_in_c, core_available
from mahjong.game.engine import make_flow, record_of
from mahjong.rulebook.compiler import CORE_FACTS, compiled
from mahjong.settlement import Win

needs_core = pytest.mark.skipif(not core_available(), reason="the compiled core is not available")

#: (rules, options, the CoreFacts facts the book reads, hands of the greedy agents where they are won with the
#: rarer facts: 海底捞月's tile, 扣听)
FLOWS: list[tuple[str, dict[str, Any], set[str], tuple[int, ...]]] = [
    ("changsha", {}, {"bird_seats"}, ()),
    ("changsha", {"opening_wins": False, "dealer_extra": 0}, {"bird_seats"}, ()),
    ("twoplayer", {}, {"declared_ready", "haidi", "kou_ting"}, (306, 533, 761)),
    ("twoplayer", {"swap_at_start": True, "discard_all_pay": True}, {"declared_ready", "haidi", "kou_ting"},
     (306, 761, 2166)),
    ("common", {"declare_ready": True}, {"kou_ting"}, (273, 398)),
    # wildcards: fixed (红中, 广东's 白板) and turned up (翻鬼: the kind after the wall's last tile)
    ("hongzhong", {}, {"birds"}, ()),
    ("hongzhong", {"discard_wins": True, "seven_pairs_win": False}, {"birds"}, ()),
    ("guangdong", {}, set(), ()),
    # 买马 paid in C (the step API's hands and the batches' too): counted from the winner, and none
    ("guangdong", {"horses_from": "winner", "horses_without_ghosts": 8, "horse_follows_points": True}, set(), ()),
    ("guangdong", {"horses": 0, "horses_without_ghosts": 0}, set(), ()),
    ("guangdong-fangui", {}, {"indicator"}, ()),
    # wildcards that are bonus tiles kept in the hand (金山 百搭), one drawn and won on
    ("jinshan", {}, {"wildcard_win"}, ()),
]
IDS = [f"{r}-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for r, o, _, _ in FLOWS]


@needs_core
@pytest.mark.parametrize(("rules", "options", "facts", "rare"), FLOWS, ids=IDS)
def test_the_core_gives_the_evaluator_the_flows_facts(rules: str, options: dict[str, Any], facts: set[str],
                                                      rare: tuple[int, ...]) -> None:
    flow = make_flow(rules, options)
    cb = compiled(flow.ruleset)
    assert cb is not None
    read = {s.name: s.source for s in cb.facts if s.name in CORE_FACTS}
    assert all(source == name for name, source in read.items())
    assert facts - {"indicator"} <= read.keys()  # (the indicator: read as the wildcard kinds where no row names it)
    hook = book_in_c(flow)
    assert hook is not None
    # C settles the hands too (the two-player game: its nets are its wins'; 广东's with the horses (买马) it turns)
    assert hook[3]


def _pairs(rules: str, options: dict[str, Any], agent: str, salts: Any) -> list[tuple[Any, Any]]:
    fast, ref = RandomTable(rules, options, agent), RandomTable(rules, options, agent)
    assert fast.book is not None
    ref.book = None  # (the rule book decides every win and settles, from the Python flow's facts)
    out = []
    for k in salts:
        kw = {"seed": 31, "salt": k, "agent_seeds": [7 + s + 16 * k for s in range(4)]}
        out.append((fast.hand(**kw), ref.hand(**kw)))
    return out


@needs_core
@pytest.mark.parametrize(("rules", "options", "facts", "rare"), FLOWS, ids=IDS)
def test_hands_decided_by_the_evaluator_are_the_rule_books(rules: str, options: dict[str, Any], facts: set[str],
                                                           rare: tuple[int, ...]) -> None:
    """The same seeded hands with the evaluator deciding every win (and settling where C settles) and with the
    rule book deciding: the same wins and nets; the same events and settlement for some; the record the core
    settled makes is the fold's, the flow's facts in it."""
    seen: set[str] = set()
    made = handed_back = 0
    for agent, salts in (("random", range(60)), ("greedy", (*range(30), *rare))):
        for i, (a, b) in enumerate(_pairs(rules, options, agent, salts)):
            assert a.wins_made() == b.wins_made(), (agent, i)
            assert a.net == b.net, (agent, i)
            if i % 10 == 0 or i >= 30:
                assert a.events == b.events, (agent, i)
                assert a.settlement == b.settlement, (agent, i)
            handed_back += bool(a._settled_in_c and a.core.specials)  # (起手小胡, 四红中: the rule book settles)
            if a.wins_made() and a.fast_record is not None:  # (made from the core: the fold's)
                assert a.fast_record == record_of(b), (agent, i)
                made += 1
            for ev in record_of(b).events:
                if isinstance(ev, Win):
                    given = {**ev.flags, **{k: getattr(ev, k) for k in facts if hasattr(ev, k)}}
                    seen |= {k for k in facts if given.get(k) not in (None, False, 0, (), [])}
            if b.wins_made() and b.core.haidi is not None:
                seen.add("haidi")
    # the facts were there to read: a 报听 won, a win on 海底捞月's tile, a bird on a seat
    assert seen == facts, seen
    assert made > 0
    assert handed_back > 0 or rules != "changsha" or options  # (opening wins in the hands played)


@needs_core
@pytest.mark.parametrize("rules", ["hongzhong", "guangdong", "guangdong-fangui", "jinshan"])
def test_wildcard_flows_are_decided_in_c(rules: str) -> None:
    """The core's wildcard kinds are the book's (fixed, or from the indicator for every tile it may be): the
    evaluator reads the hand's wildcards from the core; a book whose wildcards differ from its flow's is not."""
    flow = make_flow(rules)
    assert flow.wild_tiles or flow.indicator is not None
    assert book_in_c(flow) is not None
    other = make_flow(rules)
    other.wild_tiles = frozenset({0}) if flow.wild_tiles else frozenset()
    if flow.indicator is not None:
        rows = list(flow.indicator.wildcards)
        rows[5] = (6, 7)
        other.indicator = dataclasses.replace(flow.indicator, wildcards=tuple(rows))
    assert _book_in_c(other) is None


@needs_core
@settings(max_examples=12, deadline=None)
@given(rules=st.sampled_from([f[:2] for f in FLOWS]), seed=st.integers(0, 2**32 - 1), salt=st.integers(0, 10**6),
       greedy=st.booleans())
def test_any_seed_decides_alike(rules: tuple[str, dict[str, Any]], seed: int, salt: int, greedy: bool) -> None:
    agent = "greedy" if greedy else "random"
    fast, ref = RandomTable(rules[0], rules[1], agent), RandomTable(rules[0], rules[1], agent)
    ref.book = None
    for k in range(4):
        kw = {"seed": seed, "salt": salt + k, "agent_seeds": [seed % 1000 + s + 16 * k for s in range(4)]}
        a, b = fast.hand(**kw), ref.hand(**kw)
        assert a.wins_made() == b.wins_made() and a.net == b.net
        assert a.events == b.events and a.settlement == b.settlement


def test_a_book_is_compiled_once_per_configuration() -> None:
    """Two rule sets of one book and configuration share the compiled book (a RuleBook is no dict key: it is
    cached by identity), another configuration has its own; on the pure-Python backend too (the compiler is
    Python's)."""
    from mahjong.registry import get_ruleset

    a, b = get_ruleset("changsha"), get_ruleset("changsha")
    assert a is not b and a.book is b.book
    got = compiled(a)
    assert got is not None and compiled(b) is got
    other = get_ruleset("changsha", dealer_extra=0)
    assert compiled(other) is not got and compiled(other) is compiled(get_ruleset("changsha", dealer_extra=0))


def _own_file() -> str:
    """The differential tests' own rule file (翻鬼 wildcards, no chows, several winners on one discard, an instant
    win on four wildcards) made to read the core's facts: 报听 with the 海底捞月 phase, two birds by seat (each on
    the winner or a payer: the payer's share once more), a row for 报听 and one for 海底捞月."""
    from test_core_differential import OWN_FILE

    edits = [
        ('name = "core-test-own"', 'name = "core-facts-own"'),
        ('bird_hits = "all"', 'bird_hits = "seat"\ndeclare_ready = true'),
        ('bonus = "birds"', 'bird_share = "total"'),
        ('[facts.birds]\ntype = "int"\ndefault = 0\nzh = "中鸟数"\nen = "birds that hit"',
         '[facts.bird_seats]\ntype = "per_seat"\nzh = "每家中鸟数"\nen = "birds on each seat"\n\n'
         '[facts.declared_ready]\ntype = "bool"\ndefault = false\nzh = "报听"\nen = "declared ready"\n\n'
         '[facts.haidi]\ntype = "bool"\ndefault = false\nzh = "海底捞月"\nen = "won on the fished tile"'),
    ]
    text = OWN_FILE
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    return text + """
[[rows]]
key = "ready"
zh = "报听"
en = "Declared ready"
value = 3
unit = "pt"
when = "declared_ready"

[[rows]]
key = "fished"
zh = "海底捞月"
en = "Fished"
value = 5
unit = "pt"
when = "haidi"
"""


@needs_core
@pytest.mark.usefixtures("registry_restored")
def test_a_rule_file_of_ones_own_reads_the_cores_facts(tmp_path: Any) -> None:
    from mahjong.rulebook import load_rules

    path = tmp_path / "core-facts-own.toml"
    path.write_text(_own_file(), encoding="utf-8")
    load_rules(path)
    flow = make_flow("core-facts-own")
    assert flow.indicator is not None and flow.ready_declaration
    hook = book_in_c(flow)
    assert hook is not None and hook[3]  # (decided and settled in C)
    cb = compiled(flow.ruleset)
    assert cb is not None
    assert {s.name: s.source for s in cb.facts if s.name in CORE_FACTS} == {
        "declared_ready": "declared_ready", "haidi": "haidi", "bird_seats": "bird_seats"}
    seen: set[str] = set()
    for agent in ("random", "greedy"):
        for i, (a, b) in enumerate(_pairs("core-facts-own", {}, agent, range(24))):
            assert a._settled_in_c
            assert a.wins_made() == b.wins_made() and a.net == b.net, (agent, i)
            assert a.events == b.events and a.settlement == b.settlement, (agent, i)
            for ev in record_of(b).events:
                if isinstance(ev, Win):
                    seen |= {k for k, v in ev.flags.items() if v and v != [0, 0, 0, 0]}
    assert seen == {"indicator", "declared_ready", "bird_seats"}


@needs_core
@pytest.mark.parametrize("options", [{}, {"horses_from": "winner", "horse_follows_points": True}])
def test_horses_paid_in_c_are_the_rule_books(options: dict[str, Any]) -> None:
    """买马 paid in C (the compiled book's ``horses_paid``): a hand the core settled, read settlement first (the
    rule book's made from the core's record, its horse lines added as the hand's end adds them), then its
    special events and its events, is the hand the rule book decided and settled from the fold."""
    hook = book_in_c(make_flow("guangdong", options))
    assert hook is not None and hook[3]
    hit = 0
    for agent, salts in (("random", range(40)), ("greedy", range(12))):
        for i, (a, b) in enumerate(_pairs("guangdong", options, agent, salts)):
            assert a._settled_in_c
            assert a.settlement == b.settlement, (agent, i)  # (read first: made from the core)
            assert a.special_events() == b.special_events(), (agent, i)
            assert a.events == b.events and a.net == b.net, (agent, i)
            hit += any(line.reason == "horses" for line in b.settlement.lines)
    assert hit >= 5  # (horses on the winner were paid in the hands compared)
