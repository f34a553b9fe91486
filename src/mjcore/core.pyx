"""Compiled kernels of mjcore: the same functions, signatures and answers as :mod:`mahjong._reference`.

Hands are 34 counts (tile ids 0..33) plus a number of wildcards.  A 34-byte ``bytes`` object is the fast path
(checked here in C); anything else goes through :func:`mahjong._input.coerce_counts`, the validator both
backends share, so accepted inputs and error messages are identical.  The kernels themselves (``*.pxi``) work
on C arrays without the GIL; see ``tables.pxi`` for the per-group summaries they read.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, free
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF, Py_DECREF
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_FromUnsignedLongLong
from cpython.object cimport PyObject, PyTypeObject

cdef extern from "Python.h":
    PyObject* PyType_GenericAlloc(PyTypeObject* tp, Py_ssize_t nitems) except NULL

from mjcore.types cimport *
from mjcore.rules cimport *

include "tables.pxi"
include "forms.pxi"
include "kernels.pxi"
include "decompose.pxi"
include "guobiao.pxi"

import array as _array

from mahjong._input import check_row as _check_row
from mahjong._input import coerce_batch as _coerce_batch
from mahjong._input import coerce_counts as _coerce_counts
from mahjong._input import coerce_rules as _coerce_rules
from mahjong._input import coerce_visible as _coerce_visible
from mahjong._input import coerce_wildcards as _coerce_wildcards
from mahjong.rules import DEFAULT, HandRules
from mahjong.types import Decomposition, DiscardOption, Form, Waits

__all__ = [
    "is_win",
    "decompositions",
    "waits",
    "shanten",
    "shanten_by_form",
    "useful_tiles",
    "discard_options",
    "is_win_batch",
    "shanten_batch",
    "waits_batch",
]

init_tables()
init_forms()

cdef object _FORMS = tuple(Form)
cdef object _Waits = Waits  # C-level references: no module-dict lookups on the hot paths
cdef object _DiscardOption = DiscardOption
cdef object _tuple_new = tuple.__new__
cdef object _EMPTY_WAITS = _tuple_new(Waits, ((), (), False))
cdef object _SMALL_INTS = tuple(range(64))
cdef object _DEFAULT = DEFAULT
cdef object _HandRules = HandRules


# ---- arguments ---------------------------------------------------------------------------------------------

ctypedef struct Params:
    uint32_t flags
    int hand_size
    int max_wildcards
    int k
    int total

# The last rules object seen, kept alive so that its identity stays a valid cache key (HandRules is frozen).
cdef object _rules_seen = None
cdef uint32_t _rules_flags = 0
cdef int _rules_hand_size = 13
cdef int _rules_max_wildcards = 8


cdef int load_rules(object rules, Params* P) except -1:
    global _rules_seen, _rules_flags, _rules_hand_size, _rules_max_wildcards
    if rules is not _rules_seen:
        if not isinstance(rules, _HandRules):
            _coerce_rules(rules)  # raises RulesError
            raise AssertionError("unreachable")
        flags = rules.flags
        hand_size = rules.hand_size
        max_wildcards = rules.max_wildcards
        if flags & F_HONOR_SEQUENCES:
            init_honor_seq_tables()
        _rules_flags = flags
        _rules_hand_size = hand_size
        _rules_max_wildcards = max_wildcards
        _rules_seen = rules
    P.flags = _rules_flags
    P.hand_size = _rules_hand_size
    P.max_wildcards = _rules_max_wildcards
    return 0


cdef inline int check_counts(const uint8_t* h, const Params* P, int complete) noexcept nogil:
    """Total tiles (wildcards included) of a valid hand, or -1 (the caller then lets the Python validator
    raise the error it names).  Reads exactly 34 bytes."""
    cdef int i, w, total = P.k
    cdef uint64_t v, big = 0
    for w in range(0, 32, 8):
        v = load8(h + w)
        big |= (((v & (0x7F * MJ_ONES)) + 0x7B * MJ_ONES) | v) & (0x80 * MJ_ONES)  # a byte above 4
    if big or h[32] > 4 or h[33] > 4:
        return -1
    for w in range(0, 32, 8):
        total += bytesum(load8(h + w))
    total += h[32] + h[33]
    if P.flags & F_NO_HONORS:
        for i in range(27, 34):
            if h[i]:
                return -1
    if total > P.hand_size + 1 or total % 3 == 0:
        return -1
    if complete == 1 and total % 3 != 2:
        return -1
    if complete == 0 and total % 3 != 1:
        return -1
    return total


cdef object prep(object hand, object wildcards, object rules, int complete, uint8_t* h, Params* P):
    """Validate the arguments, copy the counts into h, fill P.  Returns the counts as bytes."""
    cdef long k
    cdef int overflow = 0
    load_rules(rules, P)
    if type(hand) is bytes and PyBytes_GET_SIZE(hand) == 34 and type(wildcards) is int:
        k = PyLong_AsLongAndOverflow(wildcards, &overflow)
        if not overflow and 0 <= k <= P.max_wildcards:
            P.k = <int>k
            memcpy(h, PyBytes_AS_STRING(hand), 34)
            memset(h + 34, 0, HBUF - 34)
            P.total = check_counts(h, P, complete)
            if P.total >= 0:
                return hand
    counts = _coerce_counts(hand, wildcards, rules,
                            complete=None if complete < 0 else bool(complete))
    P.k = wildcards  # validated: an int-like in 0..max_wildcards
    memcpy(h, PyBytes_AS_STRING(counts), 34)
    memset(h + 34, 0, HBUF - 34)
    P.total = check_counts(h, P, complete)
    if P.total < 0:
        raise AssertionError("mahjong._core: validator accepted a hand the kernel rejects")
    return counts


cdef object new_record(object cls, tuple items):
    """An instance of the NamedTuple class cls (a tuple subclass without __dict__) holding items, built the
    way tuple.__new__ builds subclass instances, minus the call overhead."""
    cdef Py_ssize_t i, n = len(items)
    cdef object out = <object>PyType_GenericAlloc(<PyTypeObject*>cls, n)
    Py_DECREF(out)  # the cast above took a second reference
    for i in range(n):
        o = items[i]
        Py_INCREF(o)
        PyTuple_SET_ITEM(out, i, o)
    return out


cdef inline int hand_total(const uint8_t* h, int k) noexcept nogil:
    """Tiles in a hand buffer (HBUF bytes, zero tail) plus k wildcards; the row was validated already."""
    cdef int w, total = k
    for w in range(0, HBUF, 8):
        total += bytesum(load8(h + w))
    return total


cdef inline object small_int(int v):
    if 0 <= v < 64:
        return _SMALL_INTS[v]
    return v


cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static int mj_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
    #else
    #define mj_ctz64(x) __builtin_ctzll(x)
    #define mj_popcount64(x) __builtin_popcountll(x)
    #endif
    """
    int mj_ctz64(uint64_t x) noexcept nogil
    int mj_popcount64(uint64_t x) noexcept nogil


