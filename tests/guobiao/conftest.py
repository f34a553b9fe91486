"""Make the Guobiao test helper (gb_support.py, next to this file) importable under --import-mode=importlib."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# These files compare with pymahjonggb (MahjongGB) or draw their hands from the generator that checks them on it.
# Where that reference cannot be installed (the wheel matrix, MAHJONG_TEST_REFERENCES_OPTIONAL=1; see
# tests/conftest.py) they are not collected.  The rest run everywhere: the API tests, the canonical hand per fan
# and the seed examples (their reference-data checks are marked needs_reference), and the corpus tests (the
# compiled-vs-Python twin, the batch, the reference's answers recorded in gb_corpus.tsv).
try:
    import MahjongGB  # noqa: F401
except ImportError:
    if os.environ.get("MAHJONG_TEST_REFERENCES_OPTIONAL") != "1":
        raise
    collect_ignore_glob = ["test_gb_differential.py", "test_gb_properties.py", "test_gb_seed_also_counted.py"]
