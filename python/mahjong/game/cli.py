"""The ``mahjong simulate`` and ``mahjong play`` commands (hooked into :mod:`mahjong.cli` by
:func:`add_commands`)."""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from mahjong._argtypes import MAX_HANDS, check_hands, hands_argument
from mahjong.console import display_width as _width
from mahjong.console import progress_bar, read_options
from mahjong.errors import CommandError, MahjongError, RulesError, listed
from mahjong.game.actions import Action
from mahjong.game.agents import AGENTS, make_agent
from mahjong.game.core import RandomTable
from mahjong.game.engine import Game
from mahjong.i18n import MESSAGES, help_text, language, text, wind
from mahjong.tiles import format_tiles, parse_tiles, tile_name

__all__ = ["add_commands", "simulate", "run_simulate", "run_play", "print_statistics", "action_text", "progress_bar",
           "MAX_HANDS", "check_hands", "hands_argument"]

def add_commands(sub: Any) -> None:
    """Add ``simulate`` and ``play`` to the ``mahjong`` command's subparsers."""
    s = sub.add_parser("simulate", help=help_text("simulate"))
    s.add_argument("--rules", default="guobiao", metavar=help_text("metavar.rules"), help=help_text("game.--rules"))
    s.add_argument("--hands", type=hands_argument, default=100, metavar=help_text("metavar.hands"),
                   help=help_text("simulate.--hands"))
    s.add_argument("--seed", type=int, default=0, metavar=help_text("metavar.seed"), help=help_text("simulate.--seed"))
    s.add_argument("--agent", default="greedy", choices=sorted(AGENTS), help=help_text("simulate.--agent"))
    s.add_argument("--option", action="append", metavar=help_text("metavar.name=value"),
                   help=help_text("game.--option"))
    s.add_argument("--log", metavar=help_text("metavar.file"), help=help_text("simulate.--log"))
    s.add_argument("--no-progress", action="store_true", help=help_text("simulate.--no-progress"))
    s.add_argument("--json", action="store_true", help=help_text("simulate.--json"))
    s.add_argument("--lang", default=argparse.SUPPRESS, metavar=help_text("metavar.lang"),
                   help=help_text("--lang"))  # (after the command too, as the other commands take it)
    from mahjong.scale.cli import add_scale_arguments  # --workers K, --ray [ADDRESS]

    add_scale_arguments(s)
    s.set_defaults(run=run_simulate)

    p = sub.add_parser("play", help=help_text("play"))
    p.add_argument("--rules", default="guobiao", metavar=help_text("metavar.rules"), help=help_text("game.--rules"))
    p.add_argument("--seed", type=int, default=0, metavar=help_text("metavar.seed"), help=help_text("play.--seed"))
    p.add_argument("--seat", type=int, default=0, metavar=help_text("metavar.seat"), help=help_text("play.--seat"))
    p.add_argument("--opponents", default="greedy", choices=sorted(AGENTS), help=help_text("play.--opponents"))
    p.add_argument("--option", action="append", metavar=help_text("metavar.name=value"),
                   help=help_text("game.--option"))
    p.add_argument("--lang", default=argparse.SUPPRESS, metavar=help_text("metavar.lang"), help=help_text("--lang"))
    p.add_argument("--style", default=None, choices=["ascii", "chinese", "unicode"], help=help_text("--style"))
    p.set_defaults(run=run_play)


