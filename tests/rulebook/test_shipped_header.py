"""What a shipped rule file is, read from its header: the registry lists every shipped game at its first look-up
and reads a game's whole book only when that game is used."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mahjong.rulebook.load import HEADER_KEYS, header_of_text, shipped_book, shipped_files, shipped_header

FILES = [os.path.basename(p) for p in shipped_files()]


@pytest.mark.parametrize("file", FILES)
def test_the_header_says_what_the_whole_book_says(file: str) -> None:
    book = shipped_book(file)
    head = shipped_header(file)
    assert {k: head[k] for k in HEADER_KEYS} == {k: getattr(book, k) for k in HEADER_KEYS}


def test_a_file_that_extends_another_takes_its_titles_but_not_its_names() -> None:
    own = {os.path.basename(p): header_of_text(open(p, encoding="utf-8").read()) for p in shipped_files()}
    extending = [f for f, head in own.items() if head is not None and "extends" in head]
    assert extending  # (the two-player game extends the common table; wuhu-1234 extends wuhu-2468)
    for file in extending:
        head = shipped_header(file)
        assert (head["name"], head["aliases"]) == (own[file]["name"], own[file]["aliases"])


def test_a_header_that_does_not_read_alone_is_none() -> None:
    text = 'format = 1\nname = "x"\nzh = """line one\n[not a table]\n"""\n[tiles]\nsuits = "mps"\n'
    assert header_of_text(text) is None
    nested = 'format = 1\nname = "x"\naliases = [\n["a"],\n]\n'
    assert header_of_text(nested) is None
    plain = 'format = 1\nname = "x"\naliases = ["y", "z"]\nvariant_of = "x"\n  [tiles]\nsuits = "mps"\n'
    assert header_of_text(plain) == {"name": "x", "aliases": ("y", "z"), "variant_of": "x"}
    assert header_of_text('format = 1\n[tiles]\nname = "x"\n') is None  # (no name of its own: read the whole file)


def test_a_look_up_reads_only_the_book_of_the_game_it_uses() -> None:
    """The first look-up (`mahjong score --rules guobiao`) reads no rule file but the headers: the registry lists
    every shipped game by the names and summaries of its header, and a game's book is read when that game is used
    (here Hongzhong: its book alone); the rows the headers gave are the books' own."""
    code = ("import json, mahjong\nfrom mahjong import registry\nfrom mahjong.rulebook import load\n"
            "registry.resolve_preset('guobiao')\nfirst = sorted(load._SHIPPED)\n"
            "rows = {n: registry.PRESET_INFO[n].__dict__ for n in registry.PRESET_INFO}\n"
            "mahjong.score('1122m3344p5566s77s', mahjong.WinContext(), rules='hongzhong')\n"
            "print(json.dumps([first, sorted(load._SHIPPED), rows], default=list))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    first, then, rows = json.loads(p.stdout)
    assert first == [] and then == ["hongzhong.toml"], (first, then)
    # the games registered from their headers, and the built-in rule sets whose row the preset table reads from
    # their book (the other built-in rule sets' rows are the preset table's own words)
    from_headers = [f for f in FILES if not shipped_book(f).builtin] + ["sichuan.toml"]
    assert {"hongzhong.toml", "twoplayer.toml", "changsha.toml"} <= set(from_headers)
    for file in from_headers:
        book = shipped_book(file)
        row = rows[book.name]
        assert (row["name_zh"], row["name_en"], row["summary_zh"], row["summary_en"], tuple(row["aliases"])) \
            == (book.zh, book.en, book.summary_zh, book.summary_en, book.aliases), file


def test_a_game_registered_by_name_plays_and_scores_as_its_book(registry_restored: None) -> None:
    """Its class and flow, made when first asked for, are the book's: the same as registering the book itself."""
    import mahjong
    from mahjong.registry import PRESETS, flow_class
    from mahjong.rulebook import presets

    games = [shipped_header(f)["name"] for f in FILES if PRESETS[shipped_header(f)["name"]][0] == presets.__name__]
    assert {"hongzhong", "changsha", "guangdong", "guangdong-fangui", "common-file"} <= set(games)
    for file in [f for f in FILES if shipped_header(f)["name"] in games]:
        name = shipped_header(file)["name"]
        ruleset = mahjong.get_ruleset(name)
        assert ruleset.book == shipped_book(file) and presets.BOOKS[name] is ruleset.book
        assert flow_class(name).book is ruleset.book, name
