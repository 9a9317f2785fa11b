"""Every page in Spanish, Catalan and English on a 10-inch tablet (landscape, portrait) and a phone: no
missing string, every control with an accessible name, touch targets of 44 px; the screenshots of
docs/screens/; a spectator's page and the opponent's never show a rack."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.browser.hall import Game
from tests.browser.tablet import Tablet, check_page, close_all, expect, text

SIZES = {"landscape": TABLET_LANDSCAPE, "portrait": TABLET_PORTRAIT, "phone": PHONE}


@pytest.fixture(scope="module")
def midgame(hall: Any) -> Game:
    """A Spanish game a few turns in (played over the API by the bot: these tests look, they do not play)."""
    game = hall.new_game("file-2024", ("Ana García", "Berta Núñez"), event="Open de Madrid")
    game.draw_for_start()
    state = game.state()
    for k in range(2):
        game.official("draw_tiles", token=game.tokens[(state["starter"] + k) % 2])
    for _ in range(4):
        seat = game.state()["seat_on_turn"]
        coordinates, word = game.find_play(seat)
        game.official("place_tiles", token=game.tokens[seat], coordinates=coordinates, word=word)
        game.official("accept", token=game.tokens[1 - seat])
    return game

LAYOUT = """() => {
  const box = (el) => el && el.getBoundingClientRect();
  const record = box(document.getElementById('record-play'));
  const board = box(document.querySelector('.board-area'));
  const scores = box(document.querySelector('.side > .scores'));
  const side = box(document.querySelector('.side'));
  const foot = box(document.querySelector('.group.play > .foot'));
  const keys = [...document.querySelectorAll('#keyboard .key')];
  const outOfView = (k) => {
    const r = box(k);
    return r.top < side.top - 1 || r.bottom > (foot ? foot.top : side.bottom) + 1;
  };
  const hidden = keys.filter(outOfView).map((k) => k.textContent.trim());
  // a phone: the keyboard's first row, at least, in view above the foot before the panel is scrolled
  const firstTop = keys.length ? box(keys[0]).top : 0;
  const firstRow = keys.filter((k) => Math.abs(box(k).top - firstTop) < 2);
  const clipped = [...document.querySelectorAll('pl-sheets .sheet')].filter((s) => s.scrollWidth > s.clientWidth + 1)
    .map((s) => `${s.scrollWidth} > ${s.clientWidth}`);
  return { record: record && record.bottom <= innerHeight + 1 && record.top >= 0, typing: Boolean(record),
           // the scores at the panel's head, below the board, or scrolled away whole (never half under its edge)
           scoresBelowBoard: !board || !scores || innerWidth > innerHeight || innerWidth < 600
             || scores.top >= board.bottom - 1 || scores.bottom <= side.top + 1, clipped,
           // on a tablet the whole keyboard is in view between the panel's edge and its foot, unscrolled
           hidden: innerWidth < 600 ? firstRow.filter(outOfView).map((k) => k.textContent.trim()) : hidden };
}"""


def check_layout(page: Any, where: str) -> None:
    """Issue 28: while a play is typed «Anotar la jugada» is on screen; the score cards never slide under the
    board; neither sheet clips a column (side by side only where both fit, stacked on a phone); on a tablet, either
    way up, every key of the keyboard is in view without scrolling the panel (not under its foot); on a phone, its
    first row at least."""
    found = page.evaluate(LAYOUT)
    assert not found["typing"] or found["record"], f"{where}: «Anotar la jugada» is off screen"
    assert found["scoresBelowBoard"], f"{where}: the score cards slide under the board"
    assert not found["clipped"], f"{where}: a sheet clips its columns: {found['clipped']}"
    assert not found["hidden"], f"{where}: keys out of view while typing: {found['hidden']}"


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_the_tablet_page_in_each_language_and_size_names_every_control(browser: Any, midgame: Game, lang: str) -> None:
    """The player on turn typing a play, and the opponent waiting, at the three sizes (one device each, turned
    and resized); Spanish and Catalan screenshots."""
    seat = midgame.state()["seat_on_turn"]
    tab = Tablet(browser, midgame, seat, TABLET_LANDSCAPE, lang=lang)
    waiting = Tablet(browser, midgame, 1 - seat, TABLET_LANDSCAPE, lang=lang)
    waiting.expect_banner("wait.play", names=midgame.state()["players"][seat]["name"])
    expect(tab.page.locator("pl-keyboard .key").first).to_be_visible()
    tab.page.locator('pl-board button[data-row="7"][data-col="3"]').click()
    tab.page.locator('pl-keyboard button[data-letter="A"]').click()
    for size, viewport in SIZES.items():
        for page in (tab.page, waiting.page):
            page.set_viewport_size(viewport)
            page.evaluate("window.scrollTo(0, 0)")
        check_page(tab.page, f"{lang} {size} typing")
        check_page(waiting.page, f"{lang} {size} waiting")
        check_layout(tab.page, f"{lang} {size} typing")
        check_layout(waiting.page, f"{lang} {size} waiting")
        if lang in ("es", "ca"):
            screenshot(tab.page, f"tablet-{lang}-{size}-typing")
    # On the phone (the last size), the zoom gives the board's squares 44 px too, in a scrolling window.
    tab.button("board.zoom").click()
    expect(tab.button("board.zoom")).to_have_attribute("aria-pressed", "true")
    smallest = tab.page.evaluate("Math.min(...[...document.querySelectorAll('pl-board button')].map("
                                 "(b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)))")
    assert smallest >= 44, smallest
    if lang == "es":
        screenshot(tab.page, "tablet-es-phone-zoomed")
    for t in (tab, waiting):
        assert not t.errors, t.errors
        t.close()

#: The service's refusal of a seat code nobody issued, as the tablet shows it in each language.
SERVICE_SAYS = {"es": "no existe el código de asiento ABCD-EFGH: compruébelo o pida uno nuevo al director",
                "ca": "no existeix el codi de seient ABCD-EFGH: comproveu-lo o demaneu-ne un de nou al director",
                "en": "no seat code ABCD-EFGH: check it, or ask the director for a new one"}


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_the_landing_page_and_the_binding_page_in_each_language(browser: Any, hall: Any, lang: str) -> None:
    # Spanish and Catalan at both sizes, with their screenshots; English on a phone only
    sizes = {"tablet": TABLET_LANDSCAPE, "phone": PHONE} if lang != "en" else {"phone": PHONE}
    for size, viewport in sizes.items():
        context = browser.new_context(viewport=viewport)
        context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
        page = context.new_page()
        page.goto(hall.url + "/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_role("link").first).to_be_visible()
        check_page(page, f"landing {lang}")
        page.get_by_role("link").first.click()
        expect(page.locator("#bind-code")).to_be_visible()
        check_page(page, f"bind {lang}")
        if lang != "en":
            screenshot(page, f"bind-{lang}-{size}")
        context.close()
    # A code that binds nothing: the page says so in the device's language, and keeps no code in the address.
    for size, viewport in sizes.items():
        context = browser.new_context(viewport=viewport)
        context.add_init_script(f"localStorage.setItem('planilla.lang', '{lang}')")
        page = context.new_page()
        page.goto(hall.url + "/tablet")
        page.get_by_label(text(lang, "bind.code")).fill("ABCD-EFGH")
        page.get_by_role("button", name=text(lang, "bind.submit")).click()
        expect(page.get_by_role("alert")).to_contain_text(text(lang, "bind.failed"))
        # ...and the service's own refusal, in that language too (the page sends Accept-Language: issue 28).
        said = SERVICE_SAYS[lang]  # a sentence of its own after the page's: its first letter a capital
        expect(page.get_by_role("alert")).to_contain_text(f"{text(lang, 'bind.failed')} {said[0].upper()}{said[1:]}")
        assert page.url.endswith("/tablet")
        # the refused code stays in the field, selected: a typo is mended in place, a new code typed over it
        expect(page.locator("#bind-code")).to_have_value("ABCD-EFGH")
        expect(page.locator("#bind-code")).to_be_focused()
        assert page.evaluate("() => { const f = document.getElementById('bind-code');"
                             " return [f.selectionStart, f.selectionEnd]; }") == [0, 9]
        check_page(page, f"bind refused {lang}")
        if lang != "en":
            screenshot(page, f"bind-refused-{lang}-{size}")
        context.close()

def test_a_spectator_and_the_opponent_never_see_a_rack(browser: Any, hall: Any, midgame: Game) -> None:
    r = hall.http.post("/v1/tokens", json={"role": "spectator", "label": "hall screen"},
                       headers=hall.headers(hall.director))
    assert r.status_code == 201, r.text
    spectator = Tablet(browser, midgame, None, TABLET_LANDSCAPE, token=r.json()["token"])
    seat = midgame.state()["seat_on_turn"]
    opponent = Tablet(browser, midgame, 1 - seat, TABLET_LANDSCAPE)
    owner = Tablet(browser, midgame, seat, TABLET_LANDSCAPE)
    owner.wait_rack(7)
    opponent.wait_rack(7)
    # What the service gives each: the owner's tiles to the owner only.
    for tab, token in ((opponent, midgame.tokens[1 - seat]), (spectator, r.json()["token"])):
        assert midgame.state(token)["players"][seat]["rack"] is None
    # The opponent's page shows one rack, its own (the tiles the service gave that seat); the spectator's none.
    own = midgame.state(midgame.tokens[1 - seat])["players"][1 - seat]["rack"]
    assert opponent.page.locator(".rack").count() == 1 and len(opponent.rack()) == len(own)
    expect(spectator.page.locator("pl-board")).to_be_visible()
    assert spectator.page.locator(".rack").count() == 0 and spectator.page.locator("pl-keyboard").count() == 0
    assert spectator.page.locator("#actions button").count() == 0
    check_page(spectator.page, "spectator")
    close_all((spectator, opponent, owner))


def shots(tab: Tablet, name: str, where: str) -> None:
    """The tablet as it is, in Spanish and Catalan (the language picker), portrait 800x1280 and phone: checked
    and saved as docs/screens/tablet-<lang>-<size>-<name>.png."""
    for lang in ("es", "ca"):
        tab.page.select_option("#lang", lang)
        tab.lang = lang
        expect(tab.page.locator("html")).to_have_attribute("lang", lang)
        for size in ("portrait", "phone"):
            tab.page.set_viewport_size(SIZES[size])
            check_page(tab.page, f"{where} ({lang} {size})")
            screenshot(tab.page, f"tablet-{lang}-{size}-{name}")
    tab.page.select_option("#lang", "es")
    tab.lang = "es"
    tab.page.set_viewport_size(TABLET_PORTRAIT)


def test_the_steps_the_players_take_at_the_table_in_spanish_and_catalan(browser: Any, hall: Any) -> None:
    """Issue 28, each step the service offers a seat, on the page: the draw for the start (FILE 4.3), the players'
    ruling and its confirmation (FILE 41.1) over words shown as tiles («[CH]OZAs»: a digraph tile, a blank), the
    line the challenger owes after a valid ruling (FILE 37), the placer told to draw with the count the bag allows
    (FILE 32), and a draw queued with the service unreachable: shown as done, not offered again after a reload,
    sent once when the service answers."""
    game = hall.new_game("file-2024", ("Ana García", "Berta Núñez"), bag_mode="physical", event="Open de Madrid")
    ana = Tablet(browser, game, 0, TABLET_PORTRAIT)
    berta = Tablet(browser, game, 1, TABLET_PORTRAIT)
    ana.expect_banner("wait.starter.draw", article="FILE 4.3")
    shots(ana, "start", "the draw for the start")
    while game.state()["phase"] == "starting":  # the tiles drawn, as the players read them (FILE 4.3)
        game.official("draw_for_start", token=game.tokens[0], tiles=["A", "B"])
    assert game.state()["starter"] == 0  # A is nearer to A than B: Ana starts
    for seat in (0, 1):
        game.official("draw_tiles", token=game.tokens[seat], count=7)

    # Ana plays [CH]OZAs; Berta challenges it from her tablet; the players look it up and record it (FILE 41.1).
    game.official("place_tiles", token=game.tokens[0], coordinates="H7", word="[CH]OZAs", announced=34)
    berta.expect_banner("wait.acceptance.you", name="Ana García")
    berta.tap(berta.button("action.challenge"))  # counted once its form is drawn: the next tap counts from there
    expect(berta.page.locator("fieldset.words .word-tiles .tile")).to_have_count(5)
    shots(berta, "challenge", "the words to challenge")
    berta.act("action.challenge_send_players")
    for tab in (ana, berta):
        tab.expect_banner("wait.ruling.you")
    expect(berta.page.locator(".ruling .word-tiles .tile")).to_have_count(5)  # CH is one tile, the blank s one
    expect(berta.page.locator(".ruling .word-tiles .tile.blank")).to_have_count(1)
    shots(berta, "ruling", "the players' ruling")
    berta.act("action.rule_valid")
    ana.expect_banner("wait.ruling.confirm", name="Berta Núñez")
    shots(ana, "ruling-confirm", "the ruling to confirm")
    ana.act("action.confirm_ruling")

    # The play stands: Berta owes its line on her own sheet (FILE 37); both tablets list it.
    expect(berta.page.get_by_test_id("owed-line")).to_be_visible()
    for tab in (ana, berta):
        expect(tab.page.get_by_test_id("owed")).to_contain_text(tab.t("diff.owed", name="Ana García", number=1,
                                                                      owner="Berta Núñez"))
    shots(berta, "owed", "the owed line")
    berta.page.set_viewport_size(PHONE)  # a phone shows the disagreement under the board, no scrolling (FILE 40)
    box = berta.page.get_by_test_id("owed").bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"], box
    berta.page.set_viewport_size(TABLET_PORTRAIT)
    berta.page.locator("#owed-total").fill("34")
    berta.tap(berta.button("action.write_owed"))
    expect(berta.page.get_by_test_id("owed-line")).to_have_count(0)
    assert game.state()["proposed_ruling"] is None

    # Ana is told to draw, the count prefilled with what her rack lacks (FILE 32).
    ana.expect_banner("wait.draw.yours")
    expect(ana.page.locator("#draw-count")).to_have_value("5")
    # The service unreachable: the draw is queued, shown as done, and not offered again, even after a reload.
    device = ana.page.evaluate("localStorage.getItem('planilla.device')")
    ana.sync()  # Berta's owed line reached Ana's page before the cut (a loaded run once cut it off on the way)
    hall.cut.add(device)
    try:
        ana.button("action.draw_tiles").click()
        expect(ana.page.get_by_test_id("done-pending")).to_contain_text(ana.t("pending.done", what=ana.t(
            "command.draw_tiles")))
        expect(ana.button("action.draw_tiles")).to_have_count(0)
        shots(ana, "done-pending", "a step done, waiting to be sent")
        ana.page.reload()
        expect(ana.page.get_by_test_id("done-pending")).to_be_visible()
        expect(ana.page.locator("#outbox")).to_have_text(ana.t("net.outbox", count=1))
        expect(ana.button("action.draw_tiles")).to_have_count(0)
    finally:
        hall.cut.discard(device)
    expect(ana.page.locator("#outbox")).to_have_text(ana.t("net.outbox", count=0), timeout=30_000)
    events = hall.http.get(f"/v1/games/{game.id}/events", headers=hall.headers(hall.director)).json()["events"]
    assert sum(e["type"] == "TilesDrawn" for e in events) == 3, [e["type"] for e in events]  # two deals, one draw
    close_all((ana, berta))
