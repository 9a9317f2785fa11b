// A verdict on an export as the pages show it: the command's own lines, word for word (what a tribunal
// compares with `planilla audit verify`), the verdict on the game's hands and its named warnings, the receipt's
// answer, a line in the reader's language, and the file's events with the first bad one marked. Used by
// /verify (files dropped) and /audit (the export just downloaded).
//
// Built as DOM nodes: every value taken from the file is set as text (textContent), never parsed as HTML, so
// no export can write into the page (issue 26).
import { t } from '../i18n.js';
import { commandLines } from './verify.js';
import { pyStr } from './pyjson.js';

const short = (hash) => (typeof hash === 'string' && hash.length > 16 ? `${hash.slice(0, 12)}…` : pyStr(hash));

/** An element with attributes and children (strings become text nodes). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== ''));
  return node;
}

function summary(found) {
  if (found.ok) return t('verify.intact', { events: found.events });
  if (!found.readable) return t('verify.unreadable');
  if (found.line === 0) return t('verify.bad_header');
  if (found.version !== null) return t('verify.bad_event', { version: pyStr(found.version), type: pyStr(found.type), line: found.line + 1 });
  return t('verify.bad_line', { line: found.line + 1 });
}

/** What an intact file's signatures are, in the reader's language (planilla-audit/2; version 1 has none). */
function signaturesNode(found) {
  if (!found.ok) return null;
  if (!found.signatures) return el('p', { class: 'signed-by', 'data-testid': 'signed-by' }, t('verify.v1_unsigned'));
  const s = found.signatures;
  const lines = [t('verify.key_signed', { count: s.keySigned })];
  if (s.unsignedByKey) lines.push(t('verify.unsigned_by_key', { count: s.unsignedByKey }));
  if (s.officialKeys) lines.push(t('verify.official_keys', { count: s.officialKeys, organiser: s.organiserKeys }));
  if (s.officialSigned) lines.push(t('verify.official_signed', { count: s.officialSigned }));
  if (s.service) lines.push(t('verify.service_signed', { fingerprint: s.service }));
  if (s.sealed) lines.push(t('verify.in_seal'));
  return el('ul', { class: 'signed-by', 'data-testid': 'signed-by' }, ...lines.map((l) => el('li', {}, l)));
}

/** A named warning in the reader's language (hands.js `details`; every value from the file set as text). */
export function warningWords(w) {
  const d = w.details || {};
  const s = (v) => pyStr(v);
  const when = d.when ? t(`verify.when.${d.when.at}`, { turns: s(d.when.turns), event: s(d.when.event) }) : '';
  if (w.kind === 'key_replacement') {
    return t('verify.w.key_replacement', { event: s(d.event), seat: s(d.seat), old: s(d.old), new: s(d.new),
      device: s(d.device), issued_by: s(d.issued_by), when,
      counter: d.counter === null ? t('verify.w.no_countersignature')
        : t('verify.w.countersigned', { by: s(d.counter).replace(/([0-9a-f]{16})[0-9a-f]{48}$/, '$1…') }), // a key's fingerprint, short
      reason: d.reason === null ? '' : t('verify.w.reason', { reason: s(d.reason) }) });
  }
  if (w.kind === 'official_entry') {
    return t('verify.w.official_entry', { event: s(d.event), seat: s(d.seat), act: t(`verify.act.${d.type}`),
      official: s(d.official), device: s(d.device), when,
      key: d.key === null ? t('verify.w.no_official_key') : t('verify.w.official_key', { key: s(d.key) }) });
  }
  if (w.kind === 'late_key') {
    return t('verify.w.late_key', { event: s(d.event), seat: s(d.seat), new: s(d.new), device: s(d.device),
      issued_by: s(d.issued_by), when });
  }
  if (w.kind === 'seat_on_paper') return t('verify.w.seat_on_paper', { seat: s(d.seat) });
  return w.text;
}

/** A receipt's answer in the reader's language (receipt.js `checkReceipt`: held, or reopened after it). */
export function receiptWords(check) {
  const s = (v) => pyStr(v);
  if (check.state === 'held') return t('verify.r.held', { version: s(check.version), code: check.code });
  if (check.state === 'reopened') {
    const { event, by, consents } = check.reopened;
    const agreed = consents.length ? t('verify.r.consents', { list: consents.map((c) => `${s(c.event)} ${s(c.by)}`).join(', ') }) : '';
    return t('verify.r.reopened', { event: s(event), by: s(by), consents: agreed, version: s(check.version), code: check.code });
  }
  return check.text;
}

/** What could not be checked, in the reader's language (verify.js' `unanswered`, the command's words, by what was
 * asked); a receipt's own reason stays as the command says it. */
export function unansweredWords(line) {
  if (line.startsWith('--service-key: a planilla-audit/1')) return t('verify.u.service_key_v1');
  if (line.startsWith('--seal: a planilla-audit/1')) return t('verify.u.seal_v1');
  if (line.startsWith('--service-key: the game never closed')) return t('verify.u.never_closed');
  if (line.startsWith('--receipt: ')) return `${t('verify.u.receipt')} ${line.slice('--receipt: '.length)}`;
  return line;
}

