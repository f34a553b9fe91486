"""The ``mahjong`` command (also ``python -m mahjong``).

    mahjong analyze "<hand>"                 shanten per form, waits with copies left, best discards
    mahjong score [--rules NAME] "<hand>"    itemised fans / hu points, total, minimum check, payments, assumptions
    mahjong fans [--rules NAME]              a rule set's whole fan / hu table
    mahjong rules [NAME]                     list the rule-set presets, or one preset's options and win facts
    mahjong settle record.json               settle a whole hand's event record (see mahjong.settlement)

Every command takes ``--json`` (the dicts of :mod:`mahjong.report`) and ``--lang en|zh`` (default: from ``LANG``).
Errors in the input print one line naming the problem (a JSON object under ``--json``) and exit with status 2;
they never print a traceback.

Other parts of the package add commands with one line each in ``COMMANDS`` (the command's name and where it is
added): each such module has ``add_commands(subparsers)`` (or the function the line names), which adds its parsers
and sets ``run=`` to a function ``(args) -> int``.  A command's module is imported only when that command runs (or
shows its help), so every command starts without the others' modules.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Collection, Sequence
from typing import Any, NoReturn

from mahjong import i18n, report
from mahjong._argtypes import whole_number
from mahjong.console import display_width as _width
from mahjong.console import print_settlement
from mahjong.errors import CommandError, MahjongError, NotWinningError
from mahjong.rules import PRESETS as SHAPE_PRESETS

__all__ = ["main", "COMMANDS", "COMMAND_EXTENSIONS", "COMMAND_MODULES", "CommandError", "print_settlement",
           "clash_help", "reinstall_source"]

#: every command, in the order ``mahjong --help`` lists them, and the module whose ``add_commands(subparsers)``
#: adds it (``module:function`` for another function; a function's commands in the order it adds them).  Until a
#: command runs, ``mahjong --help`` lists it by its name and its help row (``help_text(name)``, the help it is
#: added with) without importing its module.
COMMANDS: dict[str, str] = {
    "analyze": "mahjong.cli",
    "score": "mahjong.cli",
    "fans": "mahjong.cli",
    "rules": "mahjong.cli",
    "settle": "mahjong.cli:add_settle",  # (apart: its sharded runs' options import mahjong.scale)
    "simulate": "mahjong.game.cli",
    "play": "mahjong.game.cli",
    "dataset": "mahjong.scale.cli",
    "serve": "mahjong.web.cli",
    "arena": "mahjong.arena.cli",
    "verify": "mahjong.table.cli",
}
#: modules whose ``add_commands(subparsers)`` extends the commands added before it (the ones built in this run):
#: the rule book's ``--rules-file``, ``rules --schema / --check / --predicates``
COMMAND_EXTENSIONS: list[str] = ["mahjong.rulebook.cli"]
#: every module that adds or extends commands, in the order they run
COMMAND_MODULES: list[str] = [*dict.fromkeys(w.split(":")[0] for w in COMMANDS.values()), *COMMAND_EXTENSIONS]

_STYLES = ["ascii", "chinese", "unicode"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`CommandError` (one line, translated, JSON under ``--json``)
    instead of argparse's English usage text and exit."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(message)


# --- the clash with the Riichi `mahjong` package ------------------------------------------------------------------

def reinstall_source() -> tuple[str, bool]:
    """Where mjcore was installed from, as pip takes it back: ``(source, editable)``.  Read from the installed
    distribution's ``direct_url.json`` (PEP 610): a checkout (its directory; ``editable`` for ``pip install -e``),
    a wheel or sdist file (its path), a VCS URL, an archive URL; no such file = an index (``"mjcore"``)."""
    from importlib import metadata
    from urllib.parse import unquote, urlsplit

    try:
        raw = metadata.distribution("mjcore").read_text("direct_url.json")
        info = json.loads(raw) if raw else None
    except Exception:  # noqa: BLE001 - not installed through pip, or metadata unreadable: the index is the answer
        info = None
    if not isinstance(info, dict) or not isinstance(info.get("url"), str):
        return "mjcore", False
    url = info["url"]
    if isinstance(info.get("vcs_info"), dict):
        vcs = info["vcs_info"]
        commit = f"@{vcs['commit_id']}" if vcs.get("commit_id") else ""
        return f"{vcs.get('vcs', 'git')}+{url}{commit}", False
    parts = urlsplit(url)
    where = unquote(parts.path) if parts.scheme == "file" else url
    if os.name == "nt" and parts.scheme == "file" and where.startswith("/") and where[2:3] == ":":
        where = where[1:]  # (file:///C:/x -> C:/x)
    dir_info = info.get("dir_info")
    return where, bool(isinstance(dir_info, dict) and dir_info.get("editable"))


def clash_help(lang: str = "en") -> str:
    """What to do when the Riichi ``mahjong`` package has replaced our files: the commands that repair this
    environment for the way mjcore was installed (:func:`reinstall_source`), with this interpreter's pip."""
    import shlex

    source, editable = reinstall_source()
    python = shlex.quote(sys.executable)
    install = f"{python} -m pip install --force-reinstall {'-e ' if editable else ''}{shlex.quote(source)}"
    return i18n.text("clash", lang, uninstall=f"{python} -m pip uninstall -y mahjong mjcore", install=install)


