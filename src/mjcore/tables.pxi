# Per-group summaries (Entry) for the suits, the honors and the Nanchang wind / dragon groups.
#
# Suits: a lazily filled table with one slot per count vector (5**9 slots, 16 bytes each, allocated with
# calloc), indexed by the vector's rank (see suit_key).  An entry is computed the first time its key is seen (a
# small DP, a few microseconds).  The ranks put the vectors of at most 14 tiles (what a suit of a 13-tile hand
# holds, with its draw) at the front: those 405,350 slots (6.5 MB) are made resident at import, so a long run of
# games does not keep touching new pages of them (a rare 12-14 tile suit reaches a page no hand had reached for
# hundreds of thousands of hands: the table's pages alone added about 1.5 MB over 200,000 random hands, still
# rising at the end); the slots beyond (15-36 tiles: suits of 16-tile hands) cost memory only when reached.
# Publication is race-free: the first thread to see an empty slot claims it with a compare-and-swap of its state
# byte (0 -> ST_BUSY), fills it and publishes it with a release store of the final state; a thread that finds the
# slot claimed by another waits (a few microseconds) for that store.  So no two threads ever write the same bytes,
# and a reader (batch kernels run without the GIL) sees a slot's fields only after an acquire load of a state with
# ST_DONE set.
#
# Honors (no sequences): order-free, so keyed by how many honor kinds hold 1, 2, 3, 4 copies (8**4 slots,
# filled at import).  Nanchang winds (4 kinds) and dragons (3 kinds) with honor sequences: base-5 tables
# filled at first use from their meld lists.

