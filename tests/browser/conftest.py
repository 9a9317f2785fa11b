"""Pages in a real browser: Playwright (Python) driving Debian's Chromium.

Playwright's own browser download is not reachable here, so the tests launch the system Chromium: Debian's
headless shell (``apt-get install chromium-headless-shell``: the same Chromium release, Blink and V8 built
without the browser's windows and services, which is what Playwright's own headless runs use) when it is
installed, else the whole browser at ``/usr/bin/chromium`` in its headless mode; ``PLANILLA_CHROMIUM`` names
another. The shell does the same pages with a third less CPU (issue 25: the 72 browser tests at ``-n 2``, 576 s
of the machine's CPU with the whole browser, 395 s with the shell; bench/README.md), and the browser tests are a
third of the suite. They skip with a reason outside CI when neither (or the playwright package) is there, and
fail in CI (``CI`` set), where ``.ci/run`` installs the shell. Screenshots go to ``docs/screens/``.
"""

from __future__ import annotations

import os
import shutil
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.reliability.live import LiveServer

SHELL, BROWSER = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = os.environ.get("PLANILLA_CHROMIUM") or (SHELL if os.path.exists(SHELL) else BROWSER)
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
TABLET_LANDSCAPE = {"width": 1280, "height": 800}
TABLET_PORTRAIT = {"width": 800, "height": 1280}
PHONE = {"width": 390, "height": 844}


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the browser tests may not be skipped)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per module (the flags this closed network needs). Not per session: Playwright's sync
    API keeps an event loop running on the main thread while it is started, and a worker of the parallel suite
    runs other modules' tests (``asyncio.run`` among them) between browser modules."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        _watch_contexts(chromium)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real ``planilla serve`` on a fresh SQLite data folder (the hall server's embedded default)."""
    server = LiveServer(str(tmp_path_factory.mktemp("hall") / "data"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One hall server for the session, in this process (``tests/browser/hall.py``): the tablets' games."""
    from tests.browser.hall import Hall

    found = Hall(tmp_path_factory.mktemp("hall") / "data")
    try:
        yield found
    finally:
        found.stop()


def screenshot(page: Any, name: str) -> Path:
    """Save ``docs/screens/<name>.png`` (committed: the pages as a person sees them)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = SCREENS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


# What a failed browser test's pages showed, in its report: a timeout alone says nothing of why (CI keeps only
# the output). Each open page's address, its game's shown version, its connection state, whether the service worker
# controls it, the start of its text and its last requests; then what it said (``_watch_page``).
_PAGE_FACTS = """() => {
  const game = document.querySelector('[data-testid=game]');
  const link = document.querySelector('[data-testid=connection]');
  const done = performance.getEntriesByType('resource').slice(-12)
    .map((e) => `${Math.round(e.startTime)}+${Math.round(e.duration)}ms ${e.name.replace(location.origin, '')}`);
  return { url: location.pathname, version: game ? game.dataset.version : null,
           connection: link ? link.dataset.state : null, online: navigator.onLine,
           controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
           text: (document.body ? document.body.innerText : '').slice(0, 600), last_requests: done };
}"""


def _watch_contexts(chromium: Any) -> None:
    """Every page of every context this browser makes keeps its last console lines and uncaught errors, for the
    failure report below (a page that hung on an exception says which)."""
    made = chromium.new_context

    def new_context(*args: Any, **kwargs: Any) -> Any:
        context = made(*args, **kwargs)
        context.on("page", _watch_page)
        return context

    chromium.new_context = new_context


def _watch_page(page: Any) -> None:
    said: deque[str] = deque(maxlen=20)
    page._planilla_said = said
    page.on("console", lambda message: said.append(f"{message.type}: {message.text[:300]}"))
    page.on("pageerror", lambda error: said.append(f"uncaught: {str(error)[:300]}"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    contexts = [v for v in getattr(item, "funcargs", {}).values() if hasattr(v, "pages") and hasattr(v, "new_page")]
    lines = []
    for context in contexts:
        for n, page in enumerate(context.pages):
            try:
                # a bounded wait, unlike evaluate: a hung page must not hang the suite
                facts = page.wait_for_function(f"({_PAGE_FACTS})()", timeout=2_000).json_value()
                lines.append(f"page {n}: {facts}")
                lines.extend(f"  page {n} said: {line}" for line in getattr(page, "_planilla_said", ()))
            except Exception as err:  # noqa: BLE001 (a closed or hung page: say so, never hide the test's failure)
                lines.append(f"page {n}: not readable ({type(err).__name__}: {err})")
    if lines:
        report.sections.append(("pages at the failure", "\n".join(lines)))
