"""Errors the Game aggregate raises before recording anything."""

from __future__ import annotations

from domain.errors import DomainError


class RuleViolation(DomainError):
    """Raised when a command breaks a rule of the game's profile (code, article, field)."""

    code = "rule_violation"


class NotYourTurn(RuleViolation):
    """Raised when a player acts out of turn, or acts for a seat that may not act now."""

    code = "not_your_turn"


class WrongPhase(RuleViolation):
    """Raised when a command does not fit what the game is waiting for (acceptance, a ruling, end racks)."""

    code = "wrong_phase"


class RackError(RuleViolation):
    """Raised when tiles named are not on the player's rack, or not in the bag."""

    code = "rack"


class GameClosed(DomainError):
    """Raised when any command reaches a game both players have signed (FILE 43)."""

    code = "game_closed"


class NotAllowedInProfile(RuleViolation):
    """Raised when a command does not apply under the game's profile; the message names the profile."""

    code = "not_in_profile"
