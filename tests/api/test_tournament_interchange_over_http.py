"""A tournament's files over HTTP: a player list imported (all or none, a refusal naming its line and
column), every export format served with its media type, and each export read back to the same results."""

from __future__ import annotations

import json
from urllib.parse import unquote

from domain.tournament.formats import tables, tou, trf, tsh
from tests.api.conftest import Api
from tests.api.test_tournaments_over_http import seated

PLAYERS_CSV = "nombre,licencia,club,elo\nAnna Puig,FISC-0001,Mots i Més,1900\nBiel Roca,FISC-0002,,1850\n" \
              "Carla Vidal,,,1800\n"


def test_players_imported_then_a_round_played_then_every_export_reads_back(api: Api):
    director = api.tokens["director"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": 5}).json()["id"]
    r = api.post(f"/v1/tournaments/{tid}/players/import", director, {"format": "csv", "text": PLAYERS_CSV})
    assert r.status_code == 201, r.text
    assert [p["name"] for p in r.json()["players"]] == ["Anna Puig", "Biel Roca", "Carla Vidal"]
    players = api.get(f"/v1/tournaments/{tid}", director).json()["players"]
    assert (players[0]["federation_id"], players[0]["club"], players[0]["rating"]) == ("FISC-0001", "Mots i Més",
                                                                                       1900)
    api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {})
    tables_ = api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {}).json()["tables"]
    game = seated(api, next(t for t in tables_ if t["second"]))
    game.start()
    game.play_turns(2)
    game.end_by_passes()
    for token in game.players:
        game.send(token, "sign", signature="x")

    spectator = api.tokens["spectator"]
    got, headers = {}, {}
    for fmt, media in [("tsh", "text/plain"), ("tsh-json", "application/json"), ("tou", "text/plain"),
                       ("trf", "text/plain"), ("csv-players", "text/csv"), ("csv-results", "text/csv"),
                       ("ratings", "text/csv")]:
        r = api.get(f"/v1/tournaments/{tid}/export?format={fmt}", spectator)
        assert r.status_code == 200, (fmt, r.text)
        assert r.headers["content-type"].startswith(media) and "attachment" in r.headers["content-disposition"]
        got[fmt] = r.text
        headers[fmt] = r
    warned = {fmt: [unquote(w) for w in r.headers.get("Planilla-Warnings", "").split(", ") if w]
              for fmt, r in headers.items()}
    assert [w.split(":")[0] for w in warned["trf"]] == ["trf.header", "trf.fide_id", "trf.no_scores"]
    assert "player(s) 1, 2: their federation ids are not FIDE numbers" in warned["trf"][1]
    assert [w.split(":")[0] for w in warned["tsh"]] == ["tsh.bye"]  # a bye of 0-0: tsh's spread 1 higher
    assert warned["csv-players"] == warned["csv-results"] == warned["ratings"] == warned["tou"] == []
    results = tables.read_results(got["csv-results"], tables.read_players(got["csv-players"]))
    assert len(results.lines) == 2 and {x.kind for x in results.lines} == {"played", "bye"}
    assert tsh.read_t(got["tsh"]).lines == tsh.read_live(json.loads(got["tsh-json"])).lines == tuple(
        x.__class__(x.round, x.first, x.second, x.scores, x.kind) for x in results.lines)
    assert tou.read_tou(got["tou"]).lines == tsh.read_t(got["tsh"]).lines
    assert len(trf.read_trf(got["trf"]).lines) == 2
    assert got["ratings"].count("\n") == 2  # the header and the one game between two players


