"""A rule book as data (:class:`RuleBook`) and the rule set that scores with it (:class:`BookRuleSet`).

A :class:`RuleBook` is what a rule file says, checked and parsed: tile set, wildcards, winning forms, flow
parameters, rule rows, exclusion policy, aggregation, rounding, cap, minimum and payments.  :func:`ruleset_class`
turns one into a :class:`~mahjong.framework.RuleSet` subclass with its own validated ``Config`` (the file's options)
and ``Context`` (the usual win facts plus the file's own), usable by :func:`mahjong.score`, the report layer, the
CLI and the engine.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache, partial
from typing import Any, ClassVar, NamedTuple

from mahjong._kernels import backend_module as K
from mahjong.errors import (
    ContextError,
    HandError,
    MeldError,
    NotWinningError,
    RulesError,
    listed,
    register_file_texts,
    register_names,
)
from mahjong.framework import (
    RuleSet,
    ScoreItem,
    ScoreResult,
    WinContext,
    arithmetic_details,
    zero_sum_payments,
)
from mahjong.hand import Hand, MeldKind
from mahjong.rulebook.expr import (
    BUILTINS,
    Compiled,
    Node,
    Value,
    as_int,
    compiled,
    evaluate,
    evaluate_int,
    fold,
    names_in,
)
from mahjong.rulebook.options import describe
from mahjong.rulebook.predicates import COUNTS, FACTS, FUNCTIONS, PREDICATES, SET_LOCAL_NAMES
from mahjong.rulebook.reading import (
    Reading,
    build_reading,
    field_names,
    set_reading,
    split_wildcards,
    win_facts,
    win_placements,
)
from mahjong.rulebook.rows import SET_ROWS, RuleRow
from mahjong.rulebook.strategies import (
    Bonus,
    Payment,
    Shares,
    Totals,
    aggregate,
    all_pairs_settlement,
    apply_exclusions,
    pairwise_differences,
    payments,
    share_of,
    share_payments,
    totals_of,
)
from mahjong.rules import HandRules
from mahjong.settlement import (
    Draw,
    HandRecord,
    Kong,
    Settlement,
    Win,
    check_record_for,
    check_robbed_kongs,
    context_for,
    lines_from_net,
    settle_by_wins,
)
from mahjong.settlement import Payment as SettledPayment
from mahjong.tiles import is_flower, parse_tiles, suit_of, tile_name
from mahjong.types import Decomposition, Form

__all__ = ["RuleBook", "Flow", "SettlementRules", "WildcardPoints", "BookRuleSet", "BestReading", "ruleset_class",
           "next_kinds", "describe_value", "compiled_scorer", "WinDerivation", "NO_WIN",
           "WORKED_OUT_FACTS"]

_FORM_OF = {"regular": Form.REGULAR, "seven_pairs": Form.SEVEN_PAIRS, "thirteen_orphans": Form.THIRTEEN_ORPHANS,
            "honors_and_knitted": Form.HONORS_AND_KNITTED, "thirteen_lan": Form.THIRTEEN_LAN}
#: each winning form in words (English, Chinese), for the message of a hand that does not win
_FORM_WORDS = {"regular": ("four sets and a pair", "四副面子加一对将"), "seven_pairs": ("seven pairs", "七对"),
               "thirteen_orphans": ("thirteen orphans", "十三幺"),
               "honors_and_knitted": ("honors and knitted tiles", "全不靠"),
               "thirteen_lan": ("thirteen unrelated tiles", "十三烂")}
register_names(_FORM_WORDS.values())


@dataclass(frozen=True)
class Flow:
    """How the game is played: the parameters of the engine's flow hooks."""

    chows: bool = True
    multiple_winners: bool = False
    winners_to_end: int = 1
    reserve: int = 0
    dealer: str = "next"
    birds: int = 0
    bird_hits: str = "159"
    declare_ready: bool = False


@dataclass(frozen=True)
class WildcardPoints:
    """Points for the wildcards each seat holds, settled between every pair of seats (a file's
    ``[wildcards.points]``; 南昌 算精).  Every amount is an expression of the options.

    A seat's raw points are ``first`` per copy of the first wildcard kind it holds (hand and melds; 正精) plus
    ``second`` per copy of the second (副精), plus ``kong`` when it holds a kong of a wildcard kind (精杠).  From
    ``breakthrough`` raw points on (冲关; None: never), n points become n × (n − ``breakthrough_offset``).  When
    exactly one seat holds any wildcard, its points are multiplied by ``sole_holder`` (霸王精).  Each seat then
    pays every other seat that seat's points.  ``at_draw``: a drawn hand (nobody won) settles them too.
    """

    first: Node
    second: Node
    kong: Node
    breakthrough: Node | None
    breakthrough_offset: Node
    sole_holder: Node
    at_draw: Node


@dataclass(frozen=True)
class SettlementRules:
    """How a whole hand settles beyond its wins (a file's ``[settlement]`` table; amounts are expressions of the
    options).  Kongs pay as they happen (刮风下雨); each win pays as it happens, only players still in play pay;
    at the wall's end the checks of :meth:`BookRuleSet.wall_end_checks` run (查花猪, 查大叫, 退税).

    Attributes:
        melded_kong_discarder: a kong on a discard (直杠): what the discarder pays at once.
        melded_kong_others: a kong on a discard: what each other player still in play pays too.
        added_kong: an added kong (面下杠 / 补杠): what each other player still in play pays.
        concealed_kong: a concealed kong (暗杠 / 下雨): what each other player still in play pays.
        kong_transfer: 呼叫转移 — on a win on the discard right after a kong, the kong's income passes to the
            (first) winner.
        ends_on_first_win: the hand ends with its first win (only other wins on the same discard may follow).
        flower_pig_penalty: 查花猪 — a player still holding all three suits at the wall's end pays each other
            player this (0 = no check).
        flower_pig_pays_won: the flower pig also pays players who have already won.
        not_ready_pays_best: 查大叫 — each player not ready (and not a flower pig) pays each ready player that
            player's best possible win on a discard.
        not_ready_refunds_kongs: 退税 — a player not ready at the wall's end gives back all its kong income.
    """

    melded_kong_discarder: Node
    melded_kong_others: Node
    added_kong: Node
    concealed_kong: Node
    kong_transfer: Node
    ends_on_first_win: Node
    flower_pig_penalty: Node
    flower_pig_pays_won: Node
    not_ready_pays_best: Node
    not_ready_refunds_kongs: Node


@dataclass(frozen=True)
class RuleBook:
    """A checked rule file.  Expressions are parsed trees (:mod:`mahjong.rulebook.expr`); nothing here runs code."""

    name: str
    zh: str
    en: str
    summary_zh: str
    summary_en: str
    aliases: tuple[str, ...]
    sources: tuple[str, ...]
    path: str
    tiles: tuple[int, ...]  #: the tile kinds in play (ids 0..33), four copies each
    flowers: bool
    hand_size: int
    wildcard_tiles: tuple[int, ...]
    wildcard_indicator: bool
    indicator_kinds: int
    wildcard_option: str | None
    forms: tuple[str, ...]
    self_draw_only: Node
    requires: Node | None
    requires_text: str
    lack_a_suit: bool
    flow: Flow
    exclusion: str
    aggregation: str
    formula: Node | None
    base: Node
    offset: Node
    hu_base: int
    #: hu_tai: at most this many doublings (an expression of the options); None = no cap
    tai_cap: Node | None
    round_up: int | None
    cap: Node | None
    minimum: Node
    unit: str
    points: Node
    payment: dict[str, Node | None]
    options: dict[str, tuple[str, Any, dict[str, Any]]]
    facts: dict[str, tuple[str, Any, dict[str, Any]]]
    rows: tuple[RuleRow, ...]
    checks: tuple[tuple[Node, str], ...]
    #: rows whose value / pattern flag is an expression of the options: key -> expression
    row_values: dict[str, Node] = field(default_factory=dict)
    row_patterns: dict[str, Node] = field(default_factory=dict)
    fan_cap: Node | None = None
    order: str = "fallbacks_first"
    report_wait: bool = True
    not_paying: str | None = None
    between_losers: str | None = None
    players: int = 4
    tiles_in_play: int | None = None
    robbing_kong_as_self_draw: bool = False
    #: the file is the table of the built-in rule set of the same name (scored with that rule set's hooks)
    builtin: bool = False
    #: a str option whose value picks the rows with a ``mode`` (rows of one variant of the table)
    mode_option: str | None = None
    #: how a whole hand settles (``[settlement]``): ``None`` = each win on its own
    settlement: SettlementRules | None = None
    #: rows whose value is an expression of the hand (a reading's names): key -> expression (rb-yh)
    row_hand_values: dict[str, Node] = field(default_factory=dict)
    #: rows whose value on a self-drawn win is an expression of the options: key -> expression (rb-jw)
    row_self_drawn_values: dict[str, Node] = field(default_factory=dict)
    #: (rbgames) the file's [[opening]], [[instant_wins]] and [horses]: a mahjong.rulebook.special.SpecialRules
    special: Any = None
    #: each check's message in Chinese (``error_zh``), in the order of ``checks``; "" = English only (rbspeed)
    check_texts_zh: tuple[str, ...] = ()
    #: the Chinese of each refusal's reason and of ``requires_text`` (``error_zh``, ``requires_text_zh``): the
    #: messages a player reads in one language
    refusal_texts_zh: tuple[str, ...] = ()
    requires_text_zh: str = ""
    # --- rbflow ---
    #: the play's own steps (``[flow]`` lack, forced_win_tiles, exchange_three, exchange_direction, winners_to_end,
    #: earthly, late_discard_tiles): key -> a constant or an expression of the options (:mod:`mahjong.rulebook.play`)
    play: dict[str, Node] = field(default_factory=dict)
    #: the options of the play (``[options.X] play = true``): given to the game, not to the scoring
    play_options: dict[str, tuple[str, Any, dict[str, Any]]] = field(default_factory=dict)
    #: honor sequences (three different winds, 中发白) are sets, claimable as chows (``[win] honor_sequences``)
    honor_sequences: bool = False
    #: the turned-up kind is wild itself, then the kinds after it: indicator_kinds in all (南昌 正精 / 副精)
    indicator_is_wild: bool = False
    #: where the turned-up tile is: the wall's last tile ("last") or counted by the dealer's dice from the wall's
    #: end, in stacks of two, the stack's upper tile ("dice_from_end")
    indicator_from: str = "last"
    #: the built-in rule set whose hooks this file's game takes (``variant_of``); None = the generic rule book
    variant_of: str | None = None
    #: readings that may not win, each with its reason (``[[win.refusals]]``)
    refusals: tuple[tuple[Node, str], ...] = ()
    # --- rbwuhu ---
    #: each reading is scored at every place the winning tile can take in it (``[win] placements``); None = never
    placements: Node | None = None
    #: with placements: the 押 of each placed reading (the fact ``ya`` the library's ``press`` reads)
    press: Node | None = None
    #: between readings of the same value, the one with more of this is kept (None: its fan)
    tie_break: Node | None = None
    #: what the minimum is compared with, on the best reading (None: the hand's value)
    minimum_of: Node | None = None
    #: the reason of a win below the minimum ({value}, {minimum}); "" = the usual one
    minimum_text: str = ""
    #: numbers the result's details show: (key, expression of the best reading, its counted rows and total)
    details: tuple[tuple[str, Node], ...] = ()
    # --- rbjinshan ---
    #: rows of this group are hands worth the cap outright (``[scoring] limit_group``; 直接辣子); None = none
    limit_group: str | None = None
    #: a bool win fact: the winning tile is a wildcard the winner drew (``[wildcards] drawn_win``)
    drawn_win: str | None = None
    # --- Nanchang's 精 settlement ---
    #: points for the wildcards each seat holds, settled between every pair of seats (``[wildcards.points]``);
    #: None = none
    wildcard_points: WildcardPoints | None = None
    # --- what Nanchang's and Yuhuan's own scorers did, as book keys ---
    #: a wildcard won on a discard is a plain tile while this holds (``[wildcards] discarded_plain``, an expression
    #: of the options); with ``[win] placements`` a winning wildcard that is not is placed at every kind it stands
    #: for; None = the book does not say (a wildcard won on is a wildcard, placed as the winning tile's own kind
    #: unless ``drawn_win``)
    discarded_plain: Node | None = None
    #: which reading is kept: the largest "value" (before rounding and the cap), the largest "total" (after them,
    #: then ``tie_break``) or the one the payers pay most for ("payments")
    best: str = "value"
    #: rows of this group are flat wins while ``flat_when`` holds (``[scoring] flat_group``); None = none
    flat_group: str | None = None
    flat_when: Node | None = None
    #: the win paid by shares (``[payment.shares]``: self_draw, discarder, others, unit, dealer_doubling,
    #: pays_for_all, cap); None = the [payment] keys above
    shares: dict[str, Node | None] | None = None
    #: flat amounts payers add to their shares (``[[payment.bonuses]]``): (amount, payers, zh, en)
    bonuses: tuple[tuple[Node, Node, str, str], ...] = ()
    #: a reading for which this holds is worth the cap outright, its rows all shown (腊子); None = never
    cap_when: Node | None = None
    #: the words for each wait of a placed reading, shown where a row's name writes {wait}: wait -> (zh, en)
    wait_names: dict[str, tuple[str, str]] = field(default_factory=dict)

    @cached_property
    def hand_rules(self) -> HandRules:
        """The shapes the kernels read for this game."""
        honors = any(t >= 27 for t in self.tiles)
        return HandRules(
            hand_size=self.hand_size,
            seven_pairs="seven_pairs" in self.forms,
            thirteen_orphans="thirteen_orphans" in self.forms,
            knitted="honors_and_knitted" in self.forms,
            thirteen_lan="thirteen_lan" in self.forms,
            honor_sequences=self.honor_sequences,
            no_honors=not honors,
            lack_a_suit=self.lack_a_suit,
            max_wildcards=min(8, self.max_wildcards),
        )

    @property
    def max_wildcards(self) -> int:
        """Wildcard copies a hand may hold at most."""
        if self.wildcard_indicator:
            return 4 * self.indicator_kinds - self.indicator_is_wild  # (the turned-up tile is in no hand)
        return sum(1 if t >= 34 else 4 for t in set(self.wildcard_tiles))  # (a flower is one tile)


