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
    refused = table.send(api.tokens["arbiter"], "correct_overdraw", expect=400, seen=False)
    assert refused["field"] == "noticed_by"  # an official names the seat that noticed it


def test_a_rule_of_the_toolbox_is_422_with_its_article(api: Api):
    table = started(api)
    refused = table.send(api.tokens["director"], "restart_clock", expect=422)
    assert refused["code"] and refused["message"]
    refused = table.send(api.tokens["director"], "stop_clock", expect=400, reason="lunch")
    assert refused["field"] == "reason"
