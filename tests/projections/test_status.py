"""Game status and the closure lock: what a game waits for, on whom, who signed, closed and reopened."""

from __future__ import annotations

import random

import pytest

from projections import queries
from tests.projections.gcg_import import DIRECTOR, Importer, seat_actor


def state(stack, game_id) -> dict:
    stack.projector.catch_up()
    return queries.status(stack.store, game_id)


def offered(st: dict) -> set[tuple]:
    # Without the actions open at any moment of an open game (call_arbiter, report_device: FILE 33.5).
    return {(a["type"], a["seat"], a["role"]) for a in st["next_actions"]
            if a["type"] not in ("call_arbiter", "report_device")}


class Table:
    """A game driven by hand through the application, remembering its version."""

    def __init__(self, app, profile="file-2024", bag_mode="virtual", players=("Ana", "Bea")):
        self.app = app
        self.game_id = app.create_game(profile, list(players), DIRECTOR, bag_mode=bag_mode,
                                       details={"event": "Liga", "round": 2, "table": 5})
        self.version = 1

    def send(self, method, *args, by=DIRECTOR, **kwargs):
        self.version = getattr(self.app, method)(self.game_id, *args, by, expected_version=self.version, **kwargs)

    @property
    def game(self):
        return self.app.get_game(self.game_id)


def test_a_game_waits_for_its_starter_then_the_deal_then_a_play(stack):
    """FILE 4.1 (starter from the pairing list), FISC I.5 (the starter draws first), FILE 32 (the turn)."""
    table = Table(stack.app, bag_mode="physical")
    st = state(stack, table.game_id)
    assert (st["status"], st["waiting_for"], st["locked"]) == ("in_progress", "starter", False)
    assert offered(st) == {("draw_for_start", None, "player"), ("give_starter", None, "director"),
                           ("end_game", None, "director")}  # FILE 44.5: the director may end it before it began

    table.send("give_starter", 1)
    st = state(stack, table.game_id)
    assert (st["waiting_for"], st["waiting_on"]) == ("deal", ["Bea"])
    table.send("draw_tiles", 1, by=seat_actor(1), count=7)
    assert state(stack, table.game_id)["waiting_on"] == ["Ana"]
    table.send("draw_tiles", 0, by=seat_actor(0), count=7)
    st = state(stack, table.game_id)
    assert (st["waiting_for"], st["waiting_on"], st["seat_on_turn"], st["bag"]) == ("play", ["Bea"], 1, 86)
    assert offered(st) >= {("place_tiles", 1, "player"), ("exchange_tiles", 1, "player"),
                           ("pass_turn", 1, "player"), ("end_game", None, "director")}


def test_a_play_waits_for_acceptance_a_challenge_for_a_ruling_and_then_the_draw(memory_stack):
    """FILE 37: the opponent accepts by writing the score; FILE 38–39: a challenge waits for one verdict;
    FILE 32: then the player draws back to seven, while the opponent may already play."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=0)
    importer.send("place_tiles", 0, "H7", "[CH]OZA", by=seat_actor(0))
    st = state(memory_stack, importer.game_id)
    assert (st["waiting_for"], st["waiting_on"]) == ("acceptance", ["Roberto Núñez"])
    assert offered(st) >= {("accept", 1, "player"), ("challenge", 1, "player")}
    assert ("accept", 0, "player") not in offered(st)

    importer.send("challenge", 1, by=seat_actor(1))
    st = state(memory_stack, importer.game_id)
    # FILE 41.1: at a FILE table the players rule it themselves, either recording the app's answer
    assert (st["waiting_for"], st["waiting_on"]) == ("ruling", ["Ana García", "Roberto Núñez"])
    assert {("rule_challenge", 0, "player"), ("rule_challenge", 1, "player")} <= offered(st)

    importer.send("rule_challenge", True, "Lexicón FILE")
    st = state(memory_stack, importer.game_id)
    assert (st["waiting_for"], st["waiting_on"]) == ("play", ["Roberto Núñez"])
    assert {("draw_tiles", 0, "player"), ("place_tiles", 1, "player")} <= offered(st)

    # Berto passes before Ana has drawn: now Ana, on turn with four tiles, must draw first.
    importer.send("pass_turn", 1, by=seat_actor(1))
    st = state(memory_stack, importer.game_id)
    assert (st["waiting_for"], st["waiting_on"]) == ("draw", ["Ana García"])
    assert ("place_tiles", 0, "player") not in offered(st) and ("draw_tiles", 0, "player") in offered(st)


def test_fisc_lets_the_player_accept_by_drawing(memory_stack):
    """FISC I.10: once the player starts drawing, the play counts as accepted."""
    importer = Importer(memory_stack.app, "ca_disc_jordi_marta.gcg", "fisc-2023")
    importer.run(until=0)
    importer.send("place_tiles", 0, "H7", "CAÇA", by=seat_actor(0))
    assert ("draw_tiles", 0, "player") in offered(state(memory_stack, importer.game_id))


def test_a_first_play_off_the_centre_waits_for_the_opponent_to_choose(memory_stack):
    """FILE 20: the opponent declares it invalid or accepts it without the double."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=0)
    importer.send("place_tiles", 0, "H1", "[CH]OZA", by=seat_actor(0))
    st = state(memory_stack, importer.game_id)
    assert (st["waiting_for"], offered(st) - {("end_game", None, "director")}) == (
        "centre_choice", {("decide_off_centre", 1, "player")})


