"""Profiles: drawing errors, the scoresheet, closing the game and conduct, one test per difference."""

from domain.profiles import PROFILES, get_profile
from domain.profiles.kinds import BlankDispute, BlankMark, Closure, Correction, MainWord, Noticer, Reopen, Scorekeepers


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_overdraw_opponent_sees_x_plus_2_file_28_1_2_fisc_i7_3_vs_one_at_random_molins_11():
    """FILE 28.1.2: 'su oponente tendrá derecho a ver X+2 fichas, elegirá de entre ellas'; FISC I.7.3:
    'en retirarà a l'atzar N+2'; Molins 11: 'els oponents n'agafaran una a l'atzar'."""
    assert per_profile(lambda p: (p.drawing.overdraw_sample_extra, p.drawing.overdraw_opponent_chooses)) == {
        "file-2024": (2, True),
        "fise-2009": (2, True),
        "ajs-2012": (2, True),
        "fisc-2023": (2, True),
        "molins-club": (0, False),
    }
    assert get_profile("fise-2009").article("drawing.overdraw_sample_extra") == "FISE 28.2"


def test_late_overdraw_loses_next_turn_expulsion_on_second_file_28_2_fise_28():
    """FILE 28.2: 'El jugador con las fichas de más perderá su próximo turno ... si un jugador comete esta falta
    2 veces en una misma partida o 3 veces durante el torneo será objeto de expulsión'."""
    assert per_profile(
        lambda p: (
            p.drawing.overdraw_late_loses_turn, p.drawing.overdraw_expulsion_game, p.drawing.overdraw_expulsion_event
        )
    ) == {
        "file-2024": (True, 2, 3),
        "fise-2009": (True, 2, 3),
        "ajs-2012": (True, 2, 3),
        "fisc-2023": (False, None, None),
        "molins-club": (False, None, None),
    }


def test_underdraw_shown_fise_29_2_and_either_may_point_it_out_ajs_2():
    """FISE 29.2: 'deberá extraer de la bolsa las X fichas que faltan y deberá mostrárselas a su oponente';
    AJS 2 on V.29: 'Se permite que sea cualquiera de los dos jugadores quién advierta de la falta de fichas'."""
    assert per_profile(lambda p: (p.drawing.underdraw_shown, p.drawing.underdraw_noticed_by)) == {
        "file-2024": (False, Noticer.SELF),
        "fise-2009": (True, Noticer.SELF),
        "ajs-2012": (True, Noticer.EITHER),
        "fisc-2023": (False, Noticer.EITHER),
        "molins-club": (False, Noticer.EITHER),
    }


def test_sheet_kept_by_both_file_5_1_but_by_the_starter_molins_3():
    """Molins 3: 'L'anotació del transcurs de la partida corre a càrrec del jugador que la inicia'."""
    assert per_profile(lambda p: p.sheet.keepers) == {
        "file-2024": Scorekeepers.ALL,
        "fise-2009": Scorekeepers.ALL,
        "ajs-2012": Scorekeepers.ALL,
        "fisc-2023": Scorekeepers.ALL,
        "molins-club": Scorekeepers.STARTER,
    }


def test_sheet_marks_p_i_c_x_file_5_3_vs_dash_for_an_exchange_fisc_i9():
    """FILE 5.3: 'anotarán P ... anotarán I ... anotarán C-x'; FISC I.9: 'tret del canvi de fitxes que es
    marcarà amb un guionet a l'apartat de la puntuació'."""
    marks = per_profile(lambda p: (p.sheet.pass_mark, p.sheet.invalid_mark, p.sheet.exchange_mark))
    assert marks == {
        "file-2024": ("P", "I", "C-{n}"),
        "fise-2009": ("P", "I", "C-{n}"),
        "ajs-2012": ("P", "I", "C-{n}"),
        "fisc-2023": ("0", "0", "-"),
        "molins-club": ("0", "0", "-"),
    }
    assert get_profile("file-2024").sheet.exchange_mark.format(n=3) == "C-3"
    assert "sheet.exchange_mark" in get_profile("fise-2009").gaps()


