"""Players' keys on the Game (issue 16): registration, re-binding, revocation, and the sheet signature
made with the seat's key (FILE 43). The signatures are real ECDSA P-256 ones (``tests.keys``), checked
by ``service.trust.keys.verify_p256`` handed to the aggregate."""

import pytest

from domain.game.chain import record_of, verify_chain
from domain.game.errors import RuleViolation
from domain.game.keys import KeySignatureRefused, signed_message
from service.trust.keys import decode_public_key, verify_p256
from tests.factories import deal, meta, new_game
from tests.keys import Tablet

ANA, BEA = 0, 1


def ended_with_keys(*tablets: Tablet | None):
    game = new_game()
    for seat, tablet in enumerate(tablets):
        game.bind_device(seat, f"token-{seat}", "director:eva", meta(f"player:{seat}"))
        if tablet is not None:
            spki, fp = decode_public_key(tablet.spki)
            game.register_key(seat, spki, fp, f"token-{seat}", "director:eva", meta(f"player:{seat}"))
    deal(game, ("CASAEEI", "OSTRANE"))
    for _ in range(4):  # each pass signed by the seat's own key where it has one (FILE 26)
        seat = game.turn
        signed = None if tablets[seat] is None else tablets[seat].sign("pass_turn", game.id, seat, game.last_hash)
        game.pass_turn(seat, meta(f"player:{seat}"), key_signature=signed, verify=verify_p256)
    assert game.phase == "ended"
    return game


def test_a_key_signature_over_the_head_seen_is_recorded_with_the_sheet_signature_file_43():
    ana, bea = Tablet(), Tablet()
    game = ended_with_keys(ana, bea)
    head = game.last_hash
    game.sign(ANA, "Ana", meta("player:0"), key_signature=ana.sign("sign", game.id, ANA, head), verify=verify_p256)
    signed = game.collect_events()[-1]
    assert signed.key == {"fingerprint": ana.fingerprint, "signature": signed.key["signature"], "seen_head": head}
    assert verify_p256(game.keys[0]["public_key"], signed_message("sign", str(game.id), ANA, head),
                       signed.key["signature"])


def test_a_seat_with_a_key_must_sign_with_it_and_a_bad_signature_records_nothing_file_43():
    ana, bea = Tablet(), Tablet()
    game = ended_with_keys(ana, bea)
    version = game.version
    with pytest.raises(KeySignatureRefused) as info:
        game.sign(ANA, "Ana", meta(), verify=verify_p256)
    assert (info.value.code, info.value.field, info.value.article) == ("key_signature", "key_signature", "FILE 43")
    assert "registered key" in info.value.message
    wrong_head = ana.sign("sign", game.id, ANA, "0" * 64)
    with pytest.raises(KeySignatureRefused) as info:
        game.sign(ANA, "Ana", meta(), key_signature=wrong_head, verify=verify_p256)
    assert "does not verify against seat 0's registered key" in info.value.message
    with pytest.raises(KeySignatureRefused) as info:  # Bea's tablet signing for Ana
        game.sign(ANA, "Ana", meta(), key_signature=bea.sign("sign", game.id, ANA, game.last_hash), verify=verify_p256)
    assert "seat 1's key" in info.value.message
    with pytest.raises(KeySignatureRefused):  # Ana's own key, but over the message of another action
        game.sign(ANA, "Ana", meta(), key_signature=ana.sign("accept", game.id, ANA, game.last_hash),
                  verify=verify_p256)
    assert game.version == version and game.signatures == {}


def playing_with_keys(*tablets: Tablet | None):
    game = new_game()
    for seat, tablet in enumerate(tablets):
        game.bind_device(seat, f"token-{seat}", "director:eva", meta(f"player:{seat}"))
        if tablet is not None:
            game.register_key(seat, *decode_public_key(tablet.spki), f"token-{seat}", "director:eva", meta(f"player:{seat}"))
    deal(game, ("CASAEEI", "OSTRANE"))
    return game


