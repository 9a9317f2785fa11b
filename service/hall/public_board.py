"""What the public board shows of a game: the spectator's view, cut down to what a hall screen needs.

``public_frame`` starts from ``service.game.views.game_state`` for a spectator (no rack, no unseen tiles,
an overdraw's tiles withheld) and keeps only the fields named in ``FIELDS``: a whitelist, so a field
added to the game's state later never reaches the public by accident. ``frame_at_delay`` is the
frame as the public may see it now: the game as it stood at its last event recorded at least
``delay`` seconds ago (``docs/public-board.md``); ``frame_now`` the same, worked out only when newer than the frame
already shown, with when it next changes.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from collections.abc import Callable
from typing import Any
from uuid import UUID

from domain.game import Game
from service.principal import Principal
from service.game.views import game_state
from projections.errors import GameNotFound

#: The public: a spectator bound to no game.
PUBLIC = Principal(token_id=UUID(int=0), role="spectator", label="public board")
#: The fields of the spectator's state the public board shows, as they are. The board as 15 rows in notation
#: (``board``), not as cells: a frame goes to thousands of viewers, and the rows are a sixth of the size.
FIELDS = ("version", "status", "phase", "profile", "tileset", "event", "round", "table", "seat_on_turn",
          "name_on_turn", "bag_count", "turns_played", "board", "clock", "clocks", "clock_stop")


def recorded_at(game: Game) -> datetime:
    """When the game's last event was recorded (the library's timestamp of it, UTC)."""
    when = game.modified_on
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def public_frame(game: Game) -> dict[str, Any]:
    """The game as the public board shows it, after its latest event."""
    state = game_state(game, PUBLIC)
    frame: dict[str, Any] = {"game_id": str(game.id), "version": game.version,
                             "recorded_at": recorded_at(game).isoformat(timespec="milliseconds")}
    frame.update({k: state[k] for k in FIELDS if k != "version"})
    frame["players"] = [{k: p[k] for k in ("seat", "name", "score", "rack_count")} for p in state["players"]]
    last = state["last_turn"]
    if last is not None:
        turn = game.turns[-1]
        placed = turn.get("placements") if turn.get("kind") == "play" else None  # a withdrawn play's squares are empty
        last = dict(last, squares=[[r, c] for r, c, *_ in placed or []])
    frame["last_turn"] = last
    pending = game.pending
    frame["waiting"] = None if pending is None else pending.get("kind") or pending.get("type")
    ending = game.ending
    frame["ending"] = None if ending is None else {"cause": ending.get("cause")}
    return frame


def version_at(events: Any, cutoff: datetime) -> int:
    """The last version recorded at or before ``cutoff`` (0 when none), from the game's stored events (their
    timestamps, the library's, as ``recorded_at`` reads them: not the events' ``at``, the service's clock)."""
    return split_at(events, cutoff)[0]


def split_at(events: Any, cutoff: datetime) -> tuple[int, datetime | None]:
    """``version_at``, and when the first event after it was recorded (None when there is none)."""
    found = 0
    for event in events:
        when = event.timestamp if event.timestamp.tzinfo is not None else event.timestamp.replace(tzinfo=timezone.utc)
        if when <= cutoff:
            found = event.originator_version
        else:
            return found, when
    return found, None


def frame_now(games: Any, game_id: UUID, delay_of: Callable[[str | None], float], after: int = 0,
              now: datetime | None = None) -> tuple[dict[str, Any] | None, float | None]:
    """The frame the public may see now, when it is of a version after ``after`` (the one already shown; else
    None): the game at its last event at least its event's delay old. With it, when the first event it does not
    show was recorded (epoch seconds; None when it shows the last). Raises ``GameNotFound`` for an unknown game.
    Only the events after ``after`` are read, and a replay happens only while the last event is within the delay."""
    now = now or datetime.now(timezone.utc)
    game = games.get_game(game_id)
    if not isinstance(game, Game):
        raise GameNotFound(game_id)
    delay = delay_of((game.details or {}).get("event"))
    if (now - recorded_at(game)).total_seconds() >= delay:
        return (public_frame(game) if game.version > after else None), None
    version, first = split_at(games.repository.event_store.get(game_id, gt=after or None),
                              now - timedelta(seconds=delay))
    next_at = first.timestamp() if first is not None else None
    if version <= after:
        return None, next_at
    return public_frame(games.get_game(game_id, version=version)), next_at


def frame_at_delay(games: Any, game_id: UUID, delay: float, now: datetime | None = None) -> dict[str, Any] | None:
    """The frame the public may see now: the game at its last event at least ``delay`` seconds old; None when
    the game has no event that old yet. Raises ``GameNotFound`` for an unknown game."""
    return frame_now(games, game_id, lambda _: delay, 0, now)[0]
