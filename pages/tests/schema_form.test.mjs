// The officials' forms from the contract (pages/static/js/schema_form.js), on the committed openapi.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { commandSchemas, fields, formHtml, readValues, summary } from '../static/js/schema_form.js';

const openapi = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
const schemas = commandSchemas(openapi);
const t = (key, p = {}) => `${key}${p.command ? `:${p.command}` : ''}`;

test('every command of the contract has its schema, found by its type', () => {
  for (const type of ['rule_challenge', 'answer_call', 'correct_score', 'end_game', 'release_seat', 'record_no_show']) {
    assert.ok(schemas.has(type), type);
  }
});

test('a challenge ruling (FILE 39): the verdict must be chosen, the authority is optional text', () => {
  const rule = schemas.get('rule_challenge');
  assert.deepEqual(fields(rule).map((f) => [f.name, f.kind, f.required]), [['valid', 'boolean', true], ['authority', 'string', false]]);
  assert.match(summary(rule), /FILE 39/);
  const html = formHtml('rule_challenge', rule, { t, label: 'Rule' });
  assert.match(html, /<select id="f-rule_challenge-valid" name="valid" required><option value="">—<\/option>/);
  assert.deepEqual(readValues(rule, { valid: '', authority: 'DRAE' }).error, { field: 'valid', code: 'required' });
  assert.deepEqual(readValues(rule, { valid: 'false', authority: ' DRAE ' }).body, { valid: false, authority: 'DRAE' });
});

test('a score correction: numbers read as numbers, required ones asked for, choices offered', () => {
  const fix = schemas.get('correct_score');
  const found = Object.fromEntries(fields(fix).map((f) => [f.name, f]));
  assert.equal(found.player.kind, 'integer');
  assert.equal(found.player.max, 7);
  assert.equal(found.field.kind, 'choice');
  const values = { player: '0', turn: '2', field: 'score', old: '10', new: '12', agreed_by: '1', asked_by: '', reason: 'suma' };
  assert.deepEqual(readValues(fix, values).body, { player: 0, turn: 2, field: 'score', old: 10, new: 12, agreed_by: 1, reason: 'suma' });
  assert.deepEqual(readValues(fix, { ...values, turn: '2.5' }).error, { field: 'turn', code: 'number' });
  assert.deepEqual(readValues(fix, { ...values, new: '' }).error, { field: 'new', code: 'required' });
});

test('a list of seats (a no-show, AJS 4.1.11) is typed as numbers; an optional flag as a box', () => {
  const absent = schemas.get('record_no_show');
  assert.deepEqual(readValues(absent, { absent: '0, 1', minutes_waited: '20' }).body, { absent: [0, 1], minutes_waited: 20 });
  assert.deepEqual(readValues(absent, { absent: 'uno', minutes_waited: '20' }).error, { field: 'absent', code: 'number' });
  const answer = schemas.get('answer_call');
  assert.match(formHtml('answer_call', answer, { t, label: 'Answer' }), /name="restart_clock" type="checkbox" checked/);
  assert.deepEqual(readValues(answer, { restart_clock: false, note: '' }).body, { restart_clock: false });
});
