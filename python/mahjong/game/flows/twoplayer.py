"""The two-player game's flow: 71 of the 136 tiles in play (seeded), dealer 14 / the other 13, chows from the
opponent, 报听 (declare ready: the engine then draws and discards for the player until a win or a winnable
discard, on which the player is asked; declining keeps 报听), the 海底捞月 phase when the 71 are used up, and
the winner deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow, standard_tiles

if TYPE_CHECKING:
    from mahjong.game.state import HandState

__all__ = ["TwoPlayerFlow", "TwoPlayerFlowOptions"]


@dataclass(frozen=True)
class TwoPlayerFlowOptions:
    """Two-player flow options.

    swap_at_start: 开始时换牌 — right after the deal each player may swap any number of its tiles, once: it
        picks them (then passes), they leave play and as many are drawn at random from the tiles not in play.
        Default False — source: the two-player rules page ("开始时换牌", a choice each player may decline); off,
        nobody is asked and the hand plays as dealt.
    """

    swap_at_start: bool = False


class TwoPlayerFlow(Flow):
    presets = ("twoplayer",)
    Options = TwoPlayerFlowOptions
    seats = (0, 1)
    ready_declaration = True
    haidi_phase = True
    draw_hands = True
    heavenly = True
    earthly = "first_draw"

    def tiles(self) -> list[int]:
        return standard_tiles()

    def in_play(self, n_tiles: int) -> int | None:
        from mahjong.rulesets.twoplayer import GAME_TILES

        return GAME_TILES

    def meld_offset(self, seat: int, from_seat: int, kind: str) -> int:
        return 1  # the only opponent sits on both sides; the notation's chows come from the left

    #: 报听 (record_facts) and 海底捞月 (check_facts) are the core's own facts: the compiled book reads them there
    win_facts_from_core = frozenset({"declared_ready", "haidi"})

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        return {"declared_ready": True} if state.ready[seat] else {}

    def check_facts(self, state: HandState, seat: int) -> dict[str, Any]:
        return {"haidi": True} if state.phase == "haidi" else {}
