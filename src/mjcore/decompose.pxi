# Decompositions: every distinct reading of a complete hand.  Not hot; exact enumeration, Python objects.
#
# A regular reading is a pair plus a multiset of melds whose tiles (the target) cover every held tile, never
# exceed 4 of a kind, use only the game's tiles, and leave exactly k tiles for the wildcards.  Melds are
# chosen in ascending shape order; the search stops a branch as soon as the lowest held tile not yet covered
# can no longer be covered (every later shape starts above it).

cdef uint8_t SHAPES[150][3]
cdef int N_SHAPES_SEQ = 0


cdef void init_shapes() noexcept nogil:
    """Every meld shape (triplets, suit sequences, Nanchang honor sequences), sorted as tuples."""
    cdef int t, s, r, a, b, c, n = 0, i, j
    cdef uint8_t tmp[3]
    for t in range(34):
        SHAPES[n][0] = t
        SHAPES[n][1] = t
        SHAPES[n][2] = t
        n += 1
    for s in range(3):
        for r in range(7):
            SHAPES[n][0] = 9 * s + r
            SHAPES[n][1] = 9 * s + r + 1
            SHAPES[n][2] = 9 * s + r + 2
            n += 1
    global N_SHAPES_SEQ
    for a in range(27, 31):
        for b in range(a + 1, 31):
            for c in range(b + 1, 31):
                SHAPES[n][0] = a
                SHAPES[n][1] = b
                SHAPES[n][2] = c
                n += 1
    SHAPES[n][0] = 31
    SHAPES[n][1] = 32
    SHAPES[n][2] = 33
    n += 1
    N_SHAPES_SEQ = n
    # sort lexicographically (insertion sort; tiny)
    for i in range(1, n):
        j = i
        while j > 0 and (SHAPES[j - 1][0] > SHAPES[j][0] or (SHAPES[j - 1][0] == SHAPES[j][0] and (
                SHAPES[j - 1][1] > SHAPES[j][1] or (SHAPES[j - 1][1] == SHAPES[j][1]
                                                    and SHAPES[j - 1][2] > SHAPES[j][2])))):
            memcpy(tmp, SHAPES[j - 1], 3)
            memcpy(SHAPES[j - 1], SHAPES[j], 3)
            memcpy(SHAPES[j], tmp, 3)
            j -= 1


init_shapes()
# Two sorted shape lists: with honor sequences (Nanchang) and without.
cdef uint8_t PLAIN[150][3]
cdef uint8_t WITHSEQ[150][3]
cdef int N_PLAIN = 0
cdef int N_WITHSEQ = 0


cdef void init_shape_lists() noexcept nogil:
    cdef int i
    global N_PLAIN, N_WITHSEQ
    N_WITHSEQ = N_SHAPES_SEQ
    memcpy(WITHSEQ, SHAPES, sizeof(SHAPES))
    N_PLAIN = 0
    for i in range(N_SHAPES_SEQ):
        if SHAPES[i][0] == SHAPES[i][1] or SHAPES[i][0] < 27:
            memcpy(PLAIN[N_PLAIN], SHAPES[i], 3)
            N_PLAIN += 1


init_shape_lists()


cdef class _Search:
    """State of one regular-reading search."""
    cdef uint8_t h[34]
    cdef uint8_t caps[34]
    cdef uint8_t tgt[34]
    cdef bint allowed[34]
    cdef int chosen[8]
    cdef int n_shapes
    cdef uint8_t (*shapes)[3]
    cdef int wild          # sum of max(tgt - h, 0)
    cdef int k
    cdef int pair
    cdef Py_ssize_t limit  # stop once out holds more than limit readings (-1: no bound)
    cdef bint over
    cdef object out        # set of (melds, pair, wildcard tiles)

    cdef void add(self, int t, int d):
        if d > 0:
            if self.tgt[t] >= self.h[t]:
                self.wild += 1
            self.tgt[t] += 1
        else:
            self.tgt[t] -= 1
            if self.tgt[t] >= self.h[t]:
                self.wild -= 1

    cdef void dfs(self, int start, int depth, int left):
        cdef int j, low, i, x
        cdef bint ok
        if left == 0:
            for i in range(34):
                if self.tgt[i] < self.h[i]:
                    return
            melds = tuple([(self.shapes[self.chosen[i]][0], self.shapes[self.chosen[i]][1],
                            self.shapes[self.chosen[i]][2]) for i in range(depth)])
            wl = []
            for i in range(34):
                for x in range(self.tgt[i] - self.h[i]):
                    wl.append(i)
            self.out.add((melds, self.pair, tuple(wl)))
            if self.limit >= 0 and len(self.out) > self.limit:
                self.over = True
            return
        low = 34
        for i in range(34):
            if self.tgt[i] < self.h[i]:
                low = i
                break
        for j in range(start, self.n_shapes):
            if self.shapes[j][0] > low or self.over:
                break
            ok = True
            for i in range(3):
                if not self.allowed[self.shapes[j][i]]:
                    ok = False
            if not ok:
                continue
            for i in range(3):
                self.add(self.shapes[j][i], 1)
            if (self.wild <= self.k and self.tgt[self.shapes[j][0]] <= self.caps[self.shapes[j][0]]
                    and self.tgt[self.shapes[j][1]] <= self.caps[self.shapes[j][1]]
                    and self.tgt[self.shapes[j][2]] <= self.caps[self.shapes[j][2]]):
                self.chosen[depth] = j
                self.dfs(j, depth + 1, left - 1)
            for i in range(3):
                self.add(self.shapes[j][i], -1)


