"""Kernel known answers and differential tests (xiangting, PyMahjongGB), on every backend (``kernels`` fixture).

xiangting and MahjongGB are test-only references; the package never imports them.
"""

from __future__ import annotations

import array
import os
import random
from types import ModuleType

import pytest

import mahjong._kernels
from mahjong.errors import HandError
from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, RIICHI_SHAPES, SICHUAN, YUHUAN, HandRules
from mahjong.tiles import parse_tiles
from mahjong.types import Decomposition, DiscardOption, Form, Waits

WALL = [t for t in range(34) for _ in range(4)]
_ORPH = (0, 8, 9, 17, 18, 26)


def counts(tiles: list[int]) -> bytes:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return bytes(c)


def ids(text: str) -> tuple[int, ...]:
    return tuple(parse_tiles(text))


# --- backend ----------------------------------------------------------------------------------------------


def test_backend_is_compiled() -> None:
    # Catches a silently missing compiled module: only an explicit request may run on the reference.
    # MAHJONG_PURE_PYTHON=1 asks for the reference; MAHJONG_EXPECT_PURE=1 declares an install without the
    # compiled module (e.g. a pure-Python wheel).
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1" or os.environ.get("MAHJONG_EXPECT_PURE") == "1":
        assert mahjong._kernels.BACKEND == "python"
    else:
        assert mahjong._kernels.BACKEND == "cython", "mahjong._core is missing: the package fell back to Python"


def test_every_kernel_name_is_exported(kernels: ModuleType) -> None:
    from mahjong import _reference

    for name in mahjong._kernels.KERNEL_NAMES:
        assert callable(getattr(kernels, name)), name
        assert callable(getattr(_reference, name)), name


# --- is_win / decompositions known answers ------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,rules,expect",
    [
        ("123m456m789m123pEE", DEFAULT, True),
        ("123m456m789m123pEW", DEFAULT, False),
        ("11223344556677m", DEFAULT, True),  # 七对 (also regular)
        ("1122334455667pE", DEFAULT, False),
        ("11112233445566m", DEFAULT, True),  # seven pairs with a quad counted as two pairs
        ("11112233445599m", DEFAULT, True),
        ("11112233445599m", RIICHI_SHAPES, False),  # riichi shapes: a quad is not two pairs
        ("19m19p19sESWNCFPP", DEFAULT, True),  # 十三幺
        ("19m19p19sESWNCFPP", SICHUAN.replace(no_honors=False, lack_a_suit=False), False),  # orphans disabled
        ("147m258p369sESWNC", GUOBIAO, True),  # 全不靠
        ("147m258p369sESWNC", DEFAULT, False),
        ("14m25p369sESWNCFP", GUOBIAO, True),  # 七星不靠
        ("147m258p369s678mEE", GUOBIAO, True),  # 组合龙 + meld + pair
        ("147m258p369sEE", GUOBIAO, True),  # 组合龙 + pair, one meld exposed
        ("147m258p369s678mEE", DEFAULT, False),
        ("147m258p369sESWNC", NANCHANG, True),  # 十三烂
        ("148m25p369sESWNCF", NANCHANG, True),  # 十三烂: 1 4 8 are >= 3 apart
        ("147m258p369sESWNC".replace("258p", "256p"), NANCHANG, False),  # 5p 6p too close
        ("ESW123m456p789sCC", NANCHANG, True),  # honor sequence of winds
        ("CFP123m456p789sEE", NANCHANG, True),  # 中发白
        ("ESW123m456p789sCC", DEFAULT, False),
        ("123m456m789m123p456p77s", YUHUAN, True),  # 16-tile hand: 5 melds + pair
        ("123m456m789m11p", SICHUAN, True),  # 缺一门: no 条 (and 3 tiles of the hand exposed)
        ("123m456p789s11p", SICHUAN, False),  # all three suits
        ("55m", DEFAULT, True),  # four melds exposed
    ],
)
def test_is_win_known(kernels: ModuleType, hand: str, rules: HandRules, expect: bool) -> None:
    assert kernels.is_win(hand, 0, rules) is expect
    assert bool(kernels.decompositions(hand, 0, rules)) is expect


