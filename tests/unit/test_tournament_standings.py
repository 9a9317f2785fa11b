"""Standings and tie-breaks, hand-worked from FISC I.1 and AJS 4.1.8, 4.1.9 and 4.1.11.

The four-player example (worked on paper):

| round | games |
|---|---|
| 1 | Anna 400-350 Biel; Carla 380-380 Dani |
| 2 | Anna 420-300 Carla; Biel 410-390 Dani |
| 3 | Anna 350-360 Dani; Biel 330-320 Carla |

Points: Anna 2, Biel 2, Dani 1½, Carla ½. Median-Buchholz in a 3-round event drops the lowest
opponent (FISC I.1: «fins a 6 rondes incloses»): Anna 2+1½ (Carla's ½ dropped) = 3½, Biel 2+1½ = 3½,
Carla 2+2 = 4, Dani 2+2 = 4. Berger: Anna beat Biel (2) and Carla (½) = 2½; Biel beat Dani (1½) and
Carla (½) = 2; Dani drew Carla (½ of ½) and beat Anna (2) = 2¼; Carla drew Dani (½ of 1½) = ¾.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournament import AJS, FISC, Kind, Result, TieBreak, Unplayed, standings

A, B, C, D = "Anna", "Biel", "Carla", "Dani"
EXAMPLE = [
    Result(1, A, B, (400, 350)), Result(1, C, D, (380, 380)),
    Result(2, A, C, (420, 300)), Result(2, B, D, (410, 390)),
    Result(3, A, D, (350, 360)), Result(3, B, C, (330, 320)),
]


def table(rows):
    return {row.player: row for row in rows}


def test_fisc_i1_points_median_buchholz_berger_spread_by_hand():
    """FISC I.1: 1 / ½ / 0; Median-Buchholz drops the worst opponent up to 6 rounds; Berger adds the
    beaten opponents' points and half the drawn ones'; then the spread and the points scored."""
    rows = standings([A, B, C, D], EXAMPLE, FISC, rounds=3)
    t = table(rows)
    assert [r.player for r in rows] == [A, B, D, C]
    assert [t[p].points for p in (A, B, C, D)] == [2, 2, 0.5, 1.5]
    mb = {p: t[p].tiebreaks[TieBreak.MEDIAN_BUCHHOLZ] for p in (A, B, C, D)}
    assert {p: f.value for p, f in mb.items()} == {A: 3.5, B: 3.5, C: 4.0, D: 4.0}
    assert mb[A].dropped == ((C, 0.5),) and sorted(mb[A].inputs) == [(B, 2.0), (D, 1.5)]
    berger = {p: t[p].tiebreaks[TieBreak.BERGER].value for p in (A, B, C, D)}
    assert berger == {A: 2.5, B: 2.0, C: 0.75, D: 2.25}
    spread = {p: t[p].tiebreaks[TieBreak.SPREAD].value for p in (A, B, C, D)}
    assert spread == {A: 160, B: -20, C: -130, D: -10}
    assert t[A].tiebreaks[TieBreak.POINTS_FOR].value == 1170
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_median_buchholz_drops_one_up_to_six_rounds_and_two_from_seven():
    """FISC I.1 («fins a 6 rondes incloses ... a partir de 7 rondes»); AJS 4.1.8.1 (6 rondas: 1; más de 6: 2)."""
    for rules in (FISC, AJS):
        assert [rules.dropped(n) for n in (5, 6, 7, 9, 15)] == [1, 1, 2, 2, 2]
    rows = table(standings([A, B, C, D], EXAMPLE, FISC, rounds=7))
    # Anna's opponents 2, 1½, ½: two dropped in a 7-round event, Biel's 2 is what is left
    assert rows[A].tiebreaks[TieBreak.MEDIAN_BUCHHOLZ].value == 2.0


def test_ajs_4_1_8_tie_breaks_in_order_reach_the_spread_when_buchholz_and_berger_tie():
    """AJS 4.1.8: Median Buchholz, Sonneborn-Berger, then the spread decides two players level on both."""
    results = [Result(1, A, B, (400, 300)), Result(1, C, D, (390, 380)),
               Result(2, A, D, (350, 360)), Result(2, C, B, (300, 410))]
    rows = standings([A, B, C, D], results, AJS, rounds=6)
    t = table(rows)
    # all four have 1 point; Buchholz (2 opponents, 1 dropped) is 1 for everyone, Berger 1 for everyone
    assert {t[p].points for p in t} == {1.0}
    assert {t[p].tiebreaks[TieBreak.MEDIAN_BUCHHOLZ].value for p in t} == {1.0}
    assert {t[p].tiebreaks[TieBreak.BERGER].value for p in t} == {1.0}
    assert [r.player for r in rows] == [A, B, D, C]  # spreads: Anna +90, Biel +10, Dani 0, Carla -100
    assert [t[p].tiebreaks[TieBreak.SPREAD].value for p in (A, B, D, C)] == [90, 10, 0, -100]


def test_fisc_i1_c_a_bye_is_worth_a_point_and_counts_as_no_opponent_in_buchholz():
    """FISC I.1 C: with an odd field the last player gets a point and does not play; the bye adds
    nothing to Buchholz or Berger under the default setting (a gap the director decides)."""
    results = [Result(1, A, B, (400, 300)), Result(1, C, None, kind=Kind.BYE)]
    t = table(standings([A, B, C], results, FISC, rounds=5))
    assert t[C].points == 1.0
    assert t[C].tiebreaks[TieBreak.MEDIAN_BUCHHOLZ].dropped == (("bye (round 1)", 0.0),)
    assert t[C].tiebreaks[TieBreak.SPREAD].value == 0


def test_ajs_4_1_11_1_no_show_is_300_0_and_both_absent_is_0_0_with_no_win():
    """AJS 4.1.11.1: the present player wins 300-0; if neither comes, 0-0 and no win for either."""
    results = [Result(1, A, B, kind=Kind.FORFEIT), Result(1, C, D, kind=Kind.BOTH_ABSENT)]
    t = table(standings([A, B, C, D], results, AJS, rounds=6))
    assert (t[A].points, t[B].points, t[C].points, t[D].points) == (1.0, 0.0, 0.0, 0.0)
    assert t[A].tiebreaks[TieBreak.SPREAD].value == 300 and t[B].tiebreaks[TieBreak.SPREAD].value == -300
    # a forfeit is not a game over the board: the average of points for leaves it out
    assert t[A].tiebreaks[TieBreak.AVERAGE_POINTS_FOR].value == 0.0


def test_the_unplayed_setting_decides_whether_a_forfeit_counts_the_real_opponent_in_berger():
    """The rulebooks are silent on unplayed games in Buchholz and Berger: ``unplayed`` is the director's
    choice, and flipping it changes the figure (zero, or the absent opponent's points)."""
    from dataclasses import replace
    results = [Result(1, A, B, kind=Kind.FORFEIT), Result(2, B, C, (400, 300)), Result(2, A, D, (300, 400))]
    zero = table(standings([A, B, C, D], results, FISC, rounds=5))
    real = table(standings([A, B, C, D], results, replace(FISC, unplayed=Unplayed.OPPONENT), rounds=5))
    assert zero[A].tiebreaks[TieBreak.BERGER].value == 0.0
    assert real[A].tiebreaks[TieBreak.BERGER].value == 1.0  # Biel won round 2: 1 point
    assert real[A].tiebreaks[TieBreak.BERGER].inputs == ((B, 1.0),)


def test_ajs_4_1_9_a_late_entry_bonus_counts_for_pairing_only():
    """AJS 4.1.9: a late entry gets half the rounds already played as points, removed at the end."""
    results = [Result(1, A, B, (400, 300)), Result(2, A, C, (400, 300)), Result(2, B, D, (300, 200))]
    for_pairing = table(standings([A, B, C, D], results, AJS, rounds=6, bonus={C: 0.5}))
    final = table(standings([A, B, C, D], results, AJS, rounds=6))
    assert for_pairing[C].points == 0.5 and final[C].points == 0.0


def test_ajs_4_1_8_6_the_drawing_of_lots_is_seeded_and_repeatable():
    """AJS 4.1.8.6: «Sorteo» last: the same recorded seed gives the same order, another may not."""
    results = [Result(1, A, B, (300, 300)), Result(1, C, D, (300, 300))]
    first = [r.player for r in standings([A, B, C, D], results, AJS, rounds=6, seed="round-1-lots")]
    again = [r.player for r in standings([A, B, C, D], results, AJS, rounds=6, seed="round-1-lots")]
    assert first == again
    assert len({r.rank for r in standings([A, B, C, D], results, AJS, rounds=6, seed="x")}) == 4


def test_without_lots_players_level_on_everything_share_a_rank():
    """FISC I.1 has no drawing of lots: two players level on points and every tie-break share the place."""
    results = [Result(1, A, B, (300, 300))]
    assert [r.rank for r in standings([A, B], results, FISC, rounds=5)] == [1, 1]


def test_a_result_refuses_what_cannot_happen():
    with pytest.raises(ValueError, match="scores"):
        Result(1, A, B)
    with pytest.raises(ValueError, match="bye"):
        Result(1, A, None)
    with pytest.raises(ValueError, match="themself"):
        Result(1, A, A, (1, 0))


@st.composite
def tournaments(draw):
    players = [f"p{i}" for i in range(draw(st.integers(2, 8)))]
    rounds = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 10**6)))
    results = []
    for r in range(1, rounds + 1):
        order = players[:]
        rng.shuffle(order)
        while len(order) >= 2:
            a, b = order.pop(), order.pop()
            kind = rng.choice([Kind.PLAYED] * 6 + [Kind.FORFEIT, Kind.BOTH_ABSENT])
            scores = (rng.randint(200, 600), rng.randint(200, 600)) if kind is Kind.PLAYED else None
            results.append(Result(r, a, b, scores, kind, (rng.randint(0, 3), rng.randint(0, 3))))
        if order:
            results.append(Result(r, order[0], None, kind=Kind.BYE))
    return players, rounds, results


