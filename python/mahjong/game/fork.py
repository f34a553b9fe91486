"""Forks of a hand in play: an independent copy (:func:`clone`), and a copy with the tiles one seat cannot see
re-dealt at random (:func:`determinize`) — for search (a tree of copies) and paired rollouts.

``Game.clone()`` / ``Game.determinize(seat, seed)`` call these; both engines fork: the Python engine copies its
state (the folded :class:`~mahjong.game.state.HandState`, its tables, the random stream of its dice), the
compiled core copies its C struct (``GameCore.copy``), and the copy plays on without touching the original.

**What a seat cannot see** (and :func:`determinize` re-deals): the concealed tiles of every other seat still
playing (held bonus tiles such as Jinshan's 百搭 included; the tile another seat just drew becomes one of its
new tiles), the tiles of their concealed kongs (face down: each becomes four copies of a kind whose four copies
are all hidden, one that seat may kong), the live wall with its replacement end, the tiles out of play (a dead
wall) but the wildcard indicator.  **What stays**: everything public — melds, rivers, bonus tiles set aside,
the indicator and wildcards, each hand's tile count, the wall's length, 定缺, 报听, the winners and their hands
— and the seat's own tiles, so its observation and legal actions are unchanged.  What the seat knows of the
others beyond that stays too: the tiles it passed in 换三张 stay in the receiver's hand while that hand still
holds them, and the tiles it gave away in the two-player game's swap stay out of play.  A bonus tile that is
set aside when drawn (a flower) is never dealt into a hand, and a seat that has declared ready (报听) is dealt
a ready hand.

The decision open at the fork is asked again of the other seats (their answers are not public); the seat's own
answer, if it gave one, is given again.  A deal is kept only if the seat sees the same table afterwards (that
the others are still pondering a claim is public too), up to :data:`TRIES` deals; failing that (a claim only
few hands allow, a ready hand), the seats asked at the fork and those that declared ready keep their hands and
the concealed kongs their tiles, and the rest is re-dealt.

The copy's event log up to the fork is the original's: it records how the real tiles lay, so a determinized
hand's log does not replay; its play from the fork on is the engine's as always.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from mahjong._kernels import BACKEND, backend_module
from mahjong.errors import ContextError, listed
from mahjong.game.events import TilesPassed, TilesSwapped
from mahjong.game.rng import SplitMix64, check_seed, shuffled
from mahjong.game.state import HandState

if TYPE_CHECKING:
    from mahjong.game.engine import Game, HandTable

__all__ = ["clone", "determinize", "hidden_from", "TRIES"]

#: deals of the hidden tiles tried before the fallback (see :func:`determinize`)
TRIES = 64
_SALT = 0xDE7E  # the determinizing stream: SplitMix64(seed, _SALT)
#: the compiled core's type (None on the pure-Python backend: nothing to copy)
_GameCore: Any = getattr(backend_module, "GameCore", None) if BACKEND == "cython" else None


def _copied(value: Any, twin: Any) -> Any:
    """One attribute of a hand's driver copied for its twin: the core struct, the folded state (its fact hook
    pointed at the twin), the random stream, and the containers the driver changes in place; the rest shared
    (the flow, the rule set, frozen events and results)."""
    kind = type(value)
    if kind is list or kind is dict:
        return kind(value)
    if kind is HandState:
        state = value.copy()
        if value.fact_hook is not None:
            state.fact_hook = twin._record_facts
        return state
    if kind is _GameCore:
        return value.copy()
    if kind is SplitMix64:
        out = SplitMix64.__new__(SplitMix64)
        out.state = value.state
        return out
    if kind is Counter:
        return Counter(value)
    return value


def clone(game: HandTable) -> Any:
    """An independent copy of ``game`` (a :class:`~mahjong.game.Game` on either engine, or a core hand)."""
    twin = object.__new__(type(game))
    for name, value in game.__dict__.items():
        twin.__dict__[name] = _copied(value, twin)
    return twin


def hidden_from(game: HandTable, seat: int) -> dict[str, Any]:
    """What ``seat`` cannot see, as :func:`determinize` re-deals it: ``"hands"`` {other seat: its concealed
    tiles}, ``"kongs"`` [(seat, meld index, tile)] of the others' concealed kongs, ``"wall"`` the live wall in
    drawing order (replacements from its end; per seat in the Botzone format's segments), ``"out_of_play"`` the
    hidden tiles out of play.  The tiles the seat knows of (passed in 换三张, given in the swap) are left out."""
    st = game.state
    flow = game.flow
    if type(seat) is not int or seat not in flow.seats:
        raise ContextError(f"seat {seat} is not at this table (seats {listed(flow.seats)})")
    others = [s for s in flow.seats if s != seat and s in st.playing]
    known = _known_in_hands(game, seat, others)
    hands = {s: Counter({t: c for t, c in enumerate(st.hands[s]) if c}) - known[s] for s in others}
    kongs = [(s, m, meld.tile) for s in others for m, meld in enumerate(st.melds[s]) if meld.kind == "concealed_kong"]
    out = Counter(st.out_of_play)
    if st.indicator is not None:
        out[st.indicator] -= 1  # (turned up: seen by all)
    for ev in game.events:
        if isinstance(ev, TilesSwapped) and ev.seat == seat:
            out -= Counter(ev.given)  # (this seat's own, given away: it knows they lie out of play)
    return {"hands": hands, "kongs": kongs, "wall": [st.wall[i] for i in _live_positions(st)],
            "out_of_play": sorted(out.elements()), "known": known}


def _known_in_hands(game: HandTable, seat: int, others: list[int]) -> dict[int, Counter[int]]:
    """The tiles ``seat`` passed in 换三张 that each receiver still holds (as far as its hand still holds that
    many of them)."""
    st = game.state
    passed: dict[int, Counter[int]] = {s: Counter() for s in others}
    for ev in game.events:
        if isinstance(ev, TilesPassed) and ev.seat == seat and ev.to_seat in passed:
            passed[ev.to_seat].update(ev.tiles)
    return {s: Counter({t: min(c, st.hands[s][t]) for t, c in passed[s].items() if st.hands[s][t]})
            for s in others}


def _live_positions(st: HandState) -> list[int]:
    """The wall positions still to be drawn, in drawing order per segment (one shared wall: front to back)."""
    if st.segment:
        return [i for k, s in enumerate(st.seats) for i in range(st.seg_front[s], (k + 1) * st.segment)]
    return list(range(st.front, st.back))


def determinize(game: Game, seat: int, seed: int) -> Game:
    """A copy of ``game`` with every tile ``seat`` cannot see re-dealt at random (SplitMix64 from ``seed``), as
    the module docstring says; ``game`` itself is unchanged."""
    seed = check_seed(seed)
    hidden = hidden_from(game, seat)  # (checks the seat)
    if game.done:
        return clone(game)  # type: ignore[no-any-return]
    view = game.observe(seat)
    rng = SplitMix64(seed, _SALT)
    for _ in range(TRIES):
        twin = _redealt(game, seat, hidden, rng, ())
        if twin is not None and twin.observe(seat) == view:
            return twin
    # no deal in TRIES kept the seat's view (a claim only some hands allow, a ready hand): the seats asked now
    # and those that declared ready keep their hands, the concealed kongs their tiles
    st = game.state
    keep = tuple(s for s in hidden["hands"] if s in game.pending or st.ready[s])
    twin = _redealt(game, seat, hidden, rng, keep)
    assert twin is not None and twin.observe(seat) == view
    return twin


def _redealt(game: Game, seat: int, hidden: dict[str, Any], rng: SplitMix64, keep: tuple[int, ...]) -> Game | None:
    """A copy with the hidden tiles dealt anew (the hands of ``keep`` and, when there are any, the concealed
    kongs as they are); None when a seat that declared ready got no ready hand."""
    twin: Game = clone(game)
    st, flow = twin.state, twin.flow
    pool: Counter[int] = Counter(hidden["wall"]) + Counter(hidden["out_of_play"])
    for s, counts in hidden["hands"].items():
        if s not in keep:
            pool += counts
    kongs = []
    # the concealed kongs: a kind whose four copies are all hidden, one the seat may kong (Sichuan: not its
    # lacking suit), first; then the hands (no bonus tile that is set aside when drawn), then the wall
    if not keep:
        for _, _, tile in hidden["kongs"]:
            pool[tile] += 4
        for s, m, _ in hidden["kongs"]:
            kinds = [t for t in range(34) if pool[t] >= 4 and flow.may_meld(st, s, t)]
            tile = kinds[rng.below(len(kinds))]
            pool[tile] -= 4
            kongs.append((s, m, tile))
    held_only = {t for t in pool if flow.is_bonus(t, st) and t not in flow.held_bonus}
    sizes = {s: sum(c.values()) for s, c in hidden["hands"].items() if s not in keep}
    hands, rest = _deal(shuffled(sorted(pool.elements()), rng), sizes, held_only)
    if not all(_is_ready(twin, s, hands[s] + hidden["known"][s]) for s in sizes if st.ready[s]):
        return None
    for s in keep:
        hands[s] = hidden["hands"][s]
    _apply(twin, seat, hidden, {s: c + hidden["known"][s] for s, c in hands.items()}, kongs, rest, rng)
    return twin


def _deal(order: list[int], sizes: dict[int, int], held_only: set[int]) -> tuple[dict[int, Counter[int]], list[int]]:
    """Each hand's tiles, taken in ``order`` (tiles in ``held_only`` skipped), and the rest in order."""
    hands: dict[int, Counter[int]] = {}
    it = 0
    rest: list[int] = []
    for s, n in sizes.items():
        got: Counter[int] = Counter()
        while n:
            t = order[it]
            it += 1
            if t in held_only:
                rest.append(t)
                continue
            got[t] += 1
            n -= 1
        hands[s] = got
    return hands, rest + order[it:]


def _is_ready(game: Game, seat: int, counts: Counter[int]) -> bool:
    """The hand ``counts`` (3n+1 tiles) waits on some tile under the game's rule set."""
    from mahjong._kernels import backend_module as K
    from mahjong.errors import MahjongError

    full = [counts.get(t, 0) for t in range(42)]
    real, wild = game.flow.wildcard_count(game.state, full)
    try:
        return bool(K.waits(bytes(real), wild, game.ruleset.hand_rules).tiles)
    except MahjongError:
        return False


def _apply(game: Any, seat: int, hidden: dict[str, Any], hands: dict[int, Counter[int]],
           kongs: list[tuple[int, int, int]], rest: list[int], rng: SplitMix64) -> None:
    """Lay the re-dealt tiles into the copy's state (and core), then ask the open decision again."""
    st = game.state
    for s, counts in hands.items():
        row = [counts.get(t, 0) for t in range(len(st.hands[s]))]
        if row != st.hands[s]:
            st.picked[s] = []  # (换三张 / the swap under way: picked from the hand it held)
        st.hands[s] = row
    drew = st.last_draw
    if drew is not None and drew[0] in hands:  # the tile another seat just drew: one of its tiles now
        held = sorted(hands[drew[0]].elements())
        first_turn = drew[0] == st.dealer and st.turns[drew[0]] == 0 and not any(st.discards)
        if first_turn:  # (the dealer's 14th tile, as the deal names it: the highest it holds)
            tile = max(t for t in held if t < 34)
        else:
            tile = held[rng.below(len(held))]
        st.last_draw = (drew[0], tile, drew[2], drew[3])
        if st.haidi_tile is not None and st.phase == "haidi":
            st.haidi_tile = tile
    for s, m, tile in kongs:
        meld = st.melds[s][m]
        old = meld.tile
        meld.tiles = (tile,) * 4
        st.visible[old] -= 4
        st.visible[tile] += 4
        k = next(i for i, (ks, kind, kt, _, _) in enumerate(st.kongs) if ks == s and kind == "concealed" and kt == old)
        st.kongs[k] = (s, "concealed", tile, None, st.kongs[k][4])
    live = _live_positions(st)
    tile_set = Counter(st.wall)
    for i, t in zip(live, rest):
        st.wall[i] = t
    # the tiles out of play: the list the engine draws from (swaps, 海底捞月)
    kept_out = list((Counter(st.out_of_play) - Counter(hidden["out_of_play"])).elements())
    st.out_of_play = sorted(kept_out) + rest[len(live):]
    # the wall's other places (drawn, or out of play; no one reads them again) keep as many of their tiles as
    # they can, the rest so that the wall still holds the tile set
    needed = tile_set - Counter(st.wall[i] for i in live)
    is_live = set(live)
    refill = []
    for i, t in enumerate(st.wall):
        if i in is_live:
            continue
        if needed[t] > 0:
            needed[t] -= 1
        else:
            refill.append(i)
    for i, t in zip(refill, sorted(needed.elements())):
        st.wall[i] = t
    game._fork_redealt(seat, kongs)
