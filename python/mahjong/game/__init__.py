"""The game engine: play whole hands and matches under every rule set, on one event log that settlement reads.

The step API (stable; what bots, servers and RL code build on)::

    from mahjong.game import Game, Action, N_ACTIONS

    g = Game("guobiao", seed=7)              # or wall=[...] (an explicit wall), dealer=, prevalent_wind=,
                                             # options={...} (the rule set's Config fields and the flow's Options)
    while not g.done:
        for seat in g.pending:               # the seats that must answer now (a turn: one; claims: several)
            legal = g.legal_actions(seat)    # list[Action]
            mask = g.action_mask(seat)       # bytearray(N_ACTIONS), 1 = legal, over the fixed action index
            obs = g.observe(seat)            # own tiles + public facts only (JSON-friendly dict)
            g.act(seat, legal[0])            # or an action index; illegal → IllegalActionError, state unchanged
    g.settlement.net                         # net points per seat (zero-sum); g.events = the typed event log

* **Engines.**  ``Game(...)`` plays on the compiled hand core wherever it models the rule set's flow and options
  (Guobiao but the Botzone format, Sichuan with 换三张, the common table, Wuhu: then it is a
  :class:`~mahjong.game.core.CoreGame`, a ``Game`` subclass) and on the pure-Python engine otherwise;
  ``engine="python"`` forces the Python engine (the core's twin: the same hands, legal lists, observations,
  events and settlements), ``engine="core"`` requires the core.  For RL, a seat's ``obs_v1`` array is
  :func:`mahjong.rl.view.observation_array` (read straight from the core on the core).
* **Decision points.**  ``TURN``: the seat that drew (or claimed) wins, declares a kong, discards (or 报听 +
  discard).  ``CLAIM``: every other seat that can do something with the discard answers at once (win, kong,
  pung, chow, pass); the engine resolves by priority 胡 > 杠/碰 > 吃 and the rule set's one-winner (截和) or
  several-winner (一炮多响) rule.  ``ROB``: seats that can win on an added kong answer (抢杠).  ``LACK``: Sichuan
  定缺.  ``HAIDI``: the two-player 海底捞月.  Draws, bonus-tile replacements, wildcard reveals and 报听's
  automatic discards are done by the engine.
* **Actions** (:mod:`mahjong.game.actions`): ``Action(kind, tile, meld)``; ``Action.index`` is its slot in the
  fixed ``N_ACTIONS``-slot index documented there; ``action_of(index, legal)`` goes back.
* **The judge's penalties** (Guobiao's Botzone format, ``options={"botzone": True}``; the option ``penalties``):
  an illegal answer is not refused but judged — ``WA``, or ``WH`` for a false win — and ends the hand with a
  :class:`~mahjong.game.events.Penalized` event (the offender −30, the others +10); ``g.penalize(seat, "TLE")``
  gives an outside judge's penalty (``TLE``, ``MLE``, ``OLE``, ``RE``, ``NJ``).  See :class:`Game`.
* **Events** (:mod:`mahjong.game.events`): typed, frozen; the :class:`~mahjong.game.state.HandState` is their
  fold.  Win facts (自摸, 和绝张, 海底, 杠上开花, 杠上炮, 抢杠和, 天和/地和/人和, winds, the rule set's own facts) are
  derived from the state, never given by a caller.  The settlement is the rule set's ``settle()`` over the
  record the fold builds (:func:`mahjong.game.engine.record_of`); its lines are ``Paid`` events in the log
  (as they happen where money moves during play, e.g. Sichuan's kongs).
* **Determinism**: walls come from :mod:`mahjong.game.rng` (SplitMix64 written out): (rule set, options, seed,
  salt) + the actions reproduce the hand bit for bit everywhere.  :mod:`mahjong.game.log` writes / reads JSON
  lines and :func:`~mahjong.game.log.replay` re-drives a log, checking every event.
* **Agents** (:mod:`mahjong.game.agents`): ``RandomAgent``, ``GreedyAgent``, ``FirstAgent``;
  :func:`~mahjong.game.play.play_hand` plays a hand with them; :mod:`mahjong.game.match` plays matches.
"""

from typing import TYPE_CHECKING

from mahjong.game import core as _core  # noqa: F401  (registers Game on the compiled core: engine.register_core_game)
from mahjong.game.actions import N_ACTIONS, Action, IllegalActionError, action_of
from mahjong.game.agents import FirstAgent, GreedyAgent, RandomAgent
from mahjong.game.engine import Game, record_of
from mahjong.game.play import play_hand

if TYPE_CHECKING:
    from mahjong.rl.batch import GameBatch

__all__ = [
    "Game",
    "Action",
    "N_ACTIONS",
    "IllegalActionError",
    "action_of",
    "record_of",
    "RandomAgent",
    "GreedyAgent",
    "FirstAgent",
    "play_hand",
    "GameBatch",
]


def __getattr__(name: str) -> object:
    # GameBatch lives in mahjong.rl (imported when first asked for: importing mahjong.rl registers the
    # Gymnasium environments, which need not load with the engine)
    if name == "GameBatch":
        from mahjong.rl.batch import GameBatch

        return GameBatch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
