// The director's round control (/rounds?tournament=ID): draft the next round (each table with why it was
// paired, in the reader's language), change it by hand (rounds_hand.js: seats swapped, the bye given, the
// reason asked) with the checker's warnings before publishing, run the pairing checker, publish (again, with
// a reason), record a no-show or both absent, a withdrawal or a late entry, print the pairings, open the
// round's QR seat sheet (/seats), and download the files the ecosystem reads with what each one shortens or
// approximates (export_notes.js: the export's Planilla-Warnings header).
// The token is a director's, in the fragment once (`#token=T`) or typed, then kept on this laptop.

import { t, has, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request } from './net.js';
import { patch } from './patch.js';
import { esc, namesOf } from './standings_view.js';
import { reasonText, warningsHtml } from './round_words.js';
import { begin, handHtml, pairs, place, swap, changed } from './rounds_hand.js';
import { exportHtml, downloadExport } from './export_notes.js';
import { DIRECTOR_KEY, navHtml, remember, shareToken } from './nav.js';

const app = document.getElementById('app');
const KEY = DIRECTOR_KEY;
const tid = new URLSearchParams(location.search).get('tournament');
const desk = { token: null, tournament: null, round: null, shown: null, check: null, notice: null, error: null, busy: false,
  hand: null, exported: null };

function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) shareToken(hash.get('token'));
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
  desk.token = localStorage.getItem(KEY);
}

function signIn(problem) {
  app.className = 'rounds-page';
  app.innerHTML = `<section class="bind"><h1>${t('rounds.title')}</h1><p>${t('rounds.sign_in_help')}</p>
    <form id="sign-in"><label for="director-token">${t('rounds.token')}</label>
    <input id="director-token" type="password" autocomplete="off" required>
    ${tid ? '' : `<label for="tournament-id">${t('standings.tournament')}</label><input id="tournament-id" required autocomplete="off">`}
    <button type="submit" class="primary">${t('rounds.sign_in')}</button></form>
    ${problem ? `<p role="alert" class="problem">${esc(problem)}</p>` : ''}</section>`;
  document.getElementById('sign-in').addEventListener('submit', (e) => {
    e.preventDefault();
    shareToken(document.getElementById('director-token').value.trim());
    const typed = document.getElementById('tournament-id');
    if (typed) location.assign(`/rounds?tournament=${encodeURIComponent(typed.value.trim())}`);
    else start();
  });
}

/** One call to the tournament's resource; a refusal becomes the page's notice (its message, field, article). */
async function call(path, { method = 'GET', body } = {}) {
  const answer = await request(`/v1/tournaments/${tid}${path}`, { method, body, token: desk.token });
  if (answer.status === 401) { localStorage.removeItem(KEY); signIn(t('rounds.refused')); throw new Error('refused'); }
  if (answer.status >= 400) {
    const b = answer.body && typeof answer.body === 'object' ? answer.body : {};
    const where = [b.field, b.article].filter(Boolean).join(' · ');
    throw new Error(`${answer.status}: ${b.message || b.detail || ''}${where ? ` (${where})` : ''}`);
  }
  return answer.body;
}

const latest = () => Math.max(0, ...desk.tournament.published_rounds);

/** Read the tournament and the round shown (the one drafted and not yet published, else the last published). */
async function load() {
  desk.tournament = await call('');
  const next = latest() + 1;
  let shown = desk.shown ?? next;
  let round = null;
  try { round = await call(`/rounds/${shown}`); } catch { round = null; }
  if (!round && desk.shown == null && latest()) { shown = latest(); round = await call(`/rounds/${shown}`); }
  Object.assign(desk, { round, shown });
}

async function act(step, done) {
  desk.busy = true;
  desk.error = null;
  desk.notice = null;
  render();
  try {
    const answer = await step();
    desk.notice = done(answer);
    await load();
  } catch (error) {
    if (error.message === 'refused') return;
    desk.error = error.message;
  }
  desk.busy = false;
  render();
}

