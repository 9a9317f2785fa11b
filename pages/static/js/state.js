// The game as the service states it, kept up to date from the SSE stream. Every read of the state's
// fields is here (the contract may move: adapt it here). The page never guesses: what it shows and
// offers comes from the state (with its waiting_for) and the sheet read model; a view made with the
// status read model (the console's) takes waiting_for from there when the state lacks it.

import { readState, readSheet, earlyReads, follow } from './api.js';
import { tileset, parseRow } from './tiles.js';
import { boardOf } from './notation.js';

/** A read-only view of one answer of GET /v1/games/{id} (+ status and scoresheet) for one seat. */
export class GameView {
  constructor(raw, status, sheet, seat, { hideRacks = false } = {}) {
    Object.assign(this, { raw, status, sheet, seat, hideRacks });
    this.set = tileset(raw.tileset);
  }

  /** The same answers seen for another seat (a shared tablet acting for each player in turn). */
  as(seat, options) { return new GameView(this.raw, this.status, this.sheet, seat, options); }

  get version() { return this.raw.version; }
  get phase() { return this.raw.phase; }
  get closed() { return this.raw.status === 'closed'; }
  get ended() { return this.raw.status !== 'in_progress'; }
  get bagCount() { return this.raw.bag_count; }
  get bagMode() { return this.raw.bag_mode; }
  get onTurn() { return this.raw.seat_on_turn ?? null; } // the seat on turn, null when nobody is
  get profile() { return this.raw.profile; }
  get language() { return (this.sheet && this.sheet.language) || this.set.language; }
  get table() { return this.raw.table; }
  get round() { return this.raw.round; }
  get event() { return this.raw.event; }
  get pending() { return this.raw.pending; }
  get clockStop() { return this.raw.clock_stop; }
  get settlement() { return this.raw.settlement; }
  get ending() { return this.raw.ending; }
  get lastTurn() { return this.raw.last_turn; }
  /** The service's warnings, e.g. {code: 'second_device', seat} when a second device binds a seat. */
  get warnings() { return this.raw.warnings || []; }
  /** The game's turns counted from 0 (the sheet's `game_turn` - 1): the next one, and the last one. */
  get nextTurnIndex() { return this.raw.turns_played; }
  get lastTurnIndex() { return this.raw.turns_played - 1; }
  /** The version the read models this view holds (the sheet; the status where it has one) have reached:
   * behind the state's while they catch up. */
  get modelsVersion() {
    const models = this.status ? [this.status, this.sheet] : [this.sheet];
    return Math.min(...models.map((model) => (model ? model.version ?? 0 : 0)));
  }

  /** 15x15: null or {letter, blank}; `cells` once the contract has it, else the 15 text rows. */
  get board() {
    if (Array.isArray(this.raw.cells)) {
      // the letter the square reads as: for a blank, the one it stands for (its `tile` is "?")
      return this.raw.cells.map((row) => row.map((c) => (c ? { letter: c.letter, blank: Boolean(c.blank) } : null)));
    }
    return boardOf(this.raw.board, this.set, parseRow);
  }

  get players() {
    return this.raw.players.map((p) => ({
      seat: p.seat, name: p.name, score: p.score, rackCount: p.rack_count, signed: p.signed,
      rack: p.seat === this.seat && !this.hideRacks ? p.rack : null, // only ever the owner's rack
    }));
  }

  name(seat) { return this.raw.players[seat] ? this.raw.players[seat].name : '?'; }

  /** The commands this seat may send now (Game.next_actions, role player, for this seat or any), but those `withheld` (a Set the
   * page sets: steps its own outbox has already taken and not yet sent). */
  get mine() {
    const held = this.withheld || new Set();
    // A player's action for no seat in particular (the draw for the start: any player) is every seated player's.
    const ours = (a) => a.seat === this.seat || (a.seat == null && this.seat != null);
    return new Set(this.raw.next_actions.filter((a) => a.role === 'player' && ours(a) && !held.has(a.type))
      .map((a) => a.type));
  }

  /** Whether the view knows what the game waits for (the state says it; else the status read model). */
  get knowsWaiting() { return 'waiting_for' in this.raw || Boolean(this.status); }

