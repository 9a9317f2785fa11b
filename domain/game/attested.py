"""``planilla-audit/2``: a game's history with the players' key signatures and the service's, checked offline.

The file is ``planilla-audit/1``'s (``domain.game.export``) with more in it, one canonical JSON
document per line:

- the header: ``format`` (``planilla-audit/2``), ``game``, ``events``, ``head_hash``, ``attestations``
  (how many lines follow the events) and ``service_key`` (the service's Ed25519 public key, 32 raw bytes
  in base64, or null);
- one line per event, exactly as in version 1 (the key registrations, ``KeyRegistered``, and the
  players' key signatures, the ``key`` of ``SheetSigned``, ``PlayAccepted`` and the player's own entries
  ``TilesPlaced``, ``TilesExchanged``, ``TurnPassed`` and ``SheetEntryWritten``, are events and fields of the
  chain);
- one line per attestation of the service: ``{"attestation": "head_signature", "version", "head_hash",
  "fingerprint", "signature", "at"}`` for each closing of the game, ``{"attestation": "round_seal",
  …}`` with the game's inclusion proof when its round was sealed, and ``{"attestation": "official_key", …}``
  for each official key an entry or a replacement was signed with and each key that vouched for it
  (``domain.game.enrolments``).

``verify_attested`` checks, in this order, and names the first place that fails: every line's bytes
and the chain (as version 1); then, walking the events, every player's key signature against the key
registered for that seat at that time (not superseded by a re-binding, not revoked), over a head the
player saw; then the officials' keys, their official entries and the replacements' countersignatures
(``domain.game.enrolments.check_officials``); then the service's signatures of each closing head and of the round seal, against the
service key given (``--service-key``) or the export's own; and, with a seal file, the game's inclusion
in it. The mathematics of a signature is the caller's (``Checks``): the domain imports no
cryptography.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any, NamedTuple

from domain.game.chain import ChainRecord, canonical, verify_chain
from domain.game.devices import LOG_ONLY
from domain.game.enrolments import KEYS as OFFICIAL_KEYS
from domain.game.enrolments import check_officials
from domain.game.export import RECORD_KEYS, Finding, _bad, _guess_version, _line, framed
from domain.game.keys import Verify, signed_message
from domain.game.verdict import shown
from domain.seal.merkle import leaf_hash, root_from
from domain.seal.records import head_message, seal_message

FORMAT = "planilla-audit/2"
HEADER_KEYS = frozenset({"format", "game", "events", "head_hash", "attestations", "service_key"})
HEAD_KEYS = frozenset({"attestation", "version", "head_hash", "fingerprint", "signature", "at"})
SEAL_KEYS = frozenset({"attestation", "event", "round", "games", "root", "leaf", "proof", "signature", "sealed_at",
                       "fingerprint"})
SEAL_FORMAT = "planilla-seal/1"


class Checks(NamedTuple):
    """The mathematics of signatures, handed in: players' ECDSA P-256 and the service's Ed25519."""

    player: Verify
    service: Verify


def attested_bytes(records: list[ChainRecord], attestations: list[dict[str, Any]], service_key: str | None) -> bytes:
    """The ``planilla-audit/2`` export of a whole history with the service's attestations of it."""
    if not records:
        raise ValueError("a history has at least its creation event")
    header = {"format": FORMAT, "game": records[0].game, "events": len(records), "head_hash": records[-1].hash,
              "attestations": len(attestations), "service_key": service_key}
    lines = [canonical(header)] + [canonical(r.to_dict()) for r in records] + [canonical(a) for a in attestations]
    return ("\n".join(lines) + "\n").encode("utf-8")


def fingerprint(public_key_b64: str) -> str:
    """SHA-256 (hex) of a key's bytes given in base64 ('' when it is not base64)."""
    try:
        return hashlib.sha256(base64.b64decode(public_key_b64, validate=True)).hexdigest()
    except (binascii.Error, ValueError, TypeError):
        return ""


