// The officials' and viewers' pages (/replay, /audit): which game, read with which token.
// The game (and a version) go in the address, so a link can be shared: `/replay?game=G&at=37`.
// The token comes in the fragment (`#token=T`, never sent to the server in the address, and removed
// from it at once) or is typed in the form; it is kept for this tab only (sessionStorage).
import { t, language, LANGUAGES } from './i18n.js';

const KEY = 'planilla.reader';

/** {game, token, at} from the address and this tab; the token is taken out of the address. */
export function readAccess() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const token = hash.get('token');
  if (token) sessionStorage.setItem(KEY, token);
  const game = query.get('game') || hash.get('game');
  const at = query.get('at') || hash.get('at');
  const found = { game, token: token || sessionStorage.getItem(KEY), at: at && /^\d+$/.test(at) ? Number(at) : null };
  if (location.hash) writeAddress(found.game, found.at);
  return found;
}

/** Put the game (and the version shown) in the address, without the token. */
export function writeAddress(game, at = null) {
  const query = new URLSearchParams();
  if (game) query.set('game', game);
  if (at) query.set('at', String(at));
  history.replaceState(null, '', `${location.pathname}${query.size ? `?${query}` : ''}`);
}

export function forgetToken() { sessionStorage.removeItem(KEY); }

/** The form asking for the game's id and a reading token; `onDone({game, token})`. */
export function accessForm(root, { game, error }, onDone) {
  root.innerHTML = `<section class="access"><h2>${t('access.title')}</h2><p>${t('access.intro')}</p>
    <form><label><span>${t('access.game')}</span><input name="game" required autocomplete="off" value="${escapeHtml(game || '')}"></label>
    <label><span>${t('access.token')}</span><input name="token" type="password" required autocomplete="off"></label>
    <button class="primary" type="submit">${t('access.open')}</button></form>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}</section>`;
  root.querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(e.target);
    const token = String(data.get('token')).trim();
    sessionStorage.setItem(KEY, token);
    onDone({ game: String(data.get('game')).trim(), token });
  });
}

/** The language picker of these pages (the same as the tablet's, without its id clash). */
export function languagePicker() {
  return `<label class="lang"><span>${t('language')}</span><select data-lang aria-label="${t('language')}">${LANGUAGES.map(
    (l) => `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text) { return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]); }

/** A service refusal as one line: its message, the field and article when given. */
export function refusal(answer) {
  const body = answer.body && typeof answer.body === 'object' ? answer.body : {};
  return `${answer.status}: ${body.message || body.detail || t('access.failed')}`;
}
