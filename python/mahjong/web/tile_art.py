"""The tile pictures of the web pages: one SVG per tile (``static/tiles/<code>.svg``), drawn from paths only — no
font is needed, so the tiles draw on a browser without the Unicode mahjong glyphs or a Chinese font.

Every line here is this project's own drawing: dots and bamboo sticks laid out as the tiles show them, the Chinese
numerals, 万 and the honors as brush strokes (polylines and curves on a 40 × 40 grid), the white dragon as a frame,
and each flower as an emblem with its number.  ``python -m mahjong.web.tile_art`` writes the files; a test
regenerates them and requires no difference (the files are committed: the page needs no build step).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjong.tiles import N_TILES, tile_name

__all__ = ["svg", "write", "TILES_DIR"]

TILES_DIR = Path(__file__).with_name("static") / "tiles"

W, H = 60, 80
INK, RED, GREEN, BLUE = "#1b2a4a", "#b3261e", "#1e7a3c", "#1d5fa8"

#: brush strokes of the characters on a 40 × 40 grid (SVG path data)
STROKES: dict[str, list[str]] = {
    "一": ["M4 20 L36 20"],
    "二": ["M9 12 L31 12", "M4 29 L36 29"],
    "三": ["M8 8 L32 8", "M10 20 L30 20", "M4 33 L36 33"],
    "四": ["M6 8 L6 34", "M6 8 L34 8 L34 34", "M6 32 L34 32", "M15 9 C15 20 13 24 9 26",
           "M24 9 L24 21 C24 24 26 25 30 25"],
    "五": ["M6 7 L34 7", "M18 7 L14 33", "M10 19 L29 19 L27 33", "M4 33 L36 33"],
    "六": ["M19 3 L22 9", "M5 14 L35 14", "M15 20 L8 34", "M25 21 L33 33"],
    "七": ["M4 18 L36 12", "M16 4 L16 30 C16 35 20 36 34 35"],
    "八": ["M16 8 C15 20 11 28 4 34", "M23 8 C25 20 30 28 37 34"],
    "九": ["M4 14 L27 14 C28 26 29 32 33 34 L36 30", "M17 4 C17 20 12 30 5 35"],
    "万": ["M5 8 L35 8", "M17 8 C16 24 12 31 6 35", "M16 18 L31 18 C31 28 29 34 24 33"],
    "东": ["M6 10 L34 10", "M19 4 L11 20 L33 20", "M21 13 L21 35 L17 32", "M13 26 L9 31", "M28 26 L32 31"],
    "南": ["M20 3 L20 10", "M5 10 L35 10", "M8 16 L8 36", "M8 16 L32 16 L32 34 L29 36", "M15 20 L18 23",
           "M26 20 L23 23", "M13 26 L27 26", "M12 31 L28 31", "M20 26 L20 36"],
    "西": ["M4 6 L36 6", "M7 14 L7 36", "M7 14 L33 14 L33 36", "M7 33 L33 33", "M16 6 C16 20 14 24 9 27",
           "M24 6 L24 22 C24 25 26 26 30 26"],
    "北": ["M15 4 L15 34", "M7 16 L15 16", "M15 29 L5 34", "M26 4 L26 30 C26 34 28 35 35 35", "M26 17 L34 12"],
    "中": ["M8 12 L8 28", "M8 12 L32 12 L32 28", "M8 26 L32 26", "M20 3 L20 38"],
    "发": ["M12 4 L8 14", "M4 14 L36 14", "M22 4 L26 9", "M18 14 C16 24 12 31 5 36", "M16 22 L30 22 C28 29 22 34 14 36",
           "M19 25 C24 31 29 34 35 36"],
}
NUMERALS = "一二三四五六七八九"
#: the digits of the flowers' corner (a 10 × 14 grid)
DIGITS = {1: ["M5 1 L5 13"], 2: ["M1 4 C1 0 9 0 9 4 C9 7 1 10 1 13 L9 13"],
          3: ["M1 2 C4 0 9 1 8 5 C7 7 4 7 4 7 C9 7 10 12 6 13 C4 14 2 13 1 12"], 4: ["M7 13 L7 1 L1 9 L9 9"]}


def _strokes(paths: list[str], x: float, y: float, size: float, color: str, width: float = 4.2) -> str:
    """Brush strokes drawn in a ``size`` box at (x, y) (their grid is 40 wide)."""
    k = size / 40
    body = "".join(f'<path d="{d}"/>' for d in paths)
    return (f'<g transform="translate({x:g} {y:g}) scale({k:g})" fill="none" stroke="{color}" '
            f'stroke-width="{width:g}" stroke-linecap="round" stroke-linejoin="round">{body}</g>')


def _dot(x: float, y: float, r: float, color: str) -> str:
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{color}"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.62:g}" fill="none" stroke="#fff" stroke-width="{r * 0.18:g}"/>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.22:g}" fill="#fff"/>')


_DOTS: dict[int, list[tuple[float, float, float, str]]] = {
    1: [(30, 40, 17, BLUE)],
    2: [(30, 23, 10, GREEN), (30, 57, 10, BLUE)],
    3: [(16, 19, 8, BLUE), (30, 40, 8, RED), (44, 61, 8, GREEN)],
    4: [(18, 24, 8.5, BLUE), (42, 24, 8.5, GREEN), (18, 56, 8.5, GREEN), (42, 56, 8.5, BLUE)],
    5: [(17, 21, 7.5, BLUE), (43, 21, 7.5, GREEN), (30, 40, 7.5, RED), (17, 59, 7.5, GREEN), (43, 59, 7.5, BLUE)],
    6: [(19, 17, 7, GREEN), (41, 17, 7, GREEN), (19, 40, 7, RED), (41, 40, 7, RED), (19, 63, 7, RED),
        (41, 63, 7, RED)],
    7: [(15, 13, 5.8, GREEN), (30, 21, 5.8, GREEN), (45, 29, 5.8, GREEN), (19, 48, 6.2, RED), (41, 48, 6.2, RED),
        (19, 66, 6.2, RED), (41, 66, 6.2, RED)],
    8: [(19, 14, 6.3, BLUE), (41, 14, 6.3, BLUE), (19, 31, 6.3, BLUE), (41, 31, 6.3, BLUE), (19, 49, 6.3, BLUE),
        (41, 49, 6.3, BLUE), (19, 66, 6.3, BLUE), (41, 66, 6.3, BLUE)],
    9: [(15 + 15 * c, 17 + 23 * r, 6.3, (BLUE, RED, GREEN)[r]) for r in range(3) for c in range(3)],
}


def _stick(x: float, y: float, color: str, height: float = 19) -> str:
    """A bamboo stick centred at (x, y)."""
    top = y - height / 2
    return (f'<rect x="{x - 3:g}" y="{top:g}" width="6" height="{height:g}" rx="3" fill="{color}"/>'
            f'<line x1="{x - 3:g}" y1="{y:g}" x2="{x + 3:g}" y2="{y:g}" stroke="#fff" stroke-width="1.2"/>'
            f'<line x1="{x:g}" y1="{top + 3:g}" x2="{x:g}" y2="{top + height - 3:g}" stroke="#fff" '
            f'stroke-width="0.8" opacity="0.6"/>')


_STICKS: dict[int, list[tuple[float, float, str]]] = {  # (x, y, colour) of each stick
    2: [(30, 24, GREEN), (30, 56, GREEN)],
    3: [(30, 24, GREEN), (19, 56, GREEN), (41, 56, GREEN)],
    4: [(19, 24, GREEN), (41, 24, GREEN), (19, 56, GREEN), (41, 56, GREEN)],
    5: [(17, 22, GREEN), (43, 22, GREEN), (30, 40, RED), (17, 58, GREEN), (43, 58, GREEN)],
    6: [(float(x), float(y), GREEN) for y in (24, 56) for x in (15, 30, 45)],
    7: [(30.0, 14.0, RED)] + [(float(x), float(y), GREEN) for y in (40, 63) for x in (15, 30, 45)],
    8: [(float(x), float(y), GREEN) for y in (24, 56) for x in (12, 24, 36, 48)],
    9: [(float(x), float(y), RED if x == 30 else GREEN) for y in (16, 40, 64) for x in (15, 30, 45)],
}


def _bird() -> str:
    """The one of bamboo: a bird on a stick."""
    return (f'<path d="M30 66 L30 50" stroke="{GREEN}" stroke-width="3" stroke-linecap="round"/>'
            f'<ellipse cx="30" cy="41" rx="12" ry="9" fill="{GREEN}"/>'
            f'<circle cx="40" cy="27" r="6" fill="{RED}"/><path d="M45 26 L51 28 L45 30 Z" fill="#d99a00"/>'
            f'<circle cx="41" cy="26" r="1.3" fill="#fff"/>'
            f'<path d="M19 40 C10 34 8 24 12 16 M21 44 C10 44 6 38 6 30 M24 47 C16 52 10 52 7 48" fill="none" '
            f'stroke="{BLUE}" stroke-width="2.4" stroke-linecap="round"/>')


_FLOWER_NAMES = ("spring", "summer", "autumn", "winter", "plum", "orchid", "bamboo", "chrysanthemum")


def _emblem(n: int) -> str:
    """The picture of flower ``n`` (1..8): the four seasons, then plum, orchid, bamboo, chrysanthemum."""
    if n == 1:  # spring: a tree in leaf
        return ('<rect x="28" y="44" width="4" height="22" fill="#7a4a20"/>'
                f'<circle cx="30" cy="36" r="13" fill="{GREEN}"/><circle cx="22" cy="44" r="7" fill="{GREEN}"/>'
                f'<circle cx="38" cy="44" r="7" fill="{GREEN}"/>')
    if n == 2:  # summer: the sun
        rays = "".join(f'<path d="M30 42 L{30 + 20 * c:.1f} {42 + 20 * s:.1f}"/>' for c, s in
                       ((1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1), (0.7, -0.7)))
        return (f'<g stroke="#d97706" stroke-width="3" stroke-linecap="round">{rays}</g>'
                f'<circle cx="30" cy="42" r="11" fill="{RED}"/>')
    if n == 3:  # autumn: a falling leaf
        return ('<path d="M30 22 L44 40 L30 60 L16 40 Z" fill="#d2691e"/>'
                '<path d="M30 24 L30 68" stroke="#7a4a20" stroke-width="2.2" stroke-linecap="round"/>')
    if n == 4:  # winter: a snowflake
        arms = "".join(f'<path d="M{30 - 18 * c:.1f} {42 - 18 * s:.1f} L{30 + 18 * c:.1f} {42 + 18 * s:.1f}"/>'
                       for c, s in ((1, 0), (0.5, 0.87), (-0.5, 0.87)))
        return f'<g stroke="{BLUE}" stroke-width="3" stroke-linecap="round">{arms}</g>'
    if n == 5:  # plum: five pink petals
        petals = "".join(f'<circle cx="{30 + 9 * c:.1f}" cy="{42 + 9 * s:.1f}" r="7" fill="#e8579a"/>'
                         for c, s in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31)))
        return petals + '<circle cx="30" cy="42" r="4" fill="#f7d046"/>'
    if n == 6:  # orchid: long leaves and a bloom
        return ('<g fill="none" stroke="#2f8a4a" stroke-width="2.6" stroke-linecap="round">'
                '<path d="M30 68 C28 50 20 38 12 30"/><path d="M30 68 C32 52 40 40 48 34"/>'
                '<path d="M30 68 C30 56 30 48 30 40"/></g>'
                '<ellipse cx="30" cy="32" rx="5" ry="8" fill="#8e44ad"/>'
                '<ellipse cx="24" cy="36" rx="4" ry="6" fill="#a569bd"/><ellipse cx="36" cy="36" rx="4" ry="6" '
                'fill="#a569bd"/>')
    if n == 7:  # bamboo: three canes with leaves
        canes = "".join(_stick(x, 46, GREEN, 40) for x in (20, 30, 40))
        return canes + ('<g fill="#2f8a4a"><path d="M30 24 C38 18 46 18 50 20 C44 24 38 26 30 24 Z"/>'
                        '<path d="M20 30 C12 24 8 24 6 26 C10 30 14 32 20 30 Z"/></g>')
    # chrysanthemum: many yellow petals
    petals = "".join(f'<ellipse cx="30" cy="31" rx="3" ry="10" fill="#e6a800" transform="rotate({a} 30 42)"/>'
                     for a in range(0, 360, 30))
    return petals + '<circle cx="30" cy="42" r="5" fill="#b7410e"/>'


def svg(tile: int) -> str:
    """The SVG picture of tile ``tile`` (an id 0..41)."""
    code = tile_name(tile)
    body: list[str] = []
    if tile < 27:
        suit, rank = tile // 9, tile % 9 + 1
        if suit == 0:  # characters: the numeral, and 万 in red
            body.append(_strokes(STROKES[NUMERALS[rank - 1]], 13, 7, 34, INK))
            body.append(_strokes(STROKES["万"], 11, 40, 38, RED, 4.0))
        elif suit == 1:
            body += [_dot(*d) for d in _DOTS[rank]]
        else:
            body.append(_bird() if rank == 1 else "".join(_stick(*s) for s in _STICKS[rank]))
    elif tile < 34:
        char = "东南西北中发"[tile - 27] if tile < 33 else ""
        if char:
            color = RED if char == "中" else GREEN if char == "发" else INK
            body.append(_strokes(STROKES[char], 8, 18, 44, color, 4.4))
        else:  # the white dragon: a blue frame
            body.append(f'<rect x="12" y="14" width="36" height="52" rx="3" fill="none" stroke="{BLUE}" '
                        'stroke-width="3.5"/><rect x="18" y="20" width="24" height="40" rx="2" fill="none" '
                        f'stroke="{BLUE}" stroke-width="1.6"/>')
    else:
        n = tile - 33
        body.append(_emblem(n))
        corner = (n - 1) % 4 + 1
        body.append(_strokes(DIGITS[corner], 5, 5, 40, GREEN if n <= 4 else RED, 2.2))
    title = f"{code}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">'
            f"<title>{title}</title>"
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="#fffdf4" stroke="#b9b29a" '
            f'stroke-width="1.5"/>{"".join(body)}</svg>\n')


def write(directory: Path = TILES_DIR) -> list[Path]:
    """Write every tile's SVG to ``directory`` (``<code>.svg``); return the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for t in range(N_TILES):
        path = directory / f"{tile_name(t)}.svg"
        path.write_text(svg(t), encoding="utf-8")
        out.append(path)
    return out


if __name__ == "__main__":  # pragma: no cover
    written = write(Path(sys.argv[1]) if len(sys.argv) > 1 else TILES_DIR)
    print(f"{len(written)} tiles written to {written[0].parent}")
