"""A tablet whose binding answer the hall's Wi-Fi lost, in Chromium: it gets that answer by sending the same again.

The QR's address (``#bind=CODE``) binds from the page's head; the service saves the binding and answers, and the
answer never reaches the page (the request's connection reset after the service answered: Playwright's route fetches
the answer, then aborts). Before, the bundle bound again with a new key, met the spent code (410), and the player
needed an official and a new code. Now the bundle sends the same request again (the same key and ``resume`` secret)
and the service answers it again: the game is shown, with one binding and one key on record.
"""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE
from tests.browser.tablet import expect
from tests.browser.test_tablet_shared import codes, events


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
