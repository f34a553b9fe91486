"""The book keys Nanchang's scoring became, read by the generic rule book for any rule file: the payment by shares
(``[payment.shares]``) and its bonuses (``[[payment.bonuses]]``), the reading the payers pay most for
(``[scoring] best = "payments"``), flat wins (``[scoring] flat_group`` / ``flat_when``) and a wildcard won on a
discard as a plain tile (``[wildcards] discarded_plain``).  Expected amounts are worked out by hand below; a file
that misuses a key is refused by name; the compiler names the key it does not run."""

from __future__ import annotations

import pytest

from mahjong.errors import NotWinningError, RulesError
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.compiler import not_compiled_reason
from mahjong.rulebook.load import check_text

SHARES = '''format = 1
name = "shares-test"
zh = "按份付"
en = "Shares"

[wildcards]
tiles = ["C"]
discarded_plain = "not discarded_wild"

[win]
forms = ["regular", "seven_pairs"]

[scoring]
aggregation = "formula"
formula = "x"
unit = "x"
best = "payments"
flat_group = "flat"
flat_when = "not heavenly_multiplies"

[payment.shares]
self_draw = 2
discarder = 3
others = 1
unit = "share_unit"
dealer_doubling = '"payer_or_winner"'
pays_for_all = "robbing_kong"
cap = "cap_per_payer"

[[payment.bonuses]]
amount = "pt"
payers = '"discarder"'
zh = "清"
en = "clean"

[[payment.bonuses]]
amount = "pick(row_pairs, pairs_bonus, 0)"
payers = '"all"'
zh = "对"
en = "pairs"

[options.discarded_wild]
type = "bool"
default = false

[options.heavenly_multiplies]
type = "bool"
default = false

[options.share_unit]
type = "int"
default = 1

[options.cap_per_payer]
type = "int_or_none"
default = "none"

[options.pairs_bonus]
type = "int"
default = 0

[[rows]]
key = "win"
zh = "胡"
en = "win"
value = 1
when = "regular"

[[rows]]
key = "pairs"
zh = "七对"
en = "seven pairs"
value = 3
when = "seven_pairs"

[[rows]]
key = "clean"
zh = "无红中"
en = "no wildcard used"
value = 2
when = 'wildcard_stand_ins("any") == 0'

[[rows]]
key = "clean_points"
zh = "无红中加分"
en = "no wildcard used, points"
value = 4
unit = "pt"
when = 'wildcard_stand_ins("any") == 0'

[[rows]]
key = "heavenly"
zh = "天胡"
en = "heavenly win"
value = 10
when = "heavenly"
group = "flat"
'''


def _rules(text: str = SHARES, **options: object) -> object:
    book, problems = check_text(text, "t.toml")
    assert problems == [] and book is not None, problems
    return ruleset_class(book)(**options)