cdef object tiles_tuple(uint64_t mask):
    """The set bits of mask (tile ids), ascending, as a tuple of ints."""
    cdef int i = 0
    out = PyTuple_New(mj_popcount64(mask))
    while mask:
        o = _SMALL_INTS[mj_ctz64(mask)]
        Py_INCREF(o)
        PyTuple_SET_ITEM(out, i, o)
        i += 1
        mask &= mask - 1
    return out


# ---- single-hand kernels -----------------------------------------------------------------------------------

def is_win(hand, wildcards=0, rules=DEFAULT):
    """True if the concealed tiles + ``wildcards`` (``3n+2`` of them) form a complete hand under ``rules``."""
    cdef uint8_t h[HBUF]
    cdef Params P
    prep(hand, wildcards, rules, 1, h, &P)
    return win_k(h, P.k, P.total, P.hand_size, P.flags)


def shanten(hand, wildcards=0, rules=DEFAULT):
    """Shanten (向听) of a ``3n+1`` or ``3n+2`` hand: -1 = complete, 0 = ready; minimum over the enabled forms."""
    cdef uint8_t h[HBUF]
    cdef Params P
    prep(hand, wildcards, rules, -1, h, &P)
    return shanten_k(h, P.k, P.total, P.hand_size, P.flags)


