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
        Default True — source: the Sichuan rules page (定缺 at the start of the hand); every
        major 血战 client plays it.  False = no declaration (a winning hand must still lack a suit).
    forced_win_tiles: in the last N wall tiles a player who can win must (the Sichuan rules page: "≤ 4 张 …
        必须胡"). Default 4.
    exchange_three: 换三张 — after the deal, before 定缺, each player picks three tiles of one suit; once all
        have picked, the three pass together to the player the direction names. Default False — source: the
        Sichuan rules page plays without it; the 血战 clients offer it as a room option (换三张 场).
    exchange_direction: where the three tiles go: "dice" (the dealer throws two dice once all have picked: a
        sum of 3/6/9/12 passes to the opposite player, 4/7/10 to the next player in turn order (下家, counter-
        clockwise), 2/5/8/11 to the previous one (上家, clockwise): each one time in three), or always
        "counterclockwise", "clockwise" or "opposite". Default "dice" — source: the 血战 clients throw for the
        direction; no published rule gives the sums, so the three directions are equally likely.
    """

    lack: bool = True
    forced_win_tiles: int = 4
    exchange_three: bool = False
    exchange_direction: str = "dice"

    def __post_init__(self) -> None:
        from mahjong.errors import RulesError

        if self.exchange_direction not in EXCHANGE_OFFSETS and self.exchange_direction != "dice":
            raise RulesError(f"exchange_direction must be dice, {', '.join(EXCHANGE_OFFSETS)}; "
                             f"got {self.exchange_direction!r}")


#: 换三张 directions: how many seats on (in turn order) the three tiles go
EXCHANGE_OFFSETS = {"counterclockwise": 1, "clockwise": 3, "opposite": 2}


class SichuanFlow(Flow):
    presets = ("sichuan",)
    Options = SichuanFlowOptions
    chows = False
    multiple_winners = True
    pays_during_play = True
    draw_hands = True
    heavenly = True
    earthly = "first_round"
    core_unsupported_options = ("exchange_three",)

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        self.winners_to_end = 3 if ruleset.config.mode == "xuezhan" else 1
        self.forced_win_tiles = self.options.forced_win_tiles

    def tiles(self) -> list[int]:
        return standard_tiles(honors=False)

    def exchange_by_dice(self) -> bool:
        return bool(self.options.exchange_direction == "dice")

    def exchange_offset(self, dice: tuple[int, ...] | None) -> int:
        """换三张: how many seats on in turn order each player's three tiles go."""
        if dice is None:
            return EXCHANGE_OFFSETS[self.options.exchange_direction]
        return (2, 1, 3)[sum(dice) % 3]

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
