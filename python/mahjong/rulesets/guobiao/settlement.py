"""Guobiao settlement ("国标麻将计分方式"): base 8, ``F`` = the winner's
fan total with flowers.

* 自摸 self-drawn: each of the three others pays ``8 + F``.
* 点和 on a discard (抢杠和: the player whose kong was robbed is the discarder): the discarder pays ``8 + F``,
  the two others ``8`` each.
* 诈和 (a false win, under 8 fan without flowers): the published scoring rules give no penalty, so nothing is paid
  (``ScoreResult.details["settlement"]`` says so).
"""

from __future__ import annotations

from mahjong.framework import N_SEATS

__all__ = ["BASE", "guobiao_payments"]

BASE = 8  #: 底分 8 (国标麻将计分方式)


def guobiao_payments(winner: int, discarder: int | None, fan: int, valid: bool = True) -> tuple[int, ...]:
    """Net points per seat for one win worth ``fan`` (flowers included); zero-sum."""
    if not valid:
        return (0,) * N_SEATS
    net = [0] * N_SEATS
    for seat in range(N_SEATS):
        if seat != winner:
            owed = BASE + fan if discarder is None or seat == discarder else BASE
            net[seat] = -owed
            net[winner] += owed
    return tuple(net)