def shanten_by_form(hand, wildcards=0, rules=DEFAULT):
    """Shanten per form, for every form enabled by ``rules`` that the tile count allows (keys in Form order)."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef Groups g
    cdef int per_form[6]
    cdef int i, ready = 0
    prep(hand, wildcards, rules, -1, h, &P)
    gather(h, P.flags, &g)
    forms_D(h, P.total, P.hand_size, P.flags, &g, per_form)
    if (P.flags & F_WAIT_ON_FOURTH_COPY) and P.total % 3 == 1:
        ready = fourth_copy_ready_forms(h, P.k, P.total, P.hand_size, P.flags)
    out = {}
    for i in range(6):
        if per_form[i] >= 0:
            s = imax(per_form[i] - P.k, 0) - 1
            if s > 0 and ready & (1 << i):
                s = 0
            out[_FORMS[i]] = s
    return out


def waits(hand, wildcards=0, rules=DEFAULT, visible=None):
    """The tiles that complete a ``3n+1`` hand: ``Waits(tiles, remaining, any_tile)``."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef uint64_t mask
    cdef int n, t, i, kinds
    cdef const uint8_t* vis = NULL
    counts = prep(hand, wildcards, rules, 0, h, &P)
    mask = waits_mask(h, P.k, P.total, P.hand_size, P.flags)
    if visible is not None:
        vbytes = _coerce_visible(visible, counts)
        vis = <const uint8_t*>PyBytes_AS_STRING(vbytes)
    if mask == 0:
        return _EMPTY_WAITS
    tiles = tiles_tuple(mask)
    n = len(tiles)
    remaining = PyTuple_New(n)
    i = 0
    for t in range(34):
        if mask & ((<uint64_t>1) << t):
            o = small_int(imax(0, 4 - h[t] - (vis[t] if vis != NULL else 0)))
            Py_INCREF(o)
            PyTuple_SET_ITEM(remaining, i, o)
            i += 1
    kinds = 27 if P.flags & F_NO_HONORS else 34
    return new_record(_Waits, (tiles, remaining, n == kinds))


cdef uint64_t useful_mask(uint8_t* h, int k, int total, int hand_size, uint32_t flags, int base) noexcept nogil:
    """Tiles (never a fifth copy) whose draw lowers the shanten of the 3n+1 hand h below base."""
    cdef uint64_t mask = 0
    cdef int t, s
    for t in range(27 if flags & F_NO_HONORS else 34):
        if h[t] < 4:
            h[t] += 1
            s = imax(min_D(h, total + 1, hand_size, flags) - k, 0) - 1
            h[t] -= 1
            if s < base:
                mask |= (<uint64_t>1) << t
    return mask