  /** {kind, seats}: what the game waits for and on whom, at the state's version (else the status read model's). */
  get waiting() {
    const s = 'waiting_for' in this.raw ? this.raw : this.status || {};
    return { kind: s.waiting_for ?? null, seats: s.waiting_seats || [] };
  }

  /** The seat that drew too many tiles, while that is being corrected. */
  get overdrawSeat() {
    const overdraw = this.raw.overdraw || (this.status && this.status.overdraw);
    return overdraw ? overdraw.seat : null;
  }

  /** Appeal of the last ruling still possible by this seat (next_actions). */
  get mayAppeal() { return this.mine.has('appeal'); }

  /** Each player's column of the sheet: rows {turnIndex, number, notation, word, coordinates, score, total,
   * entered, written: {seat: {score, total}}, differs, state}, the end and the final score. */
  get sheets() {
    if (!this.sheet) return [];
    return this.sheet.players.map((p, seat) => ({
      seat: p.seat ?? seat, name: p.name, total: p.total, finalScore: p.final_score, end: p.end,
      signature: p.signature,
      rows: p.rows.map((r) => ({
        turnIndex: r.game_turn - 1, number: r.turn, notation: r.notation, word: r.word, coordinates: r.coordinates,
        score: r.score, total: r.total, entered: r.entered, enteredTotal: r.entered_total, written: r.written || {},
        differs: Boolean(r.differs), state: r.state, kind: r.kind, corrections: r.corrections || [],
        wordNotation: r.word_notation, challenge: r.challenge || null, owed: r.owed || [],
      })),
    }));
  }

  /** The row of a game turn (any player), if the sheet has it: its `seat` and `number` (the line in that
   * player's column, from 1) aim write_sheet_entry and correct_score at it (`player`, `turn`). */
  rowOf(turnIndex) {
    for (const sheet of this.sheets) {
      const row = sheet.rows.find((r) => r.turnIndex === turnIndex);
      if (row) return { ...row, seat: sheet.seat };
    }
    return null;
  }

  /** Where a sheet as written, or an announcement, differs from the true value: {turnIndex, seat, field,
   * true, announced, sheets: {seat: value}}. */
  get discrepancies() {
    const found = [];
    for (const sheet of this.sheets) {
      for (const row of sheet.rows) {
        if (!row.differs) continue;
        for (const field of ['score', 'total']) {
          const truth = row[field];
          const said = field === 'score' ? row.entered : null;
          const written = {};
          for (const [seat, entry] of Object.entries(row.written)) written[seat] = entry[field];
          const wrong = [said, ...Object.values(written)].some((v) => v != null && v !== truth);
          if (wrong) found.push({ turnIndex: row.turnIndex, number: row.number, seat: sheet.seat, field, true: truth,
            announced: said, sheets: written });
        }
      }
    }
    return found;
  }

  /** What this seat wrote for `seat`'s running total so far (their own last written total), for prefill. */
  writtenTotal(bySeat, forSeat) {
    const sheet = this.sheets.find((s) => s.seat === forSeat);
    if (!sheet) return 0;
    for (let i = sheet.rows.length - 1; i >= 0; i -= 1) {
      const entry = sheet.rows[i].written[String(bySeat)];
      if (entry && entry.total != null) return entry.total;
    }
    return 0;
  }
}

/**
 * Keeps a GameView of one game for one seat: reads the state, then follows the stream (Last-Event-ID), which
 * sends the state again after every batch of events (the sheet is read again when it is behind); on a dropped stream it reconnects and rebuilds from the service.
 * Events: 'change' (detail: the GameView), 'connection' (detail: true/false).
 * `keep` (optional, a store.js store or a promise of one): the last reads are kept there, so a page reloaded while the service
 * cannot be reached shows the game as it last saw it (marked offline) until the service answers again.
 */
export class GameFollower extends EventTarget {
  constructor({ gameId, token, seat, keep = null }) {
    super();
    Object.assign(this, { gameId, token, seat, keep, view: null, connected: false, stopped: false, pending: null });
  }

  get keptKey() { return `view.${this.gameId}.${this.seat}`; }

  /** The reads a previous page kept, as a view (only while nothing newer has been read). */
  async fromKept() {
    const keep = await this.keep;
    if (!keep || this.view) return null;
    const kept = await keep.getValue(this.keptKey).catch(() => null);
    if (!kept || this.view) return null;
    this.view = new GameView(kept.raw, kept.status, kept.sheet, this.seat);
    this.dispatchEvent(new CustomEvent('change', { detail: this.view }));
    return this.view;
  }

