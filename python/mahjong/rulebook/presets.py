"""Rule books as presets: the games shipped in ``mahjong/rulebook/games/*.toml`` and any directory of user rule
files (:func:`register_directory`) become names that :func:`mahjong.get_ruleset`, ``mahjong score --rules`` and the
engine accept.

The framework's registry builds a preset by ``getattr(module, class_name)(**options)``; each book's rule-set class
is kept in :data:`CLASSES` and served by this module's ``__getattr__``.
"""

from __future__ import annotations

import importlib
import os
import threading
from dataclasses import replace
from typing import Any

from mahjong.errors import RulesError
from mahjong.registry import PRESETS, load_presets, register_preset, resolve_preset
from mahjong.registry import register_flow as register_flow_row
from mahjong.rulebook.book import BookRuleSet, RuleBook, _class_name, ruleset_class, ruleset_class_name
from mahjong.rulebook.load import (
    Problem,
    RuleFileError,
    _read,
    check_text,
    load_book,
    shipped_book,
    shipped_files,
    shipped_header,
)

__all__ = ["register_book", "register_directory", "register_shipped", "load_rules", "shipped_files", "shipped_book",
           "preset_info", "CLASSES", "BOOKS"]

class _Books(dict[str, RuleBook]):
    """preset name -> its book; a shipped game registered by name alone (:func:`register_shipped`) is read when it
    is first looked up by ``[]`` (``get`` and ``in`` see the books read so far)."""

    def __missing__(self, name: str) -> RuleBook:
        _read_shipped(name)
        return super().__getitem__(name)


#: class name -> the rule-set class of a registered book
CLASSES: dict[str, type[BookRuleSet]] = {}
#: preset name -> its book
BOOKS: dict[str, RuleBook] = _Books()
#: preset name -> the shipped file of a game registered by name whose book is not read yet
_UNREAD: dict[str, str] = {}
_UNREAD_LOCK = threading.RLock()


def __getattr__(name: str) -> Any:
    if name not in CLASSES:
        _read_shipped(next((p for p in list(_UNREAD) if ruleset_class_name(p) == name), ""))
    try:
        return CLASSES[name]
    except KeyError:
        raise AttributeError(name) from None


def _read_shipped(preset: str) -> None:
    """Read and register the book of a shipped game registered by name alone (nothing if there is none, or it is
    read)."""
    if preset not in _UNREAD:
        return
    with _UNREAD_LOCK:
        file_name = _UNREAD.get(preset)
        if file_name is None:  # (read by another thread meanwhile)
            return
        book = shipped_book(file_name)
        assert book.name == preset, file_name  # (the header is the book's own text: the tests check they agree)
        _add_book(book, ruleset_class(book), {})
        del _UNREAD[preset]


