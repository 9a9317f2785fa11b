"""A tournament on every store: rounds published with their games and seat tokens in one transaction,
results taken from the games' signed sheets exactly once, a reopened game moving the standings."""

from __future__ import annotations

import random
from uuid import UUID

import pytest

from service.access.application import ServiceApplication
from service.game.application import Actor
from service.tournament.application import TournamentNotFound, Tournaments
from tests.application.script import Bot, seat_actor

DIRECTOR = Actor("director:ana", "laptop")
PLAYERS = [("Anna", 1900), ("Biel", 1850), ("Carla", 1800), ("Dani", 1750), ("Emma", 1700)]


def close_game(app, game_id: str, seed: int) -> None:
    bot = Bot(app, random.Random(seed), UUID(game_id), app.get_game(UUID(game_id)).version)
    bot.start()
    bot.play_turns(4)
    bot.end_by_passes()
    bot.sign_all()


def test_a_round_is_published_with_its_games_and_results_come_from_signed_sheets(store):
    app = store.app(kind=ServiceApplication)
    tournaments = Tournaments(app)
    tid = tournaments.create("Obert de Molins", "fisc-2023", "fisc-2023", 5, DIRECTOR)
    ids = [tournaments.act(tid, DIRECTOR, lambda t, m, n=n, r=r: t.register(n, m, rating=r)) for n, r in PLAYERS]
    tournaments.act(tid, DIRECTOR, lambda t, m: t.draft(1, m))
    published = tournaments.publish(tid, 1, DIRECTOR)

    # FISC I.1: halves by rating, the fifth has the bye; each game has its table, round and players
    tables = published["tables"]
    assert [(t["first"], t["second"]) for t in tables] == [(ids[0], ids[2]), (ids[1], ids[3]), (ids[4], None)]
    game = app.get_game(UUID(tables[0]["game_id"]))
    assert game.players == ["Anna", "Carla"] and game.details["round"] == 1 and game.details["table"] == 1
    assert [t["player"] for t in tables[0]["tokens"]] == ["Anna", "Carla"]
    assert app.principal(tables[0]["tokens"][1]["token"]).seat == 1  # the seat tokens are stored with the round

    # nothing recorded until a sheet is signed; then once, however often the results are brought up to date
    assert tournaments.sync(tid) == 0
    close_game(app, tables[0]["game_id"], seed=1)
    assert tournaments.sync(tid) == 1 and tournaments.sync(tid) == 0
    tournament, rows = tournaments.standings(tid)
    assert sum(r.points for r in rows) == 2.0  # one game decided (1 point) or drawn (½ + ½), and the bye's 1
    assert tournaments.check(tid) == [{"round": 1, "method": "swiss", "agrees": True, "differences": [], "warnings": []}]


def test_a_reopened_game_takes_its_result_out_until_it_is_signed_again(store):
    app = store.app(kind=ServiceApplication)
    tournaments = Tournaments(app)
    tid = tournaments.create("Open", "fisc-2023", "file-2024", 5, DIRECTOR)
    for n, r in PLAYERS[:2]:
        tournaments.act(tid, DIRECTOR, lambda t, m, n=n, r=r: t.register(n, m, rating=r))
    tournaments.act(tid, DIRECTOR, lambda t, m: t.draft(1, m))
    game_id = tournaments.publish(tid, 1, DIRECTOR)["tables"][0]["game_id"]
    assert app.get_game(UUID(game_id)).starter == 0  # FILE 4.1: the first named on the list starts
    close_game(app, game_id, seed=2)
    _, rows = tournaments.standings(tid)
    assert sum(r.points for r in rows) == 1.0
    version = app.get_game(UUID(game_id)).version
    for seat in (0, 1):  # FILE 43: both players ask, each from their own tablet
        version = app.consent_reopen(UUID(game_id), seat, "score slip", seat_actor(seat), expected_version=version)
    app.reopen(UUID(game_id), "score slip", DIRECTOR, expected_version=version)
    _, rows = tournaments.standings(tid)
    assert sum(r.points for r in rows) == 0.0


def test_a_game_id_is_not_a_tournament(store):
    app = store.app(kind=ServiceApplication)
    bot = Bot(app, random.Random(1))
    game_id = bot.create()
    with pytest.raises(TournamentNotFound):
        Tournaments(app).get(game_id)
