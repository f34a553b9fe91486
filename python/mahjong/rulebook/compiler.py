"""A rule book under its options, compiled once into flat integer programs and tables (an *image*) that one
evaluator runs: ``src/mjcore/evaluator.pxi`` without the GIL, and its Python twin :mod:`mahjong.rulebook.evaluator`.

What is compiled is what :meth:`BookRuleSet.score <mahjong.rulebook.book.BookRuleSet.score>` computes once a hand
and its win facts are checked: every reading of the hand (each decomposition of the book's forms, wildcards
included), each row's ``when`` / ``count`` / value of the hand / other name as programs over the reading and the win
facts (the options put in and folded, so a program reads no option), the rows a counted row strikes as index
lists, the exclusion policy, the aggregation, the best reading, rounding, cap, minimum, self-draw-only, the win
rule (``requires``), the points and the payments; and the whole-hand settlement of the book's ``[settlement]``
table (the kong amounts, 呼叫转移, the end of the hand on its first win, 查花猪 / 查大叫 / 退税) as constants.  The
numbers (opcodes, library ids, layout) are :mod:`mahjong.rulebook.opcodes`'s.

A book the compiler cannot express gets a clear answer, :class:`NotCompiled` with its reason, and stays on the
rule book in Python (:func:`compiled` returns None for it).  The reasons are listed in the rule-file docs
(``docs/rule-files.md``, "Compiled books"); every shipped book and built-in rule set on its book compiles.

A compiled program is bounded: at most :data:`~mahjong.rulebook.opcodes.MAX_CODE` ints, a stack of at most
:data:`~mahjong.rulebook.opcodes.MAX_STACK`, constants of 32 bits, forward jumps only; every value the evaluator
computes is checked against :data:`~mahjong.rulebook.opcodes.LIMIT` (a larger one makes the evaluator hand the
hand back to the rule book, which computes it exactly).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.errors import MahjongError, RulesError
from mahjong.rulebook import opcodes as O
from mahjong.rulebook.book import BookRuleSet, _reads_wait, fact_value
from mahjong.rulebook.expr import BUILTINS, Node, evaluate_int, fold
from mahjong.rulebook.predicates import COUNTS, FACTS, FUNCTIONS, PREDICATES
from mahjong.rulebook.rows import SET_ROWS, RuleRow
from mahjong.tiles import parse_tiles

__all__ = ["NotCompiled", "CompiledBook", "FactSlot", "compile_ruleset", "compiled", "not_compiled_reason",
           "MAGIC", "LIBRARY", "check_library", "fact_source", "game_fact_names", "own_totals_plan"]

#: the library as the registry holds it (predicates, counts, functions, facts), in id order
LIBRARY: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]] = (
    tuple(PREDICATES), tuple(COUNTS), tuple(FUNCTIONS), tuple(FACTS))
#: the checksum of the numbers shared with the compiled evaluator (see :mod:`mahjong.rulebook.opcodes`)
MAGIC = O.magic(LIBRARY)

_OP = {name: i for i, name in enumerate(O.OPS)}
_LIB = {name: i for i, name in enumerate(LIBRARY[0] + LIBRARY[1])}
_FN = {name: i for i, name in enumerate(LIBRARY[2])}
_H = {name: i for i, name in enumerate(O.HEADER)}
_FS = {name: i for i, name in enumerate(O.FACT_SOURCES)}
_FORMS = {"regular": 0, "seven_pairs": 1, "thirteen_orphans": 2, "honors_and_knitted": 3, "thirteen_lan": 5}
_INT32 = (1 << 31) - 1


def check_library() -> None:
    """The library as registered is the library as its source writes it (the ids the compiled module was built
    with are read from the source): raise RuntimeError if a row was added or moved elsewhere."""
    if O.library_from_source() != LIBRARY:
        raise RuntimeError("the predicate library's registry differs from its source (rulebook/predicates.py): a "
                           "library entry must be a decorated row of that file")


class NotCompiled(RulesError):
    """A book (or one of its expressions) the compiler cannot express: it stays on the rule book in Python."""


@dataclass(frozen=True)
class FactSlot:
    """One win fact a compiled book reads: the name, where it is read (``reading``: a row's names, where the seat
    wind is worked out; ``plain``: the scoring names, the context's own field), its kind (``int`` or ``seats``),
    where the hand core finds it (an :data:`~mahjong.rulebook.opcodes.FACT_SOURCES` name) and its value in a
    context that leaves it at its default (:data:`~mahjong.rulebook.opcodes.DEFAULT_ABSENT`: none)."""

    name: str
    level: str
    kind: str
    source: str
    default: int = 0


@dataclass(frozen=True)
class CompiledBook:
    """A rule book under one configuration, compiled.

    Attributes:
        image: the flat integer image both evaluators run (layout: :mod:`mahjong.rulebook.opcodes`).
        rows: the rows of the image, in its order (the book's rows under the options, as the table plan reads
            them).
        facts: the image's fact slots.
        seats: the rule set's seats.
        details: the keys of the book's ``[[details]]``, in the image's order.
        details_truth: for each of them, whether its expression is a truth value (the rule book gives True /
            False: the evaluators' 1 / 0 are shown as that).
    """

    image: tuple[int, ...]
    rows: tuple[RuleRow, ...]
    facts: tuple[FactSlot, ...]
    seats: tuple[int, ...]
    details: tuple[str, ...] = ()
    details_truth: tuple[bool, ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> CompiledBook:
        return self  # (immutable: a game copied with its rule set shares it)

    @property
    def header(self) -> dict[str, int]:
        return {name: self.image[i] for i, name in enumerate(O.HEADER)}

    def fact_values(self, ctx: Any, hand: Any, rs: Any = None, derivation: Any = None) -> list[int]:
        """The image's fact vector for a win context (and the hand, for the scoring names melds / kongs /
        claimed_melds); the facts not given with the win (the rule book's worked-out facts, the rule set's
        derived facts, each seat's points for the wildcards it holds: ``holding_points``, none where the hook
        settles none) read off the hand's :class:`~mahjong.rulebook.book.WinDerivation` (``derivation``, or
        worked out by ``rs`` as BookRuleSet.score does)."""
        getters = self.__dict__.get("_getters")
        if getters is None:
            book_facts = self.__dict__["_facts_of_book"]
            getters = self.__dict__["_getters"] = tuple(_getter(slot, book_facts) for slot in self.facts)
        out = []
        v: Any
        not_given = rs.facts_not_given if rs is not None else frozenset()
        for (get, kind), slot in zip(getters, self.facts):
            if slot.source in _FROM_DERIVATION or slot.name in not_given:
                if rs is None:
                    raise NotCompiled("the facts the rule set derives need the rule set")
                if derivation is None:
                    derivation = rs.win_derivation(hand, ctx)
                if slot.name == "holding_points":
                    held = derivation.holdings
                    v = None if held is None else tuple(rs.holding_points(*held))
                else:
                    v = derivation.facts[slot.name]
                    if callable(v):
                        v = v()
            else:
                v = get(ctx, hand)
            if v is None:
                out.append(O.ABSENT)
            elif kind != "int" or type(v) is not int:
                out.append(_encode(v, kind))
            elif -O.LIMIT <= v <= O.LIMIT:
                out.append(v)
            else:
                raise NotCompiled(f"a win fact holds {v!r}, which the evaluator does not read")
        return out


# --- which rule sets are scored by the book ---------------------------------------------------------------------------

#: the methods whose results the image holds: a rule set that overrides one of them scores its own way (unless it
#: says its override computes what the book's does: ``compiled_overrides``, checked by the tests)
SCORING_HOOKS = ("score", "readings", "count_rows", "_hand_value", "_reading_env", "_payment_rule", "_between_losers",
                 "_value", "_value_with_total", "_rows_for", "_plan_for", "_table_plan", "_items", "_first_check",
                 "win_facts", "wildcard_holdings")


def _check_scored_by_book(rs: BookRuleSet) -> None:
    # every book key has its part in the evaluator (the schema's choices of [scoring] best are O.BESTS: a drift test
    # in tests/rulebook/test_compiled_book.py); what can still keep a rule set on the rule book is a scoring hook
    cls = type(rs)
    own: frozenset[str] = getattr(cls, "compiled_overrides", frozenset())
    for name in SCORING_HOOKS:
        if getattr(cls, name) is not getattr(BookRuleSet, name) and name not in own:
            raise NotCompiled(f"{rs.name} scores with a hook of its own ({cls.__name__}.{name})")


# --- facts ------------------------------------------------------------------------------------------------------------

_STANDARD_SOURCES = {"winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "self_drawn", "winner_is_dealer",
                     "last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard",
                     "heavenly", "earthly", "melds", "kongs", "claimed_melds"}
#: the book facts the hand core finds itself, by name (the core's seats that have won; 点杠花's kong discarder;
#: the flows' own facts of CoreFacts: the indicator, 报听 and 扣听, 海底捞月, the birds, a 百搭 won on)
CORE_FACTS = {name: name for name in ("already_won", "kong_from", "indicator", "declared_ready", "kou_ting", "haidi",
                                      "birds", "bird_seats", "wildcard_win")}


def fact_source(book: Any, name: str) -> str:
    """Where the hand core finds a book fact (an :data:`~mahjong.rulebook.opcodes.FACT_SOURCES` name): the game's
    fact the book says it is (``[facts.NAME] from``), else the core's fact of that name, else ``none``."""
    got = book.facts.get(name)
    if got is not None and got[2].get("from"):
        return str(got[2]["from"])
    return CORE_FACTS.get(name, "none")


