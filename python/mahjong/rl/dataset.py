"""Training rows from recorded games: every decision of every seat, legal-checked by the engine.

    from mahjong.rl.dataset import build_dataset
    summary = build_dataset(["games/"], "rows.npz", workers=4)     # or: mahjong dataset games/ -o rows.npz
    data = np.load("rows.npz")
    data["obs"], data["mask"], data["action"]                       # (N, 195, 42) float32, (N, N_ACTIONS) int8, (N,)

**What is read** (files, or directories searched for ``*.jsonl``, ``*.json`` and ``*.pmn``), each file's kind
told from its content:

* our JSON-line logs (:mod:`mahjong.game.log`; ``mahjong simulate --log``): one event a line, each hand from its
  ``hand_started`` line (a file may hold many hands);
* Botzone's human-game records (one JSON object a line with ``tiles`` and ``actions``:
  :func:`mahjong.game.botzone.replay_botzone`);
* a Botzone match log (a JSON list of the judge's and the players' entries, or ``{"log": [...]}``:
  :func:`mahjong.game.botzone.replay_botzone_match`);
* PMN records (``*.pmn``: :func:`mahjong.game.pmn.replay_pmn`).

**Each game is replayed through the engine** by its own format's reader (every recorded action must be legal
where it was taken, and the recorded end the engine's), then its event log is driven once more, decision by
decision (:func:`mahjong.game.log.replay` with ``on_decision``): at each decision of each seat (passes
included) a row is written — the seat's ``obs_v1`` array (:func:`mahjong.rl.view.observation_array`), its
action mask, the recorded action's index (checked to be in the mask), the seat, the game and the decision's
number in it — and, once the hand is over, each row's ``result``: the seat's net for the hand.  **A game
whose record is illegal or impossible** (an action the engine refuses, a tile that is not there, a different
end, a file that cannot be read) is left out whole and reported by game and step; nothing is corrected.

**The file** (``OUT.npz``, ``numpy.load`` reads it): ``obs`` (N, 195, 42) float32, ``mask`` (N, N_ACTIONS)
int8, ``action`` (N,) int16, ``seat`` (N,) int8, ``game`` (N,) int32 (an index of ``game_id``), ``step`` (N,)
int32, ``result`` (N,) int32; per game kept: ``game_id`` (``path:line``, or the path of a one-game file),
``game_rules`` and ``game_net`` (G, 4) int32; ``version`` (``"obs_v1"``).

**Streaming**: rows go to compressed parts on disk as each game is done (memory holds one game's rows), and
the parts are joined into ``OUT.npz`` (deflated) at the end.  Games are cut into shards like
``mahjong simulate``'s hands (:mod:`mahjong.scale`): ``workers`` local processes or a Ray cluster each write
their shards' parts beside ``OUT`` (on a cluster, a directory every node can reach), and the parts are joined
in game order, so the file is the same for any number of workers.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import zipfile
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong.errors import MahjongError
from mahjong.scale.logs import files_under
from mahjong.scale.runner import Progress, run_sharded
from mahjong.scale.shards import Shard, plan_shards
from mahjong.scale.tally import Tally

__all__ = ["DatasetError", "DatasetSummary", "GameRef", "COLUMNS", "build_dataset", "list_games", "game_rows",
           "replay_game", "dataset_shard"]

SUFFIXES = (".jsonl", ".json", ".pmn")
#: the row columns: name -> numpy dtype (the obs and mask columns' rows are arrays)
COLUMNS: dict[str, str] = {"obs": "<f4", "mask": "i1", "action": "<i2", "seat": "i1", "game": "<i4",
                           "step": "<i4", "result": "<i4"}
_HAND_STARTED = '"type":"hand_started"'
_CHUNK = 1 << 20


class DatasetError(MahjongError):
    """A dataset that cannot be made at all (no such file, an output that cannot be written); a game that does
    not replay is not an error but a game left out (:attr:`DatasetSummary.left_out`)."""


@dataclass(frozen=True)
class GameRef:
    """One recorded game: its file, the file's kind (``"log"``, ``"botzone"``, ``"botzone-match"``, ``"pmn"``)
    and the 1-based line it starts at (0: the whole file)."""

    path: str
    kind: str
    line: int = 0

    @property
    def game_id(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


@dataclass
class DatasetSummary:
    """What :func:`build_dataset` wrote: ``rows``, ``games`` kept, ``left_out`` [(game id, why, why in
    Chinese)] in game order, the files that held no game ``unread`` [(path, why, why in Chinese)], the output
    ``path``, the time taken (wall clock, and the CPU time of the processes that replayed the games)."""

    path: str
    rows: int = 0
    games: int = 0
    left_out: list[tuple[str, str, str]] = field(default_factory=list)
    unread: list[tuple[str, str, str]] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "rows": self.rows, "games": self.games,
                "left_out": [{"game": g, "reason": r, "reason_zh": z} for g, r, z in self.left_out],
                "unread": [{"path": p, "reason": r, "reason_zh": z} for p, r, z in self.unread],
                "seconds": round(self.seconds, 3), "cpu_seconds": round(self.cpu_seconds, 3)}


# --- which games -----------------------------------------------------------------------------------------------


def _missing(p: Path) -> DatasetError:
    return DatasetError(f"no such game file or directory: {p}", message_zh=f"没有这个对局文件或目录：{p}。")


_PMN_TAG = re.compile(r'^\[\w+\s+".*"\]$')


def _kind(path: Path, lines: list[tuple[int, str]]) -> tuple[str, bool]:
    """The kind of a file from its first non-blank line, or from the whole file when that line is no JSON value
    of its own (a JSON file written over several lines); and whether its games are one a line."""
    first = lines[0][1].strip()
    if path.suffix == ".pmn" or _PMN_TAG.match(first):
        return "pmn", False
    try:
        obj, per_line = json.loads(first), True
    except (json.JSONDecodeError, RecursionError):
        try:
            obj, per_line = json.loads("".join(line for _, line in lines)), False
        except (json.JSONDecodeError, RecursionError):
            obj, per_line = None, False
    if isinstance(obj, list) or isinstance(obj, dict) and "log" in obj:
        return "botzone-match", False
    if isinstance(obj, dict):
        if obj.get("type") == "hand_started":
            return "log", per_line
        if "tiles" in obj and "actions" in obj:
            return "botzone", per_line
    raise ValueError("unknown")


def list_games(paths: Sequence[str | os.PathLike[str]]) -> tuple[list[GameRef], list[tuple[str, str, str]]]:
    """Every game in the given files and directories, in a fixed order (files sorted by path, games in file
    order), and the files that hold none [(path, why, why in Chinese)]."""
    games: list[GameRef] = []
    unread: list[tuple[str, str, str]] = []
    for f in files_under(paths, SUFFIXES, _missing):
        try:
            with f.open(encoding="utf-8") as fh:
                lines = [(n, line) for n, line in enumerate(fh, 1) if line.strip()]
        except (OSError, UnicodeDecodeError) as e:
            why = getattr(e, "strerror", None) or str(e)
            unread.append((str(f), f"it cannot be read: {why}", f"无法读取：{why}"))
            continue
        if not lines:
            unread.append((str(f), "it is empty", "文件是空的"))
            continue
        try:
            kind, per_line = _kind(f, lines)
        except ValueError:
            unread.append((str(f), "it is neither a game log, a Botzone record or match log, nor a PMN record",
                           "既不是对局日志、Botzone 对局记录或对局日志，也不是 PMN 记录"))
            continue
        if kind == "log" and per_line:
            games.extend(GameRef(str(f), kind, n) for n, line in lines if _HAND_STARTED in line.replace(" ", ""))
        elif kind == "botzone" and per_line:
            games.extend(GameRef(str(f), kind, n) for n, _ in lines)
        else:  # (one game in the whole file)
            games.append(GameRef(str(f), kind, 0))
    return games, unread


# --- one game ---------------------------------------------------------------------------------------------------


def _read(ref: GameRef) -> str:
    """The text of one game: the whole file, or its lines from ``ref.line`` (a log: up to the next hand)."""
    with open(ref.path, encoding="utf-8") as fh:
        if not ref.line:
            return fh.read()
        out: list[str] = []
        for n, line in enumerate(fh, 1):
            if n < ref.line:
                continue
            if n > ref.line and (ref.kind != "log" or _HAND_STARTED in line.replace(" ", "")):
                break
            out.append(line)
        return "".join(out)


def replay_game(ref: GameRef) -> Any:
    """The finished game of ``ref`` replayed by its format's reader (a :class:`~mahjong.errors.ContextError`
    naming the step that does not replay), as a list of its events."""
    from mahjong.game.botzone import replay_botzone, replay_botzone_match
    from mahjong.game.log import read_log
    from mahjong.game.pmn import replay_pmn

    text = _read(ref)
    if ref.kind == "log":
        return read_log(text)
    if ref.kind == "botzone":
        try:
            record = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as e:
            raise MahjongError(f"not a JSON object: {e}") from None
        game = replay_botzone(record)
    elif ref.kind == "botzone-match":
        game = replay_botzone_match(text)
    else:
        game = replay_pmn(text)
    return list(game.events)  # (the rows are made by driving these events again: game_rows)


def game_rows(events: Sequence[Any]) -> tuple[dict[str, Any], Any]:
    """Drive a hand's events through the engine decision by decision: its rows (the columns of
    :data:`COLUMNS` but ``game``) and the finished game."""
    import numpy as np

    from mahjong.game.log import replay
    from mahjong.rl.view import observation_array

    obs: list[Any] = []
    masks: list[bytes] = []
    actions: list[int] = []
    seats: list[int] = []

    def decision(game: Any, seat: int, action: Any) -> None:
        mask = bytes(game.action_mask(seat))
        if not mask[action.index]:
            from mahjong.errors import ContextError

            raise ContextError(f"decision {len(actions)}: seat {seat} cannot {action} here")
        obs.append(observation_array(game, seat))
        masks.append(mask)
        actions.append(action.index)
        seats.append(seat)

    game = replay(events, on_decision=decision)
    assert game.settlement is not None  # (replay returns a finished hand)
    net = game.settlement.net
    n = len(actions)
    rows = {
        "obs": np.stack(obs) if obs else np.zeros((0, 1, 1), dtype=np.float32),
        "mask": np.frombuffer(b"".join(masks), dtype=np.int8).reshape(n, -1) if n else np.zeros((0, 1), np.int8),
        "action": np.array(actions, dtype=np.int16),
        "seat": np.array(seats, dtype=np.int8),
        "step": np.arange(n, dtype=np.int32),
        "result": np.array([net[s] for s in seats], dtype=np.int32),
    }
    return rows, game


# --- the parts on disk ------------------------------------------------------------------------------------------


class _Part:
    """One shard's rows, each column a zlib stream in its own file, and its games' facts."""

    def __init__(self, folder: str, index: int) -> None:
        self.base = os.path.join(folder, f"part{index:06d}")
        self.files = {name: open(f"{self.base}.{name}.z", "wb") for name in COLUMNS}
        self.zips = {name: zlib.compressobj(1) for name in COLUMNS}
        self.games: list[dict[str, Any]] = []
        self.rows = 0

    def add(self, ref: GameRef, rows: Mapping[str, Any], rules: str, net: Sequence[int]) -> None:
        import numpy as np

        n = len(rows["action"])
        cols = dict(rows)
        cols["game"] = np.full(n, len(self.games), dtype=np.int32)
        for name, dtype in COLUMNS.items():
            data = np.ascontiguousarray(cols[name], dtype=np.dtype(dtype)).tobytes()
            self.files[name].write(self.zips[name].compress(data))
        self.games.append({"id": ref.game_id, "rules": rules, "net": list(net) + [0] * (4 - len(net)), "rows": n})
        self.rows += n

    def close(self) -> None:
        for name in COLUMNS:
            self.files[name].write(self.zips[name].flush())
            self.files[name].close()
        with open(f"{self.base}.json", "w", encoding="utf-8") as fh:
            json.dump(self.games, fh, ensure_ascii=False)


def dataset_shard(params: Mapping[str, Any], shard: Shard) -> Tally:
    """Task: the rows of games ``shard.start`` .. of ``params["games"]`` into the part ``shard.index`` of the
    folder ``params["parts"]``; the tally counts rows and games, and names each game left out
    (``labels["left_out:<index>"]`` = its id and why)."""
    import time

    from mahjong.errors import MahjongError as _Err

    t0, c0 = time.perf_counter(), time.process_time()
    tally = Tally()
    part = _Part(params["parts"], shard.index)
    try:
        for k in range(shard.start, shard.start + shard.count):
            ref = GameRef(*params["games"][k])
            try:
                rows, game = game_rows(replay_game(ref))
            except _Err as e:
                tally.add("left_out")
                tally.labels[f"left_out:{k:09d}"] = f"{ref.game_id}\t{e}\t{e.message('zh')}"
                continue
            except (OSError, UnicodeDecodeError) as e:  # (a file changed or gone since it was listed)
                why = getattr(e, "strerror", None) or str(e)
                tally.add("left_out")
                tally.labels[f"left_out:{k:09d}"] = f"{ref.game_id}\tit cannot be read: {why}\t无法读取：{why}"
                continue
            part.add(ref, rows, game.rules, game.settlement.net)
            tally.add("games")
            tally.add("rows", len(rows["action"]))
    finally:
        part.close()
    tally.seconds = time.perf_counter() - t0
    tally.cpu_seconds = time.process_time() - c0
    return tally


# --- the file ---------------------------------------------------------------------------------------------------


def _write_stream(zf: zipfile.ZipFile, name: str, dtype: Any, shape: tuple[int, ...],
                  chunks: Iterator[bytes]) -> None:
    """One array of the .npz, its .npy header then its bytes as they come (nothing held whole)."""
    import numpy as np

    with zf.open(f"{name}.npy", "w", force_zip64=True) as out:
        header = {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False, "shape": shape}
        np.lib.format.write_array_header_2_0(out, header)
        for chunk in chunks:
            out.write(chunk)


def _unzipped(path: str, shift: int = 0) -> Iterator[bytes]:
    """A part column's bytes, inflated chunk by chunk; ``shift`` is added to each int32 (the game index)."""
    import numpy as np

    inflate = zlib.decompressobj()
    carry = b""
    with open(path, "rb") as fh:
        while True:
            raw = fh.read(_CHUNK)
            data = inflate.decompress(raw) if raw else inflate.flush()
            if shift:
                data = carry + data
                cut = len(data) - len(data) % 4
                data, carry = data[:cut], data[cut:]
                data = (np.frombuffer(data, dtype="<i4") + shift).astype("<i4").tobytes()
            if data:
                yield data
            if not raw:
                return


