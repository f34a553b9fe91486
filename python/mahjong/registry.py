"""The registry of presets: each preset name, the rule-set class it builds (by module and class name, so that
``import mahjong`` imports no rule set), the options it sets, what users read about it, and the game flow that
plays it.

The registry knows no rule set: the tables are filled by whoever owns the rows — the built-in preset table
(:mod:`mahjong.rulesets._presets`), the engine's flows (:mod:`mahjong.game.flows`), rule files as they load
(:mod:`mahjong.rulebook.presets`) — and the built-in ones are loaded on the first look-up by the loaders the
package installs (:func:`add_loader`; ``mahjong/__init__.py``).  So the rule sets, the framework they build on
and the settlement import this module, and this module imports none of them.

:func:`shared_ruleset` keeps the rule-set objects made for callers that only score with them (``mahjong.score``,
the report layer and the web API behind it): a bounded cache keyed by preset and options.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, overload

from mahjong.errors import RulesError, closest, register_names

if TYPE_CHECKING:
    from mahjong.framework import RuleSet
    from mahjong.game.flows.base import Flow
    from mahjong.rulesets.common import CommonTable
    from mahjong.rulesets.guobiao import Guobiao
    from mahjong.rulesets.jinshan import Jinshan
    from mahjong.rulesets.nanchang import Nanchang
    from mahjong.rulesets.sichuan import Sichuan
    from mahjong.rulesets.twoplayer import TwoPlayer
    from mahjong.rulesets.wuhu import Wuhu1234, Wuhu2468
    from mahjong.rulesets.yuhuan import Yuhuan

__all__ = [
    "PRESETS",
    "PRESET_INFO",
    "PresetInfo",
    "FLOWS",
    "register_preset",
    "register_flow",
    "resolve_preset",
    "get_ruleset",
    "shared_ruleset",
    "list_rulesets",
    "flow_class",
    "add_loader",
    "load_presets",
]

#: preset name -> (module, class name, options applied on top of the class's default config)
PRESETS: dict[str, tuple[str, str, dict[str, Any]]] = {}
#: preset name -> (module, class name) of the game flow that plays it
FLOWS: dict[str, tuple[str, str]] = {}


@dataclass(frozen=True)
class PresetInfo:
    """What a user reads about a preset: its Chinese and English names and one-line summaries, and the other
    names it answers to (``aliases`` are shown; ``hidden_aliases`` are old names kept working)."""

    name: str
    name_zh: str = ""
    name_en: str = ""
    summary_zh: str = ""
    summary_en: str = ""
    aliases: tuple[str, ...] = ()
    hidden_aliases: tuple[str, ...] = ()


#: preset name -> its names and summaries (one row per preset, written in ``mahjong/rulesets/_presets.py``)
PRESET_INFO: dict[str, PresetInfo] = {}
#: every accepted spelling (case-folded) -> preset name
_ALIASES: dict[str, str] = {}


def register_preset(
    name: str,
    module: str,
    cls: str,
    *,
    zh: str = "",
    en: str = "",
    summary_zh: str = "",
    summary_en: str = "",
    aliases: Sequence[str] = (),
    hidden_aliases: Sequence[str] = (),
    **options: Any,
) -> None:
    """Add a preset: ``name`` builds ``module.cls(**options)``; ``aliases`` (e.g. Chinese names) find it too."""
    for spelling in (name, *aliases, *hidden_aliases):  # every spelling checked before anything is registered
        key = _fold(spelling)
        if _ALIASES.get(key, name) != name:
            raise RulesError(f"preset name {spelling!r} is taken by {_ALIASES[key]!r}")
    PRESETS[name] = (module, cls, options)
    PRESET_INFO[name] = PresetInfo(name, zh, en, summary_zh, summary_en, tuple(aliases), tuple(hidden_aliases))
    register_names([(en, zh)])  # (a message naming the rule set says its Chinese name in Chinese)
    for spelling in (name, *aliases, *hidden_aliases):
        _ALIASES[_fold(spelling)] = name


def register_flow(name: str, module: str, cls: str) -> None:
    """The game flow of preset ``name`` is ``module.cls`` (the engine's rows, and each playable rule file's)."""
    FLOWS[name] = (module, cls)


# --- loading the built-in rows ------------------------------------------------------------------------------

_LOADERS: list[Callable[[], None]] = []
_LOAD_LOCK = threading.RLock()
_loaded = False
_loading = False


def add_loader(load: Callable[[], None]) -> None:
    """Run ``load()`` (which registers rows) before the first look-up, once."""
    _LOADERS.append(load)
    if _loaded:
        load()


def load_presets() -> None:
    """Run the loaders once (the built-in presets and flows, the shipped rule files).  Thread-safe; a look-up
    made while they run, by the loading thread itself (a rule file that is a variant of a built-in rule set),
    sees the rows registered so far."""
    global _loaded, _loading
    if _loaded:
        return
    with _LOAD_LOCK:  # (re-entered by the loading thread; another thread waits for the rows)
        if _loaded or _loading:
            return
        _loading = True
        try:
            for load in list(_LOADERS):
                load()
            _loaded = True
        finally:
            _loading = False


# --- look-ups ------------------------------------------------------------------------------------------------


def _fold(name: str) -> str:
    return name.strip().casefold().replace("_", "-").replace(" ", "-")


def resolve_preset(name: object) -> str:
    """The preset a user's spelling names: case-insensitive, Chinese names and short forms accepted
    (``"GB"``, ``"国标"``, ``"四川"``, ``"血战"``…)."""
    load_presets()
    if not isinstance(name, str):
        raise RulesError(f"a rule-set name must be text, got {type(name).__name__}")
    found = _ALIASES.get(_fold(name))
    if found is None:
        shown = ", ".join(sorted(PRESETS))
        guess = closest(_fold(name), _ALIASES)
        if guess is not None:
            raise RulesError(f"unknown rule set {name[:40]!r}: did you mean {_ALIASES[guess]}? known: {shown} (see "
                             "`mahjong rules`)")
        raise RulesError(f"unknown rule set {name[:40]!r}; known: {shown} (see `mahjong rules`)")
    return found


@overload
def get_ruleset(name: Literal["guobiao", "guobiao-2006", "guobiao-extras"], **options: Any) -> Guobiao: ...
@overload
def get_ruleset(name: Literal["sichuan"], **options: Any) -> Sichuan: ...
@overload
def get_ruleset(name: Literal["common"], **options: Any) -> CommonTable: ...
@overload
def get_ruleset(name: Literal["twoplayer"], **options: Any) -> TwoPlayer: ...
@overload
def get_ruleset(name: Literal["nanchang"], **options: Any) -> Nanchang: ...
@overload
def get_ruleset(name: Literal["yuhuan"], **options: Any) -> Yuhuan: ...
@overload
def get_ruleset(name: Literal["jinshan"], **options: Any) -> Jinshan: ...
@overload
def get_ruleset(name: Literal["wuhu-2468"], **options: Any) -> Wuhu2468: ...
@overload
def get_ruleset(name: Literal["wuhu-1234"], **options: Any) -> Wuhu1234: ...
@overload
def get_ruleset(name: str, **options: Any) -> RuleSet[Any]: ...
def get_ruleset(name: str, **options: Any) -> RuleSet[Any]:
    """A new rule set of a preset, with any config fields overridden by ``options``.  The name is looked up
    case-insensitively and may be a Chinese name or short form (:func:`resolve_preset`)."""
    preset = resolve_preset(name)
    module, cls, preset_options = PRESETS[preset]
    klass = getattr(importlib.import_module(module), cls)
    return klass(**{**preset_options, **options})  # type: ignore[no-any-return]


#: the rule sets :func:`shared_ruleset` made: (name as given, options) -> (preset, its registry row then, rule set)
_SHARED: dict[Any, tuple[str, tuple[str, str, dict[str, Any]], RuleSet[Any]]] = {}
#: at most this many (a preset and a set of options each; the oldest made is dropped first)
SHARED_MAX = 64


def shared_ruleset(name: str, options: Mapping[str, Any] | None = None) -> RuleSet[Any]:
    """The rule set :func:`get_ruleset` makes for ``name`` and ``options``, made once and shared (a bounded
    cache): for callers that only score and read with it, as ``mahjong.score`` and the report layer do.  A rule
    set object holds no state of a hand, only its frozen config and caches of its own answers; making one checks
    every option and builds its tables, which costs more than scoring a hand.  Registering a preset again (a rule
    file loaded anew) is seen: the row the object was made from must still be the preset's.  Options whose
    values cannot be hashed are not cached."""
    try:
        key: Any = name if not options else (name, tuple(sorted((k, type(v), v) for k, v in options.items())))
        hit = _SHARED.get(key)
    except TypeError:  # (an unhashable value, or names that do not sort: made each time, checked by the rule set)
        return get_ruleset(name, **dict(options or {}))
    if hit is not None and PRESETS.get(hit[0]) is hit[1]:
        return hit[2]
    preset = resolve_preset(name)
    row = PRESETS[preset]
    ruleset = get_ruleset(preset, **dict(options or {}))
    while _SHARED and len(_SHARED) >= SHARED_MAX:
        _SHARED.pop(next(iter(_SHARED)), None)
    _SHARED[key] = (preset, row, ruleset)
    return ruleset


def list_rulesets() -> list[tuple[str, str]]:
    """(preset name, one-line summary) for every preset, sorted by name."""
    load_presets()
    out = []
    for name in sorted(PRESETS):
        module, cls, options = PRESETS[name]
        klass = getattr(importlib.import_module(module), cls)
        summary = klass.summary
        if options:  # a preset that is a class's rules with options set says which
            summary += " — with " + ", ".join(f"{k}={v!r}" for k, v in sorted(options.items()))
        out.append((name, summary))
    return out


def flow_class(name: str) -> type[Flow]:
    """The flow class of a preset (any spelling :func:`resolve_preset` accepts, e.g. 国标);
    :class:`RulesError` naming the known ones if there is none."""
    load_presets()  # (rule-file presets register their flows as they load)
    if isinstance(name, str):
        try:
            name = resolve_preset(name)
        except RulesError:
            pass  # reported below, with the playable names
    try:
        module, cls = FLOWS[name]
    except (KeyError, TypeError):
        raise RulesError(f"no game flow for rule set {name!r}; playable: {', '.join(sorted(FLOWS))}") from None
    klass: type[Flow] = getattr(importlib.import_module(module), cls)
    return klass
