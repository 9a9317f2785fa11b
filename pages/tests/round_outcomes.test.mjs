// Each game's line in the console's round panel after POST /v1/rounds/round-time (pages/static/js/round_outcomes.js),
// in the catalogues' words, with the article the service recorded or refused with.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { outcomeLine } from '../static/js/round_outcomes.js';

const catalogue = (lang) => JSON.parse(readFileSync(new URL(`../static/i18n/${lang}.json`, import.meta.url), 'utf8'));
const say = (cat) => (key, p = {}) => cat[key].replace(/\{(\w+)\}/g, (all, name) => (p[name] == null ? all : String(p[name])));
const es = say(catalogue('es'));
const ca = say(catalogue('ca'));
const called = (payload, status = 'in_progress') => ({ table: '1', players: ['Ana', 'Bea'], outcome: 'called', status,
  events: [{ type: 'RoundTimeCalled', payload }] });

test('FILE 30, 44.4: the turns are evened; the line says after how many turns the game ends', () => {
  const line = outcomeLine(called({ until: 24, procedure: 'equalise_turns', move_seconds: null, article: 'FILE 30, 44.4' }), es);
  assert.deepEqual(line, { ok: true, skipped: false, text: 'Mesa 1 (Ana – Bea): tiempo de ronda anotado; se igualan los turnos y termina con 24 turnos en la planilla (FILE 30, 44.4)' });
});

test('FISC I.11: the move in progress and one more, at most 2 minutes a move, in Catalan', () => {
  const line = outcomeLine(called({ until: 13, procedure: 'current_plus_one', move_seconds: 120, article: 'FISC I.8 C, I.11' }), ca);
  assert.equal(line.text, 'Taula 1 (Ana – Bea): temps de ronda anotat; es juga la mà en curs i una més (màxim 120 s per jugada) i acaba amb 13 torns (FISC I.8 C, I.11)');
});

test('turns already even: the game ended at once, as the sheet stands', () => {
  const line = outcomeLine(called({ until: 0, procedure: 'equalise_turns', article: 'FILE 30, 44.4' }, 'ended'), es);
  assert.match(line.text, /^Mesa 1 \(Ana – Bea\): terminada por tiempo de ronda; la planilla queda como está, sin restar atriles \(FILE 30, 44\.4\)$/);
});

test('refusals in words, with their article; a closed game left out (FILE 43); an unknown refusal keeps the service\'s words', () => {
  const refused = (code, article, message = 'x') => ({ table: '3', players: ['Carla', 'Dani'], outcome: 'refused', events: [],
    refusal: { code, article, message } });
  assert.deepEqual(outcomeLine(refused('not_started', 'FILE 30, 44.4'), es),
    { ok: false, skipped: true, text: 'Mesa 3 (Carla – Dani): no ha empezado; no hay nada que terminar (FILE 30, 44.4)' });
  assert.equal(outcomeLine(refused('round_time_called', 'FISC I.8 C, I.11'), ca).text,
    'Taula 3 (Carla – Dani): el temps de ronda ja estava anotat (FISC I.8 C, I.11)');
  assert.equal(outcomeLine({ ...refused('game_closed', 'FILE 43'), outcome: 'left_out' }, es).text,
    'Mesa 3 (Carla – Dani): cerrada, firmada por los dos; queda fuera (FILE 43)');
  assert.deepEqual(outcomeLine(refused('version_conflict', null, 'the game kept moving'), es),
    { ok: false, skipped: false, text: 'Mesa 3 (Carla – Dani): rechazado: the game kept moving' });
});
