"""The interchange formats against golden files written by hand from each format's description.

``tests/data/tournament/obert.*`` hold one hand-made event: six players, two rounds; round 1 has a
game won, a draw, a bye (FISC I.1 C) and a late entry not yet paired (AJS 4.1.9); round 2 has a
game where the second named wins, a no-show (AJS 4.1.11.1: 300-0) and both absent (0-0, no win).
Each file was written by hand from the layout its module's docstring cites (tsh's manual, a TOU
reader, FIDE's TRF16 annex); the tests check the writers give those bytes and the readers give
the same tables back, then round-trip random sheets through every format.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.tournament import FISC, standings
from domain.tournament.formats import (
    Entry, FormatError, Line, Sheet, read_players, results_of, tables, tou, trf, tsh, write,
)
from domain.tournament.results import Kind

DATA = Path(__file__).resolve().parents[1] / "data" / "tournament"
PLAYERS = (
    Entry(1, "Anna Puig", 1900, "FISC-0001", "Mots i Més"),
    Entry(2, "Biel Roca", 1850, "FISC-0002", "Club Lleida"),
    Entry(3, "Carla Vidal", 1800, "FISC-0003", ""),
    Entry(4, "Dani Mas", 1750, "", ""),
    Entry(5, "Emma Soler", 1700, "FISC-0005", "Mots i Més"),
    Entry(6, "Ferran Gil", 1650, "FISC-0006", ""),
)
LINES = (
    Line(1, 1, 3, (420, 380), Kind.PLAYED, (2, 1)),
    Line(1, 2, 4, (390, 390), Kind.PLAYED, (0, 1)),
    Line(1, 5, None, (0, 0), Kind.BYE),
    Line(2, 2, 1, (350, 402), Kind.PLAYED, (1, 3)),
    Line(2, 3, 5, (300, 0), Kind.FORFEIT),
    Line(2, 4, 6, (0, 0), Kind.BOTH_ABSENT),
)
OBERT = Sheet("Obert de Molins", 5, PLAYERS, LINES, "2025-06-14").sorted()


def golden(name: str) -> str:
    return (DATA / name).read_bytes().decode("utf-8")  # as written: TRF16's lines end CR LF


def no_scrabbles(lines):
    return tuple(Line(x.round, x.first, x.second, x.scores, x.kind) for x in lines)


def outcomes(sheet: Sheet) -> list[tuple[int, int, int | None, str, str]]:
    """Each table's outcome only (what TRF carries): who met whom, and 1, = or 0 for the first."""
    out = []
    for x in sheet.lines:
        s = x.scores or (0, 0)
        out.append((x.round, x.first, x.second, str(x.kind),
                    "1" if s[0] > s[1] else "=" if s[0] == s[1] else "0"))
    return sorted(out, key=lambda t: (t[0], t[1]))


# ---- the writers give the hand-written files ------------------------------------------------------
@pytest.mark.parametrize("fmt, name", [("tsh", "obert.t"), ("tou", "obert.TOU"), ("trf", "obert.trf"),
                                       ("csv-players", "obert-players.csv"), ("csv-results", "obert-results.csv"),
                                       ("ratings", "obert-ratings.csv")])
def test_each_writer_gives_the_hand_written_file(fmt, name):
    assert write(OBERT, fmt) == golden(name)


def test_the_live_feed_is_the_hand_written_json():
    """tsh's tourney.js shape: players at their numbers (index 0 null), p12 1 first / 2 second / 0 bye."""
    assert json.loads(write(OBERT, "tsh-json")) == json.loads(golden("obert-feed.json"))


# ---- the readers give the tables back -------------------------------------------------------------
def test_tsh_file_reads_back_every_table_and_player():
    sheet = tsh.read_t(golden("obert.t"), name="Obert de Molins", rounds=5)
    assert sheet.players == PLAYERS
    assert sheet.lines == no_scrabbles(OBERT.lines)  # tsh has no field for scrabbles


def test_tsh_feed_reads_back():
    sheet = tsh.read_live(golden("obert-feed.json"))
    assert (sheet.name, sheet.rounds, sheet.players) == ("Obert de Molins", 5, PLAYERS)
    assert sheet.lines == no_scrabbles(OBERT.lines)


