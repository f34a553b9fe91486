"""What a rule file says happens outside a scored win: the opening declarations (起手小胡), the instant wins by a
holding (四红中, 四鬼) and the horses turned after a win (买马).  Written once here, read from three tables of the
file, and played by the engine through its special-rules hooks (:class:`mahjong.game.engine.SpecialHooks`).

``[[opening]]`` — right after the deal, a seat whose dealt tiles meet a row's ``when`` declares it (the engine does
so for it: declaring never hurts) and is paid ``value`` by each other player, ``times`` times; play then goes on.
``[[instant_wins]]`` — a seat that holds what a row's ``when`` says wins at once: on its first turn
(``at = "first_turn"``: 起手, before its first discard) or on any draw (``"any_draw"``: 摸到即胡); each other
player pays ``value``.  ``[horses]`` — after a win, ``count`` tiles are turned up from the live wall; each falls
on a seat by the four ``positions`` (counted from the dealer or the winner), and each that falls on the winner
makes every payer of the win pay ``value`` again (names: ``share``, what the payer paid for the win).

The conditions on a seat's tiles are expressions of the holding library below (:data:`HOLDING_NAMES`,
:data:`HOLDING_FUNCTIONS`), parsed by :mod:`mahjong.rulebook.expr`; nothing in a file runs code.  Every amount is
an expression of the file's options and the names each table lists; the payments are folded from the hand's
events (:class:`~mahjong.game.events.OpeningDeclared`, :class:`~mahjong.game.events.InstantWon`,
:class:`~mahjong.game.events.HorsesTurned`) by :meth:`SpecialFlow.extra_lines`, so the hand's net is the sum of
its wins' payments and theirs, and stays zero-sum.

将将胡 (a hand of only 2, 5 and 8, in any shape) is a holding too: ``all_ranks_in(2, 5, 8)`` on a self-draw
(``complete`` tells whether the kernels also read it as sets and a pair: the rule rows then score it as a win).
It is taken at once on the draw, as the tables' 将将胡（必须自摸） plays it; a win on a discard by it is not
modelled (the kernels' forms are sets-and-a-pair and seven pairs).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong.rulebook.expr import BUILTINS, Node, Value, evaluate, evaluate_int
from mahjong.rulebook.rows import vocabulary_names

__all__ = [
    "HOLDING_NAMES",
    "special_events_of",
    "HOLDING_FUNCTIONS",
    "HoldingRow",
    "OpeningRow",
    "InstantWinRow",
    "HorseRule",
    "SpecialRules",
    "holding_env",
    "horse_seat",
    "read_special",
    "SpecialFlow",
    "DEFAULT_POSITIONS",
    "bird_hits",
    "birds_by_seat",
]

_HONOR_LETTERS = "ESWNCFP"
_LETTERS = ", ".join(_HONOR_LETTERS)

#: the names a holding condition may read: name -> (zh, en) of what each means
HOLDING_NAMES: dict[str, tuple[str, str]] = {
    "tiles": ("手中暗牌张数（起手 13 张、庄家 14 张，或摸牌后 14 张）",
              "tiles held (concealed; the dealt 13, the dealer's 14, or 14 after a draw)"),
    "quads": ("手中有四张的牌种数（四喜 / 大四喜）", "kinds held four times (the big four of a kind)"),
    "triplets": ("手中恰有三张的牌种数（六六顺：两种）",
                 "kinds held exactly three times (two of them: six-six in order)"),
    "pairs": ("手中至少两张的牌种数", "kinds held at least twice"),
    "suits_held": ("手中有牌的花色数", "suits with at least one tile held"),
    "suits_missing": ("牌种里手中一张都没有的花色数（缺一色）",
                      "suits of the tile set with no tile held (a missing suit)"),
    "tiles_258": ("手中 2、5、8 序数牌张数（板板胡：没有）",
                  "suited tiles of rank 2, 5 or 8 held (none: the no-258 hand)"),
    "honors": ("手中字牌张数", "honor tiles held"),
    "wildcards": ("手中癞子张数（红中、鬼牌）", "wildcards held (red dragons, ghosts)"),
    "same_rank_pairs": ("每门花色都至少有两张的点数个数（三同：22万 22筒 22条）",
                        "ranks held at least twice in every suit of the tile set (three of a rank: 22m 22p 22s)"),
    "melds": ("已亮出的副露数（吃碰杠）", "melds declared (吃碰杠)"),
    "complete": ("暗牌连同副露按本文件的牌型组成和牌", "the concealed tiles with the melds form a winning hand of the "
                 "file's forms (the kernels' reading)"),
}

#: the functions a holding condition may call: name -> (zh, en)
HOLDING_FUNCTIONS_DOC: dict[str, tuple[str, str]] = {
    "count_of": ("count_of(\"C\")：手中某张牌的张数（\"5m\"、\"C\" …）",
                 "count_of(\"C\"): copies held of one tile (\"5m\", \"C\" …)"),
    "ranks_held": ("ranks_held(2, 5, 8)：手中这些点数的序数牌张数",
                   "ranks_held(2, 5, 8): suited tiles held of these ranks"),
    "kinds_at_least": ("kinds_at_least(3)：手中至少有这么多张的牌种数",
                       "kinds_at_least(3): kinds held at least this many times"),
    "all_ranks_in": ("all_ranks_in(2, 5, 8)：手牌和副露全是这些点数的序数牌（将将胡）",
                     "all_ranks_in(2, 5, 8): every tile held and melded is a suited tile of these ranks (将将胡)"),
}

#: the names an amount of the special tables may read besides the file's options: name -> (zh, en)
AMOUNT_NAMES: dict[str, tuple[str, str]] = {
    "payer_is_dealer": ("付款者是庄家", "the payer is the dealer"),
    "declarer_is_dealer": ("报起手胡者是庄家", "the player who declared is the dealer"),
    "birds": ("中鸟数", "birds that hit"),
    "birds_on_winner": ("落在胡牌者的鸟数", "birds on the winner's seat"),
    "birds_on_payer": ("落在付款者的鸟数", "birds on the payer's seat"),
    "self_drawn": ("自摸", "the win is self-drawn"),
    "share": ("这一笔付款的数额（买马按它再付）", "the payment's amount (a horse on the winner pays it again)"),
    "covers": ("这一笔付款代付的家数（包三家为 3）",
               "how many payers' shares the payment carries (3 when one pays for all three)"),
}


def describe_special() -> list[dict[str, str]]:
    """The special tables' names as entries of the library's listing (``mahjong rules --schema``)."""
    tables = (("holding", HOLDING_NAMES), ("holding function", HOLDING_FUNCTIONS_DOC), ("amount", AMOUNT_NAMES))
    return [{"name": k, "kind": kind, "zh": zh, "en": en} for kind, table in tables for k, (zh, en) in table.items()]


#: 买马 positions counted from the start seat: 1 5 9 东 中 / 2 6 南 发 / 3 7 西 白 / 4 8 北
DEFAULT_POSITIONS = ("159EC", "26SF", "37WP", "48N")


def _tile_id(text: str) -> int | None:
    if len(text) == 1 and text in _HONOR_LETTERS:
        return 27 + _HONOR_LETTERS.index(text)
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
        return "mps".index(text[1]) * 9 + int(text[0]) - 1
    return None


def _ranks(args: tuple[Value, ...]) -> set[int]:
    return {int(a) - 1 for a in args if isinstance(a, int) and not isinstance(a, bool)}


def holding_env(counts: Sequence[int], wild_kinds: Sequence[int] = (), suits: Sequence[int] = (0, 1, 2),
                melded: Sequence[int] = (), complete: bool | Callable[[], bool] = False,
                ) -> tuple[dict[str, Any], dict[str, Callable[..., Value]]]:
    """The names and functions of a holding: ``counts`` are the seat's concealed tiles over 34 kinds, the kinds in
    ``wild_kinds`` count as wildcards (never as the tile they are), ``suits`` are the suits of the tile set,
    ``melded`` the tiles of the seat's melds (one meld's tiles per entry: only their tile kinds are read) and
    ``complete`` whether the kernels read a winning hand (or a function that tells, called only when read)."""
    wild = set(wild_kinds)
    meld_kinds = {int(t) for t in melded}
    real = [0 if t in wild else int(counts[t]) for t in range(34)]
    n_wild = sum(int(counts[t]) for t in wild)
    held_suits = {t // 9 for t in range(27) if real[t]}
    names: dict[str, Any] = {
        "tiles": sum(real) + n_wild,
        "quads": sum(1 for c in real if c == 4),
        "triplets": sum(1 for c in real if c == 3),
        "pairs": sum(1 for c in real if c >= 2),
        "suits_held": len(held_suits),
        "suits_missing": sum(1 for s in suits if s not in held_suits),
        "tiles_258": sum(real[t] for t in range(27) if t % 9 in (1, 4, 7)),
        "honors": sum(real[27:34]),
        "wildcards": n_wild,
        "same_rank_pairs": sum(1 for r in range(9) if suits and all(real[s * 9 + r] >= 2 for s in suits)),
        "melds": 0,
        "complete": complete,
    }

    def count_of(tile: Value) -> int:
        t = _tile_id(str(tile))
        return 0 if t is None else int(counts[t])

    def ranks_held(*ranks: Value) -> int:
        want = _ranks(ranks)
        return sum(real[t] for t in range(27) if t % 9 in want)

    def kinds_at_least(n: Value) -> int:
        return sum(1 for c in real if c >= int(n))

    def all_ranks_in(*ranks: Value) -> bool:
        want = _ranks(ranks)
        in_hand = n_wild == 0 and not any(real[27:34]) and all(real[t] == 0 or t % 9 in want for t in range(27))
        return in_hand and all(t < 27 and t % 9 in want for t in meld_kinds)

    funcs: dict[str, Callable[..., Value]] = dict(BUILTINS)
    funcs.update(count_of=count_of, ranks_held=ranks_held, kinds_at_least=kinds_at_least,
                 all_ranks_in=all_ranks_in)
    return names, funcs


HOLDING_FUNCTIONS = frozenset(HOLDING_FUNCTIONS_DOC)


@dataclass(frozen=True)
class HoldingRow:
    """A row paid for a holding: its key and names, the condition on the seat's tiles (``when``), what each other
    player pays (``value``), its rule text, source and switching option."""

    key: str
    zh: str
    en: str
    when: Node
    value: Node
    text: str = ""
    source: str = ""
    option: str | None = None


@dataclass(frozen=True)
class OpeningRow(HoldingRow):
    """One ``[[opening]]`` row: an opening declaration (起手小胡), counted ``times`` times (default once)."""

    times: Node | None = None


@dataclass(frozen=True)
class InstantWinRow(HoldingRow):
    """One ``[[instant_wins]]`` row: a holding that wins at once, ``at`` its first turn or any draw."""

    at: str = "any_draw"


@dataclass(frozen=True)
class HorseRule:
    """The ``[horses]`` table: 买马 after a win."""

    count: Node
    count_without_wildcards: Node | None
    start: str
    positions: tuple[frozenset[int], ...]
    value: Node
    option: str | None = None


@dataclass(frozen=True)
class SpecialRules:
    """What a file's ``[[opening]]``, ``[[instant_wins]]`` and ``[horses]`` say."""

    opening: tuple[OpeningRow, ...] = ()
    instant_wins: tuple[InstantWinRow, ...] = ()
    horses: HorseRule | None = None

    def __bool__(self) -> bool:
        return bool(self.opening or self.instant_wins or self.horses)


