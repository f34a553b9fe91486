# GENERATED from python/mahjong/rl/obs_v1.py (PLANES) by
#     python -m mahjong.rl.obs_v1 --pxi src/mjcore/obs_layout.pxi
# Do not edit: change PLANES (a new obs version) and regenerate (tests_rl/test_obs_kernel.py checks it).

cdef enum:
    OBS_N_PLANES = 195
    OBS_WIDTH = 42
    OBS_SIZE = 8190
    OBS_RIVER_SLOTS = 32
    OBS_P_HAND = 0
    OBS_P_MELDS = 4
    OBS_P_RIVER = 20
    OBS_P_RIVER_COUNTS = 148
    OBS_P_RIVER_CLAIMED = 152
    OBS_P_VISIBLE = 156
    OBS_P_BONUS = 160
    OBS_P_WILDCARDS = 164
    OBS_P_INDICATOR = 165
    OBS_P_SEAT_WIND = 166
    OBS_P_PREVALENT_WIND = 167
    OBS_P_DEALER = 168
    OBS_P_SCORES = 172
    OBS_P_WALL = 176
    OBS_P_OFFERED = 177
    OBS_P_DRAWN = 178
    OBS_P_LACK = 179
    OBS_P_READY = 183
    OBS_P_PLAYING = 187
    OBS_P_SEATS = 191

cdef double OBS_SCORE_SCALE = 100.0
cdef double OBS_SCORE_BOUND = 1000.0
