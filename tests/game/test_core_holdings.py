"""A drawn hand's wildcards held, settled in C (mahjong._core.core_holding_nets): Nanchang's 精 at 黄庄 read from the
core and paid between every pair of seats by the rule file's ``[wildcards.points]``, against the twin — the rule
set's own settlement of the hand's record (Nanchang.settle, draw_jing_lines) — hand by hand, under the options
that change the points, and against the nets stored from main before the change."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game.core import RandomTable, core_available, draw_holdings_in_c
from mahjong.game.outcome import outcome_of

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled core with its Python twin")

NANCHANG = Path(__file__).resolve().parent / "data" / "nanchang_nets_before.json.gz"


def _seeds(k: int) -> dict[str, Any]:
    return {"seed": k, "salt": k, "agent_seeds": [k * 4 + s for s in range(4)]}


def _drawn_in_c(table: RandomTable, k: int) -> tuple[int, ...] | None:
    """The hand's nets when outcome() settles it in C without playing it again (None: it was played again, or
    won: a won hand is scored from the core, test_core_nanchang_wins.py)."""
    played_again: list[bool] = []
    hand = table.hand

    def again(**kwargs: Any) -> Any:
        played_again.append(True)
        return hand(**kwargs)

    table.hand = again  # type: ignore[method-assign]
    try:
        got = table.outcome(**_seeds(k))
    finally:
        del table.hand
    return None if played_again or got.self_drawn else got.net


def _settled(table: RandomTable, k: int) -> tuple[int, ...]:
    """The nets of the rule set's own settlement of the hand (made from its record, in Python)."""
    settlement = table.hand(**_seeds(k)).settlement
    assert settlement is not None
    return tuple(settlement.net)


def test_drawn_hands_settle_in_c_as_the_rule_set_settles_them() -> None:
    table = RandomTable("nanchang")
    assert table._lean_holdings is not None
    in_c = nonzero = 0
    for k in range(150):
        net = _drawn_in_c(table, k)
        twin = outcome_of(table.hand(**_seeds(k)))
        assert table.outcome(**_seeds(k)) == twin and tuple(twin.net) == _settled(table, k), k
        if net is not None:
            in_c += 1
            nonzero += any(net)
            assert not twin.self_drawn and not twin.items and net == _settled(table, k), k
    assert in_c >= 60 and nonzero >= 40, (in_c, nonzero)  # (most drawn hands never leave the core)


def test_outcome_nets_are_those_stored_before_the_change() -> None:
    with gzip.open(NANCHANG, "rt", encoding="utf-8") as f:
        before: dict[str, list[Any]] = json.load(f)
    checked = 0
    for key, rows in before.items():
        rules, rest = key.split("-{", 1)
        options_text, agent = rest.rsplit("}-", 1)
        if agent != "random":
            continue
        table = RandomTable(rules, json.loads("{" + options_text + "}"), agent)
        for k, row in enumerate(rows[:120]):
            assert list(table.outcome(**_seeds(k)).net) == row[0], (key, k)
            checked += 1
    assert checked >= 240


# (a threshold under 4 makes n·(n − 3) negative for a few points: the rule set refuses to pay such a hand, noted)
@settings(max_examples=12, deadline=None)
@given(kong=st.integers(0, 30), threshold=st.integers(4, 12), sole=st.integers(1, 4), at_draw=st.booleans(),
       first_seed=st.integers(0, 10_000))
def test_points_options_settle_alike_in_c_and_in_python(kong: int, threshold: int, sole: int, at_draw: bool,
                                                         first_seed: int) -> None:
    table = RandomTable("nanchang", {"jing_kong_bonus": kong, "chongguan_threshold": threshold,
                                     "bawang_multiplier": sole, "jing_at_draw": at_draw})
    assert table._lean_holdings is not None
    for k in range(first_seed, first_seed + 8):
        net = _drawn_in_c(table, k)
        if net is not None:
            assert net == _settled(table, k), k
            assert at_draw or net == (0, 0, 0, 0)


def test_kong_money_at_a_draw_is_left_to_the_rule_set() -> None:
    # (kong money is the module's, not the file's table: such a drawn hand is settled by the rule set)
    assert draw_holdings_in_c(RandomTable("nanchang", {"kong_payments": "two_per_kong"}).flow) is None
    assert draw_holdings_in_c(RandomTable("sichuan").flow) is None  # (no wildcards held to settle)


def test_bad_amounts_are_refused() -> None:
    from mahjong._core import HOLDING_AMOUNT_LIMIT, GameCore, core_holding_nets

    table = RandomTable("nanchang")
    core = GameCore(table.params, 1, 1, 0, 0)
    good = draw_holdings_in_c(table.flow)
    assert good is not None and len(core_holding_nets(core, good)) == 4
    for bad in ((), good[:-1], (*good, 0), (True, *good[1:]), (HOLDING_AMOUNT_LIMIT + 1, *good[1:]),
                ("2", *good[1:]), (2.0, *good[1:])):
        with pytest.raises(ValueError):
            core_holding_nets(core, bad)
    with pytest.raises(TypeError):
        core_holding_nets(None, good)


