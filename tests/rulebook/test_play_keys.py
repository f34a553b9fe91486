"""The play is in the rule file (rbflow): Sichuan's 定缺, forced win in the last tiles, 换三张 with its direction and
血战 / 普通场 (``winners_to_end``) are ``[flow]`` keys read by the generic flow of a rule book.  A renamed copy of
``sichuan.toml`` read with no Sichuan module (no ``variant_of``) plays the same hands as the built-in rule set —
the same events and nets, on the Python engine and on the compiled core where it plays the hand — and the new keys'
bad values are reported with file, line and key."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from mahjong.errors import RulesError
from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.game.flows.sichuan import SichuanFlow
from mahjong.rulebook import check_text, load_rules, schema, shipped_files
from mahjong.rulebook.flow import BookFlow

#: the option sets played: 定缺 on and off, 换三张 on (by dice and fixed) and off, 血战 and 普通场
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"lack": False},
    {"exchange_three": True},
    {"mode": "normal"},
    {"exchange_three": True, "exchange_direction": "opposite", "mode": "normal", "lack": False},
]
#: seeds per option set: 24 in CI (1 on the pure-Python backend, whose hands are slow), 100 with MJ_CORPUS_FULL=1
#: (500 hands)
SEEDS = range(100 if os.environ.get("MJ_CORPUS_FULL") else 1 if os.environ.get("MAHJONG_PURE_PYTHON") else 24)


def sichuan_text() -> str:
    return Path(next(p for p in shipped_files() if p.endswith("sichuan.toml"))).read_text(encoding="utf-8")


def copy_of_sichuan(tmp_path: Path, name: str = "copied-sichuan") -> str:
    """The shipped file renamed, without its aliases (the built-in's) and without ``variant_of`` (no module)."""
    lines = [line for line in sichuan_text().splitlines() if not line.startswith(("aliases", "variant_of"))]
    text = "\n".join(lines).replace('name = "sichuan"', f'name = "{name}"', 1)
    f = tmp_path / f"{name}.toml"
    f.write_text(text, encoding="utf-8")
    load_rules(f)
    return name


def hand(rules: str, seed: int, options: dict[str, Any], engine: str) -> tuple[str, list[Any], Any]:
    g = Game(rules, seed=seed, dealer=seed % 4, options=options, engine=engine)
    play_hand(g, {s: GreedyAgent(seed * 4 + s) if s % 2 == 0 else RandomAgent(seed * 4 + s) for s in range(4)})
    assert g.settlement is not None
    events = [{k: v for k, v in e.to_dict().items() if k != "ruleset"} for e in g.events]
    return type(g).__name__, events, g.settlement.net


def test_a_copy_without_the_module_plays_the_same_hands(tmp_path: Path) -> None:
    from mahjong.game.core import core_available

    name = copy_of_sichuan(tmp_path)
    on_core = wins = 0
    for options in OPTION_SETS:
        engines = ("python", "auto") if core_available() and not options.get("exchange_three") else ("python",)
        for seed in SEEDS:
            kind, events, net = hand(name, seed, options, "python")
            assert kind == "Game"
            wins += any(e["type"] == "win" for e in events)
            for engine in engines:
                got_kind, got_events, got_net = hand("sichuan", seed, options, engine)
                assert (got_events, got_net) == (events, net), (options, seed, engine)
                on_core += got_kind == "CoreGame"
    # the compiled core plays the built-in's hands without 换三张 (it does not model it)
    assert on_core == (3 * len(SEEDS) if core_available() else 0)
    assert wins >= len(OPTION_SETS) * len(SEEDS) // 2  # most hands are won: 定缺, 血战 and 普通场 are played out


def test_the_flow_reads_the_file() -> None:
    from mahjong.rulesets.sichuan import BOOK

    assert issubclass(SichuanFlow, BookFlow) and SichuanFlow.book is BOOK
    assert set(BOOK.play) >= {"lack", "forced_win_tiles", "exchange_three", "exchange_direction", "winners_to_end"}
    assert list(BOOK.play_options) == ["lack", "forced_win_tiles", "exchange_three", "exchange_direction"]
    assert not set(BOOK.play_options) & set(BOOK.options)  # given to the game, not to the scoring
    g = Game("sichuan", seed=1, options={"mode": "normal", "forced_win_tiles": 2, "exchange_direction": "clockwise"})
    assert (g.flow.winners_to_end, g.flow.forced_win_tiles, g.flow.exchange_offset(None)) == (1, 2, 3)
    assert Game("sichuan", seed=1).flow.winners_to_end == 3


def test_a_file_of_its_own_plays_lack_and_exchange(tmp_path: Path) -> None:
    """The keys as constants in a small file of one's own: 定缺 and 换三张 are played, 血战 to the second win."""
    text = sichuan_text().replace('name = "sichuan"', 'name = "lack-game"', 1)
    text = "\n".join(line for line in text.splitlines() if not line.startswith(("aliases", "variant_of")))
    text = text.replace('lack = "lack"', "lack = true").replace('exchange_three = "exchange_three"',
                                                                "exchange_three = true")
    text = text.replace('exchange_direction = "exchange_direction"', 'exchange_direction = "opposite"')
    text = text.replace('winners_to_end = "pick(mode == \\"xuezhan\\", 3, 1)"', "winners_to_end = 2")
    f = tmp_path / "lack.toml"
    f.write_text(text, encoding="utf-8")
    load_rules(f)
    g = Game("lack-game", seed=3, options={"lack": False})  # (the option no longer decides: the file says true)
    assert g.state.phase == "exchange" and g.flow.plays_lack() and g.flow.winners_to_end == 2
    assert g.flow.exchange_offset(None) == 2 and not g.flow.exchange_by_dice()


def _problems(text: str) -> list[tuple[int | None, str, str]]:
    _, found = check_text(text, "x.toml")
    return [(p.line, p.key, p.message) for p in found]


SMALL = '''format = 1
name = "small-{n}"
zh = "小"
en = "Small"
[tiles]
honors = []
[flow]
{flow}
[options.mode]
type = "str"
default = "a"
choices = ["a", "b"]
[options.turns]
type = "int"
default = 4
play = true
[[rows]]
key = "basic_win"
value = 1
when = "regular"
'''


@pytest.mark.parametrize("flow, key, words", [
    ("lack = 3", "flow.lack", "must be true or false"),
    ("exchange_three = \"yes\"", "flow.exchange_three", "unknown name 'yes'"),
    ("exchange_direction = \"sideways\"", "flow.exchange_direction", "must be one of dice, counterclockwise"),
    ("dealer = \"loser\"", "flow.dealer", "must be one of next, winner, keep, discarder, dice"),
    ("exchange_direction = 'pick(mode == \"a\", \"dice\", \"up\")'", "flow.exchange_direction", "must be one of"),
    ("winners_to_end = 4", "flow.winners_to_end", "at most 3"),
    ("winners_to_end = 'pick(mode == \"b\", 4, 1)'", "flow.winners_to_end", "fewer than the players (4)"),
    ("players = 2\nwinners_to_end = 2", "flow.winners_to_end", "fewer than the players (2)"),
    ("forced_win_tiles = \"turns * 10\"", "flow.forced_win_tiles", "between 0 and 20"),
    ("forced_win_tiles = \"laps\"", "flow.forced_win_tiles", "unknown name 'laps'"),
    ("earthly = \"first_turn\"", "flow.earthly", "must be one of"),
])
def test_bad_play_keys_are_reported(flow: str, key: str, words: str) -> None:
    found = _problems(SMALL.format(n=1, flow=flow))
    assert found and all(k == key for _line, k, _m in found), found
    line, _k, message = found[0]
    assert words in message, message
    assert line == SMALL.format(n=1, flow=flow).splitlines().index(flow.splitlines()[-1]) + 1


def test_contradictory_play_keys_are_reported() -> None:
    with_honors = SMALL.format(n=2, flow="exchange_three = true").replace("honors = []\n", "")
    assert [(k, m.split(":")[0]) for _l, k, m in _problems(with_honors)] == [
        ("flow.exchange_three", "换三张 needs every hand to hold three tiles of one suit")]
    one_suit = SMALL.format(n=3, flow="lack = true").replace("honors = []", 'honors = []\nsuits = ["m"]')
    assert [k for _l, k, m in _problems(one_suit) if "定缺 needs two suits" in m] == ["flow.lack"]
    # a play option is not a name the scoring reads
    row = SMALL.format(n=4, flow="").replace('when = "regular"', 'when = "regular and turns > 1"')
    assert [k for _l, k, _m in _problems(row)] == ["rows[0].when"]


def test_the_schema_shows_the_play_keys() -> None:
    flow = schema()["properties"]["flow"]["properties"]
    assert {"lack", "forced_win_tiles", "exchange_three", "exchange_direction", "earthly"} <= set(flow)
    assert "play" in schema()["properties"]["options"]["additionalProperties"]["properties"]


def test_bad_play_options_are_refused() -> None:
    with pytest.raises(RulesError, match="exchange_direction"):
        Game("sichuan", options={"exchange_three": True, "exchange_direction": "sideways"})
    with pytest.raises(RulesError, match="forced_win_tiles"):
        Game("sichuan", options={"forced_win_tiles": 30})
