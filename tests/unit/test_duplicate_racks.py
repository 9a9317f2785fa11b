"""The duplicate rack (FISC II.3, AJS 3.2.4) and the end of the bag (FISC II.6, AJS 3.2.7), by hand."""

from __future__ import annotations

from collections import Counter

from domain.duplicate import racks
from domain.duplicate.rules import AJS, FISC
from domain.tiles import CATALAN, SPANISH


def test_fisc_ii_3_through_round_15_two_vowels_and_two_consonants():
    """«Fins a la ronda 15a inclusivament, mínim 2 vocals i 2 consonants»."""
    assert FISC.minimum(15, scarce=False) == 2 and AJS.minimum(1, scarce=False) == 2
    assert racks.is_valid(list("AEBCDFG"), 2, CATALAN)
    assert not racks.is_valid(list("ABCDFGH"), 2, CATALAN)  # one vowel
    assert not racks.is_valid(list("AEIOUAS"), 2, SPANISH)  # one consonant


def test_ajs_3_2_4_blanks_count_as_vowel_or_consonant():
    """«los comodines pueden contar como vocal o bien como consonante»: one vowel and a blank are two vowels."""
    assert racks.is_valid(["A", "?", "B", "C", "D", "F", "G"], 2, SPANISH)
    assert racks.is_valid(["A", "E", "I", "O", "B", "?", "U"], 2, SPANISH)
    assert racks.is_valid(["A", "?", "?", "E", "I", "U", "U"], 2, SPANISH)  # two blanks are two consonants
    # one blank is one tile: it cannot be the second vowel and the second consonant at once
    assert not racks.is_valid(["A", "?", "B"], 2, SPANISH)
    assert not racks.is_valid(["A", "?", "E", "I", "O", "U", "U"], 2, SPANISH)  # no consonant, one blank


def test_from_round_16_one_vowel_and_one_consonant():
    """FISC II.3 / AJS 3.2.4: «A partir de la 16a ronda, mínim una vocal i una consonant»."""
    assert FISC.minimum(16, scarce=False) == 1 and AJS.minimum(20, scarce=False) == 1
    assert racks.is_valid(list("ABCDFGH"), 1, CATALAN)
    assert not racks.is_valid(list("BCDFGHJ"), 1, CATALAN)


def test_when_all_vowels_but_one_are_gone_one_of_each_is_enough_to_the_end():
    """«Si abans de la 16a ronda s'esgoten totes les vocals o les consonants menys una que resta a la bossa o
    al faristol, se seguirà amb un mínim d'1 vocal i 1 consonant»."""
    pool = ["A", "B", "C", "D", "F", "G", "H", "J", "L"]
    assert racks.scarce(pool, CATALAN) and FISC.minimum(3, scarce=True) == 1
    assert not racks.scarce(["A", "E", "B", "C"], CATALAN)


def test_the_game_ends_when_every_vowel_or_every_consonant_is_used():
    """FISC II.6 / AJS 3.2.7: «S'han utilitzat totes les vocals o totes les consonants»."""
    assert racks.exhausted(["B", "C", "?"], SPANISH) == "vowels_used"
    assert racks.exhausted(["A", "E", "?"], SPANISH) == "consonants_used"
    assert racks.exhausted(["A", "B"], SPANISH) is None


def test_the_bag_that_cannot_give_a_valid_rack():
    """FISC II.3 last point: no valid rack can be had -> the game ends by II.6."""
    assert racks.can_give(list("AEBCDFGHJ"), 2, CATALAN)
    assert not racks.can_give(list("ABCDFGHJL"), 2, CATALAN)  # one vowel, no blank: never two
    assert racks.can_give(list("A?CDFGHJL"), 2, CATALAN)  # the blank is the second vowel
    assert not racks.can_give(list("AB"), 2, CATALAN) and racks.can_give(list("AB"), 1, CATALAN)


def test_a_draw_completes_the_remainder_and_is_the_same_from_the_same_seed():
    bag = sorted("AEIOUBCDFGLMNPRST")
    first = racks.draw(bag, ["A", "S"], 2, SPANISH, "published-seed", 3)
    again = racks.draw(bag, ["A", "S"], 2, SPANISH, "published-seed", 3)
    assert first == again and first.rack[:2] == ("A", "S") and len(first.rack) == 7
    assert not Counter(first.drawn) - Counter(bag) and racks.is_valid(first.rack, 2, SPANISH)


def test_an_invalid_draw_goes_back_whole_and_the_rejections_are_recorded():
    """A remainder of five consonants needs two vowels from a bag of mostly consonants: rejected racks go back
    whole (the rulebooks' gap, recorded) and a valid rack is drawn from the whole pool."""
    remainder = ["B", "C", "D", "F", "G"]
    bag = sorted(["A", "E", "H", "J", "L", "M", "N", "P", "R", "S", "T", "V", "Z"])
    for seed in range(30):
        found = racks.draw(bag, remainder, 2, SPANISH, str(seed), 1)
        assert found is not None and racks.is_valid(found.rack, 2, SPANISH)
        for rejected in found.rejected:
            assert not racks.is_valid(rejected, 2, SPANISH)
        if found.rejected:
            assert found.rejected[0][:5] == tuple(remainder)
            assert tuple(found.drawn) == found.rack  # after a rejection the whole rack is drawn
            return
    raise AssertionError("no seed in 30 drew an invalid first rack")


def test_a_judges_rack_comes_from_the_bag_and_the_remainder():
    assert racks.fits(["A", "E"], ["B"], ["A", "B", "E"])
    assert not racks.fits(["A", "E"], ["B"], ["A", "A", "B"])
