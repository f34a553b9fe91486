"""JSON Schema (draft 2020-12) written from type hints: ``TypedDict``, ``Literal``, ``Union`` / ``X | None``,
``Sequence`` / ``Mapping`` and the JSON scalars.  The typed dicts stay the one source of a JSON format (the
hand record's :class:`~mahjong.settlement.HandRecordDict`); its schema is generated from them, never written by
hand."""

from __future__ import annotations

import collections.abc
import re
import types
import typing
from typing import Any, ForwardRef, Literal, Union

__all__ = ["schema_of"]

_OPEN = " open objects"  # (the names of the typed dicts that take other keys too, among the resolver's names)
_SCALARS: dict[Any, dict[str, Any]] = {bool: {"type": "boolean"}, int: {"type": "integer"},
                                       float: {"type": "number"}, str: {"type": "string"}, type(None): {"type": "null"}}


def schema_of(tp: Any, *, title: str = "", description: str = "", module: Any = None,
              open_objects: collections.abc.Collection[str] = ()) -> dict[str, Any]:
    """A JSON Schema document for ``tp``: each ``TypedDict`` it uses becomes a definition under ``$defs``
    (required keys, no others unless it is named in ``open_objects``; its docstring the description); ``module``
    resolves forward references (a recursive alias such as ``JSONValue``)."""
    defs: dict[str, Any] = {}
    root = _schema(tp, defs, {**(vars(module) if module is not None else {}), _OPEN: set(open_objects)}, set())
    out: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    if title:
        out["title"] = title
    if description:
        out["description"] = description
    out.update(root)
    if defs:
        out["$defs"] = defs
    return out


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def _schema(tp: Any, defs: dict[str, Any], names: dict[str, Any], resolving: set[str]) -> dict[str, Any]:
    if isinstance(tp, (str, ForwardRef)):  # a forward reference: a recursive alias, written once under $defs
        name = tp if isinstance(tp, str) else tp.__forward_arg__
        if name not in defs and name not in resolving:
            resolving.add(name)
            defs[name] = _schema(names[name], defs, names, resolving)
        return {"$ref": f"#/$defs/{name}"}
    if tp is Any:
        return {}
    if tp in _SCALARS:
        return dict(_SCALARS[tp])
    if _is_typeddict(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # (taken before its fields: a typed dict that holds itself refers to it)
            hints = typing.get_type_hints(tp, localns=names)
            props = {k: _schema(v, defs, names, resolving) for k, v in hints.items()}
            entry: dict[str, Any] = {"type": "object", "properties": props,
                                     "required": sorted(tp.__required_keys__),
                                     "additionalProperties": name in names[_OPEN]}
            doc = re.sub(r":\w+:`~?([^`]+)`", r"\1", " ".join((tp.__doc__ or "").split())).replace("``", "")
            if doc and not doc.startswith(f"{name}("):
                entry["description"] = doc
            defs[name] = entry
        return {"$ref": f"#/$defs/{name}"}
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (Union, types.UnionType):
        return {"anyOf": [_schema(a, defs, names, resolving) for a in args]}
    if origin in (list, tuple, collections.abc.Sequence):
        return {"type": "array", "items": _schema(args[0], defs, names, resolving)} if args else {"type": "array"}
    if origin in (dict, collections.abc.Mapping):
        value = _schema(args[1], defs, names, resolving) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": value}
    raise TypeError(f"no JSON Schema for {tp!r}")
