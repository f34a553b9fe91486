"""Fixtures of the web calculator's tests: the app in-process (Starlette's TestClient), the real server started
by ``mahjong serve`` in a subprocess, and a real headless Chromium (Debian's, driven by Playwright).

These tests are not collected by the main ``pytest`` run (testpaths = tests); ``.ci/web.sh`` installs their
dependencies and runs ``pytest tests_web``.  A missing dependency fails the run: nothing here is skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from starlette.testclient import TestClient

from mahjong.web.app import create_app

# the tests import their shared hand cases (hands.py) by name; with --import-mode=importlib the folder is not
# on sys.path by itself
sys.path.insert(0, str(Path(__file__).parent))

CHROMIUM = os.environ.get("MAHJONG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def _serve_command() -> list[str]:
    """``mahjong serve`` when the installed ``mahjong`` command has it, else ``python -m mahjong.web`` (the same
    parser and server, for a ``mahjong`` command that does not register ``serve`` yet)."""
    script = Path(sys.executable).with_name("mahjong")
    if script.exists():
        helped = subprocess.run([str(script), "serve", "--help"], capture_output=True, text=True)
        if helped.returncode == 0:
            return [str(script), "serve"]
    return [sys.executable, "-m", "mahjong.web"]


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of ``mahjong serve --port 0`` (any free port on 127.0.0.1), stopped after the session."""
    proc = subprocess.Popen(
        [*_serve_command(), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
    )
    assert proc.stdout is not None
    url = None
    deadline = time.monotonic() + 30
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if m:
            url = m.group(1)
            break
    if url is None:
        proc.kill()
        raise RuntimeError("mahjong serve did not start: " + "".join(lines))
    try:
        yield url.rstrip("/")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        proc.stdout.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set MAHJONG_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture()
def page(browser: Browser, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
