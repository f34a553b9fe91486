"""Print the requirements of the named optional extras of pyproject.toml, one a line, without the project itself.

The CI legs install an extra's libraries into the venv that already holds the built package: installing
".[extra]" instead would build the extension a second time.  Usage: python .ci/extras.py web web-test
"""

import re
import sys

import tomllib

with open("pyproject.toml", "rb") as fh:
    extras = tomllib.load(fh)["project"]["optional-dependencies"]
for name in sys.argv[1:]:
    for req in extras[name]:
        if not re.match(r"mjcore\b", req):
            print(req)
