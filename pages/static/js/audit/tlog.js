// The federation's public log checked in the browser as `planilla audit verify --bundle` checks it
// (service/federation/verify.py `verify_checkpoint`): C2SP signed notes (domain/tlog/note.py), the checkpoint's
// text (domain/tlog/checkpoint.py), witnesses' cosignature/v1 (domain/tlog/cosignature.py) and RFC 9162
// inclusion proofs (domain/tlog/merkle.py). The same checks in the same order, refused with the same words.
// Signatures with WebCrypto's Ed25519; hashes with the page's own SHA-256 (a few dozen per bundle).
import { sha256Hex } from './sha256.js';
import { pyRepr } from './pyjson.js';

export const DASH = '\u2014';
export const ED25519 = 0x01;
export const COSIGNATURE_V1 = 0x04;
const MAX_SIGNATURES = 64;
const encoder = new TextEncoder();

/** Raised with the command's words (domain/tlog/note.py `NoteError`, verify.py `CheckpointRefused`). */
export class LogRefused extends Error {}

const hexOf = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const bytesOfHex = (hex) => Uint8Array.from(hex.match(/../g) || [], (h) => parseInt(h, 16));
const join = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const sha = (bytes) => bytesOfHex(sha256Hex(bytes));
const isSpace = (c) => /\s/u.test(c);

