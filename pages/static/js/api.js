// Every HTTP call the pages make, in one module (the contract may move: adapt it here).
// Commands are never sent from here directly: they go through the Outbox (outbox.js), which keeps
// them in the browser, gives each its Idempotency-Key and sends them in order.

import * as net from './net.js';
import { Outbox } from './outbox.js';
import { openStore, memoryStore } from './store.js';

export const { deviceId, NetworkError, registerServiceWorker } = net;

function fail(what, answer) {
  const error = new Error(`${what}: ${answer.status}`);
  error.status = answer.status;
  error.body = answer.body;
  return error;
}

async function get(path, token) {
  const answer = await net.request(path, { token });
  if (answer.status !== 200) throw fail(path, answer);
  return answer.body;
}

/** POST /v1/bind: a seat code becomes {token, game_id, seat, player, language}; with the tablet's new public
 * key (SPKI, base64: keys.js) registered in the same call (`key_fingerprint` in the answer); with `resume` (keys.js
 * `resumeSecret`), the same call again after a lost answer gets that answer again instead of 410. */
export async function bind(code, publicKey = null, resume = null) {
  const body = { code, device: deviceId(), ...(publicKey ? { public_key: publicKey } : {}),
    ...(resume ? { resume } : {}) };
  const answer = await net.request('/v1/bind', { method: 'POST', body });
  if (answer.status !== 200) throw fail('bind', answer);
  return answer.body;
}

export const readState = (game, token) => get(`/v1/games/${game}`, token);

/** The state and sheet reads tablet.html's inline script started while the modules loaded, if they are for
 * this game and token ({state, sheet}: promises of the bodies, rejected on anything but a 200); taken once. */
export function earlyReads(game, token) {
  const early = globalThis.__early;
  if (!early || early.game !== game || early.token !== token) return null;
  globalThis.__early = null;
  const body = (promise) => promise.then((answer) => {
    if (answer.status !== 200) throw fail('early read', answer);
    return answer.body;
  });
  return { state: body(early.state), sheet: body(early.sheet) };
}
export const readStatus = (game, token) => get(`/v1/games/${game}/status`, token);
export const readSheet = (game, token) => get(`/v1/games/${game}/scoresheet`, token);

/** The words the last play formed (its TilesPlaced event), for a challenge of one, several or all (FILE 39). */
export async function playWords(view, token) {
  const page = await get(`/v1/games/${view.raw.id}/events?after=${Math.max(0, view.version - 12)}`, token);
  const placed = page.events.filter((e) => e.type === 'TilesPlaced').pop();
  return placed ? placed.payload.words.map((w) => w.word) : [];
}

/** The printable sheet (HTML) or the GCG record, as a file to keep: {text, type, name}. */
export async function download(game, token, kind) {
  const path = kind === 'gcg' ? `/v1/games/${game}/gcg` : `/v1/games/${game}/scoresheet?format=html`;
  const answer = await fetch(path, { headers: { Authorization: `Bearer ${token}`, 'X-Device': deviceId(),
    'Accept-Language': net.language() } });
  if (!answer.ok) throw fail(path, { status: answer.status, body: null });
  return { blob: await answer.blob(), name: `planilla-${game.slice(0, 8)}.${kind === 'gcg' ? 'gcg' : 'html'}` };
}

/**
 * Follow GET /v1/games/{id}/stream from version `after` (Last-Event-ID): calls onEvent({id, type, data})
 * for each event until `signal` aborts or the connection drops (the promise then settles). With `state`, the
 * service follows each batch of events with the game's state for this token ({id: null, type: 'State', data}).
 * fetch, not EventSource: the stream needs the Authorization header.
 */
export function follow(game, token, after, onEvent, signal, { state = false } = {}) {
  return followStream(`/v1/games/${game}/stream${state ? '?view=state' : ''}`, { token, after, onEvent, signal });
}

/** The same for any Server-Sent Events path of the service (a duplicate's: /v1/duplicates/{id}/stream). */
export function followPath(path, token, after, onEvent, signal, onOpen = () => {}) {
  return followStream(path, { token, after, onEvent, signal, onOpen });
}

/** Any of the service's Server-Sent Event streams (`path`), read as `follow` reads a game's; `onOpen` once the
 * service has answered; `onChunk` whenever anything arrives (a keep-alive comment too). An event without an `id`
 * comes as {id: null, type, data} (the hall's `tables` and `changes`: docs/console.md). */
