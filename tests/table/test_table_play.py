"""Tables (mahjong.table): every rule set played to the end by people and agents on a manual clock, the clocks and
the automatic answers, the claim window's fixed length, reconnecting from a snapshot, and bad input refused while
the table goes on."""

from __future__ import annotations

import random

import pytest
from table_support import FAST, Wire, fold, play, random_policy

from mahjong import report
from mahjong.errors import MahjongError, RulesError
from mahjong.game.actions import IllegalActionError
from mahjong.table import ManualClock, Table, TableError, Timing, verify_log

RULESETS = [r["name"] for r in report.rulesets()]


def _table(rules: str, kinds: list[str] | None = None, **kw: object) -> tuple[Table, ManualClock]:
    clock = ManualClock(100.0)
    n = 2 if rules == "twoplayer" else 4
    kinds = kinds if kinds is not None else ["human"] + ["greedy"] * (n - 1)
    kw.setdefault("timing", FAST)
    kw.setdefault("seed", 1)
    return Table(rules, kinds, clock=clock, **kw), clock  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULESETS)
def test_every_rule_set_plays_a_match_of_people_and_agents_and_its_log_verifies(rules: str) -> None:
    n = 2 if rules == "twoplayer" else 4
    kinds = ["human", "random"] + ["human", "greedy"][: n - 2]
    table, clock = _table(rules, kinds, hands=2)
    wires = {p: Wire(clock) for p in [*range(n), None]}
    for p, w in wires.items():
        table.attach(p, w)
    play(table, clock, wires, random_policy(random.Random(rules)))
    assert table.over and len(table.results) == 2
    checked = verify_log(table.log())
    assert [h.hand for h in checked.hands] == [0, 1] and checked.scores == table.scores
    assert sum(table.scores) == 0
    for w in wires.values():  # every watcher's fold ends at the table's last step, nothing lost on the way
        state = fold(w.frames)
        assert state["seq"] == table.seq and state["scores"] == table.scores
        assert [r["hand"] for r in state["results"]] == [0, 1]


def test_a_person_who_never_answers_is_played_for_when_the_turn_clock_and_bank_run_out() -> None:
    timing = Timing(claim=1, turn=4, bank=3, away=2, agent=0.5, between=1)
    table, clock = _table("guobiao", ["human", "greedy", "greedy", "greedy"], timing=timing, hands=1)
    wire = Wire(clock)
    table.attach(0, wire)
    start = clock.now
    assert table.hand is not None and table.seat_of(0) == table.hand.game.state.dealer  # player 0 deals first
    assert wire.last()["step"]["legal"] and wire.last()["step"]["ends_in"] == 7.0  # the turn clock and the bank
    clock.set(table.next_deadline() or 0)
    assert clock.now == start + 7.0
    table.tick()
    f = wire.last()
    discards = [e for e in f["events"] if e["type"] == "discard"]
    assert discards and discards[0]["seat"] == table.seat_of(0)  # the table discarded for the seat
    assert table.bank[0] == 0.0  # the bank is spent for this hand
    drawn = table.hand.game.events[next(i for i, e in enumerate(table.hand.game.events) if e.type == "discard")]
    assert drawn.tile == table.hand.game.state.discards[table.seat_of(0)][0][0]


def test_an_answer_within_the_turn_clock_keeps_the_bank_and_a_late_one_spends_it() -> None:
    timing = Timing(claim=1, turn=4, bank=3, away=2, agent=0.5, between=1)
    table, clock = _table("guobiao", ["human", "greedy", "greedy", "greedy"], timing=timing, hands=1)
    wire = Wire(clock)
    table.attach(0, wire)
    clock.advance(5.5)  # 1.5 s into the bank
    table.act(0, wire.last()["step"]["legal"][0])
    assert table.bank[0] == pytest.approx(1.5)


def test_a_person_with_no_connection_gets_the_away_clock() -> None:
    timing = Timing(claim=1, turn=10, bank=10, away=2, agent=0.5, between=1)
    table, clock = _table("guobiao", ["human", "greedy", "greedy", "greedy"], timing=timing, hands=1)
    start = clock.now
    assert table.next_deadline() == start + 2  # nobody watches seat 0
    stop = table.attach(0, Wire(clock))
    assert table.next_deadline() == start + 20
    stop()
    assert table.next_deadline() == start + 2


