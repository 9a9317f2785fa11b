// The pages' strings: one catalogue per language (/static/i18n/{es,ca,en}.json), chosen per device
// (localStorage 'planilla.lang'), else the game's profile language, else the browser's.
// A missing key shows as ⟦key⟧ and is listed in window.planillaMissing (the browser tests look).

export const LANGUAGES = ['es', 'ca', 'en'];
const KEY = 'planilla.lang';
let strings = {};
let current = null;
const missing = new Set();
if (typeof window !== 'undefined') window.planillaMissing = missing;

/** The device's own choice, if it made one. */
export function chosen() {
  const lang = localStorage.getItem(KEY);
  return LANGUAGES.includes(lang) ? lang : null;
}

/** The language to show: the device's choice, else `fallback` (the game's), else the browser's, else Spanish. */
export function initial(fallback) {
  const browser = (navigator.language || 'es').slice(0, 2);
  return chosen() || (LANGUAGES.includes(fallback) ? fallback : null) || (LANGUAGES.includes(browser) ? browser : 'es');
}

const loading = new Map(); // language -> the fetch of its catalogue (asked for twice, fetched once)

export async function use(lang) {
  if (lang === current) return;
  if (!loading.has(lang)) {
    // The catalogue tablet.html's inline script fetched while the modules loaded, when it is this one (taken once).
    const early = globalThis.__earlyCatalogue;
    if (early && early.lang === lang) globalThis.__earlyCatalogue = null;
    // A page with catalogues of its own (the tablet's: pages/catalogues.py) names their folder in its HTML.
    const fetched = () => fetch(`${globalThis.__catalogues || '/static/i18n'}/${lang}.json`).then((answer) => answer.json());
    loading.set(lang, (early && early.lang === lang ? early.body.catch(fetched) : fetched())
      .finally(() => loading.delete(lang)));
  }
  const found = await loading.get(lang);
  strings = found;
  current = lang;
  document.documentElement.lang = lang;
}

export function choose(lang) {
  localStorage.setItem(KEY, lang);
  return use(lang);
}

export function language() { return current; }

/** Whether the catalogue has `key` (a code the service sends, worded when the catalogue knows it). */
export const has = (key) => strings[key] != null;

/** The language picker (`select#lang`) of the tablet and the duplicate pages: each wires its change. */
export function languagePicker() {
  return `<label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map(
    (l) => `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
}

/** The string for `key`, `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const found = strings[key];
  if (found == null) {
    missing.add(key);
    return `⟦${key}⟧`;
  }
  return found.replace(/\{(\w+)\}/g, (all, name) => (params[name] == null ? all : String(params[name])));
}

/** The string for `key` when the catalogue has it (placeholders filled), else null: nothing is noted as missing
 * (a form falls back to the contract's words for a field the catalogue lacks). */
export function known(key, params = {}) {
  return strings[key] == null ? null : t(key, params);
}

/** A list of names joined the language's way ("Ana y Berta"). */
export function names(list) {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')} ${t('and')} ${list[list.length - 1]}`;
}