def test_a_tsh_file_without_planilla_fields_reads_as_tsh_means_it():
    """tsh's own file: opponent 0 is a bye, every other pairing a game; p12 says who went first."""
    sheet = tsh.read_t("Anna Puig 1900 2 0; 400 50; p12 2 0\nBiel Roca 1850 1 3; 380 410; p12 1 1\n"
                       "Carla Vidal 1800 0 2; 0 300; p12 0 2\n")
    assert sheet.lines == (Line(1, 2, 1, (380, 400)), Line(1, 3, None, (0, 0), Kind.BYE),
                           Line(2, 1, None, (50, 0), Kind.BYE), Line(2, 2, 3, (410, 300)))


def test_a_tsh_pairing_whose_start_is_still_to_be_drawn_is_one_table():
    """tsh's p12 3 (first and second still to be drawn) on both lines: one table, the lower number first."""
    sheet = tsh.read_t("Anna Puig 1900 2; 400; p12 3\nBiel Roca 1850 1; 380; p12 3\n")
    assert sheet.lines == (Line(1, 1, 2, (400, 380)),)


def test_tou_reads_back_names_and_tables():
    sheet = tou.read_tou(golden("obert.TOU"))
    assert (sheet.name, sheet.date) == ("Obert de Molins", "2025-06-14")
    assert [e.name for e in sheet.players] == [e.name for e in PLAYERS]  # a TOU file carries no ratings
    assert sheet.lines == no_scrabbles(OBERT.lines)


def test_trf_reads_back_players_and_outcomes():
    sheet = trf.read_trf(golden("obert.trf"))
    assert (sheet.name, sheet.rounds, sheet.date) == ("Obert de Molins", 5, "2025-06-14")
    assert sheet.players == tuple(Entry(e.number, e.name, e.rating, trf.fide_id(e.federation_id)) for e in PLAYERS)
    assert outcomes(sheet) == outcomes(OBERT)


def test_csv_results_read_back_exactly():
    players = tables.read_players(golden("obert-players.csv"))
    assert tuple(players) == PLAYERS
    assert tables.read_results(golden("obert-results.csv"), players).lines == OBERT.lines


def test_the_standings_of_the_hand_made_event_worked_by_hand():
    """FISC I.1: a win 1, a draw ½; FISC I.1 C the bye 1; AJS 4.1.11.1 the no-show 1 to the one present,
    both absent nothing. Anna 2, Carla 1 (the forfeit), Emma 1 (the bye), Biel and Dani ½, Ferran 0."""
    rows = standings([f"p{e.number}" for e in PLAYERS], results_of(OBERT), FISC, rounds=5)
    assert {r.player: r.points for r in rows} == {"p1": 2.0, "p2": 0.5, "p3": 1.0, "p4": 0.5, "p5": 1.0, "p6": 0.0}
    assert rows[0].player == "p1"


# ---- player lists ---------------------------------------------------------------------------------
def test_a_player_list_in_spanish_headers_any_order():
    entries = read_players("Elo;Nombre\n".replace(";", ",") + "1800,Carla Vidal\n,Dani Mas\n", "csv")
    assert entries == [Entry(1, "Carla Vidal", 1800), Entry(2, "Dani Mas", 0)]


def test_a_player_list_from_trf():
    assert read_players(golden("obert.trf"), "trf")[4] == Entry(5, "Emma Soler", 1700, "")  # FISC-0005: no FIDE number


