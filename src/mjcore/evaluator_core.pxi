# The compiled rule-book evaluator on the hand core's own state: a win offered to a seat scored in C (the
# CS_SCORE question answered without Python), and a hand settled in C by its record (each win's payments, and
# for a book with a [settlement] table the kongs paid as they happen, 呼叫转移 and the wall's-end checks 查花猪 /
# 查大叫 / 退税).  Included from core.pyx after engine.pxi; GameCore.decide_book sets it up (c.ev_decide).
#
# The win facts the image's slots read come from the core (each slot names its source: the seats, the win flags
# core_win_facts derives as HandState.win_facts does, 天和 / 地和 as the flow reads them, the seats already won,
# 点杠花's kong discarder, the wildcards each seat holds and what the rule book works out of them and the hand:
# another seat holds one, the hand waited on any tile, each seat's [wildcards.points]; a slot the core does not
# know keeps the context's default, which the image carries).
# The twin is the Python path (the rule set's score() and settle() on the hand's record): tests/game/
# test_core_sichuan.py and tests/game/test_core_book.py compare nets and events hand by hand.

cdef enum:
    # how the flow reads 地和 (GameCore.decide_book's earthly)
    EVE_NONE = 0
    EVE_FIRST_DRAW = 1
    EVE_FIRST_DISCARD = 2
    EVE_FIRST_ROUND = 3
    # what the facts are filled for
    EVM_WIN = 0
    EVM_BEST = 1
    EVM_OWN = 2  # a seat's own total (ev_own_total): as for a win, without the seats' own totals