cdef object regular_readings(const uint8_t* h, int k, const uint8_t* caps, uint32_t flags, int skip):
    """Set of (melds, pair, wildcard tiles) covering h exactly with k wildcards; kinds of suit skip unused."""
    return bounded_regular_readings(h, k, caps, flags, skip, -1)


cdef object bounded_regular_readings(const uint8_t* h, int k, const uint8_t* caps, uint32_t flags, int skip,
                                     Py_ssize_t limit):
    """regular_readings, stopped as soon as the set holds more than limit readings (limit -1: every one); each
    (melds, pair) is found once, so a set above limit means the hand has more than limit readings."""
    cdef _Search S = _Search.__new__(_Search)
    cdef int t, c = 0, p
    memcpy(S.h, h, 34)
    memcpy(S.caps, caps, 34)
    memset(S.tgt, 0, 34)
    for t in range(34):
        c += h[t]
        S.allowed[t] = kind_allowed(t, flags) and not (skip >= 0 and skip * 9 <= t < skip * 9 + 9)
        if h[t] and not S.allowed[t]:
            return set()
    if flags & F_HONOR_SEQUENCES:
        S.shapes = WITHSEQ
        S.n_shapes = N_WITHSEQ
    else:
        S.shapes = PLAIN
        S.n_shapes = N_PLAIN
    S.k = k
    S.wild = 0
    S.limit = limit
    S.over = False
    S.out = set()
    if (c + k - 2) % 3 or c + k < 2:
        return S.out
    for p in range(34):
        if not S.allowed[p] or caps[p] < 2:
            continue
        S.pair = p
        S.add(p, 1)
        S.add(p, 1)
        if S.wild <= k and not S.over:
            S.dfs(0, 0, (c + k - 2) // 3)
        S.add(p, -1)
        S.add(p, -1)
    return S.out


cdef object wild_tiles(const uint8_t* tgt, const uint8_t* h):
    return tuple([t for t in range(34) for _ in range(tgt[t] - h[t])])


cdef list skip_choices(const uint8_t* h, uint32_t flags):
    """Suits that may be the lacked one (only empty suits) or [-1] without lack_a_suit."""
    cdef int s, i
    cdef bint empty
    if not (flags & F_LACK_A_SUIT):
        return [-1]
    out = []
    for s in range(3):
        empty = True
        for i in range(9 * s, 9 * s + 9):
            if h[i]:
                empty = False
        if empty:
            out.append(s)
    return out


cdef inline int check_bound(object out, Py_ssize_t limit) except -1:
    if limit >= 0 and len(out) > limit:
        raise _too_many_readings(limit)
    return 0


cdef object all_readings(uint8_t* h, int k, int total, int hand_size, uint32_t flags, Py_ssize_t limit):
    """Every reading, sorted; more than limit (>= 0) distinct readings raise the error of _too_many_readings."""
    cdef int s, t, i, j, perm, rank, missing, left, c
    cdef uint8_t tgt[34]
    cdef uint8_t caps[34]
    cdef uint8_t rest[34]
    cdef int orphans[13]
    cdef bint ok
    REG, SP, TO, HK, KS, TL = _FORMS
    out = set()
    skips = skip_choices(h, flags)
    # regular
    for s in skips:
        for melds, pair, wl in bounded_regular_readings(h, k, CAPS4, flags, s, limit):
            out.add(_tuple_new(Decomposition, (REG, melds, (pair,), (), wl)))
        check_bound(out, limit)
    if concealed_specials(total, hand_size) and total == 14:
        # seven pairs
        if flags & F_SEVEN_PAIRS:
            for s in skips:
                out.update(seven_pairs_readings(h, k, flags, s, SP))
                check_bound(out, limit)
        if not (flags & F_LACK_A_SUIT):
            if flags & F_THIRTEEN_ORPHANS:
                for i, t in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
                    orphans[i] = t
                for i in range(13):
                    memset(tgt, 0, 34)
                    for j in range(13):
                        tgt[orphans[j]] = 1
                    tgt[orphans[i]] = 2
                    ok = True
                    for t in range(34):
                        if tgt[t] < h[t]:
                            ok = False
                    if ok:
                        singles = tuple([orphans[j] for j in range(13) if j != i])
                        out.add(_tuple_new(Decomposition, (TO, (), (orphans[i],), singles, wild_tiles(tgt, h))))
            if flags & F_KNITTED:
                out.update(honors_knitted_readings(h, HK))
            if flags & F_THIRTEEN_LAN:
                out.update(lan_readings(h, TL))
    if knitted_straight_applies(total, hand_size, flags) and total % 3 == 2:
        for perm in range(6):
            memcpy(rest, h, 34)
            memcpy(caps, CAPS4, 34)
            missing = 0
            knit = []
            for j in range(3):
                for rank in range(j, 9, 3):
                    t = KNIT_PERM[perm][j] * 9 + rank
                    knit.append(t)
                    if rest[t]:
                        rest[t] -= 1
                    else:
                        missing += 1
                    caps[t] -= 1
            if missing > k:
                continue
            knit_t = tuple(sorted(knit))
            for melds, pair, wl in bounded_regular_readings(rest, k - missing, caps, flags, -1, limit):
                # the wildcards stand for the missing knitted tiles and those of the reading
                memset(tgt, 0, 34)
                for m in melds:
                    for t in m:
                        tgt[t] += 1
                tgt[pair] += 2
                for t in knit_t:
                    tgt[t] += 1
                out.add(_tuple_new(Decomposition, (KS, melds, (pair,), knit_t, wild_tiles(tgt, h))))
            check_bound(out, limit)
    check_bound(out, limit)
    return sorted(out, key=_reading_key)


def _reading_key(d):
    return (int(d[0]), d[1], d[2], d[3], d[4])


cdef list seven_pairs_readings(const uint8_t* h, int k, uint32_t flags, int skip, object form):
    cdef uint8_t base[34]
    cdef int t, left, odd = 0, total_base = 0
    cdef bint quad = (flags & F_SEVEN_PAIRS_QUAD_AS_TWO) != 0
    allowed = []
    for t in range(34):
        if kind_allowed(t, flags) and not (skip >= 0 and skip * 9 <= t < skip * 9 + 9):
            allowed.append(t)
        elif h[t]:
            return []
        base[t] = h[t] + (h[t] & 1)
        if base[t] > 4 or (not quad and base[t] > 2):
            return []
        odd += h[t] & 1
        total_base += base[t]
    if odd > k or (k - odd) % 2:
        return []
    left = (14 - total_base) // 2
    if left < 0:
        return []
    out = []
    if quad:
        choices = _itertools.combinations_with_replacement(allowed, left)
    else:
        choices = _itertools.combinations([t for t in allowed if base[t] == 0], left)
    for extra in choices:
        tgt = [base[t] for t in range(34)]
        for t in extra:
            tgt[t] += 2
        if max(tgt) > 4:
            continue
        pairs = tuple([t for t in range(34) for _ in range(tgt[t] // 2)])
        wl = tuple([t for t in range(34) for _ in range(tgt[t] - h[t])])
        out.append(_tuple_new(Decomposition, (form, (), pairs, (), wl)))
    return out


cdef list honors_knitted_readings(const uint8_t* h, object form):
    cdef int perm, j, rank, t
    out = []
    for perm in range(6):
        pool = []
        for j in range(3):
            for rank in range(j, 9, 3):
                pool.append(KNIT_PERM[perm][j] * 9 + rank)
        pool.extend(range(27, 34))
        pool.sort()
        ok = True
        for t in range(34):
            if h[t] > 1 or (h[t] and t not in pool):
                ok = False
        if not ok:
            continue
        free_tiles = [t for t in pool if not h[t]]
        for drop in _itertools.combinations(free_tiles, 2):
            singles = tuple([t for t in pool if t not in drop])
            wl = tuple([t for t in singles if not h[t]])
            out.append(_tuple_new(Decomposition, (form, (), (), singles, wl)))
    return out


cdef list lan_readings(const uint8_t* h, object form):
    cdef int s, r, t
    per_suit = []
    for s in range(3):
        held = set()
        for r in range(9):
            if h[9 * s + r] > 1:
                return []
            if h[9 * s + r]:
                held.add(r)
        fits = [tuple([9 * s + r for r in z]) for z in _LAN_SETS if held <= set(z)]
        if not fits:
            return []
        per_suit.append(fits)
    real_h = []
    free_h = []
    for t in range(27, 34):
        if h[t] > 1:
            return []
        (real_h if h[t] else free_h).append(t)
    out = []
    for a in per_suit[0]:
        for b in per_suit[1]:
            for c in per_suit[2]:
                nh = 14 - len(a) - len(b) - len(c)
                if nh > 7 or nh < len(real_h):
                    continue
                for extra in _itertools.combinations(free_h, nh - len(real_h)):
                    singles = tuple(sorted(a + b + c + tuple(real_h) + extra))
                    wl = tuple([t for t in singles if not h[t]])
                    out.append(_tuple_new(Decomposition, (form, (), (), singles, wl)))
    return out


import itertools as _itertools

_LAN_SETS = tuple(
    z for n in range(4) for z in _itertools.combinations(range(9), n)
    if all(b - a >= 3 for a, b in zip(z, z[1:]))
)
