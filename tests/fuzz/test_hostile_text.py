"""Hostile input to the parsers and the aggregate: nothing crashes, every refusal is a clear error,
and a refused command leaves the game exactly as it was (nothing recorded, nothing changed).

Hypothesis generates malformed words, coordinates and GCG files: control characters, odd
Unicode, brackets left open, huge inputs. Bounded example counts keep the suite quick.
"""

from __future__ import annotations

import copy
import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import DomainError
from domain.move import Coordinate
from domain.notation import parse_rack, parse_word
from domain.tiles import CATALAN, ENGLISH, SPANISH
from service.gcg.reader import GcgSyntaxError, decode, parse_gcg
from service.gcg.verify import verify_game
from tests.factories import deal, meta, new_game

NASTY = st.sampled_from(list("[](){}.·-_ \t\r\n\x00\x1b\u200b\ufeffÑñÇçL·lCHLLRR?!0123456789"))
TEXT = st.one_of(
    st.text(max_size=40),
    st.lists(NASTY, max_size=40).map("".join),
    st.text(alphabet="ACEHILNORS[]·?caehl", max_size=30),
)
TILESETS = st.sampled_from([SPANISH, CATALAN, ENGLISH])
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(TEXT, TILESETS, st.booleans())
def test_any_word_text_is_read_or_refused_with_a_notation_error(text, tileset, strict):
    try:
        tiles = parse_word(text, tileset, strict_lookalikes=strict)
    except DomainError as err:
        assert err.code and err.message and err.field  # a clear error, naming the field
        return
    assert all(t.tile is None or t.tile.letter in tileset.letters for t in tiles)


@FUZZ
@given(TEXT, TILESETS)
def test_any_rack_text_is_read_or_refused(text, tileset):
    try:
        parse_rack(text, tileset)
    except DomainError as err:
        assert err.code and err.message


@FUZZ
@given(TEXT)
def test_any_coordinate_text_is_read_or_refused(text):
    for parse in (Coordinate.parse_federation, Coordinate.parse_gcg):
        try:
            c = parse(text)
        except DomainError as err:
            assert err.field and err.message
        else:
            assert 0 <= c.row < 15 and 0 <= c.col < 15


def test_a_huge_word_is_refused_quickly():
    """Ten thousand letters: refused as no word fits the board, not parsed for seconds."""
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    try:
        game.place_tiles(0, "H8", "A" * 10_000, meta())
    except DomainError as err:
        assert err.field == "word"
    else:
        raise AssertionError("a 10,000-letter play was accepted")


GCG_LINES = st.one_of(
    st.sampled_from([
        "#player1 ana Ana", "#player2 bea Bea", "#lexicon FILE", "#tile-distribution spanish",
        ">ana: CASAEEI 8H CASA +12 12", ">bea: OSTRANE H8 .OSTRA +20 20", ">ana: CASAEEI -EE +0 12",
        ">bea: OSTRANE - +0 20", ">ana: (EEI) +6 18", "#note hola", ">ana: ?? 8H cAsA +9 9",
        ">bea: OSTRANE 99Z OSTRA +1 1", ">bea: OSTRANE H8 OSTRA +x 1", ">: 8H", "#character-encoding UTF-8",
    ]),
    st.text(max_size=60),
)


@FUZZ
@given(st.lists(GCG_LINES, max_size=25), TILESETS)
def test_any_gcg_text_is_read_and_verified_or_refused_line_by_line(lines, tileset):
    text = "\n".join(lines)
    try:
        game = parse_gcg(text)
    except GcgSyntaxError as err:
        assert "line" in str(err).lower() or str(err)
        return
    verify_game(game, tileset)  # problems are reported, never raised


@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_decode_to_text(data):
    text, encoding = decode(b"#character-encoding " + data[:12] + b"\n" + data)
    assert isinstance(text, str) and encoding


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(TEXT, TEXT, st.one_of(st.none(), st.integers(-10**9, 10**9)), st.integers(-3, 3))
def test_a_refused_play_changes_nothing_in_the_game(coordinates, word, announced, seat):
    """Whatever a tablet sends as a play, either it is recorded or the game is exactly as before."""
    game = new_game("file-2024")
    deal(game, ("CASAEEI", "OSTRANE"))
    before = pickle.dumps(vars(copy.copy(game)))
    version, unsaved = game.version, len(game.pending_events)
    try:
        game.place_tiles(seat, coordinates, word, meta(), announced=announced)
    except DomainError as err:
        assert err.code and err.message
        assert game.version == version and len(game.pending_events) == unsaved
        assert pickle.dumps(vars(copy.copy(game))) == before
