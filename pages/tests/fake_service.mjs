// A fake of POST /v1/games/{id}/commands as the service answers it (service/api/routes/commands.py):
// a key seen before with the same body replays the first answer and records nothing; with another
// body it is 422 idempotency_key_reused; a stale expected_version is 409 version_conflict; otherwise
// the command is recorded and the game's version moves on by one. Faults are scripted per call.
import { NetworkError } from '../static/js/net.js';

export class FakeService {
  constructor(version = 1) {
    this.version = version;
    this.recorded = []; // the commands recorded, in order: {type, ..., version}
    this.calls = []; // every request as sent: {path, body, key}
    this.keys = new Map(); // key -> {text, answer}
    this.faults = []; // per call: 'down' (never reaches), 'lost' (recorded, answer lost), a status, or null
    this.refuse = null; // (body) => status or null: a rule refusing a command (422, 423...)
    this.down = false; // while true, every call fails to reach the service
  }

  request = async (path, { method, body, token, headers = {} } = {}) => {
    const key = headers['Idempotency-Key'];
    this.calls.push({ path, method, token, body: structuredClone(body), key });
    const fault = this.faults.shift() ?? null;
    if (fault === 'down' || this.down) throw new NetworkError('offline');
    if (typeof fault === 'number') return { status: fault, body: { code: 'fault' }, headers: {} };
    const answer = this.answer(body, key);
    if (fault === 'lost') throw new NetworkError('the answer was lost');
    return answer;
  };

  answer(body, key) {
    const text = JSON.stringify(body);
    const first = key && this.keys.get(key);
    if (first) {
      if (first.text !== text) return { status: 422, body: { code: 'idempotency_key_reused', field: 'Idempotency-Key' }, headers: {} };
      return { ...first.answer, headers: { 'idempotent-replayed': 'true' } };
    }
    if (body.expected_version !== this.version) {
      return { status: 409, body: { code: 'version_conflict', current_version: this.version }, headers: {} };
    }
    const status = this.refuse?.(body);
    if (status) return { status, body: { code: 'refused', field: 'type' }, headers: {} };
    this.version += 1;
    this.recorded.push({ ...body, version: this.version });
    const answer = { status: 200, body: { id: 'g1', version: this.version, events: [] }, headers: {} };
    if (key) this.keys.set(key, { text, answer });
    return answer;
  }

  // Another writer (the opponent's tablet, an official) moves the game.
  move() {
    this.version += 1;
    this.recorded.push({ type: 'elsewhere', version: this.version });
  }
}

// Resolve when `target` dispatches `type` (the first time `test(detail)` holds), or fail after `ms`.
export function next(target, type, test = () => true, ms = 2000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${type}' event within ${ms} ms`)), ms);
    const listener = (event) => {
      if (!test(event.detail)) return;
      clearTimeout(timer);
      target.removeEventListener(type, listener);
      resolve(event.detail);
    };
    target.addEventListener(type, listener);
  });
}

export async function until(holds, what = 'the condition', ms = 2000) {
  const end = Date.now() + ms;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export const drained = (outbox, ms = 2000) => until(() => outbox.length === 0, 'an empty outbox', ms);
export const offline = (outbox) => until(() => outbox.online === false, 'offline');
