// The binding screen before the page's bundle (issue 28, a tablet's first use): tablet.html's head script says the
// tablet holds no game (`__bindFirst`: the language it will show); this module, a few hundred bytes loaded beside the
// styles, draws the code field and «Vincular» at once, and on the tap (or at once for the QR's `#bind=CODE`) makes
// the seat's P-256 key pair, binds (POST /v1/bind with the public key, as binding.js does) and starts the game's
// reads, all while the bundle is still on its way. The bundle takes what was begun (binding.js `bindWithKey`,
// api.earlyReads); if it arrives first, its own screen replaces this one, keeping what was typed. No imports: it
// must run before anything else arrives. Two codes (a shared tablet) are left to the bundle.

/** The binding screen's words, as pages/static/i18n has them (a node test holds them equal). */
export const WORDS = {
  es: { title: 'Vincular esta tableta', help: 'Escanee el código QR que le da el director o escriba el código de su asiento. Para una tableta compartida por la mesa, escriba los dos códigos.', code: 'Código del asiento', submit: 'Vincular', loading: 'Cargando la partida…' },
  ca: { title: 'Vincular aquesta tauleta', help: "Escanegeu el codi QR que us dona el director o escriviu el codi del vostre seient. Per a una tauleta compartida per la taula, escriviu els dos codis.", code: 'Codi del seient', submit: 'Vincular', loading: 'Carregant la partida…' },
  en: { title: 'Bind this tablet', help: "Scan the QR code the director gives you, or type your seat's code. For one tablet shared by the table, type both codes.", code: 'Seat code', submit: 'Bind', loading: 'Loading the game…' },
};
export const KEYS = { title: 'bind.title', help: 'bind.help', code: 'bind.code', submit: 'bind.submit', loading: 'loading' };

const codesOf = (text) => String(text || '').toUpperCase().split(/[\s,;]+/).filter(Boolean); // as seats.js readCodes

function deviceId() { // as net.js deviceId: one id per browser, kept
  let id = localStorage.getItem('planilla.device');
  if (!id) { id = crypto.randomUUID(); localStorage.setItem('planilla.device', id); }
  return id;
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

function draw(app, words, lang) {
  app.innerHTML = `<section class="bind"><h1>${words.title}</h1><p>${words.help}</p>
    <form id="bind-form" data-early=""><label for="bind-code">${words.code}</label>
    <input id="bind-code" name="code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required>
    <button type="submit" class="primary">${words.submit}</button></form></section>`;
  app.querySelector('#bind-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const codes = codesOf(app.querySelector('#bind-code').value);
    if (!codes.length) return;
    history.replaceState(null, '', `/tablet#bind=${encodeURIComponent(codes.join(','))}`); // what the bundle reads
    if (codes.length === 1) begin(codes[0], lang);
    app.innerHTML = `<p class="loading" role="status">${words.loading}</p>`;
  });
}

const lang = globalThis.__bindFirst;
const app = globalThis.document && document.getElementById('app');
if (lang && app && !app.dataset.version) {
  const codes = codesOf(new URLSearchParams(location.hash.slice(1)).get('bind'));
  if (codes.length === 1) begin(codes[0], lang); // the QR's address: bind at once
  if (!codes.length) draw(app, WORDS[lang] || WORDS.es, lang);
}
