"""Helpers of the tables' tests: watchers that keep every frame as it would go on the wire, a driver that plays
the people's seats of a table on a manual clock, and the fold of a client's frames."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mahjong.table import ManualClock, Table, Timing, encode

FAST = Timing(claim=1.0, turn=5.0, bank=3.0, away=2.0, agent=0.25, between=2.0)


@dataclass
class Wire:
    """Every frame one watcher got, as JSON text (what the server sends) and read back, with the clock time."""

    clock: ManualClock
    texts: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def __call__(self, frame: dict[str, Any]) -> None:
        self.texts.append(encode(frame))
        self.times.append(self.clock.now)

    @property
    def frames(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def last(self) -> dict[str, Any]:
        return json.loads(self.texts[-1])


def fold(frames: list[dict[str, Any]]) -> dict[str, Any]:
    """The state a client keeps: the snapshot, then each update and answer folded in (as table.js does)."""
    state: dict[str, Any] = {}
    for f in frames:
        if f["type"] == "snapshot":
            state = {k: f[k] for k in ("seq", "hand", "events", "view", "step", "scores", "results")}
            state["events"] = list(state["events"])
            state["results"] = list(state["results"])
        elif f["type"] == "update":
            assert f["seq"] == state["seq"] + 1, "a frame was lost"
            if (state["hand"] or {}).get("number") != (f["hand"] or {}).get("number"):
                state["events"] = []
            state.update({k: f[k] for k in ("seq", "hand", "view", "step", "scores")})
            state["events"] = state["events"] + f["events"]
            if "result" in f:
                state["results"] = state["results"] + [f["result"]]
        elif f["type"] == "answered":
            state["step"] = f["step"]
    return state


Policy = Callable[[int, int, list[dict[str, Any]]], dict[str, Any] | None]


def random_policy(rng: random.Random, answer_rate: float = 0.9) -> Policy:
    """A person who answers most decisions (a random legal answer; a win when there is one) and lets the clock run
    out on the others."""

    def choose(seq: int, player: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        if rng.random() > answer_rate:
            return None
        wins = [a for a in legal if a["kind"] == "win"]
        if wins:
            return wins[0]
        passes = [a for a in legal if a["kind"] == "pass"]
        if passes and rng.random() < 0.6:
            return passes[0]
        return rng.choice(legal)

    return choose


def play(table: Table, clock: ManualClock, wires: dict[int | None, Wire], policy: Policy,
         script: dict[tuple[int, int], dict[str, Any] | None] | None = None, max_steps: int = 20_000) -> None:
    """Play the table to its end: at each step every person with a decision answers at once by ``policy`` (or not,
    and the clock runs out); then the clock moves to the next deadline.  ``script`` records (seq, player) -> the
    answer (``None``: none)."""
    decided = script if script is not None else {}
    for _ in range(max_steps):
        if table.over:
            return
        acted = True
        while acted:
            acted = False
            for p in table.humans:
                wire = wires.get(p)
                if wire is None:
                    continue
                f = wire.last()
                legal = f.get("step", {}).get("legal")
                seq = f["seq"]
                if not legal or (seq, p) in decided:
                    continue
                choice = policy(seq, p, legal)
                decided[(seq, p)] = choice
                if choice is not None:
                    table.act(p, choice)
                    acted = True
        due = table.next_deadline()
        if due is None:
            return
        clock.set(due)
        table.tick()
    raise AssertionError("the table did not finish")
