// The player's electronic slip for a duplicate game (issue 18): the round's rack and board, the round's
// countdown (display only: the judge's «¡Tiempo!» closes the round), and the slip: the main word on the tile
// keyboard (blanks marked), the start square and direction tapped on the board, sent through the Outbox (a slip
// sent offline waits on the device; one that reaches the service after «¡Tiempo!» is recorded late, null, and
// shown so). After the round: the master, the player's score, the cause of a null, % of the master, the running
// total. No playing aids: no score before the round closes, no word check; never another player's slip.

import * as api from './api.js';
import * as dup from './duplicate/service.js';
import { slip, squaresOf } from './duplicate/slip.js';
import { roundLeft, showLeft, clock } from './duplicate/timer.js';
import { refusalLine } from './duplicate/refusal.js';
import { arrivalTime } from './duplicate/format.js';
import { endedHtml } from './duplicate/words.js';
import { boardOf } from './notation.js';
import { tileset, parseRow } from './tiles.js';
import { t, use, initial, choose, languagePicker } from './i18n.js';
import { wireLanguage } from './binding.js';
import { tileHtml, tileName } from './components/board.js';
import { escape } from './panels.js';
import { patch } from './patch.js';
import './components/keyboard.js';

const app = document.getElementById('app');
const KEY = 'planilla.slip';

/** `#token=T&duplicate=D&seat=S` (the player's token from the director's list): kept on the device, never
 * left in the address. */
function session() {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('token') && hash.get('duplicate')) {
    localStorage.setItem(KEY, JSON.stringify({ token: hash.get('token'), duplicate: hash.get('duplicate'),
      seat: Number(hash.get('seat') || 0) }));
    history.replaceState(null, '', '/slip');
  }
  try { return JSON.parse(localStorage.getItem(KEY)); } catch { return null; }
}

function signIn(problem) {
  app.className = '';
  app.innerHTML = `<section class="bind"><h1>${t('slip.title')}</h1><p>${t('slip.sign_in_help')}</p>
    <form id="slip-sign-in"><label for="s-dup">${t('dup.id')}</label><input id="s-dup" required autocomplete="off">
    <label for="s-seat">${t('slip.seat')}</label><input id="s-seat" type="number" min="0" value="0" required>
    <label for="s-token">${t('slip.token')}</label><input id="s-token" type="password" required autocomplete="off">
    <button type="submit" class="primary">${t('slip.sign_in')}</button></form>
    ${problem ? `<p role="alert" class="error">${escape(problem)}</p>` : ''}${languagePicker()}</section>`;
  wireLanguage(() => signIn(problem));
  document.getElementById('slip-sign-in').addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.setItem(KEY, JSON.stringify({ duplicate: document.getElementById('s-dup').value.trim(),
      seat: Number(document.getElementById('s-seat').value), token: document.getElementById('s-token').value.trim() }));
    start();
  });
}

class SlipPage {
  constructor(s) {
    this.s = s;
    this.game = null;
    this.round = null; // GET …/rounds/{n} as this player may see it (their own slip only)
    this.sheet = null;
    this.skew = 0;
    this.online = true;
    this.refusal = null;
    this.entry = { start: null, direction: 'H', typed: [], round: null };
    this.problem = null;
  }

  /** What the page last showed, kept on the device: a reload without the network shows it again (the rack,
   * the board, the slip as sent) while the Outbox keeps what waits to be sent. */
  get keptKey() { return `planilla.slip.view.${this.s.duplicate}.${this.s.seat}`; }

