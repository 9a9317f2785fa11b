"""Slips with the player's own score (FISC II.2, AJS 3.2.2: «Puntuació de la jugada, si l'organitzador ho
demana explícitament» / «Puntuación de la jugada, si el organizador lo pide explícitamente»).

The organiser asks for it with the game's ``slip_score`` setting. Then a slip's ``score`` is kept beside
the engine's, and ``score_check`` says whether they agree: neither rulebook says what a difference does
(the nulls of FISC II.7 / AJS 3.2.8 do not include it; AJS 3.2.9 speaks of a wrong count only as the
reason a judge may miss the best play), so a difference is flagged and the engine's score counts. Round 1
rack ``C A S A ? R O``: CASAR H4 scores 20 (hand-scored in test_duplicate_aggregate.py).
"""

from __future__ import annotations

import pytest

from domain.duplicate import Duplicate, DuplicateError
from domain.game.meta import Meta

JUDGE = Meta("director:judge", "desk", "2026-03-01T10:00:00Z")
RACK = ["C", "A", "S", "A", "?", "R", "O"]


def game(profile: str = "ajs-2012", **options) -> Duplicate:
    d = Duplicate.create(profile, ["Ana", "Berto", "Carmen", "Dani", "Eva"], JUDGE, **options)
    d.start_round(JUDGE, rack=RACK)
    return d


@pytest.mark.parametrize("profile, article", [("ajs-2012", "AJS 3.2.2"), ("fisc-2023", "FISC II.2")])
def test_a_score_on_a_slip_is_refused_naming_the_setting_when_the_organiser_did_not_ask(profile, article):
    d = game(profile)
    with pytest.raises(DuplicateError) as err:
        d.submit_slip(0, "CASAR", "H4", JUDGE, score=20)
    assert err.value.code == "slip_score_not_asked" and err.value.field == "score"
    assert "slip_score" in err.value.message and article in err.value.article
    slip = d.submit_slip(0, "CASAR", "H4", JUDGE)  # without it: as before
    assert slip["declared"] is None and slip["score_check"] is None


def test_ajs_3_2_2_the_players_score_kept_beside_the_engines_and_a_difference_flagged():
    d = game(slip_score=True)
    assert d.submit_slip(0, "CASAR", "H4", JUDGE, score=20)["score_check"] == "agrees"
    wrong = d.submit_slip(1, "CASAR", "H4", JUDGE, score=22)
    assert (wrong["score"], wrong["declared"], wrong["score_check"]) == (20, 22, "differs")
    assert d.submit_slip(2, "CASAR", "H4", JUDGE)["score_check"] == "missing"
    d.close_round(JUDGE)
    d.rule_word("CASAR", True, JUDGE)
    d.choose_master(JUDGE, seat=0)
    results = d.publish(JUDGE)["results"]
    assert results["1"] == {"score": 20, "causes": [], "slip": True, "declared": 22, "score_check": "differs"}
    assert results["0"]["score_check"] == "agrees" and results["2"]["score_check"] == "missing"
    assert "score_check" not in results["3"]  # no slip: nothing to compare


def test_fisc_ii_2_a_judges_correction_of_the_score_rechecks_it():
    """Catalan tiles (FISC): CASAR H4 = C 2 on the double letter (4) + 1+1+1 + R 1 on the star, x2 = 16."""
    d = game("fisc-2023", slip_score=True)
    assert d.submit_slip(0, "CASAR", "H4", JUDGE, score=17)["score_check"] == "differs"
    d.close_round(JUDGE)
    fixed = d.correct_slip(1, 0, "CASAR", "H4", "typed 17 for 16 from the paper slip", JUDGE, score=16)
    assert (fixed["score"], fixed["declared"], fixed["score_check"]) == (16, 16, "agrees")
    kept = d.correct_slip(1, 0, "CASA", "H4", "the slip said CASA", JUDGE)  # not on the star: null, 0
    assert (kept["score"], kept["declared"], kept["score_check"]) == (0, 16, "differs")


def test_a_game_created_before_the_setting_has_it_off():
    d = game()
    d.settings.pop("slip_score", None)
    with pytest.raises(DuplicateError):
        d.submit_slip(0, "CASAR", "H4", JUDGE, score=20)
