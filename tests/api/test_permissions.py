"""The permission matrix: every role against every endpoint, the expected status from one table."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID

import pytest

from service.access.application import ServiceApplication
from service.game.application import Actor
from tests.api.conftest import Api, Table, _api

ROLES = ["none", "revoked", "player", "player_elsewhere", "arbiter", "director", "director_elsewhere", "tribunal",
         "spectator", "spectator_elsewhere"]
GCG = "#player1 ana Ana\n#player2 bea Bea\n>ana: ABCDEIO 8G CABE +14 14\n>bea: AEIOURS - +0 0\n"


def row(ok: int, allowed: set[str]) -> dict[str, int]:
    """``ok`` for the roles allowed, 401 without a valid token, 403 for everyone else."""
    return {r: ok if r in allowed else 401 if r in ("none", "revoked") else 403 for r in ROLES}


READERS = {"player", "arbiter", "director", "tribunal", "spectator"}
EVERYONE = set(ROLES)
EXPECTED: dict[str, dict[str, int]] = {
    "create game": row(201, {"director"}),
    "import game": row(201, {"director"}),
    "read game": row(200, READERS),
    "command: draw_for_start (players)": row(200, {"player", "arbiter", "director"}),
    "command: give_starter (officials)": row(200, {"arbiter", "director"}),
    "command: pass_turn for the other seat": row(200, {"arbiter", "director"}),
    # a player for their own seat, an official as one: the rules then decide (FILE 41.1 players, else the arbiter)
    "command: rule_challenge (either)": row(422, {"player", "arbiter", "director"}),
    # only the player's own token: what the player themself asks for (FILE 43)
    "command: consent_reopen (own)": row(422, {"player"}),
    "events": row(200, READERS),
    "audit": row(200, READERS),
    "receipt": row(409, READERS),  # issue 26: a reader of the game, once it is closed (the matrix's is not: 409)
    "history export": row(200, {"arbiter", "director", "tribunal"}),  # every rack's tiles: not for players
    "gcg export": row(200, READERS),
    "stream": row(200, READERS),
    "create token": row(201, {"director"}),
    "read token": row(200, {"director"}),
    "revoke token": row(200, {"director"}),
    "health": {r: 200 for r in ROLES},
    "index": row(200, {"arbiter", "director", "tribunal"}),
    "hall tables": row(200, {"arbiter", "director", "tribunal"}),
    "hall stream": row(200, {"arbiter", "director", "tribunal"}),  # the same read, live (tests/api/test_tables_stream.py)
    "scoresheet": row(200, READERS),
    "settlement": row(404, READERS),  # the game has not ended: no settlement yet, once past the permission
    "status": row(200, READERS),
    "state at": row(200, READERS),
    # tournaments: directors write, any valid token reads (nothing in them is hidden)
    "create tournament": row(201, {"director"}),
    "read tournament": row(200, EVERYONE - {"none", "revoked"}),
    "list lexicons": row(200, EVERYONE - {"none", "revoked"}),  # names and digests only: nothing secret
    "register player": row(201, {"director"}),
    "withdraw player": row(200, {"director"}),
    "change tournament setting": row(200, {"director"}),
    "draft round": row(200, {"director"}),
    "publish round": row(200, {"director"}),
    "check hand pairing": row(200, {"director"}),  # a pairing being made by hand: the director's desk
    "read round": row(200, EVERYONE - {"none", "revoked"}),
    "record absence": row(200, {"director"}),
    "standings": row(200, EVERYONE - {"none", "revoked"}),
    "standings stream": row(200, EVERYONE - {"none", "revoked"}),
    "pairing check": row(200, EVERYONE - {"none", "revoked"}),
    "import players": row(201, {"director"}),
    "close tournament": row(200, {"director"}),
    "tournament export": row(200, EVERYONE - {"none", "revoked"}),
    # duplicates: the director creates; the judge (arbiter, director) runs the desk; a player sends their own
    # slip and reads their own sheet; every token on the game reads it (tokens here are the duplicate's own)
    "create duplicate": row(201, {"director"}),
    "read duplicate": row(200, READERS),
    "start duplicate round": row(200, {"arbiter", "director"}),
    "submit slip": row(200, {"player", "arbiter", "director"}),
    "close duplicate round": row(200, {"arbiter", "director"}),
    "rule word": row(200, {"arbiter", "director"}),
    "choose master": row(200, {"arbiter", "director"}),
    "publish duplicate round": row(200, {"arbiter", "director"}),
    "correct slip": row(200, {"arbiter", "director"}),
    "sanction": row(200, {"arbiter", "director"}),
    "end duplicate": row(200, {"arbiter", "director"}),
    "read duplicate round": row(200, READERS),
    "duplicate ranking": row(200, READERS),
    "duplicate sheet": row(200, READERS),
    "duplicate results csv": row(200, READERS),
    "duplicate events": row(200, READERS),
    "print duplicate sheet": row(200, READERS),
    "print duplicate round": row(200, READERS),
    "print master moves": row(200, READERS),
    "print duplicate ranking": row(200, READERS),
    "duplicate stream": row(200, READERS),
    "issue seat code": row(201, {"arbiter", "director"}),
    "seat code qr": {r: 200 for r in ROLES},  # the seat code is the credential: no token is asked for
    "bind": {r: 200 for r in ROLES},
    # issue 15: a round's seats at once, for officials with a token for every game; a tablet replaced mid-game
    "round seat codes": row(201, {"arbiter", "director"}),
    "replace tablet": row(200, {"arbiter", "director"}),
    "round scoresheets": row(200, {"arbiter", "director", "tribunal"}),
    "round time": row(200, {"arbiter", "director"}),  # the round's time on every game: officials who write
    # issue 16: the service's public key is printed on every sheet; a round's seal is made to be published
    "service key": {r: 200 for r in ROLES},
    "seal round": row(201, {"director"}),  # a director for the whole hall (one bound to a game may not)
    # issue 26: an official's token sends a countersigned key (the countersignature authorises it, not the token)
    "enrol official key": row(201, {"arbiter", "director", "director_elsewhere", "tribunal"}),
    "read official key": row(200, {"arbiter", "director", "director_elsewhere", "tribunal"}),
    "revoke official key": row(200, {"director"}),
    "read seal": row(200, EVERYONE - {"none", "revoked"}),
    "round results sheet": row(200, EVERYONE - {"none", "revoked"}),  # posted in the hall, as the seal
    "hall outbox": row(200, {"arbiter", "director"}),  # issue 29: what waits for the federation, for the hall's officials
    # issue 15: the live public board is the spectator's view, delayed, and asks for no token; its delay is
    # read by the officials with a token for every game and set by the director
    "public table": {r: 200 for r in ROLES},
    "public wall": {r: 200 for r in ROLES},
    "public table stream": {r: 200 for r in ROLES},
    "public wall stream": {r: 200 for r in ROLES},
    "read broadcast delay": row(200, {"arbiter", "director", "tribunal"}),
    "set broadcast delay": row(200, {"director"}),
}


class World:
    """A game for the matrix, another game elsewhere, and one token per role."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.table = api.table()
        self.elsewhere = api.table()
        games = api.games
        revoked, revoked_id = games.issue_token("spectator", "gone", "test")
        games.revoke_token(revoked_id, "lost", "test")
        here, there = UUID(self.table.id), UUID(self.elsewhere.id)
        self.tokens = {
            "none": None, "revoked": revoked, "player": self.table.players[0],
            "player_elsewhere": self.elsewhere.players[0], "arbiter": api.tokens["arbiter"],
            "director": api.tokens["director"],
            "director_elsewhere": games.issue_token("director", "other table", "test", game_id=there)[0],
            "tribunal": api.tokens["tribunal"], "spectator": games.issue_token("spectator", "booth", "test",
                                                                               game_id=here)[0],
            "spectator_elsewhere": games.issue_token("spectator", "booth 2", "test", game_id=there)[0],
        }
        self.victim = games.issue_token("spectator", "to revoke", "test")[1]
        self.code = games.issue_seat_code(here, 1, "director:test")[0]

    @functools.cached_property
    def official_key(self) -> Any:
        """A director's key enrolled from the data folder (issue 26)."""
        from tests.keys import Tablet

        key = Tablet()
        self.api.games.enrol_official_key("director", "director-1", key.spki)
        return key

    def enrolment(self) -> dict[str, Any]:
        """A new arbiter's key countersigned by the director's enrolled key."""
        from service.access.official_keys import enrolment_message
        from tests.keys import Tablet

        new = Tablet()
        return {"role": "arbiter", "label": "luis", "public_key": new.spki, "countersigned_by":
                self.official_key.fingerprint, "countersignature": self.official_key.raw_sign(
                    enrolment_message(new.fingerprint, "arbiter", "luis"))}

    @functools.cached_property
    def seated_round(self) -> int:
        """A round with one game in the index (the round's seat codes find its games there)."""
        self.api.table(event="Matrix seats", round=1, table=1)
        self.api.index()
        return 1

    @functools.cached_property
    def tournament(self) -> dict[str, str]:
        """Four tournaments of two players: one registered, one drafted, one with round 1 published, one to close."""
        from service.tournament.application import Tournaments
        tournaments, by, found = Tournaments(self.api.games), Actor("director:test"), {}
        for stage in ("registered", "drafted", "published", "closable"):
            tid = tournaments.create("Obert", "fisc-2023", "fisc-2023", 5, by)
            for name in ("Anna", "Biel"):
                tournaments.act(tid, by, lambda t, m, name=name: t.register(name, m))
            if stage in ("drafted", "published"):
                tournaments.act(tid, by, lambda t, m: t.draft(1, m))
            if stage == "published":
                tournaments.publish(tid, 1, by)
            found[stage] = f"/v1/tournaments/{tid}"
        return found

    @functools.cached_property
    def duplicate(self) -> dict[str, str]:
        """AJS duplicates at each stage of a round, and this world's tokens translated to the duplicate's: its
        seat 0's player token for "player", a spectator bound to it, and for "elsewhere" the others (bound to
        another game, or a player of another duplicate)."""
        from service.access.tokens import AccessToken, new_token
        from tests.duplicate_world import duplicate_at

        found: dict[str, str] = {}
        self.dup_tokens: dict[str, dict[str, str]] = {}
        for stage in ("fresh", "playing", "closed", "mastered", "other"):
            d, tokens = duplicate_at(self.api.games, "fresh" if stage == "other" else stage)
            if stage == "other":
                self.dup_elsewhere = tokens[0]["token"]
                break
            raw = new_token()
            self.api.games.save(AccessToken.issue(raw, "spectator", "hall", "test", "2026-01-01T00:00:00Z",
                                                  game_id=d.id))
            self.dup_tokens[stage] = {"player": tokens[0]["token"], "spectator": raw}
            found[stage] = f"/v1/duplicates/{d.id}"
        return found

    def dup(self, stage: str, token: str | None) -> str | None:
        """The token of the duplicate at ``stage`` standing for the role ``token`` has in this world."""
        self.duplicate  # noqa: B018  (made first: it makes the tokens)
        own = self.dup_tokens[stage]
        return {self.tokens["player"]: own["player"], self.tokens["spectator"]: own["spectator"],
                self.tokens["player_elsewhere"]: self.dup_elsewhere}.get(token, token)

    def dup_post(self, stage: str, path: str, token: str | None, body: Any) -> int:
        return self.api.post(self.duplicate[stage] + path, self.dup(stage, token), body).status_code

    def dup_get(self, stage: str, path: str, token: str | None) -> int:
        return self.api.get(self.duplicate[stage] + path, self.dup(stage, token)).status_code

    def dup_stream(self, token: str | None) -> int:
        with self.api.client.stream("GET", self.duplicate["playing"] + "/stream", headers=self.api.headers(token)) as r:
            return r.status_code

    @functools.cached_property
    def sealed(self) -> int:
        """A round sealed (with no closed game in it yet) for the readers of seals."""
        from service.trust.attest import seal_round
        seal_round(self.api.games, "Matrix", 2)
        return 2

    def command(self, token: str | None, body: dict[str, Any]) -> int:
        path = f"/v1/games/{self.table.id}/commands"
        return self.api.post(path, token, {"expected_version": 1, **body}).status_code

    def open_stream(self, path: str, token: str | None) -> int:
        with self.api.client.stream("GET", path, headers=self.api.headers(token)) as r:
            return r.status_code

    def stream(self, token: str | None) -> int:
        with self.api.client.stream("GET", f"/v1/games/{self.table.id}/stream",
                                    headers=self.api.headers(token)) as r:
            return r.status_code


