"""Bodies of the seat-binding routes and the device parts of the game state (docs/tablet-conformity.md)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from service.api.commands.base import PublicKey, Whole

GAME_ID = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"
TOKEN_ID = "4a3a1687-a1d2-5835-9e3a-706900b41715"
Device = Annotated[str, Field(min_length=1, max_length=200, description=(
    "The tablet's stable id (the pages keep a UUID in the browser and send it as `X-Device` too)."))]


class SeatCodeRequest(BaseModel):
    """How long the code stays valid (optional)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"minutes": 30}]})
    minutes: Whole = Field(30, ge=1, le=720, description="Minutes until the code expires (default 30, at most 12 h).")


class SeatCodeIssued(BaseModel):
    """A single-use code for one seat: type it, or scan the QR of `bind_url`."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "code": "K7PX-3MWD", "bind_url": "https://192.168.1.10:8443/tablet#bind=K7PX-3MWD",
        "qr_url": "https://192.168.1.10:8443/v1/seat-codes/K7PX-3MWD/qr.svg", "expires_at": "2025-05-01T10:30:00.000Z",
        "game_id": GAME_ID, "seat": 0, "player": "Ana García"}]})
    code: str = Field(description="8 characters from an alphabet without look-alikes, shown as ABCD-EFGH.")
    bind_url: str = Field(description="The tablet page that binds with this code (the code after `#`, never sent "
                                      "to a server in a request line).")
    qr_url: str = Field(description="The QR code of `bind_url` as SVG (no token needed: the code is the secret).")
    expires_at: str
    game_id: str
    seat: int
    player: str


class BindRequest(BaseModel):
    """A tablet binds itself to a seat with a code."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{
        "code": "K7PX-3MWD", "device": "0c6f3a52-5a8e-4c1e-9d7b-2f1e0a9b8c7d"}]})
    code: str = Field(min_length=1, max_length=20, description="The seat code, with or without the dash, any case.")
    device: Device
    public_key: PublicKey | None = Field(None, description=(
        "The tablet's ECDSA P-256 public key, registered for the seat with the binding (`KeyRegistered`): SPKI "
        "base64 or a JWK. From then on the seat's sheet signature must carry this key's signature."))
    resume: str | None = Field(None, min_length=22, max_length=86, pattern=r"^[A-Za-z0-9_-]+$", description=(
        "A secret of the tablet's own, at least 128 bits in base64url (the pages send 16 random bytes), kept until "
        "the answer comes. If the answer is lost on the way (the hall's Wi-Fi dropped it), the same request again "
        "(the same `code`, `device`, `public_key` and `resume`) gets the same answer, the same token, instead of "
        "410 for a spent code, while the code would still be valid, its token not revoked and the game open. The "
        "service keeps the answer sealed with a key made from this secret, never the secret itself."))


class BindResult(BaseModel):
    """The player token for the seat (shown only here: the page keeps it, never in the URL)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "token": "pl_…", "token_id": TOKEN_ID, "game_id": GAME_ID, "seat": 0, "player": "Ana García",
        "language": "es", "version": 7, "second_device": False}]})
    token: str
    token_id: str
    game_id: str
    seat: int
    player: str
    language: str = Field(description="The game's profile language (es, ca): the page's default.")
    version: int = Field(description="The game's version after `DeviceBound`.")
    second_device: bool = Field(description="Another device already held this seat: both are warned.")
    key_fingerprint: str | None = Field(None, description="SHA-256 (hex) of the SPKI of the key registered.")
    replaces_key: str | None = Field(None, description="The fingerprint of the seat's key this binding would "
                                                       "supersede (a re-binding), once confirmed.")
    key_pending: bool = Field(False, description=(
        "A re-binding during the game: the new key signs nothing until the opponent's tablet countersigns it "
        "(`confirm_key_replacement`) or an official with an enrolled key confirms it with a reason."))


class DeviceState(BaseModel):
    """A tablet bound to a seat."""

    seat: int
    device: str | None
    bound_at: str
    token_id: str
    issued_by: str
    current: bool = Field(description="The seat's latest binding.")
    revoked: bool = Field(description="Its token was revoked (by a director, or when the seat was released).")


class KeyState(BaseModel):
    """A tablet's public key registered for a seat (``KeyRegistered``)."""

    seat: int
    device: str | None
    fingerprint: str = Field(description="SHA-256 (hex) of the key's SPKI bytes.")
    public_key: str = Field(description="The key's SPKI (DER), base64.")
    registered_at: str
    replaces: str | None = Field(description="The fingerprint of the seat's key this one superseded, if any.")
    current: bool = Field(description="The seat's newest key: the only one that may sign for it.")
    revoked: bool = Field(description="Its device's token was revoked: it signs nothing more.")
    countersigned_by: str | None = Field(None, description=(
        "Who vouched for a replacement key: `seat:<n>:<fingerprint>` (the opponent's tablet) or "
        "`official:<actor>:<fingerprint>` (an enrolled official's key); null for a seat's first key."))
    reason: str | None = Field(None, description="Why the key was replaced, as recorded with its confirmation.")


