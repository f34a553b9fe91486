"""What goes on the wire to a seat holds nothing it may not see: property tests over random tables.

* **Nothing depends on what a seat cannot see.**  A hand is played by people (a random policy, some answers left
  to the clock) on an explicit wall; then the tiles that seat ``s`` never learns during the hand (the wall left
  undrawn, the tiles the other seats still hold concealed at the end, seats that never won) are shuffled among
  themselves (within their suit, so that no rule about suits changes) and the same answers are given again on the
  new wall.  As long as the public play is the same (discards, claims, kongs, wins, payments: written here, not
  read from the views module), every frame sent to ``s`` must be the same, byte for byte: its views, events,
  decisions and clocks (the claim window included) cannot depend on another seat's concealed tiles or on the
  wall.
* **On the wire**: no frame before a hand's settlement holds the wall, its digest, the hand's seed or nonce, or
  another seat's dealt, drawn, picked, passed or swapped tiles.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as hs
from table_support import FAST, Wire, play, random_policy

from mahjong import report
from mahjong.game import Game
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    GameEvent,
    HandEnded,
    HandStarted,
    KongDeclared,
    TilePicked,
    TilesPassed,
    TilesSwapped,
    WallBuilt,
    WallEnd,
    WildcardRevealed,
    Won,
)
from mahjong.game.match import MatchPlan
from mahjong.game.rng import SplitMix64
from mahjong.game.state import HandState
from mahjong.table import ManualClock, Table, verify_log
from mahjong.table.shuffle import MATCH_SALT, derived_secret
from mahjong.table.views import ALWAYS_HIDDEN, PRIVATE

RULESETS = [r["name"] for r in report.rulesets()]


def _n(rules: str) -> int:
    return 2 if rules == "twoplayer" else 4


def _seeded_wall(rules: str, seed: int) -> list[int]:
    """The wall a table made with ``seed`` deals for its first hand (its dealer as the match's plan says)."""
    from mahjong.game.engine import make_flow

    hand_seed, _ = derived_secret(seed, 0)
    flow = make_flow(rules, None)
    dealer = MatchPlan.first(flow, SplitMix64(hand_seed, MATCH_SALT))
    game = Game(rules, seed=hand_seed, dealer=dealer)
    wall = next(e for e in game.events if isinstance(e, WallBuilt))
    return list(wall.tiles)


def _run(rules: str, seed: int, wall: list[int], policy: Any, script: dict[tuple[int, int], Any]) -> tuple[
        Table, dict[int | None, list[tuple[int, str]]]]:
    clock = ManualClock(0.0)
    table = Table(rules, ["human"] * _n(rules), clock=clock, timing=FAST, seed=seed, hands=1, table_id="t",
                  walls=lambda k: wall)
    wires: dict[int | None, Wire] = {p: Wire(clock) for p in [*range(_n(rules)), None]}
    for p, w in wires.items():
        table.attach(p, w)
    play(table, clock, wires, policy, script)
    frames = {p: [(json.loads(t)["seq"], t) for t in w.texts] for p, w in wires.items()}
    return table, frames


def _hidden_from(events: list[GameEvent], seat: int) -> list[int]:
    """Wall positions whose tiles ``seat`` never sees during the hand: the live wall left at the end, and the
    tiles other seats that never won still hold concealed at the end (each copy followed from the draw that
    brought it; copies used or shown on the way are not these)."""
    st = HandState()
    order: list[int] = []  # the state's wall index -> the position in the dealt wall
    held: dict[int, dict[int, list[int | None]]] = {s: {} for s in range(4)}  # seat -> tile -> copies
    winners: set[int] = set()

    def take(s: int, t: int, n: int) -> None:
        for _ in range(n):
            held[s][t].pop()

    for ev in events:
        if isinstance(ev, (WallEnd, HandEnded)):
            break
        front, back, seg = st.front, st.back, list(st.seg_front)
        if isinstance(ev, WildcardRevealed):
            order.append(order.pop(ev.position))
        st.apply(ev)
        if isinstance(ev, WallBuilt):
            order = list(range(len(ev.tiles)))
        elif isinstance(ev, Dealt):
            start = seg[ev.seat] if st.segment else front
            for k, t in enumerate(ev.tiles):
                held[ev.seat].setdefault(t, []).append(order[start + k])
        elif isinstance(ev, Drew):
            at = seg[ev.seat] if st.segment else (back - 1 if ev.replacement else front)
            held[ev.seat].setdefault(ev.tile, []).append(order[at])
        elif isinstance(ev, Discarded) or isinstance(ev, BonusSetAside):
            take(ev.seat, ev.tile, 1)
        elif isinstance(ev, Claimed):
            meld = list(ev.meld)
            meld.remove(ev.tile)
            for t in meld:
                take(ev.seat, t, 1)
        elif isinstance(ev, KongDeclared):
            take(ev.seat, ev.tile, 4 if ev.kind == "concealed" else 1)
        elif isinstance(ev, TilesPassed):
            for t in ev.tiles:
                take(ev.seat, t, 1)
                held[ev.to_seat].setdefault(t, []).append(None)
        elif isinstance(ev, TilesSwapped):
            for t in ev.given:
                take(ev.seat, t, 1)
            for t in ev.received:
                held[ev.seat].setdefault(t, []).append(None)
        elif isinstance(ev, Won):
            winners.add(ev.seat)
    out = [p for s in held if s != seat and s not in winners for copies in held[s].values() for p in copies
           if p is not None]
    if not st.segment:
        out += order[st.front:st.back]
    return out


def _kind_class(t: int) -> int:
    """Tiles shuffled among themselves: a suit, the winds, the dragons; each bonus tile alone."""
    return t // 9 if t < 27 else 3 if t < 31 else 4 if t < 34 else t


def _public(ev: GameEvent) -> object:
    """What everybody at a real table sees of an event (written here without the views module, so that a leak of
    that module cannot hide itself): no dealt, drawn, picked, passed or swapped tile, no wall, no seed, not the
    tile of a concealed kong, not whether a discard was automatic."""
    if isinstance(ev, (Dealt, Drew, TilePicked, TilesPassed, TilesSwapped, WallBuilt, HandStarted)):
        return (ev.type, getattr(ev, "seat", None), getattr(ev, "replacement", None))
    if isinstance(ev, KongDeclared) and ev.kind == "concealed":
        return (ev.type, ev.seat, ev.kind)
    if isinstance(ev, Discarded):
        return (ev.type, ev.seat, ev.tile, ev.ready)
    return ev


def _same_public_play(a: list[GameEvent], b: list[GameEvent]) -> int:
    """The index of the first event whose public part differs between two plays (their length if none)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if _public(x) != _public(y):
            return i
    return min(len(a), len(b)) if len(a) != len(b) else len(a)


def _cut(frames: list[tuple[int, str]], first: int) -> int:
    """The seq of the first frame that brings an event at index ``first`` or later, or the hand's settlement
    (which shows every hand and reveals the seed: the hand is over)."""
    for seq, text in frames:
        f = json.loads(text)
        if "result" in f or any(e["i"] >= first for e in f.get("events", [])):
            return seq
    return 1 << 30


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=hs.sampled_from(RULESETS), seed=hs.integers(0, 2**32), viewer=hs.integers(0, 3),
       shuffle=hs.integers(0, 2**32), policy=hs.integers(0, 2**32))
def test_nothing_a_seat_is_sent_depends_on_tiles_it_cannot_see(rules: str, seed: int, viewer: int, shuffle: int,
                                                               policy: int) -> None:
    viewer %= _n(rules)
    wall = _seeded_wall(rules, seed)
    script: dict[tuple[int, int], Any] = {}
    table_a, frames_a = _run(rules, seed, wall, random_policy(random.Random(policy)), script)
    assert table_a.hand is not None
    seat = table_a.hand.seating[viewer]
    hidden = _hidden_from(table_a.hand.game.events, seat)
    other = list(wall)
    rng = random.Random(shuffle)
    for cls in {_kind_class(wall[p]) for p in hidden}:
        spots = [p for p in hidden if _kind_class(wall[p]) == cls]
        tiles = [wall[p] for p in spots]
        rng.shuffle(tiles)
        for p, t in zip(spots, tiles):
            other[p] = t
    note(f"{rules}: viewer {viewer} (seat {seat}); {len(hidden)} hidden positions, "
         f"{sum(1 for x, y in zip(wall, other) if x != y)} changed")

    def replay(seq: int, player: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if (seq, player) in script:
            want = script[(seq, player)]
            if want is None or want in legal:
                return want
        return next((a for a in legal if a["kind"] == "pass"), None)  # a claim only this wall offers: passed

    table_b, frames_b = _run(rules, seed, other, replay, {})
    assert table_b.hand is not None
    first = _same_public_play(table_a.hand.game.events, table_b.hand.game.events)
    cut = min(_cut(frames_a[viewer], first), _cut(frames_b[viewer], first))
    mine_a = [t for s, t in frames_a[viewer] if s < cut]
    mine_b = [t for s, t in frames_b[viewer] if s < cut]
    note(f"the public play is the same up to event {first}; {len(mine_a)} frames of the viewer compared")
    assert mine_a == mine_b
    event(f"frames compared: {'none (the play differs at once)' if not mine_a else 'some'}")
    event(f"the whole hand compared: {first == len(table_a.hand.game.events)}")


def _walk_events(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return list(frame.get("events", []))


@settings(max_examples=30, deadline=None)
@given(rules=hs.sampled_from(RULESETS), seed=hs.integers(0, 2**32),
       kinds=hs.lists(hs.sampled_from(["human", "greedy", "random"]), min_size=4, max_size=4),
       policy=hs.integers(0, 2**32))
def test_no_frame_holds_the_wall_the_seed_or_another_seats_tiles(rules: str, seed: int, kinds: list[str],
                                                                   policy: int) -> None:
    n = _n(rules)
    clock = ManualClock(0.0)
    table = Table(rules, kinds[:n], clock=clock, timing=FAST, seed=seed, hands=2)
    wires: dict[int | None, Wire] = {p: Wire(clock) for p in [*range(n), None]}
    for p, w in wires.items():
        table.attach(p, w)
    play(table, clock, wires, random_policy(random.Random(policy)))
    secrets = [(r["seed"], r["nonce"]) for r in table.results]
    assert all(r["seed"] == str(verify_log(table.log()).hands[r["hand"]].seed) for r in table.results)
    for player, wire in wires.items():
        hand = -1
        for text in wire.texts:
            f = json.loads(text)
            if f.get("hand") is not None:
                hand = f["hand"]["number"]
            revealed = {r["hand"] for r in ([f["result"]] if "result" in f else f.get("results", []))}
            for k, (seed_k, nonce_k) in enumerate(secrets):
                if k not in revealed and k >= hand:  # before hand k's settlement: its seed and nonce are secret
                    assert str(seed_k) not in text and nonce_k not in text
            seat = None if player is None or f.get("hand") is None else f["hand"]["seating"][player]
            for e in _walk_events(f):
                for name in ALWAYS_HIDDEN.get(e["type"], ()):
                    assert name not in e, e
                private = PRIVATE.get(e["type"])
                if private is None or (e["type"] == "kong" and e.get("kind") != "concealed"):
                    continue
                hidden, owners = private
                if seat is None or all(e.get(o) != seat for o in owners):
                    assert not any(name in e for name in hidden), (player, e)
            view = f.get("view")
            if view is not None:
                if seat is None:
                    assert view["hand"] == [] and view["drawn"] is None and view["picked"] == []
                else:
                    assert len(view["hand"]) == view["concealed_count"][seat]
                for s in range(4):
                    for m in view["melds"][s]:
                        if m["kind"] == "concealed_kong" and s != seat:
                            assert m["tiles"] == [-1] * 4
