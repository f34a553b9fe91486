# Shared C types and constants of the kernels (header-only: nothing here is implemented elsewhere).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

cdef enum:
    N_KINDS = 34
    HBUF = 40          # hand buffers: 34 counts + 6 zero bytes, so five 8-byte words can be read
    MAXM = 5           # melds per group: 0..5 (16-tile hands hold 5 melds + a pair)
    DLEN = 12          # (MAXM + 1) * 2 entries d[m * 2 + p]
    DINF = 60          # "impossible" distance (fits a uint8, sums of 5 stay < 255)
    NEED_INF = 15      # "impossible" wildcard need
    ST_DONE = 1        # Entry.state bits
    ST_MELDS = 2       # the group's tiles are exactly melds
    ST_PAIR = 4        # the group's tiles are exactly melds + one pair
    ST_BUSY = 0x80     # a thread has claimed the slot and is filling it (suit table only)

# Summary of one group of tiles (a suit's 9 counts, the honors, or a Nanchang wind/dragon group).
ctypedef struct Entry:
    uint8_t d[12]      # fewest tiles to add so the group contains m melds + p pairs (4-copy cap)
    uint16_t wmask     # kinds t whose addition makes the group complete (melds, or melds + pair)
    uint8_t need       # low nibble: wildcards to make all tiles melds; high nibble: melds + pair
    uint8_t state      # ST_* bits; 0 = not computed yet


cdef inline int imin(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int imax(int a, int b) noexcept nogil:
    return a if a > b else b


# ---- SWAR over the counts (every count is 0..4, so per-byte sums below never carry) ----------------------
cdef extern from *:
    """
    #define MJ_ONES 0x0101010101010101ULL
    #define MJ_ALL_KINDS 0x3FFFFFFFFULL
    """
    uint64_t MJ_ONES
    uint64_t ALL_KINDS "MJ_ALL_KINDS"  # bit t set for every one of the 34 kinds

cdef inline uint64_t load8(const uint8_t* p) noexcept nogil:
    cdef uint64_t x
    memcpy(&x, p, 8)
    return x


cdef inline int bytesum(uint64_t v) noexcept nogil:
    """Sum of the 8 bytes of v (the sum must stay below 256)."""
    return <int>((v * MJ_ONES) >> 56)
