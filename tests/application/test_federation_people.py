"""The federation's pages on results and people (issue 29, "The federation's pages"): an event's standings as its
hall attested them, each figure with its inputs; a player's history across events and halls known by federation
id, players without one never merged by name; search by player, event and date; hidden players; the officers'
page; a rating formula plugged in as data. Results documents written by hand, pushed signed by two halls.
"""

from __future__ import annotations

import json
import re

import pytest
from tests.testclient import TestClient

from service.federation import queries
from service.federation.archive import Archive
from service.federation.http import create_federation_app
from service.federation.keys import NamedKey
from service.federation.push import PushRefused
from service.federation.ratings import FormulaRefused, rate
from service.federation.store import Db
from service.trust.keys import ServiceKey
from tests.federation_world import RATINGS, results_body, row, signed

LOG = NamedKey.generate("fisc.cat/seals")
def fill(archive: Archive, a: ServiceKey, b: ServiceKey) -> None:
    """Hall A's Open (2025-05-01): Anna Puig (FISC-0042) beat Jordi Mas 420–380; two players named Pere Roca, no
    id, one beat the other 400–350. Hall B's Copa (2025-09-10): Ana Puig (FISC-0042 again) lost to Pere Roca (no
    id) 390–410; Núria Solé (FISC-0100) had a bye."""
    archive.enrol_hall(a.fingerprint, "Casal de Girona", "officer:test")
    archive.enrol_hall(b.fingerprint, "Club de Lleida", "officer:test")
    archive.enrol_event(a.fingerprint, "Open", "2025-05-01", "2025-05-01", "officer:test")
    archive.enrol_event(b.fingerprint, "Copa", "2025-09-10", "2025-09-11", "officer:test")
    open_rows = [row("p1", "Anna Puig", "FISC-0042", 1, 1, [("Jordi Mas", 40)], [(1, "Jordi Mas", 1, 420, 380)]),
                 row("p3", "Pere Roca", "", 1, 1, [("Pere Roca", 50)], [(1, "Pere Roca", 1, 400, 350)]),
                 row("p2", "Jordi Mas", "FISC-0007", 3, 0, [("Anna Puig", -40)], [(1, "Anna Puig", 0, 380, 420)]),
                 row("p4", "Pere Roca", "", 3, 0, [("Pere Roca", -50)], [(1, "Pere Roca", 0, 350, 400)])]
    ratings = RATINGS + "1,played,1,FISC-0042,Anna Puig,1500,420,2,FISC-0007,Jordi Mas,1500,380\n"
    copa_rows = [row("p2", "Pere Roca", "", 1, 1, [("Ana Puig", 20)], [(1, "Ana Puig", 1, 410, 390)]),
                 row("p3", "Núria Solé", "FISC-0100", 1, 1, [("bye", 50)], [(1, None, 1, 50, 0)]),
                 row("p1", "Ana Puig", "FISC-0042", 3, 0, [("Pere Roca", -20)], [(1, "Pere Roca", 0, 390, 410)])]
    for key, body in ((a, results_body("Open", "t-open", open_rows, ratings)),
                      (b, results_body("Copa", "t-copa", copa_rows))):
        archive.push(body, signed(key, body))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fed")
    a, _ = ServiceKey.for_store(str(folder / "a"))
    b, _ = ServiceKey.for_store(str(folder / "b"))
    url = str(folder / "federation.sqlite3")
    archive = Archive(Db(url), LOG)
    fill(archive, a, b)
    raw, _ = archive.create_officer_token("anna")
    archive.db.close()
    client = TestClient(create_federation_app(url, LOG))
    yield {"url": url, "client": client, "a": a, "b": b, "token": raw}


def archive_of(world) -> Archive:
    return Archive(Db(world["url"]), LOG, made=True)


def test_a_player_with_a_federation_id_is_one_player_across_events_and_halls(world):
    kept = archive_of(world)
    found = queries.history(kept, "id:FISC-0042")
    assert [(h["event"], h["hall_name"], h["name"], h["rank"], h["points"]) for h in found] == [
        ("Open", "Casal de Girona", "Anna Puig", 1, 1), ("Copa", "Club de Lleida", "Ana Puig", 3, 0)]
    page = world["client"].get("/players", params={"who": "id:FISC-0042", "lang": "en"}).text
    assert "Anna Puig, Ana Puig" in page and "FISC-0042" in page and "Club de Lleida" in page


