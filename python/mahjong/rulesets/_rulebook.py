"""What the Python rule sets on the rule book share beyond :mod:`mahjong.rulebook`: their rows are
:class:`~mahjong.rulebook.rows.RuleRow` (the one rule-row type), kept as ``{key: row}`` tables (:func:`rule_table`);
:func:`item` makes a counted row a score item and :func:`drop_excluded` applies the table's 不计 lists with the
rule book's ``simultaneous`` exclusion policy.  Their configs document each field in its metadata
(:func:`~mahjong.rulebook.options.option`); :func:`document_config` and :func:`describe_config` write the
docstring and the option list from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, fields
from typing import Any

from mahjong.framework import ScoreItem
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import apply_exclusions

__all__ = ["item", "rule_table", "drop_excluded", "option_doc", "document_config", "describe_config", "book_option"]

#: the group of rows that depend on how the wildcards are used (left out when a scorer is compared with brute-force
#: substitution)
WILDCARD_GROUP = "wildcard"


def item(row: RuleRow, value: int | None = None, *, count: int = 1, unit: str | None = None,
         note: str = "") -> ScoreItem:
    """A counted row as a score item (``value`` overrides the row's value, e.g. for a configurable row)."""
    return ScoreItem(row.key, row.name_zh, row.name_en, row.value if value is None else value, count,
                     row.unit if unit is None else unit, note or row.text)


def rule_table(rows: Iterable[RuleRow]) -> dict[str, RuleRow]:
    """``{key: row}``, refusing a key twice and a 不计 entry that names no row of the table."""
    table: dict[str, RuleRow] = {}
    for r in rows:
        if r.key in table:
            raise ValueError(f"rule key {r.key!r} appears twice")
        table[r.key] = r
    for r in table.values():
        for x in (*r.excludes, *r.implied):
            if x not in table:
                raise ValueError(f"rule {r.key!r} excludes unknown rule {x!r}")
    return table


def drop_excluded(items: list[ScoreItem], table: Mapping[str, RuleRow]) -> list[ScoreItem]:
    """Drop the items that a present item's 不计 list names (the ``simultaneous`` exclusion policy)."""
    present = [table[k] for k in dict.fromkeys(i.key for i in items) if k in table]
    kept = {r.key for r in apply_exclusions("simultaneous", present)}
    return [i for i in items if i.key not in table or i.key in kept]


# --- configs on the rule book: documentation written from the field metadata ----------------------------------


def option_doc(meta: Mapping[str, Any], default: Any) -> str:
    """One option's documentation from its metadata: "zh / en. Default X — source: S"."""
    text = " / ".join(x for x in (meta.get("zh"), meta.get("en")) if x)
    return f"{text}. Default {default!r} — source: {meta.get('source') or 'ours'}"


def document_config(cls: type, head: str) -> type:
    """Write a config class's docstring from its fields' metadata (the metadata stays the one source; the
    docstring is for readers of ``help()`` and the option lists that read docstrings)."""
    lines = [head, ""]
    for f in fields(cls):
        default = f.default if f.default is not MISSING else None
        lines.append(f"    {f.name}: {option_doc(f.metadata, default)}")
    cls.__doc__ = "\n".join(lines) + "\n"
    return cls


def describe_config(config: object) -> list[tuple[str, Any, str]]:
    """(option, current value, documentation) for every field of a config on the rule book."""
    return [(f.name, getattr(config, f.name), option_doc(f.metadata, f.default if f.default is not MISSING else None))
            for f in fields(config)]  # type: ignore[arg-type]


def book_option(book: Any, name: str) -> Any:
    """A config field whose default, documentation, source and limits are the rule book's option ``name`` (a
    rule set read from its rule file types its config in Python; the values stay the file's)."""
    from mahjong.rulebook.options import option

    _type, default, meta = book.options[name]
    return option(default, zh=meta.get("zh", ""), en=meta.get("en", ""), source=meta.get("source", ""),
                  minimum=meta.get("minimum"), maximum=meta.get("maximum"), choices=meta.get("choices"))
