"""A round paired by hand (the director's reason recorded) and the checker's warnings on a pairing, each with its
article: FISC I.1 A (no rematch), B (the distance in the standings minimal), C (the bye to the last), AJS 4.1.1
(no second bye), 4.1.6 (who has the bye), FILE 4.1 (the first named starts).

The story worked by hand: five players, round 1 by rating (FISC I.1): Anna-Carla, Biel-Dani, Emma the bye. Anna
beats Carla 400-350, Dani beats Biel 380-300. After round 1: Dani, Anna, Emma 1 point (Dani's spread 80 before
Anna's 50, Emma's bye 0), then Carla (-50) and Biel (-80). Round 2 by the system: Dani-Anna, Emma-Carla, the bye
to Biel (the lowest without one).
"""

from __future__ import annotations

import pytest

from domain.game.meta import Meta
from domain.tournament.aggregate import Tournament, TournamentError
from domain.tournament.checks import Context, review
from domain.tournament.pairing import Pairing

DIRECTOR = Meta("director:ana", "laptop", "2025-05-01T09:00:00.000Z")
NAMES = [("Anna", 1900), ("Biel", 1850), ("Carla", 1800), ("Dani", 1750), ("Emma", 1700)]
ANNA, BIEL, CARLA, DANI, EMMA = "p1", "p2", "p3", "p4", "p5"


def after_round_one(rules: str = "fisc-2023", profile: str = "fisc-2023") -> Tournament:
    t = Tournament.create("Obert", rules, profile, 5 if rules == "fisc-2023" else 6, DIRECTOR)
    for name, rating in NAMES:
        t.register(name, DIRECTOR, rating=rating)
    assert [(p.first, p.second) for p in t.draft(1, DIRECTOR)] == [(ANNA, CARLA), (BIEL, DANI), (EMMA, None)]
    t.publish(1, {1: "g1", 2: "g2"}, DIRECTOR)
    t.record_game("g1", 40, [400, 350], [0, 0], DIRECTOR)
    t.record_game("g2", 40, [300, 380], [0, 0], DIRECTOR)
    return t


def codes(warnings):
    return [(w.table, w.code, w.article, dict(w.params)) for w in warnings]


def test_the_systems_round_two_is_as_worked_by_hand_and_has_no_warning():
    t = after_round_one()
    assert [(p.first, p.second) for p in t.draft(2, DIRECTOR)] == [(DANI, ANNA), (EMMA, CARLA), (BIEL, None)]
    assert t.warnings(2) == []


def test_a_hand_pairing_keeps_the_systems_reason_where_it_agrees_and_gives_the_directors_elsewhere():
    """Table 1 is the system's (its reason kept); table 2 names Carla first (the director's: who starts changed);
    the bye to Biel is the system's."""
    t = after_round_one()
    drafted = t.draft(2, DIRECTOR, manual=[(DANI, ANNA), (CARLA, EMMA), (BIEL, None)], reason="  Emma arrives late ")
    assert [(p.code, dict(p.params)) for p in drafted] == [
        ("swiss.nearest", {"player": DANI, "opponent": ANNA}),
        ("manual.table", {"reason": "Emma arrives late"}),
        ("swiss.bye", {})]
    assert drafted[1].why == "paired by the director: Emma arrives late"
    stored = t.drafts["2"]
    assert stored["method"] == "manual" and stored["reason"] == "Emma arrives late"
    assert stored["pairings"][1]["reason_code"] == "manual.table"
    assert stored["pairings"][2]["reason_code"] == "swiss.bye"


def test_a_hand_bye_is_recorded_with_the_directors_reason_and_published_as_a_point():
    """FISC I.1 C: a bye is a point; given by hand, its reason is the director's."""
    t = after_round_one()
    drafted = t.draft(2, DIRECTOR, manual=[(DANI, ANNA), (BIEL, EMMA), (CARLA, None)], reason="Carla is unwell")
    assert (drafted[2].code, drafted[2].why) == ("manual.bye", "the bye given by the director: Carla is unwell")
    t.publish(2, {1: "g3", 2: "g4"}, DIRECTOR)
    assert t.results["2:3"]["kind"] == "bye" and t.results["2:3"]["reason"] == drafted[2].why
    assert {r.player: r.points for r in t.standings(2)}[CARLA] == 1.0


def test_a_hand_pairing_needs_its_reason_and_every_player_of_the_round_once():
    t = after_round_one()
    with pytest.raises(TournamentError) as err:
        t.draft(2, DIRECTOR, manual=[(DANI, ANNA), (EMMA, CARLA), (BIEL, None)], reason=" ")
    assert err.value.field == "reason"
    with pytest.raises(TournamentError) as err:
        t.draft(2, DIRECTOR, manual=[(DANI, ANNA), (EMMA, CARLA), ("p9", None)], reason="x")
    assert err.value.field == "pairings" and "p9" in err.value.message
    with pytest.raises(TournamentError) as err:
        t.draft(2, DIRECTOR, manual=[(DANI, ANNA), (EMMA, ANNA), (BIEL, CARLA)], reason="x")
    assert err.value.field == "pairings"
    assert "2" not in t.drafts  # nothing recorded


