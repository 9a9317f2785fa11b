"""Drawing errors, driven through commands: overdraws (FILE/FISE 28, FISC I.7.3, Molins 11), underdraws
(FILE 29, FISE 29, AJS 2), the bag count (FILE 27) and SENYORS (Molins 16).

Bag arithmetic: 100 tiles − 14 dealt = 86; after CASA (4 on the board, 3 left on Ana's rack) the bag
still holds 100 − 4 − 3 − 7 = 86.
"""

import pytest

from domain.game.errors import NotAllowedInProfile, NotYourTurn, RackError, RuleViolation, WrongPhase
from tests.factories import drive_until, meta
from tests.scenes import ANA, BEA, CAI, DIRECTOR, casa, last, started


def overdrawn(profile="file-2024", **kw):
    """Ana plays CASA and draws LMNOP: five where four were due, eight on her rack."""
    game = casa(started(profile, **kw), refill=None)
    game.overdraw_tiles(ANA, meta("player:0"), tiles=list("LMNOP"))
    return game


def test_extra_tile_not_seen_goes_back_unseen_from_those_drawn_file_28_1_1():
    """FILE 28.1.1: «Si el jugador aún no colocó las fichas en su atril, y no las vio, su oponente procederá a
    sacarle, de entre las fichas extraídas, las que estén de más sin mirarlas». Bag 86 − 5 = 81, + 1 = 82."""
    game = overdrawn()
    assert (game.rack_counts[ANA], game.bag_count(), game.overdraw["excess"]) == (8, 81, 1)
    with pytest.raises(RackError):  # E was on the rack before the draw: not «de entre las fichas extraídas»
        game.correct_overdraw(ANA, False, meta(), returned=["E"])
    game.correct_overdraw(ANA, False, meta("player:1"), returned=["P"])
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.count, event.returned, event.seen_by, event.lost_turn) == ("unseen", 1, ["P"], [],
                                                                                            False)
    assert event.article == "FILE 28.1.1"  # the article applied, not the whole group (docs/arbiter.md)
    assert game.racks[ANA] == list("EEILMNO") and game.bag_count() == 82 and game.overdraw is None


def test_unseen_extras_the_opponent_points_out_at_once_go_back_unseen_without_penalty_file_28_1_1():
    """FILE 28.1.1 whoever notices: Ana drew five for four, neither looked at them nor put them on the rack,
    and Bea says so at once, on her own turn. «su oponente procederá a sacarle, de entre las fichas extraídas,
    las que estén de más sin mirarlas»: no lost turn, no incident (28.2 is not what happened). Bag 81 + 1."""
    game = overdrawn()
    assert game.overdraw_procedures(BEA, False, on_rack=False) == ["unseen"]
    game.correct_overdraw(BEA, False, meta("player:1"), returned=["N"], on_rack=False)
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.noticed_by, event.lost_turn, event.incident, event.article) == (
        "unseen", BEA, False, None, "FILE 28.1.1")
    assert (event.on_rack, event.ruling) == (False, None)
    assert game.incidents == [] and game.owed_turns == [] and game.turn == BEA and game.bag_count() == 82


def test_extras_put_on_the_rack_unseen_are_corrected_as_seen_file_28_1_2():
    """FILE 28.1.2: «Si el jugador ya ha visto y/o colocado en el atril X fichas de más»: on the rack is enough.
    Ana points it out herself: X = 1, Bea is shown 3."""
    game = overdrawn()
    assert game.overdraw_procedures(ANA, False, on_rack=True) == ["sample"]
    game.correct_overdraw(ANA, False, meta("player:0"), sample=["E", "L", "P"], on_rack=True)
    assert (last(game, "OverdrawSampled").on_rack, last(game, "OverdrawSampled").count) == (True, 3)


