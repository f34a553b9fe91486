"""The built-in greedy agent choosing in C (``GameCore.greedy_action`` / ``play_greedy``) against its reference,
the Python :class:`~mahjong.game.agents.GreedyAgent`: the same choice at every decision of whole hands driven
through the step API on the core, for each kind of flow (chows or none, honor chows, 定缺, flowers, held bonus
tiles, wildcards fixed and turned up, 16-tile hands, two seats with 报听, the segmented wall).

On the pure-Python backend there is no compiled core; the check there is that the core's step API refuses to
start (the greedy agent then runs in Python only)."""

from __future__ import annotations

import pytest

from mahjong.errors import RulesError
from mahjong.game import GreedyAgent
from mahjong.game.core import CoreGame, core_available

#: every kind of flow: chows or none, honor chows, 定缺, flowers, held bonus tiles (百搭), wildcards fixed and from an
#: indicator, 16-tile hands, two seats with 报听 and 开始时换牌, the segmented wall and its false wins
GREEDY_FLOWS = [("guobiao", {}, 4), ("sichuan", {}, 4), ("common", {}, 4), ("wuhu-2468", {}, 3),
                ("hongzhong", {}, 3), ("guangdong-fangui", {}, 3), ("changsha", {}, 3), ("jinshan", {}, 3),
                ("nanchang", {}, 3), ("yuhuan", {}, 5), ("twoplayer", {"swap_at_start": True}, 3),
                ("guobiao", {"botzone": True}, 3)]


@pytest.mark.parametrize(("rules", "options", "hands"), GREEDY_FLOWS)
def test_greedy_in_c_chooses_as_the_greedy_agent(rules: str, options: dict[str, object], hands: int) -> None:
    if not core_available():
        with pytest.raises(RulesError):
            CoreGame(rules, options=options)
        return
    choices = kinds = 0
    seen: set[str] = set()
    for salt in range(hands):
        game = CoreGame(rules, seed=5, salt=salt, options=options)
        agents = {s: GreedyAgent(s) for s in game.flow.seats}
        while not game.done:
            for seat in game.pending:
                legal = game.legal_actions(seat)
                ref = agents[seat].search(game, seat, legal)  # type: ignore[arg-type]  (the Python search, not C)
                assert game.core.greedy_action(seat) == ref.index, (salt, seat, legal, ref)
                seen.add(ref.kind)
                game.act(seat, ref)
                choices += 1
    kinds = len(seen)
    assert choices > 20 * hands and kinds >= 3  # (discards, passes and claims or wins at the least)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "common", "hongzhong", "nanchang", "twoplayer"])
def test_greedy_self_play_plays_the_engines_hands(rules: str) -> None:
    """The greedy agents choosing in C play the very hands GreedyAgent plays on the Python engine."""
    from mahjong.game import Game
    from mahjong.game.core import RandomTable
    from mahjong.game.play import play_hand

    table = RandomTable(rules, agent="greedy")
    assert table.on_core == core_available()
    if not core_available():  # (both sides would be the Python engine, and its pure-Python shanten is slow)
        assert table.agent == "greedy" and table.params is None
        return
    for salt in range(2):
        fast = table.hand(seed=9, salt=salt)
        ref = Game(rules, seed=9, salt=salt, engine="python")  # (its GreedyAgent searches in Python)
        play_hand(ref, {s: GreedyAgent(s) for s in ref.flow.seats})
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net


def test_an_unknown_self_play_agent_is_refused() -> None:
    from mahjong.game.core import RandomTable

    with pytest.raises(RulesError, match="unknown agent 'clever'"):
        RandomTable("guobiao", agent="clever")


def test_greedy_in_c_plays_the_exchange_as_the_greedy_agent() -> None:
    """换三张 on the core: the greedy agents choosing in C pick (and play on) as GreedyAgent does on the Python
    engine."""
    from mahjong.game import Game
    from mahjong.game.core import RandomTable
    from mahjong.game.play import play_hand

    options = {"exchange_three": True}
    table = RandomTable("sichuan", options, agent="greedy")
    assert table.on_core == core_available()
    if not core_available():
        return
    for salt in range(2):
        fast = table.hand(seed=4, salt=salt)
        ref = Game("sichuan", seed=4, salt=salt, options=options, engine="python")
        play_hand(ref, {s: GreedyAgent(s) for s in range(4)})
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net == fast.net
