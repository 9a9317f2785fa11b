"""Bodies of ``/v1/officials/keys``: officials' keys, enrolled by countersignature, read and revoked."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from service.api.commands.base import Fingerprint, P256Signature, PublicKey

FP = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"


class OfficialKeyEnrol(BaseModel):
    """A new official key, vouched for by an enrolled official's key (its device signs the new key's fingerprint)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{
        "role": "arbiter", "label": "luis", "public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…",
        "countersigned_by": FP, "countersignature": "…"}]})
    role: Literal["director", "arbiter", "tribunal"]
    label: str = Field(min_length=1, max_length=100, description=(
        "The official's name, as their token's label: the key signs for the actor `role:label`."))
    public_key: PublicKey
    countersigned_by: Fingerprint = Field(description=(
        "The fingerprint of the enrolled official key that vouches for this one: a director's for a director's or "
        "an arbiter's, an arbiter's for an arbiter's, the tribunal's for the tribunal's."))
    countersignature: P256Signature = Field(description=(
        "That key's signature over `planilla-enrol/1|<new key's fingerprint>|<role>|<label>` (UTF-8)."))


class OfficialKeyRevoke(BaseModel):
    """Why an official key is revoked."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"reason": "laptop lost"}]})
    reason: str = Field(min_length=1, max_length=500)


class OfficialKeyInfo(BaseModel):
    """An official's enrolled key."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "fingerprint": FP, "role": "arbiter", "label": "luis", "actor": "arbiter:luis",
        "public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…", "algorithm": "ECDSA-P256-SHA256", "device": "console-2",
        "enrolled_by": "director:ana", "countersigned_by": FP, "enrolled_at": "2026-05-01T09:00:00.000Z",
        "revoked": None}]})
    fingerprint: str = Field(description="SHA-256 (hex) of the key's SPKI bytes.")
    role: str
    label: str
    actor: str = Field(description="The actor whose entries it signs (`director:ana`).")
    public_key: str = Field(description="SPKI (DER), base64.")
    algorithm: str
    device: str | None
    enrolled_by: str = Field(description="`data-folder` (`planilla official enrol`) or the countersigning official.")
    countersigned_by: str | None = Field(description="The countersigning key's fingerprint, if any.")
    enrolled_at: str
    revoked: dict[str, str] | None = Field(description="`reason`, `by`, `at` once revoked.")
