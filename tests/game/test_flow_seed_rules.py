"""The seeds' play rules where the engine once departed from them: one scripted hand (or a few seeded ones) per
rule, citing the seed line or the spec section it follows, on both engines wherever both play the flow."""

from __future__ import annotations

from typing import Any

import pytest
from game_support import Scripted, events_of, run, tiles

from mahjong.game import Action, Game
from mahjong.game.events import Discarded, WildcardRevealed, Won

PASS = Action("pass")


class Never(Scripted):
    """Passes every claim and discards the tile just drawn: never wins (no forced win in these flows)."""


# --- Nanchang ------------------------------------------------------------------------------------------------------


def _drawn_nanchang(seed: int, **options: Any) -> Game:
    game = Game("nanchang", seed=seed, options=options)
    return run(game, {s: Never() for s in range(4)})


def test_nanchang_jing_held_are_settled_at_a_draw() -> None:
    # the nanchang-mahjong scoring guide: "Spirit tiles settle at the end of every hand — win, no-winner draw";
    # 《南昌麻将速成》 (seed 000) gives the points (正精 2, 副精 1 — nanchang.md §2c), 冲关 (n ≥ 5: n·(n−3)) and
    # 霸王精 (×2 when one player alone holds 精)
    checked = 0
    for seed in range(12):
        game = _drawn_nanchang(seed)
        st = game.state
        assert not st.won and game.settlement is not None
        (rev,) = events_of(game, WildcardRevealed)
        zheng, fu = rev.wildcards
        raw = []
        for s in range(4):
            tiles = st.concealed_tiles(s) + [t for m in st.melds[s] for t in m.tiles]
            raw.append(2 * tiles.count(zheng) + tiles.count(fu))
        points = [r * (r - 3) if r >= 5 else r for r in raw]
        holders = [s for s in range(4) if raw[s]]
        if len(holders) == 1:
            points[holders[0]] *= 2
        want = tuple(3 * points[s] - (sum(points) - points[s]) for s in range(4))
        assert game.settlement.net == want
        assert {p.reason for p in game.settlement.lines} <= {"jing"}
        checked += any(want)
        off = _drawn_nanchang(seed, jing_at_draw=False)
        assert off.settlement is not None and off.settlement.net == (0, 0, 0, 0)
    assert checked >= 6


def test_nanchang_draw_records_the_jing_held_and_settles_them_as_from_the_final_hands() -> None:
    # the wall's end records the indicator and each seat's (正精, 副精) and 精杠 as facts (as a win's record does),
    # not the final hands; a record that gives the final hands instead (a hand record written by hand) settles alike
    from mahjong.errors import ContextError
    from mahjong.game.engine import record_of
    from mahjong.settlement import Draw, HandRecord

    checked = 0
    for seed in range(6):
        game = _drawn_nanchang(seed)
        st = game.state
        record = record_of(game)
        (draw,) = [ev for ev in record.events if isinstance(ev, Draw)]
        zheng, fu = st.wildcards
        held = [[st.hands[s][zheng] + sum(m.tiles.count(zheng) for m in st.melds[s]),
                 st.hands[s][fu] + sum(m.tiles.count(fu) for m in st.melds[s])] for s in range(4)]
        assert not draw.hands and draw.facts["indicator"] == st.indicator and draw.facts["jing_held"] == held
        hands = {s: str(st.hand_of(s, None, game.flow.meld_offset)) for s in range(4)}
        by_hands = HandRecord("nanchang", (*record.events[:-1], Draw(hands, draw.ready_order,
                                                                     {"indicator": st.indicator})), record.options,
                              record.dealer, record.prevalent_wind)
        assert game.ruleset.settle(by_hands).net == game.settlement.net == game.ruleset.settle(record).net
        checked += any(game.settlement.net)
    assert checked >= 3
    for bad, words in (({"jing_held": [[0, 0]] * 3}, "each of the 4 seats"),
                       ({"jing_held": [[1, 0], [1, 0], [1, 0], [1, 0]]}, "only 3 正精"),
                       ({"jing_held": [[0, -1], [0, 0], [0, 0], [0, 0]]}, "non-negative"),
                       ({"jing_held": [[0, 3], [0, 0], [0, 0], [0, 0]], "jing_kongs": [0]}, "精杠"),
                       ({"jing_held": [[0, 0]] * 4, "jing_kongs": [7]}, "seats 0..3"),
                       ({"indicator": 40}, "playing tile")):
        facts = {"indicator": 4, **bad}
        with pytest.raises(ContextError, match=words):
            game.ruleset.settle(HandRecord("nanchang", (Draw({}, (), facts),)))