def test_decompositions_triplets_or_sequences(kernels: ModuleType) -> None:
    ds = kernels.decompositions("111222333m456p77s")
    assert ds == [
        Decomposition(Form.REGULAR, ((0, 0, 0), (1, 1, 1), (2, 2, 2), (12, 13, 14)), (24,), (), ()),
        Decomposition(Form.REGULAR, ((0, 1, 2), (0, 1, 2), (0, 1, 2), (12, 13, 14)), (24,), (), ()),
    ]


def test_decompositions_seven_pairs_and_regular(kernels: ModuleType) -> None:
    ds = kernels.decompositions("11223344556677m")
    forms = [d.form for d in ds]
    assert forms.count(Form.SEVEN_PAIRS) == 1 and forms[-1] == Form.SEVEN_PAIRS
    assert ds[-1].pairs == tuple(range(7))
    regular = {(d.melds, d.pairs) for d in ds if d.form == Form.REGULAR}
    # pair 1, 4 or 7 with the rest as doubled sequences
    assert regular == {
        (((1, 2, 3), (1, 2, 3), (4, 5, 6), (4, 5, 6)), (0,)),
        (((0, 1, 2), (0, 1, 2), (4, 5, 6), (4, 5, 6)), (3,)),
        (((0, 1, 2), (0, 1, 2), (3, 4, 5), (3, 4, 5)), (6,)),
    }


def test_decompositions_max_readings_bounds_the_list(kernels: ModuleType) -> None:
    from mahjong._input import MAX_READINGS
    from mahjong.errors import MahjongError

    few = counts([0, 1, 2, 27, 28, 29, 30, 31, 31])  # 5 wildcards beside 9 real tiles
    every = kernels.decompositions(few, 5, NANCHANG, max_readings=None)
    assert len(every) > 100
    assert kernels.decompositions(few, 5, NANCHANG, max_readings=len(every)) == every
    with pytest.raises(MahjongError, match=f"more than {len(every) - 1:,} readings") as err:
        kernels.decompositions(few, 5, NANCHANG, max_readings=len(every) - 1)
    assert err.value.code == "too-many-readings" and err.value.message_zh
    for bad in (0, -1, True, 2.0, "10"):
        with pytest.raises(MahjongError, match="max_readings"):
            kernels.decompositions(few, 5, NANCHANG, max_readings=bad)
    # 8 free wildcards beside 7m 7m 7m 4p 5p 6p: over 60,000 readings, refused after about MAX_READINGS of them
    with pytest.raises(MahjongError, match=f"more than {MAX_READINGS:,} readings"):
        kernels.decompositions(counts([6, 6, 6, 12, 13, 14]), 8)


def test_decompositions_special_forms(kernels: ModuleType) -> None:
    (d,) = kernels.decompositions("19m19p19sESWNCFPP")
    assert d.form == Form.THIRTEEN_ORPHANS and d.pairs == (33,) and len(d.singles) == 12 and 33 not in d.singles
    (d,) = kernels.decompositions("11112233445599m")
    assert d.form == Form.SEVEN_PAIRS and d.pairs == (0, 0, 1, 2, 3, 4, 8)
    (d,) = kernels.decompositions("147m258p369sESWNC", 0, GUOBIAO)
    assert d.form == Form.HONORS_AND_KNITTED and d.singles == ids("147m258p369sESWNC")
    ds = kernels.decompositions("147m258p369s678mEE", 0, GUOBIAO)
    assert [d.form for d in ds] == [Form.KNITTED_STRAIGHT]
    assert ds[0].singles == ids("147m258p369s") and ds[0].melds == ((5, 6, 7),) and ds[0].pairs == (27,)
    lan = kernels.decompositions("147m25p39sESWNCFP", 0, NANCHANG)  # 七星十三烂
    assert [x.form for x in lan] == [Form.THIRTEEN_LAN] and lan[0].singles == ids("147m25p39sESWNCFP")


