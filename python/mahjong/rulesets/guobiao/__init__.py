"""Guobiao / Chinese Official (国标麻将, MCR).

* :mod:`.fans` — the 81 fans plus the reference calculator's 明暗杠 as data (value, names, 不计 exclusions, rule
  text), and the opt-in non-Guobiao extras;
* :mod:`.detectors` — one small function per fan;
* :mod:`.readings` — the regular readings of the concealed tiles, in the reference's order;
* :mod:`.scorer` — the counting principles (就高不就低, 不重复, 不拆移, 不得相同, 套算一次) and the special forms;
  the best-regular-reading search runs in the compiled fan kernel (``mahjong._core._gb_best_regular``,
  src/mjcore/guobiao.pxi, fan table loaded from :mod:`.fans`) when the compiled backend is in use, else in its
  pure-Python twin ``scorer.best_regular_py`` (MAHJONG_PURE_PYTHON=1; tests/guobiao/test_gb_kernel_twin.py
  checks that both give identical fan vectors);
* :mod:`.settlement` — base 8 + fan payments;
* :mod:`.config` / :mod:`.ruleset` — ``GuobiaoConfig``, ``GuobiaoContext`` and the ``Guobiao`` rule set.

    >>> from mahjong.rulesets.guobiao import Guobiao, GuobiaoContext
    >>> r = Guobiao().score("[123m,1]147m258p369s5m5m", GuobiaoContext(discarder=3))
    >>> [(i.name_zh, i.count) for i in r.items], r.total, r.payments
    ([('组合龙', 1), ('平和', 1), ('独听・单钓', 1)], 15, (39, -8, -8, -23))
"""

from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_BY_KEY, FANS, Fan
from mahjong.rulesets.guobiao.ruleset import Guobiao, GuobiaoContext, WinningTile

__all__ = ["Guobiao", "GuobiaoConfig", "GuobiaoContext", "WinningTile", "FANS", "FAN_BY_KEY", "EXTRA_FANS", "Fan"]
