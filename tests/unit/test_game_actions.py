"""The legal next actions, read from the state: what the status read model and the tablets show."""

import pytest

from domain.game import Game
from tests.factories import deal, meta, new_game, play_random_game

ANA, BEA = 0, 1


# Open at any moment of an open game (FILE 33.5, the conformity log): left out of the turn-by-turn lists below
# unless asked for, and tested on their own at the end.
TABLE = {"call_arbiter", "report_device"}


def kinds(game, seat="any", table=False):
    return sorted({(a["type"], a["seat"], a["role"]) for a in game.next_actions()
                   if (seat == "any" or a["seat"] == seat) and (table or a["type"] not in TABLE)})


def test_before_the_start_players_draw_or_the_director_names_the_starter_file_4():
    game = Game.create("file-2024", ["Ana", "Bea"], meta())
    assert kinds(game) == [("draw_for_start", None, "player"), ("end_game", None, "director"),
                           ("give_starter", None, "director")]


def test_a_game_that_never_began_may_be_ended_by_the_director_file_44_5():
    """FILE 44.4, 44.5: the director ends a game at any moment (a paper game, both tablets dead before the deal):
    listed before the start and during the deal, and taken."""
    game = Game.create("fisc-2023", ["Ana", "Bea"], meta())
    assert ("end_game", None, "director") in kinds(game)
    game.draw_for_start(["A", "E"], meta())
    assert game.phase == "dealing" and ("end_game", None, "director") in kinds(game)
    game.end_game("director", meta("director:test"), "las dos tabletas sin batería")
    assert game.phase == "ended" and ("end_game", None, "director") not in kinds(game)


def test_on_turn_the_player_plays_exchanges_or_passes_file_25_26():
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    assert kinds(game, ANA) == [("announce_exchange", ANA, "player"), ("exchange_tiles", ANA, "player"),
                                ("pass_turn", ANA, "player"), ("place_tiles", ANA, "player")]
    assert kinds(game, BEA) == []


def test_after_a_play_only_the_opponent_accepts_or_challenges_file_37_38():
    game = new_game("fise-2009")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    assert kinds(game) == [("accept", BEA, "player"), ("challenge", BEA, "player"), ("end_game", None, "director")]
    game.challenge(BEA, meta())
    assert kinds(game) == [("end_game", None, "director"), ("rule_challenge", None, "director")]


def test_at_a_file_table_the_players_rule_either_records_the_other_confirms_file_41_1():
    """FILE 41.1: «uno de los jugadores abre la aplicación ... manteniendo en todo momento la pantalla a la
    vista de su rival»: either player records the answer, the other confirms or disputes; a dispute goes to
    the arbiter."""
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.challenge(BEA, meta())
    assert kinds(game) == [("end_game", None, "director"), ("rule_challenge", ANA, "player"),
                           ("rule_challenge", BEA, "player")]
    game.rule_challenge(True, None, meta("player:1:Bea"), seat=BEA)
    assert kinds(game) == [("confirm_ruling", ANA, "player"), ("dispute_ruling", ANA, "player"),
                           ("end_game", None, "director")]
    game.dispute_ruling(ANA, "the screen was not shown", meta("player:0:Ana"))
    assert kinds(game) == [("end_game", None, "director"), ("rule_challenge", None, "director")]


def test_fisc_i_10_the_player_accepts_by_drawing():
    """FISC I.10: drawing (or pressing the clock with an empty bag) closes the challenge window."""
    game = new_game("fisc-2023")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    assert ("draw_tiles", ANA, "player") in kinds(game)


def test_after_acceptance_the_player_draws_before_the_next_turn_file_32():
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    game.accept(BEA, meta())
    assert ("draw_tiles", ANA, "player") in kinds(game) and ("place_tiles", BEA, "player") in kinds(game)


def test_an_announced_exchange_leaves_only_the_exchange_file_25():
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.announce_exchange(ANA, meta())
    assert kinds(game, ANA) == [("exchange_tiles", ANA, "player")]


