"""Idempotency keys as aggregates saved in the same transaction as the command they answer.

A command sent with an ``Idempotency-Key`` header is remembered as an ``IdempotentCommand``
aggregate whose id is ``uuid5(game_id, key)``; it holds the SHA-256 of the request (the caller's
token id and the parsed body, in canonical JSON) and the response sent. The application saves it
with the game's new events in one ``save()``: the store writes both or neither, so a crash can
never record a command without its key, nor a key without its command. Two racing requests with
the same key cannot both succeed: the second insert of the same aggregate id is refused.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

MAX_KEY = 255


def record_id(game_id: UUID, key: str) -> UUID:
    """The id of the aggregate that remembers ``key`` for this game."""
    return uuid5(game_id, "idempotency:" + key)


def request_hash(principal: UUID, body: dict[str, Any]) -> str:
    """SHA-256 over the caller's token id and the parsed body in canonical JSON."""
    text = json.dumps({"token": str(principal), "body": body}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


#: ``valid_key`` as the contract states it: visible ASCII, spaces only inside, 1 to 255 characters.
KEY_PATTERN = r"^[!-~]([ -~]{0,253}[!-~])?$"


def valid_key(key: str) -> bool:
    """1–255 visible ASCII characters (RFC 9110 token-ish; spaces inside are allowed)."""
    return 0 < len(key) <= MAX_KEY and all(32 <= ord(c) < 127 for c in key) and key.strip() == key


class IdempotentCommand(Aggregate):
    """The first answer to a command sent with an idempotency key."""

    @dataclass(frozen=True)
    class Answered(Aggregate.Created):
        """A command with this key was recorded; its request hash and response are kept."""

        game_id: str
        request_hash: str
        status_code: int
        response: dict[str, Any]
        at: str

    def __init__(self, game_id: str, request_hash: str, status_code: int, response: dict[str, Any],
                 at: str, **_: Any) -> None:
        self.game_id, self.request_hash = game_id, request_hash
        self.status_code, self.response, self.at = status_code, response, at

    @classmethod
    def answer(cls, game_id: UUID, key: str, digest: str, status_code: int, response: dict[str, Any],
               at: str) -> "IdempotentCommand":
        """Remember the response to the command sent with ``key``."""
        return cls._create(cls.Answered, id=record_id(game_id, key), game_id=str(game_id), request_hash=digest,
                           status_code=status_code, response=response, at=at)
