"""Tables in real headless Chromium pages (Debian's, through Playwright) against ``mahjong serve``: for Guobiao,
Sichuan and a wildcard game (Nanchang's 精, revealed after the deal), four pages — three players and a spectator,
one of the players on a phone-sized touch screen, one in English, one playing with the keyboard alone — play a whole
hand against each other and an agent by pressing what the page offers (discards, claims within the countdown,
kongs, 定缺, 换三张, wins).  Each page must show the hand's settlement as the server's log has it, with the shuffle
checked against its commitment in the browser; the tiles are pictures that load, nothing overlaps on the phone and
the English page has no Chinese word.  One page declares ready (报听, the two-player game) and one keeps a flower,
then replaces it (补花, Guobiao's ``flowers_kept``).  ``MAHJONG_SCREENSHOTS=docs`` writes the README's pictures.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mahjong import discard_options
from mahjong.table import verify_log
from mahjong.web import api

GAMES = [
    ("guobiao", {}),
    ("sichuan", {"exchange_three": True}),
    ("nanchang", {}),
]
TIMING = {"claim": 0.2, "turn": 30, "bank": 0, "away": 30, "agent": 0, "between": 60}

_STATE = "() => { const s = window.MJ_TABLE && window.MJ_TABLE.state; return s && {seq: s.seq, step: s.step," \
         " results: s.results.length, player: s.player, view: s.view, hand: s.hand && s.hand.number} }"
CJK = re.compile(r"[\u3400-\u9fff]")
WORDS = api.strings()  # the page's words, as the server serves them


def said(key: str, lang: str = "zh", **values: Any) -> str:
    """A row of the page's words filled as the page fills it."""
    text = WORDS[lang][key]
    for k, v in values.items():
        text = text.replace(f"{{{k}}}", str(v))
    return text


class Player:
    def __init__(self, page: Page, how: str, rng: random.Random) -> None:
        self.page, self.how, self.rng = page, how, rng
        self.done: set[int] = set()

    def turn(self) -> dict[str, Any]:
        """Answer the decision on the page, if there is one not answered yet (by mouse, touch or keyboard); the
        page's state."""
        s = self.page.evaluate(_STATE)
        if s and s["step"].get("legal") and s["seq"] not in self.done:
            self.answer(s)
        return s

    def answer(self, s: dict[str, Any]) -> bool:
        self.done.add(s["seq"])
        legal = s["step"]["legal"]
        kinds = {a["kind"] for a in legal}
        page = self.page
        if "win" in kinds:
            return self.press('#actions button[data-kind="win"]')
        claims = [a for a in legal if a["kind"] in ("pung", "kong", "chow", "concealed_kong", "added_kong")]
        if claims and self.rng.random() < 0.5:
            a = self.rng.choice(claims)
            sel = f'#actions button[data-kind="{a["kind"]}"]'
            if a["kind"] == "chow":
                sel += f'[data-meld="{",".join(map(str, a["meld"]))}"]'
            return self.press(sel)
        if "pass" in kinds and not ({"discard", "pick"} & kinds):
            return self.press('#actions button[data-kind="pass"]')
        if "lack" in kinds:
            return self.press(f'#actions button[data-kind="lack"][data-tile="{self.rng.randrange(3)}"]')
        if "discard" in kinds or "pick" in kinds:
            tiles = page.locator("#my-hand button.can")
            n = tiles.count()
            if n == 0:
                return False
            k = self.rng.randrange(n)
            try:
                if self.how == "keyboard":
                    tiles.nth(0).focus(timeout=500)
                    for _ in range(k):
                        page.keyboard.press("ArrowRight")
                    page.keyboard.press("Enter")
                elif self.how == "touch":
                    tiles.nth(k).tap(timeout=500)
                else:
                    tiles.nth(k).click(timeout=500)
            except PlaywrightTimeout:
                return False
            return True
        return self.press("#actions button >> nth=0")

    def press(self, selector: str) -> bool:
        """Press a button of the answers (a claim window may close first, as it may for a slow player)."""
        b = self.page.locator(selector).first
        try:
            if self.how == "keyboard":
                key = b.get_attribute("data-key", timeout=500)
                self.page.keyboard.press(key or "Escape")
            elif self.how == "touch":
                b.tap(timeout=500)
            else:
                b.click(timeout=500)
        except PlaywrightTimeout:
            return False
        return True


