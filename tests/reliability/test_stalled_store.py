"""A stalled write holds only its own command (issue 13 item 18), on a live server.

The writer is held up artificially inside the recorder's insert (as a frozen disk holds it), with the
write bound shortened to half a second: the command waiting on it is answered 503 ``store_stalled``
within the bound, a command queued behind it is withdrawn unrecorded, and meanwhile ``/health``
(which says the store is stalled), the contract, an unknown path and another game's reads answer at
once. Released, the held write completes, and the service goes on.
"""

from __future__ import annotations

import threading
import time
from typing import Any
from uuid import UUID

import httpx

from service.access.application import ServiceApplication
from service.api.app import create_app
from service.api.config import ServiceSettings
from service.settings import settings_env
from tests.api.live_server import running

BOUND = 0.5


def test_a_stalled_write_is_answered_503_within_its_bound_and_nothing_else_waits(tmp_path):
    games = ServiceApplication(settings_env(str(tmp_path / "data")))
    games.committer.write_bound = BOUND
    games.committer.health.stall_after = BOUND
    director = {"Authorization": f"Bearer {games.issue_token('director', 'hall', 'test')[0]}"}
    app = create_app(ServiceSettings(store=str(tmp_path / "data"), projector="off"), application=games)
    with running(app) as (host, port), httpx.Client(base_url=f"http://{host}:{port}", timeout=10) as client:
        made = [client.post("/v1/games", headers=director, json={"profile": "file-2024", "players": ["Ana", "Bea"]})
                for _ in range(3)]
        held_game, other_game, third_game = (m.json()["id"] for m in made)
        assert client.get(f"/v1/games/{other_game}", headers=director).status_code == 200

        insert, hold, holding = games.recorder.insert_events, threading.Event(), threading.Event()

        def stalled(*args: Any, **kwargs: Any) -> Any:
            holding.set()
            hold.wait(30)
            return insert(*args, **kwargs)

        games.recorder.insert_events = stalled  # type: ignore[method-assign]
        answers: dict[str, httpx.Response] = {}

        def send(name: str, game: str) -> None:
            with httpx.Client(base_url=f"http://{host}:{port}", timeout=10) as own:
                answers[name] = own.post(f"/v1/games/{game}/commands", headers=director,
                                         json={"type": "give_starter", "expected_version": 1, "seat": 0})

        try:
            first = threading.Thread(target=send, args=("held", held_game))
            started = time.monotonic()
            first.start()
            assert holding.wait(5)
            second = threading.Thread(target=send, args=("queued", third_game))
            second.start()
            time.sleep(BOUND + 0.2)
            quick = time.monotonic()
            health = client.get("/health")
            contract = client.get("/openapi.json")
            unknown = client.get("/nowhere")
            other = client.get(f"/v1/games/{other_game}", headers=director)
            assert time.monotonic() - quick < 10, "reads waited on the stalled write (held for 30 s)"
            assert health.status_code == 200, health.text
            assert health.json()["status"] == "degraded" and health.json()["store"]["writes"] == "stalled"
            assert contract.status_code == 200 and unknown.status_code == 404 and other.status_code == 200
            first.join(20)  # the write is still held (released below): an answer now did not wait for it
            second.join(20)
            assert "held" in answers and "queued" in answers, "a command waited for the stalled write"
            assert time.monotonic() - started < 25
            held, queued = answers["held"], answers["queued"]
            assert held.status_code == 503 and held.json()["code"] == "store_stalled", held.text
            assert "may still be recorded" in held.json()["message"] and held.headers["Retry-After"].isdigit()
            assert queued.status_code == 503 and queued.json()["code"] == "store_stalled", queued.text
            assert "nothing was recorded" in queued.json()["message"]
            assert client.get(f"/v1/games/{held_game}", headers=director).status_code == 200  # not held either
        finally:
            hold.set()
        deadline = time.monotonic() + 10
        while games.stored_version(UUID(held_game)) != 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert games.stored_version(UUID(held_game)) == 2  # the held write completed: "may still be recorded"
        assert games.stored_version(UUID(third_game)) == 1  # the withdrawn one never was
        games.recorder.insert_events = insert  # type: ignore[method-assign]
        retried = client.post(f"/v1/games/{third_game}/commands", headers=director,
                              json={"type": "give_starter", "expected_version": 1, "seat": 0})
        assert retried.status_code == 200, retried.text
        assert client.get(f"/v1/games/{held_game}", headers=director).json()["version"] == 2
        health = client.get("/health").json()
        assert health["status"] == "ok" and health["store"]["last_write_error"]["code"] == "store_stalled"


def test_a_token_known_good_is_still_taken_when_the_store_cannot_be_read(monkeypatch):
    """A token's look-up that the store cannot answer in time: a token seen good before is taken (a revocation
    would be a write to that same store), a token never seen is 503 store_stalled; the loop never waits."""
    from tests.testclient import TestClient

    from service.access.tokens import token_id
    from service.api.common import deps

    games = ServiceApplication(settings_env("memory"))
    director = games.issue_token("director", "hall", "test")[0]
    stranger = games.issue_token("arbiter", "new", "test")[0]
    app = create_app(ServiceSettings(store="memory"), application=games)
    with TestClient(app, raise_server_exceptions=False) as client:
        headers = {"Authorization": f"Bearer {director}"}
        game = client.post("/v1/games", headers=headers, json={"profile": "file-2024", "players": ["Ana", "Bea"]})
        games.stop_token_watch()  # nobody vouches for the cached tokens any more
        ident = token_id(director)
        games._principals[ident] = (0.0, games._principals[ident][1])  # the cached answer has expired

        def stalled(*args: Any, **kwargs: Any) -> Any:
            time.sleep(12)
            raise AssertionError("the look-up should have been given up on")

        monkeypatch.setattr(games, "_token", stalled)
        monkeypatch.setattr(deps, "READ_BOUND", 0.3)
        started = time.monotonic()
        known = client.get(f"/v1/games/{game.json()['id']}", headers=headers)
        unknown = client.get(f"/v1/games/{game.json()['id']}", headers={"Authorization": f"Bearer {stranger}"})
        assert time.monotonic() - started < 10  # the look-up takes 12 s: both answers were given up on it
        assert known.status_code == 200, known.text
        assert unknown.status_code == 503 and unknown.json()["code"] == "store_stalled", unknown.text
        assert unknown.headers["Retry-After"].isdigit()
