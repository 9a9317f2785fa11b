// The outbox: every command a tablet sends waits here, in the browser's storage, until the service
// has answered it. Nothing lost (it survives a reload, offline), nothing doubled (each command has
// its own Idempotency-Key, made once and stored with it: a resend after a lost answer gets the
// service's first answer back, `Idempotent-Replayed: true`, and records nothing new), nothing
// guessed (a refusal stops the queue and is shown; the page decides, never this module).
//
//   const outbox = new Outbox({gameId, token, store});     // store: await openStore() or memoryStore()
//   const id = await outbox.enqueue({type: 'accept', seat: 1, expected_version: 7});
//   await outbox.enqueue({type: 'write_sheet_entry', sheet: 1, turn: 3, score: 24}, {after: id});
//
// A shared tablet (one per table, seats switching) queues each seat's commands in the one queue, in order,
// each with that seat's token: `enqueue(command, {token})`, stored with the record (the Outbox's own token
// otherwise).
//
// A command names the version it was decided on (`expected_version`), or `after`: the id of a command
// queued before it, whose answered version becomes its expected_version when that answer comes (and
// is stored with it, so a resend is byte for byte the same request). Commands go in order, one at a
// time. The service's answer decides:
//   2xx                 -> 'answered' {id, command, status, body, replayed}; removed from the queue
//   network failure,    -> kept, the queue waits and retries with backoff (0.5 s doubling to 30 s, and
//   408/425/429/5xx        at once when the browser says it is online again or flush() is called)
//   any other status    -> 'refused' {id, command, status, body}: the record stays, marked refused, and
//   (409, 422, 423,        holds every command after it until the page calls discard(id) (which also
//    403, 401, 404...)     discards the commands chained `after` it) or retry(id, changes)
// 'change' {length, online, blocked} whenever the length, the connection or the block changes.
//
// A write that is not a game command (a duplicate's slip: POST /v1/duplicates/{id}/rounds/{n}/slips) goes
// to its own `path`: `enqueue(body, {path})`, stored with the record; it names no version (sent as given).

import { NetworkError, request as netRequest, uuid } from './net.js';

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

export class Outbox extends EventTarget {
  constructor({ gameId, token, store, request = netRequest, base = '', backoff = {}, random = Math.random,
    autoFlush = true } = {}) {
    super();
    if (!gameId || !store) throw new TypeError('Outbox needs {gameId, token, store}');
    this.gameId = gameId;
    this.token = token;
    this.store = store;
    this._request = request;
    this._path = `${base}/v1/games/${gameId}/commands`;
    this._backoff = { first: 500, max: 30000, ...backoff };
    this._random = random;
    this._records = []; // the game's records as stored, oldest first (a mirror: every change is written first)
    this._answered = new Map(); // id -> answered version, for `after` naming a command already answered
    this._online = globalThis.navigator?.onLine ?? true;
    this._failures = 0;
    this._timer = null;
    this._flushing = null;
    this._again = false;
    this._sending = null;
    this._closed = false;
    this._lock = Promise.resolve();
    this.version = null; // the version the last answered command left the game at
    this._onOnline = () => { this._failures = 0; this._setOnline(true); this.flush(); };
    this._onOffline = () => this._setOnline(false);
    globalThis.addEventListener?.('online', this._onOnline);
    globalThis.addEventListener?.('offline', this._onOffline);
    this.ready = this._load(autoFlush);
  }

  get length() { return this._records.length; }
  get online() { return this._online; }
  get blocked() { return this._records[0]?.state === 'refused'; }
  // Copies of the queued records, oldest first: {id, key, command, expected_version, after, state, refusal}.
  get items() { return this._records.map((r) => structuredClone(r)); }

  async _load(autoFlush) {
    this._records = await this.store.all(this.gameId);
    this._changed();
    const head = this._records[0];
    if (head?.state === 'refused') this._emit('refused', head, head.refusal.status, head.refusal.body);
    if (autoFlush && this._records.length) this.flush().catch((e) => console.error('outbox', e));
  }

