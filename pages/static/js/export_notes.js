// The round control's export (pages/static/js/rounds.js): the files the ecosystem reads, downloaded with the
// director's token, and what a file shortens or approximates, read from the answer's `Planilla-Warnings` header
// (one warning per item, separated by ', ', each `code: message` percent-encoded as UTF-8; docs/tournaments.md).

import { esc } from './standings_view.js';

export const FORMATS = ['tsh', 'tsh-json', 'tou', 'trf', 'csv-players', 'csv-results', 'ratings'];

/** The warnings a `Planilla-Warnings` header carries, each {code, message}; none for an absent or empty header. */
export function warningsOf(header) {
  if (!header) return [];
  return header.split(', ').filter(Boolean).map((item) => {
    let text = item;
    try { text = decodeURIComponent(item); } catch { /* not encoded as documented: shown as it came */ }
    const at = text.indexOf(': ');
    return at < 0 ? { code: '', message: text } : { code: text.slice(0, at), message: text.slice(at + 2) };
  });
}

/** The file name the service gave (Content-Disposition), else one made from the format. */
export function fileName(disposition, format) {
  const found = /filename="([^"]+)"/.exec(disposition || '');
  return found ? found[1] : `export-${format}.txt`;
}

/** The export form and, after a download, its warnings (or that the file is exact). */
export function exportHtml(state, divisions, t, off = '') {
  const last = state && state.format ? `<div class="export-result" role="status">${state.warnings.length
    ? `<p>${esc(t('rounds.export_warned', { format: state.format, count: state.warnings.length }))}</p><ul class="export-warnings">${
      state.warnings.map((w) => `<li><code>${esc(w.code)}</code> ${esc(w.message)}</li>`).join('')}</ul>`
    : `<p>${esc(t('rounds.export_exact', { format: state.format }))}</p>`}</div>` : '';
  return `<section class="export" aria-labelledby="export-title"><h2 id="export-title">${t('rounds.export')}</h2>
    <form id="export" class="act"><label><span>${t('rounds.export_format')}</span><select name="format">${FORMATS.map((f) =>
      `<option value="${f}"${state && state.format === f ? ' selected' : ''}>${f}</option>`).join('')}</select></label>
    ${divisions.length > 1 ? `<label><span>${t('standings.division')}</span><select name="division"><option value="">${
      esc(t('rounds.export_all'))}</option>${divisions.map((d) => `<option value="${esc(d)}">${esc(d)}</option>`).join('')}</select></label>` : ''}
    <button type="submit"${off}>${t('rounds.export_do')}</button></form>${last}</section>`;
}

/** Download one export with the director's token (`request`: net.js's), as a file the browser saves; what it
 * shortens or approximates is returned ({format, warnings}); a refusal throws its message and field. */
export async function downloadExport(request, { tid, token, format, division }) {
  const query = `format=${encodeURIComponent(format)}${division ? `&division=${encodeURIComponent(division)}` : ''}`;
  const answer = await request(`/v1/tournaments/${tid}/export?${query}`, { token, headers: { Accept: '*/*' } });
  if (answer.status >= 400) {
    const b = answer.body && typeof answer.body === 'object' ? answer.body : {};
    throw new Error(`${answer.status}: ${b.message || ''}${b.field ? ` (${b.field})` : ''}`);
  }
  const text = typeof answer.body === 'string' ? answer.body : `${JSON.stringify(answer.body, null, 1)}\n`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: answer.headers['content-type'] || 'text/plain' }));
  link.download = fileName(answer.headers['content-disposition'], format);
  document.body.append(link);
  link.click();
  link.remove();
  return { format, warnings: warningsOf(answer.headers['planilla-warnings']) };
}
