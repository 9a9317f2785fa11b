"""A ruling reversed on appeal is shown as a correction on the sheet: the old value struck, the new
one, who made it and why (FILE 40–41.2) — never by overwriting the line."""

from __future__ import annotations

from projections import queries
from tests.projections.gcg_import import Importer, seat_actor


def setup_file_game(stack) -> Importer:
    """The FILE fixture up to Ana's MES (three turns): Berto is next, holding A I L O R T T."""
    importer = Importer(stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=3)
    return importer


def test_a_play_ruled_invalid_then_found_valid_on_appeal_is_a_correction(memory_stack):
    """FILE 41.2: checked again on another device, ATOLS is valid after all; the I becomes 10."""
    game = setup_file_game(memory_stack)
    game.send("place_tiles", 1, "D4", "ATOL.", by=seat_actor(1), announced=10)
    game.send("challenge", 0, by=seat_actor(0))
    game.send("rule_challenge", False, "Lexicón FILE (app)")
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, game.game_id)["players"][1]["rows"][-1]
    assert (row["notation"], row["score"], row["total"], row["corrections"]) == ("I", 0, 13, [])

    # Berto appeals; while the director looks again, the game waits for that ruling.
    game.send("appeal", 1, "ATOLS is in the Lexicón", by=seat_actor(1))
    memory_stack.projector.catch_up()
    state = queries.status(memory_stack.store, game.game_id)
    assert state["waiting_for"] == "appeal_ruling"
    # FILE 41.2: the second check on another phone is the players' too (an official may still record it)
    assert {("rule_appeal", 0), ("rule_appeal", 1)} <= {(a["type"], a["seat"]) for a in state["next_actions"]}

    game.send("rule_appeal", True, "Lexicón FILE, second phone")
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, game.game_id)["players"][1]["rows"][-1]
    assert (row["kind"], row["notation"], row["score"], row["total"]) == ("play", None, 10, 23)
    (fix,) = row["corrections"]
    assert fix["old"] == {"score": 0, "notation": "I", "total": 13}
    assert fix["new"] == {"score": 10, "notation": None, "total": 23}
    assert fix["by"] == "director:arbitro" and "Lexicón FILE, second phone" in fix["reason"]
    assert [r["valid"] for r in row["challenge"]["rulings"]] == [False, True]
    assert row["challenge"]["appeal"]["seat"] == 1 and "argument" not in row["challenge"]["appeal"]
    text = queries.scoresheet_text(memory_stack.store, game.game_id)
    assert "corrección: I\u0336 → 10" in text
    assert "<s>I</s> → 10" in queries.scoresheet_html(memory_stack.store, game.game_id)


def test_an_accepted_play_ruled_invalid_on_appeal_is_a_correction(memory_stack):
    """FILE 41.2 the other way: SUEÑO was ruled valid and written down; on appeal it is withdrawn."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=1)  # Ana's CHOZA
    importer.send("place_tiles", 1, "8D", "SUEÑ.", by=seat_actor(1), announced=13)
    importer.send("challenge", 0, by=seat_actor(0))
    importer.send("rule_challenge", True, "Lexicón FILE (app)")
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, importer.game_id)["players"][1]["rows"][-1]
    assert (row["state"], row["score"], row["corrections"]) == ("accepted", 13, [])

    importer.send("appeal", 0, "SUEÑO needs the accent checked", by=seat_actor(0))
    importer.send("rule_appeal", False, "Lexicón FILE, second phone")
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, importer.game_id)["players"][1]["rows"][-1]
    assert (row["kind"], row["notation"], row["score"], row["total"], row["state"]) == ("invalid", "I", 0, 0,
                                                                                        "withdrawn")
    (fix,) = row["corrections"]
    assert fix["old"] == {"score": 13, "notation": None, "total": 13}
    assert fix["new"] == {"score": 0, "notation": "I", "total": 0}
    assert fix["reason"] == "ruled invalid on appeal"


def test_a_plain_challenge_is_not_a_correction(memory_stack):
    """FILE 38: a play challenged before it is written down and ruled invalid is simply an I."""
    game = setup_file_game(memory_stack)
    game.send("place_tiles", 1, "D4", "ATOL.", by=seat_actor(1), announced=10)
    game.send("challenge", 0, by=seat_actor(0))
    game.send("rule_challenge", False, "Lexicón FILE (app)")
    memory_stack.projector.catch_up()
    row = queries.scoresheet(memory_stack.store, game.game_id)["players"][1]["rows"][-1]
    assert row["corrections"] == [] and row["challenge"]["withdrawn"]["score"] == 10
    assert row["challenge"]["words"] == ["ATOLS"] and row["challenge"]["challenger"] == 0
