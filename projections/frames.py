"""A game's replay frame: the board as 15 rows of notation, the racks, the bag, the scores, right after one event.

The projector keeps one per event (``projections.views.GameView``); the replay read from the event
store makes the same (``projections.replay``), and a test holds them equal.
"""

from __future__ import annotations

from typing import Any

from domain.notation import format_word


def board_row(game: Any, row: int) -> str:
    """One row of the board in notation: ``.`` for an empty square, a blank in lower case."""
    from domain.game.aggregate import tile_of

    cells = game.board[row * 15:row * 15 + 15]
    return format_word([None if c is None else tile_of(c) for c in cells], game.tileset)


def board_rows(game: Any) -> list[str]:
    """The board as 15 strings, one per row A–O, in notation."""
    return [board_row(game, r) for r in range(15)]


def bag_count(game: Any) -> int:
    """``Game.bag_count()`` without a Python loop over the board (it runs for every frame)."""
    placed = 225 - game.board.count(None)
    return game.tileset.total_tiles - placed - sum(game.rack_counts) - len(game.set_aside)


def frame_of(game: Any, event: str, at: str | None, board: list[str] | None = None) -> dict[str, Any]:
    """The replay frame: the game as it stood right after its event ``game.version``."""
    return {
        "version": game.version,
        "event": event,
        "at": at,
        "hash": game.last_hash,
        "phase": game.phase,
        "tileset": game.tileset_name,
        "seat_on_turn": game.turn,
        "pending": game.pending,
        "board": board if board is not None else board_rows(game),
        "racks": [{"seat": s, "name": name, "known": list(game.racks[s]), "count": game.rack_counts[s]}
                  for s, name in enumerate(game.players)],
        "bag": bag_count(game),
        "scores": list(game.scores),
        "clocks": [dict(c) for c in getattr(game, "clocks", [])],  # as the devices last showed them
        "clock_stop": getattr(game, "clock_stop", None),
    }
