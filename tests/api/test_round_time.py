"""The round's time called on a whole round in one request (the officials' console, issue 15):
``POST /v1/rounds/round-time`` calls ``call_round_time`` game by game, each in its own save; a game the rules
refuse (not started, ended, called already) or a closed one (FILE 43) never stops the others. The games then
end as their profiles say: FILE 30 and 44.4 equalise the turns, FISC I.11 plays the move in progress and one
more; the sheet stands, racks not counted. Scores worked by hand from TILES.md."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest

from tests.api.conftest import Api, Table

ROUND = 5


@pytest.fixture
def event() -> str:
    """An event of the test's own: the PostgreSQL database is shared by the session's tests."""
    return f"Sala del tiempo {uuid4().hex[:8]}"


def dealt(api: Api, event: str, profile: str, table: int, racks: tuple[list[str], list[str]]) -> Table:
    """A replay-bag game of the round, Ana starting, both racks drawn as given."""
    game = api.table(profile, ("Ana", "Bea"), bag_mode="replay", event=event, round=ROUND, table=table)
    if profile == "file-2024":
        game.send(game.director, "give_starter", seat=0)  # FILE 4.1: the pairing list
    else:
        game.send(game.director, "draw_for_start", tiles=["A", "B"])  # FISC I.5: nearest to A starts
    for seat, rack in enumerate(racks):
        game.send(game.players[seat], "draw_tiles", tiles=rack)
    return game


def call(api: Api, event: str, token: str, **body: Any) -> Any:
    api.index()  # the round's games as the read models list them
    return api.client.post("/v1/rounds/round-time", json={"event": event, "round": ROUND, **body},
                           headers=api.headers(token))


def scores(game: Table) -> list[int]:
    return [p["score"] for p in game.state()["players"]]


def test_a_rounds_time_is_called_game_by_game_each_as_its_profile_says_file_30_44_4_fisc_i11(
        api: Api, event: str) -> None:
    ana, bea = list("CASAEIO"), list("OLMNRTU")
    # Table 1 (FILE): Ana's CASA from H8 is on the sheet, C 3 + A 1 + S 1 + A 1 = 6, doubled on the centre
    # (FILE 16) = 12; one turn played, so Bea plays one more to even the turns (FILE 30).
    one = dealt(api, event, "file-2024", 1, (ana, bea))
    one.send(one.players[0], "place_tiles", coordinates="H8", word="CASA", announced=12)
    one.send(one.players[1], "accept")
    one.send(one.players[0], "draw_tiles", tiles=list("BDEF"))
    # Table 2 (FILE): dealt, no play yet: the turns are even (0 and 0), so the game ends at once, 0–0.
    two = dealt(api, event, "file-2024", 2, (list("AEIOULN"), list("AEIOURS")))
    # Table 3 (FILE): not started.
    three = api.table("file-2024", ("Carla", "Dani"), event=event, round=ROUND, table=3)
    # Table 4 (FILE): closed, both signed (FILE 43).
    four = api.table("file-2024", ("Eva", "Fede"), event=event, round=ROUND, table=4)
    four.start()
    four.end_by_passes()
    for seat in (0, 1):
        four.send(four.players[seat], "sign", signature=f"seat {seat}")
    # Table 5 (FISC): Ana's CASA waits for Bea's acceptance: C 2 + A 1 + S 1 + A 1 = 5, doubled = 10; the move
    # in progress and one more (FISC I.11: «la mà en curs i una més», 2 minutes a move).
    five = dealt(api, event, "fisc-2023", 5, (ana, bea))
    five.send(five.players[0], "place_tiles", coordinates="H8", word="CASA", announced=10)
    before = {g.id: g.state()["version"] for g in (one, two, three, four, five)}

    r = call(api, event, api.tokens["arbiter"], reason="ronda 5: tiempo a las 19:40")
    assert r.status_code == 200, r.text
    answer = r.json()
    assert (answer["event"], answer["round"], answer["reason"]) == (event, ROUND, "ronda 5: tiempo a las 19:40")
    assert answer["called_by"].startswith("arbiter:")
    assert (answer["called"], answer["refused"], answer["left_out"]) == (3, 1, 1)
    by_table = {g["table"]: g for g in answer["games"]}
    assert [g["table"] for g in answer["games"]] == ["1", "2", "3", "4", "5"], "by table"

    first = by_table["1"]
    assert (first["outcome"], first["status"], first["version"]) == ("called", "in_progress", before[one.id] + 1)
    assert [e["type"] for e in first["events"]] == ["RoundTimeCalled"]
    assert first["events"][0]["payload"] == {"until": 2, "procedure": "equalise_turns", "move_seconds": None,
                                             "article": "FILE 30, 44.4", "reason": "ronda 5: tiempo a las 19:40"}
    assert first["events"][0]["actor"].startswith("arbiter:")

    second = by_table["2"]  # even already: ended at once, as the sheet stands
    assert (second["outcome"], second["status"]) == ("called", "ended")
    assert [e["type"] for e in second["events"]][:2] == ["RoundTimeCalled", "GameEnded"]
    assert second["events"][1]["payload"]["cause"] == "round_time"
    assert scores(two) == [0, 0]

    third = by_table["3"]
    assert (third["outcome"], third["events"], third["players"]) == ("refused", [], ["Carla", "Dani"])
    assert third["refusal"]["code"] == "not_started" and third["refusal"]["article"] == "FILE 30, 44.4"
    assert "not started" in third["refusal"]["message"]

    fourth = by_table["4"]
    assert (fourth["outcome"], fourth["status"]) == ("left_out", "closed")
    assert (fourth["refusal"]["code"], fourth["refusal"]["article"]) == ("game_closed", "FILE 43")

    fifth = by_table["5"]
    assert (fifth["outcome"], fifth["status"]) == ("called", "in_progress")
    assert {k: fifth["events"][0]["payload"][k] for k in ("until", "procedure", "move_seconds", "article")} == {
        "until": 2, "procedure": "current_plus_one", "move_seconds": 120, "article": "FISC I.8 C, I.11"}

    # Nothing recorded on the refused and the closed games.
    assert three.state()["version"] == before[three.id] and four.state()["version"] == before[four.id]

    # Table 1: Bea's OA (9G: O on a double letter, 1 × 2, + A 1 = 3) evens the turns and ends the game as the
    # sheet stands, racks not counted (FILE 44: «sin restar los puntos ... de los atriles»): 12–3.
    one.version = first["version"]
    one.send(one.players[1], "place_tiles", coordinates="9G", word="O.", announced=3)
    one.send(one.players[0], "accept")
    state = one.state()
    assert state["phase"] == "ended" and scores(one) == [12, 3]
    settlement = api.get(f"/v1/games/{one.id}/settlement", api.tokens["arbiter"]).json()
    assert (settlement["cause"], [p["rack_adjustment"] for p in settlement["players"]]) == ("round_time", [0, 0])
    # Table 5: Bea accepts CASA (the move in progress), then one more: her pass; 10–0 (FISC I.11).
    five.version = fifth["version"]
    five.send(five.players[1], "accept")
    five.send(five.players[0], "draw_tiles", tiles=list("BDEF"))
    five.send(five.players[1], "pass_turn")
    assert five.state()["phase"] == "ended" and scores(five) == [10, 0]


def test_calling_a_round_already_called_records_nothing_and_says_why_for_each_game(api: Api, event: str) -> None:
    game = dealt(api, event, "file-2024", 1, (list("CASAEIO"), list("OLMNRTU")))
    game.send(game.players[0], "place_tiles", coordinates="H8", word="CASA", announced=12)
    game.send(game.players[1], "accept")
    game.send(game.players[0], "draw_tiles", tiles=list("BDEF"))
    # The one game's own command keeps the official's words too (the round route sends the same command).
    sent = game.send(api.tokens["director"], "call_round_time", reason="mesa 1: tiempo")
    assert sent["events"][0]["payload"]["reason"] == "mesa 1: tiempo"
    version = game.state()["version"]
    again = call(api, event, api.tokens["arbiter"]).json()
    assert (again["called"], again["refused"]) == (0, 1)
    refusal = again["games"][0]["refusal"]
    assert refusal["code"] == "round_time_called" and "already been called" in refusal["message"]
    assert "2 turns" in refusal["message"] and refusal["article"] == "FILE 30, 44.4"
    assert game.state()["version"] == version


def test_only_officials_with_a_token_for_every_game_call_a_rounds_time_and_bad_input_names_the_field(
        api: Api, event: str) -> None:
    game = api.table("file-2024", event=event, round=ROUND, table=1)
    api.index()
    refused = call(api, event, game.players[0])
    assert refused.status_code == 403 and "arbiters and directors" in refused.json()["message"]
    assert call(api, event, api.tokens["tribunal"]).status_code == 403
    bound, _ = api.games.issue_token("arbiter", "table 1 arbiter", "test", game_id=UUID(game.id))
    assert call(api, event, bound).json()["field"] == "round"  # a round has many games
    missing = api.client.post("/v1/rounds/round-time", json={"event": event, "round": 6},
                              headers=api.headers(api.tokens["arbiter"]))
    assert (missing.status_code, missing.json()["code"], missing.json()["field"]) == (404, "round_not_found", "round")
    for body, field in (({"event": event, "round": 0}, "round"), ({"event": "", "round": 1}, "event"),
                        ({"event": event, "round": 1, "reason": "x" * 501}, "reason"),
                        ({"event": event, "round": 1, "minutes": 3}, "minutes")):
        r = api.client.post("/v1/rounds/round-time", json=body, headers=api.headers(api.tokens["arbiter"]))
        assert (r.status_code, r.json()["field"]) == (400, field), r.text
    assert game.state()["version"] == 1, "nothing recorded"
