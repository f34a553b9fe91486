"""Random complete hands for the rule-book tests: regular hands with declared melds (chows, pungs, every kind of
kong), seven pairs, thirteen orphans and knitted hands, with win contexts that fit them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjong.framework import WinContext
from mahjong.hand import Hand, Meld, MeldKind

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _regular(rng: random.Random, kinds: Sequence[int], chows: bool, n_sets: int = 4) -> Hand | None:
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    suited = [t for t in kinds if t < 27]
    for _ in range(n_sets):
        for _try in range(20):
            starts = [x for x in suited if x % 9 <= 6 and x + 2 in kinds and x + 1 in kinds]
            if chows and starts and rng.random() < 0.55:
                t = rng.choice(starts)
                if all(counts[t + i] < 4 for i in range(3)):
                    for i in range(3):
                        counts[t + i] += 1
                    sets.append(("chow", t))
                    break
            else:
                t = rng.choice(list(kinds))
                if counts[t] <= 1:
                    counts[t] += 3
                    sets.append(("pung", t))
                    break
        else:
            return None
    free = [t for t in kinds if counts[t] <= 2]
    pair = rng.choice(free)
    counts[pair] += 2
    concealed: list[int] = [pair, pair]
    melds: list[Meld] = []
    for kind, t in sets:
        if rng.random() < 0.35:
            if kind == "chow":
                melds.append(Meld(MeldKind.CHOW, (t, t + 1, t + 2), 1))
            elif counts[t] == 3 and rng.random() < 0.4:
                counts[t] += 1
                k = rng.choice([MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG])
                melds.append(Meld(k, (t,) * 4, None if k is MeldKind.CONCEALED_KONG else rng.randint(1, 3)))
            else:
                melds.append(Meld(MeldKind.PUNG, (t,) * 3, rng.randint(1, 3)))
        else:
            concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
    return Hand(tuple(concealed), tuple(melds), win_tile=rng.choice(concealed))


def _seven_pairs(rng: random.Random, kinds: Sequence[int]) -> Hand:
    pool = list(kinds)
    tiles: list[int] = []
    counts = [0] * 34
    while len(tiles) < 14:
        t = rng.choice(pool)
        if counts[t] <= 2 and (counts[t] == 0 or rng.random() < 0.15):
            counts[t] += 2
            tiles += [t, t]
    return Hand(tuple(tiles), win_tile=rng.choice(tiles))


def _orphans(rng: random.Random) -> Hand:
    tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
    return Hand(tuple(tiles), win_tile=rng.choice(tiles))


def _knitted(rng: random.Random) -> Hand:
    perm = rng.sample(range(3), 3)
    suited = [perm[i] * 9 + r for i in range(3) for r in range(i, 9, 3)]
    honors = list(range(27, 34))
    n_honors = rng.randint(5, 7)
    tiles = rng.sample(suited, 14 - n_honors) + rng.sample(honors, n_honors)
    return Hand(tuple(tiles), win_tile=rng.choice(tiles))


def random_hand(rng: random.Random, kinds: Sequence[int] = tuple(range(34)), chows: bool = True,
                special: bool = True) -> Hand:
    """A complete 14-tile hand (kongs counted as 3)."""
    honors = any(t >= 27 for t in kinds)
    while True:
        x = rng.random()
        if special and x < 0.1:
            return _seven_pairs(rng, kinds)
        if special and honors and len(kinds) == 34 and x < 0.13:
            return _orphans(rng)
        if special and honors and len(kinds) == 34 and x < 0.15:
            return _knitted(rng)
        if x < 0.2:  # one-suit (and honors) hands, for the flush rows
            s = rng.randrange(3)
            sub = [t for t in kinds if t // 9 == s or (t >= 27 and rng.random() < 0.5)]
            h = _regular(rng, sub, chows)
        elif x < 0.3 and honors:  # honor-heavy hands, for the wind and dragon rows
            sub = [t for t in kinds if t >= 27 or rng.random() < 0.1]
            h = _regular(rng, sub, chows)
        elif x < 0.4:  # small or large ranks only, or around the 5s
            lo, hi = rng.choice([(1, 4), (6, 9), (3, 7)])
            sub = [t for t in kinds if t < 27 and lo <= t % 9 + 1 <= hi]
            h = _regular(rng, sub, chows)
        else:
            h = _regular(rng, kinds, chows)
        if h is not None:
            return h


def random_context(rng: random.Random, hand: Hand, **extra: object) -> dict[str, object]:
    """Win facts that fit the hand (as keyword arguments of a WinContext)."""
    winner = rng.randrange(4)
    dealer = rng.randrange(4)
    self_drawn = rng.random() < 0.4
    discarder = None if self_drawn else rng.choice([s for s in range(4) if s != winner])
    kw: dict[str, object] = {"winner": winner, "dealer": dealer, "discarder": discarder,
                             "prevalent_wind": rng.randrange(4)}
    if rng.random() < 0.1:
        kw["last_wall_tile"] = True
    if self_drawn and any(m.is_kong for m in hand.melds) and rng.random() < 0.3:
        kw["kong_replacement"] = True
    if not self_drawn and rng.random() < 0.05 and not kw.get("last_wall_tile"):
        kw["robbing_kong"] = True
    elif not self_drawn and rng.random() < 0.05:
        kw["after_kong_discard"] = True
    if not hand.melds and winner == dealer and self_drawn and rng.random() < 0.1:
        kw["heavenly"] = True
    if not hand.melds and winner != dealer and rng.random() < 0.05:
        kw["earthly"] = True
    kw.update(extra)
    return kw


def context(**kw: object) -> WinContext:
    return WinContext(**kw)  # type: ignore[arg-type]


def sichuan_hand(rng: random.Random) -> Hand:
    """A complete hand of one or two suits (now and then three, which is no Sichuan win), chows concealed only."""
    n_suits = rng.choice([1, 2, 2, 2]) if rng.random() < 0.9 else 3
    kinds = tuple(t for s in rng.sample(range(3), n_suits) for t in range(9 * s, 9 * s + 9))
    while True:
        try:
            h = random_hand(rng, kinds, chows=True)
            break
        except IndexError:  # a narrow tile set can leave a branch of the generator nothing to choose from
            continue
    melds = tuple(m for m in h.melds if m.kind is not MeldKind.CHOW)
    loose = tuple(t for m in h.melds if m.kind is MeldKind.CHOW for t in m.tiles)
    return Hand(h.concealed + loose, melds, win_tile=h.win_tile)
