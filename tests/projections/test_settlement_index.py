"""The settlement read model (cause, parts of each final score, winner or draw, spread, scrabbles) and
the directors' index (games by event, round, table, player and status)."""

from __future__ import annotations

import pytest

from domain.tiles import get_tileset
from projections import queries
from tests.factories import play_random_game
from tests.projections.gcg_import import DIRECTOR


def save_random(stack, profile: str, seed: int, **details):
    game = play_random_game(profile, seed, details=details or None)
    stack.app.save(game)
    return game


@pytest.mark.parametrize("profile", ["file-2024", "fisc-2023"])
def test_going_out_moves_the_rivals_rack_to_the_finisher(memory_stack, profile):
    """FILE 44 / FISC I.8 A: the rival's rack is subtracted from the rival and added to the finisher."""
    game = next(g for g in (play_random_game(profile, s) for s in range(20)) if g.ending["cause"] == "out")
    memory_stack.app.save(game)
    memory_stack.projector.catch_up()
    settled = queries.settlement(memory_stack.store, game.id)
    tiles = get_tileset(game.tileset_name)
    finisher = game.ending["finisher"]
    rival = 1 - finisher
    left = game.racks[rival]
    value = sum(tiles.points[t] for t in left)  # the rival's tiles at face value, worked out here
    assert settled["cause"] == "out" and settled["racks_counted"] and settled["finisher"] == game.players[finisher]
    fin, riv = settled["players"][finisher], settled["players"][rival]
    assert (fin["rack_adjustment"], riv["rack_adjustment"]) == (value, -value)
    assert sorted(riv["rack"]) == sorted(left) and fin["rack"] == []
    assert fin["score_before"] == game.scores[finisher] and fin["final_score"] == game.scores[finisher] + value
    assert riv["final_score"] == game.scores[rival] - value
    finals = [fin["final_score"], riv["final_score"]] if finisher == 0 else [riv["final_score"], fin["final_score"]]
    best = max(finals)
    assert settled["spread"] == best - min(finals)
    assert settled["winner"] == (None if finals[0] == finals[1] else game.players[finals.index(best)])
    assert all((p["time_penalty"], p["sanctions"]) == (0, 0) for p in settled["players"])
    bingos = [sum(1 for t in game.turns if t["seat"] == s and t["kind"] == "play" and t["bingo"]) for s in (0, 1)]
    assert [p["scrabbles"] for p in settled["players"]] == bingos and settled["scrabbles"] == sum(bingos)


def test_a_draw_has_no_winner(memory_stack):
    """FILE 44.5: a game the director ends at 0–0 is a draw, spread 0, racks not counted."""
    game_id = memory_stack.app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR)
    memory_stack.app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    memory_stack.app.end_game(game_id, "director", DIRECTOR, expected_version=2, detail="illness")
    memory_stack.projector.catch_up()
    settled = queries.settlement(memory_stack.store, game_id)
    assert (settled["winner"], settled["draw"], settled["spread"], settled["racks_counted"]) == (None, True, 0, False)
    assert settled["detail"] == "illness" and [p["final_score"] for p in settled["players"]] == [0, 0]
    assert queries.index(memory_stack.store)[0]["winner"] is None


def test_directors_find_games_by_event_round_table_player_and_status(stack):
    """Directors' lists: each filter alone and together, rounds and tables in natural order."""
    saved = {}
    for seed, (event, rnd, table) in enumerate([("Open Madrid", 1, 1), ("Open Madrid", 1, 2), ("Open Madrid", 2, 1),
                                                 ("Open Madrid", 10, 1), ("Lliga", 1, "3B")]):
        saved[(event, rnd, table)] = save_random(stack, "file-2024", seed, event=event, round=rnd, table=table)
    open_game = stack.app.create_game("fisc-2023", ["Jordi Puig", "Marta Vila"], DIRECTOR,
                                      details={"event": "Lliga", "round": 2, "table": 1})
    stack.projector.catch_up()
    everything = queries.index(stack.store)
    assert len(everything) == 6

    madrid = queries.index(stack.store, event="Open Madrid")
    assert [(g["round"], g["table"]) for g in madrid] == [("1", "1"), ("1", "2"), ("2", "1"), ("10", "1")]
    assert [g["game_id"] for g in queries.index(stack.store, event="Open Madrid", round=1, table=2)] == [
        str(saved[("Open Madrid", 1, 2)].id)]
    assert [g["table"] for g in queries.index(stack.store, table="3B")] == ["3B"]

    # By player: any part of the name, in any case; "bea" is in every random game, "marta" in one.
    assert len(queries.index(stack.store, player="bea")) == 5
    (lliga,) = queries.index(stack.store, player="MARTA")
    assert lliga["game_id"] == str(open_game) and lliga["players"] == ["Jordi Puig", "Marta Vila"]
    assert queries.index(stack.store, player="%") == [] and queries.index(stack.store, player="_") == []

    # By status: the random games have ended, the new one is in progress.
    assert [g["game_id"] for g in queries.index(stack.store, status="in_progress")] == [str(open_game)]
    ended = queries.index(stack.store, status="ended")
    assert len(ended) == 5 and all(g["winner"] in (None, "Ana", "Bea") for g in ended)
    assert queries.index(stack.store, event="Lliga", status="ended", player="ana")[0]["table"] == "3B"
    assert queries.index(stack.store, status="closed") == []
    assert [g["round"] for g in queries.index(stack.store, event="Open Madrid", limit=2, offset=1)] == ["1", "2"]
