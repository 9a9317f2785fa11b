"""Profiles: clocks, per-move timers and overtime, one test per difference."""

import pytest

from domain.profiles import PROFILES, get_profile
from domain.profiles.kinds import ClockMode, ClockStop, MoveTimeout, Timing


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_clock_minutes_file_33_per_event_fise_34_30_ajs_30_fisc_25_molins_30():
    """FISC I.11: 'que serà de 25 minuts per a cada jugador'; FISE 34: 'Típicamente 30 minutos en los torneos
    de "Tiempo Corrido" y 25 minutos en los torneos de "Tiempo No Corrido"'; AJS 3.1.2.1: 'La AJS adopta el
    primero de ellos con un tiempo por jugador de 30 minutos'."""
    assert per_profile(lambda p: (p.clock.minutes, p.clock.minutes_fixed)) == {
        "file-2024": (None, False),
        "fise-2009": (30, False),
        "ajs-2012": (30, True),
        "fisc-2023": (25, True),
        "molins-club": (30, False),
    }


def test_clock_mode_corrido_or_no_corrido_25_fise_32_34_ajs_adopts_corrido_3_1_2_1():
    """FISE 32: 'Existen 2 modalidades'; AJS 3.1.2.1: 'La AJS adopta el primero de ellos'."""
    assert per_profile(lambda p: (p.clock.mode, p.clock.no_corrido_minutes)) == {
        "file-2024": (ClockMode.CORRIDO, None),
        "fise-2009": (ClockMode.CORRIDO, 25),
        "ajs-2012": (ClockMode.CORRIDO, None),
        "fisc-2023": (ClockMode.CORRIDO, None),
        "molins-club": (ClockMode.CORRIDO, None),
    }


def test_clock_stops_file_33_fise_34_fisc_i11_molins_28b():
    """FISE 34.1: '(sólo en la modalidad Tiempo "No Corrido"): ... antes de contar los puntos'; FISC I.11 stops
    it for 'causa major' and does not list the return of overdrawn tiles."""
    usual = (ClockStop.CHALLENGE, ClockStop.SCORE_DISCREPANCY, ClockStop.OVERDRAW_RETURN, ClockStop.DIRECTOR_CALL)
    assert per_profile(lambda p: p.clock.stops) == {
        "file-2024": usual,
        "fise-2009": (ClockStop.SCORE_COUNTING,) + usual,
        "ajs-2012": usual,
        "fisc-2023": (
            ClockStop.CHALLENGE, ClockStop.SCORE_DISCREPANCY, ClockStop.DIRECTOR_CALL, ClockStop.FORCE_MAJEURE,
        ),
        "molins-club": usual,
    }


def test_two_minutes_a_move_fise_31_1_and_molins_27_turn_lost():
    """FISE 31.1: 'cada jugador dispondrá de un máximo de dos (2) minutos para colocar cada palabra';
    Molins 27: 'serà penalitzat amb la pèrdua de torn sense possibilitat de canvi de fitxes i zero punts'."""
    assert per_profile(lambda p: (p.clock.timing, p.clock.move_seconds, p.clock.move_timeout)) == {
        "file-2024": ((Timing.CHESS_CLOCK,), None, None),
        "fise-2009": ((Timing.CHESS_CLOCK, Timing.MOVE_TIMER), 120, MoveTimeout.NO_NEW_PLAY),
        "ajs-2012": ((Timing.CHESS_CLOCK,), None, None),
        "fisc-2023": ((Timing.CHESS_CLOCK,), None, None),
        "molins-club": ((Timing.CHESS_CLOCK, Timing.MOVE_TIMER), 120, MoveTimeout.TURN_LOST),
    }


def test_ten_points_a_minute_or_part_file_34_1_fise_35_fisc_i11_molins_28d():
    """FILE 34.1: 'penalizado con 10 puntos por cada minuto (o fracción de minuto) que consuma extra'."""
    assert per_profile(lambda p: p.overtime.points_per_minute) == dict.fromkeys(PROFILES, 10)
    for profile in PROFILES.values():
        assert profile.time_penalty(1) == 10
        assert profile.time_penalty(60) == 10
        assert profile.time_penalty(61) == 20


def test_exactly_0_00_over_is_free_ajs_3_1_2_1_and_by_reading_the_others():
    """AJS 3.1.2.1: 'La indicación ":00" no penaliza, sino la siguiente'; the others charge the minutes
    'que consuma extra', and at 0:00 none has been used."""
    assert per_profile(lambda p: p.overtime.zero_over_free) == dict.fromkeys(PROFILES, True)
    assert get_profile("ajs-2012").note("overtime.zero_over_free") is None
    assert get_profile("file-2024").note("overtime.zero_over_free").startswith("reading:")
    for profile in PROFILES.values():
        assert profile.time_penalty(0) == 0


