#!/usr/bin/env bash
# CI step for the web calculator (issue 14), called from .ci/run inside its active venv after the package is
# installed: makes sure Debian's Chromium is present (the browser tests drive it through Playwright; Playwright's
# own browser download is not used), installs the web extra and its test deps into the active venv, checks the
# web package's types with its libraries present, and runs tests_web/ (API tests, the browser tests, the load test).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
say() { echo "-- web: $* ($(( $(date +%s) - start ))s)"; }

if ! command -v chromium >/dev/null 2>&1; then
    say "installing Debian's chromium (the tests need no extra fonts: the tiles are pictures; the docs screenshots want fonts-noto-cjk for the Chinese words)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
chromium --version 2>/dev/null || true

# the package itself is already installed by .ci/run: add only the web-test extra's requirements (installing
# ".[web-test]" would build the extension again, a minute on this machine)
say "pip install the web-test extra's requirements into the active venv"
python .ci/extras.py web web-test > "${TMPDIR:-/tmp}/mjcore-web-requirements.txt"
pip install -q -r "${TMPDIR:-/tmp}/mjcore-web-requirements.txt"
python -c "import mahjong.web.app, importlib.resources as r; assert r.files('mahjong.web').joinpath('static/index.html').is_file()"

if python -c "import mypy" 2>/dev/null; then
    say "mypy --strict on mahjong.web with its libraries installed"
    python -m mypy python/mahjong/web
fi

say "pytest tests_web"
MAHJONG_CHROMIUM=${MAHJONG_CHROMIUM:-$(command -v chromium)} pytest -q tests_web
say "done"
