"""Rule books as data: one rule-row type, one reading view of a hand, a library of named predicates, exclusion,
aggregation and payment strategies — and rule files (TOML) that describe a whole game with them.

    >>> import mahjong
    >>> rules = mahjong.load_rules("my-game.toml")       # or a shipped game: mahjong.get_ruleset("hongzhong")
    >>> rules.score("123m456m789m234p55s", mahjong.WinContext())

* :func:`load_rules` / :func:`load_book` read a rule file; :func:`check` lists every problem (file, line, key);
  :func:`schema` is the file format's JSON Schema.  A rule file can never run code: its expressions are parsed by
  :mod:`mahjong.rulebook.expr` and may name only the predicate library, the file's options and its win facts.
* :func:`register_directory` makes a directory of rule files into presets.
* The games shipped as files (``mahjong/rulebook/games/*.toml``) are registered as presets with the built-in ones.
"""

from __future__ import annotations

from typing import Any

from mahjong.rulebook.book import BookRuleSet, RuleBook
from mahjong.rulebook.evaluator import compiled_best as _compiled_best  # noqa: F401  (scores on the compiled book)
from mahjong.rulebook.load import Problem, RuleFileError, check, check_text, load_book, shipped_files
from mahjong.rulebook.presets import load_rules, register_directory, register_shipped
from mahjong.rulebook.reading import Reading, TileSet, build_reading
from mahjong.rulebook.rows import VOCABULARY, RuleRow

__all__ = [
    "RuleRow",
    "VOCABULARY",
    "Reading",
    "TileSet",
    "build_reading",
    "RuleBook",
    "BookRuleSet",
    "Problem",
    "RuleFileError",
    "check",
    "check_text",
    "load_book",
    "load_rules",
    "register_directory",
    "register_shipped",
    "shipped_files",
    "schema",
]


def schema() -> dict[str, Any]:
    """The JSON Schema of a rule file, with every name an expression may read and its meaning in Chinese and
    English (``x-names``: the predicate library, its counts and functions, the win facts, the scoring names)."""
    from mahjong.rulebook.predicates import describe_library
    from mahjong.rulebook.spec import json_schema

    return {**json_schema(), "x-names": describe_library()}
