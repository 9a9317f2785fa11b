"""A player's key signs each of their own entries over the head hash they saw (issue 16): the play (FILE 32),
the exchange (FILE 25), the pass (FILE 26) and the lines of their own sheet (FILE 32). From the player's own
token a turn command of a seat with a key must carry its key signature; a line may (it is checked, never
required: docs/reliability.md, "Players' keys"). A signature that does not hold (over another head, for
another action, by the other seat's key, by a revoked device's key) is refused 422 naming the field and the
article, and nothing is recorded; the signatures stand in the ``planilla-audit/2`` export and verify offline.

The tablets' keys are made with ``cryptography`` exactly as WebCrypto makes them (``tests.keys``)."""

from __future__ import annotations

from typing import Any

from domain.game.attested import Checks, verify_attested
from service.trust.keys import verify_ed25519, verify_p256
from tests.api.conftest import Api, Table
from tests.api.test_player_keys import bind, send
from tests.api.test_seats import events
from tests.application.script import find_play
from tests.keys import Tablet


def refused(table: Table, token: str, device: int, type: str, article: str, **fields: Any) -> dict[str, Any]:
    """The command is refused 422 on its key signature, naming the article; nothing is recorded."""
    before = table.state()["version"]
    body = send(table, token, f"tablet-{device}", type, 422, **fields)
    assert (body["code"], body["field"], body["article"]) == ("key_signature", "key_signature", article), body
    assert table.state()["version"] == before
    return body


def test_plays_exchanges_passes_and_own_lines_are_signed_by_the_players_key_file_32_25_26(api: Api):
    tablets = {0: Tablet(), 1: Tablet()}
    table = api.table()
    bound = {seat: bind(table, seat, f"tablet-{seat}", tablets[seat].spki) for seat in (0, 1)}
    table.start()
    mover = table.state()["seat_on_turn"]
    other = 1 - mover
    me, you, token = tablets[mover], tablets[other], bound[mover]["token"]
    head = table.state()["head_hash"]

    # The play (FILE 32): unsigned, over another head, for another action, by the opponent's key: refused.
    coordinates, word = find_play(table.game, mover, table.rng)
    play = {"seat": mover, "coordinates": coordinates, "word": word}
    missing = refused(table, token, mover, "place_tiles", "FILE 32", **play)
    assert "its place_tiles must carry that key's signature" in missing["message"]
    stale = refused(table, token, mover, "place_tiles", "FILE 32", **play,
                    key_signature=me.sign("place_tiles", table.id, mover, "0" * 64))
    assert f"does not verify against seat {mover}'s registered key" in stale["message"]
    refused(table, token, mover, "place_tiles", "FILE 32", **play, key_signature=me.sign("pass_turn", table.id, mover, head))
    theirs = refused(table, token, mover, "place_tiles", "FILE 32", **play,
                     key_signature=you.sign("place_tiles", table.id, mover, head))
    assert f"seat {other}'s key" in theirs["message"]
    assert events(table, "TilesPlaced") == []
    send(table, token, f"tablet-{mover}", "place_tiles", **play,
         key_signature=me.sign("place_tiles", table.id, mover, head))
    [placed] = events(table, "TilesPlaced")
    assert placed["payload"]["key"] == {"fingerprint": me.fingerprint, "seen_head": head,
                                        "signature": placed["payload"]["key"]["signature"]}
    send(table, bound[other]["token"], f"tablet-{other}", "accept", seat=other,
         key_signature=you.sign("accept", table.id, other, table.state()["head_hash"]))

    # The player's own line of that play (FILE 32): by the opponent's key refused; signed, kept; unsigned, taken.
    line = {"sheet": mover, "player": mover, "turn": 1, "score": placed["payload"]["score"]}
    refused(table, token, mover, "write_sheet_entry", "FILE 32", **line,
            key_signature=you.sign("write_sheet_entry", table.id, mover, table.state()["head_hash"]))
    assert events(table, "SheetEntryWritten") == []
    send(table, token, f"tablet-{mover}", "write_sheet_entry", **line,
         key_signature=me.sign("write_sheet_entry", table.id, mover, table.state()["head_hash"]))
    send(table, bound[other]["token"], f"tablet-{other}", "write_sheet_entry",
         **dict(line, sheet=other))  # a line is never required to be signed
    lines = events(table, "SheetEntryWritten")
    assert [(e["payload"]["sheet"], (e["payload"]["key"] or {}).get("fingerprint")) for e in lines] == [
        (mover, me.fingerprint), (other, None)]

    # The exchange (FILE 25), by the seat now on turn: unsigned refused, signed kept.
    if table.state()["players"][mover]["rack_count"] < 7:
        send(table, token, f"tablet-{mover}", "draw_tiles", seat=mover)
    tiles = list(table.game.racks[other][:2])
    refused(table, bound[other]["token"], other, "exchange_tiles", "FILE 25", seat=other, tiles=tiles)
    send(table, bound[other]["token"], f"tablet-{other}", "exchange_tiles", seat=other, tiles=tiles,
         key_signature=you.sign("exchange_tiles", table.id, other, table.state()["head_hash"]))
    [exchanged] = events(table, "TilesExchanged")
    assert exchanged["payload"]["key"]["fingerprint"] == you.fingerprint

    # The pass (FILE 26): unsigned refused; signed kept; an arbiter passing for the seat is unsigned by key.
    refused(table, token, mover, "pass_turn", "FILE 26", seat=mover)
    send(table, token, f"tablet-{mover}", "pass_turn", seat=mover,
         key_signature=me.sign("pass_turn", table.id, mover, table.state()["head_hash"]))
    send(table, api.tokens["arbiter"], "desk", "pass_turn", seat=other)
    assert [(e["payload"]["key"] or {}).get("fingerprint") for e in events(table, "TurnPassed")] == [me.fingerprint,
                                                                                                     None]

    export = api.get(f"/v1/games/{table.id}/export?format=2", api.tokens["tribunal"]).content
    found = verify_attested(export, Checks(verify_p256, verify_ed25519), api.games.service_key.public_key)
    assert found.ok, found.describe()
    said = [n for n in found.notes if "verifies with the key registered" in n]
    for what in ("play", "acceptance", "sheet line", "exchange", "pass"):
        assert sum(f"'s {what} verifies" in n for n in said) == 1, (what, said)


