# The kernels over 34 counts (wildcards passed separately).  Everything here runs without the GIL; callers
# validate first (counts 0..4, tile count 3n+1 / 3n+2 within the hand size, no honors when the rules have none).

ctypedef struct Groups:
    int n                   # 3 suits, then 0, 1 (honors) or 2 (winds, dragons) honor groups
    const uint8_t* d[5]
    uint8_t need[5]
    uint8_t cnt[5]
    uint16_t wmask[5]
    uint8_t first[5]        # first tile id of the group
    uint8_t width[5]        # kinds in the group


cdef inline void gather(const uint8_t* h, uint32_t flags, Groups* g) noexcept nogil:
    cdef const Entry* e
    cdef int s, i, key, c
    cdef uint32_t keys[3]
    for s in range(3):  # all three keys first: the three table loads then overlap
        keys[s] = suit_key_count(h + 9 * s, &c)
        g.cnt[s] = <uint8_t>c
        mj_prefetch(&SUIT_TABLE[keys[s]])
    for s in range(3):
        e = suit_entry_key(h + 9 * s, keys[s])
        g.d[s] = e.d
        g.need[s] = e.need
        g.wmask[s] = e.wmask
        g.first[s] = <uint8_t>(9 * s)
        g.width[s] = 9
    if flags & F_NO_HONORS:
        g.n = 3
        return
    if flags & F_HONOR_SEQUENCES:
        key = h[27] + 5 * (h[28] + 5 * (h[29] + 5 * h[30]))
        e = &WIND_TABLE[key]
        g.d[3] = e.d
        g.need[3] = e.need
        g.wmask[3] = e.wmask
        g.cnt[3] = h[27] + h[28] + h[29] + h[30]
        g.first[3] = 27
        g.width[3] = 4
        key = h[31] + 5 * (h[32] + 5 * h[33])
        e = &DRAGON_TABLE[key]
        g.d[4] = e.d
        g.need[4] = e.need
        g.wmask[4] = e.wmask
        g.cnt[4] = h[31] + h[32] + h[33]
        g.first[4] = 31
        g.width[4] = 3
        g.n = 5
        return
    e = &HONOR_TABLE[honor_hist_key(h + 27)]
    g.d[3] = e.d
    g.need[3] = e.need
    g.wmask[3] = 0  # filled on demand by honor_wmask()
    c = 0
    for i in range(27, 34):
        c += h[i]
    g.cnt[3] = <uint8_t>c
    g.first[3] = 27
    g.width[3] = 7
    g.n = 4


cdef inline uint16_t honor_wmask(const uint8_t* h) noexcept nogil:
    """Honor kinds (bit i = tile 27+i) whose addition makes the 7 honor counts complete (no sequences)."""
    cdef uint8_t a[7]
    cdef int i, c = 0, r
    cdef uint16_t wm = 0
    for i in range(7):
        a[i] = h[27 + i]
        c += a[i]
    r = (c + 1) % 3
    if r == 1:
        return 0
    for i in range(7):
        if a[i] < 4:
            a[i] += 1
            if honor_counts_complete(a, r == 2):
                wm |= <uint16_t>(1 << i)
            a[i] -= 1
    return wm


cdef inline int minplus(const uint8_t** ds, int n, int M) noexcept nogil:
    """min over splits of M melds and one pair among n groups of the summed distances."""
    cdef int acc[12]
    cdef int nxt[12]
    cdef int g, m, m1, v, best
    cdef const uint8_t* d
    if n == 1:
        return ds[0][M * 2 + 1]
    for m in range(M + 1):
        acc[m * 2] = ds[0][m * 2]
        acc[m * 2 + 1] = ds[0][m * 2 + 1]
    for g in range(1, n - 1):
        d = ds[g]
        for m in range(M + 1):
            v = DINF * 4
            best = DINF * 4
            for m1 in range(m + 1):
                v = imin(v, acc[m1 * 2] + d[(m - m1) * 2])
                best = imin(best, imin(acc[m1 * 2] + d[(m - m1) * 2 + 1], acc[m1 * 2 + 1] + d[(m - m1) * 2]))
            nxt[m * 2] = v
            nxt[m * 2 + 1] = best
        for m in range(2 * M + 2):
            acc[m] = nxt[m]
    d = ds[n - 1]
    best = DINF * 4
    for m1 in range(M + 1):
        best = imin(best, imin(acc[m1 * 2] + d[(M - m1) * 2 + 1], acc[m1 * 2 + 1] + d[(M - m1) * 2]))
    return best


