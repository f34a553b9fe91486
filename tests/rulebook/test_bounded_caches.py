"""The caches a process keeps of rule books and rule sets are bounded: distinct rule files scored one after
another, or rule sets made with option sets without end, do not stay in memory.

What is worked out once for a book (its derived tables, whether it reads the wait, its compiled book) is kept in
the book, its rule set or its rule-set class, so a rule file nothing uses any more is freed whole (caches of the
modules, keyed by book, kept up to 128 files alive: about 150 kB each).  The caches keyed by options (the shared
rule sets by options, a class's compiled book per configuration) keep at most their bounds, lowered here so that
30 option sets overflow them.
"""

from __future__ import annotations

import gc
import re
import tracemalloc
import weakref
from pathlib import Path

import pytest

import mahjong
from mahjong import registry
from mahjong.rulebook import check_text, compiler
from mahjong.rulebook.book import ruleset_class

GAMES = Path(mahjong.__file__).parent / "rulebook" / "games"
FILES = ("twoplayer.toml", "sichuan.toml", "common.toml")


def _distinct_book(i: int) -> object:
    text = (GAMES / FILES[i % len(FILES)]).read_text(encoding="utf-8")
    text = re.sub(r'(?m)^name = .*$', f'name = "bounded-{i}"', text, count=1)
    text = re.sub(r'(?m)^aliases = .*$', "aliases = []", text, count=1)
    book, problems = check_text(text, f"bounded-{i}.toml")
    assert book is not None and not problems, problems
    return book


def _score_distinct_files(first: int, n: int, alive: list[weakref.ref[object]]) -> None:
    for i in range(first, first + n):
        book = _distinct_book(i)
        rs = ruleset_class(book)()  # type: ignore[arg-type]
        for hand in ("123m456m789m123m55m", "11123455678999m"):
            try:
                rs.score(hand)
            except mahjong.MahjongError:
                pass
        alive.append(weakref.ref(book))
        del book, rs


def test_distinct_rule_files_scored_one_after_another_are_not_kept() -> None:
    # (the caches as shipped: a rule file's derived tables and compiled book live in its rule set and class, so
    # nothing of a file is kept once nothing uses it; module caches keyed by book kept up to 128 of them)
    alive: list[weakref.ref[object]] = []
    _score_distinct_files(0, 30, alive)
    gc.collect()
    kept = sum(r() is not None for r in alive)
    assert kept == 0, f"{kept} of 30 distinct rule books are still in memory"


def test_memory_is_flat_over_distinct_rule_files() -> None:
    # after a warm-up (imports, the shared tables every book reads), 8 more files scored keep nothing: the traced
    # memory grows by less than one rule file's book (about 150 kB each)
    alive: list[weakref.ref[object]] = []
    _score_distinct_files(100, 3, alive)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        _score_distinct_files(200, 8, alive)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 100_000, f"{grown} bytes kept after 8 distinct rule files"


def test_rule_sets_made_with_option_sets_without_end_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "SHARED_MAX", 4)
    monkeypatch.setattr(compiler, "CACHE_MAX", 4)
    monkeypatch.setattr(registry, "_SHARED", {**registry._SHARED})  # (what earlier calls made: more than 4)
    alive = []
    for base in range(1, 31):  # (as the web API and mahjong.score make them: shared, by options)
        rs = registry.shared_ruleset("common", {"base": base})
        assert rs.score("123m456m789m123p55s").total > 0
        alive.append(weakref.ref(rs))
        cls = type(rs)
        del rs
    gc.collect()
    kept = sum(r() is not None for r in alive)
    assert kept <= 2 * 4, f"{kept} of 30 rule sets made with distinct options are still in memory"
    assert len(registry._SHARED) <= 4 and len(compiler.compiled_books(cls)) <= 4