def _shoot(page: Page, name: str, tmp: Path) -> None:
    out = Path(os.environ.get("MAHJONG_SCREENSHOTS") or tmp)
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / name), full_page=False)
    assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("rules", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_four_pages_play_a_whole_hand(browser: Browser, server: str, tmp_path: Path, rules: str,
                                      options: dict[str, Any]) -> None:
    made = httpx2.post(f"{server}/api/tables", json={"rules": rules, "options": options, "hands": 1,
                                                      "seats": ["human", "human", "human", "greedy"],
                                                      "timing": TIMING}).json()
    contexts, errors = [], []
    setups = [("mouse", {"viewport": {"width": 1280, "height": 900}}, "zh"),
              ("touch", {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
                         "has_touch": True}, "zh"),
              ("keyboard", {"viewport": {"width": 1280, "height": 900}}, "en")]
    players = []
    rng = random.Random(rules)
    for seat, (how, ctx, lang) in enumerate(setups):
        c = browser.new_context(**ctx)
        contexts.append(c)
        page = c.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}{made['seats'][seat]['join']}&lang={lang}")
        players.append(Player(page, how, rng))
    c = browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(c)
    spectator = c.new_page()
    spectator.on("pageerror", lambda e: errors.append(str(e)))
    spectator.goto(f"{server}{made['watch']}&lang=zh")
    try:
        for p in [*players, Player(spectator, "watch", rng)]:
            p.page.wait_for_selector("body[data-booted]")
            p.page.wait_for_function("() => window.MJ_TABLE.state !== null")
        assert players[2].page.inner_text("h1") == "Mahjong table"
        shot = 0  # the mid-hand pictures: taken once 20 events are in, again at 40 (a hand may end before 40)
        deadline = time.monotonic() + 600  # (a guard against a hang: the hand takes 20-40 s on an idle machine)
        while True:
            assert time.monotonic() < deadline, "the hand did not end in time"
            states = [p.turn() for p in players]
            if all(s["results"] >= 1 for s in states):
                break
            if shot < 2 and states[0]["seq"] >= 20 * (shot + 1):
                _shoot(players[0].page, f"table-{rules}.png", tmp_path)
                _shoot(players[1].page, f"table-{rules}-phone.png", tmp_path)
                shot = 1 if states[0]["seq"] < 40 else 2
        checked = verify_log(httpx2.get(f"{server}{made['log']}").text)
        net = list(checked.hands[0].net)
        for p in [*players, Player(spectator, "watch", rng)]:
            page = p.page
            page.wait_for_selector("#result:not([hidden]) #verify[data-ok]")
            assert page.get_attribute("#verify", "data-ok") == "true"  # SHA-256 in the browser: the commitment holds
            shown = page.eval_on_selector_all("#result table.net tbody tr",
                                              "rs => rs.map(r => [Number(r.dataset.seat), "
                                              "Number(r.querySelector('.amount').innerText)])")
            assert sorted(shown) == [[s, net[s]] for s in range(4)]
        _shoot(players[0].page, f"table-{rules}-settlement.png", tmp_path)
        width = players[1].page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the table scrolls sideways on a phone: {width}"
        for p in players:  # every tile is a picture that loaded (no glyph, no empty box)
            pictures = p.page.eval_on_selector_all("main .tile img", "is => is.map(i => i.complete && i.naturalWidth)")
            assert pictures and all(pictures), pictures
        phone = players[1].page
        phone.click("#result button.close")
        _no_overlap(phone, "#board > .seat:not(:empty), #board > #centre")
        _no_overlap(phone, "#my-hand > .tile")
        english = players[2].page.inner_text("main#table")
        assert not CJK.search(english), CJK.findall(english)  # one language at a time
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()


