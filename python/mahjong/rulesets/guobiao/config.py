"""``GuobiaoConfig``: every Guobiao house-rule choice as one named, documented field."""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.errors import RulesError

__all__ = ["GuobiaoConfig"]


@dataclass(frozen=True)
class GuobiaoConfig:
    """Guobiao options.  Defaults score as the widely used open calculator ChineseOfficialMahjongHelper (the code
    PyMahjongGB wraps) does; where the written fan rules read otherwise, a named option follows the text (preset
    ``guobiao-rulebook`` turns them all on).

    min_fan: the minimum to win, flowers not counted. Default 8 — source: 中国麻将竞赛规则 (2006), "国标麻将8番起和";
        萌娘百科《国标麻将规则图解》.
    melded_and_concealed_kong: one melded plus one concealed kong scores 明暗杠 5 (an extra fan of the reference
        calculator); False = 明杠 1 + 暗杠 2 as the fan lists give them. Default True — source:
        ChineseOfficialMahjongHelper.
    kongs_count_concealed_kongs: 三杠 / 四杠 also count 暗杠 / 双暗杠 for their concealed kongs. Default False
        (ChineseOfficialMahjongHelper, as in the Mahjong International League rules) — source: 《国际麻将计番规则》
        "三杠 … 暗杠、双暗杠加计" says True.
    four_concealed_pungs_fully_concealed: a self-drawn 四暗刻 keeps 不求人 (4) instead of 自摸 (1). Default False
        (ChineseOfficialMahjongHelper) — source: 《国际麻将计番规则》 "四暗刻 … 自摸加记不求人" says True.
    all_terminals_pairs_no_tile_hog: 清幺九 as 七对 does not count 四归一. Default False (ChineseOfficialMahjongHelper
        keeps it) — source: 《国际麻将计番规则》 "清幺九 … 另计七对，不计四归一" says True.
    terminal_chows_kept: under the account-once cap the trim removes 老少副 last, so 123m789m123s789s reads
        老少副×2 + 喜相逢. Default False (ChineseOfficialMahjongHelper: 喜相逢×2 + 老少副) — source:
        《国际麻将计番规则》 "老少副，最多可以同时计两个，如123万789万123条789条66饼" says True.
    extras: the non-Guobiao extra hands of the online game tables (联众): 四方大发 168, 天和 168, 地和 158, 人和 108,
        混杠 88, on top of the hand's own fans (四方大发 replaces 大四喜, which it contains). Default False — source:
        the 联众 国标 fan table, 《国标麻将规则和图解》.
    """

    min_fan: int = 8
    melded_and_concealed_kong: bool = True
    kongs_count_concealed_kongs: bool = False
    four_concealed_pungs_fully_concealed: bool = False
    all_terminals_pairs_no_tile_hog: bool = False
    terminal_chows_kept: bool = False
    extras: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.min_fan, int) or isinstance(self.min_fan, bool) or self.min_fan < 0:
            raise RulesError(f"min_fan must be an int >= 0, got {self.min_fan!r}")
        for name in ("melded_and_concealed_kong", "kongs_count_concealed_kongs", "four_concealed_pungs_fully_concealed",
                     "all_terminals_pairs_no_tile_hog", "terminal_chows_kept", "extras"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, got {getattr(self, name)!r}")
