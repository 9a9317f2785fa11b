"""The players' sheets as written, arithmetic corrections (FILE 40, FISE 41, AJS 2, FISC I.9) and the
blank's letter when the sheets disagree (FILE 10.3), driven through commands.

Spanish CASA at H8 is truly (3+1+1+1) × 2 = 12; Ana announces 14. Catalan CASA is (2+1+1+1) × 2 = 10.
"""

import pytest

from domain.game.errors import GameClosed, NotAllowedInProfile, RuleViolation, WrongPhase
from tests.factories import meta
from tests.scenes import ANA, BEA, last, passes, started


def miscounted(profile="file-2024", announced=14, ana=(14, 14), bea=(14, 14)):
    """Ana's CASA announced as ``announced``; each sheet's (score, total) for Ana's turn 1 as written."""
    game = started(profile)
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"), announced=announced)
    game.accept(BEA, meta("player:1"))
    game.draw_tiles(ANA, meta("player:0"), tiles=list("LMNO"))
    game.write_sheet_entry(ANA, ANA, 1, meta("player:0"), score=ana[0], total=ana[1])
    game.write_sheet_entry(BEA, ANA, 1, meta("player:1"), score=bea[0], total=bea[1])
    return game


def kinds(game):
    return [tuple(a.values()) for a in game.next_actions()]


def test_sheets_kept_as_written_beside_the_true_score_file_40():
    """FILE 40: the sheets may differ from the true count; each is kept as written, and the service shows where
    (turn 0: true 12 and total 12; announced 14; Ana wrote 14/14, Bea 14/12)."""
    game = miscounted(bea=(14, 12))
    assert game.sheets == {"0": {"0": {"score": 14, "total": 14}}, "1": {"0": {"score": 14, "total": 12}}}
    assert game.scores == [12, 0]
    assert game.discrepancies() == [
        {"turn": 0, "seat": ANA, "field": "score", "true": 12, "announced": 14, "sheets": {"0": 14, "1": 14}},
        {"turn": 0, "seat": ANA, "field": "total", "true": 12, "announced": None, "sheets": {"0": 14, "1": 12}},
    ]
    with pytest.raises(WrongPhase):  # a sheet is written once: a change is a correction
        game.write_sheet_entry(BEA, ANA, 1, meta(), score=12)


def test_announced_score_and_total_corrected_before_the_signatures_file_40():
    """FILE 40: «El total acumulado ... podrá revisarse y corregirse en cualquier momento en caso de
    discrepancias aritméticas y previo a que ambos jugadores firmen las planillas. Esto incluye errores de
    sumas ... así como errores de conteo en una jugada particular». Bea asks, Ana agrees: 14 → 12 twice."""
    game = miscounted()
    assert ("correct_score", BEA, "player") in kinds(game)
    with pytest.raises(RuleViolation):
        game.correct_score(ANA, 1, "score", 14, 13, BEA, ANA, meta())  # not the true score
    with pytest.raises(RuleViolation):
        game.correct_score(ANA, 1, "score", 15, 12, BEA, ANA, meta())  # 15 was never announced nor written
    game.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta("player:1"), "C 3 A 1 S 1 A 1, doubled")
    event = last(game, "ScoreCorrected")
    assert (event.turn, event.seat, event.field, event.old, event.new, event.asked_by, event.agreed_by,
            event.article) == (0, ANA, "score", 14, 12, BEA, ANA, "FILE 40")
    assert game.announced(0) == 12 and game.turns[0]["announced"] == 14  # the original event is untouched
    passes(game, 4)  # the game ends; the total may still be corrected before both sign
    game.correct_score(ANA, 1, "total", 14, 12, ANA, BEA, meta("player:0"))
    assert game.discrepancies() == [] and len(game.corrections) == 2
    assert ("correct_score", ANA, "player") not in kinds(game)
    game.sign(ANA, "ana", meta())
    game.sign(BEA, "bea", meta())
    with pytest.raises(GameClosed):
        game.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta())


