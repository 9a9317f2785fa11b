"""The event store is shared with the HTTP service's own aggregates (tokens, idempotency records):
the projector passes over them, counts them as processed, and projects the games around them."""

from __future__ import annotations

import random

from projections import queries
from projections.projector import Projector
from projections.store import ReadStore
from service.access.application import ServiceApplication
from service.settings import read_model_url, settings_env
from tests.application.script import long_game


def test_tokens_in_the_store_are_passed_over_and_the_games_projected():
    app = ServiceApplication(settings_env("memory"), rng=random.Random(3))
    store = ReadStore(read_model_url("memory"))
    store.migrate()
    app.issue_token("director", "head", "test")
    bot = long_game(app, seed=4, turns=4, close=False)
    app.issue_token("spectator", "booth", "test", game_id=bot.game_id)
    projector = Projector(app, store)
    total = app.recorder.max_notification_id()
    assert projector.catch_up() == total and projector.lag() == 0
    assert queries.status(store, bot.game_id)["version"] == app.get_game(bot.game_id).version
    store.dispose()


def test_any_other_aggregate_is_passed_over_by_the_topic_of_its_first_event():
    """A tournament (an aggregate the projector knows nothing of) and a revoked token (a second event of a
    non-game, read after the cache is gone) are passed over; the game between them is projected."""
    from domain.game.meta import Meta
    from domain.tournament.aggregate import Tournament

    app = ServiceApplication(settings_env("memory"), rng=random.Random(3))
    store = ReadStore(read_model_url("memory"))
    store.migrate()
    meta = Meta("director:ana", None, "2025-05-01T09:00:00.000Z")
    tournament = Tournament.create("Obert", "fisc-2023", "fisc-2023", 5, meta)
    tournament.register("Anna", meta)
    app.save(tournament)
    _, token_id = app.issue_token("director", "head", "test")
    bot = long_game(app, seed=4, turns=2, close=False)
    projector = Projector(app, store)
    assert projector.catch_up() == app.recorder.max_notification_id()
    app.revoke_token(token_id, "lost", "test")
    tournament.register("Biel", meta)
    app.save(tournament)
    fresh = Projector(app, store)  # no memory of which originators are games
    assert fresh.catch_up() == 2 and fresh.lag() == 0
    assert queries.status(store, tournament.id) is None
    assert queries.status(store, bot.game_id)["version"] == app.get_game(bot.game_id).version
    store.dispose()