def test_a_history_reads_each_players_own_row_kept_beside_the_entries_not_the_results_push(world, tmp_path):
    """Each player's own standings row is kept beside the entries (``own_rows``): the history is the same with
    every results document emptied. A store made before the table gains it and its rows at the next start, and a
    push indexed without them is read whole, as before."""
    import shutil
    import sqlite3

    kept = archive_of(world)
    before = queries.history(kept, "id:FISC-0042")
    assert [(h["division"], h["rank"], h["points"], h["rounds"]) for h in before] == [
        (None, 1, 1, [{"round": 1, "opponent": "Jordi Mas", "kind": "played", "points": 1, "scored": 420,
                       "conceded": 380}]),
        (None, 3, 0, [{"round": 1, "opponent": "Pere Roca", "kind": "played", "points": 0, "scored": 390,
                       "conceded": 410}])]
    assert [(h["starts"], h["ends"]) for h in before] == [("2025-05-01", "2025-05-01"), ("2025-09-10", "2025-09-11")]
    emptied = tmp_path / "emptied.sqlite3"
    shutil.copy(world["url"], emptied)
    with sqlite3.connect(emptied) as db:
        db.execute("UPDATE results SET document = '{}'")
    assert queries.history(Archive(Db(str(emptied)), LOG, made=True), "id:FISC-0042") == before
    old = tmp_path / "old.sqlite3"
    shutil.copy(world["url"], old)
    with sqlite3.connect(old) as db:
        db.execute("DELETE FROM own_rows")  # pushes indexed by an older process: read from the push
    assert queries.history(Archive(Db(str(old)), LOG, made=True), "id:FISC-0042") == before
    with sqlite3.connect(old) as db:
        db.execute("DROP TABLE own_rows")  # as made before the table
    migrated = Archive(Db(str(old)), LOG)
    assert migrated.db.one("SELECT COUNT(*) FROM own_rows")[0] == 7
    assert queries.own_rows_kept(migrated.db) == 0  # nothing more to do
    assert queries.history(migrated, "id:FISC-0042") == before
    for who in {p["who"] for p in queries.search(migrated, "pere")["entries"]}:
        assert [h["rank"] for h in queries.history(migrated, who)] in ([1], [3])


def test_two_players_of_the_same_name_without_an_id_are_never_merged(world):
    """Two Pere Roca in one event and a third in another: three entries, three histories of one event each."""
    kept = archive_of(world)
    assert queries.search(kept, "pere roca")["players"] == []  # listed apart from those with a federation id
    found = queries.search(kept, "pere roca")["entries"]
    assert len(found) == 3 and len({p["who"] for p in found}) == 3
    assert all(p["who"].startswith("entry:") and len(p["events"]) == 1 for p in found)
    for p in found:
        assert len(queries.history(kept, p["who"])) == 1
    page = world["client"].get("/search", params={"q": "Pere", "lang": "es"}).text
    assert page.count("/players?who=entry") == 3 and "Inscripciones sin licencia" in page


def test_search_lists_at_most_so_many_of_each_kind_and_says_there_are_more(world, monkeypatch):
    """Everything of 2025, one of each kind: the first by name, and a word that there are more."""
    kept = archive_of(world)
    found = queries.search(kept, "", "2025-01-01", "2025-12-31", shown=1)
    assert [p["names"] for p in found["players"]] == [["Anna Puig", "Ana Puig"]]  # as entered, event by event
    assert [(p["names"], p["events"]) for p in found["entries"]] == [(["Pere Roca"], ["Open"])]
    assert [e["name"] for e in found["events"]] == ["Open"]
    assert found["more"] == {"events": True, "players": True, "entries": True}
    assert queries.search(kept, "núria", shown=1)["more"] == {"events": False, "players": False, "entries": False}
    monkeypatch.setattr(queries, "SHOWN", 1)
    page = world["client"].get("/search", params={"from": "2025-01-01", "to": "2025-12-31", "lang": "ca"}).text
    assert page.count("N&#x27;hi ha més de 1: afineu la cerca") == 3  # 3 players, 3 entries, 2 events
    page = world["client"].get("/search", params={"q": "a", "lang": "ca"}).text
    assert "N&#x27;hi ha més" not in page  # one letter: names starting with it, one player


