"""Tables: the pieces every mahjong server writes, as a library (no web dependency).

``Table(rules, seats)`` runs a match of any rule set (or loaded rule file) for its seats — people (``"human"``)
and agents (``"random"``, ``"greedy"``, ``"first"``) — and gives each seat what it may see, never more::

    from mahjong.table import Table, Timing, ManualClock

    clock = ManualClock()
    t = Table("sichuan", ["human", "greedy", "greedy", "greedy"], hands=1, clock=clock)
    stop = t.attach(0, frames.append)      # a snapshot now, then an update at every step
    t.act(0, {"kind": "lack", "tile": 2})  # seat 0's answer (an Action, its index or its dict)
    clock.advance(3); t.tick()             # the clocks: agents answer, windows close, time runs out
    t.next_deadline()                      # when tick() has something to do next
    t.snapshot(0); t.log()                 # reconnect from here; the match log of the finished hands

* **Views** (:mod:`mahjong.table.views`): a seat is told its own tiles and the public facts; a spectator
  (``attach(None, …)``) the public facts only.  The engine's events after a discard are held back for the claim
  window, so nothing a seat sees depends on another seat's concealed tiles or the wall.
* **Clocks** (:class:`Timing`): a claim window of fixed length after every discard whether or not anybody can
  claim, turn clocks and a bank per seat, an automatic answer when they run out (:func:`timeout_action`); the
  time source is injected (:class:`ManualClock` in tests), so nothing waits for real.
* **Verifiable shuffles** (:mod:`mahjong.table.shuffle`): a SHA-256 commitment to each hand's seed before the
  deal, the seed revealed after it; ``mahjong verify LOG`` deals again and replays a match log against its
  commitments.
* **Server**: ``mahjong serve`` (the ``web`` extra) serves tables over WebSockets (:mod:`mahjong.web.tables`).
"""

from mahjong.table.shuffle import commitment, verify_log
from mahjong.table.table import HUMAN, MAX_HANDS, ManualClock, Table, TableError, Timing, encode, timeout_action
from mahjong.table.views import redact, seat_view

__all__ = ["Table", "Timing", "ManualClock", "TableError", "HUMAN", "MAX_HANDS", "timeout_action", "commitment",
           "verify_log", "redact", "seat_view", "encode"]
