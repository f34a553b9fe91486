"""The step API takes exactly the seat and action types it names, on both engines, and nothing else.

A seat is an ``int`` or a numpy integer; an action is an :class:`~mahjong.game.Action` or an action index (an
``int`` or a numpy integer).  A numpy integer plays exactly as the same ``int`` (it used to be refused on the
compiled core, and on the Python engine a float seat reached the state before it was refused); a bool, a float,
text, a list or a dict is refused with :class:`~mahjong.game.IllegalActionError` before the game is looked at,
leaving the game byte-for-byte as it was.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from mahjong.game import Game, IllegalActionError

np = pytest.importorskip("numpy")

ENGINES = ["python", "core"]
RULES = ["guobiao", "sichuan", "yuhuan", "nanchang"]
BAD_SEATS: list[Any] = [1.0, 0.0, True, False, "0", None, [0], {0: 1}, np.float64(0), np.bool_(False)]


def _game(rules: str, engine: str, seed: int) -> Game:
    try:
        return Game(rules, seed=seed, engine=engine)
    except Exception as e:  # noqa: BLE001 - a rule set the compiled core does not play
        pytest.skip(f"{rules} on {engine}: {e}")


def snapshot(game: Game) -> bytes:
    pending = tuple(game.pending)
    legal = {s: [repr(a) for a in game.legal_actions(s)] for s in pending}
    masks = {s: bytes(game.action_mask(s)) for s in pending}
    try:
        state = pickle.dumps(game.state)
    except Exception:  # noqa: BLE001 - compared by its repr then
        state = repr(game.state).encode()
    return pickle.dumps((pending, legal, masks, [repr(e) for e in game.events], state, game.done))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rules", RULES)
def test_hostile_seats_and_actions_leave_the_game_as_it_was(rules: str, engine: str) -> None:
    game = _game(rules, engine, 7)
    twin = _game(rules, engine, 7)  # played with numpy integers: the same hand, event for event
    k = 0
    while not game.done and k < 400:
        seat = game.pending[0]
        legal = game.legal_actions(seat)
        before = snapshot(game)
        bad_actions: list[Any] = [float(legal[0].index), [legal[0].index], None, str(legal[0].index),
                                  np.float32(legal[0].index)]
        for bad in BAD_SEATS:
            with pytest.raises(IllegalActionError, match="a seat is a whole number"):
                game.act(bad, legal[0])
            with pytest.raises(IllegalActionError, match="a seat is a whole number"):
                game.legal_actions(bad)
            if not isinstance(bad, (list, dict)):  # (a mapping's keys: hashable)
                with pytest.raises(IllegalActionError, match="a seat is a whole number"):
                    game.step({bad: legal[0]})
        for bad in bad_actions:
            with pytest.raises(IllegalActionError, match="an action is an Action or an action index"):
                game.act(seat, bad)
        assert snapshot(game) == before
        # numpy integers: accepted as the same ints
        assert twin.legal_actions(np.int8(seat)) == legal
        assert bytes(twin.action_mask(np.uint16(seat))) == bytes(game.action_mask(seat))
        assert twin.observe(np.int64(seat)) == game.observe(seat)
        choice = legal[(k * 7) % len(legal)]
        game.act(seat, choice.index)
        twin.act(np.int32(seat), np.int64(choice.index))
        k += 1
    assert [repr(e) for e in game.events] == [repr(e) for e in twin.events]
    assert repr(game.settlement) == repr(twin.settlement)


@pytest.mark.parametrize("engine", ENGINES)
def test_one_game_answered_from_two_threads(engine: str) -> None:
    """Two threads answering one hand: each answer is taken whole or refused (the other thread answered
    first), and the hand ends settled with every tile in its place."""
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # (threads switch as often as they can: the races show at once)
    try:
        for seed in range(24):
            game = _game("sichuan" if seed % 2 else "guobiao", engine, seed)
            errors: list[BaseException] = []

            def player(game: Game, errors: list[BaseException], offset: int) -> None:
                k = offset
                try:
                    while not game.done and k < 20_000:  # (bounded: a hand left stuck fails the test, not hangs it)
                        k += 1
                        try:
                            pending = game.pending
                            if not pending:
                                continue
                            seat = pending[k % len(pending)]
                            legal = game.legal_actions(seat)
                            if legal:
                                game.act(seat, legal[k % len(legal)])
                        except IllegalActionError:  # (the other thread answered first)
                            pass
                except BaseException as e:  # noqa: BLE001 - reported by the test
                    errors.append(e)

            threads = [threading.Thread(target=player, args=(game, errors, i), daemon=True) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert not errors, errors
            assert game.done and game.settlement is not None
            assert sum(game.settlement.net) == 0
            if engine == "python":
                game.state.tile_count_check()
    finally:
        sys.setswitchinterval(interval)
