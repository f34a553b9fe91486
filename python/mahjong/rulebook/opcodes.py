"""The numbers the compiled rule-book evaluator shares with Python, written once: opcodes, the predicate library's
ids, the codes of a reading's facts, the image layout of a compiled book, and the result codes.

The compiler (:mod:`mahjong.rulebook.compiler`) turns a rule book under its options into flat integer programs and
tables (an *image*); one evaluator in ``src/mjcore/evaluator.pxi`` runs them without the GIL, and its Python twin
(:mod:`mahjong.rulebook.evaluator`) runs the same image.  As CPython's ``re`` keeps its opcode numbers in one
table and generates ``sre_constants.h`` from it, this module imports nothing (``setup.py`` runs it with
:func:`runpy.run_path` before the package exists) and :func:`render_pxd` writes ``src/mjcore/evaldefs.pxd`` from it.

The library's ids are not typed here: they are read from the predicate library's own source
(``rulebook/predicates.py``: every ``@_pred`` / ``@_count`` / ``@_func`` row and the ``FACTS`` table, in their
order), so a predicate cannot exist in one half only.  :data:`MAGIC` is a checksum of every name and number below
and of the library; the compiled module carries the value it was built with, and the compiler refuses to run
when they differ (``re``'s ``assert _sre.MAGIC == MAGIC``).  ``tests/rulebook/test_compiled_book.py`` regenerates
the ``.pxd`` and compares, and checks that every library entry has its case in the evaluator.
"""

import ast
import os
import zlib

# --- the program language ---------------------------------------------------------------------------------------

#: Opcodes of a program (a stack machine over 64-bit integers; a program is a run of ints ending in ``end``).
#: Each op is followed by its operands (:data:`OPERANDS`).  Jumps go forward only, so a program always ends.
OPS = (
    "end",              # the value is the top of the stack
    "const",            # push the operand (an int32)
    "err",              # the expression raises here (Python's rule book raises an error: the caller falls back)
    "lib",              # push a predicate (0 / 1) or count of the library on the reading (operand: LIB id)
    "func",             # push a library function of the reading (operands: FUNC id, three constant arguments)
    "fact",             # push a win fact (operand: the image's fact slot)
    "scoring",          # push a scoring name: fan hu tai pt x total value (operand: SCORING index)
    "row",              # push whether row i is counted (row_KEY; operand: the row's index)
    "counted",          # push how many rows are counted (stage 1 for a stage-2 row, all for the win rule)
    "counted_outside",  # push how many stage-1 rows are counted outside group g (operand: g)
    "neg",
    "not",
    "bool",             # the top as a truth value (0 / 1)
    "add",
    "sub",
    "mul",
    "div",              # floor division; a zero divisor raises
    "pow",              # an exponent outside 0..64 raises
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "and",              # short circuit: a false top becomes 0 and the program jumps (operand: forward offset)
    "or",               # short circuit: a true top becomes 1 and the program jumps (operand: forward offset)
    "pick",             # pick(c, a, b) with every argument evaluated (as the rule book calls it)
    "min",              # operand: the number of arguments (>= 1)
    "max",
    "round_up",         # a step <= 0 raises
    "round_half",
    "contains",         # contains(seats, seat): a seats fact is a bit mask of seats
    "size",             # size(seats)
    "group_value",      # the value of the counted rows of group g (value x times, added; operand: g)
)
#: operands each op takes
OPERANDS = {"const": 1, "lib": 1, "func": 4, "fact": 1, "scoring": 1, "row": 1, "counted_outside": 1, "and": 1,
            "or": 1, "min": 1, "max": 1, "group_value": 1}
#: what each op does to the stack depth (pops, pushes); min / max pop their operand's count
STACK = {"end": (1, 0), "const": (0, 1), "err": (0, 1), "lib": (0, 1), "func": (0, 1), "fact": (0, 1),
         "scoring": (0, 1), "row": (0, 1), "counted": (0, 1), "counted_outside": (0, 1), "neg": (1, 1),
         "not": (1, 1), "bool": (1, 1), "pick": (3, 1), "round_up": (2, 1), "round_half": (2, 1),
         "contains": (2, 1), "size": (1, 1), "and": (1, 0), "or": (1, 0), "group_value": (0, 1)}