def test_a_text_under_three_letters_finds_the_names_that_start_with_it(world):
    """``a`` holds in Jordi Mas and Pere Roca too, but only Anna/Ana Puig starts with it; ``ma`` is in Jordi Mas,
    ``mas`` (three letters) finds him; events alike (``pa`` is in Copa, ``co`` starts it)."""
    kept = archive_of(world)
    found = queries.search(kept, "A")
    assert [(p["who"], p["names"], p["events"]) for p in found["players"]] == [
        ("id:FISC-0042", ["Anna Puig", "Ana Puig"], ["Open", "Copa"])]
    assert found["entries"] == [] and found["events"] == []
    assert [(p["names"], p["events"]) for p in queries.search(kept, "pe")["entries"]] == [
        (["Pere Roca"], ["Open"]), (["Pere Roca"], ["Open"]), (["Pere Roca"], ["Copa"])]
    assert queries.search(kept, "pe")["players"] == []
    assert [p["names"] for p in queries.search(kept, "Nú")["players"]] == [["Núria Solé"]]
    assert queries.search(kept, "ma")["players"] == []
    assert [p["who"] for p in queries.search(kept, "mas")["players"]] == ["id:FISC-0007"]
    assert [e["name"] for e in queries.search(kept, "co")["events"]] == ["Copa"]
    assert queries.search(kept, "pa")["events"] == []
    dated = queries.search(kept, "a", "2025-09-01")
    assert [(p["names"], p["events"]) for p in dated["players"]] == [(["Ana Puig"], ["Copa"])]


def test_search_by_player_event_and_date_ignores_case_and_accents(world):
    kept = archive_of(world)
    assert [p["who"] for p in queries.search(kept, "ANNA")["players"]] == ["id:FISC-0042"]
    assert [p["who"] for p in queries.search(kept, "fisc-0007")["players"]] == ["id:FISC-0007"]
    assert [e["name"] for e in queries.search(kept, "copa")["events"]] == ["Copa"]
    assert [p["names"] for p in queries.search(kept, "NURIA sole")["players"]] == [["Núria Solé"]]
    assert [p["names"] for p in queries.search(kept, "Nùria")["players"]] == [["Núria Solé"]]
    summer = queries.search(kept, "", "2025-06-01", "2025-12-31")
    assert [e["name"] for e in summer["events"]] == ["Copa"]
    assert [p["names"] for p in summer["players"]] == [["Ana Puig"], ["Núria Solé"]]
    assert [p["names"] for p in summer["entries"]] == [["Pere Roca"]]
    assert queries.search(kept, "puig", "2025-05-01", "2025-05-01")["players"][0]["events"] == ["Open"]
    assert queries.folded("Núria Çà") == "nuria ca"
    wrong = world["client"].get("/search", params={"q": "x", "from": "1/5/2025", "lang": "en"}).text
    assert "From: a date YYYY-MM-DD." in wrong


def test_standings_show_each_figure_with_its_inputs_as_the_hall_attested_them(world):
    page = world["client"].get("/standings", params={"hall": world["a"].fingerprint, "name": "Open",
                                                     "lang": "ca"}).text
    assert "Classificació: Open" in page and "certificada per la seu, no registrada" in page
    assert "<summary>40</summary>" in page and "<li>Jordi Mas: 40</li>" in page
    assert "<summary>-50</summary>" in page and "<li>Pere Roca: -50</li>" in page
    assert "Ronda 1: Jordi Mas (jugada, 420–380)" in page
    unknown = world["client"].get("/standings", params={"hall": "0" * 64, "name": "Open", "lang": "en"}).text
    assert "has not pushed this event&#x27;s standings yet" in unknown


