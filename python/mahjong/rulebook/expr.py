"""The small, safe expression language of rule files: predicates (``one_suit and not has_honors``), counts
(``wind_pungs + dragon_pungs >= 3``) and formulas (``min(fan, max_fan) * base``).

A rule file can never run code: an expression is read by the tokenizer and recursive-descent parser below into a
tree of :class:`Node` objects and evaluated by walking that tree.  Nothing reaches ``eval``, attribute access,
indexing or imports; a name is only ever looked up in the environment the caller passes (the predicate library,
the rule set's options, the aggregation's variables), and a call only ever reaches a function of that
environment.

Grammar (lowest precedence first)::

    expr    := or
    or      := and ("or" and)*
    and     := not ("and" not)*
    not     := "not" not | compare
    compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
    sum     := product (("+" | "-") product)*
    product := power (("*" | "//" | "/") power)*
    power   := unary ("^" power)?
    unary   := "-" unary | atom
    atom    := NUMBER | STRING | "true" | "false" | NAME | NAME "(" [expr ("," expr)*] ")" | "(" expr ")"
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mahjong.errors import RulesError
from mahjong.rulebook.limits import MAX_EXPR_DEPTH, MAX_EXPR_LENGTH, MAX_EXPR_NODES, MAX_INT, MAX_NUMBER_DIGITS

__all__ = ["ExprError", "Node", "parse", "evaluate", "evaluate_int", "as_int", "compiled", "names_in", "Value", "fold"]

Value = int | bool | str


class ExprError(RulesError):
    """An expression that cannot be read or evaluated; ``position`` is the character where it went wrong."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True)
class Node:
    """One node of a parsed expression: ``op`` is ``"num" "str" "name" "call"`` or an operator."""

    op: str
    args: tuple[Node, ...] = ()
    value: Value | None = None
    position: int = 0


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<str>\"[^\"]*\"|'[^']*')"
    r"|(?P<op>==|!=|<=|>=|//|[-+*/^<>(),]))"
)
_KEYWORDS = {"and", "or", "not", "true", "false"}


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None:
            at = pos + (len(text[pos:]) - len(text[pos:].lstrip()))
            raise ExprError(f"unexpected character {text[at]!r} at {at + 1} in {text!r}", at)
        kind = m.lastgroup or ""
        raw = m.group(kind)
        start = m.start(kind)
        if kind == "name" and raw in _KEYWORDS:
            kind = "kw"
        out.append((kind, raw, start))
        pos = m.end()
    out.append(("end", "", len(text)))
    return out


