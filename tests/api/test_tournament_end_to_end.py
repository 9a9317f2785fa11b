"""Issue 17's proof: 40 players, 9 Swiss rounds under FISC and under AJS, every game played through the API.

Everything a director and the players do goes through HTTP: the player list imported, each round
drafted and published, every game started, played, ended and signed with the seat tokens the
round issued, a no-show recorded by the director (AJS 4.1.11.1), a late entry after round 3
(FISC's P/2, AJS 4.1.9), and a request to reopen a signed game, which both bodies refuse (FISC I.8,
AJS 4.1.14: a sheet handed in is final) so the standings must not move. A game reopened with both
players' consent (FILE 43) is played under the FILE profile in
``test_a_reopened_game_moves_the_standings_and_the_exports``.
The bot looks at the application only to choose a legal play (its eyes), never to act.

Games are short, to keep the test under 90 s on two shared cores (about 80 s measured): two plays
each, then the director ends the game (``end_game``, cause ``director``: FILE 44.5, no rack
deducted) and both players sign (FILE 43). Scores are therefore small and draws happen, which the
standings must handle too; no play uses seven tiles, so there are no scrabbles to count.

The final standings are compared with a computation written here from the articles, independent
of ``domain.tournament.standings``: points 1 / ½ / 0 (FISC I.1; AJS 4.1.8), a bye 1 (FISC I.1 C;
AJS 4.1.6), a no-show 300-0 and a win to the one present (AJS 4.1.11.1), Median-Buchholz dropping
the two lowest opponents in 9 rounds (FISC I.1; AJS 4.1.8.1), Berger / Sonneborn-Berger, spread,
points for (FISC), average points for over games played and scrabbles (AJS). The settings the
rulebooks leave to the director are the tournament's defaults (docs/tournaments.md): a round
without a game counts as an opponent with no points; a late entry's rounds before entering count
nothing. Then every export is read back and gives the same results and the same standings.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any
from uuid import UUID

import pytest

from domain.tournament import RULES, standings
from domain.tournament.formats import Sheet, results_of, tables, tou, trf, tsh
from domain.tournament.results import Kind
from tests.api.conftest import Api, _api
from tests.application.script import find_play

ROUNDS = 9
NO_SHOW = (2, 3)  # round 2, table 3: the second named does not come
REOPENED = (5, 1)  # round 5, table 1: reopened after signing, then signed again
LATE_AFTER = 3  # the 40th player enters once round 3 is published


@pytest.fixture
def memory_api():
    """The app on the in-memory store: 360 games through HTTP in about 80 s (the HTTP stories run on
    SQLite and PostgreSQL elsewhere; here the subject is the tournament, not the store)."""
    yield from _api("memory")


class Director:
    """The director's and the players' requests, and the record the test keeps of every result."""

    def __init__(self, api: Api, rules: str, seed: int, profile: str | None = None) -> None:
        self.api, self.rng = api, random.Random(seed)
        self.token = api.tokens["director"]
        self.rules, self.profile = rules, profile or rules
        r = api.post("/v1/tournaments", self.token, {"name": f"Obert {rules}", "rules": rules,
                                                     "profile": self.profile, "rounds": ROUNDS})
        assert r.status_code == 201, r.text
        self.tid = r.json()["id"]
        self.path = f"/v1/tournaments/{self.tid}"
        #: (round, first, second) -> (scores, kind): the test's own record of every table
        self.record: dict[tuple[int, str, str | None], tuple[tuple[int, int], Kind]] = {}

    def post(self, path: str, body: Any, expect: int = 200) -> Any:
        r = self.api.post(self.path + path, self.token, body)
        assert r.status_code == expect, r.text
        return r.json()

    def get(self, path: str, token: str | None = None) -> Any:
        r = self.api.get(self.path + path, token or self.api.tokens["spectator"])
        assert r.status_code == 200, r.text
        return r

    # ---- a game through the API ---------------------------------------------------------------
    def play(self, table: dict[str, Any]) -> None:
        gid, tokens = table["game_id"], [s["token"] for s in table["tokens"]]
        game = Game(self.api, gid, tokens, self.rng)
        game.start()
        game.plays(2)
        game.send(self.token, "end_game", cause="director", detail="short game for the test (FILE 44.5)")
        game.sign()
        self.keep(table, game)

    def keep(self, table: dict[str, Any], game: "Game") -> None:
        settled = self.api.get(f"/v1/games/{game.id}/settlement", self.token)
        assert settled.status_code == 200, settled.text
        scores = tuple(p["final_score"] for p in settled.json()["players"])
        first, second = table["first"], table["second"]
        if self.api.get(f"/v1/games/{game.id}", self.token).json()["starter"] == 1:  # the files name the starter first
            first, second, scores = second, first, scores[::-1]
        self.record[(table["round"], first, second)] = (scores, Kind.PLAYED)


class Game:
    """One game played over HTTP with the seat tokens its round issued."""

    def __init__(self, api: Api, gid: str, tokens: list[str], rng: random.Random) -> None:
        self.api, self.id, self.tokens, self.rng = api, gid, tokens, rng
        self.director = api.tokens["director"]
        self.version = api.get(f"/v1/games/{gid}", self.director).json()["version"]

    @property
    def eyes(self) -> Any:
        return self.api.games.get_game(UUID(self.id))

    def send(self, token: str, type: str, **fields: Any) -> None:
        r = self.api.post(f"/v1/games/{self.id}/commands", token, {"type": type, "expected_version": self.version,
                                                                   **fields})
        assert r.status_code == 200, r.text
        self.version = r.json()["version"]

    def start(self) -> None:
        while self.eyes.phase == "starting":
            self.send(self.director, "draw_for_start")
        starter = self.eyes.starter
        for k in range(2):
            self.send(self.tokens[(starter + k) % 2], "draw_tiles")

    def plays(self, n: int) -> None:
        for _ in range(n):
            game = self.eyes
            seat = game.turn
            found = find_play(game, seat, self.rng)
            if found is None:
                self.send(self.tokens[seat], "pass_turn")
                continue
            self.send(self.tokens[seat], "place_tiles", coordinates=found[0], word=found[1])
            game = self.eyes
            if game.pending and game.pending.get("kind") == "centre_choice":
                self.send(self.tokens[1 - seat], "decide_off_centre", accept=True)
            if self.eyes.phase == "playing":
                self.send(self.tokens[1 - seat], "accept")

    def sign(self) -> None:
        for seat, token in enumerate(self.tokens):
            self.send(token, "sign", signature=f"seat {seat}")
        assert self.eyes.phase == "closed"


# ---- the independent computation, from the articles ----------------------------------------------
def by_hand(record: dict[tuple[int, str, str | None], tuple[tuple[int, int], Kind]], players: list[str],
            rules: str) -> dict[str, tuple[float, ...]]:
    """Each player's points and tie-breaks in the rules' order, computed here from the articles."""
    mine: dict[str, list[tuple[int, str | None, float, int, int, Kind]]] = defaultdict(list)
    for (rnd, a, b), (scores, kind) in record.items():
        if b is None:
            mine[a].append((rnd, None, 1.0, 0, 0, kind))  # FISC I.1 C, AJS 4.1.6: the bye is worth a win
            continue
        if kind is Kind.FORFEIT:
            pa, pb = 1.0, 0.0  # AJS 4.1.11.1: 300-0 to the one present
        elif kind is Kind.BOTH_ABSENT:
            pa = pb = 0.0
        else:
            pa = 1.0 if scores[0] > scores[1] else 0.5 if scores[0] == scores[1] else 0.0
            pb = 1.0 - pa
        mine[a].append((rnd, b, pa, scores[0], scores[1], kind))
        mine[b].append((rnd, a, pb, scores[1], scores[0], kind))
    points = {p: sum(g[2] for g in mine[p]) for p in players}
    out = {}
    for p in players:
        games = mine[p]
        # an opponent's points, or 0 for a round without a game over the board (the default setting)
        opp = sorted(points[o] if o is not None and k is Kind.PLAYED else 0.0 for _, o, _, _, _, k in games)
        median_buchholz = sum(opp[2:])  # 9 rounds: the two lowest dropped (FISC I.1; AJS 4.1.8.1)
        berger = sum(w * (points[o] if k is Kind.PLAYED else 0.0) for _, o, w, _, _, k in games if o is not None)
        spread = sum(s - c for _, _, _, s, c, _ in games)
        points_for = sum(s for _, _, _, s, _, _ in games)
        if rules == "fisc-2023":
            out[p] = (points[p], median_buchholz, berger, spread, points_for)
        else:
            played = [s for _, _, _, s, _, k in games if k is Kind.PLAYED]
            out[p] = (points[p], median_buchholz, berger, spread, sum(played) / len(played) if played else 0.0, 0)
    return out


def rounded(table: dict[str, tuple[float, ...]]) -> dict[str, tuple[float, ...]]:
    """The figures to 9 decimals (the average of points for is a float)."""
    return {p: tuple(round(float(v), 9) for v in values) for p, values in table.items()}


def rows_of(standing: dict[str, Any]) -> dict[str, tuple[float, ...]]:
    order = standing["tiebreaks"]
    return {r["player"]: (r["points"], *(r["tiebreaks"][t]["value"] for t in order if t != "lots"))
            for r in standing["rows"]}


# ---- the tournament ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", ["fisc-2023", "ajs-2012"])
def test_forty_players_nine_swiss_rounds_through_the_api(memory_api: Api, rules: str):
    d = Director(memory_api, rules, seed=17)
    rng = random.Random(40)
    ratings = rng.sample(range(1200, 2200), 40)
    csv = "name,federation_id,club,rating\n" + "".join(
        f"Jugador {n:02d},FED-{n:03d},Club {n % 5},{ratings[n - 1]}\n" for n in range(1, 40))
    assert len(d.post("/players/import", {"format": "csv", "text": csv}, expect=201)["players"]) == 39

    for rnd in range(1, ROUNDS + 1):
        drafted = d.post(f"/rounds/{rnd}/draft", {})
        assert all(t["why"] for t in drafted["tables"])
        tables_ = d.post(f"/rounds/{rnd}/publish", {})["tables"]
        if rnd == LATE_AFTER:
            late = d.post("/players", {"name": "Jugador 40", "federation_id": "FED-040", "rating": ratings[39]},
                          expect=201)
            assert (late["from_round"], late["pairing_bonus"]) == (4, 1.5)  # FISC P/2, AJS 4.1.9
        for t in tables_:
            t["round"] = rnd
            if t["second"] is None:
                d.record[(rnd, t["first"], None)] = ((0, 0), Kind.BYE)
            elif (rnd, t["table"]) == NO_SHOW:
                d.post(f"/rounds/{rnd}/tables/{t['table']}/absence", {"kind": "forfeit", "reason": "did not come"})
                d.record[(rnd, t["first"], t["second"])] = ((300, 0), Kind.FORFEIT)
            else:
                d.play(t)
        if rnd == REOPENED[0]:
            reopen(d, tables_[REOPENED[1] - 1])
        standing = d.get(f"/standings?round={rnd}").json()
        played = sum(2 if k is not Kind.BYE else 1 for (r, _, _), (_, k) in d.record.items() if r == rnd)
        assert sum(len([x for x in row["rounds"] if x["round"] == rnd]) for row in standing["rows"]) == played, [
            (r["player"], r["rounds"]) for r in standing["rows"] if not any(x["round"] == rnd for x in r["rounds"])]

    # the pairing checker derives every round again from the events before it
    assert all(r["agrees"] for r in d.get("/check").json()["rounds"])
    players = [p["player"] for p in d.get("").json()["players"]]
    assert len(players) == 40

    final = d.get("/standings").json()
    assert rounded(rows_of(final)) == rounded(by_hand(d.record, players, rules))
    keys = [rows_of(final)[r["player"]] for r in final["rows"]]
    assert keys == sorted(keys, key=lambda k: tuple(-x for x in k))  # ranked by points, then each tie-break
    late = next(r for r in final["rows"] if r["name"] == "Jugador 40")
    assert late["points"] == sum(x["points"] for x in late["rounds"])  # the P/2 bonus is not in the final table

    # every export read back gives the same results and the same standings
    record_lines = sorted((r, int(a[1:]), int(b[1:]) if b else None, s, k)
                          for (r, a, b), (s, k) in d.record.items())
    sheets = {
        "tsh": tsh.read_t(d.get("/export?format=tsh").text, rounds=ROUNDS),
        "tsh-json": tsh.read_live(json.loads(d.get("/export?format=tsh-json").text)),
        "tou": tou.read_tou(d.get("/export?format=tou").text),
        "csv-results": tables.read_results(d.get("/export?format=csv-results").text,
                                           tables.read_players(d.get("/export?format=csv-players").text)),
    }
    for fmt, sheet in sheets.items():
        assert sorted((x.round, x.first, x.second, x.scores, x.kind) for x in sheet.lines) == record_lines, fmt
        assert rounded(standings_of(sheet, rules, players)) == rounded(rows_of(final)), fmt
    again = trf.read_trf(d.get("/export?format=trf").text)
    assert sorted((x.round, x.first, x.second) for x in again.lines) == [x[:3] for x in record_lines]
    assert {p: v[:3] for p, v in standings_of(again, rules, players).items()} == {
        p: v[:3] for p, v in rows_of(final).items()}  # TRF has no scores: points, Median-Buchholz, Berger
    ratings_csv = d.get("/export?format=ratings").text.splitlines()
    assert len(ratings_csv) == 1 + sum(1 for (_, _, b) in d.record if b is not None)


def reopen(d: Director, table: dict[str, Any]) -> None:
    """FILE 43: both players ask from their own tablets, the director reopens: the result leaves the standings
    until both sign again. FISC I.8 and AJS 4.1.14 forbid it (a sheet handed in is final): there the request
    is refused and the standings do not move."""
    game = Game(d.api, table["game_id"], [s["token"] for s in table["tokens"]], d.rng)
    if d.profile in ("fisc-2023", "ajs-2012"):  # FISC I.8, AJS 4.1.14: a sheet handed in is final
        before = d.get("/standings").json()
        r = d.api.post(f"/v1/games/{game.id}/commands", game.tokens[0], {
            "type": "consent_reopen", "expected_version": game.version, "reason": "score slip"})
        assert r.status_code == 423 and r.json()["article"] in ("FISC I.8", "AJS 2 (on FISE VII.44), 4.1.14"), r.text
        assert d.get("/standings").json() == before
        return
    for token in game.tokens:
        game.send(token, "consent_reopen", reason="score slip")
    game.send(d.token, "reopen", reason="score slip")
    rows = d.get("/standings").json()["rows"]
    assert all(x["round"] != table["round"] for r in rows if r["player"] == table["first"] for x in r["rounds"])
    game.sign()
    d.keep(table, game)


def standings_of(sheet: Sheet, rules: str, players: list[str]) -> dict[str, tuple[float, ...]]:
    """The domain's standings of a sheet read back from a file, as the rows compare."""
    base = RULES[rules]
    rows = standings(players, results_of(sheet), base, rounds=ROUNDS)
    return {r.player: (r.points, *(r.tiebreaks[t].value for t in base.order if str(t) != "lots")) for r in rows}


