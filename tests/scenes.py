"""Games brought, only through commands, to the situations the arbiter's rules are about.

Spanish values (TILES.md): C 3, M 3, P 3, every other letter used here 1. Ana's CASA at H8 scores
(3 + 1 + 1 + 1) × 2 = 12; her seven tiles CASAEEI at H8 score (3+1+1+1+2+1+1) × 2 + 50 = 70 (E on
the double letter of column 12); .RATONES down column 14 through that I scores
(1+1+3+1+1+1+1+1) × 2 + 50 = 70 (A on the triple letter of row J, E on the double word of row N).
"""

from __future__ import annotations

from domain.game import Game
from tests.factories import deal, meta

ANA, BEA, CAI = 0, 1, 2
RACKS = ("CASAEEI", "OSTRANE")
DIRECTOR = meta("director:eva")


def started(profile: str = "file-2024", racks=RACKS, *, bag_mode: str = "virtual", players=("Ana", "Bea"),
            clock: dict | None = None) -> Game:
    """A game whose starter (Ana) the pairing list named, dealt ``racks`` (counts only in a physical bag)."""
    details = {"event": "Open", "round": 1, "table": 1}
    if clock is not None:
        details["clock"] = clock
    game = Game.create(profile, list(players), DIRECTOR, bag_mode=bag_mode, details=details)
    game.give_starter(ANA, DIRECTOR)
    if bag_mode == "physical":
        for seat in range(len(players)):
            game.draw_tiles(seat, meta(f"player:{seat}"), count=7)
    else:
        deal(game, racks)
    return game


def casa(game: Game, refill: str | None = "LMNO") -> Game:
    """Ana plays CASA at H8 (12), Bea writes it down, Ana draws ``refill`` back to seven."""
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"))
    game.accept(BEA, meta("player:1"))
    if refill:
        game.draw_tiles(ANA, meta("player:0"), tiles=list(refill))
    return game


def two_bingos(profile: str = "file-2024", clock: dict | None = None) -> Game:
    """Ana 140 (two scrabbles of 70), Bea 0 after one pass; Ana's rack refilled with AEIOULM; Bea on turn."""
    game = started(profile, clock=clock)
    game.place_tiles(ANA, "H8", "CASAEEI", meta("player:0"))
    game.accept(BEA, meta("player:1"))
    game.draw_tiles(ANA, meta("player:0"), tiles=list("RATONES"))
    game.pass_turn(BEA, meta("player:1"))
    game.place_tiles(ANA, "14H", ".RATONES", meta("player:0"))
    game.accept(BEA, meta("player:1"))
    game.draw_tiles(ANA, meta("player:0"), tiles=list("AEIOULM"))
    return game


def passes(game: Game, n: int) -> None:
    """The players on turn pass ``n`` times."""
    for _ in range(n):
        game.pass_turn(game.turn, meta(f"player:{game.turn}"))


def events(game: Game) -> list[str]:
    """The names of the events recorded and not yet collected (collects them)."""
    return [type(e).__name__ for e in game.collect_events()]


def last(game: Game, name: str):
    """The last pending event of that type."""
    found = [e for e in game.pending_events if type(e).__name__ == name]
    assert found, f"no {name} among {[type(e).__name__ for e in game.pending_events]}"
    return found[-1]