from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memset, memcpy

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    #define MJ_LOAD_ACQ(p) (*(volatile unsigned char *)(p))
    #define MJ_STORE_REL(p, v) (*(volatile unsigned char *)(p) = (unsigned char)(v))
    #define MJ_CLAIM(p, v) (_InterlockedCompareExchange8((volatile char *)(p), (char)(v), 0) == 0)
    #define MJ_PAUSE() YieldProcessor()
    #else
    #define MJ_LOAD_ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
    #define MJ_STORE_REL(p, v) __atomic_store_n((p), (unsigned char)(v), __ATOMIC_RELEASE)
    static inline int MJ_CLAIM(unsigned char *p, unsigned char v) {
        unsigned char expected = 0;
        return __atomic_compare_exchange_n(p, &expected, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    }
    #if defined(__x86_64__) || defined(__i386__)
    #define MJ_PAUSE() __builtin_ia32_pause()
    #else
    #define MJ_PAUSE() ((void)0)
    #endif
    #endif
    /* Make n bytes of zeroed memory resident now: one write of 0 per page (a volatile store, so the compiler
       keeps it; a read would only map the shared zero page). */
    static void mj_commit_zeroed(void *p, size_t n) {
        volatile unsigned char *c = (volatile unsigned char *)p;
        size_t i;
        for (i = 0; i < n; i += 4096) c[i] = 0;
    }
    #if defined(__GNUC__) || defined(__clang__)
    #define mj_prefetch(p) __builtin_prefetch((p))
    #else
    #define mj_prefetch(p) ((void)0)
    #endif
    """
    void mj_prefetch(const void* p) noexcept nogil
    void mj_commit_zeroed(void* p, size_t n) noexcept nogil
    uint8_t MJ_LOAD_ACQ(uint8_t* p) noexcept nogil
    void MJ_STORE_REL(uint8_t* p, uint8_t v) noexcept nogil
    bint MJ_CLAIM(uint8_t* p, uint8_t v) noexcept nogil
    void MJ_PAUSE() noexcept nogil

cdef Entry* SUIT_TABLE = NULL
cdef Entry HONOR_TABLE[4096]
cdef Entry WIND_TABLE[625]
cdef Entry DRAGON_TABLE[125]
cdef bint HONOR_SEQ_READY = False


# ---- suits -------------------------------------------------------------------------------------------------

cdef uint8_t CAPS4[34]


# The distances of a suit (suit_distances): a DP over its nine kinds, the state after each kind
# v[p][a1][a2][m] = fewest tiles added so far, with a1 sequences started one kind back and a2 two kinds back
# (both still need this kind), m melds and p pairs made so far.  m is the innermost index: a move at a kind (a0
# new sequences, a pung t, the pair q) costs the same whatever m is and adds a0 + t to it, so it is one shifted
# pass over the m row; only the (a1, a2) rows holding a reachable state are visited (live: bit 5 * a1 + a2).
ctypedef struct DPRow:
    uint8_t v[2][5][5][MAXM + 1]
    uint32_t live[2]


cdef inline void dp_start(DPRow* r, int a1, int a2) noexcept nogil:
    """The state before a stretch of kinds: a1 / a2 sequences pending, nothing else made, no tile added."""
    memset(r.v, DINF, sizeof(r.v))
    r.v[0][a1][a2][0] = 0
    r.live[0] = (<uint32_t>1) << (5 * a1 + a2)
    r.live[1] = 0


cdef void dp_kind(const DPRow* r, DPRow* out, int i, int hi, int cap) noexcept nogil:
    """out = r after kind i (held hi times, at most cap copies in all)."""
    cdef uint32_t bits
    cdef const uint8_t* src
    cdef uint8_t* dst
    cdef int p, j, a1, a2, a0, t, q, base, top, u0, u, cost, dm, m, v
    memset(out.v, DINF, sizeof(out.v))
    out.live[0] = 0
    out.live[1] = 0
    for p in range(2):
        bits = r.live[p]
        for j in range(25):
            if not (bits >> j & 1):
                continue
            a1 = j // 5
            a2 = j - 5 * a1
            base = a1 + a2
            if base > cap:
                continue
            src = r.v[p][a1][a2]
            top = 0 if i >= 7 else imin(cap, 4) - base  # (no sequence starts at 8 or 9)
            for a0 in range(top + 1):
                for t in range(2):
                    u0 = base + a0 + 3 * t
                    dm = a0 + t
                    if u0 > cap or dm > MAXM:
                        break
                    for q in range(2 - p):
                        u = u0 + 2 * q
                        if u > cap:
                            break
                        cost = u - hi if u > hi else 0
                        dst = out.v[p + q][a0][a1]
                        for m in range(MAXM + 1 - dm):
                            v = src[m] + cost
                            if v < dst[m + dm]:
                                dst[m + dm] = <uint8_t>v
                        out.live[p + q] |= (<uint32_t>1) << (5 * a0 + a1)


cdef void suit_distances(const uint8_t* h, const uint8_t* caps, uint8_t* d) noexcept nogil:
    """d[m*2+p]: fewest tiles to add so that the 9 counts h contain m melds + p pairs (kind i at most caps[i])."""
    cdef DPRow rows[2]
    cdef int i, m, p, cur = 0
    dp_start(&rows[0], 0, 0)
    for i in range(9):
        dp_kind(&rows[cur], &rows[1 - cur], i, h[i], caps[i])
        cur = 1 - cur
    for m in range(MAXM + 1):
        for p in range(2):
            d[m * 2 + p] = rows[cur].v[p][0][0][m]


# The distances of a suit under the 4-copy cap (what the suit table holds) are the DP's first five kinds and its
# last four joined on the sequences pending between them: the state after kinds 1-5 depends only on their counts
# (DP_HEADS, 5^5 slots), and what kinds 6-9 add from each pending state only on theirs (DP_TAILS, 5^4 slots), so
# the two are worked out once each, lazily, and published as the suit table's slots are (a claim, then a release
# store of ST_DONE); a suit's distances are then their join, a few hundred additions.
ctypedef struct DPHead:
    DPRow row
    uint8_t state


ctypedef struct DPTail:
    uint8_t v[25][2][MAXM + 1]  # [5 * a1 + a2 pending before kind 6][p][m]: fewest tiles kinds 6-9 add
    uint8_t state


cdef DPHead* DP_HEADS = NULL
cdef DPTail* DP_TAILS = NULL


cdef void compute_head(DPHead* slot, const uint8_t* h) noexcept nogil:
    cdef DPRow rows[2]
    cdef int i, cur = 0
    dp_start(&rows[0], 0, 0)
    for i in range(5):
        dp_kind(&rows[cur], &rows[1 - cur], i, h[i], 4)
        cur = 1 - cur
    memcpy(&slot.row, &rows[cur], sizeof(DPRow))


cdef void compute_tail(DPTail* slot, const uint8_t* h) noexcept nogil:
    cdef DPRow rows[2]
    cdef int i, j, a1, cur, m, p
    memset(slot.v, DINF, sizeof(slot.v))
    for j in range(25):
        a1 = j // 5
        if a1 + (j - 5 * a1) > 4:
            continue
        dp_start(&rows[0], a1, j - 5 * a1)
        cur = 0
        for i in range(5, 9):
            dp_kind(&rows[cur], &rows[1 - cur], i, h[i], 4)
            cur = 1 - cur
        for p in range(2):
            for m in range(MAXM + 1):
                slot.v[j][p][m] = rows[cur].v[p][0][0][m]


cdef inline void wait_published(uint8_t* state) noexcept nogil:
    while not (MJ_LOAD_ACQ(state) & ST_DONE):
        MJ_PAUSE()


cdef void suit_distances4(const uint8_t* h, uint8_t* d) noexcept nogil:
    """suit_distances(h, CAPS4, d) for counts of at most 4: the join of the cached head and tail."""
    cdef DPHead* head = &DP_HEADS[h[0] + 5 * (h[1] + 5 * (h[2] + 5 * (h[3] + 5 * h[4])))]
    cdef DPTail* tail = &DP_TAILS[h[5] + 5 * (h[6] + 5 * (h[7] + 5 * h[8]))]
    cdef const uint8_t* f
    cdef const uint8_t* b
    cdef int j, p1, p2, m1, m2, v, slot
    cdef uint32_t bits
    if not (MJ_LOAD_ACQ(&head.state) & ST_DONE):
        if MJ_CLAIM(&head.state, ST_BUSY):
            compute_head(head, h)
            MJ_STORE_REL(&head.state, ST_DONE)
        else:
            wait_published(&head.state)
    if not (MJ_LOAD_ACQ(&tail.state) & ST_DONE):
        if MJ_CLAIM(&tail.state, ST_BUSY):
            compute_tail(tail, h)
            MJ_STORE_REL(&tail.state, ST_DONE)
        else:
            wait_published(&tail.state)
    memset(d, DINF, DLEN)
    for p1 in range(2):
        bits = head.row.live[p1]
        for j in range(25):
            if not (bits >> j & 1):
                continue
            f = head.row.v[p1][j // 5][j % 5]
            for p2 in range(2 - p1):
                b = tail.v[j][p2]
                for m1 in range(MAXM + 1):
                    if f[m1] >= DINF:
                        continue
                    for m2 in range(MAXM + 1 - m1):
                        v = f[m1] + b[m2]
                        slot = (m1 + m2) * 2 + p1 + p2
                        if v < d[slot]:
                            d[slot] = <uint8_t>v


cdef bint suit_peel(uint8_t* a) noexcept nogil:
    """True if the 9 counts a (modified) are exactly melds: walk up, triplets first, the rest start runs."""
    cdef int i, r
    for i in range(9):
        r = a[i]
        if r >= 3:
            r -= 3
        if r == 0:
            continue
        if i > 6 or a[i + 1] < r or a[i + 2] < r:
            return False
        a[i + 1] -= r
        a[i + 2] -= r
    return True


cdef bint suit_complete(const uint8_t* h, int pair) noexcept nogil:
    """The 9 counts h are exactly melds (pair=0) or melds + one pair (pair=1)."""
    cdef uint8_t a[9]
    cdef int i
    if not pair:
        memcpy(a, h, 9)
        return suit_peel(a)
    for i in range(9):
        if h[i] >= 2:
            memcpy(a, h, 9)
            a[i] -= 2
            if suit_peel(a):
                return True
    return False


cdef void finish_entry(Entry* e, int c) noexcept nogil:
    """need and the complete bits from e.d for a group of c tiles."""
    cdef int m, p, target, need0 = NEED_INF, need1 = NEED_INF
    cdef uint8_t st = ST_DONE
    for m in range(MAXM + 1):
        target = 3 * m - c
        if target >= 0 and e.d[m * 2] == target and target < need0:
            need0 = target
        target = 3 * m + 2 - c
        if target >= 0 and e.d[m * 2 + 1] == target and target < need1:
            need1 = target
    need0 = imin(need0, NEED_INF)  # a nibble each; anything above 8 wildcards is out of reach anyway
    need1 = imin(need1, NEED_INF)
    if need0 == 0:
        st |= ST_MELDS
    if need1 == 0:
        st |= ST_PAIR
    e.need = <uint8_t>(need0 | (need1 << 4))
    e.state = st


cdef void compute_suit_entry(Entry* slot, const uint8_t* h) noexcept nogil:
    cdef Entry e
    cdef uint8_t a[9]
    cdef int i, c = 0, c1
    cdef uint16_t wm = 0
    for i in range(9):
        c += h[i]
    suit_distances4(h, e.d)
    finish_entry(&e, c)
    c1 = (c + 1) % 3
    if c1 != 1:
        memcpy(a, h, 9)
        for i in range(9):
            if a[i] < 4:
                a[i] += 1
                if suit_complete(a, c1 == 2):
                    wm |= <uint16_t>(1 << i)
                a[i] -= 1
    e.wmask = wm
    memcpy(slot.d, e.d, DLEN)
    slot.wmask = e.wmask
    slot.need = e.need
    MJ_STORE_REL(&slot.state, e.state)


# Suit keys: the rank of the 9 counts among all 5**9 count vectors ordered by tile count first, so the vectors
# that real hands hold (few tiles per suit) sit together at the front of the table: the 22,330 vectors of up
# to 8 tiles fill its first 357 KB.  rank = RANK_BASE[sum] + sum over kinds of RANK_PRE[i][tiles left][c_i].
cdef uint32_t RANK_BASE[37]
cdef int COMMITTED_SUIT_TILES = 14  # the slots of suits of at most this many tiles are resident from import
cdef uint32_t RANK_PRE[9][37][5]


cdef void init_rank() noexcept nogil:
    cdef uint32_t cnt[10][37]
    cdef int n, r, v, i
    cdef uint32_t acc
    memset(cnt, 0, sizeof(cnt))
    cnt[0][0] = 1
    for n in range(1, 10):
        for r in range(37):
            for v in range(5):
                if v <= r:
                    cnt[n][r] += cnt[n - 1][r - v]
    acc = 0
    for r in range(37):
        RANK_BASE[r] = acc
        acc += cnt[9][r]
    for i in range(9):
        for r in range(37):
            acc = 0
            for v in range(5):
                RANK_PRE[i][r][v] = acc
                if v <= r:
                    acc += cnt[8 - i][r - v]


cdef inline uint32_t suit_key_count(const uint8_t* h, int* count) noexcept nogil:
    cdef int r = h[0] + h[1] + h[2] + h[3] + h[4] + h[5] + h[6] + h[7] + h[8], i
    cdef uint32_t key = RANK_BASE[r]
    count[0] = r
    for i in range(9):
        key += RANK_PRE[i][r][h[i]]
        r -= h[i]
    return key


cdef inline uint32_t suit_key(const uint8_t* h) noexcept nogil:
    cdef int count
    return suit_key_count(h, &count)


cdef inline void suit_draw_keys(const uint8_t* h, uint32_t* keys) noexcept nogil:
    """keys[x] = suit_key of the 9 counts h with one more copy of kind x, for every x held fewer than 4 times
    (the others are left as they were).  A draw adds one to the tiles left at every kind up to x and to the
    count at x, so each key is a sum of the terms before x read with one tile more, x's own term, and the terms
    after x as they are: two passes of nine table reads for the nine keys, not nine of nine."""
    cdef uint32_t after[9]
    cdef int rem[10]
    cdef int i
    cdef uint32_t before
    rem[9] = 0
    for i in range(8, -1, -1):
        rem[i] = rem[i + 1] + h[i]
    if rem[0] >= 36:  # (every kind held four times: no draw)
        return
    after[8] = 0
    for i in range(8, 0, -1):
        after[i - 1] = after[i] + RANK_PRE[i][rem[i]][h[i]]
    before = RANK_BASE[rem[0] + 1]
    for i in range(9):
        if h[i] < 4:
            keys[i] = before + RANK_PRE[i][rem[i] + 1][h[i] + 1] + after[i]
        before += RANK_PRE[i][rem[i] + 1][h[i]]


cdef inline const Entry* suit_entry_key(const uint8_t* h, uint32_t key) noexcept nogil:
    cdef Entry* e = &SUIT_TABLE[key]
    if not (MJ_LOAD_ACQ(&e.state) & ST_DONE):
        claim_suit_entry(e, h)
    return e


cdef void claim_suit_entry(Entry* e, const uint8_t* h) noexcept nogil:
    """Fill the empty slot e (if this thread claims it first) or wait until its owner has published it."""
    if MJ_CLAIM(&e.state, ST_BUSY):
        compute_suit_entry(e, h)
        return
    while not (MJ_LOAD_ACQ(&e.state) & ST_DONE):
        MJ_PAUSE()


cdef inline const Entry* suit_entry(const uint8_t* h) noexcept nogil:
    return suit_entry_key(h, suit_key(h))


# ---- honors (no honor sequences) ---------------------------------------------------------------------------

cdef inline int honor_hist_key(const uint8_t* h) noexcept nogil:
    """h = the 7 honor counts; key over how many kinds hold 1, 2, 3, 4 copies."""
    cdef int key = 0, i
    cdef int shift[5]
    shift[0] = 0
    shift[1] = 1
    shift[2] = 8
    shift[3] = 64
    shift[4] = 512
    for i in range(7):
        key += shift[h[i]]
    return key


cdef inline bint honor_counts_complete(const uint8_t* h, int pair) noexcept nogil:
    """7 honor counts (no sequences) are exactly triplets (+ one pair)."""
    cdef int i, pairs = 0
    for i in range(7):
        if h[i] == 2:
            pairs += 1
        elif h[i] == 1 or h[i] == 4:
            return False
    return pairs == pair


cdef void compute_kinds_entry(Entry* e, const uint8_t* h, const uint8_t* caps, int n) noexcept nogil:
    """Entry for n independent kinds (honors without sequences): each kind is a triplet, a pair, nothing,
    or (cap 5, the fifth-copy probe) a triplet and a pair."""
    cdef int cur[6][2]
    cdef int nxt[6][2]
    cdef int i, m, p, v, hi, c = 0
    for m in range(MAXM + 1):
        cur[m][0] = DINF
        cur[m][1] = DINF
    cur[0][0] = 0
    for i in range(n):
        hi = h[i]
        c += hi
        memcpy(nxt, cur, sizeof(cur))
        for m in range(MAXM + 1):
            for p in range(2):
                v = cur[m][p]
                if v >= DINF:
                    continue
                if m < MAXM and caps[i] >= 3 and v + imax(3 - hi, 0) < nxt[m + 1][p]:
                    nxt[m + 1][p] = v + imax(3 - hi, 0)
                if p == 0 and caps[i] >= 2 and v + imax(2 - hi, 0) < nxt[m][1]:
                    nxt[m][1] = v + imax(2 - hi, 0)
                if p == 0 and m < MAXM and caps[i] >= 5 and v + imax(5 - hi, 0) < nxt[m + 1][1]:
                    nxt[m + 1][1] = v + imax(5 - hi, 0)
        memcpy(cur, nxt, sizeof(cur))
    for m in range(MAXM + 1):
        e.d[m * 2] = <uint8_t>cur[m][0]
        e.d[m * 2 + 1] = <uint8_t>cur[m][1]
    finish_entry(e, c)
    e.wmask = 0


cdef void init_honor_table() noexcept nogil:
    cdef uint8_t h[7]
    cdef int n1, n2, n3, n4, i, j
    memset(HONOR_TABLE, 0, sizeof(HONOR_TABLE))
    for n1 in range(8):
        for n2 in range(8 - n1):
            for n3 in range(8 - n1 - n2):
                for n4 in range(8 - n1 - n2 - n3):
                    i = 0
                    for j in range(n4):
                        h[i] = 4
                        i += 1
                    for j in range(n3):
                        h[i] = 3
                        i += 1
                    for j in range(n2):
                        h[i] = 2
                        i += 1
                    for j in range(n1):
                        h[i] = 1
                        i += 1
                    while i < 7:
                        h[i] = 0
                        i += 1
                    compute_kinds_entry(&HONOR_TABLE[n1 + 8 * n2 + 64 * n3 + 512 * n4], h, CAPS4, 7)


# ---- Nanchang honor sequences: winds (any 3 different) and dragons (中发白) -----------------------------------

# Targets of a Nanchang honor group: every multiset of up to MAXM melds plus an optional pair, each kind at
# most 5 (5 only for the fifth-copy probe of wait_on_fourth_copy; callers filter by their caps).
ctypedef struct SeqTarget:
    uint8_t t[4]
    uint8_t idx       # m * 2 + p

cdef SeqTarget* WIND_TARGETS = NULL
cdef SeqTarget* DRAGON_TARGETS = NULL
cdef int N_WIND_TARGETS = 0
cdef int N_DRAGON_TARGETS = 0


cdef int build_targets(int n, const uint8_t* melds, int n_melds, SeqTarget* out) noexcept nogil:
    """Fill out (if not NULL) and return the number of targets."""
    cdef int choice[MAXM]
    cdef uint8_t tgt[4]
    cdef int size, i, j, p, count = 0
    cdef bint ok
    for size in range(MAXM + 1):
        for i in range(size):
            choice[i] = 0
        while True:
            memset(tgt, 0, 4)
            for i in range(size):
                for j in range(n):
                    tgt[j] += melds[choice[i] * n + j]
            for p in range(n + 1):  # p == n: no pair
                if p < n:
                    tgt[p] += 2
                ok = True
                for j in range(n):
                    if tgt[j] > 5:
                        ok = False
                if ok:
                    if out != NULL:
                        memcpy(out[count].t, tgt, 4)
                        out[count].idx = <uint8_t>(size * 2 + (1 if p < n else 0))
                    count += 1
                if p < n:
                    tgt[p] -= 2
            i = size - 1
            while i >= 0 and choice[i] == n_melds - 1:
                i -= 1
            if i < 0:
                break
            choice[i] += 1
            for j in range(i + 1, size):
                choice[j] = choice[i]
    return count


cdef void seq_group_entry(Entry* e, const uint8_t* h, const uint8_t* caps, int n) noexcept nogil:
    """Entry of a wind (n=4) or dragon (n=3) group with honor sequences, by scanning every target."""
    cdef const SeqTarget* targets = WIND_TARGETS if n == 4 else DRAGON_TARGETS
    cdef int nt = N_WIND_TARGETS if n == 4 else N_DRAGON_TARGETS
    cdef int i, j, cost, c = 0
    cdef bint ok
    for j in range(DLEN):
        e.d[j] = DINF
    for j in range(n):
        c += h[j]
    for i in range(nt):
        cost = 0
        ok = True
        for j in range(n):
            if targets[i].t[j] > caps[j]:
                ok = False
                break
            if targets[i].t[j] > h[j]:
                cost += targets[i].t[j] - h[j]
        if ok and cost < e.d[targets[i].idx]:
            e.d[targets[i].idx] = <uint8_t>cost
    finish_entry(e, c)
    e.wmask = 0


cdef void fill_seq_table(Entry* table, int n) noexcept nogil:
    cdef int nkeys = 625 if n == 4 else 125, key, j, idx, r, c
    cdef uint8_t h[4]
    for key in range(nkeys):
        idx = key
        for j in range(n):
            h[j] = idx % 5
            idx //= 5
        seq_group_entry(&table[key], h, CAPS4, n)
    # completing masks from the complete bits of the neighbours
    for key in range(nkeys):
        idx = key
        c = 0
        for j in range(n):
            h[j] = idx % 5
            c += h[j]
            idx //= 5
        r = (c + 1) % 3
        if r == 1:
            continue
        idx = 1
        for j in range(n):
            if h[j] < 4 and table[key + idx].state & (ST_PAIR if r == 2 else ST_MELDS):
                table[key].wmask |= <uint16_t>(1 << j)
            idx *= 5


cdef int init_honor_seq_tables() except -1:
    """Build the wind / dragon tables (at import, from init_tables; a few ms)."""
    global WIND_TARGETS, DRAGON_TARGETS, N_WIND_TARGETS, N_DRAGON_TARGETS, HONOR_SEQ_READY
    cdef uint8_t wind_melds[8 * 4]
    cdef uint8_t dragon_melds[4 * 3]
    cdef int i, j, k = 0
    if HONOR_SEQ_READY:
        return 0
    memset(wind_melds, 0, sizeof(wind_melds))
    memset(dragon_melds, 0, sizeof(dragon_melds))
    for i in range(4):  # triplets
        wind_melds[k * 4 + i] = 3
        k += 1
    for i in range(4):  # three different winds: all but wind i
        for j in range(4):
            wind_melds[k * 4 + j] = 0 if j == i else 1
        k += 1
    for i in range(3):
        dragon_melds[i * 3 + i] = 3
    for j in range(3):
        dragon_melds[3 * 3 + j] = 1
    N_WIND_TARGETS = build_targets(4, wind_melds, 8, NULL)
    N_DRAGON_TARGETS = build_targets(3, dragon_melds, 4, NULL)
    WIND_TARGETS = <SeqTarget*>malloc(N_WIND_TARGETS * sizeof(SeqTarget))
    DRAGON_TARGETS = <SeqTarget*>malloc(N_DRAGON_TARGETS * sizeof(SeqTarget))
    if WIND_TARGETS == NULL or DRAGON_TARGETS == NULL:
        raise MemoryError()
    build_targets(4, wind_melds, 8, WIND_TARGETS)
    build_targets(3, dragon_melds, 4, DRAGON_TARGETS)
    fill_seq_table(WIND_TABLE, 4)
    fill_seq_table(DRAGON_TABLE, 3)
    HONOR_SEQ_READY = True
    return 0


cdef int init_tables() except -1:
    """Called once at import (with the GIL): every table but the lazily filled suit slots (and the DP's heads and
    tails behind them) is complete before any kernel runs, so no kernel ever builds shared state outside
    claim_suit_entry and suit_distances4."""
    global SUIT_TABLE, DP_HEADS, DP_TAILS
    cdef int i
    for i in range(34):
        CAPS4[i] = 4
    init_rank()
    SUIT_TABLE = <Entry*>calloc(1953125, sizeof(Entry))
    DP_HEADS = <DPHead*>calloc(3125, sizeof(DPHead))
    DP_TAILS = <DPTail*>calloc(625, sizeof(DPTail))
    if SUIT_TABLE == NULL or DP_HEADS == NULL or DP_TAILS == NULL:
        raise MemoryError("mahjong._core: cannot allocate the suit table")
    # (RANK_BASE[t + 1]: how many vectors hold at most t tiles; the heads and tails are small and all in use soon)
    mj_commit_zeroed(SUIT_TABLE, RANK_BASE[COMMITTED_SUIT_TILES + 1] * sizeof(Entry))
    init_honor_table()
    init_honor_seq_tables()
    return 0
