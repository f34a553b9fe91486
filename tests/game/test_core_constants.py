"""One source for the hand core's numbers: mahjong.game._core_constants and the action index of actions.py.

The build generates src/mjcore/enginedefs.pxd from them; these tests fail when the committed copy, the
compiled module or the Python action index drifts from the source.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from mahjong.game import _core_constants as cc
from mahjong.game import actions

PURE = os.environ.get("MAHJONG_PURE_PYTHON") == "1"


def test_action_slots_are_read_from_the_action_module() -> None:
    slots = cc.action_slots()
    assert slots["N_ACTIONS"] == actions.N_ACTIONS
    for name, value in slots.items():
        assert getattr(actions, name) == value
    # every Action kind's slot lies inside the index the C side is given
    assert max(v for k, v in slots.items() if k != "N_ACTIONS") < slots["N_ACTIONS"]


def test_generated_pxd_is_the_current_rendering() -> None:
    pxd = Path(__file__).resolve().parents[2] / "src" / "mjcore" / "enginedefs.pxd"
    if not pxd.exists():  # tests copied out of the tree (the wheel leg): the compiled check below covers it
        assert not (Path(__file__).resolve().parents[2] / "setup.py").exists()
        return
    assert pxd.read_text(encoding="utf-8") == cc.render_pxd()


def test_phases_are_the_state_phases() -> None:
    from mahjong.game.state import Phase

    assert cc.PHASES == tuple(v for k, v in vars(Phase).items() if k.isupper())


def test_compiled_core_constants_match_the_source() -> None:
    try:
        core = importlib.import_module("mahjong._core")
    except ImportError:
        if PURE:
            pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)")
        raise
    got = core._core_constants()
    assert got["N_ACTIONS"] == actions.N_ACTIONS
    assert (got["WIN"], got["PASS"], got["LACK"], got["CHOW"]) == (actions.WIN, actions.PASS, actions.LACK,
                                                                  actions.CHOW)
    assert got["PH_END"] == cc.PHASES.index("end") and got["PH_LACK"] == cc.PHASES.index("lack")
    assert got["EV_BEGIN"] == cc.EVENT_KINDS.index("begin") and got["EV_WIN"] == cc.EVENT_KINDS.index("win")
    assert got["CS_END"] == cc.STATUSES.index("end") and got["CS_SCORE"] == cc.STATUSES.index("score")
    assert got["CR_OVER"] == -1 - cc.REFUSALS.index("over")
    assert got["MK_CONCEALED_KONG"] == cc.MELD_KINDS.index("concealed_kong")
