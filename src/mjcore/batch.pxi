# The lockstep batch's C loop (included from core.pyx after engine.pxi and obs.pxi): n hand cores stepped
# together with the GIL released, Python called only for the games that need it (a win to score, money during
# play, a hand's end).  Driven by mahjong.rl.batch.GameBatch; not a public API.
#
#   act(actions, status)   one action per row of the last encode (rows: game by game, each game's pending seats
#                          in the order the core asks them).  A game whose answers are not all legal is left as
#                          it was (status BATCH_REFUSED); the others are stepped: status = the core's CS_*.
#   encode(obs, mask, game, seat)   every row now: the obs_v1 array read straight from the core's struct
#                          (obs_fill_core: what Game.observe shows that seat), the action mask, the row's game
#                          and seat.
# Each game's running scores (payments during play) are Python's to set (set_scores): they come from the
# settlement of the record so far.

from libc.stdint cimport int64_t

cdef enum:
    BATCH_REFUSED = -10


cdef void obs_fill_core(ObsInput* v, const HandCore* c, int seat, const double* score) noexcept nogil:
    """seat's view of the hand in c, as mahjong.rl.view.view_of(game, seat) reads it from Game.observe: own
    concealed tiles, public facts, another seat's concealed kong face down (its tiles neither in its melds nor
    in the visible counts)."""
    cdef int s, m, t, k, kind
    obs_clear_input(v)
    v.seat = seat
    v.n_seats = 4
    for s in range(4):
        v.seats[s] = s
    v.dealer = c.dealer
    v.prevalent_wind = c.prevalent_wind
    v.seat_wind = (seat - c.dealer) & 3
    for t in range(OBS_WIDTH):
        k = c.hands[seat][t]
        v.hand[t] = 4 if k > 4 else k
    for t in range(34):
        k = c.visible[t] + c.hands[seat][t]
        for s in range(4):
            if s != seat:
                for m in range(c.n_melds[s]):
                    if c.meld_kind[s][m] == MK_CONCEALED_KONG and c.meld_tile[s][m] == t:
                        k -= 4
        v.visible[t] = 4 if k > 4 else 0 if k < 0 else k
    for t in range(34, OBS_WIDTH):
        v.visible[t] = v.hand[t]
    for s in range(4):
        for m in range(c.n_melds[s]):
            kind = c.meld_kind[s][m]
            t = c.meld_tile[s][m]
            if kind == MK_CHOW:
                t = c.meld_low[s][m]
                v.melds[s][t] += 1
                v.melds[s][t + 1] += 1
                v.melds[s][t + 2] += 1
            elif kind == MK_PUNG:
                v.melds[s][t] += 3
            elif kind != MK_CONCEALED_KONG or s == seat:
                v.melds[s][t] += 4
        for t in range(OBS_WIDTH):  # (the twin's thermometer caps the counts at 4 too)
            if v.melds[s][t] > 4:
                v.melds[s][t] = 4
        v.n_river[s] = c.n_river[s]
        for k in range(c.n_river[s]):
            v.river[s][k] = c.river[s][k]
            v.claimed[s][k] = c.river_claimed[s][k]
        for k in range(c.n_bonus[s]):
            v.bonus[s][c.bonus[s][k]] += 1
        v.lack[s] = c.lack[s]
        v.playing[s] = 1 if c.playing & (1 << s) else 0
        v.score[s] = score[s]
    v.wall_left = core_live(c)
    v.wall_size = c.n_wall
    if c.phase == PH_CLAIM and c.ldis_seat >= 0 and c.ldis_seat != seat:
        v.offered = c.ldis_tile
    elif c.phase == PH_ROB and c.pk_seat >= 0 and c.pk_seat != seat:
        v.offered = c.pk_tile
    if c.phase == PH_TURN and c.ldraw_seat == seat:
        v.drawn = c.ldraw_tile


cdef inline int batch_waiting(const HandCore* c, int* seats) noexcept nogil:
    """The seats c waits for now (not yet answered), in the order it asked them."""
    cdef int i, s, n = 0
    if c.phase == PH_END:
        return 0
    for i in range(c.n_pending):
        s = c.pend_order[i]
        if not (c.answered & (1 << s)):
            seats[n] = s
            n += 1
    return n


cdef inline int batch_is_legal(const HandCore* c, int seat, int action) noexcept nogil:
    cdef int i
    for i in range(c.n_legal[seat]):
        if c.legal[seat][i] == action:
            return 1
    return 0


cdef void* batch_buffer(object obj, Py_buffer* buf, Py_ssize_t nbytes, bint writable, str what) except NULL:
    """obj's C-contiguous data of exactly nbytes (release buf afterwards)."""
    PyObject_GetBuffer(obj, buf, (PyBUF_WRITABLE if writable else 0) | PyBUF_C_CONTIGUOUS)
    if buf.len != nbytes:
        PyBuffer_Release(buf)
        raise ValueError(f"{what}: {buf.len} bytes, expected {nbytes}")
    return buf.buf


