"""The error a tournament command raises when it breaks a rule."""

from __future__ import annotations

from domain.errors import DomainError


class TournamentError(DomainError):
    """Raised when a tournament command breaks a rule (code, article, field)."""

    code = "tournament"
