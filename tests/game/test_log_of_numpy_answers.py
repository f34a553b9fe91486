"""The engine's own log is read back whatever integer types the answers were given in.

The step API takes a seat, an action index and an action's tiles as ints or numpy integers (a bool is none of
them).  Whatever the caller's types, the events hold plain ints: the JSON-lines log written from them is the very
text the same hand played with plain ints writes, and it reads back and replays.  (A chow answered with numpy tiles
reached the log as numpy values on one engine and was refused on the other; a bool is refused before the game is
looked at, never written as ``true``.)
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong
from mahjong.game import Action, Game, IllegalActionError
from mahjong.game.agents import GreedyAgent
from mahjong.game.log import dumps_log, read_log, replay

np = pytest.importorskip("numpy")

ENGINES = ["python", "core"] if mahjong.BACKEND == "cython" else ["python"]
INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64, np.intp]


def _numpy_action(a: Action, k: int) -> Action:
    """``a`` made again by a caller holding numpy integers (the tile and the meld's tiles)."""
    conv = INTS[k % len(INTS)]
    if a.tile < 0:
        return Action(a.kind)
    return Action(a.kind, conv(a.tile), tuple(conv(t) for t in a.meld))


def _play(rules: str, engine: str, seed: int, numpy: bool) -> Game:
    """A hand answered the same way whatever ``numpy`` says: with plain ints and the engine's actions, or with
    numpy integers (seats; action indices; actions made again with numpy tiles), by act and by step in turn."""
    game = Game(rules, seed=seed, engine=engine)
    agents = {s: GreedyAgent(seed + s) for s in game.flow.seats}
    k = 0
    while not game.done:
        seat = game.pending[0]
        conv = INTS[k % len(INTS)] if numpy else int
        legal = game.legal_actions(conv(seat))
        # (claims first: chows and pungs reach the log with their tiles)
        claims = [a for a in legal if a.kind in ("chow", "pung", "kong")]
        choice = claims[0] if claims and k % 3 == 0 else agents[seat].choose(game, seat, legal)
        if k % 3 == 0:
            game.act(conv(seat), _numpy_action(choice, k) if numpy else choice)
        elif k % 3 == 1:
            game.act(conv(seat), conv(choice.index))
        else:  # every pending seat answers a step: the others pass (or take their last legal action)
            answers: dict[Any, Any] = {s: game.legal_actions(s)[-1] for s in game.pending if s != seat}
            answers[seat] = choice
            game.step({conv(s): (_numpy_action(a, k + s) if numpy else a) for s, a in answers.items()})
        k += 1
    return game


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "nanchang"])
def test_a_hand_answered_with_numpy_integers_writes_the_log_plain_ints_write(rules: str, engine: str) -> None:
    for seed in (1, 2) if mahjong.BACKEND == "cython" else (1,):  # (the pure-Python kernels are slow)
        plain = _play(rules, engine, seed, numpy=False)
        twin = _play(rules, engine, seed, numpy=True)
        text = dumps_log(twin.events)
        assert text == dumps_log(plain.events)
        assert any(e.type == "claim" for e in twin.events)
        again = replay(read_log(text))
        assert again.events == twin.events
        assert again.settlement is not None and twin.settlement is not None
        assert again.settlement.net == twin.settlement.net


@pytest.mark.parametrize("engine", ENGINES)
def test_a_penalty_on_a_numpy_seat_is_logged_as_an_int(engine: str) -> None:
    game = Game("guobiao", seed=3, engine=engine, options={"penalties": True})
    game.penalize(np.uint8(2), "TLE")
    text = dumps_log(game.events)
    assert '"seat":2' in text
    assert replay(read_log(text)).settlement.net == game.settlement.net  # type: ignore[union-attr]


def test_actions_keep_plain_ints_and_refuse_what_is_not_a_tile() -> None:
    a = Action("chow", np.int64(5), (np.int8(4), np.uint16(5), 6))
    assert (type(a.tile), {type(t) for t in a.meld}) == (int, {int})
    assert a == Action("chow", 5, (4, 5, 6)) and a.index == Action("chow", 5, (4, 5, 6)).index
    assert type(Action("discard", np.int32(40)).tile) is int
    for kind, tile, meld in [("discard", True, ()), ("discard", np.bool_(True), ()), ("discard", 5.0, ()),
                             ("chow", 5, (4, 5.0, 6)), ("chow", 5, (4, True, 6)), ("chow", 5, "456"),
                             ("chow", 5, (4, 5, 34)), ("chow", 5, (4, 5, -1)), ("chow", 5, [4, 5, 6, 7, 8]),
                             ("chow", 5, {4: 1}), ("chow", 5, None), (["discard"], 5, ())]:
        with pytest.raises(IllegalActionError):
            Action(kind, tile, meld)  # type: ignore[arg-type]
