"""Built-in agents.  An agent is anything with ``choose(game, seat, legal) -> Action``.

* :class:`RandomAgent` — a uniformly random legal action (seeded with the package's own PRNG).
* :class:`FirstAgent` — the first legal action (the benchmarks' "first legal action" driver).
* :class:`GreedyAgent` — wins whenever it may; otherwise discards to the lowest shanten with the most useful
  tiles left; claims a pung / chow / kong only when that lowers its shanten; never declines a forced win.
* :class:`~mahjong.game.expert.ExpertAgent` — plays for wins that pay (the rule set's scorer and minimum) and
  defends against opponents who look ready (:mod:`mahjong.game.expert`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from mahjong._kernels import backend_module as K
from mahjong.errors import MahjongError
from mahjong.game.actions import Action, held_after_claim
from mahjong.game.expert import ExpertAgent
from mahjong.game.rng import SplitMix64

if TYPE_CHECKING:
    from mahjong.game.engine import Game

__all__ = ["Agent", "RandomAgent", "FirstAgent", "GreedyAgent", "ExpertAgent", "AGENTS", "make_agent"]


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

    def _best_discard(self, game: Game, counts: list[int], options: list[Action]) -> tuple[int, int, Action]:
        """(shanten, -useful, action) of the best discard among ``options`` (the first such in their order):
        the lowest shanten after the discard, then the most unseen copies (4 - visible - held after it) of the
        tiles that lower it (counted only below shanten 8).

        The shanten is computed once per candidate, and the useful tiles only for the candidates at the lowest
        shanten: one above it is never the best, whatever its useful tiles.  A hand the kernels refuse counts
        as shanten 99 with no useful tiles."""
        st, flow, rules = game.state, game.flow, game.ruleset.hand_rules
        visible = st.visible
        shantens: list[tuple[int, list[int], list[int], int]] = []
        for a in options:
            c = list(counts)
            c[a.tile] -= 1
            real, wild = flow.wildcard_count(st, c)
            try:
                sh = int(K.shanten(bytes(real), wild, rules))
            except MahjongError:
                sh = 99
            shantens.append((sh, c, real, wild))
        while True:
            low = min(sh for sh, _, _, _ in shantens)
            best: tuple[int, int, Action] | None = None
            for i, (a, (sh, c, real, wild)) in enumerate(zip(options, shantens)):
                if sh != low:
                    continue
                left = 0
                if sh < 8:
                    try:
                        useful = K.useful_tiles(bytes(real), wild, rules)
                    except MahjongError:  # (refused: a shanten 99 candidate after all; look again)
                        shantens[i] = (99, c, real, wild)
                        break
                    left = sum(max(0, 4 - visible[t] - c[t]) for t in useful)
                if best is None or (sh, -left) < best[:2]:
                    best = (sh, -left, a)
            else:
                assert best is not None
                return best

    def _core_choice(self, game: Game, seat: int, legal: list[Action]) -> Action | None:
        """The core's own greedy choice (``GameCore.greedy_action``, this agent's choices computed in C,
        tests/game/test_core_greedy.py) when ``game`` plays on the compiled core and ``legal`` is its whole
        legal list; None otherwise."""
        core = getattr(game, "core", None)
        if core is None or not hasattr(core, "greedy_action"):
            return None
        made = getattr(game, "_legal_made", None)  # (CoreGame's legal list of this decision and its slots)
        if made is not None and made.get(seat) == legal:
            slots = game._slots_made[seat]  # type: ignore[attr-defined]
        else:
            slots = core.legal(seat)
            if len(slots) != len(legal) or any(a.index != s for a, s in zip(legal, slots)):
                return None
        slot = core.greedy_action(seat)
        return legal[slots.index(slot)] if slot in slots else None

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
                c = held_after_claim(counts, a)
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


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "first": FirstAgent, "expert": ExpertAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    from mahjong.errors import RulesError

    if name not in AGENTS:
        raise RulesError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}")
    cls = AGENTS[name]
    return cls() if cls is FirstAgent else cls(seed)
