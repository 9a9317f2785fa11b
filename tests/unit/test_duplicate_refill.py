"""The refill rule (FISC II.3, AJS 3.2.4), on the three racks issue 27 found accepted.

FISC II.3: «el jutge afegixi a les fitxes romanents del faristol tantes del sac, quantes siguin
necessàries a fi de tenir-hi sempre set»; AJS 3.2.4: «el juez añada a las fichas restantes en el atril
tantas de la bolsa, cuantas sean necesarias». A judge's rack holds the previous round's remainder,
unless an invalid rack holding it was first drawn and returned (recorded in ``rejected``: the whole
rack goes back, ``Redraw.WHOLE_RACK``); the first rack returned must itself hold the remainder.

Each case leaves the issue's remainder after round 1: the judge's first rack is the remainder and the
tiles of a two- or four-tile master at H8 (ES, CASA), ruled by entering it.
"""

from __future__ import annotations

import pytest

from domain.duplicate import Duplicate, DuplicateError
from domain.game.meta import Meta

JUDGE = Meta("director:judge", "desk", "2026-03-01T10:00:00Z")


def after_round_one(first: list[str], master: str) -> Duplicate:
    d = Duplicate.create("fisc-2023", list("ABCDE"), JUDGE)
    assert d.start_round(JUDGE, rack=first) is None
    d.close_round(JUDGE)
    d.choose_master(JUDGE, word=master, coordinates="H8")
    d.publish(JUDGE)
    return d


CASES = [  # (round 1's rack, its master, the remainder left, the judge's rack without it)
    (["A", "E", "E", "T", "T", "E", "S"], "ES", ["A", "E", "E", "T", "T"], ["O", "R", "E", "NY", "G", "P", "I"]),
    (["S", "T", "U", "C", "A", "S", "A"], "CASA", ["S", "T", "U"], ["N", "A", "I", "E", "T", "M", "N"]),
    (["E", "T", "T", "R", "I", "E", "S"], "ES", ["E", "T", "T", "R", "I"], ["QU", "S", "E", "O", "G", "R", "H"]),
]


@pytest.mark.parametrize(("first", "master", "left", "rack"), CASES)
def test_fisc_ii_3_a_rack_dropping_the_remainder_is_refused(first, master, left, rack):
    """FISC II.3: the issue's racks, each valid and from the bag, but without the remainder."""
    d = after_round_one(first, master)
    assert d.rack == left
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=rack)
    assert err.value.code == "rack_without_remainder" and err.value.field == "rack"
    assert "FISC II.3" in err.value.article and " ".join(left) in err.value.message
    assert d.round_no == 1  # nothing recorded


def test_fisc_ii_3_the_remainder_completed_from_the_bag_is_accepted():
    d = after_round_one(*CASES[0][:2])
    assert d.start_round(JUDGE, rack=["A", "E", "E", "T", "T", "R", "NY"]) is None
    assert d.current["remainder"] == ["A", "E", "E", "T", "T"] and d.current["drawn"] == ["NY", "R"]


def test_fisc_ii_3_a_rack_without_the_remainder_after_an_invalid_one_holding_it_was_returned():
    """S T U (one vowel) completed with four consonants is invalid through round 15 (two vowels): returned
    whole, the judge draws seven again, and N A I E T M N stands."""
    d = after_round_one(*CASES[1][:2])
    returned = ["S", "T", "U", "N", "R", "C", "L"]
    assert d.start_round(JUDGE, rack=CASES[1][3], rejected=[returned]) is None
    assert d.current["rejected"] == [returned] and d.current["rack"] == CASES[1][3]
    assert d.current["drawn"] == sorted(CASES[1][3])  # the whole rack came from the bag


def test_fisc_ii_3_a_returned_rack_must_itself_hold_the_remainder():
    """An invalid rack the judge returned that does not hold S T U was not a completion of the remainder."""
    d = after_round_one(*CASES[1][:2])
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=CASES[1][3], rejected=[["N", "R", "C", "L", "B", "D", "U"]])
    assert err.value.code == "rejected_without_remainder" and err.value.field == "rejected"
    assert "FISC II.3" in err.value.article


def test_ajs_3_2_4_the_same_rule_under_ajs():
    d = Duplicate.create("ajs-2012", ["A", "B"], JUDGE)
    d.start_round(JUDGE, rack=["S", "T", "U", "C", "A", "S", "A"])
    d.close_round(JUDGE)
    d.choose_master(JUDGE, word="CASA", coordinates="H8")
    d.publish(JUDGE)
    with pytest.raises(DuplicateError) as err:
        d.start_round(JUDGE, rack=["N", "A", "I", "E", "T", "M", "N"])
    assert err.value.code == "rack_without_remainder" and "AJS 3.2.4" in err.value.article
