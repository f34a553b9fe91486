"""Built-in agents.  An agent is anything with ``choose(game, seat, legal) -> Action``.

* :class:`RandomAgent` — a uniformly random legal action (seeded with the package's own PRNG).
* :class:`FirstAgent` — the first legal action (the benchmarks' "first legal action" driver).
* :class:`GreedyAgent` — wins whenever it may; otherwise discards to the lowest shanten with the most useful
  tiles left; claims a pung / chow / kong only when that lowers its shanten; never declines a forced win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from mahjong._kernels import backend_module as K
from mahjong.errors import MahjongError
from mahjong.game.actions import Action
from mahjong.game.rng import SplitMix64

if TYPE_CHECKING:
    from mahjong.game.engine import Game

__all__ = ["Agent", "RandomAgent", "FirstAgent", "GreedyAgent", "AGENTS", "make_agent"]


class Agent(Protocol):
    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action: ...


def _real_win(game: Game, seat: int, action: Action) -> bool:
    """The win on offer meets the rule set's minimum (the Botzone format also offers false wins)."""
    result = game.win_score(seat, action.tile)
    return result is None or result.valid


class RandomAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed, 0xA9E)

    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action:
        for a in legal:  # winning is never random: a random player that declines wins plays another game
            if a.kind == "win" and _real_win(game, seat, a):
                return a
        return legal[self.rng.below(len(legal))]


class FirstAgent:
    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action:
        return legal[0]


class GreedyAgent:
    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed, 0x6EE)

    def _shanten(self, game: Game, counts: list[int]) -> int:
        real, wild = game.flow.wildcard_count(game.state, counts)
        try:
            return int(K.shanten(bytes(real), wild, game.ruleset.hand_rules))
        except MahjongError:
            return 99

    def _probe(self, game: Game, real: list[int], wild: int) -> tuple[int, tuple[int, ...]]:
        """(shanten, useful tiles) of the kernels' hand ``real`` + ``wild`` wildcards, one candidate's own
        kernel calls (the useful tiles only below shanten 8, as the search has always counted them)."""
        rules = game.ruleset.hand_rules
        try:
            sh = int(K.shanten(bytes(real), wild, rules))
            return sh, (K.useful_tiles(bytes(real), wild, rules) if sh < 8 else ())
        except MahjongError:
            return 99, ()

    def _best_discard(self, game: Game, counts: list[int], options: list[Action]) -> tuple[int, int, Action]:
        """(shanten, -useful, action) of the best discard among ``options`` (the first such in their order):
        the shanten after the discard, and minus the unseen copies (4 - visible - held after it) of the tiles
        that lower it.

        Every candidate that leaves the wildcards as they were reads one ``discard_options`` call over the
        whole hand (the kernels' shanten and useful tiles of each kind's discard in one pass); a candidate
        that discards a wildcard, or a hand the kernels refuse, probes its own hand as before."""
        best: tuple[int, int, Action] | None = None
        st = game.state
        visible = st.visible
        flow = game.flow
        real0, wild0 = flow.wildcard_count(st, counts)
        # (discard_options counts, per useful tile, 4 - the kernels' held count before the discard - visible,
        # each term at least 0: ``seen`` clamps visible so that each term is max(0, 4 - held - visible); the
        # search counts 4 - visible - held after the discard, so the discarded kind and the wildcards' kinds,
        # where the two held counts differ, are recounted)
        seen = bytes(min(visible[t], 4 - real0[t]) for t in range(34))
        try:
            table = {o.tile: o for o in K.discard_options(bytes(real0), wild0, game.ruleset.hand_rules,
                                                            visible=seen)}
        except MahjongError:
            table = {}
        differ = [t for t in range(34) if counts[t] != real0[t]]
        for a in options:
            t = a.tile
            c = list(counts)
            c[t] -= 1
            real, wild = flow.wildcard_count(st, c)
            opt = table.get(t) if wild == wild0 else None
            if opt is not None and real[t] == real0[t] - 1:
                sh, useful = opt.shanten, opt.useful_tiles
                left = 0 if sh >= 8 else opt.useful_count + sum(
                    max(0, 4 - visible[u] - c[u]) - max(0, 4 - visible[u] - real0[u])
                    for u in {t, *differ} if u in useful)
            else:
                sh, useful = self._probe(game, real, wild)
                left = sum(max(0, 4 - visible[u] - c[u]) for u in useful)
            key = (sh, -left, a)
            if best is None or key[:2] < best[:2]:
                best = key
        assert best is not None
        return best

    def _core_choice(self, game: Game, seat: int, legal: list[Action]) -> Action | None:
        """The core's own greedy choice (``GameCore.greedy_action``, this agent's choices computed in C,
        tests/game/test_core_greedy.py) when ``game`` plays on the compiled core and ``legal`` is its whole
        legal list; None otherwise."""
        core = getattr(game, "core", None)
        if core is None or not _on_core(game):
            return None
        slots = core.legal(seat)
        if len(slots) != len(legal) or any(a.index != s for a, s in zip(legal, slots)):
            return None
        slot = core.greedy_action(seat)
        for a in legal:
            if a.index == slot:
                return a
        return None

    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """The greedy choice: the core's C greedy on a game the compiled core plays, else :meth:`search`."""
        fast = self._core_choice(game, seat, legal)
        return fast if fast is not None else self.search(game, seat, legal)

    def search(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """The greedy choice searched in Python over the kernels, on any game (the reference the core's C
        greedy is checked against, choice by choice)."""
        for a in legal:
            if a.kind == "win" and _real_win(game, seat, a):
                return a
        st = game.state
        counts = list(st.hands[seat])
        discards = [a for a in legal if a.kind in ("discard", "ready")]
        if discards:
            plain = [a for a in discards if a.kind == "discard"] or discards
            sh, neg, choice = self._best_discard(game, counts, plain)
            ready = [a for a in discards if a.kind == "ready" and a.tile == choice.tile]
            for a in legal:  # a concealed kong that keeps the shanten is free points
                if a.kind == "concealed_kong":
                    c = list(counts)
                    c[a.tile] -= 4
                    if self._shanten(game, c) <= sh:
                        return a
            return ready[0] if ready else choice
        claims = [a for a in legal if a.kind in ("pung", "chow", "kong")]
        if claims:
            now = self._shanten(game, counts)
            best: tuple[int, Action] | None = None
            for a in claims:
                c = list(counts)
                meld = list(a.meld) if a.kind == "chow" else [a.tile] * (3 if a.kind == "pung" else 4)
                meld.remove(a.tile)
                for t in meld:
                    c[t] -= 1
                if a.kind == "kong":
                    sh = self._shanten(game, c)
                else:
                    outs = [Action("discard", t) for t in range(34) if c[t]]
                    sh = self._best_discard(game, c, outs)[0] if outs else 99
                if sh < now and (best is None or sh < best[0]):
                    best = (sh, a)
            if best is not None:
                return best[1]
        for a in legal:
            if a.kind == "pass":
                return a
        return legal[0]


def _on_core(game: Game) -> bool:
    """``game`` is a :class:`~mahjong.game.core.CoreGame` (imported here: the core module imports this one)."""
    from mahjong.game.core import CoreGame

    return isinstance(game, CoreGame)


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "first": FirstAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    from mahjong.errors import RulesError

    if name not in AGENTS:
        raise RulesError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}")
    cls = AGENTS[name]
    return cls() if cls is FirstAgent else cls(seed)
