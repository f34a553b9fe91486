# The lockstep batch's C loop (included from core.pyx after engine.pxi and obs.pxi): n hand cores stepped
# together with the GIL released, Python called only for the games that need it (a win to score, money during
# play, a hand's end).  Driven by mahjong.rl.batch.GameBatch; not a public API.
#
#   act(actions, status, reset, nets)   one action per row of the last encode (rows: game by game, each game's
#                          pending seats in the order the core asks them).  A game whose answers are not all legal
#                          is left as it was (status BATCH_REFUSED); the others are stepped: status = the core's
#                          CS_*.  A hand of a game the loop owns that ends with no win, or (settle_wins) with wins
#                          all decided in C, is settled here (its nets) and the game's next hand dealt (reset).
#   decide_guobiao(opts, min_fan)   every hand the loop deals decides Guobiao's may-win in C (core_gb_verdict).
#   settle_wins(table)     the win payments of the rule set's settlement (mahjong.rl.batch.win_payment_table):
#                          what each other seat pays a winner, as a + b * total, by who it is.
#   encode(obs, mask, game, seat)   every row now: the obs_v1 array read straight from the core's struct
#                          (obs_fill_core: what Game.observe shows that seat), the action mask, the row's game
#                          and seat.  A reused row is rewritten only in the cache lines it held anything in or
#                          holds anything in now.  Rows of more than BATCH_STREAM_BYTES in all (1,024 games: 34
#                          MB, more than the caches) are encoded into a scratch row first and their lines stored
#                          whole past the caches (batch_put_row), so that no line of them is read in to be written.
# Each game's running scores (payments during play) come from the settlement of the record so far: Python's to
# set (set_game), or, for a hand settled in C (decide_book), folded here at each money move
# (batch_running_scores).

from libc.stdint cimport int64_t
from libc.stdlib cimport realloc

cdef enum:
    BATCH_REFUSED = -10
    BATCH_SCORES = -11      # the running scores (money moved during play) are Python's to work out for this game
    # output rows larger than this in all (bytes) do not stay in the caches from one step to the next (a batch of
    # 1,024 games: 34 MB): each row is encoded into a scratch row and its lines stored whole, past the caches, not
    # read in first to be written (batch_put_row); smaller ones are written in place (obs_unwrite, obs_encode)
    BATCH_STREAM_BYTES = 8 << 20
    OBS_SCRATCH = 16 * (OBS_LINES + 1)   # floats of a scratch row: whole cache lines, room for any shift
    # more games than this (23 KB of core each) are not in the caches: the next game's core is asked for ahead
    BATCH_PREFETCH_GAMES = 256


cdef extern from *:
    """
    #if defined(__linux__)
    #include <time.h>
    /* this thread's CPU time, read without the GIL (the batch's own time, GameBatch.c_seconds) */
    static double mj_thread_seconds(void) {
        struct timespec t;
        if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0) return -1.0;
        return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
    }
    #else
    static double mj_thread_seconds(void) { return -1.0; }  /* (the caller times the calls, in Python) */
    #endif
    """
    double mj_thread_seconds() noexcept nogil


