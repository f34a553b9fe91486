"""A flow as the compiled hand core reads it: one record, built here and only here, from the flow's attributes
and its data hooks' data (``src/mjcore/engine.pxi`` ``CoreFlow``).

The core knows no rule set.  What it plays is this record: the seats, the tile set (in the order ``tiles()``
lists it, so both engines shuffle the same ring), the tiles in play, the hand size, chows and honor chows,
several winners, play after a win, the wall's end reserve, the dice break (stacks a side), a segmented wall, the
bonus kinds (fixed, and those the wildcard indicator makes), the bonus kinds held in the hand (and 补花 of them),
the wildcard kinds (fixed, and an :class:`~mahjong.game.flows.base.Indicator`'s 34-row table: where it is found
and the kinds each indicator makes wild), whether a wildcard may be melded, 定缺, 换三张 (its direction, by the
dice or fixed), 开始时换牌, 报听, the 海底捞月 phase, the forced win, the judge's penalties (false wins WH), the
concealed kongs shown at the end, money during play, the hand rules of the win shape, and a rule
file's ``[[opening]]`` / ``[[instant_wins]]`` (their holding conditions compiled to programs of
:data:`~mahjong.game._core_constants.HOLDING_OPS` by :func:`compile_holding`), birds and ``[horses]``.  The field
names and order are written once, in :mod:`mahjong.game._core_constants` (``CORE_FLOW_FIELDS``), from which the
build generates the C side's indices.

:func:`core_flow` gives the record, or ``None`` with :func:`why_not_on_core` saying why: a flow whose engine hook
is code of its own (not a :func:`~mahjong.game.flows.base.data_hook`) or whose data the core cannot hold (a tile
set or hand the arrays do not hold, a holding condition the programs cannot say).  Every shipped rule set, rule
file and format gives a record (``tests/game/test_core_everywhere.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game._core_constants import (
    BIRD_HITS,
    CORE_FLOW_FIELDS,
    HOLDING_OPS,
    HOLDING_VALUES,
    HORSE_FROM,
    INDICATOR_FROM,
    INSTANT_AT,
    WILDCARD_FORFEITS,
)
from mahjong.game.flows.base import is_data_hook
from mahjong.tiles import N_KINDS, N_TILES

if TYPE_CHECKING:
    from mahjong.game.flows import Flow
    from mahjong.rulebook.expr import Node

__all__ = ["CoreFlow", "core_flow", "why_not_on_core", "compile_holding", "ENGINE_HOOKS", "SPECIAL_HOOKS",
           "MAX_HAND", "MAX_PROGRAM"]

#: the hooks the engine calls to play a hand: the core plays a flow only where each is a data hook
ENGINE_HOOKS = ("break_wall", "is_bonus", "reveal", "wildcard_count", "may_meld", "may_discard", "plays_lack",
                "exchanges_three", "exchange_by_dice", "exchange_offset", "swaps_at_start", "next_seat",
                "wall_end_reached")
#: a rule file's special-rules hooks (mahjong.rulebook.special.SpecialFlow), read from its tables
SPECIAL_HOOKS = ("opening_events", "instant_win", "after_win_events")
#: the longest hand the core deals (engine.pxi CORE_HAND_MAX), the most program values and special rows it holds
MAX_HAND = 16
MAX_PROGRAM = 512
MAX_SPECIAL_ROWS = 16
_OP = {name: i for i, name in enumerate(HOLDING_OPS)}
_NAME = {name: i for i, name in enumerate(HOLDING_VALUES)}
_COMPARE = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "+": "add", "-": "sub",
            "*": "mul", "and": "and", "or": "or"}


@dataclass(frozen=True)
class CoreFlow:
    """The record (the arguments of ``mahjong._core.CoreFlowTable``): ``fields`` in CORE_FLOW_FIELDS order, the
    tile set, the indicator's 34 rows (wildcard kinds mask, bonus kinds mask, its first and second wildcard kind
    or -1), 换三张's offsets by the dice sum (13), 买马's position of each kind (34, -1 none), the holding
    programs and the opening / instant-win rows that run them."""

    fields: tuple[int, ...]
    tiles: bytes
    indicator: tuple[tuple[int, int, int, int], ...]
    exchange_dice: tuple[int, ...]
    horse_positions: tuple[int, ...]
    program: tuple[int, ...] = ()
    openings: tuple[tuple[int, int, int], ...] = ()
    instants: tuple[tuple[int, int, int], ...] = ()

    def field(self, name: str) -> int:
        return self.fields[CORE_FLOW_FIELDS.index(name)]

    def table(self) -> Any:
        """The compiled table (``mahjong._core.CoreFlowTable``; the compiled backend only)."""
        from mahjong._kernels import backend_module

        table: Any = getattr(backend_module, "CoreFlowTable", None)
        return table(self.fields, self.tiles, self.indicator, self.exchange_dice, self.horse_positions,
                     self.program, self.openings, self.instants)


class _NotOnCore(Exception):
    """A flow the core cannot play, with why."""


def _mask(tiles: Any) -> int:
    return sum(1 << int(t) for t in set(tiles))


def core_flow(flow: Flow) -> CoreFlow | None:
    """The flow as the compiled core reads it, or ``None`` when the core cannot play it (see
    :func:`why_not_on_core`).  Made once per flow (kept on it: a flow holds no state of a hand)."""
    got = flow.__dict__.get("_core_flow", _UNSET)
    if got is _UNSET:
        try:
            got = _build(flow)
        except _NotOnCore as e:
            got = None
            flow.__dict__["_core_flow_why"] = str(e)
        flow.__dict__["_core_flow"] = got
    return got  # type: ignore[no-any-return]


def why_not_on_core(flow: Flow) -> str | None:
    """Why the compiled core does not play ``flow`` (None: it does)."""
    if core_flow(flow) is not None:
        return None
    return str(flow.__dict__.get("_core_flow_why", "unknown"))


_UNSET = object()


def _build(flow: Flow) -> CoreFlow:
    for name in ENGINE_HOOKS:
        if not is_data_hook(flow, name):
            raise _NotOnCore(f"the flow's {name} is code of its own (not read from its data)")
    special = _special_of(flow)
    seats = tuple(flow.seats)
    if not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats) or any(s not in (0, 1, 2, 3) for s in seats):
        raise _NotOnCore(f"seats {seats!r}: two to four of the seats 0..3")
    tiles = [int(t) for t in flow.tiles()]
    if not 0 < len(tiles) <= 144 or any(not 0 <= t < N_TILES for t in tiles) or any(
            tiles.count(t) > (4 if t < N_KINDS else 1) for t in set(tiles)):
        raise _NotOnCore("a tile set of at most 144 tiles, 4 of a kind and 1 of a flower")
    in_play = flow.in_play(len(tiles))
    if not 1 <= flow.hand_size <= MAX_HAND:
        raise _NotOnCore(f"a hand of {flow.hand_size} tiles (the core deals at most {MAX_HAND})")
    rules = flow.ruleset.hand_rules
    ind = flow.indicator
    indicator_rows: list[tuple[int, int, int, int]] = []
    for t in range(N_KINDS):
        wild = ind.wildcards[t] if ind is not None else ()
        bonus = ind.bonus[t] if ind is not None and ind.bonus else frozenset()
        indicator_rows.append((_mask(wild), _mask(bonus), wild[0] if wild else -1, wild[1] if len(wild) > 1 else -1))
    if ind is not None and any(ind.wildcards[t] or (ind.bonus and ind.bonus[t]) for t in range(N_KINDS, N_TILES)):
        raise _NotOnCore("an indicator that is a bonus tile makes nothing wild in the core")
    exchanging = flow.exchanges_three()
    dice = tuple(flow.exchange_offset((min(6, s - 1), s - min(6, s - 1))) if exchanging and s >= 2 else 0
                 for s in range(13))
    book = getattr(flow, "book", None)
    birds, bird_hits = 0, "none"
    if book is not None and book.flow.birds:
        birds, bird_hits = int(book.flow.birds), str(book.flow.bird_hits)
    horses, without, start, positions = -1, -1, "dealer", [-1] * N_KINDS
    program: list[int] = []
    openings: list[tuple[int, int, int]] = []
    instants: list[tuple[int, int, int]] = []
    if special is not None:
        rules_, names, on = special
        for i, r in enumerate(rules_.opening):
            if on(r.option):
                when = _place(program, compile_holding(r.when, names))
                times = -1 if r.times is None else _place(program, compile_holding(r.times, names))
                openings.append((i, when, times))
        for i, r in enumerate(rules_.instant_wins):
            if on(r.option):
                instants.append((i, INSTANT_AT.index(r.at), _place(program, compile_holding(r.when, names))))
        if rules_.horses is not None and on(rules_.horses.option):
            horses, without, start, positions = _horses(rules_.horses, names)
        if len(openings) > MAX_SPECIAL_ROWS or len(instants) > MAX_SPECIAL_ROWS or len(program) > MAX_PROGRAM:
            raise _NotOnCore("more opening or instant-win rows than the core holds")
    values = {
        "n_seats": len(seats),
        "seat0": seats[0], "seat1": seats[1], "seat2": seats[2] if len(seats) > 2 else 0,
        "seat3": seats[3] if len(seats) > 3 else 0,
        "in_play": -1 if in_play is None else int(in_play),
        "hand_size": flow.hand_size,
        "chows": flow.chows,
        "honor_chows": flow.honor_chows,
        "multiple_winners": flow.multiple_winners,
        "winners_to_end": flow.winners_to_end,
        "reserve": flow.reserve,
        "dice_break": flow.dice_break,
        "segmented": flow.segmented,
        "bonus_mask": _mask(flow.bonus_tiles),
        "held_mask": _mask(flow.held_bonus),
        "wild_mask": _mask(flow.wild_tiles),
        "indicator": INDICATOR_FROM.index(ind.position) if ind is not None else 0,
        "wild_melds": flow.wild_melds,
        "lack": flow.plays_lack(),
        "forced_win_tiles": flow.forced_win_tiles,
        "pays_during_play": flow.pays_during_play,
        "exchange": exchanging,
        "exchange_by_dice": exchanging and flow.exchange_by_dice(),
        "exchange_offset": flow.exchange_offset(None) if exchanging and not flow.exchange_by_dice() else 0,
        "ready_declaration": flow.ready_declaration,
        "swap_at_start": flow.swaps_at_start(),
        "penalties": flow.penalties,
        "haidi_phase": flow.haidi_phase,
        "shows_kongs": flow.shows_concealed_kongs,
        "declares_held_bonus": flow.declares_held_bonus,
        "bonus_spoils_kong_draw": flow.bonus_spoils_kong_draw,
        "break_stacks": flow.break_stacks,
        "rule_flags": rules.flags,
        "rule_hand_size": rules.hand_size,
        "rule_max_wildcards": rules.max_wildcards,
        "birds": birds,
        "bird_hits": BIRD_HITS.index(bird_hits) if bird_hits in BIRD_HITS else 0,
        "horses": horses,
        "horses_without_wildcards": without,
        "horse_from": HORSE_FROM.index(start),
        "late_discard_tiles": flow.late_discard_tiles,
        "wildcard_forfeits": sum(1 << i for i, name in enumerate(WILDCARD_FORFEITS) if name in flow.wildcard_forfeits),
    }
    record = CoreFlow(tuple(int(values[name]) for name in CORE_FLOW_FIELDS), bytes(tiles), tuple(indicator_rows),
                      dice, tuple(positions), tuple(program), tuple(openings), tuple(instants))
    try:
        from mahjong._kernels import BACKEND

        if BACKEND == "cython":
            record.table()  # (the compiled side checks every value: a flow it refuses is not played on it)
    except (ValueError, OverflowError) as e:  # (a value past the core's int: wall_end_reserve=2**40)
        raise _NotOnCore(f"the core refuses the flow's data: {e}") from None
    return record


def _special_of(flow: Flow) -> tuple[Any, dict[str, Any], Callable[[str | None], bool]] | None:
    """A rule file's special tables (their hooks must be the file's own readers), its option values and the
    row switch; None without special rules."""
    has = getattr(flow, "has_special", None)
    if has is None or not has():
        return None
    for name in SPECIAL_HOOKS:
        if not is_data_hook(flow, name):
            raise _NotOnCore(f"the flow's {name} is code of its own (not read from its tables)")
    return flow.special, flow._names(), flow._on  # type: ignore[attr-defined]


def _place(program: list[int], code: list[int] | None) -> int:
    """Append a compiled program (its length, then its values) and return where it starts."""
    if code is None:
        raise _NotOnCore("a holding condition uses what the core's programs do not say")
    at = len(program)
    program.append(len(code))
    program += code
    return at


def _horses(rule: Any, names: Mapping[str, Any]) -> tuple[int, int, str, list[int]]:
    from mahjong.rulebook.expr import BUILTINS, evaluate

    count = max(0, int(evaluate(rule.count, names, dict(BUILTINS))))
    without = -1
    if rule.count_without_wildcards is not None:
        without = max(0, int(evaluate(rule.count_without_wildcards, names, dict(BUILTINS))))
    start = rule.start if rule.start in ("dealer", "winner") else str(names.get(rule.start, "dealer"))
    positions = [-1] * N_KINDS
    for k, group in enumerate(rule.positions):
        for t in group:
            if 0 <= t < N_KINDS:
                positions[t] = k
    return min(count, 144), min(without, 144), "dealer" if start == "dealer" else "winner", positions


def compile_holding(node: Node, options: Mapping[str, Any]) -> list[int] | None:
    """A holding condition (``when`` / ``times`` of ``[[opening]]`` and ``[[instant_wins]]``) with the file's
    options put in, as a program the compiled core runs (engine.pxi ``hold_run``): postfix operations of
    :data:`~mahjong.game._core_constants.HOLDING_OPS` over whole numbers (a truth value is 0 or 1, as the rule
    book's evaluator counts it).  None when it uses what the programs do not say (a text value, a power, a
    division by a varying number, a function outside the holding library, ``min``, ``max`` and ``pick``): such a
    file plays on the Python engine."""
    from mahjong.rulebook.expr import fold

    out: list[int] = []
    try:
        _emit(fold(node, options), out)
    except _NotOnCore:
        return None
    return out


def _constant(n: Node) -> int | None:
    if n.op == "num" and isinstance(n.value, int):
        return int(n.value)
    return None


def _emit(n: Node, out: list[int]) -> None:
    from mahjong.rulebook.special import _ranks, _tile_id

    op = n.op
    if op == "num":
        value = _constant(n)
        if value is None or not -(1 << 31) <= value < (1 << 31):
            raise _NotOnCore("a value the programs do not hold")
        out += [_OP["push"], value]
    elif op == "name":
        if n.value not in _NAME:
            raise _NotOnCore(f"the name {n.value!r}")
        out += [_OP["name"], _NAME[str(n.value)]]
    elif op == "call":
        name, args = str(n.value), n.args
        if name == "count_of" and len(args) == 1 and args[0].op in ("str", "num"):
            tile = _tile_id(str(args[0].value))
            out += [_OP["count_of"], -1 if tile is None else tile]
        elif name in ("ranks_held", "all_ranks_in") and all(a.op in ("num", "str") for a in args):
            want = _ranks(tuple(a.value for a in args if a.value is not None))
            out += [_OP[name], sum(1 << r for r in want if 0 <= r < 9)]
        elif name == "kinds_at_least" and len(args) == 1:
            _emit(args[0], out)
            out.append(_OP["kinds_at_least"])
        elif name in ("min", "max") and 1 <= len(args) <= 16:
            for a in args:
                _emit(a, out)
            out += [_OP[name], len(args)]
        elif name == "pick" and len(args) == 3:
            for a in args:
                _emit(a, out)
            out.append(_OP["pick"])
        else:
            raise _NotOnCore(f"the function {name!r}")
    elif op in ("not", "neg"):
        _emit(n.args[0], out)
        out.append(_OP[op])
    elif op in _COMPARE:
        _emit(n.args[0], out)
        _emit(n.args[1], out)
        out.append(_OP[_COMPARE[op]])
    elif op in ("/", "//"):
        divisor = _constant(n.args[1])
        if not divisor:
            raise _NotOnCore("a division by a varying number")
        _emit(n.args[0], out)
        out += [_OP["floordiv"], divisor]
    else:
        raise _NotOnCore(f"the operation {op!r}")
