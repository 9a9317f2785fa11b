"""``/v1/tournaments``: create, register (one by one or a list), draft, publish, record absences, standings,
the checker, and the exports in the formats the ecosystem reads (tsh, AUPAIR, TRF16, CSV).

Directors write; any token reads (the pairings and standings hide nothing: the hall screen reads
them with a spectator token). Results are not posted here: they come from the games' signed
sheets (``service.tournament.application.Tournaments.sync``) or, for a no-show, from the director's ``absence``.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import Annotated, Any, Literal
from urllib.parse import quote
from uuid import UUID

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from domain.errors import msg
from domain.tournament.aggregate import Tournament
from domain.tournament.entries import ARTICLES, last_entry_round
from domain.tournament.formats import WRITERS
from service.api.common.routing import operation_id
from service.api.common.deps import CurrentPrincipal, DeviceDep, DirectorDep
from service.api.common.errors import ApiError, text_of
from service.api.common.responses import errors, sse
from service.api.streams.revocation import until_revoked
from service.api.schemas.tournament import (
    Absence, CheckView, Draft, HandPairing, PlayerEntered, PlayerEntry, PlayerImport, PlayersImported, Publish,
    RoundOut, SettingChange, StandingsView, TournamentClose, TournamentCreate, TournamentCreated, TournamentView,
    WarningsView, Withdrawal,
)
from service.game.application import Actor
from service.tournament.application import TournamentNotFound, Tournaments, pairing_dict

router = APIRouter(generate_unique_id_function=operation_id, prefix="/v1/tournaments", tags=["tournaments"])
TournamentIdPath = Annotated[UUID, Path(description="the tournament's id")]
RoundPath = Annotated[int, Path(ge=1, le=40, description="the round's number, from 1")]


def get_tournaments(request: Request) -> Tournaments:
    return request.app.state.tournaments


TournamentsDep = Annotated[Tournaments, Depends(get_tournaments)]


async def _run(step: Callable[[], Any]) -> Any:
    try:
        return await run_in_threadpool(step)
    except TournamentNotFound as err:
        raise ApiError(404, "tournament_not_found", text_of(err), field="tournament_id") from None


def _view(t: Tournament) -> dict[str, Any]:
    return {"id": str(t.id), "name": t.name, "rules": t.rules_name, "profile": t.profile, "rounds": t.rounds,
            "system": t.system, "version": t.version, "divisions": t.divisions, "settings": t.settings,
            "setting_changes": t.setting_changes,
            "players": [{"player": p, **info} for p, info in t.players.items()],
            "published_rounds": sorted(int(r) for r in t.published), "articles": dict(ARTICLES.get(t.rules_name, {})),
            "last_entry_round": last_entry_round(t.rules_name, t.rounds), "details": dict(t.details),
            "closed": t.closed, "results": sorted(t.results.values(), key=lambda r: (r["round"], r["table"]))}


@router.post("", status_code=201, response_model=TournamentCreated, responses=errors(400, 401, 403, 422))
async def create_tournament(body: TournamentCreate, tournaments: TournamentsDep, who: DirectorDep,
                            device: DeviceDep) -> Any:
    """Create a tournament (directors); with `players`, its players entered in the same save (all or none: a
    refusal names every bad line), and the event's details (TRF16's 022, 032, 102) when given."""
    details = {"city": body.city, "federation": body.federation, "chief_arbiter": body.chief_arbiter}
    tid = await _run(lambda: tournaments.create(body.name, body.rules, body.profile, body.rounds,
                                                Actor(who.actor(), device), system=body.system,
                                                settings={"koth_rounds": body.koth_rounds}, players=body.players,
                                                players_format=body.players_format, details=details))
    return {"id": str(tid)}


@router.get("/{tournament_id}", response_model=TournamentView, responses=errors(400, 401, 403, 404))
async def read_tournament(tournament_id: TournamentIdPath, request: Request, tournaments: TournamentsDep,
                          _: CurrentPrincipal) -> Any:
    """The tournament: its settings and their changes, its players, the rounds published, the results (brought up
    to date first, as the standings are), the rules' articles and the closing (any token)."""
    if not request.app.state.tournament_feed.following(tournament_id):  # else its watcher keeps results current
        await _run(lambda: tournaments.sync(tournament_id))
    return _view(await _run(lambda: tournaments.view(tournament_id)))


@router.post("/{tournament_id}/players", status_code=201, response_model=PlayerEntered,
             responses=errors(400, 401, 403, 404, 422))
