"""The calculator page as a player meets it (issue 25), in a real headless Chromium (Debian's, as it comes: no font
with the mahjong glyphs): the result stays in view while the tiles are tapped in, on a 1280 × 900 desktop and a
390 × 844 phone; a hand still short says how many tiles it lacks (no red error, no refused request); the tiles are
pictures that draw (checked in screenshots, pixel by pixel); each rule set's picker and facts fit it; the English
page reads the hand in English; the page's words come from the package's catalogue."""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from mahjong import i18n, report
from mahjong.web.app import STATIC

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
HAND = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]  # 清龙, self-drawn


def png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """(width, height, RGB pixels) of a PNG as Chromium writes screenshots (8-bit RGB or RGBA, not interlaced)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    height = depth = color = 0
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", chunk[:10])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    assert depth == 8 and color in (2, 6), (depth, color)
    bpp = 3 if color == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, [(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, bpp)]


def inked(pixels: list[tuple[int, int, int]]) -> float:
    """The share of pixels that are ink (dark or strongly coloured), not the tile's face, its border or the page."""
    return sum(1 for r, g, b in pixels if min(r, g, b) < 150) / len(pixels)


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, dict[str, int], list[Any]]]:
    phone = request.param == "phone"
    ctx = browser.new_context(viewport=SIZES[request.param], is_mobile=phone, has_touch=phone, locale="zh-CN")
    page = ctx.new_page()
    refused: list[Any] = []
    errors: list[str] = []
    page.on("response", lambda r: refused.append((r.status, r.url)) if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, SIZES[request.param], refused
    ctx.close()
    assert not errors, errors


def _ready(page: Page) -> None:
    page.wait_for_function("() => !(document.querySelector('#result').dataset.ready || '').startsWith('\\u0000')")


def test_the_result_stays_in_view_while_tiles_are_tapped_in(sized: Any, server: str, tmp_path: Any) -> None:
    page, size, refused = sized
    page.goto(f"{server}/?lang=zh&rules=guobiao")
    page.wait_for_selector("body[data-booted]")
    for n, code in enumerate(HAND, 1):
        button = page.locator(f"#picker button[data-code='{code}']")
        box = button.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (n, code, box)  # no scrolling
        # (the locator's click waits until the tile stands still: a click at the box read a moment before could
        # land beside it while the page still laid itself out on a busy machine, and the tap was lost)
        button.click()
        _ready(page)
        result = page.locator("#result-section").bounding_box()
        assert result and result["y"] < size["height"] - 60 and result["y"] + result["height"] > 60, (n, result)
        if n < 13:  # short of a hand: how many tiles it lacks, in words, not an error
            said = page.inner_text("#result")
            assert said == f"再加 {13 - n} 张就是 13 张的听牌手牌，再加 {14 - n} 张就是和牌手牌", said
            assert page.locator("#result .error").count() == 0
    assert page.inner_text("#total") == str(report.score("123456789m123p5s5s", win_tile="5s")["total"])
    assert not refused, refused  # not one request was refused on the way
    # the screenshot: the result's panel is on screen and holds the total; the tiles in it are drawn
    shot = tmp_path / "view.png"
    page.screenshot(path=str(shot))
    w, h, pixels = png_pixels(shot.read_bytes())
    assert (w, h) == (size["width"], size["height"])
    total = page.locator("#total").bounding_box()
    assert total and total["y"] + total["height"] <= size["height"], total
    x0, y0 = int(total["x"]), int(total["y"])
    area = [pixels[y * w + x] for y in range(y0, min(h, y0 + int(total["height"])))
            for x in range(x0, min(w, x0 + int(total["width"])))]
    assert inked(area) > 0.05  # the number is drawn there


def test_tile_pictures_draw_without_a_mahjong_font(browser: Browser, server: str, tmp_path: Any) -> None:
    ctx = browser.new_context(viewport=SIZES["desktop"])
    page = ctx.new_page()
    try:
        page.goto(f"{server}/?lang=en&rules=guobiao")
        page.wait_for_selector("body[data-booted]")
        shots = {}
        for code in ("1m", "9p", "1s", "C", "P", "f5"):
            img = page.locator(f"#picker button[data-code='{code}'] img")
            # decode() waits for the picture to load (a bare `complete` raced it on a loaded CI machine) and
            # rejects a picture that cannot be drawn
            assert img.evaluate("i => i.decode().then(() => i.naturalWidth > 0, () => false)"), code
            path = tmp_path / f"{code}.png"
            img.screenshot(path=str(path))
            _w, _h, pixels = png_pixels(path.read_bytes())
            assert inked(pixels) > 0.04, (code, inked(pixels))  # not an empty box: strokes, dots, sticks drawn
            shots[code] = pixels
        assert len({tuple(p) for p in shots.values()}) == len(shots)  # each its own picture
    finally:
        ctx.close()


def test_each_rule_set_has_its_own_picker_and_facts(page: Page, server: str) -> None:
    page.goto(f"{server}/?lang=zh&rules=sichuan")
    page.wait_for_selector("body[data-booted]")
    codes = page.eval_on_selector_all("#picker button[data-code]", "bs => bs.map(b => b.dataset.code)")
    assert codes == report.ruleset_options("sichuan")["tiles"] and len(codes) == 27  # no honors, no flowers
    assert page.locator("#ctx-prevalent_wind").count() == 0 and page.locator("#ctx-seat_wind").count() == 0
    assert page.is_hidden("#flowers-row")
    page.select_option("#ruleset", "guobiao")
    page.wait_for_function("() => document.querySelector('#facts-form').dataset.ruleset === 'guobiao'")
    assert page.locator("#picker button[data-code]").count() == 42
    assert page.locator("#ctx-human").count() == 0  # an extras-only fact, hidden while extras is off
    page.click("#options-box summary")
    page.check("#opt-extras")
    page.wait_for_selector("#ctx-human")
    # help written for players: no docstring markup, the report's words in the page's language
    helps = page.eval_on_selector_all("#facts-form .help, #options-form .help", "ps => ps.map(p => p.innerText)")
    facts = {f["name"]: f for f in report.context_fields("guobiao")}
    assert facts["last_tile"]["help"]["zh"] in helps and not [x for x in helps if "``" in x or ":class:" in x]


def test_the_english_page_reads_the_hand_in_english(page: Page, server: str) -> None:
    page.goto(f"{server}/?lang=en&rules=guobiao&hand=" + "%5B123m%2C1%5D456m789m123p5s%205s")
    page.wait_for_selector("body[data-booted]")
    page.wait_for_selector("#total")
    reading = page.inner_text("#facts dd[data-fact=reading]")
    assert reading == "regular: 4m5m6m 7m8m9m 1p2p3p 5s5s", reading
    shown = page.evaluate("() => { const r = document.querySelector('#result').cloneNode(true);"
                          " r.querySelectorAll('.name-zh, th').forEach(n => n.remove()); return r.innerText; }")
    assert not re.search(r"[\u3400-\u9fff]", shown), shown  # (but the fans' Chinese names, in their own column)


def test_the_pages_words_are_the_catalogues_not_a_second_table() -> None:
    cjk = re.compile(r"[\u3400-\u9fff]")
    for name in ("i18n.js", "app.js", "index.html"):
        text = (STATIC / name).read_text(encoding="utf-8")
        assert not cjk.search(re.sub(r"<title>.*?</title>", "", text)), name
    used = set(re.findall(r'\bT\("(\w+)"', (STATIC / "app.js").read_text(encoding="utf-8")))
    used |= set(re.findall(r'data-i18n="(\w+)"', (STATIC / "index.html").read_text(encoding="utf-8")))
    assert used and used <= set(i18n.PAGE), used - set(i18n.PAGE)
