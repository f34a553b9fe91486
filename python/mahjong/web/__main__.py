"""``python -m mahjong.web [--port N] [--host H] [--open]``: the same as ``mahjong serve``."""

from __future__ import annotations

import argparse
import sys

from mahjong.web.cli import add_commands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mahjong.web")
    sub = parser.add_subparsers(dest="command")
    add_commands(sub)
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    return int(args.run(args))


if __name__ == "__main__":
    raise SystemExit(main())