def test_a_bad_player_list_names_its_line_and_column_and_enters_nobody(api: Api):
    director = api.tokens["director"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "ajs-2012", "profile": "ajs-2012",
                                                 "rounds": 6}).json()["id"]
    r = api.post(f"/v1/tournaments/{tid}/players/import", director,
                 {"format": "csv", "text": "name,rating\nAnna,1900\nBiel,fort\n"})
    assert r.status_code == 422 and r.json()["field"] == "rating" and r.json()["position"] == 3, r.text
    assert "line 3" in r.json()["message"]
    twice = api.post(f"/v1/tournaments/{tid}/players/import", director,
                     {"format": "csv", "text": "name\nAnna\nAnna\n"})
    assert twice.status_code == 422 and "player 2 (Anna)" in twice.json()["message"], twice.text
    assert api.get(f"/v1/tournaments/{tid}", director).json()["players"] == []  # all or none
    assert api.post(f"/v1/tournaments/{tid}/players/import", director,
                    {"format": "gcg", "text": "x"}).status_code == 400
    assert api.get(f"/v1/tournaments/{tid}/export?format=pdf", director).status_code == 400
    trf_text = ("012 Obert\n001    1      Anna Puig                         1900       FISC-0001\n"
                "001    2      Biel Roca                         1850\n")
    r = api.post(f"/v1/tournaments/{tid}/players/import", director, {"format": "trf", "text": trf_text})
    assert r.status_code == 201 and len(r.json()["players"]) == 2, r.text


def test_a_round_is_drafted_on_the_results_of_the_games_signed_before(api: Api):
    """The draft brings the results up to date first: signed games count even when nobody read the standings,
    so the pairing checker, which derives the round again from every result before it, agrees."""
    director = api.tokens["director"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": 5}).json()["id"]
    text = "name,rating\n" + "".join(f"Jugador {n},{2000 - 10 * n}\n" for n in range(1, 9))
    assert api.post(f"/v1/tournaments/{tid}/players/import", director, {"format": "csv", "text": text}).status_code == 201
    api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {})
    for table in api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {}).json()["tables"]:
        game = seated(api, table)
        game.start()
        game.play_turns(2)
        game.end_by_passes()
        for token in game.players:
            game.send(token, "sign", signature="x")
    assert api.post(f"/v1/tournaments/{tid}/rounds/2/draft", director, {}).status_code == 200
    assert api.post(f"/v1/tournaments/{tid}/rounds/2/publish", director, {}).status_code == 200
    standings = api.get(f"/v1/tournaments/{tid}/standings?round=1", director).json()["rows"]
    assert sum(r["points"] for r in standings) == 4.0
    assert [r["agrees"] for r in api.get(f"/v1/tournaments/{tid}/check", director).json()["rounds"]] == [True, True]


def test_a_player_list_with_divisions_is_entered_in_them_and_each_division_exported_on_its_own(api: Api):
    """The list's ``división`` column enters each player in a division; tsh's .t holds one division (a tournament
    of two names it: ``division=B``, numbered from 1), refused without; the feed lists both."""
    director, spectator = api.tokens["director"], api.tokens["spectator"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": 5}).json()["id"]
    text = "nombre,elo,división\nAnna Puig,1900,A\nEmma Soler,1700,B\nBiel Roca,1850,A\nFerran Gil,1650,B\n"
    assert api.post(f"/v1/tournaments/{tid}/players/import", director, {"format": "csv", "text": text}).status_code == 201
    view = api.get(f"/v1/tournaments/{tid}", spectator).json()
    assert view["divisions"] == ["A", "B"] and [p["division"] for p in view["players"]] == ["A", "B", "A", "B"]
    api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {})
    api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {})

    refused = api.get(f"/v1/tournaments/{tid}/export?format=tsh", spectator)
    assert refused.status_code == 422 and refused.json()["field"] == "division"
    b = api.get(f"/v1/tournaments/{tid}/export?format=tsh&division=B", spectator)
    assert b.status_code == 200 and '-tsh-B.t"' in b.headers["content-disposition"]
    assert b.text == "Emma Soler 1700; ; p12; plkind\nFerran Gil 1650; ; p12; plkind\n"  # no result yet
    feed = api.get(f"/v1/tournaments/{tid}/export?format=tsh-json", spectator).json()
    assert [(d["name"], [p["name"] for p in d["players"][1:]]) for d in feed["divisions"]] == [
        ("A", ["Anna Puig", "Biel Roca"]), ("B", ["Emma Soler", "Ferran Gil"])]
    players = api.get(f"/v1/tournaments/{tid}/export?format=csv-players", spectator).text
    assert players.splitlines()[0] == "number,name,federation_id,club,rating,division"
    assert api.get(f"/v1/tournaments/{tid}/export?format=trf&division=C", spectator).status_code == 422
