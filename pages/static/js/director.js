// The director's page (/director, issue 28): a tournament day from set-up to the files, without the command line.
// Without a tournament: create the event and its tournament (rules, the games' profile, rounds, system, king of the
// hill, the TRF16 details) with its player list uploaded (CSV or TRF16: divisions are a column of the list) in one
// save: all of it, or nothing, every bad line named with its number in the file. With one (?tournament=ID): the event
// at a glance; more players from a list (late entries labelled with the article of the event's own rules); each
// round's state with the round control (pair, publish) and its QR seat sheets to print; the tables still waiting for
// a result, each opening the console's table, where an official enters a paper game's or a dead tablet's acts (an
// official entry: the result then says so, ✍); close the event (TournamentClosed: what it locks is said); the files
// for other programs with what each one shortens (export_notes.js). Refusals show the service's message, field and
// article. A separate page and not more of the round control: set-up comes before any tournament exists, and the
// closing and the files are about the whole event; the round control stays the page for one round (nav.js links them).

import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request, uuid } from './net.js';
import { patch } from './patch.js';
import { esc } from './standings_view.js';
import { exportHtml, downloadExport } from './export_notes.js';
import { DIRECTOR_KEY, navHtml, remember, shareToken } from './nav.js';
import { gameFormHtml, profileChanged, gameRequest, createGame, madeHtml } from './director_game.js';

const app = document.getElementById('app');
const RULES = ['fisc-2023', 'ajs-2012'];
const PROFILES = ['fisc-2023', 'ajs-2012', 'file-2024', 'fise-2009', 'molins-club'];
const SYSTEMS = ['swiss', 'round_robin', 'manual'];
const desk = { token: null, tid: new URLSearchParams(location.search).get('tournament'), tournament: null, rounds: {},
  notice: null, refusal: null, busy: false, exported: null, made: null };

function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) shareToken(hash.get('token'));
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
  desk.token = localStorage.getItem(DIRECTOR_KEY);
}

function signIn(problem) {
  app.className = 'director-page';
  app.innerHTML = `<section class="bind"><h1>${t('director.title')}</h1><p>${t('director.sign_in_help')}</p>
    <form id="sign-in"><label for="director-token">${t('rounds.token')}</label>
    <input id="director-token" type="password" autocomplete="off" required>
    <button type="submit" class="primary">${t('rounds.sign_in')}</button></form>
    ${problem ? `<p role="alert" class="problem">${esc(problem)}</p>` : ''}</section>`;
  document.getElementById('sign-in').addEventListener('submit', (e) => {
    e.preventDefault();
    shareToken(document.getElementById('director-token').value.trim());
    start();
  });
}

/** A refusal as the service gives it: {status, code, message, field, article, problems}. */
class Refused extends Error {
  constructor(status, body) {
    super(body.message || String(status));
    Object.assign(this, { status, body });
  }
}

async function call(path, { method = 'GET', body } = {}) {
  const answer = await request(`/v1/tournaments${path}`, { method, body, token: desk.token });
  if (answer.status === 401) { localStorage.removeItem(DIRECTOR_KEY); signIn(t('rounds.refused')); throw new Error('refused'); }
  if (answer.status >= 400) throw new Refused(answer.status, answer.body && typeof answer.body === 'object' ? answer.body : {});
  return answer.body;
}

/** The refusal shown: the message, then the field and the article it names, then every bad line of a list. */
function refusalHtml(r) {
  if (!r) return '';
  const b = r.body || { message: r.message };
  const where = [b.field ? t('director.field', { field: b.field }) : '', b.article ? t('director.article', { article: b.article }) : '']
    .filter(Boolean).join(' · ');
  const lines = (b.problems || []).map((p) => `<li>${p.line != null ? `<strong>${esc(t('director.line', { line: p.line }))}</strong> · ` : ''}${
    p.field ? `<code>${esc(p.field)}</code> · ` : ''}${esc(p.message)}</li>`).join('');
  const head = lines ? t('director.bad_lines', { count: b.problems.length }) : b.message || '';
  return `<div class="refusal" role="alert"><p class="problem">${r.status ? `${r.status}: ` : ''}${esc(head)}</p>
    ${where ? `<p class="where">${esc(where)}</p>` : ''}${lines ? `<ul class="bad-lines">${lines}</ul>` : ''}</div>`;
}

async function load() {
  desk.tournament = await call(`/${desk.tid}`);
  const rounds = {};
  const upTo = Math.min(desk.tournament.rounds, Math.max(0, ...desk.tournament.published_rounds) + 1);
  for (let n = 1; n <= upTo; n += 1) {
    try { rounds[n] = await call(`/${desk.tid}/rounds/${n}`); } catch (error) { if (error.message === 'refused') throw error; }
  }
  desk.rounds = rounds;
}

