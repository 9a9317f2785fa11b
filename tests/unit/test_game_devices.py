"""Tablets at the table, driven through the aggregate: binding devices to seats (one writer per seat),
revocation and release, the conformity log, calling the arbiter (FILE 33.5, FISE 34.5, Molins 28b) and the
one aid a game may allow, the unseen tiles (FILE 27, 5.4-5.5; FISC I.5, I.7.5)."""

from collections import Counter

import pytest

from domain.game import Game, Meta
from domain.game.aids import unseen_by, unseen_tiles_allowed
from domain.game.errors import GameClosed, RuleViolation, WrongPhase
from domain.game.settings import game_settings
from domain.profiles import PROFILES, get_profile
from tests.factories import meta
from tests.scenes import ANA, BEA, DIRECTOR, casa, last, passes, started


def on(device: str, actor: str = "player:0") -> Meta:
    return Meta(actor, device, "2026-11-21T10:00:00+00:00")


def test_a_second_device_on_a_seat_is_bound_and_both_are_warned_until_one_is_revoked():
    game = started()
    game.bind_device(ANA, "tok-1", "director:eva", on("tablet-a"))
    assert not last(game, "DeviceBound").second and game.device_warnings() == []
    game.bind_device(ANA, "tok-2", "director:eva", on("tablet-a"))  # the same tablet again: no warning
    assert game.device_warnings() == []
    game.bind_device(BEA, "tok-3", "arbiter:joan", on("tablet-b", "player:1"))
    game.bind_device(ANA, "tok-4", "director:eva", on("tablet-z"))
    event = last(game, "DeviceBound")
    assert (event.second, event.others, event.device) == (True, ["tablet-a"], "tablet-z")
    [warning] = game.device_warnings()
    assert (warning["seat"], warning["devices"], warning["token_ids"]) == (ANA, ["tablet-a", "tablet-z"],
                                                                           ["tok-1", "tok-2", "tok-4"])
    assert [d["current"] for d in game.devices if d["seat"] == ANA] == [False, False, True]
    assert game.note_revoked("tok-1", "old", DIRECTOR) and game.note_revoked("tok-2", "old", DIRECTOR)
    assert not game.note_revoked("tok-2", "again", DIRECTOR)  # already revoked: nothing recorded
    assert not game.note_revoked("never-bound", "x", DIRECTOR)
    assert game.device_warnings() == [] and [d["token_id"] for d in game.live_devices()] == ["tok-3", "tok-4"]


def test_a_binding_names_its_device():
    game = started()
    with pytest.raises(RuleViolation) as refused:
        game.bind_device(ANA, "tok", "director:eva", on(None))
    assert refused.value.field == "device"
    with pytest.raises(RuleViolation):
        game.bind_device(2, "tok", "director:eva", on("tablet-a"))


def test_releasing_a_seat_revokes_its_live_devices_and_needs_one():
    game = started()
    with pytest.raises(WrongPhase):
        game.release_seat(ANA, "done", DIRECTOR)
    game.bind_device(ANA, "tok-1", "director:eva", on("tablet-a"))
    game.bind_device(ANA, "tok-2", "director:eva", on("tablet-z"))
    assert game.release_seat(ANA, "tablet broken", DIRECTOR) == ["tok-1", "tok-2"]
    assert game.live_devices(ANA) == [] and game.device_warnings() == []


def test_device_reports_are_recorded_and_change_nothing_else():
    game = casa(started())
    before = {k: v for k, v in vars(game).items() if k not in ("_version", "last_hash", "_modified_on",
                                                              "_pending_events")}
    for kind in ("focus_lost", "focus_back", "page_left", "reconnected"):
        game.report_device(BEA, kind, on("tablet-b", "player:1"))
    after = {k: v for k, v in vars(game).items() if k in before}
    assert after == before
    with pytest.raises(RuleViolation) as refused:
        game.report_device(BEA, "screenshot", on("tablet-b", "player:1"))
    assert refused.value.field == "kind"


