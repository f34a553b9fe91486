"""Sichuan 血战到底 flow: 108 tiles (no honors), no chow, 定缺 (option), 一炮多响, 刮风下雨 paid as each kong
happens, play after a win until three have won (血战; ``mode="normal"`` ends on the first win), the forced win
in the last 4 tiles, and the wall-end checks 查花猪 / 查大叫 / 退税 (the rule set's ``settle``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow, standard_tiles

if TYPE_CHECKING:
    from mahjong.framework import ScoreResult
    from mahjong.game.state import HandState

__all__ = ["SichuanFlow", "SichuanFlowOptions"]


@dataclass(frozen=True)
class SichuanFlowOptions:
    """Sichuan flow options.

    lack: 定缺 — before the first discard each player names the suit it will not keep; while it holds tiles of
        that suit it must discard them first, it may not pung / kong them, and it cannot win holding them.
        Default True — source: the Sichuan rules page (game-flow §2 "定缺 at the start, spec option"); every
        major 血战 client plays it.  False = no declaration (a winning hand must still lack a suit).
    forced_win_tiles: in the last N wall tiles a player who can win must (seed: "≤ 4 张 … 必须胡"). Default 4.
    """

    lack: bool = True
    forced_win_tiles: int = 4


class SichuanFlow(Flow):
    presets = ("sichuan",)
    Options = SichuanFlowOptions
    chows = False
    multiple_winners = True
    pays_during_play = True
    draw_hands = True
    heavenly = True
    earthly = "first_round"

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        self.winners_to_end = 3 if ruleset.config.mode == "xuezhan" else 1
        self.forced_win_tiles = self.options.forced_win_tiles

    def tiles(self) -> list[int]:
        return standard_tiles(honors=False)

    def _holds_lack(self, state: HandState, seat: int) -> bool:
        suit = state.lack[seat]
        if suit is None:
            return False
        return any(state.hands[seat][suit * 9:suit * 9 + 9])

    def may_win(self, state: HandState, seat: int, result: ScoreResult) -> bool:
        return result.valid and not self._holds_lack(state, seat)

    def may_discard(self, state: HandState, seat: int, tile: int) -> bool:
        suit = state.lack[seat]
        if suit is None or not self._holds_lack(state, seat):
            return True
        return tile // 9 == suit  # the lacking suit goes first

    def may_meld(self, state: HandState, seat: int, tile: int) -> bool:
        return state.lack[seat] is None or tile // 9 != state.lack[seat]

    def check_facts(self, state: HandState, seat: int) -> dict[str, Any]:
        return {"already_won": frozenset(state.won)}