def _plain(rows):
    return [(r.rank, r.player, r.points, {k: v.value for k, v in r.tiebreaks.items()}) for r in rows]


@settings(max_examples=60, deadline=None)
@given(tournaments(), st.randoms())
def test_the_standings_do_not_depend_on_the_order_results_arrive_in(t, rnd):
    players, rounds, results = t
    shuffled = results[:]
    rnd.shuffle(shuffled)
    for rules in (FISC, AJS):
        assert _plain(standings(players, results, rules, rounds=rounds, seed="s")) == \
            _plain(standings(players, shuffled, rules, rounds=rounds, seed="s"))


@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_the_standings_at_round_n_read_only_rounds_up_to_n(t):
    players, rounds, results = t
    for n in range(1, rounds + 1):
        early = [r for r in results if r.round <= n]
        assert _plain(standings(players, results, FISC, rounds=rounds, at=n)) == \
            _plain(standings(players, early, FISC, rounds=rounds))


def test_the_games_own_verdict_wins_over_the_scores_when_its_rules_decide_apart_from_them():
    """AJS 3.1.2.1 (via 4.1.11.1): 10 minutes over the time loses the game, even if the score after the
    100-point penalty still leads; the settlement's verdict is what the standings count."""
    results = [Result(1, A, B, (420, 380), outcome=("loss", "win"))]
    t = table(standings([A, B], results, AJS, rounds=6))
    assert (t[A].points, t[B].points) == (0.0, 1.0)
    assert t[A].tiebreaks[TieBreak.SPREAD].value == 40  # the spread is still the scores'
