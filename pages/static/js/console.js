// The officials' hall console (/console, issue 15): every table of an event and round at a glance, live over one
// stream, GET /v1/tables/stream (docs/console.md): the whole hall at once, then what changes (console_hall.js). One
// connection for the hall (a browser opens six to a host at most: one stream per table cannot hold a hall of
// 100). When the stream drops the bar says "reconnecting"; the page tries again (1 s, doubling to 15 s), first
// reading GET /v1/tables so the tiles are current even while the stream cannot open. Alerts (an arbiter called,
// sheets that disagree, an overdraw, a clock in overtime, a challenge) rise to the top and, when the sound is
// on, beep once. A tile opens that table (console_table.js). The token is an official's, kept on this laptop.

import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request } from './net.js';
import { followStream } from './api.js';
import { patch } from './patch.js';
import { showTable } from './console_table.js';
import { roundHtml, wireRound } from './console_round.js';
import { hallName } from './console_names.js';
import { HallModel, newAlerts, retryDelay } from './console_hall.js';
import { outboxHtml, watchOutbox } from './console_outbox.js';
import { navHtml } from './nav.js';

const app = document.getElementById('app');
const KEY = 'planilla.console';
const TICK_MS = 5000; // the tiles' seconds of silence move on between messages
const QUIET_MS = 40000; // nothing at all from the stream for this long (keep-alives come every 15 s): dropped
const HEARD_NOW = 10; // seconds: a tablet heard this recently shows no count (the title has it)
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const saved = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } };
const save = (change) => localStorage.setItem(KEY, JSON.stringify({ ...saved(), ...change }));

const hall = { model: new HallModel(), tables: [], online: true, error: null, heard: new Set(), sound: false, audio: null,
  round: false, abort: null, retry: null, tick: null, attempts: 0 };

function tokenFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token')) {
    save({ token: hash.get('token') });
    hash.delete('token');
    history.replaceState(null, '', `/console${hash.size ? `#${hash}` : ''}`);
  }
}

function signIn(problem) {
  app.innerHTML = `<section class="bind"><h1>${t('console.title')}</h1><p>${t('console.sign_in_help')}</p>
    <form id="sign-in"><label for="official-token">${t('console.token')}</label>
    <input id="official-token" type="password" autocomplete="off" required>
    <button type="submit" class="primary">${t('console.sign_in')}</button></form>
    ${problem ? `<p role="alert" class="error">${esc(problem)}</p>` : ''}</section>`;
  document.getElementById('sign-in').addEventListener('submit', (e) => {
    e.preventDefault();
    save({ token: document.getElementById('official-token').value.trim() });
    route();
  });
}

function beep() {
  if (!hall.sound) return;
  try {
    hall.audio ??= new AudioContext();
    const tone = hall.audio.createOscillator();
    const gain = hall.audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.2;
    tone.connect(gain).connect(hall.audio.destination);
    tone.start();
    tone.stop(hall.audio.currentTime + 0.25);
  } catch { /* no sound on this device: the tile still rises */ }
}

function refused() {
  stopFollowing();
  localStorage.setItem(KEY, JSON.stringify({ ...saved(), token: null }));
  signIn(t('console.refused'));
}

// A message of the stream (or an answer of GET /v1/tables, as `tables`): the hall updated, a new alert beeps.
function received(type, data) {
  if (!hall.model.apply(type, data)) return;
  hall.tables = hall.model.tables;
  hall.online = true;
  hall.error = null;
  if (newAlerts(hall.heard, hall.tables)) beep();
  render();
}

function stopFollowing() {
  if (hall.abort) hall.abort.abort();
  hall.abort = null;
  clearTimeout(hall.retry);
  clearInterval(hall.tick);
}

function hallQuery() {
  const { event, round } = saved();
  const query = new URLSearchParams();
  if (event) query.set('event', event);
  if (round) query.set('round', round);
  return query;
}

// Follow the hall's stream until it drops (or the filters change, or a table is opened); then say so and try
// again later, reading GET /v1/tables first.
async function follow() {
  stopFollowing();
  if (location.hash.includes('game=')) return;
  const abort = new AbortController();
  hall.abort = abort;
  hall.tick = setInterval(render, TICK_MS);
  let quiet = null;
  const alive = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => abort.abort(), QUIET_MS);
  };
  alive();
  let refusal = null;
  try {
    await followStream(`/v1/tables/stream?${hallQuery()}`, {
      token: saved().token, signal: abort.signal, onChunk: alive,
      onEvent: (message) => {
        if (hall.abort !== abort) return;
        hall.attempts = 0; // the stream is open again: the next drop is tried again after a second
        received(message.type, JSON.parse(message.data));
      },
    });
  } catch (error) {
    refusal = error && error.status;
  } finally {
    clearTimeout(quiet);
  }
  if (hall.abort !== abort) return; // stopped on purpose: filters changed, a table opened
  if (refusal === 401 || refusal === 403) { refused(); return; }
  hall.online = false;
  render();
  hall.retry = setTimeout(reconnect, retryDelay(hall.attempts));
  hall.attempts += 1;
}