def game_fact_names(book: Any) -> frozenset[str]:
    """The book facts the hand core works out itself (:func:`fact_source` is not ``none``)."""
    return frozenset(CORE_FACTS) | frozenset(n for n, (_t, _d, meta) in book.facts.items() if meta.get("from"))


#: the sources of the facts BookRuleSet.score works out of the hand and the seats' wildcards (its WinDerivation), which
#: the compiled book reads off it in Python
_FROM_DERIVATION = frozenset({"derived", "others_hold_wildcards", "waited_on_any_tile", "holding_points"})


def _getter(slot: FactSlot, book_facts: Mapping[str, tuple[str, Any, dict[str, Any]]]
            ) -> tuple[Callable[[Any, Any], Any], str]:
    """How a fact slot's value is read off a win context (and the hand): the value as BookRuleSet.score's names
    have it (None: no value), and the slot's kind."""
    name = slot.name
    get: Callable[[Any, Any], Any]
    if name in ("melds", "kongs", "claimed_melds") and slot.level == "plain":
        if name == "melds":
            get = lambda ctx, hand: len(hand.melds)  # noqa: E731
        elif name == "kongs":
            get = lambda ctx, hand: sum(1 for m in hand.melds if m.is_kong)  # noqa: E731
        else:
            get = lambda ctx, hand: sum(1 for m in hand.melds if not m.is_concealed)  # noqa: E731
    elif slot.kind == "per_seat":
        get = lambda ctx, hand: getattr(ctx, name)  # noqa: E731
    elif name in book_facts:
        kind = book_facts[name][0]
        get = lambda ctx, hand: fact_value(kind, getattr(ctx, name))  # noqa: E731
    elif name == "self_drawn":
        get = lambda ctx, hand: ctx.discarder is None  # noqa: E731
    elif name == "winner_is_dealer":
        get = lambda ctx, hand: ctx.winner == ctx.dealer  # noqa: E731
    elif name == "seat_wind" and slot.level == "reading":
        get = lambda ctx, hand: ctx.wind  # noqa: E731
    else:
        get = lambda ctx, hand: getattr(ctx, name)  # noqa: E731
    return get, slot.kind


def _default_of(rs: BookRuleSet, name: str, level: str, kind: str) -> int:
    """A fact slot's value in a context left at its defaults (as a 32-bit word of the image)."""
    if name in ("self_drawn", "winner_is_dealer", "melds", "kongs", "claimed_melds"):
        return 0  # (always set by the core: its sources)
    for f in dataclasses.fields(rs.Context):
        if f.name == name:
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
            break
    else:
        return O.DEFAULT_ABSENT
    if name in rs.book.facts:
        default = fact_value(rs.book.facts[name][0], default)
    value = _encode(default, kind)
    if value == O.ABSENT:
        return O.DEFAULT_ABSENT
    if not -_INT32 <= value <= _INT32:
        raise NotCompiled(f"{rs.name}: the default of the win fact {name!r} is larger than 32 bits")
    return value


