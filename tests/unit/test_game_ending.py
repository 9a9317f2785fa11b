"""End of game, settlement, signatures, closure and reopening (FILE 43–44, FISE 44–45, FISC I.8, Molins 19–20)."""

import random

import pytest

from domain.game.chain import record_of, verify_chain
from domain.game.errors import GameClosed, RuleViolation, WrongPhase
from domain.game.settlement import settle
from domain.tiles import CATALAN, SPANISH
from tests.factories import deal, exchange_some, meta, new_game, play_random_game

ANA, BEA = 0, 1
RACKS = ("CASAEEI", "OSTRANE")  # Spanish values: C3 A1 S1 A1 E1 E1 I1 = 9; O1 S1 T1 R1 A1 N1 E1 = 7


def started(profile="file-2024", bag_mode="virtual"):
    game = new_game(profile, bag_mode=bag_mode)
    if bag_mode == "physical":
        for seat in (ANA, BEA):
            game.draw_tiles(seat, meta(), count=7)
    else:
        deal(game, RACKS)
    return game


def passes(game, n):
    for _ in range(n):
        game.pass_turn(game.turn, meta())


def test_both_players_passing_twice_ends_the_game_and_each_subtracts_own_rack_file_44():
    """FILE 44: both pass twice in a row: Ana 0 − 9 = −9, Bea 0 − 7 = −7; Bea wins by 2."""
    game = started()
    passes(game, 3)
    assert game.phase == "playing"
    passes(game, 1)
    s = game.settlement
    assert (game.phase, s["cause"], s["winner"], s["spread"]) == ("ended", "passes", BEA, 2)
    assert [p["final_score"] for p in s["players"]] == [-9, -7]


def test_three_lost_turns_each_in_fisc_i8_b():
    """FISC I.8 B: "ambdós jugadors perden tres torns consecutius"; four lost turns are not enough.

    "Aquesta norma no s'aplica quan els marcadors encara estan a 0-0": at 0–0 passing never ends it.
    """
    game = new_game("fisc-2023")
    deal(game, ("CASAEEI", "OSTRANE"))
    passes(game, 8)
    assert game.phase == "playing"  # still 0–0
    game.place_tiles(game.turn, "H8", "CASA", meta())
    game.accept(1 - game.turn, meta())
    game.draw_tiles(0, meta(), tiles=list("LMNO"))
    passes(game, 5)
    assert game.phase == "playing"
    passes(game, 1)
    assert game.ending["cause"] == "passes"


def test_twelve_scoreless_turns_end_the_game_file_44():
    """FILE 44: 12 turns in a row (6 each) of passes, invalid plays and exchanges end it, even at 0–0."""
    game = started()
    rng = random.Random(1)
    for i in range(12):
        assert game.phase == "playing"
        (exchange_some(game, game.turn, rng) if i % 2 == 0 else game.pass_turn(game.turn, meta()))
    assert game.ending["cause"] == "scoreless"


def test_scoreless_streak_does_not_apply_at_zero_zero_fise_45_3():
    """FISE 45.3: the streak rule does not apply while the score is 0–0."""
    game = started("fise-2009")
    rng = random.Random(1)
    for i in range(14):
        (exchange_some(game, game.turn, rng) if i % 2 == 0 else game.pass_turn(game.turn, meta()))
    assert game.phase == "playing"


def test_going_out_adds_the_rivals_rack_to_the_finisher_file_44_settle():
    """FILE 44, FISC I.8 A: rival's rack Z10 + blank 0 + CH5 = 15: 300 + 15 = 315, 280 − 15 = 265."""
    result = settle("out", [300, 280], {ANA: [], BEA: ["Z", "?", "CH"]}, SPANISH, finisher=ANA)
    assert [p["final_score"] for p in result["players"]] == [315, 265]
    assert (result["winner"], result["spread"], result["racks_counted"]) == (ANA, 50, True)


def test_molins_finisher_adds_every_rack_molins_20():
    """Molins 20: every other player subtracts own rack; the finisher adds them all.

    Seat 0 holds QU8 + A1 = 9, seat 2 holds NY 10: 200 − 9 = 191; 250 + 19 = 269; 180 − 10 = 170.
    """
    result = settle("out", [200, 250, 180], {0: ["QU", "A"], 1: [], 2: ["NY"]}, CATALAN, finisher=1)
    assert [p["final_score"] for p in result["players"]] == [191, 269, 170]
    assert (result["winner"], result["spread"]) == (1, 78)