// Before following again: one read of the hall, so nothing is missed even while the stream cannot open.
async function reconnect() {
  const abort = hall.abort;
  let answer = null;
  try {
    answer = await request(`/v1/tables?${hallQuery()}`, { token: saved().token });
  } catch { /* the service is not reached: the stream will say so again */ }
  if (hall.abort !== abort) return;
  if (answer && (answer.status === 401 || answer.status === 403)) { refused(); return; }
  if (answer && answer.status === 200) {
    received('tables', answer.body);
    hall.online = false; // still reconnecting until the stream is open again
  } else if (answer && answer.status !== 503) {
    hall.error = (answer.body && answer.body.message) || String(answer.status);
  }
  render();
  follow();
}

// Each seat's tablets in a few characters, after that seat's player on the tile: ▣ for a tablet heard now (its
// stream open, or heard in the last 10 s), "▣35s" since it was last heard, ▣▣ (red) for two; nothing for none (a hall on paper shows no
// mark at all, and the names keep the room); the words in the title.
function tabletMark(table, seat) {
  if (!seat || !seat.devices.length) return `<small class="tab none" title="${esc(t('console.tablet_none'))}"></small>`;
  const silent = Math.min(...seat.devices.map((d) => hall.model.silentNow(table, d)));
  const fresh = seat.devices.find((d) => hall.model.silentNow(table, d) === silent);
  const words = fresh.connected ? t('console.tablet_live') : t('console.tablet_heard', { seconds: silent });
  const marks = '▣'.repeat(Math.min(seat.devices.length, 3));
  const count = fresh.connected || silent < HEARD_NOW ? '' : `${silent}s`;
  return `<small class="tab${seat.devices.length > 1 ? ' twice' : ''}" title="${esc(words)}">${marks}${count}</small>`;
}

// A tile for a hall of 100 at 1920x1080 (ten across, ten down): the table number and the state as a colour and
// a short word; per player the surnames (console_names.js; the full name in the title and in the tile's
// accessible name), that seat's tablets and the score, the player on turn in bold and underlined, ✔ once
// signed; the alerts as badges (those tiles come first, in red).
function tileHtml(table) {
  const state = t(`hall.state.${table.state}`);
  const turn = table.seat_on_turn;
  const seats = table.seats || [];
  const players = table.players.map((name, seat) => `<span class="who${seat === turn ? ' on-turn' : ''}" title="${esc(name)}">`
    + `<span class="name">${esc(hallName(name))}</span>${tabletMark(table, seats[seat])}`
    + `<b class="score">${table.scores[seat] ?? ''}</b>${table.signed.includes(seat) ? '<span class="signed">✔</span>' : ''}</span>`).join('');
  // an alert that names the state itself (a call, a discrepancy, a challenge, an overdraw) is said by the state's chip,
  // so that tile keeps its height; any other alert is a badge on a line of its own
  const chip = table.alerts.includes(table.state) ? t(`hall.alert.${table.state}`) : t(`hall.short.${table.state}`);
  const alerts = table.alerts.filter((a) => a !== table.state)
    .map((a) => `<span class="alert">${esc(t(`hall.alert.${a}`))}</span>`).join('');
  const spoken = table.players.map((name, seat) => `${name} ${table.scores[seat] ?? ''}`
    + `${seat === turn ? ` (${t('hall.on_turn')})` : ''}${table.signed.includes(seat) ? ` (${t('hall.signed')})` : ''}`).join(', ');
  const label = [t('hall.tile', { table: table.table ?? '?', state }), spoken,
    ...table.alerts.map((a) => t(`hall.alert.${a}`))].join('. ');
  return `<button type="button" class="table-tile state-${table.state}${table.alerts.length ? ' alerting' : ''}" data-game="${table.game_id}"`
    + ` aria-label="${esc(label)}" title="${esc(label)}">`
    + `<span class="head"><span class="number">${esc(table.table ?? '?')}</span><span class="state">${esc(chip)}</span></span>`
    + `${players}${alerts ? `<span class="alerts">${alerts}</span>` : ''}</button>`;
}

