"""Idempotency-Key: a retried command is answered once and recorded once, on every store."""

from __future__ import annotations

import threading
from uuid import UUID

from service.access.idempotency import IdempotentCommand, record_id
from tests.api.conftest import Api, Table


def command(table: Table, seat: int, key: str | None, **body: object):
    headers = {"Idempotency-Key": key} if key is not None else {}
    payload = {"type": "pass_turn", "expected_version": table.version, **body}
    return table.api.post(f"/v1/games/{table.id}/commands", table.players[seat], payload, **headers)


def versions(table: Table) -> int:
    return len(table.api.get(f"/v1/games/{table.id}/events", table.director).json()["events"])


def test_the_same_key_and_body_return_the_first_answer_and_record_nothing_new(api_on: Api):
    table = api_on.table()
    table.start()
    seat = table.state()["seat_on_turn"]
    first = command(table, seat, "tablet-7/turn-1")
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    recorded = versions(table)
    again = command(table, seat, "tablet-7/turn-1")
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and versions(table) == recorded


def test_the_same_key_with_another_body_or_token_is_refused(api: Api):
    table = api.table()
    table.start()
    seat = table.state()["seat_on_turn"]
    assert command(table, seat, "k1").status_code == 200
    other = command(table, seat, "k1", expected_version=table.version + 5)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    assert other.json()["field"] == "Idempotency-Key"
    by_director = api.post(f"/v1/games/{table.id}/commands", table.director,
                           {"type": "pass_turn", "expected_version": table.version, "seat": seat},
                           **{"Idempotency-Key": "k1"})
    assert by_director.status_code == 422


def test_a_malformed_key_is_400(api: Api):
    table = api.table()
    table.start()
    r = command(table, table.state()["seat_on_turn"], " padded ")
    assert r.status_code == 400 and r.json()["field"] == "Idempotency-Key"


def test_racing_twins_with_one_key_record_one_command(api_on: Api):
    table = api_on.table()
    table.start()
    seat = table.state()["seat_on_turn"]
    before = versions(table)
    answers = []
    go = threading.Barrier(4)

    def send() -> None:
        go.wait()
        answers.append(command(table, seat, "twin"))

    threads = [threading.Thread(target=send) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {a.status_code for a in answers} == {200}
    assert len({str(a.json()) for a in answers}) == 1
    assert versions(table) == before + 1


def test_the_key_and_the_command_are_saved_together_or_not_at_all(api_on: Api, monkeypatch):
    """A key already stored but not seen (as if written a moment ago): the save fails whole, the game is unchanged."""
    table = api_on.table()
    table.start()
    seat = table.state()["seat_on_turn"]
    game_id = UUID(table.id)
    api_on.games.save(IdempotentCommand.answer(game_id, "taken", "other", 200, {}, "2025-05-01T12:00:00.000Z"))
    monkeypatch.setattr(api_on.games, "answered", lambda ident: None)
    before, version = versions(table), table.version
    r = command(table, seat, "taken")
    assert r.status_code == 409  # the store refused the save: neither the key's record nor the game's event
    assert versions(table) == before and table.state()["version"] == version
    assert api_on.games.repository.get(record_id(game_id, "taken")).request_hash == "other"
    monkeypatch.undo()
    assert command(table, seat, "fresh").status_code == 200  # the game goes on
