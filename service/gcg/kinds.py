"""The kinds of a GCG event line, in macondo's vocabulary (TILES.md "GCG essentials").

A module of their own so that reading a line (``service.gcg.lines``) needs nothing of the record's classes.
"""

PLAY = "play"  # >nick: RACK 8H WORD +score total
WITHDRAWN = "withdrawn"  # >nick: RACK -- -score total  (phony tiles returned)
PASS = "pass"  # >nick: RACK - +0 total
EXCHANGE = "exchange"  # >nick: RACK -TILES +0 total, or -N
CHALLENGE_BONUS = "challenge_bonus"  # >nick: RACK (challenge) +5 total
END_POINTS = "end_points"  # >nick: (TILES) +pts total  (bonus for going out)
END_PENALTY = "end_penalty"  # >nick: RACK (RACK) -pts total  (own rack deducted)
TIME_PENALTY = "time_penalty"  # >nick: RACK (time) -pts total
KINDS = (PLAY, WITHDRAWN, PASS, EXCHANGE, CHALLENGE_BONUS, END_POINTS, END_PENALTY, TIME_PENALTY)
