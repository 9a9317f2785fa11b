"""The FastAPI app: ``create_app(settings)`` wires the application, the routers and the error table."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from projections.projector import Projector
from projections.store import ReadStore
from service.access.application import ServiceApplication
from service.api import console
from service.api.common import errors
from service.api.common.routing import mount, operation_id
from service.api.common.responses import LANGUAGE_HEADERS
from service.api.middleware.answer_all import AnswerEveryFailure
from service.api.middleware.body_limit import MAX_BODY_BYTES, MAX_COMMAND_BYTES, BodyLimit
from service.api.config import NO_TELEMETRY, ServiceSettings
from service.api.fast_path import install as install_fast_path
from service.api.middleware.heard import Heard, HeardMiddleware
from service.api.middleware.language import ReaderLanguage
from service.api.projector_process import ProjectorProcess
from service.api.routes import (
    bundles, commands, duplicate_history, duplicate_print, duplicate_reads, duplicates, games, games_read, gcg, hall,
    health, history, lexicons, officials, pages, public, receipts, rounds, seals, seats, stream, tables, tokens, tournaments,
)
from service.api.routes import outbox as federation_outbox
from service.hub import Hub
from service.api.streams.fanout import Fanout
from service.api.streams.public import keep_raw_send
from service.api.streams.link import WriterLink
from service.hall.broadcast import Delays
from service.trust.keys import ServiceKey
from service.settings import read_model_url, settings_env
from service.duplicate.application import Duplicates
from service.tournament.feed import TournamentFeed
from service.tournament.application import Tournaments

API_VERSION = "1.0.0"
DESCRIPTION = """\
Recording tournament Scrabble games in Spanish and Catalan: every fact of a game is an immutable,
hash-linked event; five rulebooks (FILE 2024, FISE 2009, AJS 2012, FISC 2023, Molins) are profiles.

