"""Configs validated from their type annotations, with each field's documentation and source kept as field
metadata (not scraped from docstrings), so the CLI, the web calculator and the JSON Schema can all read them.

    @dataclass(frozen=True)
    class MyConfig(ValidatedConfig):
        base: int = option(1, zh="底分", en="points per fan", source="ours", minimum=1)

A rule file's ``[options]`` table becomes such a dataclass (:func:`make_config`).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field, fields
from typing import Any, Literal, Union

from mahjong.errors import RulesError, listed
from mahjong.rulebook.limits import MAX_INT, in_range

__all__ = ["option", "ValidatedConfig", "check_value", "make_config", "describe", "config_schema", "OPTION_TYPES"]

#: the option types a rule file may declare, and the Python type each becomes
OPTION_TYPES: dict[str, Any] = {"bool": bool, "int": int, "int_or_none": int | None, "str": str}


def option(default: Any, *, zh: str = "", en: str = "", source: str = "", minimum: int | None = None,
           maximum: int | None = None, choices: tuple[Any, ...] | None = None) -> Any:
    """A config field with its documentation (Chinese and English), source and limits as metadata."""
    meta = {"zh": zh, "en": en, "source": source, "minimum": minimum, "maximum": maximum, "choices": choices}
    return field(default=default, metadata=meta)


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return " | ".join(repr(a) for a in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return " | ".join(_type_name(a) for a in typing.get_args(tp))
    if tp is type(None):
        return "None"
    return getattr(tp, "__name__", str(tp))


def _fits(value: Any, tp: Any) -> bool:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return value in typing.get_args(tp)
    if origin in (Union, types.UnionType):
        return any(_fits(value, a) for a in typing.get_args(tp))
    if tp is type(None):
        return value is None
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp is Any:
        return True
    return isinstance(value, tp)


def check_value(owner: str, name: str, value: Any, tp: Any, meta: Any) -> None:
    """Raise :class:`RulesError` unless ``value`` fits the annotation ``tp`` and the field's limits."""
    if not _fits(value, tp):
        two = typing.get_args(tp) if typing.get_origin(tp) is Literal else ()
        if len(two) == 2:
            raise RulesError(f"{owner} option {name} must be {two[0]!r} or {two[1]!r}, got {value!r}")
        raise RulesError(f"{owner} option {name} must be {_type_name(tp)}, got {value!r}")
    if isinstance(value, int) and not isinstance(value, bool):
        if not in_range(value):  # (a rule set's values are computed in 64 bits; such a number has no printed form)
            raise RulesError(f"{owner} option {name} must be at most {MAX_INT} either way, got a number of "
                             f"{value.bit_length()} bits")
        lo, hi = meta.get("minimum"), meta.get("maximum")
        if lo is not None and value < lo:
            raise RulesError(f"{owner} option {name} must be at least {lo}, got {value!r}")
        if hi is not None and value > hi:
            raise RulesError(f"{owner} option {name} must be at most {hi}, got {value!r}")
    choices = meta.get("choices")
    if choices and value not in choices:
        raise RulesError(f"{owner} option {name} must be one of {listed(choices)}, got {value!r}")


class ValidatedConfig:
    """Mixin for frozen config dataclasses: every field is checked against its annotation and limits."""

    def __post_init__(self) -> None:
        owner, checked = _checked_fields(type(self))
        for name, tp, meta in checked:
            check_value(owner, name, getattr(self, name), tp, meta)


