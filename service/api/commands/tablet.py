"""The tablets' commands (docs/game.md, docs/tablet-conformity.md): calling the arbiter and its answer,
the device's reports, and an official's release of a seat's tablet from game mode.

``call_arbiter`` and ``report_device`` come from a player's tablet for its own seat (an official may
send them for any seat); ``answer_call`` and ``release_seat`` are for arbiters and directors only:
leaving game mode before the sheet is signed needs an official's token.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from service.api.commands.base import (Fingerprint, OfficialSigned, P256Signature, PublicKey, Row, Seat, Text, Version,
                                       Whole, cfg, key_value, v)

Note = Annotated[str, Field(min_length=1, max_length=500)]


class CallArbiter(BaseModel):
    """A player calls the arbiter; both clocks stop as for consulting the director (FILE 33.5, FISC I.11)."""

    model_config = cfg({"type": "call_arbiter", "expected_version": 18, "seat": 1, "reason": "score discrepancy"})
    type: Literal["call_arbiter"]
    expected_version: Version
    seat: Seat = None
    reason: Note | None = Field(None, description="Why, in the player's words (optional).")


class AnswerCall(BaseModel):
    """An official answers the open call; the clocks the call stopped run again unless `restart_clock` is false."""

    model_config = cfg({"type": "answer_call", "expected_version": 20, "note": "score corrected by agreement"})
    type: Literal["answer_call"]
    expected_version: Version
    note: Note | None = None
    restart_clock: bool = True


class ReportDevice(BaseModel):
    """What a tablet reports about itself: the conformity log. Recorded, nothing else changes; accepted at
    any `expected_version` up to the current one (a report depends on nothing)."""

    model_config = cfg({"type": "report_device", "expected_version": 9, "seat": 0, "kind": "focus_lost"})
    type: Literal["report_device"]
    expected_version: Version
    seat: Seat = None
    kind: Literal["focus_lost", "focus_back", "page_left", "reconnected"]
    detail: Annotated[str, Field(max_length=200)] | None = Field(None, description="e.g. how long it was away.")


class ReleaseSeat(BaseModel):
    """An official lets a seat's tablet leave game mode before the sheet is signed: its device tokens revoked."""

    model_config = cfg({"type": "release_seat", "expected_version": 25, "seat": 0, "reason": "tablet broken"})
    type: Literal["release_seat"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7)
    reason: Text


class RegisterKey(BaseModel):
    """The bound tablet registers its ECDSA P-256 public key for its seat (or a new one, replacing the old:
    the record says so); sent by the seat's own token from the bound device (`X-Device`). Usually the key
    comes with the binding instead (`POST /v1/bind` with `public_key`)."""

    model_config = cfg({"type": "register_key", "expected_version": 9, "seat": 0,
                        "public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…"})
    type: Literal["register_key"]
    expected_version: Version
    seat: Seat = None
    public_key: PublicKey


class ConfirmKeyReplacement(OfficialSigned):
    """A seat's new key (a tablet bound during the game to a seat that had a key) made the seat's: by the opponent's
    own tablet, whose key countersigns it (`countersignature`), or by an arbiter or director whose enrolled key
    signs it (`official_key`, `official_signature`) with a `reason`. Recorded as `KeyRegistered` naming the key
    replaced and who vouched for it; both tablets show it (docs/reliability.md, "Re-binding rules")."""

    model_config = cfg({"type": "confirm_key_replacement", "expected_version": 14, "seat": 0,
                        "fingerprint": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                        "reason": "tablet dropped"})
    type: Literal["confirm_key_replacement"]
    expected_version: Version
    seat: Whole = Field(ge=0, le=7, description="The seat whose key is replaced (not the confirming player's).")
    fingerprint: Fingerprint = Field(description="The new key's fingerprint, as the game's `key_proposals` shows it.")
    countersignature: P256Signature | None = Field(None, description=(
        "From the opponent's tablet: its own key's signature over `planilla-replace/1|<game id>|<seat>|<fingerprint>` "
        "(UTF-8)."))
    reason: Text | None = Field(None, description="Why (required from an official).")


MODELS = (CallArbiter, AnswerCall, ReportDevice, ReleaseSeat, RegisterKey, ConfirmKeyReplacement)

ROWS: dict[str, Row] = {
    "call_arbiter": Row("seat", lambda a, g, c, by, s: a.call_arbiter(g, s, by, **v(c), reason=c.reason)),
    "answer_call": Row("officials", lambda a, g, c, by, s: a.answer_call(g, by, **v(c), note=c.note,
                                                                        restart_clock=c.restart_clock)),
    "report_device": Row("seat", lambda a, g, c, by, s: a.report_device(g, s, c.kind, by, **v(c), detail=c.detail)),
    "release_seat": Row("officials", lambda a, g, c, by, s: a.release_seat(g, c.seat, c.reason, by, **v(c))),
    "register_key": Row("own", lambda a, g, c, by, s: a.register_key(g, s, key_value(c.public_key), by, **v(c))),
    "confirm_key_replacement": Row("either", lambda a, g, c, by, s: a.confirm_key_replacement(
        g, c.seat, c.fingerprint, by, **v(c), by_seat=s, countersignature=c.countersignature, reason=c.reason)),
}
