// The judge's page and the hall's ranking screen: which duplicate (`?duplicate=ID`, kept in the address so a
// link can be shared) read with which token (`#token=T`, taken out of the address at once and kept on this
// device under `key`), or a form asking for both.

import { t } from '../i18n.js';
import { escape } from '../panels.js';

export function readAccess(key) {
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  if (hash.get('token')) localStorage.setItem(key, hash.get('token'));
  const duplicate = query.get('duplicate') || hash.get('duplicate');
  if (location.hash) history.replaceState(null, '', `${location.pathname}${duplicate ? `?duplicate=${encodeURIComponent(duplicate)}` : ''}`);
  return { duplicate, token: localStorage.getItem(key) };
}

/** The form; `onDone()` once the duplicate and the token are kept. */
export function accessForm(root, key, { title, help, duplicate, problem }, onDone) {
  root.className = '';
  root.innerHTML = `<section class="bind"><h1>${title}</h1><p>${help}</p><form id="dup-access">
    <label for="a-dup">${t('dup.id')}</label><input id="a-dup" required autocomplete="off" value="${escape(duplicate || '')}">
    <label for="a-token">${t('access.token')}</label><input id="a-token" type="password" required autocomplete="off">
    <button type="submit" class="primary">${t('access.open')}</button></form>
    ${problem ? `<p role="alert" class="error">${escape(problem)}</p>` : ''}</section>`;
  root.querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.setItem(key, document.getElementById('a-token').value.trim());
    history.replaceState(null, '', `${location.pathname}?duplicate=${encodeURIComponent(document.getElementById('a-dup').value.trim())}`);
    onDone();
  });
}