class _Parser:
    """Recursive descent over the tokens.  Every node made is measured as it is made: its depth (1 + its deepest
    operand's) and the count of nodes, so a left-leaning chain (``1 + 1 + 1 …``) is bounded as a nesting is; the
    productions that call themselves (``not``, ``-``, ``^``, parentheses) count their own depth too, so the
    recursion stops before the nodes are made."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0
        self.nodes = 0
        self.depths: dict[int, int] = {}

    def peek(self) -> tuple[str, str, int]:
        return self.toks[self.i]

    def take(self) -> tuple[str, str, int]:
        t = self.toks[self.i]
        self.i += 1
        return t

    def accept(self, raw: str) -> bool:
        kind, r, _ = self.peek()
        if r == raw and kind in ("op", "kw"):
            self.i += 1
            return True
        return False

    def fail(self, what: str) -> ExprError:
        kind, raw, pos = self.peek()
        got = "the end" if kind == "end" else repr(raw)
        return ExprError(f"expected {what} at {pos + 1} in {self.text!r}, got {got}", pos)

    def too_deep(self, pos: int) -> ExprError:
        return ExprError(f"expression nested more than {MAX_EXPR_DEPTH} deep at {pos + 1}: {self.text[:60]!r}", pos)

    def node(self, op: str, args: tuple[Node, ...], value: Value | None, pos: int) -> Node:
        self.nodes += 1
        if self.nodes > MAX_EXPR_NODES:
            raise ExprError(f"expression of more than {MAX_EXPR_NODES} parts: {self.text[:60]!r}", pos)
        depth = 1 + max((self.depths.get(id(a), 1) for a in args), default=0)
        if depth > MAX_EXPR_DEPTH:
            raise self.too_deep(pos)
        made = Node(op, args, value, pos)
        if args:
            self.depths[id(made)] = depth
        return made

    def enter(self, pos: int) -> None:
        self.depth += 1
        if self.depth > MAX_EXPR_DEPTH:
            raise self.too_deep(pos)

    def parse(self) -> Node:
        node = self.or_()
        if self.peek()[0] != "end":
            raise self.fail("an operator or the end")
        return node

    def _binary(self, ops: tuple[str, ...], sub: Callable[[], Node]) -> Node:
        left = sub()
        while True:
            kind, raw, pos = self.peek()
            if kind in ("op", "kw") and raw in ops:
                self.i += 1
                left = self.node(raw, (left, sub()), None, pos)
            else:
                return left

    def or_(self) -> Node:
        return self._binary(("or",), self.and_)

    def and_(self) -> Node:
        return self._binary(("and",), self.not_)

    def not_(self) -> Node:
        kind, raw, pos = self.peek()
        if kind == "kw" and raw == "not":
            self.i += 1
            self.enter(pos)
            operand = self.not_()
            self.depth -= 1
            return self.node("not", (operand,), None, pos)
        return self.compare()

    def compare(self) -> Node:
        left = self.sum_()
        kind, raw, pos = self.peek()
        if kind == "op" and raw in ("==", "!=", "<", "<=", ">", ">="):
            self.i += 1
            return self.node(raw, (left, self.sum_()), None, pos)
        return left

    def sum_(self) -> Node:
        return self._binary(("+", "-"), self.product)

    def product(self) -> Node:
        return self._binary(("*", "//", "/"), self.power)

    def power(self) -> Node:
        base = self.unary()
        kind, raw, pos = self.peek()
        if kind == "op" and raw == "^":
            self.i += 1
            self.enter(pos)
            exponent = self.power()
            self.depth -= 1
            return self.node("^", (base, exponent), None, pos)
        return base

    def unary(self) -> Node:
        kind, raw, pos = self.peek()
        if kind == "op" and raw == "-":
            self.i += 1
            self.enter(pos)
            operand = self.unary()
            self.depth -= 1
            return self.node("neg", (operand,), None, pos)
        return self.atom()

    def atom(self) -> Node:
        kind, raw, pos = self.take()
        if kind == "num":
            if len(raw) > MAX_NUMBER_DIGITS or int(raw) > MAX_INT:
                raise ExprError(f"number {raw[:30]} out of range (at most {MAX_INT}) at {pos + 1}", pos)
            return self.node("num", (), int(raw), pos)
        if kind == "str":
            return self.node("str", (), raw[1:-1], pos)
        if kind == "kw" and raw in ("true", "false"):
            return self.node("num", (), raw == "true", pos)
        if kind == "name":
            if self.accept("("):
                self.enter(pos)
                args: list[Node] = []
                if not self.accept(")"):
                    args.append(self.or_())
                    while self.accept(","):
                        args.append(self.or_())
                    if not self.accept(")"):
                        raise self.fail("',' or ')'")
                self.depth -= 1
                return self.node("call", tuple(args), raw, pos)
            return self.node("name", (), raw, pos)
        if kind == "op" and raw == "(":
            self.enter(pos)
            node = self.or_()
            if not self.accept(")"):
                raise self.fail("')'")
            self.depth -= 1
            return node
        self.i -= 1
        raise self.fail("a number, a name or '('")


def parse(text: str) -> Node:
    """Parse an expression; :class:`ExprError` names the position of the first problem.  An expression is bounded
    (:mod:`mahjong.rulebook.limits`): its length, its nesting, its count of parts and its numbers."""
    if not isinstance(text, str):
        raise ExprError(f"an expression is text, got {type(text).__name__}")
    if len(text) > MAX_EXPR_LENGTH:
        raise ExprError(f"expression longer than {MAX_EXPR_LENGTH} characters")
    return _Parser(text).parse()


def names_in(node: Node) -> tuple[set[str], set[str]]:
    """(names read, functions called) by an expression — checked against the library when a file is loaded."""
    names: set[str] = set()
    calls: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if n.op == "name":
            names.add(str(n.value))
        elif n.op == "call":
            calls.add(str(n.value))
        stack.extend(n.args)
    return names, calls


Env = Mapping[str, Any]


def _int(v: Any, node: Node) -> int:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    raise ExprError(f"{node.op!r} needs numbers, got {v!r}", node.position)


def evaluate(node: Node, names: Env, functions: Env) -> Value:
    """Evaluate a parsed expression.  ``names`` maps a name to a value or to a zero-argument callable (a predicate
    of the library, computed only when read); ``functions`` maps a function name to a callable.

    The tree is turned into nested closures once (:func:`compiled`, kept on the node), so a rule table read for
    many hands walks no tree and compares no operator names."""
    fn = node.__dict__.get("_compiled")
    if fn is None:
        fn = compiled(node)
    return fn(names, functions)


def evaluate_int(node: Node, names: Env, functions: Env) -> int:
    """:func:`evaluate` where a whole number is wanted (a value, an amount, a count): true / false read as 1 / 0,
    text is an :class:`ExprError`."""
    return as_int(evaluate(node, names, functions))


def as_int(v: Value) -> int:
    """A computed value where a whole number is wanted: true / false read as 1 / 0, text is an
    :class:`ExprError`."""
    if type(v) is int:
        return v
    if type(v) is bool:
        return int(v)
    raise ExprError(f"expected a whole number, got {v!r}")


Compiled = Callable[[Env, Env], Value]


def compiled(node: Node) -> Compiled:
    """The expression as a function of (names, functions), with :func:`evaluate`'s meaning and errors."""
    fn = node.__dict__.get("_compiled")
    if fn is None:
        fn = _compile(node)
        object.__setattr__(node, "_compiled", fn)
    return fn


