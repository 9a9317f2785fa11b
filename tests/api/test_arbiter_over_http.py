"""The arbiter's toolbox over HTTP: officials rule, tablets record their own part, the tribunal only reads."""

from __future__ import annotations

from tests.api.conftest import Api, Table


def started(api: Api, profile: str = "file-2024") -> Table:
    table = api.table(profile)
    table.start()
    return table


def test_clocks_sanctions_and_their_appeal(api: Api):
    table = started(api)
    arbiter, director, tribunal = api.tokens["arbiter"], api.tokens["director"], api.tokens["tribunal"]
    seat = table.state()["seat_on_turn"]
    other = 1 - seat

    # Each tablet reports its own clock; a director stops both clocks and only an official restarts them.
    table.send(table.players[seat], "record_clock", remaining=1480)
    assert table.state()["clocks"][seat]["remaining"] == 1480
    table.send(arbiter, "stop_clock", reason="director_call")
    assert table.state()["clock_stop"]
    assert {"type": "restart_clock", "seat": None, "role": "director"} in table.state()["next_actions"]
    refused = table.send(table.players[seat], "restart_clock", expect=403)
    assert refused["field"] == "type"
    table.send(arbiter, "restart_clock")

    # A sanction is the director's; the sanctioned player appeals from their own tablet.
    table.send(table.players[other], "sanction", expect=403, seat=seat, points=25, reason="talk")
    sanctioned = table.send(director, "sanction", seat=other, points=25, reason="repeated talk at the table")
    assert sanctioned["events"][0]["actor"] == "director:director-1"
    table.send(table.players[seat], "appeal_sanction", expect=403, seat=other, index=0, argument="not me")
    assert [(x["seat"], x["points"], x["status"]) for x in table.state()["sanctions"]] == [(other, 25, "standing")]
    table.send(table.players[other], "appeal_sanction", index=0, argument="the director asked me")
    # The tribunal's ruling is recorded by an official naming it; a tribunal token writes nothing.
    table.send(tribunal, "rule_sanction_appeal", expect=403, index=0, decision="annulled", authority="tribunal")
    ruled = table.send(director, "rule_sanction_appeal", index=0, decision="annulled", authority="tribunal of the Open")
    assert ruled["version"] == table.version


def test_a_tablet_acts_only_through_its_own_seat_field(api: Api):
    table = started(api)
    seat = table.state()["seat_on_turn"]
    refused = table.send(table.players[seat], "write_sheet_entry", expect=403, sheet=1 - seat, player=seat,
                         turn=1, score=10)
    assert refused["field"] == "sheet"
    refused = table.send(table.players[seat], "correct_score", expect=403, player=seat, turn=1, field="score",
                         old=1, new=2,
                         asked_by=1 - seat, agreed_by=seat)
    assert refused["field"] == "asked_by"
    refused = table.send(api.tokens["arbiter"], "correct_overdraw", expect=422, seen=False)
    assert refused["field"] == "noticed_by"  # an official names the seat that noticed it
    assert refused["code"] == "seat_required"  # who asks decides it: the rules' 422, not a malformed body


def test_a_rule_of_the_toolbox_is_422_with_its_article(api: Api):
    table = started(api)
    refused = table.send(api.tokens["director"], "restart_clock", expect=422)
    assert refused["code"] and refused["message"]
    refused = table.send(api.tokens["director"], "stop_clock", expect=400, reason="lunch")
    assert refused["field"] == "reason"


def _events(api: Api, table: Table, token: str, after: int = 0) -> list[dict]:
    return api.get(f"/v1/games/{table.id}/events", token, params={"after": after}).json()["events"]


