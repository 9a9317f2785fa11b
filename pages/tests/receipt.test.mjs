// The tablet's receipt (issue 26): kept until the player confirms it, fetched again after a reopening's new
// closing, shown with its code and QR code, and nothing once confirmed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kept, keep, confirm, wanted, receiptHtml, fetchReceipt } from '../static/js/receipt.js';

function memory() {
  const data = new Map();
  return { getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), data };
}
const receipt = { game: 'g', version: 31, head_hash: 'ab'.repeat(32), code: 'VMVLVMVLVMVLVMVLVMVL',
  code_grouped: 'VMVLV-MVLVM-VLVMV-LVMVL', qr_svg: '<svg><rect/></svg>', signature: 's', fingerprint: 'f', at: 'x' };
const t = (key, params) => (params ? `${key}:${JSON.stringify(params)}` : key);
const escape = (s) => String(s).replace(/</g, '&lt;');

test('a receipt is kept until the player confirms it, then only its code is remembered', () => {
  const store = memory();
  assert.equal(wanted('g', 0, 31, store), true);
  keep('g', 0, receipt, store);
  assert.equal(wanted('g', 0, 31, store), false);
  const html = receiptHtml(kept('g', 0, store), t, escape);
  assert.match(html, /VMVLV-MVLVM-VLVMV-LVMVL/);
  assert.match(html, /<svg><rect\/><\/svg>/);
  assert.match(html, /id="receipt-confirmed"/);
  confirm('g', 0, store);
  assert.equal(receiptHtml(kept('g', 0, store), t, escape), '');
  assert.equal(kept('g', 0, store).receipt.qr_svg, undefined);
  assert.equal(kept('g', 1, store), null); // the other seat's is its own
  assert.equal(wanted('g', 0, 35, store), true); // reopened and closed again: a new receipt
});

test('the receipt is fetched with the tablet token; not closed is no receipt', async () => {
  const asked = [];
  const fetcher = async (path, init) => { asked.push([path, init.headers.Authorization]); return { ok: path.includes('g1'), json: async () => receipt }; };
  assert.deepEqual(await fetchReceipt('g1', 'tok', fetcher), receipt);
  assert.equal(await fetchReceipt('g2', 'tok', fetcher), null);
  assert.deepEqual(asked[0], ['/v1/games/g1/receipt', 'Bearer tok']);
});