/** Python's base64.b64decode(validate=True); null where Python raises. */
export function b64(text) {
  if (typeof text !== 'string' || text.length % 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try { return Uint8Array.from(atob(text), (c) => c.charCodeAt(0)); } catch { return null; }
}

function b64decode(text, what) {
  const found = b64(text);
  if (found === null) throw new LogRefused(`${what}: not standard base64 (RFC 4648 §4)`);
  return found;
}

export function keyId(name, type, publicKey) {
  return sha(join(encoder.encode(name), Uint8Array.of(0x0A, type), publicKey)).slice(0, 4);
}

function checkName(name) {
  if (!name || name.includes('+') || [...name].some(isSpace)) {
    throw new LogRefused(`key name ${pyRepr(name)}: must be non-empty, without spaces or '+' (signed-note, Format)`);
  }
  return name;
}

/** A verifier key (`<name>+<hex id>+<base64(type ‖ key)>`) read as note.py's `VerifierKey.parse`. */
export function parseVkey(text) {
  const stripped = text.trim();
  const first = stripped.indexOf('+');
  const second = first < 0 ? -1 : stripped.indexOf('+', first + 1);
  if (second < 0) {
    throw new LogRefused(`verifier key ${pyRepr([...stripped].slice(0, 60).join(''))}: expected <name>+<hex key id>+<base64 key> (signed-note, Verifier keys)`);
  }
  const [name, hexId, material] = [stripped.slice(0, first), stripped.slice(first + 1, second), stripped.slice(second + 1)];
  checkName(name);
  if (hexId.length % 2 || !/^[0-9a-fA-F]*$/.test(hexId)) throw new LogRefused(`verifier key ${name}: key id ${pyRepr(hexId)} is not hex`);
  const id = bytesOfHex(hexId);
  const raw = b64decode(material, `verifier key ${name}`);
  if (id.length !== 4 || raw.length < 2) throw new LogRefused(`verifier key ${name}: a 4-byte id and a typed public key are required`);
  const key = { name, id, type: raw[0], publicKey: raw.slice(1) };
  if (key.type === ED25519 || key.type === COSIGNATURE_V1) {
    if (key.publicKey.length !== 32) throw new LogRefused(`verifier key ${name}: an Ed25519 public key is 32 bytes`);
    if (!same(keyId(name, key.type, key.publicKey), id)) throw new LogRefused(`verifier key ${name}: the key id does not match SHA-256(name, type, key)[:4]`);
  }
  return key;
}

async function ed25519(subtle, publicKey, message, signature) {
  try {
    const key = await subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
    return await subtle.verify({ name: 'Ed25519' }, key, signature, message);
  } catch (error) {
    if (error && error.name === 'NotSupportedError') {
      throw Object.assign(new Error('this browser cannot check Ed25519 signatures (WebCrypto has no Ed25519 here): use planilla audit verify'), { code: 'no_ed25519' });
    }
    return false;
  }
}

/** service/federation/keys.py `verifier_of`: a key's `check(text, signature)`, a log's note signature (0x01) or a
 * witness's cosignature (0x04, domain/tlog/cosignature.py). */
export function verifierOf(text, want, subtle) {
  const key = parseVkey(text);
  const kinds = { [ED25519]: "a log's Ed25519 key (type 0x01)", [COSIGNATURE_V1]: "a witness's cosignature key (type 0x04)" };
  const hex = key.type.toString(16).padStart(2, '0');
  if (key.type !== want) throw new LogRefused(`verifier key ${key.name}: expected ${kinds[want]}, got type 0x${hex}`);
  if (key.type === ED25519) return { ...key, check: (body, sig) => ed25519(subtle, key.publicKey, encoder.encode(body), sig) };
  return { ...key, check: async (body, sig) => {
    if (sig.length !== 72) return false;
    const time = new DataView(sig.buffer, sig.byteOffset, 8).getBigUint64(0);
    if (time >= 2n ** 63n) return false;
    return ed25519(subtle, key.publicKey, encoder.encode(`cosignature/v1\ntime ${time}\n${body}`), sig.slice(8));
  } };
}

function signatureLine(line) {
  if (!line.startsWith(`${DASH} `)) throw new LogRefused(`signature line ${pyRepr([...line].slice(0, 40).join(''))}: must start with '— ' (signed-note, Format)`);
  const rest = line.slice(2);
  const cut = rest.lastIndexOf(' ');
  if (cut < 0) throw new LogRefused("signature line: expected '— <key name> <base64 signature>'");
  const name = checkName(rest.slice(0, cut));
  const raw = b64decode(rest.slice(cut + 1), `signature of ${name}`);
  if (raw.length < 5) throw new LogRefused(`signature of ${name}: shorter than a key id and a signature`);
  return { name, id: raw.slice(0, 4), signature: raw.slice(4) };
}

/** A signed note split into its text and signature lines (note.py `parse`). */
export function parseNote(note) {
  if ([...note].some((c) => c.codePointAt(0) < 0x20 && c !== '\n')) throw new LogRefused('a note must not contain control characters other than newline (signed-note, Format)');
  if (!note.endsWith('\n')) throw new LogRefused('a note must end with a newline (signed-note, Format)');
  const cut = note.lastIndexOf('\n\n');
  if (cut < 0) throw new LogRefused('a note needs a blank line between its text and its signatures (signed-note, Format)');
  const lines = note.slice(cut + 2).split('\n').slice(0, -1);
  if (!lines.length) throw new LogRefused('a note needs at least one signature line (signed-note, Format)');
  if (lines.length > MAX_SIGNATURES) throw new LogRefused(`a note with ${lines.length} signatures: at most ${MAX_SIGNATURES} are read`);
  return { text: note.slice(0, cut + 1), signatures: lines.map(signatureLine) };
}

const EMPTY = sha(new Uint8Array(0));

/** The checkpoint's text (checkpoint.py `Checkpoint.parse`): origin, size, root. */
export function parseCheckpoint(text) {
  if (!text.endsWith('\n')) throw new LogRefused("a checkpoint's lines each end with a newline (tlog-checkpoint, Note text)");
  const lines = text.slice(0, -1).split('\n');
  if (lines.length < 3 || lines.some((l) => !l)) throw new LogRefused('a checkpoint is at least three non-empty lines: origin, size, root hash (tlog-checkpoint, Note text)');
  const [origin, sizeText, rootText] = lines;
  if (!/^[0-9]+$/.test(sizeText) || (sizeText !== '0' && sizeText.startsWith('0'))) {
    throw new LogRefused(`tree size ${pyRepr(sizeText)}: a decimal without leading zeroes (tlog-checkpoint, Note text 2)`);
  }
  const root = b64decode(rootText, 'root hash');
  if (root.length !== 32) throw new LogRefused('root hash: a SHA-256 hash is 32 bytes (tlog-checkpoint, Note text 3)');
  const size = BigInt(sizeText);
  if (size === 0n && !same(root, EMPTY)) throw new LogRefused("an empty tree's root is the hash of the empty string (RFC 6962 §2.1)");
  return { origin, size, root };
}

export const leafHash = (entry) => sha(join(Uint8Array.of(0), entry));
const nodeHash = (left, right) => sha(join(Uint8Array.of(1), left, right));

/** RFC 9162 §2.1.3.2 (merkle.py `verify_inclusion`): throws with the command's words unless it holds. */
export function verifyInclusion(leaf, index, size, path, root) {
  if (!(index >= 0n && index < size)) throw new LogRefused(`inclusion: leaf index ${index} is outside a tree of ${size} leaves`);
  let fn = index;
  let sn = size - 1n;
  let r = leaf;
  for (const p of path) {
    if (sn === 0n) throw new LogRefused('inclusion: the inclusion proof is longer than the tree is high');
    if (fn & 1n || fn === sn) {
      r = nodeHash(p, r);
      if (!(fn & 1n)) {
        while (!(fn & 1n) && fn !== 0n) { fn >>= 1n; sn >>= 1n; }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  if (sn !== 0n) throw new LogRefused('inclusion: the inclusion proof is shorter than the tree is high');
  if (!same(r, root)) throw new LogRefused("inclusion: the inclusion proof does not lead to the checkpoint's root");
}

/** verify.py `verify_checkpoint`: the checkpoint and the witnesses whose cosignature verified (each
 * `<name>+<hex id>`, sorted), after the entry's inclusion; LogRefused naming the first check that failed. */
export async function verifyCheckpoint(noteText, logKey, witnessKeys, quorum, { entry, index, proof, subtle }) {
  if (quorum > witnessKeys.length) throw new LogRefused(`a quorum of ${quorum} needs at least ${quorum} witness keys (--witness)`);
  const log = verifierOf(logKey, ED25519, subtle);
  const note = parseNote(noteText);
  const checkpoint = parseCheckpoint(note.text);
  if (checkpoint.origin !== log.name) {
    throw new LogRefused(`the checkpoint's origin ${pyRepr(checkpoint.origin)} is not the log key's name ${pyRepr(log.name)}`);
  }
  let good = 0;
  for (const sig of note.signatures) {
    if (sig.name !== log.name || !same(sig.id, log.id)) continue;
    if (!(await log.check(note.text, sig.signature))) {
      throw new LogRefused(`the signature of ${sig.name} (${hexOf(sig.id)}) does not verify: the note is rejected`);
    }
    good += 1;
  }
  if (!good) throw new LogRefused('no signature from a known key (signed-note, Signatures)');
  const witnesses = new Map(witnessKeys.map((k) => verifierOf(k, COSIGNATURE_V1, subtle)).map((w) => [`${w.name} ${hexOf(w.id)}`, w]));
  const cosigned = new Set();
  for (const sig of note.signatures) {
    const witness = witnesses.get(`${sig.name} ${hexOf(sig.id)}`);
    if (witness === undefined) continue;
    if (!(await witness.check(note.text, sig.signature))) {
      throw new LogRefused(`the cosignature of ${sig.name} does not verify: the note is rejected`);
    }
    cosigned.add(`${sig.name}+${hexOf(sig.id)}`);
  }
  if (cosigned.size < quorum) throw new LogRefused(`${cosigned.size} of the given witnesses cosigned; the quorum is ${quorum}`);
  verifyInclusion(leafHash(entry), index, checkpoint.size, proof, checkpoint.root);
  return { checkpoint, witnesses: [...cosigned].sort() };
}