def test_a_revoked_devices_key_signs_no_entry_and_the_seat_is_then_entered_unsigned_by_key(api: Api):
    tablets = {0: Tablet(), 1: Tablet()}
    table = api.table()
    bound = {seat: bind(table, seat, f"tablet-{seat}", tablets[seat].spki) for seat in (0, 1)}
    table.start()
    seat = table.state()["seat_on_turn"]
    r = api.post(f"/v1/tokens/{bound[seat]['token_id']}/revoke", table.director, {"reason": "tablet stolen"})
    assert r.status_code == 200, r.text
    table.version = table.state()["version"]
    head = table.state()["head_hash"]
    arbiter = api.tokens["arbiter"]
    body = refused(table, arbiter, seat, "pass_turn", "FILE 26", seat=seat,
                   key_signature=tablets[seat].sign("pass_turn", table.id, seat, head))
    assert "revoked device's key" in body["message"]
    send(table, arbiter, "desk", "pass_turn", seat=seat)  # the seat is now as a paper one
    assert events(table, "TurnPassed")[0]["payload"]["key"] is None
    send(table, bound[1 - seat]["token"], f"tablet-{1 - seat}", "pass_turn", seat=1 - seat,
         key_signature=tablets[1 - seat].sign("pass_turn", table.id, 1 - seat, table.state()["head_hash"]))
    line = {"sheet": seat, "player": 1 - seat, "turn": 1, "score": 0}
    body = refused(table, arbiter, seat, "write_sheet_entry", "FILE 32", **line,
                   key_signature=tablets[seat].sign("write_sheet_entry", table.id, seat, table.state()["head_hash"]))
    assert "revoked device's key" in body["message"] and events(table, "SheetEntryWritten") == []
