# Guobiao fan kernel.  Its pure-Python twin is mahjong.rulesets.guobiao.scorer: the same functions, named without
# the _gb_ prefix, in the same order, over the same record (the tile predicates and classes: detectors.py).
#
# One hand reaches it as a packed record (GB_REC bytes, laid out in kernel_table.RECORD: the concealed counts,
# the winning tile, the win flags, the seat and prevalent winds, the flowers, up to four fixed packs) plus the
# option bits; nothing here reads a Python attribute.  It scores every form — 七对 / 连七对, 全不靠 / 七星不靠,
# 十三幺, 组合龙 + meld + pair, 九莲宝灯 and every regular reading — into a fan vector, keeps the best with the
# reference calculator's tie-breaks, and builds the result parts from that vector in one step.
#
# Tiles are the package's tile ids (0-8 万, 9-17 筒, 18-26 条, 27-30 E S W N, 31-33 C F P); the reference's
# order (万 条 筒 honors) is only a sort key (GB_REF_POS).  A chow is its middle tile.  The regular readings
# come from the core's decomposer (decompose.pxi regular_readings) and the 独听 test from the core's wait
# kernel (kernels.pxi waits_mask): there is no second decomposer or win check here.  Every fan index, value,
# exclusion, trim order and priority comes from gb_fans.pxi, generated from fans.py.
#
# Private names (leading underscore): an internal kernel, not public API.

include "gb_fans.pxi"

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.unicode cimport PyUnicode_1BYTE_KIND, PyUnicode_DATA, PyUnicode_KIND
from cpython.object cimport PyObject_GenericSetAttr
from collections.abc import Mapping as _Mapping
from mahjong.errors import HandError as _HandError

cdef enum:
    GB_CHOW = 0
    GB_PUNG = 1
    GB_KONG = 2
    GB_EAST = 27
    GB_MAXR = 64        # readings of one hand kept (14 tiles have far fewer; more is refused, not truncated)
    # kernel statuses
    GB_OK = 0
    GB_NOT_WIN = 1
    GB_BAD = 2


# ---------------------------------------------------------------------------------------------- tile predicates

cdef inline bint _gb_numbered(int t) noexcept nogil:
    return t < 27

cdef inline bint _gb_wind(int t) noexcept nogil:
    return 27 <= t <= 30

cdef inline bint _gb_dragon(int t) noexcept nogil:
    return t >= 31

cdef inline int _gb_suit(int t) noexcept nogil:
    return t // 9          # 0 万 1 筒 2 条, 3 honors

cdef inline int _gb_rank(int t) noexcept nogil:
    return t % 9 + 1       # numbered tiles only

cdef inline bint _gb_term_or_honor(int t) noexcept nogil:
    return t >= 27 or t % 9 == 0 or t % 9 == 8

cdef inline bint _gb_three_suits(int a, int b, int c) noexcept nogil:
    cdef int sa = _gb_suit(a), sb = _gb_suit(b), sc = _gb_suit(c)
    return sa != sb and sa != sc and sb != sc

cdef inline bint _gb_same_suit(int a, int b) noexcept nogil:
    return _gb_suit(a) == _gb_suit(b)

cdef inline void _gb_sort_ref(int* x, int n) noexcept nogil:
    """Sort tile ids in the reference's order (万 条 筒 honors)."""
    cdef int i, j, t
    for i in range(1, n):
        t = x[i]
        j = i - 1
        while j >= 0 and GB_REF_POS[x[j]] > GB_REF_POS[t]:
            x[j + 1] = x[j]
            j -= 1
        x[j + 1] = t

cdef inline bint _gb_consecutive(int a, int b, int c) noexcept nogil:
    """Ranks a, b, c are three in a row, in any order."""
    cdef int r0 = _gb_rank(a), r1 = _gb_rank(b), r2 = _gb_rank(c), t
    if r0 > r1:
        t = r0
        r0 = r1
        r1 = t
    if r1 > r2:
        t = r1
        r1 = r2
        r2 = t
    if r0 > r1:
        t = r0
        r0 = r1
        r1 = t
    return r1 == r0 + 1 and r2 == r1 + 1

cdef inline uint64_t _gb_bit(int t) noexcept nogil:
    return (<uint64_t>1) << t


# ---------------------------------------------------------------------------------------------- meld combinations

cdef int _gb_two_chow(int a, int b) noexcept nogil:
    """喜相逢, 连六, 老少副, 一般高 in the reference's test order; 0 = none."""
    cdef bint same = _gb_same_suit(a, b)
    if not same and a % 9 == b % 9:
        return GBF_MIXED_DOUBLE_CHOW
    if same and (a + 3 == b or b + 3 == a):
        return GBF_SHORT_STRAIGHT
    if same and ((a % 9 == 1 and b % 9 == 7) or (a % 9 == 7 and b % 9 == 1)):
        return GBF_TWO_TERMINAL_CHOWS
    if a == b:
        return GBF_PURE_DOUBLE_CHOW
    return 0


cdef int _gb_three_chow(int a, int b, int c) noexcept nogil:
    """三色三步高, 三色三同顺, 花龙 (three suits), else 清龙, 一色三步高, 一色三同顺 (middles in reference order);
    0 = none."""
    cdef int r[3]
    cdef int i, j, x
    if _gb_three_suits(a, b, c):
        if _gb_consecutive(a, b, c):
            return GBF_MIXED_SHIFTED_CHOWS
        if a % 9 == b % 9 and b % 9 == c % 9:
            return GBF_MIXED_TRIPLE_CHOW
        r[0] = _gb_rank(a)
        r[1] = _gb_rank(b)
        r[2] = _gb_rank(c)
        for i in range(1, 3):
            x = r[i]
            j = i - 1
            while j >= 0 and r[j] > x:
                r[j + 1] = r[j]
                j -= 1
            r[j + 1] = x
        if r[0] == 2 and r[1] == 5 and r[2] == 8:
            return GBF_MIXED_STRAIGHT
        return 0
    if _gb_same_suit(a, b) and _gb_same_suit(b, c):
        if b == a + 3 and c == b + 3:
            return GBF_PURE_STRAIGHT
        if (b == a + 2 and c == b + 2) or (b == a + 1 and c == b + 1):
            return GBF_PURE_SHIFTED_CHOWS
    if a == b and b == c:
        return GBF_PURE_TRIPLE_CHOW
    return 0


cdef int _gb_three_pung(int a, int b, int c) noexcept nogil:
    """三色三节高, 三同刻, 一色三节高, 三风刻, 大三元 (tiles in reference order); 0 = none."""
    cdef bint num3 = _gb_numbered(a) and _gb_numbered(b) and _gb_numbered(c)
    if num3 and _gb_three_suits(a, b, c) and _gb_consecutive(a, b, c):
        return GBF_MIXED_SHIFTED_PUNGS
    if num3 and _gb_three_suits(a, b, c) and a % 9 == b % 9 and b % 9 == c % 9:
        return GBF_TRIPLE_PUNG
    if num3 and _gb_same_suit(a, c) and b == a + 1 and c == b + 1:
        return GBF_PURE_SHIFTED_PUNGS
    if _gb_wind(a) and _gb_wind(b) and _gb_wind(c):
        return GBF_BIG_THREE_WINDS
    if a == 31 and b == 32 and c == 33:
        return GBF_BIG_THREE_DRAGONS
    return 0


cdef int _gb_two_pung(int a, int b) noexcept nogil:
    """双同刻, 双箭刻; 0 = none."""
    if _gb_numbered(a) and _gb_numbered(b) and a % 9 == b % 9:
        return GBF_DOUBLE_PUNG
    if _gb_dragon(a) and _gb_dragon(b):
        return GBF_TWO_DRAGONS_PUNGS
    return 0


cdef void _gb_account_once(int* fans, int n_fans, int cap, int* t, int opts) noexcept nogil:
    """套算一次: at most ``cap`` 1-fan chow fans, trimmed in the fan table's order to one
    of each, then to none."""
    cdef const int* order = &GB_TRIM_ORDER[0]
    cdef int counts[GB_NF]
    cdef int i, k, n = 0, limit = 1
    if opts & GB_OPT_TERMINAL_CHOWS_KEPT:
        order = &GB_TRIM_ORDER_KEPT[0]
    for i in range(4):
        counts[order[i]] = 0
    for i in range(n_fans):
        if fans[i]:
            counts[fans[i]] += 1
            n += 1
    while n > cap and limit >= 0:
        for i in range(4):
            k = order[i]
            while counts[k] > limit and n > cap:
                counts[k] -= 1
                n -= 1
            if n <= cap:
                break
        limit -= 1
    for i in range(4):
        t[order[i]] += counts[order[i]]


#: the 3-of-4 subsets (i, j, k) and the one left out (x), in the reference's order
cdef int _GB_SUB[4][4]
for _i, _row in enumerate(((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))):
    for _j in range(4):
        _GB_SUB[_i][_j] = _row[_j]


cdef void _gb_four_chows(int* m, int* t, int opts) noexcept nogil:
    """Four chows (middles in reference order): a 4-chow fan uses them all; else the first 3-chow fan plus at
    most one 1-fan fan of the 4th chow; else the pairwise fans under the account-once cap."""
    cdef int s, fan, e, i, j, k, x, cap, d = m[1] - m[0]
    cdef int extra[3]
    cdef int pairs[6]
    if (d == 1 or d == 2) and m[2] - m[1] == d and m[3] - m[2] == d and _gb_same_suit(m[0], m[3]):
        t[GBF_FOUR_PURE_SHIFTED_CHOWS] = 1
        return
    if m[0] == m[1] and m[1] == m[2] and m[2] == m[3]:
        t[GBF_QUADRUPLE_CHOW] = 1
        return
    for s in range(4):
        i = _GB_SUB[s][0]
        j = _GB_SUB[s][1]
        k = _GB_SUB[s][2]
        x = _GB_SUB[s][3]
        fan = _gb_three_chow(m[i], m[j], m[k])
        if fan:
            t[fan] = 1
            extra[0] = _gb_two_chow(m[i], m[x])
            extra[1] = _gb_two_chow(m[j], m[x])
            extra[2] = _gb_two_chow(m[k], m[x])
            for e in range(4):
                fan = GB_EXTRA_PRIORITY[e]
                if extra[0] == fan or extra[1] == fan or extra[2] == fan:
                    t[fan] = 1
                    break
            return
    pairs[0] = _gb_two_chow(m[0], m[1])
    pairs[1] = _gb_two_chow(m[0], m[2])
    pairs[2] = _gb_two_chow(m[0], m[3])
    pairs[3] = _gb_two_chow(m[1], m[2])
    pairs[4] = _gb_two_chow(m[1], m[3])
    pairs[5] = _gb_two_chow(m[2], m[3])
    cap = 3
    # a chow with no fan with any of the other three lowers the cap (the 2017-11 rule)
    if not pairs[0] and not pairs[1] and not pairs[2]:
        cap -= 1
    if not pairs[0] and not pairs[3] and not pairs[4]:
        cap -= 1
    if not pairs[1] and not pairs[3] and not pairs[5]:
        cap -= 1
    if not pairs[2] and not pairs[4] and not pairs[5]:
        cap -= 1
    if cap > 0:
        _gb_account_once(pairs, 6, cap, t, opts)


