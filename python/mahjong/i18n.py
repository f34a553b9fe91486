"""The words of the command line in English and Chinese: every label, heading, message and unit, one row each.

``text(key, lang, **values)`` gives a row in a language; :func:`language` picks the language from a ``--lang``
value or, failing that, the ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` environment (``zh_CN.UTF-8`` → Chinese).
Only what people read is translated: JSON keys, tile codes and rule keys are the same in both languages.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

__all__ = ["LANGUAGES", "MESSAGES", "UNITS", "HELP", "HelpText", "help_text", "language", "text", "unit", "name",
           "wind", "LINE_NOTES", "line_note", "WIN_FACTS", "PAGE", "TABLE_PAGE"]

LANGUAGES = ("en", "zh")

#: key -> (English, Chinese); ``{name}`` fields are filled by :func:`text`
MESSAGES: dict[str, tuple[str, str]] = {
    # analyze
    "hand": ("hand", "手牌"),
    "hand_size": ("{tiles} tiles with melds counted as 3; melds: {melds}; wildcards: {wildcards}",
                  "共 {tiles} 张（副露按 3 张计），副露 {melds} 副，百搭 {wildcards} 张"),
    "shapes": ("shapes of", "牌型规则"),
    "shapes.default": ("regular hands, seven pairs, thirteen orphans", "一般型、七对、十三幺"),
    "shapes.riichi-shapes": ("the shapes of Riichi mahjong (a quad is not two pairs)",
                             "日麻的牌型（四张同牌不算两对）"),
    "shanten": ("shanten", "向听数"),
    "complete": ("complete", "和牌"),
    "ready": ("ready", "听牌"),
    "n_shanten": ("{n} away from ready", "{n} 向听"),
    "by_form": ("by form", "各牌型"),
    "form.regular": ("regular", "一般型"),
    "form.seven_pairs": ("seven pairs", "七对"),
    "form.thirteen_orphans": ("thirteen orphans", "十三幺"),
    "form.knitted": ("knitted", "全不靠"),
    "form.thirteen_lan": ("thirteen unrelated", "十三烂"),
    "form.honors_and_knitted": ("honors and knitted tiles", "全不靠"),
    "form.knitted_straight": ("knitted straight", "组合龙"),
    "waits": ("waits ({total} left)", "听牌（剩 {total} 张）"),
    "any_tile": ("any tile wins", "任何牌皆可和"),
    "useful_tiles": ("useful tiles", "进张"),
    "none": ("none", "无"),
    "is_complete": ("the hand is complete", "此手牌已和"),
    "best_discards": ("best discards", "最佳打法"),
    "discard_row": ("discard {tile:>3} → shanten {shanten}, {count} tiles: {tiles}",
                    "打 {tile} → {shanten} 向听，进张 {count} 张：{tiles}"),
    # score
    "ruleset": ("rule set", "规则"),
    "win_tile": ("winning tile", "和牌张"),
    "self_drawn": ("self-drawn", "自摸"),
    "on_discard": ("on a discard from seat {seat} ({wind})", "点和：{seat} 号座位（{wind}）放炮"),
    "reading": ("reading", "牌型拆分"),
    "wait": ("wait", "听牌方式"),
    "items": ("items", "计分项"),
    "wait.two-sided": ("two-sided", "两面"),
    "wait.closed": ("closed", "嵌张"),
    "wait.edge": ("edge", "边张"),
    "wait.single": ("single", "单钓"),
    "wait.dual-pung": ("dual pung", "双碰"),
    "total": ("total", "合计"),
    "minimum_ok": ("minimum reached", "达到起和要求"),
    "minimum_not": ("minimum NOT reached — {reason}", "未达起和要求——{reason}"),
    "arithmetic": ("arithmetic", "计算过程"),
    "payments": ("payments", "收付"),
    "seat": ("seat {seat}", "{seat} 号座位"),
    "winner": ("winner", "和牌者"),
    "dealer": ("dealer", "庄家"),
    "discarder": ("discarder", "放炮者"),
    "assumed": ("assumed (give these facts to change them)", "假定（可用选项给出以更改）"),
    "waiting_rows": ("winning tile   self-drawn   on a discard", "和牌张         自摸         点和"),
    "not_ready": ("not ready: no tile completes this hand", "未听牌：没有能和的牌"),
    "below_minimum": ("below the minimum", "不够起和"),
    "not_allowed": ("not allowed", "不可"),
    "minimum": ("minimum to win: {n} {unit}", "起和：{n} {unit}"),
    "hint.analyze": ("how far it is from a win, and what to discard: mahjong analyze --rules {rules} \"{hand}\"",
                     "看它离和牌还差几张、该打哪张：mahjong analyze --rules {rules} \"{hand}\""),
    # rules / fans
    "options": ("options (--option name=value)", "选项（--option 名称=值）"),
    "context_fields": ("win facts (--context name=value)", "和牌条件（--context 名称=值）"),
    "flow_options": ("how a hand is played (Game options; --option of simulate / play)",
                     "对局玩法选项（Game 的 options；simulate / play 的 --option）"),
    "default": ("default", "默认"),
    "table": ("{tiles} tiles ({what}); a hand of {size}", "{tiles} 张牌（{what}）；手牌 {size} 张"),
    "tiles.suits": ("suits only", "只有数牌"),
    "tiles.honors": ("suits and honors", "数牌和字牌"),
    "tiles.flowers": ("suits, honors and 8 flowers", "数牌、字牌和 8 张花牌"),
    "only_with": ("(read only with the option {option} on)", "（只在选项 {option} 打开时有用）"),
    "source": ("source", "出处"),
    "aliases": ("also", "别名"),
    "excludes": ("not counted with", "不计"),
    # rules --predicates: the library's kinds of names
    "library.predicate": ("predicates (true or false of a reading of the hand)", "判定（对手牌的一种拆法为真或假）"),
    "library.count": ("counts (whole numbers of a reading)", "计数（一种拆法中的个数）"),
    "library.function": ("functions (called with arguments)", "函数（带参数调用）"),
    "library.fact": ("win facts", "和牌条件"),
    "library.scoring": ("totals (the scoring formula and the payments read them)", "合计（计分公式和付款读取）"),
    "library.counted_rows": ("rows counted (stage-2 rows and the win rule read them)",
                             "已计番种（第二阶段的行和和牌要求读取）"),
    "library.holding": ("the tiles held (opening and instant wins read them)", "持牌（起手胡和持牌即和读取）"),
    "library.holding_function": ("functions of the tiles held", "持牌的函数"),
    "library.amount": ("payments (the amounts of special wins read them)", "付款（特殊和牌的金额读取）"),
    "library.usage": ("combine them with and / or / not, counts compared (>=, ==), e.g. when = \"one_suit and "
                      "all_pungs\"; see `mahjong rules --schema` for the file's keys",
                      "用 and / or / not 组合，计数可比较（>=、==），例如 when = \"one_suit and all_pungs\"；"
                      "文件的键见 `mahjong rules --schema`"),
    # settle
    "event": ("event {n}", "第 {n} 个事件"),
    "win_n": ("win {n}", "第 {n} 次和牌"),
    "win_of": ("win of {seat}", "{seat}和牌"),
    "net": ("net", "净得"),
    "reason.win": ("win", "和牌"),
    "reason.kong.concealed": ("concealed kong", "暗杠"),
    "reason.kong.melded": ("melded kong", "直杠"),
    "reason.kong.added": ("added kong", "补杠"),
    "reason.kong.transfer": ("kong income passed on", "呼叫转移"),
    "reason.huazhu": ("flower pig check", "查花猪"),
    "reason.dajiao": ("not-ready check", "查大叫"),
    "reason.tuishui": ("kong refund", "退税"),
    "reason.false_win": ("false win", "诈和"),
    "reason.penalty": ("the judge's penalty", "裁判罚分"),
    "reason.jing": ("the wildcards (jing) held, settled", "算精"),
    "detail.flower_pigs": ("flower pigs (three suits at the end)", "花猪"),
    "detail.ready": ("ready at the end", "流局时听牌"),
    "detail.best_possible": ("best possible value when ready", "听牌的最大番值"),
    "detail.won": ("seats that won", "已和牌的座位"),
    "detail.next_dealer": ("next dealer", "下一局庄家"),
    "detail.haidi_performer": ("who fishes the last tile", "海底捞月的玩家"),
    # settle of logs
    "settle.progress": ("hands settled", "局已结算"),
    "settle.totals": ("hands {hands}  wins {wins}  self-draws {self} ({self_pct} of wins)  no winner {none} "
                      "({none_pct})", "{hands} 局  和牌 {wins} 次  自摸 {self} 次（占和牌的 {self_pct}）  "
                      "流局 {none} 局（{none_pct}）"),
    "settle.nets": ("net per seat: {nets}", "各座位净得：{nets}"),
    "settle.items": ("most frequent items: {items}", "最常见的计分项：{items}"),
    "settle.speed": ("{rate} hands settled/s with {workers} worker(s) ({where})",
                     "每秒结算 {rate} 局，{workers} 个进程（{where}）"),
    "settle.process": ("this process", "本进程"),
    "settle.processes": ("local processes", "本机多进程"),
    "settle.ray": ("Ray", "Ray 集群"),
    # dataset
    "dataset.progress": ("games", "局"),
    "dataset.done": ("{rows} rows from {games} games written to {path}", "已写入 {path}：{games} 局，{rows} 行"),
    "dataset.left_out": ("left out {game}: {reason}", "未收录 {game}：{reason}"),
    "dataset.unread": ("no game read from {path}: {reason}", "未从 {path} 读到对局：{reason}"),
    "dataset.speed": ("{rate} rows/s ({seconds} s)", "每秒 {rate} 行（用时 {seconds} 秒）"),
    # simulate
    "sim.hands": ("hands", "局"),
    "progress.rate": ("{rate}/s, {left} left", "每秒 {rate}，还需 {left}"),
    "sim.head": ("rule set {rules}: {hands} hands, agents '{agent}', seed {seed}",
                 "规则 {rules}：{hands} 局，AI '{agent}'，种子 {seed}"),
    "sim.rates": ("  win rate {win}   draw rate {draw}   self-drawn {self} of {wins} wins",
                  "  和牌率 {win}   流局率 {draw}   {wins} 次和牌中自摸占 {self}"),
    "sim.points": ("  winner's points: mean {mean}  min {min}  p25 {p25}  median {median}  p75 {p75}  max {max}",
                   "  赢家得分：平均 {mean}  最低 {min}  四分之一位 {p25}  中位数 {median}  四分之三位 {p75}  "
                   "最高 {max}"),
    "sim.special": ("  special events: {events}", "  特殊事件：{events}"),
    "sim.patterns": ("  patterns (name, key, count, per win):", "  番种 / 牌型（名称、键名、次数、每次和牌的频率）："),
    "sim.speed": ("  {rate} hands/s ({seconds} s; {cpu_rate} hands per CPU-second)",
                  "  每秒 {rate} 局（用时 {seconds} 秒；每处理器秒 {cpu_rate} 局）"),
    # verify
    "verify.hand": ("hand {hand}: commitment {commitment}… matches seed {seed}; {events} events replayed",
                    "第 {hand} 局：承诺 {commitment}… 与种子 {seed} 相符；{events} 个事件重放无误"),
    "verify.ok": ("{path}: verified — {hands} hand(s) of table {table} ({rules}); scores {scores}",
                  "{path}：核对无误——牌桌 {table}（{rules}）共 {hands} 局；得分 {scores}"),
    "verify.failed": ("{path}: NOT verified — {error}", "{path}：核对不通过——{error}"),
    # arena
    "arena.games": ("games", "局"),
    "arena.head": ("arena: {rules}, {hands} walls, {games} games, seed {seed}, {mode}",
                   "对战：{rules}，{hands} 副牌墙，共 {games} 局，种子 {seed}，{mode}"),
    "arena.duplicate": ("duplicate (each wall played from every seat)", "复式（每副牌墙每个座位各打一次）"),
    "arena.rotating": ("the seats rotating wall by wall", "每副牌墙轮换座位"),
    "arena.per_wall": ("per game, 95 % interval over walls", "每局平均，按牌墙计 95% 区间"),
    "arena.per_game": ("per game, 95 % interval", "每局平均，95% 区间"),
    "arena.col.bot": ("bot", "选手"),
    "arena.col.games": ("games", "局数"),
    "arena.col.score": ("score", "总分"),
    "arena.col.mean": ("score {unit}", "得分（{unit}）"),
    "arena.col.wins": ("wins [95 %]", "和牌 [95%]"),
    "arena.col.deal_ins": ("deal-ins [95 %]", "点炮 [95%]"),
    "arena.col.penalties": ("penalties", "罚分"),
    "arena.speed": ("  {games} games in {seconds} s ({rate} games/s)",
                    "  {games} 局，用时 {seconds} 秒（每秒 {rate} 局）"),
    "arena.logs": ("  match logs in {dir}", "  对局记录在 {dir}"),
    # play
    "play.intro": ("{rules}: you play {seat}. Type an action's number, or its words (discard 3m, pung, "
                   "win, pass), or a tile to discard it (3m); h lists the actions again, q quits.",
                   "{rules}：你坐{seat}。输入动作的编号，或动作本身（打 3m、碰、和、过），或直接输入要打的牌"
                   "（3m、三万）；h 重新列出可选动作，q 退出。"),
    "play.seat": ("seat {seat} ({wind})", "{seat} 号座位（{wind}）"),
    "play.status": ("-- {live} tiles left; you are {you}{round}", "-- 牌墙剩 {live} 张；你是{you}{round}"),
    "play.round": ("; round wind {wind}", "；圈风 {wind}"),
    "play.seat_line": ("{seat}{marks}: melds {melds}  discards {river}", "{seat}{marks}：副露 {melds}  弃牌 {river}"),
    "play.flowers": ("flowers {tiles}", "花牌 {tiles}"),
    "play.lack": ("void: {suit}", "定缺：{suit}"),
    "play.dealer": (" (dealer)", "（庄）"),
    "play.happened": ("since your last turn:", "上次轮到你之后："),
    "ev.discard": ("{who} discards {tile}", "{who}打 {tile}"),
    "ev.chow": ("{who} chows {tiles}", "{who}吃 {tiles}"),
    "ev.pung": ("{who} pungs {tiles}", "{who}碰 {tiles}"),
    "ev.kong": ("{who} kongs {tiles}", "{who}明杠 {tiles}"),
    "ev.concealed_kong": ("{who} declares a concealed kong {tiles}", "{who}暗杠 {tiles}"),
    "ev.added_kong": ("{who} adds to a kong {tiles}", "{who}补杠 {tiles}"),
    "ev.robbed": ("{who}'s kong of {tile} is robbed", "{who}的 {tile} 杠被抢"),
    "ev.bonus": ("{who} shows a flower {tile}", "{who}补花 {tile}"),
    "ev.lack": ("{who} voids {suit}", "{who}定缺 {suit}"),
    "ev.passed": ("{who} passes {tiles} to {to}", "{who}把 {tiles} 换给{to}"),
    "ev.wildcard": ("{tile} is turned up: wildcards {tiles}", "翻出 {tile}：百搭为 {tiles}"),
    "ev.win": ("{who} wins {how} on {tile}", "{who}和 {tile}（{how}）"),
    "ev.opening": ("{who} declares an opening win", "{who}起手胡"),
    "ev.instant_win": ("{who} wins at once on a holding", "{who}持牌即和"),
    "ev.horses": ("{who}'s horses are turned up", "{who}翻马"),
    "play.you": (" (you)", "（你）"),
    "play.ready": (" (ready)", "（已报听）"),
    "play.won": (" (won)", "（已和牌）"),
    "play.concealed_kong": ("[concealed kong]", "[暗杠]"),
    "play.wildcards": ("wildcards: {tiles}", "百搭：{tiles}"),
    "play.on_offer": ("{seat} discarded {tile}", "{seat}打出 {tile}"),
    "play.your_hand": ("your hand: {hand}", "你的手牌：{hand}"),
    "play.drew": ("  (drew {tile})", "  （摸到 {tile}）"),
    "play.hint.pick": ("pick a tile to pass on (the exchange of three tiles of one suit) or to swap; one at a time",
                       "选一张要换出的牌（换三张：同一花色三张）或要交换的牌，每次选一张"),
    "play.hint.lack": ("choose the suit you will void: you may not win while holding it",
                       "选择定缺的花色：手中还有这一门时不能和牌"),
    "play.prompt": ("your choice (number, action or tile; h help, q quit):",
                    "你的选择（编号、动作或牌；h 帮助，q 退出）："),
    "play.help": ("type an action's number, its words (e.g. discard 3m, pung, win, pass) or a tile to discard; "
                  "q quits", "输入动作的编号、动作本身（例如 打 3m、碰、和、过）或要打的牌；q 退出"),
    "play.pick": ("{line!r} is not one of the actions: pick a number 0..{last}, an action or a tile",
                  "{line!r} 不是可选的动作：请输入编号 0..{last}、动作或牌"),
    "play.bye": ("bye (the hand was not finished)", "再见（这手牌没有打完）"),
    "play.over": ("hand over", "本局结束"),
    "play.win": ("{seat} wins {how}: {hand}", "{seat}和牌（{how}）：{hand}"),
    "play.self_drawn": ("self-drawn", "自摸"),
    "play.on_discard": ("on the discard of {seat}", "{seat}放炮"),
    "play.draw": ("draw (no winner)", "流局（无人和牌）"),
    "act.discard": ("discard {tiles}", "打 {tiles}"),
    "act.chow": ("chow {tiles}", "吃 {tiles}"),
    "act.pung": ("pung {tiles}", "碰 {tiles}"),
    "act.kong": ("kong {tiles}", "杠 {tiles}"),
    "act.concealed_kong": ("concealed kong {tiles}", "暗杠 {tiles}"),
    "act.added_kong": ("added kong {tiles}", "补杠 {tiles}"),
    "act.win": ("win on {tiles}", "和 {tiles}"),
    "act.ready": ("declare ready, discard {tiles}", "报听，打 {tiles}"),
    "act.pick": ("pick {tiles}", "选 {tiles}"),
    "act.flower": ("replace the flower {tiles}", "补花 {tiles}"),
    "act.pass": ("pass", "过"),
    "act.lack": ("void {suit}", "定缺 {suit}"),
    # errors
    "error": ("error", "错误"),
    "clash": ("another package named `mahjong` (the Riichi mahjong library) is installed over this one and has "
              "replaced its files: both use the import name `mahjong`, so one environment cannot hold both. To "
              "repair this environment, run\n    {uninstall}\n    {install}\nTo keep both, give each its own "
              "virtual environment (see the README: the Riichi `mahjong` package clash).",
              "另一个名为 `mahjong` 的包（日麻库 Riichi mahjong）装在了本包之上，覆盖了本包的文件：两者的导入名都是 "
              "`mahjong`，同一个环境装不下两者。要修复这个环境，请运行\n    {uninstall}\n    {install}\n"
              "两者都要用时，请各装在自己的虚拟环境里（见 README 中 Riichi `mahjong` 包冲突一节）。"),
    "broken_pipe": ("output closed", "输出已关闭"),
    # zh (round 5): a settlement line's reason and note in the chosen language (the line itself records the note as
    # the rule set writes it, see LINE_NOTES), and the wording of the sharded runs
    "reason.horses": ("horses", "买马"),
    "reason.opening": ("opening declaration", "起手小胡"),
    "reason.instant_win": ("instant win on a holding", "持牌即和"),
    "note.win": ("seat {seat} wins", "{seat} 号座位和牌"),
    "note.win_on_discard": ("seat {seat} wins on a discard", "{seat} 号座位和牌（点炮）"),
    "note.win_self_drawn": ("seat {seat} wins self-drawn", "{seat} 号座位和牌（自摸）"),
    "note.kong_money": ("kong money ({amount} from each)", "杠钱（每家付 {amount}）"),
    "note.melded_kong_discarder": ("melded kong: its discarder pays", "刮风 直杠：引杠者付"),
    "note.melded_kong_others": ("melded kong: the others still in play pay", "刮风 直杠：其他未和牌者付"),
    "note.added_kong": ("added kong: the others still in play pay", "刮风 面下杠：其他未和牌者付"),
    "note.concealed_kong": ("concealed kong: the others still in play pay", "下雨 暗杠：其他未和牌者付"),
    "note.false_win": ("false win", "错和"),
    # (the simulate report's special events by kind: English as the report has always named them)
    "special.opening": ("opening", "起手小胡"),
    "special.instant_win": ("instant_win", "持牌即和"),
    "special.horses": ("horses", "买马"),
}

#: the web pages' own words (the calculator's labels, headings and messages), key -> (English, Chinese); the pages
#: read them with the units, forms, waits, winds and win facts above from ``GET /api/strings``
PAGE: dict[str, tuple[str, str]] = {
    "title": ("Mahjong calculator", "麻将算番器"),
    "skip": ("Skip to the hand", "跳到手牌输入"),
    "langHint": ("Switch the interface language", "切换界面语言"),
    "otherLanguage": ("中文", "英文"),
    "rulesHeading": ("Rules", "规则"),
    "ruleset": ("Rule set", "规则集"),
    "options": ("Rule options", "规则选项"),
    "reset": ("Reset to defaults", "恢复默认"),
    "handHeading": ("Hand", "手牌"),
    "notation": ("Notation", "牌谱写法"),
    "notationHelp": ("m = characters, p = dots, s = bamboo; honors E S W N C F P (East South West North, Red, "
                     "Green, White dragon); flowers f1–f8; melds in brackets with the seat they came from after a "
                     "comma (1 left, 2 across, 3 right), + for an added kong; the winning tile last.",
                     "万 m、筒 p、条 s，字牌 东南西北中发白 = E S W N C F P，花 f1–f8；副露写在方括号里，逗号后是来源"
                     "（1 上家、2 对家、3 下家），加杠加 +；和牌张写在最后。也可直接写中文牌名。"),
    "melds": ("Melds", "副露"),
    "concealed": ("Concealed", "手牌"),
    "winTile": ("Winning tile", "和牌张"),
    "flowers": ("Flowers", "花牌"),
    "entryMode": ("A tap adds", "点牌时加入"),
    "claimedFrom": ("claimed from", "来自"),
    "clear": ("Clear", "清空"),
    "picker": ("Tiles", "选牌"),
    "suit_m": ("Characters", "万子"), "suit_p": ("Dots", "筒子"), "suit_s": ("Bamboo", "条子"),
    "suit_z": ("Honors", "字牌"), "suit_f": ("Flowers", "花牌"),
    "mode_tile": ("tile", "手牌"), "mode_win": ("winning tile", "和牌张"), "mode_chow": ("chow", "吃"),
    "mode_pung": ("pung", "碰"), "mode_kong": ("kong", "明杠"), "mode_concealed_kong": ("concealed kong", "暗杠"),
    "mode_added_kong": ("added kong", "加杠"),
    "from_1": ("left", "上家"), "from_2": ("across", "对家"), "from_3": ("right", "下家"),
    "factsHeading": ("Win facts", "和牌情况"),
    "resultHeading": ("Result", "结果"),
    "footer": ("This page runs on your machine; nothing is fetched from the internet.", "本页在本机运行，不连外网。"),
    "serverDown": ("the server did not answer", "服务器没有回应"),
    "inputError": ("Input error: ", "输入有误："),
    "notWinning": ("Not a win: ", "不是和牌："),
    "cannotScore": ("Cannot score: ", "不能计分："),
    "flowerTwice": ("{tile} is already there (each flower exists once)", "{tile}已经有了（每种花只有一张）"),
    "badChow": ("no chow starts at {tile} (tap the lowest tile of the chow)",
                "{tile}起不了顺子（吃牌点顺子里最小的一张）"),
    "fifthCopy": ("all four copies of {tile} are used", "{tile}已有四张"),
    "notInGame": ("{tile} is not played in this rule set", "这种玩法没有{tile}"),
    "removeMeld": ("remove {meld}", "去掉{meld}"),
    "removeTile": ("remove {tile}", "去掉{tile}"),
    "removeWin": ("remove the winning tile {tile}", "去掉和牌张{tile}"),
    "tapToRemove": ("tap to remove", "点一下去掉"),
    "noWinTile": ("(not set)", "（未定）"),
    "tileCount": ("{n} tiles (melds counted as 3)", "共 {n} 张（副露算 3 张）"),
    "enterHand": ("Tap tiles or type the notation.", "点选牌或输入牌谱写法。"),
    "missing": ("{n} more to a waiting hand of {size} tiles, {m} more to a complete one", "再加 {n} 张就是 {size} "
                "张的听牌手牌，再加 {m} 张就是和牌手牌"),
    "tooMany": ("{n} tiles: a hand holds {size} (waiting) or {size1} (complete)", "{n} 张：手牌应是 {size} 张（听牌）"
                "或 {size1} 张（和牌）"),
    "fan": ("Fan", "番种"), "nameZh": ("Chinese", "中文名"), "value": ("Value", "分值"), "count": ("Count", "次数"),
    "points": ("Points", "合计"),
    "arithmetic": ("Arithmetic", "算法"), "total": ("Total", "总计"),
    "minimumMet": ("Minimum: reached", "起和：达到"),
    "minimumNotMet": ("Minimum: NOT reached — {why}", "起和：未达到 — {why}"),
    "payments": ("Payments", "各家收支"), "seat": ("Seat {n}", "座位 {n}"), "wait": ("Wait", "听牌方式"),
    "reading": ("Reading", "牌型拆法"), "assumptions": ("Assumed", "假定的情况"),
    "shanten": ("Shanten:", "向听数："),
    "complete": ("complete (-1)", "已和牌（-1）"),
    "ready": ("ready (0)", "听牌（0）"),
    "shantenN": ("{n} from ready", "{n} 向听"),
    "dealer": ("dealer", "庄"), "winner": ("winner", "和牌者"), "discarderWord": ("discarder", "放炮者"),
    "selfDrawnChoice": ("nobody (self-drawn)", "自摸（无人放炮）"), "fromSeats": ("from the seats", "按座位推出"),
    "noWinningTile": ("no tile completes this hand", "没有能和的牌"), "notAllowed": ("not allowed", "不可"),
    "none": ("none", "无"),
    "byForm": ("Shanten per form", "各牌型的向听数"), "waitsLeft": ("Waits ({n} left)", "听牌（共剩 {n} 张）"),
    "copiesLeft": ("{n} left", "剩 {n} 张"), "discardAdvice": ("Discard advice", "打牌建议"),
    "discard": ("Discard", "打出"), "shantenAfter": ("Shanten after", "打后向听"), "useful": ("Useful tiles", "进张"),
    "usefulTiles": ("{n}: {tiles}", "{n} 张：{tiles}"),
    "perTile": ("What each winning tile scores", "每张和牌张的得分"),
    "selfDrawn": ("Self-drawn", "自摸"), "onDiscard": ("On a discard", "点和"),
    "belowMinimum": ("(below the minimum)", "（未达起和）"),
    "optionsOn": ("(read only with the option {option} on)", "（只在选项 {option} 打开时有用）"),
}

#: the table page's own words (``mahjong serve``'s tables: the lobby, the board, the answers, the play log, the
#: settlement), key -> (English, Chinese); the page reads them as ``table.KEY`` from ``GET /api/strings``, with the
#: calculator's rows above and the command line's narration of play (:data:`MESSAGES` ``ev.*``, ``act.*``)
TABLE_PAGE: dict[str, tuple[str, str]] = {
    # the header and the lobby
    "title": ("Mahjong table", "麻将牌桌"),
    "calculator": ("Calculator", "算番器"),
    "newTable": ("Open a table", "开一张牌桌"),
    "ruleset": ("Rules", "规则"),
    "seatsLegend": ("Seats", "座位"),
    "handsLabel": ("Hands", "局数"),
    "claimLabel": ("Claim window (seconds)", "吃碰等待（秒）"),
    "create": ("Open", "开桌"),
    "links": ("Invitation links (one per seat: send each only to its player)",
              "邀请链接（每个座位一个，请只发给该座位的玩家）"),
    "sitHere": ("Sit here", "在这里入座"),
    "watch": ("Watch", "旁观"),
    "copy": ("Copy", "复制"),
    "copied": ("Copied", "已复制"),
    "human": ("Person", "真人"),
    "agent_random": ("Bot (random)", "AI（随机）"),
    "agent_greedy": ("Bot (greedy)", "AI（贪心）"),
    "agent_first": ("Bot (first)", "AI（最简）"),
    # the connection
    "connecting": ("connecting…", "连接中…"),
    "connected": ("connected", "已连接"),
    "reconnecting": ("connection lost, reconnecting…", "连接断开，正在重连…"),
    "closed": ("closed", "连接已关闭"),
    "spectator": ("watching", "旁观中"),
    "error": ("Error: ", "出错："),
    # the board
    "info": ("About this hand", "本局信息"),
    "myHand": ("My hand", "我的手牌"),
    "faceDown": ("a tile face down", "扣着的牌"),
    "seatWind": ("{wind}", "{wind}家"),
    "you": ("you", "你"),
    "hand": ("hand {n}/{total}", "第 {n}/{total} 局"),
    "live": ("{n} tiles left", "余牌 {n}"),
    "prevalent": ("{wind} round", "{wind}风圈"),
    "points": ("pts", "分"),
    "hidden": ("hidden ×{n}", "暗牌 ×{n}"),
    "lack": ("no {suit}", "缺{suit}"),
    "readyMark": ("ready", "听"),
    "wonMark": ("won", "已胡"),
    "commitment": ("shuffle commitment {hash}…", "洗牌承诺 {hash}…"),
    "wildcards": ("wild: {tiles}", "百搭：{tiles}"),
    "indicator": ("indicator", "翻出"),
    "suit_0": ("characters", "万"),
    "suit_1": ("dots", "筒"),
    "suit_2": ("bamboo", "条"),
    # what the table waits for
    "yourTurn": ("Your turn: click a tile to discard", "轮到你：点一张牌打出"),
    "thinking": ("{who} is thinking", "{who}思考中"),
    "claimWindow": ("Claims open", "等待吃碰"),
    "robWindow": ("Robbing the kong", "等待抢杠"),
    "lockedWindow": ("Declared ready: the hand plays itself until it wins", "已报听：自动摸打，直到和牌"),
    "waitingLack": ("Choose the suit to give up", "定缺：选一门不要的花色"),
    "waitingPick": ("Exchange: choose a tile to pass", "换三张：选一张要换出的牌"),
    "waitingSwap": ("Swap: choose tiles, then Done", "换牌：选要换的牌，选完点「完成」"),
    "waitingHaidi": ("Fishing the last tile", "海底捞月"),
    "betweenHands": ("Next hand soon", "下一局即将开始"),
    "matchOver": ("Match over", "对局结束"),
    "seconds": ("{n} s", "{n} 秒"),
    # the answers
    "keysHelp": ("Discard: click a tile, or pick it with the arrow keys and press Enter; keys 1-9 press the "
                 "buttons, Esc passes.",
                 "出牌：点击手牌，或用方向键选牌后按回车；数字键 1–9 按下对应按钮，Esc 为「过」。"),
    "canClaim": ("You may:", "可以："),
    "answered": ("Chosen: {action}", "已选择：{action}"),
    "declareReady": ("Declare ready", "报听"),
    "readyOn": ("Ready: click a tile to discard", "报听：点一张牌打出"),
    "pickDone": ("Done", "完成"),
    "next": ("Next hand", "下一局"),
    # the play log (the rest is the command line's narration)
    "logHeading": ("Play log", "牌局记录"),
    "handStarted": ("hand {n} begins, {who} deals", "第 {n} 局开始，{who}坐庄"),
    "dice": ("dice {dice}", "掷骰 {dice}"),
    "dealt": ("{who} receives {n} tiles", "{who}起牌 {n} 张"),
    "draws": ("{who} draws", "{who}摸牌"),
    "youDraw": ("you draw {tile}", "你摸到 {tile}"),
    "readyDiscard": ("{who} declares ready, discards {tile}", "{who}报听，打出 {tile}"),
    "picked": ("{who} picked a tile to pass", "{who}选好一张换出的牌"),
    "passedHidden": ("{who} passes three tiles to {to}", "{who}把三张牌换给{to}"),
    "swapped": ("{who} swaps {n}", "{who}换牌 {n} 张"),
    "fished": ("{who} fishes {tile}", "{who}海底捞月 {tile}"),
    "wallEnd": ("the wall is exhausted", "流局（荒庄）"),
    "paid": ("{payer} pays {payee} {n}", "{payer}付给{payee} {n}"),
    "horses": ("{who}'s horses: {tiles}", "{who}买马：{tiles}"),
    "handEnded": ("the hand is over", "本局结束"),
    # the settlement
    "resultTitle": ("Hand {n}: settlement", "第 {n} 局结算"),
    "finalTitle": ("Match over: final scores", "对局结束：最终得分"),
    "seatScore": ("{seat}: {n}", "{seat}：{n}"),
    "noWinner": ("no winner", "流局"),
    "winsHeading": ("Wins", "和牌"),
    "winLine": ("{win}: {total} {unit}", "{win}：{total} {unit}"),
    "netHeading": ("This hand", "本局得失"),
    "netColumn": ("this hand", "本局"),
    "totalColumn": ("match total", "累计"),
    "handsHeading": ("Hands", "各家手牌"),
    "payer": ("payer", "付"),
    "payee": ("payee", "收"),
    "amount": ("amount", "数额"),
    "reason": ("reason", "原因"),
    "verifyHeading": ("Shuffle check", "洗牌验证"),
    "seedLine": ("seed {seed}, nonce {nonce}", "种子 {seed}，随机盐 {nonce}"),
    "verifyOk": ("matches the commitment made before the deal ✓", "与开局前的承诺相符 ✓"),
    "verifyBad": ("does NOT match the commitment ✗", "与开局前的承诺不符 ✗"),
    "verifyNone": ("this browser cannot compute SHA-256: check with mahjong verify",
                   "此浏览器无法计算 SHA-256，请用 mahjong verify 核对"),
    "downloadLog": ("Download the match log", "下载对局记录"),
    "close": ("Close", "关闭"),
}

#: a settlement line's note as the line records it (its ``note``, in ``--json`` too: the words the rule sets have
#: always written there) -> the :data:`MESSAGES` row that says it in each language (:func:`line_note`)
LINE_NOTES: dict[str, str] = {
    "seat {seat} wins": "note.win",
    "seat {seat} 胡": "note.win",
    "seat {seat} 胡 (点炮)": "note.win_on_discard",
    "seat {seat} 胡 (自摸)": "note.win_self_drawn",
    "kong money ({amount} from each)": "note.kong_money",
    "刮风 直杠: 引杠者付": "note.melded_kong_discarder",
    "刮风 直杠: 其他未胡者付": "note.melded_kong_others",
    "刮风 面下杠": "note.added_kong",
    "下雨 暗杠": "note.concealed_kong",
    "呼叫转移": "reason.kong.transfer",
    "查花猪": "reason.huazhu",
    "查大叫": "reason.dajiao",
    "退税": "reason.tuishui",
    "买马": "reason.horses",
    "错和": "note.false_win",
    "算精": "reason.jing",
}

#: the win facts as a player reads them: name -> (label English, label Chinese, help English, help Chinese).  The
#: command's ``mahjong rules NAME`` and the web page show these (a rule file's own facts bring their words in the
#: file: its ``zh`` / ``en``, used when a fact has no row here).
WIN_FACTS: dict[str, tuple[str, str, str, str]] = {
    "winner": ("Winner", "和牌者", "the seat that wins", "和牌的座位"),
    "discarder": ("Discarded by", "放炮者", "the seat whose discard (or kong tile, when robbed) was won on; none for "
                  "a self-draw", "打出和牌张（或被抢杠）的座位；自摸时不填"),
    "dealer": ("Dealer", "庄家", "the dealer's seat", "庄家的座位"),
    "seat_wind": ("Seat wind", "门风", "the winner's own wind; left out, it follows from the seats (the dealer sits "
                  "East)", "和牌者的门风；不填时按座位推出（庄家坐东）"),
    "prevalent_wind": ("Prevalent wind", "圈风", "the wind of the round", "本圈的风"),
    "self_drawn": ("Self-drawn", "自摸", "won on one's own draw; a win without a discarder is self-drawn",
                   "和自己摸到的牌；没有放炮者即为自摸"),
    "last_tile": ("Last copy of the tile", "和绝张", "the winning tile is the last copy not yet seen",
                  "和的是场上最后一张未见的牌"),
    "last_wall_tile": ("Last tile of the wall", "海底", "the win is on the wall's last tile: drawn, or the discard "
                       "made after it", "和牌墙的最后一张：自摸（妙手回春 / 海底捞月），或打出的那张（海底炮）"),
    "kong_replacement": ("Win on a kong's replacement", "杠上开花", "self-drawn on the tile drawn after a kong",
                         "和杠后补摸的牌（自摸）"),
    "robbing_kong": ("Robbing a kong", "抢杠和", "won on the tile another player added to a pung to make a kong",
                     "和别家加杠的那张牌"),
    "after_kong_discard": ("Discard after a kong", "杠上炮", "won on the discard a player made right after a kong",
                           "和别家开杠后打出的牌"),
    "heavenly": ("Heavenly hand", "天和", "the dealer wins on the deal", "庄家起手即和"),
    "earthly": ("Earthly hand", "地和", "a player other than the dealer wins in the first go-round (each rule set "
                "says on which tile)", "闲家在第一巡内和牌（和哪一张由各规则决定）"),
    "human": ("Human hand", "人和", "a win within the first go-round (an extra hand of the online tables)",
              "第一巡内和牌（网络牌桌的加番）"),
    "wildcard_kong": ("Wildcard kong", "混杠", "the winner declared a kong of four wildcards (an extra hand of the "
                      "online tables)", "和牌者开过四张混的杠（网络牌桌的加番）"),
    "indicator": ("Indicator tile", "翻出的牌", "the tile turned up: its kind is the main jing, the next kind the "
                  "secondary jing; none = no jing in play", "翻出的牌：这一种是正精，下一种是副精；不填则无精"),
    "jing_held": ("Jing held by each seat", "各家所持精", "the main and secondary jing each seat holds at the end "
                  "(the winner's are counted from the hand)", "每家最后持有的正精、副精张数（和牌者的从手牌读出）"),
    "jing_kongs": ("Jing kongs", "精杠", "other seats that declared a kong of four jing",
                   "开过精杠（四张精）的其他座位"),
    "caishen": ("Wildcard (caishen)", "财神", "the wildcard's kind (its three other copies are wild); none = no "
                "wildcard in play", "财神是哪种牌（另外三张都是财神）；不填则无财神"),
    "gang_hua": ("Kong flowers", "杠花", "the kong flowers the winner set aside", "和牌者亮在一边的杠花"),
    "chengbao": ("Liability (chengbao)", "承包", "the winning discard came in the last 9 tiles of the wall: the "
                 "discarder pays for everyone", "最后 9 张内放炮：放炮者一家包赔"),
    "lagang_discard": ("Discard of a pung's fourth tile", "拉杠放炮", "the winning tile was discarded by a player "
                       "holding an exposed pung of it", "打出和牌张的人手里有这张牌的碰"),
    "laoguining": ("Laoguining", "老鬼宁", "the winner failed to declare a kong flower, or discarded a wildcard, this "
                   "hand: no win", "和牌者本局没有亮杠花或打出过财神：不能和牌"),
    "loser_totals": ("Losers' totals", "输家胡数", "each seat's own total, for the losers to settle between "
                     "themselves", "每家自己的胡数，输家之间互算用"),
    "loser_hands": ("Losers' hands", "输家手牌", "each loser's last hand, to count its total",
                    "每个输家最后的手牌，用来算胡数"),
    "wildcard_win": ("Won with the wildcard", "百搭和", "the winning tile is a wildcard (baida) the winner drew",
                     "和牌张是自己摸到的百搭"),
    "already_won": ("Seats that already won", "已和的座位", "seats that won earlier in this hand and left play; they "
                    "pay nothing", "本局先前已和牌离场的座位；他们不付钱"),
    "kong_from": ("Kong claimed from", "杠的来源", "for a win on a melded kong's replacement tile: the seat whose "
                  "discard was konged", "杠上开花时，被杠的那张牌是谁打的"),
    "declared_ready": ("Declared ready", "报听", "the winner had declared ready", "和牌者已报听"),
    "haidi": ("Last-tile fishing", "海底捞月", "the win is the last-tile fishing after the wall ran out (self-drawn)",
              "牌摸完后的海底捞月（自摸）"),
    "kou_ting": ("Ready from the start", "扣听", "declared ready on the dealer's first discard and never changed",
                 "庄家打第一张时就报听，以后不换牌"),
    "ya": ("Press (ya)", "押", "the press of this win, 2 to 8, or 0 for none; left out, it follows from the hand",
           "本次和牌的押：2 到 8，0 为没有；不填则按手牌推算"),
    "bird_seats": ("Birds on each seat", "扎鸟", "the birds on each seat, counted from the winner (1/5/9 the winner, "
                   "2/6 the next seat, 3/7 opposite, 4/8 the seat before)", "每家中的鸟数，从和牌者数起（159 和牌者，"
                   "26 下家，37 对家，48 上家）"),
    "birds": ("Birds that hit", "中鸟数", "how many of the birds turned up after the win hit", "和牌后抓的鸟中了几只"),
}

#: unit code -> (English, Chinese)
UNITS: dict[str, tuple[str, str]] = {
    "fan": ("fan", "番"),
    "hu": ("hu", "胡"),
    "tai": ("tai", "台"),
    "pt": ("points", "分"),
    "x": ("times", "倍"),
    "cap": ("cap", "辣子"),
}

#: the command line's help, key -> (English, Chinese): the description, every command's and option's help and
#: argparse's own headings.  A parser is built with :func:`help_text` (English) and each text is swapped for its
#: Chinese when the help is shown in Chinese, so every text is written here once, with its Chinese beside it.
HELP: dict[str, tuple[str, str]] = {
    # argparse's own words
    "usage": ("usage: ", "用法："),
    "positionals": ("positional arguments", "位置参数"),
    "optionals": ("options", "选项"),
    "-h": ("show this help message and exit", "显示此帮助并退出"),
    "--version": ("show the version and exit", "显示版本号并退出"),
    "metavar.command": ("COMMAND", "命令"),
    "metavar.name=value": ("NAME=VALUE", "名称=值"),
    "metavar.path": ("PATH", "路径"),
    "metavar.file": ("FILE", "文件"),
    "metavar.hand": ("hand", "手牌"),
    "metavar.name": ("name", "规则名"),
    # mahjong
    "description": ("Chinese mahjong rules engine (mjcore): analyze and score hands under Guobiao and regional "
                    "rule sets.", "中国麻将规则引擎（mjcore）：按国标和各地规则分析、计分。"),
    "--lang": ("language of the text output: en or zh (default: from LANG)",
               "文字输出的语言：en（英文）或 zh（中文）（默认按 LANG 环境变量）"),
    "--json": ("print JSON for programs (keys and tile codes never change with --lang or --style)",
               "输出供程序读取的 JSON（键名和牌的代码不随 --lang、--style 改变）"),
    "--style": ("how tiles are written in the text output (default: ascii, or chinese under --lang zh)",
                "文字输出中牌的写法（默认：ascii；--lang zh 时为 chinese，即中文牌名）"),
    # analyze
    "analyze": ("shanten, waits and best discards of a hand", "手牌的向听数、听牌和最佳打法"),
    "analyze.hand": ('hand notation, e.g. "123m456p789s1122z" (melds in [ ] are exposed and their tiles are not '
                     'left to draw)', '手牌写法，例如 "123m456p789s1122z"（[ ] 中为副露，其牌不再计入可摸的牌）'),
    "analyze.--rules": ("use a rule set's winning shapes (any name `mahjong rules` lists, e.g. 四川)",
                        "按某个规则的和牌牌型（`mahjong rules` 列出的任一名称，例如 四川）"),
    "analyze.--shapes": ("plain shape sets instead of a rule set (default: regular + seven pairs + thirteen orphans)",
                         "不用规则，只用这些牌型（默认：一般型 + 七对 + 十三幺）"),
    "analyze.--wildcards": ("wildcards held in addition to the tiles written", "除写出的牌之外另有的百搭张数"),
    "analyze.--wildcard-tile": ("tile kind(s) in the hand that are wildcards, e.g. 5m", "手牌中作百搭的牌，例如 5m"),
    "analyze.--visible": ("tiles seen elsewhere (discards, others' melds), to count copies left",
                          "别处已见的牌（弃牌、他家副露），用于计算剩余张数"),
    "analyze.--top": ("how many discards to show (0-34, default 5)", "显示几种打法（0-34，默认 5）"),
    # score
    "score": ("score a winning hand, or what each winning tile of a waiting hand is worth",
              "为和牌计分，或列出听牌时每张和牌张的分值"),
    "score.hand": ('a complete hand, e.g. "[123m,1]456m789m123p5s5s" (the winning tile is the last written unless '
                   '--win-tile), or a waiting hand one tile short',
                   '和牌的手牌，例如 "[123m,1]456m789m123p5s5s"（未给 --win-tile 时最后写的牌为和牌张），'
                   '或少一张的听牌手牌'),
    "score.--rules": ("rule set (default guobiao; see `mahjong rules`; e.g. sichuan, nanchang, 国标)",
                      "规则（默认 国标；见 `mahjong rules`；例如 四川 南昌）"),
    "score.--win-tile": ("the winning tile (default: the last concealed tile written)",
                         "和牌张（默认：最后写的一张手牌）"),
    "score.--self-drawn": ("自摸: won on one's own draw (the default when no --discarder is given)",
                           "自摸：和自己摸到的牌（未给 --discarder 时默认如此）"),
    "score.--discarder": ("who discarded the winning tile: seat 0-3, a wind (E S W N / 东 南 西 北, counted from "
                          "the dealer) or 上家 / 对家 / 下家",
                          "谁打出了和牌张：座位 0-3、风位（E S W N / 东 南 西 北，从庄家数起）或 上家 / 对家 / 下家"),
    "score.--winner": ("winning seat 0-3 (default 0)", "和牌者的座位 0-3（默认 0）"),
    "score.--dealer": ("dealer seat 0-3 (default 0)", "庄家的座位 0-3（默认 0）"),
    "score.--seat-wind": ("the winner's seat wind E S W N / 东 南 西 北 (default: from the seats)",
                          "和牌者的门风 E S W N / 东 南 西 北（默认按座位推算）"),
    "score.--prevalent-wind": ("the round's wind E S W N / 东 南 西 北 (default E)",
                               "圈风 E S W N / 东 南 西 北（默认 东）"),
    "score.--last-tile": ("和绝张: the last unseen copy", "和绝张：和场上最后一张未见的牌"),
    "score.--last-wall-tile": ("海底 / 妙手回春: on the wall's last tile", "海底 / 妙手回春：和牌墙的最后一张"),
    "score.--kong-replacement": ("杠上开花: on a kong's replacement tile", "杠上开花：和杠后补摸的牌"),
    "score.--robbing-kong": ("抢杠和: on a tile added to a kong", "抢杠和：和别家补杠的牌"),
    "score.--after-kong-discard": ("杠上炮: on a discard right after a kong", "杠上炮：和别家杠后打出的牌"),
    "score.--heavenly": ("天和: the dealer wins on the deal", "天和：庄家起手即和"),
    "score.--earthly": ("地和: a win on the first round", "地和：第一巡内和牌"),
    "score.--indicator": ("Nanchang: the flipped indicator tile (翻精), e.g. 5m", "南昌：翻出的精牌（翻精），例如 5m"),
    "score.--jing-held": ('Nanchang: other seats\' 精 as "SEAT=正精,副精 …", e.g. "1=1,0 2=0,2"',
                          '南昌：其他座位的精，写作 "座位=正精,副精 …"，例如 "1=1,0 2=0,2"'),
    "score.--caishen": ("Yuhuan: the 财神 tile, e.g. C", "玉环：财神牌，例如 C"),
    "score.--option": ("a rule-set option (see `mahjong rules NAME`); repeatable",
                       "规则选项（见 `mahjong rules 规则名`）；可重复"),
    "score.--context": ("any win fact of the rule set (see `mahjong rules NAME`); repeatable",
                        "规则的任一和牌条件（见 `mahjong rules 规则名`）；可重复"),
    # fans, rules, settle
    "fans": ("a rule set's whole fan / hu table: names, values, exclusions",
             "规则的完整番种 / 胡数表：名称、分值、不计"),
    "fans.--rules": ("rule set (default guobiao)", "规则（默认 国标）"),
    "rules": ("list the rule-set presets, or one preset's options and win facts",
              "列出所有规则，或某个规则的选项与和牌条件"),
    "rules.name": ("a rule set's name (any spelling it lists), or a rule file (FILE.toml) to show it the same way",
                   "规则名（其列出的任一写法），或规则文件（FILE.toml），以同样方式显示"),
    "settle": ("settle a whole hand's event record (JSON; see the README)",
               "结算一手牌的完整事件记录（JSON；见 README）"),
    "settle.--schema": ("print the JSON Schema of a hand record (the format settle reads)",
                        "输出手牌记录（settle 读取的格式）的 JSON Schema"),
    "settle.record": ("the JSON record of a hand; or directories / JSON-lines game logs to settle in bulk",
                      "一手牌的 JSON 记录；或成批结算的目录 / JSON-lines 对局日志"),
    "--workers": ("run in K seeded shards in parallel (local processes, or Ray tasks with --ray); the totals are "
                  "the same for any K (default 1: this process)",
                  "分成 K 个带种子的分片并行运行（本机进程，或加 --ray 用 Ray 任务）；结果与 K 无关（默认 1：本进程）"),
    "--ray": ("run the shards on Ray: alone, start a local Ray cluster; with HOST:PORT (or ray://HOST:PORT, auto), "
              "use that running cluster (needs pip install 'mjcore[ray]')",
              "在 Ray 上运行分片：单独写时启动本机 Ray 集群；写 HOST:PORT（或 ray://HOST:PORT、auto）时使用该集群"
              "（需 pip install 'mjcore[ray]'）"),
    # rule files
    "rules.--schema": ("print the JSON Schema of a rule file", "输出规则文件的 JSON Schema"),
    "rules.--check": ("check a rule file: each problem with its line and key (exit status 1 if any)",
                      "检查规则文件：逐条列出问题及其行号和键名（有问题时退出码为 1）"),
    "rules.--predicates": ("list the names a rule file's conditions may use (predicates, counts, win facts …), each "
                           "with its meaning", "列出规则文件的条件可用的名字（判定、计数、和牌条件等）及其含义"),
    "--rules-file": ("a rule file (TOML; see `mahjong rules --schema`) instead of --rules NAME",
                     "用规则文件（TOML；见 `mahjong rules --schema`）代替 --rules 规则名"),
    # serve
    "serve": ("start the web calculator (a local page and its JSON API)", "启动网页计算器（本机网页及其 JSON API）"),
    "serve.description": ("Start the web calculator: one page that scores and analyses hands for every rule set, "
                          "with its JSON API under /api/.",
                          "启动网页计算器：一个按各种规则计分、分析手牌的网页，JSON API 在 /api/ 下。"),
    "serve.--port": ("TCP port to listen on (default 8000; 0 = any free port)",
                     "监听的 TCP 端口（默认 8000；0 表示任一空闲端口）"),
    "serve.--host": ("address to bind (default 127.0.0.1: only this machine can reach the page)",
                     "绑定的地址（默认 127.0.0.1：只有本机能打开网页）"),
    "serve.--open": ("open the page in the default web browser", "用默认浏览器打开网页"),
    "serve.--request-timeout": ("seconds a client has to send a whole request before its connection is closed "
                                "(default 10)",
                                "客户端发送一个完整请求的时限（秒），超时即关闭连接（默认 10）"),
    # verify (tables' match logs)
    "verify": ("check a table's match log: each hand dealt again from its revealed seed and replayed",
               "核对牌桌的对局记录：按公布的种子重新发牌并重放每一局"),
    "verify.description": ("Check a match log of `mahjong serve`'s tables (GET /api/tables/ID/log) or of "
                           "mahjong.table.Table.log(): each hand's commitment against its revealed seed, the deal "
                           "made again from the seed, every event replayed. Exit status 1 if a hand fails.",
                           "核对 `mahjong serve` 牌桌（GET /api/tables/ID/log）或 mahjong.table.Table.log() 的"
                           "对局记录：每局开局前的承诺与公布的种子是否相符，按种子重新发牌，逐个事件重放。"
                           "有一局不符时退出码为 1。"),
    "verify.log": ("the match log (JSON lines)", "对局记录（JSON lines）"),
    # simulate, play
    "simulate": ("play many hands with built-in agents and print statistics", "让内置 AI 打多手牌并输出统计"),
    "play": ("play a hand in the terminal against the built-in agents", "在终端与内置 AI 打一手牌"),
    "game.--rules": ("rule-set preset (default guobiao; see `mahjong rules`)", "规则（默认 国标；见 `mahjong rules`）"),
    "simulate.--hands": ("how many hands (default 100)", "打几手牌（默认 100）"),
    "simulate.--seed": ("seed of the walls (default 0); same seed = same hands",
                        "牌墙的种子（默认 0）；种子相同则牌局相同"),
    "simulate.--agent": ("the agent at every seat (default greedy: it wins when it can, discards to stay closest to a "
                         "win with the most useful tiles, claims a meld that brings it closer; random: any legal "
                         "action; first: the first one)",
                         "每个座位的 AI（默认 greedy：能和就和，打出后离和牌最近、进张最多的牌，能更接近和牌才吃碰杠；"
                         "random：随机选合法动作；first：总选第一个）"),
    "game.--option": ("rule-set or flow option", "规则或流程选项"),
    "simulate.--log": ("also write every hand's events as JSON lines to FILE",
                       "同时把每手牌的事件以 JSON lines 写入文件"),
    "simulate.--no-progress": ("no progress bar on stderr (by default one shows the rate and the time left)",
                               "不在 stderr 显示进度条（默认显示速度和剩余时间）"),
    "simulate.--json": ("statistics as JSON", "以 JSON 输出统计"),
    "play.--seed": ("seed of the wall (default 0)", "牌墙的种子（默认 0）"),
    "play.--seat": ("your seat (default 0, the dealer)", "你的座位（默认 0，即庄家）"),
    # arena
    "arena": ("bots play Botzone's Chinese Standard Mahjong game (or built-in agents any rule set), judged "
              "as on Botzone", "让 Bot 按 Botzone 国标麻将的规则与裁判对战（内置 AI 可打任何规则）"),
    "arena.description": (
        "Play Botzone's Chinese Standard Mahjong game locally: each --bot is a program run as Botzone runs bots "
        "(JSON or simple interaction, a fresh process each turn or kept running) or a built-in agent's name. The "
        "judge's penalties end a hand (offender -30, each other player +10): WA a wrong answer, WH a false win, "
        "TLE no answer in time, RE a crash, OLE too much output, NJ output that is not JSON.",
        "在本机进行 Botzone 国标麻将对战：每个 --bot 是一个程序（按 Botzone 运行 Bot 的方式运行：JSON 或简单交互，"
        "每回合新启动或长时运行），或内置 AI 的名字。裁判的判罚结束该局（犯规者 -30，其他每家 +10）：WA 回应不合规则，"
        "WH 错和，TLE 超时，RE 运行出错，OLE 输出过多，NJ 输出不是 JSON。"),
    "arena.--rules": ("guobiao (default: Botzone's game, programs allowed) or another rule set for built-in agents",
                      "guobiao（默认：Botzone 的国标麻将，可用程序）或其他规则（仅内置 AI）"),
    "arena.--bot": ("a seat's player, once per seat: a built-in agent (random, greedy, ...) or a command line; "
                    "simple:CMD for the simple interaction, json:CMD (the default) for JSON",
                    "一个座位的选手，每个座位一次：内置 AI（random、greedy 等）或命令行；simple:命令 表示简单交互，"
                    "json:命令（默认）表示 JSON 交互"),
    "arena.--hands": ("how many walls (default 16); --duplicate plays each once from every seat",
                      "几副牌墙（默认 16）；--duplicate 时每副牌墙每个座位各打一次"),
    "arena.--duplicate": ("duplicate play: every wall played from every seat", "复式：每副牌墙每个座位各打一次"),
    "arena.--time-limit": ("seconds a program has for each answer (default 1)", "程序每次回应的时限（秒，默认 1）"),
    "arena.--logs": ("write each game's match log into DIR", "把每局的对局记录写入目录"),
    "arena.--json": ("results as JSON", "以 JSON 输出结果"),
    "metavar.bot": ("BOT", "选手"),
    "metavar.seconds": ("SECONDS", "秒数"),
    "metavar.dir": ("DIR", "目录"),
    "play.--opponents": ("the other seats' agents (default greedy; see simulate --agent)",
                         "其他座位的 AI（默认 greedy；见 simulate --agent）"),
    # dataset (mahjong.rl.dataset)
    "dataset": ("training rows (observations, masks, actions, results) from recorded games, legal-checked",
                "从对局记录生成训练数据（观察、合法动作、动作、结果），逐步检查合法性"),
    "dataset.files": ("game logs (.jsonl), Botzone records and match logs (.json), PMN records (.pmn), or "
                      "directories of them", "对局日志（.jsonl）、Botzone 对局记录和对局日志（.json）、PMN 记录"
                      "（.pmn），或存放它们的目录"),
    "dataset.-o": ("the .npz file to write", "要写入的 .npz 文件"),
    "dataset.--json": ("the summary as JSON", "以 JSON 输出摘要"),
    # zh (round 5): the metavars of simulate, play and the scale-out options (English: argparse's own)
    "metavar.address": ("ADDRESS", "地址"),
    "metavar.rules": ("RULES", "规则名"),
    "metavar.hands": ("HANDS", "局数"),
    "metavar.seed": ("SEED", "种子"),
    "metavar.seat": ("SEAT", "座位"),
    "metavar.lang": ("LANG", "语言"),
    "metavar.files": ("FILES", "文件"),
    "metavar.out": ("OUT.npz", "输出.npz"),
}


class HelpText(str):
    """A help text in English that knows its row in :data:`HELP` (so the parser can show it in Chinese)."""

    key: str


def help_text(key: str) -> HelpText:
    """The English help of row ``key``, carrying the key."""
    out = HelpText(HELP[key][0])
    out.key = key
    return out


def help_in(value: object, lang: str) -> object:
    """A help text (or metavar) in ``lang``: a :class:`HelpText` becomes its row's Chinese; anything else stays."""
    if lang == "zh" and isinstance(value, HelpText):
        return HELP[value.key][1]
    return value


