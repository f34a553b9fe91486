"""The two-player game (《麻将游戏规则》 (二人麻将) "麻将番数计算规则 — 三、麻将游戏规则").

What 《麻将游戏规则》 (二人麻将) states, and where it lives here:

* 136 tiles (筒 万 条 36 each + 风字 28), of which **71 are chosen at random** for each game — :func:`deal`
  (seeded); the dealer gets 14 tiles, the other player 13, leaving 44 to draw.
* 吃 / 碰 / 杠 freely (chow from the opponent); a concealed kong keeps the hand 门清.
* 抢杠 only on an added kong (蓄杠), **scored as a self-draw** (记分按自摸计).
* The loss is capped (封顶) at the 役满 value, **13 番**.
* 报听: a player may declare ready at any time; the hand is then locked (``TwoPlayerContext.declared_ready``).
* When the 71 tiles run out: nobody ready → 流局; one ready → that player performs 海底捞月; both ready → the
  one who became ready first does (:func:`haidi_performer`).
* Dealer: the first game's dealer is random; the winner deals the next game; after a 流局 the dealer stays
  (:func:`next_dealer`).
* 花牌 add fan when winning (value not given).

What it leaves open, and our choice (each a :class:`TwoPlayerConfig` field): 《麻将游戏规则》 (二人麻将) has **no fan table**; no
other source was found (), so the fans are those of the common fan table (:mod:`mahjong.rulesets.common`,
the other table in the same seed), with its filled rows.  海底捞月 is a win on a tile fished from the tiles not in
play; its value is not given — we count Guobiao's 8.  A flower counts 1 fan (Guobiao).  The loser pays the capped
fan total × ``base``.

Seats: the two players sit at seats 0 and 1; seats 2 and 3 are empty (always 0 in payments).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, RulesError
from mahjong.framework import ScoreItem, ScoreResult, WinContext, arithmetic_details
from mahjong.hand import Hand
from mahjong.rulesets.common import COMMON_SHAPES, CommonContext, CommonTable
from mahjong.settlement import (
    Draw,
    HandRecord,
    Kong,
    Payment,
    Settlement,
    check_record_for,
    check_robbed_kongs,
    context_for,
    lines_from_net,
)
from mahjong.tiles import FLOWER_BASE, N_KINDS

__all__ = [
    "TwoPlayerConfig",
    "TwoPlayerContext",
    "TwoPlayer",
    "Deal",
    "deal",
    "haidi_performer",
    "haidi_tile",
    "next_dealer",
    "PLAYERS",
    "GAME_TILES",
]

#: the two seats in play
PLAYERS = (0, 1)
#: tiles used in one game (seed: 随机选出71张牌进行游戏)
GAME_TILES = 71


@dataclass(frozen=True)
class TwoPlayerConfig:
    """Options of the two-player game.

    base: points per fan the loser pays. Default 1 — source: not in 《麻将游戏规则》 (二人麻将); our choice.
    cap: the loss cap in fan (封顶 = 役满). Default 13 — source: 《麻将游戏规则》 (二人麻将) "上限封顶即役满牌型，为13番".
    haidi_fan: fans for winning in the 海底捞月 phase (《麻将游戏规则》 (二人麻将) names the phase, not its value). Default 8 —
        source: taken from Guobiao (海底捞月 / 妙手回春 8).
    flower_fan: fans per flower held on a win (《麻将游戏规则》 (二人麻将): "胡牌时花牌可以多算番", no value). Default 1 — source:
        taken from Guobiao (花牌 1 each).
    filled_rows: count the rows added to the common table (断幺, 门清 …; see mahjong.rulesets.common). Default True —
        source: the common table's own default.
    qiong_hu_ignores_filled: as in the common table (穷胡 when no row of 《麻将游戏规则》 (二人麻将)'s table applies). Default True —
        source: the common table's own default.
    """

    base: int = 1
    cap: int = 13
    haidi_fan: int = 8
    flower_fan: int = 1
    filled_rows: bool = True
    qiong_hu_ignores_filled: bool = True

    def __post_init__(self) -> None:
        for name in ("base", "cap"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise RulesError(f"twoplayer option {name} must be a positive int, got {v!r}")
        for name in ("haidi_fan", "flower_fan"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RulesError(f"twoplayer option {name} must be a non-negative int, got {v!r}")
        for name in ("filled_rows", "qiong_hu_ignores_filled"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"twoplayer option {name} must be true or false, got {getattr(self, name)!r}")


@dataclass(frozen=True)
class TwoPlayerContext(CommonContext):
    """Two-player win facts beyond :class:`WinContext`.

    Attributes:
        kou_ting: (from :class:`CommonContext`) the 报听 was made on the dealer's first discard (扣听, common
            table 25 番); needs ``declared_ready``.
        declared_ready: the winner had declared ready (报听); no fan of its own (《麻将游戏规则》 (二人麻将) gives none).
        haidi: the win is the 海底捞月 after the 71 tiles ran out (self-drawn).
    """

    declared_ready: bool = False
    haidi: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("winner", "dealer"):
            if getattr(self, name) not in PLAYERS:
                raise ContextError(f"two-player game: {name} must be seat 0 or 1, got {getattr(self, name)!r}")
        if self.discarder is not None and self.discarder not in PLAYERS:
            raise ContextError(f"two-player game: the discarder must be seat 0 or 1, got {self.discarder!r}")
        if self.kou_ting and not self.declared_ready:
            raise ContextError("扣听 (kou_ting) is a 报听 made at the start: set declared_ready too")
        if self.haidi and not self.self_drawn:
            raise ContextError("海底捞月 is self-drawn (the ready player fishes the tile)")


# --- dealing -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """One game's tiles: the 71 in play (shuffled, in drawing order), the two hands, the wall, the rest."""

    tiles: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    wall: tuple[int, ...]
    unused: tuple[int, ...]
    dealer: int