def test_a_tie_has_no_winner():
    """Equal final scores: no winner, spread 0."""
    result = settle("director", [250, 250], {}, SPANISH)
    assert (result["winner"], result["spread"], result["racks_counted"]) == (None, 0, False)


def test_game_out_with_empty_bag_is_detected_and_settled_by_the_aggregate():
    """FILE 44: a real game played to the end through commands ends "out", settled from the known racks."""
    game = play_random_game("file-2024", 7)
    assert game.ending["cause"] == "out"
    finisher = game.ending["finisher"]
    rival = 1 - finisher
    value = SPANISH.rack_value(game.racks[rival])
    rows = game.settlement["players"]
    assert rows[finisher]["final_score"] == game.scores[finisher] + value
    assert rows[rival]["final_score"] == game.scores[rival] - value


def test_physical_bag_waits_for_the_end_racks_then_settles():
    """With a physical bag the racks are not known: the game waits for each to be declared."""
    game = started(bag_mode="physical")
    passes(game, 4)
    assert game.phase == "ended" and game.pending == {"kind": "end_racks", "seats": [ANA, BEA]}
    with pytest.raises(WrongPhase):
        game.sign(ANA, "sig", meta())
    game.declare_end_rack(ANA, list("CASAEEI"), meta())
    game.declare_end_rack(BEA, list("OSTRANE"), meta())
    assert [p["final_score"] for p in game.settlement["players"]] == [-9, -7]


def test_both_signatures_close_the_game_and_everything_is_refused_file_43():
    """FILE 43: once both sign, nothing changes; every command is refused with game_closed."""
    game = started()
    passes(game, 4)
    game.sign(ANA, "ana", meta("player:0"))
    assert game.phase == "ended"
    game.sign(BEA, "bea", meta("player:1"))
    assert game.phase == "closed"
    with pytest.raises(GameClosed) as info:
        game.pass_turn(ANA, meta())
    assert info.value.code == "game_closed" and info.value.article == "FILE 43"


def test_director_reopens_only_once_every_player_asked_from_their_own_tablet_file_43():
    """FILE 43: «No se puede reabrir la partida, excepto que ambos jugadores, bajo mutuo acuerdo, lo soliciten
    expresamente al Director del torneo»: each request is the player's own event; the director's reopening
    is refused, naming the seats still missing and the article, until both are recorded."""
    game = started()
    passes(game, 4)
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    with pytest.raises(RuleViolation) as info:
        game.reopen("wrong total", meta("director:eva"))
    assert (info.value.code, info.value.field, info.value.article) == ("consent", "consent", "FILE 43")
    assert "Ana (seat 0)" in info.value.message and "Bea (seat 1)" in info.value.message
    game.consent_reopen(BEA, "my total misadded on turn 3", meta("player:1:Bea"))
    with pytest.raises(WrongPhase):
        game.consent_reopen(BEA, "again", meta("player:1:Bea"))
    with pytest.raises(RuleViolation) as info:
        game.reopen("wrong total", meta("director:eva"))
    assert "Ana (seat 0)" in info.value.message and "Bea" not in info.value.message
    game.consent_reopen(ANA, "agreed", meta("player:0:Ana"))
    game.reopen("Bea's total misadded on turn 3", meta("director:eva"))
    reopened = game.collect_events()[-1]
    assert type(reopened).__name__ == "GameReopened" and reopened.consent == [ANA, BEA]
    assert game.phase == "ended" and game.signatures == {} and game.reopen_consents == {}
    with pytest.raises(WrongPhase):  # asked again only once the game is closed again
        game.consent_reopen(ANA, "another", meta("player:0:Ana"))


def test_an_old_reopening_with_the_directors_list_of_seats_still_replays():
    """Games stored before the players' own requests hold a ``GameReopened`` whose consent the director typed."""
    from domain.game import events as ev

    game = started()
    passes(game, 4)
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    game._record(ev.GameReopened, meta("director:eva"), consent=[ANA, BEA], reason="typed by the director")
    copy = None
    for event in game.collect_events():
        copy = event.mutate(copy)
    assert copy.phase == "ended" and copy.signatures == {} and copy.reopen_consents == {}