cdef inline void conv2(const uint8_t* a, const uint8_t* b, int* out, int M) noexcept nogil:
    """out[m*2+p] = min-plus product of two group summaries, m <= M."""
    cdef int m, m1, v, w
    for m in range(M + 1):
        v = DINF * 4
        w = DINF * 4
        for m1 in range(m + 1):
            v = imin(v, a[m1 * 2] + b[(m - m1) * 2])
            w = imin(w, imin(a[m1 * 2] + b[(m - m1) * 2 + 1], a[m1 * 2 + 1] + b[(m - m1) * 2]))
        out[m * 2] = v
        out[m * 2 + 1] = w


cdef inline int minplus4(const uint8_t** ds, int M) noexcept nogil:
    """minplus() for 4 groups as (g0 x g1) x (g2 x g3): two independent products, then the (M, 1) entry."""
    cdef int ab[12]
    cdef int cd[12]
    cdef int m, best = DINF * 4
    conv2(ds[0], ds[1], ab, M)
    conv2(ds[2], ds[3], cd, M)
    for m in range(M + 1):
        best = imin(best, imin(ab[m * 2] + cd[(M - m) * 2 + 1], ab[m * 2 + 1] + cd[(M - m) * 2]))
    return best


cdef int regular_D(const Groups* g, int M, uint32_t flags) noexcept nogil:
    cdef const uint8_t* ds[5]
    cdef int s, i, n, best
    if not (flags & F_LACK_A_SUIT):
        if g.n == 4 and M == 4:  # the common case, with constant bounds (unrolled by the compiler)
            return minplus4(g.d, 4)
        return minplus(g.d, g.n, M)
    best = DINF
    for s in range(3):
        n = 0
        for i in range(g.n):
            if i != s:
                ds[n] = g.d[i]
                n += 1
        best = imin(best, minplus(ds, n, M))
    return best


cdef int knitted_straight_D(const uint8_t* h, int M, uint32_t flags) noexcept nogil:
    """组合龙 (the 9 tiles of one knitted 147/258/369 permutation) + M-3 melds + a pair."""
    return knitted_straight_below(h, M, flags, DINF)


cdef int knitted_straight_below(const uint8_t* h, int M, uint32_t flags, int bound) noexcept nogil:
    """min(bound, knitted_straight_D): a permutation lacking ``bound`` or more of its nine tiles cannot come
    under the bound (the rest's distance is never negative), so it is skipped before its rest is copied and
    gathered; most hands lack several of every permutation's tiles, and a caller that knows a smaller distance
    of another form (min_D) or only asks whether a hand is near ready passes it as the bound."""
    cdef uint8_t r[34]
    cdef uint8_t held[3][3]  # [suit][rank class]: how many of ranks j, j+3, j+6 the suit holds
    cdef Groups g
    cdef int perm, j, s, rank, missing, best = bound
    for s in range(3):
        for j in range(3):
            held[s][j] = (h[9 * s + j] != 0) + (h[9 * s + j + 3] != 0) + (h[9 * s + j + 6] != 0)
    for perm in range(6):
        missing = 9 - held[KNIT_PERM[perm][0]][0] - held[KNIT_PERM[perm][1]][1] - held[KNIT_PERM[perm][2]][2]
        if missing >= best:
            continue
        memcpy(r, h, 34)
        for j in range(3):
            s = KNIT_PERM[perm][j] * 9
            for rank in range(j, 9, 3):
                if r[s + rank]:
                    r[s + rank] -= 1
        gather(r, flags, &g)
        best = imin(best, missing + regular_D(&g, M - 3, flags))
    return best