def special_events_of(game: Any) -> tuple[Any, ...]:
    """The special events a finished hand played (its opening declarations, instant win, horses), in order; ``()``
    without reading the hand's typed events when its rule set has no special table (on the compiled core those
    events are built only when read)."""
    if not getattr(getattr(game.flow, "book", None), "special", None):
        return ()
    read = getattr(game, "special_events", None)  # (a hand on the core that may know them without the fold)
    if read is not None:
        return tuple(read())
    return tuple(getattr(game.state, "special", ()))


def horse_seat(tile: int, start: int, positions: Sequence[frozenset[int]], seats: Sequence[int]) -> int | None:
    """The seat a horse falls on: its position (0 = the start seat, 1 = the next …) counted from ``start``;
    ``None`` for a tile no position lists."""
    for k, group in enumerate(positions):
        if tile in group:
            i = list(seats).index(start)
            return int(seats[(i + k) % len(seats)])
    return None


# --- reading the tables (called by the loader) ------------------------------------------------------------------

Report = Callable[[tuple[Any, ...], str], None]
ExprReader = Callable[[Any, tuple[Any, ...], set[str], set[str]], "Node | None"]


def _positions(raw: list[str], p: tuple[Any, ...], report: Report) -> tuple[frozenset[int], ...]:
    out: list[frozenset[int]] = []
    seen: set[int] = set()
    for i, text in enumerate(raw):
        group: set[int] = set()
        for ch in text.replace(" ", ""):
            if ch in "123456789":
                group |= {s * 9 + int(ch) - 1 for s in range(3)}
            elif ch in _HONOR_LETTERS:
                group.add(27 + _HONOR_LETTERS.index(ch))
            else:
                report((*p, i), f"{ch!r} is neither a rank 1-9 nor an honor letter ({_LETTERS})")
        if group & seen:
            report((*p, i), "a tile is listed in two positions")
        seen |= group
        out.append(frozenset(group))
    if not 1 <= len(out) <= 4:
        report(p, "horses.positions lists one to four positions (the start seat, the next, opposite, before)")
    return tuple(out)


