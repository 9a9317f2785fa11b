"""Clocks and time, driven through commands: readings and overtime penalties (FILE 34, AJS 3.1.2.1, FISC I.11),
clock stops (FILE 33, FISE 34, FISC I.11), late arrival (FILE 35.1, AJS 4.1.12, FISC I.5), per-move timers
(Molins 27, FISE 33) and the round's time (FILE 30, 44.4; FISC I.11).

Spanish values: after CASA and LMNO Ana holds EEILMNO = 1+1+1+1+3+1+1 = 9, Bea OSTRANE = 7.
"""

import pytest

from domain.game import Game
from domain.game.errors import NotAllowedInProfile, RuleViolation, WrongPhase
from tests.factories import meta
from tests.scenes import ANA, BEA, DIRECTOR, casa, last, passes, started, two_bingos

CLOCK_25 = {"minutes": 25}


def rows(game, key):
    return [p[key] for p in game.settlement["players"]]


def test_overtime_costs_10_points_per_minute_or_part_at_the_end_file_34_1():
    """FILE 34.1: «10 puntos por cada minuto (o fracción de minuto) que consuma extra ... Esos puntos no se
    suman a su rival». Ana 1:01 over = 2 minutes = 20. Passes end it (FILE 44.2): Ana 12 − 9 − 20 = −17,
    Bea 0 − 7 = −7: Bea wins by 10."""
    game = casa(started(clock=CLOCK_25))
    game.record_clock(ANA, meta("player:1"), remaining=-61)
    assert (last(game, "ClockRead").overtime, game.clocks[ANA]) == (61, {"remaining": -61, "overtime": 61})
    passes(game, 4)
    s = game.settlement
    assert (s["cause"], s["winner"], s["spread"]) == ("passes", BEA, 10)
    assert rows(game, "time_penalty") == [20, 0] and rows(game, "rack_adjustment") == [-9, -7]
    assert rows(game, "final_score") == [-17, -7] and rows(game, "name") == ["Ana", "Bea"]


def test_a_reading_after_the_end_settles_the_sheet_again_and_voids_signatures_file_43():
    """FILE 43: the signatures agree «con ... deducciones por fichas restantes y exceso de tiempo». The last
    reading (used 25:59 of 25:00 = 0:59 over = 10) comes after Bea signed: settled again, to be signed again."""
    game = casa(started(clock=CLOCK_25))
    passes(game, 4)
    game.sign(BEA, "bea", meta("player:1"))
    game.record_clock(ANA, meta("player:0"), used=25 * 60 + 59)
    assert rows(game, "time_penalty") == [10, 0] and rows(game, "final_score") == [12 - 9 - 10, -7]
    assert game.signatures == {} and [a["type"] for a in game.next_actions()
                                   if a["type"] not in ("call_arbiter", "report_device")] == ["sign", "sign"]
    game.sign(BEA, "bea", meta("player:1"))
    game.record_clock(BEA, meta("player:1"), remaining=95)  # changes nothing on the sheet: the signature stands
    assert "GameSettled" != type(game.pending_events[-1]).__name__ and "1" in game.signatures


def test_more_than_8_minutes_over_loses_with_80_off_and_the_leader_set_one_below_file_34_2():
    """FILE 34.2: «Si un jugador se excede en más de 8 minutos ... perderá la partida. Si después de descontar
    los 80 puntos, el marcador ... aún favorece a este jugador o existe empate, se modificará su puntuación
    hasta dejarla en un punto menos que la puntuación de su rival. No se restan los puntos ... de los
    atriles». 8:00 over is not yet more than 8; at 8:01 the game ends: Ana 140 − 80 = 60 ≥ 0, so 0 − 1 = −1."""
    game = two_bingos(clock=CLOCK_25)
    game.record_clock(ANA, meta(), remaining=-480)
    assert game.phase == "playing"
    game.record_clock(ANA, meta(), remaining=-481)
    ended = last(game, "GameEnded")
    assert (ended.cause, game.phase) == ("time", "ended")
    s = game.settlement
    assert (s["racks_counted"], s["winner"], s["spread"]) == (False, BEA, 1)
    assert rows(game, "time_penalty") == [80, 0] and rows(game, "result_adjustment") == [-61, 0]
    assert rows(game, "final_score") == [-1, 0] and rows(game, "result") == ["loss", "win"]


