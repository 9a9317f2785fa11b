"""A player's receipt of a closed game, and an export checked against it.

At ``GameClosed`` each tablet gets a receipt (``planilla-receipt/1``): the game, the closing event's version,
its hash (the closing head) and the service's Ed25519 signature over it (``domain.seal.records.head_message``,
the same signature the export carries), with the service key's fingerprint. Its QR code holds the receipt's
canonical JSON; its short code is the first 20 base32 characters of the head hash (100 bits), written in
four groups of five (``ABCDE-FGHIJ-KLMNO-PQRST``) to be copied by hand.

``check_receipt(records, receipt)`` answers whether an intact history is the one the receipt was given for:
event ``version`` must have the receipt's hash (a code: some closing of the history must have that code). A
different hash is a rewrite; a history that goes on past the receipt's event was reopened after it, named
with the reopening event and who reopened it (and who consented), not a rewrite. A receipt of another game,
or one whose service signature does not hold, cannot answer (the caller's exit 3).
"""

from __future__ import annotations

import base64
import json
from typing import Any, NamedTuple

from domain.game.verdict import shown

FORMAT = "planilla-receipt/1"
CODE_LENGTH = 20
RECEIPT_KEYS = frozenset({"format", "game", "version", "head_hash", "code", "fingerprint", "signature", "at"})
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
#: What a hand copy mistakes for a base32 character: digits that look like letters.
_LOOKALIKES = str.maketrans({"0": "O", "1": "I", "8": "B"})


def short_code(head_hash: str) -> str:
    """The first 20 base32 characters (RFC 4648 alphabet, 100 bits) of the head hash (64 hex digits)."""
    return base64.b32encode(bytes.fromhex(head_hash)).decode("ascii")[:CODE_LENGTH]


def grouped(code: str) -> str:
    """The code as printed: four groups of five, joined by hyphens."""
    return "-".join(code[i:i + 5] for i in range(0, len(code), 5))


def read_code(text: str) -> str | None:
    """A code as a player types it back (any case, spaces or hyphens, 0/1/8 for O/I/B), or None if it is not one."""
    code = "".join(text.split()).replace("-", "").upper().translate(_LOOKALIKES)
    return code if len(code) == CODE_LENGTH and all(c in _ALPHABET for c in code) else None


def receipt_document(game: str, version: int, head_hash: str, fingerprint: str, signature: str, at: str) -> dict:
    """The receipt a tablet keeps (and its QR code holds, as canonical JSON)."""
    return {"format": FORMAT, "game": game, "version": version, "head_hash": head_hash,
            "code": short_code(head_hash), "fingerprint": fingerprint, "signature": signature, "at": at}


def read_receipt(text: str) -> dict[str, Any] | str:
    """A receipt given on the command line: a ``planilla-receipt/1`` JSON document or a short code; or why not."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            found = json.loads(stripped)
        except ValueError as error:
            return f"the receipt is not JSON ({error})"
        if not isinstance(found, dict) or found.get("format") != FORMAT or not RECEIPT_KEYS <= set(found):
            return f"the receipt is not a {FORMAT} document (format, game, version, head_hash, signature…)"
        if not isinstance(found["version"], int) or isinstance(found["version"], bool) \
                or not isinstance(found["head_hash"], str):
            return "the receipt's version is not a number or its head hash not text"
        return found
    code = read_code(stripped)
    if code is None:
        return (f"the receipt is neither a {FORMAT} file nor a short code ({CODE_LENGTH} characters A-Z and 2-7, "
                "as printed on the tablet and the results sheet)")
    return {"code": code}


class ReceiptCheck(NamedTuple):
    """What a receipt says of a history: ``state`` ``held`` (the receipt's event has its hash), ``reopened`` (held,
    and the history goes on past it), ``rewritten`` (the event's hash differs or is missing) or ``unanswerable``
    (another game's receipt, or its signature does not hold); ``version`` the receipt's event; ``text``
    the report's words; ``reopened`` the reopening (event, by, consents) when there is one."""

    state: str
    version: int | None
    text: str
    reopened: dict[str, Any] | None = None


def _code(hash_: Any) -> str | None:
    try:
        return short_code(hash_) if isinstance(hash_, str) and len(hash_) == 64 else None
    except ValueError:
        return None


def check_receipt(records: list[Any], receipt: dict[str, Any], signature_holds: bool | None) -> ReceiptCheck:
    """An intact history (``ChainRecord``s) against a receipt (``read_receipt``'s answer); ``signature_holds``
    whether the receipt's service signature verified (None: not checked, or a code that carries none)."""
    game = records[0].game
    if "game" in receipt:
        if receipt["game"] != game:
            return ReceiptCheck("unanswerable", None, f"the receipt is of game {shown(receipt['game'])}, this export "
                                                      f"of game {shown(game)}")
        if signature_holds is False:
            return ReceiptCheck("unanswerable", None, "the receipt's service signature does not verify against the "
                                                      "service key: it is not this service's receipt")
        version = receipt["version"]
        if not 1 <= version <= len(records):
            return ReceiptCheck("rewritten", version, f"the receipt names event {version}, the history ends at event "
                                                      f"{len(records)}: the history was rewritten after the receipt")
        at = records[version - 1]
        if at.hash != receipt["head_hash"]:
            return ReceiptCheck("rewritten", version,
                                f"event {version} has hash {shown(str(at.hash)[:16])}…, the receipt "
                                f"{shown(str(receipt['head_hash'])[:16])}…: "
                                "the history was rewritten after the receipt was given")
    else:
        matches = [r for r in records if r.type == "GameClosed" and _code(r.hash) == receipt["code"]]
        if not matches:
            if not any(r.type == "GameClosed" for r in records):
                return ReceiptCheck("unanswerable", None, "the export holds no closing of the game: a receipt's code "
                                                          "names a closing head")
            return ReceiptCheck("rewritten", None, f"no closing of this history has the code {grouped(receipt['code'])}: "
                                                   "the history was rewritten after the receipt was given (or the "
                                                   "receipt is of another game)")
        version = matches[0].version
    code = grouped(_code(records[version - 1].hash) or "")
    if version == len(records):
        return ReceiptCheck("held", version, f"the receipt holds: event {version} is the closing head the player was "
                                             f"given (code {code})")
    later = records[version:]
    reopen = next((r for r in later if r.type == "GameReopened"), None)
    consents = [{"event": r.version, "by": r.actor} for r in later if r.type == "ReopenConsented"]
    if reopen is None:
        what = f"{len(later)} events follow it, the first event {later[0].version} ({shown(later[0].type)}) by " \
               f"{shown(later[0].actor)}"
        found = {"event": later[0].version, "by": later[0].actor, "consents": consents}
    else:
        what = f"event {reopen.version} by {shown(reopen.actor)}"
        found = {"event": reopen.version, "by": reopen.actor, "consents": consents}
    agreed = "" if not consents else "; consents: " + ", ".join(
        f"event {c['event']} {shown(c['by'])}" for c in consents)
    return ReceiptCheck("reopened", version, f"reopened after your receipt ({what}{agreed}): event {version} still "
                                             f"has the receipt's closing head (code {code}); not a rewrite", found)
