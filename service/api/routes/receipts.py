"""``GET /v1/games/{id}/receipt``: a player's receipt of the closed game (issue 26).

The receipt (``domain.game.receipt``, ``planilla-receipt/1``) holds the game, the closing event's version, its
hash (the closing head) and the service's signature over it; its QR code holds the receipt's canonical JSON,
its short code is the first 20 base32 characters of the head hash. Both tablets fetch it when they see the
game closed and keep it until the player confirms they have it (``pages/static/js/receipt.js``); anyone
can later hold an export to it with ``planilla audit verify --receipt`` or /verify.
"""

from __future__ import annotations

import io
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from domain.errors import msg
from domain.game.chain import canonical
from domain.game.receipt import grouped
from service.api.common.routing import operation_id
from service.api.common.deps import GameIdPath, GamesDep, ReaderDep
from service.api.common.errors import ApiError
from service.api.common.responses import errors
from service.api.schemas.base import GAME_ID, HASH
from service.trust.attest import receipt_of

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["history"])


class Receipt(BaseModel):
    """A player's receipt of a closed game: what the tablet keeps and shows as a QR code and a short code."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "format": "planilla-receipt/1", "game": GAME_ID, "version": 31, "head_hash": HASH,
        "code": "TQ3KWLRB2VXMH7QJ4PZA", "code_grouped": "TQ3KW-LRB2V-XMH7Q-J4PZA", "fingerprint": "b04cca4b" + "0" * 56,
        "signature": "nq…==", "at": "2025-05-01T12:00:00.000Z", "qr_svg": "<svg …>…</svg>"}]})
    format: str = Field(description="`planilla-receipt/1`.")
    game: str
    version: int = Field(description="The closing event's version.")
    head_hash: str = Field(description="The closing event's hash: the head the service signed.")
    code: str = Field(description="The short code: the first 20 base32 characters of the head hash (100 bits).")
    code_grouped: str = Field(description="The short code as printed: four groups of five.")
    fingerprint: str = Field(description="The service key's fingerprint (SHA-256 of its 32 bytes, hex).")
    signature: str = Field(description="The service's Ed25519 signature of `planilla-head/1|game|version|head_hash`.")
    at: str = Field(description="When the game closed.")
    qr_svg: str = Field(description="The receipt's QR code (SVG): it holds the receipt's canonical JSON, without "
                                    "`code_grouped` and `qr_svg`.")


@router.get("/{game_id}/receipt", response_model=Receipt, responses=errors(400, 401, 403, 404, 409, 503))
def read_receipt(game_id: GameIdPath, games: GamesDep, who: ReaderDep) -> Any:
    """The players' receipt of the game's last closing (409 while the game is not closed)."""
    import segno  # only when a receipt is asked for

    found = receipt_of(games, game_id)
    if found is None:
        raise ApiError(409, "not_closed", msg("api.game_not_closed_its"), field="game_id",
                       article="FILE 43")
    out = io.BytesIO()
    segno.make_qr(canonical(found), error="m").save(out, kind="svg", scale=4, border=4, xmldecl=False, svgns=True,
                                                      title=f"planilla-receipt/1 {grouped(found['code'])}")
    return {**found, "code_grouped": grouped(found["code"]), "qr_svg": out.getvalue().decode("utf-8")}
