"""The tablets' commands over HTTP: calling the arbiter (FILE 33.5), the device reports (the conformity
log), and the unseen-tiles setting (FILE 27, 5.4-5.5; FISC I.5). On SQLite and PostgreSQL."""

from __future__ import annotations

from collections import Counter
from typing import Any

from domain.tiles import full_bag, get_tileset
from tests.api.conftest import Api, Table


def kinds(answer: dict[str, Any]) -> list[str]:
    return [e["type"] for e in answer["events"]]


def without_version(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("version", "head_hash")}  # both move with every event


def test_a_player_calls_the_arbiter_the_clocks_stop_and_the_answer_restarts_them_file_33_5(api: Api):
    """FILE 33.5: both clocks stop 'cuando se llama al Director del torneo para cualquier consulta'."""
    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()
    called = table.send(table.players[1], "call_arbiter", reason="mi rival no anota")
    assert kinds(called) == ["ArbiterCalled", "ClockStopped"]
    call, stop = called["events"]
    assert call["payload"] == {"seat": 1, "reason": "mi rival no anota", "clock_stopped": True,
                               "article": "FILE 33.2-33.5"}
    assert call["actor"] == "player:1:Bea" and call["device"] == "test-device"
    assert stop["payload"] == {"reason": "director_call", "article": "FILE 33.2-33.5"}
    state = table.state(table.players[0])  # the opponent's tablet sees it too
    assert state["clock_stop"] == {"reason": "director_call", "article": "FILE 33.2-33.5"}
    assert state["arbiter_call"]["seat"] == 1 and state["arbiter_call"]["clock_stopped"]
    actions = [(a["type"], a["role"]) for a in state["next_actions"]]
    assert ("answer_call", "director") in actions and ("restart_clock", "director") not in actions
    status = api.get(f"/v1/games/{table.id}/status", table.director).json()  # the officials' side
    assert (status["waiting_for"], status["waiting_seats"]) == ("arbiter", [1])

    again = table.send(table.players[0], "call_arbiter", expect=422)
    assert again["code"] == "wrong_phase" and "already called" in again["message"]
    assert table.send(table.players[1], "answer_call", expect=403)["field"] == "type"
    assert table.send(table.players[0], "call_arbiter", expect=403, seat=1)["field"] == "seat"

    answered = table.send(api.tokens["arbiter"], "answer_call", note="the sheet is being kept")
    assert kinds(answered) == ["CallAnswered", "ClockRestarted"]
    assert answered["events"][0]["payload"] == {"seat": 1, "note": "the sheet is being kept"}
    state = table.state()
    assert state["arbiter_call"] is None and state["clock_stop"] is None
    assert api.get(f"/v1/games/{table.id}/status", table.director).json()["waiting_for"] != "arbiter"
    assert table.send(table.director, "answer_call", expect=422)["code"] == "wrong_phase"


def test_a_call_while_the_clock_is_already_stopped_leaves_the_stop_alone(api: Api):
    table = api.table("file-2024")
    table.start()
    table.send(table.director, "stop_clock", reason="score_discrepancy")
    called = table.send(table.players[0], "call_arbiter")
    assert kinds(called) == ["ArbiterCalled"] and not called["events"][0]["payload"]["clock_stopped"]
    answered = table.send(table.director, "answer_call")
    assert kinds(answered) == ["CallAnswered"]
    assert table.state()["clock_stop"]["reason"] == "score_discrepancy"  # the discrepancy is still being settled


def test_an_official_may_answer_without_restarting_the_clocks(api: Api):
    table = api.table("fisc-2023")
    table.start()
    table.send(table.players[0], "call_arbiter")
    answered = table.send(table.director, "answer_call", restart_clock=False)
    assert kinds(answered) == ["CallAnswered"]
    assert table.state()["clock_stop"] == {"reason": "director_call", "article": "FISC I.11 A-D"}


