"""The README's reinforcement-learning example runs as written (made small: fewer steps and games)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_rl_example_runs() -> None:
    pytest.importorskip("sb3_contrib", reason="the RL leg installs sb3-contrib and a CPU torch (.ci/rl.sh)")
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Reinforcement learning and scale-out"):]
    (block,) = re.findall(r"```py\n(.*?)```", section.split("\n## ", 1)[0], flags=re.DOTALL)
    small = (block.replace('MaskablePPO("MultiInputPolicy", env)', 'MaskablePPO("MultiInputPolicy", env, n_steps=64, '
                           'batch_size=32, n_epochs=1)')
             .replace("total_timesteps=100_000", "total_timesteps=64")
             .replace("vector_env(64,", "vector_env(2,"))
    assert small.count("64") >= 2 and small != block

    def policy(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.array([np.flatnonzero(m)[0] for m in mask])

    ns: dict[str, object] = {"policy": policy}
    exec(compile(small, str(README), "exec"), ns)  # noqa: S102 - our own README
    assert ns["rewards"].shape == (2,)  # type: ignore[attr-defined]
