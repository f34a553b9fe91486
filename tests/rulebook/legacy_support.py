"""The answers of Sichuan 血战到底 and the two-player game as they were before their modules became rule books.

Written once by the Python modules as they stood (``python tests/rulebook/legacy_support.py --write``, before the
migration), read by ``test_sichuan_file.py`` and ``test_twoplayer_file.py``: every hand of the rule sets' own tests
and generated hands under several option sets (the score, or the error raised), and whole hands played in the
engine (the record the engine folded, its settlement, lines and wall-end details included).  Item keys are stored
under their vocabulary keys, so a key renamed changes nothing here.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from corpus_support import hand_from_json, hand_to_json
from file_compare import hands_written_in
from rb_support import random_context, random_hand, sichuan_hand

from mahjong.errors import MahjongError
from mahjong.framework import get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulebook.rows import vocabulary_key
from mahjong.settlement import Settlement

LEGACY = Path(__file__).resolve().parent / "data" / "sichuan_twoplayer_answers.json.gz"

_FULL = bool(os.environ.get("MJ_CORPUS_FULL"))
_PURE = bool(os.environ.get("MAHJONG_PURE_PYTHON"))
#: the scored hands checked (every fourth in CI; ``MJ_CORPUS_FULL=1``: all)
SCORE_STRIDE = 1 if _FULL else 4
#: the hands played again in the engine (the pure-Python engine is many times slower: fewer of them there)
REPLAY_STRIDE = 1 if _FULL else 100 if _PURE else 25
#: the recorded hands settled again (all of them; every fourth of the two-player ones on the pure-Python backend)
SETTLE_STRIDE = 4 if _PURE and not _FULL else 1

#: the option sets tried, per preset (the default first)
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "sichuan": [
        {},
        {"fan_base": 0},
        {"max_fan": 4},
        {"zimo_bonus": "double", "base": 2},
        {"zimo_bonus": "add_fan", "max_fan": 5, "fan_base": 0},
        {"jingoudiao": "pattern"},
        {"kong_counts_as_gen": False, "zimo_bonus": "none"},
        {"dianganghua": "discard", "jingoudiao": "pattern", "base": 3},
    ],
    "twoplayer": [
        {},
        {"filled_rows": False},
        {"qiong_hu_ignores_filled": False, "flower_fan": 2},
        {"cap": 20, "base": 2, "haidi_fan": 0},
        {"cap": 8, "flower_fan": 0},
    ],
}

#: option sets of whole hands played in the engine (settlement options included)
PLAY_OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "sichuan": [
        {},
        {"mode": "normal"},
        {"huazhu_pays_won": False, "direct_kong_others": 1, "call_transfer": True},
        {"dajiao": False, "refund_kongs": False, "huazhu_penalty": 8, "concealed_kong": 1},
        {"dianganghua": "discard", "next_dealer": "winner", "max_fan": 4, "zimo_bonus": "double"},
    ],
    "twoplayer": [{}, {"cap": 8, "base": 2}],
}

#: the test modules whose hands are scored
TEST_MODULES = {"sichuan": ("test_sichuan.py",), "twoplayer": ("test_twoplayer.py", "test_common.py")}


def sichuan_context(rng: random.Random, hand: Hand) -> dict[str, Any]:
    kw = random_context(rng, hand)
    if rng.random() < 0.3:  # 血战到底: one or two players have already won and pay nothing
        others = [s for s in range(4) if s not in (kw["winner"], kw["discarder"])]
        kw["already_won"] = sorted(rng.sample(others, rng.randint(1, 2)))
    if kw.get("kong_replacement") and rng.random() < 0.5:  # 点杠花
        kw["kong_from"] = rng.choice([s for s in range(4) if s != kw["winner"]])
    return kw


def twoplayer_context(rng: random.Random, hand: Hand) -> dict[str, Any]:
    winner = rng.randrange(2)
    kw: dict[str, Any] = {"winner": winner, "dealer": rng.randrange(2), "prevalent_wind": rng.randrange(4)}
    if rng.random() < 0.55:
        kw["discarder"] = 1 - winner
        if rng.random() < 0.1:
            kw["robbing_kong"] = True  # scored as a self-draw
    elif rng.random() < 0.15:
        kw["haidi"] = True
    if rng.random() < 0.2:
        kw["declared_ready"] = True
        if hand.is_concealed and rng.random() < 0.3:
            kw["kou_ting"] = True
    if rng.random() < 0.05:
        kw["last_wall_tile"] = True
    return kw


def twoplayer_hand(rng: random.Random) -> Hand:
    h = random_hand(rng)
    if rng.random() < 0.3:
        return Hand(h.concealed, h.melds, tuple(sorted(rng.sample(range(34, 42), rng.randint(1, 3)))), h.win_tile)
    return h


def _jsonable(x: Any) -> Any:
    if isinstance(x, (frozenset, set)):
        return sorted(x)
    if isinstance(x, (list, tuple)):
        return [_jsonable(y) for y in x]
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    return x


def score_answer(rs: Any, hand: Hand, kw: dict[str, Any]) -> Any:
    """One win's answer: total, unit, validity, items (vocabulary key, names, value, count, unit), payments,
    the reading and the wait; or the error's type."""
    try:
        r = rs.score(hand, rs.Context(**kw))
    except MahjongError as e:
        return type(e).__name__
    return result_answer(r)