/** A published table's result as the tournament recorded it (✍ when an official entered some of the game's acts:
 * a paper game, a dead tablet), or the way to enter it by hand (the console's table, its official-entry forms). */
function resultHtml(round, x) {
  if (!round.published || x.second == null) return '';
  const r = (desk.tournament.results || []).find((y) => y.round === round.round && y.table === x.table);
  if (!r) {
    return x.game_id && !desk.tournament.closed ? `<a class="hand-entry no-print" href="/console#game=${esc(x.game_id)}">${esc(t('rounds.hand_entry'))}</a>` : '';
  }
  const score = r.scores ? `${r.scores[0]}–${r.scores[1]}` : esc(t(`rounds.result.${r.kind}`));
  return `<span class="result">${score}</span>${r.official_entries ? ` <span class="official-entry" title="${esc(r.reason)}">✍ ${
    esc(t('rounds.official_entries', { count: r.official_entries }))}</span>` : ''}`;
}

function tablesHtml(round, names) {
  const warned = new Set((round.warnings || []).map((w) => w.table));
  return `<table class="round-tables"><caption class="sr">${esc(t('rounds.tables_of', { round: round.round }))}</caption>
    <thead><tr><th scope="col">${t('standings.table')}</th><th scope="col">${t('standings.first')}</th><th scope="col">${t('standings.second')}</th>
    ${round.published ? `<th scope="col">${t('rounds.result')}</th>` : ''}<th scope="col" class="why">${t('rounds.why')}</th></tr></thead><tbody>${round.tables.map((x) => `<tr data-table="${x.table}"${warned.has(x.table) ? ' class="warned"' : ''}>
      <td class="num">${warned.has(x.table) ? '<span class="flag no-print" aria-hidden="true">⚠</span>' : ''}${x.table}</td><td>${esc(names[x.first] || x.first)}</td>
      <td>${x.second == null ? `<em>${t('standings.bye')}</em>` : esc(names[x.second] || x.second)}</td>
      ${round.published ? `<td class="result-cell">${resultHtml(round, x)}</td>` : ''}<td class="why">${esc(reasonText(x, names, t, has))}</td></tr>`).join('')}</tbody></table>`;
}

function checkHtml() {
  if (!desk.check) return '';
  const rows = desk.check.rounds.map((r) => {
    const verdict = r.agrees === null ? (r.reason ? t('rounds.check_manual_reason', { reason: r.reason }) : t('rounds.check_manual'))
      : r.agrees ? t('rounds.check_agrees') : t('rounds.check_differs');
    const diffs = r.differences.map((d) => `<li>${esc(t('rounds.check_difference', { table: d.table ?? '–',
      published: JSON.stringify(d.published), derived: JSON.stringify(d.derived) }))}</li>`).join('');
    return `<li class="${r.agrees === false ? 'differs' : 'agrees'}"><strong>${esc(t('standings.round'))} ${r.round}</strong>: ${esc(verdict)}`
      + `${diffs ? `<ul>${diffs}</ul>` : ''}${(r.warnings || []).length ? warningsHtml(r.warnings, namesOf(desk.tournament), t, has) : ''}</li>`;
  }).join('');
  return `<section class="check" aria-labelledby="check-title"><h2 id="check-title">${t('rounds.check_title')}</h2>
    ${rows ? `<ul>${rows}</ul>` : `<p>${t('rounds.check_nothing')}</p>`}</section>`;
}

/** The rule a form applies, from the event's own rules (FISC I.4, AJS 4.1.9, AJS 4.1.10), or that its rulebook has none. */
function ruleNote(what) {
  const article = (desk.tournament.articles || {})[what];
  return article ? t('rounds.rule', { article }) : t('rounds.rule_none', { rules: desk.tournament.rules });
}