  /** Read the state and the sheet, and show them. */
  async refresh() {
    const early = earlyReads(this.gameId, this.token); // the page's first reads, started before the modules ran
    const [raw, sheet] = await Promise.all([
      early ? early.state.catch(() => readState(this.gameId, this.token)) : readState(this.gameId, this.token),
      (early ? early.sheet : readSheet(this.gameId, this.token)).catch(() => null),
    ]);
    if (this.view && raw.version < this.view.version) return this.view; // an older answer overtaken
    return this.show(raw, sheet);
  }

  show(raw, sheet) {
    this.view = new GameView(raw, null, sheet, this.seat);
    if (this.keep) Promise.resolve(this.keep).then((keep) => keep && keep.setValue(this.keptKey, { raw, status: null, sheet })).catch(() => {});
    this.dispatchEvent(new CustomEvent('change', { detail: this.view }));
    // The sheet read model may not have caught up with the state yet: read it again shortly.
    if ((!sheet || sheet.version < raw.version) && !this.stopped) this.sheetSoon(300);
    return this.view;
  }

  /** The state the stream sent after its events: shown at once, with the sheet held (read again if behind). */
  fromStream(raw) {
    if (this.view && raw.version <= this.view.version) return;
    this.show(raw, this.view ? this.view.sheet : null);
  }

  /** Read the sheet again (after `wait` ms; one read at a time), and show it with the state held. */
  sheetSoon(wait = 30) {
    if (this.sheetPending) return;
    this.sheetPending = new Promise((resolve) => setTimeout(resolve, wait))
      .then(() => readSheet(this.gameId, this.token))
      .then((sheet) => {
        const view = this.view;
        if (view && (!view.sheet || sheet.version > view.sheet.version)) this.show(view.raw, sheet);
      })
      .catch(() => {})
      .finally(() => {
        this.sheetPending = null;
        // Still behind the state (this read's answer was, or a newer state came while it ran: show() could not
        // start a read while this one was pending): read again shortly, until the sheet has caught up.
        const view = this.view;
        if (view && !this.stopped && (!view.sheet || view.sheet.version < view.version)) this.sheetSoon(300);
      });
  }

  /** Read again: events arriving together cause one read; an event arriving during a read causes another.
   * `version` (optional): the version wanted; nothing is read when the stream's state has already shown it. */
  refreshSoon(version = 0) {
    this.wanted = Math.max(this.wanted || 0, version);
    if (!version) this.forced = true;
    if (this.pending) {
      this.again = true;
      return this.pending;
    }
    this.again = false;
    this.pending = new Promise((resolve) => setTimeout(resolve, 30))
      .then(() => {
        const shown = !this.forced && this.view && this.view.version >= this.wanted;
        this.forced = false;
        return shown ? this.view : this.refresh();
      }).catch(() => null).finally(() => {
        this.pending = null;
        if (this.again || this.forced || (this.view && this.view.version < this.wanted)) this.refreshSoon(this.wanted);
      });
    return this.pending;
  }

  setConnected(value) {
    if (value !== this.connected) {
      this.connected = value;
      this.dispatchEvent(new CustomEvent('connection', { detail: value }));
    }
  }

  async start() {
    this.controller = new AbortController();
    let wait = 500;
    while (!this.stopped) {
      try {
        const view = await this.refresh();
        this.setConnected(true);
        wait = 500;
        // The stream sends the state after each batch of events: shown without a read of its own. An event
        // still asks for the version it made, read only if no state has shown it 30 ms later.
        await follow(this.gameId, this.token, view.version, (event) => {
          if (event.type === 'State') this.fromStream(JSON.parse(event.data));
          else if (!this.view || event.id > this.view.version) this.refreshSoon(event.id);
        }, this.controller.signal, { state: true });
      } catch (error) {
        if (error && error.status && error.status < 500 && error.status !== 408) {
          this.dispatchEvent(new CustomEvent('refused', { detail: error }));
        } else if (!this.view) {
          await this.fromKept();
        }
      }
      if (this.stopped) return;
      this.setConnected(false);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 5000);
    }
  }

  stop() {
    this.stopped = true;
    if (this.controller) this.controller.abort();
  }
}
