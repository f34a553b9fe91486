# The compiled rule-book evaluator: one loop that scores a hand by any rule book compiled by
# mahjong.rulebook.compiler (its image: flat int programs and tables; the numbers are evaldefs.pxd, generated from
# mahjong/rulebook/opcodes.py).  Included from core.pyx after kernels.pxi / decompose.pxi (it reads their
# tables: the meld shapes, kind_allowed, win_k, waits_mask).
#
# Nothing here knows a rule book: no row, value, option or name of a rule set.  What is written here is what the
# library's predicates mean on a reading (one case per LIB_ / FN_ id: the Python library's functions are the same
# facts on mahjong.rulebook.reading.Reading), how a hand is read (every decomposition of the book's forms, as
# mahjong._core.decompositions reads it, wildcards included; the reading view of build_reading), the stack machine
# of the programs, and the table's fixed strategies (exclusion policies, aggregations, rounding, cap, minimum,
# payments).  The twin is mahjong.rulebook.evaluator (the same image run in Python over the rule book's own
# readings); tests/rulebook/test_compiled_book.py compares both with the rule book.
#
# Safety: an image is checked once when it is loaded (ev_load: every section inside the image, every program's
# operands and jumps, its stack depth); afterwards the evaluator runs without the GIL and without bounds checks.
# A hand the evaluator does not fully accept (a count above 4, too many readings, a value past EVL_LIMIT, an
# expression that raises in Python) is answered ER_FALLBACK: the caller asks the rule book.

from mjcore.evaldefs cimport *
from libc.stdint cimport int16_t, int32_t, int64_t
from libc.string cimport memcmp
from libc.stdlib cimport malloc, free

cdef enum:
    EV_MAX_ROWS = EVL_MAX_LINES  # (the rows an image may hold and the lines a reading may count: one bound)
    EV_MAX_FACTS = 128
    EV_MAX_SETS = 12
    EV_MAX_MELDS = 6
    EV_READING_LIMIT = 25000
    EV_WORK_LIMIT = 400000
    EV_MAX_DETAILS = 32


ctypedef struct EvBook:
    # an image loaded and checked (ev_load): pointers into its int32 words, the header's fields
    const int32_t* img
    const int32_t* code
    const int32_t* rows
    const int32_t* excl
    const int32_t* facts
    const int32_t* checks
    const int32_t* details
    int n_details
    const int32_t* refusals       # the programs of the readings the book refuses ([[win.refusals]])
    int n_refusals
    int size
    int code_len
    int n_rows
    int n_excl
    int n_facts
    int n_checks
    int flags
    int forms
    uint32_t rule_flags
    int rule_hand_size
    int max_wildcards
    int exclusion
    int aggregation
    int players
    # 起手小胡: the [[opening]] rows' payments, four words a row (EH_OPENINGS_AT; 0 rows: none in C)
    const int32_t* openings
    int n_openings
    # the bonuses added to a payment by shares, two words each (the amount's program, who adds it: BPY_*, -1)
    const int32_t* bonuses
    int n_bonuses
    # each seat's own total (CompiledBook.set_own_totals, the rule set's own_total_plan; not in the image): the rows
    # counted, with a wildcard indicator turned up or not, the most 台, the rounding step, the cap (-1 none)
    int own_on
    uint8_t own_rows[2][EV_MAX_ROWS]
    int own_tai_cap
    int64_t own_step
    int64_t own_cap


ctypedef struct EvHand:
    # a checked hand and its win facts, as the evaluator reads them
    uint8_t counts[34]            # the concealed real tiles (the winning tile among them; no wildcard)
    int k                         # wildcards held among the concealed tiles
    uint8_t wild_held[34]         # the wildcard tiles held, by kind (the reading's wildcard_tiles)
    int wild_tiles                # how many (the reading's wildcards_held)
    uint64_t wild_kinds           # the kinds that are wild (lack-a-suit's check leaves them out)
    int n_melds
    uint8_t meld_kind[EV_MAX_MELDS]    # EM_*
    uint8_t meld_tiles[EV_MAX_MELDS][3]  # the meld's three lowest tiles, sorted (a kong's tile three times)
    uint8_t flowers[8]            # copies of each flower held (ids 34..41)
    int n_flowers
    int win_tile                  # -1: none
    int winner
    int discarder                 # -1: self-drawn
    int dealer
    int wind                      # the winner's seat wind (0..3)
    int prevalent
    int robbing                   # the win robs a kong
    int ya                        # the fact ya (Wuhu's 押) when the context has it, else 0
    int64_t facts[EV_MAX_FACTS]   # the image's fact slots


ctypedef struct EvReading:
    int form
    int n_sets
    int n_declared
    uint8_t kind[EV_MAX_SETS]     # 0 chow, 1 pung, 2 kong
    uint8_t tile[EV_MAX_SETS]     # the set's first tile
    uint8_t concealed[EV_MAX_SETS]
    uint8_t claimed[EV_MAX_SETS]
    uint8_t tiles3[EV_MAX_SETS][3]  # the set's tiles (an honor sequence's three, a chow's run, a triplet's tile)
    int pair                      # -1: none
    int n_melds                   # the decomposition: its concealed melds, pairs, singles, wildcards
    uint8_t melds[EV_MAX_SETS][3]
    int n_pairs
    uint8_t pairs[8]
    int n_singles
    uint8_t singles[14]
    int n_subs
    uint8_t subs[8]
    uint8_t counts[34]            # the hand as read (wildcards as what they stand for)
    int wait
    int win_tile
    int win_set
    int ya                        # the reading's 押 (the fact ya: the context's, or by the book's press when placed)
    int suits                     # suit mask of the counts
    int honors                    # honor tiles as read
    int self_drawn                # the scoring context's


ctypedef struct EvLine:
    int row
    int64_t times
    int64_t value
    int set                       # the set it was counted on (its place in the reading's sets); -1: the whole reading


ctypedef struct EvResult:
    int status                    # ER_*
    int n_lines
    EvLine lines[EV_MAX_ROWS]
    uint8_t renamed[EV_MAX_ROWS]
    int64_t value
    int64_t fan
    int64_t totals[5]             # fan hu tai pt x
    int64_t total
    int invalid
    int64_t points
    int64_t owed[4]               # -1: not a payer
    int64_t pay[4]
    int wait
    int placed                    # the best reading is one at a place of the winning tile
    int64_t compared              # what the minimum was compared with (0 where it was not)
    int n_details
    int64_t details[EV_MAX_DETAILS]
    int flat                      # a flat win ([scoring] flat_group): its one line paid by every other seat
    EvReading best                # the best reading (its decomposition and view)


ctypedef struct EvCtx:
    # what one program reads
    const EvBook* b
    const EvHand* h
    const EvReading* r            # NULL: the scoring names (no reading)
    int64_t scoring[7]            # fan hu tai pt x total value
    const uint8_t* counted        # per row: counted (stage 2: stage 1's; the win rule: every line); NULL: none
    int n_counted
    const EvLine* lines           # the counted lines group_value reads; NULL: none
    int n_lines


cdef inline int ev_popcount4(int m) noexcept nogil:
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1)


cdef inline int ev_terminal_or_honor(int t) noexcept nogil:
    return t >= 27 or t % 9 == 0 or t % 9 == 8


cdef inline int ev_big(int64_t v) noexcept nogil:
    return v > EVL_LIMIT or v < -EVL_LIMIT


# ---- loading an image -------------------------------------------------------------------------------------------

cdef int ev_check_program(const int32_t* code, int code_len, int pc, int n_rows, int n_facts,
                          int16_t* depth_at) noexcept nogil:
    """0 if the program at pc is well formed: every op known, its operands inside the code and in range, the
    stack never below what an op pops nor above EVL_MAX_STACK, and/or jumps forward to an op boundary of the same
    program where the stack is as deep as at the jump, an end with one value.  depth_at: code_len + 1 scratch."""
    cdef int i, op, n, d = 0, target, a
    if pc < 0 or pc >= code_len:
        return -1
    for i in range(pc, code_len + 1):
        depth_at[i] = -1
    i = pc
    while i < code_len:
        depth_at[i] = d
        op = code[i]
        if op < 0 or op >= EVL_N_OPS:
            return -1
        n = 0
        if op == OP_CONST or op == OP_LIB or op == OP_FACT or op == OP_SCORING or op == OP_ROW \
                or op == OP_COUNTED_OUTSIDE or op == OP_AND or op == OP_OR or op == OP_MIN or op == OP_MAX \
                or op == OP_GROUP_VALUE:
            n = 1
        elif op == OP_FUNC:
            n = 4
        if i + n >= code_len:
            return -1
        a = code[i + 1] if n else 0
        if op == OP_LIB and not 0 <= a < EVL_N_LIB:
            return -1
        if op == OP_FACT and not 0 <= a < n_facts:
            return -1
        if op == OP_SCORING and not 0 <= a <= ESC_VALUE:
            return -1
        if op == OP_ROW and not 0 <= a < n_rows:
            return -1
        if op == OP_FUNC and (not 0 <= a < EVL_N_FUNCS or not 0 <= code[i + 2] < (1 << 20)
                              or not 0 <= code[i + 3] < 64 or not 0 <= code[i + 4] < 2):
            return -1
        if op == OP_END:
            return 0 if d == 1 else -1
        if op == OP_MIN or op == OP_MAX:
            if a < 1 or a > d:
                return -1
            d -= a - 1
        elif op == OP_CONST or op == OP_ERR or op == OP_LIB or op == OP_FUNC or op == OP_FACT \
                or op == OP_SCORING or op == OP_ROW or op == OP_COUNTED or op == OP_COUNTED_OUTSIDE \
                or op == OP_GROUP_VALUE:
            d += 1
        elif op == OP_NEG or op == OP_NOT or op == OP_BOOL or op == OP_SIZE:
            if d < 1:
                return -1
        elif op == OP_AND or op == OP_OR:
            if d < 1 or a < 0:
                return -1
            target = i + 2 + a
            if target >= code_len:
                return -1
            d -= 1
        elif op == OP_PICK:
            if d < 3:
                return -1
            d -= 2
        else:  # the binary ops
            if d < 2:
                return -1
            d -= 1
        if d > EVL_MAX_STACK:
            return -1
        i += 1 + n
    return -1


cdef int ev_check_jumps(const int32_t* code, int code_len, int pc, const int16_t* depth_at) noexcept nogil:
    """The and / or jumps of the program at pc (checked by ev_check_program) land on one of its op boundaries
    with the depth the jump leaves."""
    cdef int i = pc, op, n, target
    while i < code_len:
        op = code[i]
        if op == OP_END:
            return 0
        n = 4 if op == OP_FUNC else 1 if (op == OP_CONST or op == OP_LIB or op == OP_FACT or op == OP_SCORING
                                          or op == OP_ROW or op == OP_COUNTED_OUTSIDE or op == OP_AND
                                          or op == OP_OR or op == OP_MIN or op == OP_MAX
                                          or op == OP_GROUP_VALUE) else 0
        if op == OP_AND or op == OP_OR:
            # (forward, inside the code: an operand near 2**31 read depth_at far past its end)
            if code[i + 1] < 0 or code[i + 1] >= code_len - i - 2:
                return -1
            target = i + 2 + code[i + 1]
            if depth_at[target] != depth_at[i]:
                return -1
        i += 1 + n
    return -1


cdef int ev_program_ok(const EvBook* b, int pc, int16_t* depth_at) noexcept nogil:
    if pc == -1:
        return 0
    if ev_check_program(b.code, b.code_len, pc, b.n_rows, b.n_facts, depth_at) != 0:
        return -1
    return ev_check_jumps(b.code, b.code_len, pc, depth_at)


