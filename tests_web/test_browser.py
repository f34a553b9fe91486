"""The page in a real headless Chromium (Debian's, driven by Playwright) against ``mahjong serve``.

Every hand of :mod:`hands` (five per rule set) is entered twice — once by tapping tiles on the picker with the
rule set and win facts chosen in the forms, once by typing its notation into the box on a page opened from a
link with the rule set and facts in it — and both times the page must show the total, the items and the
payments that the Python API gives for it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from hands import Case, cases
from playwright.sync_api import Page

from mahjong import report
from mahjong.errors import MahjongError
from mahjong.hand import parse_hand

CASES = cases()
ZH_WINDS = "东南西北"


def open_page(page: Page, server: str, query: str = "") -> None:
    page.goto(f"{server}/{query}")
    page.wait_for_selector("body[data-booted]")


def wait_result(page: Page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#result').dataset.ready === t", arg=text)


def link(case: Case, lang: str = "zh") -> str:
    q = [f"rules={quote(case.rules)}", f"lang={lang}"]
    q += [f"c.{k}={quote(json.dumps(v))}" for k, v in case.facts.items()]
    return "?" + "&".join(q)


def type_hand(page: Page, text: str) -> None:
    page.fill("#notation", text)
    wait_result(page, text)


def shown(page: Page) -> dict[str, Any]:
    """What the result panel shows: the total, each item row and each payment row, as text."""
    rows = page.eval_on_selector_all(
        "#items tbody tr",
        "rs => rs.map(r => ({key: r.dataset.key, name: r.querySelector('.name').innerText,"
        " value: r.querySelector('.value').innerText, count: r.querySelector('.count').innerText,"
        " points: r.querySelector('.points').innerText}))",
    )
    pays = page.eval_on_selector_all(
        "#payments tbody tr",
        "rs => rs.map(r => ({seat: r.dataset.seat, label: r.querySelector('th').innerText,"
        " amount: r.querySelector('.amount').innerText}))",
    )
    return {"total": page.inner_text("#total"), "items": rows, "payments": pays}


def check_same_as_python(page: Page, expected: dict[str, Any]) -> None:
    assert expected["kind"] == "win"
    assert page.locator("#total").count() == 1, "no score on the page: " + page.inner_text("#result")
    got = shown(page)
    assert got["total"] == str(expected["total"])
    assert [r["key"] for r in got["items"]] == [i["key"] for i in expected["items"]]
    for row, item in zip(got["items"], expected["items"]):
        assert row["name"] == item["name_zh"]
        assert row["value"].split()[0] == str(item["value"])
        assert row["count"] == f"×{item['count']}"
        assert row["points"] == str(item["points"])
    assert [(int(p["seat"]), int(p["amount"])) for p in got["payments"]] == [
        (p["seat"], p["amount"]) for p in expected["payments"]
    ]
    for p, want in zip(got["payments"], expected["payments"]):
        assert p["label"].startswith(ZH_WINDS["ESWN".index(want["wind"])])
        assert ("庄" in p["label"]) == want["dealer"]
    minimum = page.inner_text("#minimum")
    assert ("未达到" in minimum) == (not expected["valid"])


def _select(page: Page, selector: str, value: Any) -> None:
    page.select_option(selector, json.dumps(value))


def tap_in(page: Page, case: Case) -> None:
    """Enter a case the way a player does: rule set, win facts, then the tiles, all by clicking."""
    page.select_option("#ruleset", case.rules)
    page.wait_for_function("r => document.querySelector('#facts-form').dataset.ruleset === r", arg=case.rules)
    for name in ("winner", "dealer", "discarder", "prevalent_wind", "indicator", "caishen"):
        if name in case.facts:
            _select(page, f"#ctx-{name}", case.facts[name])
    for m in case.melds:
        page.check(f"#mode-{m.kind}")
        if m.kind not in ("chow", "concealed_kong"):
            page.select_option("#claim-seat", str(m.claimed_from))
        page.click(f"#picker button[data-code='{m.tiles[0]}']", force=True)
    page.check("#mode-tile")
    for t in case.concealed:
        page.click(f"#picker button[data-code='{t}']", force=True)
    page.check("#mode-win")
    page.click(f"#picker button[data-code='{case.win_tile}']", force=True)
    for f in case.flowers:
        page.click(f"#picker button[data-code='{f}']", force=True)


@pytest.fixture(scope="module")
def player(browser: Any, server: str) -> Iterator[Page]:
    """One page for every hand, as a player scores hand after hand (the rule set chosen anew each time)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    open_page(pg, server, "?lang=zh")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def facts_in_url(page: Page) -> dict[str, Any]:
    q = parse_qs(urlsplit(page.url).query)
    return {k[2:]: json.loads(v[0]) for k, v in q.items() if k.startswith("c.")}


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rules}-{i}" for i, c in enumerate(CASES)])
def test_a_hand_tapped_in_and_typed_in_shows_what_the_python_api_gives(player: Page, server: str, case: Case) -> None:
    page = player
    expected = case.expected()
    # by tapping tiles, with the rule set and facts chosen in the forms
    page.click("#clear")
    tap_in(page, case)
    assert facts_in_url(page) == case.facts
    assert page.input_value("#notation") == case.text  # the box follows the picker
    wait_result(page, case.text)
    check_same_as_python(page, expected)
    # by typing the notation into the box
    page.click("#clear")
    wait_result(page, "")
    type_hand(page, case.text)
    check_same_as_python(page, expected)
    # the picker follows the box: the winning tile is marked, the melds show where they came from
    assert page.eval_on_selector("#win-tile button", "b => b.querySelector('.code').innerText") == case.win_tile
    assert page.locator("#melds .meld").count() == len(case.melds)
    # and, for every fifth hand, a link with the rule set and facts in it (a fresh page) shows the same
    if CASES.index(case) % 5 == 0:
        open_page(page, server, link(case) + "&hand=" + quote(case.text))
        assert page.input_value("#ruleset") == case.rules and page.input_value("#notation") == case.text
        wait_result(page, case.text)
        check_same_as_python(page, expected)


