"""Games recorded before the players' own entries were key-signed still verify (issue 16: "old exports still
verify"). Their plays, passes and sheet lines were stored without a ``key`` field, and their hashes never
covered one: the store is rewritten here as the earlier service wrote it (the field absent, each hash as
it was computed then), the seats keyed and the sheets key-signed, and the game still reads, chains and
verifies in ``planilla-audit/2``, its unsigned entries not flagged."""

from __future__ import annotations

import random
import sqlite3

from domain.game.attested import Checks, attested_bytes, verify_attested
from domain.game.chain import GENESIS, event_hash, record_of, verify_chain
from service.access.application import ServiceApplication
from service.trust.keys import ServiceKey, verify_ed25519, verify_p256
from service.settings import settings_env
from tests.keys import Tablet
from tests.reliability.test_signed_rewrite import NOON, closed_game

ENTRIES = {"TilesPlaced", "TilesExchanged", "TurnPassed", "SheetEntryWritten"}


def test_entries_stored_without_a_key_field_chain_and_verify_as_before(tmp_path):
    data = tmp_path / "data"
    key = ServiceKey.generate()
    app = ServiceApplication(settings_env(str(data)), clock=lambda: NOON, rng=random.Random(5), service_key=key)
    tablets = [Tablet(), Tablet()]
    game = closed_game(app, 1, 1, tablets)
    app.close()

    # As the earlier service stored them: no `key` on an entry, each hash over the payload without it. The
    # players' acceptances and sheet signatures are then signed again over the heads as they were then.
    app = ServiceApplication(settings_env(str(data)), service_key=key)
    table = app.recorder.events_table_name
    previous = GENESIS
    stripped = 0
    with sqlite3.connect(data / "events.sqlite3") as db:
        for stored in app.recorder.select_events(game):
            event = app.mapper.to_domain_event(stored)
            state = dict(vars(event), previous_hash=previous)
            name = type(event).__name__
            if name in ENTRIES:
                stripped += state.pop("key") is not None
            if name == "SheetSigned":
                state["head_hash"] = previous
            if name in ("SheetSigned", "PlayAccepted") and state.get("key"):
                seat = state["seat"] if name == "SheetSigned" else state["key"]["seat"]
                action = "sign" if name == "SheetSigned" else "accept"
                state["key"] = dict(state["key"], seen_head=previous,
                                    signature=tablets[seat].sign(action, game, seat, previous))
            old = object.__new__(type(event))
            old.__dict__.update(state)
            if name != "Created":
                rec = record_of(old)
                meta = {"previous_hash": previous, "actor": rec.actor, "device": rec.device, "at": rec.at}
                old.__dict__["hash"] = event_hash(rec.game, rec.type, rec.version, rec.payload, meta)
                db.execute(f"UPDATE {table} SET state=? WHERE originator_id=? AND originator_version=?",
                           (app.mapper.to_stored_event(old).state, game.hex, event.originator_version))
            previous = old.__dict__["hash"]
        db.execute("DELETE FROM snapshots") if db.execute(
            "SELECT name FROM sqlite_master WHERE name='snapshots'").fetchone() else None
    app.close()
    assert stripped > 0  # the entries were key-signed: now stored as before, without the field

    again = ServiceApplication(settings_env(str(data)), service_key=key)
    records = again.history(game)
    assert all("key" not in r.payload for r in records if r.type in ENTRIES)
    assert verify_chain(records) is None and again.get_game(game).phase == "closed"
    again.close()
    # The service's closing signature was over the head before this rewrite: checked here without it.
    found = verify_attested(attested_bytes(records, [], None), Checks(verify_p256, verify_ed25519))
    assert found.ok, found.describe()
    assert sum("verifies with the key registered" in n for n in found.notes) == 3  # 1 acceptance, 2 sheets
