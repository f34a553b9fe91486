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
    cdef int hidden[34]  # another seat's concealed kongs: face down, not in the visible counts
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
    memset(hidden, 0, sizeof(hidden))
    for s in range(4):
        if s != seat:
            for m in range(c.n_melds[s]):
                if c.meld_kind[s][m] == MK_CONCEALED_KONG:
                    hidden[c.meld_tile[s][m]] += 4
    for t in range(34):
        k = c.visible[t] + c.hands[seat][t] - hidden[t]
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
    """The hand cores of a GameBatch's n games, stepped in one C loop without the GIL (see batch.pxi).

    configure(params, seeds, salts, reset_quiet): the core parameters and each game's seed and next hand's salt,
    for the hands the loop deals itself (new_hand, and act's reset of a quiet end).  A game whose hand Python
    drives (owned: set_game) is never reset by the loop."""

    cdef HandCore** c
    cdef double* score
    cdef uint64_t* seed
    cdef uint64_t* salt
    cdef uint8_t* owned
    cdef ObsUndo* undo        # per output row: where its last encode wrote (obs_unwrite clears just that)
    cdef Py_ssize_t undo_rows
    cdef CoreParams p
    cdef bint configured
    cdef bint reset_quiet
    cdef int n
    cdef list keep

    def __cinit__(self, int n):
        if n < 1:
            raise ValueError("a batch holds at least one game")
        self.n = n
        self.c = <HandCore**>malloc(n * sizeof(HandCore*))
        self.score = <double*>malloc(4 * n * sizeof(double))
        self.seed = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.salt = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.owned = <uint8_t*>malloc(n)
        if self.c == NULL or self.score == NULL or self.seed == NULL or self.salt == NULL or self.owned == NULL:
            raise MemoryError()
        memset(self.c, 0, n * sizeof(HandCore*))
        memset(self.score, 0, 4 * n * sizeof(double))
        memset(self.seed, 0, n * sizeof(uint64_t))
        memset(self.salt, 0, n * sizeof(uint64_t))
        memset(self.owned, 1, n)
        self.undo = NULL
        self.undo_rows = 0
        self.keep = [None] * n
        self.configured = False
        self.reset_quiet = False

    def __dealloc__(self):
        free(self.c)
        free(self.score)
        free(self.seed)
        free(self.salt)
        free(self.owned)
        free(self.undo)

    def configure(self, params, seeds, salts, bint reset_quiet):
        """The 13 core parameters of every hand, each game's seed and its next hand's salt; ``reset_quiet``: a
        hand of a game the loop owns that ends with no win is settled here (nothing to pay: the rule set settles
        by its wins alone) and the game's next hand dealt, without Python."""
        cdef int i
        vals = [int(v) for v in params]
        if len(vals) != 13 or len(seeds) != self.n or len(salts) != self.n:
            raise ValueError("configure needs the 13 core parameters and one seed and salt per game")
        (self.p.hand_size, self.p.chows, self.p.multiple_winners, self.p.winners_to_end, self.p.reserve,
         self.p.dice_break, self.p.flowers, self.p.honors, self.p.lack, self.p.forced_win_tiles,
         self.p.pays_during_play, self.p.rule_flags, self.p.rule_hand_size) = vals
        if not 1 <= self.p.hand_size <= 13 or self.p.winners_to_end < 1 or self.p.reserve < 0:
            raise ValueError("GameCore plays 4 seats of at most 13 tiles")
        for i in range(self.n):
            self.seed[i] = <uint64_t>(int(seeds[i]) & U64_MASK)
            self.salt[i] = <uint64_t>(int(salts[i]) & U64_MASK)
        self.reset_quiet = reset_quiet
        self.configured = True

    def new_hand(self, int i):
        """Deal game i's next hand on its core (the loop owns it) and advance it: the core's status."""
        cdef int st
        cdef GameCore core
        if not self.configured:
            raise ValueError("configure the batch first")
        if not 0 <= i < self.n:
            raise IndexError(i)
        core = self.keep[i]
        if core is None or not self.owned[i]:  # (a core Python drove stays with its hand: a fresh one here)
            core = GameCore.__new__(GameCore)
            self.keep[i] = core
            self.c[i] = core.c
        self.owned[i] = 0
        with nogil:
            st = batch_deal(self, i)
        return st

    def set_game(self, int i, GameCore core not None, scores=(0, 0, 0, 0)):
        """Game i is now played on ``core``, driven by Python (its running scores per seat: ``scores``)."""
        cdef int s
        if not 0 <= i < self.n:
            raise IndexError(i)
        self.keep[i] = core
        self.c[i] = core.c
        self.owned[i] = 1
        for s in range(4):
            self.score[4 * i + s] = float(scores[s])

    def core(self, int i):
        """Game i's core now (the loop's own, or the one Python drives)."""
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.keep[i]

    def adopt(self, int i, GameCore into not None):
        """Copy game i's hand (the loop's own core) into ``into`` and play it there, driven by Python."""
        if not 0 <= i < self.n:
            raise IndexError(i)
        if self.c[i] == NULL:
            raise ValueError(f"game {i} has no core")
        memcpy(into.c, self.c[i], sizeof(HandCore))
        self.set_game(i, into)

    def salt_of(self, int i):
        """The salt of game i's hand in play (hands the loop dealt counted)."""
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.salt[i] - 1 if self.configured else 0

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

    def act(self, actions, status, reset):
        """Apply one action per row (``actions``: int32, one per row); ``status`` (int8, one per game) gets each
        game's status after its answers: a CS_* value, or BATCH_REFUSED (an answer not legal: unchanged);
        ``reset`` (uint8, one per game) is 1 where a hand the loop owns ended with no win and the game's next
        hand was dealt (status is then that hand's)."""
        cdef Py_buffer ab, sb, rb
        cdef int i, j, k, r = 0, m, st, ok
        cdef int seats[4]
        cdef const int* a
        cdef int8_t* out
        cdef uint8_t* again
        self._check()
        m = self.count_rows()
        a = <const int*>batch_buffer(actions, &ab, m * sizeof(int), False, "actions")
        try:
            out = <int8_t*>batch_buffer(status, &sb, self.n, True, "status")
            try:
                again = <uint8_t*>batch_buffer(reset, &rb, self.n, True, "reset")
            except BaseException:
                PyBuffer_Release(&sb)
                raise
        except BaseException:
            PyBuffer_Release(&ab)
            raise
        with nogil:
            for i in range(self.n):
                again[i] = 0
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
                    if st == CS_END and self.reset_quiet and not self.owned[i] and self.c[i].n_won == 0:
                        st = batch_deal(self, i)
                        again[i] = 1
                    out[i] = st
                r += k
        PyBuffer_Release(&ab)
        PyBuffer_Release(&sb)
        PyBuffer_Release(&rb)
        return None

    def encode(self, obs, mask, game, seat, bint fresh):
        """Every row now: obs (m, OBS_N_PLANES, OBS_WIDTH) float32; mask (m, N_ACTIONS) int8; game and seat (m,)
        int64.  The arrays may hold more rows than m (m = count_rows(), returned): the first m are written.  The
        arrays are reused from step to step: each obs row is cleared exactly where its last encode wrote;
        ``fresh``: new arrays (their rows are cleared whole once)."""
        cdef Py_buffer ob, mb, gb, sb
        cdef int i, j, k, r = 0, m
        cdef int seats[4]
        cdef float* o
        cdef uint8_t* mk
        cdef int64_t* g
        cdef int64_t* s
        cdef ObsInput v
        cdef Py_ssize_t rows
        self._check()
        m = self.count_rows()
        rows = len(obs)
        if fresh or self.undo == NULL or rows != self.undo_rows:
            free(self.undo)
            self.undo = <ObsUndo*>malloc((rows + 1) * sizeof(ObsUndo))
            if self.undo == NULL:
                self.undo_rows = 0
                raise MemoryError()
            for i in range(rows + 1):
                self.undo[i].n = -1  # (unknown content: cleared whole the first time)
                self.undo[i].n_planes = 0
            self.undo_rows = rows
        if m > rows:
            raise ValueError(f"obs: {rows} rows, expected at least {m}")
        o = <float*>batch_rows(obs, &ob, <Py_ssize_t>m * OBS_SIZE * 4, "obs")
        try:
            mk = <uint8_t*>batch_rows(mask, &mb, <Py_ssize_t>m * A_N_ACTIONS, "mask")
            try:
                g = <int64_t*>batch_rows(game, &gb, m * 8, "game")
                try:
                    s = <int64_t*>batch_rows(seat, &sb, m * 8, "seat")
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
                    obs_unwrite(o + <Py_ssize_t>r * OBS_SIZE, &self.undo[r])
                    obs_encode(&v, o + <Py_ssize_t>r * OBS_SIZE, 0, &self.undo[r])
                    core_mask(self.c[i], seats[j], mk + <Py_ssize_t>r * A_N_ACTIONS)
                    g[r] = i
                    s[r] = seats[j]
                    r += 1
        PyBuffer_Release(&ob)
        PyBuffer_Release(&mb)
        PyBuffer_Release(&gb)
        PyBuffer_Release(&sb)
        return m


