"""The articles the officials' forms show (pages/static/profile_articles.json) are the profiles' own."""

from __future__ import annotations

import json

from domain.profiles import PROFILES
from pages import articles


def test_the_committed_articles_are_the_profiles_regenerate_with_python_m_pages_articles():
    assert articles.PATH.read_text(encoding="utf-8") == articles.text(), "run: python -m pages.articles"


def test_a_form_shows_an_article_without_the_profiles_notes_on_their_sources():
    """FILE 39 as written; «FISE II.10 (not in the text at hand)» as «FISE II.10»; «named in AJS 2» as «AJS 2»;
    a rulebook silent on a setting (Molins on the round's time) as null."""
    shown = json.loads(articles.PATH.read_text(encoding="utf-8"))
    assert shown["file-2024"]["challenge.words_together"] == "FILE 39"
    assert PROFILES["fise-2009"].article("sheet.blank_dispute") == "FISE II.10 (not in the text at hand)"
    assert shown["fise-2009"]["sheet.blank_dispute"] == "FISE II.10"
    assert shown["fise-2009"]["blank_as_digraph"] == "FISE II.10.2 (AJS 2)"
    assert shown["molins-club"]["ending.round_over"] is None
    assert shown["fisc-2023"]["conduct.min_sanction_points"] == "FISC (notes prèvies)"
    notes = [a for p in shown.values() for a in p.values() if a and any(w in a for w in ("text at hand", "named in",
                                                                                      "no device", "silent"))]
    assert notes == []
