"""The expert agent: a hand-written player that plays for wins that pay and stops feeding ready opponents.

It sees what its seat sees (its own tiles, the melds, the rivers, the tiles face up, the wall's length) and
weighs every discard in one currency, the points it expects:

* **Attack**: the chance of completing the hand before the wall runs out — the steps left (shanten), each
  taken on a draw with the chance its useful tiles' unseen copies give, the last also on others' discards
  where the rule set lets a discard win — times what the win would pay.  A ready hand's waits are scored one
  by one by the rule set's own scorer in the seat's real context (on a discard and self-drawn); one tile from
  ready, every useful draw is followed to the best ready hand it makes and that hand's waits are scored.  A
  wait whose win would not be allowed (Guobiao's 8-fan minimum, Sichuan's lacking suit) is worth nothing, so a
  hand that cannot be won is not played for.  Farther away the win's worth is the rule set's typical win (one
  that holds a wildcard where the game has them).  A wildcard left unseen is an out for every step (on one's own
  draw), and a win is worth what the rule set pays for it as the seat sees it: with its wildcards or without
  (红中's and 推倒胡's wildcard-free wins pay more), and what the tiles turned up from the wall after it are
  expected to pay (抓鸟 birds, 买马 horses): the rule book's count and hitting tiles, each hit's payment from its
  own rows, the chance of a hit from the copies the seat cannot see (the wall itself is never read).
* **Claims**: a pung, chow or kong is taken when it raises the hand's expected points.  In a rule set with a
  minimum (the scorer's ``valid``: Guobiao's 8 fan) a claim must leave a win worth taking in sight — ready,
  or one tile away with such a win behind it — otherwise the hand stays concealed.  A kong on a discard that
  keeps the hand as close is taken where kongs pay at once (the flow pays during play), elsewhere only one
  that brings the hand closer; a concealed kong whenever the hand stays as close (a ready hand's waits then
  scored with the kong among its melds).
* **Defence**: an opponent looks ready from its melds and how long it has played; a discard's danger is the
  chance that it is such an opponent's winning tile (none for a tile with no copy unseen, less for terminals
  and for honours already shown, a quarter for a tile that opponent discarded itself) times what dealing in
  costs more than another's win: the rule set's own payments, from its scorer (nothing where only
  self-drawn wins count).  Far from ready against a threat, the safest discard wins the comparison.
* **Before play**: 定缺 on the suit it holds fewest of; 换三张 three of the least useful tiles of its weakest suit.

Every choice is one of the legal actions given; it never declines a win it may take.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from mahjong._kernels import backend_module as K
from mahjong.errors import MahjongError
from mahjong.framework import WinContext
from mahjong.game.actions import Action, held_after_claim
from mahjong.game.rng import SplitMix64
from mahjong.hand import Hand

if TYPE_CHECKING:
    from mahjong.game.engine import Game

__all__ = ["ExpertAgent"]

#: how often an opponent's discard is a tile the ready hand waits on, against one's own draw (opponents keep
#: the tiles they need): a discard win's chances per round are 1 + this x the opponents still playing
_DISCARD_SHARE = 0.6
#: the chance a tile is an opponent's winning tile once it is ready, by tile class (scaled by its unseen copies)
_RISK_SUITED = (0.06, 0.09, 0.12, 0.13, 0.13, 0.13, 0.12, 0.09, 0.06)  # 1..9
_RISK_HONOR = 0.08  # an honour with no copy shown; less as copies are shown
_RISK_OWN_DISCARD = 0.25  # a tile the opponent discarded itself: this share of the risk (no furiten here)
#: fold when the attacking discard's danger is more than this times the points the hand is expected to bring
#: (the danger and the chances are rough estimates: folding on an even comparison gives up too many hands)
_FOLD = 4.0
#: the melds from which an opponent may look ready
_READY_MELDS = 2
#: complete hands tried in turn for a rule set's typical win (the first its scorer allows)
_TYPICAL_WINS = ("123m456m789m123p55p", "123m456m234p678p55p", "111m222m333p456p77p", "11m22m33m44p55p66p77p")


class _Look:
    """One decision's view from ``seat``: its tiles, the copies it cannot see, and the kernels and the rule
    set's scorer over hypothetical hands (answers kept in ``memo`` for the hand)."""

    def __init__(self, game: Game, seat: int, memo: dict[str, Any]) -> None:
        st = game.state
        self.game, self.seat, self.st, self.flow = game, seat, st, game.flow
        self.rules = game.ruleset.hand_rules
        self.counts = list(st.hands[seat])
        seen = list(st.visible[:34])
        for s in game.flow.seats:  # another seat's concealed kong is face down
            if s != seat:
                for m in st.melds[s]:
                    if m.kind == "concealed_kong":
                        seen[m.tile] -= 4
        copies = memo.get("copies")
        if copies is None:
            copies = memo["copies"] = _copies(game)
        self.unseen = [max(0, copies[t] - seen[t] - self.counts[t]) for t in range(34)]
        # this hand's wildcard kinds among the 34 (红中, the turned-up ghost ...): a wildcard drawn is an out for
        # every step of every hand, which the kernels' useful tiles (real tiles only) leave out
        kinds = game.flow.wild_kinds(st)
        self.wild = tuple(sorted(t for t in kinds if t < 34))
        self.wild_kept = tuple(sorted(t for t in kinds if t >= 34))  # bonus tiles kept as wildcards (Jinshan's 百搭)
        self.left = max(1, sum(self.unseen))
        playing = [s for s in game.flow.seats if s in st.playing]
        others = [s for s in playing if s != seat]
        self.discarder = others[0] if others else None
        self.opponents = len(others)
        live = st.live_for(seat) if st.segment else (st.live - st.reserve) // max(1, len(playing))
        self.draws = max(0, live)
        # the chance that no opponent has won yet at each of the rounds left (see race(): all ones until it runs)
        self.alive: Sequence[float] = ()
        self.others = [(len(st.melds[s]), st.turns[s], bool(st.ready[s])) for s in others]
        self._shanten: dict[tuple[int, ...], int] = memo.setdefault("shanten", {})
        self._useful: dict[tuple[int, ...], tuple[int, ...]] = memo.setdefault("useful", {})
        # (a win's value changes little from turn to turn: kept for the hand while the melds stay)
        self._value: dict[tuple[Any, ...], tuple[float, float]] = memo.setdefault("value", {})
        self._ready: dict[tuple[int, ...], tuple[float, float]] = {}
        self.melds = tuple(st.meld_of(seat, m, game.flow.meld_offset) for m in st.melds[seat])
        self.flowers = tuple(t for t in st.bonus[seat] if t >= 34)  # (set aside; the kept ones are in the counts)
        ctx_cls: type[WinContext] = getattr(game.ruleset, "Context", WinContext)
        self.ctx_cls = ctx_cls
        self.ctx_fields = {f.name for f in fields(ctx_cls)}
        self.typical: float = memo["typical"][0]
        self.deal_in_cost: float = memo["typical"][1]
        after = memo.get("after")
        if after is None:
            after = memo["after"] = _AfterWin(game)
        self.after: _AfterWin = after

    def claiming(self, kind: str, tiles: tuple[int, ...], from_seat: int | None) -> _Look:
        """This view as it would be after claiming ``tiles`` from ``from_seat`` (the meld counts in the wins)."""
        from mahjong.game.state import TableMeld

        out = copy.copy(self)
        out.melds = self.melds + (self.st.meld_of(self.seat, TableMeld(kind, tiles, from_seat), self.flow.meld_offset),)
        out._ready = {}
        return out

    # --- the kernels --------------------------------------------------------------------------------------------

    def kernel_hand(self, counts: Sequence[int]) -> tuple[bytes, int]:
        real, wild = self.flow.wildcard_count(self.st, list(counts))
        return bytes(real), wild

    def shanten(self, counts: Sequence[int]) -> int:
        key = tuple(counts)
        sh = self._shanten.get(key)
        if sh is None:
            real, wild = self.kernel_hand(counts)
            try:
                sh = int(K.shanten(real, wild, self.rules))
            except MahjongError:
                sh = 99
            self._shanten[key] = sh
        return sh

    def useful(self, counts: Sequence[int]) -> tuple[int, ...]:
        key = tuple(counts)
        out = self._useful.get(key)
        if out is None:
            real, wild = self.kernel_hand(counts)
            try:
                out = tuple(t for t in K.useful_tiles(real, wild, self.rules) if t < 34)
            except MahjongError:
                out = ()
            if out and self.wild and wild < self.rules.max_wildcards:  # (a wildcard stands for any useful tile)
                out += tuple(w for w in self.wild if w not in out)
            self._useful[key] = out
        return out

    def race(self, steps: int, hands: Sequence[Sequence[int]]) -> None:
        """Set the chance, round by round, that no opponent has won before this seat's draw: the hand ends with
        another's win as often as with one's own, and in a fast game (wildcards, many tiles useful) a slow wait
        loses the race that its chances over the whole wall leave out.  Each opponent is taken to be as far as
        this seat (``steps``: the closest of its ``hands``; nothing better is known of a concealed hand) and
        each step taken with the chance of the best of those hands' useful tiles, the last also on others'
        discards where a discard win counts; one that looks ready (its melds, a declared ready hand) has the
        last step only, with that chance."""
        copies = max((sum(self.unseen[t] for t in self.useful(h)) for h in hands if self.shanten(h) == steps),
                     default=0)
        if not copies or steps >= 99:
            self.alive = ()
            return
        rate = 1.0 + _DISCARD_SHARE * self.opponents if self.deal_in_cost > 0 else 1.0
        far = _progress((copies,) * steps + (copies * rate,), self.left, self.draws)
        near = _progress((copies * rate,), self.left, self.draws)
        alive = [1.0] * self.draws
        for melds, turns, declared in self.others:
            q = _looks_ready(melds, turns, declared)
            for k in range(self.draws):
                alive[k] *= 1.0 - (q * near[k] + (1.0 - q) * far[k])
        self.alive = alive

    # --- what a win is worth ------------------------------------------------------------------------------------

    def value(self, counts: Sequence[int], tile: int) -> tuple[float, float]:
        """(rate, worth) of winning on ``tile`` with the concealed ``counts`` (before the tile): the chances per
        round relative to one's own draw (1, plus the opponents' discards where a discard win is allowed) and
        the points the win would bring, self-drawn and on a discard mixed as they come; (0, 0) where no win on
        it would be allowed."""
        key = (tuple(counts), tile, self.melds)
        out = self._value.get(key)
        if out is None:
            # (a wildcard is counted as an out on one's own draw only: players keep the wildcards they hold)
            on_discard = None if tile in self.wild else self._win_value(counts, tile, self.discarder)
            self_drawn = self._win_value(counts, tile, None)
            if on_discard is None:
                out = (1.0, self_drawn) if self_drawn is not None else (0.0, 0.0)
            else:
                extra = _DISCARD_SHARE * self.opponents
                rate = (1.0 if self_drawn is not None else 0.0) + extra
                out = (rate, ((self_drawn or 0.0) + extra * on_discard) / rate)
            self._value[key] = out
        return out

    def _win_value(self, counts: Sequence[int], tile: int, from_seat: int | None) -> float | None:
        game, st, flow = self.game, self.st, self.flow
        concealed = [t for t in range(34) for _ in range(counts[t])] + [tile]
        # a Hand lists the bonus tiles kept in the hand (Jinshan's 百搭) among its flowers: leaving them out would
        # score every hand holding one as short of tiles, never a win
        kept = [t for t in range(34, len(counts)) for _ in range(counts[t])]
        try:
            hand = Hand(tuple(sorted(concealed)), self.melds, tuple(sorted(self.flowers + tuple(kept))), tile)
            kw = game.context_kwargs(self.seat, tile, from_seat, False)
            kw.update(flow.check_facts(st, self.seat))
            # (the facts of the tiles turned up after the win, the birds, are unknown: the rows are scored
            # without them and their expectation added by the after-win model)
            known = self.ctx_fields - flow.facts_after_win
            kw = {k: v for k, v in kw.items() if k in known}
            result = game.ruleset.offered_score(hand, self.ctx_cls(**kw))
            if result is None or not result.valid or not flow.may_win(st, self.seat, result):
                return None
            holds_wild = any(concealed.count(w) for w in self.wild) or any(counts[w] for w in self.wild_kept)
            paid = _paid(game, hand, self.ctx_cls, kw, self.seat, self.after, holds_wild, self.unseen,
                         result.payments)
        except (MahjongError, AssertionError):
            return None
        return float(max(0.0, paid[self.seat]))

    def ready(self, counts: Sequence[int]) -> tuple[float, float]:
        """A ready hand's (chances per round, worth of a win): each allowed wait's unseen copies times its rate,
        and the mean worth over them."""
        key = tuple(counts)
        out = self._ready.get(key)
        if out is None:
            chances = worth = 0.0
            for w in self.useful(counts):
                if self.unseen[w]:
                    rate, v = self.value(counts, w)
                    chances += self.unseen[w] * rate
                    worth += self.unseen[w] * rate * v
            out = (chances, worth / chances if chances else 0.0)
            self._ready[key] = out
        return out

    def expected(self, counts: Sequence[int], sh: int) -> float:
        """The points the hand ``counts`` (after a discard) is expected to bring: its chance of completing
        before the wall runs out times the win's worth."""
        if sh >= 99:
            return -1.0
        if sh == 0:
            chances, worth = self.ready(counts)
            return _complete((chances,), self.left, self.draws, self.alive) * worth
        useful = self.useful(counts)
        if sh == 1:
            first = 0.0
            chances = worth = 0.0
            for u in useful:
                if not self.unseen[u]:
                    continue
                c = list(counts)
                c[u] += 1
                best = (0.0, 0.0)
                for d in range(34):
                    if c[d] and d != u:
                        c[d] -= 1
                        if self.shanten(c) == 0:
                            r = self.ready(c)
                            if r[0] * r[1] > best[0] * best[1]:
                                best = r
                        c[d] += 1
                first += self.unseen[u]
                chances += self.unseen[u] * best[0]
                worth += self.unseen[u] * best[0] * best[1]
            if not chances:
                return 0.0
            return _complete((first, chances / first), self.left, self.draws, self.alive) * worth / chances
        # farther: each useful draw followed to the best hand it makes (the most unseen useful tiles then);
        # the steps after it are taken at that rate, the last also on discards where a discard win counts
        first = second = 0.0
        for u in useful:
            n = self.unseen[u]
            if not n:
                continue
            c = list(counts)
            c[u] += 1
            most = 0
            for d in range(34):
                if c[d] and d != u:
                    c[d] -= 1
                    if self.shanten(c) == sh - 1:
                        most = max(most, sum(self.unseen[x] for x in self.useful(c)))
                    c[d] += 1
            first += n
            second += n * most
        if not first:
            return 0.0
        later = second / first
        rate = 1.0 + _DISCARD_SHARE * self.opponents if self.deal_in_cost > 0 else 1.0
        steps = (first,) + (later,) * (sh - 1) + (later * rate,)
        return _complete(steps, self.left, self.draws, self.alive) * self.typical