def test_a_device_report_is_recorded_with_its_device_and_changes_nothing_else(api: Api):
    table = api.table()
    table.start()
    before = table.state(table.players[0])
    seen = table.version
    reported = table.send(table.players[0], "report_device", kind="focus_lost", detail="12 s")
    [event] = reported["events"]
    assert event["type"] == "DeviceReported" and event["device"] == "test-device"
    assert event["payload"] == {"seat": 0, "kind": "focus_lost", "detail": "12 s"}
    assert without_version(table.state(table.players[0])) == without_version(before)

    # a report sent at an older version is still recorded: it depends on nothing
    r = api.post(f"/v1/games/{table.id}/commands", table.players[1],
                 {"type": "report_device", "expected_version": seen - 1, "kind": "reconnected"},
                 **{"X-Device": "tablet-b"})
    assert r.status_code == 200, r.text
    assert r.json()["events"][0]["device"] == "tablet-b"
    # and the opponent's command sent at the version before both reports is not stale
    table.version = seen
    state = table.state()
    table.send(table.players[state["seat_on_turn"]], "pass_turn")

    bad = api.post(f"/v1/games/{table.id}/commands", table.players[0],
                   {"type": "report_device", "expected_version": table.version, "kind": "screenshot"})
    assert bad.status_code == 400 and bad.json()["field"] == "kind"
    ahead = api.post(f"/v1/games/{table.id}/commands", table.players[0],
                     {"type": "report_device", "expected_version": table.version + 5, "kind": "focus_back"})
    assert ahead.status_code == 409
    other = table.send(table.players[0], "report_device", expect=403, seat=1, kind="page_left")
    assert other["field"] == "seat"


def test_a_real_event_still_makes_a_command_stale(api: Api):
    """Only log-only events (reports, bindings) are skipped over: a play in between is a conflict, as before."""
    table = api.table()
    table.start()
    seen = table.version
    table.send(table.players[0], "report_device", kind="focus_lost")
    turn = table.state()["seat_on_turn"]
    table.send(table.players[turn], "pass_turn")
    table.version = seen
    conflict = table.send(table.players[1 - turn], "pass_turn", expect=409)
    assert conflict["current_version"] == seen + 2


def closed(api: Api) -> Table:
    table = api.table("file-2024", ("Ana", "Bea"))
    table.start()
    table.end_by_passes()
    table.send(table.players[0], "sign", signature="Ana")
    table.send(table.players[1], "sign", signature="Bea")
    return table


def test_a_closed_game_takes_no_report_no_call_and_no_binding_file_43(api: Api):
    table = closed(api)
    assert table.send(table.players[0], "report_device", expect=423, kind="page_left")["article"] == "FILE 43"
    assert table.send(table.players[0], "call_arbiter", expect=423)["code"] == "game_closed"
    r = api.post(f"/v1/games/{table.id}/seats/0/code", table.director, None)
    assert r.status_code == 423


def unseen_table(api: Api, **extra: Any) -> Table:
    table = api.table("file-2024", ("Ana", "Bea"), **extra)
    table.start()
    table.play_turns(2)
    return table


def test_the_unseen_tiles_are_never_in_the_state_by_default_file_5_4(api: Api):
    """FILE 5.4-5.5, FISC I.5: no aids; the profile setting is off in every profile."""
    table = unseen_table(api)
    for token in (*table.players, table.director, api.tokens["spectator"]):
        assert table.state(token)["unseen_tiles"] is None
    events = api.get(f"/v1/games/{table.id}/events", table.director).json()["events"]
    assert "unseen_tiles" not in events[0]["payload"]["details"]


def test_the_unseen_tiles_are_shown_to_each_player_when_the_organisers_allow_it_fisc_i_5(api: Api):
    """FISC I.5: devices only 'si l'organització permet'; FILE 27 lets a player count the bag. Each player
    sees the tiles they have not seen: the full set less the board and their own rack."""
    table = unseen_table(api, unseen_tiles=True)
    board = Counter()
    game = table.game
    for cell in game.board:
        if cell is not None:
            board["?" if cell.islower() else cell] += 1
    full = Counter(full_bag(get_tileset("spanish")))
    for seat, token in enumerate(table.players):
        state = table.state(token)
        mine = Counter(state["players"][seat]["rack"])
        assert Counter(state["unseen_tiles"]) == full - board - mine
        assert len(state["unseen_tiles"]) == state["unseen_count"]
    assert table.state()["unseen_tiles"] is None  # an aid for a player only: officials see the racks anyway
    assert table.state(api.tokens["spectator"])["unseen_tiles"] is None
    r = api.post("/v1/games", table.director, {"profile": "file-2024", "players": ["A", "B"], "unseen_tiles": 3})
    assert r.status_code == 400 and r.json()["field"] == "unseen_tiles"
