// The director's tool as one: the director's page (/director: set-up, players, rounds, results by hand, the closing,
// the files), the round control (/rounds), the officials' console (/console) and the standings (/standings) link to
// each other in one strip. The tournament last opened on this laptop is kept (`planilla.tournament`), so the console,
// which follows the hall and not one tournament, links back to it. A director's token signed in on the director's
// page or the round control signs in the console and the standings on this laptop too, where they hold none (each
// page keeps its own key: a hall screen's spectator token is never replaced). The standings and the console show the
// strip only on a laptop that holds a director's token: a hall screen or an arbiter's console shows none.

export const DIRECTOR_KEY = 'planilla.director';
const TOURNAMENT = 'planilla.tournament';
const CONSOLE = 'planilla.console';
const STANDINGS = 'planilla.standings';

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Keep the tournament being worked on (the console's strip links to it). */
export function remember(tid) {
  if (tid) localStorage.setItem(TOURNAMENT, tid);
}

/** The tournament last opened here, or null. */
export function remembered() {
  return localStorage.getItem(TOURNAMENT);
}

/** A director's token, kept for the director's pages, offered to the console and the standings where they have none. */
export function shareToken(token) {
  if (!token) return;
  localStorage.setItem(DIRECTOR_KEY, token);
  let console_ = {};
  try { console_ = JSON.parse(localStorage.getItem(CONSOLE)) || {}; } catch { console_ = {}; }
  if (!console_.token) localStorage.setItem(CONSOLE, JSON.stringify({ ...console_, token }));
  if (!localStorage.getItem(STANDINGS)) localStorage.setItem(STANDINGS, token);
}

/** The strip: each page of the tool, the one shown marked (`current`: director, rounds, console, standings). On the
 * standings and the console, only where this laptop holds a director's token (a hall screen, an arbiter's console:
 * none); without a tournament, the pages that need one are left out. */
export function navHtml(current, t, tid = remembered()) {
  if ((current === 'standings' || current === 'console') && !localStorage.getItem(DIRECTOR_KEY)) return '';
  const q = tid ? `?tournament=${encodeURIComponent(tid)}` : '';
  const pages = [['director', `/director${q}`], ['rounds', tid ? `/rounds${q}` : null], ['console', '/console'],
    ['standings', tid ? `/standings${q}` : null]];
  return `<nav class="tool-nav no-print" aria-label="${esc(t('nav.label'))}">${pages.filter(([, href]) => href).map(([name, href]) =>
    `<a href="${esc(href)}"${name === current ? ' aria-current="page"' : ''}>${esc(t(`nav.${name}`))}</a>`).join('')}</nav>`;
}