  // Queue one command; returns its id once it is stored (sending starts at once, not awaited).
  async enqueue(command, { after, token = null, path = null } = {}) {
    await this.ready;
    const body = { ...command };
    if (path) return this._queue(body, { expected: null, after: null, token, path });
    let expected = body.expected_version;
    after = after ?? body.after ?? null;
    delete body.expected_version;
    delete body.after;
    if (after === null && !Number.isInteger(expected)) {
      throw new TypeError('outbox: a command needs expected_version, or {after: <a queued command\'s id>}');
    }
    return this._queue(body, { expected, after, token, path: null });
  }

  async _queue(body, { expected, after, token, path }) {
    const id = await this._locked(async () => {
      // Under the lock: the command it follows may be answered meanwhile (its answer settles under the same lock).
      if (after !== null) {
        expected = null;
        if (!this._records.some((r) => r.id === after)) {
          if (!this._answered.has(after)) throw new Error(`outbox: no queued or answered command ${after}`);
          expected = this._answered.get(after);
          after = null;
        }
      }
      const last = this._records[this._records.length - 1];
      const record = {
        id: uuid(), gameId: this.gameId, seq: (last?.seq ?? 0) + 1, key: uuid(), command: body,
        expected_version: expected, after, state: 'queued', refusal: null, at: new Date().toISOString(),
        ...(token ? { token } : {}), ...(path ? { path } : {}),
      };
      await this.store.write({ put: [record] });
      this._records.push(record);
      return record.id;
    });
    this._changed();
    this.flush().catch((e) => console.error('outbox', e));
    return id;
  }

  // Send what is queued, in order, until the queue is empty, refused, or the service unreachable.
  async flush() {
    await this.ready;
    if (this._closed) return;
    if (this._flushing) {
      this._again = true;
      return this._flushing;
    }
    clearTimeout(this._timer);
    this._timer = null;
    this._flushing = (async () => {
      try {
        do {
          this._again = false;
          await this._drain();
        } while (this._again && !this._timer && !this.blocked && this.length);
      } finally {
        this._flushing = null;
      }
    })();
    return this._flushing;
  }

  async _drain() {
    while (!this._closed) {
      const head = this._records[0];
      if (!head || head.state === 'refused') return;
      if (head.after !== null) { // its predecessor is gone without an answer: nothing to send it at
        await this._refuse(head, 0, { code: 'unresolved_after', message: 'the command it followed was not recorded' });
        return;
      }
      const body = head.path ? { ...head.command } : { ...head.command, expected_version: head.expected_version };
      let answer;
      this._sending = head.id;
      try {
        answer = await this._request(head.path || this._path, {
          method: 'POST', body, token: head.token || this.token, headers: { 'Idempotency-Key': head.key },
        });
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        this._setOnline(false);
        this._retryLater();
        return;
      } finally {
        this._sending = null;
      }
      this._setOnline(true);
      if (answer.status >= 200 && answer.status < 300) {
        await this._settle(head, answer);
        this._failures = 0;
      } else if (RETRYABLE.has(answer.status)) {
        this._retryLater();
        return;
      } else {
        await this._refuse(head, answer.status, answer.body);
        return;
      }
    }
  }

  async _settle(head, answer) {
    const version = answer.body?.version;
    await this._locked(async () => {
      const dependents = this._records.filter((r) => r.after === head.id)
        .map((r) => ({ ...r, after: null, expected_version: version }));
      // One transaction: the answered command leaves the queue as its followers learn its version.
      await this.store.write({ put: dependents, remove: [head.id] });
      // From here to the 'answered' event nothing awaits: a page that looks at the queue and at what its own
      // commands recorded never finds a command gone from the queue without its answer known.
      const replaced = new Map(dependents.map((r) => [r.id, r]));
      this._records = this._records.filter((r) => r.id !== head.id).map((r) => replaced.get(r.id) ?? r);
      this._answered.set(head.id, version);
      if (Number.isInteger(version)) this.version = version;
      this._changed();
      const replayed = answer.headers?.['idempotent-replayed'] === 'true';
      this.dispatchEvent(new CustomEvent('answered', { detail: {
        id: head.id, command: { ...head.command, expected_version: head.expected_version }, status: answer.status,
        body: answer.body, replayed } }));
    });
  }

