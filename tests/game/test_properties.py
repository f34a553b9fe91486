"""Properties over seeded games of every rule set, random and greedy agents.

Every step: every tile is in exactly one place; the mask is the legal list; a sample of unlisted actions is
refused with the state unchanged; now and then every listed action is tried on a copy and accepted.  Every
hand ends; its log replays to the same events and nets; nets are zero-sum and equal the sum of the payments;
the win facts 和绝张 / 海底 / 杠上开花 / 抢杠和 agree with a recount from the log alone.

``MAHJONG_GAME_HANDS`` (default 12) hands per rule set and agent; CI runs the default, a longer run sets it
to a few hundred.
"""

from __future__ import annotations

import os

import pytest

from mahjong.game import N_ACTIONS, Game, GreedyAgent, IllegalActionError, RandomAgent
from mahjong.game.events import (
    Claimed,
    Dealt,
    Discarded,
    Drew,
    HaidiFished,
    KongDeclared,
    KongRobbed,
    Paid,
    WallBuilt,
    WildcardRevealed,
    Won,
)
from mahjong.game.log import dumps_log, read_log, replay
from mahjong.game.rng import SplitMix64

HANDS = int(os.environ.get("MAHJONG_GAME_HANDS", "12"))
RULES = ["guobiao", "guobiao-extras", "sichuan", "common", "wuhu-2468", "wuhu-1234", "twoplayer", "nanchang",
         "yuhuan", "jinshan"]


def _snapshot(game: Game) -> tuple[int, list[list[int]], int]:
    return len(game.events), [list(h) for h in game.state.hands], game.state.front


def _play_checked(game: Game, agents: dict[int, object], rng: SplitMix64) -> int:
    decisions = 0
    while not game.done:
        given: dict[int, object] = {}  # the answers already given this round (pending is read once per round)
        for seat in game.pending:
            game.state.tile_count_check()
            legal = game.legal_actions(seat)
            assert legal, f"seat {seat} pending with nothing to do"
            idx = [a.index for a in legal]
            assert len(set(idx)) == len(idx), f"two legal actions share an index: {legal}"
            mask = game.action_mask(seat)
            assert [i for i in range(N_ACTIONS) if mask[i]] == sorted(idx)
            before = _snapshot(game)
            for _ in range(2):
                bad = rng.below(N_ACTIONS)
                if bad not in idx:
                    with pytest.raises(IllegalActionError):
                        game.act(seat, bad)
            other = next((s for s in game.flow.seats if s not in game.pending), None)
            if other is not None:
                with pytest.raises(IllegalActionError):
                    game.act(other, legal[0])
            assert _snapshot(game) == before
            if decisions % 17 == 0:
                for a in legal[:6]:
                    twin = replay(game.events, partial=True)  # the same hand, at the same point
                    for s, answer in given.items():
                        twin.act(s, answer)  # type: ignore[arg-type]
                    assert twin.pending == game.pending and twin.legal_actions(seat) == legal
                    twin.act(seat, a)  # accepted
            given[seat] = agents[seat].choose(game, seat, legal)  # type: ignore[attr-defined]
            game.act(seat, given[seat])  # type: ignore[arg-type]
            decisions += 1
            assert decisions < 5000
    game.state.tile_count_check()
    return decisions


def _recount(game: Game) -> list[dict[str, bool]]:
    """The win facts of each win, recounted from the log's events only."""
    visible = [0] * 42
    live = 0
    reserve = game.flow.reserve
    kong_turn = [False] * 4
    last_draw: Drew | None = None
    robbed = False
    out = []
    for ev in game.events:
        if isinstance(ev, WallBuilt):
            live = ev.in_play if ev.in_play is not None else len(ev.tiles)
        elif isinstance(ev, Dealt):
            live -= len(ev.tiles)
        elif isinstance(ev, WildcardRevealed):
            live -= 1
            visible[ev.indicator] += 1
        elif isinstance(ev, Drew):
            live -= 1
            last_draw = ev
            robbed = False
        elif isinstance(ev, Discarded):
            visible[ev.tile] += 1
            kong_turn[ev.seat] = False
            last_draw = None
        elif isinstance(ev, Claimed):
            for x in ev.meld:
                visible[x] += 1
            visible[ev.tile] -= 1  # counted once: it was discarded
            if ev.kind == "kong":
                kong_turn[ev.seat] = True
        elif isinstance(ev, KongDeclared):
            visible[ev.tile] += 4 if ev.kind == "concealed" else 1
            kong_turn[ev.seat] = True
        elif isinstance(ev, KongRobbed):
            robbed = True
            kong_turn[ev.seat] = False
        elif isinstance(ev, HaidiFished):
            last_draw = None
        elif isinstance(ev, Won):
            self_drawn = ev.from_seat is None
            out.append({
                "last_tile": visible[ev.tile] - (0 if self_drawn else 1) >= 3,
                "last_wall_tile": live <= reserve and not robbed and (not self_drawn or last_draw is not None),
                "kong_replacement": self_drawn and last_draw is not None and last_draw.seat == ev.seat
                and last_draw.replacement and kong_turn[ev.seat],
                "robbing_kong": robbed,
            })
    return out


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_seeded_games_keep_every_invariant(rules: str, agent: str) -> None:
    rng = SplitMix64(1234, len(rules))
    for k in range(HANDS):
        make = RandomAgent if agent == "random" else GreedyAgent
        game = Game(rules, seed=1000 + k, salt=k, dealer=k % (2 if rules == "twoplayer" else 4))
        agents = {s: make(16 * k + s) for s in game.flow.seats}
        _play_checked(game, agents, rng)
        st = game.state
        assert game.settlement is not None
        net = [0, 0, 0, 0]
        for p in game.events:
            if isinstance(p, Paid):
                net[p.payer] -= p.amount
                net[p.payee] += p.amount
        assert tuple(net) == game.settlement.net == st.net and sum(net) == 0
        again = replay(read_log(dumps_log(game.events)))
        assert again.events == game.events and again.settlement is not None
        assert again.settlement.net == game.settlement.net
        for win, facts in zip(st.win_records, _recount(game), strict=True):
            assert {name: getattr(win, name) for name in facts} == facts, (rules, k, win)


def test_same_seed_same_hand_and_walls_differ_by_salt() -> None:
    a = Game("guobiao", seed=42, salt=3)
    b = Game("guobiao", seed=42, salt=3)
    c = Game("guobiao", seed=42, salt=4)
    assert a.events == b.events
    assert a.events[2] != c.events[2]
