"""Errors of the RL layer (all :class:`mahjong.errors.MahjongError`, so a ``ValueError``)."""

from __future__ import annotations

from typing import Any

from mahjong.errors import MahjongError

__all__ = ["BatchError", "BatchActionError", "ObservationError"]


class BatchError(MahjongError):
    """A batch step that cannot be taken at all: a wrongly shaped or typed action array, an action for a seat
    that is not to move, a missing answer.  Nothing in the batch was changed."""


class BatchActionError(MahjongError):
    """Some games of a batch were given an illegal action: those games were refused (unchanged, still waiting
    for the same seats); every other game in the batch was stepped.  ``refused`` maps game index -> reason;
    ``result`` is the :class:`~mahjong.rl.batch.StepResult` of the step for the other games."""

    def __init__(self, refused: dict[int, str], result: Any) -> None:
        self.refused = dict(refused)
        self.result = result
        shown = "; ".join(f"game {i}: {why}" for i, why in sorted(refused.items())[:5])
        more = f" (and {len(refused) - 5} more)" if len(refused) > 5 else ""
        super().__init__(
            f"illegal action in {len(refused)} game(s) of the batch, refused for those games only "
            f"(the others were stepped): {shown}{more}"
        )


class ObservationError(MahjongError):
    """A :class:`~mahjong.rl.obs_v1.SeatView` the encoder cannot encode (a tile id, seat, wind or suit out of
    range, a river longer than any wall), or an output array of the wrong shape or type."""
