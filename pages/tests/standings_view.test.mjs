// The public standings page's logic (pages/static/js/standings_view.js), worked by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { figure, pageOf, tableResults, pairingsHtml, standingsHtml, figureInputs, inputsHtml } from '../static/js/standings_view.js';

const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;
const names = { p1: 'Anna', p2: 'Biel', p3: 'Carla', p4: 'Dani', p5: 'Eva' };
const tables = [{ table: 1, first: 'p1', second: 'p3' }, { table: 2, first: 'p4', second: 'p2' }, { table: 3, first: 'p5', second: null }];
// Round 1: Anna beat Carla 420-380; Dani and Biel still playing; Eva had the bye (a point, no score).
const rows = [
  { rank: 1, player: 'p1', points: 1, rounds: [{ round: 1, opponent: 'p3', kind: 'played', points: 1, scored: 420, conceded: 380 }],
    tiebreaks: { median_buchholz: { value: 0, inputs: [['p3', 0]], dropped: [] }, spread: { value: 40, inputs: [['p3', 40]], dropped: [] } } },
  { rank: 1, player: 'p5', points: 1, rounds: [{ round: 1, opponent: null, kind: 'bye', points: 1, scored: 0, conceded: 0 }],
    tiebreaks: { median_buchholz: { value: 0, inputs: [], dropped: [] }, spread: { value: 0, inputs: [], dropped: [] } } },
  { rank: 3, player: 'p3', points: 0, rounds: [{ round: 1, opponent: 'p1', kind: 'played', points: 0, scored: 380, conceded: 420 }],
    tiebreaks: { median_buchholz: { value: 1, inputs: [['p1', 1]], dropped: [] }, spread: { value: -40, inputs: [['p1', -40]], dropped: [] } } },
  { rank: 4, player: 'p2', points: 0, rounds: [], tiebreaks: {} },
  { rank: 4, player: 'p4', points: 0, rounds: [], tiebreaks: {} },
];

test('figures read as the hall reads them: halves as ½, averages rounded', () => {
  assert.deepEqual([figure(3), figure(3.5), figure(0.5), figure(-0.5), figure(-12), figure(402.333), figure(0)],
    ['3', '3½', '½', '-½', '-12', '402.33', '0']);
});

test('one number format in the standings: quarters as ¼ and ¾ too (20.25 beside 15½ read as 20¼)', () => {
  assert.deepEqual([figure(20.25), figure(15.5), figure(0.75), figure(-2.25), figure(-0), figure(7.125)],
    ['20¼', '15½', '¾', '-2¼', '0', '7.13']);
});

test('a hall screen pages a long table: 41 rows, 18 a page, three pages, the page number wraps', () => {
  assert.deepEqual(pageOf(41, 18, 0), { from: 0, to: 18, pages: 3, page: 0 });
  assert.deepEqual(pageOf(41, 18, 2), { from: 36, to: 41, pages: 3, page: 2 });
  assert.deepEqual(pageOf(41, 18, 3), { from: 0, to: 18, pages: 3, page: 0 });
  assert.deepEqual(pageOf(12, 18, 5), { from: 0, to: 12, pages: 1, page: 0 });
});

test("a table's result is read from its first named's round; a table still playing has none", () => {
  assert.deepEqual(tableResults(tables, rows, 1), {
    1: { kind: 'played', scores: [420, 380], points: [1, 0] },
    3: { kind: 'bye', scores: null, points: [1, null] },
  });
  assert.deepEqual(tableResults(tables, rows, 2), {});
});

test('the pairings mark the winner and the tables still playing; names are escaped', () => {
  const html = pairingsHtml({ round: 1, tables, results: tableResults(tables, rows, 1), names: { ...names, p4: 'Dani <b>' }, t });
  assert.match(html, /<tr data-table="1" class="done"><td class="num">1<\/td><td class="won">Anna<\/td><td class="">Carla<\/td><td class="result"><strong>420–380<\/strong><\/td>/);
  assert.match(html, /<tr data-table="2"><td class="num">2<\/td><td class="">Dani &lt;b&gt;<\/td>.*standings\.pending/);
  assert.match(html, /<tr data-table="3" class="done">.*<em>standings\.bye<\/em>.*standings\.kind\.bye/);
});

test('a negative score keeps its sign apart from the dash between the two scores', () => {
  const results = { 1: { kind: 'played', scores: [-8, -12], points: [1, 0] }, 2: { kind: 'played', scores: [15, -3], points: [1, 0] } };
  const html = pairingsHtml({ round: 1, tables: tables.slice(0, 2), results, names, t });
  assert.match(html, /<strong>-8 – -12<\/strong>/);
  assert.match(html, /<strong>15 – -3<\/strong>/);
});

test('every figure of the standings is a button naming the player and the figure', () => {
  const html = standingsHtml({ standings: { round: 1, tiebreaks: ['median_buchholz', 'spread'], rows }, names, t });
  assert.equal((html.match(/<button type="button" class="figure"/g) || []).length, 3 * 3 + 2);
  assert.match(html, /data-player="p3" data-figure="spread" aria-label="standings\.open\{&quot;figure&quot;:&quot;tiebreak\.spread&quot;,&quot;name&quot;:&quot;Carla&quot;\}">-40</);
  assert.match(html, /<th scope="col" title="tiebreak\.median_buchholz\.long">tiebreak\.median_buchholz<\/th>/);
});

test("a figure's inputs: the points are the rounds; a tie-break its opponents, what was dropped, the total", () => {
  const points = figureInputs({ row: rows[0], key: 'points', names, t });
  assert.equal(points.total, 1);
  assert.deepEqual(points.lines, [['standings.round_line{"round":1,"opponent":"Carla","kind":"standings.kind.played","scored":420,"conceded":380}', 1]]);
  const bye = figureInputs({ row: rows[1], key: 'points', names, t });
  assert.match(bye.lines[0][0], /"opponent":"standings\.bye"/);
  const median = figureInputs({ row: { ...rows[2], tiebreaks: { median_buchholz: { value: 3, inputs: [['p1', 2], ['p4', 1]], dropped: [['p5', 0]] } } },
    key: 'median_buchholz', names, t });
  assert.deepEqual([median.lines, median.dropped, median.total], [[['Anna', 2], ['Dani', 1]], [['Eva', 0]], 3]);
  const unplayed = figureInputs({ row: { ...rows[2], tiebreaks: { median_buchholz: { value: 0, inputs: [['forfeit (round 2)', 0]], dropped: [] } } },
    key: 'median_buchholz', names, t });
  assert.deepEqual(unplayed.lines, [['standings.unplayed{"kind":"standings.kind.forfeit","round":"2"}', 0]]);
  const html = inputsHtml(median, t);
  assert.match(html, /<table class="inputs dropped"><tbody><tr><td>Eva<\/td><td class="num">0<\/td><\/tr>/);
  assert.match(html, /standings\.total<\/th><td class="num"><strong>3<\/strong>/);
});
