"""Official entries, defined once: what an official records on a player's behalf, and the official's key on it.

An *official entry* is an event of a player's act (``ACTS``: a play, a challenge, an exchange, a pass, an
acceptance, an end rack, a line of the player's own sheet, a signature) recorded by an official (an actor
``director:…`` or ``arbiter:…``: ``OFFICIAL_ROLES``) instead of the player's tablet: a tablet that died, a
player who cannot use one, paper practice after ``GameEnded``. It is recorded as the official's (the
event's actor), never as the player's, and, when the official acts from a device with an enrolled key
(``service.access.official_keys``), signed by that key: the event's payload then carries
``official_key`` (the key's fingerprint: SHA-256 of its SPKI, hex) and ``official_signature`` (ECDSA
P-256 with SHA-256, 64 bytes r||s, base64, as WebCrypto makes it) over ``signed_message``.

The message is ``planilla-official/1|<action>|<game id>|<actor>|<head hash>``, UTF-8: the action is the
command's type (``ACTS``' values), the actor the event's (``director:ana``), the head hash the hash of
the event just before the entry (the entry's ``previous_hash``), so the signature can be checked from
the export alone, event by event (``official_entries``). An official signs the head they see: a console
behind the game signs again over the current head.

The verdict (``domain.game.attested``) and every open issue use this module's definition; it is pure
(the mathematics of a signature is the caller's ``verify``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from domain.errors import msg
from domain.game.errors import RuleViolation
from domain.game.keys import holds

PROTOCOL = "planilla-official/1"
#: The events of a player's act, and the command (action) each is recorded by.
ACTS = {
    "TilesPlaced": "place_tiles",
    "PlayChallenged": "challenge",
    "TilesExchanged": "exchange_tiles",
    "TurnPassed": "pass_turn",
    "PlayAccepted": "accept",
    "EndRackDeclared": "declare_end_rack",
    "SheetEntryWritten": "write_sheet_entry",
    "SheetSigned": "sign",
}
#: The roles whose actor marks an entry as an official's (the tribunal writes nothing; ``service:`` is the
#: service's own act, the virtual bag's refill, never a player's).
OFFICIAL_ROLES = ("director", "arbiter")
#: The roles an official key may be enrolled for (the tribunal's key countersigns and signs its reports).
KEY_ROLES = ("director", "arbiter", "tribunal")
#: The payload fields an official entry carries (default None: events recorded before them load unchanged).
FIELDS = ("official_key", "official_signature")

#: ``verify(fingerprint, message, signature) -> True | False | None``: None when the key is not known.
VerifyOfficial = Callable[[str, bytes, str], "bool | None"]
#: ``verify(public_key_spki_base64, message, signature) -> bool`` (``domain.game.keys.Verify``).
VerifyKey = Callable[[str, bytes, str], bool]


class OfficialSignatureRefused(RuleViolation):
    """An official's key signature that does not hold, or comes on something that is not a player's act."""

    code = "official_signature"


@dataclass(frozen=True)
class OfficialHand:
    """An official's enrolled key and the signature they sent with a command (resolved by the service).

    ``actor`` is the official's (``director:ana``): the service resolved the key as enrolled for that official."""

    fingerprint: str
    public_key: str  #: SPKI (DER), base64
    signature: str
    actor: str
    verify: VerifyKey


def signed_message(action: str, game_id: str, actor: str, head_hash: str) -> bytes:
    """The exact bytes an official's key signs for an entry: ``planilla-official/1|action|game|actor|head``."""
    return f"{PROTOCOL}|{action}|{game_id}|{actor}|{head_hash}".encode("utf-8")


def is_official(actor: str | None) -> bool:
    """True when the actor is an official's (``director:…``, ``arbiter:…``)."""
    return bool(actor) and str(actor).split(":", 1)[0] in OFFICIAL_ROLES