@pytest.mark.parametrize("profile", ["file-2024", "fise-2009", "fisc-2023", "ajs-2012", "molins-club"])
def test_through_a_whole_game_someone_can_always_act_and_every_action_is_a_command(profile):
    """At every step of a random game until it is settled, at least one action is listed, each is a
    Game command, and whenever nothing is pending the player on turn can move or must draw first."""
    def check(game):
        actions = [a for a in game.next_actions() if a["type"] not in TABLE]
        assert actions and all(callable(getattr(Game, a["type"], None)) for a in actions), actions
        if game.phase == "playing" and not game.pending:
            assert {("place_tiles", game.turn), ("draw_tiles", game.turn)} & {(a["type"], a["seat"]) for a in actions}

    game = play_random_game(profile, 11, check=check)
    assert game.phase == "ended"


@pytest.mark.parametrize("profile, reopen", [("file-2024", True), ("fisc-2023", False)])
def test_a_closed_game_offers_the_players_requests_then_the_directors_reopening_where_allowed_file_43(profile, reopen):
    game = play_random_game(profile, 7)
    assert [a["type"] for a in game.next_actions() if a["type"] not in TABLE] == ["sign", "sign"]
    for seat in range(len(game.players)):
        game.sign(seat, f"sig {seat}", meta())
    assert game.closed
    assert kinds(game) == ([("consent_reopen", ANA, "player"), ("consent_reopen", BEA, "player")] if reopen else [])
    if reopen:  # FILE 43: each player asks from their own tablet; then the director may reopen
        game.consent_reopen(ANA, "turn 3 misadded", meta("player:0:Ana"))
        assert kinds(game) == [("consent_reopen", BEA, "player")]
        game.consent_reopen(BEA, "turn 3 misadded", meta("player:1:Bea"))
        assert kinds(game) == [("reopen", None, "director")]


def test_while_the_game_is_open_each_player_may_call_the_arbiter_and_report_the_device_file_33_5():
    """FILE 33.5: «El reloj será detenido para ambos jugadores ... cuando se llama al Director del torneo para
    cualquier consulta»: each player may call the arbiter at any moment of an open game, and while the call is
    open the officials answer it (no second call). Each tablet may report on itself at any moment (the
    conformity log); nothing of either is offered once the game is closed (FILE 43)."""
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    game.place_tiles(ANA, "H8", "CASA", meta())
    table = {("call_arbiter", ANA, "player"), ("call_arbiter", BEA, "player"), ("report_device", ANA, "player"),
             ("report_device", BEA, "player")}
    assert table <= set(kinds(game, table=True)) and ("answer_call", None, "director") not in kinds(game, table=True)
    assert ("accept", BEA, "player") in kinds(game, table=True), "the turn's own actions are still there"
    game.call_arbiter(BEA, meta("player:1:Bea"), "consulta")
    assert game.clock_stop is not None, "the call stopped the clock (FILE 33.5)"
    assert [a for a in kinds(game, table=True) if a[0] in ("call_arbiter", "answer_call", "restart_clock")] == [
        ("answer_call", None, "director")]
    assert {("report_device", ANA, "player"), ("report_device", BEA, "player")} <= set(kinds(game, table=True))
    game.answer_call(meta())
    assert table <= set(kinds(game, table=True))


def test_before_the_start_the_players_may_already_call_the_arbiter_file_33_5():
    game = Game.create("file-2024", ["Ana", "Bea"], meta())
    assert ("call_arbiter", ANA, "player") in kinds(game, table=True) and ("report_device", BEA, "player") in kinds(game, table=True)


def test_a_closed_game_lists_neither_the_call_nor_the_reports_file_43():
    game = play_random_game("file-2024", 7)
    for seat in range(len(game.players)):
        game.sign(seat, f"sig {seat}", meta())
    assert game.closed
    assert not {a[0] for a in kinds(game, table=True)} & {"call_arbiter", "report_device", "answer_call"}
