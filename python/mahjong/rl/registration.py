"""The Gymnasium ids: ``gymnasium.make("mahjong/<rules>-v0")`` for every rule set ``mahjong rules`` lists.

Registered when :mod:`mahjong.rl` is imported (Gymnasium installed), each with the ``TimeLimit`` of
:data:`mahjong.rl.gym.MAX_EPISODE_STEPS`; keyword arguments of ``gymnasium.make`` go to
:class:`mahjong.rl.gym.MahjongEnv` (``opponents``, ``seat``, ``illegal_action``, rule-set options ...).  Gymnasium's
own form ``gymnasium.make("mahjong.rl:mahjong/guobiao-v0")`` imports this package first.
"""

from __future__ import annotations

__all__ = ["NAMESPACE", "VERSION", "env_id", "playable_rules", "register_envs"]

NAMESPACE = "mahjong"
#: the environment's version in its id: a change of its observation, actions or rewards is a new version
VERSION = 0


def env_id(rules: str) -> str:
    """The Gymnasium id of a rule set's environment (``mahjong/guobiao-v0``)."""
    return f"{NAMESPACE}/{rules}-v{VERSION}"


def playable_rules() -> list[str]:
    """Every rule set the engine plays (``mahjong rules`` lists them; rule files register theirs as they load)."""
    from mahjong.registry import FLOWS, PRESETS, load_presets

    load_presets()
    return sorted(name for name in PRESETS if name in FLOWS)


def register_envs() -> list[str]:
    """Register every rule set's id with Gymnasium (once; an id already there is left as it is); the ids."""
    import gymnasium

    from mahjong.rl.gym import MAX_EPISODE_STEPS

    ids = []
    for rules in playable_rules():
        name = env_id(rules)
        ids.append(name)
        if name not in gymnasium.envs.registry:
            gymnasium.register(id=name, entry_point="mahjong.rl.gym:MahjongEnv", kwargs={"rules": rules},
                               max_episode_steps=MAX_EPISODE_STEPS)
    return ids
