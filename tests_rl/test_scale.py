"""mahjong.scale: sharded settlement of logs, identical totals for any worker count, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong import settlement
from mahjong.scale import ClusterError, LogError, ScaleError, Tally, hand_seed, plan_shards, run_sharded, settle_logs
from mahjong.scale.logs import list_log_entries, settle_shard, tally_settlement
from mahjong.scale.runner import check_ray_address
from mahjong.scale.shards import splitmix64


def _expected(log_dir: Path) -> Tally:
    """The same tally computed the plain way: each record settled one by one in this process."""
    t = Tally()
    for path, line in list_log_entries([log_dir]):
        text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text if line == 0 else text.splitlines()[line - 1])
        rec = settlement.HandRecord.from_dict(data)
        for w in rec.wins:
            if w.discarder is None:
                t.add("self_draws")
        tally_settlement(t, settlement.settle(rec))
    return t


def test_every_entry_listed_once(log_dir: Path) -> None:
    entries = list_log_entries([log_dir])
    assert len(entries) == 60 == len(set(entries))
    assert entries == sorted(entries)


def test_settle_logs_same_totals_for_any_worker_count(log_dir: Path) -> None:
    expected = _expected(log_dir)
    assert expected.counts["hands"] == 60 and expected.counts["wins"] > 0 and expected.counts["no_winner"] > 0
    seen = []
    for k in (1, 2, 4):
        got = settle_logs([log_dir], workers=k, progress=lambda d, n, k=k: seen.append((k, d, n)))
        assert got == expected, k
        assert got.totals() == expected.totals()
    # progress streamed per shard, ending at the total, for each run
    for k in (1, 2, 4):
        mine = [d for kk, d, n in seen if kk == k]
        assert mine == sorted(mine) and mine[-1] == 60 and len(mine) > 1


def test_zero_sum_over_the_logs(log_dir: Path) -> None:
    t = settle_logs([log_dir])
    assert sum(t.counts[f"net:seat{s}"] for s in range(4)) == 0


def test_tally_merge_is_exact_and_round_trips() -> None:
    a, b = Tally(), Tally()
    a.add("wins", 3)
    a.observe("net", -8)
    b.add("wins", 2)
    b.observe("net", -8)
    b.observe("net", 24)
    m = Tally.merged([a, b])
    assert m.counts["wins"] == 5 and m.hists["net"] == {-8: 2, 24: 1}
    assert Tally.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    assert Tally.merged([b, a]) == m  # order of arrival does not matter
    c = Tally.merged([a])
    c.add("wins")
    assert c != m


@pytest.mark.parametrize("total", [0, 1, 7, 100, 5000])
@pytest.mark.parametrize("workers", [1, 2, 4, 16])
def test_plan_covers_every_item_once(total: int, workers: int) -> None:
    shards = plan_shards(total, workers)
    covered = [i for s in shards for i in range(s.start, s.start + s.count)]
    assert covered == list(range(total))
    assert all(s.count > 0 for s in shards)
    assert [s.index for s in shards] == list(range(len(shards)))


def test_hand_seed_depends_on_seed_and_index_only() -> None:
    seeds = {hand_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert hand_seed(7, 5) == hand_seed(7, 5) != hand_seed(8, 5)
    assert all(0 <= s < 2**64 for s in seeds)
    # fixed values: the derivation must never change (a saved run's seed would replay other hands)
    # SplitMix64's published first output for state 0, and two pinned derived seeds
    assert splitmix64(0) == 0xE220A8397B1DCDAF
    assert hand_seed(0, 0) == 0xA706DD2F4D197E6F
    assert hand_seed(12345, 67) == 0x294C1D47B7924C0C


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_bad_worker_count(workers: Any) -> None:
    with pytest.raises(ScaleError, match="workers"):
        run_sharded(settle_shard, {"entries": []}, 0, workers=workers)


def test_bad_log_named_by_file_and_line(tmp_path: Path) -> None:
    good = json.dumps({"ruleset": "guobiao", "events": []})
    (tmp_path / "a.jsonl").write_text(good + "\n" + '{"ruleset": "guobiao", "events": [{"type": "pung"}]}\n')
    with pytest.raises(LogError, match=r"a\.jsonl:2"):
        settle_logs([tmp_path], workers=2)
    (tmp_path / "a.jsonl").write_text(good + "\n{not json\n")
    with pytest.raises(LogError, match=r"a\.jsonl:2 is not valid JSON"):
        settle_logs([tmp_path])
    (tmp_path / "a.jsonl").write_bytes(b'{"ruleset": "\xff"}\n')
    with pytest.raises(LogError, match="not UTF-8"):
        settle_logs([tmp_path])
    with pytest.raises(LogError, match="no such log"):
        settle_logs([tmp_path / "missing"])


def test_unreachable_ray_address_is_our_error() -> None:
    import socket

    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ClusterError, match=f"cannot reach the Ray cluster at 127.0.0.1:{port}"):
        check_ray_address(f"127.0.0.1:{port}")
    with pytest.raises(ClusterError, match="cannot reach"):
        settle_logs([], ray=f"127.0.0.1:{port}")
    with pytest.raises(ClusterError, match="not a Ray address"):
        check_ray_address("no-port-here")


def test_ray_missing_is_our_error(monkeypatch: pytest.MonkeyPatch, log_dir: Path) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(ClusterError, match=r"mjcore\[ray\]"):
        settle_logs([log_dir], ray="local")


SCRIPT = '''
import os, sys
from mahjong.scale import ScaleError, run_sharded
from mahjong.scale.simulate import simulate_sharded
from mahjong.scale.tally import Tally

def dies(params, shard):
    os._exit(3)

stats, _ = simulate_sharded("guobiao", 6, 1, "random", workers=2)  # no __main__ guard in this script
print("hands", stats["hands"])
try:
    run_sharded(dies, {}, 4, workers=2)
except ScaleError as e:
    print("error:", e)
'''


def test_pool_from_an_unguarded_script_and_a_dying_worker(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = tmp_path / "script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "hands 6" in out.stdout
    assert "error: a worker process stopped before finishing its shard" in out.stdout
