"""Sichuan scored and settled in C by the compiled rule-book evaluator (src/mjcore/evaluator.pxi and
evaluator_core.pxi, reading games/sichuan.toml compiled under the options) against its pure-Python twin, the rule
book path.

For seeded hands (hypothesis picks the seeds) under the default options and a spread of variants, the nets the
core settles equal the nets of the rule book's fold over the same hand, and the typed events (each win's total,
every payment and where it is made) are the same as when the rule book scores and settles during play.  A copy
of the book with other rows compiles and plays in C too; a rule set that scores its own way plays on the Python
path.  On the pure-Python backend there is no core: the book is never compiled for it and the hands play on the
engine.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game import FirstAgent, Game
from mahjong.game.core import CoreGame, CoreHand, RandomTable, book_in_c, core_available, core_params
from mahjong.game.engine import make_flow, record_of
from mahjong.game.flows.sichuan import SichuanFlow
from mahjong.rulebook.expr import parse
from mahjong.rulesets.sichuan import BOOK, Sichuan

needs_core = pytest.mark.skipif(not core_available(), reason="the compiled core is not available")

#: the default options and a spread of variants (each option the C reads, changed once)
VARIANTS: list[dict[str, Any]] = [
    {},
    {"mode": "normal"},
    {"zimo_bonus": "none"},
    {"zimo_bonus": "double"},
    {"zimo_bonus": "add_fan"},
    {"jingoudiao": "pattern"},
    {"dianganghua": "discard"},
    {"huazhu": False, "dajiao": False, "refund_kongs": False},
    {"max_fan": 2},
    {"fan_base": 0, "max_fan": 3},
    {"direct_kong_discarder": 2, "direct_kong_others": 1, "added_kong": 3, "concealed_kong": 0},
    {"lack": False},
    {"call_transfer": True, "huazhu_pays_won": False, "base": 3},
    {"kong_counts_as_gen": False, "huazhu_penalty": 5},
    {"exchange_three": True},
    {"exchange_three": True, "exchange_direction": "clockwise", "lack": False},
]


def _hands(options: dict[str, Any], seed: int, n: int, agent: str) -> list[tuple[CoreHand, CoreHand]]:
    """n hands played twice at a RandomTable: settled in C, and by the rule book during play."""
    fast, ref = RandomTable("sichuan", options, agent), RandomTable("sichuan", options, agent)
    assert fast.book is not None
    ref.book = None  # (the rule book scores every win and settles every payment, as before the compiled book)
    out = []
    for k in range(n):
        kw = {"seed": seed, "salt": k, "agent_seeds": [seed * 4 + s + 16 * k for s in range(4)]}
        a, b = fast.hand(**kw), ref.hand(**kw)
        assert isinstance(a, CoreHand) and isinstance(b, CoreHand)
        out.append((a, b))
    return out


@needs_core
@pytest.mark.parametrize("options", VARIANTS, ids=[",".join(f"{k}={v}" for k, v in o.items()) or "default"
                                                   for o in VARIANTS])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_c_nets_equal_the_rule_books(options: dict[str, Any], seed: int) -> None:
    pairs = _hands(options, seed, 24, "random") + _hands(options, seed, 6, "greedy")
    for i, (a, b) in enumerate(pairs):
        assert a._settled_in_c and not b._settled_in_c
        assert a.net == b.net, (options, seed, i)
    for a, b in pairs[:8] + pairs[-4:]:
        # the rule book's settlement read without the typed events: from a record made from the core, the fold's
        assert a.settlement is not None and b.settlement is not None and a.wins_made() == b.wins_made()
        assert a.fast_record == record_of(b) and a.settlement == b.settlement and a.settlement.net == a.net
        # each win's items read from the core (the rows the C settlement counted) are its result's
        assert a.won_items() == [tuple((i.key, i.name_zh) for i in r.items) for r in a.settlement.results]
    for a, b in pairs[:3] + pairs[-3:]:  # the typed events made when read: the same log, the same settlement
        assert a.events == b.events
        assert a.settlement is not None and a.settlement.net == b.settlement.net == a.net


@needs_core
def test_every_sichuan_variant_played_here_is_in_c() -> None:
    for options in VARIANTS:
        flow = make_flow("sichuan", options)
        hook = book_in_c(flow)
        assert core_params(flow) is not None and hook is not None and hook[3]


@needs_core
def test_the_compiled_book_is_the_rule_books_under_the_options() -> None:
    """The core reads the book compiled under the flow's options: each row's value, unit, pattern flag and
    exclusions, and the settlement's amounts; change an option and the image follows."""
    from mahjong.rulebook import opcodes as O
    from mahjong.rulebook.compiler import compiled

    for options in VARIANTS:
        flow = make_flow("sichuan", options)
        rs = flow.ruleset
        cb = compiled(rs)
        assert cb is not None
        rows = rs._rows_for(rs._options())
        assert [r.key for r in cb.rows] == [r.key for r in rows]
        h = cb.header
        image = cb.image
        for i, r in enumerate(rows):
            words = dict(zip(O.ROW, image[h["rows_at"] + i * len(O.ROW):h["rows_at"] + (i + 1) * len(O.ROW)]))
            assert (words["value"], O.UNITS[words["unit"]], bool(words["pattern"]), words["stage"]) == (
                r.value, r.unit, r.pattern, r.stage)
            struck = image[h["excl_at"] + words["excl"]:h["excl_at"] + words["excl"] + words["n_excl"]]
            assert sorted(rows[k].key for k in struck) == sorted(k for k in (*r.excludes, *r.implied)
                                                                  if k in {x.key for x in rows})
        c = rs.config
        assert (h["melded_kong_discarder"], h["melded_kong_others"], h["added_kong"], h["concealed_kong"]) == tuple(
            c.base * v for v in (c.direct_kong_discarder, c.direct_kong_others, c.added_kong, c.concealed_kong))
        assert (h["kong_transfer"], h["flower_pig_penalty"], h["flower_pig_pays_won"], h["not_ready_pays_best"],
                h["not_ready_refunds_kongs"]) == (c.call_transfer, c.base * c.huazhu_penalty if c.huazhu else 0,
                                                  c.huazhu_pays_won, c.dajiao, c.refund_kongs)


