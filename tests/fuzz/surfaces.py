"""The fuzz suite's rows for the layers built on the kernels: rule files, the log readers (JSON lines, Botzone,
PMN), the game engine's step API with whole-state snapshots, GameBatch under threads, the web API in a test client
and the command line's other commands.  ``entry_points.entries()`` adds them; each is one ``Entry(name, weight,
call)`` like the kernels' rows.

A refused call must leave its object exactly as it was: the game rows compare a snapshot of everything a game
holds (:func:`snapshot`) before and after each refused call.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import re
from functools import cache
from pathlib import Path
from typing import Any

from entry_points import Mismatch, NotZeroSum
from hostile import Gen

import mahjong

# ---- rule files ---------------------------------------------------------------------------------------------------

@cache
def _shipped_texts() -> tuple[tuple[str, str], ...]:
    from mahjong.rulebook import shipped_files

    return tuple((Path(p).name, Path(p).read_text(encoding="utf-8")) for p in shipped_files())


_LIBRARY_NAMES = ("one_suit", "all_pungs", "melds", "kongs", "self_drawn", "winner", "dealer", "roots", "base",
                  "max_fan", "total", "fan", "birds", "wildcards", "seven_pairs", "counted", "no_such_name")
_FUNCTIONS = ("min", "max", "round_up", "round_half", "pick", "contains", "size", "pair_rank_in", "pung_of",
              "holds", "all_ranks_in", "count_of", "nosuch")
_OPERATORS = ("+", "-", "*", "/", "//", "^", "==", "!=", "<", "<=", ">", ">=", "and", "or")


def expression(g: Gen, depth: int = 0) -> str:
    """A random expression of the rule-file language: names of the library, numbers (some huge), strings, calls
    with any number of values, every operator; sometimes a known bomb (a tower of powers, a nesting)."""
    r = g.r.random()
    if depth == 0 and r < 0.05:
        return g.r.choice([
            "((((((9^64)^64)^64)^64)^64)^64)", "not " * 400 + "one_suit", "-" * 300 + "1", "1^" * 200 + "1",
            "(" * 100 + "1" + ")" * 100, " + ".join(["melds"] * 600), "9" * 4500, "2^63", "base^64*base^64",
            "round_up(1)", "min()", "pick(1,2)", "1/0", "\"a\" + 1", "contains(1, 2)", "pung_of(5)",
            "pair_rank_in(10)", "holds(\"x\")",
        ])
    if depth > 4 or r < 0.35:
        leaf = g.r.random()
        if leaf < 0.45:
            return g.r.choice(_LIBRARY_NAMES)
        if leaf < 0.8:
            return str(g.r.choice([0, 1, 2, 3, 8, 64, 99, 2**31, 2**62, 2**63, 10**30]))
        if leaf < 0.9:
            return g.r.choice(['"C"', '"5m"', "'x'", '""', "true", "false"])
        return g.text(6).replace("\n", " ")
    if r < 0.55:
        op = g.r.choice(_OPERATORS)
        return f"{expression(g, depth + 1)} {op} {expression(g, depth + 1)}"
    if r < 0.65:
        return f"not {expression(g, depth + 1)}"
    if r < 0.72:
        return f"-{expression(g, depth + 1)}"
    if r < 0.85:
        return f"({expression(g, depth + 1)})"
    fn = g.r.choice(_FUNCTIONS)
    return f"{fn}({', '.join(expression(g, depth + 1) for _ in range(g.r.randrange(0, 4)))})"


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _toml_literal(g: Gen) -> str:
    r = g.r.random()
    if r < 0.35:
        return str(g.r.choice([0, 1, -1, 4, 13, 16, 99, 2**62, 2**63, -(2**63) - 1, 10**24]))
    if r < 0.6:
        return _toml_string(expression(g))
    if r < 0.75:
        return g.r.choice(["true", "false", "1.5", "inf", "nan", "1979-05-27", "[]", "{}", '["x"]', "[1, 2]"])
    if r < 0.78:
        return "[" * 20 + "]" * 20
    if r < 0.8:
        return "9" * g.r.choice([25, 4500])
    return _toml_string(g.text(20))


def rule_file_text(g: Gen) -> str:
    """A shipped rule file, renamed, with hostile changes: values and expressions replaced, lines cut or
    repeated, characters changed, bombs appended (dotted keys, nesting, digits, size)."""
    name, text = g.r.choice(_shipped_texts())
    if g.r.random() < 0.9:  # a name of its own, mostly (or one the package owns, or an alias of one)
        text = re.sub(r'(?m)^name = .*$', f'name = "fuzz-{g.r.randrange(1 << 30)}"', text, count=1)
        if g.r.random() < 0.9:
            text = re.sub(r'(?m)^aliases = .*$', "aliases = []", text, count=1)
    lines = text.split("\n")
    for _ in range(g.r.randrange(1, 4)):
        op = g.r.random()
        i = g.r.randrange(len(lines))
        if op < 0.7:  # a value replaced: mostly an expression where the file writes one
            expr_lines = [k for k, line in enumerate(lines)
                          if re.match(r"^\s*(when|value|count|requires|points|base|bonus|formula|cap)\s*=", line)]
            if expr_lines and g.r.random() < 0.8:
                i = g.r.choice(expr_lines)
            m = re.match(r"^(\s*[A-Za-z0-9_.\-]+\s*=\s*)(.*)$", lines[i])
            if m:
                lines[i] = m.group(1) + (_toml_string(expression(g)) if g.r.random() < 0.7 else _toml_literal(g))
        elif op < 0.75:
            del lines[i]
        elif op < 0.8:
            lines.insert(i, lines[g.r.randrange(len(lines))])
        elif op < 0.88:
            lines[i] = g.mutate(lines[i])
        elif op < 0.95:
            lines.insert(i, g.r.choice(["[rows]", "[[rows]]", "[options.x]", "[[checks]]", "[settlement]",
                                        "[facts.f]", "[[instant_wins]]", "[horses]", "extends = \"sichuan\"",
                                        "variant_of = \"nanchang\"", "builtin = true", "format = 2"]))
        else:
            lines.append(g.r.choice([
                ".".join(["a"] * g.r.choice([9, 2000, 50_000])) + " = 1",
                "x = " + "[" * 5000 + "]" * 5000,
                "k = " + "{a=" * 500 + "1" + "}" * 500,
                "[" + "k" * 300 + "]",
                "big = " + "9" * 4500,
                "pad = \"" + "x" * 300_000 + "\"",
            ]))
    return "\n".join(lines)


def _hand_for(rs: Any, g: Gen) -> str:
    from mahjong.tiles import format_tiles

    in_play = getattr(rs.book, "in_play", tuple(range(34)))
    size = rs.hand_rules.hand_size + 1
    for _ in range(10):
        tiles = g.complete_tiles((size - 2) // 3, 34)
        if all(t in in_play for t in tiles):
            return format_tiles(tiles[:-1]) + format_tiles(tiles[-1:])
    return g.notation()


def rule_file(g: Gen) -> Any:
    """A hostile rule file checked, and when it is good, made a rule set and asked to score a few hands: our
    error or a result, with zero-sum payments; never a hang (every value an expression computes is bounded)."""
    from mahjong.rulebook import check_text
    from mahjong.rulebook.book import ruleset_class
    from mahjong.rulebook.presets import register_book, variant_class

    text = rule_file_text(g)
    book, problems = check_text(text, "fuzz.toml")
    for p in problems:
        str(p)
        p.text("zh")
    if book is None:
        return problems
    if g.r.random() < 0.05:
        return register_book(book)  # names the package owns are refused (our error)
    if book.variant_of is not None:
        cls, preset_options = variant_class(book)
    else:
        cls, preset_options = ruleset_class(book), {}
    options = {}
    if g.r.random() < 0.3 and book.options:
        key = g.r.choice(sorted(book.options))
        options[key] = g.r.choice([g.scalar(), 2**62, -(2**62), 10**30, 0, 1, "x", None])
    rs = cls(**{**preset_options, **options})
    for _ in range(g.r.randrange(1, 4)):
        hand = _hand_for(rs, g) if g.r.random() < 0.8 else g.notation()
        context: Any = None if g.r.random() < 0.4 else {k: v for k, v in g.facts().items() if isinstance(k, str)}
        try:
            result = rs.score(hand, context)
        except mahjong.MahjongError:
            continue
        if sum(result.payments) != 0:
            raise NotZeroSum(f"rule file {book.name}: payments {result.payments}")
        json.dumps(result.to_dict())
    return rs


def rule_file_load(g: Gen) -> Any:
    """The reader on a file on disk: odd bytes, sizes and names; our error or a book."""
    import tempfile

    from mahjong.rulebook import check, load_book

    data = rule_file_text(g).encode("utf-8", "surrogatepass")
    roll = g.r.random()
    if roll < 0.1:
        data = b"\xff\xfe" + data
    elif roll < 0.15:
        data = data + b"\x00"
    elif roll < 0.2:
        data = data[: g.r.randrange(len(data) + 1)]
    fd, path = tempfile.mkstemp(suffix=".toml")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        problems = check(path)
        [str(p) for p in problems]
        return load_book(path) if not problems and g.r.random() < 0.5 else problems
    finally:
        os.unlink(path)


# ---- the game: whole-state snapshots -------------------------------------------------------------------------------

def snapshot(game: Any) -> bytes:
    """Everything a game holds, as bytes: the pickle of its state, events, pending seats and legal lists, and its
    own attributes (the compiled core's state is read through its step API: events, legal lists, masks)."""
    pending = tuple(game.pending) if not game.done else ()
    legal = {s: [repr(a) for a in game.legal_actions(s)] for s in pending}
    masks = {s: bytes(memoryview(game.action_mask(s)).cast("B")) if hasattr(game.action_mask(s), "tobytes")
             else bytes(game.action_mask(s)) for s in pending}
    events = [repr(e) for e in game.events]
    state = getattr(game, "state", None)
    try:
        state_bytes = pickle.dumps(state)
    except Exception:  # noqa: BLE001 - a state that does not pickle is still compared by its repr
        state_bytes = repr(state).encode()
    settlement = repr(game.settlement) if game.done else ""
    return pickle.dumps((pending, legal, masks, events, state_bytes, settlement, game.done))


# ---- log readers --------------------------------------------------------------------------------------------------

REAL_GAMES = Path(__file__).resolve().parent.parent / "data" / "real-games"

#: hostile JSON values (as JSON text): wrong types, absurd numbers (a 4,500-digit integer is past Python's
#: int-from-text limit), deep nesting, odd strings
_JSON_VALUES = ("null", "true", "false", "0", "-1", "4", "35", "1.5", "-0.0", "1e400", "NaN", "Infinity",
                str(2**63), str(-(2**70)), "9" * 4500, '""', '"x"', '"W1"', '"F5"', '"H1"', '"SW"', '"\\ud800"',
                "[]", "{}", "[1, 2]", '{"a": 1}', "[" * 2000 + "]" * 2000, '"' + "x" * 100_000 + '"')


def json_mutated(g: Gen, obj: Any) -> str:
    """``obj`` as JSON text with one hostile change: a value anywhere replaced, a key removed, a list cut or
    shuffled, or the text cut."""
    paths: list[tuple[Any, ...]] = []

    def walk(x: Any, path: tuple[Any, ...], depth: int) -> None:
        paths.append(path)
        if depth > 6 or len(paths) > 4000:
            return
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, (*path, k), depth + 1)
        elif isinstance(x, list):
            for k, v in enumerate(x):
                walk(v, (*path, k), depth + 1)

    walk(obj, (), 0)
    obj = copy.deepcopy(obj)
    marker = "\u0000HOSTILE\u0000"
    path = g.r.choice(paths[1:] or paths)
    roll = g.r.random()
    parent: Any = obj
    for k in path[:-1]:
        parent = parent[k]
    if path and roll < 0.6:
        parent[path[-1]] = marker
    elif path and roll < 0.7 and isinstance(parent, dict):
        del parent[path[-1]]
    elif path and roll < 0.8 and isinstance(parent, list):
        del parent[path[-1]:]
    elif path and roll < 0.9 and isinstance(parent, list) and len(parent) > 1:
        i = g.r.randrange(len(parent) - 1)
        parent[i], parent[i + 1] = parent[i + 1], parent[i]
    text = json.dumps(obj, ensure_ascii=False)
    text = text.replace(json.dumps(marker), g.r.choice(_JSON_VALUES), 1)
    if g.r.random() < 0.05:
        text = text[: g.r.randrange(len(text) + 1)]
    return text


