"""Access tokens as aggregates in the event store: issued, revoked, never stored in the clear.

A token is 32 random bytes (``secrets.token_urlsafe``) behind the prefix ``pl_``. The store keeps
only its SHA-256: the aggregate's id is ``uuid5(TOKEN_NAMESPACE, sha256)``, so a request's token
is looked up by hashing it, and a leaked database gives no usable token. A token carries one
role; a player token is bound to one game and seat, others may be bound to a game or to all.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.errors import msg

#: Fixed namespace for token ids (uuid5 over the token's SHA-256).
TOKEN_NAMESPACE = UUID("6f1d3c62-4a0e-4c55-9a3b-2f3c1b7e9d10")
PREFIX = "pl_"
ROLES = ("player", "arbiter", "director", "tribunal", "spectator")


def new_token() -> str:
    """A fresh random token (43 URL-safe characters after the prefix)."""
    return PREFIX + secrets.token_urlsafe(32)


def digest_of(token: str) -> str:
    """The SHA-256 of a token, hex: the only form the store keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_id(token: str) -> UUID:
    """The id of the aggregate that records this token."""
    return uuid5(TOKEN_NAMESPACE, digest_of(token))


class AccessToken(Aggregate):
    """One bearer token: its role, what it is bound to, who issued it, and whether it is revoked."""

    @dataclass(frozen=True)
    class Issued(Aggregate.Created):
        """A token was issued (its hash only)."""

        role: str
        game_id: str | None
        seat: int | None
        label: str
        digest: str
        issued_by: str
        at: str

    @dataclass(frozen=True)
    class Revoked(Aggregate.Event):
        """The token was revoked: every later request with it is refused."""

        reason: str
        by: str
        at: str

        def apply(self, aggregate: Any) -> None:
            aggregate.revoked = {"reason": self.reason, "by": self.by, "at": self.at}

    def __init__(self, role: str, game_id: str | None, seat: int | None, label: str, digest: str,
                 issued_by: str, at: str, **_: Any) -> None:
        self.role, self.game_id, self.seat, self.label = role, game_id, seat, label
        self.digest, self.issued_by, self.issued_at = digest, issued_by, at
        self.revoked: dict[str, str] | None = None

    @classmethod
    def issue(cls, token: str, role: str, label: str, issued_by: str, at: str, *,
              game_id: UUID | None = None, seat: int | None = None) -> "AccessToken":
        """Record a new token; a player token must name its game and seat."""
        if role not in ROLES:
            raise ValueError(msg("access.role_must_one", roles=', '.join(ROLES)))
        if role == "player" and (game_id is None or seat is None):
            raise ValueError(msg("access.player_token_bound_one"))
        digest = digest_of(token)
        return cls._create(cls.Issued, id=uuid5(TOKEN_NAMESPACE, digest), role=role,
                           game_id=None if game_id is None else str(game_id), seat=seat, label=label,
                           digest=digest, issued_by=issued_by, at=at)

    def revoke(self, reason: str, by: str, at: str) -> None:
        """Revoke the token (a second revocation changes nothing)."""
        if self.revoked is None:
            self.trigger_event(self.Revoked, reason=reason, by=by, at=at)


class Bootstrap(Aggregate):
    """Marks that a store's first director token was issued (so it is printed once, on the first start)."""

    ID = uuid5(TOKEN_NAMESPACE, "bootstrap")

    @dataclass(frozen=True)
    class Done(Aggregate.Created):
        """The first director token was issued."""

        token_id: str
        at: str

    def __init__(self, token_id: str, at: str, **_: Any) -> None:
        self.token_id, self.at = token_id, at

    @classmethod
    def done(cls, first: UUID, at: str) -> "Bootstrap":
        """The marker, naming the first director token."""
        return cls._create(cls.Done, id=cls.ID, token_id=str(first), at=at)
