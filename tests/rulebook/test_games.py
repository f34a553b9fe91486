"""The three games written only as rule files, scored by hand from the rules each file states (and cites)."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.errors import ContextError, HandError, NotWinningError
from mahjong.framework import ScoreResult, get_ruleset
from mahjong.rulebook import load_book, shipped_files


def score(name: str, hand: str, options: dict[str, Any] | None = None, **ctx: Any) -> ScoreResult:
    rs = get_ruleset(name, **(options or {}))
    return rs.score(hand, rs.Context(**ctx))


def keys(r: ScoreResult) -> list[str]:
    return sorted(i.key for i in r.items)


def test_every_shipped_file_cites_its_sources() -> None:
    for path in shipped_files():
        book = load_book(path)
        assert book.sources and all(len(s) > 20 for s in book.sources), path
        assert book.zh and book.en and book.summary_zh and book.summary_en


# --- 红中麻将 -------------------------------------------------------------------------------------------------

def test_hongzhong_self_draw_two_from_each() -> None:
    r = score("hongzhong", "123m456m789pC55sCC")  # three 红中 stand in for tiles
    assert keys(r) == ["self_drawn"] and r.payments == (6, -2, -2, -2) and r.valid


def test_hongzhong_no_red_dragon_and_birds() -> None:
    r = score("hongzhong", "123m456m789p111s55s", birds=2)
    assert keys(r) == ["no_wildcard", "self_drawn"]
    assert r.payments == (3 * (2 + 1 + 2 * 2), -7, -7, -7)  # (自摸 2 + 无红中 1 + 2 birds × 2) from each
    r = score("hongzhong", "123m456m789p111s55s", {"no_wildcard_bonus": False, "bird_points": 1}, birds=1)
    assert keys(r) == ["self_drawn"] and r.payments == (9, -3, -3, -3)


def test_hongzhong_discard_wins_only_when_switched_on() -> None:
    r = score("hongzhong", "123m456m789p111s55s", discarder=1)
    assert not r.valid and "self-drawn" in (r.invalid_reason or "") and r.payments == (0, 0, 0, 0)
    r = score("hongzhong", "123m456m789p111s55s", {"discard_wins": True}, discarder=1)
    assert r.valid and keys(r) == ["no_wildcard", "win_on_discard"] and r.payments == (2, -2, 0, 0)


def test_hongzhong_tile_set_and_seven_pairs() -> None:
    with pytest.raises(HandError):
        score("hongzhong", "123m456m789p111s11z")  # 东风 is not in the 112-tile set
    assert score("hongzhong", "1199m2288p3377s4sC").reading.form.name == "SEVEN_PAIRS"  # type: ignore[union-attr]
    r = score("hongzhong", "1199m2288p3377s4sC", {"seven_pairs_win": False})
    assert not r.valid


# --- 广东推倒胡 -----------------------------------------------------------------------------------------------

def test_tuidaohu_multipliers_multiply() -> None:
    r = score("guangdong", "111m222m333p444s55s")  # 碰碰胡 ×2, 无鬼 ×2, base 2, self-drawn
    assert keys(r) == ["all_pungs", "no_wildcard"] and r.total == 8 and r.payments == (24, -8, -8, -8)
    r = score("guangdong", "11113344556677m", discarder=2)  # 豪华七对 ×4 × 清一色 ×4 × 无鬼 ×2 × 2
    assert keys(r) == ["full_flush", "luxury_seven_pairs", "no_wildcard"]
    assert r.total == 64 and r.payments == (64, 0, -64, 0)


def test_tuidaohu_ghost_options() -> None:
    r = score("guangdong", "111m222m333pP44s55s", discarder=2)  # 白板 is a ghost: no 无鬼 double
    assert keys(r) == ["all_pungs"] and r.total == 4
    r = score("guangdong", "111m222m333pPPP55s", {"ghosts": False}, discarder=2)  # no ghosts: 白板 is itself
    assert keys(r) == ["all_pungs"] and r.total == 4
    r = score("guangdong-fangui", "123m345m789p444s55s", indicator="5m")  # 6m is the ghost: not held
    assert keys(r) == ["no_wildcard"] and r.total == 4
    r = score("guangdong-fangui", "123m345m789p444s5s6m", indicator="5m")  # the 6m stands in for a tile
    assert keys(r) == [] and r.total == 2 and r.reading is not None and len(r.reading.wildcards) == 1
    with pytest.raises(NotWinningError):
        score("guangdong-fangui", "123m345m789p444s5s6m", indicator="9m")  # 1m is the ghost: 6m is itself
    with pytest.raises(ContextError):
        score("guangdong-fangui", "123m345m789p444s5s6m")  # the turned-up tile must be given


def test_tuidaohu_robbed_kong_pays_for_all() -> None:
    r = score("guangdong", "[2222m,1]111m333m444m99m", robbing_kong=True, discarder=3)
    assert r.payments == (192, 0, 0, -192)  # 碰碰胡 2 × 清一色 4 × 抢杠 2 × 无鬼 2 × 2 = 64, three times


# --- 长沙麻将 -------------------------------------------------------------------------------------------------

def test_changsha_plain_win_needs_258_pair() -> None:
    ok = score("changsha", "123m456m789p234s55s", discarder=1, dealer=2)
    assert ok.valid and keys(ok) == ["basic_win_on_discard"] and ok.payments == (1, -1, 0, 0)
    bad = score("changsha", "123m456m789p234s66s", discarder=1, dealer=2)
    assert not bad.valid and "2, 5 or 8" in (bad.invalid_reason or "")


def test_changsha_big_hands_and_dealer() -> None:
    r = score("changsha", "111m333p444s666s99s", discarder=1, dealer=1)  # 碰碰胡: no 258 pair needed
    assert r.valid and keys(r) == ["all_pungs"] and r.payments == (7, -7, 0, 0)  # 6 + 庄闲 1
    r = score("changsha", "11223344556677m", dealer=2)  # 清一色 + 七小对 = 12 from each, the dealer 13
    assert keys(r) == ["full_flush", "seven_pairs"] and r.payments == (37, -12, -13, -12)
    r = score("changsha", "123m456m789p234s55s", dealer=2)  # a plain self-draw: 2 from each, dealer 3
    assert r.payments == (7, -2, -3, -2)


def test_changsha_has_no_honors() -> None:
    with pytest.raises(HandError):
        score("changsha", "123m456m789p234sEE")
