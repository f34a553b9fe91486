"""The game's own win facts a rule book's fact may be (``[facts.NAME] from``: the indicator turned up, whether one
was, the bonus tiles the winner set aside, the discarder's exposed pung of the winning tile, a late discard) and
老鬼宁 (a seat that melded or discarded a wildcard forfeits its wins: the flow's ``wildcard_forfeits``), in the
hand core against their Python twins (``Flow.game_fact``, ``Flow.forfeited``), on Yuhuan, whose book reads them
all: the core then decides every win offered in C (:func:`book_in_c`).

* at every win offered and at every discard for every other seat, the facts the compiled book reads from the core
  (``GameCore.book_facts``) are the rule book's for the context the Python flow gives;
* seeded hands with the evaluator deciding every win equal, win by win, event by event and net by net, the same
  hands with the rule book deciding each win in Python, under every option that changes what is read;
* a rule file may name the game's facts, and a wrong one is refused when the file is read.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mahjong.errors import RulesError
from mahjong.game import Game, GreedyAgent, RandomAgent
from mahjong.game.core import CoreGame, RandomTable, _book_in_c, book_in_c, core_available
from mahjong.game.engine import make_flow
from mahjong.hand import parse_hand
from mahjong.rulebook.compiler import compiled, own_totals_plan
from mahjong.rulebook.spec import GAME_FACTS

needs_core = pytest.mark.skipif(not core_available(), reason="compares the compiled core with its twin")

#: the game's facts Yuhuan's book names, by the book's name
YUHUAN_FROM = {"caishen": "indicator", "caishen_in_play": "indicator_turned", "gang_hua": "bonus_set_aside",
               "lagang_discard": "discarder_pung", "chengbao": "late_discard", "loser_totals": "own_totals"}

#: options that change a fact read, a refusal, the forfeits or the readings
OPTIONS: list[dict[str, Any]] = [
    {},
    {"dice_break": False, "lao_gui_ning": False},
    {"chengbao_tiles": 60, "discarded_caishen_is_wildcard": True},
    {"caishen_may_be_flower_tile": True, "lazi_is_cap": True, "haidi_tai": 1, "loser_tai": False},
    {"wall_end_reserve": 0, "chengbao_tiles": 2, "max_tai": 2, "pinghu_pair_no_honor": True},
]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) or "default" for o in OPTIONS]


def test_every_game_fact_is_a_fact_source_of_the_core() -> None:
    from mahjong.rulebook.opcodes import FACT_SOURCES

    assert set(GAME_FACTS) <= set(FACT_SOURCES)
    book = make_flow("yuhuan").ruleset.book
    assert {n: meta["from"] for n, (_t, _d, meta) in book.facts.items() if "from" in meta} == YUHUAN_FROM


@needs_core
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_yuhuans_wins_are_decided_in_c(options: dict[str, Any]) -> None:
    flow = make_flow("yuhuan", options)
    hook = book_in_c(flow)
    assert hook is not None
    assert hook[3]  # (C settles the hand: the losers' own totals counted in C, the rows named by the wait C gives)
    cb = compiled(flow.ruleset)
    assert cb is not None
    read = {s.name: s.source for s in cb.facts if s.name in YUHUAN_FROM}
    assert read.items() <= YUHUAN_FROM.items() and len(read) >= 4, read  # (the 财神's kind: where a refusal reads it)
    # a flow whose indicator makes other kinds wild than the rule set's 财神 is decided by the rule book
    other = make_flow("yuhuan", options)
    assert other.indicator is not None
    rows = list(other.indicator.wildcards)
    rows[5] = (6,)
    other.indicator = dataclasses.replace(other.indicator, wildcards=tuple(rows))
    assert _book_in_c(other) is None


def _compare_facts(game: CoreGame, cb: Any, seat: int, tile: int, frm: int | None, robbing: bool) -> dict[str, Any]:
    """The compiled book's facts the core fills for this win against the rule book's from the Python flow's context
    (the game's facts only); the values compared, by name."""
    st = game.snapshot()
    st.robbing = robbing
    kw = game.context_kwargs(seat, tile, frm, robbing, st)
    ctx_cls = game.ruleset.Context
    known = {f for f in ctx_cls.__dataclass_fields__}
    ctx = ctx_cls(**{k: v for k, v in kw.items() if k in known and k != "loser_totals"})  # (the payment's alone)
    hand = parse_hand(str(st.hand_of(seat, tile, game.flow.meld_offset, frm is not None)), infer_win_tile=False)
    want = cb.fact_values(ctx, hand)
    got = game.core.book_facts(seat, tile, -1 if frm is None else frm, robbing)
    out = {}
    for i, slot in enumerate(cb.facts):
        if slot.name in YUHUAN_FROM and slot.source == YUHUAN_FROM[slot.name] and slot.kind != "per_seat":
            # (the losers' own totals: test_each_seats_own_total_in_c_is_the_rule_sets)
            assert got[i] == want[i], (slot, got[i], want[i], seat, tile, frm)
            out[slot.name] = got[i]
    return out


@needs_core
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_the_cores_game_facts_are_the_flows(options: dict[str, Any]) -> None:
    seen: dict[str, set[Any]] = {name: set() for name in YUHUAN_FROM}
    offers = forfeited = 0
    for salt in range(12):
        game = Game("yuhuan", seed=5, salt=salt, options=options)
        assert isinstance(game, CoreGame) and game._in_c
        cb = compiled(game.ruleset)
        # (greedy players pung and win early; random ones play the wall to its end: late discards)
        agents = {s: (RandomAgent if s == 3 or salt % 2 else GreedyAgent)(salt * 4 + s) for s in game.flow.seats}
        while not game.done:
            st = game.state
            if st.phase == "claim" and st.last_discard is not None:
                frm, tile = st.last_discard[0], st.last_discard[1]
                # the discard, and each tile the discarder holds an exposed pung of (拉杠 were it that discard)
                pungs = [m.tile for m in st.melds[frm] if m.kind == "pung"]
                for seat in game.flow.seats:
                    if seat != frm and seat in st.playing:
                        for t in {tile, *pungs}:
                            for k, v in _compare_facts(game, cb, seat, t, frm, False).items():
                                seen[k].add(v)
            elif st.phase == "rob" and st.pending_kong is not None:
                frm, tile = st.pending_kong
                for seat in game.pending:
                    _compare_facts(game, cb, seat, tile, frm, True)
            elif st.phase == "turn" and st.last_draw is not None and st.last_draw[0] == st.actor:
                for k, v in _compare_facts(game, cb, st.actor, st.last_draw[1], None, False).items():
                    seen[k].add(v)
            for seat in game.pending:
                legal = game.legal_actions(seat)
                offered = any(a.kind == "win" for a in legal)
                offers += offered
                if game.flow.forfeited(st, seat):  # (老鬼宁: the core offers no win, Flow.forfeited its twin)
                    forfeited += 1
                    assert not offered, (salt, seat)
                game.act(seat, agents[seat].choose(game, seat, legal))
    assert offers > 0 and forfeited > 0
    # each fact was seen both ways (a 拉杠 discard, a late one, 杠花 set aside, a 财神 of more than one kind ...)
    assert all(len(v) >= 2 for k, v in seen.items()
               if k not in ("caishen_in_play", "loser_totals") and (v or k != "caishen")), seen
    assert seen["caishen_in_play"] == {1}  # (Yuhuan turns one up every hand)


def _pairs(options: dict[str, Any], agent: str, salts: range) -> list[tuple[Any, Any]]:
    fast, ref = RandomTable("yuhuan", options, agent), RandomTable("yuhuan", options, agent)
    assert fast.book is not None
    ref.book = None  # (the rule book decides every win, from the Python flow's facts)
    out = []
    for k in salts:
        kw = {"seed": 37, "salt": k, "agent_seeds": [11 + s + 16 * k for s in range(4)]}
        out.append((fast.hand(**kw), ref.hand(**kw)))
    return out


@needs_core
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_hands_decided_in_c_are_the_rule_books(options: dict[str, Any]) -> None:
    won = 0
    for agent, salts in (("random", range(80)), ("greedy", range(40))):
        for i, (a, b) in enumerate(_pairs(options, agent, salts)):
            assert a.wins_made() == b.wins_made(), (agent, i)
            assert a.net == b.net, (agent, i)
            if i % 4 == 0:
                assert a.events == b.events, (agent, i)
                assert a.settlement == b.settlement, (agent, i)
            won += bool(a.wins_made())
    assert won >= 30, won


def test_a_rule_files_fact_names_the_games_fact_of_its_type(tmp_path: Any) -> None:
    from mahjong.rulebook.load import load_book

    base = """format = 1
name = "facts-from-test"
zh = "测试"
en = "test"

[scoring]
unit = "fan"

[facts.flowers_aside]
type = "{type}"
default = 0
from = "{source}"

[[rows]]
key = "aside"
zh = "花"
en = "Aside"
value = 1
count = "flowers_aside"
"""
    good = tmp_path / "good.toml"
    good.write_text(base.format(type="int", source="bonus_set_aside"), encoding="utf-8")
    book = load_book(str(good))
    assert book.facts["flowers_aside"][2]["from"] == "bonus_set_aside"
    for kind, source in (("bool", "bonus_set_aside"), ("int", "no_such_fact")):
        bad = tmp_path / f"bad-{kind}-{source}.toml"
        bad.write_text(base.format(type=kind, source=source).replace("default = 0", "default = false")
                       if kind == "bool" else base.format(type=kind, source=source), encoding="utf-8")
        with pytest.raises(RulesError, match="from"):
            load_book(str(bad))


#: options that change a loser's own total
OWN_OPTIONS: list[dict[str, Any]] = [
    {},
    {"loser_tai": False},
    {"loser_caishen_tai": True, "caishen_may_be_flower_tile": True},
    {"loser_round_up": False, "max_tai": 1, "max_hu": 60},
]


@needs_core
@pytest.mark.parametrize("options", OWN_OPTIONS, ids=[",".join(o) or "default" for o in OWN_OPTIONS])
def test_each_seats_own_total_in_c_is_the_rule_sets(options: dict[str, Any]) -> None:
    """The losers' own totals the core counts with the compiled book (core_own_totals, 输家互算) are the rule
    set's (Yuhuan.loser_total) for every seat at the end of seeded hands, random and greedy, and the record of a
    win decided in C (YuhuanFlow.record_facts_on_core) is the flow's record_facts."""
    from mahjong._core import core_own_totals

    table = RandomTable("yuhuan", options, "random")
    flow = table.flow
    compared = won = 0
    values: set[int] = set()
    for agent in ("random", "greedy"):
        table = RandomTable("yuhuan", options, agent)
        for k in range(60):
            hand = table.hand(seed=3, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
            st = hand.snapshot()
            plan = own_totals_plan(flow.ruleset, st.indicator is not None)
            assert plan is not None
            got = core_own_totals(hand.core, *plan)
            for s in range(4):
                want = flow.ruleset.loser_total(st.hand_of(s), (s - st.dealer) % 4, st.indicator, len(st.bonus[s]))
                assert got[s] == want, (k, s, got[s], want, str(st.hand_of(s)))
                values.add(want)
                compared += 1
            for seat, tile, frm, _total in hand.core.wins():
                from_seat = None if frm < 0 else frm
                assert (hand.flow.record_facts_on_core(hand.core, st, seat, tile, from_seat)
                        == hand.flow.record_facts(st, seat, tile, from_seat))
                won += 1
    assert compared == 480 and won > 20 and len(values) >= 4, (won, values)


@needs_core
def test_own_totals_refuse_what_the_core_cannot_take() -> None:
    from mahjong._core import core_own_totals

    hand = RandomTable("yuhuan", {}, "random").hand(seed=1, salt=2)
    plan = own_totals_plan(hand.flow.ruleset, True)
    assert plan is not None
    rows, tai_cap, step, cap = plan
    for bad in ((rows[:-1], tai_cap, step, cap), (rows + b"\x01", tai_cap, step, cap), (rows, -2, step, cap),
                (rows, 2**31, step, cap), (rows, tai_cap, -1, cap), (rows, tai_cap, step, -2),
                (rows, tai_cap, 2**50, cap)):
        with pytest.raises((ValueError, OverflowError)):
            core_own_totals(hand.core, *bad)
    with pytest.raises(TypeError):
        core_own_totals(None, *plan)
    from mahjong._core import GameCore
    from mahjong.game.core import core_params

    bare = GameCore(core_params(make_flow("yuhuan")), 1, 2, 0, 0)
    with pytest.raises(ValueError, match="no compiled book"):
        core_own_totals(bare, *plan)
    with pytest.raises(ValueError, match="no compiled book"):
        bare.book_facts(0, 0, -1)
    # a record made on a core given no book: the rule set counts the totals
    st = hand.snapshot()
    assert hand.flow.record_facts_on_core(bare, st, 0, 5, 1) == hand.flow.record_facts(st, 0, 5, 1)
    for seat, tile, frm in ((-1, 0, -1), (4, 0, -1), (0, -1, -1), (0, 42, -1), (0, 0, -2), (0, 0, 4)):
        with pytest.raises(ValueError):
            hand.core.book_facts(seat, tile, frm)
    # any marks, any tai cap: a number or None for every seat, never a crash
    for marks in (bytes(len(rows)), b"\x01" * len(rows)):
        got = core_own_totals(hand.core, marks, 0, 0, -1)
        assert len(got) == 4 and all(v is None or isinstance(v, int) for v in got)


def _facts_file() -> str:
    """The differential tests' own rule file (翻鬼 wildcards from an indicator, no chows, several winners, birds) with
    win facts that are the game's own (``from``) and rows reading them."""
    from test_core_differential import OWN_FILE

    text = OWN_FILE.replace('name = "core-test-own"', 'name = "core-facts-from"')
    assert "\n[flow]\nchows = false\n" in text
    text = text.replace("\n[flow]\nchows = false\n", "\n[flow]\nchows = false\nlate_discard_tiles = 40\n")
    return text + """
[facts.ghost]
type = "int_or_none"
from = "indicator"

[facts.ghost_turned]
type = "bool"
default = false
from = "indicator_turned"

[facts.pung_discard]
type = "bool"
default = false
from = "discarder_pung"

[facts.aside]
type = "int"
default = 0
from = "bonus_set_aside"

[[rows]]
key = "honor_ghost"
zh = "字鬼"
en = "Honor ghost"
value = 1
unit = "pt"
when = "ghost_turned and ghost >= 27 and aside == 0"

[facts.late]
type = "bool"
default = false
from = "late_discard"

[[rows]]
key = "late_win"
zh = "承包"
en = "On a late discard"
value = 2
unit = "pt"
when = "late"

[[rows]]
key = "pung_discard"
zh = "拉杠"
en = "On the pung's tile"
value = 4
unit = "pt"
when = "pung_discard"
"""


@pytest.mark.usefixtures("registry_restored")
def test_a_rule_file_reads_the_games_facts_alike_on_both_engines(tmp_path: Any) -> None:
    """A rule file naming the game's facts (``from``) plays alike on the hand core (its wins decided and settled in
    C) and on the pure-Python engine (BookFlow.record_facts: Flow.game_fact)."""
    from mahjong.game.core import core_available as on_core
    from mahjong.game.core import play_random
    from mahjong.game.play import play_hand
    from mahjong.rulebook import load_rules

    path = tmp_path / "core-facts-from.toml"
    path.write_text(_facts_file(), encoding="utf-8")
    load_rules(path)
    name = "core-facts-from"
    hook = book_in_c(make_flow(name))
    assert (hook is not None) == on_core()
    rows: set[str] = set()
    for salt in range(30 if on_core() else 2):
        seeds = [salt * 4 + s for s in range(4)]
        fast = play_random(name, seed=9, salt=salt, agent_seeds=seeds)
        ref = Game(name, seed=9, salt=salt, engine="python")
        play_hand(ref, {s: RandomAgent(seeds[i]) for i, s in enumerate(ref.flow.seats)})
        assert fast.events == ref.events, salt
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net, salt
        rows |= {i.key for r in ref.settlement.results for i in r.items}
    assert "honor_ghost" in rows or not on_core(), rows
    assert "late_win" in rows or not on_core(), rows  # ([flow] late_discard_tiles: the file's own count)


@pytest.mark.usefixtures("registry_restored")
def test_a_rule_files_late_discard_count_is_checked(tmp_path: Any) -> None:
    """``[flow] late_discard_tiles`` is read for the game (-1 by default: no discard is late) and refused out of
    range, naming the key."""
    from mahjong.rulebook import load_rules

    path = tmp_path / "late-count.toml"
    path.write_text(_facts_file().replace('name = "core-facts-from"', 'name = "late-count"'), encoding="utf-8")
    load_rules(path)
    assert make_flow("late-count").late_discard_tiles == 40
    bad = tmp_path / "late-bad.toml"
    bad.write_text(_facts_file().replace('name = "core-facts-from"', 'name = "late-bad"').replace(
        "late_discard_tiles = 40", "late_discard_tiles = 99"), encoding="utf-8")
    with pytest.raises(RulesError, match="late_discard_tiles"):
        load_rules(bad)
    plain = tmp_path / "late-none.toml"
    plain.write_text(_facts_file().replace('name = "core-facts-from"', 'name = "late-none"').replace(
        "late_discard_tiles = 40\n", ""), encoding="utf-8")
    load_rules(plain)
    assert make_flow("late-none").late_discard_tiles == -1
