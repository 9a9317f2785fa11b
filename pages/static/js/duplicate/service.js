// The duplicate pages' calls to /v1/duplicates (docs/duplicate.md): reads, the judge's writes (sent at once:
// the judge's desk is wired; each with its own Idempotency-Key), and the live stream. A player's slip goes
// through the Outbox instead (slip page), so one sent offline waits on the device.

import * as net from '../net.js';
import { followPath } from '../api.js';
import { skewOf } from './timer.js';

const base = (id) => `/v1/duplicates/${id}`;

/** GET a path: {status, body, skew} (skew: the device clock's offset from the service's, from the Date header). */
export async function read(path, token) {
  const before = Date.now();
  let answer;
  try {
    answer = await net.request(path, { token });
  } catch (error) { // offline: the page keeps what it shows, and reads again when the stream is back
    if (error instanceof net.NetworkError) return { status: 0, body: { message: error.message }, skew: 0 };
    throw error;
  }
  return { status: answer.status, body: answer.body, skew: skewOf(answer.headers.date, (before + Date.now()) / 2) };
}

export const game = (id, token) => read(base(id), token);
export const round = (id, n, token) => read(`${base(id)}/rounds/${n}`, token);
export const sheet = (id, seat, token) => read(`${base(id)}/sheets/${seat}`, token);
export const ranking = (id, token) => read(`${base(id)}/ranking`, token);

/** A slip's path (the Outbox sends it there). */
export const slipPath = (id, n) => `${base(id)}/rounds/${n}/slips`;

/** A judge's write: POST base + `path` with `body`; {status, body}. */
export function write(id, path, body, token) {
  return net.request(`${base(id)}${path}`, { method: 'POST', body: body ?? {}, token,
    headers: { 'Idempotency-Key': net.uuid() } });
}

/** Follow the game's stream from `after`; calls `onEvent({id, type})` (reads follow it). Reconnects with backoff
 * until `signal` aborts; `onConnection(true|false)` says when it holds (true once the service answered). */
export async function live(id, token, after, onEvent, onConnection, signal) {
  let last = after;
  let wait = 500;
  while (!signal.aborted) {
    try {
      await followPath(`${base(id)}/stream`, token, last, (e) => { last = e.id; wait = 500; onEvent(e); }, signal,
        () => onConnection(true));
    } catch (error) {
      if (signal.aborted) return;
    }
    onConnection(false);
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 2, 8000);
  }
}