cdef void _gb_three_chows(int* m, int* t, int opts) noexcept nogil:
    cdef int pairs[3]
    cdef int fan = _gb_three_chow(m[0], m[1], m[2])
    if fan:
        t[fan] = 1
        return
    pairs[0] = _gb_two_chow(m[0], m[1])
    pairs[1] = _gb_two_chow(m[0], m[2])
    pairs[2] = _gb_two_chow(m[1], m[2])
    _gb_account_once(pairs, 3, 2, t, opts)


cdef void _gb_four_pungs(int* p, int* t) noexcept nogil:
    """Four pungs (tiles in reference order): 一色四节高 / 大四喜 use them all; else the first 3-pung fan plus at
    most one 2-pung fan of the 4th pung with the others; else every pairwise 2-pung fan."""
    cdef int s, i, j, k, x, y, fan, f2
    if _gb_numbered(p[0]) and _gb_same_suit(p[0], p[3]) and p[1] == p[0] + 1 and p[2] == p[1] + 1 \
            and p[3] == p[2] + 1:
        t[GBF_FOUR_PURE_SHIFTED_PUNGS] = 1
        return
    if p[0] == GB_EAST and p[1] == GB_EAST + 1 and p[2] == GB_EAST + 2 and p[3] == GB_EAST + 3:
        t[GBF_BIG_FOUR_WINDS] = 1
        return
    for s in range(4):
        i = _GB_SUB[s][0]
        j = _GB_SUB[s][1]
        k = _GB_SUB[s][2]
        x = _GB_SUB[s][3]
        fan = _gb_three_pung(p[i], p[j], p[k])
        if fan:
            t[fan] = 1
            for y in range(4):
                if y != x:
                    f2 = _gb_two_pung(p[y], p[x])
                    if f2:
                        t[f2] += 1
                        break
            return
    for i in range(4):
        for j in range(i + 1, 4):
            f2 = _gb_two_pung(p[i], p[j])
            if f2:
                t[f2] += 1


cdef void _gb_three_pungs(int* p, int* t) noexcept nogil:
    cdef int i, j, f2
    cdef int fan = _gb_three_pung(p[0], p[1], p[2])
    if fan:
        t[fan] = 1
        return
    for i in range(3):
        for j in range(i + 1, 3):
            f2 = _gb_two_pung(p[i], p[j])
            if f2:
                t[f2] += 1


cdef void _gb_kong_fans(int concealed_pungs, int mk, int ck, int* t, int opts) noexcept nogil:
    """明杠 暗杠 双明杠 双暗杠 明暗杠 三杠 四杠, then 双暗刻 三暗刻 四暗刻."""
    cdef int dark
    if mk == 1 and ck == 0:
        t[GBF_MELDED_KONG] = 1
    elif mk == 0 and ck == 1:
        t[GBF_CONCEALED_KONG] = 1
    elif mk == 2 and ck == 0:
        t[GBF_TWO_MELDED_KONGS] = 1
    elif mk == 0 and ck == 2:
        t[GBF_TWO_CONCEALED_KONGS] = 1
    elif mk == 1 and ck == 1:
        t[GBF_CONCEALED_KONG_AND_MELDED_KONG] = 1
    elif mk + ck == 3:
        t[GBF_THREE_KONGS] = 1
    elif mk + ck == 4:
        t[GBF_FOUR_KONGS] = 1
    if t[GBF_CONCEALED_KONG_AND_MELDED_KONG] and not (opts & GB_OPT_MELDED_AND_CONCEALED_KONG):
        t[GBF_CONCEALED_KONG_AND_MELDED_KONG] = 0
        t[GBF_MELDED_KONG] = 1
        t[GBF_CONCEALED_KONG] = 1
    if (opts & GB_OPT_KONGS_COUNT_CONCEALED_KONGS) and (t[GBF_THREE_KONGS] or t[GBF_FOUR_KONGS]) and ck:
        t[GBF_CONCEALED_KONG if ck == 1 else GBF_TWO_CONCEALED_KONGS] = 1
    if t[GBF_TWO_CONCEALED_KONGS] and mk + ck == 2 and concealed_pungs == 0:
        return
    dark = concealed_pungs + ck
    if dark == 2:
        t[GBF_TWO_CONCEALED_PUNGS] = 1
    elif dark == 3:
        t[GBF_THREE_CONCEALED_PUNGS] = 1
    elif dark == 4:
        t[GBF_FOUR_CONCEALED_PUNGS] = 1


cdef void _gb_exclusions(int* t, int opts) noexcept nogil:
    """不重复: in table order, every fan still present cancels the fans it excludes."""
    cdef int i, j
    for i in range(GB_NF):
        if not t[i]:
            continue
        if GB_CONV_FROM[i] >= 0 and not (i == GBF_FOUR_CONCEALED_PUNGS
                                         and (opts & GB_OPT_FOUR_CONCEALED_PUNGS_FULLY_CONCEALED)):
            if t[GB_CONV_FROM[i]]:
                t[GB_CONV_FROM[i]] = 0
                t[GB_CONV_TO[i]] = 1
        for j in range(GB_EXCL_START[i], GB_EXCL_START[i + 1]):
            t[GB_EXCL[j]] = 0


cdef inline int _gb_total(const int* t) noexcept nogil:
    cdef int i, total = 0
    for i in range(GB_NF):
        total += GB_VALUE[i] * t[i]
    return total


# ---------------------------------------------------------------------------------------------- one hand

cdef struct GBHand:
    uint8_t cnt[HBUF]   # the concealed tiles' counts (winning tile included), a core hand buffer
    uint8_t whole[34]   # the whole hand's counts, the fixed packs' tiles included (a kong counts 4)
    int n_standing
    int n_fixed
    int fkind[4]
    int ftile[4]
    int fmelded[4]
    int claimed         # fixed packs claimed from another player
    int win
    int flags
    int seat
    int prevalent
    int flowers
    int opts
    int hog_base        # tile kinds with all four copies in the whole hand
    int kinds           # concealed tile kinds
    int unique_wait     # 独听: -1 not computed yet, else 0 / 1
    uint64_t mask       # the whole hand's tile kinds
    int base[GB_NF]     # the fans every regular reading shares (_gb_hand_fans)


cdef int _gb_load(const uint8_t* rec, int opts, GBHand* h) noexcept nogil:
    """Check and unpack one record (GB_OK or GB_BAD); nothing is trusted that could index out of bounds."""
    cdef int i, c, kind, t, n = 0
    cdef const uint8_t* pk
    memset(h.cnt, 0, HBUF)
    for i in range(34):
        c = rec[GB_REC_COUNTS + i]
        if c > 4:
            return GB_BAD
        h.cnt[i] = c
        h.whole[i] = c
        n += c
    h.n_standing = n
    h.win = rec[GB_REC_WIN]
    h.flags = rec[GB_REC_FLAGS]
    h.seat = rec[GB_REC_SEAT]
    h.prevalent = rec[GB_REC_PREVALENT]
    h.flowers = rec[GB_REC_FLOWERS]
    h.n_fixed = rec[GB_REC_N_PACKS]
    h.opts = opts
    if h.win >= 34 or h.cnt[h.win] == 0 or h.seat > 3 or h.prevalent > 3 or h.n_fixed > 4 or h.flowers > 8:
        return GB_BAD
    if n + 3 * h.n_fixed != 14:
        return GB_BAD
    h.claimed = 0
    for i in range(h.n_fixed):
        pk = rec + GB_REC_PACKS + 3 * i
        kind = pk[0]
        t = pk[1]
        if kind > GB_KONG or t >= 34 or pk[2] > 1:
            return GB_BAD
        if kind == GB_CHOW:
            if t >= 27 or t % 9 == 0 or t % 9 == 8:
                return GB_BAD
            h.whole[t - 1] += 1
            h.whole[t] += 1
            h.whole[t + 1] += 1
        else:
            h.whole[t] += 4 if kind == GB_KONG else 3
        h.fkind[i] = kind
        h.ftile[i] = t
        h.fmelded[i] = pk[2]
        h.claimed += pk[2]
    h.mask = 0
    h.hog_base = 0
    h.kinds = 0
    for i in range(34):
        if h.whole[i] > 4:
            return GB_BAD
        if h.whole[i]:
            h.mask |= _gb_bit(i)
            if h.whole[i] == 4:
                h.hog_base += 1
        if h.cnt[i]:
            h.kinds += 1
    h.unique_wait = 0 if h.flags & GB_FLAG_HEAVENLY else -1   # -1: not yet worked out; 天和 has no wait
    return GB_OK


cdef void _gb_win_flags(const GBHand* h, int* t) noexcept nogil:
    """和绝张, 自摸 / 妙手回春 / 杠上开花, 海底捞月 / 抢杠和."""
    cdef int f = h.flags
    if f & GB_FLAG_LAST_TILE:
        t[GBF_LAST_TILE] = 1
    if f & GB_FLAG_SELF_DRAWN:
        t[GBF_SELF_DRAWN] = 1
        if f & GB_FLAG_WALL_LAST:
            t[GBF_LAST_TILE_DRAW] = 1
        if f & GB_FLAG_KONG:
            t[GBF_OUT_WITH_REPLACEMENT_TILE] = 1
    else:
        if f & GB_FLAG_WALL_LAST:
            t[GBF_LAST_TILE_CLAIM] = 1
        if f & GB_FLAG_KONG:
            t[GBF_ROBBING_THE_KONG] = 1


