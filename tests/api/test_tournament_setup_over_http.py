"""A tournament set up and closed over HTTP as the director's page does it: created with its player list in one save
(every bad line named with its line number, nothing created or entered from a refused list), late entries and
withdrawals with the article of the event's own rules (FISC I.4), and the closing with what it locks."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.api.conftest import Api, _api

BAD = ("nombre,elo,club\n"
       "Anna Puig,1900,Mots i Més\n"
       "\n"                      # a blank line: counted, so the numbers are the file's own
       "Biel Roca,fort,Mots i Més\n"
       "Carla Vidal,1800,\n"
       ",1750,Lletres\n"
       "Dani Mas,99999,\n"
       "Eva Soler,inf,\n")
GOOD = "name,rating\nAnna Puig,1900\nBiel Roca,1850\nCarla Vidal,1800\nDani Mas,1750\n"


@pytest.fixture(scope="module")
def api() -> Iterator[Api]:
    yield from _api("memory")


def stored(api: Api) -> int:
    """How many events the store holds (a refused request adds none)."""
    return api.app.state.games.recorder.max_notification_id() or 0


def create(api: Api, expect: int, **body: object) -> dict:
    r = api.post("/v1/tournaments", api.tokens["director"], {"name": "Obert de Molins", "rules": "fisc-2023",
                                                            "profile": "fisc-2023", "rounds": 5, **body})
    assert r.status_code == expect, r.text
    return r.json()


def test_a_refused_player_list_names_every_bad_line_and_nothing_is_created_or_entered(api: Api) -> None:
    before = stored(api)
    refused = create(api, 422, players=BAD)
    assert refused["code"] == "format" and refused["field"] == "rating" and refused["position"] == 4
    assert [(p["line"], p["field"]) for p in refused["problems"]] == [(4, "rating"), (6, "name"), (7, "rating"), (8, "rating")]
    assert refused["message"].startswith("line 4: the rating is a whole number, not 'fort'")
    assert "line 6: a player needs a name" in refused["message"] and "line 7: the rating is between" in refused["message"]
    assert stored(api) == before  # no tournament without its list: all or nothing
    # the director's page sends its language: every bad line said in it, the file's field names kept
    said = api.post("/v1/tournaments", api.tokens["director"], {"name": "Obert de Molins", "rules": "fisc-2023",
                    "profile": "fisc-2023", "rounds": 5, "players": BAD}, **{"Accept-Language": "ca"})
    assert said.status_code == 422 and said.headers["Content-Language"] == "ca"
    assert said.json()["message"].startswith("línia 4: l'elo és un nombre enter, no 'fort'; línia 6:")
    assert [p["message"] for p in said.json()["problems"]][:2] == ["l'elo és un nombre enter, no 'fort'",
                                                                   "un jugador necessita un nom"]
    # the same checks as the API's own create, each naming field and article
    short = create(api, 422, rounds=4)
    assert (short["field"], short["code"]) == ("rounds", "rounds") and "FISC I.1" in short["article"]
    assert create(api, 422, profile="scrabble-99")["field"] == "profile"
    assert create(api, 422, federation="ES")["field"] == "federation"
    assert stored(api) == before

    tid = create(api, 201, players=GOOD, city="Molins de Rei", federation="esp")["id"]
    path, director = f"/v1/tournaments/{tid}", api.tokens["director"]
    view = api.get(path, director).json()
    assert [p["name"] for p in view["players"]] == ["Anna Puig", "Biel Roca", "Carla Vidal", "Dani Mas"]
    assert view["details"]["federation"] == "ESP" and view["closed"] is None
    assert view["articles"]["late_entry"] == "FISC I.4" and view["articles"]["withdrawal"] == ""
    assert view["last_entry_round"] == 2  # FISC I.4: N/2 of 5 rounds

    # a list whose lines the rules refuse (one registered already, another twice in it): every one named, none entered
    again = api.post(f"{path}/players/import", director,
                     {"format": "csv", "text": "name\nEva Soler\nAnna Puig\nFerran Gil\nFerran Gil\n"})
    assert again.status_code == 422, again.text
    assert [p["line"] for p in again.json()["problems"]] == [3, 5]
    assert "Anna Puig is registered already" in again.json()["message"]
    assert len(api.get(path, director).json()["players"]) == 4


def test_the_closing_waits_for_every_result_then_refuses_entries_withdrawals_and_pairings_naming_it(api: Api) -> None:
    tid = create(api, 201, players=GOOD)["id"]
    path, director = f"/v1/tournaments/{tid}", api.tokens["director"]
    assert api.post(f"{path}/rounds/1/draft", director, {}).status_code == 200
    assert api.post(f"{path}/rounds/1/publish", director, {}).status_code == 200
    waiting = api.post(f"{path}/close", director, {"reason": "rain"})
    assert waiting.status_code == 422 and waiting.json()["code"] == "results_missing", waiting.text
    assert "1.1, 1.2" in waiting.json()["message"]
    for table in (1, 2):
        assert api.post(f"{path}/rounds/1/tables/{table}/absence", director,
                        {"kind": "both_absent", "reason": "storm"}).status_code == 200
    closed = api.post(f"{path}/close", director, {"reason": "the hall closed for the storm"})
    assert closed.status_code == 200, closed.text
    assert closed.json()["closed"]["rounds_played"] == 1 and closed.json()["closed"]["actor"].startswith("director:")
    late = api.post(f"{path}/players", director, {"name": "Eva Soler"})
    assert late.status_code == 422 and late.json()["code"] == "tournament_closed", late.text
    assert "TournamentClosed" in late.json()["message"] and late.json()["article"] == "FISC I.4"
    leaving = api.post(f"{path}/players/p1/withdraw", director, {"from_round": 2, "reason": "ill"})
    assert leaving.status_code == 422 and leaving.json()["code"] == "tournament_closed"
    drafted = api.post(f"{path}/rounds/2/draft", director, {})
    assert drafted.status_code == 422 and "no more pairings" in drafted.json()["message"]
    assert api.get(f"{path}/standings", api.tokens["spectator"]).status_code == 200  # reading stays open
    assert api.post(f"{path}/close", api.tokens["spectator"], {}).status_code == 403