cdef void obs_fill_core(ObsInput* v, const HandCore* c, int seat, const double* score) noexcept nogil:
    """seat's view of the hand in c, as mahjong.rl.view.view_of(game, seat) reads it from Game.observe: own
    concealed tiles, public facts, another seat's concealed kong face down (its tiles neither in its melds nor
    in the visible counts)."""
    cdef int s, m, t, k, kind, i
    cdef int hidden[34]  # another seat's concealed kongs: face down, not in the visible counts
    cdef int tiles[3]
    obs_clear_input(v)
    v.seat = seat
    v.n_seats = c.p.n_seats
    for s in range(c.p.n_seats):
        v.seats[s] = c.p.seats[s]
    v.dealer = c.dealer
    v.prevalent_wind = c.prevalent_wind
    v.seat_wind = (seat - c.dealer) & 3
    for t in range(OBS_WIDTH):
        k = c.hands[seat][t]
        v.hand[t] = 4 if k > 4 else k
    memset(hidden, 0, sizeof(hidden))
    for s in range(4):  # (the hand over, a flow that shows the concealed kongs shows them all)
        if s != seat and not (c.phase == PH_END and c.p.shows_kongs):
            for m in range(c.n_melds[s]):
                if c.meld_kind[s][m] == MK_CONCEALED_KONG:
                    hidden[c.meld_tile[s][m]] += 4
    for t in range(34):
        k = c.visible[t] + c.hands[seat][t] - hidden[t]
        v.visible[t] = 4 if k > 4 else 0 if k < 0 else k
    for t in range(34, OBS_WIDTH):
        v.visible[t] = v.hand[t]
    if c.ind_tile >= 0:  # (the observation's wildcards: the kinds the indicator turned up makes wild)
        v.indicator = c.ind_tile
        for t in range(34):
            if (c.p.ind_wild[c.ind_tile] >> t) & 1:
                v.wildcard[t] = 1
    for i in range(c.p.n_seats):
        s = c.p.seats[i]
        for m in range(c.n_melds[s]):
            kind = c.meld_kind[s][m]
            t = c.meld_tile[s][m]
            if kind == MK_CHOW:
                core_meld_tiles(c, s, m, tiles)
                v.melds[s][tiles[0]] += 1
                v.melds[s][tiles[1]] += 1
                v.melds[s][tiles[2]] += 1
            elif kind == MK_PUNG:
                v.melds[s][t] += 3
            elif kind != MK_CONCEALED_KONG or s == seat or (c.phase == PH_END and c.p.shows_kongs):
                v.melds[s][t] += 4
        for t in range(OBS_WIDTH):  # (the twin's thermometer caps the counts at 4 too)
            if v.melds[s][t] > 4:
                v.melds[s][t] = 4
        k = c.n_river[s] if 0 <= c.n_river[s] <= CORE_RIVER else 0  # (the core keeps it so)
        v.n_river[s] = k
        memcpy(v.river[s], c.river[s], k)
        memcpy(v.claimed[s], c.river_claimed[s], k)  # (0 or not: the encoder reads "not 0")
        for k in range(imin(c.n_bonus[s], CORE_BONUS)):
            v.bonus[s][c.bonus[s][k]] += 1
        v.lack[s] = c.lack[s]
        v.ready[s] = 1 if c.ready[s] else 0
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


