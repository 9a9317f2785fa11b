"""C2SP tlog-cosignature/v1: a witness's timestamped Ed25519 signature of a checkpoint.

Key id: SHA-256(name || 0x0A || 0x04 || public key)[:4]. Signed message: ``cosignature/v1\\n`` then
``time <t>\\n`` then the checkpoint's whole body. The signature (after the key id) is the 8-byte big-endian
timestamp followed by the 64-byte Ed25519 signature.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.tlog.note import COSIGNATURE_V1, Signature, Verifier, key_id

#: ``ed25519_verify(public_key, message, signature) -> bool`` and ``ed25519_sign(message) -> signature``.
Ed25519Verify = Callable[[bytes, bytes, bytes], bool]


def message(timestamp: int, body: str) -> bytes:
    return f"cosignature/v1\ntime {timestamp}\n".encode("ascii") + body.encode("utf-8")


def cosign(name: str, public_key: bytes, sign: Callable[[bytes], bytes], timestamp: int, body: str) -> Signature:
    """The cosignature line's content for ``body`` at ``timestamp`` (POSIX seconds, > 0)."""
    if not 0 < timestamp < 2 ** 63:
        raise ValueError("a cosignature's timestamp is a positive POSIX time below 2^63 (tlog-cosignature)")
    return Signature(name, key_id(name, COSIGNATURE_V1, public_key),
                     timestamp.to_bytes(8, "big") + sign(message(timestamp, body)))


def timestamp_of(signature: bytes) -> int:
    return int.from_bytes(signature[:8], "big")


def verifier(name: str, public_key: bytes, ed25519_verify: Ed25519Verify) -> Verifier:
    """A note verifier for a witness's cosignatures (type 0x04)."""
    def check(text: bytes, signature: bytes) -> bool:
        if len(signature) != 72 or timestamp_of(signature) >= 2 ** 63:
            return False
        return ed25519_verify(public_key, message(timestamp_of(signature), text.decode("utf-8")), signature[8:])
    return Verifier(name, key_id(name, COSIGNATURE_V1, public_key), check)

