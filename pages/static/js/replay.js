// The replay viewer (/replay?game=G&at=N): the game after each event, one event at a time (buttons,
// slider, keyboard arrows), each version read from `GET /v1/games/{id}/state?at=N` as this viewer may
// see it and the timeline from `/events`. The page computes no rule: the last play highlighted is the
// squares the last `TilesPlaced` filled (its frame against the one before), still on the board.
import { t, known, use, choose, initial } from './i18n.js';
import { request } from './net.js';
import { tileset } from './tiles.js';
import { tileHtml } from './components/board.js';
import { readAccess, writeAddress, accessForm, languagePicker, escapeHtml, refusal } from './access.js';

const app = document.getElementById('app');
const PLACED = 'TilesPlaced';
let access = null;
let events = [];
let version = 1;
const frames = new Map();
let showing = 0; // the request being shown (a later step wins over a slow answer)

async function frame(n) {
  if (!frames.has(n)) {
    const answer = await request(`/v1/games/${access.game}/state?at=${n}`, { token: access.token });
    if (answer.status !== 200) throw new Error(refusal(answer));
    frames.set(n, answer.body);
  }
  return frames.get(n);
}

const shown = (cell) => (cell ? { letter: cell.blank ? cell.letter : cell.tile, blank: Boolean(cell.blank) } : null);
const same = (a, b) => (a === null ? b === null : b !== null && a.tile === b.tile && a.letter === b.letter && a.blank === b.blank);

/** The squares the last play up to `n` filled, if they are still there at `n`. */
async function lastPlay(n, now) {
  const placed = events.filter((e) => e.sequence <= n && e.type === PLACED).pop();
  if (!placed) return { squares: new Set(), event: null };
  const [before, after] = await Promise.all([placed.sequence > 1 ? frame(placed.sequence - 1) : null, frame(placed.sequence)]);
  const squares = new Set();
  after.cells.forEach((row, r) => row.forEach((cell, c) => {
    if (cell && (!before || !before.cells[r][c]) && same(cell, now.cells[r][c])) squares.add(`${r},${c}`);
  }));
  return { squares, event: placed };
}

function clock(c) {
  if (!c || c.remaining == null) return t('replay.no_clock');
  const seconds = Math.max(0, Math.round(c.remaining));
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return c.overtime ? `${text} (${t('replay.overtime', { value: c.overtime })})` : text;
}

function rackHtml(set, rack) {
  const known = rack.known || [];
  const hidden = Math.max(0, rack.count - known.length);
  const tiles = known.map((l) => `<span>${tileHtml(set, l === '?' ? '?' : l, false)}</span>`).join('')
    + Array.from({ length: hidden }, () => '<span class="face-down" aria-hidden="true"></span>').join('');
  const said = rack.known ? t('replay.rack_known', { tiles: known.join(' ') || '—', count: rack.count })
    : t('replay.rack_hidden', { count: rack.count });
  return `<div class="rack" data-testid="rack-${rack.seat}" data-known="${escapeHtml(JSON.stringify(rack.known))}" data-count="${rack.count}"
    role="img" aria-label="${escapeHtml(said)}">${tiles}</div><p class="rack-said">${escapeHtml(said)}</p>`;
}

// The Game's phases (domain/game): named in the reader's language; one the page does not know, as it comes.
const PHASES = { starting: 'replay.phase.starting', dealing: 'replay.phase.dealing', playing: 'replay.phase.playing',
  ended: 'replay.phase.ended', closed: 'replay.phase.closed' };
const phaseName = (phase) => (PHASES[phase] ? t(PHASES[phase]) : phase || '');

// An event's type in the reader's language (`replay.type.<Type>`, the names the federation's replay page shows
// too); one the catalogue does not name, as it comes.
const typeName = (type) => known(`replay.type.${type}`) ?? type ?? '';

function eventLine(e) {
  return `<span class="type" data-type="${escapeHtml(e.type)}">${escapeHtml(typeName(e.type))}</span> <span class="who">${escapeHtml(e.actor)}</span>`;
}

async function go(n) {
  const target = Math.min(Math.max(1, n), events.length ? events[events.length - 1].sequence : 1);
  const mine = ++showing;
  let now; let last;
  try {
    now = await frame(target);
    last = await lastPlay(target, now);
  } catch (error) {
    app.querySelector('.replay-error').textContent = error.message;
    return;
  }
  if (mine !== showing) return;
  version = target;
  writeAddress(access.game, version);
  render(now, last);
}