class KeyProposal(BaseModel):
    """A seat's new key waiting to be confirmed (``KeyReplacementProposed``): it signs nothing yet."""

    seat: int
    device: str | None
    fingerprint: str = Field(description="SHA-256 (hex) of the new key's SPKI: what the confirmation signs.")
    replaces: str = Field(description="The fingerprint of the seat's key it would replace.")
    proposed_at: str
    by: str = Field(description="Who bound the new tablet (the actor of the binding).")


class SeatWarning(BaseModel):
    """Something both tablets and the officials must see about a seat."""

    code: str = Field(description="`second_device`: more than one bound device holds the seat's live tokens.")
    seat: int
    devices: list[str]
    token_ids: list[str] = Field(description="Their tokens' ids: a director revokes the one not in use.")
    message: str


class ArbiterCall(BaseModel):
    """The open call for the arbiter."""

    seat: int
    reason: str | None
    at: str
    by: str
    clock_stopped: bool = Field(description="This call stopped both clocks (FILE 33.5); its answer restarts them.")
    article: str


class RoundSeatCodesRequest(BaseModel):
    """Which round's seats to issue codes for (every game of that event and round not closed)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"event": "Open de Madrid", "round": 3, "minutes": 120}]})
    event: str = Field(min_length=1, max_length=200, description="The event, exactly as its games name it.")
    round: Whole = Field(ge=1, le=1000)
    minutes: Whole = Field(180, ge=1, le=720, description="Minutes until the codes expire (default 3 h: a printed "
                                                        "sheet is handed out before the round; at most 12 h).")


class RoundCard(SeatCodeIssued):
    """One card of the printed sheet: a table's seat, its player, its code and QR."""

    table: str | None
    round: str | None


class RoundLeftOut(BaseModel):
    """A game of the round that got no codes, and why (with the article)."""

    game_id: str
    table: str | None
    reason: str
    article: str | None = None


class RoundSeatCodes(BaseModel):
    """Every seat of the round's open games with a new code, by table then seat; the closed games left out."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "event": "Open de Madrid", "round": 3, "issued_by": "director:Marta", "issued_at": "2025-05-01T09:30:00.000Z",
        "expires_at": "2025-05-01T12:30:00.000Z", "count": 1, "cards": [{
            "code": "K7PX-3MWD", "bind_url": "https://192.168.1.10:8443/tablet#bind=K7PX-3MWD",
            "qr_url": "https://192.168.1.10:8443/v1/seat-codes/K7PX-3MWD/qr.svg",
            "expires_at": "2025-05-01T12:30:00.000Z", "game_id": GAME_ID, "seat": 0, "player": "Ana García",
            "table": "12", "round": "3"}],
        "left_out": [{"game_id": GAME_ID, "table": "4", "reason": "closed: every player signed the sheet",
                      "article": "FILE 43"}]}]})
    event: str
    round: int
    issued_by: str
    issued_at: str
    expires_at: str
    count: int
    cards: list[RoundCard]
    left_out: list[RoundLeftOut]


class TabletReplace(BaseModel):
    """Why the seat's tablet is replaced (recorded with `SeatReleased`), and how long the new code lasts."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"reason": "the tablet's screen broke", "minutes": 15}]})
    reason: str = Field(min_length=1, max_length=300, description="Recorded on the game with the release.")
    minutes: Whole = Field(30, ge=1, le=720, description="Minutes until the new code expires (default 30).")


class TabletReplaced(SeatCodeIssued):
    """The new code for the seat, and the tokens of the devices let go (refused from now on)."""

    revoked_token_ids: list[str] = Field(description="The seat's device tokens revoked (`SeatReleased`); empty when "
                                                     "no device was bound.")
    version: int = Field(description="The game's version after the release.")
