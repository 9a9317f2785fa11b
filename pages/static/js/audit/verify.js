// Verify an audit export offline: pick the verifier by the header's format, run it, and word the verdict
// exactly as `planilla audit verify` prints it (export.py `Finding.describe`).
//
// One module per export format (audit1.js for `planilla-audit/1`), each exporting FORMAT and
// `verify(bytes, digest)`. A new format (issue 16's) is a new module added to FORMATS, checked against
// the command on the same files; nothing here assumes which formats will come.
import * as audit1 from './audit1.js';
import * as audit2 from './audit2.js';
import { decodeUtf8, loads, pyStr } from './pyjson.js';
import { bestDigest } from './sha256.js';

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

/** The finding on an export (bytes: Uint8Array); `digest` defaults to WebCrypto, else the module's own SHA-256.
 * `serviceKey` and `seal` are the command's `--service-key` (base64) and `--seal` (the file's document, read
 * with pyjson's loads). */
export async function verifyExport(bytes, { digest, serviceKey = null, seal = null } = {}) {
  const verifier = chosen(bytes);
  const found = await verifier.verify(bytes, digest || bestDigest().digest, { serviceKey, seal });
  if (verifier === audit1 && found.ok && seal !== null) { // as the command says of a version 1 file with --seal
    return { ...found, ok: false, readable: false,
      reason: 'a planilla-audit/1 export cannot be checked against --seal: export the game again with --format 2' };
  }
  return found;
}

/** The command's line for a finding (after `<file>: `). */
export function describe(found) {
  if (found.ok) return `intact: game ${pyStr(found.game)}, ${found.events} events, head ${pyStr(found.head_hash)}`;
  if (!found.readable) return `not an export: ${found.reason}`;
  const where = found.line === 0 ? 'the header'
    : found.version !== null ? `event ${pyStr(found.version)} (${pyStr(found.type)}), line ${found.line + 1}`
      : `line ${found.line + 1}`;
  return `TAMPERED at ${where}: ${found.reason}`;
}

/** Everything the command prints for one file: its line, then each note indented by two spaces. */
export function commandLines(name, found) {
  return [`${name}: ${describe(found)}`, ...(found.notes || []).map((note) => `  ${note}`)].join('\n');
}

/** The command's exit code for a set of findings: 0 all intact, 1 any tampered, 2 any unreadable. */
export function exitCode(findings) {
  return findings.reduce((worst, f) => Math.max(worst, f.ok ? 0 : f.readable ? 1 : 2), 0);
}
