"""Officials' keys carried in a ``planilla-audit/2`` export, and the official signatures they check offline.

An export names, after its events, every official key an entry or a replacement of the game was signed with,
and every key that vouched for those (their enrolment's countersigner, back to a key enrolled from the hall's
data folder): one attestation line each,
``{"attestation": "official_key", "fingerprint", "public_key", "role", "label", "enrolled_by",
"countersigned_by", "countersignature", "enrolled_at", "revoked_at"}`` (``official_key_line``).

``check_officials`` then checks, in this order, and names the first place that fails: each key line (its
fingerprint is the SHA-256 of its SPKI; a countersigned enrolment's countersigner is in the file and its
signature over ``enrolment_message`` holds; else it was enrolled from the data folder, the organiser's hand);
each official entry (``domain.game.official``) whose key the file carries (the key is the entry's official's,
not revoked before the entry, and its signature over ``official.signed_message`` at the entry's previous hash
holds); each replacement's countersignature (``domain.game.replacement``: the opponent's tablet key
registered before it, or an official's key the file carries, over ``replacement_message``). An entry or a
replacement whose key the file does not carry is noted as not checked, never passed as checked. Pure: the
mathematics of a signature is the caller's ``Verify``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from domain.game import official
from domain.game.chain import ChainRecord
from domain.game.export import Finding, _bad
from domain.game.keys import Verify, holds
from domain.game.replacement import replacement_message
from domain.game.verdict import PLAYER_ACTS, shown

KIND = "official_key"
KEYS = frozenset({"attestation", "fingerprint", "public_key", "role", "label", "enrolled_by", "countersigned_by",
                  "countersignature", "enrolled_at", "revoked_at"})
PROTOCOL = "planilla-enrol/1"
#: Who enrolled a key from the data folder (``service.access.official_keys.DATA_FOLDER``).
DATA_FOLDER = "data-folder"


def enrolment_message(fingerprint: str, role: str, label: str) -> bytes:
    """What an enrolled official's key signs to vouch for a new one: ``planilla-enrol/1|<fingerprint>|<role>|<label>``."""
    return f"{PROTOCOL}|{fingerprint}|{role}|{label}".encode("utf-8")


def official_key_line(key: dict[str, Any]) -> dict[str, Any]:
    """An enrolled key (``OfficialKey.describe()`` with its countersignature) as an export's attestation line."""
    revoked = key.get("revoked")
    return {"attestation": KIND, "fingerprint": key["fingerprint"], "public_key": key["public_key"],
            "role": key["role"], "label": key["label"], "enrolled_by": key["enrolled_by"],
            "countersigned_by": key.get("countersigned_by"), "countersignature": key.get("countersignature"),
            "enrolled_at": key["enrolled_at"], "revoked_at": None if revoked is None else revoked["at"]}


def referenced(records: list[ChainRecord]) -> list[str]:
    """The official keys' fingerprints a history names: its entries' ``official_key`` and its replacements
    confirmed by an official (``countersigned_by`` ``official:<actor>:<fingerprint>``), in order, once each."""
    found: list[str] = []
    for rec in records:
        payload = rec.payload
        key = payload.get("official_key") if official.is_official_entry(rec.type, rec.actor) else None
        voucher = payload.get("countersigned_by") if rec.type == "KeyRegistered" else None
        if isinstance(voucher, str) and voucher.startswith("official:"):
            key = voucher.rsplit(":", 1)[-1]
        if isinstance(key, str) and key not in found:
            found.append(key)
    return found


def _fingerprint(public_key: Any) -> str:
    try:
        return hashlib.sha256(base64.b64decode(public_key, validate=True)).hexdigest()
    except (binascii.Error, ValueError, TypeError):
        return ""


def check_officials(records: list[ChainRecord], attestations: list[dict[str, Any]], first_line: int,
                    verify: Verify, notes: list[str]) -> Finding | None:
    """The officials' keys and signatures of an export (the module's docstring); ``first_line`` is the line of the
    first attestation. The first bad place, or None with a note for each thing checked or left unchecked."""
    keys: dict[Any, dict[str, Any]] = {}
    lines: list[tuple[int, dict[str, Any]]] = []
    for offset, att in enumerate(attestations, start=first_line):
        if att["attestation"] == KIND:
            keys.setdefault(att["fingerprint"], att)
            lines.append((offset, att))
    for offset, key in lines:
        bad = _enrolment(key, keys, offset, verify, notes)
        if bad is not None:
            return bad
    game = records[0].game
    for index, rec in enumerate(records):
        if official.is_official_entry(rec.type, rec.actor):
            bad = _entry(rec, index, keys, game, verify, notes)
        elif rec.type == "KeyRegistered" and rec.payload.get("countersigned_by") is not None:
            bad = _replacement(records, index, keys, game, verify, notes)
        else:
            continue
        if bad is not None:
            return bad
    return None


def _who(key: dict[str, Any]) -> str:
    return f"{shown(key['role'])}:{shown(key['label'])}"