async def register_player(tournament_id: TournamentIdPath, body: PlayerEntry, tournaments: TournamentsDep,
                          who: DirectorDep, device: DeviceDep) -> Any:
    """Enter a player (directors); after round 1 is published, a late entry (FISC I.4: until round N/2; AJS
    4.1.9)."""
    def step() -> dict[str, Any]:
        player = tournaments.act(tournament_id, Actor(who.actor(), device), lambda t, m: t.register(
            body.name, m, federation_id=body.federation_id, club=body.club, rating=body.rating,
            division=body.division))
        info = tournaments.get(tournament_id).players[player]
        return {"player": player, "from_round": info["from_round"], "pairing_bonus": info["pairing_bonus"]}
    return await _run(step)


@router.post("/{tournament_id}/players/import", status_code=201, response_model=PlayersImported,
             responses=errors(400, 401, 403, 404, 413, 422))
async def import_players(tournament_id: TournamentIdPath, body: PlayerImport, tournaments: TournamentsDep,
                         who: DirectorDep, device: DeviceDep) -> Any:
    """Enter a list of players from a CSV or a TRF16 file (directors): all or none; a refusal names the line
    and the column."""
    def step() -> dict[str, Any]:
        ids = tournaments.import_players(tournament_id, body.text, body.format, Actor(who.actor(), device))
        players = tournaments.get(tournament_id).players
        return {"players": [{"player": p, "name": players[p]["name"], "from_round": players[p]["from_round"],
                             "pairing_bonus": players[p]["pairing_bonus"]} for p in ids]}
    return await _run(step)


@router.post("/{tournament_id}/players/{player}/withdraw", response_model=TournamentView,
             responses=errors(400, 401, 403, 404, 422))
async def withdraw_player(tournament_id: TournamentIdPath, player: str, body: Withdrawal,
                          tournaments: TournamentsDep, who: DirectorDep, device: DeviceDep) -> Any:
    """A player leaves from a round not yet drawn, up to the last (AJS 4.1.10; FISC has no article)."""
    await _run(lambda: tournaments.act(tournament_id, Actor(who.actor(), device),
                                       lambda t, m: t.withdraw(player, body.from_round, body.reason, m)))
    return _view(await _run(lambda: tournaments.get(tournament_id)))


@router.post("/{tournament_id}/close", response_model=TournamentView, responses=errors(400, 401, 403, 404, 422))
async def close_tournament(tournament_id: TournamentIdPath, body: TournamentClose, tournaments: TournamentsDep,
                           who: DirectorDep, device: DeviceDep) -> Any:
    """Close the tournament (directors): its standings are final (the late entries' pairing points gone: FISC I.4,
    AJS 4.1.9); refused while a published table has no result. After it, no more pairings, results, entries or
    withdrawals: each is refused 422 `tournament_closed` naming the closing."""
    await _run(lambda: tournaments.close(tournament_id, Actor(who.actor(), device), body.reason))
    return _view(await _run(lambda: tournaments.get(tournament_id)))


@router.post("/{tournament_id}/settings", response_model=TournamentView, responses=errors(400, 401, 403, 404, 422))
async def change_setting(tournament_id: TournamentIdPath, body: SettingChange, tournaments: TournamentsDep,
                         who: DirectorDep, device: DeviceDep) -> Any:
    """Change a standings setting; after round 1 it needs a reason and is shown with its round."""
    await _run(lambda: tournaments.act(tournament_id, Actor(who.actor(), device),
                                       lambda t, m: t.change_setting(body.setting, body.value, body.reason, m)))
    return _view(await _run(lambda: tournaments.get(tournament_id)))


@router.post("/{tournament_id}/rounds/{round_no}/draft", response_model=RoundOut,
             responses=errors(400, 401, 403, 404, 422))
async def draft_round(tournament_id: TournamentIdPath, round_no: RoundPath, body: Draft,
                      tournaments: TournamentsDep, who: DirectorDep, device: DeviceDep) -> Any:
    """Draft the next round by the tournament's system (each table says why), or by hand with the reason (a table
    the system would not give says the director's); the answer has the checker's warnings on the draft. The
    results of the games signed so far are brought up to date first."""
    manual = [tuple(p) for p in body.pairings] if body.pairings is not None else None
    await _run(lambda: tournaments.sync(tournament_id))  # pair on every game signed so far, read or not
    pairings = await _run(lambda: tournaments.act(tournament_id, Actor(who.actor(), device),
                                                  lambda t, m: t.draft(round_no, m, manual=manual,
                                                                       reason=body.reason)))
    t = await _run(lambda: tournaments.get(tournament_id))
    drafted = t.drafts[str(round_no)]
    return {"round": round_no, "method": drafted["method"], "published": False, "reason": drafted["reason"],
            "tables": [pairing_dict(p) for p in pairings],
            "warnings": [w.as_dict() for w in await _run(lambda: t.warnings(round_no))]}


