"""A tablet whose binding answer the hall's Wi-Fi lost, in Chromium: it gets that answer by sending the same again.

The QR's address (``#bind=CODE``) binds from the page's head; the service saves the binding and answers, and the
answer never reaches the page (the request's connection reset after the service answered: Playwright's route fetches
the answer, then aborts). Before, the bundle bound again with a new key, met the spent code (410), and the player
needed an official and a new code. Now the bundle sends the same request again (the same key and ``resume`` secret)
and the service answers it again: the game is shown, with one binding and one key on record.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, screenshot
from tests.browser.tablet import expect, text
from tests.browser.test_tablet_shared import codes, events


class Wifi:
    """The hall's Wi-Fi as these tests play it: the first binding is saved and answered by the service, and the answer is
    lost; while ``down``, the other requests routed to ``other`` fail, and so do later bindings where ``binds_too``."""

    def __init__(self, binds_too: bool) -> None:
        self.sent: list[dict[str, Any]] = []
        self.down = True
        self.binds_too = binds_too

    def bind(self, route: Any) -> None:
        self.sent.append(route.request.post_data_json)
        if len(self.sent) == 1:
            route.fetch()  # the service binds and answers, and the answer is lost
            route.abort("connectionreset")
        elif self.down and self.binds_too:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    def other(self, route: Any) -> None:
        if self.down:
            route.abort("internetdisconnected")
        else:
            route.continue_()


def test_a_binding_whose_answer_was_lost_is_answered_again_and_the_game_is_shown(browser: Any, hall: Any) -> None:
    game = hall.new_game("fisc-2023")
    code = codes(game)[0]
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    sent: list[dict[str, Any]] = []
    answered: list[int] = []

    def lose_the_first_answer(route: Any) -> None:
        sent.append(route.request.post_data_json)
        if not answered:
            answered.append(route.fetch().status)  # the service binds and answers ...
            route.abort("connectionreset")  # ... and the answer never reaches the tablet
        else:
            route.continue_()

    context.route("**/v1/bind*", lose_the_first_answer)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{hall.url}/tablet#bind={code}")
        expect(page.locator("#banner")).to_be_visible()
        assert page.url.endswith("/tablet")
        assert answered == [200] and len(sent) == 2
        assert sent[1]["resume"] == sent[0]["resume"] and sent[1]["public_key"] == sent[0]["public_key"]
        assert page.locator(".bind .error").count() == 0
        recorded = events(game)
        assert [e["type"] for e in recorded].count("DeviceBound") == 1
        assert [e["type"] for e in recorded].count("KeyRegistered") == 1
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang,size", [("es", "phone"), ("ca", "tablet")])
def test_a_binding_lost_and_the_page_reloaded_is_answered_again_when_the_code_is_typed_again(
        browser: Any, hall: Any, lang: str, size: str) -> None:
    """The Wi-Fi loses the answer and stays down for the bundle's second try: the page says the network failed (not
    the code: it still works); the player reloads and types the code again once the Wi-Fi is back, and the same
    binding is sent (kept in the page's store across the reload) and answered: one binding, the game shown."""
    game = hall.new_game("file-2024")
    code = codes(game)[1]
    context = browser.new_context(viewport=PHONE if size == "phone" else TABLET_LANDSCAPE)
    context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
    wifi = Wifi(binds_too=True)
    sent = wifi.sent
    context.route("**/v1/bind*", wifi.bind)
    try:
        page = context.new_page()
        page.goto(f"{hall.url}/tablet#bind={code}")
        expect(page.locator(".bind [role=alert]")).to_have_text(text(lang, "bind.network"))
        assert len(sent) == 2 and sent[1]["resume"] == sent[0]["resume"]
        # the code still works: kept as typed, not selected (no keyboard over the message), the button focused
        assert page.locator("#bind-code").input_value() == code
        assert page.evaluate("document.activeElement.type === 'submit' && getSelection().toString() === ''"
                             " && document.getElementById('bind-code').selectionStart"
                             " === document.getElementById('bind-code').selectionEnd")
        screenshot(page, f"bind-network-{lang}-{size}")
        wifi.down = False
        page.reload()
        page.locator("#bind-code").fill(code)
        page.get_by_role("button", name=text(lang, "bind.submit"), exact=True).click()
        expect(page.locator("#banner")).to_be_visible()
        assert len(sent) == 3 and sent[2]["resume"] == sent[0]["resume"]
        assert sent[2]["public_key"] == sent[0]["public_key"]
        assert [e["type"] for e in events(game)].count("DeviceBound") == 1
        assert page.evaluate("Object.keys(localStorage).filter((k) => k.includes('bind.pending'))") == []
    finally:
        context.close()


def test_a_binding_lost_with_the_bundle_is_answered_again_after_a_reload(browser: Any, hall: Any) -> None:
    """The Wi-Fi drops as the QR's address is opened: the page's head sends the binding, the service saves it, and
    neither its answer nor the page's bundle arrive (the bundle, which kept what a binding was sent with, never
    runs). The Wi-Fi comes back and the player reloads: the head had kept the key and the secret before sending
    (tablet.html), so the same is sent again and answered: one binding, one key, the game shown, nothing left kept."""
    game = hall.new_game("fisc-2023")
    code = codes(game)[0]
    context = browser.new_context(viewport=TABLET_LANDSCAPE)
    wifi = Wifi(binds_too=False)
    sent = wifi.sent
    context.route("**/v1/bind*", wifi.bind)
    context.route("**/bundle/tablet.js", wifi.other)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        with page.expect_event("requestfailed", predicate=lambda r: "/v1/bind" in r.url):
            page.goto(f"{hall.url}/tablet#bind={code}")
        assert len(sent) == 1
        wifi.down = False
        page.reload()
        expect(page.locator("#banner")).to_be_visible()
        assert page.url.endswith("/tablet")
        assert len(sent) == 2
        assert sent[1]["resume"] == sent[0]["resume"] and sent[1]["public_key"] == sent[0]["public_key"]
        recorded = events(game)
        assert [e["type"] for e in recorded].count("DeviceBound") == 1
        (registered,) = [e for e in recorded if e["type"] == "KeyRegistered"]
        assert page.evaluate("Object.keys(localStorage).filter((k) => k.includes('bind.pending'))") == []
        # the key the head made and kept across the reload is the seat's, held by the page, and it signs
        seat = registered["payload"]["seat"]
        kept = page.evaluate("""async ([game, seat]) => {
          const { seatKey, signHead, signedMessage, verifySignature } = await import('/static/js/keys.js');
          const { openStore } = await import('/static/js/store.js');
          const key = await seatKey(await openStore('planilla'), game, seat);
          const said = { action: 'sign', game, seat, head: 'f'.repeat(64) };
          const signature = await signHead(key.privateKey, said);
          return { fingerprint: key.fingerprint, extractable: key.privateKey.extractable,
                   verified: await verifySignature(key.spki, signedMessage('sign', game, seat, said.head), signature) };
        }""", [game.id, seat])
        assert kept == {"fingerprint": registered["payload"]["fingerprint"], "extractable": False, "verified": True}
        # the page's store, made first by the head with its values store alone, is the whole store now: the outbox works
        assert page.evaluate("""async () => {
          const { openStore } = await import('/static/js/store.js');
          const store = await openStore('planilla');
          await store.write({ put: [{ id: 'probe', gameId: 'g', seq: 1 }] });
          const found = await store.all('g');
          await store.write({ remove: ['probe'] });
          return found.length;
        }""") == 1
        assert errors == []
    finally:
        context.close()
