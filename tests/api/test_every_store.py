"""Every endpoint on every store (memory, SQLite, PostgreSQL): the same answers through the same code."""

from __future__ import annotations

from service.gcg.reader import parse_gcg
from tests.api.conftest import Api


def test_every_endpoint_answers_on_every_store(api_on: Api):
    api = api_on
    director = api.tokens["director"]
    table = api.table("fise-2009")
    table.start()
    table.play_turns(6)
    table.end_by_passes()

    assert api.get("/health", None).json()["status"] == "ok"
    assert table.state()["status"] == "ended"
    events = api.get(f"/v1/games/{table.id}/events?after=3", director).json()
    assert events["events"][0]["sequence"] == 4 and events["version"] == table.version
    assert api.get(f"/v1/games/{table.id}/audit", director).json()["intact"]

    exported = api.get(f"/v1/games/{table.id}/gcg", director).text
    assert parse_gcg(exported).events
    imported = api.post("/v1/games/import", director, {"profile": "fise-2009", "gcg": exported})
    assert imported.status_code == 201, imported.text
    assert api.get(f"/v1/games/{imported.json()['id']}", director).json()["board"] == table.state()["board"]

    issued = api.post("/v1/tokens", director, {"role": "spectator", "label": "booth", "game_id": table.id}).json()
    assert api.get(f"/v1/games/{table.id}", issued["token"]).status_code == 200
    assert api.get(f"/v1/tokens/{issued['id']}", director).json()["game_id"] == table.id
    assert api.post(f"/v1/tokens/{issued['id']}/revoke", director, {"reason": "done"}).json()["revoked"]
    assert api.get(f"/v1/games/{table.id}", issued["token"]).status_code == 401

    with api.client.stream("GET", f"/v1/games/{table.id}/stream", headers={**api.headers(director),
                                                                            "Last-Event-ID": str(table.version - 1)}) as r:
        assert r.status_code == 200
        lines = r.iter_lines()
        seen = [next(lines) for _ in range(7)]  # the opening comment, retry, blank, then id, event, data, blank
        assert [line for line in seen if line.startswith("id:")] == [f"id: {table.version}"]


def test_health_is_503_when_the_store_does_not_answer(api: Api, monkeypatch):
    def down() -> None:
        raise ConnectionError("refused")

    monkeypatch.setattr(api.games.recorder, "max_notification_id", down)
    r = api.get("/health", None)
    assert r.status_code == 503 and r.json()["code"] == "unavailable"
