// The public standings and pairings (/standings?tournament=ID), for the hall screen and the players'
// phones: the current round's tables with their results, and the standings after any round, live.
// Read-only, with a spectator's token (in the fragment once, `#token=T`, then kept on this device).
// Live: GET /v1/tournaments/{id}/stream sends an event each time the tournament moves (a game of it
// signed, a round published); the page then reads the round and the standings again. When the stream
// cannot be held it reads them every few seconds instead.

import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request } from './net.js';
import { followStream } from './api.js';
import { patch } from './patch.js';
import { esc, namesOf, tableResults, pairingsHtml, standingsHtml, figureInputs, inputsHtml, pageOf } from './standings_view.js';
import { navHtml } from './nav.js';

const app = document.getElementById('app');
const KEY = 'planilla.standings';
const RETRY_MS = 3000;
// The hall screen (the two-column layout) shows what fits and turns the rest in pages every `every` seconds
// (`?every=`, 12 by default), with the page's number shown; a phone scrolls instead.
const HALL = window.matchMedia('(min-width: 901px)');
const EVERY_S = Math.max(3, Number(new URLSearchParams(location.search).get('every')) || 12);
const query = new URLSearchParams(location.search);
const page = {
  tid: query.get('tournament'), chosen: /^\d+$/.test(query.get('round') || '') ? Number(query.get('round')) : null,
  division: query.get('division'), token: null, tournament: null, round: null, standings: null, online: true, error: null,
  opened: null, live: false, sheet: 0,
};

function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) localStorage.setItem(KEY, hash.get('token'));
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
  page.token = localStorage.getItem(KEY);
}

function signIn(problem) {
  app.className = 'standings-page';
  app.innerHTML = `<section class="bind"><h1>${t('standings.title')}</h1><p>${t('standings.sign_in_help')}</p>
    <form id="sign-in"><label for="reader-token">${t('standings.token')}</label>
    <input id="reader-token" type="password" autocomplete="off" required>
    ${page.tid ? '' : `<label for="tournament-id">${t('standings.tournament')}</label><input id="tournament-id" required autocomplete="off">`}
    <button type="submit" class="primary">${t('standings.open_page')}</button></form>
    ${problem ? `<p role="alert" class="problem">${esc(problem)}</p>` : ''}</section>`;
  document.getElementById('sign-in').addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.setItem(KEY, document.getElementById('reader-token').value.trim());
    const typed = document.getElementById('tournament-id');
    if (typed) location.assign(`/standings?tournament=${encodeURIComponent(typed.value.trim())}`);
    else start();
  });
}

async function get(path) {
  const answer = await request(`/v1/tournaments/${page.tid}${path}`, { token: page.token });
  if (answer.status === 401 || answer.status === 403) {
    localStorage.removeItem(KEY);
    throw Object.assign(new Error('refused'), { refused: true });
  }
  if (answer.status !== 200) throw new Error((answer.body && answer.body.message) || String(answer.status));
  return answer.body;
}

let loading = null;
let again = false;
/** Read the tournament, the round shown and its standings; one read at a time, one more if asked meanwhile. */
async function load() {
  if (loading) { again = true; return loading; }
  loading = (async () => {
    try {
      const tournament = await get('');
      const latest = Math.max(0, ...tournament.published_rounds);
      const shown = page.chosen && page.chosen <= latest ? page.chosen : latest;
      const divisions = tournament.divisions || ['A'];
      const division = divisions.length > 1 ? (divisions.includes(page.division) ? page.division : divisions[0]) : null;
      const [round, standings] = shown ? await Promise.all([get(`/rounds/${shown}`),
        get(`/standings?round=${shown}${division ? `&division=${encodeURIComponent(division)}` : ''}`)]) : [null, null];
      if (round && division) { // a division's tables: those its players sit at
        const inside = new Set(tournament.players.filter((p) => (p.division || 'A') === division).map((p) => p.player));
        round.tables = round.tables.filter((x) => inside.has(x.first));
      }
      page.shownDivision = division;
      Object.assign(page, { tournament, round, standings, error: null, online: true });
    } catch (error) {
      if (error.refused) { signIn(t('standings.refused')); return; }
      page.online = error.name !== 'NetworkError';
      page.error = page.online ? error.message : null;
    }
    render();
  })();
  await loading;
  loading = null;
  if (again) { again = false; await load(); }
}