def verify_attested(data: bytes, checks: Checks, service_key: str | None = None,
                    seal: dict[str, Any] | None = None) -> Finding:
    """Check a ``planilla-audit/2`` export (see the module's docstring); the first bad place, or ``ok`` with notes.

    A file whose keys, signatures or seal hold values of the wrong kind (consistent with its own hashes, so
    made on purpose) is refused as such, never a crash."""
    try:
        return _verify(data, checks, service_key, seal)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
        return _bad(0, None, None, f"a key, signature or seal field is not of the form this format gives it "
                                   f"({type(error).__name__}: {error})")


def _verify(data: bytes, checks: Checks, service_key: str | None, seal: dict[str, Any] | None) -> Finding:
    found = framed(data, FORMAT, HEADER_KEYS, "line")
    if isinstance(found, Finding):
        return found
    lines, header = found
    count, extra = header.get("events"), header.get("attestations")
    if not isinstance(count, int) or not isinstance(extra, int) or count < 1 or extra < 0:
        return _bad(0, None, None, "the header's counts of events and attestations are not numbers")
    if count + extra != len(lines) - 1:
        return _bad(0, None, None, f"the header announces {count} events and {extra} attestations, the file holds "
                                   f"{len(lines) - 1} lines after it")
    records: list[ChainRecord] = []
    for index, raw in enumerate(lines[1:1 + count], start=1):
        found, problem = _line(raw, RECORD_KEYS)
        if found is None:
            return _bad(index, _guess_version(records), None, problem)
        records.append(ChainRecord(**found))
    attestations: list[dict[str, Any]] = []
    for index, raw in enumerate(lines[1 + count:], start=1 + count):
        found, problem = _attestation(raw)
        if found is None:
            return _bad(index, None, None, f"attestation: {problem}")
        attestations.append(found)
    broken = verify_chain(records)
    if broken is not None:
        return _bad(broken.index + 1, broken.version, records[broken.index].type, broken.reason)
    if header.get("game") != records[0].game:
        return _bad(0, None, None, f"the header names game {shown(header.get('game'))}, the events {shown(records[0].game)}")
    if header.get("head_hash") != records[-1].hash:
        return _bad(0, None, None, "the header's head hash is not the last event's hash")
    notes: list[str] = []
    bad = _players(records, checks.player, notes)
    if bad is None:
        bad = check_officials(records, attestations, 1 + count, checks.player, notes)
    if bad is not None:
        return bad
    key = header.get("service_key")
    if service_key is not None and key is not None and key != service_key:
        return _bad(0, None, None, f"the export names service key {fingerprint(key)[:16]}…, not the one given "
                                   f"({fingerprint(service_key)[:16]}…): the service signatures are not that service's")
    trusted = service_key or key
    bad = _service(records, attestations, count, checks.service, trusted, service_key is not None, notes)
    if bad is not None:
        return bad
    if seal is not None:
        bad = _in_seal(records, seal, checks.service, trusted, notes)
        if bad is not None:
            return bad
    if service_key is None and key is not None:
        notes.append(f"the service's signatures were checked against the export's own key ({fingerprint(key)[:16]}…):"
                     " give --service-key (the fingerprint printed on the sheets) to check they are that service's")
    return Finding(True, True, None, None, None, "intact", records[0].game, len(records), records[-1].hash,
                   tuple(notes))


def _attestation(raw: bytes) -> tuple[dict[str, Any] | None, str]:
    for keys in (OFFICIAL_KEYS, HEAD_KEYS, SEAL_KEYS):  # the last one tried names what is wrong
        found, problem = _line(raw, keys)
        if found is not None:
            return found, ""
    return None, problem