def useful_tiles(hand, wildcards=0, rules=DEFAULT):
    """进张 of a ``3n+1`` hand: tile ids (ascending) whose draw lowers the shanten."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef int base
    prep(hand, wildcards, rules, 0, h, &P)
    base = shanten_k(h, P.k, P.total, P.hand_size, P.flags)
    return tiles_tuple(useful_mask(h, P.k, P.total, P.hand_size, P.flags, base))


def discard_options(hand, wildcards=0, rules=DEFAULT, visible=None):
    """For a ``3n+2`` hand: one DiscardOption per distinct tile kind held, best first."""
    cdef uint8_t h[HBUF]
    cdef uint8_t before[HBUF]
    cdef uint8_t vis[34]
    cdef Params P
    cdef int t, u, n = 0, i, j, cnt
    cdef int opt_tile[34]
    cdef int opt_s[34]
    cdef int opt_cnt[34]
    cdef uint64_t opt_mask[34]
    cdef int order[34]
    counts = prep(hand, wildcards, rules, 1, h, &P)
    memcpy(before, h, 34)
    vbytes = _coerce_visible(visible, counts)
    memcpy(vis, PyBytes_AS_STRING(vbytes), 34)
    with nogil:
        for t in range(34):
            if not before[t]:
                continue
            h[t] -= 1
            opt_tile[n] = t
            opt_s[n] = shanten_k(h, P.k, P.total - 1, P.hand_size, P.flags)
            opt_mask[n] = useful_mask(h, P.k, P.total - 1, P.hand_size, P.flags, opt_s[n])
            h[t] += 1
            cnt = 0
            for u in range(34):
                if opt_mask[n] & ((<uint64_t>1) << u):
                    cnt += imax(0, 4 - before[u] - vis[u])
            opt_cnt[n] = cnt
            n += 1
        # insertion sort: lowest shanten, then most useful copies, then tile id
        for i in range(n):
            order[i] = i
            j = i
            while j > 0 and (opt_s[order[j - 1]] > opt_s[i] or (opt_s[order[j - 1]] == opt_s[i]
                             and opt_cnt[order[j - 1]] < opt_cnt[i])):
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
    out = []
    for i in range(n):
        j = order[i]
        out.append(new_record(_DiscardOption, (opt_tile[j], opt_s[j], tiles_tuple(opt_mask[j]), opt_cnt[j])))
    return out


def decompositions(hand, wildcards=0, rules=DEFAULT):
    """Every distinct reading of a complete ``3n+2`` hand (empty list if it does not win), sorted."""
    cdef uint8_t h[HBUF]
    cdef Params P
    prep(hand, wildcards, rules, 1, h, &P)
    if not win_k(h, P.k, P.total, P.hand_size, P.flags):
        return []
    return all_readings(h, P.k, P.total, P.hand_size, P.flags)


# ---- batch kernels -----------------------------------------------------------------------------------------

cdef object batch_prep(object hands, object wildcards, object rules, int complete, Params* P):
    """Validate scalars and every row (raising the validator's error for the first bad row).  Returns
    (view, n)."""
    cdef const uint8_t[::1] buf
    cdef Py_ssize_t n, i
    cdef int total
    r = _coerce_rules(rules)
    k = _coerce_wildcards(wildcards, r)
    load_rules(r, P)
    P.k = k
    view, n = _coerce_batch(hands)
    if n == 0:
        return view, 0
    buf = view
    for i in range(n):
        total = check_counts(&buf[34 * i], P, complete)
        if total < 0:
            _check_row(bytes(view[34 * i: 34 * i + 34]), k, r,
                       None if complete < 0 else bool(complete), what=f"row {i}")
            raise AssertionError("mahjong._core: validator accepted a row the kernel rejects")
    return view, n


def is_win_batch(hands, wildcards=0, rules=DEFAULT):
    """``is_win`` for each row of an ``(N, 34)`` uint8 C-contiguous array: a ``bytearray`` of N 0/1."""
    cdef Params P
    cdef const uint8_t[::1] buf
    cdef Py_ssize_t n, i
    cdef unsigned char* o
    cdef uint8_t h[HBUF]
    view, n = batch_prep(hands, wildcards, rules, 1, &P)
    out = bytearray(n)
    if n == 0:
        return out
    buf = view
    o = out
    memset(h, 0, HBUF)
    with nogil:
        for i in range(n):
            memcpy(h, &buf[34 * i], 34)
            o[i] = win_k(h, P.k, hand_total(h, P.k), P.hand_size, P.flags)
    return out


def shanten_batch(hands, wildcards=0, rules=DEFAULT):
    """``shanten`` for each row (``3n+1`` or ``3n+2``): an ``array.array('b')`` of length N."""
    cdef Params P
    cdef const uint8_t[::1] buf
    cdef Py_ssize_t n, i
    cdef signed char[::1] o
    cdef uint8_t h[HBUF]
    memset(h, 0, HBUF)
    view, n = batch_prep(hands, wildcards, rules, -1, &P)
    out = _array.array("b", bytes(n))
    if n == 0:
        return out
    buf = view
    o = out
    with nogil:
        for i in range(n):
            memcpy(h, &buf[34 * i], 34)
            o[i] = <signed char>shanten_k(h, P.k, hand_total(h, P.k), P.hand_size, P.flags)
    return out


def waits_batch(hands, wildcards=0, rules=DEFAULT):
    """Waits of each ``3n+1`` row as a list of N ints: bit ``t`` set = tile id ``t`` completes it."""
    cdef Params P
    cdef const uint8_t[::1] buf
    cdef Py_ssize_t n, i
    cdef uint64_t* masks
    cdef uint8_t h[HBUF]
    memset(h, 0, HBUF)
    view, n = batch_prep(hands, wildcards, rules, 0, &P)
    if n == 0:
        return []
    buf = view
    masks = <uint64_t*>malloc(n * sizeof(uint64_t))
    if masks == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                memcpy(h, &buf[34 * i], 34)
                masks[i] = waits_mask(h, P.k, hand_total(h, P.k), P.hand_size, P.flags)
        return [PyLong_FromUnsignedLongLong(masks[i]) for i in range(n)]
    finally:
        free(masks)