def test_a_physical_bag_waits_for_the_racks_then_for_signatures_then_closes(stack):
    """FILE 44.2: both pass twice, racks declared and deducted; FILE 43: both sign and the game is closed."""
    table = Table(stack.app, bag_mode="physical")
    table.send("give_starter", 0)
    table.send("draw_tiles", 0, by=seat_actor(0), count=7)
    table.send("draw_tiles", 1, by=seat_actor(1), count=7)
    table.send("place_tiles", 0, "H7", "[CH]OZA", by=seat_actor(0))
    table.send("accept", 1, by=seat_actor(1))
    table.send("draw_tiles", 0, by=seat_actor(0), count=4)
    for seat in (1, 0, 1, 0):
        table.send("pass_turn", seat, by=seat_actor(seat))
    st = state(stack, table.game_id)
    assert (st["status"], st["waiting_for"], st["waiting_seats"]) == ("ended", "end_racks", [0, 1])
    assert offered(st) == {("declare_end_rack", 0, "player"), ("declare_end_rack", 1, "player")}
    assert queries.settlement(stack.store, table.game_id) is None

    table.send("declare_end_rack", 0, list("AEIOUSL"), by=seat_actor(0))
    table.send("declare_end_rack", 1, list("AEIOUSR"), by=seat_actor(1))
    st = state(stack, table.game_id)
    assert (st["waiting_for"], st["waiting_on"], st["signed_by"]) == ("signatures", ["Ana", "Bea"], [])
    assert queries.settlement(stack.store, table.game_id)["racks_counted"]

    table.send("sign", 1, "Bea B.", by=seat_actor(1))
    st = state(stack, table.game_id)
    assert (st["waiting_on"], st["signed_by"], st["locked"]) == (["Ana"], ["Bea"], False)
    assert st["signatures"][0]["head_hash"] and st["signatures"][0]["device"] == "tablet-1"

    table.send("sign", 0, "Ana A.", by=seat_actor(0))
    st = state(stack, table.game_id)
    assert (st["status"], st["closed"], st["locked"], st["waiting_for"]) == ("closed", True, True, None)
    assert st["signed_by"] == ["Bea", "Ana"] and st["closed_at"] is not None
    assert offered(st) == {("consent_reopen", 0, "player"), ("consent_reopen", 1, "player")}


def test_a_reopened_game_shows_it_and_asks_for_new_signatures(memory_stack):
    """FILE 43: the director reopens with both players' consent; the signatures are void."""
    table = Table(memory_stack.app)
    table.send("draw_for_start")
    while table.game.phase == "starting":
        table.send("draw_for_start")
    for k in range(2):
        seat = (table.game.starter + k) % 2
        table.send("draw_tiles", seat, by=seat_actor(seat))
    table.send("end_game", "round_time")
    table.send("sign", 0, "A", by=seat_actor(0))
    table.send("sign", 1, "B", by=seat_actor(1))
    table.send("consent_reopen", 0, "turn 3 written wrongly", by=seat_actor(0))
    table.send("consent_reopen", 1, "turn 3 written wrongly", by=seat_actor(1))
    table.send("reopen", "turn 3 written wrongly")
    st = state(memory_stack, table.game_id)
    assert (st["status"], st["reopened"], st["locked"], st["signed_by"]) == ("ended", True, False, [])
    (again,) = st["reopenings"]
    assert again["reason"] == "turn 3 written wrongly" and again["voided_signatures"] == [0, 1]
    assert st["waiting_for"] == "signatures"


@pytest.mark.parametrize("profile", ["fisc-2023", "ajs-2012"])
def test_where_a_sheet_is_final_a_closed_game_offers_nothing(memory_stack, profile):
    """FISC I.8, AJS 2 on FISE VII.44: a sheet handed in is final; no reopening is offered."""
    table = Table(memory_stack.app, profile=profile)
    table.send("give_starter", 0)
    table.send("end_game", "director")
    table.send("sign", 0, "A", by=seat_actor(0))
    table.send("sign", 1, "B", by=seat_actor(1))
    st = state(memory_stack, table.game_id)
    assert st["status"] == "closed" and st["next_actions"] == []


# ---- offered actions are exactly the ones the Game accepts -------------------------------------
#: Why a command not offered is refused: out of phase or turn, closed, no tiles for it, an empty bag,
#: or not in the profile at all.
REFUSALS = {"wrong_phase", "not_your_turn", "game_closed", "rack", "draw_count", "exchange_bag", "not_in_profile"}
PLAYER_COMMANDS = ("draw_tiles", "place_tiles", "announce_exchange", "exchange_tiles", "pass_turn", "accept",
                   "challenge", "decide_off_centre", "appeal", "declare_end_rack", "sign")