cdef void _gb_tile_fans(uint64_t m, int* t) noexcept nogil:
    """The fans of the whole hand's tile-kind mask, the same for every reading: suits, tile traits, ranges."""
    cdef int voided = (not (m & GB_M_SUIT_M)) + (not (m & GB_M_SUIT_S)) + (not (m & GB_M_SUIT_P))
    cdef bint simples
    if voided == 2:
        t[GBF_HALF_FLUSH if m & GB_M_HONOR else GBF_FULL_FLUSH] = 1
    else:
        if not (m & GB_M_HONOR):
            t[GBF_NO_HONORS] = 1
        if voided:
            t[GBF_ONE_VOIDED_SUIT] = voided
    if (m & GB_M_SUIT_M) and (m & GB_M_SUIT_S) and (m & GB_M_SUIT_P) and (m & GB_M_WIND) and (m & GB_M_DRAGON):
        t[GBF_ALL_TYPES] = 1
    simples = not (m & (GB_M_TERMINAL | GB_M_HONOR))
    if simples:
        t[GBF_ALL_SIMPLES] = 1
    if not (m & ~GB_M_REVERSIBLE):
        t[GBF_REVERSIBLE_TILES] = 1
    if not (m & ~GB_M_GREEN):
        t[GBF_ALL_GREEN] = 1
    if not simples:
        if not (m & GB_M_NUMBERED):
            t[GBF_ALL_HONORS] = 1
        elif not (m & ~GB_M_TERMINAL):
            t[GBF_ALL_TERMINALS] = 1
        elif not (m & ~(GB_M_TERMINAL | GB_M_HONOR)):
            t[GBF_ALL_TERMINALS_AND_HONORS] = 1
    if not (m & GB_M_HONOR):
        if not (m & ~GB_M_RANKS_1234):
            t[GBF_LOWER_FOUR if m & GB_M_RANK_4 else GBF_LOWER_TILES] = 1
        elif not (m & ~GB_M_RANKS_6789):
            t[GBF_UPPER_FOUR if m & GB_M_RANK_6 else GBF_UPPER_TILES] = 1
        elif not (m & ~GB_M_RANKS_456):
            t[GBF_MIDDLE_TILES] = 1


cdef void _gb_hand_fans(const GBHand* h, int* t) noexcept nogil:
    """The fans every regular reading shares: the win flags, the concealment fans (不求人 门前清 全求人) and the tile fans."""
    cdef bint drawn = h.flags & GB_FLAG_SELF_DRAWN
    memset(t, 0, GB_NF * sizeof(int))
    _gb_win_flags(h, t)
    if h.claimed == 0:
        t[GBF_FULLY_CONCEALED_HAND if drawn else GBF_CONCEALED_HAND] = 1
    elif h.claimed == 4 and not drawn:
        t[GBF_MELDED_HAND] = 1
    _gb_tile_fans(h.mask, t)


cdef uint32_t _GB_WAIT_RULES_PAIRS = F_SEVEN_PAIRS | F_SEVEN_PAIRS_QUAD_AS_TWO  # 七对 too, for 13 concealed tiles


cdef inline int _gb_popcount(uint64_t m) noexcept nogil:
    cdef int n = 0
    while m:
        m &= m - 1
        n += 1
    return n


cdef bint _gb_one_wait(uint8_t* buf, int n, uint32_t rules) noexcept nogil:
    """Exactly one tile kind completes the ``n`` tiles of the core hand buffer ``buf`` (the core's wait kernel),
    a tile already held four times counting as a wait too, as in the reference (rules.wait_on_fourth_copy).
    The fifth-copy probe is slow and can only add waits, so it runs only when it can change the answer."""
    cdef uint64_t mask = waits_mask(buf, 0, n, 13, rules)
    cdef int i, found = _gb_popcount(mask)
    if found > 1:
        return False
    for i in range(34):
        if buf[i] == 4:
            return _gb_popcount(waits_mask(buf, 0, n, 13, rules | F_WAIT_ON_FOURTH_COPY)) == 1
    return found == 1


cdef bint _gb_is_unique_wait(GBHand* h) noexcept nogil:
    """独听 (spec §3): with the winning tile taken out, exactly one tile kind completes the concealed tiles
    (regular form, plus 七对 for 13 tiles).  Computed once per hand, on first need."""
    cdef uint8_t buf[HBUF]
    cdef int n
    if h.unique_wait < 0:
        memcpy(buf, h.cnt, HBUF)
        buf[h.win] -= 1
        n = h.n_standing - 1
        h.unique_wait = _gb_one_wait(buf, n, _GB_WAIT_RULES_PAIRS if n == 13 else 0)
    return h.unique_wait == 1


# ---------------------------------------------------------------------------------------------- regular readings

cdef bint _gb_three_suited_terminal(int* m, int pair) noexcept nogil:
    """三色双龙会: 123+789 in the two suits other than the 5-pair's (middles in reference order)."""
    cdef int want[4]
    cdef int n = 0, s, i
    for s in range(3):
        if s != _gb_suit(pair):
            want[n] = 9 * s + 1
            want[n + 1] = 9 * s + 7
            n += 2
    _gb_sort_ref(want, 4)
    for i in range(4):
        if want[i] != m[i]:
            return False
    return True


