// Round control in the officials' console (issue 15): for the event and round in the filters, the games
// not yet signed, "print the round" (every sheet in one printable page: GET /v1/rounds/scoresheets), and
// "end games at round time" as the profile says (FILE 30 and 44.4, FISC I.11): one request,
// POST /v1/rounds/round-time, which calls the round's time on every game of the round, game by game; each
// game's outcome shown (what happens next, or why it was refused, with the article: round_outcomes.js).
// Nothing here computes a state: the hall read and the service do.

import { t } from './i18n.js';
import { request } from './net.js';
import { outcomeLine } from './round_outcomes.js';

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const round = { confirming: false, busy: false, results: [], problem: null, counts: null, key: '' };

const unsigned = (tables) => tables.filter((x) => x.status !== 'closed');
const unfinished = (tables) => tables.filter((x) => x.status === 'in_progress');

/** The round panel for the hall's tables (already filtered by the event and round in `filters`). */
export function roundHtml(tables, { event, round: number }) {
  if (!event || !number) return `<section class="round-panel" aria-label="${t('console.round_control')}"><p>${t('console.round_pick')}</p></section>`;
  const key = `${event}\n${number}`;
  if (round.key !== key) Object.assign(round, { key, confirming: false, results: [], problem: null, counts: null });
  const open = unsigned(tables);
  const playing = unfinished(tables);
  const list = open.map((x) => `<li data-game="${esc(x.game_id)}"><b>${esc(t('seats.table', { table: x.table ?? '?' }))}</b> `
    + `${esc(x.players.join(' – '))} · ${esc(t(`hall.state.${x.state}`))}</li>`).join('');
  const confirm = round.confirming
    ? `<button type="button" id="round-time-confirm" class="danger">${esc(t('console.round_time_confirm', { count: playing.length }))}</button>`
      + `<button type="button" id="round-time-cancel">${t('console.cancel')}</button>`
    : `<button type="button" id="round-time"${playing.length && !round.busy ? '' : ' disabled'}>${t('console.round_time')}</button>`;
  return `<section class="round-panel" aria-label="${t('console.round_control')}">
    <h2>${open.length ? esc(t('console.unsigned', { round: number, count: open.length })) : t('console.all_signed')}</h2>
    ${open.length ? `<ul class="unsigned">${list}</ul>` : ''}
    <div class="actions"><button type="button" id="print-round">${t('console.print_round')}</button>${confirm}</div>
    <p class="why">${t('console.round_time_help')}</p>
    ${round.problem ? `<p class="problem" role="alert">${esc(round.problem)}</p>` : ''}
    ${round.busy ? `<p class="busy" role="status">${t('round.busy')}</p>` : ''}
    ${round.counts ? `<p class="counts">${esc(round.counts)}</p>` : ''}
    ${round.results.length ? `<ul class="outcomes" role="status">${round.results.map((r) => `<li class="${r.ok ? 'ok' : r.skipped ? 'skipped' : 'refused'}">${esc(r.text)}</li>`).join('')}</ul>` : ''}
  </section>`;
}

async function printRound(ctx) {
  const { event, round: number } = ctx.filters();
  const popup = window.open('', '_blank'); // opened on the click itself: a popup opened after an await is blocked
  const answer = await request(`/v1/rounds/scoresheets?${new URLSearchParams({ event, round: number })}`, { token: ctx.token() })
    .catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
  if (answer.status !== 200) {
    if (popup) popup.close();
    const body = answer.body || {};
    round.problem = t('console.print_failed', { why: [body.message || answer.status, body.field].filter(Boolean).join(' · ') });
    ctx.render();
    return;
  }
  round.problem = null;
  if (!popup) return;
  popup.document.open();
  popup.document.write(answer.body);
  popup.document.close();
  popup.focus();
  popup.print();
}

async function endAtRoundTime(ctx) {
  const { event, round: number } = ctx.filters();
  Object.assign(round, { busy: true, confirming: false, results: [], problem: null, counts: null });
  ctx.render();
  const answer = await request('/v1/rounds/round-time', { method: 'POST', token: ctx.token(), timeout: 120000,
    body: { event, round: Number(number) } }).catch((error) => ({ status: 0, body: { message: String(error.message || error) } }));
  if (answer.status === 200) {
    round.results = answer.body.games.map((game) => outcomeLine(game, t));
    round.counts = t('round.counts', { called: answer.body.called, refused: answer.body.refused, left_out: answer.body.left_out });
  } else {
    const body = answer.body || {};
    round.problem = t('round.failed', { why: [body.message || answer.status || t('net.offline'), body.article].filter(Boolean).join(' · ') });
  }
  round.busy = false;
  ctx.render();
}

/** Wire the panel's buttons on the console's root; `ctx` gives the token, the filters, the tables, a redraw. */
export function wireRound(root, ctx) {
  root.addEventListener('click', (e) => {
    const button = e.target.closest('button');
    if (!button) return;
    if (button.id === 'print-round') printRound(ctx);
    if (button.id === 'round-time') { round.confirming = true; ctx.render(); }
    if (button.id === 'round-time-cancel') { round.confirming = false; ctx.render(); }
    if (button.id === 'round-time-confirm') endAtRoundTime(ctx);
  });
}
