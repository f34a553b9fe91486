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
           "wind", "LINE_NOTES", "line_note"]

LANGUAGES = ("en", "zh")

#: key -> (English, Chinese); ``{name}`` fields are filled by :func:`text`
MESSAGES: dict[str, tuple[str, str]] = {
    # analyze
    "hand": ("hand", "手牌"),
    "hand_size": ("{tiles} tiles, {melds} melds, {wildcards} wildcards",
                  "{tiles} 张，{melds} 副副露，{wildcards} 张百搭"),
    "shapes": ("shapes of", "牌型规则"),
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
    "minimum_ok": ("minimum reached", "达到起和番数"),
    "minimum_not": ("minimum NOT reached — {reason}", "未达起和要求（诈和）——{reason}"),
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
    # rules / fans
    "options": ("options (--option name=value)", "选项（--option 名称=值）"),
    "context_fields": ("win facts (--context name=value)", "和牌条件（--context 名称=值）"),
    "flow_options": ("how a hand is played (Game options; --option of simulate / play)",
                     "对局玩法选项（Game 的 options；simulate / play 的 --option）"),
    "default": ("default", "默认"),
    "source": ("source", "出处"),
    "aliases": ("also", "别名"),
    "excludes": ("not counted with", "不计"),
    # settle
    "event": ("event {n}", "第 {n} 个事件"),
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
    # simulate
    "sim.hands": ("hands", "局"),
    "sim.head": ("rule set {rules}: {hands} hands, agents '{agent}', seed {seed}",
                 "规则 {rules}：{hands} 局，AI '{agent}'，种子 {seed}"),
    "sim.rates": ("  win rate {win}   draw rate {draw}   self-drawn {self} of {wins} wins",
                  "  和牌率 {win}   流局率 {draw}   {wins} 次和牌中自摸占 {self}"),
    "sim.points": ("  winner's points: mean {mean}  min {min}  p25 {p25}  median {median}  p75 {p75}  max {max}",
                   "  赢家得分：平均 {mean}  最低 {min}  四分之一位 {p25}  中位数 {median}  四分之三位 {p75}  "
                   "最高 {max}"),
    "sim.special": ("  special events: {events}", "  特殊事件：{events}"),
    "sim.patterns": ("  patterns (name, key, count, per win):", "  番种 / 牌型（名称、键名、次数、每次和牌的频率）："),
    # verify
    "verify.hand": ("hand {hand}: commitment {commitment}… matches seed {seed}; {events} events replayed",
                    "第 {hand} 局：承诺 {commitment}… 与种子 {seed} 相符；{events} 个事件重放无误"),
    "verify.ok": ("{path}: verified — {hands} hand(s) of table {table} ({rules}); scores {scores}",
                  "{path}：核对无误——牌桌 {table}（{rules}）共 {hands} 局；得分 {scores}"),
    "verify.failed": ("{path}: NOT verified — {error}", "{path}：核对不通过——{error}"),
    "sim.speed": ("  {rate} hands/s ({seconds} s)", "  每秒 {rate} 局（用时 {seconds} 秒）"),
    # play
    "play.intro": ("{rules}: you play seat {seat}. Type an action's number, or its words (discard 3m, pung, "
                   "win, pass), or a tile to discard it (3m); h lists the actions again, q quits.",
                   "{rules}：你坐 {seat} 号座位。输入动作的编号，或动作本身（打 3m、碰、和、过），或直接输入要打的牌"
                   "（3m）；h 重新列出可选动作，q 退出。"),
    "play.status": ("-- {live} tiles left; dealer seat {dealer}; you are seat {seat} ({wind}); round wind "
                    "{prevalent}",
                    "-- 牌墙剩 {live} 张；庄家 {dealer} 号座位；你是 {seat} 号座位（{wind}）；圈风 {prevalent}"),
    "play.seat_line": ("seat {seat}{marks}: melds {melds}  flowers {bonus}  discards {river}",
                       "{seat} 号座位{marks}：副露 {melds}  花牌 {bonus}  弃牌 {river}"),
    "play.you": (" (you)", "（你）"),
    "play.ready": (" (ready)", "（已报听）"),
    "play.won": (" (won)", "（已和牌）"),
    "play.concealed_kong": ("[concealed kong]", "[暗杠]"),
    "play.wildcards": ("wildcards: {tiles}", "百搭：{tiles}"),
    "play.on_offer": ("seat {seat} discarded {tile}", "{seat} 号座位打出 {tile}"),
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
    "play.win": ("seat {seat} wins {how}: {hand}", "{seat} 号座位和牌（{how}）：{hand}"),
    "play.self_drawn": ("self-drawn", "自摸"),
    "play.on_discard": ("on seat {seat}'s discard", "{seat} 号座位放炮"),
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
    "--style": ("how tiles are written in the text output (default ascii)",
                "文字输出中牌的写法（默认 ascii）"),
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
    "score.--rules": ("rule set (see `mahjong rules`; e.g. 国标 四川 南昌)",
                      "规则（见 `mahjong rules`；例如 国标 四川 南昌）"),
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
    "rules.name": ("a rule set's name (any spelling it lists)", "规则名（其列出的任一写法）"),
    "settle": ("settle a whole hand's event record (JSON; see the README)",
               "结算一手牌的完整事件记录（JSON；见 README）"),
    "settle.record": ("the JSON record of a hand; or directories / JSON-lines game logs to settle in bulk",
                      "一手牌的 JSON 记录；或成批结算的目录 / JSON-lines 对局日志"),
    "--workers": ("run in K seeded shards in parallel (local processes, or Ray tasks with --ray); the totals are "
                  "the same for any K", "分成 K 个带种子的分片并行运行（本机进程，或加 --ray 用 Ray 任务）；"
                  "结果与 K 无关"),
    "--ray": ("run the shards on Ray: alone, start a local Ray cluster; with HOST:PORT (or ray://HOST:PORT, auto), "
              "use that running cluster (needs pip install 'mjcore[ray]')",
              "在 Ray 上运行分片：单独写时启动本机 Ray 集群；写 HOST:PORT（或 ray://HOST:PORT、auto）时使用该集群"
              "（需 pip install 'mjcore[ray]'）"),
    # rule files
    "rules.--schema": ("print the JSON Schema of a rule file", "输出规则文件的 JSON Schema"),
    "rules.--check": ("check a rule file: each problem with its line and key (exit status 1 if any)",
                      "检查规则文件：逐条列出问题及其行号和键名（有问题时退出码为 1）"),
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
    "game.--rules": ("rule-set preset (see `mahjong rules`)", "规则（见 `mahjong rules`）"),
    "simulate.--hands": ("how many hands (default 100)", "打几手牌（默认 100）"),
    "simulate.--seed": ("seed of the walls (default 0); same seed = same hands",
                        "牌墙的种子（默认 0）；种子相同则牌局相同"),
    "simulate.--agent": ("the agents at every seat", "每个座位的 AI"),
    "game.--option": ("rule-set or flow option", "规则或流程选项"),
    "simulate.--log": ("also write every hand's events as JSON lines to FILE",
                       "同时把每手牌的事件以 JSON lines 写入文件"),
    "simulate.--no-progress": ("no progress bar on stderr", "不在 stderr 显示进度条"),
    "simulate.--json": ("statistics as JSON", "以 JSON 输出统计"),
    "play.--seed": ("seed of the wall (default 0)", "牌墙的种子（默认 0）"),
    "play.--seat": ("your seat (default 0, the dealer)", "你的座位（默认 0，即庄家）"),
    "play.--opponents": ("the other seats' agents", "其他座位的 AI"),
    # zh (round 5): the metavars of simulate, play and the scale-out options (English: argparse's own)
    "metavar.address": ("ADDRESS", "地址"),
    "metavar.rules": ("RULES", "规则名"),
    "metavar.hands": ("HANDS", "局数"),
    "metavar.seed": ("SEED", "种子"),
    "metavar.seat": ("SEAT", "座位"),
    "metavar.lang": ("LANG", "语言"),
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