def test_decompositions_honor_sequences(kernels: ModuleType) -> None:
    ds = kernels.decompositions("ESWNNN123m456pCC", 0, NANCHANG)
    melds = {d.melds for d in ds}
    # E S W + N N N, or E S N / ... no: N N N with E S W is the only way to use 3 Ns (a wind set holds one N)
    assert melds == {((0, 1, 2), (12, 13, 14), (27, 28, 29), (30, 30, 30))}


def test_wildcard_readings_show_substitutes(kernels: ModuleType) -> None:
    ds = kernels.decompositions("123m456p789s5s", 1)  # 5s + wildcard as 5s
    assert ds == [Decomposition(Form.REGULAR, ((0, 1, 2), (12, 13, 14), (24, 25, 26)), (22,), (), (22,))]
    # 七星十三烂 with a wildcard standing for an honor: visible in `wildcards`
    ds = kernels.decompositions("147m25p39sESWNCF", 1, NANCHANG)
    lan = [d for d in ds if d.form == Form.THIRTEEN_LAN]
    assert any(d.wildcards == (33,) and 33 in d.singles for d in lan)


# --- shanten ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,rules,expect",
    [
        ("123m456p789s11234s", DEFAULT, -1),
        ("123m456p789s1234s", DEFAULT, 0),
        ("123m456p789s123sE", DEFAULT, 0),
        ("19m19p19sESWNCFP", DEFAULT, 0),
        ("19m19p19sESWNCFP", RIICHI_SHAPES.replace(thirteen_orphans=False, seven_pairs=False), 8),
        ("19m19p19sESWNCFP", RIICHI_SHAPES.replace(thirteen_orphans=False), 6),  # 13 singles: 7 pairs
        ("1122m3344p5566sE", DEFAULT, 0),
        ("147m258p369sESWN", GUOBIAO, 0),
        ("147m258p369sESWN", DEFAULT, 6),  # seven pairs beats orphans (6 kinds: 7) and regular (8)
        ("1m", DEFAULT, 0),
        ("1m9s", DEFAULT, 0),  # draw a 1m, discard the 9s
        ("123mE", DEFAULT, 0),
        ("159m159p159sESWN", DEFAULT, 3),  # ten orphan kinds, no pair
    ],
)
def test_shanten_known(kernels: ModuleType, hand: str, rules: HandRules, expect: int) -> None:
    assert kernels.shanten(hand, 0, rules) == expect


def test_shanten_by_form_keys(kernels: ModuleType) -> None:
    assert list(kernels.shanten_by_form("123m456p789s123sE")) == [Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS]
    assert list(kernels.shanten_by_form("123m456p789s1s")) == [Form.REGULAR]  # a meld is exposed
    assert list(kernels.shanten_by_form("147m258p369sE", 0, GUOBIAO)) == [Form.REGULAR, Form.KNITTED_STRAIGHT]
    assert kernels.shanten_by_form("147m258p369sE", 0, GUOBIAO)[Form.KNITTED_STRAIGHT] == 0
    assert list(kernels.shanten_by_form("123m456p11p23m", 0, SICHUAN)) == [Form.REGULAR]  # 10 tiles: a meld exposed
    assert list(kernels.shanten_by_form("123m456p789p11p23m", 0, SICHUAN)) == [Form.REGULAR, Form.SEVEN_PAIRS]
    assert list(kernels.shanten_by_form("123m456p789s123sE", 0, YUHUAN.replace(hand_size=13))) == [Form.REGULAR]


