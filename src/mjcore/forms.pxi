# Special forms as count formulas.  Each returns D: the fewest tiles to add to the held tiles (wildcards not
# counted) so that they contain a complete hand of that form; with k wildcards the replacement number is
# D - k and the hand is complete iff D == k.  Only 13-tile games with no exposed melds have these forms.

cdef uint8_t LAN_BEST[512][4]      # suit mask -> best overlap with a spaced (gaps >= 3) set of each size
cdef uint8_t KNIT_PERM[6][3]       # suit of the 147 / 258 / 369 ranks in each knitted permutation


cdef void init_forms() noexcept nogil:
    cdef int s, mask, a, b, c, size, ov, perm = 0
    cdef int sets[64]
    cdef int sizes[64]
    cdef int nsets = 0
    # all subsets of ranks 0..8 with pairwise gaps >= 3
    sets[0] = 0
    sizes[0] = 0
    nsets = 1
    for a in range(9):
        sets[nsets] = 1 << a
        sizes[nsets] = 1
        nsets += 1
        for b in range(a + 3, 9):
            sets[nsets] = (1 << a) | (1 << b)
            sizes[nsets] = 2
            nsets += 1
            for c in range(b + 3, 9):
                sets[nsets] = (1 << a) | (1 << b) | (1 << c)
                sizes[nsets] = 3
                nsets += 1
    memset(ORPHAN_BYTES, 0, sizeof(ORPHAN_BYTES))
    for a in range(34):
        if a >= 27 or a % 9 == 0 or a % 9 == 8:
            ORPHAN_BYTES[a] = 1
    memset(LAN_BEST, 0, sizeof(LAN_BEST))
    for mask in range(512):
        for s in range(4):
            LAN_BEST[mask][s] = 255  # no spaced set of this size (never happens: all sizes 0..3 exist)
        for s in range(nsets):
            ov = 0
            for a in range(9):
                if sets[s] & mask & (1 << a):
                    ov += 1
            if LAN_BEST[mask][sizes[s]] == 255 or ov > LAN_BEST[mask][sizes[s]]:
                LAN_BEST[mask][sizes[s]] = <uint8_t>ov
    for a in range(3):
        for b in range(3):
            for c in range(3):
                if a != b and b != c and a != c:
                    KNIT_PERM[perm][0] = <uint8_t>a
                    KNIT_PERM[perm][1] = <uint8_t>b
                    KNIT_PERM[perm][2] = <uint8_t>c
                    perm += 1


cdef uint8_t ORPHAN_BYTES[HBUF]     # 1 at the thirteen orphans


cdef int seven_pairs_D(const uint8_t* h, uint32_t flags) noexcept nogil:
    """h: a hand buffer (HBUF bytes, zero tail)."""
    cdef int two = 0, ones = 0, t, x, a, lo, hi, s, best, dd, w
    cdef uint64_t v
    if not (flags & F_LACK_A_SUIT):
        for w in range(0, HBUF, 8):
            v = load8(h + w)
            two += bytesum(((v + 2 * MJ_ONES) >> 2) & MJ_ONES)  # kinds with >= 2 copies
            if flags & F_SEVEN_PAIRS_QUAD_AS_TWO:
                two += bytesum((v >> 2) & MJ_ONES)              # kinds with 4 copies: a second pair
                ones += bytesum(v & MJ_ONES)                    # 1 or 3 copies: half a pair
            else:
                ones += bytesum(v & ~(v >> 1) & MJ_ONES)        # exactly 1 copy
        a = imin(two, 7)
        return 14 - 2 * a - imin(ones, 7 - a)
    cdef bint quad = (flags & F_SEVEN_PAIRS_QUAD_AS_TWO) != 0
    cdef int sg[4]  # per suit / honors: (two, ones) packed
    cdef int so[4]
    for s in range(4):
        sg[s] = 0
        so[s] = 0
        lo = s * 9
        hi = 34 if s == 3 else lo + 9
        for t in range(lo, hi):
            x = h[t]
            if x >= 2:
                sg[s] += 1
            elif x == 1:
                so[s] += 1
            if quad:
                if x == 4:
                    sg[s] += 1
                elif x == 3:
                    so[s] += 1
    if flags & F_LACK_A_SUIT:
        best = DINF
        for s in range(3):
            two = 0
            ones = 0
            for t in range(4):
                if t != s and not (t == 3 and flags & F_NO_HONORS):
                    two += sg[t]
                    ones += so[t]
            a = imin(two, 7)
            dd = 14 - 2 * a - imin(ones, 7 - a)
            best = imin(best, dd)
        return best
    for s in range(4):
        two += sg[s]
        ones += so[s]
    a = imin(two, 7)
    return 14 - 2 * a - imin(ones, 7 - a)


cdef int orphans_D(const uint8_t* h) noexcept nogil:
    """h: a hand buffer (HBUF bytes, zero tail)."""
    cdef int w, distinct = 0
    cdef uint64_t v, m, pair = 0
    for w in range(0, HBUF, 8):
        v = load8(h + w)
        m = load8(ORPHAN_BYTES + w)
        distinct += bytesum(((v + 0x7F * MJ_ONES) >> 7) & m)   # orphan kinds held
        pair |= ((v + 2 * MJ_ONES) >> 2) & m                    # an orphan held twice or more
    return 14 - distinct - (1 if pair else 0)


cdef int honors_knitted_D(const uint8_t* h) noexcept nogil:
    cdef int honors = 0, i, perm, j, r, held, best = DINF
    for i in range(27, 34):
        if h[i]:
            honors += 1
    for perm in range(6):
        held = 0
        for j in range(3):
            for r in range(j, 9, 3):
                if h[KNIT_PERM[perm][j] * 9 + r]:
                    held += 1
        best = imin(best, 14 - imin(14, held + honors))
    return best


cdef int thirteen_lan_D(const uint8_t* h) noexcept nogil:
    cdef int honors = 0, i, s, a, b, c, tot, ov, best = 0
    cdef int mask[3]
    for i in range(27, 34):
        if h[i]:
            honors += 1
    for s in range(3):
        mask[s] = 0
        for i in range(9):
            if h[s * 9 + i]:
                mask[s] |= 1 << i
    for a in range(4):
        for b in range(4):
            for c in range(4):
                tot = a + b + c
                if tot < 7:
                    continue
                ov = (LAN_BEST[mask[0]][a] + LAN_BEST[mask[1]][b] + LAN_BEST[mask[2]][c]
                      + imin(14 - tot, honors))
                if ov > best:
                    best = ov
    return 14 - best