for _op in ("add", "sub", "mul", "div", "pow", "eq", "ne", "lt", "le", "gt", "ge"):
    STACK[_op] = (2, 1)

#: the deepest stack and the longest program an image may hold (the compiler refuses a larger one; the evaluator
#: checks every program when an image is loaded: depth, operands, jump targets)
MAX_STACK = 64
MAX_CODE = 1 << 16
#: the most rows an image may hold, and the most lines one reading may count (rows counted per set give a line
#: for each set): a reading with more lines is handed back to the rule book
MAX_LINES = 256
#: the largest magnitude a value may reach (a larger one is "too big": the caller falls back to the rule book)
LIMIT = 1 << 40

#: the names a scoring expression reads (``scoring`` operand): the counted rows' totals, the hand's total, and its
#: value before rounding and the cap
SCORING = ("fan", "hu", "tai", "pt", "x", "total", "value")

# --- what a reading holds ----------------------------------------------------------------------------------------

#: the wait of a reading (Reading.wait): none, or how the winning tile completed its group
WAITS = ("none", "single", "dual-pung", "closed", "edge", "two-sided")
#: units of a row's value (RuleRow.unit), in this order
UNITS = ("fan", "hu", "tai", "x", "pt")
#: exclusion policies (strategies.EXCLUSION_POLICIES) and aggregations (strategies.AGGREGATIONS)
EXCLUSIONS = ("simultaneous", "ordered", "largest")
AGGREGATIONS = ("sum", "powers", "product", "hu_tai", "formula")
#: the readings a book scores: each decomposition (``plain``) or each place of the winning tile in it
READINGS = ("plain", "placements")
#: the reading a book keeps (``[scoring] best``): the one of highest value, of the largest total (after rounding
#: and the cap), or the one its payers pay most for
BESTS = ("value", "total", "payments")
#: when a payment by shares is doubled for the dealer (``[payment.shares] dealer_doubling``;
#: strategies.DEALER_DOUBLING, a test compares) and who adds a bonus to its share (``[[payment.bonuses]] payers``)
DOUBLINGS = ("payer_or_winner", "winner_or_discarder", "none")
BONUS_PAYERS = ("discarder", "all")
#: a meld of the evaluator's hand (the core's meld kinds: chow, pung, melded kong, added kong, concealed kong)
MELDS = ("chow", "pung", "kong", "added_kong", "concealed_kong")

#: where the hand core finds a fact slot's value (the image's per-slot source; ``none`` = only a caller that
#: passes it: the core cannot score such a book itself)
FACT_SOURCES = (
    "none",
    "winner", "discarder", "dealer",
    "seat_wind",        # the winner's seat wind as a reading reads it (worked out from the seats when not given)
    "seat_wind_given",  # the context's own seat_wind field (the scoring names read it as given: none on 查大叫)
    "prevalent_wind", "self_drawn", "winner_is_dealer",
    "last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard", "heavenly", "earthly",
    "melds", "kongs", "claimed_melds",
    "already_won",      # the seats that have won before this win (a seats fact)
    "kong_from",        # 点杠花: the seat whose discard the winner's last kong took (-1 none)
    # the flows' own win facts the core derives (CoreFacts), each set only where the flow gives it (else the
    # slot keeps its default, as the context does)
    "indicator",        # the wildcard indicator turned up (a tile id)
    "declared_ready",   # the winner has declared ready (报听)
    "kou_ting",         # the winner declared ready with its first discard, in the first go-round (扣听)
    "haidi",            # the win is on the tile fished in 海底捞月
    "birds",            # the birds that hit (抓鸟: every bird, or ranks 1, 5, 9 and 红中)
    "bird_seats",       # the birds on each seat (扎鸟 by seat: a per-seat fact)
    "wildcard_win",     # the winning tile is a bonus tile held in the hand (金山 百搭)
    "indicator_turned",  # a wildcard indicator was turned up this hand (0 / 1: 玉环 财神 in play)
    "bonus_set_aside",  # the bonus tiles the winner has set aside this hand (flowers; 玉环 杠花)
    "discarder_pung",   # a win on a discard whose discarder holds an exposed pung of the winning tile (玉环 拉杠)
    "late_discard",     # a win on a discard made in the flow's last late_discard_tiles live tiles (玉环 承包)
    "own_totals",       # each other seat's own total, the rows the rule set names on its held tiles (玉环 输家互算)
    "zero",             # a fact that is always its default in the core's play (false / 0 / none)
    # the facts of the seats' wildcards the core works out from its state, as the rule book does (BookRuleSet:
    # its worked-out facts and the wildcards each seat holds)
    "others_hold_wildcards",  # a seat other than the winner holds a wildcard (hand or melds)
    "waited_on_any_tile",     # before the winning tile the hand, its wildcards wild, was complete with any tile
    "holding_points",   # each seat's points for the wildcards it holds ([wildcards.points]; a per-seat fact)
    # a fact the rule set's hooks work out from the hand and the seats (BookRuleSet.win_facts, the points of the
    # wildcards each seat holds: wildcard_holdings): given by the caller; the hand core does not derive it (a book
    # that reads one is decided by the rule book in play)
    "derived",
)

