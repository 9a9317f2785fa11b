"""Stories of whole games told through the application's use cases, on every store."""

from __future__ import annotations

import random
from uuid import uuid4

import pytest

from domain.game.errors import GameClosed, RuleViolation
from service.application import GameNotFound, VersionConflict
from tests.application.script import DIRECTOR, Bot, find_play, seat_actor


def test_a_complete_game_from_the_draw_to_the_closed_sheet_and_its_reopening(store):
    app = store.app()
    bot = Bot(app, random.Random(1))

    # A director creates a FILE game for Ana and Bea with a virtual bag.
    game_id = bot.create("file-2024", ("Ana", "Bea"))
    assert app.get_game(game_id).phase == "starting"

    # Each draws a tile for the start; the bag deals seven to each, starter first.
    bot.start()
    game = app.get_game(game_id)
    assert game.phase == "playing" and game.rack_counts == [7, 7] and game.bag_count() == 86
    assert game.racks_known()

    # The starter plays through the centre; the opponent writes the score; the bag refills the rack.
    starter = game.turn
    coordinates, word = find_play(game, starter, bot.rng)
    bot.send("place_tiles", starter, coordinates, word, by=seat_actor(starter))
    score = app.get_game(game_id).turns[-1]["score"]
    bot.send("accept", 1 - starter, by=seat_actor(1 - starter))
    game = app.get_game(game_id)
    assert game.scores[starter] == score > 0 and game.rack_counts == [7, 7] and game.turn == 1 - starter

    # The second player's play is challenged and ruled invalid: tiles back, no score, turn lost.
    second = game.turn
    assert bot.phony(second)
    game = app.get_game(game_id)
    assert game.turns[-1]["kind"] == "invalid" and game.scores[second] == 0 and game.turn == starter

    # The starter exchanges two tiles; the second player passes.
    bag = game.bag_count()
    bot.send("exchange_tiles", starter, by=seat_actor(starter), tiles=game.racks[starter][:2])
    bot.send("pass_turn", second, by=seat_actor(second))
    game = app.get_game(game_id)
    assert [t["kind"] for t in game.turns] == ["play", "invalid", "exchange", "pass"]
    assert game.bag_count() == bag and game.rack_counts == [7, 7]

    # They play on for sixty turns, then pass until the game ends by passes (FILE 44.2).
    bot.play_turns(60)
    bot.end_by_passes()
    game = app.get_game(game_id)
    assert len(game.turns) >= 60 and game.phase == "ended" and game.ending["cause"] in ("passes", "out")

    # The sheet is settled: each rack is counted against its holder.
    settled = game.settlement
    assert settled["racks_counted"] and [p["score_before"] for p in settled["players"]] == game.scores
    assert all(p["final_score"] == p["score_before"] + p["rack_adjustment"] for p in settled["players"])

    # Both sign: the game is closed and refuses any further command.
    bot.sign_all()
    assert app.get_game(game_id).closed
    with pytest.raises(GameClosed):
        bot.send("pass_turn", 0, by=seat_actor(0))
    with pytest.raises(GameClosed):
        bot.send("end_game", "director")

    # With both players' consent, the director reopens it (FILE 43): signatures are void.
    bot.send("reopen", [0, 1], "score of turn 12 written wrongly")
    game = app.get_game(game_id)
    assert game.phase == "ended" and game.signatures == {}
    assert app.verify(game_id) is None


@pytest.mark.parametrize("profile", ["ajs-2012", "fisc-2023"])
def test_a_sheet_handed_in_is_final_where_the_profile_says_so(store, profile):
    app = store.app()
    bot = Bot(app, random.Random(2))

    # A game is dealt, then the director ends it (round time) and both sign.
    bot.create(profile, ("Ana", "Bea"))
    bot.start()
    bot.send("end_game", "round_time")
    bot.sign_all()
    assert app.get_game(bot.game_id).closed

    # Reopening is refused: under this profile the sheet is final.
    with pytest.raises(GameClosed) as refused:
        bot.send("reopen", [0, 1], "wrong score")
    assert profile in str(refused.value)
    assert app.get_game(bot.game_id).closed


def test_stale_callers_and_unknown_games_are_told_so(store):
    app = store.app()
    bot = Bot(app, random.Random(3))
    bot.create()

    # A command naming an old version is refused with the current one, and records nothing.
    bot.send("give_starter", 0)
    with pytest.raises(VersionConflict) as stale:
        app.give_starter(bot.game_id, 1, DIRECTOR, expected_version=1)
    assert stale.value.current_version == 2 and len(app.history(bot.game_id)) == 2

    # A virtual bag draws its own tiles: a caller may not name them.
    with pytest.raises(RuleViolation):
        app.draw_tiles(bot.game_id, 0, seat_actor(0), expected_version=2, tiles=["A"] * 7)

    # A game nobody created is not found, whatever is asked of it.
    nobody = uuid4()
    for ask in (app.get_game, app.history, app.verify):
        with pytest.raises(GameNotFound):
            ask(nobody)
    with pytest.raises(GameNotFound):
        app.pass_turn(nobody, 0, DIRECTOR, expected_version=1)
