"""``rebuild`` drops every read model and projects all events again; the result equals what incremental
processing produced, event by event, with games interleaved and evicted from memory along the way."""

from __future__ import annotations

import random

import pytest

from projections.projector import Projector
from projections.store import ReadStore
from service.game.application import GamesApplication
from service.settings import settings_env
from tests.factories import play_random_game
from tests.projections.compare import contents

PROFILES = ("file-2024", "fise-2009", "ajs-2012", "fisc-2023", "molins-club")


def recorded_in_chunks(seeds: range) -> list[list]:
    """Each random game's events, in the chunks its commands recorded them (one save per command); every
    other game has the arbiter's incidents (overdraws, underdraws, clocks, sanctions, sheets, SENYORS)."""
    from tests.scenes import incident_between_turns, refill_with_errors

    games = []
    for seed in seeds:
        chunks: list[list] = []
        incidents = {"refill": refill_with_errors, "between": incident_between_turns} if seed % 2 else {}
        game = play_random_game(PROFILES[seed % len(PROFILES)], seed,
                                check=lambda g, chunks=chunks: chunks.append(g.collect_events()),
                                details={"event": f"Open {seed % 3}", "round": 1 + seed % 7, "table": 1 + seed % 11},
                                **incidents)
        chunks.append(game.collect_events())
        games.append([c for c in chunks if c])
    return games


def interleave(app, projector, games, rng) -> int:
    """Save the games' chunks in a random interleaving, catching up a random few events now and then."""
    queues = [list(g) for g in games]
    processed = 0
    while queues:
        queue = rng.choice(queues)
        app.save(*queue.pop(0))
        if not queue:
            queues.remove(queue)
        if rng.random() < 0.3:
            processed += projector.catch_up(limit=rng.randint(1, 60))
    return processed + projector.catch_up()


def check_rebuild_equals_incremental(app, store, games, seed, cache_games) -> None:
    incremental = Projector(app, store, batch_size=25, cache_games=cache_games)
    interleave(app, incremental, games, random.Random(seed))
    assert incremental.lag() == 0
    before = contents(store)
    assert len(before["game_index"]) == len(games)
    assert len(before["replay_frame"]) == sum(len(c) for g in games for c in g)  # one frame per event

    progress = []
    rebuilt = Projector(app, store).rebuild(lambda done, total: progress.append((done, total)))
    assert rebuilt == app.recorder.max_notification_id()
    assert progress[0] == (0, rebuilt) and progress[-1] == (rebuilt, rebuilt)
    assert contents(store) == before


@pytest.mark.slow
def test_rebuild_equals_incremental_on_three_hundred_random_games(tmp_path):
    """300 games of every profile, half with the arbiter's incidents (about 30,000 events) in memory, the read
    models in a SQLite file."""
    app = GamesApplication(settings_env("memory"))
    store = ReadStore(f"sqlite:///{tmp_path}/readmodels.sqlite3")
    store.migrate()
    check_rebuild_equals_incremental(app, store, recorded_in_chunks(range(300)), seed=300, cache_games=1000)
    store.dispose()


def test_rebuild_equals_incremental_on_every_store(stack):
    """The same on memory, SQLite and PostgreSQL, with fewer games, and a cache of three games so that
    evicted games are rebuilt from the event store in the middle of the stream."""
    games = recorded_in_chunks(range(1000, 1006))
    check_rebuild_equals_incremental(stack.app, stack.store, games, seed=12, cache_games=3)
