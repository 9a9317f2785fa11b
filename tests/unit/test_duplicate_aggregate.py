"""The Duplicate aggregate against the rulebooks' text (FISC II, AJS 3.2–3.3), with hand-scored slips.

Round 1 of an AJS game of twelve players, rack ``C A S A ? R O`` entered by the judge, empty board
(premiums: H8 double word, H4 and H12 double letter; column 8 has a double letter on L8):

- CASA H8: (3+1+1+1) × 2 = 12
- CASAR H4: C on the double letter (6) + 1+1+1+1 = 10, R on the star ×2 = 20
- CASAR 8H (vertical from H8): (3+1+1+1+ R on L8 2) × 2 = 16
- CASAs H4 (the blank as S, on the star): (6+1+1+1+0) × 2 = 18
"""

from __future__ import annotations

import pytest

from domain.duplicate import Duplicate, DuplicateError
from domain.duplicate.ranking import lines, rank
from domain.duplicate.rules import TieBreak
from domain.game.meta import Meta

JUDGE = Meta("director:judge", "desk", "2026-03-01T10:00:00Z")
RACK = ["C", "A", "S", "A", "?", "R", "O"]


def at(second: int) -> Meta:
    return Meta("player", "tablet", f"2026-03-01T10:{second // 60:02d}:{second % 60:02d}Z")


def ajs_round_one(players: int = 12) -> Duplicate:
    d = Duplicate.create("ajs-2012", [f"P{i}" for i in range(players)], JUDGE)
    assert d.start_round(JUDGE, rack=RACK) is None
    return d


def slips(d: Duplicate) -> None:
    for seat, (word, coords) in enumerate([("CASA", "H8"), ("CASAR", "H4"), ("CASAR", "8H"), ("CASAR", ""),
                                           ("CASAS", "H4"), ("CASAs", "H4"), ("CASRA", "H8")]):
        d.submit_slip(seat, word, coords, at(30 + seat))


def test_fisc_ii_1_a_duplicate_needs_five_players_ajs_3_2_1_two():
    with pytest.raises(DuplicateError) as err:
        Duplicate.create("fisc-2023", ["A", "B", "C", "D"], JUDGE)
    assert err.value.code == "min_players" and "FISC II.1" in err.value.article
    assert Duplicate.create("ajs-2012", ["A", "B"], JUDGE).players == ["A", "B"]


def test_slips_are_scored_by_the_engine_with_each_null_cause_fisc_ii_7_ajs_3_2_8():
    d = ajs_round_one()
    slips(d)
    got = {int(k): (s["score"], s["causes"]) for k, s in d.current["slips"].items()}
    assert got == {0: (12, []), 1: (20, []), 2: (16, []), 3: (0, ["coordinates"]), 4: (20, ["blank"]),
                   5: (18, []), 6: (16, [])}
    assert d.current["slips"]["0"]["arrived_at"] == "2026-03-01T10:00:30Z"


def test_coordinates_that_do_not_fit_are_null_and_a_word_the_rack_cannot_make_is_null():
    d = ajs_round_one()
    assert d.submit_slip(0, "CASAR", "A1", JUDGE)["causes"] == ["coordinates"]  # the first play misses H8
    assert d.submit_slip(1, "CASAR", "Z9", JUDGE)["causes"] == ["coordinates"]  # not a square
    assert d.submit_slip(2, "PERRO", "H8", JUDGE)["causes"] == ["word"]  # not on the rack


def test_time_closes_the_round_a_later_slip_is_recorded_late_and_a_second_one_refused():
    """FISC II.5 / AJS 3.2.6: «a partir de la voz de ¡Tiempo!, no se permitirá realizar ninguna anotación»."""
    d = ajs_round_one()
    slips(d)
    assert d.close_round(JUDGE) == [7, 8, 9, 10, 11]
    late = d.submit_slip(7, "CASAR", "H4", at(200))
    assert late["score"] == 20 and late["causes"] == ["late"]
    with pytest.raises(DuplicateError) as err:
        d.submit_slip(1, "CASAR", "H4", at(201))
    assert err.value.code == "round_closed"


