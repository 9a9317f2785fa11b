// A game outside a tournament from the director's page (pages/static/js/director_game.js, issue 28): who starts is
// asked where the profile takes it from the pairing list (FILE 4.1, FISE I.4.2), never where the players draw (FISC
// I.5); the starter named is sent as give_starter with its article, then each seat's code is issued.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { starterChoices, createGame } from '../static/js/director_game.js';

const ca = JSON.parse(readFileSync(new URL('../static/i18n/ca.json', import.meta.url)));
const t = (key, params = {}) => ca[key].replace(/\{(\w+)\}/g, (_, k) => params[k]);

test('FILE 4.1 and FISE I.4.2 ask who starts (first named, second, or a draw); FISC, AJS and Molins draw', () => {
  const file = starterChoices('file-2024', t);
  assert.deepEqual(file.choices.map(([v]) => v), ['0', '1', 'draw']);
  assert.match(file.choices[0][1], /\(FILE 4\.1\)/);
  assert.match(file.choices[2][1], /\(FILE 4\.3\)/);
  assert.match(starterChoices('fise-2009', t).help, /FISE I\.4\.2/);
  for (const [profile, article] of [['fisc-2023', 'FISC I.5'], ['ajs-2012', 'AJS 3.1.1'], ['molins-club', 'Molins 2']]) {
    const drawn = starterChoices(profile, t);
    assert.equal(drawn.choices.length, 0, profile);
    assert.ok(drawn.help.includes(`(${article})`), drawn.help);
  }
});

test('the game is created, its starter given with the article, then both seats get a code', async () => {
  const sent = [];
  const send = async (path, init) => {
    sent.push([path, init.body]);
    if (path === '/v1/games') return { status: 201, body: { id: 'g1', version: 1 } };
    if (path.endsWith('/commands')) return { status: 200, body: { version: 2 } };
    return { status: 201, body: { code: `C-${path.split('/')[5]}`, player: 'x' } };
  };
  const made = await createGame({ body: { profile: 'file-2024', players: ['Ana', 'Berto'], bag_mode: 'physical' }, starter: 1 }, send, t);
  assert.deepEqual(sent.map(([path]) => path), ['/v1/games', '/v1/games/g1/commands', '/v1/games/g1/seats/0/code', '/v1/games/g1/seats/1/code']);
  assert.deepEqual(sent[1][1], { type: 'give_starter', expected_version: 1, seat: 1, reason: "la llista d'aparellaments (FILE 4.1)" });
  assert.equal(made.starter, 1);
  assert.deepEqual(made.codes.map((c) => c.code), ['C-0', 'C-1']);
});

test('a draw names nobody; a refusal of the game stops before anything else', async () => {
  const paths = [];
  const send = async (path) => { paths.push(path); return path === '/v1/games' ? { status: 201, body: { id: 'g2', version: 1 } } : { status: 201, body: { code: 'C' } }; };
  const made = await createGame({ body: { profile: 'file-2024', players: ['A', 'B'] }, starter: null }, send, t);
  assert.equal(made.starter, null);
  assert.ok(!paths.some((p) => p.endsWith('/commands')));
  const refused = await createGame({ body: { profile: 'x', players: ['A'] }, starter: 0 }, async () => ({ status: 422, body: { message: 'no' } }), t);
  assert.equal(refused.refused.status, 422);
  assert.equal(refused.game, undefined);
});