def test_agents_answer_after_their_delay() -> None:
    table, clock = _table("guobiao", ["greedy"] * 4, timing=Timing(agent=0.75, claim=1), hands=1)
    assert table.next_deadline() == clock.now + 0.75


def _first_window(seed: int) -> tuple[Table, ManualClock, Wire, bool]:
    """A table whose dealer (a person who lets the clock run out) discards first; whether anybody may claim it."""
    timing = Timing(claim=2.0, turn=3.0, bank=0, away=3.0, agent=0.0, between=1)
    clock = ManualClock(0.0)
    table = Table("guobiao", ["human", "greedy", "greedy", "greedy"], clock=clock, timing=timing, seed=seed, hands=1)
    wire = Wire(clock)
    table.attach(0, wire)
    clock.set(table.next_deadline() or 0)
    table.tick()
    assert table.step.kind == "claim"
    return table, clock, wire, bool(table.step.pending)


def test_the_claim_window_takes_the_same_time_whether_or_not_anybody_can_claim() -> None:
    found: dict[bool, tuple[Table, ManualClock, Wire]] = {}
    for seed in range(60):
        table, clock, wire, claimable = _first_window(seed)
        found.setdefault(claimable, (table, clock, wire))
        if len(found) == 2:
            break
    assert set(found) == {True, False}, "no seed gives both kinds of window"
    timings = {}
    for claimable, (table, clock, wire) in found.items():
        opened = wire.times[-1]
        assert wire.last()["step"] == {"kind": "claim", "ends_in": 2.0}  # the same words either way
        assert table.next_deadline() == opened + 2.0
        at = len(wire.times)
        clock.set(opened + 1.999)
        table.tick()
        assert len(wire.times) == at  # nothing happens inside the window, claim or no claim
        clock.set(opened + 2.0)
        table.tick()
        assert wire.times[at] == opened + 2.0  # the next step, exactly when the window ends
        timings[claimable] = wire.times[at] - opened
    assert timings[True] == timings[False] == 2.0


def test_a_reconnecting_seat_resumes_from_its_snapshot() -> None:
    table, clock = _table("sichuan", ["human", "human", "greedy", "greedy"], hands=1)
    stayed, first = Wire(clock), Wire(clock)
    table.attach(0, stayed)
    stop = table.attach(0, first)
    others = {1: Wire(clock)}
    table.attach(1, others[1])
    rng = random.Random(3)
    for _ in range(30):  # some play, then the second connection of seat 0 drops
        due = table.next_deadline()
        assert due is not None
        clock.set(due)
        table.tick()
    stop()
    for _ in range(25):  # the seat's clock runs out meanwhile: the table plays for it
        clock.set(table.next_deadline() or 0)
        table.tick()
    back = Wire(clock)
    table.attach(0, back)
    snap = back.frames[0]
    assert snap["type"] == "snapshot" and snap["seq"] == table.seq
    kept = fold(stayed.frames)
    for key in ("seq", "hand", "events", "view", "step", "scores", "results"):
        assert snap[key] == kept[key], key
    assert fold(first.frames + back.frames) == kept  # the reconnected client's state is the one that stayed
    play(table, clock, {0: back, 1: others[1]}, random_policy(rng))
    assert table.over and fold(back.frames)["seq"] == table.seq


def test_bad_settings_are_refused_with_our_errors() -> None:
    clock = ManualClock()
    with pytest.raises(RulesError):
        Table("no-such-game", ["human"] * 4, clock=clock)
    for kinds in (["human"] * 3, "human", ["human", "robot", "greedy", "greedy"]):
        with pytest.raises(TableError):
            Table("guobiao", kinds, clock=clock)  # type: ignore[arg-type]
    for bad in ({"hands": 0}, {"hands": 65}, {"hands": True}, {"seed": -1}, {"table_id": "a b"},
                {"options": ["x"]}):
        with pytest.raises(MahjongError):
            Table("guobiao", ["human"] * 4, clock=clock, **bad)  # type: ignore[arg-type]
    for t in ({"claim": -1}, {"turn": float("nan")}, {"bank": True}, {"between": "5"}):
        with pytest.raises(TableError):
            Timing(**t)  # type: ignore[arg-type]
    with pytest.raises(TableError):
        Timing.from_dict({"clam": 1})
    err = TableError("seat 2 is played by an agent")
    assert err.code == "table-agent-seat" and "AI" in err.message_zh