cdef int ev_core_hand(const HandCore* c, const EvBook* b, EvHand* h, int seat, int tile, int from_seat,
                      int robbing, int wf, int mode, int won_mask, int kong_from, int dealer_discards) noexcept nogil:
    """The evaluator's hand of ``seat`` winning on ``tile`` (claimed when from_seat >= 0) from the core's state,
    with the image's facts: mode EVM_WIN as the rule set's context has them for a win (wf: its core_win_facts),
    EVM_BEST as 查大叫 scores a ready hand (a plain context: the winner, the next seat as discarder, the dealer;
    no flowers).  0, or -1 where the rule book must score it (holding points the image cannot hold)."""
    cdef int t, m, i, src, kind, low, mt, kongs = 0, claimed = 0, earthly = 0, hits = -1, holdings = 0
    cdef int by_seat[4]
    cdef int held[4][2]
    cdef int held_kongs = 0
    cdef int64_t points[4]
    cdef int64_t v
    cdef uint64_t wild = c.wild_now & CORE_KINDS34
    memset(h, 0, sizeof(EvHand))
    # the wildcards held apart from the real tiles, as hand_input splits them (the hand's wildcard kinds: the
    # flow's fixed ones and the indicator's, which _book_in_c checked are the book's)
    for t in range(34):
        if (wild >> t) & 1:
            h.wild_held[t] = c.hands[seat][t]
        else:
            h.counts[t] = c.hands[seat][t]
    if from_seat >= 0 and 0 <= tile < 34:
        if (wild >> tile) & 1:
            h.wild_held[tile] += 1
        else:
            h.counts[tile] += 1
    for t in range(34):
        h.wild_tiles += h.wild_held[t]
    h.k = h.wild_tiles
    h.wild_kinds = wild
    for t in range(34, CORE_TILES):
        if c.hands[seat][t] and (c.wild_now >> t) & 1:
            # a wildcard bonus tile held in the hand (金山 百搭): among the flowers, and a wildcard (hand_input)
            h.flowers[t - 34] += c.hands[seat][t]
            h.n_flowers += c.hands[seat][t]
            h.k += c.hands[seat][t]
    h.n_melds = c.n_melds[seat] if c.n_melds[seat] <= EV_MAX_MELDS else EV_MAX_MELDS + 1
    for m in range(c.n_melds[seat] if c.n_melds[seat] <= EV_MAX_MELDS else 0):
        kind = c.meld_kind[seat][m]
        low = c.meld_low[seat][m]
        mt = c.meld_tile[seat][m]
        h.meld_kind[m] = kind
        if kind == MK_CHOW:
            h.meld_tiles[m][0], h.meld_tiles[m][1], h.meld_tiles[m][2] = low, low + 1, low + 2
        else:
            h.meld_tiles[m][0] = h.meld_tiles[m][1] = h.meld_tiles[m][2] = mt
            kongs += kind != MK_PUNG
        claimed += kind != MK_CONCEALED_KONG
    if mode != EVM_BEST:
        for i in range(c.n_bonus[seat]):
            t = c.bonus[seat][i]
            if 34 <= t < 42:
                h.flowers[t - 34] += 1
                h.n_flowers += 1
    else:
        wf = 0
        won_mask = 0
        kong_from = -1
        robbing = 0
    h.win_tile = tile
    h.winner = seat
    h.discarder = from_seat
    h.dealer = c.dealer
    h.wind = (seat - c.dealer) & 3
    h.prevalent = c.prevalent_wind if mode != EVM_BEST else 0
    h.robbing = robbing
    if mode == EVM_WIN:
        if c.ev_earthly == EVE_FIRST_DRAW:
            earthly = (wf & WF_EARTHLY) != 0
        elif c.ev_earthly == EVE_FIRST_ROUND:
            earthly = seat != c.dealer and (wf & WF_FIRST_ROUND) != 0 and not robbing and c.n_melds[seat] == 0
        elif c.ev_earthly == EVE_FIRST_DISCARD:
            earthly = (from_seat == c.dealer and seat != c.dealer and (wf & WF_FIRST_ROUND) != 0 and not robbing
                       and dealer_discards == 1)
    for i in range(b.n_facts):
        src = b.facts[i * EVL_FACT + EFA_SOURCE]
        v = b.facts[i * EVL_FACT + EFA_DEFAULT]
        if v == EVL_DEFAULT_ABSENT:
            v = EVL_ABSENT
        if src == FS_WINNER:
            v = seat
        elif src == FS_DISCARDER:
            v = from_seat if from_seat >= 0 else EVL_ABSENT
        elif src == FS_DEALER:
            v = c.dealer
        elif src == FS_SEAT_WIND:
            v = h.wind
        elif src == FS_SEAT_WIND_GIVEN:
            v = h.wind if mode != EVM_BEST else EVL_ABSENT
        elif src == FS_PREVALENT_WIND:
            v = h.prevalent
        elif src == FS_SELF_DRAWN:
            v = from_seat < 0
        elif src == FS_WINNER_IS_DEALER:
            v = seat == c.dealer
        elif src == FS_LAST_TILE:
            v = (wf & WF_LAST_TILE) != 0
        elif src == FS_LAST_WALL_TILE:
            v = (wf & WF_LAST_WALL_TILE) != 0
        elif src == FS_KONG_REPLACEMENT:
            v = (wf & WF_KONG_REPLACEMENT) != 0
        elif src == FS_ROBBING_KONG:
            v = robbing != 0
        elif src == FS_AFTER_KONG_DISCARD:
            v = (wf & WF_AFTER_KONG_DISCARD) != 0
        elif src == FS_HEAVENLY:
            v = c.ev_heavenly and (wf & WF_HEAVENLY) != 0
        elif src == FS_EARTHLY:
            v = earthly
        elif src == FS_MELDS:
            v = c.n_melds[seat]
        elif src == FS_KONGS:
            v = kongs
        elif src == FS_CLAIMED_MELDS:
            v = claimed
        elif src == FS_ALREADY_WON:
            v = won_mask
        elif src == FS_KONG_FROM:
            v = kong_from
        elif mode != EVM_BEST:
            # the flows' own facts (core_flow_facts reads them alike), each where the flow gives it: else the slot
            # keeps its default, as the context left without the fact does
            if src == FS_INDICATOR:
                if c.ind_tile >= 0:
                    v = c.ind_tile
            elif src == FS_DECLARED_READY:
                if c.ready[seat]:
                    v = 1
            elif src == FS_KOU_TING:
                if c.ready_from_start[seat]:
                    v = 1
            elif src == FS_HAIDI:
                if c.haidi_tile >= 0:
                    v = 1
            elif src == FS_WILDCARD_WIN:
                if 34 <= tile < CORE_TILES and ((c.p.held_mask >> tile) & 1):
                    v = 1
            elif src == FS_INDICATOR_TURNED:
                v = c.ind_tile >= 0
            elif src == FS_BONUS_SET_ASIDE:
                v = c.n_bonus[seat]
            elif src == FS_DISCARDER_PUNG:
                if from_seat >= 0 and not robbing:
                    for m in range(c.n_melds[from_seat] if c.n_melds[from_seat] <= CORE_MELDS else 0):
                        if c.meld_kind[from_seat][m] == MK_PUNG and c.meld_tile[from_seat][m] == tile:
                            v = 1
            elif src == FS_LATE_DISCARD:
                if from_seat >= 0 and c.p.late_discard_tiles >= 0 and \
                        core_live(c) - c.p.reserve <= c.p.late_discard_tiles:
                    v = 1
            elif src == FS_OWN_TOTALS:
                if mode == EVM_WIN and b.own_on:
                    v = ev_own_totals_packed(c, seat)
            elif src == FS_BIRDS or src == FS_BIRD_SEATS:
                if c.p.birds > 0 and (c.p.bird_hits == BH_SEAT) == (src == FS_BIRD_SEATS):
                    if hits < 0:
                        hits = core_birds(c, seat, by_seat)
                    if src == FS_BIRDS:
                        v = hits
                    else:
                        v = (<int64_t>imin(by_seat[0], 0xFFFF) | <int64_t>imin(by_seat[1], 0xFFFF) << 16
                             | <int64_t>imin(by_seat[2], 0xFFFF) << 32 | <int64_t>imin(by_seat[3], 0xFFFF) << 48)
            elif src == FS_WAITED_ON_ANY_TILE:
                v = ev_waited_on_any_tile(b, h)
            elif src == FS_OTHERS_HOLD_WILDCARDS or src == FS_HOLDING_POINTS:
                # the wildcards each seat holds (the rule set's wildcard_holdings: its context's holdings, as the
                # flow records them for a win, the tile won on the winner's)
                if not holdings:
                    ev_win_holdings(c, seat, tile, from_seat, held, &held_kongs)
                    holdings = 1
                if src == FS_OTHERS_HOLD_WILDCARDS:
                    v = 0
                    for t in range(4):
                        if t != seat and (held[t][0] or held[t][1]):
                            v = 1
                else:
                    ev_holding_points(held, held_kongs, b.img + EH_HOLD_FIRST, points)
                    v = 0
                    for t in range(4):
                        if not 0 <= points[t] <= 0x7FFF:
                            return -1  # (the rule book encodes no such value either: it scores the hand itself)
                        v |= points[t] << (16 * t)
        h.facts[i] = v
    return 0