def _check_clash(lang: str = "en") -> str | None:
    """A message if another distribution owns the ``mahjong`` import name, or our ``__init__`` is not ours."""
    import mahjong

    if not hasattr(mahjong, "BACKEND") or not hasattr(mahjong, "score"):
        return clash_help(lang)
    try:
        from importlib import metadata

        metadata.distribution("mahjong")
    except Exception:  # noqa: BLE001 - not installed (the usual case) or unreadable metadata
        return None
    return clash_help(lang)


# --- reading option values ----------------------------------------------------------------------------------------


def _pairs(items: Sequence[str] | None, what: str) -> dict[str, str]:
    """``key=value`` items as text: the values go through the rule set's own validator unchanged."""
    out: dict[str, str] = {}
    for item in items or ():
        if "=" not in item:
            raise CommandError(code="cli-pairs", what=what, text=repr(item[:40]))
        k, v = item.split("=", 1)
        out[k.strip().replace("-", "_")] = v.strip()
    return out


_top = whole_number(0, 34)


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}") from None
    if not 0 <= n <= 14:
        raise argparse.ArgumentTypeError(f"must be 0..14, got {n}")
    return n


# --- analyze ------------------------------------------------------------------------------------------------------


def _run_analyze(args: argparse.Namespace) -> Any:
    return report.analyze(args.hand, rules=args.rules or args.shapes, visible=args.visible, wildcards=args.wildcards,
                          wildcard_tiles=args.wildcard_tile, top=args.top, style=args.style)


def _shapes_name(name: str, lang: str) -> str:
    """The shapes an analysis used, by name in ``lang``: a rule set's own name, or a plain shape set's words."""
    from mahjong.registry import PRESET_INFO

    if name in PRESET_INFO:
        info = PRESET_INFO[name]
        return f"{info.name_zh if lang == 'zh' else info.name_en} ({name})"
    key = f"shapes.{name}"
    return f"{i18n.text(key, lang)} ({name})" if key in i18n.MESSAGES else name


def _print_analysis(a: dict[str, Any], lang: str) -> None:
    t = i18n.text
    sh = a["shanten"]
    label = t("complete", lang) if sh == -1 else t("ready", lang) if sh == 0 else t("n_shanten", lang, n=sh)
    print(f"{t('hand', lang)}: {a['hand']}   ("
          + t("hand_size", lang, tiles=a["tiles"], melds=a["melds"], wildcards=a["wildcards"]) + ")")
    print(f"{t('shapes', lang)}: {_shapes_name(a['rules'], lang)}")
    print(f"{t('shanten', lang)}: {sh}  — {label}")
    forms = ", ".join(f"{t('form.' + f, lang) if 'form.' + f in i18n.MESSAGES else f} {v}"
                      for f, v in a["shanten_by_form"].items())
    print(f"  {t('by_form', lang)}: {forms}")
    if "waits" in a:
        if a["waits"]:
            extra = f"  ({t('any_tile', lang)})" if a["any_tile"] else ""
            print(t("waits", lang, total=a["remaining"]) + extra + ": "
                  + " ".join(f"{w['name']}×{w['remaining']}" for w in a["waits"]))
        else:
            names = " ".join(u["name"] for u in a["useful_tiles"]) or t("none", lang)
            print(f"{t('useful_tiles', lang)}: {names}")
    else:
        if a.get("is_win"):
            print(t("is_complete", lang))
        print(f"{t('best_discards', lang)}:")
        for d in a["discards"]:
            print("  " + t("discard_row", lang, tile=d["name"], shanten=d["shanten"], count=d["useful_count"],
                           tiles=" ".join(u["name"] for u in d["useful_tiles"])))


