"""Fixtures of the RL / scale-out suite (``pytest tests_rl``; CI runs it through ``.ci/rl.sh``).

``ray_cluster`` starts ONE local Ray cluster (``ray.init(num_cpus=2)``) for the whole session, the first time a
test asks for it, and stops it at the end: start-up costs a few seconds, so every Ray test shares it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: Winning hands written out by hand (each checked to win under its rule set by the tests that use them).
WINS = {
    "guobiao": ["[123m,1][456m,1]789m123p55s", "11122233344455m", "[777p,2]123456m789s11z"],
    "sichuan": ["123m456m89m999p11p7m", "[5555p]111222333m44p", "11223344556677m"],
}


def hand_records(n: int) -> list[dict[str, Any]]:
    """``n`` different hand records: wins on discards and self-draws over every seat, and drawn hands."""
    out: list[dict[str, Any]] = []
    rulesets = sorted(WINS)
    for i in range(n):
        ruleset = rulesets[i % len(rulesets)]
        hands = WINS[ruleset]
        seat = i % 4
        if i % 7 == 6:
            events: list[dict[str, Any]] = []
        else:
            discarder = None if i % 3 == 0 else (seat + 1 + i % 3) % 4
            events = [{"type": "win", "seat": seat, "hand": hands[i % len(hands)], "discarder": discarder}]
        out.append({"ruleset": ruleset, "dealer": (i // 4) % 4, "events": events})
    return out


@pytest.fixture
def log_dir(tmp_path: Path) -> Path:
    """A directory of logs: some hands one per ``.json`` file, the rest one per line of ``.jsonl`` files."""
    records = hand_records(60)
    for i, rec in enumerate(records[:20]):
        (tmp_path / f"hand{i:03d}.json").write_text(json.dumps(rec), encoding="utf-8")
    sub = tmp_path / "more"
    sub.mkdir()
    for k in range(4):
        lines = [json.dumps(r) for r in records[20 + 10 * k : 30 + 10 * k]]
        (sub / f"part{k}.jsonl").write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    return tmp_path


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[Any]:
    import ray  # the ray extra is required here: .ci/rl.sh installs it, a missing one fails the run

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()
