// Binding a tablet to a seat: `#bind=CODE` (the seat's QR code) or a typed code -> POST /v1/bind; the
// session {token, game, seat} kept on the device, never in the address. Wiring the language picker.

import * as api from './api.js';
import { t, use, choose, initial, languagePicker } from './i18n.js';
import { escape } from './panels.js';
import { readCodes, sharedSession } from './seats.js';
import { makeKeyPair, publicKeySpki, keepKey, forgetKey, resumeSecret } from './keys.js';

const SESSION = 'planilla.session';

export function readSession() {
  try { return JSON.parse(localStorage.getItem(SESSION)); } catch { return null; }
}

/** `#bind=CODE` (the QR's address) or, for tests only, `#token=T&game=G&seat=S`; never left in the URL. */
export async function sessionFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  let session = null;
  const codes = readCodes(hash.get('bind'));
  if (codes.length === 1) {
    const bound = await bindWithKey(codes[0]);
    session = { token: bound.token, game: bound.game_id, seat: bound.seat, player: bound.player,
      language: bound.language };
  } else if (codes.length === 2) { // one shared tablet for the table: both seats' codes (#bind=CODE1,CODE2)
    const found = sharedSession([await bindWithKey(codes[0]), await bindWithKey(codes[1])]);
    if (found.error) throw Object.assign(new Error(found.error), { key: found.error }); // said once the strings are in
    session = found.session;
  } else if (hash.get('token')) {
    const seat = hash.get('seat');
    session = { token: hash.get('token'), game: hash.get('game'), seat: seat ? Number(seat) : null }; // null: a spectator
  }
  if (session) {
    localStorage.setItem(SESSION, JSON.stringify(session));
    history.replaceState(null, '', '/tablet');
  }
  return session;
}

/** What a binding sent whose answer never came (the network failed) was made with, by code: {pair, spki, resume}.
 * Sent again the same (the same key and secret), a binding the service saved answers again, the same token, where
 * a new key would meet the spent code (410) and leave the player without a token or a code. Kept in the page's store
 * from before it is sent until it is answered, so that a reload (a player who thinks the page hung) sends the same
 * too; the mark in localStorage tells tablet.html's head to leave such a code to this bundle. */
const unanswered = new Map();
const pendingSlot = (code) => `bind.pending.${String(code).replace(/[^A-Z0-9]/gi, '').toUpperCase()}`;
const pendingMark = (code) => `planilla.${pendingSlot(code)}`; // tablet.html's head reads the same name

async function remember(code, made) {
  unanswered.set(code, made);
  try {
    await (await api.pageStore()).setValue(pendingSlot(code), made);
    localStorage.setItem(pendingMark(code), '1');
  } catch { /* kept for this page only (storage refused, a key that cannot be stored) */ }
}

async function recall(code) {
  if (unanswered.has(code)) return unanswered.get(code);
  try {
    if (!localStorage.getItem(pendingMark(code))) return null;
    const made = await (await api.pageStore()).getValue(pendingSlot(code));
    if (made && made.resume) {
      unanswered.set(code, made);
      return made;
    }
  } catch { /* nothing kept */ }
  return null;
}

async function settle(code) {
  unanswered.delete(code);
  try {
    localStorage.removeItem(pendingMark(code));
    await (await api.pageStore()).deleteValue(pendingSlot(code));
  } catch { /* nothing to forget */ }
}

/** Bind one seat with a key pair made for this binding (issue 16): the public key goes in the bind call, the
 * pair (its private key not extractable) is kept in the page's store for the game and seat the code names; a
 * re-binding makes a new one. Where the browser gives no WebCrypto (a page over plain http on the hall's
 * network), the seat is bound without a key and signs as a paper seat does. A binding whose answer was lost is
 * sent again with what it was made with (`unanswered`), at once and at every later try of the same code, after a
 * reload too. */