# --- score --------------------------------------------------------------------------------------------------------

_FLAGS = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard", "heavenly",
          "earthly")


def _run_score(args: argparse.Namespace) -> Any:
    context: dict[str, Any] = {}
    for name in ("winner", "dealer", "discarder", "seat_wind", "prevalent_wind"):
        value = getattr(args, name)
        if value is not None:
            context[name] = value
    if args.self_drawn:
        if args.discarder is not None:
            raise CommandError(code="cli-self-drawn-discarder")
        context["self_drawn"] = True
    for flag in _FLAGS:
        if getattr(args, flag):
            context[flag] = "true"
    if args.indicator:
        context["indicator"] = args.indicator
    if args.caishen:
        context["caishen"] = args.caishen
    if args.jing_held:
        context["jing_held"] = args.jing_held
    for k, v in _pairs(args.context, "--context").items():
        if k in context:
            raise CommandError(code="cli-given-twice", name=k)
        context[k] = v
    return report.score(args.hand, rules=args.rules, options=_pairs(args.option, "--option"), context=context,
                        win_tile=args.win_tile, style=args.style)


def _seat_label(p: dict[str, Any], lang: str) -> str:
    t = i18n.text
    roles = [t(r, lang) for r in ("winner", "dealer", "discarder") if p[r]]
    wind = i18n.wind("ESWN".index(p["wind"]), lang)
    return f"{t('seat', lang, seat=p['seat'])} {wind}" + (f" ({', '.join(roles)})" if roles else "")


def _print_score(r: dict[str, Any], lang: str) -> None:
    t = i18n.text
    print(f"{t('ruleset', lang)}: {r['ruleset_zh'] if lang == 'zh' else r['ruleset_en']} ({r['ruleset']})")
    print(f"{t('hand', lang)}: {r['hand']}")
    if r["kind"] == "waiting":
        _print_waiting(r, lang)
        return
    win = r["win_tile"]["name"] if r["win_tile"] else "—"
    by_seat = {p["seat"]: p for p in r["payments"]}
    discarder = next((p for p in r["payments"] if p["discarder"]), None)
    how = t("self_drawn", lang) if r["self_drawn"] or discarder is None else t(
        "on_discard", lang, seat=discarder["seat"], wind=i18n.wind("ESWN".index(discarder["wind"]), lang))
    print(f"{t('win_tile', lang)}: {win}   {how}")
    if r["reading"]:
        print(f"{t('reading', lang)}: {r['reading']['text']}")
    if r["wait"]:
        key = "wait." + r["wait"]
        print(f"{t('wait', lang)}: {t(key, lang) if key in i18n.MESSAGES else r['wait']}")
    items = r["items"]
    if items:
        names = [i18n.name(i, lang) for i in items]
        w = max(_width(n) for n in names)
        for i, n in zip(items, names):
            times = f" ×{i['count']}" if i["count"] != 1 else ""
            print(f"  {n}{' ' * (w - _width(n))}  {i['value']:>4} {i18n.unit(i['unit'], lang)}{times}")
    print(f"{t('total', lang)}: {r['total']} {i18n.unit(r['unit'], lang)}")
    reason = r["invalid_reason_zh"] if lang == "zh" else r["invalid_reason"]
    print(t("minimum_ok", lang) if r["valid"] else t("minimum_not", lang, reason=reason))
    if r["arithmetic"]:
        print(f"{t('arithmetic', lang)}:")
        for line in r["arithmetic"]:
            print(f"  {line[lang] if lang in line else line['en']}")
    print(f"{t('payments', lang)}:")
    for seat in sorted(by_seat):
        p = by_seat[seat]
        print(f"  {_seat_label(p, lang)}: {p['amount']:+d}")
    _print_assumptions(r, lang)