def test_calling_the_arbiter_stops_both_clocks_file_33_5():
    """FILE 33.5: «El reloj será detenido para ambos jugadores ... cuando se llama al Director del torneo para
    cualquier consulta». The answer restarts it."""
    game = casa(started())
    game.call_arbiter(BEA, meta("player:1"), "consulta")
    assert last(game, "ArbiterCalled").clock_stopped
    assert game.clock_stop == {"reason": "director_call", "article": "FILE 33.2-33.5"}
    assert [a["type"] for a in game.next_actions() if a["role"] == "director"][:1] == ["answer_call"]
    with pytest.raises(WrongPhase):
        game.call_arbiter(ANA, meta("player:0"))
    game.answer_call(DIRECTOR, "resuelto")
    assert game.arbiter_call is None and game.clock_stop is None
    with pytest.raises(WrongPhase):
        game.answer_call(DIRECTOR)


def test_a_per_move_timer_has_no_clock_to_stop_molins_27():
    """A per-move timer (Molins 27) is no chess clock: the call is recorded, and nothing is stopped."""
    game = Game.create("molins-club", ["Ana", "Bea"], DIRECTOR, details={"clock": {"timing": "move_timer"}})
    game.call_arbiter(ANA, meta("player:0"))
    assert not last(game, "ArbiterCalled").clock_stopped and game.clock_stop is None


def test_a_closed_game_takes_no_tablet_command_file_43():
    game = casa(started())
    passes(game, 4)
    game.sign(ANA, "ana", meta("player:0"))
    game.sign(BEA, "bea", meta("player:1"))
    for command in (lambda: game.report_device(ANA, "page_left", meta()), lambda: game.call_arbiter(ANA, meta()),
                    lambda: game.bind_device(ANA, "tok", "d", on("t"))):
        with pytest.raises(GameClosed):
            command()


def test_the_unseen_tiles_aid_is_off_in_every_profile_file_5_4_fisc_i_5():
    """FILE 5.4: no «aparato similar que pueda representar ventaja para su usuario»; FISC I.5: no «aparells
    electrònics de qualsevol mena ... excepte si l'organització permet»."""
    for profile in PROFILES.values():
        assert profile.conduct.unseen_tiles_shown is False
        assert profile.article("conduct.unseen_tiles_shown")
    assert "5.4-5.5" in get_profile("file-2024").article("conduct.unseen_tiles_shown")
    assert "I.5" in get_profile("fisc-2023").article("conduct.unseen_tiles_shown")
    assert not unseen_tiles_allowed(started())


def test_the_organisers_may_allow_it_per_game_and_nothing_else_passes_as_a_setting():
    profile = get_profile("fisc-2023")
    assert game_settings({"unseen_tiles": True}, profile)["unseen_tiles"] is True
    assert "unseen_tiles" not in game_settings({}, profile)  # kept only when given
    with pytest.raises(RuleViolation) as refused:
        game_settings({"unseen_tiles": "yes"}, profile)
    assert refused.value.field == "details.unseen_tiles" and "I.5" in refused.value.article


def test_the_unseen_tiles_of_a_player_by_hand_file_27():
    """After CASA (12) at H8, Ana holds EEI + LMNO, Bea OSTRANE. Ana has seen the board and her rack: of the
    12 A of the Spanish set she has seen 2 (CASA), of the 12 E two (her rack); Bea's racked A is unseen to Ana.
    100 tiles - 4 on the board - 7 on her rack = 89 unseen by Ana."""
    game = casa(started())
    mine = unseen_by(game, ANA)
    counts = Counter(mine)
    assert len(mine) == 89 and counts["A"] == 10 and counts["E"] == 10 and counts["C"] == 3
    assert counts["S"] == 5 and counts["?"] == 2 and counts["O"] == 8  # Bea's O is still unseen to Ana
    assert mine[:10] == ["A"] * 10  # in the tile set's order
    theirs = Counter(unseen_by(game, BEA))
    assert theirs["O"] == 8 and theirs["E"] == 11 and sum(theirs.values()) == 89