export async function followStream(path, { token, after = null, onEvent, signal, onOpen = () => {}, onChunk = () => {} }) {
  const headers = { Authorization: `Bearer ${token}`, 'X-Device': deviceId(), 'Accept-Language': net.language() };
  if (after != null) headers['Last-Event-ID'] = String(after);
  const answer = await fetch(path, { headers, signal });
  if (!answer.ok || !answer.body) throw fail('stream', { status: answer.status, body: null });
  onOpen();
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onChunk();
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = {};
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const at = line.indexOf(':');
        fields[line.slice(0, at)] = line.slice(at + 1).replace(/^ /, '');
      }
      if (fields.id !== undefined) onEvent({ id: Number(fields.id), type: fields.event, data: fields.data });
      else if (fields.event !== undefined) onEvent({ id: null, type: fields.event, data: fields.data });
    }
  }
}

/** An official's release_seat (leaving game mode before the sheet is signed), sent at once with the
 * official's token, never queued: an official stands at the table. Returns {status, body}. */
export function releaseSeat(game, officialToken, { version, seat, reason }) {
  return net.request(`/v1/games/${game}/commands`, { method: 'POST', token: officialToken,
    headers: { 'Idempotency-Key': net.uuid() },
    body: { type: 'release_seat', expected_version: version, seat, reason } });
}

/** The command queue for one game: the Outbox (outbox.js), kept in IndexedDB (store.js), so what is queued
 * survives a reload (offline too) with its Idempotency-Keys. One per game per page; resolves once the
 * records a previous page left are loaded (the Outbox resends them by itself). */
let opened = null;
/** The browser's store for the pages (IndexedDB), opened once per page. Where the browser refuses IndexedDB
 * (some private windows) the page still works, on a store in memory that a reload loses (said in the console). */
export const pageStore = () => (opened ??= openStore('planilla').catch((error) => {
  console.warn('IndexedDB refused: the outbox is kept in memory only (a reload loses what waits)', error);
  return memoryStore();
}));

export async function openOutbox({ gameId, token }) {
  const outbox = new Outbox({ gameId, token, store: await pageStore() });
  await outbox.ready;
  return outbox;
}

// ---- commands: the bodies POST /v1/games/{id}/commands takes (tagged by type) -------------------
export const commands = {
  drawTiles: (v, fields = {}) => ({ type: 'draw_tiles', expected_version: v, ...fields }),
  placeTiles: (v, { coordinates, word, announced }) => ({ type: 'place_tiles', expected_version: v, coordinates,
    word, ...(announced == null ? {} : { announced }) }),
  accept: (v) => ({ type: 'accept', expected_version: v }),
  challenge: (v, words) => ({ type: 'challenge', expected_version: v, ...(words ? { words } : {}) }),
  decideOffCentre: (v, accept) => ({ type: 'decide_off_centre', expected_version: v, accept }),
  exchange: (v, { count, tiles }) => ({ type: 'exchange_tiles', expected_version: v,
    ...(tiles && tiles.length ? { tiles } : { count }) }),
  pass: (v) => ({ type: 'pass_turn', expected_version: v }),
  endRack: (v, tiles) => ({ type: 'declare_end_rack', expected_version: v, tiles }),
  sign: (v, signature) => ({ type: 'sign', expected_version: v, signature }),
  appeal: (v, argument) => ({ type: 'appeal', expected_version: v, argument }),
  callArbiter: (v, reason) => ({ type: 'call_arbiter', expected_version: v, ...(reason ? { reason } : {}) }),
  correctOverdraw: (v, seen) => ({ type: 'correct_overdraw', expected_version: v, seen }),
  reportDevice: (v, kind) => ({ type: 'report_device', expected_version: v, kind }),
  // What this player (`sheet`) wrote on their own sheet for a line: `player` whose line, `line` its number in that
  // player's column of the printed sheet (from 1).
  writeSheet: (v, { sheet, player, line, score, total }) => ({ type: 'write_sheet_entry', expected_version: v, sheet,
    player, turn: line, ...(score == null ? {} : { score }), ...(total == null ? {} : { total }) }),
  correctScore: (v, { player, line, field, old, value, agreedBy, reason }) => ({ type: 'correct_score',
    expected_version: v, player, turn: line, field, old, new: value, agreed_by: agreedBy, reason }),
};
