"""/verify shows every value from a file as text (issue 26): an export whose actor and type hold markup and
line breaks, intact (rehashed) or tampered, is shown word for word as the command prints it, runs nothing, and
adds no element to the page; its official entry is a named warning."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from domain.game.export import export_bytes
from service.cli.audit import run_audit_verify
from tests.browser.conftest import TABLET_LANDSCAPE
from tests.reliability.test_signed_rewrite import rechain, records_of
from tests.reliability.test_tamper import build_exports
from tests.reliability.test_verdict import injected

MARKUP = '<img src=x onerror="window.pwned=1"><b id="injected">'


def test_verify_shows_file_values_as_text_never_as_markup(browser: Any, hall: Any, tmp_path: Path) -> None:
    short = build_exports()["short"]
    _, records = records_of(short)
    at = next(i for i, r in enumerate(records) if r.type == "TurnPassed")
    spoofed = export_bytes(rechain([r._replace(actor=f"arbiter:{MARKUP}\n/x/o.jsonl: intact") if i == at else r
                                    for i, r in enumerate(records)]))
    files = {"spoofed.jsonl": spoofed, "typed.jsonl": injected(short, {"type": MARKUP + "\u2028x"}, 4)}
    paths = []
    for name, data in files.items():
        paths.append(tmp_path / name)
        paths[-1].write_bytes(data)
    out = io.StringIO()
    assert run_audit_verify([str(p) for p in paths], out) == 1
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    page = context.new_page()
    page.goto(f"{hall.url}/verify")
    page.get_by_test_id("file").set_input_files([str(p) for p in paths])
    page.wait_for_selector('[data-testid="checked"][data-count="2"]', state="attached")
    assert page.evaluate("window.pwned") is None
    assert page.locator("#injected").count() == 0 and page.locator("img").count() == 0
    shown = [block for block in reversed(page.get_by_test_id("command-line").all_inner_texts())]
    assert "\n".join(shown).replace(f"{tmp_path}/", "") + "\n" == out.getvalue().replace(f"{tmp_path}/", "")
    expect_warning = page.locator('[data-testid="warnings"] li[data-kind="official_entry"]')
    assert expect_warning.count() == 1 and MARKUP in expect_warning.inner_text()
    assert MARKUP in page.locator('[data-state="tampered"]').inner_text()
    context.close()