cdef inline bint concealed_specials(int total, int hand_size) noexcept nogil:
    """Seven pairs, thirteen orphans, 全不靠 and 十三烂 need a fully concealed 13-tile game hand."""
    return hand_size == 13 and (total == 13 or total == 14)


cdef inline bint knitted_straight_applies(int total, int hand_size, uint32_t flags) noexcept nogil:
    """组合龙 + meld + pair, the meld possibly exposed (10, 11, 13 or 14 tiles)."""
    return ((flags & F_KNITTED) and not (flags & F_LACK_A_SUIT) and hand_size == 13
            and (total == 10 or total == 11 or total == 13 or total == 14))


cdef int forms_D(const uint8_t* h, int total, int hand_size, uint32_t flags, const Groups* g,
                 int* per_form) noexcept nogil:
    """Distance D of every form (per_form[Form]; -1 if the form is off or cannot apply); returns the min."""
    cdef int M = total // 3, best, i
    for i in range(N_FORMS):
        per_form[i] = -1
    per_form[FORM_REGULAR] = regular_D(g, M, flags)
    if concealed_specials(total, hand_size):
        if flags & F_SEVEN_PAIRS:
            per_form[FORM_SEVEN_PAIRS] = seven_pairs_D(h, flags)
        if not (flags & F_LACK_A_SUIT):
            if flags & F_THIRTEEN_ORPHANS:
                per_form[FORM_THIRTEEN_ORPHANS] = orphans_D(h)
            if flags & F_KNITTED:
                per_form[FORM_HONORS_AND_KNITTED] = honors_knitted_D(h)
            if flags & F_THIRTEEN_LAN:
                per_form[FORM_THIRTEEN_LAN] = thirteen_lan_D(h)
    if knitted_straight_applies(total, hand_size, flags):
        per_form[FORM_KNITTED_STRAIGHT] = knitted_straight_D(h, M, flags)
    best = per_form[FORM_REGULAR]
    for i in range(1, N_FORMS):
        if per_form[i] >= 0 and per_form[i] < best:
            best = per_form[i]
    return best


cdef int min_D(const uint8_t* h, int total, int hand_size, uint32_t flags) noexcept nogil:
    """The smallest distance over the forms (forms_D's minimum)."""
    return min_D_below(h, total, hand_size, flags, DINF)


