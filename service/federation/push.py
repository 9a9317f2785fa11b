"""A hall's push, signed by its service key: what the hall sends and how the federation authenticates it.

The body is JSON (``{"kind": "game"|"seal"|"results", ...}``); the headers carry the hall's key and a
signature over ``planilla-push/1``, the key's fingerprint, a fresh nonce, the time of sending, the body's
length and SHA-256::

    Planilla-Hall: <fingerprint, 64 hex>      Planilla-Key: <the service key, base64 of 32 bytes>
    Planilla-Nonce: <32 hex>                  Planilla-Sent-At: <ISO 8601 UTC>
    Planilla-Length: <bytes>                  Planilla-Digest: <SHA-256 of the body, hex>
    Planilla-Signature: <Ed25519 over push_message(...), base64>

The federation refuses (``PushRefused``, with the hall's reason) a body shorter or longer than it was signed
(truncated), a key that is not the enrolled one's, a signature that fails (forged), a sending time more than
``WINDOW`` from its clock, and a nonce it has seen (replayed: ``Archive.push``). The hall signs every
attempt anew, so a retry is never a replay, and what it sends twice is stored once.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from domain.game.attested import fingerprint
from service.trust.keys import verify_ed25519

FORMAT = "planilla-push/1"
#: How far a push's sending time may be from the federation's clock (a hall laptop's clock may be off).
WINDOW = timedelta(hours=24)
HEADERS = ("planilla-hall", "planilla-key", "planilla-nonce", "planilla-sent-at", "planilla-length",
           "planilla-digest", "planilla-signature")


class PushRefused(Exception):
    """A push the federation does not store: HTTP status, code, message (what the hall sees) and the field."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.field = status, code, message, field

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "field": self.field, "article": None}


def push_message(hall: str, nonce: str, sent_at: str, length: int, digest: str) -> bytes:
    return f"{FORMAT}\n{hall}\n{nonce}\n{sent_at}\n{length}\n{digest}\n".encode("utf-8")


def signed_headers(key: Any, body: bytes, sent_at: str) -> dict[str, str]:
    """The headers of one attempt, signed by the hall's ``ServiceKey``."""
    nonce = secrets.token_hex(16)
    digest = hashlib.sha256(body).hexdigest()
    signature = key.sign(push_message(key.fingerprint, nonce, sent_at, len(body), digest))
    return {"Planilla-Hall": key.fingerprint, "Planilla-Key": key.public_key, "Planilla-Nonce": nonce,
            "Planilla-Sent-At": sent_at, "Planilla-Length": str(len(body)), "Planilla-Digest": digest,
            "Planilla-Signature": signature, "Content-Type": "application/json"}


@dataclass(frozen=True)
class Signed:
    service_key: str
    nonce: str
    sent_at: str
    signature: str


def _instant(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def authenticate(body: bytes, headers: dict[str, str], hall: dict[str, Any], now: str) -> Signed:
    """Check a push's headers against its body and the enrolled hall (its fingerprint); raise PushRefused."""
    missing = [h for h in HEADERS if not headers.get(h)]
    if missing:
        raise PushRefused(401, "unsigned", f"a push carries the headers {', '.join(HEADERS)}; missing: "
                          f"{', '.join(missing)}", missing[0].title())
    length = headers["planilla-length"]
    if not length.isdigit():
        raise PushRefused(400, "malformed", "Planilla-Length: the body's length in bytes", "Planilla-Length")
    if len(body) != int(length):
        raise PushRefused(400, "truncated", f"the body has {len(body)} bytes, {length} were signed: a truncated "
                          "(or lengthened) upload is refused whole", "body")
    digest = hashlib.sha256(body).hexdigest()
    if digest != headers["planilla-digest"]:
        raise PushRefused(400, "digest_mismatch", "the body's SHA-256 is not the one signed (Planilla-Digest)", "body")
    key = headers["planilla-key"]
    try:
        owner = fingerprint(key)
    except (ValueError, TypeError):
        owner = None
    if owner != hall["fingerprint"] or (hall.get("service_key") not in (None, key)):
        raise PushRefused(401, "unknown_key", "Planilla-Key is not the enrolled hall's service key (its fingerprint "
                          "differs)", "Planilla-Key")
    nonce, sent_at = headers["planilla-nonce"], headers["planilla-sent-at"]
    message = push_message(hall["fingerprint"], nonce, sent_at, len(body), digest)
    if not verify_ed25519(key, message, headers["planilla-signature"]):
        raise PushRefused(401, "forged_signature", "Planilla-Signature does not verify against the hall's service "
                          "key", "Planilla-Signature")
    sent, clock = _instant(sent_at), _instant(now)
    if sent is None or sent.tzinfo is None or clock is None or abs(clock - sent) > WINDOW:
        raise PushRefused(401, "stale", f"Planilla-Sent-At {sent_at!r} is not within {WINDOW} of the federation's "
                          f"clock ({now}): a request kept and sent again later is refused", "Planilla-Sent-At")
    if not (len(nonce) == 32 and all(c in "0123456789abcdef" for c in nonce)):
        raise PushRefused(400, "malformed", "Planilla-Nonce: 32 lowercase hex digits", "Planilla-Nonce")
    return Signed(key, nonce, sent_at, headers["planilla-signature"])


def verified_records(data: bytes, key: str | None, what: str) -> tuple[list[Any], dict[str, Any]]:
    """A pushed history's records and the verifier's report once ``planilla audit verify``'s own check passes
    (``key``: the service key it must be attested by, or None); else the refusal: ``<what>_tampered`` (readable, but it does not verify) or
    ``<what>_unreadable``, naming the line, 422, nothing stored. ``what``: ``game`` or ``duplicate``."""
    from service.trust.verdict import file_report, records_in

    report = file_report(data, key, None, None)
    if not report["ok"]:
        code = f"{what}_tampered" if report["readable"] else f"{what}_unreadable"
        where = f" (line {report['line']})" if report["line"] else ""
        raise PushRefused(422, code, f"the {what}'s history does not verify{where}: {report['reason']}", "export")
    return records_in(data, report["events"]), report
