// The public board of one table (/board?game=G[&lang=ca]): no token, read-only, the spectator's view after
// the event's broadcast delay, live over /v1/public/games/{id}/stream.
import { t } from './i18n.js';
import { request } from './net.js';
import { escapeHtml } from './access.js';
import { patch } from './patch.js';
import { startLanguage, playersHtml, drawBoard, follow, lastTurnText, stateText, tableTitle } from './public_view.js';

const app = document.getElementById('app');
const game = new URLSearchParams(location.search).get('game');

function layout() {
  app.innerHTML = `<div class="pub pub-board">
    <header class="pub-head"><h1 data-testid="title">${t('public.board_title')}</h1>
      <p class="pub-live" data-testid="live" aria-live="polite"></p></header>
    <div class="pub-layout"><div class="pub-board-area"><pl-board></pl-board></div>
      <aside class="pub-side"><div class="pub-facts" aria-live="polite"></div></aside></div>
    <p class="pub-note">${t('public.no_racks')}</p></div>`;
}

function render(frame) {
  document.title = `${tableTitle(frame)} · ${t('public.board_title')}`;
  app.querySelector('[data-testid="title"]').textContent = [frame.event, frame.round && t('public.round', { round: frame.round }),
    tableTitle(frame)].filter(Boolean).join(' · ');
  drawBoard(app.querySelector('pl-board'), frame);
  patch(app.querySelector('.pub-facts'), `${playersHtml(frame)}
    <p class="pub-state" data-testid="state">${escapeHtml(stateText(frame))}</p>
    <dl class="pub-dl"><dt>${t('public.last_turn')}</dt><dd data-testid="last-turn">${escapeHtml(lastTurnText(frame.last_turn))}</dd>
    <dt>${t('public.bag')}</dt><dd data-testid="bag">${frame.bag_count}</dd></dl>
    <p class="pub-version" data-testid="version" data-version="${frame.version}">${t('public.version', { version: frame.version })}</p>`);
}

function live(state) {
  app.querySelector('[data-testid="live"]').textContent = t(`public.${state}`);
}

await startLanguage();
if (!game) {
  app.innerHTML = `<p class="error" role="alert">${t('public.no_game')}</p>`;
} else {
  layout();
  const answer = await request(`/v1/public/games/${encodeURIComponent(game)}`);
  if (answer.status === 200) render(answer.body);
  else app.querySelector('.pub-facts').innerHTML = `<p data-testid="not-yet">${t('public.not_yet')}</p>`;
  follow(`/v1/public/games/${encodeURIComponent(game)}/stream`, render, live);
}
