"""The mathematics of keys, through the ``cryptography`` library: players' ECDSA P-256, the service's Ed25519.

- A player's public key arrives as WebCrypto exports it: ``spki`` (DER, base64 or base64url) or ``jwk``
  (``{"kty": "EC", "crv": "P-256", "x": …, "y": …}``); it is kept as SPKI DER in base64, and named by
  the SHA-256 of those DER bytes (hex): ``decode_public_key``.
- A player's signature is WebCrypto's ``ECDSA`` with ``SHA-256``: 64 bytes, r then s (IEEE P1363), in
  base64 (or base64url): ``verify_p256``. DER signatures are refused: a tablet never makes them.
- The service's key is Ed25519, made once and kept in a PEM file (``ServiceKey``); its public key is the
  32 raw bytes in base64, its fingerprint the SHA-256 of those bytes (hex).

The domain never imports this module: it is handed ``verify_p256`` (``domain.game.keys.Verify``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from domain.errors import msg

ALGORITHM = "ECDSA-P256-SHA256"
SERVICE_ALGORITHM = "Ed25519"
KEY_FILE = "service-ed25519.pem"
#: The most bytes of base64 a key or signature may take (an SPKI of P-256 is 91 bytes: 124 characters).
MAX_TEXT = 512


def b64decode(text: str, field: str) -> bytes:
    """Standard or URL-safe base64, padded or not; ValueError naming ``field`` otherwise."""
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        raise ValueError(msg("service.base_text_at_most", field=field, max_text=MAX_TEXT))
    clean = text.strip().replace("-", "+").replace("_", "/")
    clean += "=" * (-len(clean) % 4)
    try:
        return base64.b64decode(clean, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError(msg("service.not_base", field=field)) from None


def b64(data: bytes) -> str:
    """Standard base64 with padding."""
    return base64.b64encode(data).decode("ascii")


def decode_public_key(value: Any, field: str = "public_key") -> tuple[str, str]:
    """A player's (or an official's) P-256 public key (SPKI base64, a PEM ``PUBLIC KEY``, or a JWK object) as (SPKI DER base64, fingerprint hex)."""
    if isinstance(value, dict):
        key = _from_jwk(value, field)
    elif isinstance(value, str) and value.lstrip().startswith("-----BEGIN PUBLIC KEY-----"):
        try:  # an official's key exported for ``planilla official enrol`` (PEM of the SPKI)
            key = serialization.load_pem_public_key(value.strip().encode("ascii"))
        except (ValueError, TypeError, UnicodeEncodeError):
            raise ValueError(msg("service.pem_public_key_block", field=field)) from None
    else:
        der = b64decode(value, field)
        try:
            key = serialization.load_der_public_key(der)
        except (ValueError, TypeError):
            raise ValueError(msg("service.not_subjectpublickeyinfo_webcrypto_exportkey", field=field)) from None
    if not isinstance(key, ec.EllipticCurvePublicKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError(msg("service.ecdsa_key_on_p", field=field))
    spki = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return b64(spki), hashlib.sha256(spki).hexdigest()


def _from_jwk(jwk: dict[str, Any], field: str) -> Any:
    if jwk.get("kty") != "EC" or jwk.get("crv") != "P-256":
        raise ValueError(msg("service.jwk_with_kty_ec", field=field))
    if "d" in jwk:
        raise ValueError(msg("service.this_jwk_holds_private", field=field))
    try:
        x, y = (int.from_bytes(b64decode(jwk[k], f"{field}.{k}"), "big") for k in ("x", "y"))
        return ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    except KeyError as missing:
        raise ValueError(msg("service.jwk_lacks", field=field, arg=missing.args[0])) from None
    except ValueError as err:
        raise ValueError(msg("service.jwk_point_not_on", field=field, err=err)) from None


def verify_p256(public_key: str, message: bytes, signature: str) -> bool:
    """True when ``signature`` (64 bytes r||s, base64) is ECDSA P-256 with SHA-256 over ``message`` by ``public_key``."""
    try:
        raw = b64decode(signature, "key_signature")
        key = serialization.load_der_public_key(base64.b64decode(public_key))
    except ValueError:
        return False
    if len(raw) != 64 or not isinstance(key, ec.EllipticCurvePublicKey):
        return False
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        key.verify(der, message, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return False
    return True


def check_signature_text(signature: Any, field: str = "key_signature") -> str:
    """A P1363 signature as sent: base64 of exactly 64 bytes; ValueError naming the field otherwise."""
    raw = b64decode(signature, field)
    if len(raw) != 64:
        raise ValueError(msg("service.bytes_webcrypto_ecdsa_p", field=field, n_raw=len(raw)))
    return signature


def verify_ed25519(public_key: str, message: bytes, signature: str) -> bool:
    """True when ``signature`` (base64) is Ed25519 over ``message`` by ``public_key`` (32 raw bytes, base64)."""
    try:
        key = ed25519.Ed25519PublicKey.from_public_bytes(b64decode(public_key, "service_key"))
        key.verify(b64decode(signature, "signature"), message)
    except (ValueError, InvalidSignature):
        return False
    return True


def fingerprint_of(public_key: str) -> str:
    """The SHA-256 (hex) of a public key's bytes (base64 given): how sheets and logs name a key."""
    return hashlib.sha256(base64.b64decode(public_key)).hexdigest()


