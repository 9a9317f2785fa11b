"""The turn cycle, rule by rule, through the aggregate's commands (FILE 4–41, FISC I.5–I.10, AJS 3.1)."""

import pytest

from domain.errors import PlacementError
from domain.game import Game
from domain.game.errors import NotAllowedInProfile, NotYourTurn, RackError, RuleViolation, WrongPhase
from tests.factories import deal, meta, new_game

ANA, BEA = 0, 1


def started(profile="file-2024", racks=("CASAEEI", "OSTRANE"), bag_mode="virtual"):
    game = new_game(profile, bag_mode=bag_mode)
    deal(game, racks)
    return game


def test_two_players_only_in_file_but_more_at_molins_file_1():
    """FILE 1 regulates games "entre 2 jugadores"; the Molins club plays with more."""
    with pytest.raises(RuleViolation) as info:
        Game.create("file-2024", ["Ana", "Bea", "Cai"], meta())
    assert info.value.field == "players" and info.value.article == "FILE 1"
    assert len(Game.create("molins-club", ["Ana", "Bea", "Cai"], meta()).players) == 3


def test_blank_beats_a_in_the_starting_draw_file_4_3():
    """FILE 4.3: nearest to A starts; "el comodín tiene preferencia sobre la A"."""
    game = Game.create("file-2024", ["Ana", "Bea"], meta())
    game.draw_for_start(["A", "?"], meta())
    assert game.starter == BEA and game.phase == "dealing" and game.bag_count() == 100


def test_tie_draws_again_with_tiles_back_in_the_bag_file_4_3():
    """FILE 4.3: "en caso de empate se repetirá el ciclo"; the tiles go back."""
    game = Game.create("file-2024", ["Ana", "Bea"], meta())
    game.draw_for_start(["E", "E"], meta())
    assert game.starter is None and game.bag_count() == 100
    game.draw_for_start(["D", "C"], meta())
    assert game.starter == BEA


def test_tied_tiles_are_set_aside_before_the_redraw_ajs_3_1_1():
    """AJS 3.1.1: the tied tiles stay out of the bag for the redraw; all return once decided."""
    game = Game.create("ajs-2012", ["Ana", "Bea"], meta())
    game.draw_for_start(["E", "E"], meta())
    assert game.set_aside == ["E", "E"] and game.bag_count() == 98
    game.draw_for_start(["B", "C"], meta())
    assert game.starter == ANA and game.set_aside == [] and game.bag_count() == 100


def test_first_player_draws_seven_then_the_second_fisc_i5():
    """FISC I.5: "el jugador que comença ... treu 7 fitxes", then the opponent does the same."""
    game = new_game("fisc-2023")
    with pytest.raises(NotYourTurn) as info:
        game.draw_tiles(BEA, meta(), tiles=list("AEIOUSS"))
    assert info.value.article == "FISC I.5"
    deal(game, ("AEIOUSS", "RRTTNNL"))
    assert game.phase == "playing" and game.bag_count() == 86


def test_play_keeps_the_announced_score_beside_the_true_one_file_32_40():
    """FILE 32, 40: the player announces a score; a mismatch is kept and visible until corrected."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta(), announced=14)
    turn = game.turns[-1]
    assert (turn["score"], turn["announced"]) == (12, 14)
    assert game.scores == [12, 0] and game.racks[ANA] == ["E", "E", "I"]


def test_out_of_turn_and_tiles_not_on_the_rack_are_refused():
    """Only the player on turn plays, and only tiles on their rack; nothing is recorded."""
    game = started()
    version = game.version
    with pytest.raises(NotYourTurn):
        game.place_tiles(BEA, "H8", "OSO", meta())
    with pytest.raises(RackError):
        game.place_tiles(ANA, "H8", "CAZA", meta())
    assert game.version == version


def test_after_acceptance_no_challenge_is_possible_file_37():
    """FILE 37: writing the score down is acceptance; no player or director may challenge after."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    with pytest.raises(WrongPhase):
        game.challenge(BEA, meta())
    assert game.turn == BEA


def test_a_challenge_with_no_play_waiting_says_what_the_game_waits_for_file_37():
    """A challenge sent while the game waits for the player on turn to move names that wait, not "nothing"."""
    game = started()
    with pytest.raises(WrongPhase) as info:
        game.challenge(BEA, meta())
    assert "waiting for nothing" not in info.value.message
    assert f"waiting for {game.players[game.turn]}'s move" in info.value.message
    game.place_tiles(ANA, "H8", "CASA", meta())
    with pytest.raises(WrongPhase) as info:
        game.pass_turn(BEA, meta())
    assert "waiting for the opponent to accept or challenge the last play (Ana's play)" in info.value.message