class _OtherRows(Sichuan):
    """A user's copy of the rule file with one predicate changed (大对子 only with a declared meld)."""

    book = dataclasses.replace(BOOK, rows=tuple(
        dataclasses.replace(r, when=parse("all_pungs and melds >= 1")) if r.key == "all_pungs" else r
        for r in BOOK.rows))


class _OwnScore(Sichuan):
    """A rule set that scores its own way."""

    def score(self, hand: Any, context: Any = None) -> Any:
        return super().score(hand, context)


@needs_core
@pytest.mark.parametrize("ruleset", [_OtherRows, _OwnScore])
def test_another_book_compiles_and_a_rule_set_of_its_own_plays_on_the_python_path(ruleset: type[Sichuan]) -> None:
    """A copy of the book with a predicate changed is compiled and played in C like the shipped one (the same
    nets as its rule book); a rule set that scores its own way is left to Python."""
    flow = SichuanFlow(ruleset(), None)
    flow.ruleset_options = {}
    params = core_params(flow)
    in_c = ruleset is _OtherRows
    assert params is not None and (book_in_c(flow) is not None) == in_c
    won = 0
    for k in range(12):
        hand = CoreHand(flow, params, seed=5, salt=k, rules="sichuan")
        hand.play_agents([k * 4 + s for s in range(4)], greedy=True)
        assert hand._settled_in_c == in_c
        # (settled in C: the rule book's settlement, made from the core's record when read, has the same nets)
        assert hand.settlement is not None and hand.net == hand.settlement.net
        won += bool(hand.core.won)
    assert won


