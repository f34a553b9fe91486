"""Verifiable shuffles: a table commits to each hand's seed before the deal and reveals it after the hand.

Before hand ``k`` the table publishes ``commitment = SHA-256("mjcore-shuffle:1:{table}:{k}:{seed}:{nonce}")`` (hex),
where ``seed`` is the 64-bit seed of the hand's wall, dice and draws (:mod:`mahjong.game.rng`) and ``nonce`` 32 random
hex digits that keep the seed from being guessed from the commitment.  After the hand it reveals ``seed`` and
``nonce``: anyone can recompute the hash (``printf %s "mjcore-shuffle:1:…" | sha256sum``), deal the hand again from
the seed and replay its log (:func:`verify_log`, the ``mahjong verify LOG`` command).

The match log (:meth:`mahjong.table.Table.log`) is JSON lines: a ``table`` header, then per finished hand its
``commitment`` line, the hand's events (:mod:`mahjong.game.log`) and its ``reveal`` line.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong.errors import ContextError, MahjongError
from mahjong.game.rng import SplitMix64, mix_seed

__all__ = ["SCHEME", "commitment", "new_secret", "derived_secret", "LogCheck", "HandCheck", "verify_log",
           "MATCH_SALT"]

#: the text whose SHA-256 is the commitment (``str.format`` fields)
SCHEME = "mjcore-shuffle:1:{table}:{hand}:{seed}:{nonce}"
#: the salt of the match-level dice (the next dealer where dice decide it, the two-player game's first dealer),
#: thrown from the seed of the hand before (of hand 0 for the first dealer): revealed, hence checked too
MATCH_SALT = 0x3A7C4
_NONCE_DIGITS = 32


def commitment(table: str, hand: int, seed: int, nonce: str) -> str:
    """The SHA-256 (hex) of :data:`SCHEME` filled with the table id, the hand number, the seed and the nonce."""
    text = SCHEME.format(table=table, hand=hand, seed=seed, nonce=nonce)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_secret() -> tuple[int, str]:
    """A fresh (seed, nonce) from the operating system's secure random source."""
    return secrets.randbits(64), secrets.token_hex(_NONCE_DIGITS // 2)


def derived_secret(master: int, hand: int) -> tuple[int, str]:
    """A reproducible (seed, nonce) for hand ``hand`` of a table made with ``seed=master`` (tests, replays): never
    use it where players must not know the walls in advance."""
    rng = SplitMix64(mix_seed(master, 0x5EED), hand)
    seed = rng.next64()
    nonce = "".join(f"{rng.next64():016x}" for _ in range(_NONCE_DIGITS // 16))
    return seed, nonce


@dataclass
class HandCheck:
    """One hand of a verified log."""

    hand: int
    commitment: str
    seed: int
    events: int
    net: tuple[int, ...]


@dataclass
class LogCheck:
    """A verified match log: the table, its rule set, each hand, and the scores per player."""

    table: str
    rules: str
    hands: list[HandCheck] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": True, "table": self.table, "rules": self.rules, "scores": self.scores,
                "hands": [{"hand": h.hand, "commitment": h.commitment, "seed": h.seed, "events": h.events,
                           "net": list(h.net)} for h in self.hands]}


def _whole(obj: dict[str, Any], key: str, line: int) -> int:
    v = obj.get(key)
    if type(v) is not int or v < 0:
        raise ContextError(f"match log line {line}: {key} must be a whole number, got {v!r}")
    return v


def _text(obj: dict[str, Any], key: str, line: int) -> str:
    v = obj.get(key)
    if not isinstance(v, str):
        raise ContextError(f"match log line {line}: {key} must be text, got {v!r}")
    return v


def verify_log(source: str | bytes) -> LogCheck:
    """Check a match log: each hand's commitment against its revealed seed and nonce, the deal made again from the
    seed and every event replayed (:func:`mahjong.game.log.replay`), the dealers, winds and seating of the match
    (:class:`mahjong.game.match.MatchPlan`, its dice thrown from the revealed seeds).  Raises
    :class:`~mahjong.errors.ContextError` naming the first line or hand that fails."""
    from mahjong.game.engine import make_flow
    from mahjong.game.events import HandEnded, HandStarted, WallBuilt, event_from_dict
    from mahjong.game.log import json_lines, replay
    from mahjong.game.match import MatchPlan

    lines = json_lines(source)
    for at, obj in lines:
        if not isinstance(obj, dict):
            raise ContextError(f"log line {at}: an event is a JSON object, got {type(obj).__name__}")
    if not lines or lines[0][1].get("type") != "table":
        raise ContextError("a match log starts with its table line")
    head_line, head = lines[0]
    table = _text(head, "table", head_line)
    rules = _text(head, "rules", head_line)
    options = head.get("options") or {}
    if not isinstance(options, dict):
        raise ContextError(f"match log line {head_line}: options must be an object")
    try:
        flow = make_flow(rules, options)
    except MahjongError as e:
        raise ContextError(f"match log line {head_line}: {e}") from None
    result = LogCheck(table, rules, scores=[0] * len(flow.seats))
    plan: MatchPlan | None = None
    i = 1
    while i < len(lines):
        at, obj = lines[i]
        if obj.get("type") != "commitment":
            raise ContextError(f"match log line {at}: expected the commitment of hand {len(result.hands)}")
        k = _whole(obj, "hand", at)
        if k != len(result.hands):
            raise ContextError(f"match log line {at}: hand {k} comes where hand {len(result.hands)} should")
        promised = _text(obj, "commitment", at)
        j = i + 1
        events = []
        while j < len(lines) and lines[j][1].get("type") not in ("reveal", "commitment"):
            events.append(event_from_dict(lines[j][1], lines[j][0]))
            j += 1
        if j == len(lines) or lines[j][1].get("type") != "reveal":
            raise ContextError(f"match log line {at}: hand {k} has no reveal line")
        rat, reveal = lines[j]
        seed, nonce = _whole(reveal, "seed", rat), _text(reveal, "nonce", rat)
        if _whole(reveal, "hand", rat) != k:
            raise ContextError(f"match log line {rat}: the reveal of hand {reveal.get('hand')} follows hand {k}")
        if not hmac.compare_digest(commitment(table, k, seed, nonce), promised):
            raise ContextError(f"hand {k}: the revealed seed and nonce do not match the commitment {promised}")
        if not events or not isinstance(events[0], HandStarted):
            raise ContextError(f"hand {k}: the hand's events start with its hand_started event")
        hs = events[0]
        wall = next((e for e in events if isinstance(e, WallBuilt)), None)
        if hs.seed != seed or wall is None or wall.seed != seed or hs.hand_number != k or hs.salt != k:
            raise ContextError(f"hand {k}: the hand was not dealt from the revealed seed {seed}")
        if hs.ruleset != rules or dict(hs.options) != options:
            raise ContextError(f"hand {k}: the hand was not played under the table's rules")
        if plan is None:
            plan = MatchPlan(flow, MatchPlan.first(flow, SplitMix64(seed, MATCH_SALT)))
        seating = reveal.get("seating")
        if (hs.dealer, hs.prevalent_wind) != (plan.dealer, plan.wind) or seating != list(plan.seating):
            raise ContextError(f"hand {k}: the dealer, prevalent wind or seating is not the match's")
        try:
            game = replay(events)
        except ContextError as e:
            raise ContextError(f"hand {k}: {e}") from None
        end = events[-1]
        if not isinstance(end, HandEnded) or game.settlement is None:
            raise ContextError(f"hand {k}: the hand does not end in the log")
        net = tuple(end.net)
        for p in range(len(flow.seats)):
            result.scores[p] += net[plan.seating[p]]
        result.hands.append(HandCheck(k, promised, seed, len(events), net))
        plan.advance(end.next_dealer, SplitMix64(seed, MATCH_SALT).dice)
        i = j + 1
    return result


def seat_hands(hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """Each seat's concealed tiles as sorted tile ids (from 42-slot counts)."""
    return [[t for t in range(len(h)) for _ in range(h[t])] for h in hands]