def pass_out(game, tablets) -> None:
    while game.phase == "playing":
        seat = game.turn
        signed = None if tablets[seat] is None else tablets[seat].sign("pass_turn", game.id, seat, game.last_hash)
        game.pass_turn(seat, meta(f"player:{seat}"), key_signature=signed, verify=verify_p256)


def test_rebinding_supersedes_the_old_key_visibly_and_the_old_key_signs_nothing_after():
    """During play a seat's new key is proposed, countersigned by the opponent's tablet, and only then replaces the
    old one, naming it (FILE 43: the sheet is signed by the player's own hand)."""
    old, new, bea = Tablet(), Tablet(), Tablet()
    game = playing_with_keys(old, bea)
    spki, fp = decode_public_key(new.jwk)  # the new tablet sends a JWK: the same key as its SPKI
    assert fp == new.fingerprint
    game.bind_device(ANA, "token-new", "director:eva", meta("player:0"))
    game.register_key(ANA, spki, fp, "token-new", "director:eva", meta("player:0"))
    assert type(game.collect_events()[-1]).__name__ == "KeyReplacementProposed"
    from domain.game.replacement import replacement_message
    game.confirm_key_replacement(ANA, fp, meta("player:1:Bea"), by_seat=BEA, reason=None, verify=verify_p256,
                                 countersignature=bea.raw_sign(replacement_message(str(game.id), ANA, fp)))
    registered = game.collect_events()[-1]
    assert type(registered).__name__ == "KeyRegistered" and registered.replaces == old.fingerprint
    assert registered.countersigned_by == f"seat:1:{bea.fingerprint}"
    assert [(k["seat"], k["current"]) for k in game.keys] == [(0, False), (1, True), (0, True)]
    pass_out(game, (new, bea))
    with pytest.raises(KeySignatureRefused) as info:
        game.sign(ANA, "Ana", meta(), key_signature=old.sign("sign", game.id, ANA, game.last_hash), verify=verify_p256)
    assert "superseded key" in info.value.message
    game.sign(ANA, "Ana", meta(), key_signature=new.sign("sign", game.id, ANA, game.last_hash), verify=verify_p256)


def test_a_key_is_registered_once_a_replayed_key_is_refused():
    old, new = Tablet(), Tablet()
    game = playing_with_keys(old, None)
    with pytest.raises(RuleViolation) as info:  # a key is registered once: replaying the old one is refused
        game.register_key(ANA, *decode_public_key(old.spki), "token-0", "director:eva", meta())
    assert (info.value.code, info.value.field) == ("public_key", "public_key")
    assert "already seat 0's registered key" in info.value.message
    game.register_key(ANA, *decode_public_key(new.spki), "token-0", "director:eva", meta())
    with pytest.raises(RuleViolation) as info:
        game.register_key(ANA, *decode_public_key(new.spki), "token-0", "director:eva", meta())
    assert "already proposed" in info.value.message


def test_a_revoked_devices_key_signs_nothing_after_and_the_seat_falls_back_to_unsigned_by_key():
    ana = Tablet()
    game = ended_with_keys(ana, None)
    assert game.note_revoked("token-0", "tablet stolen", meta("director:eva"))
    assert game.keys[0]["revoked"] and game.seat_key(ANA) is None
    with pytest.raises(KeySignatureRefused) as info:
        game.sign(ANA, "Ana", meta(), key_signature=ana.sign("sign", game.id, ANA, game.last_hash), verify=verify_p256)
    assert "revoked device's key" in info.value.message and info.value.article == "FILE 43"
    game.sign(ANA, "Ana", meta("arbiter:eva"))  # an arbiter-entered signature: recorded unsigned by key
    assert game.collect_events()[-1].key is None


def test_a_seat_without_a_key_signs_as_before_and_the_chain_verifies():
    game = ended_with_keys(None, None)
    game.sign(ANA, "Ana", meta())
    game.sign(BEA, "Bea", meta())
    assert game.phase == "closed"
    assert verify_chain([record_of(e) for e in game.collect_events()]) is None


