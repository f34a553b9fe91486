import sys

from mahjong.scale.cli import main

sys.exit(main())
