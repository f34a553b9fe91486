"""Nanchang's shapes and its 精 are in its rule file (rbflow): ``[win] forms`` has 十三烂 (``thirteen_lan``),
``[win] honor_sequences`` makes three different winds and 中发白 sets, and ``[wildcards]`` says how the 精 are
chosen (dice counted from the wall's end, the turned kind and the next one) — read by the generic code.  A variant
that changes them plays and scores the change; the reading view reads an honor sequence's own tiles; the new keys'
bad values are reported with file, line and key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjong.errors import NotWinningError
from mahjong.game import Game, RandomAgent, play_hand
from mahjong.game.events import DiceRolled, WildcardRevealed
from mahjong.hand import parse_hand
from mahjong.rulebook import check_text, load_rules, shipped_files
from mahjong.rulebook.book import indicated_kinds
from mahjong.rulebook.reading import build_reading
from mahjong.rules import NANCHANG
from mahjong.rulesets.nanchang import BOOK, Nanchang, NanchangContext
from mahjong.tiles import parse_tiles


def T(s: str) -> int:
    (t,) = parse_tiles(s)
    return t


def ctx(**kw):  # type: ignore[no-untyped-def]
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    return NanchangContext.from_options(**kw)


BOOK_TEXT = Path(next(p for p in shipped_files() if p.endswith("/nanchang.toml"))).read_text(encoding="utf-8")


def nanchang_copy(tmp_path: Path, name: str, *edits: tuple[str, str]) -> Nanchang:
    text = re.sub(r'^name = "nanchang"$', f'name = "{name}"', BOOK_TEXT, count=1, flags=re.M)
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    f = tmp_path / f"{name}.toml"
    f.write_text(text, encoding="utf-8")
    rs = load_rules(f)
    assert isinstance(rs, Nanchang)
    return rs


def test_the_shapes_and_the_jing_are_the_files() -> None:
    assert BOOK.hand_rules == NANCHANG  # 十三烂, honor sequences, 七对, at most 7 精: all from the file
    assert "thirteen_lan" in BOOK.forms and BOOK.honor_sequences
    assert (BOOK.indicator_from, BOOK.indicator_is_wild, BOOK.indicator_kinds) == ("dice_from_end", True, 2)
    # the turned kind and the next one, wrapping 9 → 1, 北 → 东, 白 → 中
    for ind, fu in (("5m", "6m"), ("9p", "1p"), ("N", "E"), ("P", "C"), ("W", "N")):
        assert indicated_kinds(BOOK, T(ind)) == (T(ind), T(fu))


def test_a_variant_without_honor_sequences_or_thirteen_lan(tmp_path: Path) -> None:
    plain = nanchang_copy(tmp_path, "no-honor-runs", ("honor_sequences = true", "honor_sequences = false"),
                          ('forms = ["regular", "seven_pairs", "thirteen_lan"]', 'forms = ["regular", "seven_pairs"]'))
    assert Nanchang().score("123m456p789sEWNPP", ctx(self_drawn=True)).item("basic_win") is not None
    with pytest.raises(NotWinningError):
        plain.score("123m456p789sEWNPP", ctx(self_drawn=True))
    assert Nanchang().score("147m269p158sENCFP", ctx(self_drawn=True)).items[0].key == "thirteen_misfits"
    with pytest.raises(NotWinningError):
        plain.score("147m269p158sENCFP", ctx(self_drawn=True))
    # and its game claims no honor chows
    assert not Game("no-honor-runs", seed=1, engine="python").flow.honor_chows
    assert Game("nanchang", seed=1, engine="python").flow.honor_chows


def test_a_variant_whose_jing_are_the_next_two_kinds(tmp_path: Path) -> None:
    nxt = nanchang_copy(tmp_path, "next-jing", ("indicator_is_wild = true", "indicator_is_wild = false"),
                        ('indicator_from = "dice_from_end"', 'indicator_from = "last"'))
    assert nxt.wildcard_kinds(ctx(indicator="5m")) == {T("6m"), T("7m")}
    assert Nanchang().wildcard_kinds(ctx(indicator="5m")) == {T("5m"), T("6m")}
    g = Game("next-jing", seed=4, engine="python")
    (shown,) = [e for e in g.events if isinstance(e, WildcardRevealed)]
    assert not [e for e in g.events if isinstance(e, DiceRolled) and e.purpose == "wildcard"]
    assert shown.position == len(g.state.wall) - 1  # the wall's last tile
    assert tuple(shown.wildcards) == indicated_kinds(nxt.book, shown.indicator)


def test_the_readings_that_may_not_win_are_the_files(tmp_path: Path) -> None:
    assert [reason[:6] for _when, reason in BOOK.refusals] == ["jing m", "a plai"]
    assert BOOK.refusal_texts_zh == ("精不能替代十三烂中的牌（选项 jing_in_thirteen_lan 未开启）",
                                     "精牌作为替代牌时，平胡只能自摸")
    second = BOOK_TEXT[BOOK_TEXT.index("[[win.refusals]]\nwhen = 'regular"):BOOK_TEXT.index("# the 精: the dealer")]
    lenient = nanchang_copy(tmp_path, "lenient", (second, ""))
    hand, facts = "123p456p789sESW59m", ctx(indicator="5m", discarder=2)  # 平胡 with a 精 stand-in, on a discard
    with pytest.raises(NotWinningError, match="plain win that uses jing"):
        Nanchang().score(hand, facts)
    assert len(lenient.book.refusals) == 1 and lenient.score(hand, facts).total == 1


def test_the_engine_turns_the_jing_up_from_the_files_keys() -> None:
    for seed in range(3):
        g = Game("nanchang", seed=seed, engine="python")
        (dice,) = [e for e in g.events if isinstance(e, DiceRolled) and e.purpose == "wildcard"]
        (shown,) = [e for e in g.events if isinstance(e, WildcardRevealed)]
        # counted in stacks of two from the wall's end, the stack's upper tile (《南昌麻将速成》: "数到该墩把上面的一张
        # 牌翻开"; nothing was drawn from the back before the 精 are turned up)
        assert shown.position == len(g.state.wall) - 2 * sum(dice.dice)
        assert tuple(shown.wildcards) == (shown.indicator, indicated_kinds(BOOK, shown.indicator)[1])
        play_hand(g, {s: RandomAgent(seed * 4 + s) for s in range(4)})
        assert g.settlement is not None and sum(g.settlement.net) == 0


@pytest.mark.parametrize("text, tiles", [
    ("123m456p789sEWNPP", (27, 29, 30)),  # 东西北
    ("123m456pEWNCFPSS", (31, 32, 33)),  # 中发白 (and 东西北)
])
def test_the_reading_reads_an_honor_sequences_own_tiles(text: str, tiles: tuple[int, ...]) -> None:
    from mahjong._kernels import backend_module as K

    hand = parse_hand(text)
    (d, *_rest) = K.decompositions(hand.concealed, 0, NANCHANG)
    v = build_reading(hand, d, ctx(self_drawn=True), NANCHANG)
    honor_sets = [s for s in v.sets if s.tile >= 27 and s.kind == "chow"]
    assert tiles in [s.tiles for s in honor_sets]
    assert all(len(set(s.tiles)) == 3 for s in honor_sets)
    # the counts are the hand's own: nothing is read off the end of the honors
    want = [0] * 34
    for t in hand.concealed:
        want[t] += 1
    assert list(v.counts) == want


def test_a_claimed_honor_chow_reads_its_tiles() -> None:
    from mahjong._kernels import backend_module as K

    hand = parse_hand("[ESN,1]123m456p789sPP")
    (d, *_rest) = K.decompositions(hand.concealed, 0, NANCHANG)
    v = build_reading(hand, d, ctx(self_drawn=True), NANCHANG)
    assert v.sets[0].kind == "chow" and v.sets[0].tiles == (27, 28, 30) and v.sets[0].claimed


GENERIC = '''format = 1
name = "honor-runs"
zh = "字顺"
en = "Honor runs"
summary_zh = "风牌、箭牌可成顺，十三烂，翻精"
summary_en = "honor sequences, thirteen misfits, jing turned up by dice"
[win]
forms = ["regular", "thirteen_lan"]
honor_sequences = true
[wildcards]
indicator = true
indicator_kinds = 2
indicator_from = "dice_from_end"
indicator_is_wild = true
[[rows]]
key = "basic_win"
value = 1
when = "regular"
[[rows]]
key = "thirteen_misfits"
value = 2
when = "thirteen_lan"
'''


def test_a_file_of_its_own_has_the_shapes_and_the_jing(tmp_path: Path) -> None:
    """The generic rule book and its flow (no Nanchang module) read the same keys."""
    f = tmp_path / "honor-runs.toml"
    f.write_text(GENERIC, encoding="utf-8")
    rs = load_rules(f)
    assert rs.hand_rules.honor_sequences and rs.hand_rules.thirteen_lan and rs.hand_rules.max_wildcards == 7
    assert rs.score("123m456p789sEWNPP", rs.Context(winner=0, indicator=T("5m"))).item("basic_win")
    assert rs.score("147m269p158sENCFP", rs.Context(winner=0, indicator=T("5m"))).item("thirteen_misfits")
    assert rs.wildcard_kinds(rs.Context(indicator=T("P"))) == {T("P"), T("C")}
    for seed in range(2):
        g = Game("honor-runs", seed=seed, engine="python")
        assert g.flow.honor_chows
        (dice,) = [e for e in g.events if isinstance(e, DiceRolled) and e.purpose == "wildcard"]
        (shown,) = [e for e in g.events if isinstance(e, WildcardRevealed)]
        assert shown.position == len(g.state.wall) - 2 * sum(dice.dice)  # (in stacks of two from the end)
        assert tuple(shown.wildcards) == indicated_kinds(rs.book, shown.indicator)
        play_hand(g, {s: RandomAgent(seed * 4 + s) for s in range(4)})
        assert g.settlement is not None and sum(g.settlement.net) == 0


SMALL = '''format = 1
name = "shapes-{n}"
zh = "小"
en = "Small"
rows = [{{key = "basic_win", value = 1, when = "regular"}}]
{tables}
'''


@pytest.mark.parametrize("tables, key, words", [
    ("[tiles]\nhonors = []\n[win]\nhonor_sequences = true", "win.honor_sequences", "three winds or the three"),
    ("[tiles]\nhonors = [\"E\", \"S\", \"C\", \"F\"]\n[win]\nhonor_sequences = true", "win.honor_sequences",
     "three winds or the three"),
    ("[tiles]\nhonors = [\"E\", \"S\", \"W\", \"N\"]\n[win]\nforms = [\"regular\", \"thirteen_lan\"]", "win.forms",
     "all seven honors"),
    ("[win]\nhonor_sequences = \"yes\"", "win.honor_sequences", "must be true or false"),
    ("[win]\nforms = [\"regular\", \"lan\"]", "win.forms", "'lan' is not one of"),
    ("[wildcards]\nindicator_from = \"dice_from_end\"", "wildcards.indicator_from", "indicator = true"),
    ("[wildcards]\nindicator = true\nindicator_from = \"dice\"", "wildcards.indicator_from", "must be one of"),
    ("[wildcards]\nindicator_is_wild = true", "wildcards.indicator_is_wild", "indicator = true"),
    ("[[win.refusals]]\nwhen = \"regular and lucky\"\nerror = \"no\"", "win.refusals[0].when", "unknown name 'lucky'"),
    ("[[win.refusals]]\nwhen = \"regular\"", "win.refusals[0].error", "missing (required)"),
])
def test_bad_shape_and_wildcard_keys_are_reported(tables: str, key: str, words: str) -> None:
    text = SMALL.format(n=1, tables=tables)
    _, found = check_text(text, "x.toml")
    assert [p.key for p in found] == [key], found
    assert words in found[0].message, found[0].message
    assert found[0].line is not None
    at = text.splitlines()[found[0].line - 1]  # the key's own line (a missing key: its table's header)
    name = key.split(".")[-1]
    assert at.startswith(name) or (name == "error" and at == "[[win.refusals]]"), (at, key)
