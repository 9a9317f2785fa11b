"""One turn numbering (issue 13, item 10): the numbers people read on the printed sheet aim the sheet commands.

The printed sheet (FILE 5) has a column per player, numbered from 1 (``Nº``); the scoresheet JSON carries that
number as ``turn`` on every row. ``write_sheet_entry``, ``correct_score`` and ``rule_blank`` name the line as
the sheet does: ``player`` (whose column) and ``turn`` (its number there).
"""

from __future__ import annotations

import re

from tests.api.conftest import Api


def test_the_line_read_on_the_printed_sheet_is_the_line_the_command_reaches_file_5_40(api: Api):
    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()
    table.play_turns(5)
    director = api.tokens["director"]
    sheet = api.get(f"/v1/games/{table.id}/scoresheet", director).json()
    for player in sheet["players"]:
        assert [r["turn"] for r in player["rows"]] == list(range(1, len(player["rows"]) + 1))
    text = api.get(f"/v1/games/{table.id}/scoresheet?format=txt", director).text
    second = sheet["players"][1]["rows"][1]  # the second player's column, line 2, as printed
    printed = re.search(rf"^\s+2\s+{re.escape(second['word'] or '')}", text.split(sheet["players"][1]["name"])[-1],
                        re.M)
    assert printed, text

    # An arbiter reads «2» in the second column and writes what the first player's sheet shows there.
    table.send(api.tokens["arbiter"], "write_sheet_entry", sheet=0, player=1, turn=2, score=second["score"] + 2)
    sheet = api.get(f"/v1/games/{table.id}/scoresheet", director).json()
    row = sheet["players"][1]["rows"][1]
    assert row["turn"] == 2 and row["written"] == {"0": {"score": second["score"] + 2, "total": None}}
    assert all(r["written"] == {} for p in sheet["players"] for r in p["rows"] if r is not row)

    # Line 0 is no line of a printed sheet; a line past the column's end is refused naming the field and article.
    refused = table.send(api.tokens["arbiter"], "write_sheet_entry", expect=400, sheet=0, player=1, turn=0, score=1)
    assert refused["field"] == "turn"
    refused = table.send(api.tokens["arbiter"], "correct_score", expect=422, player=1, turn=9, field="score", old=1,
                         new=2, asked_by=0, agreed_by=1)
    assert (refused["field"], refused["article"], refused["code"]) == ("turn", "FILE 5, 40, 43", "bad_turn")
    assert "Bea's sheet has turns 1 to" in refused["message"]
    refused = table.send(api.tokens["arbiter"], "correct_score", expect=422, player=1, turn=2, field="score",
                         old=second["score"] + 2, new=second["score"], asked_by=0, agreed_by=1, word="ZZZ")
    assert (refused["field"], refused["code"]) == ("word", "wrong_line")


def test_the_state_names_what_its_fields_hold(api: Api):
    """`seat_on_turn` is a seat, `name_on_turn` a name; `last_turn.turn` is the line's number on the sheet."""
    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()
    table.play_turns(3)
    state = table.state()
    assert state["name_on_turn"] == ["Ana", "Bea"][state["seat_on_turn"]]
    assert "turn" not in state and "on_turn" not in state
    last = state["last_turn"]
    sheet = api.get(f"/v1/games/{table.id}/scoresheet", api.tokens["director"]).json()
    row = sheet["players"][last["seat"]]["rows"][last["turn"] - 1]
    assert (row["turn"], row["game_turn"]) == (last["turn"], last["game_turn"]) and last["game_turn"] == 3
    status = api.get(f"/v1/games/{table.id}/status", api.tokens["director"]).json()
    assert status["seat_on_turn"] == state["seat_on_turn"] and "turn" not in status
    frame = api.get(f"/v1/games/{table.id}/state", api.tokens["director"]).json()
    assert frame["seat_on_turn"] == state["seat_on_turn"] and "turn" not in frame
