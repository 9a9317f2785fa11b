"""A tournament on a hall server (``tests.browser.hall.Hall``), driven over HTTP as a director and the
players would: players entered, a round drafted and published, a game of it played (two plays by the
bot), ended by the director (FILE 44.5) and signed by both players with the seat tokens the round issued.
Used by the pages' browser tests, the stream's API test and ``bench/bench_standings_live.py``. The tournament
pages' tests share the players, the hall screen's size and ``page_in`` from here too.
"""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import httpx

from tests.application.script import find_play


#: The hall screen's viewport; thirteen players with their ratings; a browser page in a language.
WALL = {"width": 1920, "height": 1080}
NAMES = ["Anna Puig", "Biel Roca", "Carla Vidal", "Dani Mas", "Eva Soler", "Ferran Gil", "Gemma Pons", "Hug Serra",
         "Irene Camps", "Jordi Vila", "Laia Font", "Marc Riera", "Núria Bosch"]
PLAYERS = [(name, 2000 - 25 * i) for i, name in enumerate(NAMES)]


def page_in(browser: Any, lang: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    return context, context.new_page()


class HallTournament:
    """One tournament on the service at ``http`` (an httpx client on its base URL), directed with ``director``."""

    def __init__(self, http: httpx.Client, games: Any, director: str, *, name: str = "Obert de Molins",
                 rules: str = "fisc-2023", rounds: int = 5) -> None:
        self.http, self.games, self.director = http, games, director
        r = http.post("/v1/tournaments", json={"name": name, "rules": rules, "profile": rules, "rounds": rounds},
                      headers=self.headers(director))
        assert r.status_code == 201, r.text
        self.id = r.json()["id"]
        self.path = f"/v1/tournaments/{self.id}"
        self.tables: list[dict[str, Any]] = []

    def headers(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}", "X-Device": "officials-laptop"}

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        r = self.http.post(self.path + path, json=body, headers=self.headers(token or self.director))
        assert r.status_code in (200, 201), r.text
        return r.json()

    def enter(self, players: list[tuple[str, int]]) -> None:
        text = "name,rating\n" + "".join(f"{name},{rating}\n" for name, rating in players)
        self.post("/players/import", {"format": "csv", "text": text})

    def publish(self, round_no: int) -> list[dict[str, Any]]:
        self.post(f"/rounds/{round_no}/draft", {})
        self.tables = self.post(f"/rounds/{round_no}/publish", {})["tables"]
        return self.tables

    def play(self, table: dict[str, Any], rng: random.Random, *, plays: int = 2) -> "TableGame":
        """A table's game up to the last signature (not sent): started, ``plays`` plays, ended by the director."""
        game = TableGame(self, table)
        game.start()
        game.plays(plays, rng)
        game.send(self.director, "end_game", cause="director", detail="short game for the test (FILE 44.5)")
        game.send(game.tokens[0], "sign", signature="seat 0")
        return game


class TableGame:
    """One table's game, played over HTTP with its seat tokens; the bot reads the stored game to choose plays."""

    def __init__(self, tournament: HallTournament, table: dict[str, Any]) -> None:
        self.t, self.id = tournament, table["game_id"]
        self.tokens = [seat["token"] for seat in table["tokens"]]
        self.version = self.read()["version"]

    def read(self) -> dict[str, Any]:
        r = self.t.http.get(f"/v1/games/{self.id}", headers=self.t.headers(self.t.director))
        assert r.status_code == 200, r.text
        return r.json()

    def send(self, token: str, type: str, **fields: Any) -> httpx.Response:
        r = self.t.http.post(f"/v1/games/{self.id}/commands", json={"type": type, "expected_version": self.version,
                                                                     **fields}, headers=self.t.headers(token))
        assert r.status_code == 200, r.text
        self.version = r.json()["version"]
        return r

    @property
    def eyes(self) -> Any:
        return self.t.games.get_game(UUID(self.id))

    def start(self) -> None:
        while self.eyes.phase == "starting":
            self.send(self.t.director, "draw_for_start")
        starter = self.eyes.starter
        for k in range(2):
            self.send(self.tokens[(starter + k) % 2], "draw_tiles")

    def plays(self, n: int, rng: random.Random) -> None:
        for _ in range(n):
            game = self.eyes
            seat = game.turn
            found = find_play(game, seat, rng)
            if found is None:
                self.send(self.tokens[seat], "pass_turn")
                continue
            self.send(self.tokens[seat], "place_tiles", coordinates=found[0], word=found[1])
            if (self.eyes.pending or {}).get("kind") == "centre_choice":
                self.send(self.tokens[1 - seat], "decide_off_centre", accept=True)
            if self.eyes.phase == "playing":
                self.send(self.tokens[1 - seat], "accept")

    def sign_last(self) -> httpx.Response:
        """The second signature, which closes the game (FILE 43)."""
        return self.send(self.tokens[1], "sign", signature="seat 1")