# --- the two-player game ---------------------------------------------------------------------------------------------


def test_twoplayer_ready_from_the_deal_comes_before_any_discard() -> None:
    # seed 000 (二人麻将 三、海底捞月): both ready when the 71 tiles are used up → "由先听牌的玩家进行海底捞月".
    # Seat 1's 13 dealt tiles are ready (on 9p); the dealer becomes ready only with its first discard (of 9s):
    # seat 1 was ready first and fishes the last tile
    from game_support import make_wall

    from mahjong.game.events import HaidiFished

    wall = make_wall("twoplayer", {0: "123m456m789m123s5p9s", 1: "123p456p789p111s9p"})
    game = run(Game("twoplayer", wall=wall, seed=4), {s: Never() for s in (0, 1)})
    st = game.state
    assert [d[0] for d in st.discards[0][:1]] == tiles("9s")
    (fished,) = events_of(game, HaidiFished)
    assert fished.seat == 1
    assert game.ready_order()[:2] == [1, 0]


# --- Sichuan (both engines: the compiled core plays it) -----------------------------------------------------------

ENGINES = ["python", "auto"]  # ("auto" is the compiled core where it is built; the Python engine otherwise)
NO_LACK = {"lack": False}


def _sichuan(wall: list[int], plans: dict[int, list[Any]], engine: str) -> tuple[Game, dict[int, Scripted]]:
    game = Game("sichuan", wall=wall, options=NO_LACK, engine=engine)
    agents = {s: Scripted(plans.get(s, [])) for s in range(4)}
    return run(game, agents), agents


@pytest.mark.parametrize("engine", ENGINES)
def test_sichuan_earthly_only_in_the_first_go_round(engine: str) -> None:
    # sichuan.md §2a: 地胡 is "a non-dealer wins on the first go-round" (the app's help tables): on the dealer's
    # first discard it is 地胡 (×32); on its second discard, after the turn came back to the dealer, a plain win
    from game_support import make_wall

    seven = tiles("7p")[0]
    deal = {0: "7p7p1s2s3s4s5s6s7s8s9s1s2s3s", 1: "123m456m789m1p1p5p6p"}
    for first_discard, earthly in ((True, True), (False, False)):
        wall = make_wall("sichuan", deal, draws=["9s", "9s", "9s", "4s"])
        plan0 = [Action("discard", seven)] if first_discard else [Action("discard", tiles("3s")[0]),
                                                                   Action("discard", seven)]
        game, _ = _sichuan(wall, {0: plan0, 1: [("claim", Action("win", seven))]}, engine)
        (won, *_rest) = events_of(game, Won)
        assert (won.seat, won.tile, won.from_seat) == (1, seven, 0)
        before = game.events[:game.events.index(won)]
        assert sum(isinstance(e, Discarded) and e.seat == 0 for e in before) == (1 if first_discard else 2)
        assert game.state.win_records[0].earthly is earthly
        assert game.settlement is not None
        assert (game.settlement.results[0].item("earthly_hand") is not None) is earthly


@pytest.mark.parametrize("engine", ENGINES)
def test_sichuan_forced_win_on_the_last_four_tiles_only(engine: str) -> None:
    # seed 000 (四川麻将 rule 4, 最后四张自动胡): "当牌墙只剩下最后4张的时候 … 叫牌正好是这4张中的任意一张
    # … 只能胡牌".  Seat 1 waits on 9p; seat 3 draws 9p as the fifth tile from the end and throws it: seat 1 may
    # pass; seat 0 draws the last 9p as the fourth from the end and throws it: seat 1 must win
    from game_support import make_wall

    nine = tiles("9p")[0]
    wall = make_wall("sichuan", {0: "1p1p5p5p", 1: "123m456m789m9p9p5p5p"})
    dealt = 14 + 13 * 3
    for k in (51, 52):  # the 51st and 52nd draws from the front (55 live after the deal)
        at = wall.index(nine, dealt)
        wall[at], wall[dealt + k - 1] = wall[dealt + k - 1], wall[at]
    game, agents = _sichuan(wall, {}, engine)
    offers = [legal for phase, legal in agents[1].asked if phase == "claim" and Action("win", nine) in legal]
    assert len(offers) == 2 and PASS in offers[0] and offers[1] == [Action("win", nine)]
    (won, *_rest) = events_of(game, Won)
    assert (won.seat, won.tile, won.from_seat) == (1, nine, 0)


