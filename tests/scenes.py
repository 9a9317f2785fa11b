"""Games brought, only through commands, to the situations the arbiter's rules are about.

Spanish values (TILES.md): C 3, M 3, P 3, every other letter used here 1. Ana's CASA at H8 scores
(3 + 1 + 1 + 1) × 2 = 12; her seven tiles CASAEEI at H8 score (3+1+1+1+2+1+1) × 2 + 50 = 70 (E on
the double letter of column 12); .RATONES down column 14 through that I scores
(1+1+3+1+1+1+1+1) × 2 + 50 = 70 (A on the triple letter of row J, E on the double word of row N).
"""

from __future__ import annotations

from collections import Counter

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


# ---- random games with the arbiter's incidents, for the properties -------------------------------
def _pick(rng, pool, k):
    return rng.sample(sorted(pool), k)


def refill_with_errors(game: Game, seat: int, rng, step) -> None:
    """Draw back to seven, but now and then one or two too many (corrected as the profile says) or one too few
    (corrected under FILE 29), every random choice made here as a virtual bag would."""
    need, bag, players = 7 - game.rack_counts[seat], game.bag_count(), len(game.players)
    roll = rng.random()
    if roll < 0.15 and bag > need:
        extra = rng.randint(1, min(2, bag - need))
        game.overdraw_tiles(seat, meta(), tiles=_pick(rng, game.unseen().elements(), need + extra))
        step(game)
        noticed_by, seen, on_rack = rng.randrange(players), rng.random() < 0.5, rng.choice([None, False, True])
        allowed = game.overdraw_procedures(noticed_by, seen, on_rack)
        ruling = rng.choice(allowed) if len(allowed) > 1 else None  # the arbiter's, where two articles apply
        way = game.overdraw_procedure(noticed_by, seen, on_rack, ruling)
        pool = game.overdraw["drawn"] if way["pool"] == "drawn" else game.racks[seat]
        game.correct_overdraw(noticed_by, seen, meta(), on_rack=on_rack, procedure=ruling,
                              **{way["field"]: _pick(rng, pool, way["size"])})
        if game.overdraw is not None:
            step(game)
            shown = game.overdraw["sample"]["tiles"]
            chooser = next(s for s in range(players) if s != seat)
            game.choose_overdraw_return(chooser, _pick(rng, shown, game.rack_counts[seat] - 7), meta())
    elif roll < 0.25 and need >= 2 and bag >= need:
        game.draw_tiles(seat, meta(), tiles=_pick(rng, game.unseen().elements(), need - 1))
        step(game)
        game.correct_underdraw(seat, seat, rng.random() < 0.5, meta(), tiles=_pick(rng, game.unseen().elements(), 1))
    else:
        need = min(need, bag)
        if need:
            game.draw_tiles(seat, meta(), tiles=_pick(rng, game.unseen().elements(), need))


def incident_between_turns(game: Game, rng, step) -> None:
    """Now and then: a clock reading (sometimes past the limit), a sanction, a clock stop, a sheet entry, SENYORS."""
    roll, seat, book = rng.random(), rng.randrange(len(game.players)), game.book
    if roll < 0.06:
        game.record_clock(seat, meta(), remaining=rng.randint(-700 if rng.random() < 0.2 else -200, 1500))
    elif roll < 0.09 and book.conduct.min_sanction_points:
        game.sanction(seat, book.conduct.min_sanction_points, "test", DIRECTOR)
    elif roll < 0.12:
        game.stop_clock(rng.choice([k.value for k in book.clock.stops if k.value != "score_counting"]), DIRECTOR)
        step(game)
        game.restart_clock(DIRECTOR)
    elif roll < 0.16 and game.turns:
        turn = len(game.turns) - 1
        if str(turn) not in game.sheets.get(str(seat), {}):
            game.write_sheet_entry(seat, *game.sheet_line(turn), meta(), score=game.true_value(turn, "score"),
                                   total=game.true_value(turn, "total") + rng.choice([0, 0, 1]))
    elif game._senyors_rack(game.turn) and game.rack_counts[game.turn] == 7:
        shown = list(game.racks[game.turn])
        game.redraw_senyors(game.turn, shown, meta(), drawn=_pick(rng, (game.unseen() + Counter(shown)).elements(), 7))
    else:
        return
    step(game)


def play_with_incidents(profile: str, seed: int, check=None) -> Game:
    """A random virtual-bag game to its end, with overdraws, underdraws, clocks, sanctions and SENYORS."""
    from tests.factories import play_random_game

    return play_random_game(profile, seed, check=check, refill=refill_with_errors, between=incident_between_turns)
