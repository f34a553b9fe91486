# The obs_v1 observation encoder in C (included from core.pyx).  Its pure-Python twin is
# mahjong.rl.obs_v1.encode_reference: the same array bit for bit (tests_rl/test_obs_kernel.py, hypothesis).
#
# The encoder reads flat per-seat arrays (ObsInput), never Python objects, so it runs without the GIL and can be
# fed from a SeatView (obs_fill_view, with the GIL: it validates) or straight from the game core's struct (the
# lockstep batch).  Seats in ObsInput are ABSOLUTE; the encoder makes them relative to the observer, in turn
# order, as the twin does.  The plane offsets come from obs_layout.pxi, generated from obs_v1.PLANES.
#
# With clear = 0 the encoder writes exactly the entries the twin writes (a row already zero stays consistent).

from cpython.buffer cimport PyBUF_WRITABLE, PyBUF_C_CONTIGUOUS

include "obs_layout.pxi"

cdef enum:
    OBS_RIVER_CAP = 160    # discards kept per seat (more than any wall holds; a longer river is refused)
    OBS_BONUS_CAP = 64     # bonus tiles per seat
    OBS_ROW = 48           # bytes of a count row: OBS_WIDTH counts, then zeros (read 16 at a time)
    OBS_LINES = (OBS_SIZE + 15) // 16 + 1      # cache lines (16 floats) a row spans at most, wherever it starts
    OBS_LINE_WORDS = (OBS_LINES + 63) // 64    # 64-bit words of a line set


ctypedef struct ObsInput:
    int seat               # the observer (absolute)
    int n_seats            # seats in play, in turn order
    int seats[4]
    int dealer
    int prevalent_wind     # 0..3
    int seat_wind          # 0..3
    int indicator          # the wildcard indicator turned up, -1 none
    int offered            # the tile this seat may claim now, -1 none
    int drawn              # the tile the observer has just drawn, -1 none
    long long wall_left
    long long wall_size
    uint8_t hand[OBS_ROW]            # own concealed counts (capped at 4)
    uint8_t visible[OBS_ROW]         # copies the observer sees, own hand included (capped at 4)
    uint8_t wildcard[OBS_ROW]        # 1 at each wildcard kind
    uint8_t melds[4][OBS_ROW]        # per absolute seat: the tiles of its melds, counted (capped at 4)
    uint8_t bonus[4][OBS_ROW]        # per absolute seat: bonus tiles set aside, counted
    int n_river[4]
    int lack[4]                        # the suit declared lacking (0..2), -1 none
    uint8_t ready[4]
    uint8_t playing[4]
    double score[4]
    # (last: only the first n_river[s] entries are read, so obs_clear_input leaves them as they are)
    uint8_t river[4][OBS_RIVER_CAP]    # per absolute seat: its discards in order ...
    uint8_t claimed[4][OBS_RIVER_CAP]  # ... and whether each was claimed


cdef inline void obs_clear_input(ObsInput* v) noexcept nogil:
    memset(v, 0, <size_t>(<char*>&v.river[0][0] - <char*>v))
    v.indicator = v.offered = v.drawn = -1
    v.lack[0] = v.lack[1] = v.lack[2] = v.lack[3] = -1
    v.wall_size = 1


cdef uint64_t OBS_ALL_COLUMNS = ((<uint64_t>1) << OBS_WIDTH) - 1


ctypedef struct ObsLines:
    # the cache lines of a row an encode wrote (the lockstep batch zeroes just those before it reuses the row): bit b
    # of bits[] = floats 16 * b - shift .. 16 * b - shift + 15 of the row, shift = where the row starts in its
    # first line (the row's address mod 64, in floats)
    int shift
    uint64_t bits[OBS_LINE_WORDS]


cdef inline void obs_mark(ObsLines* u, int i) noexcept nogil:
    cdef int b = (i + u.shift) >> 4
    u.bits[b >> 6] |= (<uint64_t>1) << (b & 63)


