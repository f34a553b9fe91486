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


def test_the_first_look_up_reads_only_the_books_it_registers() -> None:
    """A look-up (`mahjong score --rules guobiao`) reads the books of the games registered from files, not those of
    the built-in rule sets (Sichuan, Nanchang, Jinshan, Yuhuan, Wuhu, the two-player game), whose modules read
    them when they are used; the rows those give the registry are their books' names and summaries."""
    code = ("import json, mahjong\nfrom mahjong import registry\nfrom mahjong.rulebook import load\n"
            "registry.resolve_preset('guobiao')\nread = sorted(load._SHIPPED)\n"
            "rows = {n: registry.PRESET_INFO[n].__dict__ for n in ('sichuan', 'twoplayer')}\n"
            "print(json.dumps([read, rows], default=list))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    read, rows = json.loads(p.stdout)
    assert read and all(not shipped_header(f)["builtin"] and shipped_header(f)["name"] not in ("sichuan", "twoplayer")
                        for f in read), read
    for name in ("sichuan", "twoplayer"):
        book = shipped_book(f"{name}.toml")
        assert (rows[name]["name_zh"], rows[name]["name_en"], rows[name]["summary_zh"], rows[name]["summary_en"]) \
            == (book.zh, book.en, book.summary_zh, book.summary_en)
        assert tuple(rows[name]["aliases"]) == book.aliases
