#!/usr/bin/env bash
# The RL / scale-out leg (issue 13, 24): install the rl and ray extras plus the test tools into the ACTIVE venv,
# then run tests_rl/ against the installed package (PettingZoo and Gymnasium API checkers, the gymnasium ids, the
# vector environment in a standard loop, sb3-contrib's MaskablePPO training the unwrapped environment for a few
# thousand steps, lockstep batches, datasets from recorded games, sharded simulate / settle / dataset on a
# process pool and on a local Ray cluster started inside the tests).
# Called from .ci/run after the package is installed; about 2-3 minutes on the 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_DISABLE_PIP_VERSION_CHECK=1
export RAY_USAGE_STATS_ENABLED=0
start=$(date +%s)
# the package itself is already installed by .ci/run: add only the extras' libraries (see .ci/extras.py)
python .ci/extras.py rl ray > "${TMPDIR:-/tmp}/mjcore-rl-requirements.txt"
pip install -q -r "${TMPDIR:-/tmp}/mjcore-rl-requirements.txt" "pytest>=8" "hypothesis>=6"
# MaskablePPO's test: a CPU-only torch (pinned: this release's CPU build lies on the machine's disk; an unpinned
# torch would pull a CUDA build of several GB), then sb3-contrib, which finds it installed
pip install -q "torch==2.13.0"
pip install -q "sb3-contrib>=2.3"
python -m pytest -q -p no:cacheprovider tests_rl
echo "rl leg: $(( $(date +%s) - start ))s"
