"""What the store promises: faithful reloads, snapshots, one winner per version, nothing lost, tamper evidence."""

from __future__ import annotations

import re
import sqlite3
import threading

import pytest

from service.game.application import VersionConflict
from tests.application.conftest import RaceClock, WatchedGames, replayed
from tests.application.script import DIRECTOR, replay_steps, seat_actor


def test_the_game_at_every_version_equals_a_replay_of_its_events_up_to_it(store, long_game_steps):
    app = store.app(kind=WatchedGames)

    # A complete 60-turn game is recorded command by command.
    game_id, version = replay_steps(app, long_game_steps)
    events = list(app.repository.event_store.get(game_id))
    assert len(events) == version > 150

    # At every version, the stored game (snapshots included) is the events up to it, applied in order.
    for v in range(1, version + 1):
        assert vars(app.get_game(game_id, version=v)) == vars(replayed(events[:v])), f"version {v}"

    # And after every command, the game reloaded is the game as it stood in memory when saved.
    assert len(app.live) == len(long_game_steps) + 1
    for v, live in app.live.items():
        assert vars(app.get_game(game_id, version=v)) == live, f"version {v}"


def test_a_game_loaded_from_a_snapshot_equals_its_full_replay(store, long_game_steps):
    app = store.app()

    # A complete game is recorded; snapshots were taken along the way, and one more now.
    game_id, version = replay_steps(app, long_game_steps)
    app.take_snapshot(game_id)
    snapshots = list(app.snapshots.get(game_id))
    # A snapshot is taken from memory by the save that crosses each multiple of 50, so it stands at
    # that save's last event: 50 itself or a few events past it (a save records at most a handful).
    taken = [s.originator_version for s in snapshots]
    assert taken[-1] == version and len(taken) == 4
    assert [(v // 50, v % 50 < 5) for v in taken[:-1]] == [(1, True), (2, True), (3, True)]

    # Loaded from the last snapshot (asking for a version skips the cache), the game is the one
    # replayed from its first event.
    full = replayed(list(app.repository.event_store.get(game_id)))
    assert vars(app.get_game(game_id, version=version)) == vars(full)

    # A store without snapshots rebuilds the same game.
    if store.shared:
        plain = store.app(IS_SNAPSHOTTING_ENABLED="n")
        assert plain.snapshots is None and vars(plain.get_game(game_id)) == vars(full)


def test_two_writers_on_one_version_record_exactly_one_command(store):
    race = RaceClock()
    first = store.app(clock=race)
    second = store.app(clock=race) if store.shared else first  # memory: one app, two threads

    # A game is stored and dealt; both tablets (two applications, two connections) see version v.
    game_id = first.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)
    v = first.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = first.draw_tiles(game_id, 0, seat_actor(0), expected_version=v)
    v = first.draw_tiles(game_id, 1, seat_actor(1), expected_version=v)
    assert second.get_game(game_id).version == v

    # Both record a pass for Ana at version v at the same moment: each loads, then both save. (One
    # application runs one game's commands one at a time, so in memory the two threads take turns
    # and the later one finds the version moved on; the barrier would only deadlock them.)
    race.armed = store.shared
    outcomes: dict[str, object] = {}

    def send(name, app, device):
        try:
            outcomes[name] = app.pass_turn(game_id, 0, seat_actor(0)._replace(device=device), expected_version=v)
        except VersionConflict as err:
            outcomes[name] = err

    threads = [threading.Thread(target=send, args=("first", first, "tablet-a")),
               threading.Thread(target=send, args=("second", second, "tablet-b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)

    # Exactly one was recorded; the other was told the current version, and nothing of it was written.
    conflicts = [o for o in outcomes.values() if isinstance(o, VersionConflict)]
    recorded = [o for o in outcomes.values() if o == v + 1]
    assert len(conflicts) == 1 and len(recorded) == 1, outcomes
    assert conflicts[0].current_version == v + 1 and conflicts[0].expected_version == v
    history = second.history(game_id)
    assert len(history) == v + 1 and history[-1].type == "TurnPassed"
    winner = "tablet-a" if outcomes["first"] == v + 1 else "tablet-b"
    assert history[-1].device == winner
    assert first.verify(game_id) is None


def test_nothing_acknowledged_is_lost_when_the_store_is_opened_again(store, long_game_steps):
    if not store.shared:
        pytest.skip("an in-memory store ends with its application")
    app = store.app()

    # A complete game is recorded and the application closed.
    game_id, version = replay_steps(app, long_game_steps)
    before = vars(app.get_game(game_id))
    app.close()

    # A new application on the same store finds every acknowledged event, and the same game.
    again = store.app()
    assert [r.version for r in again.history(game_id)] == list(range(1, version + 1))
    assert vars(again.get_game(game_id)) == before
    assert again.verify(game_id) is None


def test_the_chain_verifies_and_one_changed_byte_is_found(store, long_game_steps):
    app = store.app()

    # A complete game's stored chain verifies.
    game_id, _ = replay_steps(app, long_game_steps)
    assert app.verify(game_id) is None

    # Someone changes one digit of a play's score directly in the database.
    played = next(r.version for r in app.history(game_id) if r.type == "TilesPlaced" and r.version > 40)

    def one_more_point(state: bytes) -> bytes:
        at = re.search(rb'"score":\d', state).end() - 1
        return state[:at] + bytes([ord("0") + (state[at] - ord("0") + 1) % 10]) + state[at + 1:]

    store.tamper(game_id, played, one_more_point)

    # Verification names that event.
    broken = app.verify(game_id)
    assert broken is not None and broken.version == played
    assert "does not match its hash" in broken.reason


def test_sqlite_keeps_its_events_in_write_ahead_log_mode(tmp_path):
    from service.game.application import GamesApplication
    from service.settings import settings_env

    # An application on a data folder stores a game.
    env = settings_env(tmp_path)
    with GamesApplication(env) as app:
        app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)

    # The database file in that folder is in WAL mode, with the configured lock timeout.
    with sqlite3.connect(tmp_path / "events.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert env["SQLITE_LOCK_TIMEOUT"] == "5"
