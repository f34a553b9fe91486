"""The ``mahjong simulate`` and ``mahjong play`` commands (hooked into :mod:`mahjong.cli` by
:func:`add_commands`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any, TextIO

from mahjong.errors import MahjongError, RulesError, listed
from mahjong.game.agents import AGENTS, make_agent
from mahjong.game.core import RandomTable
from mahjong.game.engine import Game, HandTable
from mahjong.game.play import play_hand
from mahjong.i18n import help_text
from mahjong.tiles import format_tiles, tile_name

__all__ = ["add_commands", "simulate", "run_simulate", "run_play"]


def add_commands(sub: Any) -> None:
    """Add ``simulate`` and ``play`` to the ``mahjong`` command's subparsers."""
    s = sub.add_parser("simulate", help=help_text("simulate"))
    s.add_argument("--rules", default="guobiao", help=help_text("game.--rules"))
    s.add_argument("--hands", type=int, default=100, help=help_text("simulate.--hands"))
    s.add_argument("--seed", type=int, default=0, help=help_text("simulate.--seed"))
    s.add_argument("--agent", default="greedy", choices=sorted(AGENTS), help=help_text("simulate.--agent"))
    s.add_argument("--option", action="append", metavar=help_text("metavar.name=value"),
                   help=help_text("game.--option"))
    s.add_argument("--log", metavar=help_text("metavar.file"), help=help_text("simulate.--log"))
    s.add_argument("--no-progress", action="store_true", help=help_text("simulate.--no-progress"))
    s.add_argument("--json", action="store_true", help=help_text("simulate.--json"))
    from mahjong.scale.cli import add_scale_arguments  # --workers K, --ray [ADDRESS]

    add_scale_arguments(s)
    s.set_defaults(run=run_simulate)

    p = sub.add_parser("play", help=help_text("play"))
    p.add_argument("--rules", default="guobiao", help=help_text("game.--rules"))
    p.add_argument("--seed", type=int, default=0, help=help_text("play.--seed"))
    p.add_argument("--seat", type=int, default=0, help=help_text("play.--seat"))
    p.add_argument("--opponents", default="greedy", choices=sorted(AGENTS), help=help_text("play.--opponents"))
    p.add_argument("--option", action="append", metavar=help_text("metavar.name=value"),
                   help=help_text("game.--option"))
    p.set_defaults(run=run_play)


