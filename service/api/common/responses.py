"""The error responses each route documents, with an example body for each status."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ErrorBody(BaseModel):
    """Every refusal: a code, a message, the field at fault and the rule's article where one applies."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "code": "not_your_turn", "message": "it is Ana's turn, not Berto's", "field": "seat", "article": None}]})
    code: str
    message: str
    field: str | None = None
    article: str | None = None
    position: int | None = Field(None, description="Where in the field's text the problem is, when it applies.")
    current_version: int | None = Field(None, description="409 only: the game's version now.")
    problems: list[dict[str, Any]] | None = Field(None, description=(
        "400: every schema problem found; 422 `format` on a player list: every bad line (`line`, `field`, "
        "`message`), none of them entered."))


EXAMPLES: dict[int, tuple[str, dict[str, Any]]] = {
    400: ("Malformed: the body, a header, the path or the query does not fit the schema (FastAPI's 422 for "
          "this is replaced, so that 422 always means a rule of the game).",
          {"code": "malformed", "message": "word: Field required", "field": "word", "article": None,
           "problems": [{"field": "word", "message": "Field required", "type": "missing"}]}),
    401: ("No token, or a token that is unknown or revoked.",
          {"code": "unauthorized", "message": "the token is unknown or revoked", "field": "Authorization",
           "article": None}),
    403: ("The token is valid but its role or binding does not allow this.",
          {"code": "forbidden", "message": "a player token acts only for its own seat (1), not 0", "field": "seat",
           "article": None}),
    404: ("No game has this id.",
          {"code": "game_not_found", "message": "no game 3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "field": "game_id",
           "article": None}),
    410: ("The seat code was issued but works no more: it was used, or it expired; ask for a new one.",
          {"code": "seat_code_gone", "message": "seat code K7PX-3MWD was already used at 2025-05-01T10:02:11.000Z",
           "field": "code", "article": None}),
    409: ("expected_version is not the game's current version; current_version says which is.",
          {"code": "version_conflict", "message": "game 3f2b… is at version 15, not 14", "field": "expected_version",
           "article": None, "current_version": 15}),
    413: ("The body is larger than the endpoint accepts (a command: 16 KiB; anything else: 1 MB); refused "
          "before it is read in full.",
          {"code": "payload_too_large", "message": "the request body is larger than this endpoint accepts "
           "(Request Entity Too Large)", "field": "body", "article": None}),
    422: ("A rule of the game (or of the profile) refuses it: code, article, field, message.",
          {"code": "not_your_turn", "message": "it is Ana's turn, not Berto's", "field": "seat", "article": None}),
    423: ("The game is closed: both players signed (FILE 43); only a director with their consent may reopen it.",
          {"code": "game_closed", "message": "the game is closed: every player signed the sheet", "field": None,
           "article": "FILE 43"}),
    503: ("The event store cannot answer or cannot write now: `store_disk_full`, `store_read_only`, "
          "`store_locked`, `store_stalled` (a write or a read did not finish in time) or `store_unavailable`; "
          "nothing was recorded unless the message says it may have been. Retry after `Retry-After` seconds "
          "(a tablet's outbox keeps the command and its Idempotency-Key).",
          {"code": "store_disk_full", "message": "the event store cannot write: the disk is full; nothing was "
           "recorded: send it again later", "field": None, "article": None}),
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "integer"}}}
#: Every refusal is said in the reader's language (``Accept-Language``: es, ca or en; English without it): the two
#: headers that say so, declared once in the contract's ``components.headers`` (``service.api.app.contract``).
LANGUAGE_HEADERS = {
    "Content-Language": {"description": "The language the message is written in: es, ca or en (the request's "
                                        "Accept-Language; en when it names none of these).",
                         "schema": {"type": "string", "enum": ["es", "ca", "en"]}},
    "Vary": {"description": "Accept-Language: the message depends on it.", "schema": {"type": "string"}},
}
LANGUAGE = {name: {"$ref": f"#/components/headers/{name}"} for name in LANGUAGE_HEADERS}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that can refuse with these statuses."""
    found: dict[int | str, dict[str, Any]] = {
        code: {"model": ErrorBody, "description": EXAMPLES[code][0], "headers": dict(LANGUAGE),
               "content": {"application/json": {"example": EXAMPLES[code][1]}}} for code in codes}
    if 503 in found:
        found[503]["headers"] = {**RETRY_AFTER, **LANGUAGE}
    return found


def sse(description: str, events: dict[str, dict[str, Any]], example: str, *,
        resumable: bool = True) -> dict[int | str, dict[str, Any]]:
    """The 200 of a Server-Sent Events route, written so that a client generator reads it as an event stream.

    Open API 3.1 has a ``text/event-stream`` response's ``schema`` describe one event (as 3.2's ``itemSchema`` does,
    and as schemathesis reads it): the fields of the WHATWG HTML standard's event (section 9.2), ``event`` its name,
    ``data`` JSON whose ``contentSchema`` is the model, ``id`` (a number: what ``Last-Event-ID`` resumes after) where
    the stream is ``resumable``, ``retry`` the reconnection delay in milliseconds. ``events`` maps each event's name
    (or a pattern of names, starting with ``^``) to the schema of its data; comment lines (``:``) keep the connection
    alive and are no event.
    """
    variants = []
    for name, data in events.items():
        properties: dict[str, Any] = {
            "event": {"type": "string", "pattern": name} if name.startswith("^") else {"type": "string", "const": name},
            "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": data},
            "retry": {"type": "integer", "minimum": 0, "description": "Milliseconds to wait before reconnecting."},
        }
        if resumable:
            properties["id"] = {"type": "string", "pattern": "^[0-9]+$",
                                "description": "Send it back as `Last-Event-ID` to resume after this event."}
        variants.append({"type": "object", "required": ["event", "data"], "properties": properties,
                         "additionalProperties": False})
    schema: dict[str, Any] = variants[0] if len(variants) == 1 else {"anyOf": variants}
    return {200: {"description": description, "content": {"text/event-stream": {
        "schema": {**schema, "description": "One Server-Sent Event (WHATWG HTML, section 9.2)"
                   + ("" if resumable else "; no `id`: a reconnection starts again from the whole answer") + "."},
        "example": example}}}}


def ref(model: str) -> dict[str, str]:
    """A reference to one of the contract's schemas."""
    return {"$ref": f"#/components/schemas/{model}"}
