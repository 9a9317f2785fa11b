// The tablet scoresheet: a player's own sheet during a game (issue 14). Binds the tablet to a seat,
// follows the game, offers exactly what the service's next_actions allow this seat, and sends every
// command through the Outbox. No playing aids: no score before a play is recorded, no word check,
// no hints (FILE 5.4).

import * as api from './api.js';
import { GameFollower } from './state.js';
import { lay, entry } from './notation.js';
import { waitingLines } from './waiting.js';
import { t, use, choose, initial, names, language, LANGUAGES } from './i18n.js';
import { tileHtml, tileName } from './components/board.js';
import './components/keyboard.js';
import './components/sheets.js';

const SESSION = 'planilla.session';
const app = document.getElementById('app');
const escape = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// ---- binding ------------------------------------------------------------------------------------
function readSession() {
  try { return JSON.parse(localStorage.getItem(SESSION)); } catch { return null; }
}

/** `#bind=CODE` (the QR's address) or, for tests only, `#token=T&game=G&seat=S`; never left in the URL. */
async function sessionFromAddress() {
  const hash = new URLSearchParams(location.hash.slice(1));
  let session = null;
  if (hash.get('bind')) {
    const bound = await api.bind(hash.get('bind'));
    session = { token: bound.token, game: bound.game_id, seat: bound.seat, player: bound.player,
      language: bound.language };
  } else if (hash.get('token')) {
    const seat = hash.get('seat');
    session = { token: hash.get('token'), game: hash.get('game'), seat: seat ? Number(seat) : null }; // null: a spectator
  }
  if (session) {
    localStorage.setItem(SESSION, JSON.stringify(session));
    history.replaceState(null, '', '/tablet');
  }
  return session;
}

async function bindScreen(problem) {
  await use(initial(null));
  app.innerHTML = `<section class="bind"><h1>${t('bind.title')}</h1><p>${t('bind.help')}</p>
    <form id="bind-form"><label for="bind-code">${t('bind.code')}</label>
    <input id="bind-code" name="code" autocomplete="off" autocapitalize="characters" placeholder="ABCD-EFGH" required>
    <button type="submit" class="primary">${t('bind.submit')}</button></form>
    ${problem ? `<p role="alert" class="error">${escape(problem)}</p>` : ''}
    ${languagePicker()}</section>`;
  wireLanguage(() => bindScreen(problem));
  document.getElementById('bind-form').addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `bind=${encodeURIComponent(document.getElementById('bind-code').value.trim().toUpperCase())}`;
    start();
  });
}

function languagePicker() {
  return `<label class="lang"><span>${t('language')}</span><select id="lang" aria-label="${t('language')}">${LANGUAGES.map(
    (l) => `<option value="${l}"${l === language() ? ' selected' : ''}>${t(`language.${l}`)}</option>`).join('')}</select></label>`;
}

function wireLanguage(again) {
  document.getElementById('lang').addEventListener('change', async (e) => {
    await choose(e.target.value);
    again();
  });
}

// ---- the game -----------------------------------------------------------------------------------
class Tablet {
  constructor(session) {
    this.session = session;
    this.seat = session.seat;
    this.view = null;
    this.refusal = null;
    this.own = new Set(); // versions this tablet's own commands produced
    this.answered = new Map(); // command id -> the version its answer gave
    this.resetEntry();
  }

  resetEntry() {
    this.entry = { start: null, direction: 'H', typed: [], announced: '', total: '', mode: 'play', chosen: [],
      words: null, count: '' };
  }

  async run() {
    this.follower = new GameFollower({ gameId: this.session.game, token: this.session.token, seat: this.seat });
    this.outbox = await api.openOutbox({ gameId: this.session.game, token: this.session.token });
    this.outbox.addEventListener('change', () => this.renderConnection());
    this.outbox.addEventListener('refused', (e) => this.refused(e.detail));
    this.outbox.addEventListener('answered', (e) => {
      const body = e.detail.body || {};
      this.answered.set(e.detail.id, body.version);
      for (const event of body.events || []) this.own.add(event.sequence);
      if (body.version) this.own.add(body.version);
      this.follower.refreshSoon();
    });
    this.follower.addEventListener('connection', () => this.renderConnection());
    this.follower.addEventListener('change', async (e) => {
      const first = !this.view;
      const before = this.view;
      this.view = e.detail;
      if (first) await use(initial(this.session.language || this.view.language));
      if (before && before.mine.has('place_tiles') !== this.view.mine.has('place_tiles')) this.resetEntry();
      if (before && before.lastTurnIndex !== this.view.lastTurnIndex) this.entry.words = null;
      this.render();
    });
    addEventListener('online', () => this.outbox.flush());
    // The device's own reports (focus lost and back, page left), where the service lists them for this seat.
    document.addEventListener('visibilitychange', () => this.report(document.hidden ? 'focus_lost' : 'focus_back'));
    addEventListener('pagehide', () => this.report('page_left'));
    this.follower.start();
  }

