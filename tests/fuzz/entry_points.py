"""The fuzz suite's table of public entry points: ONE ROW per entry point.

Each row is ``Entry(name, weight, call)``: ``call(gen)`` draws its arguments from a :class:`hostile.Gen` and
calls the entry point once.  It returns normally (any result) or raises; the runner accepts a return or a
:class:`mahjong.MahjongError` within the time limit and counts anything else.  A row may raise
:class:`Mismatch` when an answer contradicts another way of computing it (batch vs single calls, threads vs
one thread, a round trip, a payment that does not sum to zero).

To fuzz a new entry point (the game engine's ``step``, log replay) add one row to :func:`entries`.
"""

from __future__ import annotations

import importlib
import json
import operator
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hostile import Gen, np

import mahjong
from mahjong import _reference
from mahjong._kernels import KERNEL_NAMES


class Mismatch(Exception):
    """Two ways of computing the same answer disagree (a wrong answer, not a rejected input)."""


class NotZeroSum(Mismatch):
    """A settlement or a score whose payments do not sum to zero."""


@dataclass(frozen=True)
class Entry:
    name: str
    weight: float
    call: Callable[[Gen], Any]


def _backends() -> list[tuple[str, Any]]:
    out = [("reference", _reference)]
    if os.environ.get("MAHJONG_PURE_PYTHON") != "1":
        out.append(("core", importlib.import_module("mahjong._core")))
    return out


SINGLE = [n for n in KERNEL_NAMES if not n.endswith("_batch")]
BATCH = [n for n in KERNEL_NAMES if n.endswith("_batch")]
RULESETS = [name for name, _ in mahjong.list_rulesets()]
STYLES = ("ascii", "chinese", "unicode")


# ---- kernels -----------------------------------------------------------------------------------------------

def _single(module: Any, name: str) -> Callable[[Gen], Any]:
    fn = getattr(module, name)

    def call(g: Gen) -> Any:
        args: list[Any] = [g.hand_input()]
        if g.r.random() < 0.8:
            args.append(g.wildcards())
            if g.r.random() < 0.7:
                args.append(g.rules())
        kw = {}
        if name in ("waits", "discard_options") and g.r.random() < 0.3:
            kw["visible"] = g.buffer(g.counts(g.r.randrange(0, 10))) if g.r.random() < 0.8 else g.scalar()
        return fn(*args, **kw)

    return call


def _as_list(out: Any) -> list[int]:
    return [int(x) for x in (out.tolist() if hasattr(out, "tolist") else out)]


def _batch(module: Any, name: str) -> Callable[[Gen], Any]:
    fn = getattr(module, name)
    single = getattr(module, name[: -len("_batch")])
    n_tiles = 14 if name == "is_win_batch" else 13

    def call(g: Gen) -> Any:
        n = g.r.choice([0, 1, 2, 5, 20])
        hands = g.batch(n, g.r.choice([n_tiles, n_tiles, None]))
        k: Any = g.wildcards() if g.r.random() < 0.9 else [g.r.choice([0, 1]) for _ in range(n)]
        rules = g.rules() if g.r.random() < 0.5 else mahjong.DEFAULT
        out = fn(hands, k, rules)
        # an accepted batch must equal the single calls, row by row
        rows = mahjong._input.batch_rows(hands)
        got = _as_list(out)
        for i, row in enumerate(rows):
            ki = operator.index(k) if not isinstance(k, list) else k[i]
            if name == "waits_batch":
                want = sum(1 << t for t in single(row, ki, rules).tiles)
            else:
                want = int(single(row, ki, rules))
            if got[i] != want:
                raise Mismatch(f"{name} row {i}: batch {got[i]} != single {want}")
        return out

    return call


def _threads_over_halves(module: Any) -> Callable[[Gen], Any]:
    """Two threads over the two halves of one batch give what one thread gives."""

    def call(g: Gen) -> Any:
        if np is None:
            return None
        name = g.r.choice(BATCH)
        fn = getattr(module, name)
        n_tiles = 14 if name == "is_win_batch" else 13
        rows = np.zeros((400, 34), dtype=np.uint8)
        for i in range(400):
            for t in g.tiles(n_tiles):
                rows[i, t] += 1
        whole = _as_list(fn(rows))
        parts: list[Any] = [None, None]
        half = len(rows) // 2

        def work(i: int) -> None:
            parts[i] = _as_list(fn(rows[:half] if i == 0 else rows[half:]))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if parts[0] + parts[1] != whole:
            raise Mismatch(f"{name}: two threads over halves differ from one thread")
        return whole

    return call


