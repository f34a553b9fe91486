"""The compiled hand core's driver: a hand played by ``mahjong._core.GameCore`` (``src/mjcore/engine.pxi``),
with Python called only when a rule hook decides something.

The core holds the hand's whole mutable state in C, computes the legal actions and applies every transition;
it stops for Python only to ask whether a complete hand may win (the rule set's score, where no compiled
evaluator decides it: in self-play Guobiao's 8-fan minimum is decided in C, :func:`guobiao_in_c`; a rule set
scored by its rule book is decided in C by the compiled evaluator, :func:`book_in_c`), for money that moves
during play (none where the core settles the hand itself with the compiled book: its nets come from C, its
payments are made events when read), and at the hand's end.
In self-play (:class:`RandomTable`) a flow whose win facts are all the core's (:func:`facts_from_core`) is
scored and settled from the core's own state.  The core's compact event record becomes the typed events of
:mod:`mahjong.game.events` only when they are read (:attr:`CoreHand.events`), folded into the same
:class:`~mahjong.game.state.HandState` the Python engine folds; scores and the settlement are
:class:`~mahjong.game.engine.HandTable`'s, shared with :class:`~mahjong.game.engine.Game` — so a hand played
here and the same hand played by ``Game`` give the same events and nets (``tests/game/test_core_differential.py``,
``tests/game/test_core_scoring.py``, ``tests/game/test_core_sichuan.py``).

Flows the core plays are those :func:`core_params` accepts (``Flow.core_plays``); every other flow or option
plays on the Python engine.  On the pure-Python backend (``MAHJONG_PURE_PYTHON=1``) there is no compiled core:
:func:`play_random` drives the Python engine with :class:`~mahjong.game.agents.RandomAgent` instead, which is
the core's reference (its twin) and gives the same hands.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from mahjong._kernels import BACKEND, backend_module
from mahjong.errors import MahjongError, RulesError, listed
from mahjong.framework import RuleSet, ScoreResult, WinContext
from mahjong.game._core_constants import (
    CLAIM_KINDS,
    DICE_PURPOSES,
    EVENT_KINDS,
    MELD_KINDS,
    PENALTIES,
    PHASES,
    REFUSALS,
    STATUSES,
)
from mahjong.game.actions import (
    ADDED_KONG,
    ADDED_KONGS,
    CHOW,
    CONCEALED_KONG,
    CONCEALED_KONGS,
    DISCARD_BONUS,
    DISCARDS,
    FLOWER,
    FLOWER_ACTIONS,
    HONOR_CHOW,
    KONG,
    KONGS,
    LACK,
    N_ACTIONS,
    PASS,
    PASS_ACTION,
    PICK,
    PICKS,
    PUNG,
    PUNGS,
    READIES,
    READY,
    WIN,
    WINS,
    Action,
    IllegalActionError,
    as_action,
    as_seat,
)
from mahjong.game.coreflow import core_flow
from mahjong.game.engine import (
    Game,
    HandTable,
    SpecialHooks,
    check_game_args,
    check_penalty,
    check_seats,
    checked_wall,
    context_fields,
    integer_seat,
    make_flow,
    one_answer_at_a_time,
    record_of,
    register_core_game,
)
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    GameEvent,
    HaidiFished,
    HandEnded,
    HandStarted,
    InstantWon,
    KongDeclared,
    KongRobbed,
    LackDeclared,
    OpeningDeclared,
    Paid,
    Penalized,
    TilePicked,
    TilesPassed,
    TilesSwapped,
    WallBuilt,
    WallEnd,
    WildcardRevealed,
    Won,
)
from mahjong.game.flows import Flow
from mahjong.game.flows.base import pays_penalties_only
from mahjong.game.outcome import HandOutcome, outcome_of
from mahjong.game.rng import wall_digest
from mahjong.game.state import HandState, TableMeld, hand_from
from mahjong.hand import Hand, Meld, MeldKind
from mahjong.settlement import Draw, HandRecord, Kong, Settlement, Win, wins_net

__all__ = ["CoreGame", "CoreHand", "RandomTable", "book_in_c", "core_actions", "core_params", "core_available",
           "facts_from_core", "guobiao_in_c", "play_random", "slot_action", "win_payment_table", "win_nets"]

_CS = {name: i for i, name in enumerate(STATUSES)}
CS_WAIT, CS_SCORE, CS_PAY, CS_END = _CS["wait"], _CS["score"], _CS["pay"], _CS["end"]
_EV = {name: i for i, name in enumerate(EVENT_KINDS)}
_RECORD_KINDS = frozenset({_EV["claim"], _EV["kong"], _EV["win"], _EV["wall_end"]})
_KONG_KINDS = {MELD_KINDS.index("kong"): "melded", MELD_KINDS.index("added_kong"): "added",
               MELD_KINDS.index("concealed_kong"): "concealed"}
if TYPE_CHECKING:
    from mahjong._core import GameCore
_GameCore: Any = getattr(backend_module, "GameCore", None) if BACKEND == "cython" else None


def core_available() -> bool:
    """The compiled core is there (the compiled backend is in use)."""
    return _GameCore is not None


def core_params(flow: Flow) -> Any:
    """The flow as the compiled core reads it (a ``mahjong._core.CoreFlowTable``, made once per flow from
    :func:`mahjong.game.coreflow.core_flow`), or None when the core does not play it (a flow with an engine hook
    of its own; :func:`mahjong.game.coreflow.why_not_on_core` says why) or on the pure-Python backend."""
    if not core_available():
        return None
    table = flow.__dict__.get("_core_table", _UNSET)
    if table is _UNSET:
        record = core_flow(flow)
        table = flow.__dict__["_core_table"] = record.table() if record is not None else None
    return table


_UNSET = object()


def guobiao_in_c(flow: Flow) -> tuple[int, int, int, int] | None:
    """(option bits, minimum fan, win facts asked, fans asked) when the core may decide this flow's
    may-this-seat-win itself with the compiled Guobiao kernel (GameCore.decide_guobiao): the Guobiao rule set,
    the flow's may-win the plain minimum (or a false win, where the flow lets one be declared), no wildcards;
    else None.  The core's verdict is the rule layer's one-call path's; a win it cannot be sure of is asked of
    the rule layer: one with a win fact the flow passes beyond the kernel's (天和 / 地和 / 人和: the extras'
    hands, or the flags plain Guobiao refuses; bit i: ``GameCore.win_facts``' i-th), and, with the extras, one
    whose fan vector holds a fan an extra hand is read from (bit j: the kernel's fan j)."""
    from mahjong.rulesets.guobiao.ruleset import _FAST, EXTRA_HAND_FANS, Guobiao

    rs = flow.ruleset
    if (type(rs) is not Guobiao or _FAST is None or type(flow).may_win is not Flow.may_win or flow.wild_tiles
            or flow.indicator is not None):
        return None
    asked = {"heavenly": flow.heavenly, "human": flow.human,  # (core_context: what the flow reads of each fact)
             "earthly": flow.earthly == "first_draw",
             "first_round": flow.earthly is not None and flow.earthly != "first_draw"}
    ask_facts = sum(1 << _WIN_FACTS.index(name) for name, on in asked.items() if on)
    ask_fans = sum(1 << j for j in EXTRA_HAND_FANS) if rs.config.extras else 0
    return rs._opt_bits, rs._min_fan, ask_facts, ask_fans


#: GameCore.win_facts' order (core_context reads them by these places)
_WIN_FACTS = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard", "heavenly",
              "earthly", "human", "first_round", "bonus_after_kong")


def win_payment_table(flow: Flow) -> tuple[int, int, int, int, int, int] | None:
    """The win payments of ``flow``'s rule set as the core's own settlements apply them (the batch loop's
    ``_BatchCores.settle_wins``, :meth:`RandomTable.outcome`), read off the rule set's own settlement formula, or
    None when they cannot be applied (the hand is then settled in Python).  Each other seat pays a winner
    ``a + b * total`` (``total``: the win's value with flowers): (a, b) of a self-drawn win, of the discarder (or
    the seat whose kong was robbed) and of each other seat on a discard.  Found by evaluating the formula
    (:func:`~mahjong.rulesets.guobiao.settlement.guobiao_payments` for Guobiao, the only rule set whose wins the
    core decides) for every winner, discarder and a spread of totals, and kept only if the whole spread is that
    straight line: the formula stays one fact (tests_rl/test_batch_settle.py compares the loop's nets with the
    Python settlement's, hand by hand)."""
    from mahjong.game.flows.guobiao import GuobiaoFlow
    from mahjong.rulesets.guobiao.ruleset import Guobiao
    from mahjong.rulesets.guobiao.settlement import guobiao_payments

    if type(flow) is not GuobiaoFlow or type(flow.ruleset) is not Guobiao or tuple(flow.seats) != (0, 1, 2, 3):
        return None
    totals = (0, 1, 8, 9, 13, 88, 400)

    def owed(winner: int, discarder: int | None, seat: int, total: int) -> int:
        return -guobiao_payments(winner, discarder, total)[seat]

    def line(points: list[tuple[int, int]]) -> tuple[int, int] | None:
        (x0, y0), (x1, y1) = min(points), max(points)
        if (y1 - y0) % (x1 - x0):
            return None
        b = (y1 - y0) // (x1 - x0)
        a = y0 - b * x0
        return (a, b) if all(y == a + b * x for x, y in points) else None

    roles: dict[str, list[tuple[int, int]]] = {"self": [], "discarder": [], "other": []}
    for w in range(4):
        for t in totals:
            net = guobiao_payments(w, None, t)
            if sum(net) != 0:  # (zero-sum: the winner gets what the others pay)
                return None
            roles["self"] += [(t, owed(w, None, s, t)) for s in range(4) if s != w]
            for d in range(4):
                if d != w:
                    roles["discarder"].append((t, owed(w, d, d, t)))
                    roles["other"] += [(t, owed(w, d, s, t)) for s in range(4) if s not in (w, d)]
    found = [line(roles[k]) for k in ("self", "discarder", "other")]
    if any(f is None for f in found):
        return None
    (a, b), (c, d), (e, f) = found  # type: ignore[misc]
    return a, b, c, d, e, f


def win_nets(table: Sequence[int], wins: Iterable[tuple[int, int | None, int]]) -> tuple[int, int, int, int]:
    """The nets the core's settlement of a hand whose wins it decided gives (the pure-Python twin of
    ``batch_settle`` in batch.pxi):
    each win (winner, discarder or None, total) paid by the three other seats as ``table``
    (:func:`win_payment_table`) says, the wins added up as the rule set's settlement adds them."""
    a, b, c, d, e, f = table
    net = [0, 0, 0, 0]
    for winner, discarder, total in wins:
        for seat in range(4):
            if seat != winner:
                owed = a + b * total if discarder is None else c + d * total if seat == discarder else e + f * total
                net[seat] -= owed
                net[winner] += owed
    return net[0], net[1], net[2], net[3]


#: how a flow reads 地和 (its ``earthly``), as GameCore.decide_book numbers it
_EARTHLY = {None: 0, "first_draw": 1, "first_discard": 2, "first_round": 3}


def book_in_c(flow: Flow) -> tuple[Any, bool, int, bool] | None:
    """(the compiled book, the flow reads 天和, how it reads 地和, C settles the hand) when the core may decide every
    win of this flow itself with the compiled rule-book evaluator (GameCore.decide_book): the rule set is scored by
    its book and the book compiled (:func:`mahjong.rulebook.compiler.compiled`), every win fact the book reads is
    one the core derives (the seats, the win flags, the seats already won, 点杠花's kong discarder, the flows' own
    facts of CoreFacts: the indicator, 报听, 扣听, 海底捞月, the birds; the wildcards each seat holds where the rule
    set's holdings are the core's count, their points and the facts the rule book works out of them and the hand:
    Nanchang's 精; the game's facts a book fact names, ``from``: 玉环's 杠花, 拉杠, 承包, the losers' own totals) or
    one the flow leaves at its default (or, where the rule book settles the hand, one its payment alone reads), the
    hand's wildcards as the core counts them are the book's (fixed kinds, the indicator's, or the rule set's own
    named from the indicator), and the flow's may-win is the result's validity (with 定缺 and 老鬼宁, which the
    core checks itself). C also settles the hand (its nets; the rule book's settlement is made when read) where
    the rule set settles by the book's [settlement] table or by its wins alone (a drawn hand then by the wildcards
    each seat holds, as the rule set settles one: BookRuleSet.draw_settles_holdings) and the flow adds no payments
    of its own but a rule file's opening and instant wins (a hand that has one is handed back: the rule book
    settles it) and its horses (买马) where the compiled book holds their value (its ``horses_paid``: C pays them;
    the horse events and the rule book's lines for them are made when the hand is read); a row whose name shows
    the wait (``{wait}``) is named by the wait C scored the win with. None: the rule book decides each win in
    Python. The same answer for self-play, the step API and the batches."""
    return _kept(flow, ("book",), lambda: _book_in_c(flow))  # type: ignore[no-any-return]


