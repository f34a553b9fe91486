"""What a user reads of scale-out and settlement, under ``--lang zh`` and ``--lang en``.

The command runs in a subprocess (``python -m mahjong ...``) as a user runs it: the progress lines and totals of
``simulate --workers K`` and ``settle --workers K logs/``, the errors of ``--ray`` (Ray missing, an address that
cannot be reached, a malformed one) and of the sharded options, and the notes of a settlement's lines.  Each
Chinese line is checked for the English words of its own message; ``--json`` is the same bytes in both
languages (the elapsed times aside, which differ from run to run).  Ray itself is not needed: a stand-in ``ray``
package on ``PYTHONPATH`` is what "not installed" (its import fails) or "installed" (it imports) means here.
"""

from __future__ import annotations

import ast
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mahjong
from mahjong import i18n

#: a word of two or more Latin letters: what must not be left in a Chinese line
_WORD = re.compile(r"[A-Za-z]{2,}")
#: the elapsed times in ``--json``: the only bytes that may differ between two runs
_TIMES = re.compile(r'("(?:seconds|cpu_seconds|hands_per_second|hands_per_cpu_second)": )[-0-9.e+]+')


def _env(ray: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    if ray is not None:
        env["PYTHONPATH"] = os.pathsep.join([ray, *filter(None, [env.get("PYTHONPATH")])])
    return env


def run(*args: str, ray: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m mahjong ARGS`` with no locale set; ``ray``: a directory holding a stand-in ``ray`` package."""
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=120,
                          env=_env(ray))


def run_both(*args: str, ray: str | None = None) -> tuple[subprocess.CompletedProcess[str], ...]:
    """The command with ``--lang zh`` and with ``--lang en``, the two started together (half the wait)."""
    procs = [subprocess.Popen([sys.executable, "-m", "mahjong", *args, "--lang", lang], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=_env(ray)) for lang in ("zh", "en")]
    done = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return tuple(done)


def english_words(line: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of a line, less the names that stay as they are in Chinese (commands, rule keys, paths)."""
    for name in allowed:
        line = line.replace(name, "")
    return _WORD.findall(line)


def same_json(zh: str, en: str) -> None:
    assert zh.strip() and _TIMES.sub(r"\1T", zh) == _TIMES.sub(r"\1T", en)


# --- simulate --workers K ------------------------------------------------------------------------------------------

SIMULATE = ("simulate", "--rules", "sichuan", "--hands", "6", "--agent", "random", "--seed", "3", "--workers", "2")


def test_sharded_simulate_progress_and_report_in_each_language() -> None:
    zh, en = run_both(*SIMULATE)
    assert zh.returncode == en.returncode == 0, zh.stderr + en.stderr
    zh_progress, en_progress = zh.stderr.splitlines(), en.stderr.splitlines()
    # progress streams as shards finish (in the order they finish), ending at the whole run
    assert len(zh_progress) > 1 and re.fullmatch(r"6/6 局  每秒 [\d,]+，还需 \d+:\d\d", zh_progress[-1])
    assert re.fullmatch(r"6/6 hands  [\d,]+/s, \d+:\d\d left", en_progress[-1])
    for line in zh_progress:
        assert re.fullmatch(r"\d+/6 局  每秒 [\d,]+，还需 \d+:\d\d", line), line
    for line in en_progress:
        assert re.fullmatch(r"\d+/6 hands  [\d,]+/s, \d+:\d\d left", line), line
    # the report: every line but the pattern table (names, then the rule set's own keys) has no English word
    zh_lines = zh.stdout.splitlines()
    assert zh_lines[0].startswith("规则 sichuan：6 局") and en.stdout.startswith("rule set sichuan: 6 hands")
    table = [i for i, line in enumerate(zh_lines) if line.startswith("    ")]
    for i, line in enumerate(zh_lines):
        if i not in table:
            assert not english_words(line, ("sichuan", "random", "AI")), line


def test_sharded_simulate_json_is_the_same_in_both_languages() -> None:
    zh, en = run_both(*SIMULATE, "--json", "--no-progress")
    assert zh.returncode == en.returncode == 0 and zh.stderr == en.stderr == ""
    same_json(zh.stdout, en.stdout)
    assert json.loads(zh.stdout)["workers"] == 2


# --- settle --workers K logs/ --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of game logs: six Sichuan hands of random agents, as ``simulate --log`` writes them."""
    from mahjong.game.log import dumps_log
    from mahjong.scale.simulate import play_hand_k

    d = tmp_path_factory.mktemp("logs")
    with open(d / "sichuan.jsonl", "w", encoding="utf-8") as fh:
        for k in range(6):
            fh.write(dumps_log(play_hand_k("sichuan", 2, k, "random", {}).events))
    return d


def test_sharded_settle_progress_and_totals_in_each_language(logs: Path) -> None:
    zh, en = run_both("settle", "--workers", "2", str(logs))
    assert zh.returncode == en.returncode == 0, zh.stderr + en.stderr
    assert re.fullmatch(r"6/6 局已结算  每秒 [\d,]+，还需 \d+:\d\d", zh.stderr.splitlines()[-1])
    assert re.fullmatch(r"6/6 hands settled  [\d,]+/s, \d+:\d\d left", en.stderr.splitlines()[-1])
    for line in zh.stderr.splitlines():
        assert not english_words(line), line
    zh_lines, en_lines = zh.stdout.splitlines(), en.stdout.splitlines()
    assert len(zh_lines) == len(en_lines) == 4
    assert zh_lines[0].startswith("6 局  和牌 ") and en_lines[0].startswith("hands 6  wins ")
    assert zh_lines[-1].endswith("2 个进程（本机多进程）")
    assert en_lines[-1].endswith("with 2 worker(s) (local processes)")
    for line in zh_lines:
        assert not english_words(line), line
    zh_json, en_json = run_both("settle", "--workers", "2", "--json", str(logs))
    same_json(zh_json.stdout, en_json.stdout)


# --- errors of --ray, --workers, --log and the logs -----------------------------------------------------------------


def _stand_in_ray(factory: pytest.TempPathFactory, body: str) -> str:
    """A directory holding a package ``ray`` whose ``__init__`` is ``body``, to put first on ``PYTHONPATH``."""
    d = factory.mktemp("ray")
    (d / "ray").mkdir()
    (d / "ray" / "__init__.py").write_text(body, encoding="utf-8")
    return str(d)


@pytest.fixture(scope="module")
def no_ray(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A ``ray`` that fails to import, as when Ray is not installed."""
    return _stand_in_ray(tmp_path_factory, "raise ImportError('No module named ray')\n")


@pytest.fixture(scope="module")
def some_ray(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An importable (empty) ``ray``: the address is checked before Ray is asked anything."""
    return _stand_in_ray(tmp_path_factory, "")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _error(p: subprocess.CompletedProcess[str], command: str) -> str:
    """The one error line of a command that failed, without its ``mahjong CMD: 错误 (kind):`` head."""
    assert p.returncode == 2 and p.stdout == "", (p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    head = re.match(rf"mahjong(?: {command})?: (错误|error) \([^)]*\): ", lines[0])
    assert head is not None, lines[0]
    return lines[0][head.end():]


def test_ray_not_installed(no_ray: str, logs: Path) -> None:
    zh = _error(run("simulate", "--hands", "4", "--ray", "--lang", "zh", ray=no_ray), "simulate")
    en = _error(run("settle", "--ray", "local", str(logs), ray=no_ray), "settle")
    assert en == "Ray is not installed: pip install 'mjcore[ray]' (or drop --ray to use local processes)"
    assert zh.startswith("没有安装 Ray") and "mjcore[ray]" in zh
    assert not english_words(zh, ("Ray", "pip install", "mjcore", "ray")), zh


def test_ray_address_that_cannot_be_reached(some_ray: str) -> None:
    port = _closed_port()
    zh, en = (_error(p, "simulate") for p in run_both("simulate", "--hands", "4", "--ray", f"127.0.0.1:{port}",
                                                      ray=some_ray))
    assert en == f"cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"
    assert zh.startswith(f"无法连接 127.0.0.1:{port} 上的 Ray 集群：连接被拒绝")
    assert not english_words(zh, ("Ray",)), zh


@pytest.mark.parametrize("args, english", [
    (("simulate", "--hands", "4", "--ray", "nonsense"),
     "not a Ray address: 'nonsense' (expected HOST:PORT, ray://HOST:PORT or 'auto')"),
    (("simulate", "--hands", "4", "--workers", "2", "--log", "hands.jsonl"),
     "--log writes one file from one process: use it without --workers / --ray"),
    (("settle", "--workers", "2", "no/such/logs"), "no such log file or directory: no/such/logs"),
], ids=["ray-address", "log-with-workers", "no-logs"])
def test_errors_of_the_sharded_options(some_ray: str, args: tuple[str, ...], english: str) -> None:
    # (both with the stand-in Ray package, so that the answer does not depend on whether Ray is installed)
    zh, en = (_error(p, args[0]) for p in run_both(*args, ray=some_ray))
    assert english.split(":")[0] not in zh
    assert en == english  # the English as it was
    # what stays as the user wrote it: the address, the options, the path, the address formats
    assert not english_words(zh, ("nonsense", "HOST", "PORT", "ray://", "auto", "Ray", "--log", "--workers",
                                  "--ray", "no/such/logs")), zh


def test_workers_below_one_is_a_command_line_error() -> None:
    zh = _error(run("simulate", "--hands", "4", "--workers", "0", "--lang", "zh"), "")
    assert zh == "选项 --workers 有误：必须在 1..1024 之间，现为 0。"


# --- a settlement's lines ---------------------------------------------------------------------------------------


def _sichuan_record(tmp_path: Path) -> Path:
    """A Sichuan hand whose settlement pays a kong, a win on a discard and a check at the wall's end (the
    first such hand of seeded random agents)."""
    from mahjong.game.engine import record_of
    from mahjong.scale.simulate import play_hand_k

    for k in range(300):
        game = play_hand_k("sichuan", 3, k, "random", {})
        lines = game.settlement.lines  # type: ignore[union-attr]
        if {"win", "tuishui"} <= {p.reason for p in lines} and any(p.reason.startswith("kong") for p in lines):
            path = tmp_path / "sichuan.json"
            path.write_text(record_of(game).to_json(), encoding="utf-8")
            return path
    raise AssertionError("no hand with a kong, a win and a refund in 300")


def test_settlement_lines_read_in_the_chosen_language(tmp_path: Path) -> None:
    record = _sichuan_record(tmp_path)
    zh, en = run_both("settle", str(record))
    assert zh.returncode == en.returncode == 0, zh.stderr + en.stderr
    zh_lines = [line for line in zh.stdout.splitlines() if line.startswith("  [")]
    en_lines = [line for line in en.stdout.splitlines() if line.startswith("  [")]
    assert len(zh_lines) == len(en_lines) >= 3
    for line in zh_lines:
        assert not english_words(line), line
        assert "号座位" in line
    assert any("号座位和牌（点炮）" in line or "号座位和牌（自摸）" in line for line in zh_lines), zh.stdout
    for line in en_lines:  # and each English line in English
        assert not re.search(r"[\u4e00-\u9fff]", line), line
    same_json(*(p.stdout for p in run_both("settle", "--json", str(record))))


def test_every_settlement_note_the_rule_sets_write_reads_in_both_languages() -> None:
    # every note a payment line is given in the package (a text, or an f-string whose values are seats and
    # amounts, or one of the words of a conditional) is a row of LINE_NOTES, read back in both languages
    root = Path(mahjong.__file__).parent
    notes: list[tuple[str, str]] = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "Payment(" not in source and "lines_from_net(" not in source:
            continue
        tree = ast.parse(source)
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.Module)):
                continue
            words = _conditional_words(func)
            for node in ast.walk(func):
                arg = _note_argument(node)
                if arg is not None:
                    notes += [(f"{path.name}:{node.lineno}", text) for text in _samples(arg, words)]
    assert len(notes) >= 12
    for where, note in notes:
        zh, en = i18n.line_note(note, "zh"), i18n.line_note(note, "en")
        assert zh is not None and en is not None, (where, note)
        assert not english_words(zh), (where, zh)
        assert not re.search(r"[\u4e00-\u9fff]", en), (where, en)


def _note_argument(node: ast.AST) -> ast.expr | None:
    """The note given to ``Payment(...)`` / ``SettledPayment(...)`` (6th) or ``lines_from_net(...)`` (4th)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return None
    at = {"Payment": 5, "SettledPayment": 5, "lines_from_net": 3}.get(node.func.id)
    if at is None:
        return None
    for kw in node.keywords:
        if kw.arg == "note":
            return kw.value
    return node.args[at] if len(node.args) > at else None


def _conditional_words(func: ast.AST) -> dict[str, list[str]]:
    """``name = "a" if ... else "b"`` in a function: the words a name may hold."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and isinstance(node.value, ast.IfExp):
            branches = [node.value.body, node.value.orelse]
            if all(isinstance(b, ast.Constant) and isinstance(b.value, str) for b in branches):
                out[node.targets[0].id] = [b.value for b in branches]  # type: ignore[attr-defined]
    return out


def _samples(arg: ast.expr, words: dict[str, list[str]]) -> list[str]:
    """The texts a note argument can be: a seat or an amount for each value, each word of a conditional."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value] if arg.value else []
    if not isinstance(arg, ast.JoinedStr):
        return []  # (a rule file's own name for its row: ``row.zh``, shown as the file writes it)
    out = [""]
    for part in arg.values:
        if isinstance(part, ast.Constant):
            out = [o + str(part.value) for o in out]
        else:
            assert isinstance(part, ast.FormattedValue)
            name = part.value.id if isinstance(part.value, ast.Name) else None
            out = [o + w for o in out for w in (words.get(name, ["2"]) if name else ["2"])]
    return out


def test_a_rule_files_own_lines_and_special_events(capsys: Any) -> None:
    # 长沙's opening declarations (六六顺 …) pay lines named by the rule file's rows: the row's name in each
    # language, its reason (起手小胡) from the words of the command line
    from mahjong.cli import print_settlement
    from mahjong.scale.simulate import play_hand_k

    for k in range(200):
        game = play_hand_k("changsha", 1, k, "random", {})
        s = game.settlement.to_dict()  # type: ignore[union-attr]
        if any(p["reason"].startswith("opening.") for p in s["lines"]):
            break
    else:
        raise AssertionError("no opening declaration in 200 hands")
    print_settlement(s, "zh")
    zh = [line for line in capsys.readouterr().out.splitlines() if "(起手小胡)" in line]
    print_settlement(s, "en")
    en = [line for line in capsys.readouterr().out.splitlines() if "(opening declaration)" in line]
    assert zh and len(zh) == len(en)
    for line in zh:
        assert not english_words(line), line
    for line in en:
        assert not re.search(r"[\u4e00-\u9fff]", line), line


def test_the_special_events_line_of_the_simulate_report(capsys: Any) -> None:
    from mahjong.game.cli import print_statistics, simulate

    for seed in range(40):  # the first seeded run with a special event (长沙's 起手小胡: one hand in a dozen or so)
        result = simulate("changsha", 12, seed=seed, agent="random")
        if result["special_events"]:
            break
    else:
        raise AssertionError("no 起手小胡 in 40 runs of 12 hands")
    print_statistics(result, "zh")
    zh = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  特殊事件：")]
    print_statistics(result, "en")
    en = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  special events: ")]
    assert len(zh) == len(en) == 1
    assert not english_words(zh[0]) and "起手小胡" in zh[0], zh
    assert en[0] == "  special events: " + ", ".join(f"{k} {v}" for k, v in result["special_events"].items())