def _under_mutation(module: Any) -> Callable[[Gen], Any]:
    """A thread scribbles over half of the rows during the call: only answers or our errors, and the rows it
    never touches get the single-call answers."""

    def call(g: Gen) -> Any:
        if np is None:
            return None
        name = g.r.choice(BATCH)
        fn = getattr(module, name)
        single = getattr(module, name[: -len("_batch")])
        n_tiles = 14 if name == "is_win_batch" else 13
        rows = np.zeros((2000, 34), dtype=g.r.choice(["u1", "i8", ">i2"]))
        for i in range(0, 2000, 100):  # twenty distinct valid rows, each repeated
            c = [0] * 34
            for t in g.tiles(n_tiles, 27 if g.r.random() < 0.3 else 34):
                c[t] += 1
            rows[i: i + 100] = c
        pristine = rows.copy()
        stop = threading.Event()
        seed = g.r.randrange(1 << 30)

        def vandal() -> None:
            import random

            r = random.Random(seed)
            while not stop.is_set():
                rows[2 * r.randrange(1000) + 1, r.randrange(34)] = r.choice((0, 4, 5, 100, 127))

        t = threading.Thread(target=vandal)
        t.start()
        try:
            out = fn(rows)
        except mahjong.MahjongError:
            return None
        finally:
            stop.set()
            t.join()
        got = _as_list(out)
        for i in range(0, 2000, 50):  # even rows are never written
            want = single(pristine[i])
            want = sum(1 << x for x in want.tiles) if name == "waits_batch" else int(want)
            if got[i] != want:
                raise Mismatch(f"{name} under mutation: untouched row {i} got {got[i]}, single call {want}")
        return out

    return call


# ---- notation and the hand model ---------------------------------------------------------------------------

def parse_and_round_trip(g: Gen) -> Any:
    text = g.notation() if g.r.random() < 0.7 else g.text() if g.r.random() < 0.9 else g.huge_text()
    hand = mahjong.parse_hand(text)
    for style in STYLES:
        printed = mahjong.format_hand(hand, style)  # type: ignore[arg-type]
        back = mahjong.parse_hand(printed)
        if back != hand or back.win_tile != hand.win_tile:
            raise Mismatch(f"format_hand({text!r}, {style}) = {printed!r} reads back as another hand")
    return hand


def parse_tiles(g: Gen) -> Any:
    text = g.text() if g.r.random() < 0.6 else g.notation() if g.r.random() < 0.9 else g.huge_text()
    tiles = mahjong.parse_tiles(text)
    playing = [t for t in tiles if t < 34]
    for style in STYLES:
        if mahjong.parse_tiles(mahjong.format_tiles(tiles, style)) != sorted(tiles):  # type: ignore[arg-type]
            raise Mismatch(f"format_tiles round trip of {text!r} in {style}")
    return playing


def tile_functions(g: Gen) -> Any:
    which = g.r.randrange(4)
    if which == 0:
        return mahjong.tile_name(g.scalar() if g.r.random() < 0.5 else g.r.randrange(-2, 44),
                                 g.r.choice(STYLES + ("fancy", None, 1)))  # type: ignore[arg-type]
    if which == 1:
        return mahjong.format_tiles(g.hand_input(), g.r.choice(STYLES + ("x",)))  # type: ignore[arg-type]
    if which == 2:
        return mahjong.Tile.parse(g.text(4) if g.r.random() < 0.7 else g.scalar())
    return mahjong.format_hand(g.hand_object() if g.r.random() < 0.7 else g.scalar(),
                               g.r.choice(STYLES + ("?",)))  # type: ignore[arg-type]


