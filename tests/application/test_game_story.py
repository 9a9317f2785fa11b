"""Stories of whole games told through the application's use cases, on every store."""

from __future__ import annotations

import random
from uuid import uuid4

import pytest

from domain.game.errors import GameClosed, RuleViolation, WrongPhase
from service.game.application import GameNotFound, VersionConflict
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

    # Both players ask for it from their own tablets, then the director reopens it (FILE 43): signatures are void.
    with pytest.raises(RuleViolation) as missing:
        bot.send("reopen", "score of turn 12 written wrongly")
    assert missing.value.code == "consent" and "seat 0" in missing.value.message
    bot.send("consent_reopen", 0, "score of turn 12 written wrongly", by=seat_actor(0))
    bot.send("consent_reopen", 1, "agreed", by=seat_actor(1))
    bot.send("reopen", "score of turn 12 written wrongly")
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
        bot.send("reopen", "wrong score")
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


def challenged_valid(app, profile):
    """A started game in which the starter's play was challenged and ruled valid."""
    bot = Bot(app, random.Random(3))
    bot.create(profile, ("Ana", "Bea"))
    bot.start()
    starter = bot.game.turn
    bot.send("place_tiles", starter, *find_play(bot.game, starter, bot.rng), by=seat_actor(starter))
    bot.send("challenge", 1 - starter, by=seat_actor(1 - starter))
    bot.send("rule_challenge", True, "Leximots")
    return bot, starter


def test_the_refill_waits_while_the_challenger_may_still_rechallenge_fisc_i_10(store):
    """FISC I.10: the challenger may ask for a second look until the player draws; so a virtual bag
    does not draw for the player after a valid ruling. The rechallenge is ruled; then the refill."""
    bot, starter = challenged_valid(store.app(), "fisc-2023")
    game = bot.game
    assert game.rack_counts[starter] < 7 and game.appellants() == [1 - starter]

    bot.send("appeal", 1 - starter, "the word is not in Leximots", by=seat_actor(1 - starter))
    bot.send("rule_appeal", True, "tribunal: Leximots 2023")
    game = bot.game
    assert game.rack_counts[starter] == 7 and game.appellants() == [] and game.turn == 1 - starter


def test_drawing_after_a_valid_ruling_closes_the_appeal_file_41_2(store):
    """FILE 41.2 lets either player ask for a second look; once the player draws it is too late."""
    bot, starter = challenged_valid(store.app(), "file-2024")
    assert bot.game.appellants() == [0, 1]
    bot.send("draw_tiles", starter, by=seat_actor(starter))
    assert bot.game.rack_counts[starter] == 7 and bot.game.appellants() == []
    with pytest.raises(WrongPhase):
        bot.send("appeal", 1 - starter, "too late", by=seat_actor(1 - starter))


def test_a_valid_ruling_refills_at_once_where_only_the_ruled_out_player_may_appeal_fise_42_4(store):
    """FISE 42.4: only the player whose word was ruled out appeals; a valid ruling leaves nobody to
    appeal, so the virtual bag refills the rack in the same save."""
    bot, starter = challenged_valid(store.app(), "fise-2009")
    assert bot.game.appellants() == [] and bot.game.rack_counts[starter] == 7


def test_an_announced_exchange_is_carried_out_with_another_count_file_25(store):
    """FILE 25: «cambio» announced; the count changes from 3 to 2; the virtual bag draws two."""
    bot = Bot(store.app(), random.Random(4))
    bot.create("file-2024", ("Ana", "Bea"))
    bot.start()
    seat = bot.game.turn
    bot.send("announce_exchange", seat, by=seat_actor(seat), count=3)
    with pytest.raises(WrongPhase) as info:
        bot.send("pass_turn", seat, by=seat_actor(seat))
    assert info.value.article == "FILE 25"
    before = bot.game.bag_count()
    bot.send("exchange_tiles", seat, by=seat_actor(seat), tiles=bot.game.racks[seat][:2])
    game = bot.game
    assert game.turns[-1]["count"] == 2 and game.bag_count() == before and game.turn == 1 - seat