def next_kinds(indicator: int, n: int, in_play: tuple[int, ...]) -> tuple[int, ...]:
    """The ``n`` tile kinds after ``indicator`` (9 → 1 within a suit, 北 → 东, 白 → 中), skipping kinds not in
    play."""
    def nxt(t: int) -> int:
        if t < 27:
            return t - 8 if t % 9 == 8 else t + 1
        if t < 31:
            return 27 if t == 30 else t + 1
        return 31 if t == 33 else t + 1

    out: list[int] = []
    t = indicator
    for _ in range(40):
        t = nxt(t)
        if t in in_play and t not in out and t != indicator:
            out.append(t)
        if len(out) == n:
            break
    return tuple(out)


def describe_value(book: RuleBook, key: str) -> tuple[str, str] | None:
    """How a row whose value is an expression of the hand (``row_hand_values``) is worth, in Chinese and English,
    for a table shown without a hand: ``"全是幺九字时 4，否则 2"`` / ``"4 if every tile …, else 2"``.  ``None`` for a
    row with a plain value."""
    node = book.row_hand_values.get(key)
    if node is None:
        return None
    return _spoken(node, book, "zh"), _spoken(node, book, "en")


_SPOKEN_OPS = {"and": ("且", "and"), "or": ("或", "or")}


def _spoken(node: Node, book: RuleBook, lang: str) -> str:
    """An expression in words (the library's and the file's own names for what it reads)."""
    zh = lang == "zh"
    op = node.op
    if op == "num":
        if isinstance(node.value, bool):
            return ("是" if node.value else "否") if zh else ("true" if node.value else "false")
        return str(node.value)
    if op == "str":
        return str(node.value)
    if op == "name":
        name = str(node.value)
        entry = PREDICATES.get(name) or COUNTS.get(name)
        if entry is not None:
            return entry.zh if zh else entry.en
        if name in FACTS:
            return FACTS[name][0 if zh else 1]
        meta = (book.facts.get(name) or book.options.get(name) or ("", None, {}))[2]
        return str(meta.get("zh" if zh else "en") or name)
    args = [_spoken(a, book, lang) for a in node.args]
    if op == "call" and node.value == "pick" and len(args) == 3:
        nested = [(f"（{a}）" if zh else f"({a})") if n.op == "call" and n.value == "pick" else a
                  for a, n in zip(args, node.args)]
        return f"{nested[0]}时 {nested[1]}，否则 {nested[2]}" if zh else f"{nested[1]} if {nested[0]}, else {nested[2]}"
    if op == "call":
        entry = FUNCTIONS.get(str(node.value))
        head = str(node.value) if entry is None else (entry.zh if zh else entry.en.split(":")[0])
        return f"{head}({', '.join(args)})"
    if op in _SPOKEN_OPS:
        word = _SPOKEN_OPS[op][0 if zh else 1]
        return word.join(args) if zh else f" {word} ".join(args)
    if op == "not":
        return ("非" if zh else "not ") + args[0]
    if op == "neg":
        return "-" + args[0]
    return f"{args[0]} {op} {args[1]}"


#: per book (by id, the book kept to guard against a reused id): the library entries its expressions name


class TablePlan:
    """A table as one configuration reads it on one kind of win (self-drawn or not), worked out once: the rows
    the options leave (:meth:`BookRuleSet._rows_for`: options put in, rows switched off or always false left out),
    each with its compiled ``when`` / ``count`` and, for a value written as an expression of the hand, its compiled
    value; a row priced apart on a self-draw carries that price; rows that can never count (no ``when`` and no
    ``count``) are dropped.  ``stage1`` are read first, ``stage2`` (fallbacks reading what stage 1 counted) after;
    ``has_stage2``: the table has stage-2 rows at all; ``excludes``: some row strikes another (else the exclusion
    policy is not run); ``local``: the runs of per-set rows (by their ``blocks`` entry) that read only what one set
    and the seat wind give (:data:`~mahjong.rulebook.predicates.SET_LOCAL_NAMES`), whose lines for a set are kept
    in ``set_lines`` (at most 3 kinds × 34 tiles × concealed or not × claimed or not × 4 winds per run)."""

    __slots__ = ("stage1", "stage2", "has_stage2", "excludes", "blocks", "local", "set_lines")

    def __init__(self, plan: tuple[tuple[RuleRow, Compiled | None, Compiled | None], ...], self_drawn: bool,
                 book: RuleBook) -> None:
        stage1: list[tuple[RuleRow, Compiled | None, Compiled | None, Compiled | None]] = []
        stage2: list[tuple[RuleRow, Compiled, Compiled | None, Compiled | None]] = []
        self.has_stage2 = False
        # the run of rows counted per set (SET_ROWS) each stage-1 row belongs to: the place of the run's first
        # row in the table as the configuration reads it, -1 for a row counted once (the compiled evaluator
        # finds the same runs in its image's rows)
        blocks: list[int] = []
        run_start = -1
        for at, (r, when, count) in enumerate(plan):
            run_start = (run_start if run_start >= 0 else at) if r.group == SET_ROWS and r.stage == 1 else -1
            if r.stage == 1 and (when is not None or count is not None):
                blocks.append(run_start)
            if self_drawn and r.self_drawn_value is not None:  # a row priced apart on a self-draw (rb-jw)
                r = dataclasses.replace(r, value=r.self_drawn_value)
            valued = compiled(book.row_hand_values[r.key]) if r.key in book.row_hand_values else None
            if r.stage == 2:
                self.has_stage2 = True
                if r.when is not None:
                    stage2.append((r, compiled(r.when), None if r.count is None else compiled(r.count), valued))
            elif when is not None or count is not None:
                stage1.append((r, when, count, valued))
        self.stage1 = tuple(stage1)
        self.stage2 = tuple(stage2)
        self.blocks = tuple(blocks)
        read: dict[int, set[str]] = {}
        for (r, *_fns), start in zip(stage1, blocks):
            if start >= 0:
                for node in (r.when, r.count, r.rename_when, book.row_hand_values.get(r.key)):
                    if node is not None:
                        names, calls = names_in(node)
                        read.setdefault(start, set()).update(names, calls - set(BUILTINS))
        self.local = frozenset(start for start, names in read.items() if names <= SET_LOCAL_NAMES)
        self.set_lines: dict[tuple[Any, ...], list[tuple[RuleRow, int]]] = {}
        self.excludes = book.exclusion != "simultaneous" or any(r.excludes or r.implied for r, *_ in stage1)


class BestReading(NamedTuple):
    """The best reading of a hand as :meth:`BookRuleSet.score` goes on from it: its counted rows as score items,
    the reading, its wait, its value (before rounding and the cap), the counted rows' totals, whether the win
    rule (``requires``) holds on it, what the minimum is compared with on it (``minimum_of``), the book's
    ``[[details]]`` on it (given the total) — each a function, read only where the book has it and the result
    needs it — and whether it is a reading at a place of the winning tile (its wait is then reported)."""

    items: list[ScoreItem]
    reading: Decomposition
    wait: str | None
    value: int
    counted: Totals
    requires: Callable[[], bool]
    minimum_of: Callable[[], int]
    details: Callable[[int], dict[str, Any]]
    placed: bool = False
    #: the reading is a flat win (``[scoring] flat_group``): its one item is paid flat by every other player
    flat: bool = False


#: book facts ([facts]) the rule book works out itself where a book declares them, from the hand and the wildcards
#: each seat holds (:meth:`BookRuleSet.worked_out_facts`); the hand core works them out alike
WORKED_OUT_FACTS: frozenset[str] = frozenset({"others_hold_wildcards", "waited_on_any_tile"})


class WinDerivation(NamedTuple):
    """What :meth:`BookRuleSet.score` works out of a checked hand and its scoring context before it reads the
    hand (:meth:`BookRuleSet.win_derivation`), once for the rule book and the compiled evaluator alike: the wild
    kinds, whether a wildcard won on a discard is a plain tile (``[wildcards] discarded_plain``), the wildcard
    tiles the readings hold (None where no row needs them), the wildcards each seat holds
    (:meth:`BookRuleSet.wildcard_holdings`) and the values of the book's facts not read off the context
    (:attr:`BookRuleSet.facts_not_given`)."""

    wild_kinds: frozenset[int]
    plain_win: bool
    taken: tuple[int, ...] | None
    holdings: tuple[list[Any], list[bool]] | None
    facts: dict[str, Any]


#: the answer of the compiled evaluator for a hand that does not win under the book (no reading of its forms, or
#: every reading refused): the rule book reads the hand again only to word the reason for a caller who asks
NO_WIN: Any = object()

#: the compiled evaluator's best reading of a checked hand (``(rule set, hand, scoring context, the hand's
#: derivation) -> BestReading``, :data:`NO_WIN`, or None where the rule book must read the hand itself),
#: installed by :mod:`mahjong.rulebook.evaluator` when it is imported (the rule book does not import its compiler)
compiled_scorer: list[Callable[[Any, Hand, WinContext, WinDerivation], Any] | None] = [None]


