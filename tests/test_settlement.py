"""mahjong.settlement: the hand record (events, JSON form) and the generic win-summing settlement."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import ContextError, HandError, MahjongError, RulesError
from mahjong.framework import RuleSet, ScoreItem, ScoreResult, WinContext, zero_sum_payments
from mahjong.rules import DEFAULT, HandRules
from mahjong.settlement import (
    Draw,
    HandRecord,
    Kong,
    Payment,
    Settlement,
    Win,
    context_for,
    lines_from_net,
    settle,
)

# --- a toy rule set: every win is worth 10 from the discarder, or 5 from each other seat on a self-draw ------


@dataclass(frozen=True)
class ToyConfig:
    """points: what a discarder pays. Default 10 — source: this test."""

    points: int = 10


@dataclass(frozen=True)
class ToyContext(WinContext):
    bonus: int = 0


class Toy(RuleSet[ToyConfig]):
    name = "toy"
    title = "Toy"
    summary = "test rule set"
    Config = ToyConfig
    Context = ToyContext

    @property
    def hand_rules(self) -> HandRules:
        return DEFAULT

    def score(self, hand: Any, context: WinContext | None = None) -> ScoreResult:
        ctx = context or ToyContext()
        bonus = getattr(ctx, "bonus", 0)
        if ctx.self_drawn:
            owed = {s: 5 + bonus for s in range(4) if s != ctx.winner}
        else:
            assert ctx.discarder is not None
            owed = {ctx.discarder: self.config.points + bonus}
        pay = zero_sum_payments(ctx.winner, owed)
        return ScoreResult("toy", (ScoreItem("x", "x", "x", 1),), max(pay), "pt", None, None, True, pay)


HAND = "123m456m789m123p55s"  # any legal 14-tile text: the toy rule set does not read the tiles


def test_events_validate_their_fields() -> None:
    assert Kong(1, "concealed", "5p").tile == 13  # notation is stored as the tile id
    with pytest.raises(ContextError, match="from_seat"):
        Kong(1, "melded", "5p")  # 直杠 names who discarded the tile
    with pytest.raises(ContextError, match="not claimed"):
        Kong(1, "concealed", "5p", from_seat=2)
    with pytest.raises(ContextError, match="only an added kong"):
        Kong(1, "melded", "5p", from_seat=2, robbed=True)
    with pytest.raises(ContextError, match="kind"):
        Kong(1, "big", "5p")  # type: ignore[arg-type]
    with pytest.raises(HandError, match="one playing tile"):
        Kong(1, "concealed", "55p")
    with pytest.raises(ContextError, match="seat 0..3"):
        Win(4, HAND)
    with pytest.raises(ContextError, match="own discard"):
        Win(2, HAND, discarder=2)
    with pytest.raises(MahjongError):
        Win(2, "123x")  # bad notation fails when the event is made, not when settled
    with pytest.raises(HandError, match="seat 1's final hand"):
        Draw(hands={1: "123m"})  # a final hand has 13 tiles
    with pytest.raises(ContextError, match="only a win"):
        HandRecord("toy", (Draw(), Kong(0, "concealed", "1m")))
    with pytest.raises(ContextError, match="once"):
        HandRecord("toy", (Draw(), Draw()))


def test_json_round_trip_and_format() -> None:
    text = json.dumps(
        {
            "ruleset": "sichuan",
            "options": {"max_fan": 4},
            "dealer": 2,
            "events": [
                {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
                {"type": "kong", "seat": 2, "kind": "melded", "tile": "3s", "from_seat": 0},
                {"type": "win", "seat": 0, "hand": HAND, "discarder": 3, "after_kong_discard": True, "bonus": 2},
                {"type": "draw", "hands": {"1": "[5555p]123456789m1p"}, "ready_order": [1]},
            ],
        }
    )
    rec = HandRecord.from_json(text)
    assert rec.dealer == 2 and rec.options["max_fan"] == 4
    k1, k2, w, d = rec.events
    assert isinstance(k1, Kong) and k1.kind == "concealed" and k1.tile == 13
    assert isinstance(k2, Kong) and k2.from_seat == 0 and k2.tile == 20
    assert isinstance(w, Win) and w.after_kong_discard and w.flags == {"bonus": 2}
    assert isinstance(d, Draw) and d.hands == {1: "[5555p]123456789m1p"} and d.ready_order == (1,)
    again = HandRecord.from_json(rec.to_json())
    assert again == rec
    assert HandRecord.from_dict(json.loads(text)) == rec


@pytest.mark.parametrize(
    "obj, match",
    [
        ({"events": []}, "ruleset"),
        ({"ruleset": "toy", "extra": 1}, "unknown hand-record field"),
        ({"ruleset": "toy", "events": [{"type": "pung"}]}, "unknown type"),
        ({"ruleset": "toy", "events": [{"type": "kong", "seat": 1, "kind": "added"}]}, "needs"),
        ({"ruleset": "toy", "events": [{"type": "kong", "seat": 1, "kind": "added", "tile": "1m", "x": 1}]}, "x"),
        ({"ruleset": "toy", "events": [{"type": "win", "seat": 1}]}, "hand"),
        ({"ruleset": "toy", "dealer": 7}, "dealer"),
    ],
)
def test_bad_records_name_the_problem(obj: dict[str, Any], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        HandRecord.from_dict(obj)


def test_bad_json_text() -> None:
    with pytest.raises(ContextError, match="not valid JSON"):
        HandRecord.from_json("{nope")


def test_generic_settlement_sums_each_win() -> None:
    rec = HandRecord(
        "toy",
        (
            Kong(1, "concealed", "5p"),  # kongs move no money in the generic settlement
            Win(0, HAND, discarder=3),  # 3 pays 10 to 0
            Win(2, HAND),  # self-draw: 0, 1, 3 pay 5 each to 2
            Draw(),
        ),
    )
    s = Toy().settle(rec)
    assert s.net == (10 - 5, -5, 15, -10 - 5)
    assert sum(s.net) == 0
    assert [(p.payer, p.payee, p.amount, p.event) for p in s.lines] == [
        (3, 0, 10, 1),
        (0, 2, 5, 2),
        (1, 2, 5, 2),
        (3, 2, 5, 2),
    ]
    assert len(s.results) == 2 and s.results[0].total == 10
    assert s.to_dict()["net"] == list(s.net)


def test_rule_set_specific_flags_reach_the_context() -> None:
    toy = Toy()
    rec = HandRecord("toy", (Win(1, HAND, discarder=0, flags={"bonus": 3}),), dealer=2)
    ctx = context_for(toy, rec, rec.events[0])  # type: ignore[arg-type]
    assert isinstance(ctx, ToyContext) and ctx.bonus == 3 and ctx.dealer == 2 and ctx.discarder == 0
    assert toy.settle(rec).net == (-13, 13, 0, 0)
    bad = HandRecord("toy", (Win(1, HAND, discarder=0, flags={"bonsu": 3}),))
    with pytest.raises(ContextError, match="bonsu"):
        toy.settle(bad)


def test_settle_looks_up_the_named_rule_set() -> None:
    with pytest.raises(RulesError, match="unknown rule set"):
        settle({"ruleset": "no-such-game", "events": []})


def test_settlement_checks_its_own_arithmetic() -> None:
    with pytest.raises(AssertionError):
        Settlement("toy", (Payment(0, 1, 5, "x"),), (0, 0, 0, 0))
    with pytest.raises(AssertionError):
        Payment(1, 1, 5, "x")


@given(st.lists(st.integers(-50, 50), min_size=3, max_size=3), st.sampled_from([None, 0, 1, 2, 3]))
@settings(max_examples=60, deadline=None)
def test_lines_from_net_reproduce_any_zero_sum_net(first: list[int], winner: int | None) -> None:
    net = first + [-sum(first)]
    lines = lines_from_net(net, "x", winner=winner)
    s = Settlement.from_lines("toy", lines)
    assert s.net == tuple(net)


_win = st.builds(
    lambda seat, off, flags: Win(seat, HAND, discarder=None if off == 0 else (seat + off) % 4, flags=flags),
    st.integers(0, 3),
    st.integers(0, 3),
    st.sampled_from([{}, {"bonus": 1}, {"bonus": 7}]),
)
_kong = st.builds(
    lambda seat, kind, off: Kong(seat, kind, "3m", from_seat=None if kind == "concealed" else (seat + off) % 4),
    st.integers(0, 3),
    st.sampled_from(["melded", "added", "concealed"]),
    st.integers(1, 3),
)


@given(st.lists(st.one_of(_win, _kong), max_size=8), st.booleans())
@settings(max_examples=60, deadline=None)
def test_generic_settlement_is_zero_sum(events: list[Any], draw: bool) -> None:
    rec = HandRecord("toy", tuple(events) + ((Draw(),) if draw else ()))
    s = Toy().settle(rec)
    assert sum(s.net) == 0
    assert len(s.results) == sum(isinstance(e, Win) for e in events)


def test_describe_lists_lines_and_net() -> None:
    rec = HandRecord("toy", (Win(0, HAND, discarder=3),))
    text = Toy().settle(rec).describe()
    assert "seat 3 → seat 0: 10" in text and "0:+10" in text and "3:-10" in text


def test_the_documented_json_example_settles_as_documented() -> None:
    import mahjong.settlement as m

    doc = m.__doc__ or ""
    start = doc.index("    {\n")
    end = doc.index("\n    }\n", start) + 6
    record = HandRecord.from_json(doc[start:end])
    # worked out by hand in the docstring: 暗杠 2×3 to seat 1; 直杠 1 from 0 to 2; robbed 加杠 pays nothing;
    # 平胡+抢杠胡 ×2 from 3 to 0; 对对胡+杠 ×4 from 2 to 1; 查大叫: seat 3 pays seat 2 its best (平胡+杠 ×2)
    assert settle(record).net == (-1, 10, -3, -6)


# --- every error of a record names its event (and the field) ------------------------------------------------------


@pytest.mark.parametrize("record, start", [
    ({"ruleset": "guobiao", "events": [{"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
                                       {"type": "win", "seat": 0, "hand": "123m456p789s123s55p",
                                        "kong_replacement": True}]},
     "event 1 (win): field kong_replacement: "),
    ({"ruleset": "sichuan", "events": [{"type": "win", "seat": 0, "hand": "123m456p789s11m999p"}]},
     "event 0 (win): field hand: a suit must be missing"),
    ({"ruleset": "nanchang", "events": [{"type": "win", "seat": 0, "hand": "123m456p789sESW5m5m", "nonsense": 1}]},
     "event 0 (win): field nonsense: "),
    ({"ruleset": "guobiao", "events": [{"type": "kong", "seat": 1, "kind": "melded", "tile": "5p", "from_seat": 7}]},
     "event 0 (kong): from_seat must be a seat 0..3"),
    ({"ruleset": "guobiao", "events": [{"type": "draw", "hands": {"1": "123m"}}]},
     "event 0 (draw): seat 1's final hand '123m': "),
    ({"ruleset": "sichuan", "events": [{"type": "draw"}, {"type": "kong", "seat": 1, "kind": "concealed",
                                                          "tile": "5p"}]},
     "event 1: after the wall's end"),
    ({"ruleset": "guobiao", "options": {"nonsense": 1}}, "field options: unknown option(s) for guobiao"),
    ({"ruleset": "nonsense"}, "field ruleset: unknown rule set 'nonsense'"),
])
def test_every_settle_error_names_its_event_and_field(record: dict[str, Any], start: str) -> None:
    with pytest.raises(MahjongError) as info:
        settle(record)
    assert str(info.value).startswith(start), str(info.value)
    assert info.value.message("zh") != str(info.value)


def test_user_records_built_as_typed_dicts_pass_mypy_strict(tmp_path: Any) -> None:
    from mypy import api

    good = tmp_path / "good.py"
    good.write_text(
        "import mahjong\n"
        "from mahjong import HandRecordDict, KongEventDict, WinEventDict\n"
        "kong: KongEventDict = {'type': 'kong', 'seat': 1, 'kind': 'concealed', 'tile': '5p'}\n"
        "win: WinEventDict = {'type': 'win', 'seat': 0, 'hand': '123m456p789sESW5m5m', 'discarder': 2,\n"
        "                     'indicator': '5m', 'jing_held': [None, [1, 0], [0, 0], [0, 2]]}\n"
        "record: HandRecordDict = {'ruleset': 'nanchang', 'dealer': 0, 'events': [kong, win],\n"
        "                          'options': {'payment_unit': 1}}\n"
        "net: tuple[int, ...] = mahjong.settle(record).net\n",
        encoding="utf-8",
    )
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from mahjong import HandRecordDict, WinEventDict\n"
        "win: WinEventDict = {'type': 'win', 'seat': '0', 'hand': '123m'}\n"
        "record: HandRecordDict = {'ruleset': 'x',\n"
        "                          'events': [{'type': 'kong', 'seat': 1, 'kind': 'open', 'tile': 1}]}\n",
        encoding="utf-8",
    )
    out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(good),
                                str(bad)])
    lines = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and all(line.startswith(str(bad)) for line in lines), out + err
    assert {line.split(":")[1] for line in lines} == {"2", "4"}, out  # the seat as text, the kong kind "open"
