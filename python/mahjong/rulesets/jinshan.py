"""Jinshan 金山麻将 "有麻子" (Shanghai): 花 + 百搭, hu points, 翻 and the 辣子 cap.

Source: 《金山麻将胡数算法》 "金山麻将胡数算法 / 有麻子胡数算法"; where it is silent, each choice is a named option.

Tiles: 136 + 8 flowers.  春夏秋冬 (``f1``..``f4``) are 花, bonus tiles worth 4 hu each; 梅兰竹菊 (``f5``..``f8``)
are the four 百搭 (wildcards).  Write the 百搭 a player holds among the flowers (``"…f5f7"``): the scorer takes
them out of the flowers and hands them to the kernels as wildcards.  "老头张" = winds, dragons and every 1 / 9;
all other tiles are "嫩张".  Seat ↔ wind ↔ flower: 头家 (dealer) = 东 = 春, then 南 = 夏, 西 = 秋, 北 = 冬.

Score of a win (the adopted model)::

    总胡 = (Σ Part One hu + Part Two hu) × 2^翻        (capped at 辣子)
    直接辣子 hands (全老头, 门门槛, 大四喜, 大三元, 十三幺, 四百搭, 天胡, 地胡) = 辣子

* Part One (起拍打牌阶段): pungs, concealed triplets, kongs (老头 vs 嫩), each 花, a pair of the seat wind or
  of a dragon.
* Part Two (胡牌阶段): the value of the wait, discard vs self-draw.  The table already contains the value of the
  set the winning tile completes (双碰 self-draw 嫩 16 = 10 + 2 + 4 一刻), so the triplet completed by a 双碰 win is
  not counted again in Part One.
* Part Three (胡后阶段): 翻 items (one each; 清一色 three).

Limits (no source says otherwise): a 百搭 never stands for a fifth copy of a tile (the kernels' rule, applied to
the whole hand with its exposed melds); 百搭 are held concealed (a meld written in brackets holds real tiles only);
四百搭 needs a complete hand like every other 辣子 hand; 七对 is not a Jinshan hand.

The rule set scores by its rule file, ``mahjong/rulebook/games/jinshan.toml``, and compiles like any other: its
rows (the 直接辣子 hands as the ``limit_group``, Part One, Part Two with a discard and a self-drawn value, the 翻),
the 百搭 as wildcard flowers (a drawn one won on: the fact ``wildcard_win``), every place of the winning tile
(``[win] placements``), the readings it refuses (a 百搭 as a fifth copy, a 十三幺 the options do not pay), the
formula, the 拦 N 胡 minimum before the cap and the payments with the dealer's factor.  This module keeps the
options' documentation, the win facts (:class:`JinshanContext`, with their checks) and the table's rows by key.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Literal

from mahjong.errors import ContextError, RulesError
from mahjong.framework import WinContext
from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.load import load_book
from mahjong.rulebook.options import ValidatedConfig, option
from mahjong.rulebook.rows import RuleRow
from mahjong.rulesets._rulebook import describe_config, document_config

__all__ = ["JinshanConfig", "JinshanContext", "Jinshan", "BOOK", "ROWS", "row"]

#: the rule table as a rule book (the one source of its rows and of its options' documentation)
BOOK: RuleBook = load_book(str(resources.files("mahjong.rulebook") / "games" / "jinshan.toml"))
#: the table's rows, in the book's order (直接辣子, Part One, Part Two, 翻)
ROWS: tuple[RuleRow, ...] = BOOK.rows
_ROW = {r.key: r for r in ROWS}


def row(key: str) -> RuleRow:
    """A row of the table by key."""
    try:
        return _ROW[key]
    except KeyError:
        raise RulesError(f"no row {key!r} in the Jinshan table") from None


def _meta(name: str) -> dict[str, Any]:
    """The documentation of one of the book's options, as field metadata."""
    m = BOOK.options[name][2]
    return {"zh": m.get("zh", ""), "en": m.get("en", ""), "source": m.get("source", "")}


# --- configuration ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class JinshanConfig(ValidatedConfig):
    owner = "jinshan"

    max_points: int = option(200, minimum=1, **_meta("max_points"))  # old name: laizi_cap
    min_hu: int = option(20, minimum=0, **_meta("min_hu"))
    fan_mode: Literal["double", "linear"] = option("double", **_meta("fan_mode"))
    thirteen_orphans_win: bool = option(True, **_meta("thirteen_orphans_win"))  # old name: thirteen_orphans
    thirteen_orphans_needs_flower: bool = option(True, **_meta("thirteen_orphans_needs_flower"))
    thirteen_orphans_pair_2hu: bool = option(False, **_meta("thirteen_orphans_pair_2hu"))
    single_wait_pair_bonus: bool = option(False, **_meta("single_wait_pair_bonus"))
    discard_payment: Literal["discarder", "all"] = option("discarder", **_meta("discard_payment"))
    dealer_factor: int = option(1, minimum=1, **_meta("dealer_factor"))


document_config(JinshanConfig, "Jinshan 金山 有麻子 house rules.")


@dataclass(frozen=True)
class JinshanContext(WinContext):
    """Win facts for Jinshan beyond :class:`WinContext`.

    Attributes:
        wildcard_win: the winning tile is a 百搭 the winner drew (self-draw only); it then stands for whatever
            tile scores best.  The 百搭 is written among the flowers like the others.
    """

    wildcard_win: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.wildcard_win, bool):
            raise ContextError(f"wildcard_win must be true or false, got {self.wildcard_win!r}")
        if self.wildcard_win and not self.self_drawn:
            raise ContextError("wildcard_win: a 百搭 winning tile is self-drawn (nobody discards one to win on)")
        if self.heavenly and (self.winner != self.dealer or not self.self_drawn):
            raise ContextError("天胡 (heavenly) is the dealer winning on the dealt tiles: winner = dealer, self-drawn")
        if self.earthly and (self.winner == self.dealer or self.discarder != self.dealer):
            raise ContextError("地胡 (earthly) is a non-dealer winning on the dealer's first discard")


class Jinshan(BookRuleSet):
    """金山 有麻子: 花 and 百搭, Part One / Part Two hu, 翻, the 辣子 cap (《金山麻将胡数算法》), scored by its rule
    file."""

    name: ClassVar[str] = "jinshan"
    title: ClassVar[str] = "Jinshan 金山麻将 有麻子 (花 + 百搭)"
    summary: ClassVar[str] = "Jinshan 金山 有麻子: 4 百搭 wildcards, hu table × 2^翻, 辣子 cap"
    book: ClassVar[RuleBook] = BOOK
    Config: ClassVar[type] = JinshanConfig
    Context: ClassVar[type[WinContext]] = JinshanContext
    config: JinshanConfig

    def describe_options(self) -> list[tuple[str, Any, str]]:
        return describe_config(self.config)

    def context(self, hand: Any, context: WinContext | None) -> WinContext:
        """A JinshanContext, or a plain WinContext read as one."""
        if context is None or isinstance(context, JinshanContext) or type(context) is WinContext:
            return super().context(hand, context)
        raise ContextError(f"Jinshan needs a JinshanContext (or a plain WinContext), got {type(context).__name__}")
