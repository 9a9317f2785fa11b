"""Races against a real server: many tablets send commands for the same version of a game at once.

Each round, eight clients (threads, each with its own connection) wait at a barrier and then all
send a clock reading for the same game at the same ``expected_version``, each with a different
reading. Exactly one wins (200); the others get 409 naming the version the winner made; the
history has one event per round, no duplicates and no gaps, and the stored reading is the
winner's. Then the same with retries: eight copies of one request with one ``Idempotency-Key``
at once: all get the same 200 answer, one recording, the rest replayed.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import httpx
import pytest

from tests.reliability.live import LiveServer, fresh_store

RACERS = 8
ROUNDS = 15


def at_once(server: LiveServer, requests: list[tuple[str, dict[str, Any], dict[str, str]]]) -> list[Any]:
    """Send each (path, body, headers) from its own thread and connection, all released together; the
    responses in order."""
    barrier = threading.Barrier(len(requests))
    answers: list[Any] = [None] * len(requests)

    def send(i: int) -> None:
        path, body, headers = requests[i]
        with httpx.Client(base_url=server.url, timeout=30) as client:
            client.get("/health")  # connected before the barrier, so the requests really overlap
            barrier.wait(30)
            answers[i] = client.post(path, json=body, headers=headers)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(a is not None for a in answers), "a request got no answer"
    return answers


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One real server per store for the module's races (a start is seconds of CPU): each test plays games of
    its own on it, so none sees another's games, versions or keys (idempotency keys are per game)."""
    live = LiveServer(fresh_store(request.param, request, tmp_path_factory.mktemp("races")))
    live.start()
    yield live
    live.stop()


def new_game(server: LiveServer) -> tuple[str, int, dict[str, str]]:
    director = server.headers(server.director)
    game = httpx.post(f"{server.url}/v1/games", headers=director, timeout=30,
                      json={"profile": "file-2024", "players": ["Ana", "Bea"]}).json()
    return game["id"], game["version"], director


def test_of_many_commands_for_one_version_exactly_one_wins_and_the_rest_get_409(server):
    """15 rounds of 8 different clock readings for one game at one version, released together: one 200, seven
    409 naming the winner's version, the stored reading the winner's, the history 1..16 with no duplicate."""
    game, version, director = new_game(server)
    path = f"/v1/games/{game}/commands"
    for round_ in range(ROUNDS):
        bodies = [{"type": "record_clock", "expected_version": version, "seat": i % 2, "remaining": 1000 + i}
                  for i in range(RACERS)]
        answers = at_once(server, [(path, body, director) for body in bodies])
        statuses = Counter(a.status_code for a in answers)
        assert statuses == {200: 1, 409: RACERS - 1}, (round_, [a.text for a in answers])
        winner = next(i for i, a in enumerate(answers) if a.status_code == 200)
        new_version = answers[winner].json()["version"]
        assert new_version == version + 1
        for a in answers:
            if a.status_code == 409:
                assert a.json()["code"] == "version_conflict" and a.json()["current_version"] == new_version
        stored = httpx.get(f"{server.url}/v1/games/{game}/events?after={version}", headers=director).json()["events"]
        assert len(stored) == 1 and stored[0]["payload"]["remaining"] == 1000 + winner
        version = new_version
    history = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director).json()["events"]
    assert [e["sequence"] for e in history] == list(range(1, ROUNDS + 2))
    assert len({e["hash"] for e in history}) == len(history)
    assert httpx.get(f"{server.url}/v1/games/{game}/audit", headers=director).json()["intact"]