def _enrolment(key: dict[str, Any], keys: dict[Any, dict[str, Any]], offset: int, verify: Verify,
               notes: list[str]) -> Finding | None:
    fp = shown(str(key["fingerprint"])[:16])
    if _fingerprint(key["public_key"]) != key["fingerprint"]:
        return _bad(offset, None, None, f"official key {fp}…: its fingerprint is not the SHA-256 of its SPKI bytes")
    voucher_fp = key["countersigned_by"]
    if voucher_fp is None:
        if key["enrolled_by"] != DATA_FOLDER:
            return _bad(offset, None, None, f"official key {fp}… ({_who(key)}) names no countersignature and was not "
                                            "enrolled from the data folder")
        notes.append(f"official key {fp}… ({_who(key)}): enrolled from the hall's data folder (the organiser's hand)")
        return None
    voucher = keys.get(voucher_fp)
    if voucher is None:
        return _bad(offset, None, None, f"official key {fp}… ({_who(key)}) was countersigned by "
                                        f"{shown(str(voucher_fp)[:16])}…, a key this export does not carry")
    message = enrolment_message(str(key["fingerprint"]), str(key["role"]), str(key["label"]))
    if key["enrolled_by"] != f"{voucher['role']}:{voucher['label']}" or not (
            isinstance(key["countersignature"], str) and holds(verify, voucher["public_key"], message,
                                                               key["countersignature"])):
        return _bad(offset, None, None, f"official key {fp}… ({_who(key)}): its countersignature does not verify "
                                        f"with {_who(voucher)}'s key ({shown(str(voucher_fp)[:16])}…) over "
                                        f"'{PROTOCOL}|<fingerprint>|<role>|<label>'")
    notes.append(f"official key {fp}… ({_who(key)}): countersigned by {_who(voucher)} "
                 f"({shown(str(voucher_fp)[:16])}…)")
    return None


def _entry(rec: ChainRecord, index: int, keys: dict[Any, dict[str, Any]], game: str, verify: Verify,
           notes: list[str]) -> Finding | None:
    fingerprint, signature = rec.payload.get("official_key"), rec.payload.get("official_signature")
    what = f"the {PLAYER_ACTS[rec.type]} entered by {shown(rec.actor)}"
    if fingerprint is None and signature is None:
        return None  # unsigned by an official's key: the verdict names it so
    if fingerprint is None or signature is None:
        return _bad(index + 1, rec.version, rec.type, f"{what} carries half an official signature (a key without a "
                                                      "signature, or the reverse)")
    key = keys.get(fingerprint)
    if key is None:
        notes.append(f"event {shown(rec.version)}: {what} names official key {shown(str(fingerprint)[:16])}…, which "
                     "this export does not carry: not checked")
        return None
    if f"{key['role']}:{key['label']}" != rec.actor:
        return _bad(index + 1, rec.version, rec.type, f"{what} is signed with {_who(key)}'s key, not its official's")
    if key["revoked_at"] is not None and str(rec.at) >= str(key["revoked_at"]):
        return _bad(index + 1, rec.version, rec.type, f"{what} is signed with a key revoked at "
                                                      f"{shown(key['revoked_at'])}")
    message = official.signed_message(official.ACTS[rec.type], str(game), str(rec.actor), str(rec.previous_hash))
    if not (isinstance(signature, str) and holds(verify, key["public_key"], message, signature)):
        return _bad(index + 1, rec.version, rec.type, f"{what} does not verify against {_who(key)}'s official key "
                                                      f"({shown(str(fingerprint)[:16])}…) over the head before it: the "
                                                      "history before it is not the one the official signed")
    notes.append(f"event {shown(rec.version)}: {what} verifies with {_who(key)}'s official key "
                 f"({shown(str(fingerprint)[:16])}…)")
    return None


def _replacement(records: list[ChainRecord], index: int, keys: dict[Any, dict[str, Any]], game: str,
                 verify: Verify, notes: list[str]) -> Finding | None:
    rec = records[index]
    payload = rec.payload
    voucher, signature, seat = str(payload["countersigned_by"]), payload.get("countersignature"), payload.get("seat")
    where = f"event {shown(rec.version)}: seat {shown(seat)}'s new key"
    message = replacement_message(str(game), seat, str(payload.get("fingerprint")))
    kind, _, rest = voucher.partition(":")
    fingerprint = rest.rsplit(":", 1)[-1]
    if kind == "official":
        key = keys.get(fingerprint)
        if key is None:
            notes.append(f"{where} was confirmed with official key {shown(fingerprint[:16])}…, which this export does "
                         "not carry: not checked")
            return None
        public_key, who = key["public_key"], f"{_who(key)}'s official key"
        if f"official:{key['role']}:{key['label']}:{fingerprint}" != voucher or rec.actor != f"{key['role']}:{key['label']}":
            return _bad(index + 1, rec.version, rec.type, f"seat {shown(seat)}'s new key is confirmed with {who}, "
                                                          "not its confirming official's")
    else:
        registered = [r for r in records[:index] if r.type == "KeyRegistered" and r.payload.get("fingerprint") == fingerprint
                      and f"seat:{r.payload.get('seat')}:{fingerprint}" == voucher]
        if not registered or registered[-1].payload.get("seat") == seat:
            return _bad(index + 1, rec.version, rec.type, f"seat {shown(seat)}'s new key names a countersigning tablet "
                                                          f"key ({shown(fingerprint[:16])}…) the opponent did not register "
                                                          "before it")
        public_key, who = registered[-1].payload.get("public_key"), f"seat {shown(registered[-1].payload.get('seat'))}'s key"
    if not (isinstance(signature, str) and holds(verify, public_key, message, signature)):
        return _bad(index + 1, rec.version, rec.type, f"seat {shown(seat)}'s new key: the countersignature does not "
                                                      f"verify with {who} ({shown(fingerprint[:16])}…) over "
                                                      f"'{replacement_message('<game>', '<seat>', '<fingerprint>').decode()}'")
    notes.append(f"{where}: the countersignature verifies with {who} ({shown(fingerprint[:16])}…)")
    return None
