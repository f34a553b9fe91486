"""The three games' special rules, played in the engine from their rule files: 长沙 起手小胡 and 将将胡 in any
shape, 红中麻将's four 红中, 广东推倒胡's 买马 and 四鬼胡牌.  No source gives a worked example with points for
these; each test is written from the rule text the file quotes (and cites) for the row.

Every hand here is dealt from an explicit wall: the dealer's 14 tiles first, then the others' 13 in turn order,
then the live wall (drawn from the front; birds and horses are its next tiles)."""

from __future__ import annotations

import importlib.util
from collections import Counter
from typing import Any

import pytest

from mahjong.framework import get_ruleset
from mahjong.tiles import parse_tiles

pytestmark = pytest.mark.skipif(importlib.util.find_spec("mahjong.game") is None,
                                reason="the engine is not part of this build")


def wall_of(rules: str, dealt: list[str], live: str = "") -> list[int]:
    """A full wall for ``rules``: the four dealt hands (dealer first), then ``live``, then the rest of the set in
    tile order."""
    from mahjong.game.engine import make_flow

    left = Counter(make_flow(rules).tiles())
    front: list[int] = []
    assert [len(parse_tiles(h)) for h in dealt] == [14, 13, 13, 13][:len(dealt)], dealt
    for part in [*dealt, live]:
        for t in parse_tiles(part) if part else []:
            assert left[t] > 0, (part, t)
            left[t] -= 1
            front.append(t)
    return front + sorted(left.elements())


def play(rules: str, dealt: list[str], live: str = "", options: dict[str, Any] | None = None,
         agent: str = "first") -> Any:
    from mahjong.game import Game
    from mahjong.game.agents import make_agent
    from mahjong.game.play import play_hand

    g = Game(rules, wall=wall_of(rules, dealt, live), options=options, engine="python")
    play_hand(g, {s: make_agent(agent, s) for s in g.flow.seats})
    return g


def special(g: Any) -> list[Any]:
    return [ev for ev in g.events if ev.type in ("opening", "instant_win", "horses")]


def net_of_paid(g: Any) -> list[int]:
    net = [0, 0, 0, 0]
    for ev in g.events:
        if ev.type == "paid":
            net[ev.payer] -= ev.amount
            net[ev.payee] += ev.amount
    return net


def lines(g: Any, prefix: str) -> dict[tuple[int, int], int]:
    out: Counter[tuple[int, int]] = Counter()
    for p in g.settlement.lines:
        if p.reason.startswith(prefix):
            out[(p.payer, p.payee)] += p.amount
    return dict(out)


def check_folded(g: Any) -> None:
    """The hand's net is the sum of its Paid events, zero-sum, and the settlement's."""
    assert g.done and sum(g.settlement.net) == 0
    assert tuple(net_of_paid(g)) == tuple(g.settlement.net) == g.events[-1].net


# --- 长沙麻将 起手小胡 ---------------------------------------------------------------------------------------------

#: dealer: 1111m (大四喜) and no 条 (缺一色); seat 1: no 2/5/8 (板板胡); seat 2: 333p 666p (六六顺); seat 3: nothing
CHANGSHA_DEALT = [
    "1111m3m4m6m7m9m1p3p4p6p7p",  # 14: a quad, no s tiles, 2/5/8: none either -> 大四喜, 缺一色, 板板胡
    "3m4m6m7m9m1p4p7p9p1s3s4s6s",  # 13: no 2, 5 or 8 (板板胡)
    "333p666p2m5m8m2s5s8s2p",      # 13: two triplets (六六顺)
    "2m5m8m2p5p8p2s5s8s2m5m8p7s",  # 13: nothing
]


