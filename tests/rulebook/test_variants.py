"""A built-in rule set's file, copied, changed and loaded, is that rule set with the change (rbflow): the shipped file
names ``variant_of``; a copy given a name of its own (the one edit) loads as a variant of the built-in, its hooks
included.  For each built-in file: the renamed copy gives the built-in's answers on corpus hands; a copy with one
option's default changed gives the built-in's answers under that option, and differs where the change bites; a
copy plays in the engine like the built-in; bad variants are reported with file, line and key."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from corpus_support import answer, hand_from_json
from corpus_support import load as load_corpus
from legacy_support import load as load_legacy
from legacy_support import score_answer

from mahjong.errors import RulesError
from mahjong.framework import get_ruleset
from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.rulebook import check_text, load_rules, shipped_files

#: per built-in: (an option, its changed default as the file writes it, the value as Python reads it)
CHANGES: dict[str, tuple[str, str, Any]] = {
    "sichuan": ("max_fan", "3", 3),
    "nanchang": ("all_pungs_multiplier", "4", 4),
    "yuhuan": ("max_tai", "3", 3),
    "jinshan": ("max_points", "50", 50),
    "wuhu-2468": ("zuizi", "3", 3),
    "wuhu-1234": ("zuizi", "4", 4),
}
HANDS = 60  #: corpus hands checked per rule set (default options)
T9P = 9 + 8  #: the tile 9p

_CORPUS: list[list[Any]] = []


def corpus(preset: str) -> list[tuple[Any, dict[str, Any], Any]]:
    """(hand, win facts, how to score) of the preset's corpus hands under its default options."""
    if preset == "sichuan":
        entries = [(hand_from_json(h), kw, score_answer) for p, k, h, kw, _e in load_legacy()["scores"]
                   if p == "sichuan" and k == 0]
    else:
        if not _CORPUS:
            _CORPUS.extend(load_corpus())
        entries = [(hand_from_json(h), kw, answer) for p, k, h, kw, _e in _CORPUS if p == preset and k == 0]
    step = max(1, len(entries) // HANDS)
    return entries[::step][:HANDS]


def shipped_text(preset: str) -> str:
    return Path(next(p for p in shipped_files() if p.endswith(f"/{preset}.toml"))).read_text(encoding="utf-8")


def renamed(preset: str, new: str) -> str:
    """The one documented edit: the copy's own name."""
    text, n = re.subn(rf'^name = "{preset}"$', f'name = "{new}"', shipped_text(preset), count=1, flags=re.M)
    assert n == 1
    return text


def with_default(text: str, option: str, value: str) -> str:
    head = text.index(f"[options.{option}]\n")
    at = text.index("\ndefault = ", head) + 1
    end = text.index("\n", at)
    return text[:at] + f"default = {value}" + text[end:]


def write(tmp_path: Path, name: str, text: str) -> Path:
    f = tmp_path / f"{name}.toml"
    f.write_text(text, encoding="utf-8")
    return f


@pytest.mark.parametrize("preset", sorted(CHANGES))
def test_a_copy_is_the_built_in_and_a_change_bites(preset: str, tmp_path: Path) -> None:
    same = load_rules(write(tmp_path, f"same-{preset}", renamed(preset, f"same-{preset}")))
    option, raw, value = CHANGES[preset]
    changed = load_rules(write(tmp_path, f"changed-{preset}",
                               with_default(renamed(preset, f"changed-{preset}"), option, raw)))
    builtin = get_ruleset(preset)
    assert isinstance(same, type(builtin)) and type(same) is not type(builtin)  # the built-in's hooks
    assert getattr(changed.config, option) == value and getattr(same.config, option) == getattr(builtin.config,
                                                                                               option)
    under = get_ruleset(preset, **{option: value})
    bites = 0
    hands = corpus(preset)
    assert len(hands) == HANDS
    for hand, kw, how in hands:
        want = how(builtin, hand, kw)
        assert how(same, hand, kw) == want, (preset, str(hand), kw)
        got = how(changed, hand, kw)
        assert got == how(under, hand, kw), (preset, str(hand), kw)
        bites += got != want
    assert bites > 0, preset  # the change is felt somewhere


#: the rule set's own test module, whose hands an unchanged copy scores the same
TEST_MODULES = {"sichuan": "test_sichuan.py", "nanchang": "test_nanchang.py", "yuhuan": "test_yuhuan.py",
                "jinshan": "test_jinshan.py", "wuhu-2468": "test_wuhu.py", "wuhu-1234": "test_wuhu.py"}
#: win facts tried on each of those hands (each rule set's own facts: Nanchang's 精 indicator)
FACTS: list[dict[str, Any]] = [{}, {"self_drawn": True, "winner": 1, "dealer": 0}, {"discarder": 2, "winner": 1}]


def yuhuan_hands() -> list[str]:
    import ast

    from mahjong.errors import MahjongError
    from mahjong.hand import parse_hand

    out = set()
    tree = ast.parse((Path(__file__).resolve().parent.parent / "test_yuhuan.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                if parse_hand(node.value).tile_count == 17:
                    out.add(node.value)
            except MahjongError:
                continue
    return sorted(out)


@pytest.mark.parametrize("preset", sorted(CHANGES))
def test_a_copy_scores_its_tests_hands_the_same(preset: str, tmp_path: Path) -> None:
    from file_compare import compare, hands_written_in

    same = load_rules(write(tmp_path, f"hands-{preset}", renamed(preset, f"hands-{preset}")))
    builtin = get_ruleset(preset)
    # (Yuhuan's hands are 16 tiles and the winning one: its test module's hands, by the same reading)
    hands = hands_written_in(TEST_MODULES[preset]) if preset != "yuhuan" else yuhuan_hands()
    assert len(hands) >= 10, preset
    covered: set[str] = set()
    facts = FACTS + ([{"indicator": "9p", "self_drawn": True}, {"indicator": "E", "discarder": 2}]
                     if preset == "nanchang" else [])
    for hand in hands:
        for kw in facts:
            covered |= compare(builtin, same, hand, kw)
    assert len(covered) >= 4, (preset, covered)


@pytest.mark.parametrize("preset", sorted(CHANGES))
def test_a_copy_plays_like_the_built_in(preset: str, tmp_path: Path) -> None:
    name = f"played-{preset}"
    load_rules(write(tmp_path, name, renamed(preset, name)))
    for seed in range(1 if os.environ.get("MAHJONG_PURE_PYTHON") else 3):  # (pure-Python hands are slow)
        games = []
        for rules in (preset, name):
            g = Game(rules, seed=seed, dealer=seed % 4, engine="python")
            play_hand(g, {s: GreedyAgent(seed * 4 + s) if s % 2 else RandomAgent(seed * 4 + s) for s in range(4)})
            assert g.settlement is not None
            games.append(([{k: v for k, v in e.to_dict().items() if k != "ruleset"} for e in g.events],
                          g.settlement.net))
        assert games[0] == games[1], (preset, seed)


def test_the_file_as_shipped_names_the_one_edit(tmp_path: Path) -> None:
    f = write(tmp_path, "nanchang", shipped_text("nanchang"))
    with pytest.raises(RulesError, match=r"name: this file is the table of the built-in rule set nanchang: use "
                                         r"--rules nanchang, or give a copy a name of its own \(e\.g\. name = "
                                         r"\"my-nanchang\"\) to load it as a variant of nanchang"):
        load_rules(f)


def test_a_variant_keeps_the_built_ins_options() -> None:
    text = renamed("nanchang", "short-nanchang")
    head = text.index("[options.kong_payments]\n")  # (an option no expression of the file reads)
    cut = text.index("\n[", head + 1)
    _, found = check_text(text[:head] + text[cut + 1:], "short.toml")
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("variant_of"))) + 1
    assert [(p.key, p.line) for p in found] == [("variant_of", line)]
    assert "keeps its option kong_payments" in found[0].message
    retyped = text.replace('[options.jing_kong_bonus]\ntype = "int"\ndefault = 10',
                           '[options.jing_kong_bonus]\ntype = "str"\ndefault = "10"')
    _, found = check_text(retyped, "retyped.toml")
    assert any(p.key == "options.jing_kong_bonus.type" and "keeps the type" in p.message for p in found), found
    _, found = check_text(text.replace('variant_of = "nanchang"', 'variant_of = "hangzhou"'), "x.toml")
    assert [p.key for p in found] == ["variant_of"] and "must be one of sichuan, nanchang" in found[0].message


def run(*args: str) -> subprocess.CompletedProcess[str]:
    # (the command reads the variant the same way on either backend; the pure-Python pass keeps its own time for
    # the in-process tests: the command runs on the installed default backend)
    env = {k: v for k, v in os.environ.items() if k != "MAHJONG_PURE_PYTHON"}
    env["LANG"] = "en_US.UTF-8"
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def test_the_command_line_reads_a_variant(tmp_path: Path) -> None:
    option, raw, _value = CHANGES["nanchang"]
    f = write(tmp_path, "cli-nanchang", with_default(renamed("nanchang", "cli-nanchang"), option, raw))
    p = run("rules", "--check", str(f))
    assert p.returncode == 0 and "ok" in p.stdout, p.stderr
    hand = "111m222p333s444m55s"  # 大七对 (all pungs)
    got = run("score", "--rules-file", str(f), hand, "--context", "indicator=9p", "--json")
    assert got.returncode == 0, got.stderr
    got_data = json.loads(got.stdout)
    rs = get_ruleset("nanchang", **{option: int(raw)})
    want = rs.score(hand, rs.Context(indicator=T9P))
    assert got_data["ruleset"] == "cli-nanchang"
    assert tuple(p["amount"] for p in got_data["payments"]) == want.payments and got_data["total"] == want.total
    assert want.total == 16  # (大七对 ×4 with the changed default, not ×2)
    # simulate plays the variant (its flow: the built-in's) like the built-in under the same option
    from mahjong.game.cli import simulate

    sims = [json.loads(run("simulate", "--rules-file", str(f), "--hands", "3", "--json", "--no-progress").stdout),
            simulate("nanchang", 3, options={option: int(raw)})]  # (the same function, in this process)
    assert sims[0].pop("rules") == "cli-nanchang" and sims[1].pop("rules") == "nanchang"
    for sim in sims:
        del sim["seconds"], sim["hands_per_second"], sim["cpu_seconds"], sim["hands_per_cpu_second"]
    assert sims[0] == sims[1] and sims[0]["wins"] > 0


def test_the_schema_shows_variant_of() -> None:
    from mahjong.rulebook import schema

    assert schema()["properties"]["variant_of"]["enum"] == ["sichuan", "nanchang", "yuhuan", "jinshan", "wuhu-2468",
                                                            "wuhu-1234"]


# --- Nanchang's 精 points per holder are the file's ([wildcards.points]) --------------------------------------------


def test_a_nanchang_variant_sets_the_points_of_the_jing_held(tmp_path: Path) -> None:
    text = renamed("nanchang", "flat-jing")
    for old, new in (("first = 2", "first = 3"), ("breakthrough_offset = 3", "breakthrough_offset = 2"),
                     ('sole_holder = "bawang_multiplier"', "sole_holder = 5")):
        assert text.count(old) == 1
        text = text.replace(old, new)
    rs = load_rules(write(tmp_path, "flat-jing", text))
    base = get_ruleset("nanchang")
    held, kongs = [(1, 0), (0, 0), (0, 0), (0, 4)], [False, False, False, True]
    assert base.jing_points(held, kongs) == [2, 0, 0, 14 * 11]  # (4 + 10 = 14 points: 冲关 14 × 11)
    assert rs.jing_points(held, kongs) == [3, 0, 0, 14 * 12]
    assert rs.jing_points([(2, 0), (0, 0), (0, 0), (0, 0)], [False] * 4) == [120, 0, 0, 0]  # (6 × 4, then × 5)
    assert base.jing_points([(2, 0), (0, 0), (0, 0), (0, 0)], [False] * 4) == [2 * 4, 0, 0, 0]  # (4 < 5: × 2)
    off = load_rules(write(tmp_path, "no-draw-jing", renamed("nanchang", "no-draw-jing").replace(
        'at_draw = "jing_at_draw"', "at_draw = false")))
    assert base.holdings_at_draw() and not off.holdings_at_draw()
    assert not get_ruleset("nanchang", jing_at_draw=False).holdings_at_draw()
    text = renamed("nanchang", "no-jing-points")
    head = text.index("[wildcards.points]\n")
    bare = load_rules(write(tmp_path, "no-jing-points", text[:head] + text[text.index("\n[", head + 1) + 1:]))
    assert bare.jing_points(held, kongs) == [0, 0, 0, 0] and not bare.holdings_at_draw()


@pytest.mark.parametrize(("edit", "key", "words"), [
    (("indicator = true", "indicator = false"), "wildcards.points", "indicator = true"),
    (('variant_of = "nanchang"', 'variant_of = "sichuan"'), "wildcards.points", 'variant_of = "nanchang"'),
    (("indicator_kinds = 2", "indicator_kinds = 1"), "wildcards.points.second", "indicator_kinds = 2"),
    (('kong = "jing_kong_bonus"', 'kong = "no_such_option"'), "wildcards.points.kong", "no_such_option"),
    (("first = 2", "first = 2\nthird = 1"), "wildcards.points.third", "unknown key"),
])
def test_bad_jing_points_are_reported_by_key(edit: tuple[str, str], key: str, words: str) -> None:
    text = renamed("nanchang", "bad-jing")
    assert text.count(edit[0]) == 1
    _, found = check_text(text.replace(*edit), "bad.toml")
    assert any(p.key == key and words in p.message for p in found), [(p.key, p.message) for p in found]
