// Forms for the officials' commands, built from the contract itself (GET /openapi.json): each command's
// schema gives its fields, which are required, their bounds and their choices. A new command or field in the
// contract is a new form or field here with no change to the page; the service alone judges what is sent (a
// refusal names the field and the article).
// The words are the page catalogue's, in the reader's language (pages/static/i18n): the command's one-line
// description (`form.why.<type>`), each field's label and help (`form.label.<type>.<field>`, else
// `form.label.<field>`; the same for `form.help`) and each choice's words (`form.choice.<field>.<value>`);
// the contract's English only for a field the catalogue lacks (a test fails while one does). The article
// the command applies is the game's profile's (command_articles.js), shown beside its title.
// Pure: HTML strings in, values out (node's tests run it without a browser).

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
// The page sets the type and version; a signature is made by a key, never typed: the console fills its own official key's
// (official_key.js), and a player's or a tablet's countersignature comes only from that tablet.
const SKIP = new Set(['type', 'expected_version', 'official_key', 'official_signature', 'key_signature', 'countersignature']);
/** Fields that name a seat (a number from 0) or seats: offered as the players' names when the page knows them. */
export const SEAT_FIELDS = new Set(['seat', 'noticed_by', 'asked_by', 'agreed_by', 'player', 'sheet']);
export const SEATS_FIELDS = new Set(['seats', 'absent']);

/** type -> its schema, from the contract's command body (a oneOf of $refs, each with a `type` const). */
export function commandSchemas(openapi) {
  const body = openapi.paths['/v1/games/{game_id}/commands'].post.requestBody.content['application/json'].schema;
  const found = new Map();
  for (const ref of body.oneOf || []) {
    const schema = openapi.components.schemas[ref.$ref.split('/').pop()];
    const type = schema && schema.properties && schema.properties.type && schema.properties.type.const;
    if (type) found.set(type, schema);
  }
  return found;
}

/** One field's kind and bounds: boolean, integer, number, string, choice, list (of integers or words), json. */
function fieldOf(name, spec, required) {
  let s = spec;
  let nullable = false;
  if (s.anyOf) {
    const real = s.anyOf.filter((x) => x.type !== 'null');
    nullable = real.length < s.anyOf.length;
    s = real.length === 1 ? { ...real[0], description: spec.description, title: spec.title, default: spec.default } : { ...spec, type: 'json' };
  }
  const base = { name, title: spec.title || name, description: spec.description || '', required: required && !nullable,
    nullable, default: spec.default };
  if (s.enum) return { ...base, kind: 'choice', choices: s.enum };
  if (s.type === 'boolean') return { ...base, kind: 'boolean' };
  if (s.type === 'integer' || s.type === 'number') return { ...base, kind: s.type, min: s.minimum, max: s.maximum };
  if (s.type === 'string') return { ...base, kind: 'string', max: s.maxLength };
  if (s.type === 'array' && s.items && ['integer', 'string'].includes(s.items.type)) {
    return { ...base, kind: 'list', of: s.items.type };
  }
  return { ...base, kind: 'json' };
}

/** The fields an official fills for a command (not its type nor its version: the page sets those). `asked`: fields
 * the page asks for though the contract leaves them optional (a correction's reason), marked and checked as required. */
export function fields(schema, asked = []) {
  const required = new Set(schema.required || []);
  const wanted = new Set(asked || []); // asked even where the contract allows null (a seat the sender's token implies)
  return Object.entries(schema.properties || {}).filter(([name]) => !SKIP.has(name))
    .map(([name, spec]) => fieldOf(name, spec, required.has(name)))
    .map((f) => (wanted.has(f.name) ? { ...f, required: true } : f));
}

/** The command's own description in the contract, first paragraph (English). */
export function summary(schema) {
  return String(schema.description || '').split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();
}

const first = (words, keys) => {
  for (const key of keys) {
    const found = words(key);
    if (found != null) return found;
  }
  return null;
};

/** The catalogue keys a field's label and help are looked up under, the command's own first. */
export const labelKeys = (type, name) => [`form.label.${type}.${name}`, `form.label.${name}`];
export const helpKeys = (type, name) => [`form.help.${type}.${name}`, `form.help.${name}`];
export const choiceKey = (name, value) => `form.choice.${name}.${value}`;

/** A field's label and help in the reader's language (`words(key)`: the catalogue's string, or null), else the
 * contract's English. */
export function fieldWords(type, f, words) {
  return { label: first(words, labelKeys(type, f.name)) ?? f.title, help: first(words, helpKeys(type, f.name)) ?? f.description };
}

/** The command's one-line description in the reader's language, else the contract's. */
export function why(type, schema, words) {
  return words(`form.why.${type}`) ?? summary(schema);
}

const choiceWords = (f, value, words) => words(choiceKey(f.name, value));

function seatOptions(players, value, blank) {
  return `${blank ? '<option value="">—</option>' : ''}${players.map((name, seat) =>
    `<option value="${seat}"${seat === value ? ' selected' : ''}>${esc(name)}</option>`).join('')}`;
}

