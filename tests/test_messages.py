"""The error catalogue (mahjong.errors / mahjong._messages): every message in English and Chinese, one row each.

The rows are walked (both languages, the same placeholders, each English template found again as its own row),
the package's raise sites are walked (each English message the package can raise is a row of the catalogue), and
real bad input through the public entry points gets its row's code and a Chinese sentence.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mahjong
from mahjong import errors, report
from mahjong.errors import CATALOGUE, KIND_CODES, MahjongError, identify

_CJK = re.compile(r"[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_every_code_has_both_languages_with_the_same_placeholders():
    assert len(CATALOGUE) > 300
    for code, row in CATALOGUE.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code), code
        assert row.en.strip() and row.zh.strip(), code
        assert _CJK.search(row.zh), (code, row.zh)
        assert _fields(row.en) == _fields(row.zh), code
    assert set(KIND_CODES.values()) <= set(CATALOGUE)


def test_chinese_texts_are_full_sentences():
    # a message ends with a full stop (or with the nested message it wraps, itself a sentence); the rows for
    # fragments (the part of a tile-text error that says what is wrong) and the kinds' names are the exceptions
    kinds = set(KIND_CODES.values())
    for code, row in CATALOGUE.items():
        if code in kinds or code.startswith("why-"):
            continue
        assert row.zh.endswith(("。", "{error}", "{problems}")) or re.search(r"\{\w*error\}$", row.zh), (code, row.zh)


def test_each_english_template_is_found_as_its_own_row():
    # filled with distinct values, a row's English text reads back as that row: no row hides another
    for code, row in CATALOGUE.items():
        values = {name: f"v{i}x" for i, name in enumerate(sorted(_fields(row.en)))}
        text = string.Formatter().vformat(row.en.replace("!r", ""), (), values)
        found = identify(text)
        assert found is not None and found[0] == code, (code, found)
        assert found[1] == values


# --- every English message the package raises is a row ------------------------------------------------------------

_NOT_USER_ERRORS = {"AssertionError", "TypeError", "NotImplementedError", "KeyError", "RuntimeError", "ImportError",
                    "ValueError", "AttributeError", "IndexError", "StopIteration", "OSError"}
#: subpackages whose errors are for programs, not shown by the CLI or the web (numpy batches); the scale-out
#: layer's are shown by ``simulate`` / ``settle --workers K --ray`` and walked too
_PROGRAM_ONLY = ("rl",)


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's text constants (``HOW_TO_WRITE = "..."``), which its messages write as they are."""
    out = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            value = stmt.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out[stmt.targets[0].id] = value.value
    return out


