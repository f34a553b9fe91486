"""What the ``mahjong`` commands print and read in common: a settlement as text, the progress bar, the
``--option KEY=VALUE`` values of the game commands, and the display width of a text.  The commands
(:mod:`mahjong.cli`, :mod:`mahjong.game.cli`, :mod:`mahjong.scale.cli`) import it; it imports none of them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong import i18n
from mahjong.errors import MahjongError, RulesError
from mahjong.registry import PRESET_INFO, shared_ruleset

__all__ = ["print_settlement", "progress_bar", "read_options", "display_width"]


def display_width(s: str) -> int:
    """Display width: CJK characters take two columns."""
    return sum(2 if ord(c) > 0x2E80 else 1 for c in s)


def print_settlement(s: dict[str, Any], lang: str, seat_name: Callable[[int], str] | None = None,
                     winners: Sequence[int] | None = None) -> None:
    """A settlement's dict (``Settlement.to_dict()``) as text in one language (``settle``, and ``play`` at the end).
    ``settle`` labels each line with the record's event that made it; ``play`` names the seats (``seat_name``: with
    their wind) and each win's items by its winner (``winners``, in the results' order) instead."""
    t = i18n.text
    name = seat_name or (lambda seat: t("seat", lang, seat=seat))
    info = PRESET_INFO.get(s["ruleset"])
    title = "" if info is None else f"{info.name_zh if lang == 'zh' else info.name_en} "
    print(f"{t('ruleset', lang)}: {title}({s['ruleset']})" if title else f"{t('ruleset', lang)}: {s['ruleset']}")
    for p in s["lines"]:
        reason = _reason(p["reason"], lang)
        note = _note(p, s["ruleset"], lang)
        note = f"  {note}" if note and note != reason else ""  # (查花猪's note is its reason: said once)
        where = ""
        if seat_name is None:
            where = "[" + (t("event", lang, n=p["event"]) if p["event"] is not None else "—") + "] "
        print(f"  {where}{name(p['payer'])} → {name(p['payee'])}: {p['amount']}  ({reason}){note}")
    for i, r in enumerate(s["results"]):
        names = " ".join(i18n.name(it, lang) + (f"×{it['count']}" if it["count"] != 1 else "") for it in r["items"])
        head = t("win_of", lang, seat=name(winners[i])) if winners is not None and i < len(winners) else \
            t("win_n", lang, n=i + 1)
        print(f"  {head}: {names} = {r['total']} {i18n.unit(r['unit'], lang)}")
    for k, v in s["details"].items():
        label = t(f"detail.{k}", lang) if f"detail.{k}" in i18n.MESSAGES else k
        print(f"  {label}: {_plain(v, lang)}")
    print(f"{t('net', lang)}: " + "  ".join(f"{name(i)} {v:+d}" for i, v in enumerate(s["net"])))


def _reason(reason: str, lang: str) -> str:
    """A line's reason in words: ``kong.melded`` → 直杠; a rule file's ``opening.<row>`` → 起手小胡 (the row's
    name is the line's note)."""
    for key in (f"reason.{reason}", f"reason.{reason.partition('.')[0]}"):
        if key in i18n.MESSAGES:
            return i18n.text(key, lang)
    return reason


def _note(line: dict[str, Any], ruleset: str, lang: str) -> str:
    """A line's note in ``lang``: a rule set's own note (:data:`mahjong.i18n.LINE_NOTES`), or the name of the rule
    file's row that paid it (its English name in English), or the note as recorded."""
    note = str(line["note"] or "")
    said = i18n.line_note(note, lang) if note else None
    if said is not None:
        return said
    kind, _, key = str(line["reason"]).partition(".")
    if lang != "zh" and key and kind in ("opening", "instant_win"):
        try:
            special = shared_ruleset(ruleset).book.special  # type: ignore[attr-defined]
            rows = {r.key: r for r in (*special.opening, *special.instant_wins)}
        except (MahjongError, AttributeError):
            return note
        row = rows.get(key)
        return row.en if row is not None and row.en else note
    return note


def _plain(value: Any, lang: str) -> str:
    """A detail value as a person reads it: lists without brackets, "none" for nothing, no JSON punctuation."""
    if value is None or value == [] or value == {}:
        return i18n.text("none", lang)
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, list):
        return ", ".join(_plain(v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{i18n.text('seat', lang, seat=k) if str(k).isdigit() else k}: {_plain(v, lang)}"
                         for k, v in value.items())
    return str(value)


def progress_bar(stream: Any, word: str = "hands", lang: str = "en") -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback drawing the bar of :class:`_Progress` on ``stream`` (the rate and the
    time left in ``lang``)."""
    return _Progress(stream, word, lang).show


class _Progress:
    """The progress bar of ``mahjong simulate`` on a stream: redrawn in place on a terminal, else a line at each
    tenth (a log file or a pipe gets no carriage returns)."""

    def __init__(self, stream: Any, word: str = "hands", lang: str = "en") -> None:
        self.stream, self.word, self.lang = stream, word, lang
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.tenth = -1
        self.start = time.perf_counter()

    def pace(self, done: int, total: int) -> str:
        """The rate so far and the time left at that rate (``"1,234/s, 0:12 left"``)."""
        spent = time.perf_counter() - self.start
        rate = done / spent if spent > 0 else 0.0
        left = int((total - done) / rate) if rate > 0 else 0
        return i18n.text("progress.rate", self.lang, rate=f"{rate:,.0f}", left=f"{left // 60}:{left % 60:02d}")

    def show(self, done: int, total: int) -> None:
        if self.tty:
            fill = done * 30 // total
            self.stream.write(f"\r[{'#' * fill}{'.' * (30 - fill)}] {done}/{total} {self.word}  "
                              f"{self.pace(done, total)}   ")
            if done == total:
                self.stream.write("\n")
        elif done * 10 // total != self.tenth or done == total:
            self.tenth = done * 10 // total
            self.stream.write(f"{done}/{total} {self.word}  {self.pace(done, total)}\n")
        self.stream.flush()


def read_options(pairs: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` items of ``simulate`` and ``play``: ``true`` / ``false``, ``none`` / ``null`` and
    whole numbers read as such, anything else kept as text (the rule set's own checks read it)."""
    out: dict[str, Any] = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise RulesError(f"--option needs KEY=VALUE, got {item!r}")
        low = value.strip().lower()
        v: Any = value
        if low in ("true", "false"):
            v = low == "true"
        elif low in ("none", "null"):
            v = None
        else:
            try:
                v = int(value)
            except ValueError:
                v = value
        out[key.strip()] = v
    return out
