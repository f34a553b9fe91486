"""The one rule-row type of the rule book, and the key vocabulary shared by every rule set.

A :class:`RuleRow` is one line of a rule book: key, Chinese and English names, value and unit, the predicate that
decides it (a parsed expression over the predicate library), how many times it counts, the rows it excludes (不计 /
不算) and the rows it implies (contains), its rule text and source, and the option that switches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.rulebook.expr import Node, parse

__all__ = ["RuleRow", "UNITS", "VOCABULARY", "FORMER_KEYS", "FORMER_KEYS_OF", "vocabulary_key",
           "vocabulary_names", "RENAMED_OPTIONS", "RENAMED_VALUES", "OPTION_NAMES", "current_option_name",
           "current_options", "current_value", "NAME_PLACEHOLDERS", "shown_names"]

#: units a row's value is counted in: fan (番), hu points (胡), tai (台), a multiplier (x), flat points (pt)
UNITS = ("fan", "hu", "tai", "x", "pt")

#: what a placeholder in a row's name (``"胡牌({wait})"``) stands for when the table is shown without a hand
#: (on a hand the rule set fills it in: Yuhuan's winning tile's line is named by its wait, 胡牌(坎档))
NAME_PLACEHOLDERS: dict[str, tuple[str, str]] = {"wait": ("按听牌方式", "by the wait")}


def shown_names(row: RuleRow) -> tuple[str, str]:
    """A row's Chinese and English names as a table shows them without a hand: each placeholder
    (:data:`NAME_PLACEHOLDERS`) described."""
    zh, en = row.name_zh, row.name_en
    if "{" in zh or "{" in en:
        zh = zh.format_map({k: z for k, (z, _e) in NAME_PLACEHOLDERS.items()})
        en = en.format_map({k: e for k, (_z, e) in NAME_PLACEHOLDERS.items()})
    return zh, en


#: the group of the rows counted once for each set of a reading, on that set alone (玉环's pungs and kongs by kind
#: and tiles): consecutive rows of it are read set by set, declared melds first
SET_ROWS = "set"


@dataclass(frozen=True)
class RuleRow:
    """One line of a rule book.

    Attributes:
        key: snake_case key, unique in its table (the same key means the same pattern in every rule set:
            :data:`VOCABULARY`).
        name_zh / name_en: the names players read.
        value: per occurrence, in ``unit``.
        unit: one of :data:`UNITS`.
        when: the predicate (an expression over :mod:`mahjong.rulebook.predicates`); ``None`` = never by itself.
        count: how many times the row counts (an expression; ``None`` = once); the row applies when it is > 0.
        excludes: keys of rows it is not counted with (不计 / 不算), as the rule book says.
        implied: keys of rows it contains (e.g. 全风七对 is a 七对) — excluded too, kept apart because they are
            our reading rather than the rule book's words.
        text: the rule text.
        source: where the row comes from (a public rule book, a page; "ours" when we filled it).
        option: the name of a boolean option that switches the row on (``None`` = always on).
        pattern: a main pattern (for the largest-pattern-only exclusion policy); other rows are extras.
        stage: 1 = decided on the hand; 2 = decided after the stage-1 rows are counted (a fallback like 穷胡,
            whose ``when`` may read ``counted`` and ``counted_outside("group")``).
        group: a free label (``"filled"`` for rows we filled in) that stage-2 rows may count; :data:`SET_ROWS`
            (``"set"``) also says the row is counted on each set of the hand alone, a line for each set it holds
            for (a stage-1 row only).
        rename_when / rename_zh / rename_en: the row shows another name when this expression holds (全带幺 is
            called 全幺九 when every set is a pung).
        mode: the value of the table's mode option (``scoring.mode_option`` of a rule file) under which the row is
            part of the table; ``None`` = under every mode (Sichuan's 金钩钓 patterns, with jingoudiao = pattern).
        self_drawn_value: the value on a self-drawn win, where the rule book prices it apart (Jinshan's waits:
            两头 10 on a discard, 12 self-drawn); ``None`` = ``value`` either way.
    """

    key: str
    name_zh: str
    name_en: str
    value: int
    unit: str = "fan"
    when: Node | None = None
    count: Node | None = None
    excludes: tuple[str, ...] = ()
    implied: tuple[str, ...] = ()
    text: str = ""
    source: str = ""
    option: str | None = None
    pattern: bool = True
    stage: int = 1
    group: str = ""
    rename_when: Node | None = None
    rename_zh: str = ""
    rename_en: str = ""
    mode: str | None = None
    self_drawn_value: int | None = None

    @classmethod
    def of(cls, key: str, name_zh: str, name_en: str, value: int, when: str, **kw: object) -> RuleRow:
        """A row written in Python with its predicate as text (parsed here)."""
        return cls(key, name_zh, name_en, value, when=parse(when), **kw)  # type: ignore[arg-type]

    @property
    def fan(self) -> int:
        """The value of a row counted in fan (番), under the name fan tables give it."""
        if self.unit != "fan":
            raise AttributeError(f"row {self.key!r} is counted in {self.unit}, not in fan")
        return self.value


#: The key vocabulary: one English snake_case key per pattern, with its Chinese and English names, so that rule sets
#: (and statistics comparing them) agree on what a key means.  Where Guobiao (国标) has the pattern, the key is its
#: fan's key.  A rule file row that uses one of these keys may leave out its names.  A key names a pattern, not a
#: word: 平胡 is ``all_chows`` where it means every set a chow and ``basic_win`` where it means a win with no pattern.
VOCABULARY: dict[str, tuple[str, str]] = {
    # --- shared by several rule sets ---
    "all_chows": ("平和", "All chows"),
    "basic_win": ("平胡", "Basic win (no pattern)"),
    "chicken_hand": ("鸡胡", "Chicken hand"),
    "poor_hand": ("穷胡", "Chicken hand"),
    "all_pungs": ("对对胡", "All pungs"),
    "full_flush": ("清一色", "Full flush"),
    "half_flush": ("混一色", "Half flush"),
    "seven_pairs": ("七对", "Seven pairs"),
    "luxury_seven_pairs": ("豪华七对", "Luxury seven pairs"),
    "thirteen_orphans": ("十三幺", "Thirteen orphans"),
    "lesser_honors_and_knitted_tiles": ("十三不靠", "Knitted and honors"),
    "greater_honors_and_knitted_tiles": ("七星不靠", "Knitted tiles and all seven honors"),
    "heavenly_hand": ("天胡", "Heavenly hand"),
    "earthly_hand": ("地胡", "Earthly hand"),
    "self_drawn": ("自摸", "Self-draw"),
    "concealed_hand": ("门清", "Concealed hand"),
    "fully_concealed_hand": ("不求人", "Concealed self-draw"),
    "melded_hand": ("全求人", "All melded"),
    "out_with_replacement_tile": ("杠上开花", "Win on a kong's replacement"),
    "win_after_kong_discard": ("杠上炮", "Win on a discard after a kong"),
    "robbing_the_kong": ("抢杠胡", "Robbing the kong"),
    "last_tile_win": ("海底捞月", "Win on the last tile"),
    "last_tile_draw": ("妙手回春", "Self-draw of the last tile"),
    "last_tile_claim": ("海底捞月", "Win on the last discard"),
    "big_four_winds": ("大四喜", "Big four winds"),
    "little_four_winds": ("小四喜", "Little four winds"),
    "big_three_dragons": ("大三元", "Big three dragons"),
    "little_three_dragons": ("小三元", "Little three dragons"),
    "pure_straight": ("一条龙", "Pure straight"),
    "all_simples": ("断幺", "All simples"),
    "one_voided_suit": ("缺门", "One suit missing"),
    "no_honors": ("缺字", "No honors"),
    "single_wait": ("单调", "Single wait"),
    "all_types": ("五门齐", "All five types"),
    "mixed_double_chow": ("喜相逢", "Mixed double chow"),
    "outside_hand": ("全带幺", "Terminals or honors in every set"),
    "all_five": ("全带五", "Fives in every set"),
    "pair_of_fives": ("五将", "Pair of fives"),
    "all_pungs_of_258": ("将对", "All pungs of 2, 5, 8"),
    "no_wildcard": ("无鬼", "No wildcard"),
    "root": ("根", "Root (four of a kind)"),
    "kong": ("杠", "Kong"),
    "birds": ("抓鸟", "Birds"),
    "seat_wind": ("门风刻", "Seat wind pung"),
    "prevalent_wind": ("圈风刻", "Prevalent wind pung"),
    "dragon_pung": ("箭刻", "Dragon pung"),
    "flower_tiles": ("花牌", "Flowers"),
    # --- common table (rb-files adds its keys below this line) ---
    "all_honors": ("字一色", "All honors"),
    "all_honors_seven_pairs": ("全风七对", "All-honor seven pairs"),
    "all_honors_all_pungs": ("全风对对胡", "All-honor all pungs"),
    "ready_from_start": ("扣听", "Locked ready from the start"),
    "pure_triple_chow": ("三姐妹", "Three sisters"),
    "three_concealed_pungs": ("三箱次", "Three concealed pungs"),
    "lower_four": ("小于五", "All below five"),
    "upper_four": ("大于五", "All above five"),
    # --- Sichuan and the two-player game (rb-files) ---
    "full_flush_all_pungs": ("清对", "Full-flush all pungs"),
    "full_flush_seven_pairs": ("清七对", "Full-flush seven pairs"),
    "full_flush_outside_hand": ("清幺九", "Full-flush terminals"),
    "full_flush_luxury_seven_pairs": ("清龙七对", "Full-flush dragon seven pairs"),
    "golden_hook": ("金钩钓", "Golden hook"),
    "golden_hook_of_258": ("将金钩钓", "All-258 golden hook"),
    "full_flush_golden_hook": ("清金钩钓", "Full-flush golden hook"),
    "eighteen_arhats": ("十八罗汉", "Eighteen arhats"),
    "full_flush_eighteen_arhats": ("清十八罗汉", "Full-flush eighteen arhats"),
    "self_draw_bonus": ("自摸加底", "Self-draw bonus"),
    "self_draw_doubles": ("自摸加倍", "Self-draw doubles"),
    # --- rule-file games: 红中, 推倒胡, 长沙 (rb-files) ---
    "win_on_discard": ("接炮", "Win on a discard"),
    "basic_win_self_drawn": ("小胡自摸", "Plain win, self-drawn"),
    "basic_win_on_discard": ("小胡点炮", "Plain win on a discard"),
    "all_258": ("将将胡", "All 2, 5, 8"),

    # --- Nanchang (rb-nc) ---
    "thirteen_misfits": ("十三烂", "Thirteen misfits"),
    "seven_star_thirteen_misfits": ("七星十三烂", "Seven-star thirteen misfits"),
    "clean_hand": ("德国", "Clean hand (no wildcard used as one)"),
    "doubly_clean_hand": ("德中德", "Doubly clean hand (and nobody else holds a wildcard)"),
    "clean_hand_bonus": ("德国加子", "Clean hand bonus per payer"),
    "clean_pairs_double": ("七对德国加倍", "Clean seven pairs doubled"),
    "wildcard_single_wait": ("精钓", "Wildcard single wait (wins on any tile)"),

    # --- Yuhuan (rb-yh) ---
    "base_hu": ("底胡", "Base hu"),
    "flower_hu": ("花胡", "Hu for flowers"),
    "exposed_pung": ("明刻", "Exposed pung"),
    "concealed_pung": ("暗刻", "Concealed pung"),
    "melded_kong": ("明杠", "Melded kong"),
    "concealed_kong": ("暗杠", "Concealed kong"),
    "value_pair": ("番牌将", "Pair of value honors"),
    "win_tile": ("胡牌", "Winning tile"),
    "two_wildcards": ("两张鬼牌", "Two wildcards"),
    "three_wildcards": ("三张鬼牌", "Three wildcards"),
    "multiplier": ("翻倍", "Doubling"),

    # --- Jinshan (rb-jw) ---
    "all_terminals_and_honors": ("混幺九", "All terminals and honors"),
    "four_concealed_pungs": ("四暗刻", "Four concealed pungs"),
    "four_wildcards": ("四百搭", "All four wildcards"),
    "pung_terminal": ("老头张碰出", "Exposed pung of terminals or honors"),
    "pung_simple": ("嫩张碰出", "Exposed pung of simples"),
    "concealed_pung_terminal": ("老头张一刻", "Concealed pung of terminals or honors"),
    "concealed_pung_simple": ("嫩张一刻", "Concealed pung of simples"),
    "melded_kong_terminal": ("老头张明杠", "Melded kong of terminals or honors"),
    "melded_kong_simple": ("嫩张明杠", "Melded kong of simples"),
    "concealed_kong_terminal": ("老头张暗杠", "Concealed kong of terminals or honors"),
    "concealed_kong_simple": ("嫩张暗杠", "Concealed kong of simples"),
    "seat_wind_pair": ("门风将", "Pair of the seat wind"),
    "dragon_pair": ("箭牌将", "Pair of a dragon"),
    "wait_two_sided": ("两头", "Two-sided wait"),
    "wait_closed": ("卡张", "Closed wait"),
    "wait_edge": ("边张", "Edge wait"),
    "wait_single_terminal": ("单吊老头张", "Single wait on a terminal or honor"),
    "wait_single_simple": ("单吊嫩张", "Single wait on a simple"),
    "wait_dual_pung_terminal": ("双碰老头张", "Dual-pung wait on a terminal or honor"),
    "wait_dual_pung_simple": ("双碰嫩张", "Dual-pung wait on a simple"),
    "seat_flower": ("花坐到", "Own seat's flower"),
    # --- Wuhu (rb-jw) ---  (concealed_kong, melded_kong: in Yuhuan's block; win_on_discard: rule-file games')
    "tile_hog": ("四归一", "Tile hog (all four copies, not a kong)"),
    "suit_tile_points": ("支番", "Suit-tile points"),
    "pressed_win_on_discard": ("押当", "Pressed win on a discard"),
    "pressed_self_draw": ("自摸押当", "Pressed self-draw"),
    # --- rbgames: the keys of [[opening]] and [[instant_wins]] (长沙 起手小胡, 将将胡; 四红中; 四鬼胡牌) ---
    "opening_four_of_a_kind": ("大四喜", "Opening: four of a kind"),
    "opening_no_258": ("板板胡", "Opening: no 2, 5 or 8"),
    "opening_missing_suit": ("缺一色", "Opening: a suit missing"),
    "opening_two_triplets": ("六六顺", "Opening: two triplets"),
    "opening_three_same": ("三同", "Opening: a pair of one rank in every suit"),
    "all_258_any_shape": ("将将胡", "All 2, 5, 8 (any shape)"),
    "four_red_dragons": ("四红中", "Four red dragons"),
    "four_ghosts": ("四鬼胡牌", "Four ghosts"),
    # --- end ---
}

#: keys used before the vocabulary was settled -> the vocabulary key (saved records, rule files and option values
#: that name a row by its old key keep working).  Each rule set adds its own renames in its block.
FORMER_KEYS: dict[str, str] = {
    # --- shared ---
    "dui_dui_hu": "all_pungs",
    "pengpenghu": "all_pungs",
    "qing_yi_se": "full_flush",
    "qingyise": "full_flush",
    "hun_yi_se": "half_flush",
    "hunyise": "half_flush",
    "qi_dui": "seven_pairs",
    "qidui": "seven_pairs",
    "hao_hua_qi_dui": "luxury_seven_pairs",
    "shi_san_yao": "thirteen_orphans",
    "shi_san_bu_kao": "lesser_honors_and_knitted_tiles",
    "tian_hu": "heavenly_hand",
    "tianhu": "heavenly_hand",
    "heavenly": "heavenly_hand",
    "di_hu": "earthly_hand",
    "dihu": "earthly_hand",
    "earthly": "earthly_hand",
    "zi_mo": "self_drawn",
    "zimo": "self_drawn",
    "men_qing": "concealed_hand",
    "bu_qiu_ren": "fully_concealed_hand",
    "quan_qiu_ren": "melded_hand",
    "gang_shang_kai_hua": "out_with_replacement_tile",
    "gang_shang_hua": "out_with_replacement_tile",
    "gangkai": "out_with_replacement_tile",
    "kong_bloom": "out_with_replacement_tile",
    "gang_shang_pao": "win_after_kong_discard",
    "qiang_gang_hu": "robbing_the_kong",
    "qianggang": "robbing_the_kong",
    "robbing_kong": "robbing_the_kong",
    "hai_di_lao_yue": "last_tile_win",
    "da_si_xi": "big_four_winds",
    "xiao_si_xi": "little_four_winds",
    "da_san_yuan": "big_three_dragons",
    "xiao_san_yuan": "little_three_dragons",
    "yi_tiao_long": "pure_straight",
    "duan_yao": "all_simples",
    "que_men": "one_voided_suit",
    "que_zi": "no_honors",
    "dan_diao": "single_wait",
    "wu_men_qi": "all_types",
    "xi_xiang_feng": "mixed_double_chow",
    "quan_dai_yao": "outside_hand",
    "quan_dai_wu": "all_five",
    "wu_jiang": "pair_of_fives",
    "jiang_dui": "all_pungs_of_258",
    "wu_gui": "no_wildcard",
    "gen": "root",
    "zhua_niao": "birds",
    "ji_hu": "chicken_hand",
    "qiong_hu": "poor_hand",
    # --- common table (rb-files) ---
    "ping_hu": "all_chows",  # the common table's 平胡 "All runs" (Sichuan's 平胡 is basic_win: see below)
    "zi_yi_se": "all_honors",
    "quan_feng_qi_dui": "all_honors_seven_pairs",
    "quan_feng_dui_dui_hu": "all_honors_all_pungs",
    "kou_ting": "ready_from_start",
    "san_jie_mei": "pure_triple_chow",
    "san_xiang_ci": "three_concealed_pungs",
    "xiao_yu_wu": "lower_four",
    "da_yu_wu": "upper_four",
    # --- Sichuan and the two-player game (rb-files) ---
    # (Sichuan's old key ping_hu, 平胡 "Plain win", is now basic_win; ping_hu maps to the common table's meaning)
    "dai_yao_jiu": "outside_hand",
    "qing_dui": "full_flush_all_pungs",
    "long_qi_dui": "luxury_seven_pairs",
    "qing_qi_dui": "full_flush_seven_pairs",
    "qing_yao_jiu": "full_flush_outside_hand",
    "qing_long_qi_dui": "full_flush_luxury_seven_pairs",
    "jin_gou_diao": "golden_hook",
    "jiang_jin_gou_diao": "golden_hook_of_258",
    "qing_jin_gou_diao": "full_flush_golden_hook",
    "shi_ba_luo_han": "eighteen_arhats",
    "qing_shi_ba_luo_han": "full_flush_eighteen_arhats",
    "gang": "kong",
    "hai_di": "last_tile_win",
    "zi_mo_jia_di": "self_draw_bonus",
    "zi_mo_jia_bei": "self_draw_doubles",
    "hua_pai": "flower_tiles",
    # --- rule-file games (rb-files) ---
    "jie_pao": "win_on_discard",
    "xiao_hu_zi_mo": "basic_win_self_drawn",
    "xiao_hu_jie_pao": "basic_win_on_discard",
    "jiang_jiang_hu": "all_258",

    # --- Nanchang (rb-nc) ---
    "shisanlan": "thirteen_misfits",
    "qixing_shisanlan": "seven_star_thirteen_misfits",
    "deguo": "clean_hand",
    "dezhongde": "doubly_clean_hand",
    "deguo_bonus": "clean_hand_bonus",
    "deguo_pairs_double": "clean_pairs_double",
    "jingdiao": "wildcard_single_wait",

    # --- Yuhuan (rb-yh) ---
    "lagang": "robbing_the_kong",
    "caishen_0": "no_wildcard",
    "caishen_2": "two_wildcards",
    "caishen_3": "three_wildcards",
    "seat_wind_pung": "seat_wind",

    # --- Jinshan (rb-jw) ---
    "all_concealed_pungs": "four_concealed_pungs",
    "little_dragons": "little_three_dragons",
    # --- Wuhu (rb-jw) ---
    "an_gang": "concealed_kong",
    "ming_gang": "melded_kong",
    "four_alive": "tile_hog",
    "straight": "pure_straight",
    "zhi": "suit_tile_points",
    "pingcheng": "win_on_discard",
    "yadang": "pressed_win_on_discard",
    "zimo_yadang": "pressed_self_draw",
    # --- end ---
}

#: former keys whose meaning depends on the rule set (平胡 ``pinghu`` is all chows in one game and a basic win in
#: another; ``kong`` was one game's exposed kong but is the vocabulary's kong): rule set -> {old key: vocabulary key}
FORMER_KEYS_OF: dict[str, dict[str, str]] = {
    # --- Nanchang (rb-nc) ---
    "nanchang": {"pinghu": "basic_win", "da_qidui": "all_pungs"},  # 大七对 is all pungs here (碰碰胡)
    # --- Yuhuan (rb-yh) ---
    "yuhuan": {"pinghu": "all_chows", "kong": "melded_kong", "pung": "exposed_pung", "flower": "flower_tiles",
               "base": "base_hu", "haidi": "last_tile_draw"},
    # --- Jinshan: 花 (its season flowers); 全老头, pungs of terminals and honors (Guobiao's 混幺九) ---
    "jinshan": {"flower": "flower_tiles", "all_terminals": "all_terminals_and_honors"},
    # --- Sichuan: its 平胡 "Plain win" was ping_hu, which is the common table's 平胡 (all chows) elsewhere ---
    "sichuan": {"ping_hu": "basic_win"},
    # --- end ---
}


def vocabulary_key(key: str, ruleset: str | None = None) -> str:
    """The vocabulary key for a row key (a former key is mapped, by the rule set's own former keys first when the
    rule set is named; any other key is returned as is)."""
    if ruleset is not None:
        own = FORMER_KEYS_OF.get(ruleset)
        if own is not None and key in own:
            return own[key]
    return FORMER_KEYS.get(key, key)


def vocabulary_names(key: str) -> tuple[str, str] | None:
    """The Chinese and English names of a key of the vocabulary (or of a former key), if it is one."""
    return VOCABULARY.get(vocabulary_key(key))


# --- rbmig: option names and values renamed (the old ones keep saved configs and hand records working) ----------

#: old option name -> the name that says what it is (every rule set with the new name accepts the old one)
#: (a tuple: the first of these names that the config has — one old name may have become different names in
#: different rule sets, e.g. ``cap`` → ``max_fan`` where the cap is in fan, ``max_points`` where it is in points)
RENAMED_OPTIONS: dict[str, str | tuple[str, ...]] = {
    "filled_rows": "unlisted_rows",
    "qiong_hu_ignores_filled": "qiong_hu_table_rows_only",
    # --- Nanchang (rb-nc): 大七对 is all pungs, not a kind of seven pairs; a cap in points is max_points ---
    "big_seven_pairs_multiplier": "all_pungs_multiplier",
    "cap_per_payer": "max_points",
    # --- rb-files: the two-player game's fan cap ---
    "cap": ("max_fan", "max_hu"),  # the two-player game's fan cap; Yuhuan's cap on the total in 胡 (rb-yh)
    # --- end rb-files ---
    # --- rb-jw: Jinshan, Wuhu ---
    "laizi_cap": "max_points",
    "thirteen_orphans": "thirteen_orphans_win",
    "seven_pairs": "seven_pairs_win",
    # --- end rb-jw ---
    # the Botzone format's penalty is every penalty's amount (WA, TLE ...), not only a false win's
    "false_win_penalty": "penalty",
}

#: The option names every rule set uses for the same concept (rb-files): a rule set's option for one of these is
#: called by this name, whatever its game calls it (its documentation gives the game's own words).
OPTION_NAMES: dict[str, tuple[str, str]] = {
    "base": ("底分 / 底注", "the stake of one unit: what a x1 hand, or one point, is worth from one payer"),
    "max_fan": ("封顶番数", "a cap counted in fan (番)"),
    "max_hu": ("封顶胡数", "a cap counted in hu points (胡)"),
    "max_points": ("封顶分数", "a cap counted in points"),
    "max_tai": ("封顶台数", "a cap counted in tai (台)"),
    "max_wildcards": ("赖子上限", "the most wildcards a winning hand may hold or use"),
    "min_fan": ("起和番数", "the fewest fan a win must be worth"),
    "min_points": ("起和分数", "the fewest points a win must be worth"),
}

#: option -> {old value: the value that says what it is}
RENAMED_VALUES: dict[str, dict[str, str]] = {
    "kong_payments": {"s2": "two_per_kong", "s3": "concealed_two_others_one"},
}


def current_value(option: str, value: object) -> object:
    """An option value under its current name (an old value is mapped; any other value is returned as is)."""
    if isinstance(value, str):
        return RENAMED_VALUES.get(option, {}).get(value, value)
    return value


def current_option_name(known: set[str] | frozenset[str], name: str) -> str:
    """An option's current name for a config whose fields are ``known`` (an old name is mapped)."""
    got = RENAMED_OPTIONS.get(name)
    if got is None or name in known:
        return name
    for new in (got,) if isinstance(got, str) else got:
        if new in known:
            return new
    return name


def current_options(known: set[str] | frozenset[str], options: dict[str, object]) -> dict[str, object]:
    """Options with their old names replaced by the current ones, for a config whose fields are ``known`` (a
    config that still has the old field keeps it).  Giving an option under both names is refused."""
    from mahjong.errors import RulesError

    out: dict[str, object] = {}
    for name, value in options.items():
        new = current_option_name(known, name)
        if new != name:
            if new in options:
                raise RulesError(f"option {new} is given twice: as {new} and under its old name {name}")
            name = new
        out[name] = current_value(name, value)
    return out