CALLS: dict[str, Callable[[World, str | None], int]] = {
    "create game": lambda w, t: w.api.post("/v1/games", t, {"profile": "file-2024", "players": ["A", "B"]}).status_code,
    "import game": lambda w, t: w.api.post("/v1/games/import", t, {"profile": "file-2024", "gcg": GCG}).status_code,
    "read game": lambda w, t: w.api.get(f"/v1/games/{w.table.id}", t).status_code,
    "command: draw_for_start (players)": lambda w, t: w.command(t, {"type": "draw_for_start"}),
    "command: give_starter (officials)": lambda w, t: w.command(t, {"type": "give_starter", "seat": 1}),
    "command: pass_turn for the other seat": lambda w, t: w.command(t, {"type": "pass_turn", "seat": 1}),
    "command: rule_challenge (either)": lambda w, t: w.command(t, {"type": "rule_challenge", "valid": True}),
    "command: consent_reopen (own)": lambda w, t: w.command(t, {"type": "consent_reopen", "reason": "typo"}),
    "events": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/events", t).status_code,
    "audit": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/audit", t).status_code,
    "receipt": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/receipt", t).status_code,
    "history export": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/export", t).status_code,
    "gcg export": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/gcg", t).status_code,
    "stream": lambda w, t: w.stream(t),
    "create token": lambda w, t: w.api.post("/v1/tokens", t, {"role": "spectator", "label": "x"}).status_code,
    "read token": lambda w, t: w.api.get(f"/v1/tokens/{w.victim}", t).status_code,
    "revoke token": lambda w, t: w.api.post(f"/v1/tokens/{w.victim}/revoke", t, {"reason": "test"}).status_code,
    "health": lambda w, t: w.api.get("/health", t).status_code,
    "index": lambda w, t: w.api.get("/v1/games?status=in_progress", t).status_code,
    "hall tables": lambda w, t: w.api.get("/v1/tables?status=in_progress", t).status_code,
    "hall stream": lambda w, t: w.open_stream("/v1/tables/stream?status=in_progress", t),
    "scoresheet": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/scoresheet", t).status_code,
    "settlement": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/settlement", t).status_code,
    "status": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/status", t).status_code,
    "state at": lambda w, t: w.api.get(f"/v1/games/{w.table.id}/state?at=1", t).status_code,
    "create tournament": lambda w, t: w.api.post("/v1/tournaments", t, {
        "name": "x", "rules": "fisc-2023", "profile": "fisc-2023", "rounds": 5}).status_code,
    "read tournament": lambda w, t: w.api.get(w.tournament["registered"], t).status_code,
    "list lexicons": lambda w, t: w.api.get("/v1/lexicons", t).status_code,
    "register player": lambda w, t: w.api.post(w.tournament["registered"] + "/players", t,
                                               {"name": "Carla"}).status_code,
    "withdraw player": lambda w, t: w.api.post(w.tournament["published"] + "/players/p1/withdraw", t,
                                               {"from_round": 2, "reason": "ill"}).status_code,
    "change tournament setting": lambda w, t: w.api.post(w.tournament["registered"] + "/settings", t, {
        "setting": "unplayed", "value": "opponent"}).status_code,
    "draft round": lambda w, t: w.api.post(w.tournament["registered"] + "/rounds/1/draft", t, {}).status_code,
    "publish round": lambda w, t: w.api.post(w.tournament["drafted"] + "/rounds/1/publish", t, {}).status_code,
    "check hand pairing": lambda w, t: w.api.post(w.tournament["registered"] + "/rounds/1/check", t, {
        "pairings": [["p2", "p1"]]}).status_code,
    "read round": lambda w, t: w.api.get(w.tournament["published"] + "/rounds/1", t).status_code,
    "record absence": lambda w, t: w.api.post(w.tournament["published"] + "/rounds/1/tables/1/absence", t, {
        "kind": "forfeit", "reason": "Biel did not come"}).status_code,
    "standings": lambda w, t: w.api.get(w.tournament["published"] + "/standings", t).status_code,
    "standings stream": lambda w, t: w.open_stream(w.tournament["published"] + "/stream", t),
    "pairing check": lambda w, t: w.api.get(w.tournament["published"] + "/check", t).status_code,
    "import players": lambda w, t: w.api.post(w.tournament["registered"] + "/players/import", t, {
        "format": "csv", "text": "name,rating\nCarla,1800\n"}).status_code,
    "tournament export": lambda w, t: w.api.get(w.tournament["published"] + "/export?format=trf", t).status_code,
    "close tournament": lambda w, t: w.api.post(w.tournament["closable"] + "/close", t, {"reason": "done"}).status_code,
    "create duplicate": lambda w, t: w.api.post("/v1/duplicates", t, {"profile": "ajs-2012",
                                                                     "players": ["A", "B"]}).status_code,
    "read duplicate": lambda w, t: w.dup_get("fresh", "", t),
    "start duplicate round": lambda w, t: w.dup_post("fresh", "/rounds", t, {}),
    "submit slip": lambda w, t: w.dup_post("playing", "/rounds/1/slips", t,
                                           {"seat": 0, "word": "CASA", "coordinates": "H8"}),
    "close duplicate round": lambda w, t: w.dup_post("playing", "/rounds/1/close", t, None),
    "rule word": lambda w, t: w.dup_post("fresh", "/rulings", t, {"word": "CASA", "valid": True}),
    "choose master": lambda w, t: w.dup_post("closed", "/rounds/1/master", t, {"seat": 0}),
    "publish duplicate round": lambda w, t: w.dup_post("mastered", "/rounds/1/publish", t, {}),
    "correct slip": lambda w, t: w.dup_post("closed", "/rounds/1/slips/0/correct", t, {
        "word": "CASAR", "coordinates": "H4", "reason": "typed wrong"}),
    "sanction": lambda w, t: w.dup_post("playing", "/sanctions", t, {"seat": 1, "reason": "talking"}),
    "end duplicate": lambda w, t: w.dup_post("fresh", "/end", t, {"cause": "force_majeure", "reason": "fire"}),
    "read duplicate round": lambda w, t: w.dup_get("playing", "/rounds/1", t),
    "duplicate ranking": lambda w, t: w.dup_get("fresh", "/ranking", t),
    "duplicate sheet": lambda w, t: w.dup_get("fresh", "/sheets/0", t),
    "duplicate results csv": lambda w, t: w.dup_get("fresh", "/results.csv", t),
    "duplicate events": lambda w, t: w.dup_get("playing", "/events", t),
    "print duplicate sheet": lambda w, t: w.dup_get("playing", "/sheets/0/print?lang=ca", t),
    "print duplicate round": lambda w, t: w.dup_get("playing", "/rounds/1/print", t),
    "print master moves": lambda w, t: w.dup_get("mastered", "/masters/print?lang=en", t),
    "print duplicate ranking": lambda w, t: w.dup_get("fresh", "/print?lang=es", t),
    "duplicate stream": lambda w, t: w.dup_stream(w.dup("playing", t)),
    "issue seat code": lambda w, t: w.api.post(f"/v1/games/{w.table.id}/seats/0/code", t, None).status_code,
    "seat code qr": lambda w, t: w.api.get(f"/v1/seat-codes/{w.code}/qr.svg", t).status_code,
    "bind": lambda w, t: w.api.post("/v1/bind", t, {"code": w.code, "device": "tablet-m"}).status_code,
    "round seat codes": lambda w, t: w.api.post("/v1/rounds/seat-codes", t, {"event": "Matrix seats",
                                                                             "round": w.seated_round}).status_code,
    "replace tablet": lambda w, t: w.api.post(f"/v1/games/{w.table.id}/seats/1/replace", t,
                                              {"reason": "lost"}).status_code,
    "round scoresheets": lambda w, t: w.api.get(f"/v1/rounds/scoresheets?event=Matrix%20seats&round={w.seated_round}",
                                                t).status_code,
    "round time": lambda w, t: w.api.post("/v1/rounds/round-time", t, {"event": "Matrix seats",
                                                                       "round": w.seated_round}).status_code,
    "service key": lambda w, t: w.api.get("/v1/keys", t).status_code,
    "enrol official key": lambda w, t: w.api.post("/v1/officials/keys", t, w.enrolment()).status_code,
    "read official key": lambda w, t: w.api.get(f"/v1/officials/keys/{w.official_key.fingerprint}", t).status_code,
    "revoke official key": lambda w, t: w.api.post(f"/v1/officials/keys/{w.official_key.fingerprint}/revoke", t,
                                                   {"reason": "lost"}).status_code,
    "seal round": lambda w, t: w.api.post("/v1/seals", t, {"event": "Matrix", "round": 1}).status_code,
    "read seal": lambda w, t: w.api.get(f"/v1/seals?event=Matrix&round={w.sealed}", t).status_code,
    "round results sheet": lambda w, t: w.api.get(f"/v1/seals/results?event=Matrix&round={w.sealed}&lang=ca",
                                                  t).status_code,
    "hall outbox": lambda w, t: w.api.get("/v1/hall/outbox", t).status_code,
    "public table": lambda w, t: w.api.get(f"/v1/public/games/{w.table.id}", t).status_code,
    "public wall": lambda w, t: w.api.get("/v1/public/wall?event=Matrix&round=1", t).status_code,
    "public table stream": lambda w, t: w.open_stream(f"/v1/public/games/{w.table.id}/stream", t),
    "public wall stream": lambda w, t: w.open_stream("/v1/public/wall/stream?event=Matrix&round=1", t),
    "read broadcast delay": lambda w, t: w.api.get("/v1/broadcast?event=Matrix", t).status_code,
    "set broadcast delay": lambda w, t: w.api.client.put("/v1/broadcast", headers=w.api.headers(t), json={
        "event": "Matrix", "delay_seconds": 60, "reason": "final"}).status_code,
}
# A player's pass_turn for the other seat is refused before the rules are asked; an official's reaches
# the rules, which refuse it (the game has not started): 422, i.e. past the permission check.
PAST_PERMISSION = {("command: pass_turn for the other seat", "arbiter"): 422,
                   ("command: pass_turn for the other seat", "director"): 422}


