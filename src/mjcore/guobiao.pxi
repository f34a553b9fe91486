# Guobiao fan kernel: the compiled twin of mahjong.rulesets.guobiao.scorer.best_regular.
#
# Scores every regular reading (4 melds + a pair) of one hand into an 83-entry fan count vector over C arrays —
# meld fans, kongs and concealed pungs, the account-once rule, pair fans, group traits, 四归一, the 独听 wait fan,
# the exclusion pass — and picks the best reading with the reference calculator's tie-breaks.  The rules are the
# same as the Python detectors (python/mahjong/rulesets/guobiao/detectors.py, each with its rule text); this file
# only re-states them over ints.  The fan table itself (indices, values, exclusions) is NOT written here: it is
# handed in once from fans.py by _gb_init, so the data lives in one place.
#
# Tiles are the detectors' codes: (suit << 4) | rank, suits 1 万 2 条 3 筒 4 honors (E S W N C F P = 0x41..0x47);
# a chow is its middle tile.  Private names (leading underscore): this is an internal kernel, not public API.

cdef enum:
    GB_NF = 83          # fans in the table (fans.N_FANS; _gb_init checks it)
    GB_MAXEX = 16       # most exclusions one fan row lists (_gb_init checks it)
    GB_CHOW = 0
    GB_PUNG = 1
    GB_KONG = 2
    GB_EAST = 0x41
    GB_NORTH = 0x44
    GB_RED = 0x45
    GB_GREEN = 0x46
    GB_WHITE = 0x47

cdef int _gb_ready = 0
cdef int _gb_val[GB_NF]
cdef int _gb_nex[GB_NF]
cdef int _gb_ex[GB_NF][GB_MAXEX]
cdef int _gb_conv_from[GB_NF]   # -1 = no conversion (only 四暗刻 has one: 不求人 -> 自摸)
cdef int _gb_conv_to[GB_NF]

# fan indices, filled from fans.py by _gb_init
cdef int GBF_BIG_FOUR_WINDS, GBF_BIG_THREE_DRAGONS, GBF_FOUR_KONGS, GBF_LITTLE_FOUR_WINDS, GBF_LITTLE_THREE_DRAGONS
cdef int GBF_FOUR_CONCEALED_PUNGS, GBF_PURE_TERMINAL_CHOWS, GBF_QUADRUPLE_CHOW, GBF_FOUR_PURE_SHIFTED_PUNGS
cdef int GBF_FOUR_PURE_SHIFTED_CHOWS, GBF_THREE_KONGS, GBF_ALL_EVEN_PUNGS, GBF_PURE_TRIPLE_CHOW, GBF_PURE_SHIFTED_PUNGS
cdef int GBF_PURE_STRAIGHT, GBF_THREE_SUITED_TERMINAL_CHOWS, GBF_PURE_SHIFTED_CHOWS, GBF_ALL_FIVE, GBF_TRIPLE_PUNG
cdef int GBF_THREE_CONCEALED_PUNGS, GBF_BIG_THREE_WINDS, GBF_MIXED_STRAIGHT, GBF_MIXED_TRIPLE_CHOW, GBF_MIXED_SHIFTED_PUNGS
cdef int GBF_CHICKEN_HAND, GBF_ALL_PUNGS, GBF_MIXED_SHIFTED_CHOWS, GBF_MELDED_HAND, GBF_TWO_CONCEALED_KONGS
cdef int GBF_TWO_DRAGONS_PUNGS, GBF_OUTSIDE_HAND, GBF_TWO_MELDED_KONGS, GBF_DRAGON_PUNG, GBF_PREVALENT_WIND, GBF_SEAT_WIND
cdef int GBF_ALL_CHOWS, GBF_TILE_HOG, GBF_DOUBLE_PUNG, GBF_TWO_CONCEALED_PUNGS, GBF_CONCEALED_KONG, GBF_PURE_DOUBLE_CHOW
cdef int GBF_MIXED_DOUBLE_CHOW, GBF_SHORT_STRAIGHT, GBF_TWO_TERMINAL_CHOWS, GBF_PUNG_OF_TERMINALS_OR_HONORS
cdef int GBF_MELDED_KONG, GBF_EDGE_WAIT, GBF_CLOSED_WAIT, GBF_SINGLE_WAIT, GBF_CONCEALED_KONG_AND_MELDED_KONG

# fan indices of the per-hand fans
cdef int GBF_NO_HONORS, GBF_ONE_VOIDED_SUIT, GBF_HALF_FLUSH, GBF_FULL_FLUSH, GBF_ALL_TYPES, GBF_ALL_SIMPLES
cdef int GBF_REVERSIBLE_TILES, GBF_ALL_GREEN, GBF_ALL_HONORS, GBF_ALL_TERMINALS, GBF_ALL_TERMINALS_AND_HONORS
cdef int GBF_LOWER_FOUR, GBF_LOWER_TILES, GBF_UPPER_FOUR, GBF_UPPER_TILES, GBF_MIDDLE_TILES, GBF_LAST_TILE, GBF_SELF_DRAWN
cdef int GBF_LAST_TILE_DRAW, GBF_LAST_TILE_CLAIM, GBF_OUT_WITH_REPLACEMENT_TILE, GBF_ROBBING_THE_KONG
cdef int GBF_FULLY_CONCEALED_HAND, GBF_CONCEALED_HAND

# option bits (GuobiaoConfig fields), read once per call
cdef enum:
    GB_OPT_MELDED_AND_CONCEALED_KONG = 1
    GB_OPT_KONGS_COUNT_CONCEALED = 2
    GB_OPT_FOUR_CONCEALED_KEEPS_FULLY = 4
    GB_OPT_TERMINAL_CHOWS_KEPT = 8


# tile facts as 34-bit masks over our tile ids (bit t = tile id t), derived by _gb_init from the detectors' masks
cdef int _gb_code_of[34]        # tile id -> code
cdef uint64_t M_SUIT[3]         # 万, 条, 筒 (code suit order)
cdef uint64_t M_WIND, M_DRAGON, M_HONOR, M_TERMINAL, M_REVERSIBLE, M_GREEN, M_NUMBERED
cdef uint64_t M_RANKS_1234, M_RANKS_6789, M_RANKS_456, M_RANK4, M_RANK6


cdef uint64_t _gb_tile_mask(object code_mask, object code_of_tile):
    """A detectors mask (bit per code) as a mask over our tile ids."""
    cdef uint64_t m = 0
    cdef int t
    for t in range(34):
        if (code_mask >> code_of_tile[t]) & 1:
            m |= (<uint64_t>1) << t
    return m