async function bindWithKey(code) {
  const early = globalThis.__earlyBind; // begun by tablet.html's head before this bundle ran: taken once
  if (early && early.code === code) {
    globalThis.__earlyBind = null;
    const sent = early.made ? await early.made.catch(() => null) : null;
    if (sent && sent.resume) await remember(code, sent); // kept while the answer is awaited: a reload sends the same
    let taken = null;
    try {
      taken = await early.result;
    } catch (error) {
      if (error.status) { // the service refused the code: said as any refusal
        if (error.status < 500) await settle(code);
        throw error;
      } // the network failed before any answer: bound again below, with the same key and secret
    }
    if (taken) { // bound: the code is spent, so nothing after this may bind again (keeping the key included)
      await settle(code);
      const { bound, pair, spki } = taken;
      if (pair) await keepKey(await api.pageStore(), bound.game_id, bound.seat, pair, spki);
      return bound;
    }
  }
  let made = await recall(code);
  if (!made) {
    made = { pair: null, spki: null, resume: resumeSecret() };
    try {
      made.pair = await makeKeyPair();
      made.spki = await publicKeySpki(made.pair.publicKey);
    } catch (error) {
      made.pair = null;
      made.spki = null;
      console.warn('no WebCrypto here: this tablet binds without a key (its signatures are not key-signed)', error);
    }
    if (made.resume) await remember(code, made);
  }
  let bound;
  try {
    bound = await api.bind(code, made.spki, made.resume);
  } catch (error) {
    if (error.status >= 400 && error.status < 500) await settle(code); // refused: nothing to ask for again
    throw error;
  }
  await settle(code);
  if (made.pair) await keepKey(await api.pageStore(), bound.game_id, bound.seat, made.pair, made.spki);
  return bound;
}

/** Seat codes in a message kept on one line (a phone broke ABCD-EFGH at its hyphen, half a code a line). */
export function whole(text) {
  return text.replace(/\b([A-Z0-9]{4}-[A-Z0-9]{4})\b/g, '<span class="code">$1</span>');
}

export async function bindScreen(problem, again, refused = '', { network = false } = {}) {
  await use(initial(null));
  // a code sent from tablet.html's own screen while the catalogue came: bound as the address now says, not asked again
  if (!problem && new URLSearchParams(location.hash.slice(1)).get('bind')) { again(); return; }
  const typed = document.getElementById('bind-code'); // tablet.html's field: what was typed stays, and the focus
  // else the code(s) just refused, selected: one wrong character is mended in place, a new code typed over it;
  // or the code(s) the network lost, which still work: kept as they are, the button ready for the same tap again
  const kept = typed ? { value: typed.value, focused: document.activeElement === typed }
    : refused && (network ? { value: refused, button: true } : { value: refused, focused: true, select: true });
  app.innerHTML = `<section class="bind"><h1>${t('bind.title')}</h1><p>${t('bind.help')}</p>
    <form id="bind-form"><label for="bind-code">${t('bind.code')}</label>
    <input id="bind-code" name="code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required>
    <button type="submit" class="primary">${t('bind.submit')}</button></form>
    ${problem ? `<p role="alert" class="error">${whole(escape(problem))}</p>` : ''}
    ${languagePicker()}</section>`;
  if (kept && kept.value) document.getElementById('bind-code').value = kept.value;
  if (kept && kept.focused) document.getElementById('bind-code').focus();
  if (kept && kept.select) document.getElementById('bind-code').select();
  if (kept && kept.button) document.querySelector('#bind-form button[type=submit]').focus();
  wireLanguage(() => bindScreen(problem, again));
  document.getElementById('bind-form').addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `bind=${encodeURIComponent(readCodes(document.getElementById('bind-code').value).join(','))}`;
    again();
  });
}

/** Forget this tablet's binding (after an official released its seats, or once the game is closed). */
export function forgetSession(session, seats) {
  localStorage.removeItem(SESSION);
  for (const seat of seats) localStorage.removeItem(`planilla.own.${session.game}.${seat}`);
  return api.pageStore().then((store) => Promise.all(seats.map((seat) => forgetKey(store, session.game, seat))))
    .catch(() => {});
}

export function wireLanguage(again) {
  document.getElementById('lang').addEventListener('change', async (e) => {
    await choose(e.target.value);
    again();
  });
}