def test_zero_over_is_free_ten_minutes_over_loses_100_and_no_rack_counts_ajs_3_1_2_1():
    """AJS 3.1.2.1: «La indicación ":00" no penaliza, sino la siguiente. Si consume diez minutos extra, perderá
    la partida ... se le restan 100 puntos, y no se resta el valor de las fichas de los dos jugadores».
    Bea at 0:00 owes nothing; at 10:00 she has lost: Bea 0 − 100 = −100, Ana 140 (rack AEIOULM not
    deducted)."""
    game = two_bingos("ajs-2012")
    game.record_clock(BEA, meta(), remaining=0)
    assert game.phase == "playing" and game.book.time_penalty(game.clocks[BEA]["overtime"]) == 0
    assert game.book.time_penalty(1) == 10
    game.record_clock(BEA, meta(), remaining=-600)
    s = game.settlement
    assert (s["cause"], s["racks_counted"], s["winner"], s["spread"]) == ("time", False, ANA, 240)
    assert rows(game, "final_score") == [140, -100] and rows(game, "rack_adjustment") == [0, 0]


def test_penalty_capped_at_10_minutes_and_past_them_the_game_ends_as_the_sheet_stands_fisc_i11():
    """FISC I.11: «10 punts per cada minut o fracció de minut consumit de més (fins a un màxim de 10 minuts)
    ... Els punts de les peces restants als faristols no es comptabilitzaran»; I.8 D ends the game past
    the margin. Catalan scrabbles 68 + 70 = 138: Ana 138 − 100 = 38 still wins: the sheet decides."""
    game = two_bingos("fisc-2023")
    game.record_clock(ANA, meta(), remaining=-600)
    assert game.phase == "playing"
    game.record_clock(ANA, meta(), remaining=-601)
    s = game.settlement
    assert (s["cause"], s["racks_counted"], s["winner"], s["spread"]) == ("time", False, ANA, 38)
    assert rows(game, "time_penalty") == [100, 0] and rows(game, "final_score") == [38, 0]


def test_a_game_is_ended_on_time_only_past_a_recorded_limit_file_34_2():
    """end_game('time') needs a reading past the limit; FISE 35 has no limit at all."""
    game = casa(started(clock=CLOCK_25))
    with pytest.raises(RuleViolation) as info:
        game.end_game("time", DIRECTOR)
    assert info.value.article == "FILE 34.2"
    game.declare_overtime(BEA, 9 * 60, DIRECTOR)
    assert game.phase == "ended" and rows(game, "final_score") == [12, -80]
    fise = casa(started("fise-2009"))
    with pytest.raises(NotAllowedInProfile) as info:
        fise.end_game("time", DIRECTOR)
    assert "fise-2009" in info.value.message


def test_clock_stops_only_for_the_profiles_reasons_file_33_fisc_i11_fise_34_1():
    """FILE 33.4 stops the clock «mientras se devuelven a la bolsa letras extraídas por exceso»; FISC I.11
    A–D does not; FISE 34.1 stops it to count only «en la modalidad Tiempo No Corrido»."""
    game = casa(started(clock=CLOCK_25))
    game.stop_clock("overdraw_return", DIRECTOR)
    assert last(game, "ClockStopped").article == "FILE 33.2-33.5"
    assert ("restart_clock", None, "director") in [tuple(a.values()) for a in game.next_actions()]
    with pytest.raises(WrongPhase):
        game.stop_clock("challenge", DIRECTOR)
    game.restart_clock(DIRECTOR)
    assert game.clock_stop is None
    fisc = casa(started("fisc-2023"))
    with pytest.raises(NotAllowedInProfile) as info:
        fisc.stop_clock("overdraw_return", DIRECTOR)
    assert "fisc-2023" in info.value.message and info.value.article == "FISC I.11 A-D"
    fisc.stop_clock("force_majeure", DIRECTOR)
    corrido = casa(started("fise-2009"))
    with pytest.raises(RuleViolation) as info:
        corrido.stop_clock("score_counting", DIRECTOR)
    assert info.value.article == "FISE 34.1"
    no_corrido = casa(started("fise-2009", clock={"mode": "no_corrido"}))
    no_corrido.stop_clock("score_counting", DIRECTOR)
    assert no_corrido.clock_stop["reason"] == "score_counting"