class _AfterWin:
    """What the tiles turned up from the wall after a win pay on top of it, as the rule book says: 抓鸟 (its
    ``birds`` and which of them hit, each hit paid by the payment's own rows) and 买马 (its ``[horses]``: how
    many, the tiles that fall on the winner, what each payer pays again for each).  :meth:`expected` gives the
    expectation of those payments by seat over the tiles a seat cannot see: every turned-up tile is taken to be
    one of the unseen copies, each alike (the wall itself is never read)."""

    def __init__(self, game: Game) -> None:
        from mahjong.rulebook.special import HorseRule, bird_hits, option_values

        flow = game.flow
        self.seats = tuple(flow.seats)
        book = getattr(flow, "book", None)
        play = getattr(book, "flow", None)
        self.birds = int(getattr(play, "birds", 0) or 0)
        self.by_seat = bool(self.birds) and getattr(play, "bird_hits", "") == "seat"
        # (by count: the kinds whose bird hits)
        self.bird_hit = tuple(bool(self.birds) and not self.by_seat and bird_hits(book, [t]) > 0 for t in range(34))
        self.names: dict[str, Any] = option_values(game.ruleset, book) if book is not None else {}
        rule = getattr(getattr(flow, "special", None), "horses", None)
        self.horses = rule if isinstance(rule, HorseRule) and (not rule.option or self.names.get(rule.option)) else None
        self.horse_count = self.horse_count_without = 0
        self.horse_start = "dealer"
        if self.horses is not None:
            self.horse_count = self._number(self.horses.count)
            without = self.horses.count_without_wildcards
            self.horse_count_without = self.horse_count if without is None else self._number(without)
            start = self.horses.start
            self.horse_start = start if start in ("dealer", "winner") else str(self.names.get(start, "dealer"))
            if not (self.horse_count or self.horse_count_without):
                self.horses = None  # (none turned under these options)

    def _number(self, node: Any, **names: int) -> int:
        from mahjong.rulebook.expr import BUILTINS, evaluate_int

        return evaluate_int(node, {**self.names, **names}, dict(BUILTINS))

    def __bool__(self) -> bool:
        return bool(self.birds or self.horses)

    def expected(self, payments: Sequence[int], rescored: Callable[[dict[str, Any]], Sequence[int]], winner: int,
                 dealer: int, holds_wild: bool, unseen: Sequence[int]) -> list[float]:
        """The expected after-win payments by seat for a win of ``winner`` whose rows pay ``payments`` (without
        birds); ``rescored(facts)`` is the same win's payments with the birds' win facts set as given."""
        out = [0.0] * len(payments)
        left = sum(unseen[:34])
        if not self or not left:
            return out
        share = [u / left for u in unseen[:34]]
        if self.by_seat:
            # 扎鸟 by seat: each bird on a seat adds what one bird there adds to the payments (the rows are linear
            # in the birds), times the birds expected on it
            from mahjong.rulebook.special import birds_by_seat

            on = [0.0] * 4
            for t in range(34):
                if share[t]:
                    for s, n in enumerate(birds_by_seat(winner, [t], self.seats)):
                        on[s] += self.birds * share[t] * n
            for s in self.seats:
                if on[s]:
                    one = [0] * 4
                    one[s] = 1
                    paid = rescored({"bird_seats": one})
                    for k in range(len(out)):
                        out[k] += on[s] * (paid[k] - payments[k])
        elif self.birds:
            # by count: what one hit adds, times the hits expected
            hits = self.birds * sum(share[t] for t in range(34) if self.bird_hit[t])
            if hits:
                paid = rescored({"birds": 1})
                for k in range(len(out)):
                    out[k] += hits * (paid[k] - payments[k])
        if self.horses is not None:
            from mahjong.rulebook.special import horse_seat

            rule = self.horses
            n = self.horse_count if holds_wild else self.horse_count_without
            start = dealer if self.horse_start == "dealer" else winner
            hits = n * sum(share[t] for t in range(34)
                           if share[t] and horse_seat(t, start, rule.positions, self.seats) == winner)
            if hits:
                # (covers: one payer carrying the others' shares, 包三家, is rare enough to count as one)
                for payer, amount in enumerate(payments):
                    if payer != winner and amount < 0:
                        again = hits * self._number(rule.value, share=-amount, covers=1)
                        out[payer] -= again
                        out[winner] += again
        return out