def test_shares_and_bonuses_on_a_discard() -> None:
    # 11 22 33 44 55 66m 77p (seven pairs ×3, no 红中: clean ×2 and +4 from the discarder): M = 6.
    # seat 1 wins on seat 2's discard, dealer seat 0: discarder 3·6 + 4 = 22, the dealer 1·6·2 = 12, seat 3 1·6 = 6
    rs = _rules()
    r = rs.score("112233445566m77p", rs.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
    assert r.total == 6 and r.unit == "x"
    assert r.payments == (-12, 40, -22, -6)
    # the pairs bonus is added by every payer; the cap bites after it
    rs = _rules(pairs_bonus=5, cap_per_payer=20)
    r = rs.score("112233445566m77p", rs.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
    assert r.payments == (-17, 48, -20, -11)  # 12 + 5, min(22 + 5, 20), 6 + 5


def test_self_draw_and_pays_for_all() -> None:
    # 123m 456m 789m 123p 99p self-drawn by the dealer (seat 0): clean M = 2, each pays 2·2·2 = 8 (the +4 is the
    # discarder's alone: a self-draw adds it from every payer) = 12
    rs = _rules(share_unit=1)
    r = rs.score("123456789m12399p", rs.Context(winner=0, dealer=0))  # type: ignore[attr-defined]
    assert r.payments == (36, -12, -12, -12)
    assert r.wait == "single"  # (the file reports the wait: [win] report_wait's default)
    # robbing a kong: the konger (seat 3) pays all three shares: 3·2 + 4, 1·2·2, 1·2 = 10 + 4 + 2
    r = rs.score("123456789m12399p", rs.Context(winner=1, discarder=3, dealer=0,  # type: ignore[attr-defined]
                                                robbing_kong=True))
    assert r.payments == (0, 16, 0, -16)


def test_the_reading_the_payers_pay_most_for() -> None:
    # 红中 stands for anything: 11223344556677m + 红中 reads as seven pairs (×3) with the 红中 a stand-in, or as
    # a regular hand; the clean reading does not exist (a wildcard is used either way) so the largest M wins: 3
    rs = _rules()
    r = rs.score("1122334455667mC", rs.Context(winner=1, dealer=0))  # type: ignore[attr-defined]
    assert r.items[0].key == "pairs" and r.total == 3


def test_a_flat_win_and_its_switch() -> None:
    rs = _rules()
    r = rs.score("123456789m12399p", rs.Context(winner=0, dealer=0, heavenly=True))  # type: ignore[attr-defined]
    assert [i.key for i in r.items] == ["heavenly"] and r.unit == "pt" and r.total == 10
    assert r.payments == (30, -10, -10, -10)  # flat: no dealer doubling, no bonus
    rs = _rules(heavenly_multiplies=True)
    r = rs.score("123456789m12399p", rs.Context(winner=0, dealer=0, heavenly=True))  # type: ignore[attr-defined]
    assert r.total == 20 and {i.key for i in r.items} == {"win", "clean", "clean_points", "heavenly"}


def test_a_discarded_wildcard_is_a_plain_tile() -> None:
    # 123m 456m 789m 123p C + C won on a discard: by default the discarded 红中 is a plain 红中 and pairs the
    # other, which is a wildcard standing for 红中 … a stand-in all the same; with both plain no reading is clean
    rs = _rules()
    r = rs.score("123456789m123pCC", rs.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
    assert r.item("clean") is None and r.total == 1
    # the drawn 红中 is a wildcard: the pair is two wildcards
    r = rs.score("123456789m123pCC", rs.Context(winner=1, dealer=0))  # type: ignore[attr-defined]
    assert r.total == 1
    # 123m 456m 789m 1p 5p C C and a discarded C: a win only with the discarded C wild too (1p + two as 123p,
    # 5p + one as the pair); plain, it needs a fourth
    with pytest.raises(NotWinningError):
        rs.score("123456789m15pCCC", rs.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
    wild = _rules(discarded_wild=True)
    r = wild.score("123456789m15pCCC", wild.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
    assert r.total == 1 and r.payments == (-2, 6, -3, -1)  # the dealer 1·1·2, the discarder 3, seat 3 1


@pytest.mark.parametrize("edit, key", [
    (("[payment.shares]", "[payment.shared]"), "payment.bonuses"),  # bonuses without shares
    (("[payment.shares]", "[payment.shared]"), "scoring.best"),  # the best payments without shares
    (('flat_group = "flat"', 'flat_group = "nope"'), "scoring.flat_group"),  # the group of no row
    (('payers = \'"all"\'', "payers = 'nobody_fact'"), "payment.bonuses[1].payers"),  # a name the file lacks
])
def test_misused_keys_are_refused_by_name(edit: tuple[str, str], key: str) -> None:
    _book, problems = check_text(SHARES.replace(*edit), "t.toml")
    assert any(p.key == key for p in problems), problems


def test_the_compiler_names_the_key_it_does_not_run() -> None:
    reason = str(not_compiled_reason(_rules()))
    assert "payment.shares" in reason and "discarded_plain" not in reason  # (the evaluator runs discarded_plain)


def test_a_bonus_paid_by_nobody_known_is_a_clear_error() -> None:
    rs = _rules(SHARES.replace("payers = '\"all\"'", "payers = '\"everyone\"'"), pairs_bonus=2)
    with pytest.raises(RulesError, match='a bonus is added by "discarder" or "all", not \'everyone\''):
        rs.score("112233445566m77p", rs.Context(winner=1, discarder=2, dealer=0))  # type: ignore[attr-defined]
