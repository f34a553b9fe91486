# GENERATED from python/mahjong/rulesets/guobiao/fans.py (and the tile classes of detectors.py) by
#     python -m mahjong.rulesets.guobiao.kernel_table
# Do not edit: change the fan rows and regenerate (tests/guobiao/test_gb_kernel_table.py checks it).

cdef enum:
    GB_NF = 83
    GB_NINE_GATES_EXTRAS = 3
    GB_REC = 52
    GB_REC_COUNTS = 0
    GB_REC_WIN = 34
    GB_REC_FLAGS = 35
    GB_REC_SEAT = 36
    GB_REC_PREVALENT = 37
    GB_REC_FLOWERS = 38
    GB_REC_N_PACKS = 39
    GB_REC_PACKS = 40
    GB_FLAG_SELF_DRAWN = 1
    GB_FLAG_LAST_TILE = 2
    GB_FLAG_WALL_LAST = 4
    GB_FLAG_KONG = 8
    GB_FLAG_HEAVENLY = 16
    GB_OPT_MELDED_AND_CONCEALED_KONG = 1
    GB_OPT_KONGS_COUNT_CONCEALED_KONGS = 2
    GB_OPT_FOUR_CONCEALED_PUNGS_FULLY_CONCEALED = 4
    GB_OPT_ALL_TERMINALS_PAIRS_NO_TILE_HOG = 8
    GB_OPT_TERMINAL_CHOWS_KEPT = 16
    GB_WAIT_EDGE = 0
    GB_WAIT_CLOSED = 1
    GB_WAIT_SINGLE = 2
    GB_WAIT_TWO_SIDED = 3
    GB_WAIT_DUAL_PUNG = 4
    GB_WAIT_KNITTED = 5
    GB_WAIT_THIRTEEN_SIDED = 6
    GB_WAIT_NINE_SIDED = 7
    GB_CTX_WINNER = 0
    GB_CTX_DISCARDER = 1
    GB_CTX_DEALER = 2
    GB_CTX_SEAT_WIND = 3
    GB_CTX_PREVALENT_WIND = 4
    GB_CTX_FLAGS = 5
    GB_CTX_SIZE = 6
    GB_CTX_F_LAST_TILE = 1
    GB_CTX_F_LAST_WALL_TILE = 2
    GB_CTX_F_KONG_REPLACEMENT = 4
    GB_CTX_F_ROBBING_KONG = 8
    GB_CTX_F_AFTER_KONG_DISCARD = 16
    GB_CTX_F_HEAVENLY = 32
    GB_CTX_F_EARTHLY = 64
    GB_CTX_F_OTHER_FACTS = 128
    GBF_NONE = 0
    GBF_BIG_FOUR_WINDS = 1
    GBF_BIG_THREE_DRAGONS = 2
    GBF_ALL_GREEN = 3
    GBF_NINE_GATES = 4
    GBF_FOUR_KONGS = 5
    GBF_SEVEN_SHIFTED_PAIRS = 6
    GBF_THIRTEEN_ORPHANS = 7
    GBF_ALL_TERMINALS = 8
    GBF_LITTLE_FOUR_WINDS = 9
    GBF_LITTLE_THREE_DRAGONS = 10
    GBF_ALL_HONORS = 11
    GBF_FOUR_CONCEALED_PUNGS = 12
    GBF_PURE_TERMINAL_CHOWS = 13
    GBF_QUADRUPLE_CHOW = 14
    GBF_FOUR_PURE_SHIFTED_PUNGS = 15
    GBF_FOUR_PURE_SHIFTED_CHOWS = 16
    GBF_THREE_KONGS = 17
    GBF_ALL_TERMINALS_AND_HONORS = 18
    GBF_SEVEN_PAIRS = 19
    GBF_GREATER_HONORS_AND_KNITTED_TILES = 20
    GBF_ALL_EVEN_PUNGS = 21
    GBF_FULL_FLUSH = 22
    GBF_PURE_TRIPLE_CHOW = 23
    GBF_PURE_SHIFTED_PUNGS = 24
    GBF_UPPER_TILES = 25
    GBF_MIDDLE_TILES = 26
    GBF_LOWER_TILES = 27
    GBF_PURE_STRAIGHT = 28
    GBF_THREE_SUITED_TERMINAL_CHOWS = 29
    GBF_PURE_SHIFTED_CHOWS = 30
    GBF_ALL_FIVE = 31
    GBF_TRIPLE_PUNG = 32
    GBF_THREE_CONCEALED_PUNGS = 33
    GBF_LESSER_HONORS_AND_KNITTED_TILES = 34
    GBF_KNITTED_STRAIGHT = 35
    GBF_UPPER_FOUR = 36
    GBF_LOWER_FOUR = 37
    GBF_BIG_THREE_WINDS = 38
    GBF_MIXED_STRAIGHT = 39
    GBF_REVERSIBLE_TILES = 40
    GBF_MIXED_TRIPLE_CHOW = 41
    GBF_MIXED_SHIFTED_PUNGS = 42
    GBF_CHICKEN_HAND = 43
    GBF_LAST_TILE_DRAW = 44
    GBF_LAST_TILE_CLAIM = 45
    GBF_OUT_WITH_REPLACEMENT_TILE = 46
    GBF_ROBBING_THE_KONG = 47
    GBF_ALL_PUNGS = 48
    GBF_HALF_FLUSH = 49
    GBF_MIXED_SHIFTED_CHOWS = 50
    GBF_ALL_TYPES = 51
    GBF_MELDED_HAND = 52
    GBF_TWO_CONCEALED_KONGS = 53
    GBF_TWO_DRAGONS_PUNGS = 54
    GBF_OUTSIDE_HAND = 55
    GBF_FULLY_CONCEALED_HAND = 56
    GBF_TWO_MELDED_KONGS = 57
    GBF_LAST_TILE = 58
    GBF_DRAGON_PUNG = 59
    GBF_PREVALENT_WIND = 60
    GBF_SEAT_WIND = 61
    GBF_CONCEALED_HAND = 62
    GBF_ALL_CHOWS = 63
    GBF_TILE_HOG = 64
    GBF_DOUBLE_PUNG = 65
    GBF_TWO_CONCEALED_PUNGS = 66
    GBF_CONCEALED_KONG = 67
    GBF_ALL_SIMPLES = 68
    GBF_PURE_DOUBLE_CHOW = 69
    GBF_MIXED_DOUBLE_CHOW = 70
    GBF_SHORT_STRAIGHT = 71
    GBF_TWO_TERMINAL_CHOWS = 72
    GBF_PUNG_OF_TERMINALS_OR_HONORS = 73
    GBF_MELDED_KONG = 74
    GBF_ONE_VOIDED_SUIT = 75
    GBF_NO_HONORS = 76
    GBF_EDGE_WAIT = 77
    GBF_CLOSED_WAIT = 78
    GBF_SINGLE_WAIT = 79
    GBF_SELF_DRAWN = 80
    GBF_FLOWER_TILES = 81
    GBF_CONCEALED_KONG_AND_MELDED_KONG = 82

