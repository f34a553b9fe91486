"""Tiles and the tile notation.

Tile ids (used everywhere, including the kernels' 34-slot count arrays)::

    0-8    1m..9m   万 characters
    9-17   1p..9p   筒 dots
    18-26  1s..9s   条 bamboo
    27-30  E S W N  东 南 西 北 (also 1z..4z)
    31-33  C F P    中 发 白     (also 5z..7z)
    34-41  f1..f8   春 夏 秋 冬 梅 兰 竹 菊 (flowers; never in a count array)

Three printed styles: ``ascii`` (``123m456p789sESWNCFP f1``), ``chinese`` (一万 … 红中 发财 白板 春) and
``unicode`` (the Mahjong Tiles block, U+1F000..U+1F029).  :func:`parse_tiles` reads all three, mixed.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import Literal

from mahjong.errors import TileError

__all__ = [
    "N_KINDS",
    "N_TILES",
    "FLOWER_BASE",
    "Tile",
    "Style",
    "parse_tiles",
    "format_tiles",
    "tile_name",
    "is_honor",
    "is_suited",
    "is_terminal",
    "is_terminal_or_honor",
    "is_wind",
    "is_dragon",
    "is_flower",
    "suit_of",
    "rank_of",
    "counts_of",
    "tiles_of",
]

N_KINDS = 34  #: playing tile kinds (slots of a count array)
FLOWER_BASE = 34  #: id of 春 (f1); flowers are 34..41
N_TILES = 42  #: all tile ids, flowers included

Style = Literal["ascii", "chinese", "unicode"]

_SUIT_LETTERS = "mps"
_HONOR_LETTERS = "ESWNCFP"


class Tile(enum.IntEnum):
    """A tile kind.  ``int(tile)`` is its id; ``str(tile)`` its ascii notation."""

    M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(0, 9)
    P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(9, 18)
    S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(18, 27)
    EAST, SOUTH, WEST, NORTH = range(27, 31)
    RED, GREEN, WHITE = range(31, 34)  # 中 发 白
    SPRING, SUMMER, AUTUMN, WINTER, PLUM, ORCHID, BAMBOO, CHRYSANTHEMUM = range(34, 42)

    def __str__(self) -> str:
        return tile_name(self, "ascii")

    @property
    def chinese(self) -> str:
        return tile_name(self, "chinese")

    @property
    def glyph(self) -> str:
        return tile_name(self, "unicode")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read exactly one tile (``"5p"``, ``"C"``, ``"红中"``, ``"🀄"``, ``"f3"``)."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise TileError(f"expected exactly one tile, got {len(tiles)} in {text!r}")
        return cls(tiles[0])


# --- predicates (plain ints in, so the rule layers can use them on kernel output) -------------


def is_suited(t: int) -> bool:
    return 0 <= t < 27


def is_honor(t: int) -> bool:
    return 27 <= t < 34


def is_wind(t: int) -> bool:
    return 27 <= t < 31


def is_dragon(t: int) -> bool:
    return 31 <= t < 34


def is_flower(t: int) -> bool:
    return 34 <= t < 42


def is_terminal(t: int) -> bool:
    return 0 <= t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: int) -> bool:
    return is_terminal(t) or is_honor(t)


def suit_of(t: int) -> int:
    """0 = 万, 1 = 筒, 2 = 条, 3 = honors, 4 = flowers."""
    return 4 if t >= 34 else t // 9 if t < 27 else 3


def rank_of(t: int) -> int:
    """1..9 for suited tiles, 1..7 for honors (E S W N C F P), 1..8 for flowers."""
    if t < 27:
        return t % 9 + 1
    if t < 34:
        return t - 26
    return t - 33


def counts_of(tiles: Iterable[int]) -> list[int]:
    """34 counts from a sequence of playing-tile ids."""
    c = [0] * N_KINDS
    for t in tiles:
        c[t] += 1
    return c


def tiles_of(counts: Sequence[int]) -> list[int]:
    """Sorted tile ids from 34 counts."""
    return [t for t in range(N_KINDS) for _ in range(counts[t])]


# --- names ----------------------------------------------------------------------------------

_CN_NUM = "一二三四五六七八九"
_CN_SUIT = "万筒条"
_CN_HONOR = ("东风", "南风", "西风", "北风", "红中", "发财", "白板")
_CN_FLOWER = "春夏秋冬梅兰竹菊"

# Unicode Mahjong Tiles block: winds, dragons (red, green, white), then characters, BAMBOO, circles,
# then plum orchid bamboo chrysanthemum, then spring summer autumn winter.
_GLYPH_BASE = 0x1F000


def _glyph_of(t: int) -> str:
    if t < 9:
        return chr(0x1F007 + t)
    if t < 18:
        return chr(0x1F019 + t - 9)
    if t < 27:
        return chr(0x1F010 + t - 18)
    if t < 34:
        return chr(0x1F000 + t - 27)
    if t < 38:
        return chr(0x1F026 + t - 34)
    return chr(0x1F022 + t - 38)


_GLYPH_TO_TILE = {_glyph_of(t): t for t in range(N_TILES)}


_STYLES = ("ascii", "chinese", "unicode")


def check_style(style: object) -> None:
    """:class:`TileError` unless ``style`` is one of the printed styles."""
    if not isinstance(style, str) or style not in _STYLES:
        raise TileError(f"unknown tile style {style!r} (expected 'ascii', 'chinese' or 'unicode')")


def _check_id(t: object) -> None:
    if type(t) is not int and not (isinstance(t, int) and not isinstance(t, bool)):
        raise TileError(f"a tile id is an int 0..{N_TILES - 1}, got {type(t).__name__} {t!r}")
    if not 0 <= t < N_TILES:
        raise TileError(f"tile id out of range: {t!r} (expected 0..{N_TILES - 1})")


def tile_name(t: int, style: Style = "ascii") -> str:
    """The name of one tile id in the given style."""
    _check_id(t)
    if style == "ascii":
        if t < 27:
            return f"{t % 9 + 1}{_SUIT_LETTERS[t // 9]}"
        if t < 34:
            return _HONOR_LETTERS[t - 27]
        return f"f{t - 33}"
    if style == "chinese":
        if t < 27:
            return _CN_NUM[t % 9] + _CN_SUIT[t // 9]
        if t < 34:
            return _CN_HONOR[t - 27]
        return _CN_FLOWER[t - 34]
    if style == "unicode":
        return _glyph_of(t)
    raise TileError(f"unknown tile style {style!r} (expected 'ascii', 'chinese' or 'unicode')")


def format_tiles(tiles: Iterable[int], style: Style = "ascii", *, sort: bool = True) -> str:
    """Print tile ids.  ``ascii`` groups suits compactly (``123m45p``), honors as letters."""
    check_style(style)
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Iterable):
        raise TileError(f"tiles must be a sequence of tile ids, got {type(tiles).__name__}")
    try:
        ids = list(tiles)
    except Exception as e:  # the caller's own iterator failed: say so, keep its error as the cause
        raise TileError(f"cannot read the tiles ({type(e).__name__}: {e})") from e
    for t in ids:
        _check_id(t)
    if sort:
        ids.sort()
    if style != "ascii":
        sep = "" if style == "unicode" else " "
        return sep.join(tile_name(t, style) for t in ids)
    out: list[str] = []
    run: list[str] = []
    run_suit = -1
    for t in ids:
        if t < 27:
            s = t // 9
            if s != run_suit and run:
                out.append("".join(run) + _SUIT_LETTERS[run_suit])
                run = []
            run_suit = s
            run.append(str(t % 9 + 1))
            continue
        if run:
            out.append("".join(run) + _SUIT_LETTERS[run_suit])
            run, run_suit = [], -1
        out.append(tile_name(t))
    if run:
        out.append("".join(run) + _SUIT_LETTERS[run_suit])
    text = "".join(out)
    return text


# --- parsing --------------------------------------------------------------------------------

# Chinese names, longest first so that 红中 wins over 中 and 东风 over 东.
_CN_WORDS: dict[str, int] = {}
for _i, _n in enumerate(_CN_HONOR):
    _CN_WORDS[_n] = 27 + _i
for _word, _tile in {
    "東風": 27, "東": 27, "东": 27, "南風": 28, "南": 28, "西風": 29, "西": 29, "北風": 30, "北": 30,
    "紅中": 31, "中": 31, "發財": 32, "發": 32, "发": 32, "青发": 32, "白": 33,
    "蘭": 39,
}.items():
    _CN_WORDS[_word] = _tile
for _i, _ch in enumerate(_CN_FLOWER):
    _CN_WORDS[_ch] = 34 + _i
_CN_DIGITS = {ch: i for i, ch in enumerate(_CN_NUM)}
_CN_DIGITS.update({"壹": 0, "贰": 1, "叁": 2, "肆": 3, "伍": 4, "陆": 5, "柒": 6, "捌": 7, "玖": 8})
_CN_SUITS = {"万": 0, "萬": 0, "筒": 1, "饼": 1, "餅": 1, "条": 2, "條": 2, "索": 2}
_CN_SORTED = sorted(_CN_WORDS, key=len, reverse=True)


#: The longest tile text read (a hand with melds, flowers and spaces is well under 200 characters).
MAX_TEXT = 1000

#: How to write tiles, appended to every notation error.
HOW_TO_WRITE = (
    "write suited tiles as digits then m/p/s (万/筒/条), e.g. 123m or 一二三万; honors as letters "
    "E S W N C F P (东 南 西 北 中 发 白, or 1z-7z); flowers as f1-f8; melds in [ ]"
)
HOW_TO_WRITE_ZH = (
    "数牌写数字加 m/p/s（万/筒/条），字牌写 E S W N C F P（东南西北中发白，或 1z-7z），"
    "花牌写 f1-f8，副露写在 [ ] 里"
)

# Full-width forms as Chinese keyboards type them (one character each, so positions in errors stay right).
_FULL_WIDTH = str.maketrans(
    {**{chr(0xFF10 + d): str(d) for d in range(10)},
     **{chr(0xFF21 + i): chr(0x41 + i) for i in range(26)},
     **{chr(0xFF41 + i): chr(0x61 + i) for i in range(26)},
     "［": "[", "］": "]", "【": "[", "】": "]", "，": ",", "、": ",", "＋": "+", "\u3000": " "}
)
_ASCII_ONLY = re.compile(r"[\x00-\x7f]*")


def normalize_text(text: str) -> str:
    """Full-width digits, letters, brackets, commas and spaces as their ascii forms (same length)."""
    if _ASCII_ONLY.fullmatch(text):
        return text
    return text.translate(_FULL_WIDTH)


def check_text(text: object, what: str = "tile text") -> str:
    """``text`` itself if it is a str of at most :data:`MAX_TEXT` characters, else :class:`TileError`."""
    if not isinstance(text, str):
        raise TileError(f"{what} must be a str, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise TileError(
            f"{what} is {len(text)} characters long; a hand is at most {MAX_TEXT} (about 60 tiles with melds)",
            code="text-too-long",
            message_zh=f"输入有 {len(text)} 个字符，一手牌最多 {MAX_TEXT} 个字符",
        )
    return text


def _bad(text: str, pos: int, why: str, why_zh: str = "") -> TileError:
    token = text[pos : pos + 3] if pos < len(text) else "<end>"
    shown = text if len(text) <= 80 else text[:77] + "..."
    return TileError(
        f"{why} at position {pos} ({token!r}) in {shown!r}: {HOW_TO_WRITE}",
        code="bad-tile-text",
        message_zh=f"第 {pos} 个字符处无法识别（{token!r}）：{why_zh or why}。{HOW_TO_WRITE_ZH}",
    )


# The common case — plain ascii notation — is read token by token with a regex and a token cache; anything
# else (Chinese, glyphs, or an error to report with its position) goes through the character scanner below.
_ASCII_HAND = re.compile(r"(?:[1-9]+[mps]|[1-7]+z|[ESWNCFP]|f[1-8]|[ ,])*")
_ASCII_TOKEN = re.compile(r"[1-9]+[mpsz]|[ESWNCFP]|f[1-8]")
_TOKEN_CACHE: dict[str, tuple[int, ...]] = {}
_TOKEN_CACHE_MAX = 4096  # bounded: distinct digit runs are unbounded in hostile input


def parse_tiles(text: str) -> list[int]:
    """Read tiles written in any of the three styles (mixable, spaces ignored), in order.

    ``"123m 5p EE 7z f1 红中 🀄"`` → ``[0, 1, 2, 13, 27, 27, 33, 34, 31, 31]``.  Also read as Chinese players
    type: full-width digits and commas, ``123万456筒789条``, ``一二三万``, and honor letters in lower case
    (``e s w n c f p`` when no digits come before them: ``12s`` is bamboo, ``s`` alone is South).
    Raises :class:`~mahjong.errors.TileError` naming the bad token and its position, and how to write tiles.
    """
    text = normalize_text(check_text(text))
    if _ASCII_HAND.fullmatch(text):
        out: list[int] = []
        for tok in _ASCII_TOKEN.findall(text):
            out.extend(_token_ids(tok))
        return out
    return _scan(text)


def _token_ids(token: str) -> tuple[int, ...]:
    """The tile ids of one ascii token (``"1123m"``, ``"E"``, ``"f1"``; the hand reader's too), through the
    token cache: the first :data:`_TOKEN_CACHE_MAX` distinct tokens are kept."""
    ids = _TOKEN_CACHE.get(token)
    if ids is None:
        ids = tuple(_scan(token))
        if len(_TOKEN_CACHE) < _TOKEN_CACHE_MAX:
            _TOKEN_CACHE[token] = ids
    return ids


_LOWER_HONORS = "eswncfp"


def _scan(text: str) -> list[int]:
    out: list[int] = []
    digits: list[tuple[int, int]] = []  # (digit, position) waiting for a suit letter
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch in ",\ufe0f":
            if digits and ch == ",":
                raise _bad(text, digits[0][1], "digits without a suit letter", "数字后面缺少花色")
            i += 1
            continue
        if ch in "123456789" and ch.isascii():
            digits.append((int(ch), i))
            i += 1
            continue
        if digits and (ch in "mpsz" or ch in _CN_SUITS):
            for d, pos in digits:
                if ch == "z":
                    if d > 7:
                        raise _bad(text, pos, f"honor number {d}z out of range 1z..7z", f"字牌编号 {d}z 超出 1z-7z")
                    out.append(26 + d)
                else:
                    suit = _SUIT_LETTERS.index(ch) if ch in "mps" else _CN_SUITS[ch]
                    out.append(suit * 9 + d - 1)
            digits = []
            i += 1
            continue
        if digits:
            if ch == "0":
                raise _bad(text, i, "digit 0 is not a tile (no red fives in Chinese mahjong)", "没有 0 这张牌")
            raise _bad(text, i, f"expected a suit letter (m, p, s or z) after digits, got {ch!r}",
                       "数字后面应是 m/p/s/z 或 万/筒/条")
        if ch == "f" and i + 1 < n and text[i + 1] in "12345678":
            out.append(FLOWER_BASE + int(text[i + 1]) - 1)
            i += 2
            continue
        if ch == "f" and i + 1 < n and text[i + 1] in "09":
            raise _bad(text, i, f"unknown tile character 'f' (flowers are f1-f8, there is no f{text[i + 1]})",
                       "花牌只有 f1-f8")
        if ch in _HONOR_LETTERS:
            out.append(27 + _HONOR_LETTERS.index(ch))
            i += 1
            continue
        if ch in _LOWER_HONORS:  # no digits pending: a lower-case honor letter (s = South, p = 白 ...)
            out.append(27 + _LOWER_HONORS.index(ch))
            i += 1
            continue
        if ch in _GLYPH_TO_TILE:
            out.append(_GLYPH_TO_TILE[ch])
            i += 1
            continue
        if ch in _CN_DIGITS:
            j = i
            while j < n and text[j] in _CN_DIGITS:
                j += 1
            if j < n and text[j] in _CN_SUITS:  # 一万, or a run of numerals: 一二三万
                suit = _CN_SUITS[text[j]]
                out.extend(suit * 9 + _CN_DIGITS[c] for c in text[i:j])
                i = j + 1
                continue
        for word in _CN_SORTED:
            if text.startswith(word, i):
                out.append(_CN_WORDS[word])
                i += len(word)
                break
        else:
            if ch == "0":
                raise _bad(text, i, "digit 0 is not a tile (no red fives in Chinese mahjong)", "没有 0 这张牌")
            if ch in "mz":
                raise _bad(text, i, f"suit letter {ch!r} with no digits before it", f"花色 {ch} 前面缺少数字")
            if ch in "[]":
                raise _bad(text, i, "melds in brackets belong in a hand (parse_hand), not in a list of tiles",
                           "副露只能写在整手牌里")
            if ch in _CN_DIGITS:
                raise _bad(text, i, f"Chinese numeral {ch!r} without a suit (万, 筒 or 条) after it",
                           f"数字 {ch} 后面缺少 万/筒/条")
            raise _bad(text, i, f"unknown tile character {ch!r}", f"无法识别的字符 {ch!r}")
    if digits:
        raise _bad(text, digits[0][1], "digits without a suit letter (m, p, s or z)", "数字后面缺少花色")
    return out
