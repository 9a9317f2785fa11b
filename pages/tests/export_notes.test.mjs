// The round control's export (pages/static/js/export_notes.js): the Planilla-Warnings header read back, by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { warningsOf, fileName, exportHtml } from '../static/js/export_notes.js';

const t = (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ''}`;

test('each warning of the header decoded: a comma and an accented name inside one stay in it', () => {
  const header = "trf.name_cut: player 3: the name has 38 characters%2C cut to 33 (columns 15-47): "
    + "'Ib%C3%A1%C3%B1ez Bosch%2C Queralt Maria Monts', trf.no_scores: TRF16 has no game scores";
  assert.deepEqual(warningsOf(header), [
    { code: 'trf.name_cut', message: "player 3: the name has 38 characters, cut to 33 (columns 15-47): 'Ibáñez Bosch, Queralt Maria Monts'" },
    { code: 'trf.no_scores', message: 'TRF16 has no game scores' }]);
  assert.deepEqual(warningsOf(undefined), []);
  assert.deepEqual(warningsOf('100%'), [{ code: '', message: '100%' }]); // not encoded: shown as it came
});

test('the file name is the one the service gave', () => {
  assert.equal(fileName('attachment; filename="abc-trf.trf"', 'trf'), 'abc-trf.trf');
  assert.equal(fileName(null, 'tou'), 'export-tou.txt');
});

test('after a download the warnings are listed, escaped; an exact file says so', () => {
  const html = exportHtml({ format: 'trf', warnings: [{ code: 'trf.fide_id', message: 'players 1, 2 <b>' }] }, ['A'], t);
  assert.match(html, /<li><code>trf\.fide_id<\/code> players 1, 2 &lt;b&gt;<\/li>/);
  assert.match(html, /rounds\.export_warned\{&quot;format&quot;:&quot;trf&quot;,&quot;count&quot;:1\}/);
  assert.doesNotMatch(html, /name="division"/);
  const exact = exportHtml({ format: 'csv-players', warnings: [] }, ['A', 'B'], t);
  assert.match(exact, /rounds\.export_exact/);
  assert.match(exact, /name="division"/);
  assert.match(exportHtml(null, ['A', 'B'], t), /<option value="B">B<\/option>/);
});
