"""Rule files are bounded: each denial-of-service input (a tower of powers, a nesting of `not`s, a 50,000-part dotted
key, a 4,500-digit integer, a file too large, arrays nested too deep) is refused with our error naming the line,
within a second of CPU time; evaluation cannot run away; a rule file cannot take a name of the package's rule sets."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mahjong
from mahjong.errors import RulesError
from mahjong.rulebook import RuleFileError, check, check_text, load_rules, shipped_files
from mahjong.rulebook.expr import ExprError, evaluate, fold, parse
from mahjong.rulebook.limits import (
    MAX_EXPR_DEPTH,
    MAX_EXPR_NODES,
    MAX_FILE_BYTES,
    MAX_INT,
    MAX_KEY_LENGTH,
    MAX_KEY_PARTS,
    MAX_NESTING,
)

pytestmark = pytest.mark.usefixtures("registry_restored")  # (each file loaded registers its preset)

TINY = '''format = 1
name = "bounded-{n}"
zh = "小游戏"
en = "Tiny game"

[options.base]
type = "int"
default = 1

[[rows]]
key = "qing_yi_se"
value = {value}
when = {when}
'''


def _file(value: str = "4", when: str = '"one_suit"', n: str = "x", tail: str = "") -> str:
    return TINY.format(n=n, value=value, when=when) + tail


def _quick(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` and require it to take under a second of CPU time (these inputs hung or exhausted memory)."""
    t0 = time.process_time()
    out = fn()
    assert time.process_time() - t0 < 1.0
    return out


def _problems(text: str) -> list[str]:
    book, problems = _quick(lambda: check_text(text, "bomb.toml"))
    assert book is None and problems
    return [str(p) for p in problems]


LINE_OF_VALUE = 12  # the line of `value = ...` in TINY
LINE_OF_WHEN = 13


@pytest.mark.parametrize("where, text", [
    ("when", _file(when='"((((((9^64)^64)^64)^64)^64)^64) > 1"')),
    ("value", _file(value='"((((((9^64)^64)^64)^64)^64)^64)"')),
    ("value", _file(value='"' + "(" * 20 + "99999" + "*99999)" * 20 + '"')),
    ("value", _file(value='"2^63"')),
])
def test_a_tower_of_powers_is_refused_while_checking(where: str, text: str) -> None:
    (problem,) = _problems(text)
    line = LINE_OF_VALUE if where == "value" else LINE_OF_WHEN
    assert problem.startswith(f"bomb.toml:{line}: rows[0].{where}: a value out of range"), problem


@pytest.mark.parametrize("expression", [
    "not " * 400 + "one_suit",
    "-" * 400 + "1",
    "1^" * 600 + "1",
    "(" * 400 + "1" + ")" * 400,
    " + ".join(["1"] * 400),
    "min(" * 100 + "1" + ")" * 100,
])
def test_deep_or_long_expressions_are_refused_while_parsing(expression: str) -> None:
    (problem,) = _problems(_file(when=f'"{expression}"'))
    assert problem.startswith(f"bomb.toml:{LINE_OF_WHEN}: rows[0].when: expression "), problem
    assert f"more than {MAX_EXPR_DEPTH} deep" in problem or f"more than {MAX_EXPR_NODES} parts" in problem


def test_a_long_flat_expression_is_bounded_by_its_parts() -> None:
    text = " or ".join("one_suit" for _ in range(MAX_EXPR_NODES))[:1990]
    with pytest.raises(ExprError, match="parts|deep"):
        parse(text)


@pytest.mark.parametrize("parts", [MAX_KEY_PARTS + 1, 50_000])
def test_a_long_dotted_key_is_refused_before_the_toml_reader(parts: int) -> None:
    text = _file(tail="\n" + ".".join(["a"] * parts) + " = 1\n")
    (problem,) = _problems(text)
    assert problem == f"bomb.toml:15: (file): a dotted key of more than {MAX_KEY_PARTS} parts"


@pytest.mark.parametrize("tail", [
    "[" + "a" * (MAX_KEY_LENGTH + 1) + "]\n",
    '"' + "b" * (MAX_KEY_LENGTH + 1) + '" = 1\n',
    "x = {" + "c" * (MAX_KEY_LENGTH + 1) + " = 1}\n",
])
def test_a_long_key_is_refused_before_the_toml_reader(tail: str) -> None:
    (problem,) = _problems(_file(tail="\n" + tail))
    assert problem == f"bomb.toml:15: (file): a key longer than {MAX_KEY_LENGTH} characters"


