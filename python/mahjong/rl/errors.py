"""Errors of the RL layer (all :class:`mahjong.errors.MahjongError`, so a ``ValueError``)."""

from __future__ import annotations

from typing import Any

from mahjong.errors import MahjongError

__all__ = ["BatchError", "BatchActionError", "BatchHandError", "ObservationError"]


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


class BatchHandError(MahjongError):
    """A game's hand raised after a step's actions were taken (in the Python part of the step: scoring, a
    settlement, its log).  That hand was abandoned (not logged, no rewards) and the game's next hand dealt, so
    the batch steps on; every other game was stepped.  ``game``: its index; ``result``: the step's
    :class:`~mahjong.rl.batch.StepResult` for the other games; the hand's exception is the ``__cause__``."""

    def __init__(self, game: int, cause: BaseException, result: Any) -> None:
        self.game = game
        self.result = result
        super().__init__(
            f"game {game}: its hand raised {type(cause).__name__} ({str(cause)[:200]}) after the step's actions were "
            "taken; that hand was abandoned (not logged, no rewards) and the game's next hand dealt; every other "
            "game was stepped"
        )


class ObservationError(MahjongError):
    """A :class:`~mahjong.rl.obs_v1.SeatView` the encoder cannot encode (a tile id, seat, wind or suit out of
    range, a river longer than any wall), or an output array of the wrong shape or type."""
