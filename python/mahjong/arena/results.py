"""An arena's results per player: score per game, wins, deal-ins and penalties, each with its 95 % interval.

The mean score per game is given with Student's t interval.  In duplicate play (复式) the unit is the wall: a
player's mean over the seats it played that wall from, so the luck of the tiles, shared by every player of the
wall, leaves the interval (walls are independent, the games of one wall are not).  Otherwise the unit is the
game.  The rates (wins, deal-ins, penalties per game) are given with Wilson's score interval.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GameResult", "PlayerResult", "ArenaResult", "mean_interval", "rate_interval", "t_quantile"]

_Z = 1.959963984540054  # the normal distribution's 97.5 % point
# Student's t 97.5 % points for 1..30 degrees of freedom (above: the Cornish-Fisher expansion about _Z)
_T = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
      2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t_quantile(df: int) -> float:
    """Student's t distribution's 97.5 % point with ``df`` degrees of freedom (the 95 % two-sided interval)."""
    if df < 1:
        return math.inf
    if df <= len(_T):
        return _T[df - 1]
    z = _Z
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` and its 95 % t interval (infinite for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (math.nan, -math.inf, math.inf)
    mean = sum(values) / n
    if n < 2:
        return (mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def rate_interval(hits: int, n: int) -> tuple[float, float, float]:
    """(rate, low, high): ``hits / n`` and its 95 % Wilson score interval."""
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = hits / n
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameResult:
    """One game of an arena, per player (not per seat): the player's seat, its net score, whether it won, dealt
    in (discarded the winning tile, or had its kong robbed) and the penalty it was given (None if none)."""

    wall: int  #: the wall's number (its salt); in duplicate play each wall is played once per rotation
    rotation: int
    seats: tuple[int, ...]
    net: tuple[int, ...]
    won: tuple[bool, ...]
    dealt_in: tuple[bool, ...]
    penalty: tuple[str | None, ...]


@dataclass(frozen=True)
class PlayerResult:
    """One player's row of the results table."""

    player: int
    name: str
    games: int
    score: int  #: the total
    mean: float  #: per game
    mean_low: float
    mean_high: float
    wins: int
    win_rate: tuple[float, float, float]
    deal_ins: int
    deal_in_rate: tuple[float, float, float]
    penalties: int
    penalty_rate: tuple[float, float, float]
    penalty_kinds: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        def rate(r: tuple[float, float, float]) -> dict[str, float | None]:
            return {"rate": _num(r[0]), "low": _num(r[1]), "high": _num(r[2])}

        return {"player": self.player, "name": self.name, "games": self.games, "score": self.score,
                "mean": _num(self.mean), "mean_low": _num(self.mean_low), "mean_high": _num(self.mean_high),
                "wins": self.wins, "win_rate": rate(self.win_rate), "deal_ins": self.deal_ins,
                "deal_in_rate": rate(self.deal_in_rate), "penalties": self.penalties,
                "penalty_rate": rate(self.penalty_rate), "penalty_kinds": dict(self.penalty_kinds)}


def _num(x: float) -> float | None:
    """A number for JSON: None for an infinite or undefined bound."""
    return None if math.isinf(x) or math.isnan(x) else round(x, 4)


@dataclass
class ArenaResult:
    """The whole arena: what was played and every game's result; :meth:`players` is the table."""

    rules: str
    names: list[str]
    hands: int  #: walls dealt
    seed: int
    duplicate: bool
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    logs: str | None = None

    def players(self) -> list[PlayerResult]:
        out = []
        n = len(self.games)
        for p, name in enumerate(self.names):
            nets = [g.net[p] for g in self.games]
            if self.duplicate:
                per_wall: dict[int, list[int]] = {}
                for g in self.games:
                    per_wall.setdefault(g.wall, []).append(g.net[p])
                units = [sum(v) / len(v) for v in per_wall.values()]
            else:
                units = [float(v) for v in nets]
            mean, low, high = mean_interval(units)
            wins = sum(g.won[p] for g in self.games)
            deal_ins = sum(g.dealt_in[p] for g in self.games)
            kinds = Counter(k for g in self.games if (k := g.penalty[p]) is not None)
            pens = sum(kinds.values())
            out.append(PlayerResult(p, name, n, sum(nets), mean, low, high, wins, rate_interval(wins, n), deal_ins,
                                    rate_interval(deal_ins, n), pens, rate_interval(pens, n),
                                    dict(sorted(kinds.items()))))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "hands": self.hands, "games": len(self.games), "seed": self.seed,
                "duplicate": self.duplicate, "seconds": round(self.seconds, 3),
                "cpu_seconds": round(self.cpu_seconds, 3),
                "games_per_second": round(len(self.games) / self.seconds, 2) if self.seconds > 0 else None,
                "logs": self.logs, "players": [r.to_dict() for r in self.players()]}
