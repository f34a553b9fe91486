"""The exchanges after the deal: Sichuan 换三张 (three tiles of one suit, passed in the direction the dice or
the option name, before 定缺) and the two-player game's 开始时换牌 (any number of tiles, once)."""

from __future__ import annotations

from collections import Counter

import pytest
from game_support import Scripted, events_of, make_wall, run, tiles

from mahjong.errors import RulesError
from mahjong.game import Action, Game, IllegalActionError, RandomAgent
from mahjong.game.actions import PICK
from mahjong.game.events import DiceRolled, LackDeclared, TilesPassed, TilesSwapped
from mahjong.game.log import dumps_log, read_log, replay

HANDS = {0: "123m456m789m1p2p3p5s", 1: "111m234p567p89p12s", 2: "99m345m678m123s45p", 3: "2m3m4m6m7m8m99p11s22s"}


def _pick(text: str) -> list[Action]:
    return [Action("pick", t) for t in tiles(text)]


def _through_exchange(game: Game) -> Game:
    """Random picks until the tiles have passed (the rest of the hand plays as any Sichuan hand)."""
    agents = {s: RandomAgent(s) for s in range(4)}
    while game.state.phase == "exchange":
        for s in game.pending:
            game.act(s, agents[s].choose(game, s, game.legal_actions(s)))
    return game


def _exchange(direction: str) -> Game:
    options = {"exchange_three": True, "exchange_direction": direction}
    return Game("sichuan", wall=make_wall("sichuan", HANDS, options=options), options=options)


