// What the console's federation panel calls each outbox item (pages/static/js/console_outbox.js), in Catalan:
// the catalogue is read from disk and served to i18n.js's fetch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

globalThis.document = { documentElement: {} };
globalThis.fetch = async (path) => ({ json: async () => JSON.parse(readFileSync(new URL(`../static${path.replace('/static', '')}`, import.meta.url), 'utf8')) });
const { use } = await import('../static/js/i18n.js');
const { itemLabel } = await import('../static/js/console_outbox.js');

test('a game, a duplicate, a tournament\'s results and a round\'s seal are each named as what they are', async () => {
  await use('ca');
  const id = '0d6f3c1e-1111-4e2b-9a55-2f1c7d0e9b10';
  assert.equal(itemLabel({ item: `game:${id}:aa41` }), 'Partida 0d6f3c1e');
  assert.equal(itemLabel({ item: `duplicate:${id}:aa41` }), 'Duplicada 0d6f3c1e');
  assert.equal(itemLabel({ item: `results:${id}:9f2c` }), 'Resultats del torneig 0d6f3c1e');
  assert.equal(itemLabel({ item: 'seal:Obert de Girona:3:2025-05-01T12:00:00.000Z:9f2c' }), 'Segell de Obert de Girona, ronda 3');
});