#: the flags word of an image (bit i = FLAGS[i])
FLAGS = (
    "find_wait",            # the book reads the single wait (build_reading's find_wait)
    "lack_a_suit",          # a winning hand holds at most two suits (declared melds included)
    "robbing_as_self_draw",  # a win robbing a kong is scored as a self-draw
    "patterns_first",       # scoring.order = patterns_first
    "report_wait",          # the result names the wait
    "seat_birds",           # 扎鸟 by seat (bird_hits = "seat")
    "has_settlement",       # the book settles a whole hand ([settlement])
    "flowers",              # the flowers are part of the book's tile set (a hand holding one is no hand of it else)
)

#: header of an image: the fixed words, in order (the sections follow; their offsets are in the header)
HEADER = (
    "magic", "size", "flags", "forms", "rule_flags", "rule_hand_size", "max_wildcards", "readings", "exclusion",
    "aggregation", "hu_base", "tai_cap", "round_up", "players",
    "n_rows", "rows_at", "excl_at", "n_facts", "facts_at", "n_checks", "checks_at", "code_at", "code_len",
    # programs (a program's offset in the code section, -1 = none)
    "base", "offset", "fan_cap", "cap", "minimum", "points", "self_draw_only", "requires", "formula",
    "all_pay_on_discard", "discarder_pays_for_all", "dealer_doubles", "bonus", "pay_cap", "dealer_bonus",
    "self_draw_payer", "bird_share",
    # fact slots read by the payment (-1 = none)
    "not_paying", "between_losers", "bird_seats",
    # readings at each place of the winning tile (a program of the scoring names: -1 = never), each one's 押, the
    # tie-break between readings of one value (-1: the fan), what the minimum is compared with (-1: the total), the
    # sole payer (-1: none), the details (how many, where their programs are)
    "placements", "press", "tie_break", "minimum_of", "payer", "n_details", "details_at",
    # the group of the hands worth the cap outright (-1 none), the fact slot of a drawn wildcard won on (-1 none),
    # the readings the book refuses (how many, where their programs are), the dealer's factor in the payment
    "limit_group", "drawn_win", "n_refusals", "refusals_at", "dealer_factor",
    # the settlement's amounts and switches ([settlement] under the options)
    "melded_kong_discarder", "melded_kong_others", "added_kong", "concealed_kong", "kong_transfer",
    "ends_on_first_win", "flower_pig_penalty", "flower_pig_pays_won", "not_ready_pays_best",
    "not_ready_refunds_kongs", "winners_to_end",
    # 起手小胡: a rule file's [[opening]] rows paid in C (how many rows, where their payments are: four words per
    # row in the file's order, what each other seat pays per declaration by (payer is the dealer, declarer is the
    # dealer) = (no, no), (no, yes), (yes, no), (yes, yes); 0 rows: the rule book pays them)
    "n_openings", "openings_at",
    # 买马: a rule file's [horses] paid in C (1: paid; 0: the rule book pays them), its value per line as
    # horses_share * share + horses_covers * covers + horses_const (special.horse_value_terms), times the hits
    "horses_paid", "horses_share", "horses_covers", "horses_const",
    # a wildcard won on a discard read as a plain tile of its kind ([wildcards] discarded_plain under the options:
    # -1 the book has no such key, 0 it is false, 1 true), and the reading kept ([scoring] best: BESTS)
    "discarded_plain", "best",
    # the payment by shares ([payment.shares]: 0 none, 1 paid by shares), its programs (shares on a self-draw, from
    # the discarder, from the others, the unit, whether the discarder pays for all, the cap per payer: -1 none) and
    # its dealer doubling (DOUBLINGS; -1: a value the rule book refuses), the bonuses added to the shares (how many,
    # where: two words each, the amount's program and who adds it: BONUS_PAYERS, -1 a value the rule book
    # refuses), and flat wins (the group whose counted row is the whole win, -1 none; the program of when: -1
    # always)
    "shares", "share_self_draw", "share_discarder", "share_others", "share_unit", "share_pays_for_all", "share_cap",
    "share_doubling", "n_bonuses", "bonuses_at", "flat_group", "flat_when",
    # the per-seat fact slot of each seat's points for the wildcards it holds, settled between every pair of seats
    # with a win paid by shares or flat ([wildcards.points]: 南昌 算精; -1 none)
    "holding_points",
    # 腊子: a reading worth the cap outright by an expression over the reading ([scoring] cap_when; -1: none, and
    # none where the book has no cap), its rows shown as counted
    "cap_when",
    # the [wildcards.points] amounts under the options with which the core works out each seat's holding_points
    # (compiler.holdings_table: first kind, second kind, the second kind's kong, whether the breakthrough applies,
    # its threshold, its offset, the sole holder's factor; all 0 but the factor 1 where the book reads none), and
    # whether a hand that ends with no win settles them too ([wildcards.points] at_draw: 1, else 0)
    "hold_first", "hold_second", "hold_kong", "hold_breaks", "hold_threshold", "hold_offset", "hold_sole",
    "hold_at_draw",
)
#: the words of one row: stage, unit, value, value on a self-draw, pattern flag, group, its programs (when, count,
#: a value of the hand, the other name's condition; -1 = none), its exclusions (how many, where), and whether it
#: is counted on each set alone (a stage-1 row of group "set": consecutive ones read set by set, a line a set)
ROW = ("stage", "unit", "value", "self_drawn_value", "pattern", "group", "when", "count", "valued", "rename",
       "n_excl", "excl", "per_set")