def is_official_entry(event_type: str, actor: str | None) -> bool:
    """True when an event of this type, by this actor, is an official entry."""
    return event_type in ACTS and is_official(actor)


def entry_fields(event_type: str, game_id: str, head_hash: str, hand: OfficialHand | None) -> dict[str, Any]:
    """The ``official_*`` payload fields of an event being recorded (both None without an official's key).

    Refused (``OfficialSignatureRefused``, nothing recorded) when the signature does not verify over this
    entry's message with the enrolled key."""
    if hand is None:
        return {"official_key": None, "official_signature": None}
    action = ACTS[event_type]
    message = signed_message(action, game_id, hand.actor, head_hash)
    if not holds(hand.verify, hand.public_key, message, hand.signature):
        raise OfficialSignatureRefused(
            msg("game.does_not_verify_with", actor=hand.actor, fingerprint=hand.fingerprint[:16], protocol=PROTOCOL,
                action=action, head_hash=head_hash[:12]), field="official_signature")
    return {"official_key": hand.fingerprint, "official_signature": hand.signature}


@dataclass(frozen=True)
class OfficialEntry:
    """One official entry of a game's chain: which event, whose act, the official, their key and its check.

    ``verified`` is True or False when the entry carries a key signature and the key is known, None when it
    is unsigned by key (``key`` None) or its key is not known to the caller."""

    version: int
    type: str
    action: str
    seat: int | None
    actor: str
    device: str | None
    at: str
    key: str | None
    verified: bool | None

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "type": self.type, "action": self.action, "seat": self.seat,
                "actor": self.actor, "device": self.device, "at": self.at, "official_key": self.key,
                "verified": self.verified}


def _get(record: Any, name: str) -> Any:
    return record.get(name) if isinstance(record, dict) else getattr(record, name)


def _seat(event_type: str, payload: dict[str, Any]) -> int | None:
    """Whose act the entry is: the player it was recorded for."""
    if event_type == "PlayChallenged":
        return payload.get("challenger")
    if event_type == "SheetEntryWritten":
        return payload.get("sheet")
    if event_type == "PlayAccepted":
        key = payload.get("key") or {}
        return key.get("seat")  # the accepting seat when known; the payload's ``seat`` is the placer's
    return payload.get("seat")


def official_entries(records: Iterable[Any], verify: VerifyOfficial | None = None) -> list[OfficialEntry]:
    """Every official entry of a chain of records (``ChainRecord`` or its dict), oldest first, each with its key
    and whether the key's signature verifies (through ``verify``, by the key's fingerprint; None when no
    ``verify`` is given or it does not know the key)."""
    found = []
    for record in records:
        kind, actor = _get(record, "type"), _get(record, "actor")
        if not is_official_entry(kind, actor):
            continue
        payload = _get(record, "payload") or {}
        key, signature = payload.get("official_key"), payload.get("official_signature")
        verified: bool | None = None
        if key and signature and verify is not None:
            message = signed_message(ACTS[kind], str(_get(record, "game")), actor, _get(record, "previous_hash"))
            try:  # None from ``verify``: the key is not known here (``verify_with``), so not checked
                verified = verify(key, message, signature)
            except (ValueError, TypeError):
                verified = False
        elif key or signature:
            verified = None if verify is None else False  # half a signature is no signature
        found.append(OfficialEntry(_get(record, "version"), kind, ACTS[kind], _seat(kind, payload), actor,
                                   _get(record, "device"), _get(record, "at"), key, verified))
    return found


def verify_with(keys: dict[str, str], verify: VerifyKey) -> VerifyOfficial:
    """A ``VerifyOfficial`` over known keys (fingerprint -> SPKI base64) and a P-256 ``verify``."""
    def check(fingerprint: str, message: bytes, signature: str) -> bool | None:
        public_key = keys.get(fingerprint)
        if public_key is None:
            return None
        return bool(verify(public_key, message, signature))
    return check
