"""Sanctions and the tribunal (FILE 47–48, FISE 49–50), abandonment (FISC I.8 E–F, AJS 4.1.11.1), no-shows
(FISC I.5, AJS 4.1.11.1, FILE 35.3) and the director's end (FILE 44.5), driven through commands.

Spanish: Ana's CASA 12 and rack EEILMNO 9, Bea's OSTRANE 7; Catalan CASA 10.
"""

import pytest

from domain.game import Game
from domain.game.errors import NotAllowedInProfile, NotYourTurn, RuleViolation, WrongPhase
from tests.factories import meta
from tests.scenes import ANA, BEA, DIRECTOR, casa, last, passes, started, two_bingos


def rows(game, key):
    return [p[key] for p in game.settlement["players"]]


def kinds(game):
    """The next actions, without the ones open at any moment of an open game (call_arbiter, report_device)."""
    return [tuple(a.values()) for a in game.next_actions() if a["type"] not in ("call_arbiter", "report_device")]


def test_sanction_of_at_least_25_points_appealed_to_the_tribunal_whose_ruling_is_final_file_47():
    """FILE 47: «penalizar a un jugador con la sustracción mínima de 25 puntos ... El jugador podrá recurrir ante
    el Tribunal de Apelaciones del torneo, cuya decisión será definitiva». While the appeal waits the sheet
    shows Bea 0 − 7 − 25 = −32 and nobody signs; annulled, Bea −7 against Ana 12 − 9 = 3."""
    game = casa(started())
    with pytest.raises(RuleViolation) as info:
        game.sanction(BEA, 20, "comments on the rival's strategy (FILE 45.1)", DIRECTOR)
    assert info.value.article == "FILE 47"
    game.sanction(BEA, 25, "comments on the rival's strategy (FILE 45.1)", DIRECTOR)
    assert (last(game, "SanctionImposed").article, game.sanction_points()) == ("FILE 47", [0, 25])
    assert ("appeal_sanction", BEA, "player") in kinds(game)
    with pytest.raises(NotYourTurn):
        game.appeal_sanction(ANA, 0, "not me", meta("player:0"))
    game.appeal_sanction(BEA, 0, "I was reading the score aloud (FILE 32)", meta("player:1"))
    passes(game, 4)
    assert rows(game, "sanctions") == [0, 25] and rows(game, "final_score") == [3, -32]
    with pytest.raises(WrongPhase) as info:
        game.sign(ANA, "ana", meta())
    assert info.value.article == "FILE 47, 48"
    assert [k[0] for k in kinds(game)] == ["rule_sanction_appeal"]
    game.rule_sanction_appeal(0, "annulled", "Tribunal de Apelaciones", DIRECTOR)
    ruled = last(game, "SanctionAppealRuled")
    assert (ruled.decision, ruled.points) == ("annulled", 0) and game.sanctions[0]["status"] == "annulled"
    assert rows(game, "sanctions") == [0, 0] and rows(game, "final_score") == [3, -7]
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    assert game.closed


def test_tribunal_may_reduce_the_sanction_but_not_below_the_minimum_fise_49():
    """FISE 49: «la substracción mínima de 25 puntos ... El jugador podrá recurrir ante el Tribunal de
    Apelaciones». 50 reduced to 25: Ana 12 − 9 − 25 = −22 against Bea −7."""
    game = casa(started("fise-2009"))
    game.sanction(ANA, 50, "asked a neighbour about a word (FISE 46.2)", DIRECTOR)
    game.appeal_sanction(ANA, 0, "the question was about the rules", meta("player:0"))
    with pytest.raises(RuleViolation):
        game.rule_sanction_appeal(0, "reduced", "Tribunal", DIRECTOR, points=20)
    game.rule_sanction_appeal(0, "reduced", "Tribunal", DIRECTOR, points=25)
    with pytest.raises(WrongPhase):
        game.appeal_sanction(ANA, 0, "again", meta("player:0"))  # final
    passes(game, 4)
    assert rows(game, "sanctions") == [25, 0] and rows(game, "final_score") == [-22, -7]


