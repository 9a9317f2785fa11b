"""The store watch (``service/access/store_watch.py``): a good token answered from memory until a revocation made
anywhere on the store is seen; a token issued elsewhere after a refusal looked up again."""

from __future__ import annotations

from typing import Iterator

import pytest

from service.access.application import ServiceApplication
from tests.api.conftest import Api, _api


def test_a_good_token_is_answered_from_memory_until_a_revocation_anywhere_is_seen(api: Api, monkeypatch):
    """While the revocation watch runs (``planilla serve`` starts it), a token looked up once is not read
    again, however long it is used; a revocation made by another process on the same store (as
    ``planilla token revoke`` makes it) is refused within the documented bound (2 s, the watch looks every
    0.5 s); a token this process refused and another then issued is accepted as soon; through this
    process, a revocation applies at the next request. Without the watch, answers expire on their own."""
    import time

    from service.access import store_watch as access
    from service.access.tokens import AccessToken, new_token

    games = api.games
    other = ServiceApplication(dict(games.env))  # another process on the same store
    try:
        table = api.table()
        path = f"/v1/games/{table.id}"
        raw, ident = other.issue_token("spectator", "booth", "test")
        reads = []
        real_token = games._token
        monkeypatch.setattr(games, "_token", lambda i: reads.append(i) or real_token(i))

        # Past a cached answer's own lifetime, the watch still vouches for it: one read, then none. (The
        # watch vouches for as long as a cached answer lasts on its own, a second here, and looks every
        # 0.02 s: only a look stalled for most of a second on a loaded machine could let it lapse.)
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 1.0)
        monkeypatch.setattr(access, "WATCH_EVERY", 0.02)
        assert api.get(path, raw).status_code == 200
        assert len(reads) == 1
        reads.clear()
        time.sleep(1.2)
        for _ in range(5):
            assert api.get(path, raw).status_code == 200
            time.sleep(0.1)
        assert reads == []

        # From here on a cached answer would last a minute: only the watch can change it.
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 60.0)
        assert api.get(path, raw).status_code == 200
        other.revoke_token(ident, "lost", "test")
        started = time.monotonic()
        while api.get(path, raw).status_code == 200:
            assert time.monotonic() - started < 2.0, "a revocation elsewhere was not seen within 2 s"
            time.sleep(0.05)
        assert api.get(path, raw).status_code == 401

        late = new_token()
        assert api.get(path, late).status_code == 401  # unknown here, and remembered as refused
        other.save(AccessToken.issue(late, "spectator", "late", "test", other.clock()))
        started = time.monotonic()
        while api.get(path, late).status_code == 401:
            assert time.monotonic() - started < 2.0, "a token issued elsewhere was refused for over 2 s"
            time.sleep(0.05)

        # Revoked here: refused at once.
        mine, mine_id = games.issue_token("spectator", "mine", "test")
        assert api.get(path, mine).status_code == 200
        games.revoke_token(mine_id, "lost", "test")
        assert api.get(path, mine).status_code == 401

        # Without the watch, a cached answer holds only for its own lifetime, then the store is read.
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 0.2)
        fresh, _ = games.issue_token("spectator", "fresh", "test")
        assert api.get(path, fresh).status_code == 200
        games.stop_token_watch()
        reads.clear()
        time.sleep(0.3)
        assert api.get(path, fresh).status_code == 200 and len(reads) == 1
    finally:
        other.close()


@pytest.fixture
def sqlite_api(tmp_path) -> Iterator[Api]:
    yield from _api(str(tmp_path / "data"))


def test_on_sqlite_a_look_with_nothing_committed_since_the_last_asks_no_query(sqlite_api: Api, monkeypatch):
    """SQLite's ``data_version`` (``CheckpointedRecorder.data_version``) tells the watch whether any connection, in
    any process, has committed since its last look: unchanged, the look reads nothing (an idle hall's watch wakes
    twice a second); a commit by another process's connection is read at the next look, as before."""
    import time

    from service.access import store_watch as access
    from service.access.tokens import AccessToken, new_token

    games = sqlite_api.games
    assert games.recorder.data_version() is not None
    queries: list[float] = []
    real = games.recorder.max_notification_id
    monkeypatch.setattr(games.recorder, "max_notification_id", lambda: queries.append(time.monotonic()) or real())
    monkeypatch.setattr(access, "WATCH_EVERY", 0.02)
    games.stop_token_watch()
    games.start_token_watch()
    time.sleep(0.3)  # a first look reads; then nothing is committed
    queries.clear()
    time.sleep(0.5)  # some twenty looks
    assert queries == [], "the watch queried a store nobody wrote to"

    other = ServiceApplication(dict(games.env))  # another process on the same store
    try:
        late = new_token()
        other.save(AccessToken.issue(late, "spectator", "late", "test", other.clock()))
        deadline = time.monotonic() + 5
        while not queries and time.monotonic() < deadline:
            time.sleep(0.02)
        assert queries, "another process's commit was not read"
    finally:
        other.close()
