# The compiled hand core: one hand's whole mutable state in C, its legal actions, its transitions and a compact
# event record.  Included from core.pyx.
#
# The core knows no rule set: what it plays is a CoreFlow, the flow as data (mahjong.game.coreflow builds it, in
# one place, from a Flow's attributes and its hooks' data): the seats, the tile set in order, the tiles in play,
# the hand size, chows (suit runs, honor chows), several winners, play after a win, the wall's end, the dice
# break, a segmented wall (one per seat), bonus kinds (fixed, or by the wildcard indicator), bonus kinds held in
# the hand, wildcard kinds (fixed, or made wild by an indicator turned up after the deal: where it is found and
# a 34-row table of the kinds each indicator makes wild), 定缺, 换三张, 开始时换牌, 报听 with its locked hand and the
# 海底捞月 phase, the forced win, false wins, money during play, and a rule file's opening and instant wins (their
# holding conditions compiled to small programs run here: hold_run) and birds / horses.
#
# ---- The C-level API (stable: later changes add, never rename) ----------------------------------------------
#
#   CoreFlow        the flow's facts the core reads every step (copied into each hand).
#   HandCore        one hand: the wall (front / back ends, or one segment per seat), the tiles out of play,
#                   42-slot concealed counts per seat, melds with absolute seats, rivers, bonus tiles, visible
#                   counts, the wildcard indicator and this hand's wildcard and bonus kinds, the kong ledger, seats
#                   playing, winners, 定缺 suits, 报听, phase / actor, the last draw / discard / added kong, first
#                   go-round facts, the pending seats with their ordered legal action lists, the win-verdict cache,
#                   the random agents' SplitMix64 states, and the event record ev[n_ev][5] (kinds EV_* of
#                   enginedefs.pxd).
#   core_init(c, p, seed, salt, dealer, prevalent, wall, n)   nogil; wall NULL = shuffle (seed, salt) as
#                   mahjong.game.rng does; then deal, reveal the wildcards, replace bonus tiles, begin play (and
#                   the opening wins, the dealer's instant win).  Call core_advance next.
#   core_advance(c) nogil -> CS_WAIT (c.pending / c.legal / c.n_legal filled), CS_SCORE (a complete hand is on
#                   offer: c.q_seat / q_tile / q_from / q_robbing; answer with core_verdict, then advance
#                   again), CS_PAY (money moves during play: settle the record so far, then advance again),
#                   CS_END (the hand is over: settle it).
#   core_verdict(c, seat, tile, ok, total) nogil  the rule set's answer to CS_SCORE (valid within this step);
#                   core_verdict_valid(..., ok, valid, total): ``valid`` = the win meets the minimum (a false win
#                   may be declared where the flow allows it: ok without valid).
#   core_act(c, seat, action) nogil -> CR_* (< 0: refused, state unchanged) or, once every pending seat has
#                   answered, the next core_advance status (CS_WAIT while others still must answer).
#   core_random_action(c, seat) nogil -> the built-in random agent's choice (bit-identical to RandomAgent:
#                   a valid win when one is offered, else legal[below(n_legal)] with the seat's SplitMix64).
#   core_greedy_action(c, seat) nogil -> GreedyAgent's choice.
#   core_play_random(c) nogil -> runs the random agents until a status other than CS_WAIT.
#   core_mask(c, seat, out) nogil  fills a N_ACTIONS 0/1 mask.
#   core_win_facts(c, seat, tile, from, robbing) nogil  HandState.win_facts as WF_* bits.
#   core_flow_facts(c, seat, tile, from, robbing, out) nogil  the flows' own win facts (CoreFacts: the
#                   wildcards and the indicator, wildcards held and konged per seat, bonus tiles per seat, the
#                   tiles left before the wall's end, 拉杠 on a discard, a win on a held bonus tile, 报听, 海底捞月,
#                   the birds and the seats they fall on, the seats already won, a false win), as each flow's
#                   record_facts / check_facts derives them from the hand state (tests/game/test_core_facts.py).
#   core_birds(c, winner, by_seat) nogil  the birds turned up for a win now: hits (BIRD_HITS), per seat.
#   core_horses(c, seat, claimed, tiles, n) nogil  买马 after seat's win: the horses' tiles and hits.
#   c.gb_decide (GameCore.decide_guobiao): Guobiao's may-this-seat-win decided in C (core_gb_verdict: the scoring
#                   record built from the core's state, scored by guobiao.pxi's _gb_decide without the GIL); the
#                   CS_SCORE status then comes only for a hand the rule layer's one-call path would not take.
#                   Each win's facts (core_win_facts), tile, source, total and (decided in C) fan vector are kept.
#   c.ev_decide (GameCore.decide_book): a compiled rule book scores every win in C (evaluator_core.pxi:
#                   ev_verdict at each win offer) and, where its nets are C's (ev_settles), settles the hand by
#                   folding the record (ev_settle); CS_PAY is then not returned: its places are kept (pay_marks)
#                   for the typed events' payments.
# A caller stepping many cores without the GIL loops core_act / core_play_random and drops to Python only on
# CS_SCORE / CS_PAY / CS_END.  The Python face is the GameCore class at the end of this file; its drivers are
# mahjong.game.core.CoreHand (events built when read), CoreGame (Game's step API) and RandomTable (self-play).
# Each seat's waits are cached (wait_valid / wait_mask / wait_wild) while its base hand is unchanged: a win offer
# is one bit test, and the rule set is asked (CS_SCORE) only for a complete hand.
#
# Every array has a fixed size; every write into one is bounded here (a hand that would pass a bound is one no
# consistent play reaches: the write is skipped), and GameCore / CoreFlowTable check every value Python sends.

from mjcore.enginedefs cimport *
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t
from libc.string cimport memmove

cdef extern from *:
    """
    #define MJ_SM_GOLDEN 0x9E3779B97F4A7C15ULL
    #define MJ_SM_M1 0xBF58476D1CE4E5B9ULL
    #define MJ_SM_M2 0x94D049BB133111EBULL
    #if defined(__SIZEOF_INT128__)
    static inline uint64_t mj_mulhi64(uint64_t a, uint64_t b) {
        return (uint64_t)(((unsigned __int128)a * b) >> 64);
    }
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    #include <intrin.h>
    static inline uint64_t mj_mulhi64(uint64_t a, uint64_t b) { return __umulh(a, b); }
    #else
    static inline uint64_t mj_mulhi64(uint64_t a, uint64_t b) {
        uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
        uint64_t lo = a0 * b0, m1 = a1 * b0 + (lo >> 32), m2 = a0 * b1 + (m1 & 0xFFFFFFFFu);
        return a1 * b1 + (m1 >> 32) + (m2 >> 32);
    }
    #endif
    """
    uint64_t MJ_SM_GOLDEN
    uint64_t MJ_SM_M1
    uint64_t MJ_SM_M2
    uint64_t mj_mulhi64(uint64_t a, uint64_t b) noexcept nogil

cdef enum:
    CORE_WALL = 144
    CORE_EVENTS = 1024
    CORE_LEGAL = 96
    CORE_MELDS = 8
    CORE_RIVER = 160
    CORE_BONUS = 16
    CORE_KONGS = 16
    CORE_TILES = 42
    CORE_PAY_MARKS = 32
    CORE_PICKS = 20
    CORE_PROGRAM = 512
    CORE_SPECIAL_ROWS = 16
    CORE_STACK = 32
    CORE_HAND_MAX = 16     # the longest hand dealt (玉环: 16, the dealer 17)
    # a win's facts (core_win_facts)
    WF_LAST_TILE = 1
    WF_LAST_WALL_TILE = 2
    WF_KONG_REPLACEMENT = 4
    WF_ROBBING_KONG = 8
    WF_AFTER_KONG_DISCARD = 16
    WF_HEAVENLY = 32
    WF_EARTHLY = 64
    WF_HUMAN = 128
    WF_FIRST_ROUND = 256
    WF_BONUS_AFTER_KONG = 512

cdef uint64_t CORE_KINDS34 = ((<uint64_t>1) << 34) - 1
cdef uint64_t CORE_KINDS42 = ((<uint64_t>1) << 42) - 1


# ---- SplitMix64, bit-identical to mahjong.game.rng ----------------------------------------------------------

ctypedef struct SM64:
    uint64_t state


cdef inline uint64_t sm_mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * MJ_SM_M1
    z = (z ^ (z >> 27)) * MJ_SM_M2
    return z ^ (z >> 31)


cdef inline void sm_seed(SM64* r, uint64_t seed, uint64_t salt) noexcept nogil:
    """mix_seed(seed, salt) (seed and salt taken mod 2**64, as the Python masks them)."""
    r.state = sm_mix(seed ^ sm_mix(salt * MJ_SM_GOLDEN + 1))


cdef inline uint64_t sm_next(SM64* r) noexcept nogil:
    r.state += MJ_SM_GOLDEN
    return sm_mix(r.state)


# sm_below's two divisions per value, for the n every hand asks (a wall's shuffle, the agents' choices among at
# most CORE_LEGAL actions), are read from tables: 2**64 mod n, and floor((2**64 - 1) / n) for the remainder by
# a multiplication (the quotient it gives is at most 2 short, corrected by subtraction: the same value).
cdef enum:
    SM_TABLE_N = 256

cdef uint64_t SM_REM[SM_TABLE_N]    # [n] = 2**64 mod n (n >= 1)
cdef uint64_t SM_RECIP[SM_TABLE_N]  # [n] = floor((2**64 - 1) / n)


cdef void sm_tables_init() noexcept nogil:
    cdef uint64_t n
    SM_REM[0] = 0
    SM_RECIP[0] = 0
    for n in range(1, SM_TABLE_N):
        SM_REM[n] = (<uint64_t>0 - n) % n
        SM_RECIP[n] = (<uint64_t>0 - 1) / n


sm_tables_init()


cdef inline uint64_t sm_below(SM64* r, uint64_t n) noexcept nogil:
    """An unbiased value in 0..n-1 (n >= 1): rejection of the top 2**64 mod n values, as SplitMix64.below."""
    cdef uint64_t rem, v
    if n < SM_TABLE_N:
        rem = SM_REM[n]
        while True:
            v = sm_next(r)
            if rem == 0 or v < <uint64_t>0 - rem:
                v -= mj_mulhi64(v, SM_RECIP[n]) * n
                while v >= n:
                    v -= n
                return v
    rem = (<uint64_t>0 - n) % n  # 2**64 mod n
    while True:
        v = sm_next(r)
        if rem == 0 or v < <uint64_t>0 - rem:
            return v % n


# ---- the structs ----------------------------------------------------------------------------------------------

ctypedef struct CoreFlow:
    # the table (mahjong.game.coreflow; field meanings: game/_core_constants.py CORE_FLOW_FIELDS)
    int n_seats
    int seats[4]               # in turn order
    int seat_index[4]          # each seat's place in turn order (-1: not at the table)
    int n_tiles
    uint8_t tiles[CORE_WALL]   # the tile set in the order flow.tiles() lists it (shuffled from this order)
    int in_play                # -1: every tile
    int hand_size
    int chows
    int honor_chows
    int multiple_winners
    int winners_to_end
    int reserve
    int dice_break
    int segmented
    uint64_t bonus_mask
    uint64_t held_mask
    uint64_t wild_mask
    int indicator              # IND_*
    uint64_t ind_wild[34]      # the kinds each indicator makes wild
    uint64_t ind_bonus[34]     # the bonus kinds each indicator makes (玉环: 白板, or 红中 when 白板 is the 财神)
    int8_t ind_kinds[34][2]    # the first two kinds each indicator makes wild, in the flow's order (-1: none)
    int wild_melds
    int lack
    int forced_win_tiles
    int pays_during_play
    int exchange
    int ex_by_dice
    int ex_offset
    int ex_dice_offset[13]     # 换三张 by the dice: seats on for each sum 2..12
    int ready_declaration
    int swap_at_start
    int penalties              # the judge's penalties (false wins may be declared: WH)
    int haidi_phase
    int shows_kongs
    int declares_held_bonus
    int bonus_spoils_kong_draw
    int break_stacks
    uint32_t rule_flags        # HandRules of the rule set (the win shape)
    int rule_hand_size
    int rule_max_wildcards
    int suits                  # bits: the suits (0..2) of the tile set (holding names)
    int birds
    int bird_hits              # BH_*
    int horses                 # -1: no 买马
    int horses_no_wild         # -1: as many
    int horse_from             # HF_*
    int late_discard_tiles     # a discard won on with at most this many live tiles left is late (承包); -1 none
    int wildcard_forfeits      # bits 1 << WFF_*: a wildcard melded / discarded forfeits the seat's wins (老鬼宁)
    int8_t horse_pos[34]       # each kind's 买马 position (0 = the start seat ..; -1: none)
    int n_open                 # [[opening]] rows: the row's place in the file, its condition, its times (-1: once)
    int open_row[CORE_SPECIAL_ROWS]
    int open_when[CORE_SPECIAL_ROWS]
    int open_times[CORE_SPECIAL_ROWS]
    int n_inst                 # [[instant_wins]] rows: the row's place, when (IA_*), its condition
    int inst_row[CORE_SPECIAL_ROWS]
    int inst_at[CORE_SPECIAL_ROWS]
    int inst_when[CORE_SPECIAL_ROWS]
    int n_prog                 # the programs: at each offset its length, then its ops
    int32_t prog[CORE_PROGRAM]


ctypedef struct CoreFacts:
    # the flows' own win facts read from the core (core_flow_facts)
    int indicator                    # the wildcard indicator turned up (-1: none)
    uint64_t wildcards               # this hand's wildcard kinds
    # per seat: copies held (melds included) of the indicator's first and second wildcard kinds (南昌 正精 / 副精);
    # the winner's count includes a claimed tile
    int wild_held[4][2]
    int wild_kongs                   # seats (bits) other than the winner with a kong of the second kind (精杠)
    int bonus[4]                     # bonus tiles each seat has set aside (玉环 杠花)
    int tiles_to_end                 # live tiles left before the wall's end (live - reserve; 承包)
    int lagang                       # a win on a discard whose discarder holds a pung of it (拉杠)
    int wildcard_win                 # the winning tile is a bonus tile held in the hand (金山 百搭)
    int declared_ready               # the winner has declared ready (报听)
    int haidi                        # the win is on the tile fished in 海底捞月
    int birds                        # birds that hit (BIRD_HITS all / 159)
    int bird_seats[4]                # birds on each seat (扎鸟 by seat)
    int already_won                  # seats (bits) that have won before this win
    int false_win                    # the win on offer is complete but under the minimum (a false win)
    int bonus_after_kong             # a bonus tile came as the winner's kong replacement (its 杠上开花 lost)
    int ready_from_start             # the winner declared 报听 with its first discard, in the first go-round


ctypedef struct HandCore:
    CoreFlow p
    int dealer
    int prevalent_wind
    SM64 rng                         # the game's stream (dice, fishing, swaps): SplitMix64(seed, salt * 2 + 1)
    SM64 agent[4]                    # the random agents' streams (core_seed_agents)
    uint8_t wall[CORE_WALL]
    int n_wall
    int front
    int back
    int seg_len                      # the segmented wall: tiles per seat (0: one shared wall)
    int seg_front[4]
    uint8_t hands[4][CORE_TILES]
    int n_melds[4]
    uint8_t meld_kind[4][CORE_MELDS]   # MK_*
    uint8_t meld_low[4][CORE_MELDS]    # the meld's lowest tile
    uint8_t meld_tile[4][CORE_MELDS]   # the claimed tile (the kong's / pung's tile)
    int8_t meld_from[4][CORE_MELDS]    # absolute seat claimed from; -1 concealed kong
    int8_t meld_skip[4][CORE_MELDS]    # a chow of three winds: the wind left out (-1: a run)
    int n_river[4]
    uint8_t river[4][CORE_RIVER]
    uint8_t river_claimed[4][CORE_RIVER]
    int n_bonus[4]
    uint8_t bonus[4][CORE_BONUS]
    uint8_t visible[CORE_TILES]
    int n_kongs
    uint8_t kong_seat[CORE_KONGS]
    uint8_t kong_kind[CORE_KONGS]      # MK_KONG (melded), MK_ADDED_KONG, MK_CONCEALED_KONG
    uint8_t kong_tile[CORE_KONGS]
    int8_t kong_from[CORE_KONGS]
    uint8_t kong_robbed[CORE_KONGS]
    int playing                      # bit mask of the seats still playing
    int n_won
    int won[4]
    int instant_seat                 # the seat that won at once by a holding (-1 none)
    int lack[4]                      # the declared suit, -1 none
    int phase
    int actor
    int ldraw_seat                   # the last draw: seat (-1 none), tile, replacement, after the seat's kong
    int ldraw_tile
    int ldraw_repl
    int ldraw_after_kong
    int ldis_seat                    # the discard on the table: seat (-1 none), tile, right after a kong
    int ldis_tile
    int ldis_after_kong
    int ldis_drawn                   # the discard is the tile its discarder just drew (the forced win's last tiles)
    int offer_drawn                  # the tile on offer (discard or added kong) is the one its owner just drew
    int pk_seat                      # the added kong that may be robbed (-1 none), tile
    int pk_tile
    int pk_drawn                     # the added kong's tile is the one just drawn
    int robbing                      # the wins being made rob a kong
    int kong_draw_due                # a seat whose kong needs its replacement draw (-1 none)
    int after_kong[4]
    int turns[4]
    int claims_made
    int n_pending                    # the seats that must answer, in the order the engine asks them
    int pend_order[4]
    int pending                      # bit mask
    int answered                     # bit mask
    int response[4]
    int n_legal[4]
    int16_t legal[4][CORE_LEGAL]     # each pending seat's legal action slots, in the engine's order
    int verdict_step[4]              # the win verdict cache: valid while n_ev == verdict_step[seat]
    int verdict_tile[4]
    int verdict_ok[4]
    int verdict_valid[4]             # the win meets the minimum (not a false win)
    int verdict_total[4]
    int q_seat                       # CS_SCORE's question
    int q_tile
    int q_from
    int q_robbing
    # this hand's wildcard and bonus kinds (the flow's, and the indicator's once turned up)
    uint64_t wild_now
    uint64_t bonus_now
    int ind_tile                     # the indicator (-1 none) and the wall position it was taken from
    int ind_pos
    # 报听: locked seats, in the order they declared; the seats in the order they became ready (海底捞月)
    int ready[4]
    int ready_from_start[4]          # 报听 with the seat's first discard, in the first go-round (扣听)
    int bonus_after_kong[4]          # a bonus tile came as the seat's kong replacement since its kong
    int pen_seat                     # the judge's penalty that ended the hand: seat (-1 none), kind (PEN_*)
    int pen_kind
    int n_ready_order
    int ready_order[4]
    int n_became
    int became[4]
    int haidi_tile                   # the tile fished in 海底捞月 (-1 none)
    # the tiles out of play, in HandState.out_of_play's order
    int n_out
    uint8_t out[CORE_WALL]
    # 开始时换牌: the seats done, each seat's picks
    int swapped
    int n_swap[4]
    uint8_t swap_picked[4][CORE_PICKS]
    int n_ev
    int32_t ev[CORE_EVENTS][5]
    # each seat's waits, cached while its 3n+1 "base" hand is unchanged (the concealed tiles, minus the tile
    # just drawn on its turn): a win on a discard / robbed kong / self-draw of t is bit t; wait_wild: a wildcard
    # completes it (-1: not asked yet; core_wait_wild decides it from wait_base, the base hand's real counts and
    # wait_base_wild its wildcards, when a wildcard is drawn or claimed, the only times it is read)
    int wait_valid[4]
    uint64_t wait_mask[4]
    int wait_wild[4]
    uint8_t wait_base[4][HBUF]
    int wait_base_wild[4]
    # the Guobiao rule set decided in C (core_gb_verdict; set by GameCore.decide_guobiao, 0 = ask Python): its
    # option bits and minimum; each seat's fan vector of its last verdict, and each win's (flowers at 花牌)
    int gb_decide
    int gb_opts
    int gb_min_fan
    # ... except a win with any of these win facts (WF_* bits: the ones the flow passes to the rule set beyond the
    # kernel's, 天和 / 地和 / 人和) or any of these fans (bit j of word j >> 6: a fan an opt-in extra hand builds
    # on) in its fan vector: the rule layer decides those (0: none)
    int gb_ask_facts
    uint64_t gb_ask_fans[2]
    int verdict_in_c[4]
    int verdict_fans[4][GB_NF]
    int won_in_c[4]
    int won_fans[4][GB_NF]
    # each win's facts as HandState.win_facts derives them when the win is folded (WF_* bits), its tile, the
    # seat it was won from (-1 self-drawn) and its total, whether it met the minimum
    int won_facts[4]
    int won_tile[4]
    int won_from[4]
    int won_total[4]
    int won_valid[4]
    int won_step[4]                  # the event-record position its verdict was given at
    # a compiled rule book deciding every win in C (evaluator_core.pxi; set by GameCore.decide_book, 0 = ask
    # Python): the book (its GameCore keeps it alive), how the flow reads 天和 / 地和, whether C settles the hand
    # (the nets of ev_settle); the event-record positions where money would have moved during play (CS_PAY, not
    # returned then)
    int ev_decide
    const EvBook* book
    int ev_heavenly
    int ev_earthly
    int ev_settles
    int64_t ev_net[4]
    int n_pay_marks
    int pay_marks[CORE_PAY_MARKS]
    # 换三张: each seat's picks
    int n_picked[4]
    int picked[4][3]