cdef bint _gb_outside(int* chows, int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i
    for i in range(nch):
        if chows[i] % 9 != 1 and chows[i] % 9 != 7:
            return False
    for i in range(npg):
        if not _gb_term_or_honor(pungs[i]):
            return False
    return _gb_term_or_honor(pair)


cdef bint _gb_all_five(int* chows, int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i, r
    for i in range(nch):
        r = chows[i] % 9
        if r < 3 or r > 5:
            return False
    for i in range(npg):
        if not (pungs[i] < 27 and pungs[i] % 9 == 4):
            return False
    return pair < 27 and pair % 9 == 4


cdef bint _gb_all_even(int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i
    if nch:
        return False
    for i in range(npg):
        if not (pungs[i] < 27 and pungs[i] % 9 % 2 == 1):
            return False
    return pair < 27 and pair % 9 % 2 == 1


cdef void _gb_regular(GBHand* h, int nc, const int* ckind, const int* ctile, int pair, int* t) noexcept nogil:
    """One reading (the fixed packs + ``nc`` concealed melds + the pair)."""
    cdef int chows[4]
    cdef int pungs[4]
    cdef int cchows[4]
    cdef int nch = 0, npg = 0, ncc = 0, cp = 0, mk = 0, ck = 0
    cdef int i, p, kind, tile, win = h.win, wind_pungs = 0, dragons = 0, w, f2
    cdef bint ok, in_chow, edge, closed
    memcpy(t, h.base, GB_NF * sizeof(int))
    for i in range(h.n_fixed):
        kind = h.fkind[i]
        tile = h.ftile[i]
        if kind == GB_CHOW:
            chows[nch] = tile
            nch += 1
        else:
            pungs[npg] = tile
            npg += 1
            if kind == GB_KONG:
                if h.fmelded[i]:
                    mk += 1
                else:
                    ck += 1
            elif not h.fmelded[i]:
                cp += 1
    for i in range(nc):
        tile = ctile[i]
        if ckind[i] == GB_CHOW:
            chows[nch] = tile
            nch += 1
            cchows[ncc] = tile
            ncc += 1
        else:
            pungs[npg] = tile
            npg += 1
            cp += 1
    # A pung completed by a discard is melded, unless the winning tile can sit in a concealed chow (spec §4 step 2)
    if not (h.flags & GB_FLAG_SELF_DRAWN):
        ok = False
        for i in range(npg):
            if pungs[i] == win:
                ok = True
        if ok:
            in_chow = False
            for i in range(ncc):
                if cchows[i] - 1 <= win <= cchows[i] + 1:
                    in_chow = True
            if not in_chow:
                for i in range(nc):
                    if ckind[i] == GB_PUNG and ctile[i] == win:
                        cp -= 1
                        break
    if npg:
        _gb_kong_fans(cp, mk, ck, t, h.opts)
        if npg == 4:
            t[GBF_ALL_PUNGS] = 1
        for i in range(npg):
            if _gb_wind(pungs[i]):
                wind_pungs += 1
        for i in range(npg):
            p = pungs[i]
            if _gb_dragon(p):
                t[GBF_DRAGON_PUNG] += 1
                dragons += 1
            elif p < 27:
                if p % 9 == 0 or p % 9 == 8:
                    t[GBF_PUNG_OF_TERMINALS_OR_HONORS] += 1
            elif wind_pungs < 3 and p - GB_EAST != h.seat and p - GB_EAST != h.prevalent:
                t[GBF_PUNG_OF_TERMINALS_OR_HONORS] += 1
            if _gb_wind(p):
                if p == GB_EAST + h.prevalent:
                    t[GBF_PREVALENT_WIND] = 1
                if p == GB_EAST + h.seat:
                    t[GBF_SEAT_WIND] = 1
    if nch == 4:
        _gb_sort_ref(chows, 4)
        if _gb_numbered(pair) and pair % 9 == 4 and _gb_three_suited_terminal(chows, pair):
            t[GBF_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _gb_numbered(pair) and pair % 9 == 4 and chows[0] == pair - 3 and chows[1] == chows[0] \
                and chows[2] == pair + 3 and chows[3] == chows[2]:
            t[GBF_PURE_TERMINAL_CHOWS] = 1
        else:
            _gb_four_chows(chows, t, h.opts)
    elif nch == 3:
        _gb_sort_ref(chows, 3)
        _gb_three_chows(chows, t, h.opts)
    elif nch == 2:
        f2 = _gb_two_chow(chows[0], chows[1])
        if f2:
            t[f2] += 1
        f2 = _gb_two_pung(pungs[0], pungs[1])
        if f2:
            t[f2] += 1
    elif nch == 1:
        _gb_sort_ref(pungs, 3)
        _gb_three_pungs(pungs, t)
    else:
        _gb_sort_ref(pungs, 4)
        _gb_four_pungs(pungs, t)
    # the pair (spec §4 step 8): 平和, and 小三元 / 小四喜 in place of 双箭刻 / 三风刻
    if nch == 4 and _gb_numbered(pair):
        t[GBF_ALL_CHOWS] = 1
    elif npg:
        if dragons == 2 and _gb_dragon(pair):
            t[GBF_LITTLE_THREE_DRAGONS] = 1
        elif wind_pungs == 3 and _gb_wind(pair):
            t[GBF_LITTLE_FOUR_WINDS] = 1
    # group traits, only the first that matches: 全带幺, 全带五, 全双刻
    if _gb_outside(chows, nch, pungs, npg, pair):
        t[GBF_OUTSIDE_HAND] = 1
    elif _gb_all_five(chows, nch, pungs, npg, pair):
        t[GBF_ALL_FIVE] = 1
    elif _gb_all_even(nch, pungs, npg, pair):
        t[GBF_ALL_EVEN_PUNGS] = 1
    if not t[GBF_QUADRUPLE_CHOW]:
        i = h.hog_base - mk - ck
        t[GBF_TILE_HOG] = i if i > 0 else 0
    if not t[GBF_MELDED_HAND] and not t[GBF_FOUR_KONGS]:
        edge = closed = False
        for i in range(ncc):
            if cchows[i] == win:
                closed = True
            elif cchows[i] + 1 == win or cchows[i] - 1 == win:
                edge = True
        w = GBF_EDGE_WAIT if edge else GBF_CLOSED_WAIT if closed else GBF_SINGLE_WAIT if pair == win else 0
        if w and _gb_is_unique_wait(h):
            t[w] = 1
    _gb_exclusions(t, h.opts)
    for i in range(GB_NF):
        if t[i]:
            return
    t[GBF_CHICKEN_HAND] = 1  # 无番和: nothing else counts


cdef struct GBReading:
    int key[4]          # the concealed melds' sort keys in reference order (2 * first tile's place, + 1 chow)
    int kind[4]
    int tile[4]         # a pung's tile, a chow's middle tile
    int pair


#: suit pattern (the core's suit_key of 9 counts) -> its readings as melds (+ a pair), in ranks, from the core's
#: decomposer: bytes of readings, each [pair rank or 255, number of melds, then per meld (kind << 4) | first rank]
cdef dict _gb_suit_cache = {}
cdef bytes _GB_NO_READING = b""
cdef bytes _GB_EMPTY_READING = bytes((255, 0))


cdef bytes _gb_suit_readings(const uint8_t* c9):
    """The readings of one suit's nine counts (as melds only when they are 0 mod 3, as melds and a pair when 2
    mod 3), worked out once per pattern by the core's decomposer (decompose.pxi regular_readings) on a hand of
    that suit alone; for the melds-only case a pair of a tile outside the suit (East) stands in for the pair."""
    cdef uint8_t buf[HBUF]
    cdef int count, i
    cdef uint32_t key = suit_key_count(c9, &count)
    hit = _gb_suit_cache.get(key)
    if hit is not None:
        return <bytes>hit
    if count == 0:
        return _GB_EMPTY_READING
    if count % 3 == 1:
        out = _GB_NO_READING
    else:
        memset(buf, 0, HBUF)
        memcpy(buf, c9, 9)
        if count % 3 == 0:
            buf[27] = 2
        parts = bytearray()
        for melds, pair, _ in regular_readings(buf, 0, CAPS4, 0, -1):
            parts.append(255 if pair == 27 else pair)
            parts.append(len(melds))
            for m in melds:
                parts.append(((GB_PUNG if m[0] == m[1] else GB_CHOW) << 4) | m[0])
        out = bytes(parts)
    if len(_gb_suit_cache) < 1 << 17:  # (a few thousand patterns occur; the bound is a safety net)
        _gb_suit_cache[key] = out
    return out


cdef int _gb_regular_readings(GBHand* h, GBReading* rs) except -2:
    """Every regular reading of the concealed tiles in the reference's order (the melds of each sorted by (first
    tile, pung before chow) in 万 条 筒 order, the readings by those keys): the product of each suit's readings
    (_gb_suit_readings, the core's decomposer) and the honors' (a pung or the pair per kind; there are no honor
    chows in Guobiao).  Exactly one group holds the pair."""
    cdef const uint8_t* data[3]
    cdef Py_ssize_t size[3]
    cdef int starts[3][GB_MAXR]
    cdef int nr[3]
    cdef int pos[3]
    cdef int hon_melds[4]
    cdef int n_hon = 0, hon_pair = -1, pairs = 0, s, t, c, i, j, k, n = 0, nm = 4 - h.n_fixed, p, m, off, a, key
    cdef GBReading tmp
    cdef bint less
    for t in range(27, 34):
        c = h.cnt[t]
        if c == 2:
            hon_pair = t
            pairs += 1
        elif c == 3:
            if n_hon == 4:
                return 0
            hon_melds[n_hon] = t
            n_hon += 1
        elif c:
            return 0
    for s in range(3):
        c = h.cnt[9 * s] + h.cnt[9 * s + 1] + h.cnt[9 * s + 2] + h.cnt[9 * s + 3] + h.cnt[9 * s + 4] \
            + h.cnt[9 * s + 5] + h.cnt[9 * s + 6] + h.cnt[9 * s + 7] + h.cnt[9 * s + 8]
        if c % 3 == 1:
            return 0
        if c % 3 == 2:
            pairs += 1
    if pairs != 1:
        return 0
    # (the blobs live in the suit cache, or in these locals for an uncached pattern)
    b0 = _gb_suit_readings(&h.cnt[0])
    b1 = _gb_suit_readings(&h.cnt[9])
    b2 = _gb_suit_readings(&h.cnt[18])
    for s, blob in enumerate((b0, b1, b2)):
        data[s] = <const uint8_t*>PyBytes_AS_STRING(blob)
        size[s] = PyBytes_GET_SIZE(blob)
        nr[s] = 0
        off = 0
        while off < size[s]:
            if nr[s] >= GB_MAXR:
                raise _HandError(f"more than {GB_MAXR} readings of one hand")
            starts[s][nr[s]] = off
            nr[s] += 1
            off += 2 + data[s][off + 1]
        if nr[s] == 0:
            return 0
    pos[0] = pos[1] = pos[2] = 0
    while True:
        # one reading: the honors' pungs, then each suit's melds of its current reading
        k = 0
        p = hon_pair
        for i in range(n_hon):
            rs[n].kind[k] = GB_PUNG
            rs[n].tile[k] = hon_melds[i]
            k += 1
        for s in range(3):
            off = starts[s][pos[s]]
            if data[s][off] != 255:
                p = 9 * s + data[s][off]
            for i in range(data[s][off + 1]):
                m = data[s][off + 2 + i]
                a = 9 * s + (m & 15)
                if k < 4:
                    if (m >> 4) == GB_PUNG:
                        rs[n].kind[k] = GB_PUNG
                        rs[n].tile[k] = a
                    else:
                        rs[n].kind[k] = GB_CHOW
                        rs[n].tile[k] = a + 1
                k += 1
        if k == nm:
            rs[n].pair = p
            for i in range(nm):
                a = rs[n].tile[i] - (1 if rs[n].kind[i] == GB_CHOW else 0)
                rs[n].key[i] = 2 * GB_REF_POS[a] + (1 if rs[n].kind[i] == GB_CHOW else 0)
            for i in range(1, nm):  # the melds in key order
                j = i
                while j > 0 and rs[n].key[j - 1] > rs[n].key[j]:
                    rs[n].key[j - 1], rs[n].key[j] = rs[n].key[j], rs[n].key[j - 1]
                    rs[n].kind[j - 1], rs[n].kind[j] = rs[n].kind[j], rs[n].kind[j - 1]
                    rs[n].tile[j - 1], rs[n].tile[j] = rs[n].tile[j], rs[n].tile[j - 1]
                    j -= 1
            n += 1
            if n > GB_MAXR - 1:
                raise _HandError(f"more than {GB_MAXR} readings of one hand")
        # next combination
        s = 0
        while s < 3:
            pos[s] += 1
            if pos[s] < nr[s]:
                break
            pos[s] = 0
            s += 1
        if s == 3:
            break
    for i in range(1, n):  # the readings in key order (keys differ between readings)
        tmp = rs[i]
        j = i - 1
        while j >= 0:
            less = False
            for k in range(nm):
                if tmp.key[k] != rs[j].key[k]:
                    less = tmp.key[k] < rs[j].key[k]
                    break
            if not less:
                break
            rs[j + 1] = rs[j]
            j -= 1
        rs[j + 1] = tmp
    return n


cdef dict _gb_decomposition_cache = {}


cdef object _gb_regular_decomposition(const GBReading* r, int nm):
    """The Decomposition of a regular reading, one shared (immutable) object per reading shape."""
    cdef long long key = 100 * nm + r.pair   # (base-128 digits after it: one per meld)
    cdef int i
    for i in range(nm):
        key = key * 128 + r.kind[i] * 34 + r.tile[i] + 1
    hit = _gb_decomposition_cache.get(key)
    if hit is None:
        hit = _tuple_new(Decomposition, (_FORMS[0], _gb_reading_melds(r, nm), (r.pair,), _GB_EMPTY, _GB_EMPTY))
        if len(_gb_decomposition_cache) < 1 << 16:
            _gb_decomposition_cache[key] = hit
    return hit


cdef tuple _gb_reading_melds(const GBReading* r, int nm):
    """The reading's concealed melds as a Decomposition holds them: tile-id triples, sorted."""
    cdef int code[4]
    cdef int i, j, x, a
    for i in range(nm):
        a = r.tile[i] - 1 if r.kind[i] == GB_CHOW else r.tile[i]
        code[i] = 2 * a + (1 if r.kind[i] == GB_CHOW else 0)   # (a, a, a) sorts before (a, a+1, a+2)
    for i in range(1, nm):
        x = code[i]
        j = i - 1
        while j >= 0 and code[j] > x:
            code[j + 1] = code[j]
            j -= 1
        code[j + 1] = x
    out = []
    for i in range(nm):
        a = code[i] >> 1
        if code[i] & 1:
            out.append((a, a + 1, a + 2))
        else:
            out.append((a, a, a))
    return tuple(out)


cdef int _gb_best_regular(GBHand* h, GBReading* rs, int n_read, int max_total, bint seven_pairs,
                          int* best) noexcept nogil:
    """就高不就低 over the readings against an earlier best of ``max_total``: index of the chosen reading
    (its vector in ``best``), or -1.  A tie goes to a later reading with a tie fan (一色三同顺, 三同刻) or
    when the earlier best is 七对 (spec §2 step 5)."""
    cdef int t[GB_NF]
    cdef int j, i, total, pos = -1
    cdef bint tie
    _gb_hand_fans(h, h.base)
    for j in range(n_read):
        _gb_regular(h, 4 - h.n_fixed, rs[j].kind, rs[j].tile, rs[j].pair, t)
        total = _gb_total(t)
        tie = seven_pairs
        if total == max_total and not tie:
            for i in range(GB_N_TIE):
                if t[GB_TIE_FANS[i]]:
                    tie = True
        if total > max_total or (total == max_total and tie):
            max_total = total
            pos = j
            memcpy(best, t, GB_NF * sizeof(int))
    return pos


cdef int _gb_regular_wait(const GBHand* h, const GBReading* r, const int* t) noexcept nogil:
    """The wait the chosen reading implies: the 独听 fan if scored, else where the
    winning tile sits among the concealed melds."""
    cdef int i, m, win = h.win, nc = 4 - h.n_fixed
    if t[GBF_EDGE_WAIT]:
        return GB_WAIT_EDGE
    if t[GBF_CLOSED_WAIT]:
        return GB_WAIT_CLOSED
    if t[GBF_SINGLE_WAIT]:
        return GB_WAIT_SINGLE
    for i in range(nc):
        m = r.tile[i]
        if r.kind[i] == GB_CHOW and m - 1 <= win <= m + 1:
            if m == win:
                return GB_WAIT_CLOSED
            if (m + 1 == win and _gb_rank(win) == 3) or (m - 1 == win and _gb_rank(win) == 7):
                return GB_WAIT_EDGE
            return GB_WAIT_TWO_SIDED
    for i in range(nc):
        if r.kind[i] == GB_PUNG and r.tile[i] == win:
            return GB_WAIT_DUAL_PUNG
    return GB_WAIT_SINGLE


# ---------------------------------------------------------------------------------------------- special forms

cdef void _gb_special_end(const GBHand* h, int* t) noexcept nogil:
    """The win flags and the exclusion pass, which close every special form."""
    _gb_win_flags(h, t)
    _gb_exclusions(t, h.opts)


cdef bint _gb_seven_pairs(const GBHand* h, int* t) noexcept nogil:
    """七对 / 连七对 of a hand whose counts are all even; True = 连七对 (no regular
    reading is tried after it).  连七对 adds only 断幺 (2-8) and the win flags
    七对 the tile fans, 四归一 (a quad
    is two pairs; none with all_terminals_pairs_no_tile_hog and 清幺九) and the win flags."""
    cdef int i, lo = 99, hi = -1, quads = 0
    memset(t, 0, GB_NF * sizeof(int))
    for i in range(34):
        if h.cnt[i]:
            if i < lo:
                lo = i
            hi = i
            if h.cnt[i] == 4:
                quads += 1
    if h.kinds == 7 and hi - lo == 6 and hi < 27 and lo // 9 == hi // 9:
        t[GBF_SEVEN_SHIFTED_PAIRS] = 1
        if lo % 9 != 0 and hi % 9 != 8:
            t[GBF_ALL_SIMPLES] = 1
        _gb_special_end(h, t)
        return True
    t[GBF_SEVEN_PAIRS] = 1
    _gb_tile_fans(h.mask, t)
    t[GBF_TILE_HOG] = quads
    if (h.opts & GB_OPT_ALL_TERMINALS_PAIRS_NO_TILE_HOG) and t[GBF_ALL_TERMINALS]:
        t[GBF_TILE_HOG] = 0  # 《国际麻将计番规则》: 清幺九 另计七对, 不计四归一
    _gb_special_end(h, t)
    return False


cdef int _gb_knit_mask(int perm) noexcept nogil:
    """Bit mask (over tile ids 0..26) of the knitted sequence ``perm`` (the core's KNIT_PERM)."""
    cdef int j, rank, m = 0
    for j in range(3):
        for rank in range(j, 9, 3):
            m |= 1 << (KNIT_PERM[perm][j] * 9 + rank)
    return m


cdef int _gb_honors_knitted(const GBHand* h, int* t) noexcept nogil:
    """全不靠 / 七星不靠: 14 single tiles, 7-9 numbered
    ones all from one knitted sequence, the rest honors.  Returns 1 when scored."""
    cdef int perm, numbered = 0
    cdef uint64_t num_mask = h.mask & GB_M_NUMBERED
    if h.kinds != 14:
        return 0
    numbered = _gb_popcount(num_mask)
    if numbered < 7 or numbered > 9:
        return 0
    for perm in range(6):
        if not (num_mask & ~(<uint64_t>_gb_knit_mask(perm))):
            memset(t, 0, GB_NF * sizeof(int))
            if numbered == 7:
                t[GBF_GREATER_HONORS_AND_KNITTED_TILES] = 1
            else:
                t[GBF_LESSER_HONORS_AND_KNITTED_TILES] = 1
                if numbered == 9:
                    t[GBF_KNITTED_STRAIGHT] = 1
            _gb_special_end(h, t)
            return 1
    return 0


cdef int _gb_thirteen_orphans(const GBHand* h, int* t) noexcept nogil:
    """十三幺 plus the win flags only."""
    if h.kinds != 13 or h.mask != GB_M_ORPHANS:
        return 0
    memset(t, 0, GB_NF * sizeof(int))
    t[GBF_THIRTEEN_ORPHANS] = 1
    _gb_special_end(h, t)
    return 1


cdef int _gb_nine_gates(const GBHand* h, int* t) noexcept nogil:
    """九莲宝灯: 1112345678999 of the winning tile's suit plus
    the winning tile; the reference's fixed extras by the winning rank, and the win flags."""
    cdef int s, r, want, i
    if h.win >= 27 or h.n_standing != 14:
        return 0
    s = _gb_suit(h.win)
    for r in range(9):
        want = 3 if r == 0 or r == 8 else 1
        if 9 * s + r == h.win:
            want += 1
        if h.cnt[9 * s + r] != want:
            return 0
    memset(t, 0, GB_NF * sizeof(int))
    t[GBF_NINE_GATES] = 1
    for i in range(GB_NINE_GATES_EXTRAS):
        if GB_NINE_GATES_EXTRA[_gb_rank(h.win) - 1][i] >= 0:
            t[GB_NINE_GATES_EXTRA[_gb_rank(h.win) - 1][i]] = 1
    _gb_special_end(h, t)
    return 1


cdef struct GBKnitted:
    int perm
    int kind            # the 4th meld: a concealed one (GB_CHOW / GB_PUNG) or the fixed pack's kind
    int tile
    int melded
    int concealed_meld  # 1: the 4th meld is among the concealed tiles
    int pair
    uint8_t rest[HBUF]  # the concealed tiles outside the knitted body


cdef int _gb_knitted_reading(const GBHand* h, GBKnitted* k) except -1:
    """组合龙 + meld + pair: a knitted sequence all among the concealed tiles,
    the rest one meld (or the one fixed pack) and a pair, read one way only (the core's decomposer).
    Returns 1 when found."""
    cdef int perm, i, km
    cdef bint ok
    if h.n_fixed > 1:
        return 0
    for perm in range(6):
        km = _gb_knit_mask(perm)
        ok = True
        for i in range(27):
            if (km >> i) & 1 and not h.cnt[i]:
                ok = False
                break
        if not ok:
            continue
        memcpy(k.rest, h.cnt, HBUF)
        for i in range(27):
            if (km >> i) & 1:
                k.rest[i] -= 1
        found = regular_readings(k.rest, 0, CAPS4, 0, -1)
        if len(found) != 1:
            return 0
        for melds, pair, _ in found:
            k.perm = perm
            k.pair = pair
            if len(melds) == 1:
                m = melds[0]
                k.concealed_meld = 1
                k.kind = GB_PUNG if m[0] == m[1] else GB_CHOW
                k.tile = m[1]
                k.melded = 0
            else:
                k.concealed_meld = 0
                k.kind = h.fkind[0]
                k.tile = h.ftile[0]
                k.melded = h.fmelded[0]
        return 1
    return 0


cdef void _gb_knitted_straight(GBHand* h, GBKnitted* k, int* t) noexcept nogil:
    """组合龙 (12) with its 4th meld and pair (spec §5)."""
    cdef int kind = k.kind, tile = k.tile, pair = k.pair, win = h.win, w
    cdef uint8_t buf[HBUF]
    memset(t, 0, GB_NF * sizeof(int))
    t[GBF_KNITTED_STRAIGHT] = 1
    if kind == GB_CHOW:
        if _gb_numbered(pair):
            t[GBF_ALL_CHOWS] = 1
        if h.whole[pair] == 4:
            t[GBF_TILE_HOG] = 1
    elif tile >= 27:
        if _gb_wind(tile):
            if tile - GB_EAST != h.seat and tile - GB_EAST != h.prevalent:
                t[GBF_PUNG_OF_TERMINALS_OR_HONORS] = 1
            if tile == GB_EAST + h.prevalent:
                t[GBF_PREVALENT_WIND] = 1
            if tile == GB_EAST + h.seat:
                t[GBF_SEAT_WIND] = 1
            if _gb_dragon(pair):
                t[GBF_ALL_TYPES] = 1
        else:
            t[GBF_DRAGON_PUNG] = 1
            if _gb_wind(pair):
                t[GBF_ALL_TYPES] = 1
    else:
        if tile % 9 == 0 or tile % 9 == 8:
            t[GBF_PUNG_OF_TERMINALS_OR_HONORS] = 1
        if _gb_numbered(pair):
            t[GBF_NO_HONORS] = 1
        if kind != GB_KONG and h.whole[tile] == 4:
            t[GBF_TILE_HOG] = 1
    _gb_win_flags(h, t)
    if kind == GB_KONG:
        t[GBF_MELDED_KONG if k.melded else GBF_CONCEALED_KONG] = 1
    if not k.melded:
        if h.flags & GB_FLAG_SELF_DRAWN:
            t[GBF_FULLY_CONCEALED_HAND] = 1
            t[GBF_SELF_DRAWN] = 0
        else:
            t[GBF_CONCEALED_HAND] = 1
    if h.n_fixed == 0:
        # the wait is read from the five tiles outside the body; a win on a body tile only gives no wait fan
        if k.rest[win] >= 1 and not (h.flags & GB_FLAG_HEAVENLY):
            memcpy(buf, k.rest, HBUF)
            buf[win] -= 1
            if _gb_one_wait(buf, 4, 0):
                w = 0
                if kind == GB_CHOW and (tile + 1 == win or tile - 1 == win):
                    w = GBF_EDGE_WAIT
                elif kind == GB_CHOW and tile == win:
                    w = GBF_CLOSED_WAIT
                elif pair == win:
                    w = GBF_SINGLE_WAIT
                if w:
                    t[w] = 1
    else:
        if not ((_gb_knit_mask(k.perm) >> win) & 1 and win < 27) or k.rest[win] >= 2:
            t[GBF_SINGLE_WAIT] = 1
    _gb_exclusions(t, h.opts)


cdef int _gb_knitted_wait(const GBHand* h, const GBKnitted* k) noexcept nogil:
    """Where the winning tile sits in a 组合龙 hand."""
    if k.rest[h.win] == 0:
        return GB_WAIT_KNITTED
    if k.pair == h.win:
        return GB_WAIT_SINGLE
    if k.concealed_meld and k.kind == GB_CHOW:
        return GB_WAIT_CLOSED if k.tile == h.win else GB_WAIT_TWO_SIDED
    return GB_WAIT_DUAL_PUNG


# ---------------------------------------------------------------------------------------------- the whole hand

cdef object _GB_EMPTY = ()


cdef object _gb_tiles_of(const uint8_t* cnt, int per):
    """The tile ids held, each ``cnt[t] // per`` times (per 1: every copy; 2: the pairs)."""
    cdef int t, i
    out = []
    for t in range(34):
        for i in range(cnt[t] // per):
            out.append(t)
    return tuple(out)


cdef object _gb_score_hand(GBHand* h, int* best, int* wait, int* status, bint want_reading):
    """Score one loaded hand: the special forms, then every regular reading (就高不就低, spec §2).  Fills
    ``best`` (the fan vector, flowers not counted), ``wait`` and ``status`` (GB_OK or GB_NOT_WIN)
    returns the
    reading (a Decomposition
    None for 九莲宝灯, whose shown reading the rule layer works out, and None unless
    ``want_reading``: the batch does not build them)."""
    cdef int t[GB_NF]
    cdef GBReading rs[GB_MAXR]
    cdef GBKnitted k
    cdef int n_read, pos, max_total = 0, i
    cdef bint seven = False, special = False
    reading = None
    REG, SP, TO, HK, KS, _ = _FORMS
    status[0] = GB_OK
    if h.n_fixed == 0:
        for i in range(34):
            if h.cnt[i] & 1:
                break
        else:
            if _gb_seven_pairs(h, best):  # 连七对: no regular reading after it
                if want_reading:
                    reading = _tuple_new(Decomposition,
                                         (SP, _GB_EMPTY, _gb_tiles_of(h.cnt, 2), _GB_EMPTY, _GB_EMPTY))
                wait[0] = GB_WAIT_SINGLE
                return reading
            seven = special = True
            if want_reading:
                reading = _tuple_new(Decomposition,
                                     (SP, _GB_EMPTY, _gb_tiles_of(h.cnt, 2), _GB_EMPTY, _GB_EMPTY))
            wait[0] = GB_WAIT_SINGLE
        if not special and h.kinds >= 13:
            if _gb_honors_knitted(h, best):
                if want_reading:
                    reading = _tuple_new(Decomposition,
                                         (HK, _GB_EMPTY, _GB_EMPTY, _gb_tiles_of(h.cnt, 1), _GB_EMPTY))
                wait[0] = GB_WAIT_KNITTED
                return reading
            if _gb_thirteen_orphans(h, best):
                pair = 0
                for i in range(34):
                    if h.cnt[i] == 2:
                        pair = i
                if want_reading:
                    singles = tuple([i for i in range(34) if h.cnt[i] == 1])
                    reading = _tuple_new(Decomposition, (TO, _GB_EMPTY, (pair,), singles, _GB_EMPTY))
                wait[0] = GB_WAIT_THIRTEEN_SIDED if h.cnt[h.win] == 2 else GB_WAIT_SINGLE
                return reading
            # (13 or 14 kinds can still be four chows and a pair: the regular readings below)
        elif not special and h.kinds >= 9:
            if _gb_knitted_reading(h, &k):
                special = True
            elif h.kinds == 9 and _gb_nine_gates(h, best):
                wait[0] = GB_WAIT_NINE_SIDED
                return None  # (the reading shown: worked out by the rule layer)
    elif h.n_fixed == 1 and h.kinds >= 9:  # 组合龙's nine body tiles are all concealed
        special = _gb_knitted_reading(h, &k) == 1
    if special and not seven:
        _gb_knitted_straight(h, &k, best)
        wait[0] = _gb_knitted_wait(h, &k)
        if not want_reading:
            return None
        body = tuple([i for i in range(27) if (_gb_knit_mask(k.perm) >> i) & 1])
        meld = _GB_EMPTY
        if k.concealed_meld and k.kind == GB_PUNG:
            meld = ((k.tile, k.tile, k.tile),)
        elif k.concealed_meld:
            meld = ((k.tile - 1, k.tile, k.tile + 1),)
        return _tuple_new(Decomposition, (KS, meld, (k.pair,), body, _GB_EMPTY))
    if seven:
        max_total = _gb_total(best)
    n_read = _gb_regular_readings(h, rs)
    pos = _gb_best_regular(h, rs, n_read, max_total, seven, t)
    if pos >= 0:
        memcpy(best, t, GB_NF * sizeof(int))
        max_total = _gb_total(t)
        if want_reading:
            reading = _gb_regular_decomposition(&rs[pos], 4 - h.n_fixed)
        wait[0] = _gb_regular_wait(h, &rs[pos], t)
    if (pos < 0 and not seven) or max_total == 0:
        status[0] = GB_NOT_WIN
    return reading


cdef list _gb_zeros = [0] * GB_NF   # copied per result: a fan vector is mostly zeros


cdef list _gb_table_list(const int* t):
    """The fan vector as a fresh Python list: a copy of the all-zero list with the few non-zero counts set."""
    cdef list out = _gb_zeros[:]
    cdef Py_ssize_t i
    for i in range(GB_NF):
        if t[i]:
            out[i] = t[i]
    return out


cdef list _gb_item_rows = None   # [fan idx][count] -> the shared ScoreItem (row[0] unused), from the rule layer
cdef object _gb_item_make = None  # (fan idx, count) -> ScoreItem, for a count past the prebuilt row


def _gb_items_init(rows, make):
    """Hand the rule layer's prebuilt ScoreItems (``rows[fan][count]``, one row per fan of the table) and its
    maker for other counts to the kernel, for the result items it builds from a fan vector."""
    global _gb_item_rows, _gb_item_make
    if len(rows) != GB_NF:
        raise ValueError(f"the Guobiao kernel is built for {GB_NF} fans, got {len(rows)} item rows")
    _gb_item_rows = [list(r) for r in rows]
    _gb_item_make = make


cdef tuple _gb_items_of(const int* t):
    """The ScoreItems of a fan vector, one per non-zero entry in table order."""
    cdef list out = []
    cdef list row
    cdef Py_ssize_t i
    cdef int c
    for i in range(GB_NF):
        c = t[i]
        if c:
            row = <list>_gb_item_rows[i]
            out.append(row[c] if c < len(row) else _gb_item_make(i, c))
    return tuple(out)


def _gb_score(bytes record, int opts, bint want_table=True):
    """Score one packed hand record (kernel_table.RECORD) under the option bits ``opts``
    (kernel_table.OPTION_BITS).  Returns (fan vector list (None unless ``want_table``), fan total without
    flowers, ScoreItems (None until _gb_items_init), reading (a Decomposition, or None for 九莲宝灯), wait index
    (kernel_table.WAITS)), or None when the tiles are no winning hand.  A malformed record raises HandError."""
    cdef GBHand h
    cdef int best[GB_NF]
    cdef int wait = GB_WAIT_SINGLE, status
    cdef object reading = None
    if len(record) != GB_REC:
        raise _HandError(f"a Guobiao hand record has {GB_REC} bytes, got {len(record)}")
    if _gb_load(<const uint8_t*>PyBytes_AS_STRING(record), opts, &h) != GB_OK:
        raise _HandError("malformed Guobiao hand record (counts, packs, winning tile or winds out of range)")
    reading = _gb_score_hand(&h, best, &wait, &status, True)
    if status != GB_OK:
        return None
    return (_gb_table_list(best) if want_table else None, _gb_total(best),
            None if _gb_item_rows is None else _gb_items_of(best), reading, wait)


def _gb_score_batch(const uint8_t[::1] records, int opts, int[::1] totals, int[:, ::1] fans,
                    signed char[::1] status):
    """Score ``len(status)`` records laid end to end: per hand the total (flowers included) into ``totals``, the
    fan vector (花牌 included) into ``fans[i]``, and ``status[i]`` 0 (scored), 1 (not a winning hand) or 2
    (malformed record); rows of unscored hands are zero."""
    cdef Py_ssize_t n = status.shape[0], i
    cdef GBHand h
    cdef int best[GB_NF]
    cdef int wait, j, st
    cdef object reading
    if records.shape[0] != n * GB_REC or totals.shape[0] != n or fans.shape[0] != n or fans.shape[1] != GB_NF:
        raise ValueError("batch arrays of mismatched sizes")
    for i in range(n):
        for j in range(GB_NF):
            fans[i, j] = 0
        totals[i] = 0
        st = _gb_load(&records[i * GB_REC], opts, &h)
        if st == GB_OK:
            _gb_score_hand(&h, best, &wait, &st, False)
        status[i] = st
        if st == GB_OK:
            best[GBF_FLOWER_TILES] = h.flowers
            for j in range(GB_NF):
                fans[i, j] = best[j]
            totals[i] = _gb_total(best)


def _gb_kernel_table():
    """The fan table this module was compiled with (gb_fans.pxi): values, exclusions, conversions, orders and
    tile masks, for the test that compares it with fans.py on every install."""
    return {
        "values": [GB_VALUE[i] for i in range(GB_NF)],
        "excludes": [[GB_EXCL[j] for j in range(GB_EXCL_START[i], GB_EXCL_START[i + 1])] for i in range(GB_NF)],
        "converts": [(GB_CONV_FROM[i], GB_CONV_TO[i]) for i in range(GB_NF)],
        "trim": [GB_TRIM_ORDER[i] for i in range(4)],
        "trim_kept": [GB_TRIM_ORDER_KEPT[i] for i in range(4)],
        "extra": [GB_EXTRA_PRIORITY[i] for i in range(4)],
        "tie": [GB_TIE_FANS[i] for i in range(GB_N_TIE)],
        "ref_pos": [GB_REF_POS[i] for i in range(34)],
        "record_size": GB_REC,
    }


# ---------------------------------------------------------------------------------------------- notation

def _gb_scan(str text):
    """Plain ascii hand notation (digits + m/p/s/z, E S W N C F P, f1-f8, [meld] brackets, spaces and commas
    between tokens) read straight into the record's counts: (counts bytes, winning tile = the last concealed
    tile written, concealed tiles, flowers, the melds' texts inside their brackets).  None for anything else or
    anything doubtful (a fifth copy, a repeated flower, digits without a suit letter, an unclosed bracket, a
    character of another notation): the full notation reader then takes the text and names the problem."""
    cdef uint8_t cnt[34]
    cdef int out[4]
    bodies = _gb_scan_into(text, cnt, out)
    if not out[0]:
        return None
    return PyBytes_FromStringAndSize(<char*>cnt, 34), out[1], out[2], out[3], bodies


cdef object _gb_scan_into(str text, uint8_t* cnt, int* out):
    """_gb_scan into ``cnt`` (34 counts): returns the melds' texts (None: no melds); ``out``: accepted (1 / 0),
    the winning tile, the concealed tiles, the flowers.  Plain notation is ASCII: a text held in wider characters
    (Chinese names, glyphs, full-width forms) is left to the full reader."""
    cdef Py_ssize_t n = len(text), i = 0, j
    cdef Py_UCS4 ch
    cdef const uint8_t* b
    cdef int digits[16]
    cdef int nd = 0, k, t, base, last = -1, n_conc = 0, n_flowers = 0, flower_bits = 0, f
    bodies = None
    memset(cnt, 0, 34)
    if PyUnicode_KIND(text) != PyUnicode_1BYTE_KIND:
        return _gb_scan_refused(out)
    b = <const uint8_t*>PyUnicode_DATA(text)  # (one byte a character: read as bytes, no per-character dispatch)
    while i < n:
        ch = b[i]
        if ch == u'[':
            j = i + 1
            while j < n and b[j] != 93 and b[j] != 91:  # (']', '[')
                j += 1
            if nd or j >= n or b[j] != 93:
                return _gb_scan_refused(out)
            if bodies is None:
                bodies = []
            bodies.append(text[i + 1:j])
            i = j + 1
            continue
        if u'1' <= ch <= u'9':
            if nd == 16:
                return _gb_scan_refused(out)
            digits[nd] = <int>ch - 48
            nd += 1
            i += 1
            continue
        if ch == u'm' or ch == u'p' or ch == u's' or ch == u'z':
            if nd == 0:
                return _gb_scan_refused(out)
            base = 0 if ch == u'm' else 9 if ch == u'p' else 18 if ch == u's' else 27
            for k in range(nd):
                if base == 27 and digits[k] > 7:
                    return _gb_scan_refused(out)
                t = base + digits[k] - 1
                if cnt[t] == 4:
                    return _gb_scan_refused(out)
                cnt[t] += 1
                last = t
                n_conc += 1
            nd = 0
            i += 1
            continue
        if nd:
            return _gb_scan_refused(out)  # digits without a suit letter
        if ch == u' ' or ch == u',':
            i += 1
            continue
        t = -1
        if ch == u'E':
            t = 27
        elif ch == u'S':
            t = 28
        elif ch == u'W':
            t = 29
        elif ch == u'N':
            t = 30
        elif ch == u'C':
            t = 31
        elif ch == u'F':
            t = 32
        elif ch == u'P':
            t = 33
        if t >= 0:
            if cnt[t] == 4:
                return _gb_scan_refused(out)
            cnt[t] += 1
            last = t
            n_conc += 1
            i += 1
            continue
        if ch == u'f' and i + 1 < n and 49 <= b[i + 1] <= 56:  # ('1' .. '8')
            f = <int>b[i + 1] - 49
            if flower_bits & (1 << f):
                return _gb_scan_refused(out)
            flower_bits |= 1 << f
            n_flowers += 1
            i += 2
            continue
        return _gb_scan_refused(out)
    if nd or last < 0:
        return _gb_scan_refused(out)
    out[0] = 1
    out[1] = last
    out[2] = n_conc
    out[3] = n_flowers
    return bodies


cdef object _gb_scan_refused(int* out):
    out[0] = 0
    return None


def _gb_record_ok(bytes record):
    """The record passes the kernel's checks (sizes, ranges, at most four copies of a tile in the whole hand)."""
    cdef GBHand h
    return len(record) == GB_REC and _gb_load(<const uint8_t*>PyBytes_AS_STRING(record), 0, &h) == GB_OK


# ---------------------------------------------------------------------------------------------- one call per hand

# The whole score of one hand in one call: the Hand's packed form (Hand.packed: its count bytes, winning tile,
# flowers and melds' packs) and the context's (WinContext.packed: seats, winds, win flags; both built once, in
# Python) are read into a record here, checked against each other, scored by the kernel above, and the
# ScoreResult is built from the fan vector in one step; no Python attribute is read.  Anything doubtful (a check
# that fails, 天和 / 地和 and the extras' flags) returns None and the rule layer's full path takes the hand and
# names the problem, so both paths give the same answers and errors.

cdef object _gb_result_type = None     # mahjong.framework.ScoreResult
cdef object _gb_result_check = None    # ScoreResult.__post_init__ (the zero-sum check), run on every result
cdef object _gb_result_new = None      # ScoreResult.__new__ (looked up once, here: no attribute read per hand)
cdef object _gb_details_of = None      # the rule layer's details builder, run on first access (_GBDetails)
cdef object _gb_payments_of = None     # (winner, discarder, total, valid) -> payments (settlement.py)
cdef object _gb_invalid_reason = None  # (fan, min_fan) -> the 诈和 text
cdef object _gb_nine_gates_of = None   # counts bytes -> the reading shown for 九莲宝灯
cdef tuple _gb_wait_names = ()
cdef list _gb_flower_items = None      # n -> the 花牌 ScoreItem of n flowers
# the payments of each (winner, discarder or 255, total, valid) met, made once by _gb_payments_of (its tuples are
# shared as its own cache shares them): 4 x 5 x 2 slots per total below _GB_PAY_TOTALS, filled on first need
cdef enum:
    _GB_PAY_TOTALS = 512
cdef list _gb_pay_cache = None
cdef uint8_t _gb_meld_pack_kind[8]     # Meld.packed kind byte -> GB_CHOW / GB_PUNG / GB_KONG (255: not in Guobiao)
cdef uint8_t _gb_meld_pack_claimed[8]  # ... -> 1 claimed from another player, 0 concealed


def _gb_fast_init(result_type, details_of, payments_of, invalid_reason, nine_gates_of, tuple wait_names,
                  list flower_items, bytes meld_kinds):
    """The rule layer's parts of a result, for :func:`_gb_score_fast`.  ``meld_kinds``: per Meld.packed kind
    byte, the kernel's pack kind plus 4 when claimed from another player (255: a kind Guobiao does not have)."""
    global _gb_result_type, _gb_result_check, _gb_result_new, _gb_details_of, _gb_payments_of, _gb_invalid_reason
    global _gb_nine_gates_of, _gb_wait_names, _gb_flower_items, _gb_pay_cache
    cdef Py_ssize_t i
    if len(meld_kinds) > 8:
        raise ValueError("at most 8 meld kinds")
    for i in range(8):
        _gb_meld_pack_kind[i] = 255
        _gb_meld_pack_claimed[i] = 0
    for i in range(len(meld_kinds)):
        if meld_kinds[i] != 255:
            _gb_meld_pack_kind[i] = meld_kinds[i] & 3
            _gb_meld_pack_claimed[i] = meld_kinds[i] >> 2
    _gb_result_type = result_type
    _gb_result_check = result_type.__post_init__
    _gb_result_new = result_type.__new__
    _gb_details_of = details_of
    _gb_payments_of = payments_of
    _gb_invalid_reason = invalid_reason
    _gb_nine_gates_of = nine_gates_of
    _gb_wait_names = wait_names
    _gb_flower_items = flower_items
    _gb_pay_cache = [None] * (40 * _GB_PAY_TOTALS)


cdef class _GBDetails:
    """A Guobiao result's ``details``: a read-only mapping whose texts (the melds' notation, the winning tile's
    name, the settlement line) are written on first access, from the facts the scorer kept."""

    cdef tuple _facts
    cdef dict _d

    def _dict(self):
        if self._d is None:
            self._d = _gb_details_of(*self._facts)
        return self._d

    def __getitem__(self, key):
        return self._dict()[key]

    def __iter__(self):
        return iter(self._dict())

    def __len__(self):
        return len(self._dict())

    def __contains__(self, key):
        return key in self._dict()

    def get(self, key, default=None):
        return self._dict().get(key, default)

    def keys(self):
        return self._dict().keys()

    def items(self):
        return self._dict().items()

    def values(self):
        return self._dict().values()

    def __eq__(self, other):
        if isinstance(other, _GBDetails):
            other = (<_GBDetails>other)._dict()
        return self._dict() == other

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None

    def __repr__(self):
        return repr(self._dict())

    def __reduce__(self):
        return (dict, (self._dict(),))  # (a copy or a pickle is a plain dict)


_Mapping.register(_GBDetails)


def _gb_score_fast(bytes hand_pack, tuple melds, bytes context_pack, int opts, int min_fan, str ruleset):
    """Score one hand in one call (see above): ``hand_pack`` is ``Hand.packed``, ``melds`` the hand's melds (kept
    for the result's details), ``context_pack`` is ``WinContext.packed``.  The ScoreResult, or None when the rule
    layer's full path must take the hand."""
    return _gb_fast_core(<const uint8_t*>PyBytes_AS_STRING(hand_pack), len(hand_pack), melds, context_pack, opts,
                         min_fan, ruleset)


def _gb_score_text(str text, dict meld_packs, bytes context_pack, int opts, int min_fan, str ruleset):
    """_gb_score_fast straight from plain ascii notation: the scanner (_gb_scan) writes the counts into the
    packed form, each meld's text is looked up in ``meld_packs`` (text -> (Meld, Meld.packed), the rule layer's
    cache).  None for anything the scanner refuses, a meld text not in the cache, or what _gb_score_fast
    refuses: the rule layer then takes the text."""
    cdef uint8_t pack[37 + 12]
    cdef int out[4]
    cdef Py_ssize_t n = 0, i
    bodies = _gb_scan_into(text, pack, out)
    if not out[0]:
        return None
    melds = _GB_EMPTY
    if bodies is not None:
        n = len(bodies)
        if n > 4:
            return None
        found = []
        for i in range(n):
            hit = meld_packs.get(bodies[i])
            if hit is None:
                return None
            meld, pk = <tuple>hit
            if len(<bytes>pk) != 3:
                return None
            memcpy(pack + 37 + 3 * i, PyBytes_AS_STRING(pk), 3)
            found.append(meld)
        melds = tuple(found)
    pack[34] = out[1]
    pack[35] = out[3]
    pack[36] = n
    return _gb_fast_core(pack, 37 + 3 * n, melds, context_pack, opts, min_fan, ruleset)


cdef object _gb_payments(int winner, int discarder, int total, bint valid):
    """_gb_payments_of(winner, discarder or None (255), total, valid), each answer made once and kept."""
    cdef Py_ssize_t k
    cdef object got
    if total < 0 or total >= _GB_PAY_TOTALS or winner > 3 or (discarder > 3 and discarder != 255):
        return _gb_payments_of(winner, None if discarder == 255 else discarder, total, valid)
    k = ((winner * 5 + (4 if discarder == 255 else discarder)) * 2 + valid) * _GB_PAY_TOTALS + total
    got = (<list>_gb_pay_cache)[k]
    if got is None:
        got = _gb_payments_of(winner, None if discarder == 255 else discarder, total, valid)
        (<list>_gb_pay_cache)[k] = got
    return got


cdef object _gb_fast_core(const uint8_t* hp, Py_ssize_t size, tuple melds, bytes context_pack, int opts,
                          int min_fan, str ruleset):
    cdef uint8_t rec[GB_REC]
    cdef int i, n_melds, n = 0, win, kind, tile, in_melds = 0, any_kong = 0, flags = 0, winner, cflags
    cdef int best[GB_NF]
    cdef int wait = GB_WAIT_SINGLE, status, fan, total, flowers
    cdef bint last_tile, derived, valid
    cdef const uint8_t* cp
    cdef GBHand h
    cdef _GBDetails details
    cdef list items
    if size < 37 or _gb_result_type is None or len(context_pack) != GB_CTX_SIZE:  # (None: not initialised)
        return None
    cp = <const uint8_t*>PyBytes_AS_STRING(context_pack)
    win = hp[34]
    flowers = hp[35]
    n_melds = hp[36]
    if n_melds > 4 or size != 37 + 3 * n_melds or win >= 34 or flowers > 8:
        return None
    cflags = cp[GB_CTX_FLAGS]
    if cflags & (GB_CTX_F_HEAVENLY | GB_CTX_F_EARTHLY | GB_CTX_F_OTHER_FACTS):
        return None  # (天和 / 地和 and the extras' own flags: the extras' checks)
    winner = cp[GB_CTX_WINNER]
    if winner > 3 or cp[GB_CTX_SEAT_WIND] > 3 or cp[GB_CTX_PREVALENT_WIND] > 3:
        return None
    discarder = None if cp[GB_CTX_DISCARDER] == 255 else cp[GB_CTX_DISCARDER]
    memset(rec, 0, GB_REC)
    for i in range(34):
        rec[i] = hp[i]
        n += hp[i]
    if n + 3 * n_melds != 14:
        return None
    for i in range(n_melds):
        kind = hp[37 + 3 * i]
        tile = hp[38 + 3 * i]
        if kind >= 8 or _gb_meld_pack_kind[kind] == 255 or tile >= 34:
            return None
        rec[GB_REC_PACKS + 3 * i + 2] = _gb_meld_pack_claimed[kind]
        kind = _gb_meld_pack_kind[kind]
        if kind == GB_CHOW:
            if tile >= 27:
                return None  # (a chow of honors: not in Guobiao)
            tile += 1  # (the kernel's chow is its middle tile)
            in_melds += (tile - 1 == win) + (tile == win) + (tile + 1 == win)
        else:
            in_melds += (4 if kind == GB_KONG else 3) if tile == win else 0
            any_kong |= kind == GB_KONG
        rec[GB_REC_PACKS + 3 * i] = kind
        rec[GB_REC_PACKS + 3 * i + 1] = tile
    last_tile = cflags & GB_CTX_F_LAST_TILE
    if last_tile and hp[win] != 1:
        return None
    derived = in_melds == 3 and not last_tile  # (the other three copies are the hand's own: 和绝张 for sure)
    if cflags & GB_CTX_F_ROBBING_KONG:
        if in_melds or hp[win] != 1:
            return None
        flags |= GB_FLAG_KONG
    if cflags & GB_CTX_F_KONG_REPLACEMENT:
        if not any_kong:
            return None
        flags |= GB_FLAG_KONG
    if discarder is None:
        flags |= GB_FLAG_SELF_DRAWN
    if last_tile or derived:
        flags |= GB_FLAG_LAST_TILE
    if cflags & GB_CTX_F_LAST_WALL_TILE:
        flags |= GB_FLAG_WALL_LAST
    rec[GB_REC_WIN] = win
    rec[GB_REC_FLAGS] = flags
    rec[GB_REC_SEAT] = cp[GB_CTX_SEAT_WIND]
    rec[GB_REC_PREVALENT] = cp[GB_CTX_PREVALENT_WIND]
    rec[GB_REC_FLOWERS] = flowers
    rec[GB_REC_N_PACKS] = n_melds
    if _gb_load(rec, opts, &h) != GB_OK:
        return None
    reading = _gb_score_hand(&h, best, &wait, &status, True)
    if status != GB_OK:
        return None
    if reading is None:
        reading = _gb_nine_gates_of(PyBytes_FromStringAndSize(<const char*>hp, 34))
    fan = _gb_total(best)
    total = fan + flowers
    valid = fan >= min_fan
    items_t = _gb_items_of(best)
    if flowers:
        items = list(items_t)
        items.append(_gb_flower_items[flowers])
        items_t = tuple(items)
    details = _GBDetails.__new__(_GBDetails)
    details._facts = (fan, flowers, melds, reading, win, derived, valid, discarder is None)
    payments = _gb_payments(winner, cp[GB_CTX_DISCARDER], total, valid)
    r = _gb_result_new(_gb_result_type)
    # (a frozen dataclass's fields in its instance dict, as its __init__ would set them, then its own check)
    PyObject_GenericSetAttr(r, "__dict__", {
        "ruleset": ruleset, "items": items_t, "total": total, "unit": "fan", "reading": reading,
        "wait": _gb_wait_names[wait], "valid": valid, "payments": payments,
        "invalid_reason": None if valid else _gb_invalid_reason(fan, min_fan), "details": details,
    })
    _gb_result_check(r)
    return r


# ---------------------------------------------------------------------------------------------- without the GIL
# (for the compiled hand core, engine.pxi: the may-this-seat-win decision of a complete hand in self-play)
#
# _gb_decide scores a loaded hand as _gb_score_hand does and fills the same fan vector, called without the GIL.
# The readings come from the same place as _gb_score_hand's (_gb_regular_readings and _gb_knitted_reading: the
# core's decomposer through the suit cache), taken with the GIL for that moment only, so there is one
# decomposer; tests/game/test_core_scoring.py compares the decision with _gb_score on many hands.

cdef int _gb_readings_with_gil(GBHand* h, GBReading* rs, GBKnitted* k, bint knitted) noexcept nogil:
    """_gb_regular_readings (knitted False: the count, or -1 when there are more than kept) or
    _gb_knitted_reading (knitted True: 1 when found), taken with the GIL; -1 if either raised."""
    cdef int n
    with gil:
        try:
            n = _gb_knitted_reading(h, k) if knitted else _gb_regular_readings(h, rs)
        except Exception:
            n = -1
    return n


cdef int _gb_decide(GBHand* h, int* best) noexcept nogil:
    """_gb_score_hand's fan vector (flowers not counted) without the GIL: GB_OK, GB_NOT_WIN, or GB_BAD when
    the hand has more readings than kept (the caller then asks the rule layer)."""
    cdef int t[GB_NF]
    cdef GBReading rs[GB_MAXR]
    cdef GBKnitted k
    cdef int n_read, pos, max_total = 0, i
    cdef bint seven = False, special = False
    if h.n_fixed == 0:
        for i in range(34):
            if h.cnt[i] & 1:
                break
        else:
            if _gb_seven_pairs(h, best):
                return GB_OK
            seven = special = True
        if not special and h.kinds >= 13:
            if _gb_honors_knitted(h, best) or _gb_thirteen_orphans(h, best):
                return GB_OK
        elif not special and h.kinds >= 9:
            if _gb_readings_with_gil(h, rs, &k, True) == 1:
                special = True
            elif h.kinds == 9 and _gb_nine_gates(h, best):
                return GB_OK
    elif h.n_fixed == 1 and h.kinds >= 9:
        special = _gb_readings_with_gil(h, rs, &k, True) == 1
    if special and not seven:
        _gb_knitted_straight(h, &k, best)
        return GB_OK
    if seven:
        max_total = _gb_total(best)
    n_read = _gb_readings_with_gil(h, rs, &k, False)
    if n_read < 0:
        return GB_BAD
    pos = _gb_best_regular(h, rs, n_read, max_total, seven, t)
    if pos >= 0:
        memcpy(best, t, GB_NF * sizeof(int))
        max_total = _gb_total(t)
    if (pos < 0 and not seven) or max_total == 0:
        return GB_NOT_WIN
    return GB_OK