def _complete(chances: Sequence[float], unseen: int, draws: int, alive: Sequence[float] = ()) -> float:
    """The chance of passing the steps in order within ``draws`` rounds, step i taken in a round with chance
    ``chances[i] / unseen`` (a geometric race, step by step), the last step counted in round k only while no one
    else has won (``alive[k]``; always where it is not given)."""
    state = [1.0] + [0.0] * len(chances)
    p = [min(0.95, c / unseen) for c in chances]
    last = len(chances) - 1
    won = 0.0
    for k in range(draws):
        for i in range(last, -1, -1):
            moved = state[i] * p[i]
            state[i] -= moved
            if i == last:
                won += moved * (alive[k] if k < len(alive) else 1.0)
            else:
                state[i + 1] += moved
    return won


def _progress(chances: Sequence[float], unseen: int, draws: int) -> list[float]:
    """Round by round, the chance of having passed the steps in order (as :func:`_complete`, every round)."""
    state = [1.0] + [0.0] * len(chances)
    p = [min(0.95, c / unseen) for c in chances]
    out = []
    for _ in range(draws):
        for i in range(len(chances) - 1, -1, -1):
            moved = state[i] * p[i]
            state[i] -= moved
            state[i + 1] += moved
        out.append(state[-1])
    return out


def _copies(game: Game) -> list[int]:
    """The tile set's copies of each kind (a kind the game does not use has none)."""
    copies = [0] * 34
    for t in game.flow.tiles():
        if t < 34:
            copies[t] += 1
    return copies