@pytest.mark.parametrize("profile, article", [("ajs-2012", "AJS 2 (on FISE VII.44), 4.1.14"), ("fisc-2023", "FISC I.8")])
def test_handed_in_sheet_cannot_be_reopened_ajs_fisc_i8(profile, article):
    """AJS and FISC I.8: once handed in, the sheet is final: reopening is refused, naming the profile."""
    game = new_game(profile)
    deal(game, RACKS)
    game.end_game("director", meta("director:eva"), "round stopped (FILE 44.5)")
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    with pytest.raises(GameClosed) as info:
        game.reopen("typo", meta("director:eva"))
    assert profile in info.value.message and info.value.article == article
    with pytest.raises(GameClosed) as info:  # nor may a player ask for it
        game.consent_reopen(ANA, "typo", meta("player:0:Ana"))
    assert info.value.article == article


def test_signature_binds_the_exact_history_file_43():
    """A signature names the hash of the history before it: change one recorded fact and verification fails."""
    game = started()
    passes(game, 4)
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    records = [record_of(e) for e in game.collect_events()]
    assert verify_chain(records) is None
    signed = [r for r in records if r.type == "SheetSigned"]
    assert signed[0].payload["head_hash"] == records[signed[0].version - 2].hash
    tampered = list(records)
    victim = tampered[4]
    tampered[4] = victim._replace(payload=dict(victim.payload, seat=1 - victim.payload["seat"]))
    broken = verify_chain(tampered)
    assert broken is not None and broken.version == victim.version
    reordered = records[:3] + [records[4], records[3]] + records[5:]
    assert verify_chain(reordered).index == 3
    assert verify_chain(records[:5] + records[6:]).index == 5


def test_director_finds_nobody_can_play_and_each_subtracts_own_rack_fise_45_1():
    """FISE 45.1 «ningún jugador puede colocar fichas»; "en los casos 45.1, 45.2 y 45.3, cada jugador
    restará ... las fichas que tenga en el atril": Ana 0 − 9 = −9, Bea 0 − 7 = −7 (Spanish values)."""
    game = started("fise-2009")
    game.end_game("nobody_can_play", meta())
    s = game.settlement
    assert (s["cause"], s["racks_counted"], s["winner"]) == ("nobody_can_play", True, BEA)
    assert [p["rack_adjustment"] for p in s["players"]] == [-9, -7]


def test_nobody_can_play_is_not_an_end_under_file_44():
    """FILE 44 lists no such end: the cause is refused, naming the profile."""
    from domain.game.errors import NotAllowedInProfile

    game = started("file-2024")
    with pytest.raises(NotAllowedInProfile) as info:
        game.end_game("nobody_can_play", meta())
    assert info.value.field == "cause" and "file-2024" in info.value.message and game.phase == "playing"


def test_nobody_can_play_in_a_physical_bag_waits_for_the_racks_fise_45_1():
    """The racks are not known in a physical bag: the end waits for both, then settles."""
    game = started("fise-2009", bag_mode="physical")
    game.end_game("nobody_can_play", meta())
    assert game.pending == {"kind": "end_racks", "seats": [ANA, BEA]} and game.settlement is None
    game.declare_end_rack(ANA, list("CASAEEI"), meta())
    game.declare_end_rack(BEA, list("OSTRANE"), meta())
    assert [p["final_score"] for p in game.settlement["players"]] == [-9, -7]


@pytest.mark.parametrize("profile", ["file-2024", "fise-2009"])
def test_a_turn_lost_to_a_late_overdraw_is_not_a_pass_and_breaks_the_run_file_44_2_fise_45_2(profile):
    """FILE 44.2 «Ambos jugadores pasan dos (2) veces consecutivas cada uno ... quitar del tablero una jugada
    declarada no válida sí equivale a pasar» and 44.3 «pases, jugadas inválidas o cambios» (FISE 45.2, 45.3
    alike) name no lost turn: the turn FILE 28.2 takes from Ana is not a pass. After CASA, Bea passes, Ana's
    turn is lost, then Bea, Ana, Bea pass: four scoreless turns in a row, but not four passes. Ana's next
    pass makes two each: the game ends."""
    from tests.scenes import DIRECTOR, casa
    from tests.scenes import started as dealt

    game = casa(dealt(profile), refill=None)
    game.overdraw_tiles(ANA, meta(), tiles=list("LMNOP"))
    game.pass_turn(BEA, meta())
    game.correct_overdraw(BEA, True, DIRECTOR, returned=["P"])
    passes(game, 3)
    assert [t["kind"] for t in game.turns] == ["play", "pass", "lost", "pass", "pass", "pass"]
    assert game.phase == "playing"
    passes(game, 1)
    assert game.ending["cause"] == "passes"
