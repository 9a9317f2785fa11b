"""The club's variants (Molins): more than two players, their turn order, the end after three lost turns each,
the out-settlement over every rack. SENYORS and the seven-tile bag for exchanges are in test_game_drawing.

Catalan values: Ana's CASA (2+1+1+1) × 2 = 10; EEILMNO 1+1+1+1+2+1+1 = 8, OSTRANE 7, PUNTERA 3+1+1+1+1+1+1 = 9.
"""

from tests.factories import meta, play_random_game
from tests.scenes import ANA, BEA, CAI, casa, started

THREE = ("Ana", "Bea", "Cai")
RACKS = ("CASAEEI", "OSTRANE", "PUNTERA")


def test_three_players_take_turns_in_seat_order_from_the_starter_molins_19_20():
    """Molins 19–20 speak of «els altres jugadors» and «tots els jugadors»: seats play in order, Ana, Bea, Cai."""
    game = casa(started("molins-club", RACKS, players=THREE))
    assert game.turn == BEA
    game.pass_turn(BEA, meta("player:1"))
    assert game.turn == CAI
    game.pass_turn(CAI, meta("player:2"))
    assert game.turn == ANA and [t["seat"] for t in game.turns] == [ANA, BEA, CAI]


def test_every_player_losing_three_turns_in_a_row_ends_it_each_subtracting_own_rack_molins_20():
    """Molins 20: «quan tots els jugadors perden consecutivament tres torns seguits, ja sigui per acció voluntària de
    passar o per incorrecció de la jugada ... Els jugadors s'hauran de restar respectivament el valor de les seves
    fitxes». A move timer running out (Molins 27) is a lost turn too. Eight lost turns do not end it, the ninth
    does: Ana 10 − 8 = 2, Bea −7, Cai −9; Ana wins by 9."""
    game = casa(started("molins-club", RACKS, players=THREE, clock={"timing": "move_timer"}))
    for i in range(8):
        seat = game.turn
        (game.time_out(seat, meta()) if i % 3 == 1 else game.pass_turn(seat, meta()))
    assert game.phase == "playing"
    game.pass_turn(game.turn, meta())
    s = game.settlement
    assert (game.ending["cause"], s["winner"], s["spread"]) == ("passes", ANA, 9)
    assert [p["rack_adjustment"] for p in s["players"]] == [-8, -7, -9]
    assert [p["final_score"] for p in s["players"]] == [2, -7, -9]
    assert [p["result"] for p in s["players"]] == ["win", "loss", "loss"]


def test_the_finisher_adds_every_other_players_rack_molins_19():
    """Molins 19: «Els altres jugadors s'han de restar els punts de les fitxes ... i els jugador que tanca s'ha de
    sumar tots els punts que s'han restat els oponents». A seeded three-player game: Cai goes out; Ana holds A
    (1), Bea S and a blank (1 + 0): 327 − 1 = 326, 462 − 1 = 461, 494 + 2 = 496."""
    game = play_random_game("molins-club", 17)
    assert (len(game.players), game.ending["cause"], game.ending["finisher"]) == (3, "out", CAI)
    assert game.racks == [["A"], ["S", "?"], []] and game.scores == [327, 462, 494]
    s = game.settlement
    assert [p["rack_adjustment"] for p in s["players"]] == [-1, -1, 2]
    assert [p["final_score"] for p in s["players"]] == [326, 461, 496] and (s["winner"], s["spread"]) == (CAI, 35)