def test_blank_in_parentheses_or_circled_and_scrabble_circled_fisc_i9():
    """FISC I.9: 'L'ús de l'escarràs s'indicarà posant entre parèntesis o encerclant la lletra ... i l'scrabble
    s'indicarà encerclant la puntuació'."""
    assert per_profile(lambda p: (p.sheet.blank_mark, p.sheet.scrabble_circled)) == {
        "file-2024": (BlankMark.NOTED, False),
        "fise-2009": (BlankMark.NOTED, False),
        "ajs-2012": (BlankMark.NOTED, False),
        "fisc-2023": (BlankMark.PARENTHESES_OR_CIRCLE, True),
        "molins-club": (BlankMark.PARENTHESES_OR_CIRCLE, True),
    }


def test_main_word_recommended_file_5_2_required_elsewhere():
    """FILE 5.2: 'Se recomienda, aunque no es obligatorio, que ambos jugadores anoten la palabra principal'."""
    assert per_profile(lambda p: p.sheet.main_word) == {
        "file-2024": MainWord.RECOMMENDED,
        "fise-2009": MainWord.REQUIRED,
        "ajs-2012": MainWord.REQUIRED,
        "fisc-2023": MainWord.REQUIRED,
        "molins-club": MainWord.REQUIRED,
    }


def test_score_corrections_file_40_fise_41_ajs_only_where_sheets_differ_fisc_i9_same_round():
    """FILE 40: 'podrá revisarse y corregirse en cualquier momento ... previo a que ambos jugadores firmen';
    AJS 2: 'Si las sumas parciales coinciden en todo momento, no se puede pedir hacer ninguna revisión';
    FISC I.9: 'La puntuació d'una ronda no es pot tornar a corregir un cop passada aquella ronda. L'única
    correcció que es permet fer en qualsevol moment de la partida és la de l'acumulat'."""
    assert per_profile(lambda p: (p.sheet.play_correction, p.sheet.total_correction)) == {
        "file-2024": (Correction.UNTIL_CLOSED, Correction.UNTIL_CLOSED),
        "fise-2009": (Correction.UNTIL_CLOSED, Correction.UNTIL_CLOSED),
        "ajs-2012": (Correction.WHEN_SHEETS_DIFFER, Correction.WHEN_SHEETS_DIFFER),
        "fisc-2023": (Correction.SAME_ROUND, Correction.UNTIL_CLOSED),
        "molins-club": (Correction.UNTIL_CLOSED, Correction.UNTIL_CLOSED),
    }


def test_reopening_with_both_players_consent_file_43_fise_44_never_ajs_2_fisc_i8():
    """FILE 43: 'excepto que ambos jugadores, bajo mutuo acuerdo, lo soliciten expresamente al Director';
    AJS 2: 'No se permitirá la reapertura de partidas una vez entregado el documento acreditativo';
    FISC I.8: 'Un cop lliurat el full, el resultat es considerarà definitiu'."""
    assert per_profile(lambda p: (p.sheet.closed_by, p.sheet.reopen)) == {
        "file-2024": (Closure.PLAYERS_SIGN, Reopen.DIRECTOR_WITH_CONSENT),
        "fise-2009": (Closure.PLAYERS_SIGN, Reopen.DIRECTOR_WITH_CONSENT),
        "ajs-2012": (Closure.PLAYERS_SIGN, Reopen.NEVER),
        "fisc-2023": (Closure.HANDED_IN, Reopen.NEVER),
        "molins-club": (Closure.PLAYERS_SIGN, Reopen.DIRECTOR_WITH_CONSENT),
    }
    assert "sheet.reopen" in get_profile("molins-club").gaps()


def test_director_sanction_at_least_25_points_file_47_fise_49():
    """FILE 47: 'penalizar a un jugador con la sustracción mínima de 25 puntos'."""
    assert per_profile(lambda p: p.conduct.min_sanction_points) == {
        "file-2024": 25,
        "fise-2009": 25,
        "ajs-2012": 25,
        "fisc-2023": None,
        "molins-club": None,
    }


