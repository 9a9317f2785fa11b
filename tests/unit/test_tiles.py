"""Tile sets as data, checked against TILES.md and the rulebooks."""

import pytest

from domain.errors import DomainError
from domain.tiles import BLANK, CATALAN, ENGLISH, SPANISH, full_bag, get_tileset

# TILES.md, table by table: letter -> (count, points)
SPANISH_TABLE = {
    "?": (2, 0), "A": (12, 1), "B": (2, 3), "C": (4, 3), "CH": (1, 5), "D": (5, 2), "E": (12, 1), "F": (1, 4),
    "G": (2, 2), "H": (2, 4), "I": (6, 1), "J": (1, 8), "L": (4, 1), "LL": (1, 8), "M": (2, 3), "N": (5, 1),
    "Ñ": (1, 8), "O": (9, 1), "P": (2, 3), "Q": (1, 5), "R": (5, 1), "RR": (1, 8), "S": (6, 1), "T": (4, 1),
    "U": (5, 1), "V": (1, 4), "X": (1, 8), "Y": (1, 4), "Z": (1, 10),
}
CATALAN_TABLE = {
    "?": (2, 0), "A": (12, 1), "B": (2, 3), "C": (3, 2), "Ç": (1, 10), "D": (3, 2), "E": (13, 1), "F": (1, 4),
    "G": (2, 3), "H": (1, 8), "I": (8, 1), "J": (1, 8), "L": (4, 1), "L·L": (1, 10), "M": (3, 2), "N": (6, 1),
    "NY": (1, 10), "O": (5, 1), "P": (2, 3), "QU": (1, 8), "R": (8, 1), "S": (8, 1), "T": (5, 1), "U": (4, 1),
    "V": (1, 4), "X": (1, 10), "Z": (1, 8),
}
ENGLISH_LINE = (
    "A9/1 B2/3 C2/3 D4/2 E12/1 F2/4 G3/2 H2/4 I9/1 J1/8 K1/5 L4/1 M2/3 N6/1 O8/1 P2/3 Q1/10 R6/1 "
    "S4/1 T6/1 U4/1 V2/4 W2/4 X1/8 Y2/4 Z1/10 ?2/0"
)


def english_table():
    out = {}
    for item in ENGLISH_LINE.split():
        count, points = item[1:].split("/")
        out[item[0]] = (int(count), int(points))
    return out


@pytest.mark.parametrize(
    "tileset, table, points",
    [(SPANISH, SPANISH_TABLE, 192), (CATALAN, CATALAN_TABLE, 189), (ENGLISH, english_table(), 187)],
)
def test_distribution_matches_tiles_md(tileset, table, points):
    """TILES.md: 100 tiles per set; Spanish 192 points, Catalan 189, English 187."""
    assert {t: (tileset.counts[t], tileset.points[t]) for t in tileset.counts} == table
    assert tileset.total_tiles == 100 == len(full_bag(tileset))
    assert tileset.total_points == points


def test_spanish_draw_order_has_digraphs_after_their_first_letter_file_4_3():
    """FILE 4.3: nearest to A starts, the blank beats A; CH after C, LL after L, Ñ after N, RR after R."""
    order = [t for t, _, _ in SPANISH.distribution]
    assert order[:2] == [BLANK, "A"]
    for before, after in (("C", "CH"), ("CH", "D"), ("L", "LL"), ("LL", "M"), ("N", "Ñ"), ("Ñ", "O"), ("R", "RR")):
        assert order.index(after) == order.index(before) + 1
    assert SPANISH.draw_rank(BLANK) < SPANISH.draw_rank("A") < SPANISH.draw_rank("Z")


def test_catalan_draw_order_c_before_cedilla_l_before_l_l_n_before_ny_fisc_i5():
    """TILES.md / FISC I.5: blank, A, B, C, Ç, D, …, L, L·L, M, N, NY, O, …; the blank counts as before A."""
    order = [t for t, _, _ in CATALAN.distribution]
    assert order[:5] == [BLANK, "A", "B", "C", "Ç"]
    assert order[order.index("L") : order.index("L") + 3] == ["L", "L·L", "M"]
    assert order[order.index("N") : order.index("N") + 3] == ["N", "NY", "O"]
    assert order.index("QU") == order.index("P") + 1


def test_vowels_are_aeiou_and_no_k_or_w_in_federation_sets():
    """TILES.md: vowels A E I O U; no K, no W in Spanish or Catalan; Catalan has no Y and no bare Q."""
    for ts in (SPANISH, CATALAN, ENGLISH):
        assert ts.vowels == frozenset("AEIOU")
        assert BLANK not in ts.consonants and not (ts.vowels & ts.consonants)
    for letter in ("K", "W"):
        assert letter not in SPANISH.counts and letter not in CATALAN.counts
    assert "Y" not in CATALAN.counts and "Q" not in CATALAN.counts


def test_rack_value_counts_blank_as_zero_file_44():
    """FILE 44: the rack left at the end is counted at face value; a blank is worth 0 (FILE 10.1)."""
    assert SPANISH.rack_value(["?", "Z", "CH"]) == 15
    assert CATALAN.rack_value(["QU", "NY", "L·L", "Ç"]) == 38


def test_unknown_tileset_is_refused_naming_the_options():
    """A clear error naming the field and the valid values."""
    with pytest.raises(DomainError) as info:
        get_tileset("klingon")
    assert info.value.field == "tiles" and "spanish" in info.value.message


def test_sheet_form_writes_catalan_qu_as_q_fisc_i6():
    """TILES.md: on the federation's scoresheets the QU tile is written Q."""
    assert CATALAN.sheet_form("QU") == "Q"
    assert SPANISH.sheet_form("Q") == "Q"