def result_answer(r: Any) -> list[Any]:
    items = [[vocabulary_key(i.key), i.name_zh, i.name_en, i.value, i.count, i.unit] for i in r.items]
    return [r.total, r.unit, r.valid, items, list(r.payments), repr(r.reading), r.wait]


def settlement_answer(s: Settlement) -> dict[str, Any]:
    """A whole hand's settlement: net, every line, each win's answer and the details."""
    return {"net": list(s.net),
            "lines": [[p.payer, p.payee, p.amount, p.reason, p.event, p.note] for p in s.lines],
            "results": [result_answer(r) for r in s.results],
            "details": _jsonable(dict(s.details))}


def play(preset: str, options: dict[str, Any], seed: int) -> Any:
    """One hand played in the engine with seeded greedy and random agents: (the record, its settlement)."""
    from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand, record_of

    seats = (0, 1) if preset == "twoplayer" else (0, 1, 2, 3)
    g = Game(preset, seed=seed, dealer=seats[seed % len(seats)], options=options)
    agents = {s: GreedyAgent(seed * 4 + s) if s % 2 == 0 else RandomAgent(seed * 4 + s) for s in seats}
    play_hand(g, agents)
    assert g.settlement is not None
    return record_of(g), g.settlement


def generate(n_hands: int, n_played: int, seed: int = 2027) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"scores": [], "played": []}
    for preset, option_sets in OPTION_SETS.items():
        rulesets = [get_ruleset(preset, **o) for o in option_sets]
        context = sichuan_context if preset == "sichuan" else twoplayer_context
        make = sichuan_hand if preset == "sichuan" else twoplayer_hand
        hands = [parse_hand(t) for m in TEST_MODULES[preset] for t in hands_written_in(m)]
        hands += [make(rng) for _ in range(n_hands)]
        for i, h in enumerate(hands):
            k = i % len(rulesets) if i < len(hands) - n_hands else rng.randrange(len(rulesets))
            kw = context(rng, h)
            out["scores"].append([preset, k, hand_to_json(h), kw, score_answer(rulesets[k], h, kw)])
    for preset, option_sets in PLAY_OPTION_SETS.items():
        for k, options in enumerate(option_sets):
            for s in range(n_played):
                record, settlement = play(preset, options, s)
                out["played"].append([preset, k, s, record.to_dict(), settlement_answer(settlement)])
    return out


def in_vocabulary(answer: Any, renamed: dict[str, str] | None = None) -> Any:
    """A frozen answer with its item keys under their vocabulary keys (``renamed``: a rule set's own former keys
    that the shared vocabulary maps elsewhere); names, values and money unchanged."""
    if isinstance(answer, str):
        return answer
    total, unit, valid, items, payments, reading, wait = answer
    keys = [[vocabulary_key((renamed or {}).get(k, k)), *rest] for k, *rest in items]
    return [total, unit, valid, keys, payments, reading, wait]


def load() -> dict[str, Any]:
    with gzip.open(LEGACY, "rt", encoding="utf-8") as f:
        return json.load(f)  # type: ignore[no-any-return]


__all__ = ["LEGACY", "OPTION_SETS", "PLAY_OPTION_SETS", "generate", "load", "play", "score_answer",
           "settlement_answer", "hand_from_json", "in_vocabulary", "SCORE_STRIDE", "REPLAY_STRIDE", "SETTLE_STRIDE"]


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        data = generate(5000, 60)
        with gzip.open(LEGACY, "wt", encoding="utf-8", compresslevel=9) as f:
            json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        print(len(data["scores"]), "scores", len(data["played"]), "played", LEGACY.stat().st_size, "bytes")