def test_a_hidden_player_leaves_search_and_history_and_is_masked_in_standings(world, tmp_path):
    client, auth = world["client"], {"Authorization": f"Bearer {world['token']}"}
    bad = client.post("/v1/federation/hidden", json={"player": "Jordi Mas"}, headers=auth)
    assert (bad.status_code, bad.json()["field"]) == (400, "player")
    assert client.post("/v1/federation/hidden", json={"player": "id:FISC-0007"}).status_code == 401
    try:
        assert client.post("/v1/federation/hidden", json={"player": "id:FISC-0007"}, headers=auth).json()["changed"]
        kept = archive_of(world)
        assert queries.search(kept, "jordi")["players"] == [] and queries.history(kept, "id:FISC-0007") == []
        page = client.get("/standings", params={"hall": world["a"].fingerprint, "name": "Open", "lang": "en"}).text
        assert "Jordi Mas" not in page and "(hidden player)" in page and "FISC-0007" not in page
        history = client.get("/players", params={"who": "id:FISC-0042", "lang": "en"}).text
        assert "Jordi Mas" not in history and "Round 1: (hidden player) (played, 420–380)" in history
        assert "Anna Puig" in page  # the others stay
        assert queries.hidden_names(kept, world["a"].fingerprint, "Open") == {"Jordi Mas"}  # masked in its games too
    finally:
        client.post("/v1/federation/hidden", json={"player": "id:FISC-0007", "hidden": False}, headers=auth)
    assert queries.search(archive_of(world), "jordi")["players"][0]["who"] == "id:FISC-0007"


def test_the_officers_page_needs_an_officers_token_and_lists_halls_waiting_refused_and_alarms(world, tmp_path):
    client = world["client"]
    assert "password" in client.get("/officers?lang=es").text
    refused = client.post("/officers?lang=es", data={"token": "fo_nobody"})
    assert refused.status_code == 401 and "no es de un responsable" in refused.text
    kept = archive_of(world)
    body = json.dumps({"kind": "results", "results": {"event": "Lliga", "tournament": "t"}}).encode()
    with pytest.raises(PushRefused):
        kept.push(body, signed(world["b"], body))
    kept._alarm("fork", world["a"].fingerprint, "Open", "1", "game-1", "a history that does not extend the stored one")
    page = client.post("/officers?lang=es", data={"token": world["token"]})
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    text = re.sub(r"\s+", " ", page.text)
    assert "Casal de Girona" in text and "Club de Lleida" in text
    assert "esperando (torneo sin inscribir) (1)" in text and "event_not_enrolled" in text
    assert "Dos historias de la misma partida" in text and "game-1" in text
    assert kept.db.one("SELECT COUNT(*) FROM results WHERE event = 'Lliga'")[0] == 0  # still nothing stored
    stranger, _ = ServiceKey.for_store(str(tmp_path / "stranger"))
    with pytest.raises(PushRefused):  # nobody proved who sent it: not recorded
        kept.push(body, signed(stranger, body))
    assert [r["code"] for r in queries.refusals(kept)] == ["event_not_enrolled"]


def test_a_rating_formula_is_plugged_in_as_data_and_ratings_stay_export_files(world):
    """Elo with K 20 and scale 400: two players rated 1500, the first wins: expected 1/2 each, +10 and −10."""
    client, auth = world["client"], {"Authorization": f"Bearer {world['token']}"}
    assert client.get("/v1/federation/ratings").status_code == 401
    exported = client.get("/v1/federation/ratings", headers=auth)
    assert exported.headers["content-type"].startswith("text/csv")
    assert exported.text.splitlines()[1].startswith("Open,") and "FISC-0007" in exported.text
    assert client.get("/v1/federation/ratings?rated=true", headers=auth).json()["code"] == "no_formula"
    wrong = client.put("/v1/federation/rating-formula", json={"kind": "glicko"}, headers=auth)
    assert (wrong.status_code, wrong.json()["field"]) == (422, "kind")
    formula = {"kind": "elo", "name": "prova", "scale": 400, "unrated": 1500, "k": [{"k": 20}]}
    assert client.put("/v1/federation/rating-formula", json=formula, headers=auth).json() == {"stored": True}
    rated = client.get("/v1/federation/ratings?rated=true", headers=auth).text.splitlines()
    assert rated == ["federation_id,name,rating,games,formula", "FISC-0007,Jordi Mas,1490.0,1,prova",
                     "FISC-0042,Anna Puig,1510.0,1,prova"]
    assert "prova" not in client.get("/").text  # the formula is on no public page


