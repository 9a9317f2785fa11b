// The hall as the console keeps it from GET /v1/tables/stream's messages (pages/static/js/console_hall.js), by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HallModel, newAlerts, retryDelay } from '../static/js/console_hall.js';

const table = (id, fields = {}) => ({ game_id: id, table: id.toUpperCase(), alerts: [], version: 1, seats: [], ...fields });

test('the first message is the whole hall; a change replaces its tables whole and keeps the order when none is sent', () => {
  const hall = new HallModel();
  assert.equal(hall.apply('tables', { tables: [table('a'), table('b'), table('c')], count: 3 }, 0), true);
  assert.deepEqual(hall.tables.map((x) => x.game_id), ['a', 'b', 'c']);
  hall.apply('changes', { tables: [table('b', { version: 4, scores: [12, 0] })], removed: [], count: 3 }, 1000);
  assert.deepEqual(hall.tables.map((x) => [x.game_id, x.version]), [['a', 1], ['b', 4], ['c', 1]]);
  assert.deepEqual(hall.tables[1].scores, [12, 0]);
});

test('a table that calls the arbiter moves first with the order sent; one that leaves goes; a new one joins', () => {
  const hall = new HallModel();
  hall.apply('tables', { tables: [table('a'), table('b'), table('c')], count: 3 });
  hall.apply('changes', { tables: [table('c', { alerts: ['arbiter'], version: 7 })], removed: [], order: ['c', 'a', 'b'], count: 3 });
  assert.deepEqual(hall.tables.map((x) => x.game_id), ['c', 'a', 'b']);
  hall.apply('changes', { tables: [table('d')], removed: ['a'], order: ['c', 'b', 'd'], count: 3 });
  assert.deepEqual(hall.tables.map((x) => x.game_id), ['c', 'b', 'd']);
  assert.equal(hall.byId.has('a'), false);
  // an answer of GET /v1/tables (the read on reconnecting) replaces everything, as the stream's first message does
  hall.apply('tables', { tables: [table('b')], count: 1 });
  assert.deepEqual(hall.tables.map((x) => x.game_id), ['b']);
  assert.equal(hall.apply('State', {}), false, 'any other message is not the hall\'s');
});

test('a tablet\'s silence counts on from what its table\'s message said; a connected one is silent 0 s', () => {
  const hall = new HallModel();
  const quiet = { device: 'tab-1', connected: false, silent_seconds: 35 };
  const live = { device: 'tab-2', connected: true, silent_seconds: 0 };
  hall.apply('tables', { tables: [table('a', { seats: [{ seat: 0, devices: [quiet] }, { seat: 1, devices: [live] }] })], count: 1 }, 10_000);
  const a = hall.tables[0];
  assert.equal(hall.silentNow(a, quiet, 10_000), 35);
  assert.equal(hall.silentNow(a, quiet, 22_900), 47); // 12.9 s later: 12 whole seconds more
  assert.equal(hall.silentNow(a, live, 22_900), 0);
  hall.apply('changes', { tables: [table('a', { seats: [{ seat: 0, devices: [{ ...quiet, silent_seconds: 50 }] }] })], removed: [], count: 1 }, 25_000);
  assert.equal(hall.silentNow(hall.tables[0], hall.tables[0].seats[0].devices[0], 26_000), 51);
});

test('an alert sounds once when it rises, not again while it stays, and again once it went and came back', () => {
  const heard = new Set();
  const called = [table('a', { alerts: ['arbiter'] }), table('b')];
  assert.equal(newAlerts(heard, called), true);
  assert.equal(newAlerts(heard, [table('a', { alerts: ['arbiter'], version: 9 }), table('b')]), false);
  assert.equal(newAlerts(heard, [table('a', { alerts: ['arbiter'] }), table('b', { alerts: ['silent'] })]), true);
  assert.equal(newAlerts(heard, [table('a'), table('b', { alerts: ['silent'] })]), false); // the call answered
  assert.equal(newAlerts(heard, [table('a', { alerts: ['arbiter'] }), table('b', { alerts: ['silent'] })]), true);
});

test('reconnecting waits 1 s, then twice as long each time, at most 15 s', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map(retryDelay), [1000, 2000, 4000, 8000, 15000, 15000, 15000]);
});
