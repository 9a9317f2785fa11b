"""Tournaments over HTTP on SQLite and PostgreSQL: a round published with its games, the games played
and signed through the API by the seat tokens the round issued, the standings following them."""

from __future__ import annotations

import random
from typing import Any

from tests.api.conftest import Api, Table

PLAYERS = [("Anna Puig", 1900), ("Biel Roca", 1850), ("Carla Vidal", 1800), ("Dani Mas", 1750)]


def seated(api: Api, table: dict[str, Any]) -> Table:
    """A Table for a game the round created, played with the seat tokens the round issued."""
    t = Table.__new__(Table)
    t.api, t.rng, t.id = api, random.Random(table["table"]), table["game_id"]
    t.version = api.get(f"/v1/games/{t.id}", api.tokens["director"]).json()["version"]
    t.players = [seat["token"] for seat in table["tokens"]]
    return t


def test_a_tournament_round_from_pairing_to_standings(api: Api):
    director = api.tokens["director"]
    r = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                               "rounds": 5})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    for name, rating in PLAYERS:
        assert api.post(f"/v1/tournaments/{tid}/players", director, {"name": name, "rating": rating}).status_code == 201
    draft = api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {}).json()
    assert [(t["first"], t["second"]) for t in draft["tables"]] == [("p1", "p3"), ("p2", "p4")]
    assert "FISC I.1" in draft["tables"][0]["why"]
    published = api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {})
    assert published.status_code == 200, published.text
    tables = published.json()["tables"]
    assert all(t["game_id"] and len(t["tokens"]) == 2 for t in tables)

    for table in tables:
        game = seated(api, table)
        game.start()
        game.play_turns(4)
        game.end_by_passes()
        for seat, token in enumerate(game.players):
            game.send(token, "sign", signature=f"seat {seat}")

    standings = api.get(f"/v1/tournaments/{tid}/standings", api.tokens["spectator"])
    assert standings.status_code == 200, standings.text
    rows = standings.json()["rows"]
    assert sum(row["points"] for row in rows) == 2.0
    assert set(rows[0]["tiebreaks"]) == {"median_buchholz", "berger", "spread", "points_for"}
    assert api.get(f"/v1/tournaments/{tid}/check", director).json()["rounds"][0]["agrees"] is True
    assert api.get(f"/v1/tournaments/{tid}/rounds/1", api.tokens["spectator"]).json()["published"] is True


def test_tournament_refusals_name_the_field_and_the_article(api: Api):
    director = api.tokens["director"]
    short = api.post("/v1/tournaments", director, {"name": "x", "rules": "ajs-2012", "profile": "ajs-2012",
                                                   "rounds": 5})
    assert short.status_code == 422 and short.json()["field"] == "rounds" and "AJS 4.1.1" in short.json()["article"]
    assert api.post("/v1/tournaments", api.tokens["spectator"], {"name": "x", "rules": "fisc-2023",
                                                                 "profile": "fisc-2023", "rounds": 5}).status_code == 403
    missing = api.get("/v1/tournaments/7a1c9e2b-3d4f-4a5b-9c6d-7e8f9a0b1c2d", director)
    assert missing.status_code == 404 and missing.json()["code"] == "tournament_not_found"
    bad = api.post("/v1/tournaments", director, {"name": "x", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": "5"})
    assert bad.status_code == 400 and bad.json()["field"] == "rounds"


def test_divisions_are_paired_and_ranked_apart_over_http(api: Api):
    """Players entered in divisions A and B: round 1 pairs each by its own ratings (FISC I.1), B's tables after
    A's; the standings of one division rank its players alone; a division's name is checked."""
    director = api.tokens["director"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": 5}).json()["id"]
    for name, rating, division in [("Anna", 2000, "A"), ("Biel", 1900, "A"), ("Eva", 1600, "B"), ("Ferran", 1500, "B"),
                                   ("Gemma", 1400, "B")]:
        r = api.post(f"/v1/tournaments/{tid}/players", director, {"name": name, "rating": rating, "division": division})
        assert r.status_code == 201, r.text
    refused = api.post(f"/v1/tournaments/{tid}/players", director, {"name": "Hug", "division": "x" * 21})
    assert refused.status_code == 400 and "division" in refused.text  # the body's shape: 400, naming the field
    draft = api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {}).json()
    assert [(t["table"], t["first"], t["second"]) for t in draft["tables"]] == [
        (1, "p1", "p2"), (2, "p3", "p4"), (3, "p5", None)]
    assert api.get(f"/v1/tournaments/{tid}", director).json()["divisions"] == ["A", "B"]
    assert api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {}).status_code == 200
    b = api.get(f"/v1/tournaments/{tid}/standings?division=B", api.tokens["spectator"]).json()
    assert b["division"] == "B" and [row["player"] for row in b["rows"]] == ["p5", "p3", "p4"]  # Gemma's bye: 1 point
    assert [row["rank"] for row in b["rows"]] == [1, 2, 2]
