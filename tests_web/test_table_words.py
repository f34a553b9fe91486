"""The table page's words are the package's catalogue, not a table of its own (issue 25, as the calculator's): its
rows are :data:`mahjong.i18n.TABLE_PAGE` (English and Chinese, the same fields in both), served with the command
line's narration of play by ``GET /api/strings``; ``table.js`` and ``table.html`` hold no word of either language,
ask only for rows that exist, and every row is asked for."""

from __future__ import annotations

import re
import string

from starlette.testclient import TestClient

from mahjong import i18n
from mahjong.game.actions import _KINDS
from mahjong.web import api
from mahjong.web.app import STATIC

CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
JS = (STATIC / "table.js").read_text(encoding="utf-8")
HTML = (STATIC / "table.html").read_text(encoding="utf-8")


def _fields(text: str) -> set[str]:
    return {f[1] for f in string.Formatter().parse(text) if f[1] is not None}


def test_every_row_is_english_and_chinese_with_the_same_fields() -> None:
    for key, (en, zh) in i18n.TABLE_PAGE.items():
        assert not CJK.search(en), key
        assert CJK.search(zh) or _fields(zh), key
        assert _fields(en) == _fields(zh), key


def test_the_page_holds_no_word_of_its_own() -> None:
    for name, text in (("table.js", JS), ("table.html", re.sub(r"<title>.*?</title>", "", HTML)),
                       ("table.css", (STATIC / "table.css").read_text(encoding="utf-8"))):
        assert not CJK.search(text), (name, CJK.findall(text))
    assert not re.search(r">[^<>\s][^<>]*</(h1|h2|h3|label|legend|button|a|p)>", HTML)  # every text is a row's


def test_the_page_asks_only_for_rows_that_exist_and_for_every_row() -> None:
    own = set(re.findall(r'\bT\("(\w+)"', JS)) | set(re.findall(r'data-i18n(?:-label)?="(\w+)"', HTML))
    assert own and own <= set(i18n.TABLE_PAGE), own - set(i18n.TABLE_PAGE)
    shared = set(re.findall(r'\bS\("([\w.]+)"', JS))
    served = api.strings()
    assert shared and shared <= set(served["en"]), shared - set(served["en"])
    # the rows asked for by a name made at run time: the suits, the agents, what the table waits for
    families = {"suit_": r"T\(`suit_\$", "agent_": r"T\(`agent_\$"}
    for key in i18n.TABLE_PAGE:
        prefix = next((p for p in families if key.startswith(p)), None)
        if prefix is not None:
            assert re.search(families[prefix], JS), key
        else:
            assert f'"{key}"' in JS + HTML, f"the row {key} is never shown"
    for agent in re.findall(r'"(\w+)"', JS[JS.index("const AGENTS"):].split("\n", 1)[0]):
        assert f"agent_{agent}" in i18n.TABLE_PAGE, agent


def test_the_narration_rows_are_filled_by_name_and_cover_every_action_and_claim() -> None:
    served = api.strings()
    narration = {k for k in served["en"] if k.startswith("msg.")}
    assert {f"msg.act.{kind}" for kind in _KINDS} <= narration  # every action the table may offer
    assert {f"msg.ev.{kind}" for kind in ("chow", "pung", "kong", "concealed_kong", "added_kong")} <= narration
    for key in narration:
        for lang in ("en", "zh"):
            for _text, field, spec, conversion in string.Formatter().parse(served[lang][key]):
                assert not spec and not conversion, (key, lang)  # the page fills {name}, nothing more
                assert field is None or re.fullmatch(r"\w+", field), (key, lang, field)


def test_the_server_serves_the_rows_as_the_page_reads_them(client: TestClient) -> None:
    words = client.get("/api/strings").json()
    for key, (en, zh) in i18n.TABLE_PAGE.items():
        assert words["en"][f"table.{key}"] == en and words["zh"][f"table.{key}"] == zh
    assert words["zh"]["msg.ev.discard"] == i18n.MESSAGES["ev.discard"][1]
    assert not set(i18n.PAGE) & {k for k in words["en"] if k.startswith(("table.", "msg."))}  # no row hides another
