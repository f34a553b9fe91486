"""Every win fact a flow reads from the hand state is derivable from the compiled core's state:
``GameCore.flow_facts`` (engine.pxi ``core_flow_facts``, nogil) against each flow's ``record_facts`` /
``check_facts`` on the Python fold (``HandState``), at every win offered in seeded hands of every flow that has
facts of its own: the wildcards and the indicator (南昌 精, 玉环 财神, 翻鬼), the wildcards held and konged per seat
(南昌 精 正 / 副, 精杠), bonus tiles per seat (玉环 杠花), the tiles left before the wall's end (玉环 承包), 拉杠 on a
discard, a win on a held bonus tile (金山 百搭), 报听 (and 扣听: with the first discard), 海底捞月, the birds and
the seats they fall on, the seats already won, a false win and 杠上开花 lost after a flower (Botzone).  A fact not
listed here fails the test: a new one needs its place in C first.

Each loser's own total (玉环 ``loser_totals``) is the rule set's scoring of the losers' hands, not a fact of the
state: it stays a question for the rule set (a compiled rule-book evaluator answers it where there is one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mahjong.game import Game, GreedyAgent, RandomAgent
from mahjong.game.core import CoreGame, core_available

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled core with its twin")

Facts = dict[str, Any]
Check = Callable[[Facts, Any, int, int, "int | None"], Any]

#: each fact a flow's record_facts / check_facts may give -> what it is in the core's facts
FACTS: dict[str, Check] = {
    "indicator": lambda f, flow, seat, tile, frm: f["indicator"],
    "caishen": lambda f, flow, seat, tile, frm: f["indicator"],
    "jing_held": lambda f, flow, seat, tile, frm: f["wild_held"],
    "jing_kongs": lambda f, flow, seat, tile, frm: f["wild_kongs"],
    "gang_hua": lambda f, flow, seat, tile, frm: f["bonus"][seat],
    "chengbao": lambda f, flow, seat, tile, frm: frm is not None and f["tiles_to_end"] <= flow.options.chengbao_tiles,
    "lagang_discard": lambda f, flow, seat, tile, frm: f["lagang"],
    "wildcard_win": lambda f, flow, seat, tile, frm: f["wildcard_win"],
    "declared_ready": lambda f, flow, seat, tile, frm: f["declared_ready"],
    "haidi": lambda f, flow, seat, tile, frm: f["haidi"],
    "birds": lambda f, flow, seat, tile, frm: f["birds"],
    "bird_seats": lambda f, flow, seat, tile, frm: f["bird_seats"],
    "already_won": lambda f, flow, seat, tile, frm: f["already_won"],
    "human": lambda f, flow, seat, tile, frm: True,  # (set only when true: GameCore.win_facts' 人和)
    # (set only when the flow's judge loses 杠上开花 after a bonus replacement: then False)
    "kong_replacement": lambda f, flow, seat, tile, frm: not f["bonus_after_kong"],
}
#: the rule set's own questions, not facts of the state (see the module docstring)
RULE_SET_QUESTIONS = {"loser_totals"}

FLOWS: list[tuple[str, dict[str, Any]]] = [
    ("nanchang", {}), ("yuhuan", {}), ("jinshan", {}), ("twoplayer", {}), ("hongzhong", {"discard_wins": True}),
    ("changsha", {}), ("guangdong-fangui", {}), ("sichuan", {}), ("guobiao", {"botzone": True}),
    ("guobiao-extras", {}), ("common", {"declare_ready": True}),
]


def _compare(game: CoreGame, seat: int) -> int:
    """The core's facts against the flow's for the win on offer to ``seat`` now; 1 when one was compared."""
    from mahjong.game.actions import WIN

    if WIN not in game.core.legal(seat):
        return 0
    st, flow = game.state, game.flow
    phase = st.phase
    if phase == "claim":
        assert st.last_discard is not None
        frm, tile, robbing = st.last_discard[0], st.last_discard[1], False
    elif phase == "rob":
        assert st.pending_kong is not None
        frm, tile, robbing = st.pending_kong[0], st.pending_kong[1], True
    else:
        assert st.last_draw is not None
        frm, tile, robbing = None, st.last_draw[1], False
    st.robbing = robbing
    want: dict[str, Any] = dict(flow.record_facts(st, seat, tile, frm))
    want.update(flow.check_facts(st, seat))
    got = game.core.flow_facts(seat, tile, -1 if frm is None else frm, robbing)
    for name, value in want.items():
        if name in RULE_SET_QUESTIONS:
            continue
        assert name in FACTS, f"{flow} reads a fact the core does not give: {name}"
        expect = sorted(value) if isinstance(value, (frozenset, set)) else value
        assert FACTS[name](got, flow, seat, tile, frm) == expect, (name, seat, tile, frm, got)
    result = game.win_score(seat, tile)
    assert got["false_win"] == (result is not None and not result.valid)
    assert got["ready_from_start"] == st.ready_from_start[seat]  # (the engine's 扣听)
    wild = sum(1 << t for t in flow.wild_kinds(st))
    assert got["wildcards"] == wild and got["indicator"] == st.indicator
    return 1


@pytest.mark.parametrize(("rules", "options"), FLOWS)
def test_the_cores_win_facts_are_the_flows(rules: str, options: dict[str, Any]) -> None:
    compared = 0
    for salt in range(6):
        game = Game(rules, seed=13, salt=salt, options=options)
        assert isinstance(game, CoreGame)
        agents = {s: (GreedyAgent if s % 2 else RandomAgent)(salt * 4 + s) for s in game.flow.seats}
        while not game.done:
            for seat in game.pending:
                compared += _compare(game, seat)
                game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
    assert compared >= 3, compared


def test_birds_and_horses_are_the_flows() -> None:
    """The birds turned up for a win (GameCore.flow_facts) and the horses after the hand's wins
    (GameCore.horses) are what the rule file's flow turns up from the same wall."""
    checked = 0
    for rules in ("guangdong", "guangdong-fangui", "changsha", "hongzhong"):
        for salt in range(12):
            game = Game(rules, seed=3, salt=salt)
            agents = {s: GreedyAgent(salt * 4 + s) for s in game.flow.seats}
            while not game.done:
                for seat in game.pending:
                    game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
            horses = [(e.seat, bytes(e.tiles), e.hits) for e in game.events if type(e).__name__ == "HorsesTurned"]
            assert game.core.horses() == horses
            checked += bool(horses)
    assert checked >= 5
