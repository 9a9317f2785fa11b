"""Words and racks in every notation of TILES.md "Writing tiles in text", with errors naming the position."""

import pytest

from domain.errors import NotationError
from domain.notation import format_rack, format_word, parse_rack, parse_word
from domain.tiles import CATALAN, ENGLISH, SPANISH, Tile


def letters(word, tileset):
    return [(w.tile.letter if w.tile else None, w.tile.blank if w.tile else None, w.marked)
            for w in parse_word(word, tileset)]


def test_lowercase_is_a_blank_file_10():
    """TILES.md: lowercase is a blank standing for that letter (caSA)."""
    assert letters("caSA", SPANISH) == [("C", True, False), ("A", True, False), ("S", False, False), ("A", False, False)]


def test_spanish_digraphs_in_brackets_and_blank_digraph_ajs():
    """TILES.md: [CH] [LL] [RR], blank [ch]; AJS lets a blank stand for CH, LL or RR."""
    assert letters("[CH]E[RR]A[ll]", SPANISH) == [
        ("CH", False, False), ("E", False, False), ("RR", False, False), ("A", False, False), ("LL", True, False),
    ]


def test_spanish_old_digit_aliases():
    """TILES.md: older files write 1, 2, 3 for CH, LL, RR."""
    assert [w.tile.letter for w in parse_word("1A2E3O", SPANISH)] == ["CH", "A", "LL", "E", "RR", "O"]


def test_bare_ll_is_two_l_tiles_in_gcg_file_11():
    """TILES.md: a bare LL in a word is two L tiles (FILE 11: two L tiles never make LL)."""
    assert [w.tile.letter for w in parse_word("CALLE", SPANISH)] == ["C", "A", "L", "L", "E"]


def test_bare_ll_on_a_tablet_is_ambiguous_file_11():
    """FILE 11: on a tablet the player must say which: typed LL is refused, naming its position."""
    with pytest.raises(NotationError) as info:
        parse_word("CALLE", SPANISH, strict_lookalikes=True)
    err = info.value
    assert (err.code, err.article, err.position, err.field) == ("ambiguous_digraph", "FILE 11", 2, "word")
    assert "[LL]" in err.message
    assert [w.tile.letter for w in parse_word("CA[LL]E", SPANISH, strict_lookalikes=True)] == ["C", "A", "LL", "E"]
    with pytest.raises(NotationError) as info:
        parse_word("[CH]ICHA", SPANISH, strict_lookalikes=True)
    assert info.value.position == 5


def test_catalan_digraphs_bare_or_bracketed_longest_match_first():
    """TILES.md: L·L, NY, QU bare or bracketed; read longest match first."""
    assert [w.tile.letter for w in parse_word("PAL·LA", CATALAN)] == ["P", "A", "L·L", "A"]
    assert [w.tile.letter for w in parse_word("[NY]AM", CATALAN)] == ["NY", "A", "M"]
    assert [w.tile.letter for w in parse_word("QUUQU", CATALAN)] == ["QU", "U", "QU"]
    assert letters("l·lny", CATALAN) == [("L·L", True, False), ("NY", True, False)]


def test_catalan_q_is_always_qu_fisc_i6_molins_14():
    """FISC I.6, Molins 14: the Q tile always means QU; sheets write QADRE for QUADRE."""
    assert parse_word("QADRE", CATALAN) == parse_word("QUADRE", CATALAN)
    assert format_word([Tile("QU"), Tile("A")], CATALAN, sheet=True) == "QA"
    assert format_word([Tile("QU"), Tile("A")], CATALAN) == "QUA"


def test_catalan_has_no_y_so_n_plus_blank_cannot_make_ny_fisc_i6():
    """FISC I.6: no Y tile exists, so N + blank can never make NY; the error names the position."""
    with pytest.raises(NotationError) as info:
        parse_word("ANYY", CATALAN)
    assert info.value.position == 3 and "NY" in info.value.message
    with pytest.raises(NotationError) as info:
        parse_word("Ny", CATALAN)
    assert info.value.position == 1


