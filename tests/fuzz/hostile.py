"""Seeded generators of hostile and near-valid inputs for the fuzz suite.

Everything is drawn from one :class:`random.Random`, so an input is reproduced from its seed alone.  Values are
hostile in kind (wrong types, absurd sizes, odd buffers) but bounded in cost: no generator allocates more than a
few megabytes, so a slow call is our slowness, not the generator's.
"""

from __future__ import annotations

import array
import random
from typing import Any

try:
    import numpy as np
except ImportError:  # the suite runs without numpy too, minus the array inputs
    np = None  # type: ignore[assignment]

SUITS = "mps"
HONORS = "ESWNCFP"
ALPHABET = "123456789mpszESWNCFPf[],+ 0eswncfp万筒条一二三九东南西北中发白红板春兰🀄🀇🀙１２３［］，　,\n\t\x00\\'\""
INT_DTYPES = ["u1", "i1", "u2", "i2", "u4", "i4", "u8", "i8"]
OTHER_DTYPES = ["f4", "f8", "?", "M8[s]", "m8[ms]", "c8", "O", "U3", "V4"]


class IndexOnly:
    """Has __index__ but no __int__."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v

    def __repr__(self) -> str:
        return f"IndexOnly({self.v})"


class Liar:
    """__index__ and __int__ disagree; __eq__ / __hash__ / __len__ misbehave."""

    def __init__(self, v: int) -> None:
        self.v = v

    def __index__(self) -> int:
        return self.v

    def __int__(self) -> int:
        return self.v + 1

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"Liar({self.v})"


class Raises:
    """Every conversion raises an exception of its own."""

    def __index__(self) -> int:
        raise RuntimeError("index")

    def __len__(self) -> int:
        raise RuntimeError("len")

    def __iter__(self) -> Any:
        raise RuntimeError("iter")

    def __repr__(self) -> str:
        return "Raises()"


class Gen:
    """Draws inputs from one seeded Random."""

    def __init__(self, rng: random.Random) -> None:
        self.r = rng

    # ---- plain values ------------------------------------------------------------------------------------

    def small_int(self) -> int:
        return self.r.choice([0, 1, 2, 3, 4, 5, -1, 7, 8, 9, 13, 14, 16, 17, 33, 34, 41, 42, 255, 256])

    def absurd_int(self) -> int:
        return self.r.choice([2**70, -(2**70), 2**63, 2**63 - 1, -(2**63), 2**64, 10**12, 2**31, -(2**31) - 1])

    def scalar(self) -> Any:
        r = self.r.random()
        if r < 0.3:
            return self.small_int()
        if r < 0.4:
            return self.absurd_int()
        return self.r.choice([
            True, False, None, 0.0, 1.0, 13.0, float("nan"), float("inf"), -0.0, "1", "true", "no", "", b"1",
            [], {}, (), set(), object(), IndexOnly(self.r.randrange(6)), Liar(1), Raises(), int, str, type,
            1j, bytearray(b"x"), memoryview(b"ab"),
        ])

    def text(self, max_len: int = 40) -> str:
        n = self.r.randrange(max_len + 1)
        if self.r.random() < 0.15:
            return "".join(chr(self.r.randrange(0x20, 0x2FFFF)) for _ in range(n))
        return "".join(self.r.choice(ALPHABET) for _ in range(n))

    def huge_text(self) -> str:
        unit = self.r.choice(["1m", " ", "[", "东", "x", "123456789m", "🀄"])
        size = self.r.choice([1_001, 2_000, 100_000, 1_000_000])
        return unit * (size // len(unit) + 1)

    # ---- hands -------------------------------------------------------------------------------------------

    def tiles(self, n: int, kinds: int = 34) -> list[int]:
        counts = [0] * 34
        out: list[int] = []
        while len(out) < n:
            t = self.r.randrange(kinds)
            if counts[t] < 4:
                counts[t] += 1
                out.append(t)
        return out

    def complete_tiles(self, melds: int = 4, kinds: int = 34) -> list[int]:
        """A complete regular hand (melds + pair) as tile ids, a few tries to keep each tile <= 4 copies."""
        for _ in range(20):
            counts = [0] * 34
            out: list[int] = []
            pair = self.r.randrange(kinds)
            out += [pair, pair]
            for _ in range(melds):
                t = self.r.randrange(kinds)
                if t < 27 and t % 9 <= 6 and self.r.random() < 0.6:
                    out += [t, t + 1, t + 2]
                else:
                    out += [t, t, t]
            for t in out:
                counts[t] += 1
            if max(counts) <= 4:
                self.r.shuffle(out)
                return out
        return self.tiles(3 * melds + 2, kinds)

    def counts(self, n: int | None = None, kinds: int = 34) -> list[int]:
        n = self.r.choice([13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2, 16, 17]) if n is None else n
        c = [0] * 34
        for t in (self.complete_tiles(max(0, (n - 2) // 3), kinds) if n % 3 == 2 and self.r.random() < 0.5
                  else self.tiles(n, kinds)):
            c[t] += 1
        if self.r.random() < 0.2:  # perturb: a fifth copy, a negative count, a wrong size
            c[self.r.randrange(34)] += self.r.choice([1, -1, 5, 250])
        return c

    def notation(self) -> str:
        """A hand in the project notation (melds, flowers, any style), sometimes mutated."""
        from mahjong.tiles import format_tiles

        melds = self.r.randrange(0, 4)
        tiles = self.complete_tiles(4)
        parts = []
        style = self.r.choice(["ascii", "ascii", "chinese", "unicode"])
        for i in range(melds):
            chunk = sorted(tiles[3 * i: 3 * i + 3])
            body = format_tiles(chunk, style)  # type: ignore[arg-type]
            if len(set(chunk)) == 1 and self.r.random() < 0.3:
                body = format_tiles(chunk + chunk[:1], style)  # type: ignore[arg-type]
            parts.append(f"[{body}{self.r.choice(['', ',1', ',2', ',3', ',0', ',+', ',2+', ',9'])}]")
        rest = tiles[3 * melds:]
        parts.append(format_tiles(rest, style, sort=self.r.random() < 0.5))  # type: ignore[arg-type]
        if self.r.random() < 0.2:
            parts.append(" f" + str(self.r.randrange(1, 9)))
        text = ("" if style == "unicode" else self.r.choice(["", " "])).join(parts)
        if self.r.random() < 0.3:
            text = self.mutate(text)
        return text

    def mutate(self, text: str) -> str:
        chars = list(text)
        for _ in range(self.r.randrange(1, 4)):
            op = self.r.randrange(3)
            pos = self.r.randrange(len(chars) + 1)
            if op == 0:
                chars.insert(pos, self.r.choice(ALPHABET))
            elif op == 1 and chars:
                del chars[min(pos, len(chars) - 1)]
            elif chars:
                chars[min(pos, len(chars) - 1)] = self.r.choice(ALPHABET)
        return "".join(chars)

    def hand_object(self) -> Any:
        from mahjong.hand import parse_hand

        for _ in range(5):
            try:
                return parse_hand(self.notation())
            except ValueError:
                continue
        return parse_hand("123m456p789s123sEE")

    def buffer(self, values: list[int], shape: tuple[int, ...] | None = None) -> Any:
        """``values`` as any buffer kind: numpy (every int dtype and byte order, odd dtypes, views with strides,
        masked), bytes, bytearray, memoryview, array.array, lists, tuples."""
        kind = self.r.random()
        if np is None or kind < 0.25:
            choice = self.r.randrange(6)
            if choice == 0:
                return bytes(v & 0xFF for v in values)
            if choice == 1:
                return bytearray(v & 0xFF for v in values)
            if choice == 2:
                return memoryview(bytes(v & 0xFF for v in values))
            if choice == 3:
                return array.array(self.r.choice("bhilqBHILQ"), [max(0, min(v, 127)) for v in values])
            if choice == 4:
                return list(values)
            return tuple(values)
        shape = shape or (len(values),)
        if kind < 0.85:
            dtype = self.r.choice(INT_DTYPES)
            order = self.r.choice(["<", ">", "="])
            arr = np.array(values, dtype=np.int64).astype(order + dtype).reshape(shape)
        else:
            dtype = self.r.choice(OTHER_DTYPES)
            try:
                arr = np.array(values).astype(dtype).reshape(shape)
            except (TypeError, ValueError):
                arr = np.array(values, dtype=object).reshape(shape)
        view = self.r.randrange(8)
        if view == 0 and arr.ndim == 2:
            arr = np.asfortranarray(arr)
        elif view == 1:
            arr = np.repeat(arr, 2, axis=-1)[..., ::2]  # strided
        elif view == 2:
            arr = arr[::-1][::-1]
        elif view == 3:
            arr = np.ma.masked_array(arr, mask=np.zeros(arr.shape, dtype=bool))
        elif view == 4:
            arr = arr.reshape((1,) + arr.shape)  # an extra dimension
        elif view == 5:
            arr.setflags(write=False)
        return arr

    def hand_input(self) -> Any:
        r = self.r.random()
        if r < 0.3:
            return self.buffer(self.counts())
        if r < 0.45:
            return self.notation()
        if r < 0.55:
            return self.hand_object()
        if r < 0.65:
            return self.tiles(self.r.choice([13, 14, 10, 11, 1, 0]))
        if r < 0.75:
            return self.text()
        if r < 0.78:
            return self.huge_text()
        if r < 0.85:
            return [self.scalar() for _ in range(self.r.choice([13, 14, 34]))]
        return self.scalar()

    def wildcards(self) -> Any:
        r = self.r.random()
        if r < 0.7:
            return self.r.choice([0, 0, 0, 1, 2, 3])
        return self.scalar()

    def rules(self) -> Any:
        from mahjong.rules import PRESETS, HandRules

        if self.r.random() < 0.9:
            return self.r.choice(list(PRESETS.values()))
        return self.r.choice([None, "default", HandRules, [], {}, 13, self.scalar()])

    def batch(self, n_rows: int, n_tiles: int | None = None) -> Any:
        rows: list[int] = []
        for _ in range(n_rows):
            rows += self.counts(n_tiles)
        if np is not None and self.r.random() < 0.6:
            shape = self.r.choice([(n_rows, 34), (n_rows * 34,), (n_rows, 34)])
            if self.r.random() < 0.05:
                shape = self.r.choice([(n_rows, 17, 2), (34, n_rows)]) if n_rows else (0,)
            return self.buffer(rows, shape)
        if self.r.random() < 0.5:
            return bytes(v & 0xFF for v in rows)
        return [rows[34 * i: 34 * i + 34] for i in range(n_rows)]

    # ---- win facts ---------------------------------------------------------------------------------------

    FACTS = ("winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "last_tile", "last_wall_tile",
             "kong_replacement", "robbing_kong", "after_kong_discard", "heavenly", "earthly", "self_drawn",
             "indicator", "caishen", "wildcard_tile", "jing_held", "jing_kongs", "already_won", "kong_from",
             "gang_hua", "chengbao", "declared_ready", "haidi", "kou_ting", "wildcard_win", "ya", "bogus", "")

    def fact_value(self, name: str) -> Any:
        r = self.r.random()
        if r < 0.5:
            if name in ("winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "kong_from"):
                return self.r.choice([0, 1, 2, 3, None])
            if name in ("indicator", "caishen", "wildcard_tile"):
                return self.r.choice(["5m", "C", "红中", 3, 31, "f1", 34, None])
            return self.r.choice([True, False])
        if r < 0.7:
            return self.r.choice(["true", "false", "1", "0", "yes", "no", "none", "E", "2", "x"])
        return self.scalar()

    def facts(self) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for _ in range(self.r.randrange(0, 5)):
            out[self.r.choice(self.FACTS)] = self.fact_value("x")
        for name in self.r.sample(self.FACTS, self.r.randrange(0, 3)):
            out[name] = self.fact_value(name)
        if self.r.random() < 0.03:  # a key that is not a name
            key = self.scalar()
            try:
                hash(key)
            except TypeError:
                key = 5
            out[key] = 1
        return out
