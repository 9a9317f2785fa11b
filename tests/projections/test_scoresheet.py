"""The scoresheet read model against the hand-scored GCG fixtures in tests/data, line by line.

Each expected line is (turn, mark, word as written, coordinates, score, running total), worked out
by hand from the fixture's ``#note`` lines with GCG squares turned into the federations' (GCG
``8G``, row 8 from column G, is the federations' ``H7``; GCG ``K6``, column K down from row 6, is
``11F``). The fixtures' bags are fictitious, so where a record goes out with tiles still in the
Game's bag the import ends by the director's decision (FILE 44.5) and racks are not counted.
"""

from __future__ import annotations

import pytest

from projections import queries
from tests.projections.gcg_import import DIRECTOR, Importer, seat_actor

FILE_ANA = [(1, None, "[CH]OZA", "H7", 34, 34), (2, None, "MES", "11F", 23, 57),
            (3, None, "ARSENITo", "D6", 64, 121), (4, None, "BA[RR]o", "13A", 24, 145),
            (5, None, "MESADA", "11F", 18, 163)]
FILE_BERTO = [(1, None, "SUEÑO", "8D", 13, 13), (2, "I", "ATOLS", "D4", 0, 13), (3, "C-2", None, None, 0, 13),
              (4, "P", None, None, 0, 13)]
FISC_JORDI = [(1, None, "CAÇA", "H7", 28, 28), (2, None, "TENIR", "11D", 25, 53),
              (3, None, "QIN(Z)ENES", "E5", 78, 131), (4, None, "CANYA", "K6", 14, 145),
              (5, None, "PAS", "12C", 14, 159)]
FISC_MARTA = [(1, None, "COL·LA", "7H", 15, 15), (2, "0", "TENSE", "E10", 0, 15), (3, "-", None, None, 0, 15),
              (4, "0", None, None, 0, 15)]
FISE_CARMEN = [(1, None, "[LL]AVE", "H5", 28, 28), (2, None, "[LL]ENO", "5H", 22, 50), (3, "C-3", None, None, 0, 50),
               (4, "P", None, None, 0, 50), (5, "P", None, None, 0, 50)]
FISE_DIEGO = [(1, None, "QUESO", "9E", 26, 26), (2, None, "CO[ch]ES", "K4", 6, 32), (3, "P", None, None, 0, 32),
              (4, "P", None, None, 0, 32)]


def lines(player: dict) -> list[tuple]:
    return [(r["turn"], r["notation"], r["word"], r["coordinates"], r["score"], r["total"]) for r in player["rows"]]


def imported(stack, name: str, profile: str, finish: str | None = None, **details) -> dict:
    importer = Importer(stack.app, name, profile, details or None)
    importer.run(finish=finish)
    stack.projector.catch_up()
    sheet = queries.scoresheet(stack.store, importer.game_id)
    sheet["_id"] = importer.game_id
    return sheet


def test_file_fixture_sheet_matches_the_paper_values_on_every_store(stack):
    """FILE 5.2–5.3: main word, coordinates, score and running total; P, I and C-x for the rest."""
    sheet = imported(stack, "es_file_ana_berto.gcg", "file-2024", "director")
    ana, berto = sheet["players"]
    assert (ana["name"], berto["name"]) == ("Ana García", "Roberto Núñez")
    assert lines(ana) == FILE_ANA and lines(berto) == FILE_BERTO
    # ARSENITo used all seven tiles: a scrabble; the blank's letter is written down (FILE 10.2).
    assert [r["scrabble"] for r in ana["rows"]] == [False, False, True, False, False]
    assert ana["scrabbles"] == 1 and berto["scrabbles"] == 0
    # Ended by the director (FILE 44.5): no rack counted, the totals stand.
    assert (ana["final_score"], berto["final_score"]) == (163, 13)
    assert sheet["settlement"]["racks_counted"] is False and sheet["settlement"]["winner"] == "Ana García"


def test_fisc_fixture_sheet_uses_the_catalan_forms():
    """FISC I.9: 0 for a pass or a withdrawn play, a dash for an exchange, the blank in parentheses,
    the scrabble circled; FISC I.6: the QU tile written Q."""
    from tests.projections.conftest import make_stack

    stack = make_stack("memory", "memory")
    sheet = imported(stack, "ca_disc_jordi_marta.gcg", "fisc-2023", "director")
    jordi, marta = sheet["players"]
    assert lines(jordi) == FISC_JORDI and lines(marta) == FISC_MARTA
    assert sheet["marks"] == {"pass": "0", "invalid": "0", "exchange": "-", "lost": "T"} and sheet["legend"] == []
    assert sheet["scrabble_circled"] and sheet["blank_in_parentheses"] and sheet["article"] == "FISC I.8, I.9"
    assert jordi["rows"][2]["word_notation"] == "QUINzENES"  # the machine form keeps the tile and the blank
    text = queries.scoresheet_text(stack.store, sheet["_id"])
    assert "QIN(Z)ENES" in text and "(78)" in text and "FULL D'ANOTACIÓ" in text
    stack.close()