def _gb_init(fans, detectors):
    """Load the fan table (fans.FANS: idx, key, value, excludes, converts) into the kernel's C arrays, the tile
    classes from ``detectors`` (its CODE table and bit masks)."""
    global _gb_ready
    global M_WIND, M_DRAGON, M_HONOR, M_TERMINAL, M_REVERSIBLE, M_GREEN, M_NUMBERED
    global M_RANKS_1234, M_RANKS_6789, M_RANKS_456, M_RANK4, M_RANK6
    global GBF_BIG_FOUR_WINDS, GBF_BIG_THREE_DRAGONS, GBF_FOUR_KONGS, GBF_LITTLE_FOUR_WINDS, GBF_LITTLE_THREE_DRAGONS
    global GBF_FOUR_CONCEALED_PUNGS, GBF_PURE_TERMINAL_CHOWS, GBF_QUADRUPLE_CHOW, GBF_FOUR_PURE_SHIFTED_PUNGS
    global GBF_FOUR_PURE_SHIFTED_CHOWS, GBF_THREE_KONGS, GBF_ALL_EVEN_PUNGS, GBF_PURE_TRIPLE_CHOW, GBF_PURE_SHIFTED_PUNGS
    global GBF_PURE_STRAIGHT, GBF_THREE_SUITED_TERMINAL_CHOWS, GBF_PURE_SHIFTED_CHOWS, GBF_ALL_FIVE, GBF_TRIPLE_PUNG
    global GBF_THREE_CONCEALED_PUNGS, GBF_BIG_THREE_WINDS, GBF_MIXED_STRAIGHT, GBF_MIXED_TRIPLE_CHOW, GBF_MIXED_SHIFTED_PUNGS
    global GBF_CHICKEN_HAND, GBF_ALL_PUNGS, GBF_MIXED_SHIFTED_CHOWS, GBF_MELDED_HAND, GBF_TWO_CONCEALED_KONGS
    global GBF_TWO_DRAGONS_PUNGS, GBF_OUTSIDE_HAND, GBF_TWO_MELDED_KONGS, GBF_DRAGON_PUNG, GBF_PREVALENT_WIND, GBF_SEAT_WIND
    global GBF_ALL_CHOWS, GBF_TILE_HOG, GBF_DOUBLE_PUNG, GBF_TWO_CONCEALED_PUNGS, GBF_CONCEALED_KONG, GBF_PURE_DOUBLE_CHOW
    global GBF_MIXED_DOUBLE_CHOW, GBF_SHORT_STRAIGHT, GBF_TWO_TERMINAL_CHOWS, GBF_PUNG_OF_TERMINALS_OR_HONORS
    global GBF_MELDED_KONG, GBF_EDGE_WAIT, GBF_CLOSED_WAIT, GBF_SINGLE_WAIT, GBF_CONCEALED_KONG_AND_MELDED_KONG
    if len(fans) != GB_NF:
        raise ValueError(f"the Guobiao kernel is built for {GB_NF} fans, the table has {len(fans)}")
    idx = {f.key: f.idx for f in fans}
    cdef int i, j
    for i in range(GB_NF):
        f = fans[i]
        if f.idx != i:
            raise ValueError(f"fan {f.key} has index {f.idx}, expected {i}")
        if len(f.excludes) > GB_MAXEX:
            raise ValueError(f"fan {f.key} excludes {len(f.excludes)} fans; the kernel holds {GB_MAXEX}")
        if len(f.converts) > 1:
            raise ValueError(f"fan {f.key}: the kernel holds one conversion per fan")
        _gb_val[i] = f.value
        _gb_nex[i] = len(f.excludes)
        for j in range(len(f.excludes)):
            _gb_ex[i][j] = idx[f.excludes[j]]
        _gb_conv_from[i] = idx[f.converts[0][0]] if f.converts else -1
        _gb_conv_to[i] = idx[f.converts[0][1]] if f.converts else -1
    GBF_BIG_FOUR_WINDS = idx["big_four_winds"]
    GBF_BIG_THREE_DRAGONS = idx["big_three_dragons"]
    GBF_FOUR_KONGS = idx["four_kongs"]
    GBF_LITTLE_FOUR_WINDS = idx["little_four_winds"]
    GBF_LITTLE_THREE_DRAGONS = idx["little_three_dragons"]
    GBF_FOUR_CONCEALED_PUNGS = idx["four_concealed_pungs"]
    GBF_PURE_TERMINAL_CHOWS = idx["pure_terminal_chows"]
    GBF_QUADRUPLE_CHOW = idx["quadruple_chow"]
    GBF_FOUR_PURE_SHIFTED_PUNGS = idx["four_pure_shifted_pungs"]
    GBF_FOUR_PURE_SHIFTED_CHOWS = idx["four_pure_shifted_chows"]
    GBF_THREE_KONGS = idx["three_kongs"]
    GBF_ALL_EVEN_PUNGS = idx["all_even_pungs"]
    GBF_PURE_TRIPLE_CHOW = idx["pure_triple_chow"]
    GBF_PURE_SHIFTED_PUNGS = idx["pure_shifted_pungs"]
    GBF_PURE_STRAIGHT = idx["pure_straight"]
    GBF_THREE_SUITED_TERMINAL_CHOWS = idx["three_suited_terminal_chows"]
    GBF_PURE_SHIFTED_CHOWS = idx["pure_shifted_chows"]
    GBF_ALL_FIVE = idx["all_five"]
    GBF_TRIPLE_PUNG = idx["triple_pung"]
    GBF_THREE_CONCEALED_PUNGS = idx["three_concealed_pungs"]
    GBF_BIG_THREE_WINDS = idx["big_three_winds"]
    GBF_MIXED_STRAIGHT = idx["mixed_straight"]
    GBF_MIXED_TRIPLE_CHOW = idx["mixed_triple_chow"]
    GBF_MIXED_SHIFTED_PUNGS = idx["mixed_shifted_pungs"]
    GBF_CHICKEN_HAND = idx["chicken_hand"]
    GBF_ALL_PUNGS = idx["all_pungs"]
    GBF_MIXED_SHIFTED_CHOWS = idx["mixed_shifted_chows"]
    GBF_MELDED_HAND = idx["melded_hand"]
    GBF_TWO_CONCEALED_KONGS = idx["two_concealed_kongs"]
    GBF_TWO_DRAGONS_PUNGS = idx["two_dragons_pungs"]
    GBF_OUTSIDE_HAND = idx["outside_hand"]
    GBF_TWO_MELDED_KONGS = idx["two_melded_kongs"]
    GBF_DRAGON_PUNG = idx["dragon_pung"]
    GBF_PREVALENT_WIND = idx["prevalent_wind"]
    GBF_SEAT_WIND = idx["seat_wind"]
    GBF_ALL_CHOWS = idx["all_chows"]
    GBF_TILE_HOG = idx["tile_hog"]
    GBF_DOUBLE_PUNG = idx["double_pung"]
    GBF_TWO_CONCEALED_PUNGS = idx["two_concealed_pungs"]
    GBF_CONCEALED_KONG = idx["concealed_kong"]
    GBF_PURE_DOUBLE_CHOW = idx["pure_double_chow"]
    GBF_MIXED_DOUBLE_CHOW = idx["mixed_double_chow"]
    GBF_SHORT_STRAIGHT = idx["short_straight"]
    GBF_TWO_TERMINAL_CHOWS = idx["two_terminal_chows"]
    GBF_PUNG_OF_TERMINALS_OR_HONORS = idx["pung_of_terminals_or_honors"]
    GBF_MELDED_KONG = idx["melded_kong"]
    GBF_EDGE_WAIT = idx["edge_wait"]
    GBF_CLOSED_WAIT = idx["closed_wait"]
    GBF_SINGLE_WAIT = idx["single_wait"]
    GBF_CONCEALED_KONG_AND_MELDED_KONG = idx["concealed_kong_and_melded_kong"]
    _gb_init_hand_fans(idx)
    code = detectors.CODE
    for i in range(34):
        _gb_code_of[i] = code[i]
    for i, su in enumerate((detectors.M, detectors.S, detectors.P)):
        M_SUIT[i] = _gb_tile_mask(detectors.SUIT_MASK[su], code)
    M_WIND = _gb_tile_mask(detectors.WIND_MASK, code)
    M_DRAGON = _gb_tile_mask(detectors.DRAGON_MASK, code)
    M_HONOR = _gb_tile_mask(detectors.HONOR_MASK, code)
    M_TERMINAL = _gb_tile_mask(detectors.TERMINAL_MASK, code)
    M_REVERSIBLE = _gb_tile_mask(detectors.REVERSIBLE_MASK, code)
    M_GREEN = _gb_tile_mask(detectors.GREEN_MASK, code)
    M_NUMBERED = _gb_tile_mask(detectors.NUMBERED_MASK, code)
    rm = detectors.RANKS_MASK
    M_RANKS_1234 = _gb_tile_mask(rm[frozenset((1, 2, 3, 4))], code)
    M_RANKS_6789 = _gb_tile_mask(rm[frozenset((6, 7, 8, 9))], code)
    M_RANKS_456 = _gb_tile_mask(rm[frozenset((4, 5, 6))], code)
    M_RANK4 = _gb_tile_mask(rm[frozenset((4,))], code)
    M_RANK6 = _gb_tile_mask(rm[frozenset((6,))], code)
    _gb_ready = 1



