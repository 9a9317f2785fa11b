"""Board replay for disputed games: the stored frame after any event equals the aggregate at that version."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.cells import board_cells
from domain.notation import parse_word
from projections import replay
from tests.application.script import long_game


@pytest.fixture
def long_recorded(stack):
    """A complete 60-turn game (challenges, exchanges, passes, signatures) recorded and projected."""
    bot = long_game(stack.app, seed=11)
    stack.projector.catch_up()
    return stack, bot.game_id, bot.version


def test_every_stored_frame_equals_the_aggregate_at_that_version(long_recorded):
    stack, game_id, last = long_recorded
    for version in range(1, last + 1):
        stored = replay.stored_frame(stack.store, game_id, version)
        assert stored == replay.aggregate_frame(stack.app, game_id, version), f"version {version}"
    assert replay.stored_frame(stack.store, game_id, last) is not None


def test_a_frame_projected_before_frames_named_their_tile_set_is_answered_from_the_aggregate(long_recorded):
    """Cells are worked out from the text rows and the tile set; an older stored frame has no tile set."""
    import sqlalchemy as sa

    stack, game_id, last = long_recorded
    frame = replay.stored_frame(stack.store, game_id, last)
    old = {k: v for k, v in frame.items() if k != "tileset"}
    with stack.store.engine.begin() as conn:
        conn.execute(sa.update(replay.FRAMES).where(replay.FRAMES.c.game_id == game_id,
                                                    replay.FRAMES.c.version == last).values(frame=old))
    assert replay.stored_frame(stack.store, game_id, last) is None
    assert replay.state_at(stack.app, game_id, last, store=stack.store)["tileset"] == "spanish"


def test_a_frame_shows_the_game_as_it_stood(long_recorded):
    """Board, racks (known tiles and counts), bag, scores, turn and phase, read independently from the Game
    at several versions (before and after snapshots at 50, 100, 150, and the last)."""
    stack, game_id, last = long_recorded
    for version in (1, 2, 3, 37, 50, 51, 100, 149, last):
        check_frame(stack, game_id, version)


def check_frame(stack, game_id, version):
    frame = replay.state_at(stack.app, game_id, version, store=stack.store)
    game = stack.app.get_game(game_id, version=version)
    assert (frame["version"], frame["phase"], frame["seat_on_turn"], frame["pending"]) == (version, game.phase, game.turn,
                                                                                   game.pending)
    assert len(frame["board"]) == 15
    cells = []
    for row in frame["board"]:
        squares = parse_word(row, game.tileset)
        assert len(squares) == 15, row
        cells += [None if s.tile is None else (s.tile.letter.lower() if s.tile.blank else s.tile.letter)
                  for s in squares]
    assert cells == game.board
    assert frame["cells"] == board_cells(game.board, game.tileset)
    assert [(r["known"], r["count"]) for r in frame["racks"]] == list(zip(game.racks, game.rack_counts))
    placed = sum(1 for c in game.board if c is not None)
    assert frame["bag"] == 100 - placed - sum(game.rack_counts) - len(game.set_aside)
    assert frame["scores"] == game.scores and frame["hash"] == game.last_hash
    assert frame["event"] == stack.app.history(game_id)[version - 1].type


def test_a_projection_that_is_behind_is_answered_from_the_aggregate(memory_stack):
    bot = long_game(memory_stack.app, seed=3, turns=10)
    memory_stack.projector.catch_up(limit=20)
    assert replay.stored_frame(memory_stack.store, bot.game_id, 30) is None
    answered = replay.state_at(memory_stack.app, bot.game_id, 30, store=memory_stack.store)
    assert {k: v for k, v in answered.items() if k != "cells"} == replay.aggregate_frame(memory_stack.app,
                                                                                          bot.game_id, 30)
    with pytest.raises(replay.VersionNotFound):
        replay.state_at(memory_stack.app, bot.game_id, bot.version + 1)
    with pytest.raises(replay.VersionNotFound):
        replay.state_at(memory_stack.app, bot.game_id, 0, store=memory_stack.store)
    assert replay.state_at(memory_stack.app, bot.game_id)["version"] == bot.version


def test_racks_hold_only_known_tiles_in_a_physical_bag(memory_stack):
    """A physical bag records counts only: the frame shows seven tiles, none of them known (FILE 27)."""
    from tests.projections.gcg_import import DIRECTOR, seat_actor

    app = memory_stack.app
    game_id = app.create_game("file-2024", ["Ana", "Bea"], DIRECTOR, bag_mode="physical")
    v = app.give_starter(game_id, 0, DIRECTOR, expected_version=1)
    v = app.draw_tiles(game_id, 0, seat_actor(0), expected_version=v, count=7)
    v = app.draw_tiles(game_id, 1, seat_actor(1), expected_version=v, count=7)
    memory_stack.projector.catch_up()
    frame = replay.state_at(app, game_id, v, store=memory_stack.store)
    assert [(r["known"], r["count"]) for r in frame["racks"]] == [([], 7), ([], 7)]
    assert frame["bag"] == 86 and frame["clocks"] == [{"remaining": None, "overtime": 0}] * 2
    assert Counter(frame["board"][7]) == Counter({".": 15})