@router.post("/{tournament_id}/rounds/{round_no}/check", response_model=WarningsView,
             responses=errors(400, 401, 403, 404, 422))
async def check_hand_pairing(tournament_id: TournamentIdPath, round_no: RoundPath, body: HandPairing,
                             tournaments: TournamentsDep, _: DirectorDep) -> Any:
    """The checker's warnings on a pairing the director is making by hand for the next round, before drafting
    it so (directors; nothing is saved): a rematch, a second bye, a bye not the rule's, who starts, players far
    apart in the standings, players of two divisions; each with its article."""
    pairings = [tuple(p) for p in body.pairings]
    return {"round": round_no, "warnings": await _run(lambda: tournaments.warnings(tournament_id, round_no,
                                                                                   pairings))}


@router.post("/{tournament_id}/rounds/{round_no}/publish", response_model=RoundOut,
             responses=errors(400, 401, 403, 404, 422))
async def publish_round(tournament_id: TournamentIdPath, round_no: RoundPath, body: Publish,
                        tournaments: TournamentsDep, who: DirectorDep, device: DeviceDep) -> Any:
    """Publish the drafted round: each table's game is created, with one token per seat (shown once)."""
    published = await _run(lambda: tournaments.publish(tournament_id, round_no, Actor(who.actor(), device),
                                                       reason=body.reason, bag_mode=body.bag_mode))
    t = await _run(lambda: tournaments.get(tournament_id))
    return {"round": round_no, "method": t.drafts[str(round_no)]["method"], "published": True,
            "tables": published["tables"]}


@router.get("/{tournament_id}/rounds/{round_no}", response_model=RoundOut, responses=errors(400, 401, 403, 404))
async def read_round(tournament_id: TournamentIdPath, round_no: RoundPath, tournaments: TournamentsDep,
                     _: CurrentPrincipal) -> Any:
    """A round's pairings (any token): as published, else as drafted; 404 when neither."""
    t = await _run(lambda: tournaments.view(tournament_id))
    key = str(round_no)
    if key in t.published:
        return {"round": round_no, "method": t.drafts[key]["method"], "published": True, "tables": t.published[key],
                "reason": t.drafts[key].get("reason", "")}
    if key in t.drafts:
        return {"round": round_no, "method": t.drafts[key]["method"], "published": False,
                "tables": t.drafts[key]["pairings"], "reason": t.drafts[key].get("reason", ""),
                "warnings": [w.as_dict() for w in await _run(lambda: t.warnings(round_no))]}
    raise ApiError(404, "round_not_drafted", msg("api.round_neither_drafted_nor", round_no=round_no), field="round_no")


@router.post("/{tournament_id}/rounds/{round_no}/tables/{table}/absence", response_model=TournamentView,
             responses=errors(400, 401, 403, 404, 422))
async def record_absence(tournament_id: TournamentIdPath, round_no: RoundPath, table: int, body: Absence,
                         tournaments: TournamentsDep, who: DirectorDep, device: DeviceDep) -> Any:
    """A no-show or both players absent (AJS 4.1.11.1), with the reason."""
    await _run(lambda: tournaments.act(tournament_id, Actor(who.actor(), device),
                                       lambda t, m: t.record_absence(round_no, table, body.kind, body.reason, m)))
    return _view(await _run(lambda: tournaments.get(tournament_id)))


@router.get("/{tournament_id}/standings", response_model=StandingsView, responses=errors(400, 401, 403, 404))
async def standings(tournament_id: TournamentIdPath, request: Request, tournaments: TournamentsDep,
                    _: CurrentPrincipal,
                    round: Annotated[int | None, Query(ge=1, le=40, description="after this round")] = None,
                    division: Annotated[str | None, Query(min_length=1, max_length=20, description=(
                        "one division's players, ranked among themselves"))] = None) -> Any:
    """The standings (any token), live as games close: points, then each tie-break with its inputs."""
    watched = request.app.state.tournament_feed.following(tournament_id)  # then its watcher keeps results current

    def encoded() -> bytes:  # off the event loop: 600 KiB for 300 players after 10 rounds
        if not watched:
            tournaments.sync(tournament_id)
        with _ENCODING:  # screens asking at once for the same version and round: computed and encoded once
            t, rows = tournaments.standings(tournament_id, round, sync=False, division=division)
            key = (tournament_id, t.version, round, division)
            body = _STANDINGS.get(key)
            if body is None:
                body = json.dumps(_standings_body(t, rows, round, division), ensure_ascii=False,
                                  separators=(",", ":")).encode()
                _STANDINGS[key] = body
                while len(_STANDINGS) > 32:
                    _STANDINGS.pop(next(iter(_STANDINGS)))
            return body

    return Response(await _run(encoded), media_type="application/json")