# --- the common fan table ------------------------------------------------------------------------------------------

COMMON_DEAL = {0: "111s222s333s444s9s9s", 1: "123m456m789m1p1p5p6p"}  # the dealer throws 9s; seat 1 waits on 4p / 7p


@pytest.mark.parametrize("engine", ENGINES)
def test_common_earthly_is_a_win_on_the_dealers_first_discard(engine: str) -> None:
    # seed 000 (常用麻将算番规则表): "地胡 30 庄打一张非庄即胡" — on the dealer's first discard; a non-dealer's
    # self-draw on its first draw is not 地胡
    from game_support import make_wall

    seven = tiles("7p")[0]
    deal = {**COMMON_DEAL, 0: "111s222s333s444s7p9s"}  # (the dealer throws its 7p first)
    on_discard = Game("common", wall=make_wall("common", deal), engine=engine)
    run(on_discard, {0: Scripted([Action("discard", seven)]), 1: Scripted([("claim", Action("win", seven))]),
                     2: Scripted(), 3: Scripted()})
    (won,) = events_of(on_discard, Won)
    assert (won.seat, won.from_seat) == (1, 0) and on_discard.state.win_records[0].earthly
    assert on_discard.settlement is not None and on_discard.settlement.results[0].item("earthly_hand") is not None
    self_drawn = Game("common", wall=make_wall("common", COMMON_DEAL, draws=["7p"]), engine=engine)
    run(self_drawn, {0: Scripted(), 1: Scripted([("turn", Action("win", seven))]), 2: Scripted(), 3: Scripted()})
    (won,) = events_of(self_drawn, Won)
    assert (won.seat, won.from_seat) == (1, None) and not self_drawn.state.win_records[0].earthly
    assert self_drawn.settlement is not None and self_drawn.settlement.results[0].item("earthly_hand") is None


def test_common_kou_ting_with_the_declare_ready_option() -> None:
    # seed 000 (常用麻将算番规则表): "扣听 25 庄打一张报听，或庄打一张时非庄未胡报听，以后不能再换牌": seat 1 declares
    # ready (报听) with its first discard, in the first go-round, and wins later: 扣听; declared with its second
    # discard it is a plain 报听 win.  (The compiled core does not play 报听: the option plays on the Python engine.)
    from game_support import make_wall

    seven, nine = tiles("7p")[0], tiles("9s")[0]
    assert Action("ready", nine) not in Game("common", wall=make_wall("common", COMMON_DEAL)).legal_actions(0)
    for first, kou_ting in ((True, True), (False, False)):
        # draws in turn: seat 1, 2, 3, 0, 1, 2, 3, 0, 1, 2 — seat 1's are 9s, then 9s (or 9m), then 3m; seat 2's
        # second is 7p, which it throws
        wall = make_wall("common", COMMON_DEAL, draws=["9s", "8s", "7s", "1m", "9m" if first else "9s", "8m", "7s",
                                                       "2m", "3m", "7p"])
        plan: list[Any] = [Action("ready", nine)] if first else [Action("discard", nine), Action("ready", nine)]
        game = Game("common", wall=wall, options={"declare_ready": True})
        run(game, {0: Scripted(), 1: Scripted([*plan, Action("win", seven)]), 2: Scripted(), 3: Scripted()})
        (won,) = events_of(game, Won)
        assert won.seat == 1 and game.state.ready[1]
        assert game.state.win_records[0].flags.get("kou_ting", False) is kou_ting
        assert game.settlement is not None
        assert (game.settlement.results[0].item("kou_ting") is not None) is kou_ting


# --- Guobiao ---------------------------------------------------------------------------------------------------------


