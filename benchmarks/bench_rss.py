"""Memory stays flat: the resident set size (RSS) of one process over many simulated hands and many distinct web
requests (not a CI test: run it by hand, the figures go to RESULTS.md).

    python benchmarks/bench_rss.py [--hands 200000] [--requests 10000] [--json out.json]

Two parts, each in a fresh process of its own (one's memory does not hide the other's):

* ``simulate``: :func:`mahjong.game.cli.simulate` (what ``mahjong simulate`` runs; ``--agent``, default random:
  the most hands a second) plays the hands in tenths, each tenth a quarter under each of Guobiao, Sichuan, Yuhuan
  and Nanchang (new seeds each tenth);
* ``web``: the web calculator's app in Starlette's test client answers distinct requests: scores with a new option
  set each time (the shared rule sets by options), analyses of new hands with new visible tiles, waiting hands
  with new option values, names that are no rule set (404), and bodies it refuses (400).

RSS is read from ``/proc/self/statm`` every tenth of the run.  "Flat" is judged from the end of the first tenth
(imports made, caches warm) to the end: the largest RSS seen after the warm-up is at most 10 % above the
warm-up's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RULES = ("guobiao", "sichuan", "yuhuan", "nanchang")
HANDS = ("123m456m789m123p55s", "[123m,1]456m789m123p5s 5s", "11223344556677m", "123m456m789m11p234s",
         "19m19p19s1234567z1z")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _samples(n: int, step: int, work: Any) -> list[tuple[int, float]]:
    out = []
    for done in range(step, n + step, step):
        work(done - step, min(done, n))
        gc.collect()
        out.append((min(done, n), round(rss_mb(), 1)))
    return out


def part_simulate(n: int, agent: str) -> dict[str, Any]:
    from mahjong.game.cli import simulate

    step = max(len(RULES), n // 10)
    rounds = [0]

    def work(lo: int, hi: int) -> None:  # each tenth: a share of the hands under every rule set
        per = (hi - lo) // len(RULES)
        for rules in RULES:
            simulate(rules, per, seed=1000 * rounds[0] + 7, agent=agent)
        rounds[0] += 1

    return {"hands": n, "rules": list(RULES), "agent": agent, "samples": _samples(n, step, work)}


def _request(client: Any, i: int) -> int:
    r = random.Random(i)
    k = i % 6
    if k == 0:  # a new option set each time: the shared rule sets by options
        body: dict[str, Any] = {"hand": "123m456m789m123p55s", "rules": "guobiao",
                                "options": {"min_fan": i % 4000, "extras": bool(i % 4 // 2)}}
        return int(client.post("/api/score", json=body).status_code)
    if k == 1:
        body = {"hand": "11123455678999m", "rules": "sichuan", "options": {"base": 1 + i % 5000}}
        return int(client.post("/api/score", json=body).status_code)
    if k == 2:
        hand = "".join(sorted(r.choice("123456789") for _ in range(13))) + "m"
        visible = "".join(r.choice("123456789") for _ in range(r.randrange(20))) + "p"
        return int(client.post("/api/analyze", json={"hand": hand, "visible": visible}).status_code)
    if k == 3:
        body = {"hand": r.choice(HANDS), "rules": r.choice(["guobiao", "sichuan", "jinshan", "wuhu-2468", "changsha",
                                                             "yuhuan", "nanchang", "common", "hongzhong"]),
                "context": {"winner": r.randrange(4)}}
        return int(client.post("/api/score", json=body).status_code)
    if k == 4:
        return int(client.get(f"/api/rules/no-such-rules-{i}").status_code)
    body = {"hand": "123m456m789m123p5s", "rules": r.choice(["guobiao", "common"]),
            "options": {"base": 1 + i % 3000} if r.random() < 0.5 else None}
    if r.random() < 0.2:  # a field the model does not name: refused (400)
        body["x"] = i
    return int(client.post("/api/waits", json=body).status_code)


def part_web(n: int) -> dict[str, Any]:
    from starlette.testclient import TestClient

    from mahjong.web.app import create_app

    statuses: dict[int, int] = {}
    with TestClient(create_app()) as client:
        def work(lo: int, hi: int) -> None:
            for i in range(lo, hi):
                s = _request(client, i)
                statuses[s] = statuses.get(s, 0) + 1

        samples = _samples(n, max(1, n // 10), work)
    return {"requests": n, "statuses": statuses, "samples": samples}


def judged(part: dict[str, Any]) -> dict[str, Any]:
    samples = part["samples"]
    warm = samples[0][1]
    peak = max(mb for _, mb in samples[1:]) if len(samples) > 1 else warm
    return {**part, "rss_after_warmup_mb": warm, "rss_peak_after_mb": peak, "rss_end_mb": samples[-1][1],
            "growth_percent": round(100 * (peak - warm) / warm, 1), "flat": peak <= warm * 1.10}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=200_000)
    p.add_argument("--agent", default="random", help="the agent at every seat (random: the most hands a second)")
    p.add_argument("--requests", type=int, default=10_000)
    p.add_argument("--json", help="write the figures here")
    p.add_argument("--part", choices=("simulate", "web"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.part:  # (a child: one part, its figures on stdout)
        t0 = time.process_time()
        part = part_simulate(args.hands, args.agent) if args.part == "simulate" else part_web(args.requests)
        part["cpu_seconds"] = round(time.process_time() - t0, 1)
        print(json.dumps(part))
        return 0
    out: dict[str, Any] = {"load_average_start": os.getloadavg()}
    for name in ("simulate", "web"):
        proc = subprocess.run([sys.executable, __file__, "--part", name, "--hands", str(args.hands),
                               "--requests", str(args.requests), "--agent", args.agent],
                              capture_output=True, text=True, check=True)
        out[name] = judged(json.loads(proc.stdout.strip().splitlines()[-1]))
        print(name, {k: v for k, v in out[name].items() if k != "samples"}, flush=True)
        print("  samples:", out[name]["samples"], flush=True)
    out["load_average_end"] = os.getloadavg()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0 if all(out[n]["flat"] for n in ("simulate", "web")) else 1


if __name__ == "__main__":
    sys.exit(main())