def attempt(pickled, kind, seat, rng):
    """Run one command on a copy of the game (``pickled``: its ``pickle.dumps``, made once for all the attempts at
    one state) with sound arguments; the DomainError it raises, or None."""
    import pickle

    from domain.errors import DomainError
    from tests.factories import meta, random_written_play

    copy = pickle.loads(pickled)
    m = meta(f"player:{seat}")
    unseen = sorted(copy.unseen().elements())
    calls = {
        "draw_tiles": lambda: copy.draw_tiles(seat, m, tiles=unseen[:max(1, min(7 - copy.rack_counts[seat],
                                                                                len(unseen)))]),
        "place_tiles": lambda: copy.place_tiles(seat, *(random_written_play(copy, rng) or ("A1", "?")), m),
        "announce_exchange": lambda: copy.announce_exchange(seat, m, 1),
        "exchange_tiles": lambda: copy.exchange_tiles(seat, m, tiles=copy.racks[seat][:1], drawn=unseen[:1]),
        "pass_turn": lambda: copy.pass_turn(seat, m),
        "accept": lambda: copy.accept(seat, m),
        "challenge": lambda: copy.challenge(seat, m),
        "decide_off_centre": lambda: copy.decide_off_centre(seat, True, m),
        "appeal": lambda: copy.appeal(seat, "argument", m),
        "declare_end_rack": lambda: copy.declare_end_rack(seat, list(copy.racks[seat]), m),
        "sign": lambda: copy.sign(seat, "signature", m),
    }
    try:
        calls[kind]()
    except DomainError as error:
        return error
    return None


@pytest.mark.parametrize("profile", ["file-2024", "fisc-2023", "fise-2009", "molins-club"])
def test_every_offered_command_is_accepted_and_every_other_refused(profile):
    """The status read model's next actions, across random games, after every command: each player command
    offered succeeds, and each one not offered for that seat is refused by the Game (out of phase or turn)."""
    import pickle

    from domain.game.errors import RackError
    from domain.notation import NotationError
    from projections.actions import next_actions
    from tests.factories import play_random_game

    rng = random.Random(5)
    checked = {"offered": 0, "refused": 0}

    def check(game):
        seats = range(len(game.players))
        actions = {(a["type"], a["seat"]) for a in next_actions(game)}
        pickled = pickle.dumps(game)  # every attempt starts from its own copy of this state
        for kind in PLAYER_COMMANDS:
            for seat in seats:
                error = attempt(pickled, kind, seat, rng)
                if (kind, seat) in actions:
                    if kind == "place_tiles" and isinstance(error, NotationError | RackError):
                        continue  # no legal play found for this rack: not the offer's fault
                    assert error is None, f"{kind} by {seat} offered but refused: {error}"
                    checked["offered"] += 1
                elif error is None:
                    pytest.fail(f"{kind} by seat {seat} was accepted but not offered ({game.phase}, {game.pending})")
                else:
                    assert error.code in REFUSALS, error
                    checked["refused"] += 1

    for seed in range(1):
        game = play_random_game(profile, seed, max_turns=60, check=check)
        check(game)
    assert checked["offered"] > 60 and checked["refused"] > 300


def test_an_announced_exchange_waits_for_that_exchange(memory_stack):
    """FILE 25: once "cambio" is said the turn can only be that exchange; only its count may change."""
    importer = Importer(memory_stack.app, "es_file_ana_berto.gcg", "file-2024")
    importer.run(until=0)
    importer.send("announce_exchange", 0, by=seat_actor(0), count=2)
    st = state(memory_stack, importer.game_id)
    assert (st["waiting_for"], st["waiting_on"]) == ("exchange", ["Ana García"])
    assert offered(st) - {("end_game", None, "director")} == {("exchange_tiles", 0, "player")}


def test_the_last_ruling_names_its_line_as_the_printed_sheet_numbers_it_file_38():
    """FILE 38: the challenged play found valid stays on its player's line; the status names that line as the
    sheet does (Bea's turn 1 after Ana's CASA), not by the game's index from 0."""
    from projections.views import _ruling
    from tests.factories import meta
    from tests.scenes import ANA, BEA, started

    game = started("file-2024")
    game.place_tiles(ANA, "H8", "CASA", meta("player:0"))
    game.accept(BEA, meta("player:1"))
    game.draw_tiles(ANA, meta("player:0"), tiles=list("LMNO"))
    game.pass_turn(BEA, meta("player:1"))
    game.place_tiles(ANA, "I7", "LO", meta("player:0"))
    game.challenge(BEA, meta("player:1"))
    game.rule_challenge(True, "Lexicón FILE", meta("arbiter:eva"))
    ruling = _ruling(game)
    assert (ruling["player"], ruling["turn"], ruling["game_turn"]) == (ANA, 2, 3) and ruling["valid"]