def test_the_master_is_the_best_valid_slip_ajs_3_2_3_and_words_are_ruled_first():
    d = ajs_round_one()
    slips(d)
    d.close_round(JUDGE)
    with pytest.raises(DuplicateError) as err:
        d.choose_master(JUDGE, seat=1)
    assert err.value.code == "words_not_ruled"
    for word, valid in (("CASA", True), ("CASAR", True), ("CASAS", True), ("CASRA", False)):
        d.rule_word(word, valid, JUDGE)
    with pytest.raises(DuplicateError) as err:
        d.choose_master(JUDGE, seat=0)  # 12 < 20
    assert err.value.code == "master_not_best" and "AJS 3.2.3" in err.value.article
    with pytest.raises(DuplicateError):
        d.choose_master(JUDGE, seat=6)  # CASRA ruled invalid
    master = d.choose_master(JUDGE, seat=1)
    assert (master["word"], master["coordinates"], master["score"], master["method"]) == ("CASAR", "H4", 20, "slip")


def test_results_solo_top_bonus_n_over_2_ajs_3_2_11_and_the_remainder():
    d = ajs_round_one(12)
    slips(d)
    d.close_round(JUDGE)
    for word, valid in (("CASA", True), ("CASAR", True), ("CASAS", True), ("CASRA", False)):
        d.rule_word(word, valid, JUDGE)
    d.choose_master(JUDGE, seat=1)
    r = d.publish(JUDGE)
    scores = {int(k): (v["score"], v["causes"]) for k, v in r["results"].items()}
    assert scores[0] == (12, []) and scores[1] == (20, []) and scores[5] == (18, [])
    assert scores[3] == (0, ["coordinates"]) and scores[4] == (0, ["blank"]) and scores[6] == (0, ["word"])
    assert scores[11] == (0, ["late"])  # no slip by «¡Tiempo!»
    assert r["solo_top"] == 1 and r["bonus"] == 6.0  # 12 players: 12 / 2
    assert d.rack == ["?", "O"]  # CASAR used C A S A R
    assert d.board[7 * 15 + 3] == ["C", False] and d.board[7 * 15 + 7] == ["R", False]
    table = rank(lines(d.players, d.rounds, d.out), TieBreak.PLAYS)
    assert (table[0].seat, table[0].total, table[0].percent) == (1, 26.0, 100.0)
    assert (table[1].seat, table[1].total, table[1].percent) == (5, 18, 90.0)


def test_the_next_rack_completes_the_remainder():
    d = ajs_round_one(3)
    d.submit_slip(0, "CASAR", "H4", JUDGE)
    d.close_round(JUDGE)
    d.rule_word("CASAR", True, JUDGE)
    d.choose_master(JUDGE, seat=0)
    d.publish(JUDGE)
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=["?", "O", "Ñ", "Ñ", "E", "L", "T"])  # one Ñ in the bag
    assert err.value.code == "rack_not_in_bag"
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=["O", "A", "E", "I", "U", "O", "A"])  # no consonant, no blank
    assert err.value.code == "invalid_rack" and "AJS 3.2.4" in err.value.article
    assert d.start_round(JUDGE, rack=["?", "O", "B", "E", "L", "T", "A"]) is None
    assert d.current["remainder"] == ["?", "O"] and d.current["drawn"] == ["A", "B", "E", "L", "T"]


def test_a_drawn_rack_records_its_seed_and_is_drawn_again_from_it():
    one, two = (Duplicate.create("fisc-2023", list("ABCDE"), JUDGE) for _ in range(2))
    one.start_round(JUDGE, seed="seu-2026")
    two.start_round(JUDGE, seed="seu-2026")
    assert one.current["seed"] == "seu-2026" and one.current["rack"] == two.current["rack"]
    assert len(one.current["rack"]) == 7 and len(one.bag) == 93