cdef class _BatchCores:
    """The hand cores of a GameBatch's n games, stepped in one C loop without the GIL (see batch.pxi)."""

    cdef HandCore** c
    cdef double* score
    cdef int n
    cdef list keep

    def __cinit__(self, int n):
        if n < 1:
            raise ValueError("a batch holds at least one game")
        self.n = n
        self.c = <HandCore**>malloc(n * sizeof(HandCore*))
        self.score = <double*>malloc(4 * n * sizeof(double))
        if self.c == NULL or self.score == NULL:
            raise MemoryError()
        memset(self.c, 0, n * sizeof(HandCore*))
        memset(self.score, 0, 4 * n * sizeof(double))
        self.keep = [None] * n

    def __dealloc__(self):
        free(self.c)
        free(self.score)

    def set_game(self, int i, GameCore core not None, scores=(0, 0, 0, 0)):
        """Game i is now played on ``core`` (its running scores per seat: ``scores``)."""
        cdef int s
        if not 0 <= i < self.n:
            raise IndexError(i)
        self.keep[i] = core
        self.c[i] = core.c
        for s in range(4):
            self.score[4 * i + s] = float(scores[s])

    def count_rows(self):
        """Rows of the next encode: every seat that must answer now, over all games."""
        cdef int i, m = 0
        cdef int seats[4]
        self._check()
        with nogil:
            for i in range(self.n):
                m += batch_waiting(self.c[i], seats)
        return m

    def _check(self):
        cdef int i
        for i in range(self.n):
            if self.c[i] == NULL:
                raise ValueError(f"game {i} has no core")

    def act(self, actions, status):
        """Apply one action per row (``actions``: int32, one per row); ``status`` (int8, one per game) gets each
        game's status after its answers: a CS_* value, or BATCH_REFUSED (an answer not legal: unchanged)."""
        cdef Py_buffer ab, sb
        cdef int i, j, k, r = 0, m, st, ok
        cdef int seats[4]
        cdef const int* a
        cdef int8_t* out
        self._check()
        m = self.count_rows()
        a = <const int*>batch_buffer(actions, &ab, m * sizeof(int), False, "actions")
        try:
            out = <int8_t*>batch_buffer(status, &sb, self.n, True, "status")
        except BaseException:
            PyBuffer_Release(&ab)
            raise
        with nogil:
            for i in range(self.n):
                k = batch_waiting(self.c[i], seats)
                ok = 1
                for j in range(k):
                    if not batch_is_legal(self.c[i], seats[j], a[r + j]):
                        ok = 0
                if not ok:
                    out[i] = BATCH_REFUSED
                else:
                    st = CS_WAIT
                    for j in range(k):
                        st = core_act(self.c[i], seats[j], a[r + j])
                    out[i] = st
                r += k
        PyBuffer_Release(&ab)
        PyBuffer_Release(&sb)
        return None

    def encode(self, obs, mask, game, seat):
        """Every row now: obs (m, OBS_N_PLANES, OBS_WIDTH) float32, zero on entry; mask (m, N_ACTIONS) int8;
        game and seat (m,) int64.  m = count_rows()."""
        cdef Py_buffer ob, mb, gb, sb
        cdef int i, j, k, r = 0, m
        cdef int seats[4]
        cdef float* o
        cdef uint8_t* mk
        cdef int64_t* g
        cdef int64_t* s
        cdef ObsInput v
        self._check()
        m = self.count_rows()
        o = <float*>batch_buffer(obs, &ob, <Py_ssize_t>m * OBS_SIZE * 4, True, "obs")
        try:
            mk = <uint8_t*>batch_buffer(mask, &mb, <Py_ssize_t>m * A_N_ACTIONS, True, "mask")
            try:
                g = <int64_t*>batch_buffer(game, &gb, m * 8, True, "game")
                try:
                    s = <int64_t*>batch_buffer(seat, &sb, m * 8, True, "seat")
                except BaseException:
                    PyBuffer_Release(&gb)
                    raise
            except BaseException:
                PyBuffer_Release(&mb)
                raise
        except BaseException:
            PyBuffer_Release(&ob)
            raise
        with nogil:
            for i in range(self.n):
                k = batch_waiting(self.c[i], seats)
                for j in range(k):
                    obs_fill_core(&v, self.c[i], seats[j], &self.score[4 * i])
                    obs_encode(&v, o + <Py_ssize_t>r * OBS_SIZE, 0)
                    core_mask(self.c[i], seats[j], mk + <Py_ssize_t>r * A_N_ACTIONS)
                    g[r] = i
                    s[r] = seats[j]
                    r += 1
        PyBuffer_Release(&ob)
        PyBuffer_Release(&mb)
        PyBuffer_Release(&gb)
        PyBuffer_Release(&sb)
        return None


def _batch_constants():
    """The statuses the batch loop reports (mahjong.rl.batch reads them from here)."""
    return {"REFUSED": BATCH_REFUSED, "WAIT": CS_WAIT, "SCORE": CS_SCORE, "PAY": CS_PAY, "END": CS_END}
