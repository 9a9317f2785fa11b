"""The permission matrix's world (``tests/api/test_permissions.py``): a game, another game elsewhere, one token per
role, and what each endpoint needs (a tournament at each stage, a duplicate, an official's enrolled key); and how each
endpoint of the contract is called in it, answering its status."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from uuid import UUID


from service.game.application import Actor
from tests.api.conftest import Api

ROLES = ["none", "revoked", "player", "player_elsewhere", "arbiter", "director", "director_elsewhere", "tribunal",
         "spectator", "spectator_elsewhere"]
GCG = "#player1 ana Ana\n#player2 bea Bea\n>ana: ABCDEIO 8G CABE +14 14\n>bea: AEIOURS - +0 0\n"


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
