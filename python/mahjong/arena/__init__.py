"""A local Botzone arena: bots play Botzone's Chinese Standard Mahjong game here as they do on Botzone.

    mahjong arena --rules guobiao --bot ./mybot --bot "python3 other.py" --bot greedy --bot greedy \\
                  --hands 100 --seed 1 --duplicate --time-limit 1 --logs matches/

Each ``--bot`` is a program, run as the Botzone platform runs bots (:mod:`mahjong.arena.bots`: the JSON or the
simple interaction, a fresh process per turn or the keep-running mode), or a built-in agent's name.  The
engine judges in the Botzone competition format, as the judge does (:mod:`mahjong.arena.judge`): a wrong
answer (``WA``), a false win (``WH``), no answer in time (``TLE``), a crash (``RE``), too much output (``OLE``)
or output that is not JSON (``NJ``) ends the hand, the offender paying 30 and each other player receiving 10;
a program that errs is killed, with every process it started.  ``--duplicate`` plays every wall once from each
seat (复式).  The results (:mod:`mahjong.arena.results`): per bot, the score per game, wins, deal-ins and
penalties, each with a 95 % interval; a Botzone-format match log per game.  Other rule sets are played by the
built-in agents (:func:`run_arena`).
"""

from mahjong.arena.bots import KEEP_RUNNING, ProgramBot, Reply, ask_all
from mahjong.arena.errors import ArenaError
from mahjong.arena.judge import HandOutcome, Penalty, play_botzone_hand
from mahjong.arena.results import ArenaResult, GameResult, PlayerResult
from mahjong.arena.run import BotSpec, parse_bot, run_arena

__all__ = ["ArenaError", "ArenaResult", "BotSpec", "GameResult", "HandOutcome", "KEEP_RUNNING", "Penalty",
           "PlayerResult", "ProgramBot", "Reply", "ask_all", "parse_bot", "play_botzone_hand", "run_arena"]