def _players(records: list[ChainRecord], verify: Verify, notes: list[str]) -> Finding | None:
    """Every key registration and every player's key signature, in the order they were recorded."""
    keys: list[dict[str, Any]] = []
    game = records[0].game
    for index, rec in enumerate(records):
        p = rec.payload
        if rec.type == "KeyRegistered":
            if fingerprint(p.get("public_key", "")) != p.get("fingerprint"):
                return _bad(index + 1, rec.version, rec.type, "the registered key's fingerprint is not the SHA-256 "
                                                              "of its SPKI bytes")
            keys = [dict(k, current=False) if k["seat"] == p["seat"] else k for k in keys]
            keys.append({"seat": p["seat"], "fingerprint": p["fingerprint"], "public_key": p["public_key"],
                         "token_id": p["token_id"], "current": True, "revoked": False, "version": rec.version,
                         "device": rec.device})
        elif rec.type in ("DeviceRevoked", "SeatReleased"):
            gone = [p["token_id"]] if rec.type == "DeviceRevoked" else list(p.get("token_ids", []))
            keys = [dict(k, revoked=True) if k["token_id"] in gone else k for k in keys]
        elif rec.type in SIGNED:
            bad = _signature(records, index, keys, game, verify, notes)
            if bad is not None:
                return bad
    return None


#: The events a player's key signs, and the action named in the signed message (the command's type).
SIGNED = {"SheetSigned": "sign", "PlayAccepted": "accept", "TilesPlaced": "place_tiles",
          "TilesExchanged": "exchange_tiles", "TurnPassed": "pass_turn", "SheetEntryWritten": "write_sheet_entry"}
WHAT = {"sign": ("sheet signature", "FILE 43"), "accept": ("acceptance", "FILE 37"),
        "place_tiles": ("play", "FILE 32"), "exchange_tiles": ("exchange", "FILE 25"), "pass_turn": ("pass", "FILE 26"),
        "write_sheet_entry": ("sheet line", "FILE 32")}
#: Signed when a key signature is there; an event without one is an official's or from before it was signed.
OPTIONAL = frozenset({"PlayAccepted", "TilesPlaced", "TilesExchanged", "TurnPassed", "SheetEntryWritten"})


def _signer(rec: ChainRecord) -> int | None:
    """Whose key signs the event: the signer of a sheet; the accepting seat named in an acceptance's key; the
    player of a play, exchange or pass; the seat whose own sheet a line is."""
    if rec.type == "SheetSigned":
        return rec.payload.get("seat")
    if rec.type == "SheetEntryWritten":
        return rec.payload.get("sheet")
    if rec.type != "PlayAccepted":
        return rec.payload.get("seat")
    key = rec.payload.get("key")
    return key.get("seat") if isinstance(key, dict) else None


