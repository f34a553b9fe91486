"""Recorded games of people replayed through the engine: Botzone's human-game data (Botzone format) and
mahjongsoft.com's duplicate MCR records (PMN), plus the Botzone competition format's own rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_support import COMPILED

from mahjong.errors import ContextError
from mahjong.game import Action, Game, GreedyAgent, play_hand
from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_tile, botzone_wall, read_botzone_games, replay_botzone
from mahjong.game.events import Drew, Won
from mahjong.game.log import dumps_log, read_log, replay
from mahjong.game.pmn import parse_pmn, replay_pmn

DATA = Path(__file__).resolve().parent.parent / "data" / "real-games"


def _botzone_games() -> list[dict[str, object]]:
    return read_botzone_games((DATA / "botzone2020_human_processed_sample.json").read_bytes())


def test_botzone_human_games_replay_and_score() -> None:
    games = _botzone_games()
    assert len(games) == 3
    for record in games:
        game = replay_botzone(record)
        assert game.done and game.settlement is not None
        # the recorded winner (the seat whose last action is 7 = hu) is the engine's winner, with >= 8 fan
        actions = record["actions"]
        assert isinstance(actions, list)
        winners = [s for s in range(4) if actions[s][-1] == [7]]
        assert [w.seat for w in game.state.wins] == winners
        assert all(r.valid and r.total >= 8 for r in game.settlement.results)
        # every draw came from the drawer's own row of the record, in order
        rows = record["tiles"]
        assert isinstance(rows, list)
        drawn: dict[int, list[int]] = {s: [] for s in range(4)}
        for ev in game.events:
            if isinstance(ev, Drew):
                drawn[ev.seat].append(ev.tile)
        for s in range(4):
            dealt = 14 if s == record["first_player"] else 13
            expect = [botzone_tile(t) for t in rows[s][dealt:] if t][:len(drawn[s])]
            assert drawn[s] == expect
        assert replay(read_log(dumps_log(game.events))).events == game.events


def test_botzone_records_that_do_not_replay_are_named() -> None:
    record = json.loads(json.dumps(_botzone_games()[0]))
    seat = record["first_player"]
    first = next(i for i, a in enumerate(record["actions"][seat]) if a[0] == 2)
    record["actions"][seat][first] = [2, "J3" if record["actions"][seat][first][1] != "J3" else "J2"]
    with pytest.raises(ContextError, match="cannot|does not replay|skips"):
        replay_botzone(record)
    with pytest.raises(ContextError, match="Botzone tile"):
        botzone_tile("X9")
    bad = json.loads(json.dumps(_botzone_games()[0]))
    bad["tiles"][0][0] = "W1"
    bad["tiles"][1][:4] = ["W1", "W1", "W1", "W1"]
    with pytest.raises(ContextError, match="fifth copy"):
        botzone_wall(bad)


def test_botzone_format_segments_draws_and_the_end() -> None:
    for seed in range(6):
        game = play_hand(Game("guobiao", seed=seed, options={"botzone": True}), [GreedyAgent(s) for s in range(4)])
        st = game.state
        seg = st.segment
        assert seg == 36  # 144 tiles with flowers: 36 per seat
        # each seat's tiles (dealt, drawn, replacements) came from its own segment, in order
        consumed = [st.seg_front[s] - s * seg for s in range(4)]
        assert all(0 <= c <= seg for c in consumed)
        if not st.won:
            due = game.flow.next_seat(st, st.actor)
            assert st.live_for(st.actor) == 0 or st.live_for(due) == 0
        assert replay(game.events).events == game.events


def test_botzone_false_win_is_penalised() -> None:
    # find a complete hand under 8 fan offered in the Botzone format, declare it, and check the 错和 penalty
    for seed in range(80):
        game = Game("guobiao", seed=seed, options={"botzone": True})
        agents = [GreedyAgent(s) for s in range(4)]
        while not game.done:
            for seat in game.pending:
                legal = game.legal_actions(seat)
                false_win = next((a for a in legal if a.kind == "win"
                                  and not game.win_score(seat, a.tile).valid), None)  # type: ignore[union-attr]
                if false_win is not None:
                    game.act(seat, false_win)
                    assert game.done and game.settlement is not None
                    assert game.settlement.net[seat] == -30
                    assert all(game.settlement.net[s] == 10 for s in range(4) if s != seat)
                    assert [p.reason for p in game.settlement.lines] == ["false_win"] * 3
                    return
                game.act(seat, agents[seat].choose(game, seat, legal))
    pytest.fail("no false win offered in 80 seeded Botzone-format hands")


def test_outside_the_botzone_format_a_false_win_is_not_offered() -> None:
    for seed in range(20 if COMPILED else 6):
        game = Game("guobiao", seed=seed)
        while not game.done:
            for seat in game.pending:
                legal = game.legal_actions(seat)
                for a in legal:
                    if a.kind == "win":
                        score = game.win_score(seat, a.tile)
                        assert score is not None and score.valid
                game.act(seat, GreedyAgent(seat).choose(game, seat, legal))


@pytest.mark.parametrize("number", [1, 3])
def test_pmn_records_replay_to_the_recorded_result(number: int) -> None:
    text = (DATA / f"mahjongsoft_duplicate_mcr_example_{number}.pmn").read_text(encoding="utf-8")
    game = replay_pmn(text)
    assert game.settlement is not None
    result = tuple(int(x) for x in parse_pmn(text)["Result"].split())
    assert game.settlement.net == result
    assert replay(game.events).events == game.events


def test_pmn_two_winners_on_one_discard() -> None:
    text = (DATA / "mahjongsoft_duplicate_mcr_example_2.pmn").read_text(encoding="utf-8")
    game = replay_pmn(text)
    wins = [e for e in game.events if isinstance(e, Won)]
    assert [(w.seat, w.from_seat) for w in wins] == [(1, 0), (3, 0)]  # H1H3
    assert game.settlement is not None and sum(game.settlement.net) == 0
    # the site's own result (-32 36 -8 36) shares the two wins differently from two Guobiao settlements
    # (each 8 + F from the discarder and 8 from each other player): ours is (-40, 28, -16, 28)
    assert game.settlement.net == (-40, 28, -16, 28)


def test_pmn_bad_records_raise_our_errors() -> None:
    with pytest.raises(ContextError, match="no \\[Deal\\]"):
        replay_pmn('[Play "T0c1"]')
    with pytest.raises(ContextError, match="not UTF-8"):
        replay_pmn(b"\xff\xfe")
    with pytest.raises(ContextError, match="cannot read the move"):
        replay_pmn('[Deal "c123456789d123w1 c123456789d123w1 c123456789d123w1 c123456789d123w1"]\n[Play "Q9"]')
    assert Action("pass").index == 108  # (the action index is the same whatever was imported)
    assert BOTZONE_OPTIONS == {"botzone": True, "flowers": False}
