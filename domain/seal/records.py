"""The service's attestations, kept beside the games in the same store (records, not game events).

- ``HeadSignature``: at each closing of a game (its ``GameClosed``), the service's Ed25519 signature over
  ``head_message``: the game, the version and the head hash it closed at. Its id is derived from the game
  and that version, so an export finds it; it is saved in the same transaction as the closing.
- ``RoundSeal``: the Merkle root over every closed game's head in one round of one event, signed over
  ``seal_message``; sealed again (a new version of the same record) when the round changes.

The game's own chain is untouched: a signature of the head is not a fact of the game, and adding an
event after ``GameClosed`` would move the head it signs.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, event

NAMESPACE = UUID("6f1f3c2e-8d0a-5b7e-9c41-2a5d7e9b0c13")


def head_message(game: str, version: int, head_hash: str) -> bytes:
    """What the service signs when a game closes: ``planilla-head/1|<game>|<version>|<head hash>``."""
    return f"planilla-head/1|{game}|{version}|{head_hash}".encode("utf-8")


def seal_message(event: str | None, round_: Any, games: int, root: str, sealed_at: str) -> bytes:
    """What the service signs for a round: ``planilla-seal/1|<event>|<round>|<games>|<root>|<sealed at>``."""
    return f"planilla-seal/1|{event or ''}|{round_}|{games}|{root}|{sealed_at}".encode("utf-8")


def head_signature_id(game: UUID | str, version: int) -> UUID:
    return uuid5(NAMESPACE, f"head:{game}:{version}")


def round_seal_id(event: str | None, round_: Any) -> UUID:
    return uuid5(NAMESPACE, f"seal:{event or ''}\x00{round_}")


class HeadSignature(Aggregate):
    """The service's signature of a game's head at a closing."""

    @event("Signed")
    def __init__(self, game: str, version: int, head_hash: str, public_key: str, fingerprint: str, signature: str,
                 at: str) -> None:
        self.game, self.version, self.head_hash = game, version, head_hash
        self.public_key, self.fingerprint, self.signature, self.at = public_key, fingerprint, signature, at

    @classmethod
    def make(cls, game: str, version: int, head_hash: str, public_key: str, fingerprint: str, signature: str,
             at: str) -> "HeadSignature":
        return cls._create(cls.Signed, id=head_signature_id(game, version), game=game, version=version,
                           head_hash=head_hash, public_key=public_key, fingerprint=fingerprint, signature=signature,
                           at=at)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "version": self.version, "head_hash": self.head_hash,
                "public_key": self.public_key, "fingerprint": self.fingerprint, "signature": self.signature,
                "at": self.at}


class RoundSeal(Aggregate):
    """The seal of one round: its games' leaves, the root, the service's signature; resealed as the round grows."""

    @event("Sealed")
    def __init__(self, event: str | None, round: Any, seal: dict[str, Any]) -> None:
        self.event, self.round, self.seal = event, round, dict(seal)

    @classmethod
    def make(cls, event_name: str | None, round_: Any, seal: dict[str, Any]) -> "RoundSeal":
        return cls._create(cls.Sealed, id=round_seal_id(event_name, round_), event=event_name, round=round_,
                           seal=seal)

    @event("Resealed")
    def reseal(self, seal: dict[str, Any]) -> None:
        self.seal = dict(seal)
