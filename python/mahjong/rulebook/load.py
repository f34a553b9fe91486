"""Reading rule files: :func:`check` (every problem, with file, line and key), :func:`load_book` (a checked
:class:`~mahjong.rulebook.book.RuleBook`), the files shipped with the package (:func:`shipped_files`,
:func:`shipped_book`); :func:`mahjong.rulebook.presets.load_rules` makes a book a preset.

The file is read with the standard library's TOML reader (``tomllib``; ``tomli`` on Python 3.10, installed there by
the package's dependency marker).  Nothing in a rule file is ever executed: expressions are parsed by
:mod:`mahjong.rulebook.expr` and may only name the predicate library, the file's options and its win facts.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong.errors import CATALOGUE, RulesError, TileError, closest, translate
from mahjong.rulebook.book import Flow, RuleBook, SettlementRules, WildcardPoints
from mahjong.rulebook.expr import BUILTINS, ExprError, Node, fold, names_in, parse
from mahjong.rulebook.limits import (
    MAX_FILE_BYTES,
    MAX_INT,
    MAX_KEY_LENGTH,
    MAX_KEY_PARTS,
    MAX_NESTING,
    MAX_NUMBER_DIGITS,
)
from mahjong.rulebook.options import OPTION_TYPES, check_value
from mahjong.rulebook.predicates import FUNCTIONS, library_names
from mahjong.rulebook.reading import WAITS
from mahjong.rulebook.rows import SET_ROWS, RuleRow, vocabulary_names
from mahjong.rulebook.spec import GAME_FACT_TYPES, SPEC, validate
from mahjong.tiles import parse_tiles

__all__ = ["Problem", "RuleFileError", "check", "check_text", "load_book", "shipped_files", "shipped_book",
           "shipped_header", "header_of_text", "HEADER_KEYS", "MAX_FILE_BYTES"]

tomllib: Any = importlib.import_module("tomllib" if sys.version_info >= (3, 11) else "tomli")

_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_HONOR_ID = {c: 27 + i for i, c in enumerate("ESWNCFP")}


@dataclass(frozen=True)
class Problem:
    """One problem of a rule file: where (file, line, key) and what."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """``file:line: key: message``, the message in ``lang`` (its catalogue row's Chinese for ``"zh"``)."""
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        key = self.key or ("（文件）" if lang == "zh" else "(file)")
        return f"{where}: {key}: {translate(self.message, lang, 'RuleFileError')}"


class RuleFileError(RulesError):
    """A rule file with problems; ``problems`` lists each of them (file, line, key, message)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        code = "rule-file-problems" if len(problems) != 1 else "rule-file-problem"
        super().__init__(code=code, n=len(problems), problems="\n  ".join(str(p) for p in problems))

    @property
    def message_zh(self) -> str:
        # each problem in Chinese by its own row (the catalogue row of the whole text would keep them English)
        problems = "\n  ".join(p.text("zh") for p in self.problems)
        return CATALOGUE[self.code].zh.format(n=len(self.problems), problems=problems)

    @message_zh.setter
    def message_zh(self, value: str | None) -> None:
        pass  # (always derived from the problems)


# --- bounds checked before the TOML reader sees the text ------------------------------------------------------

_TOKEN = re.compile(r"[ \t\r]+|\n|#[^\n]*|\"\"\"|\'\'\'|[\"\'.]|([A-Za-z0-9_+\-:]+)|.", re.DOTALL)


def _string_end(text: str, i: int) -> int:
    """The index after the string that starts at ``i`` (any of TOML's four kinds), or -1 if it does not end."""
    c = text[i]
    n = len(text)
    if text.startswith(c * 3, i):
        j = i + 3
        while True:
            k = text.find(c * 3, j)
            if k < 0:
                return -1
            backslashes = 0
            while c == '"' and text[k - 1 - backslashes] == "\\":
                backslashes += 1
            if backslashes % 2:  # an escaped quote: not the end
                j = k + 1
                continue
            end = k + 3
            while end < n and text[end] == c and end - k < 5:  # up to two of the string's own quotes before the end
                end += 1
            return end
    j = i + 1
    while j < n:
        ch = text[j]
        if ch == c:
            return j + 1
        if ch == "\n":
            return -1
        j += 2 if ch == "\\" and c == '"' else 1
    return -1


class _Chain:
    """A dotted chain being read (``a.b."c"``): its parts, where it starts and ends, whether a dot was just read."""

    __slots__ = ("parts", "start", "end", "line", "after_dot")

    def __init__(self, start: int, end: int, line: int) -> None:
        self.parts, self.start, self.end, self.line, self.after_dot = 1, start, end, line, False


def prescan(text: str, file: str) -> list[Problem]:
    """The problems of a rule file's text that the TOML reader must not see: a key longer than
    :data:`~mahjong.rulebook.limits.MAX_KEY_LENGTH` characters or of more than ``MAX_KEY_PARTS`` dotted parts (the
    reader's time and memory grow with the square of a dotted key's length), arrays and inline tables nested more
    than ``MAX_NESTING`` deep (the reader recurses), a number of more than ``MAX_NUMBER_DIGITS`` digits.  One pass
    over the text that skips comments and strings as TOML writes them; each problem names its line.  (A text the
    pass misreads is not valid TOML: the reader reports it.)"""
    problems: list[Problem] = []
    seen: set[tuple[int, str]] = set()
    n = len(text)
    i = 0
    line = 1
    depth = 0
    line_start = True  # nothing but spaces (or a header's first "[") since the line began
    in_header = False
    chain: _Chain | None = None

    def problem(at_line: int, message: str) -> None:
        if (at_line, message) not in seen and len(problems) < 20:
            seen.add((at_line, message))
            problems.append(Problem(file, at_line, "", message))

    def close() -> None:
        nonlocal chain
        if chain is None:
            return
        if chain.parts > MAX_KEY_PARTS:
            problem(chain.line, f"a dotted key of more than {MAX_KEY_PARTS} parts")
        elif chain.end - chain.start > MAX_KEY_LENGTH:
            j = chain.end
            while j < n and text[j] in " \t":
                j += 1
            if in_header or (j < n and text[j] == "="):
                problem(chain.line, f"a key longer than {MAX_KEY_LENGTH} characters")
        chain = None

    def add_part(start: int, end: int) -> None:
        nonlocal chain
        if chain is not None and chain.after_dot:
            chain.parts += 1
            chain.end = end
            chain.after_dot = False
        else:
            close()
            chain = _Chain(start, end, line)

    while i < n:
        m = _TOKEN.match(text, i)
        assert m is not None  # (the last alternative matches any character)
        tok = m.group()
        c = tok[0]
        if c in " \t\r":
            i = m.end()
            continue
        if c == "\n" or c == "#":
            close()
            if c == "\n":
                line += 1
                line_start, in_header = True, False
            i = m.end()
            continue
        if c in "\"'":
            end = _string_end(text, i)
            if end < 0:
                break  # (an unterminated string: the reader reports it)
            add_part(i, end)
            lines = text.count("\n", i, end)
            if lines:
                line += lines
                close()
            i, line_start = end, False
            continue
        if c == ".":
            if chain is not None and not chain.after_dot:
                chain.after_dot = True
            else:
                close()
            i = m.end()
            continue
        if m.group(1) is not None:
            word = tok.lstrip("+-")
            if word[:1].isdigit() and sum(ch in "0123456789abcdefABCDEF" for ch in word) > MAX_NUMBER_DIGITS:
                problem(line, f"a number of more than {MAX_NUMBER_DIGITS} digits (at most {MAX_INT} either way)")
            add_part(i, m.end())
            i, line_start = m.end(), False
            continue
        close()
        if c in "[{":
            if c == "[" and line_start and depth == 0:
                in_header = True
            else:
                depth += 1
                if depth > MAX_NESTING:
                    problem(line, f"arrays and inline tables nested more than {MAX_NESTING} deep")
                    return problems
        elif c in "]}" and not in_header:
            depth = max(0, depth - 1)
        line_start = c == "[" and in_header
        i = m.end()
    close()
    return problems


# --- where each key is written ------------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+(?:\s*\.\s*[A-Za-z0-9_\-]+)*)\s*=")


def line_index(text: str) -> dict[tuple[Any, ...], int]:
    """``{key path: line}`` for every table header and ``key =`` line (1-based), array-of-tables items numbered
    from 0.  Good enough for error messages; values spanning several lines keep their first line."""
    index: dict[tuple[Any, ...], int] = {}
    counters: dict[tuple[Any, ...], int] = {}
    current: tuple[Any, ...] = ()
    in_multiline = False
    for n, line in enumerate(text.splitlines(), 1):
        if in_multiline:
            if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                in_multiline = False
            continue
        m = _HEADER.match(line)
        if m and not _KEY.match(line):
            parts = tuple(p.strip().strip("\"'") for p in m.group(2).split("."))
            if m.group(1) == "[[":
                i = counters.get(parts, -1) + 1
                counters[parts] = i
                current = (*parts, i)
            else:
                current = parts
            index.setdefault(current, n)
            continue
        k = _KEY.match(line)
        if k:
            parts = tuple(p.strip() for p in k.group(1).split("."))
            index.setdefault((*current, *parts), n)
            if line.count('"""') % 2 == 1 or line.count("'''") % 2 == 1:
                in_multiline = True
    return index


def _line_of(index: dict[tuple[Any, ...], int], path: tuple[Any, ...]) -> int | None:
    for k in range(len(path), 0, -1):
        if path[:k] in index:
            return index[path[:k]]
    return None


def _key_text(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


# --- checking ---------------------------------------------------------------------------------------------

class _Checker:
    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.index = line_index(text)
        self.problems: list[Problem] = []

    def report(self, path: tuple[Any, ...], message: str) -> None:
        self.problems.append(Problem(self.file, _line_of(self.index, path), _key_text(path), message))

    def expr(self, raw: Any, path: tuple[Any, ...], names: set[str], funcs: set[str]) -> Node | None:
        """Parse an expression (a bare number or bool is a constant) and check every name it uses."""
        if raw is None:
            return None
        text = str(raw).lower() if isinstance(raw, bool) else str(raw)
        try:
            node = parse(text)
        except ExprError as e:
            self.report(path, str(e))
            return None
        used, called = names_in(node)
        for n in sorted(used - names):
            guess = closest(n, names)
            self.report(path, f"unknown name {n!r}: did you mean {guess}? (not a predicate, count, win fact or option "
                              "of this file)" if guess else
                        f"unknown name {n!r} (not a predicate, count, win fact or option of this file)")
        for f in sorted(called - funcs):
            self.report(path, f"unknown function {f!r}; known: {', '.join(sorted(funcs))}")
        for name, count in _calls(node):
            wanted = _arity(name)
            if wanted is None:
                continue
            lo, hi = wanted
            if hi is None and count < lo:
                self.report(path, f"{name}() takes at least {lo} values, got {count}")
            elif hi is not None and lo == hi != count:
                self.report(path, f"{name}() takes {lo} values, got {count}")
            elif hi is not None and not lo <= count <= hi:
                self.report(path, f"{name}() takes {lo} to {hi} values, got {count}")
        try:  # a part of constants that fails on every hand (a value out of range, a division by zero)
            fold(node, {}, strict=True)
        except ExprError as e:
            self.report(path, str(e))
        return node


def _calls(node: Node) -> list[tuple[str, int]]:
    """(function, number of values) of every call in an expression."""
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.op == "call":
            out.append((n.position, str(n.value), len(n.args)))
        stack.extend(n.args)
    return [(name, count) for _, name, count in sorted(out)]


@functools.cache
def _arity(name: str) -> tuple[int, int | None] | None:
    """(fewest, most or None: any number) values a function of expressions takes; None for a name that is none."""
    skip = 0
    fn: Any = BUILTINS.get(name)
    if fn is None:
        entry = FUNCTIONS.get(name)
        if entry is None:
            return (1, 1) if name == "counted_outside" else None
        fn, skip = entry.fn, 1  # (the library's functions take the reading first)
    params = list(inspect.signature(fn).parameters.values())[skip:]
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    fewest = sum(1 for p in positional if p.default is p.empty)
    return fewest, None if any(p.kind == p.VAR_POSITIONAL for p in params) else len(positional)


def _tiles(ch: _Checker, raw: list[str], path: tuple[Any, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for t in raw:
        try:
            got = parse_tiles(t)
        except TileError as e:
            ch.report(path, f"{t!r} is not a tile: {e}")
            continue
        if len(got) != 1:
            ch.report(path, f"{t!r} must be one tile")
            continue
        out.append(got[0])
    return tuple(out)


def _build(data: dict[str, Any], ch: _Checker, path: str) -> RuleBook | None:
    validate(data, SPEC, (), ch.report)
    # a key the format does not know is left out and the rest is still checked, so one run lists every problem;
    # any other problem of the file's shape (a wrong type, a missing table) stops here: what follows reads it
    if any(not p.message.startswith("unknown key") for p in ch.problems):
        return None
    tiles_t = data.get("tiles", {})
    wild_t = data.get("wildcards", {})
    win_t = data.get("win", {})
    flow_t = data.get("flow", {})
    sc_t = data.get("scoring", {})
    pay_t = data.get("payment", {})
    suits = tiles_t.get("suits", ["m", "p", "s"])
    honors = tiles_t.get("honors", list("ESWNCFP"))
    in_play = tuple(sorted({_SUIT_BASE[s] + r for s in suits for r in range(9)} | {_HONOR_ID[h] for h in honors}))
    hand_size = tiles_t.get("hand_size", 13)
    forms = tuple(win_t.get("forms", ["regular", "seven_pairs"]))

    # options: their defaults must fit their types
    options: dict[str, tuple[str, Any, dict[str, Any]]] = {}
    play_options: dict[str, tuple[str, Any, dict[str, Any]]] = {}
    for name, o in data.get("options", {}).items():
        p = ("options", name)
        if not re.match(r"^[a-z][a-z0-9_]*$", name) or name in library_names():
            ch.report(p, "an option name is snake_case and not a name of the predicate library")
            continue
        meta = {"zh": o.get("zh", ""), "en": o.get("en", ""), "source": o.get("source", ""),
                "minimum": o.get("minimum"), "maximum": o.get("maximum"),
                "choices": tuple(o["choices"]) if o.get("choices") else None}
        if o.get("choices") and o["type"] != "str":
            ch.report((*p, "choices"), "choices are for str options")
            continue
        if o["type"] == "int_or_none" and o["default"] == "none":
            o = {**o, "default": None}  # TOML has no null: "none" stands for it
        try:
            check_value(data["name"], name, o["default"], OPTION_TYPES[o["type"]], meta)
        except RulesError as e:
            ch.report((*p, "default"), str(e))
            continue
        if o.get("play", False):
            play_options[name] = (o["type"], o["default"], meta)  # (rbflow) read by the play, not the scoring
            continue
        options[name] = (o["type"], o["default"], meta)
    facts: dict[str, tuple[str, Any, dict[str, Any]]] = {}
    for name, f in data.get("facts", {}).items():
        p = ("facts", name)
        if not re.match(r"^[a-z][a-z0-9_]*$", name) or name in library_names() or name in options:
            ch.report(p, "a fact name is snake_case, not an option and not a name of the predicate library")
            continue
        default, problem = fact_default(f["type"], f.get("default"))
        if problem:
            ch.report((*p, "default"), problem)
            continue
        meta = {"zh": f.get("zh", ""), "en": f.get("en", "")}
        if f.get("from") is not None:
            want = GAME_FACT_TYPES[f["from"]]
            if f["type"] not in want:
                ch.report((*p, "from"), f"the game's fact {f['from']!r} is of type {' or '.join(want)}, "
                                        f"not {f['type']}")
                continue
            meta["from"] = f["from"]
        facts[name] = (f["type"], default, meta)

    indicator = bool(wild_t.get("indicator", False))
    base_names = set(options) | set(facts) | ({"indicator"} if indicator else set())
    fixed_names = base_names | {"self_drawn", "winner_is_dealer", "melds", "kongs", "claimed_melds", "winner",
                                "discarder", "dealer",
                                "seat_wind", "prevalent_wind", "last_tile", "last_wall_tile", "kong_replacement",
                                "robbing_kong", "after_kong_discard", "heavenly", "earthly"}
    reading_names = library_names() | base_names
    all_funcs = set(BUILTINS) | set(FUNCTIONS)
    option_names = set(options)

    def bool_option(raw: Any, p: tuple[Any, ...]) -> None:
        if raw is not None and (raw not in options or options[raw][0] != "bool"):
            ch.report(p, f"{raw!r} is not a bool option of this file")

    # wildcards
    wild_tiles = _tiles(ch, wild_t.get("tiles", []), ("wildcards", "tiles"))
    for t in wild_tiles:
        if t not in in_play and not (t >= 34 and tiles_t.get("flowers", False)):
            ch.report(("wildcards", "tiles"), "a wildcard tile is not in the tile set")
    if indicator and wild_tiles:
        ch.report(("wildcards", "indicator"), "wildcards are either fixed tiles or chosen by an indicator, not both")
    # (a flower is one tile: a wildcard flower is one copy)
    copies = (4 * wild_t.get("indicator_kinds", 1) if indicator
              else sum(1 if t >= 34 else 4 for t in set(wild_tiles)))
    if copies > 8:
        ch.report(("wildcards",), f"{copies} wildcard copies: a hand can hold at most 8 wildcards")
    if hand_size == 16 and set(forms) - {"regular"}:
        ch.report(("win", "forms"), "special forms (seven pairs, orphans, knitted) exist only for 13-tile hands")
    honors_in = any(t >= 27 for t in in_play)
    if not honors_in and set(forms) & {"thirteen_orphans", "honors_and_knitted"}:
        ch.report(("win", "forms"), "thirteen orphans and knitted forms need the honors in the tile set")
    if honors_in and len(honors) < 7 and set(forms) & {"thirteen_orphans", "honors_and_knitted"}:
        ch.report(("win", "forms"), "thirteen orphans and knitted forms need all seven honors")
    bool_option(wild_t.get("option"), ("wildcards", "option"))
    # Nanchang's 精 settlement: points for the wildcards each seat holds
    points_t = wild_t.get("points")
    wildcard_points = None
    if points_t is not None:
        if not indicator:
            ch.report(("wildcards", "points"), "points for the wildcards held need wildcards chosen by a turned-up "
                                               "tile (indicator = true)")
        if data.get("variant_of") != "nanchang":
            ch.report(("wildcards", "points"), "the wildcards held are settled by nanchang's rule set: the file "
                                               "needs variant_of = \"nanchang\"")
        if points_t.get("second", 0) != 0 and wild_t.get("indicator_kinds", 1) < 2:
            ch.report(("wildcards", "points", "second"), "a second wildcard kind needs indicator_kinds = 2")

        def amount(key: str, default: Any) -> Node:
            got = ch.expr(points_t.get(key, default), ("wildcards", "points", key), option_names, set(BUILTINS))
            return got if got is not None else parse("0")

        wildcard_points = WildcardPoints(
            first=amount("first", 0), second=amount("second", 0), kong=amount("kong", 0),
            breakthrough=None if points_t.get("breakthrough") is None else amount("breakthrough", 0),
            breakthrough_offset=amount("breakthrough_offset", 3), sole_holder=amount("sole_holder", 1),
            at_draw=amount("at_draw", False))
    _shapes(win_t, wild_t, forms, in_play, ch)

    # rows
    rows: list[RuleRow] = []
    row_values: dict[str, Node] = {}
    row_patterns: dict[str, Node] = {}
    row_hand_values: dict[str, Node] = {}
    row_self_drawn_values: dict[str, Node] = {}
    keys: dict[str, int] = {}
    for i, r in enumerate(data["rows"]):
        p = ("rows", i)
        key = r["key"]
        if not re.match(r"^[a-z][a-z0-9_]*$", key):
            ch.report((*p, "key"), f"{key!r}: keys are snake_case (a-z, 0-9, _)")
        if key in keys:
            ch.report((*p, "key"), f"{key!r} appears twice (first as rows[{keys[key]}])")
        keys[key] = i
        names = vocabulary_names(key)
        zh = r.get("zh") or (names[0] if names else "")
        en = r.get("en") or (names[1] if names else "")
        if not zh or not en:
            ch.report(p, f"{key!r} is not in the shared vocabulary: give both zh and en names")
        stage = r.get("stage", 1)
        extra = {"counted", *(f"row_{x.get('key')}" for x in data["rows"])} if stage == 2 else set()
        when = ch.expr(r.get("when"), (*p, "when"), reading_names | extra,
                       all_funcs | ({"counted_outside"} if stage == 2 else set()))
        count = ch.expr(r.get("count"), (*p, "count"), reading_names | extra, all_funcs)
        if r.get("when") is None and r.get("count") is None:
            ch.report(p, "a row needs `when` or `count`")
        if stage == 2 and r.get("group") == SET_ROWS:
            ch.report((*p, "group"), 'a stage-2 row is read on the counted rows, not on each set: group "set" is '
                      "for stage-1 rows")
        rename = r.get("rename")
        rename_when = ch.expr(rename["when"], (*p, "rename", "when"), reading_names, all_funcs) if rename else None
        bool_option(r.get("option"), (*p, "option"))
        value, pattern = r["value"], r.get("pattern", True)
        if not isinstance(value, int) or isinstance(value, bool):
            node = ch.expr(value, (*p, "value"), reading_names, all_funcs)
            if node is not None:
                used, called = names_in(node)
                if used <= option_names and called <= set(BUILTINS):
                    row_values[key] = node
                else:  # a value that depends on the hand (rb-yh): resolved on each reading
                    row_hand_values[key] = node
            value = 0  # resolved for each configuration (BookRuleSet.rows) or each reading
        self_drawn_value = r.get("self_drawn_value")
        if self_drawn_value is not None and (not isinstance(self_drawn_value, int) or isinstance(self_drawn_value,
                                                                                                  bool)):
            node = ch.expr(self_drawn_value, (*p, "self_drawn_value"), option_names, set(BUILTINS))
            if node is not None:
                row_self_drawn_values[key] = node
            self_drawn_value = 0  # resolved for each configuration (BookRuleSet.rows)
        if not isinstance(pattern, bool):
            node = ch.expr(pattern, (*p, "pattern"), option_names, set(BUILTINS))
            if node is not None:
                row_patterns[key] = node
            pattern = True
        rows.append(RuleRow(key, zh, en, value, r.get("unit", sc_t.get("unit", "fan")), when, count,
                            tuple(r.get("excludes", [])), tuple(r.get("implied", [])), r.get("text", ""),
                            r.get("source", ""), r.get("option"), pattern, stage, r.get("group", ""),
                            rename_when, rename["zh"] if rename else "", rename.get("en", "") if rename else "",
                            mode=r.get("mode"), self_drawn_value=self_drawn_value))
        if r.get("mode") is not None and sc_t.get("mode_option") is None:
            ch.report((*p, "mode"), "a row with a mode needs scoring.mode_option (the option whose value picks it)")
        elif r.get("mode") is not None and r["mode"] not in (options.get(sc_t["mode_option"], ("", "", {}))[2]
                                                            .get("choices") or ()):
            ch.report((*p, "mode"), f"{r['mode']!r} is not a choice of the option {sc_t['mode_option']!r}")
    for i, r in enumerate(data["rows"]):
        for field_name in ("excludes", "implied"):
            for x in r.get(field_name, []):
                if x not in keys:
                    guess = closest(str(x), keys)
                    ch.report(("rows", i, field_name), f"names {x!r}, which is no row of this file: did you mean "
                              f"{guess}?" if guess else f"names {x!r}, which is no row of this file")
                elif x == r["key"]:
                    ch.report(("rows", i, field_name), "a row cannot exclude itself")

    score_names = fixed_names
    win_names = reading_names | {"counted"} | {f"row_{k}" for k in keys}
    self_draw_only = ch.expr(win_t.get("self_draw_only", False), ("win", "self_draw_only"), fixed_names, all_funcs)
    requires = ch.expr(win_t.get("requires"), ("win", "requires"), win_names, all_funcs)
    refusals = []
    refusals_zh = []  # (each reason's Chinese, for a player who reads Chinese)
    for i, r in enumerate(win_t.get("refusals", [])):  # (rbflow; read once the reading's rows are counted)
        node = ch.expr(r["when"], ("win", "refusals", i, "when"), win_names, all_funcs | {"group_value"})
        if node is not None:
            refusals.append((node, r["error"]))
            refusals_zh.append(str(r.get("error_zh", "")))
    aggregation = sc_t.get("aggregation", "sum")
    formula = ch.expr(sc_t.get("formula"), ("scoring", "formula"), score_names | {"fan", "hu", "tai", "pt", "x"},
                      set(BUILTINS))
    if aggregation == "formula" and formula is None and "formula" not in sc_t:
        ch.report(("scoring", "formula"), "aggregation = \"formula\" needs a formula")
    if aggregation != "formula" and "formula" in sc_t:
        ch.report(("scoring", "formula"), f"a formula is read only with aggregation = \"formula\" (not "
                                          f"{aggregation!r})")
    base = ch.expr(sc_t.get("base", 1), ("scoring", "base"), score_names, set(BUILTINS))
    offset = ch.expr(sc_t.get("offset", 1), ("scoring", "offset"), option_names, set(BUILTINS))
    fan_cap = ch.expr(sc_t.get("fan_cap"), ("scoring", "fan_cap"), option_names, set(BUILTINS))
    cap = ch.expr(sc_t.get("cap"), ("scoring", "cap"), score_names, set(BUILTINS))
    minimum = ch.expr(sc_t.get("minimum", 0), ("scoring", "minimum"), score_names, set(BUILTINS))
    points = ch.expr(sc_t.get("points", "total"), ("scoring", "points"), score_names | {"total"}, set(BUILTINS))
    payment: dict[str, Node | None] = {}
    for k, default in (("all_pay_on_discard", False), ("discarder_pays_for_all", False), ("dealer_doubles", False),
                       ("bonus", 0), ("cap", None), ("dealer_bonus", 0), ("self_draw_payer", -1), ("bird_share", 0),
                       ("payer", -1), ("dealer_factor", 1)):
        extra_names = {"total"} if k in ("bonus", "bird_share", "payer") else set()
        payment[k] = ch.expr(pay_t.get(k, default), ("payment", k), score_names | extra_names,
                             set(BUILTINS) | ({"group_value"} if k != "self_draw_payer" else set()))
    # (rbwuhu) readings at each place of the winning tile, their 押, the tie-break, what the minimum compares, details
    placements = ch.expr(win_t.get("placements", False), ("win", "placements"), fixed_names, set(BUILTINS))
    press = ch.expr(win_t.get("press"), ("win", "press"), reading_names, all_funcs)
    if win_t.get("press") is not None and "placements" not in win_t:
        ch.report(("win", "press"), "press is the 押 of a placed reading: it needs win.placements")
    totals = {"value", "fan", "hu", "tai", "pt", "x"}  # (the best reading's value before rounding, its totals)
    minimum_of = ch.expr(sc_t.get("minimum_of"), ("scoring", "minimum_of"), reading_names | totals,
                         all_funcs | {"group_value"})
    # doublings capped by an option, hands worth the cap outright, the reading kept by its total, the words for
    # the waits a row's name shows
    tai_cap = ch.expr(sc_t.get("tai_cap"), ("scoring", "tai_cap"), option_names, set(BUILTINS))
    cap_when = ch.expr(sc_t.get("cap_when"), ("scoring", "cap_when"), reading_names, all_funcs)
    if cap_when is not None and cap is None:
        ch.report(("scoring", "cap_when"), "hands worth the cap outright need scoring.cap")
    tie_break = ch.expr(sc_t.get("tie_break"), ("scoring", "tie_break"),
                        reading_names | (totals - {"value"} if sc_t.get("best") == "total" else set()),
                        all_funcs | {"group_value"})
    wait_names = {k: (w["zh"], w["en"]) for k, w in win_t.get("wait_names", {}).items()}
    for k in wait_names:
        if k not in WAITS:
            ch.report(("win", "wait_names", k), f"{k!r} is no wait: the waits are {', '.join(WAITS)}")
    if wait_names and "placements" not in win_t:
        ch.report(("win", "wait_names"), "the waits are named on placed readings: they need win.placements")
    limit_group = sc_t.get("limit_group")
    if limit_group is not None and not any(r.group == limit_group for r in rows):
        ch.report(("scoring", "limit_group"), f"{limit_group!r} is the group of no row of this file")
    elif limit_group is not None and cap is None:
        ch.report(("scoring", "limit_group"), "hands worth the cap outright need scoring.cap")
    drawn_win = wild_t.get("drawn_win")
    if drawn_win is not None and (drawn_win not in facts or facts[drawn_win][0] != "bool"):
        ch.report(("wildcards", "drawn_win"), f"{drawn_win!r} is not a bool win fact of this file ([facts.{drawn_win}] "
                                              "type = \"bool\")")
    elif drawn_win is not None and "placements" not in win_t:
        ch.report(("wildcards", "drawn_win"), "a drawn wildcard is placed where it stands: it needs win.placements")
    # (nanchang25) a discarded wildcard won on as a plain tile, the reading best for the winner, flat wins, the
    # payment by shares and its bonuses
    discarded_plain = ch.expr(wild_t.get("discarded_plain", False), ("wildcards", "discarded_plain"), option_names,
                              set(BUILTINS)) if "discarded_plain" in wild_t else None
    flat_group = sc_t.get("flat_group")
    if flat_group is not None and not any(r.group == flat_group for r in rows):
        ch.report(("scoring", "flat_group"), f"{flat_group!r} is the group of no row of this file")
    flat_when = ch.expr(sc_t.get("flat_when", True), ("scoring", "flat_when"), option_names, set(BUILTINS))
    shares: dict[str, Node | None] | None = None
    shares_t = pay_t.get("shares")
    if shares_t is not None:
        shares = {}
        for k, default in (("self_draw", 1), ("discarder", 1), ("others", 0), ("unit", 1),
                           ("dealer_doubling", "'none'"), ("pays_for_all", False), ("cap", None)):
            shares[k] = ch.expr(shares_t.get(k, default), ("payment", "shares", k), score_names, set(BUILTINS))
    bonuses: list[tuple[Node, Node, str, str]] = []
    for i, bt in enumerate(pay_t.get("bonuses", [])):
        bonus_amount = ch.expr(bt["amount"], ("payment", "bonuses", i, "amount"),
                               score_names | {"pt", "x"} | {f"row_{k}" for k in keys}, set(BUILTINS))
        payers = ch.expr(bt.get("payers", "'all'"), ("payment", "bonuses", i, "payers"), score_names, set(BUILTINS))
        if bonus_amount is not None and payers is not None:
            bonuses.append((bonus_amount, payers, str(bt.get("zh", "")), str(bt.get("en", ""))))
    if bonuses and shares is None:
        ch.report(("payment", "bonuses"), "bonuses are added to the shares: they need [payment.shares]")
    if sc_t.get("best") == "payments" and shares is None:
        ch.report(("scoring", "best"), "best = \"payments\" compares the payment by shares: it needs "
                                       "[payment.shares]")
    details = []
    for i, d in enumerate(data.get("details", [])):
        if not re.match(r"^[a-z][a-z0-9_]*$", d["key"]):
            ch.report(("details", i, "key"), f"{d['key']!r}: keys are snake_case (a-z, 0-9, _)")
        node = ch.expr(d["value"], ("details", i, "value"), win_names | totals | {"total"},
                       all_funcs | {"group_value"})
        if node is not None:
            details.append((d["key"], node))
    for k, kind in (("not_paying", "seats"), ("between_losers", "per_seat")):
        fact = pay_t.get(k)
        if fact is not None and (fact not in facts or facts[fact][0] != kind):
            ch.report(("payment", k), f"{fact!r} is not a {kind} win fact of this file ([facts.{fact}] type = "
                                      f"\"{kind}\")")
    mode_option = sc_t.get("mode_option")
    if mode_option is not None and (mode_option not in options or options[mode_option][0] != "str"):
        ch.report(("scoring", "mode_option"), f"{mode_option!r} is not a str option of this file")
    settlement = _settlement(data.get("settlement"), ch, score_names)
    checks = []
    for i, c in enumerate(data.get("checks", [])):
        node = ch.expr(c["when"], ("checks", i, "when"), fixed_names, set(BUILTINS))
        if node is not None:
            checks.append((node, c["error"]))
    seat_birds = flow_t.get("bird_hits") == "seat"
    if flow_t.get("birds", 0) and seat_birds and facts.get("bird_seats", ("",))[0] != "per_seat":
        ch.report(("flow", "bird_hits"), "扎鸟 by seat needs a win fact `bird_seats` ([facts.bird_seats] type = "
                                         "\"per_seat\") to score the birds on each seat")
    elif flow_t.get("birds", 0) and not seat_birds and "birds" not in facts:
        ch.report(("flow", "birds"), "抓鸟 needs a win fact `birds` ([facts.birds] type = \"int\") to score the hits")
    # --- rbgames: opening wins, horses, instant wins ---
    from mahjong.rulebook.special import read_special

    special = read_special(data, ch.expr, ch.report, options, bool_option, set(BUILTINS))
    play, defaults = _play(data, ch, options, play_options, in_play)
    if ch.problems:
        return None
    assert self_draw_only is not None and base is not None and minimum is not None and points is not None
    assert offset is not None
    flow = Flow(flow_t.get("chows", True), flow_t.get("multiple_winners", False), defaults["winners_to_end"],
                flow_t.get("reserve", 0), defaults["dealer"], flow_t.get("birds", 0),
                flow_t.get("bird_hits", "159"), flow_t.get("declare_ready", False))
    return RuleBook(
        data["name"], data.get("zh", ""), data.get("en", ""), data.get("summary_zh", ""), data.get("summary_en", ""),
        tuple(data.get("aliases", [])), tuple(data.get("sources", [])), path, in_play,
        tiles_t.get("flowers", False), hand_size, wild_tiles, indicator, wild_t.get("indicator_kinds", 1),
        wild_t.get("option"), forms, self_draw_only, requires, win_t.get("requires_text", ""),
        win_t.get("lack_a_suit", False), flow, sc_t.get("exclusion", "simultaneous"), aggregation, formula, base,
        offset, sc_t.get("hu_base", 0), tai_cap, sc_t.get("round_up"), cap, minimum,
        sc_t.get("unit", "fan"), points, payment, options, facts, tuple(rows), tuple(checks),
        row_values=row_values, row_patterns=row_patterns, fan_cap=fan_cap, players=flow_t.get("players", 4),
        tiles_in_play=flow_t.get("tiles_in_play"),
        robbing_kong_as_self_draw=win_t.get("robbing_kong_as_self_draw", False),
        order=sc_t.get("order", "fallbacks_first"), report_wait=win_t.get("report_wait", True),
        not_paying=pay_t.get("not_paying"), between_losers=pay_t.get("between_losers"),
        builtin=data.get("builtin", False) or data.get("variant_of") == data["name"], mode_option=mode_option,
        settlement=settlement,
        row_hand_values=row_hand_values, row_self_drawn_values=row_self_drawn_values,
        placements=placements, press=press, tie_break=tie_break, minimum_of=minimum_of,
        minimum_text=sc_t.get("minimum_text", ""), details=tuple(details),
        special=special,  # (rbgames)
        check_texts_zh=check_texts_zh(data),  # (rbspeed)
        refusal_texts_zh=tuple(refusals_zh),
        requires_text_zh=win_t.get("requires_text_zh", ""),
        play=play, play_options=play_options, variant_of=data.get("variant_of"),
        honor_sequences=win_t.get("honor_sequences", False), indicator_is_wild=wild_t.get("indicator_is_wild", False),
        indicator_from=wild_t.get("indicator_from", "last"), refusals=tuple(refusals),
        limit_group=limit_group, drawn_win=drawn_win, wildcard_points=wildcard_points,
        discarded_plain=discarded_plain, best=sc_t.get("best", "value"), flat_group=flat_group,
        flat_when=flat_when if flat_group is not None else None, shares=shares, bonuses=tuple(bonuses),
        cap_when=cap_when, wait_names=wait_names,
    )


def _shapes(win_t: dict[str, Any], wild_t: dict[str, Any], forms: tuple[str, ...], in_play: tuple[int, ...],
            ch: _Checker) -> None:
    """(rbflow) Honor sequences, 十三烂 and the indicator's keys fit the tile set and each other."""
    winds = sum(1 for t in in_play if 27 <= t < 31)
    dragons = sum(1 for t in in_play if t >= 31)
    if win_t.get("honor_sequences", False) and winds < 3 and dragons < 3:
        ch.report(("win", "honor_sequences"), "honor sequences need three winds or the three dragons in the tile set")
    if "thirteen_lan" in forms and (winds < 4 or dragons < 3):
        ch.report(("win", "forms"), "十三烂 (thirteen_lan) needs all seven honors in the tile set")
    if not wild_t.get("indicator", False):
        for key in ("indicator_from", "indicator_is_wild"):
            if key in wild_t:
                ch.report(("wildcards", key), "applies only to wildcards chosen by a turned-up tile (indicator = "
                                              "true)")


def _play(data: dict[str, Any], ch: _Checker, options: dict[str, tuple[str, Any, dict[str, Any]]],
          play_options: dict[str, tuple[str, Any, dict[str, Any]]], in_play: tuple[int, ...]
          ) -> tuple[dict[str, Node], dict[str, Any]]:
    """(rbflow) The ``[flow]`` play keys as expressions, checked for every setting of the options they name, and
    their values under the default options."""
    from mahjong.rulebook.play import check_play, play_nodes, play_values

    flow_t = data.get("flow", {})
    players = flow_t.get("players", 4)
    every = {**options, **play_options}
    play = play_nodes(flow_t, set(every), ch.report)
    suits = len({t // 9 for t in in_play if t < 27})
    check_play(play, every, players, suits, any(t >= 27 for t in in_play), ch.report)
    defaults = {"winners_to_end": 1, "dealer": "next"}
    if ch.problems:
        return play, defaults
    try:
        defaults.update(play_values(play, {k: v[1] for k, v in every.items()}, players, ch.file))
    except RulesError as e:
        ch.report(("flow",), str(e))
    return play, defaults


def _settlement(table: dict[str, Any] | None, ch: _Checker, names: set[str]) -> SettlementRules | None:
    """The ``[settlement]`` table: each key an expression of the options and the fixed win names."""
    if table is None:
        return None
    spec = SPEC["settlement"].sub
    assert spec is not None
    got: dict[str, Node | None] = {}
    for key, f in spec.items():
        got[key] = ch.expr(table.get(key, f.default), ("settlement", key), names, set(BUILTINS))
    if any(v is None for v in got.values()):
        return None
    return SettlementRules(**got)  # type: ignore[arg-type]


def _read(path: str | os.PathLike[str]) -> tuple[str, str]:
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise RuleFileError([Problem(name, None, "", f"cannot read the file: {e.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RuleFileError([Problem(name, None, "", f"larger than {MAX_FILE_BYTES} bytes")])
    try:
        return name, raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RuleFileError([Problem(name, None, "", f"not UTF-8 text (byte {e.start})")]) from None


def check_text(text: str, file: str = "<text>") -> tuple[RuleBook | None, list[Problem]]:
    """Check a rule file's text: (the book if it has no problem, the problems).  The text's size, keys and nesting
    are checked before the TOML reader reads it (:func:`prescan`), its integers and expressions while it is
    checked."""
    if not isinstance(text, str):
        raise RulesError(f"a rule file's text is a str, got {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        return None, [Problem(file, None, "", f"larger than {MAX_FILE_BYTES} bytes")]
    problems = prescan(text, file)
    if problems:
        return None, problems
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        return None, [Problem(file, int(m.group(1)) if m else None, "", f"not valid TOML: {e}")]
    except RecursionError:
        return None, [Problem(file, None, "", "nested too deeply")]
    ch = _Checker(file, text)
    _check_integers(data, (), ch)
    if ch.problems:
        return None, ch.problems
    try:
        if isinstance(data.get("extends"), str):
            data = extended(data, ch)
        book = _build(data, ch, file)
        if book is not None and book.variant_of is not None and book.variant_of != book.name:
            check_variant(book, ch)
    except RecursionError:
        return None, [Problem(file, None, "", "nested too deeply")]
    return book, ch.problems


def _check_integers(value: Any, path: tuple[Any, ...], ch: _Checker) -> None:
    """Every integer of the file within ±MAX_INT (a file's numbers are points, counts and limits)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _check_integers(v, (*path, k), ch)
    elif isinstance(value, list):
        for k, v in enumerate(value):
            _check_integers(v, (*path, k), ch)
    elif isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value <= MAX_INT:
        ch.report(path, f"the number is out of range (at most {MAX_INT} either way)")


def check(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem of a rule file, each naming the file, the line and the key (an empty list: the file is
    good)."""
    try:
        name, text = _read(path)
    except RuleFileError as e:
        return e.problems
    return check_text(text, name)[1]


def load_book(path: str | os.PathLike[str]) -> RuleBook:
    """A checked rule book; :class:`RuleFileError` lists every problem."""
    name, text = _read(path)
    book, problems = check_text(text, name)
    if problems or book is None:
        raise RuleFileError(problems)
    return book


#: the rule files shipped inside the package
GAMES = Path(__file__).with_name("games")


def shipped_files() -> list[str]:
    """The rule files shipped inside the package."""
    return sorted(str(p) for p in GAMES.iterdir() if p.name.endswith(".toml"))


_SHIPPED: dict[str, RuleBook] = {}


def shipped_book(file_name: str) -> RuleBook:
    """A rule file shipped with the package (``"sichuan.toml"``), read and checked once."""
    got = _SHIPPED.get(file_name)
    if got is None:
        got = _SHIPPED[file_name] = load_book(GAMES / file_name)
    return got


# --- what a shipped file is, without reading its tables ---------------------------------------------------------

#: the top-level keys that say what a rule file is: its names, titles and summaries, and whose table it is
HEADER_KEYS = ("name", "zh", "en", "summary_zh", "summary_en", "aliases", "variant_of", "builtin")
#: a line that opens a table (``[scoring]``, ``[[rows]]``): TOML writes every top-level key before the first one
_FIRST_TABLE = re.compile(r"^[ \t]*\[", re.MULTILINE)


def header_of_text(text: str) -> dict[str, Any] | None:
    """The top-level keys of a rule file's text (with ``extends``) as its book has them, read from the text before
    its first table: ``aliases`` a tuple, ``builtin`` true for a built-in rule set's own table (``variant_of`` its
    own name).  ``None`` when that text does not read alone: a line inside a string or an array that looks like a
    table's header (the whole file must be read then).  Nothing is checked here: the book's reader does that."""
    found = _FIRST_TABLE.search(text)
    try:
        data = tomllib.loads(text if found is None else text[:found.start()])
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    if not isinstance(data.get("name"), str):
        return None
    out = {k: data[k] for k in ("extends", *HEADER_KEYS) if k in data}
    out["aliases"] = tuple(data.get("aliases", ()))
    return out


_HEADERS: dict[str, dict[str, Any]] = {}
_OWN_HEADERS: dict[str, dict[str, Any] | None] = {}


def _own_header(file_name: str) -> dict[str, Any] | None:
    """A shipped file's own top-level keys (:func:`header_of_text`, ``extends`` not followed), read once."""
    if file_name not in _OWN_HEADERS:
        _OWN_HEADERS[file_name] = header_of_text(_read(GAMES / file_name)[1])
    return _OWN_HEADERS[file_name]


def shipped_header(file_name: str, depth: int = 0) -> dict[str, Any]:
    """What a shipped rule file is (:data:`HEADER_KEYS`, as its book has them) without reading the rest of the file
    (:func:`header_of_text`; the whole book where its header does not read alone): for the registry, which lists
    every shipped game by name at its first look-up and reads a book when it is asked for.  A file that extends
    another takes the titles and summaries it leaves out from that one, never its name and aliases (as
    :func:`extended` merges them)."""
    got = _HEADERS.get(file_name)
    if got is not None:
        return got
    head = _own_header(file_name)
    if head is not None and "extends" in head:
        base = next((Path(p).name for p in shipped_files() if (_own_header(Path(p).name) or {}).get("name")
                     == head["extends"]), None)
        head = None if base is None or depth >= 3 else {
            **{k: v for k, v in shipped_header(base, depth + 1).items() if k not in ("name", "aliases")},
            **{k: v for k, v in head.items() if k != "extends"}}
    if head is None:
        book = shipped_book(file_name)
        head = {k: getattr(book, k) for k in HEADER_KEYS}
    out = {"zh": "", "en": "", "summary_zh": "", "summary_en": "", "variant_of": None, **head}
    out["builtin"] = bool(out.get("builtin", False)) or out["variant_of"] == out["name"]
    _HEADERS[file_name] = out
    return out


# --- win facts of the seat kinds (rbfiles) ----------------------------------------------------------------------

def fact_default(kind: str, raw: Any) -> tuple[Any, str]:
    """A win fact's default as the file writes it: (the value, a problem or "")."""
    if kind == "bool":
        return raw, "" if isinstance(raw, bool) else "must be true or false (and is required for a bool fact)"
    if kind == "int":
        ok = isinstance(raw, int) and not isinstance(raw, bool)
        return raw, "" if ok else "must be a whole number (and is required for an int fact)"
    if raw is None or raw == "none":
        return (frozenset() if kind == "seats" else None), ""
    if kind == "int_or_none":
        ok = isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0
        return raw, "" if ok else "must be a whole number >= 0 or none"
    return None, f"a {kind} fact has no default but none (leave it out)"


# --- a file that extends a shipped one (rbfiles) ----------------------------------------------------------------

_MERGED_TABLES = ("tiles", "wildcards", "win", "flow", "scoring", "payment", "options", "facts", "settlement")


def extended(data: dict[str, Any], ch: _Checker, depth: int = 0) -> dict[str, Any]:
    """The file's data on top of the shipped file it names in ``extends`` (see the format's ``extends`` key)."""
    name = data["extends"]
    base: dict[str, Any] | None = None
    for path in shipped_files():
        with open(path, "rb") as fh:
            got = tomllib.load(fh)
        if got.get("name") == name:
            base = got
            break
    if base is None:
        ch.report(("extends",), f"{name!r} is not a rule file shipped with the package")
        return {k: v for k, v in data.items() if k != "extends"}
    if isinstance(base.get("extends"), str):
        if depth >= 3:
            ch.report(("extends",), "extends goes more than three files deep")
            return {k: v for k, v in data.items() if k != "extends"}
        base = extended(base, ch, depth + 1)
    out = {k: v for k, v in base.items() if k not in ("name", "aliases", "extends")}
    for key, value in data.items():
        if key == "extends":
            continue
        if key in _MERGED_TABLES and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        elif key == "rows" and isinstance(value, list) and isinstance(out.get("rows"), list):
            # (a key that is not text is left to the checker: it names no row to replace)
            mine = {r["key"]: r for r in value if isinstance(r, dict) and isinstance(r.get("key"), str)}
            rows = [mine.pop(r.get("key"), r) if isinstance(r, dict) and isinstance(r.get("key"), str) else r
                    for r in out["rows"]]
            out["rows"] = rows + [r for r in value if not isinstance(r, dict) or not isinstance(r.get("key"), str)
                                  or r.get("key") in mine]
        elif key == "checks" and isinstance(value, list) and isinstance(out.get("checks"), list):
            out["checks"] = out["checks"] + value
        else:
            out[key] = value
    return out


# --- rbspeed: a check's message in Chinese too ------------------------------------------------------------------

def check_texts_zh(data: dict[str, Any]) -> tuple[str, ...]:
    """Each check's Chinese message (``error_zh``; "" where a file gives only ``error``), in the checks' order."""
    return tuple(str(c.get("error_zh", "")) for c in data.get("checks", []))


# --- a copy of a built-in rule set's file, loaded as a variant of it (rbflow) ------------------------------------

def check_variant(book: RuleBook, ch: _Checker) -> None:
    """A variant keeps every option, play option and win fact of its built-in rule set, of the same type (the
    built-in's hooks read them; their defaults, limits and texts may change)."""
    assert book.variant_of is not None
    base = shipped_book(f"{book.variant_of}.toml")
    for table, mine, theirs in (("options", {**book.options, **book.play_options},
                                 {**base.options, **base.play_options}), ("facts", book.facts, base.facts)):
        for name, (kind, _default, _meta) in theirs.items():
            got = mine.get(name)
            if got is None:
                ch.report(("variant_of",), f"a variant of {book.variant_of} keeps its {table[:-1]} {name} (the "
                                           f"rule set's own hooks read it): change its default instead")
            elif got[0] != kind:
                ch.report((table, name, "type"), f"a variant of {book.variant_of} keeps the type of {name} "
                                                 f"({kind})")
    for name in sorted(set(book.play_options) & set(base.options)) + sorted(set(book.options) &
                                                                        set(base.play_options)):
        ch.report(("options", name, "play"), f"a variant of {book.variant_of} keeps {name} an option of the "
                                             f"{'play' if name in base.play_options else 'scoring'}")
