"""The answers corpus of the built-in regional rule sets: generated hands and win facts, and what each rule set
answered (total, unit, validity, items, payments, or the error raised).

The corpus was written by the rule sets as they were before they moved onto the rule book
(``python tests/rulebook/corpus_support.py --write``); ``test_ruleset_corpus.py`` checks that the rule sets still
give exactly these answers.  Each entry: ``[preset, option set index, hand, win facts, answer]``.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

from rb_support import _orphans, _regular, _seven_pairs, random_context

from mahjong.errors import MahjongError
from mahjong.framework import get_ruleset
from mahjong.hand import Hand, Meld, MeldKind
from mahjong.rulebook.rows import vocabulary_key

CORPUS = Path(__file__).resolve().parent / "data" / "ruleset_answers.json.gz"

#: per preset: the option sets tried (the preset's default first)
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "common": [{}, {"filled_rows": False}, {"qiong_hu_ignores_filled": False}, {"max_fan": 13, "base": 2},
               {"discard_all_pay": True, "filled_rows": False}],
    "nanchang": [{}, {"discard_payment": "discarder_only", "dealer_doubling": "winner_or_discarder"},
                 {"cap_per_payer": 40, "deguo_bonus_payers": "all", "seven_pairs_deguo_double": True},
                 {"jing_at_face_value": False, "heavenly_earthly_multiplies": True, "payment_unit": 2}],
    "yuhuan": [{}, {"max_tai": 6, "cap": 800}, {"lazi_is_cap": True, "pinghu_pair_no_honor": True, "haidi_tai": 1}],
    "jinshan": [{}, {"fan_mode": "linear", "min_hu": 10}, {"thirteen_orphans_needs_flower": False,
                                                         "single_wait_pair_bonus": True, "dealer_factor": 2}],
    "wuhu-2468": [{}, {"seven_pairs": True, "ya_from_edge": True}, {"derive_ya": False, "kong_counts_four": False}],
    "wuhu-1234": [{}, {"seven_pairs": True, "ya_from_single": True, "full_flush_zuizi": 3}],
}

SIZES = {"yuhuan": 5}  #: sets per hand where it is not four


def _hand(rng: random.Random, preset: str) -> Hand:
    n_sets = SIZES.get(preset, 4)
    while True:
        x = rng.random()
        if n_sets == 4 and x < 0.1:
            return _seven_pairs(rng, range(34))
        if n_sets == 4 and x < 0.13:
            return _orphans(rng)
        if x < 0.3:
            s = rng.randrange(3)
            kinds = [t for t in range(34) if t // 9 == s or (t >= 27 and rng.random() < 0.4)]
        elif x < 0.4:
            kinds = [t for t in range(34) if t >= 27 or rng.random() < 0.15]
        else:
            kinds = list(range(34))
        h = _regular(rng, kinds, True, n_sets)
        if h is not None:
            return h


def _with_flowers(h: Hand, flowers: list[int]) -> Hand:
    return Hand(h.concealed, h.melds, tuple(sorted(flowers)), h.win_tile)


def _facts(rng: random.Random, preset: str, h: Hand) -> tuple[Hand, dict[str, Any]]:
    kw = random_context(rng, h)
    if preset == "nanchang":
        if rng.random() < 0.8:
            kw["indicator"] = rng.randrange(34)
    elif preset == "yuhuan":
        kw.pop("heavenly", None)
        kw.pop("earthly", None)
        if rng.random() < 0.7:
            kw["caishen"] = rng.randrange(34)
        if rng.random() < 0.3:
            kw["gang_hua"] = rng.randint(1, 2)
        if kw.get("discarder") is not None and rng.random() < 0.1:
            kw["chengbao"] = True
    elif preset == "jinshan":
        flowers = [f for f in (34, 35, 36, 37) if rng.random() < 0.2]
        wild = [f for f in (38, 39, 40, 41) if rng.random() < 0.15]
        if wild:  # 百搭 stand in for concealed tiles (never for the winning tile itself)
            rest = list(h.concealed)
            used = []
            for f in wild:
                cands = [t for t in rest if t != h.win_tile or rest.count(t) > 1]
                if not cands:
                    break
                rest.remove(rng.choice(cands))
                used.append(f)
            h = Hand(tuple(rest), h.melds, (), h.win_tile)
            flowers += used
        h = _with_flowers(h, flowers)
    elif preset.startswith("wuhu"):
        if rng.random() < 0.3:
            kw["ya"] = rng.randint(0, 4)
    return h, kw


def _number(x: Any) -> Any:
    return x if isinstance(x, (int, str, type(None))) else repr(x)


def hand_to_json(h: Hand) -> list[Any]:
    return [list(h.concealed), [[m.kind.value, list(m.tiles), m.claimed_from] for m in h.melds], list(h.flowers),
            h.win_tile]


def hand_from_json(x: list[Any]) -> Hand:
    concealed, melds, flowers, win = x
    return Hand(tuple(concealed), tuple(Meld(MeldKind(k), tuple(t), c) for k, t, c in melds), tuple(flowers), win)


def answer(rs: Any, hand: Hand, kw: dict[str, Any]) -> Any:
    """What the rule set answers for one hand: a compact, JSON-able form of the score (or the error's type)."""
    try:
        ctx = rs.Context(**kw)
        r = rs.score(hand, ctx)
    except MahjongError as e:
        return type(e).__name__
    items = [[vocabulary_key(i.key, rs.name), i.value, i.count, i.unit] for i in r.items]
    return [r.total, r.unit, r.valid, items, list(r.payments), r.wait]


def generate(n_per_preset: int, seed: int = 2026) -> list[list[Any]]:
    rng = random.Random(seed)
    out: list[list[Any]] = []
    for preset, option_sets in OPTION_SETS.items():
        rulesets = [get_ruleset(preset, **o) for o in option_sets]
        for _ in range(n_per_preset):
            h = _hand(rng, preset)
            h, kw = _facts(rng, preset, h)
            k = rng.randrange(len(rulesets))
            out.append([preset, k, hand_to_json(h), kw, answer(rulesets[k], h, kw)])
    return out


def load() -> list[list[Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        data = generate(2000)
        CORPUS.parent.mkdir(exist_ok=True)
        with gzip.open(CORPUS, "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        errors: dict[str, int] = {}
        for p, _k, _t, _kw, a in data:
            key = f"{p}:{a if isinstance(a, str) else 'scored'}"
            errors[key] = errors.get(key, 0) + 1
        print(len(data), "entries", CORPUS.stat().st_size, "bytes", errors)
