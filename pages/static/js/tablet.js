// The tablet scoresheet: a player's own sheet during a game (issue 14). Binds the tablet to a seat,
// follows the game, offers exactly what the service's next_actions allow this seat, and sends every
// command through the Outbox. No playing aids: no score before a play is recorded, no word check,
// no hints (FILE 5.4).

import * as api from './api.js';
import { GameFollower } from './state.js';
import { t, use, initial, chosen, languagePicker } from './i18n.js';
import { readSession, sessionFromAddress, bindScreen } from './binding.js';
import { Panels, escape } from './panels.js';
import { patch } from './patch.js';
import { Controls } from './controls.js';
import { Steps } from './steps.js';
import { PlayEntry } from './play_entry.js';
import { withheld } from './offers.js';
import { actingSeat } from './seats.js';
import { Signing, SIGNED } from './signing.js';
import * as receipts from './receipt.js';
import './components/keyboard.js';
import './components/sheets.js';

const app = document.getElementById('app');

// ---- the game -----------------------------------------------------------------------------------
class Tablet extends Controls(Signing(Steps(PlayEntry(Panels)))) {
  constructor(session) {
    super();
    this.session = session;
    this.seat = session.seat;
    // A shared tablet (both seats of the table, seats switching) holds each seat's token; it acts for the seat
    // the game waits on (seats.js), shows no rack, and speaks of the players by name.
    this.shared = Boolean(session.tokens);
    this.held = this.shared ? Object.keys(session.tokens).map(Number).sort() : [session.seat];
    this.chosenSeat = null; // the seat picked on a shared tablet where both players have something to do
    this.leaving = false; // the leave-game-mode panel is open
    this.view = null;
    this.refusal = null;
    this.own = new Set(); // versions this tablet's own commands produced
    this.answered = new Map(); // command id -> the version its answer gave
    this.taken = []; // steps this tablet's answered commands took: {type, from (expected_version), to (answered version)}
    this.resetEntry();
  }

  resetEntry() {
    this.entryProblem = null;
    this.entry = { start: null, direction: 'H', typed: [], announced: '', total: '', mode: 'play', chosen: [],
      words: null, count: '' };
  }

  async run() {
    this.follower = new GameFollower({ gameId: this.session.game, token: this.session.token, seat: this.seat,
      keep: api.pageStore().catch(() => null) });
    // The game's state is asked for at once; the stored outbox opens meanwhile (nothing is shown before both).
    const opening = api.openOutbox({ gameId: this.session.game, token: this.session.token }).then((outbox) => {
      this.outbox = outbox;
      // What waits in the outbox withholds the steps it takes (offers.js): drawn again when that changes.
      outbox.addEventListener('change', () => this.render());
      outbox.addEventListener('refused', (e) => this.refused(e.detail));
      outbox.addEventListener('discarded', () => this.render());
      outbox.addEventListener('answered', (e) => {
        const body = e.detail.body || {};
        this.answered.set(e.detail.id, body.version);
        const command = e.detail.command || {};
        this.taken.push({ type: command.type, from: command.expected_version, to: body.version });
        for (const event of body.events || []) this.own.add(event.sequence);
        if (body.version) this.own.add(body.version);
        this.follower.refreshSoon(body.version || 0); // read only if the stream has not shown it
      });
      // A refusal a previous page left at the head of the queue (it holds the rest): shown again.
      const head = outbox.items[0];
      if (head && head.state === 'refused') {
        this.refused({ id: head.id, command: { ...head.command, expected_version: head.expected_version },
          status: head.refusal.status, body: head.refusal.body });
      }
      return outbox;
    });
    this.follower.addEventListener('connection', async (e) => {
      this.renderConnection();
      // The service answers again (the stream is back): send what waits now, not at the next backoff step.
      if (e.detail) (await opening).flush().catch(() => {});
    });
    this.follower.addEventListener('change', async (e) => {
      await opening;
      const first = !this.view;
      const before = this.view;
      this.view = this.forActingSeat(e.detail);
      if (first) await use(initial(this.session.language || this.view.language));
      // A turn recorded or a turn handed over resets what was being typed, even when reads were merged and
      // the page never showed the state in between (the opponent answered before this tablet looked again).
      if (before && (before.mine.has('place_tiles') !== this.view.mine.has('place_tiles')
        || before.nextTurnIndex !== this.view.nextTurnIndex)) this.resetEntry();
      if (before && before.lastTurnIndex !== this.view.lastTurnIndex) this.entry.words = null;
      this.takeReceipt();
      this.render();
    });
    // The device's own reports (focus lost and back, page left), where the service lists them for this seat.
    document.addEventListener('visibilitychange', () => this.report(document.hidden ? 'focus_lost' : 'focus_back'));
    addEventListener('pagehide', () => this.report('page_left'));
    this.wire();
    addEventListener('resize', () => this.keepEntryInView());
    this.follower.start();
    await opening;
  }