def _encode(value: Any, kind: str) -> int:
    if value is None:
        return O.ABSENT
    if kind == "per_seat":
        if not isinstance(value, tuple) or len(value) != 4 or any(
                not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1 << 15 for v in value):
            # (under 2^15 each: the four packed in 16 bits each stay within a signed 64-bit word)
            raise NotCompiled(f"a per-seat fact holds {value!r}")
        return sum(v << (16 * s) for s, v in enumerate(value))
    if kind == "seats":
        if not isinstance(value, frozenset):
            raise NotCompiled(f"a seats fact holds {value!r}")
        return sum(1 << s for s in value if isinstance(s, int) and 0 <= s < 4)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int) and -O.LIMIT <= value <= O.LIMIT:
        return value
    raise NotCompiled(f"a win fact holds {value!r}, which the evaluator does not read")


def _fact_kind(rs: BookRuleSet, name: str) -> str | None:
    """``int`` or ``seats`` for a fact the compiled book may read; None for one it cannot (a per-seat fact, a
    fact of another type)."""
    book = rs.book
    if name in book.facts:
        kind = book.facts[name][0]
        if kind == "per_seat":
            return None
        return "seats" if kind == "seats" else "int"
    if name in ("self_drawn", "winner_is_dealer", "melds", "kongs", "claimed_melds"):
        return "int"
    for f in dataclasses.fields(rs.Context):
        if f.name == name:
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
            if isinstance(default, frozenset):
                return "seats"
            if default is None or isinstance(default, (bool, int)):
                return "int"
            return None
    return None


# --- programs ---------------------------------------------------------------------------------------------------------

class _Scope:
    """What the names of one kind of expression mean (see BookRuleSet.score): ``reading`` (a row's names: the
    library, the reading's win facts, options), ``plain`` (the scoring names: options, the context's fields, the
    hand's melds), with ``rows`` (stage 2 / the win rule: row_KEY and counted), ``scoring`` (fan hu tai pt x total)
    and ``outside`` (counted_outside, stage 2)."""

    def __init__(self, level: str, *, rows: bool = False, scoring: tuple[str, ...] = (), outside: bool = False,
                 groups: bool = False):
        self.level = level
        self.rows = rows
        self.scoring = scoring
        self.outside = outside
        self.groups = groups


