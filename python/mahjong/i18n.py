"""The words of the command line in English and Chinese: every label, heading, message and unit, one row each.

``text(key, lang, **values)`` gives a row in a language; :func:`language` picks the language from a ``--lang``
value or, failing that, the ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG`` environment (``zh_CN.UTF-8`` → Chinese).
Only what people read is translated: JSON keys, tile codes and rule keys are the same in both languages.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["LANGUAGES", "MESSAGES", "UNITS", "language", "text", "unit", "name"]

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
    "detail.flower_pigs": ("flower pigs (three suits at the end)", "花猪"),
    "detail.ready": ("ready at the end", "流局时听牌"),
    "detail.best_possible": ("best possible value when ready", "听牌的最大番值"),
    "detail.won": ("seats that won", "已和牌的座位"),
    "detail.next_dealer": ("next dealer", "下一局庄家"),
    "detail.haidi_performer": ("who fishes the last tile", "海底捞月的玩家"),
    # errors
    "error": ("error", "错误"),
    "broken_pipe": ("output closed", "输出已关闭"),
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