cdef int ev_load(const int32_t* img, int n, EvBook* b) noexcept nogil:
    """Check an image and fill b (pointers into img): 0, or -1 for an image the evaluator does not take."""
    cdef int i, j, at, pc
    cdef const int32_t* row
    cdef int16_t* depth_at
    cdef int ok = 0
    if n < EVL_HEADER or img[EH_MAGIC] != EVL_MAGIC or img[EH_SIZE] != n:
        return -1
    b.img = img
    b.size = n
    b.n_rows = img[EH_N_ROWS]
    b.n_facts = img[EH_N_FACTS]
    b.n_checks = img[EH_N_CHECKS]
    b.code_len = img[EH_CODE_LEN]
    if not (0 <= b.n_rows <= EV_MAX_ROWS and 0 <= b.n_facts <= EV_MAX_FACTS and 0 <= b.n_checks <= 1024
            and 0 < b.code_len <= EVL_MAX_CODE):
        return -1
    # the sections follow the header in order, the code last
    at = EVL_HEADER
    if img[EH_ROWS_AT] != at:
        return -1
    at += b.n_rows * EVL_ROW
    if img[EH_EXCL_AT] != at or img[EH_FACTS_AT] < at:
        return -1
    b.n_excl = img[EH_FACTS_AT] - at
    at = img[EH_FACTS_AT] + b.n_facts * EVL_FACT
    if img[EH_CHECKS_AT] != at:
        return -1
    at += b.n_checks
    b.n_details = img[EH_N_DETAILS]
    if img[EH_DETAILS_AT] != at or not 0 <= b.n_details <= EV_MAX_DETAILS:
        return -1
    at += b.n_details
    b.n_refusals = img[EH_N_REFUSALS]
    if img[EH_REFUSALS_AT] != at or not 0 <= b.n_refusals <= 1024:
        return -1
    at += b.n_refusals
    # 起手小胡: the [[opening]] rows' payments, after the refusals
    b.n_openings = img[EH_N_OPENINGS]
    if img[EH_OPENINGS_AT] != at or not 0 <= b.n_openings <= 64:
        return -1
    at += b.n_openings * 4
    # the bonuses of a payment by shares, after the openings
    b.n_bonuses = img[EH_N_BONUSES]
    if img[EH_BONUSES_AT] != at or not 0 <= b.n_bonuses <= 64:
        return -1
    at += b.n_bonuses * 2
    if img[EH_CODE_AT] != at or at + b.code_len != n:
        return -1
    b.rows = img + img[EH_ROWS_AT]
    b.excl = img + img[EH_EXCL_AT]
    b.facts = img + img[EH_FACTS_AT]
    b.checks = img + img[EH_CHECKS_AT]
    b.details = img + img[EH_DETAILS_AT]
    b.refusals = img + img[EH_REFUSALS_AT]
    b.code = img + img[EH_CODE_AT]
    b.openings = img + img[EH_OPENINGS_AT]
    b.bonuses = img + img[EH_BONUSES_AT]
    b.flags = img[EH_FLAGS]
    b.forms = img[EH_FORMS]
    b.rule_flags = <uint32_t>img[EH_RULE_FLAGS]
    b.rule_hand_size = img[EH_RULE_HAND_SIZE]
    b.max_wildcards = img[EH_MAX_WILDCARDS]
    b.exclusion = img[EH_EXCLUSION]
    b.aggregation = img[EH_AGGREGATION]
    b.players = img[EH_PLAYERS]
    if not (0 <= b.exclusion < 3 and 0 <= b.aggregation < 5 and img[EH_READINGS] == READ_PLAIN
            and (b.rule_hand_size == 13 or b.rule_hand_size == 16) and 0 <= b.max_wildcards <= 8
            and (b.players == 2 or b.players == 4) and img[EH_TAI_CAP] >= -1 and img[EH_ROUND_UP] >= 0
            and 0 <= b.forms < 64 and 1 <= img[EH_WINNERS_TO_END] <= 3 and -1 <= img[EH_NOT_PAYING] < b.n_facts
            and -1 <= img[EH_BETWEEN_LOSERS] < b.n_facts and -1 <= img[EH_BIRD_SEATS] < b.n_facts
            and -1 <= img[EH_DRAWN_WIN] < b.n_facts and img[EH_LIMIT_GROUP] >= -1
            and -1 <= img[EH_DISCARDED_PLAIN] <= 1 and BEST_VALUE <= img[EH_BEST] <= BEST_PAYMENTS
            and 0 <= img[EH_SHARES] <= 1 and -1 <= img[EH_SHARE_DOUBLING] <= DBL_NONE and img[EH_FLAT_GROUP] >= -1):
        return -1
    if img[EH_DRAWN_WIN] >= 0 and b.facts[img[EH_DRAWN_WIN] * EVL_FACT + EFA_KIND] != FK_INT:
        return -1
    if img[EH_NOT_PAYING] >= 0 and b.facts[img[EH_NOT_PAYING] * EVL_FACT + EFA_KIND] != FK_SEATS:
        return -1
    if img[EH_BIRD_SEATS] >= 0 and b.facts[img[EH_BIRD_SEATS] * EVL_FACT + EFA_KIND] != FK_PER_SEAT:
        return -1
    if img[EH_BETWEEN_LOSERS] >= 0 and b.facts[img[EH_BETWEEN_LOSERS] * EVL_FACT + EFA_KIND] != FK_PER_SEAT:
        return -1
    if not -1 <= img[EH_HOLDING_POINTS] < b.n_facts:
        return -1
    if img[EH_HOLDING_POINTS] >= 0 and b.facts[img[EH_HOLDING_POINTS] * EVL_FACT + EFA_KIND] != FK_PER_SEAT:
        return -1
    for i in range(b.n_facts):
        if not (0 <= b.facts[i * EVL_FACT + EFA_KIND] <= 2 and 0 <= b.facts[i * EVL_FACT + EFA_SOURCE] < 64):
            return -1
        if b.facts[i * EVL_FACT + EFA_SOURCE] == FS_HOLDING_POINTS and b.facts[i * EVL_FACT + EFA_KIND] != FK_PER_SEAT:
            return -1  # (four seats' points packed in one word)
    # the [wildcards.points] amounts the core works the holding points out with (evaluator_core.pxi)
    for i in range(EH_HOLD_FIRST, EH_HOLD_SOLE + 1):
        if not -EVL_HOLDING_LIMIT <= img[i] <= EVL_HOLDING_LIMIT:
            return -1
    if not (0 <= img[EH_HOLD_BREAKS] <= 1 and 0 <= img[EH_HOLD_AT_DRAW] <= 1):
        return -1
    for i in range(b.n_excl):
        if not 0 <= b.excl[i] < b.n_rows:
            return -1
    depth_at = <int16_t*>malloc((b.code_len + 1) * sizeof(int16_t))
    if depth_at == NULL:
        return -1
    for i in range(b.n_rows):
        row = b.rows + i * EVL_ROW
        if not (1 <= row[ERW_STAGE] <= 2 and 0 <= row[ERW_UNIT] < 5 and 0 <= row[ERW_PATTERN] <= 1
                and row[ERW_N_EXCL] >= 0 and row[ERW_EXCL] >= 0 and row[ERW_N_EXCL] <= b.n_excl - row[ERW_EXCL]
                and (row[ERW_PER_SET] == 0 or (row[ERW_PER_SET] == 1 and row[ERW_STAGE] == 1))):
            ok = -1
            break
        if (ev_program_ok(b, row[ERW_WHEN], depth_at) != 0 or ev_program_ok(b, row[ERW_COUNT], depth_at) != 0
                or ev_program_ok(b, row[ERW_VALUED], depth_at) != 0
                or ev_program_ok(b, row[ERW_RENAME], depth_at) != 0):
            ok = -1
        if row[ERW_STAGE] == 2 and row[ERW_WHEN] < 0:
            ok = -1
    for i in range(b.n_checks):
        if ev_program_ok(b, b.checks[i], depth_at) != 0:
            ok = -1
    for j in range(EH_BASE, EH_BIRD_SHARE + 1):  # (the header's programs, in their order)
        if ev_program_ok(b, img[j], depth_at) != 0:
            ok = -1
    for j in range(EH_PLACEMENTS, EH_PAYER + 1):
        if ev_program_ok(b, img[j], depth_at) != 0:
            ok = -1
    for i in range(b.n_details):
        if ev_program_ok(b, b.details[i], depth_at) != 0:
            ok = -1
    for i in range(b.n_refusals):
        if b.refusals[i] < 0 or ev_program_ok(b, b.refusals[i], depth_at) != 0:
            ok = -1
    if ev_program_ok(b, img[EH_DEALER_FACTOR], depth_at) != 0:
        ok = -1
    for j in range(EH_SHARE_SELF_DRAW, EH_SHARE_CAP + 1):  # (the payment by shares' programs, in their order)
        if ev_program_ok(b, img[j], depth_at) != 0:
            ok = -1
    if ev_program_ok(b, img[EH_FLAT_WHEN], depth_at) != 0:
        ok = -1
    for i in range(b.n_bonuses):
        if b.bonuses[2 * i] < 0 or ev_program_ok(b, b.bonuses[2 * i], depth_at) != 0 \
                or not -1 <= b.bonuses[2 * i + 1] <= BPY_ALL:
            ok = -1
    if ev_program_ok(b, img[EH_CAP_WHEN], depth_at) != 0:  # (腊子)
        ok = -1
    if b.aggregation == AGG_FORMULA and img[EH_FORMULA] < 0:
        ok = -1
    # 买马: the horses' value terms (the compiler keeps them under 16 bits)
    if not (0 <= img[EH_HORSES_PAID] <= 1 and -65536 < img[EH_HORSES_SHARE] < 65536
            and -65536 < img[EH_HORSES_COVERS] < 65536 and -65536 < img[EH_HORSES_CONST] < 65536):
        ok = -1
    free(depth_at)
    return ok


# ---- the library on a reading -------------------------------------------------------------------------------------

cdef inline int ev_outside_half(int lib, int t) noexcept nogil:
    """A suited tile all_below_five / all_above_five leaves out (a 5..9 / a 1..5)."""
    if lib == LIB_ALL_BELOW_FIVE:
        return t % 9 >= 4
    return t % 9 <= 4


cdef inline int ev_group_tile(int lib, int t) noexcept nogil:
    """The tile that makes a group count for terminals_in_all (a terminal or honor) or fives_in_all (a suited 5)."""
    if lib == LIB_TERMINALS_IN_ALL:
        return ev_terminal_or_honor(t)
    return t < 27 and t % 9 == 4


cdef int ev_doubled_tile(const EvReading* r) noexcept nogil:
    if r.form == FORM_REGULAR:
        return r.pair
    if r.form == FORM_THIRTEEN_ORPHANS and r.n_pairs:
        return r.pairs[0]
    return -1