  report(kind) {
    if (this.view && this.view.mine.has('report_device')) this.send(api.commands.reportDevice(this.view.version, kind));
  }

  /** A refused command is shown with the service's reason until the player discards it. One exception: a line
   * of the player's own sheet refused only for a stale version (409) commutes with every other command, so it
   * is sent again at the version the service now has, unchanged. */
  async refused(detail) {
    if (detail.status === 409 && detail.command.type === 'write_sheet_entry') {
      await this.outbox.discard(detail.id);
      const view = await this.follower.refresh();
      await this.outbox.enqueue({ ...detail.command, expected_version: view.version });
      return;
    }
    this.refusal = detail;
    this.render();
    this.follower.refreshSoon();
  }

  /** Queue a command. While this tablet's earlier commands wait, it follows the last of them (its
   * expected_version is that command's answered version), so one device never races itself. */
  async send(command, options) {
    this.refusal = null;
    const own = command.type === 'write_sheet_entry' ? null : this.ownEntryDue();
    if (own) {
      const written = await this.send({ ...own, expected_version: command.expected_version }, options);
      return this.send({ ...command, expected_version: null }, { after: written });
    }
    let after = options && options.after ? options.after : (this.outbox.length ? this.lastQueued : null);
    let version = command.expected_version;
    if (after && this.answered.has(after)) { // already answered: follow it by its version (`after` names queued ones)
      version = this.answered.get(after);
      after = null;
    }
    // The view may not show yet what this tablet's own last commands recorded: follow them, and only them.
    while (!after && version != null && this.own.has(version + 1)) version += 1;
    command = { ...command, expected_version: after ? null : version };
    this.lastQueued = await this.outbox.enqueue(command, after ? { after } : {});
    return this.lastQueued;
  }

  // ---- layout ---------------------------------------------------------------------------------
  render() {
    const v = this.view;
    if (!v) return;
    const focused = document.activeElement && document.activeElement.id;
    const scrolled = ['.board-scroll', '.side'].map((sel) => {
      const el = document.querySelector(sel);
      return el ? [el.scrollLeft, el.scrollTop] : [0, 0];
    });
    app.className = 'game';
    app.dataset.version = v.version; // what this page shows (the browser tests wait on it)
    app.innerHTML = `
      <header class="bar">
        <div class="title"><strong>${t('app.title')}</strong> <span>${escape(this.gameLine())}</span></div>
        <div class="net"><span id="connection" role="status"></span><span id="outbox" role="status"></span></div>
        ${languagePicker()}
      </header>
      <div id="banner" class="banner" role="status" aria-live="polite">${this.bannerHtml()}</div>
      ${this.refusal ? this.refusalHtml() : ''}
      <main class="layout">
        <section class="board-area${this.zoomed ? ' zoomed' : ''}" aria-label="${t('board.area')}">
          <button type="button" id="zoom" class="zoom" aria-pressed="${Boolean(this.zoomed)}">${t('board.zoom')}</button>
          <div class="board-scroll"><pl-board id="board"></pl-board></div>
        </section>
        <section class="side">
          ${this.scoresHtml()}
          ${this.discrepanciesHtml()}
          <section id="actions" class="actions" aria-label="${t('actions.label')}">${this.actionsHtml()}</section>
          <section class="sheets-area" aria-label="${t('sheet.both')}"><h2>${t('sheet.both')}</h2><pl-sheets id="sheets"></pl-sheets></section>
        </section>
      </main>`;
    this.renderBoard();
    const keyboard = document.getElementById('keyboard');
    if (keyboard) {
      keyboard.update({ set: v.set });
      keyboard.addEventListener('tile', (e) => { this.entry.typed.push(e.detail); this.renderEntry(); });
      keyboard.addEventListener('erase', () => { this.entry.typed.pop(); this.renderEntry(); });
      keyboard.addEventListener('clear', () => { this.entry.typed = []; this.renderEntry(); });
    }
    document.getElementById('sheets').update({ sheets: v.sheets, seat: this.seat });
    this.renderConnection();
    this.wire();
    wireLanguage(() => this.render());
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus({ preventScroll: true });
    ['.board-scroll', '.side'].forEach((sel, i) => {
      const el = document.querySelector(sel);
      if (el) [el.scrollLeft, el.scrollTop] = scrolled[i];
    });
  }