cdef void ev_win_holdings(const HandCore* c, int seat, int tile, int from_seat, int held[4][2],
                          int* kongs) noexcept nogil:
    """The wildcards each seat holds at ``seat``'s win on ``tile`` (core_holdings; a tile won on a discard or a
    robbed kong is the winner's too)."""
    cdef int k, kind
    core_holdings(c, held, kongs)
    if from_seat >= 0 and 0 <= c.ind_tile < 34:
        for k in range(2):
            kind = c.p.ind_kinds[c.ind_tile][k]
            if kind >= 0 and tile == kind:
                held[seat][k] += 1


cdef int ev_waited_on_any_tile(const EvBook* b, const EvHand* h) noexcept nogil:
    """BookRuleSet._waited_on_any_tile on the evaluator's hand (精钓): before the winning tile, the concealed tiles
    with their wildcard tiles wild (a wildcard won on a discard read as a plain tile where [wildcards]
    discarded_plain holds, as ev_score reads it) were complete with any tile of the game."""
    cdef uint8_t hbuf[HBUF]
    cdef int t, total = 0, wild = h.wild_tiles, win = h.win_tile
    cdef uint64_t every
    if not 0 <= win < 34:
        return 0
    memset(hbuf, 0, HBUF)
    for t in range(34):
        hbuf[t] = h.counts[t]
    if ((h.wild_kinds >> win) & 1) and img_discarded_plain(b) == 1 and h.discarder >= 0 \
            and not (h.robbing and (b.flags & EVF_ROBBING_AS_SELF_DRAW)):
        hbuf[win] += 1  # (the wildcard won on is a plain tile: not one of the wildcards)
        wild -= 1
    if wild <= 0:
        return 0
    if hbuf[win] > 0:
        hbuf[win] -= 1
    else:  # (the winning tile is itself one of the wildcards)
        wild -= 1
    if wild <= 0:
        return 0
    for t in range(34):
        total += hbuf[t]
    total += wild
    every = ((<uint64_t>1) << 27) - 1 if (b.rule_flags & F_NO_HONORS) else CORE_KINDS34
    return waits_mask(hbuf, wild, total, b.rule_hand_size, b.rule_flags) == every


cdef int ev_core_score(HandCore* c, EvResult* res, int seat, int tile, int from_seat, int robbing, int wf, int mode,
                       int won_mask, int kong_from, int dealer_discards) noexcept nogil:
    """ev_score of a seat's win from the core's state: the status (res filled)."""
    cdef EvHand h
    cdef int t
    for t in range(34, CORE_TILES):
        if c.hands[seat][t] and not ((c.wild_now >> t) & 1):
            return ER_FALLBACK  # (a bonus tile held that is no wildcard: not a hand the evaluator reads)
    if from_seat >= 0 and tile >= 34:
        return ER_FALLBACK
    if ev_core_hand(c, c.book, &h, seat, tile, from_seat, robbing, wf, mode, won_mask, kong_from,
                    dealer_discards) != 0 or h.n_melds > EV_MAX_MELDS:
        return ER_FALLBACK
    return ev_score(c.book, &h, res)


cdef int ev_won_mask(const HandCore* c) noexcept nogil:
    cdef int i, m = 0
    for i in range(c.n_won):
        m |= 1 << c.won[i]
    return m


cdef int ev_dealer_discards(const HandCore* c) noexcept nogil:
    """The dealer's discards so far (地和 on the dealer's first discard)."""
    return c.n_river[c.dealer]


cdef int ev_verdict(HandCore* c, int seat, int tile, int from_seat, int robbing) noexcept nogil:
    """The compiled book's may-this-seat-win for a complete hand (the core has checked 定缺 and the shape): 1 / 0
    with the verdict cached (its total too); -1 = the rule book must decide (CS_SCORE)."""
    cdef EvResult* res = <EvResult*>malloc(sizeof(EvResult))
    cdef int st, ok
    if res == NULL:
        return -1
    st = ev_core_score(c, res, seat, tile, from_seat, robbing, core_win_facts(c, seat, tile, from_seat, robbing),
                       EVM_WIN, ev_won_mask(c), -1, ev_dealer_discards(c))
    if st == ER_NO_WIN:
        free(res)
        core_verdict(c, seat, tile, 0, 0)
        return 0
    if st != ER_OK or res.total > 2147483647 or res.total < -2147483647:
        free(res)
        return -1
    ok = res.invalid == 0
    core_verdict(c, seat, tile, ok, <int>res.total)
    free(res)
    return ok


cdef int ev_last_kong(const HandCore* c, int seat, int before) noexcept nogil:
    """The ledger index of the seat's last kong among the first ``before`` kongs (-1 none)."""
    cdef int k
    for k in range(before - 1, -1, -1):
        if c.kong_seat[k] == seat:
            return k
    return -1


