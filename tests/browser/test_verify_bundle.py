"""`/verify` reading a federation's proof bundle in Chromium (issue 29): the witness's key typed in, the intact
bundle and one whose game was rewritten with new keys for both seats dropped together; each shows the lines
`planilla audit verify --bundle` prints (the agreement on every case is tests/pages/test_bundle_verifier.py's,
under node); screens in Spanish on a tablet and Catalan on a phone."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from service.cli.federation import run_verify_bundle
from tests.application.test_federation_archive import rewrite_with_new_keys
from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.test_audit_pages import check_screen, new_page
from tests.pages.test_bundle_verifier import W1, bundle  # noqa: F401 (the fixture)
from tests.reliability.test_signed_rewrite import records_of


@pytest.mark.parametrize(("lang", "viewport", "size"), [("es", TABLET_LANDSCAPE, "landscape"), ("ca", PHONE, "phone")])
def test_verify_reads_a_bundle_as_the_command_does(browser: Any, hall: Any, bundle: Any, tmp_path: Path,  # noqa: F811
                                                   lang: str, viewport: dict, size: str) -> None:
    intact = tmp_path / "prova.json"
    intact.write_text(json.dumps(bundle["bundle"]), encoding="utf-8")
    rewritten = tmp_path / "prova-reescrita.json"
    _, records = records_of(bundle["export"])
    rewritten.write_text(json.dumps(dict(bundle["bundle"], export=rewrite_with_new_keys(records, bundle["key"]))),
                         encoding="utf-8")
    said = {}
    for path in (intact, rewritten):
        out = io.StringIO()
        said[path.name] = (run_verify_bundle(str(path), [W1.witness_vkey()], 1, out=out), out.getvalue())
    page = new_page(browser, viewport, lang)
    page.goto(f"{hall.url}/verify")
    page.get_by_test_id("witnesses").fill(W1.witness_vkey())
    page.get_by_test_id("file").set_input_files([str(rewritten), str(intact)])
    page.wait_for_selector('[data-testid="checked"][data-count="2"]', state="attached")
    shown = {a.locator("h3").inner_text(): (a.get_attribute("data-state"), a.get_by_test_id("command-line").inner_text())
             for a in page.get_by_test_id("bundle").all()}
    assert shown["prova.json"][0] == "ok" and said["prova.json"][0] == 0
    assert shown["prova-reescrita.json"][0] == "tampered" and said["prova-reescrita.json"][0] == 1
    for name, (_, text) in shown.items():  # the command names the file by its path, the page by its name
        assert text.splitlines() == said[name][1].replace(str(tmp_path / name), name).splitlines()
    check_screen(page)
    page.get_by_test_id("bundle").first.scroll_into_view_if_needed()
    screenshot(page, f"verify-bundle-{lang}-{size}")
    page.close()