def type_hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints`` of a config class, worked out once per class (it evaluates every annotation: a
    config is made for every game) and kept in the class itself (a cache keyed by classes would keep alive every
    rule file's config class).  The dict is shared: read it, never change it."""
    got: dict[str, Any] | None = cls.__dict__.get("_type_hints_")
    if got is None:
        got = typing.get_type_hints(cls)
        type.__setattr__(cls, "_type_hints_", got)
    return got


def _checked_fields(cls: type) -> tuple[str, tuple[tuple[str, Any, Any], ...]]:
    """A config class's owner name and, per field, (name, annotation, metadata): what its checks read (kept in
    the class, as :func:`type_hints` is)."""
    got: tuple[str, tuple[tuple[str, Any, Any], ...]] | None = cls.__dict__.get("_checked_fields_")
    if got is None:
        hints = type_hints(cls)
        got = (getattr(cls, "owner", cls.__name__),
               tuple((f.name, hints.get(f.name, Any), f.metadata) for f in fields(cls)))
        type.__setattr__(cls, "_checked_fields_", got)
    return got


def make_config(owner: str, specs: dict[str, tuple[str, Any, dict[str, Any]]]) -> type:
    """A frozen, validated config dataclass from ``{name: (type name, default, metadata)}`` (a rule file's
    options)."""
    entries = []
    for name, (tname, default, meta) in specs.items():
        entries.append((name, OPTION_TYPES[tname], field(default=default, metadata=meta)))
    cls = dataclasses.make_dataclass(f"{owner.title().replace('-', '').replace('_', '')}Config", entries,
                                     bases=(ValidatedConfig,), frozen=True, namespace={"owner": owner})
    # make_dataclass annotations are the types themselves; get_type_hints needs no module globals for them
    cls.__doc__ = docstring_of(f"Options of {owner}.", {n: m for n, (_t, _d, m) in specs.items()})
    return cls


def docstring_of(head: str, metas: dict[str, dict[str, Any]]) -> str:
    """A docstring written from field metadata ("name: zh / en — source: …" a line), for readers of docstrings;
    the metadata stays the one source."""
    lines = [head, ""]
    for name, m in metas.items():
        text = " / ".join(x for x in (m.get("zh"), m.get("en")) if x) or name
        if m.get("source"):
            text += f" — source: {m['source']}"
        lines.append(f"    {name}: {text}")
    return "\n".join(lines) + "\n"


def describe(config: object) -> list[dict[str, Any]]:
    """Every field: name, current value, type, documentation (zh / en) and source, from the metadata."""
    hints = type_hints(type(config))
    out = []
    for f in fields(config):  # type: ignore[arg-type]
        m = f.metadata
        out.append({"name": f.name, "value": getattr(config, f.name), "type": _type_name(hints.get(f.name, Any)),
                    "zh": m.get("zh", ""), "en": m.get("en", ""), "source": m.get("source", "")})
    return out


def _schema_of_type(tp: Any) -> dict[str, Any]:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return {"enum": list(typing.get_args(tp))}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema_of_type(a) for a in typing.get_args(tp)]}
    return {bool: {"type": "boolean"}, int: {"type": "integer"}, str: {"type": "string"},
            type(None): {"type": "null"}}.get(tp, {})


def config_schema(cls: type) -> dict[str, Any]:
    """A JSON Schema object for a config dataclass, from its annotations and metadata."""
    hints = type_hints(cls)
    props: dict[str, Any] = {}
    for f in fields(cls):
        s = _schema_of_type(hints.get(f.name, Any))
        m = f.metadata
        desc = " / ".join(x for x in (m.get("zh"), m.get("en")) if x)
        if m.get("source"):
            desc += f" (source: {m['source']})"
        if desc:
            s["description"] = desc
        if f.default is not dataclasses.MISSING:
            s["default"] = f.default
        if m.get("minimum") is not None:
            s["minimum"] = m["minimum"]
        if m.get("maximum") is not None:
            s["maximum"] = m["maximum"]
        props[f.name] = s
    return {"type": "object", "properties": props, "additionalProperties": False}


@dataclass(frozen=True)
class _Example(ValidatedConfig):  # used by the tests: a hand-written validated config
    base: int = option(1, zh="底分", en="points per fan", source="ours", minimum=1)
    cap: int | None = option(None, zh="封顶", en="cap on the total", source="ours")
    mode: Literal["a", "b"] = option("a", zh="模式", en="mode", source="ours")