#: the words of one fact slot: its kind (FACT_KINDS), where the core finds it (FACT_SOURCES) and its value when
#: the core does not set it (the context's default; DEFAULT_ABSENT: none)
FACT = ("kind", "source", "default")
#: int: a number or a truth value; seats: a bit mask of seats; per_seat: four numbers 0..32767, 16 bits each (read
#: by the payment only: 扎鸟's birds by seat); absent values raise when read (a discarder on a self-draw, an unset
#: seat)
FACT_KINDS = ("int", "seats", "per_seat")

#: the value of a fact slot that has no value (reading it raises, as reading ``None`` does)
ABSENT = -(1 << 62)
#: a slot's default that is none (in the image's 32-bit words)
DEFAULT_ABSENT = -(1 << 31)

#: the largest |amount| of [wildcards.points] the core works a seat's holding points out with (a book with a larger
#: one has them worked out by the rule book)
HOLDING_LIMIT = 10000

#: what the evaluator answers: the hand's value, or why the caller must ask the rule book
RESULTS = (
    "ok",
    "no_win",      # no reading of the book's forms (not a winning hand under the book)
    "fallback",    # an expression raised, a value is too big, too many readings, a check held: ask the rule book
)


# --- the library, read from its source -----------------------------------------------------------------------------

_PREDICATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "predicates.py")


