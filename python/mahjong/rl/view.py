"""A seat's :class:`~mahjong.rl.obs_v1.SeatView` taken from the engine's own per-seat observation.

The engine's :meth:`mahjong.game.Game.observe` is the one place that decides what a seat may see (its own
tiles, public facts, another seat's concealed kong face down); this module only reshapes that dict, so the
encoding can never show more than the engine lets the seat see.  Payments made during play are public (they
are announced at the table) and are read from the event log's ``Paid`` events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahjong.rl.obs_v1 import SeatView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjong.game import Game
    from mahjong.game.engine import HandTable

__all__ = ["view_of", "view_from_observation", "observation_array"]


def view_from_observation(
    obs: dict[str, Any], seats: tuple[int, ...], wall_size: int, scores: Sequence[int] = (0, 0, 0, 0)
) -> SeatView:
    """Reshape the engine's observation dict (``Game.observe(seat)``) into a :class:`SeatView`."""
    seat = obs["seat"]
    hand = [0] * 42
    for t in obs["hand"]:
        hand[t] += 1
    melds = [[tuple(t for t in m["tiles"] if t >= 0) for m in obs["melds"][s]] for s in range(4)]
    rivers = [[(int(t), bool(c)) for t, c in obs["discards"][s]] for s in range(4)]
    phase = obs["phase"]
    offered = None
    if phase == "claim" and obs["last_discard"] is not None and obs["last_discard"][0] != seat:
        offered = obs["last_discard"][1]
    elif phase == "rob" and obs["pending_kong"] is not None and obs["pending_kong"][0] != seat:
        offered = obs["pending_kong"][1]
    won = set(obs["won"])
    return SeatView(
        seat=seat,
        seats=seats,
        dealer=obs["dealer"],
        prevalent_wind=obs["prevalent_wind"],
        seat_wind=obs["seat_wind"],
        hand=hand,
        melds=melds,
        rivers=rivers,
        visible=[v + h for v, h in zip(obs["visible"], hand)] + hand[len(obs["visible"]) :],
        bonus=[list(b) for b in obs["bonus"]],
        wildcards=tuple(obs["wildcards"]),
        indicator=obs["indicator"],
        scores=tuple(scores),
        wall_left=obs["live"],
        wall_size=wall_size,
        offered=offered,
        drawn=obs["drawn"],
        lack=list(obs["lack"]),
        ready=list(obs["ready"]),
        playing=tuple(s for s in seats if s not in won),
    )


def running_scores(game: HandTable, carried: Sequence[int] = (0, 0, 0, 0)) -> list[int]:
    """Points carried in plus every payment made so far in this hand (the log's ``Paid`` events)."""
    out = list(carried)
    for p in game.state.payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def view_of(game: Game, seat: int, carried: Sequence[int] = (0, 0, 0, 0)) -> SeatView:
    """``seat``'s view of ``game`` now."""
    return view_from_observation(
        game.observe(seat), tuple(game.flow.seats), len(game.state.wall), running_scores(game, carried)
    )


def observation_array(game: Game, seat: int, carried: Sequence[int] = (0, 0, 0, 0),
                      out: npt.NDArray[np.float32] | None = None, *, oracle: bool = False) -> npt.NDArray[np.float32]:
    """``seat``'s obs_v1 array of ``game`` now: ``encode(view_of(game, seat, carried))``, written into ``out``
    when given.  A game on the compiled hand core is encoded straight from the core's struct by the compiled
    encoder (what the lockstep batch does: no observation dict, no typed events), the same array bit for bit.
    ``oracle=True``: the :data:`~mahjong.rl.obs_v1.ORACLE_SHAPE` array, the obs_v1 planes then the oracle planes
    (every hand and the wall, from ``game.observe(seat, oracle=True)``)."""
    if oracle:
        import numpy as np

        from mahjong.rl.obs_v1 import N_PLANES, ORACLE_SHAPE, encode_oracle

        full = np.zeros(ORACLE_SHAPE, dtype=np.float32) if out is None else out
        if full.shape != ORACLE_SHAPE or full.dtype != np.float32:
            from mahjong.rl.errors import ObservationError

            raise ObservationError(f"an oracle observation is a float32 array of shape {ORACLE_SHAPE}")
        full[N_PLANES:] = 0.0
        observation_array(game, seat, carried, full[:N_PLANES])
        encode_oracle(game.observe(seat, oracle=True)["oracle"], seat, tuple(game.flow.seats), full)
        return full
    from mahjong.game.core import CoreGame

    if isinstance(game, CoreGame) and _encode_core is not None:
        import numpy as np

        from mahjong.errors import ContextError, listed
        from mahjong.rl.obs_v1 import SHAPE

        if type(seat) is not int or seat not in game.flow.seats:
            raise ContextError(f"seat {seat} is not at this table (seats {listed(game.flow.seats)})")
        # (payments are public once made: during play where the flow pays then, and the hand's settlement once
        # it is over, as the Python engine's view reads them from the same Paid events)
        scores = running_scores(game, carried) if game.flow.pays_during_play or game.done else carried
        if out is None:
            out = np.empty(SHAPE, dtype=np.float32)
        _encode_core(game.core, seat, scores, out)
        return out
    from mahjong.rl.obs_v1 import encode

    return encode(view_of(game, seat, carried), out=out)


def _compiled() -> Any:
    from mahjong._kernels import BACKEND, backend_module

    return getattr(backend_module, "_obs_v1_encode_core", None) if BACKEND == "cython" else None


_encode_core = _compiled()
