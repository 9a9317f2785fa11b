"""``pages/static/js/patch.js`` in Chromium: the tablet redraws from the service's state on every event, in
place. A control that is still there stays the same element (so a tap that lands while the opponent's play
arrives is not swallowed, nor the caret of a field being typed); what changed, changes."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import TABLET_LANDSCAPE

STEPS = r"""async () => {
  const { patch } = await import('/static/js/patch.js');
  const root = document.createElement('div');
  document.body.append(root);
  const found = {};
  patch(root, '<p id="banner">Turno de Ana</p><div class="buttons"><button id="pass">Pasar</button></div>'
    + '<input id="score" value=""><pl-thing id="c"></pl-thing>');
  const pass = root.querySelector('#pass');
  const score = root.querySelector('#score');
  const thing = root.querySelector('pl-thing');
  thing.textContent = 'drawn by its owner';
  let clicks = 0;
  pass.addEventListener('click', () => { clicks += 1; });
  score.value = '1';  // the player is typing
  // The opponent's play arrives: the banner changes, a challenge button appears, the rest is the same.
  patch(root, '<p id="banner">Ana ha jugado</p><div class="buttons"><button id="pass">Pasar</button>'
    + '<button id="challenge">Impugnar</button></div><input id="score" value=""><pl-thing id="c"></pl-thing>');
  found.samePass = root.querySelector('#pass') === pass;
  found.sameInput = root.querySelector('#score') === score;
  found.typedKept = score.value;
  found.componentKept = root.querySelector('pl-thing') === thing && thing.textContent;
  found.banner = root.querySelector('#banner').textContent;
  found.challenge = Boolean(root.querySelector('#challenge'));
  pass.click();
  found.clicks = clicks;
  // A reset from the page (the value attribute changes) does reach the field; a keyed element that
  // stood after one that went is kept, not rebuilt.
  patch(root, '<div class="buttons"><button id="pass">Pasar</button></div><input id="score" value="7">'
    + '<pl-thing id="c"></pl-thing>');
  found.reset = score.value;
  found.bannerGone = !root.querySelector('#banner');
  found.keyedKept = root.querySelector('#score') === score;
  // A refusal appearing before the layout, then answered: the layout's buttons are never rebuilt.
  patch(root, '<header id="bar">Planilla</header>\n  <main class="layout"><button id="pass">Pasar</button></main>');
  const main = root.querySelector('main');
  const again = root.querySelector('#pass');
  patch(root, '<header id="bar">Planilla</header>\n  <div class="refusal">409</div>\n  <main class="layout"><button id="pass">Pasar</button></main>');
  found.insertedBefore = root.querySelector('main') === main && root.querySelector('#pass') === again
    && root.querySelector('.refusal').nextElementSibling === main;
  patch(root, '<header id="bar">Planilla</header>\n  <main class="layout"><button id="pass">Pasar</button></main>');
  found.droppedBefore = root.querySelector('main') === main && !root.querySelector('.refusal');
  // A different element where another stood is replaced, and extra nodes go.
  patch(root, '<section id="x">otro</section>');
  found.replaced = root.children.length === 1 && root.firstElementChild.tagName === 'SECTION';
  return found;
}"""


def test_patching_keeps_what_is_still_there_and_changes_what_changed(browser: Any, live: Any) -> None:
    page = browser.new_page(viewport=TABLET_LANDSCAPE)
    page.goto(live.url + "/")
    found = page.evaluate(STEPS)
    page.close()
    assert found == {
        "samePass": True, "sameInput": True, "typedKept": "1", "componentKept": "drawn by its owner",
        "banner": "Ana ha jugado", "challenge": True, "clicks": 1, "reset": "7", "bannerGone": True,
        "keyedKept": True, "insertedBefore": True, "droppedBefore": True, "replaced": True,
    }, found
