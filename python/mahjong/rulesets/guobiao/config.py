"""``GuobiaoConfig``: every Guobiao house-rule choice as one named, documented field."""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.errors import RulesError

__all__ = ["GuobiaoConfig"]


@dataclass(frozen=True)
class GuobiaoConfig:
    """Guobiao options.  Defaults match the reference calculator (spec guobiao.md); the seed-following choices of
    spec §8 are named options (preset ``guobiao-seed`` turns them all on).

    min_fan: the minimum to win, flowers not counted. Default 8 — source: seed 000 "国标麻将8番起胡", seed 001 #81.
    melded_and_concealed_kong: one melded plus one concealed kong scores 明暗杠 5 (the reference's extra fan);
        False = 明杠 1 + 暗杠 2 as the seeds list them. Default True — source: spec §8.1.
    kongs_count_concealed_kongs: 三杠 / 四杠 also count 暗杠 / 双暗杠 for their concealed kongs. Default False
        (reference, MIL rule) — source: spec §8.2; seed 003 "三杠 … 暗杠、双暗杠加计" says True.
    four_concealed_pungs_fully_concealed: a self-drawn 四暗刻 keeps 不求人 (4) instead of 自摸 (1). Default False
        (reference) — source: spec §8.3; seed 003 "四暗刻 … 自摸加记不求人" says True.
    all_terminals_pairs_no_tile_hog: 清幺九 as 七对 does not count 四归一. Default False (reference keeps it) —
        source: spec §8.4; seed 003 "清幺九 … 另计七对，不计四归一" says True.
    terminal_chows_kept: under the account-once cap the trim removes 老少副 last, so 123m789m123s789s reads
        老少副×2 + 喜相逢. Default False (reference: 喜相逢×2 + 老少副) — source: spec §8.8; seed 003
        "老少副，最多可以同时计两个，如123万789万123条789条66饼" says True.
    extras: the non-Guobiao extra hands of the 联众 table: 四方大发 168, 天和 168, 地和 158, 人和 108, 混杠 88, on
        top of the hand's own fans (四方大发 replaces 大四喜, which it contains). Default False — source:
        spec guobiao_settlement.md §2 (seeds 000/004).
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