cdef int batch_deal(_BatchCores b, int i) noexcept nogil:
    """Game i's next hand on its core (seed, then salt + 1), advanced to its first decision: the status."""
    cdef int s
    core_init(b.c[i], &b.p, b.seed[i], b.salt[i], 0, 0, NULL, 0)
    b.salt[i] += 1
    for s in range(4):
        b.score[4 * i + s] = 0.0
    return core_advance(b.c[i])


cdef void* batch_rows(object obj, Py_buffer* buf, Py_ssize_t nbytes, str what) except NULL:
    """obj's writable C-contiguous data of at least nbytes (release buf afterwards)."""
    PyObject_GetBuffer(obj, buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    if buf.len < nbytes:
        PyBuffer_Release(buf)
        raise ValueError(f"{what}: {buf.len} bytes, expected at least {nbytes}")
    return buf.buf


def _batch_constants():
    """The statuses the batch loop reports (mahjong.rl.batch reads them from here)."""
    return {"REFUSED": BATCH_REFUSED, "WAIT": CS_WAIT, "SCORE": CS_SCORE, "PAY": CS_PAY, "END": CS_END}


# ---- one core game's observation (mahjong.game.core.CoreGame.observe, mahjong.rl.view.observation_array) -------

def _core_table(GameCore core not None):
    """The public facts of a core hand that Game.observe shows, read from the struct without building the typed
    events: (phase, actor, live, rivers [[tile, claimed], ...] per seat, bonus tiles per seat, visible (34),
    lack per seat (None or suit), concealed tile counts per seat, playing bit mask, winners in order,
    (last discard seat, tile) or None, (added kong seat, tile) or None, (last draw seat, tile) or None)."""
    cdef HandCore* c = core.c
    cdef int s, k
    rivers = [[[c.river[s][k], bool(c.river_claimed[s][k])] for k in range(c.n_river[s])] for s in range(4)]
    bonus = [[c.bonus[s][k] for k in range(c.n_bonus[s])] for s in range(4)]
    visible = [c.visible[k] for k in range(34)]
    lack = [None if c.lack[s] < 0 else c.lack[s] for s in range(4)]
    counts = [core_concealed(c, s) for s in range(4)]
    won = [c.won[k] for k in range(c.n_won)]
    return (c.phase, c.actor, core_live(c), rivers, bonus, visible, lack, counts, c.playing, won,
            (c.ldis_seat, c.ldis_tile) if c.ldis_seat >= 0 else None,
            (c.pk_seat, c.pk_tile) if c.pk_seat >= 0 else None,
            (c.ldraw_seat, c.ldraw_tile) if c.ldraw_seat >= 0 else None)


def _obs_v1_encode_core(GameCore core not None, int seat, scores, out):
    """seat's obs_v1 array of the core hand, written into ``out`` (float32, (N_PLANES, 42), C-contiguous),
    straight from the struct (what mahjong.rl.view.view_of(game, seat) reads from Game.observe); ``scores``:
    each seat's points so far."""
    cdef ObsInput v
    cdef Py_buffer buf
    cdef float* dst
    cdef double sc[4]
    cdef int s
    if not 0 <= seat < 4:
        raise _obs_error(f"seat {seat} is not a seat 0..3")
    for s in range(4):
        sc[s] = float(scores[s])
    dst = obs_out_buffer(out, &buf)
    with nogil:
        obs_fill_core(&v, core.c, seat, sc)
        obs_encode(&v, dst, 1, NULL)
    PyBuffer_Release(&buf)
    return None


def _core_clone(GameCore core not None):
    """A new core holding a copy of ``core``'s hand (mahjong.game.core.CoreGame's deepcopy)."""
    cdef GameCore twin = GameCore.__new__(GameCore)
    memcpy(twin.c, core.c, sizeof(HandCore))
    return twin