# ---- refusals name the line and the field ---------------------------------------------------------
@pytest.mark.parametrize("reader, text, line, field", [
    (lambda t: tsh.read_t(t), "Anna Puig 1900 2 400\n", 1, "scores"),
    (lambda t: tsh.read_t(t), "Anna Puig 1900 2; 400\nBiel Roca x; 300\n", 2, "rating"),
    (lambda t: tsh.read_t(t), "Anna Puig 1900 2; 400\nBiel Roca 1800 3; 300\nCarla 1700 2; 1\n", 1, "pairings"),
    (lambda t: tsh.read_t(t), "Anna Puig 1900 9; 400\n", 1, "pairings"),
    (lambda t: tou.read_tou(t), "Obert\n", 1, "header"),
    (lambda t: tou.read_tou(t), "*M01.01.2025 X\n*A\nAnna 2400 +9\n", 3, "opponent"),
    (lambda t: tou.read_tou(t), "*M01.01.2025 X\n*A\n2400 +9\n", 3, "name"),
    (lambda t: trf.read_trf(t), "001    1      Anna" + " " * 73 + "   2 x 1\n", 1, "colour"),
    (lambda t: trf.read_trf(t), "001    x      Anna\n", 1, "rank"),
    (lambda t: trf.read_trf(t), "001    1      A" + " " * 76 + "   2 w 1\n001    2      B" + " " * 76
     + "   1 w 0\n", 1, "colour"),
    (lambda t: tou.read_tou(t), "*M01.01.2025 X\n*A\nAnna 2400 +2\nBiel 300 +1\n", 3, "opponent"),
    (lambda t: read_players(t, "csv"), "rating\n1800\n", 1, "name"),
    (lambda t: read_players(t, "csv"), "name,rating\nAnna,strong\n", 2, "rating"),
    (lambda t: read_players(t, "csv"), "name,rating\n,1800\n", 2, "name"),
    (lambda t: read_players(t, "gcg"), "x", None, "format"),
])
def test_a_bad_file_is_refused_with_its_line_and_field(reader, text, line, field):
    with pytest.raises(FormatError) as caught:
        reader(text)
    assert caught.value.field == field and caught.value.line == line


# ---- round trips of random events -----------------------------------------------------------------
def random_sheet(seed: int, n: int, rounds: int) -> Sheet:
    rng = random.Random(seed)
    players = tuple(Entry(i + 1, f"Jugador {chr(65 + i % 26)} {i:02d}", rng.randint(0, 2400),
                          f"FED-{i}" if i % 3 else "", "Club Mots" if i % 4 == 1 else "") for i in range(n))
    lines = []
    late = n  # the last player enters at round 2
    for r in range(1, rounds + 1):
        field_ = [p.number for p in players if not (p.number == late and r == 1)]
        rng.shuffle(field_)
        if len(field_) % 2:
            lines.append(Line(r, field_.pop(), None, (0, 0), Kind.BYE))
        for a, b in zip(field_[::2], field_[1::2]):
            roll = rng.random()
            if roll < 0.08:
                lines.append(Line(r, a, b, (300, 0), Kind.FORFEIT))
            elif roll < 0.12:
                lines.append(Line(r, a, b, (0, 0), Kind.BOTH_ABSENT))
            else:
                s = (rng.randint(-20, 650), rng.randint(-20, 650))  # short games can end below zero
                lines.append(Line(r, a, b, s if s != (300, 0) else (301, 0), Kind.PLAYED))
    return Sheet("Obert aleatori", rounds, players, tuple(lines), "2025-09-01").sorted()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 14), rounds=st.integers(1, 6))
def test_every_format_reads_back_what_it_wrote(seed, n, rounds):
    sheet = random_sheet(seed, n, rounds)
    assert tsh.read_t(write(sheet, "tsh"), rounds=rounds).lines == sheet.lines
    assert tsh.read_live(write(sheet, "tsh-json")).lines == sheet.lines
    assert tou.read_tou(write(sheet, "tou")).lines == sheet.lines
    assert outcomes(trf.read_trf(write(sheet, "trf"))) == outcomes(sheet)
    players = tables.read_players(write(sheet, "csv-players"))
    assert tuple(players) == sheet.players
    assert tables.read_results(write(sheet, "csv-results"), players).lines == sheet.lines
    assert trf.read_trf(write(sheet, "trf")).players == tuple(
        Entry(e.number, e.name, e.rating, trf.fide_id(e.federation_id)) for e in sheet.players)


