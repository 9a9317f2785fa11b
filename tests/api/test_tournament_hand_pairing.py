"""A round paired by hand over HTTP: the checker's warnings on the pairing before anything is saved (FISC I.1 A,
C), the draft by hand with the director's reason, the warnings with the draft and in the checker, and the
publication creating the games of the director's tables."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Api

PLAYERS = [("Anna Puig", 1900), ("Biel Roca", 1850), ("Carla Vidal", 1800), ("Dani Mas", 1750), ("Emma Soler", 1700)]


def round_one(api: Api) -> tuple[str, dict[str, Any]]:
    """Five players; round 1 by rating (FISC I.1): Anna-Carla, Biel-Dani, Emma the bye; published."""
    director = api.tokens["director"]
    tid = api.post("/v1/tournaments", director, {"name": "Obert", "rules": "fisc-2023", "profile": "fisc-2023",
                                                 "rounds": 5}).json()["id"]
    for name, rating in PLAYERS:
        assert api.post(f"/v1/tournaments/{tid}/players", director, {"name": name, "rating": rating}).status_code == 201
    draft = api.post(f"/v1/tournaments/{tid}/rounds/1/draft", director, {}).json()
    assert [(t["first"], t["second"]) for t in draft["tables"]] == [("p1", "p3"), ("p2", "p4"), ("p5", None)]
    assert draft["tables"][0]["reason_code"] == "round1.halves" and draft["tables"][0]["reason_params"] == {"n": 1}
    assert draft["warnings"] == [] and draft["reason"] == ""
    assert api.post(f"/v1/tournaments/{tid}/rounds/1/publish", director, {}).status_code == 200
    return tid, draft


def test_a_round_paired_by_hand_is_checked_drafted_with_its_reason_and_published_as_given(api: Api):
    director, spectator = api.tokens["director"], api.tokens["spectator"]
    tid, _ = round_one(api)
    # Anna meets Carla again (FISC I.1 A); the bye to Biel, where the rule gives it to Dani: no game of round 1 is
    # played, so Anna to Dani have 0 points, tied on every FISC tie-break, in the order they entered (FISC I.1 C)
    hand = [["p1", "p3"], ["p4", "p5"], ["p2", None]]

    checked = api.post(f"/v1/tournaments/{tid}/rounds/2/check", director, {"pairings": hand})
    assert checked.status_code == 200, checked.text
    assert [(w["table"], w["code"], w["article"], w["params"]) for w in checked.json()["warnings"]] == [
        (1, "rematch", "FISC I.1 A", {"player": "p1", "opponent": "p3", "met_in": 1}),
        (3, "bye_not_lowest", "FISC I.1 C", {"player": "p2", "expected": "p4"})]
    assert api.post(f"/v1/tournaments/{tid}/rounds/2/check", spectator, {"pairings": hand}).status_code == 403
    stranger = api.post(f"/v1/tournaments/{tid}/rounds/2/check", director, {"pairings": [["p1", "p9"]]})
    assert stranger.status_code == 422 and stranger.json()["field"] == "pairings"
    assert api.get(f"/v1/tournaments/{tid}/rounds/2", director).status_code == 404  # nothing was saved

    no_reason = api.post(f"/v1/tournaments/{tid}/rounds/2/draft", director, {"pairings": hand})
    assert no_reason.status_code == 422 and no_reason.json()["field"] == "reason"
    drafted = api.post(f"/v1/tournaments/{tid}/rounds/2/draft", director,
                       {"pairings": hand, "reason": "Biel asked to rest this round"})
    assert drafted.status_code == 200, drafted.text
    body = drafted.json()
    assert body["method"] == "manual" and body["reason"] == "Biel asked to rest this round"
    assert [(t["first"], t["second"], t["reason_code"]) for t in body["tables"]] == [
        ("p1", "p3", "manual.table"), ("p4", "p5", "manual.table"), ("p2", None, "manual.bye")]
    assert body["tables"][2]["why"] == "the bye given by the director: Biel asked to rest this round"
    assert [w["code"] for w in body["warnings"]] == ["rematch", "bye_not_lowest"]

    read = api.get(f"/v1/tournaments/{tid}/rounds/2", spectator).json()
    assert read["published"] is False and [w["code"] for w in read["warnings"]] == ["rematch", "bye_not_lowest"]
    check = api.get(f"/v1/tournaments/{tid}/check", director).json()
    assert check["draft"]["round"] == 2 and [w["code"] for w in check["draft"]["warnings"]] == ["rematch", "bye_not_lowest"]

    published = api.post(f"/v1/tournaments/{tid}/rounds/2/publish", director, {})
    assert published.status_code == 200, published.text
    games = {}
    for t in published.json()["tables"]:
        if t["game_id"]:
            games[t["table"]] = [p["name"] for p in api.get(f"/v1/games/{t['game_id']}", director).json()["players"]]
    assert games == {1: ["Anna Puig", "Carla Vidal"], 2: ["Dani Mas", "Emma Soler"]}
    check = api.get(f"/v1/tournaments/{tid}/check", director).json()
    assert check["draft"] is None
    assert check["rounds"][1]["agrees"] is None and check["rounds"][1]["reason"] == "Biel asked to rest this round"
    assert [w["code"] for w in check["rounds"][1]["warnings"]] == ["rematch", "bye_not_lowest"]
    standings = api.get(f"/v1/tournaments/{tid}/standings", spectator).json()["rows"]
    assert {r["player"]: r["points"] for r in standings}["p2"] == 1.0  # the hand bye is a point (FISC I.1 C)