**Identity.** Every route but `/health`, `POST /v1/bind` and a seat code's QR (where the seat code is
the credential) needs `Authorization: Bearer <token>`. Roles: *player*
(bound to one game and seat: their own actions, and the opponent's acceptance, challenge and
off-centre choice, which the rules give to the opponent, sent with the opponent's own token),
*arbiter* and *director* (rulings, the starter, ending, reopening, and any seat's command on a
tablet's behalf, recorded as theirs, except what only the player may say: `confirm_ruling` and
`consent_reopen`; where the profile lets the players rule a challenge, FILE 41.1, a player records
the answer with `rule_challenge` and the other confirms it; only a director token bound to no game creates games and
issues tokens), *tribunal* (reads everything, including racks; writes nothing) and *spectator*
(the public view: no rack tiles, and tile-revealing event fields withheld). Tokens are random,
stored only as SHA-256 hashes, and revocable. Each event records the actor (`player:<seat>:<name>`,
`director:<label>`, `arbiter:<label>`) and the device (`X-Device`, else the User-Agent).

**Status codes.** 200/201 success; 400 malformed (a body, header, path or query that does not fit
the schema, naming the field: FastAPI's usual 422 for this is replaced, so that 422 keeps one
meaning); 413 a body over 16 KiB for a command or 1 MB elsewhere, refused before it is read in
full; 401 no/unknown/revoked token; 403 the role or binding does not allow it; 404 unknown game;
409 `expected_version` is stale (`current_version` in the body); 422 a rule refuses the command
(`code`, `article`, `field`, `message`); 423 the game is closed; 408 the request's headers (10 s)
or body (30 s) came too slowly; 503 the event store cannot write or answer now (`store_disk_full`,
`store_read_only`, `store_locked`, `store_stalled`, `store_unavailable`), with `Retry-After`: keep
the command (and its `Idempotency-Key`) and send it again. Every error body has the same shape
(`ErrorBody`); an unexpected error is 500 `internal` and the connection stays open.

**Languages.** An error's `message` is written in the language of the request's `Accept-Language`
(`es`, `ca` or `en`, the highest weighted of these; English when it names none), said in the
error's `Content-Language`, with `Vary: Accept-Language`; request-validation messages too. `code`,
`field` and `article` never change with the language.

**Commands.** One per request to `POST /v1/games/{id}/commands`, a JSON object tagged by `type`,
named after the use case (`place_tiles`, `accept`, `challenge`, ...), with `expected_version`; 200
with the new version and the events recorded (201 is kept for what creates a resource: a game, a
token). `Idempotency-Key` makes a retry safe: the key's record is saved in the same transaction as
the command's events, so a command is never recorded without its key or the key without it. The
same key with the same body (from the same token) returns the first response with
`Idempotent-Replayed: true`; with another body or token, 422 `idempotency_key_reused` (as the IETF
Idempotency-Key draft advises). Only a command that recorded something is remembered: a refused one
changed nothing and may be retried as is. Creating a game takes no key: its response holds the
player tokens, which are never stored.

**What each caller sees.** A player sees the known tiles on their own rack; the opponent and
spectators see counts; arbiters, directors and the tribunal see every rack. In the history (and
the stream, and a GCG export) the payload fields that name rack tiles are withheld from a caller
who may not see that rack and listed in `redacted`; the hash of such an event can then be
checked only by someone allowed to see it. The board is 15 strings, row A first, in the
notation of the tile sets: `.` empty, uppercase a tile, lowercase a blank, digraphs bracketed.

**Live.** `GET /v1/games/{id}/stream` is Server-Sent Events; `id` is the game's version, so
`Last-Event-ID` resumes exactly where a dropped connection stopped. Events saved by another
server process on the same store arrive within about half a second (the service follows the store).
A stream opened with a token ends within a second of the token's revocation (or its seat's release
or replacement), and nothing recorded after the revocation is sent on it.
"""
TAGS = [
    {"name": "games", "description": "Create games and read their state."},
    {"name": "commands", "description": "Everything that changes a game, one command per request."},
    {"name": "history", "description": "The recorded events and the verification of their hash chain."},
    {"name": "stream", "description": "Live events (Server-Sent Events)."},
    {"name": "gcg", "description": "GCG export and import."},
    {"name": "tokens", "description": "Access tokens (directors)."},
    {"name": "tournaments", "description": "Tournaments: players, rounds, pairings, results from signed games, "
                                           "standings with the federations' tie-breaks."},
    {"name": "duplicates", "description": "Duplicate games (FISC II, AJS 3.2-3.4): rounds, racks, slips, rulings, "
                                          "the master move, results, ranking."},
    {"name": "lexicons", "description": "The word lists loaded into the data folder: name, tile set, official or "
                                        "advisory, the list's SHA-256."},
    {"name": "seats", "description": "Binding a tablet to a seat: seat codes, their QR, the binding."},
    {"name": "seals", "description": "The service's key, and round seals: a signed Merkle root over every closed "
                                     "game's head in a round, with each game's inclusion proof."},
    {"name": "public", "description": "The live public board: every table as a spectator sees it, without a token, "
                                    "each fact shown after its event's broadcast delay; the delay, set by the director."},
    {"name": "health", "description": "Liveness of the service, its event store and its read models."},
    {"name": "federation", "description": "What the hall has waiting for its federation and what the federation "
                                          "refused (planilla serve --federation)."},
]


def create_app(settings: ServiceSettings | None = None, *, application: ServiceApplication | None = None,
               preforked: Any = None) -> FastAPI:
    """The app on the store ``settings`` names (or on ``application``, which the app then owns); ``preforked``: the
    projector child ``planilla serve`` forked before building it (``service.api.projector_fork``), started with it."""
    settings = settings or ServiceSettings()
    games_app = application or ServiceApplication(settings_env(settings.store),
                                                  service_key=ServiceKey.for_store(settings.store)[0])
    hub = Hub()
    games_app.listeners.append(hub.notify)
    games_app.store_listeners.append(hub.notify)  # what other processes save (the store watch) wakes streams too
    delays = Delays(games_app)
    fanout = Fanout(games_app, delays.seconds, tick=settings.public_tick_seconds,
                    keepalive=settings.stream_keepalive_seconds)
    games_app.game_listeners.append(fanout.saved)
    writer = WriterLink(fanout.buffer_limit, settings.public_writer_nice) if settings.public_writer == "process" else None
    if writer is not None:
        fanout.use_writer(writer)
    read_store = ReadStore(read_model_url(settings.store))
    read_store.migrate()  # Alembic, never create_all: an empty store gets the schema, a current one nothing
    projector = Projector(games_app, read_store)
    child = ProjectorProcess(settings.store, settings.projector_poll_seconds) if settings.projector == "process" else None
    if preforked is not None:
        if child is not None:
            child.adopt(preforked)
        else:
            preforked.abandon()
    if child is not None:
        games_app.batch_listeners.append(child.saved)  # each batch of saves here wakes the child's projector at once
        games_app.store_listeners.append(child.saved)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # One projector per store projects; any other waits on its lock (projections/).
        if child is not None:
            child.start()
        elif settings.projector == "thread":
            projector.start()
        games_app.start_token_watch()
        fanout.start()
        if writer is not None:
            writer.start()
        try:
            yield
        finally:
            await fanout.stop()
            if writer is not None:
                await writer.stop()
            games_app.stop_token_watch()
            if child is not None:
                child.stop()
            projector.stop()
            if not read_store.memory:  # an in-memory read store lives as long as its app, like its events
                read_store.dispose()
            games_app.close()

    app = FastAPI(title="Planilla", version=API_VERSION, description=DESCRIPTION, openapi_tags=TAGS,
                  lifespan=lifespan, generate_unique_id_function=operation_id, docs_url=None, redoc_url=None,
                  telemetry=NO_TELEMETRY)
    app.state.games, app.state.hub, app.state.settings = games_app, hub, settings
    app.state.tournaments = Tournaments(games_app)
    app.state.tournament_feed = TournamentFeed(app.state.tournaments, hub)
    app.state.duplicates = Duplicates(games_app, lexicon_data=lexicon_folder(settings))
    app.state.read_store, app.state.projector = read_store, projector
    app.state.delays, app.state.fanout = delays, fanout
    app.state.projector_running = (lambda: child.running) if child is not None else (lambda: projector.running)
    errors.install(app)
    app.add_middleware(BodyLimit, default=MAX_BODY_BYTES, commands=MAX_COMMAND_BYTES)
    app.state.heard = Heard()
    app.add_middleware(HeardMiddleware, heard=app.state.heard)  # when each device was last heard (memory)
    app.add_middleware(AnswerEveryFailure)  # whatever escapes is answered, the connection kept
    app.add_middleware(ReaderLanguage)  # outermost of ours: the reader's language for every answer (Accept-Language)
    for module in (games, games_read, gcg, commands, history, receipts, stream, tokens, seats, rounds, seals, tournaments, tables,
                   duplicates, duplicate_reads, duplicate_history, duplicate_print, lexicons, health, hall, public, officials):
        mount(app, module.router)
    mount(app, federation_outbox.router)  # the hall's pushes to its federation (issue 29)
    console.install(app)  # /docs from the installed Swagger UI, not a CDN
    mount(app, bundles.router)
    mount(app, pages.router)  # last: its /{name} must not shadow /docs or any resource
    pages.mount(app)
    keep_raw_send(app)  # the public streams write to their sockets themselves (service.api.streams.public)
    if settings.command_fast_path:
        install_fast_path(app)  # outermost: well-formed commands stop here, before every middleware layer
    app.openapi = lambda: contract(app)  # type: ignore[method-assign]
    return app


def lexicon_folder(settings: ServiceSettings) -> str | None:
    """Where a duplicate's computed master finds lexicons: the setting, else the store when it is a data folder."""
    if settings.lexicon_data is not None:
        return settings.lexicon_data
    store = str(settings.store)
    return None if store == "memory" or "://" in store else store


