"""A player's tablet driven through the page, by role and accessible name where a player would look."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

try:
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)  # a loaded CI machine: the page may take a while to catch up (10 s failed twice)
except ImportError:  # the ``browser`` fixture then skips (or, in CI, fails) with the reason
    expect = None

from tests.browser.hall import Game, cut_wifi, play_keys

I18N = Path(__file__).resolve().parents[2] / "pages" / "static" / "i18n"


def catalogue(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def text(lang: str, key: str, **params: Any) -> str:
    found = catalogue(lang)[key]
    for name, value in params.items():
        found = found.replace("{" + name + "}", str(value))
    return found


class Tablet:
    """One browser context (one device) bound to one seat of one game."""

    def __init__(self, browser: Any, game: Game | None, seat: int | None, viewport: dict[str, int],
                 lang: str | None = None, token: str | None = None, address: str | None = None,
                 wait: bool = True) -> None:
        self.context = browser.new_context(viewport=viewport)
        if lang:
            self.context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
        self.page: Any = None
        self.errors: list[str] = []
        self.game, self.seat, self.lang = game, seat, lang or "es"
        if address is None:
            address = game.address(seat) if token is None else f"{game.hall.url}/tablet#token={token}&game={game.id}"
        self.open(address, wait)

    def open(self, address: str, wait: bool = True) -> None:
        """Open ``address`` in a new tab of this device (as a scanned QR does) and close the tab it had; without
        ``wait``, ``shown`` waits for the game (several tablets then load at once)."""
        old, self.page = self.page, self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        if old is not None:
            old.close()
        self.page.goto(address, wait_until="load" if wait else "commit")
        if wait:
            self.shown()

    def shown(self) -> None:
        """The game is shown, and the address kept no secret."""
        expect(self.page.locator("#banner")).to_be_visible()
        assert self.page.url.endswith("/tablet"), "the token must not stay in the address"

    def t(self, key: str, **params: Any) -> str:
        return text(self.lang, key, **params)

    def button(self, key: str, **params: Any) -> Any:
        return self.page.get_by_role("button", name=self.t(key, **params), exact=True)

    def sync(self) -> None:
        """Wait until the page shows the game's current version (a player looks before acting). A tablet made
        without a ``Game`` (a test that reads no API) waits until its banner and sheets show what the page holds."""
        if self.game is None:
            self.page.wait_for_function("() => { const d = document.getElementById('app').dataset; "
                                        "return Boolean(d.version) && d.version === d.models; }")
            return
        version = str(self.game.state()["version"])
        expect(self.page.locator("#app")).to_have_attribute("data-version", version)
        expect(self.page.locator("#app")).to_have_attribute("data-models", version)

    def act(self, key: str, **params: Any) -> None:
        """Look at the game as it is, tap the button, and wait until the command is answered."""
        self.sync()
        self.tap(self.button(key, **params))

    def taps(self) -> int:
        return int(self.page.locator("#app").get_attribute("data-taps") or 0)

    def tap(self, control: Any) -> None:
        """Tap a control whose handler queues commands; wait until it has queued them and every one is answered
        (the page counts each tap once its handler is done: an empty outbox before that proves nothing)."""
        before = self.taps()
        control.click()
        expect(self.page.locator("#app")).to_have_attribute("data-taps", str(before + 1))
        self.wait_sent()

    def offline(self, hall: Any, cut: bool) -> None:
        """This tablet loses the hall's Wi-Fi (or gets it back): ``tests.browser.hall.cut_wifi``."""
        cut_wifi(hall, self.context, self.page, cut)

    def expect_banner(self, key: str, **params: Any) -> None:
        expect(self.page.locator("#banner")).to_contain_text(self.t(key, **params))

    def rack(self) -> list[str]:
        return self.page.locator(".scores .rack .tile .letter").all_inner_texts()

    def wait_rack(self, count: int) -> None:
        expect(self.page.locator(".scores .rack .tile")).to_have_count(count)

    def wait_sent(self) -> None:
        """Every queued command answered; a refusal shown by the page fails the test with the service's words."""
        done = self.page.locator(f'#outbox:text-is("{self.t("net.outbox", count=0)}"), .refusal')
        expect(done.first).to_be_visible()
        refusal = self.page.locator(".refusal")
        assert not refusal.count(), refusal.inner_text()
        expect(self.page.locator("#outbox")).to_have_text(self.t("net.outbox", count=0))

    def enter_play(self, coordinates: str, word: str, announced: int, total: int | None = None) -> None:
        """Tap the start square and the direction, type the new tiles (blank toggle first for a blank),
        type the announced score and running total, and record the play."""
        row, col, direction, tiles = play_keys(coordinates, word)
        self.sync()
        page = self.page
        page.locator(f'pl-board button[data-row="{row}"][data-col="{col}"]').click()
        page.get_by_role("button", name=self.t(f"dir.{direction}"), exact=True).click()
        for letter, blank in tiles:
            if blank:
                page.get_by_role("button", name=self.t("keyboard.blank"), exact=True).click()
            page.locator(f'pl-keyboard button[data-letter="{letter}"]').click()
        page.get_by_label(self.t("play.announced")).fill(str(announced))
        if total is not None:
            page.get_by_label(self.t("play.total")).fill(str(total))
        self.tap(self.button("action.place_tiles"))

    def accept(self, score: int | None = None, total: int | None = None) -> None:
        self.sync()
        page = self.page
        if score is not None:
            page.get_by_label(re.compile(re.escape(self.t("answer.score", name="X")).replace("X", ".*"))).fill(str(score))
        if total is not None:
            page.get_by_label(re.compile(re.escape(self.t("answer.total", name="X")).replace("X", ".*"))).fill(str(total))
        self.tap(self.button("action.accept"))

    def close(self) -> None:
        self.context.close()