def _print_assumptions(r: dict[str, Any], lang: str) -> None:
    if r["assumptions"]:
        print(f"{i18n.text('assumed', lang)}:")
        for a in r["assumptions"]:
            print(f"  - {a['zh'] if lang == 'zh' else a['en']}")


def _print_waiting(r: dict[str, Any], lang: str) -> None:
    t = i18n.text
    if r["minimum"] is not None:
        print(t("minimum", lang, n=r["minimum"], unit=i18n.unit(r["unit"] or "fan", lang)))
    if not r["winning_tiles"]:
        print(t("not_ready", lang))
    else:
        print(t("waiting_rows", lang))
        for row in r["winning_tiles"]:
            cells = []
            for way in ("self_drawn", "discard"):
                v = row[way]
                if v is None:
                    cells.append(t("not_allowed", lang))
                else:
                    cells.append(f"{v['total']}" + ("" if v["valid"] else f" ({t('below_minimum', lang)})"))
            print(f"  {row['name']}{' ' * max(1, 12 - _width(row['name']))} {cells[0]:>10}   {cells[1]:>12}")
    _print_assumptions(r, lang)


# --- fans / rules -------------------------------------------------------------------------------------------------


def _run_fans(args: argparse.Namespace) -> Any:
    return report.fans(args.rules)


def _print_fans(table: dict[str, Any], lang: str) -> None:
    t = i18n.text
    print(f"{table['ruleset_zh'] if lang == 'zh' else table['ruleset_en']} ({table['name']})")
    for s in table["sections"]:
        print(f"\n{s['zh'] if lang == 'zh' else s['en']}:")
        rows = s["rows"]
        keys = {r["key"]: r for r in rows}
        names = [i18n.name(r, lang, "zh", "en") for r in rows]
        w = max((_width(n) for n in names), default=0)
        for r, n in zip(rows, names):
            v = r["value"]
            if r.get("value_text"):  # a value that depends on the hand, in words
                value = r["value_text"]["zh" if lang == "zh" else "en"]
            elif isinstance(v, dict):
                value = " / ".join(f"{x}" for x in v.values())
            else:
                value = "" if v is None else str(v)
            unit = i18n.unit(r["unit"], lang) if value else ""
            ex = ""
            if r["excludes"]:
                ex_names = [i18n.name(keys[k], lang, "zh", "en") if k in keys else k for k in r["excludes"]]
                ex = f"   {t('excludes', lang)}: {', '.join(ex_names)}"
            print(f"  {n}{' ' * (w - _width(n))}  {value:>7} {unit}{ex}")


def _run_rules(args: argparse.Namespace) -> Any:
    if args.name is None:
        return report.rulesets()
    return report.ruleset_options(args.name) | {"flow_options": report.flow_options(args.name),
                                                "context_fields": report.context_fields(args.name)}


