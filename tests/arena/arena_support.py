"""Bots the arena tests write and run: a Python program speaking Botzone's Chinese Standard Mahjong protocol
(either interaction, a fresh process each turn or kept running) that plays every drawn tile at once and passes
on everything else (always legal), told by its command line to misbehave from a given turn on; and the same
player in C, compiled where a compiler exists."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

# The program: python3 bot.py MODE KEEP [ACT@TURN ...]; MODE json | simple, KEEP keep | fresh.  Its debug output
# (JSON) tells the tests what it was given: its pid, the turn, the history's length, its data.  Acts, ACT@TURN
# or ACT@TURN:SEAT (from that turn on, turns counting from 1; only when sitting at that seat): crash (exit 3),
# crashlate (answer, then exit 1), hang, garbage, flood, child (start a process that sleeps, write its pid to the
# file named by the BOT_CHILD_FILE environment variable, then hang), hu (declare a win on its next draw), badtile
# (play a tile name that does not exist), peng (claim every discard as a pung), quit (exit after answering, even
# when kept running).
BOT_SOURCE = r'''
import json, os, subprocess, sys, time

MODE, KEEP = sys.argv[1], sys.argv[2] == "keep"
ACTS = {}
for arg in sys.argv[3:]:
    act, _, when = arg.partition("@")
    turn, _, seat = when.partition(":")
    ACTS[act] = (int(turn or 1), int(seat) if seat else None)
DATA = ""
SEAT = None


def due(act, turn):
    return act in ACTS and turn >= ACTS[act][0] and ACTS[act][1] in (None, SEAT)


def decide(request, turn):
    words = request.split()
    if due("hang", turn) or due("child", turn):
        if due("child", turn):
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            with open(os.environ["BOT_CHILD_FILE"], "w") as f:
                f.write(str(child.pid))
        time.sleep(600)
    if due("crash", turn):
        sys.exit(3)
    if due("flood", turn):
        while True:
            sys.stdout.write("x" * 65536)
    if due("garbage", turn):
        return "this is not a move"
    if words[0] == "2":
        if due("hu", turn):
            return "HU"
        if due("badtile", turn):
            return "PLAY Z9"
        return "PLAY " + words[1]
    if due("peng", turn) and words[0] == "3" and words[2] == "PLAY":
        return "PENG " + words[3]
    return "PASS"


def answer(requests, responses, data):
    global DATA, SEAT
    first = requests[0].split()
    SEAT = int(first[1]) if first[0] == "0" else None  # (request 0: "0 seat round-wind")
    turn = len(requests)
    response = decide(requests[-1], turn)
    DATA = "turn %d" % turn
    debug = json.dumps({"pid": os.getpid(), "turn": turn, "responses": len(responses), "data": data,
                        "request": requests[-1]})
    if response == "this is not a move" and MODE == "json":
        print("{not json")
    elif MODE == "json":
        print(json.dumps({"response": response, "debug": debug, "data": DATA}))
    else:
        print(response)
        print(debug)
        print(DATA)
    if due("crashlate", turn):
        sys.stdout.flush()
        sys.exit(1)
    if KEEP and not due("quit", turn):
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<")
    sys.stdout.flush()
    if due("quit", turn):
        sys.exit(0)


def read_full():
    if MODE == "json":
        obj = json.loads(sys.stdin.readline())
        return obj["requests"], obj["responses"], obj.get("data")
    n = int(sys.stdin.readline())
    requests, responses = [], []
    for i in range(n):
        requests.append(sys.stdin.readline().rstrip("\n"))
        if i < n - 1:
            responses.append(sys.stdin.readline().rstrip("\n"))
    data = sys.stdin.readline().rstrip("\n")
    sys.stdin.readline()  # the global data (one line here)
    return requests, responses, data


requests, responses, data = read_full()
answer(requests, responses, data)
while KEEP:
    line = sys.stdin.readline()
    if not line:
        break
    requests.append(json.loads(line) if MODE == "json" else line.rstrip("\n"))
    answer(requests, responses, None)
'''

# The same player in C (simple interaction, a fresh process each turn): it reads the turn number and the
# messages, and answers the last request.
C_SOURCE = r'''
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[4096], last[4096] = "";
    int n = 0, i;
    if (!fgets(line, sizeof line, stdin) || sscanf(line, "%d", &n) != 1) return 2;
    for (i = 0; i < 2 * n - 1; i++) {
        if (!fgets(line, sizeof line, stdin)) return 2;
        if (i == 2 * n - 2) strcpy(last, line);
    }
    char tile[16];
    if (last[0] == '2' && sscanf(last, "2 %15s", tile) == 1) printf("PLAY %s\n", tile);
    else printf("PASS\n");
    return 0;
}
'''


def write_bot(folder: Path) -> Path:
    path = folder / "bot.py"
    path.write_text(BOT_SOURCE, encoding="utf-8")
    return path


def bot_argv(path: Path, mode: str = "json", keep: bool = False, *acts: str) -> list[str]:
    return [sys.executable, "-S", str(path), mode, "keep" if keep else "fresh", *acts]


def bot_command(path: Path, mode: str = "json", keep: bool = False, *acts: str) -> str:
    """The ``--bot`` text of the Python bot (``simple:`` for the simple interaction)."""
    import shlex

    command = " ".join(shlex.quote(a) for a in bot_argv(path, mode, keep, *acts))
    return f"simple:{command}" if mode == "simple" else command


def compile_c_bot(folder: Path) -> Path | None:
    """The C bot compiled into ``folder``, or None where no C compiler is found."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    src = folder / "bot.c"
    src.write_text(C_SOURCE, encoding="utf-8")
    exe = folder / "cbot"
    subprocess.run([cc, "-O1", "-o", str(exe), str(src)], check=True, capture_output=True, timeout=120)
    return exe


def debug_of(reply: Any) -> dict[str, Any]:
    assert reply.debug is not None, reply
    out: dict[str, Any] = json.loads(reply.debug)
    return out