def spaced(fingerprint: str, groups: int = 8) -> str:
    """A fingerprint as people read it aloud: the first ``groups`` groups of four hex digits."""
    return " ".join(fingerprint[i:i + 4] for i in range(0, 4 * groups, 4))


@dataclass(frozen=True)
class ServiceKey:
    """The service's own Ed25519 key: signs each game's head at its closing and each round's seal."""

    private: ed25519.Ed25519PrivateKey
    path: Path | None = None

    @classmethod
    def generate(cls) -> "ServiceKey":
        """A new key in memory (an in-memory store's, and the tests')."""
        return cls(ed25519.Ed25519PrivateKey.generate())

    @classmethod
    def load_or_create(cls, path: Path) -> tuple["ServiceKey", bool]:
        """The key in ``path``, made there (readable by its owner only) on the first start; (key, created)."""
        if path.exists():
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            if not isinstance(key, ed25519.Ed25519PrivateKey):
                raise ValueError(msg("service.not_ed_private_key", path=path))
            return cls(key, path), False
        path.parent.mkdir(parents=True, exist_ok=True)
        key = ed25519.Ed25519PrivateKey.generate()
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
        return cls(key, path), True

    @classmethod
    def for_store(cls, store: str) -> tuple["ServiceKey", bool]:
        """The key of a store: in memory for ``memory``; else ``key_path(store)``."""
        path = key_path(store)
        return (cls.generate(), True) if path is None else cls.load_or_create(path)

    @property
    def public_key(self) -> str:
        """The 32 raw bytes of the public key, base64."""
        return b64(self.private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw))

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the raw public key, hex."""
        return fingerprint_of(self.public_key)

    def sign(self, message: bytes) -> str:
        """An Ed25519 signature over ``message``, base64."""
        return b64(self.private.sign(message))


def key_path(store: str) -> Path | None:
    """Where a store's service key lives: ``<data folder>/keys/service-ed25519.pem`` (beside
    ``events.sqlite3``); for a PostgreSQL store, ``./data/keys/`` on the machine running ``planilla serve``,
    never in the database (so whoever holds only the database cannot sign as the service); None in memory."""
    text = str(store).strip()
    if text.lower() in ("memory", "popo", "popo://"):
        return None
    if text.startswith("sqlite:///"):
        return Path(text.removeprefix("sqlite:///")).parent / "keys" / KEY_FILE
    if "://" in text:
        return Path("data") / "keys" / KEY_FILE
    return Path(text) / "keys" / KEY_FILE