def model_constructors(g: Gen) -> Any:
    which = g.r.randrange(3)
    if which == 0:
        kind = g.r.choice(list(mahjong.MeldKind)) if g.r.random() < 0.8 else g.scalar()
        tiles = g.tiles(g.r.choice([3, 4, 2, 5])) if g.r.random() < 0.6 else g.hand_input()
        return mahjong.Meld(kind, tiles, g.r.choice([None, 1, 2, 3, 0, 4, True, "1"]))
    if which == 1:
        concealed = g.tiles(g.r.choice([13, 14, 11])) if g.r.random() < 0.6 else g.hand_input()
        melds = [] if g.r.random() < 0.5 else [g.scalar()] if g.r.random() < 0.5 else list(
            g.hand_object().melds)
        flowers = () if g.r.random() < 0.7 else g.r.choice([(34, 35), (34, 34), (1,), "f1", g.scalar()])
        return mahjong.Hand(concealed, melds, flowers, g.r.choice([None, None, 0, 33, 34, True, "1m"]))
    rules = mahjong.HandRules()
    field = g.r.choice(["hand_size", "seven_pairs", "max_wildcards", "no_honors", "knitted", "bogus"])
    return rules.replace(**{field: g.scalar() if g.r.random() < 0.7 else g.r.choice([13, 16, True, 8])})


# ---- rule sets -----------------------------------------------------------------------------------------------

