"""The federation's HTTP service (``planilla federation serve``): halls push, officers enrol, anyone reads proofs.

Stateless in front of its store (``service.federation.store``): a process keeps only connections and its
configuration (the log's key, the witnesses' addresses), so any number of processes serve one address
(``--reuse-port``, or behind a proxy) on one PostgreSQL database. Every answer names the process that gave
it (``Planilla-Process``). Refusals have the service's usual body: ``{code, message, field, article}``.
"""

from __future__ import annotations

import os
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from service.federation.archive import Archive
from service.federation.bundle import bundle_of
from service.federation.keys import NamedKey
from service.federation.push import PushRefused
from service.federation.replay import Replays
from service.federation.store import Store

PREFIX = "/v1/federation"


def refusal(status: int, code: str, message: str, field: str | None = None) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 and field == "Authorization" else None
    return JSONResponse({"code": code, "message": message, "field": field, "article": None}, status, headers=headers)


def create_federation_app(store_url: str, log_key: NamedKey, witnesses: list[str] | None = None,
                          timeout: float = 5.0) -> FastAPI:
    store = Store(store_url)
    witnesses = list(witnesses or [])

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(title="Planilla federation", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.store = store
    app.state.replays = Replays()  # the games' replays this process worked out, by history (pages_replay)
    Archive(store.db(), log_key)  # the tables, made once by whichever process starts first

    def archive() -> Archive:
        return Archive(store.db(), log_key, made=True)

    @app.middleware("http")
    async def process_header(request: Request, call_next: Any) -> Any:
        answer = await call_next(request)
        answer.headers["Planilla-Process"] = str(os.getpid())
        return answer

    def officer(request: Request) -> str | JSONResponse:
        header = request.headers.get("authorization", "")
        if not header.lower().startswith("bearer "):
            return refusal(401, "unauthorized", "an officer's token: Authorization: Bearer <token> ('planilla token "
                           "create --role officer' on the federation's store)", "Authorization")
        who = archive().officer(header[7:].strip())
        if who is None:
            return refusal(401, "unauthorized", "this token is not an officer's token of this federation (unknown "
                           "or revoked)", "Authorization")
        return who

    async def json_body(request: Request, fields: tuple[str, ...]) -> dict[str, Any] | JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return refusal(400, "malformed", "the body is not JSON", "body")
        if not isinstance(body, dict):
            return refusal(400, "malformed", "the body is a JSON object", "body")
        for name in fields:
            if not isinstance(body.get(name), str) or not body[name].strip():
                return refusal(400, "malformed", f"{name}: a non-empty string", name)
        return body

    @app.get(PREFIX)
    def about() -> dict[str, Any]:
        return {"service": "planilla-federation", "origin": log_key.name, "log_key": log_key.log_vkey(),
                "witnesses": witnesses, "process": os.getpid()}

    @app.post(PREFIX + "/push")
    async def push(request: Request) -> Any:
        body = await request.body()
        headers = {k.lower(): v for k, v in request.headers.items()}

        def work() -> Any:
            kept = archive()
            stored = kept.push(body, headers)
            if stored.kind == "seal" and stored.outcome == "logged":
                note, failures = kept.log.cosign(witnesses, timeout=timeout)  # the tree with the seal, witnessed
                stored.detail["checkpoint"] = note
                stored.detail["witness_failures"] = failures
            return stored

        try:
            stored = await run_in_threadpool(work)
        except PushRefused as refused:
            return JSONResponse(refused.body(), refused.status)
        return JSONResponse(stored.body(), 201 if stored.outcome not in ("same",) else 200)

    @app.post(PREFIX + "/halls")
    async def enrol_hall(request: Request) -> Any:
        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        body = await json_body(request, ("fingerprint", "name"))
        if isinstance(body, JSONResponse):
            return body
        fp = body["fingerprint"].replace(" ", "").lower()
        if len(fp) != 64 or any(c not in "0123456789abcdef" for c in fp):
            return refusal(400, "malformed", "fingerprint: the SHA-256 of the hall's service key, 64 hex digits (as "
                           "'planilla serve' prints it)", "fingerprint")
        made = archive().enrol_hall(fp, body["name"].strip(), who)
        return JSONResponse({"fingerprint": fp, "name": body["name"].strip(), "enrolled": made}, 201 if made else 200)

    @app.get(PREFIX + "/halls")
    def halls(request: Request) -> Any:
        who = officer(request)
        return who if isinstance(who, JSONResponse) else {"halls": archive().halls()}

    @app.post(PREFIX + "/events")
    async def enrol_event(request: Request) -> Any:
        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        body = await json_body(request, ("hall", "name", "starts", "ends"))
        if isinstance(body, JSONResponse):
            return body
        kept = archive()
        if kept.hall(body["hall"]) is None:
            return refusal(422, "unknown_hall", "hall: no hall is enrolled with this fingerprint", "hall")
        if not (len(body["starts"]) == len(body["ends"]) == 10 and body["starts"] <= body["ends"]):
            return refusal(400, "malformed", "starts, ends: dates YYYY-MM-DD, the first not after the last", "ends")
        made = kept.enrol_event(body["hall"], body["name"], body["starts"], body["ends"], who)
        return JSONResponse({k: body[k] for k in ("hall", "name", "starts", "ends")} | {"enrolled": made},
                            201 if made else 200)

    @app.get(PREFIX + "/events")
    def events() -> Any:
        return {"events": archive().events()}

    @app.get(PREFIX + "/alarms")
    def alarms(request: Request) -> Any:
        who = officer(request)
        return who if isinstance(who, JSONResponse) else {"alarms": archive().alarms()}

    @app.get(PREFIX + "/checkpoint")
    def checkpoint() -> Any:
        note = archive().log.latest()
        if note is None:
            return refusal(404, "no_checkpoint", "the log has signed no checkpoint yet")
        return PlainTextResponse(note)

    @app.post(PREFIX + "/checkpoint")
    def sign_checkpoint(request: Request) -> Any:
        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        note, failures = archive().log.cosign(witnesses, timeout=timeout)
        return {"checkpoint": note, "witness_failures": failures}

    @app.get("/", include_in_schema=False)
    def events_html(request: Request, lang: str | None = None) -> Any:
        from service.federation.pages import events_page, language

        chosen = language(lang, request.headers.get("accept-language"))
        return HTMLResponse(events_page(archive(), chosen))

    @app.get("/events", include_in_schema=False)
    def games_html(request: Request, hall: str = "", name: str = "", lang: str | None = None) -> Any:
        from service.federation.pages import games_page, language

        chosen = language(lang, request.headers.get("accept-language"))
        return HTMLResponse(games_page(archive(), hall, name, chosen))

    @app.get("/replay", include_in_schema=False)
    def replay_html(request: Request, game: str = "", at: str = "", lang: str | None = None) -> Any:
        from service.federation.pages import language
        from service.federation.pages_replay import replay_page

        chosen = language(lang, request.headers.get("accept-language"))
        status, html = replay_page(archive(), game, at, chosen, app.state.replays)
        return HTMLResponse(html, status)

    @app.get("/standings", include_in_schema=False)
    def standings_html(request: Request, hall: str = "", name: str = "", lang: str | None = None) -> Any:
        from service.federation.pages import language
        from service.federation.pages_people import standings_page

        chosen = language(lang, request.headers.get("accept-language"))
        return HTMLResponse(standings_page(archive(), hall, name, chosen))

    @app.get("/players", include_in_schema=False)
    def player_html(request: Request, who: str = "", lang: str | None = None) -> Any:
        from service.federation.pages import language
        from service.federation.pages_people import history_page

        chosen = language(lang, request.headers.get("accept-language"))
        return HTMLResponse(history_page(archive(), who, chosen))

    @app.get("/search", include_in_schema=False)
    def search_html(request: Request, q: str = "", lang: str | None = None) -> Any:
        from service.federation.pages import language
        from service.federation.pages_people import search_page

        chosen = language(lang, request.headers.get("accept-language"))
        starts, ends = request.query_params.get("from", ""), request.query_params.get("to", "")
        return HTMLResponse(search_page(archive(), q, starts, ends, chosen))

    @app.get("/officers", include_in_schema=False)
    def officers_form(request: Request, lang: str | None = None) -> Any:
        from service.federation.pages import language
        from service.federation.pages_officers import sign_in_page

        return HTMLResponse(sign_in_page(language(lang, request.headers.get("accept-language"))))

    @app.post("/officers", include_in_schema=False)
    async def officers_html(request: Request, lang: str | None = None) -> Any:
        from urllib.parse import parse_qs

        from service.federation.pages import language
        from service.federation.pages_officers import officers_page, sign_in_page

        chosen = language(lang, request.headers.get("accept-language"))
        token = (parse_qs((await request.body()).decode("utf-8", "replace")).get("token") or [""])[0].strip()
        kept = archive()
        if not token or kept.officer(token) is None:
            return HTMLResponse(sign_in_page(chosen, refused=True), 401)
        return HTMLResponse(officers_page(kept, chosen), headers={"Cache-Control": "no-store"})

    @app.post(PREFIX + "/hidden")
    async def hide_player(request: Request) -> Any:
        from service.federation.queries import hide, unhide

        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        body = await json_body(request, ("player",))
        if isinstance(body, JSONResponse):
            return body
        player = body["player"].strip()
        if not player.startswith(("id:", "entry:")):
            return refusal(400, "malformed", "player: 'id:<federation id>' or 'entry:<results row>:<player>' (as "
                           "the player's page address names them)", "player")
        if body.get("hidden", True) is False:
            return {"player": player, "hidden": False, "changed": unhide(archive(), player)}
        return {"player": player, "hidden": True, "changed": hide(archive(), player, who)}

    @app.put(PREFIX + "/rating-formula")
    async def put_formula(request: Request) -> Any:
        from service.federation.ratings import FormulaRefused, store_formula

        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        try:
            formula = await request.json()
        except ValueError:
            return refusal(400, "malformed", "the body is not JSON", "body")
        try:
            store_formula(archive(), formula, who)
        except FormulaRefused as refused:
            return refusal(422, "formula_refused", str(refused), refused.field)
        return {"stored": True}

    @app.get(PREFIX + "/ratings")
    def ratings(request: Request, rated: bool = False) -> Any:
        from service.federation.ratings import rated_csv, ratings_csv

        who = officer(request)
        if isinstance(who, JSONResponse):
            return who
        text = rated_csv(archive()) if rated else ratings_csv(archive())
        if text is None:
            return refusal(404, "no_formula", "no rating formula is stored (PUT /v1/federation/rating-formula)",
                           "rated")
        name = "ratings-rated.csv" if rated else "ratings.csv"
        return PlainTextResponse(text, media_type="text/csv",
                                 headers={"Content-Disposition": f'attachment; filename="{name}"'})

    from service.federation.pages import CATALOGUES

    app.mount("/static/css", StaticFiles(directory=CATALOGUES.parent / "css"), name="css")

    @app.get("/static/js/federation_replay.js", include_in_schema=False)
    def replay_keys() -> Any:
        from fastapi.responses import FileResponse

        return FileResponse(CATALOGUES.parent / "js" / "federation_replay.js", media_type="text/javascript")

    @app.get(PREFIX + "/games/{game}/bundle")
    def bundle(game: str) -> Any:
        found = bundle_of(archive(), game, witnesses, timeout)
        if isinstance(found, str):
            return refusal(404, "no_bundle", found, "game")
        return JSONResponse(found, headers={"Content-Disposition": f'attachment; filename="{game}.bundle.json"'})

    return app