  /** The view for the seat this tablet acts for now: its own seat, or on a shared tablet the seat the game
   * waits on (racks hidden: both players look at a shared tablet). */
  forActingSeat(view) {
    if (!this.shared) return view;
    const seat = actingSeat({ nextActions: view.raw.next_actions, onTurn: view.onTurn, held: this.held,
      chosen: this.chosenSeat });
    this.seat = seat;
    return view.as(seat, { hideRacks: true });
  }

  /** Act for another seat (a shared tablet, where both players have something to do). */
  chooseSeat(seat) {
    this.chosenSeat = seat;
    this.resetEntry();
    this.view = this.forActingSeat(this.follower.view);
    this.render();
  }

  /** The token a command for the acting seat goes with: the seat's own on a shared tablet. */
  get commandToken() { return this.shared ? this.session.tokens[this.seat] : null; }

  report(kind) {
    // A report depends on nothing (the service takes it at any version up to its own); never behind a refusal.
    if (this.view && this.outbox && !this.outbox.blocked && this.view.mine.has('report_device')) {
      this.outbox.enqueue(api.commands.reportDevice(this.view.version, kind), { token: this.commandToken });
    }
  }

  /** A refused command is shown with the service's reason; it holds every command queued after it until the
   * player sends it again or discards it (with what was chained after it). One exception: a line of the
   * player's own sheet refused only for a stale version (409), with nothing chained after it, commutes with
   * every other command: it is sent again at the version the service now has, unchanged but for its key
   * signature, which was over the old head and is dropped (a line's is never required; nothing is signed
   * again without a tap: signing.js). */
  async refused(detail) {
    const next = this.outbox.items.find((r) => r.after === detail.id);
    const chained = Boolean(next);
    if (detail.status === 409 && detail.command.type === 'write_sheet_entry' && !chained) {
      const view = await this.follower.refresh();
      const unsigned = detail.command.key_signature == null ? {} : { key_signature: null };
      await this.outbox.retry(detail.id, { expected_version: view.version, ...unsigned });
      return;
    }
    // The step this command (or, for a sheet line, the acceptance chained after it) takes was already taken by
    // this tablet's own earlier command: dropped, with what was chained after it, and nothing said.
    const step = detail.command.type === 'write_sheet_entry' && next && !this.outbox.items.some((r) => r.after === next.id)
      ? { ...next.command, expected_version: detail.command.expected_version } : (chained ? null : detail.command);
    if (detail.status === 409 && step && await this.ownDuplicate(step)) {
      await this.outbox.discard(detail.id);
      return;
    }
    this.refusal = detail;
    this.render();
    this.follower.refreshSoon();
  }

  /** A stale command whose step this tablet's own earlier command, answered, already took (sent twice, e.g.
   * from two pages of the same tablet): the game as it is now no longer offers that step to this seat. */
  async ownDuplicate(command) {
    if (command.type === 'write_sheet_entry' || command.type === 'report_device') return false;
    // Taken by this tablet's own command of the same type, decided at the stale one's version or later (an
    // acceptance chained after a sheet line is decided one version later than the line).
    const done = this.taken.some((x) => x.type === command.type && x.from != null && command.expected_version != null
      && x.from >= command.expected_version);
    if (!done) return false;
    const view = await this.follower.refresh().catch(() => null);
    return Boolean(view) && !this.forActingSeat(view).mine.has(command.type);
  }

