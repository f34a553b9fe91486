"""The hands of the rule sets whose wins the compiled evaluator now decides and settles on the core (their
wildcards and the flows' own facts read from the core: 红中, 广东推倒胡 and 翻鬼, 长沙, the two-player game, 金山,
the common table with 报听; Nanchang's draw record) are the hands they were before it did: 1,890 seeded
self-play hands (150 random-agent and 60 greedy-agent hands per variant) give the nets and the wins (seat, tile,
from whom, total) stored in ``data/book_nets_before.json.gz``, written at commit 3f97787 (main, before the change)
by the loop of :func:`_played`.

The referee of each win and settlement stays the rule book (``test_core_book_facts.py`` compares them hand by
hand); this file pins the play.  If a later change of the flow moves these hands on purpose, regenerate the file
with that change and say so.  On the pure-Python backend the engine plays the first two random-agent hands of
each variant (the same hands: it is the core's twin)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from mahjong.game.core import RandomTable, core_available

DATA = Path(__file__).resolve().parent / "data" / "book_nets_before.json.gz"


def _played(table: RandomTable, k: int) -> list[Any]:
    h = table.hand(seed=k, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
    wins = [list(w) for w in h.core.wins()] if core_available() else [
        [w.seat, w.tile, -1 if w.from_seat is None else w.from_seat, w.total] for w in h.wins_made()]
    net = h.net if core_available() else h.settlement.net  # type: ignore[union-attr]
    return [list(net or ()), wins]


#: hands replayed per variant: on the core (random, greedy agents), and on the pure-Python engine (random only)
PER_TABLE = {"random": 60, "greedy": 20} if core_available() else {"random": 1}


def test_seeded_hands_of_the_moved_rule_sets_settle_as_before() -> None:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        before: dict[str, list[Any]] = json.load(f)
    checked = won = 0
    for key, rows in before.items():
        rules, rest = key.split("-{", 1)
        options_text, agent = rest.rsplit("}-", 1)
        n = PER_TABLE.get(agent, 0)
        if not n:
            continue
        table = RandomTable(rules, json.loads("{" + options_text + "}"), agent)
        for k, row in enumerate(rows[:n]):
            assert _played(table, k) == row, (key, k)
            checked += 1
            won += bool(row[1])
    assert checked == len(before) // 2 * sum(PER_TABLE.values()) and (won or not core_available())


#: Nanchang under four option sets (the 精 settlement's options, kong money, the payment's choices), 300 random-
#: and 60 greedy-agent hands each, written at commit f422cfa (main, before the wall's end recorded the 精 held as
#: facts and the 精 points became the file's ``[wildcards.points]``) by the same loop, :func:`_played`
NANCHANG = Path(__file__).resolve().parent / "data" / "nanchang_nets_before.json.gz"


def test_seeded_nanchang_hands_under_its_options_settle_as_before() -> None:
    with gzip.open(NANCHANG, "rt", encoding="utf-8") as f:
        before: dict[str, list[Any]] = json.load(f)
    per_table = {"random": 300, "greedy": 60} if core_available() else {"random": 2}
    checked = drawn = won = 0
    for key, rows in before.items():
        rules, rest = key.split("-{", 1)
        options_text, agent = rest.rsplit("}-", 1)
        n = per_table.get(agent, 0)
        table = RandomTable(rules, json.loads("{" + options_text + "}"), agent)
        for k, row in enumerate(rows[:n]):
            assert _played(table, k) == row, (key, k)
            checked += 1
            won += bool(row[1])
            drawn += not row[1] and any(row[0])
    assert checked == len(before) // 2 * sum(per_table.values()) > 0
    assert not core_available() or (won >= 200 and drawn >= 500), (won, drawn)  # (both kinds of ending checked)
