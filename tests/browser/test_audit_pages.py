"""The tribunal's audit view (``/audit``) and the offline verifier (``/verify``) in Chromium.

``/audit``: the trail equal to ``/events`` row by row, the chain's verification from ``/audit``, each
signature and the event it signed, the export downloaded byte for byte as ``/export`` gives it.
``/verify``: the files the reliability suite's tamperers make (``tests/reliability/tamperers.py``) dropped
or picked, and the page's line for each is ``planilla audit verify``'s line for the same file; then every
tamper case verified inside the browser (the page's own modules, WebCrypto) against the command's
verdict. Screenshots in ``docs/screens/``.
"""

from __future__ import annotations

import base64
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domain.game.export import verify_export
from tests.application.script import long_game
from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.reliability.tamperers import byte_changed, single_byte_changes, structural_tampers
from tests.reliability.test_tamper import build_exports

PLANILLA = str(Path(sys.executable).with_name("planilla"))


@pytest.fixture(scope="module")
def audited(hall: Any) -> dict[str, Any]:
    bot = long_game(hall.games, seed=5, turns=6)
    tribunal = hall.games.issue_token("tribunal", "tribunal-audit", "test")[0]
    spectator = hall.games.issue_token("spectator", "spectator-audit", "test")[0]
    return {"game": str(bot.game_id), "tribunal": tribunal, "spectator": spectator}


@pytest.fixture(scope="module")
def exports() -> dict[str, bytes]:
    return build_exports()


def new_page(browser: Any, viewport: dict[str, int] = TABLET_LANDSCAPE, lang: str = "es") -> Any:
    page = browser.new_page(viewport=viewport, accept_downloads=True)
    page.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    return page


def command_lines(paths: list[Path]) -> dict[str, str]:
    """``planilla audit verify`` on the files: each file's verdict (the line after ``<path>: ``)."""
    run = subprocess.run([PLANILLA, "audit", "verify", *map(str, paths)], capture_output=True, text=True, timeout=300)
    # each file's line, then its notes indented by two spaces (an intact planilla-audit/1 is said unsigned)
    blocks: list[str] = []
    for line in run.stdout.splitlines():
        if line.startswith("  ") and blocks:
            blocks[-1] += "\n" + line
        else:
            blocks.append(line)
    assert len(blocks) == len(paths), run.stdout + run.stderr
    return {p.name: block[len(str(p)) + 2:] for p, block in zip(paths, blocks)}


def test_the_audit_view_shows_the_trail_the_signatures_and_the_chain_and_downloads_the_export(
        browser: Any, hall: Any, audited: Any, tmp_path: Path):
    game, token = audited["game"], audited["tribunal"]
    headers = hall.headers(token)
    events = hall.http.get(f"/v1/games/{game}/events", headers=headers).json()["events"]
    audit = hall.http.get(f"/v1/games/{game}/audit", headers=headers).json()
    page = new_page(browser)
    page.goto(f"{hall.url}/audit?game={game}#token={token}")
    page.wait_for_selector('[data-testid="trail"]')
    assert "token" not in page.url
    assert page.get_by_test_id("chain").get_attribute("data-intact") == "true"
    assert str(audit["events"]) in page.get_by_test_id("chain").inner_text()
    assert audit["head_hash"] in page.locator("main").inner_text()
    rows = page.locator('[data-testid="trail"] tbody tr')
    assert rows.count() == len(events)
    for i, event in enumerate(events):
        cells = rows.nth(i).locator("td")
        assert cells.nth(0).inner_text() == str(event["sequence"])
        assert cells.nth(1).inner_text() == event["recorded_at"]
        assert cells.nth(2).inner_text() == event["actor"]
        assert cells.nth(3).inner_text() == (event["device"] or "—")
        assert cells.nth(4).locator("summary").inner_text() == event["type"]
        assert cells.nth(5).locator("code").get_attribute("title") == event["hash"]
        assert cells.nth(6).locator("code").get_attribute("title") == event["previous_hash"]
    page.get_by_label("Hashes completos").check()
    assert rows.nth(3).locator("td").nth(5).inner_text() == events[3]["hash"]
    signatures = page.get_by_test_id("signature")
    assert signatures.count() == len(audit["signatures"]) == 2
    for i, signature in enumerate(audit["signatures"]):
        signed = next(e for e in events if e["hash"] == signature["head_hash"])
        assert signed["sequence"] == signature["version"] - 1
        assert signatures.nth(i).get_attribute("data-signed") == str(signed["sequence"])
        assert f"evento {signed['sequence']} ({signed['type']})" in signatures.nth(i).inner_text()
    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.read_bytes() == hall.http.get(f"/v1/games/{game}/export", headers=headers).content
    page.wait_for_selector('.exported [data-testid="command-line"]')
    said = command_lines([saved])[saved.name]
    assert said.startswith("intact")
    assert page.locator('.exported [data-testid="command-line"]').inner_text() == f"{saved.name}: {said}"
    assert not page.evaluate("[...window.planillaMissing]")
    page.close()


