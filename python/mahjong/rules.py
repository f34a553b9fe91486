"""The rules object every kernel takes: which hands count as complete.

:class:`HandRules` says *what shape* a winning hand may have (hand size, special forms, honor sequences, tile
set).  It says nothing about scoring; each rule set in :mod:`mahjong.rulesets` holds one of these plus its
scoring options.

Exposed melds are not part of the rules: the kernels infer them from the tile count.  A hand with
``hand_size - 3k`` concealed tiles (wildcards included) has ``k`` melds exposed, and ``+1`` tile means it has
just drawn (``3n+2`` tiles, ready to be checked for a win or to discard).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import ClassVar

from mahjong._constants import FLAG_BITS
from mahjong.errors import RulesError

__all__ = ["HandRules", "DEFAULT", "GUOBIAO", "SICHUAN", "NANCHANG", "YUHUAN", "RIICHI_SHAPES", "PRESETS"]

# Bit layout of HandRules.flags, read by the compiled kernels: written once in mahjong._constants (which also
# generates src/mjcore/rules.pxd).
FLAG_SEVEN_PAIRS = FLAG_BITS["seven_pairs"]
FLAG_SEVEN_PAIRS_QUAD_AS_TWO = FLAG_BITS["seven_pairs_quad_as_two"]
FLAG_THIRTEEN_ORPHANS = FLAG_BITS["thirteen_orphans"]
FLAG_KNITTED = FLAG_BITS["knitted"]
FLAG_THIRTEEN_LAN = FLAG_BITS["thirteen_lan"]
FLAG_HONOR_SEQUENCES = FLAG_BITS["honor_sequences"]
FLAG_NO_HONORS = FLAG_BITS["no_honors"]
FLAG_LACK_A_SUIT = FLAG_BITS["lack_a_suit"]
FLAG_WAIT_ON_FOURTH_COPY = FLAG_BITS["wait_on_fourth_copy"]


@dataclass(frozen=True)
class HandRules:
    """Which hands are complete.  Frozen and hashable; build variants with :meth:`replace`.

    Attributes:
        hand_size: tiles held before the winning tile: 13 (most games) or 16 (Yuhuan 玉环: win = 5 melds + pair).
        seven_pairs: 七对 is a winning form.
        seven_pairs_quad_as_two: in 七对 four copies of one tile count as two pairs (Chinese rules: yes;
            Riichi: no).
        thirteen_orphans: 十三幺 is a winning form.
        knitted: the Guobiao knitted forms: 全不靠 / 七星不靠 (14 single tiles out of one 147/258/369 knitted
            set and the 7 honors) and 组合龙 + one meld + pair.
        thirteen_lan: Nanchang 十三烂 / 七星十三烂 (14 singles: suited tiles of one suit at least 3 apart,
            honors all different).
        honor_sequences: Nanchang: any three different winds form a sequence, and so do 中发白.
        no_honors: the tile set has no honors (Sichuan's 108 tiles); honors in a hand are an error.
        lack_a_suit: a winning hand holds at most two suits (Sichuan 缺一门).
        wait_on_fourth_copy: a hand waiting only on a tile it already holds all four of is ready (tenpai).
            ``False`` matches xiangting / riichienv; some Chinese servers say ``True``.
        max_wildcards: how many wildcards a hand may hold (Nanchang has 7 精 in play; 8 is the hard ceiling).
    """

    hand_size: int = 13
    seven_pairs: bool = True
    seven_pairs_quad_as_two: bool = True
    thirteen_orphans: bool = True
    knitted: bool = False
    thirteen_lan: bool = False
    honor_sequences: bool = False
    no_honors: bool = False
    lack_a_suit: bool = False
    wait_on_fourth_copy: bool = False
    max_wildcards: int = 8
    #: packed switches for the kernels (derived; not an init argument)
    flags: int = field(init=False, repr=False, compare=False)

    MAX_WILDCARDS: ClassVar[int] = 8

    def __post_init__(self) -> None:
        for name in FLAG_BITS:  # first: the checks below test these switches for truth
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rule switch {name} must be true or false, got {type(getattr(self, name)).__name__}")
        if type(self.hand_size) is not int or self.hand_size not in (13, 16):
            raise RulesError(f"hand_size must be the int 13 or 16, got {self.hand_size!r}")
        if type(self.max_wildcards) is not int or not 0 <= self.max_wildcards <= self.MAX_WILDCARDS:
            raise RulesError(f"max_wildcards must be 0..{self.MAX_WILDCARDS}, got {self.max_wildcards!r}")
        if self.hand_size == 16 and (self.knitted or self.thirteen_lan or self.thirteen_orphans or self.seven_pairs):
            raise RulesError("special forms (seven pairs, orphans, knitted, 十三烂) exist only for 13-tile hands")
        if self.no_honors and (self.honor_sequences or self.thirteen_orphans or self.knitted or self.thirteen_lan):
            raise RulesError("no_honors excludes honor sequences, thirteen orphans and the knitted/十三烂 forms")
        flags = 0
        for on, bit in (
            (self.seven_pairs, FLAG_SEVEN_PAIRS),
            (self.seven_pairs_quad_as_two, FLAG_SEVEN_PAIRS_QUAD_AS_TWO),
            (self.thirteen_orphans, FLAG_THIRTEEN_ORPHANS),
            (self.knitted, FLAG_KNITTED),
            (self.thirteen_lan, FLAG_THIRTEEN_LAN),
            (self.honor_sequences, FLAG_HONOR_SEQUENCES),
            (self.no_honors, FLAG_NO_HONORS),
            (self.lack_a_suit, FLAG_LACK_A_SUIT),
            (self.wait_on_fourth_copy, FLAG_WAIT_ON_FOURTH_COPY),
        ):
            if not isinstance(on, bool):
                raise RulesError(f"rule switches must be bool, got {on!r}")
            if on:
                flags |= bit
        object.__setattr__(self, "flags", flags)

    def replace(self, **changes: object) -> HandRules:
        """A copy with some fields changed (validated again); an unknown field is a :class:`RulesError`."""
        known = {f.name for f in fields(self) if f.init}
        unknown = sorted(str(k) for k in changes if k not in known)
        if unknown:
            raise RulesError(f"unknown HandRules field(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        return replace(self, **changes)  # type: ignore[arg-type]


#: Chinese default: 13 tiles, 七对 (a quad counts as two pairs) and 十三幺.
DEFAULT = HandRules()
#: Guobiao / Chinese Official: adds 全不靠, 七星不靠 and 组合龙.
GUOBIAO = HandRules(knitted=True)
#: Sichuan 血战到底: 108 tiles, at most two suits, 七对 (龙七对 with a quad), no 十三幺.
SICHUAN = HandRules(thirteen_orphans=False, no_honors=True, lack_a_suit=True)
#: Nanchang: honor sequences, 七对, 十三烂 / 七星十三烂; up to 7 精.
NANCHANG = HandRules(thirteen_orphans=False, thirteen_lan=True, honor_sequences=True, max_wildcards=7)
#: Yuhuan 玉环: 16-tile hands, 5 melds + pair, no special forms, 3 财神.
YUHUAN = HandRules(hand_size=16, seven_pairs=False, thirteen_orphans=False, max_wildcards=3)
#: The shapes Riichi libraries (xiangting, riichienv) use: a quad is not two pairs.
RIICHI_SHAPES = HandRules(seven_pairs_quad_as_two=False)

PRESETS: dict[str, HandRules] = {
    "default": DEFAULT,
    "guobiao": GUOBIAO,
    "sichuan": SICHUAN,
    "nanchang": NANCHANG,
    "yuhuan": YUHUAN,
    "riichi-shapes": RIICHI_SHAPES,
}
