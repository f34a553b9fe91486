"""Tables in real headless Chromium pages (Debian's, through Playwright) against ``mahjong serve``: for Guobiao,
Sichuan and a wildcard game (Nanchang's 精, revealed after the deal), four pages — three players and a spectator,
one of the players on a phone-sized touch screen, one in English, one playing with the keyboard alone — play a whole
hand against each other and an agent by pressing what the page offers (discards, claims within the countdown,
kongs, 定缺, 换三张, wins).  Each page must show the hand's settlement as the server's log has it, with the shuffle
checked against its commitment in the browser.  ``MAHJONG_SCREENSHOTS=docs`` writes the README's pictures.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mahjong.table import verify_log

GAMES = [
    ("guobiao", {}),
    ("sichuan", {"exchange_three": True}),
    ("nanchang", {}),
]
TIMING = {"claim": 0.2, "turn": 30, "bank": 0, "away": 30, "agent": 0, "between": 60}

_STATE = "() => { const s = window.MJ_TABLE && window.MJ_TABLE.state; return s && {seq: s.seq, step: s.step," \
         " results: s.results.length, player: s.player} }"


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
        shot = False
        deadline = time.monotonic() + 600  # (a guard against a hang: the hand takes 20-40 s on an idle machine)
        while True:
            assert time.monotonic() < deadline, "the hand did not end in time"
            states = [p.turn() for p in players]
            if all(s["results"] >= 1 for s in states):
                break
            if not shot and states[0]["seq"] >= 40:
                _shoot(players[0].page, f"table-{rules}.png", tmp_path)
                _shoot(players[1].page, f"table-{rules}-phone.png", tmp_path)
                shot = True
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
        assert not errors, errors
    finally:
        for c in contexts:
            c.close()


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