def test_fise_fixture_ends_by_passes_and_each_player_loses_their_rack_and_time(memory_stack):
    """FISE 45.2: both passed twice in a row; each subtracts their own rack (A D E L N R X = 15; D I O R T T Z = 17);
    FISE 35: Diego's minute over costs 10 more."""
    sheet = imported(memory_stack, "es_fise_carmen_diego.gcg", "fise-2009")
    carmen, diego = sheet["players"]
    assert lines(carmen) == FISE_CARMEN and lines(diego) == FISE_DIEGO
    assert carmen["end"]["rack_written"] == ["A", "D", "E", "L", "N", "R", "X"]
    assert (carmen["end"]["rack_adjustment"], diego["end"]["rack_adjustment"]) == (-15, -17)
    assert (carmen["end"]["time_penalty"], diego["end"]["time_penalty"]) == (0, 10)
    assert diego["end"]["overtime_seconds"] == 60
    assert (carmen["final_score"], diego["final_score"]) == (35, 5)
    settled = sheet["settlement"]
    assert settled["cause"] == "passes" and settled["racks_counted"] and settled["spread"] == 30
    assert [p["result"] for p in settled["players"]] == ["win", "loss"]
    text = queries.scoresheet_text(memory_stack.store, sheet["_id"])
    assert "Penalización por tiempo (1:00)" in text


@pytest.mark.parametrize(("name", "profile", "finish", "expected"), [
    ("es_file_ana_berto.gcg", "ajs-2012", "director", FILE_BERTO),
    ("ca_disc_jordi_marta.gcg", "molins-club", "director", FISC_MARTA),
])
def test_each_profile_writes_its_own_marks(memory_stack, name, profile, finish, expected):
    """The marks come from the profile's sheet group: AJS keeps FISE's P, I, C-x (AJS 2 on FISE I.5);
    Molins writes 0 and a dash like FISC (Molins 3)."""
    sheet = imported(memory_stack, name, profile, finish)
    assert lines(sheet["players"][1]) == expected


def test_announced_scores_stand_beside_the_true_ones(memory_stack):
    """The player's own entries and the true values side by side where they differ (FILE 40)."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=2)  # ana's CHOZA and berto's SUEÑO
    game_id = importer.game_id
    # Ana plays MES (true score 23) but announces 25; Berto accepts and writes it.
    importer.send("place_tiles", 0, "11F", "MES", by=seat_actor(0), announced=25)
    importer.send("accept", 1, by=seat_actor(1))
    memory_stack.projector.catch_up()
    ana = queries.scoresheet(memory_stack.store, game_id)["players"][0]
    row = ana["rows"][-1]
    assert (row["score"], row["entered"], row["differs"]) == (23, 25, True)
    assert (row["total"], row["entered_total"]) == (57, 59)
    assert [r["differs"] for r in ana["rows"][:-1]] == [False]
    text = queries.scoresheet_text(memory_stack.store, game_id)
    assert "[anotó 25]" in text


def test_the_printable_sheet_names_the_players_event_round_table_and_signatures(memory_stack):
    """The HTML form looks like the paper sheet: header with event, round and table, one column per player,
    the end of game and a signature line each (FILE 43)."""
    sheet = imported(memory_stack, "es_fise_carmen_diego.gcg", "fise-2009", event="Open de Madrid", round=3,
                     table="12B")
    game_id = sheet["_id"]
    html = queries.scoresheet_html(memory_stack.store, game_id)
    assert html.startswith("<!DOCTYPE html>") and '<html lang="es">' in html
    for text in ("Open de Madrid", "<b>Ronda:</b> 3", "<b>Mesa:</b> 12B", "Carmen López", "Diego Ibáñez",
                 "PLANILLA DE ANOTACIÓN", "TOTAL FINAL", "Firma", "<span class=\"tile2\">LL</span>AVE", "C-3",
                 "@media print"):
        assert text in html, text
    assert html.count('class="signature"') == 2
    # Names are escaped, never injected.
    assert "<script" not in queries.scoresheet_html(memory_stack.store, _game_named(memory_stack, "<script>x"))


def _game_named(stack, name: str):
    game_id = stack.app.create_game("file-2024", [name, "Bea"], DIRECTOR)
    stack.projector.catch_up()
    return game_id


def test_an_unknown_game_has_no_sheet(memory_stack):
    from uuid import uuid4

    nobody = uuid4()
    assert queries.scoresheet(memory_stack.store, nobody) is None
    assert queries.scoresheet_text(memory_stack.store, nobody) is None
    assert queries.scoresheet_html(memory_stack.store, nobody) is None
    assert queries.settlement(memory_stack.store, nobody) is None
    assert queries.status(memory_stack.store, nobody) is None


def test_the_total_announced_with_the_score_is_shown_as_written_and_both_views_agree_file_32(memory_stack):
    """FILE 32: the score is announced «junto con la suma total acumulada». Ana plays MES (true 23, total 57)
    announcing 25 and a total of 60: the sheet shows 60 as entered, flags the line, and prints it; once the
    players agree on the total (correct_score, FILE 40) the sheet's entered total is the corrected one, and on
    every line it is the Game's own reading (``Game.entered_total``)."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=2)
    game_id = importer.game_id
    importer.send("place_tiles", 0, "11F", "MES", by=seat_actor(0), announced=25, announced_total=60)
    importer.send("accept", 1, by=seat_actor(1))
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, game_id)["players"][0]["rows"][-1]
    assert (row["total"], row["announced_total"], row["entered_total"], row["differs"]) == (57, 60, 60, True)
    assert "anotó Σ 60" in queries.scoresheet_text(memory_stack.store, game_id)

    importer.send("correct_score", 0, row["turn"], "total", 60, 57, 1, 0, by=seat_actor(1), reason="sum slip")
    memory_stack.projector.catch_up()
    game = memory_stack.app.get_game(game_id)
    sheet = queries.scoresheet(memory_stack.store, game_id)
    row = sheet["players"][0]["rows"][-1]
    assert (row["announced_total"], row["entered_total"]) == (57, 57)
    for seat, player in enumerate(sheet["players"]):
        assert [r["entered_total"] for r in player["rows"]] == list(game.entered_totals(seat).values())
