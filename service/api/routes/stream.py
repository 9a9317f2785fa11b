"""``GET /v1/games/{id}/stream``: Server-Sent Events, every new event of the game, resumable."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse

from domain.errors import msg
from service.api.common.routing import operation_id
from service.api.common.deps import LAST_EVENT_ID, GameIdPath, GamesDep, ReaderDep
from service.api.common.errors import malformed
from service.api.common.responses import errors, ref, sse
from service.api.common.store_reads import bounded
from service.api.streams.game import SAFETY_READ, follow
from service.game.views import event_record, game_state

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/games", tags=["stream"])
EXAMPLE = ('id: 15\nevent: TurnPassed\ndata: {"sequence":15,"type":"TurnPassed","recorded_at":'
           '"2025-05-01T10:12:00.000Z","actor":"player:1:Berto","device":"tablet-12b","hash":"…",'
           '"previous_hash":"…","payload":{"seat":1,"next_turn":0},"redacted":[]}\n\n')
STREAM = sse(
    "A text/event-stream: one event per recorded event, `event` its type, `id` the game's version after it, `data` "
    "the event as in `/events` (an `EventRecord`, hidden tiles withheld). With `view=state`, each batch of events is "
    "followed by one `event: State` whose `data` is the game as `GET /v1/games/{id}` gives it to this caller, at a "
    "version at least the last event's. Comment lines keep the connection alive. The stream ends within a second "
    "when the token it was opened with is revoked, or released or replaced with its seat (nothing recorded after the "
    "revocation is sent); otherwise it does not end by itself; reconnect with `Last-Event-ID` to resume.",
    {"State": ref("GameState"), "^[A-Z][A-Za-z]*$": ref("EventRecord")}, EXAMPLE)


@router.get("/{game_id}/stream", response_class=StreamingResponse, responses={**STREAM, **errors(400, 401, 403, 404, 503)})
async def stream_events(
    game_id: GameIdPath, request: Request, games: GamesDep, who: ReaderDep,
    last_event_id: Annotated[str | None, Header(alias="Last-Event-ID", max_length=12, pattern=LAST_EVENT_ID, description=(
        "Resume after this version (what the last event's `id` was).")), ] = None,
    after: Annotated[int | None, Query(ge=0, le=1_000_000, description=(
        "Start after this version (default: 0, the whole history); `Last-Event-ID` wins.")), ] = None,
    view: Annotated[Literal["state"] | None, Query(description=(
        "`state`: after each batch of events (and once at the start), the game's state for this caller as an "
        "`event: State`, so a tablet shows a play without reading the game again (issue 14).")), ] = None,
) -> Any:
    """Every event of the game from `after` (or `Last-Event-ID`) on, live, for tablets, directors and commentators."""
    start = after or 0
    if last_event_id is not None:
        if not last_event_id.strip().isdigit():
            raise malformed(msg("api.version_last_event_received"), field="Last-Event-ID")
        start = int(last_event_id.strip())
    await bounded(games.get_game, game_id)  # 404 before the stream starts

    def read(last: int) -> list[dict[str, Any]]:
        return [event_record(r, who) for r in games.history(game_id, last)]

    def state() -> dict[str, Any]:
        return game_state(games.get_game(game_id), who)

    settings = request.app.state.settings
    body = follow(request.app.state.hub, game_id, start, read, poll=SAFETY_READ,
                  keepalive=settings.stream_keepalive_seconds,
                  state=state if view == "state" else None,
                  token=who.token_id, revoked=lambda: games.token_revoked(who.token_id))
    return StreamingResponse(body, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