# ---- from the Tournament aggregate ----------------------------------------------------------------
def test_a_tournament_s_sheet_reads_back_to_the_same_standings_from_every_format():
    """The aggregate's own results (games, a bye, a no-show, a late entry) through every format: the standings
    of what is read back equal the tournament's (TRF: points, Median-Buchholz, Berger; it has no scores)."""
    from domain.game.meta import Meta
    from domain.tournament.aggregate import Tournament
    from domain.tournament.formats import sheet_of

    meta = Meta("director:ana", "laptop", "2025-06-14T09:00:00.000Z")
    t = Tournament.create("Obert", "ajs-2012", "ajs-2012", 6, meta)
    for name, rating in [("Anna", 1900), ("Biel", 1850), ("Carla", 1800), ("Dani", 1750), ("Emma", 1700)]:
        t.register(name, meta, rating=rating)
    rng = random.Random(5)
    starters = {}
    for rnd in (1, 2, 3):
        if rnd == 2:
            t.register("Ferran", meta, rating=1600)  # a late entry (AJS 4.1.9)
        t.draft(rnd, meta)
        t.publish(rnd, {p["table"]: f"g{rnd}-{p['table']}" for p in t.drafts[str(rnd)]["pairings"] if p["second"]},
                  meta)
        for p in t.published[str(rnd)]:
            if p["second"] is None:
                continue
            if (rnd, p["table"]) == (2, 1):
                t.record_absence(rnd, 1, "forfeit", "did not come", meta)
                continue
            t.record_game(p["game_id"], 40, [rng.randint(250, 500), rng.randint(250, 500)], [1, 0], meta)
            starters[p["game_id"]] = rng.choice([0, 1])
    sheet = sheet_of(t, date="2025-06-14", starters=starters)
    assert any(starters.values()) and {x.kind for x in sheet.lines} == {Kind.PLAYED, Kind.BYE, Kind.FORFEIT}
    swapped = [x for x in sheet.lines if x.kind is Kind.PLAYED and starters.get(
        next(p["game_id"] for p in t.published[str(x.round)] if f"p{x.second}" in (p["first"], p["second"])
             and f"p{x.first}" in (p["first"], p["second"])))]
    assert all(x.scrabbles == (0, 1) for x in swapped)  # the second named started: the line names them first

    def table(found: Sheet, fields: int | None = None) -> dict[str, tuple[float, ...]]:
        rows = standings(list(t.players), results_of(found), t.standings_rules, rounds=6)
        return {r.player: (r.points, *(r.tiebreaks[k].value for k in t.standings_rules.order[:5]))[:fields]
                for r in rows}

    own = {r.player: (r.points, *(r.tiebreaks[k].value for k in t.standings_rules.order[:5])) for r in t.standings()}
    assert table(sheet) == own
    players = tables.read_players(write(sheet, "csv-players"))
    for found in (tsh.read_t(write(sheet, "tsh")), tsh.read_live(write(sheet, "tsh-json")),
                  tou.read_tou(write(sheet, "tou")), tables.read_results(write(sheet, "csv-results"), players)):
        assert {p: v[:4] for p, v in table(found).items()} == {p: v[:4] for p, v in own.items()}
    assert table(trf.read_trf(write(sheet, "trf")), 3) == {p: v[:3] for p, v in own.items()}
    assert [line[85:89] for line in write(sheet, "trf").splitlines() if line.startswith("001")] == [
        f"{r.rank:4d}" for r in sorted(t.standings(), key=lambda r: int(r.player[1:]))]


# ---- any text: a sheet or a FormatError, nothing else (the service answers 422, never 500) -------------
LINEISH = st.text(alphabet=st.sampled_from(list("0123456789 +-;,.:*MAPBFZUwb=\nabcñ²١\t\"{}[]null")), max_size=300)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(LINEISH, st.text(max_size=200)), prefix=st.sampled_from(["", "*M01.01.2025 X\n*A\n",
                                                                               "001    1      ", "name,rating\n"]))
def test_any_text_is_read_or_refused_with_a_format_error(text, prefix):
    body = prefix + text
    readers = [lambda: tsh.read_t(body), lambda: tsh.read_live(body), lambda: tou.read_tou(body),
               lambda: trf.read_trf(body), lambda: read_players(body, "csv"), lambda: read_players(body, "trf"),
               lambda: tables.read_results(body, PLAYERS)]
    for read in readers:
        try:
            read()
        except FormatError:
            pass


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 12) | st.text(max_size=5),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                           st.sampled_from(["divisions", "players", "name", "id", "pairings", "scores", "etc", "p12",
                                            "plkind", "config", "rating", "max_rounds"]), inner, max_size=5),
                       max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(data=JSONISH)
def test_any_json_is_read_as_a_feed_or_refused_with_a_format_error(data):
    try:
        tsh.read_live(json.dumps(data))
    except FormatError:
        pass