# What only reads: any role's call leaves the world as it found it, so these share one world (below).
READS = {"read game", "events", "audit", "receipt", "history export", "gcg export", "stream", "read token",
         "health", "index", "hall tables", "hall stream", "scoresheet", "settlement", "status", "state at",
         "read tournament", "read round", "standings", "standings stream", "pairing check", "tournament export",
         "read duplicate", "read duplicate round", "duplicate ranking", "duplicate sheet", "duplicate results csv",
         "duplicate events", "print duplicate sheet", "print duplicate round", "print master moves",
         "print duplicate ranking", "duplicate stream", "seat code qr", "round scoresheets", "service key",
         "read official key", "read seal", "round results sheet", "public table", "public wall",
         "public table stream", "public wall stream", "read broadcast delay"}


def needs_fresh_world(endpoint: str, expected: int) -> bool:
    """A write that gets past the permission check changes the world: it gets one of its own. A refusal
    (401, 403) and a read change nothing, so they share one world per store (an app and its games, its
    tournaments and duplicates are built once, not 1,700 times)."""
    return endpoint not in READS and expected not in (401, 403)


class SharedWorlds:
    """One app and one World per store, made when first asked for, closed at the end of the module."""

    def __init__(self, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.request, self.tmp, self.found = request, tmp_path_factory, {}
        self.stack = contextlib.ExitStack()

    def __call__(self, store: str) -> World:
        if store not in self.found:
            target = (self.request.getfixturevalue("postgres_url") if store == "postgres"
                      else str(self.tmp.mktemp("matrix") / "data"))
            self.found[store] = World(self.stack.enter_context(contextlib.contextmanager(_api)(target)))
        return self.found[store]


@pytest.fixture(scope="module")
def shared_world(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedWorlds]:
    worlds = SharedWorlds(request, tmp_path_factory)
    with worlds.stack:
        yield worlds


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", list(EXPECTED))
@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_every_role_against_every_endpoint(shared_world: SharedWorlds, request: pytest.FixtureRequest, store: str,
                                           endpoint: str, role: str):
    expected = PAST_PERMISSION.get((endpoint, role), EXPECTED[endpoint][role])
    if not needs_fresh_world(endpoint, expected):
        world = shared_world(store)
        assert CALLS[endpoint](world, world.tokens[role]) == expected
        return
    target = request.getfixturevalue("postgres_url") if store == "postgres" else str(request.getfixturevalue(
        "tmp_path") / "data")
    for api in _api(target):
        world = World(api)
        assert CALLS[endpoint](world, world.tokens[role]) == expected


def test_the_shared_world_is_only_for_what_cannot_change_it():
    """The reads are endpoints of the matrix; a write past the permission check has a world of its own, a
    refusal or a read shares one."""
    assert READS <= set(EXPECTED)
    fresh = {(e, r) for e in EXPECTED for r in ROLES if needs_fresh_world(e, PAST_PERMISSION.get((e, r),
                                                                                                 EXPECTED[e][r]))}
    assert ("create game", "director") in fresh and ("bind", "none") in fresh and ("health", "none") not in fresh
    assert ("create game", "player") not in fresh and ("read game", "player") not in fresh


def test_the_matrix_covers_every_route_of_the_contract(api: Api):
    spec = api.client.get("/openapi.json").json()
    operations = sum(len(methods) for methods in spec["paths"].values())
    # commands appear five times in the matrix (one per kind of sender), everything else once
    assert sum(1 for name in EXPECTED if name.startswith("command:")) == 5
    assert operations == len(EXPECTED) - 4


def test_a_player_sees_their_own_rack_and_the_spectator_none(api: Api):
    table: Table = api.table()
    table.start()
    me, spectator = table.players[0], api.games.issue_token("spectator", "s", "test", game_id=UUID(table.id))[0]
    mine = table.state(me)["players"]
    assert mine[0]["rack"] is not None and mine[1]["rack"] is None
    assert all(p["rack"] is None for p in table.state(spectator)["players"])
    assert all(p["rack"] is not None for p in table.state(api.tokens["tribunal"])["players"])
    drawn = [e for e in api.get(f"/v1/games/{table.id}/events", spectator).json()["events"] if e["type"] == "TilesDrawn"]
    assert drawn and all(e["payload"]["tiles"] is None and e["redacted"] == ["tiles"] for e in drawn)
    own = [e for e in api.get(f"/v1/games/{table.id}/events", me).json()["events"] if e["type"] == "TilesDrawn"]
    assert [e["payload"]["tiles"] is not None for e in own] == [e["payload"]["seat"] == 0 for e in own]


def test_every_event_that_names_rack_tiles_is_in_the_redaction_table():
    """An event type added to the Game with a field of tiles must say whether a stranger may see it."""
    import dataclasses

    from domain.game import events, incidents
    from service.game.views import HIDDEN

    public = {"Created": "players", "StartingTilesDrawn": "tiles drawn in the open", "PlayChallenged": "words",
              "ChallengeRuled": "words", "EndRackDeclared": "revealed at the end", "SenyorsRedrawn": "shown"}
    for module in (events, incidents):
        for cls in vars(module).values():
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__):
                continue
            tiles = {f.name for f in dataclasses.fields(cls) if "list[str]" in str(f.type)} - {"set_aside", "words"}
            hidden = {name for name, _ in HIDDEN.get(cls.__name__, ())}
            assert tiles <= hidden or cls.__name__ in public, (cls.__name__, tiles - hidden)