def _compile(node: Node) -> Compiled:
    # Each node becomes one closure specialised for its operator and, where it helps, for a constant operand
    # (``melds == 4``) or the number of a call's arguments: a table read on many hands spends its time here.
    op = node.op
    if op == "num" or op == "str":
        const = node.value
        assert const is not None
        return lambda names, functions: const
    if op == "name":
        key = str(node.value)

        def name(names: Env, functions: Env) -> Value:
            try:
                v = names[key]
            except KeyError:
                raise ExprError(f"unknown name {key!r}", node.position) from None
            if type(v) in _PLAIN:
                return v  # type: ignore[no-any-return]
            out = v() if callable(v) else v
            if out is None:
                raise ExprError(f"{key!r} has no value here", node.position)
            return out  # type: ignore[no-any-return]
        return name
    args = [compiled(a) for a in node.args]
    if op == "call":
        return _call(node, args)
    if op == "not":
        (a,) = args
        return lambda names, functions: not a(names, functions)
    if op == "neg":
        (a,) = args
        return lambda names, functions: _bounded(-_int(a(names, functions), node), node)
    a, b = args
    if op == "and":
        return lambda names, functions: True if a(names, functions) and b(names, functions) else False
    if op == "or":
        return lambda names, functions: True if a(names, functions) or b(names, functions) else False
    right = node.args[1]
    if op == "==":
        if right.op in ("num", "str"):
            c = right.value
            return lambda names, functions: a(names, functions) == c
        return lambda names, functions: a(names, functions) == b(names, functions)
    if op == "!=":
        if right.op in ("num", "str"):
            c = right.value
            return lambda names, functions: a(names, functions) != c
        return lambda names, functions: a(names, functions) != b(names, functions)
    arith = _ARITHMETIC.get(op)
    if arith is None:  # pragma: no cover - the parser makes no others
        raise ExprError(f"unknown operator {op!r}", node.position)
    if right.op == "num" and type(right.value) is int:
        compare = _COMPARE_CONSTANT.get(op)
        if compare is not None:
            return compare(a, right.value, node)

    def numbers(names: Env, functions: Env) -> Value:
        x = a(names, functions)
        y = b(names, functions)
        if type(x) is not int:
            x = _int(x, node)
        if type(y) is not int:
            y = _int(y, node)
        return arith(x, y, node)
    return numbers