def test_exchange_three_passes_three_of_one_suit_before_lack() -> None:
    game = _exchange("clockwise")
    assert game.state.phase == "exchange" and game.pending == (0, 1, 2, 3)
    assert game.action_mask(0)[PICK + tiles("5s")[0]] == 0  # 条: seat 0 holds only one
    game.act(0, Action("pick", tiles("1m")[0]))
    game.act(1, Action("pick", tiles("2p")[0]))
    game.act(2, Action("pick", tiles("9m")[0]))
    game.act(3, Action("pick", tiles("6m")[0]))
    # after the first pick only that suit may follow
    assert {a.tile // 9 for a in game.legal_actions(0)} == {0}
    before = [list(h) for h in game.state.hands]
    with pytest.raises(IllegalActionError):
        game.act(0, Action("pick", tiles("1p")[0]))
    assert [list(h) for h in game.state.hands] == before
    for round_ in ("2m3p9m7m", "3m4p3m8m"):  # every seat answers once a round
        for seat, a in enumerate(_pick(round_)):
            game.act(seat, a)
    passed = events_of(game, TilesPassed)
    assert not events_of(game, DiceRolled)
    # clockwise: each passes to the previous seat in turn order (上家)
    assert [(p.seat, p.to_seat) for p in passed] == [(0, 3), (1, 0), (2, 1), (3, 2)]
    assert passed[0].tiles == tuple(tiles("123m"))
    assert game.state.phase == "lack" and game.pending == (0, 1, 2, 3)
    assert all(sum(game.state.hands[s][:34]) == (14 if s == 0 else 13) for s in range(4))
    game.state.tile_count_check()
    run(game, {s: Scripted([Action("lack", 2)]) for s in range(4)})
    assert len(events_of(game, LackDeclared)) == 4
    assert game.events.index(events_of(game, LackDeclared)[0]) > game.events.index(passed[-1])
    assert replay(read_log(dumps_log(game.events))).events == game.events


def test_a_suit_with_fewer_than_three_tiles_cannot_be_begun() -> None:
    game = _exchange("opposite")
    assert tiles("1s")[0] not in {a.tile for a in game.legal_actions(1)}  # seat 1 holds 12s: only two 条


@pytest.mark.parametrize("direction, offset", [("counterclockwise", 1), ("opposite", 2), ("clockwise", 3)])
def test_the_named_directions(direction: str, offset: int) -> None:
    game = _through_exchange(_exchange(direction))
    assert [(p.seat, p.to_seat) for p in events_of(game, TilesPassed)] == [(s, (s + offset) % 4) for s in range(4)]


def test_the_dice_name_the_direction() -> None:
    seen = set()
    for seed in range(12):
        game = _through_exchange(Game("sichuan", seed=seed, options={"exchange_three": True}))
        (dice,) = [d for d in events_of(game, DiceRolled) if d.purpose == "exchange"]
        total = sum(dice.dice)
        want = 2 if total in (3, 6, 9, 12) else 1 if total in (4, 7, 10) else 3
        passed = events_of(game, TilesPassed)
        assert [(p.seat, p.to_seat) for p in passed] == [(s, (s + want) % 4) for s in range(4)]
        assert all(len({t // 9 for t in p.tiles}) == 1 and len(p.tiles) == 3 for p in passed)
        seen.add(want)
        assert replay(game.events, partial=True).events == game.events
    assert seen == {1, 2, 3}


def test_exchange_options_are_checked() -> None:
    with pytest.raises(RulesError, match="exchange_direction"):
        Game("sichuan", options={"exchange_three": True, "exchange_direction": "sideways"})
    with pytest.raises(RulesError, match="exchange_three"):
        Game("sichuan", options={"exchange_three": "yes"})
    assert Game("sichuan", seed=1).state.phase == "lack"  # off by default


def test_twoplayer_swap_at_start() -> None:
    options = {"swap_at_start": True}
    game = Game("twoplayer", seed=5, options=options)
    assert game.state.phase == "swap" and game.pending == (0, 1)
    out_before = sorted(game.state.out_of_play)
    held = [t for t in range(34) if game.state.hands[0][t]][:2]
    for t in held:
        game.act(0, Action("pick", t))
        assert game.pending == (0,) or game.pending == (1,)
        if 1 in game.pending:
            game.act(1, Action("pass"))  # seat 1 keeps its tiles
    game.act(0, Action("pass"))
    swaps = {e.seat: e for e in events_of(game, TilesSwapped)}
    assert swaps[1].given == () and swaps[1].received == ()
    assert swaps[0].given == tuple(held) and len(swaps[0].received) == 2
    assert all(t in out_before for t in swaps[0].received)
    assert Counter(game.state.out_of_play) == Counter(out_before) - Counter(swaps[0].received) + Counter(held)
    assert sum(game.state.hands[0][:34]) == 14 and game.state.phase == "turn"
    game.state.tile_count_check()
    # the log so far replays (the hand goes on as any two-player hand)
    resumed = replay(read_log(dumps_log(game.events)), partial=True)
    assert resumed.events == game.events and resumed.pending == game.pending == (0,)


def test_twoplayer_plays_as_dealt_by_default() -> None:
    game = Game("twoplayer", seed=5)
    assert game.state.phase == "turn" and not events_of(game, TilesSwapped)


@pytest.mark.parametrize("rules, options", [("sichuan", {"exchange_three": True}),
                                            ("twoplayer", {"swap_at_start": True})])
def test_exchanges_keep_the_properties(rules: str, options: dict[str, bool]) -> None:
    """Random picks: every tile in one place at every step, the mask is the legal list, the log so far
    replays at every pick (the picks are events); then 3 turns of play, and the log replays again."""
    for seed in range(2):
        game = Game(rules, seed=seed, options=options)
        agents = {s: RandomAgent(seed * 5 + s) for s in game.flow.seats}
        after = 0
        while not game.done and after < 3:
            after += game.state.phase not in ("exchange", "swap")
            given: dict[int, object] = {}  # the answers already given this round (pending is read once)
            for seat in game.pending:
                game.state.tile_count_check()
                legal = game.legal_actions(seat)
                mask = game.action_mask(seat)
                assert [i for i, m in enumerate(mask) if m] == sorted(a.index for a in legal)
                if game.state.phase in ("exchange", "swap"):
                    twin = replay(game.events, partial=True)
                    for s, answer in given.items():
                        twin.act(s, answer)  # type: ignore[arg-type]
                    assert twin.legal_actions(seat) == legal
                given[seat] = agents[seat].choose(game, seat, legal)
                game.act(seat, given[seat])  # type: ignore[arg-type]
        assert events_of(game, TilesPassed) or events_of(game, TilesSwapped)
        again = replay(read_log(dumps_log(game.events)), partial=True)
        assert again.events == game.events and again.pending == game.pending
