"""The interchange files as their own readers read them (issue 27, "Interchange files").

- TRF16 (FIDE Handbook C.04 Annex 2): read back by a fixed-column reader written here from the annex
  (columns counted in characters) and by PyPI's ``trf`` package, which is not ours: the FIDE number
  in columns 58-68 (a federation id such as ``AJS-0004`` left blank, with a note), the 022, 032 and
  102 lines, a name over 33 columns cut with a note, CR LF line ends, accented names in characters.
- tsh ``.t``: tsh's reading reproduced from its manual ("Entering results": a bye is one player
  number and one score, "usually 50, or -50 for a forfeit"; ``TSH::Player::RoundGameSpread``: a
  player without an opponent has the score as the game's spread) and its totals compared with
  Planilla's standings: a FISC bye (1 point, FISC I.1 C), both absent (AJS 4.1.11.1: no points for
  either), a round not paired (a late entry, AJS 4.1.9), a forfeit (300-0).
- AUPAIR ``.TOU``: names over 20 columns cut with a note, every cell at its column.
"""

from __future__ import annotations

import unicodedata

import pytest
import trf as pypi_trf

from domain.tournament import FISC, standings
from domain.tournament.formats import Entry, Line, Sheet, export, results_of, tou, trf, tsh
from domain.tournament.results import Kind

LONG = "Ibáñez Bosch, Queralt Maria Montserrat"  # 38 characters, 42 bytes in UTF-8
PLAYERS = (
    Entry(1, "Anna Puig", 1900, "2205123", "Mots i Més"),  # a FIDE number
    Entry(2, LONG, 1850, "AJS-0004", ""),  # a federation's own id
    Entry(3, unicodedata.normalize("NFD", "Núria Güell"), 1800, "", ""),  # typed decomposed
    Entry(4, "Dani Mas", 1750, "FISC-0004", ""),
    Entry(5, "Emma Soler", 1700, "", ""),
    Entry(6, "Ferran Gil", 1650, "", ""),
)
LINES = (
    Line(1, 1, 3, (420, 380), Kind.PLAYED),
    Line(1, 2, 4, (390, 390), Kind.PLAYED),
    Line(1, 5, None, (0, 0), Kind.BYE),  # FISC I.1 C: one point, no score
    Line(2, 2, 1, (350, 402), Kind.PLAYED),
    Line(2, 3, 5, (300, 0), Kind.FORFEIT),  # AJS 4.1.11.1: 300-0
    Line(2, 4, 6, (0, 0), Kind.BOTH_ABSENT),  # AJS 4.1.11.1: no points for either
)
DETAILS = {"city": "Molins de Rei", "federation": "ESP", "chief_arbiter": "Joan Ferrer"}
SHEET = Sheet("Obert de Molins", 5, PLAYERS, LINES, "2025-06-14", {"details": DETAILS}).sorted()


def our_points() -> dict[int, float]:
    rows = standings([f"p{e.number}" for e in PLAYERS], results_of(SHEET), FISC, rounds=5)
    return {int(r.player[1:]): r.points for r in rows}