cdef int64_t ev_lib(int lib, const EvReading* r, const EvHand* h) noexcept nogil:
    """A predicate (0 / 1) or count of the library on a reading (the C case of each rulebook.predicates entry)."""
    cdef int i, j, t, n = 0, s, rank, ok
    cdef int seen[34]
    if lib == LIB_REGULAR:
        return r.form == FORM_REGULAR
    if lib == LIB_SEVEN_PAIRS:
        return r.form == FORM_SEVEN_PAIRS
    if lib == LIB_THIRTEEN_ORPHANS:
        return r.form == FORM_THIRTEEN_ORPHANS
    if lib == LIB_HONORS_AND_KNITTED:
        return r.form == FORM_HONORS_AND_KNITTED
    if lib == LIB_THIRTEEN_LAN:
        return r.form == FORM_THIRTEEN_LAN
    if lib == LIB_ALL_PUNGS or lib == LIB_ALL_CHOWS:
        if r.form != FORM_REGULAR:
            return 0
        for i in range(r.n_sets):
            if (r.kind[i] == 0) == (lib == LIB_ALL_PUNGS):
                return 0
        return 1
    if lib == LIB_CONCEALED_HAND:
        for i in range(h.n_melds):
            if h.meld_kind[i] != EM_CONCEALED_KONG:
                return 0
        return 1
    if lib == LIB_ALL_CLAIMED:
        if r.n_sets == 0 or r.self_drawn:
            return 0
        for i in range(r.n_sets):
            if not r.claimed[i]:
                return 0
        return 1
    if lib == LIB_SINGLE_WAIT:
        return r.wait == WAIT_SINGLE
    if lib == LIB_ONE_SUIT:
        return ev_popcount4(r.suits) == 1 and not r.honors
    if lib == LIB_ONE_SUIT_WITH_HONORS:
        return ev_popcount4(r.suits) == 1 and r.honors > 0
    if lib == LIB_HAS_HONORS:
        return r.honors > 0
    if lib == LIB_NO_HONORS:
        return r.honors == 0
    if lib == LIB_ALL_HONORS:
        return r.suits == 0
    if lib == LIB_TWO_SUITS:
        return ev_popcount4(r.suits) == 2
    if lib == LIB_FIVE_FAMILIES:
        return (r.suits == 7 and (r.counts[27] + r.counts[28] + r.counts[29] + r.counts[30]) > 0
                and (r.counts[31] + r.counts[32] + r.counts[33]) > 0)
    if lib == LIB_ALL_SIMPLES:
        for t in range(34):
            if r.counts[t] != 0 and ev_terminal_or_honor(t) != 0:
                return 0
        return 1
    if lib == LIB_ALL_BELOW_FIVE or lib == LIB_ALL_ABOVE_FIVE:
        if r.honors:
            return 0
        for t in range(27):
            if r.counts[t] != 0 and ev_outside_half(lib, t):
                return 0
        return 1
    if lib == LIB_ALL_TERMINALS_AND_HONORS or lib == LIB_NO_SIMPLES:
        for t in range(27):
            if r.counts[t] != 0 and ev_terminal_or_honor(t) == 0:
                return 0
        return 1
    if lib == LIB_TERMINALS_IN_ALL or lib == LIB_FIVES_IN_ALL:
        if r.form != FORM_REGULAR:
            return 0
        for i in range(r.n_sets):
            ok = 0
            for j in range(3):
                t = r.tiles3[i][j]
                if ev_group_tile(lib, t):
                    ok = 1
            if not ok:
                return 0
        if r.pair >= 0:
            t = r.pair
            if not ev_group_tile(lib, t):
                return 0
        return 1
    if lib == LIB_PURE_STRAIGHT:
        for s in range(3):
            n = 0
            for i in range(r.n_sets):
                if r.kind[i] == 0:
                    if r.tile[i] == 9 * s:
                        n |= 1
                    elif r.tile[i] == 9 * s + 3:
                        n |= 2
                    elif r.tile[i] == 9 * s + 6:
                        n |= 4
            if n == 7:
                return 1
        return 0
    if lib == LIB_MIXED_TRIPLE:
        for j in range(2):  # chows, then pungs and kongs
            for rank in range(9):
                n = 0
                for i in range(r.n_sets):
                    if ((r.kind[i] == 0) == (j == 0)) and r.tile[i] < 27 and r.tile[i] % 9 == rank:
                        n |= 1 << (r.tile[i] // 9)
                if n == 7:
                    return 1
        return 0
    if lib == LIB_THREE_IDENTICAL_CHOWS:
        for i in range(r.n_sets):
            if r.kind[i] == 0:
                n = 0
                for j in range(r.n_sets):
                    if r.kind[j] == 0 and r.tile[j] == r.tile[i]:
                        n += 1
                if n >= 3:
                    return 1
        return 0
    if lib == LIB_PAIR_IS_WIND:
        return 27 <= r.pair < 31
    if lib == LIB_PAIR_IS_DRAGON:
        return r.pair >= 31
    if lib == LIB_PAIR_IS_SUITED:
        return 0 <= r.pair < 27
    if lib == LIB_PAIR_IS_SEAT_WIND:
        return r.pair >= 0 and r.pair == 27 + h.wind
    if lib == LIB_SEAT_WIND_PUNG or lib == LIB_PREVALENT_WIND_PUNG:
        t = 27 + (h.wind if lib == LIB_SEAT_WIND_PUNG else h.prevalent)
        for i in range(r.n_sets):
            if r.kind[i] != 0 and r.tile[i] == t:
                return 1
        return 0
    if lib == LIB_NO_WILDCARDS:
        return h.wild_tiles == 0
    if lib == LIB_CLOSED_WAIT:
        return r.wait == WAIT_CLOSED
    if lib == LIB_EDGE_WAIT:
        return r.wait == WAIT_EDGE
    if lib == LIB_TWO_SIDED_WAIT:
        return r.wait == WAIT_TWO_SIDED
    if lib == LIB_DUAL_PUNG_WAIT:
        return r.wait == WAIT_DUAL_PUNG
    if lib == LIB_OWN_SEASON_FLOWER:
        return h.flowers[h.wind] > 0
    if lib == LIB_WILDCARD_AS_FIFTH_COPY:
        for i in range(r.n_subs):
            if r.counts[r.subs[i]] > 4:
                return 1
        return 0
    if lib == LIB_DOUBLED_TILE_IS_SEAT_WIND:
        return ev_doubled_tile(r) == 27 + h.wind
    if lib == LIB_DOUBLED_TILE_IS_DRAGON:
        return ev_doubled_tile(r) >= 31
    if lib == LIB_WIN_TILE_TERMINAL_OR_HONOR:
        return r.win_tile >= 0 and ev_terminal_or_honor(r.win_tile)
    # counts
    if lib == LIB_PUNGS or lib == LIB_CHOWS or lib == LIB_KONGS or lib == LIB_CONCEALED_KONGS \
            or lib == LIB_CONCEALED_PUNGS or lib == LIB_WIND_PUNGS or lib == LIB_DRAGON_PUNGS:
        for i in range(r.n_sets):
            if lib == LIB_PUNGS:
                n += r.kind[i] != 0
            elif lib == LIB_CHOWS:
                n += r.kind[i] == 0
            elif lib == LIB_KONGS:
                n += r.kind[i] == 2
            elif lib == LIB_CONCEALED_KONGS:
                n += r.kind[i] == 2 and r.concealed[i] != 0
            elif lib == LIB_CONCEALED_PUNGS:
                n += r.kind[i] != 0 and r.concealed[i] != 0
            elif lib == LIB_WIND_PUNGS:
                n += r.kind[i] != 0 and 27 <= r.tile[i] < 31
            else:
                n += r.kind[i] != 0 and r.tile[i] >= 31
        return n
    if lib == LIB_MELDS:
        return h.n_melds
    if lib == LIB_ROOTS:
        for t in range(34):
            n += r.counts[t] == 4
        return n
    if lib == LIB_QUADS_IN_PAIRS:
        if r.form != FORM_SEVEN_PAIRS:
            return 0
        memset(seen, 0, sizeof(seen))
        for i in range(r.n_pairs):
            seen[r.pairs[i]] += 1
        for t in range(34):
            n += seen[t] >= 2
        return n
    if lib == LIB_WILDCARDS:
        return h.wild_tiles
    if lib == LIB_FLOWERS:
        return h.n_flowers
    if lib == LIB_SUITS:
        return ev_popcount4(r.suits)
    if lib == LIB_FOUR_ALIVE:
        for t in range(27):
            if r.counts[t] == 4:
                ok = 1
                for i in range(r.n_sets):
                    if r.kind[i] == 2 and r.tile[i] == t:
                        ok = 0
                n += ok
        return n
    if lib == LIB_SINGLE_HONORS:
        memset(seen, 0, sizeof(seen))
        for i in range(r.n_singles):
            if r.singles[i] >= 27:
                seen[r.singles[i]] = 1
        for t in range(27, 34):
            n += seen[t]
        return n
    if lib == LIB_WILDCARDS_STANDING_IN or lib == LIB_SUBSTITUTIONS:
        return r.n_subs
    if lib == LIB_SEASON_FLOWERS:
        return h.flowers[0] + h.flowers[1] + h.flowers[2] + h.flowers[3]
    if lib == LIB_PRESS:
        return r.ya if r.ya > 0 else 0
    if lib == LIB_WIN_RANK:
        return r.win_tile % 9 + 1 if 0 <= r.win_tile < 27 else 0
    return EVL_ABSENT  # (an id the evaluator has no case for: the caller falls back; a test checks every id)


cdef int64_t ev_func(int fn, int a, int b, int c, const EvReading* r, const EvHand* h) noexcept nogil:
    """A library function of the reading with its constant arguments (decoded as the compiler encoded them)."""
    cdef int i, t, s, n = 0, skip
    cdef int per[3]
    cdef int cnt[34]
    if fn == FN_PAIR_RANK_IN:
        return 0 <= r.pair < 27 and ((a >> (r.pair % 9 + 1)) & 1) != 0
    if fn == FN_ALL_RANKS_IN:
        for t in range(34):
            if r.counts[t] != 0 and not (t < 27 and ((a >> (t % 9 + 1)) & 1) != 0):
                return 0
        return 1
    if fn == FN_PUNG_OF:
        for i in range(r.n_sets):
            if r.kind[i] != 0 and r.tile[i] == a:
                return 1
        return 0
    if fn == FN_HOLDS:
        return r.counts[a] if 0 <= a < 34 else 0
    if fn == FN_HELD_WILDCARD_TILES:
        return h.wild_tiles
    if fn == FN_PAIR_OF:
        return r.pair >= 0 and r.pair == a
    if fn == FN_WAIT_IS:
        return r.wait == a and a != WAIT_NONE
    if fn == FN_WILDCARD_STAND_INS:
        memset(cnt, 0, sizeof(cnt))
        for i in range(r.n_subs):
            cnt[r.subs[i]] += 1
        for t in range(34):
            if b and h.wild_held[t]:
                cnt[t] -= cnt[t] if cnt[t] < h.wild_held[t] else h.wild_held[t]
            if a == 0 or (a == 1) == (t >= 27):
                n += cnt[t]
        return n
    if fn == FN_TRIPLETS_OUTSIDE_WAIT:
        skip = r.win_set if r.wait == WAIT_DUAL_PUNG else -1
        for i in range(r.n_sets):
            if r.kind[i] != 0 and i != skip and (r.kind[i] == 2) == (a != 0) and r.concealed[i] == b \
                    and ev_terminal_or_honor(r.tile[i]) == c:
                n += 1
        return n
    if fn == FN_LARGEST_SUIT:
        for s in range(3):
            per[s] = 0
            for t in range(9 * s, 9 * s + 9):
                per[s] += r.counts[t]
        if a == 3:
            for i in range(r.n_sets):
                if r.kind[i] == 2 and r.tile[i] < 27:
                    per[r.tile[i] // 9] -= 1
        return imax(per[0], imax(per[1], per[2]))
    return EVL_ABSENT


# ---- the programs ------------------------------------------------------------------------------------------------

cdef int ev_run(const EvCtx* x, int pc, int64_t* out) noexcept nogil:
    """Run the program at pc (checked at load): 0 with the value in out, or -1 where the rule book raises or a
    value passes EVL_LIMIT."""
    cdef int64_t st[EVL_MAX_STACK + 1]
    cdef int sp = 0, op, n, i
    cdef int64_t a, b, c, v
    cdef const int32_t* code = x.b.code
    while True:
        op = code[pc]
        if op == OP_END:
            out[0] = st[sp - 1]
            return 0
        if op == OP_CONST:
            st[sp] = code[pc + 1]
            sp += 1
            pc += 2
        elif op == OP_ERR:
            return -1
        elif op == OP_LIB:
            if x.r == NULL:
                return -1
            v = ev_lib(code[pc + 1], x.r, x.h)
            if v == EVL_ABSENT:
                return -1
            st[sp] = v
            sp += 1
            pc += 2
        elif op == OP_FUNC:
            if x.r == NULL:
                return -1
            v = ev_func(code[pc + 1], code[pc + 2], code[pc + 3], code[pc + 4], x.r, x.h)
            if v == EVL_ABSENT:
                return -1
            st[sp] = v
            sp += 1
            pc += 5
        elif op == OP_FACT:
            v = x.h.facts[code[pc + 1]]
            if v == EVL_ABSENT:
                return -1
            st[sp] = v
            sp += 1
            pc += 2
        elif op == OP_SCORING:
            st[sp] = x.scoring[code[pc + 1]]
            sp += 1
            pc += 2
        elif op == OP_ROW:
            if x.counted == NULL:
                return -1
            st[sp] = x.counted[code[pc + 1]] != 0
            sp += 1
            pc += 2
        elif op == OP_COUNTED:
            if x.counted == NULL:
                return -1
            st[sp] = x.n_counted
            sp += 1
            pc += 1
        elif op == OP_COUNTED_OUTSIDE:
            if x.counted == NULL:
                return -1
            n = 0
            for i in range(x.b.n_rows):
                if x.counted[i] and x.b.rows[i * EVL_ROW + ERW_GROUP] != code[pc + 1]:
                    n += 1
            st[sp] = n
            sp += 1
            pc += 2
        elif op == OP_GROUP_VALUE:
            if x.lines == NULL:
                return -1
            v = 0
            for i in range(x.n_lines):
                if x.b.rows[x.lines[i].row * EVL_ROW + ERW_GROUP] == code[pc + 1]:
                    if ev_mul(x.lines[i].value, x.lines[i].times, &a) != 0:
                        return -1
                    v += a
                    if ev_big(v):
                        return -1
            st[sp] = v
            sp += 1
            pc += 2
        elif op == OP_AND or op == OP_OR:
            if (st[sp - 1] != 0) == (op == OP_OR):
                st[sp - 1] = op == OP_OR
                pc += 2 + code[pc + 1]
            else:
                sp -= 1
                pc += 2
        elif op == OP_MIN or op == OP_MAX:
            n = code[pc + 1]
            v = st[sp - n]
            for i in range(sp - n + 1, sp):
                if (st[i] < v) if op == OP_MIN else (st[i] > v):
                    v = st[i]
            sp -= n
            st[sp] = v
            sp += 1
            pc += 2
        elif op == OP_NEG:
            st[sp - 1] = -st[sp - 1]
            pc += 1
        elif op == OP_NOT:
            st[sp - 1] = st[sp - 1] == 0
            pc += 1
        elif op == OP_BOOL:
            st[sp - 1] = st[sp - 1] != 0
            pc += 1
        elif op == OP_SIZE:
            st[sp - 1] = ev_popcount4(<int>(st[sp - 1] & 15))
            pc += 1
        elif op == OP_PICK:
            c = st[sp - 1]
            b = st[sp - 2]
            a = st[sp - 3]
            sp -= 2
            st[sp - 1] = b if a != 0 else c
            pc += 1
        else:
            b = st[sp - 1]
            a = st[sp - 2]
            sp -= 1
            if op == OP_ADD:
                v = a + b
            elif op == OP_SUB:
                v = a - b
            elif op == OP_MUL:
                if a != 0 and (b > EVL_LIMIT / (a if a > 0 else -a) or b < -EVL_LIMIT / (a if a > 0 else -a)):
                    return -1
                v = a * b
            elif op == OP_DIV or op == OP_ROUND_UP or op == OP_ROUND_HALF:
                if (b == 0 and op == OP_DIV) or (b <= 0 and op != OP_DIV):
                    return -1
                if op == OP_ROUND_UP:
                    v = -ev_floordiv(-a, b) * b
                elif op == OP_ROUND_HALF:
                    v = ev_floordiv(a + ev_floordiv(b, 2), b) * b
                else:
                    v = ev_floordiv(a, b)
            elif op == OP_POW:
                if b < 0 or b > 64:
                    return -1
                v = 1
                for i in range(<int>b):
                    if a != 0 and (v > EVL_LIMIT / (a if a > 0 else -a) or v < -EVL_LIMIT / (a if a > 0 else -a)):
                        return -1
                    v *= a
            elif op == OP_EQ:
                v = a == b
            elif op == OP_NE:
                v = a != b
            elif op == OP_LT:
                v = a < b
            elif op == OP_LE:
                v = a <= b
            elif op == OP_GT:
                v = a > b
            elif op == OP_GE:
                v = a >= b
            elif op == OP_CONTAINS:
                v = 0 <= b < 4 and ((a >> b) & 1) != 0
            else:
                return -1
            if ev_big(v):
                return -1
            st[sp - 1] = v
            pc += 1


cdef inline int64_t ev_floordiv(int64_t a, int64_t b) noexcept nogil:
    cdef int64_t q = a / b
    if (a % b != 0) and ((a < 0) != (b < 0)):
        q -= 1
    return q


cdef inline int ev_prog(const EvCtx* x, int pc, int64_t dflt, int64_t* out) noexcept nogil:
    """A program's value, or dflt for none (-1)."""
    if pc < 0:
        out[0] = dflt
        return 0
    return ev_run(x, pc, out)


# ---- reading a hand: every decomposition, each as the reading view builds it ---------------------------------------

ctypedef struct EvScan:
    const EvBook* b
    const EvHand* h
    EvResult* res
    int status                    # ER_OK while scanning; ER_FALLBACK stops it
    int found                     # readings taken
    int work                      # search steps (bounded)
    int have_best
    int64_t best_rank[2]
    uint8_t best_key[66]
    int best_key_len
    # the decomposition being built
    int form
    int n_melds
    uint8_t melds[EV_MAX_SETS][3]
    int n_pairs
    uint8_t pairs[8]
    int n_singles
    uint8_t singles[14]
    int n_subs
    uint8_t subs[8]
    # the regular search
    uint8_t hh[34]
    uint8_t tgt[34]
    uint8_t allowed[34]
    int chosen[EV_MAX_SETS]
    int n_shapes
    int shapes_seq
    int wild
    int k
    int pair
    # the scoring names that do not depend on the reading (worked out once)
    int64_t base
    int64_t offset
    int64_t fan_cap               # -1: none
    int single_wait               # -1: not worked out yet; else whether the winning tile was the only wait
    int placing                   # each reading is scored at every place of the winning tile
    int drawn                     # the winning tile is a wildcard drawn: placed at each kind a wildcard stands for
    int has_limit                 # the book has hands worth the cap outright (limit_group) and a cap
    int64_t limit                 # that cap
    int refused                   # a reading was refused ([[win.refusals]])
    int plain_win                 # the winning tile, a wildcard won on a discard, is read as a plain tile
    int by_total                  # [scoring] best = "total": readings ranked by their total (rounded, capped)
    int has_rank_cap              # (the cap that total is held to)
    int64_t rank_cap
    int by_payments               # [scoring] best = "payments": readings ranked by what their payers pay
    int flat                      # flat wins apply ([scoring] flat_group, flat_when holds)
    int flat_hit                  # a flat win was found: the scan keeps it
    EvReading cur
    EvReading place
    EvLine lines[EV_MAX_ROWS]
    int n_lines
    int cap_when                  # 腊子: the program of the readings worth the cap outright (-1: none); the cap: limit


cdef void ev_view(EvScan* S, EvReading* r) noexcept nogil:
    """build_reading of the decomposition in S: the declared melds then its concealed melds, which triplet a
    discard completed (not concealed, unless the winning tile can be read into another group), the pair, the
    counts as read, the wait."""
    cdef const EvHand* h = S.h
    cdef int i, j, t, n = 0, win = h.win_tile, in_other = 0, kind
    cdef int self_drawn = h.discarder < 0 or (h.robbing and (S.b.flags & EVF_ROBBING_AS_SELF_DRAW) != 0)
    r.form = S.form
    r.self_drawn = self_drawn
    for i in range(h.n_melds):
        kind = h.meld_kind[i]
        r.kind[n] = 0 if kind == EM_CHOW else 1 if kind == EM_PUNG else 2
        r.tile[n] = h.meld_tiles[i][0]
        r.concealed[n] = kind == EM_CONCEALED_KONG
        r.claimed[n] = kind != EM_CONCEALED_KONG
        for j in range(3):
            r.tiles3[n][j] = h.meld_tiles[i][j]
        n += 1
    r.n_declared = n
    if win >= 0:
        for i in range(S.n_melds):
            if (S.melds[i][0] == win or S.melds[i][1] == win or S.melds[i][2] == win) \
                    and not (S.melds[i][0] == S.melds[i][1] == S.melds[i][2]):
                in_other = 1
        if S.form == FORM_REGULAR and S.n_pairs and S.pairs[0] == win:
            in_other = 1
    for i in range(S.n_melds):
        t = S.melds[i][0]
        if t == S.melds[i][1] == S.melds[i][2]:
            r.kind[n] = 1
            r.concealed[n] = self_drawn or t != win or in_other
        else:
            r.kind[n] = 0
            r.concealed[n] = 1
        r.tile[n] = t
        r.claimed[n] = 0
        for j in range(3):
            r.tiles3[n][j] = S.melds[i][j]
        n += 1
    r.n_sets = n
    r.pair = S.pairs[0] if S.form == FORM_REGULAR and S.n_pairs else -1
    r.n_melds = S.n_melds
    memcpy(r.melds, S.melds, sizeof(S.melds))
    r.n_pairs = S.n_pairs
    memcpy(r.pairs, S.pairs, sizeof(S.pairs))
    r.n_singles = S.n_singles
    memcpy(r.singles, S.singles, sizeof(S.singles))
    r.n_subs = S.n_subs
    memcpy(r.subs, S.subs, sizeof(S.subs))
    memset(r.counts, 0, 34)
    for i in range(r.n_sets):
        for j in range(3):
            r.counts[r.tiles3[i][j]] += 1
        if r.kind[i] == 2:
            r.counts[r.tile[i]] += 1
    for i in range(S.n_pairs):
        r.counts[S.pairs[i]] += 2
    for i in range(S.n_singles):
        r.counts[S.singles[i]] += 1
    r.suits = 0
    for t in range(27):
        if r.counts[t]:
            r.suits |= 1 << (t // 9)
    r.honors = 0
    for t in range(27, 34):
        r.honors += r.counts[t]
    r.win_tile = win
    r.win_set = -1
    r.ya = h.ya
    r.wait = WAIT_NONE
    if (S.b.flags & EVF_FIND_WAIT) and not S.placing and win >= 0 and S.form == FORM_REGULAR and r.pair == win:
        if S.single_wait < 0:
            S.single_wait = ev_single_wait(S)
        if S.single_wait == 2:
            S.status = ER_FALLBACK
        elif S.single_wait:
            r.wait = WAIT_SINGLE


cdef int ev_single_wait(EvScan* S) noexcept nogil:
    """1 if the hand without its winning tile waits on that tile alone (K.waits(...).tiles == (win,)), else 0;
    2 where the kernels would refuse the 13 tiles (the rule book then raises)."""
    cdef const EvHand* h = S.h
    cdef uint8_t buf[HBUF]
    cdef int t, total = 0, k = h.k, win = h.win_tile
    memset(buf, 0, HBUF)
    for t in range(34):
        buf[t] = h.counts[t]
    if (h.wild_kinds >> win) & 1 and not S.plain_win:
        k -= 1  # (the winning tile is a wildcard: the hand without it holds one wildcard fewer)
    elif buf[win]:
        buf[win] -= 1
    else:
        return 2
    if k < 0 or k > S.b.max_wildcards:
        return 2
    for t in range(34):
        total += buf[t]
        if buf[t] > 4 or (t >= 27 and buf[t] and (S.b.rule_flags & F_NO_HONORS)):
            return 2
    total += k
    if total % 3 != 1 or total > S.b.rule_hand_size + 1:
        return 2
    return waits_mask(buf, k, total, S.b.rule_hand_size, S.b.rule_flags) == ((<uint64_t>1) << win)


cdef int ev_exclusions(const EvBook* b, EvLine* lines, int n) noexcept nogil:
    """apply_exclusions in place: the lines kept (in order); returns how many."""
    cdef uint8_t struck[EV_MAX_ROWS]
    cdef int i, j, m = 0, top = -1
    cdef const int32_t* row
    memset(struck, 0, sizeof(struck))  # (the whole array: n_rows is checked at load, the C compiler cannot know)
    if b.exclusion == EXCL_ORDERED:
        for i in range(n):
            if struck[lines[i].row]:
                continue
            lines[m] = lines[i]
            m += 1
            row = b.rows + lines[i].row * EVL_ROW
            for j in range(row[ERW_N_EXCL]):
                struck[b.excl[row[ERW_EXCL] + j]] = 1
        return m
    for i in range(n):
        row = b.rows + lines[i].row * EVL_ROW
        for j in range(row[ERW_N_EXCL]):
            struck[b.excl[row[ERW_EXCL] + j]] = 1
    for i in range(n):
        if not struck[lines[i].row]:
            lines[m] = lines[i]
            m += 1
    if b.exclusion == EXCL_LARGEST:
        for i in range(m):
            if b.rows[lines[i].row * EVL_ROW + ERW_PATTERN] and (top < 0 or lines[i].value > lines[top].value):
                top = i
        if top >= 0:
            n = m
            m = 0
            for i in range(n):
                if not b.rows[lines[i].row * EVL_ROW + ERW_PATTERN] or i == top:
                    lines[m] = lines[i]
                    m += 1
    return m


cdef int ev_row_value(const EvCtx* x, const int32_t* row, int self_drawn, EvLine* line) noexcept nogil:
    """Whether a row counts on the reading (1), not (0), or the rule book raises (-1); its times and value."""
    cdef int64_t v, n = 1
    if row[ERW_WHEN] >= 0:
        if ev_run(x, row[ERW_WHEN], &v) != 0:
            return -1
        if v == 0:
            return 0
    if row[ERW_COUNT] >= 0 and ev_run(x, row[ERW_COUNT], &n) != 0:
        return -1
    if n <= 0:
        return 0
    line.times = n
    line.value = row[ERW_SELF_DRAWN_VALUE] if self_drawn else row[ERW_VALUE]
    if row[ERW_VALUED] >= 0 and ev_run(x, row[ERW_VALUED], &line.value) != 0:
        return -1
    return 1


cdef void ev_set_view(const EvReading* r, int k, EvReading* one) noexcept nogil:
    """set_reading: set k of the reading alone (a row counted per set reads it): that set only, no pair, no wait,
    the set's own tiles as the counts (a kong holds four); the decomposition and the winning tile are the
    reading's."""
    cdef int j, t
    one[0] = r[0]
    one.n_sets = 1
    one.n_declared = k < r.n_declared
    one.kind[0] = r.kind[k]
    one.tile[0] = r.tile[k]
    one.concealed[0] = r.concealed[k]
    one.claimed[0] = r.claimed[k]
    for j in range(3):
        one.tiles3[0][j] = r.tiles3[k][j]
    one.pair = -1
    one.wait = WAIT_NONE
    one.win_set = -1
    memset(one.counts, 0, 34)
    for j in range(3):
        one.counts[r.tiles3[k][j]] += 1
    if r.kind[k] == 2:
        one.counts[r.tile[k]] += 1
    one.suits = 0
    one.honors = 0
    for t in range(34):
        if one.counts[t]:
            if t < 27:
                one.suits |= 1 << (t // 9)
            else:
                one.honors += one.counts[t]


cdef int ev_count_rows(EvScan* S, const EvReading* r) noexcept nogil:
    """count_rows on one reading: S.lines in the result's order; -1 where the rule book raises.  A run of rows
    counted per set (ERW_PER_SET) is read set by set, each row on that set alone (ev_set_view), a line for each
    set it holds for."""
    cdef const EvBook* b = S.b
    cdef EvCtx x, sx
    cdef EvReading one
    cdef EvLine stage1[EV_MAX_ROWS]
    cdef EvLine first[EV_MAX_ROWS]
    cdef uint8_t counted[EV_MAX_ROWS]
    cdef int i, n1 = 0, n2 = 0, got, j, m = 0, k, end
    cdef const int32_t* row
    x.b = b
    x.h = S.h
    x.r = r
    x.counted = NULL
    x.n_counted = 0
    x.lines = NULL
    x.n_lines = 0
    i = 0
    while i < b.n_rows:
        row = b.rows + i * EVL_ROW
        if row[ERW_STAGE] != 1:
            i += 1
            continue
        if not row[ERW_PER_SET]:
            if n1 >= EV_MAX_ROWS:
                return -1  # (after a run of per-set lines: more lines than the evaluator holds)
            stage1[n1].row = i
            stage1[n1].set = -1
            got = ev_row_value(&x, row, r.self_drawn, &stage1[n1])
            if got < 0:
                return -1
            n1 += got
            i += 1
            continue
        end = i
        while end < b.n_rows and b.rows[end * EVL_ROW + ERW_PER_SET]:
            end += 1
        sx = x
        sx.r = &one
        for k in range(r.n_sets):
            ev_set_view(r, k, &one)
            for j in range(i, end):
                if n1 >= EV_MAX_ROWS:
                    return -1  # (more lines than the evaluator holds: the rule book counts them)
                stage1[n1].row = j
                stage1[n1].set = k
                got = ev_row_value(&sx, b.rows + j * EVL_ROW, r.self_drawn, &stage1[n1])
                if got < 0:
                    return -1
                n1 += got
        i = end
    n1 = ev_exclusions(b, stage1, n1)
    memset(counted, 0, b.n_rows)
    for i in range(n1):
        counted[stage1[i].row] = 1
    x.counted = counted
    x.n_counted = n1
    for i in range(b.n_rows):
        row = b.rows + i * EVL_ROW
        if row[ERW_STAGE] != 2:
            continue
        first[n2].row = i
        first[n2].set = -1
        got = ev_row_value(&x, row, r.self_drawn, &first[n2])
        if got < 0:
            return -1
        n2 += got
    if n1 + n2 > EV_MAX_ROWS:  # (per-set lines can outnumber the rows: the result holds EV_MAX_ROWS lines)
        return -1
    if b.flags & EVF_PATTERNS_FIRST:  # the patterns in table order, then the rest in table order
        for j in range(2):
            for i in range(b.n_rows):
                if b.rows[i * EVL_ROW + ERW_PATTERN] != (j == 0):
                    continue
                for got in range(n2):
                    if first[got].row == i:
                        S.lines[m] = first[got]
                        m += 1
                for got in range(n1):
                    if stage1[got].row == i:
                        S.lines[m] = stage1[got]
                        m += 1
    else:
        for i in range(n2):
            S.lines[m] = first[i]
            m += 1
        for i in range(n1):
            S.lines[m] = stage1[i]
            m += 1
    S.n_lines = m
    return 0


cdef int ev_totals(const EvBook* b, const EvLine* lines, int n, int64_t* t) noexcept nogil:
    """totals_of: fan hu tai pt and the product x; -1 past EVL_LIMIT."""
    cdef int i, unit
    cdef int64_t k, v
    t[0] = t[1] = t[2] = t[3] = 0
    t[4] = 1
    for i in range(n):
        unit = b.rows[lines[i].row * EVL_ROW + ERW_UNIT]
        v = lines[i].value
        if unit == UNIT_X:
            for k in range(lines[i].times):
                if k > 64:
                    return -1
                if v != 0 and (t[4] > EVL_LIMIT / (v if v > 0 else -v) or t[4] < -EVL_LIMIT / (v if v > 0 else -v)):
                    return -1
                t[4] *= v
        else:
            if ev_big(v) or ev_big(lines[i].times) or (v != 0 and lines[i].times > EVL_LIMIT / (v if v > 0 else -v)):
                return -1
            v = v * lines[i].times
            # (fan hu tai pt: the slots of UNIT_FAN, UNIT_HU, UNIT_TAI and UNIT_PT)
            k = 0 if unit == UNIT_FAN else 1 if unit == UNIT_HU else 2 if unit == UNIT_TAI else 3
            t[k] += v
            if ev_big(t[k]):
                return -1
    return 0


cdef int ev_mul(int64_t a, int64_t b, int64_t* out) noexcept nogil:
    if a != 0 and (b > EVL_LIMIT / (a if a > 0 else -a) or b < -EVL_LIMIT / (a if a > 0 else -a)):
        return -1
    out[0] = a * b
    return 0


cdef int ev_hand_value(EvScan* S, const int64_t* t, int64_t* out) noexcept nogil:
    """BookRuleSet._hand_value of the totals; -1 where the rule book raises or a value is too big."""
    cdef const EvBook* b = S.b
    cdef EvCtx x
    cdef int64_t v, fan = t[0], tai = t[2], shift
    if b.aggregation == AGG_FORMULA:
        x.b = b
        x.h = S.h
        x.r = NULL
        x.counted = NULL
        x.n_counted = 0
        x.lines = NULL
        x.n_lines = 0
        x.scoring[0], x.scoring[1], x.scoring[2], x.scoring[3], x.scoring[4], x.scoring[5], x.scoring[6] = \
            t[0], t[1], t[2], t[3], t[4], 0, 0
        return ev_run(&x, b.img[EH_FORMULA], out)
    if b.aggregation == AGG_SUM:
        v = t[0] + t[1] + t[2] + t[3]
    elif b.aggregation == AGG_PRODUCT:
        if ev_mul(S.base, t[4], &v) != 0:
            return -1
        v += t[3]
    elif b.aggregation == AGG_POWERS:
        if S.fan_cap != -1 and fan > S.fan_cap:
            fan = S.fan_cap
        shift = fan - S.offset
        if shift < 0:
            shift = 0
        if shift > 62 or ev_mul(S.base, t[4], &v) != 0 or ev_mul(v, (<int64_t>1) << shift, &v) != 0:
            return -1
        v += t[3]
    else:  # hu_tai
        if b.img[EH_TAI_CAP] >= 0 and tai > b.img[EH_TAI_CAP]:
            tai = b.img[EH_TAI_CAP]
        shift = tai if tai > 0 else 0
        if shift > 62 or ev_mul(b.img[EH_HU_BASE] + t[1], (<int64_t>1) << shift, &v) != 0:
            return -1
        v += t[3]
    if ev_big(v):
        return -1
    out[0] = v
    return 0


cdef int ev_key_of(const EvScan* S, uint8_t* key) noexcept nogil:
    """The decomposition's sort key (form, melds, pairs, singles, wildcards) as bytes; readings of one hand and
    form have keys of one length."""
    cdef int n = 0, i, j
    key[n] = <uint8_t>S.form
    n += 1
    for i in range(S.n_melds):
        for j in range(3):
            key[n] = S.melds[i][j]
            n += 1
    for i in range(S.n_pairs):
        key[n] = S.pairs[i]
        n += 1
    for i in range(S.n_singles):
        key[n] = S.singles[i]
        n += 1
    for i in range(S.n_subs):
        key[n] = S.subs[i]
        n += 1
    return n


cdef void ev_consider(EvScan* S, EvReading* r, uint8_t* key, int n, int placed) noexcept nogil:
    """Score one reading and keep it if it ranks above the best so far: (value, tie-break: its fan, or the book's
    tie_break), then the first in the kernels' order (the smallest key).  A hand of the limit group is worth the
    cap outright (its first row of the group carries it, the others show 0, no other row counts), and so is one
    ``[scoring] cap_when`` holds for (its rows as counted); a reading the book refuses is left out."""
    cdef int64_t t[5]
    cdef int64_t value, tie, v, rank
    cdef int c, i, m = 0, limited = 0
    cdef uint8_t counted[EV_MAX_ROWS]
    cdef int64_t owed[4]
    cdef EvCtx x
    cdef const EvBook* b = S.b
    if ev_count_rows(S, r) != 0:
        S.status = ER_FALLBACK
        return
    if S.has_limit:
        for i in range(S.n_lines):
            if b.rows[S.lines[i].row * EVL_ROW + ERW_GROUP] == b.img[EH_LIMIT_GROUP]:
                S.lines[m] = S.lines[i]
                S.lines[m].times = 1
                S.lines[m].value = S.limit if m == 0 else 0
                m += 1
        if m:
            S.n_lines = m
            limited = 1
    if ev_totals(b, S.lines, S.n_lines, t) != 0:
        S.status = ER_FALLBACK
        return
    x.b = b
    x.h = S.h
    x.r = r
    x.counted = NULL
    x.n_counted = 0
    x.lines = S.lines
    x.n_lines = S.n_lines
    memset(x.scoring, 0, sizeof(x.scoring))
    if S.cap_when >= 0 and not limited:  # 腊子: worth the cap, its rows as counted (read as a row's names are)
        x.lines = NULL
        x.n_lines = 0
        if ev_run(&x, S.cap_when, &v) != 0:
            S.status = ER_FALLBACK
            return
        limited = v != 0
        x.lines = S.lines
        x.n_lines = S.n_lines
    if b.n_refusals:
        memset(counted, 0, b.n_rows)
        for i in range(S.n_lines):
            counted[S.lines[i].row] = 1
        x.counted = counted
        x.n_counted = S.n_lines
        for i in range(b.n_refusals):
            if ev_run(&x, b.refusals[i], &v) != 0:
                S.status = ER_FALLBACK
                return
            if v != 0:
                S.refused = 1
                return
        x.counted = NULL
        x.n_counted = 0
    if S.flat:  # the first reading (the smallest key) with a counted row of the flat group is the win, that row
        for i in range(S.n_lines):  # alone, whatever the others are worth
            if b.rows[S.lines[i].row * EVL_ROW + ERW_GROUP] == b.img[EH_FLAT_GROUP]:
                if S.flat_hit:
                    c = memcmp(key, S.best_key, n if n < S.best_key_len else S.best_key_len)
                    if c > 0 or (c == 0 and n >= S.best_key_len):
                        return
                S.flat_hit = 1
                S.have_best = 1
                memcpy(S.best_key, key, n)
                S.best_key_len = n
                S.res.n_lines = 1
                S.res.lines[0] = S.lines[i]
                S.res.lines[0].times = 1
                S.res.value = S.lines[i].value
                S.res.fan = 0
                memset(S.res.totals, 0, sizeof(S.res.totals))
                S.res.totals[3] = S.lines[i].value
                S.res.totals[4] = 1
                S.res.best = r[0]
                S.res.placed = placed
                S.res.flat = 1
                return
    if S.flat_hit:
        return  # (a flat win found: no other reading is kept)
    if limited and not S.by_payments:
        value = S.limit
    elif ev_hand_value(S, t, &value) != 0:
        S.status = ER_FALLBACK
        return
    if S.by_payments:  # (what the payers pay on its value, the scoring context's discarder; the first of equals)
        if ev_share_owed(b, S.h, value, S.lines, S.n_lines, t, -1 if r.self_drawn else S.h.discarder,
                         -1 if r.self_drawn else S.h.discarder, owed) != 0:
            S.status = ER_FALLBACK
            return
        rank = 0
        for i in range(4):
            if owed[i] >= 0:
                rank += owed[i]
        ev_keep(S, r, key, n, placed, rank, 0, value, t)
        return
    tie = t[0]
    if b.img[EH_TIE_BREAK] >= 0:
        memcpy(x.scoring, t, sizeof(t))  # (a tie-break of best = "total" reads the totals)
        if ev_run(&x, b.img[EH_TIE_BREAK], &tie) != 0:
            S.status = ER_FALLBACK
            return
    rank = value
    if S.by_total:  # (the total the reading would give: rounded up, held to the cap)
        if b.img[EH_ROUND_UP] > 0:
            rank = -ev_floordiv(-rank, b.img[EH_ROUND_UP]) * b.img[EH_ROUND_UP]
        if S.has_rank_cap and rank > S.rank_cap:
            rank = S.rank_cap
    ev_keep(S, r, key, n, placed, rank, tie, value, t)


cdef void ev_keep(EvScan* S, EvReading* r, uint8_t* key, int n, int placed, int64_t rank, int64_t tie,
                  int64_t value, const int64_t* t) noexcept nogil:
    """Keep the reading in S (its lines counted) if (rank, tie) is above the best so far, or equal to it and
    first in the kernels' order (the smallest key)."""
    cdef int c
    if S.have_best:
        if rank < S.best_rank[0] or (rank == S.best_rank[0] and tie < S.best_rank[1]):
            return
        if rank == S.best_rank[0] and tie == S.best_rank[1]:
            c = memcmp(key, S.best_key, n if n < S.best_key_len else S.best_key_len)
            if c > 0 or (c == 0 and n >= S.best_key_len):
                return
    S.have_best = 1
    S.best_rank[0] = rank
    S.best_rank[1] = tie
    memcpy(S.best_key, key, n)
    S.best_key_len = n
    S.res.value = value
    S.res.fan = t[0]
    memcpy(S.res.totals, t, 5 * sizeof(int64_t))
    S.res.n_lines = S.n_lines
    memcpy(S.res.lines, S.lines, S.n_lines * sizeof(EvLine))
    S.res.best = r[0]
    S.res.placed = placed


cdef int ev_chow_wait(int first, int win) noexcept nogil:
    """卡 (the middle tile), 边 (the 3 of 123, the 7 of 789) or 两头 (either end otherwise)."""
    if win == first + 1:
        return WAIT_CLOSED
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return WAIT_EDGE
    return WAIT_TWO_SIDED


cdef int ev_press(EvScan* S, EvReading* r) noexcept nogil:
    """The placed reading's 押 by the book's press (r.ya); -1 where the rule book raises."""
    cdef EvCtx x
    cdef int64_t v
    if S.b.img[EH_PRESS] < 0:
        return 0
    x.b = S.b
    x.h = S.h
    x.r = r
    x.counted = NULL
    x.n_counted = 0
    x.lines = NULL
    x.n_lines = 0
    if ev_run(&x, S.b.img[EH_PRESS], &v) != 0 or v > 2147483647 or v < -2147483647:
        return -1
    r.ya = <int>v
    return 0


cdef void ev_placements(EvScan* S, uint8_t* key, int n) noexcept nogil:
    """win_placements of the reading in S.cur: the reading once for each place the winning tile can take (each
    concealed set holding it, then the pair), the triplet it completes concealed only on a self-draw, its wait,
    its 押; a special form once (七对: a single wait).  A wildcard drawn as the winning tile takes each kind a
    wildcard stands for in the reading (ascending)."""
    cdef EvReading* base = &S.cur
    cdef EvReading* p = &S.place
    cdef int i, j, c, w, ordinal = 0, nk = 0
    cdef int kinds[8]
    if S.drawn:
        for i in range(base.n_subs):  # (ascending, with repeats)
            if nk == 0 or kinds[nk - 1] != base.subs[i]:
                kinds[nk] = base.subs[i]
                nk += 1
    elif S.h.win_tile >= 0:
        kinds[0] = S.h.win_tile
        nk = 1
    if nk == 0:
        return
    if base.form != FORM_REGULAR:
        p[0] = base[0]
        p.wait = WAIT_SINGLE if base.form == FORM_SEVEN_PAIRS else WAIT_NONE
        p.win_tile = kinds[0]
        p.win_set = -1
        key[n] = 0
        if ev_press(S, p) != 0:
            S.status = ER_FALLBACK
            return
        ev_consider(S, p, key, n + 1, 1)
        return
    for i in range(base.n_declared, base.n_sets):
        for c in range(nk):
            if S.status != ER_OK:
                return
            w = kinds[c]
            if base.tiles3[i][0] != w and base.tiles3[i][1] != w and base.tiles3[i][2] != w:
                continue
            p[0] = base[0]
            for j in range(base.n_declared, base.n_sets):
                if p.kind[j] != 0:
                    p.concealed[j] = base.self_drawn or j != i
            p.wait = WAIT_DUAL_PUNG if base.kind[i] != 0 else ev_chow_wait(base.tile[i], w)
            p.win_tile = w
            p.win_set = i
            key[n] = <uint8_t>ordinal
            ordinal += 1
            if ev_press(S, p) != 0:
                S.status = ER_FALLBACK
                return
            ev_consider(S, p, key, n + 1, 1)
    if base.pair < 0 or S.status != ER_OK:
        return
    for c in range(nk):
        if kinds[c] == base.pair:
            p[0] = base[0]
            for j in range(base.n_declared, base.n_sets):
                if p.kind[j] != 0 and not p.concealed[j]:
                    p.concealed[j] = 1
            p.wait = WAIT_SINGLE
            p.win_tile = base.pair
            p.win_set = -1
            key[n] = <uint8_t>ordinal
            if ev_press(S, p) != 0:
                S.status = ER_FALLBACK
                return
            ev_consider(S, p, key, n + 1, 1)


cdef void ev_take(EvScan* S) noexcept nogil:
    """Score the decomposition in S (one reading, or each place of its winning tile) against the best so far."""
    cdef uint8_t key[66]
    cdef int n
    if S.status != ER_OK:
        return
    if not ((S.b.forms >> S.form) & 1):
        return
    S.found += 1
    if S.found > EV_READING_LIMIT:
        S.status = ER_FALLBACK
        return
    ev_view(S, &S.cur)
    if S.status != ER_OK:
        return
    n = ev_key_of(S, key)
    if S.placing:
        ev_placements(S, key, n)
    else:
        ev_consider(S, &S.cur, key, n, 0)


cdef void ev_wild_list(EvScan* S) noexcept nogil:
    """S.subs: the wildcard substitutions, tgt - held per kind, ascending."""
    cdef int t, x
    S.n_subs = 0
    for t in range(34):
        for x in range(S.tgt[t] - S.hh[t]):
            if S.n_subs < 8:
                S.subs[S.n_subs] = t
                S.n_subs += 1


cdef inline void ev_add(EvScan* S, int t) noexcept nogil:
    if S.tgt[t] >= S.hh[t]:
        S.wild += 1
    S.tgt[t] += 1


cdef inline void ev_remove(EvScan* S, int t) noexcept nogil:
    S.tgt[t] -= 1
    if S.tgt[t] >= S.hh[t]:
        S.wild -= 1


cdef void ev_dfs(EvScan* S, int start, int depth, int left) noexcept nogil:
    """decompose.pxi's regular search (_Search.dfs) without Python objects: each reading scored as found."""
    cdef int j, low = 34, i, a, b_, c
    cdef uint8_t (*shapes)[3]
    if S.shapes_seq:
        shapes = WITHSEQ
    else:
        shapes = PLAIN
    S.work += 1
    if S.work > EV_WORK_LIMIT:
        S.status = ER_FALLBACK
    if S.status != ER_OK:
        return
    if left == 0:
        for i in range(34):
            if S.tgt[i] < S.hh[i]:
                return
        S.form = FORM_REGULAR
        S.n_melds = depth
        for i in range(depth):
            S.melds[i][0] = shapes[S.chosen[i]][0]
            S.melds[i][1] = shapes[S.chosen[i]][1]
            S.melds[i][2] = shapes[S.chosen[i]][2]
        S.n_pairs = 1
        S.pairs[0] = S.pair
        S.n_singles = 0
        ev_wild_list(S)
        ev_take(S)
        return
    for i in range(34):
        if S.tgt[i] < S.hh[i]:
            low = i
            break
    for j in range(start, S.n_shapes):
        a = shapes[j][0]
        b_ = shapes[j][1]
        c = shapes[j][2]
        if a > low or S.status != ER_OK:
            break
        if not (S.allowed[a] and S.allowed[b_] and S.allowed[c]):
            continue
        ev_add(S, a)
        ev_add(S, b_)
        ev_add(S, c)
        if S.wild <= S.k and S.tgt[a] <= 4 and S.tgt[b_] <= 4 and S.tgt[c] <= 4:
            S.chosen[depth] = j
            ev_dfs(S, j, depth + 1, left - 1)
        ev_remove(S, a)
        ev_remove(S, b_)
        ev_remove(S, c)


cdef void ev_regular(EvScan* S, int skip) noexcept nogil:
    """bounded_regular_readings(h, k, CAPS4, flags, skip)."""
    cdef int t, c = 0, p
    cdef uint32_t flags = S.b.rule_flags
    for t in range(34):
        c += S.hh[t]
        S.allowed[t] = kind_allowed(t, flags) and not (skip >= 0 and skip * 9 <= t < skip * 9 + 9)
        if S.hh[t] and not S.allowed[t]:
            return
        S.tgt[t] = 0
    S.shapes_seq = (flags & F_HONOR_SEQUENCES) != 0
    S.n_shapes = N_WITHSEQ if S.shapes_seq else N_PLAIN
    S.wild = 0
    if (c + S.k - 2) % 3 or c + S.k < 2 or (c + S.k - 2) // 3 > EV_MAX_SETS:
        return
    for p in range(34):
        if not S.allowed[p]:
            continue
        S.pair = p
        ev_add(S, p)
        ev_add(S, p)
        if S.wild <= S.k and S.status == ER_OK:
            ev_dfs(S, 0, 0, (c + S.k - 2) // 3)
        ev_remove(S, p)
        ev_remove(S, p)


cdef void ev_pairs_pick(EvScan* S, const int* kinds, int n_kinds, int at, int left, int repeat) noexcept nogil:
    """seven_pairs_readings' choice of the wildcard pairs: ``left`` more pairs among kinds[at:] (with repeats when
    a quad counts as two pairs)."""
    cdef int i, t, x
    S.work += 1
    if S.work > EV_WORK_LIMIT:
        S.status = ER_FALLBACK
    if S.status != ER_OK:
        return
    if left == 0:
        for t in range(34):
            if S.tgt[t] > 4:
                return
        S.form = FORM_SEVEN_PAIRS
        S.n_melds = 0
        S.n_pairs = 0
        for t in range(34):
            for x in range(S.tgt[t] // 2):
                if S.n_pairs < 8:
                    S.pairs[S.n_pairs] = t
                    S.n_pairs += 1
        S.n_singles = 0
        ev_wild_list(S)
        ev_take(S)
        return
    for i in range(at, n_kinds):
        t = kinds[i]
        S.tgt[t] += 2
        ev_pairs_pick(S, kinds, n_kinds, i if repeat else i + 1, left - 1, repeat)
        S.tgt[t] -= 2


cdef void ev_seven_pairs(EvScan* S, int skip) noexcept nogil:
    cdef int t, odd = 0, total_base = 0, left, n = 0
    cdef int kinds[34]
    cdef uint32_t flags = S.b.rule_flags
    cdef int quad = (flags & F_SEVEN_PAIRS_QUAD_AS_TWO) != 0
    cdef uint8_t base[34]
    for t in range(34):
        if kind_allowed(t, flags) and not (skip >= 0 and skip * 9 <= t < skip * 9 + 9):
            S.allowed[t] = 1
        else:
            S.allowed[t] = 0
            if S.hh[t]:
                return
        base[t] = S.hh[t] + (S.hh[t] & 1)
        if base[t] > 4 or (not quad and base[t] > 2):
            return
        odd += S.hh[t] & 1
        total_base += base[t]
    if odd > S.k or (S.k - odd) % 2:
        return
    left = (14 - total_base) // 2
    if left < 0:
        return
    for t in range(34):
        if S.allowed[t] and (quad or base[t] == 0):
            kinds[n] = t
            n += 1
        S.tgt[t] = base[t]
    ev_pairs_pick(S, kinds, n, 0, left, quad)


cdef void ev_orphans(EvScan* S) noexcept nogil:
    cdef int i, j, t, ok
    for i in range(13):
        memset(S.tgt, 0, 34)
        for j in range(13):
            S.tgt[ORPHAN_IDS[j]] = 1
        S.tgt[ORPHAN_IDS[i]] = 2
        ok = 1
        for t in range(34):
            if S.tgt[t] < S.hh[t]:
                ok = 0
        if ok:
            S.form = FORM_THIRTEEN_ORPHANS
            S.n_melds = 0
            S.n_pairs = 1
            S.pairs[0] = ORPHAN_IDS[i]
            S.n_singles = 0
            for j in range(13):
                if j != i:
                    S.singles[S.n_singles] = ORPHAN_IDS[j]
                    S.n_singles += 1
            ev_wild_list(S)
            ev_take(S)


cdef void ev_singles_take(EvScan* S, int form, const uint8_t* held, const uint8_t* chosen) noexcept nogil:
    """A reading of 14 single tiles (全不靠, 十三烂): chosen[t] marks each, the wildcards those not held."""
    cdef int t
    S.form = form
    S.n_melds = 0
    S.n_pairs = 0
    S.n_singles = 0
    S.n_subs = 0
    for t in range(34):
        if chosen[t]:
            if S.n_singles < 14:
                S.singles[S.n_singles] = t
                S.n_singles += 1
            if not held[t] and S.n_subs < 8:
                S.subs[S.n_subs] = t
                S.n_subs += 1
    ev_take(S)


cdef void ev_knitted(EvScan* S) noexcept nogil:
    """honors_knitted_readings: each knitted permutation's 16 tiles, two free ones left out."""
    cdef int perm, j, rank, t, a, b_, ok
    cdef uint8_t pool[34]
    cdef uint8_t chosen[34]
    for perm in range(6):
        memset(pool, 0, 34)
        for j in range(3):
            for rank in range(j, 9, 3):
                pool[KNIT_PERM[perm][j] * 9 + rank] = 1
        for t in range(27, 34):
            pool[t] = 1
        ok = 1
        for t in range(34):
            if S.hh[t] > 1 or (S.hh[t] and not pool[t]):
                ok = 0
        if not ok:
            continue
        for a in range(34):
            if not pool[a] or S.hh[a]:
                continue
            for b_ in range(a + 1, 34):
                if not pool[b_] or S.hh[b_] or S.status != ER_OK:
                    continue
                memcpy(chosen, pool, 34)
                chosen[a] = 0
                chosen[b_] = 0
                ev_singles_take(S, FORM_HONORS_AND_KNITTED, S.hh, chosen)


cdef void ev_lan_honors(EvScan* S, uint8_t* chosen, int t, int need) noexcept nogil:
    """十三烂's honors: the held ones and ``need`` more of the free ones (combinations from tile t on)."""
    if S.status != ER_OK:
        return
    S.work += 1
    if S.work > EV_WORK_LIMIT:
        S.status = ER_FALLBACK
        return
    if need == 0:
        ev_singles_take(S, FORM_THIRTEEN_LAN, S.hh, chosen)
        return
    while t < 34:
        if not S.hh[t]:
            chosen[t] = 1
            ev_lan_honors(S, chosen, t + 1, need - 1)
            chosen[t] = 0
        t += 1


cdef void ev_lan(EvScan* S) noexcept nogil:
    """lan_readings: in each suit a spaced set (gaps >= 3) holding the suit's tiles, then the honors."""
    cdef int s, r, t, i, a, b_, c, nh, real_h = 0, free_h = 0, held, size
    cdef int fits[3][64]
    cdef int n_fits[3]
    cdef uint8_t chosen[34]
    for s in range(3):
        held = 0
        for r in range(9):
            if S.hh[9 * s + r] > 1:
                return
            if S.hh[9 * s + r]:
                held |= 1 << r
        n_fits[s] = 0
        for i in range(N_LAN_SETS):
            if (LAN_SETS[i] & held) == held:
                fits[s][n_fits[s]] = LAN_SETS[i]
                n_fits[s] += 1
        if not n_fits[s]:
            return
    for t in range(27, 34):
        if S.hh[t] > 1:
            return
        if S.hh[t]:
            real_h += 1
        else:
            free_h += 1
    for a in range(n_fits[0]):
        for b_ in range(n_fits[1]):
            for c in range(n_fits[2]):
                size = ev_popcount9(fits[0][a]) + ev_popcount9(fits[1][b_]) + ev_popcount9(fits[2][c])
                nh = 14 - size
                if nh > 7 or nh < real_h:
                    continue
                memset(chosen, 0, 34)
                for r in range(9):
                    chosen[r] = (fits[0][a] >> r) & 1
                    chosen[9 + r] = (fits[1][b_] >> r) & 1
                    chosen[18 + r] = (fits[2][c] >> r) & 1
                for t in range(27, 34):
                    chosen[t] = S.hh[t] != 0
                ev_lan_honors(S, chosen, 27, nh - real_h)


cdef inline int ev_popcount9(int m) noexcept nogil:
    cdef int n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


cdef int ORPHAN_IDS[13]
cdef int LAN_SETS[64]
cdef int N_LAN_SETS = 0


cdef void ev_init_tables() noexcept nogil:
    cdef int i = 0, a, b_, c
    global N_LAN_SETS
    for a in range(34):
        if ev_terminal_or_honor(a):  # the thirteen orphans, in tile order
            ORPHAN_IDS[i] = a
            i += 1
    N_LAN_SETS = 1
    LAN_SETS[0] = 0
    for a in range(9):
        LAN_SETS[N_LAN_SETS] = 1 << a
        N_LAN_SETS += 1
        for b_ in range(a + 3, 9):
            LAN_SETS[N_LAN_SETS] = (1 << a) | (1 << b_)
            N_LAN_SETS += 1
            for c in range(b_ + 3, 9):
                LAN_SETS[N_LAN_SETS] = (1 << a) | (1 << b_) | (1 << c)
                N_LAN_SETS += 1


ev_init_tables()


cdef int ev_skips(const uint8_t* h, uint32_t flags, int* out) noexcept nogil:
    """skip_choices: the suits that may be the lacked one (the empty ones) under lack_a_suit, else -1 alone."""
    cdef int s, t, n = 0, empty
    if not (flags & F_LACK_A_SUIT):
        out[0] = -1
        return 1
    for s in range(3):
        empty = 1
        for t in range(9 * s, 9 * s + 9):
            if h[t]:
                empty = 0
        if empty:
            out[n] = s
            n += 1
    return n


# ---- one hand -------------------------------------------------------------------------------------------------------

cdef void ev_plain(EvCtx* x, const EvBook* b, const EvHand* h) noexcept nogil:
    x.b = b
    x.h = h
    x.r = NULL
    x.counted = NULL
    x.n_counted = 0
    x.lines = NULL
    x.n_lines = 0
    memset(x.scoring, 0, sizeof(x.scoring))
    x.scoring[4] = 1


cdef inline int img_discarded_plain(const EvBook* b) noexcept nogil:
    """[wildcards] discarded_plain under the options: -1 no such key, 0 false, 1 true."""
    return b.img[EH_DISCARDED_PLAIN]


cdef int ev_score(const EvBook* b, const EvHand* h0, EvResult* res) noexcept nogil:
    """Score a checked hand by the book (BookRuleSet.score once its checks have passed): res filled, and its
    status returned (ER_OK, ER_NO_WIN: no reading of the book's forms, ER_FALLBACK: ask the rule book)."""
    cdef EvHand h = h0[0]
    cdef EvScan S
    cdef EvCtx x
    cdef uint8_t hbuf[HBUF]
    cdef int i, t, total = 0, n_skips, suits = 0, src, plain_win = 0, wild_win
    cdef int skips[3]
    cdef int64_t v, cap
    res.status = ER_FALLBACK
    res.n_lines = 0
    res.flat = 0
    if h.k < 0 or h.k > b.max_wildcards or h.n_melds < 0 or h.n_melds > EV_MAX_MELDS:
        return ER_FALLBACK
    # [wildcards] discarded_plain: a wildcard won on a discard (a kong robbed as a self-draw is none) is a plain
    # tile of its kind where it holds: taken out of the wildcards and read as a real tile
    wild_win = 0 <= h.win_tile < 34 and ((h.wild_kinds >> h.win_tile) & 1) != 0
    if wild_win and img_discarded_plain(b) == 1 and h.discarder >= 0 \
            and not (h.robbing and (b.flags & EVF_ROBBING_AS_SELF_DRAW)):
        if h.k < 1 or h.wild_held[h.win_tile] < 1:
            return ER_FALLBACK  # (the winning wildcard is not among the concealed tiles: the rule book raises)
        h.k -= 1
        h.wild_held[h.win_tile] -= 1
        h.wild_tiles -= 1
        h.counts[h.win_tile] += 1
        plain_win = 1
    # the hand as the kernels take it
    if h.n_flowers and not (b.flags & EVF_FLOWERS):
        return ER_FALLBACK  # (flowers are no tiles of this book: the rule book refuses the hand)
    memset(hbuf, 0, HBUF)
    for t in range(34):
        if h.counts[t] > 4 or (t >= 27 and h.counts[t] and (b.rule_flags & F_NO_HONORS)):
            return ER_FALLBACK
        hbuf[t] = h.counts[t]
        total += h.counts[t]
    total += h.k
    if total % 3 != 2 or total > b.rule_hand_size + 1:
        return ER_FALLBACK
    # 抢杠 scored as a self-draw: the scoring context has no discarder and no robbing (the konger still pays)
    if h.robbing and (b.flags & EVF_ROBBING_AS_SELF_DRAW):
        for i in range(b.n_facts):
            src = b.facts[i * EVL_FACT + EFA_SOURCE]
            if src == FS_DISCARDER:
                h.facts[i] = EVL_ABSENT
            elif src == FS_SELF_DRAWN:
                h.facts[i] = 1
            elif src == FS_ROBBING_KONG:
                h.facts[i] = 0
    ev_plain(&x, b, &h)
    for i in range(b.n_checks):
        if ev_run(&x, b.checks[i], &v) != 0 or v != 0:
            return ER_FALLBACK  # (a check holds: the rule book raises its error)
    memset(&S, 0, sizeof(EvScan))
    S.b = b
    S.h = &h
    S.res = res
    S.status = ER_OK
    S.single_wait = -1
    S.fan_cap = -1
    S.plain_win = plain_win
    if b.img[EH_PLACEMENTS] >= 0:  # each reading at every place of the winning tile
        if ev_run(&x, b.img[EH_PLACEMENTS], &v) != 0:
            return ER_FALLBACK
        S.placing = v != 0
        if S.placing and b.img[EH_DRAWN_WIN] >= 0:  # (the winning tile is a wildcard drawn)
            v = h.facts[b.img[EH_DRAWN_WIN]]
            S.drawn = v != 0 and v != EVL_ABSENT
        if S.placing and wild_win and img_discarded_plain(b) >= 0:
            S.drawn = not plain_win  # (a winning wildcard not plain stands for any tile: placed at each kind)
        if S.placing and h.win_tile < 0 and not S.drawn:
            return ER_FALLBACK  # (no winning tile to place: the rule book raises)
    if b.img[EH_LIMIT_GROUP] >= 0 and b.img[EH_CAP] >= 0:  # (hands worth the cap outright)
        if ev_run(&x, b.img[EH_CAP], &S.limit) != 0:
            return ER_FALLBACK
        S.has_limit = 1
    S.by_payments = b.img[EH_BEST] == BEST_PAYMENTS
    if b.img[EH_FLAT_GROUP] >= 0:  # (flat wins, while flat_when holds)
        if ev_prog(&x, b.img[EH_FLAT_WHEN], 1, &v) != 0:
            return ER_FALLBACK
        S.flat = v != 0
    S.cap_when = -1
    if b.img[EH_CAP_WHEN] >= 0 and b.img[EH_CAP] >= 0:  # (腊子: readings worth the cap by an expression)
        if not S.has_limit and ev_run(&x, b.img[EH_CAP], &S.limit) != 0:
            return ER_FALLBACK
        S.cap_when = b.img[EH_CAP_WHEN]
    if b.img[EH_BEST] == BEST_TOTAL:  # (readings ranked by their total: the cap it is held to)
        S.by_total = 1
        if b.img[EH_CAP] >= 0:
            if ev_run(&x, b.img[EH_CAP], &S.rank_cap) != 0:
                return ER_FALLBACK
            S.has_rank_cap = 1
    if b.aggregation != AGG_FORMULA:
        if ev_prog(&x, b.img[EH_BASE], 1, &S.base) != 0 or ev_prog(&x, b.img[EH_OFFSET], 1, &S.offset) != 0:
            return ER_FALLBACK
        if b.aggregation == AGG_POWERS and b.img[EH_FAN_CAP] >= 0:
            if ev_run(&x, b.img[EH_FAN_CAP], &S.fan_cap) != 0:
                return ER_FALLBACK
            if S.fan_cap == -1:
                return ER_FALLBACK  # (-1 means no cap here: a cap of -1 goes to the rule book)
    # 缺一门: a winning hand holds at most two suits (declared melds included, wildcards left out)
    if b.flags & EVF_LACK_A_SUIT:
        for t in range(27):
            if h.counts[t] and not ((h.wild_kinds >> t) & 1):
                suits |= 1 << (t // 9)
        for i in range(h.n_melds):
            for t in range(3):
                if h.meld_tiles[i][t] < 27 and not ((h.wild_kinds >> h.meld_tiles[i][t]) & 1):
                    suits |= 1 << (h.meld_tiles[i][t] // 9)
        if suits == 7:
            res.status = ER_NO_WIN
            return ER_NO_WIN
    if not win_k(hbuf, h.k, total, b.rule_hand_size, b.rule_flags):
        res.status = ER_NO_WIN
        return ER_NO_WIN
    memcpy(S.hh, h.counts, 34)
    S.k = h.k
    n_skips = ev_skips(S.hh, b.rule_flags, skips)
    if b.forms & (1 << FORM_REGULAR):
        for i in range(n_skips):
            ev_regular(&S, skips[i])
    if concealed_specials(total, b.rule_hand_size) and total == 14:
        if (b.rule_flags & F_SEVEN_PAIRS) and (b.forms & (1 << FORM_SEVEN_PAIRS)):
            for i in range(n_skips):
                ev_seven_pairs(&S, skips[i])
        if not (b.rule_flags & F_LACK_A_SUIT):
            if (b.rule_flags & F_THIRTEEN_ORPHANS) and (b.forms & (1 << FORM_THIRTEEN_ORPHANS)):
                ev_orphans(&S)
            if (b.rule_flags & F_KNITTED) and (b.forms & (1 << FORM_HONORS_AND_KNITTED)):
                ev_knitted(&S)
            if (b.rule_flags & F_THIRTEEN_LAN) and (b.forms & (1 << FORM_THIRTEEN_LAN)):
                ev_lan(&S)
    if S.status != ER_OK:
        return ER_FALLBACK
    if not S.have_best:
        res.status = ER_NO_WIN
        return ER_NO_WIN
    if res.flat:
        if ev_flat_finish(b, &h, res) != 0:
            return ER_FALLBACK
    elif ev_finish(b, &h, res) != 0:
        return ER_FALLBACK
    res.status = ER_OK
    return ER_OK


cdef int ev_finish(const EvBook* b, const EvHand* h, EvResult* res) noexcept nogil:
    """The best reading's other names, rounding, cap, validity, points and payments; -1 where the rule book
    raises."""
    cdef EvCtx x, rx, mx
    cdef EvReading one
    cdef uint8_t counted[EV_MAX_ROWS]
    cdef int i, p, winner = h.winner, dealer = h.dealer, discarder, self_drawn = res.best.self_drawn
    cdef int64_t v, total, cap, points, all_pay, for_all, doubles, bonus, pay_cap, dealer_bonus, alone, share, sum_
    cdef int64_t factor = 1
    cdef int payers[4]
    cdef int64_t birds[4]
    cdef int64_t by_payer[4]
    cdef int64_t bird_share = 0
    cdef int n_payers = 0, seats_mask
    cdef const int32_t* img = b.img
    ev_plain(&x, b, h)
    x.lines = res.lines  # (the payment reads group_value of the counted rows)
    x.n_lines = res.n_lines
    rx = x
    for i in range(res.n_lines):
        p = b.rows[res.lines[i].row * EVL_ROW + ERW_RENAME]
        res.renamed[i] = 0
        if p >= 0:
            if res.lines[i].set >= 0:  # (a line counted on one set: its other name is read on that set)
                ev_set_view(&res.best, res.lines[i].set, &one)
                rx.r = &one
            else:
                rx.r = &res.best
            if ev_run(&rx, p, &v) != 0:
                return -1
            res.renamed[i] = v != 0
    rx.r = &res.best  # (what follows reads the whole reading)
    total = res.value
    if img[EH_ROUND_UP] > 0:
        total = -ev_floordiv(-total, img[EH_ROUND_UP]) * img[EH_ROUND_UP]
    if img[EH_CAP] >= 0:
        if ev_run(&x, img[EH_CAP], &cap) != 0:
            return -1
        if total > cap:
            total = cap
    res.total = total
    res.invalid = 0
    memset(counted, 0, b.n_rows)
    for i in range(res.n_lines):
        counted[res.lines[i].row] = 1
    rx.counted = counted
    rx.n_counted = res.n_lines
    res.compared = 0
    if ev_prog(&x, img[EH_SELF_DRAW_ONLY], 0, &v) != 0:
        return -1
    if v != 0 and not self_drawn:
        res.invalid = 1
    else:
        if img[EH_REQUIRES] >= 0:
            rx.lines = NULL  # (the win rule reads row_KEY and counted, not group_value)
            rx.n_lines = 0
            if ev_run(&rx, img[EH_REQUIRES], &v) != 0:
                return -1
            if v == 0:
                res.invalid = 2
        if res.invalid == 0:
            if ev_prog(&x, img[EH_MINIMUM], 0, &v) != 0:
                return -1
            res.compared = total
            if img[EH_MINIMUM_OF] >= 0:  # (what the minimum is compared with, on the best reading)
                mx = x
                mx.r = &res.best
                memcpy(mx.scoring, res.totals, sizeof(res.totals))  # (fan hu tai pt x, and the value)
                mx.scoring[ESC_VALUE] = res.value
                if ev_run(&mx, img[EH_MINIMUM_OF], &res.compared) != 0:
                    return -1
            if res.compared < v:
                res.invalid = 3
    x.scoring[5] = total
    if ev_prog(&x, img[EH_POINTS], total, &points) != 0:
        return -1
    res.points = points
    if img[EH_SHARES]:  # paid by shares: the paying context's discarder, the scoring context's for the bonuses
        for i in range(4):
            res.owed[i] = -1
            res.pay[i] = 0
        if res.invalid == 0:
            if ev_share_owed(b, h, total, res.lines, res.n_lines, res.totals, h.discarder,
                             -1 if self_drawn else h.discarder, res.owed) != 0:
                return -1
            for p in range(4):
                if res.owed[p] >= 0:
                    if p == winner:
                        return -1
                    res.pay[p] -= res.owed[p]
                    res.pay[winner] += res.owed[p]
        ev_settle_holdings(b, h, res)
        return ev_details(b, &rx, res)
    # the payment rule (worked out for an invalid win too, as the rule book does)
    if ev_prog(&x, img[EH_ALL_PAY_ON_DISCARD], 0, &all_pay) != 0 \
            or ev_prog(&x, img[EH_DISCARDER_PAYS_FOR_ALL], 0, &for_all) != 0 \
            or ev_prog(&x, img[EH_DEALER_DOUBLES], 0, &doubles) != 0 or ev_prog(&x, img[EH_BONUS], 0, &bonus) != 0 \
            or ev_prog(&x, img[EH_DEALER_BONUS], 0, &dealer_bonus) != 0 \
            or ev_prog(&x, img[EH_DEALER_FACTOR], 1, &factor) != 0:
        return -1
    if doubles and ev_mul(factor, 2, &factor) != 0:
        return -1
    pay_cap = -1
    if img[EH_PAY_CAP] >= 0 and ev_run(&x, img[EH_PAY_CAP], &pay_cap) != 0:
        return -1
    seats_mask = 15 if b.players == 4 else 3
    if img[EH_NOT_PAYING] >= 0:
        v = h.facts[img[EH_NOT_PAYING]]
        if v == EVL_ABSENT:
            return -1
        seats_mask &= ~<int>(v & 15)
    discarder = h.discarder
    if discarder < 0:
        if ev_prog(&x, img[EH_SELF_DRAW_PAYER], -1, &alone) != 0:
            return -1
        if alone >= 4:
            return -1
        discarder = <int>alone if alone >= 0 else -1
    if img[EH_PAYER] >= 0:  # a seat that alone pays the win, whoever discarded
        if ev_run(&x, img[EH_PAYER], &alone) != 0 or alone >= 4:
            return -1
        if alone >= 0:
            discarder = <int>alone
    for i in range(4):
        res.owed[i] = -1
        res.pay[i] = 0
        birds[i] = 0
        by_payer[i] = 0
    if img[EH_BIRD_SEATS] >= 0 and h.facts[img[EH_BIRD_SEATS]] != EVL_ABSENT:
        # 扎鸟: each payer adds a share for every bird on the winner and every bird on itself
        v = h.facts[img[EH_BIRD_SEATS]]
        if ev_prog(&x, img[EH_BIRD_SHARE], 0, &bird_share) != 0:
            return -1
        for i in range(4):
            birds[i] = (v >> (16 * i)) & 0xFFFF
        for i in range(4):
            if ev_mul(bird_share, birds[winner] + birds[i], &v) != 0:
                return -1
            by_payer[i] = v
    if res.invalid:
        return ev_details(b, &rx, res)
    if discarder < 0 or all_pay or for_all:
        for p in range(4):
            if (seats_mask >> p) & 1 and p != winner:
                payers[n_payers] = p
                n_payers += 1
    else:
        payers[0] = discarder
        n_payers = 1
    for i in range(n_payers):
        p = payers[i]
        share = points
        if (dealer == p or dealer == winner) and ev_mul(share, factor, &share) != 0:
            return -1
        share += bonus + by_payer[p]
        if dealer == p or dealer == winner:
            share += dealer_bonus
        if img[EH_PAY_CAP] >= 0 and share > pay_cap:
            share = pay_cap
        if ev_big(share):
            return -1
        res.owed[p] = share
    if discarder >= 0 and for_all and not all_pay:
        sum_ = 0
        for p in range(4):
            if res.owed[p] >= 0:
                sum_ += res.owed[p]
                res.owed[p] = -1
        res.owed[discarder] = sum_
    for p in range(4):
        if res.owed[p] >= 0:
            if p == winner:
                return -1  # (the winner would pay itself: the rule book raises)
            res.pay[p] -= res.owed[p]
            res.pay[winner] += res.owed[p]
    if img[EH_BETWEEN_LOSERS] >= 0 and h.facts[img[EH_BETWEEN_LOSERS]] != EVL_ABSENT:
        ev_between_losers(h.facts[img[EH_BETWEEN_LOSERS]], 15 if b.players == 4 else 3, winner, res)
    return ev_details(b, &rx, res)


# the payment by shares ([payment.shares], [[payment.bonuses]]) and flat wins ([scoring] flat_group) ------------------

cdef int ev_share_owed(const EvBook* b, const EvHand* h, int64_t value, const EvLine* lines, int n_lines,
                       const int64_t* t, int discarder, int bonus_discarder, int64_t* owed) noexcept nogil:
    """strategies.share_payments: each payer's shares (on a self-draw, from ``discarder``, from the others) × unit ×
    ``value``, doubled for the dealer, plus the bonuses on the counted ``lines`` (totals ``t``; added by
    ``bonus_discarder`` alone, the scoring context's, or by every payer), held to the cap; the discarder may pay
    for all.  owed[p] = -1: p does not pay.  -1 where the rule book raises, a value passes the limit, or an amount
    is below 0 (the rule book takes it)."""
    cdef EvCtx x
    cdef uint8_t counted[EV_MAX_ROWS]
    cdef int64_t own_self, own_discarder, own_others, unit, for_all, cap = 0, v, share, amount, sum_
    cdef int64_t extra[4]
    cdef int i, p, who, winner = h.winner, dealer = h.dealer, doubling = b.img[EH_SHARE_DOUBLING]
    cdef int seats_mask = 15 if b.players == 4 else 3
    cdef const int32_t* img = b.img
    if doubling < 0:
        return -1  # (a dealer doubling the rule book does not know: it raises)
    ev_plain(&x, b, h)
    if ev_prog(&x, img[EH_SHARE_SELF_DRAW], 1, &own_self) != 0 \
            or ev_prog(&x, img[EH_SHARE_DISCARDER], 1, &own_discarder) != 0 \
            or ev_prog(&x, img[EH_SHARE_OTHERS], 0, &own_others) != 0 \
            or ev_prog(&x, img[EH_SHARE_UNIT], 1, &unit) != 0 \
            or ev_prog(&x, img[EH_SHARE_PAYS_FOR_ALL], 0, &for_all) != 0:
        return -1
    if img[EH_SHARE_CAP] >= 0 and ev_run(&x, img[EH_SHARE_CAP], &cap) != 0:
        return -1
    for p in range(4):
        extra[p] = 0
        owed[p] = -1
    if b.n_bonuses:
        memset(counted, 0, b.n_rows)
        for i in range(n_lines):
            counted[lines[i].row] = 1
        x.counted = counted
        x.n_counted = n_lines
        x.scoring[ESC_PT] = t[3]
        x.scoring[ESC_X] = t[4]
        for i in range(b.n_bonuses):
            if ev_run(&x, b.bonuses[2 * i], &v) != 0:
                return -1
            if v == 0:
                continue
            who = b.bonuses[2 * i + 1]
            if who < 0:
                return -1  # (added by a party the rule book does not know: it raises)
            for p in range(4):
                if (seats_mask >> p) & 1 and p != winner and (bonus_discarder < 0 or who == BPY_ALL
                                                              or p == bonus_discarder):
                    extra[p] += v
                    if ev_big(extra[p]):
                        return -1
    for p in range(4):
        if not (seats_mask >> p) & 1 or p == winner:
            continue
        if discarder < 0:
            share = own_self
        elif p == discarder:
            share = own_discarder
        elif own_others:
            share = own_others
        else:
            continue
        if ev_mul(share, unit, &amount) != 0 or ev_mul(amount, value, &amount) != 0:
            return -1
        if doubling == DBL_PAYER_OR_WINNER and (dealer == p or dealer == winner):
            if ev_mul(amount, 2, &amount) != 0:
                return -1
        elif doubling == DBL_WINNER_OR_DISCARDER:
            if winner == dealer and ev_mul(amount, 2, &amount) != 0:
                return -1
            if p == dealer and dealer == discarder and ev_mul(amount, 2, &amount) != 0:
                return -1
        amount += extra[p]
        if img[EH_SHARE_CAP] >= 0 and amount > cap:
            amount = cap
        if ev_big(amount) or amount < 0:
            return -1
        owed[p] = amount
    if for_all and discarder >= 0:
        sum_ = 0
        for p in range(4):
            if owed[p] >= 0:
                sum_ += owed[p]
                owed[p] = -1
        if ev_big(sum_):
            return -1
        owed[discarder] = sum_
    return 0


cdef int ev_flat_finish(const EvBook* b, const EvHand* h, EvResult* res) noexcept nogil:
    """A flat win: its one line (its other name read), its value paid by every other seat; nothing else is read
    (no rounding, cap, validity or details).  -1 where the rule book raises or the value is below 0."""
    cdef EvCtx x
    cdef EvReading one
    cdef int p, winner = h.winner
    cdef int64_t v, value = res.value
    cdef int seats_mask = 15 if b.players == 4 else 3
    if value < 0:
        return -1
    ev_plain(&x, b, h)
    res.renamed[0] = 0
    p = b.rows[res.lines[0].row * EVL_ROW + ERW_RENAME]
    if p >= 0:
        if res.lines[0].set >= 0:
            ev_set_view(&res.best, res.lines[0].set, &one)
            x.r = &one
        else:
            x.r = &res.best
        if ev_run(&x, p, &v) != 0:
            return -1
        res.renamed[0] = v != 0
    res.total = value
    res.invalid = 0
    res.compared = 0
    res.points = value
    res.n_details = 0
    for p in range(4):
        res.owed[p] = -1
        res.pay[p] = 0
    for p in range(4):
        if (seats_mask >> p) & 1 and p != winner:
            res.owed[p] = value
            res.pay[p] -= value
            res.pay[winner] += value
    ev_settle_holdings(b, h, res)
    return 0


cdef void ev_settle_holdings(const EvBook* b, const EvHand* h, EvResult* res) noexcept nogil:
    """南昌 算精 with a win paid by shares or flat: each seat's points for the wildcards it holds (a per-seat fact,
    16 bits a seat) settled between every pair of seats: seat s gains the sum of its points less each other's."""
    cdef int s, o, slot = b.img[EH_HOLDING_POINTS]
    cdef int64_t packed
    if slot < 0 or h.facts[slot] == EVL_ABSENT:
        return
    packed = h.facts[slot]
    for s in range(4):
        for o in range(4):
            if o != s:
                res.pay[s] += ((packed >> (16 * s)) & 0xFFFF) - ((packed >> (16 * o)) & 0xFFFF)


# 输家互算 ([payment] between_losers: Yuhuan's losers) ------------------------------------------------------------

cdef void ev_between_losers(int64_t packed, int seats_mask, int winner, EvResult* res) noexcept nogil:
    """Every pair of the seats other than the winner settles the difference of their values (``packed``: four
    16-bit values, seat i's at bit 16 i), the smaller paying the larger: each loser gains the sum of its value less
    each other loser's (the values are under 2^16, so no sum comes near the limit)."""
    cdef int s, o
    cdef int64_t vs, vo
    for s in range(4):
        if not (seats_mask >> s) & 1 or s == winner:
            continue
        vs = (packed >> (16 * s)) & 0xFFFF
        for o in range(4):
            if (seats_mask >> o) & 1 and o != winner and o != s:
                vo = (packed >> (16 * o)) & 0xFFFF
                res.pay[s] += vs - vo


cdef int ev_details(const EvBook* b, EvCtx* rx, EvResult* res) noexcept nogil:
    """The book's [[details]] on the best reading, its counted rows and the total."""
    cdef int i
    rx.lines = res.lines
    rx.n_lines = res.n_lines
    memcpy(rx.scoring, res.totals, sizeof(res.totals))  # (fan hu tai pt x, the total, the value)
    rx.scoring[ESC_TOTAL] = res.total
    rx.scoring[ESC_VALUE] = res.value
    res.n_details = b.n_details
    for i in range(b.n_details):
        if ev_run(rx, b.details[i], &res.details[i]) != 0:
            return -1
    return 0


# ---- the Python face: mahjong._core.CompiledBook ------------------------------------------------------------------

EVAL_MAGIC = EVL_MAGIC


cdef class CompiledBook:
    """A compiled rule book loaded into the evaluator (``image``: the ints mahjong.rulebook.compiler made; checked
    here once).  :meth:`score` scores one hand; the hand core reads the book through it (GameCore.decide_book)."""

    cdef int32_t* data
    cdef EvBook b
    cdef readonly int n_facts
    cdef readonly tuple image

    def __cinit__(self, image):
        cdef Py_ssize_t i, n
        vals = [int(v) for v in image]
        self.image = tuple(vals)
        n = len(vals)
        if n < EVL_HEADER or n > (1 << 22):
            raise ValueError("not a compiled rule book (its size)")
        for v in vals:
            if not -(1 << 31) <= v < (1 << 31):
                raise ValueError("not a compiled rule book (a word outside 32 bits)")
        self.data = <int32_t*>malloc(n * sizeof(int32_t))
        if self.data == NULL:
            raise MemoryError()
        for i in range(n):
            self.data[i] = vals[i]
        if ev_load(self.data, <int>n, &self.b) != 0:
            raise ValueError("not a compiled rule book the evaluator takes (magic, sections or programs)")
        self.n_facts = self.b.n_facts

    def __init__(self, image):
        pass  # (read and checked by __cinit__)

    def __dealloc__(self):
        free(self.data)

    def __reduce__(self):
        return (CompiledBook, (self.image,))

    def __copy__(self):
        return self  # (read-only once loaded)

    def __deepcopy__(self, memo):
        return self

    def set_own_totals(self, rows_turned, rows_none, int tai_cap, int64_t step, int64_t cap):
        """How each seat's own total is counted (the fact source own_totals; evaluator_core.pxi ev_own_total): the
        rows counted (one flag per row of the image) where a wildcard indicator was turned up and where none was,
        the most 台 (-1 none), the step rounded up to (0 none), the cap (-1 none)."""
        cdef int i, k
        marks = (bytes(rows_turned), bytes(rows_none))
        if any(len(m) != self.b.n_rows for m in marks) or self.b.n_rows > EV_MAX_ROWS:
            raise ValueError("one flag per row of the compiled book")
        if not -1 <= tai_cap <= 1000 or not 0 <= step <= EVL_LIMIT or not -1 <= cap <= EVL_LIMIT:
            raise ValueError("tai_cap is -1..1000, step 0.. and cap -1..")
        for k in range(2):
            for i in range(self.b.n_rows):
                self.b.own_rows[k][i] = marks[1 - k][i] != 0
        self.b.own_tai_cap, self.b.own_step, self.b.own_cap = tai_cap, step, cap
        self.b.own_on = 1

    def fact_sources(self):
        """Each fact slot's source (mahjong.rulebook.opcodes.FACT_SOURCES index)."""
        return tuple([self.b.facts[i * EVL_FACT + EFA_SOURCE] for i in range(self.b.n_facts)])

    def score(self, counts, int k, wild_held, melds, flowers, int win_tile, int winner, int discarder,
              int dealer, int wind, int prevalent, bint robbing, int ya, facts, wild_kinds=0):
        """Score a hand: ``counts`` its 34 concealed real counts (the winning tile among them), ``k`` the wildcards
        held, ``wild_held`` the 34 counts of the wildcard tiles, ``melds`` (kind, t1, t2, t3) per declared meld
        (kinds: chow pung kong added_kong concealed_kong), ``flowers`` the 8 flower counts, the winning tile (-1
        none), the seats (discarder -1: self-drawn), the winner's seat wind, the prevalent wind, robbing a kong, the
        fact ya, the image's fact values and the mask of wild kinds.  Returns (status, lines, value, fan, totals,
        total, invalid, points, owed, payments, wait, decomposition, placed, compared, details)
        (mahjong.rulebook.evaluator.Outcome's fields; lines: (row, times, value, renamed, set tile: -1 for a row
        counted on the whole reading); decomposition: (form, melds, pairs, singles, wildcards))."""
        cdef EvHand h
        cdef EvResult* res
        cdef int i, j, st
        memset(&h, 0, sizeof(EvHand))
        cb = bytes(counts)
        wb = bytes(wild_held)
        fb = bytes(flowers)
        if len(cb) != 34 or len(wb) != 34 or len(fb) != 8 or not -1 <= win_tile < 34:
            raise ValueError("34 counts, 34 wildcard counts, 8 flower counts and a tile id")
        if not (0 <= winner < 4 and -1 <= discarder < 4 and 0 <= dealer < 4 and 0 <= wind < 4
                and 0 <= prevalent < 4 and 0 <= k <= 8):
            raise ValueError("seats 0..3 and at most 8 wildcards")
        fl = list(facts)
        if len(fl) != self.b.n_facts:
            raise ValueError(f"{self.b.n_facts} fact values")
        ml = list(melds)
        if len(ml) > EV_MAX_MELDS:
            raise ValueError(f"at most {EV_MAX_MELDS} melds")
        for i in range(34):
            h.counts[i] = cb[i]
            h.wild_held[i] = wb[i]
            h.wild_tiles += wb[i]
        for i in range(8):
            h.flowers[i] = fb[i]
            h.n_flowers += fb[i]
        for i, m in enumerate(ml):
            kind, a, b, c = (int(x) for x in m)
            if not (0 <= kind < 5 and 0 <= a <= b <= c < 34):
                raise ValueError("a meld is (kind 0..4, three tile ids in order)")
            h.meld_kind[i] = kind
            h.meld_tiles[i][0], h.meld_tiles[i][1], h.meld_tiles[i][2] = a, b, c
        h.n_melds = len(ml)
        for i in range(len(fl)):
            h.facts[i] = fl[i]
        h.k = k
        h.wild_kinds = <uint64_t>(int(wild_kinds) & ((1 << 34) - 1))
        h.win_tile, h.winner, h.discarder, h.dealer = win_tile, winner, discarder, dealer
        h.wind, h.prevalent, h.robbing, h.ya = wind, prevalent, robbing, ya
        res = <EvResult*>malloc(sizeof(EvResult))
        if res == NULL:
            raise MemoryError()
        try:
            with nogil:
                st = ev_score(&self.b, &h, res)
            if st != ER_OK:
                return (st,)
            r = &res.best
            lines = tuple([(res.lines[i].row, res.lines[i].times, res.lines[i].value, bool(res.renamed[i]),
                            r.tile[res.lines[i].set] if 0 <= res.lines[i].set < r.n_sets else -1)
                           for i in range(res.n_lines)])
            deco = (r.form, tuple([tuple([r.melds[i][j] for j in range(3)]) for i in range(r.n_melds)]),
                    tuple([r.pairs[i] for i in range(r.n_pairs)]), tuple([r.singles[i] for i in range(r.n_singles)]),
                    tuple([r.subs[i] for i in range(r.n_subs)]))
            return (st, lines, res.value, res.fan, tuple([res.totals[i] for i in range(5)]), res.total, res.invalid,
                    res.points, tuple([res.owed[i] for i in range(4)]), tuple([res.pay[i] for i in range(4)]),
                    r.wait, deco, bool(res.placed), res.compared,
                    tuple([res.details[i] for i in range(res.n_details)]), bool(res.flat))
        finally:
            free(res)

    def library_cases(self):
        """The library ids the evaluator has a case for (a test checks every id of the library has one)."""
        cdef EvReading r
        cdef EvHand h
        memset(&r, 0, sizeof(EvReading))
        memset(&h, 0, sizeof(EvHand))
        r.pair = -1
        r.win_tile = -1
        return (tuple([i for i in range(EVL_N_LIB) if ev_lib(i, &r, &h) != EVL_ABSENT]),
                tuple([i for i in range(EVL_N_FUNCS) if ev_func(i, 0, 0, 0, &r, &h) != EVL_ABSENT]))
