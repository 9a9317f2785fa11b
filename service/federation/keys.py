"""Ed25519 keys of a log and of a witness, and the callables ``domain.tlog`` is given.

A key file is a PKCS#8 PEM made on first use, readable by its owner only, with the key's name beside it
(``<file>.name``). The log signs checkpoints as a signed-note Ed25519 key (type 0x01); a witness cosigns
with a tlog-cosignature/v1 key (type 0x04). Both publish a vkey (``<name>+<id>+<base64(type||key)>``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

from domain.tlog import cosignature
from domain.tlog.note import COSIGNATURE_V1, ED25519, NoteError, Signer, Verifier, VerifierKey, key_id, vkey


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    try:
        ed25519.Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (ValueError, InvalidSignature):
        return False
    return True


def verifier_of(text: str, want: int | None = None) -> Verifier:
    """A note verifier from a vkey text: type 0x01 checks a plain Ed25519 note signature, 0x04 a cosignature."""
    key = VerifierKey.parse(text)
    if want is not None and key.type != want:
        kinds = {ED25519: "a log's Ed25519 key (type 0x01)", COSIGNATURE_V1: "a witness's cosignature key (type 0x04)"}
        raise NoteError(f"verifier key {key.name}: expected {kinds.get(want, want)}, got type 0x{key.type:02x}")
    if key.type == ED25519:
        return Verifier(key.name, key.id, lambda message, sig: ed25519_verify(key.public_key, message, sig))
    if key.type == COSIGNATURE_V1:
        return cosignature.verifier(key.name, key.public_key, ed25519_verify)
    raise NoteError(f"verifier key {key.name}: signature type 0x{key.type:02x} is not supported here")


@dataclass(frozen=True)
class NamedKey:
    """An Ed25519 private key and the name it signs under."""

    name: str
    private: ed25519.Ed25519PrivateKey

    @classmethod
    def generate(cls, name: str) -> "NamedKey":
        return cls(name, ed25519.Ed25519PrivateKey.generate())

    @classmethod
    def load_or_create(cls, path: Path, name: str | None = None) -> tuple["NamedKey", bool]:
        """The key in ``path`` (its name in ``path.name`` file beside it); made with ``name`` when absent."""
        name_file = path.with_name(path.name + ".name")
        if path.exists():
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            if not isinstance(key, ed25519.Ed25519PrivateKey):
                raise ValueError(f"{path}: not an Ed25519 private key")
            stored = name_file.read_text(encoding="utf-8").strip()
            if name is not None and name != stored:
                raise ValueError(f"{path}: this key is named {stored!r}, not {name!r}")
            return cls(stored, key), False
        if not name:
            raise ValueError(f"{path}: no key yet; give its name to make one")
        made = cls.generate(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = made.private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption())
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
        name_file.write_text(name + "\n", encoding="utf-8")
        return made, True

    @property
    def public_bytes(self) -> bytes:
        return self.private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)

    def sign(self, message: bytes) -> bytes:
        return self.private.sign(message)

    # As a log: plain Ed25519 note signatures (type 0x01).
    def note_signer(self) -> Signer:
        return Signer(self.name, key_id(self.name, ED25519, self.public_bytes), self.sign)

    def log_vkey(self) -> str:
        return vkey(self.name, ED25519, self.public_bytes)

    # As a witness: timestamped cosignatures (type 0x04).
    def cosign(self, body: str, timestamp: int) -> str:
        return cosignature.cosign(self.name, self.public_bytes, self.sign, timestamp, body).line()

    def witness_vkey(self) -> str:
        return vkey(self.name, COSIGNATURE_V1, self.public_bytes)