function inputHtml(id, f, preset, { t, words, players, help, name }) {
  const value = preset ?? f.default;
  const described = help ? ` aria-describedby="${id}-help"` : '';
  const attrs = `id="${id}" name="${esc(f.name)}"${f.required ? ' required' : ''}${described}`;
  if (players && f.kind === 'integer' && SEAT_FIELDS.has(f.name)) {
    return `<select ${attrs}>${seatOptions(players, value, value == null)}</select>`;
  }
  if (players && f.kind === 'list' && f.of === 'integer' && SEATS_FIELDS.has(f.name)) {
    const chosen = new Set(Array.isArray(value) ? value : []);
    return `<span class="seats" role="group" id="${id}" aria-label="${esc(name)}"${described}>${players.map((name, seat) => `<label class="seat-choice">`
      + `<input type="checkbox" name="${esc(f.name)}" value="${seat}" data-list${chosen.has(seat) ? ' checked' : ''}> ${esc(name)}</label>`).join('')}</span>`;
  }
  if (f.kind === 'boolean' && (f.required || f.nullable)) { // a verdict is chosen, never defaulted by an unticked box
    const say = (v) => choiceWords(f, v, words) ?? t(v ? 'form.yes' : 'form.no');
    return `<select ${attrs}><option value="">—</option><option value="true">${esc(say(true))}</option>`
      + `<option value="false">${esc(say(false))}</option></select>`;
  }
  if (f.kind === 'boolean') return `<input ${attrs} type="checkbox"${value ? ' checked' : ''}>`;
  if (f.kind === 'choice') {
    return `<select ${attrs}><option value="">${f.required ? '—' : ''}</option>${f.choices.map((c) =>
      `<option value="${esc(c)}"${c === value ? ' selected' : ''}>${esc(choiceWords(f, c, words) ?? c)}</option>`).join('')}</select>`;
  }
  if (f.kind === 'integer' || f.kind === 'number') {
    return `<input ${attrs} type="number" inputmode="numeric"${f.min != null ? ` min="${f.min}"` : ''}${f.max != null ? ` max="${f.max}"` : ''}`
      + ` value="${esc(value ?? '')}">`;
  }
  if (f.kind === 'json') return `<textarea ${attrs} rows="2">${esc(value == null ? '' : JSON.stringify(value))}</textarea>`;
  const shown = Array.isArray(value) ? value.join(', ') : value;
  return `<input ${attrs} type="text"${f.max ? ` maxlength="${f.max}"` : ''} value="${esc(shown ?? '')}">`;
}

/** A form for one command: its title with the article it applies, its description, each field labelled with its
 * help, one submit button. `preset` fills fields the page knows (the seat the action is listed for); `words(key)`
 * gives the catalogue's string or null; `t` the page's own words; `players` the seats' names (seat fields become
 * a choice of names); `article` the article under the game's profile (command_articles.js); `required` fields the page
 * asks for though the contract leaves them optional. */
export function formHtml(type, schema, { preset = {}, t, words = () => null, label, key = type, players = null, article = '',
  required = [] }) {
  const rows = fields(schema, required).map((f) => {
    const id = `f-${key}-${f.name}`; // `key` tells apart two forms of one command (one per seat)
    const { label: name, help } = fieldWords(type, f, words);
    const small = help ? `<small id="${id}-help">${esc(help)}</small>` : '';
    const input = inputHtml(id, f, preset[f.name], { t, words, players, help, name });
    const tag = players && f.kind === 'list' && SEATS_FIELDS.has(f.name) ? 'div' : 'label';
    return `<${tag} ${tag === 'label' ? `for="${id}" ` : ''}class="field"><span class="name">${esc(name)}${f.required ? ' *' : ''}</span>${input}${small}</${tag}>`;
  }).join('');
  // novalidate: the page says what is missing in the reader's language, naming the field (not the browser's bubble)
  return `<form class="command" novalidate data-type="${esc(type)}" aria-label="${esc(label)}">`
    + `<h3><span class="title">${esc(label)}</span>${article ? ` <span class="article">${esc(article)}</span>` : ''}</h3>`
    + `<p class="why">${esc(why(type, schema, words))}</p>${rows}`
    + `<button type="submit" class="primary">${esc(t('form.send', { command: label }))}</button>`
    + `<p class="problem" role="alert"></p></form>`;
}

/** A form's values from its elements (anything with name, type, value, checked, dataset): a checkbox as true or
 * false, a group of seat boxes (`data-list`) as the checked seats, "0, 1"; everything else as its text. */
export function formValues(elements) {
  const values = {};
  for (const el of elements) {
    if (!el.name) continue;
    if (el.type === 'checkbox' && el.dataset && 'list' in el.dataset) {
      const got = values[el.name] ? values[el.name].split(', ') : [];
      if (el.checked) got.push(el.value);
      values[el.name] = got.join(', ');
    } else values[el.name] = el.type === 'checkbox' ? el.checked : el.value;
  }
  return values;
}

/** A form's values (name -> text, or true/false for a checkbox) as the command's body; or {error: {field}}. `required`:
 * fields the page asks for beyond the contract's. */
export function readValues(schema, values, { required = [] } = {}) {
  const body = {};
  for (const f of fields(schema, required)) {
    const raw = values[f.name];
    if (f.kind === 'boolean' && typeof raw === 'boolean') { body[f.name] = raw; continue; }
    const text = raw == null ? '' : String(raw).trim();
    if (text === '') {
      if (f.required) return { error: { field: f.name, code: 'required' } };
      continue;
    }
    if (f.kind === 'boolean') body[f.name] = text === 'true';
    else if (f.kind === 'integer' || f.kind === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n) || (f.kind === 'integer' && !Number.isInteger(n))) return { error: { field: f.name, code: 'number' } };
      body[f.name] = n;
    } else if (f.kind === 'list') {
      const items = text.split(/[\s,;]+/).filter(Boolean);
      if (f.of === 'integer' && items.some((x) => !/^-?\d+$/.test(x))) return { error: { field: f.name, code: 'number' } };
      body[f.name] = f.of === 'integer' ? items.map(Number) : items;
    } else if (f.kind === 'json') {
      try { body[f.name] = JSON.parse(text); } catch { return { error: { field: f.name, code: 'json' } }; }
    } else body[f.name] = text;
  }
  return { body };
}
