"""Guobiao / Chinese Official (国标麻将, MCR).

* :mod:`.fans` — the 81 fans plus the reference calculator's 明暗杠 as data (value, names, 不计 exclusions, rule
  text), and the opt-in non-Guobiao extras;
* :mod:`.detectors` — one small function per fan;
* :mod:`.readings` — the regular readings of the concealed tiles, in the reference's order;
* :mod:`.scorer` — the counting principles (就高不就低, 不重复, 不拆移, 不得相同, 套算一次) and the special forms, in
  Python: the pure-Python path (MAHJONG_PURE_PYTHON=1);
* the compiled path: the whole hand, every form, scored by the fan kernel (``mahjong._core._gb_score``,
  src/mjcore/guobiao.pxi) from one packed record; its fan table (src/mjcore/gb_fans.pxi) is generated from
  :mod:`.fans` by :mod:`.kernel_table`; tests/guobiao/test_gb_corpus.py checks both paths give the same results;
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
