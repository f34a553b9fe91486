"""Compiled kernels of mjcore: the same functions, signatures and answers as :mod:`mahjong._reference`.

Hands are 34 counts (tile ids 0..33) plus a number of wildcards.  The common inputs are read here in C: a
34-byte ``bytes``, a :class:`~mahjong.hand.Hand` (its counts, and its melds' tiles for the copies left), a 1-D
uint8 numpy row, a list/tuple of plain ints (34 counts or tile ids).  Everything else, and every input that
fails a check, goes through :func:`mahjong._input.coerce_hand`, the validator both backends share, so accepted
inputs and error messages are identical.  The kernels themselves (``*.pxi``) work on C arrays without the GIL;
see ``tables.pxi`` for the per-group summaries they read.

Batch kernels read any integer buffer (dtype, byte order and strides as the buffer says) row by row with the
GIL released, copying each row into a local buffer and checking that copy: the checked bytes are the bytes
the kernel reads, so a caller mutating the array meanwhile can get garbage answers for the rows it changed,
never a crash.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int8_t
from libc.string cimport memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM, PyTuple_GET_SIZE
from cpython.list cimport PyList_GET_SIZE
from cpython.ref cimport Py_INCREF, Py_DECREF
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.object cimport PyObject, PyTypeObject
from cpython cimport array as carray
from cpython.bytearray cimport PyByteArray_FromStringAndSize
from cpython.buffer cimport PyObject_GetBuffer, PyBuffer_Release, PyBUF_ND, PyBUF_FORMAT, PyBUF_RECORDS_RO

cdef extern from "Python.h":
    PyObject* PyType_GenericAlloc(PyTypeObject* tp, Py_ssize_t nitems) except NULL

from mjcore.types cimport *
from mjcore.rules cimport *

include "tables.pxi"
include "forms.pxi"
include "kernels.pxi"
include "decompose.pxi"
include "guobiao.pxi"
include "evaluator.pxi"
include "engine.pxi"
include "evaluator_core.pxi"
include "obs.pxi"
include "batch.pxi"

import sys as _sys

from mahjong._input import batch_layout as _batch_layout
from mahjong._input import check_row as _check_row
from mahjong._input import coerce_batch as _coerce_batch
from mahjong._input import coerce_batch_wildcards as _coerce_batch_wildcards
from mahjong._input import coerce_hand as _coerce_hand
from mahjong._input import coerce_max_readings as _coerce_max_readings
from mahjong._input import coerce_rules as _coerce_rules
from mahjong._input import coerce_visible as _coerce_visible
from mahjong._input import too_many_readings as _too_many_readings
from mahjong._input import MAX_BATCH_ROWS, MAX_READINGS
from mahjong._constants import KERNEL_NAMES
from mahjong.errors import HandError
from mahjong.hand import Hand
from mahjong.rules import DEFAULT, HandRules
from mahjong.types import Decomposition, DiscardOption, Form, Waits

__all__ = list(KERNEL_NAMES)

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
cdef object _Hand = Hand
cdef object _ndarray = None  # numpy.ndarray once numpy is imported by the caller (never imported here)
cdef object _modules = _sys.modules


cdef extern from *:
    """
    #ifndef MJ_BUILD_MODE
    #define MJ_BUILD_MODE "release"
    #endif
    """
    const char* MJ_BUILD_MODE


def _build_mode():
    """How this module was compiled: "release", "debug" (bounds checks on) or "trace" (line tracing)."""
    return MJ_BUILD_MODE.decode("ascii")


def _compiled_constants():
    """The constants as this build compiled them (flag bits, form indices): tests compare them with
    mahjong._constants, which generated them."""
    flags = {"seven_pairs": F_SEVEN_PAIRS, "seven_pairs_quad_as_two": F_SEVEN_PAIRS_QUAD_AS_TWO,
             "thirteen_orphans": F_THIRTEEN_ORPHANS, "knitted": F_KNITTED, "thirteen_lan": F_THIRTEEN_LAN,
             "honor_sequences": F_HONOR_SEQUENCES, "no_honors": F_NO_HONORS, "lack_a_suit": F_LACK_A_SUIT,
             "wait_on_fourth_copy": F_WAIT_ON_FOURTH_COPY}
    forms = {"REGULAR": FORM_REGULAR, "SEVEN_PAIRS": FORM_SEVEN_PAIRS, "THIRTEEN_ORPHANS": FORM_THIRTEEN_ORPHANS,
             "HONORS_AND_KNITTED": FORM_HONORS_AND_KNITTED, "KNITTED_STRAIGHT": FORM_KNITTED_STRAIGHT,
             "THIRTEEN_LAN": FORM_THIRTEEN_LAN}
    return {"FLAG_BITS": flags, "FORM_INDEX": forms, "N_FORMS": N_FORMS}


# ---- arguments ---------------------------------------------------------------------------------------------

ctypedef struct Params:
    uint32_t flags
    int hand_size
    int max_wildcards
    int k
    int total
    int melds

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
        _rules_flags = flags
        _rules_hand_size = hand_size
        _rules_max_wildcards = max_wildcards
        _rules_seen = rules
    P.flags = _rules_flags
    P.hand_size = _rules_hand_size
    P.max_wildcards = _rules_max_wildcards
    P.melds = 0
    return 0


cdef inline int check_counts(const uint8_t* h, const Params* P, int complete) noexcept nogil:
    """Total concealed tiles (wildcards included) of a valid hand, or -1 (the caller then lets the Python
    validator raise the error it names).  Reads exactly 34 bytes."""
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
    if total + 3 * P.melds > P.hand_size + 1 or total % 3 == 0:
        return -1
    if P.melds and total + 3 * P.melds < P.hand_size:  # a Hand's melds are known: its size must be exact
        return -1
    if complete == 1 and total % 3 != 2:
        return -1
    if complete == 0 and total % 3 != 1:
        return -1
    return total


cdef extern from *:
    """
    /* The leading fields of a numpy array and of its dtype, in the order numpy's C API documents them (stable
       since numpy 1.7, unchanged by numpy 2).  Read only after probe_numpy() has checked them against the
       buffer protocol on arrays numpy itself made: a numpy whose layout differs never takes this path. */
    typedef struct {
        PyObject_HEAD
        char *data;
        int nd;
        Py_ssize_t *dimensions;
        Py_ssize_t *strides;
        PyObject *base;
        PyObject *descr;
    } mj_ndarray;
    typedef struct {
        PyObject_HEAD
        PyTypeObject *typeobj;
        char kind;
        char type;
        char byteorder;
    } mj_descr;
    static inline char *mj_np_data(PyObject *a) { return ((mj_ndarray *)a)->data; }
    static inline int mj_np_nd(PyObject *a) { return ((mj_ndarray *)a)->nd; }
    static inline Py_ssize_t mj_np_dim0(PyObject *a) { return ((mj_ndarray *)a)->dimensions[0]; }
    static inline Py_ssize_t mj_np_stride0(PyObject *a) { return ((mj_ndarray *)a)->strides[0]; }
    static inline char mj_np_typechar(PyObject *a) { return ((mj_descr *)((mj_ndarray *)a)->descr)->type; }
    /* the item array of a list or a tuple */
    static inline PyObject **mj_seq_items(PyObject *o, int is_list) {
        return is_list ? ((PyListObject *)o)->ob_item : ((PyTupleObject *)o)->ob_item;
    }
    """
    char* mj_np_data(PyObject* a)
    int mj_np_nd(PyObject* a)
    Py_ssize_t mj_np_dim0(PyObject* a)
    Py_ssize_t mj_np_stride0(PyObject* a)
    char mj_np_typechar(PyObject* a)
    PyObject** mj_seq_items(PyObject* o, int is_list)


# The interpreter's cached int objects 0..33.  CPython keeps them in one static array, so an item's value is its
# offset from the object 0 (checked at import: SMALL_SHIFT stays -1 if they are not evenly spaced).
cdef char* SMALL_BASE = <char*><PyObject*>_SMALL_INTS[0]
cdef int SMALL_SHIFT = -1


cdef void init_small_ints():
    global SMALL_SHIFT
    cdef Py_ssize_t step = (<char*><PyObject*>_SMALL_INTS[1]) - SMALL_BASE
    cdef int shift = 0, j
    while shift < 12 and ((<Py_ssize_t>1) << shift) < step:
        shift += 1
    if step <= 0 or ((<Py_ssize_t>1) << shift) != step:
        return
    for j in range(34):
        if (<char*><PyObject*>_SMALL_INTS[j]) != SMALL_BASE + (<Py_ssize_t>j << shift):
            return
    SMALL_SHIFT = shift


init_small_ints()


cdef inline int small_value(PyObject* p, int limit):
    """The value of p if it is a plain int (not a bool, not a subclass) in 0..limit-1, else -1."""
    cdef size_t off
    cdef long v
    cdef int overflow = 0
    if SMALL_SHIFT >= 0:
        off = <size_t>((<char*>p) - SMALL_BASE)
        if off < (<size_t>limit << SMALL_SHIFT) and not (off & ((<size_t>1 << SMALL_SHIFT) - 1)):
            return <int>(off >> SMALL_SHIFT)
    if not PyLong_CheckExact(<object>p):
        return -1
    v = PyLong_AsLongAndOverflow(<object>p, &overflow)
    if overflow or v < 0 or v >= limit:
        return -1
    return <int>v


cdef bint read_int_sequence(object seq, uint8_t* h):
    """A list or tuple of plain ints: 34 counts 0..4, or fewer tile ids 0..33.  False = let Python decide."""
    cdef bint is_list = type(seq) is list
    cdef Py_ssize_t n = PyList_GET_SIZE(seq) if is_list else PyTuple_GET_SIZE(seq), i
    cdef PyObject** items = mj_seq_items(<PyObject*>seq, is_list)
    cdef int v
    if n > 34:
        return False
    for i in range(0, n, 8):  # the item array's cache lines, all requested before the first is read
        mj_prefetch(items + i)
    if n == 34:
        for i in range(34):
            v = small_value(items[i], 5)
            if v < 0:
                return False
            h[i] = <uint8_t>v
        return True
    memset(h, 0, 34)
    for i in range(n):
        v = small_value(items[i], 34)
        if v < 0:
            return False
        h[v] += 1
    return True


# numpy's array layout as probe_numpy() found it: 1 = checked (read rows from the array object), 0 = not yet
# looked at, -1 = different (always use the buffer protocol)
cdef int _np_layout = 0


cdef int probe_numpy(object np):
    """Check the mj_ndarray view against the buffer protocol on arrays made by this numpy."""
    cdef PyObject* p
    cdef Py_buffer view
    try:
        base = np.arange(80, dtype=np.uint8)
        probes = (base[:34], base[2:36], base[::2][:34], base.reshape(2, 40)[1], np.zeros(34, np.int8),
                  np.zeros(34, np.uint16), base[:35])
        for a in probes:
            p = <PyObject*>a
            PyObject_GetBuffer(a, &view, PyBUF_RECORDS_RO)
            try:
                ok = (mj_np_data(p) == <char*>view.buf and mj_np_nd(p) == view.ndim == 1
                      and mj_np_dim0(p) == view.shape[0] and mj_np_stride0(p) == view.strides[0]
                      and chr(<unsigned char>mj_np_typechar(p)) == a.dtype.char)
            finally:
                PyBuffer_Release(&view)
            if not ok:
                return -1
    except Exception:
        return -1
    return 1


cdef bint read_numpy_row(object arr, uint8_t* h):
    """An exact numpy.ndarray, 1-D, 34 uint8 counts, contiguous: read from the array object itself."""
    cdef PyObject* p = <PyObject*>arr
    if mj_np_nd(p) != 1 or mj_np_dim0(p) != 34 or mj_np_stride0(p) != 1 or mj_np_typechar(p) != b"B":
        return False
    memcpy(h, mj_np_data(p), 34)
    return True


cdef bint read_byte_buffer(object obj, uint8_t* h):
    """A 1-D, 34-entry, C-contiguous buffer of unsigned bytes (a numpy uint8 row, a bytearray).  False = let
    Python decide (another dtype or shape, or no buffer at all)."""
    cdef Py_buffer view
    cdef bint ok
    try:
        PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT)
    except Exception:
        return False
    ok = (view.ndim == 1 and view.shape[0] == 34 and view.itemsize == 1
          and (view.format == NULL or (view.format[0] == b"B" and view.format[1] == 0)))
    if ok:
        memcpy(h, view.buf, 34)
    PyBuffer_Release(&view)
    return ok


cdef int read_exposed(object melds, uint8_t* exposed) except -1:
    """The tiles of a Hand's melds into 34 counts (a kong counts 4)."""
    memset(exposed, 0, 34)
    for m in melds:
        for t in m.tiles:
            exposed[<int>t] += 1
    return 0


