"""What each seat of a table may see: its own tiles and the public facts, never another seat's concealed tiles or
the wall.

* :func:`redact` turns one hand event into what a seat (or a spectator) is told of it: :data:`PRIVATE` is the one
  table of who sees what — a field listed there is shown only to the seats named by the event's owner fields and
  replaced by a count (``n``) for everybody else.
* :func:`seat_view` draws the table as a seat (or a spectator) sees it from the state of the events released so
  far (a table holds back the engine's later events during a claim window, so the engine's own state would tell
  whether anybody could claim).
"""

from __future__ import annotations

from typing import Any

from mahjong.game.events import GameEvent
from mahjong.game.state import HandState

__all__ = ["PRIVATE", "ALWAYS_HIDDEN", "redact", "seat_view"]

#: event type -> (fields only its owners see, the fields naming the owners); a hidden list becomes its length
PRIVATE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "dealt": (("tiles",), ("seat",)),
    "draw": (("tile",), ("seat",)),
    "pick": (("tile",), ("seat",)),  # 换三张 / 开始时换牌: the tile picked stays in the hand until passed
    "passed": (("tiles",), ("seat", "to_seat")),  # the passer and the receiver know the three tiles
    "swapped": (("given", "received"), ("seat",)),
    "discard": (("auto",), ("seat",)),  # 报听: an automatic discard tells the others that no win was possible
    "kong": (("tile",), ("seat",)),  # (only a concealed kong: see redact)
}
#: fields nobody at the table is told while the hand is played (revealed with the hand's seed after it)
ALWAYS_HIDDEN: dict[str, tuple[str, ...]] = {
    "hand_started": ("seed",),
    "wall_built": ("tiles", "digest", "seed"),
}


def redact(ev: GameEvent, seat: int | None) -> dict[str, Any]:
    """``ev`` as ``seat`` is told of it (``None``: a spectator, who sees what every seat sees)."""
    out = ev.to_dict()
    for name in ALWAYS_HIDDEN.get(ev.type, ()):
        v = out.pop(name, None)
        if isinstance(v, list):
            out["n"] = len(v)
    private = PRIVATE.get(ev.type)
    if private is None or (ev.type == "kong" and out.get("kind") != "concealed"):
        return out
    hidden, owners = private
    if seat is not None and any(out.get(o) == seat for o in owners):
        return out
    for name in hidden:
        v = out.pop(name, None)
        if isinstance(v, list):
            out["n"] = out.get("n", 0) + len(v)
    return out


def _melds(st: HandState, s: int, seat: int | None) -> list[dict[str, Any]]:
    out = []
    for m in st.melds[s]:
        hidden = m.kind == "concealed_kong" and s != seat  # face down: only its owner knows the tile
        out.append({"kind": m.kind, "tiles": [-1] * 4 if hidden else list(m.tiles), "from_seat": m.from_seat})
    return out


def seat_view(st: HandState, seat: int | None, seats: tuple[int, ...]) -> dict[str, Any]:
    """The table as ``seat`` sees it (``None``: a spectator): its own concealed tiles and the tile it just drew;
    every seat's melds (another seat's concealed kong face down), river, bonus tiles, concealed tile count, 报听,
    定缺 and win; the live wall's size, the wildcards and their indicator once revealed."""
    mine = seat is not None and seat in seats
    drawn = st.last_draw[1] if mine and st.last_draw is not None and st.last_draw[0] == seat else None
    return {
        "seat": seat,
        "seats": list(seats),
        "dealer": st.dealer,
        "prevalent_wind": st.prevalent_wind,
        "hand_number": st.hand_number,
        "live": st.live if st.wall else 0,
        "hand": [t for t in range(len(st.hands[seat])) for _ in range(st.hands[seat][t])]
        if mine and seat is not None else [],
        "drawn": drawn,
        "picked": list(st.picked[seat]) if mine and seat is not None else [],
        "melds": [_melds(st, s, seat) for s in range(4)],
        "discards": [[list(d) for d in st.discards[s]] for s in range(4)],
        "bonus": [list(st.bonus[s]) for s in range(4)],
        "concealed_count": [sum(st.hands[s]) for s in range(4)],
        "ready": list(st.ready),
        "lack": list(st.lack),
        "won": list(st.won),
        "last_discard": list(st.last_discard[:2]) if st.last_discard is not None else None,
        "wildcards": list(st.wildcards),
        "indicator": st.indicator,
    }
