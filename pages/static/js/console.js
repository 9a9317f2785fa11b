// The officials' hall console (/console, issue 15): every table of an event and round at a glance, from
// one read of GET /v1/tables every two seconds (a browser opens six connections to a host at most: one
// stream per table cannot hold a hall of 100). Alerts (an arbiter called, sheets that disagree, an
// overdraw, a clock in overtime, a challenge) rise to the top and, when the sound is on, beep once.
// A tile opens that table (console_table.js). The token is an official's, kept on this laptop.

import { t, use, choose, initial, language, LANGUAGES } from './i18n.js';
import { request } from './net.js';
import { patch } from './patch.js';
import { showTable } from './console_table.js';
import { roundHtml, wireRound } from './console_round.js';
import { hallName } from './console_names.js';

const app = document.getElementById('app');
const KEY = 'planilla.console';
const POLL_MS = 2000;
const HEARD_NOW = 10; // seconds: a tablet heard this recently shows no count (the title has it)
const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const saved = () => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } };
const save = (change) => localStorage.setItem(KEY, JSON.stringify({ ...saved(), ...change }));

const hall = { tables: [], online: true, error: null, heard: new Set(), sound: false, timer: null, audio: null, round: false };

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

async function poll() {
  clearTimeout(hall.timer);
  if (location.hash.includes('game=')) return;
  const { token, event, round } = saved();
  const query = new URLSearchParams();
  if (event) query.set('event', event);
  if (round) query.set('round', round);
  let answer;
  try {
    answer = await request(`/v1/tables?${query}`, { token });
    hall.online = true;
  } catch {
    hall.online = false;
  }
  if (answer && (answer.status === 401 || answer.status === 403)) {
    localStorage.setItem(KEY, JSON.stringify({ ...saved(), token: null }));
    signIn(t('console.refused'));
    return;
  }
  if (answer && answer.status === 200) {
    hall.error = null;
    hall.tables = answer.body.tables;
    let fresh = false;
    for (const table of hall.tables) {
      for (const alert of table.alerts) {
        const key = `${table.game_id}:${alert}:${table.version}`;
        if (![...hall.heard].some((k) => k.startsWith(`${table.game_id}:${alert}:`))) fresh = true;
        hall.heard.add(key);
      }
      // an alert that went may sound again when it comes back
      for (const key of [...hall.heard]) {
        const [id, alert] = key.split(':');
        if (id === table.game_id && !table.alerts.includes(alert)) hall.heard.delete(key);
      }
    }
    if (fresh) beep();
  } else if (answer) {
    hall.error = (answer.body && answer.body.message) || String(answer.status);
  }
  render();
  hall.timer = setTimeout(poll, POLL_MS);
}

// Each seat's tablets in a few characters, after that seat's player on the tile: ▣ for a tablet heard now (its
// stream open, or heard in the last 10 s), "▣35s" since it was last heard, ▣▣ (red) for two; nothing for none (a hall on paper shows no
// mark at all, and the names keep the room); the words in the title.
function tabletMark(seat) {
  if (!seat || !seat.devices.length) return `<small class="tab none" title="${esc(t('console.tablet_none'))}"></small>`;
  const fresh = [...seat.devices].sort((a, b) => a.silent_seconds - b.silent_seconds)[0];
  const words = fresh.connected ? t('console.tablet_live') : t('console.tablet_heard', { seconds: fresh.silent_seconds });
  const marks = '▣'.repeat(Math.min(seat.devices.length, 3));
  const count = fresh.connected || fresh.silent_seconds < HEARD_NOW ? '' : `${fresh.silent_seconds}s`;
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
    + `<span class="name">${esc(hallName(name))}</span>${tabletMark(seats[seat])}`
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
  patch(app, `<header class="bar">
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
      <a class="seat-sheet" href="/rounds">${t('console.pairings')}</a>
      <button type="button" id="round-control" aria-pressed="${hall.round}">${t('console.round_control')}</button>
      <div class="net"><span id="connection" role="status" class="pill ${hall.online ? 'ok' : 'bad'}">${t(hall.online ? 'net.online' : 'net.offline')}</span></div>
      <button type="button" id="sound" aria-pressed="${hall.sound}">${t('console.sound')}</button>
      <label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map((l) =>
        `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>
      <button type="button" id="sign-out">${t('console.sign_out')}</button>
    </header>
    ${hall.error ? `<p class="problem" role="alert">${esc(hall.error)}</p>` : ''}
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
    if (field === 'event' || field === 'round') poll(); else render();
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
    clearTimeout(hall.timer);
    await showTable(app, { game, token, back: () => { location.hash = ''; } });
    return;
  }
  app.innerHTML = '';
  poll();
}

await use(initial(null));
tokenFromAddress();
wire();
route();