cdef int min_D_below(const uint8_t* h, int total, int hand_size, uint32_t flags, int bound) noexcept nogil:
    """min(bound, min_D): the regular form first, then the special forms bounded by what is known so far (the
    knitted straight's search skips every permutation that cannot come under it)."""
    cdef Groups g
    gather(h, flags, &g)
    bound = imin(bound, regular_D(&g, total // 3, flags))
    if bound > 0:
        bound = specials_below(h, total, hand_size, flags, bound)
    return bound


cdef int specials_D(const uint8_t* h, int total, int hand_size, uint32_t flags) noexcept nogil:
    """The smallest D over the enabled special forms that apply (DINF if none)."""
    return specials_below(h, total, hand_size, flags, DINF)


cdef int specials_below(const uint8_t* h, int total, int hand_size, uint32_t flags, int bound) noexcept nogil:
    """min(bound, specials_D)."""
    cdef int best = bound
    if concealed_specials(total, hand_size):
        if flags & F_SEVEN_PAIRS:
            best = imin(best, seven_pairs_D(h, flags))
        if not (flags & F_LACK_A_SUIT):
            if flags & F_THIRTEEN_ORPHANS:
                best = imin(best, orphans_D(h))
            if flags & F_KNITTED:
                best = imin(best, honors_knitted_D(h))
            if flags & F_THIRTEEN_LAN:
                best = imin(best, thirteen_lan_D(h))
    if best > 0 and knitted_straight_applies(total, hand_size, flags):
        best = knitted_straight_below(h, total // 3, flags, best)
    return best


cdef inline int need_combine(const uint8_t* need, const uint8_t* cnt, int n, uint32_t flags) noexcept nogil:
    """Fewest wildcards that turn every group's tiles into melds with the pair in one group (leftover
    wildcards, a multiple of 3, form melds of their own).  Under lack_a_suit an empty suit is left out."""
    cdef int i, skip, sum0, extra, need0, need1, best = NEED_INF * 5
    for skip in range(-1, 3):
        if skip == -1:
            if flags & F_LACK_A_SUIT:
                continue
        elif not (flags & F_LACK_A_SUIT) or cnt[skip]:
            continue
        sum0 = 0
        extra = NEED_INF
        for i in range(n):
            if i == skip:
                continue
            need0 = need[i] & 15
            need1 = need[i] >> 4
            sum0 += need0
            if need1 - need0 < extra:
                extra = need1 - need0
        best = imin(best, sum0 + extra)
    return best


cdef bint regular_win0(const uint8_t* h) noexcept nogil:
    """Regular form, no wildcards, plain honors: one group holds 2 mod 3 tiles (the pair), the rest 0 mod 3,
    and each group's tiles are exactly melds (+ the pair).  Empty suits are not looked up."""
    cdef int s, i, c, r, pairs = 0
    cdef int cnt[3]
    cdef uint8_t st
    for s in range(3):
        c = 0
        for i in range(9 * s, 9 * s + 9):
            c += h[i]
        r = c % 3
        if r == 1:
            return False
        if r == 2:
            pairs += 1
        cnt[s] = c
    c = 0
    for i in range(27, 34):
        c += h[i]
    r = c % 3
    if r == 1 or pairs + (r == 2) != 1:
        return False
    if c and not honor_counts_complete(h + 27, r == 2):
        return False
    for s in range(3):
        if cnt[s]:
            st = suit_entry(h + 9 * s).state
            if not (st & (ST_PAIR if cnt[s] % 3 == 2 else ST_MELDS)):
                return False
    return True


cdef bint win_k(const uint8_t* h, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """A 3n+2 hand (total tiles incl. k wildcards) is complete.  h: a hand buffer (HBUF bytes)."""
    cdef Groups g
    cdef uint8_t hn
    if not (flags & (F_LACK_A_SUIT | F_HONOR_SEQUENCES | F_NO_HONORS)):
        if k == 0:
            return regular_win0(h) or specials_D(h, total, hand_size, flags) == 0
        # the honors alone may already need more wildcards than the hand holds (no suit lookups then)
        hn = HONOR_TABLE[honor_hist_key(h + 27)].need
        if imin(hn & 15, hn >> 4) > k:
            return specials_D(h, total, hand_size, flags) == k
    gather(h, flags, &g)
    if need_combine(g.need, g.cnt, g.n, flags) <= k:
        return True
    return specials_D(h, total, hand_size, flags) == k


# ---- the fifth-copy probe (rules.wait_on_fourth_copy) --------------------------------------------------------

cdef int need_caps(const uint8_t* h, const uint8_t* caps, uint32_t flags) noexcept nogil:
    """Fewest wildcards to make h regular-complete, kind i at most caps[i] (h may hold a 5: a suit with a 5 or a
    cap other than 4 is worked out here; any other suit is the suit table's entry, the same distances)."""
    cdef Entry e
    cdef uint8_t need[5]
    cdef uint8_t cnt[5]
    cdef int s, i, n = 3, c
    cdef bint plain
    for s in range(3):
        c = 0
        plain = True
        for i in range(9 * s, 9 * s + 9):
            c += h[i]
            plain = plain and h[i] <= 4 and caps[i] == 4
        if plain:
            need[s] = suit_entry(h + 9 * s).need
        else:
            suit_distances(h + 9 * s, caps + 9 * s, e.d)
            finish_entry(&e, c)
            need[s] = e.need
        cnt[s] = <uint8_t>c
    if not (flags & F_NO_HONORS):
        if flags & F_HONOR_SEQUENCES:
            seq_group_entry(&e, h + 27, caps + 27, 4)
            need[3] = e.need
            seq_group_entry(&e, h + 31, caps + 31, 3)
            need[4] = e.need
            n = 5
        else:
            compute_kinds_entry(&e, h + 27, caps + 27, 7)
            need[3] = e.need
            n = 4
    return need_combine(need, cnt, n, flags)


cdef int regular_need(const uint8_t* h, uint32_t flags) noexcept nogil:
    """Fewest wildcards that make h (counts of at most 4) melds and one pair: the tables, no special form."""
    cdef Groups g
    gather(h, flags, &g)
    return need_combine(g.need, g.cnt, g.n, flags)


cdef bint melds_exact(const uint8_t* h, uint32_t flags) noexcept nogil:
    """h (counts of at most 4) is exactly melds, with no pair (under lack_a_suit with a suit left empty)."""
    cdef Groups g
    cdef int i
    gather(h, flags, &g)
    for i in range(g.n):
        if g.need[i] & 15:
            return False
    return not (flags & F_LACK_A_SUIT) or not g.cnt[0] or not g.cnt[1] or not g.cnt[2]


cdef int complete_five(uint8_t* h, int t, int hand_size, uint32_t flags) noexcept nogil:
    """Whether h (3n+2 tiles, no wildcard; h[t] = 5 its only count above 4) is exactly melds and one pair: 1 /
    0, from the tables; -1 when it takes need_caps (honor sequences, or five melds, where five chows may hold the
    five copies).  With at most four melds the five copies are a pung and the pair, or a pung and two chows (a
    pung of t taken out: the rest is melds and a pair), or the pair and three chows (the pair taken out: the rest
    is melds; a pung of t among them is the first case).  h is restored."""
    cdef int ok
    if (flags & F_HONOR_SEQUENCES) or hand_size > 13:
        return -1
    h[t] -= 3
    ok = regular_need(h, flags) == 0
    h[t] += 3
    if not ok:
        h[t] -= 2
        ok = melds_exact(h, flags)
        h[t] += 2
    return 1 if ok else 0


cdef int probe_forms(uint8_t* h, int t, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """Bits (1 << Form) of the forms in which h (3n+2 tiles incl. k wildcards, five copies of t) is complete
    when a fifth copy of t is allowed.  Only the regular form and 组合龙 can hold five of a tile.  Without
    wildcards the question is only whether the tiles held are exactly such a hand (complete_five, from the
    tables; the caps of need_caps bound tiles added, and none is)."""
    cdef int forms = 0, perm, j, rank, u, missing, exact
    cdef uint8_t caps[34]
    cdef uint8_t r[34]
    memcpy(caps, CAPS4, 34)
    caps[t] = 5
    exact = complete_five(h, t, hand_size, flags) if k == 0 else -1
    if exact == 1 or exact < 0 and need_caps(h, caps, flags) <= k:
        forms |= 1
    if knitted_straight_applies(total, hand_size, flags):
        for perm in range(6):
            memcpy(r, h, 34)
            memcpy(caps, CAPS4, 34)
            caps[t] = 5
            missing = 0
            for j in range(3):
                for rank in range(j, 9, 3):
                    u = KNIT_PERM[perm][j] * 9 + rank
                    if r[u]:
                        r[u] -= 1
                    else:
                        missing += 1
                    caps[u] -= 1
            if missing > k:
                continue
            exact = -1
            if k == 0:
                exact = complete_five(r, t, hand_size, flags) if r[t] == 5 else regular_need(r, flags) == 0
            if exact == 1 or exact < 0 and missing + need_caps(r, caps, flags) <= k:
                forms |= 1 << 4
                break
    return forms


cdef int fourth_copy_ready_forms(uint8_t* h, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """Bits (1 << Form) of the forms in which the 3n+1 hand h is ready on a fifth copy of a tile it holds 4
    of (rules.wait_on_fourth_copy).  h is restored."""
    cdef int t, forms = 0
    for t in range(34):
        if h[t] == 4:
            h[t] = 5
            forms |= probe_forms(h, t, k, total + 1, hand_size, flags)
            h[t] = 4
    return forms


cdef int shanten_k(uint8_t* h, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """Shanten of a 3n+1 / 3n+2 hand (min over forms); h is restored."""
    return shanten_from(h, k, total, hand_size, flags, min_D(h, total, hand_size, flags))


cdef int shanten_at_most(uint8_t* h, int k, int total, int hand_size, uint32_t flags, int cap) noexcept nogil:
    """min(shanten_k, cap + 1) for a cap >= 0: enough to ask whether a hand is within cap of ready (the forms'
    searches stop at the distance that shanten would have), for less work than the exact shanten."""
    return shanten_from(h, k, total, hand_size, flags, min_D_below(h, total, hand_size, flags, k + cap + 2))


cdef inline int shanten_from(uint8_t* h, int k, int total, int hand_size, uint32_t flags, int d) noexcept nogil:
    """Shanten from the hand's smallest distance d over the forms (a fifth copy may make it ready)."""
    cdef int s = imax(d - k, 0) - 1
    if s > 0 and (flags & F_WAIT_ON_FOURTH_COPY) and total % 3 == 1:
        if fourth_copy_ready_forms(h, k, total, hand_size, flags):
            s = 0
    return s


cdef bint kind_allowed(int t, uint32_t flags) noexcept nogil:
    return t < 27 or not (flags & F_NO_HONORS)


cdef inline uint64_t group_wmask(const uint8_t* h, const Groups* g, int i) noexcept nogil:
    if g.width[i] == 7:
        return (<uint64_t>honor_wmask(h)) << 27
    return (<uint64_t>g.wmask[i]) << g.first[i]


cdef uint64_t waits_mask(uint8_t* h, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """Bit t set: adding tile t to the 3n+1 hand h completes it (a tile held 4 times only under
    rules.wait_on_fourth_copy, probing a fifth copy).  h is restored."""
    cdef Groups g
    cdef uint64_t mask = 0, bit
    cdef int i, n1, n2, only = -1, two_a = -1, two_b = -1, t, r
    cdef bint ok
    if k == 0 and not (flags & F_LACK_A_SUIT):
        gather(h, flags, &g)
        # regular form through the per-group completing masks: the tile goes to a group whose count is
        # 1 mod 3 (it becomes the pair group) or 2 mod 3 (it becomes melds; the other 2 mod 3 group holds
        # the pair); every other group must already be melds.
        n1 = 0
        n2 = 0
        for i in range(g.n):
            r = g.cnt[i] % 3
            if r == 1:
                n1 += 1
                only = i
            elif r == 2:
                n2 += 1
                if two_a < 0:
                    two_a = i
                else:
                    two_b = i
        ok = True
        if n1 == 1 and n2 == 0:
            for i in range(g.n):
                if i != only and (g.need[i] & 15) != 0:
                    ok = False
            if ok:
                mask |= group_wmask(h, &g, only)
        elif n1 == 0 and n2 == 2:
            for i in range(g.n):
                if i != two_a and i != two_b and (g.need[i] & 15) != 0:
                    ok = False
            if ok:
                if (g.need[two_b] >> 4) == 0:
                    mask |= group_wmask(h, &g, two_a)
                if (g.need[two_a] >> 4) == 0:
                    mask |= group_wmask(h, &g, two_b)
        if specials_D(h, total, hand_size, flags) == 1:
            for t in range(34):
                bit = (<uint64_t>1) << t
                if h[t] < 4 and not (mask & bit) and kind_allowed(t, flags):
                    h[t] += 1
                    if specials_D(h, total + 1, hand_size, flags) == 0:
                        mask |= bit
                    h[t] -= 1
    else:
        for t in range(34):
            if h[t] < 4 and kind_allowed(t, flags):
                h[t] += 1
                if win_k(h, k, total + 1, hand_size, flags):
                    mask |= (<uint64_t>1) << t
                h[t] -= 1
    if flags & F_WAIT_ON_FOURTH_COPY:
        for t in range(34):
            if h[t] == 4:
                h[t] = 5
                if probe_forms(h, t, k, total + 1, hand_size, flags):
                    mask |= (<uint64_t>1) << t
                h[t] = 4
    return mask
