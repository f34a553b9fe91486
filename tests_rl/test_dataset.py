"""Datasets from recorded games (mahjong.rl.dataset, `mahjong dataset`): every format read, every row replays to
the same mask (and observation) when its game is played again from the rows alone, a game with an illegal record
is left out and named by game and step, the file is the same for any number of workers, the command runs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_match_log
from mahjong.game.events import HandStarted, WallBuilt
from mahjong.game.log import dumps_log
from mahjong.rl.dataset import build_dataset, list_games
from mahjong.rl.obs_v1 import SHAPE
from mahjong.rl.view import observation_array

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "real-games"
#: the players of the self-played games (the pure-Python backend's greedy agent decides ~100x slower)
Player = RandomAgent if os.environ.get("MAHJONG_PURE_PYTHON") == "1" else GreedyAgent


def _games(folder: Path) -> Path:
    """A folder of every kind: three engine hands in one log (two rule sets), one in another, Botzone's human
    records and a Botzone match log of a self-played game, the PMN records."""
    folder.mkdir(parents=True, exist_ok=True)
    hands = [play_hand(Game("guobiao", seed=s), [Player(0)] * 4) for s in (1, 2)]
    hands.append(play_hand(Game("sichuan", seed=3), [RandomAgent(s) for s in range(4)]))
    (folder / "engine.jsonl").write_text("".join(dumps_log(g.events) for g in hands), encoding="utf-8")
    nanchang = play_hand(Game("nanchang", seed=4), [RandomAgent(s) for s in range(4)])
    (folder / "more").mkdir(exist_ok=True)
    (folder / "more" / "nanchang.jsonl").write_text(dumps_log(nanchang.events), encoding="utf-8")
    for f in DATA.iterdir():
        shutil.copy(f, folder / f.name)
    bz = play_hand(Game("guobiao", seed=5, options=BOTZONE_OPTIONS), [Player(0)] * 4)
    (folder / "match.json").write_text(json.dumps(botzone_match_log(bz), ensure_ascii=False, indent=1),  # (over lines)
                                       encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _games(tmp_path_factory.mktemp("games"))


@pytest.fixture(scope="module")
def built(games: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    out = tmp_path_factory.mktemp("out") / "rows.npz"
    summary = build_dataset([games], out)
    with np.load(out) as data:  # (each array read once: an NpzFile inflates an array at every access)
        return summary, {name: data[name] for name in data.files}


def test_every_format_is_read_and_nothing_is_left_out(built: tuple[Any, Any]) -> None:
    summary, data = built
    assert summary.left_out == [] and summary.unread == []
    ids = list(data["game_id"])
    assert len(ids) == summary.games == 3 + 1 + 3 + 1 + 3
    kinds = {Path(i.split(":")[0]).name for i in ids}
    assert kinds == {"engine.jsonl", "nanchang.jsonl", "botzone2020_human_processed_sample.json", "match.json",
                     "mahjongsoft_duplicate_mcr_example_1.pmn", "mahjongsoft_duplicate_mcr_example_2.pmn",
                     "mahjongsoft_duplicate_mcr_example_3.pmn"}
    n = summary.rows
    assert data["obs"].shape == (n, *SHAPE) and data["obs"].dtype == np.float32
    assert data["mask"].shape[0] == n and data["mask"].dtype == np.int8
    for name, dtype in (("action", np.int16), ("seat", np.int8), ("game", np.int32), ("step", np.int32),
                        ("result", np.int32)):
        assert data[name].shape == (n,) and data[name].dtype == dtype
    assert str(data["version"]) == "obs_v1"
    assert set(data["game_rules"]) == {"guobiao", "sichuan", "nanchang"}
    # each row's action is in its mask; its result is its seat's net in its game; games in order, steps 0, 1, ...
    assert data["mask"][np.arange(n), data["action"]].all()
    nets = data["game_net"]
    assert (data["result"] == nets[data["game"], data["seat"]]).all()
    assert (np.diff(data["game"]) >= 0).all() and set(data["game"]) == set(range(summary.games))
    for g in range(summary.games):
        assert (data["step"][data["game"] == g] == np.arange((data["game"] == g).sum())).all()
    assert (nets.sum(axis=1) == 0).all()


def _start(game_id: str, games: Path) -> Game:
    """A fresh game dealt as the recorded one was (its hand_started and wall_built events)."""
    from mahjong.rl.dataset import replay_game

    (ref,) = [r for r in list_games([games])[0] if r.game_id == game_id]
    events = replay_game(ref)
    hs = events[0]
    wb = next(e for e in events if isinstance(e, WallBuilt))
    assert isinstance(hs, HandStarted)
    return Game(hs.ruleset, seed=hs.seed, salt=hs.salt, wall=wb.tiles if wb.seed is None else None, dealer=hs.dealer,
                prevalent_wind=hs.prevalent_wind, hand_number=hs.hand_number, options=dict(hs.options))


def test_every_row_replays_to_the_same_mask_and_observation(built: tuple[Any, Any], games: Path) -> None:
    _, data = built
    for g, game_id in enumerate(data["game_id"]):
        rows = np.flatnonzero(data["game"] == g)
        game = _start(str(game_id), games)
        for r in rows:  # the game driven by its rows alone: each row's seat is asked, sees the row, takes its action
            seat = int(data["seat"][r])
            assert seat in game.pending
            assert bytes(game.action_mask(seat)) == data["mask"][r].tobytes()
            assert (observation_array(game, seat) == data["obs"][r]).all()
            game.act(seat, int(data["action"][r]))
        assert game.done and game.settlement is not None
        assert tuple(game.settlement.net) == tuple(data["game_net"][g][: len(game.settlement.net)])


def test_a_game_with_an_illegal_record_is_left_out_and_named(games: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    # a Botzone human record whose first discard is a tile the player does not hold
    human = games / "botzone2020_human_processed_sample.json"
    records = [json.loads(line) for line in human.read_text(encoding="utf-8").splitlines()]
    seat = records[1]["first_player"]
    first = next(i for i, a in enumerate(records[1]["actions"][seat]) if a[0] == 2)
    held = records[1]["tiles"][seat][:14]
    records[1]["actions"][seat][first] = [2, next(t for t in ("J3", "J2", "J1", "F1") if t not in held)]
    (bad / "human.json").write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    # an engine log whose first draw after the deal is edited to a tile that is not there
    lines = (games / "more" / "nanchang.jsonl").read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if '"type":"draw"' in line and i > 6)
    ev = json.loads(lines[k])
    ev["tile"] = (ev["tile"] + 1) % 27
    lines[k] = json.dumps(ev)
    (bad / "edited.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (bad / "notes.json").write_text('{"hello": "world"}\n', encoding="utf-8")
    summary = build_dataset([bad], tmp_path / "rows.npz")
    left = {game: why for game, why, _ in summary.left_out}
    assert set(left) == {f"{bad / 'human.json'}:2", f"{bad / 'edited.jsonl'}:1"}
    assert "step" in left[f"{bad / 'human.json'}:2"] and "cannot" in left[f"{bad / 'human.json'}:2"]
    assert f"event {k}" in left[f"{bad / 'edited.jsonl'}:1"]
    assert all(zh != why for _, why, zh in summary.left_out)  # said in Chinese too
    assert [p for p, _, _ in summary.unread] == [str(bad / "notes.json")]
    data = np.load(tmp_path / "rows.npz")
    assert list(data["game_id"]) == [f"{bad / 'human.json'}:1", f"{bad / 'human.json'}:3"]
    assert summary.games == 2 and summary.rows == len(data["action"]) > 0


def test_the_file_is_the_same_for_any_number_of_workers(games: Path, built: tuple[Any, Any], tmp_path: Path) -> None:
    _, one = built
    summary = build_dataset([games], tmp_path / "two.npz", workers=2)
    two = np.load(tmp_path / "two.npz")
    assert sorted(one) == sorted(two.files)
    for name in one:
        assert np.array_equal(one[name], two[name]), name
    assert summary.rows == len(two["action"])


def test_the_command(games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli.npz"
    cmd = [sys.executable, "-m", "mahjong", "dataset", str(games / "more"), str(games / "match.json"), "-o", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "rows from 2 games written to" in done.stdout and "2/2 games" in done.stderr
    assert len(np.load(out)["game_id"]) == 2
    done = subprocess.run(cmd + ["--json", "--no-progress", "--lang", "zh"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 2 and done.stderr == ""
    # the errors, in process: a path that is not there (said in Chinese), an output folder that is not there
    from mahjong.cli import main

    assert main(["dataset", str(tmp_path / "notes.txt"), "-o", str(out), "--lang", "zh"]) != 0
    assert "没有这个对局文件或目录" in capsys.readouterr().err
    assert main(["dataset", str(games / "more"), "-o", str(tmp_path / "no" / "such.npz"), "--no-progress"]) != 0
    assert "no such directory" in capsys.readouterr().err
