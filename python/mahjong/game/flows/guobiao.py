"""Guobiao 国标 flow: 144 tiles, flowers replaced during the deal and play, the dice break point, 截和 (one
winner per discard, the first in turn order), the 8-fan minimum (the scorer's ``valid``), no kong on the last
tile, robbed added kongs; 天和 / 地和 / 人和 only with the extras (``guobiao-extras``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow, break_point, standard_tiles

if TYPE_CHECKING:
    from mahjong.game.state import HandState
    from mahjong.settlement import Payment, Settlement

__all__ = ["GuobiaoFlow", "GuobiaoFlowOptions", "break_point"]

FLOWERS = frozenset(range(34, 42))


@dataclass(frozen=True)
class GuobiaoFlowOptions:
    """Guobiao flow options.

    dice_break: the wall is broken where the dice say (the competition rule: the dealer throws, the seat the
        sum points at throws again). Default True — source: 《中国麻将竞赛规则》 (the Guobiao competition rules).
    botzone: the competition format of Botzone's Chinese Standard Mahjong judge (the common reference for
        Guobiao bots): each seat deals and draws from its own quarter of the wall (34 tiles, 36 with flowers),
        kong and flower replacements from the same quarter; the hand is drawn when the seat due to draw has
        nothing left (海底 / 妙手回春 are the wins when it would); one winner per discard, the nearest; any
        complete hand may be declared, and one under 8 fan (a false win, 错和) ends the hand with the penalty
        below. Default False — source: Botzone's Chinese Standard Mahjong rules page.
    false_win_penalty: Botzone format: a false winner pays each other player this (30 in all). Default 10 —
        source: Botzone's Chinese Standard Mahjong rules page.
    flowers: play with the 8 flowers (144 tiles). Default True — source: 《中国麻将竞赛规则》 (国标 144 张); Botzone's
        recorded human games were played without them (136 tiles, 34 per seat).
    several_winners: every player who claims a win on the same discard wins (as mahjongsoft.com's duplicate
        MCR tables allow); False = the first in turn order after the discarder only (截和). Each win settles
        as a win on that discard: the winner is paid its fan + 8 by the discarder and 8 by each other player,
        the other winners included — mahjongsoft.com's duplicate MCR rules, rule 2 "Multiple Hu": a discard
        won by 20 and 10 fan settles −46 / +36 / +26 / −16. Default False — source: the Guobiao competition
        rules (截和) and Botzone's judge (the nearest claimant).
    """

    dice_break: bool = True
    botzone: bool = False
    false_win_penalty: int = 10
    flowers: bool = True
    several_winners: bool = False


class GuobiaoFlow(Flow):
    presets = ("guobiao", "guobiao-rulebook", "guobiao-extras")
    Options = GuobiaoFlowOptions
    earthly = None
    #: the match is 4 rounds × 4 hands with no 连庄 and the seat swap before 西圈 (see mahjong.game.match)
    fixed_rounds = True

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        self.bonus_tiles = FLOWERS if self.options.flowers else frozenset()
        self.multiple_winners = bool(self.options.several_winners)
        extras = bool(getattr(ruleset.config, "extras", False))
        self.heavenly = extras
        self.human = extras
        self.earthly = "first_draw" if extras else None

    def tiles(self) -> list[int]:
        return standard_tiles(flowers=self.options.flowers)

    @property
    def segmented(self) -> bool:  # type: ignore[override]
        return bool(self.options.botzone)

    @property
    def false_wins(self) -> bool:  # type: ignore[override]
        return bool(self.options.botzone)  # Botzone: a false win may be declared (and pays)

    @property
    def dice_break(self) -> bool:  # type: ignore[override]
        return bool(self.options.dice_break) and not self.options.botzone

    def extra_lines(self, state: HandState, settlement: Settlement) -> list[Payment]:
        from mahjong.settlement import Payment

        if not self.options.botzone:
            return []
        out = []
        for won, result in zip(state.wins, settlement.results):
            if not result.valid:
                out += [Payment(won.seat, s, self.options.false_win_penalty, "false_win", None, "错和")
                        for s in self.seats if s != won.seat]
        return out
