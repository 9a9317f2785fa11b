// A verdict on an export as the pages show it: the command's own line, word for word (what a tribunal
// compares with `planilla audit verify`), a line in the reader's language, and the file's events with
// the first bad one marked. Used by /verify (files dropped) and /audit (the export just downloaded).
import { t } from '../i18n.js';
import { commandLines } from './verify.js';
import { pyStr } from './pyjson.js';
import { escapeHtml } from '../access.js';

const short = (hash) => (typeof hash === 'string' && hash.length > 16 ? `${hash.slice(0, 12)}…` : pyStr(hash));

function summary(found) {
  if (found.ok) return t('verify.intact', { events: found.events });
  if (!found.readable) return t('verify.unreadable');
  if (found.line === 0) return t('verify.bad_header');
  if (found.version !== null) return t('verify.bad_event', { version: pyStr(found.version), type: pyStr(found.type), line: found.line + 1 });
  return t('verify.bad_line', { line: found.line + 1 });
}

/** What an intact file's signatures are, in the reader's language (planilla-audit/2; version 1 has none). */
function signaturesHtml(found) {
  if (!found.ok) return '';
  if (!found.signatures) return `<p class="signed-by" data-testid="signed-by">${escapeHtml(t('verify.v1_unsigned'))}</p>`;
  const s = found.signatures;
  const lines = [t('verify.key_signed', { count: s.keySigned })];
  if (s.unsignedByKey) lines.push(t('verify.unsigned_by_key', { count: s.unsignedByKey }));
  if (s.service) lines.push(t('verify.service_signed', { fingerprint: s.service }));
  if (s.sealed) lines.push(t('verify.in_seal'));
  return `<ul class="signed-by" data-testid="signed-by">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
}

/** The HTML of one file's verdict. `digestName`: 'webcrypto' or 'own'. */
export function findingHtml(name, found, digestName) {
  const state = found.ok ? 'ok' : found.readable ? 'tampered' : 'unreadable';
  const rows = found.records.map((rec, i) => {
    const line = i + 1;
    const bad = !found.ok && found.line === line;
    const cell = (key, html) => `<td data-label="${escapeHtml(key.startsWith('audit.') ? t(key) : key)}">${html}</td>`;
    return `<tr class="${bad ? 'bad' : ''}"${bad ? ' data-testid="first-bad"' : ''}>${cell('audit.line', line + 1)}${cell('#', escapeHtml(pyStr(rec.get('version'))))}
      ${cell('audit.event', `<code>${escapeHtml(pyStr(rec.get('type')))}</code>`)}${cell('audit.time', escapeHtml(pyStr(rec.get('at'))))}
      ${cell('audit.actor', escapeHtml(pyStr(rec.get('actor'))))}${cell('audit.device', escapeHtml(pyStr(rec.get('device'))))}
      ${cell('audit.hash', `<code title="${escapeHtml(pyStr(rec.get('hash')))}">${escapeHtml(short(rec.get('hash')))}</code>`)}</tr>`;
  }).join('');
  return `<article class="finding ${state}" data-testid="finding" data-state="${state}">
    <h3>${escapeHtml(name)}</h3>
    <p class="verdict" data-testid="verdict">${escapeHtml(summary(found))}</p>
    ${signaturesHtml(found)}
    <p class="label">${t('verify.command_says')}</p>
    <pre class="command" data-testid="command-line">${escapeHtml(commandLines(name, found))}</pre>
    <p class="how">${t(digestName === 'webcrypto' ? 'verify.digest_web' : 'verify.digest_own')}</p>
    ${rows ? `<details${found.ok ? '' : ' open'}><summary>${t('verify.events', { count: found.records.length })}</summary>
      <div class="scroll"><table class="trail stack"><thead><tr><th>${t('audit.line')}</th><th>#</th><th>${t('audit.event')}</th><th>${t('audit.time')}</th>
      <th>${t('audit.actor')}</th><th>${t('audit.device')}</th><th>${t('audit.hash')}</th></tr></thead><tbody>${rows}</tbody></table></div></details>` : ''}
  </article>`;
}
