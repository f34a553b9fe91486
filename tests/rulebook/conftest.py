"""Make the rule-book tests' helpers (rb_support.py) importable, in the tree and when the tests are copied out."""

from __future__ import annotations

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
