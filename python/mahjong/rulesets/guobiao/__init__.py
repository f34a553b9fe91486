"""Guobiao / Chinese Official (国标麻将, MCR): the 81 fans (plus the reference's 明暗杠) as data
(:mod:`.fans`), one detector per fan (:mod:`.detectors`), the counting principles and best-reading search
(:mod:`.scorer`), settlement (:mod:`.settlement`) and the rule set (:mod:`.ruleset`)."""

from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_BY_KEY, FANS, Fan
from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.ruleset import Guobiao, GuobiaoContext, WinningTile

__all__ = ["Guobiao", "GuobiaoConfig", "GuobiaoContext", "WinningTile", "FANS", "FAN_BY_KEY", "EXTRA_FANS", "Fan"]