def pass_to_the_end(game: Game, tabs: dict[int, Tablet], passes: int = 12) -> None:
    """The player on turn passes from their own tablet, again and again, until the profile ends the game (at most
    ``passes`` passes: every profile ends a game on consecutive passes well before that)."""
    for _ in range(passes):
        state = game.state()
        if state["phase"] != "playing":
            break
        tab = tabs[state["seat_on_turn"]]
        tab.expect_banner("wait.play.you")
        tab.act("action.pass")


def tap_all(steps: list[tuple[Tablet, str]]) -> None:
    """Several tablets (of different tables) each tap a button by its text key at once; then wait until every tap
    is answered, as ``Tablet.tap`` does for one. Each click waits until its page offers the button."""
    counts = []
    for tab, key in steps:
        counts.append(tab.taps())
        tab.button(key).click()
    for (tab, _), before in zip(steps, counts):
        expect(tab.page.locator("#app")).to_have_attribute("data-taps", str(before + 1))
        tab.wait_sent()


def close_all(tabs: Any) -> None:
    """Close each tablet, failing on any script error its page raised meanwhile."""
    for tab in tabs:
        assert not tab.errors, tab.errors
        tab.close()


# Run in the page: what a player (or assistive technology) would stumble on.
CHECK = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !el.closest('[aria-hidden="true"]'); };
  const nameOf = (el) => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(' ').map((id) => document.getElementById(id)?.innerText || '').join(' ');
    if (el.labels && el.labels.length) return [...el.labels].map((l) => l.innerText).join(' ');
    return el.innerText || el.getAttribute('title') || '';
  };
  const unnamed = [], small = [];
  const phone = innerWidth < 600;
  for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role="img"], [role="group"]')) {
    if (!shown(el) && el.type !== 'checkbox') continue;
    if (!nameOf(el).trim()) unnamed.push(el.outerHTML.slice(0, 160));
    if (el.matches('button, a[href], input, select, textarea')) {
      const target = el.type === 'checkbox' && el.closest('label') ? el.closest('label') : el;
      const r = target.getBoundingClientRect();
      const board = el.closest('pl-board');
      // A 15x15 board cannot give 44 px squares on a 390 px phone: there the board is the exception.
      if ((r.width < 44 || r.height < 44) && !(board && phone)) small.push(`${Math.round(r.width)}x${Math.round(r.height)} ${el.outerHTML.slice(0, 100)}`);
    }
  }
  return { unnamed, small, missing: [...(window.planillaMissing || [])],
           marked: document.body.innerText.includes('⟦') };
}"""


def check_page(page: Any, where: str) -> None:
    found = page.evaluate(CHECK)
    assert not found["missing"] and not found["marked"], f"{where}: missing strings {found['missing']}"
    assert not found["unnamed"], f"{where}: no accessible name: {found['unnamed'][:5]}"
    assert not found["small"], f"{where}: {len(found['small'])} touch targets under 44 px: {found['small'][:5]}"
