"""The ``mahjong`` command under hostile input: every refusal exits 2 with one line and no traceback.

Run as a user runs it (``python -m mahjong ...`` in a subprocess): hand and worker counts out of range (a
``--hands 10**23`` used to run for ever, ``--workers K`` forked K processes whatever K was), a closed or
undecodable standard input for ``play``, a full disk (``/dev/full``) for a log or for standard output, and a
record holding an integer longer than Python reads from text.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong.errors import MahjongError
from mahjong.game.cli import MAX_HANDS, check_hands
from mahjong.scale.runner import MAX_WORKERS, check_workers, local_worker_limit

_HEAD = re.compile(r"mahjong(?: [a-z]+)?: (error|错误) \([^)]*\): ")


def run(*args: str, stdin: int | None = None, stdout: int | None = None, data: bytes | None = None,
        timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mahjong", *args], stdin=stdin, input=data,
                          stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.PIPE,
                          timeout=timeout)


def one_line_error(p: subprocess.CompletedProcess[bytes]) -> str:
    """The one line a refused command writes to stderr (status 2, no traceback), without its head."""
    err = p.stderr.decode("utf-8")
    assert p.returncode == 2, (p.returncode, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    head = _HEAD.match(lines[0])
    assert head is not None, lines[0]
    return lines[0][head.end():]


@pytest.mark.parametrize("hands, shown", [
    ("0", "got 0"), ("-3", "got -3"), (str(MAX_HANDS + 1), f"got {MAX_HANDS + 1}"),
    ("1" + "0" * 23, "got a number of about 24 digits"),
])
def test_hands_out_of_range(hands: str, shown: str) -> None:
    line = one_line_error(run("simulate", "--hands", hands, "--no-progress", timeout=20))
    assert line == f"argument --hands: must be 1..{MAX_HANDS}, {shown}"


@pytest.mark.parametrize("workers", ["0", str(MAX_WORKERS + 1), "9" * 40])
def test_workers_out_of_range(workers: str) -> None:
    line = one_line_error(run("simulate", "--hands", "2", "--workers", workers, "--no-progress", timeout=20))
    assert line.startswith(f"argument --workers: must be 1..{MAX_WORKERS}, got ")


def test_more_local_workers_than_the_machine_runs_start_none() -> None:
    k = local_worker_limit() + 1
    assert k <= MAX_WORKERS  # (else the range check above is the one that refuses)
    line = one_line_error(run("simulate", "--hands", "2", "--workers", str(k), "--no-progress", timeout=20))
    assert line == f"{k} workers on this machine is more than it runs: at most {local_worker_limit()} (four per CPU)"
    zh = one_line_error(run("simulate", "--hands", "2", "--workers", str(k), "--lang", "zh", timeout=20))
    assert zh == f"本机最多运行 {local_worker_limit()} 个进程（每个 CPU 四个），{k} 太多了。"


@pytest.mark.parametrize("value", [0, -1, MAX_HANDS + 1, 10**5000, True, 2.0, "3", None],
                         ids=["0", "-1", "max+1", "5001-digits", "True", "2.0", "text", "None"])
def test_check_hands_refuses_with_our_error(value: object) -> None:
    with pytest.raises(MahjongError, match=r"--hands must be 1\.\.100000000"):
        check_hands(value)
    assert check_hands(MAX_HANDS) == MAX_HANDS


@pytest.mark.parametrize("value", [0, MAX_WORKERS + 1, 10**5000, True, 2.0, "2"],
                         ids=["0", "max+1", "5001-digits", "True", "2.0", "text"])
def test_check_workers_refuses_with_our_error(value: object) -> None:
    with pytest.raises(MahjongError, match=r"workers must be a whole number 1\.\.1024"):
        check_workers(value)
    assert check_workers(MAX_WORKERS, ray="auto") == MAX_WORKERS  # a cluster is not bound by this machine's CPUs


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_one_line() -> None:
    # (random agents: what is written does not matter, and the pure-Python twin's greedy agents are slow)
    quick = ("simulate", "--hands", "2", "--agent", "random", "--no-progress")
    line = one_line_error(run(*quick, "--log", "/dev/full"))
    assert line == "cannot write /dev/full: No space left on device"
    with open("/dev/full", "wb") as full:
        for extra in ([], ["--json"]):
            p = run(*quick, *extra, stdout=full.fileno())
            assert one_line_error(p) == "cannot read or write standard output: No space left on device"


def test_play_with_stdin_closed_or_not_utf8() -> None:
    closed = subprocess.run([sys.executable, "-c", "import os, sys; os.close(0); from mahjong.cli import main; "
                             "sys.exit(main(['play', '--rules', 'guobiao']))"],
                            capture_output=True, timeout=60)
    assert one_line_error(closed) == "standard input is closed: play reads your answers from it"
    p = run("play", "--rules", "guobiao", data=b"\xff\xfe\n")
    assert one_line_error(p) == "standard input is not UTF-8 text"


def test_settle_a_record_with_a_huge_integer(tmp_path: Path) -> None:
    record = tmp_path / "huge.json"
    record.write_text('{"winner": ' + "9" * 5000 + "}", encoding="utf-8")
    line = one_line_error(run("settle", str(record), timeout=20))
    assert line.startswith(f"{record} is not valid JSON: ")


def test_serve_on_a_bad_host_or_a_port_in_use_is_one_line() -> None:
    pytest.importorskip("uvicorn")
    import socket

    line = one_line_error(run("serve", "--host", "999.1.1.1", "--port", "8000", timeout=30))
    assert line.startswith("cannot listen on 999.1.1.1:8000: ")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(run("serve", "--port", str(port), timeout=30))
    assert line.startswith(f"cannot listen on 127.0.0.1:{port}: ")
