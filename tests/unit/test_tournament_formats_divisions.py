"""Divisions in the interchange files, against files written by hand (``tests/data/tournament/divisions*``):
tsh keeps one ``.t`` file a division and its live feed lists every division; AUPAIR's ``.TOU`` gives each
division a block (``*A``, ``*B``); the CSVs carry a ``division`` column; FIDE's TRF16 has no place for one.

The event, worked by hand: seven players entered in this order, Anna (A, 1900), Emma (B, 1700), Biel (A,
1850), Ferran (B, 1650), Carla (A, 1800), Gemma (B, 1600), Dani (A, 1750): numbered 1 to 7 in the whole
sheet (entry order), and within each division's files A: Anna 1, Biel 2, Carla 3, Dani 4; B: Emma 1,
Ferran 2, Gemma 3. Round 1 by rating in each division (FISC I.1): Anna-Carla 410-380, Biel-Dani 350-395;
Emma-Ferran 400-400; Gemma the last of B's odd field, the bye (FISC I.1 C). Round 2: A ranks Dani (1 point,
+45), Anna (1, +30), Carla (0, -30), Biel (0, -45): Dani meets Anna and is named first (no game started
yet, FILE 4.1), 370-420; Carla meets Biel, named first, 300-360. B ranks Gemma (1), then Emma and Ferran
(½ each, equal on every tie-break, in the order they entered): the bye to Ferran, the lowest without one;
Gemma meets Emma, Gemma named first (no game started), 390-410.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.game.meta import Meta
from domain.tournament.aggregate import Tournament
from domain.tournament.formats import Entry, FormatError, Line, Sheet, joined, sheet_of, tables, tou, trf, tsh, write
from domain.tournament.results import Kind

DATA = Path(__file__).resolve().parents[1] / "data" / "tournament"
META = Meta("director:ana", "laptop", "2025-06-14T09:00:00.000Z")
PLAYERS = (Entry(1, "Anna Puig", 1900, division="A"), Entry(2, "Emma Soler", 1700, division="B"),
           Entry(3, "Biel Roca", 1850, division="A"), Entry(4, "Ferran Gil", 1650, division="B"),
           Entry(5, "Carla Vidal", 1800, division="A"), Entry(6, "Gemma Pons", 1600, division="B"),
           Entry(7, "Dani Mas", 1750, division="A"))
LINES = (
    Line(1, 1, 5, (410, 380)), Line(1, 2, 4, (400, 400)), Line(1, 3, 7, (350, 395)), Line(1, 6, None, (0, 0), Kind.BYE),
    Line(2, 4, None, (0, 0), Kind.BYE), Line(2, 5, 3, (300, 360)), Line(2, 6, 2, (390, 410)), Line(2, 7, 1, (370, 420)),
)
SHEET = Sheet("Obert per divisions", 5, PLAYERS, LINES, "2025-06-14")


def golden(name: str) -> str:
    return (DATA / name).read_bytes().decode("utf-8")  # as written: TRF16's lines end CR LF


def the_tournament() -> Tournament:
    """The event through the aggregate: each round drafted by the system, each game's result recorded."""
    t = Tournament.create("Obert per divisions", "fisc-2023", "fisc-2023", 5, META)
    for e in PLAYERS:
        t.register(e.name, META, rating=e.rating, division=e.division)
    for round_no in (1, 2):
        drafted = t.draft(round_no, META)
        t.publish(round_no, {p.table: f"g{round_no}-{p.table}" for p in drafted if p.second}, META)
        for p in drafted:
            if p.second:
                line = next(x for x in LINES if x.round == round_no and x.first == int(p.first[1:]))
                assert line.second == int(p.second[1:]), (round_no, p)  # the pairing worked by hand
                t.record_game(f"g{round_no}-{p.table}", 40, list(line.scores), [0, 0], META)
    return t


def by_division(sheet: Sheet) -> dict[str, tuple[tuple[tuple[str, str], ...], tuple[Line, ...]]]:
    """Each division's players (name, division) and tables, numbered within the division."""
    return {d: (tuple((e.name, e.division) for e in sheet.division(d).players), sheet.division(d).lines)
            for d in sheet.divisions}


def test_the_tournaments_sheet_is_the_one_worked_by_hand():
    sheet = sheet_of(the_tournament(), date="2025-06-14")
    assert sheet.players == PLAYERS and sheet.lines == LINES and sheet.divisions == ["A", "B"]
    assert sheet.division("B").players == (Entry(1, "Emma Soler", 1700, division="B"),
                                           Entry(2, "Ferran Gil", 1650, division="B"),
                                           Entry(3, "Gemma Pons", 1600, division="B"))
    # after round 2, B: Emma 1½ and Ferran 1½ (Median-Buchholz 1½ each; Berger: Emma ¾ for the draw + 1 for
    # beating Gemma, Ferran ¾), Gemma 1 (FISC I.1): ranked 1, 2, 3 within B, as the TRF's rank column writes them
    assert sheet.division("B").extra["ranks"] == {1: 1, 2: 2, 3: 3}


@pytest.mark.parametrize("fmt, division, name", [
    ("tsh", "A", "divisions-a.t"), ("tsh", "B", "divisions-b.t"), ("tou", None, "divisions.TOU"),
    ("csv-players", None, "divisions-players.csv"), ("csv-results", None, "divisions-results.csv")])