def test_changsha_opening_declarations_and_their_payments() -> None:
    g = play("changsha", CHANGSHA_DEALT)
    opening = [(ev.seat, ev.key, ev.times) for ev in special(g) if ev.type == "opening"]
    assert opening == [(0, "opening_four_of_a_kind", 1), (0, "opening_no_258", 1), (0, "opening_missing_suit", 1),
                       (1, "opening_no_258", 1), (2, "opening_two_triplets", 1)]
    # each declaration is a 小胡 self-draw: 2 from each other player, 1 more to or from the dealer (seat 0)
    paid = lines(g, "opening.")
    assert paid[(1, 0)] == paid[(2, 0)] == paid[(3, 0)] == 3 * (2 + 1)
    assert paid[(0, 1)] == 2 + 1 and paid[(2, 1)] == paid[(3, 1)] == 2
    assert paid[(0, 2)] == 2 + 1 and paid[(1, 2)] == paid[(3, 2)] == 2
    assert sum(lines(g, "opening.").values()) == 9 * 3 + 7 + 7
    check_folded(g)
    # the opening payments come on top of the hand's wins: the net is the two added up
    net = [0, 0, 0, 0]
    for (payer, payee), amount in (*lines(g, "opening.").items(), *lines(g, "win").items()):
        net[payer] -= amount
        net[payee] += amount
    assert tuple(net) == g.settlement.net


def test_changsha_opening_wins_switch_off() -> None:
    g = play("changsha", CHANGSHA_DEALT, options={"opening_wins": False})
    assert not [ev for ev in special(g) if ev.type == "opening"]
    check_folded(g)


def test_changsha_two_quads_count_twice() -> None:
    from mahjong.rulebook.special import holding_env

    counts = [0] * 34
    for t in parse_tiles("1111m2222p3s4s5s6s7s8s"):
        counts[t] += 1
    names, funcs = holding_env(counts)
    assert names["quads"] == 2 and names["triplets"] == 0 and names["suits_missing"] == 0
    assert names["tiles_258"] == 4 + 2 and funcs["ranks_held"](2, 5, 8) == 6
    assert funcs["count_of"]("1m") == 4 and funcs["kinds_at_least"](4) == 2


def test_changsha_all_258_in_any_shape_wins_on_the_draw() -> None:
    # the dealer's 14 are all 2, 5 and 8 but neither sets and a pair nor seven pairs: 将将胡 on the dealt tiles
    dealt = ["2m2m5m5m8m8m2p2p5p5p8p2s5s8s", "1m3m4m6m7m9m1p3p4p6p7p9p1s",
             "1m3m4m6m7m9m1p3p4p6p7p9p3s", "1m3m4m6m7m9m1p3p4p6p7p9p4s"]
    g = play("changsha", dealt, live="9s9s", options={"opening_wins": False})  # two birds: 9s 9s on the winner
    (ev,) = special(g)
    assert (ev.type, ev.seat, ev.key, ev.tile) == ("instant_win", 0, "all_258_any_shape", None)
    assert ev.bird_seats == (2, 0, 0, 0)
    assert not g.wins_made()  # not a sets-and-a-pair win: no Won event, no scored result
    # a big hand: 6 from each, the dealer 1 more (庄闲), and 6 more for each bird on the winner
    assert g.settlement.net == (3 * 19, -19, -19, -19)
    assert g.events[-1].next_dealer == 0  # the winner deals next
    check_folded(g)
    # 扎鸟 by seat: the two birds (3m, 7p) fall on the seat opposite the winner, which alone pays them
    g = play("changsha", dealt, live="3m7p", options={"opening_wins": False})
    assert special(g)[0].bird_seats == (0, 0, 2, 0)
    assert g.settlement.net == (7 + 19 + 7, -7, -19, -7)


def test_changsha_all_258_that_is_also_sets_is_scored_by_the_rows() -> None:
    from mahjong.rulebook.special import holding_env

    counts = [0] * 34
    for t in parse_tiles("222m555m888p22s555s"):
        counts[t] += 1
    names, funcs = holding_env(counts, complete=True)
    assert funcs["all_ranks_in"](2, 5, 8) and names["complete"]  # the instant row asks `not complete`
    r = get_ruleset("changsha").score("222m555m888p22s555s")
    assert {i.key for i in r.items} == {"all_258", "all_pungs"}


# --- 红中麻将: the four 红中 ------------------------------------------------------------------------------------