  gameLine() {
    const v = this.view;
    const parts = [v.event, v.round != null ? t('game.round', { round: v.round }) : null,
      v.table != null ? t('game.table', { table: v.table }) : null, v.profile];
    return parts.filter(Boolean).join(' · ');
  }

  renderConnection() {
    const connection = document.getElementById('connection');
    if (!connection || !this.outbox) return;
    const online = this.follower.connected && this.outbox.online;
    connection.textContent = online ? t('net.online') : t('net.offline');
    connection.className = online ? 'pill ok' : 'pill bad';
    const waiting = this.outbox.length;
    const outbox = document.getElementById('outbox');
    outbox.textContent = t('net.outbox', { count: waiting });
    outbox.className = waiting ? 'pill warn' : 'pill';
  }

  bannerHtml() {
    const v = this.view;
    if (!v.status && !v.closed) return `<p class="main">${escape(t('loading'))}</p>`; // the status read model did not answer
    const lines = waitingLines({ kind: v.waiting.kind, seats: v.waiting.seats, seat: this.seat, closed: v.closed,
      placer: v.pending ? v.pending.seat : null, clockStop: v.clockStop, mayAppeal: v.mayAppeal,
      name: (s) => v.name(s) });
    return lines.map((line, i) => {
      const params = { ...line.params };
      if (Array.isArray(params.names)) params.names = names(params.names);
      if (line.key === 'wait.clock_stop') params.reason = t(`clock_stop.${params.reason || 'other'}`);
      return `<p class="${i ? 'also' : 'main'}">${escape(t(line.key, params))}</p>`;
    }).join('') + v.warnings.filter((w) => w.code === 'second_device').map((w) => `<p class="also">${escape(
      t('warn.second_device', { name: v.name(w.seat) }))}</p>`).join('');
  }

  refusalHtml() {
    const r = this.refusal;
    const body = r.body || {};
    const what = t(`command.${r.command.type}`);
    const why = r.status === 409 ? t('refused.conflict') : body.message || String(r.status);
    return `<div class="refusal" role="alert"><p><strong>${t('refused.title', { what })}</strong> ${escape(why)}
      ${body.article ? ` <span class="article">(${escape(body.article)})</span>` : ''}</p>
      <div class="buttons">${r.status === 409 ? `<button type="button" class="primary" id="refusal-retry">${t('refused.retry')}</button>` : ''}
      <button type="button" id="refusal-discard">${t('refused.discard')}</button></div></div>`;
  }

  scoresHtml() {
    const v = this.view;
    const players = v.players.map((p) => {
      const turn = v.onTurn === p.seat;
      return `<li class="player${turn ? ' on-turn' : ''}${p.seat === this.seat ? ' me' : ''}">
        <span class="name">${escape(p.name)}${p.seat === this.seat ? ` <span class="you">(${t('score.you')})</span>` : ''}</span>
        <span class="score">${p.score}</span>
        ${turn ? `<span class="turn-mark">${t('score.on_turn')}</span>` : ''}
        ${p.signed ? `<span class="signed">✔ ${t('sheet.signed')}</span>` : ''}</li>`;
    }).join('');
    const me = v.players.find((p) => p.seat === this.seat);
    const rack = me && me.rack ? `<div class="rack" role="group" aria-label="${t('rack.label')}">${me.rack.map((l) => this.rackTile(l)).join('')}</div>`
      : '';
    return `<section class="scores" aria-label="${t('score.label')}"><ul>${players}</ul>
      <p class="bag">${t('bag.count', { count: v.bagCount })}</p>${rack}</section>`;
  }

