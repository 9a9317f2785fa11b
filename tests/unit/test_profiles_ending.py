"""Profiles: how a game ends and how the racks are settled, one test per difference."""

from domain.profiles import PROFILES, get_profile
from domain.profiles.kinds import OutSettlement, RoundOver


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_pass_rule_two_each_file_44_2_fise_45_2_three_each_fisc_i8_b_molins_20():
    """FILE 44.2: 'Ambos jugadores pasan dos (2) veces consecutivas cada uno'; FISC I.8 B: 'Ambdós jugadors
    perden tres torns consecutius'; Molins 20: 'tots els jugadors perden consecutivament tres torns seguits'."""
    assert per_profile(lambda p: p.ending.passes_each) == {
        "file-2024": 2,
        "fise-2009": 2,
        "ajs-2012": 2,
        "fisc-2023": 3,
        "molins-club": 3,
    }
    assert get_profile("fisc-2023").article("ending.passes_each") == "FISC I.8 B"


def test_withdrawn_invalid_play_is_a_pass_and_an_exchange_is_not_file_44_2_fisc_i8_b_molins_20():
    """FILE 44.2: 'Cambiar letras no se considera pasar. En cambio, quitar del tablero una jugada declarada no
    válida sí equivale a pasar'; Molins 20: 'El fet de canviar fitxes no es considera pèrdua de torn'."""
    assert per_profile(lambda p: (p.ending.invalid_is_pass, p.ending.exchange_is_pass)) == dict.fromkeys(
        PROFILES, (True, False)
    )


def test_scoreless_streak_of_12_file_44_3_fise_45_3_fisc_i8_b_none_in_molins():
    """FILE 44.3: 'doce turnos (seis por jugador) consecutivos consistentes en pases, jugadas inválidas o
    cambios'; Molins 19-20 end the game only by going out or by passes."""
    assert per_profile(lambda p: p.ending.scoreless_turns) == {
        "file-2024": 12,
        "fise-2009": 12,
        "ajs-2012": 12,
        "fisc-2023": 12,
        "molins-club": None,
    }


def test_streak_suspended_at_0_0_fise_45_3_fisc_i8_b_not_file_44_3():
    """FISE 45.3: 'Esta regla no se aplicará en el momento en el que el marcador aún es 0-0'; FILE 44.3 has
    no such sentence."""
    assert per_profile(lambda p: p.ending.scoreless_suspended_at_zero) == {
        "file-2024": False,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": True,
        "molins-club": False,
    }


def test_pass_rule_suspended_at_0_0_only_in_fisc_i8_b():
    """FISC I.8 B: 'Aquesta norma no s'aplica quan els marcadors encara estan a 0-0' closes clause B, which
    holds both rules; FISE attaches it to 45.3 alone."""
    assert per_profile(lambda p: p.ending.passes_suspended_at_zero) == {
        "file-2024": False,
        "fise-2009": False,
        "ajs-2012": False,
        "fisc-2023": True,
        "molins-club": False,
    }
    assert get_profile("fisc-2023").note("ending.passes_suspended_at_zero").startswith("reading:")


def test_nobody_can_play_ends_the_game_fise_45_1():
    """FISE 45.1: 'Ningún jugador puede colocar fichas en el tablero'."""
    assert per_profile(lambda p: p.ending.nobody_can_play) == {
        "file-2024": False,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": False,
        "molins-club": False,
    }


def test_going_out_rival_rack_file_44_1_fise_45_4_fisc_i8_a_vs_all_racks_molins_19():
    """FILE 44.1: 'se le restarán al oponente los puntos ... y se le sumarán a quien haya terminado';
    Molins 19: 'els jugador que tanca s'ha de sumar tots els punts que s'han restat els oponents'."""
    assert per_profile(lambda p: p.ending.out_settlement) == {
        "file-2024": OutSettlement.RIVAL_RACK,
        "fise-2009": OutSettlement.RIVAL_RACK,
        "ajs-2012": OutSettlement.RIVAL_RACK,
        "fisc-2023": OutSettlement.RIVAL_RACK,
        "molins-club": OutSettlement.ALL_RACKS,
    }
    assert get_profile("fise-2009").article("ending.out_settlement") == "FISE 45.4"


def test_pass_and_streak_ends_each_subtracts_own_rack_file_44_fise_45_fisc_i8_b_molins_20():
    """FILE 44: 'En los casos 44.2 y 44.3, cada jugador restará de su puntuación la suma de las fichas'."""
    assert per_profile(lambda p: p.ending.stalemate_own_rack) == dict.fromkeys(PROFILES, True)


def test_round_time_limit_90_minutes_ajs_4_1_12():
    """AJS 4.1.12: 'Transcurridos noventa minutos desde el inicio oficial de la ronda, el juez del torneo tiene
    la potestad de dar por finalizada la ronda'."""
    assert per_profile(lambda p: p.ending.round_minutes) == {
        "file-2024": None,
        "fise-2009": None,
        "ajs-2012": 90,
        "fisc-2023": None,
        "molins-club": None,
    }


def test_round_over_equalise_turns_file_30_vs_current_move_plus_one_fisc_i11():
    """FILE 30: 'cada jugador debe tener el mismo número de turnos'; FISC I.11: 'hauran de completar la mà en
    curs i una més (a raó d'un màxim de 2 minuts per jugada)'."""
    assert per_profile(lambda p: (p.ending.round_over, p.ending.round_over_move_seconds)) == {
        "file-2024": (RoundOver.EQUALISE_TURNS, None),
        "fise-2009": (RoundOver.EQUALISE_TURNS, None),
        "ajs-2012": (RoundOver.EQUALISE_TURNS, None),
        "fisc-2023": (RoundOver.CURRENT_PLUS_ONE, 120),
        "molins-club": (RoundOver.EQUALISE_TURNS, None),
    }
    assert "ending.round_over" in get_profile("molins-club").gaps()


def test_round_over_no_rack_deduction_file_44_fise_45_5_fisc_i11():
    """FISE 45.5: 'sin restar los puntos correspondientes a las fichas que queden en los atriles'."""
    assert per_profile(lambda p: p.ending.round_over_racks) == dict.fromkeys(PROFILES, False)