function render() {
  if (!page.tournament) return;
  const names = namesOf(page.tournament);
  const rounds = page.tournament.published_rounds;
  const shown = page.round ? page.round.round : null;
  const results = page.round && page.standings ? tableResults(page.round.tables, page.standings.rows, shown) : {};
  const done = Object.keys(results).length;
  document.title = `${page.tournament.name} · ${t('standings.title')}`;
  app.className = 'standings-page';
  app.dataset.version = String(page.tournament.version);
  patch(app, `${navHtml('standings', t, page.tid)}<header class="bar">
      <h1 class="title">${esc(page.tournament.name)}</h1>
      <label class="round-pick"><span>${t('standings.round')}</span><select id="round" aria-label="${esc(t('standings.round'))}">${rounds.map((r) =>
        `<option value="${r}"${r === shown ? ' selected' : ''}>${r}</option>`).join('')}</select></label>
      ${(page.tournament.divisions || []).length > 1 ? `<label class="round-pick"><span>${t('standings.division')}</span><select id="division" aria-label="${esc(t('standings.division'))}">${page.tournament.divisions.map((d) =>
        `<option value="${esc(d)}"${d === page.shownDivision ? ' selected' : ''}>${esc(d)}</option>`).join('')}</select></label>` : ''}
      <span id="live" role="status" class="pill ${page.live ? 'ok' : 'warn'}">${esc(t(page.live ? 'standings.live' : 'standings.not_live'))}</span>
      <label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
        `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>
    </header>
    ${page.error ? `<p class="problem" role="alert">${esc(page.error)}</p>` : ''}
    <nav class="jump" aria-label="${esc(t('standings.sections'))}"><a href="#pairings">${t('standings.pairings')}</a><a href="#table">${t('standings.standings')}</a></nav>
    <main class="hall">
      <section id="pairings" class="col" aria-labelledby="pairings-title">
        <h2 id="pairings-title">${esc(shown ? t('standings.pairings_of', { round: shown }) : t('standings.no_round'))}</h2>
        <p class="page-sign" id="pairings-page" role="status"></p>
        ${shown ? `<p class="summary">${esc(t('standings.done', { done, total: page.round.tables.length }))}</p>` : ''}
        ${shown ? pairingsHtml({ round: shown, tables: page.round.tables, results, names, t }) : ''}
      </section>
      <section id="table" class="col" aria-labelledby="table-title">
        <h2 id="table-title">${esc(shown ? t('standings.after', { round: shown }) : t('standings.standings'))}</h2>
        <p class="page-sign" id="table-page" role="status"></p>
        ${standingsHtml({ standings: page.standings, names, t })}
      </section>
    </main>`);
  showFigure();
  pageTables();
}

/** On the hall screen, each table shows the rows that fit below its top and the page number; the rest come on the
 * next pages. On a phone every row shows (the page scrolls). */
function pageTables() {
  for (const [table, sign] of [['table.pairings', 'pairings-page'], ['table.standings', 'table-page']]) {
    const element = app.querySelector(table);
    const note = document.getElementById(sign);
    if (!element || !note) continue;
    const rows = [...element.tBodies[0].rows];
    for (const row of rows) row.hidden = false;
    note.textContent = '';
    if (!HALL.matches || !rows.length) continue;
    const height = Math.max(...rows.map((r) => r.getBoundingClientRect().height));
    const fits = () => Math.max(3, Math.floor((window.innerHeight - rows[0].getBoundingClientRect().top - 8) / height));
    if (fits() >= rows.length) continue;
    note.textContent = t('standings.page', { page: 1, pages: 2 }); // the sign takes its line before the rows are counted
    const { from, to, pages, page: at } = pageOf(rows.length, fits(), page.sheet);
    rows.forEach((row, i) => { row.hidden = i < from || i >= to; });
    note.textContent = t('standings.page', { page: at + 1, pages });
    note.dataset.page = String(at + 1);
    note.dataset.pages = String(pages);
  }
}

function showFigure() {
  let dialog = document.getElementById('figure');
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = 'figure';
    dialog.setAttribute('aria-labelledby', 'figure-title');
    document.body.append(dialog);
    dialog.addEventListener('close', () => { page.opened = null; });
    dialog.addEventListener('click', (e) => { if (e.target.closest('[data-close]') || e.target === dialog) dialog.close(); });
  }
  if (!page.opened) { if (dialog.open) dialog.close(); return; }
  const row = page.standings && page.standings.rows.find((r) => r.player === page.opened.player);
  if (!row) { dialog.close(); return; }
  const opened = figureInputs({ row, key: page.opened.key, names: namesOf(page.tournament), t });
  patch(dialog, `${inputsHtml(opened, t)}<button type="button" class="primary" data-close>${esc(t('standings.close'))}</button>`);
  if (!dialog.open) dialog.showModal();
}

async function stream() {
  for (;;) {
    try {
      await followStream(`/v1/tournaments/${page.tid}/stream`, { token: page.token, onEvent: (event) => {
        if (event.type !== 'standings') return;
        page.live = true;
        load();
      } });
    } catch (error) {
      if (error.status === 401 || error.status === 403) { signIn(t('standings.refused')); return; }
    }
    page.live = false;
    await load(); // the stream dropped: read now, then follow again
    await new Promise((resolve) => { setTimeout(resolve, RETRY_MS); });
  }
}

function wire() {
  app.addEventListener('change', async (e) => {
    if (e.target.id === 'lang') { await choose(e.target.value); render(); return; }
    if (e.target.id === 'division') {
      page.division = e.target.value;
      const address = new URLSearchParams(location.search);
      address.set('division', page.division);
      history.replaceState(null, '', `${location.pathname}?${address}`);
      load();
      return;
    }
    if (e.target.id === 'round') {
      const value = Number(e.target.value);
      const latest = Math.max(0, ...page.tournament.published_rounds);
      page.chosen = value === latest ? null : value; // the latest round follows the next one published
      const address = new URLSearchParams(location.search);
      if (page.chosen) address.set('round', String(page.chosen)); else address.delete('round');
      history.replaceState(null, '', `${location.pathname}?${address}`);
      load();
    }
  });
  app.addEventListener('click', (e) => {
    const button = e.target.closest('button.figure');
    if (!button) return;
    page.opened = { player: button.dataset.player, key: button.dataset.figure };
    showFigure();
  });
}

function turnPages() {
  setInterval(() => {
    if (page.opened) return; // a figure is open: the page stays
    page.sheet += 1;
    pageTables();
  }, EVERY_S * 1000);
  HALL.addEventListener('change', pageTables);
  window.addEventListener('resize', pageTables);
}

async function start() {
  page.token = localStorage.getItem(KEY);
  if (!page.tid || !page.token) { signIn(null); return; }
  await load();
  if (page.tournament) { stream(); turnPages(); }
}

await use(initial(null));
tokenFromAddress();
wire();
start();