  async run() {
    const first = await dup.game(this.s.duplicate, this.s.token);
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(this.keptKey)); } catch { /* nothing kept */ }
    if (first.status === 0 && kept) {
      Object.assign(this, { game: kept.game, round: kept.round, sheet: kept.sheet });
      this.online = false;
    } else if (first.status !== 200) {
      signIn(refusalLine(first.status, first.body));
      return;
    } else this.take(first);
    await use(initial(this.set.language));
    this.outbox = await api.openOutbox({ gameId: this.s.duplicate, token: this.s.token });
    this.outbox.addEventListener('change', () => this.render());
    this.outbox.addEventListener('answered', () => { this.refusal = null; this.refresh(); });
    this.outbox.addEventListener('refused', (e) => { this.refusal = e.detail; this.render(); });
    const head = this.outbox.items[0];
    if (head && head.state === 'refused') this.refusal = { id: head.id, status: head.refusal.status, body: head.refusal.body };
    if (this.online) await this.refresh();
    else this.render();
    const stop = new AbortController();
    dup.live(this.s.duplicate, this.s.token, this.game.version, () => this.refreshSoon(), (on) => {
      this.online = on;
      this.renderNet();
      if (on) { this.outbox.flush().catch(() => {}); this.refreshSoon(); } // back: send what waits, read again
    }, stop.signal);
    setInterval(() => this.tick(), 250);
  }

  get set() { return tileset(this.game.settings.tileset); }

  take(answer) {
    this.game = answer.body;
    this.skew = answer.skew;
  }

  refreshSoon() {
    clearTimeout(this.soon);
    this.soon = setTimeout(() => this.refresh(), 60);
  }

  async refresh() {
    const ticket = (this.ticket = (this.ticket || 0) + 1); // a later read started: this one's answers are stale
    const g = await dup.game(this.s.duplicate, this.s.token);
    if (g.status !== 200 || ticket !== this.ticket) return;
    const n = g.body.round;
    const [r, sh] = await Promise.all([n ? dup.round(this.s.duplicate, n, this.s.token) : null,
      dup.sheet(this.s.duplicate, this.s.seat, this.s.token)]);
    if ((r && r.status === 0) || sh.status === 0) return; // the network went meanwhile: keep what is shown
    if (ticket !== this.ticket) return;
    this.take(g);
    this.round = r && r.status === 200 ? r.body : null;
    this.sheet = sh.status === 200 ? sh.body : null;
    try {
      localStorage.setItem(this.keptKey, JSON.stringify({ game: this.game, round: this.round, sheet: this.sheet }));
    } catch { /* storage full or refused: a reload offline shows the sign-in */ }
    if (this.entry.round !== n) this.entry = { start: null, direction: 'H', typed: [], round: n };
    this.render();
  }

  get playing() { return this.game.phase === 'playing'; }

  get board() { return boardOf(this.game.board, this.set, parseRow); }

  /** This player's own slip for the round, as the service recorded it (it shows only that one). */
  get mine() {
    return this.round ? this.round.slips.find((x) => x.seat === this.s.seat) || null : null;
  }

  /** Seconds left in the round on the service's clock (display only). */
  left() {
    return roundLeft(this.game, this.round, this.skew);
  }

  tick() {
    const el = document.getElementById('timer');
    if (el && this.round && this.playing) showLeft(el, this.left());
  }

  render() {
    const g = this.game;
    app.className = 'game duplicate slip';
    app.dataset.version = g.version;
    app.dataset.phase = g.phase;
    app.dataset.round = g.round;
    patch(app, `
      <header class="bar">
        <div class="title"><strong>${t('slip.title')}</strong> <span>${escape(g.players[this.s.seat] || '')}</span></div>
        <div class="net"><span id="connection" role="status"></span><span id="outbox" data-testid="outbox-length" role="status"></span></div>
        ${this.timerHtml()}
        ${languagePicker()}
      </header>
      ${this.refusal ? `<div class="refusal" role="alert"><p id="slip-refusal">${escape(refusalLine(this.refusal.status, this.refusal.body))}</p>
        <button type="button" id="discard">${t('slip.discard')}</button></div>` : ''}
      <main class="layout">
        <section class="board-area${this.zoomed ? ' zoomed' : ''}" aria-label="${t('board.area')}">
          <button type="button" id="zoom" class="zoom" aria-pressed="${Boolean(this.zoomed)}">${t('board.zoom')}</button>
          <div class="board-scroll"><pl-board id="board"></pl-board></div></section>
        <section class="side">
          ${endedHtml(g, 'panel')}
          ${g.phase === 'ended' ? '' : `<section aria-label="${t('dup.rack')}"><h2>${t('dup.rack')}</h2><div class="rack" id="rack">${this.rackHtml()}</div></section>`}
          ${this.playing ? this.entryHtml() : ''}
          ${this.sentHtml()}
          ${this.resultHtml()}
          ${this.sheetHtml()}
        </section>
      </main>`);
    document.getElementById('lang').onchange = async (ev) => { await choose(ev.target.value); this.render(); };
    this.renderBoard();
    const keyboard = document.getElementById('keyboard');
    if (keyboard) {
      keyboard.update({ set: this.set });
      if (!keyboard.wired) {
        keyboard.wired = true;
        keyboard.addEventListener('tile', (e) => { this.entry.typed.push(e.detail); this.problem = null; this.renderEntry(); });
        keyboard.addEventListener('erase', () => { this.entry.typed.pop(); this.renderEntry(); });
        keyboard.addEventListener('clear', () => { this.entry.typed = []; this.renderEntry(); });
      }
    }
    this.wire();
    this.renderNet();
    this.tick();
  }

  wire() {
    for (const b of app.querySelectorAll('[data-dir]')) {
      b.onclick = () => { this.entry.direction = b.dataset.dir; this.render(); };
    }
    document.getElementById('zoom').onclick = () => { this.zoomed = !this.zoomed; this.render(); };
    const send = document.getElementById('send-slip');
    if (send) send.onclick = () => this.send();
    const discard = document.getElementById('discard');
    if (discard) discard.onclick = async () => { await this.outbox.discard(this.refusal.id); this.refusal = null; this.render(); };
  }

  renderNet() {
    const c = document.getElementById('connection');
    if (!c || !this.outbox) return;
    const online = this.online && this.outbox.online;
    c.textContent = online ? t('net.online') : t('net.offline');
    c.className = online ? 'pill ok' : 'pill bad';
    const o = document.getElementById('outbox');
    o.textContent = t('net.outbox', { count: this.outbox.length });
    o.className = this.outbox.length ? 'pill warn' : 'pill';
    o.dataset.count = this.outbox.length;
  }

  timerHtml() {
    const g = this.game;
    if (!g.round) return `<div id="timer" class="timer" role="timer"><span class="clock">${t('dup.waiting')}</span></div>`;
    if (this.playing) {
      return `<div id="timer" class="timer" role="timer" aria-label="${t('dup.timer')}"><span class="what">${t('dup.round', { n: g.round })}</span> <span class="clock">${clock(this.left())}</span></div>`;
    }
    const said = g.phase === 'ended' ? t('dup.game_over') : g.phase === 'published' ? t('dup.published') : t('dup.time_up');
    return `<div id="timer" class="timer over" role="timer"><span class="what">${t('dup.round', { n: g.round })}</span> <span class="clock">${said}</span></div>`;
  }

  rackHtml() {
    const rack = this.round ? this.round.rack : this.game.rack;
    return rack.map((x) => (x === '?'
      ? `<span role="img" aria-label="${t('dup.blank_tile')}"><span class="tile blank"><span class="letter">?</span></span></span>`
      : `<span role="img" aria-label="${tileName(this.set, x, false)}">${tileHtml(this.set, x, false)}</span>`)).join('');
  }

  entryHtml() {
    const e = this.entry;
    return `<section id="entry" class="actions" aria-label="${t('slip.entry')}"><div class="group">
      <p class="hint">${e.start ? t('slip.start_at', { at: this.startName() }) : t('slip.tap_start')}</p>
      <div class="dirs" role="group" aria-label="${t('slip.direction')}">
        <button type="button" data-dir="H" aria-pressed="${e.direction === 'H'}">${t('dir.H')}</button>
        <button type="button" data-dir="V" aria-pressed="${e.direction === 'V'}">${t('dir.V')}</button></div>
      <p class="word" id="word-preview" aria-live="polite"></p>
      <pl-keyboard id="keyboard"></pl-keyboard>
      <p class="problem" id="entry-problem" role="alert">${this.problem ? t(this.problem) : ''}</p>
      <div class="send-row">${this.asksScore ? `<label class="own-score">${t('slip.own_score')}
        <input id="slip-score" type="text" inputmode="numeric" maxlength="4" autocomplete="off"></label>` : ''}
      <button type="button" class="primary" id="send-slip">${t('slip.send')}</button></div></div></section>`;
  }

  /** The organiser asked the players to write their play's score on the slip (FISC II.2, AJS 3.2.2): the
   * player's own figure, sent beside the word; the page computes none (no playing aid). */
  get asksScore() { return Boolean(this.game.settings.slip_score); }

  /** The typed score: a whole number 0-9999, null when left empty, undefined when not a number. */
  typedScore() {
    const el = document.getElementById('slip-score');
    const text = el ? el.value.trim() : '';
    if (!text) return null;
    return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
  }

  startName() {
    const e = this.entry;
    const found = slip(this.board, e.start, e.direction, [{ letter: 'A' }], this.set);
    return found.coordinates || '';
  }

  renderBoard() {
    const e = this.entry;
    const board = this.board;
    const typed = this.playing && e.start ? squaresOf(board, e.start, e.direction, e.typed) : [];
    const element = document.getElementById('board');
    element.update({ board, set: this.set, selectable: this.playing, tentative: typed.filter((x) => !x.onBoard),
      start: this.playing ? e.start : null, direction: e.direction });
    if (!element.wired) {
      element.wired = true;
      element.addEventListener('square', (ev) => {
        const { row, col } = ev.detail;
        const now = this.entry;
        if (now.start && now.start.row === row && now.start.col === col) now.direction = now.direction === 'H' ? 'V' : 'H';
        else now.start = { row, col };
        this.problem = null;
        this.render();
      });
    }
    this.renderPreview();
  }

  renderEntry() { this.renderBoard(); }

  renderPreview() {
    const preview = document.getElementById('word-preview');
    if (!preview) return;
    const e = this.entry;
    const found = slip(this.board, e.start, e.direction, e.typed, this.set);
    preview.innerHTML = e.typed.map((x) => tileHtml(this.set, x.letter, x.blank)).join('')
      + (found.coordinates ? `<span class="coord">${escape(found.coordinates)}</span>` : '');
    preview.setAttribute('aria-label', e.typed.map((x) => tileName(this.set, x.letter, x.blank)).join(', '));
  }

  async send() {
    const e = this.entry;
    const found = slip(this.board, e.start, e.direction, e.typed, this.set);
    if (found.error) { this.problem = `slip.problem.${found.error}`; this.render(); return; }
    const score = this.asksScore ? this.typedScore() : null;
    if (score === undefined) { this.problem = 'slip.problem.score'; this.render(); return; }
    await this.outbox.enqueue({ word: found.word, coordinates: found.coordinates, ...(score == null ? {} : { score }) },
      { path: dup.slipPath(this.s.duplicate, this.game.round) });
    this.entry = { start: null, direction: 'H', typed: [], round: this.game.round };
    this.problem = null;
    const field = document.getElementById('slip-score');
    if (field) field.value = '';
    this.render();
  }

  sentHtml() {
    const mine = this.mine;
    // The slip this device still holds for the round (offline; kept over a reload), the last one written.
    const path = dup.slipPath(this.s.duplicate, this.game.round);
    const waiting = this.outbox ? this.outbox.items.filter((r) => r.path === path && r.state !== 'refused').pop() : null;
    if (!mine && !waiting) return '';
    const late = mine && (mine.causes || []).includes('late');
    return `<section id="sent" class="sent" aria-label="${t('slip.sent')}"><h2>${t('slip.sent')}</h2>
      ${mine ? `<p class="slip-line"><strong class="slip-word">${escape(mine.word)}</strong> <strong class="slip-coord">${escape(mine.coordinates)}</strong>${mine.declared != null ? ` <span class="declared" id="declared">${t('slip.declared', { score: mine.declared })}</span>` : ''}</p>
      <p id="receipt">${t('slip.received', { time: arrivalTime(mine.arrived_at) })}</p>` : ''}
      ${waiting ? `<p id="queued" class="warn-text">${t('slip.queued', { word: escape(waiting.command.word), coordinates: escape(waiting.command.coordinates) })}</p>` : ''}
      ${late ? `<p id="late" class="bad-text" role="alert">${t('slip.late')}</p>` : ''}
      ${this.playing && mine ? `<p class="note">${t('slip.last_counts')}</p>` : ''}</section>`;
  }

  /** The round's result, once published: the master, the score (or the null and its cause), % and total. */
  resultHtml() {
    if (!this.sheet || !this.game.round) return '';
    const row = this.sheet.rows.find((r) => r.round === this.game.round);
    if (!row || row.score == null) return '';
    const causes = row.causes.map((c) => t(`dup.cause.${c}`)).join(', ');
    return `<section id="result" class="result" aria-label="${t('slip.result')}"><h2>${t('slip.result')}</h2>
      <p>${t('dup.master')}: <strong id="master">${escape(row.master.word)} ${escape(row.master.coordinates)} · ${row.master.score}</strong></p>
      <p>${t('slip.your_score')}: <strong id="score" class="big">${row.score}</strong>${row.bonus ? ` + ${row.bonus}` : ''}
        ${causes ? `<span id="null-cause" class="bad-text">${t('slip.null', { causes })}</span>` : ''}</p>
      <p>${t('dup.percent')}: <strong id="percent">${row.percent == null ? '—' : `${row.percent}%`}</strong> ·
        ${t('dup.total')}: <strong id="total">${row.total}</strong></p></section>`;
  }

  sheetHtml() {
    if (!this.sheet) return '';
    const rows = this.sheet.rows.filter((r) => r.score != null);
    if (!rows.length) return '';
    return `<section class="own-sheet" aria-label="${t('slip.sheet')}"><h2>${t('slip.sheet')}</h2>
      <table><thead><tr><th>${t('dup.round_short')}</th><th>${t('dup.master')}</th><th>${t('slip.yours')}</th>
      <th>${t('dup.score')}</th><th>%</th><th>${t('dup.total')}</th></tr></thead><tbody>${rows.map((r) => `<tr>
      <td>${r.round}</td><td>${escape(r.master.word)} ${escape(r.master.coordinates)} (${r.master.score})</td>
      <td>${r.entry ? `${escape(r.entry.word)} ${escape(r.entry.coordinates)}` : '—'}</td><td>${r.score}</td>
      <td>${r.percent == null ? '—' : r.percent}</td><td>${r.total}</td></tr>`).join('')}</tbody></table></section>`;
  }
}

async function start() {
  api.registerServiceWorker(); // the app shell, so the page reloads offline (only in a secure context)
  const s = session();
  await use(initial(null));
  if (!s) { signIn(null); return; }
  await new SlipPage(s).run();
}

start();
