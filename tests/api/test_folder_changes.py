"""A data folder's changes as Linux tells them (``service.game.folder_changes``), and the store watch that sleeps on
them (issue 25: an idle hall server sleeps; the insiders issue: a revocation by another process applies within a
second)."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from service.access.application import ServiceApplication
from service.game.folder_changes import folder_changes
from service.hall.process_end import Stop
from tests.api.conftest import Api, _api

pytestmark = pytest.mark.skipif(folder_changes("/tmp") is None, reason="no inotify here: the watch looks on a timer")


def test_a_write_by_another_process_wakes_the_wait_and_quiet_times_out(tmp_path: Path):
    changes = folder_changes(tmp_path)
    assert changes is not None
    try:
        stop = Stop()
        assert changes.wait(0.2, stop) is False  # nothing written: the time-out
        subprocess.run([sys.executable, "-c", f"open({str(tmp_path / 'x')!r}, 'a').write('x')"], check=True)
        assert changes.wait(5, stop) is True
        assert changes.wait(0.2, stop) is False, "the changes told were not all read by the first wake-up"
    finally:
        changes.close()


def test_a_stop_ends_the_wait_at_once_and_one_set_before_it_too(tmp_path: Path):
    changes = folder_changes(tmp_path)
    assert changes is not None
    try:
        stop = Stop()
        threading.Timer(0.2, stop.set).start()
        started = time.monotonic()
        assert changes.wait(30, stop) is False
        assert changes.wait(30, stop) is False  # still set: no sleep at all
        assert time.monotonic() - started < 10
    finally:
        changes.close()


def test_a_folder_that_is_not_there_gives_no_changes(tmp_path: Path):
    assert folder_changes(tmp_path / "missing") is None


def watched_token(api: Api, other: ServiceApplication) -> tuple[str, str, object]:
    """A game's address and a good token another process issued, once looked up and cached by a watch started anew
    (with the constants the test has set)."""
    table = api.table()
    path = f"/v1/games/{table.id}"
    raw, ident = other.issue_token("spectator", "booth", "test")
    api.games.stop_token_watch()
    api.games.start_token_watch()
    assert api.get(path, raw).status_code == 200
    return path, raw, ident


@pytest.fixture
def sqlite_api(tmp_path: Path) -> Iterator[Api]:
    yield from _api(str(tmp_path / "data"))


def test_an_idle_watch_does_not_look_and_another_process_s_revocation_still_applies_at_once(sqlite_api: Api,
                                                                                       monkeypatch):
    """With the folder's changes, the watch looks only when a file of the store's folder changed (or after
    ``QUIET_LOOK`` seconds): idle, no look at all for a second and a half; a revocation committed by another
    process's connection wakes it, and the token is refused within the second the insiders issue allows, though the
    cached answer would otherwise last a minute."""
    from service.access import store_watch as access

    games = sqlite_api.games
    looks: list[float] = []
    real = games.recorder.data_version
    monkeypatch.setattr(games.recorder, "data_version", lambda: looks.append(time.monotonic()) or real())
    monkeypatch.setattr(access, "QUIET_LOOK", 60.0)
    monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 60.0)
    other = ServiceApplication(dict(games.env))  # another process on the same store
    try:
        path, raw, ident = watched_token(sqlite_api, other)
        time.sleep(2.0)  # the first look; the writes above and their checkpoint a second later (QUIET) settle
        looks.clear()
        time.sleep(1.5)
        assert looks == [], "the watch looked at a store nobody wrote to"
        assert games._watched_until == float("inf")  # asleep on the folder: the cached answers vouched for
        other.revoke_token(ident, "lost", "test")
        started = time.monotonic()
        while sqlite_api.get(path, raw).status_code == 200:
            assert time.monotonic() - started < 1.0, "a revocation elsewhere was not applied within a second"
            time.sleep(0.02)
        assert looks, "the revocation was found without a look"
    finally:
        other.close()
        games.stop_token_watch()
    assert games._watch is None and games._watched_until == float("-inf"), "a stopped watch vouched on"


def test_under_a_stream_of_commits_the_cached_tokens_stay_vouched_for(sqlite_api: Api, monkeypatch):
    """A busy hall: the folder changes all the time, so the watch looks every ``WATCH_EVERY`` seconds as on a timer,
    and between its looks the good tokens cached stay vouched for (a first version left them unvouched from each
    change to the next look: every request then read its token from the store, a tenth of the commands lost)."""
    from service.access import store_watch as access

    games = sqlite_api.games
    monkeypatch.setattr(access, "WATCH_EVERY", 0.1)
    monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 0.5)  # a cached answer's own life: shorter than the run
    other = ServiceApplication(dict(games.env))
    stop = threading.Event()

    def commits() -> None:  # another process's writes, one after another
        while not stop.is_set():
            other.issue_token("spectator", "noise", "test")
            time.sleep(0.01)

    writer = threading.Thread(target=commits)
    try:
        path, raw, _ = watched_token(sqlite_api, other)
        reads: list[object] = []
        real_token = games._token
        monkeypatch.setattr(games, "_token", lambda i: reads.append(i) or real_token(i))
        writer.start()
        started = time.monotonic()
        while time.monotonic() - started < 1.5:  # three times a cached answer's own life
            assert sqlite_api.get(path, raw).status_code == 200
            time.sleep(0.02)
        assert reads == [], f"the token was read from the store {len(reads)} times: the watch stopped vouching"
    finally:
        stop.set()
        if writer.is_alive():
            writer.join(10)
        other.close()
        games.stop_token_watch()
