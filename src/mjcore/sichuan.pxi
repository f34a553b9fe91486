# Sichuan 血战到底 scored and settled on the hand core's own state.  Included from core.pyx after engine.pxi.
#
# Nothing here knows a fan value or an amount: the rule book's rows (their values, units, pattern flags and
# exclusions under the configured options), its [scoring] constants and its [settlement] amounts arrive as one
# small table (SCTable, built by mahjong.game.core.sichuan_table, which refuses a book this file cannot
# express: the table then stays off and the rule book scores on the Python path).  What is written here is
# what each row's predicate means (the SCP_* ids; core.py lists the rule-file predicate each one is), the
# "largest" exclusion policy, the "powers" aggregation and the settlement's fold (BookRuleSet.settle_by_book):
# kongs paid as they happen (刮风下雨) by the players still in play, each win paid as it happens (only players
# still in play pay; 点杠花 by the kong's discarder when the book says so; several winners on one discard),
# 呼叫转移, and at the wall's end 查花猪, 查大叫 (each ready player's best possible win on a discard, scored here)
# and 退税.  The twin is the rule book path: tests/game/test_core_sichuan.py compares every net.

from libc.stdint cimport int64_t

cdef enum:
    # the predicates a row may have (mahjong.game.core._SC_PREDICATES gives each one's rule-file text)
    SCP_REGULAR = 0
    SCP_ALL_PUNGS = 1
    SCP_ONE_SUIT = 2
    SCP_TERMINALS = 3
    SCP_SEVEN_PAIRS = 4
    SCP_FF_PUNGS = 5
    SCP_258_PUNGS = 6
    SCP_LUX7 = 7
    SCP_FF7 = 8
    SCP_FF_TERMINALS = 9
    SCP_HOOK_258 = 10
    SCP_FF_HOOK = 11
    SCP_FF_LUX7 = 12
    SCP_ARHATS = 13
    SCP_FF_ARHATS = 14
    SCP_HEAVENLY = 15
    SCP_EARTHLY = 16
    SCP_ROOT = 17
    SCP_KONG = 18
    SCP_KONG_REPLACEMENT = 19
    SCP_AFTER_KONG = 20
    SCP_ROBBING = 21
    SCP_LAST_WALL = 22
    SCP_HOOK = 23
    SCP_SELF_DRAWN = 24
    SCP_SELF_DRAWN_NO_KONG_FROM = 25
    SCP_N = 26
    SCU_FAN = 0
    SCU_PT = 1
    SCU_X = 2
    # the win facts the scorer reads
    SCF_HEAVENLY = 1
    SCF_EARTHLY = 2
    SCF_KONG_REPLACEMENT = 4
    SCF_AFTER_KONG = 8
    SCF_ROBBING = 16
    SCF_LAST_WALL = 32
    # sc_score's answers below zero
    SC_NO_WIN = -1
    SC_TOO_BIG = -2
    SC_LIMIT = 1 << 30


ctypedef struct SCReading:
    int regular
    int seven_pairs
    int all_pungs
    int terminals


ctypedef struct SCHand:
    int one_suit
    int all_258
    int roots
    int melds
    int kongs
    int self_drawn
    int facts
    int kong_from


cdef int sc_sets(uint8_t* h, int i, int left, int chow, int term, int* seen) noexcept nogil:
    """Every way of reading h[i:27] as ``left`` sets: each reading's (has a chow, every set holds a terminal)
    marked in ``seen`` (bit 2 * chow + all-terminal)."""
    cdef int r
    while i < 27 and h[i] == 0:
        i += 1
    if i == 27:
        if left == 0:
            seen[0] |= 1 << (2 * chow + term)
        return 0
    if left == 0:
        return 0
    r = i % 9
    if h[i] >= 3:
        h[i] -= 3
        sc_sets(h, i, left - 1, chow, term and (r == 0 or r == 8), seen)
        h[i] += 3
    if r <= 6 and h[i + 1] and h[i + 2]:
        h[i] -= 1
        h[i + 1] -= 1
        h[i + 2] -= 1
        sc_sets(h, i, left - 1, 1, term and (r == 0 or r == 6), seen)
        h[i] += 1
        h[i + 1] += 1
        h[i + 2] += 1
    return 0