def test_seen_extras_the_opponent_points_out_before_the_offenders_turn_are_the_arbiters_ruling_file_28_1_2_28_2():
    """FILE 28.1.2 («ya ha visto ... su oponente tendrá derecho a ver X+2 fichas») and 28.2 («Si un jugador
    advierte que su oponente tiene más de 7 fichas antes de que éste inicie o complete su próxima jugada, podrá
    solicitar intervención del Director») both describe Bea spotting Ana's seen extra tile during her own turn.
    Nothing is recorded until the arbiter rules which applies; the ruling is recorded with the correction."""
    game = overdrawn()
    assert game.overdraw_procedures(BEA, True) == ["sample", "late"]
    with pytest.raises(RuleViolation) as info:
        game.correct_overdraw(BEA, True, meta("player:1"), sample=["E", "M", "P"])
    assert (info.value.code, info.value.field, info.value.article) == ("overdraw_ruling", "procedure", "FILE 28.2")
    assert "FILE 28.1.2 and FILE 28.2" in info.value.message and game.overdraw["sample"] is None
    game.correct_overdraw(BEA, True, DIRECTOR, sample=["E", "M", "P"], procedure="sample")
    assert last(game, "OverdrawSampled").ruling == "sample"
    game.choose_overdraw_return(BEA, ["M"], meta("player:1"))
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.ruling, event.lost_turn, event.article) == ("sample", "sample", False,
                                                                               "FILE 28.1.2")
    ruled_late = overdrawn()
    ruled_late.correct_overdraw(BEA, True, DIRECTOR, returned=["M"], procedure="late")
    event = last(ruled_late, "OverdrawCorrected")
    assert (event.procedure, event.ruling, event.lost_turn, event.incident, event.article) == (
        "late", "late", True, 1, "FILE 28.2")
    assert ruled_late.owed_turns == [ANA]  # Ana loses her next turn, once Bea has played


def test_a_ruling_the_facts_do_not_allow_is_refused_file_28_1_1():
    """Unseen extras noticed before Ana's turn are FILE 28.1.1 alone: a ruling of 28.2 is refused, naming both."""
    game = overdrawn()
    with pytest.raises(RuleViolation) as info:
        game.correct_overdraw(BEA, False, DIRECTOR, returned=["N"], procedure="late")
    assert (info.value.code, info.value.field, info.value.article) == ("overdraw_procedure", "procedure",
                                                                       "FILE 28.1.1")
    with pytest.raises(RuleViolation) as info:
        game.correct_overdraw(BEA, False, DIRECTOR, returned=["N"], procedure="whatever")
    assert info.value.field == "procedure"
    game.correct_overdraw(BEA, False, DIRECTOR, returned=["N"], procedure="unseen")  # the only one: confirmed
    assert last(game, "OverdrawCorrected").ruling == "unseen"


def test_once_the_offenders_turn_has_come_the_opponents_notice_is_28_2_even_for_unseen_tiles_file_28_2():
    """FILE 28.1 holds «antes de que sea nuevamente su turno»; once Bea has passed it is Ana's turn again, and
    only 28.2 («antes de que éste inicie o complete su próxima jugada») answers Bea's notice: lost turn."""
    game = overdrawn()
    game.pass_turn(BEA, meta("player:1"))
    assert game.overdraw_procedures(BEA, False, on_rack=False) == ["late"]
    assert game.overdraw_procedures(ANA, False, on_rack=False) == ["unseen"]  # her own word: 28.1 (a reading)
    game.correct_overdraw(BEA, False, DIRECTOR, returned=["E"], on_rack=False)
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.lost_turn, event.article) == ("late", True, "FILE 28.2")
    assert last(game, "TurnLost").seat == ANA and game.turn == BEA


