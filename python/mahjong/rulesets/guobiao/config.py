"""``GuobiaoConfig``: every Guobiao house-rule choice as one named, documented field."""

from __future__ import annotations

from dataclasses import dataclass, fields

from mahjong.errors import RulesError
from mahjong.rulebook.options import docstring_of, option

__all__ = ["GuobiaoConfig"]


@dataclass(frozen=True)
class GuobiaoConfig:
    """Guobiao options.  Defaults score as the widely used open calculator ChineseOfficialMahjongHelper (the code
    PyMahjongGB wraps) does; where the written fan rules read otherwise, a named option follows the text (preset
    ``guobiao-rulebook`` turns them all on).  Each field's words (Chinese, English) and source are its metadata,
    shown by ``mahjong rules guobiao`` and the web calculator; the list below is written from them."""

    min_fan: int = option(
        8, zh="起和番数（不计花牌）", en="the least a win must score, flowers not counted",
        source="中国麻将竞赛规则 (2006): 国标麻将8番起和; 萌娘百科《国标麻将规则图解》")
    melded_and_concealed_kong: bool = option(
        True, zh="一明杠一暗杠计明暗杠 5 番（关 = 明杠 1 番 + 暗杠 2 番，如番种表所列）",
        en="one melded and one concealed kong score 5 fan together (off: 1 + 2, as the fan lists give them)",
        source="ChineseOfficialMahjongHelper (an extra fan of the reference calculator)")
    kongs_count_concealed_kongs: bool = option(
        False, zh="三杠、四杠另计暗杠、双暗杠", en="three and four kongs also count their concealed kongs",
        source="《国际麻将计番规则》: 三杠 … 暗杠、双暗杠加计 (on); ChineseOfficialMahjongHelper and the Mahjong "
               "International League rules (off)")
    four_concealed_pungs_fully_concealed: bool = option(
        False, zh="自摸四暗刻另计不求人（4 番），不计自摸（1 番）",
        en="four concealed pungs, self-drawn, keep fully concealed hand (4 fan) instead of self-drawn (1 fan)",
        source="《国际麻将计番规则》: 四暗刻 … 自摸加记不求人 (on); ChineseOfficialMahjongHelper (off)")
    all_terminals_pairs_no_tile_hog: bool = option(
        False, zh="七对型的清幺九不计四归一", en="all terminals as seven pairs does not count tile hog",
        source="《国际麻将计番规则》: 清幺九 … 另计七对，不计四归一 (on); ChineseOfficialMahjongHelper keeps it (off)")
    terminal_chows_kept: bool = option(
        False, zh="一次计数时最后才去掉老少副：123万789万123条789条 计老少副×2 + 喜相逢",
        en="counting each meld once, two terminal chows are kept longest: 123m789m123s789s reads two terminal chows "
           "and one mixed double chow",
        source="《国际麻将计番规则》: 老少副，最多可以同时计两个 (on); ChineseOfficialMahjongHelper: 喜相逢×2 + 老少副 "
               "(off)")
    extras: bool = option(
        False, zh="网络牌桌（联众）的加番：四方大发 168、天和 168、地和 158、人和 108、混杠 88，另计手牌的番",
        en="the extra hands of the online tables: big four winds with the green dragons 168, heavenly 168, earthly "
           "158, human 108, wildcard kong 88, on top of the hand's own fans",
        source="the 联众 国标 fan table, 《国标麻将规则和图解》")

    def __post_init__(self) -> None:
        if not isinstance(self.min_fan, int) or isinstance(self.min_fan, bool) or self.min_fan < 0:
            raise RulesError(f"min_fan must be an int >= 0, got {self.min_fan!r}")
        for name in ("melded_and_concealed_kong", "kongs_count_concealed_kongs", "four_concealed_pungs_fully_concealed",
                     "all_terminals_pairs_no_tile_hog", "terminal_chows_kept", "extras"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, got {getattr(self, name)!r}")


GuobiaoConfig.__doc__ = docstring_of((GuobiaoConfig.__doc__ or "").strip(),
                                     {f.name: dict(f.metadata) for f in fields(GuobiaoConfig)})
