"""``/v1/duplicates``: refusals name the field, the rule and its article (never a 500), slips stay private
until «¡Tiempo!», racks drawn from a recorded or published seed, idempotent retries."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.conftest import Api, _api

RACK = ["C", "A", "S", "A", "?", "R", "O"]


@pytest.fixture(scope="module")
def api() -> Iterator[Api]:
    yield from _api("memory")


def create(api: Api, **body: Any) -> tuple[str, list[str]]:
    r = api.post("/v1/duplicates", api.tokens["director"],
                 {"profile": "ajs-2012", "players": ["Ana", "Berto", "Carmen"], **body})
    assert r.status_code == 201, r.text
    return f"/v1/duplicates/{r.json()['id']}", [t["token"] for t in r.json()["tokens"]]


def test_fisc_ii_1_five_players_refused_with_the_article(api: Api):
    r = api.post("/v1/duplicates", api.tokens["director"], {"profile": "fisc-2023", "players": ["A", "B", "C", "D"]})
    assert r.status_code == 422 and r.json()["field"] == "players" and "FISC II.1" in r.json()["article"]


def test_malformed_and_unknown_are_4xx_naming_the_field(api: Api):
    r = api.post("/v1/duplicates", api.tokens["director"], {"profile": "file-2024", "players": ["A", "B"]})
    assert r.status_code == 400 and r.json()["field"] == "profile"
    r = api.get("/v1/duplicates/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", api.tokens["director"])
    assert r.status_code == 404 and r.json()["code"] == "duplicate_not_found"
    base, _ = create(api)
    r = api.post(base + "/rounds", api.tokens["director"], {"rack": ["A", "E", "I", "O", "U", "A", "E"]})
    assert r.status_code == 422 and r.json()["field"] == "rack" and "AJS 3.2.4" in r.json()["article"]
    r = api.post(base + "/rounds", api.tokens["director"], {"rack": ["Ñ", "Ñ", "A", "E", "B", "C", "D"]})
    assert r.status_code == 422 and r.json()["code"] == "rack_not_in_bag"
    assert api.post(base + "/rounds", api.tokens["director"], {"rack": RACK}).status_code == 200
    r = api.post(base + "/rounds/2/slips", api.tokens["director"], {"seat": 0, "word": "CASA", "coordinates": "H8"})
    assert r.status_code == 422 and r.json()["field"] == "round_no"
    r = api.post(base + "/rounds/1/slips", api.tokens["director"], {"word": "CASA", "coordinates": "H8"})
    assert r.status_code == 422 and r.json()["field"] == "seat"  # who asks decides it (issue 27): not malformed
    r = api.post(base + "/rounds/1/close", api.tokens["director"], None)
    assert r.status_code == 200
    r = api.post(base + "/rounds/1/master", api.tokens["director"], {"computed": True, "lexicon": "es-small"})
    assert r.status_code == 422 and r.json()["field"] == "lexicon"  # an in-memory store has no data folder
    r = api.post(base + "/rounds/1/master", api.tokens["director"], {"word": "CASAR", "coordinates": "A1"})
    assert r.status_code == 422 and r.json()["code"] == "master_not_valid" and "3.2.3" in r.json()["article"]


@pytest.mark.parametrize("word, coordinates", [("💥", "H8"), ("", ""), ("CASA" * 10, "8H"), ("[XX]", "H8"),
                                               ("casa", "P16"), ("C.A", "H8"), ("(CASA)", "H8")])
def test_any_written_slip_is_recorded_and_scored_or_null_never_a_500(api: Api, word: str, coordinates: str):
    base, players = create(api)
    api.post(base + "/rounds", api.tokens["director"], {"rack": RACK})
    r = api.post(base + "/rounds/1/slips", players[0], {"word": word, "coordinates": coordinates})
    assert r.status_code == 200, r.text
    assert r.json()["result"]["causes"] is None  # the player learns nothing before «¡Tiempo!»
    read = api.get(base + "/rounds/1", api.tokens["director"]).json()["slips"][0]
    assert read["causes"] and read["detail"]


def test_a_player_never_sees_another_players_slip_before_the_round_closes(api: Api):
    base, players = create(api)
    judge = api.tokens["director"]
    api.post(base + "/rounds", judge, {"rack": RACK})
    for seat, word in enumerate(["CASA", "CASAs", "CARO"]):
        assert api.post(base + "/rounds/1/slips", players[seat], {"word": word, "coordinates": "H8"}).status_code == 200
    for seat in range(3):
        view = api.get(base + "/rounds/1", players[seat]).json()
        assert [s["seat"] for s in view["slips"]] == [seat] and view["master"] is None
        assert view["slips"][0]["score"] is None and view["slips"][0]["causes"] is None
        assert api.get(base + f"/sheets/{(seat + 1) % 3}", players[seat]).status_code == 403
        mine = api.get(base + f"/sheets/{seat}", players[seat]).json()
        assert mine["rows"][0]["entry"]["word"] == ["CASA", "CASAs", "CARO"][seat]
    r = api.post(base + "/rounds/1/slips", players[0], {"seat": 1, "word": "CASA", "coordinates": "H8"})
    assert r.status_code == 403  # nor send one for another seat
    assert api.get(base + "/rounds/1", api.tokens["tribunal"]).json()["slips"].__len__() == 3
    api.post(base + "/rounds/1/close", judge, None)
    assert len(api.get(base + "/rounds/1", players[0]).json()["slips"]) == 3


def test_a_player_of_another_duplicate_reads_nothing_here(api: Api):
    base, _ = create(api)
    _, others = create(api)
    assert api.get(base, others[0]).status_code == 403
    assert api.post(base + "/rounds", others[0], {}).status_code == 403


def test_a_drawn_rack_records_its_seed_and_a_published_seed_gives_every_site_the_same_rack(api: Api):
    base, _ = create(api)
    r = api.post(base + "/rounds", api.tokens["director"], {})
    assert r.status_code == 200 and len(r.json()["result"]["rack"]) == 7
    assert len(api.get(base, api.tokens["director"]).json()["rounds"][0]["seed"]) == 32  # 16 bytes, hex
    racks = []
    for _ in range(2):
        site, _ = create(api, seed="Lleida-2026-1")
        racks.append(api.post(site + "/rounds", api.tokens["director"], {}).json()["result"]["rack"])
    assert racks[0] == racks[1]


def test_an_idempotency_key_replays_the_first_answer_and_refuses_another_body(api: Api):
    base, players = create(api)
    api.post(base + "/rounds", api.tokens["director"], {"rack": RACK})
    body = {"word": "CASA", "coordinates": "H8"}
    first = api.post(base + "/rounds/1/slips", players[0], body, **{"Idempotency-Key": "slip-1"})
    again = api.post(base + "/rounds/1/slips", players[0], body, **{"Idempotency-Key": "slip-1"})
    assert first.status_code == again.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.json() == first.json()
    other = api.post(base + "/rounds/1/slips", players[0], {"word": "CARO", "coordinates": "H8"},
                     **{"Idempotency-Key": "slip-1"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_a_published_seed_is_hidden_from_players_until_the_game_ends(api: Api):
    """With the seed and the masters a player could draw the coming racks: only the judge and the tribunal see it."""
    base, players = create(api, seed="Lleida-2026-2")
    api.post(base + "/rounds", api.tokens["director"], {})
    mine = api.get(base, players[0]).json()
    assert mine["settings"]["seed"] is None and mine["rounds"][0]["seed"] is None
    assert api.get(base, api.tokens["tribunal"]).json()["settings"]["seed"] == "Lleida-2026-2"
    api.post(base + "/rounds/1/close", api.tokens["director"], None)
    api.post(base + "/end", api.tokens["director"], {"cause": "no_play"})
    assert api.get(base, players[0]).json()["rounds"][0]["seed"] == "Lleida-2026-2"


def test_a_spectator_reads_a_sheet_without_the_entry_of_the_round_in_play(api: Api):
    base, players = create(api)
    spectator = api.games.issue_token("spectator", "hall", "test")[0]
    api.post(base + "/rounds", api.tokens["director"], {"rack": RACK})
    api.post(base + "/rounds/1/slips", players[0], {"word": "CASA", "coordinates": "H8"})
    assert api.get(base + "/sheets/0", spectator).json()["rows"][0]["entry"] is None
    assert api.get(base + "/sheets/0", api.tokens["arbiter"]).json()["rows"][0]["entry"]["word"] == "CASA"
    api.post(base + "/rounds/1/close", api.tokens["director"], None)
    assert api.get(base + "/sheets/0", spectator).json()["rows"][0]["entry"]["word"] == "CASA"


def test_a_correction_during_the_round_does_not_show_the_slip_to_the_others(api: Api):
    base, players = create(api)
    api.post(base + "/rounds", api.tokens["director"], {"rack": RACK})
    api.post(base + "/rounds/1/slips", players[0], {"word": "CASA", "coordinates": "H8"})
    r = api.post(base + "/rounds/1/slips/0/correct", api.tokens["director"],
                 {"word": "CARO", "coordinates": "H8", "reason": "typed wrong"})
    assert r.status_code == 200
    view = api.get(base + "/rounds/1", players[1]).json()
    assert view["slips"] == [] and view["corrections"] == []
    assert api.get(base + "/rounds/1", api.tokens["director"]).json()["corrections"][0]["before"]["word"] == "CASA"


def test_the_history_verifies_for_the_judge_and_withholds_open_slips_from_players(api: Api):
    from domain.game.chain import verify_chain

    base, players = create(api)
    api.post(base + "/rounds", api.tokens["director"], {"rack": RACK})
    api.post(base + "/rounds/1/slips", players[0], {"word": "CASA", "coordinates": "H8"})
    api.post(base + "/rounds/1/slips", players[1], {"word": "CARO", "coordinates": "H8"})

    def records(token: str) -> list[dict]:
        page = api.get(base + "/events", token).json()
        return [{"game": page["duplicate_id"], "type": e["type"], "version": e["sequence"],
                 "previous_hash": e["previous_hash"], "hash": e["hash"], "actor": e["actor"], "device": e["device"],
                 "at": e["recorded_at"], "payload": e["payload"]} for e in page["events"]]

    full = records(api.tokens["director"])
    assert [r["type"] for r in full] == ["Created", "RoundStarted", "SlipSubmitted", "SlipSubmitted"]
    assert verify_chain(full) is None
    seen = api.get(base + "/events", players[0]).json()["events"]
    assert seen[2]["payload"]["word"] == "CASA" and seen[2]["payload"]["score"] is None
    assert seen[3]["payload"]["word"] is None and "word" in seen[3]["redacted"]
    api.post(base + "/rounds/1/close", api.tokens["director"], None)
    assert verify_chain(records(players[0])) is None  # nothing withheld once the round is closed


def test_ajs_3_2_2_the_players_own_score_where_the_organiser_asks_for_it(api: Api):
    """AJS 3.2.2: «Puntuación de la jugada, si el organizador lo pide explícitamente»: refused (422 naming the
    setting) in a game that does not ask; kept beside the engine's where it does, a difference flagged and shown
    to its player only after «¡Tiempo!»; the engine's score counts (the article says nothing of a difference)."""
    judge = api.tokens["director"]
    plain, players = create(api)
    api.post(plain + "/rounds", judge, {"rack": RACK})
    r = api.post(plain + "/rounds/1/slips", players[0], {"word": "CASAR", "coordinates": "H4", "score": 20})
    assert r.status_code == 422 and r.json()["field"] == "score" and "slip_score" in r.json()["message"], r.text
    assert "AJS 3.2.2" in r.json()["article"]

    base, players = create(api, slip_score=True)
    assert api.get(base, judge).json()["settings"]["slip_score"] is True
    api.post(base + "/rounds", judge, {"rack": RACK})
    mine = api.post(base + "/rounds/1/slips", players[0], {"word": "CASAR", "coordinates": "H4", "score": 22})
    assert mine.status_code == 200 and mine.json()["result"]["declared"] == 22
    assert mine.json()["result"]["score_check"] is None and mine.json()["result"]["score"] is None  # not yet
    typed = api.post(base + "/rounds/1/slips", judge, {"seat": 1, "word": "CASAR", "coordinates": "H4", "score": 20})
    assert typed.json()["result"]["score_check"] == "agrees"
    assert api.get(base + "/sheets/0", players[0]).json()["rows"][0]["entry"]["score_check"] is None
    api.post(base + "/rounds/1/close", judge, None)
    slips = {s["seat"]: s for s in api.get(base + "/rounds/1", players[0]).json()["slips"]}
    assert (slips[0]["score"], slips[0]["declared"], slips[0]["score_check"]) == (20, 22, "differs")
    assert api.get(base + "/sheets/0", players[0]).json()["rows"][0]["entry"]["score_check"] == "differs"
    r = api.post(base + "/rounds/1/slips", judge, {"seat": 2, "word": "CASAR", "coordinates": "H4", "score": True})
    assert r.status_code == 400 and "score" in r.json()["field"], r.text  # a number, not a boolean


def test_a_duplicate_created_with_an_event_keeps_its_name_for_the_federation(api: Api):
    """Issue 29: a hall with a federation pushes a finished duplicate under the event it was created with."""
    from uuid import UUID

    from service.duplicate.application import Duplicates

    base, _ = create(api, event="Open de Girona")
    assert Duplicates(api.games).get(UUID(base.rsplit("/", 1)[1])).settings["event"] == "Open de Girona"
    plain, _ = create(api)
    assert "event" not in Duplicates(api.games).get(UUID(plain.rsplit("/", 1)[1])).settings
    r = api.post("/v1/duplicates", api.tokens["director"], {"profile": "ajs-2012", "players": ["A", "B"], "event": ""})
    assert r.status_code == 400 and r.json()["field"] == "event"