def test_the_spanish_printed_sheet_marks_a_digraph_tile_and_the_data_keep_the_brackets_file_11(memory_stack):
    """FILE 11: CH, LL, RR are single tiles. The sheet prints the letters the player writes, underlined together
    as one tile (C̲H̲OZA in text, one underlined span in HTML), a blank standing for CH in lower case
    (CO[ch]ES: COc̲h̲ES); the JSON keeps the notation's brackets."""
    sheet = imported(memory_stack, "es_file_ana_berto.gcg", "file-2024", "director")
    assert sheet["players"][0]["rows"][0]["word"] == "[CH]OZA"
    text = queries.scoresheet_text(memory_stack.store, sheet["_id"])
    assert "C\u0332H\u0332OZA" in text and "BAR\u0332R\u0332o" in text and "[CH]" not in text
    assert "C\u0332H\u0332 R\u0332R\u0332: subrayadas juntas, dos letras de una sola ficha (FILE 11)" in text
    row = next(line for line in text.splitlines() if "C\u0332H\u0332OZA" in line)
    assert row.replace("\u0332", "").index("H7") == next(
        line for line in text.splitlines() if " MES " in line).index("11F")  # the marks take no column
    html = queries.scoresheet_html(memory_stack.store, sheet["_id"])
    assert '<span class="tile2">CH</span>OZA' in html and 'BA<span class="tile2">RR</span>o' in html
    assert "[CH]" not in html and ".tile2{text-decoration:underline" in html
    fise = imported(memory_stack, "es_fise_carmen_diego.gcg", "fise-2009")
    text = queries.scoresheet_text(memory_stack.store, fise["_id"])
    assert "COc\u0332h\u0332ES" in text and "L\u0332L\u0332AVE" in text  # a blank CH: lower case, one tile


def test_a_play_ruled_valid_is_owed_on_the_challengers_sheet_until_written_file_37(memory_stack):
    """FILE 37: «la anotación de la puntuación por parte del oponente» is the acceptance. Berto challenges Ana's
    MES and the players rule it valid (FILE 41.1): the play stands without Berto having written it, so his sheet
    owes the line (``owed`` names his seat) until he writes it; Ana's own sheet owes nothing of her play."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=2)
    game_id = importer.game_id
    importer.send("place_tiles", 0, "11F", "MES", by=seat_actor(0), announced=23)
    importer.send("challenge", 1, by=seat_actor(1))
    importer.send("rule_challenge", True, None, by=seat_actor(1), seat=1)
    importer.send("confirm_ruling", 0, by=seat_actor(0))
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, game_id)["players"][0]["rows"][-1]
    assert (row["word"], row["state"], row["owed"]) == ("MES", "accepted", [1])
    assert all(r["owed"] == [] for p in queries.scoresheet(memory_stack.store, game_id)["players"] for r in p["rows"][:-1])

    importer.send("write_sheet_entry", 1, 0, row["turn"], by=seat_actor(1), score=23, total=57)
    memory_stack.projector.catch_up()
    assert queries.scoresheet(memory_stack.store, game_id)["players"][0]["rows"][-1]["owed"] == []


def test_a_line_is_owed_only_after_a_valid_ruling_file_37_38():
    """An accepted play with no challenge, a play ruled invalid (withdrawn, FILE 38) and a valid one already
    written owe nothing; a valid one unwritten is owed by its challenger alone."""
    ruled = {"challenger": 1, "words": ["MES"], "rulings": [{"valid": True}]}
    row = {"kind": "play", "state": "accepted", "challenge": ruled, "written": {}}
    assert queries.owed(row) == [1]
    assert queries.owed({**row, "written": {"1": {"score": 23, "total": 57}}}) == []
    assert queries.owed({**row, "written": {"0": {"score": 23, "total": 57}}}) == [1]
    assert queries.owed({**row, "challenge": None}) == []
    assert queries.owed({**row, "kind": "invalid", "state": "withdrawn",
                         "challenge": {**ruled, "rulings": [{"valid": False}]}}) == []
    assert queries.owed({**row, "state": "challenged", "challenge": {**ruled, "rulings": []}}) == []