def test_late_player_clock_started_after_2_min_file_35_1_at_once_fise_36_fisc_i5_after_5_ajs_4_1_12():
    """FILE 35.1: 'luego de otorgar dos minutos de tolerancia'; AJS 4.1.12: 'A los cinco minutos del inicio
    oficial de la ronda ... activar los relojes'."""
    assert per_profile(lambda p: p.conduct.late_tolerance_minutes) == {
        "file-2024": 2,
        "fise-2009": 0,
        "ajs-2012": 5,
        "fisc-2023": 0,
        "molins-club": None,
    }


def test_no_show_loses_after_15_minutes_fisc_i5_or_on_the_flag_file_35_3_fise_37():
    """FISC I.5: 'Si passen més de 15 minuts sense que es presenti, el jugador present guanyarà la partida';
    FILE 35.3: 'Un jugador ausente pierde cuando se agota su tiempo de partida'."""
    assert per_profile(lambda p: (p.conduct.no_show_forfeit_minutes, p.conduct.absent_loses_on_flag)) == {
        "file-2024": (None, True),
        "fise-2009": (None, True),
        "ajs-2012": (None, True),
        "fisc-2023": (15, False),
        "molins-club": (None, True),
    }


def test_no_show_300_0_and_both_absent_0_0_no_win_ajs_4_1_11_1():
    """AJS 4.1.11.1: 'se dará como ganador al contrincante ... con un resultado de 300-0'; 'Si en una partida no
    comparecen ambos jugadores, el resultado quedará 0-0, aunque sin puntos de victoria'."""
    assert per_profile(
        lambda p: (p.conduct.forfeit_score, p.conduct.forfeit_keeps_larger_spread, p.conduct.both_absent_score)
    ) == {
        "file-2024": (None, False, None),
        "fise-2009": (None, False, None),
        "ajs-2012": ((300, 0), True, (0, 0)),
        "fisc-2023": (None, False, (0, 0)),
        "molins-club": (None, False, None),
    }
    assert "conduct.both_absent_score" in get_profile("fisc-2023").gaps()


def test_abandonment_leader_gets_rival_minus_50_fisc_i8_e_both_leave_0_0_fisc_i8_f():
    """FISC I.8 E: 'se li atorgarà una puntuació de 50 punts menys ... Els punts de les peces restants als
    faristols no es comptabilitzaran'; F: 'els dos jugadors perden la partida i el resultat ... 0 a 0'."""
    assert per_profile(
        lambda p: (p.conduct.abandon_leader_margin, p.conduct.abandon_racks, p.conduct.both_abandon_score)
    ) == {
        "file-2024": (None, None, None),
        "fise-2009": (None, None, None),
        "ajs-2012": (None, False, None),
        "fisc-2023": (50, False, (0, 0)),
        "molins-club": (None, None, None),
    }


def test_blank_letter_placer_note_wins_file_10_3_else_the_arbiter_rules_fisc_i9_molins():
    """FILE 10.3: «Si los dos jugadores anotan letras diferentes, se tendrá por válida la anotada por el jugador
    que colocó el comodín»; FISC I.9 and Molins say only how the blank is marked."""
    assert per_profile(lambda p: p.sheet.blank_dispute) == {
        "file-2024": BlankDispute.PLACER_NOTE,
        "fise-2009": BlankDispute.PLACER_NOTE,
        "ajs-2012": BlankDispute.PLACER_NOTE,
        "fisc-2023": BlankDispute.DIRECTOR,
        "molins-club": BlankDispute.DIRECTOR,
    }
    assert get_profile("file-2024").article("sheet.blank_dispute") == "FILE 10.3"
    assert "sheet.blank_dispute" in get_profile("fisc-2023").gaps()


def test_sanction_appeal_to_a_final_tribunal_file_47_fise_49_none_in_fisc_or_molins():
    """FILE 47: «El jugador podrá recurrir ante el Tribunal de Apelaciones del torneo, cuya decisión será
    definitiva»; FISE 49 likewise; FISC leaves sanctions to «el comitè arbitral»."""
    assert per_profile(lambda p: p.conduct.sanction_appeal) == {
        "file-2024": True,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": False,
        "molins-club": False,
    }
    assert get_profile("fise-2009").article("conduct.sanction_appeal") == "FISE 49, 50"