@needs_core
def test_the_step_api_scores_and_settles_sichuan_in_c(monkeypatch: pytest.MonkeyPatch) -> None:
    """Game("sichuan") played through legal_actions / act asks the rule book nothing (no score, no settlement)
    until its events or settlement are read; then they are the rule book's, with the core's nets."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the rule book was asked during play")

    Game("sichuan", seed=3)  # (the book compiled, once for the preset's games, before score is patched out)
    played = []
    for k in range(30):
        with monkeypatch.context() as m:
            m.setattr(Sichuan, "score", refuse)
            m.setattr(Sichuan, "settle", refuse)
            game = Game("sichuan", seed=3, salt=k)
            assert isinstance(game, CoreGame) and game._settled_in_c
            agent = FirstAgent()
            while not game.done:
                for seat in game.pending:
                    game.act(seat, agent.choose(game, seat, game.legal_actions(seat)))
            net = game.net
        played.append((game, net))
    assert any(game.core.won for game, _ in played)
    for game, net in played:
        ref = Game("sichuan", seed=3, salt=game.salt, engine="python")
        agent = FirstAgent()
        while not ref.done:
            for seat in ref.pending:
                ref.act(seat, agent.choose(ref, seat, ref.legal_actions(seat)))
        assert game.settlement is not None and ref.settlement is not None
        assert game.settlement.net == ref.settlement.net == net
        assert game.events == ref.events


def test_without_the_core_sichuan_plays_on_the_engine() -> None:
    table = RandomTable("sichuan")
    assert (table.book is not None) == core_available()
    hand = table.hand(seed=1)
    assert hand.settlement is not None and sum(hand.settlement.net) == 0


# --- scripted hands: the rare facts random seeds seldom reach (点杠花, 杠上炮 and 呼叫转移, a robbed kong, 一炮多响)

NO_LACK = {"lack": False}


def _scenario(name: str) -> tuple[dict[int, str], list[str], list[str], dict[int, list[Any]]]:
    """(deal, front draws, replacement tiles, each seat's plan) of one scripted Sichuan hand."""
    from mahjong.game import Action
    from mahjong.tiles import parse_tiles

    def act(kind: str, tile: str) -> Any:
        return Action(kind, parse_tiles(tile)[0])

    if name == "dianganghua":  # seat 1 konges seat 0's 5p and wins on the replacement (点杠花)
        return ({0: "5p", 1: "555p123m456m789m9p"}, [], ["9p"],
                {0: [act("discard", "5p")], 1: [act("kong", "5p"), act("win", "9p")]})
    if name == "after_kong_discard":  # the dealer's concealed kong, its replacement discarded and won (杠上炮)
        return ({0: "5555p", 1: "123m456m789m999p1p"}, [], ["1p"],
                {0: [act("concealed_kong", "5p"), act("discard", "1p")], 1: [act("win", "1p")]})
    if name == "robbed":  # seat 1 pungs 5p, later adds the fourth; seat 2 robs it (抢杠胡)
        return ({0: "5p", 1: "55p123s456s789s1p2p", 2: "123m456m789m11p46p"}, ["1s", "2s", "3s", "5p"], [],
                {0: [act("discard", "5p")], 1: [act("pung", "5p"), act("discard", "1p"), act("added_kong", "5p")],
                 2: [("rob", act("win", "5p"))]})
    assert name == "several_winners"  # 一炮多响, then a third winner (血战)
    return ({0: "5p", 1: "111222333m4445p", 2: "123456789s1115p", 3: "234567m678s11s99s"}, ["9s"], [],
            {0: [act("discard", "5p")], 1: [act("win", "5p")], 2: [act("win", "5p")], 3: [act("win", "9s")]})


SCRIPTED_VARIANTS: list[dict[str, Any]] = [
    {}, {"dianganghua": "discard"}, {"call_transfer": True}, {"zimo_bonus": "double"}, {"zimo_bonus": "add_fan"},
    {"direct_kong_discarder": 2, "direct_kong_others": 1, "concealed_kong": 3, "added_kong": 2, "max_fan": 2},
    {"mode": "normal"},
]


@needs_core
@pytest.mark.parametrize("name", ["dianganghua", "after_kong_discard", "robbed", "several_winners"])
def test_scripted_hands_settle_alike_in_c_and_by_the_rule_book(name: str) -> None:
    from game_support import Scripted, make_wall, run

    from mahjong.game.events import KongRobbed, Won

    deal, draws, back, plans = _scenario(name)
    for variant in SCRIPTED_VARIANTS:
        options = {**NO_LACK, **variant}
        wall = make_wall("sichuan", deal, draws, back, options=options)
        games, left = [], []
        for engine in ("auto", "python"):
            game = Game("sichuan", wall=wall, options=options, engine=engine)
            agents = {s: Scripted(plans.get(s, ())) for s in range(4)}
            games.append(run(game, agents))
            left += [a.plan for a in agents.values()]
        fast, ref = games
        assert isinstance(fast, CoreGame) and fast._settled_in_c and not isinstance(ref, CoreGame)
        assert fast.net is not None and fast.settlement is not None and ref.settlement is not None
        assert fast.net == fast.settlement.net == ref.settlement.net, (name, variant)
        assert fast.events == ref.events
        # (every scripted action was taken; 普通场 ends with the first discard's wins)
        assert any(isinstance(e, Won) for e in ref.events) and (not any(left) or variant.get("mode") == "normal")
        if name == "robbed":
            assert any(isinstance(e, KongRobbed) for e in ref.events)


@needs_core
@settings(max_examples=60, deadline=None)
@given(edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(-2**31, 2**31 - 1)), max_size=6),
       seed=st.integers(0, 2**31))
def test_any_image_is_refused_or_played_safely(edits: list[tuple[int, int]], seed: int) -> None:
    """The compiled book with any of its words changed is refused with ValueError or, when the evaluator takes
    it, plays whole hands (never a crash: a value past what C holds sends the win or the settlement back)."""
    from mahjong._core import CompiledBook
    from mahjong.rulebook.compiler import compiled

    flow = make_flow("sichuan")
    cb = compiled(flow.ruleset)
    assert cb is not None
    image = list(cb.image)
    for at, value in edits:
        image[at % len(image)] = value
    try:
        book = CompiledBook(image)
    except ValueError:
        return
    params = core_params(flow)
    assert params is not None
    hand = CoreHand(flow, params, seed=seed, rules="sichuan")
    hand.core.decide_book(book, True, 3, True)
    hand.core.seed_agents([seed, 1, 2, 3])
    status = hand.core.advance()
    while status != 3:  # (CS_END; the rule book is never asked here: the hand is driven raw)
        status = hand.core.play_greedy() if status == 0 else hand.core.advance()
        if status == 1:  # the book hands the win back: answer as the rule book is not asked
            seat, tile, _, _ = hand.core.query
            hand.core.verdict(seat, tile, False, 0)
            status = hand.core.advance()
    net = hand.core.book_net()
    assert net is None or sum(net) == 0