function playersHtml() {
  const tour = desk.tournament;
  const players = tour.players;
  const next = latest() + 1;
  const last = tour.last_entry_round;
  const options = players.filter((p) => p.withdrawn_from == null).map((p) => `<option value="${esc(p.player)}">${esc(p.name)}</option>`).join('');
  const list = `<details><summary>${t('rounds.players_list')}</summary><table><thead><tr><th scope="col">#</th><th scope="col">${t('standings.player')}</th>
      <th scope="col" class="num">${t('rounds.rating')}</th><th scope="col">${t('standings.division')}</th><th scope="col">${t('rounds.status')}</th></tr></thead><tbody>${players.map((p) => `<tr>
      <td>${esc(p.player)}</td><td>${esc(p.name)}</td><td class="num">${esc(p.rating || '')}</td><td>${esc(p.division || 'A')}</td><td>${[
        p.from_round > 1 ? esc(t('rounds.late', { round: p.from_round, bonus: p.pairing_bonus })) : '',
        p.withdrawn_from != null ? esc(t('rounds.withdrawn', { round: p.withdrawn_from })) : ''].filter(Boolean).join(' · ')}</td></tr>`).join('')}
    </tbody></table></details>`;
  if (tour.closed) {
    return `<section class="players" aria-labelledby="players-title"><h2 id="players-title">${t('rounds.players', { count: players.length })}</h2>${list}</section>`;
  }
  const withdraw = next <= tour.rounds ? `<form id="withdraw" class="act"><h3>${t('rounds.withdraw')}</h3>
      <p class="help rule">${esc(ruleNote('withdrawal'))}</p>
      <label><span>${t('standings.player')}</span><select name="player" required>${options}</select></label>
      <label><span>${t('rounds.from_round')}</span><input name="from_round" type="number" min="${next}" max="${tour.rounds}" value="${next}" required inputmode="numeric"></label>
      <label><span>${t('rounds.reason')}</span><input name="reason" required autocomplete="off"></label>
      <button type="submit"${desk.busy ? ' disabled' : ''}>${t('rounds.withdraw_do')}</button></form>`
    : `<p class="help">${esc(t('rounds.withdraw_none', { rounds: tour.rounds }))}</p>`;
  const open = last == null || next <= last;
  const enter = open ? `<form id="enter" class="act"><h3>${t(latest() ? 'rounds.late_entry' : 'rounds.entry')}</h3>
      ${latest() ? `<p class="help rule">${esc(ruleNote('late_entry'))}${last != null ? ` ${esc(t('rounds.entry_until', { round: last }))}` : ''}</p>` : ''}
      <label><span>${t('rounds.name')}</span><input name="name" required autocomplete="off"></label>
      <label><span>${t('rounds.federation_id')}</span><input name="federation_id" autocomplete="off"></label>
      <label><span>${t('rounds.club')}</span><input name="club" autocomplete="off"></label>
      <label><span>${t('rounds.rating')}</span><input name="rating" type="number" min="0" max="4000" value="0" inputmode="numeric"></label>
      <label><span>${t('standings.division')}</span><input name="division" list="divisions" value="${esc((tour.divisions || ['A'])[0])}" required maxlength="20" autocomplete="off"></label>
      <datalist id="divisions">${(tour.divisions || []).map((d) => `<option value="${esc(d)}">`).join('')}</datalist>
      <button type="submit"${desk.busy ? ' disabled' : ''}>${t('rounds.enter_do')}</button></form>`
    : `<p class="help rule">${esc(t('rounds.entries_over', { round: last, article: tour.articles.late_entry }))}</p>`;
  return `<section class="players" aria-labelledby="players-title"><h2 id="players-title">${t('rounds.players', { count: players.length })}</h2>
    ${list}${withdraw}${enter}</section>`;
}

/** The drafted round being changed by hand: its seats (beside them, `handPanel`: the warnings, the reason, save). */
function handSection(names) {
  const hand = desk.hand;
  return `<section class="hand no-print" aria-labelledby="hand-title"><h3 id="hand-title">${esc(t('rounds.hand_title', { round: hand.round }))}</h3>
    <p class="help">${esc(t('rounds.hand_help'))}</p>
    ${handHtml(hand, names, t)}</section>`;
}