HZ_OTHERS = ["1m2m3m4m5m6m7m8m9m1p2p3p4p", "1s2s3s4s5s6s7s8s9s1p2p3p5p", "1m2m3m4m5m6m7m8m9m6p7p8p9p"]


def test_hongzhong_four_red_dragons_dealt_win_at_once() -> None:
    # the dealer is dealt the four 红中; the two birds are the next tiles of the wall: 5m hits, 2s does not
    g = play("hongzhong", ["CCCC1s1s4s6s7s9s2p5p8p6m", *HZ_OTHERS], live="5m2s")
    (ev,) = special(g)
    assert (ev.type, ev.seat, ev.key, ev.tile, ev.birds) == ("instant_win", 0, "four_red_dragons", None, 1)
    # paid as a self-drawn win: 2 from each other player, and 2 for the bird that hit
    assert g.settlement.net == (3 * (2 + 2), -4, -4, -4)
    check_folded(g)


def test_hongzhong_four_red_dragons_drawn_win_at_once() -> None:
    # seat 1 holds three 红中 and draws the fourth on its first draw (the dealer discards first)
    dealt = ["1s1s4s6s7s9s2p5p8p6m9m9p7s3s", "CCC1m2m3m4m5m6m7m8m9m1p", HZ_OTHERS[1], HZ_OTHERS[2]]
    g = play("hongzhong", dealt, live="C3s3s")
    inst = [ev for ev in special(g) if ev.type == "instant_win"]
    assert [(ev.seat, ev.tile, ev.birds) for ev in inst] == [(1, 31, 0)]  # the birds: 3s 3s, no hit
    assert g.settlement.net == (-2, 6, -2, -2)
    check_folded(g)


def test_hongzhong_four_red_dragons_can_be_switched_off() -> None:
    g = play("hongzhong", ["CCCC1s1s4s6s7s9s2p5p8p6m", *HZ_OTHERS], live="5m2s",
             options={"four_red_dragons": False})
    assert not special(g)
    check_folded(g)


# --- 广东推倒胡: 买马 and 四鬼胡牌 ------------------------------------------------------------------------------------

GD_OTHERS = ["1m2m3m4m5m6m7m8m9mEESS", "1p2p3p4p5p6p7p8p9pWWNN", "1s2s3s4s5s6s7s8s9sCCFF"]


def test_guangdong_horses_counted_from_the_dealer() -> None:
    # the dealer (seat 0) wins on its dealt tiles (天胡 8×, no ghost 2×: base 2 → 32 from each); the wall's next
    # four tiles are the horses (the winner holds no ghost: horses_without_ghosts = 4 here): 1m, 5p, E on the
    # dealer's position hit; 2s falls on the next seat
    g = play("guangdong", ["123m456m789p234s55s", *GD_OTHERS], live="1m5pE2s2m2m",
             options={"horses_without_ghosts": 4})
    (w,) = g.wins_made()
    (ev,) = special(g)
    assert (ev.type, ev.seat, ev.tiles, ev.hits) == ("horses", 0, tuple(parse_tiles("1m5pE2s")), 3)
    assert lines(g, "win") == {(1, 0): 32, (2, 0): 32, (3, 0): 32}
    assert lines(g, "horses") == {(1, 0): 3 * 2, (2, 0): 3 * 2, (3, 0): 3 * 2}  # the base, once per horse
    assert g.settlement.net == (3 * 38, -38, -38, -38)
    check_folded(g)


def test_guangdong_horses_follow_the_points_and_count_from_the_winner() -> None:
    g = play("guangdong", ["123m456m789p234s55s", *GD_OTHERS], live="1m5pE2s2m2m",
             options={"horses_without_ghosts": 4, "horse_follows_points": True, "horses_from": "winner"})
    (ev,) = special(g)
    assert ev.hits == 3  # the winner is the dealer: the same count
    assert lines(g, "horses") == {(1, 0): 3 * 32, (2, 0): 3 * 32, (3, 0): 3 * 32}
    check_folded(g)