def test_seen_extra_opponent_sees_x_plus_2_and_returns_x_file_28_1_2():
    """FILE 28.1.2: «su oponente tendrá derecho a ver X+2 fichas, elegirá de entre ellas la cantidad sobrante y
    las devolverá a la bolsa». X = 1: Bea sees 3 (E, M, P), returns M; E and P stay with Ana."""
    game = overdrawn()
    game.correct_overdraw(ANA, True, meta("player:1"), sample=["E", "M", "P"])
    sampled = last(game, "OverdrawSampled")
    assert (sampled.count, sampled.sample, sampled.seen_by) == (3, ["E", "M", "P"], [BEA])
    assert ("choose_overdraw_return", BEA, "player") in [tuple(a.values()) for a in game.next_actions()]
    with pytest.raises(RuleViolation):
        game.choose_overdraw_return(BEA, ["E", "M"], meta())  # X is 1
    with pytest.raises(WrongPhase):
        game.choose_overdraw_return(ANA, ["M"], meta())  # the opponent chooses
    game.choose_overdraw_return(BEA, ["M"], meta("player:1"))
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.returned, event.kept, event.article) == ("sample", ["M"], ["E", "P"], "FILE 28.1.2")
    assert game.racks[ANA] == list("EEILNOP") and game.rack_counts[ANA] == 7 and game.bag_count() == 82


def test_noticed_late_by_the_opponent_costs_the_next_turn_and_twice_is_flagged_for_expulsion_file_28_2():
    """FILE 28.2: «El jugador con las fichas de más perderá su próximo turno y el jugador afectado podrá
    escoger y ver las fichas sobrantes ... si un jugador comete esta falta 2 veces en una misma partida ...
    será objeto de expulsión». Scores stay 12–0, then 12–3 after Bea's OA (O on a double letter: 2 + 1)."""
    game = overdrawn()
    game.pass_turn(BEA, meta("player:1"))
    with pytest.raises(RackError) as info:  # eight tiles: no play before the correction
        game.place_tiles(ANA, "9G", "E.", meta())
    assert info.value.article == "FILE 28, 29"
    game.correct_overdraw(BEA, True, meta("director:eva"), returned=["P"])
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.seen_by, event.lost_turn, event.incident, event.expulsion) == (
        "late", [BEA], True, 1, False)
    lost = last(game, "TurnLost")
    assert (lost.seat, lost.reason, lost.article) == (ANA, "overdraw", "FILE 28.2")
    assert [t["kind"] for t in game.turns] == ["play", "pass", "lost"] and game.turn == BEA
    # Bea plays; Ana, on turn, draws one too many again; Bea calls the director a second time.
    game.place_tiles(BEA, "9G", "O.", meta("player:1"))
    game.accept(ANA, meta("player:0"))
    game.draw_tiles(BEA, meta("player:1"), tiles=["U"])
    game.overdraw_tiles(ANA, meta("player:0"), tiles=["R"])
    game.correct_overdraw(BEA, True, meta("director:eva"), returned=["R"])
    assert [(i["number"], i["expulsion"]) for i in game.incidents] == [(1, False), (2, True)]
    assert [t["kind"] for t in game.turns] == ["play", "pass", "lost", "play", "lost"] and game.scores == [12, 3]
    assert ("sanction", ANA, "director") in [tuple(a.values()) for a in game.next_actions()]
    game.sanction(ANA, 0, "second overdraw in one game (FILE 28.2)", meta("director:eva"), expulsion=True)
    assert game.sanctions[0]["expulsion"] and game.sanction_points() == [0, 0]
    assert ("sanction", ANA, "director") not in [tuple(a.values()) for a in game.next_actions()]


def test_opponent_takes_n_plus_2_at_random_and_gives_2_back_no_lost_turn_fisc_i7_3():
    """FISC I.7.3: «el contrincant en retirarà a l'atzar N+2 ... que podrà veure, abans de dipositar-ne les N
    ... de nou al sac i tornar les dues restants al jugador». Noticed by Bea («És responsabilitat del
    contrincant avisar al jutge»): no turn is lost in FISC."""
    game = overdrawn("fisc-2023")
    game.correct_overdraw(BEA, True, meta("arbiter:jordi"), sample=["I", "L", "O"])
    game.choose_overdraw_return(BEA, ["L"], meta("player:1"))
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.kept, event.lost_turn, event.article) == ("sample", ["I", "O"], False, "FISC I.7.3")
    assert game.owed_turns == [] and game.racks[ANA] == list("EEIMNOP")


