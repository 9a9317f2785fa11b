"""Seat codes: the short, single-use code (and its QR) a director issues to bind a tablet to a seat.

A code is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown as ``ABCD-EFGH``;
typing it in lowercase, without the dash or with spaces is the same code. Like a token, the store
keeps only its SHA-256 (the aggregate's id is ``uuid5`` over it), so the code itself is the secret
the QR carries. It expires, and it works once: the first binding records ``Used`` (with, sealed, the answer a tablet whose
answer was lost may fetch again: ``service.access.resume``).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

#: Letters and digits no one misreads on a printed slip or a tablet's keyboard.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8
CODE_NAMESPACE = UUID("0b7e6c1e-8d4f-4f7a-9a63-5c2d3e1f4a90")
#: Minutes a code stays valid by default, and at most (a round's codes may be printed before it starts).
DEFAULT_MINUTES = 30
MAX_MINUTES = 12 * 60


def new_code() -> str:
    """A fresh code, ``ABCD-EFGH``."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def normalise(code: str) -> str | None:
    """The code as issued (``ABCD-EFGH``), from what a person typed; None when it cannot be one."""
    raw = "".join(c for c in code.upper() if c not in " -")
    if len(raw) != LENGTH or any(c not in ALPHABET for c in raw):
        return None
    return f"{raw[:4]}-{raw[4:]}"


def code_id(code: str) -> UUID:
    """The id of the aggregate that records this (normalised) code."""
    return uuid5(CODE_NAMESPACE, hashlib.sha256(code.encode("ascii")).hexdigest())


def _time(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def expiry(now: str, minutes: int) -> str:
    """The ISO time ``minutes`` after ``now`` (same format as the application's clock)."""
    return (_time(now) + timedelta(minutes=minutes)).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class SeatCode(Aggregate):
    """One issued code: the game and seat it binds, who issued it, until when, and its one use."""

    @dataclass(frozen=True)
    class Issued(Aggregate.Created):
        """A code was issued (its hash only, as the id)."""

        game_id: str
        seat: int
        issued_by: str
        at: str
        expires_at: str

    @dataclass(frozen=True)
    class Used(Aggregate.Event):
        """A device was bound with the code: it works no more."""

        device: str
        token_id: str
        at: str
        #: the binding's answer sealed for the tablet that asked (``service.access.resume``), if it sent a secret
        resume_box: str | None = None

        def apply(self, aggregate: Any) -> None:
            aggregate.used = {"device": self.device, "token_id": self.token_id, "at": self.at,
                              "resume_box": getattr(self, "resume_box", None)}  # none in a code used before

    def __init__(self, game_id: str, seat: int, issued_by: str, at: str, expires_at: str, **_: Any) -> None:
        self.game_id, self.seat, self.issued_by = game_id, seat, issued_by
        self.issued_at, self.expires_at = at, expires_at
        self.used: dict[str, str] | None = None

    @classmethod
    def issue(cls, code: str, game_id: UUID, seat: int, issued_by: str, at: str, minutes: int) -> "SeatCode":
        """Record a new code for a game's seat, valid for ``minutes``."""
        return cls._create(cls.Issued, id=code_id(code), game_id=str(game_id), seat=seat, issued_by=issued_by,
                           at=at, expires_at=expiry(at, minutes))

    def expired(self, now: str) -> bool:
        """True once ``now`` is past the code's expiry."""
        return _time(now) >= _time(self.expires_at)

    def use(self, device: str, token_id: UUID, at: str, resume_box: str | None = None) -> None:
        """Spend the code on a binding (its answer sealed for the tablet, when it sent a secret to resume with)."""
        self.trigger_event(self.Used, device=device, token_id=str(token_id), at=at, resume_box=resume_box)