def test_keys_and_strings_that_only_look_long_are_read() -> None:
    # a long text value, dots inside strings and comments, a float, a date: no key problem
    text = _file(tail='\n[options.mode]\ntype = "str"\ndefault = "' + "a." * 200 + '"\nzh = """\n' + "x." * 300
                 + '\n"""\n# ' + "y." * 300 + "\n")
    book, problems = check_text(text, "ok.toml")
    assert problems == [] and book is not None


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{a=" * 3000 + "1" + "}" * 3000])
def test_deep_nesting_is_refused_before_the_toml_reader(value: str) -> None:
    (problem,) = _problems(_file(tail=f"\nx = {value}\n"))
    assert problem == f"bomb.toml:15: (file): arrays and inline tables nested more than {MAX_NESTING} deep"


@pytest.mark.parametrize("digits", [25, 4500])
def test_a_huge_integer_is_refused_naming_its_line(digits: int) -> None:
    (problem,) = _problems(_file(value="9" * digits))
    assert problem.startswith(f"bomb.toml:{LINE_OF_VALUE}: (file): a number of more than 24 digits")


def test_an_integer_out_of_64_bits_is_refused_naming_its_key() -> None:
    (problem,) = _problems(_file(value=str(MAX_INT + 1)))
    assert problem.startswith(f"bomb.toml:{LINE_OF_VALUE}: rows[0].value: the number is out of range")
    (problem,) = _problems(_file(value='"9223372036854775808"'))
    assert "number 9223372036854775808 out of range" in problem


def test_a_file_too_large_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(_file() + "#" * MAX_FILE_BYTES)
    (problem,) = _quick(lambda: check(path))
    assert str(problem) == f"{path}: (file): larger than {MAX_FILE_BYTES} bytes"
    (problem,) = _problems(_file() + "#" * MAX_FILE_BYTES)
    assert problem.endswith(f"larger than {MAX_FILE_BYTES} bytes")


def test_the_checker_reports_a_call_with_the_wrong_number_of_values() -> None:
    problems = _problems(_file(value='"round_up(base) + max(base) + pick(1, 2)"'))
    assert problems == [
        f"bomb.toml:{LINE_OF_VALUE}: rows[0].value: round_up() takes 2 values, got 1",
        f"bomb.toml:{LINE_OF_VALUE}: rows[0].value: pick() takes 3 values, got 2",
    ]
    problems = _problems(_file(when='"pair_rank_in() or pung_of(\\"C\\", 1)"'))
    assert problems == [f"bomb.toml:{LINE_OF_WHEN}: rows[0].when: pung_of() takes 1 values, got 2"]


def test_check_text_refuses_what_is_not_text() -> None:
    with pytest.raises(RulesError, match="text is a str"):
        check_text(b"format = 1")  # type: ignore[arg-type]


# --- evaluation cannot run away --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["9^64", "2^63", "(2^62) * 2", "-(2^62) - (2^62) - 1", "(2^62)*(2^62)",
                                  "round_up(9223372036854775807, 2)"])
def test_every_computed_value_is_bounded(text: str) -> None:
    with pytest.raises(ExprError, match="out of range"):
        _quick(lambda: evaluate(parse(text), {}, __import__("mahjong.rulebook.expr").rulebook.expr.BUILTINS))


def test_values_read_from_options_are_bounded_when_combined() -> None:
    node = parse("base ^ 64 ^ 64")
    with pytest.raises(ExprError, match="power|out of range"):
        _quick(lambda: evaluate(node, {"base": 9}, {}))
    node = parse("((((base ^ 8) ^ 8) ^ 8) ^ 8)")
    with pytest.raises(ExprError, match="out of range"):
        _quick(lambda: evaluate(node, {"base": 9}, {}))
    assert fold(node, {"base": 9}) == node or fold(node, {"base": 9}).op != "num"  # the error is left to evaluate
    with pytest.raises(ExprError, match="out of range"):
        fold(node, {"base": 9}, strict=True)


def test_the_largest_values_in_range_are_computed() -> None:
    assert evaluate(parse("2^62 - 1 + 2^62"), {}, {}) == MAX_INT
    assert evaluate(parse("-(2^62) - (2^62 - 1)"), {}, {}) == -MAX_INT
    assert evaluate(parse("1^64 + 0^64"), {}, {}) == 1


