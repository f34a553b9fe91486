"""The compiled hand core decides Guobiao's wins itself in self-play (the 8-fan minimum): the scoring record is
built in C from the core's own state and scored by the Guobiao kernel without the GIL.  Its decisions must be
the rule layer's: the kernel entry against ``_gb_score`` on the committed corpus of 2,000 hands of every form,
and the core's decision against the rule layer's at every complete hand of many seeded self-play hands.

On the pure-Python backend there is no compiled core: the self-play loop runs on the Python engine, which
decides every win through the rule layer (checked here too).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from mahjong import _core as _compiled
from mahjong.framework import ScoreResult
from mahjong.game.core import CoreHand, RandomTable, core_available, facts_from_core, guobiao_in_c
from mahjong.game.engine import record_of
from mahjong.game.state import HandState
from mahjong.hand import parse_hand
from mahjong.rulesets.guobiao import Guobiao, GuobiaoConfig, GuobiaoContext
from mahjong.rulesets.guobiao import ruleset as R
from mahjong.rulesets.guobiao.kernel_table import option_bits

CORPUS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "guobiao", "gb_corpus.tsv")
CONTEXT_FIELDS = ("winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "last_tile", "last_wall_tile",
                  "kong_replacement", "robbing_kong")
OPTION_SETS = [GuobiaoConfig(), GuobiaoConfig(melded_and_concealed_kong=False, kongs_count_concealed_kongs=True,
                                              four_concealed_pungs_fully_concealed=True,
                                              all_terminals_pairs_no_tile_hog=True, terminal_chows_kept=True)]


def _flag(v: str) -> bool:
    return v == "1"


#: how each non-flag context field of the corpus is written (its flags are 0 / 1)
_READ: dict[str, Any] = {"discarder": lambda v: None if v == "-" else int(v), "winner": int, "dealer": int,
                         "seat_wind": int, "prevalent_wind": int}


def _corpus() -> list[tuple[str, GuobiaoContext]]:
    out = []
    with open(CORPUS_FILE, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            text, ctx = line.split("\t")[:2]
            values = dict(zip(CONTEXT_FIELDS, ctx.split(",")))
            out.append((text, GuobiaoContext(**{name: _READ.get(name, _flag)(v) for name, v in values.items()})))
    return out


def _items(fans: list[int]) -> tuple[Any, ...]:
    """The ScoreItems of a fan vector, in the kernel's table order (flowers last, as a result lists them)."""
    flower = R.F.FLOWER_TILES
    body = tuple(R._item(i, c) for i, c in enumerate(fans) if c and i != flower)
    return body + ((R._item(flower, fans[flower]),) if fans[flower] else ())


@pytest.mark.parametrize("config", OPTION_SETS, ids=["default", "seed-options"])
def test_core_decision_is_the_kernels_on_the_corpus(config: GuobiaoConfig) -> None:
    """_gb_decide (readings enumerated without the GIL) gives _gb_score's fan vector, or its refusal, on every
    corpus hand: seven pairs, 十三幺, 全不靠, 组合龙, 九莲宝灯 and every regular reading."""
    g, bits = Guobiao(config), option_bits(config)
    core: Any = _compiled  # (the compiled module, on either backend; its Guobiao kernel entries are private)
    scored = 0
    for text, ctx in _corpus():
        h = parse_hand(text)
        rec = R._record(h, g._win_state(h, ctx))
        status, fans = core._core_gb_decide(rec, bits)
        ref = core._gb_score(rec, bits)
        if ref is None:
            assert status == 1, text
        else:
            assert (status, fans) == (0, ref[0]), text
            scored += 1
    assert scored > 1900  # (the corpus is of winning hands)


