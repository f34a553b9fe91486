#!/usr/bin/env bash
# CI step for the web calculator (issue 14), called from .ci/run inside its active venv after the package is
# installed: makes sure Debian's Chromium is present (the browser tests drive it through Playwright; Playwright's
# own browser download is not used), installs the web extra and its test deps into the active venv, checks the
# web package's types with its libraries present, and runs tests_web/ (API tests, the browser tests, the load test).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
say() { echo "-- web: $* ($(( $(date +%s) - start ))s)"; }

if ! command -v chromium >/dev/null 2>&1 || ! fc-list ":charset=1f000" family | grep -q .; then
    say "installing Debian's chromium and fonts with the CJK and mahjong-tile glyphs"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fonts-symbola >/dev/null
fi
chromium --version 2>/dev/null || true

say "pip install .[web-test] into the active venv"
pip install -q ".[web-test]"

if python -c "import mypy" 2>/dev/null; then
    say "mypy --strict on mahjong.web with its libraries installed"
    python -m mypy python/mahjong/web
fi

say "pytest tests_web"
MAHJONG_CHROMIUM=${MAHJONG_CHROMIUM:-$(command -v chromium)} pytest -q tests_web
say "done"
