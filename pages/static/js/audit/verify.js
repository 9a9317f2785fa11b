// Verify an audit export offline: pick the verifier by the header's format, run it, and word the verdict
// exactly as `planilla audit verify` prints it (export.py `Finding.describe`).
//
// One module per export format (audit1.js for `planilla-audit/1`), each exporting FORMAT and
// `verify(bytes, digest)`. A new format (issue 16's) is a new module added to FORMATS, checked against
// the command on the same files; nothing here assumes which formats will come.
import * as audit1 from './audit1.js';
import * as audit2 from './audit2.js';
import { fingerprint, verifyEd25519 } from './audit2.js';
import { decodeUtf8, loads, pyStr } from './pyjson.js';
import { escaped, hands, shown } from './hands.js';
import { checkReceipt } from './receipt.js';
import { bestDigest } from './sha256.js';

const get = (map, key) => (map instanceof Map && map.has(key) ? map.get(key) : null);

export const FORMATS = new Map([[audit1.FORMAT, audit1], [audit2.FORMAT, audit2]]);
/** What the command does with a file whose header names no format it knows: planilla-audit/1's verdict. */
export const FALLBACK = audit1;

/** The format the header line names, if it can be read at all (else null). */
export function headerFormat(bytes) {
  const end = bytes.indexOf(0x0A);
  const decoded = decodeUtf8(end < 0 ? bytes : bytes.subarray(0, end));
  if (decoded.error !== undefined) return null;
  try {
    const header = loads(decoded.text);
    const format = header instanceof Map ? header.get('format') : null;
    return typeof format === 'string' ? format : null;
  } catch {
    return null;
  }
}

/** The module the command would use (service/cli/audit.py): a later format where the header line starts
 * `{"` and holds `"format":"<that format>"` byte for byte; else `FALLBACK`'s. */
export function chosen(bytes) {
  const end = bytes.indexOf(0x0A);
  const first = new TextDecoder('latin1').decode(end < 0 ? bytes : bytes.subarray(0, end));
  if (!first.startsWith('{"')) return FALLBACK;
  for (const [name, module] of FORMATS) {
    if (module !== FALLBACK && first.includes(`"format":"${name}"`)) return module;
  }
  return FALLBACK;
}

/** The finding on an export (bytes: Uint8Array), with what service/trust/verdict.py `file_report` adds to an
 * intact one: `hands` (the verdict on its hands), `receiptCheck`, `unanswered` (what it cannot answer of what
 * was asked: the exit code 3) and `lines` (the indented lines of the command's report, unescaped). `digest`
 * defaults to WebCrypto, else the module's own SHA-256. `serviceKey`, `seal` and `receipt` are the command's
 * `--service-key` (base64), `--seal` (the file's document, read with pyjson's loads) and `--receipt` (readReceipt's
 * answer). */
export async function verifyExport(bytes, { digest, serviceKey = null, seal = null, receipt = null, subtle } = {}) {
  const verifier = chosen(bytes);
  const attested = verifier !== FALLBACK;
  let found = await verifier.verify(bytes, digest || bestDigest().digest, { serviceKey, seal, ...(subtle ? { subtle } : {}) });
  const unanswered = [];
  let verdict = null;
  let receiptCheck = null;
  const lines = [];
  if (found.ok) {
    const records = found.records ?? [];
    if (!attested && serviceKey !== null) {
      unanswered.push('--service-key: a planilla-audit/1 export carries no service signature (export the game again with --format 2)');
    }
    if (!attested && seal !== null) {
      unanswered.push('--seal: a planilla-audit/1 export cannot be checked against a seal (export the game again with --format 2)');
    }
    if (attested && serviceKey !== null && !records.some((r) => r.get('type') === 'GameClosed')) {
      unanswered.push('--service-key: the game never closed, so no closing head was signed by the service');
    }
    verdict = hands(records, attested);
    if (receipt !== null) {
      const headerKey = attested ? get(loads(decodeUtf8(bytes.subarray(0, bytes.indexOf(0x0A))).text), 'service_key') : null;
      const holds = await receiptHolds(receipt, serviceKey || headerKey, subtle);
      receiptCheck = { ...checkReceipt(records, receipt, holds), signature: holds };
      if (receiptCheck.state === 'rewritten') {
        const v = receiptCheck.version;
        const at = v !== null && v <= BigInt(records.length) ? records[Number(v) - 1] : records[records.length - 1];
        found = { ...found, ok: false, readable: true, line: Number(at.get('version')), version: at.get('version'),
          type: at.get('type'), reason: `receipt: ${receiptCheck.text}`, notes: [] };
      } else if (receiptCheck.state === 'unanswerable') {
        unanswered.push(`--receipt: ${receiptCheck.text}`);
      } else {
        lines.push(`receipt: ${receiptCheck.text}`);
        if (holds === null && receipt.has('signature')) lines.push('receipt: its service signature was not checked (no service key: give --service-key)');
        else if (holds) lines.push('receipt: its service signature verifies against the service key');
      }
    }
  }
  if (found.ok) {
    return { ...found, hands: verdict, receiptCheck, unanswered,
      lines: [`verdict: ${verdict.headline}`, ...verdict.warnings.map((w) => `warning: ${w.text}`), ...lines,
        ...unanswered.map((u) => `cannot check what was asked: ${u}`), ...(found.notes || [])] };
  }
  return { ...found, hands: null, receiptCheck, unanswered: [], lines: [...(found.notes || [])] };
}

/** service/trust/verdict.py `_receipt_holds`: the receipt's service signature against `key` (null: unchecked). */
async function receiptHolds(receipt, key, subtle = globalThis.crypto?.subtle) {
  if (!receipt.has('signature') || key === null || key === undefined) return null;
  if (fingerprint(key) !== receipt.get('fingerprint')) return false;
  const message = `planilla-head/1|${pyStr(receipt.get('game'))}|${pyStr(receipt.get('version'))}|${pyStr(receipt.get('head_hash'))}`;
  try {
    return await verifyEd25519(subtle, key, message, receipt.get('signature'));
  } catch {
    return false;
  }
}

/** The command's line for a finding (after `<file>: `). */
export function describe(found) {
  if (found.ok) return `intact: game ${shown(found.game)}, ${found.events} events, head ${shown(found.head_hash)}`;
  if (!found.readable) return `not an export: ${found.reason}`;
  const where = found.line === 0 ? 'the header'
    : found.version !== null ? `event ${shown(found.version)} (${shown(found.type)}), line ${found.line + 1}`
      : `line ${found.line + 1}`;
  return `TAMPERED at ${where}: ${found.reason}`;
}

/** Everything the command prints for one file: its line, then each of its lines indented by two spaces, every
 * value from the file escaped (one line each, whatever the file holds). */
export function commandLines(name, found) {
  const lines = found.lines ?? found.notes ?? [];
  return [escaped(`${shown(name)}: ${describe(found)}`), ...lines.map((line) => escaped(`  ${line}`))].join('\n');
}

/** The command's exit code for a set of findings: 0 all intact and answered, 1 any tampered, 2 any unreadable,
 * else 3 when one could not answer what was asked. */
export function exitCode(findings) {
  const worst = findings.reduce((w, f) => Math.max(w, f.ok ? 0 : f.readable ? 1 : 2), 0);
  return worst || (findings.some((f) => f.unanswered && f.unanswered.length) ? 3 : 0);
}
