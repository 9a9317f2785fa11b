"""C2SP signed notes (c2sp.org/signed-note): a text, a blank line, and signature lines.

A signature line is ``— <key name> <base64(key id (4 bytes, big-endian) || signature)>``. An Ed25519 key's
id is the first four bytes of SHA-256(name || 0x0A || 0x01 || 32-byte public key); a timestamped
cosignature key's (c2sp.org/tlog-cosignature) the same with type byte 0x04. A verifier key (vkey) is
``<name>+<hex key id>+<base64(type || public key)>``.

Verifying a note (``verify``): signatures whose (name, key id) match no known key are ignored; a known
key's signature that fails rejects the whole note; a note with no verified known signature is rejected.
The signature mathematics is the caller's: ``Verifier.check(message, signature) -> bool``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

DASH = "\u2014"
ED25519 = 0x01
COSIGNATURE_V1 = 0x04
#: The C2SP minimum a verifier must accept; more is refused as an oversized note.
MAX_SIGNATURES = 64


class NoteError(ValueError):
    """A note that is malformed, or whose signatures do not verify: the message says which rule it breaks."""


def key_id(name: str, sig_type: int, public_key: bytes) -> bytes:
    """SHA-256(name || 0x0A || type || public key)[:4] (signed-note, "Signatures")."""
    return hashlib.sha256(name.encode("utf-8") + b"\n" + bytes([sig_type]) + public_key).digest()[:4]


def check_name(name: str) -> str:
    if not name or "+" in name or any(c.isspace() for c in name):
        raise NoteError(f"key name {name!r}: must be non-empty, without spaces or '+' (signed-note, Format)")
    return name


def b64decode(text: str, what: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError) as exc:
        raise NoteError(f"{what}: not standard base64 (RFC 4648 §4)") from exc


@dataclass(frozen=True)
class VerifierKey:
    """A vkey read: name, key id, signature type and public key bytes."""

    name: str
    id: bytes
    type: int
    public_key: bytes

    @classmethod
    def parse(cls, text: str) -> "VerifierKey":
        parts = text.strip().split("+", 2)
        if len(parts) != 3:
            raise NoteError(f"verifier key {text.strip()[:60]!r}: expected <name>+<hex key id>+<base64 key> "
                            "(signed-note, Verifier keys)")
        name, hex_id, material = parts
        check_name(name)
        try:
            ident = bytes.fromhex(hex_id)
        except ValueError as exc:
            raise NoteError(f"verifier key {name}: key id {hex_id!r} is not hex") from exc
        raw = b64decode(material, f"verifier key {name}")
        if len(ident) != 4 or len(raw) < 2:
            raise NoteError(f"verifier key {name}: a 4-byte id and a typed public key are required")
        key = cls(name, ident, raw[0], raw[1:])
        if key.type in (ED25519, COSIGNATURE_V1):
            if len(key.public_key) != 32:
                raise NoteError(f"verifier key {name}: an Ed25519 public key is 32 bytes")
            if key_id(name, key.type, key.public_key) != ident:
                raise NoteError(f"verifier key {name}: the key id does not match SHA-256(name, type, key)[:4]")
        return key

    def text(self) -> str:
        return f"{self.name}+{self.id.hex()}+{base64.b64encode(bytes([self.type]) + self.public_key).decode()}"


def vkey(name: str, sig_type: int, public_key: bytes) -> str:
    """The verifier key text of an Ed25519 (0x01) or cosignature (0x04) public key."""
    return VerifierKey(check_name(name), key_id(name, sig_type, public_key), sig_type, public_key).text()


@dataclass(frozen=True)
class Signature:
    name: str
    id: bytes
    signature: bytes

    def line(self) -> str:
        return f"{DASH} {self.name} {base64.b64encode(self.id + self.signature).decode()}\n"


@dataclass(frozen=True)
class Note:
    text: str
    signatures: tuple[Signature, ...] = field(default_factory=tuple)

    def render(self) -> str:
        return self.text + "\n" + "".join(s.line() for s in self.signatures)


def parse_signature_line(line: str) -> Signature:
    if not line.startswith(DASH + " "):
        raise NoteError(f"signature line {line[:40]!r}: must start with '— ' (signed-note, Format)")
    rest = line[2:]
    name, sep, encoded = rest.rpartition(" ")
    if not sep:
        raise NoteError("signature line: expected '— <key name> <base64 signature>'")
    check_name(name)
    raw = b64decode(encoded, f"signature of {name}")
    if len(raw) < 5:
        raise NoteError(f"signature of {name}: shorter than a key id and a signature")
    return Signature(name, raw[:4], raw[4:])


def parse(note: str) -> Note:
    """Split a signed note into its text and signature lines (signed-note, Format)."""
    if any(ord(c) < 0x20 and c != "\n" for c in note):
        raise NoteError("a note must not contain control characters other than newline (signed-note, Format)")
    if not note.endswith("\n"):
        raise NoteError("a note must end with a newline (signed-note, Format)")
    cut = note.rfind("\n\n")
    if cut < 0:
        raise NoteError("a note needs a blank line between its text and its signatures (signed-note, Format)")
    text, lines = note[:cut + 1], note[cut + 2:].split("\n")[:-1]
    if not lines:
        raise NoteError("a note needs at least one signature line (signed-note, Format)")
    if len(lines) > MAX_SIGNATURES:
        raise NoteError(f"a note with {len(lines)} signatures: at most {MAX_SIGNATURES} are read")
    return Note(text, tuple(parse_signature_line(line) for line in lines))


@dataclass(frozen=True)
class Verifier:
    """A trusted key: its name and id, and ``check(message: bytes, signature: bytes) -> bool``.

    ``check`` receives the note's text (UTF-8); a cosignature verifier rebuilds its own message from it."""

    name: str
    id: bytes
    check: Callable[[bytes, bytes], bool]


@dataclass(frozen=True)
class Signer:
    name: str
    id: bytes
    sign: Callable[[bytes], bytes]


def sign(text: str, signers: Iterable[Signer], keep: Iterable[Signature] = ()) -> str:
    """The note of ``text`` signed by each signer (after the signatures in ``keep``)."""
    if not text.endswith("\n"):
        raise NoteError("a note's text ends with a newline (signed-note, Format)")
    made = [Signature(s.name, s.id, s.sign(text.encode("utf-8"))) for s in signers]
    return Note(text, tuple(keep) + tuple(made)).render()


def verify(note: str | Note, verifiers: Iterable[Verifier]) -> tuple[Note, list[Signature]]:
    """The note and its verified signatures from known keys; NoteError when a known key's signature fails or
    none verifies (unknown keys are ignored, signed-note, Signatures)."""
    read = parse(note) if isinstance(note, str) else note
    known = {(v.name, v.id): v for v in verifiers}
    good: list[Signature] = []
    message = read.text.encode("utf-8")
    for sig in read.signatures:
        verifier = known.get((sig.name, sig.id))
        if verifier is None:
            continue
        if not verifier.check(message, sig.signature):
            raise NoteError(f"the signature of {sig.name} ({sig.id.hex()}) does not verify: the note is rejected")
        good.append(sig)
    if not good:
        raise NoteError("no signature from a known key (signed-note, Signatures)")
    return read, good