class _Checked(CoreHand):
    """A self-play hand whose wins the rule layer decides (through the typed events and the hand state),
    checking at each what the core derives itself: its win facts, and (Guobiao) its own decision."""

    seen: list[tuple[bool, bool]]
    asked = 0

    def _score_win(self, seat: int, tile: int, from_seat: int | None, robbing: bool,
                   state: HandState | None = None) -> ScoreResult | None:
        st = self.state if state is None else state  # (the snapshot of the core's state the question is asked on)
        assert st.hands == self.state.hands and st.melds == self.state.melds  # (the snapshot is the fold's state)
        f = st.win_facts(seat, tile, from_seat, robbing)
        assert self.core.query_facts() == (f.last_tile, f.last_wall_tile, f.kong_replacement, f.robbing_kong,
                                           f.after_kong_discard, f.heavenly, f.earthly, f.human, f.first_round,
                                           from_seat is None and st.bonus_after_kong[seat])
        decide = guobiao_in_c(self.flow)
        preview = self.core.preview_guobiao(*decide) if decide is not None else None
        result = super()._score_win(seat, tile, from_seat, robbing, state)
        if decide is not None and preview is None:
            # the core asks the rule layer only about a win with a fact or a fan it was told to ask about
            opts, min_fan, ask_facts, ask_fans = decide
            facts = sum(1 << i for i, on in enumerate(self.core.query_facts()) if on)
            if not facts & ask_facts:
                unasked = self.core.preview_guobiao(opts, min_fan, ask_facts, 0)
                assert unasked is not None, (seat, tile, from_seat, robbing)
                assert any(n and ask_fans >> j & 1 for j, n in enumerate(unasked[2]))
            self.asked += 1
        elif decide is not None:
            assert preview is not None, (seat, tile, from_seat, robbing)  # (the core decides every one itself)
            ok, total, fans = preview
            assert ok == (result is not None)
            if result is not None:
                assert total == result.total
                assert _items(fans) == result.items
        self.seen.append((result is not None, from_seat is None))
        return result


def _on_the_engine(table: RandomTable) -> bool:
    """The pure-Python backend: no compiled core, so the table plays on the engine, deciding nothing in C."""
    if core_available():
        return False
    assert table.params is None and table.decide is None and not table.facts_from_core
    return True


@pytest.mark.parametrize(("rules", "hands"), [("guobiao", 1200), ("guobiao-extras", 600), ("common", 400)])
def test_core_decides_every_win_as_the_rule_layer_does(rules: str, hands: int) -> None:
    table = RandomTable(rules)
    if _on_the_engine(table):
        return
    seen: list[tuple[bool, bool]] = []
    for k in range(hands):
        hand = _Checked(table.flow, table.params or (), seed=11, salt=k, rules=rules)
        hand.seen = seen
        hand.play_random([k * 4 + s for s in range(4)], decide_in_c=False)
    assert len(seen) > 30
    assert {ok for ok, _ in seen} == {True, False} or not rules.startswith("guobiao")  # (wins, and under 8 fan)
    assert {drawn for _, drawn in seen} == {True, False}


@pytest.mark.parametrize(("rules", "options"), [("guobiao", {}), ("guobiao-extras", {}), ("common", {}),
                                                ("common", {"flowers": True}), ("wuhu-2468", {})])
def test_self_play_from_the_core_plays_the_rule_layers_hands(rules: str, options: dict[str, Any]) -> None:
    """The same seeded hands with the wins decided and settled from the core, and through the typed events and
    the rule layer: the same wins, settlement lines, results, events and nets; the record made from the core
    is the fold's."""
    table = RandomTable(rules, options)
    if _on_the_engine(table):
        return
    assert table.facts_from_core
    if rules == "guobiao":
        assert table.decide == (option_bits(GuobiaoConfig()), 8, 0, 0)
    wins = 0
    for k in range(150):
        seeds = [k * 4 + s for s in range(4)]
        fast = CoreHand(table.flow, table.params or (), seed=3, salt=k, rules=rules, options=options, table=table)
        slow = CoreHand(table.flow, table.params or (), seed=3, salt=k, rules=rules, options=options)
        fast.play_random(seeds)
        slow.play_random(seeds, decide_in_c=False)
        assert fast.wins_made() == slow.wins_made()  # (read first: before the fast hand's events are built)
        assert fast.settlement is not None and slow.settlement is not None
        assert fast.settlement.lines == slow.settlement.lines
        assert [r.items for r in fast.settlement.results] == [r.items for r in slow.settlement.results]
        if fast.wins_made():
            wins += 1
            assert fast.fast_record == record_of(fast)  # (the record from the core is the fold's)
        assert fast.events == slow.events
        assert fast.net == slow.net
    assert wins > 0