def test_revision_only_where_the_two_sheets_running_totals_differ_ajs_2():
    """AJS 2 on FISE 41: «los únicos errores que se permiten revisar son los de conteo de las jugadas en que
    alguno de los jugadores haya notado una discrepancia en las sumas parciales ... Si las sumas parciales
    coinciden en todo momento, no se puede pedir hacer ninguna revisión»."""
    agreed = miscounted("ajs-2012")
    with pytest.raises(NotAllowedInProfile) as info:
        agreed.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta())
    assert "ajs-2012" in info.value.message and info.value.article == "AJS 2 (on FISE 41)"
    assert "correct_score" not in [k[0] for k in kinds(agreed)]
    differ = miscounted("ajs-2012", bea=(12, 12))
    differ.correct_score(ANA, 1, "total", 14, 12, BEA, ANA, meta())
    assert last(differ, "ScoreCorrected").article == "AJS 2 (on FISE 41)" and differ.written(ANA, 0, "total") == 12


def test_a_turns_score_is_final_once_its_round_has_passed_but_the_total_is_not_fisc_i9():
    """FISC I.9: «La puntuació d'una ronda no es pot tornar a corregir un cop passada aquella ronda. L'única
    correcció que es permet fer en qualsevol moment de la partida és la de l'acumulat». Catalan CASA is 10,
    announced and written 12; round 1 is Ana's CASA and Bea's reply; Ana's next turn ends it."""
    game = miscounted("fisc-2023", announced=12, ana=(12, 12), bea=(12, 12))
    game.pass_turn(BEA, meta())
    assert ("correct_score", BEA, "player") in kinds(game)  # still round 1
    game.pass_turn(ANA, meta())
    with pytest.raises(NotAllowedInProfile) as info:
        game.correct_score(ANA, 1, "score", 12, 10, BEA, ANA, meta())
    assert "fisc-2023" in info.value.message and info.value.article == "FISC I.9"
    game.correct_score(ANA, 1, "total", 12, 10, BEA, ANA, meta())
    assert last(game, "ScoreCorrected").article == "FISC I.8, I.9"
    assert game.written(BEA, 0, "score") == 12 and game.written(BEA, 0, "total") == 10


