"""One hand of the Botzone Chinese Standard Mahjong game, judged as the Botzone judge judges it.

The engine plays the hand in the Botzone competition format (:data:`mahjong.game.botzone.BOTZONE_OPTIONS`) and
decides what is legal; :class:`~mahjong.game.botzone.MatchLogWriter` turns its events into the judge's entries,
whose ``content`` is the request each player is sent (the requests ``0``-``3`` of the Botzone Wiki page
"Chinese-Standard-Mahjong").  Every player answers every request, as on Botzone, and the answers are checked in
the judge's own order (the ailab-pku judge program, ``judge/main.cpp``), player 0 first:

* after ``INIT``, ``DEAL`` and a kong (``GANG``): everyone answers ``PASS``;
* after a draw: the player who drew answers ``PLAY t``, ``GANG t``, ``BUGANG t`` or ``HU``, the others ``PASS``;
* after a discard (``PLAY`` / ``PENG`` / ``CHI``): first, player by player, a platform verdict other than ``OK``,
  a discarder who does not ``PASS`` and a ``HU`` end the hand (the first ``HU`` wins, or is a false win);
  then the first ``GANG`` / ``PENG t`` (an answer of one or two words that is neither is wrong), then the first
  ``CHI m t`` (only the next player may chow), each ending the checks once it is accepted;
* after an added kong (``BUGANG``): the others may answer ``HU`` to rob it, everyone else ``PASS``.

What is legal is the engine's: an answer it does not list is wrong (``WA``), a ``HU`` where it offers no win is a
false win (``WH``), and a win it offers below the 8-fan minimum is judged by the engine itself (its own ``WH``).
Errors only the judge sees — a platform verdict (``TLE``, ``RE``, ``OLE``, ``NJ``), an answer that is not a
move, an answer out of turn — are given with :meth:`Game.penalize <mahjong.game.engine.Game.penalize>`.  Either
way the hand ends: the offender pays 30, each other player receives 10.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong.arena.bots import ProgramBot, Reply, ask_all
from mahjong.errors import ContextError
from mahjong.game.actions import Action
from mahjong.game.agents import Agent
from mahjong.game.botzone import JudgeEntry, MatchLogWriter, botzone_tile, match_log
from mahjong.game.engine import Game
from mahjong.game.events import Won

__all__ = ["Player", "Penalty", "HandOutcome", "play_botzone_hand", "answer_text"]

#: a seat's player: an outside program, or a built-in agent
Player = ProgramBot | Agent
_PASS = Action("pass")
#: a response's first word on one's own turn -> the action kind it names
_TURN_WORDS = {"PLAY": "discard", "GANG": "concealed_kong", "BUGANG": "added_kong"}


@dataclass(frozen=True)
class Penalty:
    """A penalty the judge gave: the offending seat and the kind (``WA``, ``WH``, ``TLE``, ``RE``, ``OLE``,
    ``NJ``), with what the player answered."""

    seat: int
    kind: str
    response: str | None = None


@dataclass
class HandOutcome:
    """A judged hand: the finished game, its match log, and the penalty that ended it (None if play did)."""

    game: Game
    log: list[dict[str, Any]]
    penalty: Penalty | None = None


def _tile(name: str) -> int | None:
    try:
        return botzone_tile(name)
    except ContextError:
        return None


def answer_text(action: Action, discard: int | None = None) -> str:
    """A built-in agent's action as the response a bot would give (a claim's discard after it when known)."""
    from mahjong.convert import to_botzone

    def name(t: int) -> str:
        return str(to_botzone([t])[0])

    kind = action.kind
    if kind == "win":
        return "HU"
    if kind == "discard":
        return f"PLAY {name(action.tile)}"
    if kind == "concealed_kong":
        return f"GANG {name(action.tile)}"
    if kind == "added_kong":
        return f"BUGANG {name(action.tile)}"
    if kind == "kong":
        return "GANG"
    tail = f" {name(discard)}" if discard is not None else ""
    if kind == "pung":
        return f"PENG{tail}"
    if kind == "chow":
        return f"CHI {name(action.meld[1])}{tail}"
    return "PASS"


@dataclass
class _Said:
    """What a seat answered: the words of its response (or the built-in agent's action) and the verdict."""

    verdict: str
    words: list[str]
    action: Action | None = None  # a built-in agent's choice (its claim's discard is chosen after the claim)
    text: str | None = None


@dataclass
class _Ruling:
    """The judge's decision on one request: a penalty the judge gives itself, or an illegal answer of a seat
    the engine is asking (``fault``: the engine judges it), or the actions for the engine's pending seats and
    the discard a claimer announced with its claim (None: a built-in agent chooses it after the claim)."""

    penalty: Penalty | None = None
    fault: tuple[int, Action] | None = None
    actions: dict[int, Action] = field(default_factory=dict)
    claimer: int | None = None
    discard: int | None = None


def _find(legal: list[Action], kind: str, tile: int | None = None,
          meld: tuple[int, ...] | None = None) -> Action | None:
    for a in legal:
        if a.kind == kind and (tile is None or a.tile == tile) and (meld is None or a.meld == meld):
            return a
    return None


def _rule(entry: JudgeEntry, said: Mapping[int, _Said], legal: Mapping[int, list[Action]]) -> _Ruling:
    """The judge's checks of one request's answers, in its order (see the module docstring)."""
    action = entry.display["action"]
    actor = entry.display.get("player", -1)
    on_offer = _tile(str(entry.display.get("tile", "")))  # the tile drawn, discarded or added to a kong

    def wrong(seat: int, kind: str = "WA", answer: Action | None = None) -> _Ruling:
        """A penalty: the engine judges the answer of a seat it is asking; the judge gives the others."""
        if answer is not None and legal[seat]:
            return _Ruling(fault=(seat, answer))
        return _Ruling(Penalty(seat, kind, said[seat].text))

    def win(seat: int) -> _Ruling:
        a = _find(legal[seat], "win")
        if a is not None:
            return _Ruling(actions={seat: a})
        return wrong(seat, "WH", Action("win", on_offer) if on_offer is not None else None)

    if action in ("INIT", "DEAL", "GANG"):
        for s in range(4):
            if said[s].verdict != "OK":
                return wrong(s, said[s].verdict)
            if said[s].words != ["PASS"]:
                return wrong(s)
        return _Ruling()
    if action == "BUGANG":
        for s in range(4):
            if said[s].verdict != "OK":
                return wrong(s, said[s].verdict)
            if said[s].words == ["HU"] and s != actor:
                return win(s)
            if said[s].words != ["PASS"]:
                return wrong(s)
        return _Ruling()
    if action == "DRAW":
        chosen: Action | None = None
        for s in range(4):
            w = said[s].words
            if said[s].verdict != "OK":
                return wrong(s, said[s].verdict)
            if s != actor:
                if w != ["PASS"]:
                    return wrong(s)
                continue
            agent_choice = said[s].action
            if agent_choice is not None:
                if agent_choice.kind == "win":
                    return _Ruling(actions={s: agent_choice})
                chosen = agent_choice
                continue
            if w == ["HU"]:
                return win(s)
            kind = _TURN_WORDS.get(w[0]) if len(w) == 2 else None
            tile = _tile(w[1]) if kind is not None else None
            if kind is None or tile is None:
                return wrong(s)
            chosen = _find(legal[s], kind, tile)
            if chosen is None:
                return wrong(s, "WA", Action(kind, tile))
        return _Ruling(actions={actor: chosen}) if chosen is not None else wrong(actor)
    # after a discard: PLAY, PENG or CHI by the actor
    for s in range(4):
        if said[s].verdict != "OK":
            return wrong(s, said[s].verdict)
        w = said[s].words
        if s == actor:
            if w != ["PASS"]:
                return wrong(s)
        elif w == ["HU"]:
            return win(s)
    for s in range(4):  # pung or melded kong, the first one accepted
        w = said[s].words
        if s == actor or w == ["PASS"] or len(w) == 3:
            continue
        if w == ["GANG"] and on_offer is not None:
            kind = "kong"
        elif len(w) == 2 and w[0] == "PENG" and on_offer is not None:
            kind = "pung"
        else:
            return wrong(s)
        a = _find(legal[s], kind)
        if a is None:
            return wrong(s, "WA", Action(kind, on_offer))
        discard = _tile(w[1]) if kind == "pung" and w[1] != "?" else None
        if kind == "pung" and discard is None and said[s].action is None:
            return wrong(s)
        return _Ruling(actions={s: a}, claimer=s if kind == "pung" else None, discard=discard)
    for s in range(4):  # chow: only the next player, around the discard
        w = said[s].words
        if s == actor or len(w) != 3:
            continue
        mid = _tile(w[1]) if w[0] == "CHI" else None
        discard = _tile(w[2]) if w[2] != "?" else None
        if mid is None or mid >= 27 or mid % 9 in (0, 8) or on_offer is None \
                or (discard is None and said[s].action is None):
            return wrong(s)
        meld = (mid - 1, mid, mid + 1)
        a = _find(legal[s], "chow", meld=meld)
        if a is None:
            return wrong(s, "WA", Action("chow", on_offer, meld) if on_offer in meld else None)
        return _Ruling(actions={s: a}, claimer=s, discard=discard)
    return _Ruling()


def _agent_said(agent: Agent, game: Game, seat: int, legal: list[Action]) -> _Said:
    if not legal:
        return _Said("OK", ["PASS"], text="PASS")
    a = agent.choose(game, seat, legal)
    text = answer_text(a)
    words = text.split(" ")
    if a.kind in ("pung", "chow"):
        words.append("?")  # (the discard after the claim is chosen once the claim stands)
    return _Said("OK", words, a, text)


def _program_said(reply: Reply) -> _Said:
    if reply.verdict != "OK" or reply.response is None:
        return _Said(reply.verdict, [], text=reply.response)
    text = reply.response.rstrip("\r\n")
    return _Said("OK", text.split(" "), text=text)


def play_botzone_hand(game: Game, players: Sequence[Player],
                      on_request: Callable[[JudgeEntry], None] | None = None) -> HandOutcome:
    """Play ``game`` (a Botzone-format Guobiao hand dealt by seat 0) to its end with ``players`` (seat by seat),
    judged as the Botzone judge does; the outcome with its match log.  Outside programs are started afresh for
    the hand and stopped at its end."""
    programs = [p for p in players if isinstance(p, ProgramBot)]
    for p in programs:
        p.new_game()
    writer = MatchLogWriter(game)
    entries: list[JudgeEntry] = []
    rows: list[dict[int, dict[str, Any] | None]] = []  # the players' entries; None: a built-in agent's
    penalty: Penalty | None = None
    try:
        while penalty is None and not writer.finished:
            batch = writer.entries()
            if not batch:
                break  # (the hand ended on an event the log shows no entry for)
            for i, entry in enumerate(batch):
                entries.append(entry)
                if entry.finish:
                    break
                if on_request is not None:
                    on_request(entry)
                decision = i == len(batch) - 1 and not game.done
                legal = {s: game.legal_actions(s) if decision else [] for s in range(4)}
                said, row = _ask(game, players, entry, legal)
                rows.append(row)
                ruling = _rule(entry, said, legal)
                penalty = ruling.penalty
                if penalty is not None:
                    game.penalize(penalty.seat, penalty.kind, penalty.response or "")
                elif decision:
                    penalty = _apply(game, players, ruling, said)
                if penalty is not None:
                    break
        entries += writer.entries()
    finally:
        for p in programs:
            p.stop()
    replies = [{s: r if r is not None else
                {"response": entries[i + 1].answers.get(s, "PASS") if i + 1 < len(entries) else "PASS",
                 "verdict": "OK"} for s, r in row.items()} for i, row in enumerate(rows)]
    return HandOutcome(game, match_log(entries, replies), penalty)


def _ask(game: Game, players: Sequence[Player], entry: JudgeEntry, legal: Mapping[int, list[Action]]
         ) -> tuple[dict[int, _Said], dict[int, dict[str, Any] | None]]:
    """Every player's answer to the request of ``entry``, and the players' log entry (None for a built-in
    agent: its response is the one the game's next events show)."""
    said: dict[int, _Said] = {}
    row: dict[int, dict[str, Any] | None] = {}
    asks = [(s, p) for s, p in enumerate(players) if isinstance(p, ProgramBot)]
    if asks:
        for (s, _), reply in zip(asks, ask_all([(p, str(entry.content[s])) for s, p in asks])):
            said[s] = _program_said(reply)
            logged: dict[str, Any] = {"response": reply.response if reply.response is not None else "",
                                      "verdict": reply.verdict, "time": round(reply.seconds * 1000)}
            if reply.debug:
                logged["debug"] = reply.debug[:1024]
            row[s] = logged
    for s, p in enumerate(players):
        if not isinstance(p, ProgramBot):
            said[s] = _agent_said(p, game, s, legal[s])
            row[s] = None
    return said, dict(sorted(row.items()))


def _apply(game: Game, players: Sequence[Player], ruling: _Ruling, said: Mapping[int, _Said]) -> Penalty | None:
    """Give the engine the ruling: an illegal answer (the engine judges it and ends the hand), or the actions
    (every other pending seat passes) and a claimer's discard (the engine judges that one too)."""
    if ruling.fault is not None:
        seat, answer = ruling.fault
        game.step({s: answer if s == seat else _PASS for s in game.pending})
        return _engine_penalty(game, said)
    game.step({s: ruling.actions.get(s, _PASS) for s in game.pending})
    s = ruling.claimer
    if s is None or game.done:
        return None
    legal = game.legal_actions(s)
    if ruling.discard is None:
        player = players[s]
        assert not isinstance(player, ProgramBot)
        game.act(s, player.choose(game, s, legal))
        return None
    game.act(s, _find(legal, "discard", ruling.discard) or Action("discard", ruling.discard))
    return _engine_penalty(game, said) if game.done else None


def _engine_penalty(game: Game, said: Mapping[int, _Said]) -> Penalty | None:
    """The penalty the engine gave (None when the hand ended otherwise)."""
    given = game.state.penalty
    if given is None:
        return None
    return Penalty(given.seat, given.kind, said[given.seat].text)


def wins_and_deal_ins(game: Game) -> tuple[list[int], list[int]]:
    """The seats that won the hand and the seats that discarded (or had robbed) a winning tile."""
    wins = [e.seat for e in game.events if isinstance(e, Won)]
    deal_ins = [e.from_seat for e in game.events if isinstance(e, Won) and e.from_seat is not None]
    return wins, deal_ins
