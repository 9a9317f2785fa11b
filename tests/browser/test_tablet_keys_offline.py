"""A key-signed command queued offline keeps the signature over the head it saw (issue 16).

Bea's tablet, bound by its seat's code (so it made and registered a key), writes Ana's score while the
hall's Wi-Fi is down: the acceptance, key-signed over the head the page showed, and the sheet line after
it wait in the outbox. Meanwhile Bea's play is challenged from another device. Back online, every attempt
to send the acceptance carried the same signature and version; the service answers 409, the page shows
it, nothing of it is recorded. Only when Bea taps "send again" is it signed anew, over the head now shown.
"""

from __future__ import annotations

import json
from typing import Any

from domain.game.keys import signed_message
from service.trust.keys import verify_p256
from tests.browser.tablet import text
from tests.browser.test_offline import WAIT, Game, context, offline, queued, shows, wifi  # noqa: F401 (fixtures)
from tests.reliability.live import LiveServer


def test_an_acceptance_signed_offline_is_refused_409_when_the_game_moved_and_signed_again_only_on_a_tap(
        context: Any, live: LiveServer, wifi: Any) -> None:
    game = Game(live)
    game.play_until(1, "accept")  # Ana has played; Bea's tablet is to accept it
    r = game.client.post(f"/v1/games/{game.id}/seats/1/code", json={}, headers=live.headers(live.director))
    assert r.status_code in (200, 201), r.text
    page = context.new_page()
    page.goto(f"{wifi.url}/tablet#bind={r.json()['code']}")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT)
    state = game.state()
    at, seen = state["version"], state["head_hash"]
    shows(page, at)
    key = next(e for e in game.events() if e["type"] == "KeyRegistered")["payload"]
    assert key["seat"] == 1

    sent: list[dict[str, Any]] = []
    page.route("**/v1/games/*/commands", lambda route: (sent.append(json.loads(route.request.post_data or "{}")),
                                                        route.continue_()))
    offline(context, wifi, True)
    page.locator("#write-score").fill("7")
    page.get_by_test_id("accept").click()
    queued(page, 2)  # the signed acceptance, then the line after it
    # meanwhile the arbiter records Bea's challenge for her (FILE 39): an official entry, the director's own (a
    # player token other than her tablet's speaks for nobody on a seat with a key, issue 26)
    game.send("director", {"type": "challenge", "seat": 1})
    moved = game.state()

    offline(context, wifi, False)
    refused = page.get_by_test_id("refused")
    refused.wait_for(timeout=WAIT)
    assert refused.get_attribute("data-status") == "409"
    accepts = [b for b in sent if b.get("type") == "accept"]
    assert accepts, "the acceptance was sent once the network was back"
    assert {(b["expected_version"], b["key_signature"]) for b in accepts} == {(at, accepts[0]["key_signature"])}
    assert verify_p256(key["public_key"], signed_message("accept", game.id, 1, seen), accepts[0]["key_signature"])
    assert [e["type"] for e in game.events() if e["sequence"] > at] == ["PlayChallenged"], "nothing recorded"

    # Bea looks at the game as it is now and taps "send again": a new signature over the head now shown.
    shows(page, moved["version"])
    before = len(sent)
    page.get_by_role("button", name=text("es", "refused.retry"), exact=True).click()
    for _ in range(WAIT // 100):
        if any(b.get("type") == "accept" for b in sent[before:]):
            break
        page.wait_for_timeout(100)
    again = next(b for b in sent[before:] if b.get("type") == "accept")
    assert again["expected_version"] == moved["version"] and again["key_signature"] != accepts[0]["key_signature"]
    assert verify_p256(key["public_key"], signed_message("accept", game.id, 1, moved["head_hash"]),
                       again["key_signature"])
