"""A rule file's expression the rule book refuses when it reads it compiles to that refusal alone.

``contains(1, 2)`` (contains needs a seats win fact first) and the negation of a seats fact are errors the rule
book raises when it evaluates them (our ``ExprError``).  The compiler wrote the error after the values it was given,
leaving them on the evaluator's stack: the compiled evaluator refused the whole book's image with Python's
``ValueError`` when the rule set first scored (found by the fuzz suite on a shipped file with one ``when``
replaced).  Both backends: scoring raises our error, on the compiled evaluator as in the rule book.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mahjong
from mahjong.rulebook import check_text
from mahjong.rulebook.book import ruleset_class

GAMES = Path(mahjong.__file__).parent / "rulebook" / "games"


def _with_when(file: str, new_when: str, where: str) -> object:
    """The shipped ``file`` under a name of its own, the first ``when`` line containing ``where`` replaced."""
    text = (GAMES / file).read_text(encoding="utf-8")
    text = re.sub(r'(?m)^name = .*$', f'name = "errcall-{file[:-5]}-{abs(hash(new_when)) % 10**6}"', text, count=1)
    text = re.sub(r'(?m)^aliases = .*$', "aliases = []", text, count=1)
    lines = text.split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("when = ") and where in line)
    lines[i] = f"when = {new_when!r}".replace("'", '"')
    book, problems = check_text("\n".join(lines), file)
    assert book is not None and not problems, problems
    return ruleset_class(book)()


@pytest.mark.parametrize("when", ["contains(1, 2)", "size(3)", "contains(1 + 2, 5)"])
def test_contains_and_size_of_a_number_is_our_error_on_both_evaluators(when: str) -> None:
    rs = _with_when("twoplayer.toml", when, "qiong_hu")
    _image_loads(rs)
    for hand in ("123m456m789m123m55m", "111m222m333m444m55m"):
        with pytest.raises(mahjong.MahjongError, match="needs a seats win fact"):
            rs.score(hand)  # type: ignore[attr-defined]


def _image_loads(rs: object) -> None:
    """The compiled evaluator takes the book's image (where the book compiles, on the compiled backend)."""
    from mahjong.rulebook.compiler import compiled
    from mahjong.rulebook.evaluator import compiled_evaluator

    cb = compiled(rs)
    if cb is not None:
        compiled_evaluator(cb)


@pytest.mark.parametrize("when", ["-already_won == 0", "contains(2, already_won)", "size(-already_won) > 0"])
def test_the_book_s_image_is_taken_whatever_errors_its_expressions_hold(when: str) -> None:
    rs = _with_when("sichuan.toml", when, "")
    _image_loads(rs)
    try:
        rs.score("11123455678999m")  # type: ignore[attr-defined]
    except mahjong.MahjongError:
        pass
