"""The arbiter's facts on the read models: the players' own sheets and agreed corrections (FILE 40), blank
rulings (FILE 10.3), lost turns (Molins 27), clocks (FILE 34), sanctions and their appeal (FILE 47–48),
and a sheet settled again voiding its signatures."""

from __future__ import annotations

from projections import queries, replay
from tests.projections.gcg_import import DIRECTOR, Importer, seat_actor


def sheet(stack, game_id) -> dict:
    stack.projector.catch_up()
    return queries.scoresheet(stack.store, game_id)


def test_each_sheet_as_written_stands_beside_the_true_value_until_corrected(stack):
    """FILE 40: a wrong score or running total on a sheet is corrected, the old value kept and struck."""
    game = Importer(stack.app, "es_file_ana_berto.gcg", "file-2024")
    game.run(until=3)  # CHOZA, SUEÑO, MES: MES is Ana's turn 2 (the game's third), 23 points, Ana at 57
    game.send("write_sheet_entry", 0, 0, 2, by=seat_actor(0), score=25, total=59)
    game.send("write_sheet_entry", 1, 0, 2, by=seat_actor(1), score=23, total=57)
    mes = sheet(stack, game.game_id)["players"][0]["rows"][1]
    assert mes["written"] == {"0": {"score": 25, "total": 59}, "1": {"score": 23, "total": 57}}
    assert mes["differs"] and mes["corrections"] == []

    # Berto asks, Ana agrees: her sheet's score, then her total, are corrected to the true values.
    game.send("correct_score", 0, 2, "score", 25, 23, 1, 0, reason="M is 3, not 5")
    mes = sheet(stack, game.game_id)["players"][0]["rows"][1]
    assert mes["written"]["0"] == {"score": 23, "total": 59} and mes["differs"]
    game.send("correct_score", 0, 2, "total", 59, 57, 1, 0)
    ana = sheet(stack, game.game_id)["players"][0]
    mes = ana["rows"][1]
    assert mes["written"]["0"] == {"score": 23, "total": 57} and not mes["differs"]
    score_fix, total_fix = mes["corrections"]
    assert (score_fix["field"], score_fix["old"], score_fix["new"]) == ("score", {"score": 25}, {"score": 23})
    assert (score_fix["asked_by"], score_fix["agreed_by"], score_fix["article"]) == (1, 0, "FILE 40")
    assert score_fix["reason"] == "M is 3, not 5" and total_fix["old"] == {"total": 59}
    text = queries.scoresheet_text(stack.store, game.game_id)
    assert "corrección: 2\u03365\u0336 → 23 (director:arbitro" in text and "Σ 57" in text


def test_a_blank_ruled_from_the_sheets_notes_corrects_the_word(memory_stack):
    """FILE 10.3: the placer's note wins; the word on the sheet takes the letter, the old word struck."""
    game = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    game.run(until=5)  # ... Ana's ARSENITo, her turn 3 (the game's fifth), the blank on M4 as O
    game.send("rule_blank", 0, 3, 0, ["A", "O"])
    row = sheet(memory_stack, game.game_id)["players"][0]["rows"][2]
    assert (row["word"], row["word_notation"], row["score"]) == ("ARSENITa", "ARSENITa", 64)
    (fix,) = row["corrections"]
    assert fix["old"] == {"word": "ARSENITo"} and fix["new"] == {"word": "ARSENITa"} and fix["notes"] == ["A", "O"]
    assert "FILE 10.3" in fix["reason"]
    frame = replay.state_at(memory_stack.app, game.game_id, game.version, store=memory_stack.store)
    assert frame["board"][3] == ".....ARSENITa.."


def test_a_turn_lost_to_the_move_timer_is_a_line_of_its_own_with_its_own_mark(memory_stack):
    """Molins 27: «Si no fa efectiva la jugada serà penalitzat amb la pèrdua de torn ... i zero punts»: 0 points,
    and not a pass («passo», Molins 17), whose mark is a 0 at the club (as FISC I.9): the sheet writes T and says
    what T means under the sheet (no rulebook has a mark for it: ``sheet.lost_mark``)."""
    app = memory_stack.app
    game_id = app.create_game("molins-club", ["Jordi", "Marta"], DIRECTOR, bag_mode="virtual",
                              details={"clock": {"timing": "move_timer"}})
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, seat_actor(0), expected_version=v)
    v = app.draw_tiles(game_id, 1, seat_actor(1), expected_version=v)
    v = app.time_out(game_id, 0, DIRECTOR, expected_version=v)
    app.pass_turn(game_id, 1, seat_actor(1), expected_version=v)
    found = sheet(memory_stack, game_id)
    (row,) = found["players"][0]["rows"]
    assert (row["kind"], row["notation"], row["score"], row["total"]) == ("lost", "T", 0, 0)
    assert row["reason"] == "move_timer (Molins 27)"
    (passed,) = found["players"][1]["rows"]
    assert (passed["kind"], passed["notation"]) == ("pass", "0")
    assert found["marks"]["lost"] == "T" and found["legend"] == [{"mark": "T", "kind": "lost", "article": "Molins 27"}]
    text = queries.scoresheet_text(memory_stack.store, game_id)
    assert "T: torn perdut, no una passada (Molins 27)" in text
    html = queries.scoresheet_html(memory_stack.store, game_id)
    assert '<p class="legend">T: torn perdut, no una passada (Molins 27)</p>' in html