def test_builtins_refuse_text_for_numbers() -> None:
    from mahjong.rulebook.expr import BUILTINS

    for text in ('round_up("7", 2)', 'min(1, "2")', 'max("x")', 'round_half(1, "2")'):
        with pytest.raises(ExprError, match="needs numbers"):
            evaluate(parse(text), {}, BUILTINS)


def test_an_option_out_of_64_bits_is_refused() -> None:
    with pytest.raises(RulesError, match="at most 9223372036854775807 either way, got a number of 16610 bits"):
        mahjong.get_ruleset("sichuan", base=10**5000)


def test_a_bomb_given_as_an_option_cannot_hang_scoring(tmp_path: Path) -> None:
    path = tmp_path / "pow.toml"
    path.write_text(_file(n="pow", value='"base ^ 64 * base ^ 64"'))
    rules = load_rules(path, base=3)
    with pytest.raises(mahjong.MahjongError, match="out of range"):
        _quick(lambda: rules.score("111222333m444m55m"))


# --- names are owned --------------------------------------------------------------------------------------------

def _copy_named(tmp_path: Path, source: str, name: str, aliases: str = "[]") -> Path:
    import re

    text = Path(next(p for p in shipped_files() if p.endswith(source))).read_text(encoding="utf-8")
    text = re.sub(r'(?m)^name = .*$', f'name = "{name}"', text, count=1)
    text = re.sub(r'(?m)^aliases = .*$', f"aliases = {aliases}", text, count=1)
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["hongzhong", "guobiao", "sichuan", "changsha"])
def test_a_rule_file_cannot_take_a_shipped_name(tmp_path: Path, name: str) -> None:
    path = _copy_named(tmp_path, "hongzhong.toml", name)
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert f"name: '{name}' names the rule set '{name}' shipped with the package" in str(info.value)
    assert "请给这个文件另起一个名字" in info.value.message_zh
    assert mahjong.rulebook.presets.BOOKS.get(name) is None or \
        mahjong.rulebook.presets.BOOKS[name].path != str(path)


def test_a_rule_file_cannot_take_a_shipped_alias(tmp_path: Path) -> None:
    path = _copy_named(tmp_path, "hongzhong.toml", "mine-aliased", '["GB"]')
    with pytest.raises(RulesError, match="aliases: 'GB' names the rule set 'guobiao'"):
        load_rules(path)
    with pytest.raises(RulesError, match="unknown rule set"):
        mahjong.get_ruleset("mine-aliased")  # nothing of the refused file was registered


def test_a_rule_file_read_first_in_a_process_cannot_take_a_shipped_name(tmp_path: Path) -> None:
    """Before the fix, a file named hongzhong read before any preset replaced the shipped game for the process."""
    path = _copy_named(tmp_path, "hongzhong.toml", "hongzhong")
    code = ("import sys, mahjong\n"
            "from mahjong.rulebook import load_rules\n"
            "try:\n"
            f"    load_rules({str(path)!r})\n"
            "except mahjong.MahjongError as e:\n"
            "    print('refused', e)\n"
            "from mahjong.rulebook.presets import BOOKS\n"
            "print(BOOKS['hongzhong'].path)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    refused, shipped = out.stdout.strip().splitlines()
    assert refused.startswith("refused") and "shipped with the package" in refused
    assert shipped.endswith("games/hongzhong.toml") or shipped.endswith("games\\hongzhong.toml")


def test_rules_file_named_guobiao_is_refused_on_the_command_line(tmp_path: Path) -> None:
    path = _copy_named(tmp_path, "hongzhong.toml", "guobiao")
    out = subprocess.run([sys.executable, "-m", "mahjong", "score", "111222333m44455p", "--rules-file", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "shipped with the package" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_variant_keeps_its_bases_aliases_and_takes_its_own_name(tmp_path: Path) -> None:
    path = _copy_named(tmp_path, "sichuan.toml", "my-sichuan-bounds", '["四川", "血战"]')
    rules = load_rules(path)
    assert rules.name == "my-sichuan-bounds"
    assert mahjong.get_ruleset("四川").name == "sichuan"


def test_rule_file_problems_raise_our_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(_file(tail="\n" + ".".join(["k"] * 50_000) + " = 1\n"))
    with pytest.raises(RuleFileError) as info:
        _quick(lambda: load_rules(path))
    assert info.value.problems[0].line == 15
