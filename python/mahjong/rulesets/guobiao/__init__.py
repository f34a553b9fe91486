"""Guobiao / Chinese Official (国标麻将, MCR).

* :mod:`.fans` — the 81 fans plus the reference calculator's 明暗杠 as rule-book rows (``RuleRow``: value,
  names, 不计 exclusions, rule text, source) with Guobiao's counting facts beside them, and the opt-in
  non-Guobiao extras;
* :mod:`.detectors` — the tile classes the fans test, over tile ids, and the reference's tile order;
* the fan kernel: the compiled one (``mahjong._core._gb_score``, src/mjcore/guobiao.pxi) and its pure-Python
  twin :mod:`.scorer` (MAHJONG_PURE_PYTHON=1), one algorithm with the same function names, scoring the whole
  hand, every form, from one packed record; the counting principles (就高不就低, 不重复, 不拆移, 不得相同,
  套算一次) are applied there; the compiled kernel's fan table (src/mjcore/gb_fans.pxi) is generated from
  :mod:`.fans` by :mod:`.kernel_table`; tests/guobiao/test_gb_corpus.py and test_gb_twin.py check both give the
  same results;
* ``Guobiao.score_batch`` / ``score_records`` — many hands at once, totals and fan vectors as numpy arrays;
* :mod:`.settlement` — base 8 + fan payments;
* :mod:`.config` / :mod:`.ruleset` — ``GuobiaoConfig``, ``GuobiaoContext`` and the ``Guobiao`` rule set.

    >>> from mahjong.rulesets.guobiao import Guobiao, GuobiaoContext
    >>> r = Guobiao().score("[123m,1]147m258p369s5m5m", GuobiaoContext(discarder=3))
    >>> [(i.name_zh, i.count) for i in r.items], r.total, r.payments
    ([('组合龙', 1), ('平和', 1), ('独听・单钓', 1)], 15, (39, -8, -8, -23))
"""

from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_BY_KEY, FANS, Fan
from mahjong.rulesets.guobiao.ruleset import RECORD_SIZE, Guobiao, GuobiaoBatch, GuobiaoContext, WinningTile

__all__ = [
    "Guobiao", "GuobiaoConfig", "GuobiaoContext", "GuobiaoBatch", "RECORD_SIZE", "WinningTile", "FANS", "FAN_BY_KEY",
    "EXTRA_FANS", "Fan",
]