cdef object prep(object hand, object wildcards, object rules, int complete, uint8_t* h, uint8_t* exposed,
                 Params* P):
    """Validate the arguments, copy the counts into h (HBUF bytes, zero tail) and the hand's own exposed melds
    into exposed (34 bytes, when not NULL), fill P.  Returns the concealed counts as bytes (only when the slow
    path ran; None otherwise)."""
    global _ndarray, _np_layout
    cdef long k
    cdef int overflow = 0
    cdef bint fast = False
    cdef type tp = type(hand)
    load_rules(rules, P)
    if type(wildcards) is int:
        k = PyLong_AsLongAndOverflow(wildcards, &overflow)
        if not overflow and 0 <= k <= P.max_wildcards:
            P.k = <int>k
            if tp is bytes:
                if PyBytes_GET_SIZE(hand) == 34:
                    memcpy(h, PyBytes_AS_STRING(hand), 34)
                    fast = True
            elif tp is _Hand:
                counts = (<object>hand).counts
                melds = (<object>hand).melds
                if PyBytes_GET_SIZE(counts) == 34:
                    memcpy(h, PyBytes_AS_STRING(counts), 34)
                    P.melds = <int>len(melds)
                    if exposed != NULL:
                        if P.melds:
                            read_exposed(melds, exposed)
                        else:
                            memset(exposed, 0, 34)
                    fast = True
            elif tp is list or tp is tuple:
                fast = read_int_sequence(hand, h)
            elif tp is bytearray:
                fast = read_byte_buffer(hand, h)
            else:
                if _ndarray is None and "numpy" in _modules:
                    _ndarray = getattr(_modules["numpy"], "ndarray", None)
                if tp is _ndarray and _ndarray is not None:
                    if _np_layout == 0:
                        _np_layout = probe_numpy(_modules["numpy"])
                    fast = read_numpy_row(hand, h) if _np_layout > 0 else read_byte_buffer(hand, h)
            if fast:
                memset(h + 34, 0, HBUF - 34)
                if exposed != NULL and tp is not _Hand:
                    memset(exposed, 0, 34)
                P.total = check_counts(h, P, complete)
                if P.total >= 0:
                    return None
                P.melds = 0
    counts, exp, kk, melds = _coerce_hand(hand, wildcards, rules, complete=None if complete < 0 else bool(complete))
    P.k = <int>kk  # validated: an int in 0..max_wildcards
    P.melds = <int>melds
    memcpy(h, PyBytes_AS_STRING(counts), 34)
    memset(h + 34, 0, HBUF - 34)
    if exposed != NULL:
        memcpy(exposed, PyBytes_AS_STRING(exp), 34)
    P.total = check_counts(h, P, complete)
    if P.total < 0:
        raise AssertionError("mahjong._core: validator accepted a hand the kernel rejects")
    return counts


