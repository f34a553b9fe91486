"""Seeded random hands for every rule set, each with the win facts it is entered with.

A case is built from melds and a pair drawn from the rule set's tile set (no honors where the rule set has
none, Yuhuan's 16-tile hands), some of them claimed from a seat; it is kept only when the Python API scores it
(so every case is a hand the page must show exactly as :func:`mahjong.report.score` does).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from mahjong import report
from mahjong.errors import MahjongError
from mahjong.framework import get_ruleset
from mahjong.tiles import tile_name


@dataclass(frozen=True)
class Meld:
    kind: str  # chow pung kong concealed_kong added_kong
    tiles: tuple[str, ...]
    claimed_from: int | None


@dataclass(frozen=True)
class Case:
    rules: str
    melds: tuple[Meld, ...]
    concealed: tuple[str, ...]  # without the winning tile, sorted
    win_tile: str
    flowers: tuple[str, ...]
    facts: dict[str, Any] = field(default_factory=dict)  # what the form is set to (defaults left out)

    @property
    def text(self) -> str:
        """The notation the page writes for this hand (melds, concealed tiles, the winning tile, flowers)."""
        parts = []
        for m in self.melds:
            seat = f",{m.claimed_from}" if m.claimed_from else ""
            if m.kind == "added_kong":
                seat = f",{m.claimed_from or ''}+"
            parts.append(f"[{compact(m.tiles)}{seat}]")
        body = compact(self.concealed)
        parts.append(f"{body} {self.win_tile}" if body else self.win_tile)
        text = "".join(parts)
        if self.flowers:
            text += " " + compact(self.flowers)
        return text

    @property
    def context(self) -> dict[str, Any]:
        """The win facts as the page sends them: the form's defaults, its changes, self-drawn when nobody discarded."""
        ctx: dict[str, Any] = {"winner": 0, "dealer": 0, "prevalent_wind": 0, **self.facts}
        if ctx.get("discarder") is None:
            ctx.pop("discarder", None)
            ctx["self_drawn"] = True
        return ctx

    def expected(self) -> dict[str, Any]:
        return report.score(self.text, rules=self.rules, context=self.context, win_tile=self.win_tile)


def _id(code: str) -> int:
    from mahjong.tiles import parse_tiles

    return parse_tiles(code)[0]


def compact(codes: tuple[str, ...] | list[str]) -> str:
    out, run, suit = "", "", ""
    for c in sorted(codes, key=_id):
        if len(c) == 2 and c[0].isdigit() and c[1] in "mps":
            if c[1] == suit:
                run += c[0]
                continue
            out += run + suit
            run, suit = c[0], c[1]
        else:
            out += run + suit + c
            run, suit = "", ""
    return out + run + suit


def _make(rng: random.Random, rules: str) -> Case | None:
    rs = get_ruleset(rules)
    hr = rs.hand_rules
    n_melds = (hr.hand_size - 1) // 3
    kinds = [_id(c) for c in report.ruleset_options(rules)["tiles"]]  # the tiles its game plays (the picker's)
    main = rng.randrange(3)
    left = [4] * 34

    def take(tiles: list[int]) -> bool:
        for t in set(tiles):
            if left[t] < tiles.count(t):
                return False
        for t in tiles:
            left[t] -= 1
        return True

    def pick() -> int:
        if rng.random() < 0.6:
            return main * 9 + rng.randrange(9)
        return rng.choice(kinds)

    melds: list[Meld] = []
    concealed: list[int] = []
    exposed = rng.choice([0, 0, 1, 1, 2])
    for i in range(n_melds):
        for _ in range(20):
            t = pick()
            r = rng.random()
            if r < 0.55 and t < 27 and t % 9 <= 6:
                tiles, kind = [t, t + 1, t + 2], "chow"
            elif r < 0.9:
                tiles, kind = [t, t, t], "pung"
            else:
                tiles, kind = [t] * 4, rng.choice(["kong", "concealed_kong", "added_kong"])
            if take(tiles):
                break
        else:
            return None
        if i < exposed or kind in ("kong", "concealed_kong", "added_kong"):
            seat = None if kind == "concealed_kong" else 1 if kind == "chow" else rng.choice([1, 2, 3])
            melds.append(Meld(kind, tuple(tile_name(x) for x in tiles), seat))
        else:
            concealed += tiles
    for _ in range(20):
        p = pick()
        if take([p, p]):
            concealed += [p, p]
            break
    else:
        return None
    win = rng.choice(concealed)
    concealed.remove(win)
    flowers: tuple[str, ...] = ()
    if rng.random() < 0.3 and report.ruleset_options(rules)["flowers"]:  # (the picker: the rule set's own tiles)
        flowers = tuple(sorted(rng.sample([f"f{i}" for i in range(1, 9)], rng.randint(1, 2)), key=_id))
    seats = list(rs.seats)
    facts: dict[str, Any] = {}
    winner, dealer = rng.choice(seats), rng.choice(seats)
    if winner:
        facts["winner"] = winner
    if dealer:
        facts["dealer"] = dealer
    if rng.random() < 0.5:
        facts["discarder"] = rng.choice([s for s in seats if s != winner])
    names = {f["name"] for f in report.context_fields(rules)}  # (the form shows these: no winds without honors)
    if rng.random() < 0.3 and "prevalent_wind" in names:
        facts["prevalent_wind"] = rng.randrange(1, 4)
    for tile_fact in ("indicator", "caishen"):
        if tile_fact in names and rng.random() < 0.6:
            facts[tile_fact] = tile_name(rng.choice(kinds))
    return Case(rules, tuple(melds), tuple(tile_name(t) for t in sorted(concealed)), tile_name(win), flowers, facts)


def cases(per_ruleset: int = 5, seed: int = 14) -> list[Case]:
    """``per_ruleset`` scorable hands for every preset, the same ones on every run."""
    rng = random.Random(seed)
    out: list[Case] = []
    for r in report.rulesets():
        found = 0
        for _ in range(4000):
            case = _make(rng, r["name"])
            if case is None:
                continue
            try:
                case.expected()
            except MahjongError:
                continue
            out.append(case)
            found += 1
            if found == per_ruleset:
                break
        else:
            raise AssertionError(f"no {per_ruleset} scorable random hands for {r['name']}")
    return out
