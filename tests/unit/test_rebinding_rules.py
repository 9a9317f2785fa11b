"""Re-binding rules on the Game (issue 26, ``domain.game.replacement``): no seat is bound or given a key after
``GameEnded``; a seat's later key is proposed until the opponent's tablet or an enrolled official vouches for it
(FILE 43: the sheet is the players' own). Real ECDSA P-256 signatures (``tests.keys``)."""

import pytest

from domain.game.errors import GameClosed
from domain.game.meta import Meta
from domain.game.official import OfficialHand
from domain.game.replacement import ReplacementRefused, replacement_message
from service.trust.keys import decode_public_key, verify_p256
from tests.factories import deal, meta, new_game
from tests.keys import Tablet

GAME = "3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"


def test_the_vouching_text_is_the_one_the_tablet_signs():
    fp = "ab" * 32
    assert replacement_message(GAME, 0, fp) == f"planilla-replace/1|{GAME}|0|{fp}".encode()  # pages/tests/replacing


def bound(*tablets):
    game = new_game()
    for seat, tablet in enumerate(tablets):
        game.bind_device(seat, f"token-{seat}", "director:eva", meta(f"player:{seat}"))
        game.register_key(seat, *decode_public_key(tablet.spki), f"token-{seat}", "director:eva", meta(f"player:{seat}"))
    deal(game, ("CASAEEI", "OSTRANE"))
    return game


def test_after_game_ended_no_device_is_bound_and_no_key_registered_file_43():
    ana, bea = Tablet(), Tablet()
    game = bound(ana, bea)
    while game.phase == "playing":
        seat = game.turn
        game.pass_turn(seat, meta(f"player:{seat}"), verify=verify_p256,
                       key_signature=(ana, bea)[seat].sign("pass_turn", game.id, seat, game.last_hash))
    version = game.version
    with pytest.raises(ReplacementRefused) as info:
        game.bind_device(0, "token-x", "director:eva", meta("director:eva"))
    assert (info.value.code, info.value.field, info.value.article) == ("rebinding", "seat", "FILE 43")
    with pytest.raises(ReplacementRefused):
        game.register_key(0, *decode_public_key(Tablet().spki), "token-0", "director:eva", meta("player:0"))
    assert game.version == version
    for seat, tablet in ((0, ana), (1, bea)):
        game.sign(seat, "x", meta(f"player:{seat}"), verify=verify_p256,
                  key_signature=tablet.sign("sign", game.id, seat, game.last_hash))
    with pytest.raises(GameClosed):  # a closed game never
        game.guard_rebinding("seat code", 0)


def test_an_official_vouches_with_an_enrolled_key_and_a_reason_and_a_revoked_proposal_dies_file_43():
    ana, bea, new, official = Tablet(), Tablet(), Tablet(), Tablet()
    game = bound(ana, bea)
    game.bind_device(0, "token-new", "director:eva", meta("player:0"))
    spki, fp = decode_public_key(new.spki)
    game.register_key(0, spki, fp, "token-new", "director:eva", meta("player:0"))
    signature = official.raw_sign(replacement_message(str(game.id), 0, fp))
    hand = OfficialHand(official.fingerprint, official.spki, signature, "director:eva", verify_p256)
    base = meta("director:eva")
    with pytest.raises(ReplacementRefused) as info:  # the token alone
        game.confirm_key_replacement(0, fp, base, by_seat=None, countersignature=None, reason="broken", verify=None)
    assert info.value.field == "official_signature"
    game.confirm_key_replacement(0, fp, Meta(base.actor, "console", base.at, hand), by_seat=None,
                                 countersignature=None, reason="broken", verify=None)
    registered = game.collect_events()[-1]
    assert (registered.countersigned_by, registered.reason) == (f"official:director:eva:{official.fingerprint}", "broken")
    other = Tablet()
    game.bind_device(1, "token-b2", "director:eva", meta("player:1"))
    game.register_key(1, *decode_public_key(other.spki), "token-b2", "director:eva", meta("player:1"))
    assert game.key_proposal(1) is not None
    game.note_revoked("token-b2", "not Bea's", meta("director:eva"))
    assert game.key_proposal(1) is None  # a proposal dies with its device's token
