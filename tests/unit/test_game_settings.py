"""A game's settings at creation: event, round, table, clock and lexicon, checked against the profile."""

import pytest

from domain.game import Game
from domain.game.errors import RuleViolation
from tests.factories import meta


def create(profile="file-2024", **details):
    return Game.create(profile, ["Ana", "Bea"], meta(), details=details)


def refused(profile="file-2024", **details) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        create(profile, **details)
    return info.value


def test_where_the_game_is_played_is_kept_as_given():
    game = create(event="Open de Madrid", round=3, table="A-12", notes="mesa junto a la ventana")
    assert (game.details["event"], game.details["round"], game.details["table"]) == ("Open de Madrid", 3, "A-12")
    assert game.details["notes"] == "mesa junto a la ventana"


def test_file_33_leaves_the_clock_minutes_to_each_event():
    """FILE 33: the event sets the time; with none given the game records it as not set."""
    assert create().details["clock"] == {"timing": "chess_clock", "minutes": None, "mode": "corrido"}
    assert create(clock={"minutes": 40}).details["clock"]["minutes"] == 40


def test_fisc_i_11_gives_each_player_25_minutes_and_no_other():
    """FISC I.11: 25 minutes a player; a game set up with 30 is refused, naming the article."""
    assert create("fisc-2023").details["clock"]["minutes"] == 25
    err = refused("fisc-2023", clock={"minutes": 30})
    assert (err.field, err.article, err.code) == ("details.clock.minutes", "FISC I.11", "clock")


def test_fise_32_plays_corrido_30_or_no_corrido_25():
    """FISE 32: 30 minutes "tiempo corrido", or 25 "no corrido"; the mode picks the default."""
    assert create("fise-2009").details["clock"] == {"timing": "chess_clock", "minutes": 30, "mode": "corrido"}
    assert create("fise-2009", clock={"mode": "no_corrido"}).details["clock"]["minutes"] == 25
    assert create("fise-2009", clock={"timing": "move_timer"}).details["clock"]["timing"] == "move_timer"


def test_no_corrido_only_where_the_rulebook_has_it_file_32():
    """FILE 32 has no "no corrido" clock: asking for one is refused with the article."""
    err = refused(clock={"mode": "no_corrido"})
    assert (err.field, err.article) == ("details.clock.mode", "FILE 32")


def test_a_move_timer_only_where_the_rulebook_has_one():
    err = refused("fisc-2023", clock={"timing": "move_timer"})
    assert err.field == "details.clock.timing" and err.article == "FISC I.11"


def test_the_lexicon_defaults_to_the_profiles_authority_file_41_1():
    """FILE 41.1 rules challenges on the federation's lexicon; an event may name another edition."""
    assert create().details["lexicon"] == "Lexicón de Scrabble (FILE app)"
    assert create("fisc-2023").details["lexicon"] == "FISC official dictionary (Leximots app)"
    assert create(lexicon="Lexicón 2025").details["lexicon"] == "Lexicón 2025"


@pytest.mark.parametrize("details, field", [
    ({"rounds": 1}, "details.rounds"),
    ({"round": 0}, "details.round"),
    ({"round": True}, "details.round"),
    ({"table": -1}, "details.table"),
    ({"event": 12}, "details.event"),
    ({"event": "x" * 201}, "details.event"),
    ({"clock": 25}, "details.clock"),
    ({"clock": {"minutes": 0}}, "details.clock.minutes"),
    ({"clock": {"minute": 25}}, "details.clock.minute"),
])
def test_bad_settings_are_refused_naming_the_field(details, field):
    assert refused(**details).field == field


def test_the_settings_are_part_of_the_hashed_creation_event():
    """Two games differing only in their clock have different first hashes: the chain covers them."""
    from uuid import uuid4

    game_id = uuid4()
    a = Game.create("fise-2009", ["Ana", "Bea"], meta(), game_id=game_id)
    b = Game.create("fise-2009", ["Ana", "Bea"], meta(), game_id=game_id, details={"clock": {"mode": "no_corrido"}})
    assert a.last_hash != b.last_hash