cdef void obs_unwrite(float* out, ObsLines* u) noexcept nogil:
    """Zero the lines of the row ``out`` that its last encode wrote (u, recorded for a row at this address); then
    u is empty, ready to record the next encode into this row."""
    cdef int w, lo, hi, k
    cdef uint64_t bits
    cdef float* p
    cdef int shift = <int>((<size_t>out & 63) >> 2)
    for w in range(OBS_LINE_WORDS):
        bits = u.bits[w]
        while bits:
            lo = 16 * (64 * w + mj_ctz64(bits)) - u.shift  # (the row's floats in that cache line)
            bits &= bits - 1
            hi = lo + 16
            if lo >= 0 and hi <= OBS_SIZE:
                p = out + lo
                for k in range(16):  # (one cache line: a few vector stores)
                    p[k] = 0.0
            else:
                if lo < 0:
                    lo = 0
                if hi > OBS_SIZE:
                    hi = OBS_SIZE
                memset(out + lo, 0, (hi - lo) * sizeof(float))
        u.bits[w] = 0
    u.shift = shift


cdef extern from *:
    """
    #include <string.h>
    #include <stdint.h>
    /* The columns (bits 0..41) of a count row that are >= 1, 2, 3 and 4, found without a branch per column (the
       counts are unpredictable).  The row is 48 bytes: 42 counts and 6 zero bytes (OBS_ROW).  Counts above 127
       count as 127. */
    #if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    static inline void mj_counts_at_least(const uint8_t* row, uint64_t out[4]) {
        int k, j;
        for (k = 0; k < 4; k++) out[k] = 0;
        for (j = 0; j < 3; j++) {
            __m128i x = _mm_min_epu8(_mm_loadu_si128((const __m128i*)(row + 16 * j)), _mm_set1_epi8(127));
            for (k = 0; k < 4; k++)
                out[k] |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpgt_epi8(x, _mm_set1_epi8((char)k))) << (16 * j);
        }
        for (k = 0; k < 4; k++) out[k] &= (1ULL << 42) - 1;
    }
    #else
    static inline void mj_counts_at_least(const uint8_t* row, uint64_t out[4]) {
        int k, j;
        for (k = 0; k < 4; k++) out[k] = 0;
        for (j = 0; j < 6; j++) {
            uint64_t x, hi;
            memcpy(&x, row + 8 * j, 8);
            /* bytes above 127 as 127, so that adding 128 - (k + 1) to a byte never carries into the next */
            hi = x & 0x8080808080808080ULL;
            x = (x & ~hi) | ((hi >> 7) * 0x7F);
            for (k = 0; k < 4; k++) {
                uint64_t ge = (x + 0x0101010101010101ULL * (uint64_t)(127 - k)) & 0x8080808080808080ULL;
                out[k] |= (((ge >> 7) * 0x0102040810204080ULL) >> 56) << (8 * j);
            }
        }
        for (k = 0; k < 4; k++) out[k] &= (1ULL << 42) - 1;
    }
    #endif
    """
    void mj_counts_at_least(const uint8_t* counts, uint64_t* out) noexcept nogil


cdef inline void obs_put(float* out, int i, float value, ObsLines* u) noexcept nogil:
    out[i] = value
    if u != NULL:
        obs_mark(u, i)


cdef inline void obs_mark_bits(ObsLines* u, int plane, uint64_t bits) noexcept nogil:
    """The lines holding plane's entries at the set bits of ``bits`` (columns 0..41).  A plane spans at most four
    lines: the columns are shifted so that the lines start at multiples of 16, and each line's 16 bits tested
    without a branch."""
    cdef int q = plane * OBS_WIDTH + u.shift  # (the plane's first float, from the row's first line)
    cdef int b = q >> 4
    cdef uint64_t x = bits << (q & 15)  # (< 2^57)
    cdef uint64_t lines = (<uint64_t>((x & 0xFFFF) != 0) | (<uint64_t>(((x >> 16) & 0xFFFF) != 0) << 1)
                           | (<uint64_t>(((x >> 32) & 0xFFFF) != 0) << 2) | (<uint64_t>((x >> 48) != 0) << 3))
    u.bits[b >> 6] |= lines << (b & 63)
    if (b & 63) > 60:
        u.bits[(b >> 6) + 1] |= lines >> (64 - (b & 63))


