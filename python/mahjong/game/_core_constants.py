"""Numbers the compiled hand core (``src/mjcore/engine.pxi``) shares with Python, written once.

This module imports nothing (``setup.py`` runs it with :func:`runpy.run_path` before the package exists and
generates ``src/mjcore/enginedefs.pxd`` from it, next to ``rules.pxd``).  The action index is not repeated
here: :func:`action_slots` reads the slot constants out of ``game/actions.py`` itself (its top-level
``NAME = int`` lines), so a slot added there reaches the C side at the next build.
``tests/game/test_core_constants.py`` checks the generated file and the compiled module against these.
"""

import ast
import os

#: The hand's phases (``mahjong.game.state.Phase`` names, in this order; the C side numbers them so).
PHASES = ("deal", "lack", "turn", "claim", "rob", "draw", "haidi", "exchange", "swap", "end")

#: Kinds of the core's compact event record (one row of 5 ints: kind, seat, tile, a, b; see engine.pxi).
EVENT_KINDS = (
    "dice",  # seat, first die, second die
    "wall",  # -, number of tiles
    "deal",  # seat, wall position of the first tile, number of tiles
    "bonus",  # seat, tile
    "lack",  # seat, suit
    "draw",  # seat, tile, replacement
    "discard",  # seat, tile
    "claim",  # seat, tile, from seat, claim kind + 4 * the meld's lowest tile
    "kong",  # seat, tile, 0 concealed / 1 added
    "robbed",  # seat (the kong's), tile
    "win",  # seat, tile, from seat (-1 = self-drawn), the score's total
    "wall_end",  # -, bit mask of the ready seats
    "begin",  # the dealer: the deal is over and play begins
    "pick",  # seat, tile (换三张: a tile picked to pass on)
    "passed",  # seat, first tile, second tile, third tile + 256 * the seat they go to (换三张)
    "wildcard",  # -, the indicator turned up, its wall position (the kinds it makes wild: the flow's table)
    "swapped",  # seat, a tile given (-1: none), the tile received for it (-1), 1 on the seat's last row (开始时换牌)
    "haidi",  # seat, the tile fished from the tiles out of play (海底捞月)
    "opening",  # seat, the row of the file's [[opening]], how many times (起手小胡)
    "instant_win",  # seat, the row of [[instant_wins]], the tile just drawn (-1: the dealt tiles), the birds
    "penalty",  # seat, the tile of a false win (-1), from seat + 1 + 8 * PENALTIES index + 64 * robbing, its total (-1)
)

#: The judge's penalties (``mahjong.game.events.PENALTY_KINDS``, in this order; a test checks the two agree).
PENALTIES = ("WA", "WH", "TLE", "MLE", "OLE", "RE", "NJ")

#: Why dice are thrown (the "dice" event's last field): the wall's break point, 换三张's direction, the wildcard
#: indicator (counted from the wall's end).
DICE_PURPOSES = ("break", "exchange", "wildcard")

#: Where a flow's wildcard indicator is turned up after the deal (``Indicator.position``): none; the dealer's two
#: dice counted from the wall's end (南昌 翻精); the wall's last tile (翻鬼); the next tile of the wall, the one after
#: the dealer's last dealt tile (玉环 财神).
INDICATOR_FROM = ("none", "dice_from_end", "last_tile", "after_deal")

#: Which birds (抓鸟) hit: none are turned; every one; ranks 1, 5, 9 and 红中; by seat, counted from the winner.
BIRD_HITS = ("none", "all", "159", "seat")

#: Where 买马's positions are counted from.
HORSE_FROM = ("dealer", "winner")

#: When an instant win (``[[instant_wins]]``) may be taken: on any draw, or before the seat's first discard.
INSTANT_AT = ("any_draw", "first_turn")