_STANDINGS: dict[tuple[UUID, int, int | None, str | None], bytes] = {}  # the last standings encoded, oldest first
_ENCODING = threading.Lock()


def _standings_body(t: Tournament, rows: list[Any], round: int | None, division: str | None) -> dict[str, Any]:
    return {"round": round or t.last_published, "division": division, "divisions": t.divisions,
            "tiebreaks": list(t.settings["tiebreaks"]), "rows": [{
        "rank": r.rank, "player": r.player, "name": t.players[r.player]["name"], "points": r.points,
        "tiebreaks": {str(k): {"value": f.value, "inputs": [list(i) for i in f.inputs],
                               "dropped": [list(d) for d in f.dropped]} for k, f in r.tiebreaks.items()},
        "rounds": [{"round": x.round, "opponent": x.opponent, "kind": str(x.kind), "points": x.points,
                    "scored": x.scored, "conceded": x.conceded} for x in r.rounds]} for r in rows]}


STANDINGS_EXAMPLE = ('id: 42\nevent: standings\ndata: {"version":42,"round":3,"published_rounds":[1,2,3],'
                     '"results":31}\n\n')
#: What a ``standings`` event says: the tournament's version and round now, and what to read again.
STANDINGS_MOVED = {"type": "object", "required": ["version", "round", "published_rounds", "results"], "properties": {
    "version": {"type": "integer", "description": "the tournament's version"},
    "round": {"type": "integer", "description": "the last round published (0: none yet)"},
    "published_rounds": {"type": "array", "items": {"type": "integer"}},
    "results": {"type": "integer", "description": "results recorded so far"}}}
STANDINGS_STREAM = sse(
    "A text/event-stream: a `standings` event at once and again each time the tournament moves (a game of it "
    "signed or reopened, a round published, an absence recorded); `id` the tournament's version, `data` "
    "what to read again. Comment lines keep the connection alive. The stream ends within a second when the token "
    "it was opened with is revoked (nothing read after the revocation is sent); otherwise it does not end by "
    "itself.",
    {"standings": STANDINGS_MOVED}, STANDINGS_EXAMPLE)


@router.get("/{tournament_id}/stream", response_class=StreamingResponse,
            responses={**STANDINGS_STREAM, **errors(400, 401, 403, 404)})