class _Compiler:
    def __init__(self, rs: BookRuleSet) -> None:
        self.rs = rs
        self.book = rs.book
        self.opts = rs._options()
        self.code: list[int] = []
        self.slots: list[FactSlot] = []
        self.slot_of: dict[tuple[str, str], int] = {}
        self.row_index: dict[str, int] = {}
        self.every_key: set[str] = {r.key for r in rs.rows}
        self.groups: dict[str, int] = {"": 0}
        self.plain_names = self._plain_names()
        #: the rule set reads the wildcards each seat holds (its hook); the core counts them alike (the hook says
        #: which context fields it reads them from: holdings_facts)
        self.holds = type(rs).wildcard_holdings is not BookRuleSet.wildcard_holdings
        self.holds_in_core = self.holds and bool(rs.holdings_facts)
        self.reading_facts = self._reading_facts()

    # -- names ---------------------------------------------------------------------------------------------------

    def _plain_names(self) -> set[str]:
        names = {f.name for f in dataclasses.fields(self.rs.Context)}
        names |= {"self_drawn", "winner_is_dealer", "melds", "kongs", "claimed_melds"} | set(self.book.facts)
        return names

    def _reading_facts(self) -> set[str]:
        names = {f.name for f in dataclasses.fields(self.rs.Context)}
        names |= {"self_drawn", "winner_is_dealer", "seat_wind"} | set(self.book.facts)
        return names

    def slot(self, name: str, level: str) -> int:
        key = (name, level)
        got = self.slot_of.get(key)
        if got is None:
            kind = _fact_kind(self.rs, name)
            if kind is None:
                raise NotCompiled(f"{self.rs.name}: the win fact {name!r} is of a kind the evaluator does not read")
            if name == "seat_wind" and level == "plain":
                source = "seat_wind_given"
            elif name in _STANDARD_SOURCES:
                source = name
            elif name == self.book.not_paying:
                source = "already_won"
            elif name in self.rs.derived_facts:
                source = "derived"
            elif name in self.rs.facts_not_given:  # (a fact the rule book works out: the core works it out alike)
                source = name
                if name == "others_hold_wildcards" and not self.holds_in_core:  # (from the hook's holdings: with
                    source = "derived" if self.holds else "zero"  # none, none held)
            else:
                source = fact_source(self.book, name)
            got = self.slot_of[key] = len(self.slots)
            self.slots.append(FactSlot(name, level, kind, source, _default_of(self.rs, name, level, kind)))
        return got

    def per_seat_slot(self, name: str, source: str | None = None) -> int:
        """A per-seat fact read by the payment (four numbers in one slot)."""
        key = (name, "plain")
        if key not in self.slot_of:
            self.slot_of[key] = len(self.slots)
            self.slots.append(FactSlot(name, "plain", "per_seat", source or fact_source(self.book, name),
                                       O.DEFAULT_ABSENT))
        return self.slot_of[key]

    # -- emitting ------------------------------------------------------------------------------------------------

    def program(self, node: Node | None, scope: _Scope, *, folded: bool = False) -> int:
        """The program of an expression (its offset in the code), or -1 for none."""
        if node is None:
            return -1
        tree = node if folded else fold(node, self.opts)
        out: list[int] = []
        kind = self.emit(tree, scope, out)
        if kind == "seats":
            out.append(_OP["size"])
        elif kind != "num":
            raise NotCompiled(f"{self.rs.name}: an expression gives text, not a number: {_text(node)}")
        out.append(_OP["end"])
        _check_depth(out)
        at = len(self.code)
        self.code += out
        if len(self.code) > O.MAX_CODE:
            raise NotCompiled(f"{self.rs.name}: the compiled programs exceed {O.MAX_CODE} ints")
        return at

    def constant_program(self, value: int) -> int:
        at = len(self.code)
        self.code += [_OP["const"], _const(value), _OP["end"]]
        return at

    def emit(self, node: Node, scope: _Scope, out: list[int]) -> str:
        """Append the code of ``node``; its type: ``num`` (an int or a truth value), ``seats`` or ``str``."""
        op = node.op
        if op == "num":
            out += [_OP["const"], _const(int(node.value))]  # type: ignore[arg-type]
            return "num"
        if op == "str":
            raise NotCompiled(f"{self.rs.name}: text {node.value!r} used as a value")
        if op == "name":
            return self.name(str(node.value), scope, out)
        if op == "call":
            return self.call(node, scope, out)
        if op == "not":
            self.truth(node.args[0], scope, out)
            out.append(_OP["not"])
            return "num"
        if op == "neg":
            start = len(out)
            if self.emit(node.args[0], scope, out) != "num":
                del out[start:]  # (the error alone, as below)
                out.append(_OP["err"])
                return "num"
            out.append(_OP["neg"])
            return "num"
        if op in ("and", "or"):
            self.truth(node.args[0], scope, out)
            out += [_OP[op], 0]
            hole = len(out) - 1
            self.truth(node.args[1], scope, out)
            out.append(_OP["bool"])
            out[hole] = len(out) - hole - 1  # the jump lands after the second operand
            return "num"
        kinds = [self.emit(a, scope, out) for a in node.args]
        if any(k != "num" for k in kinds):
            raise NotCompiled(f"{self.rs.name}: a seats fact used with {op!r}: {_text(node)}")
        names = {"+": "add", "-": "sub", "*": "mul", "/": "div", "//": "div", "^": "pow", "==": "eq", "!=": "ne",
                 "<": "lt", "<=": "le", ">": "gt", ">=": "ge"}
        if op not in names:
            raise NotCompiled(f"{self.rs.name}: operator {op!r}")
        out.append(_OP[names[op]])
        return "num"

    def truth(self, node: Node, scope: _Scope, out: list[int]) -> None:
        """Append the code of ``node`` as a truth value's operand (a seats fact is true when it holds a seat)."""
        if self.emit(node, scope, out) == "seats":
            out.append(_OP["size"])

    def name(self, name: str, scope: _Scope, out: list[int]) -> str:
        if name in scope.scoring:
            out += [_OP["scoring"], O.SCORING.index(name)]
            return "num"
        if scope.rows and name == "counted":
            out.append(_OP["counted"])
            return "num"
        if scope.rows and name.startswith("row_") and name[4:] in self.every_key:
            key = name[4:]
            if key in self.row_index:
                out += [_OP["row"], self.row_index[key]]
            else:  # a row the options switch off is never counted
                out += [_OP["const"], 0]
            return "num"
        if scope.level == "reading":
            if name in _LIB:
                out += [_OP["lib"], _LIB[name]]
                return "num"
            if name in self.reading_facts:
                slot = self.slot(name, "reading")
                out += [_OP["fact"], slot]
                return "seats" if self.slots[slot].kind == "seats" else "num"
        elif name in self.plain_names:
            slot = self.slot(name, "plain")
            out += [_OP["fact"], slot]
            return "seats" if self.slots[slot].kind == "seats" else "num"
        # an option left unfolded has no value (an int_or_none option set to none), or the name is unknown: the
        # rule book raises when it reads it
        out.append(_OP["err"])
        return "num"

    def call(self, node: Node, scope: _Scope, out: list[int]) -> str:
        fn = str(node.value)
        args = node.args
        if fn in ("min", "max"):
            if not args:
                out.append(_OP["err"])
                return "num"
            for a in args:
                if self.emit(a, scope, out) != "num":
                    raise NotCompiled(f"{self.rs.name}: {fn}() of a seats fact")
            if len(args) > O.MAX_STACK:
                raise NotCompiled(f"{self.rs.name}: {fn}() of more than {O.MAX_STACK} values")
            out += [_OP[fn], len(args)]
            return "num"
        if fn in ("round_up", "round_half", "pick"):
            want = 3 if fn == "pick" else 2
            if len(args) != want:
                raise NotCompiled(f"{self.rs.name}: {fn}() takes {want} values: {_text(node)}")
            kinds = [self.emit(a, scope, out) for a in args]
            if fn == "pick":
                if kinds[1] != kinds[2] or kinds[0] != "num":
                    raise NotCompiled(f"{self.rs.name}: pick() of mixed kinds: {_text(node)}")
                out.append(_OP["pick"])
                return kinds[1]
            if any(k != "num" for k in kinds):
                raise NotCompiled(f"{self.rs.name}: {fn}() of a seats fact")
            out.append(_OP[fn])
            return "num"
        if fn in ("contains", "size"):
            want = 2 if fn == "contains" else 1
            if len(args) != want:
                raise NotCompiled(f"{self.rs.name}: {fn}() takes {want} values: {_text(node)}")
            start = len(out)
            kinds = [self.emit(a, scope, out) for a in args]
            if kinds[0] != "seats":  # the rule book raises: contains / size need a seats win fact
                del out[start:]  # (the error alone: the values it was given would stay on the stack)
                out.append(_OP["err"])
                return "num"
            if fn == "contains" and kinds[1] != "num":
                raise NotCompiled(f"{self.rs.name}: contains() of two seats facts")
            out.append(_OP[fn])
            return "num"
        if fn == "group_value" and scope.groups:
            if len(args) != 1 or args[0].op not in ("str", "num"):
                raise NotCompiled(f"{self.rs.name}: group_value() reads one group name: {_text(node)}")
            out += [_OP["group_value"], self.group_id(args[0].value)]
            return "num"
        if fn == "counted_outside" and scope.outside:
            if len(args) != 1 or args[0].op not in ("str", "num"):
                raise NotCompiled(f"{self.rs.name}: counted_outside() reads one group name: {_text(node)}")
            out += [_OP["counted_outside"], self.group_id(args[0].value)]
            return "num"
        if fn in _FN and scope.level == "reading":  # (the scoring names call the built-ins only)
            return self.library_call(fn, node, out)
        out.append(_OP["err"])  # an unknown function: the rule book raises
        return "num"

    def group_id(self, group: Any) -> int:
        """A group's number (a name no row has gets one of its own: no counted row is in it)."""
        key = group if isinstance(group, str) else f"\0{group!r}"
        return self.groups.setdefault(key, len(self.groups))

    def library_call(self, fn: str, node: Node, out: list[int]) -> str:
        values = []
        for a in node.args:
            if a.op not in ("num", "str"):
                raise NotCompiled(f"{self.rs.name}: {fn}() with an argument that is not a constant: {_text(node)}")
            values.append(a.value)
        try:
            encoded = _ENCODERS[fn](*values)
        except (TypeError, ValueError):
            out.append(_OP["err"])  # the library raises on these arguments
            return "num"
        out += [_OP["func"], _FN[fn], *encoded, *[0] * (3 - len(encoded))]
        return "num"