# ---- small helpers ----------------------------------------------------------------------------------------------

cdef inline void core_event(HandCore* c, int kind, int seat, int tile, int a, int b) noexcept nogil:
    cdef int i = c.n_ev
    if i < CORE_EVENTS:
        c.ev[i][0] = kind
        c.ev[i][1] = seat
        c.ev[i][2] = tile
        c.ev[i][3] = a
        c.ev[i][4] = b
        c.n_ev = i + 1


cdef inline int core_after(const HandCore* c, int seat, int k) noexcept nogil:
    """The seat ``k`` places after ``seat`` (a seat at the table) in turn order."""
    cdef int n = c.p.n_seats, i = c.p.seat_index[seat & 3] + k
    if i >= n:  # (k is nearly always under a round: a subtraction, not the division on every claim and turn)
        i -= n
        if i >= n:
            i %= n
    return c.p.seats[i]


cdef inline bint core_may_hold_four(const uint8_t* h) noexcept nogil:
    """Some count among the first 40 of ``h`` is 4 (never a miss; a bonus tile's count may give a false yes): the
    concealed kongs need looking for only then.  Eight counts at a time: a byte of w ^ 0x04.. is zero."""
    cdef uint64_t w, x
    cdef int i
    for i in range(0, 40, 8):
        memcpy(&w, h + i, 8)
        x = w ^ 0x0404040404040404ULL
        if (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL:
            return 1
    return 0


cdef inline int core_at_table(const HandCore* c, int seat) noexcept nogil:
    return 0 <= seat < 4 and c.p.seat_index[seat] >= 0


cdef inline int core_live_for(const HandCore* c, int seat) noexcept nogil:
    """Tiles ``seat`` can still draw (its own segment in a segmented wall; else the shared wall)."""
    if c.seg_len:
        return (c.p.seat_index[seat & 3] + 1) * c.seg_len - c.seg_front[seat & 3]
    return c.back - c.front


cdef inline int core_live(const HandCore* c) noexcept nogil:
    """Tiles still to draw (every segment together in a segmented wall)."""
    cdef int i, n = 0
    if c.seg_len:
        for i in range(c.p.n_seats):
            n += core_live_for(c, c.p.seats[i])
        return n
    return c.back - c.front


cdef inline int core_is_bonus(const HandCore* c, int t) noexcept nogil:
    return <int>((c.bonus_now >> t) & 1)


cdef inline int core_is_wild(const HandCore* c, int t) noexcept nogil:
    return 0 <= t < CORE_TILES and <int>((c.wild_now >> t) & 1)


cdef inline int core_next_seat(const HandCore* c, int seat) noexcept nogil:
    """The next seat still playing after seat (seat itself when none)."""
    cdef int k, s
    for k in range(1, c.p.n_seats + 1):
        s = core_after(c, seat, k)
        if c.playing & (1 << s):
            return s
    return seat


cdef inline int core_concealed(const HandCore* c, int seat) noexcept nogil:
    cdef int t, n = 0
    for t in range(CORE_TILES):
        n += c.hands[seat][t]
    return n


cdef inline int core_holds_lack(const HandCore* c, int seat) noexcept nogil:
    cdef int s = c.lack[seat], t
    if s < 0:
        return 0
    for t in range(s * 9, s * 9 + 9):
        if c.hands[seat][t]:
            return 1
    return 0


cdef inline int core_may_meld(const HandCore* c, int seat, int t) noexcept nogil:
    """Flow.may_meld: not the lacking suit (定缺); not a wildcard where wildcards are never punged or konged."""
    if c.lack[seat] >= 0 and t // 9 == c.lack[seat]:
        return 0
    return c.p.wild_melds or not core_is_wild(c, t)


cdef inline int core_may_discard(const HandCore* c, int seat, int t, int holds_lack) noexcept nogil:
    if c.lack[seat] < 0 or not holds_lack:
        return 1
    return t // 9 == c.lack[seat]


cdef int core_split(const HandCore* c, const uint8_t* counts, int n, uint8_t* real) noexcept nogil:
    """Flow.wildcard_count: ``real`` (a HBUF hand buffer) gets counts[0..34) with this hand's wildcard kinds
    taken out; the wildcards held (counts of the wildcard kinds among counts[0..n)) are returned."""
    cdef int t, wild = 0
    cdef uint64_t m = c.wild_now
    memset(real, 0, HBUF)
    memcpy(real, counts, 34)
    while m:
        t = mj_ctz64(m)
        m &= m - 1
        if t < n:
            wild += counts[t]
            if t < 34:
                real[t] = 0
    return wild


cdef int core_kernel_total(const HandCore* c, const uint8_t* real, int wild) noexcept nogil:
    """The tiles of a hand (real counts + wildcards) the kernels accept as the rule set's, as mahjong._input
    checks them (at most max_wildcards wildcards, no honor where the rules have none, a size that is not 0 mod
    3 and at most hand_size + 1); -1 for a hand they refuse (a kernel question about it is then "no")."""
    cdef int t, total = wild
    if wild > c.p.rule_max_wildcards:
        return -1
    for t in range(34):
        if real[t] > 4:
            return -1
        total += real[t]
    if c.p.rule_flags & F_NO_HONORS:
        for t in range(27, 34):
            if real[t]:
                return -1
    if total % 3 == 0 or total > c.p.rule_hand_size + 1:
        return -1
    return total


cdef void core_meld_tiles(const HandCore* c, int seat, int m, int* out) noexcept nogil:
    """A chow's three tiles, ascending (a run, or three different winds)."""
    cdef int w, k = 0, low = c.meld_low[seat][m], skip = c.meld_skip[seat][m]
    if skip >= 0:
        for w in range(27, 31):
            if w != skip and k < 3:
                out[k] = w
                k += 1
    else:
        out[0], out[1], out[2] = low, low + 1, low + 2


cdef int core_knit_missing(const uint8_t* h) noexcept nogil:
    """The fewest of a knitted sequence's nine tiles (组合龙) the hand lacks: a lower bound of that form's
    distance, so a hand lacking two is not ready through it."""
    cdef int held[3][3]  # [suit][rank class]: how many of ranks j, j+3, j+6 the suit holds
    cdef int perm, j, s, best = 9
    for s in range(3):
        for j in range(3):
            held[s][j] = (h[9 * s + j] != 0) + (h[9 * s + j + 3] != 0) + (h[9 * s + j + 6] != 0)
    for perm in range(6):
        best = imin(best, 9 - held[KNIT_PERM[perm][0]][0] - held[KNIT_PERM[perm][1]][1]
                    - held[KNIT_PERM[perm][2]][2])
    return best


cdef uint64_t core_waits_of(uint8_t* h, int k, int total, int hand_size, uint32_t flags) noexcept nogil:
    """waits_mask(h, k, ...) of a 3n+1 hand, with the knitted forms (组合龙, 全不靠) probed only when the hand
    may be one tile from them: waits_mask without them, then the tiles completing a special form when their
    distance can be 1 (a tile completes a form only from distance 1).  Most hands are far from every knitted
    form, and waits_mask would search the six knitted sequences each time."""
    cdef uint64_t mask
    cdef int t
    if k or not (flags & F_KNITTED) or (flags & (F_WAIT_ON_FOURTH_COPY | F_LACK_A_SUIT)):
        return waits_mask(h, k, total, hand_size, flags)
    mask = waits_mask(h, 0, total, hand_size, flags & ~F_KNITTED)
    if ((concealed_specials(total, hand_size) and honors_knitted_D(h) <= 1)
            or (knitted_straight_applies(total, hand_size, flags) and core_knit_missing(h) <= 1)):
        for t in range(34):
            if h[t] < 4 and kind_allowed(t, flags):
                h[t] += 1
                if specials_D(h, total + 1, hand_size, flags) == 0:
                    mask |= (<uint64_t>1) << t
                h[t] -= 1
    return mask


cdef uint64_t core_waits(HandCore* c, int seat) noexcept nogil:
    """The waits of the seat's base hand (cached until its concealed tiles change other than by a draw): bit t =
    a tile t completes it; c.wait_wild[seat]: a wildcard completes it (-1: core_wait_wild decides).  0 for a
    hand the kernels refuse."""
    cdef uint8_t cnt[CORE_TILES]
    cdef uint8_t h[HBUF]
    cdef int t, total = 0, wild, wild_win = 0
    cdef uint64_t mask = 0
    if c.wait_valid[seat]:
        return c.wait_mask[seat]
    memcpy(cnt, c.hands[seat], CORE_TILES)
    for t in range(CORE_TILES):
        total += cnt[t]
    if total % 3 == 2 and c.ldraw_seat == seat and 0 <= c.ldraw_tile < CORE_TILES and cnt[c.ldraw_tile]:
        cnt[c.ldraw_tile] -= 1
    wild = core_split(c, cnt, CORE_TILES, h)
    total = core_kernel_total(c, h, wild)
    if total > 0 and total % 3 == 1:
        # (waits_mask probes every tile under lack-a-suit or with wildcards: a hand that is not ready has no
        # waits, nor does a wildcard complete it, and one shanten is far cheaper than 34 probes.  Holding
        # wildcards, one more wildcard's win decides it cheaper still: a wildcard stands for any tile but a fifth
        # copy, so a hand that one more does not complete waits on nothing (a wait on a fifth copy aside); the
        # wildcard's answer is kept.  tests/test_wildcard_waits_gate.py)
        if wild and not (c.p.rule_flags & (F_LACK_A_SUIT | F_WAIT_ON_FOURTH_COPY)) \
                and wild + 1 <= c.p.rule_max_wildcards:
            wild_win = win_k(h, wild + 1, total + 1, c.p.rule_hand_size, c.p.rule_flags)
            if wild_win:
                mask = core_waits_of(h, wild, total, c.p.rule_hand_size, c.p.rule_flags)
        elif (not (c.p.rule_flags & F_LACK_A_SUIT) and not wild) or shanten_at_most(
                h, wild, total, c.p.rule_hand_size, c.p.rule_flags, 0) == 0:
            mask = core_waits_of(h, wild, total, c.p.rule_hand_size, c.p.rule_flags)
            if c.wild_now and wild + 1 <= c.p.rule_max_wildcards:
                wild_win = -1  # (decided when asked: core_wait_wild)
                memcpy(c.wait_base[seat], h, HBUF)
                c.wait_base_wild[seat] = wild
    c.wait_mask[seat] = mask
    c.wait_wild[seat] = wild_win
    c.wait_valid[seat] = 1
    return mask


cdef int core_wait_wild(HandCore* c, int seat) noexcept nogil:
    """A wildcard completes the seat's base hand (core_waits' cache; the win_k of its base hand with one more
    wildcard, run the first time it is asked: most base hands never meet a wildcard drawn or claimed)."""
    cdef uint8_t h[HBUF]
    cdef int wild, total = 0, t
    core_waits(c, seat)
    if c.wait_wild[seat] < 0:
        memcpy(h, c.wait_base[seat], HBUF)
        wild = c.wait_base_wild[seat]
        for t in range(34):
            total += h[t]
        c.wait_wild[seat] = win_k(h, wild + 1, total + wild + 1, c.p.rule_hand_size, c.p.rule_flags)
    return c.wait_wild[seat]


cdef int core_shape_win(HandCore* c, int seat, int tile, int claimed) noexcept nogil:
    """The seat's concealed tiles (+ tile when claimed) form a complete hand under the rule set's HandRules,
    wildcards counted as the flow counts them (is_win of the count array: never with a fifth copy)."""
    cdef uint64_t mask
    if claimed:
        if tile < 34 and c.hands[seat][tile] >= 4 and not core_is_wild(c, tile):
            return 0
    elif c.ldraw_seat != seat or c.ldraw_tile != tile:
        return 0
    if core_is_wild(c, tile):
        return core_wait_wild(c, seat)
    mask = core_waits(c, seat)
    if tile >= 34:
        return 0
    return <int>((mask >> tile) & 1)


cdef int core_ready(HandCore* c, int seat) noexcept nogil:
    """The seat's concealed tiles wait on at least one tile (the wall end's ready check, wildcards counted)."""
    if core_concealed(c, seat) % 3 != 1:
        return 0
    return core_waits(c, seat) != 0


cdef int core_ready34(HandCore* c, const uint8_t* counts) noexcept nogil:
    """K.waits of 34 counts (no bonus tile held) after Flow.wildcard_count is not empty (报听's checks).  (A hand
    with a wait is at shanten 0: one shanten first, the waits only then.)"""
    cdef uint8_t h[HBUF]
    cdef int wild = core_split(c, counts, 34, h)
    cdef int total = core_kernel_total(c, h, wild)
    if total < 0 or total % 3 != 1:
        return 0
    if shanten_at_most(h, wild, total, c.p.rule_hand_size, c.p.rule_flags, 0) != 0:
        return 0
    return waits_mask(h, wild, total, c.p.rule_hand_size, c.p.rule_flags) != 0


cdef int core_near_ready34(HandCore* c, const uint8_t* counts) noexcept nogil:
    """34 counts after Flow.wildcard_count are at shanten 0 or complete (a discard from them may leave the hand
    ready); 0 for a hand the kernels refuse."""
    cdef uint8_t h[HBUF]
    cdef int wild = core_split(c, counts, 34, h)
    cdef int total = core_kernel_total(c, h, wild)
    if total < 0:
        return 0
    return shanten_at_most(h, wild, total, c.p.rule_hand_size, c.p.rule_flags, 0) <= 0


cdef int core_ready_after(HandCore* c, int seat, int t) noexcept nogil:
    """Game._ready_after: discarding t leaves the seat ready (报听 may be declared with it)."""
    cdef uint8_t cnt[34]
    memcpy(cnt, c.hands[seat], 34)
    if cnt[t] == 0:
        return 0
    cnt[t] -= 1
    return core_ready34(c, cnt)


cdef void core_note_ready(HandCore* c, int seat) noexcept nogil:
    """Game._note_ready: the 海底捞月 goes to the seat ready first: note when each became ready."""
    cdef int i
    if not c.p.ready_declaration:
        return
    for i in range(c.n_became):
        if c.became[i] == seat:
            return
    if c.n_became < 4 and core_ready34(c, c.hands[seat]):
        c.became[c.n_became] = seat
        c.n_became += 1


cdef int core_gb_verdict(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """Guobiao's may-this-seat-win for a complete hand, decided in C: the scoring record built from the core's
    own state (the win facts derived as HandState.win_facts derives them) and scored by the compiled Guobiao
    kernel without the GIL.  1 / 0 with the verdict cached; -1 = anything the rule layer's fast path would not
    take itself (the rule layer then decides: CS_SCORE)."""
    cdef uint8_t rec[GB_REC]
    cdef GBHand h
    cdef int best[GB_NF]
    cdef int i, m, kind, t, in_melds = 0, any_kong = 0, flags = 0, n_m = c.n_melds[seat], fan, ok
    cdef int self_drawn = from_seat < 0, last_tile, facts, valid
    cdef uint8_t* pk
    if n_m > 4 or n_m > CORE_MELDS:
        return -1
    memset(rec, 0, GB_REC)
    for i in range(34):
        rec[GB_REC_COUNTS + i] = c.hands[seat][i]
    if not self_drawn:
        rec[GB_REC_COUNTS + tile] += 1
    for m in range(n_m):
        kind = c.meld_kind[seat][m]
        t = c.meld_tile[seat][m]
        pk = rec + GB_REC_PACKS + 3 * m
        if kind == MK_CHOW:
            t = c.meld_low[seat][m] + 1  # (the kernel's chow is its middle tile)
            in_melds += (t - 1 == tile) + (t == tile) + (t + 1 == tile)
            pk[0] = GB_CHOW
        elif kind == MK_PUNG:
            in_melds += 3 if t == tile else 0
            pk[0] = GB_PUNG
        else:
            in_melds += 4 if t == tile else 0
            any_kong = 1
            pk[0] = GB_KONG
        pk[1] = t
        pk[2] = 0 if kind == MK_CONCEALED_KONG else 1
    # the facts the rule layer's one-call path reads (it refuses the same doubtful cases: -1 here)
    facts = core_win_facts(c, seat, tile, from_seat, robbing)
    if facts & c.gb_ask_facts:
        return -1
    last_tile = facts & WF_LAST_TILE
    if last_tile and rec[GB_REC_COUNTS + tile] != 1:
        return -1
    if last_tile or in_melds == 3:  # (the other three copies in the hand's own melds: 和绝张 for sure)
        flags |= GB_FLAG_LAST_TILE
    if robbing:
        if in_melds or rec[GB_REC_COUNTS + tile] != 1:
            return -1
        flags |= GB_FLAG_KONG
    if self_drawn:
        flags |= GB_FLAG_SELF_DRAWN
    if (facts & WF_KONG_REPLACEMENT) and not (c.p.bonus_spoils_kong_draw and facts & WF_BONUS_AFTER_KONG):
        if not any_kong:
            return -1
        flags |= GB_FLAG_KONG
    if facts & WF_LAST_WALL_TILE:
        flags |= GB_FLAG_WALL_LAST
    rec[GB_REC_WIN] = tile
    rec[GB_REC_FLAGS] = flags
    rec[GB_REC_SEAT] = (seat - c.dealer) & 3
    rec[GB_REC_PREVALENT] = c.prevalent_wind
    rec[GB_REC_FLOWERS] = c.n_bonus[seat]
    rec[GB_REC_N_PACKS] = n_m
    if _gb_load(rec, c.gb_opts, &h) != GB_OK or _gb_decide(&h, best) != GB_OK:
        return -1
    if c.gb_ask_fans[0] | c.gb_ask_fans[1]:
        for i in range(GB_NF):
            if best[i] and (c.gb_ask_fans[i >> 6] >> (i & 63)) & 1:
                return -1
    fan = _gb_total(best)
    valid = fan >= c.gb_min_fan
    best[GBF_FLOWER_TILES] = c.n_bonus[seat]
    memcpy(c.verdict_fans[seat], best, GB_NF * sizeof(int))
    ok = valid or c.p.penalties  # (with the judge's penalties a false win may be declared: WH)
    core_verdict_valid(c, seat, tile, ok, valid, fan + c.n_bonus[seat])
    c.verdict_in_c[seat] = 1
    return ok


cdef int core_forfeited(const HandCore* c, int seat) noexcept nogil:
    """Flow.may_win's 老鬼宁 (Flow.forfeited): the seat has a tile of this hand's wildcard kinds in a meld, or among
    its discards, where the flow's wildcard_forfeits says that forfeits its wins."""
    cdef int m, k
    cdef int tiles[3]
    cdef uint64_t wild = c.wild_now
    if c.p.wildcard_forfeits & (1 << WFF_MELDED):
        for m in range(c.n_melds[seat]):
            if c.meld_kind[seat][m] == MK_CHOW:
                core_meld_tiles(c, seat, m, tiles)
                for k in range(3):
                    if 0 <= tiles[k] < CORE_TILES and (wild >> tiles[k]) & 1:
                        return 1
            elif 0 <= c.meld_tile[seat][m] < CORE_TILES and (wild >> c.meld_tile[seat][m]) & 1:
                return 1
    if c.p.wildcard_forfeits & (1 << WFF_DISCARDED):
        for k in range(c.n_river[seat] if c.n_river[seat] <= CORE_RIVER else CORE_RIVER):
            if c.river[seat][k] < CORE_TILES and (wild >> c.river[seat][k]) & 1:
                return 1
    return 0


cdef int core_win_offer(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """1 if the win is on offer, 0 if not, -1 if the rule set must be asked (CS_SCORE; c.q_* set)."""
    cdef int ok
    if not (c.playing & (1 << seat)) or tile < 0 or tile >= CORE_TILES:
        return 0
    if tile >= 34 and not ((c.p.held_mask >> tile) & 1):
        return 0
    if c.verdict_step[seat] == c.n_ev and c.verdict_tile[seat] == tile:
        return c.verdict_ok[seat]
    if c.p.lack and core_holds_lack(c, seat):  # may_win: never holding the lacking suit (定缺)
        ok = 0
    elif c.p.wildcard_forfeits and core_forfeited(c, seat):  # may_win: 老鬼宁
        ok = 0
    elif not core_shape_win(c, seat, tile, from_seat >= 0):
        ok = 0
    else:
        if c.gb_decide:
            ok = core_gb_verdict(c, seat, tile, from_seat, robbing)
            if ok >= 0:
                return ok
        elif c.ev_decide:
            ok = ev_verdict(c, seat, tile, from_seat, robbing)
            if ok >= 0:
                return ok
        c.q_seat, c.q_tile, c.q_from, c.q_robbing = seat, tile, from_seat, robbing
        return -1
    core_verdict(c, seat, tile, ok, 0)
    return ok


cdef void core_verdict_valid(HandCore* c, int seat, int tile, int ok, int valid, int total) noexcept nogil:
    """The rule set's answer for the win on offer now: ``ok`` it may be declared, ``valid`` it meets the
    minimum (ok without valid: a false win, where the flow lets one be declared)."""
    if not 0 <= seat < 4:
        return
    c.verdict_step[seat] = c.n_ev
    c.verdict_tile[seat] = tile
    c.verdict_ok[seat] = 1 if ok else 0
    c.verdict_valid[seat] = 1 if ok and valid else 0
    c.verdict_total[seat] = total
    c.verdict_in_c[seat] = 0


cdef void core_verdict(HandCore* c, int seat, int tile, int ok, int total) noexcept nogil:
    core_verdict_valid(c, seat, tile, ok, ok, total)


# ---- the fold of each event (the C twin of HandState.apply) ------------------------------------------------------

cdef int core_take(HandCore* c, int seat, int replacement) noexcept nogil:
    """HandState.next_tile, taken: a replacement from the back (or the seat's own segment), else the front."""
    cdef int t
    if c.seg_len:
        t = c.wall[c.seg_front[seat]]
        c.seg_front[seat] += 1
    elif replacement:
        c.back -= 1
        t = c.wall[c.back]
    else:
        t = c.wall[c.front]
        c.front += 1
    return t


cdef void core_draw_one(HandCore* c, int seat, int replacement) noexcept nogil:
    cdef int t = core_take(c, seat, replacement)
    c.hands[seat][t] += 1
    core_event(c, EV_DRAW, seat, t, replacement, 0)
    if c.phase == PH_DEAL:
        return
    if not replacement:
        c.turns[seat] += 1
    c.ldraw_after_kong = c.after_kong[seat]
    c.kong_draw_due = -1
    c.pk_seat = -1
    c.robbing = 0
    c.ldraw_seat, c.ldraw_tile, c.ldraw_repl = seat, t, replacement
    c.ldis_seat = -1
    c.phase, c.actor = PH_TURN, seat


cdef void core_replace_bonus(HandCore* c, int seat) noexcept nogil:
    """Game._replace_bonus: the bonus tiles held set aside, kind by kind (lowest first, every copy), each replaced
    from the back (or the seat's segment), then the ones those replacements brought, until none is left (or
    the wall is)."""
    cdef int t, k, n
    cdef uint64_t held, m
    if not c.bonus_now:
        return
    while True:
        held = 0
        m = c.bonus_now
        while m:
            t = mj_ctz64(m)
            m &= m - 1
            if t < CORE_TILES and c.hands[seat][t]:
                held |= (<uint64_t>1) << t
        if not held:
            return
        while held:
            t = mj_ctz64(held)
            held &= held - 1
            n = c.hands[seat][t]
            for k in range(n):
                core_set_aside(c, seat, t)
                if core_live_for(c, seat) <= 0:
                    return
                core_draw_one(c, seat, 1)


cdef void core_set_aside(HandCore* c, int seat, int t) noexcept nogil:
    """A bonus tile set aside (HandState._bonus)."""
    c.hands[seat][t] -= 1
    if c.n_bonus[seat] < CORE_BONUS:
        c.bonus[seat][c.n_bonus[seat]] = t
        c.n_bonus[seat] += 1
    if c.after_kong[seat]:
        c.bonus_after_kong[seat] = 1
    core_event(c, EV_BONUS, seat, t, 0, 0)


cdef int core_first_round(const HandCore* c) noexcept nogil:
    """HandState.first_round: no claim or kong, nobody has drawn twice, the dealer has not drawn yet."""
    cdef int s
    if c.claims_made or c.turns[c.dealer]:
        return 0
    for s in range(4):
        if c.turns[s] > 1:
            return 0
    return 1


cdef void core_wall_end(HandCore* c) noexcept nogil:
    """Game._wall_end: the seats still playing that are ready; with 报听, the 海底捞月 phase when a seat may fish
    (one ready seat; both: the one ready first), else the hand is over."""
    cdef int i, s, ready = 0, n_ready = 0, performer = -1, k, t
    for i in range(c.p.n_seats):
        s = c.p.seats[i]
        if (c.playing & (1 << s)) and core_ready(c, s):
            ready |= 1 << s
            n_ready += 1
            performer = s
    core_event(c, EV_WALL_END, -1, 0, ready, 0)
    c.phase = PH_END
    if not c.p.haidi_phase or n_ready == 0:
        return
    if n_ready > 1:
        performer = -1
        for i in range(c.n_became):
            if ready & (1 << c.became[i]):
                performer = c.became[i]
                break
    if performer < 0 or c.n_out <= 0:
        return
    k = <int>sm_below(&c.rng, c.n_out)
    t = c.out[k]
    for i in range(c.n_out):  # (HandState: out_of_play.remove(tile), its first copy)
        if c.out[i] == t:
            memmove(&c.out[i], &c.out[i + 1], c.n_out - i - 1)
            c.n_out -= 1
            break
    c.hands[performer][t] += 1
    c.haidi_tile = t
    c.ldraw_seat, c.ldraw_tile, c.ldraw_repl, c.ldraw_after_kong = performer, t, 0, 0
    c.phase, c.actor = PH_HAIDI, performer
    core_event(c, EV_HAIDI, performer, t, 0, 0)


cdef void core_draw(HandCore* c, int seat, int replacement) noexcept nogil:
    """Game._draw: the draw, its bonus tiles replaced, the wall's end when it ran out on a bonus tile, else an
    instant win by what the seat now holds."""
    core_draw_one(c, seat, replacement)
    core_replace_bonus(c, seat)
    if core_concealed(c, seat) % 3 != 2:  # the wall ran out on a bonus tile: nothing to replace it with
        core_wall_end(c)
    elif c.p.n_inst and c.ldraw_seat >= 0:
        core_instant_win(c, seat, c.ldraw_tile)


cdef void core_discard(HandCore* c, int seat, int t, int ready, int auto) noexcept nogil:
    c.ldis_drawn = c.ldraw_seat == seat and c.ldraw_tile == t
    c.offer_drawn = c.ldis_drawn
    if not c.ldis_drawn:  # (the drawn tile thrown: the base hand is unchanged)
        c.wait_valid[seat] = 0
    c.hands[seat][t] -= 1
    if c.n_river[seat] < CORE_RIVER:
        c.river[seat][c.n_river[seat]] = t
        c.river_claimed[seat][c.n_river[seat]] = 0
        c.n_river[seat] += 1
    c.visible[t] += 1
    c.ldis_seat, c.ldis_tile, c.ldis_after_kong = seat, t, c.after_kong[seat]
    c.after_kong[seat] = 0
    c.bonus_after_kong[seat] = 0
    c.ldraw_seat = -1
    if ready and not c.ready[seat]:
        c.ready[seat] = 1
        c.ready_from_start[seat] = c.n_river[seat] == 1 and core_first_round(c)
        if c.n_ready_order < 4:
            c.ready_order[c.n_ready_order] = seat
            c.n_ready_order += 1
    c.phase, c.actor = PH_CLAIM, seat
    core_event(c, EV_DISCARD, seat, t, ready, auto)


cdef void core_add_kong_ledger(HandCore* c, int seat, int kind, int t, int frm) noexcept nogil:
    cdef int i = c.n_kongs
    if i < CORE_KONGS:
        c.kong_seat[i], c.kong_kind[i], c.kong_tile[i], c.kong_from[i], c.kong_robbed[i] = seat, kind, t, frm, 0
        c.n_kongs = i + 1


cdef void core_claim(HandCore* c, int seat, int kind, int low, int skip) noexcept nogil:
    """A claim of the discard on the table: a chow (its lowest tile, the wind left out of three winds or -1), a
    pung or a kong."""
    cdef int t = c.ldis_tile, p = c.ldis_seat, x, m, k
    cdef int tiles[3]
    c.wait_valid[seat] = 0
    m = c.n_melds[seat]
    if m >= CORE_MELDS:  # (no hand holds this many melds)
        return
    c.meld_kind[seat][m] = MK_CHOW if kind == CK_CHOW else MK_PUNG if kind == CK_PUNG else MK_KONG
    c.meld_low[seat][m] = low
    c.meld_tile[seat][m] = t
    c.meld_from[seat][m] = p
    c.meld_skip[seat][m] = skip if kind == CK_CHOW else -1
    if kind == CK_CHOW:
        core_meld_tiles(c, seat, m, tiles)
        for k in range(3):
            x = tiles[k]
            if x != t:
                c.hands[seat][x] -= 1
                c.visible[x] += 1
    else:
        tiles[0] = tiles[1] = tiles[2] = t
        for x in range(2 if kind == CK_PUNG else 3):
            c.hands[seat][t] -= 1
            c.visible[t] += 1
    if c.n_river[p] > 0:
        c.river_claimed[p][c.n_river[p] - 1] = 1
    c.n_melds[seat] = m + 1
    c.claims_made += 1
    c.ldis_seat = -1
    core_event(c, EV_CLAIM, seat, t, p, kind + 4 * tiles[0] + 256 * tiles[1] + 65536 * tiles[2])
    if kind == CK_KONG:
        core_add_kong_ledger(c, seat, MK_KONG, t, p)
        c.after_kong[seat] = 1
        c.bonus_after_kong[seat] = 0
        c.kong_draw_due = seat
    c.phase, c.actor = PH_TURN, seat


cdef void core_concealed_kong(HandCore* c, int seat, int t) noexcept nogil:
    cdef int m = c.n_melds[seat]
    if m >= CORE_MELDS:
        return
    c.wait_valid[seat] = 0
    c.claims_made += 1
    c.hands[seat][t] -= 4
    c.meld_kind[seat][m], c.meld_low[seat][m], c.meld_tile[seat][m], c.meld_from[seat][m] = \
        MK_CONCEALED_KONG, t, t, -1
    c.meld_skip[seat][m] = -1
    c.n_melds[seat] = m + 1
    c.visible[t] += 4
    core_add_kong_ledger(c, seat, MK_CONCEALED_KONG, t, -1)
    c.after_kong[seat] = 1
    c.bonus_after_kong[seat] = 0
    c.kong_draw_due = seat
    c.phase, c.actor = PH_TURN, seat
    c.ldraw_seat = -1
    core_event(c, EV_KONG, seat, t, 0, 0)


cdef void core_added_kong(HandCore* c, int seat, int t) noexcept nogil:
    cdef int m
    c.claims_made += 1
    for m in range(c.n_melds[seat]):
        if c.meld_kind[seat][m] == MK_PUNG and c.meld_tile[seat][m] == t:
            c.meld_kind[seat][m] = MK_ADDED_KONG
            core_add_kong_ledger(c, seat, MK_ADDED_KONG, t, c.meld_from[seat][m])
            break
    c.wait_valid[seat] = 0
    c.hands[seat][t] -= 1
    c.visible[t] += 1
    c.after_kong[seat] = 1
    c.bonus_after_kong[seat] = 0
    c.pk_seat, c.pk_tile = seat, t
    c.pk_drawn = c.ldraw_seat == seat and c.ldraw_tile == t
    c.offer_drawn = c.pk_drawn
    c.kong_draw_due = seat
    c.phase, c.actor = PH_ROB, seat
    c.ldraw_seat = -1
    core_event(c, EV_KONG, seat, t, 1, 0)


cdef void core_robbed(HandCore* c) noexcept nogil:
    cdef int seat = c.pk_seat, t = c.pk_tile, m
    for m in range(c.n_melds[seat]):
        if c.meld_kind[seat][m] == MK_ADDED_KONG and c.meld_tile[seat][m] == t:
            c.meld_kind[seat][m] = MK_PUNG
            break
    if c.n_kongs:
        c.kong_robbed[c.n_kongs - 1] = 1
    if c.n_river[seat] < CORE_RIVER:  # the robbed tile lies as if discarded (won on)
        c.river[seat][c.n_river[seat]] = t
        c.river_claimed[seat][c.n_river[seat]] = 0
        c.n_river[seat] += 1
    c.pk_seat = -1
    c.robbing = 1
    c.after_kong[seat] = 0
    c.kong_draw_due = -1
    core_event(c, EV_ROBBED, seat, t, 0, 0)


cdef int core_win_facts(const HandCore* c, int seat, int t, int from_seat, int robbing) noexcept nogil:
    """HandState.win_facts of a win now, as WF_* bits (和绝张, 海底, 杠上开花, 抢杠和, 杠上炮, 天和 / 地和 (on the
    first draw) / 人和, still the first go-round)."""
    cdef int f = 0, wall_over, first = core_first_round(c)
    if c.seg_len:  # a segmented wall: the last tile when the seat due to draw next has nothing left
        wall_over = core_live_for(c, core_next_seat(c, seat if from_seat < 0 else from_seat)) <= c.p.reserve
    else:
        wall_over = core_live(c) <= c.p.reserve
    if 0 <= t < 34 and c.visible[t] - (0 if from_seat < 0 else 1) >= 3:
        f |= WF_LAST_TILE
    if from_seat < 0:
        if c.ldraw_seat == seat and c.ldraw_after_kong:
            f |= WF_KONG_REPLACEMENT
        if c.bonus_after_kong[seat]:
            f |= WF_BONUS_AFTER_KONG
        if wall_over and c.haidi_tile < 0:
            f |= WF_LAST_WALL_TILE
    else:
        if robbing:
            f |= WF_ROBBING_KONG
        elif wall_over:
            f |= WF_LAST_WALL_TILE
        if c.ldis_seat >= 0 and c.ldis_after_kong and not robbing:
            f |= WF_AFTER_KONG_DISCARD
    if first:
        f |= WF_FIRST_ROUND
        if seat == c.dealer and from_seat < 0 and c.turns[seat] == 0:
            f |= WF_HEAVENLY
        if seat != c.dealer and from_seat < 0 and c.turns[seat] == 1:
            f |= WF_EARTHLY
        if seat != c.dealer and from_seat >= 0 and not robbing and c.turns[seat] == 0:
            f |= WF_HUMAN
    return f


cdef void core_win(HandCore* c, int seat, int t, int from_seat) noexcept nogil:
    cdef int total = c.verdict_total[seat]
    if c.n_won < 4:
        c.won_facts[c.n_won] = core_win_facts(c, seat, t, from_seat, c.robbing)
        c.won_tile[c.n_won], c.won_from[c.n_won], c.won_total[c.n_won] = t, from_seat, total
        c.won_valid[c.n_won] = c.verdict_valid[seat]
        c.won_step[c.n_won] = c.verdict_step[seat]
        c.won_in_c[c.n_won] = c.verdict_in_c[seat]
        if c.verdict_in_c[seat]:
            memcpy(c.won_fans[c.n_won], c.verdict_fans[seat], GB_NF * sizeof(int))
        c.won[c.n_won] = seat
        c.n_won += 1
    core_event(c, EV_WIN, seat, t, from_seat, total)
    c.playing &= ~(1 << seat)


# ---- a rule file's opening and instant wins: holding programs (mahjong.rulebook.special.compile_holding) -------

ctypedef struct HoldEnv:
    # one seat's holding, as mahjong.rulebook.special.holding_env names it
    int64_t v[HV_N]              # the names (HOLDING_VALUES order); v[HV_COMPLETE] is -1 until read
    const uint8_t* counts        # concealed counts (the seat's own row of the core: read, never written)
    uint8_t real[34]             # ... with the wildcard kinds taken out (filled by hold_real when first read)
    int n_wild
    uint64_t meld_kinds          # kinds in the seat's melds
    uint64_t real_kinds          # kinds held concealed, wildcards left out (bit t: real[t] > 0; hold_real)
    int have_real                # real and real_kinds are filled
    HandCore* c
    int counted                  # the tallies of v (hold_values) are filled: worked out when a program reads one


cdef void hold_env(HoldEnv* e, HandCore* c, int seat) noexcept nogil:
    """The seat's holding: its tiles, wildcards and melds; the tiles without the wildcards are left to hold_real
    and the tallies of v to hold_values (this runs on every draw where a rule file has instant wins, and most
    programs read a few names: 四红中's wildcards, 将将胡's kinds)."""
    cdef int t, m, k
    cdef int tiles[3]
    cdef uint64_t wild = c.wild_now & CORE_KINDS34, bits
    e.c = c
    memset(e.v, 0, sizeof(e.v))
    e.n_wild = 0
    e.meld_kinds = 0
    e.counted = 0
    e.have_real = 0
    e.counts = c.hands[seat]
    bits = wild
    while bits:  # (the wildcard kinds: a few bits)
        t = mj_ctz64(bits)
        bits &= bits - 1
        e.n_wild += e.counts[t]
    e.v[HV_WILDCARDS] = e.n_wild
    e.v[HV_MELDS] = c.n_melds[seat]
    e.v[HV_COMPLETE] = -1
    for m in range(c.n_melds[seat]):
        if c.meld_kind[seat][m] == MK_CHOW:
            core_meld_tiles(c, seat, m, tiles)
            for k in range(3):
                e.meld_kinds |= (<uint64_t>1) << tiles[k]
        else:
            e.meld_kinds |= (<uint64_t>1) << c.meld_tile[seat][m]


cdef void hold_real(HoldEnv* e) noexcept nogil:
    """The holding's tiles without the wildcard kinds (real) and the kinds it holds so (real_kinds), once."""
    cdef int t
    cdef uint64_t wild = e.c.wild_now & CORE_KINDS34, kinds = 0
    if e.have_real:
        return
    e.have_real = 1
    for t in range(34):
        if (wild >> t) & 1:
            e.real[t] = 0
        else:
            e.real[t] = e.counts[t]
            kinds |= (<uint64_t>((e.counts[t] + 255) >> 8)) << t  # (held: no branch to mispredict)
    e.real_kinds = kinds


cdef void hold_values(HoldEnv* e) noexcept nogil:
    """The holding's tallies (tiles, quads, triplets, pairs, 2/5/8s, honors, suits held and missing, ranks
    paired in every suit), worked out once, when a program first reads one."""
    cdef int t, s, r, ok, held = 0
    cdef const CoreFlow* p = &e.c.p
    e.counted = 1
    hold_real(e)
    for t in range(34):
        r = e.real[t]
        e.v[HV_TILES] += r
        e.v[HV_QUADS] += r == 4
        e.v[HV_TRIPLETS] += r == 3
        e.v[HV_PAIRS] += r >= 2
        if t < 27:
            if r:
                held |= 1 << (t // 9)
            if t % 9 == 1 or t % 9 == 4 or t % 9 == 7:
                e.v[HV_TILES_258] += r
        else:
            e.v[HV_HONORS] += r
    e.v[HV_TILES] += e.n_wild
    for s in range(3):
        if held & (1 << s):
            e.v[HV_SUITS_HELD] += 1
        if (p.suits & (1 << s)) and not (held & (1 << s)):
            e.v[HV_SUITS_MISSING] += 1
    for r in range(9):
        ok = p.suits != 0
        for s in range(3):
            if (p.suits & (1 << s)) and e.real[s * 9 + r] < 2:
                ok = 0
        e.v[HV_SAME_RANK_PAIRS] += ok


cdef int64_t hold_complete(HoldEnv* e) noexcept nogil:
    """``complete``: the concealed tiles (34 kinds) are 3n+2 and the kernels read a winning hand."""
    cdef uint8_t h[HBUF]
    cdef int t, n = 0, wild, total
    if e.v[HV_COMPLETE] >= 0:
        return e.v[HV_COMPLETE]
    for t in range(34):
        n += e.counts[t]
    e.v[HV_COMPLETE] = 0
    if n % 3 == 2:
        wild = core_split(e.c, e.counts, 34, h)
        total = core_kernel_total(e.c, h, wild)
        if total >= 0 and total % 3 == 2:
            e.v[HV_COMPLETE] = win_k(h, wild, total, e.c.p.rule_hand_size, e.c.p.rule_flags)
    return e.v[HV_COMPLETE]


cdef inline int64_t hold_floordiv(int64_t x, int64_t d) noexcept nogil:
    """x // d as Python floors it (d != 0)."""
    cdef int64_t q = x / d
    if (x % d != 0) and ((x < 0) != (d < 0)):
        q -= 1
    return q


cdef int64_t hold_run(HoldEnv* e, const CoreFlow* p, int at) noexcept nogil:
    """Run the holding program at ``at`` of p.prog (checked when the table was made: every operand in range,
    the stack never under- or overflows, one value left) on the holding ``e``."""
    cdef int64_t st[CORE_STACK]
    cdef int sp = 0, pc = at + 1, end = at + 1 + p.prog[at], op, t, k, n
    cdef int64_t x, y, z, arg
    while pc < end:
        op = p.prog[pc]
        pc += 1
        if op == HO_PUSH or op == HO_NAME or op == HO_COUNT_OF or op == HO_RANKS_HELD or op == HO_ALL_RANKS_IN \
                or op == HO_FLOORDIV or op == HO_MIN or op == HO_MAX:
            arg = p.prog[pc]
            pc += 1
        else:
            arg = 0
        if op == HO_PUSH:
            st[sp] = arg
            sp += 1
        elif op == HO_NAME:
            if arg == HV_COMPLETE:
                st[sp] = hold_complete(e)
            else:
                if not e.counted and arg != HV_WILDCARDS and arg != HV_MELDS:
                    hold_values(e)
                st[sp] = e.v[arg]
            sp += 1
        elif op == HO_COUNT_OF:
            st[sp] = e.counts[arg] if 0 <= arg < 34 else 0
            sp += 1
        elif op == HO_RANKS_HELD:
            hold_real(e)
            x = 0
            for t in range(27):
                if (arg >> (t % 9)) & 1:
                    x += e.real[t]
            st[sp] = x
            sp += 1
        elif op == HO_ALL_RANKS_IN:
            # every kind held or melded is a suited tile of a rank in arg (bit r: rank r + 1), no wildcard held:
            # the kinds allowed are arg's ranks in each of the three suits
            hold_real(e)
            x = arg & 511
            x = x | (x << 9) | (x << 18)
            st[sp] = e.n_wild == 0 and ((e.real_kinds | e.meld_kinds) & ~(<uint64_t>x)) == 0
            sp += 1
        elif op == HO_KINDS_AT_LEAST:
            y = st[sp - 1]
            x = 0
            hold_real(e)
            for t in range(34):
                x += e.real[t] >= y
            st[sp - 1] = x
        elif op == HO_NOT:
            st[sp - 1] = st[sp - 1] == 0
        elif op == HO_NEG:
            st[sp - 1] = -st[sp - 1]
        elif op == HO_MIN or op == HO_MAX:
            n = <int>arg
            x = st[sp - n]
            for k in range(sp - n + 1, sp):
                if (op == HO_MIN and st[k] < x) or (op == HO_MAX and st[k] > x):
                    x = st[k]
            sp -= n
            st[sp] = x
            sp += 1
        elif op == HO_PICK:
            z = st[sp - 1]
            y = st[sp - 2]
            x = st[sp - 3]
            sp -= 3
            st[sp] = y if x else z
            sp += 1
        elif op == HO_FLOORDIV:
            st[sp - 1] = hold_floordiv(st[sp - 1], arg)
        else:  # two operands
            y = st[sp - 1]
            x = st[sp - 2]
            sp -= 1
            if op == HO_AND:
                x = x != 0 and y != 0
            elif op == HO_OR:
                x = x != 0 or y != 0
            elif op == HO_EQ:
                x = x == y
            elif op == HO_NE:
                x = x != y
            elif op == HO_LT:
                x = x < y
            elif op == HO_LE:
                x = x <= y
            elif op == HO_GT:
                x = x > y
            elif op == HO_GE:
                x = x >= y
            elif op == HO_ADD:
                x = x + y
            elif op == HO_SUB:
                x = x - y
            else:
                x = x * y
            st[sp - 1] = x
    return st[0] if sp == 1 else 0


cdef void core_openings(HandCore* c) noexcept nogil:
    """SpecialFlow.opening_events: 起手小胡, each seat from the dealer, each row its condition holds for."""
    cdef HoldEnv e
    cdef int k, seat, r
    cdef int64_t times
    if not c.p.n_open:
        return
    for k in range(c.p.n_seats):
        seat = core_after(c, c.dealer, k)
        hold_env(&e, c, seat)
        for r in range(c.p.n_open):
            if hold_run(&e, &c.p, c.p.open_when[r]):
                times = 1 if c.p.open_times[r] < 0 else hold_run(&e, &c.p, c.p.open_times[r])
                if times > 0:
                    core_event(c, EV_OPENING, seat, c.p.open_row[r], <int>(times if times < 1000000 else 1000000),
                               0)


cdef int core_bird_tiles(const HandCore* c, int n, uint8_t* out) noexcept nogil:
    """The next ``n`` tiles of the live wall (fewer near its end), bonus tiles left out: the birds or horses
    turned up."""
    cdef int i, k = 0
    for i in range(c.front, c.back):
        if i - c.front >= n:
            break
        if c.wall[i] < 34:
            out[k] = c.wall[i]
            k += 1
    return k


cdef int core_birds(const HandCore* c, int winner, int* by_seat) noexcept nogil:
    """The birds turned up for ``winner``'s win now (抓鸟): the hits (BH_ALL every bird, BH_159 ranks 1, 5, 9 and
    红中); with BH_SEAT ``by_seat`` gets how many fall on each seat counted from the winner (rank 1, 5, 9 and the
    honors on the winner, 2 and 6 the next seat, 3 and 7 the seat opposite, 4 and 8 the seat before)."""
    cdef uint8_t tiles[CORE_WALL]
    cdef int n, i, t, hits = 0, step
    by_seat[0] = by_seat[1] = by_seat[2] = by_seat[3] = 0
    if c.p.birds <= 0 or c.p.bird_hits == BH_NONE:
        return 0
    n = core_bird_tiles(c, c.p.birds, tiles)
    for i in range(n):
        t = tiles[i]
        if c.p.bird_hits == BH_ALL:
            hits += 1
        elif c.p.bird_hits == BH_159:
            hits += t == 31 or (t < 27 and t % 9 in (0, 4, 8))
        else:
            step = 0 if t >= 27 else (t % 9) % 4
            by_seat[core_after(c, winner, step)] += 1
    return hits


cdef void core_instant_win(HandCore* c, int seat, int tile) noexcept nogil:
    """SpecialFlow.instant_win: a seat holding what a row of [[instant_wins]] names wins at once (on its first
    turn, or any draw); the birds are turned for it and the hand is over."""
    cdef HoldEnv e
    cdef int r, first, hits, packed
    cdef int by_seat[4]
    if c.phase == PH_END or not c.p.n_inst:
        return
    first = c.n_river[seat] == 0 and c.n_melds[seat] == 0
    hold_env(&e, c, seat)
    for r in range(c.p.n_inst):
        if (c.p.inst_at[r] == IA_ANY_DRAW or first) and hold_run(&e, &c.p, c.p.inst_when[r]):
            hits = core_birds(c, seat, by_seat)
            packed = hits
            if c.p.bird_hits == BH_SEAT:
                packed = (imin(by_seat[0], 255) | imin(by_seat[1], 255) << 8 | imin(by_seat[2], 255) << 16
                          | imin(by_seat[3], 127) << 24)
            core_event(c, EV_INSTANT_WIN, seat, c.p.inst_row[r], tile, packed)
            c.instant_seat = seat
            c.playing &= ~(1 << seat)
            c.phase = PH_END
            return


cdef int core_horses(const HandCore* c, int seat, int claimed, uint8_t* tiles, int* n) noexcept nogil:
    """SpecialFlow.after_win_events for one winner (买马): the horses turned up (``tiles``, ``n`` of them: the next
    tiles of the live wall; fewer when the winner holds no wildcard and the flow says so) and how many fall on
    the winner, counted from the dealer or the winner; -1 when the flow has no 买马.  ``claimed``: the tile won
    on a discard (-1 self-drawn)."""
    cdef int count = c.p.horses, t, i, hits = 0, start, any_wild = 0
    n[0] = 0
    if count < 0:
        return -1
    if c.p.horses_no_wild >= 0:
        for t in range(34):
            if core_is_wild(c, t) and (c.hands[seat][t] or t == claimed):
                any_wild = 1
        if not any_wild:
            count = c.p.horses_no_wild
    n[0] = core_bird_tiles(c, count, tiles)
    start = c.dealer if c.p.horse_from == HF_DEALER else seat
    for i in range(n[0]):
        t = c.p.horse_pos[tiles[i]]
        if t >= 0 and core_after(c, start, t) == seat:
            hits += 1
    return hits


cdef void core_flow_facts(HandCore* c, int seat, int tile, int from_seat, int robbing, CoreFacts* f) noexcept nogil:
    """The flows' own win facts of ``seat`` winning on ``tile`` now (from_seat -1: self-drawn), read from the
    core's state as the flows' record_facts / check_facts derive them from the hand state (see CoreFacts)."""
    cdef int s, m, k, t, x
    cdef int kinds[2]
    cdef int tiles[3]
    memset(f, 0, sizeof(CoreFacts))
    f.indicator = c.ind_tile
    f.wildcards = c.wild_now
    kinds[0] = c.p.ind_kinds[c.ind_tile][0] if c.ind_tile >= 0 else -1
    kinds[1] = c.p.ind_kinds[c.ind_tile][1] if c.ind_tile >= 0 else -1
    for s in range(4):
        f.bonus[s] = c.n_bonus[s]
        for k in range(2):
            t = kinds[k]
            if t < 0:
                continue
            f.wild_held[s][k] = c.hands[s][t]
            for m in range(c.n_melds[s]):
                if c.meld_kind[s][m] == MK_CHOW:
                    core_meld_tiles(c, s, m, tiles)
                    for x in range(3):
                        f.wild_held[s][k] += tiles[x] == t
                elif c.meld_tile[s][m] == t:
                    f.wild_held[s][k] += 3 if c.meld_kind[s][m] == MK_PUNG else 4
            if s == seat and from_seat >= 0 and tile == t:
                f.wild_held[s][k] += 1
        if s != seat and kinds[1] >= 0:
            for m in range(c.n_melds[s]):
                if c.meld_kind[s][m] != MK_CHOW and c.meld_kind[s][m] != MK_PUNG and c.meld_tile[s][m] == kinds[1]:
                    f.wild_kongs |= 1 << s
    f.tiles_to_end = core_live(c) - c.p.reserve
    if from_seat >= 0 and not robbing:
        for m in range(c.n_melds[from_seat]):
            if c.meld_kind[from_seat][m] == MK_PUNG and c.meld_tile[from_seat][m] == tile:
                f.lagang = 1
    f.wildcard_win = 34 <= tile < CORE_TILES and ((c.p.held_mask >> tile) & 1)
    f.declared_ready = c.ready[seat]
    f.haidi = c.haidi_tile >= 0
    f.birds = core_birds(c, seat, f.bird_seats)
    for k in range(c.n_won):
        f.already_won |= 1 << c.won[k]
    if c.instant_seat >= 0:
        f.already_won |= 1 << c.instant_seat
    f.false_win = c.verdict_step[seat] == c.n_ev and c.verdict_tile[seat] == tile and c.verdict_ok[seat] \
        and not c.verdict_valid[seat]
    f.bonus_after_kong = c.bonus_after_kong[seat]
    f.ready_from_start = c.ready_from_start[seat]


# ---- set-up ---------------------------------------------------------------------------------------------------

cdef void core_reveal(HandCore* c) noexcept nogil:
    """Flow.reveal: the wildcard indicator turned up after the deal (the dealer's dice counted from the wall's
    end, the wall's last tile, or the next tile of the wall) and taken out of play; the kinds it makes wild (and
    bonus) from the flow's 34-row tables."""
    cdef int d1, d2, pos, t
    if c.p.indicator == IND_DICE_FROM_END:
        d1 = 1 + <int>sm_below(&c.rng, 6)
        d2 = 1 + <int>sm_below(&c.rng, 6)
        core_event(c, EV_DICE, c.dealer, d1, d2, DP_WILDCARD)
        pos = imax(c.front, c.back - 2 * (d1 + d2))  # (counted in stacks of two from the wall's end)
    elif c.p.indicator == IND_LAST_TILE:
        pos = c.back - 1
    else:
        pos = c.front
    if not c.front <= pos < c.back or c.n_wall < 1:
        return
    t = c.wall[pos]
    memmove(&c.wall[pos], &c.wall[pos + 1], c.n_wall - pos - 1)
    c.wall[c.n_wall - 1] = t  # kept at the end, out of play, so the wall still holds every tile
    c.back -= 1
    if c.n_out < CORE_WALL:
        c.out[c.n_out] = t
        c.n_out += 1
    c.visible[t] += 1
    c.ind_tile, c.ind_pos = t, pos
    if t < 34:
        c.wild_now |= c.p.ind_wild[t]
        c.bonus_now |= c.p.ind_bonus[t]
    core_event(c, EV_WILDCARD, -1, t, pos, 0)


cdef void core_dealer_draw(HandCore* c) noexcept nogil:
    """The tile the dealer counts as drawn on its first turn (Game._dealer_first_draw): in a segmented wall the
    last playing tile it took from its segment; otherwise the highest it holds."""
    cdef int t, i
    c.ldraw_seat, c.ldraw_tile, c.ldraw_repl, c.ldraw_after_kong = -1, -1, 0, 0
    if c.seg_len:
        for i in range(c.seg_front[c.dealer] - 1, c.p.seat_index[c.dealer] * c.seg_len - 1, -1):
            t = c.wall[i]
            if t < 34 and not core_is_bonus(c, t) and c.hands[c.dealer][t]:
                c.ldraw_seat, c.ldraw_tile = c.dealer, t
                return
    for t in range(33, -1, -1):
        if c.hands[c.dealer][t]:
            c.ldraw_seat, c.ldraw_tile = c.dealer, t
            break


cdef void core_init(HandCore* c, const CoreFlow* p, uint64_t seed, uint64_t salt, int dealer, int prevalent,
                    const uint8_t* wall, int n_wall) noexcept nogil:
    """A new hand: the wall (given, or shuffled and broken as the Python engine does), the deal from the dealer,
    the wildcard reveal, the bonus tiles replaced seat by seat, play begins (换三张, 开始时换牌 or 定缺 first when
    the flow has them); the opening wins and the dealer's instant win."""
    cdef SM64 shuffle
    cdef int n, i, j, k, s, start, d1, d2, e1, e2, side, stacks, cnt
    cdef uint8_t tmp
    cdef char* ev_start = <char*>&c.ev[0][0]
    cdef char* ev_end = <char*>&c.ev[CORE_EVENTS - 1][4] + sizeof(int32_t)
    # (everything but the event record, which is written before it is read: n_ev rows; it is most of the struct)
    memset(c, 0, ev_start - <char*>c)
    memset(ev_end, 0, <char*>c + sizeof(HandCore) - ev_end)
    c.p = p[0]
    c.dealer, c.prevalent_wind = dealer, prevalent
    sm_seed(&c.rng, seed, salt * 2 + 1)
    for s in range(4):
        c.lack[s] = -1
        c.verdict_step[s] = -1
    c.ldraw_seat = c.ldis_seat = c.pk_seat = c.kong_draw_due = -1
    c.q_seat = c.ind_tile = c.ind_pos = c.haidi_tile = c.instant_seat = c.pen_seat = -1
    for i in range(p.n_seats):
        c.playing |= 1 << p.seats[i]
    c.wild_now = p.wild_mask
    c.bonus_now = p.bonus_mask
    if wall != NULL:
        n = n_wall
        memcpy(c.wall, wall, n)
    else:
        n = p.n_tiles
        memcpy(c.wall, p.tiles, n)
        sm_seed(&shuffle, seed, salt * 2)
        for i in range(n - 1, 0, -1):  # Fisher-Yates, as mahjong.game.rng.shuffled
            j = <int>sm_below(&shuffle, i + 1)
            tmp = c.wall[i]
            c.wall[i] = c.wall[j]
            c.wall[j] = tmp
        if p.dice_break:  # Flow.break_wall / break_point (the competition rule)
            d1 = 1 + <int>sm_below(&c.rng, 6)
            d2 = 1 + <int>sm_below(&c.rng, 6)
            core_event(c, EV_DICE, dealer, d1, d2, DP_BREAK)
            e1 = 1 + <int>sm_below(&c.rng, 6)
            e2 = 1 + <int>sm_below(&c.rng, 6)
            core_event(c, EV_DICE, (dealer + (d1 + d2 - 1)) % 4, e1, e2, DP_BREAK)
            side = (d1 + d2 - 1) % 4
            stacks = d1 + d2 + e1 + e2
            start = ((side % 4) * p.break_stacks + stacks) * 2 % (8 * p.break_stacks)
            if 0 < start < n:  # (wall[start:] + wall[:start]; a shorter wall than start stays as it is)
                memcpy(c.out, c.wall, start)  # (a scratch copy: the list of tiles out of play is made below)
                memmove(c.wall, c.wall + start, n - start)
                memcpy(c.wall + n - start, c.out, start)
    c.n_wall = n
    c.back = p.in_play if 0 <= p.in_play <= n else n
    c.n_out = n - c.back
    memcpy(c.out, c.wall + c.back, c.n_out)
    if p.segmented:
        c.seg_len = n // p.n_seats
        for i in range(p.n_seats):
            c.seg_front[p.seats[i]] = i * c.seg_len
    core_event(c, EV_WALL, -1, n, 0, 0)
    c.phase = PH_DEAL
    for k in range(p.n_seats):
        s = core_after(c, dealer, k)
        cnt = p.hand_size + (1 if s == dealer else 0)
        start = c.seg_front[s] if c.seg_len else c.front
        core_event(c, EV_DEAL, s, start, cnt, 0)
        for j in range(cnt):
            c.hands[s][c.wall[start + j]] += 1
        if c.seg_len:
            c.seg_front[s] += cnt
        else:
            c.front += cnt
    if p.indicator != IND_NONE:
        core_reveal(c)
    for k in range(p.n_seats):
        core_replace_bonus(c, core_after(c, dealer, k))
    c.phase, c.actor = PH_TURN, dealer
    core_dealer_draw(c)
    if p.exchange:
        c.phase = PH_EXCHANGE
    elif p.swap_at_start:
        c.phase = PH_SWAP
    else:
        core_to_lack(c)
    core_event(c, EV_BEGIN, dealer, c.phase, 0, 0)
    core_openings(c)
    if p.n_inst:
        core_instant_win(c, dealer, -1)


cdef void core_seed_agents(HandCore* c, const uint64_t* seeds) noexcept nogil:
    """The random agents of the seats in turn order: SplitMix64(seeds[i], 0xA9E), as RandomAgent(seeds[i])."""
    cdef int i
    for i in range(c.p.n_seats):
        sm_seed(&c.agent[c.p.seats[i]], seeds[i], 0xA9E)


# ---- legal actions ----------------------------------------------------------------------------------------------

cdef inline void core_ask_seat(HandCore* c, int seat) noexcept nogil:
    c.pend_order[c.n_pending] = seat
    c.n_pending += 1
    c.pending |= 1 << seat


cdef inline void core_put(HandCore* c, int seat, int* n, int slot) noexcept nogil:
    if n[0] < CORE_LEGAL:
        c.legal[seat][n[0]] = slot
        n[0] += 1


cdef void core_forced(HandCore* c, int seat) noexcept nogil:
    """Sichuan's forced win in the last tiles: a seat that can win on one of the wall's last N tiles must (only
    the win is left): a tile just drawn from them, or the discard / added kong of one (Game._forced)."""
    cdef int i
    cdef int last = (c.phase == PH_TURN or c.phase == PH_CLAIM and c.ldis_drawn
                     or c.phase == PH_ROB and c.pk_drawn)
    if c.p.forced_win_tiles and core_live(c) < c.p.forced_win_tiles and last:
        for i in range(c.n_legal[seat]):
            if c.legal[seat][i] == A_WIN:
                c.legal[seat][0] = A_WIN
                c.n_legal[seat] = 1
                return


cdef int core_turn_actions(HandCore* c, int seat) noexcept nogil:
    """Fill c.legal[seat] as Game._turn_actions orders it; -1 = a verdict is needed first."""
    cdef int n = 0, t, m, r, holds
    cdef int drew = c.ldraw_seat == seat
    cdef uint8_t* h = c.hands[seat]
    if drew and (c.ldraw_tile < 34 or (c.p.held_mask >> c.ldraw_tile) & 1):
        r = core_win_offer(c, seat, c.ldraw_tile, -1, 0)
        if r < 0:
            return -1
        if r:
            core_put(c, seat, &n, A_WIN)
    if c.ready[seat]:  # 报听: the hand is locked (the engine discards the drawn tile unless it wins)
        if drew and c.ldraw_tile < 34:
            core_put(c, seat, &n, A_DISCARD + c.ldraw_tile)
        c.n_legal[seat] = n
        core_forced(c, seat)
        return 0
    # no kong on the last tile: nothing to replace it with (a segmented wall: nor when the next seat's is empty)
    if drew and core_live_for(c, seat) > c.p.reserve and (not c.seg_len or core_next_can_draw(c, seat)):
        if core_may_hold_four(h):
            for t in range(34):
                if h[t] == 4 and core_may_meld(c, seat, t):
                    core_put(c, seat, &n, A_CONCEALED_KONG + t)
        for m in range(c.n_melds[seat]):
            t = c.meld_tile[seat][m]
            if c.meld_kind[seat][m] == MK_PUNG and h[t] and core_may_meld(c, seat, t):
                core_put(c, seat, &n, A_ADDED_KONG + t)
    holds = core_holds_lack(c, seat) if c.p.lack else 0
    if holds:
        for t in range(34):
            if h[t] and core_may_discard(c, seat, t, holds):
                core_put(c, seat, &n, A_DISCARD + t)
    elif n + 34 <= CORE_LEGAL:  # every tile held may go: written unconditionally, kept when held (no branch)
        for t in range(34):
            c.legal[seat][n] = A_DISCARD + t
            n += h[t] != 0
    else:
        for t in range(34):
            if h[t]:
                core_put(c, seat, &n, A_DISCARD + t)
    if c.p.held_mask:
        for t in range(34, CORE_TILES):
            if h[t] and (c.p.held_mask >> t) & 1:
                core_put(c, seat, &n, A_DISCARD_BONUS + t - 34)
        if c.p.declares_held_bonus and core_live_for(c, seat) > c.p.reserve:  # (补花 needs a replacement to draw)
            for t in range(34, CORE_TILES):
                if h[t] and (c.p.held_mask >> t) & 1:
                    core_put(c, seat, &n, A_FLOWER + t - 34)
    if c.p.ready_declaration and core_near_ready34(c, h):  # (a discard leaves it ready only from shanten 0)
        for t in range(34):
            if h[t] and core_may_discard(c, seat, t, holds) and core_ready_after(c, seat, t):
                core_put(c, seat, &n, A_READY + t)
    c.n_legal[seat] = n
    core_forced(c, seat)
    return 0


cdef inline int core_next_can_draw(const HandCore* c, int seat) noexcept nogil:
    """A segmented wall: the seat after ``seat`` still has tiles in its segment (else its discard is the last)."""
    return core_live_for(c, core_next_seat(c, seat)) > c.p.reserve


cdef void core_honor_chows(HandCore* c, int s, int t, int* n) noexcept nogil:
    """Game._chows of an honor (honor chows): three different winds (each pair of the other winds held), or
    中发白."""
    cdef uint8_t* h = c.hands[s]
    cdef int others[3]
    cdef int k = 0, x, i, j
    if t <= 30:
        for x in range(27, 31):
            if x != t and h[x]:
                others[k] = x
                k += 1
        for i in range(k):
            for j in range(i + 1, k):
                # the wind left out: the one that is neither t nor either of the pair
                for x in range(27, 31):
                    if x != t and x != others[i] and x != others[j]:
                        core_put(c, s, n, A_HONOR_CHOW + x - 27)
    else:
        for x in range(31, 34):
            if x != t and h[x]:
                k += 1
        if k == 2:
            core_put(c, s, n, A_HONOR_CHOW + 4)


cdef int core_claim_actions(HandCore* c, int s, int p, int t, int may_chow) noexcept nogil:
    """Fill c.legal[s] as Game._claim_actions orders it (0 = nothing to claim); -1 = a verdict is needed."""
    cdef int n = 0, r, lo, rk, claims
    cdef uint8_t* h = c.hands[s]
    if t >= 34:  # a discarded bonus tile (金山 百搭) is dead: nobody claims it or wins on it
        c.n_legal[s] = 0
        return 0
    r = core_win_offer(c, s, t, p, 0)
    if r < 0:
        return -1
    if r:
        core_put(c, s, &n, A_WIN)
    # no claim on the last tile (only a win): in a segmented wall, when the next seat's segment is empty; a
    # claimer's kong with its own segment empty is accepted there (the hand is then drawn)
    claims = core_next_can_draw(c, p) if c.seg_len else <int>(core_live(c) > c.p.reserve)
    if not c.ready[s] and claims:
        if h[t] >= 2 and core_may_meld(c, s, t):
            core_put(c, s, &n, A_PUNG)
            if h[t] >= 3:
                core_put(c, s, &n, A_KONG)
        if may_chow and t < 27:
            rk = t % 9
            for lo in range(t - 2, t + 1):  # the claimed tile is the high, middle, then low tile of the run
                if lo < 0 or lo // 9 != t // 9 or lo % 9 > 6 or lo % 9 > rk or rk - lo % 9 > 2:
                    continue
                if (lo == t or h[lo]) and (lo + 1 == t or h[lo + 1]) and (lo + 2 == t or h[lo + 2]):
                    core_put(c, s, &n, A_CHOW + (t - lo))
        elif may_chow and c.p.honor_chows:
            core_honor_chows(c, s, t, &n)
    if n == 0:
        c.n_legal[s] = 0
        return 0
    core_put(c, s, &n, A_PASS)
    c.n_legal[s] = n
    core_forced(c, s)
    return 1


cdef void core_pick_actions(HandCore* c, int s) noexcept nogil:
    """换三张: the tiles the seat may pick next (Game._pick_asks): three of one suit, a suit begun only where
    the seat holds three; the picked tiles stay in the hand until the exchange."""
    cdef int h[27]
    cdef int t, k, n = 0, suits = 0
    for t in range(27):
        h[t] = c.hands[s][t]
    for k in range(c.n_picked[s]):
        h[c.picked[s][k]] -= 1
    if c.n_picked[s]:
        suits = 1 << (c.picked[s][0] // 9)
    else:
        for k in range(3):
            if h[9 * k] + h[9 * k + 1] + h[9 * k + 2] + h[9 * k + 3] + h[9 * k + 4] + h[9 * k + 5] + h[9 * k + 6] \
                    + h[9 * k + 7] + h[9 * k + 8] >= 3:
                suits |= 1 << k
    for t in range(27):
        if h[t] > 0 and (suits >> (t // 9) & 1):
            core_put(c, s, &n, A_PICK + t)
    c.n_legal[s] = n


cdef void core_swap_actions(HandCore* c, int s) noexcept nogil:
    """开始时换牌: any held tile not picked yet, or ``pass`` (done: the picked tiles are swapped)."""
    cdef int h[34]
    cdef int t, k, n = 0
    for t in range(34):
        h[t] = c.hands[s][t]
    for k in range(c.n_swap[s]):
        h[c.swap_picked[s][k]] -= 1
    for t in range(34):
        if h[t] > 0:
            core_put(c, s, &n, A_PICK + t)
    core_put(c, s, &n, A_PASS)
    c.n_legal[s] = n


# ---- the loop ---------------------------------------------------------------------------------------------------

cdef int core_advance(HandCore* c) noexcept nogil:
    """Run the hand until seats must answer (CS_WAIT) or Python must look (CS_SCORE, CS_PAY, CS_END)."""
    cdef int seat, s, i, k, t, p, r, chower, any_ask
    c.n_pending = 0
    c.pending = 0
    c.answered = 0
    while c.phase != PH_END:
        if c.phase == PH_EXCHANGE:
            for i in range(c.p.n_seats):  # every seat picks at once, one tile a round
                s = c.p.seats[i]
                core_pick_actions(c, s)
                core_ask_seat(c, s)
            return CS_WAIT
        if c.phase == PH_SWAP:
            for i in range(c.p.n_seats):  # every seat not done picks a tile or passes
                s = c.p.seats[i]
                if not (c.swapped & (1 << s)):
                    core_swap_actions(c, s)
                    core_ask_seat(c, s)
            if c.n_pending:
                return CS_WAIT
            core_to_lack(c)
            continue
        if c.phase == PH_LACK:
            if c.lack[c.p.seats[0]] < 0:  # every seat declares at once
                for i in range(c.p.n_seats):
                    s = c.p.seats[i]
                    core_ask_seat(c, s)
                    c.legal[s][0], c.legal[s][1], c.legal[s][2] = A_LACK, A_LACK + 1, A_LACK + 2
                    c.n_legal[s] = 3
                return CS_WAIT
            c.phase = PH_TURN
            continue
        if c.phase == PH_DRAW:
            if core_live_for(c, c.actor) <= c.p.reserve:
                core_wall_end(c)
                continue
            core_draw(c, c.actor, 0)
            continue
        if c.phase == PH_TURN:
            seat = c.actor
            if c.kong_draw_due == seat:
                if core_live_for(c, seat) <= c.p.reserve:  # (a claimer's kong with its segment empty)
                    core_wall_end(c)
                    continue
                core_draw(c, seat, 1)
                if c.p.pays_during_play and c.phase != PH_END:
                    if not core_pay_mark(c):
                        return CS_PAY
                continue
            if core_turn_actions(c, seat) < 0:
                return CS_SCORE
            if c.ready[seat] and c.ldraw_seat >= 0:
                for i in range(c.n_legal[seat]):
                    if c.legal[seat][i] == A_WIN:
                        break
                else:  # 报听: no win on offer, the engine discards the drawn tile
                    core_discard(c, seat, c.ldraw_tile, 0, 1)
                    continue
            core_ask_seat(c, seat)
            return CS_WAIT
        if c.phase == PH_CLAIM:
            p, t = c.ldis_seat, c.ldis_tile
            core_note_ready(c, p)
            chower = core_next_seat(c, p) if c.p.chows else -1
            any_ask = 0
            for k in range(1, c.p.n_seats):
                s = core_after(c, p, k)
                if not (c.playing & (1 << s)):
                    continue
                r = core_claim_actions(c, s, p, t, s == chower)
                if r < 0:
                    c.n_pending = 0
                    c.pending = 0
                    return CS_SCORE
                if r:
                    core_ask_seat(c, s)
                    any_ask = 1
            if any_ask:
                return CS_WAIT
            c.phase, c.actor = PH_DRAW, core_next_seat(c, p)
            continue
        if c.phase == PH_ROB:
            p, t = c.pk_seat, c.pk_tile
            any_ask = 0
            for k in range(1, c.p.n_seats):
                s = core_after(c, p, k)
                if not (c.playing & (1 << s)):
                    continue
                r = core_win_offer(c, s, t, p, 1)
                if r < 0:
                    c.n_pending = 0
                    c.pending = 0
                    return CS_SCORE
                if r:
                    c.legal[s][0], c.legal[s][1] = A_WIN, A_PASS
                    c.n_legal[s] = 2
                    core_forced(c, s)
                    core_ask_seat(c, s)
                    any_ask = 1
            if any_ask:
                return CS_WAIT
            c.phase = PH_TURN  # nobody robs: the kong stands, its replacement draw follows
            continue
        if c.phase == PH_HAIDI:
            seat = c.actor
            r = core_win_offer(c, seat, c.haidi_tile, -1, 0)
            if r < 0:
                return CS_SCORE
            if r:
                c.legal[seat][0], c.legal[seat][1] = A_WIN, A_PASS
                c.n_legal[seat] = 2
                core_ask_seat(c, seat)
                return CS_WAIT
            c.phase = PH_END
            continue
        break
    return CS_END


cdef int core_after_win(HandCore* c, int last) noexcept nogil:
    if c.n_won >= c.p.winners_to_end or (c.playing & (c.playing - 1)) == 0:  # (at most one seat left)
        c.phase = PH_END
        return CS_END
    c.phase, c.actor = PH_DRAW, core_next_seat(c, last)
    if c.p.pays_during_play and not core_pay_mark(c):
        return CS_PAY
    return core_advance(c)


cdef int core_pay_mark(HandCore* c) noexcept nogil:
    """Money moves now: 1 when C settles the hand (c.ev_settles; the position is kept for the typed events''
    payments, built when read), 0 when Python must look (CS_PAY)."""
    if not c.ev_settles:
        return 0
    if c.n_pay_marks < CORE_PAY_MARKS:
        c.pay_marks[c.n_pay_marks] = c.n_ev
        c.n_pay_marks += 1
    return 1


cdef void core_to_lack(HandCore* c) noexcept nogil:
    """Game._to_lack: after the deal and its exchange, 定缺 where the flow plays it, else the dealer's turn (its
    first tile read again: an exchange may have moved it); the seats ready from the deal noted (海底捞月)."""
    cdef int k, s
    c.phase, c.actor = (PH_LACK if c.p.lack else PH_TURN), c.dealer
    core_dealer_draw(c)
    for k in range(1, c.p.n_seats):
        s = core_after(c, c.dealer, k)
        if c.playing & (1 << s):
            core_note_ready(c, s)


cdef void core_exchange(HandCore* c) noexcept nogil:
    """Every seat has picked three: the dice name the direction (or the flow's offset does), the passes happen
    at once, then 定缺 or the dealer's first turn (Game._resolve_picks, Game._to_lack)."""
    cdef int i, s, k, d1, d2, offset = c.p.ex_offset, to
    if c.p.ex_by_dice:
        d1 = 1 + <int>sm_below(&c.rng, 6)
        d2 = 1 + <int>sm_below(&c.rng, 6)
        core_event(c, EV_DICE, c.dealer, d1, d2, DP_EXCHANGE)
        offset = c.p.ex_dice_offset[d1 + d2]
    for i in range(c.p.n_seats):
        s = c.p.seats[i]
        for k in range(3):
            c.hands[s][c.picked[s][k]] -= 1
    for i in range(c.p.n_seats):
        s = c.p.seats[i]
        to = core_after(c, s, offset)
        for k in range(3):
            c.hands[to][c.picked[s][k]] += 1
        core_event(c, EV_PASSED, s, c.picked[s][0], c.picked[s][1], c.picked[s][2] + 256 * to)
        c.wait_valid[s] = 0
    core_to_lack(c)


cdef void core_swap(HandCore* c, int s) noexcept nogil:
    """开始时换牌 for a seat that passed: its picked tiles leave play and as many are drawn at random from the
    tiles out of play (each from the list as it stood, Game._resolve_picks), then the list loses one copy of
    each received tile and gains the given ones."""
    cdef uint8_t pool[CORE_WALL]
    cdef uint8_t got[CORE_PICKS]
    cdef int n_pool = c.n_out, k, i, j, n = c.n_swap[s]
    memcpy(pool, c.out, n_pool)
    for k in range(n):
        if n_pool <= 0:
            n = k
            break
        i = <int>sm_below(&c.rng, n_pool)
        got[k] = pool[i]
        memmove(&pool[i], &pool[i + 1], n_pool - i - 1)
        n_pool -= 1
    for k in range(n):
        c.hands[s][c.swap_picked[s][k]] -= 1
        for j in range(c.n_out):
            if c.out[j] == got[k]:
                memmove(&c.out[j], &c.out[j + 1], c.n_out - j - 1)
                c.n_out -= 1
                break
        c.hands[s][got[k]] += 1
        core_event(c, EV_SWAPPED, s, c.swap_picked[s][k], got[k], 1 if k == n - 1 else 0)
    for k in range(n):
        if c.n_out < CORE_WALL:
            c.out[c.n_out] = c.swap_picked[s][k]
            c.n_out += 1
    if n == 0:
        core_event(c, EV_SWAPPED, s, -1, -1, 1)
    c.n_swap[s] = 0
    c.swapped |= 1 << s
    c.wait_valid[s] = 0


cdef int core_resolve(HandCore* c) noexcept nogil:
    """Every pending seat has answered: apply the answers (Game._resolve), then advance."""
    cdef int i, s, k, a, p, t, kind, last = -1, n = 0, all_done
    cdef int order[3]
    cdef int phase = c.phase
    if phase == PH_EXCHANGE:
        for i in range(c.p.n_seats):
            s = c.p.seats[i]
            t = c.response[s] - A_PICK
            if c.n_picked[s] < 3:
                c.picked[s][c.n_picked[s]] = t
                c.n_picked[s] += 1
            core_event(c, EV_PICK, s, t, 0, 0)
        all_done = 1
        for i in range(c.p.n_seats):
            if c.n_picked[c.p.seats[i]] < 3:
                all_done = 0
        if all_done:
            core_exchange(c)
        return core_advance(c)
    if phase == PH_SWAP:
        for i in range(c.p.n_seats):
            s = c.p.seats[i]
            if (c.pending & (1 << s)) and c.response[s] != A_PASS:
                if c.n_swap[s] < CORE_PICKS:
                    c.swap_picked[s][c.n_swap[s]] = c.response[s] - A_PICK
                    c.n_swap[s] += 1
                core_event(c, EV_PICK, s, c.response[s] - A_PICK, 0, 0)
        for i in range(c.p.n_seats):
            s = c.p.seats[i]
            if (c.pending & (1 << s)) and c.response[s] == A_PASS:
                core_swap(c, s)
        all_done = 1
        for i in range(c.p.n_seats):
            if not (c.swapped & (1 << c.p.seats[i])):
                all_done = 0
        if all_done:
            core_to_lack(c)
        return core_advance(c)
    if phase == PH_LACK:
        for i in range(c.p.n_seats):
            s = c.p.seats[i]
            c.lack[s] = c.response[s] - A_LACK
            core_event(c, EV_LACK, s, c.lack[s], 0, 0)
        c.phase = PH_TURN
        return core_advance(c)
    if phase == PH_TURN:
        s = c.actor
        a = c.response[s]
        if a == A_WIN:
            if c.p.penalties and not c.verdict_valid[s]:  # the judge's WH: a false win ends the hand
                core_penalize(c, s, PEN_WH, c.ldraw_tile, -1, 0, c.verdict_total[s])
                return CS_END
            core_win(c, s, c.ldraw_tile, -1)
            return core_after_win(c, s)
        if A_FLOWER <= a < A_FLOWER + 8:  # 补花: the kept flower set aside, its replacement drawn from the back
            core_set_aside(c, s, 34 + a - A_FLOWER)
            core_draw(c, s, 1)
            return core_advance(c)
        if a < A_CONCEALED_KONG:
            core_discard(c, s, a - A_DISCARD, 0, 0)
        elif a < A_ADDED_KONG:
            core_concealed_kong(c, s, a - A_CONCEALED_KONG)
        elif a < A_CHOW:
            core_added_kong(c, s, a - A_ADDED_KONG)
        elif A_READY <= a < A_READY + 34:
            core_discard(c, s, a - A_READY, 1, 0)
        elif A_DISCARD_BONUS <= a < A_DISCARD_BONUS + 8:
            core_discard(c, s, 34 + a - A_DISCARD_BONUS, 0, 0)
        return core_advance(c)
    if phase == PH_HAIDI:
        s = c.actor
        if c.response[s] == A_WIN:
            core_win(c, s, c.haidi_tile, -1)
        c.phase = PH_END
        return CS_END
    p = c.ldis_seat if phase == PH_CLAIM else c.pk_seat
    t = c.ldis_tile if phase == PH_CLAIM else c.pk_tile
    for k in range(1, c.p.n_seats):
        s = core_after(c, p, k)
        if c.pending & (1 << s):
            order[n] = s
            n += 1
    if c.p.penalties:  # the judge's WH: a false win declared (the first one, with several winners any) ends the hand
        for k in range(n):
            s = order[k]
            if c.response[s] == A_WIN:
                if not c.verdict_valid[s]:
                    core_penalize(c, s, PEN_WH, t, p, phase == PH_ROB, c.verdict_total[s])
                    return CS_END
                if not c.p.multiple_winners:
                    break
    for k in range(n):
        s = order[k]
        if c.response[s] == A_WIN:
            if last >= 0 and not c.p.multiple_winners:
                break  # 截和: the first in turn order after the discarder
            if last < 0 and phase == PH_ROB:
                core_robbed(c)
            core_win(c, s, t, p)
            last = s
    if last >= 0:
        return core_after_win(c, last)
    if phase == PH_ROB:
        c.phase = PH_TURN
        return core_advance(c)
    for kind in range(CK_KONG, CK_CHOW - 1, -1):  # kong, then pung, then chow; each in turn order
        for k in range(n):
            s = order[k]
            a = c.response[s]
            if kind == CK_KONG and a == A_KONG or kind == CK_PUNG and a == A_PUNG:
                core_claim(c, s, kind, t, -1)
                return core_advance(c)
            if kind == CK_CHOW and A_CHOW <= a < A_CHOW + 3:
                core_claim(c, s, CK_CHOW, t - (a - A_CHOW), -1)
                return core_advance(c)
            if kind == CK_CHOW and A_HONOR_CHOW <= a < A_HONOR_CHOW + 4:  # three winds: the one left out
                core_claim(c, s, CK_CHOW, 28 if a == A_HONOR_CHOW else 27, 27 + a - A_HONOR_CHOW)
                return core_advance(c)
            if kind == CK_CHOW and a == A_HONOR_CHOW + 4:  # 中发白
                core_claim(c, s, CK_CHOW, 31, -1)
                return core_advance(c)
    c.phase, c.actor = PH_DRAW, core_next_seat(c, p)
    return core_advance(c)


cdef void core_penalize(HandCore* c, int seat, int kind, int tile, int from_seat, int robbing,
                        int total) noexcept nogil:
    """The judge's penalty ends the hand: ``seat`` committed ``kind`` (PEN_*); a false win's tile, the seat it
    was claimed from (-1 self-drawn), whether it robbed a kong, its total (-1: the hand does not win)."""
    c.pen_seat, c.pen_kind = seat, kind
    core_event(c, EV_PENALTY, seat, tile, (from_seat + 1) + 8 * kind + 64 * robbing, total)
    c.n_pending = c.pending = c.answered = 0
    c.phase = PH_END


cdef int core_act(HandCore* c, int seat, int action) noexcept nogil:
    """seat answers with an action slot: CR_* (< 0, refused, nothing changed) or the status after it."""
    cdef int i
    if c.phase == PH_END:
        return CR_OVER
    if seat < 0 or seat > 3 or not (c.pending & (1 << seat)):
        return CR_NOT_PENDING
    if c.answered & (1 << seat):
        return CR_ANSWERED
    for i in range(c.n_legal[seat]):
        if c.legal[seat][i] == action:
            break
    else:
        return CR_NOT_LEGAL
    return core_answer(c, seat, action)


cdef int core_answer(HandCore* c, int seat, int action) noexcept nogil:
    """core_act for an answer known to be legal (a pending seat's own listed slot)."""
    c.response[seat] = action
    c.answered |= 1 << seat
    if c.answered != c.pending:
        return CS_WAIT
    return core_resolve(c)


cdef int core_random_action(HandCore* c, int seat) noexcept nogil:
    """RandomAgent.choose: the win when one is offered (and meets the minimum), else a uniformly random legal
    action."""
    cdef int i, n = c.n_legal[seat]
    for i in range(n):
        if c.legal[seat][i] == A_WIN and c.verdict_valid[seat]:
            return A_WIN
    return c.legal[seat][<int>sm_below(&c.agent[seat], n)]


cdef int core_greedy_shanten(const HandCore* c, const uint8_t* counts) noexcept nogil:
    """GreedyAgent._shanten of 42 counts: K.shanten after Flow.wildcard_count; 99 for a hand the kernels refuse."""
    cdef uint8_t h[HBUF]
    cdef int wild = core_split(c, counts, CORE_TILES, h)
    cdef int total = core_kernel_total(c, h, wild)
    if total < 0:
        return 99
    return shanten_k(h, wild, total, c.p.rule_hand_size, c.p.rule_flags)


cdef void core_greedy_discards(const HandCore* c, uint8_t* counts, uint64_t which, int* out) noexcept nogil:
    """out[t] = core_greedy_shanten of the concealed counts (42) with one tile t taken out, for every t held of
    ``which``: a real tile's through the kernels' discard_shantens on the hand read once, a wildcard's or a
    bonus tile's (or any, when the kernels refuse the whole hand) one at a time.  counts is restored."""
    cdef uint8_t h[HBUF]
    cdef int wild = core_split(c, counts, CORE_TILES, h), t
    cdef int total = core_kernel_total(c, h, wild)
    cdef uint64_t one_by_one = which, m
    if total >= 0 and total % 3 == 2:  # (then each hand one tile smaller is accepted too)
        one_by_one = which & (c.wild_now | ~((<uint64_t>1 << 34) - 1))
        discard_shantens(h, wild, total, c.p.rule_hand_size, c.p.rule_flags, which & ~one_by_one, out)
    m = one_by_one
    while m:
        t = mj_ctz64(m)
        m &= m - 1
        counts[t] -= 1
        out[t] = core_greedy_shanten(c, counts)
        counts[t] += 1


cdef inline int core_greedy_candidate(int a, int plain) noexcept nogil:
    """The tile a legal slot discards for the greedy choice (a plain or bonus discard; 报听 with a discard when
    no plain discard is listed), -1 for another slot."""
    if A_DISCARD <= a < A_DISCARD + 34:
        return a - A_DISCARD
    if A_DISCARD_BONUS <= a < A_DISCARD_BONUS + 8:
        return 34 + a - A_DISCARD_BONUS
    if not plain and A_READY <= a < A_READY + 34:
        return a - A_READY
    return -1


cdef int core_greedy_left(const HandCore* c, uint8_t* counts, int t, int sh, int beat,
                          uint64_t cover) noexcept nogil:
    """The copies left unseen of the tiles that lower the shanten ``sh`` of the concealed counts (42) after
    discarding t (GreedyAgent._best_discard's second key; counted only below shanten 8; counts is restored);
    once it cannot be more than ``beat`` (the best candidate's so far), some number no more than ``beat``.
    Only the tiles of ``cover`` are probed (core_greedy_cover)."""
    cdef uint8_t h[HBUF]
    cdef int u, left = 0, wild, total
    cdef int weight[34]
    if sh >= 8:
        return 0
    counts[t] -= 1
    wild = core_split(c, counts, CORE_TILES, h)
    total = core_kernel_total(c, h, wild)
    if total >= 0:
        for u in range(34):
            weight[u] = imax(0, 4 - c.visible[u] - counts[u])
        useful_weighed(h, wild, total, c.p.rule_hand_size, c.p.rule_flags, sh, weight, beat, &left, cover)
    counts[t] += 1
    return left


cdef uint64_t core_greedy_cover(const HandCore* c, const uint8_t* counts, int sh) noexcept nogil:
    """The tiles among which lie the useful draws of every candidate discard of the concealed counts (42) at
    shanten ``sh``: the kernels' draws_cover of the whole hand's real tiles, at the threshold of the candidate
    with the most wildcards (a discard keeps them all, or gives one up); every tile when the kernels refuse
    the hand or the count is not asked (shanten 8 or more)."""
    cdef uint8_t h[HBUF]
    cdef int wild = core_split(c, counts, CORE_TILES, h)
    cdef int total = core_kernel_total(c, h, wild)
    if total < 0 or total % 3 != 2 or sh >= 8:
        return ALL_KINDS
    return draws_cover(h, total, c.p.rule_hand_size, c.p.rule_flags, sh + 1 + wild)


cdef int core_greedy_action(HandCore* c, int seat) noexcept nogil:
    """GreedyAgent.choose (its reference) in C: a valid win when offered; else the discard to the lowest shanten
    with the most unseen useful tiles (the first such in legal order; 报听 with it when that may be declared), a
    concealed kong instead when it keeps that shanten; else the claim that lowers the shanten most (the first
    such); else pass; else the first action."""
    cdef uint8_t h[CORE_TILES]
    cdef int n = c.n_legal[seat], i, k, a, t, x, sh, neg, best = -1, best_sh = 0, best_neg = 0, now, plain = 0, first
    cdef int tiles[3]
    cdef int cand_tile[CORE_LEGAL]
    cdef int cand_sh[CORE_LEGAL]
    cdef int shs[CORE_TILES]
    cdef uint64_t which = 0, held, cover = ALL_KINDS
    cdef int16_t* legal = c.legal[seat]
    for i in range(n):
        if legal[i] == A_WIN and c.verdict_valid[seat]:
            return A_WIN
    memcpy(h, c.hands[seat], CORE_TILES)
    for i in range(n):
        a = legal[i]
        if A_DISCARD <= a < A_DISCARD + 34 or A_DISCARD_BONUS <= a < A_DISCARD_BONUS + 8:
            plain = 1
    for i in range(n):
        t = core_greedy_candidate(legal[i], plain)
        if t >= 0 and not h[t]:
            t = -1
        cand_tile[i] = t
        if t >= 0:
            which |= (<uint64_t>1) << t
    if which:
        core_greedy_discards(c, h, which, shs)
    for i in range(n):
        t = cand_tile[i]
        if t < 0:
            continue
        cand_sh[i] = shs[t]
        if best < 0 or cand_sh[i] < best_sh:
            best, best_sh = i, cand_sh[i]
    if best >= 0:
        # the unseen useful copies only of the candidates at the lowest shanten (one above it is never the best),
        # and only when another candidate ties with the first such: a lone one is the best whatever its count
        # (a candidate's count stops early once it cannot beat the best's: only a larger one changes the choice)
        first = best
        for i in range(first + 1, n):
            if cand_tile[i] < 0 or cand_sh[i] != best_sh:
                continue
            if first >= 0:  # (a second candidate: the first one's count is needed now)
                cover = core_greedy_cover(c, h, best_sh)
                best_neg = -core_greedy_left(c, h, cand_tile[first], best_sh, -1, cover)
                first = -1
            neg = -core_greedy_left(c, h, cand_tile[i], best_sh, -best_neg, cover)
            if neg < best_neg:
                best, best_neg = i, neg
        for i in range(n):
            a = legal[i]
            if A_CONCEALED_KONG <= a < A_CONCEALED_KONG + 34:
                t = a - A_CONCEALED_KONG
                h[t] -= 4
                sh = core_greedy_shanten(c, h)
                h[t] += 4
                if sh <= best_sh:
                    return a
        a = legal[best]
        if A_DISCARD <= a < A_DISCARD + 34:
            for i in range(n):
                if legal[i] == A_READY + a - A_DISCARD:
                    return legal[i]
        return a
    now = core_greedy_shanten(c, h)
    best_sh = 99
    for i in range(n):
        a = legal[i]
        t = c.ldis_tile
        if a == A_KONG:
            tiles[0] = tiles[1] = tiles[2] = t
        elif a == A_PUNG:
            tiles[0] = tiles[1] = t
            tiles[2] = -1
        elif A_CHOW <= a < A_CHOW + 3:
            tiles[0] = t - (a - A_CHOW)
            tiles[1] = tiles[0] + 1
            tiles[2] = tiles[0] + 2
        elif A_HONOR_CHOW <= a < A_HONOR_CHOW + 4:
            k = 0
            for x in range(27, 31):
                if x != 27 + a - A_HONOR_CHOW:
                    tiles[k] = x
                    k += 1
        elif a == A_HONOR_CHOW + 4:
            tiles[0], tiles[1], tiles[2] = 31, 32, 33
        else:
            continue
        if a != A_KONG and a != A_PUNG:  # (a chow: the claimed tile is not taken from the hand)
            for k in range(3):
                if tiles[k] == t:
                    tiles[k] = -1
                    break
        for k in range(3):
            if tiles[k] >= 0:
                h[tiles[k]] -= 1
        if a == A_KONG:
            sh = core_greedy_shanten(c, h)
        else:
            sh = 99
            held = 0
            for x in range(34):  # (the discard after the claim: GreedyAgent._best_discard's shanten)
                if h[x]:
                    held |= (<uint64_t>1) << x
            core_greedy_discards(c, h, held, shs)
            for x in range(34):
                if (held >> x) & 1:
                    sh = imin(sh, shs[x])
        for k in range(3):
            if tiles[k] >= 0:
                h[tiles[k]] += 1
        if sh < now and sh < best_sh:
            best, best_sh = i, sh
    if best >= 0:
        return legal[best]
    for i in range(n):
        if legal[i] == A_PASS:
            return A_PASS
    return legal[0]


cdef int core_play_agents(HandCore* c, int greedy) noexcept nogil:
    """The built-in agents (random, or greedy when ``greedy``) answer every decision until Python must look."""
    cdef int st = CS_WAIT, i, s, n
    cdef int order[4]
    while st == CS_WAIT:
        n = c.n_pending
        if n == 0:
            return core_advance(c)
        for i in range(n):
            order[i] = c.pend_order[i]
        for i in range(n):
            s = order[i]
            st = core_answer(c, s, core_greedy_action(c, s) if greedy else core_random_action(c, s))
            if st != CS_WAIT:
                break
    return st


cdef int core_play_random(HandCore* c) noexcept nogil:
    """The random agents answer every decision until Python must look (CS_SCORE, CS_PAY, CS_END)."""
    return core_play_agents(c, 0)


cdef void core_mask(const HandCore* c, int seat, uint8_t* out) noexcept nogil:
    cdef int i
    memset(out, 0, A_N_ACTIONS)
    if 0 <= seat < 4 and (c.pending & (1 << seat)) and not (c.answered & (1 << seat)):
        for i in range(c.n_legal[seat]):
            out[c.legal[seat][i]] = 1


# ---- the Python face: mahjong._core.CoreFlowTable / GameCore (used by mahjong.game.core; not a public API) ----

from libc.stdlib cimport calloc, free

cdef uint64_t U64_MASK = 0xFFFFFFFFFFFFFFFF


cdef int _hold_check(const int32_t* prog, int n_prog, int at) except -1:
    """A holding program at ``at`` runs safely (hold_run): every op and operand in range, the stack never below
    its operands or above CORE_STACK, one value left."""
    cdef int pc, end, op, depth = 0, arg, need, push
    if not 0 <= at < n_prog or prog[at] < 1 or at + 1 + prog[at] > n_prog:
        raise ValueError(f"a holding program at {at} runs past the program")
    pc, end = at + 1, at + 1 + prog[at]
    while pc < end:
        op = prog[pc]
        pc += 1
        if not 0 <= op < HO_N:
            raise ValueError(f"unknown holding operation {op}")
        arg = 0
        if op in (HO_PUSH, HO_NAME, HO_COUNT_OF, HO_RANKS_HELD, HO_ALL_RANKS_IN, HO_FLOORDIV, HO_MIN, HO_MAX):
            if pc >= end:
                raise ValueError("a holding operation lacks its operand")
            arg = prog[pc]
            pc += 1
        if op == HO_NAME and not 0 <= arg < HV_N:
            raise ValueError(f"holding name {arg} out of range")
        if op == HO_COUNT_OF and not -1 <= arg < 34:
            raise ValueError(f"count_of tile {arg} out of range")
        if op in (HO_RANKS_HELD, HO_ALL_RANKS_IN) and not 0 <= arg < 512:
            raise ValueError(f"rank mask {arg} out of range")
        if op == HO_FLOORDIV and arg == 0:
            raise ValueError("division by zero in a holding program")
        if op in (HO_PUSH, HO_NAME, HO_COUNT_OF, HO_RANKS_HELD, HO_ALL_RANKS_IN):
            need, push = 0, 1
        elif op in (HO_MIN, HO_MAX):
            if not 1 <= arg <= CORE_STACK:
                raise ValueError(f"min / max of {arg} values")
            need, push = arg, 1
        elif op == HO_PICK:
            need, push = 3, 1
        elif op in (HO_KINDS_AT_LEAST, HO_NOT, HO_NEG, HO_FLOORDIV):
            need, push = 1, 1
        else:
            need, push = 2, 1
        if depth < need:
            raise ValueError("a holding operation lacks its values")
        depth += push - need
        if depth > CORE_STACK:
            raise ValueError("a holding program is too deep")
    if depth != 1:
        raise ValueError("a holding program leaves one value")
    return 0


cdef class CoreFlowTable:
    """A flow as the compiled core reads it (checked once; every hand copies it): built by
    :func:`mahjong.game.coreflow.core_flow`.  ``fields``: the CORE_FLOW_FIELDS values; ``tiles``: the tile set in
    order; ``indicator``: 34 rows (wildcard kinds mask, bonus kinds mask, first and second wildcard kind or -1);
    ``exchange_dice``: 13 offsets (换三张 by the dice sum); ``horse_positions``: 34 positions (-1 none);
    ``program``: the holding programs; ``openings``: (row, program offset, times offset or -1) per
    [[opening]] row; ``instants``: (row, INSTANT_AT, program offset) per [[instant_wins]] row."""

    cdef CoreFlow f
    cdef readonly tuple args

    def __init__(self, fields, tiles, indicator, exchange_dice, horse_positions, program=(), openings=(),
                 instants=()):
        cdef CoreFlow* f = &self.f
        self.args = (tuple(fields), bytes(tiles), tuple(tuple(r) for r in indicator), tuple(exchange_dice),
                     tuple(horse_positions), tuple(program), tuple(tuple(r) for r in openings),
                     tuple(tuple(r) for r in instants))
        cdef int i, t
        cdef bytes tb = bytes(tiles)
        memset(f, 0, sizeof(CoreFlow))
        v = [int(x) for x in fields]
        if len(v) != CF_N:
            raise ValueError(f"a core flow has {CF_N} fields, got {len(v)}")
        f.n_seats = v[CF_N_SEATS]
        if not 2 <= f.n_seats <= 4:
            raise ValueError("a core flow has 2 to 4 seats")
        for i in range(4):
            f.seat_index[i] = -1
        for i in range(f.n_seats):
            t = v[CF_SEAT0 + i]
            if not 0 <= t < 4 or f.seat_index[t] >= 0:
                raise ValueError(f"bad seats {v[CF_SEAT0:CF_SEAT0 + f.n_seats]}")
            f.seats[i] = t
            f.seat_index[t] = i
        f.n_tiles = len(tb)
        if not 1 <= f.n_tiles <= CORE_WALL or max(tb) >= CORE_TILES:
            raise ValueError("a tile set holds at most 144 tile ids 0..41")
        if any(tb.count(x) > (4 if x < 34 else 1) for x in set(tb)):
            raise ValueError("a tile set holds at most 4 of a tile (1 of a flower)")
        memcpy(f.tiles, <const char*>tb, f.n_tiles)
        f.in_play = v[CF_IN_PLAY]
        if not (f.in_play == -1 or 1 <= f.in_play <= f.n_tiles):
            raise ValueError("in_play is -1 or 1..the tile set")
        f.hand_size, f.chows, f.honor_chows = v[CF_HAND_SIZE], v[CF_CHOWS], v[CF_HONOR_CHOWS]
        f.multiple_winners, f.winners_to_end, f.reserve = v[CF_MULTIPLE_WINNERS], v[CF_WINNERS_TO_END], v[CF_RESERVE]
        f.dice_break, f.segmented = v[CF_DICE_BREAK], v[CF_SEGMENTED]
        n_play = f.n_tiles if f.in_play < 0 else f.in_play
        if not 1 <= f.hand_size <= CORE_HAND_MAX or f.hand_size * f.n_seats + 1 > n_play:
            raise ValueError("the hand size is 1..16 and the deal fits the tiles in play")
        if f.segmented and (f.hand_size + 1 > f.n_tiles // f.n_seats or f.in_play >= 0):
            raise ValueError("a segmented wall deals each seat from its own segment of all the tiles")
        if not 1 <= f.winners_to_end < f.n_seats or not 0 <= f.reserve < n_play:
            raise ValueError("winners_to_end is 1..seats - 1, reserve 0..the tiles in play")
        for name, k in (("bonus", CF_BONUS_MASK), ("held", CF_HELD_MASK), ("wild", CF_WILD_MASK)):
            if not 0 <= v[k] <= CORE_KINDS42:
                raise ValueError(f"{name} mask out of range")
        f.bonus_mask, f.held_mask, f.wild_mask = v[CF_BONUS_MASK], v[CF_HELD_MASK], v[CF_WILD_MASK]
        f.indicator = v[CF_INDICATOR]
        if not 0 <= f.indicator < IND_N:
            raise ValueError("unknown indicator rule")
        rows = [tuple(int(x) for x in r) for r in indicator]
        if len(rows) != 34 or any(len(r) != 4 for r in rows):
            raise ValueError("the indicator table has 34 rows of 4")
        for i in range(34):
            if not (0 <= rows[i][0] <= CORE_KINDS42 and 0 <= rows[i][1] <= CORE_KINDS42
                    and -1 <= rows[i][2] < 34 and -1 <= rows[i][3] < 34):
                raise ValueError(f"bad indicator row {i}")
            f.ind_wild[i], f.ind_bonus[i] = rows[i][0], rows[i][1]
            f.ind_kinds[i][0], f.ind_kinds[i][1] = rows[i][2], rows[i][3]
        f.wild_melds, f.lack, f.forced_win_tiles = v[CF_WILD_MELDS], v[CF_LACK], v[CF_FORCED_WIN_TILES]
        f.pays_during_play, f.exchange, f.ex_by_dice = v[CF_PAYS_DURING_PLAY], v[CF_EXCHANGE], v[CF_EXCHANGE_BY_DICE]
        f.ex_offset, f.ready_declaration = v[CF_EXCHANGE_OFFSET], v[CF_READY_DECLARATION]
        f.swap_at_start, f.penalties, f.haidi_phase = v[CF_SWAP_AT_START], v[CF_PENALTIES], v[CF_HAIDI_PHASE]
        f.shows_kongs, f.declares_held_bonus = v[CF_SHOWS_KONGS], v[CF_DECLARES_HELD_BONUS]
        f.bonus_spoils_kong_draw, f.break_stacks = v[CF_BONUS_SPOILS_KONG_DRAW], v[CF_BREAK_STACKS]
        if f.dice_break and not 1 <= f.break_stacks <= 18:
            raise ValueError("the dice break counts 1..18 stacks a side")
        if f.forced_win_tiles < 0 or (f.exchange and not f.ex_by_dice and not 1 <= f.ex_offset < f.n_seats):
            raise ValueError("forced_win_tiles >= 0; the exchange's offset is 1..seats - 1")
        dice = [int(x) for x in exchange_dice]
        if len(dice) != 13 or any(not 0 <= x < f.n_seats for x in dice):
            raise ValueError("the exchange's dice table has 13 offsets")
        if f.exchange and f.ex_by_dice and any(not 1 <= dice[s] < f.n_seats for s in range(2, 13)):
            raise ValueError("the exchange's dice offsets are 1..seats - 1")
        for i in range(13):
            f.ex_dice_offset[i] = dice[i]
        if f.exchange and f.n_seats * 3 > 27:
            raise ValueError("the exchange needs suited tiles")
        if not 0 <= v[CF_RULE_FLAGS] < (1 << 31) or not 1 <= v[CF_RULE_HAND_SIZE] <= CORE_HAND_MAX \
                or v[CF_RULE_HAND_SIZE] % 3 != 1 or not 0 <= v[CF_RULE_MAX_WILDCARDS] <= 8:
            raise ValueError("bad hand rules")
        f.rule_flags, f.rule_hand_size = v[CF_RULE_FLAGS], v[CF_RULE_HAND_SIZE]
        f.rule_max_wildcards = v[CF_RULE_MAX_WILDCARDS]
        f.suits = 0
        for i in range(f.n_tiles):
            if f.tiles[i] < 27:
                f.suits |= 1 << (f.tiles[i] // 9)
        f.birds, f.bird_hits, f.horses = v[CF_BIRDS], v[CF_BIRD_HITS], v[CF_HORSES]
        f.horses_no_wild, f.horse_from = v[CF_HORSES_WITHOUT_WILDCARDS], v[CF_HORSE_FROM]
        if (not 0 <= f.birds <= CORE_WALL or not 0 <= f.bird_hits < BH_N or not -1 <= f.horses <= CORE_WALL
                or not -1 <= f.horses_no_wild <= CORE_WALL or not 0 <= f.horse_from < HF_N):
            raise ValueError("bad birds or horses")
        pos = [int(x) for x in horse_positions]
        if len(pos) != 34 or any(not -1 <= x < f.n_seats for x in pos):
            raise ValueError("the horse positions are 34 seats on, or -1")
        for i in range(34):
            f.horse_pos[i] = pos[i]
        f.late_discard_tiles, f.wildcard_forfeits = v[CF_LATE_DISCARD_TILES], v[CF_WILDCARD_FORFEITS]
        if not -1 <= f.late_discard_tiles <= CORE_WALL or not 0 <= f.wildcard_forfeits < (1 << WFF_N):
            raise ValueError("late_discard_tiles is -1..the wall, wildcard_forfeits a mask of WILDCARD_FORFEITS")
        code = [int(x) for x in program]
        if len(code) > CORE_PROGRAM or any(not -(1 << 31) <= x < (1 << 31) for x in code):
            raise ValueError(f"the holding programs hold at most {CORE_PROGRAM} values")
        f.n_prog = len(code)
        for i in range(f.n_prog):
            f.prog[i] = code[i]
        rows = [tuple(int(x) for x in r) for r in openings]
        if len(rows) > CORE_SPECIAL_ROWS or any(len(r) != 3 for r in rows):
            raise ValueError(f"at most {CORE_SPECIAL_ROWS} opening rows of 3")
        for i, (row, when, times) in enumerate(rows):
            _hold_check(f.prog, f.n_prog, when)
            if times >= 0:
                _hold_check(f.prog, f.n_prog, times)
            f.open_row[i], f.open_when[i], f.open_times[i] = row, when, times
        f.n_open = len(rows)
        rows = [tuple(int(x) for x in r) for r in instants]
        if len(rows) > CORE_SPECIAL_ROWS or any(len(r) != 3 for r in rows):
            raise ValueError(f"at most {CORE_SPECIAL_ROWS} instant win rows of 3")
        for i, (row, at, when) in enumerate(rows):
            if not 0 <= at < IA_N:
                raise ValueError("unknown instant win time")
            _hold_check(f.prog, f.n_prog, when)
            f.inst_row[i], f.inst_at[i], f.inst_when[i] = row, at, when
        f.n_inst = len(rows)

    def __reduce__(self):
        return CoreFlowTable, self.args

    def __copy__(self):
        return self  # (checked once and never changed: a copy is the table itself)

    def __deepcopy__(self, memo):
        return self

    @property
    def tiles(self):
        """The tile set, in order."""
        return bytes(self.f.tiles[:self.f.n_tiles])

    @property
    def seats(self):
        return tuple([self.f.seats[i] for i in range(self.f.n_seats)])


def _sm_below_values(seed, salt, n, int count):
    """``count`` values of SplitMix64(seed, salt).below(n) drawn by the core's generator (a test of its
    division-free path against the Python twin)."""
    cdef SM64 r
    cdef uint64_t un = n
    if count < 0 or un < 1:
        raise ValueError("_sm_below_values needs n >= 1 and count >= 0")
    sm_seed(&r, <uint64_t>(seed & U64_MASK), <uint64_t>(salt & U64_MASK))
    return [sm_below(&r, un) for _ in range(count)]


def _hold_eval(CoreFlowTable flow not None, int at, counts, int n_melds=0, meld_tiles=(), wild=0):
    """Run the holding program at ``at`` of ``flow`` on a holding (a test aid, beside the rule book's
    evaluate): ``counts`` the seat's 34 concealed counts, ``n_melds`` its melds, ``meld_tiles`` their tiles,
    ``wild`` this hand's wildcard kinds (a mask)."""
    cdef HandCore* c = <HandCore*>calloc(1, sizeof(HandCore))
    cdef HoldEnv e
    cdef int t
    cdef int64_t got
    if c == NULL:
        raise MemoryError()
    try:
        _hold_check(flow.f.prog, flow.f.n_prog, at)
        cnt = [int(x) for x in counts]
        melds = [int(x) for x in meld_tiles]
        if len(cnt) != 34 or any(not 0 <= x <= 4 for x in cnt) or not 0 <= n_melds <= CORE_MELDS:
            raise ValueError("34 counts 0..4 and 0..8 melds")
        if any(not 0 <= x < 34 for x in melds):
            raise ValueError("meld tiles are tile ids")
        c.p = flow.f
        c.wild_now = <uint64_t>int(wild) & CORE_KINDS42
        for t in range(34):
            c.hands[0][t] = cnt[t]
        hold_env(&e, c, 0)
        e.v[HV_MELDS] = n_melds
        e.meld_kinds = 0
        for t in melds:
            e.meld_kinds |= (<uint64_t>1) << t
        with nogil:
            got = hold_run(&e, &c.p, at)
        return got
    finally:
        free(c)


cdef class GameCore:
    """One hand on the compiled core.  ``flow``: the flow as the core reads it (a :class:`CoreFlowTable`);
    ``wall``: an explicit wall (bytes-like tile ids: exactly the flow's tile set, in drawing order) or None."""

    cdef HandCore* c
    cdef object _book  # the compiled book c.book points into (decide_book)

    def __cinit__(self, *args, **kwargs):
        # allocated (zeroed: a hand that is over) before __init__, so no method ever reads a NULL core
        self.c = <HandCore*>calloc(1, sizeof(HandCore))
        if self.c == NULL:
            raise MemoryError()

    def __init__(self, CoreFlowTable flow not None, seed, salt, int dealer, int prevalent_wind, wall=None):
        cdef const uint8_t* w = NULL
        cdef bytes wb
        cdef int n = 0
        if not 0 <= dealer < 4 or flow.f.seat_index[dealer] < 0 or not 0 <= prevalent_wind < 4:
            raise ValueError("the dealer is a seat at the table and prevalent_wind is 0..3")
        if wall is not None:
            wb = bytes(wall)
            n = len(wb)
            if n != flow.f.n_tiles or sorted(wb) != sorted(flow.tiles):
                raise ValueError("an explicit wall holds exactly the flow's tile set")
            w = <const uint8_t*>wb
        core_init(self.c, &flow.f, <uint64_t>(int(seed) & U64_MASK), <uint64_t>(int(salt) & U64_MASK), dealer,
                  prevalent_wind, w, n)

    def __dealloc__(self):
        free(self.c)

    def copy(self):
        """An independent copy of this hand (the whole struct copied: its only pointer, c.book, points into the
        compiled book both cores keep alive)."""
        cdef GameCore twin = GameCore.__new__(GameCore)
        memcpy(twin.c, self.c, sizeof(HandCore))
        twin._book = self._book
        return twin

    def answers(self):
        """The answers given so far to the open decision: {seat: action slot}."""
        cdef int s
        return {s: self.c.response[s] for s in range(4) if self.c.answered & (1 << s)}

    def redeal(self, hands, wall, kongs, int drawn=-1):
        """Put re-dealt hidden tiles in (mahjong.game.fork.determinize) and ask the open decision again: ``hands``
        the 4 x 42 concealed counts (168 bytes), ``wall`` the live wall from the next draw to the last
        replacement (``live`` bytes), ``kongs`` [(seat, meld index, tile)]: concealed kongs whose tile changes,
        ``drawn`` the tile the seat that drew last holds as its drawn tile now (-1: as it was).  Each hand keeps
        its size and the seat that drew last holds its drawn tile, or nothing changes (ValueError).  Every
        answer given is forgotten (the caller gives its own again), each seat's caches are dropped and a seat
        whose hand changed picks its 换三张 tiles again.  Returns the status of the decision asked again."""
        cdef HandCore* c = self.c
        cdef bytes hb = bytes(hands)
        cdef bytes wb = bytes(wall)
        cdef int s, t, m, k, old, n = c.back - c.front
        if c.phase == PH_END:
            raise ValueError("the hand is over")
        if len(hb) != 4 * CORE_TILES or len(wb) != n:
            raise ValueError(f"redeal takes 4 x {CORE_TILES} counts and the {n} live wall tiles")
        if any(x > 4 for x in hb) or any(x >= CORE_TILES for x in wb):
            raise ValueError("counts are 0..4 and wall tiles 0..41")
        for s in range(4):
            if sum(hb[s * CORE_TILES:(s + 1) * CORE_TILES]) != core_concealed(c, s):
                raise ValueError(f"seat {s}'s hand must keep its size")
        if drawn < 0:
            drawn = c.ldraw_tile
        if c.ldraw_seat >= 0 and not (0 <= drawn < CORE_TILES and hb[c.ldraw_seat * CORE_TILES + drawn]):
            raise ValueError(f"seat {c.ldraw_seat} must hold the tile it drew")
        checked = []
        for s, m, t in kongs:
            if not 0 <= s < 4 or not 0 <= m < c.n_melds[s] or c.meld_kind[s][m] != MK_CONCEALED_KONG \
                    or not 0 <= t < 34:
                raise ValueError(f"seat {s} has no concealed kong {m}, or {t} is no tile")
            checked.append((s, m, t))
        for s in range(4):
            for t in range(CORE_TILES):
                if c.hands[s][t] != hb[s * CORE_TILES + t]:
                    c.hands[s][t] = hb[s * CORE_TILES + t]
                    c.n_picked[s] = 0  # (the picks of 换三张 under way were of the hand it held)
            c.verdict_step[s] = -1
            c.wait_valid[s] = 0
        for k in range(n):
            c.wall[c.front + k] = wb[k]
        if c.ldraw_seat >= 0:
            c.ldraw_tile = drawn
        for s, m, t in checked:
            old = c.meld_tile[s][m]
            c.visible[old] -= 4
            c.visible[t] += 4
            c.meld_tile[s][m] = t
            c.meld_low[s][m] = t
            for k in range(c.n_kongs):
                if c.kong_seat[k] == s and c.kong_kind[k] == MK_CONCEALED_KONG and c.kong_tile[k] == old:
                    c.kong_tile[k] = t
                    break
        return core_advance(c)

    def new_hand(self, seed, salt, int dealer, int prevalent_wind):
        """A new hand on this core, with its parameters (a shuffled wall): the core GameCore(params, seed, salt,
        dealer, prevalent_wind) would be, still deciding in C what this one was told to (decide_guobiao,
        decide_book).  A table of hands reuses one core: nothing is allocated or read again."""
        cdef CoreFlow p = self.c.p
        cdef int gb = self.c.gb_decide, gb_opts = self.c.gb_opts, gb_min = self.c.gb_min_fan
        cdef int gb_ask_facts = self.c.gb_ask_facts
        cdef uint64_t gb_ask0 = self.c.gb_ask_fans[0], gb_ask1 = self.c.gb_ask_fans[1]
        cdef int ev = self.c.ev_decide, ev_heavenly = self.c.ev_heavenly, ev_earthly = self.c.ev_earthly
        cdef int ev_settles = self.c.ev_settles
        cdef const EvBook* book = self.c.book
        if self.c.p.hand_size == 0:
            raise ValueError("new_hand needs a core made with its parameters")
        if not 0 <= dealer < 4 or p.seat_index[dealer] < 0 or not 0 <= prevalent_wind < 4:
            raise ValueError("the dealer is a seat at the table and prevalent_wind is 0..3")
        core_init(self.c, &p, <uint64_t>(int(seed) & U64_MASK), <uint64_t>(int(salt) & U64_MASK), dealer,
                  prevalent_wind, NULL, 0)
        self.c.gb_decide, self.c.gb_opts, self.c.gb_min_fan = gb, gb_opts, gb_min
        self.c.gb_ask_facts, self.c.gb_ask_fans[0], self.c.gb_ask_fans[1] = gb_ask_facts, gb_ask0, gb_ask1
        if ev:  # (the compiled book self._book keeps alive)
            self.c.book = book
            self.c.ev_heavenly, self.c.ev_earthly, self.c.ev_settles = ev_heavenly, ev_earthly, ev_settles
            self.c.ev_decide = 1

    def advance(self):
        """Run until seats must answer or Python must look: a status (``STATUSES`` index)."""
        return core_advance(self.c)

    def act(self, int seat, int action):
        """One seat's answer (an action slot): a status, or a negative refusal (``REFUSALS``)."""
        return core_act(self.c, seat, action)

    def verdict(self, int seat, int tile, bint ok, int total, valid=None):
        """The rule set's answer to a ``score`` status: ``ok`` the win may be declared, ``valid`` it meets the
        minimum (default: ok; a false win is ok without valid)."""
        core_verdict_valid(self.c, seat, tile, ok, ok if valid is None else bool(valid), total)

    def seed_agents(self, seeds):
        """Seed the random agents of the seats in turn order as ``RandomAgent(seeds[i])``."""
        cdef uint64_t s4[4]
        cdef int i
        for i in range(self.c.p.n_seats):
            s4[i] = <uint64_t>(int(seeds[i]) & U64_MASK)
        core_seed_agents(self.c, s4)

    def decide_guobiao(self, int opts, int min_fan, int ask_facts=0, ask_fans=0):
        """Decide Guobiao's may-this-seat-win in C from now on (the kernel's option bits ``opts``, the minimum
        ``min_fan`` without flowers): a complete hand the rule layer's one-call path would score is scored
        here, and the ``score`` status comes only for the rest, and for a win with any of the win facts
        ``ask_facts`` (bit i: :meth:`win_facts`' i-th) or any of the fans ``ask_fans`` (bit j: the kernel's fan
        j) in its fan vector."""
        _gb_ask_check(opts, min_fan, ask_facts, ask_fans)
        self.c.gb_opts, self.c.gb_min_fan, self.c.gb_decide = opts, min_fan, 1
        self.c.gb_ask_facts = ask_facts
        self.c.gb_ask_fans[0], self.c.gb_ask_fans[1] = ask_fans & U64_MASK, ask_fans >> 64

    def decide_book(self, CompiledBook book not None, bint heavenly, int earthly, bint settles):
        """Score every win offered from now on in C with a compiled rule book (evaluator_core.pxi): a complete
        hand the book decides gets its verdict here, the ``score`` status comes only where the rule book must
        decide.  ``heavenly``: the flow reads 天和; ``earthly``: how it reads 地和 (0 never, 1 a non-dealer's
        self-draw on its first draw, 2 a win on the dealer's first discard, 3 any non-dealer win in the first
        go-round without melds); ``settles``: C settles the hand (:meth:`book_net`; the money during play is then
        not asked for: no ``pay`` status, :meth:`pay_marks` gives its places)."""
        if not 0 <= earthly <= 3:
            raise ValueError("earthly is 0..3")
        self._book = book
        self.c.book = &book.b
        self.c.ev_heavenly, self.c.ev_earthly, self.c.ev_settles = heavenly, earthly, settles
        self.c.ev_decide = 1

    def book_net(self):
        """The hand's nets settled in C (decide_book with settles) once it is over, or of its record so far; None
        where the rule book must settle it."""
        cdef int s
        if not self.c.ev_decide or not self.c.ev_settles or ev_settle(self.c) != 0:
            return None
        return tuple([self.c.ev_net[s] for s in range(4)])

    def won_rows(self):
        """Each win's counted rows of the compiled book given to :meth:`decide_book`, in the order of :meth:`wins`,
        as the settlement in C scored the win: a tuple of (row index into the book's rows, times, value, shown
        under its other name) per win — the items of that win's result — once the hand is settled in C; else None
        (the rule book settles it)."""
        settled = self.book_outcome()
        return None if settled is None else settled[1]

    def book_outcome(self):
        """:meth:`book_net` and :meth:`won_rows` of a hand that is over, from one settlement in C (each win is scored
        once, not once for each): (nets, each win's rows), or None where the rule book settles the hand."""
        cdef EvWinLines* won = NULL
        cdef int i, j, st
        if not self.c.ev_decide or not self.c.ev_settles or self.c.phase != PH_END:
            return None
        if self.c.n_won:  # (a hand with no win has no rows to write: nothing to allocate)
            won = <EvWinLines*>malloc(sizeof(EvWinLines))
            if won == NULL:
                raise MemoryError()
        try:
            st = ev_settle(self.c, won)
            if st != 0:
                return None
            net = (self.c.ev_net[0], self.c.ev_net[1], self.c.ev_net[2], self.c.ev_net[3])
            if won == NULL:
                return net, []
            return net, [tuple([(won.line[i][j].row, won.line[i][j].times, won.line[i][j].value,
                                 bool(won.renamed[i][j])) for j in range(won.n[i])])
                         for i in range(min(self.c.n_won, 4))]
        finally:
            free(won)

    def won_waits(self):
        """Each win's wait as the settlement in C scored it (mahjong.rulebook.opcodes.WAITS index: the words a row's
        name shows for ``{wait}``), in the order of :meth:`wins`, once a hand C settles is over; else None."""
        cdef EvWinLines* won
        cdef int i
        if not self.c.ev_decide or not self.c.ev_settles or self.c.phase != PH_END:
            return None
        won = <EvWinLines*>malloc(sizeof(EvWinLines))
        if won == NULL:
            raise MemoryError()
        try:
            if ev_settle(self.c, won) != 0:
                return None
            return [won.wait[i] for i in range(min(self.c.n_won, 4))]
        finally:
            free(won)

    def book_score(self, int seat, int tile, int from_seat):
        """The compiled book's total of the seat winning on ``tile`` now (from_seat -1: self-drawn; no robbing), as
        the win would be scored (a test aid): the total, or None where the book gives no win or hands the win to
        the rule book."""
        cdef EvResult* res
        cdef int st
        if not self.c.ev_decide or not 0 <= seat < 4 or not 0 <= tile < 34 or not -1 <= from_seat < 4:
            raise ValueError("seat, tile and from_seat out of range, or no compiled book")
        res = <EvResult*>malloc(sizeof(EvResult))
        if res == NULL:
            raise MemoryError()
        st = ev_core_score(self.c, res, seat, tile, from_seat, 0, core_win_facts(self.c, seat, tile, from_seat, 0),
                           EVM_WIN, ev_won_mask(self.c), -1, ev_dealer_discards(self.c))
        total = res.total if st == ER_OK and not res.invalid else None
        free(res)
        return total

    def book_facts(self, int seat, int tile, int from_seat, bint robbing=False):
        """The win facts the compiled book given to :meth:`decide_book` reads for the seat winning on ``tile`` now
        (from_seat -1: self-drawn), one per fact slot of the image as the core fills them (None: no value), for
        the tests to compare with the rule book's (a test aid)."""
        cdef EvHand* h
        cdef int i
        if not self.c.ev_decide or not 0 <= seat < 4 or not 0 <= tile < CORE_TILES or not -1 <= from_seat < 4:
            raise ValueError("seat, tile and from_seat out of range, or no compiled book")
        h = <EvHand*>malloc(sizeof(EvHand))
        if h == NULL:
            raise MemoryError()
        try:
            if ev_core_hand(self.c, self.c.book, h, seat, tile, from_seat, robbing,
                            core_win_facts(self.c, seat, tile, from_seat, robbing), EVM_WIN, ev_won_mask(self.c), -1,
                            ev_dealer_discards(self.c)) != 0:
                return None
            return [None if h.facts[i] == EVL_ABSENT else h.facts[i] for i in range(self.c.book.n_facts)]
        finally:
            free(h)

    def pay_marks(self):
        """The event-record positions where money moved during play (decide_book with settles), in order."""
        cdef int i
        return [self.c.pay_marks[i] for i in range(min(self.c.n_pay_marks, CORE_PAY_MARKS))]

    def won_fans(self, int i):
        """The fan vector (the Guobiao kernel's fan order, flowers at 花牌) of the hand's i-th win when C
        decided it, else None."""
        cdef int j
        if not 0 <= i < self.c.n_won or not self.c.won_in_c[i]:
            return None
        return [self.c.won_fans[i][j] for j in range(GB_NF)]

    def win_facts(self, int i):
        """The hand's i-th win's facts as HandState.win_facts derives them when the win is folded: (last_tile,
        last_wall_tile, kong_replacement, robbing_kong, after_kong_discard, heavenly, earthly, human,
        first_round, a bonus tile came as the winner's kong replacement)."""
        if not 0 <= i < self.c.n_won:
            raise ValueError(f"the hand has {self.c.n_won} wins")
        return _win_facts_tuple(self.c.won_facts[i])

    def query_facts(self):
        """The ``score`` status's win facts, as :meth:`win_facts` gives them."""
        cdef HandCore* c = self.c
        if c.q_seat < 0 or c.q_seat > 3 or c.q_tile < 0 or c.q_tile >= 34:
            raise ValueError("there is no question")
        return _win_facts_tuple(core_win_facts(c, c.q_seat, c.q_tile, c.q_from, c.q_robbing))

    def wins(self):
        """The hand's wins in order: (seat, tile, from seat or -1, total)."""
        cdef int i
        return [(self.c.won[i], self.c.won_tile[i], self.c.won_from[i], self.c.won_total[i])
                for i in range(self.c.n_won)]

    def win_steps(self):
        """Each win's event-record position when its verdict was given (where the rule set was asked)."""
        cdef int i
        return [self.c.won_step[i] for i in range(self.c.n_won)]

    def won_valid(self, int i):
        """The hand's i-th win met the minimum (False: a false win)."""
        if not 0 <= i < self.c.n_won:
            raise ValueError(f"the hand has {self.c.n_won} wins")
        return bool(self.c.won_valid[i])

    @property
    def verdict_valid(self):
        """Each seat's last verdict met the minimum (the random and greedy agents take only such a win)."""
        cdef int s
        return tuple([bool(self.c.verdict_valid[s]) for s in range(4)])

    def flow_facts(self, int seat, int tile, int from_seat, bint robbing=False):
        """core_flow_facts of ``seat`` winning on ``tile`` now (from_seat -1: self-drawn) as a dict (a view of
        CoreFacts; see engine.pxi)."""
        cdef CoreFacts f
        cdef int s
        if not 0 <= seat < 4 or not 0 <= tile < CORE_TILES or not -1 <= from_seat < 4:
            raise ValueError("seat, tile and from_seat out of range")
        core_flow_facts(self.c, seat, tile, from_seat, robbing, &f)
        return {"indicator": None if f.indicator < 0 else f.indicator, "wildcards": int(f.wildcards),
                "wild_held": [[f.wild_held[s][0], f.wild_held[s][1]] for s in range(4)],
                "wild_kongs": [s for s in range(4) if f.wild_kongs >> s & 1],
                "bonus": [f.bonus[s] for s in range(4)], "tiles_to_end": f.tiles_to_end, "lagang": bool(f.lagang),
                "wildcard_win": bool(f.wildcard_win), "declared_ready": bool(f.declared_ready),
                "haidi": bool(f.haidi), "birds": f.birds, "bird_seats": [f.bird_seats[s] for s in range(4)],
                "already_won": [s for s in range(4) if f.already_won >> s & 1], "false_win": bool(f.false_win),
                "bonus_after_kong": bool(f.bonus_after_kong), "ready_from_start": bool(f.ready_from_start)}

    def horses(self):
        """买马 after the hand's wins (SpecialFlow.after_win_events): (seat, tiles, hits) per winner, the instant
        winner last; [] when the flow has no 买马."""
        cdef uint8_t tiles[CORE_WALL]
        cdef int n = 0, i, hits
        out = []
        for i in range(self.c.n_won):
            hits = core_horses(self.c, self.c.won[i], self.c.won_tile[i] if self.c.won_from[i] >= 0 else -1,
                               tiles, &n)
            if hits < 0:
                return []
            out.append((self.c.won[i], bytes(tiles[:n]), hits))
        if self.c.instant_seat >= 0:
            hits = core_horses(self.c, self.c.instant_seat, -1, tiles, &n)
            if hits < 0:
                return []
            out.append((self.c.instant_seat, bytes(tiles[:n]), hits))
        return out

    @property
    def ready(self):
        """The seats whose hands are locked by 报听, as 4 flags."""
        cdef int s
        return tuple([bool(self.c.ready[s]) for s in range(4)])

    @property
    def indicator(self):
        """The wildcard indicator turned up (None: none)."""
        return None if self.c.ind_tile < 0 else self.c.ind_tile

    @property
    def wild_kinds(self):
        """This hand's wildcard kinds, as a mask over the 42 tile ids."""
        return int(self.c.wild_now)

    @property
    def out_of_play(self):
        """The tiles out of play, in the hand state's order."""
        return bytes(self.c.out[:self.c.n_out])

    def penalize(self, int seat, int kind, int tile=-1, int from_seat=-1, bint robbing=False, int total=-1):
        """End the hand with the judge's penalty (``kind`` a PENALTIES index): a seat at the table; a false win's
        tile (-1 none), the seat it was claimed from (-1 self-drawn), whether it robbed a kong, its total (-1:
        the hand does not win)."""
        if not core_at_table(self.c, seat) or not 0 <= kind < PEN_N or not -1 <= tile < CORE_TILES \
                or not -1 <= from_seat < 4:
            raise ValueError("a seat at the table, a penalty 0..6, a tile id or -1, a seat or -1")
        if self.c.phase == PH_END:
            raise ValueError("the hand is over")
        core_penalize(self.c, seat, kind, tile, from_seat, robbing, total)

    @property
    def penalty(self):
        """The judge's penalty that ended the hand: (seat, PENALTIES index), or None."""
        return None if self.c.pen_seat < 0 else (self.c.pen_seat, self.c.pen_kind)

    @property
    def wall_end_ready(self):
        """The seats ready when the wall ended (a bit mask; -1: it has not ended)."""
        cdef int i
        for i in range(self.c.n_ev - 1, -1, -1):
            if self.c.ev[i][0] == EV_WALL_END:
                return self.c.ev[i][3]
        return -1

    @property
    def haidi(self):
        """The 海底捞月: (the seat that fished, the tile), or None."""
        return None if self.c.haidi_tile < 0 else (self.c.actor, self.c.haidi_tile)

    @property
    def specials(self):
        """How many opening declarations and instant wins the hand has had (their payments are the flow's)."""
        cdef int i, n = 0
        for i in range(self.c.n_ev):
            n += self.c.ev[i][0] == EV_OPENING or self.c.ev[i][0] == EV_INSTANT_WIN
        return n

    @property
    def became_ready(self):
        """The seats in the order they became ready (报听's 海底捞月 goes to the one ready first)."""
        cdef int i
        return tuple([self.c.became[i] for i in range(self.c.n_became)])

    @property
    def instant_seat(self):
        """The seat that won at once by a holding (None: none)."""
        return None if self.c.instant_seat < 0 else self.c.instant_seat

    def state(self):
        """The hand state as mahjong.game.state.HandState holds it, read from the struct (without the typed
        events; mahjong.game.core.CoreHand.snapshot makes the HandState): a tuple of (dealer, prevalent wind,
        wall, front, back, tiles out of play, hands (42 counts), melds [(kind, tiles, from)], bonus, rivers
        [(tile, claimed)], visible (42), the kong ledger, playing (bits), winners (an instant winner last), lack,
        报听, the order declared, the indicator (or -1), phase, actor, last draw (seat, tile, replacement, after a
        kong) or None, last discard (seat, tile, after a kong) or None, the kong that may be robbed or None, the
        kong draw due (-1), after a kong (4), turns (4), claims made, the 海底 tile (-1), segment length,
        segment fronts, robbing, events so far, 报听 with the first discard (4), the offer was just drawn, a bonus
        tile after a kong (4))."""
        cdef HandCore* c = self.c
        cdef int s, k
        cdef int tiles[3]
        melds = []
        for s in range(4):
            ms = []
            for k in range(c.n_melds[s]):
                if c.meld_kind[s][k] == MK_CHOW:
                    core_meld_tiles(c, s, k, tiles)
                    got = (tiles[0], tiles[1], tiles[2])
                else:
                    got = (c.meld_tile[s][k],) * (3 if c.meld_kind[s][k] == MK_PUNG else 4)
                ms.append((c.meld_kind[s][k], got, c.meld_from[s][k]))
            melds.append(ms)
        won = [c.won[k] for k in range(c.n_won)]
        if c.instant_seat >= 0:
            won.append(c.instant_seat)
        return (c.dealer, c.prevalent_wind, list(c.wall[:c.n_wall]), c.front, c.back, list(c.out[:c.n_out]),
                [list(c.hands[s][:CORE_TILES]) for s in range(4)], melds,
                [list(c.bonus[s][:imin(c.n_bonus[s], CORE_BONUS)]) for s in range(4)],
                [[(c.river[s][k], bool(c.river_claimed[s][k])) for k in range(c.n_river[s])] for s in range(4)],
                list(c.visible[:CORE_TILES]),
                [(c.kong_seat[k], c.kong_kind[k], c.kong_tile[k], c.kong_from[k], bool(c.kong_robbed[k]))
                 for k in range(c.n_kongs)],
                c.playing, won, [c.lack[s] for s in range(4)], [bool(c.ready[s]) for s in range(4)],
                [c.ready_order[k] for k in range(c.n_ready_order)], c.ind_tile, c.phase, c.actor,
                (c.ldraw_seat, c.ldraw_tile, bool(c.ldraw_repl), bool(c.ldraw_after_kong)) if c.ldraw_seat >= 0
                else None,
                (c.ldis_seat, c.ldis_tile, bool(c.ldis_after_kong)) if c.ldis_seat >= 0 else None,
                (c.pk_seat, c.pk_tile) if c.pk_seat >= 0 else None, c.kong_draw_due,
                [bool(c.after_kong[s]) for s in range(4)], [c.turns[s] for s in range(4)], c.claims_made,
                c.haidi_tile, c.seg_len, [c.seg_front[s] for s in range(4)], bool(c.robbing), c.n_ev,
                [bool(c.ready_from_start[s]) for s in range(4)], bool(c.offer_drawn),
                [bool(c.bonus_after_kong[s]) for s in range(4)])

    def live_for(self, int seat):
        """The tiles ``seat`` can still draw."""
        if not core_at_table(self.c, seat):
            raise ValueError("not a seat at the table")
        return core_live_for(self.c, seat)

    def bonus(self, int seat):
        """The seat's bonus tiles set aside, in order."""
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        return bytes(self.c.bonus[seat][:self.c.n_bonus[seat]])

    def preview_guobiao(self, int opts, int min_fan, int ask_facts=0, ask_fans=0):
        """What the core would decide itself for the ``score`` status's question (a test aid: the caller then
        gives the rule layer's verdict): (may win, total with flowers, fan vector), or None when it would ask
        (the arguments: :meth:`decide_guobiao`'s)."""
        cdef HandCore* c = self.c
        cdef int j, ok
        if c.q_seat < 0 or c.q_seat > 3 or c.q_tile < 0 or c.q_tile >= 34:
            raise ValueError("there is no question to preview")
        _gb_ask_check(opts, min_fan, ask_facts, ask_fans)
        c.gb_opts, c.gb_min_fan, c.gb_ask_facts = opts, min_fan, ask_facts
        c.gb_ask_fans[0], c.gb_ask_fans[1] = ask_fans & U64_MASK, ask_fans >> 64
        ok = core_gb_verdict(c, c.q_seat, c.q_tile, c.q_from, c.q_robbing)
        if ok < 0:
            return None
        return (bool(ok), c.verdict_total[c.q_seat], [c.verdict_fans[c.q_seat][j] for j in range(GB_NF)])

    def random_action(self, int seat):
        if not 0 <= seat < 4 or not self.c.n_legal[seat] or not (self.c.pending & (1 << seat)):
            raise ValueError(f"seat {seat} has nothing to choose")
        return core_random_action(self.c, seat)

    def greedy_action(self, int seat):
        """The built-in greedy agent's choice for a pending seat (GreedyAgent's, computed in C)."""
        if not 0 <= seat < 4 or not self.c.n_legal[seat] or not (self.c.pending & (1 << seat)):
            raise ValueError(f"seat {seat} has nothing to choose")
        return core_greedy_action(self.c, seat)

    def play_greedy(self):
        """The greedy agents answer until Python must look: a status."""
        cdef int st
        with nogil:
            st = core_play_agents(self.c, 1)
        return st

    def play_random(self):
        """The random agents answer until Python must look: a status."""
        cdef int st
        with nogil:
            st = core_play_random(self.c)
        return st

    @property
    def query(self):
        """The ``score`` status's question: (seat, tile, from seat or -1, robbing)."""
        return (self.c.q_seat, self.c.q_tile, self.c.q_from, bool(self.c.q_robbing))

    @property
    def pending(self):
        """The seats still to answer, in the order they were asked."""
        cdef int i, s
        out = []
        for i in range(self.c.n_pending):
            s = self.c.pend_order[i]
            if not (self.c.answered & (1 << s)):
                out.append(s)
        return tuple(out)

    @property
    def asked(self):
        """Every seat asked the question now, answered or not, in the order asked."""
        cdef int i
        if self.c.phase == PH_END:
            return ()
        return tuple([self.c.pend_order[i] for i in range(self.c.n_pending)])

    def legal(self, int seat):
        """The seat's legal action slots in the engine's order (empty when it need not answer)."""
        cdef int i
        if not 0 <= seat < 4 or not (self.c.pending & (1 << seat)) or (self.c.answered & (1 << seat)):
            return ()
        return tuple([self.c.legal[seat][i] for i in range(self.c.n_legal[seat])])

    def mask(self, int seat):
        out = bytearray(A_N_ACTIONS)
        core_mask(self.c, seat, <uint8_t*><char*>out)
        return out

    def events(self, int start=0):
        """The event record from ``start``: (kind, seat, tile, a, b) rows (``EVENT_KINDS`` numbering)."""
        cdef int i
        return [(self.c.ev[i][0], self.c.ev[i][1], self.c.ev[i][2], self.c.ev[i][3], self.c.ev[i][4])
                for i in range(max(0, start), self.c.n_ev)]

    @property
    def n_events(self):
        return self.c.n_ev

    @property
    def phase(self):
        return self.c.phase

    @property
    def wall(self):
        return bytes(self.c.wall[:self.c.n_wall])

    @property
    def wall_built(self):
        """The wall as it was built, before the wildcard indicator was taken out of play (moved to its end)."""
        cdef HandCore* c = self.c
        w = bytearray(c.wall[:c.n_wall])
        if c.ind_tile >= 0 and 0 <= c.ind_pos < c.n_wall:
            w.insert(c.ind_pos, w.pop())
        return bytes(w)

    @property
    def live(self):
        return core_live(self.c)

    @property
    def live_wall(self):
        """The tiles still to draw, the next draw first (kong replacements are taken from the end)."""
        return bytes(self.c.wall[self.c.front:self.c.back])

    def hand(self, int seat):
        """The seat's 42 concealed counts."""
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        return bytes(self.c.hands[seat][:CORE_TILES])

    def kongs(self):
        """The kong ledger: (seat, meld kind, tile, from seat or -1, robbed)."""
        cdef int i
        return [(self.c.kong_seat[i], self.c.kong_kind[i], self.c.kong_tile[i], self.c.kong_from[i],
                 bool(self.c.kong_robbed[i])) for i in range(self.c.n_kongs)]

    def melds(self, int seat):
        """The seat's table melds in order: (meld kind, its tiles (ascending), claimed tile, from seat or -1)."""
        cdef int m
        cdef int tiles[3]
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        out = []
        for m in range(self.c.n_melds[seat]):
            kind, t = self.c.meld_kind[seat][m], self.c.meld_tile[seat][m]
            if kind == MK_CHOW:
                core_meld_tiles(self.c, seat, m, tiles)
                got = (tiles[0], tiles[1], tiles[2])
            else:
                got = (t,) * (3 if kind == MK_PUNG else 4)
            out.append((kind, got, t, self.c.meld_from[seat][m]))
        return out

    @property
    def focus(self):
        """(phase, actor, the discard on the table or -1, the added kong's tile or -1, the last drawn tile or
        -1): the tiles the legal action slots are about."""
        cdef HandCore* c = self.c
        return (c.phase, c.actor, c.ldis_tile if c.ldis_seat >= 0 else -1, c.pk_tile if c.pk_seat >= 0 else -1,
                c.ldraw_tile if c.ldraw_seat >= 0 else -1)

    @property
    def won(self):
        cdef int i
        return tuple([self.c.won[i] for i in range(self.c.n_won)])


cdef void _gb_ask_check(int opts, int min_fan, int ask_facts, ask_fans) except *:
    """decide_guobiao's arguments, checked: opts and min_fan >= 0, ask_facts of the WF_* bits, ask_fans a set of
    the kernel's fans (an int of GB_NF bits)."""
    if min_fan < 0 or opts < 0:
        raise ValueError("opts and min_fan are >= 0")
    if not 0 <= ask_facts < 2 * WF_BONUS_AFTER_KONG:
        raise ValueError(f"ask_facts is a set of the win facts' bits (0 .. {2 * WF_BONUS_AFTER_KONG - 1})")
    if type(ask_fans) is not int or not 0 <= ask_fans < (<object>1) << GB_NF:
        raise ValueError(f"ask_fans is a set of the {GB_NF} fans' bits (an int)")


cdef tuple _win_facts_tuple(int f):
    return (bool(f & WF_LAST_TILE), bool(f & WF_LAST_WALL_TILE), bool(f & WF_KONG_REPLACEMENT),
            bool(f & WF_ROBBING_KONG), bool(f & WF_AFTER_KONG_DISCARD), bool(f & WF_HEAVENLY),
            bool(f & WF_EARTHLY), bool(f & WF_HUMAN), bool(f & WF_FIRST_ROUND), bool(f & WF_BONUS_AFTER_KONG))


def _core_gb_decide(bytes record, int opts):
    """The hand core's Guobiao decision (_gb_decide, without the GIL) of one packed record (a test aid, beside
    _gb_score): (status: 0 scored / 1 not a winning hand / 2 malformed or too many readings, fan vector)."""
    cdef GBHand h
    cdef int best[GB_NF]
    cdef int j, st
    if len(record) != GB_REC:
        raise ValueError(f"a Guobiao hand record has {GB_REC} bytes")
    memset(best, 0, sizeof(best))
    st = _gb_load(<const uint8_t*>PyBytes_AS_STRING(record), opts, &h)
    if st == GB_OK:
        st = _gb_decide(&h, best)
    return st, [best[j] for j in range(GB_NF)]


def _core_constants():
    """The hand core's C constants (checked against mahjong.game._core_constants by a test)."""
    return {"N_ACTIONS": A_N_ACTIONS, "WIN": A_WIN, "PASS": A_PASS, "LACK": A_LACK, "CHOW": A_CHOW,
            "PH_END": PH_END, "PH_LACK": PH_LACK, "EV_BEGIN": EV_BEGIN, "EV_WIN": EV_WIN, "CS_END": CS_END,
            "CS_SCORE": CS_SCORE, "CR_OVER": CR_OVER, "MK_CONCEALED_KONG": MK_CONCEALED_KONG,
            "CF_N": CF_N, "CF_HORSE_FROM": CF_HORSE_FROM, "HO_N": HO_N, "HV_N": HV_N, "EV_INSTANT_WIN": EV_INSTANT_WIN,
            "IND_N": IND_N, "BH_SEAT": BH_SEAT, "DP_WILDCARD": DP_WILDCARD, "HONOR_CHOW": A_HONOR_CHOW}