async def stream_standings(tournament_id: TournamentIdPath, request: Request, tournaments: TournamentsDep,
                           who: CurrentPrincipal) -> Any:
    """Live standings (any token): an event each time the tournament moves; a game of it signed is recorded
    by the service itself while someone follows (the hall screen)."""
    await _run(lambda: tournaments.view(tournament_id))  # 404 before the stream starts
    state = request.app.state
    body = until_revoked(state.tournament_feed.follow(tournament_id, keepalive=state.settings.stream_keepalive_seconds),
                         state.hub, who.token_id, lambda: state.games.token_revoked(who.token_id))
    return StreamingResponse(body, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@router.get("/{tournament_id}/check", response_model=CheckView, responses=errors(400, 401, 403, 404))
async def check(tournament_id: TournamentIdPath, tournaments: TournamentsDep, _: CurrentPrincipal) -> Any:
    """The pairing checker: every published round derived again from the events before it, each with the
    warnings on its pairing (rule and article), and the next round's draft with its warnings."""
    return {"rounds": await _run(lambda: tournaments.check(tournament_id)),
            "draft": await _run(lambda: tournaments.draft_check(tournament_id))}


ExportFormat = Literal["tsh", "tsh-json", "tou", "trf", "csv-players", "csv-results", "ratings"]
EXPORT_EXAMPLE = "Anna Puig 1900 3 2; 420 402; p12 1 2; plkind P P; plid FISC-0001\n"
CSV_EXAMPLE = "number,name,federation_id,club,rating\n1,Anna Puig,FISC-0001,Mots i Més,1900\n"
FEED_EXAMPLE = {"config": {"event_name": "Obert", "max_rounds": 5, "event_date": "2025-06-14"},
                "divisions": [{"name": "A", "players": [None, {
                    "id": 1, "name": "Anna Puig", "rating": 1900, "pairings": [3], "scores": [420],
                    "etc": {"p12": [1], "plkind": ["P"]}}]}]}


#: Characters a warning keeps as they are in the header; the rest (a comma, which separates warnings, ``%`` and
#: anything not ASCII, as in a name) are percent-encoded as UTF-8: ``decodeURIComponent`` gives the text back.
WARNING_SAFE = " !\"#$&'()*+/:;<=>?@[]^_`{|}~"


def warnings_header(notes: list[Any]) -> str:
    """The ``Planilla-Warnings`` header: each note ``code: message``, percent-encoded, separated by ``, ``."""
    return ", ".join(quote(str(note), safe=WARNING_SAFE) for note in notes)


#: The export's refusal of ``division``: a division the tournament does not have, or none named for tsh's .t.
DIVISION_REFUSED = {**errors(422)[422], "description": (
    "`division` names no division of the tournament, or the format holds one division and the tournament has "
    "several (tsh's .t): name one."), "content": {"application/json": {"example": {
        "code": "format", "message": "division is one of A, B, not 'Z'", "field": "division", "article": None}}}}


@router.get("/{tournament_id}/export", response_class=Response, responses={
    200: {"description": "The tournament's players and results in the format asked for (UTF-8).",
          "headers": {"Planilla-Warnings": {"schema": {"type": "string"}, "description": (
              "What the file shortens or approximates, when it does: one warning per item, separated by ', ', "
              "each 'code: message' percent-encoded as UTF-8 (a comma, '%' and any character outside ASCII; "
              "decodeURIComponent reads it). Codes: trf.name_cut (a name over 33 columns cut), trf.fide_id "
              "(columns 58-68 left blank: the federation id is not a FIDE number), trf.header (022, 032 or 102 "
              "not given), trf.no_scores (TRF16 has no game scores), trf.divisions (several divisions written as "
              "one field), tsh.bye, tsh.both_absent, tsh.not_paired (a result written so tsh counts Planilla's "
              "points with another spread), tou.name_cut (a name over 20 columns cut), tou.forfeit (a forfeit "
              "written as a 300-0 game). Absent when the file is exact."),
              "example": "trf.name_cut: player 3: the name has 38 characters%2C cut to 33 (columns 15-47): "
                         "'Ib%C3%A1%C3%B1ez Bosch%2C Queralt Maria Monts', trf.no_scores: TRF16 has no game "
                         "scores: results only (1%2C = or 0); spread and points for are not in the file"}},
          "content": {"text/plain": {"schema": {"type": "string"}, "example": EXPORT_EXAMPLE},
                      "text/csv": {"schema": {"type": "string"}, "example": CSV_EXAMPLE},
                      "application/json": {"schema": {"type": "object"}, "example": FEED_EXAMPLE}}},
    **errors(400, 401, 403, 404), 422: DIVISION_REFUSED})
async def export(tournament_id: TournamentIdPath, tournaments: TournamentsDep, _: CurrentPrincipal,
                 format: Annotated[ExportFormat, Query(description=(
                     "tsh: tsh's .t file; tsh-json: tsh's live feed; tou: AUPAIR .TOU; trf: FIDE TRF16; csv-players, "
                     "csv-results: for Swiss Perfect and spreadsheets; ratings: every game for the rating officer"))],
                 division: Annotated[str | None, Query(min_length=1, max_length=20, description=(
                     "one division only, its players numbered from 1 (tsh's .t holds one division: a tournament "
                     "of several needs it); otherwise every division (tsh-json, tou: each its own; csv: a column; "
                     "trf: no place for it)"))] = None) -> Response:
    """The tournament in a file the ecosystem reads (any token), results brought up to date first."""
    text, notes = await _run(lambda: tournaments.export(tournament_id, format, division))
    _, media, extension = WRITERS[format]
    suffix = "-" + re.sub(r"[^A-Za-z0-9_-]", "_", division) if division else ""  # a header is ASCII
    headers = {"Content-Disposition": f'attachment; filename="{tournament_id}-{format}{suffix}.{extension}"'}
    if notes:
        headers["Planilla-Warnings"] = warnings_header(notes)
    return Response(text, media_type=f"{media}; charset=utf-8", headers=headers)