/** The verdict on the game's hands, its named warnings, the receipt and what could not be checked. */
function handsNode(found) {
  if (!found.ok || !found.hands) return null;
  const { hands } = found;
  const count = (kind) => hands.warnings.filter((w) => w.kind === kind).length;
  const headline = el('p', { class: `hands ${hands.kind}`, 'data-testid': 'hands', 'data-kind': hands.kind },
    t(`verify.hands_${hands.kind}`, { replacements: count('key_replacement'), officials: count('official_entry'), late: count('late_key') }));
  const warnings = hands.warnings.length ? el('ul', { class: 'warnings', 'data-testid': 'warnings' },
    ...hands.warnings.map((w) => el('li', { 'data-kind': w.kind }, el('strong', {}, t(`verify.warning_${w.kind}`)), ' ', warningWords(w)))) : null;
  const receipt = found.receiptCheck && found.receiptCheck.state !== 'unanswerable'
    ? el('p', { class: `receipt ${found.receiptCheck.state}`, 'data-testid': 'receipt', 'data-state': found.receiptCheck.state },
      t(`verify.receipt_${found.receiptCheck.state}`), ' ', receiptWords(found.receiptCheck)) : null;
  const unanswered = found.unanswered.length ? el('ul', { class: 'unanswered', 'data-testid': 'unanswered' },
    ...found.unanswered.map((u) => el('li', {}, el('strong', {}, t('verify.unanswered')), ' ', unansweredWords(u)))) : null;
  return el('div', { class: 'verdict-hands' }, headline, warnings, receipt, unanswered);
}

function trail(found) {
  const cell = (key, ...content) => el('td', { 'data-label': key.startsWith('audit.') ? t(key) : key }, ...content);
  const rows = found.records.map((rec, i) => {
    const line = i + 1;
    const bad = !found.ok && found.line === line;
    return el('tr', { class: bad ? 'bad' : '', 'data-testid': bad ? 'first-bad' : null },
      cell('audit.line', String(line + 1)), cell('#', pyStr(rec.get('version'))),
      cell('audit.event', el('code', {}, pyStr(rec.get('type')))), cell('audit.time', pyStr(rec.get('at'))),
      cell('audit.actor', pyStr(rec.get('actor'))), cell('audit.device', pyStr(rec.get('device'))),
      cell('audit.hash', el('code', { title: pyStr(rec.get('hash')) }, short(rec.get('hash')))));
  });
  const head = el('tr', {}, ...['audit.line', '#', 'audit.event', 'audit.time', 'audit.actor', 'audit.device', 'audit.hash']
    .map((k) => el('th', {}, k.startsWith('audit.') ? t(k) : k)));
  return el('details', { open: !found.ok }, el('summary', {}, t('verify.events', { count: found.records.length })),
    el('div', { class: 'scroll' }, el('table', { class: 'trail stack' }, el('thead', {}, head), el('tbody', {}, ...rows))));
}

/** One file's verdict as a DOM node. `digestName`: 'webcrypto' or 'own'. */
export function findingNode(name, found, digestName) {
  const state = found.ok ? (found.unanswered && found.unanswered.length ? 'unanswered' : 'ok')
    : found.readable ? 'tampered' : 'unreadable';
  return el('article', { class: `finding ${state}`, 'data-testid': 'finding', 'data-state': state },
    el('h3', {}, name),
    el('p', { class: 'verdict', 'data-testid': 'verdict' }, summary(found)),
    handsNode(found),
    signaturesNode(found),
    el('p', { class: 'label' }, t('verify.command_says')),
    el('pre', { class: 'command', 'data-testid': 'command-line' }, commandLines(name, found)),
    el('p', { class: 'how' }, t(digestName === 'webcrypto' ? 'verify.digest_web' : 'verify.digest_own')),
    (found.records || []).length ? trail(found) : null);
}

/** A file that could not be checked at all (the browser failed), as a DOM node. */
export function errorNode(name, message) {
  return el('article', { class: 'finding unreadable', 'data-testid': 'finding', 'data-state': 'error' },
    el('h3', {}, name), el('p', { class: 'error' }, message));
}

/** A proof bundle's report (audit/bundle.js: the command's lines and exit code) as a DOM node. */
export function bundleNode(name, { code, lines }) {
  const state = code === 0 ? 'ok' : code === 1 ? 'tampered' : 'unreadable';
  return el('article', { class: `finding ${state}`, 'data-testid': 'bundle', 'data-state': state },
    el('h3', {}, name),
    el('p', { class: 'verdict', 'data-testid': 'verdict' }, t(code === 0 ? 'verify.bundle_ok' : 'verify.bundle_refused')),
    el('p', { class: 'label' }, t('verify.command_says')),
    el('pre', { class: 'command', 'data-testid': 'command-line' }, lines.join('\n')));
}