def test_the_virtual_bags_refill_is_the_services_draw_and_the_acceptance_the_opponents(api: Api):
    """FILE 32, 37: the opponent writes the score down (the acceptance is hers); the player then draws back to
    seven. In a virtual bag the service draws for the player, so the trail names the service, not the opponent."""
    table = started(api)
    seat = table.state()["seat_on_turn"]
    before = table.version
    assert table.play(seat)
    accepted = {e["type"]: e for e in _events(api, table, table.director, before)}
    assert accepted["PlayAccepted"]["actor"] == f"player:{1 - seat}:{('Ana', 'Bea')[1 - seat]}"
    assert accepted["TilesDrawn"]["actor"] == "service:bag" and accepted["TilesDrawn"]["payload"]["seat"] == seat


def test_overdraw_over_http_the_facts_choose_the_article_and_a_ruling_is_the_arbiters_file_28(api: Api):
    """FILE 28.1.1: the opponent spots unseen extras at once: back unseen, cited 28.1.1, no penalty. FILE
    28.1.2 and 28.2 both fit seen extras she spots on her own turn: 422 until an official rules, and a player's
    token may not send the ruling (403). FILE 28.1.2 «tendrá derecho a ver X+2 fichas»: the opponent sees the
    sample and what the offender kept, in her answers, the history and the status; the tiles just drawn stay
    hidden from her."""
    table = started(api)
    seat = table.state()["seat_on_turn"]
    other, arbiter = 1 - seat, api.tokens["arbiter"]
    assert table.play(seat)
    table.send(table.players[seat], "overdraw_tiles", count=1)
    status = api.get(f"/v1/games/{table.id}/status", table.players[other]).json()
    assert status["overdraw"]["drawn"] is None and status["overdraw"]["seat"] == seat
    own = api.get(f"/v1/games/{table.id}/status", table.players[seat]).json()
    assert len(own["overdraw"]["drawn"]) == 1
    corrected = table.send(table.players[other], "correct_overdraw", seen=False, on_rack=False)
    (event,) = [e for e in corrected["events"] if e["type"] == "OverdrawCorrected"]
    assert (event["payload"]["procedure"], event["payload"]["article"], event["payload"]["lost_turn"]) == (
        "unseen", "FILE 28.1.1", False)

    table.send(table.players[seat], "overdraw_tiles", count=1)
    refused = table.send(table.players[other], "correct_overdraw", expect=422, seen=True)
    assert (refused["code"], refused["field"], refused["article"]) == ("overdraw_ruling", "procedure", "FILE 28.2")
    refused = table.send(table.players[other], "correct_overdraw", expect=403, seen=True, procedure="sample")
    assert refused["field"] == "procedure"
    sampled = table.send(arbiter, "correct_overdraw", noticed_by=other, seen=True, procedure="sample")
    assert sampled["events"][0]["payload"]["ruling"] == "sample"
    (shown,) = [e for e in _events(api, table, table.players[other]) if e["type"] == "OverdrawSampled"]
    assert len(shown["payload"]["sample"]) == 3 and shown["redacted"] == []
    status = api.get(f"/v1/games/{table.id}/status", table.players[other]).json()
    assert status["overdraw"]["sample"]["tiles"] == shown["payload"]["sample"]
    state = table.state(table.players[other])  # the tablet shows her the X + 2 to choose from
    assert state["overdraw"]["sample"]["tiles"] == shown["payload"]["sample"] and state["overdraw"]["drawn"] is None
    hidden = table.state(api.tokens["spectator"])["overdraw"]  # a spectator was shown nothing
    assert hidden["sample"]["tiles"] is None and hidden["sample"]["count"] == 3
    chosen = table.send(table.players[other], "choose_overdraw_return", returned=shown["payload"]["sample"][:1])
    (event,) = [e for e in chosen["events"] if e["type"] == "OverdrawCorrected"]
    assert sorted(event["payload"]["kept"]) == sorted(shown["payload"]["sample"][1:])
    assert event["redacted"] == ["rack_after"] and event["payload"]["article"] == "FILE 28.1.2"
    (again,) = [e for e in _events(api, table, table.players[other]) if e["type"] == "OverdrawCorrected"
                and e["payload"]["procedure"] == "sample"]
    assert again["payload"]["kept"] == event["payload"]["kept"]
