"""``mahjong verify LOG``: check a table's match log against the commitments it published before each hand.

Registered into the ``mahjong`` command by :func:`add_commands`.  Exit status 0 when every hand verifies (its
commitment matches the revealed seed and nonce, the deal made again from the seed and every event replayed), 1 when
one does not (the first problem is printed), 2 when the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mahjong import i18n
from mahjong.errors import ContextError, MahjongError
from mahjong.i18n import help_text

__all__ = ["add_commands", "run_verify"]


class VerifyError(MahjongError):
    """A log that cannot be read (missing, a directory, too large)."""


def add_commands(sub: Any) -> None:
    """Add ``verify`` to the ``mahjong`` command's subparsers."""
    v = sub.add_parser("verify", help=help_text("verify"), description=help_text("verify.description"))
    v.add_argument("log", metavar=help_text("metavar.path"), help=help_text("verify.log"))
    v.add_argument("--json", action="store_true", help=help_text("--json"))
    v.add_argument("--lang", default=argparse.SUPPRESS, metavar=help_text("metavar.lang"), help=help_text("--lang"))
    v.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    from mahjong.game.log import MAX_LOG_BYTES
    from mahjong.table.shuffle import verify_log

    lang = i18n.language(getattr(args, "lang", None))
    path = Path(args.log)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_LOG_BYTES + 1)
    except OSError as e:
        raise VerifyError(f"cannot read {args.log}: {e.strerror}") from None
    try:
        checked = verify_log(data)
    except ContextError as e:
        if args.json:
            print(json.dumps({"ok": False, "error": {"code": e.code, "message": e.message(lang),
                                                     "message_en": str(e), "message_zh": e.message_zh}},
                             ensure_ascii=False, indent=2))
        else:
            print(i18n.text("verify.failed", lang, path=args.log, error=e.message(lang)), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(checked.to_dict(), ensure_ascii=False, indent=2))
        return 0
    for h in checked.hands:
        print(i18n.text("verify.hand", lang, hand=h.hand, commitment=h.commitment[:16], seed=h.seed,
                        events=h.events))
    print(i18n.text("verify.ok", lang, path=args.log, hands=len(checked.hands), table=checked.table,
                    rules=checked.rules, scores=", ".join(str(s) for s in checked.scores)))
    return 0
