"""settle() as a pure function: rack adjustments, time penalties, sanctions and result rules, worked by hand.

Every row keeps ``final_score = score_before + rack_adjustment - time_penalty - sanctions + result_adjustment``.
"""

import pytest

from domain.game.settlement import settle
from domain.profiles import get_profile
from domain.tiles import CATALAN, SPANISH

FILE, AJS, FISC, MOLINS = (get_profile(p) for p in ("file-2024", "ajs-2012", "fisc-2023", "molins-club"))
KEYS = {"seat", "name", "score_before", "rack", "rack_adjustment", "overtime_seconds", "time_penalty", "sanctions",
        "result_adjustment", "final_score", "result"}


def finals(result):
    return [p["final_score"] for p in result["players"]]


def adds_up(result):
    for p in result["players"]:
        assert set(p) == KEYS
        assert p["final_score"] == (p["score_before"] + p["rack_adjustment"] - p["time_penalty"] - p["sanctions"]
                                    + p["result_adjustment"])


def test_overtime_and_sanctions_come_off_after_the_racks_file_34_1_file_47():
    """Out (FILE 44.1): Bea's Z (10) goes to Ana: 300 + 10 = 310, 280 − 10 = 270. Ana 2:30 over = 3 minutes =
    30; Bea sanctioned 25: 310 − 30 = 280, 270 − 25 = 245. Ana by 35."""
    result = settle("out", [300, 280], {0: [], 1: ["Z"]}, SPANISH, 0, names=["Ana", "Bea"], overtime=[150, 0],
                    sanctions=[0, 25], profile=FILE)
    adds_up(result)
    assert finals(result) == [280, 245] and (result["winner"], result["spread"]) == (0, 35)
    assert [p["time_penalty"] for p in result["players"]] == [30, 0] and result["players"][0]["name"] == "Ana"


def test_past_the_limit_no_racks_minus_80_and_one_below_the_rival_file_34_2():
    """FILE 34.2: 8:01 over = 9 minutes, capped at 80; racks not deducted: 300 − 80 = 220 ≥ 200, so 199."""
    result = settle("passes", [300, 200], {0: ["Z"], 1: ["A"]}, SPANISH, overtime=[481, 0], profile=FILE)
    adds_up(result)
    assert result["racks_counted"] is False and finals(result) == [199, 200]
    assert [p["result_adjustment"] for p in result["players"]] == [-21, 0] and result["winner"] == 1


def test_past_the_limit_behind_anyway_keeps_the_score_ajs_3_1_2_1():
    """AJS 3.1.2.1: 10:00 over: −100 and no racks: 150 − 100 = 50 < 200: no further change; Bea by 150."""
    result = settle("out", [150, 200], {0: ["Z"], 1: []}, SPANISH, 1, overtime=[600, 0], profile=AJS)
    adds_up(result)
    assert finals(result) == [50, 200] and (result["winner"], result["spread"]) == (1, 150)


def test_fisc_past_the_margin_the_sheet_decides_fisc_i11():
    """FISC I.11 caps the penalty at 10 minutes (100) and counts no racks; nobody is made to lose: 300 − 100
    = 200 beats 150."""
    result = settle("passes", [300, 150], {0: ["QU"], 1: ["A"]}, CATALAN, overtime=[700, 0], profile=FISC)
    assert finals(result) == [200, 150] and result["winner"] == 0 and result["racks_counted"] is False


def test_no_limit_the_penalty_keeps_growing_molins_28d():
    """Molins 28d: «10 punts per minut o fracció de minut addicional» with no limit: 25 minutes over = 250;
    racks still count (Molins 20): 300 − 2 − 250 = 48."""
    result = settle("passes", [300, 100], {0: ["C"], 1: []}, CATALAN, overtime=[1500, 0], profile=MOLINS)
    assert finals(result) == [48, 100] and result["racks_counted"] is True


@pytest.mark.parametrize("scores, expected", [([450, 100], [450, 100]), ([350, 100], [300, 0])])
def test_abandonment_300_0_unless_the_spread_is_larger_ajs_4_1_11_1(scores, expected):
    """AJS 4.1.11.1: Bea leaves; 450 − 100 = 350 > 300 keeps the score, 350 − 100 = 250 gives 300–0."""
    result = settle("abandonment", scores, {}, SPANISH, profile=AJS, result_rule={"rule": "abandonment", "seats": [1]})
    adds_up(result)
    assert finals(result) == expected and result["winner"] == 0


def test_a_leaver_level_with_the_rival_gets_the_rival_minus_50_fisc_i8_e():
    """FISC I.8 E names the leader and the loser; level is read as not losing: 120 − 50 = 70, the other wins."""
    result = settle("abandonment", [120, 120], {}, CATALAN, profile=FISC,
                    result_rule={"rule": "abandonment", "seats": [0]})
    assert finals(result) == [70, 120] and (result["winner"], result["spread"]) == (1, 50)


def test_a_tie_is_a_draw_for_both_file_44_5():
    """A director's end (FILE 44.5) at 250–250, no racks: no winner, spread 0, both drew."""
    result = settle("director", [250, 250], {}, SPANISH)
    assert (result["winner"], result["spread"]) == (None, 0)
    assert [p["result"] for p in result["players"]] == ["draw", "draw"]


def test_who_gains_the_racks_when_a_player_goes_out_is_the_profiles_molins_19():
    """Molins 19 (``all_racks``): Ana goes out; Bea's Z (10) and Cai's A (1) both go to her: 100 + 11 = 111,
    90 − 10 = 80, 80 − 1 = 79. Under ``rival_rack`` only the rival after her (Bea) pays her: 110; Cai still
    loses his own A."""
    from dataclasses import replace

    from domain.profiles.kinds import OutSettlement

    racks = {0: [], 1: ["Z"], 2: ["A"]}
    every = settle("out", [100, 90, 80], racks, SPANISH, 0, profile=MOLINS)
    rival = settle("out", [100, 90, 80], racks, SPANISH, 0,
                   profile=replace(MOLINS, ending=replace(MOLINS.ending, out_settlement=OutSettlement.RIVAL_RACK)))
    adds_up(every)
    adds_up(rival)
    assert finals(every) == [111, 80, 79] and finals(rival) == [110, 80, 79]


def test_which_causes_count_the_racks_is_the_profiles_file_44():
    """FILE 44 (``stalemate_own_rack``): after the passes each subtracts their own rack, 300 − 10, 200 − 1; a
    profile without it would leave the racks; the round's time counts none (``round_over_racks``, FILE 44.4)
    unless the profile says so."""
    from dataclasses import replace

    racks = {0: ["Z"], 1: ["A"]}
    assert finals(settle("passes", [300, 200], racks, SPANISH, profile=FILE)) == [290, 199]
    keep = replace(FILE, ending=replace(FILE.ending, stalemate_own_rack=False, round_over_racks=True))
    assert finals(settle("passes", [300, 200], racks, SPANISH, profile=keep)) == [300, 200]
    assert finals(settle("round_time", [300, 200], racks, SPANISH, profile=FILE)) == [300, 200]
    assert finals(settle("round_time", [300, 200], racks, SPANISH, profile=keep)) == [290, 199]
