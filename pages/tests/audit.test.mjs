// The offline verifier's modules on their own (pages/static/js/audit/): SHA-256 against FIPS 180-4's
// vectors and WebCrypto, Python's json.loads messages and canonical/repr forms (worked by hand from
// CPython 3.11), and the planilla-audit/1 verdicts on a small export built here. The same verdicts as the
// command on every tamper case: tests/pages/test_audit_verifier.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sha256Hex, webCryptoDigest } from '../static/js/audit/sha256.js';
import { loads, canonical, pyRepr, pyEqual, codePoints, PyFloat, decodeUtf8 } from '../static/js/audit/pyjson.js';
import { eventHash, GENESIS } from '../static/js/audit/audit1.js';
import { verifyExport, describe, FORMATS, exitCode } from '../static/js/audit/verify.js';

const enc = (s) => new TextEncoder().encode(s);
const own = async (b) => sha256Hex(b);

test('SHA-256: the standard vectors, and the same digest as WebCrypto for every length 0..300', async () => {
  assert.equal(sha256Hex(enc('')), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(sha256Hex(enc('abc')), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex(enc('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.equal(sha256Hex(enc('a'.repeat(1_000_000))), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  const web = webCryptoDigest();
  assert.ok(web, 'node has WebCrypto');
  for (let n = 0; n <= 300; n += 1) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n * 7) & 0xFF);
    assert.equal(sha256Hex(bytes), await web(bytes), `length ${n}`);
  }
});

test("json.loads: Python's messages and positions", () => {
  const cases = {
    '{"a":1,}': 'Expecting property name enclosed in double quotes: line 1 column 8 (char 7)',
    '[1 2]': "Expecting ',' delimiter: line 1 column 4 (char 3)",
    '{"a" 1}': "Expecting ':' delimiter: line 1 column 6 (char 5)",
    '"abc': 'Unterminated string starting at: line 1 column 1 (char 0)',
    '""x': 'Extra data: line 1 column 3 (char 2)',
    '"\\q"': 'Invalid \\escape: line 1 column 2 (char 1)',
    '[': 'Expecting value: line 1 column 2 (char 1)',
    '{': 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)',
    tru: 'Expecting value: line 1 column 1 (char 0)',
    '"\\u12"': 'Invalid \\uXXXX escape: line 1 column 3 (char 2)',
    '-': 'Expecting value: line 1 column 1 (char 0)',
    '1.5e': 'Extra data: line 1 column 4 (char 3)',
    '\ufeff{}': 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)',
    '"a\u0001"': 'Invalid control character at: line 1 column 3 (char 2)',
  };
  for (const [text, message] of Object.entries(cases)) {
    assert.throws(() => loads(codePoints(text)), (e) => e.message === message, text);
  }
  assert.equal(loads(codePoints('"\\ud83d\\ude00é"')), '😀é');
  assert.deepEqual(loads(codePoints('[1, 2.0, true, null]')), [1n, new PyFloat(2), true, null]);
});

test('UTF-8 as Python decodes it: the start of the first bad sequence', () => {
  assert.deepEqual(decodeUtf8(enc('añ😀')).text, [0x61, 0xF1, 0x1F600]);
  assert.equal(decodeUtf8(Uint8Array.from([0x61, 0xC3])).error, 1); // cut short
  assert.equal(decodeUtf8(Uint8Array.from([0x61, 0xC0, 0x80])).error, 1); // overlong
  assert.equal(decodeUtf8(Uint8Array.from([0xED, 0xA0, 0x80])).error, 0); // a surrogate
  assert.equal(decodeUtf8(Uint8Array.from([0x61, 0x62, 0xFF])).error, 2);
});

