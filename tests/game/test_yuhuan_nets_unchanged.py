"""Yuhuan's seeded self-play hands are the hands they were before its wins were decided with less work (the losers'
own totals worked out once per table state, and onwards): 1,320 hands (600 random-agent and 60 greedy-agent hands
per variant, the default options and one with 腊子 at the cap, no 台 for the losers and no 老鬼宁) give the nets and
the wins (seat, tile, from whom, total) stored in ``data/yuhuan_nets_before.json.gz``, written at commit f422cfa
(main, before the change) by the loop of ``test_book_nets_unchanged._played``.

If a later change of Yuhuan's flow or rules moves these hands on purpose, regenerate the file with that change and
say so.  On the pure-Python backend the engine plays the first two hands of each variant (the core's twin)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from test_book_nets_unchanged import _played

from mahjong.game.core import RandomTable, core_available

DATA = Path(__file__).resolve().parent / "data" / "yuhuan_nets_before.json.gz"


def _replayed(path: Path) -> tuple[int, int, list[dict[str, Any]]]:
    """Every hand of the file played again (two per variant on the pure-Python engine) and compared: (hands
    checked, hands won, the variants' options)."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        before: dict[str, list[Any]] = json.load(f)
    assert len(before) == 4
    checked = won = 0
    variants = []
    for key, rows in before.items():
        rules, rest = key.split("-{", 1)
        options_text, agent = rest.rsplit("}-", 1)
        options = json.loads("{" + options_text + "}")
        variants.append(options)
        n = len(rows) if core_available() else 2
        table = RandomTable(rules, options, agent)
        for k, row in enumerate(rows[:n]):
            assert _played(table, k) == row, (key, k)
            checked += 1
            won += bool(row[1])
    return checked, won, variants


def test_seeded_yuhuan_hands_settle_as_before() -> None:
    checked, won, _ = _replayed(DATA)
    assert checked == (1320 if core_available() else 8)
    assert won >= (140 if core_available() else 4)


def test_the_losers_totals_kept_are_bounded_and_the_rule_sets(monkeypatch: Any) -> None:
    """The flow keeps each loser's total by its tiles, at most ``_LOSER_TOTALS_KEPT`` of them (cleared whole when
    full); a kept total is the rule set's own for those tiles, and hands play alike with a tiny bound."""
    import mahjong.game.flows.yuhuan as flow_module

    monkeypatch.setattr(flow_module, "_LOSER_TOTALS_KEPT", 3)
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        rows = json.load(f)["yuhuan-{}-greedy"]
    table = RandomTable("yuhuan", {}, "greedy")
    for k, row in enumerate(rows[:4]):
        assert _played(table, k) == row, k
        hand = table.hand(seed=k, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
        state = hand.state
        flow = table.flow
        assert len(flow._loser_totals) <= 3
        for seat in range(4):
            assert flow.loser_total(state, seat) == flow.ruleset.loser_total(
                state.hand_of(seat), (seat - state.dealer) % 4, state.indicator, len(state.bonus[seat]))


#: Yuhuan under the flow's 黄庄 at the wall's very end (``wall_end_reserve = 0``) alone, and with every scoring option
#: moved off its default besides (at most 3 台, a 300 cap, 海底捞月 1 台, the plain win's pair, a discarded 财神 still
#: wild, the losers' 财神 台 and no rounding, a 财神 standing for the 杠花 tile, 连庄 after a win): 1,500 random- and
#: 60 greedy-agent hands each, written at commit f70391d (main, before Yuhuan's wins were decided and settled by the
#: compiled rule book) by the same loop, :func:`_played`
OPTIONS = Path(__file__).resolve().parent / "data" / "yuhuan_options_nets_before.json.gz"


def test_seeded_yuhuan_hands_under_its_options_settle_as_before() -> None:
    checked, won, variants = _replayed(OPTIONS)
    assert all(options["wall_end_reserve"] == 0 for options in variants)
    assert checked == (3120 if core_available() else 8)
    assert won >= (300 if core_available() else 2)
