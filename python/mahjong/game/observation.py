"""A seat's view of the table: its own concealed tiles and every public fact, nothing it cannot see.

``observe(game, seat)`` returns a JSON-friendly dict:

* ``seat``, ``dealer``, ``prevalent_wind``, ``seat_wind``, ``phase``, ``actor`` (whose turn / whose discard),
  ``live`` (tiles left to draw), ``hand_number``;
* ``hand``: this seat's concealed tile ids (sorted), ``drawn``: the tile it just drew (or ``None``);
* per seat (index = seat): ``melds`` (kind, tiles, from_seat; another seat's concealed kong shows its kind but
  tiles ``[-1, -1, -1, -1]`` — until the hand is over where the flow turns them face up: Guobiao),
  ``discards`` (tile, claimed), ``bonus`` (flowers set aside), ``concealed_count``,
  ``ready`` (报听), ``lack`` (定缺), ``won``;
* ``last_discard`` (seat, tile) and ``pending_kong`` (seat, tile) when claims / robbing are open;
* ``wildcards`` and ``indicator`` once revealed; ``visible``: face-up copies per tile kind (34);
* ``legal``: this seat's legal actions (``Action.to_dict``) and ``mask``: the action-index mask.

``observe(game, seat, oracle=True)`` adds ``"oracle"``: what no seat sees, for oracle-guided training —
``hands`` (every seat's concealed tiles, sorted), ``concealed_kongs`` (the tile of each seat's concealed kongs),
``wall`` (the live wall's tiles in drawing order: the next draw first, kong replacements taken from its end;
in the Botzone format each seat's segment in turn), ``segments`` (the Botzone format: each seat's own live
segment; else None) and ``out_of_play`` (the tiles no one will draw, sorted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong.game.engine import Game
    from mahjong.game.state import HandState

__all__ = ["observe", "seat_header", "oracle_of_state"]


def seat_header(seat: int, dealer: int, prevalent_wind: int, hand_number: int) -> dict[str, Any]:
    """The entries every observation dict starts with (both engines')."""
    return {"seat": seat, "dealer": dealer, "prevalent_wind": prevalent_wind, "seat_wind": (seat - dealer) % 4,
            "hand_number": hand_number}


def oracle_of_state(st: HandState) -> dict[str, Any]:
    """The ``"oracle"`` entry of an observation, read from a hand's folded state."""
    if st.segment:
        segments: list[list[int]] | None = [[] for _ in range(4)]
        for k, s in enumerate(st.seats):
            segments[s] = st.wall[st.seg_front[s]:(k + 1) * st.segment]  # type: ignore[index]
        wall = [t for seg in segments for t in seg]  # type: ignore[union-attr]
    else:
        segments, wall = None, st.wall[st.front:st.back]
    return {
        "hands": [st.concealed_tiles(s) for s in range(4)],
        "concealed_kongs": [[m.tile for m in st.melds[s] if m.kind == "concealed_kong"] for s in range(4)],
        "wall": list(wall),
        "segments": segments,
        "out_of_play": sorted(st.out_of_play),
    }


def observe(game: Game, seat: int, oracle: bool = False) -> dict[str, Any]:
    st = game.state
    if type(seat) is not int or seat not in game.flow.seats:
        from mahjong.errors import ContextError, listed

        raise ContextError(f"seat {seat} is not at this table (seats {listed(game.flow.seats)})")
    seats = range(4)

    def melds_of(s: int) -> list[dict[str, Any]]:
        out = []
        for m in st.melds[s]:
            hidden = m.kind == "concealed_kong" and s != seat and s not in st.kongs_shown
            out.append({"kind": m.kind, "tiles": [-1] * 4 if hidden else list(m.tiles), "from_seat": m.from_seat})
        return out

    visible = list(st.visible[:34])
    for s in seats:  # another seat's concealed kong is face down: its kind is not public (until it is shown)
        if s != seat and s not in st.kongs_shown:
            for m in st.melds[s]:
                if m.kind == "concealed_kong":
                    visible[m.tile] -= 4
    drawn = st.last_draw[1] if st.last_draw is not None and st.last_draw[0] == seat and st.phase == "turn" else None
    legal = game.legal_actions(seat)
    out: dict[str, Any] = {
        **seat_header(seat, st.dealer, st.prevalent_wind, st.hand_number),
        "phase": st.phase,
        "actor": st.actor,
        "live": st.live,
        "hand": st.concealed_tiles(seat),
        "drawn": drawn,
        "melds": [melds_of(s) for s in seats],
        "discards": [[list(d) for d in st.discards[s]] for s in seats],
        "bonus": [list(st.bonus[s]) for s in seats],
        "concealed_count": [sum(st.hands[s]) for s in seats],
        "ready": list(st.ready),
        "lack": list(st.lack),
        "won": list(st.won),
        "last_discard": list(st.last_discard[:2]) if st.last_discard is not None else None,
        "pending_kong": list(st.pending_kong) if st.pending_kong is not None else None,
        "wildcards": list(st.wildcards),
        "indicator": st.indicator,
        "visible": visible,
        "legal": [a.to_dict() for a in legal],
        "mask": list(game.action_mask(seat)),
    }
    if oracle:
        out["oracle"] = oracle_of_state(st)
    return out
