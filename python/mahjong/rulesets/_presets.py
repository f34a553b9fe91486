"""The preset table: name -> rule-set class, the config options the preset sets, and what users read about it.

One row per preset.  Each rule set's author owns its rows; a preset's options are config field names of that
rule set's ``Config`` dataclass.  ``aliases`` are the other names a user may type (matched case-insensitively,
Chinese names included); ``hidden_aliases`` are old names kept working but not shown.
"""

from mahjong.registry import register_preset
from mahjong.rulebook.presets import preset_info

# Guobiao / Chinese Official (国标, 81 fans)
register_preset(
    "guobiao", "mahjong.rulesets.guobiao", "Guobiao",
    zh="国标麻将", en="Guobiao (Chinese Official, MCR)",
    summary_zh="国标麻将：81 番（另有明暗杠），8 番起和，按 8 + 番数结算",
    summary_en="Chinese Official: 81 fans (+ melded-and-concealed kong), 8-fan minimum, 8 + fan settlement",
    aliases=("国标", "gb", "mcr", "国标麻将", "中国麻将", "chinese-official"),
)
register_preset(  # the readings the written rule text gives where the reference calculator differs
    "guobiao-rulebook", "mahjong.rulesets.guobiao", "Guobiao",
    zh="国标麻将（按规则原文）", en="Guobiao, as the written rules read",
    summary_zh="国标麻将，按《国际麻将计番规则》原文：无明暗杠；三杠/四杠加计暗杠；四暗刻自摸加计不求人；"
               "清幺九不计四归一；老少副最多计两个",
    summary_en="Chinese Official as the written fan rules read: no melded-and-concealed kong, kongs count "
               "concealed kongs, self-drawn four concealed pungs keep fully concealed, all terminals pairs without "
               "tile hog, two terminal chows kept",
    aliases=("国标原文", "gb-rulebook"),
    hidden_aliases=("guobiao-seed",),
    melded_and_concealed_kong=False, kongs_count_concealed_kongs=True, four_concealed_pungs_fully_concealed=True,
    all_terminals_pairs_no_tile_hog=True, terminal_chows_kept=True,
)
# the non-Guobiao extra hands (四方大发 天和 地和 人和 混杠) on top of Guobiao
register_preset(
    "guobiao-extras", "mahjong.rulesets.guobiao", "Guobiao",
    zh="国标麻将（联众加番）", en="Guobiao with the online-game extra hands",
    summary_zh="国标麻将，另加联众的四方大发、天和、地和、人和、混杠",
    summary_en="Chinese Official plus the extra hands of the online game tables: big four winds with dragons, "
               "heavenly, earthly and human hands, wildcard kong",
    aliases=("国标加番", "gb-extras"),
    extras=True,
)
# Sichuan 血战到底: its rule file is the rule set (names and aliases from the file; the file's former preset names
# kept working)
register_preset(
    "sichuan", "mahjong.rulesets.sichuan", "Sichuan", **preset_info("sichuan.toml"),
    hidden_aliases=("sichuan-file", "四川规则文件", "血战到底规则文件"),
)
# 常用麻将算番规则表 (the common fan table)
register_preset(
    "common", "mahjong.rulesets.common", "CommonTable",
    zh="常用麻将算番规则表", en="Common fan table",
    summary_zh="常用麻将算番规则表：番数相加，按表中不算；天胡 30 … 五门齐 5",
    summary_en="The common fan table: fans added up with its exclusions; heavenly hand 30 ... all five types 5",
    aliases=("常用", "通用", "常用番表", "算番规则表"),
)
# the two-player game (71-tile subset): its rule file is the rule set
register_preset(
    "twoplayer", "mahjong.rulesets.twoplayer", "TwoPlayer", **preset_info("twoplayer.toml"),
    hidden_aliases=("twoplayer-file", "二人麻将规则文件"),
)
# Nanchang 南昌 精
register_preset(
    "nanchang", "mahjong.rulesets.nanchang", "Nanchang",
    zh="南昌麻将", en="Nanchang",
    summary_zh="南昌麻将：正精/副精共 7 张，风/箭可成顺，十三烂，德国 ×2 +5，精另算",
    summary_en="Nanchang: 7 jing wildcards, honor sequences, thirteen unrelated, clean hand x2 +5, "
               "separate jing settlement",
    aliases=("南昌", "南昌麻将", "nc"),
)
# Yuhuan 玉环 财神 (16-tile hands)
register_preset(
    "yuhuan", "mahjong.rulesets.yuhuan", "Yuhuan",
    zh="玉环麻将", en="Yuhuan",
    summary_zh="玉环麻将：16 张，3 张财神，白板杠花，(20 + 胡) × 2^台（≤4），进到 10，封顶 400，输家互算差额",
    summary_en="Yuhuan: 16-tile hands, 3 wildcards, white-dragon bonus tiles, (20 + hu) x 2^tai (at most 4) rounded up "
               "to 10, cap 400, losers settle differences",
    aliases=("玉环", "玉环麻将", "yh"),
)
# Jinshan 金山 有麻子 百搭
register_preset(
    "jinshan", "mahjong.rulesets.jinshan", "Jinshan",
    zh="金山麻将（有麻子）", en="Jinshan",
    summary_zh="金山有麻子：胡数 + 翻，百搭，直接辣子",
    summary_en="Jinshan: hu points and doublings, wildcard flowers, capped hands",
    aliases=("金山", "金山麻将", "有麻子", "js"),
)
# Wuhu 芜湖 2468 and 1234 (315)
register_preset(
    "wuhu-2468", "mahjong.rulesets.wuhu", "Wuhu2468",
    zh="芜湖麻将 2468 算法", en="Wuhu, 2468 count",
    summary_zh="芜湖 2468 算法：番数 + 支数，押当",
    summary_en="Wuhu 2468 count: win-type fans plus tile points, pressed wins",
    aliases=("芜湖", "芜湖2468", "wuhu", "2468"),
)
register_preset(
    "wuhu-1234", "mahjong.rulesets.wuhu", "Wuhu1234",
    zh="芜湖麻将 1234 算法（315）", en="Wuhu, 1234 count (315)",
    summary_zh="芜湖 1234 算法（315）：番数 + 支数，四舍五入",
    summary_en="Wuhu 1234 count (315): win-type fans plus tile points, rounded",
    aliases=("芜湖1234", "1234", "315"),
)
# the games written as rule files (mahjong/rulebook/games/*.toml): 红中麻将, 广东推倒胡, 长沙麻将, the common table
from mahjong.rulebook.presets import register_shipped  # noqa: E402  (after the built-in rule sets' own books)

register_shipped()