_NONE = object()
#: rule set -> (flow class, flow options, what is asked) -> the answer (:func:`_kept`).  Weakly keyed: an entry lives
#: as long as its rule set, so a run that makes a rule set per batch of hands (``mahjong simulate`` per call) does
#: not keep every one it made alive, with the caches of answers each holds (the answers hold no rule set: the
#: compiled book and its evaluator are shared per class and configuration).
_KEPT: weakref.WeakKeyDictionary[RuleSet[Any], dict[Any, Any]] = weakref.WeakKeyDictionary()


def _kept(flow: Flow, asked: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """``make()``, kept per rule set (while it lives), flow class, options and ``asked`` (at most 256 a rule set,
    then cleared; an unhashable option or a rule set without weak references: made each time)."""
    key = (type(flow), flow.options, *asked)
    try:
        kept = _KEPT.get(flow.ruleset)
        if kept is None:
            kept = _KEPT.setdefault(flow.ruleset, {})
        got = kept.get(key, _NONE)
    except TypeError:
        return make()
    if got is _NONE:
        if len(kept) > 256:
            kept.clear()
        got = kept[key] = make()
    return got


def _book_in_c(flow: Flow) -> tuple[Any, bool, int, bool] | None:
    from mahjong.rulebook.book import BookRuleSet
    from mahjong.rulebook.compiler import compiled
    from mahjong.rulebook.evaluator import compiled_evaluator
    from mahjong.rulebook.flow import BookFlow

    rs = flow.ruleset
    if not core_available() or not isinstance(rs, BookRuleSet) or flow.earthly not in _EARTHLY:
        return None
    cb = compiled(rs)
    if cb is None or any(slot.source == "derived" for slot in cb.facts):
        return None  # (a fact the rule set's hooks derive is none the core works out: the rule book decides)
    cls = type(flow)
    if cls.may_win not in (Flow.may_win, BookFlow.may_win) or cls.wildcard_count not in (Flow.wildcard_count,
                                                                                      BookFlow.wildcard_count):
        return None
    if not _same_wildcards(flow, rs):
        return None  # (the core's wildcards are not the book's: the rule book decides)
    book = rs.book
    if book.settlement is None and any(slot.name == "already_won" for slot in cb.facts):
        return None  # (record_facts gives it to a book settled by its wins: in the record)
    from mahjong.rulebook.book import _fished_win

    # (a rule set that settles a won hand by its wins alone and a drawn one by the wildcards each seat holds, or
    # by nothing where [wildcards.points] at_draw is off: Nanchang without kong money; C settles the holdings by
    # the image's amounts, which it holds where the core works them out)
    by_wins_and_holdings = (rs.won_hands_settle_by_wins() and rs.draw_settles_holdings()
                            and cb.header["hold_at_draw"] == int(rs.holdings_at_draw()))
    settles = ((type(rs).settle in (RuleSet.settle, BookRuleSet.settle_by_book) or rs.nets_by_wins
                or by_wins_and_holdings)
               and (by_wins_and_holdings or cb.header["hold_at_draw"] == 0)  # (C settles the holdings at a draw)
               and not (_fished_win(rs.book) and book.settlement is not None)
               and (cls.extra_lines is Flow.extra_lines or (isinstance(flow, BookFlow) and (
                   not _has_horses(flow) or cb.header["horses_paid"] == 1)))
               and not (book.settlement is not None and flow.indicator is not None))  # (查大叫 reads no indicator)
    # the facts the flow gives each win from the hand state: the evaluator reads from the core those the core
    # works out (compiler.game_fact_names: CoreFacts, and the game's facts a book fact is, ``from``); a fact the
    # payment alone reads (输家互算's totals) is the rule book's where it settles the hand at its end; a book
    # that reads another the flow gives is decided by the rule book
    plain_facts = cls.record_facts in (Flow.record_facts, BookFlow.record_facts) and cls.check_facts in (
        Flow.check_facts, BookFlow.check_facts)
    if not plain_facts and (cls.win_facts_from_core is None
                            or not cls.win_facts_from_core <= _facts_in_c(book, cb, settles) | rs.holdings_facts):
        return None  # (a flow of its own that gives a fact the core does not derive, or does not say which)
    core = compiled_evaluator(cb)
    if core is None:
        return None
    if any(slot.source == "own_totals" for slot in cb.facts):
        from mahjong.rulebook.compiler import own_totals_plan

        turned, none = own_totals_plan(rs, True), own_totals_plan(rs, False)
        if turned is None or none is None or turned[1:] != none[1:]:
            return None  # (each seat's own total is one the core cannot count: the rule book decides)
        core.set_own_totals(turned[0], none[0], *turned[1:])
    return core, bool(flow.heavenly), _EARTHLY[flow.earthly], settles


def _wait_rows(rs: Any, cb: Any) -> tuple[frozenset[int], Any, Any] | None:
    """The compiled book's rows whose names show the wait (``{wait}``) by their place, with the rule book and the
    rows, where a win's items are more than its rows' names (a wait to name, 胡 x 2^台's doubling item); None:
    they are not."""
    from mahjong.rulebook.book import shows_wait

    rows = frozenset(i for i, r in enumerate(cb.rows) if shows_wait(r))
    return (rows, rs.book, cb.rows) if rows or rs.book.aggregation == "hu_tai" else None


def _named_items(core: Any, won: Sequence[Sequence[tuple[int, int, int, bool]]],
                 waits: tuple[frozenset[int], Any, Any], items: Sequence[tuple[tuple[str, str], tuple[str, str]]]
                 ) -> list[tuple[tuple[str, str], ...]] | None:
    """Each win's items (key, Chinese name) from the rows C counted, as BookRuleSet.score names them: a row that
    shows the wait named with the words of the wait C scored the win with (GameCore.won_waits), and 胡 x 2^台's
    doubling item last; None where C gives no waits."""
    from mahjong.rulebook.book import row_names, wait_words
    from mahjong.rulebook.opcodes import WAITS

    got = core.won_waits()
    if got is None or len(got) < len(won):
        return None
    rows, book, book_rows = waits
    out = []
    for w, lines in enumerate(won):
        words = wait_words(book, WAITS[got[w]] if 0 <= got[w] < len(WAITS) else None)
        named = tuple((items[i][0][0], row_names(book_rows[i], bool(renamed), words)[0])
                      if i in rows else items[i][renamed] for i, _n, _v, renamed in lines)
        out.append((*named, ("multiplier", "台数翻倍")) if book.aggregation == "hu_tai" else named)
    return out


def _facts_in_c(book: Any, cb: Any, settles: bool) -> frozenset[str]:
    """The win facts a flow may give a book the core decides: those the core works out (game_fact_names), and,
    where the rule book settles the hand, the per-seat fact its payment alone reads (``between_losers``)."""
    from mahjong.rulebook.compiler import game_fact_names

    names = game_fact_names(book)
    if not settles and book.between_losers is not None:
        names |= {book.between_losers}
    return names


def _same_wildcards(flow: Flow, rs: Any) -> bool:
    """The hand's wildcard kinds as the core counts them (the flow's fixed kinds, or those its indicator makes
    wild: CoreFlow's wild_mask / indicator tables) are the rule book's (BookRuleSet.wildcard_kinds) for every
    indicator, and a wildcard that is a bonus tile is one kept in the hand (the core holds it: 金山 百搭)."""
    from mahjong.rulebook.book import indicated_kinds

    b = rs.book
    on = bool(b.wildcard_tiles or b.wildcard_indicator) and (
        b.wildcard_option is None or bool(getattr(rs.config, b.wildcard_option)))
    ind = flow.indicator
    if not on:
        if not flow.wild_tiles and (ind is None or not any(ind.wildcards)):
            return True
        return _indicated_by_hook(flow, rs)
    if b.wildcard_indicator:
        return (not flow.wild_tiles and ind is not None and not any(ind.bonus) and not any(ind.wildcards[34:])
                and all(frozenset(ind.wildcards[t]) == frozenset(indicated_kinds(b, t)) for t in range(34)))
    held = flow.held_bonus  # (wildcard bonus tiles kept in the hand: 金山 百搭)
    return (ind is None or not any(ind.wildcards)) and frozenset(flow.wild_tiles) == frozenset(b.wildcard_tiles) \
        and all(0 <= t < 34 or t in held for t in flow.wild_tiles)


def _indicated_by_hook(flow: Flow, rs: Any) -> bool:
    """The rule set names its wildcards itself (its wildcard_kinds hook, on a win fact that is the turned-up
    indicator: ``[facts.NAME] from = "indicator"``), and for every indicator they are the kinds the flow's
    indicator makes wild (玉环: the 财神 is the turned-up tile's own kind)."""
    from mahjong.errors import MahjongError

    ind = flow.indicator
    names = [n for n, (_k, _d, meta) in rs.book.facts.items() if meta.get("from") == "indicator"]
    if flow.wild_tiles or ind is None or not names or any(ind.wildcards[34:]):
        return False
    for t in range(34):
        try:
            kinds = rs.wildcard_kinds(rs.Context(**{n: t for n in names}))
        except (MahjongError, TypeError):
            return False
        if frozenset(kinds) != frozenset(ind.wildcards[t]):
            return False
    return True


def draw_holdings_in_c(flow: Flow) -> tuple[int, ...] | None:
    """The compiled ``[wildcards.points]`` amounts (compiler.holdings_table) with which the core settles a hand
    of this flow that ends at the wall with no win (mahjong._core.core_holding_nets: the wildcards every seat
    holds, settled between every pair of seats), where that is the rule set's whole settlement of such a hand
    (BookRuleSet.draw_settles_holdings), the flow adds nothing to it (no lines of its own, no money during play,
    no final hands, no penalties or special tables) and the core's wildcards are the book's; None: the rule set
    settles the hand in Python."""
    from mahjong.rulebook.book import BookRuleSet
    from mahjong.rulebook.compiler import holdings_table

    rs = flow.ruleset
    if (not core_available() or not isinstance(rs, BookRuleSet) or not rs.draw_settles_holdings()
            or len(flow.seats) != 4 or type(flow).extra_lines is not Flow.extra_lines or flow.draw_hands
            or flow.pays_during_play or flow.penalties or _special_hooks(flow) is not None
            or not _same_wildcards(flow, rs)):
        return None
    from mahjong._core import HOLDING_AMOUNT_LIMIT

    amounts = holdings_table(rs)
    return amounts if all(-HOLDING_AMOUNT_LIMIT <= v <= HOLDING_AMOUNT_LIMIT for v in amounts) else None


def draw_holdings_in_c_kept(flow: Flow) -> tuple[int, ...] | None:
    """:func:`draw_holdings_in_c`, kept (:func:`_kept`)."""
    return _kept(flow, ("holdings",), lambda: draw_holdings_in_c(flow))  # type: ignore[no-any-return]


def facts_from_core(flow: Flow) -> bool:
    """The flow's win facts are the standard ones the core derives itself (HandState.win_facts: no fact of
    the flow's own read from the hand state, no wildcards, no 定缺, no 报听, no special rules, no money during
    play), so a self-play hand's scores and settlement record can be made from the core without building its
    events."""
    cls = type(flow)

    def plain(name: str) -> bool:
        return getattr(cls, name) is getattr(Flow, name)

    has_special = getattr(flow, "has_special", None)
    return (core_params(flow) is not None and not flow.pays_during_play and not flow.draw_hands
            and plain("check_facts") and plain("record_facts") and plain("may_win") and not flow.wild_tiles
            and flow.indicator is None and not flow.plays_lack() and not flow.ready_declaration
            and not (has_special is not None and has_special())
            and flow.earthly in (None, "first_draw", "first_round", "first_discard"))


def own_facts_from_core(flow: Flow) -> bool:
    """As :func:`facts_from_core`, but the flow gives win facts of its own (its wildcards' indicator, the tiles
    the seats hold: Nanchang's 精) and reads them from the bare core (Flow.record_facts_from_core), so a
    self-play hand's wins can be scored from the core without its hand state (RandomTable.outcome)."""
    cls = type(flow)
    has_special = getattr(flow, "has_special", None)
    return (core_params(flow) is not None and cls.record_facts_from_core is not Flow.record_facts_from_core
            and not flow.pays_during_play and not flow.draw_hands and cls.check_facts is Flow.check_facts
            and cls.may_win is Flow.may_win and not flow.wildcard_forfeits and not flow.plays_lack()
            and not flow.ready_declaration
            and not (has_special is not None and has_special())
            and flow.earthly in (None, "first_draw", "first_round", "first_discard"))


#: the context flags of HandTable.context_kwargs, in the order GameCore.win_facts gives them
_FACT_NAMES = _WIN_FACTS[:5]
_WIN_STANDARD = frozenset(f.name for f in fields(Win)) - {"flags", "seat", "hand", "discarder"}


def core_hand(core: GameCore, flow: Flow, seat: int, win_tile: int | None = None, claimed: bool = False) -> Hand:
    """state.hand_of(seat, win_tile, meld_offset, claimed) from the core's counts, melds and bonus tiles."""
    melds = []
    for kind, tiles, _, frm in core.melds(seat):
        name = MELD_KINDS[kind]
        melds.append(Meld(MeldKind(name), tiles, None if frm < 0 else flow.meld_offset(seat, frm, name)))
    return hand_from(core.hand(seat), tuple(melds), core.bonus(seat), win_tile, claimed)


def core_context(core: GameCore, flow: Flow, dealer: int, prevalent_wind: int, seat: int, from_seat: int | None,
                 facts: tuple[bool, ...]) -> dict[str, Any]:
    """HandTable.context_kwargs from the facts the core derived (GameCore.win_facts / query_facts), for a flow
    whose facts are all the core's (facts_from_core)."""
    kw: dict[str, Any] = {"winner": seat, "discarder": from_seat, "dealer": dealer,
                          "seat_wind": (seat - dealer) % 4, "prevalent_wind": prevalent_wind}
    kw.update(zip(_FACT_NAMES, facts))
    heavenly, earthly, human, first_round, bonus_after_kong = facts[5:10]
    if flow.bonus_spoils_kong_draw and from_seat is None and bonus_after_kong:
        kw["kong_replacement"] = False  # (Flow.record_facts: the flow's judge loses 杠上开花 then)
    if flow.heavenly:
        kw["heavenly"] = heavenly
    if flow.human and human:
        kw["human"] = True
    if flow.earthly == "first_draw":
        kw["earthly"] = earthly
    elif flow.earthly == "first_round":
        kw["earthly"] = seat != dealer and first_round and not facts[3] and not core.melds(seat)
    elif flow.earthly == "first_discard":  # (in the first go-round the dealer's discard is its first)
        kw["earthly"] = from_seat == dealer and seat != dealer and first_round and not facts[3]
    return kw


def score_from_core(core: GameCore, flow: Flow, dealer: int, prevalent_wind: int, seat: int, tile: int,
                    from_seat: int | None, state: HandState) -> ScoreResult | None:
    """HandTable._score_win of the ``score`` status's question from the core alone (facts_from_core, or
    own_facts_from_core: the flow's own facts read from the core; the core has checked the shape and that the
    seat plays): the result, or None when the seat may not win."""
    kw = core_context(core, flow, dealer, prevalent_wind, seat, from_seat, core.query_facts())
    own = flow.record_facts_from_core(core, seat, tile, from_seat)
    if own:
        kw.update(own)
    ruleset = flow.ruleset
    ctx_cls: type[WinContext] = getattr(ruleset, "Context", WinContext)
    known = context_fields(ctx_cls)
    try:
        ctx = ctx_cls(**{k: v for k, v in kw.items() if k in known})
        result = ruleset.offered_score(core_hand(core, flow, seat, tile, from_seat is not None), ctx)
    except MahjongError:
        return None
    return result if result is not None and flow.may_win(state, seat, result) else None


class CoreHand(HandTable):
    """One hand on the compiled core (the same constructor arguments as :class:`Game`, for the flows the core
    plays).  Drive it with :meth:`advance` / :meth:`act` / :meth:`play_random`; read :attr:`events`,
    :attr:`settlement`, :attr:`net`."""

    def __init__(self, flow: Flow, params: Any, *, seed: int = 0, salt: int = 0,
                 wall: Sequence[int] | None = None, dealer: int = 0, prevalent_wind: int = 0,
                 hand_number: int = 0, options: Mapping[str, Any] | None = None, rules: str = "",
                 table: RandomTable | None = None) -> None:
        self.flow = flow
        self._table = table
        self.ruleset = flow.ruleset
        self.rules = rules
        self.options = dict(options or {})
        self.seed, self.salt, self.hand_number = seed, salt, hand_number
        self.explicit_wall = wall is not None
        given = None if wall is None else bytes(wall)
        self.core: GameCore = _GameCore(params, seed, salt, dealer, prevalent_wind, given)
        self.dealer, self.prevalent_wind = dealer, prevalent_wind
        self._special = _special_hooks(flow)  # (a rule file's special rules: horses at the end)
        #: self-play: wins scored and the won hand's record made from the core alone (facts_from_core)
        self._from_core = table is not None and table.facts_from_core
        # the hand state and the typed events are built when first read (most self-play hands never are)
        self._state_: HandState | None = None
        self._events: list[GameEvent] = []
        self._swap_rows: list[tuple[int, int]] = []  # 开始时换牌: a seat's rows (given, received) folded so far
        self._synced = 0  # core records folded into state / events so far
        self._syncing = False
        # money settled from the core's ledger before the typed events were built: (core record position, payer,
        # payee, amount, reason, settlement record event), emitted as Paid at that position when they are
        self._deferred: list[tuple[int, int, int, int, str, int | None]] = []
        self._deferred_end: HandEnded | None = None  # the quiet end's last event, appended when events are read
        self._deferred_specials: list[GameEvent] = []  # a fast end's horses turned, emitted before its payments
        #: the special events of a hand that ended straight from the core (None: read them from the state)
        self._fast_specials: tuple[GameEvent, ...] | None = None
        self._fold_index: list[int] = []  # settlement record event i -> log index, as the fold builds the log
        self._win_cache: dict[tuple[int, int, int], ScoreResult | None] = {}
        #: the settlement record of each win the rule set was asked about, made from the core's state then
        self._win_records: dict[tuple[int, int, int], Win] = {}
        self._penalty_answers: dict[int, str] = {}  # the judge's penalties: the answer, by the record's position
        self._scored: dict[tuple[int, int, int], ScoreResult] = {}  # the wins scored from the core: (seat, tile, from)
        self._draw_hands: dict[int, str] = {}
        self._paid: Counter[tuple[int, int, int, str, int | None]] = Counter()
        self._record_index: list[int] = []
        self._settlement: Settlement | None = None
        self.net: tuple[int, ...] | None = None
        self._ended = False
        self._quiet_settlement: Settlement | None = None  # a quiet end's settlement, for its HandEnded
        self._wins: list[Won] | None = None  # the wins of a hand settled straight from the core (_won_end)
        self.fast_record: HandRecord | None = None  # the record a hand ended without its events was settled from
        # wins decided by the compiled book in C (decide_book); the hand settled in C too: the pay marks folded so
        # far, the end still to fold
        self._in_c = False
        self._settled_in_c = False
        self._marks_done = 0
        self._end_due = False
        #: a drawn hand the core settled from the wildcards held (draw_holdings_in_c): the rule set's settlement
        #: and its payments are made when read (_finish_draw)
        self._draw_due = False

    def _decide_book(self, hook: tuple[Any, bool, int, bool] | None) -> None:
        """Let the core decide every win with the compiled rule book (evaluator_core.pxi; :func:`book_in_c`), and
        settle the hand where the hook says so; the typed events, their payments and the rule book's settlement
        are then made only when read (:meth:`sync`)."""
        if hook is not None:
            self.core.decide_book(*hook)
            self._in_c = True
            self._settled_in_c = hook[3]

    def ready_order(self) -> list[int]:
        """The seats in the order they became ready (the 海底捞月's performer when both are): the core's."""
        return list(self.core.became_ready)

    @property
    def settlement(self) -> Settlement | None:
        if self._draw_due:
            self._finish_draw()
        if self._end_due and self._settlement is None:  # (settled in C: the rule book's, made when read)
            self._settlement = self._settlement_from_core()
        return self._settlement

    @settlement.setter
    def settlement(self, value: Settlement | None) -> None:
        self._settlement = value

    # --- the events, built when read ------------------------------------------------------------------------

    @property
    def events(self) -> list[GameEvent]:
        self.sync()
        return self._events

    @events.setter
    def events(self, value: list[GameEvent]) -> None:
        self._events = value

    @property
    def state(self) -> HandState:
        self.sync()
        return self._state

    @state.setter
    def state(self, value: HandState) -> None:
        self._state_ = value

    @property
    def _state(self) -> HandState:
        """The hand state folded so far (made, with the HandStarted event, on first use)."""
        st = self._state_
        if st is None:
            st = self._state_ = HandState()
            st.fact_hook = self._record_facts
            st.reserve = self.flow.reserve
            self._emit(HandStarted(self.rules, dict(self.options), self.dealer, self.prevalent_wind,
                                   self.flow.seats, self.hand_number, self.seed, self.salt))
        return st

    def _emit(self, ev: GameEvent) -> None:
        self._state.apply(ev)
        self._events.append(ev)

    def sync(self) -> None:
        """Fold the core's new records into the typed events and the hand state."""
        core = self.core
        if self._settled_in_c:
            self._sync_settled()
            return
        if self._draw_due:
            self._finish_draw()
        if self._syncing or (self._state_ is not None and self._synced == core.n_events and not self._deferred
                             and self._deferred_end is None and self._quiet_settlement is None):
            return
        self._syncing = True
        try:
            self._fold_records()
            if self._deferred_specials and self._synced == core.n_events:  # (a fast end's horses, then its money)
                for ev in self._deferred_specials:
                    self._emit(ev)
                self._deferred_specials = []
            self._flush(core.n_events)
        finally:
            self._syncing = False
        if self._quiet_settlement is not None:  # a quiet end: its last event, from the state now folded
            settlement, self._quiet_settlement = self._quiet_settlement, None
            assert self.net is not None
            self._deferred_end = HandEnded(self.net, self.flow.next_dealer(self._state, dict(settlement.details)))
        if self._deferred_end is not None:
            ev, self._deferred_end = self._deferred_end, None
            self._show_kongs()
            self._emit(ev)

    def _sync_settled(self) -> None:
        """sync() of a hand the core scores and settles (decide_book): the records folded up to each place money
        moved, where the rule book settles the record so far and its new payments are emitted (as :meth:`handle`
        does at a ``pay`` status), then the rest; at the end the rule book's settlement, whose nets must be the
        core's."""
        core = self.core
        if self._syncing:
            return
        marks = core.pay_marks()
        if (self._state_ is not None and self._synced == core.n_events and self._marks_done == len(marks)
                and not self._end_due):
            return
        self._syncing = True
        try:
            while self._marks_done < len(marks):
                self._fold_records(marks[self._marks_done])
                self._marks_done += 1
                self._emit_payments(self._settle(record_of(self)))
            self._fold_records(core.n_events)
            if self._end_due:
                self._end_due = False
                self._end_hand()
                net = self._state.net
                assert net is not None
                if self.net is not None and tuple(net) != tuple(self.net):
                    raise AssertionError(f"the core's nets {self.net} disagree with the rule book's {net}")
                self.net = tuple(net)
        finally:
            self._syncing = False

    def win_score(self, seat: int, tile: int) -> ScoreResult | None:
        """The score of the win on ``tile`` offered to ``seat`` now (None if none is offered): the rule set's answer
        to the core's question, or (a hand whose wins the core decides) the rule set's score of the win on offer,
        made when first asked."""
        core = self.core
        key = (core.n_events, seat, tile)
        if key not in self._win_cache:
            result = None
            phase, _, discard, kong, drawn = core.focus
            if type(seat) is int and 0 <= seat < 4 and WIN in core.legal(seat):
                st = self.snapshot()
                if phase == _PH["claim"] and discard == tile and st.last_discard is not None:
                    result = self._score_win(seat, tile, st.last_discard[0], False, st)
                elif phase == _PH["rob"] and kong == tile and st.pending_kong is not None:
                    result = self._score_win(seat, tile, st.pending_kong[0], True, st)
                elif phase in (_PH["turn"], _PH["haidi"]) and drawn == tile:
                    result = self._score_win(seat, tile, None, False, st)
            self._win_cache[key] = result
        return self._win_cache[key]

    def snapshot(self) -> HandState:
        """The hand state now, read from the core (HandState's fields, without folding the typed events): what a
        win's score reads (the flow's facts, the state's win facts, the hand)."""
        flow = self.flow
        (dealer, prevalent, wall, front, back, out, hands, melds, bonus, rivers, visible, kongs, playing, won, lack,
         ready, ready_order, indicator, phase, actor, ldraw, ldis, pk, kong_due, after_kong, turns, claims, haidi,
         segment, seg_front, robbing, steps, from_start, offer_drawn, bonus_after_kong) = self.core.state()
        st = HandState(ruleset=self.rules, options=self.options, seats=tuple(flow.seats), dealer=dealer,
                       prevalent_wind=prevalent, hand_number=self.hand_number, wall=wall, front=front, back=back,
                       out_of_play=out, hands=hands, bonus=bonus, discards=rivers, visible=visible)
        st.melds = [[TableMeld(MELD_KINDS[k], tiles, None if frm < 0 else frm) for k, tiles, frm in ms] for ms in melds]
        st.kongs = [(s, _KONG_KINDS[k], t, None if frm < 0 or _KONG_KINDS[k] == "concealed" else frm, r)
                    for s, k, t, frm, r in kongs]
        st.playing = [s for s in flow.seats if playing >> s & 1]
        st.won = won
        st.lack = [None if x < 0 else x for x in lack]
        st.ready, st.ready_order, st.ready_from_start = ready, ready_order, from_start
        st.offer_drawn, st.bonus_after_kong = offer_drawn, bonus_after_kong
        if indicator >= 0:
            st.indicator = indicator
            st.wildcards = flow.indicator.wildcards[indicator] if flow.indicator is not None else ()
        st.phase, st.actor = PHASES[phase], actor
        st.last_draw, st.last_discard, st.pending_kong = ldraw, ldis, pk
        st.kong_draw_due = None if kong_due < 0 else kong_due
        st.after_kong, st.turns, st.claims_made = after_kong, turns, claims
        st.haidi_tile = None if haidi < 0 else haidi
        st.reserve, st.segment, st.seg_front, st.robbing, st.steps = flow.reserve, segment, seg_front, robbing, steps
        return st

    def _penalized(self, position: int, seat: int, tile: int, a: int, b: int,
                   state: HandState | None = None) -> Penalized:
        """The Penalized event of the core's record at ``position`` (a false win's hand as the state holds it then,
        its score kept for the settlement's results; ``state``: that state, default the fold's)."""
        st = self._state if state is None else state
        frm, kind, robbing = (a & 7) - 1, PENALTIES[(a >> 3) & 7], bool(a >> 6 & 1)
        hand = ""
        if kind == "WH" and tile >= 0:
            from_seat = None if frm < 0 else frm
            hand = str(st.hand_of(seat, tile, self.flow.meld_offset, from_seat is not None))
            if b >= 0:  # (a complete hand under the minimum: its score, as the engine shows it with the results)
                result = self._win_cache.get((position, seat, tile))
                self._false_win = result if result is not None else self._score_win(seat, tile, from_seat, robbing,
                                                                                     st)
        return Penalized(seat, kind, self._penalty_answers.get(position, ""), tile if tile >= 0 else None, hand,
                         b if b >= 0 else None)

    def _dealer_draw(self) -> None:
        """The tile the dealer counts as drawn on its first turn (Game._to_lack)."""
        self._state.last_draw = self._dealer_first_draw()

    def _flush(self, position: int) -> None:
        """Emit the deferred payments made at or before core record ``position``."""
        while self._deferred and self._deferred[0][0] <= position:
            _, payer, payee, amount, reason, event = self._deferred.pop(0)
            index = self._fold_index
            self._emit(Paid(payer, payee, amount, reason,
                            index[event] if event is not None and event < len(index) else None))

    def _fold_records(self, stop: int | None = None) -> None:
        """Fold the core's records from the last one folded up to ``stop`` (all when None)."""
        core = self.core
        st, flow, wall = self._state, self.flow, None
        index = self._fold_index
        records = core.events(self._synced)
        if stop is not None:
            records = records[:max(0, stop - self._synced)]
        for i, (kind, seat, tile, a, b) in enumerate(records, self._synced):
            if self._deferred:
                self._flush(i)
            if kind in _RECORD_KINDS and (kind != _EV["claim"] or CLAIM_KINDS[b & 3] == "kong"):
                index.append(len(self._events))  # (the kong / win / wall end about to be emitted)
            if kind == _EV["draw"]:
                self._emit(Drew(seat, tile, bool(a)))
            elif kind == _EV["discard"]:
                self._emit(Discarded(seat, tile, bool(a), bool(b)))
            elif kind == _EV["claim"]:
                ck = CLAIM_KINDS[b & 3]
                meld = ((b >> 2) & 63, (b >> 8) & 255, (b >> 16) & 255) if ck == "chow" else (
                    (tile,) * (4 if ck == "kong" else 3))
                self._emit(Claimed(seat, ck, tile, a, meld))
            elif kind == _EV["kong"]:
                self._emit(KongDeclared(seat, "added" if a else "concealed", tile))
            elif kind == _EV["bonus"]:
                self._emit(BonusSetAside(seat, tile))
            elif kind == _EV["win"]:
                from_seat = a if a >= 0 else None
                hand = str(st.hand_of(seat, tile, flow.meld_offset, from_seat is not None))
                self._emit(Won(seat, tile, from_seat, hand, b))
            elif kind == _EV["robbed"]:
                self._emit(KongRobbed(seat, tile))
            elif kind == _EV["lack"]:
                self._emit(LackDeclared(seat, tile))
            elif kind == _EV["wall_end"]:
                if flow.draw_hands:
                    self._draw_hands = {s: str(st.hand_of(s, None, flow.meld_offset)) for s in st.playing}
                self._emit(WallEnd(tuple(s for s in flow.seats if a >> s & 1)))
            elif kind == _EV["deal"]:
                wall = wall if wall is not None else core.wall_built
                self._emit(Dealt(seat, tuple(wall[tile:tile + a])))
            elif kind == _EV["dice"]:
                self._emit(DiceRolled(seat, (tile, a), DICE_PURPOSES[b]))
            elif kind == _EV["pick"]:
                self._emit(TilePicked(seat, tile))
            elif kind == _EV["passed"]:
                self._emit(TilesPassed(seat, b >> 8, (tile, a, b & 255)))
                if seat == flow.seats[-1]:  # (the passes are over: Game._to_lack's dealer's 14th tile)
                    self._dealer_draw()
            elif kind == _EV["swapped"]:
                swap = self._swap_rows
                if tile >= 0:
                    swap.append((tile, a))
                if b:  # (the seat's last row: its swap, every tile given and received)
                    self._emit(TilesSwapped(seat, tuple(g for g, _ in swap), tuple(r for _, r in swap)))
                    swap.clear()
                    if all(st.swapped[s] for s in flow.seats):  # (the swaps are over: Game._to_lack)
                        self._dealer_draw()
            elif kind == _EV["wildcard"]:
                assert flow.indicator is not None
                self._emit(WildcardRevealed(tile, flow.indicator.wildcards[tile], a))
            elif kind == _EV["haidi"]:
                self._emit(HaidiFished(seat, tile))
            elif kind == _EV["opening"]:
                row = flow.special.opening[tile]  # type: ignore[attr-defined]
                shown = tuple(t for t in range(34) for _ in range(st.hands[seat][t]))
                self._emit(OpeningDeclared(seat, row.key, shown, a))
            elif kind == _EV["instant_win"]:
                row = flow.special.instant_wins[tile]  # type: ignore[attr-defined]
                by_seat = flow.book.flow.bird_hits == "seat"  # type: ignore[attr-defined]
                seats = tuple(b >> (8 * k) & 255 for k in range(4)) if by_seat else ()
                self._emit(InstantWon(seat, row.key, a if a >= 0 else None, 0 if by_seat else b, seats))
            elif kind == _EV["penalty"]:
                self._emit(self._penalized(i, seat, tile, a, b))
            elif kind == _EV["wall"]:
                order = tuple(core.wall_built)
                self._emit(WallBuilt(order, wall_digest(order), None if self.explicit_wall else self.seed,
                                     self.salt, flow.in_play(len(order)), flow.segmented))
            elif kind == _EV["begin"]:
                st.begin_play()
                self._dealer_draw()
                st.phase = PHASES[tile]
        self._synced += len(records)
        if self._synced < core.n_events:
            return
        # where the engine moves the hand on without an event (the next seat due to draw, 定缺 over, nobody
        # robs), the core's phase and actor are the state's
        phase, actor = core.focus[:2]
        st.phase, st.actor = PHASES[phase], actor

    # --- driving ----------------------------------------------------------------------------------------------

    def handle(self, status: int) -> int:
        """Answer what the core stopped for (a win's score, money, the end) until it waits for seats or the
        hand is over; returns CS_WAIT or CS_END."""
        core = self.core
        while True:
            if status == CS_SCORE and self._from_core:  # (self-play: nobody reads win_score; no events built)
                seat, tile, frm, robbing = core.query
                result = self._score_from_core(seat, tile, None if frm < 0 else frm)
                if result is not None:  # (the settlement takes it as it is: _won_end)
                    self._scored[(seat, tile, frm)] = result
                core.verdict(seat, tile, result is not None, result.total if result is not None else 0,
                             result is not None and result.valid)
                status = core.advance()
            elif status == CS_SCORE:
                seat, tile, frm, robbing = core.query
                # (scored on the core's state as it stands: the typed events are not needed for it)
                st = self.snapshot()
                result = self._score_win(seat, tile, None if frm < 0 else frm, robbing, st)
                self._win_cache[(core.n_events, seat, tile)] = result
                if result is not None and not robbing:  # (the win's record, should it be made now: _won_end)
                    self._win_records[(core.n_events, seat, tile)] = self._record_facts(
                        seat, tile, None if frm < 0 else frm, robbing, st)
                core.verdict(seat, tile, result is not None, result.total if result is not None else 0,
                             result is not None and result.valid)
                status = core.advance()
            elif status == CS_PAY:
                if core.won:
                    self.sync()
                    self._pay()
                else:  # kongs only so far: settle them from the core's ledger, the events built later
                    self._defer_payments(self._settle(self._ledger_record(None)))
                status = core.advance()
            elif status == CS_END:
                if not self._ended and self._settled_in_c:  # settled in C: the rule book's is made when read
                    self._ended = True
                    self.net = core.book_net()
                    if self._special is not None and core.specials:
                        self.net = None  # (openings C paid: the step API's hand folds them as the rule book pays)
                    self._end_due = True
                    if self.net is None:  # (the compiled book hands the hand back: the rule book settles now)
                        self.sync()
                elif not self._ended:
                    self._ended = True
                    if not (self._penalty_end() if core.penalty is not None else self._won_end() if core.won
                            else self._quiet_end()):
                        self.sync()
                        self._end_hand()
                        assert self._state.net is not None
                        self.net = self._state.net
                return CS_END
            else:
                return status

    def won_items(self) -> list[tuple[tuple[str, str], ...]] | None:
        """Each win's items as (key, Chinese name), in the order of ``core.wins()``, read from the core's own
        state when it settled the hand itself (decide_book: the compiled book's rows each win counted, as the
        settlement in C scored the win), so that nothing is built in Python; None otherwise (the settlement's
        results hold them)."""
        if self._draw_due:  # (a drawn hand the core settled from the wildcards held: no win, nothing built)
            return []
        if not (self._settled_in_c and self._ended) or self.net is None:
            return None
        from mahjong.rulebook.compiler import compiled

        cb = compiled(self.ruleset)
        won = self.core.won_rows()
        if cb is None or won is None:
            return None
        rows = cb.rows
        waits = _wait_rows(self.ruleset, cb)
        if waits is not None:
            return _named_items(self.core, won, waits,
                                tuple(((r.key, r.name_zh), (r.key, r.rename_zh)) for r in rows))
        return [tuple((rows[i].key, rows[i].rename_zh if renamed else rows[i].name_zh) for i, _n, _v, renamed in lines)
                for lines in won]

    def wins_made(self) -> list[Won]:
        if self._wins is not None:  # (settled from the core: the typed events need not be built)
            return self._wins
        if self._settled_in_c and self._end_due:  # (the same, for a hand the core settled)
            self._settlement_from_core()
            assert self._wins is not None
            return self._wins
        return self.state.wins if self.core.won else []  # (no win: the typed events need not be built)

    def _settlement_from_core(self) -> Settlement:
        """The rule book's settlement of a hand the core settled, from a record made straight from the core (its
        kongs, wins and wall end in the order they happened, each win's facts as the fold derives them): the
        typed events need not be built for it.  Its nets must be the core's."""
        core, flow = self.core, self.flow
        events: list[Kong | Win | Draw] = []
        wins: list[Won] = []
        kongs = core.kongs()
        k = w = 0
        for kind, seat, tile, a, b in core.events():
            if kind == _EV["claim"] and CLAIM_KINDS[b & 3] == "kong" or kind == _EV["kong"]:
                _, mk, t, frm, robbed = kongs[k]
                name = _KONG_KINDS[mk]
                events.append(Kong(seat, name, t, frm if name == "melded" else None, robbed))  # type: ignore[arg-type]
                k += 1
            elif kind == _EV["win"]:
                from_seat = a if a >= 0 else None
                hand = self._core_hand(seat, tile, from_seat is not None)
                wins.append(Won(seat, tile, from_seat, hand, b))
                events.append(self._core_win(w, seat, tile, from_seat, hand))
                w += 1
            elif kind == _EV["wall_end"]:
                won = set(core.won[:w])  # (the seats that won before the wall's end: a 海底捞月 win comes after)
                events.append(self._core_draw(s for s in flow.seats if s not in won))
        record = HandRecord(self.rules, tuple(events), dict(flow.ruleset_options), self.dealer, self.prevalent_wind)
        settlement = self._settle(record)
        if wins and self._special is not None and _has_horses(flow):  # (买马, paid in C: the rule book's lines)
            settlement = self._horses_paid(wins, settlement)
            self._fast_specials = tuple(self._deferred_specials)  # (no opening: handed back, net None)
        if self.net is not None and tuple(settlement.net) != tuple(self.net):
            raise AssertionError(f"the core's nets {self.net} disagree with the rule book's {settlement.net}")
        self.fast_record, self._wins = record, wins
        return settlement

    def _horses_paid(self, wins: list[Won], settlement: Settlement) -> Settlement:
        """The settlement of a hand won and over, with the horses (买马) its wins turn up paid as
        HandTable._end_hand adds them (the flow's extra lines); the horse events kept for
        :meth:`special_events` (and emitted before the hand's payments when its events are built)."""
        assert self._special is not None
        st = self.snapshot()
        st.wins = wins
        horses = self._special.after_win_events(st)
        st.special = list(horses)
        extra = self.flow.extra_lines(st, settlement)
        if extra:
            settlement = Settlement.from_lines(settlement.ruleset, [*settlement.lines, *extra], settlement.results,
                                               settlement.details)
        self._deferred_specials = list(horses)
        return settlement

    def _core_win(self, i: int, seat: int, tile: int, from_seat: int | None, hand: str) -> Win:
        """The settlement record's Win of the hand's i-th win, straight from the core (HandTable._record_facts:
        the standard fields the core derived, a false 天和 / 地和 left out; the flow's facts the compiled book
        read from the core)."""
        facts = self.core.win_facts(i)
        kw = self._core_kwargs(seat, from_seat, facts)
        std = {k: v for k, v in kw.items() if k in _WIN_STANDARD and (v or k not in ("heavenly", "earthly"))}
        flags = self._flow_flags(seat, tile, from_seat, bool(facts[3])) if self._in_c else {}
        return Win(seat=seat, hand=hand, discarder=from_seat, flags=flags, **std)

    def _flow_flags(self, seat: int, tile: int, from_seat: int | None, robbing: bool) -> dict[str, Any]:
        """The flow's own facts of a win the evaluator decided, for its record (the record's ``flags``): those the
        core derives (compiler.CORE_FACTS: the indicator, 报听, 扣听, the birds ...; the only ones a flow decided
        in C gives, :func:`book_in_c`), as the flow gives them on the hand state now.  That is the win's state:
        the record is made so only when the hand ended on its wins (play after a win: the fold makes it)."""
        from mahjong.rulebook.compiler import CORE_FACTS

        flow = self.flow
        held: frozenset[str] = getattr(flow.ruleset, "holdings_facts", frozenset())  # (each seat's wildcards)
        given = CORE_FACTS.keys() | (type(flow).win_facts_from_core or frozenset()) | held
        st = self.snapshot()
        if type(flow).record_facts_on_core is not Flow.record_facts_on_core and not flow.ready_declaration:
            st.robbing = robbing
            kw = flow.record_facts_on_core(self.core, st, seat, tile, from_seat)  # (its record_facts, partly in C)
        else:
            kw = self.context_kwargs(seat, tile, from_seat, robbing, st)
        return {k: v for k, v in kw.items() if k in given and k not in ("already_won", "kong_from")}

    def _ledger_record(self, draw: Draw | None) -> HandRecord:
        """The settlement record of a hand with no win yet, straight from the core's kong ledger."""
        events: list[Kong | Win | Draw] = []
        for seat, kind, tile, frm, robbed in self.core.kongs():
            name = _KONG_KINDS[kind]
            events.append(Kong(seat, name, tile, frm if name == "melded" else None, robbed))  # type: ignore[arg-type]
        if draw is not None:
            events.append(draw)
        return HandRecord(self.rules, tuple(events), dict(self.flow.ruleset_options), self.dealer,
                          self.prevalent_wind)

    def _defer_payments(self, settlement: Settlement) -> None:
        """_emit_payments, the Paid events made when the log is built (at the core's current record)."""
        want: Counter[tuple[int, int, int, str, int | None]] = Counter()
        for p in settlement.lines:
            want[(p.payer, p.payee, p.amount, p.reason, p.event)] += 1
        new = want - self._paid
        pos = self.core.n_events
        for p in settlement.lines:
            key = (p.payer, p.payee, p.amount, p.reason, p.event)
            if new[key] > 0:
                new[key] -= 1
                self._paid[key] += 1
                self._deferred.append((pos, *key))

    def _core_hand(self, seat: int, win_tile: int | None = None, claimed: bool = False) -> str:
        return str(self._core_hand_of(seat, win_tile, claimed))

    def _core_hand_of(self, seat: int, win_tile: int | None = None, claimed: bool = False) -> Hand:
        return core_hand(self.core, self.flow, seat, win_tile, claimed)

    def _core_kwargs(self, seat: int, from_seat: int | None, facts: tuple[bool, ...]) -> dict[str, Any]:
        return core_context(self.core, self.flow, self.dealer, self.prevalent_wind, seat, from_seat, facts)

    def _score_from_core(self, seat: int, tile: int, from_seat: int | None) -> ScoreResult | None:
        return score_from_core(self.core, self.flow, self.dealer, self.prevalent_wind, seat, tile, from_seat,
                               self._state)

    def _quiet_end(self) -> bool:
        """A hand that ended at the wall with no win: settle the record straight from the core's kong ledger
        and hands (the typed events are built only if someone reads them).  False = a hand with a win (or
        bonus tiles in the final hands): the full end runs."""
        flow, core = self.flow, self.core
        if (core.won or flow.draw_hands and flow.bonus_tiles or self._special is not None and core.specials
                or core.penalty is not None):
            return False  # (a rule file's opening wins and the judge's penalties pay at the end: the full end)
        # a rule set settled by its wins alone moves no money for kongs or the wall's end (settle_by_wins):
        # every such hand of a table settles alike, and the table keeps the one settlement (found to need no
        # lines of the flow's own when the first such hand ended)
        holdings = draw_holdings_in_c_kept(flow)
        if holdings is not None:  # (settled in C from the wildcards held; the rule set's settlement when read)
            self.net = _core_holding_nets(core, holdings)
            self._draw_due = True
            self._fast_specials = tuple(self._deferred_specials)
            return True
        by_wins = type(self.ruleset).settle is RuleSet.settle and not flow.draw_hands
        table = self._table
        if by_wins and table is not None and table._quiet is not None:
            settlement = table._quiet
        else:
            settlement = self._settle(self._ledger_record(self._core_draw(flow.seats)))
            if flow.extra_lines(self._state, settlement):
                return False
            if by_wins and table is not None and not settlement.lines:
                table._quiet = settlement
        self._end_from_core(settlement)
        return True

    def _finish_draw(self) -> None:
        """The rule set's settlement of a drawn hand the core settled from the wildcards held (_quiet_end), made
        when first read: its nets must be the core's."""
        self._draw_due = False
        in_c = self.net
        self._end_from_core(self._settle(self._ledger_record(self._core_draw(self.flow.seats))))
        if self.net != in_c:
            raise AssertionError(f"the drawn hand's nets in C {in_c} disagree with the rule set's {self.net}")

    def _end_from_core(self, settlement: Settlement) -> None:
        """The end of a hand settled without its events: its payments deferred (made Paid events when the log is
        built), its net the sum of every payment, checked against the settlement's."""
        net: tuple[int, ...] = (0,) * len(settlement.net)
        if settlement.lines or self._paid:
            self._defer_payments(settlement)
            paid = [0, 0, 0, 0]
            for (payer, payee, amount, _, _), n in self._paid.items():
                paid[payer] -= amount * n
                paid[payee] += amount * n
            net = tuple(paid)
        if net != tuple(settlement.net):
            raise AssertionError(f"payments during play {net} disagree with the settlement {settlement.net}")
        self.settlement, self.net = settlement, net
        self._quiet_settlement = settlement  # (its HandEnded is made when the events are read)
        # (every fast end needs a hand with no opening or instant win: its only special events are the horses)
        self._fast_specials = tuple(self._deferred_specials)

    def special_events(self) -> tuple[GameEvent, ...]:
        """The rule file's special events of the finished hand (:func:`mahjong.rulebook.special.special_events_of`),
        without folding the typed events where the hand ended straight from the core."""
        if self._fast_specials is not None:
            return self._fast_specials
        return tuple(getattr(self.state, "special", ()))

    def _core_draw(self, seats: Iterable[int]) -> Draw:
        """The record's Draw at the wall's end, straight from the core: the final hands of ``seats`` where the
        flow lists them (those at the wall's end, before a 海底捞月), the seats in the order they became ready,
        the flow's facts of the wall's end."""
        flow, core = self.flow, self.core
        hands: dict[int, Hand] = {}
        if flow.draw_hands:
            hands = {s: self._core_hand_of(s) for s in seats}
            fished = core.haidi
            if fished is not None and fished[0] in hands:
                seat, tile = fished
                counts = bytearray(core.hand(seat))
                counts[tile] -= 1
                hands[seat] = hand_from(counts, hands[seat].melds, core.bonus(seat))
        ready = core.wall_end_ready
        order = tuple(s for s in self.ready_order() if ready >= 0 and ready >> s & 1)
        # (the flow's facts of the wall's end, read from the hand's state where the flow gives any)
        facts = flow.draw_facts(self.snapshot()) if type(flow).draw_facts is not Flow.draw_facts else {}
        draw = Draw.of_hands(hands, order, facts)  # (the rule set reads these hands: no text parsed back)
        if flow.draw_hands:
            self._draw_hands = dict(draw.hands)
        return draw

    def _won_end(self) -> bool:
        """A hand with wins, settled straight from the core: the kong ledger, then each win with its hand and its
        facts — derived from the core as HandState.win_facts does where they are all the core's (self-play,
        :func:`facts_from_core`; tests/game/test_core_scoring.py checks the record against the fold's), else the
        record made from the core's state when the rule set was asked about the win (each win on its own
        discard, none robbing a kong: the fold's state is then the same) — and build the typed events only if
        someone reads them.  False: the full end runs (a false win, opening or instant wins, horses, a win whose
        record was not made)."""
        flow, core = self.flow, self.core
        if (flow.penalties or flow.pays_during_play or core.wall_end_ready >= 0
                or self._special is not None and core.specials):
            return False  # (money during play, or the wall's end in the record: the full end)
            return False
        won = core.wins()
        from_core = self._from_core or self._in_c
        if not self._from_core:
            steps = core.win_steps()
            if self._in_c:
                if len(set(steps)) > 1:
                    return False  # (play went on after a win: the fold makes the records, each at its win)
            elif len(set(steps)) != len(steps) or any(core.win_facts(i)[3] for i in range(len(won))):
                return False  # (several wins on one discard, or one robbing a kong: the fold makes their records)
        wins: list[Won] = []
        events = list(self._ledger_record(None).events)
        scored: dict[int, ScoreResult] = {}
        plain_checks = type(flow).check_facts is Flow.check_facts
        for i, (seat, tile, frm, total) in enumerate(won):
            if (seat, tile, frm) in self._scored:  # (scored when the win was offered, from the same facts)
                scored[len(events)] = self._scored[(seat, tile, frm)]
            from_seat = None if frm < 0 else frm
            hand = self._core_hand(seat, tile, from_seat is not None)
            wins.append(Won(seat, tile, from_seat, hand, total))
            if from_core:  # (the evaluator decided the win in C: its record from the core, as when C settles)
                events.append(self._core_win(i, seat, tile, from_seat, hand))
            else:
                made = self._win_records.get((steps[i], seat, tile))
                if made is None:
                    return False
                # the win's score made when it was offered, from the state this record was made from: the
                # settlement takes it as it is where the flow's facts for the offer are the record's (no facts
                # for the legality check alone), rather than scoring the same win again
                offered = self._win_cache.get((steps[i], seat, tile)) if plain_checks else None
                if offered is not None:
                    scored[len(events)] = offered
                events.append(made)
        record = HandRecord(self.rules, tuple(events), dict(flow.ruleset_options), self.dealer, self.prevalent_wind)
        settlement = self._settle(record, scored)
        st = self.snapshot()
        st.wins = wins
        if self._special is not None and _has_horses(flow):
            settlement = self._horses_paid(wins, settlement)
        else:
            extra = flow.extra_lines(st, settlement)
            if extra:
                settlement = Settlement.from_lines(settlement.ruleset, [*settlement.lines, *extra],
                                                   settlement.results, settlement.details)
        self._end_from_core(settlement)
        self.fast_record, self._wins = record, wins
        return True

    def _penalty_end(self) -> bool:
        """A hand the judge's penalty ended, settled straight from the core (its kongs, the penalty's lines) and
        its typed events built only if someone reads them.  False: the full end runs (opening wins, or a win
        before the penalty)."""
        flow, core = self.flow, self.core
        if core.won or self._special is not None and core.specials:
            return False
        st = self.snapshot()
        position = core.n_events - 1
        _, seat, tile, a, b = core.events(position)[0]
        st.penalty = self._penalized(position, seat, tile, a, b, st)
        settlement = self._settle(self._ledger_record(None))
        extra = flow.extra_lines(st, settlement)
        if extra:
            results = (*settlement.results, self._false_win) if self._false_win is not None else settlement.results
            settlement = Settlement.from_lines(settlement.ruleset, [*settlement.lines, *extra], results,
                                               settlement.details)
        self._end_from_core(settlement)
        self._wins = []
        return True

    def play_random(self, agent_seeds: Sequence[int], *, decide_in_c: bool = True) -> CoreHand:
        """Play the hand to its end with the built-in random agents (``RandomAgent(agent_seeds[s])`` at seat
        s), choosing in C; the wins decided in C too (Guobiao's minimum, :func:`guobiao_in_c`; a compiled rule
        book, :func:`book_in_c`) unless ``decide_in_c`` is False (then the rule layer decides each)."""
        return self.play_agents(agent_seeds, greedy=False, decide_in_c=decide_in_c)

    def play_agents(self, agent_seeds: Sequence[int], *, greedy: bool, decide_in_c: bool = True) -> CoreHand:
        """Play the hand to its end with the built-in agents choosing in C: random ones (seeded as
        ``RandomAgent(agent_seeds[s])``), or greedy ones (:class:`~mahjong.game.agents.GreedyAgent`'s choices,
        tests/game/test_core_greedy.py)."""
        core = self.core
        core.seed_agents(agent_seeds)
        if decide_in_c:
            self._decide_book(self._table.book if self._table is not None else book_in_c(self.flow))
        decide = self._table.decide if self._table is not None else guobiao_in_c(self.flow)
        if decide is not None and decide_in_c:
            core.decide_guobiao(*decide)
        play = core.play_greedy if greedy else core.play_random
        status = self.handle(core.advance())
        while status != CS_END:
            status = self.handle(play())
        return self


def _has_horses(flow: Flow) -> bool:
    """The flow turns horses after a win (买马: their events come before the hand's payments)."""
    record = core_flow(flow)
    return record is not None and record.field("horses") >= 0


def _special_hooks(flow: Flow) -> SpecialHooks | None:
    """The flow's special-rules hooks when it has special rules (found once per flow: a runtime protocol check
    costs more than a hand's Python on the core)."""
    got = flow.__dict__.get("_special_hooks", _UNSET)
    if got is _UNSET:
        got = flow if isinstance(flow, SpecialHooks) and flow.has_special() else None
        flow.__dict__["_special_hooks"] = got
    return got  # type: ignore[no-any-return]


_PH = {name: i for i, name in enumerate(PHASES)}
_REFUSED = {-1 - i: name for i, name in enumerate(REFUSALS)}


class CoreGame(CoreHand, Game):
    """:class:`Game` on the compiled hand core: what ``Game(...)`` is wherever the core plays the flow and its
    options (``engine="auto"``, the default; ``engine="python"`` plays the same hand on the Python engine).  The
    same step API (``pending``, ``legal_actions``, ``action_mask``, ``observe``, ``act``, ``step``, ``done``,
    ``settlement``, ``events``, ``state``, explicit walls), hands, legal lists, observations and events as the
    Python engine (``tests/game/test_core_differential.py``).  Constructed directly it requires the core: a
    :class:`~mahjong.errors.RulesError` for a flow or option the core does not model, or on the pure-Python
    backend."""

    @staticmethod
    def flow_for(rules: object, options: object) -> tuple[Flow | None, bool]:
        """(the flow of ``rules`` with ``options``, whether the compiled core plays it); the flow is None for
        arguments :class:`Game` refuses (its own checks then name the problem) and on the pure-Python backend."""
        if not core_available() or not isinstance(rules, str) or (
                options is not None and not isinstance(options, Mapping)):
            return None, False
        try:
            flow = _core_flow(rules, options)
        except MahjongError:
            return None, False
        return flow, core_params(flow) is not None

    def __init__(self, rules: str = "guobiao", *, seed: int = 0, salt: int = 0, wall: Sequence[int] | None = None,
                 dealer: int | None = None, prevalent_wind: int = 0, hand_number: int = 0,
                 options: Mapping[str, Any] | None = None, engine: str = "core") -> None:
        made = self.__dict__.pop("_made_flow", None)
        if not core_available():
            raise RulesError("the compiled hand core is not available (pure-Python backend): use Game")
        seed, salt, hand_number, wall = check_game_args(seed, salt, hand_number, options, wall, engine)
        if engine == "python":
            raise RulesError(f"the compiled hand core does not play {rules} with these options: use Game")
        flow = made if made is not None else _core_flow(rules, options)
        params = core_params(flow)
        if params is None:
            raise RulesError(f"the compiled hand core does not play {rules} with these options: use Game")
        d, prevalent_wind = check_seats(flow, dealer, prevalent_wind)
        given = None if wall is None else checked_wall(flow, rules, wall)
        super().__init__(flow, params, seed=seed, salt=salt, wall=given, dealer=d, prevalent_wind=prevalent_wind,
                         hand_number=hand_number, options=options, rules=rules)
        self._legal_made: dict[int, list[Action]] = {}
        self._slots_made: dict[int, tuple[int, ...]] = {}
        #: the judge's penalties: the question's answers held until every asked seat has answered, the illegal ones
        self._held: dict[int, Action | int] = {}
        self._faults: dict[int, Action | int] = {}
        self._decide_book(book_in_c(flow))
        self._status = self.handle(self.core.advance())

    def __deepcopy__(self, memo: dict[int, Any]) -> CoreGame:
        """An independent copy (the hand's core copied too: :meth:`clone`), as ``copy.deepcopy`` copies a
        Python-engine Game: play on either without touching the other."""
        twin: CoreGame = self.clone()  # type: ignore[assignment]
        memo[id(self)] = twin
        return twin

    def _fork_redealt(self, seat: int, kongs: list[tuple[int, int, int]]) -> None:
        """:func:`mahjong.game.fork.determinize` has laid re-dealt tiles into the folded state: put them into
        the core too, ask the open decision again and give ``seat``'s own answer again."""
        core = self.core
        own = core.answers().get(seat)
        st = self._state
        hands = b"".join(bytes(st.hands[s]) for s in range(4))
        drew = st.last_draw
        status = core.redeal(hands, bytes(st.wall[st.front:st.back]), kongs, -1 if drew is None else drew[1])
        self._legal_made, self._slots_made, self._win_cache = {}, {}, {}
        self._status = self.handle(status)
        if own is not None and seat in self.pending:
            self.act(seat, own)

    @property
    def done(self) -> bool:
        return self._status == CS_END

    @property
    def pending(self) -> tuple[int, ...]:
        if self._status == CS_END:
            return ()
        pending = self.core.pending
        return tuple(s for s in pending if s not in self._held) if self._held else pending

    @one_answer_at_a_time  # (its cache is emptied by an answer: filled in between, it would be stale for good)
    def _legal_of(self, seat: int) -> list[Action]:
        """The seat's legal actions now, made once per decision (the cache is emptied by every accepted act)."""
        return self._legal_now(seat)

    def _legal_now(self, seat: int) -> list[Action]:
        """_legal_of for a caller already answering (act holds the lock: no second pass through it per step)."""
        legal = self._legal_made.get(seat)
        if legal is None:
            slots = self.core.legal(seat) if type(seat) is int and 0 <= seat < 4 else ()  # (as Game: no seat, none)
            if slots:
                focus = self.core.focus
                legal = [_SLOT_ACTIONS[i] or slot_action(i, focus) for i in slots]
            else:
                legal = []
            if type(seat) is int:
                self._legal_made[seat] = legal
                self._slots_made[seat] = slots
        return legal

    def legal_actions(self, seat: int) -> list[Action]:
        seat = as_seat(seat)
        if seat in self._held:
            return []
        return list(self._legal_of(seat))

    def action_mask(self, seat: int) -> bytearray:
        seat = as_seat(seat)
        if not 0 <= seat < 4 or seat in self._held:
            return bytearray(N_ACTIONS)
        return self.core.mask(seat)

    @one_answer_at_a_time
    def act(self, seat: int, action: Action | int) -> None:
        """As :meth:`Game.act`: raises :class:`IllegalActionError` naming the action and why; the state is
        unchanged."""
        seat, action = as_seat(seat), as_action(action)  # (a numpy integer as an int; a float, a bool refused)
        if self.done:
            raise IllegalActionError(f"the hand is over: seat {seat} cannot {action}")
        if self.flow.penalties and (self._held or not self._is_legal(seat, action)):
            self._judged_act(seat, action)  # (the judge's penalties: an illegal answer is judged, not refused)
            return
        if isinstance(action, Action):
            slot = action.index
            legal = self._legal_now(seat)
            k = self._slots_made.get(seat, ()).index(slot) if slot in self._slots_made.get(seat, ()) else -1
            if k < 0 or legal[k] is not action and legal[k] != action:
                slot = -1
        elif isinstance(action, int) and not isinstance(action, bool):
            slot = action if 0 <= action < N_ACTIONS else -1
        else:
            raise IllegalActionError(f"an action is an Action or an action index, got {action!r}")
        r = self.core.act(seat, slot) if type(seat) is int and 0 <= seat < 4 else _NOT_PENDING
        if r >= 0:
            self._legal_made, self._slots_made = {}, {}
        if r < 0:
            why = _REFUSED.get(r, "not_legal")
            if why == "not_pending":
                who = listed(self.pending)
                raise IllegalActionError(f"seat {seat} is not to act now ({action}); the seats to act now: {who}")
            if why == "answered":
                raise IllegalActionError(f"seat {seat} has already answered")
            raise IllegalActionError(f"seat {seat} cannot {action} now ({PHASES[self.core.phase]}): legal are "
                                     + ", ".join(str(a) for a in self.legal_actions(seat)))
        self._status = self.handle(r)

    def _is_legal(self, seat: int, action: Action | int) -> bool:
        """``action`` is one of the legal answers of ``seat``, a seat still to answer."""
        if type(seat) is not int or seat not in self.pending:
            return False
        legal = self._legal_now(seat)
        if isinstance(action, Action):
            return action in legal
        return type(action) is int and any(a.index == action for a in legal)

    def _judged_act(self, seat: int, action: Action | int) -> None:
        """Game.act with the judge's penalties (the Botzone format) once an answer is not legal: the answers of the
        question are held until every asked seat has given one, then judged as Game._judge judges them (wins
        declared first, a false one WH; else the illegal answer WA, the lowest seat's); the core is given the
        answers only when none is penalized (an illegal one among them, beside a win that stands, as pass)."""
        core = self.core
        if type(seat) is not int or seat not in core.asked:
            raise IllegalActionError(f"seat {seat} is not to act now ({action}); the seats to act now: "
                                     f"{listed(self.pending)}")
        if seat in self._held or seat in core.answers():
            raise IllegalActionError(f"seat {seat} has already answered ({self._held.get(seat, action)})")
        if isinstance(action, Action):
            chosen: Action | int = action
        elif isinstance(action, int) and not isinstance(action, bool):
            chosen = action
        else:
            raise IllegalActionError(f"an action is an Action or an action index, got {action!r}")
        if not self._is_legal(seat, action):
            self._faults[seat] = action
        self._held[seat] = chosen
        if self.pending:
            return
        held, faults = self._held, self._faults
        self._held, self._faults = {}, {}
        penalty = self._judge_held(held, faults)
        if penalty is not None:
            p_seat, kind, tile, frm, robbing, total, answer = penalty
            self._penalty_answers[core.n_events] = answer
            core.penalize(p_seat, PENALTIES.index(kind), -1 if tile is None else tile, -1 if frm is None else frm,
                          robbing, -1 if total is None else total)
            self._legal_made, self._slots_made = {}, {}
            self._status = self.handle(CS_END)
            return
        status = CS_WAIT
        for s in core.asked:
            if s in held:
                a = held[s]
                slot = PASS if s in faults else (a.index if isinstance(a, Action) else a)
                status = core.act(s, slot)
        self._legal_made, self._slots_made = {}, {}
        self._status = self.handle(status)

    def _judge_held(self, held: dict[int, Action | int],
                    faults: dict[int, Action | int]) -> tuple[int, str, int | None, int | None, bool, int | None,
                                                               str] | None:
        """Game._judge over the question's answers (those the core holds and those held here): the penalty
        (seat, kind, a false win's tile, the seat it was claimed from, robbing, its total, the answer), or None
        when the answers stand."""
        core = self.core
        phase, actor, discard, kong, drawn = core.focus
        given: dict[int, Action | int] = {**{s: a for s, a in core.answers().items()}, **held}

        def declares_win(s: int) -> bool:
            a = given.get(s)
            return (a.kind == "win") if isinstance(a, Action) else a == WIN

        frm: int | None
        if phase == _PH["turn"]:
            (seat,) = core.asked
            tile: int | None = drawn if drawn >= 0 else None
            declared, robbing, frm = [seat] if declares_win(seat) else [], False, None
        else:
            robbing = phase == _PH["rob"]
            frm = core.focus[1]
            tile = kong if robbing else discard
            seats = self.flow.seats
            i = seats.index(frm)
            order = [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
            declared = [s for s in order if s in given and declares_win(s)]
            if not self.flow.multiple_winners:
                declared = declared[:1]
        for s in declared:
            result = self.win_score(s, tile) if s not in faults and tile is not None else None
            if result is None or not result.valid:
                return s, "WH", tile, frm, robbing, result.total if result is not None else None, ""
        if declared or not faults:
            return None
        seat = min(faults)
        a = faults[seat]
        return seat, "WA", None, None, False, None, str(a) if isinstance(a, Action) else f"action {a}"

    def penalize(self, seat: int, kind: str, answer: str = "") -> None:
        """As :meth:`Game.penalize`: an outside judge's penalty ends the hand."""
        seat = check_penalty(self, seat, kind, answer)
        self._penalty_answers[self.core.n_events] = answer[:200]
        self._held, self._faults = {}, {}
        self.core.penalize(seat, PENALTIES.index(kind))
        self._legal_made, self._slots_made = {}, {}
        self._status = self.handle(CS_END)

    def observe(self, seat: int, oracle: bool = False) -> dict[str, Any]:
        """:func:`mahjong.game.observation.observe` read straight from the core's struct (the typed events are
        not built): the same dict as the Python engine's (``oracle=True``: with everything hidden too)."""
        from mahjong.game.observation import oracle_of_state, seat_header

        flow = self.flow
        seat = integer_seat(seat)
        if type(seat) is not int or seat not in flow.seats:
            from mahjong.errors import ContextError

            raise ContextError(f"seat {seat} is not at this table (seats {listed(flow.seats)})")
        core = self.core
        (phase, actor, live, rivers, bonus, visible, lack, counts, playing, won, ldis, pk, ldraw, ready,
         indicator) = _core_table(core)
        melds = []
        shown = self.done and flow.shows_concealed_kongs  # (the hand is over: the concealed kongs are face up)
        for s in range(4):
            out = []
            for kind, tiles, tile, frm in core.melds(s):
                name = MELD_KINDS[kind]
                if name == "concealed_kong" and s != seat and not shown:
                    visible[tile] -= 4  # another seat's concealed kong is face down: its kind is not public
                    tiles = (-1,) * 4
                out.append({"kind": name, "tiles": list(tiles), "from_seat": None if frm < 0 else frm})
            melds.append(out)
        hand = core.hand(seat)
        name = PHASES[phase]
        st = self._state
        view: dict[str, Any] = {
            **seat_header(seat, st.dealer, st.prevalent_wind, st.hand_number),
            "phase": name,
            "actor": actor,
            "live": live,
            "hand": [t for t in range(len(hand)) for _ in range(hand[t])],
            "drawn": ldraw[1] if ldraw is not None and ldraw[0] == seat and name == "turn" else None,
            "melds": melds,
            "discards": rivers,
            "bonus": bonus,
            "concealed_count": counts,
            "ready": ready,
            "lack": lack,
            "won": won,
            "last_discard": list(ldis) if ldis is not None else None,
            "pending_kong": list(pk) if pk is not None else None,
            "wildcards": list(flow.indicator.wildcards[indicator]) if indicator is not None and flow.indicator else [],
            "indicator": indicator,
            "visible": visible,
            "legal": [a.to_dict() for a in self.legal_actions(seat)],
            "mask": list(self.action_mask(seat)),
        }
        if oracle:  # (the Python engine's oracle of the state read from the core: segments, tiles out of play)
            view["oracle"] = oracle_of_state(self.snapshot())
        return view


#: the flows of core games, shared by the games of one preset and options as a RandomTable's hands share theirs
#: (a flow holds no state of a hand; making one checks every option of the rule set, which costs more than a
#: hand on the core): key -> (the preset's registry entry when made, the flow)
_CORE_FLOWS: dict[tuple[Any, ...], tuple[Any, Flow]] = {}


def _flow_key(rules: str, options: Mapping[str, Any] | None) -> tuple[tuple[Any, ...] | None, Any]:
    """(the key of a flow in _CORE_FLOWS, the preset's registry entry now); (None, None) when options are not
    plain hashable values or the preset is unknown (the flow is then made each time, and its errors raised)."""
    from mahjong.registry import PRESETS, resolve_preset

    try:
        entry = PRESETS[resolve_preset(rules)]
        items = tuple((k, type(v), v) for k, v in sorted((options or {}).items(), key=lambda kv: str(kv[0])))
        key = (rules, items)
        hash(key)
    except (MahjongError, TypeError, KeyError):
        return None, None
    return key, entry


def _core_flow(rules: str, options: Mapping[str, Any] | None) -> Flow:
    """make_flow(rules, options), shared by the core games of one preset and options (_CORE_FLOWS)."""
    key, entry = _flow_key(rules, options)
    shared = _CORE_FLOWS.get(key) if key is not None else None
    if shared is not None and shared[0] is entry:
        return shared[1]
    flow = make_flow(rules, options)
    if key is not None and core_params(flow) is not None and len(_CORE_FLOWS) < 256:
        _CORE_FLOWS[key] = (entry, flow)
    return flow


def slot_action(slot: int, focus: tuple[int, int, int, int, int]) -> Action:
    """The action of a legal slot of a core whose ``GameCore.focus`` is ``focus`` (the tiles the slots are
    about: the discard on the table, the added kong, the tile just drawn)."""
    phase, _, discard, kong, drawn = focus
    if slot < CONCEALED_KONG:
        return DISCARDS[slot]
    if slot < ADDED_KONG:
        return CONCEALED_KONGS[slot - CONCEALED_KONG]
    if slot < CHOW:
        return ADDED_KONGS[slot - ADDED_KONG]
    if slot < PUNG:
        return _chow(discard, slot - CHOW)
    if slot == PUNG:
        return PUNGS[discard]
    if slot == KONG:
        return KONGS[discard]
    if slot == WIN:
        return WINS[discard if phase == _PH["claim"] else kong if phase == _PH["rob"] else drawn]
    if slot == PASS:
        return PASS_ACTION
    if HONOR_CHOW <= slot < DISCARD_BONUS:
        return _honor_chow(discard, slot - HONOR_CHOW)
    return LACKS[slot - LACK]


def core_actions(core: GameCore, seat: int) -> list[Action]:
    """``seat``'s legal actions on ``core`` now, in the engine's order (what :meth:`CoreGame.legal_actions`
    gives on a core game)."""
    slots = core.legal(seat)
    focus = core.focus if slots else (0, 0, -1, -1, -1)
    return [_SLOT_ACTIONS[i] or slot_action(i, focus) for i in slots]


_CHOWS: dict[tuple[int, int], Action] = {}


def _chow(discard: int, offset: int) -> Action:
    """The chow of the discard as the high (offset 2), middle (1) or low (0) tile of its run (made once)."""
    action = _CHOWS.get((discard, offset))
    if action is None:
        low = discard - offset
        action = _CHOWS[(discard, offset)] = Action("chow", discard, (low, low + 1, low + 2))
    return action


def _honor_chow(discard: int, k: int) -> Action:
    """The honor chow of the discard (slot HONOR_CHOW + k): three winds, wind 27 + k left out (k < 4), or 中发白."""
    action = _CHOWS.get((discard, 3 + k))
    if action is None:
        meld = (31, 32, 33) if k == 4 else tuple(w for w in range(27, 31) if w != 27 + k)
        action = _CHOWS[(discard, 3 + k)] = Action("chow", discard, meld)
    return action


LACKS = tuple(Action("lack", k) for k in range(3))
#: the action of each slot that does not depend on the tile on offer (None: it does: a chow, pung, kong, win)
_SLOT_ACTIONS: tuple[Action | None, ...] = tuple(
    DISCARDS[i] if i < CONCEALED_KONG else CONCEALED_KONGS[i - CONCEALED_KONG] if i < ADDED_KONG
    else ADDED_KONGS[i - ADDED_KONG] if i < CHOW else PASS_ACTION if i == PASS
    else READIES[i - READY] if READY <= i < READY + 34
    else LACKS[i - LACK] if LACK <= i < LACK + 3 else PICKS[i - PICK] if PICK <= i < PICK + 34
    else DISCARDS[34 + i - DISCARD_BONUS] if DISCARD_BONUS <= i < DISCARD_BONUS + 8
    else FLOWER_ACTIONS[34 + i - FLOWER] if FLOWER <= i < FLOWER + 8 else None
    for i in range(N_ACTIONS))
_core_table: Any = getattr(backend_module, "_core_table", None) if BACKEND == "cython" else None
_core_holding_nets: Any = getattr(backend_module, "core_holding_nets", None) if BACKEND == "cython" else None


_NOT_PENDING = -1 - REFUSALS.index("not_pending")


class RandomTable:
    """Hands of one rule set and options played by the built-in random agents (``agent="greedy"``: the greedy
    ones) — on the compiled core when it plays this flow, the agents choosing in C (the flow is made once and
    the hands share it), else on :class:`Game` with :class:`~mahjong.game.agents.RandomAgent` /
    :class:`~mahjong.game.agents.GreedyAgent` (the same hands either way)."""

    def __init__(self, rules: str, options: Mapping[str, Any] | None = None, agent: str = "random") -> None:
        if agent not in ("random", "greedy"):
            raise RulesError(f"unknown agent {agent!r}; known: random, greedy")
        self.agent = agent
        self.rules = rules
        self.options = dict(options or {})
        self.flow = make_flow(rules, options)
        #: the flow as the compiled core reads it (a CoreFlowTable; None: the Python engine plays the hands)
        self.params = core_params(self.flow) if core_available() else None
        #: the Guobiao wins the core decides in C (guobiao_in_c), made once for the table's hands
        self.decide = guobiao_in_c(self.flow) if self.params is not None else None
        #: the hands' scores and records made from the core alone (facts_from_core)
        self.facts_from_core = self.params is not None and facts_from_core(self.flow)
        #: every win decided (and the hand settled) in C by the compiled rule book (book_in_c), for the table's hands
        self.book = book_in_c(self.flow) if self.params is not None else None
        self._quiet: Settlement | None = None
        #: outcome(): the core plays and settles the table's hands alone (the compiled book that settles them and
        #: its rows' items; Guobiao's wins decided in C), without 换三张 (CoreHand sets that up)
        settles = self.book is not None and self.book[3]
        #: outcome(): every hand of the table that ends at the wall with no win, no money during play and nothing
        #: of a rule file's special tables settles alike (settle_by_wins: the one settlement the table keeps from
        #: the first, CoreHand._quiet_end), so the bare core plays each hand and only one that stops for anything
        #: else (a win to score: Yuhuan's, whose facts the flow reads from the hand state) is played again
        quiet_alike = (type(self.flow.ruleset).settle is RuleSet.settle and not self.flow.draw_hands
                       and not self.flow.pays_during_play and not self.flow.penalties
                       and _special_hooks(self.flow) is None)
        #: outcome(): a hand that ends at the wall with no win (and no win offered on the way) is settled by the
        #: core from the wildcards every seat holds (draw_holdings_in_c: Nanchang's 精 at 黄庄); any other is
        #: played again.  Random agents only: about 70 % of Nanchang's random hands end so, but the greedy agents
        #: are offered a win in nearly every hand (300 of 300 seeded), where the bare core's play would be wasted
        self._lean_holdings = (draw_holdings_in_c_kept(self.flow) if self.params is not None and agent == "random"
                               else None)
        self._lean = self.params is not None and not getattr(self.flow.options, "exchange_three", False) and (
            settles or self.facts_from_core or quiet_alike or self._lean_holdings is not None)
        self._lean_book = self.book if self._lean and settles else None
        self._lean_items: tuple[tuple[tuple[str, str], tuple[str, str]], ...] | None = None
        #: the rows whose names show the wait ({wait}: named per win by the wait C gives), and the book
        self._lean_waits: tuple[frozenset[int], Any, Any] | None = None
        if self._lean_book is not None:  # (each row of the compiled book's item: (key, name), (key, its other name))
            from mahjong.rulebook.compiler import compiled

            cb = compiled(self.flow.ruleset)
            if cb is not None:
                self._lean_items = tuple(((r.key, r.name_zh), (r.key, r.rename_zh)) for r in cb.rows)
                self._lean_waits = _wait_rows(self.flow.ruleset, cb)
        self._lean_core: GameCore | None = None
        #: the rule file has special tables (its hands' opening declarations are counted: HandOutcome.special)
        self._special_rules = bool(getattr(getattr(self.flow, "book", None), "special", None))
        #: outcome(): a win the rule set scores (the ``score`` status) is scored here too, and a hand won so is
        #: read from those results, where the rule set settles by its wins alone and the flow adds nothing to
        #: them and lets any valid result win (its may_win reads no state)
        #: (or the flow reads its own win facts from the core and a won hand is settled by its wins alone:
        #: Nanchang's 精 held, without kong money)
        rs, cls = self.flow.ruleset, type(self.flow)
        self._lean_asks = (self._lean and (self.facts_from_core and type(rs).settle is RuleSet.settle or (
                               own_facts_from_core(self.flow) and rs.won_hands_settle_by_wins()))
                           and not self.flow.draw_hands and pays_penalties_only(self.flow)
                           and cls.may_win is Flow.may_win and not self.flow.wildcard_forfeits)
        # (a hand a penalty ended is played again: hand(); a flow whose seats forfeit their wins reads the state)
        #: outcome(): a hand whose wins the core decided (guobiao_in_c) is read from the core too: each win's fan
        #: vector (the fan table's rows: its items) and total, paid as the rule set's settlement pays a win (the
        #: batch loop's settle_wins: win_payment_table), where the rule set settles by its wins alone
        self._lean_pay = (win_payment_table(self.flow) if self._lean and self.decide is not None
                          and self.facts_from_core and type(rs).settle is RuleSet.settle else None)
        self._lean_fans: tuple[tuple[str, str], ...] | None = None
        if self._lean_pay is not None:
            from mahjong.rulesets.guobiao.fans import FANS

            self._lean_fans = tuple((f.key, f.name_zh) for f in FANS)
        self._no_state = HandState()

    @property
    def on_core(self) -> bool:
        return self.params is not None

    def hand(self, *, seed: int = 0, salt: int = 0, dealer: int | None = None, prevalent_wind: int = 0,
             hand_number: int = 0, agent_seeds: Sequence[int] = (0, 1, 2, 3)) -> HandTable:
        flow = self.flow
        d = flow.seats[0] if dealer is None else dealer
        if self.params is None:
            from mahjong.game.agents import make_agent
            from mahjong.game.play import play_hand

            game = Game(self.rules, seed=seed, salt=salt, dealer=d, prevalent_wind=prevalent_wind,
                        hand_number=hand_number, options=self.options, engine="python")
            play_hand(game, {s: make_agent(self.agent, agent_seeds[i]) for i, s in enumerate(flow.seats)})
            return game
        hand = CoreHand(flow, self.params, seed=seed, salt=salt, dealer=d, prevalent_wind=prevalent_wind,
                        hand_number=hand_number, options=self.options, rules=self.rules, table=self)
        return hand.play_agents(agent_seeds, greedy=self.agent == "greedy")

    def outcome(self, *, seed: int = 0, salt: int = 0, dealer: int | None = None, prevalent_wind: int = 0,
                hand_number: int = 0, agent_seeds: Sequence[int] = (0, 1, 2, 3)) -> HandOutcome:
        """The outcome of the hand :meth:`hand` plays with these arguments (its nets, wins, items: what
        ``mahjong simulate`` counts).  Where the core decides every win and settles the hand itself, the hand is
        played on a bare core and read from its state: Sichuan's nets and each win's rows from its compiled
        settlement, and a Guobiao hand that ends with no win, whose settlement every such hand of the table
        shares.  Any other hand (a win the rule layer must score or settle, a value the table cannot hold) is
        played again by :meth:`hand` — the same hand: the deal and the agents are seeded — and read from it."""
        d = self.flow.seats[0] if dealer is None else dealer
        if self._lean:
            core = self._lean_core
            if core is None:  # (one core for the table's hands: each one dealt anew on it)
                core = self._lean_core = _GameCore(self.params, seed, salt, d, prevalent_wind, None)
                if self._lean_book is not None:
                    core.decide_book(*self._lean_book)
                if self.decide is not None:
                    core.decide_guobiao(*self.decide)
            else:
                core.new_hand(seed, salt, d, prevalent_wind)
            core.seed_agents(agent_seeds)
            play = core.play_greedy if self.agent == "greedy" else core.play_random
            scored: dict[tuple[int, int, int], ScoreResult] = {}
            status = core.advance()
            while True:
                if status == CS_WAIT:
                    status = play()
                elif status == CS_SCORE and self._lean_asks:
                    seat, tile, frm, _ = core.query
                    result = score_from_core(core, self.flow, d, prevalent_wind, seat, tile,
                                             None if frm < 0 else frm, self._no_state)
                    if result is not None:
                        scored[(seat, tile, frm)] = result
                    core.verdict(seat, tile, result is not None, result.total if result is not None else 0)
                    status = core.advance()
                else:
                    break
            if status == CS_END:
                if self._lean_items is not None:
                    settled, items = core.book_outcome(), self._lean_items
                    if settled is not None:
                        net, won = settled
                        # (a hand C settles has had no instant win: its special events are its openings)
                        special = ("opening",) * core.specials if self._special_rules else ()
                        if not won:
                            return HandOutcome(net, (), (), special)
                        if self._special_rules:  # (买马: one horse event per win, as C paid them)
                            special += ("horses",) * len(core.horses())
                        if self._lean_waits is not None:
                            named = _named_items(core, won, self._lean_waits, items)
                            if named is None:
                                return outcome_of(self.hand(seed=seed, salt=salt, dealer=d,
                                                            prevalent_wind=prevalent_wind, hand_number=hand_number,
                                                            agent_seeds=agent_seeds))
                            got = tuple(it for lines in named for it in lines)
                        else:
                            got = tuple(items[i][renamed] for lines in won for i, _n, _v, renamed in lines)
                        return HandOutcome(net, tuple(frm < 0 for _, _, frm, _ in core.wins()), got, special)
                elif not core.won and self._quiet is not None and core.penalty is None and not core.specials:
                    return HandOutcome(tuple(self._quiet.net), (), ())
                elif not core.won and self._lean_holdings is not None and core.penalty is None and not core.specials:
                    return HandOutcome(_core_holding_nets(core, self._lean_holdings), (), ())
                elif core.won and self._lean_fans is not None and self._lean_pay is not None:
                    # (each win's items: its fan vector where the core decided it, else the result the rule set
                    # gave when asked: a win with the extras' facts or fans, scored above)
                    wins = core.wins()
                    won_items: list[tuple[str, str]] = []
                    for i, w in enumerate(wins):
                        f = core.won_fans(i)
                        if f is not None:
                            won_items += [self._lean_fans[j] for j, n in enumerate(f) if n]
                        elif w[:3] in scored and scored[w[:3]].valid:
                            won_items += [(it.key, it.name_zh) for it in scored[w[:3]].items]
                        else:
                            break
                    else:
                        paid = [(s, None if frm < 0 else frm, total) for s, _, frm, total in wins]
                        return HandOutcome(win_nets(self._lean_pay, paid), tuple(frm < 0 for _, _, frm, _ in wins),
                                           tuple(won_items))
                elif core.won and self._lean_asks and core.penalty is None:
                    wins = core.wins()
                    results = [scored[w[:3]] for w in wins if w[:3] in scored]
                    if len(results) == len(wins):
                        return HandOutcome(wins_net(results), tuple(frm < 0 for _, _, frm, _ in wins),
                                           tuple((it.key, it.name_zh) for r in results for it in r.items))
        return outcome_of(self.hand(seed=seed, salt=salt, dealer=d, prevalent_wind=prevalent_wind,
                                    hand_number=hand_number, agent_seeds=agent_seeds))


def play_random(rules: str, *, seed: int = 0, salt: int = 0, dealer: int | None = None, prevalent_wind: int = 0,
                hand_number: int = 0, options: Mapping[str, Any] | None = None,
                agent_seeds: Sequence[int] = (0, 1, 2, 3)) -> HandTable:
    """One hand with the built-in random agents (see :class:`RandomTable`)."""
    return RandomTable(rules, options).hand(seed=seed, salt=salt, dealer=dealer, prevalent_wind=prevalent_wind,
                                            hand_number=hand_number, agent_seeds=agent_seeds)


register_core_game(CoreGame)  # (Game(...) is a CoreGame wherever the compiled core plays the flow)
