// The tablet's head line (pages/static/js/panels.js `gameLine`): the event, the round, the table and the game's
// rules by the name the director chose them by («FILE 2024», «Club de Molins»), never the profile's id.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

globalThis.document = { documentElement: {} };
globalThis.HTMLElement = class {}; // the board's web components are defined on import; none is drawn here
globalThis.customElements = { define() {}, get() { return undefined; } };
globalThis.fetch = async (path) => ({ json: async () => JSON.parse(readFileSync(new URL(`../static${path.replace('/static', '')}`, import.meta.url), 'utf8')) });
const { use } = await import('../static/js/i18n.js');
const { Panels } = await import('../static/js/panels.js');

const line = (view) => Panels.prototype.gameLine.call({ view });

test('the rules are named as on the director\'s page, in the reader\'s language', async () => {
  await use('es');
  assert.equal(line({ event: 'Open de Madrid', round: 2, table: 7, profile: 'file-2024' }), 'Open de Madrid · Ronda 2 · Mesa 7 · FILE 2024');
  await use('ca');
  assert.equal(line({ event: 'Obert de la Mercè', round: 1, table: 1, profile: 'molins-club' }),
    'Obert de la Mercè · Ronda 1 · Taula 1 · Club de Molins');
});

test('a game outside a tournament shows its rules alone; rules the catalogue does not name keep their id', async () => {
  await use('es');
  assert.equal(line({ profile: 'fisc-2023' }), 'FISC 2023 (catalán)');
  assert.equal(line({ profile: 'club-nuevo' }), 'club-nuevo');
});
