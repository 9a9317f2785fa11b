// What the console's federation panel calls each outbox item (pages/static/js/console_outbox.js), in Catalan:
// the catalogue is read from disk and served to i18n.js's fetch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

globalThis.document = { documentElement: {} };
globalThis.fetch = async (path) => ({ json: async () => JSON.parse(readFileSync(new URL(`../static${path.replace('/static', '')}`, import.meta.url), 'utf8')) });
const { use } = await import('../static/js/i18n.js');
const { itemLabel, itemReason } = await import('../static/js/console_outbox.js');

test('a game, a duplicate, a tournament\'s results and a round\'s seal are each named as what they are', async () => {
  await use('ca');
  const id = '0d6f3c1e-1111-4e2b-9a55-2f1c7d0e9b10';
  assert.equal(itemLabel({ item: `game:${id}:aa41` }), 'Partida 0d6f3c1e');
  assert.equal(itemLabel({ item: `duplicate:${id}:aa41` }), 'Duplicada 0d6f3c1e');
  assert.equal(itemLabel({ item: `results:${id}:9f2c` }), 'Resultats del torneig 0d6f3c1e');
  assert.equal(itemLabel({ item: 'seal:Obert de Girona:3:2025-05-01T12:00:00.000Z:9f2c' }), 'Segell de Obert de Girona, ronda 3');
});

test('why an item waits or was refused is said in Catalan for the codes the panel knows, the federation\'s text kept', async () => {
  await use('ca');
  const waiting = itemReason({ code: 'event_not_enrolled', message: "the event 'Obert' is not enrolled for this hall" });
  assert.match(waiting.said, /^El torneig encara no està inscrit a la federació/);
  assert.equal(waiting.detail, "the event 'Obert' is not enrolled for this hall");
  assert.match(itemReason({ code: 'unreachable', message: 'the federation cannot be reached: timed out' }).said, /^No s'arriba/);
  // A code the panel does not know: the federation's own text, as it came.
  assert.deepEqual(itemReason({ code: 'kind', message: 'kind: game, seal, results or duplicate' }),
    { said: 'kind: game, seal, results or duplicate', detail: '' });
});
