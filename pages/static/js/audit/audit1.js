// The `planilla-audit/1` export, verified as `planilla audit verify` verifies it (domain/game/export.py
// `verify_export`, domain/game/chain.py `verify_chain`): the same checks in the same order, the same
// first bad place and the same reason, word for word. Python's JSON and equality come from pyjson.js.
import {
  decodeUtf8, loads, PyJsonError, canonical, fromCodePoints, comparePy, pyRepr, pyStr, pyEqual, pyPlusOne,
} from './pyjson.js';
import { shown } from './hands.js';

export const FORMAT = 'planilla-audit/1';
export const GENESIS = '0'.repeat(64);
const HEADER_KEYS = ['format', 'game', 'events', 'head_hash'];
const RECORD_KEYS = ['game', 'type', 'version', 'previous_hash', 'hash', 'actor', 'device', 'at', 'payload'];

/** A verdict (export.py `Finding`): `ok`, else the first bad place (`line`: 0 the header, k the k-th event). */
/** The note `planilla audit verify` prints under an intact planilla-audit/1 file (issue 16's signatures are
 * in planilla-audit/2 only). */
export const UNSIGNED = "planilla-audit/1: unsigned (this format carries no players' keys and no service signature; "
  + '--service-key has nothing to check)';

export function finding(fields) {
  return {
    ok: false, readable: true, line: null, version: null, type: null, reason: '', game: null, events: 0,
    head_hash: null, records: [], notes: [], ...fields,
  };
}

const bad = (line, version, type, reason, records = []) => finding({ line, version, type, reason, records });

/** The file's lines as byte views, split at LF only (the command's bytes.split(b"\n")). */
export function splitLines(bytes) {
  const lines = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === 0x0A) { lines.push(bytes.subarray(start, i)); start = i + 1; }
  }
  lines.push(bytes.subarray(start));
  return lines;
}

/** export.py `_line`: a line read as a JSON object with exactly `keys`, in canonical form; else why not. */
export function readLine(raw, keys) {
  const decoded = decodeUtf8(raw);
  if (decoded.error !== undefined) return [null, `not UTF-8 at byte ${decoded.error}`];
  let found;
  try {
    found = loads(decoded.text);
  } catch (error) {
    if (error instanceof PyJsonError) return [null, `not JSON (${error.message})`];
    throw error;
  }
  if (!(found instanceof Map)) return [null, 'not a JSON object'];
  const have = [...found.keys()];
  const extra = have.filter((k) => !keys.includes(k)).sort(comparePy);
  const missing = keys.filter((k) => !found.has(k)).sort(comparePy);
  if (extra.length || missing.length) {
    return [null, `fields differ from the format (unknown ${pyRepr(extra)}, missing ${pyRepr(missing)})`];
  }
  if (canonical(found) !== fromCodePoints(decoded.text)) return [null, 'the line is not in canonical form: its bytes were changed'];
  return [found, ''];
}

/** chain.py `event_hash`: SHA-256 of the canonical document of everything the event records. */
export async function eventHash(record, digest) {
  const document = new Map([
    ['game', pyStr(record.get('game'))], ['type', record.get('type')], ['version', record.get('version')],
    ['previous_hash', record.get('previous_hash')], ['actor', record.get('actor')], ['device', record.get('device')],
    ['at', record.get('at')], ['payload', record.get('payload')],
  ]);
  return digest(new TextEncoder().encode(canonical(document)));
}

/** chain.py `verify_chain`: the first record that does not fit ({version, index, reason}), or null. */
export async function verifyChain(records, digest) {
  let previous = GENESIS;
  let expected = 1n;
  let game = null;
  for (let index = 0; index < records.length; index += 1) {
    const rec = records[index];
    const version = rec.get('version');
    if (game === null) game = rec.get('game');
    if (!pyEqual(rec.get('game'), game)) {
      return { version, index, reason: `event belongs to game ${shown(rec.get('game'))}, not ${shown(game)}` };
    }
    if (!pyEqual(version, expected)) return { version, index, reason: `version ${shown(version)} where ${expected} was expected` };
    if (!pyEqual(rec.get('previous_hash'), previous)) {
      return { version, index, reason: 'previous_hash does not match the hash of the event before it' };
    }
    if (!pyEqual(await eventHash(rec, digest), rec.get('hash'))) {
      return { version, index, reason: 'the recorded content does not match its hash' };
    }
    if (pyEqual(rec.get('type'), 'SheetSigned')) {
      const payload = rec.get('payload');
      if (!(payload instanceof Map)) throw new Error('planilla audit verify fails here: a signature whose payload is not an object');
      if (!pyEqual(payload.has('head_hash') ? payload.get('head_hash') : null, previous)) {
        return { version, index, reason: 'the signature names a history that is not the one before it' };
      }
    }
    previous = rec.get('hash');
    expected += 1n;
  }
  return null;
}

/** export.py `verify_export`: bytes → a finding. `digest` is an async bytes → hex SHA-256. */
export async function verify(data, digest) {
  let lines = splitLines(data);
  if (lines.length < 3 || lines[0][0] !== 0x7B || lines[0][1] !== 0x22) {
    return finding({ readable: false, reason: `a ${FORMAT} export is a header line then one line per event, each a JSON object` });
  }
  if (lines[lines.length - 1].length !== 0) {
    return bad(lines.length - 1, null, null, 'the file does not end with a newline after the last event');
  }
  lines = lines.slice(0, -1);
  const [header, problem] = readLine(lines[0], HEADER_KEYS);
  if (header === null) return bad(0, null, null, `the header line: ${problem}`);
  if (!pyEqual(header.get('format'), FORMAT)) return bad(0, null, null, `the header names format ${pyRepr(header.get('format'))}, not ${FORMAT}`);
  const records = [];
  for (let index = 1; index < lines.length; index += 1) {
    const [found, why] = readLine(lines[index], RECORD_KEYS);
    if (found === null) {
      const guess = records.length ? pyPlusOne(records[records.length - 1].get('version')) : 1n;
      return bad(index, guess, null, why, records);
    }
    records.push(found);
  }
  const broken = await verifyChain(records, digest);
  if (broken !== null) return bad(broken.index + 1, broken.version, records[broken.index].get('type'), broken.reason, records);
  const first = records[0].get('game');
  if (!pyEqual(header.get('game'), first)) return bad(0, null, null, `the header names game ${shown(header.get('game'))}, the events ${shown(first)}`, records);
  if (!pyEqual(header.get('events'), BigInt(records.length))) {
    return bad(0, null, null, `the header announces ${shown(header.get('events'))} events, the file holds ${records.length}`, records);
  }
  const head = records[records.length - 1].get('hash');
  if (!pyEqual(header.get('head_hash'), head)) return bad(0, null, null, "the header's head hash is not the last event's hash", records);
  // As the command says of an intact version 1 (service/cli/audit.py): this format carries no signatures.
  return finding({ ok: true, reason: 'intact', game: first, events: records.length, head_hash: head, records,
    notes: [UNSIGNED] });
}
