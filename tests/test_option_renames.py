"""Option names and values renamed to say what they are (common: ``unlisted_rows``, ``qiong_hu_table_rows_only``;
Nanchang: ``kong_payments="two_per_kong"`` / ``"concealed_two_others_one"``); the old names and values are still
accepted, so saved configs and hand records keep working."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mahjong import report
from mahjong.errors import RulesError
from mahjong.framework import WinContext, get_ruleset
from mahjong.rulebook.rows import RENAMED_OPTIONS, RENAMED_VALUES
from mahjong.rulesets.common import CommonTable
from mahjong.rulesets.nanchang import NanchangConfig
from mahjong.settlement import HandRecord, Win, settle

DISCARD = WinContext(winner=0, discarder=1)
PLAIN = "123m456p789s55p234s"  # no row of the table itself: 穷胡, or the unlisted rows


@pytest.mark.parametrize("preset", ["common", "common-file"])
def test_common_option_names_old_and_new(preset: str) -> None:
    new = get_ruleset(preset, unlisted_rows=False)
    old = get_ruleset(preset, filled_rows=False)
    assert old.config == new.config and new.config.unlisted_rows is False
    assert old.score(PLAIN, DISCARD).total == new.score(PLAIN, DISCARD).total == 7  # 穷胡 alone
    full = get_ruleset(preset).score(PLAIN, DISCARD)
    assert full.item("qiong_hu") is not None and full.total > 7  # the unlisted rows count too, 穷胡 still applies
    literal = get_ruleset(preset, qiong_hu_table_rows_only=False)
    assert literal.config == get_ruleset(preset, qiong_hu_ignores_filled=False).config
    assert literal.score(PLAIN, DISCARD).item("qiong_hu") is None  # 穷胡 only when no row at all applies
    with pytest.raises(RulesError, match="twice"):
        get_ruleset(preset, unlisted_rows=False, filled_rows=True)


def test_new_names_are_the_fields_and_old_ones_are_not() -> None:
    names = {n for n, _v, _d in CommonTable().describe_options()}
    assert {"unlisted_rows", "qiong_hu_table_rows_only"} <= names
    assert not names & set(RENAMED_OPTIONS)


def test_saved_hand_record_with_the_old_name() -> None:
    old = HandRecord("common", (Win(2, "123m456m789m234p55p", discarder=3),), options={"filled_rows": False})
    new = HandRecord("common", (Win(2, "123m456m789m234p55p", discarder=3),), options={"unlisted_rows": False})
    assert settle(old).net == settle(new).net


def test_report_and_cli_take_the_old_name() -> None:
    a = report.score(PLAIN, rules="common", context={"discarder": 1}, options={"filled_rows": "false"})
    b = report.score(PLAIN, rules="common", context={"discarder": 1}, options={"unlisted_rows": "false"})
    assert a["total"] == b["total"]
    out = subprocess.run([sys.executable, "-m", "mahjong", "score", PLAIN, "--rules", "common", "--discarder", "1",
                          "--option", "filled_rows=false", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["total"] == b["total"]


def test_nanchang_kong_payment_values_old_and_new() -> None:
    for old, new in RENAMED_VALUES["kong_payments"].items():
        assert NanchangConfig(kong_payments=old) == NanchangConfig(kong_payments=new)  # type: ignore[arg-type]
        assert get_ruleset("nanchang", kong_payments=old).config.kong_payments == new

    def record(mode: str) -> str:
        return json.dumps({"ruleset": "nanchang", "options": {"kong_payments": mode}, "events": [
            {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
            {"type": "kong", "seat": 2, "kind": "melded", "tile": "3s", "from_seat": 0},
            {"type": "draw"}]})

    assert settle(record("concealed_two_others_one")).net == settle(record("s3")).net == (-3, 5, 1, -3)
    assert settle(record("two_per_kong")).net == settle(record("s2")).net == (-4, 4, 4, -4)
    assert all("S2" not in p.note and "S3" not in p.note for p in settle(record("s2")).lines)
    with pytest.raises(RulesError, match="kong_payments"):
        NanchangConfig(kong_payments="s4")  # type: ignore[arg-type]
