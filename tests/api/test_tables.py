"""``GET /v1/tables``: the hall at a glance (issue 15, the officials' console). Each table's one state and its
alerts follow what the game waits for: a call for the arbiter (FILE 33.5), a discrepancy between a sheet
and the true score (FILE 40), a challenge waiting for its ruling (FILE 39), the signatures (FILE 43); alerts
come first. Only officials with a token for every game read it."""

from __future__ import annotations

import time
from typing import Any

from tests.api.conftest import Api, Table


def hall(api: Api, **query: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while api.app.state.projector.lag():
        assert time.monotonic() < deadline, "the projector did not catch up"
        time.sleep(0.01)
    r = api.client.get("/v1/tables", params={"event": "Hall test", **query}, headers=api.headers(api.tokens["arbiter"]))
    assert r.status_code == 200, r.text
    return {t["table"]: t for t in r.json()["tables"]}


def test_each_table_shows_where_its_game_stands_and_the_alerts_come_first(api: Api) -> None:
    quiet = api.table(event="Hall test", round=1, table=1)
    called = api.table(event="Hall test", round=1, table=2)
    differing = api.table(event="Hall test", round=1, table=3)
    challenged = api.table(event="Hall test", round=1, table=4)
    for table in (quiet, called, differing, challenged):
        table.start()
    quiet.play_turns(1)

    # Table 2: a player calls the arbiter (FILE 33.5): the clocks stop, the console's alert.
    called.send(called.players[0], "call_arbiter")
    # Table 3: the opponent writes 1 for a play worth more (FILE 40): a discrepancy until corrected.
    seat = differing.state()["seat_on_turn"]
    from tests.application.script import find_play
    coordinates, word = find_play(differing.game, seat, differing.rng)
    differing.send(differing.players[seat], "place_tiles", coordinates=coordinates, word=word)
    if differing.state()["pending"]["kind"] == "centre_choice":
        differing.send(differing.players[1 - seat], "decide_off_centre", accept=True)
    differing.send(differing.players[1 - seat], "write_sheet_entry", sheet=1 - seat, player=seat, turn=1, score=1)
    differing.send(differing.players[1 - seat], "accept")
    # Table 4: a challenge waits for the arbiter's ruling (FILE 39).
    seat = challenged.state()["seat_on_turn"]
    coordinates, word = find_play(challenged.game, seat, challenged.rng)
    challenged.send(challenged.players[seat], "place_tiles", coordinates=coordinates, word=word)
    if challenged.state()["pending"]["kind"] == "centre_choice":
        challenged.send(challenged.players[1 - seat], "decide_off_centre", accept=True)
    challenged.send(challenged.players[1 - seat], "challenge")

    found = hall(api, round=1)
    assert {k: (t["state"], t["alerts"]) for k, t in found.items()} == {
        "1": ("playing", []),
        "2": ("arbiter", ["arbiter"]),
        "3": ("discrepancy", ["discrepancy"]),
        "4": ("challenge", ["challenge"]),
    }
    assert found["3"]["discrepancies"] == 1 and found["2"]["waiting_seats"] == [0]
    r = api.client.get("/v1/tables", params={"event": "Hall test", "round": 1}, headers=api.headers(api.tokens["director"]))
    order = [t["table"] for t in r.json()["tables"]]
    assert order == ["2", "3", "4", "1"], "alerts first, the most urgent first (a call, a discrepancy, a challenge)"

    # Answered, corrected, ruled: the alerts go.
    called.send(api.tokens["arbiter"], "answer_call")
    score = differing.state()["last_turn"]["score"]
    differing.send(api.tokens["arbiter"], "correct_score", player=differing.state()["last_turn"]["seat"], turn=1,
                   field="score", old=1, new=score, reason="agreed", asked_by=0, agreed_by=1)
    challenged.send(api.tokens["arbiter"], "rule_challenge", valid=True, authority="DRAE")
    found = hall(api, round=1)
    assert [found[k]["alerts"] for k in "234"] == [[], [], []], found


def test_a_finished_game_waits_for_signatures_then_shows_closed(api: Api) -> None:
    table = api.table(event="Hall test", round=2, table=9)
    table.start()
    table.end_by_passes()
    assert hall(api, round=2)["9"]["state"] == "signing"
    for seat in (0, 1):
        table.send(table.players[seat], "sign", signature=f"player {seat}")
    done = hall(api, round=2)["9"]
    assert done["state"] == "closed" and done["signed"] == [0, 1] and done["alerts"] == []


def test_the_hall_is_for_officials_with_a_token_for_every_game(api: Api) -> None:
    table = api.table(event="Hall test", round=3, table=1)
    assert api.client.get("/v1/tables", headers=api.headers(table.players[0])).status_code == 403
    assert api.client.get("/v1/tables", headers=api.headers(api.tokens["spectator"])).status_code == 403
    assert api.client.get("/v1/tables").status_code == 401
    r = api.client.get("/v1/tables", params={"round": 0}, headers=api.headers(api.tokens["director"]))
    assert r.status_code == 400 and "round" in r.text