  /** Queue a command. While this tablet's earlier commands wait, it follows the last of them (its
   * expected_version is that command's answered version), so one device never races itself. */
  async send(command, options) {
    if (this.outbox.blocked) { // a refusal holds the queue: the player answers it first (retry or discard)
      this.render();
      return null;
    }
    this.refusal = null;
    if (SIGNED.has(command.type) && !(options && options.after)) { // key-signed where the seat has a key (signing.js)
      const signed = await this.sendSigned(command);
      if (signed) return signed;
    }
    const own = command.type === 'write_sheet_entry' ? null : this.ownEntryDue();
    if (own) {
      const written = await this.send({ ...own, expected_version: command.expected_version }, options);
      return this.send({ ...command, expected_version: null }, { after: written });
    }
    const queued = this.outbox.items;
    let after = options && options.after ? options.after : (queued.length ? queued[queued.length - 1].id : null);
    let version = command.expected_version;
    if (after && this.answered.has(after)) { // already answered: follow it by its version (`after` names queued ones)
      version = this.answered.get(after);
      after = null;
    }
    // The view may not show yet what this tablet's own last commands recorded: follow them, and only them.
    while (!after && version != null && this.own.has(version + 1)) version += 1;
    command = { ...command, expected_version: after ? null : version };
    return this.outbox.enqueue(command, { ...(after ? { after } : {}), token: this.commandToken });
  }

  // ---- layout ---------------------------------------------------------------------------------
  render() {
    const v = this.view;
    if (!v) return;
    v.withheld = this.withheldSteps();
    app.className = 'game';
    app.dataset.version = v.version; // what this page shows (the browser tests wait on it) ...
    app.dataset.models = v.modelsVersion; // ... and how far its banner and sheets have caught up
    // Patched in place, never replaced: a tap landing while the opponent's play arrives still lands.
    patch(app, `
      <header class="bar">
        <div class="title"><strong>${t('app.title')}</strong> <span>${escape(this.gameLine())}</span></div>
        <div class="net"><span id="connection" data-testid="connection" role="status"></span><span id="outbox" data-testid="outbox-length" role="status"></span></div>
        ${languagePicker()}
        <button type="button" id="leave" class="leave-open" aria-expanded="${this.leaving}" aria-label="${t('leave.open')}"><span class="long">${t('leave.open')}</span><span class="short" aria-hidden="true">${t('leave.short')}</span></button>
      </header>
      <div id="banner" class="banner" role="status" aria-live="polite">${this.bannerHtml()}</div>
      ${this.refusal ? this.refusalHtml() : ''}
      <main class="layout${v.mine.has('place_tiles') && this.entry.mode === 'play' ? ` placing${this.entry.start ? ' typing' : ''}` : ''}">
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
      </main>`);
    this.renderBoard();
    const keyboard = document.getElementById('keyboard');
    if (keyboard) {
      keyboard.update({ set: v.set });
      if (!keyboard.wired) {
        keyboard.wired = true;
        keyboard.addEventListener('tile', (e) => { this.entry.typed.push(e.detail); this.renderEntry(); });
        keyboard.addEventListener('erase', () => { this.entry.typed.pop(); this.renderEntry(); });
        keyboard.addEventListener('clear', () => { this.entry.typed = []; this.renderEntry(); });
      }
    }
    document.getElementById('sheets').update({ sheets: v.sheets, seat: this.seat, set: v.set });
    this.renderConnection();
    this.keepEntryInView();
    this.showNewStep();
  }

  /** The steps withheld (offers.js): those taken by this seat's commands still in the outbox (not refused), and
   * those answered whose answer the view shown does not have yet. */
  withheldSteps() {
    // A shared tablet: only the acting seat's own commands (each goes with its seat's token) take its steps.
    const own = (r) => !this.shared || (r.token || null) === this.commandToken;
    const waiting = this.outbox ? this.outbox.items.filter((r) => r.state !== 'refused' && own(r)).map((r) => r.command) : [];
    const answered = this.taken.filter((x) => x.to > this.view.version);
    return withheld([...waiting, ...answered]);
  }

  /** What this tablet has done that the service has not heard yet: said as done, waiting to be sent. */
  pendingHtml() {
    const types = this.pendingTypes();
    if (!types.length) return '';
    return `<div class="group done-pending" data-testid="done-pending" role="status">${types.map((type) => `<p>✔ ${
      t('pending.done', { what: t(`command.${type}`) })}</p>`).join('')}<p class="hint">${t('pending.waiting')}</p></div>`;
  }

  renderConnection() {
    const connection = document.getElementById('connection');
    if (!connection || !this.outbox) return;
    const online = this.follower.connected && this.outbox.online;
    connection.textContent = online ? t('net.online') : t('net.offline');
    connection.className = online ? 'pill ok' : 'pill bad';
    connection.dataset.state = online ? 'online' : 'offline';
    const waiting = this.outbox.length;
    const outbox = document.getElementById('outbox');
    outbox.textContent = t('net.outbox', { count: waiting });
    outbox.className = waiting ? 'pill warn' : 'pill';
    outbox.dataset.count = waiting;
  }