def _random_hands(seed: int, n: int, size: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if rng.random() < 0.5:
            out.append(counts(rng.sample(WALL, size)))
        else:  # near-complete: melds and a pair, then a few random swaps
            c = [0] * 34
            while sum(c) < size:
                t = rng.randrange(34)
                room = size - sum(c)
                add = [t, t + 1, t + 2] if t < 27 and t % 9 <= 6 and rng.random() < 0.6 else [t] * rng.choice((2, 3))
                if room < 2:
                    add = [t]
                if all(c[u] + add.count(u) <= 4 for u in add) and sum(c) + len(add) <= size:
                    for u in add:
                        c[u] += 1
            for _ in range(rng.randrange(3)):
                held = [t for t in range(34) if c[t]]
                c[rng.choice(held)] -= 1
                t = rng.randrange(34)
                while c[t] >= 4:
                    t = rng.randrange(34)
                c[t] += 1
            out.append(bytes(c))
    return out


@pytest.mark.parametrize("size", [13, 14, 10, 11, 7, 8, 4, 5, 1, 2])
def test_shanten_matches_xiangting(kernels: ModuleType, size: int) -> None:
    xiangting = pytest.importorskip("xiangting")  # a declared test dependency; installed in the dev venv
    n = 600 if size in (13, 14) else 150
    for c in _random_hands(size, n, size):
        expect = xiangting.calculate_replacement_number(list(c), xiangting.PlayerCount.FOUR) - 1
        assert kernels.shanten(c, 0, RIICHI_SHAPES) == expect, list(c)


def test_useful_tiles_match_xiangting(kernels: ModuleType) -> None:
    xiangting = pytest.importorskip("xiangting")
    for c in _random_hands(77, 120, 13):
        _, mask = xiangting.calculate_necessary_tiles(list(c), xiangting.PlayerCount.FOUR)
        expect = tuple(t for t in range(34) if mask >> t & 1 and c[t] < 4)
        assert kernels.useful_tiles(c, 0, RIICHI_SHAPES) == expect, list(c)


_GB_NAMES = [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)]
_GB_NAMES += ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]


def test_shanten_by_form_matches_pymahjonggb(kernels: ModuleType) -> None:
    gb = pytest.importorskip("MahjongGB")
    fns = {
        Form.REGULAR: gb.RegularShanten,
        Form.SEVEN_PAIRS: gb.SevenPairsShanten,
        Form.THIRTEEN_ORPHANS: gb.ThirteenOrphansShanten,
        Form.HONORS_AND_KNITTED: gb.HonorsAndKnittedTilesShanten,
        Form.KNITTED_STRAIGHT: gb.KnittedStraightShanten,
    }
    rng = random.Random(3)
    hands = _random_hands(4, 150, 13)
    # knitted-heavy hands so the knitted forms are near completion too
    for _ in range(60):
        perm = [0, 3, 6, 10, 13, 16, 20, 23, 26] if rng.random() < 0.5 else [2, 5, 8, 9, 12, 15, 19, 22, 25]
        tiles = rng.sample(perm + list(range(27, 34)), rng.randrange(7, 14))
        tiles += rng.sample(WALL, 13 - len(tiles))
        c = counts(tiles)
        if max(c) <= 4:
            hands.append(c)
    fourth = GUOBIAO.replace(wait_on_fourth_copy=True)
    for c in hands:
        names = tuple(_GB_NAMES[t] for t in range(34) for _ in range(c[t]))
        if 4 in c:
            # MahjongGB ignores the 4-copy limit: it counts a wait on a fifth copy as ready (our
            # wait_on_fourth_copy) and at higher shanten may plan on a fifth copy.  Compare readiness only.
            s, _ = gb.MahjongShanten((), names), None
            assert (kernels.shanten(c, 0, fourth) == 0) == (s == 0), list(c)
            continue
        ours = kernels.shanten_by_form(c, 0, GUOBIAO)
        best = min(ours.values())
        useful: set[int] = set()
        for form, fn in fns.items():
            s, u = fn(names)
            assert ours[form] == s, (form, list(c))
            if s == best:
                useful |= {_GB_NAMES.index(x) for x in u}
        assert set(kernels.useful_tiles(c, 0, GUOBIAO)) == {t for t in useful if c[t] < 4}, list(c)