cdef inline void obs_put_bits(float* out, int plane, uint64_t bits, float value, ObsLines* u) noexcept nogil:
    """``value`` at the columns of plane set in ``bits``."""
    cdef float* p = out + plane * OBS_WIDTH
    if not bits:
        return
    if u != NULL:
        obs_mark_bits(u, plane, bits)
    while bits:
        p[mj_ctz64(bits)] = value
        bits &= bits - 1


cdef inline void obs_thermo(float* out, int plane0, const uint8_t* counts, ObsLines* u) noexcept nogil:
    """plane0 + k - 1 is 1 where counts >= k (k = 1..4) (only those entries written)."""
    cdef uint64_t at_least[4]
    mj_counts_at_least(counts, at_least)
    obs_put_bits(out, plane0, at_least[0], 1.0, u)
    obs_put_bits(out, plane0 + 1, at_least[1], 1.0, u)
    obs_put_bits(out, plane0 + 2, at_least[2], 1.0, u)
    obs_put_bits(out, plane0 + 3, at_least[3], 1.0, u)


cdef inline void obs_quarters(float* out, int plane, const uint8_t* counts, ObsLines* u) noexcept nogil:
    """Plane ``plane``: counts / 4 where counts is not 0 (only those entries written)."""
    cdef int t
    cdef uint64_t at_least[4]
    cdef uint64_t m
    cdef float* p = out + plane * OBS_WIDTH
    mj_counts_at_least(counts, at_least)
    m = at_least[0]
    if not m:
        return
    if u != NULL:
        obs_mark_bits(u, plane, m)
    while m:
        t = mj_ctz64(m)
        p[t] = <float>counts[t] * <float>0.25
        m &= m - 1


cdef inline void obs_fill_plane(float* out, int plane, float value, ObsLines* u) noexcept nogil:
    cdef int t
    cdef float* row = out + plane * OBS_WIDTH
    for t in range(OBS_WIDTH):
        row[t] = value
    if u != NULL:
        obs_mark_bits(u, plane, OBS_ALL_COLUMNS)


cdef void obs_encode(const ObsInput* v, float* out, bint clear, ObsLines* u) noexcept nogil:
    """Write v's obs_v1 array into out (OBS_SIZE floats), exactly the entries the twin writes; ``u`` (or NULL)
    records the lines written."""
    cdef int i = 0, r, s, j, t, n, suit
    cdef uint8_t seen[OBS_ROW]
    cdef uint8_t took[OBS_ROW]
    cdef uint64_t at_least[4]
    cdef int first
    cdef double x
    if clear:
        memset(out, 0, OBS_SIZE * sizeof(float))
    obs_thermo(out, OBS_P_HAND, v.hand, u)
    obs_thermo(out, OBS_P_VISIBLE, v.visible, u)
    while i < v.n_seats and v.seats[i] != v.seat:
        i += 1
    for r in range(v.n_seats):
        s = v.seats[(i + r) % v.n_seats]
        obs_thermo(out, OBS_P_MELDS + 4 * r, v.melds[s], u)
        n = v.n_river[s]
        if n:
            memset(seen, 0, sizeof(seen))
            memset(took, 0, sizeof(took))
            first = (OBS_P_RIVER + OBS_RIVER_SLOTS * r) * OBS_WIDTH
            for j in range(n):
                t = v.river[s][j]
                if j < OBS_RIVER_SLOTS:
                    obs_put(out, first + j * OBS_WIDTH + t, 1.0, u)
                seen[t] += 1
                took[t] += v.claimed[s][j] != 0
            obs_quarters(out, OBS_P_RIVER_COUNTS + r, seen, u)
            obs_quarters(out, OBS_P_RIVER_CLAIMED + r, took, u)
        obs_quarters(out, OBS_P_BONUS + r, v.bonus[s], u)
        if s == v.dealer:
            obs_fill_plane(out, OBS_P_DEALER + r, 1.0, u)
        if v.score[s] != 0.0:
            x = v.score[s] / OBS_SCORE_SCALE
            if x > OBS_SCORE_BOUND:
                x = OBS_SCORE_BOUND
            if x < -OBS_SCORE_BOUND:
                x = -OBS_SCORE_BOUND
            obs_fill_plane(out, OBS_P_SCORES + r, <float>x, u)
        suit = v.lack[s]
        if suit >= 0:
            obs_put_bits(out, OBS_P_LACK + r, (<uint64_t>0x1FF) << (9 * suit), 1.0, u)  # (the suit's nine)
        if v.ready[s]:
            obs_fill_plane(out, OBS_P_READY + r, 1.0, u)
        if v.playing[s]:
            obs_fill_plane(out, OBS_P_PLAYING + r, 1.0, u)
        obs_fill_plane(out, OBS_P_SEATS + r, 1.0, u)
    mj_counts_at_least(v.wildcard, at_least)
    obs_put_bits(out, OBS_P_WILDCARDS, at_least[0], 1.0, u)
    if v.indicator >= 0:
        obs_put(out, OBS_P_INDICATOR * OBS_WIDTH + v.indicator, 1.0, u)
    obs_put(out, OBS_P_SEAT_WIND * OBS_WIDTH + 27 + v.seat_wind, 1.0, u)
    obs_put(out, OBS_P_PREVALENT_WIND * OBS_WIDTH + 27 + v.prevalent_wind, 1.0, u)
    obs_fill_plane(out, OBS_P_WALL, <float>(<double>v.wall_left / <double>(v.wall_size if v.wall_size > 1 else 1)),
                   u)
    if v.offered >= 0:
        obs_put(out, OBS_P_OFFERED * OBS_WIDTH + v.offered, 1.0, u)
    if v.drawn >= 0:
        obs_put(out, OBS_P_DRAWN * OBS_WIDTH + v.drawn, 1.0, u)


