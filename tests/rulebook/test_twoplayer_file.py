"""The two-player game IS its rule file (games/twoplayer.toml, on top of the common fan table's): the rule set
``twoplayer`` (also named ``twoplayer-file``) reads its rows, options, cap and payments from the file, and gives
the answers the Python module gave before it moved onto the rule book (``legacy_support.py``): on every hand of its
tests and of the common table's tests and on generated hands, with flowers, 报听 / 扣听, 海底捞月 and robbed kongs,
and on whole hands played in the engine.  A two-player rule file played in the engine fills its 海底捞月 fact.
CI checks every fourth scored hand; ``MJ_CORPUS_FULL=1`` checks all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from corpus_support import hand_from_json
from legacy_support import (
    OPTION_SETS,
    PLAY_OPTION_SETS,
    REPLAY_STRIDE,
    SCORE_STRIDE,
    SETTLE_STRIDE,
    in_vocabulary,
    load,
    play,
    score_answer,
    settlement_answer,
)

from mahjong.framework import get_ruleset
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.load import check_text
from mahjong.rulebook.presets import shipped_files
from mahjong.rulebook.rows import VOCABULARY
from mahjong.rulesets.twoplayer import BOOK, TwoPlayer
from mahjong.settlement import HandRecord

LEGACY = load()


def test_the_file_is_the_rule_set() -> None:
    rs = get_ruleset("twoplayer-file")
    assert type(rs) is TwoPlayer and rs.name == "twoplayer" and type(rs).book is BOOK
    assert rs.seats == (0, 1) and rs.config.max_fan == 13 and BOOK.players == 2 and BOOK.tiles_in_play == 71
    assert get_ruleset("二人麻将规则文件").name == "twoplayer"
    assert get_ruleset("twoplayer", cap=8).config.max_fan == 8  # the cap's old name
    cfg = TwoPlayer().config
    assert {k: v[1] for k, v in BOOK.options.items()} == {k: getattr(cfg, k) for k in BOOK.options}
    assert set(BOOK.options) == set(type(cfg).__dataclass_fields__)
    assert all(r.key in VOCABULARY for r in BOOK.rows)


def test_same_scores() -> None:
    entries = [e for e in LEGACY["scores"] if e[0] == "twoplayer"]
    rulesets: dict[int, Any] = {}
    keys: set[str] = set()
    for i, (_p, k, hand, kw, expected) in enumerate(entries):
        if i % SCORE_STRIDE and i >= 200:  # (the hands of the tests come first: all of them are checked)
            continue
        if k not in rulesets:
            rulesets[k] = TwoPlayer(**OPTION_SETS["twoplayer"][k])
        got = score_answer(rulesets[k], hand_from_json(hand), kw)
        assert got == in_vocabulary(expected), (OPTION_SETS["twoplayer"][k], hand, kw)
        if not isinstance(got, str):
            keys |= {item[0] for item in got[3]}
    assert {"flower_tiles", "last_tile_win", "poor_hand", "ready_from_start"} <= keys, keys


def test_same_settlements_of_the_played_hands() -> None:
    played = [e for e in LEGACY["played"] if e[0] == "twoplayer"]
    for _p, k, seed, record, expected in played[::SETTLE_STRIDE]:
        rs = TwoPlayer(**PLAY_OPTION_SETS["twoplayer"][k])
        got = settlement_answer(rs.settle(HandRecord.from_dict(record)))
        assert got == {**expected, "results": [in_vocabulary(r) for r in expected["results"]]}, (k, seed)
    for _p, k, seed, record, expected in played[::REPLAY_STRIDE]:
        got_record, got = play("twoplayer", PLAY_OPTION_SETS["twoplayer"][k], seed)
        assert got_record.to_dict() == record, (k, seed)
        assert settlement_answer(got)["net"] == expected["net"], (k, seed)


def test_a_two_player_rule_file_fills_the_haidi_fact_in_the_engine(tmp_path: Path) -> None:
    """The engine's flow for a two-player rule file (a copy of the game's file) plays the 海底捞月 phase and fills
    the file's fact ``haidi`` on the win it offers there, as the built-in game's flow does."""
    from mahjong.game import Game, GreedyAgent, play_hand
    from mahjong.game.events import HaidiFished, Won
    from mahjong.rulebook import load_rules

    path = next(p for p in shipped_files() if p.endswith("twoplayer.toml"))
    text = Path(path).read_text(encoding="utf-8").replace('name = "twoplayer"', 'name = "my-twoplayer"', 1)
    mine = tmp_path / "my-twoplayer.toml"
    mine.write_text(text.replace('aliases = ["二人", "二人麻将", "two-player", "2p"]', "aliases = []"), "utf-8")
    assert not check_text(mine.read_text("utf-8"))[1]
    load_rules(mine)
    for seed in (45, 66):  # seeded hands (of the first 120) that reach the phase and are won there
        g = Game("my-twoplayer", seed=seed)
        play_hand(g, {0: GreedyAgent(seed), 1: GreedyAgent(seed + 1)})
        assert any(isinstance(e, HaidiFished) for e in g.events), seed
        assert [e for e in g.events if isinstance(e, Won)] and g.settlement is not None, seed
        (result,) = g.settlement.results
        assert result.item("last_tile_win") is not None  # 海底捞月 counted: the fact was filled
        assert [w.flags.get("haidi") for w in g.state.win_records] == [True]
        assert sum(g.settlement.net) == 0


def test_the_generic_book_scores_the_game_the_same() -> None:
    """The rule file read by the generic rule book (no two-player module) scores every frozen hand the same."""
    path = next(p for p in shipped_files() if p.endswith("twoplayer.toml"))
    text = Path(path).read_text(encoding="utf-8").replace('name = "twoplayer"', 'name = "my-twoplayer-2"', 1)
    book, problems = check_text(text, "my-twoplayer-2.toml")
    assert not problems and book is not None
    cls = ruleset_class(book)
    entries = [e for e in LEGACY["scores"] if e[0] == "twoplayer"][::SCORE_STRIDE * 2]
    rulesets: dict[int, Any] = {}
    for _p, k, hand, kw, expected in entries:
        if k not in rulesets:
            rulesets[k] = cls(**{("max_fan" if o == "cap" else o): v for o, v in OPTION_SETS["twoplayer"][k].items()})
        assert score_answer(rulesets[k], hand_from_json(hand), kw) == in_vocabulary(expected), (hand, kw)
