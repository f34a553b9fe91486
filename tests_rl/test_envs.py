"""The PettingZoo AEC and Gymnasium environments pass the libraries' own checkers, under every playable rule
set, seeded through reset(seed=...)."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from mahjong.errors import MahjongError
from mahjong.game import IllegalActionError
from mahjong.game.actions import N_ACTIONS
from mahjong.rl import aec_env, gym_env

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rulesets import PLAYABLE  # noqa: E402


def test_every_rule_set_is_covered() -> None:
    assert {"guobiao", "sichuan", "twoplayer", "nanchang", "yuhuan", "jinshan", "common"} <= set(PLAYABLE)


@pytest.mark.parametrize("rules", PLAYABLE)
def test_pettingzoo_api_test(rules: str) -> None:
    env = aec_env(rules)
    with warnings.catch_warnings():
        # the two warnings every action-masked PettingZoo env gets: its observation is a Dict, not an array
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        # the score planes are negative for a seat that has paid (Sichuan's kongs): meant, not an image
        warnings.filterwarnings("ignore", message="The observation contains negative numbers")
        api_test(env, num_cycles=200)
    assert len(env.possible_agents) in (2, 4)


@pytest.mark.parametrize("rules", PLAYABLE[:3])
def test_pettingzoo_seed_test(rules: str) -> None:
    seed_test(lambda: aec_env(rules), num_cycles=100)


@pytest.mark.parametrize("rules", PLAYABLE)
def test_gymnasium_check_env(rules: str) -> None:
    env = gym_env(rules, opponents="random")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*not having a spec.*")
        check_env(env)


def _play_aec(rules: str, seed: int) -> tuple[list[int], dict[str, float], list[object]]:
    env = aec_env(rules)
    env.reset(seed=seed)
    actions: list[int] = []
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        a = int(np.flatnonzero(obs["action_mask"])[-1])
        actions.append(a)
        env.step(a)
    return actions, totals, list(env.game.events)


@pytest.mark.parametrize("rules", PLAYABLE)
def test_aec_hand_rewards_add_up_to_the_net_and_seed_replays(rules: str) -> None:
    a1, totals, events = _play_aec(rules, 5)
    a2, totals2, events2 = _play_aec(rules, 5)
    assert a1 == a2 and events == events2 and totals == totals2
    env = aec_env(rules)
    env.reset(seed=5)
    # the seat rewards over the hand add up to the settlement's net, and the hand is zero-sum
    game_net = next(ev for ev in reversed(events) if type(ev).__name__ == "HandEnded").net  # type: ignore[attr-defined]
    assert [totals[f"seat_{s}"] for s in env.seat_ids] == [float(game_net[s]) for s in env.seat_ids]
    assert sum(totals.values()) == 0


def test_reset_without_seed_plays_the_next_hand() -> None:
    env = aec_env("guobiao")
    env.reset(seed=9)
    first = list(env.game.events[:3])
    env.reset()
    assert env.game.events[:3] != first
    env.reset(seed=9)
    assert list(env.game.events[:3]) == first


def test_gym_rewards_sum_to_net_against_callable_and_named_opponents() -> None:
    seen = []

    def opponent(obs: dict[str, np.ndarray], mask: np.ndarray) -> int:
        seen.append(obs["observation"].shape)
        return int(np.flatnonzero(mask)[0])

    env = gym_env("guobiao", opponents=["greedy", opponent, "random"], seat=2)
    obs, _ = env.reset(seed=4)
    total = 0.0
    for _ in range(5000):
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += r
        if term:
            break
    assert term and total == info["net"][2]
    assert seen and seen[0] == obs["observation"].shape


def test_gym_illegal_action_refused_or_raised() -> None:
    env = gym_env("guobiao", illegal_action="refuse", illegal_penalty=-1.0)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(env.game.events)
    obs2, r, term, trunc, info = env.step(bad)
    assert r == -1.0 and not term and "cannot" in info["illegal_action"]
    assert env.game.events == before and (obs2["observation"] == obs["observation"]).all()
    strict = gym_env("guobiao", illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"rules": "no-such-game"}, "no-such-game"),
        ({"opponents": "genius"}, "unknown opponent"),
        ({"opponents": ["random"]}, "one opponent per other seat"),
        ({"seat": 7}, "seat must be one of"),
        ({"illegal_action": "ignore"}, "illegal_action"),
        ({"illegal_penalty": "a lot"}, "illegal_penalty"),
        ({"max_refusals": 0}, "max_refusals"),
    ],
)
def test_gym_bad_arguments(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(MahjongError, match=match):
        gym_env(**kwargs)  # type: ignore[arg-type]


def test_aec_none_action_for_a_live_agent() -> None:
    env = aec_env("guobiao")
    env.reset(seed=0)
    with pytest.raises(MahjongError, match="must act now"):
        env.step(None)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def test_rl_extra_not_imported_by_the_package() -> None:
    import subprocess

    code = "import sys, mahjong, mahjong.game; print(any(m in sys.modules for m in ('gymnasium', 'pettingzoo', 'ray')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
    assert importlib.util.find_spec("gymnasium") is not None


@pytest.mark.parametrize("action", [1.5, 1.0, True, "3", [1]])
def test_an_action_that_is_not_an_index_is_refused_not_truncated(action: object) -> None:
    env = gym_env("guobiao")
    obs, _ = env.reset(seed=1)
    before = list(env.game.events)
    with pytest.raises(MahjongError, match=f"an action is an action index 0..{N_ACTIONS - 1}"):
        env.step(action)
    assert env.game.events == before
    aec = aec_env("guobiao")
    aec.reset(seed=0)
    with pytest.raises(MahjongError, match=f"an action is an action index 0..{N_ACTIONS - 1}"):
        aec.step(action)
    env.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))  # a numpy integer is an index