def test_the_formula_steps_k_by_games_played_and_caps_the_difference():
    """K 40 below 1 game then 10; a 1900 beats a 1300 with the difference capped at 400: expected
    1/(1+10^(-1)) = 0.9091, +40×0.0909 = +3.6; the loser −3.6. In the next event K is 10."""
    formula = {"kind": "elo", "scale": 400, "unrated": 1500, "max_difference": 400,
               "k": [{"below_games": 1, "k": 40}, {"k": 10}]}
    games = [{"event": "A", "hall": "h", "starts": "2025-01-01", "kind": "played", "federation_id1": "X",
              "name1": "x", "rating1": "1900", "score1": "400", "federation_id2": "Y", "name2": "y",
              "rating2": "1300", "score2": "300"},
             {"event": "B", "hall": "h", "starts": "2025-02-01", "kind": "played", "federation_id1": "Y",
              "name1": "y", "rating1": "0", "score1": "400", "federation_id2": "X", "name2": "x", "rating2": "0",
              "score2": "300"}]
    first = rate(formula, games[:1])
    assert first["X"]["rating"] == 1903.6 and first["Y"]["rating"] == 1296.4
    both = rate(formula, games)  # Y (1296.4) beats X (1903.6): capped at 400 again, K 10: +9.1
    assert both["Y"]["rating"] == 1305.5 and both["X"]["rating"] == 1894.5 and both["X"]["games"] == 2
    with pytest.raises(FormulaRefused) as caught:
        rate({**formula, "k": [{"k": 10}, {"k": 5}]}, games)
    assert caught.value.field == "k"


def test_on_postgresql_search_finds_the_same_through_a_trigram_index_on_the_folded_name(world, postgres_url):
    """The same pushes on PostgreSQL: the same players, entries and events as on SQLite for each search, and the
    name's ``LIKE`` is one the store's trigram index answers (the plan names it once reading the table is off)."""
    import psycopg
    from psycopg import sql

    name = f"planilla_fed_{world['a'].fingerprint[:10]}"
    base = postgres_url.rsplit("/", 1)[0]
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        on_pg = Archive(Db(f"{base}/{name}"), LOG)
        fill(on_pg, world["a"], world["b"])
        kept = archive_of(world)
        for asked in (("nuria",), ("PÈRE",), ("puig", "2025-09-01"), ("", "2025-06-01", "2025-12-31"), ("fisc-00",),
                      ("a",), ("pe",), ("a", "2025-09-01"), ("", "2025-05-01", "2025-05-01")):
            assert queries.search(on_pg, *asked) == queries.search(kept, *asked), asked
        assert queries.history(on_pg, "id:FISC-0042") == queries.history(kept, "id:FISC-0042")
        on_pg.db.execute("DROP TABLE own_rows")  # a store made before it: migrated at start
        again = Archive(Db(f"{base}/{name}"), LOG)
        assert again.db.one("SELECT COUNT(*) FROM own_rows")[0] == 7
        assert queries.history(again, "id:FISC-0042") == queries.history(kept, "id:FISC-0042")
        again.db.close()
        assert [p["names"] for p in queries.search(on_pg, "nuria")["players"]] == [["Núria Solé"]]
        on_pg.db.execute("SET enable_seqscan = off")
        where, params = queries.matching("nuria", "", "9999-12-31")  # the search's own query, dated
        plan = on_pg.db.all(f"EXPLAIN SELECT e.who {where}", params)
        assert "entries_by_folded" in " ".join(r[0] for r in plan)
        where, params = queries.matching("an", "", "")
        plan = " ".join(r[0] for r in on_pg.db.all(f"EXPLAIN SELECT e.who {where}", params))
        assert "entries_by_start" in plan and "events" not in plan  # a short text: the names' start, no join
        on_pg.db.close()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
