"""The caches a process keeps of rule books and rule sets are bounded: distinct rule files scored one after
another, or rule sets made with option sets without end, do not stay in memory.

Each cache keyed by a book, a rule set or its options (the compiled books, the rule book's derived tables, the
shared rule sets by options) keeps at most its bound.  The bounds are lowered here so that a few dozen distinct
files or option sets overflow them: a book nothing else holds must then be freed (the cache of which books read
the wait kept every book it was asked about: about 150 kB a rule file, for the life of the process).
"""

from __future__ import annotations

import gc
import re
import weakref
from pathlib import Path

import pytest

import mahjong
from mahjong import registry
from mahjong.rulebook import book as book_module
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


def test_distinct_rule_files_scored_one_after_another_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(book_module, "BOOK_CACHE_MAX", 4)
    monkeypatch.setattr(compiler, "CACHE_MAX", 4)
    alive = []
    for i in range(30):
        book = _distinct_book(i)
        rs = ruleset_class(book)()  # type: ignore[arg-type]
        for hand in ("123m456m789m123m55m", "11123455678999m"):
            try:
                rs.score(hand)
            except mahjong.MahjongError:
                pass
        alive.append(weakref.ref(book))
        del book, rs
    gc.collect()
    kept = sum(r() is not None for r in alive)
    assert kept <= 2 * 4, f"{kept} of 30 distinct rule books are still in memory"
    for cache in (book_module._GROUPS, book_module._TABLES, book_module._READS_WAIT, compiler._CACHE):
        assert len(cache) <= 4


def test_rule_sets_made_with_option_sets_without_end_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "SHARED_MAX", 4)
    monkeypatch.setattr(compiler, "CACHE_MAX", 4)
    monkeypatch.setattr(registry, "_SHARED", {**registry._SHARED})  # (what earlier calls made: more than 4)
    alive = []
    for base in range(1, 31):  # (as the web API and mahjong.score make them: shared, by options)
        rs = registry.shared_ruleset("common", {"base": base})
        assert rs.score("123m456m789m123p55s").total > 0
        alive.append(weakref.ref(rs))
        del rs
    gc.collect()
    kept = sum(r() is not None for r in alive)
    assert kept <= 2 * 4, f"{kept} of 30 rule sets made with distinct options are still in memory"
    assert len(registry._SHARED) <= 4 and len(compiler._CACHE) <= 4