def register_book(book: RuleBook) -> type[BookRuleSet]:
    """Register a book as a preset (its ``name`` and ``aliases``); registering the same file again replaces it, a
    name taken by another rule set is refused."""
    _read_shipped(book.name)  # (a shipped game registered by name: its book is read before it is compared)
    if book.variant_of is not None and book.variant_of == book.name:
        raise RulesError(f"{book.path}: name: this file is the table of the built-in rule set {book.name}: use "
                         f"--rules {book.name}, or give a copy a name of its own (e.g. name = \"my-{book.name}\") "
                         f"to load it as a variant of {book.name}")
    if book.builtin:
        raise RulesError(f"{book.path}: builtin: this file is the table of the built-in rule set {book.name}, which "
                         f"scores it with hooks of its own: use --rules {book.name}")
    if not _is_shipped(book):
        # the names of the rule sets shipped with the package are theirs: registered first (a user's file read
        # before them would take a name they answer to), then refused to any other file
        register_shipped()
        aliases = book.aliases if book.variant_of is None else _own_aliases(book)  # (a copy keeps its base's)
        taken = _shipped_owner(book.name)
        if taken is not None:
            raise RulesError(f"{book.path}: name: {book.name!r} names the rule set {taken!r} shipped with the "
                             f"package: give this file a name of its own (e.g. name = \"my-{book.name}\")")
        for spelling in aliases:
            taken = _shipped_owner(spelling)
            if taken is not None:
                raise RulesError(f"{book.path}: aliases: {spelling!r} names the rule set {taken!r} shipped with the "
                                 f"package: leave it out")
    old = BOOKS.get(book.name)
    if old is None and book.name in PRESETS:
        raise RulesError(f"{book.path}: name: the preset name {book.name!r} is taken by a built-in rule set")
    if old is not None and os.path.abspath(old.path) != os.path.abspath(book.path):
        raise RulesError(f"{book.path}: name: {book.name!r} is already registered from {old.path}")
    preset_options: dict[str, Any] = {}
    if book.variant_of is not None:
        cls, preset_options = variant_class(book)
        book = replace(book, aliases=_own_aliases(book))
    else:
        cls = ruleset_class(book)
    if old is None:
        register_preset(book.name, __name__, cls.__name__, zh=book.zh, en=book.en, summary_zh=book.summary_zh,
                        summary_en=book.summary_en, aliases=book.aliases, **preset_options)
    return _add_book(book, cls, preset_options)


def _add_book(book: RuleBook, cls: type[BookRuleSet], preset_options: dict[str, Any]) -> type[BookRuleSet]:
    """A registered preset's book, class and flow."""
    cls.__module__ = __name__  # the registry finds it here (module + class name), and so does the settlement
    CLASSES[cls.__name__] = cls
    BOOKS[book.name] = book
    PRESETS[book.name] = (__name__, cls.__name__, preset_options)
    _register_flow(book)
    return cls


def _register_unread(file_name: str, head: dict[str, Any]) -> None:
    """A shipped game registered by its header alone (its names and summaries, its class's and its flow's names):
    its book is read, its class and flow made, when one of them is first asked for."""
    preset = head["name"]
    register_preset(preset, __name__, ruleset_class_name(preset), zh=head["zh"], en=head["en"],
                    summary_zh=head["summary_zh"], summary_en=head["summary_en"], aliases=head["aliases"])
    _UNREAD[preset] = file_name
    try:
        from mahjong.rulebook import flow
    except ImportError:  # pragma: no cover - the engine is not part of this build
        return
    flow.PENDING[flow.flow_class_name(preset)] = lambda: _read_shipped(preset)
    register_flow_row(preset, flow.__name__, flow.flow_class_name(preset))


def _is_shipped(book: RuleBook) -> bool:
    return os.path.abspath(book.path) in {os.path.abspath(p) for p in shipped_files()}


def _shipped_owner(spelling: str) -> str | None:
    """The preset of the package (a built-in rule set or a shipped file) a spelling names, if any."""
    try:
        found = resolve_preset(spelling)
    except RulesError:
        return None
    owner = BOOKS.get(found)
    return found if owner is None or _is_shipped(owner) else None


def variant_class(book: RuleBook) -> tuple[type[BookRuleSet], dict[str, Any]]:
    """(rbflow) The rule-set class of a variant of a built-in rule set (``variant_of``): the built-in's class, with
    this book as its table and a config whose fields are this file's options (their defaults, limits and texts),
    the built-in's checks kept; and the built-in preset's own options (Wuhu's table)."""
    from dataclasses import field, make_dataclass

    from mahjong.rulebook.options import OPTION_TYPES, docstring_of

    assert book.variant_of is not None
    module, name, preset_options = PRESETS[resolve_preset(book.variant_of)]
    base: type[BookRuleSet] = getattr(importlib.import_module(module), name)
    entries = [(n, OPTION_TYPES[t], field(default=d, metadata=m)) for n, (t, d, m) in book.options.items()]
    config = make_dataclass(f"{_class_name(book.name)}Config", entries, bases=(base.Config,), frozen=True,
                            namespace={"owner": book.name})
    config.__doc__ = docstring_of(f"Options of {book.name} (a variant of {book.variant_of}).",
                                  {n: m for n, (_t, _d, m) in book.options.items()})
    title = f"{book.zh} ({book.en})" if book.zh and book.en else (book.zh or book.en or book.name)
    attrs = {"book": book, "name": book.name, "Config": config, "title": title,
             "summary": book.summary_en or book.en or book.name, "settle": base.settle, "__module__": __name__,
             "__doc__": f"{book.name}: the rule set {book.variant_of} with the table of {book.path}."}
    return type(_class_name(book.name), (base,), attrs), dict(preset_options)


