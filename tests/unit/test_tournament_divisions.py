"""Divisions (issue 17): players entered in a division are paired and ranked within it, round by round,
each division by the tournament's system (FISC I.1 here); the tables are numbered on through the
divisions. The rulebooks say nothing of divisions: this is the reading that each division is a
tournament of its own sharing the rounds. Worked by hand below."""

from __future__ import annotations

import pytest

from domain.game.meta import Meta
from domain.tournament.aggregate import Tournament, TournamentError

META = Meta("director:test", None, "2025-05-01T09:00:00.000Z")
A = [("Anna", 2000), ("Biel", 1900), ("Carla", 1800), ("Dani", 1700)]  # p1..p4
B = [("Eva", 1600), ("Ferran", 1500), ("Gemma", 1400)]  # p5..p7


def entered() -> Tournament:
    t = Tournament.create("Obert", "fisc-2023", "fisc-2023", 5, META)
    for name, rating in A:
        t.register(name, META, rating=rating)  # division A, the default
    for name, rating in B:
        t.register(name, META, rating=rating, division="B")
    return t


def tables(pairings) -> list[tuple[int, str, str | None]]:
    return [(p.table, p.first, p.second) for p in pairings]


def test_round_1_pairs_each_division_by_rating_halves_and_numbers_tables_on():
    """FISC I.1 within each division: A's top half (Anna, Biel) against its bottom half (Carla, Dani); B has
    three, so its last (Gemma) has the bye (FISC I.1 C); B's tables follow A's."""
    t = entered()
    assert t.divisions == ["A", "B"]
    drafted = t.draft(1, META)
    assert tables(drafted) == [(1, "p1", "p3"), (2, "p2", "p4"), (3, "p5", "p6"), (4, "p7", None)]
    assert drafted[0].why.startswith("division A: round 1: no. 1 of the top half")
    assert drafted[3].why == "division B: round 1: the last of an odd field has the bye (FISC I.1 C)"


def played_round_1() -> Tournament:
    t = entered()
    t.draft(1, META)
    t.publish(1, {1: "g1", 2: "g2", 3: "g3"}, META)
    t.record_game("g1", 40, [400, 300], [0, 0], META)  # Anna beats Carla
    t.record_game("g2", 40, [350, 350], [0, 0], META)  # Biel and Dani draw
    t.record_game("g3", 40, [300, 420], [0, 0], META)  # Ferran beats Eva
    return t


def test_standings_per_division_rank_its_players_among_themselves():
    """A: Anna 1; Biel and Dani ½ each, equal on every tie-break (each other's ½ as the one opponent, dropped
    by Median-Buchholz in a 5-round event; Berger ¼; spread 0; 350 for), so both 2nd; Carla 0, 4th.
    B: Ferran 1 (beat Eva), Gemma 1 (the bye: a point, FISC I.1 C), Ferran first on spread (+120 against
    0); Eva 0. The whole tournament's table still holds all seven."""
    t = played_round_1()
    a = t.standings(1, division="A")
    assert [(r.rank, r.player, r.points) for r in a] == [(1, "p1", 1.0), (2, "p2", 0.5), (2, "p4", 0.5), (4, "p3", 0.0)]
    assert a[1].tiebreaks["berger"].value == 0.25
    b = t.standings(1, division="B")
    assert [(r.rank, r.player, r.points) for r in b] == [(1, "p6", 1.0), (2, "p7", 1.0), (3, "p5", 0.0)]
    assert b[0].tiebreaks["spread"].value == 120.0 and b[1].tiebreaks["spread"].value == 0.0
    assert len(t.standings(1)) == 7


def test_round_2_pairs_each_division_on_its_own_standings_and_the_checker_agrees():
    """A (nearest not yet met, FISC I.1 B): Anna (1) with Biel (½, the nearest she has not met), then Dani (½)
    with Carla (0). B: the bye goes to the lowest without one (Eva: Gemma had it, FISC I.1 C), Ferran
    meets Gemma. No one meets a player of the other division."""
    t = played_round_1()
    drafted = t.draft(2, META)
    pairs = {frozenset(x for x in (p.first, p.second) if x) for p in drafted}
    assert pairs == {frozenset({"p1", "p2"}), frozenset({"p4", "p3"}), frozenset({"p6", "p7"}), frozenset({"p5"})}
    assert [p.table for p in drafted] == [1, 2, 3, 4]
    assert all(p.why.startswith("division A") for p in drafted[:2]) and all(p.why.startswith("division B")
                                                                             for p in drafted[2:])
    again, _ = t.derive(2)
    assert tables(again) == tables(drafted)


def test_a_division_is_named_in_one_to_twenty_characters():
    t = entered()
    with pytest.raises(TournamentError) as refused:
        t.register("Hug", META, division=" ")
    assert refused.value.field == "division"
    with pytest.raises(TournamentError):
        t.register("Hug", META, division="x" * 21)


def test_a_tournament_without_divisions_is_one_division_a_as_before():
    t = Tournament.create("Obert", "fisc-2023", "fisc-2023", 5, META)
    for name, rating in A:
        t.register(name, META, rating=rating)
    assert t.divisions == ["A"]
    assert tables(t.draft(1, META)) == [(1, "p1", "p3"), (2, "p2", "p4")]
    assert not t.drafts["1"]["pairings"][0]["why"].startswith("division")