def _no_overlap(page: Page, selector: str) -> None:
    """The boxes ``selector`` finds are all on screen sideways and none covers another."""
    boxes = page.eval_on_selector_all(selector, "es => es.map(e => { const r = e.getBoundingClientRect();"
                                                " return [r.left, r.top, r.right, r.bottom]; })")
    width = page.evaluate("() => window.innerWidth")
    assert len(boxes) >= 2, (selector, boxes)
    for i, (left, top, right, bottom) in enumerate(boxes):
        assert 0 <= left and right <= width, (selector, i, boxes[i])
        for other in boxes[i + 1:]:
            apart = right <= other[0] + 0.5 or other[2] <= left + 0.5 or bottom <= other[1] + 0.5 \
                or other[3] <= top + 0.5
            assert apart, (selector, boxes[i], other)


@pytest.fixture()
def one_player(browser: Browser, server: str) -> Iterator[Any]:
    """Open a table for one person (this page) and agents; yields ``open(rules, options, seats)`` -> the page."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    errors: list[str] = []

    def open_table(rules: str, options: dict[str, Any], agents: int) -> Page:
        made = httpx2.post(f"{server}/api/tables", json={"rules": rules, "options": options, "hands": 8,
                                                          "seats": ["human"] + ["greedy"] * agents,
                                                          "timing": TIMING}).json()
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}{made['seats'][0]['join']}&lang=zh")
        page.wait_for_selector("body[data-booted]")
        page.wait_for_function("() => window.MJ_TABLE.state !== null")
        return page

    yield open_table
    context.close()
    assert not errors, errors


def _tap(page: Page, selector: str) -> None:
    """Tap what ``selector`` finds first, if it is still there (a claim window may close first)."""
    try:
        page.locator(selector).first.tap(timeout=1000)
    except PlaywrightTimeout:
        pass


def _play(page: Page, s: dict[str, Any], discard: int | None) -> None:
    """Answer a decision as a plain player would: win when offered, else discard ``discard`` (a tile of the hand),
    pass a claim, go on to the next hand."""
    kinds = {a["kind"] for a in s["step"].get("legal") or []}
    if "win" in kinds:
        _tap(page, '#actions button[data-kind="win"]')
    elif "discard" in kinds and discard is not None:
        _tap(page, f'#my-hand button.can[data-tile="{discard}"]')
    elif "pass" in kinds:
        _tap(page, '#actions button[data-kind="pass"]')
    elif s["step"]["kind"] == "between":
        page.wait_for_selector("#result:not([hidden])")
        _tap(page, '#result button.next')


def _decisions(page: Page) -> Iterator[dict[str, Any]]:
    """The page's state at each decision of its seat not answered yet, until the match is over."""
    done: set[int] = set()
    deadline = time.monotonic() + 300  # (a guard against a hang: a hand takes seconds)
    while time.monotonic() < deadline:
        s = page.evaluate(_STATE)
        if s["step"]["kind"] == "over":
            break
        if s["seq"] not in done and (s["step"].get("legal") or s["step"]["kind"] == "between"):
            done.add(s["seq"])
            yield s
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the match ended (or the time ran out) before the decision awaited came")


def _zh(page: Page, tile: int) -> str:
    """A tile's Chinese name, as the page has it."""
    return str(page.evaluate("t => window.MJ_TABLE.tiles[t].zh", tile))


def test_a_player_declares_ready_with_the_pages_button(one_player: Any) -> None:
    """The two-player game plays 报听: the page offers it with a discard that leaves the hand ready; the player
    presses 报听, the page lets only those tiles be discarded, and a tile pressed declares ready — the seat is
    marked ready and the log says so.  (The player discards as a greedy player would, to get there.)"""
    page = one_player("twoplayer", {}, 1)
    for s in _decisions(page):
        legal = s["step"].get("legal") or []
        ready = {a["tile"] for a in legal if a["kind"] == "ready"}
        if not ready:
            hand = s["view"]["hand"]
            best = discard_options(hand)[0].tile if len(hand) % 3 == 2 else None
            _play(page, s, best)
            continue
        toggle = page.locator('#actions button[data-kind="ready"]')
        assert toggle.inner_text().endswith(said("table.declareReady"))
        toggle.tap()
        page.wait_for_selector('#actions button[data-kind="ready"][aria-pressed="true"]')
        assert page.inner_text("#prompt") == said("table.readyOn")
        offered = {int(t) for t in page.eval_on_selector_all("#my-hand button.can",
                                                             "bs => bs.map(b => b.dataset.tile)")}
        assert offered == ready  # only a discard that leaves the hand ready
        tile = next(o.tile for o in discard_options(s["view"]["hand"]) if o.tile in ready)
        page.locator(f'#my-hand button.can[data-tile="{tile}"]').first.tap()
        page.wait_for_function("() => { const v = window.MJ_TABLE.state.view; return v.ready[v.seat]; }")
        assert page.locator("#seat-bottom .mark.ready").inner_text() == said("table.readyMark")
        line = said("table.readyDiscard", who=said("msg.play.you"), tile=_zh(page, tile))
        assert any(t.endswith(line) for t in page.locator("#log li[data-type=discard]").all_inner_texts()), line
        return