def _const(value: int) -> int:
    if not -_INT32 <= value <= _INT32:
        raise NotCompiled(f"the constant {value} is larger than 32 bits")
    return value


def _text(node: Node) -> str:
    from mahjong.rulebook.book import _spoken

    try:
        return _spoken(node, _NO_BOOK, "en")  # type: ignore[arg-type]
    except Exception:  # (only a description for an error message)
        return node.op


class _NoBook:
    facts: dict[str, Any] = {}
    options: dict[str, Any] = {}


_NO_BOOK = _NoBook()


def _check_depth(code: list[int]) -> None:
    """The deepest stack a program reaches, checked against MAX_STACK (jumps only skip code that leaves the depth
    it found: the second operand of and / or)."""
    depth = top = 0
    i = 0
    while i < len(code):
        name = O.OPS[code[i]]
        pops, pushes = (code[i + 1], 1) if name in ("min", "max") else O.STACK[name]
        depth += pushes - pops
        top = max(top, depth)
        i += 1 + O.OPERANDS.get(name, 0)
    if top > O.MAX_STACK:
        raise NotCompiled(f"an expression needs a stack deeper than {O.MAX_STACK}")


# --- the library functions' arguments, encoded ------------------------------------------------------------------------

def _ranks(*ranks: Any) -> tuple[int]:
    mask = 0
    for a in ranks:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 9:
            raise ValueError(f"a rank is 1..9, got {a!r}")
        mask |= 1 << a
    return (mask,)


def _tile(text: Any) -> tuple[int]:
    if not isinstance(text, str):
        raise ValueError("a tile is text")
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError("one tile")
    return (tiles[0],)


def _none() -> tuple[()]:
    return ()


def _stand_ins(kind: Any, face_value: Any = False) -> tuple[int, int]:
    kinds = ("any", "honors", "suited")
    if kind not in kinds:
        raise ValueError("kind")
    return kinds.index(kind), int(bool(face_value))


def _wait(kind: Any) -> tuple[int]:
    if kind not in O.WAITS[1:]:
        raise ValueError("wait")
    return (O.WAITS.index(kind),)


def _triplets(kind: Any, concealed: Any, terminal: Any) -> tuple[int, int, int]:
    if kind not in ("pung", "kong") or type(concealed) is not bool or type(terminal) is not bool:
        raise ValueError("triplets_outside_wait")
    return int(kind == "kong"), int(concealed), int(terminal)


def _largest(kong_tiles: Any) -> tuple[int]:
    if kong_tiles not in (3, 4) or isinstance(kong_tiles, bool):
        raise ValueError("kong tiles")
    return (kong_tiles,)


#: each library function's arguments as the image's three operands (ValueError: the library refuses them, and
#: raises when the program reaches the call)
_ENCODERS: dict[str, Callable[..., tuple[int, ...]]] = {
    "pair_rank_in": _ranks, "all_ranks_in": _ranks, "pung_of": _tile, "holds": _tile, "held_wildcard_tiles": _none,
    "wildcard_stand_ins": _stand_ins, "pair_of": _tile, "wait_is": _wait, "triplets_outside_wait": _triplets,
    "largest_suit": _largest,
}


# --- the book ---------------------------------------------------------------------------------------------------------

_READING = _Scope("reading")
_STAGE2 = _Scope("reading", rows=True, outside=True)
_WIN_RULE = _Scope("reading", rows=True)
_TIE = _Scope("reading", groups=True)
_TIE_BY_TOTAL = _Scope("reading", groups=True, scoring=("fan", "hu", "tai", "pt", "x"))  # (best = "total")
_TOTALS = ("fan", "hu", "tai", "pt", "x", "value")
_DETAILS = _Scope("reading", rows=True, scoring=(*_TOTALS, "total"), groups=True)
_MINIMUM_OF = _Scope("reading", groups=True, scoring=_TOTALS)
_REFUSAL = _Scope("reading", rows=True, groups=True)
_PLAIN = _Scope("plain")
_TOTAL = _Scope("plain", scoring=("total",))
_PAY = _Scope("plain", groups=True)
_PAY_TOTAL = _Scope("plain", scoring=("total",), groups=True)
_BONUS = _Scope("plain", rows=True, scoring=("pt", "x"))  # (a bonus reads the counted rows' pt, x and row_KEY)
_FORMULA = _Scope("plain", scoring=("fan", "hu", "tai", "pt", "x"))


