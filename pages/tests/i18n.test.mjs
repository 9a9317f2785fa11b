// The catalogues (pages/static/i18n/{es,ca,en}.json): every key in all three, same placeholders, and
// every key the pages' code asks for exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'static');
const load = (lang) => JSON.parse(readFileSync(join(root, 'i18n', `${lang}.json`), 'utf8'));
const catalogues = { es: load('es'), ca: load('ca'), en: load('en') };
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name))
    : e.name.endsWith('.js') ? [readFileSync(join(dir, e.name), 'utf8')] : []));
}

test('every key exists in Spanish, Catalan and English, none empty, with the same placeholders', () => {
  const keys = Object.keys(catalogues.es).sort();
  for (const [lang, cat] of Object.entries(catalogues)) {
    assert.deepEqual(Object.keys(cat).sort(), keys, `${lang}: the same keys as es`);
    for (const key of keys) {
      assert.ok(cat[key].trim(), `${lang}.${key} is empty`);
      assert.equal(placeholders(cat[key]), placeholders(catalogues.es[key]), `${lang}.${key}: placeholders`);
    }
  }
});

test("every literal key the pages' code asks for is in the catalogue", () => {
  const code = sources(join(root, 'js')).join('\n');
  const asked = new Set([...code.matchAll(/\bt\('([a-z_.A-Z]+)'/g)].map((m) => m[1]));
  assert.ok(asked.size > 50);
  for (const key of asked) assert.ok(key in catalogues.es, `missing key ${key}`);
});

test('every waiting state the status read model names has its line, for the viewer and for others', () => {
  // projections/actions.py waiting_for: the one-word waits.
  const waits = ['starter', 'deal', 'play', 'draw', 'acceptance', 'centre_choice', 'ruling', 'appeal_ruling', 'exchange',
    'overdraw', 'end_racks', 'settlement', 'sanction_appeal', 'signatures'];
  const asking = ['deal', 'play', 'draw', 'acceptance', 'centre_choice', 'exchange', 'end_racks', 'signatures'];
  for (const w of waits) assert.ok(`wait.${w}` in catalogues.es, w);
  for (const w of asking) assert.ok(`wait.${w}.you` in catalogues.es, `${w}.you`);
  for (const s of ['TW', 'DW', 'TL', 'DL']) assert.ok(`premium.${s}` in catalogues.es && `premium.short.${s}` in catalogues.es);
});
