"""Official entries, defined once (issue 26, ``domain.game.official``): a player's act recorded by an official is
recorded as the official's and, with an enrolled key, signed by it over the head it follows; every verdict lists
them with ``official_entries``. Real ECDSA P-256 signatures (``tests.keys``)."""

import pytest

from domain.game.chain import record_of, verify_chain
from domain.game.meta import Meta
from domain.game.official import (ACTS, OfficialHand, OfficialSignatureRefused, is_official_entry, official_entries,
                                  signed_message, verify_with)
from service.trust.keys import verify_p256
from tests.factories import deal, meta, new_game
from tests.keys import Tablet

ARBITER = "arbiter:luis"


def hand(key: Tablet, game, action: str, actor: str = ARBITER, head: str | None = None) -> OfficialHand:
    signature = key.raw_sign(signed_message(action, str(game.id), actor, head or game.last_hash))
    return OfficialHand(key.fingerprint, key.spki, signature, actor, verify_p256)


def official(actor: str, key_hand: OfficialHand | None) -> Meta:
    base = meta(actor)
    return Meta(base.actor, "console", base.at, key_hand)


def test_the_acts_of_a_player_are_the_turn_the_acceptance_the_sheet_line_the_end_rack_and_the_signature_file_43():
    assert set(ACTS) == {"TilesPlaced", "PlayChallenged", "TilesExchanged", "TurnPassed", "PlayAccepted",
                         "EndRackDeclared", "SheetEntryWritten", "SheetSigned"}
    assert is_official_entry("TurnPassed", "arbiter:luis") and is_official_entry("SheetSigned", "director:ana")
    assert not is_official_entry("TurnPassed", "player:0:Ana") and not is_official_entry("TilesDrawn", "service:bag")
    assert not is_official_entry("GameEnded", "director:ana")  # the director's own act, not a player's


def test_an_official_pass_for_a_seat_is_signed_by_the_officials_key_and_listed_verified_file_26():
    key = Tablet()
    game = new_game()
    deal(game, ("CASAEEI", "OSTRANE"))
    seat = game.turn
    with pytest.raises(OfficialSignatureRefused) as info:  # over another head: refused, nothing recorded
        game.pass_turn(seat, official(ARBITER, hand(key, game, "pass_turn", head="0" * 64)))
    assert info.value.field == "official_signature" and game.turn == seat
    with pytest.raises(OfficialSignatureRefused):  # the signature of another action
        game.pass_turn(seat, official(ARBITER, hand(key, game, "accept")))
    game.pass_turn(seat, official(ARBITER, hand(key, game, "pass_turn")))
    game.pass_turn(game.turn, meta(f"player:{1 - seat}"))  # the player's own pass: not an official entry
    game.pass_turn(game.turn, official("director:ana", None))  # an official's, unsigned by key
    records = [record_of(e) for e in game.collect_events()]
    assert verify_chain(records) is None
    entries = official_entries(records, verify_with({key.fingerprint: key.spki}, verify_p256))
    assert [(e.actor, e.seat, e.key, e.verified) for e in entries] == [
        (ARBITER, seat, key.fingerprint, True), ("director:ana", seat, None, None)]
    other = Tablet()  # the same fingerprint claimed for another public key does not verify
    assert official_entries(records, verify_with({key.fingerprint: other.spki}, verify_p256))[0].verified is False
    assert official_entries([r.to_dict() for r in records])[0].verified is None  # no verify given: not checked


def test_a_key_signs_only_for_its_own_official_and_only_the_commands_first_act():
    key = Tablet()
    game = new_game()
    deal(game, ("CASAEEI", "OSTRANE"))
    game.pass_turn(game.turn, official("director:ana", hand(key, game, "pass_turn")))  # the hand names arbiter:luis
    [passed] = [e for e in game.collect_events() if type(e).__name__ == "TurnPassed"]
    assert (passed.official_key, passed.official_signature) == (None, None)


def test_the_text_an_officials_key_signs_is_the_consoles():
    """The same literal as pages/tests/replacing.test.mjs checks for official_key.js ``officialMessage``."""
    game, head = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "c0" * 32
    assert signed_message("sign", game, "arbiter:luis", head) == f"planilla-official/1|sign|{game}|arbiter:luis|{head}".encode()
