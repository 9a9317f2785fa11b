"""What every command model shares: field types, the example helper, and a row of the dispatch table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, NamedTuple
from uuid import UUID

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, Strict

from domain.errors import NotationError, msg
from domain.notation import normalise, read_tile, tile_pattern
from service.game.application import Actor, GamesApplication


def _tile(value: Any) -> Any:
    """One tile in any spelling of ``domain.notation.read_tile``, as the rack writes it (``[CH]`` -> ``CH``)."""
    if not isinstance(value, str):
        return value  # the str schema refuses it, naming the type
    try:
        return read_tile(value)
    except NotationError as err:
        raise ValueError(err.message) from None


def _number(value: Any) -> Any:
    """A JSON number, never ``true``/``false`` nor text: a seat, a version, minutes (issue 27: ``"round": false`` was
    read as round 0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(msg("api.whole_number_expected"))
    return value


#: A whole number in a body, as the contract's ``integer`` means it: a JSON number without a fraction (``5``, and
#: ``5.0``, which JSON Schema and JavaScript take for the same integer), never a boolean nor a string (``true``,
#: ``"5"``: refused, 400, naming the field); ``5.5`` refused. Strict against the model's lax defaults, and lax
#: against a command model's strict one.
Whole = Annotated[int, Strict(False), BeforeValidator(_number)]


def _nfc(value: Any) -> Any:
    """Text as one Unicode form (NFC: a decomposed Ñ is one character), L·L's pasted spellings as L·L."""
    return normalise(value) if isinstance(value, str) else value


Nfc = BeforeValidator(_nfc)
Tile = Annotated[str, BeforeValidator(_tile), Field(min_length=1, max_length=12, json_schema_extra={
    "pattern": tile_pattern()}, description=(
    "One tile, in the notation words use, brackets or not: A, Ñ, CH or [CH], LL or [LL], RR or [RR], L·L or "
    "[L·L] (also L.L or Ŀl), NY, QU (Q on a Catalan sheet), 1 2 3 for CH LL RR in old files; ? for a blank. "
    "Upper case only (a rack has no lower-case blank); answered as the rack writes it (CH, L·L)."))]
Tiles = Annotated[list[Tile], Field(max_length=7)]
Seat = Annotated[Whole | None, Field(ge=0, le=7, description="The acting seat; a player token's own seat by default.")]
Version = Annotated[Whole, Field(ge=1, le=1_000_000, description="The version the sender last saw (409 if stale).")]
Text = Annotated[str, Nfc, Field(min_length=1, max_length=500)]
KeySignature = Annotated[str, Field(min_length=86, max_length=88, pattern=r"^[A-Za-z0-9+/_-]{86}(==)?$", description=(
    "The tablet's ECDSA P-256 signature (WebCrypto `sign({name: 'ECDSA', hash: 'SHA-256'})`: 64 bytes, r||s, IEEE "
    "P1363) in base64 or base64url, over `planilla-key/1|<action>|<game id>|<seat>|<head hash>` (UTF-8), the head "
    "hash being the `hash` of event `expected_version`. Required when the seat has a registered key; refused "
    "(422 `key_signature`) when it does not verify against it (docs/reliability.md, \"Players' keys\")."))]


Fingerprint = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$", description="A key's SHA-256 fingerprint (of its SPKI bytes), 64 lowercase hex digits.")]
P256Signature = Annotated[str, Field(min_length=86, max_length=88, pattern=r"^[A-Za-z0-9+/_-]{86}(==)?$", description=(
    "An ECDSA P-256 signature as WebCrypto makes it (64 bytes, r||s), base64 or base64url."))]


class OfficialSigned(BaseModel):
    """A command an official may record on a player's behalf, signed with the official's enrolled key."""

    official_key: Fingerprint | None = Field(None, description=(
        "Arbiters and directors only: the fingerprint of the official's enrolled key (`POST /v1/officials/keys`, "
        "`planilla official enrol`) that signs this official entry; refused (422 `official_key`) when not enrolled, "
        "revoked, or enrolled for another official."))
    official_signature: P256Signature | None = Field(None, description=(
        "With `official_key`: its signature over `planilla-official/1|<action>|<game id>|<actor>|<head hash>` "
        "(UTF-8; action the command's `type`, actor the official's, head hash the game's current `head_hash`); "
        "recorded in the event (`official_key`, `official_signature`: docs/reliability.md, \"Official keys and "
        "official entries\"). For `confirm_key_replacement`, over `planilla-replace/1|<game id>|<seat>|<fingerprint>`."))


class PublicJwk(BaseModel):
    """A P-256 public key as WebCrypto's ``exportKey('jwk')`` gives it (``ext`` and ``key_ops`` are ignored)."""

    model_config = ConfigDict(extra="ignore", json_schema_extra={"examples": [{
        "kty": "EC", "crv": "P-256", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
        "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]})
    kty: Literal["EC"]
    crv: Literal["P-256"]
    x: str = Field(min_length=43, max_length=44)
    y: str = Field(min_length=43, max_length=44)


PublicKey = Annotated[str | PublicJwk, Field(description=(
    "The tablet's ECDSA P-256 public key: WebCrypto `exportKey('spki')` in base64 (or base64url), or "
    "`exportKey('jwk')` as a JSON object (kty EC, crv P-256, x, y). Recorded as SPKI, named by the SHA-256 of "
    "the SPKI bytes (hex)."))]


def key_value(value: Any) -> Any:
    """A ``PublicKey`` field as ``service.trust.keys.decode_public_key`` takes it."""
    return value.model_dump(include={"kty", "crv", "x", "y"}) if isinstance(value, PublicJwk) else value


def cfg(example: dict[str, Any]) -> ConfigDict:
    """A command model's config: unknown fields refused, one example, and strict types: a number a person
    gives (a seat, minutes late, points, a version) must be a JSON number (``Whole``) and a yes/no a JSON boolean, so
    ``true``, ``"5"`` or ``"05"`` is refused (400) rather than read as 1 or 5 (``5.0`` is the integer 5, as the
    contract's JSON Schema reads it)."""
    return ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [example]})


Call = Callable[[GamesApplication, UUID, Any, Actor, int | None], int]


class Row(NamedTuple):
    """Who may send a command, and how it reaches the application (the acting seat resolved already).

    ``seat_field`` names the field that says which seat acts (``seat``, or ``noticed_by``,
    ``sheet``, ``asked_by``): a player token may fill it only with its own seat. ``either``: a player
    acts for their own seat, an official as an official (no seat); ``own``: only the seat's own
    player token (a request that must come from the player's own tablet, FILE 43). ``official_fields``
    are fields only an arbiter or director may fill (a ruling inside a command a player may send).
    """

    who: Literal["seat", "players", "officials", "either", "own"]
    call: Call
    seat_field: str = "seat"
    official_fields: tuple[str, ...] = ()


def v(c: Any) -> dict[str, int]:
    """The ``expected_version`` keyword of a command."""
    return {"expected_version": c.expected_version}
