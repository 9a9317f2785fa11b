"""A tablet's key pair as WebCrypto makes it, made here with ``cryptography``: ECDSA P-256, the public key
exported as SPKI (base64) or JWK, signatures as 64 bytes r||s (IEEE P1363) in base64."""

from __future__ import annotations

import base64
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from domain.game.keys import signed_message
from service.trust.keys import decode_public_key


def _b64url(number: int) -> str:
    return base64.urlsafe_b64encode(number.to_bytes(32, "big")).decode().rstrip("=")


class Tablet:
    """One tablet's key pair."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())

    @property
    def spki(self) -> str:
        """``exportKey('spki')``, base64."""
        der = self.private.public_key().public_bytes(serialization.Encoding.DER,
                                                     serialization.PublicFormat.SubjectPublicKeyInfo)
        return base64.b64encode(der).decode()

    @property
    def jwk(self) -> dict[str, Any]:
        """``exportKey('jwk')``, with the fields WebCrypto adds."""
        numbers = self.private.public_key().public_numbers()
        return {"kty": "EC", "crv": "P-256", "x": _b64url(numbers.x), "y": _b64url(numbers.y), "ext": True,
                "key_ops": ["verify"]}

    @property
    def fingerprint(self) -> str:
        return decode_public_key(self.spki)[1]

    def raw_sign(self, message: bytes) -> str:
        """``crypto.subtle.sign({name: 'ECDSA', hash: 'SHA-256'}, key, message)``, base64."""
        r, s = decode_dss_signature(self.private.sign(message, ec.ECDSA(hashes.SHA256())))
        return base64.b64encode(r.to_bytes(32, "big") + s.to_bytes(32, "big")).decode()

    def sign(self, action: str, game_id: Any, seat: int, head_hash: str) -> str:
        return self.raw_sign(signed_message(action, str(game_id), seat, head_hash))