  rackTile(letter, index = null, selectable = false) {
    const set = this.view.set;
    const blank = letter === '?';
    const inner = blank ? `<span class="tile blank"><span class="letter">?</span></span>` : tileHtml(set, letter, false);
    const name = blank ? t('tile.blank') : tileName(set, letter, false);
    if (!selectable) return `<span role="img" aria-label="${name}">${inner}</span>`;
    const pressed = this.entry.chosen.includes(index);
    return `<button type="button" class="rack-tile" data-index="${index}" aria-pressed="${pressed}" aria-label="${name}">${inner}</button>`;
  }

  // ---- what this seat may do now (next_actions) --------------------------------------------------
  actionsHtml() {
    const v = this.view;
    const mine = v.mine;
    const parts = [];
    if (v.closed) parts.push(this.closedHtml());
    else if (v.settlement) parts.push(this.settlementHtml());
    if (mine.has('draw_tiles')) {
      const count = v.bagMode === 'virtual' ? '' : `<label>${t('draw.count')} <input id="draw-count" type="number" inputmode="numeric" min="1" max="7" value="${Math.max(1, 7 - (v.players[this.seat].rackCount || 0))}"></label>`;
      parts.push(`<div class="group">${count}<button type="button" class="primary" id="draw">${t('action.draw_tiles')}</button></div>`);
    }
    if (mine.has('place_tiles')) parts.push(this.entry.mode === 'exchange' ? this.exchangeHtml() : this.playHtml());
    if (mine.has('accept') || mine.has('challenge')) parts.push(this.answerHtml());
    if (mine.has('decide_off_centre')) {
      parts.push(`<div class="group"><p>${t('centre.ask', { name: escape(v.name(v.pending.seat)) })}</p>
        <button type="button" class="primary" id="centre-accept">${t('action.centre_accept')}</button>
        <button type="button" id="centre-refuse">${t('action.centre_refuse')}</button></div>`);
    }
    if (mine.has('appeal')) {
      parts.push(`<div class="group"><label for="appeal-argument">${t('appeal.argument')}</label>
        <input id="appeal-argument" type="text"><button type="button" id="appeal">${t('action.appeal')}</button></div>`);
    }
    if (mine.has('correct_overdraw')) {
      // FILE 28: the opponent points out an overdraw; whether the drawn tiles were seen decides the correction.
      parts.push(`<div class="group"><p>${t('overdraw.ask', { name: escape(v.name(v.overdrawSeat ?? v.onTurn)) })}</p>
        <button type="button" id="overdraw-unseen">${t('action.overdraw_unseen')}</button>
        <button type="button" id="overdraw-seen">${t('action.overdraw_seen')}</button></div>`);
    }
    if (mine.has('declare_end_rack')) parts.push(this.endRackHtml());
    if (mine.has('sign')) {
      parts.push(`<div class="group"><label for="signature">${t('sign.name')}</label>
        <input id="signature" type="text" value="${escape(v.name(this.seat))}">
        <button type="button" class="primary" id="sign">${t('action.sign')}</button></div>`);
    }
    if (mine.has('call_arbiter')) {
      parts.push(`<div class="group"><button type="button" class="arbiter" id="call-arbiter">${t('action.call_arbiter')}</button></div>`);
    }
    return parts.join('') || `<p class="idle">${t('actions.none')}</p>`;
  }

  playHtml() {
    const v = this.view;
    const e = this.entry;
    const mine = v.mine;
    const dir = (d) => `<button type="button" class="dir" data-dir="${d}" aria-pressed="${e.direction === d}">${t(`dir.${d}`)}</button>`;
    return `<div class="group play">
      <p class="hint">${e.start ? t('play.start_at', { square: this.startName() }) : t('play.tap_start')}</p>
      <div class="dirs" role="group" aria-label="${t('play.direction')}">${dir('H')}${dir('V')}</div>
      <p class="word" id="word-preview" aria-live="polite"></p>
      <pl-keyboard id="keyboard"></pl-keyboard>
      <div class="numbers">
        <label>${t('play.announced')} <input id="announced" type="number" inputmode="numeric" min="0" max="10000" value="${escape(e.announced)}"></label>
        <label>${t('play.total')} <input id="total" type="number" inputmode="numeric" min="0" max="10000" value="${escape(e.total)}"></label>
      </div>
      <p id="entry-problem" class="problem" aria-live="polite"></p>
      <div class="buttons">
        <button type="button" class="primary" id="record-play">${t('action.place_tiles')}</button>
        ${mine.has('exchange_tiles') ? `<button type="button" id="exchange-mode">${t('action.exchange')}</button>` : ''}
        ${mine.has('pass_turn') ? `<button type="button" id="pass">${t('action.pass')}</button>` : ''}
      </div></div>`;
  }

