"""A rule file's special payments settled by the compiled book in C are the rule book's: 起手小胡 (``[[opening]]``,
paid from the image's table of amounts, :func:`mahjong.rulebook.special.opening_amounts`) and 买马 (``[horses]``,
its value's terms in the image, :func:`mahjong.rulebook.special.horse_value_terms`).

The referee is the hand played on the step API and settled by the rule book (``SpecialFlow.extra_lines`` beside
the wins' payments): :meth:`RandomTable.outcome` — the hand played on a bare core and read from its state — must
give the same nets, wins, items and special events, hand by hand, and the hands with openings must be the core's
own (not handed back to the rule book)."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong import get_ruleset
from mahjong.game.core import RandomTable, core_available
from mahjong.game.outcome import HandOutcome, outcome_of
from mahjong.rulebook.compiler import compiled
from mahjong.rulebook.expr import parse
from mahjong.rulebook.special import HorseRule, horse_value_terms, opening_amounts


def counted(o: HandOutcome) -> tuple[Any, ...]:
    return o.net, o.self_drawn, sorted(o.items), o.special


@pytest.mark.parametrize("options", [{}, {"dealer_extra": 3, "opening_three_same": True},
                                     {"dealer_extra": 0}, {"opening_wins": False}])
def test_changshas_opening_hands_settled_in_c_are_the_rule_books(options: dict[str, Any]) -> None:
    table = RandomTable("changsha", options)
    openings = in_c = 0
    for k in range(250 if core_available() else 4):
        kw: dict[str, Any] = {"seed": 5, "salt": k, "hand_number": k, "dealer": k % 4,
                              "agent_seeds": [s + 16 * k for s in range(4)]}
        got = table.outcome(**kw)
        assert counted(got) == counted(outcome_of(table.hand(**kw))), (options, k)
        if "opening" in got.special:
            openings += 1
            core = table._lean_core
            in_c += core is not None and core.book_net() is not None
    if not core_available():
        return
    if options.get("opening_wins") is False:
        assert openings == 0
    else:
        assert openings > 5 and in_c == openings  # (every opening hand, won or not, settled in C)


def test_the_images_opening_table_is_the_rule_files_amounts() -> None:
    rs = get_ruleset("changsha", dealer_extra=2)
    cb = compiled(rs)
    assert cb is not None
    h = cb.header
    at, n = h["openings_at"], h["n_openings"]
    special = rs.book.special
    assert n == len(special.opening) > 0
    names = {k: getattr(rs.config, k) for k in rs.book.options}
    table = cb.image[at:at + 4 * n]
    assert [tuple(table[i:i + 4]) for i in range(0, 4 * n, 4)] == opening_amounts(special, names)
    # the file's words: 2 from each, the dealer's payments 2 more either way
    assert tuple(table[:4]) == (2, 4, 4, 4)
    assert h["code_at"] == at + 4 * n


def test_a_book_without_openings_has_no_table() -> None:
    cb = compiled(get_ruleset("sichuan"))
    assert cb is not None and cb.header["n_openings"] == 0


@pytest.mark.parametrize("rules, options", [("guangdong", {}), ("guangdong", {"horse_follows_points": True}),
                                            ("guangdong", {"base": 3, "ghosts": False}),
                                            ("guangdong-fangui", {"horses_from": "winner"}),
                                            ("guangdong", {"horses": 0})])
def test_guangdongs_horse_hands_settled_in_c_are_the_rule_books(rules: str, options: dict[str, Any]) -> None:
    table = RandomTable(rules, options)
    horses = hit = 0
    for k in range(300 if core_available() else 4):
        kw: dict[str, Any] = {"seed": 3, "salt": k, "hand_number": k, "dealer": k % 4,
                              "agent_seeds": [s + 16 * k for s in range(4)]}
        got = table.outcome(**kw)
        assert counted(got) == counted(outcome_of(table.hand(**kw))), (rules, options, k)
        horses += got.special.count("horses")
        core = table._lean_core
        if core is not None and core.won:
            assert core.book_net() == got.net  # (read from the core: the horses paid in C)
            hit += any(h for _seat, _tiles, h in core.horses())
    if core_available():
        assert table._lean and horses > 5 and (hit > 3 or options.get("horses") == 0)


def _terms(text: str, **names: Any) -> tuple[int, int, int] | None:
    return horse_value_terms(HorseRule(parse("4"), None, "dealer", (), parse(text)), names)


def test_a_horse_value_is_read_as_terms_of_share_and_covers_or_left_to_the_rule_book() -> None:
    assert _terms("pick(follows, share, base * covers)", follows=False, base=2) == (0, 2, 0)
    assert _terms("pick(follows, share, base * covers)", follows=True, base=2) == (1, 0, 0)
    assert _terms("2 * share - covers + 3") == (2, -1, 3)
    assert _terms("-(share + 1) * 2") == (-2, 0, -2)
    assert _terms("share * covers") is None  # (not of that form: the rule book pays the horses)
    assert _terms("max(share, 3)") is None
    assert _terms("share // 2") is None