test("canonical and repr: Python's forms", () => {
  const floats = [[1e16, '1e+16'], [1, '1.0'], [0.0001, '0.0001'], [0.00001, '1e-05'], [1234567890123456, '1234567890123456.0'],
    [1.5e300, '1.5e+300'], [-2.5e-7, '-2.5e-07'], [123.456, '123.456']];
  for (const [x, text] of floats) assert.equal(canonical(new PyFloat(x)), text);
  const doc = loads(codePoints('{"b":[1,"é\\n"],"a":null,"\\u00e9":true}'));
  assert.equal(canonical(doc), '{"a":null,"b":[1,"é\\n"],"é":true}');
  assert.equal(pyRepr("it's"), `"it's"`);
  assert.equal(pyRepr('a\u0000\u007f\u00a0\u2028é😀'), "'a\\x00\\x7f\\xa0\\u2028é😀'");
  assert.equal(pyRepr(['b', 'a']), "['b', 'a']");
  assert.equal(pyRepr(new Map([['a', [1n, null, true, new PyFloat(1.5)]]])), "{'a': [1, None, True, 1.5]}");
  assert.ok(pyEqual(true, 1n) && pyEqual(new PyFloat(1), 1n) && !pyEqual('1', 1n) && !pyEqual(null, 0n));
});

async function makeExport(events) {
  const lines = [];
  let previous = GENESIS;
  for (const [i, [type, payload]] of events.entries()) {
    const record = new Map([['game', 'g-1'], ['type', type], ['version', BigInt(i + 1)], ['previous_hash', previous],
      ['actor', 'director:ana'], ['device', 'desk'], ['at', '2025-05-01T10:00:00.000Z'], ['payload', payload(previous)]]);
    record.set('hash', await eventHash(record, own));
    previous = record.get('hash');
    lines.push(canonical(record));
  }
  const header = new Map([['format', 'planilla-audit/1'], ['game', 'g-1'], ['events', BigInt(lines.length)], ['head_hash', previous]]);
  return [canonical(header), ...lines].join('\n') + '\n';
}

test('planilla-audit/1: intact, and each kind of tampering named as the command names it', async () => {
  const text = await makeExport([['Created', () => new Map([['profile', 'file-2024']])],
    ['TurnPassed', () => new Map([['seat', 0n]])], ['SheetSigned', (head) => new Map([['seat', 0n], ['head_hash', head]])]]);
  const check = async (t) => describe(await verifyExport(enc(t), { digest: own }));
  assert.match(await check(text), /^intact: game g-1, 3 events, head [0-9a-f]{64}$/);
  assert.equal(await check(text.replace('"seat":0}', '"seat":1}')), 'TAMPERED at event 2 (TurnPassed), line 3: the recorded content does not match its hash');
  const lines = text.split('\n');
  assert.equal(await check([lines[0], lines[2], lines[1], lines[3], ''].join('\n')), 'TAMPERED at event 2 (TurnPassed), line 2: version 2 where 1 was expected');
  assert.equal(await check(text.slice(0, -1)), 'TAMPERED at line 4: the file does not end with a newline after the last event');
  assert.equal(await check(text.replace('"events":3', '"events":4')), 'TAMPERED at the header: the header announces 4 events, the file holds 3');
  assert.equal(await check(text.replace('"seat":0}', '"seat":0 }')), 'TAMPERED at event 2 (None), line 3: the line is not in canonical form: its bytes were changed');
  // A version 1 file whose header was made to say version 2 is read as version 2 (as the command does).
  assert.equal(await check(text.replace('planilla-audit/1', 'planilla-audit/2')), "TAMPERED at the header: the header line: fields differ from the format (unknown [], missing ['attestations', 'service_key'])");
  assert.equal(await check(text.replace('planilla-audit/1', 'planilla-audit/3')), "TAMPERED at the header: the header names format 'planilla-audit/3', not planilla-audit/1");
  assert.equal(await check('#player1 a A\n'), 'not an export: a planilla-audit/1 export is a header line then one line per event, each a JSON object');
  assert.equal(exitCode([{ ok: true }, { ok: false, readable: true }]), 1);
});

test('a new export format is one more module in FORMATS, chosen by the header', async () => {
  const seen = [];
  FORMATS.set('planilla-audit/test', { FORMAT: 'planilla-audit/test', verify: async (bytes) => { seen.push(bytes.length); return { ok: true, game: 'x', events: 0, head_hash: 'h' }; } });
  try {
    const found = await verifyExport(enc('{"format":"planilla-audit/test"}\n'));
    assert.equal(describe(found), 'intact: game x, 0 events, head h');
    assert.deepEqual(seen, [33]);
  } finally {
    FORMATS.delete('planilla-audit/test');
  }
});