def _signature(records: list[ChainRecord], index: int, keys: list[dict[str, Any]], game: str, verify: Verify,
               notes: list[str]) -> Finding | None:
    rec = records[index]
    action = SIGNED[rec.type]
    what, article = WHAT[action]
    seat, key = _signer(rec), rec.payload.get("key")
    live = [k for k in keys if k["seat"] == seat and k["current"] and not k["revoked"]]
    where = f"seat {shown(seat)}'s {what}"
    if key is None and rec.type in OPTIONAL:
        return None  # an official's acceptance or entry, an implicit acceptance, or recorded before entries were signed
    if key is None:
        if live:
            return _bad(index + 1, rec.version, rec.type,
                        f"{where} carries no key signature, but seat {shown(seat)} had a registered key then "
                        f"({shown(live[0]['fingerprint'][:16])}…, event {shown(live[0]['version'])}) ({article})")
        if rec.type == "SheetSigned":
            notes.append(f"event {shown(rec.version)}: {where} is unsigned by key (no tablet key registered for the seat: "
                         "a paper or arbiter-entered signature)")
        return None
    if not isinstance(key, dict) or not {"fingerprint", "signature", "seen_head"} <= set(key):
        return _bad(index + 1, rec.version, rec.type, f"{where}: the key signature lacks its fields")
    if not live or live[0]["fingerprint"] != key["fingerprint"]:
        used = [k for k in keys if k["fingerprint"] == key["fingerprint"]]
        why = ("a key never registered in this game" if not used else
               f"seat {shown(used[0]['seat'])}'s key, not seat {shown(seat)}'s" if used[0]["seat"] != seat else
               "a revoked device's key" if used[0]["revoked"] else "a key superseded by a re-binding")
        return _bad(index + 1, rec.version, rec.type, f"{where} was made with {why} ({article})")
    seen = _seen(records, index, key["seen_head"])
    if seen is None:
        return _bad(index + 1, rec.version, rec.type, f"{where} names a head the player saw that is not in this "
                                                      "history (or more than log entries came after it)")
    if not _holds(verify, live[0]["public_key"], signed_message(action, game, seat, key["seen_head"]),
                  key["signature"]):
        return _bad(index + 1, rec.version, rec.type,
                    f"{where} does not verify against seat {shown(seat)}'s registered key ({shown(key['fingerprint'][:16])}…) over "
                    f"the head it names (event {shown(seen)}): the history before it is not the one the player signed "
                    f"({article})")
    notes.append(f"event {shown(rec.version)}: {where} verifies with the key registered at event {shown(live[0]['version'])} "
                 f"(device {shown(live[0]['device'])}, {shown(key['fingerprint'][:16])}…)")
    return None


def _seen(records: list[ChainRecord], index: int, head: str) -> int | None:
    """The version whose hash is ``head``, if only log entries (``LOG_ONLY``) come between it and ``index``."""
    for back in range(index - 1, -1, -1):
        if records[back].hash == head:
            return records[back].version
        if records[back].type not in LOG_ONLY:
            return None
    return None


def _service(records: list[ChainRecord], attestations: list[dict[str, Any]], count: int, verify: Verify,
             key: str | None, required: bool, notes: list[str]) -> Finding | None:
    closings = {r.version: r for r in records if r.type == "GameClosed"}
    signed: set[int] = set()
    for offset, att in enumerate(attestations, start=1 + count):
        if att["attestation"] == "official_key":
            continue  # checked with the officials' entries (``check_officials``)
        if att["attestation"] == "round_seal":
            bad = _seal_attestation(records, att, offset, verify, key, notes)
            if bad is not None:
                return bad
            continue
        if att["attestation"] != "head_signature":
            return _bad(offset, None, None, f"attestation {att['attestation']!r} is not one this format knows")
        closing = closings.get(att["version"])
        if closing is None or closing.hash != att["head_hash"]:
            return _bad(offset, None, None, f"the service signed the head of event {shown(att['version'])} as "
                                            f"{shown(str(att['head_hash'])[:16])}…, which is not a closing of this history")
        if att["at"] != closing.at:
            return _bad(offset, None, None, f"the service's signature is dated {shown(att['at'])}, the closing it signs "
                                            f"{shown(closing.at)}")
        if key is None or fingerprint(key) != att["fingerprint"]:
            return _bad(offset, None, None, "the service's signature names a key that is not the service key")
        if not _holds(verify, key, head_message(closing.game, closing.version, closing.hash), att["signature"]):
            return _bad(offset, None, None, f"the service's signature of the closing head (event {closing.version}) "
                                            "does not verify against the service key")
        signed.add(closing.version)
        notes.append(f"event {shown(closing.version)}: the closing head is signed by the service "
                     f"({shown(str(att['fingerprint'])[:16])}…)")
    for version in sorted(set(closings) - signed):
        if required:
            return _bad(version, version, "GameClosed", "this closing carries no signature of the service key given")
        notes.append(f"event {version}: the closing head is not signed by the service")
    return None