  startName() {
    const { start } = this.entry;
    return `${'ABCDEFGHIJKLMNO'[start.row]}${start.col + 1}`;
  }

  exchangeHtml() {
    const rack = this.knownRack();
    const chooser = rack && rack.length
      ? `<p>${t('exchange.choose')}</p><div class="rack choose" role="group" aria-label="${t('exchange.tiles')}">${
        rack.map((l, i) => this.rackTile(l, i, true)).join('')}</div>`
      : `<label>${t('exchange.count')} <input id="exchange-count" type="number" inputmode="numeric" min="1" max="7" value="${escape(this.entry.count)}"></label>`;
    return `<div class="group exchange">${chooser}
      <div class="buttons"><button type="button" class="primary" id="exchange">${rack ? t('action.exchange_confirm', { count: this.entry.chosen.length }) : t('action.exchange')}</button>
      <button type="button" id="exchange-cancel">${t('action.cancel')}</button></div></div>`;
  }

  answerHtml() {
    const v = this.view;
    const mine = v.mine;
    const placer = v.pending ? v.pending.seat : v.lastTurn && v.lastTurn.seat;
    const last = v.lastTurn || {};
    const row = v.rowOf(v.lastTurnIndex);
    const announced = row && row.entered != null ? row.entered : null;
    const e = this.entry;
    const score = e.announced !== '' ? e.announced : (announced ?? '');
    let challenge = '';
    if (mine.has('challenge')) {
      if (e.words) {
        challenge = `<fieldset class="words"><legend>${t('challenge.which')}</legend>${e.words.map((w, i) => `
          <label class="check"><input type="checkbox" data-word="${i}" ${w.chosen ? 'checked' : ''}> ${escape(w.word)}</label>`).join('')}
          <div class="buttons"><button type="button" class="primary" id="challenge-send">${t('action.challenge_send')}</button>
          <button type="button" id="challenge-cancel">${t('action.cancel')}</button></div></fieldset>`;
      } else {
        challenge = `<button type="button" id="challenge">${t('action.challenge')}</button>`;
      }
    }
    return `<div class="group answer">
      <p class="announced-play">${t('answer.play', { name: escape(v.name(placer)), word: escape(last.word || ''),
        square: escape(last.coordinates || ''), announced: announced ?? '—' })}</p>
      ${mine.has('accept') ? `<div class="numbers">
        <label>${t('answer.score', { name: escape(v.name(placer)) })} <input id="write-score" type="number" inputmode="numeric" min="0" value="${escape(score)}"></label>
        <label>${t('answer.total', { name: escape(v.name(placer)) })} <input id="write-total" type="number" inputmode="numeric" min="0" value="${escape(e.total)}"></label>
      </div>` : ''}
      <div class="buttons">${mine.has('accept') ? `<button type="button" class="primary" id="accept">${t('action.accept')}</button>` : ''}
      ${challenge}</div></div>`;
  }

  /** The owner's rack when the service knows every tile on it (a virtual bag), else null (a physical bag). */
  knownRack() {
    const me = this.view.players[this.seat];
    return me.rack && me.rack.length === me.rackCount ? me.rack : null;
  }

  endRackHtml() {
    const rack = this.knownRack();
    const known = rack != null;
    const shown = known ? rack.map((l) => this.rackTile(l)).join('') : '';
    return `<div class="group endrack"><p>${t('endrack.ask')}</p>
      ${known ? `<div class="rack">${shown}</div>` : `<pl-keyboard id="keyboard"></pl-keyboard><p class="word" id="word-preview"></p>`}
      <button type="button" class="primary" id="end-rack">${t('action.declare_end_rack', { count: known ? rack.length : '' })}</button></div>`;
  }