def test_no_points_sanction_and_no_tribunal_in_fisc_notes_previes():
    """FISC's notes prèvies: conduct «podrà ser sancionat (depenent de la gravetat, fins i tot se li pot negar al
    jugador de participar ...)» — no points scale and no tribunal: an exclusion is recorded, points are not."""
    game = casa(started("fisc-2023"))
    with pytest.raises(NotAllowedInProfile) as info:
        game.sanction(ANA, 25, "offensive remarks", DIRECTOR)
    assert "fisc-2023" in info.value.message and info.value.article == "FISC (notes prèvies)"
    game.sanction(ANA, 0, "offensive remarks", DIRECTOR, expulsion=True)
    assert game.sanctions[0]["expulsion"] and game.sanction_points() == [0, 0]
    with pytest.raises(NotAllowedInProfile) as info:
        game.appeal_sanction(ANA, 0, "it was a joke", meta())
    assert info.value.article == "FISC (notes prèvies), I.8 F"


def test_a_sanction_after_the_end_settles_again_file_47():
    """A sanction given after the end is deducted at once: Bea −7 − 25 = −32; Ana's signature is void."""
    game = casa(started())
    passes(game, 4)
    game.sign(ANA, "ana", meta())
    game.sanction(BEA, 25, "refused to sign", DIRECTOR)
    assert rows(game, "final_score") == [3, -32] and game.signatures == {}


def test_abandonment_the_other_wins_a_leader_who_leaves_gets_the_rival_minus_50_fisc_i8_e():
    """FISC I.8 E: «l'altre jugador és declarat guanyador. En cas que el jugador que abandona vagi perdent, la
    puntuació final serà la que hi hagi ... vagi guanyant, ... 50 punts menys de la puntuació tingui el
    jugador que no ha abandonat. Els punts de les peces restants als faristols no es comptabilitzaran».
    Bea (0) leaves behind: 10–0. Ana (10) leaves ahead: 0 − 50 = −50."""
    behind = casa(started("fisc-2023"))
    behind.abandon([BEA], meta("arbiter:jordi"), "left the hall")
    assert (last(behind, "GameAbandoned").article, behind.ending["cause"]) == ("FISC I.8 E", "abandonment")
    assert rows(behind, "final_score") == [10, 0] and behind.settlement["winner"] == ANA
    assert behind.settlement["racks_counted"] is False
    ahead = casa(started("fisc-2023"))
    ahead.abandon([ANA], meta("arbiter:jordi"))
    assert rows(ahead, "final_score") == [-50, 0] and rows(ahead, "result_adjustment") == [-60, 0]
    assert (ahead.settlement["winner"], ahead.settlement["spread"]) == (BEA, 50)


def test_both_leave_0_0_and_both_lose_fisc_i8_f():
    """FISC I.8 F: «els dos jugadors perden la partida i el resultat que es comptabilitza serà de 0 a 0»."""
    game = casa(started("fisc-2023"))
    game.abandon([ANA, BEA], meta("arbiter:jordi"))
    s = game.settlement
    assert (s["winner"], s["spread"], rows(game, "final_score"), rows(game, "result")) == (
        None, 0, [0, 0], ["loss", "loss"])
    assert last(game, "GameAbandoned").article == "FISC I.8 F"


def test_abandonment_300_0_to_the_player_who_stays_ajs_4_1_11_1():
    """AJS 4.1.11.1: «Si un jugador abandona la partida ... se le dará como perdedor con un resultado de 300-0 o
    bien con el que hubiera en ese momento ... si la diferencia de puntos fuera superior a 300». Ana leads
    140–0 and leaves: Bea 300, Ana 0. Both leaving has no rule in AJS: refused."""
    game = two_bingos("ajs-2012")
    game.abandon([ANA], DIRECTOR)
    assert rows(game, "final_score") == [0, 300] and rows(game, "result_adjustment") == [-140, 300]
    assert (game.settlement["winner"], last(game, "GameAbandoned").article) == (BEA, "AJS 4.1.11.1")
    with pytest.raises(NotAllowedInProfile) as info:
        two_bingos("ajs-2012").abandon([ANA, BEA], DIRECTOR)
    assert "ajs-2012" in info.value.message


def test_abandonment_has_no_set_result_in_file_46_1_2():
    """FILE 46.1.2 calls «Abandonar una partida ... sin motivo» an ethical fault and sets no result: refused,
    naming the profile; the director ends the game (FILE 44.5) and may sanction (FILE 47)."""
    game = casa(started())
    with pytest.raises(NotAllowedInProfile) as info:
        game.abandon([BEA], DIRECTOR)
    assert "file-2024" in info.value.message and info.value.article == "FILE 46.1.2"