def _score(name: str) -> Callable[[Gen], Any]:
    rs = mahjong.get_ruleset(name)
    kinds = 27 if rs.hand_rules.no_honors else 34

    def call(g: Gen) -> Any:
        r = g.r.random()
        if r < 0.6:
            from mahjong.tiles import format_tiles

            size = rs.hand_rules.hand_size + 1
            tiles = g.complete_tiles((size - 2) // 3, kinds)
            hand: Any = format_tiles(tiles[:-1]) + format_tiles(tiles[-1:])
        elif r < 0.8:
            hand = g.notation()
        else:
            hand = g.hand_input()
        r = g.r.random()
        if r < 0.4:
            context: Any = None
        elif r < 0.8:
            context = g.facts()
        elif r < 0.9:
            try:
                context = rs.Context.from_options(**{k: v for k, v in g.facts().items() if isinstance(k, str)})
            except mahjong.MahjongError:
                context = None
        else:
            context = g.scalar()
        result = rs.score(hand, context)
        if sum(result.payments) != 0:
            raise NotZeroSum(f"{name}: payments {result.payments}")
        json.dumps(result.to_dict())  # the JSON view must exist for every result
        return result

    return call


def _context(name: str) -> Callable[[Gen], Any]:
    rs = mahjong.get_ruleset(name)

    def call(g: Gen) -> Any:
        facts = {k: v for k, v in g.facts().items() if isinstance(k, str)}
        if g.r.random() < 0.5:
            return rs.Context.from_options(**facts)
        return rs.Context(**facts)

    return call


def _settle(name: str) -> Callable[[Gen], Any]:
    def call(g: Gen) -> Any:
        from mahjong.settlement import settle

        events: list[Any] = []
        for _ in range(g.r.randrange(0, 5)):
            kind = g.r.choice(["win", "win", "kong", "draw", "bogus"])
            ev: dict[str, Any] = {"type": kind}
            if kind == "win":
                ev.update(seat=g.r.choice([0, 1, 2, 3, 5, "1", None]), hand=g.notation())
                if g.r.random() < 0.7:
                    ev["discarder"] = g.r.choice([None, 0, 1, 2, 3, True])
                ev.update({k: v for k, v in g.facts().items() if isinstance(k, str) and k})
            elif kind == "kong":
                ev.update(seat=g.r.randrange(4), kind=g.r.choice(["melded", "added", "concealed", "x"]),
                          tile=g.r.choice(["5p", "E", 3, 34, "f1", None]))
                if g.r.random() < 0.5:
                    ev["from_seat"] = g.r.randrange(5)
            elif kind == "draw":
                ev["hands"] = {str(g.r.randrange(4)): g.notation() for _ in range(g.r.randrange(3))}
            if g.r.random() < 0.05:
                ev = g.scalar()
            events.append(ev)
        record: Any = {"ruleset": name, "dealer": g.r.choice([0, 1, 2, 3]), "events": events}
        if g.r.random() < 0.1:
            record["options"] = {g.r.choice(["base", "bogus", "max_fan"]): g.scalar()}
        if g.r.random() < 0.1:
            record = json.dumps(record, default=repr) if g.r.random() < 0.5 else g.scalar()
        result = settle(record)
        if sum(result.net) != 0:
            raise NotZeroSum(f"settle {name}: net {result.net}")
        return result

    return call


# ---- the game engine: hostile actions, walls, options and logs ------------------------------------------------

PLAYABLE = sorted(__import__("mahjong.game.flows", fromlist=["FLOWS"]).FLOWS)


def _game_step(name: str) -> Callable[[Gen], Any]:
    """A hand played partly by legal actions, then hit with hostile ones (out-of-turn seats, unlisted indices,
    odd types); every refusal must be our error and leave the state exactly as it was."""

    def call(g: Gen) -> Any:
        from mahjong.game import Game

        kwargs: dict[str, Any] = {"seed": g.r.randrange(1 << 32)}
        roll = g.r.random()
        if roll < 0.05:
            kwargs["seed"] = g.scalar()
        elif roll < 0.10:
            kwargs["wall"] = g.r.choice([[g.r.randrange(-2, 45) for _ in range(g.r.randrange(200))], g.scalar()])
        elif roll < 0.15:
            kwargs["options"] = {g.r.choice(["botzone", "penalties", "lack", "min_fan", "bogus"]): g.scalar()}
        elif roll < 0.20:
            kwargs["dealer"] = g.scalar()
        game = Game(name, **kwargs)
        for _ in range(g.r.randrange(0, 60)):
            if game.done:
                break
            seat = g.r.choice(list(game.pending))
            legal = game.legal_actions(seat)
            before = (len(game.events), [list(h) for h in game.state.hands], game.state.front)
            if g.r.random() < 0.05:  # an outside judge's penalty with hostile arguments: our error, or the end
                try:
                    game.penalize(g.r.choice([seat, g.scalar()]), g.r.choice(["TLE", "WA", g.scalar()]),
                                  g.r.choice(["", g.scalar()]))
                except mahjong.MahjongError:
                    if (len(game.events), [list(h) for h in game.state.hands], game.state.front) != before:
                        raise Mismatch(f"{name}: a refused penalty changed the state") from None
                    continue
                break
            if g.r.random() < 0.3:
                bad = g.r.choice([g.scalar(), g.r.randrange(-5, 400), seat + 4, legal[0].index + 1000])
                target = g.r.choice([seat, g.r.randrange(-1, 6)])
                try:
                    game.act(target, bad)
                except mahjong.MahjongError:
                    after = (len(game.events), [list(h) for h in game.state.hands], game.state.front)
                    if after != before:
                        raise Mismatch(f"{name}: a refused action changed the state") from None
                    continue
            game.act(seat, g.r.choice(legal))
        if game.done and sum(game.settlement.net) != 0:
            raise NotZeroSum(f"game {name}: net {game.settlement.net}")
        return game

    return call


def _game_replay(name: str) -> Callable[[Gen], Any]:
    """A played hand's JSON-lines log, cut, shuffled or with one field changed, read and replayed: our error
    or the same nets."""

    def call(g: Gen) -> Any:
        from mahjong.game import Game, RandomAgent, play_hand
        from mahjong.game.log import dumps_log, read_log, replay

        game = Game(name, seed=g.r.randrange(1 << 32))
        play_hand(game, {s: RandomAgent(g.r.randrange(1 << 16)) for s in game.flow.seats})
        lines = dumps_log(game.events).splitlines()
        roll = g.r.random()
        if roll < 0.3 and lines:
            i = g.r.randrange(len(lines))
            event = json.loads(lines[i])
            key = g.r.choice(sorted(event))
            event[key] = g.scalar()
            lines[i] = json.dumps(event, default=repr)
        elif roll < 0.5 and lines:
            del lines[g.r.randrange(len(lines)):]
        elif roll < 0.6 and len(lines) > 2:
            i = g.r.randrange(len(lines) - 1)
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif roll < 0.7:
            lines.insert(g.r.randrange(len(lines) + 1), g.text(30))
        text = "\n".join(lines)
        twin = replay(read_log(text.encode("utf-8", "replace") if g.r.random() < 0.3 else text))
        if roll >= 0.7 and twin.done and twin.settlement.net != game.settlement.net:
            raise Mismatch(f"{name}: the replayed log settles to {twin.settlement.net}, not {game.settlement.net}")
        return twin

    return call


# ---- the command line, through a subprocess ---------------------------------------------------------------

CLI_TIMEOUT = 20.0


CLI_SUBCOMMANDS = ("analyze", "score", "score", "rules", "settle", "simulate", "check", "verify", "serve", "play")


def cli(g: Gen, subcommands: tuple[str, ...] = CLI_SUBCOMMANDS) -> Any:
    """``mahjong`` in a child process: it must exit 0 (answer) or 1/2 (our error, argparse usage) with no
    traceback.  A traceback or a signal raises CliFailure."""
    sub = g.r.choice(subcommands)
    argv: list[str] = [sub]
    if sub in ("analyze", "score"):
        argv.append(g.notation() if g.r.random() < 0.8 else g.text(20))
        for _ in range(g.r.randrange(0, 3)):
            opt = g.r.choice(["--rules", "--context", "--discarder", "--top", "--wildcards", "--style",
                              "--seat-wind", "--indicator", "--wildcard-tile", "--json", "--self-drawn"])
            argv.append(opt)
            if opt == "--rules":
                argv.append(g.r.choice(RULESETS + ["bogus", "GB", "国标"]))
            elif opt == "--context":
                k = g.r.choice(Gen.FACTS)
                argv.append(f"{k}={g.r.choice(['1', 'true', '1000000000000', 'x', '5m', '-3', ''])}")
            elif opt not in ("--json", "--self-drawn"):
                argv.append(g.r.choice(["0", "3", "-3", "E", "5m", "x", "99999999999999999999"]))
        if sub == "score" and "--rules" not in argv:
            argv += ["--rules", g.r.choice(RULESETS)]
    elif sub == "rules":
        if g.r.random() < 0.7:
            argv.append(g.r.choice(RULESETS + ["bogus"]))
    elif sub == "simulate":  # (a few hands at most: the bounds are what is fuzzed, not the play)
        argv += ["--rules", g.r.choice(RULESETS + ["bogus"]), "--no-progress",
                 "--hands", g.r.choice(["1", "3", "0", "-1", "x", str(10**23), "9" * 30])]
        if g.r.random() < 0.3:
            argv += ["--workers", g.r.choice(["1", "0", "-3", "100000", str(2**70), "x"])]
        if g.r.random() < 0.3:
            argv += ["--option", g.r.choice(["min_fan=2", "base=x", "=", "x", "wall_end_reserve=9" * 3, "max_fan=-1"])]
        if g.r.random() < 0.2:
            argv += ["--log", g.r.choice(["/dev/full", "/nonexistent/dir/x.jsonl", ""])]
        if g.r.random() < 0.3:
            argv.append("--json")
    elif sub == "serve":  # (only addresses it cannot listen on, or bad limits: it must refuse, not serve)
        argv += g.r.choice([["--host", "256.1.1.1"], ["--host", "no.such.host.invalid"], ["--port", "99999"],
                            ["--port", "-1"], ["--port", "x"], ["--request-timeout", "0"], ["--host", ""],
                            ["--request-timeout", "x"]])
    stdin: Any = subprocess.DEVNULL
    path = ""
    if sub in ("check", "verify"):
        import tempfile

        from surfaces import rule_file_text

        fd, path = tempfile.mkstemp(suffix=".toml" if sub == "check" else ".jsonl")
        with os.fdopen(fd, "wb") as f:
            f.write(rule_file_text(g).encode("utf-8", "surrogatepass") if sub == "check" else
                    g.r.choice([b"", b"\xff\xfe", b"{}\n", b'{"type": "hand_started"}\n', g.text(200).encode()]))
        argv = ["rules", "--check", path] if sub == "check" else ["verify", path]
    if sub == "play":  # closed, empty or undecodable standard input
        argv += ["--rules", g.r.choice(RULESETS)]
        stdin = g.r.choice([subprocess.DEVNULL, b"\xff\xfe\xfa\n", b"x\n" * 50, b"99999999999999999999\n"])
    if sub == "settle":
        import tempfile

        fd, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "wb") as f:
            body = json.dumps({"ruleset": g.r.choice(RULESETS), "events": [{"type": "win", "seat": 0,
                               "hand": g.notation()}]}).encode()
            f.write(g.r.choice([body, body[: len(body) // 2], b"\xff\xfe", b"[" * 10000, b"{}"]))
        argv.append(path)
    # what a shell can pass at all: no NUL bytes, no lone surrogates
    argv = [a.replace("\x00", "").encode("utf-8", "replace").decode("utf-8") for a in argv]
    try:
        proc = subprocess.run([sys.executable, "-c", "import sys; from mahjong.cli import main; sys.exit(main())",
                               *argv], capture_output=True, timeout=CLI_TIMEOUT,
                              **({"stdin": stdin} if not isinstance(stdin, bytes) else {"input": stdin}))
    finally:
        if path:
            os.unlink(path)
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode < 0 or "Traceback (most recent call last)" in proc.stderr:
        raise CliFailure(f"mahjong {argv!r} exited {proc.returncode}: {proc.stderr[-600:]}")
    return proc.returncode


class CliFailure(Exception):
    """The command line printed a traceback or died."""


# ---- the table -----------------------------------------------------------------------------------------------

def entries() -> list[Entry]:
    rows: list[Entry] = []
    for backend, module in _backends():
        w = 1.0 if backend == "core" else 0.15  # the reference is slow: fewer of its calls per second
        rows += [Entry(f"{name}[{backend}]", w, _single(module, name)) for name in SINGLE]
        rows += [Entry(f"{name}[{backend}]", w * 0.6, _batch(module, name)) for name in BATCH]
        if backend == "core":
            rows.append(Entry("batch threads over halves[core]", 0.05, _threads_over_halves(module)))
            rows.append(Entry("batch under mutation[core]", 0.05, _under_mutation(module)))
    rows += [
        Entry("parse_hand + format_hand round trip", 1.0, parse_and_round_trip),
        Entry("parse_tiles + format_tiles round trip", 0.7, parse_tiles),
        Entry("tile_name / format_tiles / Tile.parse / format_hand", 0.5, tile_functions),
        Entry("Meld / Hand / HandRules.replace", 0.5, model_constructors),
    ]
    for name in RULESETS:
        rows.append(Entry(f"score[{name}]", 0.4, _score(name)))
        rows.append(Entry(f"Context.from_options[{name}]", 0.2, _context(name)))
        rows.append(Entry(f"settle[{name}]", 0.2, _settle(name)))
    # (the engine's own logic is the same on both backends; on the pure-Python kernels a played hand's scoring
    # alone can pass the 1 s limit, so the engine rows run where the kernels are compiled)
    if os.environ.get("MAHJONG_PURE_PYTHON") != "1":
        for name in PLAYABLE:
            rows.append(Entry(f"game step[{name}]", 0.03, _game_step(name)))
            rows.append(Entry(f"game log replay[{name}]", 0.02, _game_replay(name)))
    rows += _surface_rows()
    return rows


def _surface_rows() -> list[Entry]:
    """The layers built on the kernels (tests/fuzz/surfaces.py): rule files, the log readers, the step API's
    hostile answers and probes with whole-state snapshots, GameBatch under threads, the web API."""
    import surfaces

    compiled = os.environ.get("MAHJONG_PURE_PYTHON") != "1"
    rows = [
        Entry("rule file: check, build, score", 0.1, surfaces.rule_file),
        Entry("rule file on disk: check, load", 0.05, surfaces.rule_file_load),
        Entry("log: PMN record", 0.05, surfaces.pmn_record),
        Entry("log: Botzone processed record", 0.05, surfaces.botzone_record),
    ]
    if compiled:  # (each plays a hand: on the pure-Python kernels that alone can pass the time limit)
        rows += [Entry("log: Botzone match log", 0.03, surfaces.botzone_match),
                 Entry("log: JSON lines", 0.03, surfaces.json_lines_log)]
        rows += [Entry(f"game probes[{name}]", 0.03, surfaces.game_probe(name)) for name in PLAYABLE]
        if np is not None:
            rows.append(Entry("GameBatch under threads", 0.03, surfaces.batch_threads))
    try:
        import starlette.testclient  # noqa: F401 - the web extra (and httpx) installed
    except (ImportError, RuntimeError):  # (starlette without httpx refuses its test client with a RuntimeError)
        pass
    else:
        rows.append(Entry("web API", 0.2, surfaces.web_api))
    return rows


#: Entry points too slow for the weighted draw (a subprocess each): run every ``--cli-every`` inputs instead.
SLOW_ENTRIES = [Entry("cli", 0.0, cli)]
