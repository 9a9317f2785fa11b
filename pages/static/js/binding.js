// Binding a tablet to a seat: `#bind=CODE` (the seat's QR code) or a typed code -> POST /v1/bind; the
// session {token, game, seat} kept on the device, never in the address. The language picker.

import * as api from './api.js';
import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { escape } from './panels.js';

const SESSION = 'planilla.session';

export function readSession() {
  try { return JSON.parse(localStorage.getItem(SESSION)); } catch { return null; }
}

/** `#bind=CODE` (the QR's address) or, for tests only, `#token=T&game=G&seat=S`; never left in the URL. */
export async function sessionFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  let session = null;
  if (hash.get('bind')) {
    const bound = await api.bind(hash.get('bind'));
    session = { token: bound.token, game: bound.game_id, seat: bound.seat, player: bound.player,
      language: bound.language };
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

export async function bindScreen(problem, again) {
  await use(initial(null));
  app.innerHTML = `<section class="bind"><h1>${t('bind.title')}</h1><p>${t('bind.help')}</p>
    <form id="bind-form"><label for="bind-code">${t('bind.code')}</label>
    <input id="bind-code" name="code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required>
    <button type="submit" class="primary">${t('bind.submit')}</button></form>
    ${problem ? `<p role="alert" class="error">${escape(problem)}</p>` : ''}
    ${languagePicker()}</section>`;
  wireLanguage(() => bindScreen(problem, again));
  document.getElementById('bind-form').addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `bind=${encodeURIComponent(document.getElementById('bind-code').value.trim().toUpperCase())}`;
    again();
  });
}

export function languagePicker() {
  return `<label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map(
    (l) => `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
}

export function wireLanguage(again) {
  document.getElementById('lang').addEventListener('change', async (e) => {
    await choose(e.target.value);
    again();
  });
}

