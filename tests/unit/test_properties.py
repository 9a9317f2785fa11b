"""Property tests (Hypothesis) over the engine: symmetry, conservation of tiles, notation round trips."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.board import Placement
from domain.move import Coordinate
from domain.notation import format_rack, format_word, parse_rack, parse_word
from domain.scoring import score_play
from domain.tiles import BLANK, CATALAN, ENGLISH, SPANISH, Tile, full_bag
from tests.factories import RandomGame

TILESETS = st.sampled_from([SPANISH, CATALAN, ENGLISH])


@st.composite
def words(draw, allow_board=True):
    tileset = draw(TILESETS)
    letters = st.sampled_from(tileset.letters)
    square = st.builds(Tile, letters, st.booleans())
    if allow_board:
        square = st.one_of(square, st.none())
    tiles = draw(st.lists(square, min_size=1, max_size=15).filter(lambda ts: any(t is not None for t in ts)))
    return tileset, tiles


@given(words())
def test_word_print_parse_is_identity(case):
    """TILES.md notations: parse(print(word)) gives the word back, '.' squares included."""
    tileset, tiles = case
    parsed = parse_word(format_word(tiles, tileset), tileset)
    assert [w.tile for w in parsed] == tiles


@given(words(allow_board=False))
def test_parse_print_parse_is_identity(case):
    """Printing what was parsed and parsing again changes nothing."""
    tileset, tiles = case
    once = parse_word(format_word(tiles, tileset), tileset)
    again = parse_word(format_word([w.tile for w in once], tileset), tileset)
    assert once == again


@given(TILESETS, st.data())
def test_rack_print_parse_is_identity(tileset, data):
    """Racks: '?' for blanks, digraphs bracketed where the set brackets them."""
    rack = data.draw(st.lists(st.sampled_from((BLANK, *tileset.letters)), max_size=7))
    assert list(parse_rack(format_rack(rack, tileset), tileset)) == rack


@given(st.integers(0, 14), st.integers(0, 14), st.booleans())
def test_coordinate_print_parse_is_identity(row, col, horizontal):
    """FISC II.2 and GCG: writing and reading a coordinate gives it back, in both conventions."""
    coord = Coordinate(row, col, horizontal)
    assert Coordinate.parse_federation(coord.federation()) == coord
    assert Coordinate.parse_gcg(coord.gcg()) == coord
    assert Coordinate.parse_federation(coord.federation().lower()) == coord


@given(TILESETS, st.randoms(use_true_random=False))
def test_any_deal_keeps_100_tiles_and_the_stated_points(tileset, rng):
    """TILES.md: a set is 100 tiles and its stated points, however the bag is dealt out."""
    bag = full_bag(tileset)
    rng.shuffle(bag)
    cut = rng.randint(0, 100)
    dealt, rest = bag[:cut], bag[cut:]
    assert len(dealt) + len(rest) == 100
    assert tileset.rack_value(dealt) + tileset.rack_value(rest) == tileset.total_points


SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(TILESETS, SEEDS)
def test_random_legal_game_keeps_every_tile_accounted_for(tileset, seed):
    """Through a whole random game every tile is in exactly one of bag, racks, board (FILE 3: 100 tiles)."""
    game = RandomGame(tileset, random.Random(seed))
    start = Counter(full_bag(tileset))
    for turn in range(60):
        game.play_turn(turn % 2)
        assert game.tiles_everywhere() == start
        if not game.bag and not all(game.racks):
            break
    assert sum(start.values()) == 100


@settings(max_examples=40, deadline=None)
@given(TILESETS, SEEDS)
def test_transposing_board_and_play_leaves_the_score_unchanged(tileset, seed):
    """The premium layout is symmetric about the diagonal, so a mirrored play scores the same (FILE 12–19)."""
    game = RandomGame(tileset, random.Random(seed))
    for turn in range(30):
        game.play_turn(turn % 2)
    assert game.plays, "the generator should find at least one legal play"
    for before, placements, horizontal, result in game.plays:
        mirrored = [Placement(c, r, t) for r, c, t in placements]
        again = score_play(before.transposed(), mirrored, not horizontal, tileset)
        assert again.score == result.score
        assert sorted(w.score for w in again.words) == sorted(w.score for w in result.words)
