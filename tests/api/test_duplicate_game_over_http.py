"""A whole duplicate game of twelve players through the API (AJS 2012 3.2), checked against an independent
computation written here from the articles.

The game is created with three rounds (a preset number of rounds: AJS 3.2.1) and the judge enters each
rack, so every slip is scored by hand below (premiums from TILES.md: H8 double word, H4 double letter,
F6 triple letter, G7 and I7 double letter on rows G and I):

Round 1, rack C A S A ? R O, empty board. Master: the judge takes seat 0's slip (manual, AJS 3.2.3).
  CASAs H4 / CAsAS H4: C on H4 (3×2) + A + S + A, the blank on the star: (6+1+1+1+0) × 2 = 18
  CARO H8, CASO H8, CASA 8H: (3+1+1+1) × 2 = 12;  ASA H8: (1+1+1) × 2 = 6
  CASAS H4 (the blank not marked): null, blank;  CASA without coordinates: null, coordinates;
  CASRA H8: ruled not valid by the judge: null, word;  seat 8 sends after «¡Tiempo!»: null, late;
  seat 9 sends nothing: null, late.
Round 2, rack R O + P E Z L A. Master computed by the move generator on the small Spanish list.
  PAZ 7G: P on G7 (3×2) + A (on the board) + Z on I7 (10×2) = 27, the only one: solo top, 12 / 2 = 6
  ZAR 7G: Z on G7 (10×2) + A + R on I7 (1×2) = 23;  PALA 5E, ROPA 5E: P or R on E5 ×2 word: 12;
  PESA 6F: P on F6 (3×3) + E + S + A = 12;  PAZ G7 forms PA across: not in the list: null, word;
  ZAR Z7: not a square: null, coordinates. Seat 11 is warned (AJS 3.2.8, first time).
Round 3, rack R O E L A + S T. Master entered by the judge: ZETA I7.
  ZETA I7: Z (board) + E + T on I9 (1×2) + A = 14, and SE down column 8 (0 + 1): 15
  PATO G7: P (board) + A + T on G9 (1×2) + O = 7, and AS down: 1: 8;  PESO G7: 7 + ES 1: 8;
  ESTA 5E, RATA 5E: E or R on E5, word ×2: (1+1+1+1) × 2 = 8.
  Seat 11 is sanctioned a second time: the round's play is zero (AJS 3.2.8).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from domain.tiles import SPANISH
from service.lexicon.library import load_word_list
from tests.api.conftest import Api, _api

LEXICON = Path(__file__).resolve().parents[1] / "data" / "lexicon" / "es_small.txt"
N = 12

# round -> seat -> (word, coordinates, the score it is worth by hand, or 0 with the cause)
SLIPS: dict[int, dict[int, tuple[str, str, int, str | None]]] = {
    1: {0: ("CASAs", "H4", 18, None), 1: ("CAsAS", "H4", 18, None), 2: ("CASAS", "H4", 0, "blank"),
        3: ("CASA", "", 0, "coordinates"), 4: ("CASRA", "H8", 0, "word"), 5: ("CARO", "H8", 12, None),
        6: ("CASO", "H8", 12, None), 7: ("CASA", "8H", 12, None), 10: ("CASAs", "H4", 18, None),
        11: ("ASA", "H8", 6, None)},
    2: {0: ("ZAR", "7G", 23, None), 1: ("PALA", "5E", 12, None), 2: ("ROPA", "5E", 12, None),
        3: ("PAZ", "G7", 0, "word"), 4: ("ZAR", "7G", 23, None), 5: ("PAZ", "7G", 27, None),
        6: ("PALA", "5E", 12, None), 7: ("ZAR", "7G", 23, None), 8: ("ZAR", "Z7", 0, "coordinates"),
        9: ("ROPA", "5E", 12, None), 10: ("ZAR", "7G", 23, None), 11: ("PESA", "6F", 12, None)},
    3: {0: ("PATO", "G7", 8, None), 1: ("PATO", "G7", 8, None), 2: ("ZETA", "I7", 15, None),
        3: ("ESTA", "5E", 8, None), 4: ("ZETA", "I7", 15, None), 5: ("PESO", "G7", 8, None),
        6: ("ZETA", "I7", 15, None), 7: ("RATA", "5E", 8, None), 8: ("ZETA", "I7", 15, None),
        9: ("ZETA", "I7", 15, None), 10: ("ESTA", "5E", 8, None), 11: ("RATA", "5E", 0, "conduct")},
}
LATE = {1: {8: ("CASAs", "H4")}}  # sent after «¡Tiempo!»
MISSING = {1: [9]}  # sent nothing
RACKS = {1: ["C", "A", "S", "A", "?", "R", "O"], 2: ["R", "O", "P", "E", "Z", "L", "A"],
         3: ["R", "O", "E", "L", "A", "S", "T"]}
MASTERS = {1: ("CASAs", "H4", 18), 2: ("PAZ", "7G", 27), 3: ("ZETA", "I7", 15)}


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    data = tmp_path / "data"
    load_word_list("es-small", LEXICON, SPANISH, data)
    yield from _api(str(data))


def expected_ranking() -> list[tuple[int, int, float]]:
    """(rank, seat, total) from the articles: each round's score as scored by hand above, 0 for a null
    (AJS 3.2.8) or a missing or late slip; a bonus of N/2 to the only player with a round's best play
    when 10 <= N <= 50 (AJS 3.2.11); ordered by total, equal totals by the highest play, then the next
    (AJS 3.2.10), still equal: the same rank."""
    plays = {seat: [] for seat in range(N)}
    bonus = {seat: 0.0 for seat in range(N)}
    for round_no, slips in SLIPS.items():
        scores = {seat: slips[seat][2] if seat in slips else 0 for seat in range(N)}
        for seat, score in scores.items():
            plays[seat].append(score)
        best = max(scores.values())
        tops = [seat for seat, score in scores.items() if score == best]
        if len(tops) == 1 and 10 <= N <= 50:
            bonus[tops[0]] += N / 2
    key = {seat: (-(sum(plays[seat]) + bonus[seat]), sorted((-p for p in plays[seat]))) for seat in range(N)}
    ordered = sorted(range(N), key=lambda s: (key[s], s))
    out, rank = [], 0
    for i, seat in enumerate(ordered):
        if i == 0 or key[seat] != key[ordered[i - 1]]:
            rank = i + 1
        out.append((rank, seat, sum(plays[seat]) + bonus[seat]))
    return out


def test_the_expected_ranking_is_worked_by_hand_too():
    """The independent computation, checked against the totals added up by hand from the module docstring."""
    assert expected_ranking()[:4] == [(1, 5, 53.0), (2, 0, 49.0), (2, 10, 49.0), (4, 7, 43.0)]
    # 38 each: seat 4's best play (23) beats seat 1's (18), AJS 3.2.10
    assert [(r, s) for r, s, t in expected_ranking() if t == 38] == [(6, 4), (7, 1)]


def test_twelve_players_play_a_whole_duplicate_through_the_api(api: Api):
    director = api.tokens["director"]
    spectator = api.games.issue_token("spectator", "hall screen", "test")[0]
    created = api.post("/v1/duplicates", director, {"profile": "ajs-2012", "players": [f"P{i}" for i in range(N)],
                                                    "draw": "judge", "rounds": 3})
    assert created.status_code == 201, created.text
    did = created.json()["id"]
    players = [t["token"] for t in created.json()["tokens"]]
    base = f"/v1/duplicates/{did}"

    def ok(path: str, token: str, body: dict | None = None) -> dict:
        r = api.post(base + path, token, body or {})
        assert r.status_code == 200, (path, r.text)
        return r.json()

    for round_no in (1, 2, 3):
        started = ok("/rounds", director, {"rack": RACKS[round_no]})
        assert started["result"]["rack"] == RACKS[round_no]
        if round_no == 2:
            ok("/sanctions", director, {"seat": 11, "reason": "comments aloud"})
        if round_no == 3:
            assert ok("/sanctions", director, {"seat": 11, "reason": "again"})["result"] == {"kind": "zero"}
        for seat, (word, coords, _, _) in SLIPS[round_no].items():
            sent = ok(f"/rounds/{round_no}/slips", players[seat], {"word": word, "coordinates": coords})
            assert sent["result"]["seat"] == seat
        if round_no == 1:  # no player sees another's slip before «¡Tiempo!»; the judge sees them all
            view = api.get(f"{base}/rounds/1", players[1]).json()
            assert [s["seat"] for s in view["slips"]] == [1]
            assert api.get(f"{base}/rounds/1", spectator).json()["slips"] == []
            assert len(api.get(f"{base}/rounds/1", director).json()["slips"]) == len(SLIPS[1])
            assert api.get(f"{base}/sheets/0", players[1]).status_code == 403
        closed = ok(f"/rounds/{round_no}/close", director)
        assert sorted(closed["result"]["missing"]) == sorted([*LATE.get(round_no, {}), *MISSING.get(round_no, [])])
        for seat, (word, coords) in LATE.get(round_no, {}).items():
            late = ok(f"/rounds/{round_no}/slips", players[seat], {"word": word, "coordinates": coords})
            assert late["result"]["causes"] == ["late"]
        if round_no == 1:
            again = api.post(f"{base}/rounds/1/slips", players[0], {"word": "CASA", "coordinates": "H8"})
            assert again.status_code == 422 and again.json()["code"] == "round_closed"
            assert "3.2.8" in again.json()["article"]
            assert len(api.get(f"{base}/rounds/1", players[1]).json()["slips"]) == len(SLIPS[1]) + 1
            for word, valid in (("CASAS", True), ("CASA", True), ("CARO", True), ("CASO", True), ("ASA", True),
                                ("CASRA", False)):
                ok("/rulings", director, {"word": word, "valid": valid})
            master = ok("/rounds/1/master", director, {"seat": 0})["result"]
            assert master["method"] == "slip"
        elif round_no == 2:
            master = ok("/rounds/2/master", director, {"computed": True, "lexicon": "es-small"})["result"]
            assert master["method"] == "computed" and master["lexicon"] == "es-small" and master["tops"] == 1
            assert master["by"].startswith("director:")
        else:
            for word in ("PATO", "ZETA", "SE", "ESTA", "RATA", "PESO", "ES"):
                ok("/rulings", director, {"word": word, "valid": True})
            master = ok("/rounds/3/master", director, {"word": "ZETA", "coordinates": "I7"})["result"]
            assert master["method"] == "entered"
        assert (master["word"], master["coordinates"], master["score"]) == MASTERS[round_no]
        published = ok(f"/rounds/{round_no}/publish", director)["result"]
        for seat in range(N):
            word_coords_score_cause = SLIPS[round_no].get(seat)
            expected = word_coords_score_cause[2] if word_coords_score_cause else 0
            got = published["results"][str(seat)]
            assert got["score"] == expected, (round_no, seat, got)
            cause = word_coords_score_cause[3] if word_coords_score_cause else "late"
            assert (cause in got["causes"]) if cause else got["causes"] == [], (round_no, seat, got)
        assert published["solo_top"] == (5 if round_no == 2 else None)

    ended = ok("/rounds", director, {})
    assert ended["result"]["ended"] == "rounds" and ended["phase"] == "ended"

    ranking = api.get(f"{base}/ranking", spectator).json()
    got = [(row["rank"], row["seat"], row["total"]) for row in ranking["rows"]]
    assert got == expected_ranking()
    assert ranking["master_total"] == 18 + 27 + 15
    five = next(row for row in ranking["rows"] if row["seat"] == 5)
    assert five["bonus"] == 6 and five["percent"] == round(100 * 47 / 60, 2)

    own = api.get(f"{base}/sheets/5", players[5]).json()
    assert [row["score"] for row in own["rows"]] == [12, 27, 8] and own["total"] == 53
    assert own["rows"][1]["master"] == {"word": "PAZ", "coordinates": "7G", "score": 27}

    lexicon_rulings = api.app.state.duplicates.get(UUID(did)).rulings
    assert lexicon_rulings["PA"] == {**lexicon_rulings["PA"], "valid": False, "source": "lexicon:es-small",
                                     "advisory": True}

    csv = api.get(f"{base}/results.csv", director)
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0] == "rank,seat,player,total,points,bonus,percent,master_total,round_1,round_2,round_3"
    assert lines[1] == "1,5,P5,53,47,6,78.33,60,12,27,8"
