"""The tablet's own catalogues (issue 28, pages/catalogues.py): what ``python -m pages.catalogues`` writes, every key the
tablet's bundle names among them, in each language alike, a fraction of every page's."""

from __future__ import annotations

import gzip
import json

from pages import STATIC
from pages.bundle import bundle
from pages.catalogues import LANGUAGES, OWN, QUOTED, families, path_of, subset, text_of


def test_the_tablets_catalogues_are_as_written_by_pages_catalogues() -> None:
    for page in OWN:
        for lang in LANGUAGES:
            assert path_of(page, lang).read_text(encoding="utf-8") == text_of(subset(page, lang)), (
                f"{path_of(page, lang)} is stale: run .venv/bin/python -m pages.catalogues")


def test_every_key_the_tablet_names_is_in_its_catalogue_in_each_language() -> None:
    text = bundle(STATIC / "js" / "tablet.js", STATIC / "js").text
    full = json.loads((STATIC / "i18n" / "es.json").read_text(encoding="utf-8"))
    named = {k for k in QUOTED.findall(text) if k in full}
    assert {"bind.title", "sheet.total", "loading", "language"} <= named  # the scan finds keys of both kinds
    keys = None
    for lang in LANGUAGES:
        own = json.loads(path_of("tablet", lang).read_text(encoding="utf-8"))
        assert named <= set(own), named - set(own)
        assert keys is None or set(own) == keys  # the same keys in each language
        keys = set(own)
    assert any(k.startswith("premium.") for k in keys)  # a family named only by a template (`premium.${kind}`)
    full_gz = len(gzip.compress((STATIC / "i18n" / "es.json").read_bytes()))
    assert len(gzip.compress(path_of("tablet", "es").read_bytes())) < full_gz / 2


def test_families_are_read_from_written_keys_prefixes_and_templates() -> None:
    keys = {"sheet.total", "warn.x", "loading", "premium.tw"}
    text = "t('sheet.total'); const w = 'warn.' + code; t(`premium.${kind}`); t(\"loading\"); 'not.a.key'"
    assert families(text, keys) == ({"sheet", "warn", "premium"}, {"loading"})