def test_retries_with_one_idempotency_key_record_once_and_all_get_the_first_answer(server):
    """15 rounds of 8 copies of one request with one Idempotency-Key, released together: all 200 with the same
    body, exactly one not marked replayed, one event per round; the key reused with another body afterwards
    is 422 ``idempotency_key_reused`` and records nothing."""
    game, version, director = new_game(server)
    path = f"/v1/games/{game}/commands"
    for round_ in range(ROUNDS):
        body = {"type": "record_clock", "expected_version": version, "seat": 0, "remaining": 900 - round_}
        answers = at_once(server, [(path, body, {**director, "Idempotency-Key": f"round-{round_}"})] * RACERS)
        assert {a.status_code for a in answers} == {200}, [a.text for a in answers]
        assert len({a.text for a in answers}) == 1, "every retry gets the same answer"
        fresh = [a for a in answers if a.headers.get("Idempotent-Replayed") != "true"]
        assert len(fresh) == 1, "exactly one of them recorded"
        version = answers[0].json()["version"]
    history = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director).json()["events"]
    assert [e["sequence"] for e in history] == list(range(1, ROUNDS + 2))
    # The same key with another body is refused, and records nothing.
    reused = httpx.post(f"{server.url}{path}", headers={**director, "Idempotency-Key": "round-0"},
                        json={"type": "record_clock", "expected_version": version, "seat": 1, "remaining": 5})
    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
    after = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director).json()["events"]
    assert len(after) == len(history)


def test_races_on_several_games_at_once_fail_only_the_losers(server):
    """Commands for different games are written together (group commit): 10 rounds in which 4 games each get 4
    conflicting clock readings at their version, all 16 released together. In every game exactly one wins
    and the other three get 409 naming that game's new version; a loser in one game never fails a winner in
    another; each history runs 1..11 with the winners' readings in order."""
    games = [new_game(server) for _ in range(4)]
    versions = {game: version for game, version, _ in games}
    director = games[0][2]
    winners: dict[str, list[int]] = {game: [] for game in versions}
    for round_ in range(10):
        requests = [(f"/v1/games/{game}/commands",
                     {"type": "record_clock", "expected_version": versions[game], "seat": 0,
                      "remaining": 1000 * g + 10 * round_ + i}, director)
                    for g, game in enumerate(versions) for i in range(4)]
        answers = at_once(server, requests)
        for g, game in enumerate(versions):
            mine = answers[4 * g:4 * g + 4]
            assert Counter(a.status_code for a in mine) == {200: 1, 409: 3}, (round_, game, [a.text for a in mine])
            won = next(a for a in mine if a.status_code == 200).json()
            assert won["version"] == versions[game] + 1
            assert all(a.json()["current_version"] == won["version"] for a in mine if a.status_code == 409)
            winners[game].append(next(r[1]["remaining"] for r, a in zip(requests[4 * g:4 * g + 4], mine)
                                      if a.status_code == 200))
            versions[game] = won["version"]
    for game in versions:
        history = httpx.get(f"{server.url}/v1/games/{game}/events", headers=director).json()["events"]
        assert [e["sequence"] for e in history] == list(range(1, 12))
        assert [e["payload"]["remaining"] for e in history[1:]] == winners[game]


def test_one_key_with_two_bodies_at_once_records_one_and_refuses_the_other_body(server):
    """10 rounds of 8 requests with one Idempotency-Key released together, four with one body and four with
    another: one recording; the requests with the winner's body all get the same 200 (all but one replayed),
    the other body's all get 422 ``idempotency_key_reused``; the stored event is the winner's."""
    game, version, director = new_game(server)
    path = f"/v1/games/{game}/commands"
    for round_ in range(10):
        bodies = [{"type": "record_clock", "expected_version": version, "seat": 0, "remaining": 700 + 2 * round_ + b}
                  for b in (0, 1)]
        headers = {**director, "Idempotency-Key": f"two-bodies-{round_}"}
        answers = at_once(server, [(path, bodies[i % 2], headers) for i in range(RACERS)])
        ok = [i for i, a in enumerate(answers) if a.status_code == 200]
        assert ok, [a.text for a in answers]
        winner = ok[0] % 2
        assert all(i % 2 == winner for i in ok), "both bodies were answered 200"
        assert len(ok) == RACERS // 2 and len({answers[i].text for i in ok}) == 1
        assert sum(answers[i].headers.get("Idempotent-Replayed") != "true" for i in ok) == 1
        for a in answers:
            if a.status_code != 200:
                assert a.status_code == 422 and a.json()["code"] == "idempotency_key_reused", a.text
        stored = httpx.get(f"{server.url}{path.rsplit('/', 1)[0]}/events?after={version}", headers=director)
        assert [e["payload"]["remaining"] for e in stored.json()["events"]] == [bodies[winner]["remaining"]]
        version += 1
