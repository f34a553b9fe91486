"""The greedy agent's faster Python search changes no choice, and on the compiled core it chooses through the
core's C greedy.

``reference_choice`` below is the search as it was first written (two kernel calls per candidate discard, the
unseen copies summed in Python): :meth:`GreedyAgent.search` (one ``discard_options`` call per decision) must
make the very same choice at every decision of whole hands, for every rule set (wildcards: Nanchang's 精,
Yuhuan's 财神, Jinshan's 百搭; 报听 in the two-player game; 定缺 in Sichuan)."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong import BACKEND
from mahjong._kernels import backend_module as K
from mahjong.errors import MahjongError
from mahjong.game import Action, Game, GreedyAgent
from mahjong.game.agents import _real_win
from mahjong.game.core import CoreGame, core_available


def _shanten(game: Any, counts: list[int]) -> int:
    real, wild = game.flow.wildcard_count(game.state, counts)
    try:
        return int(K.shanten(bytes(real), wild, game.ruleset.hand_rules))
    except MahjongError:
        return 99


def _best_discard(game: Any, counts: list[int], options: list[Action]) -> tuple[int, int, Action]:
    best: tuple[int, int, Action] | None = None
    visible = game.state.visible
    for a in options:
        c = list(counts)
        c[a.tile] -= 1
        real, wild = game.flow.wildcard_count(game.state, c)
        try:
            sh = int(K.shanten(bytes(real), wild, game.ruleset.hand_rules))
            useful = K.useful_tiles(bytes(real), wild, game.ruleset.hand_rules) if sh < 8 else ()
        except MahjongError:
            sh, useful = 99, ()
        left = sum(max(0, 4 - visible[t] - c[t]) for t in useful)
        key = (sh, -left, a)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return best


def reference_choice(game: Any, seat: int, legal: list[Action]) -> Action:
    for a in legal:
        if a.kind == "win" and _real_win(game, seat, a):
            return a
    counts = list(game.state.hands[seat])
    discards = [a for a in legal if a.kind in ("discard", "ready")]
    if discards:
        plain = [a for a in discards if a.kind == "discard"] or discards
        sh, _, choice = _best_discard(game, counts, plain)
        ready = [a for a in discards if a.kind == "ready" and a.tile == choice.tile]
        for a in legal:
            if a.kind == "concealed_kong":
                c = list(counts)
                c[a.tile] -= 4
                if _shanten(game, c) <= sh:
                    return a
        return ready[0] if ready else choice
    claims = [a for a in legal if a.kind in ("pung", "chow", "kong")]
    if claims:
        now = _shanten(game, counts)
        best: tuple[int, Action] | None = None
        for a in claims:
            c = list(counts)
            meld = list(a.meld) if a.kind == "chow" else [a.tile] * (3 if a.kind == "pung" else 4)
            meld.remove(a.tile)
            for t in meld:
                c[t] -= 1
            if a.kind == "kong":
                sh = _shanten(game, c)
            else:
                outs = [Action("discard", t) for t in range(34) if c[t]]
                sh = _best_discard(game, c, outs)[0] if outs else 99
            if sh < now and (best is None or sh < best[0]):
                best = (sh, a)
        if best is not None:
            return best[1]
    for a in legal:
        if a.kind == "pass":
            return a
    return legal[0]


#: the pure-Python kernels are about a hundred times slower: there the first few decisions of a hand are compared
COMPILED = BACKEND == "cython"
PURE_RULES = ["sichuan", "yuhuan", "jinshan", "nanchang"]  # (the wildcards, and 定缺)
RULES = ["guobiao", "sichuan", "common", "wuhu-2468", "twoplayer", "nanchang", "yuhuan", "jinshan"]


@pytest.mark.parametrize("rules", RULES if COMPILED else PURE_RULES)
def test_the_greedy_search_chooses_as_its_first_version(rules: str) -> None:
    decisions = 0
    kinds: set[str] = set()
    for salt in range(2 if COMPILED else 1):
        game = Game(rules, seed=31, salt=salt, engine="python")
        agents = {s: GreedyAgent(s) for s in game.flow.seats}
        while not game.done and (COMPILED or "discard" not in kinds):
            for seat in game.pending:
                legal = game.legal_actions(seat)
                ref = reference_choice(game, seat, legal)
                assert agents[seat].search(game, seat, legal) == ref, (salt, seat, legal, ref)
                assert agents[seat].choose(game, seat, legal) == ref  # (the Python engine: the search)
                kinds.add(ref.kind)
                game.act(seat, ref)
                decisions += 1
    assert "discard" in kinds and (not COMPILED or ("pass" in kinds and decisions > 30))


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "common", "wuhu-2468"])
def test_on_the_core_greedy_chooses_through_the_c_greedy(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a core game ``choose`` is the core's own choice (the Python search is not run) and the same as the
    search's at every decision of whole hands (the search stays the C greedy's reference); a legal list that
    is not the game's whole list is searched in Python."""
    if not core_available():
        assert not Game(rules).__class__.__name__.startswith("Core")
        return
    agent = GreedyAgent(0)
    searched: list[int] = []
    search = agent.search

    def counted(g: Any, seat: int, legal: list[Action]) -> Action:
        searched.append(seat)
        return search(g, seat, legal)

    monkeypatch.setattr(agent, "search", counted)
    n = 0
    kinds: set[str] = set()
    for salt in range(3):
        game = CoreGame(rules, seed=8, salt=salt)
        while not game.done:
            for seat in game.pending:
                legal = game.legal_actions(seat)
                choice = agent.choose(game, seat, legal)
                assert not searched
                assert choice == search(game, seat, legal), (salt, seat, legal)
                assert choice.index == game.core.greedy_action(seat)
                if len(legal) > 1 and n % 7 == 0:  # a part of the list: chosen among those actions only
                    part = [a for a in legal if a != choice]
                    assert agent.choose(game, seat, part) in part and searched
                    searched.clear()
                kinds.add(choice.kind)
                game.act(seat, choice)
                n += 1
    assert n > 100 and {"discard", "pass"} <= kinds and len(kinds) >= 3