def library_from_source(path: str = _PREDICATES) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...],
                                                           tuple[str, ...]]:
    """(predicates, counts, functions, facts) of the library as ``rulebook/predicates.py`` writes them: each
    decorated row's name in source order, and the keys of its ``FACTS`` table."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    kinds: dict[str, list[str]] = {"_pred": [], "_count": [], "_func": []}
    facts: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                if (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name) and deco.func.id in kinds
                        and deco.args and isinstance(deco.args[0], ast.Constant)):
                    kinds[deco.func.id].append(str(deco.args[0].value))
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "FACTS"
              and isinstance(node.value, ast.Dict)):
            facts = [str(k.value) for k in node.value.keys if isinstance(k, ast.Constant)]
    return tuple(kinds["_pred"]), tuple(kinds["_count"]), tuple(kinds["_func"]), tuple(facts)


def tables(library: tuple[tuple[str, ...], ...] | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """Every table of numbers shared with C: (C prefix, names in order)."""
    preds, counts, funcs, facts = library if library is not None else library_from_source()
    return [
        ("OP_", OPS), ("LIB_", preds + counts), ("FN_", funcs), ("LFACT_", facts), ("ESC_", SCORING), ("WAIT_", WAITS),
        ("UNIT_", UNITS), ("EXCL_", EXCLUSIONS), ("AGG_", AGGREGATIONS), ("READ_", READINGS), ("BEST_", BESTS),
        ("DBL_", DOUBLINGS), ("BPY_", BONUS_PAYERS),
        ("EM_", MELDS),
        ("FS_", FACT_SOURCES), ("FK_", FACT_KINDS), ("ER_", RESULTS), ("EH_", HEADER), ("ERW_", ROW), ("EFA_", FACT),
    ]


def magic(library: tuple[tuple[str, ...], ...] | None = None) -> int:
    """The checksum both halves must agree on: every table, the flags, the operands and the limits."""
    lib = library if library is not None else library_from_source()
    text = "\n".join(f"{p}{','.join(names)}" for p, names in tables(lib))
    text += f"\nflags {','.join(FLAGS)}\noperands {sorted(OPERANDS.items())}\nstack {sorted(STACK.items())}"
    text += f"\n{MAX_STACK} {MAX_CODE} {MAX_LINES} {LIMIT} {ABSENT} {DEFAULT_ABSENT} preds {len(lib[0])}"
    text += f" holdings {HOLDING_LIMIT}"
    return zlib.crc32(text.encode("utf-8")) & 0x7FFFFFFF


def render_pxd(path: str = _PREDICATES) -> str:
    """The text of ``src/mjcore/evaldefs.pxd`` (generated; the build writes it, a test compares it)."""
    lib = library_from_source(path)
    lines = [
        "# GENERATED by setup.py from python/mahjong/rulebook/opcodes.py and the predicate library",
        "# (python/mahjong/rulebook/predicates.py): do not edit (edit those files and rebuild).  The compiled",
        "# rule-book evaluator's opcodes, library ids, codes and image layout, as C constants.",
        "cdef enum:",
        f"    EVL_MAGIC = {magic(lib)}",
        f"    EVL_MAX_STACK = {MAX_STACK}",
        f"    EVL_MAX_CODE = {MAX_CODE}",
        f"    EVL_MAX_LINES = {MAX_LINES}",
        f"    EVL_N_PREDICATES = {len(lib[0])}",
        f"    EVL_N_LIB = {len(lib[0]) + len(lib[1])}",
        f"    EVL_N_FUNCS = {len(lib[2])}",
        f"    EVL_N_OPS = {len(OPS)}",
        f"    EVL_HEADER = {len(HEADER)}",
        f"    EVL_ROW = {len(ROW)}",
        f"    EVL_FACT = {len(FACT)}",
        f"    EVL_HOLDING_LIMIT = {HOLDING_LIMIT}",
    ]
    for i, name in enumerate(FLAGS):
        lines.append(f"    EVF_{name.upper()} = {1 << i}")
    for prefix, names in tables(lib):
        lines += ["", "cdef enum:"]
        lines += [f"    {prefix}{_c_name(name)} = {i}" for i, name in enumerate(names)]
    lines += ["", "cdef extern from *:", '    """', f"    #define EVL_LIMIT {LIMIT}LL",
              f"    #define EVL_ABSENT ({ABSENT}LL)", f"    #define EVL_DEFAULT_ABSENT ({DEFAULT_ABSENT + 1} - 1)",
              '    """', "    long long EVL_LIMIT", "    long long EVL_ABSENT", "    int EVL_DEFAULT_ABSENT", ""]
    return "\n".join(lines)


def _c_name(name: str) -> str:
    return name.upper().replace("-", "_")