def test_unknown_letters_name_their_position():
    """Impossible input is a clear error naming the position in the string."""
    cases = [("CASA!", SPANISH, 4), ("ÑU", ENGLISH, 0), ("KILO", SPANISH, 0), ("CA SA", SPANISH, 2), ("WAT", CATALAN, 0)]
    for text, tileset, pos in cases:
        with pytest.raises(NotationError) as info:
            parse_word(text, tileset)
        assert info.value.position == pos, text
        assert info.value.code == "unknown_tile"


def test_bad_brackets_and_parentheses():
    """Unclosed or unknown brackets, and unbalanced parentheses, are errors at their position."""
    for text, pos, code in [
        ("A[CH", 1, "bad_bracket"), ("A[XX]", 1, "unknown_tile"), ("[Ch]A", 0, "unknown_tile"),
        ("A(B", 1, "unbalanced_parenthesis"), ("AB)", 2, "unbalanced_parenthesis"), ("A()", 2, "unbalanced_parenthesis"),
        ("((A))", 1, "unbalanced_parenthesis"), ("", 0, "empty_word"),
    ]:
        with pytest.raises(NotationError) as info:
            parse_word(text, SPANISH)
        assert (info.value.position, info.value.code) == (pos, code), text


def test_tiles_on_the_board_dot_or_parentheses_tiles_md():
    """TILES.md: GCG marks tiles already on the board with '.', or wraps them in parentheses."""
    assert letters("A.B", ENGLISH) == [("A", False, False), (None, None, True), ("B", False, False)]
    assert letters("MID(LI)ST", ENGLISH)[3:5] == [("L", False, True), ("I", False, True)]


def test_format_word_brackets_spanish_digraphs_and_blanks():
    """Printing: Spanish digraphs bracketed ([ch] for a blank CH), '.' for a tile on the board."""
    tiles = [Tile("CH", True), None, Tile("Ñ"), Tile("A", True)]
    assert format_word(tiles, SPANISH) == "[ch].Ña"
    assert format_word([Tile("NY"), Tile("L·L", True)], CATALAN) == "NYl·l"


def test_racks_use_question_mark_for_blanks():
    """TILES.md: '?' is a blank in a rack."""
    assert parse_rack("?A[CH]Ñ", SPANISH) == ("?", "A", "CH", "Ñ")
    assert parse_rack("QUL·L?", CATALAN) == ("QU", "L·L", "?")
    assert format_rack(("?", "CH", "A"), SPANISH) == "?[CH]A"
    with pytest.raises(NotationError) as info:
        parse_rack("Aa", SPANISH)
    assert info.value.position == 1 and info.value.field == "rack"


def test_two_single_tiles_that_look_like_a_digraph_are_written_bracketed_file_11():
    """FILE 11: R + R is two tiles, never RR; written [R][R] so a tablet's strict reading gets it back."""
    tiles = [Tile("C"), Tile("A"), Tile("R"), Tile("R"), Tile("O")]
    text = format_word(tiles, SPANISH)
    assert text == "CA[R][R]O"
    assert [w.tile for w in parse_word(text, SPANISH, strict_lookalikes=True)] == tiles
    assert format_word([Tile("C", True), Tile("H", True)], SPANISH) == "[c][h]"
    assert format_word([Tile("RR"), Tile("R")], SPANISH) == "[RR]R"


# ---- one notation for every field, and the spellings people paste (issue 13, items 8 and 22) ----
from domain.notation import dot_reading, normalise, read_tile  # noqa: E402


