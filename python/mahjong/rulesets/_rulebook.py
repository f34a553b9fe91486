"""What the rule sets' rule books are made of: one :class:`Rule` row per fan / hu / 台 / multiplier line.

A row holds the line's key, Chinese and English names, value, the rows it cancels (不计 / 不算) and the rule text
it implements; :func:`drop_excluded` applies the 不计 lists of the rows present.  Rule sets keep their tables as
``{key: Rule}`` dicts of these rows, next to the small functions that detect each line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from mahjong.framework import ScoreItem

__all__ = ["Rule", "rule_table", "drop_excluded"]


@dataclass(frozen=True)
class Rule:
    """One line of a rule book.

    ``excludes``: keys of the lines it cancels (不计).  ``wildcard_related``: the line depends on how the
    wildcards are used (such lines are left out when a scorer is compared with brute-force substitution).
    """

    key: str
    name_zh: str
    name_en: str
    value: int
    excludes: tuple[str, ...] = ()
    rule: str = ""
    wildcard_related: bool = False

    def item(self, value: int | None = None, *, count: int = 1, unit: str = "fan", note: str = "") -> ScoreItem:
        """This line as a score item (``value`` overrides the row's value, e.g. for a configurable line)."""
        return ScoreItem(self.key, self.name_zh, self.name_en, self.value if value is None else value, count, unit,
                         note or self.rule)


def rule_table(rows: Iterable[Rule]) -> dict[str, Rule]:
    """``{key: row}``, refusing a key twice and a 不计 entry that names no row of the table."""
    table: dict[str, Rule] = {}
    for r in rows:
        if r.key in table:
            raise ValueError(f"rule key {r.key!r} appears twice")
        table[r.key] = r
    for r in table.values():
        for x in r.excludes:
            if x not in table:
                raise ValueError(f"rule {r.key!r} excludes unknown rule {x!r}")
    return table


def drop_excluded(items: list[ScoreItem], table: Mapping[str, Rule]) -> list[ScoreItem]:
    """Drop the items that a present item's 不计 list names."""
    present = {i.key for i in items}
    dropped = {x for k in present if k in table for x in table[k].excludes}
    return [i for i in items if i.key not in dropped]
