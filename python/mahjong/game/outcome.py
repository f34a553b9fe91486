"""A finished hand as statistics read it (``mahjong simulate``): its nets, who won how, each win's items and the
rule file's special events — without the hand's log.

:func:`outcome_of` reads a played hand (a :class:`~mahjong.game.engine.Game` or a
:class:`~mahjong.game.core.CoreHand`) from its settlement, or, for a hand the compiled core settled itself, from
the core; :meth:`mahjong.game.core.RandomTable.outcome` plays a hand on the core and reads it straight from the
core's state where the core decided and settled everything, with no Python object of the hand made at all.  Both
give the same outcome of the same hand (tests/test_simulate_tally.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["HandOutcome", "outcome_of"]


class HandOutcome(NamedTuple):
    """``net``: each seat's net; ``self_drawn``: one flag per win, in order (False: won on a discard or a robbed
    kong); ``items``: (key, Chinese name) of every item of every win's result; ``special``: the kinds of the
    rule file's special events (opening declarations, instant wins, horses), in order."""

    net: tuple[int, ...]
    self_drawn: tuple[bool, ...]
    items: tuple[tuple[str, str], ...]
    special: tuple[str, ...] = ()


def outcome_of(hand: Any) -> HandOutcome:
    """The outcome of a finished hand: from the core's own state when it settled the hand itself
    (``CoreHand.won_items``: no event or settlement is built), else from its settlement and wins."""
    from mahjong.rulebook.special import special_events_of

    special = tuple(ev.type for ev in special_events_of(hand))
    won_items = getattr(hand, "won_items", None)
    by_win = won_items() if won_items is not None else None
    if by_win is not None:
        return HandOutcome(tuple(hand.net), tuple(frm < 0 for _, _, frm, _ in hand.core.wins()),
                           tuple(it for items in by_win for it in items), special)
    settlement = hand.settlement
    assert settlement is not None, "the hand is not over"
    return HandOutcome(tuple(settlement.net), tuple(w.from_seat is None for w in hand.wins_made()),
                       tuple((it.key, it.name_zh) for r in settlement.results for it in r.items), special)