def simulate(rules: str, hands: int, seed: int = 0, agent: str = "greedy", options: dict[str, Any] | None = None,
             progress: TextIO | Callable[[int, int], None] | None = None,
             log: TextIO | None = None) -> dict[str, Any]:
    """Play ``hands`` hands (hand k: salt k, the deal rotating) and return the statistics: the hands of
    :func:`mahjong.scale.simulate.play_hand_k`, each one's outcome (read from the compiled core where it settled
    the hand itself: :func:`~mahjong.scale.simulate.outcome_k`) counted by
    :func:`~mahjong.scale.simulate.tally_hand` into the dict of :func:`~mahjong.scale.simulate.stats_of` — the
    same code and numbers as the sharded ``--workers`` run.
    ``progress``: a stream for the progress bar (redrawn in place on a terminal, a line at each tenth elsewhere),
    or a ``progress(done, total)`` callback."""
    check_hands(hands)
    from mahjong.game.log import dumps_log
    from mahjong.game.outcome import outcome_of
    from mahjong.scale.simulate import outcome_k, play_hand_k, stats_of, tally_hand
    from mahjong.scale.tally import Tally

    show = None if progress is None else progress_bar(progress) if hasattr(progress, "write") else progress
    every = max(1, hands // 50)
    tally = Tally()
    # (the built-in random and greedy agents choose in C on the compiled core: one table for every hand, made
    # before the clocks start: the rule set's flow and rule book, made once per process, are no hand's time)
    table = RandomTable(rules, options, agent) if agent in ("random", "greedy") else None
    # (what is loaded so far — the package, the rule books — out of the garbage collector's reach while the
    # hands play: its collections then scan only what the hands make, as the sharded run's workers have it)
    gc.freeze()
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        for k in range(hands):
            if log is None:
                tally_hand(tally, outcome_k(rules, seed, k, agent, options, table))
            else:  # (the hand itself, for its log)
                game = play_hand_k(rules, seed, k, agent, options, table)
                tally_hand(tally, outcome_of(game))
                log.write(dumps_log(game.events))
            if show is not None and (k + 1 == hands or (k + 1) % every == 0):
                show(k + 1, hands)
        tally.seconds = time.perf_counter() - t0
        tally.cpu_seconds = time.process_time() - c0
    finally:
        gc.unfreeze()
    return stats_of(tally, rules, seed, agent)


def run_simulate(args: argparse.Namespace) -> int:
    """``mahjong simulate``: the statistics as text in ``--lang``'s language, or JSON; a bad argument is a
    :class:`~mahjong.errors.MahjongError` the command line prints in that language (JSON under ``--json``)."""
    lang = language(getattr(args, "lang", None))
    options = read_options(args.option)
    from mahjong.scale.cli import simulate_from_args, wants_sharded_simulate

    if wants_sharded_simulate(args):
        result = simulate_from_args(args, options)
    else:

        try:
            log = open(args.log, "w", encoding="utf-8") if args.log else None
        except OSError as e:
            raise CommandError(code="cli-cannot-write", path=args.log, reason=e.strerror or str(e)) from None
        try:
            try:
                result = simulate(args.rules, args.hands, args.seed, args.agent, options,
                                  None if args.no_progress else progress_bar(sys.stderr, text("sim.hands", lang), lang),
                                  log)
            finally:
                if log is not None:
                    log.close()
        except OSError as e:  # the log's disk is full, or its file went away
            if log is None or e.filename not in (None, args.log):
                raise
            raise CommandError(code="cli-cannot-write", path=args.log, reason=e.strerror or str(e)) from None
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print_statistics(result, lang)
    return 0


def _pattern_names(rules: str) -> dict[str, tuple[str, str]]:
    """key -> (Chinese, English) name of every row of the rule set's table (empty when it cannot be read)."""
    from mahjong import report

    try:
        table = report.fans(rules)
    except MahjongError:
        return {}
    return {r["key"]: (r["zh"], r["en"]) for sec in table["sections"] for r in sec["rows"]}


def print_statistics(result: dict[str, Any], lang: str = "en", out: TextIO | None = None) -> None:
    """The text report of ``mahjong simulate`` (the dict :func:`simulate` returns) in one language."""
    out = out if out is not None else sys.stdout
    wp = result["winner_points"]

    def say(key: str, **values: object) -> None:
        print(text(key, lang, **values), file=out)

    say("sim.head", rules=result["rules"], hands=result["hands"], agent=result["agent"], seed=result["seed"])
    say("sim.rates", win=f"{result['win_rate']:.1%}", draw=f"{result['draw_rate']:.1%}",
        self=f"{result['self_draw_share']:.1%}", wins=result["wins"])
    if wp["mean"] is not None:
        say("sim.points", mean=f"{wp['mean']:.1f}", min=wp["min"], p25=wp["p25"], median=wp["median"],
            p75=wp["p75"], max=wp["max"])
    if result.get("special_events"):  # 起手小胡, instant wins, 买马 (rule files' special tables)
        say("sim.special", events=", ".join(f"{_special_name(k, lang)} {v}"
                                            for k, v in result["special_events"].items()))
    patterns = list(result["patterns"].items())
    if patterns:
        say("sim.patterns")
        known = _pattern_names(result["rules"])  # (the statistics name each pattern in Chinese only)
        rows = []
        for key, row in patterns:
            zh, en = known.get(key, (row["name"], ""))
            rows.append(((zh or row["name"]) if lang == "zh" else (en or key), key, row))
        width = max(_width(n) for n, _, _ in rows)
        for n, key, row in rows:
            print(f"    {n}{' ' * (width - _width(n))}  {key:<36} {row['count']:>7}  {row['per_win']:.3f}", file=out)
    rate = result["hands_per_second"]
    cpu_rate = result.get("hands_per_cpu_second")
    say("sim.speed", rate=f"{rate:,.0f}" if rate else "-", seconds=f"{result['seconds']:.2f}",
        cpu_rate=f"{cpu_rate:,.0f}" if cpu_rate else "-")


def _special_name(kind: str, lang: str) -> str:
    """A special event's kind in words (``horses`` → 买马, the words of the settlement lines it pays)."""
    key = f"special.{kind}"
    return text(key, lang) if key in MESSAGES else kind


# --- play -----------------------------------------------------------------------------------------------------


_SUITS = {"en": ("characters (m)", "dots (p)", "bamboo (s)"), "zh": ("万", "筒", "条")}


def action_text(a: Action, lang: str = "en", style: str = "ascii") -> str:
    """An action as a player reads it: 打 3m / discard 3m, 碰 5p / pung 5p, 定缺 万 / void characters (m), …"""
    if a.kind == "pass":
        return text("act.pass", lang)
    if a.kind == "lack":
        return text("act.lack", lang, suit=_SUITS["zh" if lang == "zh" else "en"][a.tile])
    if a.kind == "chow":
        tiles = (format_tiles(a.meld) if style == "ascii"
                 else "".join(tile_name(t, style) for t in a.meld))  # type: ignore[arg-type]
    else:
        tiles = tile_name(a.tile, style) if a.tile >= 0 else ""  # type: ignore[arg-type]
    return text(f"act.{a.kind}", lang, tiles=tiles)


#: a kind of action typed as one word (English or Chinese) -> the kinds it names
_KIND_WORDS: dict[str, tuple[str, ...]] = {
    "discard": ("discard",), "打": ("discard",), "chow": ("chow",), "吃": ("chow",), "pung": ("pung",),
    "碰": ("pung",), "kong": ("kong", "concealed_kong", "added_kong"), "杠": ("kong", "concealed_kong", "added_kong"),
    "明杠": ("kong",), "concealed kong": ("concealed_kong",), "暗杠": ("concealed_kong",),
    "added kong": ("added_kong",), "补杠": ("added_kong",), "加杠": ("added_kong",), "win": ("win",),
    "hu": ("win",), "和": ("win",), "胡": ("win",), "自摸": ("win",), "pass": ("pass",), "过": ("pass",),
    "ready": ("ready",), "报听": ("ready",), "void": ("lack",), "lack": ("lack",), "定缺": ("lack",),
    "pick": ("pick",), "选": ("pick",), "flower": ("flower",), "补花": ("flower",),
}


def _read_choice(line: str, legal: list[Action], lang: str) -> Action | str | None:
    """The action a typed line names: its number; its words in either language (``discard 3m``, ``打 3m``);
    a kind alone (``pung``, ``碰``, ``和``) when one action of that kind is on offer; or a tile alone for the one
    action on it (a discard first).  "quit" / "help" for q / h; None when the line names nothing."""
    words = " ".join(line.strip().lower().split())
    if words in ("q", "quit", "exit", "退出"):
        return "quit"
    if words in ("h", "help", "?", "？", "帮助", ""):
        return "help"
    if words.isdigit():
        i = int(words)
        return legal[i] if i < len(legal) else None
    squeezed = words.replace(" ", "")
    for a in legal:
        names = (str(a), action_text(a, "en"), action_text(a, "zh"), action_text(a, "zh", "chinese"))
        if squeezed in {n.lower().replace(" ", "") for n in names}:
            return a
    kinds = _KIND_WORDS.get(words)
    if kinds is not None:
        of_kind = [a for a in legal if a.kind in kinds]
        return of_kind[0] if len(of_kind) == 1 else None
    try:
        tiles = parse_tiles(words)
    except MahjongError:
        return None
    if len(tiles) == 1:
        on_tile = [a for a in legal if a.tile == tiles[0] and a.kind != "chow"]
        discards = [a for a in on_tile if a.kind == "discard"]
        if discards or len(on_tile) == 1:
            return (discards or on_tile)[0]
    return None


class _Table:
    """What ``mahjong play`` writes about the table: seats named with their wind, tiles in the chosen style, and
    only the facts the rule set uses (no flower column without flowers, no round wind without honors)."""

    def __init__(self, game: Game, lang: str, style: str) -> None:
        self.lang, self.style = lang, style
        kinds = set(game.flow.tiles())
        self.flowers = any(k >= 34 for k in kinds)
        self.honors = any(27 <= k < 34 for k in kinds)
        self.dealer = game.state.dealer
        self.seen = 0  # the events already told

    def tiles(self, tiles: Any) -> str:
        tiles = list(tiles)
        if self.style == "ascii":
            return format_tiles(tiles)
        return " ".join(tile_name(t, self.style) for t in tiles)  # type: ignore[arg-type]

    def tile(self, t: int) -> str:
        return tile_name(t, self.style)  # type: ignore[arg-type]

    def seat(self, s: int) -> str:
        """A seat as a player names it: its number and its wind (counted from the dealer)."""
        return text("play.seat", self.lang, seat=s, wind=wind((s - self.dealer) % 4, self.lang))

    def happened(self, game: Game, you: int) -> list[str]:
        """What happened since the last call, one phrase per event a player sees (the others' concealed tiles
        stay hidden): discards, claims, kongs, flowers, 定缺, the exchange, wildcards turned up, wins."""
        from mahjong.game import events as E

        out: list[str] = []
        for ev in game.events[self.seen:]:
            who = self.seat(getattr(ev, "seat", 0))
            if isinstance(ev, E.Discarded):
                out.append(text("ev.discard", self.lang, who=who, tile=self.tile(ev.tile)))
            elif isinstance(ev, E.Claimed):
                out.append(text(f"ev.{ev.kind}", self.lang, who=who, tiles=self.tiles(ev.meld)))
            elif isinstance(ev, E.KongDeclared):
                hidden = ev.kind == "concealed" and ev.seat != you
                out.append(text("ev.concealed_kong" if ev.kind == "concealed" else "ev.added_kong", self.lang,
                                who=who, tiles="" if hidden else self.tiles([ev.tile] * 4)).rstrip())
            elif isinstance(ev, E.KongRobbed):
                out.append(text("ev.robbed", self.lang, who=who, tile=self.tile(ev.tile)))
            elif isinstance(ev, E.BonusSetAside):
                out.append(text("ev.bonus", self.lang, who=who, tile=self.tile(ev.tile)))
            elif isinstance(ev, E.LackDeclared):
                suit = _SUITS["zh" if self.lang == "zh" else "en"][ev.suit]
                out.append(text("ev.lack", self.lang, who=who, suit=suit))
            elif isinstance(ev, E.TilesPassed):
                out.append(text("ev.passed", self.lang, who=who, to=self.seat(ev.to_seat),
                                tiles=self.tiles(ev.tiles) if you in (ev.seat, ev.to_seat) else "3"))
            elif isinstance(ev, E.WildcardRevealed):
                out.append(text("ev.wildcard", self.lang, tile=self.tile(ev.indicator),
                                tiles=self.tiles(ev.wildcards)))
            elif isinstance(ev, E.Won):
                how = (text("play.self_drawn", self.lang) if ev.from_seat is None
                       else text("play.on_discard", self.lang, seat=self.seat(ev.from_seat)))
                out.append(text("ev.win", self.lang, who=who, how=how, tile=self.tile(ev.tile)))
            elif isinstance(ev, (E.OpeningDeclared, E.InstantWon, E.HorsesTurned)):
                out.append(text(f"ev.{ev.type}", self.lang, who=who))
        self.seen = len(game.events)
        return out


def _show(game: Game, seat: int, out: TextIO, lang: str = "en", table: _Table | None = None) -> None:
    table = table or _Table(game, lang, "ascii")
    obs = game.observe(seat)
    said = table.happened(game, seat)
    if said:
        out.write("\n   " + text("play.happened", lang) + " " + ("；" if lang == "zh" else "; ").join(said) + "\n")
    prevalent = (text("play.round", lang, wind=wind(obs["prevalent_wind"], lang)) if table.honors else "")
    out.write("\n" + text("play.status", lang, live=obs["live"], you=table.seat(seat), round=prevalent) + "\n")
    concealed = text("play.concealed_kong", lang)
    lacks = obs.get("lack") or [None] * 4
    for s in game.flow.seats:
        melds = " ".join(table.tiles([t for t in m["tiles"] if t >= 0]) or concealed for m in obs["melds"][s])
        river = " ".join(table.tile(t) for t, _ in obs["discards"][s]) or "-"
        marks = [text("play.you", lang)] if s == seat else []
        if s == obs["dealer"]:
            marks.append(text("play.dealer", lang))
        if obs["ready"][s]:
            marks.append(text("play.ready", lang))
        if s in obs["won"]:
            marks.append(text("play.won", lang))
        extra = ""
        if table.flowers and obs["bonus"][s]:
            extra += "  " + text("play.flowers", lang, tiles=table.tiles(obs["bonus"][s]))
        if lacks[s] is not None:
            extra += "  " + text("play.lack", lang, suit=_SUITS["zh" if lang == "zh" else "en"][lacks[s]])
        out.write("   " + text("play.seat_line", lang, seat=table.seat(s), marks="".join(marks), melds=melds or "-",
                                river=river) + extra + "\n")
    if obs["wildcards"]:
        out.write("   " + text("play.wildcards", lang, tiles=table.tiles(obs["wildcards"])) + "\n")
    last = obs["last_discard"]  # ([seat, tile] while the discard is on offer)
    if last is not None and obs["phase"] != "turn":
        out.write("   " + text("play.on_offer", lang, seat=table.seat(last[0]), tile=table.tile(last[1])) + "\n")
    drawn = "" if obs["drawn"] is None else text("play.drew", lang, tile=table.tile(obs["drawn"]))
    out.write("   " + text("play.your_hand", lang, hand=table.tiles(obs["hand"])) + drawn + "\n")


def _read_line(stdin: TextIO) -> str:
    """One line of the player's answers: text that is not UTF-8 (read as it is, or kept by Python as escaped
    bytes) or a stream that is closed is our error, not a wrong answer to ask again."""

    try:
        line = stdin.readline()
        line.encode("utf-8")
    except UnicodeError:
        raise CommandError(code="cli-stdin-not-utf8") from None
    except (OSError, ValueError):  # (a stream closed under us: ValueError "I/O operation on closed file")
        raise CommandError(code="cli-stdin-closed") from None
    return line


def run_play(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """``mahjong play``: one hand against the built-in agents, read from ``stdin`` (status 0 when the hand is
    played out, 1 when the player quits or the input ends first)."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    if stdin is None:  # (started with its standard input closed: `mahjong play 0<&-`)

        raise CommandError(code="cli-stdin-closed")
    lang = language(getattr(args, "lang", None))
    game = Game(args.rules, seed=args.seed, options=read_options(args.option))
    if args.seat not in game.flow.seats:
        raise RulesError(f"--seat must be one of {listed(game.flow.seats)}")
    others = {s: make_agent(args.opponents, args.seed * 4 + s) for s in game.flow.seats if s != args.seat}
    style = getattr(args, "style", None) or ("chinese" if lang == "zh" else "ascii")
    table = _Table(game, lang, style)
    out.write(text("play.intro", lang, rules=args.rules, seat=table.seat(args.seat)) + "\n")
    while not game.done:
        for seat in game.pending:
            legal = game.legal_actions(seat)
            if seat != args.seat:
                game.act(seat, others[seat].choose(game, seat, legal))
                continue
            _show(game, seat, out, lang, table)
            listing = "".join(f"   [{i}] {action_text(a, lang, style)}\n" for i, a in enumerate(legal))
            for kind in ("pick", "lack"):  # (the decisions before play that a player may not know)
                if any(a.kind == kind for a in legal):
                    out.write("   " + text(f"play.hint.{kind}", lang) + "\n")
            out.write(listing)
            while True:
                out.write(text("play.prompt", lang) + " ")
                out.flush()
                line = _read_line(stdin)
                choice = _read_choice(line, legal, lang) if line else "quit"
                if choice == "quit":
                    out.write("\n" + text("play.bye", lang) + "\n")
                    return 1
                if choice == "help":
                    out.write(text("play.help", lang) + "\n" + listing)
                    continue
                if not isinstance(choice, Action):
                    out.write("   " + text("play.pick", lang, last=len(legal) - 1, line=line.strip()) + "\n")
                    continue
                game.act(seat, choice)
                break
    st = game.state
    assert game.settlement is not None
    said = table.happened(game, args.seat)
    if said:
        out.write("\n   " + text("play.happened", lang) + " " + ("；" if lang == "zh" else "; ").join(said) + "\n")
    out.write("\n== " + text("play.over", lang) + " ==\n")
    for w in st.wins:
        how = text("play.self_drawn", lang) if w.from_seat is None else text("play.on_discard", lang,
                                                                             seat=table.seat(w.from_seat))
        out.write("   " + text("play.win", lang, seat=table.seat(w.seat), how=how, hand=w.hand) + "\n")
    if not st.wins:
        out.write("   " + text("play.draw", lang) + "\n")
    from contextlib import redirect_stdout

    from mahjong.console import print_settlement

    with redirect_stdout(out):
        print_settlement(game.settlement.to_dict(), lang, seat_name=table.seat, winners=[w.seat for w in st.wins])
    return 0
