"""Guobiao 国标 flow: 144 tiles, flowers replaced during the deal and play, the dice break point, 截和 (one
winner per discard, the first in turn order), the 8-fan minimum (the scorer's ``valid``), no kong on the last
tile, robbed added kongs; 天和 / 地和 / 人和 only with the extras (``guobiao-extras``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.errors import RulesError
from mahjong.game.flows.base import STACKS_PER_SIDE, Flow, break_point, penalty_lines, standard_tiles

if TYPE_CHECKING:
    from mahjong.game.state import HandState
    from mahjong.settlement import Payment, Settlement

__all__ = ["GuobiaoFlow", "GuobiaoFlowOptions", "break_point", "STACKS_PER_SIDE"]

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
        below; the last discard may be claimed only by a win when the next seat's segment is empty, and no
        kong is declared on one's turn then; a claimer whose own segment is empty may still kong the discard
        (the hand is then drawn: its replacement cannot be drawn); 杠上开花 is not counted when the kong's
        replacement was a flower. Default False — source: Botzone's Chinese Standard Mahjong rules page and its
        judge (the judge program and its recorded games).
    penalties: the judge's penalties: an answer that is not legal (WA) or a win declared on a hand that does not
        win or is under 8 fan (WH) ends the hand, and an outside judge may give the platform's penalties for a
        bot's run (TLE, MLE, OLE, RE, NJ: ``Game.penalize``); the offender pays each other player ``penalty``.
        Off, an illegal answer is refused (IllegalActionError) and the hand stays where it was. Default: on in
        the Botzone format, off otherwise — source: Botzone's Chinese Standard Mahjong judge.
    penalty: what an offender pays each other player (30 in all). Default 10 (old name: false_win_penalty) —
        source: Botzone's Chinese Standard Mahjong judge (−30 / +10).
    flowers: play with the 8 flowers (144 tiles). Default True — source: 《中国麻将竞赛规则》 (国标 144 张); Botzone's
        recorded human games were played without them (136 tiles, 34 per seat).
    flowers_kept: a flower need not be replaced at once: it stays in the hand until its player sets it aside for a
        replacement on its turn (补花 when it likes: the action ``flower``), or discards it as an ordinary tile
        (a discarded flower counts for nobody; nobody claims it). Not in the Botzone format (its judge
        replaces at once). Default False (every flower is replaced at once, dealt or drawn) — source:
        《国标麻将规则》 (花牌: "花牌不需要当场补 … 未补花的花牌是可以当做普通牌打出去的");
        the competition rules replace at once.
    several_winners: every player who claims a win on the same discard wins (as mahjongsoft.com's duplicate
        MCR tables allow); False = the first in turn order after the discarder only (截和). Each win settles
        as a win on that discard: the winner is paid its fan + 8 by the discarder and 8 by each other player,
        the other winners included — mahjongsoft.com's duplicate MCR rules, rule 2 "Multiple Hu": a discard
        won by 20 and 10 fan settles −46 / +36 / +26 / −16. Default False — source: the Guobiao competition
        rules (截和) and Botzone's judge (the nearest claimant).
    """

    dice_break: bool = True
    botzone: bool = False
    penalties: bool | None = None
    penalty: int = 10
    flowers: bool = True
    flowers_kept: bool = False
    several_winners: bool = False


class GuobiaoFlow(Flow):
    presets = ("guobiao", "guobiao-rulebook", "guobiao-extras")
    Options = GuobiaoFlowOptions
    earthly = None
    #: the match is 4 rounds × 4 hands with no 连庄 and the seat swap before 西圈 (see mahjong.game.match)
    fixed_rounds = True
    #: 《国标麻将规则》: "暗杠时，4只牌牌面向下 … 唯在牌局完结后，不论有否和牌，都需打开供对手查阅"
    shows_concealed_kongs = True

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        flowers = FLOWERS if self.options.flowers else frozenset()
        if self.options.flowers_kept:
            if self.options.botzone:
                raise RulesError("flowers_kept does not apply to the Botzone format: its judge replaces a flower "
                                 "at once (BUHUA)")
            self.held_bonus, self.declares_held_bonus = flowers, True
        else:
            self.bonus_tiles = flowers
        self.multiple_winners = bool(self.options.several_winners)
        extras = bool(getattr(ruleset.config, "extras", False))
        self.heavenly = extras
        self.human = extras
        self.earthly = "first_draw" if extras else None
        o = self.options
        self.penalties = bool(o.botzone) if o.penalties is None else bool(o.penalties)
        self.penalty = int(o.penalty)

    def tiles(self) -> list[int]:
        return standard_tiles(flowers=self.options.flowers)

    @property
    def segmented(self) -> bool:  # type: ignore[override]
        return bool(self.options.botzone)

    @property
    def dice_break(self) -> bool:  # type: ignore[override]
        return bool(self.options.dice_break) and not self.options.botzone

    @property
    def bonus_spoils_kong_draw(self) -> bool:  # type: ignore[override]
        return bool(self.options.botzone)  # Botzone's judge loses 杠上开花 when the replacement was a flower

    @penalty_lines
    def extra_lines(self, state: HandState, settlement: Settlement) -> list[Payment]:
        """The judge's penalty that ended the hand: the offender pays each other player."""
        from mahjong.settlement import Payment

        p = state.penalty
        if p is None:
            return []
        reason, note = ("false_win", "错和") if p.kind == "WH" else ("penalty", p.kind)
        return [Payment(p.seat, s, self.penalty, reason, None, note) for s in self.seats if s != p.seat]