class BookRuleSet(RuleSet[Any]):
    """A rule set read from a rule book.  Subclasses are made per book by :func:`ruleset_class`."""

    book: ClassVar[RuleBook]

    @property
    def hand_rules(self) -> HandRules:
        return self.book.hand_rules

    @property
    def rows(self) -> tuple[RuleRow, ...]:
        """The book's rows under this configuration (values and pattern flags written as expressions of the
        options are resolved)."""
        got: tuple[RuleRow, ...] | None = self.__dict__.get("_rows")
        if got is None:
            b = self.book
            opts = self._options()
            got = tuple(
                dataclasses.replace(
                    r,
                    value=evaluate_int(b.row_values[r.key], opts, BUILTINS) if r.key in b.row_values else r.value,
                    pattern=bool(evaluate(b.row_patterns[r.key], opts, BUILTINS)) if r.key in b.row_patterns
                    else r.pattern,
                    self_drawn_value=evaluate_int(b.row_self_drawn_values[r.key], opts, BUILTINS)
                    if r.key in b.row_self_drawn_values else r.self_drawn_value,
                ) if r.key in b.row_values or r.key in b.row_patterns or r.key in b.row_self_drawn_values else r
                for r in b.rows
            )
            self.__dict__["_rows"] = got
        return got

    @property
    def _row_tables(self) -> RowTables:
        """Tables of :attr:`rows` (each row's group and place, the names ``row_KEY`` all false), made once and
        kept here with the rows: a table kept in a cache of the module would keep a rule file's rows alive."""
        got: RowTables | None = self.__dict__.get("_row_tables_")
        if got is None:
            rows = self.rows
            got = self.__dict__["_row_tables_"] = RowTables(
                {r.key: r.group for r in rows}, {r.key: i for i, r in enumerate(rows)},
                {f"row_{r.key}": False for r in rows})
        return got

    def _plan_for(self, opts: Mapping[str, Any]) -> tuple[tuple[RuleRow, Compiled | None, Compiled | None], ...]:
        """:meth:`_rows_for` with each row's ``when`` and ``count`` as compiled functions."""
        rows = self._rows_for(opts)
        cached = self.__dict__.get("_plan")
        if cached is not None and cached[0] is rows:
            return cached[1]  # type: ignore[no-any-return]
        plan = tuple((r, None if r.when is None else compiled(r.when), None if r.count is None else compiled(r.count))
                     for r in rows)
        self.__dict__["_plan"] = (rows, plan)
        return plan

    def _table_plan(self, opts: Mapping[str, Any], self_drawn: bool) -> TablePlan:
        """How :meth:`count_rows` reads the table under a configuration, worked out once per configuration and
        kind of win (:class:`TablePlan`)."""
        plan = self._plan_for(opts)
        cached: tuple[Any, dict[bool, TablePlan]] | None = self.__dict__.get("_table_plans")
        if cached is None or cached[0] is not plan:
            cached = self.__dict__["_table_plans"] = (plan, {})
        by_kind = cached[1]
        got = by_kind.get(self_drawn)
        if got is None:
            got = by_kind[self_drawn] = TablePlan(plan, self_drawn, self.book)
        return got

    def _rows_for(self, opts: Mapping[str, Any]) -> tuple[RuleRow, ...]:
        """:attr:`rows` as a configuration reads them on a hand: rows switched off by an option or another mode
        left out, the options put into each predicate (:func:`~mahjong.rulebook.expr.fold`); kept for the last
        options asked."""
        cached = self.__dict__.get("_scored")
        if cached is not None and (cached[0] is opts or cached[0] == opts):
            return cached[1]  # type: ignore[no-any-return]
        mode = None if self.book.mode_option is None else opts[self.book.mode_option]
        folded = (
            dataclasses.replace(r, when=None if r.when is None else fold(r.when, opts),
                                count=None if r.count is None else fold(r.count, opts))
            for r in self.rows
            if (r.option is None or opts[r.option]) and (r.mode is None or r.mode == mode)
        )
        never = ("num", False)
        got = tuple(r for r in folded if r.when is None or (r.when.op, r.when.value) != never)
        self.__dict__["_scored"] = (opts if opts is self.__dict__.get("_opts") else dict(opts), got)
        return got

    # --- the environment expressions read ------------------------------------------------------------------

    def _options(self) -> dict[str, Any]:
        """The options by name (the config is frozen: worked out once; callers must not change the dict)."""
        got: dict[str, Any] | None = self.__dict__.get("_opts")
        if got is None:
            config_type: type = type(self.config)
            got = self.__dict__["_opts"] = {n: getattr(self.config, n) for n in field_names(config_type)}
        return got

    def _value(self, node: Node | None, names: Mapping[str, Any], default: Value | None = None,
               functions: Mapping[str, Any] = BUILTINS) -> Value | None:
        if node is None:
            return default
        got = self._constants().get(id(node), _VARIES)
        if got is not _VARIES:
            return default if got is None else got  # type: ignore[return-value]
        if node.op == "name" and node.value in names and names[str(node.value)] is None:
            return default  # an int_or_none option set to none: no cap, no bonus
        return evaluate(node, names, functions)

    def _option_constants(self) -> dict[int, Value | None]:
        """The book's scoring and payment expressions that read only options, worked out once for this
        configuration (``id(node)`` -> value; ``None`` = an int_or_none option set to none)."""
        b = self.book
        opts = self._options()
        out: dict[int, Value | None] = {}
        nodes = [b.base, b.offset, b.fan_cap, b.cap, b.minimum, b.points, b.self_draw_only, b.formula,
                 *b.payment.values()]
        for node in nodes:
            if node is None or id(node) in out:
                continue
            used, called = names_in(node)
            if not used <= opts.keys() or called - BUILTINS.keys():
                continue
            if node.op == "name" and opts[str(node.value)] is None:
                out[id(node)] = None
                continue
            try:
                out[id(node)] = evaluate(node, opts, BUILTINS)
            except RulesError:
                continue  # (left for the hand, which raises it)
        return out

    def _reading_env(self, v: Reading, opts: Mapping[str, Any],
                     merged: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The names and functions a row's expressions read on one reading (the library's predicates and counts
        are computed once, when first read).  ``merged``: the options and the reading's win facts already put
        together by :func:`reading_base` (the same for every reading of a hand)."""
        names = ReadingNames(v, opts if merged is None else merged, merged is not None)
        return names, ReadingFunctions(v)

    def wildcard_kinds(self, ctx: WinContext) -> frozenset[int]:
        """The tile kinds that are wild in this hand."""
        b = self.book
        if b.wildcard_option is not None and not getattr(self.config, b.wildcard_option):
            return frozenset()
        if b.wildcard_indicator:
            ind = getattr(ctx, "indicator", None)
            if ind is None:
                raise ContextError(f"{b.name}: the wildcards come from a turned-up tile: give the win fact "
                                   "indicator (e.g. indicator=5m)")
            return frozenset(indicated_kinds(b, ind))
        return frozenset(b.wildcard_tiles)

    # --- checks ---------------------------------------------------------------------------------------------

    def set_aside(self, hand: Hand, written: Hand | str, context: WinContext | None
                  ) -> tuple[Hand, WinContext | None]:
        """Tiles the game sets aside before a hand is scored (玉环's 杠花), taken out of the hand (``written``: the
        hand as the caller gave it) and counted in the win context: a rule set's hook, before the hand is checked.
        The book sets nothing aside."""
        return hand, context

    def check_hand(self, hand: Hand) -> None:
        self.check_hand_tiles(hand)
        if self.flower_wildcards:
            n = self.tiles_held(hand)
            if n != self.book.hand_size + 1:
                raise HandError(code="book-wild-flower-count", n=n, ruleset=self.book.en or self.book.name,
                                size=self.book.hand_size + 1)
            return
        hand.check_size(self.book.hand_size, complete=True)

    @property
    def flower_wildcards(self) -> frozenset[int]:
        """The flowers that are wildcards (held among the flowers: 金山 百搭), when the wildcards are on."""
        got: frozenset[int] | None = self.__dict__.get("_flower_wildcards")
        if got is None:
            b = self.book
            on = b.wildcard_option is None or bool(getattr(self.config, b.wildcard_option))
            got = self.__dict__["_flower_wildcards"] = frozenset(t for t in b.wildcard_tiles if t >= 34 and on)
        return got

    def tiles_held(self, hand: Hand) -> int:
        wild = self.flower_wildcards
        return hand.tile_count + (sum(1 for f in hand.flowers if f in wild) if wild else 0)

    def _winning_tile(self, h: Hand, hand: Hand | str, ctx: WinContext) -> Hand:
        """A hand whose wildcards are flowers: its winning tile, by the notation's rule (the last concealed tile
        written) unless it is a wildcard the winner drew (``[wildcards] drawn_win``)."""
        b = self.book
        drawn = b.drawn_win is not None and bool(getattr(ctx, b.drawn_win))
        if drawn and not any(f in self.flower_wildcards for f in h.flowers) and not any(
                t in b.wildcard_tiles for t in h.concealed):
            raise ContextError(code="book-drawn-no-wildcard", fact=b.drawn_win)
        if h.win_tile is None and not drawn:
            win = _last_concealed_written(hand) if isinstance(hand, str) else None
            if win is None:
                if b.drawn_win is not None:
                    raise HandError(code="book-no-win-tile-drawn", fact=b.drawn_win)
                raise HandError(code="book-no-win-tile")
            h = Hand(h.concealed, h.melds, h.flowers, win)
        return h

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx_cls = self.Context
        if context is None:
            return ctx_cls()
        if isinstance(context, ctx_cls):
            return context
        own = {f.name for f in dataclasses.fields(ctx_cls)}
        return ctx_cls(**{f.name: getattr(context, f.name) for f in dataclasses.fields(context) if f.name in own})

    def readings(self, hand: Hand, wild_kinds: frozenset[int], plain_win: bool = False) -> list[Decomposition]:
        """The kernels' readings of a hand in the book's forms.  ``plain_win``: the winning tile, of a wild kind,
        is a plain tile of its kind (a wildcard won on a discard: ``[wildcards] discarded_plain``)."""
        real, wild = split_wildcards(hand.concealed, wild_kinds)
        if plain_win:
            assert hand.win_tile is not None
            real[hand.win_tile] += 1
            wild -= 1
        if self.flower_wildcards:
            wild += sum(1 for f in hand.flowers if f in wild_kinds)
        if self.book.lack_a_suit:
            counts = hand.all_counts
            held = {t // 9 for t in range(27) if counts[t] and t not in wild_kinds}
            if len(held) == 3:
                raise NotWinningError(code="book-lack-a-suit", ruleset=self.book.en or self.book.name)
        forms = {_FORM_OF[f] for f in self.book.forms}
        out = [d for d in K.decompositions(bytes(real), wild, self.hand_rules) if d.form in forms]
        if not out:
            raise NotWinningError(code="rule-book-not-win", ruleset=self.book.en or self.book.name,
                                  forms=listed(_FORM_WORDS[f][0] for f in self.book.forms))
        return out

    # --- scoring --------------------------------------------------------------------------------------------

    def count_rows(self, v: Reading, opts: Mapping[str, Any],
                   env: tuple[dict[str, Any], dict[str, Any]] | None = None, plan: TablePlan | None = None
                   ) -> list[tuple[RuleRow, int]]:
        """The rows counted for one reading and how many times each counts (stage-2 fallbacks first).

        The rows are read from the configuration's :class:`TablePlan`: options put in, rows that can never count
        left out, each expression compiled, a self-drawn win's prices already in (``plan``: a plan of some of the
        rows instead, such as the rows a loser's own total counts)."""
        names, funcs = self._reading_env(v, opts) if env is None else env
        if plan is None:
            plan = self._table_plan(opts, v.context.self_drawn)
        applying: list[RuleRow] = []
        times: dict[int, int] = {}  # (by line: a row counted per set has a line for each set it holds for)
        stage1, blocks = plan.stage1, plan.blocks
        i = 0
        while i < len(stage1):
            if blocks[i] < 0:
                line = _row_line(*stage1[i], names, funcs)
                i += 1
                if line is not None:
                    applying.append(line[0])
                    times[id(line[0])] = line[1]
                continue
            j = i
            while j < len(stage1) and blocks[j] == blocks[i]:
                j += 1
            lines = (self._set_lines(v, opts, stage1[i:j]) if blocks[i] not in plan.local
                     else self._local_set_lines(v, opts, stage1[i:j], plan, blocks[i]))
            for line in lines:
                applying.append(line[0])
                times[id(line[0])] = line[1]
            i = j
        counted = apply_exclusions(self.book.exclusion, applying) if plan.excludes else applying
        first: list[RuleRow] = []
        if plan.has_stage2:
            names.update(names_for(self._row_tables, [(r, 1) for r in counted]))
            funcs["counted_outside"] = lambda g: sum(1 for r in counted if r.group != g)
            for row in plan.stage2:
                line = _row_line(*row, names, funcs)
                if line is not None:
                    first.append(line[0])
                    times[id(line[0])] = line[1]
        if self.book.order == "patterns_first":
            place = self._row_tables.places
            chosen = sorted((*first, *counted), key=lambda r: (not r.pattern, place[r.key]))
            return [(r, times[id(r)]) for r in chosen]
        return [(r, times[id(r)]) for r in (*first, *counted)]

    def _set_lines(self, v: Reading, opts: Mapping[str, Any],
                   block: Sequence[tuple[RuleRow, Compiled | None, Compiled | None, Compiled | None]]
                   ) -> list[tuple[RuleRow, int]]:
        """A run of rows counted per set (``group = "set"``) on a reading: set by set (declared melds first),
        each row read on that set alone (:func:`~mahjong.rulebook.reading.set_reading`), one line for each set it
        holds for — the row with that line's value, the set's tile as its text and, where its other name's
        condition holds on the set, that name (so the item shows it whatever the whole reading holds)."""
        out: list[tuple[RuleRow, int]] = []
        for s in v.sets:
            names, funcs = self._reading_env(set_reading(v, s), opts)
            for row in block:
                line = _row_line(*row, names, funcs)
                if line is None:
                    continue
                r = line[0]
                changed: dict[str, Any] = {"text": tile_name(s.tile), "rename_when": None}
                if r.rename_when is not None and evaluate(r.rename_when, names, funcs):
                    changed.update(name_zh=r.rename_zh, name_en=r.rename_en or r.name_en)
                out.append((dataclasses.replace(r, **changed), line[1]))
        return out

    def _local_set_lines(self, v: Reading, opts: Mapping[str, Any],
                         block: Sequence[tuple[RuleRow, Compiled | None, Compiled | None, Compiled | None]],
                         plan: TablePlan, start: int) -> list[tuple[RuleRow, int]]:
        """:meth:`_set_lines` of a run that reads only what each set and the seat wind give (``plan.local``): each
        set's lines worked out once for the plan and kept."""
        kept = plan.set_lines
        wind = v.context.wind
        out: list[tuple[RuleRow, int]] = []
        for s in v.sets:
            key = (start, s.kind, s.tile, s.concealed, s.claimed, s.members, wind)
            got = kept.get(key)
            if got is None:
                got = kept[key] = self._set_lines(dataclasses.replace(v, sets=(s,)), opts, block)
            out += got
        return out

    def _items(self, lines: list[tuple[RuleRow, int]], v: Reading, opts: Mapping[str, Any],
               env: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[ScoreItem]:
        if env is None:  # the reading's names are only needed for a row that may show another name
            env = self._reading_env(v, opts) if any(r.rename_when is not None for r, _ in lines) else ({}, {})
        names, funcs = env
        items = []
        words = wait_words(self.book, v.wait)
        for r, n in lines:
            renamed = r.rename_when is not None and bool(evaluate(r.rename_when, names, funcs))
            zh, en = row_names(r, renamed, words)
            items.append(ScoreItem(r.key, zh, en, r.value, n, r.unit, r.text))
        return items

    def _hand_value(self, lines: list[tuple[RuleRow, int]], names: Mapping[str, Any]) -> int:
        b = self.book
        t = totals_of(lines)
        if b.aggregation == "formula":
            env = dict(names)
            env.update(fan=t.fan, hu=t.hu, tai=t.tai, pt=t.pt, x=t.x)
            return int(self._value(b.formula, env, 0) or 0)
        base = int(self._value(b.base, names, 1) or 0)
        offset = int(self._value(b.offset, names, 1) or 0)
        if b.aggregation == "powers":
            fan_cap = self._value(b.fan_cap, names)
            fan = t.fan if fan_cap is None else min(t.fan, int(fan_cap))
            return base * t.x * (1 << max(0, fan - offset)) + t.pt
        tai_cap = self._value(b.tai_cap, names)
        return aggregate(b.aggregation, t, base=base, offset=offset, hu_base=b.hu_base,
                         tai_cap=None if tai_cap is None else int(tai_cap))

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a winning hand by the rule book: the best reading's value, its rounding, cap and minimum, and
        the payments.  A win the book does not allow (a discard in a self-draw-only game, a requirement not met)
        is returned with ``valid=False`` and the reason."""
        got = self._score(hand, context, True)
        assert got is not None
        return got

    def offered_score(self, hand: Hand, context: WinContext) -> ScoreResult | None:
        """:meth:`score` for a win the game offers, None where the hand does not win: a hand the compiled
        evaluator finds no winning reading of is not read again by the rule book (only :meth:`score` words the
        reason).  A rule set that scores its own way keeps :meth:`score`."""
        if type(self).score is not BookRuleSet.score:
            return super().offered_score(hand, context)
        checked, ctx = self._score_args(hand, context)
        return self._score(checked, ctx, False)

    def win_derivation(self, h: Hand, ctx: WinContext) -> WinDerivation:
        """What the hand's scoring reads besides the hand and the context's own facts (:class:`WinDerivation`),
        for a checked hand and its scoring context."""
        b = self.book
        holdings = self.wildcard_holdings(h, ctx)
        wild_kinds = self.wildcard_kinds(ctx)
        plain_win = (b.discarded_plain is not None and not ctx.self_drawn and h.win_tile in wild_kinds
                     and bool(self._value(b.discarded_plain, self._options(), False)))
        derived = self.facts_not_given
        taken: tuple[int, ...] | None = None
        if b.discarded_plain is not None or derived:
            wild_tiles = [t for t in h.concealed if t in wild_kinds]
            if plain_win:
                wild_tiles.remove(h.win_tile)  # type: ignore[arg-type]  # (a wildcard won on a discard is plain)
            taken = tuple(wild_tiles)
        facts: dict[str, Any] = {}
        if derived:
            facts.update(self.worked_out_facts(h, ctx, holdings, taken or ()))
            if self.derived_facts:
                facts.update(self.win_facts(h, ctx, holdings, taken or ()))
        return WinDerivation(wild_kinds, plain_win, taken, holdings, facts)

    @property
    def facts_not_given(self) -> frozenset[str]:
        """The book's facts not read off the win context: the rule set's :attr:`derived_facts` and the
        :data:`WORKED_OUT_FACTS` the book declares."""
        got: frozenset[str] | None = self.__dict__.get("_facts_not_given")
        if got is None:
            got = self.__dict__["_facts_not_given"] = self.derived_facts | (
                WORKED_OUT_FACTS & frozenset(self.book.facts))
        return got

    def worked_out_facts(self, hand: Hand, ctx: WinContext, holdings: tuple[list[Any], list[bool]] | None,
                         wildcard_tiles: tuple[int, ...]) -> dict[str, Any]:
        """The :data:`WORKED_OUT_FACTS` the book declares (and the rule set does not derive itself), for a win:
        ``others_hold_wildcards``, a seat other than the winner holds a wildcard (hand or melds, as
        :meth:`wildcard_holdings` says: none where the rule set reads no holdings; 德中德), and
        ``waited_on_any_tile``, before the winning tile the hand with its wildcard tiles wild (``wildcard_tiles``)
        was complete with any tile (精钓; worked out only when a row reads it: a zero-argument callable, as the
        library's predicates are)."""
        wanted = WORKED_OUT_FACTS.intersection(self.book.facts) - self.derived_facts
        out: dict[str, Any] = {}
        if "others_hold_wildcards" in wanted:
            held = holdings[0] if holdings is not None else []
            out["others_hold_wildcards"] = any(any(h) for s, h in enumerate(held) if s != ctx.winner)
        if "waited_on_any_tile" in wanted:
            known: list[bool] = []  # worked out once, the first time a row reads it

            def waited_on_any_tile() -> bool:
                if not known:
                    known.append(self._waited_on_any_tile(hand, wildcard_tiles))
                return known[0]

            out["waited_on_any_tile"] = waited_on_any_tile
        return out

    def _waited_on_any_tile(self, hand: Hand, wildcard_tiles: tuple[int, ...]) -> bool:
        """Before the winning tile, the hand with its wildcard tiles wild was complete with any tile (the kernels'
        ``waits(...).any_tile``): the concealed tiles but the wildcards and the winning tile (a wildcard drawn as
        the winning tile is one wildcard fewer)."""
        wild = len(wildcard_tiles)
        if wild == 0 or hand.win_tile is None:
            return False
        before = list(hand.counts)
        for t in wildcard_tiles:
            before[t] -= 1
        if before[hand.win_tile] > 0:
            before[hand.win_tile] -= 1
        else:  # the winning tile is itself one of the wildcards
            wild -= 1
        return wild > 0 and bool(K.waits(bytes(before), wild, self.hand_rules).any_tile)

    def _score(self, hand: Hand | str, context: WinContext | None, explain: bool) -> ScoreResult | None:
        """:meth:`score`; with ``explain`` false None where the compiled evaluator finds the hand wins not."""
        b = self.book
        h, context = self.set_aside(self._hand(hand), hand, context)
        self.check_hand(h)
        ctx = self.context(h, context)
        if self.flower_wildcards or b.drawn_win is not None:
            h = self._winning_tile(h, hand, ctx)
        paying_ctx = ctx
        if b.robbing_kong_as_self_draw and ctx.robbing_kong:
            # scored as a self-draw (抢杠 记分按自摸计); the konger is still the one who pays
            ctx = dataclasses.replace(ctx, discarder=None, robbing_kong=False)
        opts = self._options()
        plain: dict[str, Any] = dict(opts)
        plain.update({n: getattr(ctx, n) for n in field_names(type(ctx))})
        melds = h.melds
        plain.update(self_drawn=ctx.self_drawn, winner_is_dealer=ctx.winner_is_dealer, melds=len(melds),
                     kongs=sum(1 for m in melds if m.is_kong),
                     claimed_melds=sum(1 for m in melds if not m.is_concealed))
        derived = self.facts_not_given
        extra = {k: fact_value(kind, getattr(ctx, k)) for k, (kind, _d, _m) in b.facts.items() if k not in derived}
        plain.update(extra)
        failed = self._first_check(plain, BUILTINS)
        if failed >= 0:
            raise ContextError(f"{b.name}: {b.checks[failed][1]}")
        derivation = self.win_derivation(h, ctx)
        holdings, wild_kinds, plain_win, taken = (derivation.holdings, derivation.wild_kinds, derivation.plain_win,
                                                  derivation.taken)
        if derived:
            extra.update(derivation.facts)
            plain.update(derivation.facts)
        names = plain  # (read, never changed, from here on)
        scorer = compiled_scorer[0]
        best = None if scorer is None else scorer(self, h, paying_ctx, derivation)
        if best is NO_WIN:
            if not explain:
                return None
            best = None  # (the rule book reads the hand again for the reason it raises)
        if best is None:
            best = self._best_reading(h, ctx, opts, names, extra, wild_kinds, taken, plain_win)
        if best.flat:
            return self._flat_result(best, ctx, holdings)
        items, reading, v_wait, value, counted, requires, minimum_of, details_of, placed, _flat = best
        if b.aggregation == "hu_tai":  # the doubling the 台 give, as an item of its own
            tai_cap = self._value(b.tai_cap, names)
            used = counted.tai if tai_cap is None else min(counted.tai, int(tai_cap))
            items = [*items, ScoreItem("multiplier", "台数翻倍", "doubling per tai (2^tai)", 2 ** used, 1, "x",
                                       f"{counted.tai} 台" + ("" if tai_cap is None else f", at most {tai_cap}"))]
        details: dict[str, Any] = {"value": value, "fan": counted.fan}
        steps: list[tuple[str, str]] = [(f"合计 {value}", f"value {value}")]
        if b.aggregation == "powers":
            steps += self._powers_steps(counted, names, details)
        elif b.aggregation == "product":  # the value is worked out in its own line
            steps = self._product_steps(counted, names, details)
        elif b.aggregation == "hu_tai":
            steps = self._hu_tai_steps(counted, names, value)
        total = value
        if b.round_up:
            total = self._rounded(value, names, capped=False)
            if total != value:
                steps.append((f"进到 {b.round_up} 的倍数: {total}",
                              f"rounded up to a multiple of {b.round_up}: {total}"))
        cap = self._value(b.cap, names)
        if cap is not None and total > int(cap):
            total = int(cap)
            steps.append((f"封顶 {cap}", f"capped at {cap}"))
        valid, reason = True, None
        if self._value(b.self_draw_only, names, False) and not ctx.self_drawn:
            valid, reason = False, f"{b.en or b.name} allows only a self-drawn win"
        elif b.requires is not None and not requires():
            valid, reason = False, (f"{b.en or b.name} does not allow this win: "
                                    f"{b.requires_text or 'the hand does not meet the win rule'}")
        else:
            minimum = int(self._value(b.minimum, names, 0) or 0)
            compared = total if b.minimum_of is None else minimum_of()
            if compared < minimum:
                valid = False
                reason = (b.minimum_text.format(value=compared, minimum=minimum) if b.minimum_text
                          else f"{b.en or b.name}: below the minimum of {self._value(b.minimum, names, 0)}")
        points = int(self._value_with_total(b.points, names, total, total) or 0)
        functions = _group_values(self._row_tables, items)
        rule = self._payment_rule(names, total, functions)
        seats = self.seats
        if b.not_paying is not None:
            seats = tuple(s for s in seats if s not in getattr(ctx, b.not_paying))
        discarder = paying_ctx.discarder
        if discarder is None:
            alone = int(self._value(b.payment["self_draw_payer"], names, -1) or 0)
            discarder = alone if alone >= 0 else None
        payer_node = b.payment.get("payer")
        if payer_node is not None:  # a seat that alone pays the win, whoever discarded
            alone = int(self._value_with_total(payer_node, names, total, -1, functions) or 0)
            discarder = alone if alone >= 0 else discarder
        if b.shares is not None:
            return self._shares_result(best, total, steps[1:], details, ctx, paying_ctx, names, holdings, valid,
                                       reason)
        by_payer: dict[int, int] = {}
        birds_on = getattr(ctx, "bird_seats", None) if b.flow.bird_hits == "seat" else None
        if birds_on is not None:  # 扎鸟: one more share for each bird on the winner and on the payer
            share = int(self._value_with_total(b.payment["bird_share"], names, total, 0, functions) or 0)
            by_payer = {s: share * (birds_on[ctx.winner] + birds_on[s]) for s in seats if s != ctx.winner}
        owed = payments(points, ctx.winner, discarder, ctx.dealer, seats, rule, by_payer) if valid else {}
        steps.append((f"每家 {points}" + (f" + {rule.bonus}" if rule.bonus else ""),
                      f"each payer {points}" + (f" + {rule.bonus}" if rule.bonus else "")))
        if len(owed) == 1:
            (payer, amount), = owed.items()
            steps.append((f"由 {payer} 号座位付 {amount}", f"{amount} paid by seat {payer}"))
        if birds_on is not None:
            steps.append((f"扎鸟 {listed(birds_on)}: 胡牌者和付分者身上每只鸟多付 {share}",
                          f"birds by seat {listed(birds_on)}: {share} more for each bird on the winner or the payer"))
        pay = zero_sum_payments(ctx.winner, owed)
        if valid and b.between_losers is not None and getattr(ctx, b.between_losers) is not None:
            won = pay
            pay, lines_between = self._between_losers(pay, ctx, getattr(ctx, b.between_losers))
            steps += lines_between
            details.update({b.between_losers: [0 if s == ctx.winner else v
                                               for s, v in enumerate(getattr(ctx, b.between_losers))],
                            "win_payments": list(won), "loser_settlement": [a - w for a, w in zip(pay, won)]})
        details.update(points_per_payer=points, payers=sorted(owed))
        if b.details:
            details.update(details_of(total))
        details.update(arithmetic_details(*steps))
        wait = v_wait if b.report_wait or placed else None
        return ScoreResult(self.name, tuple(items), total, b.unit, reading, wait, valid, pay, reason, details)

    def _best_reading(self, h: Hand, ctx: WinContext, opts: Mapping[str, Any], names: Mapping[str, Any],
                      extra: Mapping[str, Any], wild_kinds: frozenset[int], taken: tuple[int, ...] | None = None,
                      plain_win: bool = False) -> BestReading:
        """The rule book's best reading of a checked hand: every reading built (with ``[win] placements``: at each
        place of the winning tile, its 押 by ``[win] press``; a wildcard drawn as the winning tile at each kind it
        stands for), its rows counted (a hand of the ``limit_group`` worth the cap outright), a reading the book
        refuses (``[[win.refusals]]``) left out, the largest (value, tie-break) kept (the tie-break: its fan, or
        ``[scoring] tie_break``; the first of them in the kernels' order).  With ``[scoring] best = "total"`` the
        value compared is the total after rounding and the cap; a reading for which ``[scoring] cap_when`` holds is
        worth the cap; a wildcard won on a discard is a plain tile where ``[wildcards] discarded_plain``
        holds, and stands for any tile otherwise."""
        b = self.book
        best: tuple[tuple[int, int], list[tuple[RuleRow, int]], Decomposition, Reading, Any, int] | None = None
        facts = win_facts(ctx, extra)
        merged = reading_base(opts, facts)
        placing = b.placements is not None and bool(self._value(b.placements, names, False))
        find_wait = _reads_wait(b) and not placing  # (a placed reading has the wait of its place)
        drawn = placing and b.drawn_win is not None and bool(names[b.drawn_win])
        if b.discarded_plain is not None and h.win_tile in wild_kinds:  # a wildcard is the winning tile
            drawn = placing and not plain_win  # (one not plain stands for any tile: placed at each kind it may be)
        limit = None if b.limit_group is None and b.cap_when is None else self._value(b.cap, names)
        by_total = b.best == "total"
        refused: str | None = None
        # flat wins, the reading the payers pay most for, readings alike scored once
        flat = b.flat_group is not None and bool(self._value(b.flat_when, names, True))
        by_payments = b.best == "payments"
        share_rule = self._shares_rule(names) if by_payments else None
        early = self.__dict__.get("_early_refusals")
        if early is None:
            early = self.__dict__["_early_refusals"] = bool(b.refusals) and not _refusals_read_rows(b)
        classes: set[Any] = set()
        flat_hit = False
        for d in (self.readings(h, wild_kinds, True) if plain_win else self.readings(h, wild_kinds)):
            if not placing:
                cls = self.reading_class(d, taken if taken is not None else ())
                if cls is not None:
                    if cls in classes:
                        continue  # (alike in all the rows read: the same rank, so never kept over the first)
                    classes.add(cls)
            v = build_reading(h, d, ctx, self.hand_rules, wild_kinds, extra, find_wait=find_wait, facts=facts,
                              wildcard_tiles=taken)
            for c in (self._placed(v, opts, set(d.wildcards) if drawn else None) if placing else (v,)):
                env = self._reading_env(c, opts, None if placing else merged)
                if early:  # (refusals that read no counted row: a refused reading's rows are never counted)
                    reason = self._refusal(env, [])
                    if reason is not None:
                        refused = refused or reason
                        continue
                lines = self.count_rows(c, opts, env)
                held = None if limit is None or b.limit_group is None else _limited(lines, b.limit_group,
                                                                                     int(limit))
                if held is not None:
                    lines = held
                elif b.cap_when is not None and limit is not None and evaluate(b.cap_when, *env):
                    held = lines  # (worth the cap, its rows as counted)
                if b.refusals and not early:
                    reason = self._refusal(env, lines)
                    if reason is not None:
                        refused = refused or reason
                        continue
                if flat:
                    row = next((r for r, _n in lines if r.group == b.flat_group), None)
                    if row is not None:  # the win is that row alone, paid flat (on the first reading that may win)
                        best = ((row.value, 0), [(dataclasses.replace(row, unit="pt"), 1)], d, c, env, row.value)
                        flat_hit = True
                        break
                if by_payments:
                    value = self._hand_value(lines, names)
                    assert share_rule is not None
                    owed = share_payments(value, ctx.winner, ctx.discarder, ctx.dealer, self.seats, share_rule,
                                          self._bonuses(names, totals_of(lines), [r.key for r, _n in lines], ctx))
                    rank = (sum(owed.values()), 0)
                    if best is None or rank > best[0]:
                        best = (rank, lines, d, c, env, value)
                    continue
                if b.tie_break is None:
                    tie = totals_of(lines).fan
                elif by_total:  # (the tie-break may read the reading's totals)
                    t = totals_of(lines)
                    tie = evaluate_int(b.tie_break, _with(env[0], {"hu": t.hu, "tai": t.tai, "fan": t.fan,
                                                                   "pt": t.pt, "x": t.x}),
                                       _with_group_value(env[1], lines))
                else:
                    tie = evaluate_int(b.tie_break, env[0], _with_group_value(env[1], lines))
                worth = int(limit) if held is not None else self._hand_value(lines, names)  # type: ignore[arg-type]
                rank = (self._rounded(worth, names) if by_total else worth, tie)
                if best is None or rank > best[0]:
                    best = (rank, lines, d, c, env, worth)
            if flat_hit:
                break
        if best is None:
            if refused is not None:
                raise NotWinningError(f"no reading of the hand may win here: {refused}")
            raise NotWinningError(code="book-win-tile-no-place", ruleset=b.en or b.name)
        _rank, lines, reading, v, env, value = best
        rnames, rfuncs = env
        counted = totals_of(lines)
        scoring = {"value": value, "fan": counted.fan, "hu": counted.hu, "tai": counted.tai, "pt": counted.pt,
                   "x": counted.x}

        def requires() -> bool:
            assert b.requires is not None
            return bool(evaluate(b.requires, _with(rnames, names_for(self._row_tables, lines)), rfuncs))

        def minimum_of() -> int:
            assert b.minimum_of is not None
            return evaluate_int(b.minimum_of, _with(rnames, scoring), _with_group_value(rfuncs, lines))

        def details(total: int) -> dict[str, Any]:
            dnames = _with(rnames, {**names_for(self._row_tables, lines), **scoring, "total": total})
            dfuncs = _with_group_value(rfuncs, lines)
            return {key: evaluate(node, dnames, dfuncs) for key, node in b.details}

        return BestReading(self._items(lines, v, opts, env), reading, v.wait, value, counted, requires,
                           minimum_of, details, placing, flat_hit)

    def _rounded(self, value: int, names: Mapping[str, Any], capped: bool = True) -> int:
        """A value rounded up by ``[scoring] round_up`` and (``capped``) held to the cap: the hand's total."""
        b = self.book
        total = -(-value // b.round_up) * b.round_up if b.round_up else value
        if capped:
            cap = self._value(b.cap, names)
            if cap is not None and total > int(cap):
                total = int(cap)
        return total

    def _refusal(self, env: tuple[dict[str, Any], dict[str, Any]], lines: list[tuple[RuleRow, int]]) -> str | None:
        """Why the book refuses a reading (the first of its ``[[win.refusals]]`` that holds on it, its rows
        counted), or None."""
        rnames = _with(env[0], names_for(self._row_tables, lines))
        rfuncs = _with_group_value(env[1], lines)
        for when, reason in self.book.refusals:
            if evaluate(when, rnames, rfuncs):
                return reason
        return None

    def _placed(self, v: Reading, opts: Mapping[str, Any], kinds: set[int] | None = None) -> list[Reading]:
        """The reading at each place of its winning tile (:func:`~mahjong.rulebook.reading.win_placements`; a
        wildcard drawn as the winning tile: at each of ``kinds``), each with its 押 (the fact ``ya``) by the
        book's ``[win] press``."""
        press = self.book.press
        out = []
        for p in win_placements(v, kinds):
            if press is not None:
                ya = evaluate_int(press, *self._reading_env(p, opts))
                p = dataclasses.replace(p, facts={**p.facts, "ya": ya})
            out.append(p)
        return out

    # --- what a configuration works out once ----------------------------------------------------------------

    def _first_check(self, names: Mapping[str, Any], functions: Mapping[str, Any]) -> int:
        """The place of the first of the book's checks that holds (a win fact the game does not allow), or -1."""
        for i, (check, _message) in enumerate(self.book.checks):
            if evaluate(check, names, functions):
                return i
        return -1

    def _constants(self) -> dict[int, Value | None]:
        constants: dict[int, Value | None] | None = self.__dict__.get("_option_values")
        if constants is None:
            constants = self.__dict__["_option_values"] = self._option_constants()
        return constants

    def _value_with_total(self, node: Node | None, names: Mapping[str, Any], total: int,
                          default: Value | None, functions: Mapping[str, Any] = BUILTINS) -> Value | None:
        """:meth:`_value` of an expression that may read the hand's ``total`` too."""
        if node is None:
            return default
        got = self._constants().get(id(node), _VARIES)
        if got is not _VARIES:
            return default if got is None else got  # type: ignore[return-value]
        return self._value(node, {**names, "total": total}, default, functions)

    def _payment_rule(self, names: Mapping[str, Any], total: int, functions: Mapping[str, Any] = BUILTINS
                      ) -> Payment:
        """Who pays how (the book's ``[payment]``), worked out once when it reads only options (``functions``:
        the built-ins and group_value of the counted rows)."""
        got: Payment | None = self.__dict__.get("_payment")
        if got is not None:
            return got
        b = self.book
        f = functions
        rule = Payment(
            all_pay_on_discard=bool(self._value(b.payment["all_pay_on_discard"], names, False, f)),
            discarder_pays_for_all=bool(self._value(b.payment["discarder_pays_for_all"], names, False, f)),
            dealer_doubles=bool(self._value(b.payment["dealer_doubles"], names, False, f)),
            bonus=int(self._value_with_total(b.payment["bonus"], names, total, 0, f) or 0),
            cap=None if b.payment["cap"] is None else int(self._value(b.payment["cap"], names, None, f) or 0),
            dealer_bonus=int(self._value(b.payment["dealer_bonus"], names, 0, f) or 0),
            dealer_factor=int(self._value(b.payment.get("dealer_factor"), names, 1, f) or 0),
        )
        constants = self._constants()
        if all(b.payment.get(k) is None or id(b.payment[k]) in constants
               for k in ("all_pay_on_discard", "discarder_pays_for_all", "dealer_doubles", "bonus", "cap",
                         "dealer_bonus", "dealer_factor")):
            self.__dict__["_payment"] = rule
        return rule

    def _powers_steps(self, t: Totals, names: Mapping[str, Any], details: dict[str, Any]) -> list[tuple[str, str]]:
        """The lines of ``base × 2^(fan − offset)`` (and the details ``capped_fan``, ``multiplier``)."""
        b = self.book
        base = int(self._value(b.base, names, 1) or 0)
        offset = int(self._value(b.offset, names, 1) or 0)
        fan_cap = self._value(b.fan_cap, names)
        capped = t.fan if fan_cap is None else min(t.fan, int(fan_cap))
        mult = 1 << max(0, capped - offset)
        details.update(capped_fan=capped, multiplier=mult, base=base)
        steps = [(f"番数 {t.fan}" + (f"，封顶 {capped}" if capped != t.fan else ""),
                  f"fan {t.fan}" + (f", capped at {capped}" if capped != t.fan else "")),
                 (f"底分 {base} × 2^({capped}−{offset}) = {base * mult}",
                  f"base {base} × 2^({capped}-{offset}) = {base * mult}")]
        if t.x != 1 or t.pt:
            got = base * mult * t.x + t.pt
            steps.append((f"加倍 ×{t.x}，加分 {t.pt}：{got}", f"doubled ×{t.x}, plus {t.pt}: {got}"))
        return steps

    def _hu_tai_steps(self, t: Totals, names: Mapping[str, Any], value: int) -> list[tuple[str, str]]:
        """The line of ``胡 × 2^台`` (the 台 that count, at most ``tai_cap``), and a hand worth the cap outright."""
        b = self.book
        tai_cap = self._value(b.tai_cap, names)
        used = t.tai if tai_cap is None else min(t.tai, int(tai_cap))
        hu = b.hu_base + t.hu
        raw = hu * 2 ** used
        over = tai_cap is not None and t.tai > used
        steps = [(f"胡数 {hu} × 2^{used}台 = {raw}" + (f"（{t.tai} 台，最多计 {tai_cap}）" if over else ""),
                  f"hu {hu} × 2^{used} tai = {raw}" + (f" ({t.tai} tai, at most {tai_cap} count)" if over else ""))]
        if value != raw:  # (cap_when: worth the cap outright)
            steps.append((f"按封顶计 {value}", f"worth the cap outright: {value}"))
        return steps

    def _product_steps(self, t: Totals, names: Mapping[str, Any], details: dict[str, Any]) -> list[tuple[str, str]]:
        """The line of ``base × the multipliers`` (广东推倒胡: 底分 2 × 无鬼加倍 2 = 4), and the detail ``base``."""
        base = int(self._value(self.book.base, names, 1) or 0)
        details["base"] = base
        plus = f" + {t.pt}" if t.pt else ""
        return [(f"底分 {base} × 倍数 {t.x}{plus} = {base * t.x + t.pt}",
                 f"base {base} × multipliers {t.x}{plus} = {base * t.x + t.pt}")]

    def _between_losers(self, pay: tuple[int, ...], ctx: WinContext,
                        values: tuple[int, ...]) -> tuple[tuple[int, ...], list[tuple[str, str]]]:
        """输家互算: every pair of losers settles the difference of their values (the smaller pays the larger)."""
        losers = {s: values[s] for s in self.seats if s != ctx.winner}
        net = list(pay)
        steps: list[tuple[str, str]] = []
        for (payer, payee), amount in sorted(pairwise_differences(losers).items()):
            net[payer] -= amount
            net[payee] += amount
            steps.append((f"输家互算: {payer} 号付 {payee} 号 {amount}",
                          f"losers settle: seat {payer} pays seat {payee} {amount}"))
        return tuple(net), steps

    # --- nanchang25: hooks a rule set gives what its context cannot say, and the payment by shares -----------

    #: book facts ([facts]) the rule set works out itself (:meth:`win_facts`) instead of reading them off the win
    #: context; none here
    derived_facts: ClassVar[frozenset[str]] = frozenset()

    def win_facts(self, hand: Hand, ctx: WinContext, holdings: tuple[list[Any], list[bool]] | None,
                  wildcard_tiles: tuple[int, ...]) -> dict[str, Any]:
        """Hook: the values of :attr:`derived_facts` for a win (the hand, its context, the wildcards each seat
        holds (:meth:`wildcard_holdings`) and the wildcard tiles taken out of the hand).  None here."""
        return {}

    #: the win context's fields :meth:`wildcard_holdings` reads: the wildcards each seat holds, which the hand core
    #: counts itself from its state (the copies of the indicator's first and second wildcard kinds, hand and melds,
    #: and the kongs of the second kind); none here
    holdings_facts: ClassVar[frozenset[str]] = frozenset()

    def wildcard_holdings(self, hand: Hand, ctx: WinContext) -> tuple[list[Any], list[bool]] | None:
        """Hook: the wildcards each seat holds at a win (copies of each wildcard kind, hand and melds) and which
        seats hold a kong of one, checked against the hand, for the ``[wildcards.points]`` settlement paid with
        the win; None (here): no holdings are settled at a win."""
        return None

    def reading_class(self, d: Decomposition, wildcard_tiles: tuple[int, ...]) -> Any:
        """Hook (speed only): a key that readings alike in everything the book's rows read share, so that only
        the first of them is scored (a hand with several wildcards has thousands of readings and a handful of
        classes); None (here): every reading is scored."""
        return None

    def _payment_reads(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The names other than the options that ``[payment.shares]`` and ``[[payment.bonuses]]`` read (the win's
        facts; for the bonuses the counted rows' ``pt``, ``x`` and ``row_KEY`` too), worked out once."""
        got: tuple[tuple[str, ...], tuple[str, ...]] | None = self.__dict__.get("_payment_reads_")
        if got is None:
            b = self.book
            opts = self._options()
            shares = {n for node in (b.shares or {}).values() if node is not None for n in names_in(node)[0]}
            bonuses = {n for a, p, _zh, _en in b.bonuses for node in (a, p) for n in names_in(node)[0]}
            got = self.__dict__["_payment_reads_"] = (tuple(sorted(shares - opts.keys())),
                                                      tuple(sorted(bonuses - opts.keys())))
        return got

    def _shares_rule(self, names: Mapping[str, Any]) -> Shares:
        """The book's ``[payment.shares]`` under the options and the win's facts (kept for each value of the
        facts it reads: a handful)."""
        key = tuple(names[n] for n in self._payment_reads()[0])
        kept: dict[tuple[Any, ...], Shares] = self.__dict__.setdefault("_shares_rules", {})
        got = kept.get(key)
        if got is not None:
            return got
        sh = self.book.shares
        assert sh is not None
        cap = self._value(sh["cap"], names)
        got = Shares(self_draw_share=int(self._value(sh["self_draw"], names, 1) or 0),
                     discarder_share=int(self._value(sh["discarder"], names, 1) or 0),
                     other_share=int(self._value(sh["others"], names, 0) or 0),
                     unit=int(self._value(sh["unit"], names, 1) or 0),
                     dealer_doubling=str(self._value(sh["dealer_doubling"], names, "none")),
                     discarder_pays_for_all=bool(self._value(sh["pays_for_all"], names, False)),
                     cap=None if cap is None else int(cap))
        if len(kept) < 64:  # (the facts read are flags: bounded anyway)
            kept[key] = got
        return got

    def _bonuses(self, names: Mapping[str, Any], counted: Totals, keys: Sequence[str], ctx: WinContext
                 ) -> list[Bonus]:
        """The book's ``[[payment.bonuses]]`` on a reading whose counted rows total ``counted`` and have these
        ``keys``: each a flat amount added by the discarder alone (``payers = "discarder"``, on a discard win) or
        by every payer."""
        b = self.book
        if not b.bonuses:
            return []
        env: dict[str, Any] = dict(self._options())
        counted_keys = set(keys)
        for n in self._payment_reads()[1]:
            if n == "pt" or n == "x":
                env[n] = counted.pt if n == "pt" else counted.x
            elif n.startswith("row_") and n not in names:
                env[n] = n[4:] in counted_keys
            else:
                env[n] = names[n]
        out: list[Bonus] = []
        for amount_node, payers_node, zh, en in b.bonuses:
            amount = evaluate_int(amount_node, env, BUILTINS)
            if not amount:
                continue
            payers = evaluate(payers_node, env, BUILTINS)
            if payers not in ("discarder", "all"):
                raise RulesError(code="book-bonus-payers", book=b.name, value=repr(payers))
            out.append(Bonus({p: amount for p in self.seats if p != ctx.winner and (
                ctx.self_drawn or payers == "all" or p == ctx.discarder)}, zh, en))
        return out

    def _settle_holdings(self, holdings: tuple[list[Any], list[bool]] | None, ctx: WinContext,
                         win_pay: tuple[int, ...], details: dict[str, Any], steps: list[tuple[str, str]]
                         ) -> tuple[int, ...]:
        """The win's payments plus the wildcards each seat holds settled between every pair of seats (the book's
        ``[wildcards.points]``, 南昌 算精), with their details and lines."""
        if holdings is None:
            return win_pay
        held, kongs = holdings
        points = self.holding_points(held, kongs)
        net = all_pairs_settlement(points)
        ind = getattr(ctx, "indicator", None)
        details.update(jing=[tile_name(t) for t in indicated_kinds(self.book, ind)] if ind is not None else None,
                       jing_held=[list(x) for x in held], jing_points=points, jing_settlement=list(net))
        if any(net):
            pts = "，".join(f"{s} 号 {v}" for s, v in enumerate(points))
            pts_en = ", ".join(f"seat {s} {v}" for s, v in enumerate(points))
            moved = " ".join(f"{s}:{v:+d}" for s, v in enumerate(net))
            steps.append((f"精分 {pts}；每两家互付差额：{moved}", f"jing points {pts_en}; every pair of seats "
                          f"settles the difference: {moved}"))
        return tuple(a + b for a, b in zip(win_pay, net))

    def _flat_result(self, best: BestReading, ctx: WinContext, holdings: tuple[list[Any], list[bool]] | None
                     ) -> ScoreResult:
        """A flat win (``[scoring] flat_group``): its one row's value from every other player, nothing else."""
        owed = {p: best.value for p in self.seats if p != ctx.winner}
        return self._paid_result(best, best.value, "pt", owed, None, ctx, holdings, {}, [], True, None)

    def _shares_result(self, best: BestReading, total: int, steps: list[tuple[str, str]], details: dict[str, Any],
                       ctx: WinContext, paying_ctx: WinContext, names: Mapping[str, Any],
                       holdings: tuple[list[Any], list[bool]] | None, valid: bool, reason: str | None
                       ) -> ScoreResult:
        """A win paid by the book's ``[payment.shares]`` and ``[[payment.bonuses]]``."""
        rule = self._shares_rule(names)
        bonuses = self._bonuses(names, best.counted, [i.key for i in best.items], ctx)
        owed = share_payments(total, ctx.winner, paying_ctx.discarder, ctx.dealer, self.seats, rule, bonuses
                              ) if valid else {}
        shares = {p: share_of(total, p, ctx.winner, paying_ctx.discarder, ctx.dealer, rule, bonuses) for p in owed}
        return self._paid_result(best, total, self.book.unit, owed, shares, ctx, holdings, details, steps, valid,
                                 reason)

    def _paid_result(self, best: BestReading, total: int, unit: str, owed: dict[int, int],
                     shares: Mapping[int, Any] | None, ctx: WinContext,
                     holdings: tuple[list[Any], list[bool]] | None, details: dict[str, Any],
                     steps: list[tuple[str, str]], valid: bool, reason: str | None) -> ScoreResult:
        """The result of a win paid by shares or flat (after ``steps``, the value's own lines): each payer's
        line, the holdings settled, the sum."""
        steps = list(steps)
        for p in sorted(owed):
            share = None if shares is None else shares.get(p)
            if share is not None and share.amount == owed[p]:
                steps.append((f"{p} 号座位付：{share.zh}", f"seat {p} pays {share.en}"))
            else:
                steps.append((f"{p} 号座位付 {owed[p]}", f"seat {p} pays {owed[p]}"))
        win_pay = zero_sum_payments(ctx.winner, owed)
        pay = self._settle_holdings(holdings, ctx, win_pay, details, steps)
        details.update(win_payments=list(win_pay), owed={str(k): v for k, v in owed.items()})
        moved = " ".join(f"{s}:{v:+d}" for s, v in enumerate(pay))
        steps.append((f"合计 {moved}", f"in all {moved}"))
        details.update(arithmetic_details(*steps))
        wait = best.wait if self.book.report_wait or best.placed else None
        return ScoreResult(self.name, tuple(best.items), total, unit, best.reading, wait, valid, pay, reason,
                           details)

    # --- Nanchang's 精 settlement: points for the wildcards each seat holds ([wildcards.points]) -------------

    def _holding_amounts(self) -> tuple[int, int, int, int | None, int, int, bool]:
        """The file's ``[wildcards.points]`` under the options (first, second, kong, breakthrough, its offset,
        the sole holder's factor, at_draw), worked out once (the config is frozen)."""
        got: tuple[int, int, int, int | None, int, int, bool] | None = self.__dict__.get("_holding_amounts_")
        if got is None:
            wp = self.book.wildcard_points
            if wp is None:  # (a file without the table: the wildcards held are worth nothing)
                got = self.__dict__["_holding_amounts_"] = (0, 0, 0, None, 0, 1, False)
                return got
            names = self._options()

            def amount(node: Node) -> int:
                v = evaluate(node, names, BUILTINS)
                if not isinstance(v, int):
                    raise RulesError(f"[wildcards.points]: {v!r} is not a whole number")
                return int(v)

            got = (amount(wp.first), amount(wp.second), amount(wp.kong),
                   None if wp.breakthrough is None else amount(wp.breakthrough), amount(wp.breakthrough_offset),
                   amount(wp.sole_holder), bool(evaluate(wp.at_draw, names, BUILTINS)))
            self.__dict__["_holding_amounts_"] = got
        return got

    def holding_points(self, held: Sequence[Sequence[int]], kongs: Sequence[bool]) -> list[int]:
        """Each seat's points for the wildcards it holds, as the file's ``[wildcards.points]`` says
        (:class:`WildcardPoints`): ``held[seat]`` gives the copies of each wildcard kind the seat holds (hand and
        melds, in the order the indicator makes them wild: 正精, 副精), ``kongs[seat]`` whether it holds a kong of
        a wildcard kind (精杠)."""
        first, second, kong, threshold, offset, sole, _ = self._holding_amounts()
        raw = [first * h[0] + (second * h[1] if len(h) > 1 else 0) + (kong if k else 0)
               for h, k in zip(held, kongs)]
        points = [n * (n - offset) if threshold is not None and n >= threshold else n for n in raw]
        holders = [s for s, h in enumerate(held) if any(h)]
        if len(holders) == 1:
            points[holders[0]] *= sole
        return points

    def holdings_at_draw(self) -> bool:
        """A drawn hand (nobody won) settles the wildcards held too (``[wildcards.points] at_draw``)."""
        return self._holding_amounts()[6]

    def draw_settles_holdings(self) -> bool:
        """Hook: a drawn hand's whole settlement is the wildcards each seat holds, settled between every pair of
        seats by ``[wildcards.points]`` (nothing at all where ``at_draw`` is false), so the core may settle it
        (mahjong._core.core_holding_nets).  False here: the generic settlement pays no holdings; the rule set
        whose settle() does says so."""
        return False

    # --- a whole hand (the file's [settlement]) ------------------------------------------------------------

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        book = cls.__dict__.get("book")
        if book is not None:  # the file's check messages in both languages, for whoever raises them
            register_file_texts(zip((text for _node, text in book.checks), book.check_texts_zh))
            register_file_texts(zip((text for _node, text in book.refusals), book.refusal_texts_zh))
            register_file_texts([(book.requires_text, book.requires_text_zh)])
            register_names([(book.en or book.name, book.zh)])
        if book is not None and "settle" not in cls.__dict__ and (
                book.settlement is not None or book.flow.dealer in ("discarder", "dice") or _fished_win(book)
                or dealer_varies(book)):
            cls.settle = BookRuleSet.settle_by_book  # type: ignore[method-assign, assignment]
        # (a book without either settles each win on its own: the framework's RuleSet.settle)

    def settle_by_book(self, record: HandRecord) -> Settlement:
        """Settle a whole hand (the rule set's ``settle`` when its book has a ``[settlement]`` table or a dealer
        rule the record decides).  Without the table each win is settled on its own; with one, kongs pay as they
        happen (刮风下雨), each win pays as it happens and only players still in play pay (血战到底), and at the
        wall's end :meth:`wall_end_checks` run (查花猪, 查大叫, 退税)."""
        rules = self.book.settlement
        if rules is None:
            # (a game with the 海底捞月 phase has its one win after the wall's end)
            plain = settle_by_wins(self, record, one_win=False) if _fished_win(self.book) else RuleSet.settle(
                self, record)
            if dealer_rule(self) not in ("discarder", "dice"):
                return plain
            return Settlement(plain.ruleset, plain.lines, plain.net, plain.results,
                              {**plain.details, "next_dealer": self.next_dealer(record)})
        check_record_for(self, record)
        names = self._options()
        ends_on_first_win = bool(evaluate(rules.ends_on_first_win, names, BUILTINS))
        lines: list[SettledPayment] = []
        results: list[ScoreResult] = []
        won: list[int] = []
        kong_lines: dict[int, list[SettledPayment]] = {s: [] for s in self.seats}
        last_kong: dict[int, list[SettledPayment]] = {}
        transferred: set[int] = set()
        details: dict[str, Any] = {}
        events = record.events
        check_robbed_kongs(events)
        for i, ev in enumerate(events):
            if isinstance(ev, Kong):
                if ends_on_first_win and won:
                    raise ContextError(f"event {i}: the hand ended with the first win (普通场)")
                for s in (ev.seat, ev.from_seat):
                    if s is not None and s in won:
                        raise ContextError(f"event {i}: seat {s} has already won and left play (血战到底)")
                paid = [] if ev.robbed else self.kong_payments(ev, i, [s for s in self.seats if s not in won])
                lines += paid
                kong_lines[ev.seat] += paid
                last_kong[ev.seat] = paid
            elif isinstance(ev, Win):
                if any(isinstance(e, Draw) for e in events[:i]):
                    raise ContextError(f"event {i}: {record.ruleset}: no win after the wall's end (流局)")
                if ends_on_first_win and won and not _same_discard(events, i):
                    raise ContextError(f"event {i}: the hand ended with the first win (普通场); only other wins "
                                       "on the same discard (一炮多响) may follow")
                if len(won) >= self.book.flow.winners_to_end:
                    raise ContextError(f"event {i}: three players have already won; the hand is over")
                extra: dict[str, Any] = {}
                if self.book.not_paying is not None:
                    extra[self.book.not_paying] = frozenset(won)
                if ev.kong_replacement:
                    own = _last_kong(events, i, ev.seat)
                    if own is None:
                        raise ContextError(f"event {i}: 杠上花 needs a kong by seat {ev.seat} earlier in the record")
                    if own.kind == "melded" and "kong_from" not in ev.flags and "kong_from" in self.book.facts:
                        extra["kong_from"] = own.from_seat  # 点杠花: the kong was on this seat's discard
                if ev.after_kong_discard and (ev.discarder is None or _last_kong(events, i, ev.discarder) is None):
                    raise ContextError(f"event {i}: 杠上炮 needs a kong by the discarder earlier in the record")
                ctx = context_for(self, record, ev, **extra)
                result = self.score(ev.hand, ctx)
                results.append(result)
                note = "点炮" if ev.discarder is not None else "自摸"
                lines += lines_from_net(result.payments, "win", i, f"seat {ev.seat} 胡 ({note})", winner=ev.seat)
                if (ev.after_kong_discard and ev.discarder is not None and ev.discarder not in transferred
                        and evaluate(rules.kong_transfer, names, BUILTINS)):
                    # 呼叫转移: the kong just made by the discarder pays its income on to the (first) winner
                    transferred.add(ev.discarder)
                    moved = last_kong.get(ev.discarder, [])
                    income = sum(p.amount for p in moved)
                    if income:
                        lines.append(SettledPayment(ev.discarder, ev.seat, income, "kong.transfer", i, "呼叫转移"))
                        # that income is gone from the discarder: it cannot be refunded by them at a draw (退税)
                        kong_lines[ev.discarder] = [p for p in kong_lines[ev.discarder] if p not in moved]
                won.append(ev.seat)
            else:
                playing = [s for s in self.seats if s not in won]
                if len(playing) < 2:
                    raise ContextError(f"event {i}: three players have won; the hand ended without a draw")
                if ends_on_first_win and won:
                    raise ContextError(f"event {i}: the hand ended with the first win (普通场): no 流局")
                if sorted(ev.hands) != playing:
                    raise ContextError(
                        f"event {i}: the draw must give the final hand of every seat still in play "
                        f"({listed(playing)}), got seats {listed(sorted(ev.hands))}"
                    )
                lines += self.wall_end_checks(record, {s: ev.hand(s) for s in playing}, won, kong_lines, details)
        details["won"] = list(won)
        details["next_dealer"] = self.next_dealer(record)
        return Settlement.from_lines(record.ruleset, lines, results, details)

    def kong_payments(self, ev: Kong, i: int, in_play: list[int]) -> list[SettledPayment]:
        """刮风下雨: what a kong collects at once (event ``i``), from the players still in play."""
        rules = self.book.settlement
        assert rules is not None
        names = self._options()
        others = [s for s in in_play if s != ev.seat]
        out: list[SettledPayment] = []
        if ev.kind == "melded":
            assert ev.from_seat is not None
            discarder = evaluate_int(rules.melded_kong_discarder, names, BUILTINS)
            each = evaluate_int(rules.melded_kong_others, names, BUILTINS)
            if discarder:
                out.append(SettledPayment(ev.from_seat, ev.seat, discarder, "kong.melded", i, "刮风 直杠: 引杠者付"))
            if each:
                out += [SettledPayment(s, ev.seat, each, "kong.melded", i, "刮风 直杠: 其他未胡者付")
                        for s in others if s != ev.from_seat]
        elif ev.kind == "added":
            each = evaluate_int(rules.added_kong, names, BUILTINS)
            out += [SettledPayment(s, ev.seat, each, "kong.added", i, "刮风 面下杠") for s in others if each]
        else:
            each = evaluate_int(rules.concealed_kong, names, BUILTINS)
            out += [SettledPayment(s, ev.seat, each, "kong.concealed", i, "下雨 暗杠") for s in others if each]
        return out

    def wall_end_checks(self, record: HandRecord, hands: dict[int, Hand], won: list[int],
                        kong_lines: dict[int, list[SettledPayment]], details: dict[str, Any]) -> list[SettledPayment]:
        """The checks at the wall's end, on the final hands of the players still in play: 查花猪 (a player holding
        all three suits pays each other player), 查大叫 (a player not ready pays each ready player that player's
        best win, :meth:`best_possible`) and 退税 (a player not ready gives back its kong income)."""
        rules = self.book.settlement
        assert rules is not None
        names = self._options()
        playing = sorted(hands)
        pigs = [s for s in playing if self.book.lack_a_suit and is_flower_pig(hands[s])]
        best = {s: (0, None) if s in pigs else self.best_possible(hands[s], s, record.dealer) for s in playing}
        ready = [s for s in playing if best[s][1] is not None]
        not_ready = [s for s in playing if s not in ready]
        details.update(flower_pigs=pigs, ready=ready, best_possible={str(s): best[s][0] for s in ready})
        out: list[SettledPayment] = []
        penalty = evaluate_int(rules.flower_pig_penalty, names, BUILTINS)
        if penalty:  # 第一步: 查花猪
            pays_won = bool(evaluate(rules.flower_pig_pays_won, names, BUILTINS))
            receivers = [s for s in self.seats if s not in pigs and (pays_won or s not in won)]
            for pig in pigs:
                out += [SettledPayment(pig, r, penalty, "huazhu", None, "查花猪") for r in receivers]
        if evaluate(rules.not_ready_pays_best, names, BUILTINS):  # 第二步: 查大叫
            for payer in not_ready:
                if payer not in pigs:
                    out += [SettledPayment(payer, r, best[r][0], "dajiao", None, "查大叫") for r in ready]
        if evaluate(rules.not_ready_refunds_kongs, names, BUILTINS):  # 退税: kong income given back
            for s in not_ready:
                out += [SettledPayment(p.payee, p.payer, p.amount, "tuishui", p.event, "退税") for p in kong_lines[s]]
        return out

    def best_possible(self, hand: Hand, winner: int, dealer: int = 0) -> tuple[int, int | None]:
        """查大叫: the most a ready hand can win on a discard (from the next seat): (points, winning tile);
        (0, None) if the hand is not ready.  Every winning tile is scored; a tile that would give a hand the game
        does not allow (a third suit) is no win."""
        self.check_hand_tiles(hand)
        hand.check_size(self.book.hand_size, complete=False)
        if self.book.lack_a_suit and is_flower_pig(hand):
            return 0, None
        real, wild = split_wildcards(hand.concealed, frozenset())
        found: tuple[int, int | None] = (0, None)
        discarder = self.seats[(self.seats.index(winner) + 1) % len(self.seats)]
        held = hand.all_counts
        for t in K.waits(bytes(real), wild, self.hand_rules).tiles:
            if held[t] >= 4:  # all four copies already in the hand (e.g. a declared pung + one): no fifth
                continue
            complete = Hand(hand.concealed + (t,), hand.melds, (), t)
            if self.book.lack_a_suit and is_flower_pig(complete):
                continue
            r = self.score(complete, self.Context(winner=winner, discarder=discarder, dealer=dealer))
            if r.total > found[0]:
                found = (r.total, t)
        return found

    def check_hand_tiles(self, hand: Hand) -> None:
        """The tile set and the claims the game allows (any hand size)."""
        b = self.book
        if hand.flowers and not b.flowers:
            raise HandError(f"{b.name}: flowers are not part of this game's tile set")
        if not b.flow.chows:
            for m in hand.melds:
                if m.kind is MeldKind.CHOW:
                    raise MeldError(f"{b.name}: chow {m} cannot be claimed in this game (no chows: 不可以吃)")
        in_play: frozenset[int] | None = self.__dict__.get("_in_play")
        if in_play is None:
            in_play = self.__dict__["_in_play"] = frozenset(b.tiles)
        if in_play.issuperset(hand.concealed) and all(in_play.issuperset(m.tiles) for m in hand.melds):
            return
        for t in (*hand.concealed, *(x for m in hand.melds for x in m.tiles)):
            if t not in in_play:
                raise HandError(f"{b.name}: {tile_name(t)} is not in this game's tile set")

    def next_dealer(self, record: HandRecord) -> int | None:
        """The next hand's dealer by ``flow.dealer``: the first win's winner, its discarder (点炮者坐庄; the winner
        on a self-draw), the next seat, the dealer keeping it, or ``None`` = decided by dice.  After a 流局
        the dealer stays (连庄), except under ``next``."""
        rule = dealer_rule(self)
        if rule == "dice":
            return None
        wins = record.wins
        seats = list(self.seats)
        if rule == "next":
            return seats[(seats.index(record.dealer) + 1) % len(seats)] if record.dealer in seats else seats[0]
        if not wins:
            return record.dealer  # 流局则连庄
        first = wins[0]
        if rule == "discarder" and first.discarder is not None:
            return first.discarder
        if rule == "keep":
            return record.dealer if first.seat == record.dealer else seats[(seats.index(record.dealer) + 1)
                                                                            % len(seats)]
        return first.seat

    def describe_options(self) -> list[tuple[str, Any, str]]:
        """(option, current value, documentation) for every option, from the field metadata."""
        return [(d["name"], d["value"], " / ".join(x for x in (d["zh"], d["en"]) if x)
                 + (f" — source: {d['source']}" if d["source"] else "")) for d in describe(self.config)]


class ReadingNames(dict[str, Any]):
    """The names a row's expressions read on one reading: the options and win facts given, and the library's
    predicates and counts, each computed on first read and kept (a row table reads the same few many times)."""

    def __init__(self, v: Reading, given: Mapping[str, Any], merged: bool = False) -> None:
        super().__init__(given if merged else reading_base(given, v.facts))
        self.reading = v

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in PREDICATES or key in COUNTS

    def __missing__(self, key: str) -> Any:
        entry = PREDICATES.get(key) or COUNTS.get(key)
        if entry is None:
            raise KeyError(key)
        value = entry.fn(self.reading)
        self[key] = value
        return value


def reading_base(opts: Mapping[str, Any], facts: Mapping[str, Any]) -> dict[str, Any]:
    """The options and a reading's win facts in one table, without the names the library takes (the library's
    predicate wins over an option or fact of the same name)."""
    out = {**opts, **facts}
    for n in _shadowed(tuple(out)):
        del out[n]
    return out


class ReadingFunctions(dict[str, Any]):
    """The functions a row's expressions may call on one reading: the built-ins and the library's functions
    (bound to the reading when first called)."""

    def __init__(self, v: Reading) -> None:
        super().__init__()
        self.reading = v

    def get(self, key: str, default: Any = None) -> Any:
        got = dict.get(self, key)
        if got is not None:
            return got
        fn = BUILTINS.get(key)
        if fn is None:
            entry = FUNCTIONS.get(key)
            if entry is None:
                return default
            fn = partial(entry.fn, self.reading)
        self[key] = fn
        return fn

    def __missing__(self, key: str) -> Any:
        fn = self.get(key)
        if fn is None:
            raise KeyError(key)
        return fn


@lru_cache(maxsize=256)
def _shadowed(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(n for n in names if n in PREDICATES or n in COUNTS)


def wait_words(book: RuleBook, wait: str | None) -> tuple[str, str]:
    """The words (zh, en) a row's name shows for a reading's wait where it writes ``{wait}``
    (``[win.wait_names]``; none for a wait it does not name)."""
    return book.wait_names.get(wait or "", ("", ""))


def shows_wait(r: RuleRow) -> bool:
    """Whether a row's name, or its other name, shows the reading's wait (``{wait}``)."""
    return any("{wait}" in name for name in (r.name_zh, r.name_en, r.rename_zh, r.rename_en))


def row_names(r: RuleRow, renamed: bool, words: tuple[str, str]) -> tuple[str, str]:
    """A counted row's name as its item shows it (zh, en): its other name where that name's condition held, the
    wait's ``words`` in place of ``{wait}``."""
    zh, en = (r.rename_zh, r.rename_en or r.name_en) if renamed else (r.name_zh, r.name_en)
    if "{wait}" in zh or "{wait}" in en:  # the wait of a placed reading in the row's name
        zh, en = zh.replace("{wait}", words[0]), en.replace("{wait}", words[1])
    return zh, en


def _row_line(r: RuleRow, when: Compiled | None, count: Compiled | None, valued: Compiled | None,
              names: Mapping[str, Any], funcs: Mapping[str, Any]) -> tuple[RuleRow, int] | None:
    """A row of a table plan on one reading (a row with no ``when`` always applies): the row with its value on
    the reading and how many times it counts, or None where it does not."""
    if when is not None and not when(names, funcs):
        return None
    n = 1 if count is None else as_int(count(names, funcs))
    if n <= 0:
        return None
    return (r if valued is None else dataclasses.replace(r, value=as_int(valued(names, funcs)))), n


def _limited(lines: list[tuple[RuleRow, int]], group: str | None, cap: int) -> list[tuple[RuleRow, int]] | None:
    """A hand of the limit group (``[scoring] limit_group``: 直接辣子) is worth the cap outright: its first row of
    that group carries the cap, the others show 0, once each, and no other row counts; None when no row of the
    group counts."""
    first = True
    out: list[tuple[RuleRow, int]] = []
    for r, _n in lines:
        if r.group == group:
            out.append((dataclasses.replace(r, value=cap if first else 0), 1))
            first = False
    return out or None


def _with_group_value(funcs: dict[str, Any], lines: list[tuple[RuleRow, int]]) -> dict[str, Any]:
    """``funcs`` with ``group_value(g)``: the value of the counted rows of group g (value × times, added), in
    place (a reading's functions are not read again for another set of rows)."""
    funcs["group_value"] = lambda g: sum(r.value * n for r, n in lines if r.group == g)
    return funcs


def _group_values(tables: RowTables, items: list[ScoreItem]) -> dict[str, Any]:
    """The built-ins and ``group_value(g)`` of the counted rows, from the result's items (the payment's names)."""
    group = tables.groups
    return {**BUILTINS, "group_value": lambda g: sum(i.value * i.count for i in items if group.get(i.key) == g)}


class RowTables(NamedTuple):
    """A rule set's tables of its rows (:attr:`BookRuleSet._row_tables`)."""

    groups: dict[str, str]  # row key -> its group
    places: dict[str, int]  # row key -> its place in the table
    row_names: dict[str, Any]  # the names ``row_KEY``, all false


def _with(names: dict[str, Any], more: Mapping[str, Any]) -> dict[str, Any]:
    """``names`` with ``more`` added (in place: a reading's names are not read again after the win rule)."""
    names.update(more)
    return names


_VARIES = object()


def _refusals_read_rows(book: RuleBook) -> bool:
    """The book's ``[[win.refusals]]`` read the counted rows (``row_KEY``, ``counted``, ``group_value``): they
    are then read once the rows are counted, else before."""
    for when, _reason in book.refusals:
        used, called = names_in(when)
        if "counted" in used or "group_value" in called or any(n.startswith("row_") for n in used):
            return True
    return False


def _reads_wait(book: RuleBook) -> bool:
    """The book reads the wait: it reports it, or an expression names ``single_wait`` (worked out once a book,
    and kept in it: a cache of the module would keep alive every rule file loaded at run time)."""
    got: bool | None = book.__dict__.get("_reads_wait_")
    if got is None:
        nodes = [n for r in book.rows for n in (r.when, r.count, r.rename_when) if n is not None]
        nodes += [n for n in (book.requires,) if n is not None]
        got = book.report_wait or any("single_wait" in names_in(n)[0] for n in nodes)
        object.__setattr__(book, "_reads_wait_", got)
    return got


def _fished_win(book: RuleBook) -> bool:
    """The game has the two-player 海底捞月 phase: a ready player's win on a tile fished after the wall ran out
    (``flow.declare_ready`` and a bool fact ``haidi``)."""
    return book.flow.declare_ready and book.facts.get("haidi", ("",))[0] == "bool"


def is_flower_pig(hand: Hand) -> bool:
    """花猪: a hand still holding all three suits (declared melds included): it can never win where a winning hand
    must lack a suit (缺一门)."""
    counts = hand.all_counts
    return len({suit_of(t) for t in range(27) if counts[t]}) == 3


def _last_kong(events: tuple[Any, ...], i: int, seat: int) -> Kong | None:
    """The last kong declared by ``seat`` before event ``i``."""
    for ev in reversed(events[:i]):
        if isinstance(ev, Kong) and ev.seat == seat:
            return ev
    return None


def _same_discard(events: tuple[Any, ...], i: int) -> bool:
    """Event ``i`` is a win on the same discard as the win right before it (一炮多响)."""
    ev, prev = events[i], events[i - 1] if i > 0 else None
    return (isinstance(ev, Win) and isinstance(prev, Win) and ev.discarder is not None
            and ev.discarder == prev.discarder and ev.robbing_kong == prev.robbing_kong)


def names_for(tables: RowTables, lines: list[tuple[RuleRow, int]]) -> dict[str, Any]:
    """Names a win requirement may read about the counted rows: ``counted`` and ``row_KEY`` (counted or not)."""
    out: dict[str, Any] = dict(tables.row_names)
    out["counted"] = len(lines)
    for r, _ in lines:
        out[f"row_{r.key}"] = True
    return out


def _context_class(book: RuleBook) -> type[WinContext]:
    entries: list[tuple[str, Any, Any]] = [
        ("indicator", Any, field(default=None, metadata={"zh": "翻出的指示牌", "en": "the turned-up tile"})),
    ] if book.wildcard_indicator else []
    for name, (tname, default, meta) in book.facts.items():
        entries.append((name, _FACT_PY_TYPES[tname], field(default=default, metadata=meta)))

    def post_init(self: Any) -> None:
        WinContext.__post_init__(self)
        ind = getattr(self, "indicator", None)
        if isinstance(ind, str):
            from mahjong.tiles import parse_tiles

            tiles = parse_tiles(ind)
            if len(tiles) != 1:
                raise ContextError(f"indicator must be one tile, got {ind!r}")
            object.__setattr__(self, "indicator", tiles[0])
        elif ind is not None and (not isinstance(ind, int) or isinstance(ind, bool) or not 0 <= ind < 34):
            raise ContextError(f"indicator must be a tile (e.g. 5m) or a tile id 0..33, got {ind!r}")
        for name, (tname, _d, _m) in book.facts.items():
            val = getattr(self, name)
            if tname in ("seat", "seats", "per_seat", "int_or_none"):
                object.__setattr__(self, name, parse_seat_fact(book.name, name, tname, val))
                continue
            ok = isinstance(val, bool) if tname == "bool" else isinstance(val, int) and not isinstance(val, bool)
            if not ok or (tname == "int" and val < 0):
                raise ContextError(f"{book.name}: win fact {name} must be "
                                   f"{'true or false' if tname == 'bool' else 'a whole number >= 0'}, got {val!r}")

    cls = dataclasses.make_dataclass(f"{_class_name(book.name)}Context", entries, bases=(WinContext,), frozen=True,
                                     namespace={"__post_init__": post_init})
    from mahjong.rulebook.options import docstring_of

    metas = {name: meta for name, (_t, _d, meta) in book.facts.items()}
    if book.wildcard_indicator:
        metas = {"indicator": {"zh": "翻出的指示牌（其后一种牌为鬼）",
                               "en": "the turned-up tile (the next kind is wild)"},
                 **metas}
    cls.__doc__ = docstring_of(f"Win facts of {book.name}: the usual ones, and these.", metas)
    return cls


def _class_name(name: str) -> str:
    return "".join(p.title() for p in name.replace("_", "-").split("-")) or "Book"


def ruleset_class_name(name: str) -> str:
    """The name of the rule-set class of the book named ``name`` (:func:`ruleset_class`)."""
    return f"{_class_name(name)}Rules"


def ruleset_class(book: RuleBook) -> type[BookRuleSet]:
    """A :class:`BookRuleSet` subclass for one rule book, with its ``Config`` and ``Context``."""
    from mahjong.rulebook.options import make_config

    config = make_config(book.name, book.options)
    summary = book.summary_en or book.en or book.name
    title = f"{book.zh} ({book.en})" if book.zh and book.en else (book.zh or book.en or book.name)
    cls = type(ruleset_class_name(book.name), (BookRuleSet,), {
        "name": book.name, "title": title, "summary": summary, "Config": config,
        "Context": _context_class(book), "book": book, "__doc__": f"{title}: read from {book.path}",
        "seats": (0, 1) if book.players == 2 else (0, 1, 2, 3),
        "__module__": __name__,
    })
    return cls



# --- win facts about seats (rbfiles) ------------------------------------------------------------------------

_FACT_PY_TYPES: dict[str, Any] = {"bool": bool, "int": int, "seat": Any, "seats": Any, "per_seat": Any,
                                  "int_or_none": Any}


def fact_value(kind: str, value: Any) -> Any:
    """A win fact as expressions read it: a seat fact, or a whole number that may be none, reads as -1 when it is
    not given."""
    if (kind == "seat" or kind == "int_or_none") and value is None:
        return -1
    return value


_MELD_RE = re.compile(r"\[[^\[\]]*\]")


def _last_concealed_written(text: str) -> int | None:
    """The winning tile by the notation's rule: the last concealed (non-flower) tile written."""
    tiles = [t for t in parse_tiles(_MELD_RE.sub(" ", text)) if not is_flower(t)]
    return tiles[-1] if tiles else None


def _split(value: str) -> list[str]:
    return [x for x in value.replace(" ", "").split(",") if x]


def parse_seat_fact(owner: str, name: str, kind: str, value: Any) -> Any:
    """A seat, a set of seats or one number per seat, from what a caller (or the CLI's --context text) gives."""
    def bad(what: str) -> ContextError:
        return ContextError(f"{owner}: win fact {name} must be {what}, got {value!r}")

    def seat(x: Any) -> int:
        if isinstance(x, str) and x.strip().isdigit():
            x = int(x)
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < 4:
            raise bad("a seat 0..3" if kind == "seat" else "seats 0..3 such as '1,2'")
        return x

    if kind == "seat":
        return None if value is None or value == "none" else seat(value)
    if kind == "int_or_none":
        if value is None or value == "none":
            return None
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ContextError(f"{owner}: win fact {name} must be a whole number >= 0, got {value!r}")
        return value
    if kind == "seats":
        if value is None:
            return frozenset()
        if isinstance(value, bool):
            raise bad("seats 0..3 such as '1,2'")
        items = _split(value) if isinstance(value, str) else [value] if isinstance(value, int) else value
        try:
            return frozenset(seat(x) for x in items)
        except TypeError:
            raise bad("seats 0..3 such as '1,2'") from None
    if value is None or value == "none":
        return None
    items = _split(value) if isinstance(value, str) else value
    try:
        out = tuple(int(x) if isinstance(x, str) and x.isdigit() else x for x in items)
    except TypeError:
        raise bad("four whole numbers >= 0, one per seat, such as '0,30,50,20'") from None
    if len(out) != 4 or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in out):
        raise bad("four whole numbers >= 0, one per seat, such as '0,30,50,20'")
    return out


# --- rbflow: who deals next, as the file's options say -------------------------------------------------------------

def dealer_varies(book: RuleBook) -> bool:
    """The book's ``flow.dealer`` is an expression of its options (e.g. 血战 → dice, 普通场 → the discarder)."""
    node = book.play.get("dealer")
    return node is not None and bool(names_in(node)[0])


def dealer_rule(rs: BookRuleSet) -> str:
    """The rule set's ``flow.dealer`` under its options (next, winner, keep, discarder or dice)."""
    if not dealer_varies(rs.book):
        return rs.book.flow.dealer
    return str(evaluate(rs.book.play["dealer"], rs._options(), BUILTINS))


def indicated_kinds(book: RuleBook, indicator: int) -> tuple[int, ...]:
    """(rbflow) The kinds a turned-up ``indicator`` makes wild: the kinds after it, or (``indicator_is_wild``) its
    own kind first and then the kinds after it — ``indicator_kinds`` in all (南昌: 正精, 副精)."""
    if book.indicator_is_wild:
        return (indicator, *next_kinds(indicator, book.indicator_kinds - 1, book.tiles))
    return next_kinds(indicator, book.indicator_kinds, book.tiles)
