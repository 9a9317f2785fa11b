// The officials' forms from the contract (pages/static/js/schema_form.js), on the committed openapi.json, in the
// page catalogues' words (pages/static/i18n) with the article of the game's profile (command_articles.js).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { choiceKey, commandSchemas, fields, formHtml, formValues, helpKeys, labelKeys, readValues, summary } from '../static/js/schema_form.js';
import { BOOKS, RULES, articleOf, joined } from '../static/js/command_articles.js';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const openapi = read('../../openapi/openapi.json');
const schemas = commandSchemas(openapi);
const catalogues = { es: read('../static/i18n/es.json'), ca: read('../static/i18n/ca.json'), en: read('../static/i18n/en.json') };
const articles = read('../static/profile_articles.json');
const wordsOf = (lang) => (key) => catalogues[lang][key] ?? null;
const t = (key, p = {}) => `${key}${p.command ? `:${p.command}` : ''}`;
const PROFILES = Object.keys(BOOKS);

test('every command of the contract has its schema, found by its type', () => {
  for (const type of ['rule_challenge', 'answer_call', 'correct_score', 'end_game', 'release_seat', 'record_no_show']) {
    assert.ok(schemas.has(type), type);
  }
});

test('every command and field the contract offers has its words in Spanish, Catalan and English', () => {
  // Derived from the committed contract: a command or a field added there fails here until it is translated.
  const missing = [];
  for (const [type, schema] of schemas) {
    for (const [lang, cat] of Object.entries(catalogues)) {
      if (!cat[`form.why.${type}`]) missing.push(`${lang}: form.why.${type}`);
      if (!cat[`command.${type}`]) missing.push(`${lang}: command.${type} (the form's title)`);
      for (const f of fields(schema)) {
        if (!labelKeys(type, f.name).some((k) => cat[k])) missing.push(`${lang}: ${labelKeys(type, f.name).join(' or ')}`);
        if (!helpKeys(type, f.name).some((k) => cat[k])) missing.push(`${lang}: ${helpKeys(type, f.name).join(' or ')}`);
        const choices = f.kind === 'choice' ? f.choices : f.kind === 'boolean' && (f.required || f.nullable) ? [true, false] : [];
        for (const c of choices) if (!cat[choiceKey(f.name, c)]) missing.push(`${lang}: ${choiceKey(f.name, c)}`);
      }
    }
  }
  assert.deepEqual(missing, []);
  assert.ok(schemas.size >= 45, 'the commands are read from the contract');
});

