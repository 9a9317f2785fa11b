"""The service's attestations read and made: a game's ``planilla-audit/2`` export, and a round's seal.

The head signatures are made when a game closes (``ServiceApplication._head_signatures``, in the same
transaction). A round's seal is made on request (``POST /v1/seals``, ``planilla audit seal``): every
game created for that event and round that is closed now, its closed head a leaf of a Merkle tree
(``domain.seal.merkle``), the root signed with the service key, the whole seal kept in the store as a
``RoundSeal`` (sealed again when a later request finds the round changed) and returned as a
``planilla-seal/1`` document with each game's inclusion proof.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.utils import get_topic

from domain.errors import msg
from domain.game import Game
from domain.game.attested import SEAL_FORMAT, attested_bytes
from domain.game.chain import ChainRecord
from domain.game.enrolments import official_key_line, referenced
from domain.game.receipt import grouped, receipt_document, short_code
from domain.seal.merkle import leaf_hash, proof, root
from domain.seal.records import HeadSignature, RoundSeal, head_signature_id, round_seal_id, seal_message

GAME_CREATED = get_topic(Game.Created)
PAGE = 1000


class NoServiceKey(RuntimeError):
    """The service has no key to sign with (a store opened without one)."""


def _get(app: Any, ident: UUID, kind: type) -> Any | None:
    try:
        found = app.repository.get(ident)
    except AggregateNotFoundError:
        return None
    return found if isinstance(found, kind) else None


def attestations(app: Any, records: list[ChainRecord]) -> tuple[list[dict[str, Any]], str | None]:
    """The service's signatures of the game's closing heads (and its round seal's proof), and the signing key."""
    found: list[dict[str, Any]] = []
    key = None
    for rec in records:
        if rec.type != "GameClosed":
            continue
        signed = _get(app, head_signature_id(rec.game, rec.version), HeadSignature)
        if signed is None:
            continue
        key = signed.public_key
        found.append({"attestation": "head_signature", "version": signed.version, "head_hash": signed.head_hash,
                      "fingerprint": signed.fingerprint, "signature": signed.signature, "at": signed.at})
    if records[-1].type == "GameClosed":
        details = records[0].payload.get("details", {})
        sealed = _get(app, round_seal_id(details.get("event"), details.get("round")), RoundSeal)
        entry = None if sealed is None else next(
            (g for g in sealed.seal["games"] if g["game"] == records[0].game and g["head_hash"] == records[-1].hash),
            None)
        if entry is not None:
            seal = sealed.seal
            found.append({"attestation": "round_seal", "event": seal["event"], "round": seal["round"],
                          "games": seal["count"], "root": seal["root"], "leaf": entry["leaf"],
                          "proof": entry["proof"], "signature": seal["signature"], "sealed_at": seal["sealed_at"],
                          "fingerprint": seal["fingerprint"]})
            key = key or seal["service_key"]
    if key is None and app.service_key is not None:
        key = app.service_key.public_key
    return found + official_keys(app, records), key


def official_keys(app: Any, records: list[ChainRecord]) -> list[dict[str, Any]]:
    """The ``official_key`` lines of an export: every key the history's official entries and replacements name, and
    every key that countersigned one of those, back to a key enrolled from the data folder; each after its voucher."""
    wanted, found = referenced(records), {}
    while wanted:
        fingerprint = wanted.pop()
        key = None if fingerprint in found else getattr(app, "official_key", lambda _f: None)(fingerprint)
        if key is None:
            continue  # a key this store does not know: the verifier notes its entries as not checked
        found[fingerprint] = official_key_line({**key.describe(), "countersignature": key.countersignature})
        if key.countersigned_by is not None:
            wanted.append(key.countersigned_by)
    ordered: list[dict[str, Any]] = []  # each key after the key that vouched for it
    for line in sorted(found.values(), key=lambda line: (line["enrolled_at"], line["fingerprint"])):
        at = next((i for i, o in enumerate(ordered) if o["countersigned_by"] == line["fingerprint"]), len(ordered))
        ordered.insert(at, line)
    return ordered


def receipt_of(app: Any, game_id: UUID, records: list[ChainRecord] | None = None) -> dict[str, Any] | None:
    """The players' receipt of the game's last closing (``domain.game.receipt``: the game, the closing's version, its
    head and the service's signature over it), or None while the game is not closed or its closing is unsigned."""
    records = app.history(game_id) if records is None else records
    if not records or records[-1].type != "GameClosed":
        return None
    closed = records[-1]
    signed = _get(app, head_signature_id(closed.game, closed.version), HeadSignature)
    if signed is None or signed.head_hash != closed.hash:
        return None
    return receipt_document(closed.game, closed.version, closed.hash, signed.fingerprint, signed.signature, signed.at)


def round_seal_of(app: Any, game_id: UUID) -> dict[str, Any] | None:
    """The seal of the game's round in which its closed head stands (its ``round_seal`` attestation), or None:
    what the printed sheet shows beside the service key's fingerprint."""
    records = app.history(game_id)
    found, _ = attestations(app, records)
    return next((a for a in found if a["attestation"] == "round_seal"), None)


def export_attested(app: Any, game_id: UUID) -> bytes:
    """The game's ``planilla-audit/2`` export (``domain.game.attested``)."""
    records = app.history(game_id)
    found, key = attestations(app, records)
    return attested_bytes(records, found, key)


def round_games(app: Any, event: str | None, round_: Any) -> list[tuple[Any, Game]]:
    """Every game created for ``event`` and ``round_`` (a round named 3 or "3" is the same): (details, game)."""
    found = []
    start = 1
    while True:
        page = app.recorder.select_notifications(start, PAGE, topics=[GAME_CREATED])
        for note in page:
            created = app.mapper.to_domain_event(note)
            details = created.details or {}
            if details.get("event") != event or str(details.get("round")) != str(round_):
                continue
            found.append((details, app.repository.get(created.originator_id)))
        if len(page) < PAGE:
            break
        start = page[-1].id + 1
    return found


def round_heads(app: Any, event: str | None, round_: Any) -> list[tuple[str, int, str, Any]]:
    """Every game created for ``event`` and ``round_`` that is closed now: (game, version, head hash, round)."""
    return sorted((str(game.id), game.version, game.last_hash, details.get("round"))
                  for details, game in round_games(app, event, round_) if game.phase == "closed")


def round_results(app: Any, event: str | None, round_: Any) -> list[dict[str, Any]]:
    """The round's results sheet's rows (``projections.results_sheet``), by table: each game's players, final
    scores and winner once settled, and its head and the players' receipt's short code when closed (None while
    it is not)."""
    rows = []
    for details, game in round_games(app, event, round_):
        settled = game.settlement or None
        closed = game.phase == "closed"
        rows.append({"game": str(game.id), "table": details.get("table"), "players": list(game.players),
                     "scores": [p["final_score"] for p in settled["players"]] if settled else [],
                     "winner": settled["winner"] if settled else None, "phase": game.phase,
                     "version": game.version if closed else None, "head_hash": game.last_hash if closed else None,
                     "code": grouped(short_code(game.last_hash)) if closed else None})
    return sorted(rows, key=lambda r: (r["table"] is None, str(r["table"]).zfill(6), r["game"]))


def seal_round(app: Any, event: str | None, round_: Any) -> dict[str, Any]:
    """Seal the round now (a new seal when its closed games changed since the last), and return the seal."""
    key = app.service_key
    if key is None:
        raise NoServiceKey(msg("service.no_key_to_seal"))
    heads = round_heads(app, event, round_)
    kept_round = heads[0][3] if heads else round_
    leaves = [leaf_hash(event, kept_round, g, v, h) for g, v, h, _ in heads]
    top = root(leaves)
    at = app.clock()
    seal = {"format": SEAL_FORMAT, "event": event, "round": kept_round, "count": len(leaves), "root": top,
            "sealed_at": at, "service_key": key.public_key, "fingerprint": key.fingerprint,
            "signature": key.sign(seal_message(event, kept_round, len(leaves), top, at)),
            "games": [{"game": g, "version": v, "head_hash": h, "leaf": leaf, "proof": proof(leaves, i)}
                      for i, ((g, v, h, _), leaf) in enumerate(zip(heads, leaves))]}
    record = _get(app, round_seal_id(event, kept_round), RoundSeal)
    if record is not None and record.seal["root"] == top and record.seal["count"] == len(leaves) \
            and record.seal["fingerprint"] == key.fingerprint:
        return record.seal  # nothing changed: the seal already published stands
    if record is None:
        record = RoundSeal.make(event, kept_round, seal)
    else:
        record.reseal(seal)
    app.save_together(record)
    return seal


def latest_seal(app: Any, event: str | None, round_: Any) -> dict[str, Any] | None:
    """The round's last seal, if it was sealed (a round named 3 or "3" is the same round: ``round_seal_id``)."""
    record = _get(app, round_seal_id(event, round_), RoundSeal)
    return None if record is None else record.seal