def test_corrections_are_events_and_a_republication_rescores():
    d = ajs_round_one(12)
    slips(d)
    d.close_round(JUDGE)
    for word, valid in (("CASA", True), ("CASAR", True), ("CASAS", True), ("CASRA", False)):
        d.rule_word(word, valid, JUDGE)
    d.choose_master(JUDGE, seat=1)
    d.publish(JUDGE)
    d.correct_slip(1, 3, "CASAR", "H4", "the slip says H4; typed without it", JUDGE)
    assert d.rounds[0]["corrections"][0]["before"] == {"word": "CASAR", "coordinates": ""}
    with pytest.raises(DuplicateError):
        d.publish(JUDGE, round_no=1)  # again, without a reason
    r = d.publish(JUDGE, round_no=1, reason="seat 3's slip corrected")
    assert r["results"]["3"]["score"] == 20 and r["solo_top"] is None  # two at 20: no solo top
    assert d.rack == ["?", "O"]  # the board and the remainder stay


def test_sudden_death_ajs_3_3_eliminates_below_the_best():
    d = Duplicate.create("ajs-2012", ["A", "B", "C"], JUDGE, sudden_death=True)
    d.start_round(JUDGE, rack=RACK)
    d.submit_slip(0, "CASAR", "H4", JUDGE)
    d.submit_slip(1, "CASAR", "H4", JUDGE)
    d.submit_slip(2, "CASA", "H8", JUDGE)
    d.close_round(JUDGE)
    d.rule_word("CASAR", True, JUDGE)
    d.rule_word("CASA", True, JUDGE)
    d.choose_master(JUDGE, seat=0)
    d.publish(JUDGE)
    assert d.out == {"2": {"round": 1, "why": "eliminated"}}
    d.start_round(JUDGE, rack=["?", "O", "B", "E", "L", "T", "A"])
    with pytest.raises(DuplicateError) as err:
        d.submit_slip(2, "BETA", "8D", JUDGE)
    assert err.value.code == "player_out"
    with pytest.raises(DuplicateError):
        Duplicate.create("fisc-2023", list("ABCDE"), JUDGE, sudden_death=True)


def test_conduct_ajs_3_2_8_warning_then_zero_then_expelled_and_none_under_fisc():
    d = ajs_round_one(3)
    assert [d.sanction(0, "talking", JUDGE) for _ in range(2)] == ["warning", "zero"]
    d.submit_slip(0, "CASAR", "H4", JUDGE)
    d.submit_slip(1, "CASA", "H8", JUDGE)
    d.close_round(JUDGE)
    d.rule_word("CASAR", True, JUDGE)
    d.rule_word("CASA", True, JUDGE)
    d.choose_master(JUDGE, seat=0)
    assert d.publish(JUDGE)["results"]["0"] == {"score": 0, "causes": ["conduct"], "slip": True}
    assert d.sanction(0, "again", JUDGE) == "expelled" and d.out["0"]["why"] == "expelled"
    f = Duplicate.create("fisc-2023", list("ABCDE"), JUDGE)
    f.start_round(JUDGE, seed="x")
    with pytest.raises(DuplicateError):
        f.sanction(0, "talking", JUDGE)


def test_a_computed_master_is_one_of_the_equal_tops_from_the_recorded_seed():
    d = ajs_round_one(3)
    d.submit_slip(0, "CASA", "H8", JUDGE)
    d.close_round(JUDGE)
    d.rule_word("CASA", True, JUDGE)
    tops = [("CASAR", "H4"), ("CASAR", "8D")]
    master = d.choose_master(JUDGE, computed=tops, seed="s1", lexicon="es-small")
    assert master["method"] == "computed" and master["tops"] == 2 and master["score"] == 20
    assert (master["word"], master["coordinates"]) in tops and master["lexicon"] == "es-small"
    assert d.rulings["CASAR"]["source"] == "lexicon:es-small" and d.rulings["CASAR"]["advisory"]


