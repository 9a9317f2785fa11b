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
