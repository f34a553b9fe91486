# The compiled hand core: one hand's whole mutable state in C, its legal actions, its transitions and a compact
# event record.  Included from core.pyx.
#
# ---- The C-level API (stable: later changes add, never rename) ----------------------------------------------
#
#   CoreParams      the flow facts the core reads every step, built once from a Flow (mahjong.game.core
#                   .core_params): hand size, chows, several winners, winners to end, reserve, dice break,
#                   flowers, honors, 定缺, forced-win tiles, money during play, the HandRules flags / size.
#   HandCore        one hand: the wall (front / back ends), 42-slot concealed counts per seat, melds with
#                   absolute seats, rivers, bonus tiles, visible counts, the kong ledger, seats playing, winners,
#                   定缺 suits, phase / actor, the last draw / discard / added kong, first go-round facts, the
#                   pending seats with their ordered legal action lists, the win-verdict cache, the random
#                   agents' SplitMix64 states, and the event record ev[n_ev][5] (kinds EV_* of enginedefs.pxd).
#   core_init(c, p, seed, salt, dealer, prevalent, wall, n)   nogil; wall NULL = shuffle (seed, salt) as
#                   mahjong.game.rng does; then deal, replace flowers, begin play.  Call core_advance next.
#   core_advance(c) nogil -> CS_WAIT (c.pending / c.legal / c.n_legal filled), CS_SCORE (a complete hand is on
#                   offer: c.q_seat / q_tile / q_from / q_robbing; answer with core_verdict, then advance
#                   again), CS_PAY (money moves during play: settle the record so far, then advance again),
#                   CS_END (the hand is over: settle it).
#   core_verdict(c, seat, tile, ok, total) nogil  the rule set's answer to CS_SCORE (valid within this step).
#   core_act(c, seat, action) nogil -> CR_* (< 0: refused, state unchanged) or, once every pending seat has
#                   answered, the next core_advance status (CS_WAIT while others still must answer).
#   core_random_action(c, seat) nogil -> the built-in random agent's choice (bit-identical to RandomAgent:
#                   a win when one is offered, else legal[below(n_legal)] with the seat's SplitMix64).
#   core_play_random(c) nogil -> runs the random agents until a status other than CS_WAIT.
#   core_mask(c, seat, out) nogil  fills a N_ACTIONS 0/1 mask.
#   c.gb_decide (GameCore.decide_guobiao): Guobiao's may-this-seat-win decided in C (core_gb_verdict: the scoring
#                   record built from the core's state, scored by guobiao.pxi's _gb_decide without the GIL); the
#                   CS_SCORE status then comes only for a hand the rule layer's one-call path would not take.
#                   Each win's facts (core_win_facts), tile, source, total and (decided in C) fan vector are kept.
#   c.ev_decide (GameCore.decide_book): a compiled rule book scores every win in C (evaluator_core.pxi:
#                   ev_verdict at each win offer) and, where its nets are C's (ev_settles), settles the hand by
#                   folding the record (ev_settle); CS_PAY is then not returned: its places are kept (pay_marks)
#                   for the typed events' payments.
#   c.ex_on (GameCore.exchange_three): Sichuan's 换三张 before 定缺 (PH_EXCHANGE: every seat picks a tile a round,
#                   three of one suit; then the dice or the option's direction, the four passes at once).
# A caller stepping many cores without the GIL loops core_act / core_play_random and drops to Python only on
# CS_SCORE / CS_PAY / CS_END.  The Python face is the GameCore class at the end of this file; its drivers are
# mahjong.game.core.CoreHand (events built when read), CoreGame (Game's step API) and RandomTable (self-play).
# Each seat's waits are cached (wait_valid / wait_mask) while its base hand is unchanged: a win offer is one
# bit test, and the rule set is asked (CS_SCORE) only for a complete hand.

from mjcore.enginedefs cimport *
from libc.stdint cimport int8_t, int16_t, int32_t

cdef extern from *:
    """
    #define MJ_SM_GOLDEN 0x9E3779B97F4A7C15ULL
    #define MJ_SM_M1 0xBF58476D1CE4E5B9ULL
    #define MJ_SM_M2 0x94D049BB133111EBULL
    """
    uint64_t MJ_SM_GOLDEN
    uint64_t MJ_SM_M1
    uint64_t MJ_SM_M2

cdef enum:
    CORE_WALL = 144
    CORE_EVENTS = 1024
    CORE_LEGAL = 64
    CORE_MELDS = 8
    CORE_RIVER = 64
    CORE_KONGS = 16
    CORE_TILES = 42
    CORE_PAY_MARKS = 32
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


cdef inline uint64_t sm_below(SM64* r, uint64_t n) noexcept nogil:
    """An unbiased value in 0..n-1 (n >= 1): rejection of the top 2**64 mod n values, as SplitMix64.below."""
    cdef uint64_t rem = (<uint64_t>0 - n) % n  # 2**64 mod n
    cdef uint64_t v
    while True:
        v = sm_next(r)
        if rem == 0 or v < <uint64_t>0 - rem:
            return v % n


# ---- the structs ----------------------------------------------------------------------------------------------

ctypedef struct CoreParams:
    int hand_size          # concealed tiles dealt (13)
    int chows              # the next seat may chow
    int multiple_winners   # 一炮多响 (else 截和: the first in turn order)
    int winners_to_end     # 血战: 3; else 1
    int reserve            # live tiles left when the wall ends
    int dice_break         # the Guobiao dice break point
    int flowers            # the 8 flowers (ids 34..41) are in the tile set and replaced when drawn
    int honors             # the honors are in the tile set
    int lack               # 定缺 before the first discard (and its discard / meld / win restrictions)
    int forced_win_tiles   # a seat that can win must, in the last N live tiles
    int pays_during_play   # CS_PAY after a kong's replacement draw and after a win that does not end the hand
    uint32_t rule_flags    # HandRules.flags of the rule set (the win-shape check)
    int rule_hand_size     # HandRules.hand_size


