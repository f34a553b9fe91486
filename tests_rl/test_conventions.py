"""The conventions an RL user expects: an illegal action ends the episode (or, refused, a bounded number of
times), action_masks() for sb3-contrib's MaskablePPO, gymnasium.make ids for every rule set, PettingZoo's env() /
raw_env(), and the vector environment over GameBatch in a standard training loop."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import mahjong.rl
from mahjong.errors import MahjongError
from mahjong.game import FirstAgent, Game, IllegalActionError
from mahjong.rl import aec, gym_env, vector_env
from mahjong.rl.gym import ILLEGAL_PENALTY, MAX_DECISIONS, MAX_EPISODE_STEPS, MAX_REFUSALS
from mahjong.rl.registration import env_id, playable_rules
from mahjong.scale.shards import hand_seed

#: the pure-Python backend's greedy agent decides ~100x slower: there the loops play random opponents, fewer steps
PURE = os.environ.get("MAHJONG_PURE_PYTHON") == "1"
OPPONENT = "random" if PURE else "greedy"


def _cli_rules() -> list[str]:
    """The rule sets `mahjong rules` lists (its first column)."""
    out = subprocess.run([sys.executable, "-m", "mahjong", "rules"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return sorted(line.split()[0] for line in out.stdout.splitlines() if line and not line[0].isspace())


# --- illegal actions -------------------------------------------------------------------------------------------


def _ignore_the_mask(env: Any, steps: int) -> tuple[int, bool, bool, float]:
    """Always action 0 (illegal at nearly every decision): steps taken, terminated, truncated, total reward."""
    env.reset(seed=1)
    total = 0.0
    for n in range(1, steps + 1):
        _, r, term, trunc, info = env.step(0)
        total += r
        if term or trunc:
            return n, term, trunc, total
    return steps, False, False, total


def test_an_illegal_action_ends_the_episode_by_default() -> None:
    env = gym_env("guobiao")
    n, term, trunc, total = _ignore_the_mask(env, 10)
    assert (n, term, trunc, total) == (1, True, False, ILLEGAL_PENALTY) and ILLEGAL_PENALTY == -30.0
    with pytest.raises(MahjongError, match="the episode is over"):
        env.step(0)
    assert not env.action_masks().any()
    obs, _ = env.reset(seed=2)
    assert env.action_masks().any()
    n, term, trunc, total = _ignore_the_mask(gym_env("sichuan", illegal_penalty=-5), 10)
    assert (n, term, total) == (1, True, -5.0)


def test_refused_actions_are_bounded_then_truncated() -> None:
    env = gym_env("guobiao", illegal_action="refuse")
    n, term, trunc, total = _ignore_the_mask(env, 5 * MAX_REFUSALS)
    assert (n, term, trunc, total) == (MAX_REFUSALS, False, True, MAX_REFUSALS * ILLEGAL_PENALTY)
    n, _, trunc, _ = _ignore_the_mask(gym_env("guobiao", illegal_action="refuse", max_refusals=3), 50)
    assert (n, trunc) == (3, True)


def test_a_registered_env_is_bounded_whatever_it_is_sent() -> None:
    env = gymnasium.make("mahjong/guobiao-v0", illegal_action="refuse", max_refusals=10_000)
    assert env.spec is not None and env.spec.max_episode_steps == MAX_EPISODE_STEPS
    n, term, trunc, _ = _ignore_the_mask(env, 10 * MAX_EPISODE_STEPS)
    assert (n, term, trunc) == (MAX_EPISODE_STEPS, False, True)


def test_a_seat_never_faces_more_decisions_than_the_bound() -> None:
    most = 0
    for rules in playable_rules():
        for seed in range(3):
            env = gym_env(rules, opponents="random")
            obs, _ = env.reset(seed=seed)
            rng = np.random.default_rng(seed)
            n = 0
            while n < MAX_DECISIONS:
                n += 1
                obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
                if term or trunc:
                    break
            assert term and not trunc
            most = max(most, n)
    assert most < MAX_DECISIONS // 2, most  # (the bound has room to spare)


# --- masks, ids, PettingZoo -------------------------------------------------------------------------------------


def test_action_masks_is_the_observations_mask() -> None:
    env = gym_env("sichuan", opponents=OPPONENT, seat=2)
    obs, _ = env.reset(seed=3)
    for _ in range(40):
        m = env.action_masks()
        assert m.dtype == np.bool_ and (m == obs["action_mask"].astype(bool)).all()
        obs, _, term, _, _ = env.step(int(np.flatnonzero(m)[-1]))
        if term:
            break


def test_every_rule_set_has_an_id() -> None:
    names = _cli_rules()
    assert names == playable_rules()
    for rules in names:
        env = gymnasium.make(env_id(rules))
        assert env.spec is not None and env.spec.max_episode_steps == MAX_EPISODE_STEPS
        assert env.unwrapped.rules == rules
        obs, _ = env.reset(seed=0)
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert obs["observation"].shape == env.observation_space["observation"].shape
    made = gymnasium.make("mahjong/guobiao-v0", opponents="greedy", seat=1, min_fan=8)
    assert made.unwrapped.seat == 1 and made.unwrapped.game_options == {"min_fan": 8}


def test_gymnasiums_module_form_needs_no_import_first() -> None:
    code = ("import gymnasium; e = gymnasium.make('mahjong.rl:mahjong/sichuan-v0'); o, _ = e.reset(seed=1); "
            "print(e.spec.id, o['observation'].shape)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["mahjong/sichuan-v0", "(195,", "42)"]


def test_pettingzoo_module_conventions() -> None:
    raw = aec.raw_env("guobiao")
    assert type(raw) is aec.MahjongAEC
    env = aec.env(rules="sichuan")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="The observation contains negative numbers")
        api_test(env, num_cycles=100)
    env = aec.env(rules="guobiao")
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (PettingZoo warns of the illegal move it ends the game on)
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == ILLEGAL_PENALTY


# --- the vector environment -------------------------------------------------------------------------------------


def _masked_random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "twoplayer", "nanchang"])
def test_a_standard_loop_runs_the_vector_env(rules: str) -> None:
    """What a CleanRL-style loop does: RecordEpisodeStatistics, reset once, step with the policy's actions,
    read the episodes' returns from the infos (autoreset in the same step)."""
    n = 4
    envs = gymnasium.wrappers.vector.RecordEpisodeStatistics(vector_env(n, rules=rules, opponents=OPPONENT, seed=1))
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    assert isinstance(envs.unwrapped, gymnasium.vector.VectorEnv)
    obs, _ = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    returns = np.zeros(n)
    finished = []
    for _ in range(120 if PURE else 400):
        masks = envs.unwrapped.action_masks()
        assert (masks == obs["action_mask"].astype(bool)).all() and masks.any(axis=1).all()
        obs, rewards, term, trunc, infos = envs.step(_masked_random(rng, masks))
        assert envs.observation_space.contains(obs) and not trunc.any()
        returns += rewards
        for i in np.flatnonzero(term):
            net = infos["final_info"]["net"][i]
            assert returns[i] == net[envs.unwrapped.seat] and sum(net) == 0
            assert infos["final_obs"][i]["observation"].shape == obs["observation"].shape[1:]
            assert infos["episode"]["r"][i] == returns[i]
            finished.append(returns[i])
            returns[i] = 0
    assert len(finished) >= (2 if PURE else 8)