def test_guobiao_flowers_may_be_kept_then_replaced_or_discarded() -> None:
    # seed 003 (花牌): "花牌不需要当场补，可以留在手牌中，等需要的时候再去补，另外未补花的花牌是可以当做普通牌打出去的".
    # The dealer is dealt 春 (f1): by default it is replaced during the deal; with flowers_kept it stays, and on the
    # dealer's turn it may be set aside for a replacement (补花) or thrown like any tile (nobody claims it).
    # (The compiled core does not play kept flowers: the option plays on the Python engine.)
    from game_support import make_wall

    from mahjong.errors import RulesError
    from mahjong.game.events import BonusSetAside, Discarded, Drew
    from mahjong.game.log import replay

    opts = {"dice_break": False}
    wall = make_wall("guobiao", {0: "f1"}, back=["9s"], options=opts)
    at_once = Game("guobiao", wall=wall, options=opts)
    assert [(e.seat, e.tile) for e in events_of(at_once, BonusSetAside)] == [(0, 34)]
    kept = {**opts, "flowers_kept": True}
    for declare in (True, False):
        game = Game("guobiao", wall=wall, options=kept)
        assert not events_of(game, BonusSetAside) and game.state.hands[0][34] == 1
        legal = game.legal_actions(0)
        assert Action("flower", 34) in legal and Action("discard", 34) in legal
        if declare:
            game.act(0, Action("flower", 34))
            assert game.events[-2:] == [BonusSetAside(0, 34), Drew(0, tiles("9s")[0], True)]
            assert game.state.bonus[0] == [34] and game.pending == (0,)  # the turn goes on
            assert Action("flower", 34) not in game.legal_actions(0)
        else:
            game.act(0, Action("discard", 34))
            assert game.events[-2] == Discarded(0, 34) and game.state.bonus[0] == []
            assert isinstance(game.events[-1], Drew) and game.pending == (1,)  # nobody was asked about it
        run(game, {s: Scripted() for s in range(4)})
        assert replay(game.events).events == game.events
    with pytest.raises(RulesError, match="flowers_kept does not apply to the Botzone format"):
        Game("guobiao", options={"botzone": True, "flowers_kept": True})


@pytest.mark.parametrize("engine", ENGINES)
def test_guobiao_concealed_kongs_are_shown_when_the_hand_ends(engine: str) -> None:
    # seed 001 (国标麻将规则和图解, 计分方式 4): "暗杠时，4只牌牌面向下，不用给其他人看，唯在牌局完结后，不论有否和牌，
    # 都需打开供对手查阅" — face down while the hand is played, shown to everyone once it is over, won or not
    from game_support import make_wall

    from mahjong.game.events import HandEnded, KongsShown

    opts = {"dice_break": False, "flowers": False}
    east = tiles("E")[0]
    game = Game("guobiao", wall=make_wall("guobiao", {0: "EEEE"}, options=opts), options=opts, engine=engine)
    game.act(0, Action("concealed_kong", east))
    during = game.observe(1)
    assert during["melds"][0] == [{"kind": "concealed_kong", "tiles": [-1] * 4, "from_seat": None}]
    assert during["visible"][east] == 0
    run(game, {s: Scripted() for s in range(4)})
    assert game.events[-2:] == [KongsShown(0, (east,)), game.events[-1]] and isinstance(game.events[-1], HandEnded)
    after = game.observe(1)
    assert after["melds"][0] == [{"kind": "concealed_kong", "tiles": [east] * 4, "from_seat": None}]
    assert after["visible"][east] == 4
    assert game.observe(0)["melds"][0] == after["melds"][0]


# --- help and docs: every flow option says the source it follows ----------------------------------------------------


def test_every_flow_option_says_its_source() -> None:
    import json
    import subprocess
    import sys

    from mahjong import report
    from mahjong.framework import PRESETS, resolve_preset
    from mahjong.game.flows import FLOWS

    resolve_preset("guobiao")
    seen = 0
    for name in sorted(PRESETS):
        for o in report.flow_options(name):
            assert o["doc"] and o["source"], (name, o["name"])
            seen += 1
    assert seen >= 25 and {"penalties", "flowers_kept", "declare_ready", "lao_gui_ning"} <= {
        o["name"] for name in FLOWS for o in report.flow_options(name)}
    out = subprocess.run([sys.executable, "-m", "mahjong", "rules", "sichuan", "--json"], capture_output=True,
                         text=True, check=True).stdout
    lack = next(o for o in json.loads(out)["flow_options"] if o["name"] == "lack")
    assert lack["default"] is True and "定缺" in lack["doc"] and lack["source"]
    text = subprocess.run([sys.executable, "-m", "mahjong", "rules", "yuhuan", "--lang", "en"], capture_output=True,
                          text=True, check=True).stdout
    assert "how a hand is played" in text and "lao_gui_ning = true" in text and "source: 《玉环麻将算法》" in text
