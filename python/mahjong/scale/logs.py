"""Settle a directory of game logs, sharded: the same mechanism as ``simulate``, applied to saved hands.

A log entry is one hand, in one of three forms:

* a ``*.json`` file holding one hand record (the hand-record format of :mod:`mahjong.settlement`);
* a ``*.jsonl`` game log written by the engine (``mahjong simulate --log``, :mod:`mahjong.game.log`): one event
  a line, each hand starting with its ``hand_started`` event; the hand is replayed (every event checked) and
  its settlement read;
* a ``*.jsonl`` file of hand records, one record a line.

Entries are listed in a fixed order (files sorted by path, lines in file order) so shards are reproducible.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mahjong.errors import MahjongError
from mahjong.scale.errors import LogError
from mahjong.scale.shards import Shard
from mahjong.scale.tally import Tally

__all__ = ["LogEntry", "files_under", "list_log_entries", "settle_shard", "tally_settlement"]

#: (file path, 1-based line number; 0 for a whole ``.json`` file)
LogEntry = tuple[str, int]

LOG_SUFFIXES = (".json", ".jsonl")
#: how an engine log's hand begins (json.dumps of the event, compact form)
_HAND_STARTED = b'"type":"hand_started"'


def files_under(paths: Sequence[str | os.PathLike[str]], suffixes: Sequence[str],
                missing: Callable[[Path], Exception]) -> list[Path]:
    """The files given and those under the directories given with one of ``suffixes`` (searched recursively),
    sorted, each once; a path that is neither raises ``missing(path)``."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(f for f in p.rglob("*") if f.is_file() and f.suffix in suffixes)
        elif p.is_file():
            files.append(p)
        else:
            raise missing(p)
    return sorted(set(files))


def list_log_entries(paths: Sequence[str | os.PathLike[str]]) -> list[LogEntry]:
    """Every hand in the given files and directories (directories searched recursively), in a fixed order."""
    entries: list[LogEntry] = []
    for f in files_under(paths, LOG_SUFFIXES, lambda p: LogError(f"no such log file or directory: {p}")):
        if f.suffix == ".jsonl":
            try:
                with f.open("rb") as fh:
                    lines = [(n, line) for n, line in enumerate(fh, 1) if line.strip()]
            except OSError as e:
                raise LogError(f"cannot read {f}: {e.strerror}") from None
            if lines and _HAND_STARTED in lines[0][1]:  # an engine log: one entry per hand
                entries.extend((str(f), n) for n, line in lines if _HAND_STARTED in line)
            else:
                entries.extend((str(f), n) for n, _ in lines)
        else:
            entries.append((str(f), 0))
    return entries


def _read_entry(path: str, line: int) -> tuple[Any, list[str] | None]:
    """(hand record data, None) or (None, the engine-log lines of the hand starting at ``line``)."""
    where = f"{path}:{line}" if line else path
    try:
        with open(path, encoding="utf-8") as fh:
            if line == 0:
                text = fh.read()
            else:
                for n, text in enumerate(fh, 1):  # noqa: B007 (text is read after the loop)
                    if n == line:
                        break
                else:
                    raise LogError(f"{where}: the file has fewer lines than when it was listed")
                if _HAND_STARTED.decode() in text:
                    hand = [text]
                    for more in fh:
                        if _HAND_STARTED.decode() in more:
                            break
                        hand.append(more)
                    return None, hand
    except OSError as e:
        raise LogError(f"cannot read {where}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise LogError(f"{where} is not UTF-8 text") from None
    try:
        return json.loads(text), None
    except (json.JSONDecodeError, RecursionError) as e:
        raise LogError(f"{where} is not valid JSON: {e}") from None


def tally_settlement(tally: Tally, settlement: Any) -> None:
    """Count one settled hand into ``tally``: hands, wins, self-draws, hands without a winner, each scoring
    item's frequency, the net per seat (summed and as a histogram) and each win's total."""
    tally.add("hands")
    results = settlement.results
    if not results:
        tally.add("no_winner")
    for r in results:
        tally.add("wins")
        tally.observe("win_total", r.total)
        for it in r.items:
            tally.add(f"item:{it.name_zh}", it.count)
    for seat, value in enumerate(settlement.net):
        tally.add(f"net:seat{seat}", value)
        tally.observe("net", value)


def settle_shard(params: Mapping[str, Any], shard: Shard) -> Tally:
    """Task: settle log entries ``shard.start`` .. of ``params["entries"]`` (a list of :data:`LogEntry`)."""
    from mahjong import settlement as settlement_mod

    tally = Tally()
    entries = params["entries"][shard.start : shard.start + shard.count]
    for path, line in entries:
        data, event_lines = _read_entry(path, line)
        try:
            if event_lines is not None:
                from mahjong.game.log import read_log, replay

                game = replay(read_log("".join(event_lines)))
                result = game.settlement
                self_draws = sum(1 for w in game.state.wins if w.from_seat is None)
            else:
                record = settlement_mod.HandRecord.from_dict(data)
                result = settlement_mod.settle(record)
                self_draws = sum(1 for w in record.wins if w.discarder is None)
        except MahjongError as e:
            where = f"{path}:{line}" if line else path
            raise LogError(f"{where}: {e}", message_zh=f"{where}：{e.message('zh')}") from None
        tally.add("self_draws", self_draws)
        tally_settlement(tally, result)
    return tally
