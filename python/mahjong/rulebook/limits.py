"""The bounds of a rule file, written once: the reader (:mod:`mahjong.rulebook.load`), the expression language
(:mod:`mahjong.rulebook.expr`) and the options of a rule set (:mod:`mahjong.rulebook.options`) read them.

A rule file is data from anyone: these bounds make reading and scoring it cost at most a little time and memory,
whatever it holds.  The file's size, its keys and its nesting are checked before the TOML reader sees the text
(the reader's cost grows with the square of a dotted key's length, and its recursion with the nesting); its
integers and expressions while it is checked; the values an expression computes while it is evaluated.
"""

from __future__ import annotations

__all__ = ["MAX_FILE_BYTES", "MAX_KEY_LENGTH", "MAX_KEY_PARTS", "MAX_NESTING", "MAX_NUMBER_DIGITS", "MAX_INT",
           "MAX_EXPR_LENGTH", "MAX_EXPR_DEPTH", "MAX_EXPR_NODES", "in_range"]

#: bytes of a rule file (the largest shipped file is about 23 KB)
MAX_FILE_BYTES = 256 * 1024
#: characters of one key as written (a dotted key or a table header, all its parts)
MAX_KEY_LENGTH = 128
#: parts of one dotted key or table header (``a.b.c`` has 3)
MAX_KEY_PARTS = 8
#: arrays and inline tables inside each other
MAX_NESTING = 16
#: digits of one number as written (the TOML reader would otherwise turn any run of digits into an integer)
MAX_NUMBER_DIGITS = 24
#: the largest integer a rule file may write, an option may hold or an expression may compute (either sign): the
#: range of a 64-bit integer, which the compiled evaluator computes in
MAX_INT = (1 << 63) - 1
#: characters of one expression
MAX_EXPR_LENGTH = 2000
#: operators and parentheses inside each other in one expression (each level a step of the evaluator's recursion)
MAX_EXPR_DEPTH = 60
#: names, numbers, operators and calls in one expression
MAX_EXPR_NODES = 500


def in_range(value: int) -> bool:
    """Whether an integer is within the bounds a rule file's values keep (±:data:`MAX_INT`)."""
    return -MAX_INT <= value <= MAX_INT
