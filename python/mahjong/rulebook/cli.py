"""The rule book's part of the ``mahjong`` command (registered in ``mahjong.cli.COMMAND_MODULES``, after the
commands it extends):

* ``mahjong rules --schema`` prints the JSON Schema of a rule file;
* ``mahjong rules --check FILE`` checks a rule file and lists each problem with its line and key (exit 1 if any);
* ``mahjong rules --predicates`` lists the names a rule file's expressions may use, each with its meaning;
* ``mahjong rules FILE.toml`` shows a rule file's rule set as ``mahjong rules NAME`` shows a built-in one;
* ``--rules-file FILE`` works wherever ``--rules NAME`` does (and on ``settle``, whose record names its rule set):
  the file is checked, registered as a preset under its own name, and used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from mahjong import i18n
from mahjong.errors import MahjongError
from mahjong.i18n import help_text

__all__ = ["add_commands"]

Runner = Callable[[argparse.Namespace], Any]


class _Usage(MahjongError):
    """A usage problem of the rule-file options."""


class _DefaultName(str):
    """A ``--rules`` default as the parser fills it in: the same text, but known not to have been given (so
    ``--rules guobiao --rules-file F`` is refused even though guobiao is the default)."""


def _use_rules_file(run: Runner, default_rules: Any) -> Runner:
    def runner(args: argparse.Namespace) -> Any:
        path = getattr(args, "rules_file", None)
        if path is not None:
            from mahjong.rulebook.presets import load_rules

            rules = getattr(args, "rules", None)
            if rules is not None and not isinstance(rules, _DefaultName):  # --rules was given too
                raise _Usage("give --rules NAME or --rules-file FILE, not both")
            name = load_rules(path).name
            if hasattr(args, "rules"):
                args.rules = name
        return run(args)
    return runner


def _print_json(data: Any, lang: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def _rules_runner(run: Runner) -> Runner:
    def runner(args: argparse.Namespace) -> Any:
        if sum(map(bool, (args.schema, args.check, args.predicates))) > 1:
            raise _Usage("give one of --schema, --check FILE and --predicates")
        if args.predicates:
            from mahjong.rulebook.predicates import describe_library

            args.show = _print_library
            return describe_library()
        if args.name is not None and (args.name.lower().endswith(".toml") or os.path.isfile(args.name)):
            from mahjong.rulebook.presets import load_rules  # a rule file shown as a built-in rule set is

            args.name = load_rules(args.name).name
        if args.schema:
            from mahjong.rulebook import schema

            args.show = _print_json
            return schema()
        if args.check:
            from mahjong.rulebook.load import check

            problems = check(args.check)
            if args.json:
                print(json.dumps({"file": args.check, "ok": not problems, "problems": [
                    {"file": p.file, "line": p.line, "key": p.key, "message": p.message} for p in problems]},
                    ensure_ascii=False, indent=2))
            elif problems:
                for p in problems:
                    print(p.text(i18n.language(args.lang)), file=sys.stderr)
            else:
                print(f"{args.check}: ok")
            return 1 if problems else 0
        return run(args)
    return runner


def _print_library(entries: list[dict[str, str]], lang: str) -> None:
    """The names a rule file's expressions may use, by kind, each with its meaning in ``lang``."""
    kinds: dict[str, list[dict[str, str]]] = {}
    for e in entries:
        kinds.setdefault(e["kind"], []).append(e)
    for kind, rows in kinds.items():
        key = f"library.{kind.replace(' ', '_')}"
        print(f"{i18n.text(key, lang) if key in i18n.MESSAGES else kind}:")
        width = max(len(r["name"]) for r in rows)
        for r in rows:
            print(f"  {r['name']:<{width}}  {r['zh'] if lang == 'zh' else r['en']}")
        print()
    print(i18n.text("library.usage", lang))


def _has_option(parser: argparse.ArgumentParser, option: str) -> bool:
    return any(option in a.option_strings for a in parser._actions)


def add_commands(sub: Any) -> None:
    """Extend the commands registered before this module: ``rules`` gets ``--schema`` / ``--check``; every command
    with ``--rules`` (and ``settle``) gets ``--rules-file``."""
    for name, parser in sub.choices.items():
        run = parser.get_default("run")
        if run is None:
            continue
        if name == "rules":
            parser.add_argument("--schema", action="store_true", help=help_text("rules.--schema"))
            parser.add_argument("--check", metavar=help_text("metavar.file"), help=help_text("rules.--check"))
            parser.add_argument("--predicates", action="store_true", help=help_text("rules.--predicates"))
            parser.set_defaults(run=_rules_runner(run))
        elif _has_option(parser, "--rules") or name == "settle":
            parser.add_argument("--rules-file", metavar=help_text("metavar.file"), help=help_text("--rules-file"))
            default = parser.get_default("rules")
            if isinstance(default, str):
                default = _DefaultName(default)
                parser.set_defaults(rules=default)
            parser.set_defaults(run=_use_rules_file(run, default))