def test_the_penalty_reads_zero_over_free_each_minute_charged_from_its_first_second_or_from_its_start():
    """AJS 3.1.2.1 «La indicación ":00" no penaliza, sino la siguiente»: with ``zero_over_free`` exactly 1:00
    over is one minute and 1:01 two; without it a minute is charged from the moment it starts, so 1:00 over
    is already the second minute (10 points a minute, FILE 34.1)."""
    from dataclasses import replace

    ajs = get_profile("ajs-2012")
    strict = replace(ajs, overtime=replace(ajs.overtime, zero_over_free=False))
    assert [ajs.time_penalty(s) for s in (1, 59, 60, 61, 120, 121)] == [10, 10, 10, 20, 20, 30]
    assert [strict.time_penalty(s) for s in (1, 59, 60, 61, 120, 121)] == [10, 10, 20, 20, 30, 30]
    assert strict.time_penalty(0) == 0  # no overtime recorded: a clock that never ran out
    assert strict.time_penalty(30 * 60) == ajs.time_penalty(30 * 60) == 100  # the cap at the limit (AJS 3.1.2.1)


def test_overtime_limit_more_than_8_file_34_2_reaching_10_ajs_3_1_2_1_past_10_fisc_i11():
    """FILE 34.2: 'Si un jugador se excede en más de 8 minutos ... perderá la partida'; AJS 3.1.2.1: 'Si
    consume diez minutos extra, perderá la partida'; FISC I.11: 'fins a un màxim de 10 minuts'."""
    assert per_profile(lambda p: (p.overtime.limit_minutes, p.overtime.limit_at_reach)) == {
        "file-2024": (8, False),
        "fise-2009": (None, None),
        "ajs-2012": (10, True),
        "fisc-2023": (10, False),
        "molins-club": (None, None),
    }
    file, ajs, fisc = get_profile("file-2024"), get_profile("ajs-2012"), get_profile("fisc-2023")
    assert (file.overtime_ends_game(480), file.overtime_ends_game(481)) == (False, True)
    assert (ajs.overtime_ends_game(599), ajs.overtime_ends_game(600)) == (False, True)
    assert (fisc.overtime_ends_game(600), fisc.overtime_ends_game(601)) == (False, True)
    assert not get_profile("fise-2009").overtime_ends_game(3600)


def test_penalty_at_the_limit_80_file_34_2_100_ajs_3_1_2_1_100_fisc_i11():
    """FILE 34.2: 'Si después de descontar los 80 puntos'; AJS 3.1.2.1: 'se le restan 100 puntos'."""
    assert per_profile(lambda p: p.overtime.limit_penalty) == {
        "file-2024": 80,
        "fise-2009": None,
        "ajs-2012": 100,
        "fisc-2023": 100,
        "molins-club": None,
    }
    penalties = per_profile(lambda p: p.time_penalty(12 * 60))
    assert penalties == {"file-2024": 80, "fise-2009": 120, "ajs-2012": 100, "fisc-2023": 100, "molins-club": 120}


def test_past_the_limit_loses_file_34_2_ajs_3_1_2_1_not_said_in_fisc():
    """FILE 34.2: 'se modificará su puntuación hasta dejarla en un punto menos que la puntuación de su rival'.
    FISC I.8 D ends the game past the margin but does not say who loses."""
    assert per_profile(lambda p: (p.overtime.limit_loses, p.overtime.limit_leader_minus)) == {
        "file-2024": (True, 1),
        "fise-2009": (None, None),
        "ajs-2012": (True, 1),
        "fisc-2023": (False, None),
        "molins-club": (None, None),
    }
    assert "overtime.limit_leader_minus" in get_profile("ajs-2012").gaps()
    assert "overtime.limit_loses" in get_profile("fisc-2023").gaps()


@pytest.mark.parametrize("pid", ["file-2024", "ajs-2012", "fisc-2023"])
def test_no_rack_deduction_at_the_overtime_limit_file_34_2_ajs_3_1_2_1_fisc_i11(pid):
    """FILE 34.2: 'No se restan los puntos correspondientes a las fichas'; AJS 3.1.2.1: 'no se resta el valor de
    las fichas de los dos jugadores'; FISC I.11: 'Els punts de les peces restants als faristols no es
    comptabilitzaran'."""
    assert get_profile(pid).overtime.limit_racks is False


def test_no_overtime_limit_in_fise_35_or_molins_28d():
    """FISE 35 and Molins 28d only charge 10 points a minute; neither sets a ceiling."""
    for pid in ("fise-2009", "molins-club"):
        assert get_profile(pid).overtime.limit_racks is None
        assert "overtime.limit_minutes" in get_profile(pid).gaps()
