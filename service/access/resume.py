"""A binding's answer, kept for the tablet that asked, in case that answer is lost on the way.

A tablet binds with a seat code (``POST /v1/bind``); the code works once. If the hall's Wi-Fi drops the answer
after the binding was saved, the tablet never gets its token, and sending the code again met "code already used"
(410): the player had to fetch an official for a new code, and the seat then had a second binding. So a bind may
carry ``resume``, a secret of the tablet's own (at least 128 bits, kept in the page until the answer comes), and the
binding keeps what its answer said, sealed with a key made from that secret (AES-GCM, ``cryptography``): only the
same tablet, sending the same code, device and key with the same secret, opens it again, and gets the same
answer: the same token, not a new one, and nothing new recorded (the binding happened once). The store holds the sealed box, never the token or the secret; whoever reads the
store (an official, a copy of the archive) cannot open it; an eavesdropper who saw the first request saw its
answer too.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

#: What the key is made from besides the secret, so that no other use of such a secret makes the same key.
_CONTEXT = b"planilla bind resume v1\0"
_NONCE = 12


def _key(secret: str) -> bytes:
    return hashlib.sha256(_CONTEXT + secret.encode("ascii")).digest()


def _bound_to(code_id: str, device: str, fingerprint: str | None) -> bytes:
    """The associated data: a box opens only for the same code, device and key (or no key)."""
    return json.dumps([code_id, device, fingerprint or ""]).encode()


def seal(secret: str, answer: dict[str, Any], code_id: str, device: str, fingerprint: str | None) -> str:
    """``answer`` sealed with ``secret``, for this code, device and key: base64 text to keep in the code's record."""
    nonce = os.urandom(_NONCE)
    box = AESGCM(_key(secret)).encrypt(nonce, json.dumps(answer).encode(), _bound_to(code_id, device, fingerprint))
    return base64.b64encode(nonce + box).decode("ascii")


def unseal(sealed: str, secret: str, code_id: str, device: str, fingerprint: str | None) -> dict[str, Any] | None:
    """What ``seal`` kept, or None when the secret, code, device or key is not the one it was sealed for."""
    try:
        raw = base64.b64decode(sealed, validate=True)
        found = AESGCM(_key(secret)).decrypt(raw[:_NONCE], raw[_NONCE:], _bound_to(code_id, device, fingerprint))
    except (InvalidTag, ValueError):
        return None
    return json.loads(found)
