// The round control's pairing by hand (pages/static/js/rounds_hand.js) and the wording of the pairer's reasons
// and the checker's warnings (round_words.js), worked by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { begin, place, swap, changed, pairs, handHtml } from '../static/js/rounds_hand.js';
import { reasonText, warningText, warningsHtml } from '../static/js/round_words.js';

const names = { p1: 'Anna', p2: 'Biel', p3: 'Carla', p4: 'Dani', p5: 'Eva' };
const round = { round: 2, tables: [{ table: 1, first: 'p1', second: 'p3' }, { table: 2, first: 'p4', second: 'p2' },
  { table: 3, first: 'p5', second: null }], warnings: [] };
const catalogue = {
  'rounds.reason.swiss.nearest': '{player} contra {opponent}: el primero (FISC I.1 A, B)',
  'rounds.reason_division': 'división {division}: {reason}',
  'rounds.warning.rematch': '{player} y {opponent} ya jugaron en la ronda {met_in}',
  'rounds.warnings_title': 'Avisos ({count})', 'rounds.warning_table': 'Mesa {table}', 'rounds.no_article': 'sin artículo',
  'rounds.warnings_none': 'nada',
};
const t = (key, params = {}) => (catalogue[key] ?? key).replace(/\{(\w+)\}/g, (all, k) => (params[k] == null ? all : String(params[k])));
const has = (key) => key in catalogue;

test('choosing a player for a seat swaps them with whoever sat there: every player stays once', () => {
  const hand = begin(round);
  assert.equal(place(hand, 0, 1, 'p2'), true); // Biel to table 1 against Anna: Carla takes Biel's seat at table 2
  assert.deepEqual(pairs(hand), [['p1', 'p2'], ['p4', 'p3'], ['p5', null]]);
  assert.deepEqual([changed(hand, 0), changed(hand, 1), changed(hand, 2)], [true, true, false]);
  assert.equal(place(hand, 2, 0, 'p1'), true); // the bye to Anna: Eva takes Anna's seat at table 1
  assert.deepEqual(pairs(hand), [['p5', 'p2'], ['p4', 'p3'], ['p1', null]]);
  assert.equal(place(hand, 2, 0, 'p1'), false, 'Anna has the bye already: nothing moves');
  assert.deepEqual(pairs(hand).flat().filter(Boolean).sort(), ['p1', 'p2', 'p3', 'p4', 'p5']);
});

test('⇄ swaps who is named first; a bye has no one to swap with', () => {
  const hand = begin(round);
  assert.equal(swap(hand, 1), true);
  assert.deepEqual(pairs(hand)[1], ['p2', 'p4']);
  assert.equal(changed(hand, 1), true);
  assert.equal(swap(hand, 2), false);
  assert.equal(swap(hand, 1), true);
  assert.equal(changed(hand, 1), false, 'swapped back: as drafted');
});

test('the seats are offered by name, the bye row says so, a changed row is marked', () => {
  const hand = begin(round);
  place(hand, 0, 1, 'p2');
  const html = handHtml(hand, names, t);
  assert.match(html, /<tr data-table="1" class="changed">/);
  assert.match(html, /<tr data-table="3"><td class="num">3<\/td>/);
  assert.match(html, /<option value="p1" selected>Anna<\/option>/);
  assert.equal((html.match(/<select /g) || []).length, 5, 'two seats a table, one for the bye');
  assert.ok(html.indexOf('>Anna<') < html.indexOf('>Biel<') && html.indexOf('>Dani<') < html.indexOf('>Eva<'), 'by name');
});

test("a reason is worded from its code with the players' names; a division's says it first; an old one is its why", () => {
  const table = { table: 1, first: 'p1', second: 'p3', why: 'p1 meets p3: ...', reason_code: 'swiss.nearest',
    reason_params: { player: 'p1', opponent: 'p3' } };
  assert.equal(reasonText(table, names, t, has), 'Anna contra Carla: el primero (FISC I.1 A, B)');
  assert.equal(reasonText({ ...table, reason_params: { ...table.reason_params, division: 'B' } }, names, t, has),
    'división B: Anna contra Carla: el primero (FISC I.1 A, B)');
  assert.equal(reasonText({ table: 1, why: 'paired by the director' }, names, t, has), 'paired by the director');
  assert.equal(reasonText({ ...table, reason_code: 'unknown.code' }, names, t, has), 'p1 meets p3: ...');
});

test('a warning is worded with names, its table and its article; none: said so', () => {
  const warning = { code: 'rematch', table: 1, article: 'FISC I.1 A', params: { player: 'p1', opponent: 'p3', met_in: 1 },
    message: 'p1 and p3 met already in round 1' };
  assert.equal(warningText(warning, names, t, has), 'Anna y Carla ya jugaron en la ronda 1');
  const html = warningsHtml([warning, { code: 'divisions', table: 2, article: '', params: {}, message: 'English' }], names, t, has);
  assert.match(html, /Avisos \(2\)/);
  assert.match(html, /<strong>Mesa 1<\/strong>/);
  assert.match(html, /<span class="article">FISC I.1 A<\/span>/);
  assert.match(html, /<span class="text">English<\/span>/, 'a code the catalogue lacks: the English message');
  assert.match(html, /<span class="article">sin artículo<\/span>/);
  assert.equal(warningsHtml([], names, t, has), '<p class="warnings-none">nada</p>');
  assert.equal(warningsHtml(null, names, t, has), '');
});
