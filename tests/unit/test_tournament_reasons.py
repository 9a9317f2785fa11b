"""The pairer's reasons and the checker's warnings are codes with parameters (the domain words them in English
only), and the pages word every one of them in Spanish, Catalan and English (``rounds.reason.<code>``,
``rounds.warning.<code>`` in pages/static/i18n): every code the pairer can produce is produced below, and
each has its entry in the three catalogues, with the same parameters as the English wording."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.game.meta import Meta
from domain.tournament.aggregate import Tournament
from domain.tournament.checks import WARNINGS
from domain.tournament.pairing import (
    DIVISION_REASON, REASONS, History, Pairing, Within, first_round, king_of_the_hill, placeholders, round_robin,
    swiss,
)

I18N = Path(__file__).resolve().parents[2] / "pages" / "static" / "i18n"
CATALOGUES = {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("es", "ca", "en")}
META = Meta("director:ana", "laptop", "2025-05-01T09:00:00.000Z")


def produced() -> list[Pairing]:
    """Tables from every path of the pairer: round 1 (even, odd), Swiss by nearest and by halves, a skip so the
    rest can be paired, an unavoidable rematch, the bye with and without one had, king of the hill with its bye,
    a round robin with its bye, and a round by hand (a table and a bye the director gave) in two divisions."""
    tables = first_round(["a", "b", "c"])
    once = History.of([[Pairing(1, "A", "B", "")], [Pairing(1, "B", "D", "")]])
    tables += swiss(["A", "B", "C", "D"], {}, once)  # A-C would leave B-D, met: A skips to D
    tables += swiss(["A", "B", "C", "D", "E"], {"A": 1, "B": 1}, History.of([]), Within.HALVES)
    tables += swiss(["A", "B"], {}, History.of([[Pairing(1, "A", "B", "")]]))  # they must meet again
    tables += swiss(["A", "B", "C"], {}, History.of([[Pairing(1, "A", None, ""), Pairing(2, "B", None, ""),
                                                       Pairing(3, "C", None, "")]]))  # everyone had a bye
    tables += king_of_the_hill(["A", "B", "C"], History.of([]))
    tables += round_robin(["A", "B", "C"], 1)
    t = Tournament.create("Obert", "fisc-2023", "fisc-2023", 5, META)
    for i, name in enumerate(["Anna", "Biel", "Carla", "Dani", "Emma"]):
        t.register(name, META, division="A" if i < 3 else "B")
    tables += t.draft(1, META)
    tables += t.draft(1, META, manual=[("p2", "p3"), ("p4", "p5"), ("p1", None)], reason="Anna arrives late")
    return tables


def test_every_reason_code_is_produced_and_each_table_says_it_in_english_from_its_code():
    tables = produced()
    assert {p.code for p in tables} == set(REASONS)
    for p in tables:
        inner = REASONS[p.code].format(**p.params)
        expected = DIVISION_REASON.format(division=p.params["division"], reason=inner) if "division" in p.params \
            else inner
        assert p.why == expected


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_every_reason_and_warning_has_its_entry_in_each_catalogue_with_the_same_parameters(lang):
    catalogue = CATALOGUES[lang]
    for prefix, registry in (("rounds.reason.", REASONS), ("rounds.warning.", WARNINGS)):
        for code, english in registry.items():
            key = prefix + code
            assert key in catalogue, f"{lang}: {key} is missing"
            assert placeholders(catalogue[key]) == placeholders(english), f"{lang}: {key}'s parameters"
    assert placeholders(catalogue["rounds.reason_division"]) == placeholders(DIVISION_REASON)


def test_the_english_catalogue_says_what_the_domain_says():
    """The page in English reads as the API's ``why`` and ``message`` do."""
    for code, english in REASONS.items():
        assert CATALOGUES["en"]["rounds.reason." + code] == english
    for code, english in WARNINGS.items():
        assert CATALOGUES["en"]["rounds.warning." + code] == english