function render(now, last) {
  const set = tileset(now.tileset);
  const event = events.find((e) => e.sequence === now.version) || {};
  const max = events.length ? events[events.length - 1].sequence : now.version;
  app.querySelector('pl-board').update({
    board: now.cells.map((row) => row.map(shown)), set, selectable: false, highlight: last.squares,
  });
  const slider = app.querySelector('#step');
  slider.max = String(max);
  slider.value = String(now.version);
  slider.setAttribute('aria-valuetext', t('replay.version_of', { version: now.version, max }));
  app.querySelector('[data-testid="version"]').textContent = t('replay.version_of', { version: now.version, max });
  app.querySelector('[data-testid="version"]').dataset.version = now.version;
  app.querySelector('[data-action="first"]').disabled = now.version <= 1;
  app.querySelector('[data-action="prev"]').disabled = now.version <= 1;
  app.querySelector('[data-action="next"]').disabled = now.version >= max;
  app.querySelector('[data-action="last"]').disabled = now.version >= max;
  app.querySelector('.now').innerHTML = `<h2>${t('replay.event')}</h2>
    <p class="event-type" data-testid="event-type" data-type="${escapeHtml(now.event || event.type || '')}">${escapeHtml(typeName(now.event || event.type))}</p>
    <dl class="facts">
      <dt>${t('replay.when')}</dt><dd data-testid="event-at">${escapeHtml(now.at || '')}</dd>
      <dt>${t('replay.actor')}</dt><dd data-testid="actor">${escapeHtml(event.actor || '—')}</dd>
      <dt>${t('replay.device')}</dt><dd data-testid="device">${escapeHtml(event.device || t('replay.no_device'))}</dd>
      <dt>${t('replay.phase')}</dt><dd data-testid="phase" data-phase="${escapeHtml(now.phase || '')}">${escapeHtml(phaseName(now.phase))}</dd>
      <dt>${t('replay.last_play')}</dt><dd data-testid="last-play">${last.event ? t('replay.last_play_at', { version: last.event.sequence }) : '—'}</dd>
    </dl>`;
  app.querySelector('.players').innerHTML = now.racks.map((rack, i) => `
    <li class="player${now.seat_on_turn === rack.seat ? ' on-turn' : ''}" data-testid="player-${rack.seat}">
      <strong>${escapeHtml(rack.name || `#${rack.seat + 1}`)}</strong>
      ${now.seat_on_turn === rack.seat ? `<span class="turn-mark">${t('replay.on_turn')}</span>` : ''}
      <span class="score" data-testid="score-${rack.seat}">${now.scores[i] ?? ''}</span>
      <span class="clock" data-testid="clock-${rack.seat}">${t('replay.clock')}: ${clock(now.clocks[i])}</span>
      ${rackHtml(set, rack)}
    </li>`).join('');
  app.querySelector('[data-testid="bag"]').textContent = t('replay.bag', { count: now.bag });
  app.querySelector('[data-testid="bag"]').dataset.count = now.bag;
  for (const item of app.querySelectorAll('.timeline li')) {
    const on = Number(item.dataset.version) === now.version;
    item.classList.toggle('current', on);
    item.querySelector('button').setAttribute('aria-current', on ? 'step' : 'false');
    if (on) showInList(item);
  }
}

/** Scroll the timeline (only it: the page and the side panel stay where the reader left them) to `item`. */
function showInList(item) {
  const list = item.parentElement;
  const top = item.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - (list.clientHeight - item.offsetHeight) / 2);
  }
}

function layout() {
  document.title = t('replay.title');
  app.innerHTML = `<div class="game replay">
    <header class="bar"><span class="title">Planilla · ${t('replay.title')}</span>${languagePicker()}</header>
    <p class="replay-error error" role="alert"></p>
    <div class="layout">
      <div class="board-area"><pl-board></pl-board></div>
      <div class="side">
        <section class="stepper" aria-label="${t('replay.steps')}">
          <div class="buttons">
            <button type="button" data-action="first" aria-label="${t('replay.first')}">|◀</button>
            <button type="button" data-action="prev" aria-label="${t('replay.prev')}">◀</button>
            <output data-testid="version" aria-live="polite"></output>
            <button type="button" data-action="next" aria-label="${t('replay.next')}">▶</button>
            <button type="button" data-action="last" aria-label="${t('replay.last')}">▶|</button>
          </div>
          <input id="step" type="range" min="1" value="1" aria-label="${t('replay.slider')}">
          <p class="hint">${t('replay.keys')}</p>
        </section>
        <section class="now" aria-live="polite"></section>
        <section class="scores"><ul class="players"></ul><p class="bag" data-testid="bag"></p></section>
        <section class="timeline"><h2>${t('replay.timeline')}</h2><ol>${events.map((e) => `
          <li data-version="${e.sequence}"><button type="button" data-go="${e.sequence}">
            <span class="n">${e.sequence}</span> ${eventLine(e)}</button></li>`).join('')}</ol></section>
      </div>
    </div></div>`;
  app.querySelector('.stepper').addEventListener('click', (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) return;
    const max = events.length ? events[events.length - 1].sequence : 1;
    go({ first: 1, prev: version - 1, next: version + 1, last: max }[button.dataset.action]);
  });
  app.querySelector('#step').addEventListener('input', (e) => go(Number(e.target.value)));
  app.querySelector('.timeline').addEventListener('click', (e) => {
    const button = e.target.closest('button[data-go]');
    if (button) go(Number(button.dataset.go));
  });
  app.querySelector('[data-lang]').addEventListener('change', async (e) => {
    await choose(e.target.value);
    layout();
    go(version);
  });
}

document.addEventListener('keydown', (e) => {
  if (!events.length || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest && e.target.closest('input, select, textarea')) return; // the slider steps by itself
  const max = events[events.length - 1].sequence;
  const to = { ArrowLeft: version - 1, ArrowRight: version + 1, Home: 1, End: max }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  go(to);
});

async function open(found) {
  access = found;
  app.innerHTML = `<p class="loading">${t('replay.loading')}</p>`;
  const answer = await request(`/v1/games/${access.game}/events`, { token: access.token });
  if (answer.status !== 200) {
    accessForm(app, { game: access.game, error: refusal(answer) }, open);
    return;
  }
  events = answer.body.events;
  frames.clear();
  layout();
  const max = events.length ? events[events.length - 1].sequence : 1;
  await go(access.at || max);
}

await use(initial(null));
const found = readAccess();
if (found.game && found.token) open(found);
else accessForm(app, found, (typed) => open({ ...typed, at: found.at }));