cdef const uint8_t* visible_counts(object visible, const uint8_t* h, const uint8_t* exposed, uint8_t* vis) except NULL:
    """vis = the validated 34 counts of ``visible`` (zeros for None)."""
    if visible is None:
        memset(vis, 0, 34)
        return vis
    vbytes = _coerce_visible(visible, (<const char*>h)[:34], (<const char*>exposed)[:34])
    memcpy(vis, PyBytes_AS_STRING(vbytes), 34)
    return vis


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
    prep(hand, wildcards, rules, 1, h, NULL, &P)
    return win_k(h, P.k, P.total, P.hand_size, P.flags)


def shanten(hand, wildcards=0, rules=DEFAULT):
    """Shanten (向听) of a ``3n+1`` or ``3n+2`` hand: -1 = complete, 0 = ready; minimum over the enabled forms."""
    cdef uint8_t h[HBUF]
    cdef Params P
    prep(hand, wildcards, rules, -1, h, NULL, &P)
    return shanten_k(h, P.k, P.total, P.hand_size, P.flags)


def shanten_by_form(hand, wildcards=0, rules=DEFAULT):
    """Shanten per form, for every form enabled by ``rules`` that the tile count allows (keys in Form order)."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef Groups g
    cdef int per_form[N_FORMS]
    cdef int i, ready = 0
    prep(hand, wildcards, rules, -1, h, NULL, &P)
    gather(h, P.flags, &g)
    forms_D(h, P.total, P.hand_size, P.flags, &g, per_form)
    if (P.flags & F_WAIT_ON_FOURTH_COPY) and P.total % 3 == 1:
        ready = fourth_copy_ready_forms(h, P.k, P.total, P.hand_size, P.flags)
    out = {}
    for i in range(N_FORMS):
        if per_form[i] >= 0:
            s = imax(per_form[i] - P.k, 0) - 1
            if s > 0 and ready & (1 << i):
                s = 0
            out[_FORMS[i]] = s
    return out


def waits(hand, wildcards=0, rules=DEFAULT, visible=None):
    """The tiles that complete a ``3n+1`` hand: ``Waits(tiles, remaining, any_tile)``; ``remaining`` leaves out
    the copies in the hand, in its own declared melds (a Hand or notation with melds) and in ``visible``."""
    cdef uint8_t h[HBUF]
    cdef uint8_t exposed[34]
    cdef uint8_t vis[34]
    cdef Params P
    cdef uint64_t mask
    cdef int n, t, i, kinds
    prep(hand, wildcards, rules, 0, h, exposed, &P)
    visible_counts(visible, h, exposed, vis)
    mask = waits_mask(h, P.k, P.total, P.hand_size, P.flags)
    if mask == 0:
        return _EMPTY_WAITS
    tiles = tiles_tuple(mask)
    n = len(tiles)
    remaining = PyTuple_New(n)
    i = 0
    for t in range(34):
        if mask & ((<uint64_t>1) << t):
            o = small_int(imax(0, 4 - h[t] - exposed[t] - vis[t]))
            Py_INCREF(o)
            PyTuple_SET_ITEM(remaining, i, o)
            i += 1
    kinds = 27 if P.flags & F_NO_HONORS else 34
    return new_record(_Waits, (tiles, remaining, n == kinds))


cdef uint64_t useful_mask(uint8_t* h, int k, int total, int hand_size, uint32_t flags, int base) noexcept nogil:
    """Tiles (never a fifth copy) whose draw lowers the shanten of the 3n+1 hand h below base.

    A tile drawn lowers a form's distance D by one at most, so a form whose D is already past the threshold
    cannot make the draw useful and is not probed again; the regular form is probed through the one group the
    tile joins (the other groups' summaries are the hand's own).  The answer is the full probe's (shanten of
    h + t, every form) for every t: tests/test_kernels.py compares it with the pure-Python kernel."""
    return useful_weighed(h, k, total, hand_size, flags, base, NULL, -1, NULL, ALL_KINDS)


cdef uint64_t useful_weighed(uint8_t* h, int k, int total, int hand_size, uint32_t flags, int base,
                             const int* weight, int beat, int* left, uint64_t cover) noexcept nogil:
    """useful_mask; with ``weight`` (34 ints >= 0, NULL: none) ``left`` gets the weight of the useful tiles,
    a tile of weight 0 is not probed (the mask leaves it out), and the probe stops as soon as the weight found
    and the weight not yet probed together are no more than ``beat`` (``left`` is then at most ``beat`` and the
    mask partial): a caller after the heaviest hand learns all it needs.  Only the tiles of ``cover`` are probed:
    a caller that knows the useful draws lie within it (draws_cover) passes it, any other ALL_KINDS."""
    cdef uint64_t mask = 0
    cdef Groups g
    cdef KnitProbe kp
    cdef int per_form[N_FORMS]
    cdef int others[5 * DLEN]
    cdef int t, f, d, r, x, found = 0, unprobed = 0
    cdef uint32_t keys9[9]
    cdef uint64_t lowering = 0
    cdef uint32_t read_once, reread = 0
    # drawing t is useful iff imax(D(h + t) - k, 0) - 1 < base, i.e. D(h + t) < base + 1 + k (base >= 0)
    cdef int thr = base + 1 + k, M = (total + 1) // 3, kinds = 27 if flags & F_NO_HONORS else 34
    cdef bint regular, split = not (flags & F_LACK_A_SUIT)
    if left != NULL:
        left[0] = 0
    if base < 0:
        return 0
    if weight != NULL:
        for t in range(kinds):
            if h[t] < 4 and (cover >> t) & 1:
                unprobed += weight[t]
        if unprobed <= beat:
            return 0
    gather(h, flags, &g)
    # every form's distance but 组合龙's (knit_setup reads that one: the permutations within reach)
    forms_D(h, total, hand_size, flags & ~F_KNITTED, &g, per_form)
    if (flags & F_KNITTED) and concealed_specials(total, hand_size) and not (flags & F_LACK_A_SUIT):
        per_form[FORM_HONORS_AND_KNITTED] = honors_knitted_D(h)
    kp.n = 0
    if knitted_straight_applies(total, hand_size, flags):
        knit_setup(h, M, flags, thr, &kp)
    regular = per_form[FORM_REGULAR] <= thr
    if regular and split:  # (the other groups' product, once per group: a probe then costs one last step)
        others_products(&g, M, others)
    read_once = specials_lowered(h, flags, per_form, thr, &lowering)
    for f in range(1, N_FORMS):  # (the special forms each probe reads again: within reach, not read at once)
        if 0 <= per_form[f] <= thr and not (read_once >> f) & 1:
            reread |= (<uint32_t>1) << f
    for t in range(kinds):
        if regular and t < 27 and t % 9 == 0:
            # (a suit's probes read their table slots in one go: the loads, often cache misses, overlap)
            suit_draw_keys(h + t, keys9)
            for r in range(9):
                x = t + r
                if h[x] < 4 and (cover >> x) & 1 and (weight == NULL or weight[x] > 0):
                    mj_prefetch(&SUIT_TABLE[keys9[r]])
        if h[t] >= 4 or not (cover >> t) & 1:
            continue
        if weight != NULL:
            if weight[t] <= 0:
                continue
            if found + unprobed <= beat:
                break
            unprobed -= weight[t]
        h[t] += 1
        d = DINF
        if regular:
            if t < 27:
                d = regular_probe_summary(&g, others, suit_entry_key(h + t - t % 9, keys9[t % 9]).d, t // 9, M,
                                          flags)
            else:
                d = regular_probe(&g, others, h, t, M, flags)
        if d >= thr and (lowering >> t) & 1:
            d = thr - 1
        if d >= thr and reread:  # (the special forms within reach, each only where forms_D applied it)
            for f in range(1, N_FORMS):
                if (reread >> f) & 1:
                    d = imin(d, special_D(h, f, M, flags))
        h[t] -= 1
        if d >= thr and kp.n:
            d = imin(d, knit_probe(&kp, h, t, M, flags))
        if d < thr:
            mask |= (<uint64_t>1) << t
            if weight != NULL:
                found += weight[t]
    if left != NULL:
        left[0] = found
    return mask


cdef uint64_t draws_cover(uint8_t* h, int total, int hand_size, uint32_t flags, int thr) noexcept nogil:
    """The tiles u for which some form's distance of h + u is below ``thr`` (h: 3n+2 real counts, ``total`` its
    tiles with the wildcards; M = total // 3 melds and the pair, every form as a 3n+1 hand one tile smaller
    would read it with that tile drawn), and every tile h holds four of.

    It covers the useful draws of every hand h - x (x a tile of h, or a wildcard or bonus tile held beside it)
    at a threshold no more than ``thr`` (useful_weighed's: shanten + 1 + wildcards): each form's distance is the
    fewest tiles to add until the hand contains the form, so it never grows with a tile added, and
    h - x + u lies within h + u.  A draw moves a distance by one at most, so a form further than thr from h
    makes no tile useful; one nearer than thr makes every tile so; one at thr is read a tile at a time."""
    cdef Groups g
    cdef int per_form[N_FORMS]
    cdef int others[5 * DLEN]
    cdef int t, f, d, M = total // 3, kinds = 27 if flags & F_NO_HONORS else 34
    cdef uint32_t keys9[9]
    cdef uint64_t cover = 0, lowering = 0
    cdef uint32_t read_once
    gather(h, flags, &g)
    forms_D(h, total, hand_size, flags & ~F_KNITTED, &g, per_form)  # (组合龙 bounded below)
    if (flags & F_KNITTED) and concealed_specials(total, hand_size) and not (flags & F_LACK_A_SUIT):
        per_form[FORM_HONORS_AND_KNITTED] = honors_knitted_D(h)
    if knitted_straight_applies(total, hand_size, flags) and knitted_straight_below(h, M, flags, thr + 1) <= thr:
        return ALL_KINDS
    read_once = specials_lowered(h, flags, per_form, thr, &lowering)
    for f in range(1, N_FORMS):
        if 0 <= per_form[f] <= thr and not (read_once >> f) & 1:
            return ALL_KINDS
    cover = lowering
    for t in range(kinds):
        if h[t] >= 4:
            cover |= (<uint64_t>1) << t
    if per_form[FORM_REGULAR] > thr:
        return cover
    if not (flags & F_LACK_A_SUIT):
        others_products(&g, M, others)
    for t in range(kinds):
        if t < 27 and t % 9 == 0:
            suit_draw_keys(h + t, keys9)
        if h[t] >= 4:
            continue
        h[t] += 1
        if t < 27:
            d = regular_probe_summary(&g, others, suit_entry_key(h + t - t % 9, keys9[t % 9]).d, t // 9, M, flags)
        else:
            d = regular_probe(&g, others, h, t, M, flags)
        h[t] -= 1
        if d < thr:
            cover |= (<uint64_t>1) << t
    return cover


cdef uint32_t specials_lowered(const uint8_t* h, uint32_t flags, const int* per_form, int thr,
                               uint64_t* lowering) noexcept nogil:
    """The special forms whose useful draws are read here at once, as the bit set of their Form numbers, and in
    ``lowering`` those draws: the tiles whose draw takes a form at distance ``thr`` below it (seven pairs,
    thirteen orphans, honours and knitted tiles, outside lack_a_suit).  A draw moves a form's distance by one
    at most, and each of these distances is a count of kinds, so the tile's own count says whether it does."""
    cdef uint32_t done = 0
    cdef int t, x, two = 0, ones = 0, a, d, distinct = 0, honors = 0, perm, j, r, most = 0
    cdef bint quad = (flags & F_SEVEN_PAIRS_QUAD_AS_TWO) != 0, pair = False
    cdef int held[6]
    cdef int two_after[4]
    cdef int ones_after[4]
    lowering[0] = 0
    if flags & F_LACK_A_SUIT:
        return 0
    if per_form[FORM_SEVEN_PAIRS] == thr:  # (seven_pairs_D: pairs and half pairs)
        for t in range(34):
            x = h[t]
            if x >= 2:
                two += 1
            if quad:
                if x == 4:
                    two += 1
                elif x & 1:
                    ones += 1
            elif x == 1:
                ones += 1
        # the counts after drawing a tile held x times: a half pair more, or one made a pair (a fourth copy:
        # a second pair where a quad counts as two)
        two_after[0], ones_after[0] = two, ones + 1
        two_after[1], ones_after[1] = two + 1, ones - 1
        two_after[2], ones_after[2] = two, ones + (1 if quad else 0)
        two_after[3], ones_after[3] = two + (1 if quad else 0), ones - (1 if quad else 0)
        for x in range(4):
            a = imin(two_after[x], 7)
            d = 14 - 2 * a - imin(ones_after[x], 7 - a)
            if d < thr:
                for t in range(34):
                    if h[t] == x:
                        lowering[0] |= (<uint64_t>1) << t
        done |= 1 << FORM_SEVEN_PAIRS
    if per_form[FORM_THIRTEEN_ORPHANS] == thr:  # (orphans_D: orphan kinds held and a pair of one)
        for t in range(34):
            if ORPHAN_BYTES[t] and h[t]:
                distinct += 1
                pair = pair or h[t] >= 2
        for t in range(34):
            if ORPHAN_BYTES[t] and (not h[t] or not pair):
                lowering[0] |= (<uint64_t>1) << t
        done |= 1 << FORM_THIRTEEN_ORPHANS
    if per_form[FORM_HONORS_AND_KNITTED] == thr:  # (honors_knitted_D: honour kinds and knitted kinds held)
        for t in range(27, 34):
            if h[t]:
                honors += 1
        for perm in range(6):
            held[perm] = 0
            for j in range(3):
                for r in range(j, 9, 3):
                    if h[KNIT_PERM[perm][j] * 9 + r]:
                        held[perm] += 1
            most = imax(most, held[perm])
        if most + honors < 14:
            for t in range(27, 34):
                if not h[t]:
                    lowering[0] |= (<uint64_t>1) << t
            for perm in range(6):
                if held[perm] == most:
                    for j in range(3):
                        for r in range(j, 9, 3):
                            t = KNIT_PERM[perm][j] * 9 + r
                            if not h[t]:
                                lowering[0] |= (<uint64_t>1) << t
        done |= 1 << FORM_HONORS_AND_KNITTED
    return done


ctypedef struct KnitProbe:
    int n                       # the 组合龙 permutations still within reach
    int missing[6]              # the knitted tiles each lacks in the hand
    int rest_D[6]               # regular_D of the rest of the hand (M - 3 melds and the pair)
    uint64_t knit[6]            # its nine knitted tiles
    uint8_t rest[6][34]         # the hand without one of each knitted tile it holds
    int others[6][5 * DLEN]     # the rest's other groups' products (others_products)


cdef void knit_setup(const uint8_t* h, int M, uint32_t flags, int thr, KnitProbe* kp) noexcept nogil:
    """The 组合龙 permutations whose distance in h is within ``thr`` (only those can make a draw useful), each
    ready to be probed a tile at a time."""
    cdef Groups g
    cdef int perm, j, rank, t, i, s, missing
    cdef uint8_t held[3][3]  # [suit][rank class]: how many of ranks j, j+3, j+6 the suit holds
    for s in range(3):
        for j in range(3):
            held[s][j] = (h[9 * s + j] != 0) + (h[9 * s + j + 3] != 0) + (h[9 * s + j + 6] != 0)
    kp.n = 0
    for perm in range(6):
        # (a permutation lacking more than thr of its tiles is out of reach: skipped before its rest is copied)
        missing = 9 - held[KNIT_PERM[perm][0]][0] - held[KNIT_PERM[perm][1]][1] - held[KNIT_PERM[perm][2]][2]
        if missing > thr:
            continue
        i = kp.n
        memcpy(kp.rest[i], h, 34)
        kp.missing[i] = missing
        kp.knit[i] = 0
        for j in range(3):
            for rank in range(j, 9, 3):
                t = KNIT_PERM[perm][j] * 9 + rank
                kp.knit[i] |= (<uint64_t>1) << t
                if kp.rest[i][t]:
                    kp.rest[i][t] -= 1
        gather(kp.rest[i], flags, &g)
        kp.rest_D[i] = regular_D(&g, M - 3, flags)
        if kp.missing[i] + kp.rest_D[i] > thr:
            continue
        others_products(&g, M - 3, kp.others[i])
        kp.n += 1


cdef int knit_probe(KnitProbe* kp, const uint8_t* h, int t, int M, uint32_t flags) noexcept nogil:
    """knitted_straight_D of h + t over the permutations knit_setup kept (h: the hand before the draw)."""
    cdef int i, grp, d, best = DINF
    cdef const uint8_t* summary
    for i in range(kp.n):
        if (kp.knit[i] >> t) & 1 and not h[t]:  # (the draw fills a gap of the knitted straight)
            d = kp.missing[i] - 1 + kp.rest_D[i]
        else:
            kp.rest[i][t] += 1
            summary = group_summary(kp.rest[i], t, flags, &grp)
            d = kp.missing[i] + with_group(kp.others[i] + grp * DLEN, summary, M - 3)
            kp.rest[i][t] -= 1
        best = imin(best, d)
    return best


cdef inline void conv_ints(const int* a, const int* b, int* out, int M) noexcept nogil:
    """out[m * 2 + p]: the min-plus product of two products of groups (m melds, p pairs, m <= M)."""
    cdef int m, m1, v, w
    for m in range(M + 1):
        v = DINF * 4
        w = DINF * 4
        for m1 in range(m + 1):
            v = imin(v, a[m1 * 2] + b[(m - m1) * 2])
            w = imin(w, imin(a[m1 * 2] + b[(m - m1) * 2 + 1], a[m1 * 2 + 1] + b[(m - m1) * 2]))
        out[m * 2] = v
        out[m * 2 + 1] = w


cdef void others_products(const Groups* g, int M, int* others) noexcept nogil:
    """others + i * DLEN: regular_D's min-plus product of every group but group i (m melds, p pairs, m <= M),
    for every i: the product of the groups before i times the product of those after it.  The first group's is
    the product after it and the last's the product before it, and a product of one group is that group: 3(n - 2)
    products in all for n groups (a product is capped at DINF * 4 whichever way it is grouped)."""
    if M == 4:  # (a hand with no melds: the loops' bounds constant, for the compiler to unroll)
        others_products_m(g, 4, others)
    else:
        others_products_m(g, M, others)


cdef inline void others_products_m(const Groups* g, int M, int* others) noexcept nogil:
    cdef int before[5 * DLEN]
    cdef int after[5 * DLEN]
    cdef int group[DLEN]
    cdef int i, m, n = g.n, w = 2 * M + 2
    if n == 1:
        for m in range(w):
            others[m] = DINF * 4
        others[0] = 0
        return
    # before + i * DLEN: groups 0 .. i - 1 (i >= 1); after + i * DLEN: groups i + 1 .. n - 1 (i <= n - 2)
    for m in range(w):
        before[DLEN + m] = g.d[0][m]
        after[(n - 2) * DLEN + m] = g.d[n - 1][m]
    for i in range(2, n):
        for m in range(w):
            group[m] = g.d[i - 1][m]
        conv_ints(before + (i - 1) * DLEN, group, before + i * DLEN, M)
    for i in range(n - 3, -1, -1):
        for m in range(w):
            group[m] = g.d[i + 1][m]
        conv_ints(after + (i + 1) * DLEN, group, after + i * DLEN, M)
    for m in range(w):
        others[m] = after[m]
        others[(n - 1) * DLEN + m] = before[(n - 1) * DLEN + m]
    for i in range(1, n - 1):
        conv_ints(before + i * DLEN, after + i * DLEN, others + i * DLEN, M)


cdef inline int with_group(const int* others, const uint8_t* d, int M) noexcept nogil:
    """regular_D from the other groups' product and one group's summary d (M melds and the pair)."""
    cdef int m1, best = DINF * 4
    for m1 in range(M + 1):
        best = imin(best, imin(others[m1 * 2] + d[(M - m1) * 2 + 1], others[m1 * 2 + 1] + d[(M - m1) * 2]))
    return best


cdef inline const uint8_t* group_summary(const uint8_t* h, int t, uint32_t flags, int* grp) noexcept nogil:
    """The summary (d) of the group tile t belongs to, read from h; its index in ``grp`` (gather's order)."""
    cdef const Entry* e
    if t < 27:
        grp[0] = t // 9
        e = suit_entry(h + 9 * grp[0])
    elif flags & F_HONOR_SEQUENCES:
        if t < 31:
            grp[0] = 3
            e = &WIND_TABLE[h[27] + 5 * (h[28] + 5 * (h[29] + 5 * h[30]))]
        else:
            grp[0] = 4
            e = &DRAGON_TABLE[h[31] + 5 * (h[32] + 5 * h[33])]
    else:
        grp[0] = 3
        e = &HONOR_TABLE[honor_hist_key(h + 27)]
    return <const uint8_t*>e.d


cdef inline int regular_probe(const Groups* g, const int* others, const uint8_t* h, int t, int M,
                              uint32_t flags) noexcept nogil:
    """regular_D of h, which differs from the hand g was gathered from in tile t's group only: from the other
    groups' product (others_products, when not lack_a_suit) or the groups again with that one read
    anew."""
    cdef int grp
    cdef const uint8_t* d = group_summary(h, t, flags, &grp)
    return regular_probe_summary(g, others, d, grp, M, flags)


cdef inline int regular_probe_summary(const Groups* g, const int* others, const uint8_t* d, int grp, int M,
                                      uint32_t flags) noexcept nogil:
    """regular_probe with group ``grp``'s new summary ``d`` given."""
    cdef Groups probe
    if not (flags & F_LACK_A_SUIT):
        if M == 4:  # (constant bounds: unrolled)
            return with_group(others + grp * DLEN, d, 4)
        return with_group(others + grp * DLEN, d, M)
    probe = g[0]
    probe.d[grp] = d
    return regular_D(&probe, M, flags)


cdef inline int special_D(const uint8_t* h, int f, int M, uint32_t flags) noexcept nogil:
    """The distance of the special form f (forms_D's reading of it)."""
    if f == FORM_SEVEN_PAIRS:
        return seven_pairs_D(h, flags)
    if f == FORM_THIRTEEN_ORPHANS:
        return orphans_D(h)
    if f == FORM_HONORS_AND_KNITTED:
        return honors_knitted_D(h)
    if f == FORM_THIRTEEN_LAN:
        return thirteen_lan_D(h)
    return knitted_straight_D(h, M, flags)


cdef void discard_shantens(uint8_t* h, int k, int total, int hand_size, uint32_t flags, uint64_t which,
                           int* out) noexcept nogil:
    """out[t] = shanten_k of the 3n+2 hand h with one tile t taken out, for every t of ``which`` (held kinds).

    Taking a tile out never lowers a form's distance D, so a special form whose D is already no better than the
    regular form's after the discard is not read again; the regular form is read through the one group the tile
    leaves.  h is restored."""
    cdef Groups g
    cdef int per_form[N_FORMS]
    cdef int t, f, d, s, M = total // 3
    cdef int others[5 * DLEN]
    cdef bint split = not (flags & F_LACK_A_SUIT)
    gather(h, flags, &g)
    forms_D(h, total, hand_size, flags, &g, per_form)
    if split:
        others_products(&g, M, others)
    for t in range(34):
        if not (which >> t) & 1:
            continue
        h[t] -= 1
        d = regular_probe(&g, others, h, t, M, flags)
        for f in range(1, N_FORMS):
            if 0 <= per_form[f] < d:
                d = imin(d, special_D(h, f, M, flags))
        s = imax(d - k, 0) - 1
        if s > 0 and (flags & F_WAIT_ON_FOURTH_COPY) and (total - 1) % 3 == 1:
            if fourth_copy_ready_forms(h, k, total - 1, hand_size, flags):
                s = 0
        h[t] += 1
        out[t] = s


def useful_tiles(hand, wildcards=0, rules=DEFAULT):
    """进张 of a ``3n+1`` hand: tile ids (ascending) whose draw lowers the shanten."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef int base
    prep(hand, wildcards, rules, 0, h, NULL, &P)
    base = shanten_k(h, P.k, P.total, P.hand_size, P.flags)
    return tiles_tuple(useful_mask(h, P.k, P.total, P.hand_size, P.flags, base))


def _draws_cover(hand, wildcards=0, rules=DEFAULT, int thr=1):
    """draws_cover of a ``3n+2`` hand at threshold ``thr`` as tile ids (tests/test_draws_cover.py: the useful
    draws of every hand one tile smaller at that threshold lie within it)."""
    cdef uint8_t h[HBUF]
    cdef Params P
    prep(hand, wildcards, rules, 1, h, NULL, &P)
    return tiles_tuple(draws_cover(h, P.total, P.hand_size, P.flags, thr))


def discard_options(hand, wildcards=0, rules=DEFAULT, visible=None):
    """For a ``3n+2`` hand: one DiscardOption per distinct tile kind held, best first."""
    cdef uint8_t h[HBUF]
    cdef uint8_t before[HBUF]
    cdef uint8_t vis[34]
    cdef uint8_t exposed[34]
    cdef Params P
    cdef int t, u, n = 0, i, j, cnt
    cdef int opt_tile[34]
    cdef int opt_s[34]
    cdef int opt_cnt[34]
    cdef uint64_t opt_mask[34]
    cdef int order[34]
    prep(hand, wildcards, rules, 1, h, exposed, &P)
    memcpy(before, h, 34)
    visible_counts(visible, h, exposed, vis)
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
                    cnt += imax(0, 4 - before[u] - exposed[u] - vis[u])
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


def decompositions(hand, wildcards=0, rules=DEFAULT, *, max_readings=MAX_READINGS):
    """Every distinct reading of a complete ``3n+2`` hand (empty list if it does not win), sorted; more than
    ``max_readings`` readings (``None``: no bound) raise :class:`~mahjong.errors.MahjongError`."""
    cdef uint8_t h[HBUF]
    cdef Params P
    cdef Py_ssize_t limit
    prep(hand, wildcards, rules, 1, h, NULL, &P)
    limit = _coerce_max_readings(max_readings)
    if not win_k(h, P.k, P.total, P.hand_size, P.flags):
        return []
    return all_readings(h, P.k, P.total, P.hand_size, P.flags, limit)


# ---- batch kernels -----------------------------------------------------------------------------------------

cdef extern from *:
    """
    #include <string.h>
    /* One entry of an integer buffer.  code = item size (1, 2, 4, 8) | 16 if signed | 32 if byte-swapped.
       Unsigned 64-bit values above INT64_MAX saturate (they are rejected as counts either way). */
    static long long mj_read_int(const char *p, int code) {
        int is_signed = code & 16, swap = code & 32;
        switch (code & 15) {
        case 1: { unsigned char v = (unsigned char)p[0];
                  return is_signed ? (long long)(signed char)v : (long long)v; }
        case 2: { unsigned short v; memcpy(&v, p, 2);
                  if (swap) v = (unsigned short)((v >> 8) | (v << 8));
                  return is_signed ? (long long)(short)v : (long long)v; }
        case 4: { unsigned int v; memcpy(&v, p, 4);
                  if (swap) v = (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
                  return is_signed ? (long long)(int)v : (long long)v; }
        default: { unsigned long long v; int i; memcpy(&v, p, 8);
                  if (swap) {
                      unsigned long long w = 0;
                      for (i = 0; i < 8; i++) { w = (w << 8) | (v & 0xFF); v >>= 8; }
                      v = w;
                  }
                  if (is_signed) return (long long)v;
                  return v > 0x7FFFFFFFFFFFFFFFULL ? 0x7FFFFFFFFFFFFFFFLL : (long long)v; }
        }
    }
    """
    long long mj_read_int(const char* p, int code) noexcept nogil

ctypedef struct Rows:
    const char* base
    Py_ssize_t n
    Py_ssize_t row_stride
    Py_ssize_t col_stride
    int code
    bint plain          # unsigned bytes, contiguous within a row: one memcpy per row
    const uint8_t* wild  # per-row wildcard counts (validated by the caller), or NULL: P.k for every row

cdef enum:
    KIND_WIN = 0
    KIND_SHANTEN = 1
    KIND_WAITS = 2


cdef inline bint read_row(const Rows* R, Py_ssize_t i, uint8_t* h, long long* raw) noexcept nogil:
    """Copy row i into h (34 bytes; an entry out of 0..4 becomes 255, so check_counts refuses the copy) and, for
    rows that are not plain bytes, its values as read into raw (a plain row's values are h itself).  The copy is
    what gets checked and what the kernel reads."""
    cdef const char* p = R.base + i * R.row_stride
    cdef int j
    cdef long long v
    if R.plain:
        memcpy(h, p, 34)
        return True
    for j in range(34):
        v = mj_read_int(p + j * R.col_stride, R.code)
        raw[j] = v
        h[j] = <uint8_t>v if 0 <= v <= 4 else 255
    return True


cdef Py_ssize_t run_rows(const Rows* R, const Params* P0, int complete, int kind, void* out,
                         long long* bad_raw, int* bad_k) noexcept nogil:
    """Every row through the kernel; returns -1, or the index of the first invalid row (its values in bad_raw)."""
    cdef uint8_t h[HBUF]
    cdef long long raw[34]
    cdef Params P = P0[0]
    cdef Py_ssize_t i
    cdef int total, j
    memset(h, 0, HBUF)
    for i in range(R.n):
        read_row(R, i, h, raw)
        if R.wild != NULL:
            P.k = R.wild[i]
        total = check_counts(h, &P, complete) if P.k <= P.max_wildcards else -1
        if total < 0:
            for j in range(34):
                bad_raw[j] = h[j] if R.plain else raw[j]
            bad_k[0] = P.k
            return i
        if kind == KIND_WIN:
            (<uint8_t*>out)[i] = win_k(h, P.k, total, P.hand_size, P.flags)
        elif kind == KIND_SHANTEN:
            (<int8_t*>out)[i] = <int8_t>shanten_k(h, P.k, total, P.hand_size, P.flags)
        else:
            (<uint64_t*>out)[i] = waits_mask(h, P.k, total, P.hand_size, P.flags)
    return -1


# Batch outputs are made without a zero fill or a copy (every entry is written by run_rows, or the call raises):
# a clone of an empty array.array (shanten 'b', waits 'Q'), a bytearray (is_win); numpy callers get a numpy view
# of it.  The work done with the GIL held is then a small constant (about 1 us for a numpy uint8 batch),
# whatever the number of rows, so two threads over two halves of a batch overlap for all but that constant.
cdef carray.array _SHANTEN_OUT = carray.array("b")
cdef carray.array _WAITS_OUT = carray.array("Q")
cdef object _np_out = None  # (frombuffer, bool_, int8, uint64) of the caller's numpy, once seen
cdef Py_ssize_t MAX_BATCH_ROWS_C = MAX_BATCH_ROWS


cdef bint numpy_input(object hands) except -1:
    """hands is a numpy array (the batch kernels then answer with numpy arrays); numpy is never imported here:
    an array exists only if its caller imported numpy already."""
    global _ndarray
    if _ndarray is None:
        if "numpy" not in _modules:
            return False
        _ndarray = getattr(_modules["numpy"], "ndarray", None)
        if _ndarray is None:
            return False
    return isinstance(hands, _ndarray)


cdef int batch_code(const Py_buffer* view) except -2:
    """The reader code of a plain native integer buffer format ("B", "b", "<u2", ...), or -1: let
    mahjong._input.batch_layout judge it (and name what is wrong)."""
    cdef const char* f = view.format
    cdef char ch
    if f == NULL:
        return 1 if view.itemsize == 1 else -1
    if f[0] == b"@" or f[0] == b"=":
        f += 1
    ch = f[0]
    if ch == 0 or f[1] != 0:
        return -1
    if ch == b"B" and view.itemsize == 1:
        return 1
    if ch == b"b" and view.itemsize == 1:
        return 1 | 16
    return -1


cdef object run_batch(int kind, object hands, object wildcards, object rules, int complete):
    global _np_out
    cdef Params P
    cdef Rows R
    cdef Py_buffer view
    cdef Py_buffer out_view
    cdef long long bad_raw[34]
    cdef int bad_k = 0, code
    cdef long k
    cdef int overflow = 0
    cdef Py_ssize_t bad = -1, n
    load_rules(rules, &P)  # a HandRules, or RulesError
    data = hands
    if type(hands) is list or type(hands) is tuple or isinstance(hands, str) \
            or type(hands).__module__.startswith("numpy.ma"):
        data, _ = _coerce_batch(hands)  # rows as N*34 bytes, or the HandError that names the problem
    try:
        PyObject_GetBuffer(data, &view, PyBUF_RECORDS_RO)
    except Exception:
        _coerce_batch(data)  # raises the HandError naming the problem
        raise HandError(f"hands: cannot read {type(hands).__name__} as an (N, 34) integer array") from None
    try:
        code = batch_code(&view)
        if code > 0 and view.ndim == 2 and view.shape[1] == 34 and view.shape[0] <= MAX_BATCH_ROWS_C:
            n = view.shape[0]  # the common case, judged here: 1-byte counts, shape (N, 34)
        else:
            fmt = "B" if view.format == NULL else view.format.decode("ascii", "replace")
            shape = tuple(view.shape[d] for d in range(view.ndim)) if view.shape != NULL else (view.len,)
            n, code = _batch_layout(fmt, view.itemsize, view.ndim, shape)
        R.base = <const char*>view.buf
        R.n = n
        R.code = code
        if view.ndim == 2:
            R.row_stride = view.strides[0]
            R.col_stride = view.strides[1]
        else:
            R.col_stride = view.strides[0] if view.strides != NULL else view.itemsize
            R.row_stride = 34 * R.col_stride
        R.plain = (code & 15) == 1 and not (code & 16) and R.col_stride == 1
        R.wild = NULL
        k = -1
        if type(wildcards) is int:
            k = PyLong_AsLongAndOverflow(wildcards, &overflow)
        if not overflow and 0 <= k <= P.max_wildcards:
            P.k = <int>k  # one plain count for every row
        else:
            w = _coerce_batch_wildcards(wildcards, rules, n)  # per-row counts, or the error naming the count
            if type(w) is bytes:
                P.k = 0
                R.wild = <const uint8_t*>PyBytes_AS_STRING(w)
            else:
                P.k = <int>w
        if kind == KIND_WIN:
            out = PyByteArray_FromStringAndSize(NULL, n)
        elif kind == KIND_SHANTEN:
            out = carray.clone(_SHANTEN_OUT, n, False)
        else:
            out = carray.clone(_WAITS_OUT, n, False)
        if n:
            PyObject_GetBuffer(out, &out_view, PyBUF_ND)
            try:
                with nogil:
                    bad = run_rows(&R, &P, complete, kind, out_view.buf, bad_raw, &bad_k)
            finally:
                PyBuffer_Release(&out_view)
    finally:
        PyBuffer_Release(&view)
    if bad >= 0:
        _check_row([bad_raw[j] for j in range(34)], bad_k, rules, None if complete < 0 else bool(complete),
                   what=f"row {bad}")
        raise HandError(f"row {bad}: not a valid hand")  # the array changed under us; never a wrong answer
    if numpy_input(hands):
        if _np_out is None:
            np = _modules["numpy"]
            _np_out = (np.frombuffer, np.dtype(np.bool_), np.dtype(np.int8), np.dtype(np.uint64))
        return _np_out[0](out, _np_out[1 + kind])
    return out.tolist() if kind == KIND_WAITS else out


def is_win_batch(hands, wildcards=0, rules=DEFAULT):
    """``is_win`` for each row of an ``(N, 34)`` integer array: a ``bytearray`` of N 0/1 (numpy in: bool array)."""
    return run_batch(KIND_WIN, hands, wildcards, rules, 1)


def shanten_batch(hands, wildcards=0, rules=DEFAULT):
    """``shanten`` for each row (``3n+1`` or ``3n+2``): an ``array.array('b')`` (numpy in: int8 array)."""
    return run_batch(KIND_SHANTEN, hands, wildcards, rules, -1)


def waits_batch(hands, wildcards=0, rules=DEFAULT):
    """Waits of each ``3n+1`` row as N ints, bit ``t`` set = tile id ``t`` completes it (numpy in: uint64 array)."""
    return run_batch(KIND_WAITS, hands, wildcards, rules, 0)