def test_guangdong_without_horses() -> None:
    g = play("guangdong", ["123m456m789p234s55s", *GD_OTHERS], live="1m5pE2s",
             options={"horses": 0, "horses_without_ghosts": 0})
    (ev,) = special(g)
    assert ev.tiles == () and ev.hits == 0 and not lines(g, "horses")
    check_folded(g)


def test_guangdong_four_ghosts_before_the_first_discard_win() -> None:
    # 白板 are the ghosts: the dealer is dealt all four; it wins at once (the base from each), then four horses
    # (it holds ghosts: horses = 4): 9m and 中 on the dealer hit, 3p and 8s do not
    g = play("guangdong", ["PPPP1m4m7m2p5p8p3s6s9sN", *GD_OTHERS], live="9m3pC8s")
    inst, horses = special(g)
    assert (inst.type, inst.seat, inst.key) == ("instant_win", 0, "four_ghosts")
    assert (horses.type, horses.seat, horses.hits) == ("horses", 0, 2)
    assert lines(g, "instant_win.") == {(1, 0): 2, (2, 0): 2, (3, 0): 2}
    assert lines(g, "horses") == {(1, 0): 2 * 2, (2, 0): 2 * 2, (3, 0): 2 * 2}
    check_folded(g)


def test_guangdong_fangui_four_ghosts_follow_the_turned_tile() -> None:
    # 翻鬼: the last tile of the wall is turned up; the kind after it is the ghost (here 9m → 1m)
    from mahjong.game import Game
    from mahjong.game.agents import make_agent
    from mahjong.game.play import play_hand

    others = ["2m3m4m5m6m7m8mEESSWW", "1p2p3p4p6p7p8p9pWWNN2s", "1s3s4s5s6s7s8s9sCCFF3p"]
    wall = wall_of("guangdong-fangui", ["1m1m1m1m4m7m2p5p8p3s6s9sNP", *others], live="3pC8s")
    wall.remove(parse_tiles("9m")[0])
    wall.append(parse_tiles("9m")[0])  # the turned-up tile is the wall's last
    g = Game("guangdong-fangui", wall=wall, engine="python")
    play_hand(g, {s: make_agent("first", s) for s in g.flow.seats})
    inst = [ev for ev in special(g) if ev.type == "instant_win"]
    assert [(ev.seat, ev.key) for ev in inst] == [(0, "four_ghosts")]
    check_folded(g)


# --- the events in the log, and the simulations ------------------------------------------------------------------

def test_special_events_replay_from_the_log() -> None:
    from mahjong.game.log import dumps_log, read_log, replay

    for g in (play("changsha", CHANGSHA_DEALT),
              play("hongzhong", ["CCCC1s1s4s6s7s9s2p5p8p6m", *HZ_OTHERS], live="5m2s"),
              play("guangdong", ["123m456m789p234s55s", *GD_OTHERS], live="1m5pE2s2m2m"),
              play("hongzhong", ["1s1s4s6s7s9s2p5p8p6m9m9p7s3s", "CCC1m2m3m4m5m6m7m8m9m1p", *HZ_OTHERS[1:]],
                   live="C3s3s")):
        events = read_log(dumps_log(g.events))
        assert events == g.events
        again = replay(events)
        assert again.events == g.events and again.settlement.net == g.settlement.net


@pytest.mark.parametrize(("rules", "seed", "seen"), [("changsha", 7, {"opening"})])
def test_simulated_hands_settle_zero_sum(rules: str, seed: int, seen: set[str]) -> None:
    # a greedy hand, as `mahjong simulate --rules NAME --hands 1 --seed SEED` plays it (the thousand-hand runs are
    # the command's; the seed shows the event; the README's run shows 推倒胡's horses)
    from mahjong.game import Game
    from mahjong.game.agents import make_agent
    from mahjong.game.play import play_hand

    g = Game(rules, seed=seed, salt=0, hand_number=0, engine="python")
    play_hand(g, {s: make_agent("greedy", seed * 4 + s) for s in g.flow.seats})
    check_folded(g)
    # the nets are the wins' payments plus the special events' ones, nothing else
    assert all(p.reason.startswith(("win", "opening.", "instant_win.", "horses")) for p in g.settlement.lines)
    assert seen <= {ev.type for ev in special(g)}