def test_the_game_ends_when_the_vowels_are_used_fisc_ii_6():
    """The bag and remainder set by hand to the end of a game: no vowel left, the next round ends it."""
    d = Duplicate.create("fisc-2023", list("ABCDE"), JUDGE)
    d.bag, d.rack = ["B", "C", "D"], ["?"]
    assert d.start_round(JUDGE, seed="x") == "vowels_used"
    assert d.ended["cause"] == "vowels_used" and "FISC II.6" in d.ended["article"]
    with pytest.raises(DuplicateError):
        d.start_round(JUDGE, seed="y")


def test_one_vowel_left_lowers_the_minimum_to_one_fisc_ii_3():
    """«se seguirà amb un mínim d'1 vocal i 1 consonant fins al terme»: with one vowel left a rack is still
    drawn (so, with these minimums, the bag fails only once every vowel or consonant is used)."""
    d = Duplicate.create("fisc-2023", list("ABCDE"), JUDGE)
    d.bag, d.rack = ["A", "B", "C", "D", "F", "G", "H", "J"], []
    assert d.start_round(JUDGE, seed="x") is None
    assert d.current["minimum"] == 1 and len(d.current["rack"]) == 7


def test_the_judge_ends_the_game_when_no_play_remains():
    d = ajs_round_one(3)
    d.close_round(JUDGE)
    d.end("no_play", "", JUDGE)
    assert d.ended["cause"] == "no_play" and "AJS 3.2.7" in d.ended["article"]


def test_fisc_ii_8_equal_totals_share_a_place_ajs_3_2_10_breaks_them():
    rounds = [{"round": 1, "results": {"0": {"score": 30, "causes": []}, "1": {"score": 20, "causes": []}},
               "master": {"score": 30}},
              {"round": 2, "results": {"0": {"score": 10, "causes": []}, "1": {"score": 20, "causes": []}},
               "master": {"score": 20}}]
    ajs = rank(lines(["A", "B"], rounds, {}), TieBreak.PLAYS)
    assert [(x.seat, x.rank) for x in ajs] == [(0, 1), (1, 2)]  # 40 each; A's best play 30 beats B's 20
    fisc = rank(lines(["A", "B"], rounds, {}), TieBreak.NONE)
    assert [x.rank for x in fisc] == [1, 1]


def test_a_blank_marked_that_the_rack_has_not_is_a_word_the_rack_cannot_make():
    d = ajs_round_one(3)
    assert d.submit_slip(0, "CAsAR", "H4", JUDGE)["causes"] == []  # the rack's blank as S: 6+1+0+1+1 = 9 x 2
    assert d.current["slips"]["0"]["score"] == 18
    assert d.submit_slip(1, "cAsAR", "H4", JUDGE)["causes"] == ["word"]  # two blanks marked, one on the rack


def test_a_duplicates_history_is_hash_linked_and_verified_with_the_games_own_code():
    """The events subclass the Game's chained event: ``verify_chain`` checks a duplicate's history, and finds a
    slip's score changed after the fact."""
    from domain.game.chain import record_of, verify_chain

    d = ajs_round_one(3)
    d.submit_slip(0, "CASAR", "H4", JUDGE)
    d.close_round(JUDGE)
    records = [record_of(e).to_dict() for e in d.collect_events()]
    assert [r["type"] for r in records] == ["Created", "RoundStarted", "SlipSubmitted", "RoundClosed"]
    assert verify_chain(records) is None
    records[2]["payload"]["score"] = 50
    assert verify_chain(records).version == 3


def test_the_judges_returned_draws_are_recorded_when_invalid_fisc_ii_3():
    d = Duplicate.create("fisc-2023", list("ABCDE"), JUDGE)
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=list("AEBCDFG"), rejected=[list("AEIBCDF")])  # that one was valid
    assert err.value.field == "rejected"
    d.start_round(JUDGE, rack=list("AEBCDFG"), rejected=[list("AEIOUAB")])
    assert d.current["rejected"] == [list("AEIOUAB")] and d.current["method"] == "entered"