def test_a_decomposed_enye_is_the_enye_tile_fise_i6():
    """N + U+0303 (as macOS text gives it) is read as the one Ñ tile (8 points in the Spanish set)."""
    decomposed = "BUN\u0303O"
    assert len(decomposed) == 5 and normalise(decomposed) == "BUÑO"
    assert [w.tile.letter for w in parse_word(decomposed, SPANISH)] == ["B", "U", "Ñ", "O"]
    assert read_tile("N\u0303") == "Ñ" and parse_rack("AN\u0303O", SPANISH) == ("A", "Ñ", "O")


def test_pasted_spellings_of_l_geminada_are_the_l_l_tile_fisc_i6():
    """FISC I.6: L·L is one tile. Ŀl (the one-character Catalan letter), ŀl for a blank, and other middle dots
    are read as L·L; in a single tile L.L is L·L too."""
    for spelling in ("COĿLEGA", "COĿLEGA", "COL•LEGA", "COL∙LEGA", "COL\u0387LEGA"):
        assert [w.tile.letter for w in parse_word(spelling, CATALAN)][2] == "L·L", spelling
    assert parse_word("coŀlega", CATALAN)[2].tile == Tile("L·L", True)
    for spelling in ("L·L", "[L·L]", "L.L", "Ŀl", "ĿL", "L•L"):
        assert read_tile(spelling, CATALAN) == "L·L", spelling
    assert parse_rack("AL.LE", CATALAN) == ("A", "L·L", "E")


def test_in_a_word_l_dot_l_is_read_as_gcg_writes_it_and_the_other_reading_is_offered():
    """GCG: '.' is a tile already on the board, so COL.LEGA is C O L (board) L E G A; ``dot_reading`` gives the
    L·L reading for a caller that knows the board (the Spanish set has no L·L: no other reading)."""
    assert [w.tile and w.tile.letter for w in parse_word("COL.LEGA", CATALAN)][2:5] == ["L", None, "L"]
    assert dot_reading("COL.LEGA", CATALAN) == "COL·LEGA" and dot_reading("col.lega", CATALAN) == "col·lega"
    assert dot_reading("COL.LEGA", SPANISH) is None and dot_reading("CASA", CATALAN) is None


def test_a_rack_item_takes_the_words_notation_brackets_or_not_file_11():
    """FILE 11: CH, LL, RR are single tiles; an item of a tile array is one tile, so bare CH and [CH] are the
    same tile, and 1 2 3 are the old files' CH LL RR; Catalan Q is the QU tile (FISC I.6)."""
    assert [read_tile(t, SPANISH) for t in ("CH", "[CH]", "1", "LL", "[LL]", "2", "[RR]", "?", "Ñ")] == \
        ["CH", "CH", "CH", "LL", "LL", "LL", "RR", "?", "Ñ"]
    assert [read_tile(t) for t in ("[CH]", "[L·L]", "NY", "[QU]")] == ["CH", "L·L", "NY", "QU"]
    assert read_tile("Q", CATALAN) == "QU" and read_tile("Q", SPANISH) == "Q"


@pytest.mark.parametrize("text, says", [
    ("[L][L]", "is not one tile"),
    ("ch", "is in lower case"),
    ("[ch]", "is in lower case"),
    ("LLL", "is not one tile"),
])
def test_a_rack_item_that_is_not_one_tile_is_refused_saying_how_tiles_are_written(text, says):
    with pytest.raises(NotationError) as info:
        read_tile(text, SPANISH, field="drawn")
    assert says in info.value.message and info.value.field == "drawn"
    assert "CH" in info.value.message and "?" in info.value.message


def test_a_catalan_rack_has_no_y_and_says_so_fisc_i6():
    with pytest.raises(NotationError) as info:
        read_tile("Y", CATALAN)
    assert "NY is a single tile (FISC I.6)" in info.value.message


def test_a_lone_l_with_middle_dot_names_the_tile_meant():
    with pytest.raises(NotationError) as info:
        parse_word("COĿ", CATALAN)
    assert "the L·L tile is written L·L" in info.value.message
