// The tablet page's first module (issue 28, a tablet's first use). tablet.html's head script says whether the tablet
// holds a game; if it does, this module imports the page's bundle at once (preloaded beside it: no round trip more).
// If not (`__bindFirst`: the language it will show), it draws the binding screen itself, the code field and
// «Vincular» usable before the bundle has run (its 50 KB, compiled and run at a cheap tablet's pace, would keep the
// field waiting), and on the tap (or at once for the QR's `#bind=CODE`) makes the seat's P-256 key pair, binds (POST
// /v1/bind with the public key, as binding.js does) and starts the game's reads, while it imports the bundle. The
// bundle takes what was begun (binding.js `bindWithKey`, api.earlyReads). Two codes (a shared tablet) are left to
// the bundle. No static imports: nothing is fetched before this runs.

/** The binding screen's words, as pages/static/i18n has them (a node test holds them equal). */
export const WORDS = {
  es: { title: 'Vincular esta tableta', help: 'Escanee el código QR que le da el director o escriba el código de su asiento. Para una tableta compartida por la mesa, escriba los dos códigos.', code: 'Código del asiento', submit: 'Vincular', loading: 'Cargando la partida…', language: 'Idioma' },
  ca: { title: 'Vincular aquesta tauleta', help: "Escanegeu el codi QR que us dona el director o escriviu el codi del vostre seient. Per a una tauleta compartida per la taula, escriviu els dos codis.", code: 'Codi del seient', submit: 'Vincular', loading: 'Carregant la partida…', language: 'Idioma' },
  en: { title: 'Bind this tablet', help: "Scan the QR code the director gives you, or type your seat's code. For one tablet shared by the table, type both codes.", code: 'Seat code', submit: 'Bind', loading: 'Loading the game…', language: 'Language' },
};
export const KEYS = { title: 'bind.title', help: 'bind.help', code: 'bind.code', submit: 'bind.submit', loading: 'loading',
  language: 'language' };

const codesOf = (text) => String(text || '').toUpperCase().split(/[\s,;]+/).filter(Boolean); // as seats.js readCodes

function uuid() { // as net.js uuid: getRandomValues (crypto.randomUUID needs a secure context; a hall's http does not)
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function deviceId() { // as net.js deviceId: one id per browser, kept
  try {
    let id = localStorage.getItem('planilla.device');
    if (!id) { id = uuid(); localStorage.setItem('planilla.device', id); }
    return id;
  } catch { return uuid(); } // storage refused: this page's own
}

/** Bind `code` with a new key pair (its private key not extractable); then read the game's state and sheet as the
 * head script does for a known session (api.earlyReads takes them). Rejects as api.bind does: status and body. */
export async function bindEarly(code, lang) {
  let pair = null;
  let spki = null;
  try {
    pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    spki = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey))));
  } catch { pair = null; spki = null; } // no WebCrypto here (plain http): bound without a key, as binding.js does
  const device = deviceId();
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json', 'Accept-Language': lang, 'X-Device': device };
  const answer = await fetch('/v1/bind', { method: 'POST', headers, cache: 'no-store',
    body: JSON.stringify({ code, device, ...(spki ? { public_key: spki } : {}) }) });
  const body = await answer.json().catch(() => null);
  if (answer.status !== 200) throw Object.assign(new Error(`bind: ${answer.status}`), { status: answer.status, body });
  const read = (path) => fetch(path, { headers: { Accept: 'application/json', 'Accept-Language': lang, 'X-Device': device,
    Authorization: `Bearer ${body.token}` }, cache: 'no-store' }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const early = { game: body.game_id, token: body.token, state: read(`/v1/games/${body.game_id}`),
    sheet: read(`/v1/games/${body.game_id}/scoresheet`) };
  early.state.catch(() => {});
  early.sheet.catch(() => {});
  if (!globalThis.__early) globalThis.__early = early;
  return { bound: body, pair, spki };
}

/** Begin binding `code` now; the bundle takes the promise (binding.js). */
function begin(code, lang) {
  const result = bindEarly(code, lang);
  result.catch(() => {});
  globalThis.__earlyBind = { code, result };
}

const BUNDLE = '/bundle/tablet.js';
let loading = null;
const loadPage = () => (loading ??= import(BUNDLE)); // the page itself (tablet.js): once

const NAMES = { es: 'Español', ca: 'Català', en: 'English' }; // each language in its own words, as the picker says

function draw(app, lang, typed = '') {
  const words = WORDS[lang] || WORDS.es;
  document.documentElement.lang = lang;
  app.innerHTML = `<section class="bind"><h1>${words.title}</h1><p>${words.help}</p>
    <form id="bind-form" data-early=""><label for="bind-code">${words.code}</label>
    <input id="bind-code" name="code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required>
    <button type="submit" class="primary">${words.submit}</button></form>
    <label class="lang"><span>${words.language}</span><select id="lang" aria-label="${words.language}">${Object.entries(NAMES).map(([l, name]) =>
      `<option value="${l}"${l === lang ? ' selected' : ''}>${name}</option>`).join('')}</select></label></section>`;
  app.querySelector('#bind-code').value = typed;
  app.querySelector('#lang').addEventListener('change', (e) => { // the device's choice, as i18n.js keeps it
    try { localStorage.setItem('planilla.lang', e.target.value); } catch { /* not kept: this page only */ }
    globalThis.__bindFirst = e.target.value;
    draw(app, e.target.value, app.querySelector('#bind-code').value);
  });
  app.querySelector('#bind-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const codes = codesOf(app.querySelector('#bind-code').value);
    if (!codes.length) return;
    history.replaceState(null, '', `/tablet#bind=${encodeURIComponent(codes.join(','))}`); // what the bundle reads
    if (codes.length === 1) begin(codes[0], globalThis.__bindFirst || lang);
    app.innerHTML = `<p class="loading" role="status">${words.loading}</p>`;
    loadPage();
  });
}

if (globalThis.document) {
  const lang = globalThis.__bindFirst;
  const app = document.getElementById('app');
  const codes = codesOf(new URLSearchParams(location.hash.slice(1)).get('bind'));
  if (lang && app && !codes.length) draw(app, lang); // the bundle comes with the tap
  else {
    if (lang && codes.length === 1) begin(codes[0], lang); // the QR's address: bind at once, beside the bundle
    loadPage();
  }
}