# ---- TRF16 ----------------------------------------------------------------------------------------
def annex_columns(line: str) -> dict[str, str]:
    """A 001 line cut at the annex's columns (1-based, inclusive), counted in characters."""
    def col(a: int, b: int) -> str:
        return line[a - 1:b]
    rounds = [(col(92 + 10 * k, 95 + 10 * k), col(97 + 10 * k, 97 + 10 * k), col(99 + 10 * k, 99 + 10 * k))
              for k in range((len(line) - 91 + 9) // 10)]
    return {"code": col(1, 3), "rank": col(5, 8), "name": col(15, 47), "rating": col(49, 52),
            "federation": col(54, 56), "fide_id": col(58, 68), "birth": col(70, 79), "points": col(81, 84),
            "place": col(86, 89), "rounds": rounds}


def test_trf16_columns_counted_in_characters_with_the_fide_number_and_cr_lf():
    text, notes = export(SHEET, "trf")
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")  # every line ends CR LF
    lines = text.split("\r\n")[:-1]
    assert lines[:8] == ["012 Obert de Molins", "022 Molins de Rei", "032 ESP", "042 2025/06/14", "062 6",
                         "092 Individual: Swiss-System", "102 Joan Ferrer", "XXR 5"]
    players = [annex_columns(x) for x in lines if x.startswith("001")]
    assert [p["rank"] for p in players] == ["   1", "   2", "   3", "   4", "   5", "   6"]
    assert [p["fide_id"] for p in players] == ["    2205123"] + [" " * 11] * 5  # AJS-0004, FISC-0004: blank
    assert players[1]["name"] == LONG[:33] and players[2]["name"].rstrip() == "Núria Güell"  # NFC: 11 columns
    assert [p["rating"] for p in players] == ["1900", "1850", "1800", "1750", "1700", "1650"]
    assert [p["points"] for p in players] == [" 2.0", " 0.5", " 1.0", " 0.5", " 1.0", " 0.0"]
    assert players[4]["rounds"] == [("0000", "-", "U"), ("   3", "b", "-")]
    assert players[5]["rounds"] == [("0000", "-", "Z"), ("   4", "b", "-")]
    # the same columns whatever the name's bytes: the accented lines are as long as the plain ones
    assert len({len(x) for x in lines if x.startswith("001") and x.endswith(("-", "0", "1", "="))}) == 1
    said = {n.code: n for n in notes}
    assert said["trf.fide_id"].players == (2, 4) and "not FIDE numbers" in said["trf.fide_id"].message
    assert said["trf.name_cut"].players == (2,) and "38 characters, cut to 33" in said["trf.name_cut"].message
    assert "trf.no_scores" in said and "trf.header" not in said


def test_trf16_read_by_pypi_trf_a_reader_that_is_not_ours():
    text, _ = export(SHEET, "trf")
    read = pypi_trf.loads(text)
    assert (read.name, read.city, read.federation, read.chiefarbiter) == (
        "Obert de Molins", "Molins de Rei", "ESP", "Joan Ferrer")
    assert [p.id for p in read.players] == [2205123, None, None, None, None, None]
    assert [p.name for p in read.players] == ["Anna Puig", LONG[:33], "Núria Güell", "Dani Mas", "Emma Soler",
                                              "Ferran Gil"]
    assert {p.startrank: p.points for p in read.players} == our_points()
    assert [(g.startrank, g.color, g.result) for g in read.players[2].games] == [(1, "b", "0"), (5, "w", "+")]


def test_trf16_says_which_header_lines_it_had_no_data_for():
    _, notes = export(Sheet("Obert", 5, PLAYERS[:2], (), "2025-06-14"), "trf")
    header = [n for n in notes if n.code == "trf.header"]
    assert len(header) == 1 and "022 (city), 032 (federation), 102 (chief arbiter)" in header[0].message


def test_the_trf16_reader_reads_cr_lf_and_the_new_header_lines_back():
    text, _ = export(SHEET, "trf")
    read = trf.read_trf(text)
    assert read.extra["details"] == DETAILS and read.players[0].federation_id == "2205123"


# ---- tsh -------------------------------------------------------------------------------------------
def tsh_reading(text: str) -> dict[int, float]:
    """Wins as tsh reads a .t file (its own fields only; Planilla's pl* fields are unknown to it): the player's
    number is the line's; a game is won, tied or lost by the sign of (own score - opponent's score); with
    opponent 0 (a bye) the spread is the player's own score (tsh's manual: a bye is entered as one player and
    one score, 50, or -50 for a forfeit)."""
    rows = []
    for raw in text.splitlines():
        head, _, rest = raw.partition(";")
        scores = [int(x) for x in rest.split(";")[0].split()]
        tokens = head.split()
        opponents = [int(x) for x in tokens[len(tokens) - len(scores):]]
        rows.append((opponents, scores))
    wins = {}
    for number, (opponents, scores) in enumerate(rows, start=1):
        total = 0.0
        for r, (opponent, score) in enumerate(zip(opponents, scores)):
            spread = score - (rows[opponent - 1][1][r] if opponent else 0)
            total += 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0
        wins[number] = total
    return wins


def test_tsh_reads_a_fisc_bye_and_a_double_absence_with_our_totals_fisc_i_1_c_ajs_4_1_11_1():
    """FISC I.1 C: the bye scores a point (tsh: opponent 0, a score above 0); AJS 4.1.11.1: both absent, no
    points for either (tsh: opponent 0, a score below 0 each); a round not paired: no points."""
    text, notes = export(SHEET, "tsh")
    assert tsh_reading(text) == our_points()
    assert our_points() == {1: 2.0, 2: 0.5, 3: 1.0, 4: 0.5, 5: 1.0, 6: 0.0}  # 4 and 6: nothing for round 2
    codes = {n.code: n.players for n in notes}
    assert codes == {"tsh.bye": (5,), "tsh.both_absent": (4, 6), "tsh.not_paired": (6,)}
    assert tsh.read_t(text, rounds=5).lines == SHEET.lines  # Planilla's plreal and plkind give it all back


def test_the_live_feed_reads_the_same_way():
    import json
    feed = json.loads(export(SHEET, "tsh-json")[0])
    players = feed["divisions"][0]["players"][1:]
    as_t = "\n".join(f"{p['name']} {p['rating']} {' '.join(map(str, p['pairings']))}; "
                     f"{' '.join(map(str, p['scores']))}" for p in players)
    assert tsh_reading(as_t) == our_points()


def test_a_file_from_tsh_without_planillas_fields_reads_a_negative_bye_as_no_points():
    """A forfeit entered in tsh as one player and -50 (its manual) is not a bye in Planilla: no points."""
    sheet = tsh.read_t("Anna 1900 2 0; 400 50\nBiel 1800 1 0; 300 -50\n", rounds=5)
    assert [(x.round, x.first, x.second, x.kind) for x in sheet.lines] == [(1, 1, 2, Kind.PLAYED),
                                                                          (2, 1, None, Kind.BYE)]


# ---- AUPAIR .TOU ----------------------------------------------------------------------------------------
def test_tou_names_over_twenty_columns_are_cut_and_every_cell_stays_at_its_column():
    players = (Entry(1, "Ibáñez Bosch, Queralt", 1800), Entry(2, "Anna Puig"), Entry(3, "x" * 40))
    sheet = Sheet("Obert", 5, players, (Line(1, 1, 2, (420, 380)), Line(2, 3, 1, (300, 410))), "2025-06-14")
    text, notes = export(sheet, "tou")
    rows = [x for x in text.splitlines() if not x.startswith("*")]
    assert [x[0:20] for x in rows] == ["Ibáñez Bosch, Queral", "Anna Puig           ", "x" * 20]
    # round 1: score columns 21-25, opponent 26-29; round 2: 30-34 and 35-38
    assert [(x[20:25], x[25:29], x[29:34], x[34:38]) for x in rows] == [
        (" 2420", "  +2", " 2410", "   3"), ("  380", "   1", "    0", "   2"), ("    0", "   3", "  300", "  +1")]
    assert [(n.code, n.players) for n in notes] == [("tou.name_cut", (1,)), ("tou.name_cut", (3,))]
    assert "21 characters" in notes[0].message and "40 characters" in notes[1].message
    assert [e.name for e in tou.read_tou(text).players] == ["Ibáñez Bosch, Queral", "Anna Puig", "x" * 20]


def test_trf16_says_when_several_divisions_are_written_as_one_field():
    divided = (Entry(1, "Anna Puig", division="A"), Entry(2, "Biel Roca", division="B"))
    _, notes = export(Sheet("Obert", 5, divided, (), "2025-06-14"), "trf")
    assert [n.code for n in notes if n.code == "trf.divisions"] == ["trf.divisions"]
    _, one = export(Sheet("Obert", 5, divided, (), "2025-06-14"), "trf", division="B")
    assert "trf.divisions" not in [n.code for n in one]
