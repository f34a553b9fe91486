"""The one rule-row type of the rule book, and the key vocabulary shared by every rule set.

A :class:`RuleRow` is one line of a rule book: key, Chinese and English names, value and unit, the predicate that
decides it (a parsed expression over the predicate library), how many times it counts, the rows it excludes (不计 /
不算) and the rows it implies (contains), its rule text and source, and the option that switches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.rulebook.expr import Node, parse

__all__ = ["RuleRow", "UNITS", "VOCABULARY", "FORMER_KEYS", "vocabulary_key", "vocabulary_names", "RENAMED_OPTIONS",
           "RENAMED_VALUES", "current_option_name", "current_options", "current_value"]

#: units a row's value is counted in: fan (番), hu points (胡), tai (台), a multiplier (x), flat points (pt)
UNITS = ("fan", "hu", "tai", "x", "pt")


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
        group: a free label (``"filled"`` for rows we filled in) that stage-2 rows may count.
        rename_when / rename_zh / rename_en: the row shows another name when this expression holds (全带幺 is
            called 全幺九 when every set is a pung).
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

    # --- Sichuan and the two-player game (rb-files) ---

    # --- rule-file games: 红中, 推倒胡, 长沙 (rb-files) ---

    # --- Nanchang (rb-nc) ---

    # --- Yuhuan (rb-yh) ---

    # --- Jinshan (rb-jw) ---
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
    # --- Wuhu (rb-jw) ---
    "concealed_kong": ("暗杠", "Concealed kong"),
    "melded_kong": ("明杠", "Melded kong"),
    "tile_hog": ("四归一", "Tile hog (all four copies, not a kong)"),
    "suit_tile_points": ("支番", "Suit-tile points"),
    "win_on_discard": ("平成", "Win on a discard"),
    "pressed_win_on_discard": ("押当", "Pressed win on a discard"),
    "pressed_self_draw": ("自摸押当", "Pressed self-draw"),
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

    # --- Sichuan and the two-player game (rb-files) ---

    # --- rule-file games (rb-files) ---

    # --- Nanchang (rb-nc) ---

    # --- Yuhuan (rb-yh) ---

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


def vocabulary_key(key: str) -> str:
    """The vocabulary key for a row key (a former key is mapped; any other key is returned as is)."""
    return FORMER_KEYS.get(key, key)


def vocabulary_names(key: str) -> tuple[str, str] | None:
    """The Chinese and English names of a key of the vocabulary (or of a former key), if it is one."""
    return VOCABULARY.get(vocabulary_key(key))


# --- rbmig: option names and values renamed (the old ones keep saved configs and hand records working) ----------

#: old option name -> the name that says what it is (every rule set with the new name accepts the old one)
RENAMED_OPTIONS: dict[str, str] = {
    "filled_rows": "unlisted_rows",
    "qiong_hu_ignores_filled": "qiong_hu_table_rows_only",
    # --- rb-jw: Jinshan, Wuhu ---
    "laizi_cap": "max_points",
    "thirteen_orphans": "thirteen_orphans_win",
    "seven_pairs": "seven_pairs_win",
    # --- end rb-jw ---
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
    new = RENAMED_OPTIONS.get(name)
    return new if new is not None and name not in known and new in known else name


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