def _own_aliases(book: RuleBook) -> tuple[str, ...]:
    """A variant's aliases without those its built-in answers to (a copied file keeps them)."""
    own = []
    for a in book.aliases:
        try:
            taken = resolve_preset(a)
        except RulesError:
            own.append(a)
            continue
        if taken != book.variant_of:
            own.append(a)  # (taken by another rule set: register_preset names it)
    return tuple(own)


def _register_flow(book: RuleBook) -> None:
    """Tell the engine (when it is installed) which flow plays this book."""
    try:
        from mahjong.rulebook.flow import register_flow
    except ImportError:  # pragma: no cover - the engine is not part of this build
        return
    register_flow(book)


def register_directory(directory: str | os.PathLike[str]) -> list[str]:
    """Register every ``*.toml`` rule file of a directory as a preset; returns their names.  All files are checked
    first: one bad file registers nothing and raises :class:`~mahjong.rulebook.load.RuleFileError` listing every
    problem of every file."""
    books: list[RuleBook] = []
    problems: list[Problem] = []
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".toml"))
    except OSError as e:
        raise RulesError(f"cannot list {os.fspath(directory)}: {e.strerror}") from None
    for n in names:
        try:
            file, text = _read(os.path.join(directory, n))
        except RuleFileError as e:
            problems += e.problems
            continue
        book, found = check_text(text, file)
        problems += found
        if book is not None and not found:
            books.append(book)
    if problems:
        raise RuleFileError(problems)
    return [register_book(b).name for b in books]


def load_rules(path: str | os.PathLike[str], **options: Any) -> BookRuleSet:
    """The rule set a rule file describes, with options set: ``load_rules("my.toml").score(hand, ctx)``.

    The file is registered as a preset under its ``name`` too, so ``mahjong.score(..., rules=name)``, the report
    layer and the engine find it."""
    book = load_book(path)
    cls = register_book(book)
    return cls(**options)


def preset_info(book: RuleBook | str) -> dict[str, Any]:
    """What a user reads about a preset, from its book or the name of a shipped file (read from its header alone:
    :func:`~mahjong.rulebook.load.shipped_header`): names, summaries and aliases (for ``register_preset``)."""
    head = shipped_header(book) if isinstance(book, str) else {k: getattr(book, k) for k in _INFO_KEYS}
    return {k: head[k] for k in _INFO_KEYS}


_INFO_KEYS = ("zh", "en", "summary_zh", "summary_en", "aliases")


_shipped_done = False


def register_shipped() -> None:
    """Register the games shipped with the package (once)."""
    global _shipped_done
    if _shipped_done:
        return
    # the built-in rule sets first: some of them are read from a shipped book, which is theirs (the preset table
    # calls this function back once it has registered them)
    load_presets()
    if _shipped_done:
        return
    _shipped_done = True
    for path in shipped_files():
        # (what each file is, from its header: the books of the built-in rule sets are read when they are used)
        head = shipped_header(os.path.basename(path))
        if head["builtin"]:  # a built-in rule set's own table is that rule set
            continue
        if head["name"] in PRESETS and head["name"] not in BOOKS:
            continue  # the book of a built-in rule set (its module registers it: Sichuan, the two-player game)
        if head["variant_of"] is None:
            _register_unread(os.path.basename(path), head)  # (read when it is used)
        else:
            register_book(shipped_book(os.path.basename(path)))
