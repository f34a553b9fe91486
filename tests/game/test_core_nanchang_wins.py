"""Nanchang's won self-play hands scored from the bare core (RandomTable.outcome): the flow reads a win's 精 facts
(the indicator, the 精 every seat holds, the 精杠) from the core (NanchangFlow.record_facts_from_core) instead of
the hand state, the rule set scores the win, and the hand is settled by its wins alone (the rule set's
won_hands_settle_by_wins: no kong money).  Checked against the twin — the hand played again on the hand state and
settled by the rule set from its record — hand by hand, under the options that change the win's payments, and the
facts against record_facts at every win the core asks about; and the step API's won hands, settled with the scores
made when their wins were offered, against the rule set's settle of their records."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.game.core import CoreHand, RandomTable, core_available, own_facts_from_core
from mahjong.game.outcome import outcome_of

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled core with its Python twin")


def _seeds(k: int) -> dict[str, Any]:
    return {"seed": k, "salt": k, "agent_seeds": [k * 4 + s for s in range(4)]}


OPTIONS = (
    {},
    {"pinghu_with_jing_ron_allowed": True, "discarded_jing_is_wildcard": True, "jing_diao_bonus": 5,
     "deguo_bonus_payers": "all"},
    {"heavenly_earthly_multiplies": True, "dealer_doubling": "winner_or_discarder", "max_points": 30,
     "robbing_kong_konger_pays_all": True, "discard_payment": "discarder_only", "bawang_multiplier": 3},
)


@pytest.mark.parametrize("options", OPTIONS)
def test_won_hands_are_scored_from_the_core_as_the_rule_set_settles_them(options: dict[str, Any]) -> None:
    table = RandomTable("nanchang", options)
    assert table._lean_asks
    hand = table.hand
    played_again: list[int] = []

    def again(**kwargs: Any) -> Any:
        played_again.append(kwargs["seed"])
        return hand(**kwargs)

    won = 0
    for k in range(200):
        table.hand = again  # type: ignore[method-assign]
        try:
            got = table.outcome(**_seeds(k))
        finally:
            del table.hand
        twin = table.hand(**_seeds(k))
        settlement = twin.settlement
        assert settlement is not None
        assert got == outcome_of(twin) and got.net == tuple(settlement.net), (options, k)
        if got.self_drawn:
            won += 1
            assert k not in played_again, k  # (scored from the core: not played again)
    assert won >= 20, won


def test_the_facts_read_from_the_core_are_the_hand_states() -> None:
    table = RandomTable("nanchang")
    asked = 0

    def score_win(self: CoreHand, seat: int, tile: int, frm: int | None, robbing: bool, st: Any) -> Any:
        nonlocal asked
        asked += 1
        assert self.flow.record_facts_from_core(self.core, seat, tile, frm) == self.flow.record_facts(
            st, seat, tile, frm)
        return original(self, seat, tile, frm, robbing, st)

    original = CoreHand._score_win
    CoreHand._score_win = score_win  # type: ignore[method-assign]
    try:
        for k in range(60):  # (the rule layer asked about each win: the compiled book decides them in play)
            hand = CoreHand(table.flow, table.params, seed=k, salt=k, dealer=0, rules="nanchang", table=table)
            hand.play_random([k * 4 + s for s in range(4)], decide_in_c=False)
    finally:
        CoreHand._score_win = original  # type: ignore[method-assign]
    assert asked >= 30, asked


def test_kong_money_or_a_settlement_of_its_own_plays_the_won_hand_again() -> None:
    from mahjong.rulesets.nanchang import Nanchang

    assert own_facts_from_core(RandomTable("nanchang").flow)
    for kongs in ("two_per_kong", "concealed_two_others_one"):
        table = RandomTable("nanchang", {"kong_payments": kongs})
        assert not table.flow.ruleset.won_hands_settle_by_wins() and not table._lean_asks

    class Settles(Nanchang):
        def settle(self, record: Any) -> Any:
            return super().settle(record)

    assert Nanchang().won_hands_settle_by_wins() and not Settles().won_hands_settle_by_wins()
    assert not own_facts_from_core(RandomTable("sichuan").flow)  # (a flow without facts of its own)


def test_a_won_hand_is_settled_with_the_scores_made_when_its_win_was_offered() -> None:
    # (the game scored the win when it was offered: the settlement takes that score instead of scoring it again,
    # and is what the rule set's own settle makes of the hand's record, scoring it anew)
    from mahjong.game import Game
    from mahjong.game.engine import record_of

    won = 0
    for options in OPTIONS[:2]:
        for salt in range(40):
            game = Game("nanchang", seed=5, salt=salt, options=options)
            while not game.done:
                for seat in game.pending:
                    game.act(seat, game.legal_actions(seat)[0])
            settlement = game.settlement
            assert settlement is not None
            record = record_of(game)
            won += bool(record.wins)
            assert settlement == game.ruleset.settle(record), (options, salt)
    assert won >= 10, won