def _join(parts: str, plan: list[Shard], out: str) -> tuple[int, int]:
    """Join the parts (in shard order) into the .npz at ``out``: (rows, games)."""
    import numpy as np

    from mahjong.game.actions import N_ACTIONS
    from mahjong.rl.obs_v1 import SHAPE, VERSION

    metas = []
    for s in plan:
        with open(os.path.join(parts, f"part{s.index:06d}.json"), encoding="utf-8") as fh:
            metas.append(json.load(fh))
    rows = sum(g["rows"] for m in metas for g in m)
    games = [g for m in metas for g in m]
    shapes = {"obs": (rows, *SHAPE), "mask": (rows, N_ACTIONS)}
    tmp = out + ".part"
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1, allowZip64=True) as zf:
        for name, dtype in COLUMNS.items():
            def chunks(name: str = name) -> Iterator[bytes]:
                offset = 0
                for s, meta in zip(plan, metas):
                    yield from _unzipped(os.path.join(parts, f"part{s.index:06d}.{name}.z"),
                                         offset if name == "game" else 0)
                    offset += len(meta)

            _write_stream(zf, name, dtype, shapes.get(name, (rows,)), chunks())
        for name, array in (("game_id", np.array([g["id"] for g in games], dtype=str)),
                            ("game_rules", np.array([g["rules"] for g in games], dtype=str)),
                            ("game_net", np.array([g["net"] for g in games], dtype=np.int32).reshape(-1, 4)),
                            ("version", np.array(VERSION))):
            with zf.open(f"{name}.npy", "w", force_zip64=True) as member:
                np.lib.format.write_array(member, array, allow_pickle=False)
    os.replace(tmp, out)
    return rows, len(games)


