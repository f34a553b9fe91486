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

What it leaves open, and our choice (each an option of the rule file): 《麻将游戏规则》 (二人麻将) has **no fan
table**; no other source was found, so the fans are those of the common fan table (the other table in the same
rule pages), with its unlisted rows.  海底捞月 is a win on a tile fished from the tiles not in play; its value is
not given — we count Guobiao's 8.  A flower counts 1 fan (Guobiao).  The loser pays the capped fan total × ``base``.

The rule set is its rule file, ``mahjong/rulebook/games/twoplayer.toml`` (on top of ``common.toml``; the name
``twoplayer-file`` is this same rule set): the rows, options, cap, 抢杠 scored as a self-draw and who pays are read
from it by :class:`~mahjong.rulebook.book.BookRuleSet`.  This module keeps the config's Python types, the win
facts, dealing the 71 tiles, and the game's own settlement: the 海底捞月 phase (:meth:`TwoPlayer.settle`).

Seats: the two players sit at seats 0 and 1; seats 2 and 3 are empty (always 0 in payments).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError
from mahjong.framework import ScoreResult, WinContext
from mahjong.hand import Hand
from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.options import ValidatedConfig
from mahjong.rulebook.presets import shipped_book
from mahjong.rulesets._rulebook import book_option, describe_config, document_config
from mahjong.rulesets.common import COMMON_SHAPES, CommonContext
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
    "BOOK",
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

#: the game as a rule book (the one source of its rows, options and scoring)
BOOK: RuleBook = shipped_book("twoplayer.toml")

#: the two seats in play
PLAYERS = (0, 1)
#: tiles used in one game (随机选出71张牌进行游戏: the rule file's flow.tiles_in_play)
GAME_TILES: int = BOOK.tiles_in_play or 136


def _opt(name: str) -> Any:
    return book_option(BOOK, name)


@dataclass(frozen=True)
class TwoPlayerConfig(ValidatedConfig):
    owner = "twoplayer"

    base: int = _opt("base")
    max_fan: int = _opt("max_fan")  # old name: cap
    haidi_fan: int = _opt("haidi_fan")
    flower_fan: int = _opt("flower_fan")
    unlisted_rows: bool = _opt("unlisted_rows")  # old name: filled_rows
    qiong_hu_table_rows_only: bool = _opt("qiong_hu_table_rows_only")  # old name: qiong_hu_ignores_filled
    discard_all_pay: bool = _opt("discard_all_pay")


document_config(TwoPlayerConfig, "Options of the two-player game (from its rule file):")


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


class TwoPlayer(BookRuleSet):
    """The two-player 71-tile game, scored with the common fan table (see the module docstring)."""

    name = "twoplayer"
    title = "Two-player game (二人麻将, 71 of 136 tiles)"
    nets_by_wins = True  # (settle: each win's payments; a drawn game (流局) moves no money)
    summary = "Two-player 71-tile game: common fan table, 13-fan cap, 报听, 海底捞月 phase, winner deals"
    book = BOOK
    Config = TwoPlayerConfig
    Context = TwoPlayerContext
    config: TwoPlayerConfig
    seats = PLAYERS

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    def check_hand(self, hand: Hand) -> None:
        hand.check_size(13, complete=True)  # flowers are allowed: they add fan

    def context(self, hand: Hand, context: WinContext | None) -> WinContext:
        ctx = context if isinstance(context, TwoPlayerContext) else super().context(hand, context)
        if ctx.robbing_kong and ctx.discarder is None:
            raise ContextError("抢杠: give the seat whose added kong was robbed as discarder")
        return ctx

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

