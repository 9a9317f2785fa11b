"""Word-list entries spelt in tiles (domain.lexicon.spelling): digraphs, accents, what is skipped and why.

FILE 11: CH, LL, RR are single tiles and two tiles never make them, so a Spanish word written with
them can only be played with the digraph tile. FISC I.6 and Molins 14-15: the Catalan Q tile is QU
(QADRE for QUADRE), L·L and NY are single tiles; there is no Y tile. Neither set has accented tiles.
"""

import pytest

from domain.lexicon.spelling import NOT_A_WORD, NOT_IN_SET, ONE_TILE, PROPER_NOUN, TOO_LONG, speller
from domain.tiles import CATALAN, SPANISH


def tiles(word, tileset, **kw):
    spelt = speller(tileset).spell(word, **kw)
    assert spelt.tokens is not None, spelt.reason
    return [tileset.letters[t] for t in spelt.tokens]


def reason(word, tileset, **kw):
    spelt = speller(tileset).spell(word, **kw)
    assert spelt.tokens is None
    return spelt.reason


def test_spanish_digraphs_are_always_the_digraph_tile_file_11():
    """FILE 11: chorro is CH-O-RR-O (four tiles), calle C-A-LL-E, never C+H or L+L or R+R."""
    assert tiles("chorro", SPANISH) == ["CH", "O", "RR", "O"]
    assert tiles("calle", SPANISH) == ["C", "A", "LL", "E"]
    assert tiles("Llama", SPANISH) == ["LL", "A", "M", "A"]


def test_spanish_accents_and_diaeresis_fold_but_enye_is_its_own_tile():
    """cañón is C-A-Ñ-O-N; pingüino has a plain U; Ñ is a tile of its own (TILES.md)."""
    assert tiles("cañón", SPANISH) == ["C", "A", "Ñ", "O", "N"]
    assert tiles("pingüino", SPANISH) == ["P", "I", "N", "G", "U", "I", "N", "O"]
    assert tiles("CAÑÓN", SPANISH) == ["C", "A", "Ñ", "O", "N"]


def test_spanish_q_is_a_tile_and_qu_two_tiles():
    """The Spanish set has Q (5 points): queso is Q-U-E-S-O."""
    assert tiles("queso", SPANISH) == ["Q", "U", "E", "S", "O"]


def test_catalan_qu_is_one_tile_molins_14_fisc_i6():
    """Molins 14: the Q tile carries the U (QADRE for QUADRE); qüestió too."""
    assert tiles("quadre", CATALAN) == ["QU", "A", "D", "R", "E"]
    assert tiles("qüestió", CATALAN) == ["QU", "E", "S", "T", "I", "O"]
    assert tiles("aquí", CATALAN) == ["A", "QU", "I"]


def test_catalan_l_geminada_in_every_spelling_and_ll_as_two_tiles_molins_15():
    """col·lecció, col.lecció and coŀlecció are one word with the L·L tile; llibre has two L tiles."""
    expected = ["C", "O", "L·L", "E", "C", "C", "I", "O"]
    assert tiles("col·lecció", CATALAN) == expected
    assert tiles("col.lecció", CATALAN) == expected
    assert tiles("coŀlecció", CATALAN) == expected
    assert tiles("llibre", CATALAN) == ["L", "L", "I", "B", "R", "E"]


def test_catalan_ny_and_c_cedilla_are_tiles():
    """any is A-NY; plaça keeps Ç (10 points)."""
    assert tiles("any", CATALAN) == ["A", "NY"]
    assert tiles("plaça", CATALAN) == ["P", "L", "A", "Ç", "A"]


@pytest.mark.parametrize("word, tileset, why", [
    ("kilo", SPANISH, NOT_IN_SET),  # no K in the Spanish set
    ("web", SPANISH, NOT_IN_SET),  # no W
    ("plaça", SPANISH, NOT_IN_SET),  # no Ç in Spanish
    ("yoga", CATALAN, NOT_IN_SET),  # no Y tile outside NY
    ("qatar", CATALAN, NOT_IN_SET),  # no bare Q: the tile is QU
    ("niño", CATALAN, NOT_IN_SET),  # no Ñ in Catalan
    ("abans-d'ahir", CATALAN, NOT_A_WORD),
    ("d'acord", CATALAN, NOT_A_WORD),
    ("dos palabras", SPANISH, NOT_A_WORD),
    ("a", SPANISH, ONE_TILE),
    ("ny", CATALAN, ONE_TILE),  # one tile, not a word
    ("electroencefalogramas", SPANISH, TOO_LONG),
])
def test_entries_that_cannot_be_played_are_skipped_with_a_reason(word, tileset, why):
    assert reason(word, tileset) == why


def test_a_capital_marks_a_proper_noun_only_in_a_lower_case_list():
    """In a lower-case list Madrid is a proper noun; in an all-capitals list MADRID is just a word."""
    assert reason("Madrid", SPANISH, lower_case_list=True) == PROPER_NOUN
    assert reason("ONU", SPANISH, lower_case_list=True) == PROPER_NOUN
    assert tiles("MADRID", SPANISH) == ["M", "A", "D", "R", "I", "D"]


def test_written_back_as_the_notation_writes_tiles():
    """Spanish digraphs bracketed, Catalan ones bare (TILES.md)."""
    es, ca = speller(SPANISH), speller(CATALAN)
    assert es.write(es.spell("chorro").tokens) == "[CH]O[RR]O"
    assert ca.write(ca.spell("col·lecció").tokens) == "COL·LECCIO"


def test_a_whole_list_at_once_reads_as_each_entry_alone():
    """``encode_all`` (the loader's fast path) gives what ``encode`` gives entry by entry."""
    from pathlib import Path

    data = Path(__file__).resolve().parents[1] / "data" / "lexicon"
    tricky = ["", "  ", "ß", "ŉ", "Ŀlum", "coŀlecció", "\ue000x", "niño", "CAÑÓN", "l·l", "ny", "qüe", "a-b"]
    for tileset, name in ((SPANISH, "es_small.txt"), (CATALAN, "ca_small.txt")):
        lines = (data / name).read_text(encoding="utf-8").splitlines() + tricky
        sp = speller(tileset)
        for lower in (False, True):
            assert sp.encode_all(lines, lower_case_list=lower) == [sp.encode(w, lower_case_list=lower) for w in lines]
