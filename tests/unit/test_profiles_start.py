"""Profiles: starting the game and exchanging tiles, one test per difference between rulebooks."""

from domain.profiles import PROFILES, get_profile
from domain.profiles.kinds import DrawTie, MissedCentre, Starter
from domain.tiles import BLANK, CATALAN, SPANISH


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_who_starts_pairing_list_file_4_1_or_a_draw_fisc_i5_ajs_3_1_1_molins_2():
    """FILE 4.1: 'la salida corresponde al primer jugador indicado en el cuadro de pareos';
    FISC I.5: 'es rifarà la sortida'; AJS 2 sets FISE I.4.2 aside for 3.1.1's draw."""
    assert per_profile(lambda p: p.start.starter) == {
        "file-2024": Starter.PAIRING_LIST,
        "fise-2009": Starter.PAIRING_LIST,
        "ajs-2012": Starter.DRAW,
        "fisc-2023": Starter.DRAW,
        "molins-club": Starter.DRAW,
    }
    assert "start.starter" in get_profile("fise-2009").gaps()


def test_blank_beats_a_in_the_starting_draw_file_4_3_fisc_i5_ajs_3_1_1_molins_2():
    """FILE 4.3: 'El comodín tiene preferencia sobre la A'; AJS 3.1.1: 'El comodín gana a todas las fichas'."""
    assert per_profile(lambda p: p.start.blank_beats_a) == dict.fromkeys(PROFILES, True)
    for tiles in (SPANISH, CATALAN):
        assert tiles.draw_rank(BLANK) < tiles.draw_rank("A")


def test_draw_tie_redraw_file_4_3_fisc_i5_vs_set_aside_ajs_3_1_1():
    """AJS 3.1.1: 'se apartan las dos fichas (no se reintroducen en el saco)'; FILE 4.3: 'se repetirá el ciclo'."""
    assert per_profile(lambda p: p.start.draw_tie) == {
        "file-2024": DrawTie.REDRAW,
        "fise-2009": DrawTie.REDRAW,
        "ajs-2012": DrawTie.SET_ASIDE,
        "fisc-2023": DrawTie.REDRAW,
        "molins-club": DrawTie.REDRAW,
    }
    assert "start.draw_tie" in get_profile("molins-club").gaps()


def test_starter_draws_seven_first_then_the_second_fisc_i5_ajs_3_1_2_3():
    """FISC I.5: 'El jugador que comença la partida treu 7 fitxes ... El contrincant fa la mateixa operació,
    i només després posa en marxa el rellotge'."""
    assert per_profile(lambda p: (p.start.starter_draws_first, p.start.second_starts_clock)) == dict.fromkeys(
        PROFILES, (True, True)
    )
    assert get_profile("fisc-2023").note("start.starter_draws_first") is None
    assert get_profile("ajs-2012").article("start.second_starts_clock") == "AJS 3.1.2.3 d"
    assert "start.starter_draws_first" in get_profile("file-2024").gaps()


def test_missed_centre_opponent_chooses_file_20_fise_20_else_invalid():
    """FILE 20: 'el oponente tiene la potestad de: 20.1 Declarar inválida ... 20.2 Aceptar la jugada';
    FISC I.6 and Molins 6 only say the first play must cover the centre."""
    assert per_profile(lambda p: p.start.missed_centre) == {
        "file-2024": MissedCentre.OPPONENT_CHOOSES,
        "fise-2009": MissedCentre.OPPONENT_CHOOSES,
        "ajs-2012": MissedCentre.OPPONENT_CHOOSES,
        "fisc-2023": MissedCentre.INVALID,
        "molins-club": MissedCentre.INVALID,
    }


def test_exchange_needs_seven_in_bag_molins_16():
    """Molins 16: 'Un jugador pot canviar tantes fitxes com desitgi ... si al sac n'hi queden com a mínim set'."""
    assert per_profile(lambda p: p.exchange.min_bag) == {
        "file-2024": 1,
        "fise-2009": 1,
        "ajs-2012": 1,
        "fisc-2023": 1,
        "molins-club": 7,
    }
    assert get_profile("molins-club").article("exchange.min_bag") == "Molins 16"


def test_exchange_at_most_the_bag_file_25_fisc_i7_1():
    """FILE 25: 'solamente se pueden cambiar hasta tantas fichas como queden en la bolsa';
    FISC I.7.1: 'només amb el límit de la quantitat de fitxes que quedin al sac'."""
    assert per_profile(lambda p: p.exchange.capped_by_bag) == {
        "file-2024": True,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": True,
        "molins-club": False,
    }
    assert get_profile("file-2024").article("exchange.capped_by_bag") == "FILE 25"
    assert "exchange.capped_by_bag" in get_profile("fise-2009").gaps()


def test_senyors_redraw_only_molins_16():
    """Molins 16: 'si el jugador té tot vocals o tot consonants té dret a canviar-les totes sense perdre el
    torn ... No s'entén com a SENYORS, sis consonants o sis vocals més un escarràs'."""
    assert per_profile(lambda p: p.exchange.senyors_redraw) == {
        "file-2024": False,
        "fise-2009": False,
        "ajs-2012": False,
        "fisc-2023": False,
        "molins-club": True,
    }
    # the blank is neither vowel nor consonant, so six plus a blank cannot be all of one kind
    assert BLANK not in CATALAN.vowels | CATALAN.consonants


def test_counting_inside_the_bag_allowed_file_27_fisc_i7_5_but_not_molins_18():
    """Molins 18: 'Es pot fer un recompte de les fitxes que queden al sac només palpant-les per fora'."""
    assert per_profile(lambda p: p.exchange.bag_count_inside) == {
        "file-2024": True,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": True,
        "molins-club": False,
    }