def test_a_good_token_is_answered_from_memory_until_a_revocation_anywhere_is_seen(api: Api, monkeypatch):
    """While the revocation watch runs (``planilla serve`` starts it), a token looked up once is not read
    again, however long it is used; a revocation made by another process on the same store (as
    ``planilla token revoke`` makes it) is refused within the documented bound (2 s, the watch looks every
    0.5 s); a token this process refused and another then issued is accepted as soon; through this
    process, a revocation applies at the next request. Without the watch, answers expire on their own."""
    import time

    from service.access import store_watch as access
    from service.access.tokens import AccessToken, new_token

    games = api.games
    other = ServiceApplication(dict(games.env))  # another process on the same store
    try:
        table = api.table()
        path = f"/v1/games/{table.id}"
        raw, ident = other.issue_token("spectator", "booth", "test")
        reads = []
        real_token = games._token
        monkeypatch.setattr(games, "_token", lambda i: reads.append(i) or real_token(i))

        # Past a cached answer's own lifetime, the watch still vouches for it: one read, then none. (The
        # watch vouches for as long as a cached answer lasts on its own, a second here, and looks every
        # 0.02 s: only a look stalled for most of a second on a loaded machine could let it lapse.)
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 1.0)
        monkeypatch.setattr(access, "WATCH_EVERY", 0.02)
        assert api.get(path, raw).status_code == 200
        assert len(reads) == 1
        reads.clear()
        time.sleep(1.2)
        for _ in range(5):
            assert api.get(path, raw).status_code == 200
            time.sleep(0.1)
        assert reads == []

        # From here on a cached answer would last a minute: only the watch can change it.
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 60.0)
        assert api.get(path, raw).status_code == 200
        other.revoke_token(ident, "lost", "test")
        started = time.monotonic()
        while api.get(path, raw).status_code == 200:
            assert time.monotonic() - started < 2.0, "a revocation elsewhere was not seen within 2 s"
            time.sleep(0.05)
        assert api.get(path, raw).status_code == 401

        late = new_token()
        assert api.get(path, late).status_code == 401  # unknown here, and remembered as refused
        other.save(AccessToken.issue(late, "spectator", "late", "test", other.clock()))
        started = time.monotonic()
        while api.get(path, late).status_code == 401:
            assert time.monotonic() - started < 2.0, "a token issued elsewhere was refused for over 2 s"
            time.sleep(0.05)

        # Revoked here: refused at once.
        mine, mine_id = games.issue_token("spectator", "mine", "test")
        assert api.get(path, mine).status_code == 200
        games.revoke_token(mine_id, "lost", "test")
        assert api.get(path, mine).status_code == 401

        # Without the watch, a cached answer holds only for its own lifetime, then the store is read.
        monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", 0.2)
        fresh, _ = games.issue_token("spectator", "fresh", "test")
        assert api.get(path, fresh).status_code == 200
        games.stop_token_watch()
        reads.clear()
        time.sleep(0.3)
        assert api.get(path, fresh).status_code == 200 and len(reads) == 1
    finally:
        other.close()