def _not_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A header's schema without pydantic's ``null`` choice: a header is sent as text or not at all."""
    choices = [s for s in schema.get("anyOf", []) if s != {"type": "null"}]
    if len(choices) != 1:
        return schema
    rest = {k: v for k, v in schema.items() if k not in ("anyOf", "default")}
    return {**choices[0], **rest}


#: pydantic writes a bound of a number that has a validator of its own (``commands.base.Whole``) under its Python
#: name; JSON Schema's names for them.
BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum"}


def _json_schema_bounds(node: Any) -> None:
    """Every ``{"type": "integer", "ge": 1}`` in the document as JSON Schema says it: ``"minimum": 1``."""
    if isinstance(node, dict):
        if node.get("type") in ("integer", "number"):
            for python, json_name in BOUNDS.items():
                if python in node:
                    node[json_name] = node.pop(python)
        for value in node.values():
            _json_schema_bounds(value)
    elif isinstance(node, list):
        for value in node:
            _json_schema_bounds(value)


def contract(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI document, without FastAPI's validation-error 422 (malformed input is 400 here), and each optional
    header a string that may be left out (never ``null``: a header has no such value)."""
    if app.openapi_schema:
        return app.openapi_schema
    spec = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes,
                       tags=app.openapi_tags)
    for path in spec.get("paths", {}).values():
        for operation in path.values():
            answer = operation.get("responses", {}).get("422", {})
            schema = answer.get("content", {}).get("application/json", {}).get("schema", {})
            if schema.get("$ref", "").endswith("/HTTPValidationError"):
                del operation["responses"]["422"]
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "header":
                    parameter["schema"] = _not_null(parameter["schema"])
    for name in ("HTTPValidationError", "ValidationError"):
        spec.get("components", {}).get("schemas", {}).pop(name, None)
    spec.setdefault("components", {})["headers"] = LANGUAGE_HEADERS
    _json_schema_bounds(spec)
    app.openapi_schema = spec
    return spec