cdef int sc_pred(int pred, const SCReading* v, const SCHand* x) noexcept nogil:
    """A stage-one row's predicate on one reading (0 / 1)."""
    if pred == SCP_REGULAR:
        return v.regular
    if pred == SCP_ALL_PUNGS:
        return v.all_pungs
    if pred == SCP_ONE_SUIT:
        return x.one_suit
    if pred == SCP_TERMINALS:
        return v.terminals
    if pred == SCP_SEVEN_PAIRS:
        return v.seven_pairs
    if pred == SCP_FF_PUNGS:
        return x.one_suit and v.all_pungs
    if pred == SCP_258_PUNGS:
        return v.all_pungs and x.all_258
    if pred == SCP_LUX7:
        return v.seven_pairs and x.roots >= 1
    if pred == SCP_FF7:
        return x.one_suit and v.seven_pairs
    if pred == SCP_FF_TERMINALS:
        return x.one_suit and v.terminals
    if pred == SCP_HOOK_258:
        return x.melds == 4 and x.all_258
    if pred == SCP_FF_HOOK:
        return x.melds == 4 and x.one_suit
    if pred == SCP_FF_LUX7:
        return x.one_suit and v.seven_pairs and x.roots >= 1
    if pred == SCP_ARHATS:
        return x.melds == 4 and x.kongs == 4
    if pred == SCP_FF_ARHATS:
        return x.melds == 4 and x.kongs == 4 and x.one_suit
    if pred == SCP_HEAVENLY:
        return (x.facts & SCF_HEAVENLY) != 0
    if pred == SCP_EARTHLY:
        return (x.facts & SCF_EARTHLY) != 0
    if pred == SCP_KONG_REPLACEMENT:
        return (x.facts & SCF_KONG_REPLACEMENT) != 0
    if pred == SCP_AFTER_KONG:
        return (x.facts & SCF_AFTER_KONG) != 0
    if pred == SCP_ROBBING:
        return (x.facts & SCF_ROBBING) != 0
    if pred == SCP_LAST_WALL:
        return (x.facts & SCF_LAST_WALL) != 0
    if pred == SCP_HOOK:
        return x.melds == 4
    if pred == SCP_SELF_DRAWN:
        return x.self_drawn
    if pred == SCP_SELF_DRAWN_NO_KONG_FROM:
        return x.self_drawn and x.kong_from < 0
    return 0


