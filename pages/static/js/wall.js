// The wall (/wall?event=E&round=N[&lang=ca][&per=8][&every=20]): every table of an event's round for the hall
// screen and the broadcast, as the public may see it (the spectator view, after the broadcast delay), live
// over one stream (/v1/public/wall/stream). More tables than fit (`per`, 6 at 1920x1080) turn in pages
// every `every` seconds.
import { t } from './i18n.js';
import { request } from './net.js';
import { escapeHtml } from './access.js';
import { patch } from './patch.js';
import { startLanguage, playersHtml, drawBoard, follow, lastTurnText, stateText, tableTitle, delayText } from './public_view.js';

const app = document.getElementById('app');
const params = new URLSearchParams(location.search);
const event = params.get('event');
const round = params.get('round');
const per = Math.max(1, Number(params.get('per')) || 6);
const every = Math.max(5, Number(params.get('every')) || 20);
const tables = new Map(); // game id -> latest frame
let page = 0;
let delay = 0;

const order = (a, b) => String(a.table).length - String(b.table).length || String(a.table).localeCompare(String(b.table));

function layout() {
  document.title = `${event} · ${t('public.round', { round })} · ${t('public.wall_title')}`;
  app.innerHTML = `<div class="pub pub-wall">
    <header class="pub-head"><h1>${escapeHtml(event)} · ${t('public.round', { round })}</h1>
      <p class="pub-delay" data-testid="delay"></p><p class="pub-page" data-testid="page"></p>
      <p class="pub-live" data-testid="live" aria-live="polite"></p></header>
    <div class="pub-grid" data-testid="grid"></div>
    <p class="pub-note">${t('public.no_racks')}</p></div>`;
}

function card(frame) {
  return `<article class="pub-card" data-testid="table-${escapeHtml(frame.table)}" data-game="${frame.game_id}" data-version="${frame.version}">
    <h2>${escapeHtml(tableTitle(frame))}</h2>
    <pl-board data-game="${frame.game_id}"></pl-board>
    ${playersHtml(frame)}
    <p class="pub-state">${escapeHtml(stateText(frame))}</p>
    <p class="pub-last" data-testid="last-turn">${escapeHtml(lastTurnText(frame.last_turn))}</p>
  </article>`;
}

function render() {
  const all = [...tables.values()].sort(order);
  const pages = Math.max(1, Math.ceil(all.length / per));
  page %= pages;
  const shown = all.slice(page * per, page * per + per);
  const grid = app.querySelector('.pub-grid');
  patch(grid, shown.length ? shown.map(card).join('') : `<p class="pub-empty">${t('public.no_tables')}</p>`);
  for (const frame of shown) drawBoard(grid.querySelector(`pl-board[data-game="${frame.game_id}"]`), frame);
  app.querySelector('[data-testid="page"]').textContent = pages > 1 ? t('public.page', { page: page + 1, pages }) : '';
  app.querySelector('[data-testid="delay"]').textContent = delayText(delay);
}

await startLanguage();
if (!event || !round) {
  document.title = t('public.wall_title');
  app.innerHTML = `<main class="landing"><h1>${t('public.wall_title')}</h1><p>${t('public.no_event')}</p>
    <form method="get" action="/wall" class="pub-form">
      <label>${t('public.event')} <input name="event" required maxlength="200"></label>
      <label>${t('public.round_field')} <input name="round" type="number" min="1" max="1000" required></label>
      <button type="submit" class="primary">${t('public.open')}</button></form></main>`;
} else {
  layout();
  const answer = await request(`/v1/public/wall?event=${encodeURIComponent(event)}&round=${encodeURIComponent(round)}`);
  if (answer.status === 200) {
    delay = answer.body.delay_seconds;
    for (const frame of answer.body.tables) tables.set(frame.game_id, frame);
  }
  render();
  const query = `event=${encodeURIComponent(event)}&round=${encodeURIComponent(round)}`;
  follow(`/v1/public/wall/stream?${query}`, (frame) => {
    const had = tables.get(frame.game_id);
    if (had && had.version >= frame.version) return;
    tables.set(frame.game_id, frame);
    render();
  }, (state) => { app.querySelector('[data-testid="live"]').textContent = t(`public.${state}`); });
  setInterval(() => { if (tables.size > per) { page += 1; render(); } }, every * 1000);
}
