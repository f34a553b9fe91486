"""Every rule set the engine plays (its flow table), for parametrizing the environment tests."""

from __future__ import annotations

from mahjong.game.flows import FLOWS

PLAYABLE = sorted(FLOWS)