def compile_ruleset(rs: BookRuleSet) -> CompiledBook:
    """The rule set's book under its options, compiled; :class:`NotCompiled` says why it cannot be."""
    if not isinstance(rs, BookRuleSet):
        raise NotCompiled(f"{getattr(rs, 'name', rs)!r} is not scored by a rule book")
    _check_scored_by_book(rs)
    book = rs.book
    c = _Compiler(rs)
    opts = c.opts
    if book.special and (book.special.opening or book.special.instant_wins or book.special.horses):
        pass  # (the special tables pay outside a scored win: the flow folds them; the win itself compiles)
    rows = rs._rows_for(opts)
    c.row_index = {r.key: i for i, r in enumerate(rows)}
    for r in rows:
        if r.group not in c.groups:
            c.groups[r.group] = len(c.groups)
    row_words: list[list[int]] = []
    excl: list[int] = []
    for r in rows:
        stage2 = r.stage == 2
        scope = _STAGE2 if stage2 else _READING
        when = r.when
        never = (stage2 and when is None) or (not stage2 and when is None and r.count is None)
        if never:
            when_pc = c.constant_program(0)
        else:
            when_pc = c.program(when, scope, folded=True)
        count_pc = c.program(r.count, scope, folded=True)
        valued = book.row_hand_values.get(r.key)
        valued_pc = c.program(valued, scope)
        rename_pc = c.program(r.rename_when, _READING)
        struck = [c.row_index[k] for k in (*r.excludes, *r.implied) if k in c.row_index]
        if r.unit not in O.UNITS:
            raise NotCompiled(f"{rs.name}: row {r.key} is counted in {r.unit!r}")
        sdv = r.value if r.self_drawn_value is None else r.self_drawn_value
        row_words.append([2 if stage2 else 1, O.UNITS.index(r.unit), _const(r.value), _const(sdv),
                          int(bool(r.pattern)), c.groups[r.group], when_pc, count_pc, valued_pc, rename_pc,
                          len(struck), len(excl), int(r.group == SET_ROWS and not stage2)])
        excl += struck
    head = [0] * len(O.HEADER)

    def put(name: str, value: int) -> None:
        head[_H[name]] = value

    if book.exclusion not in O.EXCLUSIONS or book.aggregation not in O.AGGREGATIONS:
        raise NotCompiled(f"{rs.name}: exclusion {book.exclusion!r} / aggregation {book.aggregation!r}")
    hr = rs.hand_rules
    forms = 0
    for f in book.forms:
        forms |= 1 << _FORMS[f]
    flags = 0
    for name, on in (("find_wait", _reads_wait(book)), ("lack_a_suit", book.lack_a_suit),
                     ("robbing_as_self_draw", book.robbing_kong_as_self_draw),
                     ("patterns_first", book.order == "patterns_first"), ("report_wait", book.report_wait),
                     ("seat_birds", book.flow.bird_hits == "seat"), ("has_settlement", book.settlement is not None),
                     ("flowers", book.flowers)):
        if on:
            flags |= 1 << O.FLAGS.index(name)
    put("magic", MAGIC)
    put("flags", flags)
    put("forms", forms)
    put("rule_flags", hr.flags)
    put("rule_hand_size", hr.hand_size)
    put("max_wildcards", hr.max_wildcards)
    put("readings", O.READINGS.index("plain"))
    put("exclusion", O.EXCLUSIONS.index(book.exclusion))
    put("aggregation", O.AGGREGATIONS.index(book.aggregation))
    put("hu_base", _const(book.hu_base))
    put("tai_cap", -1 if book.tai_cap is None else _const(evaluate_int(book.tai_cap, opts, BUILTINS)))
    put("round_up", 0 if not book.round_up else _const(book.round_up))
    put("players", len(rs.seats))

    def scalar(node: Node | None, default: int | None, scope: _Scope = _PLAIN) -> int:
        """A scoring expression as BookRuleSet._value reads it: ``default`` (None: no program) for no expression
        or a bare option set to none."""
        if node is None or (node.op == "name" and node.value in opts and opts[str(node.value)] is None
                            and str(node.value) not in c.plain_names):
            return -1 if default is None else c.constant_program(default)
        return c.program(node, scope)

    put("base", scalar(book.base, 1))
    put("offset", scalar(book.offset, 1))
    put("fan_cap", scalar(book.fan_cap, None))
    put("cap", scalar(book.cap, None))
    # 腊子 (``[scoring] cap_when``): read on each reading as a row's names are; with no cap it never applies (the
    # rule book reads it only where the cap has a value)
    put("cap_when", -1 if book.cap_when is None or head[_H["cap"]] < 0 else c.program(book.cap_when, _READING))
    put("minimum", scalar(book.minimum, 0))
    put("points", scalar(book.points, None, _TOTAL))
    put("self_draw_only", scalar(book.self_draw_only, 0))
    put("requires", -1 if book.requires is None else c.program(book.requires, _WIN_RULE))
    put("formula", scalar(book.formula, 0, _FORMULA) if book.aggregation == "formula" else -1)
    pay = book.payment
    put("all_pay_on_discard", scalar(pay["all_pay_on_discard"], 0, _PAY))
    put("discarder_pays_for_all", scalar(pay["discarder_pays_for_all"], 0, _PAY))
    put("dealer_doubles", scalar(pay["dealer_doubles"], 0, _PAY))
    put("bonus", scalar(pay["bonus"], 0, _PAY_TOTAL))
    put("pay_cap", -1 if pay["cap"] is None else scalar(pay["cap"], 0, _PAY))
    put("dealer_bonus", scalar(pay["dealer_bonus"], 0, _PAY))
    put("self_draw_payer", scalar(pay["self_draw_payer"], -1))
    put("bird_share", scalar(pay["bird_share"], 0, _PAY_TOTAL))
    put("payer", -1 if pay.get("payer") is None else scalar(pay["payer"], -1, _PAY_TOTAL))
    put("placements", -1 if book.placements is None else scalar(book.placements, 0))
    put("press", c.program(book.press, _READING))
    put("tie_break", c.program(book.tie_break, _TIE_BY_TOTAL if book.best == "total" else _TIE))
    put("minimum_of", c.program(book.minimum_of, _MINIMUM_OF))
    details = [c.program(node, _DETAILS) for _key, node in book.details]
    put("limit_group", c.groups.get(book.limit_group, -1) if book.limit_group is not None else -1)
    put("drawn_win", -1 if book.drawn_win is None else c.slot(book.drawn_win, "plain"))
    refusals = [c.program(node, _REFUSAL) for node, _reason in book.refusals]
    put("dealer_factor", scalar(pay.get("dealer_factor"), 1, _PAY))
    put("not_paying", -1 if book.not_paying is None else c.slot(book.not_paying, "plain"))
    put("between_losers", -1)
    put("bird_seats", -1)
    if book.between_losers is not None:  # (输家互算: the losers settle the differences of these values)
        put("between_losers", c.per_seat_slot(book.between_losers))
    if book.flow.bird_hits == "seat" and any(f.name == "bird_seats" for f in dataclasses.fields(rs.Context)):
        put("bird_seats", c.per_seat_slot("bird_seats"))  # (扎鸟: one more share per bird on winner and payer)
    checks = [c.program(node, _PLAIN) for node, _ in book.checks]
    _settlement(c, put)
    put("winners_to_end", book.flow.winners_to_end)
    put("discarded_plain", _discarded_plain(rs, opts))
    put("best", O.BESTS.index(book.best))
    bonuses = _shares(c, put, scalar)
    put("flat_group", -1 if book.flat_group is None else c.groups.get(book.flat_group, -1))
    put("flat_when", scalar(book.flat_when, None) if book.flat_group is not None else -1)
    # 南昌 算精: the wildcards each seat holds, settled with a win paid by shares or flat (the hook's holdings; the
    # core works the points out with the file's amounts, where they are within its limit)
    holds = c.holds and (book.shares or book.flat_group)
    amounts, at_draw = _holding_amounts(rs)
    in_core = c.holds_in_core and all(-O.HOLDING_LIMIT <= v <= O.HOLDING_LIMIT for v in amounts)
    put("holding_points", c.per_seat_slot("holding_points", "holding_points" if in_core else "derived") if holds
        else -1)
    for name, v in zip(("hold_first", "hold_second", "hold_kong", "hold_breaks", "hold_threshold", "hold_offset",
                        "hold_sole"), amounts if in_core else (0, 0, 0, 0, 0, 0, 1)):
        put(name, v)
    put("hold_at_draw", int(at_draw and in_core))
    fact_words: list[int] = []
    for s in c.slots:
        fact_words += [O.FACT_KINDS.index(s.kind), _FS[s.source], s.default]
    # the sections: rows, exclusions, fact slots, checks, code
    body: list[int] = []
    put("n_rows", len(rows))
    put("rows_at", len(head) + len(body))
    for w in row_words:
        body += w
    put("excl_at", len(head) + len(body))
    body += excl
    put("n_facts", len(c.slots))
    put("facts_at", len(head) + len(body))
    body += fact_words
    put("n_checks", len(checks))
    put("checks_at", len(head) + len(body))
    body += checks
    put("n_details", len(details))
    put("details_at", len(head) + len(body))
    body += details
    put("n_refusals", len(refusals))
    put("refusals_at", len(head) + len(body))
    body += refusals
    # 起手小胡: the [[opening]] rows' payments as a table (0 rows: the rule book pays them)
    openings = _openings(rs)
    put("n_openings", len(openings) // 4)
    put("openings_at", len(head) + len(body))
    body += openings
    put("n_bonuses", len(bonuses) // 2)
    put("bonuses_at", len(head) + len(body))
    body += bonuses
    # 买马: the [horses] value's terms (0: the rule book pays the horses)
    terms = _horse_terms(rs)
    put("horses_paid", int(terms is not None))
    for name, v in zip(("horses_share", "horses_covers", "horses_const"), terms or (0, 0, 0)):
        put(name, v)
    put("code_at", len(head) + len(body))
    put("code_len", len(c.code))
    body += c.code
    put("size", len(head) + len(body))
    out = CompiledBook(tuple(head + body), tuple(rows), tuple(c.slots), tuple(rs.seats),
                       tuple(key for key, _node in book.details), tuple(_truth(node) for _key, node in book.details))
    out.__dict__["_facts_of_book"] = book.facts
    return out


def _shares(c: _Compiler, put: Callable[[str, int], None], scalar: Callable[..., int]) -> list[int]:
    """``[payment.shares]`` (its programs, the dealer doubling under the options) and ``[[payment.bonuses]]`` (two
    words each: the amount's program, who adds it under the options) into the header; the bonuses' words."""
    book, rs = c.book, c.rs
    sh = book.shares
    put("shares", int(sh is not None))
    if sh is None:
        for name in ("share_self_draw", "share_discarder", "share_others", "share_unit", "share_pays_for_all",
                     "share_cap"):
            put(name, -1)
        put("share_doubling", -1)
        return []
    for name, key, default in (("share_self_draw", "self_draw", 1), ("share_discarder", "discarder", 1),
                               ("share_others", "others", 0), ("share_unit", "unit", 1),
                               ("share_pays_for_all", "pays_for_all", 0), ("share_cap", "cap", None)):
        put(name, scalar(sh[key], default, _PAY))
    doubling = _of_options(rs, sh["dealer_doubling"], "none", "payment.shares.dealer_doubling")
    put("share_doubling", O.DOUBLINGS.index(doubling) if doubling in O.DOUBLINGS else -1)
    words: list[int] = []
    for i, (amount, payers, _zh, _en) in enumerate(book.bonuses):
        who = _of_options(rs, payers, None, f"payment.bonuses[{i}].payers")
        words += [c.program(amount, _BONUS), O.BONUS_PAYERS.index(who) if who in O.BONUS_PAYERS else -1]
    return words


def _of_options(rs: BookRuleSet, node: Node | None, default: Any, where: str) -> Any:
    """An expression of the book the evaluator takes as a constant of the options (a text); one that reads the
    win is not compiled."""
    try:
        return rs._value(node, rs._options(), default)
    except MahjongError as e:
        raise NotCompiled(f"{rs.name}: {where} reads more than the options ({e})") from None


def _discarded_plain(rs: BookRuleSet, opts: Mapping[str, Any]) -> int:
    """``[wildcards] discarded_plain`` under the options (it reads options only): -1 for a book without the key
    (a winning wildcard is a wildcard), 0 where it is false (a wildcard won on a discard stands for any tile),
    1 where it holds (that wildcard is a plain tile of its kind)."""
    node = rs.book.discarded_plain
    if node is None:
        return -1
    try:
        return int(bool(rs._value(node, opts, False)))
    except MahjongError as e:
        raise NotCompiled(f"{rs.name}: wildcards.discarded_plain: {e}") from None


def _truth(node: Node) -> bool:
    """Whether the rule book gives a truth value (True / False) for this expression: a comparison, not / and / or,
    or true / false."""
    if node.op in ("not", "and", "or", "==", "!=", "<", "<=", ">", ">="):
        return True
    if node.op == "name":
        return node.value in PREDICATES
    return node.op == "num" and isinstance(node.value, bool)


def _settlement(c: _Compiler, put: Callable[[str, int], None]) -> None:
    """The [settlement] table under the options, as constants (its expressions read only options)."""
    st = c.book.settlement
    names = ("melded_kong_discarder", "melded_kong_others", "added_kong", "concealed_kong", "kong_transfer",
             "ends_on_first_win", "flower_pig_penalty", "flower_pig_pays_won", "not_ready_pays_best",
             "not_ready_refunds_kongs")
    if st is None:
        for n in names:
            put(n, 0)
        return
    from mahjong.rulebook.expr import evaluate

    for n in names:
        node = getattr(st, n)
        try:
            v = evaluate(node, c.opts, BUILTINS)
        except RulesError as e:
            raise NotCompiled(f"{c.rs.name}: settlement.{n}: {e}") from None
        if isinstance(v, bool):
            v = int(v)
        if not isinstance(v, int):
            raise NotCompiled(f"{c.rs.name}: settlement.{n} is not a number")
        put(n, _const(v))


def _openings(rs: BookRuleSet) -> list[int]:
    """起手小胡: a rule file's [[opening]] rows' payments under the options (special.opening_amounts: the
    amount reads only the options and who is the dealer), four words a row; [] (the rule book pays them) for a
    book with none, more than the evaluator takes, or an amount that is not a 32-bit number."""
    special = rs.book.special
    if not special or not special.opening or len(special.opening) > 64:
        return []
    from mahjong.rulebook.special import opening_amounts, option_values

    names = option_values(rs, rs.book)
    try:
        table = opening_amounts(special, names)
    except RulesError:
        return []  # (an amount the rule book cannot work out either: it raises when it pays)
    words = [v for row in table for v in row]
    return words if all(abs(v) <= _INT32 for v in words) else []


def _horse_terms(rs: BookRuleSet) -> tuple[int, int, int] | None:
    """买马: the [horses] value's terms under the options (special.horse_value_terms), or None (no
    horses, a value of another form, a term beyond 16 bits): the rule book pays them."""
    special = rs.book.special
    if not special or special.horses is None:
        return None
    from mahjong.rulebook.special import horse_value_terms, option_values

    names = option_values(rs, rs.book)
    terms = horse_value_terms(special.horses, names)
    return terms if terms is not None and all(abs(v) < 1 << 16 for v in terms) else None


# --- the cache --------------------------------------------------------------------------------------------------------

#: compiled books kept per rule-set class, one for each book and configuration (the oldest dropped past this
#: many): kept in the class itself, so that a rule file loaded at run time, its class and its compiled book are
#: freed together once nothing uses them (a cache of the module kept 128 of them alive, some 20 MB of rule files
#: nobody used).  32 a class: a web server scoring a new option set each request grew 12.8 % over 5,000
#: requests with 128 a class (three rule sets' worth), 4.7 % with 32
CACHE_MAX = 32


def compiled(rs: Any) -> CompiledBook | None:
    """The rule set's compiled book (made once per rule-set class and configuration), or None when it stays on
    the rule book in Python (:func:`not_compiled_reason` says why)."""
    got = _lookup(rs)
    return got if isinstance(got, CompiledBook) else None


def not_compiled_reason(rs: Any) -> str | None:
    """Why the rule set's book does not compile (None: it does)."""
    got = _lookup(rs)
    return None if isinstance(got, CompiledBook) else str(got)


def compiled_books(cls: type) -> dict[Any, tuple[Any, Any]]:
    """The compiled books kept in a rule-set class: (id of its book, configuration) -> (the book, the compiled
    book or why it does not compile)."""
    got: dict[Any, tuple[Any, Any]] | None = cls.__dict__.get("_compiled_books_")
    if got is None:
        got = {}
        type.__setattr__(cls, "_compiled_books_", got)
    return got


def _lookup(rs: Any) -> CompiledBook | str:
    # (a RuleBook holds dicts, so it is no dict key: the book is keyed by identity and kept beside its entry, so
    # that the id is not another book's; every rule set of one book and configuration shares its compiled book)
    book = getattr(rs, "book", None)
    try:
        key = (id(book), rs.config)
        hash(key)
    except TypeError:
        key = None
    cache = compiled_books(type(rs)) if key is not None else {}
    entry = cache.get(key)
    if entry is not None and entry[0] is book:
        return entry[1]  # type: ignore[no-any-return]
    try:
        got: CompiledBook | str = compile_ruleset(rs)
    except NotCompiled as e:
        got = str(e)
    if key is not None:
        if len(cache) >= CACHE_MAX:
            del cache[next(iter(cache))]
        cache[key] = (book, got)
    return got


# --- Nanchang's 精: the [wildcards.points] amounts the core settles a drawn hand's holdings with ----------------


def holdings_table(rs: Any) -> tuple[int, int, int, int, int, int, int]:
    """The rule set's ``[wildcards.points]`` under its options as ``mahjong._core.core_holding_nets`` reads them
    (BookRuleSet.holding_points): (first kind, second kind, the second kind's kong, whether the breakthrough
    applies, its threshold, its offset, the sole holder's factor); a book that settles no holdings at a drawn hand
    (no table, or ``at_draw`` false) gives amounts that settle nothing."""
    amounts, at_draw = _holding_amounts(rs)
    return amounts if at_draw else (0, 0, 0, 0, 0, 0, 1)


def _holding_amounts(rs: Any) -> tuple[tuple[int, int, int, int, int, int, int], bool]:
    """The ``[wildcards.points]`` amounts in the core's order (see :func:`holdings_table`), and ``at_draw``."""
    first, second, kong, threshold, offset, sole, at_draw = rs._holding_amounts()
    return (first, second, kong, int(threshold is not None), threshold or 0, offset, sole), at_draw


def own_totals_plan(rs: Any, turned: bool) -> tuple[bytes, int, int, int] | None:
    """How the hand core counts each seat's own total (the fact ``own_totals``; ``core_own_totals``) for the rule
    set's ``own_total_plan`` (玉环: its loser rows), a wildcard indicator turned up or not: (a flag for each row of
    the compiled book, the most 台 (-1 none), the rounding step, the cap), where the core counts as the rule set
    does: every row counted priced alike on a self-draw, read on the hand (stage 1), struck by no row it leaves
    out; None: the rule set counts them (kept per rule set)."""
    kept: dict[bool, Any] = rs.__dict__.setdefault("_own_totals_plan", {})
    if turned in kept:
        return kept[turned]  # type: ignore[no-any-return]
    hook: Callable[[bool], tuple[Any, Any, Any, Any]] | None = getattr(rs, "own_total_plan", None)
    cb = compiled(rs) if hook is not None else None
    got = None
    if cb is not None and hook is not None:
        keys, tai_cap, step, cap = hook(turned)
        rows = cb.rows
        struck = {k for r in rows if r.key not in keys for k in (*r.excludes, *r.implied)}
        if (cap is not None and not struck & keys
                and all(r.stage == 1 and r.self_drawn_value is None for r in rows if r.key in keys)):
            got = (bytes(r.key in keys for r in rows), -1 if tai_cap is None else tai_cap, step, cap)
    kept[turned] = got
    return got
