"""Nanchang 南昌 on the rule book: its table is read from ``games/nanchang.toml`` (rule rows with predicates of the
shared library, the options and their documentation), its keys are vocabulary keys, and what is the game's own
(the 精 settlement, the payment by shares, the 德国 bonus) are named hooks and a payment strategy.  Expected values
are worked out by hand from the rules the file and the module state."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import random
from importlib import resources
from typing import Any

import pytest

import mahjong.rulesets.nanchang as nc
from mahjong.errors import NotWinningError, RulesError
from mahjong.framework import get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulebook import load_rules, shipped_files
from mahjong.rulebook.predicates import COUNTS, FUNCTIONS, PREDICATES
from mahjong.rulebook.reading import build_reading
from mahjong.rulebook.rows import VOCABULARY, RuleRow, vocabulary_key
from mahjong.rulebook.strategies import Bonus, Shares, all_pairs_settlement, share_of, share_payments
from mahjong.rules import NANCHANG
from mahjong.tiles import parse_tiles

NC = nc.Nanchang()
FILE = str(resources.files("mahjong.rulebook") / "games" / "nanchang.toml")


def T(s: str) -> int:
    (t,) = parse_tiles(s)
    return t


# --- one rule book: the file is the table ---------------------------------------------------------------------


def test_the_table_is_the_rule_file() -> None:
    assert FILE in shipped_files()
    assert nc.ROWS == nc.BOOK.rows and all(isinstance(r, RuleRow) for r in nc.ROWS)
    assert all(r.when is not None for r in nc.ROWS)  # every row decided by the predicate library
    assert set(nc.HAND_TYPES) == {"basic_win", "all_pungs", "seven_pairs", "thirteen_misfits",
                                  "seven_star_thirteen_misfits"}
    assert {"clean_hand", "doubly_clean_hand", "wildcard_single_wait", "out_with_replacement_tile",
            "robbing_the_kong"} <= set(nc.MULTIPLIERS)
    # the module keeps no row type of its own
    source = inspect.getsource(nc)
    for gone in ("RuleRow(", "class Fan", "class Pattern", "class Extra", "drop_excluded", "rule_table"):
        assert gone not in source, gone


def test_scored_by_the_generic_rule_book() -> None:
    # no scorer of its own: the book's rows and keys ([payment.shares], [[payment.bonuses]], flat_group, best,
    # discarded_plain) are read by BookRuleSet.score; the module keeps the hooks its file cannot say
    from mahjong.rulebook.book import BookRuleSet
    from mahjong.rulebook.compiler import SCORING_HOOKS

    own = {name for name in SCORING_HOOKS if getattr(nc.Nanchang, name) is not getattr(BookRuleSet, name)}
    assert own == {"wildcard_holdings"}
    for gone in ("score", "readings", "share_rule", "payer_bonuses", "flat_win", "refusal", "_arithmetic"):
        assert gone not in vars(nc.Nanchang), gone
    b = nc.BOOK
    assert b.best == "payments" and b.flat_group == "flat_win" and b.shares is not None and len(b.bonuses) == 2


def test_the_config_is_the_files_options() -> None:
    fields = {f.name: f for f in dataclasses.fields(nc.NanchangConfig)}
    assert set(fields) == set(nc.BOOK.options)
    for name, (_type, default, meta) in nc.BOOK.options.items():
        f = fields[name]
        assert f.default == default, name
        assert (f.metadata["zh"], f.metadata["en"], f.metadata["source"]) == (meta["zh"], meta["en"], meta["source"])


def test_the_file_is_not_a_preset_of_its_own() -> None:
    # the book is the built-in rule set's table: no second preset is made of it, and loading it as a file of
    # one's own is refused (its name is the built-in rule set's)
    assert nc.BOOK.builtin and nc.BOOK.name == "nanchang"
    assert type(get_ruleset("nanchang")) is nc.Nanchang
    with pytest.raises(RulesError, match="table of the built-in rule set"):
        load_rules(FILE)


def test_predicates_the_rows_use_are_in_the_library() -> None:
    library = set(PREDICATES) | set(COUNTS) | set(FUNCTIONS)
    assert {"thirteen_lan", "single_honors", "wildcard_stand_ins"} <= library


# --- the key vocabulary ---------------------------------------------------------------------------------------


def test_keys_are_vocabulary_keys() -> None:
    for r in nc.ROWS:
        assert r.key in VOCABULARY, r.key
    # the keys used before, read as Nanchang meant them (平胡 is a basic win here, 大七对 all pungs)
    old = {"pinghu": "basic_win", "da_qidui": "all_pungs", "qidui": "seven_pairs", "shisanlan": "thirteen_misfits",
           "qixing_shisanlan": "seven_star_thirteen_misfits", "deguo": "clean_hand", "dezhongde": "doubly_clean_hand",
           "deguo_bonus": "clean_hand_bonus", "deguo_pairs_double": "clean_pairs_double",
           "jingdiao": "wildcard_single_wait", "gangkai": "out_with_replacement_tile",
           "qianggang": "robbing_the_kong", "tianhu": "heavenly_hand", "dihu": "earthly_hand"}
    for former, key in old.items():
        assert vocabulary_key(former, "nanchang") == key, former
        assert key in {r.key for r in nc.ROWS}, key


def test_renamed_option_keeps_its_old_name() -> None:
    # 大七对 is all pungs: the option's old name big_seven_pairs_multiplier still works
    a = nc.Nanchang(big_seven_pairs_multiplier=4)
    assert a.config.all_pungs_multiplier == 4 and a.config == nc.Nanchang(all_pungs_multiplier=4).config
    r = a.score("111m222p333sEEECC", nc.NanchangContext.from_options(winner=1, self_drawn=True))
    assert r.items[0].key == "all_pungs" and r.items[0].value == 4
    with pytest.raises(RulesError, match="twice"):
        nc.Nanchang(big_seven_pairs_multiplier=4, all_pungs_multiplier=2)
    # a cap in points is max_points in every rule set (here: on what one payer pays); the old name still works
    assert get_ruleset("nanchang", cap_per_payer=10).config.max_points == 10


def test_fan_table_shows_the_configured_values() -> None:
    from mahjong import report

    rows = {r["key"]: r for s in report.fans("nanchang")["sections"] for r in s["rows"]}
    assert rows["all_pungs"]["value"] == 2 and rows["out_with_replacement_tile"]["value"] == 2
    assert rows["seven_star_thirteen_misfits"]["value"] == 4


# --- the predicates Nanchang added to the library ----------------------------------------------------------


def _reading(hand: str, indicator: str | None, **ctx: Any):  # type: ignore[no-untyped-def]
    h = parse_hand(hand)
    c = nc.NanchangContext.from_options(indicator=indicator, winner=1, **ctx)
    kinds = NC.wildcard_kinds(c)
    taken = [t for t in h.concealed if t in kinds]
    if c.discarder is not None and h.win_tile in taken:  # (the book's discarded_plain: a discarded 精 is plain)
        taken.remove(h.win_tile)
    taken = tuple(sorted(taken))
    counts = list(h.counts)
    for t in taken:
        counts[t] -= 1
    from mahjong._kernels import backend_module as K

    ds = K.decompositions(bytes(counts), len(taken), NANCHANG)
    return [build_reading(h, d, c, NANCHANG, NC.wildcard_kinds(c), {}, wildcard_tiles=taken) for d in ds]


def test_wildcard_stand_ins_at_face_value() -> None:
    # indicator W: 正精 西, 副精 北.  147m 258p 9s 东南西北中发白: the 西 and 北 are 精 read as themselves (还原)
    (v,) = [x for x in _reading("147m258p9sESWNCFP", "W", self_drawn=True)
            if PREDICATES["thirteen_lan"].fn(x) and COUNTS["single_honors"].fn(x) == 7]
    stand_ins = FUNCTIONS["wildcard_stand_ins"].fn
    assert v.wildcard_tiles == (T("W"), T("N")) and v.wildcards_held == 2
    assert stand_ins(v, "any", True) == 0  # at face value: not a wildcard use (德国 holds)
    assert stand_ins(v, "any", False) == 2 and stand_ins(v, "honors", False) == 2 and stand_ins(v, "suited") == 0
    with pytest.raises(RulesError, match="kind of tile"):
        stand_ins(v, "dragons")


def test_a_discarded_jing_won_on_is_a_plain_tile() -> None:
    # winning on a discarded 5m with indicator 5m: the hand's other 5m is the only 精 taken out (the book's
    # [wildcards] discarded_plain), unless discarded_jing_is_wildcard
    h = parse_hand("123p456p789sESW55m")
    kinds = NC.wildcard_kinds(nc.NanchangContext.from_options(indicator="5m", winner=1, discarder=2))
    assert all(len(d.wildcards) == 1 for d in NC.readings(h, kinds, True))
    assert all(len(d.wildcards) == 2 for d in NC.readings(h, kinds))
    c = nc.NanchangContext.from_options(indicator="5m", winner=1, discarder=2,
                                        jing_held=((0, 0), (2, 0), (0, 0), (0, 0)))
    assert NC.score(h, c).item("doubly_clean_hand") is not None  # 5m 5m as the pair: no 精 used, none held
    with pytest.raises(NotWinningError, match="plain win that uses jing"):  # both 5m wild: 平胡 with 精, on a discard
        nc.Nanchang(discarded_jing_is_wildcard=True).score(
            "123p456p789sESW56m", nc.NanchangContext.from_options(indicator="5m", winner=1, discarder=2))


# --- the payment strategy and the 精 settlement ------------------------------------------------------------


def test_share_payments_worked_examples() -> None:
    # 德国 (M = 2) won by seat 1 off seat 2's discard, dealer seat 0: the discarder 2·2 = 4, the others 1·2 = 2;
    # the family web app's rules: +5 from every loser and no doubling of a non-discarding dealer → 7 / 9 / 7
    rule = Shares(dealer_doubling="winner_or_discarder")
    five = Bonus({0: 5, 2: 5, 3: 5}, "德国", "clean hand")
    assert share_payments(2, 1, 2, 0, (0, 1, 2, 3), rule, [five]) == {0: 7, 2: 9, 3: 7}
    # the default doubling doubles the dealer as a payer: 1·2·2 = 4, +5 from the discarder only → 4 / 9 / 2
    only = Bonus({2: 5}, "德国", "clean hand")
    assert share_payments(2, 1, 2, 0, (0, 1, 2, 3), Shares(), [only]) == {0: 4, 2: 9, 3: 2}
    # self-draw by the dealer: 2·M·2 from each; a cap of 10 per payer; only the discarder (点炮一家付)
    assert share_payments(4, 0, None, 0, (0, 1, 2, 3), Shares(cap=10)) == {1: 10, 2: 10, 3: 10}
    assert share_payments(3, 1, 2, 0, (0, 1, 2, 3), Shares(other_share=0)) == {2: 6}
    # the konger of a robbed kong pays for all three
    assert share_payments(2, 1, 2, 0, (0, 1, 2, 3), Shares(discarder_pays_for_all=True)) == {2: 4 + 4 + 2}
    s = share_of(4, 0, 1, None, 0, Shares(), [Bonus({0: 5}, "德国", "clean hand")])
    assert s is not None and s.amount == 2 * 4 * 2 + 5 and s.zh.endswith("= 21") and "庄家翻倍" in s.zh
    with pytest.raises(RulesError, match="dealer doubling"):
        share_of(1, 0, 1, None, 0, Shares(dealer_doubling="always"))


def test_all_pairs_settlement_is_zero_sum() -> None:
    assert all_pairs_settlement([0, 0, 36, 0]) == (-36, -36, 108, -36)
    rng = random.Random(7)
    for _ in range(50):
        pts = [rng.randrange(0, 200) for _ in range(4)]
        assert sum(all_pairs_settlement(pts)) == 0


# --- reading classes: scoring each class once gives what scoring every reading gives -------------------------


class _EveryReading(nc.Nanchang):
    """Nanchang scoring every reading on its own (no reading classes)."""

    def reading_class(self, d: Any, wildcard_tiles: tuple[int, ...]) -> tuple[Any, ...]:
        return (d,)


def _random_hand(rng: random.Random, k: int) -> tuple[Hand, int] | None:
    """A natural winning hand with ``k`` of its concealed tiles replaced by 精 of a random indicator."""
    sets = []
    for _ in range(4):
        x = rng.random()
        if x < 0.5:
            s = rng.randrange(3) * 9 + rng.randrange(7)
            sets += [s, s + 1, s + 2]
        elif x < 0.85:
            sets += [rng.randrange(34)] * 3
        else:
            sets += rng.sample(range(27, 31), 3)
    p = rng.randrange(34)
    tiles = sets + [p, p]
    if rng.random() < 0.2:
        tiles = [t for t in rng.sample(range(34), 7) for _ in range(2)]
    ind = rng.randrange(34)
    zheng, fu = nc.jing_tiles(ind)
    rng.shuffle(tiles)
    win = tiles[-1]
    rest = tiles[:-1]
    for i in range(k):
        rest[i] = zheng if i < 2 and rng.random() < 0.5 else fu
    tiles = rest + [win]
    if max(tiles.count(t) for t in set(tiles)) > 4 or tiles.count(zheng) > 3:
        return None
    return Hand(tuple(tiles), (), (), win), ind


@pytest.mark.parametrize("options", [{}, {"jing_at_face_value": False, "seven_star_honors_natural": False},
                                     {"jing_in_thirteen_lan": False, "seven_pairs_deguo_double": True}])
def test_reading_classes_score_as_every_reading(options: dict[str, Any]) -> None:
    rng = random.Random(20261201)
    fast, slow = nc.Nanchang(**options), _EveryReading(**options)
    checked = most = 0
    for _ in itertools.count():
        got = _random_hand(rng, 1 + checked % 4)
        if got is None:
            continue
        h, ind = got
        ctx = nc.NanchangContext(winner=1, dealer=0, indicator=ind, discarder=None if rng.random() < 0.6 else 2)
        try:
            a = fast.score(h, ctx)
        except Exception as e:  # the same refusal either way
            with pytest.raises(type(e)):
                slow.score(h, ctx)
            continue
        b = slow.score(h, ctx)
        # the same best reading, items, payments and details (which name what the 精 stand for)
        assert (a.reading, a.items, a.total, a.payments, a.details) == \
               (b.reading, b.items, b.total, b.payments, b.details), (h, ind)
        checked += 1
        most = max(most, len(fast.readings(h, fast.wildcard_kinds(ctx))))
        if checked == 12:
            break
    assert most >= 100  # the classes were put to work: some hand has many readings