async function act(step, done) {
  Object.assign(desk, { busy: true, refusal: null, notice: null });
  render();
  try {
    desk.notice = done(await step());
    if (desk.tid) await load();
  } catch (error) {
    if (error.message === 'refused') return;
    desk.refusal = error;
  }
  desk.busy = false;
  render();
}

const option = (value, label, chosen) => `<option value="${esc(value)}"${value === chosen ? ' selected' : ''}>${esc(label)}</option>`;
const langHtml = () => `<label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
  option(l, t(`language.${l}`), language())).join('')}</select></label>`;

function fileFields(off) {
  return `<label class="wide"><span>${t('director.players_file')}</span><input name="file" type="file" accept=".csv,.txt,.trf,text/csv,text/plain"${off}></label>
    <label><span>${t('director.players_format')}</span><select name="format">${option('csv', 'CSV', 'csv')}${option('trf', 'TRF16', 'csv')}</select></label>
    <p class="help">${esc(t('director.players_help'))}</p>`;
}

function createHtml(off) {
  return `<section class="create" aria-labelledby="create-title"><h2 id="create-title">${t('director.create')}</h2>
    <form id="create" class="act">
      <label class="wide"><span>${t('director.name')}</span><input name="name" required maxlength="200" autocomplete="off"></label>
      <label><span>${t('director.rules')}</span><select name="rules">${RULES.map((r) => option(r, t(`director.rules.${r}`), 'fisc-2023')).join('')}</select></label>
      <label><span>${t('director.profile')}</span><select name="profile">${PROFILES.map((p) => option(p, t(`director.profile.${p}`), 'fisc-2023')).join('')}</select></label>
      <label><span>${t('director.rounds')}</span><input name="rounds" type="number" min="1" max="40" value="5" required inputmode="numeric"></label>
      <label><span>${t('director.system')}</span><select name="system">${SYSTEMS.map((s) => option(s, t(`rounds.method.${s}`), 'swiss')).join('')}</select></label>
      <label><span>${t('director.koth')}</span><select name="koth_rounds">${[0, 1, 2].map((n) => option(String(n), t(`director.koth.${n}`), '0')).join('')}</select></label>
      <p class="help">${esc(t('director.rules_help'))}</p>
      <label><span>${t('director.city')}</span><input name="city" maxlength="80" autocomplete="off"></label>
      <label><span>${t('director.federation')}</span><input name="federation" maxlength="3" size="4" autocomplete="off"></label>
      <label><span>${t('director.chief_arbiter')}</span><input name="chief_arbiter" maxlength="80" autocomplete="off"></label>
      ${fileFields(off)}
      <button type="submit" class="primary"${off}>${t('director.create_do')}</button></form></section>`;
}

