"""Coordinates in both conventions (FISC II.2, AJS 3.2.2 and GCG), tested on every square."""

import pytest

from domain.errors import NotationError
from domain.move import Coordinate

ALL = [Coordinate(r, c, h) for r in range(15) for c in range(15) for h in (True, False)]


def test_federation_horizontal_is_row_letter_then_column_fisc_ii2():
    """FISC II.2, AJS 3.2.2: H8 horizontal = row H, column 8; 8H vertical = column 8, row H."""
    assert Coordinate.parse_federation("H8") == Coordinate(7, 7, True)
    assert Coordinate.parse_federation("8H") == Coordinate(7, 7, False)
    assert Coordinate.parse_federation("A15") == Coordinate(0, 14, True)
    assert Coordinate.parse_federation("15o") == Coordinate(14, 14, False)


def test_gcg_labels_rows_with_numbers_and_columns_with_letters():
    """TILES.md: GCG 8H is horizontal (row 8, column H), H8 vertical (column H, row 8)."""
    assert Coordinate.parse_gcg("8H") == Coordinate(7, 7, True)
    assert Coordinate.parse_gcg("H8") == Coordinate(7, 7, False)
    assert Coordinate.parse_gcg("15A") == Coordinate(14, 0, True)


def test_gcg_square_c7_is_federation_g3_tiles_md():
    """TILES.md: GCG square C7 (column C, row 7) is the federations' G3 (row G, column 3)."""
    fed = Coordinate.parse_federation("G3")
    assert fed.gcg() == "7C"
    assert Coordinate.parse_federation("3G").gcg() == "C7"


@pytest.mark.parametrize("coord", ALL, ids=lambda c: f"{c.row}-{c.col}-{'h' if c.horizontal else 'v'}")
def test_every_square_converts_both_ways(coord):
    """Every square, both directions: write and read back in each convention, and across them."""
    assert Coordinate.parse_federation(coord.federation()) == coord
    assert Coordinate.parse_gcg(coord.gcg()) == coord
    fed, gcg = coord.federation(), coord.gcg()
    # The two conventions swap letters and numbers but keep "row first when horizontal".
    assert fed[0].isalpha() == coord.horizontal
    assert gcg[0].isdigit() == coord.horizontal


@pytest.mark.parametrize("bad", ["", "P8", "H0", "H16", "88", "HH", "H 8", "8-H", "A1B", None])
def test_bad_coordinates_name_the_field(bad):
    """A clear error naming the field and what a square looks like."""
    with pytest.raises(NotationError) as info:
        Coordinate.parse_federation(bad)
    assert info.value.field == "coordinates" and info.value.code == "bad_coordinate"