  async _refuse(head, status, body) {
    const refused = { ...head, state: 'refused', refusal: { status, body } };
    await this._locked(async () => {
      await this.store.write({ put: [refused] });
      this._records = this._records.map((r) => (r.id === head.id ? refused : r));
    });
    this._changed();
    this._emit('refused', refused, status, body);
  }

  // Drop a command that is not being sent, and every command chained `after` it; returns the ids dropped.
  async discard(id) {
    await this.ready;
    const dropped = await this._locked(async () => {
      if (this._sending === id) throw new Error('outbox: this command is being sent; wait for its answer');
      const gone = new Set([id]);
      for (const r of this._records) if (r.after !== null && gone.has(r.after)) gone.add(r.id);
      const ids = this._records.filter((r) => gone.has(r.id)).map((r) => r.id);
      await this.store.write({ remove: ids });
      this._records = this._records.filter((r) => !gone.has(r.id));
      return ids;
    });
    this._changed();
    this.dispatchEvent(new CustomEvent('discarded', { detail: { ids: dropped } }));
    this.flush().catch((e) => console.error('outbox', e));
    return dropped;
  }

  // Send a refused command again: as it was (same key: e.g. after an official unlocked the game), or
  // with `changes` the page chose after showing the service's state (e.g. {expected_version: 9}); a
  // changed body is a new request, so it gets a new Idempotency-Key.
  async retry(id, changes = {}) {
    await this.ready;
    await this._locked(async () => {
      const record = this._records.find((r) => r.id === id);
      if (!record || record.state !== 'refused') throw new Error(`outbox: ${id} is not a refused command`);
      const again = { ...record, state: 'queued', refusal: null, command: { ...record.command } };
      if (Object.keys(changes).length) {
        for (const [k, v] of Object.entries(changes)) {
          if (k === 'expected_version') { again.expected_version = v; again.after = null; } else again.command[k] = v;
        }
        again.key = uuid();
      }
      await this.store.write({ put: [again] });
      this._records = this._records.map((r) => (r.id === id ? again : r));
    });
    this._changed();
    return this.flush();
  }

  // Stop listening and retrying (the records stay stored for the next Outbox on this game).
  close() {
    this._closed = true;
    clearTimeout(this._timer);
    this._timer = null;
    globalThis.removeEventListener?.('online', this._onOnline);
    globalThis.removeEventListener?.('offline', this._onOffline);
  }

  _retryLater() {
    const { first, max } = this._backoff;
    const delay = Math.min(max, first * 2 ** this._failures) * (0.75 + this._random() / 2);
    this._failures += 1;
    clearTimeout(this._timer);
    if (this._closed) return;
    this._timer = setTimeout(() => { this._timer = null; this.flush().catch((e) => console.error('outbox', e)); }, delay);
  }

  _setOnline(online) {
    if (this._online === online) return;
    this._online = online;
    this._changed();
  }

  _changed() {
    this.dispatchEvent(new CustomEvent('change', { detail: {
      length: this.length, online: this._online, blocked: this.blocked } }));
  }

  _emit(type, record, status, body) {
    this.dispatchEvent(new CustomEvent(type, { detail: {
      id: record.id, command: { ...record.command, expected_version: record.expected_version, after: record.after },
      status, body } }));
  }

  _locked(fn) {
    const run = this._lock.then(fn, fn);
    this._lock = run.catch(() => {});
    return run;
  }
}