def test_a_spectator_gets_the_trail_with_hidden_tiles_withheld_and_no_export(browser: Any, hall: Any, audited: Any):
    page = new_page(browser)
    page.goto(f"{hall.url}/audit?game={audited['game']}#token={audited['spectator']}")
    page.wait_for_selector('[data-testid="trail"]')
    assert page.locator(".redacted").count() > 0
    page.get_by_test_id("export").click()
    page.wait_for_selector(".export-error:not(:empty)")
    assert page.locator(".export-error").inner_text().startswith("403")
    page.close()


def test_the_verifier_page_names_what_the_command_names_on_files_dropped_or_picked(browser: Any, hall: Any,
                                                                                   exports: Any, tmp_path: Path):
    short = exports["short"]
    files = {"intact.jsonl": short, **{f"{k}.jsonl": v for k, v in structural_tampers(short).items()},
             "not-an-export.gcg": b"#player1 a A\n", "other-format.jsonl": short.replace(b"audit/1", b"audit/7", 1)}
    for i, (position, new, changed) in enumerate(single_byte_changes(short)):
        if i % 997 == 0:
            files[f"byte-{position}-{new}.jsonl"] = changed
    paths = []
    for name, data in files.items():
        paths.append(tmp_path / name)
        paths[-1].write_bytes(data)
    said = command_lines(paths)
    page = new_page(browser)
    page.goto(f"{hall.url}/verify")
    page.get_by_test_id("file").set_input_files([str(p) for p in paths[1:]])
    page.wait_for_selector(f'[data-testid="checked"][data-count="{len(paths) - 1}"]', state="attached")
    # the first one dropped on the zone, as a tribunal member would
    page.evaluate("""([name, b64]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name));
      document.querySelector('.drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }""", [paths[0].name, base64.b64encode(files[paths[0].name]).decode()])
    page.wait_for_selector(f'[data-testid="checked"][data-count="{len(paths)}"]', state="attached")
    shown = {line.split(": ", 1)[0]: line.split(": ", 1)[1]
             for line in page.get_by_test_id("command-line").all_inner_texts()}
    assert shown == said
    states = page.get_by_test_id("finding").evaluate_all("(els) => els.map((e) => e.dataset.state)")
    assert sorted(set(states)) == ["ok", "tampered", "unreadable"]
    first_bad = page.get_by_test_id("first-bad").all()
    assert first_bad, "the first bad event is marked in the file's events"
    assert not page.evaluate("[...window.planillaMissing]")
    page.close()