ctypedef struct HandCore:
    CoreParams p
    int dealer
    int prevalent_wind
    SM64 rng                         # the game's stream (dice): SplitMix64(seed, salt * 2 + 1)
    SM64 agent[4]                    # the random agents' streams (core_seed_agents)
    uint8_t wall[CORE_WALL]
    int n_wall
    int front
    int back
    uint8_t hands[4][CORE_TILES]
    int n_melds[4]
    uint8_t meld_kind[4][CORE_MELDS]   # MK_*
    uint8_t meld_low[4][CORE_MELDS]    # the meld's lowest tile
    uint8_t meld_tile[4][CORE_MELDS]   # the claimed tile (the kong's / pung's tile)
    int8_t meld_from[4][CORE_MELDS]    # absolute seat claimed from; -1 concealed kong
    int n_river[4]
    uint8_t river[4][CORE_RIVER]
    uint8_t river_claimed[4][CORE_RIVER]
    int n_bonus[4]
    uint8_t bonus[4][CORE_MELDS]
    uint8_t visible[34]
    int n_kongs
    uint8_t kong_seat[CORE_KONGS]
    uint8_t kong_kind[CORE_KONGS]      # MK_KONG (melded), MK_ADDED_KONG, MK_CONCEALED_KONG
    uint8_t kong_tile[CORE_KONGS]
    int8_t kong_from[CORE_KONGS]
    uint8_t kong_robbed[CORE_KONGS]
    int playing                      # bit mask of the seats still playing
    int n_won
    int won[4]
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
    int verdict_total[4]
    int q_seat                       # CS_SCORE's question
    int q_tile
    int q_from
    int q_robbing
    int n_ev
    int32_t ev[CORE_EVENTS][5]
    # each seat's waits, cached while its 3n+1 "base" hand is unchanged (the concealed tiles, minus the tile
    # just drawn on its turn): a win on a discard / robbed kong / self-draw of t is bit t
    int wait_valid[4]
    uint64_t wait_mask[4]
    # the Guobiao rule set decided in C (core_gb_verdict; set by GameCore.decide_guobiao, 0 = ask Python): its
    # option bits and minimum; each seat's fan vector of its last verdict, and each win's (flowers at 花牌)
    int gb_decide
    int gb_opts
    int gb_min_fan
    int verdict_in_c[4]
    int verdict_fans[4][GB_NF]
    int won_in_c[4]
    int won_fans[4][GB_NF]
    # each win's facts as HandState.win_facts derives them when the win is folded (WF_* bits), its tile, the
    # seat it was won from (-1 self-drawn) and its total
    int won_facts[4]
    int won_tile[4]
    int won_from[4]
    int won_total[4]
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
    # 换三张 (GameCore.exchange_three): on; the direction by the dice or the fixed offset; each seat's picks
    int ex_on
    int ex_by_dice
    int ex_offset
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


cdef inline int core_live(const HandCore* c) noexcept nogil:
    return c.back - c.front


cdef inline int core_is_bonus(const HandCore* c, int t) noexcept nogil:
    return t >= 34 and c.p.flowers


cdef inline int core_next_seat(const HandCore* c, int seat) noexcept nogil:
    """The next seat still playing after seat (seat itself when none)."""
    cdef int k, s
    for k in range(1, 5):
        s = (seat + k) & 3
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
    return c.lack[seat] < 0 or t // 9 != c.lack[seat]


cdef inline int core_may_discard(const HandCore* c, int seat, int t, int holds_lack) noexcept nogil:
    if c.lack[seat] < 0 or not holds_lack:
        return 1
    return t // 9 == c.lack[seat]


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


cdef uint64_t core_waits_of(uint8_t* h, int total, int hand_size, uint32_t flags) noexcept nogil:
    """waits_mask(h, 0, ...) of a 3n+1 hand, with the knitted forms (组合龙, 全不靠) probed only when the hand
    may be one tile from them: waits_mask without them, then the tiles completing a special form when their
    distance can be 1 (a tile completes a form only from distance 1).  Most hands are far from every knitted
    form, and waits_mask would search the six knitted sequences each time."""
    cdef uint64_t mask
    cdef int t
    if not (flags & F_KNITTED) or (flags & (F_WAIT_ON_FOURTH_COPY | F_LACK_A_SUIT)):
        return waits_mask(h, 0, total, hand_size, flags)
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
    """The waits of the seat's base hand (cached until its concealed tiles change other than by a draw)."""
    cdef uint8_t h[HBUF]
    cdef int t, total = 0
    cdef uint64_t mask = 0
    if c.wait_valid[seat]:
        return c.wait_mask[seat]
    memset(h, 0, HBUF)
    for t in range(34):
        h[t] = c.hands[seat][t]
        total += h[t]
    if total % 3 == 2 and c.ldraw_seat == seat:
        h[c.ldraw_tile] -= 1
        total -= 1
    if total % 3 == 1:
        if c.p.rule_flags & F_NO_HONORS:
            for t in range(27, 34):
                if h[t]:
                    total = -1
        # (waits_mask probes every tile under lack-a-suit: a hand that is not ready has no waits, and one
        # shanten is far cheaper than 27 probes)
        if total > 0 and (not (c.p.rule_flags & F_LACK_A_SUIT)
                          or shanten_k(h, 0, total, c.p.rule_hand_size, c.p.rule_flags) == 0):
            mask = core_waits_of(h, total, c.p.rule_hand_size, c.p.rule_flags)
    c.wait_mask[seat] = mask
    c.wait_valid[seat] = 1
    return mask