def test_the_opponents_own_acceptance_is_signed_with_their_key_an_officials_is_not_file_37():
    ana, bea = Tablet(), Tablet()
    game = new_game()
    for seat, tablet in enumerate((ana, bea)):
        game.bind_device(seat, f"token-{seat}", "director:eva", meta(f"player:{seat}"))
        game.register_key(seat, *decode_public_key(tablet.spki), f"token-{seat}", "director:eva", meta(f"player:{seat}"))
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta("player:0:Ana"), verify=verify_p256,
                     key_signature=ana.sign("place_tiles", game.id, ANA, game.last_hash))
    with pytest.raises(KeySignatureRefused) as info:
        game.accept(BEA, meta("player:1:Bea"), verify=verify_p256)
    assert info.value.article == "FILE 37" and "its accept must carry" in info.value.message
    with pytest.raises(KeySignatureRefused):  # Ana cannot sign Bea's acceptance
        game.accept(BEA, meta("player:1:Bea"), key_signature=ana.sign("accept", game.id, BEA, game.last_hash),
                    verify=verify_p256)
    head = game.last_hash
    game.accept(BEA, meta("player:1:Bea"), key_signature=bea.sign("accept", game.id, BEA, head), verify=verify_p256)
    accepted = game.collect_events()[-1]
    assert accepted.key == {"seat": BEA, "fingerprint": bea.fingerprint, "signature": accepted.key["signature"],
                            "seen_head": head}
    assert verify_chain([record_of(e) for e in game.collect_events()]) is None


def test_a_rebinding_after_the_old_tablet_was_revoked_still_names_the_key_it_replaces():
    """The usual broken-tablet story: the director revokes the old tablet, then binds a new one during play; the new
    key is proposed naming the key it replaces, so no key is ever replaced silently (FILE 43)."""
    old, new = Tablet(), Tablet()
    game = playing_with_keys(old, None)
    game.note_revoked("token-0", "tablet broken", meta("director:eva"))
    game.bind_device(ANA, "token-new", "director:eva", meta("player:0"))
    game.register_key(ANA, *decode_public_key(new.spki), "token-new", "director:eva", meta("player:0"))
    assert game.collect_events()[-1].replaces == old.fingerprint
    assert game.key_proposal(ANA)["fingerprint"] == new.fingerprint and game.seat_key(ANA) is None


def test_a_keyed_seat_speaks_only_from_its_keys_token_an_official_as_themself_file_43():
    """Issue 26: a player's act recorded as ``player:N`` on a seat with a key comes from the token that key was
    registered under; another token (a director's minted one, the creation token) is refused, nothing recorded;
    a paper seat and an official act as before (the official's entry is theirs, named in the verdict)."""
    from domain.game import Meta
    from domain.game.keys import SeatKeyRefused

    game = ended_with_keys(Tablet(), None)  # seat 0 keyed under token-0, seat 1 on paper
    for hand in ("minted-token", "token-1"):  # a director's minted token; the other seat's tablet's
        with pytest.raises(SeatKeyRefused) as refused:
            game.guard_hand("SheetSigned", {"seat": 0}, Meta("player:0", "tablet-0", "t", None, hand))
        assert (refused.value.code, refused.value.field, refused.value.article) == ("seat_key", "Authorization",
                                                                                    "FILE 43")
    game.guard_hand("EndRackDeclared", {"seat": 0}, Meta("player:0", "tablet-0", "t", None, "token-0"))  # its tablet
    game.guard_hand("EndRackDeclared", {"seat": 1}, Meta("player:1", "paper", "t", None, "any-token"))  # paper
    game.guard_hand("EndRackDeclared", {"seat": 0}, Meta("arbiter:luis", "desk", "t"))  # an official entry
    game.guard_hand("TilesDrawn", {"seat": 0}, Meta("player:0", "x", "t", None, "minted-token"))  # not a player's act