def build_dataset(paths: Sequence[str | os.PathLike[str]], out: str | os.PathLike[str], *, workers: int = 1,
                  ray: str | None = None, progress: Progress | None = None) -> DatasetSummary:
    """Write the rows of every game in ``paths`` to ``out`` (see the module docstring); the summary."""
    import time

    try:
        import numpy  # noqa: F401
    except ImportError:
        raise DatasetError("the dataset needs numpy: pip install 'mjcore[rl]'",
                           message_zh="生成数据集需要 numpy：请 pip install 'mjcore[rl]'。") from None
    t0 = time.perf_counter()
    target = os.fspath(out)
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise DatasetError(f"cannot write {target}: no such directory", message_zh=f"无法写入 {target}：目录不存在。")
    refs, unread = list_games(paths)
    plan = plan_shards(len(refs), workers)
    parts = tempfile.mkdtemp(prefix=".dataset-", dir=folder)
    try:
        params = {"games": [(r.path, r.kind, r.line) for r in refs], "parts": parts}
        tally = run_sharded(dataset_shard, params, len(refs), workers=workers, ray=ray, progress=progress,
                            shards=plan)
        rows, games = _join(parts, plan, target)
    finally:
        shutil.rmtree(parts, ignore_errors=True)
    left = []
    for _, value in sorted(tally.labels.items()):
        game, why, why_zh = value.split("\t", 2)
        left.append((game, why, why_zh))
    return DatasetSummary(target, rows, games, left, unread, time.perf_counter() - t0, tally.cpu_seconds)