@cache
def _botzone_records() -> tuple[str, ...]:
    return tuple(line for line in (REAL_GAMES / "botzone2020_human_processed_sample.json").read_text().splitlines()
                 if line.strip())


def botzone_record(g: Gen) -> Any:
    """Botzone's processed human games (one JSON object a line), mutated, read and replayed: our error or a
    finished game whose nets sum to zero."""
    from mahjong.game.botzone import read_botzone_games, replay_botzone

    line = g.r.choice(_botzone_records())
    text = json_mutated(g, json.loads(line)) if g.r.random() < 0.9 else g.mutate(line)
    data: Any = text.encode("utf-8", "surrogatepass") if g.r.random() < 0.3 else text
    games = read_botzone_games(data)
    for record in games:
        game = replay_botzone(record)
        if game.done and sum(game.settlement.net) != 0:
            raise NotZeroSum(f"botzone record: net {game.settlement.net}")
    return games


def _played_botzone_match(g: Gen) -> Any:
    from mahjong.game import Game, RandomAgent, play_hand
    from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_match_log

    game = Game("guobiao", seed=g.r.randrange(1 << 32), options=dict(BOTZONE_OPTIONS))
    play_hand(game, {s: RandomAgent(g.r.randrange(1 << 16)) for s in game.flow.seats})
    return game, botzone_match_log(game)


