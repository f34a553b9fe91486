"""Helpers for the engine tests: explicit walls built from the hands a scenario needs, and a scripted agent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import mahjong
from mahjong.game import Action, Game
from mahjong.game.engine import make_flow
from mahjong.tiles import parse_tiles

PASS = Action("pass")
#: the compiled backend plays a hand in microseconds, its pure-Python twin in tenths of a second: tests that loop
#: over many seeded hands loop over fewer on the twin (which the compiled pass has checked hand by hand)
COMPILED = mahjong.BACKEND == "cython"


def tiles(text: str) -> list[int]:
    return list(parse_tiles(text)) if text else []


def make_wall(
    rules: str,
    deal: Mapping[int, str],
    draws: Sequence[str] = (),
    back: Sequence[str] = (),
    *,
    dealer: int = 0,
    out_of_play: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> list[int]:
    """A wall in drawing order: each seat's dealt tiles start with ``deal[seat]``, then the front draws in
    ``draws`` (one notation string per draw), then filler; ``back`` are the first replacement tiles
    (``back[0]`` is drawn first, i.e. it is the wall's last tile); ``out_of_play`` go after the tiles in play
    (two-player game).  Bonus tiles not asked for are put in the middle of the filler."""
    flow = make_flow(rules, options)
    pool = Counter(flow.tiles())

    def take(ts: list[int]) -> list[int]:
        for t in ts:
            if pool[t] <= 0:
                raise AssertionError(f"scenario uses tile {t} more often than the set holds")
            pool[t] -= 1
        return ts

    seats = flow.seats
    i0 = seats.index(dealer)
    order = [seats[(i0 + k) % len(seats)] for k in range(len(seats))]
    fixed_deal = {s: take(tiles(deal.get(s, ""))) for s in order}
    fixed_draws = [take(tiles(d)) for d in draws]
    fixed_back = [take(tiles(b)) for b in back]
    fixed_out = take([t for b in out_of_play for t in tiles(b)])
    bonus = {t for t in pool if t >= 34 or flow.is_bonus(t, _NoState())}
    plain = sorted(t for t in pool.elements() if t not in bonus)
    extra_bonus = sorted(t for t in pool.elements() if t in bonus)
    wall: list[int] = []
    for s in order:
        n = flow.hand_size + (1 if s == dealer else 0)
        hand = list(fixed_deal[s])
        while len(hand) < n:
            hand.append(plain.pop(0))
        wall += hand
    for d in fixed_draws:
        wall += d
    tail = [t for b in reversed(fixed_back) for t in b]
    n_total = len(wall) + len(plain) + len(extra_bonus) + len(tail) + len(fixed_out)
    in_play = flow.in_play(n_total)
    rest = plain
    middle = len(rest) // 2
    rest = rest[:middle] + extra_bonus + rest[middle:]
    if in_play is not None:
        n_filler = in_play - len(wall) - len(tail)
        wall += rest[:n_filler] + tail + fixed_out + rest[n_filler:]
    else:
        wall += rest + tail
    return wall


class _NoState:
    indicator = None


class Scripted:
    """Plays ``plan`` (actions, in order: the head is taken as soon as it is legal; a ``(phase, action)`` head
    only in that phase); otherwise passes on claims, discards the tile just drawn, never wins unless told to (a
    forced win excepted)."""

    def __init__(self, plan: Sequence[Any] = ()) -> None:
        self.plan = list(plan)
        self.asked: list[tuple[str, list[Action]]] = []

    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action:
        self.asked.append((game.state.phase, list(legal)))
        if self.plan:
            head = self.plan[0]
            phase, want = head if isinstance(head, tuple) else (None, head)
            if want in legal and phase in (None, game.state.phase):
                self.plan.pop(0)
                return want
        if PASS in legal:
            return PASS
        d = game.state.last_draw
        if d is not None and d[0] == seat and Action("discard", d[1]) in legal:
            return Action("discard", d[1])
        discards = [a for a in legal if a.kind == "discard"]
        return discards[-1] if discards else legal[0]


def run(game: Game, agents: Mapping[int, Any]) -> Game:
    steps = 0
    while not game.done:
        for seat in game.pending:
            game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
        steps += 1
        assert steps < 10_000
    return game


def scripted(rules: str, wall: list[int], plans: Mapping[int, Sequence[Any]] | None = None,
             **kwargs: Any) -> tuple[Game, dict[int, Scripted]]:
    game = Game(rules, wall=wall, **kwargs)
    agents = {s: Scripted((plans or {}).get(s, ())) for s in game.flow.seats}
    return run(game, agents), agents


def events_of(game: Game, kind: type) -> list[Any]:
    return [e for e in game.events if isinstance(e, kind)]


def segment_wall(deal: Mapping[int, str], draws: Mapping[int, Sequence[str | None]] | None = None, *,
                 dealer: int = 0, seed: int = 3) -> list[int]:
    """A Botzone-format wall (136 tiles, no flowers: four 34-tile segments, seat order): seat ``s``'s segment
    starts with the tiles ``deal[s]`` (in the order written; filler up to 13, the dealer's 14), then its draws
    in order (``draws[s]``: one notation tile each, ``None`` = any tile), then filler (the other tiles shuffled
    by ``seed``)."""
    import random

    from mahjong.game.flows.base import standard_tiles

    pool = Counter(standard_tiles())
    rows: dict[int, tuple[list[int], int, list[int | None]]] = {}
    for s in range(4):
        want = tiles(deal.get(s, ""))
        n = 14 if s == dealer else 13
        assert len(want) <= n
        drawn = [None if x is None else tiles(x)[0] for x in (draws or {}).get(s, ())]
        for t in want + [x for x in drawn if x is not None]:
            pool[t] -= 1
            assert pool[t] >= 0, f"scenario uses tile {t} more often than the set holds"
        rows[s] = (want, n, drawn)
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    wall: list[int] = []
    for s in range(4):
        want, n, drawn = rows[s]
        seg = want + [rest.pop() for _ in range(n - len(want))]
        seg += [rest.pop() if x is None else x for x in drawn]
        seg += [rest.pop() for _ in range(34 - len(seg))]
        wall += seg
    return wall