/** Beside the seats while they are changed (kept in view): the checker's warnings on them, the reason and save. */
function handPanel(names, off) {
  const hand = desk.hand;
  const moved = hand.seats.some((_, at) => changed(hand, at));
  return `<section class="hand-panel" aria-label="${esc(t('rounds.hand_title', { round: hand.round }))}">
    <div class="hand-warnings" aria-live="polite">${warningsHtml(hand.warnings, names, t, has)}
      ${hand.problem ? `<p class="problem" role="alert">${esc(hand.problem)}</p>` : ''}</div>
    <form id="hand-save" class="act"><label class="wide"><span>${esc(t('rounds.hand_reason'))}</span>
      <input name="reason" required maxlength="500" autocomplete="off"></label>
      <button type="submit" class="primary"${off || (moved ? '' : ' disabled')}>${esc(t('rounds.hand_save'))}</button>
      <button type="button" id="hand-cancel"${off}>${esc(t('rounds.hand_cancel'))}</button>
      ${moved ? '' : `<p class="help">${esc(t('rounds.hand_unchanged'))}</p>`}</form></section>`;
}

function render() {
  if (!desk.tournament) return;
  const names = namesOf(desk.tournament);
  const round = desk.round;
  const next = latest() + 1;
  const canDraft = !desk.tournament.closed && next <= desk.tournament.rounds && !(round && round.round === next && !round.published);
  const drafted = round && !round.published;
  const published = round && round.published;
  const editing = Boolean(drafted && desk.hand && desk.hand.round === round.round);
  const warned = drafted && round.warnings ? round.warnings.length : 0;
  const off = desk.busy ? ' disabled' : '';
  const seats = round ? `/seats?event=${encodeURIComponent(desk.tournament.name)}&round=${round.round}` : null;
  document.title = `${t('rounds.title')} · ${desk.tournament.name}`;
  app.className = 'rounds-page';
  const closed = desk.tournament.closed;
  patch(app, `${navHtml('rounds', t, tid)}<header class="bar no-print">
      <h1 class="title">${t('rounds.title')} · ${esc(desk.tournament.name)}</h1>
      <label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
        `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>
      <button type="button" id="sign-out">${t('console.sign_out')}</button>
    </header>
    ${closed ? `<p class="closed-banner no-print" role="status">${esc(t('director.closed_at', { at: closed.at.slice(0, 16).replace('T', ' '),
      actor: closed.actor, rounds: closed.rounds_played }))}</p>` : ''}
    <div class="messages no-print"><p class="notice" role="status">${esc(desk.notice || '')}</p>
    ${desk.error ? `<p class="problem" role="alert">${esc(desk.error)}</p>` : ''}</div>
    <main class="desk">
      <section class="round" aria-labelledby="round-title">
        <h2 id="round-title">${round ? esc(t('rounds.round_state', { round: round.round,
          state: t(published ? 'rounds.published' : 'rounds.drafted'), method: round.method ? t(`rounds.method.${round.method}`) : '' })) : esc(t('rounds.nothing', { round: next }))}</h2>
        <div class="actions no-print">
          ${canDraft ? `<button type="button" id="draft" class="primary"${off}>${esc(t('rounds.draft', { round: next }))}</button>` : ''}
          <button type="button" id="check"${off}>${t('rounds.check')}</button>
          ${drafted && !editing && !desk.tournament.closed ? `<button type="button" id="publish" class="primary"${off}>${esc(warned
    ? t('rounds.publish_warned', { round: round.round, count: warned }) : t('rounds.publish', { round: round.round }))}</button>
            <button type="button" id="hand"${off}>${esc(t('rounds.hand'))}</button>
            <button type="button" id="redraft"${off}>${esc(t('rounds.redraft', { round: round.round }))}</button>` : ''}
          ${round ? `<button type="button" id="print"${off}>${t('rounds.print')}</button>` : ''}
          ${published ? `<a class="button" href="${esc(seats)}">${t('rounds.seats')}</a>` : ''}
          ${desk.tournament.published_rounds.length ? `<label class="pick"><span>${t('rounds.show_round')}</span><select id="show-round">${
            [...desk.tournament.published_rounds, ...(drafted && round.round === next ? [next] : [])].map((r) =>
              `<option value="${r}"${round && r === round.round ? ' selected' : ''}>${r}</option>`).join('')}</select></label>` : ''}
        </div>
        <p class="print-only print-title">${esc(desk.tournament.name)} · ${round ? esc(t('standings.pairings_of', { round: round.round })) : ''}</p>
        ${drafted && !editing ? `<div class="no-print">${warningsHtml(round.warnings, names, t, has)}</div>` : ''}
        ${editing ? handSection(names) : round ? tablesHtml(round, names) : ''}
        ${published && !desk.tournament.closed ? `<div class="no-print forms">
          <form id="absence" class="act"><h3>${t('rounds.absence')}</h3>
            <label><span>${t('standings.table')}</span><select name="table" required>${round.tables.filter((x) => x.second != null).map((x) =>
              `<option value="${x.table}">${x.table}: ${esc(names[x.first] || x.first)} – ${esc(names[x.second] || x.second)}</option>`).join('')}</select></label>
            <label><span>${t('rounds.absence_kind')}</span><select name="kind"><option value="forfeit">${t('rounds.forfeit')}</option>
              <option value="both_absent">${t('rounds.both_absent')}</option></select></label>
            <label><span>${t('rounds.reason')}</span><input name="reason" required autocomplete="off"></label>
            <button type="submit"${off}>${t('rounds.absence_do')}</button></form>
          <form id="republish" class="act"><h3>${t('rounds.republish')}</h3><p class="help">${t('rounds.republish_help')}</p>
            <label><span>${t('rounds.reason')}</span><input name="reason" required autocomplete="off"></label>
            <button type="submit"${off}>${esc(t('rounds.republish_do', { round: round.round }))}</button></form></div>` : ''}
      </section>
      <div class="no-print side">${editing ? handPanel(names, off) : `${checkHtml()}${playersHtml()}${
        exportHtml(desk.exported, desk.tournament.divisions || ['A'], t, off)}`}</div>
    </main>`);
  if (editing) { // the seats as the hand pairing has them (a choice the director made keeps no `selected` of its own)
    for (const choice of app.querySelectorAll('select[data-seat]')) choice.value = desk.hand.seats[choice.dataset.at][choice.dataset.seat];
  }
}

/** The checker's warnings on the hand pairing as it stands (only the answer to the last change is shown). */
async function askChecker() {
  const hand = desk.hand;
  hand.asked += 1;
  const asked = hand.asked;
  try {
    const answer = await call(`/rounds/${hand.round}/check`, { method: 'POST', body: { pairings: pairs(hand) } });
    if (desk.hand !== hand || asked !== hand.asked) return;
    hand.warnings = answer.warnings;
    hand.problem = null;
  } catch (error) {
    if (error.message === 'refused' || desk.hand !== hand) return;
    hand.problem = error.message;
  }
  render();
}

const value = (form, name) => form.elements[name].value.trim();

function wire() {
  app.addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (!button || button.disabled) return;
    const next = latest() + 1;
    if (button.id === 'sign-out') { localStorage.removeItem(KEY); location.reload(); }
    if (button.id === 'print') window.print();
    if (button.id === 'draft') {
      desk.shown = next;
      act(() => call(`/rounds/${next}/draft`, { method: 'POST', body: {} }), (r) => t('rounds.drafted_notice', { round: r.round, tables: r.tables.length }));
    }
    if (button.id === 'hand') { desk.hand = begin(desk.round); desk.notice = null; desk.error = null; render(); }
    if (button.id === 'hand-cancel') { desk.hand = null; render(); }
    if (button.classList.contains('swap') && desk.hand && swap(desk.hand, Number(button.dataset.at))) { render(); askChecker(); }
    if (button.id === 'redraft') {
      const n = desk.round.round;
      act(() => call(`/rounds/${n}/draft`, { method: 'POST', body: {} }), (r) => t('rounds.drafted_notice', { round: r.round, tables: r.tables.length }));
    }
    if (button.id === 'publish') {
      const n = desk.round.round;
      act(() => call(`/rounds/${n}/publish`, { method: 'POST', body: {} }), () => t('rounds.published_notice', { round: n }));
    }
    if (button.id === 'check') {
      act(async () => { desk.check = await call('/check'); return desk.check; }, (c) => t(c.rounds.some((r) => r.agrees === false)
        ? 'rounds.check_found' : 'rounds.check_clean', { rounds: c.rounds.length }));
    }
  });
  app.addEventListener('change', async (e) => {
    if (e.target.id === 'lang') { await choose(e.target.value); render(); }
    if (e.target.id === 'show-round') { desk.shown = Number(e.target.value); desk.hand = null; await load(); render(); }
    if (e.target.dataset.seat != null && desk.hand) {
      if (place(desk.hand, Number(e.target.dataset.at), Number(e.target.dataset.seat), e.target.value)) { render(); askChecker(); }
    }
  });
  app.addEventListener('submit', (e) => {
    e.preventDefault();
    const form = e.target;
    const n = desk.round && desk.round.round;
    if (form.id === 'hand-save' && desk.hand) {
      const hand = desk.hand;
      act(() => call(`/rounds/${hand.round}/draft`, { method: 'POST', body: { pairings: pairs(hand), reason: value(form, 'reason') } }),
        () => { desk.hand = null; return t('rounds.hand_notice', { round: hand.round }); });
    }
    if (form.id === 'absence') {
      act(() => call(`/rounds/${n}/tables/${value(form, 'table')}/absence`, { method: 'POST',
        body: { kind: value(form, 'kind'), reason: value(form, 'reason') } }), () => t('rounds.absence_notice', { table: value(form, 'table') }));
    }
    if (form.id === 'republish') {
      act(() => call(`/rounds/${n}/publish`, { method: 'POST', body: { reason: value(form, 'reason') } }),
        () => t('rounds.published_notice', { round: n }));
    }
    if (form.id === 'export') download(value(form, 'format'), form.elements.division ? value(form, 'division') : '');
    if (form.id === 'withdraw') {
      act(() => call(`/players/${encodeURIComponent(value(form, 'player'))}/withdraw`, { method: 'POST',
        body: { from_round: Number(value(form, 'from_round')), reason: value(form, 'reason') } }), () => t('rounds.withdrawn_notice'));
    }
    if (form.id === 'enter') {
      act(() => call('/players', { method: 'POST', body: { name: value(form, 'name'), federation_id: value(form, 'federation_id'),
        club: value(form, 'club'), rating: Number(value(form, 'rating') || 0), division: value(form, 'division') || 'A' } }), (p) => t('rounds.entered_notice', { player: p.player }));
    }
  });
}

/** One export downloaded with the director's token; its warnings (the Planilla-Warnings header) shown beside the form. */
async function download(format, division) {
  desk.error = null;
  try {
    desk.exported = await downloadExport(request, { tid, token: desk.token, format, division });
  } catch (error) {
    desk.error = error.message;
  }
  render();
}

async function start() {
  desk.token = localStorage.getItem(KEY);
  if (!tid || !desk.token) { signIn(null); return; }
  remember(tid);
  try { await load(); } catch (error) { if (error.message !== 'refused') { app.innerHTML = `<p class="problem" role="alert">${esc(error.message)}</p>`; } return; }
  render();
}

await use(initial(null));
tokenFromAddress();
wire();
start();
