// The surnames a hall tile shows for a long name (pages/static/js/console_names.js), worked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hallName } from '../static/js/console_names.js';

test('a long Spanish or Catalan name shows its two surnames, with their particles', () => {
  assert.equal(hallName('María García Fernández'), 'García Fernández');
  assert.equal(hallName('Jordi Puig i Soler'), 'Puig i Soler');
  assert.equal(hallName('María del Carmen García Fernández'), 'García Fernández');
  assert.equal(hallName('José Luis Rodríguez de la Fuente'), 'Rodríguez de la Fuente');
  assert.equal(hallName('Ana Isabel de la Fuente Sánchez'), 'de la Fuente Sánchez');
  assert.equal(hallName('Mercè Domènech i Montaner'), 'Domènech i Montaner');
});

test('a short name is whole; two words keep the last; one word stays', () => {
  assert.equal(hallName('Jugador 12'), 'Jugador 12');
  assert.equal(hallName('Ana López'), 'Ana López');
  assert.equal(hallName('  Núria   Vidal  '), 'Núria Vidal');
  assert.equal(hallName('Pierre-Alexandre Dupont-Aignan'), 'Dupont-Aignan');
  assert.equal(hallName('Maximilianusandreas'), 'Maximilianusandreas');
  assert.equal(hallName('Maximiliano de la Torre'), 'de la Torre');
});
