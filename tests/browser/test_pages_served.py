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
