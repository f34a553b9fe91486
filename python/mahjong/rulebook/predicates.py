"""The library of named predicates and counts on a :class:`~mahjong.rulebook.reading.Reading`.

Rule rows (in Python or in a rule file's ``when`` / ``count``) name these instead of writing their own helpers.
Each entry has a Chinese and an English description so ``mahjong rules --schema`` and the docs can list them.
Three kinds:

* :data:`PREDICATES` — yes / no facts of the hand (``one_suit``, ``all_pungs``, ``seven_pairs`` …);
* :data:`COUNTS` — numbers (``wind_pungs``, ``kongs``, ``concealed_pungs``, ``roots`` …);
* :data:`FUNCTIONS` — facts with arguments (``pair_rank_in(2, 5, 8)``, ``pung_of("C")``, ``all_ranks_in(2,5,8)``).

Win facts of the context (``self_drawn``, ``heavenly``, ``last_wall_tile``, ``kong_replacement`` …) are names
too (:data:`FACTS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from mahjong.errors import RulesError
from mahjong.rulebook.reading import Reading
from mahjong.tiles import is_dragon, is_honor, is_terminal_or_honor, is_wind, parse_tiles, rank_of, suit_of
from mahjong.types import Form

__all__ = ["Entry", "PREDICATES", "COUNTS", "FUNCTIONS", "FACTS", "OTHER_NAMES", "library_names", "describe_library",
           "documented"]


@dataclass(frozen=True)
class Entry:
    """One named fact of the library: its function and what it means, in Chinese and English."""

    name: str
    fn: Callable[..., Any]
    zh: str
    en: str


PREDICATES: dict[str, Entry] = {}
COUNTS: dict[str, Entry] = {}
FUNCTIONS: dict[str, Entry] = {}


#: library names whose value on one set read alone (:func:`~mahjong.rulebook.reading.set_reading`, a row of group
#: ``"set"``) depends only on that set and the seat wind: a run of per-set rows reading only these (and options)
#: gives the same lines for the same set in every reading of every hand, and is worked out once per set
SET_LOCAL_NAMES = frozenset({"pungs", "chows", "kongs", "concealed_kongs", "concealed_pungs", "wind_pungs",
                             "dragon_pungs", "all_terminals_and_honors", "all_simples", "has_honors", "no_honors",
                             "all_honors", "one_suit", "suits", "seat_wind_pung", "pung_of", "holds",
                             "all_ranks_in"})


def _pred(name: str, zh: str, en: str) -> Callable[[Callable[[Reading], bool]], Callable[[Reading], bool]]:
    def deco(fn: Callable[[Reading], bool]) -> Callable[[Reading], bool]:
        PREDICATES[name] = Entry(name, fn, zh, en)
        return fn
    return deco


def _count(name: str, zh: str, en: str) -> Callable[[Callable[[Reading], int]], Callable[[Reading], int]]:
    def deco(fn: Callable[[Reading], int]) -> Callable[[Reading], int]:
        COUNTS[name] = Entry(name, fn, zh, en)
        return fn
    return deco


def _func(name: str, zh: str, en: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        FUNCTIONS[name] = Entry(name, fn, zh, en)
        return fn
    return deco


#: the kinds that are a terminal (1, 9) or an honor, and the others (the suited 2..8)
_TERMINALS_AND_HONORS = tuple(t for t in range(34) if is_terminal_or_honor(t))
_SIMPLES = tuple(t for t in range(27) if not is_terminal_or_honor(t))


def _triplet_tiles(v: Reading) -> list[int]:
    """The first tiles of the reading's pungs and kongs (:meth:`Reading.triplets`), worked out once per reading
    (kept beside the reading's frozen fields; a reading is never changed, a changed copy is a new reading)."""
    got: list[int] | None = v.__dict__.get("_triplet_tiles")
    if got is None:
        got = v.__dict__["_triplet_tiles"] = [s.tile for s in v.sets if s.kind != "chow"]
    return got


def _suits(v: Reading) -> set[int]:
    """The suits (0..2) the reading holds, as read (:attr:`Reading.suits`), worked out once per reading."""
    got: set[int] | None = v.__dict__.get("_suit_set")
    if got is None:
        counts = v.counts
        got = v.__dict__["_suit_set"] = {s for s in range(3) if any(counts[9 * s:9 * s + 9])}
    return got


_TERMINAL_OR_HONOR = frozenset(_TERMINALS_AND_HONORS)
_FIVE_UP = tuple(t for t in range(27) if t % 9 >= 4)  #: the suited 5..9 (rank_of(t) >= 5)
_FIVE_DOWN = tuple(t for t in range(27) if t % 9 <= 4)  #: the suited 1..5


def _chow_tiles(v: Reading) -> list[int]:
    """The first tiles of the reading's chows (:meth:`Reading.chows`), worked out once per reading."""
    got: list[int] | None = v.__dict__.get("_chow_tiles")
    if got is None:
        got = v.__dict__["_chow_tiles"] = [s.tile for s in v.sets if s.kind == "chow"]
    return got


# --- shapes ------------------------------------------------------------------------------------------------------

@_pred("regular", "四副加一将", "four sets and a pair (the regular form)")
def regular(v: Reading) -> bool:
    return v.regular


@_pred("seven_pairs", "七对", "seven pairs")
def seven_pairs(v: Reading) -> bool:
    return v.form is Form.SEVEN_PAIRS


@_pred("thirteen_orphans", "十三幺", "thirteen orphans")
def thirteen_orphans(v: Reading) -> bool:
    return v.form is Form.THIRTEEN_ORPHANS


@_pred("honors_and_knitted", "十三不靠", "knitted tiles and honors")
def honors_and_knitted(v: Reading) -> bool:
    return v.form is Form.HONORS_AND_KNITTED


@_pred("all_pungs", "对对胡（碰碰胡）", "all pungs: a regular hand with no chow")
def all_pungs(v: Reading) -> bool:
    return v.regular and not _chow_tiles(v)


@_pred("all_chows", "全是顺子", "a regular hand of chows only")
def all_chows(v: Reading) -> bool:
    return v.regular and not _triplet_tiles(v)


@_pred("concealed_hand", "门清", "nothing claimed from others (a concealed kong keeps the hand concealed)")
def concealed_hand(v: Reading) -> bool:
    return v.hand.is_concealed


@_pred("all_claimed", "全求人", "every set claimed from others, the pair won on a discard")
def all_claimed(v: Reading) -> bool:
    return bool(v.sets) and all(s.claimed for s in v.sets) and not v.context.self_drawn


@_pred("single_wait", "单钓", "won on the only tile that completes the pair")
def single_wait(v: Reading) -> bool:
    return v.wait == "single"


# --- suits and tiles ------------------------------------------------------------------------------------------

@_pred("one_suit", "清一色", "one suit, no honors")
def one_suit(v: Reading) -> bool:
    return len(_suits(v)) == 1 and not has_honors(v)


@_pred("one_suit_with_honors", "混一色", "one suit and honors")
def one_suit_with_honors(v: Reading) -> bool:
    return len(_suits(v)) == 1 and has_honors(v)


@_pred("has_honors", "有字", "holds a wind or a dragon")
def has_honors(v: Reading) -> bool:
    return any(v.counts[27:34])


@_pred("no_honors", "缺字（无字）", "no wind or dragon")
def no_honors(v: Reading) -> bool:
    return not has_honors(v)


@_pred("all_honors", "全是字", "winds and dragons only")
def all_honors(v: Reading) -> bool:
    return not any(v.counts[:27])


@_pred("two_suits", "缺一门", "exactly two of the three suits")
def two_suits(v: Reading) -> bool:
    return len(_suits(v)) == 2


@_pred("five_families", "五门齐", "all three suits, a wind and a dragon")
def five_families(v: Reading) -> bool:
    counts = v.counts
    return len(_suits(v)) == 3 and any(counts[27:31]) and any(counts[31:34])


@_pred("all_simples", "断幺", "no terminal (1, 9) and no honor")
def all_simples(v: Reading) -> bool:
    counts = v.counts
    return not any(counts[t] for t in _TERMINALS_AND_HONORS)


@_pred("all_below_five", "小于五", "suited tiles below 5 only")
def all_below_five(v: Reading) -> bool:
    counts = v.counts
    return not any(counts[t] for t in range(27, 34)) and not any(counts[t] for t in _FIVE_UP)


@_pred("all_above_five", "大于五", "suited tiles above 5 only")
def all_above_five(v: Reading) -> bool:
    counts = v.counts
    return not any(counts[t] for t in range(27, 34)) and not any(counts[t] for t in _FIVE_DOWN)


@_pred("terminals_in_all", "全带幺", "a terminal or an honor in every set and the pair")
def terminals_in_all(v: Reading) -> bool:
    return v.regular and all(not _TERMINAL_OR_HONOR.isdisjoint(g) for g in v.groups())


@_pred("fives_in_all", "全带五", "a suited 5 in every set and the pair")
def fives_in_all(v: Reading) -> bool:
    return v.regular and all(any(t < 27 and rank_of(t) == 5 for t in g) for g in v.groups())


@_pred("pure_straight", "一条龙", "123 456 789 chows of one suit")
def pure_straight(v: Reading) -> bool:
    seqs = set(_chow_tiles(v))
    return any({s * 9, s * 9 + 3, s * 9 + 6} <= seqs for s in range(3))


@_pred("mixed_triple", "喜相逢（三色同）", "chows, or pungs, of one rank in all three suits")
def mixed_triple(v: Reading) -> bool:
    for chow in (True, False):
        firsts = {(suit_of(s.tile), rank_of(s.tile)) for s in v.sets
                  if (s.kind == "chow") == chow and s.tile < 27}
        if any(all((s, r) in firsts for s in range(3)) for r in range(1, 10)):
            return True
    return False


@_pred("three_identical_chows", "三姐妹（一色三同顺）", "the same chow three times")
def three_identical_chows(v: Reading) -> bool:
    seqs = _chow_tiles(v)
    return any(seqs.count(t) >= 3 for t in set(seqs))


@_pred("pair_is_wind", "风将", "the pair is a wind")
def pair_is_wind(v: Reading) -> bool:
    return v.pair is not None and is_wind(v.pair)


@_pred("pair_is_dragon", "箭将", "the pair is a dragon")
def pair_is_dragon(v: Reading) -> bool:
    return v.pair is not None and is_dragon(v.pair)


@_pred("pair_is_suited", "数牌将", "the pair is a suited tile")
def pair_is_suited(v: Reading) -> bool:
    return v.pair is not None and v.pair < 27


@_pred("seat_wind_pung", "门风刻", "a pung or kong of the winner's seat wind")
def seat_wind_pung(v: Reading) -> bool:
    return 27 + v.context.wind in _triplet_tiles(v)


@_pred("prevalent_wind_pung", "圈风刻", "a pung or kong of the round's wind")
def prevalent_wind_pung(v: Reading) -> bool:
    return 27 + v.context.prevalent_wind in _triplet_tiles(v)


@_pred("no_wildcards", "无鬼（硬胡）", "the hand holds no wildcard")
def no_wildcards(v: Reading) -> bool:
    return v.wildcards_held == 0


# --- counts ---------------------------------------------------------------------------------------------------

@_count("pungs", "刻子数", "pungs and kongs")
def pungs(v: Reading) -> int:
    return len(_triplet_tiles(v))


@_count("chows", "顺子数", "chows")
def chows(v: Reading) -> int:
    return len(_chow_tiles(v))


@_count("kongs", "杠数", "kongs declared")
def kongs(v: Reading) -> int:
    return sum(1 for s in v.sets if s.kind == "kong")


@_count("concealed_kongs", "暗杠数", "concealed kongs")
def concealed_kongs(v: Reading) -> int:
    return sum(1 for s in v.sets if s.kind == "kong" and s.concealed)


@_count("concealed_pungs", "暗刻数", "concealed pungs and kongs")
def concealed_pungs(v: Reading) -> int:
    return sum(1 for s in v.sets if s.kind != "chow" and s.concealed)


@_count("melds", "副露数", "melds declared (claimed or concealed kongs)")
def melds(v: Reading) -> int:
    return len(v.hand.melds)


@_count("wind_pungs", "风刻数", "pungs and kongs of winds")
def wind_pungs(v: Reading) -> int:
    return sum(1 for t in _triplet_tiles(v) if 27 <= t < 31)


@_count("dragon_pungs", "箭刻数", "pungs and kongs of dragons")
def dragon_pungs(v: Reading) -> int:
    return sum(1 for t in _triplet_tiles(v) if 31 <= t < 34)


@_count("roots", "根数", "tile kinds of which the hand holds all four copies (roots)")
def roots(v: Reading) -> int:
    return sum(1 for c in v.counts if c == 4)


@_count("quads_in_pairs", "豪华数", "kinds held four times inside seven pairs (luxury seven pairs)")
def quads_in_pairs(v: Reading) -> int:
    if v.form is not Form.SEVEN_PAIRS:
        return 0
    pairs = v.decomposition.pairs
    return sum(1 for t in set(pairs) if pairs.count(t) >= 2)


@_count("wildcards", "鬼牌数", "wildcards held")
def wildcards(v: Reading) -> int:
    return v.wildcards_held


@_count("flowers", "花牌数", "flowers held")
def flowers(v: Reading) -> int:
    return len(v.hand.flowers)


@_count("suits", "门数", "suits present (0..3)")
def suits(v: Reading) -> int:
    return len(_suits(v))


# --- functions with arguments ---------------------------------------------------------------------------------

def _tile(text: Any) -> int:
    if not isinstance(text, str):
        raise RulesError(f"a tile is written as text (e.g. \"5m\", \"C\"), got {text!r}")
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise RulesError(f"expected one tile, got {text!r}")
    return tiles[0]


def _ranks(args: tuple[Any, ...]) -> set[int]:
    out = set()
    for a in args:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 9:
            raise RulesError(f"a rank is 1..9, got {a!r}")
        out.add(a)
    return out


@_func("pair_rank_in", "将为某点", "the pair is a suited tile of one of these ranks: pair_rank_in(2, 5, 8)")
def pair_rank_in(v: Reading, *ranks: Any) -> bool:
    r = _ranks(ranks)
    return v.pair is not None and v.pair < 27 and rank_of(v.pair) in r


@_func("all_ranks_in", "全是某点", "every tile is suited and of one of these ranks: all_ranks_in(2, 5, 8)")
def all_ranks_in(v: Reading, *ranks: Any) -> bool:
    r = _ranks(ranks)
    return all(t < 27 and rank_of(t) in r for t in v.tiles())


@_func("pung_of", "某牌刻", "a pung or kong of this tile: pung_of(\"C\")")
def pung_of(v: Reading, tile: Any) -> bool:
    return _tile_of(tile) in _triplet_tiles(v)


@_func("holds", "持有某牌张数", "copies of this tile in the hand as read: holds(\"C\")")
def holds(v: Reading, tile: Any) -> int:
    return v.counts[_tile_of(tile)]


@_func("held_wildcard_tiles", "持有鬼牌本身", "copies of the wildcard tile itself among the concealed tiles")
def held_wildcard_tiles(v: Reading) -> int:
    return v.wildcards_held


#: win facts a predicate may name (the fields of WinContext and their derived properties; rule files add theirs)
FACTS: dict[str, tuple[str, str]] = {
    "self_drawn": ("自摸", "self-drawn"),
    "winner_is_dealer": ("庄家和", "the dealer won"),
    "heavenly": ("天和", "the dealer won on the deal"),
    "earthly": ("地和", "a win in the first go-round"),
    "last_tile": ("和绝张", "the last unseen copy"),
    "last_wall_tile": ("海底", "on the wall's last tile"),
    "kong_replacement": ("杠上开花", "self-drawn on a kong's replacement tile"),
    "robbing_kong": ("抢杠和", "won on a tile added to a kong"),
    "after_kong_discard": ("杠上炮", "won on a discard made right after a kong"),
    "winner": ("和牌者", "the winning seat"),
    "dealer": ("庄家", "the dealer's seat"),
    "seat_wind": ("门风", "the winner's seat wind 0..3"),
    "prevalent_wind": ("圈风", "the round's wind 0..3"),
}


#: names an expression may read besides the library, so that the listing names everything a file may use (where
#: each may be read is checked when a file is loaded): name -> (kind, zh, en); ``row_KEY`` stands for every row key
OTHER_NAMES: dict[str, tuple[str, str, str]] = {
    "discarder": ("fact", "点炮者", "the seat whose discard was won on (no value on a self-draw)"),
    "claimed_melds": ("count", "吃碰明杠数", "melds claimed from other players (a concealed kong is not one)"),
    "total": ("scoring", "总分", "the hand's total after rounding and the cap (payments and points read it)"),
    "fan": ("scoring", "番数合计", "the counted rows' fan (a scoring formula reads it)"),
    "hu": ("scoring", "胡数合计", "the counted rows' hu (a scoring formula reads it)"),
    "tai": ("scoring", "台数合计", "the counted rows' tai (a scoring formula reads it)"),
    "pt": ("scoring", "加分合计", "the counted rows' flat points (a scoring formula reads it)"),
    "x": ("scoring", "倍数之积", "the product of the counted rows' multipliers (a scoring formula reads it)"),
    "value": ("scoring", "封顶前分值", "the best reading's value before rounding and the cap (minimum_of and details "
              "read it)"),
    "counted": ("counted rows", "已计番种数", "how many rows are counted (a stage-2 row or the win rule reads it)"),
    "counted_outside": ("counted rows", "组外已计番种数",
                        "rows counted outside a group: counted_outside(\"filled\") (a stage-2 row or the win rule)"),
    "group_value": ("counted rows", "某组已计分值", "group_value(\"g\"): the value of the counted rows of group g, "
                    "value × times added (the payment, tie_break, minimum_of, refusals and details read it)"),
    "row_KEY": ("counted rows", "某番种已计", "row_KEY: the row KEY is counted (a stage-2 row or the win rule reads "
                "it; e.g. row_seven_pairs)"),
}


def documented(name: str) -> dict[str, str] | None:
    """The listing's entry for a name an expression reads (:func:`describe_library`), or None."""
    for e in describe_library():
        if e["name"] == name or (e["name"] == "row_KEY" and name.startswith("row_")):
            return e
    return None


def library_names() -> set[str]:
    """Every name an expression on a reading may use (predicates, counts, win facts)."""
    return set(PREDICATES) | set(COUNTS) | set(FACTS)


def describe_library() -> list[dict[str, str]]:
    """Every entry of the library as ``{"name", "kind", "zh", "en"}`` (for the schema and the docs)."""
    out = [{"name": e.name, "kind": "predicate", "zh": e.zh, "en": e.en} for e in PREDICATES.values()]
    out += [{"name": e.name, "kind": "count", "zh": e.zh, "en": e.en} for e in COUNTS.values()]
    out += [{"name": e.name, "kind": "function", "zh": e.zh, "en": e.en} for e in FUNCTIONS.values()]
    out += [{"name": k, "kind": "fact", "zh": zh, "en": en} for k, (zh, en) in FACTS.items()]
    out += [{"name": k, "kind": kind, "zh": zh, "en": en} for k, (kind, zh, en) in OTHER_NAMES.items()]
    from mahjong.rulebook.special import describe_special  # (the special tables' own names; imported late)

    known = {e["name"] for e in out}
    return out + [e for e in describe_special() if e["name"] not in known]


# --- rbmig: evaluating a row on a reading (for the Python rule sets on the rule book) ---------------------------

def row_environment(v: Reading, names: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The names and functions a row's expressions read on one reading: the library, the win facts and
    ``names`` (a rule set's options)."""
    from mahjong.rulebook.expr import BUILTINS

    env: dict[str, Any] = dict(names or {})
    env.update(v.facts)
    for table in (PREDICATES, COUNTS):
        for n, e in table.items():
            env[n] = (lambda fn=e.fn: fn(v))
    funcs: dict[str, Any] = dict(BUILTINS)
    for n, e in FUNCTIONS.items():
        funcs[n] = (lambda *a, fn=e.fn: fn(v, *a))
    return env, funcs


def row_times(row: Any, v: Reading, names: dict[str, Any] | None = None) -> int:
    """How many times a row (:class:`~mahjong.rulebook.rows.RuleRow`) counts on a reading: 0 when its ``when``
    does not hold, else its ``count`` (1 when it has none)."""
    from mahjong.rulebook.expr import evaluate, evaluate_int

    env, funcs = row_environment(v, names)
    if row.when is not None and not evaluate(row.when, env, funcs):
        return 0
    if row.count is None:
        return 0 if row.when is None else 1
    return evaluate_int(row.count, env, funcs)


# --- rbmig: Wuhu 芜湖 ---------------------------------------------------------------------------------------------

@_count("four_alive", "四活（四核）", "suited kinds held all four times without being a kong")
def four_alive(v: Reading) -> int:
    kongs = {s.tile for s in v.sets if s.kind == "kong"}
    return sum(1 for t in range(27) if v.counts[t] == 4 and t not in kongs)


# --- Nanchang 南昌 (rb-nc adds here) ----------------------------------------------------------------------------

@_pred("thirteen_lan", "十三烂", "fourteen single tiles: in each suit at least 3 apart, the honors all different "
       "(thirteen unrelated tiles)")
def thirteen_lan(v: Reading) -> bool:
    return v.form is Form.THIRTEEN_LAN


@_count("single_honors", "单张字牌种数",
        "kinds of wind and dragon among the single tiles (thirteen unrelated tiles; 7 = the seven-star form)")
def single_honors(v: Reading) -> int:
    return len({t for t in v.decomposition.singles if is_honor(t)})


_STAND_IN_KINDS = ("any", "honors", "suited")


@_func("wildcard_stand_ins", "精（鬼牌）代替的张数",
       "wildcards standing for tiles of a kind (\"any\", \"honors\" or \"suited\"); with face_value true a "
       "wildcard read as its own tile (at face value) is not counted: wildcard_stand_ins(\"any\", true)")
def wildcard_stand_ins(v: Reading, kind: Any, face_value: Any = False) -> int:
    if kind not in _STAND_IN_KINDS:
        raise RulesError(f"wildcard_stand_ins reads a kind of tile: {', '.join(_STAND_IN_KINDS)}; got {kind!r}")
    stand_ins = v.stand_ins(bool(face_value))
    if kind == "honors":
        return sum(1 for t in stand_ins if is_honor(t))
    if kind == "suited":
        return sum(1 for t in stand_ins if not is_honor(t))
    return len(stand_ins)



# --- Yuhuan 玉环 (rb-yh adds here) -----------------------------------------------------------------------------

@_pred("all_terminals_and_honors", "全是幺九字", "every tile as read is a 1, a 9 or an honor")
def all_terminals_and_honors(v: Reading) -> bool:
    counts = v.counts
    return not any(counts[t] for t in _SIMPLES)


@_pred("pair_is_seat_wind", "门风将", "the pair is the winner's seat wind")
def pair_is_seat_wind(v: Reading) -> bool:
    return v.pair is not None and v.pair == 27 + v.context.wind


@_func("pair_of", "某牌为将", "the pair is this tile: pair_of(\"C\")")
def pair_of(v: Reading, tile: Any) -> bool:
    return v.pair is not None and v.pair == _tile_of(tile)


_TILES: dict[Any, int] = {}


def _tile_of(text: Any) -> int:
    """:func:`_tile`, each text read once (rows name the same few tiles on every reading)."""
    got = _TILES.get(text) if isinstance(text, str) else None
    if got is None:
        got = _tile(text)
        _TILES[text] = got
    return got


@_pred("closed_wait", "坎档", "the winning tile completed a chow in its middle (2 of 123; known where the rule set "
       "places the winning tile)")
def closed_wait(v: Reading) -> bool:
    return v.wait == "closed"


@_pred("edge_wait", "靠壁（边张）", "the winning tile completed 123 with the 3 or 789 with the 7 (where the rule set "
       "places the winning tile)")
def edge_wait(v: Reading) -> bool:
    return v.wait == "edge"


@_pred("two_sided_wait", "两面", "the winning tile completed a chow at an open end (where the rule set places the "
       "winning tile)")
def two_sided_wait(v: Reading) -> bool:
    return v.wait == "two-sided"


@_pred("dual_pung_wait", "对碰", "the winning tile completed a pung (where the rule set places the winning tile)")
def dual_pung_wait(v: Reading) -> bool:
    return v.wait == "dual-pung"


@_count("wildcards_standing_in", "替用的鬼牌数", "wildcards standing in for a tile in this reading (a wildcard won "
        "on a discard may count as a plain tile)")
def wildcards_standing_in(v: Reading) -> int:
    return len(v.decomposition.wildcards)


class ReadingNames(Mapping[str, Any]):
    """The names a row's expressions read on one reading, looked up only when read (the library, the win facts
    and a rule set's options): what :func:`row_environment` gives, without building an entry per name."""

    __slots__ = ("_v", "_options", "_known")

    def __init__(self, v: Reading, options: Mapping[str, Any]) -> None:
        self._v = v
        self._options = options
        self._known: dict[str, Any] = {}  # each predicate worked out once per reading

    def __getitem__(self, name: str) -> Any:
        known = self._known.get(name, self)
        if known is not self:
            return known
        e = PREDICATES.get(name) or COUNTS.get(name)
        if e is not None:
            known = e.fn(self._v)
        elif name in self._v.facts:
            known = self._v.facts[name]
        else:
            known = self._options[name]
        self._known[name] = known  # (each name worked out, or looked up, once per reading)
        return known

    def __contains__(self, name: object) -> bool:
        return name in PREDICATES or name in COUNTS or name in self._v.facts or name in self._options

    def __iter__(self) -> Iterator[str]:
        return iter({**dict.fromkeys(self._options), **dict.fromkeys(self._v.facts), **dict.fromkeys(PREDICATES),
                     **dict.fromkeys(COUNTS)})

    def __len__(self) -> int:
        return sum(1 for _ in self)


class ReadingFunctions(Mapping[str, Any]):
    """The functions a row's expressions may call on one reading (the built-ins and the library's functions)."""

    __slots__ = ("_v", "_bound")

    def __init__(self, v: Reading) -> None:
        self._v = v
        self._bound: dict[str, Any] = {}  # each library function bound to the reading once

    def __getitem__(self, name: str) -> Any:
        got = self.get(name)
        if got is None:
            raise KeyError(name)
        return got

    def get(self, name: str, default: Any = None) -> Any:
        got = self._bound.get(name)
        if got is not None:
            return got
        e = FUNCTIONS.get(name)
        if e is not None:
            got = self._bound[name] = partial(e.fn, self._v)
            return got
        return _builtins().get(name, default)

    def __iter__(self) -> Iterator[str]:
        return iter([*_builtins(), *FUNCTIONS])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _builtins() -> dict[str, Any]:
    """The expression language's built-in functions (imported when first needed: the language imports nothing
    of the library)."""
    if not _BUILTINS:
        from mahjong.rulebook.expr import BUILTINS

        _BUILTINS.update(BUILTINS)
    return _BUILTINS


_BUILTINS: dict[str, Any] = {}


# --- Jinshan 金山 and Wuhu 芜湖 (rb-jw adds here) ------------------------------------------------------------

SEASON_FLOWERS = range(34, 38)  #: 春夏秋冬 (f1..f4)


@_count("season_flowers", "花（春夏秋冬）数", "season flowers held (spring, summer, autumn, winter: f1..f4)")
def season_flowers(v: Reading) -> int:
    return sum(1 for f in v.hand.flowers if f in SEASON_FLOWERS)


@_pred("own_season_flower", "花坐到",
       "holds the winner's own season flower (East spring, South summer, West autumn, North winter)")
def own_season_flower(v: Reading) -> bool:
    return 34 + v.context.wind in v.hand.flowers


@_count("substitutions", "代替牌的百搭数", "wildcards standing in for a tile in this reading")
def substitutions(v: Reading) -> int:
    return len(v.substitutions)


@_pred("wildcard_as_fifth_copy", "百搭当第五张", "a wildcard stands for a fifth copy of a tile (the declared melds "
       "counted)")
def wildcard_as_fifth_copy(v: Reading) -> bool:
    return any(v.counts[t] > 4 for t in set(v.substitutions))


@_pred("no_simples", "全老头张", "every tile is a terminal (1, 9) or an honor")
def no_simples(v: Reading) -> bool:
    counts = v.counts
    return not any(counts[t] for t in _SIMPLES)


def _doubled_tile(v: Reading) -> int | None:
    if v.regular:
        return v.pair
    if v.form is Form.THIRTEEN_ORPHANS and v.decomposition.pairs:
        return v.decomposition.pairs[0]
    return None


@_pred("doubled_tile_is_seat_wind", "将为门风",
       "the pair (in thirteen orphans: the tile held twice) is the winner's seat wind")
def doubled_tile_is_seat_wind(v: Reading) -> bool:
    return _doubled_tile(v) == 27 + v.context.wind


@_pred("doubled_tile_is_dragon", "将为箭牌", "the pair (in thirteen orphans: the tile held twice) is a dragon")
def doubled_tile_is_dragon(v: Reading) -> bool:
    t = _doubled_tile(v)
    return t is not None and is_dragon(t)


def _win_tile(v: Reading) -> int | None:
    got = v.facts.get("win_tile", v.hand.win_tile)
    return got if isinstance(got, int) else None


@_pred("win_tile_terminal_or_honor", "和张为老头张", "the winning tile is a terminal (1, 9) or an honor")
def win_tile_terminal_or_honor(v: Reading) -> bool:
    t = _win_tile(v)
    return t is not None and is_terminal_or_honor(t)


_WAITS = ("two-sided", "closed", "edge", "dual-pung", "single")


@_func("wait_is", "听牌方式", "the wait where the winning tile sits: wait_is(\"closed\"); one of two-sided, closed, "
       "edge, dual-pung, single (a reading placed by reading.win_placements)")
def wait_is(v: Reading, kind: Any) -> bool:
    if kind not in _WAITS:
        raise RulesError(f"wait_is: a wait is one of {', '.join(_WAITS)}, got {kind!r}")
    return bool(v.wait == kind)


@_func("triplets_outside_wait", "不含和张所成刻的刻/杠数", "triplets of one kind (\"pung\" or \"kong\"), concealed "
       "or not, of terminals and honors or not, leaving out the triplet a dual-pung win completes (the wait prices "
       "it): triplets_outside_wait(\"pung\", true, false)")
def triplets_outside_wait(v: Reading, kind: Any, concealed: Any, terminal: Any) -> int:
    tally: dict[tuple[str, bool, bool], int] | None = v.__dict__.get("_triplets_outside_wait")
    if tally is None:  # counted once per reading (the table asks for each kind in turn)
        skip = v.facts.get("win_set", -1) if v.wait == "dual-pung" else -1
        tally = {}
        for i, s in enumerate(v.sets):
            if s.kind != "chow" and i != skip:
                k = (s.kind, s.concealed, is_terminal_or_honor(s.tile))
                tally[k] = tally.get(k, 0) + 1
        v.__dict__["_triplets_outside_wait"] = tally  # a cache beside the frozen fields
    got = tally.get((kind, concealed, terminal))
    if got is not None and type(concealed) is bool and type(terminal) is bool:
        return got
    if kind not in ("pung", "kong") or type(concealed) is not bool or type(terminal) is not bool:
        raise RulesError("triplets_outside_wait(kind, concealed, terminal): kind \"pung\" or \"kong\", then true "
                         "or false twice")
    return 0


@_count("press", "押", "the press (ya): the extra tiles a pressed wait adds (Wuhu), as the win facts give it or as "
        "derived from the wait; 0 = no press")
def press(v: Reading) -> int:
    got = v.facts.get("ya")
    return got if isinstance(got, int) and not isinstance(got, bool) and got > 0 else 0


@_count("win_rank", "和张点数", "the rank 1..9 of the winning tile where it sits (0: an honor, or no winning tile)")
def win_rank(v: Reading) -> int:
    t = _win_tile(v)
    return t % 9 + 1 if t is not None and t < 27 else 0


@_func("largest_suit", "支数", "tiles of the suit held most (characters, dots or bamboo; honors are no suit), a "
       "declared kong as kong_tiles tiles: largest_suit(4)")
def largest_suit(v: Reading, kong_tiles: Any) -> int:
    if kong_tiles not in (3, 4):
        raise RulesError(f"largest_suit: a kong counts as 3 or 4 tiles, got {kong_tiles!r}")
    per_suit = [sum(v.counts[s * 9:s * 9 + 9]) for s in range(3)]
    if kong_tiles == 3:
        for s in v.sets:
            if s.kind == "kong" and s.tile < 27:
                per_suit[s.tile // 9] -= 1
    return max(per_suit)



# --- Sichuan, the two-player game, rule-file games (rb-files adds here) -------------------------------------