def test_no_show_the_present_player_wins_after_more_than_15_minutes_fisc_i5():
    """FISC I.5: «Si passen més de 15 minuts sense que es presenti, el jugador present guanyarà la partida».
    15 minutes are not enough; at 16 Ana wins, the sheet at 0–0."""
    game = Game.create("fisc-2023", ["Ana", "Bea"], DIRECTOR)
    with pytest.raises(RuleViolation) as info:
        game.record_no_show([BEA], 15, DIRECTOR)
    assert info.value.article == "FISC I.5"
    game.record_no_show([BEA], 16, DIRECTOR)
    s = game.settlement
    assert (game.ending["cause"], s["winner"], rows(game, "final_score"), rows(game, "result")) == (
        "no_show", ANA, [0, 0], ["win", "loss"])
    both = Game.create("fisc-2023", ["Ana", "Bea"], DIRECTOR)
    both.record_no_show([ANA, BEA], 16, DIRECTOR)
    assert (both.settlement["winner"], rows(both, "result")) == (None, ["loss", "loss"])


def test_no_show_300_0_and_both_absent_0_0_without_a_win_ajs_4_1_11_1():
    """AJS 4.1.11.1: «se dará como ganador al contrincante ... con un resultado de 300-0. Si en una partida no
    comparecen ambos jugadores, el resultado quedará 0-0, aunque sin puntos de victoria». The absent clock
    starts at 5 minutes (4.1.12) and runs out at «sus 40 minutos»: 45 minutes into the round."""
    game = Game.create("ajs-2012", ["Ana", "Bea"], DIRECTOR)
    with pytest.raises(RuleViolation):
        game.record_no_show([ANA], 44, DIRECTOR)
    game.record_no_show([ANA], 45, DIRECTOR)
    assert rows(game, "final_score") == [0, 300] and game.settlement["winner"] == BEA
    both = Game.create("ajs-2012", ["Ana", "Bea"], DIRECTOR)
    both.record_no_show([ANA, BEA], 45, DIRECTOR)
    assert (rows(both, "final_score"), both.settlement["winner"], rows(both, "result")) == (
        [0, 0], None, ["loss", "loss"])


def test_absent_player_loses_when_the_time_runs_out_file_35_3():
    """FILE 35.3: «Un jugador ausente pierde cuando se agota su tiempo de partida»; 35.1 starts the clock after
    2 minutes; 34.2 allows 8 minutes over: at 2 + 25 + 8 = 35 minutes Bea has not lost yet, at 36 she has.
    35.2 (both absent) sets no result: refused."""
    clock = {"clock": {"minutes": 25}}
    game = Game.create("file-2024", ["Ana", "Bea"], DIRECTOR, details=clock)
    with pytest.raises(RuleViolation):
        game.record_no_show([BEA], 35, DIRECTOR)
    game.record_no_show([BEA], 36, DIRECTOR)
    assert (game.settlement["winner"], rows(game, "final_score")) == (ANA, [0, 0])
    with pytest.raises(NotAllowedInProfile) as info:
        Game.create("file-2024", ["Ana", "Bea"], DIRECTOR, details=clock).record_no_show([ANA, BEA], 60, DIRECTOR)
    assert info.value.article == "FILE 35.2"
    with pytest.raises(WrongPhase):
        casa(started()).record_no_show([BEA], 60, DIRECTOR)  # a player at the table has come


def test_director_ends_the_game_scores_as_on_the_sheet_time_still_charged_file_44_5():
    """FILE 44.5: «El director del torneo considera que la partida debe darse por concluida»; 44: «las
    puntuaciones quedan tal como aparecen en la planilla, sin restar los puntos ... de los atriles». Ana 0:30
    over (10): 12 − 10 = 2 against 0."""
    game = casa(started(clock={"minutes": 25}))
    game.record_clock(ANA, meta(), remaining=-30)
    game.end_game("director", DIRECTOR, "the clock broke")
    s = game.settlement
    assert (s["cause"], s["racks_counted"], s["winner"], s["spread"]) == ("director", False, ANA, 2)
    assert rows(game, "time_penalty") == [10, 0] and rows(game, "final_score") == [2, 0]
