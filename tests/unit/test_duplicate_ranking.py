"""Solo-top bonus (AJS 3.2.11), vis-à-vis (AJS 3.4) and sudden-death ranking (AJS 3.3), by hand."""

from __future__ import annotations

import pytest

from domain.duplicate.ranking import lines, rank, vis_a_vis, vis_a_vis_table
from domain.duplicate.rules import AJS, FISC, Bracket, DuplicateRules, TieBreak


@pytest.mark.parametrize("players, bonus", [(2, 0), (9, 0), (10, 5), (11, 5.5), (50, 25), (51, 25), (200, 25)])
def test_ajs_3_2_11_solo_top_bonus_n_over_2_from_10_to_50_then_25(players, bonus):
    assert AJS.bonus(players) == bonus


def test_fisc_gives_no_bonus_and_another_body_can_give_a_fixed_one():
    assert FISC.bonus(30) == 0
    club = DuplicateRules(**{**AJS.__dict__, "profile": "club", "solo_top": (Bracket(1, None, fixed=10),)})
    assert club.bonus(3) == 10


@pytest.mark.parametrize("a, b, valid, points", [
    (20, 20, (True, True), (1, 1)), (0, 0, (False, False), (0, 0)), (25, 16, (True, True), (1, 0)),
    (30, 20, (True, True), (2, 0)), (48, 20, (True, True), (2, 0)), (50, 20, (True, True), (3, 0)),
    (20, 29, (True, True), (0, 1)), (10, 39, (True, True), (0, 2)), (0, 30, (False, True), (0, 3)),
])
def test_ajs_3_4_vis_a_vis_table(a, b, valid, points):
    assert vis_a_vis(a, b, *valid) == points


def test_vis_a_vis_results_add_up_round_after_round():
    """AJS 3.4: «El resultado de la ronda finalizada se suma al resultado total anterior»."""
    rounds = [{"round": 1, "results": {"0": {"score": 40, "causes": []}, "1": {"score": 5, "causes": []}}},
              {"round": 2, "results": {"0": {"score": 12, "causes": []}, "1": {"score": 20, "causes": []}}}]
    assert vis_a_vis_table([[0, 1]], rounds)[0]["points"] == [3, 1]


def test_ajs_3_3_sudden_death_ranks_by_rounds_played_then_the_last_round():
    rounds = [{"round": 1, "results": {"0": {"score": 30}, "1": {"score": 30}, "2": {"score": 10}},
               "master": {"score": 30}},
              {"round": 2, "results": {"0": {"score": 20}, "1": {"score": 12}}, "master": {"score": 20}}]
    table = rank(lines(["A", "B", "C"], rounds, {}), TieBreak.PLAYS, sudden_death=True)
    assert [(x.seat, x.rank, x.rounds_played, x.last_score) for x in table] == [(0, 1, 2, 20), (1, 2, 2, 12),
                                                                                (2, 3, 1, 10)]
