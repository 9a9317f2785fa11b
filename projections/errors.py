"""What a use case raises when it cannot run for a reason outside the game's rules."""

from __future__ import annotations

from uuid import UUID

from domain.errors import msg


class ApplicationError(Exception):
    """Raised when a use case cannot run for a reason outside the game's rules."""

    code = "application_error"


class GameNotFound(ApplicationError, LookupError):
    """Raised when no game has the given id."""

    code = "game_not_found"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(msg("service.no_game", game_id=game_id))
        self.game_id = game_id


class VersionConflict(ApplicationError):
    """Raised when a command names a version that is no longer the game's current one."""

    code = "version_conflict"

    def __init__(self, game_id: UUID, current_version: int, expected_version: int | None = None) -> None:
        super().__init__(msg("service.version_conflict", game_id=game_id, current_version=current_version,
                              expected_version=expected_version))
        self.game_id, self.current_version, self.expected_version = game_id, current_version, expected_version
