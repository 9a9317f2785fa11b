"""The round's time called on every game of a round at once (the officials' console, issue 15).

Per game, never all or none: each game gets its own ``call_round_time`` at its version now, in its own save,
and a refusal stops only that game (a game not started has nothing to end, one already ended or called is
refused by the rules, a closed one is refused with FILE 43), so one table's state never keeps the round's
time from the others. What each game recorded (``RoundTimeCalled``, and ``GameEnded`` where the turns are
already even: FILE 30, 44.4; FISC I.11 plays the move in progress and one more) or why it was refused comes
back per game. Calling it again records nothing new: every game still open says it was called already.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, NamedTuple, Protocol
from uuid import UUID

from domain.errors import DomainError
from domain.game import Game
from domain.game.chain import ChainRecord, record_of
from service.actor import Actor
from projections.errors import GameNotFound, VersionConflict


#: Times one game's call reads its version again when another command got there first.
TRIES = 3


class RoundGames(Protocol):
    """What the round's time needs of the games' application (``GamesApplication`` with the service's
    ``saving_with``): typed here, so this module imports nothing above the game context."""

    def saving_with(self, builder: Callable[[Game], list[Any]]) -> AbstractContextManager[None]: ...

    def stored_version(self, game_id: UUID) -> int: ...

    def call_round_time(self, game_id: UUID, by: Actor, *, expected_version: int, reason: str = "") -> int: ...


class RoundTimeOutcome(NamedTuple):
    """One game's answer: its version and phase after the call and the events recorded; or the refusal (a
    ``DomainError``, ``GameNotFound`` or ``VersionConflict``), with nothing recorded."""

    game_id: UUID
    version: int | None
    phase: str | None
    events: list[ChainRecord]
    refusal: Exception | None


def call_round_time_on(games: RoundGames, game_ids: list[UUID], by: Actor,
                       reason: str = "") -> list[RoundTimeOutcome]:
    """The round's time on each game named, in order, each in its own save (see the module's docstring)."""
    return [_call(games, game_id, by, reason) for game_id in game_ids]


def _call(games: RoundGames, game_id: UUID, by: Actor, reason: str) -> RoundTimeOutcome:
    seen: dict[str, Any] = {}

    def keep(game: Game) -> list[Any]:  # what the command recorded, saved with nothing more
        seen.update(phase=game.phase, events=[record_of(e) for e in game.pending_events])
        return []

    refused: Exception | None = None
    for _ in range(TRIES):
        try:
            with games.saving_with(keep):
                version = games.call_round_time(game_id, by, expected_version=games.stored_version(game_id),
                                                reason=reason)
        except VersionConflict as conflict:
            refused = conflict
            continue
        except (DomainError, GameNotFound) as error:
            return RoundTimeOutcome(game_id, None, None, [], error)
        return RoundTimeOutcome(game_id, version, seen["phase"], seen["events"], None)
    return RoundTimeOutcome(game_id, None, None, [], refused)