cdef int ev_is_pig(const HandCore* c, int seat, int extra) noexcept nogil:
    """花猪: the seat's hand (declared melds included; plus tile ``extra`` when >= 0) holds all three suits."""
    cdef int t, m, suits = 0
    for t in range(27):
        if c.hands[seat][t]:
            suits |= 1 << (t // 9)
    for m in range(c.n_melds[seat]):
        if c.meld_tile[seat][m] < 27:
            suits |= 1 << (c.meld_tile[seat][m] // 9)
        if c.meld_kind[seat][m] == MK_CHOW and c.meld_low[seat][m] < 27:
            suits |= 1 << (c.meld_low[seat][m] // 9)
    if 0 <= extra < 27:
        suits |= 1 << (extra // 9)
    return suits == 7


cdef int64_t ev_best_possible(HandCore* c, EvResult* res, int seat) noexcept nogil:
    """查大叫 (BookRuleSet.best_possible): the most the seat's ready hand wins on a discard from the next seat,
    each waited tile scored (a fifth copy, or one giving a third suit, is no win); 0 when none pays; -1 where the
    rule book must work it out."""
    cdef uint8_t all_[34]
    cdef int t, m, st
    cdef uint64_t mask
    cdef int64_t best = 0
    if core_concealed(c, seat) % 3 != 1:
        return 0
    for t in range(34):
        all_[t] = c.hands[seat][t]
    for m in range(c.n_melds[seat]):
        t = c.meld_tile[seat][m]
        if c.meld_kind[seat][m] == MK_CHOW:
            all_[c.meld_low[seat][m]] += 1
            all_[c.meld_low[seat][m] + 1] += 1
            all_[c.meld_low[seat][m] + 2] += 1
        elif t < 34:
            all_[t] += 3 if c.meld_kind[seat][m] == MK_PUNG else 4
    mask = core_waits(c, seat)  # (K.waits of the concealed tiles, as the rule book finds them)
    for t in range(34):
        if not (mask >> t & 1) or all_[t] >= 4 or ((c.book.flags & EVF_LACK_A_SUIT) and ev_is_pig(c, seat, t)):
            continue
        st = ev_core_score(c, res, seat, t, (seat + 1) & 3, 0, 0, EVM_BEST, 0, -1, 0)
        if st != ER_OK:
            return -1  # (the rule book raises, or a value it must compute)
        if res.total > best:
            best = res.total
    return best


ctypedef struct EvWinLines:
    # the rows each win counted as the settlement scored it (ev_settle's won; GameCore.won_rows)
    int n[4]
    EvLine line[4][EV_MAX_ROWS]
    uint8_t renamed[4][EV_MAX_ROWS]
    int wait[4]                   # each win's wait (WAIT_*: the words a row's name shows for {wait})


# ---- 起手小胡: a rule file's [[opening]] rows paid in C -------------------------------------------------------------

cdef int ev_opening_paid(const HandCore* c, const EvBook* b, int i, int64_t* net) noexcept nogil:
    """Event i, an opening declaration (seat, the row's place in the file, times), paid into ``net`` as
    SpecialFlow.extra_lines pays it: each other seat at the table pays the row's amount for (it is the dealer, the
    declarer is) times the declarations, when positive.  0, or -1 where the rule book must pay it (no table in the
    image, a row it does not hold, times at the core's cap)."""
    cdef int seat = c.ev[i][1], row = c.ev[i][2], times = c.ev[i][3], payer
    cdef int64_t amount
    if not 0 <= row < b.n_openings or not 0 < times < 1000000 or not 0 <= seat < 4:
        return -1
    for payer in range(4):
        if payer == seat or not core_at_table(c, payer):
            continue
        amount = <int64_t>b.openings[row * 4 + 2 * (payer == c.dealer) + (seat == c.dealer)] * times
        if amount > 0:
            net[payer] -= amount
            net[seat] += amount
    return 0


# ---- 买马: a rule file's [horses] paid in C ----------------------------------------------------------------------

cdef int ev_horses_paid(const HandCore* c, const EvBook* b, int n_won, const int64_t* share, const int64_t* points,
                        int64_t* net) noexcept nogil:
    """The horses turned after the hand's ``n_won`` wins paid into ``net`` as SpecialFlow.extra_lines pays them:
    for each winner's horses that hit (core_horses), every line a win of that seat was paid by (``share``: what
    each payer paid) is paid again, value = horses_share * share + horses_covers * covers + horses_const per hit,
    when positive (covers: 1, the line being one payer's share, or every line where some win moved no money).
    0, or -1 where the rule book must pay them (no terms in the image, more wins than the lines kept, an amount
    out of range, a value reading covers on a line of other than one share: 包三家)."""
    cdef uint8_t tiles[CORE_WALL]
    cdef int i, j, p, hits, n = 0, paired = 1, seat
    cdef int64_t covers, per, amount, v
    cdef const int32_t* img = b.img
    if n_won > 4:
        return -1
    for j in range(n_won):
        if share[j * 4] + share[j * 4 + 1] + share[j * 4 + 2] + share[j * 4 + 3] == 0:
            paired = 0  # (_points_per_payer: a win that moved no money leaves every line covering one payer)
    for i in range(n_won):
        seat = c.won[i]
        hits = core_horses(c, seat, c.won_tile[i] if c.won_from[i] >= 0 else -1, tiles, &n)
        if hits < 0:
            return -1
        if hits == 0:
            continue
        if not img[EH_HORSES_PAID]:
            return -1
        for j in range(n_won):
            if c.won[j] != seat:
                continue
            per = points[j] if paired else 0
            for p in range(4):
                v = share[j * 4 + p]
                if v <= 0:
                    continue
                if v > (<int64_t>1 << 32):
                    return -1
                if per > 0 and v != per and img[EH_HORSES_COVERS] != 0:
                    return -1  # (a line of other than one share, 包三家's: the rule book counts what it covers)
                covers = 1
                v = (<int64_t>img[EH_HORSES_SHARE] * v + <int64_t>img[EH_HORSES_COVERS] * covers
                     + img[EH_HORSES_CONST])
                amount = v * hits
                if amount > 0:
                    net[p] -= amount
                    net[seat] += amount
    return 0


cdef int ev_settle(HandCore* c, EvWinLines* won=NULL) noexcept nogil:
    """The hand's nets (c.ev_net) folded over its event record so far, as the rule set settles it: each win's
    payments; with a [settlement] table (BookRuleSet.settle_by_book) the kongs paid as they happen by the seats
    still in play, 呼叫转移, and at the wall's end 查花猪, 查大叫 and 退税.  0, or -1 where the rule book must
    settle (a value the evaluator hands back, a record it does not expect).  ``won``: each win's counted rows
    written there too."""
    cdef const EvBook* b = c.book
    cdef const int32_t* img = b.img
    cdef EvResult* res
    cdef int i, k = 0, w = 0, s, p, kind, seat, frm, wf, kong_from, last, any_left, dealer_discards = 0
    cdef int won_mask = 0, transferred = 0, pigs = 0, ready = 0, playing, book = (b.flags & EVF_HAS_SETTLEMENT) != 0
    cdef int64_t income, amount
    cdef int64_t net[4]
    cdef int64_t best[4]
    cdef int64_t kpay[CORE_KONGS][4]  # each kong's income from each seat
    cdef int moved[CORE_KONGS]
    cdef int last_kong[4]
    cdef int last_play = -1
    cdef int64_t won_share[16]    # 买马: each win's lines, what each payer paid its winner
    cdef int64_t won_points[4]    # ... and its points per payer (the result's points_per_payer)
    cdef int held[4][2]           # 黄庄: the wildcards each seat holds, and their nets
    cdef int held_kongs = 0
    cdef int64_t held_net[4]
    if b.players != 4 and book:
        return -1  # (a [settlement] table is for four seats)
    for i in range(b.n_facts):
        s = b.facts[i * EVL_FACT + EFA_SOURCE]
        if (s == FS_BIRDS or s == FS_BIRD_SEATS or s == FS_HAIDI or s == FS_BONUS_SET_ASIDE or s == FS_DISCARDER_PUNG
                or s == FS_LATE_DISCARD or s == FS_OWN_TOTALS):
            # (facts of the moment a win is made, read from the core's state now: right only for the wins that end
            # the record; a win with play after it is settled by the rule book, from its record's facts)
            for p in range(c.n_ev):
                if c.ev[p][0] != EV_WIN:
                    last_play = p
            break
    res = <EvResult*>malloc(sizeof(EvResult))
    if res == NULL:
        return -1
    memset(net, 0, sizeof(net))
    memset(kpay, 0, sizeof(kpay))
    memset(moved, 0, sizeof(moved))
    for s in range(4):
        last_kong[s] = -1
    for i in range(c.n_ev):
        kind = c.ev[i][0]
        seat = c.ev[i][1]
        if kind == EV_DISCARD and seat == c.dealer:
            dealer_discards += 1
        if kind == EV_OPENING and ev_opening_paid(c, b, i, net) == 0:
            continue  # (起手小胡, paid at once by the book's table: SpecialFlow.extra_lines)
        if kind == EV_OPENING or kind == EV_INSTANT_WIN or kind == EV_PENALTY:
            free(res)
            return -1  # (a rule file's opening or instant win, a judge's penalty: paid by the rule book)
        if kind == EV_CLAIM and (c.ev[i][4] & 3) == CK_KONG or kind == EV_KONG:
            if k >= c.n_kongs or k >= CORE_KONGS:
                free(res)
                return -1
            last_kong[seat] = k
            if book and not c.kong_robbed[k]:  # 刮风下雨: paid by the seats still in play
                for s in range(4):
                    if s == seat or won_mask >> s & 1:
                        continue
                    if c.kong_kind[k] == MK_KONG:
                        amount = img[EH_MELDED_KONG_DISCARDER] if s == c.kong_from[k] else img[EH_MELDED_KONG_OTHERS]
                    elif c.kong_kind[k] == MK_ADDED_KONG:
                        amount = img[EH_ADDED_KONG]
                    else:
                        amount = img[EH_CONCEALED_KONG]
                    kpay[k][s] = amount
                    net[s] -= amount
                    net[seat] += amount
            k += 1
        elif kind == EV_WIN:
            if w >= c.n_won or i < last_play:
                free(res)
                return -1
            frm = c.won_from[w]
            wf = c.won_facts[w]
            kong_from = -1
            if wf & WF_KONG_REPLACEMENT:
                last = ev_last_kong(c, seat, k)
                if last >= 0 and c.kong_kind[last] == MK_KONG:
                    kong_from = c.kong_from[last]  # 点杠花: the kong was on this seat's discard
            if ev_core_score(c, res, seat, c.won_tile[w], frm, (wf & WF_ROBBING_KONG) != 0, wf, EVM_WIN, won_mask,
                             kong_from, dealer_discards) != ER_OK:
                free(res)
                return -1
            for s in range(4):
                net[s] += res.pay[s]
            if w < 4:  # (买马 reads the win's lines: lines_from_net of its payments, one receiver)
                won_points[w] = res.points
                for s in range(4):
                    won_share[w * 4 + s] = -res.pay[s] if res.pay[s] < 0 else 0
            if won != NULL and w < 4:
                won.n[w] = res.n_lines
                memcpy(won.line[w], res.lines, res.n_lines * sizeof(EvLine))
                memcpy(won.renamed[w], res.renamed, res.n_lines)
                won.wait[w] = res.best.wait
            if (book and img[EH_KONG_TRANSFER] and (wf & WF_AFTER_KONG_DISCARD) and frm >= 0
                    and not (transferred >> frm & 1)):
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
            w += 1
        elif kind == EV_WALL_END and not book and w == 0 and img[EH_HOLD_AT_DRAW] and c.ind_tile >= 0:
            # 黄庄: the wildcards each seat holds settled between every pair of seats ([wildcards.points] at_draw:
            # the rule set's settlement of such a hand, draw_settles_holdings)
            core_holdings(c, held, &held_kongs)
            ev_holding_nets(held, held_kongs, img + EH_HOLD_FIRST, held_net)
            for s in range(4):
                net[s] += held_net[s]
        elif kind == EV_WALL_END and book:
            playing = 15 & ~won_mask
            any_left = 0
            for s in range(4):
                best[s] = 0
                if not (playing >> s & 1):
                    continue
                any_left += 1
                if (b.flags & EVF_LACK_A_SUIT) and ev_is_pig(c, s, -1):
                    pigs |= 1 << s
                    continue
                best[s] = ev_best_possible(c, res, s)
                if best[s] < 0:
                    free(res)
                    return -1
                if best[s] > 0:
                    ready |= 1 << s
            if any_left < 2:
                free(res)
                return -1
            if img[EH_FLOWER_PIG_PENALTY]:  # 查花猪
                for p in range(4):
                    if not (pigs >> p & 1):
                        continue
                    for s in range(4):
                        if not (pigs >> s & 1) and (img[EH_FLOWER_PIG_PAYS_WON] or not (won_mask >> s & 1)):
                            net[p] -= img[EH_FLOWER_PIG_PENALTY]
                            net[s] += img[EH_FLOWER_PIG_PENALTY]
            if img[EH_NOT_READY_PAYS_BEST]:  # 查大叫
                for p in range(4):
                    if not (playing >> p & 1) or (ready >> p & 1) or (pigs >> p & 1):
                        continue
                    for s in range(4):
                        if ready >> s & 1:
                            net[p] -= best[s]
                            net[s] += best[s]
            if img[EH_NOT_READY_REFUNDS_KONGS]:  # 退税: a player not ready gives its kong income back
                for k in range(c.n_kongs):
                    seat = c.kong_seat[k]
                    if (playing >> seat & 1) and not (ready >> seat & 1) and not moved[k]:
                        for s in range(4):
                            net[seat] -= kpay[k][s]
                            net[s] += kpay[k][s]
            break
    free(res)
    if c.phase == PH_END and c.p.horses >= 0 and w > 0 and ev_horses_paid(c, b, w, won_share, won_points, net) != 0:
        return -1
    for s in range(4):
        if ev_big(net[s]):
            return -1
        c.ev_net[s] = net[s]
    return 0


# --- Nanchang's 精: the wildcards each seat holds, settled between every pair of seats ([wildcards.points]) --------
#
# A rule file's [wildcards.points] table (BookRuleSet.holding_points: first / second kind, the kong of the second
# kind, the breakthrough n·(n − offset) from a threshold on, the sole holder's factor) applied to the holdings read
# from the core, each seat paid its points by every other seat (strategies.all_pairs_settlement).  A drawn hand (黄庄)
# of a book that settles only these (BookRuleSet.draw_holdings_table) is settled here without leaving the core; the
# twin is the rule set's settle() on the hand's record (tests/game/test_core_holdings.py compares them).

cdef enum:
    # the compiled [wildcards.points] amounts (compiler.holdings_table), in this order
    HP_FIRST = 0
    HP_SECOND = 1
    HP_KONG = 2
    HP_BREAKS = 3        # 1: the breakthrough applies (0: the file names none)
    HP_THRESHOLD = 4
    HP_OFFSET = 5
    HP_SOLE = 6
    HP_SIZE = 7
    HP_LIMIT = EVL_HOLDING_LIMIT  # |amount| at most this: every product below stays far inside int64


cdef void core_holdings(const HandCore* c, int held[4][2], int* kongs) noexcept nogil:
    """The copies of the indicator's two wildcard kinds (its first and second, in the flow's order) each seat
    holds, hand and melds, and the seats (bits) holding a kong of the second kind (精杠), as the flow's jing_held
    reads them from the hand state."""
    cdef int s, m, k, t, x
    cdef int kinds[2]
    cdef int tiles[3]
    kinds[0] = c.p.ind_kinds[c.ind_tile][0] if 0 <= c.ind_tile < 34 else -1
    kinds[1] = c.p.ind_kinds[c.ind_tile][1] if 0 <= c.ind_tile < 34 else -1
    kongs[0] = 0
    for s in range(4):
        for k in range(2):
            held[s][k] = 0
            t = kinds[k]
            if t < 0:
                continue
            held[s][k] = c.hands[s][t]
            for m in range(c.n_melds[s] if c.n_melds[s] <= CORE_MELDS else CORE_MELDS):
                if c.meld_kind[s][m] == MK_CHOW:
                    core_meld_tiles(c, s, m, tiles)
                    for x in range(3):
                        held[s][k] += tiles[x] == t
                elif c.meld_tile[s][m] == t:
                    held[s][k] += 3 if c.meld_kind[s][m] == MK_PUNG else 4
                    if k == 1 and c.meld_kind[s][m] != MK_PUNG:
                        kongs[0] |= 1 << s


cdef void ev_holding_points(const int held[4][2], int kongs, const int32_t* hp, int64_t* points) noexcept nogil:
    """Each seat's points for its holdings (BookRuleSet.holding_points), by the amounts ``hp`` (HP_SIZE of them,
    each within ±HP_LIMIT: checked where they are given)."""
    cdef int64_t n
    cdef int s, holders = 0, sole = -1
    for s in range(4):
        n = (<int64_t>hp[HP_FIRST] * held[s][0] + <int64_t>hp[HP_SECOND] * held[s][1]
             + (hp[HP_KONG] if kongs >> s & 1 else 0))
        if hp[HP_BREAKS] and n >= hp[HP_THRESHOLD]:
            n = n * (n - hp[HP_OFFSET])
        points[s] = n
        if held[s][0] or held[s][1]:
            holders += 1
            sole = s
    if holders == 1:
        points[sole] *= hp[HP_SOLE]


cdef void ev_holding_nets(const int held[4][2], int kongs, const int32_t* hp, int64_t* net) noexcept nogil:
    """Each seat's points for its holdings (ev_holding_points), then every seat paid its points by each other
    seat: net[i] = Σ_{j≠i} (p_i − p_j)."""
    cdef int64_t points[4]
    cdef int64_t total = 0
    cdef int s
    ev_holding_points(held, kongs, hp, points)
    for s in range(4):
        total += points[s]
    for s in range(4):
        net[s] = 4 * points[s] - total


def core_holding_nets(GameCore core not None, amounts):
    """The nets of the wildcards every seat holds in ``core`` now, settled between every pair of seats by the
    compiled ``[wildcards.points]`` ``amounts`` (compiler.holdings_table: first, second, kong, whether the
    breakthrough applies, its threshold, its offset, the sole holder's factor); (0, 0, 0, 0) when no indicator
    was turned up."""
    cdef int held[4][2]
    cdef int kongs = 0, i
    cdef int32_t hp[HP_SIZE]
    cdef int64_t net[4]
    got = tuple(amounts)
    if len(got) != HP_SIZE or any(not isinstance(v, int) or isinstance(v, bool) or not -HP_LIMIT <= v <= HP_LIMIT
                                  for v in got):
        raise ValueError(f"amounts must be {HP_SIZE} whole numbers within ±{HP_LIMIT}, got {amounts!r}")
    if core.c.ind_tile < 0:
        return (0, 0, 0, 0)
    for i in range(HP_SIZE):
        hp[i] = got[i]
    core_holdings(core.c, held, &kongs)
    ev_holding_nets(held, kongs, hp, net)
    return (net[0], net[1], net[2], net[3])


#: the largest |amount| core_holding_nets takes (a book with a larger one is settled by the rule book)
HOLDING_AMOUNT_LIMIT = HP_LIMIT


cdef int ev_own_total(HandCore* c, int seat, const uint8_t* rows, int tai_cap, int64_t step, int64_t cap,
                      int64_t* out) noexcept nogil:
    """A seat's own total from its tiles as they lie now (玉环 输家互算: each loser's own 总胡数; the rule set's
    own_total_plan, its twin the rule set's own count): the book's rows marked in ``rows`` counted on the seat's
    held reading (its declared melds, then a concealed triplet of each kind it holds three or four of, wildcards
    apart, the other tiles loose: no pair, no winning tile, as a self-draw of the seat), added up as the book
    aggregates (sum, or 胡 x 2^台 with at most ``tai_cap`` 台: -1 none), rounded up to ``step`` (0 none) and held
    to ``cap`` (-1 none).  0, or -1 where the rule set must count it (a hand the reading cannot hold, a value too
    big, an expression that raises)."""
    cdef const EvBook* b = c.book
    cdef EvScan* S
    cdef EvHand* h
    cdef EvReading* r
    cdef int t, k, i, n_extra = 0, st = -1
    cdef int64_t tot[5]
    cdef int64_t v, tai
    cdef uint8_t extra[34]
    if b == NULL or not 0 <= seat < 4 or (b.aggregation != AGG_SUM and b.aggregation != AGG_HU_TAI):
        return -1
    S = <EvScan*>malloc(sizeof(EvScan))
    h = <EvHand*>malloc(sizeof(EvHand))
    r = <EvReading*>malloc(sizeof(EvReading))
    if S == NULL or h == NULL or r == NULL:
        free(S)
        free(h)
        free(r)
        return -1
    memset(S, 0, sizeof(EvScan))
    memset(extra, 0, 34)
    if ev_core_hand(c, b, h, seat, -1, -1, 0, 0, EVM_OWN, 0, -1, 0) != 0:
        h.n_melds = EV_MAX_MELDS + 1  # (a fact the evaluator does not take: the rule set counts)
    for t in range(34, CORE_TILES):
        if c.hands[seat][t] and not ((c.wild_now >> t) & 1):
            h.n_melds = EV_MAX_MELDS + 1  # (a bonus tile held that is no wildcard: not a hand the evaluator reads)
    if h.n_melds <= EV_MAX_MELDS and h.n_flowers == 0:
        S.b, S.h, S.status, S.form, S.single_wait, S.fan_cap = b, h, ER_OK, FORM_REGULAR, -1, -1
        for t in range(34):
            if h.counts[t] >= 3:  # 暗坎 (a concealed quad's fourth copy is not read)
                if S.n_melds >= EV_MAX_SETS:  # (more than a hand holds: the rule set counts it)
                    S.status = ER_FALLBACK
                    break
                S.melds[S.n_melds][0] = S.melds[S.n_melds][1] = S.melds[S.n_melds][2] = t
                S.n_melds += 1
        # the loose tiles, the honors first (the library reads the loose honors); those past what a reading
        # holds are counted in the reading's tiles only
        for k in range(34):
            t = 27 + k if k < 7 else k - 7
            if 0 < h.counts[t] < 3:
                for i in range(h.counts[t]):
                    if S.n_singles < 14:
                        S.singles[S.n_singles] = t
                        S.n_singles += 1
                    elif t < 27:
                        extra[t] += 1
                        n_extra += 1
                    else:
                        S.status = ER_FALLBACK
        for t in range(34):
            for i in range(h.wild_held[t]):
                if S.n_subs < 8:
                    S.subs[S.n_subs] = t
                    S.n_subs += 1
                else:
                    S.status = ER_FALLBACK
        if S.status == ER_OK and S.n_melds + h.n_melds <= EV_MAX_SETS:
            ev_view(S, r)
            if n_extra:
                for t in range(27):
                    r.counts[t] += extra[t]
                    if r.counts[t]:
                        r.suits |= 1 << (t // 9)
            if S.status == ER_OK and ev_count_rows(S, r) == 0:
                k = 0
                for i in range(S.n_lines):
                    if 0 <= S.lines[i].row < b.n_rows and rows[S.lines[i].row]:
                        S.lines[k] = S.lines[i]
                        k += 1
                if ev_totals(b, S.lines, k, tot) == 0:
                    if b.aggregation == AGG_SUM:
                        v = tot[0] + tot[1] + tot[2] + tot[3]
                        st = 0
                    else:
                        tai = tot[2] if tai_cap < 0 or tot[2] < tai_cap else tai_cap
                        if tai < 0:
                            tai = 0
                        if tai <= 40 and ev_mul(b.img[EH_HU_BASE] + tot[1], (<int64_t>1) << tai, &v) == 0:
                            v += tot[3]
                            st = 0
                    if st == 0 and ev_big(v):
                        st = -1
                    if st == 0:
                        if step > 0 and v % step:
                            v += step - v % step
                        if cap >= 0 and v > cap:
                            v = cap
                        out[0] = v
    free(S)
    free(h)
    free(r)
    return st


def core_own_totals(GameCore core not None, rows, int tai_cap, int64_t step, int64_t cap):
    """Each seat's own total (ev_own_total) on the compiled book the core was given (GameCore.decide_book), the
    book's rows marked in ``rows`` (one flag per row of the image); None for a seat the rule set must count."""
    cdef uint8_t marks[EV_MAX_ROWS]
    cdef int i, s
    cdef int64_t v
    if not core.c.ev_decide or core.c.book == NULL:
        raise ValueError("the core has no compiled book (decide_book)")
    flags = bytes(rows)
    if len(flags) != core.c.book.n_rows or core.c.book.n_rows > EV_MAX_ROWS:
        raise ValueError("one flag per row of the compiled book")
    if not -1 <= tai_cap <= 1000 or not 0 <= step <= EVL_LIMIT or not -1 <= cap <= EVL_LIMIT:
        raise ValueError("tai_cap is -1..1000, step 0.. and cap -1..")
    for i in range(core.c.book.n_rows):
        marks[i] = flags[i] != 0
    out = []
    for s in range(4):
        out.append(v if ev_own_total(core.c, s, marks, tai_cap, step, cap, &v) == 0 else None)
    return tuple(out)


cdef int64_t ev_own_totals_packed(HandCore* c, int winner) noexcept nogil:
    """The fact own_totals of ``winner``'s win: each other seat's own total (ev_own_total, as the book's
    set_own_totals says), the winner's 0, four in 16 bits each; absent where one is not counted in C."""
    cdef const EvBook* b = c.book
    cdef int s
    cdef int64_t v, packed = 0
    for s in range(4):
        if s == winner:
            continue
        if ev_own_total(c, s, b.own_rows[1 if c.ind_tile >= 0 else 0], b.own_tai_cap, b.own_step, b.own_cap,
                        &v) != 0 or not 0 <= v < 32768:
            return EVL_ABSENT
        packed |= v << (16 * s)
    return packed
