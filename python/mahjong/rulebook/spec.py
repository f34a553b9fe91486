"""The rule-file format, written once: :data:`SPEC` is read both by the validator (:func:`validate`) and by the JSON
Schema generator (:func:`json_schema`), so the two cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mahjong.errors import closest
from mahjong.rulebook.rows import UNITS
from mahjong.rulebook.strategies import AGGREGATIONS, EXCLUSION_POLICIES

__all__ = ["F", "SPEC", "validate", "json_schema", "FORMS", "OPTION_TYPE_NAMES", "VARIANT_BASES"]

FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "thirteen_lan")
OPTION_TYPE_NAMES = ("bool", "int", "int_or_none", "str")
HONOR_LETTERS = ("E", "S", "W", "N", "C", "F", "P")
#: (rbflow) the built-in rule sets whose file a copy may be a variant of (``variant_of``)
VARIANT_BASES = ("sichuan", "nanchang", "yuhuan", "jinshan", "wuhu-2468", "wuhu-1234")


@dataclass(frozen=True)
class F:
    """One key of the format.  ``kind``: ``str int bool strs table tables map expr value``; ``expr`` is an
    expression (text) — or, for convenience, a plain number or true / false; ``map`` is a table of tables
    keyed by free names (options, facts); ``value`` is any TOML scalar."""

    kind: str
    doc: str
    default: Any = None
    required: bool = False
    choices: tuple[Any, ...] = ()
    sub: dict[str, F] | None = None
    minimum: int | None = None
    maximum: int | None = None
    item_choices: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


_ROW = {
    "key": F("str", "snake_case key, unique in the file (the shared vocabulary's names are filled in)", required=True),
    "zh": F("str", "Chinese name (may be left out for a vocabulary key)"),
    "en": F("str", "English name (may be left out for a vocabulary key)"),
    "value": F("int_expr", "value per occurrence, in `unit`: a whole number, or an expression of the options "
                       "(e.g. \"base\", \"fan_base + 2\")", required=True),
    "unit": F("str", "fan 番, hu 胡, tai 台, x (a multiplier) or pt (flat points)", choices=UNITS),
    "when": F("expr", "the predicate: library names combined with and / or / not, counts compared (>=, ==)"),
    "count": F("expr", "how many times the row counts (a count expression); applies when > 0"),
    "excludes": F("strs", "keys of rows not counted with this one (不计 / 不算)", default=[]),
    "implied": F("strs", "keys of rows this one contains (struck too; our reading, not the rule book's words)",
                 default=[]),
    "text": F("str", "the rule text", default=""),
    "source": F("str", "where the row comes from", default=""),
    "option": F("str", "a bool option that switches the row on"),
    "pattern": F("expr", "a main pattern (for exclusion = \"largest\"); false = an extra; or an expression of the "
                         "options (a row that is a pattern under one setting and an extra under another)",
                 default=True),
    "stage": F("int", "1: decided on the hand; 2: after stage 1 (may read `counted`, `counted_outside(\"g\")` and "
                      "`row_KEY`: whether the row KEY is counted)",
               default=1, choices=(1, 2)),
    "group": F("str", "a label stage-2 rows may count", default=""),
    "mode": F("str", "the row is part of the table only when the option named by `scoring.mode_option` has this "
                     "value (a variant of the table, e.g. Sichuan's 金钩钓 patterns)"),
    "self_drawn_value": F("int_expr", "the value on a self-drawn win, where the rule book prices it apart (a whole "
                                      "number or an expression of the options; default: `value` either way)"),
    "rename": F("table", "another name shown when `when` holds", sub={
        "when": F("expr", "when to use the other name", required=True),
        "zh": F("str", "the other Chinese name", required=True),
        "en": F("str", "the other English name"),
    }),
}

_OPTION = {
    "type": F("str", "bool, int, int_or_none or str", required=True, choices=OPTION_TYPE_NAMES),
    "default": F("value", "the default value", required=True),
    "zh": F("str", "what it means, in Chinese", default=""),
    "en": F("str", "what it means, in English", default=""),
    "source": F("str", "the source of the default", default=""),
    "minimum": F("int", "smallest allowed value (int options)"),
    "maximum": F("int", "largest allowed value (int options)"),
    "choices": F("strs", "the allowed values (str options)"),
    # rbflow: an option of the play, not of the scoring
    "play": F("bool", "an option of the play (定缺, 换三张 …): read by the [flow] keys and given to the game "
                      "(Game(..., options=...)), not to the scoring", default=False),
}

FACT_TYPES = ("bool", "int", "seat", "seats", "per_seat", "int_or_none")
#: the game's own win facts a book's fact may be (``[facts.NAME] from``): each worked out by the game at a win
GAME_FACTS = ("indicator", "indicator_turned", "bonus_set_aside", "discarder_pung", "late_discard", "own_totals")
#: the fact types a book's fact of each of them may have
GAME_FACT_TYPES = {"indicator": ("int", "int_or_none"), "indicator_turned": ("bool",), "bonus_set_aside": ("int",),
                   "discarder_pung": ("bool",), "late_discard": ("bool",), "own_totals": ("per_seat",)}

_FACT = {
    "type": F("str", "bool, int, seat (a seat 0..3 or none; reads as -1 when none), seats (a set of seats, e.g. "
                     "\"1,2\"; read with contains(FACT, seat) and size(FACT)) or per_seat (a whole number for each "
                     "seat, e.g. \"0,30,50,20\"; none when not given) or int_or_none (a whole number >= 0, or none; "
                     "reads as -1 when none)", required=True, choices=FACT_TYPES),
    "default": F("value", "the value when the caller says nothing (required for bool and int; seat, seats and "
                          "per_seat default to none / no seat)"),
    "zh": F("str", "what it means, in Chinese", default=""),
    "en": F("str", "what it means, in English", default=""),
    "from": F("str", "the game's own fact this win fact is, which the game works out at each win (the hand core "
                     "and the pure-Python engine alike): indicator (the tile turned up), indicator_turned, "
                     "bonus_set_aside (the winner's bonus tiles set aside), discarder_pung (the discarder holds an "
                     "exposed pung of the winning tile), late_discard (a discard won on in the flow's last tiles), "
                     "own_totals (each other player's own total: the rows the rule set names on its tiles)",
              choices=GAME_FACTS),
}

def _holding_row(when: str, value: str) -> dict[str, F]:
    """(rbgames) The keys of an [[opening]] or [[instant_wins]] row: a holding paid by each other player."""
    return {
        "key": F("str", "snake_case key, unique among the file's opening and instant wins", required=True),
        "zh": F("str", "Chinese name (may be left out for a vocabulary key)", default=""),
        "en": F("str", "English name (may be left out for a vocabulary key)", default=""),
        "when": F("expr", when, required=True),
        "value": F("expr", value, required=True),
        "text": F("str", "the rule text", default=""),
        "source": F("str", "where the rule comes from", default=""),
        "option": F("str", "a bool option that switches it on"),
    }


SPEC: dict[str, F] = {
    "format": F("int", "the format version (1)", required=True, choices=(1,)),
    "name": F("str", "the preset name: lower-case letters, digits and '-'", required=True,
              extra={"pattern": "^[a-z][a-z0-9-]{0,39}$"}),
    "zh": F("str", "the game's Chinese name", default=""),
    "en": F("str", "the game's English name", default=""),
    "summary_zh": F("str", "one line in Chinese", default=""),
    "summary_en": F("str", "one line in English", default=""),
    "aliases": F("strs", "other names the preset answers to", default=[]),
    "extends": F("str", "the name of a rule file shipped with the package that this one starts from: its tables "
                        "are merged key by key (this file's keys win), its rows kept in order (a row of this file "
                        "with the same key replaces one, other rows are added at the end), its checks kept"),
    "sources": F("strs", "the public sources of the rules (pages, books)", default=[]),
    "builtin": F("bool", "the file is the rule table of the built-in rule set of the same `name`, which scores it "
                         "with hooks of its own (a 百搭 search, a formula): it is not registered as a preset by "
                         "itself", default=False),
    # rbflow: a built-in rule set's file copied, changed and loaded as a variant of that rule set
    "variant_of": F("str", "the built-in rule set whose own hooks this file's game takes (Nanchang's 精 settlement, "
                           "Yuhuan's loser totals, Jinshan's 百搭 search, Wuhu's 押, Sichuan's wall-end checks; its "
                           "engine flow too): the file is that rule set with this file's table, options and defaults. "
                           "In the built-in's own file `name` is that rule set's name; a copy gets a name of its own "
                           "(the one edit a copied file needs) and keeps every option and win fact of the built-in "
                           "(its hooks read them; their defaults may change)", choices=VARIANT_BASES),
    "tiles": F("table", "the tile set and hand size", sub={
        "suits": F("strs", "suits in play", default=["m", "p", "s"], item_choices=("m", "p", "s")),
        "honors": F("strs", "honor tiles in play (E S W N C F P)", default=list(HONOR_LETTERS),
                    item_choices=HONOR_LETTERS),
        "flowers": F("bool", "the 8 flowers are in play (bonus tiles)", default=False),
        "hand_size": F("int", "tiles held before the winning tile", default=13, choices=(13, 16)),
    }),
    "wildcards": F("table", "wildcards (赖子 / 鬼牌 / 精 / 财神) and how they are chosen", sub={
        "tiles": F("strs", "fixed wildcard tiles, e.g. [\"C\"] for 红中; a flower (f5..f8, with [tiles] flowers) is "
                           "held among the flowers (金山 百搭)", default=[]),
        "drawn_win": F("str", "a bool win fact: the winning tile is a wildcard the winner drew; with win.placements "
                              "each kind a wildcard stands for in the reading is a place of the winning tile"),
        "indicator": F("bool", "chosen by a tile turned up after the deal: the next tile kind(s) are wild "
                               "(win fact `indicator`)", default=False),
        "indicator_kinds": F("int", "with indicator: how many kinds after the turned-up tile are wild", default=1,
                             choices=(1, 2)),
        "option": F("str", "a bool option that switches the wildcards on"),
        # rbflow: how the indicator is turned up and which kinds it makes wild (南昌 精)
        "indicator_from": F("str", "with indicator: the turned-up tile is the wall's last tile (\"last\", 翻鬼) or "
                                   "the tile the dealer's two dice count from the wall's end, in stacks of two: "
                                   "the upper tile of that stack (\"dice_from_end\", 南昌 翻精)", default="last",
                            choices=("last", "dice_from_end")),
        "indicator_is_wild": F("bool", "with indicator: the turned-up kind is wild itself (南昌 正精), then the kinds "
                                       "after it (副精; 9 → 1, 北 → 东, 白 → 中): indicator_kinds in all; false = "
                                       "only the kinds after it", default=False),
        # Nanchang's 精 settlement: points for the wildcards each seat holds, settled between every pair of seats
        "points": F("table", "with indicator: points for the wildcards each seat holds (hand and melds), paid by "
                             "every other seat after a win (南昌 算精); the rule sets of nanchang's family settle them "
                             "(variant_of = \"nanchang\")", sub={
            "first": F("expr", "points per copy of the first wildcard kind held (正精)", default=0),
            "second": F("expr", "points per copy of the second wildcard kind held (副精)", default=0),
            "kong": F("expr", "points added for a kong of a wildcard kind (精杠)", default=0),
            "breakthrough": F("expr", "from this many points n on, a seat's points are n × (n − breakthrough_offset) "
                                      "(冲关); none = never"),
            "breakthrough_offset": F("expr", "see breakthrough", default=3),
            "sole_holder": F("expr", "the factor of the only seat holding any wildcard (霸王精)", default=1),
            "at_draw": F("expr", "a drawn hand (nobody won) settles the wildcards held too", default=False),
        }),
        "discarded_plain": F("expr", "a wildcard won on a discard is a plain tile, not a wildcard (南昌: 打出的精"
                                     "不是精; 玉环: 打出的财神当本身; an expression of the options); with "
                                     "win.placements a wildcard that is the winning tile otherwise stands for any "
                                     "tile, each kind it stands for a place of the winning tile", default=False),
    }),
    "win": F("table", "what wins", sub={
        "forms": F("strs", "winning forms", default=["regular", "seven_pairs"], item_choices=FORMS),
        "self_draw_only": F("expr", "only a self-drawn win counts (true / false or an option's name)",
                            default=False),
        "requires": F("expr", "an extra condition every win must meet (e.g. pair_rank_in(2, 5, 8) or big_hu)"),
        "requires_text": F("str", "what `requires` means, for the error message", default=""),
        "requires_text_zh": F("str", "the same in Chinese (shown under --lang zh; `requires_text` is the English)",
                              default=""),
        "lack_a_suit": F("bool", "a winning hand holds at most two suits", default=False),
        "placements": F("expr", "each reading is scored at every place the winning tile can take in it (the set or "
                                "the pair it completes: its wait is two-sided, closed, edge, dual-pung or single, and "
                                "the triplet it completes is concealed only on a self-draw), the best kept; true / "
                                "false or an expression of the options and the win facts", default=False),
        "wait_names": F("map", "the words for each wait a placed reading has (single, closed, edge, dual-pung, "
                               "two-sided), which a row's name shows where it writes {wait}: name -> {zh, en}",
                        sub={"zh": F("str", "the wait in Chinese", required=True),
                             "en": F("str", "the wait in English", required=True)}),
        "press": F("expr", "with placements: the 押 of each placed reading, read by the library's `press` (an "
                           "expression of the placed reading, e.g. from its wait and win_rank; default: the win fact "
                           "`ya`)"),
        "robbing_kong_as_self_draw": F("bool", "a win robbing a kong is scored as a self-draw (the konger still "
                                               "pays)", default=False),
        "report_wait": F("bool", "the result names the wait (\"single\"); false = never (games whose scoring "
                                 "ignores it)", default=True),
        # rbflow: readings that may not win (南昌: 精 in 十三烂, 平胡 with 精 on a discard)
        "refusals": F("tables", "ways of reading a hand that may not win, each with its reason: a reading for which "
                                "`when` holds is not taken (the hand wins by another reading, or not at all, with "
                                "the reason); `when` is read after the reading's rows are counted", sub={
            "when": F("expr", "the reading that may not win (names of the predicate library, the options, the win "
                              "facts, the counted rows: row_KEY, counted, group_value(\"g\"))", required=True),
            "error": F("str", "why, for the error message", required=True),
            "error_zh": F("str", "the same in Chinese (shown under --lang zh; `error` is the English)"),
        }),
        # rbflow: honor sequences as sets (南昌)
        "honor_sequences": F("bool", "three different winds (东南西北 any three) and 中发白 are sets like a chow, and "
                                     "may be claimed as chows (with flow.chows)", default=False),
    }),
    "flow": F("table", "how the game is played (the engine's flow hooks)", sub={
        "chows": F("bool", "chows may be claimed (from the player on the left)", default=True),
        "tiles_in_play": F("int", "only this many tiles of the shuffled set are used in a hand (the two-player "
                                  "game's 71 of 136); none = all", minimum=28, maximum=144),
        "declare_ready": F("bool", "a player may declare ready (报听): the hand is then locked (win fact "
                                   "`declared_ready`, when the file has it)", default=False),
        "players": F("int", "players at the table: 4, or 2 (seats 0 and 1; seats 2 and 3 stay empty)", default=4,
                     choices=(2, 4)),
        "multiple_winners": F("bool", "several players may win on one discard (一炮多响)", default=False),
        "winners_to_end": F("int_expr", "play goes on after a win until this many have won (血战: 3): a whole "
                                        "number, or an expression of the options (e.g. "
                                        "\"pick(mode == \\\"xuezhan\\\", 3, 1)\")", default=1,
                            minimum=1, maximum=3),
        "reserve": F("int", "the hand is drawn when this many wall tiles are left", default=0, minimum=0,
                     maximum=60),
        "dealer": F("str", "next dealer: next seat, the (first) winner, the dealer keeps on its own win or a "
                           "draw, the discarder of the first win (点炮者坐庄; the winner on a self-draw), or dice "
                           "(decided by dice for each hand); after a draw the dealer stays except under next; or "
                           "an expression of the options giving one of them",
                    default="next", extra={"choices": ("next", "winner", "keep", "discarder", "dice")}),
        "birds": F("int", "抓鸟: tiles turned up from the wall after a win (win fact `birds` = the hits)",
                   default=0, minimum=0, maximum=8),
        "bird_hits": F("str", "which birds hit: ranks 1, 5, 9 and 红中 (\"159\"), every bird (\"all\"), or by seat "
                              "(\"seat\", 扎鸟: counting from the winner, a bird of rank 1/5/9 falls on the winner, "
                              "2/6 on the next seat, 3/7 on the seat opposite, 4/8 on the seat before; win fact "
                              "`bird_seats`, a per_seat fact)",
                       default="159", choices=("159", "all", "seat")),
        # --- rbflow: the play's own steps, each a constant or an expression of the options ---
        "lack": F("expr", "定缺: before the first discard each player names a suit it will not keep; while it holds "
                          "tiles of that suit it discards them first, may not pung / kong them and cannot win (true "
                          "/ false or an expression of the options)", default=False),
        "forced_win_tiles": F("int_expr", "in the last N wall tiles a player who can win must (0 = never; a whole "
                                          "number or an expression of the options)", default=0, minimum=0,
                              maximum=20),
        "exchange_three": F("expr", "换三张: after the deal each player passes three tiles of one suit (true / false "
                                    "or an expression of the options)", default=False),
        "exchange_direction": F("str", "where the three tiles go: dice (the dealer's dice: a sum of 3/6/9/12 to the "
                                       "opposite player, 4/7/10 to the next, 2/5/8/11 to the previous), "
                                       "counterclockwise (the next player), clockwise (the previous) or opposite; "
                                       "or an expression of the options giving one of them", default="dice"),
        "late_discard_tiles": F("int_expr", "a discard made with at most this many live tiles left before the wall's "
                                            "end is late (win fact from `late_discard`: 玉环 承包, the last 9); -1 = "
                                            "no discard is late (a whole number or an expression of the options)",
                                default=-1, minimum=-1, maximum=60),
        "earthly": F("str", "which win is 地胡 (win fact `earthly`): a non-dealer's win on the dealer's first "
                            "discard (first_discard), any non-dealer win in the first go-round without melds "
                            "(first_round), or a non-dealer's self-draw on its first draw (first_draw)",
                     default="first_discard", choices=("first_discard", "first_round", "first_draw")),
    }),
    "scoring": F("table", "how the counted rows become the hand's value", sub={
        "exclusion": F("str", "exclusion policy", default="simultaneous", choices=EXCLUSION_POLICIES),
        "aggregation": F("str", "aggregation strategy", default="sum", choices=AGGREGATIONS),
        "formula": F("expr", "with aggregation = \"formula\": an expression of fan hu tai x pt and the options"),
        "base": F("expr", "base of the powers / product strategies", default=1),
        "offset": F("expr", "powers: 2^(fan - offset) (a number or an expression of the options)", default=1),
        "fan_cap": F("expr", "powers: at most this many fan count in 2^(fan - offset) (an int, or an option's name "
                             "whose value may be none = no cap)"),
        "order": F("str", "the order of the result's lines: stage-2 fallbacks first, then table order "
                          "(\"fallbacks_first\"); or the main pattern first, then the extras in table order "
                          "(\"patterns_first\")", default="fallbacks_first",
                   choices=("fallbacks_first", "patterns_first")),
        "mode_option": F("str", "a str option whose value picks the rows that have a `mode`"),
        "hu_base": F("int", "hu_tai: the base hu added before doubling", default=0),
        "tai_cap": F("expr", "hu_tai: at most this many doublings (a number or an expression of the options)"),
        "cap_when": F("expr", "a reading for which this holds is worth the cap outright, its rows all shown (腊子): "
                              "an expression of the reading and the options"),
        "round_up": F("int", "round the value up to a multiple of this", minimum=1),
        "cap": F("expr", "cap on the value (an int, or an option's name whose value may be none = no cap)"),
        "minimum": F("expr", "a win is valid only with at least this value", default=0),
        "minimum_of": F("expr", "what the minimum is compared with: an expression of the best reading, its counted "
                                "rows (group_value(\"g\")), value (before rounding and the cap) and fan hu tai pt x "
                                "(default: the hand's value after rounding and the cap)"),
        "limit_group": F("str", "rows of this group are hands worth the cap outright (直接辣子, 满贯): when one "
                                "counts, the hand's value is the cap, the first such row carries it, the others show "
                                "0 and no other row counts"),
        "minimum_text": F("str", "the reason of a win below the minimum, {value} standing for what was compared and "
                                 "{minimum} for the minimum (default: below the minimum)"),
        "tie_break": F("expr", "between readings of the same value the one with more of this is kept (default: its "
                               "fan; an expression of the reading, which may read group_value(\"g\"): the value of "
                               "its counted rows of group g)"),
        "unit": F("str", "the unit of the value", default="fan", choices=UNITS),
        "best": F("str", "which reading is kept: the largest value (\"value\", before rounding and the cap), the "
                         "largest total (\"total\", after them; between equal totals the tie-break, which may read "
                         "the reading's hu tai fan pt x), or the one the payers pay most for (\"payments\": "
                         "payment.shares and payment.bonuses included; the first of equals)",
                  default="value", choices=("value", "total", "payments")),
        "flat_group": F("str", "rows of this group are flat wins (天胡 / 地胡 paid flat): while flat_when holds, a "
                               "counted row of it makes the win that row alone, its value in points paid by every "
                               "other player, on the first reading that may win"),
        "flat_when": F("expr", "with flat_group: an expression of the options under which its rows are flat wins "
                               "(otherwise they count as the other rows do)", default=True),
        "points": F("expr", "points each payer owes before bonuses (names: total and the options)",
                    default="total"),
    }),
    "payment": F("table", "who pays the winner how much", sub={
        "all_pay_on_discard": F("expr", "on a discard every other player pays", default=False),
        "discarder_pays_for_all": F("expr", "on a discard the discarder pays for all three (包三家)", default=False),
        "dealer_doubles": F("expr", "a payment to or from the dealer is doubled", default=False),
        "bonus": F("expr", "added to each payer's share (e.g. birds * 2)", default=0),
        "cap": F("expr", "cap per payer"),
        "dealer_bonus": F("expr", "added to a payment to or from the dealer (庄闲)", default=0),
        "dealer_factor": F("expr", "a payment to or from the dealer is multiplied by this (after dealer_doubles)",
                           default=1),
        "not_paying": F("str", "a seats win fact: those seats pay nothing (血战到底: players who have already won)"),
        "self_draw_payer": F("expr", "a seat that alone pays a self-draw, as if it had discarded, or -1 = all pay "
                                     "(点杠花 paid by the kong's discarder)", default=-1),
        "bird_share": F("expr", "扎鸟 by seat: each payer adds this once for every bird on the winner and every bird "
                                "on itself (names: total and the options)", default=0),
        "payer": F("expr", "a seat that alone pays the win, whoever discarded, or -1 = as the win says (the payment "
                           "expressions may read group_value(\"g\"): the value of the counted rows of group g)",
                   default=-1),
        "shares": F("table", "the win paid by shares (南昌): each payer pays its shares × unit × the hand's value, "
                             "doubled for the dealer, plus the bonuses, capped; every amount an expression of the "
                             "options and the win facts", sub={
            "self_draw": F("expr", "shares each other player pays on a self-draw", default=1),
            "discarder": F("expr", "shares the discarder pays", default=1),
            "others": F("expr", "shares each other player pays on a discard win (0: only the discarder pays)",
                        default=0),
            "unit": F("expr", "points of one share", default=1),
            "dealer_doubling": F("expr", "when a share is doubled for the dealer: \"payer_or_winner\", "
                                         "\"winner_or_discarder\" (the dealer wins, or pays as the discarder) or "
                                         "\"none\"", default="'none'"),
            "pays_for_all": F("expr", "on a discard the discarder pays what every payer would have paid",
                              default=False),
            "cap": F("expr", "the most one payer pays (an option's name whose value may be none = no cap)"),
        }),
        "bonuses": F("tables", "flat amounts payers add to their shares (南昌 德国 +5, 精钓), each named", sub={
            "amount": F("expr", "the amount: an expression of the options, the win facts, the counted rows' totals "
                                "(pt, x) and row_KEY (whether the row KEY is counted); 0 = no bonus", required=True),
            "payers": F("expr", "who adds it on a discard win: \"discarder\" or \"all\" (on a self-draw every "
                                "payer does)", default="'all'"),
            "zh": F("str", "its name in Chinese", default=""),
            "en": F("str", "its name in English", default=""),
        }),
        "between_losers": F("str", "a per_seat win fact: the losers also settle the differences of these values "
                                   "among themselves, the smaller paying the larger (输家互算)"),
    }),
    "settlement": F("table", "how a whole hand settles beyond its wins (amounts are expressions of the options; "
                             "without this table each win is settled on its own)", sub={
        "melded_kong_discarder": F("expr", "刮风 a kong on a discard (直杠): what the discarder pays at once",
                                   default=0),
        "melded_kong_others": F("expr", "a kong on a discard: what each other player still in play pays too",
                                default=0),
        "added_kong": F("expr", "刮风 an added kong (面下杠): what each other player still in play pays", default=0),
        "concealed_kong": F("expr", "下雨 a concealed kong (暗杠): what each other player still in play pays",
                            default=0),
        "kong_transfer": F("expr", "呼叫转移: on a win on the discard right after a kong, that kong's income passes "
                                   "to the (first) winner", default=False),
        "ends_on_first_win": F("expr", "the hand ends with its first win; only other wins on the same discard "
                                       "(一炮多响) may follow", default=False),
        "flower_pig_penalty": F("expr", "查花猪: at the wall's end a player still holding all three suits pays each "
                                        "other player this (0 = no check)", default=0),
        "flower_pig_pays_won": F("expr", "the flower pig pays players who have already won too", default=True),
        "not_ready_pays_best": F("expr", "查大叫: at the wall's end each player not ready pays each ready player "
                                         "that player's best possible win on a discard", default=False),
        "not_ready_refunds_kongs": F("expr", "退税: a player not ready at the wall's end gives back all its kong "
                                             "income", default=False),
    }),
    "options": F("map", "the game's options: name -> {type, default, zh, en, source}", sub=_OPTION),
    "facts": F("map", "win facts of this game beyond the usual ones: name -> {type, default, zh, en}", sub=_FACT),
    "rows": F("tables", "the rule rows", required=True, sub=_ROW),
    "details": F("tables", "numbers the result's details show: each an expression of the best reading, its "
                           "counted rows (row_KEY, group_value(\"g\")), value (before rounding and the cap), fan hu "
                           "tai pt x and total", sub={
        "key": F("str", "the detail's name", required=True),
        "value": F("expr", "its expression", required=True),
    }),
    "checks": F("tables", "win facts that contradict the hand: an error when `when` holds", sub={
        "when": F("expr", "the contradiction", required=True),
        "error": F("str", "the message", required=True),
    }),
    # --- rbgames: opening wins, horses, instant wins ---
    "opening": F("tables", "起手小胡: declarations right after the deal, paid at once by each other player; play goes "
                           "on (conditions on the dealt tiles: tiles, quads, triplets, pairs, suits_held, "
                           "suits_missing, tiles_258, honors, wildcards, same_rank_pairs, melds, complete; "
                           "count_of(\"C\"), ranks_held(2, 5, 8), kinds_at_least(3), all_ranks_in(2, 5, 8))", sub={
        **_holding_row("the condition on the seat's dealt tiles",
                       "what each other player pays for one (names: the options, payer_is_dealer, declarer_is_dealer)"),
        "times": F("expr", "how many times it counts (a count of the tiles, e.g. quads); default 1"),
    }),
    "instant_wins": F("tables", "wins by a holding, not by sets: 四红中 / 四鬼 (at once, on the first turn or any "
                                "draw), 将将胡 (a holding of 2, 5, 8 only); conditions as in [[opening]]", sub={
        **_holding_row("the holding that wins (the seat's tiles after its draw)",
                       "what each other player pays (names: the options, payer_is_dealer, declarer_is_dealer, birds = "
                       "the birds that hit where the file turns birds; with 扎鸟 by seat birds_on_winner and "
                       "birds_on_payer)"),
        "at": F("str", "first_turn: before the seat's first discard (起手); any_draw: after any draw (摸到)",
                default="any_draw", choices=("first_turn", "any_draw")),
    }),
    "horses": F("table", "买马: after a win, tiles turned up from the wall; each that falls on the winner (counted "
                         "by positions from the dealer or the winner) makes each payer pay `value` again", sub={
        "count": F("expr", "how many horses (a whole number or an option's name)", required=True),
        "count_without_wildcards": F("expr", "how many when the winner holds no wildcard (有鬼 4 马、无鬼 6 马)"),
        "from": F("str", "the seat the positions count from: dealer, winner, or the name of a str option whose "
                         "value is one of them", default="dealer"),
        "positions": F("strs", "the tiles of each position, from the start seat on: ranks (any suit) and honor "
                               "letters", default=["159EC", "26SF", "37WP", "48N"]),
        "value": F("expr", "what each payer pays again per horse on the winner (names: share = what it paid for "
                           "the win, covers = how many payers' shares that carries (3 when one pays for all), and "
                           "the options)", required=True),
        "option": F("str", "a bool option that switches the horses on"),
    }),
}

Path = tuple[Any, ...]
Report = Callable[[Path, str], None]


def _type_ok(kind: str, v: Any) -> bool:
    if kind == "str":
        return isinstance(v, str)
    if kind == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    if kind == "bool":
        return isinstance(v, bool)
    if kind == "strs":
        return isinstance(v, list) and all(isinstance(x, str) for x in v)
    if kind in ("table", "map"):
        return isinstance(v, dict)
    if kind == "tables":
        return isinstance(v, list) and all(isinstance(x, dict) for x in v)
    if kind == "expr":
        return isinstance(v, (str, int, bool))
    if kind == "int_expr":
        return isinstance(v, (str, int)) and not isinstance(v, bool)
    if kind == "value":
        return isinstance(v, (str, int, bool))
    return False  # pragma: no cover


_KIND_WORDS = {"str": "text", "int": "a whole number", "bool": "true or false", "strs": "a list of text",
               "table": "a table", "map": "a table of tables", "tables": "an array of tables ([[...]])",
               "expr": "an expression (text), a number or true / false",
               "int_expr": "a whole number, or an expression of the options (text)",
               "value": "a text, number or true / false"}


def validate(data: dict[str, Any], spec: dict[str, F], path: Path, report: Report) -> None:
    """Check ``data`` against ``spec``, calling ``report(path, message)`` for each problem (never stopping at the
    first)."""
    for key in data:
        if key not in spec:
            guess = closest(str(key), spec)
            report((*path, key), f"unknown key: did you mean {guess}? known here: {', '.join(spec)}" if guess
                   else f"unknown key; known here: {', '.join(spec)}")
    for key, f in spec.items():
        p = (*path, key)
        if key not in data:
            if f.required:
                report(p, "missing (required)")
            continue
        v = data[key]
        if not _type_ok(f.kind, v):
            report(p, f"must be {_KIND_WORDS[f.kind]}, got {type(v).__name__} {str(v)[:40]!r}")
            continue
        if f.choices and v not in f.choices:
            report(p, f"must be one of {', '.join(map(str, f.choices))}; got {v!r}")
        if f.minimum is not None and isinstance(v, int) and v < f.minimum:
            report(p, f"must be at least {f.minimum}; got {v}")
        if f.maximum is not None and isinstance(v, int) and v > f.maximum:
            report(p, f"must be at most {f.maximum}; got {v}")
        if f.item_choices:
            for x in v:
                if x not in f.item_choices:
                    report(p, f"{x!r} is not one of {', '.join(f.item_choices)}")
        if "pattern" in f.extra:
            import re

            if not re.match(f.extra["pattern"], v):
                report(p, f"{v!r} must match {f.extra['pattern']}")
        if f.kind == "table" and f.sub is not None:
            validate(v, f.sub, p, report)
        elif f.kind == "tables" and f.sub is not None:
            for i, item in enumerate(v):
                validate(item, f.sub, (*p, i), report)
        elif f.kind == "map" and f.sub is not None:
            for name, item in v.items():
                if not isinstance(item, dict):
                    report((*p, name), "must be a table")
                else:
                    validate(item, f.sub, (*p, name), report)


def _schema(f: F) -> dict[str, Any]:
    s: dict[str, Any]
    if f.kind == "str":
        s = {"type": "string"}
        if "pattern" in f.extra:
            s["pattern"] = f.extra["pattern"]
    elif f.kind == "int":
        s = {"type": "integer"}
    elif f.kind == "bool":
        s = {"type": "boolean"}
    elif f.kind == "strs":
        items: dict[str, Any] = {"type": "string"}
        if f.item_choices:
            items["enum"] = list(f.item_choices)
        s = {"type": "array", "items": items}
    elif f.kind == "expr" or f.kind == "value":
        s = {"type": ["string", "integer", "boolean"]}
    elif f.kind == "int_expr":
        s = {"type": ["integer", "string"]}
    elif f.kind == "table":
        s = _object(f.sub or {})
    elif f.kind == "map":
        s = {"type": "object", "additionalProperties": _object(f.sub or {})}
    else:  # tables
        s = {"type": "array", "items": _object(f.sub or {})}
    s["description"] = f.doc
    if f.choices:
        s["enum"] = list(f.choices)
    if f.default is not None:
        s["default"] = f.default
    if f.minimum is not None:
        s["minimum"] = f.minimum
    if f.maximum is not None:
        s["maximum"] = f.maximum
    return s


def _object(spec: dict[str, F]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {k: _schema(f) for k, f in spec.items()},
        "required": [k for k, f in spec.items() if f.required],
        "additionalProperties": False,
    }


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a rule file (draft 2020-12), with the predicate library listed for editors."""
    from mahjong.rulebook.predicates import describe_library

    s = _object(SPEC)
    s["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    s["title"] = "mahjong rule file (mjcore)"
    s["$comment"] = "expressions may use: " + ", ".join(e["name"] for e in describe_library())
    return s


# --- rbspeed: a check's message in Chinese too ------------------------------------------------------------------
_CHECKS_SUB = SPEC["checks"].sub
assert _CHECKS_SUB is not None
_CHECKS_SUB["error_zh"] = F("str", "the message in Chinese (shown under --lang zh; `error` is the English)")