def test_every_rule_set_is_covered_by_at_least_five_hands() -> None:
    names = {r["name"] for r in report.rulesets()}
    assert {c.rules for c in CASES} == names
    assert len(CASES) >= 50


def test_the_url_round_trips_rule_set_options_facts_and_language(page: Page, server: str) -> None:
    open_page(page, server, "?lang=en")
    page.select_option("#ruleset", "guobiao")
    page.wait_for_function("() => document.querySelector('#facts-form').dataset.ruleset === 'guobiao'")
    page.click("#options-box summary")
    page.fill("#opt-min_fan", "16")
    page.dispatch_event("#opt-min_fan", "change")
    _select(page, "#ctx-discarder", 3)
    page.check("#ctx-last_wall_tile")
    type_hand(page, "[123m,1]456m789m123p5s 5s")
    url = page.url
    assert "o.min_fan=16" in url and "c.discarder=3" in url and "c.last_wall_tile=true" in url and "lang=en" in url
    before = shown(page)
    page.goto("about:blank")
    open_page(page, server, url[len(server) + 1:])
    wait_result(page, "[123m,1]456m789m123p5s 5s")
    assert shown(page) == before
    assert page.input_value("#opt-min_fan") == "16" and page.is_checked("#ctx-last_wall_tile")
    assert page.input_value("#ctx-discarder") == "3"
    expected = report.score("[123m,1]456m789m123p5s 5s", options={"min_fan": 16}, win_tile="5s",
                            context={"winner": 0, "dealer": 0, "prevalent_wind": 0, "discarder": 3,
                                     "last_wall_tile": True})
    assert before["total"] == str(expected["total"]) and page.inner_text("h1") == "Mahjong calculator"


@pytest.mark.parametrize("text", ["11111m", "123x456m", "[124m,1]456m789m123p5s 5s", "[123m,1]456m789m123p5s5s f1f1"])
def test_an_invalid_hand_shows_the_error_message(page: Page, server: str, text: str) -> None:
    with pytest.raises(MahjongError) as info:
        parse_hand(text)
    open_page(page, server, "?lang=zh")
    page.fill("#notation", text)
    page.wait_for_selector("#hand-error:not([hidden])")
    assert page.inner_text("#hand-error .engine-message") == info.value.message_zh  # the page's language
    assert page.inner_text("#hand-error .error-head") == "输入有误："


