"""Settle a directory of game logs, sharded: the same mechanism as ``simulate``, applied to saved hands.

A log entry is one hand: a ``*.json`` file holding one hand record, or one non-blank line of a ``*.jsonl``
(JSON-lines) file holding one hand record per line (the hand-record format of :mod:`mahjong.settlement`).
Entries are listed in a fixed order (files sorted by path, lines in file order) so shards are reproducible.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from mahjong.errors import MahjongError
from mahjong.scale.errors import LogError
from mahjong.scale.shards import Shard
from mahjong.scale.tally import Tally

__all__ = ["LogEntry", "list_log_entries", "settle_shard", "tally_settlement"]

#: (file path, 1-based line number; 0 for a whole ``.json`` file)
LogEntry = tuple[str, int]

LOG_SUFFIXES = (".json", ".jsonl")


def list_log_entries(paths: Sequence[str | os.PathLike[str]]) -> list[LogEntry]:
    """Every hand in the given files and directories (directories searched recursively), in a fixed order."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend(f for f in p.rglob("*") if f.is_file() and f.suffix in LOG_SUFFIXES)
        elif p.is_file():
            files.append(p)
        else:
            raise LogError(f"no such log file or directory: {p}")
    entries: list[LogEntry] = []
    for f in sorted(set(files)):
        if f.suffix == ".jsonl":
            try:
                with f.open("rb") as fh:
                    entries.extend((str(f), n) for n, line in enumerate(fh, 1) if line.strip())
            except OSError as e:
                raise LogError(f"cannot read {f}: {e.strerror}") from None
        else:
            entries.append((str(f), 0))
    return entries


def _read_entry(path: str, line: int) -> Any:
    where = f"{path}:{line}" if line else path
    try:
        with open(path, encoding="utf-8") as fh:
            if line == 0:
                text = fh.read()
            else:
                for n, text in enumerate(fh, 1):
                    if n == line:
                        break
                else:
                    raise LogError(f"{where}: the file has fewer lines than when it was listed")
    except OSError as e:
        raise LogError(f"cannot read {where}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise LogError(f"{where} is not UTF-8 text") from None
    try:
        return json.loads(text)
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
        data = _read_entry(path, line)
        try:
            record = settlement_mod.HandRecord.from_dict(data)
            result = settlement_mod.settle(record)
        except MahjongError as e:
            where = f"{path}:{line}" if line else path
            raise LogError(f"{where}: {e}") from None
        for win in record.wins:
            if win.discarder is None:
                tally.add("self_draws")
        tally_settlement(tally, result)
    return tally