def _print_rules(data: Any, lang: str) -> None:
    t = i18n.text
    if isinstance(data, list):
        w = max(len(r["name"]) for r in data)
        for r in data:
            summary = r["summary_zh"] if lang == "zh" else r["summary_en"]
            print(f"{r['name']:<{w}}  {summary}")
            if r["aliases"]:
                print(f"{'':<{w}}  {t('aliases', lang)}: {', '.join(r['aliases'])}")
        return
    print(f"{data['name']}: {data['ruleset_zh'] if lang == 'zh' else data['ruleset_en']}")
    what = "tiles.flowers" if data["flowers"] else "tiles.suits" if len(data["tiles"]) == 27 else "tiles.honors"
    print(t("table", lang, tiles=len(data["tiles"]) * 4 + 8 * data["flowers"], size=data["hand_size"],
            what=t(what, lang)) + "\n")
    for key, heading in (("options", ""), ("flow_options", "\n")):  # the rule set's, then how a hand is played
        if key == "options" or data.get(key):
            print(f"{heading}{t(key, lang)}:")
            for o in data[key]:
                print(f"  {o['name']} = {json.dumps(o['default'], ensure_ascii=False)}   ({o['type']})")
                doc = o.get("doc_zh" if lang == "zh" else "doc_en") or o["doc"]
                if doc:
                    print(f"      {doc}")
                if o["source"]:
                    print(f"      {t('source', lang)}: {o['source']}")
    print(f"\n{t('context_fields', lang)}:")
    for f in data["context_fields"]:
        only = "   " + t("only_with", lang, option=f["option"]) if f["option"] else ""
        print(f"  {f['name']} = {json.dumps(f['default'], ensure_ascii=False)}   ({f['type']})   "
              f"{f['label'][lang if lang == 'zh' else 'en']}{only}")
        print(f"      {f['help'][lang if lang == 'zh' else 'en']}")


# --- settle -------------------------------------------------------------------------------------------------------


def _run_settle(args: argparse.Namespace) -> Any:
    from mahjong import settlement
    from mahjong.scale.cli import wants_sharded_settle

    if args.schema:  # the record format's JSON Schema, printed as JSON
        args.show = lambda data, lang: print(json.dumps(data, ensure_ascii=False, indent=2))
        return settlement.record_schema()
    if not args.record:
        raise CommandError(code="cli-settle-what")
    if wants_sharded_settle(args):  # a directory of logs, several files, --workers K or --ray
        return _settle_logs(args)
    args.record = args.record[0]
    try:
        with open(args.record, "rb") as fh:
            raw = fh.read(1 << 22)
    except OSError as e:
        raise CommandError(code="cli-cannot-read", path=args.record, reason=e.strerror) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CommandError(code="cli-not-utf8", path=args.record) from None
    except (ValueError, RecursionError) as e:  # (not JSON, or an integer longer than Python reads from text)
        raise CommandError(code="cli-not-json", path=args.record, detail=str(e)[:120]) from None
    try:
        record = settlement.HandRecord.from_dict(data)
    except RecursionError:
        raise CommandError(code="cli-too-deep", path=args.record) from None
    return settlement.settle(record).to_dict()


def _settle_logs(args: argparse.Namespace) -> int:
    """``settle`` of directories / JSON-lines logs (sharded with ``--workers K`` / ``--ray``): the totals, as
    text in ``--lang``'s language or as the tally's JSON."""
    from mahjong.scale.cli import settle_logs_command

    return settle_logs_command(args)


# --- the parser ---------------------------------------------------------------------------------------------------

Printer = Callable[[Any, str], None]
_h = i18n.help_text
#: the score command's on/off win facts
_SWITCHES = {"--self-drawn", "--last-tile", "--last-wall-tile", "--kong-replacement", "--robbing-kong",
             "--after-kong-discard", "--heavenly", "--earthly"}


def _common(p: argparse.ArgumentParser, style: bool = True) -> None:
    p.add_argument("--json", action="store_true", help=_h("--json"))
    p.add_argument("--lang", default=argparse.SUPPRESS, help=_h("--lang"))
    if style:
        p.add_argument("--style", default=None, choices=_STYLES, help=_h("--style"))


