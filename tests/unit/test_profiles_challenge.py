"""Profiles: challenges, one test per difference between rulebooks."""

from domain.profiles import PROFILES, get_profile
from domain.profiles.kinds import Adjudicator, Appeal, AppealBy, ChallengeCloses


def per_profile(getter):
    return {pid: getter(p) for pid, p in PROFILES.items()}


def test_challenge_closes_when_score_recorded_file_37_vs_drawing_fisc_i10_vs_replaced_molins_24():
    """FILE 37: 'El hecho de anotar la puntuación del oponente ... supondrá la aceptación';
    FISC I.10: 'Si ja s'ha iniciat la restitució de peces al faristol o s'ha premut el rellotge (quan ja no
    queden fitxes al sac)'; Molins 24: 'ha estat anotada i el jugador ja ha reposat les fitxes'."""
    assert per_profile(lambda p: p.challenge.closes) == {
        "file-2024": ChallengeCloses.SCORE_RECORDED,
        "fise-2009": ChallengeCloses.SCORE_RECORDED,
        "ajs-2012": ChallengeCloses.SCORE_RECORDED,
        "fisc-2023": ChallengeCloses.DRAW_OR_CLOCK,
        "molins-club": ChallengeCloses.RECORDED_AND_DRAWN,
    }
    assert get_profile("file-2024").article("challenge.closes") == "FILE 37, 38"


def test_five_seconds_to_decide_ajs_4_1_7_1():
    """AJS 4.1.7.1: 'el jugador A dispone de 5 segundos para decidir si quiere impugnar'."""
    assert per_profile(lambda p: p.challenge.decision_seconds) == {
        "file-2024": None,
        "fise-2009": None,
        "ajs-2012": 5,
        "fisc-2023": None,
        "molins-club": None,
    }


def test_no_self_challenge_file_41_5_fise_43_ajs_4_1_7_2():
    """AJS 4.1.7.2: 'No se permiten las autoimpugnaciones'; FILE 41.5: 'Sólo el oponente está autorizado'."""
    assert per_profile(lambda p: p.challenge.self_challenge) == dict.fromkeys(PROFILES, False)
    assert get_profile("ajs-2012").article("challenge.self_challenge") == "AJS 4.1.7.2"
    assert get_profile("file-2024").article("challenge.self_challenge") == "FILE 41.5"


def test_words_of_a_play_challenged_together_one_verdict_file_39_fise_40_fisc_i10_ajs_4_1_7():
    """FILE 39: 'la respuesta no deberá discriminar si alguna de las palabras colocadas es válida'."""
    assert per_profile(lambda p: p.challenge.words_together) == dict.fromkeys(PROFILES, True)


def test_no_penalty_for_a_failed_challenge_in_any_rulebook_file_38_fisc_i10():
    """FISC I.10: 'En el cas que la jugada fos correcta ... es continuarà la partida amb normalitat'."""
    assert per_profile(lambda p: p.challenge.failed_challenge_penalty) == dict.fromkeys(PROFILES, 0)


def test_who_rules_app_file_41_1_judges_fise_42_arbiter_fisc_i10_players_without_arbiter_molins_23():
    """FILE 41.1: 'uno de los jugadores abre la aplicación "Lexicón de Scrabble"'; Molins 23: 'En cas que no
    hi hagués àrbitre, els propis jugadors comprovaran la validesa'."""
    assert per_profile(lambda p: p.challenge.adjudicator) == {
        "file-2024": Adjudicator.PLAYERS_APP,
        "fise-2009": Adjudicator.JUDGES,
        "ajs-2012": Adjudicator.JUDGES,
        "fisc-2023": Adjudicator.ARBITER,
        "molins-club": Adjudicator.ARBITER_OR_PLAYERS,
    }


def test_second_look_file_41_2_fise_42_4_fisc_i10_ajs_4_1_7():
    """FILE 41.2: 'excepto que alguno de los jugadores solicite verificación en otro teléfono';
    FISE 42.4: 'debe escribir una hoja de reclamación'; FISC I.10: 'podrà tornar a impugnar la jugada,
    alhora argumentant la reimpugnació'; AJS 4.1.7: 'cualquiera de los dos jugadores decide si hacer una
    reclamación'."""
    assert per_profile(lambda p: p.challenge.appeal) == {
        "file-2024": Appeal.RECHECK_OTHER_DEVICE,
        "fise-2009": Appeal.WRITTEN,
        "ajs-2012": Appeal.WRITTEN,
        "fisc-2023": Appeal.RECHALLENGE,
        "molins-club": Appeal.NONE,
    }
    assert "challenge.appeal" in get_profile("molins-club").gaps()


def test_who_may_ask_the_second_look_either_file_41_2_placer_fise_42_4_challenger_fisc_i10_either_ajs():
    """FISE 42.4: 'el jugador que la haya colocado tiene derecho de apelar'; FISC I.10: 'Si el jugador que
    impugna no està d'acord'; AJS 4.1.7.1 d: 'A acepta el dictamen o puede volver a impugnar ... de la misma
    manera que B puede impugnar el dictamen'."""
    assert per_profile(lambda p: p.challenge.appeal_by) == {
        "file-2024": AppealBy.EITHER,
        "fise-2009": AppealBy.PLACER,
        "ajs-2012": AppealBy.EITHER,
        "fisc-2023": AppealBy.CHALLENGER,
        "molins-club": AppealBy.NOBODY,
    }


def test_appeal_argument_may_be_hidden_from_the_rival_fise_42_4_ajs_4_1_7():
    """FISE 42.4: 'El jugador que apela puede solicitar que su rival no vea los argumentos'."""
    assert per_profile(lambda p: p.challenge.appeal_argument_private) == {
        "file-2024": False,
        "fise-2009": True,
        "ajs-2012": True,
        "fisc-2023": False,
        "molins-club": False,
    }


def test_challenged_player_may_not_draw_file_41_3_fise_42_3():
    """FILE 41.3: 'El jugador cuya palabra se está consultando no podrá sacar fichas de la bolsa'."""
    assert per_profile(lambda p: p.challenge.placer_may_draw) == dict.fromkeys(PROFILES, False)
    assert get_profile("fise-2009").article("challenge.placer_may_draw") == "FISE 42.3"
