"""Reading a rule table fast: a table's answer remembered by what the table read (:class:`ReadMemo`).

A rule table (its rows' ``when`` / ``count`` / values, a book's checks) is a pure function of the names and
library functions its expressions read: the predicates and counts of a reading, the win facts, the options.  The
evaluation is deterministic, so the first names it reads on a hand decide which name it reads next.  A
:class:`ReadMemo` keeps, for each table, a tree of those reads: each inner step names what is read next (a name,
or a library function with its arguments) and branches on its value; a leaf is the table's answer for every hand
whose reads lead there.

Reading a table for a hand is then a walk: read the step's name on the hand (computed once, as the evaluator
would), follow the branch of its value, until a leaf.  Only the predicates the evaluator itself would have read
are computed, in its order (lazily: ``one_suit and all_pungs`` reads ``all_pungs`` only when ``one_suit``
holds), and no expression is walked.  A hand whose reads lead off the tree is read by the evaluator, through
:class:`RecordingNames` and :class:`RecordingFunctions`, which log every first read; its path and answer are then
added to the tree.  The answer is the evaluator's own, so it is the same by construction; the tests also compare
every shipped table's answers both ways.

Values are branched on by equality (``True`` and ``1`` are one branch: the expression language reads a truth
value and the number 1 alike); a value that cannot be a dict key (none of the library's can) leaves the hand to
the evaluator.  A tree holds at most :data:`MAX_LEAVES` answers, and is started again when full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["ReadMemo", "RecordingNames", "RecordingFunctions", "MAX_LEAVES"]

#: answers a tree keeps before it is started again (a table of booleans has far fewer)
MAX_LEAVES = 20000


class _Step:
    """An inner step of the tree: what is read next (a name, or ``(function, arguments)``) and a branch per
    value."""

    __slots__ = ("key", "branches")

    def __init__(self, key: Any) -> None:
        self.key = key
        self.branches: dict[Any, Any] = {}


class _Leaf:
    """A table's answer at the end of a path."""

    __slots__ = ("answer",)

    def __init__(self, answer: Any) -> None:
        self.answer = answer


class _Log:
    """What one evaluation read, in order: ``(key, value)`` for each first read."""

    __slots__ = ("reads", "seen", "derived", "consistent")

    def __init__(self) -> None:
        self.reads: list[tuple[Any, Any]] = []
        self.seen: dict[Any, Any] = {}
        self.derived: set[str] = set()  # names and functions the caller puts in while it evaluates
        self.consistent = True

    def read(self, key: Any, value: Any) -> None:
        got = self.seen.get(key, _UNSEEN)
        if got is _UNSEEN:
            self.seen[key] = value
            self.reads.append((key, value))
        elif got != value:  # (a name whose value changed while the table was read: not a pure read)
            self.consistent = False


_UNSEEN = object()


class RecordingNames(Mapping[str, Any]):
    """A table's names, logging each first read (a zero-argument callable is read as its value, as the evaluator
    reads it).  Names the caller puts in with :meth:`update` while it evaluates are derived from what was read
    before them, and are not logged."""

    def __init__(self, names: Mapping[str, Any], log: _Log) -> None:
        self._names = names
        self._log = log

    def __getitem__(self, key: str) -> Any:
        value = self._names[key]
        if key in self._log.derived:
            return value
        if callable(value):
            value = value()
        self._log.read(key, value)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def update(self, more: Mapping[str, Any]) -> None:
        self._log.derived.update(more)
        self._names.update(more)  # type: ignore[attr-defined]


class RecordingFunctions(Mapping[str, Any]):
    """A table's functions, logging each call of a function of the hand with its arguments.  ``pure`` are the
    functions of their arguments alone (the language's built-ins): their calls are decided by what their
    arguments read and are not logged."""

    def __init__(self, functions: Mapping[str, Any], log: _Log, pure: Mapping[str, Any]) -> None:
        self._functions = functions
        self._log = log
        self._pure = pure

    def get(self, key: str, default: Any = None) -> Any:
        fn = self._functions.get(key)
        if fn is None:
            return default
        if key in self._log.derived or self._pure.get(key) is fn:
            return fn
        log = self._log

        def logged(*args: Any) -> Any:
            value = fn(*args)
            log.read((key, args), value)
            return value
        return logged

    def __getitem__(self, key: str) -> Any:
        got = self.get(key)
        if got is None:
            raise KeyError(key)
        return got

    def __setitem__(self, key: str, fn: Any) -> None:
        self._log.derived.add(key)
        self._functions[key] = fn  # type: ignore[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self._functions)

    def __len__(self) -> int:
        return len(self._functions)


class ReadMemo:
    """The answers of one table (one rule set under one configuration), by what the table read.

    ``answer(names, functions, evaluate, start)``: ``evaluate(names, functions)`` is the table read by the
    evaluator; it is called only for a hand off the tree, with recording stand-ins for ``names`` and
    ``functions``.  ``start`` separates trees of hands the table reads differently outside its names (e.g. a
    self-drawn win)."""

    __slots__ = ("_roots", "_leaves", "_pure")

    def __init__(self, pure: Mapping[str, Any]) -> None:
        self._roots: dict[Any, Any] = {}
        self._leaves = 0
        self._pure = pure

    def answer(self, names: Mapping[str, Any], functions: Mapping[str, Any],
               evaluate: Callable[[Mapping[str, Any], Mapping[str, Any]], Any], start: Any = None) -> Any:
        node = self._roots.get(start)
        try:
            while type(node) is _Step:
                key = node.key
                if type(key) is str:
                    value = names[key]
                    if callable(value):
                        value = value()
                else:
                    value = functions.get(key[0])(*key[1])  # type: ignore[misc]
                node = node.branches.get(value)
        except (KeyError, TypeError):  # (the evaluator says what is wrong, below)
            node = None
        if node is not None:
            return node.answer
        log = _Log()
        got = evaluate(RecordingNames(names, log), RecordingFunctions(functions, log, self._pure))
        if log.consistent:
            try:
                self._insert(start, log.reads, got)
            except TypeError:  # a value that cannot be a branch: this hand is always read by the evaluator
                pass
        return got

    def _insert(self, start: Any, reads: list[tuple[Any, Any]], answer: Any) -> None:
        if self._leaves >= MAX_LEAVES:
            self._roots = {}
            self._leaves = 0
        branches, at = self._roots, start
        for key, value in reads:
            node = branches.get(at)
            if node is None:
                node = branches[at] = _Step(key)
            elif type(node) is not _Step or node.key != key:  # pragma: no cover - reads are deterministic
                return
            branches, at = node.branches, value
        if at not in branches:
            branches[at] = _Leaf(answer)
            self._leaves += 1