def test_answers_out_of_turn_forged_seats_and_malformed_actions_are_refused_and_the_table_goes_on() -> None:
    table, clock = _table("guobiao", ["human", "human", "greedy", "greedy"], hands=1)
    wires = {0: Wire(clock), 1: Wire(clock)}
    for p, w in wires.items():
        table.attach(p, w)
    before = table.seq
    bad = [(1, {"kind": "discard", "tile": 0}), (0, {"kind": "fly"}), (0, {"kind": "discard", "tile": 99}),
           (0, {"kind": "discard", "tile": "5m"}), (0, {"kind": "discard", "tile": 0, "x": 1}), (0, None),
           (0, [1, 2]), (0, 10**30), (0, {"kind": "discard", "meld": list(range(100))})]
    for player, action in bad:
        with pytest.raises(IllegalActionError):
            table.act(player, action)
    for player in (2, 7, -1, "0", None, 1.0):
        with pytest.raises(TableError):
            table.act(player, {"kind": "pass"})  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        table.next_hand(0)
    assert table.seq == before  # nothing moved
    play(table, clock, wires, random_policy(random.Random(9)))
    assert table.over and verify_log(table.log()).scores == table.scores


def test_the_next_hand_starts_when_every_person_is_ready() -> None:
    timing = Timing(claim=0.5, turn=1, bank=0, away=1, agent=0, between=30)
    table, clock = _table("guobiao", ["human", "human", "greedy", "greedy"], timing=timing, hands=2)
    wires = {0: Wire(clock), 1: Wire(clock)}
    for p, w in wires.items():
        table.attach(p, w)
    while table.step.kind != "between":
        clock.set(table.next_deadline() or 0)
        table.tick()
    ended = clock.now
    assert table.next_deadline() == ended + 30
    table.next_hand(0)
    assert table.step.kind == "between" and wires[0].last()["step"]["waiting"] == [1]
    table.next_hand(1)
    assert table.step.kind != "between" and table.hand is not None and table.hand.number == 1
    assert clock.now == ended


def test_mahjong_verify_passes_a_log_and_fails_a_tampered_one(tmp_path: pytest.TempPathFactory) -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    table, clock = _table("sichuan", ["random"] * 4, hands=2, timing=Timing(claim=0, agent=0, between=0))
    while not table.over:
        clock.set(table.next_deadline() or 0)
        table.tick()
    good = Path(str(tmp_path)) / "match.jsonl"
    good.write_text(table.log(), encoding="utf-8")
    lines = table.log().splitlines()

    def tampered(change: object) -> Path:
        out = []
        done = False
        for line in lines:
            obj = json.loads(line)
            if not done and change(obj):  # type: ignore[operator]
                done = True
            out.append(json.dumps(obj))
        assert done
        path = Path(str(tmp_path)) / f"bad{len(list(Path(str(tmp_path)).iterdir()))}.jsonl"
        path.write_text("\n".join(out) + "\n", encoding="utf-8")
        return path

    def seed(o: dict) -> bool:  # a different seed revealed: the commitment does not match
        if o["type"] == "reveal":
            o["seed"] += 1
            return True
        return False

    def nonce(o: dict) -> bool:
        if o["type"] == "reveal" and o["hand"] == 1:
            o["nonce"] = "0" * 32
            return True
        return False

    def draw(o: dict) -> bool:  # a tile changed in play
        if o["type"] == "discard":
            o["tile"] = (o["tile"] + 1) % 27
            return True
        return False

    def net(o: dict) -> bool:  # a payment changed
        if o["type"] == "paid":
            o["amount"] += 1
            return True
        return False

    def dealer(o: dict) -> bool:  # the second hand dealt by another seat
        if o["type"] == "hand_started" and o["hand_number"] == 1:
            o["dealer"] = (o["dealer"] + 1) % 4
            return True
        return False

    mahjong = [sys.executable, "-m", "mahjong"]
    ok = subprocess.run([*mahjong, "verify", str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and "verified" in ok.stdout and ok.stdout.count("matches seed") == 2
    for change in (seed, nonce, draw, net, dealer):
        bad = subprocess.run([*mahjong, "--lang", "zh", "verify", str(tampered(change))], capture_output=True,
                             text=True)
        assert bad.returncode == 1 and "核对不通过" in bad.stderr, (change.__name__, bad.stderr)
    missing = subprocess.run([*mahjong, "verify", str(good) + ".nope"], capture_output=True, text=True)
    assert missing.returncode == 2 and "cannot read" in missing.stderr