test("the forms' words name no article: the article shown is the game's profile's", () => {
  for (const [lang, cat] of Object.entries(catalogues)) {
    for (const [key, text] of Object.entries(cat)) {
      if (key.startsWith('form.')) assert.doesNotMatch(text, /\b(FILE|FISE|AJS|FISC|Molins) [\dI(]/, `${lang}.${key}`);
    }
  }
});

test('Spanish and Catalan use the federations\' words', () => {
  const { es, ca } = catalogues;
  assert.match(es['command.rule_challenge'], /impugnación/);
  assert.match(ca['command.rule_challenge'], /impugnació/);
  assert.match(es['form.why.rule_challenge'], /jugada válida/);
  assert.match(ca['form.why.rule_challenge'], /jugada vàlida/);
  assert.match(es['form.why.answer_call'], /árbitro/);
  assert.match(ca['form.why.answer_call'], /àrbitre/);
  assert.match(es['form.why.overdraw_tiles'], /atril/);
  assert.match(ca['form.why.overdraw_tiles'], /faristol/);
  assert.match(es['form.why.choose_overdraw_return'], /bolsa/);
  assert.match(ca['form.why.choose_overdraw_return'], /sac/);
  assert.match(es['form.why.rule_blank'], /comodín/);
  assert.match(ca['form.why.rule_blank'], /escarràs/);
  for (const [lang, cat] of Object.entries({ es, ca })) {
    for (const [key, text] of Object.entries(cat)) {
      if (key.startsWith('form.')) assert.doesNotMatch(text, /\b(blank|rack|bag|challenge)\b/i, `${lang}.${key}: English left`);
    }
  }
});

test('every command of the contract says which rules it applies, and resolves under every profile', () => {
  for (const type of schemas.keys()) {
    assert.ok(type in RULES, `${type}: name its settings (or [] for the service's own step) in command_articles.js`);
    for (const profile of PROFILES) {
      const found = articleOf(type, profile, articles);
      assert.notEqual(found, undefined, `${type} under ${profile}: a setting unknown to the profile`);
      if (found) assert.ok(found.includes(BOOKS[profile]), `${type} under ${profile}: ${found} is another rulebook's`);
    }
  }
});

test('the article is the game profile\'s: FILE for a Spanish game, FISC for a Catalan one (worked by hand)', () => {
  assert.equal(articleOf('rule_challenge', 'file-2024', articles), 'FILE 39, 41.1');
  assert.equal(articleOf('rule_challenge', 'fisc-2023', articles), 'FISC I.10');
  assert.equal(articleOf('answer_call', 'fisc-2023', articles), 'FISC I.11 C');
  assert.equal(articleOf('correct_overdraw', 'file-2024', articles), 'FILE 28.1.1, 28.1.2, 28.2');
  assert.equal(articleOf('correct_overdraw', 'ajs-2012', articles), 'FISE 28.1, 28.2, 28 (AJS 2)');
  assert.equal(articleOf('sanction', 'fisc-2023', articles), 'FISC (notes prèvies)');
  assert.equal(articleOf('call_round_time', 'molins-club', articles), null, 'Molins is silent on the round\'s time');
  assert.equal(articleOf('release_seat', 'file-2024', articles), '', 'the service\'s own step');
  assert.equal(joined(['FILE 39', 'FILE 41.1', 'FILE 39']), 'FILE 39, 41.1');
  assert.equal(joined(['FISE 45 (AJS 2)', 'AJS 3.1.2.1']), 'FISE 45 (AJS 2); AJS 3.1.2.1');
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

test('in Catalan the ruling reads in the federation\'s words, with FISC\'s article beside its title', () => {
  const html = formHtml('rule_challenge', schemas.get('rule_challenge'), { t, words: wordsOf('ca'), label: 'Decisió de la impugnació',
    article: articleOf('rule_challenge', 'fisc-2023', articles) });
  assert.match(html, /<span class="article">FISC I\.10<\/span>/);
  assert.match(html, /<span class="name">Veredicte \*<\/span>/);
  assert.match(html, /<option value="true">Jugada vàlida<\/option><option value="false">Jugada no vàlida<\/option>/);
  assert.match(html, /<span class="name">Font consultada<\/span>/);
  assert.ok(html.includes(catalogues.ca['form.why.rule_challenge']));
  assert.doesNotMatch(html, />(Authority|Valid)|Verdict|The ruling/);
});

test('a field the catalogue lacks falls back to the contract\'s English, the rest stays translated', () => {
  const words = (key) => (key.includes('authority') ? null : catalogues.es[key] ?? null);
  const html = formHtml('rule_challenge', schemas.get('rule_challenge'), { t, words, label: 'x' });
  assert.match(html, /<span class="name">Authority<\/span>/);
  assert.match(html, /The word authority or person the ruling rests on/);
  assert.match(html, /<span class="name">Veredicto \*<\/span>/);
});

test('a score correction: numbers read as numbers, required ones asked for, choices offered in words', () => {
  const fix = schemas.get('correct_score');
  const found = Object.fromEntries(fields(fix).map((f) => [f.name, f]));
  assert.equal(found.player.kind, 'integer');
  assert.equal(found.player.max, 7);
  assert.equal(found.field.kind, 'choice');
  const values = { player: '0', turn: '2', field: 'score', old: '10', new: '12', agreed_by: '1', asked_by: '', reason: 'suma' };
  assert.deepEqual(readValues(fix, values).body, { player: 0, turn: 2, field: 'score', old: 10, new: 12, agreed_by: 1, reason: 'suma' });
  assert.deepEqual(readValues(fix, { ...values, turn: '2.5' }).error, { field: 'turn', code: 'number' });
  assert.deepEqual(readValues(fix, { ...values, new: '' }).error, { field: 'new', code: 'required' });
  const html = formHtml('correct_score', fix, { t, words: wordsOf('es'), label: 'x', players: ['Ana', 'Bea'] });
  assert.match(html, /<option value="score">Puntos de la jugada<\/option><option value="total">Total acumulado<\/option>/);
  // a seat is chosen by the player's name, never typed as a number from 0
  assert.match(html, /<select id="f-correct_score-player" name="player" required[^>]*><option value="">—<\/option><option value="0">Ana<\/option><option value="1">Bea<\/option><\/select>/);
});

test('the console asks who asked a correction and why, though the contract leaves both out (FILE 40)', () => {
  // A tablet sends its own seat as asked_by and may leave the reason empty; an official records the act for the
  // players, so the console marks both as required and says which is missing first, by its label.
  const fix = schemas.get('correct_score');
  const asked = ['asked_by', 'reason'];
  assert.deepEqual(fields(fix).filter((f) => asked.includes(f.name)).map((f) => f.required), [false, false]);
  assert.deepEqual(fields(fix, asked).filter((f) => asked.includes(f.name)).map((f) => f.required), [true, true]);
  const values = { player: '0', turn: '1', field: 'score', old: '1', new: '22', agreed_by: '1', asked_by: '', reason: ' ' };
  assert.deepEqual(readValues(fix, values).body, { player: 0, turn: 1, field: 'score', old: 1, new: 22, agreed_by: 1 });
  assert.deepEqual(readValues(fix, values, { required: asked }).error, { field: 'asked_by', code: 'required' });
  assert.deepEqual(readValues(fix, { ...values, asked_by: '0' }, { required: asked }).error, { field: 'reason', code: 'required' });
  assert.deepEqual(readValues(fix, { ...values, asked_by: '0', reason: 'suma' }, { required: asked }).body,
    { player: 0, turn: 1, field: 'score', old: 1, new: 22, asked_by: 0, agreed_by: 1, reason: 'suma' });
  const html = formHtml('correct_score', fix, { t, words: wordsOf('es'), label: 'x', players: ['Ana', 'Bea'], required: asked,
    preset: { player: 0, turn: 1, field: 'score', old: 1, new: 22 } });
  assert.match(html, /<span class="name">Quién la pide \*<\/span><select id="f-correct_score-asked_by" name="asked_by" required[^>]*><option value="">—<\/option>/);
  assert.match(html, /<span class="name">Motivo \*<\/span><input id="f-correct_score-reason" name="reason" required/);
  assert.match(html, /name="old" required[^>]* value="1">/);
  assert.match(html, /<option value="score" selected>Puntos de la jugada<\/option>/);
});

test('a list of seats (a no-show, AJS 4.1.11) is ticked by name and read as numbers; an optional flag as a box', () => {
  const absent = schemas.get('record_no_show');
  assert.deepEqual(readValues(absent, { absent: '0, 1', minutes_waited: '20' }).body, { absent: [0, 1], minutes_waited: 20 });
  assert.deepEqual(readValues(absent, { absent: 'uno', minutes_waited: '20' }).error, { field: 'absent', code: 'number' });
  const html = formHtml('record_no_show', absent, { t, words: wordsOf('ca'), label: 'x', players: ['Anna', 'Biel'] });
  assert.match(html, /<input type="checkbox" name="absent" value="1" data-list> Biel/);
  const boxes = [{ name: 'absent', type: 'checkbox', value: '0', checked: false, dataset: { list: '' } },
    { name: 'absent', type: 'checkbox', value: '1', checked: true, dataset: { list: '' } },
    { name: 'minutes_waited', type: 'number', value: '20', dataset: {} }];
  assert.deepEqual(readValues(absent, formValues(boxes)).body, { absent: [1], minutes_waited: 20 });
  assert.deepEqual(readValues(absent, formValues(boxes.map((b) => ({ ...b, checked: false })))).error, { field: 'absent', code: 'required' });
  const answer = schemas.get('answer_call');
  assert.match(formHtml('answer_call', answer, { t, words: wordsOf('es'), label: 'x' }),
    /Reanudar los relojes<\/span><input id="f-answer_call-restart_clock" name="restart_clock" aria-describedby="[^"]+" type="checkbox" checked>/);
  assert.deepEqual(readValues(answer, formValues([{ name: 'restart_clock', type: 'checkbox', checked: false, dataset: {} },
    { name: 'note', type: 'text', value: '', dataset: {} }])).body, { restart_clock: false });
});

test('an optional yes-or-no that may be left out (on the rack, FILE 28.1.1) is a choice with an empty first option', () => {
  const html = formHtml('correct_overdraw', schemas.get('correct_overdraw'), { t, words: wordsOf('es'), label: 'x' });
  assert.match(html, /name="on_rack"[^>]*><option value="">—<\/option><option value="true">Sí, en el atril<\/option>/);
  assert.deepEqual(readValues(schemas.get('correct_overdraw'), { seen: 'true', on_rack: '' }).body, { seen: true });
});