cdef int core_shape_win(HandCore* c, int seat, int tile, int claimed) noexcept nogil:
    """The seat's concealed tiles (+ tile when claimed) form a complete hand under the rule set's HandRules
    (is_win of the count array: never with a fifth copy)."""
    if claimed and c.hands[seat][tile] >= 4:
        return 0
    if not claimed and (c.ldraw_seat != seat or c.ldraw_tile != tile):
        return 0
    return (core_waits(c, seat) >> tile) & 1


cdef int core_ready(HandCore* c, int seat) noexcept nogil:
    """The seat's concealed tiles wait on at least one tile (the wall end's ready check)."""
    if core_concealed(c, seat) % 3 != 1:  # (a seat's 34 + bonus tiles: the bonus ones were set aside)
        return 0
    return core_waits(c, seat) != 0


cdef int core_gb_verdict(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """Guobiao's may-this-seat-win for a complete hand, decided in C: the scoring record built from the core's
    own state (the win facts derived as HandState.win_facts derives them) and scored by the compiled Guobiao
    kernel without the GIL.  1 / 0 with the verdict cached; -1 = anything the rule layer's fast path would not
    take itself (the rule layer then decides: CS_SCORE)."""
    cdef uint8_t rec[GB_REC]
    cdef GBHand h
    cdef int best[GB_NF]
    cdef int i, m, kind, t, in_melds = 0, any_kong = 0, flags = 0, n_m = c.n_melds[seat], fan, ok
    cdef int self_drawn = from_seat < 0, last_tile, facts
    cdef uint8_t* pk
    if n_m > 4:
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
    if facts & WF_KONG_REPLACEMENT:
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
    fan = _gb_total(best)
    ok = fan >= c.gb_min_fan
    best[GBF_FLOWER_TILES] = c.n_bonus[seat]
    memcpy(c.verdict_fans[seat], best, GB_NF * sizeof(int))
    core_verdict(c, seat, tile, ok, fan + c.n_bonus[seat])
    c.verdict_in_c[seat] = 1
    return ok


cdef int core_win_offer(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """1 if the win is on offer, 0 if not, -1 if the rule set must be asked (CS_SCORE; c.q_* set)."""
    cdef int ok
    if not (c.playing & (1 << seat)) or tile >= 34:
        return 0
    if c.verdict_step[seat] == c.n_ev and c.verdict_tile[seat] == tile:
        return c.verdict_ok[seat]
    if c.p.lack and core_holds_lack(c, seat):  # Sichuan may_win: never holding the lacking suit
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
    c.verdict_step[seat], c.verdict_tile[seat], c.verdict_ok[seat], c.verdict_total[seat] = c.n_ev, tile, ok, 0
    return ok


cdef void core_verdict(HandCore* c, int seat, int tile, int ok, int total) noexcept nogil:
    c.verdict_step[seat] = c.n_ev
    c.verdict_tile[seat] = tile
    c.verdict_ok[seat] = 1 if ok else 0
    c.verdict_total[seat] = total
    c.verdict_in_c[seat] = 0


# ---- the fold of each event (the C twin of HandState.apply) ------------------------------------------------------

cdef void core_draw_one(HandCore* c, int seat, int replacement) noexcept nogil:
    cdef int t
    if replacement:
        c.back -= 1
        t = c.wall[c.back]
    else:
        t = c.wall[c.front]
        c.front += 1
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
    """Bonus tiles set aside and replaced from the back: the ones held, lowest first, then the ones those
    replacements brought, until none is left (or the wall is).  (Each flower is a single tile.)"""
    cdef int t, held
    if not c.p.flowers:
        return
    while True:
        held = 0
        for t in range(34, CORE_TILES):
            if c.hands[seat][t]:
                held |= 1 << (t - 34)
        if not held:
            return
        for t in range(34, CORE_TILES):
            if held & (1 << (t - 34)):
                c.hands[seat][t] -= 1
                c.bonus[seat][c.n_bonus[seat]] = t
                c.n_bonus[seat] += 1
                core_event(c, EV_BONUS, seat, t, 0, 0)
                if core_live(c) == 0:
                    return
                core_draw_one(c, seat, 1)


cdef void core_wall_end(HandCore* c) noexcept nogil:
    cdef int s, ready = 0
    for s in range(4):
        if (c.playing & (1 << s)) and core_ready(c, s):
            ready |= 1 << s
    core_event(c, EV_WALL_END, -1, 0, ready, 0)
    c.phase = PH_END


cdef void core_draw(HandCore* c, int seat, int replacement) noexcept nogil:
    core_draw_one(c, seat, replacement)
    core_replace_bonus(c, seat)
    if core_concealed(c, seat) % 3 != 2:  # the wall ran out on a bonus tile: nothing to replace it with
        core_wall_end(c)


cdef void core_discard(HandCore* c, int seat, int t) noexcept nogil:
    c.ldis_drawn = c.ldraw_seat == seat and c.ldraw_tile == t
    if not c.ldis_drawn:  # (the drawn tile thrown: the base hand is unchanged)
        c.wait_valid[seat] = 0
    c.hands[seat][t] -= 1
    c.river[seat][c.n_river[seat]] = t
    c.river_claimed[seat][c.n_river[seat]] = 0
    c.n_river[seat] += 1
    c.visible[t] += 1
    c.ldis_seat, c.ldis_tile, c.ldis_after_kong = seat, t, c.after_kong[seat]
    c.after_kong[seat] = 0
    c.ldraw_seat = -1
    c.phase, c.actor = PH_CLAIM, seat
    core_event(c, EV_DISCARD, seat, t, 0, 0)


cdef void core_add_kong_ledger(HandCore* c, int seat, int kind, int t, int frm) noexcept nogil:
    cdef int i = c.n_kongs
    if i < CORE_KONGS:
        c.kong_seat[i], c.kong_kind[i], c.kong_tile[i], c.kong_from[i], c.kong_robbed[i] = seat, kind, t, frm, 0
        c.n_kongs = i + 1


cdef void core_claim(HandCore* c, int seat, int kind, int low) noexcept nogil:
    cdef int t = c.ldis_tile, p = c.ldis_seat, x, m
    c.wait_valid[seat] = 0
    if kind == CK_CHOW:
        for x in range(low, low + 3):
            if x != t:
                c.hands[seat][x] -= 1
                c.visible[x] += 1
    else:
        for x in range(2 if kind == CK_PUNG else 3):
            c.hands[seat][t] -= 1
            c.visible[t] += 1
    c.river_claimed[p][c.n_river[p] - 1] = 1
    m = c.n_melds[seat]
    c.meld_kind[seat][m] = MK_CHOW if kind == CK_CHOW else MK_PUNG if kind == CK_PUNG else MK_KONG
    c.meld_low[seat][m] = low
    c.meld_tile[seat][m] = t
    c.meld_from[seat][m] = p
    c.n_melds[seat] = m + 1
    c.claims_made += 1
    c.ldis_seat = -1
    core_event(c, EV_CLAIM, seat, t, p, kind + 4 * low)
    if kind == CK_KONG:
        core_add_kong_ledger(c, seat, MK_KONG, t, p)
        c.after_kong[seat] = 1
        c.kong_draw_due = seat
    c.phase, c.actor = PH_TURN, seat


cdef void core_concealed_kong(HandCore* c, int seat, int t) noexcept nogil:
    cdef int m = c.n_melds[seat]
    c.wait_valid[seat] = 0
    c.claims_made += 1
    c.hands[seat][t] -= 4
    c.meld_kind[seat][m], c.meld_low[seat][m], c.meld_tile[seat][m], c.meld_from[seat][m] = \
        MK_CONCEALED_KONG, t, t, -1
    c.n_melds[seat] = m + 1
    c.visible[t] += 4
    core_add_kong_ledger(c, seat, MK_CONCEALED_KONG, t, -1)
    c.after_kong[seat] = 1
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
    c.pk_seat, c.pk_tile = seat, t
    c.pk_drawn = c.ldraw_seat == seat and c.ldraw_tile == t
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
    c.river[seat][c.n_river[seat]] = t  # the robbed tile lies as if discarded (won on)
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
    # (the first go-round: no claim or kong, nobody has drawn twice, and the dealer has not drawn yet)
    cdef int f = 0, s, wall_over = core_live(c) <= c.p.reserve
    cdef int first = c.claims_made == 0 and c.turns[c.dealer] == 0
    for s in range(4):
        if c.turns[s] > 1:
            first = 0
    if c.visible[t] - (0 if from_seat < 0 else 1) >= 3:
        f |= WF_LAST_TILE
    if from_seat < 0:
        if c.ldraw_seat == seat and c.ldraw_after_kong:
            f |= WF_KONG_REPLACEMENT
        if wall_over:
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
        c.won_in_c[c.n_won] = c.verdict_in_c[seat]
        if c.verdict_in_c[seat]:
            memcpy(c.won_fans[c.n_won], c.verdict_fans[seat], GB_NF * sizeof(int))
    core_event(c, EV_WIN, seat, t, from_seat, total)
    c.won[c.n_won] = seat
    c.n_won += 1
    c.playing &= ~(1 << seat)


# ---- set-up ---------------------------------------------------------------------------------------------------

cdef int core_tile_set(const CoreParams* p, uint8_t* out) noexcept nogil:
    """flow.tiles(): 4 of each kind (no honors: 108), then the 8 flowers when in play."""
    cdef int n = 0, t, k
    for t in range(34 if p.honors else 27):
        for k in range(4):
            out[n] = t
            n += 1
    if p.flowers:
        for t in range(34, CORE_TILES):
            out[n] = t
            n += 1
    return n


cdef void core_init(HandCore* c, const CoreParams* p, uint64_t seed, uint64_t salt, int dealer, int prevalent,
                    const uint8_t* wall, int n_wall) noexcept nogil:
    """A new hand: the wall (given, or shuffled and broken as the Python engine does), the deal from the dealer,
    the bonus tiles replaced seat by seat, play begins (定缺 first when the flow has it)."""
    cdef uint8_t ring[CORE_WALL]
    cdef SM64 shuffle
    cdef int n, i, j, k, s, start, d1, d2, e1, e2, thrower, side, stacks
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
    c.q_seat = -1
    c.playing = 15
    if wall != NULL:
        n = n_wall
        memcpy(c.wall, wall, n)
    else:
        n = core_tile_set(p, ring)
        sm_seed(&shuffle, seed, salt * 2)
        for i in range(n - 1, 0, -1):  # Fisher-Yates, as mahjong.game.rng.shuffled
            j = <int>sm_below(&shuffle, i + 1)
            tmp = ring[i]
            ring[i] = ring[j]
            ring[j] = tmp
        start = 0
        if p.dice_break:  # GuobiaoFlow.break_wall / break_point
            d1 = 1 + <int>sm_below(&c.rng, 6)
            d2 = 1 + <int>sm_below(&c.rng, 6)
            core_event(c, EV_DICE, dealer, d1, d2, 0)
            thrower = (dealer + (d1 + d2 - 1)) % 4
            e1 = 1 + <int>sm_below(&c.rng, 6)
            e2 = 1 + <int>sm_below(&c.rng, 6)
            core_event(c, EV_DICE, thrower, e1, e2, 0)
            side = (d1 + d2 - 1) % 4
            stacks = d1 + d2 + e1 + e2
            start = ((side % 4) * 18 + stacks) * 2 % 144
            if start >= n:  # (wall[start:] + wall[:start] leaves a shorter wall as it is)
                start = 0
        for i in range(n):
            c.wall[i] = ring[(start + i) % n]
    c.n_wall = n
    c.back = n
    core_event(c, EV_WALL, -1, n, 0, 0)
    c.phase = PH_DEAL
    for k in range(4):
        s = (dealer + k) & 3
        i = p.hand_size + (1 if s == dealer else 0)
        core_event(c, EV_DEAL, s, c.front, i, 0)
        for j in range(i):
            c.hands[s][c.wall[c.front + j]] += 1
        c.front += i
    for k in range(4):
        core_replace_bonus(c, (dealer + k) & 3)
    c.phase, c.actor = PH_TURN, dealer
    c.ldraw_seat, c.ldraw_tile, c.ldraw_repl, c.ldraw_after_kong = -1, -1, 0, 0
    for i in range(33, -1, -1):  # the dealer's 14th tile: the highest it holds
        if c.hands[dealer][i]:
            c.ldraw_seat, c.ldraw_tile = dealer, i
            break
    core_event(c, EV_BEGIN, dealer, 0, 0, 0)
    if p.lack:
        c.phase = PH_LACK


cdef void core_seed_agents(HandCore* c, const uint64_t* seeds) noexcept nogil:
    """The random agents of the four seats: SplitMix64(seed, 0xA9E), as RandomAgent(seed)."""
    cdef int s
    for s in range(4):
        sm_seed(&c.agent[s], seeds[s], 0xA9E)


# ---- legal actions ----------------------------------------------------------------------------------------------

cdef inline void core_ask_seat(HandCore* c, int seat) noexcept nogil:
    c.pend_order[c.n_pending] = seat
    c.n_pending += 1
    c.pending |= 1 << seat


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
    if drew and c.ldraw_tile < 34:
        r = core_win_offer(c, seat, c.ldraw_tile, -1, 0)
        if r < 0:
            return -1
        if r:
            c.legal[seat][n] = A_WIN
            n += 1
    if drew and core_live(c) > c.p.reserve:  # no kong on the last tile: nothing to replace it with
        for t in range(34):
            if h[t] == 4 and core_may_meld(c, seat, t):
                c.legal[seat][n] = A_CONCEALED_KONG + t
                n += 1
        for m in range(c.n_melds[seat]):
            t = c.meld_tile[seat][m]
            if c.meld_kind[seat][m] == MK_PUNG and h[t] and core_may_meld(c, seat, t):
                c.legal[seat][n] = A_ADDED_KONG + t
                n += 1
    holds = core_holds_lack(c, seat) if c.p.lack else 0
    if holds:
        for t in range(34):
            if h[t] and core_may_discard(c, seat, t, holds):
                c.legal[seat][n] = A_DISCARD + t
                n += 1
    else:  # every tile held may go: written unconditionally, kept when held (no branch to mispredict)
        for t in range(34):
            c.legal[seat][n] = A_DISCARD + t
            n += h[t] != 0
    c.n_legal[seat] = n
    core_forced(c, seat)
    return 0


cdef int core_claim_actions(HandCore* c, int s, int p, int t, int may_chow) noexcept nogil:
    """Fill c.legal[s] as Game._claim_actions orders it (0 = nothing to claim); -1 = a verdict is needed."""
    cdef int n = 0, r, lo, rk
    cdef uint8_t* h = c.hands[s]
    r = core_win_offer(c, s, t, p, 0)
    if r < 0:
        return -1
    if r:
        c.legal[s][n] = A_WIN
        n += 1
    if core_live(c) > c.p.reserve:  # no claim on the last tile (only a win)
        if h[t] >= 2 and core_may_meld(c, s, t):
            c.legal[s][n] = A_PUNG
            n += 1
            if h[t] >= 3 and core_live(c) > c.p.reserve:
                c.legal[s][n] = A_KONG
                n += 1
        if may_chow and t < 27:
            rk = t % 9
            for lo in range(t - 2, t + 1):  # the claimed tile is the high, middle, then low tile of the run
                if lo < 0 or lo // 9 != t // 9 or lo % 9 > 6 or lo % 9 > rk or rk - lo % 9 > 2:
                    continue
                if (lo == t or h[lo]) and (lo + 1 == t or h[lo + 1]) and (lo + 2 == t or h[lo + 2]):
                    c.legal[s][n] = A_CHOW + (t - lo)
                    n += 1
    if n == 0:
        c.n_legal[s] = 0
        return 0
    c.legal[s][n] = A_PASS
    c.n_legal[s] = n + 1
    core_forced(c, s)
    return 1


# ---- the loop ---------------------------------------------------------------------------------------------------

cdef int core_advance(HandCore* c) noexcept nogil:
    """Run the hand until seats must answer (CS_WAIT) or Python must look (CS_SCORE, CS_PAY, CS_END)."""
    cdef int seat, s, k, t, p, r, chower, any_ask
    c.n_pending = 0
    c.pending = 0
    c.answered = 0
    while c.phase != PH_END:
        if c.phase == PH_EXCHANGE:
            for s in range(4):  # every seat picks at once, one tile a round
                core_pick_actions(c, s)
                core_ask_seat(c, s)
            return CS_WAIT
        if c.phase == PH_LACK:
            if c.lack[0] < 0:  # every seat declares at once
                for s in range(4):
                    core_ask_seat(c, s)
                    c.legal[s][0], c.legal[s][1], c.legal[s][2] = A_LACK, A_LACK + 1, A_LACK + 2
                    c.n_legal[s] = 3
                return CS_WAIT
            c.phase = PH_TURN
            continue
        if c.phase == PH_DRAW:
            if core_live(c) <= c.p.reserve:
                core_wall_end(c)
                continue
            core_draw(c, c.actor, 0)
            continue
        if c.phase == PH_TURN:
            seat = c.actor
            if c.kong_draw_due == seat:
                core_draw(c, seat, 1)
                if c.p.pays_during_play and c.phase != PH_END:
                    if not core_pay_mark(c):
                        return CS_PAY
                continue
            if core_turn_actions(c, seat) < 0:
                return CS_SCORE
            core_ask_seat(c, seat)
            return CS_WAIT
        if c.phase == PH_CLAIM:
            p, t = c.ldis_seat, c.ldis_tile
            chower = core_next_seat(c, p) if c.p.chows else -1
            any_ask = 0
            for k in range(1, 4):
                s = (p + k) & 3
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
            for k in range(1, 4):
                s = (p + k) & 3
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
            c.legal[s][n] = A_PICK + t
            n += 1
    c.n_legal[s] = n


cdef void core_exchange(HandCore* c) noexcept nogil:
    """Every seat has picked three: the dice name the direction (or the option does), the four passes happen at
    once, then 定缺 or the dealer's first turn (Game._resolve_picks, Game._to_lack)."""
    cdef int s, k, t, d1, d2, offset = c.ex_offset, to
    if c.ex_by_dice:
        d1 = 1 + <int>sm_below(&c.rng, 6)
        d2 = 1 + <int>sm_below(&c.rng, 6)
        core_event(c, EV_DICE, c.dealer, d1, d2, 1)
        offset = 2 if (d1 + d2) % 3 == 0 else 1 if (d1 + d2) % 3 == 1 else 3  # (SichuanFlow.exchange_offset)
    for s in range(4):
        for k in range(3):
            c.hands[s][c.picked[s][k]] -= 1
    for s in range(4):
        to = (s + offset) & 3
        for k in range(3):
            c.hands[to][c.picked[s][k]] += 1
        core_event(c, EV_PASSED, s, c.picked[s][0], c.picked[s][1], c.picked[s][2] + 256 * to)
        c.wait_valid[s] = 0
    c.phase, c.actor = (PH_LACK if c.p.lack else PH_TURN), c.dealer
    c.ldraw_seat, c.ldraw_tile, c.ldraw_repl, c.ldraw_after_kong = -1, -1, 0, 0
    for t in range(33, -1, -1):  # the dealer's 14th tile: the highest it holds now
        if c.hands[c.dealer][t]:
            c.ldraw_seat, c.ldraw_tile = c.dealer, t
            break


cdef int core_resolve(HandCore* c) noexcept nogil:
    """Every pending seat has answered: apply the answers (Game._resolve), then advance."""
    cdef int s, k, a, p, t, kind, last = -1, n = 0
    cdef int order[3]
    cdef int phase = c.phase
    if phase == PH_EXCHANGE:
        for s in range(4):
            t = c.response[s] - A_PICK
            if c.n_picked[s] < 3:
                c.picked[s][c.n_picked[s]] = t
                c.n_picked[s] += 1
            core_event(c, EV_PICK, s, t, 0, 0)
        if c.n_picked[0] == 3 and c.n_picked[1] == 3 and c.n_picked[2] == 3 and c.n_picked[3] == 3:
            core_exchange(c)
        return core_advance(c)
    if phase == PH_LACK:
        for s in range(4):
            c.lack[s] = c.response[s] - A_LACK
            core_event(c, EV_LACK, s, c.lack[s], 0, 0)
        c.phase = PH_TURN
        return core_advance(c)
    if phase == PH_TURN:
        s = c.actor
        a = c.response[s]
        if a == A_WIN:
            core_win(c, s, c.ldraw_tile, -1)
            return core_after_win(c, s)
        if a < A_CONCEALED_KONG:
            core_discard(c, s, a - A_DISCARD)
        elif a < A_ADDED_KONG:
            core_concealed_kong(c, s, a - A_CONCEALED_KONG)
        else:
            core_added_kong(c, s, a - A_ADDED_KONG)
        return core_advance(c)
    p = c.ldis_seat if phase == PH_CLAIM else c.pk_seat
    t = c.ldis_tile if phase == PH_CLAIM else c.pk_tile
    for k in range(1, 4):
        s = (p + k) & 3
        if c.pending & (1 << s):
            order[n] = s
            n += 1
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
                core_claim(c, s, kind, t)
                return core_advance(c)
            if kind == CK_CHOW and A_CHOW <= a < A_CHOW + 3:
                core_claim(c, s, CK_CHOW, t - (a - A_CHOW))
                return core_advance(c)
    c.phase, c.actor = PH_DRAW, core_next_seat(c, p)
    return core_advance(c)


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
    """RandomAgent.choose: the win when one is offered, else a uniformly random legal action."""
    cdef int i, n = c.n_legal[seat]
    for i in range(n):
        if c.legal[seat][i] == A_WIN:
            return A_WIN
    return c.legal[seat][<int>sm_below(&c.agent[seat], n)]


cdef int core_greedy_discard(HandCore* c, uint8_t* h, int total, int t, int* neg_left) noexcept nogil:
    """GreedyAgent._best_discard's key of discarding t from the concealed counts h (total tiles): the shanten
    after it, and minus the copies left unseen of the tiles that lower that shanten (h is restored)."""
    cdef int sh, u, left = 0
    cdef uint64_t mask
    h[t] -= 1
    sh = shanten_k(h, 0, total - 1, c.p.rule_hand_size, c.p.rule_flags)
    if sh < 8:
        mask = useful_mask(h, 0, total - 1, c.p.rule_hand_size, c.p.rule_flags, sh)
        for u in range(34):
            if (mask >> u) & 1:
                left += imax(0, 4 - c.visible[u] - h[u])
    h[t] += 1
    neg_left[0] = -left
    return sh


cdef int core_greedy_action(HandCore* c, int seat) noexcept nogil:
    """GreedyAgent.choose (its reference) in C: a win when offered; else the discard to the lowest shanten with
    the most unseen useful tiles (the first such in legal order), a concealed kong instead when it keeps that
    shanten; else the claim that lowers the shanten most (the first such); else pass; else the first action."""
    cdef uint8_t h[HBUF]
    cdef int n = c.n_legal[seat], i, a, t, x, total = 0, sh, neg, best = -1, best_sh = 0, best_neg = 0, now
    cdef int16_t* legal = c.legal[seat]
    for i in range(n):
        if legal[i] == A_WIN:
            return A_WIN
    memset(h, 0, HBUF)
    for t in range(34):
        h[t] = c.hands[seat][t]
        total += h[t]
    for i in range(n):
        a = legal[i]
        if A_DISCARD <= a < A_DISCARD + 34:
            sh = core_greedy_discard(c, h, total, a - A_DISCARD, &neg)
            if best < 0 or sh < best_sh or (sh == best_sh and neg < best_neg):
                best, best_sh, best_neg = i, sh, neg
    if best >= 0:
        for i in range(n):
            a = legal[i]
            if A_CONCEALED_KONG <= a < A_CONCEALED_KONG + 34:
                t = a - A_CONCEALED_KONG
                h[t] -= 4
                sh = shanten_k(h, 0, total - 4, c.p.rule_hand_size, c.p.rule_flags)
                h[t] += 4
                if sh <= best_sh:
                    return a
        return legal[best]
    now = shanten_k(h, 0, total, c.p.rule_hand_size, c.p.rule_flags)
    best_sh = 99
    for i in range(n):
        a = legal[i]
        t = c.ldis_tile
        if a == A_KONG:
            h[t] -= 3
            sh = shanten_k(h, 0, total - 3, c.p.rule_hand_size, c.p.rule_flags)
            h[t] += 3
        elif a == A_PUNG or A_CHOW <= a < A_CHOW + 3:
            if a == A_PUNG:
                h[t] -= 2
            else:
                for x in range(t - (a - A_CHOW), t - (a - A_CHOW) + 3):
                    if x != t:
                        h[x] -= 1
            sh = 99
            for x in range(34):  # (the discard after the claim: GreedyAgent._best_discard's shanten)
                if h[x]:
                    h[x] -= 1
                    sh = imin(sh, shanten_k(h, 0, total - 3, c.p.rule_hand_size, c.p.rule_flags))
                    h[x] += 1
            if a == A_PUNG:
                h[t] += 2
            else:
                for x in range(t - (a - A_CHOW), t - (a - A_CHOW) + 3):
                    if x != t:
                        h[x] += 1
        else:
            continue
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


# ---- the Python face: mahjong._core.GameCore (used by mahjong.game.core; not a public API) -------------------

from libc.stdlib cimport calloc, free

cdef uint64_t U64_MASK = 0xFFFFFFFFFFFFFFFF


cdef class GameCore:
    """One hand on the compiled core.  ``params``: the 13 CoreParams ints in field order (see
    :func:`mahjong.game.core.core_params`); ``wall``: an explicit wall (bytes-like tile ids) or None."""

    cdef HandCore* c
    cdef object _book  # the compiled book c.book points into (decide_book)

    def __cinit__(self, *args, **kwargs):
        # allocated (zeroed: a hand that is over) before __init__, so no method ever reads a NULL core
        self.c = <HandCore*>calloc(1, sizeof(HandCore))
        if self.c == NULL:
            raise MemoryError()

    def __init__(self, params, seed, salt, int dealer, int prevalent_wind, wall=None):
        cdef CoreParams p
        cdef const uint8_t* w = NULL
        cdef bytes wb
        cdef int n = 0
        vals = [int(v) for v in params]
        if len(vals) != 13:
            raise ValueError("GameCore needs the 13 core parameters")
        if not 0 <= dealer < 4 or not 0 <= prevalent_wind < 4:
            raise ValueError("dealer and prevalent_wind are 0..3")
        (p.hand_size, p.chows, p.multiple_winners, p.winners_to_end, p.reserve, p.dice_break, p.flowers,
         p.honors, p.lack, p.forced_win_tiles, p.pays_during_play, p.rule_flags, p.rule_hand_size) = vals
        if not 1 <= p.hand_size <= 13 or p.winners_to_end < 1 or p.reserve < 0:
            raise ValueError("GameCore plays 4 seats of at most 13 tiles")
        if wall is not None:
            wb = bytes(wall)
            n = len(wb)
            if n > CORE_WALL or n < 4 * p.hand_size + 1 or max(wb) >= CORE_TILES:
                raise ValueError("an explicit wall holds at most 144 tile ids 0..41")
            if any(wb.count(t) > (4 if t < 34 else 1) for t in set(wb)):
                raise ValueError("an explicit wall holds at most 4 of a tile (1 of a flower)")
            w = <const uint8_t*>wb
        core_init(self.c, &p, <uint64_t>(int(seed) & U64_MASK), <uint64_t>(int(salt) & U64_MASK), dealer,
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
        cdef CoreParams p = self.c.p
        cdef int gb = self.c.gb_decide, gb_opts = self.c.gb_opts, gb_min = self.c.gb_min_fan
        cdef int ev = self.c.ev_decide, ev_heavenly = self.c.ev_heavenly, ev_earthly = self.c.ev_earthly
        cdef int ev_settles = self.c.ev_settles
        cdef const EvBook* book = self.c.book
        if not 0 <= dealer < 4 or not 0 <= prevalent_wind < 4:
            raise ValueError("dealer and prevalent_wind are 0..3")
        if self.c.p.hand_size == 0:
            raise ValueError("new_hand needs a core made with its parameters")
        core_init(self.c, &p, <uint64_t>(int(seed) & U64_MASK), <uint64_t>(int(salt) & U64_MASK), dealer,
                  prevalent_wind, NULL, 0)
        self.c.gb_decide, self.c.gb_opts, self.c.gb_min_fan = gb, gb_opts, gb_min
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

    def verdict(self, int seat, int tile, bint ok, int total):
        """The rule set's answer to a ``score`` status."""
        core_verdict(self.c, seat, tile, ok, total)

    def seed_agents(self, seeds):
        """Seed the four random agents as ``RandomAgent(seeds[s])``."""
        cdef uint64_t s4[4]
        cdef int i
        for i in range(4):
            s4[i] = <uint64_t>(int(seeds[i]) & U64_MASK)
        core_seed_agents(self.c, s4)

    def decide_guobiao(self, int opts, int min_fan):
        """Decide Guobiao's may-this-seat-win in C from now on (the kernel's option bits ``opts``, the minimum
        ``min_fan`` without flowers): a complete hand the rule layer's one-call path would score is scored
        here, and the ``score`` status comes only for the rest."""
        if min_fan < 0 or opts < 0:
            raise ValueError("opts and min_fan are >= 0")
        self.c.gb_opts, self.c.gb_min_fan, self.c.gb_decide = opts, min_fan, 1

    def exchange_three(self, bint by_dice, int offset):
        """Play 换三张 before 定缺 (call before the first advance): each seat picks three tiles of one suit, then
        they pass together ``offset`` seats on in turn order, or as the dealer's dice say (``by_dice``)."""
        if self.c.n_ev == 0 or self.c.ev[self.c.n_ev - 1][0] != EV_BEGIN or not 1 <= offset <= 3:
            raise ValueError("the exchange is set before play begins, with an offset of 1..3")
        self.c.ex_on, self.c.ex_by_dice, self.c.ex_offset = 1, by_dice, offset
        self.c.phase, self.c.actor = PH_EXCHANGE, self.c.dealer

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
        cdef EvWinLines* won
        cdef int i, j
        if not self.c.ev_decide or not self.c.ev_settles or self.c.phase != PH_END:
            return None
        won = <EvWinLines*>malloc(sizeof(EvWinLines))
        if won == NULL:
            raise MemoryError()
        try:
            if ev_settle(self.c, won) != 0:
                return None
            return [tuple([(won.line[i][j].row, won.line[i][j].times, won.line[i][j].value,
                            bool(won.renamed[i][j])) for j in range(won.n[i])])
                    for i in range(min(self.c.n_won, 4))]
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
        first_round)."""
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

    def bonus(self, int seat):
        """The seat's bonus tiles set aside, in order."""
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        return bytes(self.c.bonus[seat][:self.c.n_bonus[seat]])

    def preview_guobiao(self, int opts, int min_fan):
        """What the core would decide itself for the ``score`` status's question (a test aid: the caller then
        gives the rule layer's verdict): (may win, total with flowers, fan vector), or None when it would ask."""
        cdef HandCore* c = self.c
        cdef int j, ok
        if c.q_seat < 0 or c.q_seat > 3 or c.q_tile < 0 or c.q_tile >= 34 or min_fan < 0 or opts < 0:
            raise ValueError("there is no question to preview")
        c.gb_opts, c.gb_min_fan = opts, min_fan
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
        """The seat's table melds in order: (meld kind, lowest tile, claimed tile, from seat or -1)."""
        cdef int m
        if not 0 <= seat < 4:
            raise ValueError("seat is 0..3")
        return [(self.c.meld_kind[seat][m], self.c.meld_low[seat][m], self.c.meld_tile[seat][m],
                 self.c.meld_from[seat][m]) for m in range(self.c.n_melds[seat])]

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


cdef tuple _win_facts_tuple(int f):
    return (bool(f & WF_LAST_TILE), bool(f & WF_LAST_WALL_TILE), bool(f & WF_KONG_REPLACEMENT),
            bool(f & WF_ROBBING_KONG), bool(f & WF_AFTER_KONG_DISCARD), bool(f & WF_HEAVENLY),
            bool(f & WF_EARTHLY), bool(f & WF_HUMAN), bool(f & WF_FIRST_ROUND))


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
            "CS_SCORE": CS_SCORE, "CR_OVER": CR_OVER, "MK_CONCEALED_KONG": MK_CONCEALED_KONG}