def botzone_match(g: Gen) -> Any:
    """A played Botzone-format hand's match log, mutated, read and replayed: our error, or (unchanged) the
    same nets."""
    from mahjong.game.botzone import read_botzone_match, replay_botzone_match

    game, log = _played_botzone_match(g)
    roll = g.r.random()
    text: Any = json.dumps(log) if roll < 0.1 else json_mutated(g, log)
    if g.r.random() < 0.05:
        text = {"log": log}
    elif g.r.random() < 0.05:
        text = text.encode("utf-8", "surrogatepass")
    if g.r.random() < 0.5:
        return read_botzone_match(text)
    twin = replay_botzone_match(text)
    if roll < 0.1 and twin.settlement.net != game.settlement.net:
        raise Mismatch(f"botzone match log replays to {twin.settlement.net}, not {game.settlement.net}")
    return twin


@cache
def _pmn_records() -> tuple[str, ...]:
    return tuple(p.read_text() for p in sorted(REAL_GAMES.glob("*.pmn")))


def pmn_record(g: Gen) -> Any:
    """mahjongsoft.com's PMN records with hostile tags and moves: our error or a finished game."""
    from mahjong.game.pmn import parse_pmn, pmn_tile, replay_pmn

    text = g.r.choice(_pmn_records())
    roll = g.r.random()
    if roll < 0.3:  # a tag's value replaced
        tags = re.findall(r'(?m)^\[(\w+)\s+"(.*)"\]\s*$', text)
        tag, value = g.r.choice(tags)
        new = g.r.choice(["", "SW", "E", "ES", "X", "w5", "c0", "z1", "T0c1", "H9", g.text(10), value * 3,
                          value[: len(value) // 2], "9" * 4500, value.replace("c", "q")])
        text = text.replace(f'[{tag} "{value}"]', f'[{tag} "{new}"]', 1)
    elif roll < 0.5:
        text = g.mutate(text)
    elif roll < 0.6:
        text = text[: g.r.randrange(len(text) + 1)]
    elif roll < 0.65:
        return pmn_tile(g.r.choice(["", "c", "c0", "w9", "x1", "r4", g.text(3)]))
    if g.r.random() < 0.5:
        return parse_pmn(text.encode("utf-8", "surrogatepass") if g.r.random() < 0.3 else text)
    game = replay_pmn(text)
    if game.done and sum(game.settlement.net) != 0:
        raise NotZeroSum(f"pmn: net {game.settlement.net}")
    return game


def json_lines_log(g: Gen) -> Any:
    """A played hand's JSON-lines log with one hostile value anywhere in an event, read and replayed: our
    error or a replayed game (the unchanged log replays to the same nets)."""
    from mahjong.game import Game, RandomAgent, play_hand
    from mahjong.game.flows import FLOWS
    from mahjong.game.log import dumps_log, read_log, replay

    name = g.r.choice(sorted(FLOWS))
    game = Game(name, seed=g.r.randrange(1 << 32))
    play_hand(game, {s: RandomAgent(g.r.randrange(1 << 16)) for s in game.flow.seats})
    lines = dumps_log(game.events).splitlines()
    changed = g.r.random() < 0.9
    if changed:
        i = g.r.randrange(len(lines))
        lines[i] = json_mutated(g, json.loads(lines[i]))
    text = "\n".join(lines)
    events = read_log(text.encode("utf-8", "surrogatepass") if g.r.random() < 0.3 else text)
    twin = replay(events, partial=g.r.random() < 0.1)
    if not changed and twin.done and twin.settlement.net != game.settlement.net:
        raise Mismatch(f"{name}: the replayed log settles to {twin.settlement.net}, not {game.settlement.net}")
    return twin


# ---- the game's step API: hostile seats, actions and probes, whole-state snapshots, invariants ------------------

class StateChanged(Mismatch):
    """A refused call (our error) changed the game: its snapshot differs."""


class Broken(Mismatch):
    """An invariant does not hold: a tile's copies, legal = mask, zero-sum, the log's replay."""


def _hostile_seat(g: Gen, seat: int) -> Any:
    from hostile import IndexOnly, Liar, Raises

    np = _np()
    pool: list[Any] = [float(seat), True, False, None, str(seat), [seat], {seat: 1}, (seat,), seat + 4, -1, 2**64,
                       -(2**70), IndexOnly(seat), Liar(seat), Raises(), b"\x00", 1j]
    if np is not None:
        pool += [np.int64(seat), np.uint8(seat), np.int8(-1), np.float64(seat), np.bool_(True), np.array([seat]),
                 np.int64(2**40)]
    return g.r.choice(pool)


def _hostile_action(g: Gen, legal: list[Any]) -> Any:
    from hostile import IndexOnly, Liar

    from mahjong.game import Action

    np = _np()
    a = g.r.choice(legal)
    pool: list[Any] = [float(a.index), True, None, str(a.index), [a.index], {a.index: 1}, a.index + 1000, -1, 201,
                       2**64, IndexOnly(a.index), Liar(a.index), a.to_dict(), repr(a), object()]
    if np is not None:
        pool += [np.int64(a.index), np.float32(a.index), np.bool_(True), np.array([a.index])]
    roll = g.r.random()
    if roll < 0.3:  # an Action a caller makes: hostile fields (refused when it is made) or one not legal now
        try:
            kind = g.r.choice([a.kind, "discard", "chow", "win", "pass", "flower", "x", None])
            tile = g.r.choice([a.tile, -1, 0, 33, 34, 41, 42, 5.0, True, None, "5m", 2**70])
            meld = g.r.choice([a.meld, (), (1, 2, 3), (27, 28, 29), "123", [4, 5, 6], (1, 2, 3.0), None, (40,)])
            return Action(kind, tile, meld)  # type: ignore[arg-type]
        except mahjong.MahjongError:
            return a.index + 1000
    return g.r.choice(pool)


def _np() -> Any:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def _check_invariants(game: Any, name: str) -> None:
    """Legal = mask for every pending seat, and every tile in exactly one place."""
    for s in (game.pending if not game.done else ()):
        legal = {a.index for a in game.legal_actions(s)}
        mask = {i for i, b in enumerate(bytes(game.action_mask(s))) if b}
        if legal != mask:
            raise Broken(f"{name}: seat {s}'s legal actions {sorted(legal)} are not its mask {sorted(mask)}")
    try:
        game.state.tile_count_check()
    except AssertionError as e:
        raise Broken(f"{name}: tile count: {e}") from None


def game_probe(name: str) -> Any:
    """A hand on either engine, played by legal answers and hit at random moments by hostile ones (seats and
    actions of every type, steps with odd mappings, probes, penalties): every refusal is our error and leaves the
    game's whole snapshot as it was; legal = mask and the tile count hold at every hostile moment; a finished
    hand's nets sum to zero and its log replays to the same events."""

    def call(g: Gen) -> Any:
        from mahjong.game import Game
        from mahjong.game.log import dumps_log, read_log, replay

        engine = g.r.choice(["core", "python"])
        options: dict[str, Any] = {}
        if name.startswith("guobiao") and g.r.random() < 0.3:  # (the judge's penalties: Guobiao's flow option)
            options["penalties"] = True
        game = Game(name, seed=g.r.randrange(1 << 64), engine=engine, options=options or None)
        label = f"{name}[{engine}]"
        for _ in range(g.r.randrange(0, 400)):
            if game.done:
                break
            seat = g.r.choice(list(game.pending))
            legal = game.legal_actions(seat)
            if g.r.random() < 0.15:
                _check_invariants(game, label)
                before = snapshot(game)
                what = g.r.randrange(6)
                try:
                    if what == 0:
                        game.act(_hostile_seat(g, seat), g.r.choice(legal))
                    elif what == 1:
                        game.act(seat, _hostile_action(g, legal))
                    elif what == 2:
                        answers: Any = {s: game.legal_actions(s)[0] for s in game.pending}
                        roll = g.r.random()
                        if roll < 0.3:  # (a mapping's keys are hashable)
                            key = _hostile_seat(g, seat)
                            answers[key if getattr(type(key), "__hash__", None) else str(key)] = answers.pop(seat)
                        elif roll < 0.6:
                            answers[seat] = _hostile_action(g, legal)
                        elif roll < 0.8:
                            answers.pop(seat)
                        else:
                            answers = g.r.choice([[seat], None, seat, "x", list(answers.items())])
                        game.step(answers)
                    elif what == 3:
                        probe = g.r.choice(["legal_actions", "action_mask", "observe"])
                        getattr(game, probe)(_hostile_seat(g, seat))
                        if snapshot(game) != before:
                            raise StateChanged(f"{label}: {probe} with a hostile seat changed the game")
                        continue
                    elif what == 4:
                        game.penalize(g.r.choice([seat, _hostile_seat(g, seat)]),
                                      g.r.choice(["TLE", "WA", "x", None, 5]), g.r.choice(["", None, 5, "a" * 300]))
                        continue
                    else:  # a legal action of a seat that is not to act
                        other = [s for s in game.flow.seats if s not in game.pending]
                        if not other:
                            continue
                        game.act(g.r.choice(other), legal[0])
                        if not game.flow.penalties:
                            raise Broken(f"{label}: a seat that was not to act was answered for")
                except mahjong.MahjongError:
                    if snapshot(game) != before:
                        raise StateChanged(f"{label}: a refused call (probe {what}) changed the game") from None
                    continue
                if game.flow.penalties:
                    continue  # (the judge's penalties: an illegal answer is judged, not refused)
                if what in (0, 1, 2):
                    continue  # (a numpy seat or index is taken as the same int: answered)
            game.act(seat, g.r.choice(legal))
        if game.done:
            if sum(game.settlement.net) != 0:
                raise NotZeroSum(f"{label}: net {game.settlement.net}")
            events = game.events
            twin = replay(read_log(dumps_log(events)))
            if twin.events != events:
                raise Broken(f"{label}: the log does not replay to its own events")
        else:
            _check_invariants(game, label)
        return game

    return call


# ---- GameBatch under threads ------------------------------------------------------------------------------------

def batch_threads(g: Gen) -> Any:
    """A batch stepped by one thread while another reads its games (under the batch's lock) and a third asks
    its probes: no error but ours, every game whole (each tile in one place) throughout, and the batch steps on."""
    import threading

    np = _np()
    if np is None:
        return None
    from mahjong.rl import GameBatch

    rules = g.r.choice(["guobiao", "sichuan", "nanchang", "yuhuan", "hongzhong", "changsha", "jinshan"])
    batch = GameBatch(g.r.randrange(1, 5), rules=rules, seed=g.r.randrange(1 << 64), keep_logs=g.r.random() < 0.5)
    steps = g.r.randrange(1, 40)
    seed = g.r.randrange(1 << 30)
    problems: list[BaseException] = []
    stop = threading.Event()

    def stepper() -> None:
        import random

        r = random.Random(seed)
        try:
            for _ in range(steps):
                o = batch.observe()
                actions = np.array([r.choice(np.flatnonzero(o.mask[i]).tolist()) for i in range(len(o))],
                                   dtype=np.int64)
                if r.random() < 0.1 and len(actions):  # a refused row: our error or a refusal the result names
                    actions[r.randrange(len(actions))] = r.choice([-1, 201, 10**6])
                try:
                    batch.step(actions)
                except mahjong.MahjongError:
                    pass
        except BaseException as e:  # noqa: BLE001 - reported below
            problems.append(e)
        finally:
            stop.set()

    def reader() -> None:
        try:
            while not stop.wait(0.002):  # (a pause between reads: the time limit counts every thread's CPU)
                with batch.lock:
                    for game in batch.games:
                        game.state.tile_count_check()
        except BaseException as e:  # noqa: BLE001
            problems.append(e)

    def prober() -> None:
        import random

        r = random.Random(seed + 1)
        try:
            while not stop.wait(0.002):
                i = r.choice([0, batch.n - 1, batch.n, -1, 2**70, 1.0, None])
                try:
                    batch.legal(i, r.choice([0, 1, 2, 3, 4, -1, True]))  # type: ignore[arg-type]
                    batch.action_mask(i, r.randrange(4))  # type: ignore[arg-type]
                except mahjong.MahjongError:
                    pass
        except BaseException as e:  # noqa: BLE001
            problems.append(e)

    threads = [threading.Thread(target=f) for f in (stepper, reader, prober)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if problems:
        raise problems[0]
    for game in batch.games:
        game.state.tile_count_check()
    o = batch.observe()
    batch.step(np.array([np.flatnonzero(o.mask[i])[0] for i in range(len(o))], dtype=np.int64))
    return batch


# ---- the web API, in a test client --------------------------------------------------------------------------------

class ServerError(Exception):
    """The web server answered 5xx (an unexpected failure) or an error without our fields."""


@cache
def _web_client() -> Any:
    from starlette.testclient import TestClient

    from mahjong.web.app import create_app

    client = TestClient(create_app(), raise_server_exceptions=False)
    client.__enter__()  # (the app's lifespan runs for the process: the tables' clock)
    return client


_WEB_BODIES: dict[str, dict[str, Any]] = {
    "/api/parse": {"hand": "[123m,1]456m789m123p5s 5s"},
    "/api/score": {"hand": "123m456m789m123p55s", "rules": "guobiao", "options": {}, "context": {"winner": 0},
                   "win_tile": "5s", "style": "ascii"},
    "/api/analyze": {"hand": "123m456m789m123p5s", "rules": "sichuan", "visible": "1m", "wildcards": 0,
                     "wildcard_tiles": "", "top": 5, "style": "chinese"},
    "/api/waits": {"hand": "123m456m789m123p5s", "rules": "common", "options": {"base": 2}, "visible": "5s"},
    "/api/tables": {"rules": "guobiao", "seats": ["random", "random", "random", "random"], "hands": 1,
                    "timing": {"agent": 0.01}},
}


def web_api(g: Gen) -> Any:
    """The web server's routes in a test client, with hostile bodies (each model's fields mutated anywhere, not
    JSON, deep, huge numbers, wrong types), hostile names and paths: every answer below 500, and every refusal
    our JSON error (its message, kind, code and Chinese text)."""
    from urllib.parse import quote

    client = _web_client()
    roll = g.r.random()
    if roll < 0.7:
        path = g.r.choice(sorted(_WEB_BODIES))
        body = _WEB_BODIES[path]
        if path == "/api/score" and g.r.random() < 0.5:
            body = {**body, "rules": g.r.choice(RULESETS), "options": None, "context": None}
        text: Any = json_mutated(g, body) if g.r.random() < 0.85 else g.r.choice(
            [g.text(30), "[" * 40 + "]" * 40, "9" * 5000, json.dumps(g.notation()), "", "null", "{}"])
        data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        r = client.post(path, content=data, headers={"content-type": g.r.choice(["application/json", "text/plain"])})
    elif roll < 0.9:
        name = g.r.choice(RULESETS + ["", "x" * 500, "国标", "../../etc", "%00", g.text(10), "9" * 100])
        where = g.r.choice(["/api/rules/", "/api/fans/", "/api/tables/"])
        r = client.get(where + quote(name, safe="", errors="replace"))
    else:
        r = client.request(g.r.choice(["GET", "POST", "PUT", "DELETE"]),
                           g.r.choice(["/", "/api/tiles", "/api/strings", "/api/rules", "/openapi.json", "/nope",
                                       "/static/" + quote(g.text(8), errors="replace"), "/table", "/api/score"]))
    if r.status_code >= 500 and not (r.status_code == 503 and r.request.url.path == "/api/tables"):
        raise ServerError(f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text[:300]}")
    if r.status_code >= 400 and r.headers.get("content-type", "").startswith("application/json"):
        answer = r.json()
        if not all(answer.get(k) for k in ("error", "kind", "code", "error_zh")):
            raise ServerError(f"{r.request.url.path}: {r.status_code} without our fields: {r.text[:300]}")
    return r.status_code


RULESETS = [name for name, _ in mahjong.list_rulesets()]
