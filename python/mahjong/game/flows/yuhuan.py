"""Yuhuan 玉环 flow: the wall broken where two throws of the dice say, 16-tile hands (dealer 17), the 财神 flip (the
tile after the dealer's 17th is turned up and taken out of play: its other 3 copies are 财神), 白板 as 杠花 (红中
when 白板 is the 财神) set aside and replaced from the back, 老鬼宁 (a player who has discarded a 财神, or used one
in a meld, may not win), 黄庄 with 16 tiles left, 承包 for a winning discard in the last 9 tiles before 黄庄, and
the dealer rule (after a draw with no kong the dealer repeats, otherwise the deal passes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow, Indicator
from mahjong.tiles import N_KINDS, N_TILES

if TYPE_CHECKING:
    from mahjong.game.state import HandState

__all__ = ["YuhuanFlow", "YuhuanFlowOptions"]

#: the losers' totals a flow keeps (a table's hands share the flow: cleared whole when full)
_LOSER_TOTALS_KEPT = 1024


@dataclass(frozen=True)
class YuhuanFlowOptions:
    """Yuhuan flow options.

    wall_end_reserve: 黄庄 when this many wall tiles are left. Default 16 — source: the Yuhuan rules page.
    chengbao_tiles: 承包 applies to a winning discard made with at most this many tiles left before 黄庄.
        Default 9 — source: the Yuhuan rules page ("最后9张").
    dice_break: the wall is broken where the dice say: the dealer throws, the player the sum points at
        (counting the dealer as 1, counter-clockwise) throws again, and the two sums counted in stacks from that
        player's side give where drawing starts. Default True — source: 《玉环麻将算法》 ("2 个骰子摸牌前投二次 …
        从第二次投骰家开始逆时针计数").
    lao_gui_ning: 老鬼宁: a player who has discarded a 财神, or used one in a chow / pung / kong, may not win
        this hand (it still settles its 胡数 with the other losers). Default True — source: a fuller copy of the
        Yuhuan rules (the 胡 and 台 tables' source); 《玉环麻将算法》 is silent.
    """

    wall_end_reserve: int = 16
    chengbao_tiles: int = 9
    dice_break: bool = True
    lao_gui_ning: bool = True


class YuhuanFlow(Flow):
    presets = ("yuhuan",)
    Options = YuhuanFlowOptions
    hand_size = 16
    #: the facts record_facts gives: the game's own the book names (``from``), which the hand core works out too;
    #: and each loser's own total, read by the payment alone (the rule book settles the hand)
    win_facts_from_core = frozenset({"caishen", "gang_hua", "chengbao", "lagang_discard", "loser_totals"})

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        from mahjong.rulesets.yuhuan import flower_tile

        super().__init__(ruleset, options)
        self.reserve = self.options.wall_end_reserve
        #: the dealer's throw picks the second thrower; both throws counted in stacks from that player's side give
        #: the break (136 tiles: four sides of 17 stacks)
        self.dice_break = bool(self.options.dice_break)
        self.break_stacks = len(self.tiles()) // 8
        #: the 财神: the tile after the dealer's 17th turned up, its kind wild; 杠花 (bonus) is 白板, or 红中 when 白板
        #: is the 财神
        self.indicator = Indicator(
            "after_deal", tuple((t,) if t < N_KINDS else () for t in range(N_TILES)),
            tuple(frozenset({flower_tile(t)}) if t < N_KINDS else frozenset() for t in range(N_TILES)))
        #: 承包: a winning discard made in the last chengbao_tiles tiles before 黄庄 (the win fact late_discard)
        self.late_discard_tiles = self.options.chengbao_tiles
        #: 老鬼宁: a 财神 in a meld forfeits a seat's wins (the rule set never scores such a hand), and with the
        #: option lao_gui_ning a 财神 discarded does too
        self.wildcard_forfeits = frozenset({"melded", "discarded"} if self.options.lao_gui_ning else {"melded"})
        #: each loser's own total by its tiles (:meth:`loser_total`), at most _LOSER_TOTALS_KEPT of them
        self._loser_totals: dict[tuple[Any, ...], int] = {}

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        # the 财神 (the indicator), 杠花 (the bonus tiles set aside), 承包 (a late discard), 拉杠 on a discard (the
        # discarder's pung) and the losers' own totals: the game's own facts the book names (``from``)
        return self.book_game_facts(state, seat, tile, from_seat)

    def record_facts_on_core(self, core: Any, state: HandState, seat: int, tile: int, from_seat: int | None
                             ) -> dict[str, Any]:
        # (the losers' own totals counted by the core's compiled book: core_own_totals)
        return self.book_game_facts(state, seat, tile, from_seat, core)

    def own_totals(self, state: HandState, winner: int, core: Any = None) -> list[int | None]:
        """The losers' own totals (:meth:`loser_totals`); ``core``: a hand core given the compiled book, which
        counts them (``core_own_totals``; each it cannot count, the rule set does)."""
        from mahjong.rulebook.compiler import own_totals_plan

        plan = own_totals_plan(self.ruleset, state.indicator is not None) if core is not None else None
        got: tuple[int | None, ...] = (None,) * 4
        if plan is not None:
            from mahjong._core import core_own_totals

            try:
                got = core_own_totals(core, *plan)
            except ValueError:  # (a core given no book, or another one: the rule set counts every total)
                pass
        return [None if s == winner else got[s] if got[s] is not None else self.loser_total(state, s)
                for s in range(4)]

    def loser_totals(self, state: HandState, winner: int) -> list[int | None]:
        """Each loser's own 总胡数 from its tiles as they lie now (the losers settle their differences among
        themselves); ``None`` for the winner."""
        return [None if s == winner else self.loser_total(state, s) for s in range(4)]

    def loser_total(self, state: HandState, seat: int) -> int:
        """``seat``'s own 总胡数 from its tiles as they lie now, worked out once per tiles: every win offered asks
        for the losers' totals (they are part of its context), the win's record asks again on the same state, and
        a loser's tiles change by one tile a turn, so most offers of a hand find the other seats' totals known.
        The total reads only the concealed tiles, each meld's kind, tiles and concealment, the 杠花 set aside,
        the seat wind and the 财神: those are the key (the options are the flow's own, fixed)."""
        from mahjong.rulesets.yuhuan import Yuhuan

        assert isinstance(self.ruleset, Yuhuan)
        wind = (seat - state.dealer) % 4
        key = (tuple(state.hands[seat]), tuple((m.kind, m.tiles, m.from_seat is None) for m in state.melds[seat]),
               len(state.bonus[seat]), wind, state.indicator)
        known = self._loser_totals
        got = known.get(key)
        if got is None:
            if len(known) >= _LOSER_TOTALS_KEPT:
                known.clear()
            got = known[key] = self.ruleset.loser_total(state.hand_of(seat), wind, state.indicator,
                                                        len(state.bonus[seat]))
        return got

    def next_dealer(self, state: HandState, details: dict[str, Any]) -> int | None:
        from mahjong.rulesets.yuhuan import Yuhuan

        assert isinstance(self.ruleset, Yuhuan)
        return self.ruleset.next_dealer(state.dealer, state.won[0] if state.won else None, bool(state.kongs))
