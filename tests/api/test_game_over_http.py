"""Whole games over HTTP, one per profile: tablets, an arbiter and a director, from the draw to the signed sheet."""

from __future__ import annotations

import pytest

from tests.api.conftest import PROFILES, Api, Table


def play_a_complete_game(api: Api, profile: str) -> Table:
    # A director creates the game; each player gets a token of their own.
    table = api.table(profile, ("Ana", "Bea"), event="Open", round=2, table=7, clock={"timing": "chess_clock"})
    ana, bea = table.players
    state = table.state()
    assert state["status"] == "in_progress" and state["phase"] == "starting" and state["table"] == 7
    assert state["clock"]["timing"] == "chess_clock" and state["profile"] == profile

    # The draw decides who starts; each tablet draws its seven, the starter first.
    table.start()
    state = table.state(ana)
    starter, second = state["starter"], 1 - state["starter"]
    assert state["phase"] == "playing" and state["bag_count"] == 86 and state["seat_on_turn"] == starter
    assert len(state["players"][0]["rack"]) == 7 and state["players"][1]["rack"] is None  # Ana sees her own only

    # The starter plays; the opponent accepts from their own tablet.
    assert table.play(starter)
    state = table.state()
    assert state["turns_played"] == 1 and state["players"][starter]["score"] > 0 and state["seat_on_turn"] == second

    # The second player's play is challenged from the starter's tablet and ruled invalid by an arbiter.
    game = table.game
    from tests.application.script import find_play
    coordinates, word = find_play(game, second, table.rng)
    table.send(table.players[second], "place_tiles", coordinates=coordinates, word=word)
    table.send(table.players[starter], "challenge")
    ruled = table.send(api.tokens["arbiter"], "rule_challenge", valid=False, authority="test lexicon")
    assert ruled["events"][0]["actor"] == "arbiter:arbiter-1"
    state = table.state()
    assert state["players"][second]["score"] == 0 and state["last_turn"]["kind"] == "invalid"
    assert state["seat_on_turn"] == starter

    # The starter exchanges two tiles; the second player passes.
    rack = table.state(table.players[starter])["players"][starter]["rack"]
    exchanged = table.send(table.players[starter], "exchange_tiles", tiles=rack[:2])
    assert [e["type"] for e in exchanged["events"]] == ["TilesExchanged"]
    table.send(table.players[second], "pass_turn")
    assert [t for t in (table.state()["last_turn"]["kind"],)] == ["pass"]

    # They play on, then pass until the profile ends the game; the sheet is settled.
    table.play_turns(12)
    table.end_by_passes()
    state = table.state()
    assert state["status"] == "ended" and state["settlement"] is not None
    assert state["ending"]["cause"] in ("passes", "scoreless", "out")

    # Both sign on their own tablets: the game is closed and refuses anything else.
    table.send(ana, "sign", signature="Ana")
    table.send(bea, "sign", signature="Bea")
    state = table.state()
    assert state["status"] == "closed" and all(p["signed"] for p in state["players"])
    closed = table.send(table.director, "end_game", expect=423, cause="director")
    assert closed["code"] == "game_closed" and closed["article"]

    # The chain is intact; every event names who recorded it and from which device.
    audit = api.get(f"/v1/games/{table.id}/audit", api.tokens["tribunal"]).json()
    assert audit["intact"] and audit["version"] == table.version and len(audit["signatures"]) == 2
    events = api.get(f"/v1/games/{table.id}/events", api.tokens["tribunal"]).json()["events"]
    assert [e["sequence"] for e in events] == list(range(1, table.version + 1))
    assert {e["actor"] for e in events} >= {"director:director-1", "player:0:Ana", "player:1:Bea"}
    assert {e["device"] for e in events} == {"test-device"}
    return table


@pytest.mark.parametrize("profile", PROFILES)
def test_a_complete_game_in_each_profile(api: Api, profile: str):
    play_a_complete_game(api, profile)


def test_a_complete_game_on_every_store(api_on: Api):
    play_a_complete_game(api_on, "file-2024")


def test_a_director_ends_the_game_and_the_sheet_is_settled_without_racks(api: Api):
    table = api.table("fisc-2023")
    table.start()
    table.play_turns(2)
    ended = table.send(table.director, "end_game", cause="round_time", detail="round over")
    assert [e["type"] for e in ended["events"]] == ["GameEnded", "GameSettled"]
    state = table.state()
    assert state["status"] == "ended" and not state["settlement"]["racks_counted"]
