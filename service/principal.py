"""Who a request speaks for: a token's role and binding, shared by every context (never the token itself)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

#: Roles that act for any seat and make rulings (FILE 47: the director; the arbiters on their behalf).
OFFICIALS = frozenset({"arbiter", "director"})
#: Roles that see every rack.
SEE_ALL = frozenset({"arbiter", "director", "tribunal"})


@dataclass(frozen=True)
class Principal:
    """Who a request speaks for: the token's role and binding, the token's id (never the token)."""

    token_id: UUID
    role: str
    label: str
    game_id: UUID | None = None
    seat: int | None = None

    @property
    def official(self) -> bool:
        """True for arbiters and directors: rulings, corrections, acting for any seat."""
        return self.role in OFFICIALS

    def may_read(self, game_id: UUID) -> bool:
        """True when the token is bound to this game or to none."""
        return self.game_id is None or self.game_id == game_id

    def sees_rack(self, seat: int) -> bool:
        """True when this principal may see the tiles on ``seat``'s rack."""
        return self.role in SEE_ALL or (self.role == "player" and self.seat == seat)

    def actor(self, players: list[str] | None = None) -> str:
        """The actor recorded in events: ``player:<seat>:<name>``, ``director:<label>``, ``arbiter:<label>``."""
        if self.role == "player":
            name = players[self.seat] if players and self.seat is not None and self.seat < len(players) else self.label
            return f"player:{self.seat}:{name}"
        return f"{self.role}:{self.label}"

    @classmethod
    def of(cls, token: Any) -> "Principal":
        """The principal a stored token (``service.access.tokens.AccessToken``) stands for."""
        game = None if token.game_id is None else UUID(str(token.game_id))
        return cls(token.id, token.role, token.label, game, token.seat)