def test_late_player_clock_runs_from_the_end_of_the_tolerance_file_35_1_ajs_4_1_12_fisc_i5():
    """FILE 35.1: «el Director pondrá en marcha su reloj, luego de otorgar dos minutos de tolerancia»: 7
    minutes late costs 5 of 25 (remaining 1200 s). AJS 4.1.12 starts the clocks at 5 minutes: 12 late costs
    7 of 30 (1380 s). FISC I.5: at once, and after 15 minutes the game is lost. Molins has no rule."""
    file = Game.create("file-2024", ["Ana", "Bea"], DIRECTOR, details={"clock": CLOCK_25})
    file.record_late_arrival(BEA, 7, DIRECTOR)
    event = last(file, "LateArrivalRecorded")
    assert (event.charged, event.remaining, event.article) == (300, 1200, "FILE 35.1")
    assert file.clocks[BEA] == {"remaining": 1200, "overtime": 0}
    ajs = Game.create("ajs-2012", ["Ana", "Bea"], DIRECTOR)
    ajs.record_late_arrival(ANA, 12, DIRECTOR)
    assert ajs.clocks[ANA]["remaining"] == 1380
    fisc = Game.create("fisc-2023", ["Ana", "Bea"], DIRECTOR)
    fisc.record_late_arrival(ANA, 10, DIRECTOR)
    assert fisc.clocks[ANA]["remaining"] == 15 * 60
    with pytest.raises(RuleViolation) as info:
        Game.create("fisc-2023", ["Ana", "Bea"], DIRECTOR).record_late_arrival(ANA, 16, DIRECTOR)
    assert info.value.article == "FISC I.5"
    with pytest.raises(RuleViolation):  # 40 − 2 = 38 minutes of 25: 13 over, past FILE 34.2's 8
        Game.create("file-2024", ["Ana", "Bea"], DIRECTOR, details={"clock": CLOCK_25}).record_late_arrival(
            BEA, 40, DIRECTOR)
    with pytest.raises(NotAllowedInProfile) as info:
        Game.create("molins-club", ["Ana", "Bea"], DIRECTOR).record_late_arrival(ANA, 3, DIRECTOR)
    assert "molins-club" in info.value.message


def test_move_not_made_in_time_is_a_lost_turn_with_0_and_no_exchange_molins_27():
    """Molins 27: «Si no fa efectiva la jugada serà penalitzat amb la pèrdua de torn sense possibilitat de
    canvi de fitxes i zero punts de jugada». FISE 33 (timer): no play may be started after the signal."""
    game = started("molins-club", clock={"timing": "move_timer"})
    game.time_out(ANA, meta("player:1"))
    lost = last(game, "TurnLost")
    assert (lost.seat, lost.reason, lost.article) == (ANA, "move_timer", "Molins 27")
    assert game.turns == [{"seat": ANA, "kind": "lost", "score": 0, "reason": "move_timer"}] and game.turn == BEA
    fise = started("fise-2009", clock={"timing": "move_timer"})
    fise.time_out(ANA, meta())
    assert last(fise, "TurnLost").article == "FISE 33"
    with pytest.raises(RuleViolation):
        started("molins-club").time_out(ANA, meta())  # a chess-clock game
    with pytest.raises(NotAllowedInProfile) as info:
        started("file-2024").time_out(ANA, meta())
    assert "file-2024" in info.value.message and info.value.article == "FILE 31"


def test_round_time_turns_equalised_then_the_sheet_stands_without_racks_file_30_44_4():
    """FILE 30: «el jugador a quien corresponda igualar la cantidad de turnos deberá ejecutar su jugada»; 44:
    «las puntuaciones quedan tal como aparecen en la planilla, sin restar ... los atriles». Ana 12, Bea OA 3
    (O on a double letter: 2 + 1): 12–3, Ana by 9."""
    game = casa(started())
    with pytest.raises(RuleViolation) as info:
        game.end_game("round_time", DIRECTOR)
    assert info.value.article == "FILE 30, 44.4"
    game.call_round_time(DIRECTOR)
    assert (last(game, "RoundTimeCalled").until, game.phase) == (2, "playing")
    game.place_tiles(BEA, "9G", "O.", meta("player:1"))
    game.accept(ANA, meta("player:0"))
    s = game.settlement
    assert (game.ending["cause"], s["racks_counted"], s["winner"], s["spread"]) == ("round_time", False, ANA, 9)
    assert rows(game, "final_score") == [12, 3]


def test_round_time_the_move_in_progress_and_one_more_fisc_i11():
    """FISC I.11: «hauran de completar la mà en curs i una més (a raó d'un màxim de 2 minuts per jugada)»
    and «no es comptabilitzaran els punts restants al faristol». Ana's CASA (10) is waiting for Bea: that
    move, then Bea's; Bea passes: 10–0 as the sheet stands."""
    game = started("fisc-2023")
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.call_round_time(DIRECTOR)
    called = last(game, "RoundTimeCalled")
    assert (called.until, called.move_seconds, called.procedure) == (2, 120, "current_plus_one")
    game.accept(BEA, meta())
    game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    assert game.phase == "playing"
    game.pass_turn(BEA, meta())
    assert (game.ending["cause"], rows(game, "final_score"), game.settlement["racks_counted"]) == (
        "round_time", [10, 0], False)
    idle = casa(started("fisc-2023"))  # nobody mid-move: Bea's move and Ana's
    idle.call_round_time(DIRECTOR)
    assert last(idle, "RoundTimeCalled").until == 3