cdef _gb_init_hand_fans(idx):
    global GBF_NO_HONORS, GBF_ONE_VOIDED_SUIT, GBF_HALF_FLUSH, GBF_FULL_FLUSH, GBF_ALL_TYPES, GBF_ALL_SIMPLES
    global GBF_REVERSIBLE_TILES, GBF_ALL_GREEN, GBF_ALL_HONORS, GBF_ALL_TERMINALS, GBF_ALL_TERMINALS_AND_HONORS
    global GBF_LOWER_FOUR, GBF_LOWER_TILES, GBF_UPPER_FOUR, GBF_UPPER_TILES, GBF_MIDDLE_TILES, GBF_LAST_TILE, GBF_SELF_DRAWN
    global GBF_LAST_TILE_DRAW, GBF_LAST_TILE_CLAIM, GBF_OUT_WITH_REPLACEMENT_TILE, GBF_ROBBING_THE_KONG
    global GBF_FULLY_CONCEALED_HAND, GBF_CONCEALED_HAND
    GBF_NO_HONORS = idx["no_honors"]
    GBF_ONE_VOIDED_SUIT = idx["one_voided_suit"]
    GBF_HALF_FLUSH = idx["half_flush"]
    GBF_FULL_FLUSH = idx["full_flush"]
    GBF_ALL_TYPES = idx["all_types"]
    GBF_ALL_SIMPLES = idx["all_simples"]
    GBF_REVERSIBLE_TILES = idx["reversible_tiles"]
    GBF_ALL_GREEN = idx["all_green"]
    GBF_ALL_HONORS = idx["all_honors"]
    GBF_ALL_TERMINALS = idx["all_terminals"]
    GBF_ALL_TERMINALS_AND_HONORS = idx["all_terminals_and_honors"]
    GBF_LOWER_FOUR = idx["lower_four"]
    GBF_LOWER_TILES = idx["lower_tiles"]
    GBF_UPPER_FOUR = idx["upper_four"]
    GBF_UPPER_TILES = idx["upper_tiles"]
    GBF_MIDDLE_TILES = idx["middle_tiles"]
    GBF_LAST_TILE = idx["last_tile"]
    GBF_SELF_DRAWN = idx["self_drawn"]
    GBF_LAST_TILE_DRAW = idx["last_tile_draw"]
    GBF_LAST_TILE_CLAIM = idx["last_tile_claim"]
    GBF_OUT_WITH_REPLACEMENT_TILE = idx["out_with_replacement_tile"]
    GBF_ROBBING_THE_KONG = idx["robbing_the_kong"]
    GBF_FULLY_CONCEALED_HAND = idx["fully_concealed_hand"]
    GBF_CONCEALED_HAND = idx["concealed_hand"]


cdef void _gb_hand_fans_c(int* t, uint64_t m, bint self_drawn, bint last_tile, bint wall_last, bint kong,
                          int claimed) noexcept nogil:
    """scorer.hand_fans over a tile-id mask ``m`` of the whole hand: the win flags (和绝张 自摸 妙手回春 海底捞月
    杠上开花 抢杠和), the concealment fans (不求人 门前清 全求人) and the tile-kind fans (scorer.tile_fans)."""
    cdef int voided
    cdef bint simples
    if last_tile:
        t[GBF_LAST_TILE] = 1
    if self_drawn:
        t[GBF_SELF_DRAWN] = 1
        if wall_last:
            t[GBF_LAST_TILE_DRAW] = 1
        if kong:
            t[GBF_OUT_WITH_REPLACEMENT_TILE] = 1
    else:
        if wall_last:
            t[GBF_LAST_TILE_CLAIM] = 1
        if kong:
            t[GBF_ROBBING_THE_KONG] = 1
    if claimed == 0:
        t[GBF_FULLY_CONCEALED_HAND if self_drawn else GBF_CONCEALED_HAND] = 1
    elif claimed == 4 and not self_drawn:
        t[GBF_MELDED_HAND] = 1
    voided = (not (m & M_SUIT[0])) + (not (m & M_SUIT[1])) + (not (m & M_SUIT[2]))
    if voided == 2:
        t[GBF_HALF_FLUSH if m & M_HONOR else GBF_FULL_FLUSH] = 1
    else:
        if not (m & M_HONOR):
            t[GBF_NO_HONORS] = 1
        if voided:
            t[GBF_ONE_VOIDED_SUIT] = voided
    if (m & M_SUIT[0]) and (m & M_SUIT[1]) and (m & M_SUIT[2]) and (m & M_WIND) and (m & M_DRAGON):
        t[GBF_ALL_TYPES] = 1
    simples = not (m & (M_TERMINAL | M_HONOR))
    if simples:
        t[GBF_ALL_SIMPLES] = 1
    if not (m & ~M_REVERSIBLE):
        t[GBF_REVERSIBLE_TILES] = 1
    if not (m & ~M_GREEN):
        t[GBF_ALL_GREEN] = 1
    if not simples:
        if not (m & M_NUMBERED):
            t[GBF_ALL_HONORS] = 1
        elif not (m & ~M_TERMINAL):
            t[GBF_ALL_TERMINALS] = 1
        elif not (m & ~(M_TERMINAL | M_HONOR)):
            t[GBF_ALL_TERMINALS_AND_HONORS] = 1
    if not (m & M_HONOR):
        if not (m & ~M_RANKS_1234):
            t[GBF_LOWER_FOUR if m & M_RANK4 else GBF_LOWER_TILES] = 1
        elif not (m & ~M_RANKS_6789):
            t[GBF_UPPER_FOUR if m & M_RANK6 else GBF_UPPER_TILES] = 1
        elif not (m & ~M_RANKS_456):
            t[GBF_MIDDLE_TILES] = 1