def test_a_reopened_game_moves_the_standings_and_the_exports(memory_api: Api):
    """FILE 43 (the FILE profile allows it, with both players' consent): the reopened game's result leaves
    the standings and every export until both players sign again; then it is back, the same."""
    d = Director(memory_api, "fisc-2023", seed=43, profile="file-2024")
    d.post("/players/import", {"format": "csv", "text": "name,rating\nAnna,1900\nBiel,1850\nCarla,1800\n"
                                                        "Dani,1750\n"}, expect=201)
    d.post("/rounds/1/draft", {})
    tables_ = d.post("/rounds/1/publish", {})["tables"]
    for t in tables_:
        t["round"] = 1
        d.play(t)
    before = d.get("/standings").json()
    assert sum(r["points"] for r in before["rows"]) == 2.0
    game = Game(d.api, tables_[0]["game_id"], [s["token"] for s in tables_[0]["tokens"]], d.rng)
    for token in game.tokens:
        game.send(token, "consent_reopen", reason="score slip")
    game.send(d.token, "reopen", reason="score slip")
    assert sum(r["points"] for r in d.get("/standings").json()["rows"]) == 1.0
    assert len(tables.read_results(d.get("/export?format=csv-results").text,
                                   tables.read_players(d.get("/export?format=csv-players").text)).lines) == 1
    game.sign()
    assert d.get("/standings").json() == before
    assert len(tsh.read_t(d.get("/export?format=tsh").text).lines) == 2
