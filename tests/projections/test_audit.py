"""The audit trail (every event with time, actor, device, hash link, signatures) and its verification,
which recomputes the chain, checks every signature and names the first break precisely (FILE 43:
a signature binds the history it was given)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from itertools import pairwise

import psycopg
import pytest
from psycopg import sql

from domain.game.chain import event_hash
from domain.game.events import GameEvent
from projections import queries
from projections.audit import audit_report, audit_trail
from tests.application.script import long_game
from tests.factories import meta


@dataclass(frozen=True)
class NoteAdded(GameEvent):
    """An event type no read model knows, as a later version of the Game might record."""

    text: str


def tamper(stack, game_id, version: int, edit) -> None:
    """Change one stored event's bytes behind the application's back."""
    recorder = stack.app.recorder
    table = recorder.events_table_name
    if stack.kind == "sqlite":
        with sqlite3.connect(stack.app.env.get("SQLITE_DBNAME") or recorder.datastore.db_name) as db:
            key = (game_id.hex, version)
            where = "WHERE originator_id=? AND originator_version=?"
            (state,) = db.execute(f"SELECT state FROM {table} {where}", key).fetchone()
            db.execute(f"UPDATE {table} SET state=? {where}", (edit(bytes(state)), *key))
        return
    schema = recorder.datastore.schema
    url = stack.target.split("?")[0]
    name = sql.Identifier(schema, table)
    with psycopg.connect(url, autocommit=True) as db:
        where = sql.SQL("WHERE originator_id=%s AND originator_version=%s")
        (state,) = db.execute(sql.SQL("SELECT state FROM {} ").format(name) + where, (game_id, version)).fetchone()
        db.execute(sql.SQL("UPDATE {} SET state=%s ").format(name) + where, (edit(bytes(state)), game_id, version))


def one_more_point(state: bytes) -> bytes:
    at = re.search(rb'"score":\d', state).end() - 1
    return state[:at] + bytes([ord("0") + (state[at] - ord("0") + 1) % 10]) + state[at + 1:]


def test_the_trail_lists_every_event_with_its_link_and_the_signatures(memory_stack):
    bot = long_game(memory_stack.app, seed=4, turns=12)
    trail = audit_trail(memory_stack.app, bot.game_id)
    events = trail["events"]
    assert [e["sequence"] for e in events] == list(range(1, bot.version + 1)) and trail["count"] == bot.version
    assert events[0]["previous_hash"] == "0" * 64
    assert all(e["previous_hash"] == p["hash"] for p, e in pairwise(events))
    assert {e["actor"] for e in events} >= {"director:test", "player:0", "player:1"}
    assert all(e["recorded_at"] and e["stored_at"] and "device" in e for e in events)
    assert [s["name"] for s in trail["signatures"]] == ["Ana", "Bea"]
    assert trail["signatures"][1]["head_hash"] == events[trail["signatures"][1]["sequence"] - 2]["hash"]
    report = audit_report(memory_stack.app, bot.game_id)
    assert report["ok"] and report["first_break"] is None and report["closed"]
    assert [s["valid"] for s in report["signatures"]] == [True, True]


def test_a_changed_score_is_found_at_its_event_and_voids_the_signatures_after_it(shared_stack):
    bot = long_game(shared_stack.app, seed=5, turns=20)
    played = next(r.version for r in shared_stack.app.history(bot.game_id)
                  if r.type == "TilesPlaced" and r.version > 30)
    tamper(shared_stack, bot.game_id, played, one_more_point)

    report = audit_report(shared_stack.app, bot.game_id)
    broken = report["first_break"]
    assert not report["ok"] and broken["sequence"] == played and broken["type"] == "TilesPlaced"
    assert broken["reason"] == "the recorded content does not match its hash"
    assert broken["recorded_hash"] != broken["computed_hash"] and broken["index"] == played - 1
    assert [s["valid"] for s in report["signatures"]] == [False, False]
    assert f"fails verification at event {played}" in report["signatures"][0]["reason"]


def test_a_signature_that_names_another_head_is_the_break(shared_stack):
    bot = long_game(shared_stack.app, seed=6, turns=8)
    signed = next(r.version for r in shared_stack.app.history(bot.game_id) if r.type == "SheetSigned")
    tamper(shared_stack, bot.game_id, signed,
           lambda state: re.sub(rb'"head_hash":"[0-9a-f]', b'"head_hash":"x', state, count=1))
    broken = audit_report(shared_stack.app, bot.game_id)["first_break"]
    assert broken["sequence"] == signed and broken["type"] == "SheetSigned"


def test_bytes_that_cannot_be_read_are_the_break(shared_stack):
    bot = long_game(shared_stack.app, seed=7, turns=6, close=False)
    tamper(shared_stack, bot.game_id, 5, lambda state: state[: len(state) // 2])
    report = audit_report(shared_stack.app, bot.game_id)
    assert report["first_break"]["sequence"] == 5 and "cannot be read" in report["first_break"]["reason"]
    assert audit_trail(shared_stack.app, bot.game_id)["unreadable"]["sequence"] == 5


def test_an_event_type_no_read_model_knows_is_in_the_trail_and_changes_no_sheet(memory_stack):
    """New event types never break the projector: listed in the audit trail, ignored by the sheet."""
    app = memory_stack.app
    bot = long_game(app, seed=8, turns=6, close=False)
    memory_stack.projector.catch_up()
    before = queries.scoresheet(memory_stack.store, bot.game_id)

    game = app.get_game(bot.game_id)
    game._record(NoteAdded, meta("director:test"), text="the clock was checked")
    app.save(game)
    assert memory_stack.projector.catch_up() == 1

    after = queries.scoresheet(memory_stack.store, bot.game_id)
    assert after["players"] == before["players"] and after["version"] == before["version"] + 1
    assert queries.status(memory_stack.store, bot.game_id)["last_event"] == "NoteAdded"
    last = audit_trail(app, bot.game_id)["events"][-1]
    assert (last["type"], last["payload"]) == ("NoteAdded", {"text": "the clock was checked"})
    assert audit_report(app, bot.game_id)["ok"]


def test_an_event_whose_class_is_unknown_here_is_still_listed_and_verified(memory_stack):
    """A stored event of a class this code cannot import (a newer writer) is read from its fields."""
    from eventsourcing.persistence import StoredEvent

    app = memory_stack.app
    bot = long_game(app, seed=9, turns=4, close=False)
    last = app.history(bot.game_id)[-1]
    chain = {"previous_hash": last.hash, "actor": "director:future", "device": None, "at": "2025-05-01T11:00:00Z"}
    digest = event_hash(str(bot.game_id), "ClockChecked", last.version + 1, {"seconds": 95}, chain)
    state = app.mapper.transcoder.encode({**chain, "hash": digest, "seconds": 95, "timestamp": None})
    app.recorder.insert_events([StoredEvent(bot.game_id, last.version + 1, "planilla.future.events:ClockChecked",
                                            state)])
    trail = audit_trail(app, bot.game_id)
    assert trail["events"][-1]["type"] == "ClockChecked" and trail["events"][-1]["payload"] == {"seconds": 95}
    assert audit_report(app, bot.game_id)["ok"]

    # The projector steps over it (the game shows it as its last event) and goes on with other games.
    other = long_game(app, seed=10, turns=2, close=False)
    memory_stack.projector.catch_up()
    state = queries.status(memory_stack.store, bot.game_id)
    assert (state["version"], state["last_event"]) == (last.version + 1, "ClockChecked")
    assert queries.status(memory_stack.store, other.game_id)["version"] == other.version
    # A projector starting afresh (its games rebuilt from the store) steps over it the same way.
    fresh = memory_stack.new_projector()
    assert fresh.rebuild() == app.recorder.max_notification_id()
    assert queries.status(memory_stack.store, bot.game_id)["last_event"] == "ClockChecked"


def test_an_unknown_game_is_not_found(memory_stack):
    from uuid import uuid4

    from service.game.application import GameNotFound

    with pytest.raises(GameNotFound):
        audit_trail(memory_stack.app, uuid4())
    with pytest.raises(GameNotFound):
        audit_report(memory_stack.app, uuid4())