def test_step_api_drawn_hands_settle_in_c_and_read_as_the_python_engine() -> None:
    from mahjong.game import Game
    from mahjong.game.core import CoreGame

    lazy = 0
    for salt in range(40):
        game, ref = Game("nanchang", seed=3, salt=salt), Game("nanchang", seed=3, salt=salt, engine="python")
        assert isinstance(game, CoreGame)
        for g in (game, ref):
            while not g.done:
                for seat in g.pending:
                    g.act(seat, g.legal_actions(seat)[0])
        # (the core's nets: from the wildcards held, or by the compiled book that decided the hand's wins; the rule
        # set's settlement made when read, and checked against them)
        if not game.core.won and (game._draw_due or game._end_due):
            lazy += 1
            assert game.net == tuple(ref.settlement.net), salt
        if salt % 2:  # (the log read first: the settlement is made then)
            assert game.events == ref.events and not game._draw_due and not game._end_due, salt
        assert game.settlement is not None and ref.settlement is not None
        assert game.settlement.net == ref.settlement.net and game.net == tuple(ref.settlement.net), salt
        assert not game._draw_due
        assert game.events == ref.events and not game._end_due, salt
    assert lazy >= 10, lazy


def test_a_variant_file_with_its_own_points_settles_its_drawn_hands_in_c(tmp_path: Path) -> None:
    from importlib import resources

    from mahjong.rulebook import load_rules

    text = (resources.files("mahjong.rulebook") / "games" / "nanchang.toml").read_text(encoding="utf-8")
    text = text.replace('name = "nanchang"', 'name = "holdings-test-nanchang"', 1)
    text = text.replace("first = 2\nsecond = 1\n", "first = 3\nsecond = 2\n", 1)
    assert "first = 3" in text
    path = tmp_path / "holdings-test-nanchang.toml"
    path.write_text(text, encoding="utf-8")
    load_rules(path)
    table = RandomTable("holdings-test-nanchang")
    assert table._lean_holdings is not None and table._lean_holdings[:2] == (3, 2)
    in_c = 0
    for k in range(60):
        net = _drawn_in_c(table, k)
        if net is not None:
            in_c += 1
            assert net == _settled(table, k), k
    assert in_c >= 20


_DRAWN: list[Any] = []


def _drawn_hands() -> list[Any]:
    """A few drawn Nanchang hands played on the core (kept for the examples below)."""
    if not _DRAWN:
        table = RandomTable("nanchang")
        for k in range(40):
            h = table.hand(**_seeds(k))
            if not h.core.won and any(h.net or ()):
                _DRAWN.append(h)
    return _DRAWN


@settings(max_examples=40, deadline=None)
@given(first=st.integers(-50, 50), second=st.integers(-50, 50), kong=st.integers(-50, 50), breaks=st.booleans(),
       threshold=st.integers(-5, 20), offset=st.integers(-5, 10), sole=st.integers(-3, 5), pick=st.integers(0, 99))
def test_any_amounts_settle_in_c_as_the_book_counts_them(first: int, second: int, kong: int, breaks: bool,
                                                         threshold: int, offset: int, sole: int, pick: int) -> None:
    from types import SimpleNamespace

    from mahjong._core import core_holding_nets
    from mahjong.game.flows.nanchang import NanchangFlow
    from mahjong.rulebook.book import BookRuleSet
    from mahjong.rulebook.strategies import all_pairs_settlement

    hands = _drawn_hands()
    assert len(hands) >= 10
    h = hands[pick % len(hands)]
    held, kong_seats = NanchangFlow.jing_held(h.state)
    assert sum(map(sum, held)) > 0
    book = SimpleNamespace(_holding_amounts=lambda: (first, second, kong, threshold if breaks else None, offset,
                                                      sole, True))
    points = BookRuleSet.holding_points(book, held, [s in kong_seats for s in range(4)])  # type: ignore[arg-type]
    amounts = (first, second, kong, int(breaks), threshold, offset, sole)
    assert core_holding_nets(h.core, amounts) == all_pairs_settlement(points)


def test_a_jing_kong_counts_in_c_as_the_rule_set_counts_it() -> None:
    # (seeded drawn hands where a seat holds a kong of the four 副精: melded, added and concealed)
    with_bonus, without = RandomTable("nanchang"), RandomTable("nanchang", {"jing_kong_bonus": 0})
    for k in (451, 1572, 2285):
        net = _drawn_in_c(with_bonus, k)
        assert net is not None and net == _settled(with_bonus, k), k
        plain = _drawn_in_c(without, k)
        assert plain is not None and plain == _settled(without, k), k
        assert net != plain, k  # (the 精杠's bonus moved money)