def test_no_self_challenge_file_41_5():
    """FILE 41.5, AJS 4.1.7.2: only the opponent challenges."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta())
    with pytest.raises(NotYourTurn) as info:
        game.challenge(ANA, meta())
    assert info.value.article == "FILE 41.5"


def test_challenged_player_may_not_draw_while_the_challenge_is_resolved_file_41_3():
    """FILE 41.3: the challenged player does not draw until the ruling."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    with pytest.raises(WrongPhase) as info:
        game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    assert info.value.article == "FILE 41.3"


def test_invalid_play_goes_back_to_the_rack_scores_zero_and_loses_the_turn_file_38():
    """FILE 38: invalid: the tiles go back to the rack and the turn is lost; the sheet shows I."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta(), ["CASA"])
    game.rule_challenge(False, "Lexicón FILE", meta("arbiter:eva"))
    assert game.scores == [0, 0] and game.turn == BEA
    assert sorted(game.racks[ANA]) == sorted("CASAEEI")
    assert game.turns[-1]["kind"] == "invalid" and game.board.count(None) == 225


def test_several_words_challenged_together_get_one_verdict_file_39():
    """FILE 39: CO and AS challenged at once; "jugada válida": the play stands, the turn passes."""
    game = started(racks=("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    game.place_tiles(BEA, "I8", "OS", meta())
    with pytest.raises(RuleViolation):
        game.challenge(ANA, meta(), ["CO", "OSO"])
    game.challenge(ANA, meta(), ["CO", "AS"])
    game.rule_challenge(True, "Lexicón FILE", meta("arbiter:eva"))
    assert game.scores == [12, 10] and game.turn == ANA and game.pending is None


def test_first_play_off_centre_the_opponent_chooses_file_20():
    """FILE 20.2: accepted, SOL on H9 scores 1+1+1 = 3 undoubled; 20.1: declared invalid, tiles back."""
    game = started(racks=("SOLAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H9", "SOL", meta())
    assert game.pending["kind"] == "centre_choice"
    game.decide_off_centre(BEA, True, meta())
    game.accept(BEA, meta())
    assert game.scores == [3, 0]
    refused = started(racks=("SOLAEEI", "OSTRANE"))
    refused.place_tiles(ANA, "H9", "SOL", meta())
    refused.decide_off_centre(BEA, False, meta())
    assert refused.scores == [0, 0] and refused.turn == BEA and refused.turns[-1]["kind"] == "invalid"


def test_first_play_off_centre_is_simply_refused_in_fisc_i6():
    """FISC I.6: the first play "ha de cobrir la casella central"; no opponent's choice."""
    game = started("fisc-2023", racks=("SOLAEEI", "OSTRANE"))
    with pytest.raises(PlacementError) as info:
        game.place_tiles(ANA, "H9", "SOL", meta())
    assert info.value.code == "first_play_off_centre"


