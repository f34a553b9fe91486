"""The registry of presets: the rule sets ``mahjong.score`` and the report layer make are made once per preset and
options and shared (a bounded cache that sees a preset registered anew); the registry's rows load on the first
look-up, once, whatever thread asks first."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import mahjong
from mahjong import registry, report
from mahjong.errors import RulesError
from mahjong.framework import WinContext

HAND = "[123m,1][456m,1]789m123p55s"


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every rule set the registry makes from now on: (name, options), with the cache emptied first."""
    calls: list[tuple[str, dict[str, Any]]] = []
    real = registry.get_ruleset

    def counting(name: str, **options: Any) -> Any:
        calls.append((name, options))
        return real(name, **options)

    monkeypatch.setattr(registry, "get_ruleset", counting)
    monkeypatch.setattr(registry, "_SHARED", {})
    return calls


def test_score_makes_a_presets_rule_set_once(made: list[tuple[str, dict[str, Any]]]) -> None:
    ctx = WinContext(discarder=3)
    first = mahjong.score(HAND, ctx, rules="guobiao")
    for _ in range(5):
        assert mahjong.score(HAND, ctx, rules="guobiao") == first
    assert made == [("guobiao", {})]
    # options are part of the key (and their types: 1 is not True)
    extras = mahjong.score(HAND, ctx, rules="guobiao", extras=True)
    mahjong.score(HAND, ctx, rules="guobiao", extras=True)
    assert made == [("guobiao", {}), ("guobiao", {"extras": True})]
    assert extras.total == first.total
    # the same answers as a rule set made for the call
    assert first == mahjong.get_ruleset("guobiao").score(HAND, ctx)


def test_shared_rule_sets_are_the_registrys_own(made: list[tuple[str, dict[str, Any]]]) -> None:
    a = registry.shared_ruleset("sichuan")
    assert registry.shared_ruleset("sichuan") is a
    assert registry.shared_ruleset("四川") is not None  # another spelling: its own entry, the same preset
    assert type(registry.shared_ruleset("四川")) is type(a)
    assert registry.shared_ruleset("sichuan", {"max_fan": 3}) is not a
    assert registry.shared_ruleset("sichuan", {"max_fan": 3}).config.max_fan == 3
    assert len(made) == 3


def test_errors_are_the_rule_sets_and_nothing_is_kept(made: list[tuple[str, dict[str, Any]]]) -> None:
    with pytest.raises(RulesError, match="unknown rule set"):
        registry.shared_ruleset("no-such-game")
    with pytest.raises(RulesError, match="unknown option"):
        registry.shared_ruleset("guobiao", {"no_such_option": 1})
    with pytest.raises(RulesError, match="unknown option"):  # an unhashable value: not cached, same check
        registry.shared_ruleset("guobiao", {"no_such_option": []})
    with pytest.raises(RulesError):
        mahjong.score(HAND, rules=["guobiao"])  # type: ignore[arg-type]
    assert registry._SHARED == {}


def test_the_cache_is_bounded(made: list[tuple[str, dict[str, Any]]]) -> None:
    for cap in range(1, registry.SHARED_MAX + 11):
        assert registry.shared_ruleset("sichuan", {"max_fan": cap}).config.max_fan == cap
    assert len(registry._SHARED) == registry.SHARED_MAX
    # the oldest went first: the newest are still the same objects
    newest = registry.shared_ruleset("sichuan", {"max_fan": registry.SHARED_MAX + 10})
    assert registry.shared_ruleset("sichuan", {"max_fan": registry.SHARED_MAX + 10}) is newest
    assert len(made) == registry.SHARED_MAX + 10


def test_a_preset_registered_again_is_made_again(made: list[tuple[str, dict[str, Any]]], tmp_path: Path,
                                                 registry_restored: None) -> None:
    text = (Path(mahjong.rulebook.__file__).with_name("games") / "hongzhong.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    text = text.replace('name = "hongzhong"', 'name = "paths22-mine"', 1)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("aliases ="))  # (taken)
    path.write_text(text, encoding="utf-8")
    mahjong.load_rules(str(path))
    first = registry.shared_ruleset("paths22-mine")
    assert registry.shared_ruleset("paths22-mine") is first
    mahjong.load_rules(str(path))  # the same file again: a new row (and class) for the preset
    again = registry.shared_ruleset("paths22-mine")
    assert again is not first and type(again) is not type(first)


def test_the_report_layer_shares_them(made: list[tuple[str, dict[str, Any]]]) -> None:
    a = report.score(HAND, rules="guobiao", context={"discarder": 3})
    b = report.score(HAND, rules="guobiao", context={"discarder": 3})
    assert a == b
    report.score(HAND, rules="guobiao", options={"extras": "true"})
    report.fans("guobiao")
    report.ruleset_options("guobiao")
    report.context_fields("guobiao")
    names = [(n, o) for n, o in made]
    assert names.count(("guobiao", {})) == 1
    assert names.count(("guobiao", {"extras": True})) == 1


def test_rows_load_once_on_the_first_look_up() -> None:
    # a fresh interpreter: nothing registered until asked; two threads asking at once both see every preset
    code = textwrap.dedent("""
        import threading
        import mahjong
        from mahjong import registry
        assert not registry.PRESETS and not registry.FLOWS, "loaded before the first look-up"
        seen = []
        def ask():
            seen.append(len(registry.list_rulesets()))
        threads = [threading.Thread(target=ask) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(seen)) == 1 and seen[0] == len(registry.PRESETS) > 10, seen
        assert registry.flow_class("国标").__name__ == "GuobiaoFlow"
        assert "hongzhong" in registry.FLOWS  # (a shipped rule file's flow)
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
