"""The rule-file parts of the `mahjong` command, run in a subprocess as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from mahjong.rulebook import shipped_files


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, LANG="en_US.UTF-8")
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def _my_copy(tmp_path: Path) -> Path:
    src = next(p for p in shipped_files() if p.endswith("hongzhong.toml"))
    text = Path(src).read_text(encoding="utf-8").replace('name = "hongzhong"', 'name = "my-hongzhong"')
    text = "\n".join(line for line in text.splitlines() if not line.startswith("aliases"))
    out = tmp_path / "my.toml"
    out.write_text(text, encoding="utf-8")
    return out


def test_schema() -> None:
    p = run("rules", "--schema")
    assert p.returncode == 0, p.stderr
    s = json.loads(p.stdout)
    assert "rows" in s["properties"] and s["$schema"].startswith("https://json-schema.org/")


def test_check_good_and_bad(tmp_path: Path) -> None:
    good = _my_copy(tmp_path)
    p = run("rules", "--check", str(good))
    assert p.returncode == 0 and "ok" in p.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\n[[rows]]\nkey = "qi_dui"\nvalue = 1\nwhen = "sevenpairs"\n',
                   encoding="utf-8")
    p = run("rules", "--check", str(bad))
    assert p.returncode == 1
    assert f"{bad}:6: rows[0].when: unknown name 'sevenpairs'" in p.stderr
    p = run("rules", "--check", str(bad), "--json")
    data = json.loads(p.stdout)
    assert data["ok"] is False and data["problems"][0]["line"] == 6 and data["problems"][0]["key"] == "rows[0].when"


def test_score_with_a_rules_file(tmp_path: Path) -> None:
    f = _my_copy(tmp_path)
    p = run("score", "--rules-file", str(f), "123m456m789p111s55s", "--context", "birds=2", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["ruleset"] == "my-hongzhong"
    assert [x["amount"] for x in data["payments"]] == [21, -7, -7, -7]  # (2 + 1 + 2 birds × 2) from each
    p = run("score", "--rules", "sichuan", "--rules-file", str(f), "123m456m789p111s55s")
    assert p.returncode == 2 and "not both" in p.stderr


def test_shipped_games_by_name() -> None:
    p = run("score", "--rules", "红中", "123m456m789p111s55s")
    assert p.returncode == 0 and "Red-dragon" in p.stdout
    p = run("rules")
    assert p.returncode == 0 and all(n in p.stdout for n in ("hongzhong", "guangdong", "changsha"))
    p = run("rules", "changsha")
    assert p.returncode == 0 and "dealer_extra" in p.stdout