def full_set(flowers: bool = False) -> list[int]:
    """The 136 tiles (4 of each of 34 kinds); with ``flowers`` the 8 flowers too (144)."""
    tiles = [t for t in range(N_KINDS) for _ in range(4)]
    if flowers:
        tiles += list(range(FLOWER_BASE, FLOWER_BASE + 8))
    return tiles


def deal(seed: int | random.Random | None = None, dealer: int = 0, *, flowers: bool = False) -> Deal:
    """Choose the game's 71 tiles at random from the 136 and deal: dealer 14, the other player 13, wall 44.

    ``seed`` makes it repeatable (an int or a :class:`random.Random`).  Flowers drawn into a hand stay in it
    (they are shown and add fan on a win); 《麻将游戏规则》 (二人麻将)'s 136-tile set has none, so ``flowers`` is off by default.
    """
    if dealer not in PLAYERS:
        raise ContextError(f"two-player game: dealer must be seat 0 or 1, got {dealer!r}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    pool = full_set(flowers)
    chosen = rng.sample(pool, GAME_TILES)
    first, second = chosen[:14], chosen[14:27]
    hands = (tuple(sorted(first)), tuple(sorted(second))) if dealer == 0 else (tuple(sorted(second)), tuple(sorted(first)))
    rest = list(pool)
    for t in chosen:
        rest.remove(t)
    return Deal(tuple(chosen), hands, tuple(chosen[27:]), tuple(sorted(rest)), dealer)


# --- the 海底捞月 phase and the dealer rule ---------------------------------------------------------------------------


def haidi_performer(ready: set[int] | frozenset[int], ready_order: tuple[int, ...] = ()) -> int | None:
    """Who performs 海底捞月 when the 71 tiles are used up: nobody ready → ``None`` (流局); one ready → that
    player; both → the one who became ready first (``ready_order``)."""
    ready = set(ready)
    if not ready:
        return None
    if len(ready) == 1:
        return next(iter(ready))
    for s in ready_order:
        if s in ready:
            return s
    raise ContextError("both players are ready: ready_order must say who became ready first (先听牌的玩家)")


def haidi_tile(game: Deal, seed: int | random.Random | None = None) -> int:
    """The tile the 海底捞月 performer fishes: one of the 65 tiles not in play, at random (our reading of the
    two-player rules page's phase; it wins if the tile completes the ready hand)."""
    if not game.unused:
        raise ContextError("no tiles outside the game to fish from")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return rng.choice(game.unused)


def next_dealer(dealer: int, winner: int | None) -> int:
    """The winner deals the next game; after a 流局 (``winner=None``) the dealer stays (seed: 谁胡牌下盘当庄家，
    若流局则上盘的庄家下盘继续当庄家)."""
    if dealer not in PLAYERS or (winner is not None and winner not in PLAYERS):
        raise ContextError("two-player game: seats are 0 and 1")
    return dealer if winner is None else winner


# --- the rule set -----------------------------------------------------------------------------------------------


class TwoPlayer(CommonTable):
    """The two-player 71-tile game, scored with the common fan table (see the module docstring)."""

    name = "twoplayer"
    title = "Two-player game (二人麻将, 71 of 136 tiles)"
    summary = "Two-player 71-tile game: common fan table, 13-fan cap, 报听, 海底捞月 phase, winner deals"
    Config = TwoPlayerConfig  # type: ignore[assignment]
    Context = TwoPlayerContext
    seats = PLAYERS

    def check_hand(self, hand: Hand) -> None:
        hand.check_size(13, complete=True)  # flowers are allowed: they add fan

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx = super().context(hand, context)
        if ctx.robbing_kong and ctx.discarder is None:
            raise ContextError("抢杠: give the seat whose added kong was robbed as discarder")
        if getattr(ctx, "declared_ready", False) is False and getattr(ctx, "kou_ting", False):
            raise ContextError("扣听 needs declared_ready")
        return ctx

    def extra_items(self, hand: Hand, ctx: WinContext) -> list[ScoreItem]:
        items = []
        if hand.flowers and self.config.flower_fan:  # type: ignore[attr-defined]
            items.append(ScoreItem("hua_pai", "花牌", "Flowers", self.config.flower_fan, len(hand.flowers),  # type: ignore[attr-defined]
                                   note="胡牌时花牌可以多算番 — value taken from Guobiao (1 each)"))
        if getattr(ctx, "haidi", False) and self.config.haidi_fan:  # type: ignore[attr-defined]
            items.append(ScoreItem("hai_di_lao_yue", "海底捞月", "Fishing the moon", self.config.haidi_fan,  # type: ignore[attr-defined]
                                   note="won in the 海底捞月 phase — value taken from Guobiao (8)"))
        return items

    def cap(self) -> int | None:
        return self.config.cap  # type: ignore[attr-defined, no-any-return]

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a two-player win: common-table fans (+ flowers, 海底捞月), capped at 13; the loser pays
        ``capped × base``.  抢杠 is scored as a self-draw (seed: 记分按自摸计)."""
        h = self._hand(hand)
        ctx = self.context(h, context)
        scoring_ctx = ctx
        if ctx.robbing_kong:
            # 抢杠 记分按自摸计: the fans are those of a self-draw; the konger is still the one who pays
            from dataclasses import replace

            scoring_ctx = replace(ctx, discarder=None, robbing_kong=False)
        result = super().score(h, scoring_ctx)
        loser = 1 - ctx.winner
        points = result.total * self.config.base
        payments = [0, 0, 0, 0]
        payments[ctx.winner], payments[loser] = points, -points
        details: dict[str, Any] = dict(result.details, points=points, robbed_kong_as_self_draw=ctx.robbing_kong)
        fan = result.details.get("fan", result.total)
        lines = [(f"番数合计 {fan}" + (f"，封顶 {result.total}" if fan != result.total else ""),
                  f"fan {fan}" + (f", capped at {result.total}" if fan != result.total else "")),
                 (f"{result.total} 番 × {self.config.base} = {points}，由 {loser} 号座位付",
                  f"{result.total} fan × {self.config.base} = {points}, paid by seat {loser}")]
        details.update(arithmetic_details(*lines))
        return ScoreResult(self.name, result.items, result.total, "fan", result.reading, result.wait, True,
                           tuple(payments), None, details)

    def payers(self, ctx: WinContext) -> list[int]:
        return [1 - ctx.winner]

    def is_ready(self, hand: Hand) -> bool:
        """听牌: some tile completes the 13-tile hand."""
        hand.check_size(13, complete=False)
        return bool(K.waits(hand.concealed, 0, COMMON_SHAPES).tiles)

    def settle(self, record: HandRecord) -> Settlement:
        """Settle one two-player game: at most one win (the game ends on it).  After a Draw (the 71 tiles used
        up) only the 海底捞月 performer may still win, self-drawn; with no win after it the game is a 流局."""
        check_record_for(self, record)
        lines: list[Payment] = []
        results: list[ScoreResult] = []
        details: dict[str, Any] = {}
        seen_draw: Draw | None = None
        performer: int | None = None
        check_robbed_kongs(record.events)  # 抢杠 only on an added kong (蓄杠)
        for i, ev in enumerate(record.events):
            if isinstance(ev, Kong):
                if seen_draw is not None:
                    raise ContextError(f"event {i}: no kongs after the wall ran out")
                for s in (ev.seat, ev.from_seat):
                    if s is not None and s not in PLAYERS:
                        raise ContextError(f"event {i}: two-player game: seats are 0 and 1, got {s}")
            elif isinstance(ev, Draw):
                if sorted(ev.hands) != list(PLAYERS):
                    raise ContextError(f"event {i}: the draw must give both players' final hands (seats 0 and 1)")
                ready = {s for s in PLAYERS if self.is_ready(ev.hand(s))}
                performer = haidi_performer(ready, ev.ready_order)
                details.update(ready=sorted(ready), haidi_performer=performer)
                seen_draw = ev
            else:
                if results:
                    raise ContextError(f"event {i}: the game ends on the first win")
                extra: dict[str, Any] = {}
                if seen_draw is not None:
                    if performer is None:
                        raise ContextError(f"event {i}: nobody was ready at the wall's end: the game is a 流局")
                    if ev.seat != performer or ev.discarder is not None:
                        raise ContextError(
                            f"event {i}: after the wall ran out only seat {performer} may win, self-drawn (海底捞月)"
                        )
                    extra["haidi"] = True
                ctx = context_for(self, record, ev, **extra)
                result = self.score(ev.hand, ctx)
                results.append(result)
                lines += lines_from_net(result.payments, "win", i, f"seat {ev.seat} 胡", winner=ev.seat)
        winner = record.wins[0].seat if record.wins else None
        details["next_dealer"] = next_dealer(record.dealer if record.dealer in PLAYERS else 0, winner)
        return Settlement.from_lines(record.ruleset, lines, results, details)

