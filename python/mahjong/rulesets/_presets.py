"""The preset table: name -> rule-set class and the config options the preset sets.

One row per preset.  Each rule set's author owns its rows; a preset's options are config field names of that
rule set's ``Config`` dataclass.
"""

from mahjong.framework import register_preset

# Guobiao / Chinese Official (国标, 81 fans)
register_preset("guobiao", "mahjong.rulesets.guobiao", "Guobiao")
register_preset(  # every seed-following option of spec guobiao.md §8 on
    "guobiao-seed", "mahjong.rulesets.guobiao", "Guobiao",
    melded_and_concealed_kong=False, kongs_count_concealed_kongs=True, four_concealed_pungs_fully_concealed=True,
    all_terminals_pairs_no_tile_hog=True, terminal_chows_kept=True,
)
# the non-Guobiao extra hands (四方大发 天和 地和 人和 混杠) on top of Guobiao
register_preset("guobiao-extras", "mahjong.rulesets.guobiao", "Guobiao", extras=True)
# Sichuan 血战到底
register_preset("sichuan", "mahjong.rulesets.sichuan", "Sichuan")
# 常用麻将算番规则表 (the common fan table)
register_preset("common", "mahjong.rulesets.common", "CommonTable")
# the two-player game (71-tile subset)
register_preset("twoplayer", "mahjong.rulesets.twoplayer", "TwoPlayer")
# Nanchang 南昌 精
register_preset("nanchang", "mahjong.rulesets.nanchang", "Nanchang")
# Yuhuan 玉环 财神 (16-tile hands)
register_preset("yuhuan", "mahjong.rulesets.yuhuan", "Yuhuan")
# Jinshan 金山 有麻子 百搭
register_preset("jinshan", "mahjong.rulesets.jinshan", "Jinshan")
# Wuhu 芜湖 2468 and 1234 (315)
register_preset("wuhu-2468", "mahjong.rulesets.wuhu", "Wuhu2468")
register_preset("wuhu-1234", "mahjong.rulesets.wuhu", "Wuhu1234")