def test_a_hand_that_does_not_win_shows_why_and_the_discard_advice(page: Page, server: str) -> None:
    text = "11223344556m7p8s 9s"
    with pytest.raises(MahjongError) as info:
        report.score(text, context={"self_drawn": True}, win_tile="9s")
    open_page(page, server, "?lang=zh")
    type_hand(page, text)
    assert page.inner_text("#result-error .engine-message") == info.value.message_zh  # the page's language
    advice = report.analyze(text)
    got = page.eval_on_selector_all("#discards tbody tr", "rs => rs.map(r => r.dataset.tile)")
    assert got == [d["discard"] for d in advice["discards"]]


def test_a_waiting_hand_shows_shanten_waits_and_each_winning_tiles_value(page: Page, server: str) -> None:
    text = "1112345678999m"
    open_page(page, server, "?lang=zh&rules=guobiao")
    type_hand(page, text)
    a = report.analyze(text, rules="guobiao")
    v = report.score(text, rules="guobiao", context={"winner": 0, "dealer": 0, "prevalent_wind": 0, "self_drawn": True})
    assert page.get_attribute("#shanten", "data-shanten") == "0"
    forms = page.eval_on_selector_all("#by-form tr",
                                      "rs => rs.map(r => [r.dataset.form, r.querySelector('td').innerText])")
    assert forms == [[f, str(n)] for f, n in a["shanten_by_form"].items()]
    waits = page.eval_on_selector_all("#waits li",
                                      "ls => ls.map(l => [l.dataset.tile, l.querySelector('.left').innerText])")
    assert waits == [[w["tile"], f"剩 {w['remaining']} 张"] for w in a["waits"]]
    rows = page.eval_on_selector_all(
        "#values tbody tr", "rs => rs.map(r => [r.dataset.tile, ...[...r.querySelectorAll('td[data-total]')]"
        ".map(td => td.dataset.total + '/' + td.dataset.valid)])")
    assert rows == [[r["tile"], f"{r['self_drawn']['total']}/{str(r['self_drawn']['valid']).lower()}",
                     f"{r['discard']['total']}/{str(r['discard']['valid']).lower()}"] for r in v["winning_tiles"]]


def test_values_below_the_minimum_are_flagged(page: Page, server: str) -> None:
    text = "234m567p345s6788s"  # Guobiao: 2s wins either way, 5s and 8s only self-drawn
    v = report.score(text, context={"winner": 0, "dealer": 0, "prevalent_wind": 0, "self_drawn": True})
    low = {r["tile"] for r in v["winning_tiles"] if r["discard"] and not r["discard"]["valid"]}
    assert low, "the example must have a winning tile below the minimum"
    open_page(page, server, "?lang=zh")
    type_hand(page, text)
    flagged = set(page.eval_on_selector_all("#values tbody tr:has(td.below)", "rs => rs.map(r => r.dataset.tile)"))
    assert low <= flagged
    assert "（未达起和）" in page.inner_text("#values")


