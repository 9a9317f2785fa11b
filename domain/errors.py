"""Domain errors: every refusal carries a machine-readable code, the rule's article and the field."""

from __future__ import annotations


class DomainError(Exception):
    """Raised when an input or a command breaks a rule of the game or of the notation."""

    code = "domain_error"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        article: str | None = None,
        field: str | None = None,
        position: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.article = article
        self.field = field
        self.position = position

    def to_dict(self) -> dict[str, object]:
        """The error as a plain dict: code, article, field, position, message."""
        return {
            "code": self.code,
            "article": self.article,
            "field": self.field,
            "position": self.position,
            "message": self.message,
        }


class NotationError(DomainError):
    """Raised when a word, rack or coordinate cannot be read in the tile set's notation."""

    code = "notation"


class PlacementError(DomainError):
    """Raised when a play breaks a placement rule (line, contiguity, connection, first play)."""

    code = "placement"
