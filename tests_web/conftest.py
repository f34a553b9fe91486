"""Fixtures of the web calculator's tests: the app in-process (Starlette's TestClient), the real server started
by ``mahjong serve`` in a subprocess, and a real headless Chromium (Debian's, driven by Playwright).

These tests are not collected by the main ``pytest`` run (testpaths = tests); ``.ci/web.sh`` installs their
dependencies and runs ``pytest tests_web``.  A missing dependency fails the run: nothing here is skipped.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from starlette.testclient import TestClient

from mahjong.web.app import create_app

# the tests import their shared hand cases (hands.py) by name; with --import-mode=importlib the folder is not
# on sys.path by itself
sys.path.insert(0, str(Path(__file__).parent))
# and the server runner of the load benchmark (benchmarks/bench_web.py)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_web import serve  # noqa: E402

CHROMIUM = os.environ.get("MAHJONG_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base URL of ``mahjong serve --port 0`` (the installed command, any free port on 127.0.0.1), stopped
    after the session."""
    with serve() as base:
        yield base


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