#: The names a holding condition reads (``mahjong.rulebook.special.HOLDING_NAMES``, in this order: the compiled
#: holding programs load them by this index; a test checks the two lists agree).
HOLDING_VALUES = ("tiles", "quads", "triplets", "pairs", "suits_held", "suits_missing", "tiles_258", "honors",
                  "wildcards", "same_rank_pairs", "melds", "complete")

#: The operations of a compiled holding program (a condition of ``[[opening]]`` / ``[[instant_wins]]``, compiled
#: by ``mahjong.rulebook.special.compile_holding``): a stack machine over whole numbers.  ``push``, ``name``,
#: ``count_of``, ``ranks_held``, ``all_ranks_in``, ``floordiv``, ``min`` and ``max`` take one operand (a number, a
#: HOLDING_VALUES index, a tile id or -1, a 9-bit rank mask, a divisor, a count of values); the others none.
HOLDING_OPS = ("push", "name", "count_of", "ranks_held", "all_ranks_in", "kinds_at_least", "not", "neg", "and",
               "or", "eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul", "floordiv", "min", "max", "pick")
#: the holding operations that take an operand
HOLDING_OPERAND = frozenset({"push", "name", "count_of", "ranks_held", "all_ranks_in", "floordiv", "min", "max"})

#: The whole-number fields of a flow as the compiled core reads it (``mahjong.game.coreflow.CoreFlow.fields``, in
#: this order; the tables of the record follow them: the tile set, the indicator's wildcard and bonus kinds, 换三张's
#: offsets by the dice, 买马's positions, the holding programs).  Masks are over the 42 tile ids.
CORE_FLOW_FIELDS = (
    "n_seats",  # seats at the table (2 or 4), in turn order: seat0 ..
    "seat0",
    "seat1",
    "seat2",
    "seat3",
    "in_play",  # tiles of the wall in play (the two-player game's 71 of 136)
    "hand_size",  # tiles dealt (the dealer one more)
    "chows",  # the next seat may chow
    "honor_chows",  # chows of three different winds and of 中发白 (南昌)
    "multiple_winners",  # 一炮多响
    "winners_to_end",  # play goes on after a win until this many have won
    "reserve",  # live tiles left when the wall ends
    "dice_break",  # the wall is broken where the dealer's dice say (competition rule)
    "segmented",  # one wall segment per seat (the Botzone format)
    "bonus_mask",  # bonus kinds set aside and replaced from the back (flowers)
    "held_mask",  # bonus kinds kept in the hand: discardable, may be the winning tile (金山 百搭)
    "wild_mask",  # wildcard kinds fixed by the flow (红中, 百搭)
    "indicator",  # INDICATOR_FROM: where the wildcard indicator is turned up
    "wild_melds",  # a wildcard kind may be punged and konged
    "lack",  # 定缺
    "forced_win_tiles",  # a seat that can win must, in the last N live tiles
    "pays_during_play",  # money moves during play (a ``pay`` status)
    "exchange",  # 换三张
    "exchange_by_dice",  # 换三张: the dealer's dice say where the tiles go
    "exchange_offset",  # 换三张: how many seats on, when not by the dice
    "ready_declaration",  # 报听 is an action; a ready seat's hand is locked (the engine draws and discards)
    "swap_at_start",  # 开始时换牌: each seat may swap tiles with the tiles out of play, once, after the deal
    "penalties",  # the judge's penalties: any complete hand may be declared, a false win is WH (Botzone)
    "haidi_phase",  # the 海底捞月 phase when the wall runs out (the ready player fishes a tile out of play)
    "shows_kongs",  # the concealed kongs are turned face up when the hand ends
    "declares_held_bonus",  # a held bonus tile may be set aside on one's turn for a replacement (补花)
    "bonus_spoils_kong_draw",  # a bonus tile as a kong's replacement loses 杠上开花 (Botzone's judge)
    "break_stacks",  # the dice break counts stacks of two, this many a side
    "rule_flags",  # HandRules.flags of the rule set (the win shape)
    "rule_hand_size",  # HandRules.hand_size
    "rule_max_wildcards",  # HandRules.max_wildcards
    "birds",  # birds turned up after a win (抓鸟), 0 = none
    "bird_hits",  # BIRD_HITS
    "horses",  # horses turned up after a win (买马), -1 = no 买马
    "horses_without_wildcards",  # ... when the winner holds no wildcard, -1 = as many
    "horse_from",  # HORSE_FROM
    "late_discard_tiles",  # a win on a discard made with at most this many live tiles left before the wall's end
    #                        is a late discard (玉环 承包), -1 = none
    "wildcard_forfeits",  # WILDCARD_FORFEITS bits: a seat that melded / discarded a wildcard this hand may not win
)