#: the types a name's value is used as it is (anything else may be a callable to call, or None: no value)
_PLAIN = frozenset({bool, int, str, frozenset, tuple})


def _call(node: Node, args: list[Compiled]) -> Compiled:
    key = str(node.value)

    def function(functions: Env) -> Callable[..., Value]:
        try:
            fn = functions[key]  # (a table of functions may bind one when first asked: __missing__)
        except KeyError:
            fn = None
        if fn is None:
            raise ExprError(f"unknown function {key!r}", node.position)
        return fn  # type: ignore[no-any-return]

    if not args:
        return lambda names, functions: function(functions)()
    if len(args) == 1:
        (a,) = args
        return lambda names, functions: function(functions)(a(names, functions))
    if len(args) == 2:
        a, b = args
        return lambda names, functions: function(functions)(a(names, functions), b(names, functions))
    if len(args) == 3:
        a, b, c = args
        return lambda names, functions: function(functions)(a(names, functions), b(names, functions),
                                                             c(names, functions))

    def call(names: Env, functions: Env) -> Value:
        return function(functions)(*[a(names, functions) for a in args])
    return call


def _compare_constant(test: Callable[[int, int], bool]) -> Callable[[Compiled, int, Node], Compiled]:
    """A comparison with a number on its right (``roots >= 1``): the number is not read again each time."""
    def make(a: Compiled, c: int, node: Node) -> Compiled:
        def compare(names: Env, functions: Env) -> Value:
            x = a(names, functions)
            if type(x) is not int:
                x = _int(x, node)
            return test(x, c)
        return compare
    return make


_COMPARE_CONSTANT: dict[str, Callable[[Compiled, int, Node], Compiled]] = {
    "<": _compare_constant(operator.lt),
    "<=": _compare_constant(operator.le),
    ">": _compare_constant(operator.gt),
    ">=": _compare_constant(operator.ge),
}


def _bounded(v: int, node: Node | None = None) -> int:
    """A computed value within ±MAX_INT (the values an expression reads are: a bound on each result keeps every
    step of the arithmetic small)."""
    if -MAX_INT <= v <= MAX_INT:
        return v
    raise _out_of_range(node)


def _out_of_range(node: Node | None) -> ExprError:
    return ExprError(f"a value out of range (more than {MAX_INT} either way)", None if node is None else node.position)


