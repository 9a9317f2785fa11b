"""The read models over HTTP: scoresheet (JSON, text, HTML), settlement, status, replay, the index, health.

A game is played to its signed sheet through the API on every store; every read is checked against
what the game's own state said at that moment (the scores, the board), so the projections and the
aggregate are held to agree.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote
from uuid import uuid4

from tests.api.conftest import Api, Table


def finished(api: Api, event: str = "Open de Madrid") -> Table:
    table = api.table("file-2024", ("Ana García", "Berto Núñez"), event=event, round=3, table=12)
    table.start()
    table.play_turns(8)
    table.end_by_passes()
    return table


def get(api: Api, path: str, token: str, status: int = 200) -> Any:
    r = api.get(path, token)
    assert r.status_code == status, r.text
    return r


def test_a_finished_game_reads_the_same_from_the_sheet_the_settlement_and_the_state_file_44(api_on: Api):
    """FILE 44: after the passes each subtracts their own rack; the sheet's totals are the game's scores,
    and each final score is the score before plus the rack adjustment, less time and sanctions."""
    api = api_on
    table = finished(api)
    state = table.state()
    base = f"/v1/games/{table.id}"

    sheet = get(api, f"{base}/scoresheet", table.director).json()
    assert [p["name"] for p in sheet["players"]] == ["Ana García", "Berto Núñez"]
    for player, seat in zip(sheet["players"], state["players"]):
        rows = player["rows"]
        assert rows and rows[-1]["total"] == seat["score"]
        assert all({"turn", "notation", "word", "coordinates", "score", "total"} <= set(r) for r in rows)
        assert all(r["notation"] in (None, "P", "I") or r["notation"].startswith("C-") for r in rows)
        assert [r["turn"] for r in rows] == list(range(1, len(rows) + 1))

    settled = get(api, f"{base}/settlement", table.director).json()
    assert settled["cause"] == state["ending"]["cause"]
    finals = []
    for player, seat in zip(settled["players"], state["players"]):
        parts = seat["score"] + player["rack_adjustment"] - player["time_penalty"] - player["sanctions"]
        assert player["final_score"] == parts
        finals.append(player["final_score"])
    best = max(finals)
    assert settled["winner"] == (None if finals.count(best) > 1 else ["Ana García", "Berto Núñez"][finals.index(best)])
    assert [p["final_score"] for p in sheet["players"]] == finals

    text = get(api, f"{base}/scoresheet?format=txt", table.director)
    assert text.headers["content-type"].startswith("text/plain") and "Berto Núñez" in text.text
    html = get(api, f"{base}/scoresheet?format=html", table.director)
    assert html.headers["content-type"].startswith("text/html") and "Open de Madrid" in html.text


def test_status_follows_signatures_to_the_closure_lock_and_offers_reopening_file_43(api_on: Api):
    api = api_on
    table = finished(api)
    base = f"/v1/games/{table.id}/status"
    status = get(api, base, table.director).json()
    table_actions = {"call_arbiter", "report_device"}  # open at any moment of an open game (FILE 33.5)
    assert status["status"] == "ended" and {a["type"] for a in status["next_actions"]} - table_actions == {"sign"}
    table.send(table.players[0], "sign", signature="Ana")
    status = get(api, base, table.players[1]).json()  # read right after the write: the wait makes it current
    assert status["signed_by"] == ["Ana García"] and not status["closed"]
    table.send(table.players[1], "sign", signature="Berto")
    status = get(api, base, table.players[1]).json()
    assert status["status"] == "closed" and status["closed"]
    assert status["next_actions"] == [{"type": "consent_reopen", "seat": s, "role": "player"} for s in (0, 1)]


def test_replay_shows_the_board_as_it_stood_and_hides_racks_from_spectators(api: Api):
    table = api.table()
    table.start()
    before = table.state()
    table.play_turns(1)
    after = table.state()
    base = f"/v1/games/{table.id}/state"
    then = get(api, f"{base}?at={before['version']}", table.director).json()
    assert then["board"] == before["board"] and then["version"] == before["version"]
    now = get(api, f"{base}?at={after['version']}", table.director).json()
    assert now["board"] == after["board"] != before["board"]
    assert [p["score"] for p in after["players"]] == now["scores"]
    from uuid import UUID
    spectator = api.games.issue_token("spectator", "booth", "test", game_id=UUID(table.id))[0]
    seen = get(api, f"{base}?at={after['version']}", spectator).json()
    assert all(r["known"] is None and r["count"] == 7 for r in seen["racks"])
    mine = get(api, f"{base}?at={after['version']}", table.players[0]).json()
    assert mine["racks"][0]["known"] is not None and mine["racks"][1]["known"] is None
    missing = get(api, f"{base}?at={after['version'] + 5}", table.director, 404).json()
    assert missing["code"] == "version_not_found" and missing["field"] == "at"


def test_the_settlement_of_a_game_in_progress_is_not_there_yet(api: Api):
    table = api.table()
    body = get(api, f"/v1/games/{table.id}/settlement", table.director, 404).json()
    assert body["code"] == "not_settled"


def test_the_directors_index_filters_by_event_round_table_player_and_status(api_on: Api):
    api = api_on
    tag = uuid4().hex[:8]  # the PostgreSQL database is shared by the session's tests: names of our own
    done = finished(api, f"Open de Madrid {tag}")
    other = api.table("fisc-2023", (f"Carles {tag}", f"Dolors {tag}"), event=f"Lliga {tag}", round=1, table="B-2")
    director = api.tokens["director"]
    get(api, f"/v1/games/{other.id}/status", director)  # waits until the projection has both games

    def ids(query: str) -> set[str]:
        found = get(api, f"/v1/games?{query}&limit=500", director).json()["games"]
        return {g["game_id"] for g in found} & {done.id, other.id}

    assert ids(f"event=Open%20de%20Madrid%20{tag}") == {done.id}
    assert ids(f"player=dolors%20{tag}") == {other.id}
    assert ids(f"event=Lliga%20{tag}&table=B-2&round=1") == {other.id}
    assert ids(f"event=Open%20de%20Madrid%20{tag}&status=ended") == {done.id}
    assert ids(f"event=Lliga%20{tag}&status=ended") == set()
    assert ids(f"player=berto%20n&event=Open%20de%20Madrid%20{tag}&round=3&table=12") == {done.id}
    decomposed = quote("Nu\u0301n\u0303ez")  # Núñez as macOS text gives it: the same name (NFC)
    assert ids(f"player={decomposed}&event=Open%20de%20Madrid%20{tag}") == {done.id}
    assert get(api, "/v1/games?status=lost", director, 400).json()["field"] == "status"


def test_health_reports_the_projections_lag(api: Api):
    table = api.table()
    table.start()
    get(api, f"/v1/games/{table.id}/status", table.director)
    health = get(api, "/health", table.director).json()
    assert health["projections"]["reachable"] and health["projections"]["running"]
    assert health["projections"]["lag"] == 0
