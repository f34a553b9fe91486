"""Nanchang 南昌 flow: 136 tiles, the 精 revealed from the dice after the deal (counted in stacks from the wall's
end; the flipped type is 正精, the next type 副精, wrapping 9 → 1, 北 → 东, 白 → 中) and honor chows (three
different winds, 中发白) as the rule file says ([wildcards], [win]), one winner per discard (the first in turn
order), the wall's end with tiles left (the indicator and the 精 each seat holds recorded: the rule set settles
the 精 held at 黄庄 too, its option ``jing_at_draw``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow

if TYPE_CHECKING:
    from mahjong.game.state import HandState

__all__ = ["NanchangFlow", "NanchangFlowOptions"]


@dataclass(frozen=True)
class NanchangFlowOptions:
    """Nanchang flow options.

    wall_end_reserve: the hand is drawn (流局) when this many wall tiles are left. Default 34 — source: the
        Nanchang rules of a 2018 Nanchang game server (吉安冲关麻将's rule list counts 7 stacks plus the kongs'
        stacks; use 14 for that reading).
    dealer_keeps: the dealer keeps the deal after its own win or a draw; otherwise the next seat deals.
        Default True — source: the nanchang-mahjong family web app's scoring guide.
    """

    wall_end_reserve: int = 34
    dealer_keeps: bool = True


class NanchangFlow(Flow):
    presets = ("nanchang",)
    Options = NanchangFlowOptions
    honor_chows = True
    # (黄庄: the 精 each seat holds are settled, the rule set's jing_at_draw; the wall's end records them as facts,
    # as a win's record does, so no final hand is built for it)
    heavenly = True
    earthly = "first_draw"
    #: the win facts record_facts gives: the indicator and the 精 each seat holds, which the hand core works out
    #: itself (the rule set's holdings_facts), so the compiled book decides the wins in C
    win_facts_from_core = frozenset({"indicator", "jing_held", "jing_kongs"})

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        from mahjong.rulebook.flow import indicator_of

        super().__init__(ruleset, options)
        self.reserve = self.options.wall_end_reserve
        self.book: Any = ruleset.book  # (the rule set's file: its [win] and [wildcards] say the shapes and the 精)
        self.honor_chows = bool(self.book.honor_sequences)
        #: the 精 as the rule file's ``[wildcards]`` say (dice counted from the wall's end: 正精 and the next kind)
        self.indicator = indicator_of(self.book)

    @staticmethod
    def jing_held(state: HandState) -> tuple[list[list[int]], list[int]]:
        """(正精, 副精) copies each seat holds (hand and melds), and the seats holding a 精杠 (a kong of 副精)."""
        zheng, fu = state.wildcards
        held = [[state.hands[s][zheng] + sum(m.tiles.count(zheng) for m in state.melds[s]),
                 state.hands[s][fu] + sum(m.tiles.count(fu) for m in state.melds[s])] for s in range(4)]
        kongs = [s for s in range(4) if any(len(m.tiles) == 4 and m.tile == fu for m in state.melds[s])]
        return held, kongs

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        if state.indicator is None:
            return {}
        zheng, fu = state.wildcards
        held, kongs = self.jing_held(state)
        return self._win_jing(state.indicator, zheng, fu, held, kongs, seat, tile, from_seat)

    def record_facts_from_core(self, core: Any, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        """:meth:`record_facts` from the bare core: its indicator, and the 精 in every seat's hand and melds."""
        indicator = core.indicator
        if indicator is None or self.indicator is None:
            return {}
        zheng, fu = self.indicator.wildcards[indicator]
        held = []
        kongs = []
        for s in range(4):
            hand = core.hand(s)
            z, f = hand[zheng], hand[fu]
            for _kind, tiles, _claimed, _from in core.melds(s):
                z += tiles.count(zheng)
                f += tiles.count(fu)
                if len(tiles) == 4 and tiles[0] == fu:
                    kongs.append(s)
            held.append([z, f])
        return self._win_jing(indicator, zheng, fu, held, kongs, seat, tile, from_seat)

    @staticmethod
    def _win_jing(indicator: int, zheng: int, fu: int, held: list[list[int]], kongs: list[int], seat: int, tile: int,
                  from_seat: int | None) -> dict[str, Any]:
        """A win's 精 facts from the holdings before it: the discard won on is the winner's too."""
        if from_seat is not None:
            held[seat][0] += tile == zheng
            held[seat][1] += tile == fu
        return {"indicator": indicator, "jing_held": held, "jing_kongs": [s for s in kongs if s != seat]}

    def draw_facts(self, state: HandState) -> dict[str, Any]:
        """黄庄: which tiles were 精 (the flipped indicator), the (正精, 副精) copies each seat holds and the seats
        holding a 精杠: the rule set settles them (its option ``jing_at_draw``)."""
        if state.indicator is None:
            return {}
        held, kongs = self.jing_held(state)
        return {"indicator": state.indicator, "jing_held": held, "jing_kongs": kongs}

    def next_dealer(self, state: HandState, details: dict[str, Any]) -> int | None:
        if self.options.dealer_keeps and (not state.won or state.won[0] == state.dealer):
            return state.dealer
        return (state.dealer + 1) % 4
