"""The probes of ``tests/unit/test_profiles_read.py``: each runs one part of the service's behaviour under a profile
id (the time penalty, a game's settings, the printed sheet's marks, whole random games with the arbiter's incidents,
scenes aimed at the rules) and returns its outcome, so that flipping a setting shows whether anything reads it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from domain.errors import DomainError
from domain.game import Game
from domain.game.chain import record_of
from domain.game.settings import game_settings
from domain.profiles import get_profile
from tests.factories import meta, play_random_game
from tests.scenes import ANA, BEA, DIRECTOR, passes, play_with_incidents, started

SECONDS = (0, 1, 59, 60, 61, 119, 120, 121, 479, 480, 481, 599, 600, 601, 720, 3600)


def outcome(step: Callable[[], Any]) -> Any:
    """What a step gives, or how it is refused (code, field, article, message), or how it breaks."""
    try:
        return ("ok", step())
    except DomainError as err:
        return ("refused", err.code, err.field, err.article, err.message)
    except Exception as err:  # noqa: BLE001 - a flipped setting may break a scene: that is a difference too
        return ("broke", type(err).__name__, str(err))


def trail(game: Game) -> list[Any]:
    """Every event recorded so far, with its payload (collected; a signature's head hash, which hangs on the
    game's random id, left out)."""
    return [(record_of(e).type, {k: v for k, v in record_of(e).payload.items() if k != "head_hash"})
            for e in game.collect_events()]


def scene(steps: list[Callable[[Game], Any]], make: Callable[[], Game]) -> list[Any]:
    """Run the steps one after the other on a fresh game; each step's outcome, the next actions and the trail."""
    made = outcome(make)
    if made[0] != "ok":
        return [made]
    game, seen = made[1], []
    for step in steps:
        seen.append(outcome(lambda: step(game)))
        seen.append(outcome(lambda: (game.phase, game.pending, game.next_actions(), game.scores)))
    seen.append(trail(game))
    seen.append(game.settlement)
    return seen


def probe_profile(p: str) -> Any:
    book = get_profile(p)
    return [(s, book.time_penalty(s), book.overtime_ends_game(s)) for s in SECONDS]


def probe_details(p: str) -> Any:
    book = get_profile(p)
    clocks = [None, {"timing": "move_timer"}, {"minutes": 25}, {"minutes": 30}, {"mode": "no_corrido"},
              {"mode": "no_corrido", "minutes": 30}]
    return [outcome(lambda c=c: game_settings({"clock": c} if c else {}, book)) for c in clocks]


def probe_sheet(p: str) -> Any:
    from projections.sheet import sheet_rules

    rules = sheet_rules(p)
    words = ["CASA", "cASA", "[CH]OZA", "[ch]OZA", "L·LAMA", "l·LAMA"]
    return ([rules.mark(k, 3) for k in ("pass", "invalid", "exchange", "lost", "play")],
            rules.scrabble_circled, rules.blank_in_parentheses, [outcome(lambda w=w: rules.word(w)) for w in words])


def probe_create(p: str) -> Any:
    return [outcome(lambda n=n: Game.create(p, ["Ana", "Bea", "Cai", "Dan", "Eva"][:n], DIRECTOR).players)
            for n in (1, 2, 3, 4, 5)]


def probe_start(p: str) -> Any:
    def draws(*pairs):
        def make():
            return Game.create(p, ["Ana", "Bea"], DIRECTOR)
        return scene([lambda g, t=t: g.draw_for_start(list(t), meta()) for t in pairs]
                     + [lambda g, s=s: g.draw_tiles(s, meta(f"player:{s}"), tiles=list("EA"[s] * 7))
                        for s in (1, 0, 1)], make)
    return [draws(("?", "A")), draws(("A", "A"), ("B", "C")), draws(("E", "A")),
            scene([lambda g: g.give_starter(1, DIRECTOR)], lambda: Game.create(p, ["Ana", "Bea"], DIRECTOR))]


def probe_random_games(p: str) -> Any:
    seen = []
    for seed in (1, 2, 5):
        log: list[Any] = []
        game = outcome(lambda seed=seed: play_with_incidents(p, seed, check=lambda g: log.append(g.next_actions())))
        seen.append((game[0], log, trail(game[1]) if game[0] == "ok" else game, (
            game[1].settlement if game[0] == "ok" else None)))
    return seen


def _game(p: str, racks=("CASAEEI", "OSTRANE"), **kw) -> Callable[[], Game]:
    return lambda: started(p, racks, **kw)


def probe_challenges(p: str) -> Any:
    a, b = meta("player:0"), meta("player:1")
    play = lambda g: g.place_tiles(ANA, "H8", "CASA", a)  # noqa: E731
    return [
        scene([play, lambda g: g.challenge(ANA, a), lambda g: g.challenge(BEA, b), lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO")),
               lambda g: g.rule_challenge(False, None, b, seat=BEA), lambda g: g.confirm_ruling(ANA, a),
               lambda g: g.rule_challenge(False, "lexicon", DIRECTOR), lambda g: g.appeal(ANA, "it is valid", a),
               lambda g: g.appeal(BEA, "it is not", b), lambda g: g.rule_appeal(True, "tribunal", DIRECTOR)], _game(p)),
        scene([play, lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO")), lambda g: g.challenge(BEA, b),
               lambda g: g.accept(BEA, b)], _game(p)),
        scene([lambda g: g.place_tiles(ANA, "A1", "CASA", a), lambda g: g.decide_off_centre(BEA, True, b),
               lambda g: g.accept(BEA, b)], _game(p)),
        scene([lambda g: g.place_tiles(ANA, "H8", "[ch]ASA", a), lambda g: g.place_tiles(ANA, "H8", "cASA", a)],
              _game(p, ("?ASAEEI", "OSTRANE"))),
    ]


def probe_ending(p: str) -> Any:
    a, b = meta("player:0"), meta("player:1")
    rng = random.Random(3)

    def exchange(g):
        seat = g.turn
        tiles = rng.sample(g.racks[seat], 1)
        return g.exchange_tiles(seat, meta(), tiles=tiles, drawn=rng.sample(sorted(g.unseen().elements()), 1))

    def withdrawn(g):
        g.place_tiles(g.turn, "H8" if not g.turns or all(t["kind"] != "play" for t in g.turns) else "8H", "CASA", meta())
        g.challenge(g.next_seat(g.turn), meta())
        g.rule_challenge(False, "lexicon", DIRECTOR)

    return [
        scene([lambda g: passes(g, 1) for _ in range(6)], _game(p)),
        scene([lambda g: g.place_tiles(ANA, "H8", "CASA", a), lambda g: g.accept(BEA, b),
               lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO"))] + [lambda g: passes(g, 1) for _ in range(6)],
              _game(p)),
        scene([withdrawn] + [lambda g: passes(g, 1) for _ in range(5)], _game(p)),
        scene([exchange for _ in range(14)], _game(p)),
        scene([lambda g: g.place_tiles(ANA, "H8", "CASA", a), lambda g: g.accept(BEA, b),
               lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO"))] + [exchange for _ in range(14)], _game(p)),
        scene([lambda g: g.end_game("nobody_can_play", DIRECTOR)], _game(p)),
        # turns lost to the move timer (Molins 27): a run of them ends the game where they count (lost_is_pass)
        scene([lambda g: g.time_out(g.turn, meta()) for _ in range(6)], _game(p, clock={"timing": "move_timer"})),
        scene([lambda g: g.place_tiles(ANA, "H8", "CASA", a), lambda g: g.accept(BEA, b),
               lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO")), lambda g: g.call_round_time(DIRECTOR),
               lambda g: passes(g, 1), lambda g: passes(g, 1)], _game(p)),
        scene([lambda g: g.call_round_time(DIRECTOR), lambda g: g.end_game("round_time", DIRECTOR)], _game(p)),
        scene([lambda g: g.end_game("director", DIRECTOR), lambda g: g.sign(ANA, "a", a), lambda g: g.sign(BEA, "b", b),
               lambda g: g.consent_reopen(ANA, "typo", a), lambda g: g.consent_reopen(BEA, "typo", b),
               lambda g: g.reopen("typo", DIRECTOR)], _game(p)),
    ]


def probe_out(p: str) -> Any:
    """A game played out with the bag empty, and one ended by passes, settled with racks (FILE 44)."""
    seen = []
    for seed in (4, 7):
        game = outcome(lambda seed=seed: play_random_game(p, seed))
        seen.append(game[1].settlement if game[0] == "ok" else game)
    return seen


def probe_clock(p: str) -> Any:
    a = meta("player:0")
    chess = {"timing": "chess_clock", "minutes": 25}
    reasons = ["score_counting", "challenge", "score_discrepancy", "overdraw_return", "director_call", "force_majeure"]
    return [
        scene([lambda g, r=r: (g.stop_clock(r, DIRECTOR), g.restart_clock(DIRECTOR)) for r in reasons], _game(p)),
        scene([lambda g: g.record_clock(ANA, a, remaining=-61), lambda g: g.record_clock(BEA, a, used=600),
               lambda g: g.declare_overtime(BEA, 480, DIRECTOR), lambda g: g.declare_overtime(BEA, 481, DIRECTOR),
               lambda g: g.declare_overtime(ANA, 600, DIRECTOR), lambda g: g.end_game("time", DIRECTOR)],
              _game(p, clock=chess)),
        [outcome(lambda m=m: scene([lambda g: g.record_late_arrival(BEA, m, DIRECTOR)],
                                   lambda: Game.create(p, ["Ana", "Bea"], DIRECTOR, details={"clock": chess})))
         for m in (0, 2, 3, 5, 6, 16, 40, 50)],
        scene([lambda g: g.time_out(ANA, DIRECTOR), lambda g: g.time_out(BEA, DIRECTOR)],
              _game(p, clock={"timing": "move_timer"})),
    ]


def probe_drawing(p: str) -> Any:
    a, b = meta("player:0"), meta("player:1")

    def over(g):
        g.place_tiles(ANA, "H8", "CASA", a)
        g.accept(BEA, b)
        g.overdraw_tiles(ANA, a, tiles=list("LMNOP"))
        return [g.overdraw_procedure(n, s) for n in (ANA, BEA) for s in (False, True)]

    def corrected(noticed_by, seen):
        def step(g):
            way = g.overdraw_procedure(noticed_by, seen)
            pool = g.overdraw["drawn"] if way["pool"] == "drawn" else g.racks[ANA]
            g.correct_overdraw(noticed_by, seen, meta(), **{way["field"]: sorted(pool)[:way["size"]]})
            if g.overdraw is not None:
                g.choose_overdraw_return(BEA, sorted(g.overdraw["sample"]["tiles"])[:1], b)
        return step

    def under(g):
        g.place_tiles(ANA, "H8", "CASA", a)
        g.accept(BEA, b)
        g.draw_tiles(ANA, a, tiles=list("LMN"))

    return [scene([over, corrected(n, s), lambda g: passes(g, 4)], _game(p)) for n in (ANA, BEA) for s in (False, True)] + [
        scene([under, lambda g, n=n, s=s: g.correct_underdraw(ANA, n, s, meta(), tiles=["O"])], _game(p))
        for n in (ANA, BEA) for s in (False, True)]


def probe_small_bag(p: str) -> Any:
    """Exchanges and the end with few tiles left in the bag (FILE 25: «hasta tantas fichas como queden»)."""
    from tests.factories import drive_until

    seen = []
    for limit in (7, 3):
        game = drive_until(p, 9, lambda g, limit=limit: 0 < g.bag_count() < limit)
        if game is None:
            seen.append(None)
            continue
        for n in (7, 2, 1):
            seat, unseen = game.turn, sorted(game.unseen().elements())
            seen.append(outcome(lambda n=n, seat=seat: game.announce_exchange(seat, meta(), n)))
            seen.append(outcome(lambda n=n, seat=seat, u=unseen: game.exchange_tiles(
                seat, meta(), tiles=game.racks[seat][:n], drawn=u[:n])))
        seen.append(game.next_actions())
    return seen


def probe_results(p: str) -> Any:
    """Results that hang on the score: an offender still ahead at the overtime limit (FILE 34.2), a leaver
    behind by more than the forfeit (AJS 4.1.11.1)."""
    from tests.scenes import two_bingos

    chess = {"timing": "chess_clock"}
    return [
        scene([lambda g: g.declare_overtime(ANA, 481, DIRECTOR), lambda g: g.declare_overtime(ANA, 700, DIRECTOR)],
              lambda: two_bingos(p, clock=chess)),
        scene([lambda g: g.sanction(BEA, 250, "cheat", DIRECTOR), lambda g: g.abandon([BEA], DIRECTOR)],
              lambda: two_bingos(p, clock=chess)),
        scene([lambda g: g.abandon([ANA], DIRECTOR)], lambda: two_bingos(p, clock=chess)),
        scene([lambda g: g.pass_turn(BEA, meta("player:1")), lambda g: g.call_round_time(DIRECTOR),
               lambda g: g.pass_turn(ANA, meta("player:0")), lambda g: g.pass_turn(BEA, meta("player:1"))],
              lambda: two_bingos(p, clock=chess)),
    ]


def probe_sheets(p: str) -> Any:
    a, b = meta("player:0"), meta("player:1")

    def casa(g):
        g.place_tiles(ANA, "H8", "cASA", a, announced=14, announced_total=14)
        g.accept(BEA, b)
        g.draw_tiles(ANA, a, tiles=list("LMNO"))

    # lines aimed at as the printed sheet numbers them (issue 13 item 10): Ana's turn 1
    return [scene([casa, lambda g: g.write_sheet_entry(ANA, ANA, 1, a, score=14, total=14),
                   lambda g: g.write_sheet_entry(BEA, ANA, 1, b, score=14, total=15),
                   lambda g: passes(g, 3),
                   lambda g: g.correct_score(ANA, 1, "score", 14, 6, BEA, ANA, b),
                   lambda g: g.correct_score(ANA, 1, "total", 15, 6, ANA, BEA, a),
                   lambda g: g.rule_blank(ANA, 1, 0, ["C", "Q"], DIRECTOR),
                   lambda g: g.rule_blank(ANA, 1, 0, [None, None], DIRECTOR, placer_says="C"),
                   lambda g: g.rule_blank(ANA, 1, 0, [None, "Q"], DIRECTOR, letter="C"),
                   lambda g: g.correct_score(ANA, 1, "total", 14, 6, ANA, BEA, a)],
                  _game(p, ("?ASAEEI", "OSTRANE")))]


def probe_aids(p: str) -> Any:
    """Whether a game's tablets may show the unseen tiles (FILE 5.4-5.5, FISC I.5: an aid only the organisers
    may allow), with and without the game's own word on it."""
    from domain.game.aids import unseen_tiles_allowed

    return [outcome(lambda: unseen_tiles_allowed(started(p))),
            outcome(lambda: unseen_tiles_allowed(Game.create(p, ["Ana", "Bea"], DIRECTOR,
                                                             details={"unseen_tiles": True})))]


def probe_conduct(p: str) -> Any:
    a = meta("player:0")
    fresh = lambda: Game.create(p, ["Ana", "Bea"], DIRECTOR, details={"clock": {"minutes": 30}})  # noqa: E731
    return [
        scene([lambda g: g.sanction(ANA, 10, "talk", DIRECTOR), lambda g: g.sanction(ANA, 25, "talk", DIRECTOR),
               lambda g: g.sanction(BEA, 0, "cheat", DIRECTOR, expulsion=True), lambda g: g.appeal_sanction(ANA, 1, "no", a),
               lambda g: g.rule_sanction_appeal(1, "reduced", "tribunal", DIRECTOR, points=5)], _game(p)),
        scene([lambda g: g.place_tiles(ANA, "H8", "CASA", a), lambda g: g.accept(BEA, meta("player:1")),
               lambda g: g.draw_tiles(ANA, a, tiles=list("LMNO")), lambda g: g.abandon([ANA], DIRECTOR)], _game(p)),
        scene([lambda g: g.abandon([ANA, BEA], DIRECTOR)], _game(p)),
        scene([lambda g: g.record_no_show([BEA], 10, DIRECTOR)], fresh),
        scene([lambda g: g.record_no_show([BEA], 50, DIRECTOR)], fresh),
        scene([lambda g: g.record_no_show([ANA, BEA], 50, DIRECTOR)], fresh),
    ]


PROBES: tuple[Callable[[str], Any], ...] = (
    probe_profile, probe_details, probe_sheet, probe_create, probe_start, probe_challenges, probe_ending, probe_clock,
    probe_drawing, probe_sheets, probe_conduct, probe_small_bag, probe_results, probe_out, probe_random_games,
    probe_aids,
)
