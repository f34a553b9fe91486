"""Bad input raises the package's own exceptions, naming the problem, from every kernel entry point."""

from __future__ import annotations

import array
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from mahjong._input import coerce_batch, coerce_counts
from mahjong.errors import HandError, MahjongError, RulesError, TileError
from mahjong.rules import DEFAULT, NANCHANG, SICHUAN

np = pytest.importorskip("numpy")

COMPLETE = "123m456p789s123sEE"  # 14 tiles
WAITING = "123m456p789s123sE"  # 13 tiles

# (entry point name, a valid hand for it)
SINGLE = [
    ("is_win", COMPLETE),
    ("decompositions", COMPLETE),
    ("waits", WAITING),
    ("shanten", WAITING),
    ("shanten_by_form", COMPLETE),
    ("useful_tiles", WAITING),
    ("discard_options", COMPLETE),
]
NAMES = [n for n, _ in SINGLE]
VALID = dict(SINGLE)


def call(kernels: ModuleType, name: str, hand: Any, *args: Any, **kw: Any) -> Any:
    fn: Callable[..., Any] = getattr(kernels, name)
    return fn(hand, *args, **kw)


def counts_of(text: str) -> list[int]:
    return list(coerce_counts(text, 0, DEFAULT, complete=None))


@pytest.mark.parametrize("name", NAMES)
def test_valid_input_forms_agree(kernels: ModuleType, name: str) -> None:
    text = VALID[name]
    c = counts_of(text)
    ids = [t for t in range(34) for _ in range(c[t])]
    expect = call(kernels, name, text)
    for form in (
        bytes(c),
        bytearray(c),
        memoryview(bytes(c)),
        c,
        tuple(c),
        ids,
        tuple(ids),
        np.array(c, dtype=np.uint8),
        np.array(c, dtype=np.int64),
        np.array(c, dtype=np.int8),
        array.array("b", c),
        # numpy rows the compiled fast path reads from the array object, or leaves to the buffer protocol
        np.array([c, c], dtype=np.uint8)[1],
        np.repeat(np.array(c, dtype=np.uint8), 2)[::2],
        np.array(c[::-1], dtype=np.uint8)[::-1],
        np.frombuffer(bytes(c), dtype=np.uint8),  # read-only
        # list items that are not the interpreter's cached ints: read by value
        [int.from_bytes(bytes([x]), "little") for x in c],
        [np.uint8(x) for x in c],
        [t + (1 << 70) - (1 << 70) for t in ids],
    ):
        assert call(kernels, name, form) == expect, (type(form), form)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "bad,exc,pattern",
    [
        ("123m456p789s12x", TileError, r"'x'"),  # unknown character, named
        ("123m456p789s1230s", TileError, "0"),
        ("[123m456p789s11z", HandError, "bracket"),
        ("[123m]456p789s11z", HandError, "declared meld"),  # melds are read: 8 + 3 tiles is no hand
        ("123m456p789s11zf1", HandError, "flower"),
        ("11111m456p789s11z", HandError, "1m"),  # fifth copy names the tile
        ("123m456p789s123s", HandError, "multiple of 3"),
        ("123m456p789s123sESWN", HandError, "more than"),
    ],
)
def test_bad_strings(kernels: ModuleType, name: str, bad: str, exc: type[Exception], pattern: str) -> None:
    with pytest.raises(exc, match=pattern):
        call(kernels, name, bad)