# ---------------------------------------------------------------------------------------------- tile predicates

cdef inline bint _gb_numbered(int c) noexcept nogil:
    return c < 0x40

cdef inline bint _gb_wind(int c) noexcept nogil:
    return GB_EAST <= c <= GB_NORTH

cdef inline bint _gb_dragon(int c) noexcept nogil:
    return GB_RED <= c <= GB_WHITE

cdef inline bint _gb_term_or_honor(int c) noexcept nogil:
    return c >= 0x40 or (c & 15) == 1 or (c & 15) == 9

cdef inline bint _gb_three_suits(int a, int b, int c) noexcept nogil:
    cdef int sa = a >> 4, sb = b >> 4, sc = c >> 4
    return sa != sb and sa != sc and sb != sc

cdef inline void _gb_sort3(int* x) noexcept nogil:
    cdef int t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t
    if x[1] > x[2]:
        t = x[1]; x[1] = x[2]; x[2] = t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t

cdef inline void _gb_sort(int* x, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = x[i]
        j = i - 1
        while j >= 0 and x[j] > t:
            x[j + 1] = x[j]
            j -= 1
        x[j + 1] = t

cdef inline bint _gb_consecutive(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    r[0] = a & 15; r[1] = b & 15; r[2] = c & 15
    _gb_sort3(r)
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


# ---------------------------------------------------------------------------------------------- meld combinations

cdef int _gb_two_chow(int a, int b) noexcept nogil:
    """喜相逢, 连六, 老少副, 一般高 in the reference's test order (detectors.TWO_CHOW_FANS); 0 = none."""
    if (a >> 4) != (b >> 4) and (a & 15) == (b & 15):
        return GBF_MIXED_DOUBLE_CHOW
    if a + 3 == b or b + 3 == a:
        return GBF_SHORT_STRAIGHT
    if (a >> 4) == (b >> 4) and (((a & 15) == 2 and (b & 15) == 8) or ((a & 15) == 8 and (b & 15) == 2)):
        return GBF_TWO_TERMINAL_CHOWS
    if a == b:
        return GBF_PURE_DOUBLE_CHOW
    return 0


cdef int _gb_three_chow(int a, int b, int c) noexcept nogil:
    """detectors.THREE_CHOW_MIXED / THREE_CHOW_PURE (codes sorted); 0 = none."""
    cdef int r[3]
    if _gb_three_suits(a, b, c):
        if _gb_consecutive(a, b, c):
            return GBF_MIXED_SHIFTED_CHOWS
        if (a & 15) == (b & 15) == (c & 15):
            return GBF_MIXED_TRIPLE_CHOW
        r[0] = a & 15; r[1] = b & 15; r[2] = c & 15
        _gb_sort3(r)
        if r[0] == 2 and r[1] == 5 and r[2] == 8:
            return GBF_MIXED_STRAIGHT
        return 0
    if b == a + 3 and c == b + 3:
        return GBF_PURE_STRAIGHT
    if (b == a + 2 and c == b + 2) or (b == a + 1 and c == b + 1):
        return GBF_PURE_SHIFTED_CHOWS
    if a == b and b == c:
        return GBF_PURE_TRIPLE_CHOW
    return 0


cdef int _gb_three_pung(int a, int b, int c) noexcept nogil:
    """detectors.THREE_PUNG_FANS (codes sorted); 0 = none."""
    cdef bint num3 = _gb_numbered(a) and _gb_numbered(b) and _gb_numbered(c)
    if num3 and _gb_three_suits(a, b, c) and _gb_consecutive(a, b, c):
        return GBF_MIXED_SHIFTED_PUNGS
    if num3 and _gb_three_suits(a, b, c) and (a & 15) == (b & 15) == (c & 15):
        return GBF_TRIPLE_PUNG
    if _gb_numbered(a) and _gb_numbered(c) and b == a + 1 and c == b + 1:
        return GBF_PURE_SHIFTED_PUNGS
    if _gb_wind(a) and _gb_wind(b) and _gb_wind(c):
        return GBF_BIG_THREE_WINDS
    if a == GB_RED and b == GB_GREEN and c == GB_WHITE:
        return GBF_BIG_THREE_DRAGONS
    return 0


cdef int _gb_two_pung(int a, int b) noexcept nogil:
    """双同刻, 双箭刻 (detectors.TWO_PUNG_FANS); 0 = none."""
    if _gb_numbered(a) and _gb_numbered(b) and (a & 15) == (b & 15):
        return GBF_DOUBLE_PUNG
    if _gb_dragon(a) and _gb_dragon(b):
        return GBF_TWO_DRAGONS_PUNGS
    return 0


cdef void _gb_account_once(int* fans, int n_fans, int cap, int* t, int opts) noexcept nogil:
    """套算一次 (scorer.account_once): at most ``cap`` 1-fan chow fans, trimmed 老少副 连六 喜相逢 一般高 (or with
    terminal_chows_kept 连六 喜相逢 一般高 老少副) to one of each, then to none."""
    cdef int order[4]
    cdef int counts[GB_NF]
    cdef int i, k, n = 0, limit = 1
    if opts & GB_OPT_TERMINAL_CHOWS_KEPT:
        order[0] = GBF_SHORT_STRAIGHT; order[1] = GBF_MIXED_DOUBLE_CHOW
        order[2] = GBF_PURE_DOUBLE_CHOW; order[3] = GBF_TWO_TERMINAL_CHOWS
    else:
        order[0] = GBF_TWO_TERMINAL_CHOWS; order[1] = GBF_SHORT_STRAIGHT
        order[2] = GBF_MIXED_DOUBLE_CHOW; order[3] = GBF_PURE_DOUBLE_CHOW
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


#: the 3-of-4 subsets (i, j, k) and the one left out (x), in the reference's order (scorer._SUBSETS)
cdef int _GB_SUB[4][4]
for _i, _row in enumerate(((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))):
    for _j in range(4):
        _GB_SUB[_i][_j] = _row[_j]


cdef void _gb_four_chows(int* m, int* t, int opts) noexcept nogil:
    """scorer.four_chows (middles sorted)."""
    cdef int s, fan, e, i, j, k, x, cap
    cdef int extra[3]
    cdef int pairs[6]
    cdef int prio[4]
    if m[1] - m[0] == m[2] - m[1] and m[2] - m[1] == m[3] - m[2] and (m[1] - m[0] == 1 or m[1] - m[0] == 2):
        t[GBF_FOUR_PURE_SHIFTED_CHOWS] = 1
        return
    if m[0] == m[1] and m[1] == m[2] and m[2] == m[3]:
        t[GBF_QUADRUPLE_CHOW] = 1
        return
    for s in range(4):
        i = _GB_SUB[s][0]; j = _GB_SUB[s][1]; k = _GB_SUB[s][2]; x = _GB_SUB[s][3]
        fan = _gb_three_chow(m[i], m[j], m[k])
        if fan:
            t[fan] = 1
            extra[0] = _gb_two_chow(m[i], m[x])
            extra[1] = _gb_two_chow(m[j], m[x])
            extra[2] = _gb_two_chow(m[k], m[x])
            prio[0] = GBF_PURE_DOUBLE_CHOW; prio[1] = GBF_MIXED_DOUBLE_CHOW
            prio[2] = GBF_SHORT_STRAIGHT; prio[3] = GBF_TWO_TERMINAL_CHOWS
            for e in range(4):
                if extra[0] == prio[e] or extra[1] == prio[e] or extra[2] == prio[e]:
                    t[prio[e]] = 1
                    break
            return
    pairs[0] = _gb_two_chow(m[0], m[1]); pairs[1] = _gb_two_chow(m[0], m[2]); pairs[2] = _gb_two_chow(m[0], m[3])
    pairs[3] = _gb_two_chow(m[1], m[2]); pairs[4] = _gb_two_chow(m[1], m[3]); pairs[5] = _gb_two_chow(m[2], m[3])
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
    pairs[0] = _gb_two_chow(m[0], m[1]); pairs[1] = _gb_two_chow(m[0], m[2]); pairs[2] = _gb_two_chow(m[1], m[2])
    _gb_account_once(pairs, 3, 2, t, opts)


cdef void _gb_four_pungs(int* p, int* t) noexcept nogil:
    """scorer.four_pungs (tiles sorted)."""
    cdef int s, i, j, k, x, y, fan, f2
    if _gb_numbered(p[0]) and p[1] == p[0] + 1 and p[2] == p[1] + 1 and p[3] == p[2] + 1:
        t[GBF_FOUR_PURE_SHIFTED_PUNGS] = 1
        return
    if p[0] == GB_EAST and p[1] == GB_EAST + 1 and p[2] == GB_EAST + 2 and p[3] == GB_EAST + 3:
        t[GBF_BIG_FOUR_WINDS] = 1
        return
    for s in range(4):
        i = _GB_SUB[s][0]; j = _GB_SUB[s][1]; k = _GB_SUB[s][2]; x = _GB_SUB[s][3]
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
    """scorer.kong_fans: 明杠 暗杠 双明杠 双暗杠 明暗杠 三杠 四杠, then 双暗刻 三暗刻 四暗刻."""
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
    if (opts & GB_OPT_KONGS_COUNT_CONCEALED) and (t[GBF_THREE_KONGS] or t[GBF_FOUR_KONGS]) and ck:
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
    """不重复 (scorer.apply_exclusions): in table order, every fan still present cancels the fans it excludes."""
    cdef int i, j
    for i in range(GB_NF):
        if not t[i]:
            continue
        if _gb_conv_from[i] >= 0 and not (i == GBF_FOUR_CONCEALED_PUNGS and (opts & GB_OPT_FOUR_CONCEALED_KEEPS_FULLY)):
            if t[_gb_conv_from[i]]:
                t[_gb_conv_from[i]] = 0
                t[_gb_conv_to[i]] = 1
        for j in range(_gb_nex[i]):
            t[_gb_ex[i][j]] = 0


cdef struct GBHand:
    int n_fixed
    int fkind[4]
    int fcode[4]
    int fmelded[4]
    int win
    int self_drawn
    int seat
    int prevalent
    int hog_base
    int heavenly
    int unique_wait     # 独听: -1 not computed yet, else 0 / 1
    int n_standing      # concealed tiles, the winning tile included
    int cnt[0x48]       # the concealed tiles' counts by code
    int opts
    int base[GB_NF]


cdef bint _gb_melds(int* cnt, int left) noexcept nogil:
    """Can ``cnt`` (counts by code) be read as ``left`` melds?  Lowest tile first: a pung of it or a chow from it."""
    cdef int c = 0x11
    cdef bint ok
    if left == 0:
        return True
    while c < 0x48 and cnt[c] == 0:
        c += 1
    if c >= 0x48:
        return False
    if cnt[c] >= 3:
        cnt[c] -= 3
        ok = _gb_melds(cnt, left - 1)
        cnt[c] += 3
        if ok:
            return True
    if c < 0x40 and (c & 15) <= 7 and cnt[c + 1] and cnt[c + 2]:
        cnt[c] -= 1; cnt[c + 1] -= 1; cnt[c + 2] -= 1
        ok = _gb_melds(cnt, left - 1)
        cnt[c] += 1; cnt[c + 1] += 1; cnt[c + 2] += 1
        return ok
    return False


cdef bint _gb_complete(int* cnt, int n_tiles) noexcept nogil:
    """Complete as melds + a pair, or as 七对 (four of a kind = two pairs) when ``n_tiles`` is 14."""
    cdef int p
    cdef bint ok
    for p in range(0x11, 0x48):
        if cnt[p] >= 2:
            cnt[p] -= 2
            ok = _gb_melds(cnt, (n_tiles - 2) // 3)
            cnt[p] += 2
            if ok:
                return True
    if n_tiles == 14:
        for p in range(0x11, 0x48):
            if cnt[p] & 1:
                return False
        return True
    return False


cdef bint _gb_is_unique_wait(GBHand* h) noexcept nogil:
    """独听 (ruleset._unique_wait, spec §3): with the winning tile taken out, exactly one tile kind completes the
    hand — regular form, plus 七对 for 13 concealed tiles; a tile held four times still counts (a fifth copy is
    tried like any other).  Never for 天和 (no wait).  Computed once per hand, on first need."""
    cdef int c, d, found = 0
    cdef bint cand
    if h.unique_wait >= 0:
        return h.unique_wait == 1
    if h.heavenly:
        h.unique_wait = 0
        return False
    h.cnt[h.win] -= 1
    for c in range(0x11, 0x48):
        if (c & 15) == 0 or (c & 15) > 9 or (c >= 0x40 and c > 0x47):
            continue
        # only a tile held, or a suited tile within two ranks of one held, can complete anything
        cand = h.cnt[c] > 0
        if not cand and c < 0x40:
            for d in range(-2, 3):
                if 1 <= (c & 15) + d <= 9 and h.cnt[c + d] > 0:
                    cand = True
                    break
        if not cand:
            continue
        h.cnt[c] += 1
        if _gb_complete(h.cnt, h.n_standing):
            found += 1
        h.cnt[c] -= 1
        if found > 1:
            break
    h.cnt[h.win] += 1
    h.unique_wait = 1 if found == 1 else 0
    return found == 1


cdef int _gb_regular(GBHand* h, int nc, int* ckind, int* ccode, int pair, int* t, object f) except -1:
    """scorer.score_regular over C arrays: one reading (the fixed packs + ``nc`` concealed melds + the pair)."""
    cdef int chows[4]
    cdef int pungs[4]
    cdef int cchows[4]
    cdef int nch = 0, npg = 0, ncc = 0, cp = 0, mk = 0, ck = 0
    cdef int i, p, kind, code, win = h.win, wind_pungs = 0, dragons = 0, w, f2
    cdef bint ok, in_chow, edge, closed
    memcpy(t, h.base, GB_NF * sizeof(int))
    for i in range(h.n_fixed):
        kind = h.fkind[i]; code = h.fcode[i]
        if kind == GB_CHOW:
            chows[nch] = code; nch += 1
        else:
            pungs[npg] = code; npg += 1
            if kind == GB_KONG:
                if h.fmelded[i]:
                    mk += 1
                else:
                    ck += 1
            elif not h.fmelded[i]:
                cp += 1
    for i in range(nc):
        code = ccode[i]
        if ckind[i] == GB_CHOW:
            chows[nch] = code; nch += 1
            cchows[ncc] = code; ncc += 1
        else:
            pungs[npg] = code; npg += 1
            cp += 1
    # A pung completed by a discard is melded, unless the winning tile can sit in a concealed chow (spec §4 step 2)
    if not h.self_drawn:
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
                    if ckind[i] == GB_PUNG and ccode[i] == win:
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
            elif p < 0x40:
                if (p & 15) == 1 or (p & 15) == 9:
                    t[GBF_PUNG_OF_TERMINALS_OR_HONORS] += 1
            elif _gb_wind(p) and wind_pungs < 3 and p - GB_EAST != h.seat and p - GB_EAST != h.prevalent:
                t[GBF_PUNG_OF_TERMINALS_OR_HONORS] += 1
            if _gb_wind(p):
                if p == GB_EAST + h.prevalent:
                    t[GBF_PREVALENT_WIND] = 1
                if p == GB_EAST + h.seat:
                    t[GBF_SEAT_WIND] = 1
    if nch == 4:
        _gb_sort(chows, 4)
        if _gb_numbered(pair) and (pair & 15) == 5 and _gb_three_suited_terminal(chows, pair):
            t[GBF_THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _gb_numbered(pair) and (pair & 15) == 5 and chows[0] == (pair & 0xF0) + 2 and chows[1] == chows[0] \
                and chows[2] == (pair & 0xF0) + 8 and chows[3] == chows[2]:
            t[GBF_PURE_TERMINAL_CHOWS] = 1
        else:
            _gb_four_chows(chows, t, h.opts)
    elif nch == 3:
        _gb_sort(chows, 3)
        _gb_three_chows(chows, t, h.opts)
    elif nch == 2:
        f2 = _gb_two_chow(chows[0], chows[1])
        if f2:
            t[f2] += 1
        f2 = _gb_two_pung(pungs[0], pungs[1])
        if f2:
            t[f2] += 1
    elif nch == 1:
        _gb_sort(pungs, 3)
        _gb_three_pungs(pungs, t)
    else:
        _gb_sort(pungs, 4)
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
            return 0
    t[GBF_CHICKEN_HAND] = 1  # 无番和: nothing else counts
    return 0


cdef bint _gb_three_suited_terminal(int* m, int pair) noexcept nogil:
    """三色双龙会: 123+789 in the two suits other than the 5-pair's (middles sorted)."""
    cdef int want[4]
    cdef int n = 0, s, i
    for s in range(1, 4):
        if s != (pair >> 4):
            want[n] = (s << 4) | 2; want[n + 1] = (s << 4) | 8
            n += 2
    _gb_sort(want, 4)
    for i in range(4):
        if want[i] != m[i]:
            return False
    return True


cdef bint _gb_outside(int* chows, int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i
    for i in range(nch):
        if (chows[i] & 15) != 2 and (chows[i] & 15) != 8:
            return False
    for i in range(npg):
        if not _gb_term_or_honor(pungs[i]):
            return False
    return _gb_term_or_honor(pair)


cdef bint _gb_all_five(int* chows, int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i, r
    for i in range(nch):
        r = chows[i] & 15
        if r < 4 or r > 6:
            return False
    for i in range(npg):
        if not (pungs[i] < 0x40 and (pungs[i] & 15) == 5):
            return False
    return pair < 0x40 and (pair & 15) == 5


cdef bint _gb_all_even(int nch, int* pungs, int npg, int pair) noexcept nogil:
    cdef int i
    if nch:
        return False
    for i in range(npg):
        if not (pungs[i] < 0x40 and (pungs[i] & 1) == 0):
            return False
    return pair < 0x40 and (pair & 1) == 0


# ---------------------------------------------------------------------------------------------- readings

cdef enum:
    GB_MAXR = 64        # readings of one hand kept (14 tiles have far fewer; more is refused, not truncated)
    GB_NCODE = 0x48     # codes 0x11..0x47


cdef struct GBReading:
    int key[4]          # the melds' sort keys (2 * first code, + 1 for a chow), non-decreasing
    int pair            # the pair's code


cdef int _gb_dfs(int* cnt, int left, int* keys, int depth, int n_melds, int pair, GBReading* out,
                 int n_out) noexcept nogil:
    """Every way to read ``cnt`` (counts by code) as ``left`` more melds, melds in non-decreasing key order: the
    lowest tile left is either a pung or the first tile of a chow (pung first, as the reference orders them).
    Returns the new number of readings in ``out`` (GB_MAXR + 1 = too many)."""
    cdef int c = 0x11, i
    if left == 0:
        if n_out >= GB_MAXR:
            return GB_MAXR + 1
        for i in range(n_melds):
            out[n_out].key[i] = keys[i]
        out[n_out].pair = pair
        return n_out + 1
    while c < GB_NCODE and cnt[c] == 0:
        c += 1
    if c >= GB_NCODE:
        return n_out
    if cnt[c] >= 3 and (depth == 0 or keys[depth - 1] <= 2 * c):  # keys non-decreasing: each reading once
        cnt[c] -= 3
        keys[depth] = 2 * c
        n_out = _gb_dfs(cnt, left - 1, keys, depth + 1, n_melds, pair, out, n_out)
        cnt[c] += 3
        if n_out > GB_MAXR:
            return n_out
    if c < 0x40 and (c & 15) <= 7 and cnt[c + 1] and cnt[c + 2]:
        cnt[c] -= 1; cnt[c + 1] -= 1; cnt[c + 2] -= 1
        keys[depth] = 2 * c + 1
        n_out = _gb_dfs(cnt, left - 1, keys, depth + 1, n_melds, pair, out, n_out)
        cnt[c] += 1; cnt[c + 1] += 1; cnt[c + 2] += 1
    return n_out


cdef int _gb_readings(int* cnt, int n_melds, GBReading* out) noexcept nogil:
    """readings.regular_readings in C: every reading of the concealed tiles as ``n_melds`` melds and a pair,
    sorted by their meld keys (the reference's order).  -1 = more than GB_MAXR readings."""
    cdef int keys[4]
    cdef int n = 0, p, i, j, k
    cdef GBReading tmp
    cdef bint less
    for p in range(0x11, GB_NCODE):
        if cnt[p] >= 2:
            cnt[p] -= 2
            n = _gb_dfs(cnt, n_melds, keys, 0, n_melds, p, out, n)
            cnt[p] += 2
            if n > GB_MAXR:
                return -1
    for i in range(1, n):  # insertion sort by the key tuple (keys differ between readings)
        tmp = out[i]
        j = i - 1
        while j >= 0:
            less = False
            for k in range(n_melds):
                if tmp.key[k] != out[j].key[k]:
                    less = tmp.key[k] < out[j].key[k]
                    break
            if not less:
                break
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = tmp
    return n


cdef list _gb_zeros = [0] * GB_NF   # copied per result: a fan vector is mostly zeros


cdef list _gb_table_list(int* t):
    """The fan vector as a fresh Python list: a copy of the all-zero list (one pointer copy per entry) with the
    few non-zero counts set, rather than 83 int conversions and appends."""
    cdef list out = _gb_zeros[:]
    cdef Py_ssize_t i
    for i in range(GB_NF):
        if t[i]:
            out[i] = t[i]
    return out


def _gb_best_regular(f, opts, int max_total, bint seven_pairs, readings=None):
    """Compiled twin of scorer.best_regular_py: the best regular reading of the hand ``f`` (scorer.Facts),
    counted against an earlier best of ``max_total`` (a special form's; 七对 when ``seven_pairs``).  The readings
    are enumerated here in the reference's order, or taken from ``readings`` ((Decomposition, melds, pair code)
    each, as readings.regular_readings gives them).  Returns (melds ((kind, code) ...), pair code, fan table as
    a list, total) of the chosen reading, or None when no reading beats ``max_total``."""
    cdef GBHand h
    cdef int t[GB_NF]
    cdef int best[GB_NF]
    cdef int ckind[4]
    cdef int ccode[4]
    cdef int bkind[4]
    cdef int bcode[4]
    cdef int cnt[GB_NCODE]
    cdef int whole[GB_NCODE]
    cdef GBReading rs[GB_MAXR]
    cdef int i, j, nc, n_read, total, key, bpair = 0, pos = -1, claimed = 0, pair, n, c
    cdef tuple pack
    cdef const char* cp
    cdef uint64_t mask = 0
    if not _gb_ready:
        raise RuntimeError("the Guobiao kernel has no fan table (mahjong.rulesets.guobiao.scorer calls _gb_init)")
    fixed = f.fixed
    h.n_fixed = len(fixed)
    if h.n_fixed > 4:
        raise ValueError("more than 4 fixed packs")
    for i in range(h.n_fixed):
        pack = fixed[i]
        h.fkind[i] = pack[0]; h.fcode[i] = pack[1]; h.fmelded[i] = 1 if pack[2] else 0
    h.win = f.win
    h.self_drawn = 1 if f.self_drawn else 0
    h.seat = f.seat
    h.prevalent = f.prevalent
    h.hog_base = 0
    nc = 4 - h.n_fixed
    memset(h.cnt, 0, GB_NCODE * sizeof(int))
    h.n_standing = 0
    standing = f.standing
    if type(standing) is bytes and PyBytes_GET_SIZE(standing) == 34:
        cp = PyBytes_AS_STRING(standing)
        for i in range(34):
            n = <uint8_t>cp[i]
            h.cnt[_gb_code_of[i]] = n
            h.n_standing += n
    else:
        for i in range(34):
            n = standing[i]
            h.cnt[_gb_code_of[i]] = n
            h.n_standing += n
    # the whole hand's counts: the concealed ones plus the fixed packs' tiles (derived here, not read from Python)
    memcpy(whole, h.cnt, GB_NCODE * sizeof(int))
    for i in range(h.n_fixed):
        c = h.fcode[i]
        if c < 0x11 or c >= GB_NCODE or (h.fkind[i] == GB_CHOW and (c >= 0x40 or (c & 15) < 2 or (c & 15) > 8)):
            raise ValueError(f"fixed pack ({h.fkind[i]}, {c:#x}) out of range")
        if h.fkind[i] == GB_CHOW:
            whole[c - 1] += 1; whole[c] += 1; whole[c + 1] += 1
        else:
            whole[c] += 4 if h.fkind[i] == GB_KONG else 3
    for i in range(34):
        n = whole[_gb_code_of[i]]
        if n:
            mask |= (<uint64_t>1) << i
            if n == 4:
                h.hog_base += 1
    h.opts = ((GB_OPT_MELDED_AND_CONCEALED_KONG if opts.melded_and_concealed_kong else 0)
              | (GB_OPT_KONGS_COUNT_CONCEALED if opts.kongs_count_concealed_kongs else 0)
              | (GB_OPT_FOUR_CONCEALED_KEEPS_FULLY if opts.four_concealed_pungs_fully_concealed else 0)
              | (GB_OPT_TERMINAL_CHOWS_KEPT if opts.terminal_chows_kept else 0))
    memset(h.base, 0, GB_NF * sizeof(int))
    for i in range(h.n_fixed):
        if h.fmelded[i]:
            claimed += 1
    _gb_hand_fans_c(h.base, mask, h.self_drawn, 1 if f.last_tile else 0, 1 if f.wall_last else 0,
                    1 if f.kong_involved else 0,
                    claimed)
    h.heavenly = 1 if f.heavenly else 0
    h.unique_wait = -1
    if readings is None:
        memcpy(cnt, h.cnt, GB_NCODE * sizeof(int))
        n_read = _gb_readings(cnt, nc, rs)
        if n_read < 0:
            raise ValueError(f"more than {GB_MAXR} readings of one hand")
    else:
        n_read = len(readings)
        if n_read > GB_MAXR:
            raise ValueError(f"more than {GB_MAXR} readings of one hand")
        for j in range(n_read):
            _, melds, pair_code = readings[j]
            if len(melds) != nc:
                raise ValueError("a reading needs 4 melds with the fixed packs")
            for i in range(nc):
                kind, code = melds[i]
                rs[j].key[i] = 2 * (<int>code) if kind == GB_PUNG else 2 * (<int>code - 1) + 1
            rs[j].pair = pair_code
    for j in range(n_read):
        for i in range(nc):
            key = rs[j].key[i]
            if key & 1:
                ckind[i] = GB_CHOW; ccode[i] = (key >> 1) + 1
            else:
                ckind[i] = GB_PUNG; ccode[i] = key >> 1
        pair = rs[j].pair
        _gb_regular(&h, nc, ckind, ccode, pair, t, f)
        total = 0
        for i in range(GB_NF):
            total += _gb_val[i] * t[i]
        if total > max_total or (total == max_total and (t[GBF_PURE_TRIPLE_CHOW] == 1 or seven_pairs
                                                          or t[GBF_TRIPLE_PUNG])):
            max_total = total
            pos = j
            memcpy(best, t, GB_NF * sizeof(int))
            memcpy(bkind, ckind, 4 * sizeof(int))
            memcpy(bcode, ccode, 4 * sizeof(int))
            bpair = pair
    if pos < 0:
        return None
    return tuple([(bkind[i], bcode[i]) for i in range(nc)]), bpair, _gb_table_list(best), max_total


cdef int _gb_seven_idx[2]       # 七对, 连七对 (fan indices, set on first use from the fan table)
_gb_seven_idx[0] = -1


def _gb_seven_pairs(fans, f, opts):
    """scorer.score_seven_pairs in C: 七对 / 连七对 of a fully concealed hand (``f.standing`` all even counts):
    连七对 adds only 断幺 (2-8) and the win flags; 七对 adds the tile-kind fans, 四归一 (a quad is two pairs,
    none with ``opts.all_terminals_pairs_no_tile_hog`` and 清幺九) and the win flags; then the exclusions."""
    cdef int t[GB_NF]
    cdef int tmp[GB_NF]
    cdef uint64_t mask = 0
    cdef int i, n, lo = 99, hi = -1, kinds = 0, quads = 0, wf
    if not _gb_ready:
        raise RuntimeError("the Guobiao kernel has no fan table (mahjong.rulesets.guobiao.scorer calls _gb_init)")
    if _gb_seven_idx[0] < 0:
        idx = {x.key: x.idx for x in fans}
        _gb_seven_idx[0] = idx["seven_pairs"]
        _gb_seven_idx[1] = idx["seven_shifted_pairs"]
    standing = f.standing
    for i in range(34):
        n = standing[i]
        if n:
            mask |= (<uint64_t>1) << i
            kinds += 1
            if i < lo:
                lo = i
            hi = i
            if n == 4:
                quads += 1
    memset(t, 0, GB_NF * sizeof(int))
    memset(tmp, 0, GB_NF * sizeof(int))
    # claimed -1: no concealment fan (七对 counts neither 门前清 nor 不求人)
    _gb_hand_fans_c(tmp, mask, 1 if f.self_drawn else 0, 1 if f.last_tile else 0, 1 if f.wall_last else 0,
                    1 if f.kong_involved else 0, -1)
    # seven kinds of one suit in a row (tile ids of a suit are consecutive, 9 per suit, honors from 27)
    if kinds == 7 and hi - lo == 6 and hi < 27 and lo // 9 == hi // 9:
        t[_gb_seven_idx[1]] = 1
        if lo % 9 != 0 and hi % 9 != 8:
            t[GBF_ALL_SIMPLES] = 1
        for wf in (GBF_LAST_TILE, GBF_SELF_DRAWN, GBF_LAST_TILE_DRAW, GBF_LAST_TILE_CLAIM,
                   GBF_OUT_WITH_REPLACEMENT_TILE, GBF_ROBBING_THE_KONG):
            t[wf] = tmp[wf]
    else:
        memcpy(t, tmp, GB_NF * sizeof(int))
        t[_gb_seven_idx[0]] = 1
        t[GBF_TILE_HOG] = quads
        if opts.all_terminals_pairs_no_tile_hog and t[GBF_ALL_TERMINALS]:
            t[GBF_TILE_HOG] = 0  # seed 003: 清幺九 另计七对, 不计四归一
    _gb_exclusions(t, GB_OPT_FOUR_CONCEALED_KEEPS_FULLY if opts.four_concealed_pungs_fully_concealed else 0)
    return _gb_table_list(t)


# ---------------------------------------------------------------------------------------------- result items

cdef list _gb_item_rows = None   # [fan idx][count] -> the shared ScoreItem (row[0] unused), from the rule layer
cdef object _gb_item_make = None # (fan idx, count) -> ScoreItem, for a count past the prebuilt row


def _gb_items_init(rows, make):
    """Hand the rule layer's prebuilt ScoreItems (``rows[fan][count]``, one row per fan of the table) and its
    maker for other counts to the kernel, for _gb_items."""
    global _gb_item_rows, _gb_item_make
    if len(rows) != GB_NF:
        raise ValueError(f"the Guobiao kernel is built for {GB_NF} fans, got {len(rows)} item rows")
    _gb_item_rows = [list(r) for r in rows]
    _gb_item_make = make


def _gb_items(table):
    """Compiled twin of ruleset._items_of_py: the ScoreItems of a fan vector (one per non-zero entry, in table
    order) and its fan total, read straight from the vector (no key, no cache)."""
    cdef list tl = table if type(table) is list else list(table)
    cdef list out = []
    cdef list row
    cdef Py_ssize_t i
    cdef long c
    cdef long total = 0
    if _gb_item_rows is None or not _gb_ready:
        raise RuntimeError("the Guobiao kernel has no item rows (mahjong.rulesets.guobiao.ruleset calls "
                           "_gb_items_init)")
    if len(tl) != GB_NF:
        raise ValueError(f"a fan vector has {GB_NF} entries, got {len(tl)}")
    for i in range(GB_NF):
        c = tl[i]
        if c:
            if c < 0:
                raise ValueError(f"negative count {c} for fan {i}")
            total += _gb_val[i] * c
            row = <list>_gb_item_rows[i]
            out.append(row[c] if c < len(row) else _gb_item_make(i, c))
    return tuple(out), total