def test_every_tamper_case_verified_inside_the_browser_gets_the_commands_verdict(browser: Any, hall: Any,
                                                                                 exports: Any):
    """The page's modules in Chromium (WebCrypto) on every single-byte change of the short export, 300 of
    the long one's, and the structural tampers: each verdict equal to ``verify_export``'s (what the command
    prints; the command itself is compared file by file in tests/pages/test_audit_verifier.py)."""
    short, long = exports["short"], exports["long"]
    changes = [(p, n) for p, n, _ in single_byte_changes(short)]
    import random
    rng = random.Random(16)
    long_changes = [(rng.randrange(len(long)), rng.randrange(1, 256)) for _ in range(300)]
    long_changes = [(p, (long[p] + n) % 256) for p, n in long_changes]
    whole = list(structural_tampers(short).values()) + [short, long]
    page = new_page(browser)
    page.goto(f"{hall.url}/verify")
    page.wait_for_selector('[data-testid="drop"]', state="attached")
    found = page.evaluate("""async ([short, long, changes, longChanges, whole]) => {
      const { verifyExport, describe } = await import('/static/js/audit/verify.js');
      const { bestDigest } = await import('/static/js/audit/sha256.js');
      const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const digest = bestDigest();
      const run = async (data, [p, n]) => { const c = data.slice(); c[p] = n; return describe(await verifyExport(c, { digest: digest.digest })); };
      const s = bytes(short); const l = bytes(long);
      const out = { digest: digest.name, short: [], long: [], whole: [] };
      for (const change of changes) out.short.push(await run(s, change));
      for (const change of longChanges) out.long.push(await run(l, change));
      for (const w of whole) out.whole.push(describe(await verifyExport(bytes(w), { digest: digest.digest })));
      return out;
    }""", [base64.b64encode(short).decode(), base64.b64encode(long).decode(), changes, long_changes,
           [base64.b64encode(w).decode() for w in whole]])
    assert found["digest"] == "webcrypto"  # 127.0.0.1 is a secure context
    expected = [verify_export(byte_changed(short, p, n)).describe() for p, n in changes]
    differ = [(c, e, f) for c, e, f in zip(changes, expected, found["short"]) if e != f]
    assert not differ and len(found["short"]) == len(expected) > 16_000, differ[:3]
    assert found["long"] == [verify_export(byte_changed(long, p, n)).describe() for p, n in long_changes]
    assert found["whole"] == [verify_export(w).describe() for w in whole]
    page.close()


@pytest.mark.parametrize("lang", ["es", "ca"])
@pytest.mark.parametrize("size", ["landscape", "phone"])
def test_audit_and_verify_screens(browser: Any, hall: Any, audited: Any, exports: Any, tmp_path: Path,
                                  lang: str, size: str):
    viewport = TABLET_LANDSCAPE if size == "landscape" else PHONE
    page = new_page(browser, viewport, lang)
    page.goto(f"{hall.url}/audit?game={audited['game']}#token={audited['tribunal']}")
    page.wait_for_selector('[data-testid="trail"]')
    check_screen(page)
    screenshot(page, f"audit-{lang}-{size}")
    page.get_by_test_id("trail").scroll_into_view_if_needed()
    page.locator('[data-testid="trail"] tbody tr').nth(4).locator("summary").click()
    page.locator('[data-testid="trail"] tbody tr').nth(2).scroll_into_view_if_needed()
    check_screen(page)
    screenshot(page, f"audit-{lang}-{size}-trail")
    page.close()
    bad = tmp_path / "partida-manipulada.jsonl"
    bad.write_bytes(structural_tampers(exports["short"])["forged"])
    page = new_page(browser, viewport, lang)
    page.goto(f"{hall.url}/verify")
    page.get_by_test_id("file").set_input_files(str(bad))
    page.wait_for_selector('[data-testid="checked"][data-count="1"]', state="attached")
    check_screen(page)
    page.get_by_test_id("verdict").scroll_into_view_if_needed()
    screenshot(page, f"verify-{lang}-{size}")
    page.close()


def check_screen(page: Any) -> None:
    assert not page.evaluate("[...window.planillaMissing]")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    small = page.evaluate("""[...document.querySelectorAll('button, select, a, summary, input:not([type=file])')].filter((e) => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.height < 24; }).map((e) => e.outerHTML.slice(0, 80))""")
    assert not small, small


def test_the_verifier_reloads_and_verifies_with_the_network_gone(browser: Any, hall: Any, exports: Any,
                                                                 tmp_path: Path):
    """Opened once, ``/verify`` is kept by the service worker: with the hall's network cut (the relay hangs
    up on everything) it reloads and still verifies a file, with the command's line."""
    from tests.browser.test_offline import Wifi

    wifi = Wifi(hall.url)
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    try:
        context.add_init_script("localStorage.setItem('planilla.lang', 'es')")
        page = context.new_page()
        page.goto(f"{wifi.url}/verify")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
        context.set_offline(True)
        wifi.cut()
        page.reload()
        page.wait_for_selector('[data-testid="drop"]', state="attached")
        bad = tmp_path / "swapped.jsonl"
        bad.write_bytes(structural_tampers(exports["short"])["swapped"])
        page.get_by_test_id("file").set_input_files(str(bad))
        page.wait_for_selector('[data-testid="checked"][data-count="1"]', state="attached")
        said = command_lines([bad])[bad.name]
        assert said.startswith("TAMPERED at event 5")
        assert page.get_by_test_id("command-line").inner_text() == f"{bad.name}: {said}"
    finally:
        context.close()
        wifi.close()