def _paid(game: Game, hand: Hand, ctx_cls: type[WinContext], kw: dict[str, Any], winner: int, after: _AfterWin,
          holds_wild: bool, unseen: Sequence[int], rows: Sequence[int] | None = None) -> list[float]:
    """``winner``'s win's payments by seat (context ``kw``; ``rows``: those payments if already scored) with what
    the tiles turned up after it are expected to pay."""

    def rescored(facts: dict[str, Any]) -> Sequence[int]:
        return game.ruleset.score(hand, ctx_cls(**kw, **facts)).payments

    if rows is None:
        rows = rescored({})
    more = after.expected(rows, rescored, winner, game.state.dealer, holds_wild, unseen)
    return [p + m for p, m in zip(rows, more)]


def _typical(game: Game, seat: int, after: _AfterWin) -> tuple[float, float]:
    """The rule set's typical win, as the points it brings the winner, and what dealing in costs more than
    another seat's discard win: read from its scorer on the first of a few plain complete hands it allows, with
    what the tiles turned up after it are expected to pay (any tile of the set alike)."""
    from mahjong.hand import parse_hand

    flow = game.flow
    ctx_cls: type[WinContext] = getattr(game.ruleset, "Context", WinContext)
    known = {f.name for f in fields(ctx_cls)}
    seats = [s for s in flow.seats if s != seat]
    winner, third = seats[0], seats[-1]
    gain = 0.0
    wild = sorted(t for t in flow.wild_kinds(game.state) if t < 34)
    copies = _copies(game)
    for text in _TYPICAL_WINS:
        hand = parse_hand(text)
        if wild and hand.win_tile is not None:
            # (where the game has wildcards, the usual win holds one: it stands for the winning tile)
            concealed = list(hand.concealed)
            concealed.remove(hand.win_tile)
            hand = Hand(tuple(sorted(concealed + [wild[0]])), hand.melds, hand.flowers, wild[0])
        try:
            # (with the table's public facts a win needs: the turned-up tile that makes the wildcards)
            base: dict[str, Any] = {"winner": winner, "dealer": game.state.dealer,
                                    "prevalent_wind": game.state.prevalent_wind,
                                    "indicator": getattr(game.state, "indicator", None)}
            base = {k: v for k, v in base.items() if k in known}
            drawn = game.ruleset.score(hand, ctx_cls(**base))
            if not drawn.valid:
                continue
            gain = float(max(0.0, _paid(game, hand, ctx_cls, base, winner, after, bool(wild), copies)[winner]))
            on_discard_kw = {k: v for k, v in {**base, "discarder": seat}.items() if k in known}
            result = game.ruleset.score(hand, ctx_cls(**on_discard_kw))
            on_discard = _paid(game, hand, ctx_cls, on_discard_kw, winner, after, bool(wild), copies)
        except (MahjongError, TypeError):
            continue
        if not result.valid:
            return gain, 0.0
        extra = (on_discard[third] if third != winner else 0) - on_discard[seat]
        return gain, float(max(0, extra))
    return max(gain, 1.0), 0.0