def test_the_vector_env_plays_the_hands_single_games_would() -> None:
    """Game i's hand k is Game(rules, seed=hand_seed(seed, i), salt=k): the same nets, decision by decision, as
    that game played alone with the same (deterministic) learner and opponents."""
    envs = vector_env(3, rules="guobiao", opponents="first", seed=9)
    obs, _ = envs.reset()
    nets: dict[int, list[tuple[int, ...]]] = {i: [] for i in range(3)}
    for _ in range(150):
        obs, _, term, _, infos = envs.step(np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]]))
        for i in np.flatnonzero(term):
            nets[i].append(tuple(infos["final_info"]["net"][i]))
    for i in range(3):
        for k, net in enumerate(nets[i]):
            g = Game("guobiao", seed=hand_seed(9, i), salt=k)
            while not g.done:
                s = g.pending[0]
                mask = g.action_mask(s)
                g.act(s, mask.index(1) if s == 0 else FirstAgent().choose(g, s, g.legal_actions(s)))
            assert tuple(g.settlement.net) == net  # type: ignore[union-attr]
        assert nets[i]


def test_vector_opponents_and_illegal_actions() -> None:
    seen = []

    def last_legal(obs: dict[str, np.ndarray], mask: np.ndarray) -> int:
        seen.append(obs["observation"].shape)
        return int(np.flatnonzero(mask)[-1])

    envs = vector_env(3, rules="sichuan", opponents=["random", last_legal, FirstAgent()], seed=2, seat=1)
    obs, _ = envs.reset()
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]])
    good = np.array([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])
    mixed = np.where([True, False, True], bad, good)
    obs2, r, term, trunc, infos = envs.step(mixed)
    assert list(term) == [True, False, True] and list(r[[0, 2]]) == [ILLEGAL_PENALTY] * 2
    final = infos["final_info"]  # (the ended episodes' last infos: the observation is already the next hand's)
    assert "cannot" in final["illegal_action"][0] and final["_illegal_action"].tolist() == [True, False, True]
    assert infos["_final_obs"].tolist() == [True, False, True]
    assert seen and seen[0] == (195, 42)
    refuse = vector_env(2, rules="guobiao", seed=4, illegal_action="refuse", max_refusals=2)
    obs, _ = refuse.reset()
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]])
    obs2, r, term, trunc, _ = refuse.step(bad)
    assert (obs2["observation"] == obs["observation"]).all() and not term.any() and not trunc.any()
    _, r, term, trunc, _ = refuse.step(bad)
    assert trunc.all() and not term.any() and (r == ILLEGAL_PENALTY).all()
    strict = vector_env(2, rules="guobiao", seed=4, illegal_action="raise")
    obs, _ = strict.reset()
    with pytest.raises(IllegalActionError, match="game 0"):
        strict.step(np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]]))
    with pytest.raises(MahjongError, match="shape"):
        strict.step(np.zeros(3, dtype=np.int64))
    for kwargs, match in (({"n": 0}, "at least one game"), ({"n": 2, "opponents": "genius"}, "unknown opponent"),
                          ({"n": 2, "seat": 5}, "seat must be"), ({"n": 2, "illegal_action": "x"}, "illegal_action")):
        with pytest.raises(MahjongError, match=match):
            mahjong.rl.vector_env(**kwargs)  # type: ignore[arg-type]


