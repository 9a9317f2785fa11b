// Who starts, as the console asks it (pages/static/js/starter.js, issue 28): where the profile takes the starter from
// the pairing list (FILE 4.1, FISE I.4.2) one button per player beside the draw; elsewhere the draw alone (FISC I.5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startQuestion, startHtml } from '../static/js/starter.js';

const es = JSON.parse(readFileSync(new URL('../static/i18n/es.json', import.meta.url)));
const t = (key, params = {}) => es[key].replace(/\{(\w+)\}/g, (_, k) => params[k]);
const players = [{ seat: 0, name: 'Ana' }, { seat: 1, name: 'Berto' }];
const STARTING = [{ type: 'draw_for_start', seat: null, role: 'player' }, { type: 'give_starter', seat: null, role: 'director' }];

test('FILE 4.1: the pairing list names the starter; the draw (FILE 4.3) is offered beside it', () => {
  const html = startHtml(startQuestion(STARTING, 'file-2024', 'virtual'), players, t);
  assert.match(html, /¿Quién sale\?/);
  assert.match(html, /emparejamiento \(FILE 4\.1\); si no, se sortea \(FILE 4\.3\)/);
  assert.deepEqual([...html.matchAll(/data-type="(\w+)"/g)].map((m) => m[1]), ['give_starter', 'give_starter', 'draw_for_start']);
  assert.match(html, /name="seat" value="1"><input type="hidden" name="reason" value="la lista de emparejamientos \(FILE 4\.1\)">/);
  assert.match(html, />Sale Berto</);
  assert.match(startHtml(startQuestion(STARTING, 'fise-2009', 'virtual'), players, t), /\(FISE I\.4\.2\)/);
});

test('FISC I.5: always a draw, nothing to name; a physical bag draws at the table, typed on a tablet', () => {
  const draw = [STARTING[0]];
  const html = startHtml(startQuestion(draw, 'fisc-2023', 'virtual'), players, t);
  assert.ok(!html.includes('give_starter'));
  assert.match(html, /La salida se sortea \(FISC I\.5\)/);
  assert.match(html, /Sortear la salida \(FISC I\.5\)/);
  const physical = startHtml(startQuestion(draw, 'molins-club', 'physical'), players, t);
  assert.ok(!physical.includes('<form'));
  assert.match(physical, /bolsa física .*\(Molins 2\)/);
});

test('a game that does not wait for its starter asks nothing', () => {
  assert.equal(startQuestion([{ type: 'draw_tiles', seat: 0, role: 'player' }], 'file-2024', 'virtual'), null);
  assert.equal(startHtml(null, players, t), '');
});