def _seal_attestation(records: list[ChainRecord], att: dict[str, Any], line: int, verify: Verify, key: str | None,
                      notes: list[str]) -> Finding | None:
    seal = {"format": SEAL_FORMAT, **{k: att[k] for k in ("event", "round", "root", "signature", "sealed_at",
                                                           "fingerprint")},
            "count": att["games"], "games": [{"leaf": att["leaf"], "proof": att["proof"]}]}
    problem = _inclusion(records, seal, verify, key)
    if problem is not None:
        return _bad(line, None, None, f"round seal: {problem}")
    notes.append(f"the game is in the service's seal of {shown(att['event'])} round {shown(att['round'])} "
                 f"(root {shown(str(att['root'])[:16])}…)")
    return None


def _in_seal(records: list[ChainRecord], seal: dict[str, Any], verify: Verify, key: str | None,
             notes: list[str]) -> Finding | None:
    if seal.get("format") != SEAL_FORMAT:
        return Finding(False, False, None, None, None, f"the seal file is not {SEAL_FORMAT}")
    problem = _inclusion(records, seal, verify, key)
    if problem is not None:
        return _bad(len(records), records[-1].version, records[-1].type, f"round seal: {problem}")
    notes.append(f"the game is in the seal of {shown(seal['event'])} round {shown(seal['round'])} ({shown(seal['count'])} games, "
                 f"root {shown(str(seal['root'])[:16])}…)")
    return None


def _inclusion(records: list[ChainRecord], seal: dict[str, Any], verify: Verify, key: str | None) -> str | None:
    """Why the game's closed head is not in ``seal`` (its leaf, proof, root and the service's signature), or None."""
    try:
        return _included(records, seal, verify, key)
    except (ValueError, TypeError, KeyError, AttributeError) as error:  # a seal or proof that is not what it says
        return f"the seal or its proof cannot be read ({type(error).__name__}: {error})"


def _included(records: list[ChainRecord], seal: dict[str, Any], verify: Verify, key: str | None) -> str | None:
    details = records[0].payload.get("details", {})
    event, round_ = details.get("event"), details.get("round")
    if (seal.get("event"), str(seal.get("round"))) != (event, str(round_)):
        return (f"the seal is of {shown(seal.get('event'))} round {shown(seal.get('round'))}; this game was created for "
                f"{shown(event)} round {shown(round_)}")
    closings = [r for r in records if r.type == "GameClosed"]
    if not closings or closings[-1] is not records[-1]:
        return "the game is not closed: only a closed game's head is sealed"
    leaf = leaf_hash(event, round_, records[0].game, records[-1].version, records[-1].hash)
    entries = [g for g in seal.get("games", []) if g.get("leaf") == leaf]
    if not entries:
        return ("this game's closed head is not among the seal's games: its history is not the one sealed on the "
                f"day (leaf {leaf[:16]}…)")
    path = entries[0].get("proof")
    path = [] if path is None else path
    if not isinstance(path, list) or not all(_step(step) for step in path):
        return "the inclusion proof's steps are not each a side (left or right) and 64 lowercase hex digits"
    if root_from(leaf, path) != seal.get("root"):
        return "the inclusion proof does not lead to the seal's root"
    if key is None or fingerprint(key) != seal.get("fingerprint"):
        return "the seal names a key that is not the service key"
    message = seal_message(event, round_, seal.get("count"), seal.get("root"), seal.get("sealed_at"))
    if not _holds(verify, key, message, seal.get("signature", "")):
        return "the seal's signature does not verify against the service key"
    return None


def _step(step: Any) -> bool:
    """A proof's step as the service writes it (an upper-case digit would lead to the same root: refused)."""
    hash_ = step.get("hash") if isinstance(step, dict) else None
    return (step.get("side") in ("left", "right") and isinstance(hash_, str) and len(hash_) == 64
            and all(c in "0123456789abcdef" for c in hash_))


def _holds(verify: Verify, public_key: str, message: bytes, signature: Any) -> bool:
    try:
        return isinstance(signature, str) and bool(verify(public_key, message, signature))
    except (ValueError, TypeError):
        return False
