"""A duplicate game driven through its pages (issue 18): a player's slip page, the judge's desk, the hall's ranking.

Everything a player or the judge does goes through the page (taps on the board and the tile keyboard, buttons);
the test reads the service over HTTP only to compare (the ranking) and to make the game (the director's create).
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.hall import cut_wifi
from tests.browser.tablet import catalogue, expect

ROWS = "ABCDEFGHIJKLMNO"


def create(hall: Any, players: list[str], profile: str = "ajs-2012", rounds: int = 2) -> tuple[str, list[str]]:
    r = hall.http.post("/v1/duplicates", json={"profile": profile, "players": players, "draw": "judge", "rounds": rounds},
                       headers=hall.headers(hall.director))
    assert r.status_code == 201, r.text
    return r.json()["id"], [t["token"] for t in r.json()["tokens"]]


def square(coordinates: str) -> tuple[int, int, str]:
    """H4 -> row 7, column 3, across; 7G -> row 6, column 6, down (the federations' notation)."""
    if coordinates[0].isalpha():
        return ROWS.index(coordinates[0]), int(coordinates[1:]) - 1, "H"
    return ROWS.index(coordinates[-1]), int(coordinates[:-1]) - 1, "V"


def tiles(word: str) -> list[tuple[str, bool]]:
    """A slip's word as the keys a player presses: (letter, blank) each; [CH] a digraph."""
    out, i = [], 0
    while i < len(word):
        if word[i] == "[":
            end = word.index("]", i)
            token, i = word[i + 1:end], end + 1
        else:
            token, i = word[i], i + 1
        out.append((token.upper(), token != token.upper()))
    return out


class Page:
    """One device (a browser context) on one of the duplicate pages; every JSON answer it read is kept."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int], lang: str = "es") -> None:
        self.context = browser.new_context(viewport=viewport)
        self.context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
        if getattr(self, "tee", False):
            self.context.add_init_script(TEE_STREAM)
        self.page = self.context.new_page()
        self.lang = lang
        self.errors: list[str] = []
        self.payloads: list[tuple[str, str]] = []  # (url, body) of every JSON answer from /v1/duplicates
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("response", self._keep)
        self.page.goto(url)

    def _keep(self, response: Any) -> None:
        if "/v1/duplicates/" in response.url and not response.url.endswith("/stream"):
            try:
                self.payloads.append((response.url, response.text()))
            except Exception:  # noqa: BLE001  (a page closed meanwhile)
                pass

    def t(self, key: str, **params: Any) -> str:
        found = catalogue(self.lang)[key]
        for name, value in params.items():
            found = found.replace("{" + name + "}", str(value))
        return found

    def button(self, key: str, **params: Any) -> Any:
        return self.page.get_by_role("button", name=self.t(key, **params), exact=True)

    def at_phase(self, phase: str, round_no: int | None = None) -> None:
        app = self.page.locator("#app")
        expect(app).to_have_attribute("data-phase", phase)
        if round_no is not None:
            expect(app).to_have_attribute("data-round", str(round_no))

    def type_word(self, word: str) -> None:
        for letter, blank in tiles(word):
            if blank:
                self.page.locator('pl-keyboard button[data-action="blank"]').first.click()
            self.page.locator(f'pl-keyboard button[data-letter="{letter}"]').first.click()

    def offline(self, cut: bool) -> None:
        """The device loses the hall's Wi-Fi (or gets it back): ``tests.browser.hall.cut_wifi``."""
        cut_wifi(self.hall, self.context, self.page, cut)

    def close(self) -> None:
        self.context.close()


# Run in the page before its scripts: every byte the game's stream sends is kept too (window.planillaStreamed),
# so a test can say what a player's device received, the live events included, not only what it showed.
TEE_STREAM = """(() => {
  const fetched = window.fetch.bind(window);
  window.planillaStreamed = '';
  window.fetch = async (...args) => {
    const answer = await fetched(...args);
    if (!String(args[0]).endsWith('/stream') || !answer.body) return answer;
    const [kept, read] = answer.body.tee();
    (async () => {
      const reader = read.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) { const { value, done } = await reader.read(); if (done) break; window.planillaStreamed += value; }
    })().catch(() => {});
    return new Response(kept, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
  };
})();"""


class Player(Page):
    def __init__(self, browser: Any, hall: Any, duplicate: str, token: str, seat: int, viewport: dict[str, int],
                 lang: str = "es") -> None:
        self.tee = True
        self.hall = hall
        super().__init__(browser, f"{hall.url}/slip#token={token}&duplicate={duplicate}&seat={seat}", viewport, lang)
        self.seat = seat
        expect(self.page.locator("#app.slip")).to_be_visible()
        assert self.page.url.endswith("/slip"), "the token must not stay in the address"

    def write_slip(self, word: str, coordinates: str, send: bool = True) -> None:
        """Tap the start square (twice for down), type the whole word, hand the slip in (unless `send` is False)."""
        row, col, direction = square(coordinates)
        cell = self.page.locator(f'pl-board button[data-row="{row}"][data-col="{col}"]')
        cell.click()
        if direction == "V":
            cell.click()
        self.type_word(word)
        expect(self.page.locator("#word-preview .coord")).to_have_text(coordinates)
        if send:
            self.button("slip.send").click()

    def seen(self, text: str) -> list[str]:
        """Where this page received `text` (a word another player wrote, say): the JSON answers it read, and
        its stream ('stream'), which must have sent something by then (the round's start at least)."""
        streamed = self.page.evaluate("window.planillaStreamed")
        assert "RoundStarted" in streamed, "the stream was not captured"
        return [url for url, body in self.payloads if text in body] + (["stream"] if text in streamed else [])


class Judge(Page):
    def __init__(self, browser: Any, hall: Any, duplicate: str, viewport: dict[str, int], lang: str = "es") -> None:
        super().__init__(browser, f"{hall.url}/judge?duplicate={duplicate}#token={hall.arbiter}", viewport, lang)
        expect(self.page.locator("#app.judge")).to_be_visible()
        assert "token" not in self.page.url

    def enter_rack(self, rack: str) -> None:
        self.page.locator('pl-keyboard button[data-action="clear"]').click()
        self.type_word(rack)

    def rule_all_valid(self) -> list[str]:
        words = self.page.locator("#rulings li").evaluate_all("(items) => items.map((li) => li.dataset.word)")
        for word in words:
            item = self.page.locator(f'#rulings li[data-word="{word}"]')
            item.locator('button[data-valid="true"]').click()
            expect(item.locator(".ruled")).to_contain_text(self.t("judge.valid"))
        return words

    def error(self) -> Any:
        return self.page.locator("#judge-error")


def ranking_rows(page: Any) -> list[tuple[int, str, str]]:
    return [tuple(x) for x in json.loads(page.evaluate(
        "() => JSON.stringify([...document.querySelectorAll('table.ranking tbody tr')].map((r) => "
        "[Number(r.cells[0].innerText), r.cells[1].innerText, r.cells[2].innerText]))"))]
