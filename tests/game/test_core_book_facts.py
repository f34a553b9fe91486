"""The flows' own win facts read by the compiled rule-book evaluator from the hand core (CoreFacts: the indicator,
报听 and 扣听, 海底捞月, the birds and the birds on each seat, a 百搭 won on), against the rule book deciding every win
from the facts the Python flow gives (``record_facts`` / ``check_facts`` on the hand state).

For each rule set and option whose book reads one of them, the core decides the wins with the compiled book
(:func:`book_in_c`), and seeded hands played with the evaluator deciding equal, win by win and net by net, the same
hands with the rule book deciding; the facts the tests need are seen in those hands (a 报听 won, a 海底捞月 won, a
bird on a seat).  On the pure-Python backend there is no core: nothing is compiled and the checks are skipped.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.game.core import RandomTable, book_in_c, core_available
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
    assert facts <= read.keys() and all(read[name] == name for name in facts)
    assert book_in_c(flow) is not None


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
    for agent, salts in (("random", range(60)), ("greedy", (*range(30), *rare))):
        for i, (a, b) in enumerate(_pairs(rules, options, agent, salts)):
            assert a.wins_made() == b.wins_made(), (agent, i)
            assert a.net == b.net, (agent, i)
            if i % 10 == 0 or i >= 30:
                assert a.events == b.events, (agent, i)
                assert a.settlement == b.settlement, (agent, i)
            if a._settled_in_c and a.wins_made():
                assert a.fast_record == record_of(b), (agent, i)
            for ev in record_of(b).events:
                if isinstance(ev, Win):
                    given = {**ev.flags, **{k: getattr(ev, k) for k in facts if hasattr(ev, k)}}
                    seen |= {k for k in facts if given.get(k) not in (None, False, 0, (), [])}
            if b.wins_made() and b.core.haidi is not None:
                seen.add("haidi")
    # the facts were there to read: a 报听 won, a win on 海底捞月's tile, a bird on a seat
    assert seen == facts, seen