function summaryHtml(tour) {
  const d = tour.details || {};
  const rows = [['director.rules', t(`director.rules.${tour.rules}`)], ['director.profile', t(`director.profile.${tour.profile}`)],
    ['director.rounds', tour.rounds], ['director.system', t(`rounds.method.${tour.system}`)],
    ['standings.division', (tour.divisions || ['A']).join(', ')], ['director.city', d.city || '—'], ['director.federation', d.federation || '—'],
    ['director.chief_arbiter', d.chief_arbiter || '—']];
  return `<section class="summary" aria-labelledby="summary-title"><h2 id="summary-title">${t('director.event')}</h2>
    <dl>${rows.map(([k, v]) => `<div><dt>${t(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl></section>`;
}

function playersHtml(tour, off) {
  const next = Math.max(0, ...tour.published_rounds) + 1;
  const last = tour.last_entry_round;
  const open = !tour.closed && (last == null || next <= last);
  const late = next > 1;
  const rule = tour.articles && tour.articles.late_entry;
  return `<section class="players" aria-labelledby="players-title"><h2 id="players-title">${t('rounds.players', { count: tour.players.length })}</h2>
    ${tour.players.length ? `<details${tour.players.length <= 12 ? ' open' : ''}><summary>${t('rounds.players_list')}</summary><table><thead><tr><th scope="col">#</th>
      <th scope="col">${t('standings.player')}</th><th scope="col" class="num">${t('rounds.rating')}</th><th scope="col">${t('rounds.club')}</th><th scope="col">${t('standings.division')}</th></tr></thead>
      <tbody>${tour.players.map((p) => `<tr><td>${esc(p.player)}</td><td>${esc(p.name)}${p.from_round > 1 ? ` <small>${esc(t('rounds.late', { round: p.from_round, bonus: p.pairing_bonus }))}</small>` : ''}${
        p.withdrawn_from != null ? ` <small>${esc(t('rounds.withdrawn', { round: p.withdrawn_from }))}</small>` : ''}</td>
      <td class="num">${esc(p.rating || '')}</td><td>${esc(p.club || '')}</td><td>${esc(p.division || 'A')}</td></tr>`).join('')}</tbody></table></details>` : ''}
    ${open ? `<form id="import" class="act"><h3>${t(late ? 'director.import_late' : 'director.import')}</h3>
      ${late ? `<p class="help rule">${esc(rule ? t('rounds.rule', { article: rule }) : t('rounds.rule_none', { rules: tour.rules }))}${
        last != null ? ` ${esc(t('rounds.entry_until', { round: last }))}` : ''}</p>` : ''}
      ${fileFields(off)}<button type="submit"${off}>${t('director.import_do')}</button></form>`
    : tour.closed ? '' : `<p class="help rule">${esc(t('rounds.entries_over', { round: last, article: rule }))}</p>`}</section>`;
}

/** Each round: its state, its results, the round control and the seat sheets; then the tables waiting for a result. */
function roundsHtml(tour) {
  const q = `?tournament=${encodeURIComponent(tour.id)}`;
  const results = tour.results || [];
  const rows = [];
  const waiting = [];
  for (let n = 1; n <= tour.rounds; n += 1) {
    const round = desk.rounds[n];
    const published = tour.published_rounds.includes(n);
    const games = published ? round.tables.filter((x) => x.second != null) : [];
    const done = results.filter((r) => r.round === n && r.kind !== 'bye');
    const hand = done.filter((r) => r.official_entries).length;
    for (const x of games) {
      if (!done.some((r) => r.table === x.table)) waiting.push({ round: n, ...x });
    }
    const state = published ? t('director.round_results', { done: done.length, total: games.length })
      : round ? t('rounds.drafted') : t(tour.closed ? 'director.round_not_played' : 'director.round_none');
    const links = published ? `<a class="button" href="/seats?${new URLSearchParams({ event: tour.name, round: n })}">${t('rounds.seats')}</a>
      <a href="/rounds${q}">${t('director.round_control')}</a>`
      : !tour.closed && n === Math.max(0, ...tour.published_rounds) + 1 ? `<a class="button primary" href="/rounds${q}">${esc(t('director.pair', { round: n }))}</a>` : '';
    rows.push(`<tr data-round="${n}"><th scope="row">${n}</th><td>${esc(state)}${hand ? ` <span class="official-entry">✍ ${esc(t('director.hand_results', { count: hand }))}</span>` : ''}${
      links ? `<div class="links">${links}</div>` : ''}</td></tr>`);
  }
  const names = Object.fromEntries(tour.players.map((p) => [p.player, p.name]));
  return `<section class="rounds" aria-labelledby="rounds-title"><h2 id="rounds-title">${t('director.rounds_title')}</h2>
    <table><thead><tr><th scope="col">${t('standings.round')}</th><th scope="col">${t('rounds.status')}</th></tr></thead><tbody>${rows.join('')}</tbody></table>
    ${waiting.length ? `<h3>${t('director.waiting', { count: waiting.length })}</h3><p class="help">${esc(t('director.hand_help'))}</p>
      <ul class="waiting">${waiting.map((x) => `<li data-game="${esc(x.game_id)}">${esc(t('director.table_of', { round: x.round, table: x.table }))}: ${esc(names[x.first])} – ${esc(names[x.second])}
        ${tour.closed ? '' : `<a class="button" href="/console#game=${esc(x.game_id)}">${t('rounds.hand_entry')}</a>`}</li>`).join('')}</ul>` : ''}</section>`;
}

function closeHtml(tour, off) {
  if (tour.closed) {
    return `<section class="close" aria-labelledby="close-title"><h2 id="close-title">${t('director.close')}</h2>
      <p class="closed-banner" role="status">${esc(t('director.closed_at', { at: tour.closed.at.slice(0, 16).replace('T', ' '), actor: tour.closed.actor,
        rounds: tour.closed.rounds_played }))}</p>${tour.closed.reason ? `<p>${esc(t('director.closed_reason', { reason: tour.closed.reason }))}</p>` : ''}</section>`;
  }
  return `<section class="close" aria-labelledby="close-title"><h2 id="close-title">${t('director.close')}</h2>
    <form id="close" class="act"><p class="help">${esc(t('director.close_help', { article: (tour.articles || {}).closing || '' }))}</p>
      <p class="help">${esc(t('director.close_locks'))}</p>
      <label class="wide"><span>${t('rounds.reason')}</span><input name="reason" maxlength="500" autocomplete="off"></label>
      <button type="submit" class="danger"${off}>${t('director.close_do')}</button></form></section>`;
}

function render() {
  const off = desk.busy ? ' disabled' : '';
  const tour = desk.tournament;
  document.title = tour ? `${t('director.title')} · ${tour.name}` : t('director.title');
  app.className = 'director-page';
  patch(app, `${navHtml('director', t, desk.tid)}<header class="bar no-print">
      <h1 class="title">${t('director.title')}${tour ? ` · ${esc(tour.name)}` : ''}</h1>
      ${tour ? `<a class="on-dark" href="/director">${t('director.new_event')}</a>` : ''}
      ${langHtml()}<button type="button" id="sign-out">${t('console.sign_out')}</button></header>
    <div class="messages"><p class="notice" role="status">${esc(desk.notice ? t(...desk.notice) : '')}</p>${refusalHtml(desk.refusal)}</div>
    ${tour ? `<main class="desk director">
      <div class="col">${summaryHtml(tour)}${roundsHtml(tour)}${closeHtml(tour, off)}</div>
      <div class="col">${playersHtml(tour, off)}${exportHtml(desk.exported, tour.divisions || ['A'], t, off)}</div></main>`
    : `<main class="desk director single">${madeHtml(desk.made, t)}${createHtml(off)}${
      gameFormHtml(t, off, 'file-2024', (p) => t(`director.profile.${p}`))}</main>`}`);
}

/** The file chosen in a form, as text (UTF-8; a BOM is dropped by the service), and its format (a .trf file: TRF16). */
async function listOf(form) {
  const file = form.elements.file.files[0];
  if (!file) return null;
  const format = /\.trf$/i.test(file.name) ? 'trf' : form.elements.format.value;
  return { text: await file.text(), format };
}

const value = (form, name) => form.elements[name].value.trim();

function wire() {
  app.addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (button && button.id === 'sign-out') { localStorage.removeItem(DIRECTOR_KEY); location.reload(); }
  });
  app.addEventListener('change', async (e) => {
    if (e.target.id === 'lang') { await choose(e.target.value); render(); }
    const form = e.target.form;
    if (form && form.id === 'create' && e.target.name === 'rules') { // the games' profile and the minimum follow the rules
      form.elements.profile.value = e.target.value;
      if (e.target.value === 'ajs-2012' && Number(form.elements.rounds.value) < 6) form.elements.rounds.value = '6';
    }
    if (form && form.id === 'new-game' && e.target.name === 'profile') profileChanged(form, t); // who starts follows the rules
    if (form && e.target.name === 'file' && e.target.files[0] && /\.trf$/i.test(e.target.files[0].name)) form.elements.format.value = 'trf';
  });
  app.addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = e.target;
    if (form.id === 'create') {
      const list = await listOf(form);
      const body = { name: value(form, 'name'), rules: value(form, 'rules'), profile: value(form, 'profile'),
        rounds: Number(value(form, 'rounds')), system: value(form, 'system'), koth_rounds: Number(value(form, 'koth_rounds')),
        city: value(form, 'city'), federation: value(form, 'federation'), chief_arbiter: value(form, 'chief_arbiter'),
        ...(list ? { players: list.text, players_format: list.format } : {}) };
      act(() => call('', { method: 'POST', body }), (made) => {
        desk.tid = made.id;
        remember(made.id);
        history.replaceState(null, '', `/director?tournament=${encodeURIComponent(made.id)}`);
        return ['director.created', { name: body.name }];
      });
    }
    if (form.id === 'new-game') { // a game outside a tournament: who starts asked where the pairing list says (FILE 4.1)
      const send = (path, init) => request(path, { ...init, token: desk.token, headers: { 'Idempotency-Key': uuid() } });
      act(async () => {
        const made = await createGame(gameRequest(form), send, t);
        if (made.game) desk.made = made;
        if (made.refused) throw new Refused(made.refused.status, made.refused.body || {});
        form.reset();
        return made;
      }, () => ['game_new.notice', {}]);
    }
    if (form.id === 'import') {
      const list = await listOf(form);
      if (!list) { desk.refusal = new Error(t('director.no_file')); render(); return; }
      act(() => call(`/${desk.tid}/players/import`, { method: 'POST', body: list }),
        (answer) => ['director.imported', { count: answer.players.length }]);
    }
    if (form.id === 'close') {
      act(() => call(`/${desk.tid}/close`, { method: 'POST', body: { reason: value(form, 'reason') } }), () => ['director.closed_notice']);
    }
    if (form.id === 'export') {
      desk.refusal = null;
      try {
        desk.exported = await downloadExport(request, { tid: desk.tid, token: desk.token, format: value(form, 'format'),
          division: form.elements.division ? value(form, 'division') : '' });
      } catch (error) { desk.refusal = error; }
      render();
    }
  });
}

async function start() {
  desk.token = localStorage.getItem(DIRECTOR_KEY);
  if (!desk.token) { signIn(null); return; }
  if (desk.tid) {
    remember(desk.tid);
    try { await load(); } catch (error) {
      if (error.message !== 'refused') { desk.refusal = error; desk.tid = null; desk.tournament = null; render(); }
      return;
    }
  }
  render();
}

await use(initial(null));
tokenFromAddress();
wire();
start();