def _options(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in pairs or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise RulesError(f"--option needs KEY=VALUE, got {item!r}")
        low = value.strip().lower()
        v: Any = value
        if low in ("true", "false"):
            v = low == "true"
        elif low in ("none", "null"):
            v = None
        else:
            try:
                v = int(value)
            except ValueError:
                v = value
        out[key.strip()] = v
    return out


def simulate(rules: str, hands: int, seed: int = 0, agent: str = "greedy", options: dict[str, Any] | None = None,
             progress: TextIO | None = None, log: TextIO | None = None) -> dict[str, Any]:
    """Play ``hands`` hands (hand k: salt k, the deal rotating) and return the statistics."""
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise RulesError(f"--hands must be at least 1, got {hands!r}")
    from mahjong.game.log import dumps_log

    stats: Counter[str] = Counter()
    fans: Counter[str] = Counter()
    special: Counter[str] = Counter()
    names: dict[str, str] = {}
    points: list[int] = []
    t0 = time.perf_counter()
    seats = None
    # (the built-in random and greedy agents choose in C on the compiled core)
    table = RandomTable(rules, options, agent) if agent in ("random", "greedy") else None
    for k in range(hands):
        game: HandTable
        if table is not None:
            seats = table.flow.seats
            game = table.hand(seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)],
                              agent_seeds=[seed * 4 + s + 16 * k for s in seats])
        else:
            game = Game(rules, seed=seed, salt=k, hand_number=k, options=options)
            seats = game.flow.seats
            if k % len(seats):
                game = Game(rules, seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)],
                            options=options)
            agents = {s: make_agent(agent, seed * 4 + s + 16 * k) for s in seats}
            play_hand(game, agents)
        wins = game.wins_made()
        assert game.settlement is not None
        stats["hands"] += 1
        # (rbgames) a rule file's own events: opening declarations, instant wins, horses turned
        instant = 0
        for ev in getattr(game.state, "special", ()):
            special[ev.type] += 1
            instant += ev.type == "instant_win"
        if wins or instant:
            stats["hands_won"] += 1
        else:
            stats["draws"] += 1
        for w in wins:
            stats["wins"] += 1
            stats["self_drawn"] += w.from_seat is None
        for r in game.settlement.results:
            for it in r.items:
                fans[it.key] += 1
                names[it.key] = it.name_zh
        if wins or instant:
            points.append(max(game.settlement.net))
        if log is not None:
            log.write(dumps_log(game.events))
        if progress is not None and (k + 1 == hands or (k + 1) % max(1, hands // 50) == 0):
            done = (k + 1) * 30 // hands
            progress.write(f"\r[{'#' * done}{'.' * (30 - done)}] {k + 1}/{hands} hands")
            progress.flush()
    elapsed = time.perf_counter() - t0
    if progress is not None:
        progress.write("\n")
    n = stats["hands"]
    points.sort()

    def pct(q: float) -> int | None:
        return points[min(len(points) - 1, int(q * len(points)))] if points else None

    return {
        "rules": rules,
        "agent": agent,
        "seed": seed,
        "hands": n,
        "win_rate": stats["hands_won"] / n,
        "draw_rate": stats["draws"] / n,
        "wins": stats["wins"],
        "self_draw_share": stats["self_drawn"] / stats["wins"] if stats["wins"] else 0.0,
        "winner_points": {"mean": sum(points) / len(points) if points else None, "min": pct(0), "p25": pct(0.25),
                          "median": pct(0.5), "p75": pct(0.75), "max": pct(1.0)},
        "patterns": {k: {"name": names[k], "count": c, "per_win": c / stats["wins"] if stats["wins"] else 0}
                     for k, c in fans.most_common()},
        "seconds": elapsed,
        "hands_per_second": n / elapsed if elapsed > 0 else None,
        "special_events": dict(sorted(special.items())),
    }


def run_simulate(args: argparse.Namespace) -> int:
    try:
        log = open(args.log, "w", encoding="utf-8") if args.log else None
    except OSError as e:
        print(f"mahjong simulate: error: cannot write {args.log}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        from mahjong.scale.cli import simulate_from_args, wants_sharded_simulate

        if wants_sharded_simulate(args):
            result = simulate_from_args(args, _options(args.option))
        else:
            result = simulate(args.rules, args.hands, args.seed, args.agent, _options(args.option),
                              None if args.no_progress else sys.stderr, log)
    except MahjongError as e:
        print(f"mahjong simulate: error: {e}", file=sys.stderr)
        return 2
    finally:
        if log is not None:
            log.close()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    wp = result["winner_points"]
    print(f"rule set {result['rules']}: {result['hands']} hands, agents '{result['agent']}', seed {result['seed']}")
    print(f"  win rate 和牌率 {result['win_rate']:.1%}   draw rate 流局率 {result['draw_rate']:.1%}   "
          f"self-drawn 自摸 {result['self_draw_share']:.1%} of {result['wins']} wins")
    if wp["mean"] is not None:
        print(f"  winner's points 赢家得分: mean {wp['mean']:.1f}  min {wp['min']}  p25 {wp['p25']}  "
              f"median {wp['median']}  p75 {wp['p75']}  max {wp['max']}")
    if result.get("special_events"):  # (rbgames) 起手小胡, instant wins, 买马
        print("  special events 特殊事件: " + ", ".join(f"{k} {v}" for k, v in result["special_events"].items()))
    print("  patterns 番种 / 牌型 (count, per win):")
    for key, row in list(result["patterns"].items())[:25]:
        print(f"    {row['name']:<8} {key:<32} {row['count']:>6}  {row['per_win']:.3f}")
    print(f"  {result['hands_per_second']:.0f} hands/s ({result['seconds']:.2f} s)")
    return 0


def _show(game: Game, seat: int, out: TextIO) -> None:
    obs = game.observe(seat)
    out.write(f"\n-- {obs['live']} tiles left; dealer seat {obs['dealer']}; you are seat {seat}\n")
    for s in game.flow.seats:
        melds = " ".join(format_tiles([t for t in m["tiles"] if t >= 0]) or "[暗杠]" for m in obs["melds"][s])
        river = " ".join(tile_name(t) for t, _ in obs["discards"][s])
        bonus = format_tiles(obs["bonus"][s]) if obs["bonus"][s] else ""
        out.write(f"   seat {s}: melds {melds or '-'} {bonus}  discards: {river}\n")
    out.write(f"   your hand: {format_tiles(obs['hand'])}" + (f"  (drew {tile_name(obs['drawn'])})"
                                                             if obs["drawn"] is not None else "") + "\n")


def run_play(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    try:
        game = Game(args.rules, seed=args.seed, options=_options(args.option))
        if args.seat not in game.flow.seats:
            raise RulesError(f"--seat must be one of {listed(game.flow.seats)}")
        others = {s: make_agent(args.opponents, args.seed * 4 + s) for s in game.flow.seats if s != args.seat}
    except MahjongError as e:
        print(f"mahjong play: error: {e}", file=sys.stderr)
        return 2
    while not game.done:
        for seat in game.pending:
            legal = game.legal_actions(seat)
            if seat != args.seat:
                game.act(seat, others[seat].choose(game, seat, legal))
                continue
            _show(game, seat, out)
            for i, a in enumerate(legal):
                out.write(f"   [{i}] {a}\n")
            while True:
                out.write("your choice 你的选择 (number, q to quit): ")
                out.flush()
                line = stdin.readline()
                if not line or line.strip().lower() == "q":
                    out.write("\nbye\n")
                    return 1
                try:
                    choice = legal[int(line.strip())]
                except (ValueError, IndexError):
                    out.write(f"   pick a number 0..{len(legal) - 1}\n")
                    continue
                game.act(seat, choice)
                break
    st = game.state
    assert game.settlement is not None
    out.write("\n== hand over ==\n")
    for w in st.wins:
        how = "self-drawn 自摸" if w.from_seat is None else f"on seat {w.from_seat}'s discard"
        out.write(f"   seat {w.seat} wins {how}: {w.hand}\n")
    if not st.wins:
        out.write("   draw 流局\n")
    out.write(game.settlement.describe() + "\n")
    return 0