def test_only_guobiao_is_decided_in_c_the_extras_asked_of_the_rule_layer() -> None:
    from mahjong.game.engine import make_flow
    from mahjong.rulesets.guobiao.fans import BIG_FOUR_WINDS

    # 天和, 地和 (on the first draw) and 人和 (GameCore.win_facts' places 5, 6, 7), and 大四喜 (四方大发's base);
    # nothing without the compiled kernel's one-call path (the pure-Python backend)
    asked = (option_bits(GuobiaoConfig()), 8, 32 | 64 | 128, 1 << BIG_FOUR_WINDS)
    assert guobiao_in_c(make_flow("guobiao-extras")) == (None if R._FAST is None else asked)
    assert guobiao_in_c(make_flow("sichuan")) is None
    assert guobiao_in_c(make_flow("common")) is None
    decide = RandomTable("guobiao").decide
    assert (decide is not None) == core_available()
    # the flows whose facts are not all the core's: Sichuan's money during play and 定缺, a rule file's wildcards
    # (the extras' 天和 / 地和 / 人和 are the core's: GameCore.win_facts)
    assert facts_from_core(make_flow("guobiao-extras")) == core_available()
    assert not facts_from_core(make_flow("sichuan")) and not facts_from_core(make_flow("hongzhong"))
    assert RandomTable("common").facts_from_core == core_available()


@pytest.mark.parametrize(("deal", "extra"), [("123m456m234p678s55p", "heavenly_hand"),
                                             ("111z222z333z444z66z", "big_four_winds_and_green_pair")])
def test_the_core_asks_the_rule_layer_about_the_extras_hands(deal: str, extra: str) -> None:
    """With the extras the core decides the minimum itself except where an extra hand may count: the dealer's
    heavenly win (under 8 fan without 天和: the core alone would refuse it) and 大四喜 with a pair of 发 (四方大发,
    which takes the place of fans the kernel counts) are asked of the rule layer, whose answer stands."""
    from game_support import make_wall

    from mahjong.game.core import CS_SCORE, _GameCore, score_from_core

    table = RandomTable("guobiao-extras")
    if _on_the_engine(table):
        pytest.skip("the compiled hand core's own decisions (the Python engine asks the rule layer about every win)")
    assert table.decide is not None
    opts, min_fan, ask_facts, ask_fans = table.decide
    core = _GameCore(table.params, 0, 0, 0, 0, bytes(make_wall("guobiao-extras", {0: deal})))
    core.decide_guobiao(*table.decide)
    assert core.advance() == CS_SCORE  # (asked: the dealer's 14 tiles win on the deal)
    seat, tile, frm, _ = core.query
    assert (seat, frm) == (0, -1) and core.query_facts()[5]  # (天和)
    alone = core.preview_guobiao(opts, min_fan)  # (what the core would say not asking)
    result = score_from_core(core, table.flow, 0, 0, seat, tile, None, HandState())
    assert result is not None and result.valid and extra in [it.key for it in result.items]
    assert alone is not None and (not alone[0] or alone[1] < result.total)
    if extra == "big_four_winds_and_green_pair":  # (asked for its fans too, whatever the facts)
        assert core.preview_guobiao(opts, min_fan, 0, ask_fans) is None
        assert core.preview_guobiao(opts, min_fan, 0, 0) is not None


def test_decide_guobiao_refuses_what_it_cannot_hold() -> None:
    table = RandomTable("guobiao")
    if _on_the_engine(table):
        pytest.skip("the compiled hand core's arguments")
    from mahjong.game.core import _GameCore

    core = _GameCore(table.params, 0, 0, 0, 0, None)
    for bad in [(-1, 8), (1, -1), (1, 8, -1), (1, 8, 1 << 10), (1, 8, 0, -1), (1, 8, 0, 1 << 83), (1, 8, 0, 1.0),
                (1, 8, 0, True)]:
        with pytest.raises((ValueError, TypeError)):
            core.decide_guobiao(*bad)
    core.decide_guobiao(1, 8, (1 << 10) - 1, (1 << 83) - 1)  # (every fact, every fan: all asked)
