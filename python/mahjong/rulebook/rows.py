"""The one rule-row type of the rule book, and the key vocabulary shared by every rule set.

A :class:`RuleRow` is one line of a rule book: key, Chinese and English names, value and unit, the predicate that
decides it (a parsed expression over the predicate library), how many times it counts, the rows it excludes (不计 /
不算) and the rows it implies (contains), its rule text and source, and the option that switches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.rulebook.expr import Node, parse

__all__ = ["RuleRow", "UNITS", "VOCABULARY", "vocabulary_names", "RENAMED_OPTIONS", "RENAMED_VALUES",
           "current_option_name", "current_options", "current_value"]

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
#: (and statistics comparing them) agree on what a key means.  A rule file row that uses one of these keys may leave
#: out its names.
VOCABULARY: dict[str, tuple[str, str]] = {
    "ping_hu": ("平胡", "All chows / basic win"),
    "ji_hu": ("鸡胡", "Chicken hand"),
    "qiong_hu": ("穷胡", "Chicken hand"),
    "dui_dui_hu": ("对对胡", "All pungs"),
    "qing_yi_se": ("清一色", "Full flush"),
    "hun_yi_se": ("混一色", "Half flush"),
    "qi_dui": ("七对", "Seven pairs"),
    "hao_hua_qi_dui": ("豪华七对", "Luxury seven pairs"),
    "shi_san_yao": ("十三幺", "Thirteen orphans"),
    "shi_san_bu_kao": ("十三不靠", "Knitted and honors"),
    "tian_hu": ("天胡", "Heavenly hand"),
    "di_hu": ("地胡", "Earthly hand"),
    "zi_mo": ("自摸", "Self-draw"),
    "men_qing": ("门清", "Concealed hand"),
    "bu_qiu_ren": ("不求人", "Concealed self-draw"),
    "quan_qiu_ren": ("全求人", "All melded"),
    "gang_shang_kai_hua": ("杠上开花", "Win on a kong's replacement"),
    "gang_shang_pao": ("杠上炮", "Win on a discard after a kong"),
    "qiang_gang_hu": ("抢杠胡", "Robbing the kong"),
    "hai_di_lao_yue": ("海底捞月", "Win on the last tile"),
    "da_si_xi": ("大四喜", "Big four winds"),
    "xiao_si_xi": ("小四喜", "Little four winds"),
    "da_san_yuan": ("大三元", "Big three dragons"),
    "xiao_san_yuan": ("小三元", "Little three dragons"),
    "yi_tiao_long": ("一条龙", "Pure straight"),
    "duan_yao": ("断幺", "All simples"),
    "que_men": ("缺门", "One suit missing"),
    "que_zi": ("缺字", "No honors"),
    "dan_diao": ("单调", "Single wait"),
    "wu_jiang": ("五将", "Pair of fives"),
    "quan_dai_yao": ("全带幺", "Terminals or honors in every set"),
    "quan_dai_wu": ("全带五", "Fives in every set"),
    "jiang_dui": ("将对", "All pungs of 2, 5, 8"),
    "wu_gui": ("无鬼", "No wildcard"),
    "gen": ("根", "Root (four of a kind)"),
    "zhua_niao": ("抓鸟", "Birds"),
}


def vocabulary_names(key: str) -> tuple[str, str] | None:
    """The Chinese and English names of a key of the vocabulary, if it is one."""
    return VOCABULARY.get(key)


# --- rbmig: option names and values renamed (the old ones keep saved configs and hand records working) ----------

#: old option name -> the name that says what it is (every rule set with the new name accepts the old one)
RENAMED_OPTIONS: dict[str, str] = {
    "filled_rows": "unlisted_rows",
    "qiong_hu_ignores_filled": "qiong_hu_table_rows_only",
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
