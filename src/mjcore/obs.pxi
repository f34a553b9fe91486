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
    OBS_UNDO_WORDS = 9     # 64-bit words of an undo record: a bit per cache line a row spans (513 at most)


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
    uint8_t hand[OBS_WIDTH]            # own concealed counts (capped at 4)
    uint8_t visible[OBS_WIDTH]         # copies the observer sees, own hand included (capped at 4)
    uint8_t wildcard[OBS_WIDTH]        # 1 at each wildcard kind
    uint8_t melds[4][OBS_WIDTH]        # per absolute seat: the tiles of its melds, counted (capped at 4)
    uint8_t bonus[4][OBS_WIDTH]        # per absolute seat: bonus tiles set aside, counted
    int n_river[4]
    uint8_t river[4][OBS_RIVER_CAP]    # per absolute seat: its discards in order ...
    uint8_t claimed[4][OBS_RIVER_CAP]  # ... and whether each was claimed
    int lack[4]                        # the suit declared lacking (0..2), -1 none
    uint8_t ready[4]
    uint8_t playing[4]
    double score[4]


cdef inline void obs_clear_input(ObsInput* v) noexcept nogil:
    memset(v, 0, sizeof(ObsInput))
    v.indicator = v.offered = v.drawn = -1
    v.lack[0] = v.lack[1] = v.lack[2] = v.lack[3] = -1
    v.wall_size = 1


ctypedef struct ObsUndo:
    # where one encode wrote into its row, so a reused row is cleared there only (the lockstep batch): bit b of
    # blocks[] = the row's part of its b-th cache line was written (floats 16 * b - shift .. 16 * b - shift + 15
    # of the row, shift = where the row starts in its first line); whole = unknown (the row is cleared whole)
    int whole
    int shift
    uint64_t blocks[OBS_UNDO_WORDS]


cdef inline void obs_mark(ObsUndo* u, int i) noexcept nogil:
    cdef int b = (i + u.shift) >> 4
    u.blocks[b >> 6] |= (<uint64_t>1) << (b & 63)


cdef inline void obs_put(float* out, int i, float value, ObsUndo* u) noexcept nogil:
    out[i] = value
    if u != NULL:
        obs_mark(u, i)


cdef inline void obs_thermo(float* out, int plane0, const uint8_t* counts, ObsUndo* u) noexcept nogil:
    """plane0 + k - 1 is 1 where counts >= k (k = 1..4)."""
    cdef int t, k, c
    for t in range(OBS_WIDTH):
        c = counts[t]
        if c > 4:
            c = 4
        for k in range(c):
            obs_put(out, (plane0 + k) * OBS_WIDTH + t, 1.0, u)


cdef inline void obs_fill_plane(float* out, int plane, float value, ObsUndo* u) noexcept nogil:
    cdef int t
    cdef float* row = out + plane * OBS_WIDTH
    for t in range(OBS_WIDTH):
        row[t] = value
    if u != NULL:
        for t in range(plane * OBS_WIDTH, (plane + 1) * OBS_WIDTH, 16):
            obs_mark(u, t)
        obs_mark(u, (plane + 1) * OBS_WIDTH - 1)


cdef void obs_unwrite(float* out, ObsUndo* u) noexcept nogil:
    """Zero a row where its last encode (recorded in u) wrote, or all of it when that is not known; then u is
    ready to record the next encode into this row (at this address)."""
    cdef int w, lo, hi, k
    cdef uint64_t bits
    cdef float* p
    if u.whole:
        memset(out, 0, OBS_SIZE * sizeof(float))
    else:
        for w in range(OBS_UNDO_WORDS):
            bits = u.blocks[w]
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
    memset(u, 0, sizeof(ObsUndo))
    u.shift = <int>((<size_t>out & 63) >> 2)


cdef void obs_encode(const ObsInput* v, float* out, bint clear, ObsUndo* u) noexcept nogil:
    """Write v's obs_v1 array into out (OBS_SIZE floats); ``u`` (or NULL) records where."""
    cdef int i = 0, r, s, j, t, n, suit
    cdef int seen[OBS_WIDTH]
    cdef int took[OBS_WIDTH]
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
                if v.claimed[s][j]:
                    took[t] += 1
            for t in range(OBS_WIDTH):
                if seen[t]:
                    obs_put(out, (OBS_P_RIVER_COUNTS + r) * OBS_WIDTH + t, <float>(0.25 * seen[t]), u)
                if took[t]:
                    obs_put(out, (OBS_P_RIVER_CLAIMED + r) * OBS_WIDTH + t, <float>(0.25 * took[t]), u)
        for t in range(OBS_WIDTH):
            if v.bonus[s][t]:
                obs_put(out, (OBS_P_BONUS + r) * OBS_WIDTH + t, <float>(0.25 * v.bonus[s][t]), u)
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
            for t in range(9 * suit, 9 * suit + 9):
                obs_put(out, (OBS_P_LACK + r) * OBS_WIDTH + t, 1.0, u)
        if v.ready[s]:
            obs_fill_plane(out, OBS_P_READY + r, 1.0, u)
        if v.playing[s]:
            obs_fill_plane(out, OBS_P_PLAYING + r, 1.0, u)
        obs_fill_plane(out, OBS_P_SEATS + r, 1.0, u)
    for t in range(OBS_WIDTH):
        if v.wildcard[t]:
            obs_put(out, OBS_P_WILDCARDS * OBS_WIDTH + t, 1.0, u)
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