@pytest.mark.parametrize("name", NAMES)
def test_bad_counts(kernels: ModuleType, name: str) -> None:
    c = counts_of(VALID[name])
    neg = list(c)
    neg[5] = -1
    neg[0] += 1  # keep the total plausible
    with pytest.raises(HandError, match="negative"):
        call(kernels, name, neg)
    five = list(c)
    five[13] = 5
    five[0] -= 1 if five[0] else 0
    with pytest.raises(HandError, match="5 copies of 5p"):
        call(kernels, name, five)
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, bytes(c[:33]))
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, np.array(c[:33] + [0, 0], dtype=np.uint8))
    with pytest.raises(HandError, match="1-D"):
        call(kernels, name, np.array([c, c], dtype=np.uint8))
    with pytest.raises(HandError, match="integer dtype"):
        call(kernels, name, np.array(c, dtype=np.float64))
    with pytest.raises(TileError, match="out of range"):
        call(kernels, name, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 99])
    with pytest.raises(TileError, match="out of range"):
        call(kernels, name, [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    with pytest.raises(HandError, match="flower"):
        call(kernels, name, [34, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    with pytest.raises(HandError, match="entry 2"):
        call(kernels, name, [0, 1, 2.5])
    with pytest.raises(HandError):
        call(kernels, name, 12345)
    with pytest.raises(HandError, match="multiple of 3"):
        call(kernels, name, bytes(34))


@pytest.mark.parametrize("name", ["is_win", "decompositions", "discard_options"])
def test_complete_entry_points_refuse_waiting_hands(kernels: ModuleType, name: str) -> None:
    with pytest.raises(HandError, match="3n\\+2"):
        call(kernels, name, WAITING)


@pytest.mark.parametrize("name", ["waits", "useful_tiles"])
def test_waiting_entry_points_refuse_complete_hands(kernels: ModuleType, name: str) -> None:
    with pytest.raises(HandError, match="3n\\+1"):
        call(kernels, name, COMPLETE)


@pytest.mark.parametrize("name", NAMES)
def test_bad_wildcards_and_rules(kernels: ModuleType, name: str) -> None:
    hand = "1m"  # 1 real tile: valid with 1 or 4 wildcards (complete) or 0 / 3 (waiting)
    with pytest.raises(HandError, match="too many wildcards"):
        call(kernels, name, hand, 9)
    with pytest.raises(HandError, match="too many wildcards: 8"):
        call(kernels, name, "", 8, NANCHANG)  # Nanchang has at most 7 精
    with pytest.raises(HandError, match=">= 0"):
        call(kernels, name, hand, -1)
    with pytest.raises(HandError, match="bool"):
        call(kernels, name, hand, True)
    with pytest.raises(HandError, match="float"):
        call(kernels, name, hand, 1.0)
    with pytest.raises(RulesError, match="HandRules"):
        call(kernels, name, VALID[name], 0, "default")
    with pytest.raises(HandError, match="honor"):
        call(kernels, name, VALID[name], 0, SICHUAN)  # E in a game without honors
    # wildcards count towards the size
    with pytest.raises(HandError, match="more than"):
        call(kernels, name, VALID[name], 3)


@pytest.mark.parametrize("name", ["waits", "discard_options"])
def test_bad_visible(kernels: ModuleType, name: str) -> None:
    hand = VALID[name]
    vis = [0] * 34
    vis[27] = 4  # the hand holds E already
    with pytest.raises(HandError, match="E"):
        call(kernels, name, hand, visible=vis)
    vis = [0] * 34
    vis[3] = -1
    with pytest.raises(HandError, match="negative"):
        call(kernels, name, hand, visible=vis)
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, hand, visible=bytes(10))
    with pytest.raises(HandError, match="notation"):
        call(kernels, name, hand, visible="1m")


BATCH = ["is_win_batch", "shanten_batch", "waits_batch"]


@pytest.mark.parametrize("name", BATCH)
def test_bad_batches(kernels: ModuleType, name: str) -> None:
    fn = getattr(kernels, name)
    row = counts_of(COMPLETE if name == "is_win_batch" else WAITING)
    good = np.array([row, row], dtype=np.uint8)
    assert len(fn(good)) == 2
    assert fn(good.astype(np.int64)).tolist() == fn(good).tolist()  # any integer dtype
    assert fn(np.asfortranarray(good)).tolist() == fn(good).tolist()  # any strides
    assert list(fn([row, row])) == fn(good).tolist()  # a list of rows
    with pytest.raises(HandError, match="integer dtype"):
        fn(good.astype(np.float64))
    with pytest.raises(HandError, match="shape N × 34, got shape 2 × 33$"):
        fn(np.zeros((2, 33), dtype=np.uint8))
    with pytest.raises(HandError, match="shape N × 34, got shape 2 × 2 × 34$"):
        fn(np.zeros((2, 2, 34), dtype=np.uint8))
    with pytest.raises(HandError, match="N\\*34"):
        fn(bytes(35))
    with pytest.raises(HandError, match="str"):
        fn("123m")
    bad = good.copy()
    bad[1, 0] = 7
    with pytest.raises(HandError, match="row 1"):
        fn(bad)
    with pytest.raises(HandError, match="too many wildcards"):
        fn(good, 9)
    with pytest.raises(RulesError):
        fn(good, 0, None)
    with pytest.raises(HandError, match="row 0"):
        fn(good, 2)  # two wildcards make every row too big


def test_errors_are_value_errors() -> None:
    assert issubclass(HandError, ValueError) and issubclass(TileError, MahjongError)
    with pytest.raises(ValueError):
        coerce_counts("xyz", 0, DEFAULT, complete=None)


def test_coerce_batch_shapes() -> None:
    view, n = coerce_batch(np.zeros((3, 34), dtype=np.uint8))
    assert n == 3 and memoryview(view).nbytes == 102
    view, n = coerce_batch(bytes(68))
    assert n == 2
    view, n = coerce_batch(np.zeros((0, 34), dtype=np.uint8))
    assert n == 0


@pytest.mark.parametrize("complete,text,size", [(True, COMPLETE, 14), (False, WAITING, 13), (None, COMPLETE, 14)])
def test_coerce_counts_returns_bytes(complete: bool | None, text: str, size: int) -> None:
    out = coerce_counts(text, 0, DEFAULT, complete=complete)
    assert isinstance(out, bytes) and len(out) == 34 and sum(out) == size
    assert out[27] == 2 if size == 14 else out[27] == 1


# ==== regressions: each finding of the hostile-input run (issue "hardening") ================================

from dataclasses import FrozenInstanceError  # noqa: E402

import mahjong  # noqa: E402
from mahjong import Hand, Meld, MeldKind, WinContext, format_hand, format_tiles, parse_hand  # noqa: E402
from mahjong.errors import ContextError, MeldError  # noqa: E402
from mahjong.framework import get_ruleset, list_rulesets  # noqa: E402
from mahjong.rules import HandRules  # noqa: E402

RULESETS = [name for name, _ in list_rulesets()]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("dtype", [">i4", ">u2", "<i8", ">i8", "M8[s]", "m8[s]", "f8", "?", "c8", "O"])
def test_any_dtype_or_byte_order_is_read_or_refused_by_us(kernels: ModuleType, name: str, dtype: str) -> None:
    """Non-native byte order used to raise NotImplementedError, datetime arrays ValueError."""
    c = counts_of(VALID[name])
    try:
        arr = np.array(c).astype(dtype)
    except (TypeError, ValueError):
        pytest.skip(f"numpy cannot build {dtype} counts")
    if dtype[1:] in ("i4", "u2", "i8"):
        assert call(kernels, name, arr) == call(kernels, name, VALID[name])
        vis = np.zeros(34, dtype=dtype)
        if name in ("waits", "discard_options"):
            assert call(kernels, name, arr, visible=vis) == call(kernels, name, VALID[name])
    else:
        with pytest.raises(HandError):
            call(kernels, name, arr)
        if name in ("waits", "discard_options"):
            with pytest.raises(HandError):
                call(kernels, name, VALID[name], visible=np.zeros(34).astype(dtype))


class IndexOnly:
    """An integer-like with __index__ but no __int__."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v


class IndexDisagrees(IndexOnly):
    def __int__(self) -> int:
        return self.v + 1


@pytest.mark.parametrize("name", NAMES)
def test_index_objects_read_one_way(kernels: ModuleType, name: str) -> None:
    """__index__-only objects used to raise TypeError on one path; one whose __int__ disagreed gave a wrong
    answer on the other.  Both backends now read every int through __index__ only."""
    text = VALID[name]
    c = counts_of(text)
    one_less = list(c)
    t = next(i for i in range(34) if c[i])
    one_less[t] -= 1  # one tile replaced by a wildcard
    want = call(kernels, name, one_less, 1)
    assert call(kernels, name, one_less, IndexOnly(1)) == want
    assert call(kernels, name, one_less, IndexDisagrees(1)) == want
    assert call(kernels, name, [IndexOnly(v) for v in c]) == call(kernels, name, text)


def test_masked_arrays_are_refused(kernels: ModuleType) -> None:
    c = np.array(counts_of(COMPLETE), dtype=np.uint8)
    masked = np.ma.masked_array(c, mask=[i == 0 for i in range(34)])
    with pytest.raises(HandError, match="masked"):
        kernels.is_win(masked)
    with pytest.raises(HandError, match="masked"):
        kernels.is_win_batch(np.ma.masked_array(c.reshape(1, 34)))


@pytest.mark.parametrize("bad", [None, {}, {"a": 1}, set(), 3, 2.5, object(), True])
@pytest.mark.parametrize("name", NAMES)
def test_wrong_hand_types(kernels: ModuleType, name: str, bad: object) -> None:
    with pytest.raises(MahjongError):
        call(kernels, name, bad)


@pytest.mark.parametrize("rules", [[], {}, {"hand_size": 13}, HandRules, "default", 13])
def test_unhashable_or_wrong_rules(kernels: ModuleType, rules: object) -> None:
    with pytest.raises(RulesError):
        kernels.is_win(COMPLETE, 0, rules)


def test_true_is_not_a_tile_id(kernels: ModuleType) -> None:
    with pytest.raises(HandError, match="bool"):
        kernels.is_win([True] + [0] * 13)
    with pytest.raises(MeldError):
        Meld(MeldKind.PUNG, (True, True, True))
    with pytest.raises(TileError):
        format_tiles([True])
    with pytest.raises(TileError):
        mahjong.tile_name(True)
    with pytest.raises(HandError):
        Hand((True,) * 13)


def test_model_types_are_checked() -> None:
    with pytest.raises(MeldError):
        Meld("pung", (1, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(MeldError):
        Meld(MeldKind.PUNG, 5)  # type: ignore[arg-type]
    with pytest.raises(MeldError):
        Meld(MeldKind.CHOW, (0, 1, 2, 3))  # a chow of four tiles
    with pytest.raises(MeldError):
        Meld(MeldKind.PUNG, (1, 1, 1), claimed_from=True)  # type: ignore[arg-type]
    with pytest.raises(HandError):
        Hand("123m")  # type: ignore[arg-type]
    with pytest.raises(HandError):
        Hand((0, 1, 2), melds=5)  # type: ignore[arg-type]
    with pytest.raises(HandError):
        Hand((0, 1, 2), flowers=(1,))
    with pytest.raises(HandError):
        Hand(tuple(range(34)) * 2)
    with pytest.raises(HandError):
        format_hand("123m")  # type: ignore[arg-type]
    with pytest.raises(TileError, match="style"):
        format_hand(parse_hand(COMPLETE), "fancy")  # type: ignore[arg-type]
    with pytest.raises(TileError, match="style"):
        format_tiles([1, 2], "fancy")  # type: ignore[arg-type]
    with pytest.raises(TileError):
        format_tiles(5)  # type: ignore[arg-type]
    with pytest.raises(HandError):
        parse_hand(COMPLETE).check_size(13.0)  # type: ignore[arg-type]


def test_hand_rules_fields_are_checked() -> None:
    with pytest.raises(RulesError):
        HandRules(hand_size=13.0)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        HandRules(max_wildcards=True)
    with pytest.raises(RulesError, match="unknown HandRules field"):
        DEFAULT.replace(sevenpairs=False)
    with pytest.raises(FrozenInstanceError):
        DEFAULT.hand_size = 16  # type: ignore[misc]


@pytest.mark.parametrize("flag", ["last_tile", "last_wall_tile", "kong_replacement", "heavenly", "earthly"])
@pytest.mark.parametrize("value", [2**70, 30, 1, 0, "no", "yes", None, 1.0])
def test_win_flags_are_booleans(flag: str, value: object) -> None:
    """A flag of 30 multiplied a Sichuan score by 2^29; 2**70 spun; 'no' was truthy."""
    with pytest.raises(ContextError, match=f"{flag} is a win flag"):
        WinContext(**{flag: value})  # type: ignore[arg-type]


def test_absurd_after_kong_discard_under_sichuan_is_refused_at_once() -> None:
    with pytest.raises(ContextError, match="after_kong_discard is a win flag"):
        WinContext(after_kong_discard=2**70, discarder=1)  # type: ignore[arg-type]
    rs = get_ruleset("sichuan")
    with pytest.raises(ContextError):
        rs.Context.from_options(after_kong_discard=2**70, discarder=1)
    with pytest.raises(ContextError, match="true or false"):
        rs.Context.from_options(last_wall_tile="1000000000000")


@pytest.mark.parametrize("name", RULESETS)
def test_score_arguments_are_checked_by_every_rule_set(name: str) -> None:
    rs = get_ruleset(name)
    for bad_hand in (None, 5, {"hand": "123m"}, ["123m"], b"123m"):
        with pytest.raises(HandError, match="notation"):
            rs.score(bad_hand)  # type: ignore[arg-type]
    for bad_ctx in (5, "ctx", [1], object()):
        with pytest.raises(ContextError):
            rs.score(COMPLETE, bad_ctx)  # type: ignore[arg-type]
    with pytest.raises(ContextError, match="not the class"):
        rs.score(COMPLETE, rs.Context)  # type: ignore[arg-type]
    with pytest.raises(ContextError, match="names must be text"):
        rs.score(COMPLETE, {1: True})  # type: ignore[dict-item]
    with pytest.raises(ContextError, match="unknown win fact"):
        rs.score(COMPLETE, {"no_such_fact": True})
    with pytest.raises(ContextError, match="unknown win fact"):
        rs.Context.from_options(no_such_fact="1")
    with pytest.raises(ContextError, match="is a win flag"):
        rs.Context.from_options(last_tile=7)
    with pytest.raises(MahjongError):
        rs.score("x" * 2_000_000)


@pytest.mark.parametrize("name", ["yuhuan", "nanchang"])
def test_unknown_context_names_for_tile_fact_rule_sets(name: str) -> None:
    """Yuhuan and Nanchang build their context from a tile plus the other facts; an unknown name was a
    TypeError."""
    rs = get_ruleset(name)
    with pytest.raises(ContextError, match="unknown win fact"):
        rs.Context.from_options(bogus=1)


@pytest.mark.parametrize("name", ["yuhuan", "nanchang"])
@pytest.mark.parametrize("tile", ["f1", 34, 41, "春", True, -1, 34.0])
def test_a_flower_is_no_wildcard_tile(name: str, tile: object) -> None:
    rs = get_ruleset(name)
    field_name = "caishen" if name == "yuhuan" else "indicator"
    with pytest.raises(MahjongError):
        rs.Context(**{field_name: tile})
    with pytest.raises(MahjongError):
        rs.Context.from_options(**{field_name: tile})


def test_get_ruleset_names() -> None:
    for bad in ([], {}, None, 5):
        with pytest.raises(RulesError, match="rule-set name"):
            get_ruleset(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        mahjong.score(COMPLETE, None, rules=["guobiao"])  # type: ignore[arg-type]


def test_huge_text_is_refused_before_it_is_read() -> None:
    """A million characters took seconds and reported "position 0" only after reading everything; a million
    spaces peaked above 100 MB."""
    import time
    import tracemalloc

    for text in ("1m" * 500_000, " " * 1_000_000, "x" + "1m" * 500_000):
        tracemalloc.start()
        t0 = time.perf_counter()
        with pytest.raises(TileError, match="characters long"):
            mahjong.parse_tiles(text)
        with pytest.raises(TileError, match="characters long"):
            parse_hand(text)
        elapsed = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < 5_000_000, peak  # the text itself is the caller's; we allocate nothing in proportion
        assert elapsed < 0.5


def test_caches_are_bounded() -> None:
    from mahjong import hand as hand_module
    from mahjong import tiles as tiles_module

    for i in range(6000):
        digits = "".join(str(1 + (i >> (3 * j)) % 9) for j in range(6))
        mahjong.parse_tiles(digits + "m")
        try:
            parse_hand(digits + "m" + digits[:3] + "p")
        except MahjongError:
            pass
    assert len(tiles_module._TOKEN_CACHE) <= tiles_module._TOKEN_CACHE_MAX
    assert len(hand_module._MELD_CACHE) <= hand_module._MELD_CACHE_MAX
    assert not hasattr(hand_module, "_TOKEN_CACHE")  # the hand reader's tokens go through the tiles' one cache
    assert hand_module._parse_hand_cached.cache_info().maxsize is not None


def test_win_records_do_not_fill_the_parse_cache() -> None:
    # A game's wins are a stream of distinct hands (a simulation makes thousands): checking one's notation
    # must not keep its parsed hand, while parse_hand keeps serving repeated texts from its cache.
    from mahjong import hand as hand_module
    from mahjong.settlement import Win

    text = "[789s,1]123m456m123p" + "7p7p"
    before = hand_module._parse_hand_cached.cache_info()
    win = Win(seat=0, hand=text)
    after = hand_module._parse_hand_cached.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)
    with pytest.raises(TileError, match="field hand: .*position 17"):  # (still checked, naming the bad token)
        Win(seat=0, hand="123m456m789m123p5x5s")
    assert win.parsed() is parse_hand(text)  # (the public reader's cache: the second read is the same Hand)


@pytest.mark.parametrize("style", ["ascii", "chinese", "unicode"])
@pytest.mark.parametrize(
    "text",
    [
        "[5555p,+]123m456s789sEE",  # added kong of unknown source
        "[5555p,2+]123m456s789sEE",
        "[5555p][123m,1][777s,3]99m",
        "[ESW,1][CFP]123m456p99s",  # Nanchang honor sequences
        "[1111s,2]123m456p789pC C f1 f8",
        "123m456p789s123sEE f2",
    ],
)
def test_format_hand_round_trips_in_every_style(style: str, text: str) -> None:
    try:
        hand = parse_hand(text)
    except MahjongError:
        pytest.fail(f"{text} should parse")
    printed = format_hand(hand, style)  # type: ignore[arg-type]
    assert parse_hand(printed) == hand, printed
    assert parse_hand(printed).win_tile == hand.win_tile


# ---- a Hand's own melds count toward the copies left ------------------------------------------------------


def test_own_melds_count_toward_copies_left(kernels: ModuleType) -> None:
    """`[333s,1]123m456p12sEE` waits on 3s with 1 copy left (its own pung holds three), and with `[3333s,1]` on
    a dead wait (0 left)."""
    assert kernels.waits("[333s,1]123m456p12sEE") == mahjong.Waits((20,), (1,), False)
    assert kernels.waits("[3333s,1]123m456p12sEE") == mahjong.Waits((20,), (0,), False)
    assert kernels.waits(parse_hand("[333s,1]123m456p12sEE")).remaining == (1,)
    # the same concealed tiles without the melds known: 4 copies left
    assert kernels.waits("123m456p12sEE").remaining == (4,)
    # visible tiles are checked against the melds too
    with pytest.raises(HandError, match="3s"):
        kernels.waits("[333s,1]123m456p12sEE", visible=[2 if t == 20 else 0 for t in range(34)])
    assert kernels.waits("[333s,1]123m456p12sEE", visible=[1 if t == 20 else 0 for t in range(34)]).remaining == (0,)
    opts = kernels.discard_options("[333s,1]123m456p12sEEN")
    north = next(o for o in opts if o.tile == 30)
    assert north.useful_tiles == (20,) and north.useful_count == 1
    # a Hand's size is exact: its melds are known
    with pytest.raises(HandError, match="declared meld"):
        kernels.waits("[333s,1][444s,1]123m456p12sEE")
    assert kernels.shanten(parse_hand("[333s,1]123m456p12sEE")) == 0
    assert kernels.is_win(parse_hand("[333s,1]123m456p123sEE"))


def test_int_facts_are_plain_ints_in_every_context() -> None:
    """Found by the fuzz run: a Wuhu 押 given as an object whose __eq__ always says yes passed the context's
    range check and failed later inside scoring (TypeError)."""

    class Always:
        def __index__(self) -> int:
            return 3

        def __eq__(self, other: object) -> bool:
            return True

        def __hash__(self) -> int:
            return 0

    rs = get_ruleset("wuhu-1234")
    with pytest.raises(ContextError, match="ya must be a whole number"):
        rs.Context(ya=Always())  # type: ignore[arg-type]
    with pytest.raises(ContextError):
        rs.score(COMPLETE, {"ya": Always()})
    assert rs.Context(ya=3).ya == 3
