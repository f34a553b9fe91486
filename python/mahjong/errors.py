"""The package's exception types, and the catalogue of what they say in English and Chinese.

Every error the package raises on bad input is a :class:`MahjongError`, which is a :class:`ValueError`, so
callers can catch either.  Messages name the problem (the bad token and its position, the tile with a fifth
copy, the rule that was broken).

Each kind of message has one row in :data:`CATALOGUE` (:mod:`mahjong._messages`): a stable ``code`` with its
English and Chinese texts, both written with the same ``{placeholders}``.  An error raised with a code
(``HandError(code="too-many-copies", n=5, tile="5m")``) takes its English text from the row; an error raised
with English text alone is matched against the rows' English templates, so its ``code`` and Chinese text are
found without a second string at the raise site.  ``str(error)`` is always the English message;
``error.message("zh")`` (or ``error.message_zh``) the Chinese one; ``error.code`` the row's code.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from mahjong._messages import CATALOGUE, KIND_CODES, Message

__all__ = [
    "MahjongError",
    "TileError",
    "HandError",
    "MeldError",
    "RulesError",
    "ContextError",
    "NotWinningError",
    "CommandError",
    "Message",
    "CATALOGUE",
    "KIND_CODES",
    "translate",
    "identify",
    "listed",
    "shown_number",
    "whole",
    "closest",
    "register_file_texts",
    "register_names",
    "chinese_of",
]


_FORMATTER = string.Formatter()


def fields_of(template: str) -> list[str]:
    """The placeholder names of a template, in order (``"{n} copies of {tile}"`` → ``["n", "tile"]``)."""
    return [f for _, f, _, _ in _FORMATTER.parse(template) if f is not None]


def _render(template: str, values: Mapping[str, str]) -> str:
    """Fill a template with values already rendered as text (conversions and specs of the template ignored)."""
    out = []
    for literal, name, _, _ in _FORMATTER.parse(template):
        out.append(literal)
        if name is not None:
            out.append(values[name])
    return "".join(out)


def _rendered_values(template: str, values: Mapping[str, object]) -> dict[str, str]:
    """Each value as the English template shows it (``{tile!r}`` → ``repr``; ``{n:>3}`` → padded)."""
    out: dict[str, str] = {}
    for _, name, spec, conv in _FORMATTER.parse(template):
        if name is None:
            continue
        value = values[name]
        if conv:
            value = _FORMATTER.convert_field(value, conv)
        out[name] = format(value, spec or "")
    return out


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name a misspelt ``name`` most likely meant (for "did you mean …?"), or None."""
    import difflib

    got = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return got[0] if got else None


def listed(items: object) -> str:
    """Items as plain text for a message (``[1, 3]`` → ``"1, 3"``; nothing → ``"none"``): no Python reprs."""
    from collections.abc import Iterable

    parts = [str(x) for x in items] if isinstance(items, Iterable) and not isinstance(items, str) else [str(items)]
    return ", ".join(parts) or "none"


def whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number of a type every entry point takes (an int, or a numpy integer
    taken as an int), else None: never a bool (True would quietly be seat 1), a float or text."""
    if type(value) is int:  # (every step of a game asks: the import below only for the other types)
        return value
    from numbers import Integral

    if isinstance(value, Integral) and not isinstance(value, bool):  # (numpy's integer types are Integral)
        return int(value)
    return None


def shown_number(value: object) -> str:
    """A number a caller gave, short enough for a message: whole numbers of up to 12 digits as they are, longer
    ones by their size (Python will not even write a 5,000-digit integer as text), anything else as a short
    repr."""
    if isinstance(value, int) and not isinstance(value, bool):
        if -10**12 < value < 10**12:
            return str(value)
        return f"{'-' if value < 0 else ''}a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not replace our error
        return f"<{type(value).__name__}>"
    return text if len(text) <= 24 else text[:21] + "..."


def _nested(name: str) -> bool:
    return name == "error" or name.endswith("_error")


class _Pattern(NamedTuple):
    code: str
    regex: re.Pattern[str]
    weight: int  # literal characters: the more, the more specific the row


_PATTERNS: list[_Pattern] | None = None


def _patterns() -> list[_Pattern]:
    global _PATTERNS
    if _PATTERNS is None:
        rows = []
        for code, msg in CATALOGUE.items():
            parts: list[str] = []
            weight = 0
            seen: set[str] = set()
            for literal, name, _, _ in _FORMATTER.parse(msg.en):
                parts.append(re.escape(literal))
                weight += len(literal)
                if name is not None:
                    if name in seen:
                        parts.append(f"(?P={name})")
                    else:
                        seen.add(name)
                        parts.append(f"(?P<{name}>.+?)" if not _nested(name) else f"(?P<{name}>.+)")
            rows.append(_Pattern(code, re.compile("".join(parts), re.DOTALL), weight))
        rows.sort(key=lambda p: -p.weight)
        _PATTERNS = rows
    return _PATTERNS


def identify(text: str) -> tuple[str, dict[str, str]] | None:
    """The catalogue row whose English template ``text`` is, and the placeholder values; ``None`` if none."""
    found = _best(text, 0)
    return None if found is None else (found[0], found[1])


def _best(text: str, depth: int) -> tuple[str, dict[str, str], int] | None:
    """The matching row that explains most of ``text``: its literal words plus those of the rows its nested
    messages match (so ``argument --top: <a range message>`` is read as the two rows, not one loose row)."""
    best: tuple[str, dict[str, str], int] | None = None
    for p in _patterns():
        if best is not None and depth >= 3 and p.weight <= best[2]:
            break
        m = p.regex.fullmatch(text)
        if m is None:
            continue
        values = m.groupdict()
        score = p.weight
        if depth < 3:
            for name, value in values.items():
                if _nested(name):
                    inner = _best(value, depth + 1)
                    score += inner[2] if inner else 0
        if best is None or score > best[2]:
            best = (p.code, values, score)
    return best


def translate(text: str, lang: str = "zh", kind: str = "MahjongError") -> str:
    """An English error message in ``lang``: its catalogue row filled in Chinese, nested messages included.
    A message no row matches is shown after the Chinese name of its kind of error."""
    if lang != "zh":
        return text
    found = identify(text)
    if found is None:
        own = _file_text(text)
        if own is not None:
            return own
        head = CATALOGUE[KIND_CODES.get(kind, "error")].zh
        return f"{head}：{text}"
    code, values = found
    return _zh(code, values)


def chinese_of(text: str) -> str | None:
    """The Chinese of an English text the catalogue or a rule file knows (a result's reason, a note), or ``None``."""
    found = identify(text)
    if found is not None:
        return _zh(*found)
    return _file_text(text)


#: messages a rule file writes in both languages (a check's ``error`` and ``error_zh``): English -> Chinese
_FILE_TEXTS: dict[str, str] = {}


def register_file_texts(pairs: Iterable[tuple[str, str]]) -> None:
    """Messages a rule file writes in both languages, shown in Chinese where the catalogue has no row for them
    (a file's text is its own: it cannot be a catalogue row)."""
    for en, zh in pairs:
        if en and zh:
            _FILE_TEXTS[en] = zh


#: names a message may hold in English (a rule set's name, a winning form) -> their Chinese: a placeholder named in
#: :data:`_NAME_PLACEHOLDERS` shows its value's Chinese name in the Chinese text (a list of names item by item)
_NAMES_ZH: dict[str, str] = {}
_NAME_PLACEHOLDERS = ("ruleset", "forms")


def register_names(pairs: Iterable[tuple[str, str]]) -> None:
    """English names (a rule set's, a winning form's) and their Chinese, for the placeholders ``{ruleset}`` and
    ``{forms}``: the English text holds the English name, the Chinese text the Chinese one."""
    for en, zh in pairs:
        if en and zh:
            _NAMES_ZH[en] = zh


def _name_zh(value: str) -> str:
    return "、".join(_NAMES_ZH.get(part, part) for part in value.split(", "))


def _file_text(text: str) -> str | None:
    """A rule file's message in Chinese, also when the rule set puts its name before it (``"sichuan: …"``)."""
    got = _FILE_TEXTS.get(text)
    if got is None and ": " in text:
        head, _, rest = text.partition(": ")
        zh = _FILE_TEXTS.get(rest)
        if zh is not None:
            return f"{head}：{zh}"
    return got


def _zh(code: str, values: Mapping[str, str]) -> str:
    template = CATALOGUE[code].zh
    last = fields_of(template)[-1:] if template.endswith("}") else []
    filled = {k: _inner_zh(v, k in last) if _nested(k) else _name_zh(v) if k in _NAME_PLACEHOLDERS else v
              for k, v in values.items()}
    return _render(template, filled)


def _inner_zh(text: str, at_end: bool) -> str:
    """A nested message in Chinese: a full sentence at the end of its sentence, without its full stop inside."""
    zh = translate(text)
    return zh if at_end else zh.rstrip("。")


class MahjongError(ValueError):
    """Base class of every error raised by :mod:`mahjong` for bad input.

    ``str(error)`` is the English message.  For interfaces that translate or react:

    - ``code``: the stable, machine-readable kind of message (``"bad-tile-text"``, ``"too-many-copies"``, ...),
      a row of :data:`CATALOGUE`; an English message that no row matches gets the code of its exception type
      (``"hand-error"`` ...);
    - ``message_zh`` / ``message("zh")``: the message in Chinese;
    - ``values``: the placeholder values of the row, as text.

    Raise with ``code=`` and the row's placeholders as keywords to take the English text from the catalogue;
    or with the English text alone, which is matched against the catalogue when a translation is asked for.
    """

    def __init__(self, *args: object, code: str | None = None, message_zh: str | None = None,
                 **values: object) -> None:
        rendered: dict[str, str] | None = None
        if code is not None and not args and code in CATALOGUE:
            rendered = _rendered_values(CATALOGUE[code].en, values)
            args = (_render(CATALOGUE[code].en, rendered),)
        elif values:
            raise TypeError(f"placeholder values need a catalogue code, got code={code!r}")
        super().__init__(*args)
        self._code = code
        self._message_zh = message_zh
        self._values = rendered

    def _identified(self) -> tuple[str, dict[str, str]] | None:
        if self._code is not None:
            if self._values is None and self._code in CATALOGUE:
                found = identify(str(self))
                self._values = found[1] if found and found[0] == self._code else {}
            return self._code, self._values or {}
        text = str(self)
        found = identify(text)
        if found is not None:
            self._code, self._values = found
        return found

    @property
    def code(self) -> str:
        found = self._identified()
        return found[0] if found else KIND_CODES.get(type(self).__name__, _kind_code(type(self)))

    @code.setter
    def code(self, value: str | None) -> None:
        self._code = value

    @property
    def values(self) -> dict[str, str]:
        found = self._identified()
        return dict(found[1]) if found else {}

    @property
    def message_zh(self) -> str:
        found = self._identified()  # the catalogue first: one place for every message's two languages
        if found is not None and found[0] in CATALOGUE and set(fields_of(CATALOGUE[found[0]].zh)) <= set(found[1]):
            return _zh(*found)
        if self._message_zh is not None:
            return self._message_zh
        return translate(str(self), "zh", _kind_name(type(self)))

    @message_zh.setter
    def message_zh(self, value: str | None) -> None:
        self._message_zh = value

    def message(self, lang: str = "en") -> str:
        """The message in ``"en"`` or ``"zh"``."""
        return self.message_zh if lang == "zh" else str(self)


def _kind_name(cls: type) -> str:
    for k in cls.__mro__:
        if k.__name__ in KIND_CODES:
            return k.__name__
    return "MahjongError"


def _kind_code(cls: type) -> str:
    return KIND_CODES[_kind_name(cls)]


class TileError(MahjongError):
    """A tile string, tile id or tile name that cannot be read."""


class HandError(MahjongError):
    """A hand that cannot exist: a fifth copy, a wrong tile count, bad array shape or dtype."""


class MeldError(HandError):
    """An illegal meld: a chow of honors, a pung of different tiles, a bad claim seat."""


class RulesError(MahjongError):
    """A rules object or option that is inconsistent or unknown (e.g. an unknown preset name)."""


class ContextError(MahjongError):
    """A win context that contradicts the hand (e.g. 杠上开花 without a kong, seat out of range)."""


class NotWinningError(HandError):
    """The hand does not win under the given rules; the message names the rule that fails."""


class CommandError(MahjongError):
    """A problem with the command line or a file it names (a bad option value, an unreadable record)."""