def test_fisc_i1_a_and_c_the_checker_warns_of_rematches_a_second_bye_and_a_bye_not_the_rules():
    """FISC I.1 A: «Dos jugadors no s'enfrontaran entre ells més d'un cop»; C: «l'últim classificat rebrà un
    punt»: the bye is Biel's (the last without one), Emma had hers in round 1. Under FISC the players draw who
    starts (FISC I.5): no warning on who is named first."""
    t = after_round_one()
    hand = t.hand_tables(2, [(ANNA, CARLA), (BIEL, DANI), (EMMA, None)])
    assert codes(t.warnings(2, hand)) == [
        (1, "rematch", "FISC I.1 A", {"player": ANNA, "opponent": CARLA, "met_in": 1}),
        (2, "rematch", "FISC I.1 A", {"player": BIEL, "opponent": DANI, "met_in": 1}),
        (3, "second_bye", "FISC I.1 C", {"player": EMMA, "had_in": 1}),
        (3, "bye_not_lowest", "FISC I.1 C", {"player": EMMA, "expected": BIEL})]
    assert t.warnings(2, hand)[0].message == "p1 and p3 met already in round 1: no two players meet twice"


def test_ajs_articles_no_second_bye_is_4_1_1_and_who_has_the_bye_4_1_6():
    """AJS 4.1.1: «a un mismo jugador no se le asigne más de un Bye»; 4.1.6: the bye's assignment."""
    t = after_round_one("ajs-2012", "ajs-2012")
    found = codes(t.warnings(2, t.hand_tables(2, [(ANNA, CARLA), (BIEL, DANI), (EMMA, None)])))
    assert [(table, code, article) for table, code, article, _ in found] == [
        (1, "rematch", "AJS 4.1.1, 4.1.3 (sistema suizo)"), (2, "rematch", "AJS 4.1.1, 4.1.3 (sistema suizo)"),
        (3, "second_bye", "AJS 4.1.1"), (3, "bye_not_lowest", "AJS 4.1.6")]


def test_file_4_1_the_first_named_starts_so_the_one_who_started_more_named_first_is_warned():
    """FILE 4.1: «la salida corresponde al primer jugador indicado en el cuadro de pareos». Anna and Biel started
    in round 1 (named first), Carla, Dani and Emma did not: Anna named first against Dani is warned; Carla first
    against Emma (0 and 0) is not."""
    t = after_round_one(profile="file-2024")
    found = codes(t.warnings(2, t.hand_tables(2, [(ANNA, DANI), (CARLA, EMMA), (BIEL, None)])))
    assert found == [(1, "start_order", "FILE 4.1, 4.3",
                      {"player": ANNA, "started": 1, "opponent": DANI, "opponent_started": 0})]


def test_fisc_i1_b_players_further_apart_than_the_pairer_pairs_anyone_are_warned():
    """FISC I.1 B: «la distància en la classificació ... ha de ser mínima». The system pairs no one more than 1
    point apart; by hand, A (2) against D (0) is 2 apart: warned; B (2) against C (1) is not."""
    system = [Pairing(1, "A", "B", ""), Pairing(2, "C", "D", "")]
    context = Context("fisc-2023", [], {"A": 2, "B": 2, "C": 1, "D": 0}, {}, system)
    hand = [Pairing(1, "A", "D", ""), Pairing(2, "B", "C", "")]
    found = codes(review(hand, context))
    assert found == [(1, "points_apart", "FISC I.1 B",
                      {"player": "A", "points": 2, "opponent": "D", "opponent_points": 0, "apart": 2, "widest": 1})]
    robin = Context("fisc-2023", [], {"A": 2, "B": 2, "C": 1, "D": 0}, {}, system, round_robin=True)
    assert review(hand, robin) == []  # a round robin's tables are Berger's, not the standings'


def test_a_bye_in_an_even_field_and_players_of_two_divisions_are_warned():
    """FISC I.1 C: a bye only for the odd one out; each division is paired on its own (no article: the rulebooks
    have no divisions)."""
    system = [Pairing(1, "A", "B", ""), Pairing(2, "C", "D", "")]
    context = Context("fisc-2023", [], {}, {"A": "A", "B": "A", "C": "B", "D": "B"}, system)
    hand = [Pairing(1, "A", "C", ""), Pairing(2, "B", None, ""), Pairing(3, "D", None, "")]
    assert codes(review(hand, context)) == [
        (1, "divisions", "", {"player": "A", "division": "A", "opponent": "C", "opponent_division": "B"}),
        (2, "extra_bye", "FISC I.1 C", {"player": "B"}),
        (3, "extra_bye", "FISC I.1 C", {"player": "D"})]
