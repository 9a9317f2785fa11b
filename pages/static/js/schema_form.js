// Forms for the officials' commands, built from the contract itself (GET /openapi.json): each command's
// schema gives its fields, which are required, their bounds, their choices and their descriptions (with
// the article each cites). A new command or field in the contract is a new form or field here with no
// change to the page; the service alone judges what is sent (a refusal names the field and the article).
// Pure: HTML strings in, values out (node's tests run it without a browser).

const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const SKIP = new Set(['type', 'expected_version']);

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
    default: spec.default };
  if (s.enum) return { ...base, kind: 'choice', choices: s.enum };
  if (s.type === 'boolean') return { ...base, kind: 'boolean' };
  if (s.type === 'integer' || s.type === 'number') return { ...base, kind: s.type, min: s.minimum, max: s.maximum };
  if (s.type === 'string') return { ...base, kind: 'string', max: s.maxLength };
  if (s.type === 'array' && s.items && ['integer', 'string'].includes(s.items.type)) {
    return { ...base, kind: 'list', of: s.items.type };
  }
  return { ...base, kind: 'json' };
}

/** The fields an official fills for a command (not its type nor its version: the page sets those). */
export function fields(schema) {
  const required = new Set(schema.required || []);
  return Object.entries(schema.properties || {}).filter(([name]) => !SKIP.has(name))
    .map(([name, spec]) => fieldOf(name, spec, required.has(name)));
}

/** The command's own description, first paragraph (it names the article the command applies). */
export function summary(schema) {
  return String(schema.description || '').split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();
}

function inputHtml(id, f, preset, t) {
  const value = preset ?? f.default;
  const attrs = `id="${id}" name="${esc(f.name)}"${f.required ? ' required' : ''}`;
  if (f.kind === 'boolean' && f.required) { // a required verdict is chosen, never defaulted by an unticked box
    return `<select ${attrs}><option value="">—</option><option value="true">${esc(t('form.yes'))}</option>`
      + `<option value="false">${esc(t('form.no'))}</option></select>`;
  }
  if (f.kind === 'boolean') return `<input ${attrs} type="checkbox"${value ? ' checked' : ''}>`;
  if (f.kind === 'choice') {
    return `<select ${attrs}>${f.required ? '<option value="">—</option>' : '<option value=""></option>'}${f.choices.map((c) =>
      `<option value="${esc(c)}"${c === value ? ' selected' : ''}>${esc(c)}</option>`).join('')}</select>`;
  }
  if (f.kind === 'integer' || f.kind === 'number') {
    return `<input ${attrs} type="number" inputmode="numeric"${f.min != null ? ` min="${f.min}"` : ''}${f.max != null ? ` max="${f.max}"` : ''}`
      + ` value="${esc(value ?? '')}">`;
  }
  if (f.kind === 'json') return `<textarea ${attrs} rows="3">${esc(value == null ? '' : JSON.stringify(value))}</textarea>`;
  const shown = Array.isArray(value) ? value.join(', ') : value;
  return `<input ${attrs} type="text"${f.max ? ` maxlength="${f.max}"` : ''} value="${esc(shown ?? '')}">`;
}

/** A form for one command: its description (with the article), each field labelled, one submit button.
 * `preset` fills fields the page knows (the seat the action is listed for). `t` translates the page's words. */
export function formHtml(type, schema, { preset = {}, t, label, key = type }) {
  const rows = fields(schema).map((f) => {
    const id = `f-${key}-${f.name}`; // `key` tells apart two forms of one command (one per seat)
    const help = f.description ? `<small>${esc(f.description)}</small>` : '';
    return `<label for="${id}" class="field"><span>${esc(f.title)}${f.required ? ' *' : ''}</span>${inputHtml(id, f, preset[f.name], t)}${help}</label>`;
  }).join('');
  // novalidate: the page says what is missing in the reader's language, naming the field (not the browser's bubble)
  return `<form class="command" novalidate data-type="${esc(type)}" aria-label="${esc(label)}"><h3>${esc(label)}</h3>`
    + `<p class="why">${esc(summary(schema))}</p>${rows}`
    + `<button type="submit" class="primary">${esc(t('form.send', { command: label }))}</button>`
    + `<p class="problem" role="alert"></p></form>`;
}

/** A form's values (name -> text, or true/false for a checkbox) as the command's body; or {error: {field}}. */
export function readValues(schema, values) {
  const body = {};
  for (const f of fields(schema)) {
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