@pytest.mark.parametrize("rules", RULES if COMPILED else PURE_RULES)
def test_each_candidates_key_is_the_first_versions(rules: str) -> None:
    """Not only the winner: every candidate discard's (shanten, -unseen useful copies), for the seat's own hand
    and for a random hand of its size (high shanten, wildcards held, copies visible elsewhere)."""
    import random

    rng = random.Random(rules)
    game = Game(rules, seed=44, salt=0, engine="python")
    agent = GreedyAgent(0)
    checked = 0
    while not game.done and (COMPILED or checked < 6):
        for seat in game.pending:
            legal = game.legal_actions(seat)
            if any(a.kind == "discard" for a in legal) and (rng.random() < 0.5 or not COMPILED):
                own = list(game.state.hands[seat])
                size = sum(own[:34]) + sum(own[34:])
                pool = [t for t in range(34) for _ in range(4 - game.state.visible[t])]
                drawn = rng.sample(pool, size)
                other = [0] * len(own)
                for t in drawn:
                    other[t] += 1
                for counts in (own, other):
                    for t in range(34) if COMPILED else rng.sample(range(34), 4):
                        if counts[t]:
                            a = Action("discard", t)
                            assert agent._best_discard(game, counts, [a])[:2] == \
                                _best_discard(game, counts, [a])[:2], (counts, t)
                            checked += 1
            game.act(seat, reference_choice(game, seat, legal))
    assert checked > (100 if COMPILED else 2)


def test_a_hand_far_from_ready_counts_no_useful_tiles_as_before() -> None:
    """Shanten 8 or more (a 16-tile Yuhuan hand of lone tiles): the search has never counted useful tiles
    there, and the faster one does not either."""
    game = Game("yuhuan", seed=1, engine="python")
    counts = [0] * len(game.state.hands[0])
    for t in (0, 1, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31, 32, 33):
        counts[t] += 1
    agent = GreedyAgent(0)
    for t in (0, 1, 33):
        a = Action("discard", t)
        got = agent._best_discard(game, counts, [a])[:2]
        assert got == _best_discard(game, counts, [a])[:2] and got[0] >= 8 and got[1] == 0