def _sample(node: ast.expr, names: dict[str, str], constants: dict[str, str]) -> str | None:
    """The text an f-string raise site writes, with each expression given a sample value (the same one each time
    the same expression appears, as a real message repeats a value)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            else:
                assert isinstance(v, ast.FormattedValue)
                key = ast.unparse(v.value)
                out.append(constants[key] if key in constants else names.setdefault(key, f"s{len(names)}x"))
        return "".join(out)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sample(node.left, names, constants), _sample(node.right, names, constants)
        return None if left is None or right is None else left + right
    return None  # a message built elsewhere (a variable): its own raise site is walked


def _error_sites() -> list[tuple[str, int, str]]:
    root = Path(mahjong.__file__).parent
    sites = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in _PROGRAM_ONLY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            # every error made (raised, returned or stored), not only the raise statements
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.endswith("Error")
                    and node.func.id not in _NOT_USER_ERRORS and node.args):
                continue
            text = _sample(node.args[0], {}, constants)
            if text is not None:
                sites.append((str(rel), node.lineno, text))
    return sites


#: raise sites whose text is not the package's own words, or is put together from a fragment (each of its real
#: variants is a row, and a case below raises it)
_NOT_A_TEMPLATE = {
    ("rulebook/book.py", "s0x: s1x"),  # a rule file's own message for a failed check: the file author's words
    ("_input.py", "s0x: s1x tiles (wildcards included)s2x is more than"),  # "" or " besides N declared meld(s)"
    ("scale/logs.py", "s0x: s1x"),  # a log entry's place before its own error, which is a row (its Chinese given)
}


def test_every_message_the_package_raises_is_in_the_catalogue():
    sites = _error_sites()
    assert len(sites) > 300
    missing = [f"{path}:{line}: {text}" for path, line, text in sites if identify(text) is None
               and not any(path == p and text.startswith(t) for p, t in _NOT_A_TEMPLATE)]
    assert not missing, "\n".join(missing)


# --- real errors from the public entry points ---------------------------------------------------------------------


def _settle(record: dict[str, Any]) -> Callable[[], object]:
    return lambda: mahjong.settle(record)


def _game() -> Any:
    from mahjong.game import Game

    return Game("guobiao", seed=1)


_WIN = {"type": "win", "seat": 0, "hand": "[123m,1]456m789m123p5s5s"}

CASES: list[tuple[str, Callable[[], object], str]] = [
    ("parse", lambda: mahjong.parse_hand("123x"), "bad-tile-text"),
    ("parse", lambda: mahjong.parse_hand("123m0p"), "bad-tile-text"),
    ("parse", lambda: mahjong.parse_hand("123m456p[789s"), "unbalanced-bracket"),
    ("hand", lambda: mahjong.parse_hand("11111m"), "too-many-copies"),
    ("hand", lambda: mahjong.parse_hand("123m456p").check_size(13), "count-any"),
    ("kernel", lambda: mahjong.shanten("123m456p789s123s1111z"), "kernel-too-many"),
    ("kernel", lambda: mahjong.shanten(mahjong.parse_hand("[123m,1][456m,1]123p456p78s9999p")),
     "kernel-too-many-melds"),
    ("kernel", lambda: mahjong.shanten("11111m"), "kernel-fifth-copy"),
    ("meld", lambda: mahjong.parse_hand("[12m]345m"), "meld-at"),
    ("meld", lambda: mahjong.parse_hand("[124m,1]345m"), "meld-at"),
    ("context", lambda: report.score("123m456p789s123s55p", context={"zzz": 1}), "unknown-win-fact"),
    ("context", lambda: report.score("123m456p789s123s55p", context={"winner": 7}), "seat-or-wind"),
    ("context", lambda: report.score("123m456p789s123s55p", context={"last_tile": "maybe"}), "bool-value"),
    ("options", lambda: report.score("123m456p789s123s55p", options={"bogus": 1}), "unknown-option"),
    ("options", lambda: mahjong.get_ruleset("sichuan", mode="both"), "option-either"),
    ("rule set", lambda: mahjong.get_ruleset("nosuch"), "unknown-ruleset"),
    ("not a win", lambda: mahjong.score("123m456p789s11m999p", rules="sichuan"), "sichuan-one-suit-missing"),
    ("not a win", lambda: report.score("123m456p789s11m999p", rules="sichuan"), "not-win-hand"),
    ("record", _settle({"events": []}), "record-needs-ruleset"),
    ("record", _settle({"ruleset": "guobiao", "events": [{"type": "kong", "seat": 9, "kind": "added", "tile": 1}]}),
     "event-in"),
    ("record", _settle({"ruleset": "guobiao", "events": [{"type": "party"}]}), "event-unknown-type"),
    ("record", _settle({"ruleset": "sichuan", "events": [{"type": "draw", "hands": {}}, {"type": "draw"}]}),
     "record-one-draw"),
    ("engine", lambda: _game().act(_game().pending[0], 150), "engine-not-legal"),
    ("engine", lambda: _game().act(3 - _game().pending[0], 0), "engine-not-to-act"),
    ("engine", lambda: _game().step({}), "engine-missing-answers"),
    ("engine", lambda: mahjong.game.Game("guobiao", seed="x"), "engine-seed"),
]


@pytest.mark.parametrize("area, call, code", CASES, ids=[f"{a}-{c}" for a, _, c in CASES])
def test_real_errors_have_their_code_and_a_chinese_sentence(area: str, call: Callable[[], object], code: str):
    with pytest.raises(MahjongError) as info:
        call()
    err = info.value
    assert err.code == code, (area, str(err))
    zh = err.message("zh")
    assert _CJK.search(zh) and zh != str(err), zh
    assert not zh.startswith(tuple(CATALOGUE[k].zh for k in KIND_CODES.values())), zh  # a row, not the fallback
    shown = report.error(err, "zh")
    assert shown["code"] == code and shown["message"] == zh and shown["message_en"] == str(err)


def test_nested_messages_are_translated_inside_their_event():
    with pytest.raises(MahjongError) as info:
        mahjong.settle({"ruleset": "guobiao", "events": [{**_WIN, "hand": "[12m]456m789m123p5s5s"}]})
    err = info.value
    assert str(err).startswith("event 0 (win): field hand: meld [12m]")
    zh = err.message("zh")
    assert zh.startswith("第 0 个事件（win）：字段 hand：") and "一副副露有 3 或 4 张牌" in zh


def test_an_error_raised_with_a_code_takes_its_english_from_the_catalogue():
    err = errors.HandError(code="too-many-copies", n=5, tile="1m")
    assert str(err) == "5 copies of 1m (there are only 4)"
    assert err.code == "too-many-copies" and err.message_zh == "1m 有 5 张，但每种牌只有 4 张。"
    assert err.values == {"n": "5", "tile": "1m"}
    with pytest.raises(TypeError):
        errors.HandError("text", tile="1m")


def test_a_message_no_row_matches_keeps_its_kind_in_chinese():
    err = errors.ContextError("something new went wrong")
    assert err.code == "context-error"
    assert err.message_zh == "和牌条件有误：something new went wrong"


# --- plain lists: no Python reprs in what a user reads --------------------------------------------------------------

#: a list, tuple, set or dict written as Python shows it: ``[1, 2]``, ``(0, 1)``, ``{0: 1}``, ``['a']``
_REPR = re.compile(r"[\[(]\s*(-?\d+|'[^']*')\s*,|\[\s*(-?\d+|'[^']*')\s*\]|\{\s*-?\d+\s*:|\{\s*'")
#: calls that make a container whose repr would land in the message
_CONTAINERS = {"list", "tuple", "set", "dict", "sorted"}


def test_no_raise_site_writes_a_container_into_its_message():
    root = Path(mahjong.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.endswith("Error")
                    and node.args and isinstance(node.args[0], ast.JoinedStr)):
                continue
            for v in node.args[0].values:
                if isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Call) \
                        and isinstance(v.value.func, ast.Name) and v.value.func.id in _CONTAINERS:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(v.value)}")
    assert not found, "\n".join(found)


def _first_pending_refused() -> None:
    game = _game()
    game.act(3 - game.pending[0], 0)


def _illegal_index() -> None:
    from mahjong.game.actions import action_of

    game = _game()
    action_of(150, game.legal_actions(game.pending[0]))


def _bad_chow() -> None:
    from mahjong.game.actions import Action

    Action("chow", 1, (5, 6, 7))


PLAIN_CASES: list[tuple[Callable[[], object], str]] = [
    (_first_pending_refused, "engine-not-to-act"),
    (lambda: _game().step({}), "engine-missing-answers"),
    (_illegal_index, "action-index-illegal"),
    (_bad_chow, "action-chow-tiles"),
    (lambda: mahjong.game.Game("guobiao", dealer=7), "engine-dealer"),
    (lambda: mahjong.game.Game("guobiao", seed=1, wall=list(range(136))), "engine-wall-tiles"),
]


@pytest.mark.parametrize("call, code", PLAIN_CASES, ids=[c for _, c in PLAIN_CASES])
def test_lists_in_messages_are_plain_text(call: Callable[[], object], code: str):
    with pytest.raises(MahjongError) as info:
        call()
    err = info.value
    assert err.code == code, str(err)
    for text in (str(err), err.message("zh")):
        assert not _REPR.search(text), text
    assert "(s)" not in str(err)


def test_every_rule_file_problem_is_in_the_catalogue():
    # a rule file's problems (``file:line: key: message``) are shown in Chinese by their message's row
    root = Path(mahjong.__file__).parent / "rulebook"
    sites = []
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr == "report" and len(node.args) == 2:
                message = node.args[1]
            elif isinstance(node.func, ast.Name) and node.func.id == "Problem" and len(node.args) == 4:
                message = node.args[3]
            else:
                continue
            text = _sample(message, {}, constants)
            if text is not None:
                sites.append(f"{path.name}:{node.lineno}: {text}")
    assert len(sites) > 25
    missing = [s for s in sites if identify(s.split(": ", 1)[1]) is None]
    assert not missing, "\n".join(missing)