def blank_game(profile="file-2024"):
    """Ana plays CASa (the last A a blank): (3 + 1 + 1 + 0) × 2 = 10; Bea writes it down."""
    game = started(profile, ("CAS?EEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASa", meta("player:0"))
    game.accept(BEA, meta("player:1"))
    return game


def test_blank_letter_placers_note_wins_else_the_single_note_else_what_the_placer_says_file_10_3():
    """FILE 10.3: «Si los dos jugadores anotan letras diferentes, se tendrá por válida la anotada por el jugador
    que colocó el comodín. Si sólo uno ... anotó ..., se tendrá ésta por válida. Si ninguno ..., se tendrá
    por válida la que señale el jugador que colocó el comodín». The score stays 10: a blank is worth 0."""
    game = blank_game()
    assert game.scores == [10, 0] and game.board[7 * 15 + 10] == "a"
    game.rule_blank(ANA, 1, 0, ["A", "O"], meta("director:eva"))
    assert (last(game, "BlankRuled").letter, last(game, "BlankRuled").article) == ("A", "FILE 10.3")
    only_bea = blank_game()
    only_bea.rule_blank(ANA, 1, 0, [None, "O"], meta())
    assert only_bea.board[7 * 15 + 10] == "o" and only_bea.turns[0]["placements"][-1] == [7, 10, "o"]
    assert only_bea.scores == [10, 0] and only_bea.blank_rulings[0]["notes"] == [None, "O"]
    nobody = blank_game()
    with pytest.raises(RuleViolation) as info:
        nobody.rule_blank(ANA, 1, 0, [None, None], meta())
    assert info.value.field == "placer_says"
    nobody.rule_blank(ANA, 1, 0, [None, None], meta(), placer_says="e")
    assert nobody.board[7 * 15 + 10] == "e"
    with pytest.raises(RuleViolation):
        game.rule_blank(ANA, 1, 0, ["A", "O"], meta(), letter="O")  # the rule decides, not the director
    with pytest.raises(RuleViolation):
        game.rule_blank(ANA, 1, 1, ["A", "O"], meta())  # one blank in that play


def test_blank_letter_ruled_by_the_arbiter_where_the_rulebook_is_silent_fisc_i9():
    """FISC I.9 prescribes only the mark («entre parèntesis o encerclant»): the arbiter rules, and both notes
    are kept beside the ruling."""
    game = blank_game("fisc-2023")
    with pytest.raises(RuleViolation) as info:
        game.rule_blank(ANA, 1, 0, ["A", "O"], meta())
    assert info.value.article == "FISC I.9"
    game.rule_blank(ANA, 1, 0, ["A", "O"], meta("arbiter:jordi"), letter="O")
    event = last(game, "BlankRuled")
    assert (event.notes, event.letter, event.row, event.col) == (["A", "O"], "O", 7, 10)
    assert game.board[7 * 15 + 10] == "o"


def test_a_withdrawn_plays_announcement_is_no_discrepancy_file_38():
    """FILE 38: an invalid play is withdrawn and scores 0; what was announced for it no longer counts."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"), announced=14)
    assert game.discrepancies()[0]["announced"] == 14
    game.challenge(BEA, meta("player:1"))
    game.rule_challenge(False, "Lexicón de Scrabble", meta("player:1"))
    assert game.turns[0]["kind"] == "invalid" and game.discrepancies() == []


def test_the_total_announced_with_the_score_is_kept_and_corrected_file_32_40():
    """FILE 32: the player announces the score «junto con la suma total acumulada». Ana announces CASA (true 12)
    as 14 with a total of 15: both stand beside the true values, and correct_score(field="total") corrects the
    total she announced (FILE 40), which then also stands as the total she entered."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"), announced=14, announced_total=15)
    assert last(game, "TilesPlaced").announced_total == 15 and game.announced_total(0) == 15
    assert game.entered_total(0) == 15 and game.true_value(0, "total") == 12
    assert {"turn": 0, "seat": ANA, "field": "total", "true": 12, "announced": 15, "sheets": {"0": None, "1": None}} \
        in game.discrepancies()
    with pytest.raises(RuleViolation) as refused:
        game.correct_score(ANA, 1, "total", 16, 12, BEA, ANA, meta("player:1"))
    assert "15" in refused.value.message  # names what is on record
    game.correct_score(ANA, 1, "total", 15, 12, BEA, ANA, meta("player:1"), "sum slip")
    assert game.announced_total(0) == 12 and game.entered_total(0) == 12
    assert game.turns[0]["announced_total"] == 15  # the original event is untouched
    with pytest.raises(RuleViolation):
        game.place_tiles(BEA, "9H", "ALA", meta("player:1"), announced_total="20")


def test_a_total_summed_from_a_wrong_announced_score_is_what_the_sheet_shows_and_can_be_corrected_file_40():
    """With only the score announced, the total entered is the sum of the announcements: 14 after CASA
    announced as 14 (true 12). That is what the sheet shows, and correct_score(field="total") accepts it as
    written (before, it answered that nothing was written); the next turns build on the corrected total."""
    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"), announced=14)
    assert game.announced_total(0) is None and game.entered_total(0) == 14
    game.accept(BEA, meta("player:1"))
    game.draw_tiles(ANA, meta("player:0"), tiles=list("LMNO"))
    game.pass_turn(BEA, meta("player:1"))
    game.pass_turn(ANA, meta("player:0"))
    assert game.entered_totals(ANA) == {0: 14, 2: 14}
    game.correct_score(ANA, 1, "total", 14, 12, BEA, ANA, meta("player:1"), "sum slip")
    assert game.entered_totals(ANA) == {0: 12, 2: 12} and game.announced(0) == 14


