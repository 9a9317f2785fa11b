"""The end of a duplicate game as the pages say it (FISC II.6, AJS 3.2.7; FISC II.1, AJS 3.2.1 for a preset number of
rounds): every cause the aggregate records has its words in the three catalogues, and each cites the game's own
rules, not another federation's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domain.duplicate import Duplicate
from domain.duplicate import aggregate, racks
from domain.game.meta import Meta

JUDGE = Meta("director:judge", "desk", "2026-03-01T10:00:00Z")
I18N = Path(__file__).resolve().parents[2] / "pages" / "static" / "i18n"


def recorded_causes() -> set[str]:
    """The causes the aggregate writes: the judge's (END_CAUSES), the racks' (vowels, consonants) and those written
    where a round starts (read from the source, so a new one cannot be forgotten here)."""
    source = Path(aggregate.__file__).read_text(encoding="utf-8") + Path(racks.__file__).read_text(encoding="utf-8")
    written = set(re.findall(r'cause="([a-z_]+)"', source)) | set(re.findall(r'return "([a-z]+_used)"', source))
    return written | set(aggregate.END_CAUSES)


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_every_cause_of_the_end_has_its_words(lang: str):
    causes = recorded_causes()
    assert {"vowels_used", "consonants_used", "no_valid_rack", "rounds", "no_play", "force_majeure"} <= causes
    catalogue = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert not [c for c in causes if f"dup.end.{c}" not in catalogue]


@pytest.mark.parametrize(("profile", "own", "other"), [("fisc-2023", "FISC II.1", "AJS"), ("ajs-2012", "AJS 3.2.1", "FISC")])
def test_the_preset_rounds_end_cites_the_games_own_rules(profile: str, own: str, other: str):
    d = Duplicate.create(profile, list("ABCDE"), JUDGE, rounds=1)
    assert d.start_round(JUDGE, rack=["C", "A", "S", "A", "R", "O", "E"]) is None
    d.close_round(JUDGE)
    d.choose_master(JUDGE, word="CASA", coordinates="H8")
    d.publish(JUDGE, round_no=1)
    assert d.start_round(JUDGE, seed="y") == "rounds"
    assert d.ended["article"].startswith(own) and other not in d.ended["article"]