def test_a_sheet_without_a_lost_turn_has_no_legend(memory_stack):
    """The legend explains only marks the sheet uses: a pass alone is FILE 5.3's own P."""
    app = memory_stack.app
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="virtual")
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, seat_actor(0), expected_version=v)
    v = app.draw_tiles(game_id, 1, seat_actor(1), expected_version=v)
    app.pass_turn(game_id, 0, seat_actor(0), expected_version=v)
    found = sheet(memory_stack, game_id)
    assert found["players"][0]["rows"][0]["notation"] == "P" and found["legend"] == []
    assert "turno perdido" not in queries.scoresheet_text(memory_stack.store, game_id)


def test_clocks_sanctions_and_a_second_settlement(stack):
    """FILE 34: overtime read from the clock costs 10 a minute; FILE 47: a sanction after the end settles the
    sheet again and voids the signature already given; FILE 48: while its appeal waits, nobody signs."""
    app = stack.app
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, details={"clock": {"minutes": 25}})
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, seat_actor(0), expected_version=v)
    v = app.draw_tiles(game_id, 1, seat_actor(1), expected_version=v)
    v = app.record_clock(game_id, 1, seat_actor(1), expected_version=v, remaining=-75)
    stack.projector.catch_up()
    assert queries.status(stack.store, game_id)["clocks"][1] == {"remaining": -75, "overtime": 75}
    assert replay.state_at(app, game_id, v, store=stack.store)["clocks"][1]["overtime"] == 75

    v = app.end_game(game_id, "director", DIRECTOR, expected_version=v)
    v = app.sign(game_id, 0, "Ana", seat_actor(0), expected_version=v)
    assert [s["name"] for s in sheet(stack, game_id)["signatures"]] == ["Ana"]
    settled = queries.settlement(stack.store, game_id)
    assert [(p["overtime_seconds"], p["time_penalty"], p["final_score"]) for p in settled["players"]] == [
        (0, 0, 0), (75, 20, -20)]

    v = app.sanction(game_id, 0, 25, "phone rang", DIRECTOR, expected_version=v)
    stack.projector.catch_up()
    st = queries.status(stack.store, game_id)
    assert st["signed_by"] == [] and st["sanctions"][0]["reason"] == "phone rang"
    ana, bea = sheet(stack, game_id)["players"]
    assert (ana["end"]["sanctions"], ana["final_score"]) == (25, -25) and ana["sanctions"][0]["points"] == 25
    assert bea["signature"] is None

    v = app.appeal_sanction(game_id, 0, 0, "it was the clock", seat_actor(0), expected_version=v)
    stack.projector.catch_up()
    st = queries.status(stack.store, game_id)
    assert st["waiting_for"] == "sanction_appeal" and not any(a["type"] == "sign" for a in st["next_actions"])
    app.rule_sanction_appeal(game_id, 0, "annulled", "tribunal", DIRECTOR, expected_version=v)
    ana = sheet(stack, game_id)["players"][0]
    assert (ana["end"]["sanctions"], ana["final_score"]) == (0, 0)
    assert queries.status(stack.store, game_id)["waiting_for"] == "signatures"
    assert "Sanciones" in queries.scoresheet_html(stack.store, game_id)


def test_an_overdraw_waits_for_its_correction(memory_stack):
    """FILE 28.1.1: an overdraw not yet seen: the opponent removes the extra tiles unseen; until then the game
    waits on the opponent."""
    app = memory_stack.app
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="physical")
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, seat_actor(0), expected_version=v, count=7)
    v = app.draw_tiles(game_id, 1, seat_actor(1), expected_version=v, count=7)
    v = app.place_tiles(game_id, 0, "H7", "[CH]OZA", seat_actor(0), expected_version=v)
    v = app.accept(game_id, 1, seat_actor(1), expected_version=v)
    v = app.overdraw_tiles(game_id, 0, 5, seat_actor(0), expected_version=v)  # four were missing
    memory_stack.projector.catch_up()
    st = queries.status(memory_stack.store, game_id)
    assert (st["waiting_for"], st["waiting_seats"]) == ("overdraw", [1]) and st["overdraw"]["excess"] == 1