#: What makes a seat forfeit its wins for the rest of the hand (老鬼宁), as bits of the flow's
#: ``wildcard_forfeits``: a tile of this hand's wildcard kinds in one of its melds; one among its discards.
WILDCARD_FORFEITS = ("melded", "discarded")

#: What a core step returns: the decisions it waits for, or why Python must look now.
STATUSES = (
    "wait",  # seats must answer (the pending mask)
    "score",  # a complete hand on offer: the rule set must say whether it may win (query_* fields)
    "pay",  # money moves during play (a kong replaced, a win in 血战): settle the record so far
    "end",  # the hand is over: settle it
)

#: Claim kinds in the "claim" event (the order the claims resolve in after a win: kong, pung, chow).
CLAIM_KINDS = ("chow", "pung", "kong")

#: Meld kinds of a seat's table melds.
MELD_KINDS = ("chow", "pung", "kong", "added_kong", "concealed_kong")

#: Illegal-action answers of ``core_act`` (negative statuses).
REFUSALS = ("not_pending", "answered", "not_legal", "over")

_ACTIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "actions.py")


def action_slots(path: str = _ACTIONS) -> dict[str, int]:
    """The action index's slot constants (``DISCARD = 0`` … ``N_ACTIONS``) as ``game/actions.py`` writes them."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out: dict[str, int] = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.isupper() and isinstance(node.value, ast.Constant)
                and type(node.value.value) is int):
            out[node.targets[0].id] = node.value.value
    return out


def render_pxd(path: str = _ACTIONS) -> str:
    """The text of ``src/mjcore/enginedefs.pxd`` (generated; the build writes it, a test compares it)."""
    lines = [
        "# GENERATED by setup.py from python/mahjong/game/_core_constants.py and python/mahjong/game/actions.py:",
        "# do not edit (edit those files and rebuild).  The hand core's phases, event kinds, statuses and the",
        "# action index slots, as C constants.",
        "cdef enum:",
    ]
    lines += [f"    A_{name} = {value}" for name, value in action_slots(path).items()]
    for prefix, names in (("PH_", PHASES), ("EV_", EVENT_KINDS), ("CS_", STATUSES), ("CK_", CLAIM_KINDS),
                          ("MK_", MELD_KINDS), ("DP_", DICE_PURPOSES), ("IND_", INDICATOR_FROM),
                          ("BH_", BIRD_HITS), ("HF_", HORSE_FROM), ("IA_", INSTANT_AT), ("HV_", HOLDING_VALUES),
                          ("HO_", HOLDING_OPS), ("CF_", CORE_FLOW_FIELDS), ("PEN_", PENALTIES),
                          ("WFF_", WILDCARD_FORFEITS)):
        lines += ["", "cdef enum:"]
        lines += [f"    {prefix}{name.upper()} = {i}" for i, name in enumerate(names)]
        lines.append(f"    {prefix}N = {len(names)}")
    lines += ["", "cdef enum:"]
    lines += [f"    CR_{name.upper()} = {-1 - i}" for i, name in enumerate(REFUSALS)]
    lines.append("")
    return "\n".join(lines)