def test_a_special_table_with_problems_names_the_line_and_key(tmp_path: Any) -> None:
    from mahjong.rulebook import RuleFileError, load_book

    text = """format = 1
name = "bad-special"
zh = "坏"
en = "Bad"
[[rows]]
key = "self_drawn"
value = 1
when = "self_drawn"
[[opening]]
key = "x"
when = "quads >= 1 and no_such_name"
value = 1
[horses]
count = 2
value = "share"
positions = ["159Q"]
from = "nowhere"
"""
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleFileError) as e:
        load_book(str(path))
    found = {(p.key, p.line) for p in e.value.problems}
    assert ("opening[0].when", 11) in found
    assert ("horses.positions[0]", 16) in found or ("horses.positions", 16) in found
    assert ("horses.from", 17) in found


def test_the_special_keys_are_in_the_shared_vocabulary() -> None:
    from mahjong.rulebook.rows import vocabulary_names

    for name in ("changsha", "hongzhong", "guangdong", "guangdong-fangui"):
        special_rules = get_ruleset(name).book.special
        for r in (*special_rules.opening, *special_rules.instant_wins):
            assert vocabulary_names(r.key) == (r.zh, r.en), (name, r.key)


def test_changsha_three_same_is_an_opening_choice() -> None:
    # seat 3 holds 22m 22p 22s: 三同 when the table plays it (off by default, as a later addition)
    dealt = [*CHANGSHA_DEALT[:3], "2m2m2p2p2s2s5m8m5p8p5s8s7s"]
    off = play("changsha", dealt)
    on = play("changsha", dealt, options={"opening_three_same": True})
    assert not [ev for ev in special(off) if ev.seat == 3]
    assert [(ev.seat, ev.key) for ev in special(on) if ev.seat == 3] == [(3, "opening_three_same")]
    assert lines(on, "opening.opening_three_same") == {(0, 3): 3, (1, 3): 2, (2, 3): 2}
    check_folded(on)


def test_guangdong_a_robbed_konger_pays_the_horses_for_all_three() -> None:
    # 抢杠胡 被抢者包三家: the konger's one line carries three shares, and so do its horses
    from types import SimpleNamespace

    from mahjong.game.engine import make_flow
    from mahjong.game.events import HorsesTurned
    from mahjong.settlement import HandRecord, Kong, Win

    flow = make_flow("guangdong")
    record = HandRecord("guangdong", (Kong(2, "added", 4, None), Win(0, "123m456m789p234s55s", discarder=2,
                                                                     robbing_kong=True)))
    settlement = flow.ruleset.settle(record)
    (line,) = [p for p in settlement.lines if p.reason == "win"]
    per = settlement.results[0].details["points_per_payer"]
    assert (line.payer, line.payee, line.amount) == (2, 0, 3 * per)
    state = SimpleNamespace(special=[HorsesTurned(0, (0, 4), 2)], dealer=0, seats=(0, 1, 2, 3))
    (horses,) = flow.extra_lines(state, settlement)
    assert (horses.payer, horses.payee, horses.amount) == (2, 0, 2 * 2 * 3)  # 2 hits × the base 2 × 3 payers


def test_changsha_two_triplets_as_the_help_text_shows_it() -> None:
    # the Changsha client's help text: 六六顺 = 任意两个三张同样的牌，比如三个 4 万、三个 5 条
    dealt = [CHANGSHA_DEALT[0], "444m555s1p7p9p1s2s8s9s", CHANGSHA_DEALT[2], "2m5m8m2p5p8p2s8s2m5m8p7s9s"]
    g = play("changsha", dealt)
    assert (1, "opening_two_triplets") in [(ev.seat, ev.key) for ev in special(g) if ev.type == "opening"]
    check_folded(g)
