"""A director's token never speaks for a seat a tablet's key holds (issue 26, the gap left by the first pass).

The attack, as someone holding only a director's token: mint a player token for a seat during play
(``POST /v1/tokens``), or use the seat's token the game's creation handed out, and act as that player,
recorded as ``player:N``. With the seat's tablet alive, the acts its key does not sign (a challenge, a line
of the sheet) went through; once the director revoked the tablet (its key then signs nothing), every act
did, unsigned, and no verdict named it. Now a seat that has a key speaks only from the token its current key
was registered under: any other player token for it is refused (422 ``seat_key``, field ``Authorization``,
FILE 43) and nothing is recorded; what an official does for the seat is an official entry, recorded as the
official's, signed by their enrolled key and named in the verdict.
"""

from __future__ import annotations

from domain.game.official import signed_message
from service.trust.verdict import file_report
from tests.api.test_player_keys import send
from tests.api.test_rebinding import enrolled, hall, keyed  # noqa: F401  (hall: a fixture)
from tests.api.test_seats import events
from tests.application.script import find_play


def test_a_directors_token_never_acts_as_a_keyed_seats_player_only_as_an_official_entry_file_43(hall):
    table, bound = keyed(hall)
    state = table.state()
    placer = state["seat_on_turn"]
    other = 1 - placer
    (mine, tablet), (theirs, their_tablet) = bound[placer], bound[other]
    r = hall.post("/v1/tokens", table.director, {"role": "player", "label": "Bea", "game_id": table.id, "seat": other})
    assert r.status_code == 201, r.text  # a token is issued, but it speaks for nobody while a key holds the seat
    minted = r.json()["token"]
    coordinates, word = find_play(table.game, placer, table.rng)
    send(table, mine["token"], f"tablet-{placer}", "place_tiles", seat=placer, coordinates=coordinates, word=word,
         key_signature=tablet.sign("place_tiles", table.id, placer, state["head_hash"]))
    version = table.version
    # the tablet is alive: its key does not sign a challenge, yet the minted token and the creation token are refused
    for token in (minted, table.players[other]):
        refused = send(table, token, f"tablet-{other}", "challenge", 422, seat=other)
        assert (refused["code"], refused["field"], refused["article"]) == ("seat_key", "Authorization", "FILE 43")
        assert "official entry" in refused["message"]
    assert table.state()["version"] == version and events(table, "PlayChallenged") == []
    send(table, theirs["token"], f"tablet-{other}", "accept", seat=other,
         key_signature=their_tablet.sign("accept", table.id, other, table.state()["head_hash"]))
    # the director revokes the seat's tablet (its key then signs nothing) and tries again, unsigned
    r = hall.post(f"/v1/tokens/{theirs['token_id']}/revoke", table.director, {"reason": "tablet died"})
    assert r.status_code == 200, r.text
    table.version = version = table.state()["version"]
    for token in (minted, table.players[other]):
        refused = send(table, token, f"tablet-{other}", "pass_turn", 422, seat=other)
        assert (refused["code"], refused["field"]) == ("seat_key", "Authorization"), refused
        assert "revoked" in refused["message"]
    assert table.state()["version"] == version and events(table, "TurnPassed") == []
    # what an official does for the seat is an official entry: recorded as theirs, signed by their key, named
    key = enrolled(hall)
    head = table.state()["head_hash"]
    send(table, table.director, "console", "pass_turn", seat=other, official_key=key.fingerprint,
         official_signature=key.raw_sign(signed_message("pass_turn", table.id, "director:director-1", head)))
    [passed] = events(table, "TurnPassed")
    assert passed["actor"] == "director:director-1" and passed["payload"]["official_key"] == key.fingerprint
    export = hall.get(f"/v1/games/{table.id}/export?format=2", hall.tokens["tribunal"]).content
    report = file_report(export, None, None, None)
    assert report["state"] == "intact", report["lines"]
    [entry] = [w for w in report["verdict"]["warnings"] if w["kind"] == "official_entry"]
    assert (entry["official"], entry["seat"], entry["official_key"]) == ("director:director-1", other,
                                                                          key.fingerprint)
    # the export carries the director's key, so the entry's signature is checked offline
    assert f"event {passed['sequence']}: the pass entered by director:director-1 verifies with director:director-1's " \
           f"official key ({key.fingerprint[:16]}…)" in report["notes"], report["notes"]


def test_a_token_alone_never_registers_a_seats_key_even_naming_the_bound_tablet_file_43(hall):
    """A seat bound on paper (a tablet without WebCrypto): a director's minted token sending ``register_key`` with
    the bound tablet's device name is refused (a name is no credential); the tablet's own token may."""
    from tests.api.test_player_keys import bind
    from tests.keys import Tablet

    table = hall.table()
    paper = bind(table, 1, "tablet-1")
    r = hall.post("/v1/tokens", table.director, {"role": "player", "label": "x", "game_id": table.id, "seat": 1})
    minted = r.json()["token"]
    refused = send(table, minted, "tablet-1", "register_key", 422, public_key=Tablet().spki)
    assert (refused["code"], refused["field"]) == ("device", "device") and "with this token" in refused["message"]
    assert events(table, "KeyRegistered") == []
    send(table, paper["token"], "tablet-1", "register_key", public_key=Tablet().spki)
    assert [e["payload"]["token_id"] for e in events(table, "KeyRegistered")] == [paper["token_id"]]