def _visible_words(page: Page) -> list[str]:
    """Latin words shown on the page, leaving out what is notation, not words: the tiles' ascii codes, the options'
    config names and values (``min_fan``, ``"add_base"``), the notation the player typed; and the engine's own
    error messages, which exist in English only (shown after a Chinese heading)."""
    text = page.evaluate(
        """() => {
          const skip = (n) => n.closest('.code, code, .engine-message, script, style, [hidden], .visually-hidden');
          const out = [];
          const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const p = n.parentElement;
            if (p && !skip(p) && p.getClientRects().length) out.push(n.textContent);
          }
          for (const o of document.querySelectorAll('#facts-form select option:checked, #ruleset option:checked')) {
            out.push(o.textContent);
          }
          return out.join('\\n');
        }"""
    )
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize(
    "query",
    [
        "?lang=zh&rules=guobiao&hand=" + quote("[123m,1]456m789m123p5s 5s") + "&c.discarder=3",
        "?lang=zh&rules=guobiao&hand=1112345678999m",
        "?lang=zh&rules=sichuan&hand=" + quote("[333m,1][888m,3]1155999m 5m") + "&c.winner=1&c.discarder=0",
        "?lang=zh&rules=yuhuan&hand=" + quote("3334445667888999m 6m") + "&c.caishen=%22N%22",
        "?lang=zh&rules=nanchang&hand=" + quote("[1111m]5577888m345p 5m") + "&c.indicator=%224m%22",
        "?lang=zh&rules=jinshan&hand=" + quote("[234s,1]3336788899s 8s"),
        "?lang=zh&hand=" + quote("11223344556m7p8s 9s"),
    ],
)
def test_the_chinese_interface_shows_no_english_labels(page: Page, server: str, query: str) -> None:
    open_page(page, server, query)
    page.wait_for_function("() => document.querySelector('#result').dataset.ready")
    page.click("#options-box summary")
    assert _visible_words(page) == []


def test_the_english_interface_names_things_in_english(page: Page, server: str) -> None:
    open_page(page, server, "?lang=zh&hand=" + quote("[123m,1]456m789m123p5s 5s"))
    page.wait_for_function("() => document.querySelector('#result').dataset.ready")
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => document.querySelector('#items .name')?.innerText === 'Pure Straight'")
    assert page.inner_text("h1") == "Mahjong calculator" and "lang=en" in page.url


def test_usable_with_the_keyboard_alone(page: Page, server: str) -> None:
    open_page(page, server, "?lang=zh")
    page.keyboard.press("Tab")  # the skip link
    page.keyboard.press("Enter")
    page.keyboard.type("123m456p789s123s")
    page.wait_for_function("() => document.querySelector('#tile-count').innerText.includes('12')")
    for _ in range(80):  # tab on to the picker's 5s and press it twice: the pair, the second one wins
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.code") == "5s":
            break
    else:
        pytest.fail("the picker's tiles cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Space")  # a second copy: the pair and the winning tile
    page.wait_for_function("() => document.querySelector('#notation').value === '123m456p1235789s 5s'")
    wait_result(page, "123m456p1235789s 5s")
    assert page.inner_text("#total") == str(report.score("123m456p1235789s 5s", win_tile="5s",
                                                         context={"self_drawn": True})["total"])


def test_readable_on_a_phone_sized_screen(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        open_page(page, server, "?lang=zh&hand=" + quote("[123m,1]456m789m123p5s 5s"))
        wait_result(page, "[123m,1]456m789m123p5s 5s")
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        for sel in ("#picker button[data-code='9m']", "#notation", "#total", "#payments"):
            box = page.locator(sel).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375, sel
        tile = page.locator("#picker button[data-code='1m']").bounding_box()
        assert tile and tile["width"] >= 30 and tile["height"] >= 40  # large enough to tap
        size = page.eval_on_selector("#items td", "td => parseFloat(getComputedStyle(td).fontSize)")
        assert size >= 14
    finally:
        context.close()


SHOTS = [
    ("guobiao", "[123m,1]456m789m123p5s 5s", {"discarder": 3}),
    ("sichuan", "[333m,1][888m,3]1155999m 5m", {"winner": 1, "dealer": 3, "discarder": 0}),
    ("yuhuan", "3334445667888999m 6m", {"winner": 2, "caishen": "N"}),
]


@pytest.mark.parametrize(("rules", "text", "facts"), SHOTS)
def test_screenshots_of_a_result(page: Page, server: str, tmp_path: Path, rules: str, text: str,
                                 facts: dict[str, Any]) -> None:
    """A screenshot of a result per rule set; ``MAHJONG_SCREENSHOTS=docs`` writes the README's pictures."""
    out = Path(os.environ.get("MAHJONG_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1180, "height": 900})
    case = Case(rules, (), (), "", (), facts)
    open_page(page, server, link(case) + "&hand=" + quote(text))
    wait_result(page, text)
    assert page.inner_text("#total") == str(report.score(text, rules=rules, context=case.context)["total"])
    path = out / f"web-{rules}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
