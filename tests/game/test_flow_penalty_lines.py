"""A flow's ``extra_lines`` marked as paying only the judge's penalty (:func:`mahjong.game.flows.base.penalty_lines`)
adds nothing to a hand no penalty ended: self-play reads such hands from the core (Guobiao with the extras, whose
wins the rule layer scores), and the outcome is the hand's own."""

from __future__ import annotations

from typing import Any

from mahjong.game.core import RandomTable, core_available
from mahjong.game.flows.base import Flow, pays_penalties_only
from mahjong.game.outcome import outcome_of
from mahjong.game.state import HandState
from mahjong.settlement import Payment, Settlement


class _OwnLines(Flow):
    def extra_lines(self, state: HandState, settlement: Settlement) -> list[Payment]:
        return []


def test_which_flows_pay_penalties_only() -> None:
    assert pays_penalties_only(RandomTable("guobiao-extras").flow)  # (the judge's penalty alone)
    assert pays_penalties_only(object.__new__(Flow))  # (the base pays nothing of its own)
    assert not pays_penalties_only(RandomTable("changsha").flow)  # (a rule file's openings and horses)
    assert not pays_penalties_only(object.__new__(_OwnLines))


def test_guobiao_extras_hands_read_from_the_core_are_the_hands() -> None:
    table = RandomTable("guobiao-extras")
    assert table._lean_asks or not core_available()
    won = 0
    for k in range(200 if core_available() else 3):
        kw: dict[str, Any] = {"seed": 8, "salt": k, "hand_number": k, "dealer": k % 4,
                              "agent_seeds": [s + 16 * k for s in range(4)]}
        got = table.outcome(**kw)
        want = outcome_of(table.hand(**kw))
        assert (got.net, got.self_drawn, sorted(got.items)) == (want.net, want.self_drawn, sorted(want.items)), k
        won += len(got.self_drawn)
    assert won or not core_available()