_WINDS = {"en": ("East", "South", "West", "North"), "zh": ("东", "南", "西", "北")}


def language(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``"zh"`` or ``"en"``: the ``--lang`` flag if given, else the locale environment."""
    if flag:
        low = flag.strip().lower()
        if low.startswith("zh") or flag.strip() in ("中文", "汉语", "中"):
            return "zh"
        return "en"
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def text(key: str, lang: str = "en", **values: object) -> str:
    """The row ``key`` in ``lang`` with its fields filled."""
    en, zh = MESSAGES[key]
    return (zh if lang == "zh" else en).format(**values)


_LINE_NOTE_PATTERNS: list[tuple[re.Pattern[str], str]] = []


def line_note(note: str, lang: str = "en") -> str | None:
    """A settlement line's recorded note (``"seat 1 胡 (点炮)"``) in ``lang`` (``"1 号座位和牌（点炮）"``), or
    ``None`` when it is none of :data:`LINE_NOTES` (a rule file's own name for a line, shown as it is)."""
    if not _LINE_NOTE_PATTERNS:
        for recorded, key in LINE_NOTES.items():
            regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(recorded))  # a field: a seat, an amount
            _LINE_NOTE_PATTERNS.append((re.compile(regex), key))
    for pattern, key in _LINE_NOTE_PATTERNS:
        m = pattern.fullmatch(note)
        if m is not None:
            return text(key, lang, **m.groupdict())
    return None


def unit(code: str, lang: str = "en") -> str:
    """A unit's name (``"fan"`` → ``"番"`` in Chinese); unknown codes are returned as they are."""
    names = UNITS.get(code)
    return code if names is None else names[1 if lang == "zh" else 0]


def wind(index: int, lang: str = "en") -> str:
    return _WINDS["zh" if lang == "zh" else "en"][index % 4]


def name(row: Mapping[str, object], lang: str = "en", zh_key: str = "name_zh", en_key: str = "name_en") -> str:
    """A row's name in one language (falls back to the other when the row has only one)."""
    zh, en = str(row.get(zh_key) or ""), str(row.get(en_key) or "")
    return (zh or en) if lang == "zh" else (en or zh)
