# Bit layout of HandRules.flags (mirror of python/mahjong/rules.py; keep in sync).
cdef enum:
    F_SEVEN_PAIRS = 1 << 0
    F_SEVEN_PAIRS_QUAD_AS_TWO = 1 << 1
    F_THIRTEEN_ORPHANS = 1 << 2
    F_KNITTED = 1 << 3
    F_THIRTEEN_LAN = 1 << 4
    F_HONOR_SEQUENCES = 1 << 5
    F_NO_HONORS = 1 << 6
    F_LACK_A_SUIT = 1 << 7
    F_WAIT_ON_FOURTH_COPY = 1 << 8