def _div(x: int, y: int, node: Node) -> int:
    if y == 0:
        raise ExprError("division by zero", node.position)
    return _bounded(x // y, node)  # (only -MAX_INT - 1 // -1 leaves the range)


def _pow(x: int, y: int, node: Node) -> int:
    if y < 0 or y > 64:
        raise ExprError(f"power {y} out of range 0..64", node.position)
    if x not in (-1, 0, 1) and y > 63:  # 2^64 and beyond: out of range, without computing it
        raise _out_of_range(node)
    return _bounded(x**y, node)


_ARITHMETIC: dict[str, Callable[[int, int, Node], Value]] = {
    "<": lambda x, y, n: x < y,
    "<=": lambda x, y, n: x <= y,
    ">": lambda x, y, n: x > y,
    ">=": lambda x, y, n: x >= y,
    "+": lambda x, y, n: _bounded(x + y, n),
    "-": lambda x, y, n: _bounded(x - y, n),
    "*": lambda x, y, n: _bounded(x * y, n),
    "/": _div,
    "//": _div,
    "^": _pow,
}


def fold(node: Node, constants: Env, strict: bool = False) -> Node:
    """The expression with the names of ``constants`` (a rule set's options) put in and every part that no
    longer depends on anything else worked out: ``jingoudiao == "pattern" and melds == 4`` becomes ``false``
    under ``jingoudiao = "extra"``.  An error a part would raise is left for :func:`evaluate` to raise (``strict``:
    raised here, as a rule file's checker wants it)."""
    op = node.op
    if op == "name":
        key = str(node.value)
        if key in constants and constants[key] is not None and not callable(constants[key]):
            return Node("num", (), constants[key], node.position)
        return node
    if not node.args:
        return node
    args = tuple(fold(a, constants, strict) for a in node.args)
    consts = [a.op in ("num", "str") for a in args]
    if op == "and" or op == "or":
        for a, c in zip(args, consts):
            if c and bool(a.value) is (op == "or"):  # false and …, true or …: decided
                return Node("num", (), op == "or", node.position)
        rest = tuple(a for a, c in zip(args, consts) if not c)
        if not rest:
            return Node("num", (), op == "and", node.position)
        if len(rest) == 1:  # true and x, false or x: x, as a truth value
            return Node("not", (Node("not", rest, None, node.position),), None, node.position)
    if op != "call" and all(consts):
        try:
            return Node("num", (), evaluate(Node(op, args, node.value, node.position), {}, {}), node.position)
        except ExprError:
            if strict:
                raise
    return Node(op, args, node.value, node.position)


def _number(v: Value, function: str) -> int:
    if type(v) is int or type(v) is bool:
        return int(v)
    raise ExprError(f"{function!r} needs numbers, got {v!r}")


#: functions every expression may call
def _round_up(x: Value, step: Value) -> int:
    xi, si = _number(x, "round_up"), _number(step, "round_up")
    if si <= 0:
        raise ExprError("round_up needs a positive step")
    return _bounded(-(-xi // si) * si)


def _round_half(x: Value, step: Value) -> int:
    """Round to the nearest multiple of ``step``, halves up (四舍五入)."""
    xi, si = _number(x, "round_half"), _number(step, "round_half")
    if si <= 0:
        raise ExprError("round_half needs a positive step")
    return _bounded(((xi + si // 2) // si) * si)


def _min(*a: Value) -> int:
    if not a:
        raise ExprError("min needs at least one value")
    return min(_number(x, "min") for x in a)


def _max(*a: Value) -> int:
    if not a:
        raise ExprError("max needs at least one value")
    return max(_number(x, "max") for x in a)


BUILTINS: dict[str, Callable[..., Value]] = {
    "min": _min,
    "max": _max,
    "round_up": _round_up,
    "round_half": _round_half,
}


# --- functions on seat facts and a choice (rbfiles) -------------------------------------------------------------

def _contains(group: Value, item: Value) -> bool:
    """``contains(seats, seat)``: the seat is one of a seats win fact."""
    if not isinstance(group, frozenset):
        raise ExprError("contains needs a seats win fact first")
    return item in group


def _size(group: Value) -> int:
    """``size(seats)``: how many seats a seats win fact holds."""
    if not isinstance(group, frozenset):
        raise ExprError("size needs a seats win fact")
    return len(group)


def _pick(condition: Value, a: Value, b: Value) -> Value:
    """``pick(condition, a, b)``: ``a`` when the condition holds, else ``b``."""
    return a if condition else b


BUILTINS.update(contains=_contains, size=_size, pick=_pick)
