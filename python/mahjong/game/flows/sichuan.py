"""Sichuan 血战到底 flow: the generic flow of a rule book (:class:`~mahjong.rulebook.flow.BookFlow`) over
Sichuan's rule file, ``games/sichuan.toml``.  Everything it plays is read from the file's ``[flow]`` table and its
play options: 108 tiles (no honors), no chow, 定缺 (option ``lack``), 一炮多响, 刮风下雨 paid as each kong happens,
play after a win until three have won (血战; ``mode="normal"`` ends on the first win: ``winners_to_end``), the
forced win in the last 4 tiles (``forced_win_tiles``), 换三张 and its direction (``exchange_three``,
``exchange_direction``), and the wall-end checks 查花猪 / 查大叫 / 退税 (the rule set's ``settle``).  A copy of the
file read with no Sichuan module plays the same hands."""

from __future__ import annotations

from mahjong.rulebook.flow import BookFlow
from mahjong.rulebook.play import DIRECTIONS as EXCHANGE_OFFSETS  # (换三张: how many seats on, in turn order)
from mahjong.rulesets.sichuan import BOOK

__all__ = ["SichuanFlow", "SichuanFlowOptions", "EXCHANGE_OFFSETS"]


class SichuanFlow(BookFlow):
    """The flow of the built-in ``sichuan`` rule set (its file's)."""

    book = BOOK
    presets = ("sichuan",)


#: the flow's options (the file's play options: lack, forced_win_tiles, exchange_three, exchange_direction)
SichuanFlowOptions = SichuanFlow.Options