def read_special(data: Mapping[str, Any], expr: ExprReader, report: Report, options: Mapping[str, Any],
                 bool_option: Callable[[Any, tuple[Any, ...]], None], funcs: set[str]) -> SpecialRules:
    """The file's special tables, each expression checked by ``expr`` (the loader's: problems are reported with
    their line and key)."""
    option_names = set(options)
    holding = set(HOLDING_NAMES)
    holding_funcs = set(funcs) | set(HOLDING_FUNCTIONS)
    amount_names = option_names | {"payer_is_dealer", "declarer_is_dealer"}
    opening: list[OpeningRow] = []
    keys: set[str] = set()

    def key_of(r: Mapping[str, Any], p: tuple[Any, ...]) -> str:
        key = str(r["key"])
        if key in keys:
            report((*p, "key"), f"{key!r} appears twice among the opening and instant wins")
        keys.add(key)
        return key

    def about(r: Mapping[str, Any]) -> dict[str, Any]:
        return {"text": r.get("text", ""), "source": r.get("source", ""), "option": r.get("option")}

    def names_of(r: Mapping[str, Any], key: str) -> tuple[str, str]:
        known = vocabulary_names(key)  # (the shared vocabulary's names, where the file gives none)
        return r.get("zh") or (known[0] if known else key), r.get("en") or (known[1] if known else key)

    for i, r in enumerate(data.get("opening", [])):
        p = ("opening", i)
        key = key_of(r, p)
        when = expr(r["when"], (*p, "when"), holding, holding_funcs)
        times = expr(r.get("times"), (*p, "times"), holding, holding_funcs)
        value = expr(r["value"], (*p, "value"), amount_names, set(BUILTINS))
        bool_option(r.get("option"), (*p, "option"))
        if when is not None and value is not None:
            opening.append(OpeningRow(key, *names_of(r, key), when, value, times=times, **about(r)))
    instant: list[InstantWinRow] = []
    for i, r in enumerate(data.get("instant_wins", [])):
        p = ("instant_wins", i)
        key = key_of(r, p)
        when = expr(r["when"], (*p, "when"), holding, holding_funcs)
        value = expr(r["value"], (*p, "value"), amount_names | {"birds", "birds_on_winner", "birds_on_payer",
                                                                 "self_drawn"}, set(BUILTINS))
        bool_option(r.get("option"), (*p, "option"))
        if when is not None and value is not None:
            instant.append(InstantWinRow(key, *names_of(r, key), when, value, at=r.get("at", "any_draw"), **about(r)))
    horses: HorseRule | None = None
    h = data.get("horses")
    if h is not None:
        hp: tuple[Any, ...] = ("horses",)
        count = expr(h["count"], (*hp, "count"), option_names, set(BUILTINS))
        without = expr(h.get("count_without_wildcards"), (*hp, "count_without_wildcards"), option_names,
                       set(BUILTINS))
        value = expr(h["value"], (*hp, "value"), option_names | {"share", "covers"}, set(BUILTINS))
        positions = _positions(list(h.get("positions", DEFAULT_POSITIONS)), (*hp, "positions"), report)
        bool_option(h.get("option"), (*hp, "option"))
        start = h.get("from", "dealer")
        if start not in ("dealer", "winner") and (start not in options or options[start][0] != "str"):
            report((*hp, "from"), f"{start!r} is neither dealer, winner nor a str option of this file")
        if count is not None and value is not None:
            horses = HorseRule(count, without, h.get("from", "dealer"), positions, value, h.get("option"))
    return SpecialRules(tuple(opening), tuple(instant), horses)