def add_commands(sub: Any) -> None:
    """The package's own commands."""
    a = sub.add_parser("analyze", help=_h("analyze"))
    a.add_argument("hand", metavar=_h("metavar.hand"), help=_h("analyze.hand"))
    for flag, extra in (("--rules", {}), ("--shapes", {"default": None, "choices": sorted(SHAPE_PRESETS)}),
                        ("--wildcards", {"type": _count, "default": 0}), ("--wildcard-tile", {}), ("--visible", {}),
                        ("--top", {"type": _top, "default": 5})):
        a.add_argument(flag, help=_h("analyze." + flag), **extra)
    _common(a)
    a.set_defaults(run=_run_analyze, show=_print_analysis)

    s = sub.add_parser("score", help=_h("score"))
    s.add_argument("hand", metavar=_h("metavar.hand"), help=_h("score.hand"))
    s.add_argument("--rules", default="guobiao", help=_h("score.--rules"))
    for flag in ("--win-tile", "--self-drawn", "--discarder", "--winner", "--dealer", "--seat-wind",
                 "--prevalent-wind", "--last-tile", "--last-wall-tile", "--kong-replacement", "--robbing-kong",
                 "--after-kong-discard", "--heavenly", "--earthly", "--indicator", "--jing-held"):
        switch = flag in _SWITCHES
        s.add_argument(flag, help=_h("score." + flag), **({"action": "store_true"} if switch else {}))
    s.add_argument("--caishen", "--wildcard-tile", dest="caishen", help=_h("score.--caishen"))
    for flag in ("--option", "--context"):
        s.add_argument(flag, action="append", metavar=_h("metavar.name=value"), help=_h("score." + flag))
    _common(s)
    s.set_defaults(run=_run_score, show=_print_score)

    f = sub.add_parser("fans", help=_h("fans"))
    f.add_argument("--rules", default="guobiao", help=_h("fans.--rules"))
    _common(f, style=False)
    f.set_defaults(run=_run_fans, show=_print_fans)

    r = sub.add_parser("rules", help=_h("rules"))
    r.add_argument("name", nargs="?", metavar=_h("metavar.name"), help=_h("rules.name"))
    _common(r, style=False)
    r.set_defaults(run=_run_rules, show=_print_rules)


def add_settle(sub: Any) -> None:
    """The ``settle`` command."""
    t = sub.add_parser("settle", help=_h("settle"))
    t.add_argument("record", nargs="*", metavar=_h("metavar.path"), help=_h("settle.record"))
    t.add_argument("--schema", action="store_true", help=_h("settle.--schema"))
    from mahjong.scale.cli import add_scale_arguments

    add_scale_arguments(t)
    _common(t, style=False)
    t.set_defaults(run=_run_settle, show=print_settlement)


