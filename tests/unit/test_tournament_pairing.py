"""Pairings: FISC I.1 (Swiss: A no rematch, B nearest in the standings, C the bye; round 1 halves),
AJS 4.1.1 (king of the hill), FILE 4.1 (the first named starts), and Berger round-robin tables."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournament.pairing import History, Pairing, Within, first_round, king_of_the_hill, round_robin, swiss

P = [f"p{i}" for i in range(1, 10)]


def pairs(tables):
    return [(t.first, t.second) for t in tables]


def test_fisc_i1_round_one_top_half_against_bottom_half_and_the_last_of_an_odd_field_has_the_bye():
    """FISC I.1: «aparellant els jugadors de la primera meitat de la graella ... amb els de la segona meitat»."""
    assert pairs(first_round(P[:8])) == [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")]
    tables = first_round(P)
    assert tables[-1] == Pairing(5, "p9", None, tables[-1].why) and "FISC I.1 C" in tables[-1].why


def test_fisc_i1_b_swiss_pairs_the_nearest_in_the_standings():
    """FISC I.1 B: «la distància en la classificació entre els dos jugadors ha de ser mínima»."""
    history = History.of([[Pairing(1, "p1", "p5", ""), Pairing(2, "p2", "p6", ""), Pairing(3, "p3", "p7", ""),
                           Pairing(4, "p4", "p8", "")]])
    ranked = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]
    points = {p: 1.0 for p in ranked[:4]}
    assert sorted(pairs(swiss(ranked, points, history)), key=str) == sorted(
        [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8")], key=str)


def test_fisc_i1_a_no_rematch_backtracks_so_the_rest_can_be_paired():
    """FISC I.1 A: «Dos jugadors no s'enfrontaran entre ells més d'un cop». A has met B, and B has met D:
    A-C would leave B-D, a rematch, so A meets D and B meets C; the reason says why."""
    history = History.of([[Pairing(1, "A", "B", "")], [Pairing(1, "B", "D", "")]])
    tables = swiss(["A", "B", "C", "D"], {}, history)
    assert {frozenset(p) for p in pairs(tables)} == {frozenset(("A", "D")), frozenset(("B", "C"))}
    assert "unpairable" in tables[0].why


def test_a_rematch_only_when_no_pairing_avoids_it():
    """FISC I.1 A, «no ... més d'un cop», cannot hold for two players in a second round: they meet again, said so."""
    history = History.of([[Pairing(1, "A", "B", "")]])
    tables = swiss(["A", "B"], {}, history)
    assert {tables[0].first, tables[0].second} == {"A", "B"} and "again" in tables[0].why


def test_fisc_i1_c_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one():
    """FISC I.1 C: «l'últim classificat rebrà un punt i no jugarà»; not twice while another has had none."""
    history = History.of([[Pairing(1, "A", "B", ""), Pairing(2, "C", None, "")]])
    tables = swiss(["A", "B", "C"], {}, history)
    assert (tables[-1].first, tables[-1].second) == ("B", None)


def test_file_4_1_the_first_named_starts_and_starts_are_balanced():
    """FILE 4.1: the first player on the pairing list starts; the one who started fewer games is named first."""
    history = History.of([[Pairing(1, "A", "C", ""), Pairing(2, "B", "D", "")]])
    tables = swiss(["A", "B", "C", "D"], {}, history)
    # A and B have each started once; they meet: the higher-ranked A is named first. C and D: neither started
    assert pairs(tables) == [("A", "B"), ("C", "D")]
    history2 = History.of([[Pairing(1, "A", "C", "")], [Pairing(1, "A", "D", "")]])
    assert pairs(swiss(["A", "B"], {}, history2))[0] == ("B", "A")  # A started twice, B never


def test_ajs_4_1_1_king_of_the_hill_pairs_by_the_last_standings():
    """AJS 4.1.1: «el 1º jugará contra el 2º, el 3º contra el 4º», and no player gets a second bye."""
    history = History.of([[Pairing(1, "E", None, "")]])
    tables = king_of_the_hill(["A", "B", "C", "D", "E"], history)
    # E, last, had a bye: the next lowest, D, gets it, and the rest pair down the standings
    assert pairs(tables) == [("A", "B"), ("C", "E"), ("D", None)]


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_berger_tables_meet_everyone_once_and_an_odd_field_rests_once_each(n):
    players = P[:n]
    rounds = n - 1 if n % 2 == 0 else n
    met: list[frozenset] = []
    byes: list[str] = []
    for r in range(1, rounds + 1):
        tables = round_robin(players, r)
        seen = [p for t in tables for p in (t.first, t.second) if p is not None]
        assert sorted(seen) == sorted(players)
        met += [frozenset((t.first, t.second)) for t in tables if t.second is not None]
        byes += [t.first for t in tables if t.second is None]
    assert sorted(met, key=sorted) == sorted({frozenset(c) for c in itertools.combinations(players, 2)}, key=sorted)
    assert sorted(byes) == (sorted(players) if n % 2 else [])


def _rematch_free_exists(players, history):
    if not players:
        return True
    a = players[0]
    return any(not history.have_met(a, b) and _rematch_free_exists([p for p in players[1:] if p != b], history)
               for b in players[1:])


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 9), st.integers(0, 5), st.integers(0, 10**6), st.sampled_from(list(Within)))
def test_swiss_pairs_everyone_once_and_avoids_every_avoidable_rematch(n, played, seed, within):
    rng = random.Random(seed)
    players = P[:n]
    past = []
    for _ in range(played):
        order = players[:]
        rng.shuffle(order)
        past.append([Pairing(i, order[2 * i], order[2 * i + 1], "") for i in range(n // 2)])
    history = History.of(past)
    points = {p: float(rng.randint(0, played)) for p in players}
    ranked = sorted(players, key=lambda p: -points[p])
    tables = swiss(ranked, points, history, within)
    seen = [p for t in tables for p in (t.first, t.second) if p is not None]
    assert sorted(seen) == sorted(players)
    unbyed = [p for p in players if not (n % 2 and p == tables[-1].first and tables[-1].second is None)]
    if _rematch_free_exists(unbyed, history):
        assert not any(t.second and history.have_met(t.first, t.second) for t in tables)
