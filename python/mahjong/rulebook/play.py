"""The play's own steps as rule-file keys (rbflow): 定缺, the forced win in the last tiles, 换三张 and its direction,
play after a win, which win is 地胡 and which discards are late (承包) — each a constant or an expression of the
file's options, read by the generic flow (:class:`mahjong.rulebook.flow.BookFlow`).

A file's ``[flow]`` keys ``lack``, ``forced_win_tiles``, ``exchange_three``, ``exchange_direction``,
``winners_to_end``, ``earthly`` and ``late_discard_tiles`` are kept as expressions (:data:`PLAY_KEYS`); the
options they may name are the file's options, the scoring's (``mode``) and the play's own (``[options.X] play =
true``: given to the game, not to ``score()``).  :func:`check_play` proves at load time that every setting of those
options gives a value the play can use (a number in range, a known direction, no 换三张 in a game where a hand may
hold fewer than three tiles of every suit …), and :func:`play_values` reads them for one setting.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from typing import Any

from mahjong.errors import RulesError, closest
from mahjong.rulebook.expr import BUILTINS, ExprError, Node, evaluate, names_in, parse

__all__ = ["PLAY_KEYS", "DIRECTIONS", "play_nodes", "check_play", "play_values", "settings_of"]

#: 换三张 directions: how many seats on (in turn order) the three tiles go
DIRECTIONS = {"counterclockwise": 1, "clockwise": 3, "opposite": 2}

#: the play keys of ``[flow]`` and their defaults
PLAY_KEYS: dict[str, Any] = {"lack": False, "forced_win_tiles": 0, "exchange_three": False,
                             "exchange_direction": "dice", "winners_to_end": 1, "earthly": "first_discard",
                             "dealer": "next", "late_discard_tiles": -1}

_TEXT_CHOICES = {"exchange_direction": ("dice", *DIRECTIONS),
                 "earthly": ("first_discard", "first_round", "first_draw"),
                 "dealer": ("next", "winner", "keep", "discarder", "dice")}
_WORD = re.compile(r"^[a-z_][a-z0-9_]*$")

Options = dict[str, tuple[str, Any, dict[str, Any]]]
Report = Callable[[tuple[Any, ...], str], None]


def _node(key: str, raw: Any) -> Node:
    if isinstance(raw, bool):
        return parse(str(raw).lower())
    if key in _TEXT_CHOICES and raw in _TEXT_CHOICES[key]:
        return parse(f'"{raw}"')  # a constant choice, written bare in the file
    return parse(str(raw))


def play_nodes(flow: Mapping[str, Any], names: set[str], report: Report) -> dict[str, Node]:
    """The play keys of a ``[flow]`` table as expressions, each name checked against ``names`` (the options the
    play may read); problems go to ``report``."""
    out: dict[str, Node] = {}
    for key, default in PLAY_KEYS.items():
        raw = flow.get(key, default)
        if key in _TEXT_CHOICES and isinstance(raw, str) and _WORD.match(raw) and raw not in _TEXT_CHOICES[key] \
                and raw not in names:
            report(("flow", key), f"must be one of {', '.join(_TEXT_CHOICES[key])} (or an expression of the "
                                  f"options giving one); got {raw!r}")
            continue
        try:
            node = _node(key, raw)
        except ExprError as e:
            report(("flow", key), str(e))
            continue
        used, called = names_in(node)
        for n in sorted(used - names):
            guess = closest(n, names)
            report(("flow", key), f"unknown name {n!r}: did you mean {guess}? (not an option of this file)" if guess
                   else f"unknown name {n!r} (not an option of this file)")
        for f in sorted(called - set(BUILTINS)):
            report(("flow", key), f"unknown function {f!r}; known: {', '.join(sorted(BUILTINS))}")
        if used <= names and called <= set(BUILTINS):
            out[key] = node
    return out


def _samples(kind: str, default: Any, meta: Mapping[str, Any]) -> list[Any]:
    if kind == "bool":
        return [False, True]
    if kind == "str" and meta.get("choices"):
        return list(meta["choices"])
    got = [default]
    for k in ("minimum", "maximum"):
        if meta.get(k) is not None and meta[k] not in got:
            got.append(meta[k])
    return got


def settings_of(nodes: Mapping[str, Node], options: Options, limit: int = 512) -> list[dict[str, Any]]:
    """Every setting of the options the play keys name (each bool both ways, each str option's every choice, an
    int option's default and limits), the others at their defaults; at most ``limit`` of them."""
    named = sorted({n for node in nodes.values() for n in names_in(node)[0]} & set(options))
    base = {k: v[1] for k, v in options.items()}
    out = []
    for combo in itertools.product(*(_samples(*options[n]) for n in named)):
        out.append({**base, **dict(zip(named, combo))})
        if len(out) >= limit:
            break
    return out


def _problem(key: str, value: Any, players: int) -> str | None:
    """What is wrong with one play key's value (None: it is usable)."""
    if key in ("lack", "exchange_three"):
        return None if isinstance(value, bool) else f"must be true or false, got {value!r}"
    if key in _TEXT_CHOICES:
        return None if value in _TEXT_CHOICES[key] else (f"must be one of {', '.join(_TEXT_CHOICES[key])}; "
                                                         f"got {value!r}")
    if not isinstance(value, int) or isinstance(value, bool):
        return f"must be a whole number, got {value!r}"
    if key == "winners_to_end" and not 1 <= value < players:
        return (f"must be at least 1 and fewer than the players ({players}): play must end while someone is left "
                f"to win; got {value}")
    if key == "forced_win_tiles" and not 0 <= value <= 20:
        return f"must be between 0 and 20, got {value}"
    if key == "late_discard_tiles" and not -1 <= value <= 60:
        return f"must be between 0 and 60 (or -1: no discard is late), got {value}"
    return None


def play_values(nodes: Mapping[str, Node], names: Mapping[str, Any], players: int, where: str) -> dict[str, Any]:
    """The play keys' values for one setting of the options; :class:`RulesError` naming ``where`` (the file) and
    the key for a value the play cannot use."""
    out: dict[str, Any] = {}
    for key, node in nodes.items():
        try:
            value = evaluate(node, names, BUILTINS)
        except RulesError as e:
            raise RulesError(f"{where}: flow.{key}: {e}") from None
        problem = _problem(key, value, players)
        if problem is not None:
            raise RulesError(f"{where}: flow.{key}: {problem}")
        out[key] = value
    return out


def check_play(nodes: Mapping[str, Node], options: Options, players: int, suits: int, honors: bool,
               report: Report) -> None:
    """Every setting of the options gives usable play values, and the steps fit the tile set: 换三张 needs every
    hand to hold three tiles of one suit (suited tiles only), 定缺 needs two suits or more."""
    seen: set[str] = set()
    for setting in settings_of(nodes, options):
        for key, node in nodes.items():
            if key in seen:
                continue
            try:
                value = evaluate(node, setting, BUILTINS)
            except RulesError as e:
                report(("flow", key), str(e))
                seen.add(key)
                continue
            problem = _problem(key, value, players)
            if problem is None and key == "exchange_three" and value and (honors or suits == 0):
                problem = ("换三张 needs every hand to hold three tiles of one suit: a tile set of suited tiles "
                           "only (no honors)")
            if problem is None and key == "lack" and value and suits < 2:
                problem = "定缺 needs two suits or more in the tile set"
            if problem is not None:
                hint = ", ".join(f"{k} = {setting[k]!r}" for k in sorted(names_in(node)[0]) if k in setting)
                report(("flow", key), f"with {hint}: {problem}" if hint else problem)
                seen.add(key)
