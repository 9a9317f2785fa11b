"""Stories of the arbiter's toolbox told through the application, on every store: an overdraw in a virtual bag
(the service makes the random picks), a sanction appealed to the tribunal, and overtime at the settlement."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domain.game.errors import WrongPhase
from tests.application.script import DIRECTOR, Bot, seat_actor


def names(app, game_id):
    return [r.type for r in app.history(game_id)]


def started_bot(store, seed, profile="file-2024", details=None):
    """A started virtual-bag game; ``details`` (a clock) go into its creation."""
    app = store.app()
    bot = Bot(app, random.Random(seed))
    bot.game_id = app.create_game(profile, ["Ana", "Bea"], DIRECTOR, bag_mode="virtual", details=details)
    bot.version = 1
    bot.start()
    return app, bot


def test_an_overdraw_in_a_virtual_bag_the_service_picks_the_tiles_file_28(store):
    app, bot = started_bot(store, 5)
    starter = bot.game.turn
    rival = 1 - starter
    assert bot.play(starter)  # accepted; the bag refilled the rack to seven

    # The starter draws two more: nine on the rack, two fewer in the bag (FILE 27: counted from the state).
    bag = app.count_bag(bot.game_id)["bag"]
    bot.send("overdraw_tiles", starter, 2, by=seat_actor(starter))
    game = bot.game
    assert game.rack_counts[starter] == 9 and app.count_bag(bot.game_id) == {"bag": bag - 2, "article": "FILE 27"}

    # She had seen them (FILE 28.1.2): the service takes X + 2 = 4 of her tiles at random for Bea to see ...
    bot.send("correct_overdraw", starter, True)
    sample = bot.game.overdraw["sample"]
    assert sample["count"] == 4 and not Counter(sample["tiles"]) - Counter(game.racks[starter])
    assert sample["seen_by"] == [rival]

    # ... and the rival chooses the two that go back; the other two stay on the rack.
    back, nine = sample["tiles"][:2], Counter(bot.game.racks[starter])
    bot.send("choose_overdraw_return", rival, back, by=seat_actor(rival))
    game = bot.game
    assert game.rack_counts[starter] == 7 and game.bag_count() == bag and game.overdraw is None
    assert Counter(game.racks[starter]) == nine - Counter(back)
    assert names(app, bot.game_id)[-3:] == ["TilesOverdrawn", "OverdrawSampled", "OverdrawCorrected"]

    # Later the rival passes; on her turn the starter draws one too many, and the rival calls the director
    # (FILE 28.2): the service picks the extra tile, the rival sees it, and the starter's turn is lost.
    bot.send("pass_turn", rival, by=seat_actor(rival))
    bot.send("overdraw_tiles", starter, 1, by=seat_actor(starter))
    bot.send("correct_overdraw", rival, True)
    game = bot.game
    assert names(app, bot.game_id)[-3:] == ["TilesOverdrawn", "OverdrawCorrected", "TurnLost"]
    assert game.turns[-1] == {"seat": starter, "kind": "lost", "score": 0, "reason": "overdraw"}
    assert game.turn == rival and game.rack_counts[starter] == 7 and game.incidents[0]["number"] == 1
    assert app.verify(bot.game_id) is None


def test_a_sanction_appealed_to_the_tribunal_and_reduced_file_47(store):
    app, bot = started_bot(store, 6)

    # The director sanctions Bea 40 points; she appeals to the tribunal (FILE 47).
    bot.send("sanction", 1, 40, "talked to the next table (FILE 45.1)")
    bot.send("appeal_sanction", 1, 0, "I asked for the director", by=seat_actor(1))

    # They play on and pass to the end; the sheet cannot be signed while the tribunal has not ruled.
    bot.play_turns(6)
    bot.end_by_passes()
    game = bot.game
    assert [p["sanctions"] for p in game.settlement["players"]] == [0, 40]
    with pytest.raises(WrongPhase):
        bot.send("sign", 0, "ana", by=seat_actor(0))

    # The tribunal reduces it to 25, finally: the sheet is settled again, and both sign.
    bot.send("rule_sanction_appeal", 0, "reduced", "Tribunal de Apelaciones", points=25)
    game = bot.game
    rows = game.settlement["players"]
    assert [p["sanctions"] for p in rows] == [0, 25]
    assert rows[1]["final_score"] == game.scores[1] + rows[1]["rack_adjustment"] - 25
    bot.sign_all()
    assert bot.game.closed and app.verify(bot.game_id) is None


def test_overtime_penalised_at_the_settlement_and_past_the_limit_the_game_is_lost_file_34(store):
    _, bot = started_bot(store, 7, details={"clock": {"minutes": 25}})

    # Each turn the tablet reports the clock of the player who moved (seconds used of 25:00).
    bot.play_turns(4)
    for seat, used in ((0, 900), (1, 1200)):
        bot.send("record_clock", seat, by=seat_actor(seat), used=used)
    bot.end_by_passes()

    # The last reading shows Ana at 27:30 of 25:00: 2:30 over costs 3 minutes, 30 points (FILE 34.1).
    bot.send("record_clock", 0, by=seat_actor(0), used=27 * 60 + 30)
    game = bot.game
    ana = game.settlement["players"][0]
    assert (ana["overtime_seconds"], ana["time_penalty"]) == (150, 30)
    assert ana["final_score"] == game.scores[0] + ana["rack_adjustment"] - 30

    # Another game: Bea goes 8:01 over during play, and the game is over and lost (FILE 34.2).
    _, bot2 = started_bot(store, 8, details={"clock": {"minutes": 25}})
    bot2.play_turns(2)
    bot2.send("record_clock", 1, by=seat_actor(1), remaining=-481)
    game = bot2.game
    assert game.ending["cause"] == "time" and game.settlement["racks_counted"] is False
    assert game.settlement["winner"] == 0 and game.settlement["players"][1]["time_penalty"] == 80
    assert game.settlement["players"][1]["final_score"] < game.settlement["players"][0]["final_score"]
