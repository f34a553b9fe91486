"""``mahjong serve`` cuts off idle and slow clients and goes on answering the others.

The real server (the installed command, in a subprocess) with a one-second request deadline
(``--request-timeout 1``): connections that send nothing, a request head sent a byte at a time, a body that never
arrives, a second request on a kept-alive connection trickled in — each is closed soon after the deadline (the
first three with our 408 answer where no request had begun), while a well-behaved client is answered at once
throughout, and the server's log shows no traceback.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench_web import stop  # (benchmarks/ is put on sys.path by conftest.py)

DEADLINE = 1.0


@contextmanager
def _server(*args: str) -> Iterator[tuple[str, int, Path]]:
    """``mahjong serve --port 0 ARGS`` with its output in a file: (host, port, the output file)."""
    out = Path(tempfile.mkdtemp()) / "serve.log"
    with out.open("w") as f:
        proc = subprocess.Popen([str(Path(sys.executable).with_name("mahjong")), "serve", "--port", "0", *args],
                                stdout=f, stderr=subprocess.STDOUT)
    try:
        started = time.monotonic()
        while time.monotonic() - started < 30:
            m = re.search(r"http://(127\.0\.0\.1):(\d+)/", out.read_text())
            if m:
                yield m.group(1), int(m.group(2)), out
                return
            assert proc.poll() is None, out.read_text()
            time.sleep(0.05)
        raise RuntimeError("mahjong serve did not start: " + out.read_text())
    finally:
        stop(proc)


def _request(host: str, port: int, method: str, path: str, body: object = None) -> tuple[int, bytes]:
    """(status, body) of one request on a connection of its own."""
    conn = http.client.HTTPConnection(host, port, timeout=5)
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"content-type": "application/json"} if data else {})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def _closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing ``sock``, or None if it is still open after ``seconds``."""
    sock.settimeout(0.1)
    got = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            data = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return got
        if not data:
            return got
        got += data
    return None


def test_idle_and_slow_clients_are_cut_off_and_the_server_keeps_answering() -> None:
    with _server("--request-timeout", str(int(DEADLINE))) as (host, port, log):
        idle = [socket.create_connection((host, port)) for _ in range(60)]
        slow_head = socket.create_connection((host, port))
        slow_body = socket.create_connection((host, port))
        slow_body.sendall(b"POST /api/score HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                          b"content-length: 200\r\n\r\n{\"hand\": ")
        kept = socket.create_connection((host, port))
        kept.sendall(b"GET /api/tiles HTTP/1.1\r\nhost: x\r\n\r\n")
        started = time.monotonic()
        cut_off: dict[int, float] = {}
        # a well-behaved client is answered while the others hang on (and long after their deadline)
        head = b"GET /api/tiles HTTP/1.1\r\nhost: x\r\n\r\n"
        k = 0
        while time.monotonic() - started < DEADLINE * 2.5:
            t0 = time.monotonic()
            assert _request(host, port, "GET", "/api/rules")[0] == 200
            assert time.monotonic() - t0 < 2
            if k < len(head):  # one byte of a request head, then the next, ... (4 s for the whole head)
                for sock in (slow_head, kept) if k else (slow_head,):
                    try:
                        sock.sendall(head[k:k + 1])
                    except OSError:  # (the server has closed it: the broken pipe or the reset)
                        cut_off.setdefault(sock.fileno(), time.monotonic() - started)
                k += 1
            time.sleep(0.1)
        for sock in idle[:5]:
            sent = _closed_within(sock, 3)
            assert sent is not None, "an idle connection is still open after its deadline"
            assert b" 408 " in sent.split(b"\r\n")[0]
            answer = json.loads(sent.split(b"\r\n\r\n", 1)[1])
            assert answer["code"] == "web-request-timeout" and answer["error_zh"]
        assert all(_closed_within(sock, 1) is not None for sock in idle[5:])
        # the trickled heads were cut off soon after the deadline (well before they were whole)
        assert DEADLINE <= cut_off.get(slow_head.fileno(), 99) < DEADLINE + 1.5, cut_off
        assert DEADLINE <= cut_off.get(kept.fileno(), 99) < DEADLINE + 1.5, cut_off
        assert _closed_within(slow_body, 1) is not None
        # and the server still answers
        status, body = _request(host, port, "POST", "/api/score", {"hand": "123m456m789m123p55s"})
        assert status == 200 and json.loads(body)["total"] > 0
        assert _request(host, port, "GET", "/api/tiles")[0] == 200
        for sock in (*idle, slow_head, slow_body, kept):
            sock.close()
    text = log.read_text()
    assert "Traceback" not in text and "ERROR" not in text, text


def test_a_request_head_that_runs_on_past_the_limit_is_refused() -> None:
    from mahjong.web.server import MAX_HEAD_BYTES

    with _server() as (host, port, log):
        with socket.create_connection((host, port)) as sock:  # (a header that never ends: not buffered for ever)
            sock.sendall(b"GET /api/tiles HTTP/1.1\r\nhost: x\r\nx-pad: " + b"a" * (2 * MAX_HEAD_BYTES))
            sent = _closed_within(sock, 5)
        assert sent is not None and sent.startswith(b"HTTP/1.1 400 ")
        assert _request(host, port, "GET", "/api/rules")[0] == 200
    assert "Traceback" not in log.read_text()


def test_the_request_timeout_is_checked_on_the_command_line() -> None:
    for bad in ("0", "-1", "x", "99999"):
        proc = subprocess.run([str(Path(sys.executable).with_name("mahjong")), "serve", "--request-timeout", bad],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "--request-timeout" in proc.stderr and "Traceback" not in proc.stderr