cdef extern from *:
    """
    static const int GB_VALUE[83] = {0, 88, 88, 88, 88, 88, 88, 88, 64, 64, 64, 64, 64, 64, 48, 48, 32, 32, 32, 24, 24, 24, 24, 24, 24, 24, 24, 24, 16, 16, 16, 16, 16, 16, 12, 12, 12, 12, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5};
    static const int GB_EXCL_START[84] = {0, 0, 5, 7, 9, 12, 17, 22, 27, 33, 35, 37, 42, 44, 50, 54, 57, 58, 60, 63, 66, 71, 74, 76, 77, 78, 80, 82, 84, 84, 88, 88, 90, 90, 90, 94, 94, 95, 96, 96, 96, 97, 97, 97, 97, 98, 98, 99, 100, 100, 101, 101, 101, 102, 103, 104, 104, 106, 107, 107, 107, 107, 107, 107, 108, 108, 108, 108, 108, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 109, 111};
    static const int GB_EXCL[111] = {38, 60, 61, 48, 73, 59, 54, 49, 75, 22, 62, 56, 17, 57, 74, 48, 79, 19, 22, 62, 56, 79, 51, 62, 56, 79, 18, 48, 55, 73, 76, 65, 18, 38, 73, 59, 54, 48, 55, 73, 75, 18, 48, 62, 22, 63, 76, 19, 69, 72, 24, 23, 69, 64, 23, 24, 48, 30, 57, 74, 48, 55, 73, 62, 56, 79, 34, 51, 62, 56, 79, 48, 68, 76, 76, 75, 24, 23, 36, 76, 68, 76, 37, 76, 63, 76, 70, 72, 68, 76, 51, 62, 56, 79, 76, 76, 75, 80, 80, 58, 75, 79, 67, 59, 80, 62, 74, 76, 76, 74, 67};
    static const int GB_CONV_FROM[83] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 56, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    static const int GB_CONV_TO[83] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 80, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    static const int GB_TRIM_ORDER[4] = {72, 71, 70, 69};
    static const int GB_TRIM_ORDER_KEPT[4] = {71, 70, 69, 72};
    static const int GB_EXTRA_PRIORITY[4] = {69, 70, 71, 72};
    static const int GB_N_TIE = 2;
    static const int GB_TIE_FANS[2] = {23, 32};
    static const int GB_REF_POS[34] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12, 13, 14, 15, 16, 17, 27, 28, 29, 30, 31, 32, 33};
    static const int GB_NINE_GATES_EXTRA[9][3] = {{28, 64, -1}, {66, 71, 73}, {71, -1, -1}, {71, -1, -1}, {66, 73, -1}, {71, -1, -1}, {71, -1, -1}, {66, 71, 73}, {28, 64, -1}};
    static const unsigned long long GB_M_SUIT_M = 0x1ffULL;
    static const unsigned long long GB_M_SUIT_S = 0x7fc0000ULL;
    static const unsigned long long GB_M_SUIT_P = 0x3fe00ULL;
    static const unsigned long long GB_M_WIND = 0x78000000ULL;
    static const unsigned long long GB_M_DRAGON = 0x380000000ULL;
    static const unsigned long long GB_M_HONOR = 0x3f8000000ULL;
    static const unsigned long long GB_M_NUMBERED = 0x7ffffffULL;
    static const unsigned long long GB_M_TERMINAL = 0x4060301ULL;
    static const unsigned long long GB_M_REVERSIBLE = 0x206eb3e00ULL;
    static const unsigned long long GB_M_GREEN = 0x102b80000ULL;
    static const unsigned long long GB_M_RANKS_1234 = 0x3c1e0fULL;
    static const unsigned long long GB_M_RANKS_6789 = 0x783c1e0ULL;
    static const unsigned long long GB_M_RANKS_456 = 0xe07038ULL;
    static const unsigned long long GB_M_RANK_4 = 0x201008ULL;
    static const unsigned long long GB_M_RANK_6 = 0x804020ULL;
    static const unsigned long long GB_M_ORPHANS = 0x3fc060301ULL;
    """
    const int GB_VALUE[83]
    const int GB_EXCL_START[84]
    const int GB_EXCL[111]
    const int GB_CONV_FROM[83]
    const int GB_CONV_TO[83]
    const int GB_TRIM_ORDER[4]
    const int GB_TRIM_ORDER_KEPT[4]
    const int GB_EXTRA_PRIORITY[4]
    const int GB_N_TIE
    const int GB_TIE_FANS[2]
    const int GB_REF_POS[34]
    const int GB_NINE_GATES_EXTRA[9][3]
    const unsigned long long GB_M_SUIT_M
    const unsigned long long GB_M_SUIT_S
    const unsigned long long GB_M_SUIT_P
    const unsigned long long GB_M_WIND
    const unsigned long long GB_M_DRAGON
    const unsigned long long GB_M_HONOR
    const unsigned long long GB_M_NUMBERED
    const unsigned long long GB_M_TERMINAL
    const unsigned long long GB_M_REVERSIBLE
    const unsigned long long GB_M_GREEN
    const unsigned long long GB_M_RANKS_1234
    const unsigned long long GB_M_RANKS_6789
    const unsigned long long GB_M_RANKS_456
    const unsigned long long GB_M_RANK_4
    const unsigned long long GB_M_RANK_6
    const unsigned long long GB_M_ORPHANS