  async accept() {
    const v = this.view;
    const score = document.getElementById('write-score').value;
    const total = document.getElementById('write-total').value;
    // The play's line as the state names it (its seat, its number in that column): the sheet read model may
    // not show the play yet, and what the player wrote must never be dropped for that.
    const last = v.lastTurn;
    if ((score === '' && total === '') || !last) {
      await this.send(api.commands.accept(v.version));
      return;
    }
    // Writing the score down is the acceptance (FILE 37): the line on this player's own sheet, then the acceptance
    // (a seat with a key: the key-signed acceptance, then the line: signing.js).
    const line = api.commands.writeSheet(v.version, { sheet: this.seat, player: last.seat,
      line: last.turn, score: score === '' ? null : Number(score), total: total === '' ? null : Number(total) });
    if (await this.acceptWithLine(line)) return;
    const written = await this.send(line);
    await this.send(api.commands.accept(null), { after: written });
  }

  async openChallenge() {
    const v = this.view;
    const words = await api.playWords(v, this.session.token).catch(() => null);
    this.entry.words = (words && words.length ? words : [v.lastTurn.word]).map((word) => ({ word, chosen: true }));
    this.render();
  }

  /** At GameClosed: fetch the player's receipt once and keep it until the player confirms they have it. */
  async takeReceipt() {
    const { game } = this.session;
    this.receipt = receipts.kept(game, this.seat);
    if (!this.view.closed || this.shared || this.fetchingReceipt || !receipts.wanted(game, this.seat, this.view.version)) return;
    this.fetchingReceipt = true;
    const found = await receipts.fetchReceipt(game, this.session.token);
    this.fetchingReceipt = false;
    if (found) {
      this.receipt = receipts.keep(game, this.seat, found);
      this.render();
    }
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

/** The app shell, so the page reloads offline (only in a secure context): once the game is shown (or after 10 s).
 * Its download (the page, its bundle, its styles and the three catalogues, afresh) would otherwise share a slow hall
 * network with the game's first reads and catalogue, on a first use above all (issue 28, the cold binding). */
function keepShell() {
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    seen.disconnect();
    api.registerServiceWorker();
  };
  const seen = new MutationObserver(() => { if (app.dataset.version) register(); });
  seen.observe(app, { attributes: true, attributeFilter: ['data-version'] });
  setTimeout(register, 10_000);
}

async function start() {
  api.pageStore(); // opened beside the binding or the first reads (once: later calls take the same)
  let session = null;
  const sent = new URLSearchParams(location.hash.slice(1)).get('bind') || ''; // the code(s) the address brought
  try {
    session = (await sessionFromAddress()) || readSession();
  } catch (error) {
    history.replaceState(null, '', '/tablet');
    api.registerServiceWorker();
    await use(initial(null));
    const said = error.key ? t(error.key) : error.body && (error.body.message || error.body.detail);
    // the service's reason already says what to do; without one, the page says it (never both)
    const sentence = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1); // after a full stop
    // no answer at all (the Wi-Fi): the code is not at fault and still works (sent again the same: binding.js)
    const network = error.name === 'NetworkError';
    const problem = network ? t('bind.network') : `${t('bind.failed')} ${sentence(said || t('bind.check'))}`;
    await bindScreen(problem, start, sent, { network }); // a typo: mended, not retyped
    return;
  }
  if (!session) { api.registerServiceWorker(); await bindScreen(null, start); return; }
  keepShell();
  // The catalogue is fetched while the game is read (a cold load on a slow hall network waits for one
  // round trip, not two); the game is shown once both are in.
  // (Only when the language is known before the game is read: the binding said it, or the device chose one.)
  if (session.language || chosen()) {
    use(initial(session.language)).then(() => {
      if (!app.dataset.version) app.innerHTML = `<p class="loading" role="status">${t('loading')}</p>`;
    }).catch(() => {});
  }
  await new Tablet(session).run();
}

// A first use's binding screen (tablet.html, issue 28) holds the page while the code is typed: this bundle runs
// meanwhile, and the tablet starts when the code is sent (the screen calls the start it was left).
// The page's store (IndexedDB: the seat's key, the outbox) opens meanwhile, not after the binding has answered.
if (globalThis.__tabletStart === 'hold') {
  globalThis.__tabletStart = start;
  api.pageStore();
} else start();
