"""Two winners on one discard under Guobiao's several-winners option, against mahjongsoft.com's duplicate MCR
rule 2 ("Multiple Hu": every winner is paid as on a discard, and pays the other winner 8)."""

from __future__ import annotations

from pathlib import Path

from mahjong.framework import get_ruleset
from mahjong.game.events import Won
from mahjong.game.pmn import parse_pmn, replay_pmn
from mahjong.settlement import HandRecord, Win, settle_by_wins

DATA = Path(__file__).resolve().parent.parent / "data" / "real-games"


def _site_fans(tag: str) -> list[int]:
    """Each winner's fan from the record's [Fan] tag (``fan/points/count`` items joined by dots)."""
    out = []
    for part in tag.split():
        if part != "None":
            out.append(sum(int(p) * int(c) for _, p, c in (item.split("/") for item in part.split("."))))
    return out


def _rule_2(discarder: int, winners: dict[int, int]) -> tuple[int, ...]:
    net = [0, 0, 0, 0]
    for w, fan in winners.items():
        for s in range(4):
            if s != w:
                pay = fan + 8 if s == discarder else 8
                net[s] -= pay
                net[w] += pay
    return tuple(net)


def test_the_rule_2_worked_example_settles_exactly() -> None:
    # the rules page's own example: A (seat 0) discards 8p, B (seat 1) wins with 20 fan and C (seat 2) with 10
    record = HandRecord("guobiao", (Win(1, "123m456m789m67p55s 8p", discarder=0),
                                    Win(2, "[123m]456s789p67p55s 8p", discarder=0)))
    settled = settle_by_wins(get_ruleset("guobiao"), record, one_win=False)
    assert [r.total for r in settled.results] == [20, 10]
    assert settled.net == _rule_2(0, {1: 20, 2: 10}) == (-46, 36, 26, -16)


def test_pmn_example_2_settles_as_rule_2() -> None:
    text = (DATA / "mahjongsoft_duplicate_mcr_example_2.pmn").read_text(encoding="utf-8")
    tags = parse_pmn(text)
    game = replay_pmn(text)
    wins = [e for e in game.events if isinstance(e, Won)]
    assert game.settlement is not None
    fans = [r.total for r in game.settlement.results]
    assert fans == _site_fans(tags["Fan"]) == [12, 12]  # our fan count is the site's
    assert game.settlement.net == _rule_2(0, {w.seat: f for w, f in zip(wins, fans)}) == (-40, 28, -16, 28)
    # the record's own result is not a set of payments: it sums to +32 (every seat 8 above rule 2)
    recorded = tuple(int(x) for x in tags["Result"].split())
    assert sum(recorded) == 32
    assert tuple(r - n for r, n in zip(recorded, game.settlement.net)) == (8, 8, 8, 8)