def test_a_player_keeps_a_flower_then_replaces_it(one_player: Any) -> None:
    """Guobiao with ``flowers_kept``: a flower stays in the hand until its player replaces it.  The page offers
    补花 for it on the player's turn; the player first keeps it (discards another tile: the flower is still in the
    hand and offered again), then presses 补花 — the flower is set aside among the seat's flowers and the log says
    so."""
    page = one_player("guobiao", {"flowers_kept": True}, 3)
    kept: tuple[int, int] | None = None  # (hand, flower) kept once
    for s in _decisions(page):
        legal = s["step"].get("legal") or []
        flowers = [a["tile"] for a in legal if a["kind"] == "flower"]
        others = [a["tile"] for a in legal if a["kind"] == "discard" and a["tile"] < 34]
        if kept is not None and kept[0] != s["hand"]:
            kept = None  # the hand ended before the flower came round again
        if not flowers:
            _play(page, s, others[0] if others else None)
            continue
        if kept is None:
            flower = flowers[0]
            button = page.locator(f'#actions button[data-kind="flower"][data-tile="{flower}"]')
            assert button.inner_text().endswith(said("msg.act.flower", tiles=_zh(page, flower)))
            kept = (s["hand"], flower)
            page.locator(f'#my-hand button.can[data-tile="{others[0]}"]').first.tap()  # keep it: discard another
            page.wait_for_function("seq => window.MJ_TABLE.state.seq > seq", arg=s["seq"])
            assert flower in page.evaluate(_STATE)["view"]["hand"]  # kept: still in the hand
            continue
        flower = kept[1]
        assert flower in flowers  # offered again on the next turn
        page.locator(f'#actions button[data-kind="flower"][data-tile="{flower}"]').tap()
        page.wait_for_function("t => { const v = window.MJ_TABLE.state.view; return v.bonus[v.seat].includes(t)"
                               " && !v.hand.includes(t); }", arg=flower)
        assert page.locator(f'#seat-bottom .bonus .tile[aria-label="{_zh(page, flower)}"]').count() == 1
        line = said("msg.ev.bonus", who=said("msg.play.you"), tile=_zh(page, flower))
        assert any(t.endswith(line) for t in page.locator("#log li[data-type=bonus]").all_inner_texts()), line
        return


def test_the_lobby_opens_a_table_and_its_links_seat_the_players(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}/table?lang=zh")
        page.wait_for_selector("body[data-booted]")
        page.select_option("#rules", "twoplayer")
        assert page.locator("#seat-kinds select").count() == 2  # the two-player game has two seats
        page.select_option("#kind-1", "greedy")
        page.fill("#hands", "1")
        page.click("#create")
        page.wait_for_selector("#links:not([hidden]) a.join")
        assert page.locator("#link-list a.join").count() == 1  # one person, one link (with its token)
        href = page.get_attribute("#link-list a.join", "href") or ""
        assert "seat=0&token=" in href
        page.click("#link-list a.join")
        page.wait_for_selector("body[data-booted]")
        page.wait_for_function("() => window.MJ_TABLE.state && window.MJ_TABLE.state.player === 0")
        assert page.locator("#my-hand .tile").count() >= 13
        assert page.locator("#seat-top .name").count() == 1 and page.locator("#seat-left .name").count() == 0
        assert not errors, errors
    finally:
        context.close()