  settlementHtml() {
    const s = this.view.settlement;
    const rows = (s.players || []).map((p, seat) => `<tr><th scope="row">${escape(p.name || this.view.name(seat))}</th>
      <td class="num">${p.score_before ?? ''}</td><td class="num">${p.rack_adjustment ?? 0}</td>
      <td class="num">${p.time_penalty ?? 0}</td><td class="num">${p.sanctions ?? 0}</td><td class="num final">${p.final_score}</td></tr>`).join('');
    return `<div class="group settlement"><h2>${t('settle.title')}</h2>
      <p>${t('settle.cause', { cause: t(`cause.${s.cause}`) })} · ${s.winner != null ? t('settle.winner', { name: escape(typeof s.winner === 'number' ? this.view.name(s.winner) : s.winner) }) : t('settle.draw')}</p>
      <table><thead><tr><th scope="col">${t('settle.player')}</th><th scope="col">${t('settle.before')}</th>
      <th scope="col">${t('settle.racks')}</th><th scope="col">${t('settle.time')}</th><th scope="col">${t('settle.sanctions')}</th>
      <th scope="col">${t('settle.final')}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }

  closedHtml() {
    return `${this.settlementHtml()}<div class="group locked"><p class="lock">${t('closed.locked')}</p>
      <div class="buttons"><button type="button" id="download-html">${t('closed.download_sheet')}</button>
      <button type="button" id="download-gcg">${t('closed.download_gcg')}</button></div></div>`;
  }

  discrepanciesHtml() {
    const v = this.view;
    const found = v.discrepancies;
    if (!found.length) return '';
    const items = found.map((d) => {
      const parts = Object.entries(d.sheets).filter(([, value]) => value != null)
        .map(([seat, value]) => t('diff.wrote', { name: escape(v.name(+seat)), value }));
      if (d.announced != null) parts.push(t('diff.announced', { value: d.announced }));
      const wrong = [d.announced, ...Object.values(d.sheets)].find((x) => x != null && x !== d.true);
      const fix = v.mine.has('correct_score') && v.players.length === 2
        ? ` <button type="button" class="fix" data-turn="${d.turnIndex}" data-field="${d.field}" data-old="${wrong}" data-new="${d.true}">${
          t('action.correct', { value: d.true })}</button>` : '';
      return `<li>${t('diff.line', { name: escape(v.name(d.seat)), number: d.number, field: t(`field.${d.field}`), value: d.true })}: ${parts.join('; ')}${fix}</li>`;
    }).join('');
    return `<section class="discrepancies" role="alert" aria-label="${t('diff.title')}"><h2>⚠ ${t('diff.title')}</h2><ul>${items}</ul></section>`;
  }

  // ---- board and the play being typed ----------------------------------------------------------
  renderBoard() {
    const v = this.view;
    const placing = v.mine.has('place_tiles') && this.entry.mode === 'play';
    const e = this.entry;
    const board = v.board;
    let tentative = [];
    let cursor = null;
    if (placing && e.start) ({ squares: tentative, cursor } = lay(board, e.start, e.direction, e.typed));
    const element = document.getElementById('board');
    element.update({ board, set: v.set, selectable: placing, tentative, start: e.start, cursor, direction: e.direction });
    if (!element.wired) {
      element.wired = true;
      element.addEventListener('square', (ev) => {
        const { row, col } = ev.detail;
        if (e.start && e.start.row === row && e.start.col === col) e.direction = e.direction === 'H' ? 'V' : 'H';
        else e.start = { row, col };
        this.render();
      });
    }
    this.renderPreview();
  }

  renderEntry() {
    this.renderBoard();
  }

  renderPreview() {
    const preview = document.getElementById('word-preview');
    if (!preview) return;
    const v = this.view;
    const e = this.entry;
    if (!v.mine.has('place_tiles')) {
      preview.innerHTML = e.typed.map((x) => tileHtml(v.set, x.letter, x.blank)).join('');
      preview.setAttribute('aria-label', e.typed.map((x) => tileName(v.set, x.letter, x.blank)).join(', '));
      return;
    }
    if (!e.start) { preview.textContent = ''; return; }
    const { squares } = lay(v.board, e.start, e.direction, e.typed);
    preview.innerHTML = squares.map((s) => `<span class="${s.onBoard ? 'on-board' : 'new'}">${tileHtml(v.set, s.letter, s.blank)}</span>`).join('')
      + `<span class="coord">${squares.length ? escape(entry(v.board, e.start, e.direction, e.typed.length ? e.typed : [{ letter: 'A' }], v.set).coordinates || '') : ''}</span>`;
  }

  // ---- controls ----------------------------------------------------------------------------------
  wire() {
    const v = this.view;
    const on = (id, handler) => { const el = document.getElementById(id); if (el) el.addEventListener('click', handler); };
    const value = (id) => { const el = document.getElementById(id); return el && el.value !== '' ? Number(el.value) : null; };
    const keep = (id, field) => {
      const el = document.getElementById(id);
      if (el) el.addEventListener('input', () => { this.entry[field] = el.value; });
    };
    keep('announced', 'announced'); keep('total', 'total'); keep('write-score', 'announced'); keep('write-total', 'total');
    keep('exchange-count', 'count');
    document.querySelectorAll('button.dir').forEach((b) => b.addEventListener('click', () => {
      this.entry.direction = b.dataset.dir; this.render();
    }));
    on('refusal-retry', async () => {
      // The player looked at the game as it is now and sends the same command again at its version.
      const { id, command } = this.refusal;
      this.refusal = null;
      await this.outbox.discard(id);
      await this.send({ ...command, expected_version: this.view.version });
    });
    on('refusal-discard', async () => { const id = this.refusal.id; this.refusal = null; await this.outbox.discard(id); this.render(); });
    on('draw', () => {
      const count = value('draw-count');
      this.send(api.commands.drawTiles(v.version, count ? { count } : {}));
    });
    on('record-play', () => this.recordPlay());
    on('zoom', () => { this.zoomed = !this.zoomed; this.render(); });
    on('pass', () => this.send(api.commands.pass(v.version)));
    on('exchange-mode', () => { this.entry.mode = 'exchange'; this.entry.chosen = []; this.render(); });
    on('exchange-cancel', () => { this.entry.mode = 'play'; this.render(); });
    document.querySelectorAll('button.rack-tile').forEach((b) => b.addEventListener('click', () => {
      const i = Number(b.dataset.index);
      const chosen = this.entry.chosen;
      this.entry.chosen = chosen.includes(i) ? chosen.filter((x) => x !== i) : [...chosen, i];
      this.render();
    }));
    on('exchange', () => {
      const rack = this.knownRack();
      if (rack && rack.length) {
        if (!this.entry.chosen.length) return;
        this.send(api.commands.exchange(v.version, { tiles: this.entry.chosen.map((i) => rack[i]) }));
      } else {
        const count = value('exchange-count');
        if (!count) return;
        this.send(api.commands.exchange(v.version, { count }));
      }
    });
    on('accept', () => this.accept());
    on('challenge', () => this.openChallenge());
    on('challenge-cancel', () => { this.entry.words = null; this.render(); });
    document.querySelectorAll('input[data-word]').forEach((box) => box.addEventListener('change', () => {
      this.entry.words[Number(box.dataset.word)].chosen = box.checked;
    }));
    on('challenge-send', () => {
      const words = this.entry.words.filter((w) => w.chosen).map((w) => w.word);
      if (!words.length) return;
      const all = words.length === this.entry.words.length;
      this.send(api.commands.challenge(v.version, all ? null : words));
      this.entry.words = null;
    });
    on('centre-accept', () => this.send(api.commands.decideOffCentre(v.version, true)));
    on('centre-refuse', () => this.send(api.commands.decideOffCentre(v.version, false)));
    on('appeal', () => {
      const argument = document.getElementById('appeal-argument').value.trim() || t('appeal.default');
      this.send(api.commands.appeal(v.version, argument));
    });
    on('end-rack', () => {
      const rack = this.knownRack();
      const tiles = rack != null ? rack : this.entry.typed.map((x) => (x.blank ? '?' : x.letter));
      this.send(api.commands.endRack(v.version, tiles));
    });
    on('sign', () => {
      const signature = document.getElementById('signature').value.trim() || v.name(this.seat);
      this.send(api.commands.sign(v.version, signature));
    });
    on('call-arbiter', () => this.send(api.commands.callArbiter(v.version)));
    on('overdraw-unseen', () => this.send(api.commands.correctOverdraw(v.version, false)));
    on('overdraw-seen', () => this.send(api.commands.correctOverdraw(v.version, true)));
    on('download-html', () => this.download('html'));
    on('download-gcg', () => this.download('gcg'));
    document.querySelectorAll('button.fix').forEach((b) => b.addEventListener('click', () => {
      const other = v.players.find((p) => p.seat !== this.seat).seat;
      this.send({ type: 'correct_score', expected_version: v.version, turn: Number(b.dataset.turn), field: b.dataset.field,
        old: Number(b.dataset.old), new: Number(b.dataset.new), agreed_by: other, reason: t('diff.reason') });
    }));
  }

  showProblem(key) {
    const el = document.getElementById('entry-problem');
    if (el) el.textContent = key ? t(key) : '';
  }

  async recordPlay() {
    const v = this.view;
    const e = this.entry;
    const found = entry(v.board, e.start, e.direction, e.typed, v.set);
    if (found.error) { this.showProblem(`play.problem.${found.error}`); return; }
    if (e.announced === '') { this.showProblem('play.problem.no_score'); return; }
    const announced = Number(e.announced);
    const total = e.total === '' ? null : Number(e.total);
    const turn = v.nextTurnIndex;
    // The player's own sheet gets the score and running total once the play is accepted (FILE 37): kept
    // on the device until then, dropped if the play is withdrawn.
    this.keepOwnEntry({ turn, score: announced, total });
    await this.send(api.commands.placeTiles(v.version, { coordinates: found.coordinates, word: found.word, announced }));
  }

  get ownEntryKey() { return `planilla.own.${this.session.game}.${this.seat}`; }

  keepOwnEntry(entry) {
    if (entry) localStorage.setItem(this.ownEntryKey, JSON.stringify(entry));
    else localStorage.removeItem(this.ownEntryKey);
  }

  /** The player's own line for their last play, due once the service says the play stands (accepted);
   * dropped when it was withdrawn. Sent just before this tablet's next command, in the same chain, so the
   * tablet never writes behind its owner's back while the opponent is acting. */
  ownEntryDue() {
    let own = null;
    try { own = JSON.parse(localStorage.getItem(this.ownEntryKey)); } catch { own = null; }
    if (!own) return null;
    const row = this.view.rowOf(own.turn);
    if (!row || ['pending', 'challenged', 'centre_choice'].includes(row.state)) return null;
    this.keepOwnEntry(null);
    if (row.state !== 'accepted' || row.written[String(this.seat)]) return null;
    return api.commands.writeSheet(null, { sheet: this.seat, turn: own.turn, score: own.score, total: own.total });
  }

  async accept() {
    const v = this.view;
    const score = document.getElementById('write-score').value;
    const total = document.getElementById('write-total').value;
    const turn = v.lastTurnIndex;
    if (score === '' && total === '') {
      await this.send(api.commands.accept(v.version));
      return;
    }
    // Writing the score down is the acceptance (FILE 37): the line on this player's own sheet, then the acceptance.
    const written = await this.send(api.commands.writeSheet(v.version, { sheet: this.seat, turn,
      score: score === '' ? null : Number(score), total: total === '' ? null : Number(total) }));
    await this.send(api.commands.accept(null), { after: written });
  }

  async openChallenge() {
    const v = this.view;
    const words = await api.playWords(v, this.session.token).catch(() => null);
    this.entry.words = (words && words.length ? words : [v.lastTurn.word]).map((word) => ({ word, chosen: true }));
    this.render();
  }

  async download(kind) {
    const { blob, name } = await api.download(this.session.game, this.session.token, kind);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

async function start() {
  await use(initial(null));
  let session = null;
  try {
    session = (await sessionFromAddress()) || readSession();
  } catch (error) {
    history.replaceState(null, '', '/tablet');
    const said = error.body && (error.body.message || error.body.detail);
    await bindScreen(`${t('bind.failed')}${said ? ` (${said})` : ''}`);
    return;
  }
  if (!session) { await bindScreen(); return; }
  await use(initial(session.language));
  app.innerHTML = `<p class="loading" role="status">${t('loading')}</p>`;
  await new Tablet(session).run();
}

start();