# ---- from a SeatView (with the GIL: every value is checked, a bad view raises ObservationError) ---------------

cdef object _obs_error(str what):
    from mahjong.rl.errors import ObservationError  # imported only on error: the core never imports rl unasked

    return ObservationError(f"not a valid SeatView: {what}")


cdef int obs_tile(object x, str what) except -2:
    """A tile id 0..41, or -1 for None."""
    cdef long t
    if x is None:
        return -1
    t = x
    if t < 0 or t >= OBS_WIDTH:
        raise _obs_error(f"{what} {t} is not a tile id 0..{OBS_WIDTH - 1}")
    return <int>t


cdef int obs_counts(object seq, uint8_t* out, str what) except -1:
    """Counts per tile id (at most 42 read, as the twin reads them), capped at 4; a negative count is 0."""
    cdef Py_ssize_t i = 0
    cdef long c
    for x in seq:
        if i >= OBS_WIDTH:
            break
        c = x
        out[i] = 4 if c > 4 else 0 if c < 0 else <uint8_t>c
        i += 1
    return 0


cdef int obs_fill_view(ObsInput* v, object view) except -1:
    cdef int i, s, n
    cdef Py_ssize_t j
    cdef long t
    obs_clear_input(v)
    v.seat = view.seat
    seats = tuple(view.seats)
    n = len(seats)
    if n < 1 or n > 4:
        raise _obs_error(f"seats {seats!r}: 1 to 4 seats")
    for i in range(n):
        s = seats[i]
        if s < 0 or s > 3 or s in seats[:i]:
            raise _obs_error(f"seats {seats!r}: distinct seats 0..3")
        v.seats[i] = s
    v.n_seats = n
    if v.seat not in seats:
        raise _obs_error(f"seat {v.seat} is not one of the seats {seats!r}")
    v.dealer = view.dealer
    v.prevalent_wind = view.prevalent_wind
    v.seat_wind = view.seat_wind
    if not (0 <= v.prevalent_wind <= 3 and 0 <= v.seat_wind <= 3):
        raise _obs_error(f"winds {v.seat_wind}, {v.prevalent_wind}: a wind is 0..3")
    obs_counts(view.hand, v.hand, "hand")
    obs_counts(view.visible, v.visible, "visible")
    for x in view.wildcards:
        v.wildcard[obs_tile(x, "wildcard")] = 1
    v.indicator = obs_tile(view.indicator, "indicator")
    v.offered = obs_tile(view.offered, "offered tile")
    v.drawn = obs_tile(view.drawn, "drawn tile")
    v.wall_left = view.wall_left
    v.wall_size = view.wall_size
    melds, rivers, bonus, lack, ready = view.melds, view.rivers, view.bonus, view.lack, view.ready
    scores, playing = view.scores, view.playing
    for i in range(n):
        s = v.seats[i]
        for meld in melds[s]:
            for x in meld:
                t = obs_tile(x, "meld tile")
                if v.melds[s][t] < 4:
                    v.melds[s][t] += 1
        river = rivers[s]
        if len(river) > OBS_RIVER_CAP:
            raise _obs_error(f"seat {s} has {len(river)} discards (at most {OBS_RIVER_CAP})")
        for j, (x, was_claimed) in enumerate(river):
            v.river[s][j] = obs_tile(x, "discard")
            v.claimed[s][j] = 1 if was_claimed else 0
        v.n_river[s] = len(river)
        if len(bonus[s]) > OBS_BONUS_CAP:
            raise _obs_error(f"seat {s} has {len(bonus[s])} bonus tiles (at most {OBS_BONUS_CAP})")
        for x in bonus[s]:
            v.bonus[s][obs_tile(x, "bonus tile")] += 1
        suit = lack[s]
        if suit is not None:
            if not 0 <= suit <= 2:
                raise _obs_error(f"seat {s} lacks suit {suit!r} (a suit is 0..2)")
            v.lack[s] = suit
        v.ready[s] = 1 if ready[s] else 0
        v.playing[s] = 1 if s in playing else 0
        v.score[s] = float(scores[s]) if scores[s] else 0.0
    return 0