# --- sb3-contrib's MaskablePPO trains the unwrapped env ---------------------------------------------------------


def test_maskable_ppo_trains_the_unwrapped_env() -> None:
    sb3 = pytest.importorskip("sb3_contrib", reason="the RL leg installs sb3-contrib and a CPU torch (.ci/rl.sh)")
    import torch

    torch.set_num_threads(1)
    env = gym_env("guobiao", opponents="random")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*not having a spec.*")
        check_env(env)
    model = sb3.MaskablePPO("MultiInputPolicy", env, n_steps=512, batch_size=128, n_epochs=2, seed=0,
                            policy_kwargs={"net_arch": [64]}, device="cpu")
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    obs, _ = env.reset(seed=5)
    for _ in range(300):  # the trained policy, masked, plays legal actions to the hand's end
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, _, term, trunc, info = env.step(int(action))
        assert "illegal_action" not in info
        if term or trunc:
            break
    assert term


@pytest.mark.parametrize("rules", ["guobiao", "nanchang"])
def test_batch_hold_redeal_and_agent_choices(rules: str) -> None:
    """What the vector environment builds on: held games stay as they are, a redealt game plays its next hand,
    a row's legal actions and the built-in agents' choices there."""
    from mahjong.game import GreedyAgent, RandomAgent
    from mahjong.rl import GameBatch

    batch = GameBatch(3, rules, seed=5, keep_logs=False)
    o = batch.observe(copy=True)
    first = [batch.legal(int(i), int(s))[0] for i, s in zip(o.game, o.seat)]
    for r, (i, s) in enumerate(zip(o.game.tolist(), o.seat.tolist())):
        assert sorted(batch.legal(i, s)) == np.flatnonzero(o.mask[r]).tolist()
        assert batch.agent_action(i, s, FirstAgent()) == batch.legal(i, s)[0]
        assert batch.agent_action(i, s, GreedyAgent(0)) in batch.legal(i, s)
        assert batch.agent_action(i, s, RandomAgent(i)) in batch.legal(i, s)
    hold = np.array([False, True, False])
    batch.step(np.array(first), hold=hold)
    after = batch.observe(copy=True)
    rows = after.game == 1
    assert (after.obs[rows] == o.obs[o.game == 1]).all()  # the held game did not move
    assert not (after.obs[after.game == 0] == o.obs[o.game == 0]).all()
    batch.redeal(2)
    assert batch.hands_played[2] == 1 and batch.pending(2)
    with pytest.raises(MahjongError, match="game index"):
        batch.redeal(3)