cdef int64_t sc_value(const SCTable* tb, const SCReading* v, const SCHand* x, int* fan_out,
                      uint32_t* rows_out) noexcept nogil:
    """The value of one reading under the book's rows: the rows that apply, the exclusions struck at once, the
    largest base pattern kept (the first in table order on a tie), then the stage-two rows (根, 杠) that read
    which rows counted; base × x × 2^(capped fan − offset) + points.  SC_TOO_BIG past SC_LIMIT.  ``rows_out``:
    the rows that counted (bit i: row i), the result's items."""
    cdef uint32_t applying = 0, struck = 0, kept, counted_preds = 0, counted = 0
    cdef int i, n, top = -1, fan = 0, capped, shift
    cdef int64_t pt = 0, mult = 1, value
    for i in range(tb.n_rows):
        if not tb.stage2[i] and sc_pred(tb.pred[i], v, x):
            applying |= (<uint32_t>1) << i
    for i in range(tb.n_rows):
        if applying >> i & 1:
            struck |= tb.excludes[i]
    kept = applying & ~struck
    for i in range(tb.n_rows):
        if (kept >> i & 1) and tb.pattern[i] and (top < 0 or tb.value[i] > tb.value[top]):
            top = i
    for i in range(tb.n_rows):
        if (kept >> i & 1) and tb.pattern[i] and i != top:
            kept &= ~((<uint32_t>1) << i)
    for i in range(tb.n_rows):
        if kept >> i & 1:
            counted_preds |= (<uint32_t>1) << tb.pred[i]
    for i in range(tb.n_rows):
        n = 0
        if tb.stage2[i]:
            if tb.pred[i] == SCP_ROOT:
                n = x.roots - x.kongs - ((counted_preds >> SCP_LUX7 & 1) | (counted_preds >> SCP_FF_LUX7 & 1))
            elif tb.pred[i] == SCP_KONG:
                if x.kongs > 0 and not ((counted_preds >> SCP_ARHATS & 1) | (counted_preds >> SCP_FF_ARHATS & 1)):
                    n = x.kongs
        elif kept >> i & 1:
            n = 1
        if n <= 0:
            continue
        counted |= (<uint32_t>1) << i
        if tb.unit[i] == SCU_FAN:
            fan += tb.value[i] * n
        elif tb.unit[i] == SCU_PT:
            pt += tb.value[i] * n
        else:
            while n > 0:
                mult *= tb.value[i]
                n -= 1
                if mult > SC_LIMIT or mult < -SC_LIMIT:
                    return SC_TOO_BIG
    capped = fan if tb.fan_cap < 0 or fan < tb.fan_cap else tb.fan_cap
    shift = capped - tb.offset
    if shift < 0:
        shift = 0
    if shift > 30:
        return SC_TOO_BIG
    value = <int64_t>tb.base * mult  # (|base| <= 100000, |mult| <= 2^30: no overflow, nor in the steps below)
    if value > SC_LIMIT or value < -SC_LIMIT:
        return SC_TOO_BIG
    value = value * ((<int64_t>1) << shift)
    if value > SC_LIMIT or value < -SC_LIMIT or pt > SC_LIMIT or pt < -SC_LIMIT:
        return SC_TOO_BIG
    value += pt
    if value > SC_LIMIT or value < -SC_LIMIT:
        return SC_TOO_BIG
    fan_out[0] = fan
    rows_out[0] = counted
    return value


