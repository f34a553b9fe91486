"""A rule file's special payments settled by the compiled book in C are the rule book's: 起手小胡 (``[[opening]]``,
paid from the image's table of amounts, :func:`mahjong.rulebook.special.opening_amounts`).

The referee is the hand played on the step API and settled by the rule book (``SpecialFlow.extra_lines`` beside
the wins' payments): :meth:`RandomTable.outcome` — the hand played on a bare core and read from its state — must
give the same nets, wins, items and special events, hand by hand, and the hands with openings must be the core's
own (not handed back to the rule book)."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.game.core import RandomTable, core_available
from mahjong.game.outcome import HandOutcome, outcome_of
from mahjong.rulebook.compiler import compiled
from mahjong.rulebook.special import opening_amounts
from mahjong import get_ruleset


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