@pytest.mark.parametrize(
    "rules",
    [DEFAULT, GUOBIAO, SICHUAN, NANCHANG, YUHUAN, HandRules(thirteen_lan=True, knitted=False)],
    ids=["default", "guobiao", "sichuan", "nanchang", "yuhuan", "lan"],
)
def test_shanten_is_a_shortest_path(kernels: ModuleType, rules: HandRules) -> None:
    """Shanten is the draw distance to a win, so it must satisfy the Bellman equations
        s(3n+2) = -1 if it wins, else min over discards (a tile or a wildcard) of s(3n+1),
        s(3n+1) = 1 + min over draws t (not held 4 times) of s(3n+2).
    With is_win checked by brute force elsewhere, these equations have one solution, so this verifies every
    form, preset and wildcard count (including those xiangting does not know) without a second implementation.
    """
    rng = random.Random(len(rules.__repr__()))
    kinds = range(27 if rules.no_honors else 34)
    for i in range(12):
        k = min(rng.choice((0, 0, 1, 2)), rules.max_wildcards)
        size = rules.hand_size - rng.choice((0, 0, 3))
        if rules.lack_a_suit:
            gone = rng.randrange(3)
            pool = [t for t in kinds if t // 9 != gone for _ in range(4)]
        else:
            pool = [t for t in kinds for _ in range(4)]
        tiles = rng.sample(pool, size - k)
        if i % 3 == 1:  # pair-heavy: near seven pairs
            pk = rng.sample(sorted(set(pool)), 7)
            tiles = (pk * 2)[: size - k - 1] + [rng.choice(pool)]
        elif i % 3 == 2:  # singles from an orphan / knitted / 十三烂 pool, plus random tiles
            special = rng.choice([list(_ORPH), [0, 3, 6, 10, 13, 16, 20, 23, 26], [1, 4, 8, 9, 12, 15, 20, 23, 26]])
            special = [t for t in special + list(range(27, 34)) if t in pool]
            tiles = rng.sample(special, min(len(special), size - k - 2))
            tiles += rng.sample(pool, size - k - len(tiles))
        c = bytearray(counts(tiles))
        if max(c) > 4:
            continue
        s13 = kernels.shanten(bytes(c), k, rules)
        best = 99
        for t in kinds:
            if c[t] < 4:
                c[t] += 1
                s14 = kernels.shanten(bytes(c), k, rules)
                best = min(best, s14)
                if s14 >= 0:  # not complete: discarding must keep the same shanten
                    discards = [kernels.shanten(bytes(c[:u] + bytes([c[u] - 1]) + c[u + 1 :]), k, rules)
                                for u in range(34) if c[u]]
                    if k:
                        discards.append(kernels.shanten(bytes(c), k - 1, rules))
                    assert s14 == min(discards), (list(c), k)
                else:
                    assert kernels.is_win(bytes(c), k, rules)
                c[t] -= 1
        assert s13 == best + 1, (tiles, k)


# --- waits, useful tiles, discards ----------------------------------------------------------------------------


def test_waits_type_and_visible(kernels: ModuleType) -> None:
    w = kernels.waits("1112345678999m")
    assert isinstance(w, Waits) and w.tiles == tuple(range(9)) and w.total == 23
    vis = [0] * 34
    vis[0] = 1
    vis[8] = 1
    assert kernels.waits("1112345678999m", visible=vis).remaining == (0, 3, 3, 3, 3, 3, 3, 3, 0)


def test_waits_seven_pairs_and_orphans(kernels: ModuleType) -> None:
    assert kernels.waits("1122m3344p5566sE").tiles == (27,)
    assert kernels.waits("19m19p19sESWNCFP").tiles == ids("19m19p19sESWNCFP")  # 13-sided
    assert kernels.waits("19m19p19sESWNCFF").tiles == (33,)
    assert kernels.waits("147m258p369sESWN", 0, GUOBIAO).tiles == ids("CFP")


def test_any_tile(kernels: ModuleType) -> None:
    assert kernels.waits("", 1).any_tile  # a lone wildcard, four melds exposed
    assert not kernels.waits("5m").any_tile
    w = kernels.waits("123m456p789s", 1, SICHUAN.replace(lack_a_suit=False))
    assert w.any_tile and len(w.tiles) == 27  # no honors in the tile set


def test_fifth_copy_of_an_honor(kernels: ModuleType) -> None:
    # PPPP + a fifth P would be a triplet and the pair
    on = DEFAULT.replace(wait_on_fourth_copy=True)
    assert kernels.waits("567999sCCCPPPP", 0, on).tiles == (33,)
    assert kernels.shanten("567999sCCCPPPP", 0, on) == 0
    assert kernels.waits("567999sCCCPPPP").tiles == ()
    assert kernels.shanten("567999sCCCPPPP") == 1


def test_useful_tiles_never_fourth_copy(kernels: ModuleType) -> None:
    u = kernels.useful_tiles("1111m258p369sESW")
    assert 0 not in u
    assert kernels.useful_tiles("123m456p789s123sE") == (27,)


def test_discard_options_known(kernels: ModuleType) -> None:
    opts = kernels.discard_options("1234m456p789sEEEC")
    assert all(isinstance(o, DiscardOption) for o in opts)
    assert [o.tile for o in opts[:3]] == [31, 0, 3]
    assert opts[0] == DiscardOption(31, 0, (0, 3), 6)
    assert opts[1] == DiscardOption(0, 0, (31,), 3)
    assert opts[2] == DiscardOption(3, 0, (31,), 3)
    assert all(o.shanten == 1 for o in opts[3:])
    assert sorted(o.tile for o in opts) == sorted(set(parse_tiles("1234m456p789sEEEC")))


def test_discard_options_consistent(kernels: ModuleType) -> None:
    for c in _random_hands(9, 25, 14):
        vis = bytes(min(1, 4 - x) for x in c)
        opts = kernels.discard_options(c, 0, DEFAULT, vis)
        keys = [(o.shanten, -o.useful_count, o.tile) for o in opts]
        assert keys == sorted(keys)
        for o in opts:
            rest = bytearray(c)
            rest[o.tile] -= 1
            assert o.shanten == kernels.shanten(bytes(rest))
            assert o.useful_tiles == kernels.useful_tiles(bytes(rest))
            assert o.useful_count == sum(4 - c[u] - vis[u] for u in o.useful_tiles)


# --- batch --------------------------------------------------------------------------------------------------


def test_batch_matches_single(kernels: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    complete = _random_hands(21, 30, 14)
    waiting = _random_hands(22, 30, 13)
    arr14 = np.frombuffer(b"".join(complete), dtype=np.uint8).reshape(-1, 34)
    arr13 = np.frombuffer(b"".join(waiting), dtype=np.uint8).reshape(-1, 34)
    wins = kernels.is_win_batch(arr14)
    assert wins.dtype == np.bool_ and wins.tolist() == [kernels.is_win(c) for c in complete]
    assert list(kernels.is_win_batch(arr14.tobytes())) == [int(kernels.is_win(c)) for c in complete]
    sh = kernels.shanten_batch(arr13.tobytes())
    assert isinstance(sh, array.array) and sh.typecode == "b"
    assert list(sh) == [kernels.shanten(c) for c in waiting]
    assert kernels.shanten_batch(arr14).tolist() == [kernels.shanten(c) for c in complete]
    masks = kernels.waits_batch(arr13.tobytes())
    assert isinstance(masks, list)
    assert masks == [sum(1 << t for t in kernels.waits(c).tiles) for c in waiting]
    assert kernels.waits_batch(arr13).tolist() == masks
    # flat bytes work too, and wildcards/rules are passed through
    assert list(kernels.is_win_batch(b"".join(w for w in waiting[:5]), 1, DEFAULT)) == [
        int(kernels.is_win(c, 1)) for c in waiting[:5]
    ]
    assert len(kernels.is_win_batch(np.zeros((0, 34), dtype=np.uint8))) == 0


def test_batch_names_bad_row(kernels: ModuleType) -> None:
    rows = bytearray(b"".join(_random_hands(23, 3, 14)))
    rows[34 + 5] = 5
    with pytest.raises(HandError, match="row 1"):
        kernels.is_win_batch(bytes(rows))


# --- compiled backend against the reference ----------------------------------------------------------------

def _compiled_backends() -> list[str]:
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
        return []
    try:
        import mahjong._core  # noqa: F401
    except ImportError:
        return []
    return ["mahjong._core"]


_OTHER_BACKENDS = _compiled_backends()

if _OTHER_BACKENDS:  # without a compiled module, test_backend_is_compiled reports it (no silent pass here)

    @pytest.mark.parametrize("backend", _OTHER_BACKENDS)
    @pytest.mark.parametrize(
        "rules",
        [DEFAULT, RIICHI_SHAPES, GUOBIAO, SICHUAN, NANCHANG, YUHUAN, DEFAULT.replace(wait_on_fourth_copy=True)],
        ids=["default", "riichi", "guobiao", "sichuan", "nanchang", "yuhuan", "fourth"],
    )
    def test_backend_matches_reference(backend: str, rules: HandRules) -> None:
        import importlib

        from mahjong import _reference as ref

        other = importlib.import_module(backend)
        rng = random.Random(hash(rules) & 0xFFFF)
        kinds = [t for t in range(27 if rules.no_honors else 34)]
        for i in range(120):
            k = rng.choice((0, 0, 0, 1, 2, 3)) if rules.max_wildcards else 0
            k = min(k, rules.max_wildcards)
            size = rules.hand_size + 1 - rng.choice((0, 0, 0, 3, 6)) - (i % 2)
            real = size - k
            if rules.lack_a_suit:
                gone = rng.randrange(3)
                pool = [t for t in kinds if t // 9 != gone for _ in range(4)]
            else:
                pool = [t for t in kinds for _ in range(4)]
            c = counts(rng.sample(pool, real))
            if size % 3 == 2:
                assert other.is_win(c, k, rules) == ref.is_win(c, k, rules), (list(c), k)
                if k <= 2:
                    assert other.decompositions(c, k, rules) == ref.decompositions(c, k, rules), (list(c), k)
                if i % 10 == 0:
                    assert other.discard_options(c, k, rules) == ref.discard_options(c, k, rules), (list(c), k)
            else:
                assert other.waits(c, k, rules) == ref.waits(c, k, rules), (list(c), k)
                assert other.useful_tiles(c, k, rules) == ref.useful_tiles(c, k, rules), (list(c), k)
            assert other.shanten_by_form(c, k, rules) == ref.shanten_by_form(c, k, rules), (list(c), k)
            assert other.shanten(c, k, rules) == ref.shanten(c, k, rules), (list(c), k)


# --- cross-kernel consistency (hypothesis) -------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_PRESETS = [DEFAULT, RIICHI_SHAPES, GUOBIAO, NANCHANG, YUHUAN]


@st.composite
def _hand_and_k(draw: st.DrawFn, complete: bool) -> tuple[bytes, int, HandRules]:
    rules = draw(st.sampled_from(_PRESETS))
    k = draw(st.integers(0, min(3, rules.max_wildcards)))
    sizes = [s for s in range(1, rules.hand_size + 2) if s % 3 == (2 if complete else 1) and s >= k]
    size = draw(st.sampled_from(sizes))
    tiles = draw(st.permutations(WALL))[: size - k]
    return counts(tiles), k, rules


# the kernel module fixture is stateless, so sharing it across hypothesis examples is safe
_HYP = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_HYP
@given(case=_hand_and_k(True))
def test_win_iff_shanten_minus_one(kernels: ModuleType, case: tuple[bytes, int, HandRules]) -> None:
    ref = kernels
    c, k, rules = case
    win = ref.is_win(c, k, rules)
    assert win == (ref.shanten(c, k, rules) == -1)
    if k <= 2:  # decompositions with 3+ free wildcards are long lists; keep the example cheap
        assert win == bool(ref.decompositions(c, k, rules))
    assert ref.is_win_batch(c, k, rules) == bytearray([win])


@_HYP
@given(case=_hand_and_k(False))
def test_ready_iff_waits(kernels: ModuleType, case: tuple[bytes, int, HandRules]) -> None:
    ref = kernels
    c, k, rules = case
    w = ref.waits(c, k, rules)
    assert bool(w.tiles) == (ref.shanten(c, k, rules) == 0)
    assert ref.waits_batch(c, k, rules) == [sum(1 << t for t in w.tiles)]
    if ref.shanten(c, k, rules) == 0:
        assert set(ref.useful_tiles(c, k, rules)) == {t for t in w.tiles if c[t] < 4}