def test_each_writer_gives_the_hand_written_file(fmt, division, name):
    assert write(sheet_of(the_tournament(), date="2025-06-14"), fmt, division) == golden(name)


def test_the_live_feed_lists_every_division_as_written_by_hand():
    assert json.loads(write(SHEET, "tsh-json")) == json.loads(golden("divisions-feed.json"))


def test_tsh_keeps_one_file_a_division_so_a_sheet_of_two_needs_the_division_named():
    with pytest.raises(FormatError) as refused:
        write(SHEET, "tsh")
    assert refused.value.field == "division" and "A, B" in refused.value.message
    with pytest.raises(FormatError) as refused:
        write(SHEET, "tou", "C")
    assert refused.value.field == "division"


def test_each_file_reads_back_every_division():
    expected = by_division(SHEET)
    from_t = joined([tsh.read_t(golden("divisions-a.t"), division="A"), tsh.read_t(golden("divisions-b.t"),
                                                                                     division="B")])
    assert by_division(from_t) == expected
    assert by_division(tsh.read_live(golden("divisions-feed.json"))) == expected
    assert by_division(tou.read_tou(golden("divisions.TOU"))) == expected
    only_b = tsh.read_live(golden("divisions-feed.json"), division="B")
    assert only_b.divisions == ["B"] and only_b.lines == SHEET.division("B").lines
    players = tables.read_players(golden("divisions-players.csv"))
    assert tuple(players) == PLAYERS
    assert tables.read_results(golden("divisions-results.csv"), players).lines == LINES


def test_a_results_row_naming_another_division_than_the_list_is_refused_with_its_line():
    text = golden("divisions-results.csv").replace("1,bye,6,Gemma Pons,0,,,,0,,B", "1,bye,6,Gemma Pons,0,,,,0,,A")
    with pytest.raises(FormatError) as refused:
        tables.read_results(text, PLAYERS)
    assert refused.value.field == "division" and refused.value.line == 5


def test_a_tou_division_twice_is_refused():
    with pytest.raises(FormatError) as refused:
        tou.read_tou("*M14.06.2025 X\n*A\nAnna 0 1\n*A\nBiel 0 1\n")
    assert refused.value.field == "division" and refused.value.line == 4


def test_trf16_has_no_place_for_a_division_so_one_is_written_on_its_own_when_asked():
    """FIDE's TRF16 ``001`` line has no division column: the whole field is written as one (read back, every
    player in A), or one division alone, numbered from 1."""
    whole = write(SHEET, "trf")
    assert sum(1 for x in whole.splitlines() if x.startswith("001")) == 7
    assert trf.read_trf(whole).divisions == ["A"]
    only_b = [x for x in write(SHEET, "trf", "B").splitlines() if x.startswith("001")]
    assert [x[14:47].strip() for x in only_b] == ["Emma Soler", "Ferran Gil", "Gemma Pons"]


def random_divided(seed: int, n: int, rounds: int) -> Sheet:
    """A random event in two or three divisions, each paired within itself (odd fields with a bye)."""
    rng = random.Random(seed)
    labels = ["A", "B", "Sub-18"][:rng.randint(2, 3)]
    players = tuple(Entry(i + 1, f"Jugador {i:02d}", rng.randint(0, 2400), division=labels[i % len(labels)])
                    for i in range(n))
    lines = []
    for r in range(1, rounds + 1):
        for label in labels:
            field_ = [p.number for p in players if p.division == label]
            rng.shuffle(field_)
            if len(field_) % 2:
                lines.append(Line(r, field_.pop(), None, (0, 0), Kind.BYE))
            for a, b in zip(field_[::2], field_[1::2]):
                s = (rng.randint(-20, 650), rng.randint(-20, 650))
                lines.append(Line(r, a, b, s if s != (300, 0) else (301, 0), Kind.PLAYED))
    return Sheet("Obert aleatori", rounds, players, tuple(lines), "2025-09-01").sorted()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(6, 16), rounds=st.integers(1, 5))
def test_every_format_with_a_place_for_divisions_reads_them_back(seed, n, rounds):
    sheet = random_divided(seed, n, rounds)
    expected = by_division(sheet)
    files = [tsh.read_t(write(sheet, "tsh", d), rounds=rounds, division=d) for d in sheet.divisions]
    assert by_division(joined(files)) == expected
    assert by_division(tsh.read_live(write(sheet, "tsh-json"))) == expected
    assert by_division(tou.read_tou(write(sheet, "tou"))) == expected
    players = tables.read_players(write(sheet, "csv-players"))
    assert tuple(players) == sheet.players
    assert tables.read_results(write(sheet, "csv-results"), players).lines == sheet.lines


def test_a_results_file_with_another_first_line_or_no_csv_at_all_is_refused_in_the_readers_language():
    """The director uploads these from the pages: the refusal names the line and the field in Spanish or Catalan."""
    from domain.errors import said_in

    with pytest.raises(FormatError) as refused:
        tables.read_results("round,kind,player\n1,bye,6\n", PLAYERS)
    assert refused.value.field == "header" and refused.value.line == 1
    assert "la primera línea es round,kind," in str(said_in(refused.value.message, "es"))
    assert "la primera línia és round,kind," in str(said_in(refused.value.message, "ca"))
    with pytest.raises(FormatError) as refused:
        tables.read_players("name,rating\n" + "A" * 200_000 + ",1500\n")  # past csv's field limit
    assert refused.value.field == "csv" and str(said_in(refused.value.message, "es")).startswith("no es CSV: ")