def _parser(lang: str = "en", commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The ``mahjong`` command's parser, its help in ``lang``.  ``commands``: the commands whose modules are
    imported and whose parsers are built in full (with the extensions of ``COMMAND_EXTENSIONS``); every other
    command is listed by its name and help alone, which is all ``mahjong --help`` and finding the command need.
    ``None``: every command."""
    from mahjong import __version__

    p = _Parser(prog="mahjong", description=_h("description"))
    p.add_argument("--version", action="version", version=f"mahjong (mjcore) {__version__}", help=_h("--version"))
    p.add_argument("--lang", help=_h("--lang"))
    # also before the command (``mahjong --json score …``), as --lang may be: the command's own --json is the same
    p.add_argument("--json", dest="json_before_command", action="store_true", help=_h("--json"))
    sub = p.add_subparsers(dest="command", required=True, metavar=_h("metavar.command"))
    wanted = {COMMANDS[c] for c in (COMMANDS if commands is None else commands) if c in COMMANDS}
    for where in dict.fromkeys(COMMANDS.values()):
        if where in wanted:
            name, _, function = where.partition(":")
            module = sys.modules[__name__] if name == __name__ else importlib.import_module(name)
            getattr(module, function or "add_commands")(sub)
        else:  # listed, not built: parsing stops at its name (and the arguments after it are left for the full one)
            for command, adder in COMMANDS.items():
                if adder == where:
                    sub.add_parser(command, help=_h(command), add_help=False)
    if wanted:
        for name in COMMAND_EXTENSIONS:
            importlib.import_module(name).add_commands(sub)
    _localize(p, lang)
    return p


def _parse(argv: Sequence[str], lang: str) -> argparse.Namespace:
    """``argv`` parsed by the parser of the command it names: first the command is found on a parser that lists
    every command without building any (``--help`` and ``--version`` before the command answer here), then the
    words are parsed by a parser with that command built in full, as one parser of every command would."""
    command = _parser(lang, commands=()).parse_known_args(argv)[0].command
    return _parser(lang, commands=(command,)).parse_args(argv)


def _localize(parser: argparse.ArgumentParser, lang: str) -> None:
    """Show ``parser`` and its commands' help in ``lang``: each :class:`~mahjong.i18n.HelpText` (description,
    option help, metavar) becomes its row's text, and argparse's own headings follow."""
    if lang != "zh":
        return
    parser.description = i18n.help_in(parser.description, lang)  # type: ignore[assignment]
    parser.formatter_class = _ChineseHelpFormatter
    parser._positionals.title = i18n.HELP["positionals"][1]
    parser._optionals.title = i18n.HELP["optionals"][1]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = i18n.HELP["-h"][1]
        action.help = i18n.help_in(action.help, lang)  # type: ignore[assignment]
        action.metavar = i18n.help_in(action.metavar, lang)  # type: ignore[assignment]
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = i18n.help_in(choice.help, lang)  # type: ignore[assignment]
            for command in set(action.choices.values()):
                _localize(command, lang)


class _ChineseHelpFormatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, i18n.HELP["usage"][1] if prefix is None else prefix)


def _fail(args: argparse.Namespace | None, lang: str, err: MahjongError, as_json: bool) -> int:
    """Print an error as one line in the chosen language (a JSON object under ``--json``); status 2."""
    if as_json:
        print(json.dumps({"error": report.error(err, lang)}, ensure_ascii=False))
    else:
        command = getattr(args, "command", None)
        where = f"mahjong {command}" if command else "mahjong"
        kind = report.error_kind(err, lang)
        print(f"{where}: {i18n.text('error', lang)} ({kind}): {err.message(lang)}", file=sys.stderr)
        if command == "score" and isinstance(err, NotWinningError) and args is not None:
            print(i18n.text("hint.analyze", lang, rules=args.rules, hand=args.hand.strip()), file=sys.stderr)
    return 2


def _flag_value(argv: Sequence[str], flag: str) -> str | None:
    for i, word in enumerate(argv):
        if word == flag and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
    return None


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # `mahjong … | head`: the reader left; say nothing more
        _stdout_to_devnull()
        return 1


def _stdout_to_devnull() -> None:
    """Send what is left in stdout's buffer nowhere (the interpreter flushes it at exit: a second failure there
    would print a traceback of its own)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _io_error(e: OSError) -> CommandError:
    """An operating system's refusal while a command runs (a full disk, a closed stream, a file it cannot
    open) as our error: one line naming the file and the reason."""
    path = e.filename if isinstance(e.filename, str) else "standard output"
    return CommandError(code="cli-io", path=path, reason=e.strerror or type(e).__name__)


def _main(argv: Sequence[str] | None) -> int:
    if sys.stdout is None:  # started with its standard output closed (`mahjong … 1>&-`): nowhere to answer
        if sys.stderr is not None:
            print(f"mahjong: {CommandError(code='cli-stdout-closed')}", file=sys.stderr)
        return 2
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = i18n.language(_flag_value(argv, "--lang"))  # read first: --help prints while the words are parsed
    clash = _check_clash(lang)
    if clash:
        print(f"mahjong: {clash}", file=sys.stderr)
        return 3
    try:
        args = _parse(argv, lang)
    except CommandError as e:  # the command line itself: its language and --json read from the words given
        return _fail(None, lang, e, "--json" in argv)
    lang = i18n.language(args.lang)
    if args.json_before_command:
        args.json = True
    as_json = bool(getattr(args, "json", False))
    if getattr(args, "style", "") is None:  # tiles in the text's language unless --style says how (JSON: codes)
        args.style = "chinese" if lang == "zh" and not as_json else "ascii"
    try:
        data = args.run(args)
        if isinstance(data, int) and not isinstance(data, bool):  # a command that printed its own output
            sys.stdout.flush()
            return data
        if args.json:
            print(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            args.show(data, lang)
        sys.stdout.flush()
    except MahjongError as e:
        return _fail(args, lang, e, as_json)
    except BrokenPipeError:
        raise
    except OSError as e:  # a full disk (/dev/full), an unwritable or vanished file
        _stdout_to_devnull()
        return _fail(args, lang, _io_error(e), False)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