def test_a_play_stored_before_announced_totals_replays_without_one():
    """``TilesPlaced`` events stored before the field existed have no ``announced_total``: None."""
    from domain.game import events as ev

    game = started()
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"), announced=14)
    stored = [e for e in game.collect_events()]
    placed = stored[-1]
    state = {k: v for k, v in vars(placed).items() if k != "announced_total"}
    old = object.__new__(ev.TilesPlaced)
    object.__setattr__(old, "__dict__", state)
    copy = None
    for event in stored[:-1] + [old]:
        copy = event.mutate(copy)
    assert copy.turns[0]["announced_total"] is None and copy.entered_total(0) == 14
def test_a_line_is_aimed_at_as_the_printed_sheet_numbers_it_file_5():
    """FILE 5.1, 5.3: each player keeps a line per turn, passes and exchanges included; the sheet numbers each
    player's column from 1. Ana's CASA is her turn 1, Bea's pass her turn 1, Ana's pass her turn 2."""
    game = miscounted()
    game.pass_turn(BEA, meta())
    game.pass_turn(ANA, meta())
    assert [game.sheet_line(i) for i in range(3)] == [(ANA, 1), (BEA, 1), (ANA, 2)]
    assert (game.turn_index(ANA, 1), game.turn_index(BEA, 1), game.turn_index(ANA, 2)) == (0, 1, 2)
    with pytest.raises(RuleViolation) as info:
        game.correct_score(BEA, 2, "score", 14, 12, BEA, ANA, meta())  # Bea has one line: the aim is refused
    assert (info.value.field, info.value.article) == ("turn", "FILE 5, 40, 43")
    assert "Bea's sheet has turn 1 only, numbered from 1 as printed, not 2" in info.value.message
    with pytest.raises(RuleViolation) as info:
        game.correct_score(ANA, 0, "score", 14, 12, BEA, ANA, meta())  # 0 is no line of a printed sheet
    assert info.value.field == "turn"
    with pytest.raises(RuleViolation) as info:
        game.correct_score(2, 1, "score", 14, 12, BEA, ANA, meta())
    assert info.value.field == "player"
    with pytest.raises(RuleViolation) as info:  # the old value is not on Ana's turn 2 (a pass)
        game.correct_score(ANA, 2, "score", 14, 12, BEA, ANA, meta())
    assert info.value.field in ("new", "old") and "Ana's turn 2" in info.value.message
    game.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta())
    assert last(game, "ScoreCorrected").turn == 0  # the event keeps the game's own index, as it always has


def test_an_aim_whose_word_is_not_on_that_line_is_refused_file_40():
    """The arbiter may say which word the line shows; a miscounted line is refused, not corrected."""
    game = miscounted()
    with pytest.raises(RuleViolation) as info:
        game.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta(), word="CASO")
    assert (info.value.code, info.value.field, info.value.article) == ("wrong_line", "word", "FILE 5, 40, 43")
    assert "Ana's turn 1 holds CASA, not 'CASO'" in info.value.message
    game.correct_score(ANA, 1, "score", 14, 12, BEA, ANA, meta(), word="casa")  # the letters, not the case
    blanks = blank_game()
    blanks.pass_turn(BEA, meta())
    with pytest.raises(RuleViolation) as info:
        blanks.rule_blank(BEA, 1, 0, ["A", "O"], meta())  # Bea's turn 1 is a pass: no blank to rule
    assert info.value.field == "blank" and "Bea's turn 1 (a pass)" in info.value.message
    assert info.value.article == "FILE 10.3"
    blanks.rule_blank(ANA, 1, 0, ["A", "O"], meta(), word="CASa")
    assert last(blanks, "BlankRuled").letter == "A"
