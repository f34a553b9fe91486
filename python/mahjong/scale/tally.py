"""Mergeable statistics: integer counters and integer histograms, merged by addition.

Because every entry is an integer and merging is addition, the merged tally of any cut of a run into shards
is identical, whatever the number of workers or the order the shards finish in.  Elapsed time is carried
alongside for the throughput line but is not part of equality.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Tally"]


@dataclass
class Tally:
    """``counts`` maps a name (``"hands"``, ``"wins"``, ``"fan:碰碰和"``, ``"net:seat0"`` …) to an integer;
    ``hists`` maps a name (``"points"``) to a histogram {value: how often}."""

    counts: Counter[str] = field(default_factory=Counter)
    hists: dict[str, Counter[int]] = field(default_factory=dict)
    seconds: float = 0.0
    #: CPU time of the process(es) that played the shards (``time.process_time``), summed like ``seconds``
    cpu_seconds: float = 0.0
    #: each shard's CPU time, in merge order (a shard's tally: its own; merged: the parts' lists joined)
    shard_cpu: list[float] = field(default_factory=list)
    #: display names of counted keys (a pattern key -> its Chinese name); the same key always has the same name
    labels: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, amount: int = 1) -> None:
        self.counts[name] += amount

    def observe(self, name: str, value: int) -> None:
        self.hists.setdefault(name, Counter())[value] += 1

    def merge(self, other: Tally) -> Tally:
        """Add ``other`` into this tally (in place) and return it."""
        self.counts.update(other.counts)
        for name, hist in other.hists.items():
            self.hists.setdefault(name, Counter()).update(hist)
        self.seconds += other.seconds
        self.cpu_seconds += other.cpu_seconds
        self.shard_cpu += other.shard_cpu
        self.labels.update(other.labels)
        return self

    @classmethod
    def merged(cls, parts: Iterable[Tally]) -> Tally:
        out = cls()
        for part in parts:
            out.merge(part)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return self.totals() == other.totals()

    def totals(self) -> dict[str, Any]:
        """The exact content (no timing), with sorted keys and no zero entries: what equality compares."""
        return {
            "counts": {k: v for k, v in sorted(self.counts.items()) if v},
            "hists": {
                name: {str(v): n for v, n in sorted(h.items()) if n}
                for name, h in sorted(self.hists.items())
                if any(h.values())
            },
            "labels": dict(sorted(self.labels.items())),
        }

    def to_dict(self) -> dict[str, Any]:
        out = self.totals()
        out["seconds"] = round(self.seconds, 3)
        out["cpu_seconds"] = round(self.cpu_seconds, 3)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        t = cls(Counter({str(k): int(v) for k, v in data.get("counts", {}).items()}))
        for name, hist in data.get("hists", {}).items():
            t.hists[str(name)] = Counter({int(v): int(n) for v, n in hist.items()})
        t.seconds = float(data.get("seconds", 0.0))
        t.cpu_seconds = float(data.get("cpu_seconds", 0.0))
        t.labels = {str(k): str(v) for k, v in data.get("labels", {}).items()}
        return t
