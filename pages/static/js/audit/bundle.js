// A federation's proof bundle (`planilla-bundle/1`) checked as `planilla audit verify --bundle FILE --witness KEY
// --quorum N` checks it (service/federation/bundle.py `verify_bundle`, service/cli/federation.py
// `run_verify_bundle`): the game's export against its round seal (verify.js, the export's own checks), the seal's
// entry in the public log by its inclusion proof, the checkpoint against the log's key and a quorum of the
// witnesses' keys given (tlog.js). The same lines and the same exit code as the command: 0 verified, 1 refused
// (the first check that failed), 2 unreadable.
import { verifyExport, describe } from './verify.js';
import { canonical, decodeUtf8, loads, pyRepr, pyStr } from './pyjson.js';
import { LogRefused, b64, parseCheckpoint, parseNote, verifyCheckpoint } from './tlog.js';

export const FORMAT = 'planilla-bundle/1';
const ENTRY_FIELDS = ['format', 'event', 'round', 'count', 'root', 'sealed_at', 'service_key', 'signature'];

class Unreadable extends Error {}

/** Whether dropped bytes are a proof bundle (a JSON object whose format is planilla-bundle/1). */
export function isBundle(bytes) {
  const decoded = decodeUtf8(bytes);
  if (decoded.error !== undefined) return false;
  try {
    const found = loads(decoded.text);
    return found instanceof Map && found.get('format') === FORMAT;
  } catch {
    return false;
  }
}

const field = (map, key) => {
  if (!(map instanceof Map)) throw new Unreadable(`${pyRepr(key)}`);
  if (!map.has(key)) throw new Unreadable(pyRepr(key));
  return map.get(key);
};

/** entries.py `seal_entry`: the seal's signed fields as canonical JSON (UTF-8). */
function sealEntry(seal) {
  const missing = ENTRY_FIELDS.filter((k) => !seal.has(k));
  if (missing.length || seal.get('format') !== 'planilla-seal/1') {
    throw new Unreadable(`not a planilla-seal/1 document (missing: ${missing.join(', ') || 'format'})`);
  }
  return new TextEncoder().encode(canonical(new Map(ENTRY_FIELDS.map((k) => [k, seal.get(k)]))));
}

function read(codePoints) {
  const bundle = loads(codePoints);
  if (!(bundle instanceof Map) || bundle.get('format') !== FORMAT) throw new Unreadable(`not a ${FORMAT} document`);
  const exported = field(bundle, 'export');
  const seal = field(bundle, 'seal');
  const log = field(bundle, 'log');
  const proof = field(log, 'proof').map((h) => {
    const found = b64(h);
    if (found === null) throw new Unreadable('Non-base64 digit found');
    return found;
  });
  const integer = (v) => {
    if (typeof v !== 'bigint') throw new Unreadable(`invalid literal for int(): ${pyRepr(v)}`);
    return v;
  };
  const [index, size, note] = [integer(field(log, 'index')), integer(field(log, 'size')), field(log, 'checkpoint')];
  if (!(seal instanceof Map)) throw new Unreadable('the seal is not a JSON object');
  return { bundle, exported: new TextEncoder().encode(exported), seal, log, proof, index, size, note, entry: sealEntry(seal) };
}

/** The command's report on one bundle: `{ code, lines }` (lines as printed, the file's name first). */
export async function verifyBundle(name, bytes, { witnesses = [], quorum = 1, logKey = null, digest, subtle = globalThis.crypto?.subtle } = {}) {
  const refused = (message, readable = true) => ({ code: readable ? 1 : 2, lines: [`${name}: REFUSED: ${message}`] });
  const decoded = decodeUtf8(bytes);
  if (decoded.error !== undefined) return { code: 2, lines: [`${name}: cannot read the bundle: it is not UTF-8`] };
  let got;
  try {
    got = read(decoded.text);
  } catch (error) {
    return refused(`the bundle cannot be read: ${error.message}`, false);
  }
  const { bundle, exported, seal, log, proof, index, size, note, entry } = got;
  const serviceKey = seal.has('service_key') ? seal.get('service_key') : null;
  const found = await verifyExport(exported, { digest, serviceKey, seal, ...(subtle ? { subtle } : {}) });
  if (!found.ok) return refused(`the game: ${describe(found)}`, found.readable);
  const key = logKey || (log.has('key') ? log.get('key') : null);
  let checked;
  try {
    checked = await verifyCheckpoint(note, key, witnesses, quorum, { entry, index, proof, subtle });
  } catch (error) {
    if (error instanceof LogRefused) return refused(`the log: ${error.message}`);
    throw error;
  }
  const point = parseCheckpoint(parseNote(note).text);
  if (point.size !== size) return refused(`the log: the proof is for a tree of ${size} seals, the checkpoint's has ${point.size}`);
  const s = (k) => pyStr(seal.get(k));
  return { code: 0, lines: [`${name}: verified`,
    `game ${pyStr(bundle.has('game') ? bundle.get('game') : null)}: ${describe(found)}`,
    found.hands ? `  verdict: ${found.hands.headline}` : '  verdict: —',
    `  the game's closed head is in the seal of ${s('event')} round ${s('round')} (${s('count')} games, signed by ${[...s('fingerprint')].slice(0, 16).join('')}…)`,
    `  the seal is entry ${index} of the log ${point.origin} (${point.size} seals), signed by the log's key`,
    `  cosigned by ${checked.witnesses.length} of the witnesses given (quorum ${quorum}): ${checked.witnesses.join(', ') || 'none'}`] };
}
