"""The pages are served by ``planilla serve`` itself and open in Chromium."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE


def test_the_landing_page_opens_in_chromium_and_links_to_the_tablet(browser: Any, live: Any) -> None:
    page = browser.new_page(viewport=TABLET_LANDSCAPE)
    answer = page.goto(live.url + "/")
    assert answer is not None and answer.status == 200
    page.get_by_role("link").first.click()
    assert page.url.endswith("/tablet")
    page.close()


def test_the_landing_page_links_the_replay_the_audit_view_and_the_verifier(browser: Any, live: Any) -> None:
    page = browser.new_page(viewport=TABLET_LANDSCAPE)
    page.add_init_script("localStorage.setItem('planilla.lang', 'ca')")
    page.goto(live.url + "/")
    page.wait_for_selector("a[href='/verify']")
    links = page.locator("main a").evaluate_all("(els) => els.map((e) => [e.getAttribute('href'), e.textContent])")
    hrefs = [href for href, _ in links]
    assert {"/tablet", "/replay", "/audit", "/verify"} <= set(hrefs)
    assert dict(links)["/verify"] == "Verificar una exportació sense connexió"
    for name in ("replay", "audit", "verify"):
        answer = page.goto(f"{live.url}/{name}")
        assert answer is not None and answer.status == 200
        page.wait_for_selector("form, [data-testid=drop]")  # the game's form, or the drop zone
        assert not page.evaluate("[...window.planillaMissing]"), name
    page.close()