cdef float* obs_out_buffer(object out, Py_buffer* buf) except NULL:
    """out's float32 data (C-contiguous, writable, OBS_SIZE floats); release buf afterwards."""
    PyObject_GetBuffer(out, buf, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    fmt = buf.format
    if buf.itemsize != 4 or fmt not in (b"f", b"<f", b"=f") or buf.len != OBS_SIZE * 4:
        PyBuffer_Release(buf)
        raise _obs_error(f"out must be a C-contiguous float32 array of shape ({OBS_N_PLANES}, {OBS_WIDTH})")
    return <float*>buf.buf


def _obs_v1_encode(view, out, clear=True):
    """The compiled obs_v1 encoder of mahjong.rl.obs_v1.encode: ``view``'s array written into ``out``."""
    cdef ObsInput v
    cdef Py_buffer buf
    cdef float* dst
    cdef bint wipe = bool(clear)
    obs_fill_view(&v, view)
    dst = obs_out_buffer(out, &buf)
    with nogil:
        obs_encode(&v, dst, wipe, NULL)
    PyBuffer_Release(&buf)
    return None


def _obs_v1_layout():
    """The layout this build compiled (tests compare it with obs_v1.PLANES, which generated it)."""
    return {
        "N_PLANES": OBS_N_PLANES, "WIDTH": OBS_WIDTH, "RIVER_SLOTS": OBS_RIVER_SLOTS,
        "SCORE_SCALE": OBS_SCORE_SCALE, "SCORE_BOUND": OBS_SCORE_BOUND,
        "offsets": {
            "hand": OBS_P_HAND, "melds": OBS_P_MELDS, "river": OBS_P_RIVER, "river_counts": OBS_P_RIVER_COUNTS,
            "river_claimed": OBS_P_RIVER_CLAIMED, "visible": OBS_P_VISIBLE, "bonus": OBS_P_BONUS,
            "wildcards": OBS_P_WILDCARDS, "indicator": OBS_P_INDICATOR, "seat_wind": OBS_P_SEAT_WIND,
            "prevalent_wind": OBS_P_PREVALENT_WIND, "dealer": OBS_P_DEALER, "scores": OBS_P_SCORES,
            "wall": OBS_P_WALL, "offered": OBS_P_OFFERED, "drawn": OBS_P_DRAWN, "lack": OBS_P_LACK,
            "ready": OBS_P_READY, "playing": OBS_P_PLAYING, "seats": OBS_P_SEATS,
        },
    }