cdef int64_t sc_score(const SCTable* tb, const uint8_t* conc, const uint8_t* meld_kind, const uint8_t* meld_tile,
                      int n_melds, int self_drawn, int facts, int kong_from, uint32_t* rows_out) noexcept nogil:
    """Sichuan's score of a complete hand: ``conc`` its 27 concealed counts (the winning tile among them), the
    declared melds (pungs and kongs), the win facts (SCF_*), 点杠花's kong_from (-1 none).  The best reading by
    (value, fan), as the rule book's score() ranks them; SC_NO_WIN (a third suit, not a winning shape) or
    SC_TOO_BIG.  ``rows_out``: the rows the best reading counted."""
    cdef uint8_t h[30]
    cdef uint8_t all_[27]
    cdef SCHand x
    cdef SCReading v
    cdef int t, m, k, n = 0, suits = 0, seen, pair, term_melds = 1, fan = 0, best_fan = 0, r, need
    cdef uint32_t rows = 0
    cdef int64_t got, best = SC_NO_WIN
    rows_out[0] = 0
    if n_melds > 4:
        return SC_TOO_BIG
    memset(h, 0, sizeof(h))
    for t in range(27):
        h[t] = conc[t]
        all_[t] = conc[t]
        n += conc[t]
    x.kongs = 0
    for m in range(n_melds):
        t = meld_tile[m]
        if t >= 27 or meld_kind[m] == MK_CHOW:
            return SC_TOO_BIG
        k = 3 if meld_kind[m] == MK_PUNG else 4
        x.kongs += k == 4
        all_[t] += k
        if t % 9 != 0 and t % 9 != 8:
            term_melds = 0
    x.one_suit = 0
    x.all_258 = 1
    x.roots = 0
    for t in range(27):
        if all_[t]:
            suits |= 1 << (t // 9)
            if t % 9 != 1 and t % 9 != 4 and t % 9 != 7:
                x.all_258 = 0
            if all_[t] == 4:
                x.roots += 1
            elif all_[t] > 4:
                return SC_NO_WIN
    if suits == 7 or suits == 0:
        return SC_NO_WIN  # 缺一门: a winning hand holds at most two suits
    x.one_suit = suits == 1 or suits == 2 or suits == 4
    x.melds = n_melds
    x.self_drawn = self_drawn
    x.facts = facts
    x.kong_from = kong_from
    need = 4 - n_melds
    if n == 3 * need + 2:
        seen = 0
        for pair in range(27):
            if h[pair] >= 2:
                h[pair] -= 2
                r = pair % 9
                sc_sets(h, 0, need, 0, term_melds and (r == 0 or r == 8), &seen)
                h[pair] += 2
        for k in range(4):
            if seen >> k & 1:
                v.regular, v.seven_pairs, v.all_pungs, v.terminals = 1, 0, (k >> 1) == 0, k & 1
                got = sc_value(tb, &v, &x, &fan, &rows)
                if got == SC_TOO_BIG:
                    return got
                if best == SC_NO_WIN or got > best or got == best and fan > best_fan:
                    best, best_fan, rows_out[0] = got, fan, rows
    if n_melds == 0 and n == 14:
        k = 1
        for t in range(27):
            if h[t] & 1:
                k = 0
        if k:
            v.regular, v.seven_pairs, v.all_pungs, v.terminals = 0, 1, 0, 0
            got = sc_value(tb, &v, &x, &fan, &rows)
            if got == SC_TOO_BIG:
                return got
            if best == SC_NO_WIN or got > best or got == best and fan > best_fan:
                best, best_fan, rows_out[0] = got, fan, rows
    return best


cdef int sc_facts(const HandCore* c, int seat, int wf, int melds) noexcept nogil:
    """The scorer's facts from the core's win facts (WF_*), as CoreHand._core_kwargs gives them: 地胡 is a
    non-dealer's win in the first go-round, not robbing a kong, with no melds."""
    cdef int f = 0
    if wf & WF_HEAVENLY:
        f |= SCF_HEAVENLY
    if seat != c.dealer and (wf & WF_FIRST_ROUND) and not (wf & WF_ROBBING_KONG) and melds == 0:
        f |= SCF_EARTHLY
    if wf & WF_KONG_REPLACEMENT:
        f |= SCF_KONG_REPLACEMENT
    if wf & WF_AFTER_KONG_DISCARD:
        f |= SCF_AFTER_KONG
    if wf & WF_ROBBING_KONG:
        f |= SCF_ROBBING
    if wf & WF_LAST_WALL_TILE:
        f |= SCF_LAST_WALL
    return f


cdef int64_t sc_score_seat(const HandCore* c, int seat, int tile, int from_seat, int wf, int kong_from,
                           uint32_t* rows_out) noexcept nogil:
    """sc_score of the seat's hand winning on ``tile`` (claimed when from_seat >= 0); the rows it counted."""
    cdef uint8_t conc[27]
    cdef int t
    for t in range(27):
        conc[t] = c.hands[seat][t]
    for t in range(27, 34):
        if c.hands[seat][t]:
            return SC_NO_WIN
    if from_seat >= 0:
        if tile >= 27:
            return SC_NO_WIN
        conc[tile] += 1
    return sc_score(&c.sc, conc, c.meld_kind[seat], c.meld_tile[seat], c.n_melds[seat], from_seat < 0,
                    sc_facts(c, seat, wf, c.n_melds[seat]), kong_from, rows_out)


cdef int sc_verdict(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """Sichuan's may-this-seat-win for a complete hand, decided in C (the core has checked 定缺 and the shape):
    1 / 0 with the verdict cached; -1 = a value the table cannot hold (the rule layer then decides)."""
    cdef uint32_t rows
    cdef int64_t got = sc_score_seat(c, seat, tile, from_seat, core_win_facts(c, seat, tile, from_seat, robbing), -1,
                                     &rows)
    if got == SC_TOO_BIG:
        return -1
    core_verdict(c, seat, tile, got >= 0, <int>got if got >= 0 else 0)
    return 1 if got >= 0 else 0


cdef int sc_last_kong(const HandCore* c, int seat, int before) noexcept nogil:
    """The ledger index of the seat's last kong among the first ``before`` kongs (-1 none)."""
    cdef int k
    for k in range(before - 1, -1, -1):
        if c.kong_seat[k] == seat:
            return k
    return -1


cdef int sc_is_pig(const HandCore* c, int seat, int extra) noexcept nogil:
    """花猪: the seat's hand (declared melds included; plus tile ``extra`` when >= 0) holds all three suits."""
    cdef int t, m, suits = 0
    for t in range(27):
        if c.hands[seat][t]:
            suits |= 1 << (t // 9)
    for m in range(c.n_melds[seat]):
        if c.meld_tile[seat][m] < 27:
            suits |= 1 << (c.meld_tile[seat][m] // 9)
    if 0 <= extra < 27:
        suits |= 1 << (extra // 9)
    return suits == 7


cdef int64_t sc_best_possible(HandCore* c, int seat) noexcept nogil:
    """查大叫: the most the seat's ready hand can win on a discard from the next seat (no win facts): 0 when it
    is not ready (no wait whose fifth copy it would need, none giving a third suit); SC_TOO_BIG."""
    cdef uint8_t all_[34]
    cdef int t, m
    cdef uint32_t rows
    cdef uint64_t mask
    cdef int64_t got, best = 0
    if core_concealed(c, seat) % 3 != 1:
        return 0
    for t in range(34):
        all_[t] = c.hands[seat][t]
    for m in range(c.n_melds[seat]):
        t = c.meld_tile[seat][m]
        if t < 34:
            all_[t] += 3 if c.meld_kind[seat][m] == MK_PUNG else 4
    mask = core_waits(c, seat)  # (the wall end's ready check: K.waits of the concealed tiles)
    for t in range(34):
        if not (mask >> t & 1) or all_[t] >= 4 or sc_is_pig(c, seat, t):
            continue
        got = sc_score_seat(c, seat, t, (seat + 1) & 3, 0, -1, &rows)
        if got == SC_TOO_BIG:
            return got
        if got > best:
            best = got
    return best


cdef int sc_settle(HandCore* c) noexcept nogil:
    """The hand's nets (c.sc_net) folded over its event record as BookRuleSet.settle_by_book folds the
    settlement record: 0, or -1 when a value does not fit the table (the rule book then settles)."""
    cdef const SCTable* tb = &c.sc
    cdef int i, k = 0, w = 0, s, p, kind, seat, frm, wf, kong_from, last, n_won = 0, any_left
    cdef int won_mask = 0, transferred = 0, pigs = 0, ready = 0, playing
    cdef int64_t got, income
    cdef int64_t net[4]
    cdef int64_t best[4]
    cdef int64_t kpay[CORE_KONGS][4]  # each kong's income from each seat
    cdef int moved[CORE_KONGS]
    cdef int last_kong[4]
    memset(net, 0, sizeof(net))
    memset(kpay, 0, sizeof(kpay))
    memset(moved, 0, sizeof(moved))
    for s in range(4):
        last_kong[s] = -1
    for i in range(c.n_ev):
        kind = c.ev[i][0]
        seat = c.ev[i][1]
        if kind == EV_CLAIM and (c.ev[i][4] & 3) == CK_KONG or kind == EV_KONG:
            if k >= c.n_kongs or k >= CORE_KONGS:
                return -1
            last_kong[seat] = k
            if not c.kong_robbed[k]:
                for s in range(4):
                    if s == seat or won_mask >> s & 1:
                        continue
                    if c.kong_kind[k] == MK_KONG:
                        kpay[k][s] = tb.melded_discarder if s == c.kong_from[k] else tb.melded_others
                    elif c.kong_kind[k] == MK_ADDED_KONG:
                        kpay[k][s] = tb.added_kong
                    else:
                        kpay[k][s] = tb.concealed_kong
                    net[s] -= kpay[k][s]
                    net[seat] += kpay[k][s]
            k += 1
        elif kind == EV_WIN:
            if w >= c.n_won:
                return -1
            frm = c.won_from[w]
            wf = c.won_facts[w]
            kong_from = -1
            if wf & WF_KONG_REPLACEMENT:
                last = sc_last_kong(c, seat, k)
                if last >= 0 and c.kong_kind[last] == MK_KONG:
                    kong_from = c.kong_from[last]  # 点杠花: the kong was on this seat's discard
            got = sc_score_seat(c, seat, c.won_tile[w], frm, wf, kong_from, &c.won_rows[w])
            if got < 0:
                return -1
            if frm >= 0:
                net[frm] -= got
                net[seat] += got
            elif tb.kong_from_pays and kong_from >= 0:
                net[kong_from] -= got
                net[seat] += got
            else:
                for s in range(4):
                    if s != seat and not (won_mask >> s & 1):
                        net[s] -= got
                        net[seat] += got
            if (wf & WF_AFTER_KONG_DISCARD) and frm >= 0 and not (transferred >> frm & 1) and tb.transfer:
                # 呼叫转移: the discarder's kong just made pays its income on to the (first) winner
                transferred |= 1 << frm
                last = last_kong[frm]
                if last >= 0:
                    income = kpay[last][0] + kpay[last][1] + kpay[last][2] + kpay[last][3]
                    if income:
                        net[frm] -= income
                        net[seat] += income
                        moved[last] = 1
            won_mask |= 1 << seat
            n_won += 1
            w += 1
        elif kind == EV_WALL_END:
            playing = 15 & ~won_mask
            any_left = 0
            for s in range(4):
                best[s] = 0
                if not (playing >> s & 1):
                    continue
                any_left += 1
                if sc_is_pig(c, s, -1):
                    pigs |= 1 << s
                    continue
                best[s] = sc_best_possible(c, s)
                if best[s] < 0:
                    return -1
                if best[s] > 0:
                    ready |= 1 << s
            if any_left < 2:
                return -1
            if tb.pig_penalty:  # 查花猪
                for p in range(4):
                    if not (pigs >> p & 1):
                        continue
                    for s in range(4):
                        if not (pigs >> s & 1) and (tb.pig_pays_won or not (won_mask >> s & 1)):
                            net[p] -= tb.pig_penalty
                            net[s] += tb.pig_penalty
            if tb.dajiao:  # 查大叫
                for p in range(4):
                    if not (playing >> p & 1) or (ready >> p & 1) or (pigs >> p & 1):
                        continue
                    for s in range(4):
                        if ready >> s & 1:
                            net[p] -= best[s]
                            net[s] += best[s]
            if tb.refunds:  # 退税: a player not ready gives its kong income back
                for k in range(c.n_kongs):
                    seat = c.kong_seat[k]
                    if (playing >> seat & 1) and not (ready >> seat & 1) and not moved[k]:
                        for s in range(4):
                            net[seat] -= kpay[k][s]
                            net[s] += kpay[k][s]
            break
    for s in range(4):
        if net[s] > SC_LIMIT or net[s] < -SC_LIMIT:
            return -1
        c.sc_net[s] = <int>net[s]
    return 0