function render() {
  const { event = '', round = '', show = '', player = '' } = saved();
  const wanted = hall.tables.filter((x) => (!show || x.state === show || (show === 'alerts' && x.alerts.length))
    && (!player || x.players.some((p) => p.toLowerCase().includes(player.toLowerCase()))));
  const states = ['arbiter', 'discrepancy', 'challenge', 'appeal_possible', 'overdraw', 'ruling', 'playing', 'end_racks',
    'signing', 'ended', 'reopened', 'closed'];
  const counts = Object.fromEntries(states.map((s) => [s, hall.tables.filter((x) => x.state === s).length]));
  app.className = 'console';
  app.dataset.tables = String(hall.tables.length);
  patch(app, `${navHtml('console', t)}<header class="bar">
      <div class="title"><strong>${t('console.title')}</strong></div>
      <form id="filters" class="filters" role="search" aria-label="${t('console.filters')}">
        <label>${t('console.event')} <input id="f-event" value="${esc(event)}"></label>
        <label>${t('console.round')} <input id="f-round" type="number" min="1" inputmode="numeric" value="${esc(round)}"></label>
        <label>${t('console.player')} <input id="f-player" value="${esc(player)}"></label>
        <label>${t('console.show')} <select id="f-show"><option value="">${t('console.show_all')}</option>
          <option value="alerts"${show === 'alerts' ? ' selected' : ''}>${t('console.show_alerts')}</option>${states.map((s) =>
            `<option value="${s}"${show === s ? ' selected' : ''}>${esc(t(`hall.state.${s}`))} (${counts[s]})</option>`).join('')}</select></label>
      </form>
      ${event && round ? `<a class="seat-sheet" href="/seats?${new URLSearchParams({ event, round })}">${t('console.seat_sheet')}</a>` : ''}
      <button type="button" id="round-control" aria-pressed="${hall.round}">${t('console.round_control')}</button>
      <div class="net"><span id="connection" role="status" class="pill ${hall.online ? 'ok' : 'bad'}">${t(hall.online ? 'net.online' : 'console.reconnecting')}</span></div>
      <button type="button" id="sound" aria-pressed="${hall.sound}">${t('console.sound')}</button>
      <label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
        `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>
      <button type="button" id="sign-out">${t('console.sign_out')}</button>
    </header>
    ${hall.error ? `<p class="problem" role="alert">${esc(hall.error)}</p>` : ''}
    ${outboxHtml()}
    ${hall.round ? roundHtml(hall.tables, { event, round }) : ''}
    <p class="summary" role="status">${t('console.summary', { count: wanted.length, alerts: wanted.filter((x) => x.alerts.length).length })}</p>
    <main class="tiles" aria-label="${t('console.tables')}">${wanted.map(tileHtml).join('') || `<p>${t('console.none')}</p>`}</main>`);
}

function wire() {
  app.addEventListener('click', (e) => {
    const tile = e.target.closest('button.table-tile');
    if (tile) { location.hash = `game=${tile.dataset.game}`; return; }
    const button = e.target.closest('button');
    if (!button) return;
    if (button.id === 'round-control') { hall.round = !hall.round; render(); return; }
    if (button.id === 'sound') { hall.sound = !hall.sound; if (hall.sound) beep(); render(); }
    if (button.id === 'sign-out') { localStorage.removeItem(KEY); location.replace('/console'); }
  });
  app.addEventListener('change', async (e) => {
    const id = e.target.id;
    if (id === 'lang') { await choose(e.target.value); render(); return; }
    const field = { 'f-event': 'event', 'f-round': 'round', 'f-show': 'show', 'f-player': 'player' }[id];
    if (!field) return;
    save({ [field]: e.target.value.trim() });
    if (field === 'event' || field === 'round') follow(); // the tiles shown stay until the new hall comes
    render();
  });
  app.addEventListener('submit', (e) => { if (e.target.id === 'filters') e.preventDefault(); });
  addEventListener('hashchange', route);
  wireRound(app, { token: () => saved().token, filters: () => saved(), tables: () => hall.tables, render: () => render() });
}

async function route() {
  const { token } = saved();
  if (!token) { signIn(null); return; }
  const game = new URLSearchParams(location.hash.slice(1)).get('game');
  if (game) {
    stopFollowing();
    await showTable(app, { game, token, back: () => { location.hash = ''; } });
    return;
  }
  app.innerHTML = '';
  watchOutbox(() => saved().token, render);
  follow();
}

await use(initial(null));
tokenFromAddress();
wire();
route();