cdef inline void batch_prefetch_core(const HandCore* c) noexcept nogil:
    """Ask for the part of a game's core the loop reads first (its hands, melds, rivers, the table's state and
    the legal actions), while the game before it is worked on: a large batch's cores are not in the caches."""
    cdef const char* p = <const char*>c
    cdef const char* end = <const char*>&c.verdict_step[0]
    while p < end:
        mj_prefetch(p)
        p += 64


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

    configure(flow, seeds, salts, reset_quiet): the flow (a CoreFlowTable) and each game's seed and next hand's salt,
    for the hands the loop deals itself (new_hand, and act's reset of a quiet end).  A game whose hand Python
    drives (owned: set_game) is never reset by the loop."""

    cdef HandCore** c
    cdef double* score
    cdef uint64_t* seed
    cdef uint64_t* salt
    cdef uint8_t* owned
    cdef ObsLines* undo       # per output row: the lines its last encode wrote (obs_unwrite zeroes just those)
    cdef Py_ssize_t undo_rows
    cdef float* undo_base     # the output rows undo describes
    cdef void* scratch_mem    # two scratch rows (scratch: 64-aligned), zero but for the row in flight
    cdef float* scratch
    cdef ObsLines pend[2]     # the lines of each scratch row's encode
    cdef CoreFlow p
    cdef bint configured
    cdef bint reset_quiet
    cdef int gb_decide        # decide_guobiao: Guobiao's may-win decided in C on every hand dealt here
    cdef int gb_opts
    cdef int gb_min_fan
    cdef int gb_ask_facts     # ... but for the wins it asks of Python (GameCore.decide_guobiao's ask_facts, ask_fans)
    cdef uint64_t gb_ask_fans[2]
    cdef bint settle_won      # settle_wins: a hand whose wins C decided is settled in the loop (pay)
    cdef int ev_decide        # decide_book: every hand dealt here decides its wins with a compiled book (ev)
    cdef object ev_book
    cdef const EvBook* book
    cdef int ev_heavenly
    cdef int ev_earthly
    cdef int ev_settles       # and is settled in C (ev_settle)
    cdef int* marks_seen      # per game: its core's money moves (n_pay_marks) its running scores include
    cdef int64_t pay[6]       # (a, b) of a + b * total: self-drawn, each other; on a discard, the discarder; the rest
    cdef int n
    cdef list keep
    cdef public double seconds   # this thread's CPU time in act and encode, without the GIL (timed: measured here)
    # record_actions: each game's actions in its hand in play (seat, action index: 2 bytes an action), and those of
    # the last hand the loop settled and re-dealt itself: a hand's log, kept compact (its events are the hand
    # replayed with them, mahjong.rl.batch.HandLogs); a buffer that could not grow is marked lost (cap -1)
    cdef bint journal
    cdef uint8_t** jour
    cdef int* jour_n
    cdef int* jour_cap
    cdef uint8_t** ended
    cdef int* ended_n
    cdef int* ended_cap

    def __cinit__(self, int n):
        if n < 1:
            raise ValueError("a batch holds at least one game")
        self.n = n
        self.c = <HandCore**>malloc(n * sizeof(HandCore*))
        self.score = <double*>malloc(4 * n * sizeof(double))
        self.seed = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.salt = <uint64_t*>malloc(n * sizeof(uint64_t))
        self.owned = <uint8_t*>malloc(n)
        self.marks_seen = <int*>calloc(n, sizeof(int))
        self.jour = <uint8_t**>calloc(n, sizeof(uint8_t*))
        self.ended = <uint8_t**>calloc(n, sizeof(uint8_t*))
        self.jour_n = <int*>calloc(n, sizeof(int))
        self.jour_cap = <int*>calloc(n, sizeof(int))
        self.ended_n = <int*>calloc(n, sizeof(int))
        self.ended_cap = <int*>calloc(n, sizeof(int))
        if (self.c == NULL or self.score == NULL or self.seed == NULL or self.salt == NULL or self.owned == NULL
                or self.marks_seen == NULL or self.jour == NULL or self.ended == NULL or self.jour_n == NULL
                or self.jour_cap == NULL or self.ended_n == NULL or self.ended_cap == NULL):
            raise MemoryError()
        memset(self.c, 0, n * sizeof(HandCore*))
        memset(self.score, 0, 4 * n * sizeof(double))
        memset(self.seed, 0, n * sizeof(uint64_t))
        memset(self.salt, 0, n * sizeof(uint64_t))
        memset(self.owned, 1, n)
        self.undo = NULL
        self.undo_rows = 0
        self.undo_base = NULL
        self.scratch_mem = calloc(2 * OBS_SCRATCH + 16, sizeof(float))
        if self.scratch_mem == NULL:
            raise MemoryError()
        self.scratch = <float*>((<size_t>self.scratch_mem + 63) & ~(<size_t>63))
        self.keep = [None] * n
        self.configured = False
        self.reset_quiet = False
        self.gb_decide = 0
        self.settle_won = False
        self.ev_decide = 0
        self.ev_settles = 0
        self.seconds = 0.0
        self.journal = False

    def __dealloc__(self):
        cdef int i
        if self.jour != NULL and self.ended != NULL:
            for i in range(self.n):
                free(self.jour[i])
                free(self.ended[i])
        free(self.jour)
        free(self.ended)
        free(self.jour_n)
        free(self.jour_cap)
        free(self.ended_n)
        free(self.ended_cap)
        free(self.c)
        free(self.score)
        free(self.seed)
        free(self.salt)
        free(self.owned)
        free(self.marks_seen)
        free(self.undo)
        free(self.scratch_mem)

    def configure(self, CoreFlowTable flow not None, seeds, salts, bint reset_quiet):
        """The flow of every hand (as the core reads it), each game's seed and its next hand's salt;
        ``reset_quiet``: a hand of a game the loop owns that ends with no win is settled here (nothing to pay: the
        rule set settles by its wins alone) and the game's next hand dealt, without Python."""
        cdef int i
        if len(seeds) != self.n or len(salts) != self.n:
            raise ValueError("configure needs the flow and one seed and salt per game")
        self.p = flow.f
        for i in range(self.n):
            self.seed[i] = <uint64_t>(int(seeds[i]) & U64_MASK)
            self.salt[i] = <uint64_t>(int(salts[i]) & U64_MASK)
        self.reset_quiet = reset_quiet
        self.configured = True

    def decide_guobiao(self, int opts, int min_fan, int ask_facts=0, ask_fans=0):
        """Every hand dealt here from now on decides Guobiao's may-this-seat-win in C (GameCore.decide_guobiao:
        the kernel's option bits ``opts``, the minimum ``min_fan`` without flowers; the wins with any of the win
        facts ``ask_facts`` or the fans ``ask_fans`` asked of Python)."""
        _gb_ask_check(opts, min_fan, ask_facts, ask_fans)
        self.gb_opts, self.gb_min_fan, self.gb_decide = opts, min_fan, 1
        self.gb_ask_facts, self.gb_ask_fans[0], self.gb_ask_fans[1] = ask_facts, ask_fans & U64_MASK, ask_fans >> 64

    def settle_wins(self, table):
        """With reset_quiet: a hand of a game the loop owns whose wins were all decided in C is settled in the
        loop too and the game's next hand dealt.  ``table``: the six numbers of the rule set's win payments
        (mahjong.rl.batch.win_payment_table): a self-drawn win, each other seat pays a + b * total; on a
        discard the discarder pays c + d * total and each other seat e + f * total."""
        cdef int k
        vals = [int(v) for v in table]
        if len(vals) != 6:
            raise ValueError("settle_wins needs the six numbers of the win payments")
        if not self.reset_quiet or not self.gb_decide:
            raise ValueError("settle_wins needs the loop's own resets and the wins decided in C")
        for k in range(6):
            self.pay[k] = vals[k]
        self.settle_won = True

    def decide_book(self, CompiledBook book not None, bint heavenly, int earthly, bint settles):
        """Every hand dealt here from now on decides its wins with a compiled rule book (GameCore.decide_book);
        with ``settles`` it is settled in C too: no ``score`` or ``pay`` status, each game's running scores follow
        its money moves (ev_settle of its record so far), and with ``reset_quiet`` its hands are settled here."""
        if not 0 <= earthly <= 3:
            raise ValueError("earthly is 0..3")
        self.ev_book = book
        self.book = &book.b
        self.ev_heavenly, self.ev_earthly, self.ev_settles = heavenly, earthly, settles
        self.ev_decide = 1

    def record_actions(self, bint on):
        """Keep each game's actions in its hand in play (:meth:`actions`) and in the last hand the loop ended
        itself (:meth:`ended_actions`)."""
        self.journal = on

    def actions(self, int i):
        """The actions of game i's hand in play so far: (seat, action index) pairs, 2 bytes each."""
        return self._journal(i, False)

    def ended_actions(self, int i):
        """The actions of the last hand of game i that the loop settled and re-dealt itself (act's resets)."""
        return self._journal(i, True)

    def _journal(self, int i, bint ended):
        cdef uint8_t* buf
        cdef int n, cap
        if not 0 <= i < self.n:
            raise IndexError(i)
        if ended:
            buf, n, cap = self.ended[i], self.ended_n[i], self.ended_cap[i]
        else:
            buf, n, cap = self.jour[i], self.jour_n[i], self.jour_cap[i]
        if cap < 0:
            raise MemoryError(f"the actions of game {i}'s hand could not be kept")
        return PyBytes_FromStringAndSize(<const char*>buf, n) if n else b""

    def new_hand(self, int i):
        """Deal game i's next hand on its core (the loop owns it) and advance it: the core's status."""
        cdef int st
        cdef GameCore core
        if not self.configured:
            raise ValueError("configure the batch first")
        if not 0 <= i < self.n:
            raise IndexError(i)
        core = self.keep[i]
        if core is None or self.owned[i]:  # (a core Python drove stays with its hand: a fresh one here)
            core = GameCore.__new__(GameCore)
            self.keep[i] = core
            self.c[i] = core.c
        core._book = self.ev_book  # (the compiled book its hands point into, kept alive with the core)
        self.owned[i] = 0
        self.jour_n[i] = 0
        if self.jour_cap[i] < 0:
            self.jour_cap[i] = 0
        with nogil:
            st = batch_deal(self, i)
        return st

    def set_game(self, int i, GameCore core not None, scores=None):
        """Game i is now played on ``core``, driven by Python (its running scores per seat: ``scores``, or as
        they were)."""
        cdef int s
        if not 0 <= i < self.n:
            raise IndexError(i)
        if scores is not None:
            vals = [float(x) for x in scores]
            if len(vals) != 4:
                raise ValueError("four running scores")
        self.keep[i] = core
        self.c[i] = core.c
        self.owned[i] = 1
        if scores is not None:
            for s in range(4):
                self.score[4 * i + s] = vals[s]
            self.marks_seen[i] = core.c.n_pay_marks

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
        into._book = (<GameCore>self.keep[i])._book
        self.set_game(i, into)

    def salt_of(self, int i):
        """The salt of game i's hand in play (hands the loop dealt counted)."""
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.salt[i] - 1 if self.configured else 0

    @property
    def timed(self):
        """Whether act and encode measure their own CPU time (``seconds``), without the GIL; else the caller
        times the calls."""
        return mj_thread_seconds() >= 0

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

    def act(self, actions, done, nets, hold=None):
        """Apply one action per row (``actions``: int32 or int64, native, one per row of the last encode).
        ``hold`` (bytes-like, one per game, or None): the games marked are left as they are, their rows'
        actions unread (still checked to be indices).

        First every action is checked to be an action index (0..N_ACTIONS-1): if one is not, nothing changes
        and its row is returned (an int).  Then each game takes its rows' answers; a game whose answers are not
        all legal is left as it was.  ``done`` (bool, one per game) is set where a hand the loop owns ended, was
        settled here (with no win, or with wins decided in C: settle_wins) and the game's next hand was dealt;
        ``nets`` (int64, four per game) is zero except for those hands' nets.  Returns (the games reset here,
        [(game, status)] of every game whose status is not CS_WAIT: the core's CS_* for Python to answer, or
        BATCH_REFUSED)."""
        cdef Py_buffer ab, db, nb
        cdef int i, j, k, r = 0, m, st, ok, wide, bad = -1
        cdef int seats[4]
        cdef const int* a32 = NULL
        cdef const int64_t* a64 = NULL
        cdef int* row_act
        cdef int8_t* out
        cdef uint8_t* again
        cdef int64_t* net
        cdef int64_t x
        cdef double t0
        cdef const uint8_t* held = NULL
        cdef bytes hold_bytes
        self._check()
        m = self.count_rows()
        if hold is not None:
            hold_bytes = bytes(hold)
            if len(hold_bytes) != self.n:
                raise ValueError(f"hold: {len(hold_bytes)} games, expected {self.n}")
            held = <const uint8_t*>hold_bytes
        PyObject_GetBuffer(actions, &ab, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
        try:
            fmt = ab.format
            wide = ab.itemsize == 8 and fmt in (b"q", b"l", b"<q", b"<l", b"=q", b"=l")
            if not wide and not (ab.itemsize == 4 and fmt in (b"i", b"<i", b"=i")) or ab.len != m * ab.itemsize:
                raise ValueError(f"actions: {ab.len} bytes of {fmt!r}, expected {m} native int32 or int64")
            if wide:
                a64 = <const int64_t*>ab.buf
            else:
                a32 = <const int*>ab.buf
            again = <uint8_t*>batch_buffer(done, &db, self.n, True, "done")
            try:
                net = <int64_t*>batch_buffer(nets, &nb, 4 * self.n * sizeof(int64_t), True, "nets")
            except BaseException:
                PyBuffer_Release(&db)
                raise
        except BaseException:
            PyBuffer_Release(&ab)
            raise
        row_act = <int*>malloc((m + 1) * sizeof(int))
        out = <int8_t*>malloc(self.n)
        if row_act == NULL or out == NULL:
            free(row_act)
            free(out)
            PyBuffer_Release(&ab)
            PyBuffer_Release(&db)
            PyBuffer_Release(&nb)
            raise MemoryError()
        with nogil:
            t0 = mj_thread_seconds()
            for j in range(m):  # every index checked before anything changes
                x = a64[j] if wide else a32[j]
                if x < 0 or x >= A_N_ACTIONS:
                    bad = j
                    break
                row_act[j] = <int>x
            if bad < 0:
                memset(net, 0, 4 * self.n * sizeof(int64_t))
                for i in range(self.n):
                    if self.n > BATCH_PREFETCH_GAMES and i + 1 < self.n:
                        batch_prefetch_core(self.c[i + 1])
                    again[i] = 0
                    k = batch_waiting(self.c[i], seats)
                    if held != NULL and held[i]:
                        out[i] = CS_WAIT
                        r += k
                        continue
                    ok = 1
                    for j in range(k):
                        if not batch_is_legal(self.c[i], seats[j], row_act[r + j]):
                            ok = 0
                    if not ok:
                        out[i] = BATCH_REFUSED
                    else:
                        st = CS_WAIT
                        for j in range(k):
                            st = core_act(self.c[i], seats[j], row_act[r + j])
                            if self.journal:
                                batch_note_action(self, i, seats[j], row_act[r + j])
                        if (st == CS_END and self.reset_quiet and not self.owned[i]
                                and batch_settle(self.c[i], self.settle_won, self.pay, net + 4 * i)):
                            if self.journal:
                                batch_end_journal(self, i)
                            st = batch_deal(self, i)
                            again[i] = 1
                        elif st == CS_WAIT and self.c[i].ev_settles and self.c[i].n_pay_marks != self.marks_seen[i]:
                            st = batch_running_scores(self, i)
                        out[i] = st
                    r += k
            if t0 >= 0:
                self.seconds += mj_thread_seconds() - t0
        PyBuffer_Release(&ab)
        PyBuffer_Release(&db)
        PyBuffer_Release(&nb)
        free(row_act)
        if bad >= 0:
            free(out)
            return bad
        resets = []
        others = []
        for i in range(self.n):
            if again[i]:
                resets.append(i)
            if out[i] != CS_WAIT:
                others.append((i, out[i]))
        free(out)
        return resets, others

    def encode(self, obs, mask, game, seat, bint fresh):
        """Every row now: obs (m, OBS_N_PLANES, OBS_WIDTH) float32; mask (m, N_ACTIONS) int8; game and seat (m,)
        int64.  The arrays may hold more rows than m (m = count_rows(), returned): the first m are written.  The
        arrays are reused from step to step: each obs row is rewritten only where it holds anything now or held
        anything before; ``fresh``: new arrays (zeroed whole once)."""
        cdef Py_buffer ob, mb, gb, sb
        cdef int i, j, k, r = 0, m
        cdef int seats[4]
        cdef float* o
        cdef float* dst
        cdef uint8_t* mk
        cdef int64_t* g
        cdef int64_t* s
        cdef ObsInput v
        cdef Py_ssize_t rows
        cdef bint wipe, large
        cdef double t0
        cdef ObsLines* cur
        self._check()
        m = self.count_rows()
        rows = len(obs)
        if m > rows:
            raise ValueError(f"obs: {rows} rows, expected at least {m}")
        o = <float*>batch_rows(obs, &ob, <Py_ssize_t>rows * OBS_SIZE * 4, "obs")
        wipe = fresh or self.undo == NULL or rows != self.undo_rows or o != self.undo_base
        if wipe:
            free(self.undo)
            self.undo = <ObsLines*>calloc(rows + 1, sizeof(ObsLines))
            self.undo_rows = 0
            self.undo_base = NULL
            if self.undo == NULL:
                PyBuffer_Release(&ob)
                raise MemoryError()
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
        large = rows * OBS_SIZE * sizeof(float) > BATCH_STREAM_BYTES
        with nogil:
            t0 = mj_thread_seconds()
            if wipe:  # (unknown content: zeroed whole, once)
                memset(o, 0, <size_t>rows * OBS_SIZE * sizeof(float))
            for i in range(self.n):
                if self.n > BATCH_PREFETCH_GAMES and i + 1 < self.n:
                    batch_prefetch_core(self.c[i + 1])
                k = batch_waiting(self.c[i], seats)
                for j in range(k):
                    dst = o + <Py_ssize_t>r * OBS_SIZE
                    obs_fill_core(&v, self.c[i], seats[j], &self.score[4 * i])
                    if large:
                        cur = &self.pend[r & 1]
                        memset(cur, 0, sizeof(ObsLines))
                        cur.shift = <int>((<size_t>dst & 63) >> 2)
                        obs_encode(&v, self.scratch + (r & 1) * OBS_SCRATCH + cur.shift, 0, cur)
                        if r:  # (the row before, whose stores are done by now)
                            batch_put_pending(self, o, r - 1)
                    else:
                        obs_unwrite(dst, &self.undo[r])
                        obs_encode(&v, dst, 0, &self.undo[r])
                    core_mask(self.c[i], seats[j], mk + <Py_ssize_t>r * A_N_ACTIONS)
                    g[r] = i
                    s[r] = seats[j]
                    r += 1
            if large:
                if r:
                    batch_put_pending(self, o, r - 1)
                mj_stream_fence()
            if t0 >= 0:
                self.seconds += mj_thread_seconds() - t0
        self.undo_rows = rows
        self.undo_base = o
        PyBuffer_Release(&ob)
        PyBuffer_Release(&mb)
        PyBuffer_Release(&gb)
        PyBuffer_Release(&sb)
        return m


cdef extern from *:
    """
    #if defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64)
    #include <emmintrin.h>
    static inline void mj_line_stream(float* dst, const float* src) {
        _mm_stream_ps(dst, _mm_load_ps(src));
        _mm_stream_ps(dst + 4, _mm_load_ps(src + 4));
        _mm_stream_ps(dst + 8, _mm_load_ps(src + 8));
        _mm_stream_ps(dst + 12, _mm_load_ps(src + 12));
    }
    static inline void mj_stream_fence(void) { _mm_sfence(); }
    #else
    static inline void mj_line_stream(float* dst, const float* src) { memcpy(dst, src, 64); }
    static inline void mj_stream_fence(void) {}
    #endif
    """
    void mj_line_stream(float* dst, const float* src) noexcept nogil
    void mj_stream_fence() noexcept nogil


cdef void batch_put_row(float* dst, float* scratch, ObsLines* written, const ObsLines* now) noexcept nogil:
    """Bring the output row ``dst`` (not zero only in its lines ``written``) to the row encoded into ``scratch``
    (not zero only in the lines ``now``, laid out on the same cache lines as ``dst``): each line of either set
    stored whole, past the caches; the row's first and last lines, which it shares with its neighbours, just its
    part.  Then ``scratch`` is zero again and ``written`` is ``now``."""
    cdef int w, lo, hi, shift = now.shift
    cdef uint64_t bits
    for w in range(OBS_LINE_WORDS):
        bits = written.bits[w] | now.bits[w]
        while bits:
            lo = 16 * (64 * w + mj_ctz64(bits)) - shift
            bits &= bits - 1
            hi = lo + 16
            if lo >= 0 and hi <= OBS_SIZE:
                mj_line_stream(dst + lo, scratch + lo)
                memset(scratch + lo, 0, 16 * sizeof(float))
            else:
                if lo < 0:
                    lo = 0
                if hi > OBS_SIZE:
                    hi = OBS_SIZE
                memcpy(dst + lo, scratch + lo, (hi - lo) * sizeof(float))
                memset(scratch + lo, 0, (hi - lo) * sizeof(float))
        written.bits[w] = now.bits[w]
    written.shift = shift


cdef inline void batch_put_pending(_BatchCores b, float* rows, int r) noexcept nogil:
    """Row r, encoded into its scratch row (r's parity), put into the output rows (batch_put_row)."""
    cdef ObsLines* now = &b.pend[r & 1]
    batch_put_row(rows + <Py_ssize_t>r * OBS_SIZE, b.scratch + (r & 1) * OBS_SCRATCH + now.shift, &b.undo[r], now)


cdef int batch_running_scores(_BatchCores b, int i) noexcept nogil:
    """Money moved during game i's hand, settled in C (ev_settles): its running scores are the record so far
    folded (ev_settle); CS_WAIT, or BATCH_SCORES where the rule book must settle (Python works them out)."""
    cdef HandCore* c = b.c[i]
    cdef int s
    if ev_settle(c) != 0:
        return BATCH_SCORES
    for s in range(4):
        b.score[4 * i + s] = c.ev_net[s]
    b.marks_seen[i] = c.n_pay_marks
    return CS_WAIT


cdef int batch_settle(HandCore* c, bint settle_won, const int64_t* pay, int64_t* net) noexcept nogil:
    """The hand on c is over: 1 with its nets in net[0..3] when the loop settles it (a compiled book settled in
    C: its record folded; no win: nothing paid; wins all decided in C, under settle_wins: the rule set's win
    payments ``pay`` of each, added up as settle_by_wins adds them), 0 when Python must (anything else)."""
    cdef int k, s, w, frm
    cdef int64_t owed, total
    if c.ev_settles:  # (a compiled book's own settlement, folded over the record)
        if ev_settle(c) != 0:
            return 0
        for s in range(4):
            net[s] = c.ev_net[s]
        return 1
    if c.n_won and not settle_won:
        return 0
    for k in range(c.n_won):
        if not c.won_in_c[k]:
            return 0
    net[0] = net[1] = net[2] = net[3] = 0
    for k in range(c.n_won):
        w, frm, total = c.won[k], c.won_from[k], c.won_total[k]
        for s in range(4):
            if s == w:
                continue
            if frm < 0:
                owed = pay[0] + pay[1] * total
            elif s == frm:
                owed = pay[2] + pay[3] * total
            else:
                owed = pay[4] + pay[5] * total
            net[s] -= owed
            net[w] += owed
    return 1


def _batch_settle_core(GameCore core not None, table):
    """The nets the batch loop settles the finished hand on ``core`` with (``table``: settle_wins's six
    numbers), or None where it leaves the hand to Python (tests compare them with the Python settlement)."""
    cdef int64_t pay[6]
    cdef int64_t net[4]
    cdef int k
    vals = [int(v) for v in table]
    if len(vals) != 6:
        raise ValueError("the six numbers of the win payments")
    for k in range(6):
        pay[k] = vals[k]
    if core.c.phase != PH_END:
        raise ValueError("the hand is not over")
    if not batch_settle(core.c, True, pay, net):
        return None
    return (net[0], net[1], net[2], net[3])


cdef void batch_note_action(_BatchCores b, int i, int seat, int action) noexcept nogil:
    """Keep one action of game i's hand in play (the buffer doubled when full; marked lost if it cannot grow)."""
    cdef uint8_t* grown
    cdef int cap = b.jour_cap[i]
    if cap < 0:
        return
    if b.jour_n[i] + 2 > cap:
        cap = 256 if cap == 0 else 2 * cap
        grown = <uint8_t*>realloc(b.jour[i], cap)
        if grown == NULL:
            b.jour_cap[i] = -1
            return
        b.jour[i] = grown
        b.jour_cap[i] = cap
    b.jour[i][b.jour_n[i]] = <uint8_t>seat
    b.jour[i][b.jour_n[i] + 1] = <uint8_t>action
    b.jour_n[i] += 2


cdef void batch_end_journal(_BatchCores b, int i) noexcept nogil:
    """Game i's hand ended in the loop: its actions become the ended hand's, and the next hand's start empty."""
    cdef uint8_t* buf = b.ended[i]
    cdef int cap = b.ended_cap[i]
    b.ended[i], b.ended_n[i], b.ended_cap[i] = b.jour[i], b.jour_n[i], b.jour_cap[i]
    b.jour[i], b.jour_n[i], b.jour_cap[i] = buf, 0, (0 if cap < 0 else cap)


cdef int batch_deal(_BatchCores b, int i) noexcept nogil:
    """Game i's next hand on its core (seed, then salt + 1), advanced to its first decision: the status."""
    cdef int s
    cdef HandCore* c = b.c[i]
    core_init(c, &b.p, b.seed[i], b.salt[i], b.p.seats[0], 0, NULL, 0)
    if b.gb_decide:
        c.gb_opts, c.gb_min_fan, c.gb_decide = b.gb_opts, b.gb_min_fan, 1
        c.gb_ask_facts, c.gb_ask_fans[0], c.gb_ask_fans[1] = b.gb_ask_facts, b.gb_ask_fans[0], b.gb_ask_fans[1]
    if b.ev_decide:
        c.book = b.book
        c.ev_heavenly, c.ev_earthly, c.ev_settles, c.ev_decide = b.ev_heavenly, b.ev_earthly, b.ev_settles, 1
    b.marks_seen[i] = 0
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
    return {"REFUSED": BATCH_REFUSED, "SCORES": BATCH_SCORES, "WAIT": CS_WAIT, "SCORE": CS_SCORE, "PAY": CS_PAY,
            "END": CS_END}


# ---- one core game's observation (mahjong.game.core.CoreGame.observe, mahjong.rl.view.observation_array) -------

def _core_table(GameCore core not None):
    """The public facts of a core hand that Game.observe shows, read from the struct without building the typed
    events: (phase, actor, live, rivers [[tile, claimed], ...] per seat, bonus tiles per seat, visible (34),
    lack per seat (None or suit), concealed tile counts per seat, playing bit mask, winners in order (an instant
    winner last), (last discard seat, tile) or None, (added kong seat, tile) or None, (last draw seat, tile) or
    None, 报听 per seat, the indicator or None)."""
    cdef HandCore* c = core.c
    cdef int s, k
    rivers = [[[c.river[s][k], bool(c.river_claimed[s][k])] for k in range(c.n_river[s])] for s in range(4)]
    bonus = [[c.bonus[s][k] for k in range(c.n_bonus[s])] for s in range(4)]
    visible = [c.visible[k] for k in range(34)]
    lack = [None if c.lack[s] < 0 else c.lack[s] for s in range(4)]
    counts = [core_concealed(c, s) for s in range(4)]
    won = [c.won[k] for k in range(c.n_won)]
    if c.instant_seat >= 0:
        won.append(c.instant_seat)
    return (c.phase, c.actor, core_live(c), rivers, bonus, visible, lack, counts, c.playing, won,
            (c.ldis_seat, c.ldis_tile) if c.ldis_seat >= 0 else None,
            (c.pk_seat, c.pk_tile) if c.pk_seat >= 0 else None,
            (c.ldraw_seat, c.ldraw_tile) if c.ldraw_seat >= 0 else None,
            [bool(c.ready[s]) for s in range(4)], None if c.ind_tile < 0 else c.ind_tile)


def _obs_v1_encode_core(GameCore core not None, int seat, scores, out):
    """seat's obs_v1 array of the core hand, written into ``out`` (float32, (N_PLANES, 42), C-contiguous),
    straight from the struct (what mahjong.rl.view.view_of(game, seat) reads from Game.observe); ``scores``:
    each seat's points so far."""
    cdef ObsInput v
    cdef Py_buffer buf
    cdef float* dst
    cdef double sc[4]
    cdef int s
    if not core_at_table(core.c, seat):
        raise _obs_error(f"seat {seat} is not a seat at the table")
    for s in range(4):
        sc[s] = float(scores[s])
    dst = obs_out_buffer(out, &buf)
    with nogil:
        obs_fill_core(&v, core.c, seat, sc)
        obs_encode(&v, dst, 1, NULL)
    PyBuffer_Release(&buf)
    return None
