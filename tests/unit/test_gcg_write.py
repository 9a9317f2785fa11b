"""Writing GCG back and reading it again keeps the game; which tile set a file is written in."""

from pathlib import Path

import pytest

from service.gcg.writer import format_event, write_gcg
from service.gcg.tilesets import tileset_for_lexicon, tileset_name
from service.gcg.reader import parse_event, parse_gcg, read_gcg

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
CORPUS = ROOT.parent / "shared" / "corpus" / "gcg"
FIXTURES = sorted(DATA.glob("*.gcg"))
CORPUS_FILES = sorted(CORPUS.glob("*.gcg")) if CORPUS.is_dir() else []


def round_trip(path):
    game = read_gcg(path)
    again = parse_gcg(write_gcg(game))
    return game, again


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_round_trip_of_our_fixtures(path):
    """Read → write → read: same events, players, notes and pragmas."""
    game, again = round_trip(path)
    assert again == game
    assert again.players == game.players
    assert [e.notes for e in again.events] == [e.notes for e in game.events]
    assert not again.issues


@pytest.mark.skipif(not CORPUS_FILES, reason=f"no corpus of real GCG games at {CORPUS}")
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_round_trip_of_every_corpus_file(path):
    """The same for every game recorded by other programs, whatever its encoding and line ends."""
    game, again = round_trip(path)
    assert again == game
    assert len(again.events) == len(game.events) > 0
    assert write_gcg(again) == write_gcg(game)


def test_written_text_is_utf8_declared_on_the_first_line():
    """The writer always says what it wrote: #character-encoding UTF-8, then the game."""
    text = write_gcg(parse_gcg("#player1 césar césar\n>césar: AB 8H AB +8 8\n"))
    assert text.splitlines()[0] == "#character-encoding UTF-8"
    assert text.encode("utf-8")


@pytest.mark.parametrize(
    "line",
    [
        ">ana: [CH]AEIORZ 8G [CH]OZA +34 34",
        ">berto: AILORTT -- -10 13",
        ">berto: AILORUV - +0 13",
        ">berto: AILORTT -TT +0 13",
        ">jvc: DIMSTTW (challenge) +5 37",
        ">ana: (AILORUV) +10 173",
        ">x: ? (?) -0 12",
        ">whatnoloan: NU (time) -10 422",
    ],
)
def test_each_event_is_written_as_it_reads(line):
    """Every kind writes back to an equal line; a deduction of 0 keeps its minus sign."""
    assert format_event(parse_event(line)) == line


@pytest.mark.parametrize(
    "lexicon, tiles",
    [("FILE2017", "spanish"), ("fise2", "spanish"), ("DISC2", "catalan"), ("NWL23", "english"), (None, "english")],
)
def test_tile_set_from_the_lexicon(lexicon, tiles):
    """FILE*/FISE* → spanish, DISC* → catalan, anything else → english."""
    assert tileset_for_lexicon(lexicon) == tiles


def test_tile_distribution_wins_over_the_lexicon_and_tile_pragmas_hint():
    """#tile-distribution names the set outright; with neither pragma, a declared digraph tile tells."""
    assert tileset_name(parse_gcg("#lexicon NWL23\n#tile-distribution catalan\n")) == "catalan"
    assert tileset_name(parse_gcg("#tile [RR] [rr]\n")) == "spanish"
    assert tileset_name(parse_gcg("#tile NY ny\n")) == "catalan"
    assert tileset_name(parse_gcg("#player1 a a\n")) == "english"


@pytest.mark.parametrize(
    "name, tiles",
    [("es_file_ana_berto.gcg", "spanish"), ("es_fise_carmen_diego.gcg", "spanish"), ("ca_disc_jordi_marta.gcg", "catalan")],
)
def test_our_fixtures_name_their_tile_sets(name, tiles):
    """The fixtures declare FILE2017, FISE2 and DISC2."""
    assert tileset_name(read_gcg(DATA / name)) == tiles