def test_drawing_accepts_the_play_in_fisc_i10():
    """FISC I.10: once tiles are being drawn the play counts as accepted, and no challenge is possible."""
    game = started("fisc-2023", racks=("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    assert game.pending is None and game.turn == BEA
    with pytest.raises(WrongPhase):
        game.challenge(BEA, meta())


def test_drawing_before_the_score_is_written_is_refused_in_file_32():
    """FILE 32: the player draws after both have written the score down."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta())
    with pytest.raises(WrongPhase) as info:
        game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    assert info.value.article == "FILE 32"


def test_exchange_scores_zero_and_passes_the_turn_file_25():
    """FILE 25: exchange 1–7 tiles; the turn is used; 0 points."""
    game = started()
    game.exchange_tiles(ANA, meta(), tiles=["E", "E"], drawn=["Z", "X"])
    assert sorted(game.racks[ANA]) == sorted("CASAIZX") and game.turn == BEA
    assert game.turns[-1] == {"seat": ANA, "kind": "exchange", "score": 0, "count": 2}
    with pytest.raises(RuleViolation) as info:
        game.exchange_tiles(BEA, meta(), tiles=[], drawn=[])
    assert info.value.article == "FILE 25"


def test_an_announced_exchange_cannot_become_a_play_or_a_pass_file_25():
    """FILE 25: «cambio» is announced first; the count may change, but the player cannot desist."""
    game = started()
    game.announce_exchange(ANA, meta(), count=3)
    assert game.pending == {"kind": "exchange", "seat": ANA, "count": 3}
    for command in (lambda: game.place_tiles(ANA, "H8", "CASA", meta()), lambda: game.pass_turn(ANA, meta())):
        with pytest.raises(WrongPhase) as info:
            command()
        assert info.value.article == "FILE 25" and "cannot be withdrawn" in info.value.message
    # The count changes from three to two: allowed; the turn is the exchange, C-2, 0 points.
    game.exchange_tiles(ANA, meta(), tiles=["E", "E"], drawn=["Z", "X"])
    assert game.pending is None and game.turn == BEA
    assert game.turns[-1] == {"seat": ANA, "kind": "exchange", "score": 0, "count": 2}


def test_an_exchange_is_announced_only_on_ones_own_turn_for_1_to_7_tiles_file_25():
    """FILE 25: «cambiar entre una y siete fichas», in one's own turn; the count may be left open."""
    game = started()
    with pytest.raises(NotYourTurn):
        game.announce_exchange(BEA, meta())
    with pytest.raises(RuleViolation) as info:
        game.announce_exchange(ANA, meta(), count=8)
    assert info.value.field == "count" and info.value.article == "FILE 25"
    game.announce_exchange(ANA, meta())
    assert game.pending == {"kind": "exchange", "seat": ANA, "count": None}
    with pytest.raises(RuleViolation) as info:  # the count must be given by the end
        game.exchange_tiles(ANA, meta(), drawn=[])
    assert info.value.field == "count"


def test_written_appeal_by_the_player_ruled_out_restores_the_play_fise_42_4():
    """FISE 42.4: the player whose word was ruled out may appeal in writing; the answer is final.

    CASA on H8: (3 + 1 + 1 + 1) × 2 = 12 comes back; the challenger may not appeal.
    """
    game = started("fise-2009")
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    game.rule_challenge(False, "DRAE", meta("arbiter:eva"))
    with pytest.raises(NotYourTurn) as info:
        game.appeal(BEA, "I agree with the ruling", meta())
    assert info.value.article == "FISE 42.4"
    game.appeal(ANA, "CASA is in the DRAE", meta())
    with pytest.raises(WrongPhase):
        game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    game.rule_appeal(True, "DRAE, second look", meta("arbiter:eva"))
    assert game.scores == [12, 0] and game.turns[-1]["kind"] == "play" and game.turn == BEA
    with pytest.raises(WrongPhase):
        game.appeal(ANA, "again", meta())


def test_rechallenge_by_the_challenger_can_withdraw_the_play_fisc_i10():
    """FISC I.10: the challenger may challenge again with an argument; the answer is final.

    Catalan CASA on H8: C2 + A1 + S1 + A1 = 5, ×2 = 10; withdrawn on appeal, the 10 points go.
    """
    game = started("fisc-2023")
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    game.rule_challenge(True, "Leximots", meta("arbiter:eva"))
    assert game.scores == [10, 0]
    with pytest.raises(NotYourTurn) as info:
        game.appeal(ANA, "keep it", meta())
    assert info.value.article == "FISC I.10"
    game.appeal(BEA, "CASA needs an accent here", meta())
    game.rule_appeal(False, "Leximots, second look", meta("arbiter:eva"))
    assert game.scores == [0, 0] and game.turns[-1]["kind"] == "invalid" and game.turn == BEA
    assert sorted(game.racks[ANA]) == sorted("CASAEEI")


def test_drawing_after_the_ruling_closes_the_appeal_fisc_i10():
    """FISC I.10: once the player draws, the play counts as accepted: no rechallenge after that."""
    game = started("fisc-2023")
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    game.rule_challenge(True, "Leximots", meta("arbiter:eva"))
    game.draw_tiles(ANA, meta(), tiles=list("LMNO"))
    with pytest.raises(WrongPhase):
        game.appeal(BEA, "too late", meta())


def test_no_appeal_at_the_molins_club_molins_22():
    """Molins 22: the arbiter's answer is not appealed; the command names the profile."""
    game = started("molins-club", racks=("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    game.rule_challenge(False, "DOSC", meta("arbiter:eva"))
    with pytest.raises(NotAllowedInProfile) as info:
        game.appeal(ANA, "please", meta())
    assert "molins-club" in info.value.message


def test_the_rr_tile_is_not_two_r_tiles_on_the_rack_file_11():
    """FILE 11: «los dígrafos RR, CH, LL aparecen en una sola ficha. Por tanto, no podrán utilizarse dos eres ...
    para formar una doble letra». Ana holds two R tiles, not the RR tile: PE[RR]O is refused citing FILE 11."""
    game = started(racks=("PERROAS", "OSTRANE"))
    with pytest.raises(RackError) as info:
        game.place_tiles(ANA, "H8", "PE[RR]O", meta())
    assert (info.value.field, info.value.article) == ("word", "FILE 11")
    assert "RR: one tile, and two tiles never make it" in info.value.message
    with pytest.raises(RackError) as info:  # a plain missing letter names no digraph rule
        game.place_tiles(ANA, "H8", "PEZ", meta())
    assert info.value.article is None