# --- playing them (the flow's side of the engine's hooks) -------------------------------------------------------

class SpecialFlow:
    """The special-rules hooks of a rule book's flow (mixed into :class:`mahjong.rulebook.flow.BookFlow`).  The
    engine calls :meth:`opening_events` after the deal, :meth:`instant_win` after each draw (and for the dealer
    after the deal), :meth:`after_win_events` once a hand's wins are made, and folds the events' payments with
    :meth:`extra_lines` at the hand's end."""

    book: Any
    ruleset: Any
    seats: tuple[int, ...]
    # (the flow's own: mahjong.game.flows.base.Flow, which BookFlow mixes this class into)
    wild_kinds: Callable[[Any], frozenset[int]]
    wildcard_count: Callable[[Any, list[int]], tuple[list[int], int]]

    @property
    def special(self) -> SpecialRules:
        rules = getattr(self.book, "special", None)
        return rules if isinstance(rules, SpecialRules) else SpecialRules()

    def _names(self) -> dict[str, Any]:
        return option_values(self.ruleset, self.book)

    def _on(self, option: str | None) -> bool:
        return option is None or bool(self._names().get(option))

    def has_special(self) -> bool:
        return bool(self.special)

    def _env(self, state: Any, seat: int) -> tuple[dict[str, Any], dict[str, Callable[..., Value]]]:
        suits = sorted({t // 9 for t in self.book.tiles if t < 27})
        counts = list(state.hands[seat][:34])

        def complete() -> bool:  # (read only by a condition that names it: the kernels' look is not free)
            if sum(counts) % 3 != 2:
                return False
            from mahjong._kernels import backend_module as K
            from mahjong.errors import MahjongError

            real, wild = self.wildcard_count(state, list(counts))
            try:
                return bool(K.is_win(bytes(real), wild, self.ruleset.hand_rules))
            except MahjongError:
                return False
        melded = [t for m in state.melds[seat] for t in m.tiles]
        wild = [t for t in self.wild_kinds(state) if t < 34]
        names, funcs = holding_env(counts, wild, suits, melded, complete)
        names["melds"] = len(state.melds[seat])
        return names, funcs

    # --- hooks --------------------------------------------------------------------------------------------

    def opening_events(self, state: Any) -> list[Any]:
        """起手小胡: the declarations each seat's dealt tiles allow, seat by seat from the dealer."""
        rows = [r for r in self.special.opening if self._on(r.option)]
        if not rows:
            return []
        events_mod = _events()
        out = []
        seats = list(self.seats)
        i0 = seats.index(state.dealer)
        for k in range(len(seats)):
            seat = seats[(i0 + k) % len(seats)]
            names, funcs = self._env(state, seat)
            shown = tuple(t for t in range(34) for _ in range(state.hands[seat][t]))
            for r in rows:
                if evaluate(r.when, names, funcs):
                    times = 1 if r.times is None else evaluate_int(r.times, names, funcs)
                    if times > 0:
                        out.append(events_mod.OpeningDeclared(seat, r.key, shown, times))
        return out

    def instant_win(self, state: Any, seat: int, tile: int | None) -> Any:
        """The instant win ``seat`` makes now, holding what a row names (``None`` if none): ``tile`` is the tile
        just drawn (``None`` on the dealt tiles)."""
        rows = [r for r in self.special.instant_wins if self._on(r.option)]
        if not rows:
            return None
        first_turn = not state.discards[seat] and not state.melds[seat]
        names, funcs = self._env(state, seat)
        for r in rows:
            if (r.at == "any_draw" or first_turn) and evaluate(r.when, names, funcs):
                return _events().InstantWon(seat, r.key, tile, *self._birds_now(state, seat))
        return None

    def _birds_now(self, state: Any, seat: int) -> tuple[int, tuple[int, ...]]:
        """The birds of an instant win (as after any win: the next tiles of the live wall): (hits, by seat)."""
        flow = self.book.flow
        if not flow.birds:
            return 0, ()
        live = state.wall[state.front:state.back]
        birds = [t for t in live[:flow.birds] if t < 34]
        if flow.bird_hits == "seat":
            return 0, tuple(birds_by_seat(seat, birds, tuple(self.seats)))
        return bird_hits(self.book, birds), ()

    def after_win_events(self, state: Any) -> list[Any]:
        """买马: the horses turned after the hand's wins, its instant wins included (one event per winner; the
        same tiles: the next ones of the live wall, fewer near its end)."""
        rule = self.special.horses
        events_mod = _events()
        winners = [(w.seat, w.tile if w.from_seat is not None else None) for w in state.wins]
        winners += [(e.seat, None) for e in state.special if isinstance(e, events_mod.InstantWon)]
        if rule is None or not winners or not self._on(rule.option):
            return []
        names = self._names()
        start_rule = rule.start if rule.start in ("dealer", "winner") else str(names.get(rule.start, "dealer"))
        out = []
        live = state.wall[state.front:state.back]
        for seat, claimed in winners:
            n = evaluate_int(rule.count, names, dict(BUILTINS))
            if rule.count_without_wildcards is not None:
                held = list(state.hands[seat][:34])
                if claimed is not None:
                    held[claimed] += 1
                if not any(held[t] for t in self.wild_kinds(state) if t < 34):
                    n = evaluate_int(rule.count_without_wildcards, names, dict(BUILTINS))
            tiles = tuple(t for t in live[:max(0, n)] if t < 34)
            start = state.dealer if start_rule == "dealer" else seat
            hits = sum(1 for t in tiles if horse_seat(t, start, rule.positions, self.seats) == seat)
            out.append(events_mod.HorsesTurned(seat, tiles, hits))
        return out

    def extra_lines(self, state: Any, settlement: Any) -> list[Any]:
        """The payments of the hand's special events (Settlement lines; the flow's hook of the same name)."""
        from mahjong.settlement import Payment

        rules = self.special
        if not rules or not state.special:
            return []
        events_mod = _events()
        names = self._names()
        by_key: dict[str, HoldingRow] = {r.key: r for r in (*rules.opening, *rules.instant_wins)}
        lines: list[Any] = []
        for ev in state.special:
            if isinstance(ev, (events_mod.OpeningDeclared, events_mod.InstantWon)):
                row = by_key[ev.key]
                kind = "opening" if isinstance(ev, events_mod.OpeningDeclared) else "instant_win"
                times = ev.times if kind == "opening" else 1
                for payer in self.seats:
                    if payer == ev.seat or (kind == "opening" and payer not in state.seats):
                        continue
                    on_seat = getattr(ev, "bird_seats", ()) or (0, 0, 0, 0)
                    amount = _special_amount(row, names, payer == state.dealer, ev.seat == state.dealer,
                                             getattr(ev, "birds", 0), on_seat[ev.seat], on_seat[payer]) * times
                    if amount > 0:
                        lines.append(Payment(payer, ev.seat, amount, f"{kind}.{ev.key}", None, row.zh))
            elif isinstance(ev, events_mod.HorsesTurned) and ev.hits and rules.horses is not None:
                per_payer = _points_per_payer(settlement)
                for line in (*settlement.lines, *lines):
                    if line.payee == ev.seat and (line.reason == "win" or line.reason.startswith("instant_win.")):
                        # covers: how many payers' shares the line carries (包三家: the robbed konger's three)
                        per = per_payer.get(line.event) if line.reason == "win" else None
                        covers = max(1, round(line.amount / per)) if per else 1
                        amount = evaluate_int(rules.horses.value, {**names, "share": line.amount, "covers": covers},
                                              dict(BUILTINS)) * ev.hits
                        if amount > 0:
                            lines.append(Payment(line.payer, ev.seat, amount, "horses", line.event, "买马"))
        return lines


def _special_amount(row: HoldingRow, names: Mapping[str, Any], payer_is_dealer: bool, declarer_is_dealer: bool,
                    birds: int = 0, birds_on_winner: int = 0, birds_on_payer: int = 0) -> int:
    """What one other player pays for one declaration of an opening or instant-win row (before ``times``)."""
    env = {**names, "payer_is_dealer": payer_is_dealer, "declarer_is_dealer": declarer_is_dealer, "birds": birds,
           "birds_on_winner": birds_on_winner, "birds_on_payer": birds_on_payer, "self_drawn": True}
    return evaluate_int(row.value, env, dict(BUILTINS))


def option_values(ruleset: Any, book: Any) -> dict[str, Any]:
    """The rule file's options by name, as the rule set is configured (what the special tables' values read)."""
    config = getattr(ruleset, "config", None)
    return {k: getattr(config, k) for k in book.options} if config is not None else {}


def opening_amounts(rules: SpecialRules, names: Mapping[str, Any]) -> list[tuple[int, int, int, int]]:
    """Each ``[[opening]]`` row's payment per declaration, in the file's order, by (the payer is the dealer, the
    declarer is) = (no, no), (no, yes), (yes, no), (yes, yes): the whole of what :meth:`SpecialFlow.extra_lines`
    reads for an opening (it has no birds), so the compiled book pays openings from this table
    (:mod:`mahjong.rulebook.compiler`)."""
    return [tuple(_special_amount(row, names, p, d)  # type: ignore[misc]
                  for p in (False, True) for d in (False, True)) for row in rules.opening]


def horse_value_terms(rule: HorseRule, names: Mapping[str, Any]) -> tuple[int, int, int] | None:
    """买马's ``value`` under the options as whole numbers (a, b, c) with value = a * share + b * covers + c, the
    form :meth:`SpecialFlow.extra_lines` computes per line, so the compiled book pays the horses in C
    (:mod:`mahjong.rulebook.compiler`); None for a value of another form (sums, differences and multiples of
    ``share``, ``covers`` and numbers, ``pick`` on an option: the rule book then pays the horses)."""
    from mahjong.rulebook.expr import fold

    def terms(n: Node) -> tuple[int, int, int] | None:
        if n.op == "num" and type(n.value) in (int, bool):
            return 0, 0, int(n.value)  # type: ignore[arg-type]
        if n.op == "name" and n.value in ("share", "covers"):
            return (1, 0, 0) if n.value == "share" else (0, 1, 0)
        if n.op == "neg" and len(n.args) == 1:
            t = terms(n.args[0])
            return None if t is None else (-t[0], -t[1], -t[2])
        if n.op in ("+", "-", "*") and len(n.args) == 2:
            x, y = terms(n.args[0]), terms(n.args[1])
            if x is None or y is None:
                return None
            if n.op == "+":
                return x[0] + y[0], x[1] + y[1], x[2] + y[2]
            if n.op == "-":
                return x[0] - y[0], x[1] - y[1], x[2] - y[2]
            if x[:2] == (0, 0):  # (a number times the terms)
                return x[2] * y[0], x[2] * y[1], x[2] * y[2]
            if y[:2] == (0, 0):
                return y[2] * x[0], y[2] * x[1], y[2] * x[2]
            return None
        if n.op == "call" and n.value == "pick" and len(n.args) == 3 and n.args[0].op in ("num", "str"):
            return terms(n.args[1] if n.args[0].value else n.args[2])
        return None

    return terms(fold(rule.value, {k: v for k, v in names.items() if k not in ("share", "covers")}))


# The hooks above only read the file's tables (its data): the compiled hand core reads the same tables
# (mahjong.game.coreflow compiles the holding conditions), so they are the flow's data hooks
# (mahjong.game.flows.base.data_hook; marked here, since the rule book is loaded without the engine too).
def _mark_data_hook(fn: Any) -> None:
    fn.__data_hook__ = True


for _hook in (SpecialFlow.opening_events, SpecialFlow.instant_win, SpecialFlow.after_win_events):
    _mark_data_hook(_hook)


def _points_per_payer(settlement: Any) -> dict[int, int]:
    """record event index -> the points each payer owes for that win (the results follow the wins in order)."""
    events = sorted({p.event for p in settlement.lines if p.reason == "win" and p.event is not None})
    out: dict[int, int] = {}
    if len(events) != len(settlement.results):
        return out  # (a win that moved no money: the pairing is unknown, every line covers one payer)
    for i, result in zip(events, settlement.results):
        per = result.details.get("points_per_payer")
        if isinstance(per, int) and per > 0:
            out[i] = per
    return out


def _events() -> Any:
    import importlib

    return importlib.import_module("mahjong.game.events")


def bird_hits(book: Any, birds: list[int]) -> int:
    """How many of the turned-up birds hit: every one (``"all"``), or those of rank 1, 5, 9 and 红中 (``"159"``)."""
    if book.flow.bird_hits == "all":
        return len(birds)
    return sum(1 for t in birds if t == 31 or (t < 27 and t % 9 in (0, 4, 8)))


def birds_by_seat(winner: int, birds: list[int], seats: tuple[int, ...] = (0, 1, 2, 3)) -> list[int]:
    """扎鸟 by seat: how many birds fall on each seat, counting from the winner (rank 1, 5, 9 → the winner, 2, 6 →
    the next seat, 3, 7 → the seat opposite, 4, 8 → the seat before; 红中 counts as the winner's)."""
    out = [0, 0, 0, 0]
    i = seats.index(winner)
    for t in birds:
        step = 0 if t >= 27 else (t % 9) % 4
        out[seats[(i + step) % len(seats)]] += 1
    return out
