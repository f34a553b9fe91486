"""The README's command-line examples for the games written as rule files print what the README shows (each shown
line, its comment left out, is a line of the command's output)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _blocks() -> list[str]:
    """The README's plain fenced blocks (opened by a bare ```)."""
    blocks: list[str] = []
    current: list[str] | None = None
    fenced = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if fenced:
                if current is not None:
                    blocks.append("\n".join(current) + "\n")
                current, fenced = None, False
            else:
                current, fenced = ([] if line.strip() == "```" else None), True
        elif current is not None:
            current.append(line)
    return blocks


def _examples() -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for block in _blocks():
        for part in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, *shown = part.splitlines()
            if "sichuan-file" in command or "bird_seats" in command or command.startswith("mahjong simulate"):
                out.append((command, [re.sub(r"\s+#.*$", "", line).rstrip() for line in shown if line.strip()]))
    return out


def test_the_examples_print_what_the_readme_shows() -> None:
    examples = _examples()
    assert len(examples) == 4  # (the last two: the special events of 长沙 and 推倒胡 in simulated hands)
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    for command, shown in examples:
        argv = shlex.split(command)
        p = subprocess.run([sys.executable, "-m", "mahjong", *argv[1:]], capture_output=True, text=True, timeout=60,
                           env=env)
        assert p.returncode == 0, (command, p.stderr)
        printed = p.stdout.splitlines()
        for line in shown:
            assert line in printed, (command, line, p.stdout)


def test_every_fence_of_the_readme_closes_before_the_next_heading() -> None:
    """A fenced block left open swallows the prose and the headings after it (a merge once dropped a closing fence
    and the examples above went unread)."""
    fenced_at = 0
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fenced_at = 0 if fenced_at else number
        elif line.startswith("## ") and fenced_at:
            raise AssertionError(f"README line {number}: a heading inside the block opened at line {fenced_at}")
    assert fenced_at == 0, f"the block opened at README line {fenced_at} never closes"
