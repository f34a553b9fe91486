"""Sichuan's hand-by-hand settlements are those of the hand-written scorer the compiled rule-book evaluator
replaced: 5,120 seeded self-play hands (16 option variants, random and greedy agents, 160 hands each) give the
nets and the wins (seat, tile, from whom, total) that ``src/mjcore/sichuan.pxi`` gave at commit af4cf8e, stored in
``data/sichuan_nets_before.json.gz`` (written then by the same loop as :func:`_played` below).

The referee of the settlement itself stays the rule book (``test_core_sichuan.py`` compares every net with its
fold); this file pins the play: if a later change of the flow (the wall, the agents, a rule of play) moves these
hands on purpose, regenerate the file with that change and say so.  On the pure-Python backend the engine plays
the first random-agent hands of each variant (the same hands: it is the core's twin)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from mahjong.game.core import RandomTable, core_available

DATA = Path(__file__).resolve().parent / "data" / "sichuan_nets_before.json.gz"

VARIANTS: list[dict[str, Any]] = [
    {}, {"mode": "normal"}, {"zimo_bonus": "none"}, {"zimo_bonus": "double"}, {"zimo_bonus": "add_fan"},
    {"jingoudiao": "pattern"}, {"dianganghua": "discard"}, {"huazhu": False, "dajiao": False, "refund_kongs": False},
    {"max_fan": 2}, {"fan_base": 0, "max_fan": 3},
    {"direct_kong_discarder": 2, "direct_kong_others": 1, "added_kong": 3, "concealed_kong": 0},
    {"lack": False}, {"call_transfer": True, "huazhu_pays_won": False, "base": 3},
    {"kong_counts_as_gen": False, "huazhu_penalty": 5}, {"exchange_three": True},
    {"exchange_three": True, "exchange_direction": "clockwise", "lack": False},
]


def _played(variant: int, agent: str, k: int, table: RandomTable) -> list[Any]:
    h = table.hand(seed=variant * 1000 + k, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
    wins = [list(w) for w in h.core.wins()] if core_available() else [
        [w.seat, w.tile, -1 if w.from_seat is None else w.from_seat, w.total] for w in h.wins_made()]
    net = h.net if core_available() else h.settlement.net  # type: ignore[union-attr]
    return [variant, agent, k, list(net or ()), wins]


def test_seeded_sichuan_hands_settle_as_before() -> None:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        before = json.load(f)
    per_table = 160 if core_available() else 2
    agents = ("random", "greedy") if core_available() else ("random",)  # (the greedy agent is slow in Python)
    tables: dict[tuple[int, str], RandomTable] = {}
    checked = moved = 0
    for entry in before:
        variant, agent, k = entry[:3]
        if k >= per_table or agent not in agents:
            continue
        table = tables.get((variant, agent))
        if table is None:
            table = tables[(variant, agent)] = RandomTable("sichuan", VARIANTS[variant], agent)
        assert _played(variant, agent, k, table) == entry, entry[:3]
        checked += 1
        moved += any(entry[3])
    assert checked == len(VARIANTS) * len(agents) * per_table and moved
