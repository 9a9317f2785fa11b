"""One table from errors to HTTP: every refusal has the same body, ``{code, message, field, article}``.

- 400 malformed: a body, header, path or query that does not fit the schema (FastAPI's own 422
  for this is replaced, so 422 always means "the rules refuse it");
- 401 no or unknown token; 403 the token may not do this;
- 404 unknown game; 409 the version named is not the current one (the body says which is);
- 422 a rule of the game refuses the command (code, article, field, message);
- 423 the game is closed (FILE 43);
- 503 the event store cannot write now (``service.store_health``: ``store_disk_full``,
  ``store_read_only``, ``store_locked``, ``store_stalled``, ``store_unavailable``), with
  ``Retry-After``: not a bug, so logged once per change of cause by the store's health, never as a
  traceback per request.

Every refusal is said in the reader's language (``Accept-Language``: es, ca, en; English without it), with
``Content-Language`` and ``Vary: Accept-Language`` (``service.api.common.language``): the domain's and this layer's
messages from their catalogue keys (domain/messages), request-validation messages by pydantic's error type; a message
raised without a key is said as it is, in English.

Anything else a request manages to raise is logged and answered 500 with code ``internal``: a
test fuzzes the contract to show that no client input gets there.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from eventsourcing.persistence import PersistenceError

from domain.errors import DomainError, Message, msg
from domain.messages.catalogue import render
from domain.game.errors import GameClosed
from domain.tournament.rules import SETTING_ARTICLES, SettingRefused, setting_value
from service.api.commands.dispatch import COMMANDS
from service.api.common.language import current, headers as language_headers, said
from service.api.schemas.token import LABEL_HELP
from service.game.application import GameNotFound, VersionConflict
from service.store_health import StoreUnavailable, cause_of

#: The tags of the bodies that are unions (a command's ``type``, a tournament setting's ``setting``): in an error's
#: location they name the union's member, not a field.
COMMAND_TAGS = frozenset(COMMANDS) | frozenset(SETTING_ARTICLES)

log = logging.getLogger("planilla.api")
#: Pydantic's errors whose location is not the field at fault: a command whose ``type`` (the tag of the
#: union) is missing or unknown, and a body that is not JSON (located at a character offset).
KIND_FIELDS = {"union_tag_invalid": "type", "union_tag_not_found": "type", "json_invalid": "body"}
#: Labels pydantic gives union members in an error's location: not fields.
TYPE_LABELS = frozenset({"int", "str", "bool", "float", "list", "dict", "none"})
#: What a field is for, said with any problem in it (a token's label becomes the actor's name).
FIELD_HINTS = {"label": LABEL_HELP}


class ApiError(Exception):
    """Raised by the HTTP layer for a refusal that is not the game's: identity, permission, malformed input."""

    def __init__(self, status: int, code: str, message: str, *, field: str | None = None,
                 article: str | None = None, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.field, self.article, self.headers = field, article, headers

    def body(self) -> dict[str, Any]:
        """The JSON body of the refusal."""
        return {"code": self.code, "message": said(self.message), "field": self.field, "article": self.article}


def text_of(error: BaseException) -> str:
    """An error's message as raised: a ``Message`` keeps its key (``str(error)`` would say it in English only)."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


def unauthorized(message: str = msg("access.send_bearer_token")) -> ApiError:
    """401, with the challenge header RFC 6750 asks for."""
    return ApiError(401, "unauthorized", message, field="Authorization", headers={"WWW-Authenticate": "Bearer"})


def forbidden(message: str, field: str | None = None) -> ApiError:
    """403: the token is valid but may not do this."""
    return ApiError(403, "forbidden", message, field=field)


def malformed(message: str, field: str | None = None) -> ApiError:
    """400: the request does not fit its schema."""
    return ApiError(400, "malformed", message, field=field)


def _json(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> JSONResponse:
    """An error's answer, in the reader's language and saying so."""
    return JSONResponse(body, status_code=status, headers=language_headers(headers))


def _problem_message(error: dict[str, Any]) -> str:
    """A request-validation problem in the reader's language: pydantic's own words in English, the catalogue's for
    its error type in Spanish and Catalan (a value error's own message said in the language too)."""
    lang, kind, text = current(), error.get("type", ""), error.get("msg", "")
    context = dict(error.get("ctx") or {})
    cause = context.get("error")
    if isinstance(cause, BaseException) and cause.args and isinstance(cause.args[0], Message):
        context["error"] = cause.args[0]
        if lang == "en":
            return f"Value error, {cause.args[0]}"
    if lang == "en":
        return text
    context = {name: said(value) if isinstance(value, Message) else
               (value.replace(" or ", " o ") if isinstance(value, str) else value) for name, value in context.items()}
    return render(f"validation.{kind}", context, lang) or text


def _field(loc: tuple[Any, ...]) -> str | None:
    """The dotted field of a pydantic error: without the location kind, the command's tag or a union member's
    label (``body.place_tiles.word`` is ``word``; ``body.table.constrained-int`` is ``table``; a header by its name,
    ``Idempotency-Key``)."""
    if len(loc) == 2 and loc[0] == "header":
        return str(loc[1])
    parts = []
    for i, part in enumerate(loc):
        text = str(part)
        if i == 0 and text in ("body", "query", "path", "header"):
            continue
        if i == 1 and loc[0] == "body" and text in COMMAND_TAGS:
            continue
        if isinstance(part, int) or (text.isidentifier() and text not in TYPE_LABELS):
            parts.append(text)
    return ".".join(parts) or None


def _setting_refused(request: Request, exc: RequestValidationError) -> JSONResponse | None:
    """A tournament setting's body whose ``setting`` or ``value`` the schema refuses: the rules' refusal (422, the
    setting's article, the tournament's own words), not a malformed body; None for any other problem."""
    body = getattr(exc, "body", None)
    if (request.method != "POST" or not request.url.path.endswith("/settings") or not isinstance(body, dict)
            or "setting" not in body):
        return None
    try:
        setting_value(body["setting"], body.get("value"))
    except SettingRefused as refused:
        code = "setting" if refused.field == "setting" else "setting_value"
        return _json(422, {"code": code, "message": said(refused.args[0]), "field": refused.field,
                           "article": refused.article})
    return None


async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    """Malformed input: 400, naming the first field at fault, with every problem listed (a tournament setting's
    value its setting does not take: 422, as the rules refuse it)."""
    ruled = _setting_refused(request, exc)
    if ruled is not None:
        return ruled
    methods, method = _contract_methods(request), "GET" if request.method == "HEAD" else request.method
    if methods and method not in methods:  # a templated route took a path the contract writes out
        return await http_error(request, StarletteHTTPException(405, "Method Not Allowed"))
    problems: list[dict[str, Any]] = []
    for e in exc.errors():
        kind = e.get("type", "")
        field = KIND_FIELDS.get(kind) or _field(tuple(e.get("loc", ())))
        message = _problem_message(e)
        if field in FIELD_HINTS:
            message = f"{message}. {FIELD_HINTS[field]}"
        problem = {"field": field, "message": message, "type": kind}
        if problem not in problems:  # a path parameter shared by a dependency is reported twice
            problems.append(problem)
    first = problems[0] if problems else {"field": None, "message": said(msg("validation.malformed_request"))}
    body = {"code": "malformed", "message": f"{first['field'] or said(msg('api.request'))}: {first['message']}",
            "field": first["field"], "article": None, "problems": problems}
    return _json(400, body)


async def api_error(_: Request, exc: ApiError) -> JSONResponse:
    return _json(exc.status, exc.body(), exc.headers)


def domain_body(exc: DomainError) -> dict[str, Any]:
    """A rule's refusal as every answer says it: its code, message, field and article (and position)."""
    body = {"code": exc.code, "message": said(exc.message), "field": exc.field, "article": exc.article}
    if exc.position is not None:
        body["position"] = exc.position
    if getattr(exc, "problems", None):  # a player list: every bad line (FormatError.of_lines)
        body["problems"] = [{**p, "message": said(p.get("message"))}  # each line in the reader's language
                            for p in exc.problems]  # type: ignore[attr-defined]
    return body


def not_found_body(exc: GameNotFound) -> dict[str, Any]:
    """An unknown game as every answer says it."""
    return {"code": "game_not_found", "message": said(exc.args[0] if exc.args else str(exc)), "field": "game_id",
            "article": None}


async def domain_error(_: Request, exc: DomainError) -> JSONResponse:
    """A rule refuses the command: 422 (423 when the game is closed)."""
    return _json(423 if isinstance(exc, GameClosed) else 422, domain_body(exc))


async def not_found(_: Request, exc: GameNotFound) -> JSONResponse:
    return _json(404, not_found_body(exc))


async def conflict(_: Request, exc: VersionConflict) -> JSONResponse:
    body = {"code": "version_conflict", "message": said(exc.args[0] if exc.args else str(exc)), "field": "expected_version", "article": None,
            "current_version": exc.current_version}
    return _json(409, body)


def contract_paths(app: Any) -> dict[str, set[str]]:
    """Each path of the contract with its methods, read off the routes the contract is made from (those in the
    schema), in the contract's order: the same table as ``app.openapi()["paths"]`` without building the whole
    document, which costs a second and more on the first refusal of a new app
    (tests/api/test_contract_methods.py holds the two equal)."""
    from fastapi import routing

    iterate = getattr(routing, "iter_route_contexts", None)  # FastAPI 0.16x: included routers are kept nested
    if iterate is None:  # an older FastAPI: routes are flat, but read the contract itself rather than guess
        return {path: {m.upper() for m in item} for path, item in app.openapi().get("paths", {}).items()}
    paths: dict[str, set[str]] = {}
    for context in iterate(app.routes):
        if isinstance(context.original_route, routing.APIRoute) and context.include_in_schema:
            paths.setdefault(context.path_format, set()).update(m.upper() for m in context.methods or ())
    return paths


def _contract_methods(request: Request) -> set[str]:
    """The methods the contract gives this path (Starlette names only the first matching route's). A path written
    out in the contract is matched before a templated one, as Open API matches them: ``/v1/games/import`` is not
    ``/v1/games/{game_id}``."""
    table = getattr(request.app.state, "allowed_methods", None)
    if table is None:
        table = request.app.state.allowed_methods = [
            (re.compile("^" + re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(path)) + "$"), "{" not in path, methods)
            for path, methods in contract_paths(request.app).items()]
    path = request.url.path
    literal = [found for pattern, concrete, found in table if concrete and pattern.match(path)]
    matched = literal or [found for pattern, _, found in table if pattern.match(path)]
    return set().union(*matched)


def allowed_methods(request: Request) -> str:
    """Every method the contract gives this path, for ``Allow``, and ``OPTIONS``."""
    return ", ".join(sorted(_contract_methods(request) | {"OPTIONS"}))


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """Starlette's own refusals (unknown path, wrong method) in the same body shape; ``OPTIONS`` on a known
    path is answered 204 with every method its routes take (``Allow``)."""
    if exc.status_code == 405:
        allow = allowed_methods(request)
        if allow == "OPTIONS":  # no resource of the contract lives here (a page's /{name} matched): unknown
            exc = StarletteHTTPException(404, "Not Found")
        elif request.method == "OPTIONS":
            return Response(status_code=204, headers={"Allow": allow})
        else:
            exc.headers = {**(getattr(exc, "headers", None) or {}), "Allow": allow}
    codes = {404: "not_found", 405: "method_not_allowed", 413: "payload_too_large"}
    message, field = exc.detail if isinstance(exc.detail, str) else str(exc.detail), None
    if exc.status_code == 413:
        message, field = msg("api.body_too_large", detail=exc.detail), "body"
    elif exc.status_code == 400 and "parsing the body" in message:  # not JSON the parser could read at all
        message, field = msg("api.body_not_json"), "body"
    elif exc.status_code in (404, 405) and message in ("Not Found", "Method Not Allowed"):
        message = msg("api.not_found" if exc.status_code == 404 else "api.method_not_allowed")
    body = {"code": codes.get(exc.status_code, "malformed" if field == "body" else "http_error"),
            "message": said(message), "field": field, "article": None}
    return _json(exc.status_code, body, getattr(exc, "headers", None))


async def store_unavailable(_: Request, exc: StoreUnavailable) -> JSONResponse:
    """The store cannot write now: 503, the cause named, and when to try again."""
    body = {"code": exc.code, "message": said(exc.message), "field": None, "article": None}
    return _json(503, body, {"Retry-After": str(exc.retry_after)})


async def store_error(request: Request, exc: PersistenceError) -> JSONResponse:
    """A store error outside the group commit (a token issued, a GCG import): 503 when it is a store
    condition (remembered in the store's health when it was a write), else a bug (500, logged)."""
    cause = cause_of(exc)
    if cause is None:
        return await unexpected(request, exc)
    if request.method not in ("GET", "HEAD"):
        request.app.state.games.committer.health.failed(cause, exc)
    return await store_unavailable(request, StoreUnavailable(cause, str(exc)))


async def unexpected(request: Request, exc: Exception) -> JSONResponse:
    """A bug, not a client's mistake: logged with its traceback, answered 500 in the common shape."""
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return _json(500, {"code": "internal", "message": said(msg("api.internal")), "field": None, "article": None})


def install(app: FastAPI) -> None:
    """Register the table on the app."""
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(DomainError, domain_error)
    app.add_exception_handler(GameNotFound, not_found)
    app.add_exception_handler(VersionConflict, conflict)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(StoreUnavailable, store_unavailable)
    app.add_exception_handler(PersistenceError, store_error)
    app.add_exception_handler(Exception, unexpected)
