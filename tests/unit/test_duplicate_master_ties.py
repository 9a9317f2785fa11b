"""AJS 3.2.3, «Elección de la jugada», on equal tops: «Si los contrincantes han encontrado dos o más jugadas máximas
que puntúan igual, se procederá a la elección de una de ellas al azar», and with a program: «Si el software utilizado
muestra todas las jugadas de máxima puntuación, el juez escogerá la maestra siguiendo el mismo criterio que en el caso
de gestión manual». So a computed master is taken among the equal tops the players found, when a valid slip reaches
the generator's best; only when none does, among the generator's own equal tops.

Round 1 of an AJS game, rack ``C A S A ? R O``, empty board (premiums: H8 double word, H4 and D8 double letter), by
hand:

- CASAR H4 and CARAS H4: C on H4 (3 × 2 = 6) + 1 + 1 + 1 + 1 on the star, word × 2 = 20;
- CASAR 8D and CARAS 8D (down from D8): C on D8 (6) + 1 + 1 + 1 + 1 on H8, × 2 = 20;
- CASA H8: (3 + 1 + 1 + 1) × 2 = 12;
- CASAS H4 with the blank as the last S, not marked: null (AJS 3.2.8), though it would score 20.

The generator's four equal tops are the four 20s; the players found CASAR 8D (seats 1 and 2) and CASAR H4 (seat 3).
"""

from __future__ import annotations

from domain.duplicate import Duplicate
from domain.game.meta import Meta

JUDGE = Meta("director:judge", "desk", "2026-03-01T10:00:00Z")
RACK = ["C", "A", "S", "A", "?", "R", "O"]
GENERATOR_TOPS = [("CASAR", "H4"), ("CASAR", "8D"), ("CARAS", "H4"), ("CARAS", "8D")]


def closed_round(slips: list[tuple[str, str]]) -> Duplicate:
    d = Duplicate.create("ajs-2012", [f"P{i}" for i in range(6)], JUDGE)
    assert d.start_round(JUDGE, rack=RACK) is None
    for seat, (word, coordinates) in enumerate(slips):
        d.submit_slip(seat, word, coordinates, JUDGE)
    d.close_round(JUDGE)
    for word in sorted({w for s in d.current["slips"].values() if not s["causes"] for w in s["words"]}):
        d.rule_word(word, True, JUDGE)
    return d


PLAYERS = [("CASA", "H8"), ("CASAR", "8D"), ("CASAR", "8D"), ("CASAR", "H4"), ("CASAS", "H4")]


def test_ajs_3_2_3_the_hand_scores_of_the_round():
    d = closed_round(PLAYERS)
    got = {int(k): (s["score"], s["causes"]) for k, s in d.current["slips"].items()}
    assert got == {0: (12, []), 1: (20, []), 2: (20, []), 3: (20, []), 4: (20, ["blank"])}
    assert [d.read(w, c).score for w, c in GENERATOR_TOPS] == [20, 20, 20, 20]


def test_ajs_3_2_3_a_computed_master_is_drawn_among_the_players_equal_tops_first():
    """Forty seeds: every master is one of the two plays the players found (never CARAS, which no player wrote, and
    never the null CASAS), both come up, and each is credited to the first seat that wrote it."""
    seen = set()
    for n in range(40):
        d = closed_round(PLAYERS)
        m = d.choose_master(JUDGE, computed=GENERATOR_TOPS, seed=f"seed-{n}", lexicon="es-small")
        assert m["method"] == "computed" and m["score"] == 20 and m["tops"] == 2, m
        seen.add((m["word"], m["coordinates"], m["seat"]))
    assert seen == {("CASAR", "8D", 1), ("CASAR", "H4", 3)}


def test_ajs_3_2_3_no_player_reached_the_top_so_the_generators_equal_tops_are_drawn_from():
    seen = set()
    for n in range(40):
        d = closed_round([("CASA", "H8"), ("CASAS", "H4")])  # 12, and a null 20
        m = d.choose_master(JUDGE, computed=GENERATOR_TOPS, seed=f"seed-{n}", lexicon="es-small")
        assert m["tops"] == 4 and m["seat"] is None and m["score"] == 20
        seen.add((m["word"], m["coordinates"]))
    assert seen == set(GENERATOR_TOPS)


def test_ajs_3_2_3_one_player_alone_at_the_top_is_the_master_whatever_the_seed():
    for n in range(10):
        d = closed_round([("CASA", "H8"), ("CARAS", "8D")])
        m = d.choose_master(JUDGE, computed=GENERATOR_TOPS, seed=f"s{n}", lexicon="es-small")
        assert (m["word"], m["coordinates"], m["seat"], m["tops"]) == ("CARAS", "8D", 1, 1)


def test_ajs_3_2_3_a_valid_slip_above_the_generators_best_is_the_master():
    """The judge ruled CASAR valid though the loaded list lacks it (its best is CASA H8, 12): the master is the
    highest-scoring valid play, the player's 20 (before, the generator's 12 was refused as below a valid slip)."""
    d = closed_round([("CASA", "H8"), ("CASAR", "H4")])
    m = d.choose_master(JUDGE, computed=[("CASA", "H8")], seed="s", lexicon="es-small")
    assert (m["word"], m["coordinates"], m["seat"], m["score"], m["tops"]) == ("CASAR", "H4", 1, 20, 1)
