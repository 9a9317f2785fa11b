"""Officials' keys as stored aggregates: enrolled, revoked, never a token's doing alone.

An official (director, arbiter, tribunal) acting from a device makes a non-extractable WebCrypto ECDSA P-256
key there (``pages/static/js/keys.js``). Its public key is *enrolled* here, one aggregate per key, whose id
is ``uuid5(OFFICIAL_KEY_NAMESPACE, fingerprint)`` (the SHA-256 of its SPKI, hex), by one of two hands:

- someone holding the data folder: ``planilla official enrol`` (``enrolled_by`` = ``data-folder``), how the
  first official key of a hall is enrolled;
- an already enrolled official's key, whose signature over ``enrolment_message`` the ``Enrolled`` event
  keeps (``countersigned_by`` its fingerprint, ``countersignature``): ``POST /v1/officials/keys``.

A token never enrols a key by itself. The key signs for one official (``role:label``, the actor their token
records) and nothing after it is revoked. This module never moves: its classes' topics are stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate

from domain.game.enrolments import DATA_FOLDER, PROTOCOL, enrolment_message  # noqa: F401 (defined once, there)

#: Fixed namespace for official key ids (uuid5 over the key's fingerprint).
OFFICIAL_KEY_NAMESPACE = UUID("0b6f2a4e-59c1-4d7e-8f3a-6e2d9c1b7a55")


def official_key_id(fingerprint: str) -> UUID:
    """The id of the aggregate that records the key with this fingerprint."""
    return uuid5(OFFICIAL_KEY_NAMESPACE, fingerprint.lower())


class OfficialKey(Aggregate):
    """One official's public key: for whom (role, label), by whose hand, and whether it is revoked."""

    @dataclass(frozen=True)
    class Enrolled(Aggregate.Created):
        """An official's key was enrolled."""

        role: str
        label: str
        public_key: str  #: SPKI (DER), base64
        fingerprint: str
        algorithm: str
        device: str | None
        enrolled_by: str  #: ``data-folder``, or the actor of the official whose key countersigned
        countersigned_by: str | None  #: the countersigning key's fingerprint
        countersignature: str | None
        at: str

    @dataclass(frozen=True)
    class Revoked(Aggregate.Event):
        """The key signs nothing from now on."""

        reason: str
        by: str
        at: str

        def apply(self, aggregate: Any) -> None:
            aggregate.revoked = {"reason": self.reason, "by": self.by, "at": self.at}

    def __init__(self, role: str, label: str, public_key: str, fingerprint: str, algorithm: str, device: str | None,
                 enrolled_by: str, countersigned_by: str | None, countersignature: str | None, at: str,
                 **_: Any) -> None:
        self.role, self.label, self.public_key, self.fingerprint = role, label, public_key, fingerprint
        self.algorithm, self.device, self.enrolled_by, self.enrolled_at = algorithm, device, enrolled_by, at
        self.countersigned_by, self.countersignature = countersigned_by, countersignature
        self.revoked: dict[str, str] | None = None

    @classmethod
    def enrol(cls, role: str, label: str, public_key: str, fingerprint: str, algorithm: str, at: str, *,
              enrolled_by: str, device: str | None = None, countersigned_by: str | None = None,
              countersignature: str | None = None) -> "OfficialKey":
        """Record a new official key (the caller has checked who vouches for it)."""
        return cls._create(cls.Enrolled, id=official_key_id(fingerprint), role=role, label=label,
                           public_key=public_key, fingerprint=fingerprint, algorithm=algorithm, device=device,
                           enrolled_by=enrolled_by, countersigned_by=countersigned_by,
                           countersignature=countersignature, at=at)

    @property
    def actor(self) -> str:
        """The actor whose entries this key signs (``director:ana``)."""
        return f"{self.role}:{self.label}"

    def revoke(self, reason: str, by: str, at: str) -> None:
        """Revoke the key (a second revocation changes nothing)."""
        if self.revoked is None:
            self.trigger_event(self.Revoked, reason=reason, by=by, at=at)

    def describe(self) -> dict[str, Any]:
        """The key as the API and the command line show it."""
        return {"fingerprint": self.fingerprint, "role": self.role, "label": self.label, "actor": self.actor,
                "public_key": self.public_key, "algorithm": self.algorithm, "device": self.device,
                "enrolled_by": self.enrolled_by, "countersigned_by": self.countersigned_by,
                "enrolled_at": self.enrolled_at, "revoked": self.revoked}