class ExpertAgent:
    """The expert agent (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed, 0xE4E)
        self._game: Game | None = None
        self._hand: tuple[int, int] | None = None
        self._memo: dict[str, Any] = {}
        self._typical: dict[tuple[Any, ...], tuple[float, float]] = {}
        self._after: dict[tuple[Any, ...], _AfterWin] = {}

    def _memo_for(self, game: Game, seat: int) -> dict[str, Any]:
        """What is worth keeping between this seat's decisions in one hand (shanten, useful tiles, values)."""
        key = (seat, len(game.state.melds[seat]))
        if game is not self._game or key != self._hand:
            rules = (game.rules, repr(sorted(game.options.items())), seat, game.state.dealer,
                     getattr(game.state, "indicator", None))
            after = self._after.get(rules[:2])
            if after is None:
                after = self._after[rules[:2]] = _AfterWin(game)
            typical = self._typical.get(rules)
            if typical is None:
                typical = self._typical[rules] = _typical(game, seat, after)
            copies = self._memo.get("copies") if game is self._game else None
            self._game, self._hand, self._memo = game, key, {"typical": typical, "after": after}
            if copies is not None:
                self._memo["copies"] = copies
        return self._memo

    def choose(self, game: Game, seat: int, legal: list[Action]) -> Action:
        for a in legal:
            if a.kind == "win":
                result = game.win_score(seat, a.tile)
                if result is None or result.valid:
                    return a
        kinds = {a.kind for a in legal}
        if "lack" in kinds:
            return self._lack(game, seat, legal)
        if "pick" in kinds:
            return self._pick(game, seat, legal)
        look = _Look(game, seat, self._memo_for(game, seat))
        if kinds & {"discard", "ready"}:
            return self._turn(look, legal)
        claims = [a for a in legal if a.kind in ("pung", "chow", "kong")]
        if claims:
            choice = self._claim(look, claims)
            if choice is not None:
                return choice
        for a in legal:
            if a.kind == "pass":
                return a
        return legal[0]

    # --- before play --------------------------------------------------------------------------------------------

    def _lack(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """定缺: the suit held fewest of (then the one with fewer pairs)."""
        h = game.state.hands[seat]

        def weight(suit: int) -> tuple[int, int]:
            tiles = h[suit * 9:suit * 9 + 9]
            return (sum(tiles), sum(1 for c in tiles if c >= 2))

        return min(legal, key=lambda a: weight(a.tile))

    def _pick(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """换三张: the least useful tile of the weakest suit that may still be picked (one pick at a time)."""
        h = list(game.state.hands[seat][:34])
        picks = [a for a in legal if a.kind == "pick"]
        suit = min({a.tile // 9 for a in picks}, key=lambda s: (sum(h[s * 9:s * 9 + 9]), s))

        def keep(t: int) -> int:  # how much a tile is worth keeping: its copies and its neighbours
            near = sum(h[x] for x in (t - 2, t - 1, t + 1, t + 2) if 0 <= x < 27 and x // 9 == t // 9)
            return 3 * h[t] + near

        return min((a for a in picks if a.tile // 9 == suit), key=lambda a: (keep(a.tile), a.tile))

    # --- a turn -------------------------------------------------------------------------------------------------

    def _turn(self, look: _Look, legal: list[Action]) -> Action:
        counts = look.counts
        discards = [a for a in legal if a.kind == "discard"] or [a for a in legal if a.kind == "ready"]
        shanten = {}
        for a in discards:
            c = list(counts)
            c[a.tile] -= 1
            shanten[a.tile] = (look.shanten(c), c)
        low = min(sh for sh, _ in shanten.values())
        look.race(low, [c for _, c in shanten.values()])
        danger = _Danger(look)
        rows = []
        for a in discards:
            sh, c = shanten[a.tile]
            # (only the closest discards and one step behind are worth the scoring)
            points = look.expected(c, sh) if sh <= low + 1 else 0.0
            rows.append((_steps(sh, points), points, danger.of(a.tile), a))
        attack = min(rows, key=lambda r: (r[0], r[2] - r[1]))
        # fold: the attacking discard is expected to cost several times what the hand is expected to bring
        fold = attack[2] > _FOLD * attack[1]
        choice = min(rows, key=lambda r: (r[2], r[0], -r[1]))[3] if fold else attack[3]
        for k in legal:  # a concealed kong that keeps the hand as close is free (and pays where kongs pay)
            if k.kind == "concealed_kong":
                c = list(counts)
                c[k.tile] -= 4
                after = look.shanten(c)
                # (a ready hand's wins are scored with the kong among its melds)
                if after <= low and (after > 0 or look.claiming(k.kind, (k.tile,) * 4, None).ready(c)[0] > 0):
                    return k
        ready = [r for r in legal if r.kind == "ready" and r.tile == choice.tile]
        return ready[0] if ready else choice

    # --- claims -------------------------------------------------------------------------------------------------

    def _claim(self, look: _Look, claims: list[Action]) -> Action | None:
        counts = look.counts
        now = look.shanten(counts)
        look.race(now, [counts])
        now_points = look.expected(counts, now)
        now_key = (_steps(now, now_points), -now_points)
        minimum = _has_minimum(look.game)
        best: tuple[tuple[float, float], Action] | None = None
        for a in claims:
            c = held_after_claim(counts, a)
            from_seat = look.st.last_discard[0] if look.st.last_discard else look.seat
            if a.kind == "kong":
                # where a kong pays at once (the flow pays during play), one that keeps the hand as close is taken;
                # elsewhere it gives up the tile's place in the hand for one replacement draw and shows the hand
                # (measured in duplicate play: no better than passing), so only one that brings the hand closer
                sh = look.shanten(c)
                if sh > now or (sh == now and not look.flow.pays_during_play):
                    continue
                konged = look.claiming(a.kind, (a.tile,) * 4, from_seat)
                if sh == 0 and not konged.ready(c)[0]:
                    continue
                if sh == now:
                    key = (now_key[0], now_key[1] - 0.01)
                else:
                    points = konged.expected(c, sh)
                    key = (_steps(sh, points), -points)
            else:
                after = []
                for t in range(34):
                    if c[t]:
                        c[t] -= 1
                        after.append((look.shanten(c), list(c)))
                        c[t] += 1
                sh = min((s for s, _ in after), default=99)
                if sh >= now or (sh >= 2 and minimum):
                    continue  # no closer, or too far to see a win worth taking behind it
                tiles = tuple(a.meld) if a.kind == "chow" else (a.tile,) * 3
                held = look.claiming(a.kind, tiles, from_seat)
                points = max(held.expected(cc, s) for s, cc in after if s == sh)
                key = (_steps(sh, points), -points)
                if sh <= 1 and points <= 0.0:
                    continue  # nothing worth winning behind the claim
            if key < now_key and (best is None or key < best[0]):
                best = (key, a)
        return best[1] if best is not None else None


def _steps(sh: int, points: float) -> float:
    """How far a hand is, for ranking discards: its shanten, but a hand ready or one tile away with no win
    worth taking in sight ranks behind the one-away hands that have one (and a ready one ahead of a one-away)."""
    if sh <= 1 and points <= 0.0:
        return 1.3 + 0.3 * sh
    return float(sh)


def _has_minimum(game: Game) -> bool:
    """The rule set turns down some complete hands (Guobiao's 8-fan minimum): its config's ``min_fan``."""
    config = getattr(game.ruleset, "config", None)
    return bool(getattr(config, "min_fan", 0))


def _looks_ready(melds: int, turns: int, declared: bool) -> float:
    """How likely an opponent is ready, from what shows: a declared ready hand is; otherwise only melds tell
    (two or more: the fewer tiles it holds, the likelier; later in the hand, likelier still).  A concealed hand
    gives no sign worth acting on: guessing at it costs more wins than it saves."""
    if declared:
        return 1.0
    if melds < _READY_MELDS:
        return 0.0
    return min(0.9, 0.3 + 0.2 * (melds - _READY_MELDS) + 0.02 * turns)


class _Danger:
    """How likely each discard is to be a ready opponent's winning tile, times what dealing in would cost."""

    def __init__(self, look: _Look) -> None:
        st, seat = look.st, look.seat
        self.look = look
        self.opponents: list[tuple[float, set[int]]] = []
        for s in look.flow.seats:
            if s == seat or s not in st.playing:
                continue
            self.opponents.append((_looks_ready(len(st.melds[s]), st.turns[s], st.ready[s]),
                                   {t for t, _ in st.discards[s]}))

    def of(self, tile: int) -> float:
        cost = self.look.deal_in_cost
        if tile >= 34 or cost <= 0:
            return 0.0
        unseen = self.look.unseen[tile]
        if unseen == 0 and tile >= 27:
            return 0.0
        base = _RISK_HONOR * (unseen / 3.0) if tile >= 27 else _RISK_SUITED[tile % 9] * (0.5 + unseen / 6.0)
        total = 0.0
        for p, own in self.opponents:
            total += p * base * (_RISK_OWN_DISCARD if tile in own else 1.0)
        return float(total * cost)
