"""``/v1/officials/keys``: officials' keys enrolled by an enrolled official's countersignature, read, revoked.

The first official key of a hall is enrolled by whoever holds the data folder (``planilla official enrol``);
after that an enrolled official's device countersigns a new one here. A token alone never enrols a key: the
request needs an official's token *and* the countersignature (docs/reliability.md, "Official keys").
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from domain.errors import msg, word
from service.api.common.routing import operation_id
from service.api.common.deps import CurrentPrincipal, DeviceDep, DirectorDep, GamesDep
from service.api.common.errors import ApiError, forbidden
from service.api.common.responses import errors
from service.api.middleware.body_limit import MAX_BODY_BYTES
from service.api.commands.base import key_value
from service.api.schemas.official import OfficialKeyEnrol, OfficialKeyInfo, OfficialKeyRevoke

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/officials/keys", tags=["officials"])
FingerprintPath = Annotated[str, Path(pattern=r"^[0-9a-f]{64}$", description="The key's SHA-256 fingerprint, hex.")]
KEY_ROLES = ("director", "arbiter", "tribunal")


def _official(who: Any) -> None:
    if who.role not in KEY_ROLES:
        raise forbidden(msg("api.token_may_not_do_3", role=word("role", who.role)))


@router.post("", status_code=201, response_model=OfficialKeyInfo, responses=errors(400, 401, 403, 413, 422, 503),
             max_body_size=MAX_BODY_BYTES)
def enrol_official_key(body: OfficialKeyEnrol, games: GamesDep, who: CurrentPrincipal, device: DeviceDep) -> Any:
    """Enrol an official's new key (made on their device, non-extractable), countersigned by an enrolled official's
    key: 422 `official_key` naming the field when the countersigning key is unknown, revoked, of a role that may
    not vouch for this one, or its signature does not verify."""
    _official(who)
    key = games.enrol_countersigned(body.role, body.label, key_value(body.public_key), body.countersigned_by,
                                    body.countersignature, device=device)
    return key.describe()


@router.get("/{fingerprint}", response_model=OfficialKeyInfo, responses=errors(400, 401, 403, 404, 503))
def read_official_key(fingerprint: FingerprintPath, games: GamesDep, who: CurrentPrincipal) -> Any:
    """An official key's enrolment: for whom, by whose hand, whether revoked (officials' tokens)."""
    _official(who)
    key = games.official_key(fingerprint)
    if key is None:
        raise ApiError(404, "official_key_not_found", msg("api.no_official_key", fingerprint=fingerprint), field="fingerprint")
    return key.describe()


@router.post("/{fingerprint}/revoke", response_model=OfficialKeyInfo, responses=errors(400, 401, 403, 404, 413, 503),
             max_body_size=MAX_BODY_BYTES)
def revoke_official_key(fingerprint: FingerprintPath, body: OfficialKeyRevoke, games: GamesDep,
                        who: DirectorDep) -> Any:
    """Revoke an official key: it signs nothing after (directors)."""
    try:
        return games.revoke_official_key(fingerprint, body.reason, who.actor()).describe()
    except LookupError:
        raise ApiError(404, "official_key_not_found", msg("api.no_official_key", fingerprint=fingerprint), field="fingerprint") from None
