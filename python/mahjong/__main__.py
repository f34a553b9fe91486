"""``python -m mahjong``: the same command as ``mahjong``."""

from mahjong.cli import main

raise SystemExit(main())