def test_not_on_the_rack_yet_removed_at_random_unseen_fisc_i7_3():
    """FISC I.7.3: «sense haver-les posat al faristol, el contrincant en retirarà a l'atzar tantes com hagi
    agafat de més, i les dipositarà de nou al sac sense mirar-les»: the rack decides, not whether Ana looked."""
    game = overdrawn("fisc-2023")
    assert game.overdraw_procedures(BEA, True, on_rack=False) == ["unseen"]
    assert game.overdraw_procedures(BEA, False, on_rack=True) == ["sample"]
    game.correct_overdraw(BEA, True, meta(), returned=["N"], on_rack=False)
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.seen_by, event.article) == ("unseen", [], "FISC I.7.3")
    assert game.racks[ANA] == list("EEILMOP") and game.bag_count() == 82


def test_opponents_take_one_at_random_per_extra_tile_seen_only_if_the_offender_saw_it_molins_11():
    """Molins 11: «els oponents n'agafaran una a l'atzar, amb el dret de veure la fitxa escollida si aquesta ha
    arribat a estar vista pel jugador primer». Three players; Ana draws LMNOPR (six for four): two back."""
    game = started("molins-club", ("CASAEEI", "OSTRANE", "PUNTERA"), players=("Ana", "Bea", "Cai"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    game.overdraw_tiles(ANA, meta(), tiles=list("LMNOPR"))
    game.correct_overdraw(CAI, True, meta(), returned=["P", "R"])
    event = last(game, "OverdrawCorrected")
    assert (event.procedure, event.count, event.seen_by, event.lost_turn, event.article) == (
        "random", 2, [BEA, CAI], False, "Molins 11")
    assert game.racks[ANA] == list("EEILMNO") and game.rack_counts == [7, 7, 7]


def test_unseen_extra_at_the_club_goes_back_unseen_molins_11():
    """Molins 11: the tile taken at random is seen only «si aquesta ha arribat a estar vista»."""
    game = started("molins-club")
    casa(game, refill=None)
    game.overdraw_tiles(ANA, meta(), tiles=list("LMNOP"))
    assert game.overdraw_procedures(BEA, False, on_rack=True) == ["unseen"]  # 11 asks only whether she saw it
    game.correct_overdraw(BEA, False, meta(), returned=["L"], on_rack=True)
    event = last(game, "OverdrawCorrected")
    assert (event.seen_by, event.article) == ([], "Molins 11") and game.racks[ANA] == list("EEIMNOP")


def test_the_fise_numbering_is_cited_fise_28_1_28_2():
    """FISE 2009 numbers the unseen case 28.1 and the X + 2 case 28.2 (FILE's 28.1.1 and 28.1.2)."""
    game = overdrawn("fise-2009")
    game.correct_overdraw(ANA, False, meta(), returned=["L"])
    assert last(game, "OverdrawCorrected").article == "FISE 28.1"
    seen = overdrawn("fise-2009")
    seen.correct_overdraw(ANA, True, meta(), sample=["E", "L", "P"])
    seen.choose_overdraw_return(BEA, ["L"], meta())
    assert last(seen, "OverdrawCorrected").article == "FISE 28.2"


def test_physical_bag_records_counts_when_nobody_saw_the_tiles_file_28_1_1():
    """A physical bag: the tablet reports 5 drawn and 1 returned unseen; counts and bag stay exact (FILE 27)."""
    game = started(bag_mode="physical")
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    game.overdraw_tiles(ANA, meta(), count=5)
    assert (game.rack_counts[ANA], game.bag_count()) == (8, 81)
    game.correct_overdraw(ANA, False, meta())
    assert (game.rack_counts[ANA], game.bag_count(), last(game, "OverdrawCorrected").returned) == (7, 82, None)


def test_an_ordinary_draw_is_not_an_overdraw_and_only_one_is_open_at_a_time_file_28():
    game = casa(started(), refill=None)
    with pytest.raises(RuleViolation) as info:
        game.overdraw_tiles(ANA, meta(), tiles=list("LMNO"))
    assert info.value.code == "not_overdraw"
    game.overdraw_tiles(ANA, meta(), tiles=list("LMNOP"))
    with pytest.raises(WrongPhase):
        game.overdraw_tiles(BEA, meta(), tiles=["R"])
    with pytest.raises(RackError):
        game.draw_tiles(ANA, meta(), tiles=["R"])  # still eight: no ordinary draw either


def test_missing_tile_drawn_by_the_player_who_noticed_it_file_29():
    """FILE 29: «nota que ha extraído fichas de menos de la bolsa, tomará las que faltan hasta completar las
    siete, previo aviso a su rival». Ana drew LMN (3 of 4): 86 − 3 = 83, − 1 = 82. Only she points it out."""
    game = casa(started(), refill="LMN")
    with pytest.raises(NotAllowedInProfile) as info:
        game.correct_underdraw(ANA, BEA, True, meta(), tiles=["O"])
    assert "file-2024" in info.value.message and info.value.article == "FILE 29"
    game.correct_underdraw(ANA, ANA, True, meta(), tiles=["O"])
    event = last(game, "UnderdrawCorrected")
    assert (event.count, event.tiles, event.shown_to, event.article) == (1, ["O"], [], "FILE 29")
    assert game.rack_counts[ANA] == 7 and game.bag_count() == 82


def test_missing_tiles_drawn_after_the_rack_was_seen_are_shown_fise_29_2():
    """FISE 29.2: «éste deberá extraer de la bolsa las X fichas que faltan y deberá mostrárselas a su oponente»;
    29.1 (not seen): just drawn. A physical tablet must name tiles that were shown."""
    game = casa(started("fise-2009"), refill="LMN")
    game.correct_underdraw(ANA, ANA, True, meta(), tiles=["O"])
    assert (last(game, "UnderdrawCorrected").shown_to, last(game, "UnderdrawCorrected").article) == ([BEA], "FISE 29.2")
    unseen = casa(started("fise-2009"), refill="LMN")
    unseen.correct_underdraw(ANA, ANA, False, meta(), tiles=["O"])
    assert (last(unseen, "UnderdrawCorrected").shown_to, last(unseen, "UnderdrawCorrected").article) == ([], "FISE 29")
    physical = started("fise-2009", bag_mode="physical")
    physical.place_tiles(ANA, "H8", "CASA", meta())
    physical.accept(BEA, meta())
    physical.draw_tiles(ANA, meta(), count=3)
    with pytest.raises(RuleViolation) as info:
        physical.correct_underdraw(ANA, ANA, True, meta())
    assert info.value.code == "tiles_required"
    physical.correct_underdraw(ANA, ANA, False, meta())
    assert physical.rack_counts[ANA] == 7


def test_either_player_may_point_out_a_short_rack_ajs_2():
    """AJS 2 on FISE V.29: «Se permite que sea cualquiera de los dos jugadores quién advierta de la falta»."""
    game = casa(started("ajs-2012"), refill="LMN")
    game.correct_underdraw(ANA, BEA, False, meta("player:1"), tiles=["O"])
    event = last(game, "UnderdrawCorrected")
    assert (event.noticed_by, event.article, game.rack_counts[ANA]) == (BEA, "AJS 2 (on FISE V.29)", 7)


@pytest.mark.parametrize("bag_mode", ["physical", "virtual", "replay"])
def test_bag_count_from_the_state_in_every_bag_mode_file_27(bag_mode):
    """FILE 27: «En cualquier momento se pueden contar las fichas que restan en la bolsa»: 100 − 14 = 86;
    an overdraw of 5 after CASA: 86 − 5 = 81."""
    game = started(bag_mode=bag_mode)
    assert game.bag_count() == 86
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    game.overdraw_tiles(ANA, meta(), count=5, tiles=None if bag_mode == "physical" else list("LMNOP"))
    assert game.bag_count() == 81


def test_seven_vowels_shown_and_redrawn_without_losing_the_turn_molins_16():
    """Molins 16: «si el jugador té tot vocals o tot consonants té dret a canviar-les totes sense perdre el torn.
    Primer haurà de mostrar el seu faristol ... les introduirà al sac i, per últim, ... extraurà les set fitxes».
    The shown tiles go back first, so the redraw may bring some back; the bag stays at 86."""
    game = started("molins-club", ("AEIOUAE", "OSTRANE"))
    assert ("redraw_senyors", ANA, "player") in [tuple(a.values()) for a in game.next_actions()]
    game.redraw_senyors(ANA, list("AEIOUAE"), meta(), drawn=list("BCDFGLA"))
    event = last(game, "SenyorsRedrawn")
    assert (event.shown, event.drawn) == (list("AEIOUAE"), list("BCDFGLA"))
    assert game.racks[ANA] == list("BCDFGLA") and game.turn == ANA and game.turns == [] and game.bag_count() == 86


def test_six_vowels_and_a_blank_do_not_qualify_molins_16():
    """Molins 16: «No s'entén com a "SENYORS", sis consonants o sis vocals més un escarràs»."""
    game = started("molins-club", ("AEIOUA?", "OSTRANE"))
    assert "redraw_senyors" not in [a["type"] for a in game.next_actions()]
    with pytest.raises(RuleViolation) as info:
        game.redraw_senyors(ANA, list("AEIOUA?"), meta(), drawn=list("BCDFGLM"))
    assert (info.value.code, info.value.article) == ("senyors", "Molins 16")
    consonants = started("molins-club", ("BCDFGLM", "OSTRANE"))
    consonants.redraw_senyors(ANA, list("BCDFGLM"), meta(), drawn=list("AEIOUAE"))
    assert consonants.racks[ANA] == list("AEIOUAE")
    with pytest.raises(NotYourTurn):
        consonants.redraw_senyors(BEA, list("OSTRANE"), meta(), drawn=list("AEIOUAE"))


def test_senyors_is_refused_where_the_rulebook_has_no_such_redraw_file_25():
    """FILE 25 knows only the exchange, which loses the turn: SENYORS is refused, naming the profile."""
    game = started("file-2024", ("AEIOUAE", "OSTRANE"))
    with pytest.raises(NotAllowedInProfile) as info:
        game.redraw_senyors(ANA, list("AEIOUAE"), meta(), drawn=list("BCDFGLM"))
    assert "file-2024" in info.value.message and info.value.article == "FILE 25"


def test_exchange_only_while_the_bag_holds_seven_molins_16_but_up_to_the_bag_in_file_25():
    """Molins 16: «si al sac n'hi queden com a mínim set»; FILE 25: «hasta tantas fichas como queden»."""
    club = drive_until("molins-club", 3, lambda g: 0 < g.bag_count() < 7 and g.rack_counts[g.turn] == 7)
    assert club is not None
    seat = club.turn
    with pytest.raises(RuleViolation) as info:
        club.exchange_tiles(seat, meta(), tiles=club.racks[seat][:1], drawn=sorted(club.unseen().elements())[:1])
    assert (info.value.code, info.value.article) == ("exchange_bag", "Molins 16")
    federation = drive_until("file-2024", 3, lambda g: 0 < g.bag_count() < 7 and g.rack_counts[g.turn] == 7)
    seat, bag = federation.turn, federation.bag_count()
    federation.exchange_tiles(seat, meta(), tiles=federation.racks[seat][:1],
                              drawn=sorted(federation.unseen().elements())[:1])
    assert federation.turns[-1]["kind"] == "exchange" and federation.bag_count() == bag
